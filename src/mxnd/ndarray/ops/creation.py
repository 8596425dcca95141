"""Creation operators on the registry: zeros_like, ones_like (fluent, as in MXNet) and the
no-input ``mx.nd._internal`` operators behind MXNet's Python creation functions: ``_zeros``,
``_ones``, ``_full``, ``_arange``, ``_linspace`` and ``_eye`` (init_op.h), on ``ctx`` (default:
the current context). The tensor helpers here also make the arrays of ``mx.nd.zeros``, ``full``,
``arange``, ``linspace`` and ``eye`` (ndarray/creation.py).
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ... import dtypes
from ...context import Context, current_context
from ...errors import MXNetError, device_errors
from ...params import dtype_enum, parse_bool, parse_float, parse_int, parse_shape
from ...recording import FLAGS
from ...registry import REQUIRED, OpSpec, Param, declare
from .random import _CTX, _SHAPE, _size
from .unary import as_dtype_scalar

__all__ = ["CREATION", "filled_tensor", "fill_value", "range_tensor", "linspace_tensor", "eye_tensor"]

# ---- the tensors of the creation functions (mx.nd.zeros ... and the operators below) ------------

_MAKERS = {None: torch.empty, 0: torch.zeros, 1: torch.ones}


def filled_tensor(shape, ctx: Context, target: torch.dtype, fill, name: str) -> torch.Tensor:
    """A tensor of ``shape`` and dtype ``target`` on ``ctx``'s device holding ``fill`` (a value
    already in ``target``, see ``fill_value``; None leaves it uninitialized)."""
    shape, device = parse_shape(shape), ctx.device
    try:
        maker = _MAKERS.get(fill) if type(fill) is int or fill is None else None
        if maker is not None and ctx.device_typeid != 2:
            # the host, torch's default dtype: skip torch's keyword parsing (and its sequence
            # parsing: torch.zeros(4, 4) is 0.5 us faster than torch.zeros((4, 4)))
            tensor = maker(*shape) if shape else maker(shape)
            if tensor.dtype is not target:
                tensor = maker(shape, dtype=target)
        elif maker is not None:
            tensor = maker(shape, dtype=target, device=device)
        else:
            tensor = torch.full(shape, fill, dtype=target, device=device)
    except RuntimeError as error:
        if any(size < 0 for size in shape):  # torch's own wording varies between releases
            error = "dimension sizes must be non-negative"
        raise MXNetError(f"{name}: cannot create an array of shape {shape}: {error}") from None
    return tensor


def fill_value(value, target: torch.dtype):
    """``static_cast<DType>(value)`` of MXNet's fill kernels (init_op.h ``Fill``): integers truncate
    and wrap, bool is ``value != 0``.

    >>> fill_value(300, torch.uint8), fill_value(-3.7, torch.int32), fill_value(0.5, torch.bool)
    (44, -3, True)
    """
    return as_dtype_scalar(float(value), target)


def range_tensor(start: float, stop: float, step: float, repeat: int, dtype: torch.dtype, device,
                 name: str) -> torch.Tensor:
    """``start + (i // repeat) * step`` over [start, stop) as init_op.h ``RangeShape`` checks and
    ``RangeCompute`` computes: float32/float64 in the dtype; other dtypes read start and step as
    integers first (signed ones by ``DType(x)``; uint8, float16 and bfloat16, for which
    ``std::is_signed`` is false, by ``index_t(x)``), then wrap.

    >>> range_tensor(0.5, 3, 1.5, 1, torch.float16, 'cpu', 'arange').tolist()
    [0.0, 1.0]
    """
    if step == 0:
        raise MXNetError(f"{name}: Range does not support step=0, received {_text(step)}")
    if repeat <= 0:
        raise MXNetError(f"{name}: Range only supports repeat > 0, received {repeat}")
    if not (start < stop if step > 0 else start > stop):
        raise MXNetError(f"{name}: Invalid range (start, stop, step) = "
                         f"({_text(start)},{_text(stop)},{_text(step)})")
    count = (stop - start) / step
    _check_size(count * repeat, name)
    count = math.ceil(count)
    with device_errors(name):
        if dtype is torch.float32 or dtype is torch.float64:
            first, spacing = torch.tensor(start, dtype=dtype), torch.tensor(step, dtype=dtype)
            values = torch.arange(count, dtype=dtype, device=device) * spacing.to(device) + first.to(device)
        else:
            values = (torch.arange(count, device=device) * int(step) + int(start)).to(dtype)
        return values.repeat_interleave(repeat) if repeat > 1 else values


def linspace_tensor(start: float, stop: float, num: int, endpoint: bool, dtype: torch.dtype, device,
                    name: str) -> torch.Tensor:
    """``DType(start + i * step)`` with the step in double (init_op.h ``LinspaceCompute``).

    >>> linspace_tensor(0, 10, 4, True, torch.int32, 'cpu', 'linspace').tolist()
    [0, 3, 6, 10]
    """
    if num < 0:
        raise MXNetError(f"{name}: Number of sequence should be non-negative, received {num}")
    divisor = num - 1 if endpoint else num
    step = (stop - start) / divisor if divisor > 0 else 0.0
    _check_size(num, name)
    with device_errors(name):
        values = torch.arange(num, dtype=torch.float64, device=device) * step + start
        if dtype.is_floating_point:
            return values.to(dtype)
        return values.trunc().to(torch.int64).to(dtype)  # C's truncation, then the wrap of x86


def eye_tensor(N: int, M: int, k: int, dtype: torch.dtype, device, name: str) -> torch.Tensor:
    """An ``N x M`` matrix with ones on diagonal ``k``; ``M <= 0`` means ``N`` (init_op.h ``EyeFill``)."""
    M = M if M > 0 else N
    if N < 0:
        raise MXNetError(f"{name}: Shape dim size cannot be a negative value {N}")
    with device_errors(name):
        return torch.from_numpy(np.eye(N, M, k, dtype=np.float64)).to(device=device, dtype=dtype)


def _text(value):
    return "%g" % value


def _check_size(size: float, name: str) -> float:
    """``size`` (a number of elements), if torch can index that many (else MXNetError; beneath,
    an allocation too large for the device raises its own MXNetError)."""
    if not size < 2 ** 62:  # NaN included
        raise MXNetError(f"{name}: Size of tensor you are trying to allocate is too large: {_text(size)} elements")
    return size


# ---- the operators ---------------------------------------------------------------------------


_ALL = ("bfloat16", "float16", "float32", "float64", "int32", "int64", "int8", "uint8")
_ALL_DTYPES = dtype_enum(*_ALL, "bool", optional=False)  # MXNET_ADD_ALL_TYPES_WITH_BOOL
_RANGE_DTYPES = dtype_enum(*_ALL, optional=False)  # MXNET_ADD_ALL_TYPES
_EYE_DTYPES = dtype_enum(*(name for name in _ALL if name != "bfloat16"), optional=False)  # EyeParam's enum


def _dtype(doc_types, parse=_ALL_DTYPES):
    return Param("dtype", parse, "float32", f"dtype of the output: {doc_types}")


def _parse_optional_float(value):
    """RangeParam's ``stop``: a float, or None (``'None'``) when not given."""
    return None if value is None or value == "None" else parse_float(value)


def _on(ctx):
    return ctx or current_context()


def _torch(dtype: str) -> torch.dtype:
    return dtypes.BY_NAME[dtype].torch


def _filler(fill, name):
    """The body of ``_zeros`` (fill 0) or ``_ones`` (fill 1)."""
    def body(*, shape, ctx, dtype):
        return filled_tensor(_size(shape), _on(ctx), _torch(dtype), fill, name)
    return body


def _full(*, shape, ctx, dtype, value):
    target = _torch(dtype)
    return filled_tensor(_size(shape), _on(ctx), target, fill_value(value, target), "_full")


def _arange(*, start, stop, step, repeat, infer_range, ctx, dtype):
    """RangeParamParser: without ``stop`` (and infer_range) the range is [0, start)."""
    if stop is None:
        if infer_range:  # the size would come from the output's shape, which nothing gives here
            raise ValueError("Operator _arange inferring shapes failed: infer_range=True needs stop")
        start, stop = 0.0, start
    return range_tensor(start, stop, step, repeat, _torch(dtype), _on(ctx).device, "_arange")


def _linspace(*, start, stop, num, endpoint, ctx, dtype):
    return linspace_tensor(start, stop, num, endpoint, _torch(dtype), _on(ctx).device, "_linspace")


def _eye(*, N, M, k, ctx, dtype):
    return eye_tensor(N, M, k, _torch(dtype), _on(ctx).device, "_eye")


_FLOAT32_TINY, _FLOAT32_MAX = float(np.finfo(np.float32).tiny), float(np.finfo(np.float32).max)


def _parse_real(value) -> float:
    """``_set_value``'s ``src``: a float32 (MXNet's ``real_t``, read by ``std::stof``: a value
    outside float32's range raises), returned rounded to float32.

    >>> _parse_real(0.1)
    0.10000000149011612
    """
    number = parse_float(value)
    if math.isfinite(number) and number != 0 and not _FLOAT32_TINY <= abs(number) <= _FLOAT32_MAX:
        raise MXNetError("Out of range value")
    return float(np.float32(number))


def _set_value(*, src, out):
    """Fill the ``out=`` array with ``src`` cast to its dtype (ndarray.cc ``SetValueOp``)."""
    if out is None:
        if FLAGS.get().recording:  # the builder hands writes_out bodies no out= tensor then
            raise ValueError("mxnd cannot write out= inside autograd.record(); call it outside")
        raise ValueError("Set value target must not be empty")
    with torch.no_grad():  # a plain write, as MXNet's outside record (into a variable too)
        return out.fill_(fill_value(src, out.dtype))


_ALL_DOC = "any MXNet dtype, bool included (default float32)"
_RANGE_DOC = "any MXNet dtype but bool (default float32)"
_FILL_PARAMS = (_SHAPE, _CTX, _dtype(_ALL_DOC))

CREATION = declare([
    OpSpec("zeros_like", torch.zeros_like, fluent=True, family="creation",
           doc="An array of zeros with the shape and dtype of the input."),
    OpSpec("ones_like", torch.ones_like, fluent=True, family="creation",
           doc="An array of ones with the shape and dtype of the input."),
    OpSpec("_zeros", _filler(0, "_zeros"), inputs=(), params=_FILL_PARAMS, family="creation",
           doc="An array of zeros of the given shape, dtype and context."),
    OpSpec("_ones", _filler(1, "_ones"), inputs=(), params=_FILL_PARAMS, family="creation",
           doc="An array of ones of the given shape, dtype and context."),
    OpSpec("_full", _full, inputs=(), params=_FILL_PARAMS + (
        Param("value", parse_float, REQUIRED, "the fill value, cast to dtype (integers truncate and wrap)"),
    ), family="creation", doc="An array of the given shape, dtype and context filled with value."),
    OpSpec("_arange", _arange, inputs=(), params=(
        Param("start", parse_float, REQUIRED, "start of the interval (included); the stop when stop is None"),
        Param("stop", _parse_optional_float, None, "end of the interval (excluded); None: [0, start)"),
        Param("step", parse_float, 1.0, "spacing between values"),
        Param("repeat", parse_int, 1, "times each value is repeated"),
        Param("infer_range", parse_bool, False, "infer stop from the output size (needs stop here)"),
        _CTX, _dtype(_RANGE_DOC, _RANGE_DTYPES),
    ), family="creation", doc="Evenly spaced values in [start, stop), each repeated repeat times."),
    # MXNet documents RangeParam's fields for _linspace but parses LinspaceParam: these are its fields
    OpSpec("_linspace", _linspace, inputs=(), params=(
        Param("start", parse_float, REQUIRED, "the first value"),
        Param("stop", parse_float, REQUIRED, "the last value (or the bound, without endpoint)"),
        Param("num", parse_int, REQUIRED, "number of values, non-negative"),
        Param("endpoint", parse_bool, True, "include stop as the last value"),
        _CTX, _dtype(_RANGE_DOC, _RANGE_DTYPES),
    ), family="creation", doc="num evenly spaced values from start to stop."),
    OpSpec("_eye", _eye, inputs=(), params=(
        Param("N", parse_int, REQUIRED, "number of rows"),
        Param("M", parse_int, 0, "number of columns; 0 (or less) means N"),
        Param("k", parse_int, 0, "the diagonal of ones: 0 the main one, > 0 above, < 0 below"),
        _CTX, _dtype("any MXNet dtype but bool and bfloat16 (default float32)", _EYE_DTYPES),
    ), family="creation", doc="A 2-D array with ones on diagonal k and zeros elsewhere."),
    # MXNET_REGISTER_NDARRAY_FUN(_set_value): no inputs, out= required
    OpSpec("_set_value", _set_value, inputs=(), writes_out=True, family="creation", params=(
        Param("src", _parse_real, REQUIRED, "the value (a float32), cast to out's dtype"),
    ), doc="Set every element of the out= array to src."),
])
