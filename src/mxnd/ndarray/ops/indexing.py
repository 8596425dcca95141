"""Indexing operators: take, pick, one_hot, gather_nd/scatter_nd, where, boolean_mask, index_copy,
index_array, arange_like, the Sequence* operators and MXNet's legacy row helpers.

MXNet reads an index of any dtype with ``static_cast<int64_t>``, so float indices truncate toward
zero (indexing_op.h ``TakeZeroAxisCPU``); kernels that switch with ``MSHADOW_TYPE_SWITCH`` reject
bool arrays ("Unknown type enum 7"). MXNet 1.x treats 0-d shapes as unknown, so operators whose
shape inference needs the index shape reject 0-d indices. Where MXNet would read or write outside
its buffers (scatter_nd, index_copy, SequenceLast/Reverse with bad lengths), mxnd raises instead.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ... import dtypes
from ...errors import MXNetError
from ...params import (ParamError, enum, parse_axis, parse_bool, parse_float, parse_int, parse_optional_int,
                       parse_shape)
from ...registry import OpSpec, Param, declare
from .unary import as_dtype_scalar

__all__ = ["INDEXING", "onehot_encode"]

_INT64 = torch.int64


class _BoundsError(MXNetError, IndexError):
    """gather_nd's bound check: MXNet raises a plain ``IndexError`` (python/mxnet/error.py maps its
    "IndexError:" messages); an MXNetError subclass, so the builder passes it through unchanged."""


_BoundsError.__name__ = _BoundsError.__qualname__ = "IndexError"

# ---- helpers --------------------------------------------------------------------------------


def _as_int64(index):
    """Indices as MXNet reads them: ``static_cast<int64_t>`` truncates floats toward zero."""
    return index if index.dtype is _INT64 else index.to(_INT64)


def _no_bool(tensor, role: str):
    if tensor.dtype is torch.bool:
        raise TypeError(f"{role} of type bool is not supported (MXNet: Unknown type enum 7)")


def _known_shape(tensor, role: str):
    """MXNet 1.x cannot infer shapes from 0-d arrays (their shape counts as unknown)."""
    if tensor.dim() == 0:
        raise ValueError(f"{role} must have at least one dimension (MXNet 1.x: shape inference failed)")


def _outside(values, low, high) -> bool:
    """Whether some value lies outside ``[low, high]`` (one device synchronization)."""
    if values.numel() == 0:
        return False
    if values.dtype is torch.bool:
        values = values.to(torch.uint8)
    smallest, largest = torch.aminmax(values)
    return bool(smallest < low) or bool(largest > high)


def _bounded(index, size: int, wrap: bool):
    """Clip into ``[0, size)`` or wrap modulo ``size``, as MXNet's ``Take<clip>`` / ``pick<clip>``."""
    if size == 0 and index.numel():
        raise IndexError("cannot index an axis of size 0")
    return torch.remainder(index, size) if wrap else index.clamp(0, size - 1)


def _cast_scalar(value: float, dtype):
    """An integer parameter read as ``dtype``: truncated toward zero, then wrapped."""
    if dtype.is_floating_point:
        return value
    if not math.isfinite(value):
        raise ValueError(f"{value} has no value in {dtypes.name_of(dtype)}")
    bits = torch.iinfo(dtype).bits
    wrapped = int(value) & ((1 << bits) - 1)
    return wrapped - (1 << bits) if dtype.is_signed and wrapped >> (bits - 1) else wrapped


def _parse_output_dtype(value) -> str:
    """one_hot's dtype: any MXNet type but bool; ``None`` reads as float64 (``np.dtype(None)``)."""
    name = dtypes.lookup("float64" if value is None else value, "one_hot").name
    if name == "bool":
        valid = ", ".join(repr(n) for n in sorted(dtypes.BY_NAME) if n != "bool")
        raise ParamError(None, value, f"Invalid Input: 'bool', valid values are: {{{valid}}}")
    return name


def _parse_axes(value):
    """index_array's axes: None, an int or a tuple of ints."""
    axes = parse_axis(value)
    return (axes,) if isinstance(axes, int) else axes


def _parse_context_text(value) -> str:
    """arange_like's ctx, a string MXNet only stores (GetContext uses the input's context)."""
    return "" if value is None else str(value)


def _optional_array(value):
    """The optional ``sequence_length`` input of the Sequence* operators, passed as a parameter."""
    if value is None:
        return None
    data = getattr(value, "_data", None)
    if not isinstance(data, torch.Tensor):
        raise AssertionError(f"Argument sequence_length must have NDArray type, but got {value!r}")
    return data


# ---- take, batch_take, pick -------------------------------------------------------------------


def _take(a, indices, *, axis, mode):
    ndim = a.dim()
    if not -ndim <= axis < ndim:
        raise ValueError("Axis should be in the range of [-r, r-1] where r is the rank of input tensor")
    _known_shape(indices, "indices")
    if indices.numel() == 0:
        raise ValueError("indices must not be empty (MXNet 1.x: shape inference failed)")
    axis %= ndim
    size = a.shape[axis]
    if mode == "raise" and _outside(indices, 0, size - 1):
        raise ValueError("take operator contains indices out of bound")
    # 'raise' runs the wrapping kernel once the check passed (indexing_op.cc TakeOpForward<cpu>)
    index = _bounded(_as_int64(indices), size, wrap=mode != "clip")
    if indices.dim() == 1:
        return torch.index_select(a, axis, index)
    picked = torch.index_select(a, axis, index.reshape(-1))
    return picked.reshape(a.shape[:axis] + indices.shape + a.shape[axis + 1:])


def _batch_take(a, indices):
    """``out[i] = a.reshape(d0, -1)[i, clip(indices[i])]`` (indexing_op.h ``batch_take``)."""
    if indices.dtype is not torch.int32:
        raise TypeError(f"Type inconsistent, Provided = {dtypes.name_of(indices.dtype)}, "
                        f"inferred type = int32")
    if a.dim() < 2:
        raise ValueError("Data array must have at least 2 dimensional")
    if a.shape[-1] == 0 or a.numel() // a.shape[-1] != indices.numel():
        raise ValueError("Index array's size must be the same as data array's size excluding "
                         "the last dimension")
    rows = a.shape[0]
    if indices.numel() > rows:  # MXNet reads past the end of the data here
        raise IndexError(f"batch_take reads one element per row of the first axis; {indices.numel()} "
                         f"indices for {rows} rows")
    flat = a.reshape(rows, -1)
    column = _bounded(_as_int64(indices).reshape(-1), flat.shape[1], wrap=False)
    return flat[torch.arange(column.numel(), device=a.device), column].reshape(indices.shape)


def _pick(data, index, *, axis, keepdims, mode):
    if axis is None:
        raise ValueError("axis=None is not supported by pick yet. Must specify an axis.")
    ndim = data.dim()
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} exceeds the input dimension of {ndim}")
    _no_bool(index, "index")
    axis %= ndim
    kept = tuple(data.shape[:axis]) + (1,) + tuple(data.shape[axis + 1:])
    reduced = (1,) if ndim == 1 else kept[:axis] + kept[axis + 1:]
    # the index has the kept shape when it has data's rank (broadcast_reduce_op.h PickOpShape)
    expected = kept if index.dim() == ndim else reduced
    if tuple(index.shape) != expected:
        raise ValueError(f"Shape inconsistent, Provided = {list(index.shape)}, "
                         f"inferred shape={list(expected)}")
    position = _bounded(_as_int64(index), data.shape[axis], wrap=mode == "wrap")
    picked = torch.gather(data, axis, position if index.dim() == ndim else position.unsqueeze(axis))
    return picked if keepdims or ndim == 1 else picked.squeeze(axis)


# ---- one_hot and the legacy row helpers --------------------------------------------------------


def _one_hot(indices, *, depth, on_value, off_value, dtype):
    if depth < 0:
        raise ValueError("Dimension size, depth, must be a non-negative integer")
    _known_shape(indices, "indices")
    target = dtypes.BY_NAME[dtype].torch
    # out-of-range indices leave the whole row at off_value (indexing_op.h one_hot)
    hit = _as_int64(indices).unsqueeze(-1) == torch.arange(depth, device=indices.device)
    result = torch.full(hit.shape, as_dtype_scalar(off_value, target), dtype=target, device=indices.device)
    return result.masked_fill_(hit, as_dtype_scalar(on_value, target))


def _float32_only(op_name: str, *tensors):
    for tensor in tensors:
        if tensor.dtype is not torch.float32:
            raise TypeError(f"{op_name} only supports float32 arrays, got {dtypes.name_of(tensor.dtype)}")


def _onehot_encode(lhs, rhs):
    """``out[i, j] = (int(lhs[i]) == j)`` in the shape of rhs (ndarray_function.h OneHotEncode)."""
    if lhs.dim() != 1 or rhs.dim() != 2:
        raise ValueError("OneHotEncode only support 1d index.")
    if lhs.shape[0] != rhs.shape[0]:
        raise ValueError(f"OneHotEncode shape inconsistent ({lhs.shape[0]} vs. {rhs.shape[0]})")
    _float32_only("one_hot_encode", lhs, rhs)
    classes = torch.arange(rhs.shape[1], device=lhs.device)
    return (_as_int64(lhs).unsqueeze(1) == classes).to(torch.float32)


def _fill_element_0index(lhs, mhs, rhs):
    """``out = lhs`` with ``out[i, int(rhs[i])] = mhs[i]``; indices off the row fill nothing."""
    if lhs.dim() != 2 or mhs.dim() != 1 or rhs.dim() != 1:
        raise ValueError("fill_row_element only support 2D Matrix, 1D value and 1D index")
    if not lhs.shape[0] == mhs.shape[0] == rhs.shape[0]:
        raise ValueError("index vector, value vector and matrix shape mismatch")
    _float32_only("fill_element_0index", lhs, mhs, rhs)
    hit = torch.arange(lhs.shape[1], device=lhs.device) == _as_int64(rhs).unsqueeze(1)
    return torch.where(hit, mhs.unsqueeze(1), lhs)


# ---- gather_nd, scatter_nd and their helpers ----------------------------------------------------


def _index_rows(indices, ndim: int, op_name: str, what: str) -> int:
    """The checks of GatherNDShape/ScatterNDShape; returns M, the number of indexed axes."""
    _no_bool(indices, "indices")
    if indices.dim() < 2:
        raise ValueError(f"{op_name} requires index tensor to have at least 2 dimensions")
    count = indices.shape[0]
    if count == 0:
        raise ValueError("indices must index at least one axis (MXNet 1.x: shape inference failed)")
    if count > ndim:
        raise ValueError(f"Number of indices exceeds {what} dimension")
    if count > 10:
        raise ValueError(f"{op_name} supports indexing along at most 10 dimensions.")
    return count


def _sizes_column(sizes, like):
    """The axis sizes as a (M, 1, ..., 1) tensor to compare with the index rows."""
    return torch.tensor(sizes, dtype=_INT64, device=like.device).reshape((-1,) + (1,) * (like.dim() - 1))


def _gather_nd(data, indices):
    count = _index_rows(indices, data.dim(), "gather_nd", "data")
    sizes = _sizes_column(tuple(data.shape[:count]), indices)
    # NaN is bad too: MXNet's check lets it pass and then reads before the data (INT64_MIN % size)
    bad = ~((indices >= -sizes) & (indices <= sizes - 1))
    if bool(bad.any()):
        raise _gather_bound_error(indices, bad, data.shape)
    # negative indices count from the end: (index + size) % size (indexing_op.h gather_nd)
    floored = torch.floor(indices) if indices.is_floating_point() else indices
    position = torch.remainder(_as_int64(floored), sizes)
    return data[tuple(position)]


def _gather_bound_error(indices, bad, shape):
    """MXNet's message names, for the first bad axis, its last bad index (GatherNDCheckBoundCPU)."""
    axis = int(bad.reshape(bad.shape[0], -1).any(1).nonzero()[0])
    value = indices[axis][bad[axis]][-1].item()
    text = format(value, "g") if isinstance(value, float) else str(value)
    return _BoundsError(f"gather_nd: index {text} is out of bounds for axis {axis} with size {shape[axis]}")


def _scatter_positions(data, indices, shape: tuple, op_name: str):
    """Index tensors of the scatter_nd family, after MXNet's shape rules (ScatterNDShape).

    MXNet writes without a bound check; mxnd raises for indices outside the output.
    """
    count = _index_rows(indices, len(shape), op_name, "output")
    expected = tuple(indices.shape[1:]) + tuple(shape[count:])
    if tuple(data.shape) != expected:
        raise ValueError(f"Invalid data, indices, and output shape combination for {op_name}: "
                         f"{tuple(data.shape)}, {tuple(indices.shape)}, {shape}")
    index = _as_int64(indices)
    sizes = _sizes_column(shape[:count], indices)
    if bool(((index < 0) | (index >= sizes)).any()):
        raise IndexError(f"indices must lie in [0, size) of the indexed axes of the output shape {shape}")
    return tuple(index)


def _scatter_nd(data, indices, *, shape):
    # duplicate indices: the last write wins on CPU, as in MXNet (which calls it non-deterministic)
    return data.new_zeros(shape).index_put(_scatter_positions(data, indices, shape, "scatter_nd"), data)


def _backward_gather_nd(data, indices, *, shape):
    """scatter_nd that sums duplicates: the gradient of gather_nd (indexing_op.cc)."""
    if data.dtype in (torch.int8, torch.uint8):
        raise TypeError("This operation does not support int8 or uint8")
    position = _scatter_positions(data, indices, shape, "_backward_gather_nd")
    return data.new_zeros(shape).index_put(position, data, accumulate=True)


def _scatter_set_nd(lhs, rhs, indices, *, shape):
    """scatter_nd into a copy of lhs; MXNet writes into lhs itself and demands ``out=lhs``."""
    if tuple(lhs.shape) != shape:
        raise ValueError(f"Shape inconsistent, Provided = {list(lhs.shape)}, inferred shape={list(shape)}")
    if rhs.dtype is not lhs.dtype:
        raise TypeError(f"Incompatible attr in node at 1-th input: expected {dtypes.name_of(lhs.dtype)}, "
                        f"got {dtypes.name_of(rhs.dtype)}")
    return lhs.index_put(_scatter_positions(rhs, indices, shape, "_scatter_set_nd"), rhs)


# ---- where, boolean_mask, index_copy, index_array, arange_like -----------------------------------


def _where(condition, x, y):
    """Elements of x where condition != 0, else of y; a 1-D condition selects rows (control_flow_op.h)."""
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same shape, got {list(x.shape)} and {list(y.shape)}")
    if x.dtype is not y.dtype:
        raise TypeError(f"x and y must have the same dtype, got {dtypes.name_of(x.dtype)} "
                        f"and {dtypes.name_of(y.dtype)}")
    _no_bool(x, "x")
    mask = condition != 0
    if condition.dim() != x.dim():
        if condition.dim() != 1 or x.dim() == 0 or condition.shape[0] != x.shape[0]:
            raise ValueError(f"condition of shape {list(condition.shape)} must have the shape of x "
                             f"{list(x.shape)} or be 1-D of size {x.shape[0] if x.dim() else 0}")
        mask = mask.reshape((-1,) + (1,) * (x.dim() - 1))
    elif condition.shape != x.shape:
        raise ValueError(f"condition of shape {list(condition.shape)} must have the shape of x "
                         f"{list(x.shape)}")
    return torch.where(mask, x, y)


def _boolean_mask(data, index, *, axis):
    if axis != 0:
        raise ValueError(f"axis {axis} is not supported yet (only 0)")
    _known_shape(data, "data")
    if index.dim() != 1 or index.shape[0] != data.shape[0]:
        raise ValueError(f"index must be 1-D of size {data.shape[0]}, got shape {list(index.shape)}")
    return data[index != 0]


def _index_copy(old_tensor, index_vector, new_tensor):
    """Rows of new_tensor copied into old_tensor at index_vector (contrib/index_copy-inl.h)."""
    _no_bool(index_vector, "index_vector")
    if index_vector.dim() != 1:
        raise ValueError("index_vector must be 1-D")
    _known_shape(old_tensor, "old_tensor")
    if (new_tensor.dim() != old_tensor.dim() or old_tensor.shape[0] < new_tensor.shape[0]
            or old_tensor.shape[1:] != new_tensor.shape[1:]):
        raise ValueError(f"new_tensor of shape {list(new_tensor.shape)} does not fit old_tensor of "
                         f"shape {list(old_tensor.shape)}")
    if index_vector.shape[0] != new_tensor.shape[0]:
        raise ValueError(f"index_vector has {index_vector.shape[0]} entries for {new_tensor.shape[0]} rows")
    if new_tensor.dtype is not old_tensor.dtype:
        raise TypeError(f"new_tensor must have the dtype of old_tensor ({dtypes.name_of(old_tensor.dtype)}), "
                        f"got {dtypes.name_of(new_tensor.dtype)}")
    index = _as_int64(index_vector)
    if _outside(index, 0, old_tensor.shape[0] - 1):  # MXNet writes outside the output here
        raise IndexError(f"index_vector must lie in [0, {old_tensor.shape[0]})")
    # duplicates: the last row wins on CPU, as in MXNet; each gets the gradient of its target row
    return old_tensor.index_copy(0, index, new_tensor)


def _index_array(data, *, axes):
    """``out[i_1, ..., i_n, :] = [i_axes[0], ...]`` as int64 (contrib/index_array-inl.h)."""
    _known_shape(data, "data")
    shape, ndim = tuple(data.shape), data.dim()
    columns = []
    for axis in range(ndim) if axes is None else axes:
        axis %= ndim  # any int counts modulo ndim, as in IndexArrayBuildSelectedAxesWorkspace
        view = [1] * ndim
        view[axis] = shape[axis]
        columns.append(torch.arange(shape[axis], device=data.device).reshape(view).expand(shape))
    if not columns:
        return torch.empty(shape + (0,), dtype=_INT64, device=data.device)
    return torch.stack(columns, dim=-1)


def _arange_like(data, *, start, step, repeat, ctx, axis):
    """``start + (i // repeat) * step`` in data's dtype (init_op.h ``RangeCompute``)."""
    del ctx  # with an input, the output lives on the input's context (imperative_utils.h GetContext)
    _known_shape(data, "data")
    shape = tuple(data.shape)
    if axis is not None:
        real = axis + data.dim() if axis < 0 else axis
        if not 0 <= real < data.dim():
            raise ValueError(f"cannot handle param.axis {axis}.")
        shape = (shape[real],)
    if repeat == 0:
        raise ValueError("repeat must not be 0 (MXNet divides by it)")
    steps = torch.div(torch.arange(math.prod(shape), device=data.device), repeat, rounding_mode="trunc")
    dtype = data.dtype
    if dtype in (torch.float32, torch.float64):  # computed in dtype: the scalars round to it first
        values = steps.to(dtype) * step + start
    else:  # integer types and float16 read start and step as integers first (std::is_signed is false)
        values = (steps * _cast_scalar(step, _INT64) + _cast_scalar(start, _INT64)).to(dtype)
    return values.reshape(shape)


# ---- SequenceMask, SequenceLast, SequenceReverse --------------------------------------------------


def _sequence_lengths(data, sequence_length, use_sequence_length, axis, op_name):
    """Input rules shared by the Sequence* operators (sequence_mask-inl.h InferShape)."""
    if use_sequence_length != (sequence_length is not None):
        expected, got = (2, 1) if use_sequence_length else (1, 2)
        raise ValueError(f"Operator {op_name} expects {expected} inputs, but got {got} instead.")
    if data.dim() < 2:
        raise ValueError("The data array must be of rank 2 or greater.")
    if axis not in (0, 1):
        raise ValueError("Current implementation expects axis to be 0 or 1.")
    if sequence_length is None:
        return None
    _no_bool(sequence_length, "sequence_length")
    batch = data.shape[1 - axis]
    if tuple(sequence_length.shape) != (batch,):
        raise ValueError(f"Shape inconsistent, Provided = {list(sequence_length.shape)}, "
                         f"inferred shape=({batch},)")
    return _as_int64(sequence_length)


def _sequence_mask(data, *, sequence_length, use_sequence_length, value, axis):
    lengths = _sequence_lengths(data, sequence_length, use_sequence_length, axis, "SequenceMask")
    if lengths is None:
        return data.clone()
    masked = torch.arange(data.shape[axis], device=data.device).unsqueeze(1) >= lengths
    if axis == 1:
        masked = masked.t()
    masked = masked.reshape(masked.shape + (1,) * (data.dim() - 2))
    # value is a float parameter: float32 first, then static_cast<DType>
    return data.masked_fill(masked, as_dtype_scalar(float(np.float32(value)), data.dtype))


def _sequence_last(data, *, sequence_length, use_sequence_length, axis):
    lengths = _sequence_lengths(data, sequence_length, use_sequence_length, axis, "SequenceLast")
    steps = data.shape[axis]
    if lengths is None:
        return data.select(axis, steps - 1).clone()
    if _outside(lengths, 1, steps):  # MXNet reads outside the data here
        raise IndexError(f"sequence_length must lie in [1, {steps}]")
    rows = torch.arange(lengths.shape[0], device=data.device)
    return data[lengths - 1, rows] if axis == 0 else data[rows, lengths - 1]


def _sequence_reverse(data, *, sequence_length, use_sequence_length, axis):
    if axis != 0:
        raise ValueError(f"Current implementation expects axis to be 0, got {axis}.")
    lengths = _sequence_lengths(data, sequence_length, use_sequence_length, axis, "SequenceReverse")
    if lengths is None:
        return data.flip(0)
    steps = data.shape[0]
    if _outside(lengths, 0, steps):  # MXNet reads and writes outside the data here
        raise IndexError(f"sequence_length must lie in [0, {steps}]")
    time = torch.arange(steps, device=data.device).unsqueeze(1)
    source = torch.where(time < lengths, lengths - 1 - time, time)  # (T, batch)
    return data[source, torch.arange(data.shape[1], device=data.device)]


# ---- the table ----------------------------------------------------------------------------------


def _sequence_params(*extra):
    return (Param("sequence_length", _optional_array, None,
                  "lengths of the sequences, shape (batch,); needs use_sequence_length=True"),
            Param("use_sequence_length", parse_bool, False, "whether sequence_length is given"),
            *extra,
            Param("axis", parse_int, 0, "the sequence axis, 0 or 1"))


_SHAPE = Param("shape", parse_shape, doc="shape of the output")

INDEXING = declare([
    OpSpec("take", _take, inputs=("a", "indices"), fluent=True, differentiable=True, family="indexing",
           params=(Param("axis", parse_int, 0, "the axis to take along, in [-r, r-1]"),
                   Param("mode", enum("clip", "raise", "wrap"), "clip",
                         "out-of-range indices: clip, wrap around, or raise")),
           doc="Take elements along an axis at the given indices."),
    OpSpec("batch_take", _batch_take, inputs=("a", "indices"), family="indexing", no_bool=True,
           doc="Take one element per row: out[i] = a[i, indices[i]] (int32 indices; deprecated)."),
    OpSpec("pick", _pick, inputs=("data", "index"), aliases=("choose_element_0index",), fluent=True,
           differentiable=True, family="indexing", no_bool=True,
           params=(Param("axis", parse_optional_int, -1, "the axis to pick along"),
                   Param("keepdims", parse_bool, False, "keep the picked axis with size one"),
                   Param("mode", enum("clip", "wrap"), "clip", "out-of-range indices: clip or wrap")),
           doc="Pick one element along an axis for each index."),
    OpSpec("one_hot", _one_hot, inputs=("indices",), fluent=True, family="indexing", no_bool=True,
           params=(Param("depth", parse_int, doc="size of the one-hot dimension"),
                   Param("on_value", parse_float, 1.0, "value at the indexed locations"),
                   Param("off_value", parse_float, 0.0, "value everywhere else"),
                   Param("dtype", _parse_output_dtype, "float32", "dtype of the output")),
           doc="One-hot encode indices along a new last axis."),
    OpSpec("_onehot_encode", _onehot_encode, inputs=("lhs", "rhs"), family="indexing", no_bool=True,
           doc="One-hot encode 1-D float32 indices into the shape of rhs (used by onehot_encode)."),
    OpSpec("fill_element_0index", _fill_element_0index, inputs=("lhs", "mhs", "rhs"), family="indexing",
           no_bool=True, doc="Copy of lhs with lhs[i, rhs[i]] set to mhs[i] (float32 only)."),
    OpSpec("gather_nd", _gather_nd, inputs=("data", "indices"), differentiable=True, family="indexing",
           doc="Gather elements or slices of data at the N-d indices given along axis 0 of indices."),
    OpSpec("scatter_nd", _scatter_nd, inputs=("data", "indices"), params=(_SHAPE,), differentiable=True,
           family="indexing", doc="Scatter data into a zero array of the given shape at N-d indices."),
    OpSpec("_backward_gather_nd", _backward_gather_nd, inputs=("data", "indices"), params=(_SHAPE,),
           differentiable=True, family="indexing", no_bool=True,
           doc="scatter_nd that sums the values of duplicate indices (the gradient of gather_nd)."),
    OpSpec("_scatter_set_nd", _scatter_set_nd, inputs=("lhs", "rhs", "indices"), params=(_SHAPE,),
           family="indexing", doc="Write rhs into lhs at N-d indices (call with out=lhs)."),
    OpSpec("where", _where, inputs=("condition", "x", "y"), differentiable=True, family="indexing",
           no_bool=True, doc="Elements of x where condition is non-zero, else of y."),
    OpSpec("_contrib_boolean_mask", _boolean_mask, inputs=("data", "index"), differentiable=True,
           family="indexing", params=(Param("axis", parse_int, 0, "the axis to mask (only 0)"),),
           doc="Rows of data where the 1-D index is non-zero."),
    OpSpec("_contrib_index_copy", _index_copy, inputs=("old_tensor", "index_vector", "new_tensor"),
           differentiable=True, family="indexing", no_bool=True,
           doc="Copy of old_tensor with the rows of new_tensor written at index_vector."),
    OpSpec("_contrib_index_array", _index_array, family="indexing",
           params=(Param("axes", _parse_axes, None, "the axes to include; None means all"),),
           doc="The int64 index of every element of the input, along a new last axis."),
    OpSpec("_contrib_arange_like", _arange_like, family="indexing", no_bool=True, params=(
        Param("start", parse_float, 0.0, "first value"),
        Param("step", parse_float, 1.0, "spacing between values"),
        Param("repeat", parse_int, 1, "times each value is repeated"),
        Param("ctx", _parse_context_text, "", "context of the output (ignored: the input's is used)"),
        Param("axis", parse_optional_int, None, "arange along the size of this axis; None: the whole shape"),
    ), doc="Evenly spaced values in the shape of the input (or of one of its axes)."),
    OpSpec("SequenceMask", _sequence_mask, differentiable=True, family="indexing", no_bool=True,
           params=_sequence_params(Param("value", parse_float, 0.0, "the mask value")),
           doc="Set the steps of each sequence beyond its length to a value."),
    OpSpec("SequenceLast", _sequence_last, differentiable=True, family="indexing", no_bool=True,
           params=_sequence_params(), doc="The last step of each sequence."),
    OpSpec("SequenceReverse", _sequence_reverse, differentiable=True, family="indexing", no_bool=True,
           params=_sequence_params(), doc="Reverse the first sequence_length steps of each sequence."),
])


def onehot_encode(indices, out):
    """One-hot encode the 1-D float32 ``indices`` into ``out`` (deprecated in MXNet: use one_hot)."""
    from .. import _internal  # the generated namespace imports this module

    return _internal._onehot_encode(indices, out, out=out)
