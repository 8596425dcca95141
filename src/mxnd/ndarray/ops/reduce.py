"""Reductions: sum, mean, prod, nansum, nanprod, max, min, norm, argmax/argmin, moments, cumsum, finiteness.

MXNet 1.x rules kept here (src/operator/tensor/broadcast_reduce_op.h and friends):

- results keep the input dtype: integer sums wrap around, an integer mean truncates
  (``sum / N`` in the dtype), a boolean sum is ``any`` and a boolean product ``all``;
  argmax/argmin return indices in the input dtype;
- ``axis`` is an int, a tuple or None (all axes); ``exclude`` reduces the axes *not* named;
  a reduction over every axis gives shape ``(1,)`` (``ReduceAxesShapeImpl``);
- a 0-d input, or an output with a zero-size dimension, fails shape inference (MXNet's
  legacy shapes treat 0 as unknown);
- the gradient of max/min goes in full to every element equal to the result.
"""
from __future__ import annotations

import functools

import torch

from ... import dtypes
from ...fast_paths import on_host
from ...integer_variables import RecordedFunction
from ...params import dtype_enum, parse_axis, parse_bool, parse_int, parse_optional_int
from ...registry import REQUIRED, OpSpec, Param, declare
from .optimizer_updates import _SCALAR, _sum_sq

__all__ = ["reduced_dims", "reduce_axes"]

_ZERO_DIM = "inferring shapes failed: a 0-d array has no axis to reduce"
_EMPTY_OUTPUT = "inferring shapes failed: the output shape {} has a zero-size dimension"


# ---- parameters ------------------------------------------------------------------------

# ---- axes and the shared reduction driver ------------------------------------------------

@functools.lru_cache(maxsize=1024)
def reduced_dims(ndim: int, axis, exclude: bool) -> tuple:
    """Sorted dims a reduction runs over, validated as ``ReduceAxesShapeImpl`` does.

    >>> reduced_dims(3, None, False), reduced_dims(3, -1, False), reduced_dims(3, (0, 2), True)
    ((0, 1, 2), (2,), (1,))
    """
    if axis is None or axis == ():
        return tuple(range(ndim))
    named = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = sorted(a + ndim if a < 0 else a for a in named)
    for previous, current in zip(axes, axes[1:]):
        if previous == current:
            raise ValueError(f"Reduction axes have duplicates {axes}")
    if axes[-1] >= ndim or axes[0] < 0:
        wrong = axes[-1] if axes[-1] >= ndim else list(named)
        raise ValueError(f"Reduction axis {wrong} Exceeds input dimensions ({ndim}-d input)")
    if exclude:
        return tuple(d for d in range(ndim) if d not in axes)
    return tuple(axes)


def reduce_axes(data, axis, keepdims: bool, exclude: bool, body):
    """Run ``body(data, dims, keepdim)`` over the reduced dims with MXNet's output shape.

    ``dims`` is None when every axis is reduced (the body returns a 0-d tensor, reshaped to
    ``(1,)`` or all ones); an ``exclude`` that names every axis reduces nothing (a copy).
    """
    ndim = data.dim()
    if not ndim:
        raise ValueError(_ZERO_DIM)
    dims = reduced_dims(ndim, axis, exclude)
    if not dims:
        return body(data.unsqueeze(0), (0,), False)  # nothing to reduce: the values, in the op's dtype
    if len(dims) == ndim:
        return _every_axis(body(data, None, False), ndim, keepdims)
    result = body(data, dims, keepdims)
    if not result.numel():
        raise ValueError(_EMPTY_OUTPUT.format(list(result.shape)))
    return result


def _every_axis(total, ndim: int, keepdims: bool):
    """The 0-d result of a reduction over every axis in MXNet's shape: (1,) or all ones.
    (``total[None]`` costs half of ``total.view((1,))``: 0.8 against 1.7 us.)"""
    return total.view((1,) * ndim) if keepdims else total[None]


# ---- reduction bodies: body(data, dims or None, keepdim); dims an int, a tuple or None (all) -----

def _sum(data, dims, keepdim):
    if data.is_floating_point():
        return torch.sum(data) if dims is None else torch.sum(data, dims, keepdim)
    if data.dtype is torch.bool:  # MXNet adds in bool: true + true is true
        return torch.any(data) if dims is None else torch.any(data, dim=dims, keepdim=keepdim)
    if dims is None:  # integer sums wrap around in the input dtype
        return torch.sum(data, dtype=data.dtype)
    return torch.sum(data, dims, keepdim, dtype=data.dtype)


def _count(data, result) -> int:
    return data.numel() // result.numel() if result.numel() else 0


def _mean(data, dims, keepdim):
    """MXNet divides the sum, written in the input dtype, by N (ReduceAxesComputeImpl with
    normalize): integer means truncate, a float16 sum that overflows stays inf."""
    dtype = data.dtype
    if dtype is torch.float32 or dtype is torch.float64:
        return torch.mean(data) if dims is None else torch.mean(data, dims, keepdim)
    total = _sum(data, dims, keepdim)
    if dtype is torch.bool:
        return total
    if dtype.is_floating_point:
        return total / _count(data, total)
    count = _count(data, total)
    if not count:
        raise ValueError("mean of an integer array over a zero-size axis divides by zero")
    return torch.div(total, count, rounding_mode="trunc")


def _prod(data, dims, keepdim):
    if data.dtype is torch.bool:
        return torch.all(data) if dims is None else torch.all(data, dim=dims, keepdim=keepdim)
    if dims is None:
        return torch.prod(data, dtype=data.dtype)
    if type(dims) is int:
        return torch.prod(data, dims, keepdim, dtype=data.dtype)
    result = data
    for dim in reversed(dims):  # torch.prod takes one dim; last first keeps the others' indices
        result = torch.prod(result, dim, keepdim, dtype=data.dtype)
    return result


def _nansum(data, dims, keepdim):
    if not data.is_floating_point():
        return _sum(data, dims, keepdim)
    if dims is None:
        return torch.nansum(data)
    return torch.nansum(data, dims, keepdim)


def _nanprod(data, dims, keepdim):
    if data.is_floating_point():
        data = data.masked_fill(torch.isnan(data), 1)
    return _prod(data, dims, keepdim)


class _TiedExtremum(RecordedFunction):
    """max/min with MXNet's gradient: every element equal to the result gets the whole
    output gradient (ReduceAxesBackwardUseInOut with mshadow_op::eq); torch splits it."""

    @staticmethod
    def forward(ctx, data, reducer, dims, keepdim):
        result = reducer(data) if dims is None else reducer(data, dims, keepdim)
        ctx.save_for_backward(data, result)
        ctx.dims, ctx.keepdim = dims, keepdim
        return result

    @staticmethod
    def backward(ctx, grad):
        data, result = ctx.saved_tensors
        if ctx.dims is not None and not ctx.keepdim:
            for dim in (ctx.dims,) if type(ctx.dims) is int else ctx.dims:
                grad, result = grad.unsqueeze(dim), result.unsqueeze(dim)
        return grad * (data == result).to(grad.dtype), None, None, None


def _extremum(reducer):
    def body(data, dims, keepdim):
        if data.requires_grad:
            return _TiedExtremum.apply(data, reducer, dims, keepdim)
        return reducer(data) if dims is None else reducer(data, dims, keepdim)
    return body


_max, _min = _extremum(torch.amax), _extremum(torch.amin)


def _reducer(body):
    """The impl of a sum-like operator: ``op(data, axis, keepdims, exclude)``."""
    def impl(data, *, axis=None, keepdims=False, exclude=False):
        ndim = data.dim()
        if axis is None and ndim:  # the common calls first: every axis, or one axis
            return _every_axis(body(data, None, False), ndim, keepdims)
        if type(axis) is int and not exclude and ndim > 1:
            result = body(data, axis, keepdims)  # an int dim (torch parses it faster than a tuple);
            # torch rejects an axis out of range
            if result.numel():
                return result
        return reduce_axes(data, axis, keepdims, exclude, body)
    return impl


# ---- norm ----------------------------------------------------------------------------------

def _l1_norm(data, dims, keepdim):
    magnitude = data if data.dtype is torch.bool or data.dtype is torch.uint8 else data.abs()
    return _sum(magnitude, dims, keepdim)


def _l2_norm(data, dims, keepdim):
    """torch's sqrt(sum(x^2)); where the squares overflow or underflow, rescale by max|x| as
    MXNet's ``nrm2`` reducer does (mshadow_op.h), so [1e20, 1e20] gives 1.41e20, not inf."""
    result = torch.linalg.vector_norm(data, 2, dim=dims, keepdim=keepdim)
    suspicious = (result == 0) | torch.isinf(result)
    if on_host(result) and not bool(suspicious.any()):  # (on a GPU: no read back, both computed)
        return result
    rescaled = _rescaled_l2_norm(data, dims, keepdim)
    return rescaled if on_host(result) else torch.where(suspicious, rescaled, result)


def _rescaled_l2_norm(data, dims, keepdim):
    scale = torch.amax(data.abs(), dim=dims, keepdim=True).detach()
    usable = torch.isfinite(scale) & (scale > 0)
    safe = torch.where(usable, scale, torch.ones_like(scale))
    rescaled = safe * torch.linalg.vector_norm(data / safe, 2, dim=dims, keepdim=True)
    rescaled = torch.where(usable, rescaled, torch.linalg.vector_norm(data, 2, dim=dims, keepdim=True))
    if dims is None:
        return rescaled.reshape(())
    return rescaled if keepdim else rescaled.squeeze(dims)


def _norm(data, *, ord=2, axis=None, out_dtype=None, keepdims=False):
    if ord not in (1, 2):
        raise ValueError("norm only supports ord=1 and ord=2")
    if out_dtype is not None and out_dtype != dtypes.name_of(data.dtype):
        # MXNet 1.9.1's LpNormCompute reads the output as the input dtype and fails otherwise
        raise TypeError(f"out_dtype {out_dtype} differs from the input dtype "
                        f"{dtypes.name_of(data.dtype)}; MXNet 1.9.1 supports only out_dtype "
                        f"equal to the input dtype")
    if ord == 2 and not data.is_floating_point():
        # MXNet runs the scaled nrm2 reducer in integer arithmetic: garbage (norm([3, 4]) = 4)
        raise TypeError(f"ord=2 norm of {dtypes.name_of(data.dtype)} data is not supported "
                        f"(MXNet 1.9.1 computes it in integer arithmetic); cast to a float dtype")
    return reduce_axes(data, axis, keepdims, False, _l1_norm if ord == 1 else _l2_norm)


# ---- argmax / argmin / argmax_channel --------------------------------------------------------

def _arg_extremum(finder):
    """argmax/argmin: the first index of the extremum (a NaN counts as one), in the input dtype."""
    def impl(data, *, axis=None, keepdims=False):
        ndim = data.dim()
        if not ndim:
            raise ValueError(_ZERO_DIM)
        if axis is None:
            if not data.numel():
                raise ValueError("inferring shapes failed: the input has no elements")
            found = finder(data.reshape(-1))
            return found.to(data.dtype).reshape((1,) * ndim if keepdims else (1,))
        if not -ndim <= axis < ndim:
            raise ValueError(f"axis {axis} exceeds the input dimension of {ndim}")
        if not data.shape[axis] or data.numel() // data.shape[axis] == 0:
            raise ValueError(_EMPTY_OUTPUT.format(list(data.shape)))
        found = finder(data, axis, keepdims).to(data.dtype)
        return found if found.dim() else found.reshape(1)  # reducing a 1-d input gives shape (1,)
    return impl


_argmax, _argmin = _arg_extremum(torch.argmax), _arg_extremum(torch.argmin)


def _argmax_channel(data):
    """argmax over axis 1 (broadcast_reduce_op_index.cc)."""
    return _argmax(data, axis=1)


# ---- moments ----------------------------------------------------------------------------------

def _safe_mean(data, dims, keepdim):
    """ReduceAxesComputeImpl<sum, safe_acc=true, normalize=true> (moments): mshadow_op::sum's
    stable Reduce (Kahan's loop in double; in float for float16), written in the dtype, divided
    there by N (itself in the dtype). The double sum stands in for Kahan's: rounded to float32 or
    float16 the two agree (a float64 mean can differ in the last bit). An infinity that is not the
    last element added makes Kahan's residual, and so the sum, NaN."""
    if dims is None:
        total = torch.sum(data, dtype=torch.float64)
    else:
        total = torch.sum(data, dims, keepdim, dtype=torch.float64)
    if not bool(torch.isfinite(total).all()):
        last = [slice(None)] * data.dim()
        for d in (range(data.dim()) if dims is None else dims):
            last[d] = slice(-1, None)
        early = torch.isinf(data)
        early[tuple(last)] = False
        early = early.any() if dims is None else early.sum(dims, keepdim) > 0
        total = torch.where(early, torch.full_like(total, float("nan")), total)
    count = data.numel() // max(total.numel(), 1)
    return total.to(data.dtype) / float(_SCALAR[data.dtype](count))


def _moments(data, *, axes=None, keepdims=False):
    """Mean, then the mean of squared deviations, each written in the input dtype (moments-inl.h)."""
    if axes is None or axes == ():
        raise ValueError("Empty axes is not supported, if you would like to do global moments, "
                         "please pass all axes to axes argument")
    body = _safe_mean if data.is_floating_point() else _mean
    mean = reduce_axes(data, axes, True, False, body)
    centered = data - mean
    variance = reduce_axes(centered * centered, axes, True, False, body)
    if keepdims:
        return mean, variance
    dims = reduced_dims(data.dim(), axes, False)
    shape = tuple(size for dim, size in enumerate(data.shape) if dim not in dims) or (1,)
    return mean.reshape(shape), variance.reshape(shape)


# ---- cumsum -------------------------------------------------------------------------------------

def _cumsum(a, *, axis=None, dtype=None):
    """np_cumsum: the input is cast to ``dtype`` first; bool sums as int64. MXNet 1.9.1 rejects
    negative axes (its kernel indexes the shape with them), so they raise here too."""
    if not a.dim():
        raise ValueError("Shape is unknown: cumsum of a 0-d array")
    target = dtypes.to_torch(dtype) if dtype else (torch.int64 if a.dtype is torch.bool else a.dtype)
    if axis is None:
        a, axis = a.reshape(-1), 0
    elif not -a.dim() <= axis < a.dim():
        raise ValueError(f"axis value {axis} out of range")
    elif axis < 0:
        raise ValueError(f"index = {axis} must be in range [0, {a.dim()}): MXNet 1.9.1's cumsum "
                         f"does not accept negative axes")
    return torch.cumsum(a.to(target), axis, dtype=target)


# ---- finiteness and sums of squares (AMP helpers) ---------------------------------------------

def _require_float(data):
    if not data.is_floating_point():
        raise TypeError(f"This operation only support floating point types, not "
                        f"{dtypes.name_of(data.dtype)}")


def _finite(data):
    """all_finite.cc casts each element to float first, so float64 beyond 3.4e38 is not finite."""
    _require_float(data)
    return torch.isfinite(data.float() if data.dtype is torch.float64 else data).all()


def _check_count(op_name: str, tensors, num_arrays: int):
    if len(tensors) != num_arrays:
        raise ValueError(f"Operator {op_name} expects {num_arrays} inputs, but got {len(tensors)} instead.")


def _all_finite(data, *, init_output=True):
    # init_output=False means "only ever write 0" in MXNet, which needs the previous out=;
    # without it MXNet returns uninitialized memory. mxnd writes the fresh 1/0 in both cases.
    return _finite(data).to(torch.float32).reshape(1)


def _multi_all_finite(*data, num_arrays=1, init_output=True):
    _check_count("multi_all_finite", data, num_arrays)
    finite = torch.stack([_finite(t) for t in data]).all()
    return finite.to(torch.float32).reshape(1)


def _multi_sum_sq(*data, num_arrays):
    """One float32 sum of squares per array; squares are taken in the input dtype (multi_sum_sq.cc)."""
    _check_count("multi_sum_sq", data, num_arrays)
    for tensor in data:
        _require_float(tensor)
    return _sum_sq(data)  # MultiLAMB's sequential sum on the host


# ---- the table --------------------------------------------------------------------------------

_AXIS_PARAMS = (
    Param("axis", parse_axis, None, "axis or axes to reduce; None reduces all of them"),
    Param("keepdims", parse_bool, False, "keep reduced axes as size-1 dimensions"),
    Param("exclude", parse_bool, False, "reduce the axes that are NOT in axis"),
)
_ARG_PARAMS = (
    Param("axis", parse_optional_int, None, "axis to search; None flattens the input"),
    Param("keepdims", parse_bool, False, "keep the reduced axis as a size-1 dimension"),
)

# name, body, aliases, what it computes
_REDUCTIONS = (
    ("sum", _sum, ("sum_axis",), "Sum of array elements over the given axes."),
    ("mean", _mean, (), "Mean of array elements over the given axes."),
    ("prod", _prod, (), "Product of array elements over the given axes."),
    ("nansum", _nansum, (), "Sum over the given axes, treating NaN as zero."),
    ("nanprod", _nanprod, (), "Product over the given axes, treating NaN as one."),
    ("max", _max, ("max_axis",), "Maximum over the given axes."),
    ("min", _min, ("min_axis",), "Minimum over the given axes."),
)

REDUCTIONS = declare([
    OpSpec(name, _reducer(body), params=_AXIS_PARAMS, aliases=aliases, fluent=True,
           differentiable=True, family="reduce", doc=doc)
    for name, body, aliases, doc in _REDUCTIONS
])

OTHERS = declare([
    OpSpec("norm", _norm, fluent=True, differentiable=True, family="reduce", params=(
        Param("ord", parse_int, 2, "order of the norm: 1 or 2"),
        Param("axis", parse_axis, None, "axis or axes to reduce; None reduces all of them"),
        Param("out_dtype", dtype_enum("float16", "float32", "float64", "int32", "int64", "int8",
                                      frontend=False), None,
              "output dtype; MXNet 1.9.1 accepts only the input dtype"),
        Param("keepdims", parse_bool, False, "keep reduced axes as size-1 dimensions"),
    ), doc="L1 or L2 norm over the given axes (a vector norm over all of them)."),
    OpSpec("argmax", _argmax, params=_ARG_PARAMS, fluent=True, family="reduce", no_bool=True,
           doc="Index of the first maximum along an axis, in the input dtype."),
    OpSpec("argmin", _argmin, params=_ARG_PARAMS, fluent=True, family="reduce", no_bool=True,
           doc="Index of the first minimum along an axis, in the input dtype."),
    OpSpec("argmax_channel", _argmax_channel, fluent=True, family="reduce", no_bool=True,
           doc="Index of the first maximum along axis 1, in the input dtype."),
    OpSpec("moments", _moments, differentiable=True, family="reduce", no_bool=True, params=(
        Param("axes", parse_axis, None, "axes to compute mean and variance over (required in practice)"),
        Param("keepdims", parse_bool, False, "keep reduced axes as size-1 dimensions"),
    ), doc="Mean and (population) variance over the given axes: two outputs."),
    OpSpec("cumsum", _cumsum, inputs=("a",), differentiable=True, family="reduce", params=(
        Param("axis", parse_optional_int, None, "axis of the running sum; None flattens the input"),
        Param("dtype", dtype_enum("float16", "float32", "float64", "int32", "int64", "int8"), None,
              "dtype of the result and accumulator; the input is cast to it first"),
    ), doc="Cumulative sum along an axis (MXNet's _np_cumsum)."),
    OpSpec("all_finite", _all_finite, family="reduce", no_bool=True, params=(
        Param("init_output", parse_bool, True, "initialize the output to 1"),
    ), doc="1.0 (float32, shape (1,)) if every element is finite, else 0.0."),
    OpSpec("multi_all_finite", _multi_all_finite, inputs=("*data",), family="reduce", no_bool=True,
           same_dtype=True, params=(
               Param("num_arrays", parse_int, 1, "number of input arrays"),
               Param("init_output", parse_bool, True, "initialize the output to 1"),
           ), doc="1.0 (float32, shape (1,)) if every element of every array is finite, else 0.0."),
    OpSpec("multi_sum_sq", _multi_sum_sq, inputs=("*data",), family="reduce", no_bool=True,
           same_dtype=True, params=(
               Param("num_arrays", parse_int, REQUIRED, "number of input arrays"),
           ), doc="Sum of squares of each input array, as one float32 vector."),
])
