"""Operators along one axis: topk, sort, argsort, softmax, log_softmax, softmin, histogram.

MXNet 1.x rules kept here (src/operator/tensor/ordering_op-inl.h, nn/softmax-inl.h,
tensor/histogram-inl.h):

- ``axis=None`` flattens the input; indices come back as float32 unless ``dtype`` says
  otherwise; ``topk(k<=0)`` sorts the whole axis; sort/argsort reject float16;
- ties keep their input order (a stable sort). MXNet's CPU kernel uses ``std::sort`` /
  ``std::partial_sort``, which is stable only for short axes (16 elements or fewer, k*8 > n),
  and its GPU kernel is a stable sort: mxnd is stable everywhere;
- softmax computes in the input dtype and casts to ``dtype``; ``temperature`` divides
  ``x - max``; ``use_length`` masks each row after ``length`` entries (zeros there).
"""
from __future__ import annotations

import warnings

import numpy as np
import torch

from ... import dtypes
from ...params import dtype_enum, enum, parse_bool, parse_float, parse_int, parse_optional_int
from ...registry import OpSpec, Param, TupleOutputs, declare
from .unary import c_cast

_INDEX_DTYPES = ("float16", "float32", "float64", "int32", "int64", "uint8")
_SOFTMAX_DTYPES = ("float16", "float32", "float64")


# ---- sorting ----------------------------------------------------------------------------

def _along(data, axis):
    """``(tensor, dim)`` to sort along: the flattened input for None, else the checked axis."""
    if axis is None:
        return data.reshape(-1), 0
    ndim = data.dim()
    dim = axis + ndim if axis < 0 else axis
    if not 0 <= dim < ndim:
        raise ValueError(f"Invalid axis! axis should be between 0 and {ndim}, found axis={dim}")
    return data, dim


def _sorted(data, axis, is_ascend):
    """Stable sort of ``data`` along ``axis``: ``(values, indices, dim, source)``."""
    source, dim = _along(data, axis)
    values, indices = torch.sort(source, stable=True, dim=dim, descending=not is_ascend)
    return values, indices, dim, source


def _reject_half(data):
    if data.dtype is torch.float16:  # MXNET_NO_FLOAT16_TYPE_SWITCH in Sort / ArgSort
        raise TypeError("This operation does not support float16")


def _topk(data, *, axis=-1, k=1, ret_typ="indices", is_ascend=False, dtype="float32"):
    values, indices, dim, source = _sorted(data, axis, is_ascend)
    count = source.shape[dim]
    k = count if k <= 0 else k
    if k > count:
        raise ValueError(f"k must be smaller than {count}, get k = {k}")
    if k < count:
        values, indices = values.narrow(dim, 0, k), indices.narrow(dim, 0, k)
    if ret_typ == "value":
        return values
    if ret_typ == "mask":  # 1 at the selected positions, in the input dtype
        mask = torch.zeros_like(source, requires_grad=False).scatter_(dim, indices, 1)
        return mask.reshape(data.shape)
    indices = indices.to(dtypes.to_torch(dtype))
    return (values, indices) if ret_typ == "both" else indices


def _sort(data, *, axis=-1, is_ascend=True):
    _reject_half(data)
    return _sorted(data, axis, is_ascend)[0]


def _argsort(data, *, axis=-1, is_ascend=True, dtype="float32"):
    _reject_half(data)
    return _sorted(data, axis, is_ascend)[1].to(dtypes.to_torch(dtype))


# ---- softmax family ------------------------------------------------------------------------

def _optional_array(input_name: str):
    """Parser of an optional array input given in a param slot (softmax's ``length``, the
    ``bins`` of _histogram): the NDArray's tensor, or None."""
    def parse(value):
        if value is None:
            return None
        tensor = getattr(value, "handle", None)  # NDArray.handle is its torch tensor
        if isinstance(tensor, torch.Tensor):
            return tensor
        raise AssertionError(f"Argument {input_name} must have NDArray type, but got {value!r}")
    return parse


def _parse_temperature(value):
    return None if value is None or value == "None" else parse_float(value)


def _length_mask(scores, length, dim):
    """True where the position along ``dim`` is below the row's length (softmax-inl.h)."""
    if length.is_floating_point() or length.dtype is torch.bool:
        raise TypeError(f"This operation only support integer types, not {dtypes.name_of(length.dtype)}")
    expected = scores.shape[:dim] + scores.shape[dim + 1:]
    if tuple(length.shape) != tuple(expected):
        raise ValueError(f"Shape inconsistent, Provided = {list(length.shape)}, inferred shape={list(expected)}")
    size = scores.shape[dim]
    if length.numel() and bool(((length < 0) | (length > size)).any()):
        # MXNet reads past the row (garbage, or a crash) for such lengths
        raise ValueError(f"length values must lie in [0, {size}], the size of axis {dim}")
    positions = torch.arange(size, device=scores.device).reshape((-1,) + (1,) * (scores.dim() - dim - 1))
    return positions < length.unsqueeze(dim)


def _softmax_family(normalize, negate=False, with_length=False):
    """softmax / log_softmax / softmin: ``normalize(scores, dim)`` on ``±data / temperature``."""
    def impl(data, length=None, *, axis=-1, temperature=None, dtype=None, use_length=False):
        if not data.is_floating_point():
            raise TypeError(f"This operation only support floating point types, not "
                            f"{dtypes.name_of(data.dtype)}")
        if use_length != (length is not None):
            expected, given = (2, 1) if use_length else (1, 2)
            raise ValueError(f"Operator expects {expected} inputs, but got {given} instead.")
        ndim = data.dim()
        if not -ndim <= axis < ndim:
            raise ValueError(f"axis {axis} exceeds the input dimension of {ndim}")
        dim = axis % ndim
        scores = -data if negate else data
        if temperature is not None and temperature != 1.0:  # MXNet divides x - max (softmax-inl.h)
            scores = (scores - scores.amax(dim, keepdim=True).detach()) / temperature
        if length is None:
            result = normalize(scores, dim)
        else:
            mask = _length_mask(scores, length, dim)
            floor = torch.finfo(scores.dtype).min  # finite, so fully masked rows keep finite gradients
            result = normalize(scores.masked_fill(~mask, floor), dim).masked_fill(~mask, 0)
        target = dtypes.to_torch(dtype) if dtype else data.dtype
        return result if result.dtype is target else result.to(target)

    if with_length:
        return impl

    def without_length(data, *, axis=-1, temperature=None, dtype=None, use_length=False):
        return impl(data, axis=axis, temperature=temperature, dtype=dtype, use_length=use_length)
    return without_length


_SOFTMAX_PARAMS = (
    Param("axis", parse_int, -1, "axis to normalize along"),
    Param("temperature", _parse_temperature, None, "divides the inputs; None means 1"),
    Param("dtype", dtype_enum(*_SOFTMAX_DTYPES), None, "output dtype; None keeps the input dtype"),
    Param("use_length", parse_bool, False, "mask each row after `length` entries"),
)


# ---- histogram ----------------------------------------------------------------------------

def _uniform_histogram(data, bin_cnt, value_range):
    """Counts over ``bin_cnt`` equal bins of ``value_range`` (histogram.cc ComputeBinKernel)."""
    if bin_cnt < 0:
        raise ValueError(f"inferring shapes failed: bin_cnt must be >= 0, got {bin_cnt}")
    if len(value_range) != 2:
        raise ValueError("range should be a tuple with only 2 elements")
    low, high = value_range
    if low > high:
        raise ValueError(f"left hand side of range({low:g})should be less than or equal to "
                         f"right hand side({high:g})")
    if low == high:
        low, high = low - 0.5, high + 0.5
    steps = torch.arange(bin_cnt + 1, dtype=torch.float64, device=data.device)
    edges = c_cast((high * steps + (bin_cnt - steps) * low) / bin_cnt, data.dtype)
    if not bin_cnt:
        return torch.zeros(0, dtype=torch.int64, device=data.device), edges
    values = data.reshape(-1)
    wide = values.to(torch.float64)
    inside = (wide >= low) & (wide <= high)
    guess = ((wide - low) * bin_cnt / (high - low)).nan_to_num(0).clamp(0, bin_cnt - 1).to(torch.int64)
    guess = guess - (values < edges[guess]).to(torch.int64)  # correct for rounded edges
    guess = guess + ((values >= edges[guess + 1]) & (guess != bin_cnt - 1)).to(torch.int64)
    # edges wrapped around in an integer dtype can leave a value below bin 0: not counted
    return torch.bincount(guess[inside & (guess >= 0)], minlength=bin_cnt), edges


def _edge_histogram(data, bins):
    """Counts between the given bin edges; the last bin includes its right edge."""
    if bins.dim() != 1:
        raise ValueError("bins argument should be an 1D vector")
    if bins.numel() < 2:
        raise ValueError("number of bounds should be >= 2")
    if bins.dtype is not data.dtype:
        raise TypeError(f"bins dtype {dtypes.name_of(bins.dtype)} does not match the data dtype "
                        f"{dtypes.name_of(data.dtype)}")
    num_bins = bins.numel() - 1
    values = data.reshape(-1)
    inside = (values >= bins[0]) & (values <= bins[-1])
    target = (torch.searchsorted(bins, values, right=True) - 1).clamp(0, num_bins - 1)
    return torch.bincount(target[inside], minlength=num_bins), bins.clone()


def _histogram_op(data, *, bins=None, bin_cnt=None, range=None):  # noqa: A002 - MXNet's name
    """_histogram: edges from the ``bins`` array, or ``bin_cnt`` equal bins over ``range``."""
    if bins is not None:
        if bin_cnt is not None or range is not None:
            raise ValueError("Operator _histogram expects 1 inputs, but got 2 instead.")
        return _edge_histogram(data, bins)
    if bin_cnt is None and range is None:
        raise ValueError("Operator _histogram expects 2 inputs, but got 1 instead.")
    if bin_cnt is None or range is None:
        raise ValueError("cnt and range should both or neither specified")
    return _uniform_histogram(data, bin_cnt, range)


def _histogram(a, *, bins=10, range=None):  # noqa: A002 - MXNet's name
    """mx.nd.histogram (ndarray.py): without ``range``, numpy's histogram as float32 arrays."""
    if isinstance(bins, torch.Tensor):
        return _edge_histogram(a, bins)
    if range is not None:
        return _uniform_histogram(a, bins, range)
    warnings.warn("range is not specified, using numpy's result to ensure consistency with numpy")
    # numpy 1.x (MXNet 1.9.1's) computes the edges in float64; numpy 2 would use float32 data's type.
    # For float16 data numpy 1.x rounds the edges to float16 and bins against those.
    data = a.detach().cpu().numpy()
    counts, edges = np.histogram(data.astype(np.float64), bins=bins)
    if data.dtype == np.float16:
        edges = edges.astype(np.float16).astype(np.float64)
        counts, _ = np.histogram(data.astype(np.float64), bins=edges)
    return TupleOutputs((torch.from_numpy(counts.astype(np.float32)).to(a.device),  # MXNet: a tuple here
                         torch.from_numpy(edges.astype(np.float32)).to(a.device)))


def _parse_bins(value):
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    tensor = getattr(value, "handle", None)
    if isinstance(tensor, torch.Tensor):
        return tensor
    raise ValueError("bins argument should be either an integer or an NDArray")


def _parse_range(value):
    """A tuple of floats (MXNet's ``Tuple<double>``), its text, or None."""
    if value is None or value == "None":
        return None
    if isinstance(value, str):
        text = value.strip().strip("()[]")
        return tuple(parse_float(v) for v in text.split(",") if v.strip())
    return tuple(parse_float(v) for v in value)


# ---- the table --------------------------------------------------------------------------------

_SORT_AXIS = Param("axis", parse_optional_int, -1, "axis to sort along; None flattens the input")
_IS_ASCEND = Param("is_ascend", parse_bool, True, "sort in ascending order")
_INDEX_DTYPE = Param("dtype", dtype_enum(*_INDEX_DTYPES, optional=False), "float32", "dtype of the returned indices")

ORDERING = declare([
    OpSpec("topk", _topk, fluent=True, differentiable=True, family="ordering", no_bool=True, params=(
        _SORT_AXIS,
        Param("k", parse_int, 1, "number of elements to select; k <= 0 selects all"),
        Param("ret_typ", enum("both", "indices", "mask", "value"), "indices",
              "return the values, the indices, both, or a 0/1 mask"),
        Param("is_ascend", parse_bool, False, "select the k smallest instead of the k largest"),
        _INDEX_DTYPE,
    ), doc="The k largest (or smallest) elements along an axis, sorted; ties keep input order."),
    OpSpec("sort", _sort, fluent=True, differentiable=True, family="ordering", no_bool=True,
           params=(_SORT_AXIS, _IS_ASCEND), doc="A sorted copy along an axis (stable)."),
    OpSpec("argsort", _argsort, fluent=True, family="ordering", no_bool=True,
           params=(_SORT_AXIS, _IS_ASCEND, _INDEX_DTYPE),
           doc="Indices that sort an array along an axis (stable)."),
])

SOFTMAX = declare([
    OpSpec("softmax", _softmax_family(torch.softmax, with_length=True), fluent=True, differentiable=True,
           family="softmax", params=(Param("length", _optional_array("length"), None,
                                           "per-row valid lengths (integer NDArray), with use_length"),)
           + _SOFTMAX_PARAMS, doc="Softmax along an axis: exp(x/t) / sum(exp(x/t))."),
    OpSpec("log_softmax", _softmax_family(torch.log_softmax), fluent=True, differentiable=True,
           family="softmax", params=_SOFTMAX_PARAMS, doc="Log of the softmax along an axis."),
    OpSpec("softmin", _softmax_family(torch.softmax, negate=True), fluent=True, differentiable=True,
           family="softmax", params=_SOFTMAX_PARAMS, doc="Softmax of the negated input along an axis."),
])

HISTOGRAM = declare([
    OpSpec("_histogram", _histogram_op, family="ordering", no_bool=True, params=(
        Param("bins", _optional_array("bins"), None, "bin edges (1-D NDArray of the data dtype)"),
        Param("bin_cnt", parse_optional_int, None, "number of equal bins, with range"),
        Param("range", _parse_range, None, "(low, high) of the equal bins, with bin_cnt"),
    ), doc="Histogram counts (int64) and bin edges (data dtype) of the flattened data."),
    OpSpec("histogram", _histogram, inputs=("a",), family="ordering", no_bool=True, params=(
        Param("bins", _parse_bins, 10, "number of equal bins, or an NDArray of bin edges"),
        Param("range", _parse_range, None, "(low, high); without it numpy's histogram is used"),
    ), doc="MXNet's Python-level histogram (ndarray.py) over the _histogram operator."),
])
