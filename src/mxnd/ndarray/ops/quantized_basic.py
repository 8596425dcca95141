"""Simple quantized operators: contrib quantized_act, quantized_flatten, quantized_concat,
quantized_elemwise_add, quantized_elemwise_mul, quantized_pooling and quantized_embedding.

MXNet 1.9.1's CPU build runs most of them on oneDNN (src/operator/quantization/quantized_*.cc,
quantization_utils.h and mkldnn/mkldnn_quantized_*.cc); its results are the specification:

- every range input (``min_*``/``max_*``) is a float32 array of one element; every operator
  but quantized_elemwise_mul with ``enable_float_output`` returns ``(output, min_output,
  max_output)``, the ranges as float32 arrays of one element;
- ``MaxAbs(a, b)`` is ``std::max(|a|, |b|)`` in float32 and a range covers ``127.5`` levels for
  int8, ``255.5`` for uint8 and ``2**31`` for int32 (``kInt8Range``, ``kUint8Range``,
  ``kInt32Range``); oneDNN rescales in float32, rounds half to even and saturates to the
  output type (an int32 saturates to ``[-2**31, 2147483520]``);
- ``quantized_act`` (relu only) takes int8 or uint8 data and returns int8 with the input's
  range; uint8 data comes back as its bytes read as int8 (oneDNN writes the uint8 result into
  the int8 array MXNet's type inference gives);
- ``quantized_flatten`` reshapes data of any dtype to ``(d0, d1 * ... * dn)``;
- ``quantized_concat`` joins int8/uint8 arrays (int8 if any is int8, else uint8) in the range
  ``[min(0, mins...), max(0, maxs...)]``; an input whose scale (``levels / MaxAbs(min, max)``)
  differs from the output's is rescaled by ``out_scale / in_scale``;
- ``quantized_elemwise_add`` of int8/uint8 arrays of one shape: without calibration it returns
  int32 in ``[-(|a| + |b|), |a| + |b|]`` (``|a| = MaxAbs(lhs_min, lhs_max)``), each operand
  scaled by ``|x| * 2**31 / ((|a| + |b|) * levels)``; with ``min_calib_range`` and
  ``max_calib_range`` it returns the input type (int8 for mixed inputs) in the calibrated
  range, scaled by ``out_scale / in_scale``; with mixed types the uint8 operand is first
  rescaled to int8. oneDNN sums ``float32(s0 * a) + float32(s1 * b)`` (two roundings);
- ``quantized_elemwise_mul`` of int8 arrays of one shape: ``a * b`` in int32 with the range of
  ``QuantizationRangeForMultiplication`` (``|a| / 127 * |b| / 127 * 2**31``), or with
  calibration int8 ``(int8)(int)(float(a * b) * scale)`` (C truncation, wrapping to 8 bits),
  ``scale = out_scale / lhs_scale / rhs_scale``, or with ``enable_float_output`` one float32
  output ``float(a * b) * float(1.0 / lhs_scale / rhs_scale)`` (the quotient in double);
- ``quantized_pooling`` (max/avg, NCHW/NCDHW, 2-D or 3-D kernels) keeps the int8/uint8 type
  and the range: max ignores the padding (a window wholly in it gives the type's lowest); avg
  divides the exact window sum in float32 by the kernel size (``count_include_pad``, also past
  the extra right padding of the ``full`` convention) or by the count of inputs, then rounds
  half to even;
- ``quantized_embedding`` gathers rows of an int8 weight (indices truncated and clipped to
  ``[0, input_dim - 1]``; NaN, inf and values beyond int64 to 0) and returns the weight's
  range; ``dtype`` and ``sparse_grad`` are ignored;
- a zero-size data array fails as MXNet 1.x's shape inference does (unknown shape);
- flatten, concat, elemwise_mul, pooling and embedding have zero gradients
  (``MakeZeroGradNodes``); act and elemwise_add register none: a backward through them raises
  MXNetError ("... non-differentiable because it didn't register FGradient attribute.").

Deliberate differences: MXNet 1.9.1's imperative quantized_elemwise_mul always fails ("Check
failed: out_shapes.size() == outputs.size()"); mxnd computes what its symbolic executor does.
quantized_elemwise_add of int8 with uint8 without calibration ranges raises (MXNet scales the
uint8 operand to int32 units inside an int8 buffer, so it saturates at 127 and the sum is
meaningless). A negative quantized_concat ``dim`` raises (MXNet crashes); a pooling kernel
whose rank does not match the data's raises (MXNet reads the wrong dims); ``pad >= kernel``
raises on every axis (MXNet checks the first ones); max pooling under ``autograd.record()``
works (MXNet fails: "MKLDNN Pooling: incorrect workspace input"). A NaN or infinite range
can make quantized_elemwise_add's output NaN before saturation: int8 and uint8 outputs get
what MXNet's oneDNN writes (``_sum_nan``); an int32 output, where oneDNN's value varies with
the size, is saturated by the NaN's sign (high for the NaN of 0/0). Integer arrays cannot be
autograd variables in mxnd, so a backward from an integer output raises instead of giving zeros.
"""
from __future__ import annotations

import math

import numpy as np
import torch
import torch.nn.functional as F

from ... import dtypes
from ...params import parse_bool
from ...registry import REGISTRY, OpSpec, Param, declare
# registers the float operators whose params are reused below
from . import layout as _layout_ops, nn_basic, pooling  # noqa: F401
from .quantization import max_abs, optional_float32
from .unary import without_gradient, zero_gradient

_F32 = torch.float32
_QUANT = (torch.int8, torch.uint8)
_LEVELS = {torch.int8: np.float32(127.5), torch.uint8: np.float32(255.5), torch.int32: np.float32(2147483648.0)}
_BOUNDS = {torch.int8: (-128.0, 127.0), torch.uint8: (0.0, 255.0), torch.int32: (-2147483648.0, 2147483520.0)}
_CONCAT, _ADD, _MUL = "_contrib_quantized_concat", "_contrib_quantized_elemwise_add", "_contrib_quantized_elemwise_mul"


# ---- checks shared by the family ----------------------------------------------------------------

def _dims(shape) -> str:
    return "[" + ",".join(str(int(n)) for n in shape) + "]"


def _known(*tensors):
    """MXNet 1.x reads a zero-size (or 0-d) shape as unknown: its shape inference fails."""
    for tensor in tensors:
        if tensor.dim() == 0 or 0 in tensor.shape:
            raise ValueError(f"inferring shapes failed: shape {tuple(tensor.shape)} is unknown in MXNet 1.x "
                             "(no zero-size or 0-d data)")


def _check_ranges(ranges, typed=True):
    """Every range is a float32 array of one element (SHAPE_ASSIGN_CHECK, TYPE_ASSIGN_CHECK)."""
    for tensor in ranges:
        if tensor.dim() != 0 and tuple(tensor.shape) != (1,):
            raise ValueError(f"Shape inconsistent, Provided = {_dims(tensor.shape)}, inferred shape=[1]")
    for tensor in ranges:
        if tensor.dtype is not _F32:
            if typed:
                raise TypeError(f"Type inconsistent, Provided = {dtypes.name_of(tensor.dtype)}, "
                                "inferred type = float32")
            raise TypeError("Check failed: mshadow::DataType<DType>::kFlag == type_flag_: TBlob.get_with_shape: "
                            f"data type do not match specified type.Expected: {dtypes.name_of(tensor.dtype)} "
                            "v.s. given float")


def _int8_or_uint8(tensor):
    """TYPE_ASSIGN_CHECK of a quantized input: int8 stays, anything else must be uint8."""
    if tensor.dtype not in _QUANT:
        raise TypeError(f"Type inconsistent, Provided = {dtypes.name_of(tensor.dtype)}, inferred type = uint8")


def _scalar(tensor):
    """The float32 value of a one-element range array, on the host (MXNet reads it there)."""
    return np.float32(tensor.detach().reshape(()).cpu().item())


def _range_array(value, like):
    return torch.tensor([value], dtype=_F32, device=like.device)


def _quantized(values, dtype, nan=None):
    """float32 ``values`` rounded half to even and saturated to ``dtype``, as oneDNN's reorders;
    a NaN gives ``nan`` when one is given."""
    low, high = _BOUNDS[dtype]
    rounded = torch.round(values).clamp(low, high)
    if nan is not None:
        rounded = rounded.nan_to_num(nan=nan)
    return rounded.to(torch.int64 if dtype is torch.int32 else torch.int16).to(dtype)


def _f32(value, like):
    return torch.tensor(np.float32(value), dtype=_F32, device=like.device)


# ---- gradients ---------------------------------------------------------------------------------

def _graded(op, outputs, inputs, zero):
    """``outputs`` tied to the float ``inputs``: zero gradients (``zero``) or none at all."""
    if not (torch.is_grad_enabled() and any(t.requires_grad for t in inputs)):
        return outputs
    floats = [i for i, t in enumerate(outputs) if t.is_floating_point()]
    if zero:
        tied = [zero_gradient(lambda *tensors, v=outputs[i]: v.clone())(*inputs) for i in floats]
    else:
        kept = tuple(outputs[i] for i in floats)
        tied = without_gradient(op, lambda *tensors: tuple(t.clone() for t in kept), *inputs)
    result = list(outputs)
    for i, tensor in zip(floats, tied):
        result[i] = tensor
    return tuple(result)


# ---- quantized_act, quantized_flatten -------------------------------------------------------------

def _act(data, min_data, max_data, *, act_type):
    _check_ranges((min_data, max_data))
    _known(data)
    if act_type != "relu":
        raise ValueError("_contrib_quantized_act only supports act_type=relu for now")
    if data.dtype not in _QUANT:
        raise TypeError("Check failed: in_data[0].dtype() == mshadow::kUint8 || in_data[0].dtype() == "
                        "mshadow::kInt8: _contrib_quantized_act op only supports uint8 and int8 as input type")
    out = data.clamp(min=0) if data.dtype is torch.int8 else data.contiguous().view(torch.int8).clone()
    outputs = (out, min_data.detach().reshape(1).clone(), max_data.detach().reshape(1).clone())
    return _graded("_contrib_quantized_act", outputs, (min_data, max_data), zero=False)


def _flatten(data, min_data, max_data):
    _known(data)
    _check_ranges((min_data, max_data))
    out = data.detach().reshape(data.shape[0], -1).clone()
    outputs = (out, min_data.detach().reshape(1).clone(), max_data.detach().reshape(1).clone())
    return _graded("_contrib_quantized_flatten", outputs, (data, min_data, max_data), zero=True)


# ---- quantized_concat ---------------------------------------------------------------------------

def _rescaled(data, ratio, dtype):
    """oneDNN's reorder of ``data`` into ``dtype`` with output scale ``ratio`` (float32): a NaN
    product gives 127 in int8, 0 in uint8 (as quantize's reorder)."""
    return _quantized(data.to(_F32) * _f32(ratio, data), dtype, 127.0 if dtype is torch.int8 else 0.0)


def _concat(*arrays, dim=1, num_args=None):
    count = len(arrays) if num_args is None else num_args
    if count * 3 != len(arrays) or count < 1:
        raise ValueError(f"Check failed: num_inputs == infered_num_inputs ({len(arrays)} vs. {count * 3}) : "
                         f"Operator {_CONCAT} expects {count * 3} inputs, but got {len(arrays)} instead.")
    data, ranges = arrays[:count], arrays[count:]
    first = data[0]
    if not -first.dim() <= dim < first.dim():
        raise ValueError(f"Check failed: axis < ndim && axis >= -ndim: axis {dim} exceeds the input "
                         f"dimension of {first.dim()}")
    if dim < 0:
        raise ValueError(f"quantized_concat: dim must be non-negative, got {dim} (MXNet 1.9.1 crashes on it)")
    for tensor in data[1:]:
        if tensor.dim() != first.dim() or any(a != b for i, (a, b) in enumerate(zip(tensor.shape, first.shape))
                                               if i != dim):
            expected = [-1 if i == dim else n for i, n in enumerate(first.shape)]
            raise ValueError(f"Incompatible input shape: expected {_dims(expected)}, got {_dims(tensor.shape)}")
    _check_ranges(ranges, typed=False)
    _known(*data)
    for tensor in data:
        _int8_or_uint8(tensor)
    out_dtype = torch.int8 if any(t.dtype is torch.int8 for t in data) else torch.uint8
    lows, highs = [_scalar(t) for t in ranges[0::2]], [_scalar(t) for t in ranges[1::2]]
    low = high = np.float32(0.0)
    for value in lows:
        low = value if value < low else low
    for value in highs:
        high = value if value > high else high
    with np.errstate(all="ignore"):
        out_scale = _LEVELS[out_dtype] / max_abs(low, high)
        scales = [_LEVELS[t.dtype] / max_abs(a, b) for t, a, b in zip(data, lows, highs)]
    pieces = []
    for tensor, scale in zip(data, scales):
        if scale == out_scale:  # the types agree, unless both scales are infinite (zero ranges)
            if tensor.dtype is not out_dtype:
                raise ValueError("Check failed: in_data[i].dtype() == out_dtype: an input of the output's scale "
                                 f"has type {dtypes.name_of(tensor.dtype)}, the output {dtypes.name_of(out_dtype)}")
            pieces.append(tensor.detach())
        else:
            with np.errstate(all="ignore"):
                ratio = out_scale / scale
            pieces.append(_rescaled(tensor.detach(), ratio, out_dtype))
    outputs = (torch.cat(pieces, dim), _range_array(low, first), _range_array(high, first))
    return _graded(_CONCAT, outputs, ranges, zero=True)


# ---- quantized_elemwise_add, quantized_elemwise_mul -----------------------------------------------

def _calibrated(min_calib_range, max_calib_range):
    return min_calib_range is not None and max_calib_range is not None


def _add(lhs, rhs, lhs_min, lhs_max, rhs_min, rhs_max, *, min_calib_range=None, max_calib_range=None):
    if tuple(lhs.shape) != tuple(rhs.shape):
        raise ValueError(f"Check failed: (*in_shape)[0] == (*in_shape)[1] ({_dims(lhs.shape)} vs. {_dims(rhs.shape)}) :")
    ranges = (lhs_min, lhs_max, rhs_min, rhs_max)
    _check_ranges(ranges, typed=False)
    _known(lhs)
    _int8_or_uint8(lhs)
    _int8_or_uint8(rhs)
    calibrated = _calibrated(min_calib_range, max_calib_range)
    mixed = lhs.dtype is not rhs.dtype
    out_dtype = (torch.int8 if mixed else lhs.dtype) if calibrated else torch.int32
    if mixed and not calibrated:
        raise ValueError("quantized_elemwise_add of int8 and uint8 needs min_calib_range and max_calib_range "
                         "(MXNet 1.9.1 saturates the uint8 operand at 127 without them)")
    with np.errstate(all="ignore"):  # float32 scalars: inf and NaN scales are MXNet's too
        a_min, a_max, b_min, b_max = (_scalar(t) for t in ranges)
        abs_a, abs_b = max_abs(a_min, a_max), max_abs(b_min, b_max)
        a_scale, b_scale = _LEVELS[lhs.dtype] / abs_a, _LEVELS[rhs.dtype] / abs_b
        out_levels = _LEVELS[out_dtype]
        if calibrated:
            low, high = np.float32(min_calib_range), np.float32(max_calib_range)
            out_scale = out_levels / max_abs(low, high)
            s0, s1 = out_scale / a_scale, out_scale / b_scale
        else:
            high = abs_a + abs_b
            low = -high
            total = high * _LEVELS[lhs.dtype]
            s0, s1 = abs_a * out_levels / total, abs_b * out_levels / total
    a, b = lhs.detach().to(_F32), rhs.detach().to(_F32)
    if mixed:  # the uint8 operand is reordered to int8 first, straight into output units
        if lhs.dtype is torch.int8:
            b, s1 = _rescaled(rhs.detach(), s1, torch.int8).to(_F32), np.float32(1.0)
        else:
            a, s0 = _rescaled(lhs.detach(), s0, torch.int8).to(_F32), np.float32(1.0)
    total = a * _f32(s0, a) + b * _f32(s1, b)  # two float32 roundings, no fma
    outputs = (_quantized(total, out_dtype, _sum_nan(total, out_dtype, s0, s1)), _range_array(low, lhs),
               _range_array(high, lhs))
    return _graded(_ADD, outputs, ranges, zero=False)


def _sum_nan(total, dtype, s0, s1):
    """What oneDNN's sum writes for a NaN (a NaN or infinite scale, 0 * inf), measured on MXNet
    1.9.1's CPU build: 0 in uint8; in int8 127, but 0 for 3-D and 4-D data (its unscaled final
    reorder is a plain copy there, as in quantize); in int32 (only a NaN scale, the whole output)
    it varies with the size: mxnd saturates by the NaN's sign (high for the NaN of 0/0)."""
    if dtype is torch.uint8:
        return 0.0
    if dtype is torch.int8:
        return 0.0 if total.dim() in (3, 4) else 127.0
    if math.isnan(s0) or math.isnan(s1):
        return _BOUNDS[dtype][1 if np.signbit(s0 if math.isnan(s0) else s1) else 0]
    return None


def _mul(lhs, rhs, lhs_min, lhs_max, rhs_min, rhs_max, *, min_calib_range=None, max_calib_range=None,
         enable_float_output=False):
    if lhs.dim() != rhs.dim():
        raise ValueError("Check failed: (lshape.ndim()) == (rshape.ndim()) Currently, quantized elemwise "
                         "multiply doesn't support broadcast.")
    if tuple(lhs.shape) != tuple(rhs.shape):
        raise ValueError(f"Check failed: (lshape[i]) == (rshape[i]) ({_dims(lhs.shape)} vs. {_dims(rhs.shape)})")
    ranges = (lhs_min, lhs_max, rhs_min, rhs_max)
    _check_ranges(ranges)
    _known(lhs)
    for tensor in (lhs, rhs):
        if tensor.dtype is not torch.int8:
            raise TypeError("Check failed: mshadow::DataType<DType>::kFlag == type_flag_: TBlob.get_with_shape: "
                            f"data type do not match specified type.Expected: {dtypes.name_of(tensor.dtype)} "
                            "v.s. given int8 (quantized elemwise mul only supports int8 inputs)")
    product = lhs.detach().to(torch.int32) * rhs.detach().to(torch.int32)
    a_min, a_max, b_min, b_max = (_scalar(t) for t in ranges)
    with np.errstate(all="ignore"):
        lhs_scale = _LEVELS[torch.int8] / max_abs(a_min, a_max)
        rhs_scale = _LEVELS[torch.int8] / max_abs(b_min, b_max)
        if enable_float_output:
            scale = np.float32(1.0 / np.float64(lhs_scale) / np.float64(rhs_scale))
            out = product.to(_F32) * _f32(scale, product)
            return _graded(_MUL, (out,), ranges, zero=True)[0]
        if _calibrated(min_calib_range, max_calib_range):
            low, high = np.float32(min_calib_range), np.float32(max_calib_range)
            scale = _LEVELS[torch.int8] / max_abs(low, high) / lhs_scale / rhs_scale
            scaled = (product.to(_F32) * _f32(scale, product)).to(torch.float64)
            fits = (scaled > -2147483649.0) & (scaled < 2147483648.0)  # else cvttss2si gives INT_MIN
            whole = torch.where(fits, scaled, torch.zeros_like(scaled)).trunc().to(torch.int64)
            out = torch.where(fits, whole, torch.full_like(whole, -2 ** 31)).to(torch.int8)  # low 8 bits
        else:
            step = (max_abs(a_min, a_max) / np.float32(127.0)) * (max_abs(b_min, b_max) / np.float32(127.0))
            high = step * _LEVELS[torch.int32]
            low = -high
            out = product
    outputs = (out, _range_array(low, lhs), _range_array(high, lhs))
    return _graded(_MUL, outputs, ranges, zero=True)


# ---- quantized_pooling ---------------------------------------------------------------------------

_NO_DESCRIPTOR = "could not create a descriptor for a pooling forward propagation primitive"


def _pool_geometry(data, kernel, stride, pad, global_pool, convention, layout_name):
    """MXNet's shape checks of quantized_pooling: ``(kernel, stride, pad, outs, right pads)``."""
    rank = len(kernel)
    if data.dim() not in (4, 5):
        raise ValueError("Check failed: data_ndims == 4U || data_ndims == 5U MKL-DNN QuantizedPoolingOp only "
                         "supports 4D/5D layout yet, input should be 4D in(batch, channel, y, x) or 5D in "
                         "(batch, channel, d, y, x)")
    default = {1: "NCW", 2: "NCHW", 3: "NCDHW"}.get(rank, "NCHW")
    if (layout_name or default) not in ("NCHW", "NCDHW"):
        raise ValueError("MKL-DNN QuantizedPoolingOp only supports NCHW/NCDHW layout for now, "
                         f"saw {layout_name or default}")
    if rank not in (2, 3):
        raise ValueError(f"Check failed: kernel_ndims == 2U || kernel_ndims == 3U MKL-DNN QuantizedPoolingOp "
                         f"only supports 2D/3D pooling for now, saw{rank}")
    if rank != data.dim() - 2:
        raise ValueError(f"quantized_pooling: a {rank}-D kernel needs {rank + 2}-D data, got "
                         f"{data.dim()}-D (MXNet 1.9.1 reads the wrong dims)")
    for name, value in (("kernel", kernel), ("stride", stride)):
        if any(v == 0 for v in value):
            raise ValueError(f"value {_dims(value)}for Parameter {name} is invalid, the input shape must be "
                             "nonzero in all dimensions")
    stride = tuple(stride) or (1,) * rank
    pad = tuple(pad) or (0,) * rank
    for value in (stride, pad):
        if len(value) != rank:
            raise ValueError(f"Check failed: i >= 0 && i < ndim(): index = {len(value)} must be in range "
                             f"[0, {len(value)})")
    if any(v < 0 for v in tuple(kernel) + stride + pad):
        raise ValueError(f"kernel, stride and pad must not be negative (kernel={kernel}, stride={stride}, pad={pad})")
    sizes = tuple(data.shape[2:])
    for x, k, p in zip(sizes, kernel, pad):
        if k > x + 2 * p:
            raise ValueError(f"kernel size ({k}) exceeds input ({x} padded to {x + 2 * p})")
    if global_pool:
        return sizes, (1,) * rank, (0,) * rank, (1,) * rank, (0,) * rank
    outs, rights = [], []
    for x, k, p, s in zip(sizes, kernel, pad, stride):
        span = x + 2 * p - k
        if convention == "valid":
            outs.append(1 + span // s)
            rights.append(p)
        else:  # full, and same (MXNet's shape is full's; oneDNN then gets the plain pads)
            outs.append(1 + math.ceil(np.float32(span) / np.float32(s)))
            rights.append(p + s - span % s if convention == "full" and span % s else p)
    for x, k, p, s, o, r in zip(sizes, kernel, pad, stride, outs, rights):
        if p >= k:
            raise ValueError(f"Check failed: pad_l[0] < kernel[0] ({p} vs. {k}) :")
        if (x + p + r - k) // s + 1 != o:
            raise ValueError(_NO_DESCRIPTOR)
    return tuple(kernel), stride, pad, tuple(outs), tuple(rights)


def _windows(data, kernel, stride, pad, rights, value):
    """``data`` padded by ``pad`` before and the right pads after each spatial dim."""
    widths = []
    for p, r in reversed(list(zip(pad, rights))):
        widths += [p, r]
    return F.pad(data, widths, value=value)


def _pool_sum(source, kernel, stride):
    fn = F.avg_pool2d if len(kernel) == 2 else F.avg_pool3d
    return fn(source, kernel, stride, divisor_override=1)


def _pooling(data, min_data, max_data, *, kernel=(), pool_type="max", global_pool=False, cudnn_off=False,
             pooling_convention="valid", stride=(), pad=(), p_value=None, count_include_pad=None, layout=None):
    kernel, stride, pad, outs, rights = _pool_geometry(data, kernel, stride, pad, global_pool,
                                                       pooling_convention, layout)
    _check_ranges((min_data, max_data))
    if pool_type not in ("max", "avg"):
        raise ValueError("QuantizedPoolingOp only supports pool_type=max/avg for now")
    _known(data)
    if data.dtype not in _QUANT:
        raise TypeError("Check failed: in_data[0].dtype() == mshadow::kUint8 || in_data[0].dtype() == "
                        "mshadow::kInt8: mkldnn_quantized_pooling op only supports uint8 and int8 as input type")
    exclude = pool_type == "avg" and count_include_pad is not None and not count_include_pad
    if exclude and any(r >= k for r, k in zip(rights, kernel)):
        raise ValueError(_NO_DESCRIPTOR)
    values = data.detach()
    if pool_type == "max":
        lowest = _BOUNDS[data.dtype][0]
        source = _windows(values.to(_F32), kernel, stride, pad, rights, -math.inf)
        fn = F.max_pool2d if len(kernel) == 2 else F.max_pool3d
        best = fn(source, kernel, stride)
        out = torch.where(torch.isinf(best), torch.full_like(best, lowest), best).to(data.dtype)
    else:
        total = _pool_sum(_windows(values.to(torch.float64), kernel, stride, pad, rights, 0.0), kernel, stride)
        if exclude:
            ones = torch.ones((1, 1) + tuple(values.shape[2:]), dtype=torch.float64, device=values.device)
            count = _pool_sum(_windows(ones, kernel, stride, pad, rights, 0.0), kernel, stride)
        else:
            count = torch.tensor(float(math.prod(kernel)), dtype=torch.float64, device=values.device)
        out = _quantized(total.to(_F32) / count.to(_F32), data.dtype)
    outputs = (out.contiguous(), min_data.detach().reshape(1).clone(), max_data.detach().reshape(1).clone())
    return _graded("_contrib_quantized_pooling", outputs, (min_data, max_data), zero=True)


# ---- quantized_embedding ---------------------------------------------------------------------------

def _embedding(data, weight, min_weight, max_weight, *, input_dim, output_dim, dtype="float32", sparse_grad=False):
    if data.dim() == 0:
        _known(data)
    if tuple(weight.shape) != (input_dim, output_dim):
        raise ValueError(f"Shape inconsistent, Provided = {_dims(weight.shape)}, "
                         f"inferred shape=({input_dim},{output_dim})")
    _check_ranges((min_weight, max_weight))
    _known(data, weight)
    if weight.dtype is not torch.int8:
        raise TypeError(f"Type inconsistent, Provided = {dtypes.name_of(weight.dtype)}, inferred type = int8")
    index = data.detach().to(torch.float64)
    # C's int64_t cast gives INT64_MIN (row 0) for NaN, inf and values beyond the int64 range
    index = torch.where(index.abs() < 2.0 ** 63, index.clamp(0, input_dim - 1), torch.zeros_like(index))
    out = weight.detach()[index.trunc().to(torch.int64)]
    outputs = (out, min_weight.detach().reshape(1).clone(), max_weight.detach().reshape(1).clone())
    return _graded("_contrib_quantized_embedding", outputs, (data, min_weight, max_weight), zero=True)


# ---- the table ----------------------------------------------------------------------------------------

def _optional_calib(name):
    return Param(name, optional_float32, None, "calibrated output range, used to requantize the output (with its pair)")


def _params_of(name):
    """The parameters of the float operator ``name`` (its parsers, defaults and docs)."""
    return tuple(REGISTRY[name].params)


_RANGES = ("data", "min_data", "max_data")
_BINARY = ("lhs", "rhs", "lhs_min", "lhs_max", "rhs_min", "rhs_max")
_CALIB = (_optional_calib("min_calib_range"), _optional_calib("max_calib_range"))

TABLE = declare([
    OpSpec("_contrib_quantized_act", _act, inputs=_RANGES, params=_params_of("Activation"), family="quantized_basic",
           doc="ReLU of int8/uint8 data: int8 output and the input's range."),
    OpSpec("_contrib_quantized_flatten", _flatten, inputs=_RANGES, family="quantized_basic",
           doc="Flatten quantized data to 2-D, keeping its type and range."),
    OpSpec(_CONCAT, _concat, inputs=("*data",), params=_params_of("concat"), family="quantized_basic",
           doc="Join int8/uint8 arrays (then their mins, maxs) along an axis, rescaled to the widest range."),
    OpSpec(_ADD, _add, inputs=_BINARY, params=_CALIB, family="quantized_basic",
           doc="Sum of int8/uint8 arrays: int32 (or the calibrated int8/uint8) output and its range."),
    OpSpec(_MUL, _mul, inputs=_BINARY, params=_CALIB + (
        Param("enable_float_output", parse_bool, False, "return one float32 output instead of int32/int8 and range"),
    ), family="quantized_basic", doc="Product of int8 arrays: int32 (or calibrated int8, or float32) output."),
    OpSpec("_contrib_quantized_pooling", _pooling, inputs=_RANGES, params=_params_of("Pooling"),
           family="quantized_basic", doc="2-D/3-D max or average pooling of int8/uint8 data, keeping type and range."),
    OpSpec("_contrib_quantized_embedding", _embedding, inputs=("data", "weight", "min_weight", "max_weight"),
           params=_params_of("Embedding"), family="quantized_basic",
           doc="Rows of an int8 weight at the given indices, with the weight's range."),
])
