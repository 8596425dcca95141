"""Miscellaneous operators: AMP casts (amp_cast, amp_multicast), reset_arrays, and contrib's
allclose, quadratic, div_sqrt_dim and count_sketch.

Parameters are float32 in MXNet (``float rtol``, ``float a``), so every body rounds them to
float32 first; integer results of float arithmetic truncate toward zero, as C++ assignment does.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ... import dtypes
from ...errors import MXNetError
from ...integer_variables import RecordedFunction
from ...params import ParamError, parse_bool, parse_dtype, parse_float, parse_int
from ...registry import OpSpec, Param, declare


def _float32(value) -> float:
    """A Python float holding the float32 MXNet stores for a ``float`` parameter."""
    return float(np.float32(value))


def _truncate(values, dtype):
    """C++ float -> DType assignment: floats round; integers truncate toward zero, smaller ones than
    int64 through int32 (x86's cvttss2si: NaN, inf and out-of-range values give INT_MIN, whose low
    byte is 0 for int8/uint8)."""
    if dtype.is_floating_point or dtype is torch.int64:
        return values.to(dtype)
    return values.to(torch.int32).to(dtype)


def _mshadow_rounding(dtype):
    """How mshadow rounds ``half_t op float``: to half precision after every operation (torch would
    instead round the scalar operand to half first); other types keep the float result."""
    if dtype is torch.float16:
        return lambda values: values.to(torch.float16).to(torch.float32)
    return lambda values: values


def _check_count(op_name, arrays, expected):
    if len(arrays) != expected:
        raise ValueError(f"Operator {op_name} expects {expected} inputs, but got {len(arrays)} instead.")


# ---- AMP casts (src/operator/tensor/amp_cast.h) -------------------------------------------------

_LOW_PRECISION = frozenset({torch.float32, torch.float16, torch.bfloat16})
_AMP_DTYPES = ("bfloat16", "float16", "float32", "float64", "int32", "int64", "int8", "uint8")


def _parse_amp_dtype(value):
    """amp_cast's dtype enum; MXNet's frontend passes it through ``np.dtype``, which knows no bfloat16."""
    if isinstance(value, str) and value == "bfloat16":
        raise TypeError("data type 'bfloat16' not understood")
    name = parse_dtype(value)
    if name not in _AMP_DTYPES:
        raise ParamError(None, value, f"Invalid Input: '{name}', valid values are: "
                                      f"{{{', '.join(map(repr, _AMP_DTYPES))}}}")
    return name


def _amp_convert(data, target):
    """Cast a low-precision float array to ``target`` as MXNet 1.9.1's CPU build does.

    float32 -> integer goes through MKL-DNN's reorder, which rounds half to even and saturates;
    other casts are mshadow's ``tcast`` (C++ conversion: integers truncate).
    """
    if target is data.dtype:
        return data.clone()
    if target.is_floating_point:
        return data.to(target)
    if data.dtype is not torch.float32:
        return _truncate(data, target)
    info = torch.iinfo(target)
    high = np.float32(info.max)
    if float(high) > info.max:  # the largest float32 not above the integer maximum
        high = np.nextafter(high, np.float32(0))
    return data.clamp(float(info.min), float(high)).round().to(target)


def _amp_cast(data, *, dtype):
    """Cast between low-precision floats and float32; other input types pass through unchanged."""
    if data.dtype not in _LOW_PRECISION:
        return data.clone()
    return _amp_convert(data, dtypes.to_torch(dtype))


def _amp_multicast(*data, num_outputs, cast_narrow):
    """AMPMultiCastType: cast the low-precision float inputs to the widest (or narrowest) one.

    Without ``cast_narrow`` the target starts as the FIRST input's type and becomes float32 if
    any input is float32 (so ``(float64, float16)`` casts the float16 to float64, as in MXNet).
    """
    _check_count("amp_multicast", data, num_outputs)
    for array in data:
        if array.dtype is torch.bool:
            raise ValueError("Unknown type enum 7")
    target = torch.float32 if cast_narrow else (data[0].dtype if data else torch.float32)
    for array in data:
        if not cast_narrow and array.dtype is torch.float32:
            target = torch.float32
        elif cast_narrow and array.dtype in (torch.float16, torch.bfloat16):
            target = array.dtype
    results = tuple(_amp_convert(a, target) if a.dtype in _LOW_PRECISION else a.clone() for a in data)
    return results[0] if len(results) == 1 else results


# ---- reset_arrays (src/operator/contrib/reset_arrays-inl.h) -------------------------------------

_REAL = frozenset({torch.float16, torch.float32, torch.float64})  # MSHADOW_REAL_TYPE_SWITCH


def _reset_arrays(*data, num_arrays):
    """Zero every input IN PLACE (MXNet's FMutateInputs); there are no outputs."""
    _check_count("reset_arrays", data, num_arrays)
    for array in data:
        if array.dtype not in _REAL:
            raise ValueError(f"This operation only support floating point types, not {dtypes.name_of(array.dtype)}")
    with torch.no_grad():
        for array in data:
            array.zero_()
    return ()


# ---- contrib: allclose, quadratic, div_sqrt_dim --------------------------------------------------


def _allclose(a, b, *, rtol, atol, equal_nan):
    """allclose_forward: ``a == b or |a - b| <= atol + rtol * |b|`` in the input's arithmetic,
    reduced to one uint8 0/1 of shape ()."""
    if a.shape != b.shape:
        raise ValueError(f"allclose: the shapes of a {list(a.shape)} and b {list(b.shape)} must be equal")
    rtol, atol = _float32(rtol), _float32(atol)
    if a.is_floating_point():
        step = _mshadow_rounding(a.dtype)
        work = torch.float64 if a.dtype is torch.float64 else torch.float32
        left, right = a.to(work), b.to(work)
        close = (left == right) | (step((left - right).abs()) <= step(step(right.abs() * rtol) + atol))
        a_nan, b_nan = a.isnan(), b.isnan()
        close = torch.where(a_nan | b_nan, (a_nan == b_nan) & equal_nan, close)
    else:  # integers: exact difference, compared with a float tolerance
        difference = (a.to(torch.int64) - b.to(torch.int64)).abs().to(torch.float32)
        close = (a == b) | (difference <= b.to(torch.float32).abs() * rtol + atol)
    return close.all().to(torch.uint8)


def _count_sketch(data, h, s, *, out_dim, processing_batch_size=32):
    """count_sketch (count_sketch-inl.h): ``out[n, h[i]] += s[i] * data[n, i]`` over the last axis of
    2-D ``(N, d)`` or 4-D ``(a, b, c, d)`` data, with ``h`` and ``s`` of shape ``(1, d)``; the data's
    gradient is MXNet's ``grad[n, i] = s[i] * out_grad[n, h[i]]``, the signs get theirs by the
    product rule, the hashes none. MXNet 1.9.1 runs it on GPU only; mxnd runs it on every device."""
    op = "_contrib_count_sketch"
    if data.dim() not in (2, 4):
        raise MXNetError(f"{op}: Check failed: dshape.ndim() == 2 ({data.dim()} vs. 2) : Data should be 2D or 4D!")
    width = data.shape[-1]
    for name, table in (("H", h), ("S", s)):
        if table.dim() < 2 or table.shape[1] != width:
            got = table.shape[1] if table.dim() >= 2 else list(table.shape)
            raise MXNetError(f"{op}: {name} should be 2D tensor with same length as input shape[{data.dim() - 1}], "
                             f"{got} v.s. {width}")
        if table.dtype != data.dtype:
            raise MXNetError(f"{op}: the type of {name.lower()} ({dtypes.name_of(table.dtype)}) must be the "
                             f"data's ({dtypes.name_of(data.dtype)})")
    if data.dtype is torch.float16:
        raise MXNetError(f"{op}: float16 count sketch layer is currently not supported.")
    if data.dtype not in (torch.float32, torch.float64):
        raise MXNetError(f"{op}: Unsupported type {dtypes.name_of(data.dtype)}")
    if out_dim <= 0:
        raise MXNetError(f"{op}: out_dim must be positive, got {out_dim}")
    index = h.detach().reshape(-1)[:width].to(torch.int64)  # the C kernel's int conversion: truncation
    if index.numel() and (int(index.min()) < 0 or int(index.max()) >= out_dim):
        raise MXNetError(f"{op}: every hash in h must lie in [0, out_dim={out_dim}), "
                         f"got {int(index.min())} to {int(index.max())}")
    rows = data.reshape(-1, width)
    signed = rows * s.reshape(-1)[:width]
    out = torch.zeros(rows.shape[0], out_dim, dtype=data.dtype, device=data.device).index_add(1, index, signed)
    return out.reshape(*data.shape[:-1], out_dim)


def _quadratic_value(data, a, b, c):
    """``x * (a * x + b) + c`` (quadratic_forward), in float for integer and half inputs."""
    step = _mshadow_rounding(data.dtype)
    x = data if data.dtype is torch.float64 else data.to(torch.float32)
    return _truncate(step(step(x * step(step(x * a) + b)) + c), data.dtype)


class _Quadratic(RecordedFunction):
    """quadratic with quadratic_backward's gradient: ``grad * (2 * a * x + b)``."""

    @staticmethod
    def forward(ctx, data, a, b, c):
        ctx.save_for_backward(data)
        ctx.two_a, ctx.b = _float32(np.float32(2) * np.float32(a)), b
        return _quadratic_value(data, a, b, c)

    @staticmethod
    def backward(ctx, grad):
        (data,) = ctx.saved_tensors
        return _quadratic_gradient(grad, data, ctx.two_a, ctx.b), None, None, None


def _quadratic_gradient(grad, data, two_a, b):
    """quadratic_backward: ``grad * (2 * a * x + b)``, rounded as mshadow rounds each step."""
    step = _mshadow_rounding(data.dtype)
    work = torch.float64 if data.dtype is torch.float64 else torch.float32
    slope = step(step(data.to(work) * two_a) + b)
    return step(grad.to(work) * slope).to(data.dtype)


def _backward_quadratic(ograd, data, *, a, b, c):
    """``_contrib_backward_quadratic``: quadratic's gradient as an operator of its own."""
    if ograd.shape != data.shape:
        raise MXNetError(f"_contrib_backward_quadratic: ograd {list(ograd.shape)} and data "
                         f"{list(data.shape)} must have one shape")
    return _quadratic_gradient(ograd, data, _float32(np.float32(2) * np.float32(a)), _float32(b))


def _quadratic(data, *, a, b, c):
    a, b, c = _float32(a), _float32(b), _float32(c)
    if data.requires_grad:
        return _Quadratic.apply(data, a, b, c)
    return _quadratic_value(data, a, b, c)


def _div_sqrt_dim(data):
    """DivSqrtDimForward_: ``x / DType(sqrt(x.shape[-1]))``; integers divide by the truncated root."""
    if data.dim() < 1 or data.numel() == 0:
        raise ValueError(f"div_sqrt_dim needs a non-empty array of at least 1 dimension, got shape {list(data.shape)}")
    root = math.sqrt(data.shape[-1])
    if data.is_floating_point():  # the divisor is rounded to the input type first (DType(sqrt_dim))
        return data / torch.tensor(root, dtype=data.dtype, device=data.device)
    return torch.div(data, int(root), rounding_mode="trunc")


MISC = declare([
    OpSpec("amp_cast", _amp_cast, params=(
        Param("dtype", _parse_amp_dtype, doc="Output data type (low-precision float inputs only)."),
    ), family="misc", no_bool=True, differentiable=True,
        doc="Cast between low precision float/FP32 used by AMP; other types are left as they are."),
    OpSpec("amp_multicast", _amp_multicast, inputs=("*data",), params=(
        Param("num_outputs", parse_int, doc="Number of input/output pairs to be casted to the widest type."),
        Param("cast_narrow", parse_bool, False, "Whether to cast to the narrowest type"),
    ), family="misc", differentiable=True,
        doc="Cast the low precision float inputs to their widest (or narrowest) common float type."),
    OpSpec("reset_arrays", _reset_arrays, inputs=("*data",), params=(
        Param("num_arrays", parse_int, doc="number of input arrays."),
    ), family="misc", doc="Set every input array to zero in place; returns no outputs."),
    OpSpec("_contrib_allclose", _allclose, inputs=("a", "b"), params=(
        Param("rtol", parse_float, 1e-05, "Relative tolerance."),
        Param("atol", parse_float, 1e-08, "Absolute tolerance."),
        Param("equal_nan", parse_bool, True, "Whether NaNs in a and b at the same place compare equal."),
    ), family="misc", same_dtype=True, no_bool=True,
        doc="1 (uint8, shape ()) if |a - b| <= atol + rtol * |b| everywhere, else 0."),
    OpSpec("_contrib_count_sketch", _count_sketch, inputs=("data", "h", "s"), params=(
        Param("out_dim", parse_int, doc="The output dimension."),
        Param("processing_batch_size", parse_int, 32, "How many samples are processed at a time (ignored)."),
    ), family="misc", differentiable=True,
        doc="Count sketch of the last axis: out[..., h[i]] += s[i] * data[..., i] (MXNet: GPU only)."),
    OpSpec("_contrib_quadratic", _quadratic, params=(
        Param("a", parse_float, 0.0, "Coefficient of the quadratic term in the quadratic function."),
        Param("b", parse_float, 0.0, "Coefficient of the linear term in the quadratic function."),
        Param("c", parse_float, 0.0, "Constant term in the quadratic function."),
    ), family="misc", no_bool=True, differentiable=True, doc="f(x) = a * x^2 + b * x + c, elementwise."),
    OpSpec("_contrib_backward_quadratic", _backward_quadratic, inputs=("ograd", "data"), params=(
        Param("a", parse_float, 0.0, "Coefficient of the quadratic term in the quadratic function."),
        Param("b", parse_float, 0.0, "Coefficient of the linear term in the quadratic function."),
        Param("c", parse_float, 0.0, "Constant term in the quadratic function."),
    ), family="misc", same_dtype=True, no_bool=True, doc="quadratic's gradient: ograd * (2 * a * data + b)."),
    OpSpec("_contrib_div_sqrt_dim", _div_sqrt_dim, family="misc", no_bool=True, differentiable=True,
           doc="Rescale the input by the square root of its last dimension: data / sqrt(data.shape[-1])."),
])
