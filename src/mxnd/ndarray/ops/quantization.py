"""Quantization conversions: contrib quantize, quantize_v2, quantize_asym, dequantize, requantize
and calibrate_entropy.

MXNet 1.x rules kept here (src/operator/quantization/*.cc, *-inl.h and the oneDNN versions under
mkldnn/, which the CPU build runs for all but calibrate_entropy; all arithmetic in float32):

- a oneDNN reorder writes ``saturate(round_half_even(x * scale [+ shift]))``: float32 product,
  ties to even, clipped to the type's limits (-128..127, 0..255); a NaN product gives 127 for
  int8 and 0 for uint8 (so ``0 * inf``, from a zero range, gives 127 / 0);
- ``MaxAbs(a, b)`` is ``std::max(|a|, |b|)`` (a NaN ``a`` wins, a NaN ``b`` is dropped);
- ``quantize``: ``real = MaxAbs(min_range, max_range)``; int8 scales by ``127 / real`` and returns
  the range ``(-real, real)``; uint8 (the default) scales by ``255 / real`` with no offset (the
  negative values clip to 0) and returns ``(min_range, max_range)`` unchanged;
- ``quantize_v2``: the range is ``(min_calib_range, max_calib_range)`` when both are given, else
  the data's min and max (NaN skipped, starting from ``FLT_MAX`` / ``-FLT_MAX``, so an
  infinity counts in the max only, a negative one in the min only); the scale is ``127.5 / real``
  (int8, range ``(-real, real)``) or ``255.5 / real`` (uint8, range ``(min, max)``); ``out_type
  'auto'`` is uint8 when both calib values are given and ``min_calib_range >= 0``, else int8;
  int8 or uint8 data passes through as raw bytes of the output type, with the calib range or
  ``(-127.5, 127.5)`` (int8 data) / ``(0, 255.5)`` (uint8 data);
- ``quantize_asym`` (uint8 only): ``scale = 255 / (max - min)``, ``shift = 255 - max * scale``
  (calib values when both are given, else the data's range as above); it writes
  ``round(x * scale + shift)`` and returns ``(scale, shift)``;
- ``dequantize``: ``x * (MaxAbs(min_range, max_range) / 127.5)`` for int8 data, ``/ 255.5`` for
  uint8 data (no offset);
- ``requantize`` (int32 data): ``scale = (MaxAbs(min_range, max_range) / 2**31) * (127 / real)``
  (int8, range ``(-real, real)``) or ``* (255 / real)`` (uint8, range ``(0, real)``), where
  ``real = MaxAbs(min_calib_range, max_calib_range)``, or without calib values
  ``int(MaxAbs(float(data.min()), float(data.max()))) * MaxAbs(min_range, max_range) / 2**31``
  (an int conversion that overflows at 2**31 gives INT_MIN, so data holding -2**31 or
  2**31-1 gives a negative range and flipped signs, as in MXNet);
- ``calibrate_entropy`` (calibrate.cc): for each threshold ``i`` from ``num_quantized_bins // 2`` to
  ``num_bins // 2`` the KL divergence of the clipped histogram ``p`` against its
  ``num_quantized_bins``-bin merge ``q`` (counts truncated to integers, merged in int sums),
  both smoothed with ``eps = 0.0001``; sums run left to right in float32, the log as ``logf``;
  the first smallest divergence below ``FLT_MAX`` wins (none: ``FLT_MAX`` and the first
  threshold); the threshold is ``hist_edges[num_bins // 2 + i + 1]``;
- data of 0-d or zero size is an unknown shape (MXNet 1.x), more than 6 dimensions are
  refused by oneDNN ("MKLDNN doesn't support 7 dimensions"; not for quantize_asym); range inputs are float32 of
  shape (1,) (a 0-d array is accepted, as MXNet does);
- quantize, quantize_v2, quantize_asym, dequantize and requantize give zero gradients to all
  their inputs (MXNet's ``MakeZeroGradNodes``); calibrate_entropy registers no gradient: a
  backward through it raises MXNetError.

How it is computed: the scalar arithmetic (ranges, scales) runs on ``np.float32`` values when
they are Python numbers or host tensors (IEEE float32, the same bits as 0-d torch tensors, which
a device's values keep). The reorder makes one pass over the data on the host: blocks of the
product go through a cache-sized float32 temporary (clamp, round, narrowing copy, and a NaN
fix-up only for a block whose sum is NaN), a small array goes through numpy (``fmin``/``fmax``
give NaN its value); elsewhere it is whole-array torch passes (product, ``nan_to_num_``, clamp,
round, cast). dequantize is one widening float32 product (numpy on the host). The data's range
is one ``aminmax`` pass (the masked passes only when it holds a NaN). calibrate_entropy on the
host runs numpy over blocks of thresholds laid out position-major, only the valid triangle,
with in-order column sums and a numpy copy of the glibc ``logf`` emulation; elsewhere torch
over threshold x bin matrices.

Deliberate differences: MXNet segfaults on quantize_asym of data that is not 3-D (its oneDNN
state exists only for 3-D data); mxnd computes it as for 3-D data. calibrate_entropy raises
MXNetError where MXNet crashes or reads past its buffers: ``num_quantized_bins <= 0``, fewer than
``num_quantized_bins // 2`` bins on each side of the zero bin, hist values that are negative, NaN
or infinite, a smoothed ``p`` or ``q`` that is not positive (MXNet aborts the process), and an
even number of bins whose last threshold (read past ``hist_edges``) has the smallest divergence.
Integer outputs carry no gradient in torch: a backward from the int8/uint8 output raises
MXNetError (MXNet writes zero gradients); the float outputs give the zero gradients. On a GPU
mxnd computes what the CPU build does (MXNet's GPU kernels refuse uint8 and round differently).
"""
from __future__ import annotations

import math
import re

import numpy as np
import torch

from ... import dtypes
from ...errors import MXNetError
from ...fast_paths import on_host
from ...params import ParamError, enum, parse_int
from ...registry import OpSpec, Param, declare
from .unary import without_gradient, zero_gradient

__all__ = ["INT8_RANGE", "UINT8_RANGE", "quantized_range", "max_abs", "min_abs", "float_to_quantized",
           "quantized_to_float", "reorder_to_quantized", "quantize_scale", "quantize_output_dtype",
           "float_for_one_quantized_level", "quantization_range_for_multiplication"]

# quantization_utils.h: kInt8Range, kUint8Range (the oneDNN kernels' quantized ranges)
INT8_RANGE = 127.5
UINT8_RANGE = 255.5
_FLT_MAX = float(np.finfo(np.float32).max)
_INT_MIN = -2 ** 31
_LIMITS = {torch.int8: (-128, 127), torch.uint8: (0, 255), torch.int32: (-2 ** 31, 2 ** 31 - 1)}
_NAMES = {"int8": torch.int8, "uint8": torch.uint8, "int32": torch.int32}
_MOST_DIMS = 6  # oneDNN memory descriptors MXNet builds


def _torch_dtype(dtype):
    if isinstance(dtype, torch.dtype):
        return dtype
    name = np.dtype(dtype).name if not isinstance(dtype, str) else dtype
    if name not in _NAMES:
        raise MXNetError(f"quantized types are int8, uint8 and int32, not {name}")
    return _NAMES[name]


def quantized_range(dtype) -> tuple:
    """``(lowest, highest)`` of a quantized type (int8, uint8 or int32; a name, numpy or torch dtype).

    >>> quantized_range('int8'), quantized_range('uint8')
    ((-128, 127), (0, 255))
    """
    return _LIMITS[_torch_dtype(dtype)]


def _f32(value, like):
    """A float32 0-d tensor on ``like``'s device: a Python number rounded to float, or the first
    element of a tensor (an MXNet range input, read as ``*dptr<float>()``)."""
    if isinstance(value, torch.Tensor):
        return value.reshape(-1)[0].to(torch.float32)
    return torch.tensor(value, dtype=torch.float32, device=like.device)


def _host_scalar(value):
    """A float32 value as an exact Python float: a number rounded to float32, or a tensor's first
    element (read on the host)."""
    if isinstance(value, torch.Tensor):
        value = value.reshape(-1)[0].item()
    return float(np.float32(value))


def _scalar(value, like):
    """A range value for the scalar arithmetic: ``np.float32`` for a Python number or, on the
    host, a tensor (no device round trip either way); else a 0-d float32 tensor on ``like``'s
    device. Both compute IEEE float32 results, so either gives the same bits."""
    if not isinstance(value, torch.Tensor):
        return np.float32(value)
    if on_host(like):
        return np.float32(value.reshape(-1)[0].item())
    return _f32(value, like)


def _const(value, like):
    """A float32 constant of ``like``'s kind (np.float32 or a 0-d tensor)."""
    return _f32(value, like) if isinstance(like, torch.Tensor) else np.float32(value)


def _range_out(value, like):
    """A fresh float32 array of shape (1,) on ``like``'s device holding a scalar's value."""
    if isinstance(value, torch.Tensor):
        return value.reshape(1).to(torch.float32, copy=True)
    if like.device.type == "cpu":
        return torch.from_numpy(np.array([value], dtype=np.float32))
    return torch.tensor([float(value)], dtype=torch.float32, device=like.device)


def max_abs(a, b):
    """MXNet's ``MaxAbs``: ``std::max(|a|, |b|)`` in float32 (a NaN ``a`` is kept, a NaN ``b``
    dropped): elementwise of tensors (a number with a tensor joins it as a 0-d tensor), or of
    numbers as a numpy float32.

    >>> float(max_abs(np.float32(-3), 2.0)), max_abs(torch.tensor([1.0]), -4.0).tolist()
    (3.0, [4.0])
    """
    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        like = a if isinstance(a, torch.Tensor) else b
        a, b = (v.to(torch.float32) if isinstance(v, torch.Tensor) else _f32(v, like) for v in (a, b))
        a, b = a.abs(), b.abs()
        return torch.where(a < b, b, a)
    a, b = abs(np.float32(a)), abs(np.float32(b))
    return b if a < b else a


def min_abs(a, b):
    """MXNet's ``MinAbs``: ``std::min(|a|, |b|)`` of float32 tensors."""
    a, b = a.to(torch.float32).abs(), b.to(torch.float32).abs()
    return torch.where(b < a, b, a)


def _c_cast(values, dtype):
    """C's ``static_cast<T>(float)`` on x86: truncation through int32 (NaN and values outside
    int32 give INT_MIN), then the low bits of the type."""
    fits = (values >= -2147483648.0) & (values < 2147483648.0)
    whole = torch.where(fits, values, torch.zeros_like(values)).trunc().to(torch.int64)
    whole = torch.where(fits, whole, torch.full_like(whole, _INT_MIN))
    lo, hi = _LIMITS[dtype]
    span = hi - lo + 1
    return ((whole - lo) % span + lo).to(dtype)


def float_to_quantized(data, min_range, max_range, dtype):
    """MXNet's generic ``FloatToQuantized<T>`` (quantization_utils.h), elementwise in float32:
    ``sign(x) * min(|x| * scale + 0.5, qrange)`` cast to ``dtype`` by truncation, with
    ``qrange = MinAbs(max(T), min(T))`` (127 for int8, 0 for uint8, 2**31 for int32) and
    ``scale = qrange / MaxAbs(min_range, max_range)``. ``min_range``/``max_range``: floats or
    tensors (first element). The oneDNN kernels round instead: see ``reorder_to_quantized``."""
    dtype = _torch_dtype(dtype)
    data = data.to(torch.float32)
    lo, hi = _LIMITS[dtype]
    qrange = min_abs(_f32(float(hi), data), _f32(float(lo), data))
    scale = qrange / max_abs(_f32(min_range, data), _f32(max_range, data))
    scaled = data.abs() * scale + _f32(0.5, data)
    clipped = torch.where(qrange < scaled, qrange, scaled)
    return _c_cast(torch.sign(data) * clipped, dtype)


def quantized_to_float(data, min_range, max_range):
    """MXNet's ``QuantizedToFloat<T>``: ``x * (MaxAbs(min_range, max_range) / MinAbs(min(T), max(T)))``
    in float32 (T is ``data``'s type: int8 divides by 127, int32 by 2**31, uint8 by 0)."""
    lo, hi = _LIMITS[data.dtype]
    qrange = min_abs(_f32(float(lo), data), _f32(float(hi), data))
    scale = max_abs(_f32(min_range, data), _f32(max_range, data)) / qrange
    return data.to(torch.float32) * scale


def reorder_to_quantized(data, scale, dtype, shift=None):
    """The oneDNN reorder of MXNet's CPU build: ``saturate(round_half_even(x * scale [+ shift]))``
    in float32, as int8 or uint8 (a NaN gives 127 for int8, 0 for uint8). ``scale``/``shift``:
    floats or float32 tensors (one element); ``data`` is converted to float32 first."""
    dtype = _torch_dtype(dtype)
    if on_host(data):
        shift = None if shift is None else _host_scalar(shift)
        return _reorder_host(data, _host_scalar(scale), dtype, shift)
    return _reorder_generic(data, _f32(scale, data), dtype, None if shift is None else _f32(shift, data))


def _nan_value(dtype):
    lo, hi = _LIMITS[dtype]
    return float(hi if dtype is torch.int8 else lo)


def _reorder_generic(data, scale, dtype, shift=None):
    """The reorder in whole-array torch passes (what CUDA runs): product, NaN set, clamp, round,
    narrowing copy; ``scale``/``shift``: 0-d float32 tensors."""
    values = torch.mul(data, scale) if data.dtype is torch.float32 else data.to(torch.float32).mul_(scale)
    if shift is not None:
        values.add_(shift)
    lo, hi = _LIMITS[dtype]
    return values.nan_to_num_(nan=_nan_value(dtype)).clamp_(lo, hi).round_().to(dtype)


_BLOCK = 1 << 18  # elements per block of the host reorder: its float32 temporary stays in cache


_SMALL = 1 << 13  # up to this many elements the host reorder runs in numpy (less call overhead)


def _reorder_small(data, scale, dtype, shift=None):
    """The reorder of a small array in numpy: float32 product (and shift), ``fmin``/``fmax``
    that give NaN the type's NaN value, the other bound, round half to even, narrowing."""
    with np.errstate(all="ignore"):  # 0 * inf: NaN, as in torch
        values = np.multiply(data.detach().contiguous().numpy(), np.float32(scale), dtype=np.float32)
        if shift is not None:
            values += np.float32(shift)
    lo, hi = _LIMITS[dtype]
    if dtype is torch.int8:  # NaN -> 127
        np.maximum(np.fmin(values, hi, out=values), lo, out=values)
    else:  # NaN -> 0
        np.minimum(np.fmax(values, lo, out=values), hi, out=values)
    return torch.from_numpy(np.rint(values, out=values).astype(np.int8 if dtype is torch.int8 else np.uint8))


def _reorder_host(data, scale, dtype, shift=None, finite=False):
    """The reorder on the CPU, block by block through a cache-sized float32 temporary (no page
    faults, no full-size float pass): product (and shift), clamp, round, narrowing copy. A block
    whose clamped sum is NaN holds a NaN: only then the NaN value is set (``finite``: none can be).
    ``scale``/``shift``: float32 values as Python floats (exact)."""
    if data.numel() <= _SMALL:
        return _reorder_small(data, scale, dtype, shift)
    src = data.detach().contiguous().reshape(-1)
    size = src.numel()
    out = torch.empty(size, dtype=dtype)
    temp = torch.empty(min(size, _BLOCK), dtype=torch.float32)
    lo, hi = _LIMITS[dtype]
    convert = src.dtype is not torch.float32
    for start in range(0, size, _BLOCK):
        stop = min(start + _BLOCK, size)
        block = temp if stop - start == temp.numel() else temp[:stop - start]
        if convert:  # int32 -> float32 (round to nearest), then the float32 product
            block.copy_(src[start:stop]).mul_(scale)
        else:
            torch.mul(src[start:stop], scale, out=block)
        if shift is not None:
            block.add_(shift)
        block.clamp_(lo, hi)
        if not finite and math.isnan(block.sum().item()):  # a NaN survives clamp_ and the sum
            block.nan_to_num_(nan=_nan_value(dtype))
        out[start:stop].copy_(block.round_())
    return out.reshape(data.shape)


def quantize_scale(dtype, data_min, data_max):
    """MXNet's ``GetQuantizeScale``: ``127.5`` (int8) or ``255.5`` (uint8) over
    ``MaxAbs(data_min, data_max)``, or ``2**31`` (float(INT_MAX)) for a zero range; float32 tensor."""
    dtype = _torch_dtype(dtype)
    like = data_min if isinstance(data_min, torch.Tensor) else torch.zeros(())
    real = max_abs(_f32(data_min, like), _f32(data_max, like))
    qrange = _f32(INT8_RANGE if dtype is torch.int8 else UINT8_RANGE, real)
    return torch.where(real != 0, qrange / real, _f32(2147483648.0, real))


def quantize_output_dtype(out_type, min_calib_range=None, max_calib_range=None):
    """MXNet's ``GetQuantizeOutputType``: torch.int8 or torch.uint8; ``'auto'`` is uint8 when both
    calib values are given and ``min_calib_range >= 0`` (as a float), else int8."""
    if out_type == "auto":
        if min_calib_range is not None and max_calib_range is not None and np.float32(min_calib_range) >= 0:
            return torch.uint8
        return torch.int8
    return _torch_dtype(out_type)


def float_for_one_quantized_level(range_min, range_max, dtype, all_sign=True):
    """MXNet's ``FloatForOneQuantizedLevel<T>``: ``MaxAbs(range_min, range_max)`` over
    ``MinAbs(min(T), max(T))`` (``all_sign``) or ``max(T)``; a float32 tensor."""
    dtype = _torch_dtype(dtype)
    like = range_min if isinstance(range_min, torch.Tensor) else torch.zeros(())
    lo, hi = _LIMITS[dtype]
    span = min_abs(_f32(float(lo), like), _f32(float(hi), like)) if all_sign else _f32(float(hi), like)
    return max_abs(_f32(range_min, like), _f32(range_max, like)) / span


def quantization_range_for_multiplication(min_a, max_a, min_b, max_b, dtype_a="int8", dtype_b="int8",
                                          dtype_c="int32", all_sign=True):
    """MXNet's ``QuantizationRangeForMultiplication<TA, TB, TC>``: ``(min_c, max_c)`` float32 tensors
    with ``max_c = level_a * level_b * MinAbs(min(TC), max(TC))`` and ``min_c = -max_c``, where
    ``level_x = float_for_one_quantized_level(min_x, max_x, TX, all_sign)`` (S8S8: all_sign True;
    S8U8: False)."""
    level = float_for_one_quantized_level(min_a, max_a, dtype_a, all_sign) * \
        float_for_one_quantized_level(min_b, max_b, dtype_b, all_sign)
    lo, hi = _LIMITS[_torch_dtype(dtype_c)]
    max_c = level * min_abs(_f32(float(lo), level), _f32(float(hi), level))
    return -max_c, max_c


# ---- checks --------------------------------------------------------------------------------


def _name(tensor):
    return dtypes.name_of(tensor.dtype)


def _check_float32(tensor):
    if tensor.dtype is not torch.float32:
        raise TypeError(f"Type inconsistent, Provided = {_name(tensor)}, inferred type = float32")


def _check_data(data, onednn=True):
    """The data's shape: known (no zero size, not 0-d) and within oneDNN's dimensions."""
    if data.dim() == 0 or data.numel() == 0:
        raise ValueError(f"inferring shapes failed: data shape {tuple(data.shape)} is unknown "
                         f"(a 0-d array or a zero dimension)")
    if onednn and data.dim() > _MOST_DIMS:
        raise ValueError(f"MKLDNN doesn't support {data.dim()} dimensions")


def _check_ranges(*ranges):
    for tensor in ranges:
        _check_float32(tensor)
        if tuple(tensor.shape) not in ((1,), ()):
            raise ValueError(f"Shape inconsistent, Provided = {list(tensor.shape)}, inferred shape=[1]")


def _data_range(data, signed_zeros=False):
    """oneDNN's runtime min and max: NaN skipped, from FLT_MAX / -FLT_MAX, and whether the data
    holds no NaN. One aminmax pass (it gives NaN only when the data holds one: then the masked
    passes); np.float32 values on the host, else float32 0-d tensors. ``signed_zeros``: a zero
    min or max takes the sign of the first zero, as MXNet's loop keeps the first of equal values."""
    low, high = torch.aminmax(data)
    if on_host(data):
        low, high = low.item(), high.item()
        finite = low == low  # not NaN
        if finite:
            low, high = np.float32(min(low, _FLT_MAX)), np.float32(max(high, -_FLT_MAX))
        else:
            low, high = (np.float32(v.item()) for v in _masked_range(data))
        if signed_zeros and (low == 0 or high == 0):
            zero = _first_zero(data.detach().contiguous().numpy().reshape(-1))
            low, high = (zero if v == 0 else v for v in (low, high))
        return low, high, finite
    finite = not bool(torch.isnan(low))
    if finite:
        low, high = low.clamp(max=_FLT_MAX), high.clamp(min=-_FLT_MAX)
    else:
        low, high = _masked_range(data)
    if signed_zeros:
        flat = data.reshape(-1)
        zero = flat[torch.argmax((flat == 0).to(torch.uint8))]  # the first zero (if any)
        low, high = (torch.where(v == 0, zero, v) for v in (low, high))
    return low, high, finite


def _first_zero(flat):
    """The first zero (with its sign) of a 1-D numpy array holding one, in growing blocks."""
    start, size = 0, 4096
    while True:
        hits = np.flatnonzero(flat[start:start + size] == 0)
        if hits.size:
            return np.float32(flat[start + hits[0]])
        start, size = start + size, size * 8


def _masked_range(data):
    """The NaN-skipping min and max of data holding a NaN (float32 0-d tensors)."""
    nan = torch.isnan(data)
    low = torch.where(nan, torch.full_like(data, _FLT_MAX), data).amin().clamp(max=_FLT_MAX)
    high = torch.where(nan, torch.full_like(data, -_FLT_MAX), data).amax().clamp(min=-_FLT_MAX)
    return low, high


def _reorder(data, scale, dtype, shift=None, finite=False):
    """The reorder with a scale (and shift) from the scalar arithmetic: np.float32 values run
    the host blocks, 0-d tensors the generic passes (``finite``: no NaN product can occur)."""
    if on_host(data):
        shift = None if shift is None else float(shift)
        if isinstance(scale, torch.Tensor):
            scale = _host_scalar(scale)
        return _reorder_host(data, float(scale), dtype, shift, finite)
    return _reorder_generic(data, _f32(scale, data), dtype, None if shift is None else _f32(shift, data))


def _unscaled_copy_nan(data, scale, dtype, out):
    """``out`` with 0 for a NaN where oneDNN's int8 reorder of quantize/quantize_v2 is a plain copy
    (measured on MXNet 1.9.1): scale 1 between identical 3-D layouts, or 4-D ones (nchw to nhwc:
    dims (N, 1, 1, 1)); elsewhere a NaN gives 127."""
    if dtype is not torch.int8 or not (data.dim() == 3 or (data.dim() == 4 and data[0].numel() == 1)):
        return out
    if isinstance(scale, torch.Tensor):
        return out.masked_fill_(torch.isnan(data) & (scale == 1), 0)
    return out.masked_fill_(torch.isnan(data), 0) if scale == 1 else out


def _finite_scale(scale):
    """True when ``scale`` is a finite nonzero np.float32 (a product with finite data is finite)."""
    return not isinstance(scale, torch.Tensor) and bool(np.isfinite(scale)) and scale != 0


# ---- gradients -------------------------------------------------------------------------------


def _run(compute, tensors):
    """``compute(*tensors)`` with zero gradients for every input (MakeZeroGradNodes)."""
    return zero_gradient(compute)(*tensors)


# ---- operators -----------------------------------------------------------------------------


def _quantize(data, min_range, max_range, out_type="uint8"):
    _check_float32(data)
    _check_data(data)
    _check_ranges(min_range, max_range)
    dtype = _NAMES[out_type]

    def compute(data, min_range, max_range):
        low, high = _scalar(min_range, data), _scalar(max_range, data)
        with np.errstate(all="ignore"):
            real = max_abs(low, high)
            if dtype is torch.int8:
                scale, low, high = _const(127.0, real) / real, -real, real
            else:
                scale = _const(255.0, real) / real
        out = _unscaled_copy_nan(data, scale, dtype, _reorder(data, scale, dtype))
        return out, _range_out(low, data), _range_out(high, data)

    return _run(compute, (data, min_range, max_range))


def _quantize_v2(data, out_type="int8", min_calib_range=None, max_calib_range=None):
    if data.dtype not in (torch.float32, torch.uint8, torch.int8):
        raise TypeError(f"Check failed: in_attrs->at(0) == mshadow::kFloat32 || in_attrs->at(0) == "
                        f"mshadow::kUint8 || in_attrs->at(0) == mshadow::kInt8: data must be float32, "
                        f"uint8 or int8, not {_name(data)}")
    _check_data(data)
    dtype = quantize_output_dtype(out_type, min_calib_range, max_calib_range)
    calibrated = min_calib_range is not None and max_calib_range is not None

    def compute(data):
        if data.dtype is not torch.float32:  # quantized data passes through as raw bytes
            if calibrated:
                low, high = min_calib_range, max_calib_range
            elif data.dtype is torch.uint8:
                low, high = 0.0, UINT8_RANGE
            else:
                low, high = -INT8_RANGE, INT8_RANGE
            return data.view(dtype).clone(), _range_out(np.float32(low), data), _range_out(np.float32(high), data)
        if calibrated:
            low, high, finite = np.float32(min_calib_range), np.float32(max_calib_range), False
        else:
            # no NaN in the data: a NaN product needs a 0 or inf scale; uint8 shows a zero's sign
            low, high, finite = _data_range(data, signed_zeros=dtype is torch.uint8)
        with np.errstate(all="ignore"):
            real = max_abs(low, high)
            if dtype is torch.int8:
                scale, low, high = _const(INT8_RANGE, real) / real, -real, real
            else:
                scale = _const(UINT8_RANGE, real) / real
        finite = finite and _finite_scale(scale) and bool(np.isfinite(real))
        out = _reorder(data, scale, dtype, finite=finite)
        if not finite:
            out = _unscaled_copy_nan(data, scale, dtype, out)
        return out, _range_out(low, data), _range_out(high, data)

    return _run(compute, (data,))


def _quantize_asym(data, min_calib_range=None, max_calib_range=None):
    if data.dtype is not torch.float32:
        raise TypeError(f"Check failed: in_attrs->at(0) == mshadow::kFloat32 ({dtypes.flag_of(data.dtype)} vs. 0) : "
                        f"data must be float32, not {_name(data)}")
    _check_data(data, onednn=False)

    def compute(data):
        if min_calib_range is not None and max_calib_range is not None:
            low, high = np.float32(min_calib_range), np.float32(max_calib_range)
        else:
            low, high, _ = _data_range(data, signed_zeros=True)
        with np.errstate(all="ignore"):
            most = _const(255.0, low)
            scale = most / (high - low)
            shift = most - high * scale
        return _reorder(data, scale, torch.uint8, shift), _range_out(scale, data), _range_out(shift, data)

    return _run(compute, (data,))


def _dequantize(data, min_range, max_range, out_type="float32"):
    if data.dtype not in (torch.uint8, torch.int8):
        raise TypeError(f"Check failed: in_attrs->at(0) == mshadow::kUint8 || in_attrs->at(0) == mshadow::kInt8: "
                        f"the input data type of dequantize op must be provided, either uint8 or int8 "
                        f"(got {_name(data)})")
    _check_data(data)
    _check_ranges(min_range, max_range)

    def compute(data, min_range, max_range):
        with np.errstate(all="ignore"):
            real = max_abs(_scalar(min_range, data), _scalar(max_range, data))
            scale = real / _const(INT8_RANGE if data.dtype is torch.int8 else UINT8_RANGE, real)
        if isinstance(scale, torch.Tensor):
            return data * scale  # int8/uint8 times a float32 0-d tensor: float32, one pass
        with np.errstate(all="ignore"):  # exact widening, float32 product (0 * inf: NaN, as in torch)
            values = np.multiply(data.detach().contiguous().numpy(), scale, dtype=np.float32)
        return torch.from_numpy(values)

    return _run(compute, (data, min_range, max_range))


def _requantize(data, min_range, max_range, out_type="int8", min_calib_range=None, max_calib_range=None):
    if data.dtype is not torch.int32:
        raise TypeError(f"Type inconsistent, Provided = {_name(data)}, inferred type = int32")
    _check_data(data)
    _check_ranges(min_range, max_range)
    dtype = quantize_output_dtype(out_type, min_calib_range, max_calib_range)
    two31 = 2147483648.0

    def compute(data, min_range, max_range):
        data_scale = max_abs(_scalar(min_range, data), _scalar(max_range, data))
        with np.errstate(all="ignore"):
            if min_calib_range is not None and max_calib_range is not None:
                real = max_abs(np.float32(min_calib_range), np.float32(max_calib_range))
            else:
                real = _data_span(data, data_scale) * data_scale / _const(two31, data_scale)
            first = data_scale / _const(two31, data_scale)
            if dtype is torch.int8:
                low, high = -real, real
                second = _const(127.0, real) / real
            else:
                low, high = _const(0.0, real), real
                second = _const(255.0, real) / real
            scale = first * second
        return _reorder(data, scale, dtype, finite=_finite_scale(scale)), _range_out(low, data), _range_out(high, data)

    return _run(compute, (data, min_range, max_range))


def _data_span(data, like):
    """``SrcDType data_range = MaxAbs(float(min), float(max))`` of int32 data, as float32 of
    ``like``'s kind: 2**31 does not fit an int32 (x86 gives INT_MIN)."""
    low, high = torch.aminmax(data)
    if not isinstance(like, torch.Tensor):
        span = max_abs(np.float32(low.item()), np.float32(high.item()))
        return np.float32(_INT_MIN) if span >= 2147483648.0 else span
    span = max_abs(low.to(torch.float32), high.to(torch.float32))
    return torch.where(span >= 2147483648.0, _f32(float(_INT_MIN), span), span)


# ---- calibrate_entropy ---------------------------------------------------------------------

_CHUNK_ELEMENTS = 1 << 22  # thresholds x bins per chunk


def _fold(terms):
    """Left-to-right float32 sums of the rows of ``terms`` (C++ ``std::accumulate`` from 0.f)."""
    if terms.shape[1] == 0:
        return terms.new_zeros(terms.shape[0])
    if on_host(terms):
        return torch.from_numpy(np.add.accumulate(terms.numpy(), axis=1)[:, -1].copy())
    total = terms.new_zeros(terms.shape[0])
    columns = terms.t().contiguous()
    for k in range(columns.shape[0]):  # one position at a time, every row at once
        total = total + columns[k]
    return total


def _wrap_int32(values):
    """A C++ ``int`` receiving an unsigned sum: the low 32 bits, signed."""
    return (values + 2 ** 31) % 2 ** 32 - 2 ** 31


def _smooth(dist, valid, eps):
    """SmoothDistribution: zeros become eps, the rest lose ``eps * zeros / nonzeros``; rows with
    no nonzero entry or ``eps1 >= 1`` come back marked empty."""
    zero = (dist == 0) & valid
    zeros = zero.sum(1).to(torch.float32)
    nonzeros = valid.sum(1).to(torch.float32) - zeros
    eps1 = eps * zeros / nonzeros
    empty = (nonzeros == 0) | (eps1 >= 1)
    smooth = torch.where(zero, dist + eps, dist - eps1[:, None])
    return torch.where(valid, smooth, torch.zeros_like(smooth)), empty


_LOGF_TABLE = tuple(tuple(float.fromhex(v) for v in pair) for pair in (
    ("0x1.661ec79f8f3bep+0", "-0x1.57bf7808caadep-2"), ("0x1.571ed4aaf883dp+0", "-0x1.2bef0a7c06ddbp-2"),
    ("0x1.49539f0f010bp+0", "-0x1.01eae7f513a67p-2"), ("0x1.3c995b0b80385p+0", "-0x1.b31d8a68224e9p-3"),
    ("0x1.30d190c8864a5p+0", "-0x1.6574f0ac07758p-3"), ("0x1.25e227b0b8eap+0", "-0x1.1aa2bc79c81p-3"),
    ("0x1.1bb4a4a1a343fp+0", "-0x1.a4e76ce8c0e5ep-4"), ("0x1.12358f08ae5bap+0", "-0x1.1973c5a611cccp-4"),
    ("0x1.0953f419900a7p+0", "-0x1.252f438e10c1ep-5"), ("0x1p+0", "0x0p+0"),
    ("0x1.e608cfd9a47acp-1", "0x1.aa5aa5df25984p-5"), ("0x1.ca4b31f026aap-1", "0x1.c5e53aa362eb4p-4"),
    ("0x1.b2036576afce6p-1", "0x1.526e57720db08p-3"), ("0x1.9c2d163a1aa2dp-1", "0x1.bc2860d22477p-3"),
    ("0x1.886e6037841edp-1", "0x1.1058bc8a07ee1p-2"), ("0x1.767dcf5534862p-1", "0x1.4043057b6ee09p-2")))
_LOGF_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_LOGF_POLY = tuple(float.fromhex(v) for v in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2"))


def _logf(x):
    """glibc's ``logf`` of positive finite float32 values (what MXNet's ``std::log(float)`` runs: the
    Arm optimized-routines algorithm, a 16-entry table and a cubic in float64, rounded once)."""
    x = x.to(torch.float32)
    ix = x.view(torch.int32)
    subnormal = ix < 0x00800000
    ix = torch.where(subnormal, (x * 8388608.0).view(torch.int32) - (23 << 23), ix)
    tmp = ix - 0x3f330000
    index = ((tmp >> 19) & 15).to(torch.int64)
    k = (tmp >> 23).to(torch.float64)
    z = (ix - (tmp & -8388608)).view(torch.float32).to(torch.float64)  # 0xff800000
    table = torch.tensor(_LOGF_TABLE, dtype=torch.float64, device=x.device)
    r = z * table[index, 0] - 1
    y0 = table[index, 1] + k * _LOGF_LN2
    r2 = r * r
    y = _LOGF_POLY[1] * r + _LOGF_POLY[2]
    y = _LOGF_POLY[0] * r2 + y
    y = y * r2 + (y0 + r)
    return torch.where(x == 1, torch.zeros_like(x), y.to(torch.float32))


def _range_sums(prefix, start, n, lo, hi):
    """Sums over sliced positions ``[lo, hi)`` (position 0 holds 0) of each threshold, from the
    prefix sums of the whole histogram's counts."""
    a = (start[:, None] + lo.clamp(min=1)).clamp(max=n)
    b = (start[:, None] + hi).clamp(max=n)
    return torch.where(b > a, prefix[b] - prefix[a.clamp(max=n)], torch.zeros_like(a))


def _divergences(hist, counts, nonzero, nqb, first, last):
    """KL divergences of thresholds ``first..last-1`` (indices into MXNet's threshold list);
    ``counts``/``nonzero``: prefix sums of the integer counts and of their nonzero flags."""
    n = hist.numel()
    zero_bin, half = n // 2, nqb // 2
    device = hist.device
    t = torch.arange(first, last, device=device)
    i = half + t
    start, stop, length = zero_bin - i, zero_bin + i + 1, 2 * i + 1
    rows = torch.arange(len(t), device=device)
    k = torch.arange(int(length.max()), device=device)[None, :]
    valid = k < length[:, None]
    j = start[:, None] + k
    middle = valid & (k >= 1) & (k <= length[:, None] - 2)
    p = torch.where(middle, hist[j.clamp(0, n - 1)], torch.zeros((), device=device))
    # p[0]: hist[0..start] summed in order; p.back(): hist[stop-1], then hist[stop..] added
    span = torch.arange(zero_bin + 1, device=device)[None, :]
    head = _fold(torch.where(span <= start[:, None], hist[span], torch.zeros((), device=device)))
    tail_k = torch.arange(max(n - int(stop.min()) + 1, 0), device=device)[None, :]
    tail_j = stop[:, None] - 1 + tail_k
    tail = _fold(torch.where(tail_j < n, hist[tail_j.clamp(max=n - 1)], torch.zeros((), device=device)))
    single = length == 1  # p[0] is also p.back(): every bin, in order
    whole = _fold(hist[None, :]).expand(len(t))
    p[:, 0] = torch.where(single, whole, head)
    p[rows, length - 1] = torch.where(single, whole, tail)
    # merge the integer (size_t) counts into nqb bins in int sums; the last takes the rest too
    merged = length // nqb
    groups = torch.arange(nqb, device=device)[None, :]
    lo, hi = groups * merged[:, None], (groups + 1) * merged[:, None]
    bins = _wrap_int32(_range_sums(counts, start, n, lo, hi)).to(torch.float32)
    rest = _wrap_int32(_range_sums(counts, start, n, nqb * merged[:, None], length[:, None]))
    bins[:, -1] = bins[:, -1] + rest[:, 0].to(torch.float32)
    hi = torch.where(groups == nqb - 1, length[:, None], hi)
    norm = _range_sums(nonzero, start, n, lo, hi)
    share = torch.where(norm > 0, bins / norm.to(torch.float32), torch.zeros_like(bins))
    owner = torch.minimum(torch.div(k, merged[:, None], rounding_mode="floor"), torch.tensor(nqb - 1, device=device))
    q = torch.where(valid & (p != 0), share.gather(1, owner.clamp(max=nqb - 1).expand(len(t), -1)),
                    torch.zeros((), device=device))
    eps = torch.tensor(0.0001, dtype=torch.float32, device=device)
    p, p_empty = _smooth(p, valid, eps)
    q, q_empty = _smooth(q, valid, eps)
    totals = _fold(torch.cat([p, q]))
    p, q = p / totals[:len(t), None], q / totals[len(t):, None]
    live = ~q_empty
    if bool((live & p_empty).any()):
        raise ValueError("Check failed: p.size() == q.size(): the smoothed histogram is malformed (MXNet aborts)")
    used = valid & live[:, None]
    if bool((used & ~((p > 0) & (q > 0))).any()):
        raise ValueError("Check failed: p[i] > 0 && q[i] > 0: a smoothed distribution is not positive "
                         "(MXNet aborts)")
    ratio = torch.where(used, p / torch.where(used, q, torch.ones_like(q)), torch.ones_like(p))  # unused: logf(1) = 0
    terms = torch.where(used, p * _logf(ratio), torch.zeros_like(p))
    divergence = _fold(terms)
    return torch.where(live, divergence, torch.full_like(divergence, float("inf")))


# The host path: numpy, thresholds in blocks of columns laid out position-major (row k holds
# position k of every threshold in the block), so each left-to-right float32 sum is one
# ``np.add.reduce(axis=0)``, which adds the rows in order (vectorized across the thresholds);
# only the valid triangle plus a small fringe is computed (see _fold_columns).
_HOST_BLOCK = 1 << 19  # positions x thresholds per block (float32 arrays of 2 MiB)


def _logf_tables():
    """glibc logf's tables re-indexed by ``(ix - OFF) >> 19 + 2**12`` (exponent and table index
    together): ``invc`` and the exact float64 ``logc + k * Ln2``."""
    tables = getattr(_logf_tables, "cache", None)
    if tables is None:
        key = np.arange(1 << 13, dtype=np.int64) - (1 << 12)
        index, k = key & 15, (key >> 4).astype(np.float64)
        table = np.array(_LOGF_TABLE, dtype=np.float64)
        tables = _logf_tables.cache = (table[index, 0].copy(), table[index, 1] + k * _LOGF_LN2)
    return tables


_LOGF_PIECE = 1 << 15  # values per piece of _logf_host: its float64 temporaries stay in cache


def _logf_host(x):
    """``_logf`` in numpy for positive float32 values (the same operations in the same order, in
    place, piece by piece so the float64 temporaries stay in cache; float32, ``x``'s shape)."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty(flat.size, dtype=np.float32)
    for start in range(0, flat.size, _LOGF_PIECE):
        out[start:start + _LOGF_PIECE] = _logf_piece(flat[start:start + _LOGF_PIECE])
    return out.reshape(np.shape(x))


def _logf_piece(x):
    """``_logf`` of a 1-D piece, as float64 values before the final rounding to float32."""
    invc_table, y0_table = _logf_tables()
    ix = x.view(np.int32)
    if ix.size and ix.min() < 0x00800000:  # subnormal: scaled to normal, the exponent taken back
        with np.errstate(over="ignore"):
            scaled = (x * np.float32(8388608.0)).view(np.int32) - np.int32(23 << 23)
        ix = np.where(ix < 0x00800000, scaled, ix)
    tmp = ix - np.int32(0x3F330000)
    key = np.right_shift(tmp, 19, dtype=np.intp)
    key += 1 << 12
    tmp &= np.int32(-8388608)  # 0xff800000
    np.subtract(ix, tmp, out=tmp)
    z = tmp.view(np.float32).astype(np.float64)
    r = np.take(invc_table, key, mode="clip")  # clip: only for the unused values of an empty q
    r *= z
    r -= 1.0
    y0 = np.take(y0_table, key, mode="clip")
    y0 += r  # y0 + r
    r2 = np.multiply(r, r, out=z)
    y = np.multiply(r, _LOGF_POLY[1], out=r)
    y += _LOGF_POLY[2]
    y += _LOGF_POLY[0] * r2  # A0 * r2 + y
    y *= r2
    y += y0
    return y


def _fold_columns(a):
    """Left-to-right float32 sums of the columns of a 2-D array: ``np.add.reduce(axis=0)`` adds
    whole rows in order when there are two columns or more; one column would be a 1-D
    (pairwise) reduction, so it is accumulated instead."""
    if a.shape[1] == 1:
        return np.add.accumulate(a[:, 0])[-1:]
    return np.add.reduce(a, axis=0)


def _tails(h, first_stop, count):
    """p.back() of thresholds whose stops are ``first_stop ..``: ``h[stop - 1]`` then every later
    bin added in order (float32), as one in-order reduction over a sliding window."""
    n = h.size
    span = n - first_stop + 1
    padded = np.zeros(n + count + span, dtype=np.float32)
    padded[:n] = h
    window = np.lib.stride_tricks.as_strided(padded[first_stop - 1:], shape=(span, count),
                                             strides=(4, 4), writeable=False)
    return _fold_columns(window)


def _smooth_host(dist, nonzero, lengths, eps):
    """SmoothDistribution in place on a position-major block (``nonzero``: its nonzero flags,
    false past each length): ``x - eps1`` for a nonzero ``x``, ``eps`` for a zero, in products
    by the flags (exact: ``* 1``, ``+ 0``, ``-0 + eps``); returns the thresholds marked empty.
    Positions past each length are left to the caller."""
    nonzeros = np.add.reduce(nonzero.view(np.uint8), axis=0, dtype=np.int64)
    with np.errstate(divide="ignore", invalid="ignore"):
        eps1 = eps * (lengths - nonzeros).astype(np.float32) / nonzeros.astype(np.float32)
        dist -= eps1
        dist *= nonzero
    dist += np.multiply(~nonzero, eps, dtype=np.float32)
    return (nonzeros == 0) | (eps1 >= 1)


def _fringe(lengths, rows):
    """The positions past each length among the last rows of a block (from ``lengths[0]``), as
    a boolean mask of those rows: the lengths grow by 2 a threshold."""
    past = np.arange(rows - int(lengths[0]))[:, None]
    return past >= 2 * np.arange(lengths.size)[None, :]


def _divergences_host(h, counts, nonzero, nqb):
    """KL divergences of every threshold (float32, inf where q is empty), on the host; raises
    MXNet's failed checks."""
    n = h.size
    zero_bin, half = n // 2, nqb // 2
    total = zero_bin + 1 - half
    head = np.add.accumulate(h)  # p[0] of start s: h[0..s] summed in order
    tails = _tails(h, zero_bin + half + 1, total)
    padded = np.zeros(n + 2 * total + 2, dtype=np.float32)
    padded[:n] = h
    eps = np.float32(0.0001)
    out = np.empty(total, dtype=np.float32)
    malformed = not_positive = False
    first = 0
    while first < total:
        width = 2 * (half + first) + 1  # the first length of the block
        columns = max(1, min(total - first, _HOST_BLOCK // (width + 2 * 64), 256))
        last = first + columns
        i = np.arange(half + first, half + last)
        start, length = zero_bin - i, 2 * i + 1
        rows = int(length[-1])
        cols = np.arange(columns)
        fringe = _fringe(length, rows)
        # p: h[start + k], position 0 the head, position length-1 the tail, zero past the length
        view = np.lib.stride_tricks.as_strided(padded[start[0]:], shape=(rows, columns),
                                               strides=(4, -4), writeable=False)
        p = np.array(view)
        p_past = p[int(length[0]):]
        p_past[fringe] = 0
        single = length == 1
        p[0] = np.where(single, head[-1], head[start])
        p[length - 1, cols] = np.where(single, head[-1], tails[first:last])
        # q: the integer counts merged into nqb bins, spread back over the nonzero positions of p
        merged = length // nqb
        groups = np.arange(nqb)[None, :]
        lo, hi = groups * merged[:, None], (groups + 1) * merged[:, None]
        bins = _wrap_int32_host(_range_sums_host(counts, start, n, lo, hi)).astype(np.float32)
        rest = _wrap_int32_host(_range_sums_host(counts, start, n, nqb * merged[:, None], length[:, None]))
        bins[:, -1] += rest[:, 0].astype(np.float32)
        hi[:, -1] = length
        norm = _range_sums_host(nonzero, start, n, lo, hi)
        with np.errstate(divide="ignore", invalid="ignore"):
            share = np.where(norm > 0, bins / norm.astype(np.float32), np.float32(0)).astype(np.float32)
        q = np.empty_like(p)
        position = np.arange(rows)
        for m in np.unique(merged):
            sel = np.nonzero(merged == m)[0]
            owner = np.full(rows, nqb - 1) if m == 0 else np.minimum(position // m, nqb - 1)
            q[:, sel[0]:sel[-1] + 1] = np.take(share[sel[0]:sel[-1] + 1].T, owner, axis=0)
        p_nonzero = p != 0  # false past the lengths
        q *= p_nonzero  # q is zero where p is (share is finite)
        p_empty = _smooth_host(p, p_nonzero, length, eps)
        q_empty = _smooth_host(q, q != 0, length, eps)
        live = ~q_empty
        malformed |= bool((live & p_empty).any())
        q_past = q[int(length[0]):]
        p_past[fringe] = q_past[fringe] = 0  # past the lengths: 0 for the sums, then 1 for the ratio
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            p /= _fold_columns(p)
            q /= _fold_columns(q)
            p_past[fringe] = q_past[fringe] = 1
            if not (p.min() > 0 and q.min() > 0):  # some threshold has one: a live one?
                positive = np.logical_and.reduce(p > 0, axis=0) & np.logical_and.reduce(q > 0, axis=0)
                not_positive |= bool((live & ~positive).any())
            if malformed or not_positive:
                break
            ratio = np.divide(p, q, out=q)
            p_past[fringe] = 0  # unused positions: p * logf(1) = 0 * 0
            p *= _logf_host(ratio)
            divergence = _fold_columns(p)
        out[first:last] = np.where(live, divergence, np.float32(np.inf))
        first = last
    if malformed:
        raise ValueError("Check failed: p.size() == q.size(): the smoothed histogram is malformed (MXNet aborts)")
    if not_positive:
        raise ValueError("Check failed: p[i] > 0 && q[i] > 0: a smoothed distribution is not positive "
                         "(MXNet aborts)")
    return out


def _range_sums_host(prefix, start, n, lo, hi):
    """``_range_sums`` in numpy."""
    a = np.minimum(start[:, None] + np.maximum(lo, 1), n)
    b = np.minimum(start[:, None] + hi, n)
    return np.where(b > a, prefix[b] - prefix[a], 0)


def _wrap_int32_host(values):
    return (values + 2 ** 31) % 2 ** 32 - 2 ** 31


def _calibrate_entropy(hist, hist_edges, num_quantized_bins=255):
    if hist.dtype is not torch.float32:
        raise TypeError(f"Check failed: in_attrs->at(0) == mshadow::kFloat32: hist must be float32, not {_name(hist)}")
    _check_float32(hist_edges)
    for tensor in (hist, hist_edges):
        if tensor.dim() == 0 or tensor.numel() == 0:
            raise ValueError(f"inferring shapes failed: shape {tuple(tensor.shape)} is unknown")
    n = hist.numel()
    if hist_edges.numel() != n + 1:
        raise ValueError(f"Check failed: num_bins + 1 == hist_edges.Size() ({n + 1} vs. {hist_edges.numel()})")
    nqb = num_quantized_bins
    if nqb <= 0:
        raise ValueError(f"num_quantized_bins must be positive, got {nqb}")
    if n // 2 < nqb // 2:
        raise ValueError(f"num_quantized_bins={nqb} needs at least {nqb // 2} bins on each side of the "
                         f"zero bin, hist has {n}")
    flat = hist.detach().reshape(-1)
    if not bool(torch.isfinite(flat).all()) or bool((flat < 0).any()):
        raise ValueError("hist must hold finite counts >= 0")

    def compute(hist, hist_edges):
        flat = hist.detach().reshape(-1)
        count = n // 2 + 1 - nqb // 2
        chunk = max(1, _CHUNK_ELEMENTS // (n + 1))
        whole = flat.to(torch.float64).trunc().to(torch.int64)  # the size_t counts
        zero = torch.zeros(1, dtype=torch.int64, device=flat.device)
        counts = torch.cat([zero, torch.cumsum(whole, 0)])
        nonzero = torch.cat([zero, torch.cumsum((whole != 0).to(torch.int64), 0)])
        if on_host(flat):
            divergence = torch.from_numpy(_divergences_host(flat.numpy(), counts.numpy(), nonzero.numpy(), nqb))
        else:
            divergence = torch.cat([_divergences(flat, counts, nonzero, nqb, lo, min(lo + chunk, count))
                                    for lo in range(0, count, chunk)])
        ok = divergence < _FLT_MAX
        if bool(ok.any()):
            best = torch.where(ok, divergence, torch.full_like(divergence, float("inf")))
            index = int(torch.nonzero(best == best.min())[0, 0])
            value = divergence[index]
        else:
            index, value = 0, torch.tensor(_FLT_MAX, dtype=torch.float32, device=flat.device)
        stop = n // 2 + nqb // 2 + index + 1
        if stop > n:
            raise ValueError("the smallest divergence is at the last threshold of an even number of bins, "
                             "which MXNet reads past hist_edges")
        threshold = hist_edges.detach().reshape(-1)[stop]
        return threshold.reshape(1).clone(), value.reshape(1).to(torch.float32)

    return without_gradient("_contrib_calibrate_entropy", compute, hist, hist_edges)


_FLOAT_TEXT = re.compile(r"\s*[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\s*")


def optional_float32(value):
    """dmlc ``optional<float>`` read from the frontend's text (``str(value)``): None for
    ``'None'``, else a decimal number (blanks around) finite as a float32: ``istream >> float``
    takes no inf or nan and fails on overflow."""
    text = str(value)
    if text == "None":
        return None
    if _FLOAT_TEXT.fullmatch(text):
        number = float(text)
        with np.errstate(over="ignore"):
            if np.isfinite(np.float32(number)):
                return number
    raise ParamError("float or None", value)


def _calib_params(what):
    return (Param("min_calib_range", optional_float32, None,
                  f"the minimum float32 value from calibration; with max_calib_range, used to {what}"),
            Param("max_calib_range", optional_float32, None,
                  f"the maximum float32 value from calibration; with min_calib_range, used to {what}"))


_AUTO = ("output type: 'auto' is uint8 when min_calib_range >= 0, else int8")

TABLE = declare([
    OpSpec("_contrib_quantize", _quantize, inputs=("data", "min_range", "max_range"),
           params=(Param("out_type", enum("int8", "uint8"), "uint8", "output type"),),
           family="quantization",
           doc="Quantize float32 data into int8 (zero centered) or uint8 with the given range; "
               "returns (data, min, max)."),
    OpSpec("_contrib_quantize_v2", _quantize_v2, inputs=("data",),
           params=(Param("out_type", enum("auto", "int8", "uint8"), "int8", _AUTO),)
           + _calib_params("quantize the data"),
           family="quantization",
           doc="Quantize float32 data into int8 or uint8 with the calibrated or the data's range; "
               "returns (data, min, max)."),
    OpSpec("_contrib_quantize_asym", _quantize_asym, inputs=("data",),
           params=_calib_params("quantize the data"),
           family="quantization",
           doc="Quantize float32 data into uint8 asymmetrically; returns (data, scale, shift)."),
    OpSpec("_contrib_dequantize", _dequantize, inputs=("data", "min_range", "max_range"),
           params=(Param("out_type", enum("float32"), "float32", "output type"),),
           family="quantization",
           doc="Dequantize int8 or uint8 data into float32 with the given range."),
    OpSpec("_contrib_requantize", _requantize, inputs=("data", "min_range", "max_range"),
           params=(Param("out_type", enum("auto", "int8", "uint8"), "int8", _AUTO),)
           + _calib_params("requantize the int32 data"),
           family="quantization",
           doc="Requantize int32 data into int8 or uint8 with the calibrated or the data's range; "
               "returns (data, min, max)."),
    # MXNet registers no gradient for calibrate_entropy: a backward through it raises MXNetError
    OpSpec("_contrib_calibrate_entropy", _calibrate_entropy, inputs=("hist", "hist_edges"),
           params=(Param("num_quantized_bins", parse_int, 255, "the number of quantized bins"),),
           family="quantization",
           doc="The threshold of smallest KL divergence for a histogram; returns (threshold, divergence)."),
])
