"""``NDArray.__getitem__``/``__setitem__`` with MXNet 1.9.1's rules, on torch indexing.

Basic keys (ints, slices, None, Ellipsis) give a view when the selected elements are
contiguous in memory and a copy otherwise (ndarray.py ``_get_nd_basic_indexing``); a key
that drops every axis gives shape ``(1,)``. Lists, numpy arrays and NDArrays are advanced
indices (numpy semantics, a copy). Negative steps, which torch views cannot express, are
served by flipping. Writes go into the array's own storage, so views see them.
"""
from __future__ import annotations

import numpy as np
import torch

from .. import dtypes
from ..base import integer_types, numeric_types
from ..errors import MXNetError
from ..integer_variables import written
from ..recording import ASSIGN_IN_GRAPH, FLAGS, INPLACE_RECORDED, without_grad
from .indexing_keys import LEGACY_BOOLEAN
from .ndarray import NDArray, copy_into, wrap, write_unaliased
from .ops.creation import fill_value

__all__ = ["getitem", "setitem"]


class _Key:
    """A normalized key: torch-ready parts plus what the getter needs to know."""

    __slots__ = ("parts", "advanced", "flips", "all_int", "new_axes")

    def __init__(self, parts, advanced, flips, all_int, new_axes=None):
        self.parts, self.advanced, self.flips, self.all_int = parts, advanced, flips, all_int
        self.new_axes = new_axes  # (numpy's, MXNet's) positions of the None axes where they differ


def _bad_key(key):
    return ValueError(f"NDArray does not support slicing with key {key} of type {type(key)}.")


def _index_tensor(value, device) -> torch.Tensor:
    """An advanced index as an int64 tensor; floats truncate as in MXNet, and numpy booleans read
    as 0/1 integers (MXNet 1.9.1 has no boolean masks outside its numpy semantics)."""
    if isinstance(value, NDArray):
        tensor = value._data
        if tensor.dtype is torch.bool:
            raise ValueError(LEGACY_BOOLEAN)
    elif isinstance(value, np.ndarray):
        tensor = torch.from_numpy(value.astype(np.int64))  # a copy; a 0-d array stays 0-d
    else:  # a list, tuple or range: MXNet reads booleans in a list as 0/1 integers
        try:
            tensor = torch.from_numpy(np.asarray(value).astype(np.int64))
        except (ValueError, TypeError):
            raise _bad_key(value) from None
    if tensor.dtype is not torch.bool:
        tensor = tensor.to(torch.int64)
    return tensor.to(device)


def normalize(key, shape, device) -> _Key:
    """Expand Ellipsis, check bounds and types, and build the torch key parts."""
    if not isinstance(key, tuple):
        key = (key,)
    ndim = len(shape)
    if sum(1 for k in key if k is Ellipsis) > 1:
        raise IndexError("Cannot use more than one ellipsis (`...`) for indexing")
    used = sum(1 for k in key if k is not None and k is not Ellipsis)
    if used > ndim:
        raise IndexError(f"too many indices ({used}) for array with {ndim} dimensions")
    parts, flips, advanced, axis, out_axis, all_int = [], [], False, 0, 0, True
    for k in key:
        if k is Ellipsis:
            fill = ndim - used
            parts += [slice(None)] * fill
            axis += fill
            out_axis += fill
            all_int = all_int and fill == 0
            continue
        if k is None or k is True:  # True indexes like a new axis (numpy)
            all_int = False
            parts.append(None)
            out_axis += 1
            continue
        size = shape[axis]
        if isinstance(k, integer_types) and not isinstance(k, bool) or (
                isinstance(k, NDArray) and k.ndim == 0 and not k._data.is_floating_point()):
            k = int(k)
            if not -size <= k < size:
                raise IndexError(f"index {k} is out of bounds for axis {axis} with size {size}")
            parts.append(k if k >= 0 else k + size)
        elif isinstance(k, slice):
            all_int = False
            start, stop, step = k.indices(size) if k.step != 0 else (None, None, 0)
            if step == 0:
                raise ValueError("slice step cannot be zero")
            if step < 0:
                count = len(range(start, stop, step))
                first = start + (count - 1) * step if count else 0
                flips.append((len(parts), out_axis))
                parts.append(slice(first, first + (count - 1) * -step + 1 if count else 0, -step))
            else:
                parts.append(slice(start, stop, step))
            out_axis += 1
        elif isinstance(k, (list, tuple, range, np.ndarray, NDArray)):  # array indices (MXNet's)
            advanced = True
            index = _index_tensor(k, device)
            all_int = all_int and index.dim() == 0  # a 0-d array index reads as an integer
            if index.dtype is not torch.bool and index.numel():
                low, high = int(index.min()), int(index.max())
                bad = high if high >= size else low if low < -size else None
                if bad is not None:
                    raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {size}")
            parts.append(index)
            out_axis += 1
            if index.dtype is torch.bool:
                axis += index.dim() - 1
        else:
            raise _bad_key(k)
        axis += 1
    new_axes = None
    if advanced:
        if len(parts) > 1:
            parts = _as_mxnet_array_indices(parts, device)
        tensors = [p for p in parts if isinstance(p, torch.Tensor)]
        has_new_axis = any(p is None for p in parts)  # (not ``None in parts``: tensors compare elementwise)
        if len(tensors) > 1 or has_new_axis:
            shapes = [tuple(p.shape) for p in tensors]
            block = shapes[0] if shapes.count(shapes[0]) == len(shapes) else _check_broadcastable(shapes)
            if has_new_axis:
                new_axes = _mxnet_new_axes(parts, len(block))
    return _Key(parts, advanced, flips, all_int and axis == ndim, new_axes)


def _as_mxnet_array_indices(parts, device):
    """The key parts as MXNet's advanced indexing reads them (``_get_index_nd``).

    MXNet (as numpy) counts integers beside an array index as array indices: x[0, :, [0, 1]] puts
    the indexed axis first, (2, 3), where torch selects axis 0 first and gives (3, 2). It makes
    integers and 0-d arrays 1-element arrays, so the indexed block has at least one axis:
    x[-2, np.array(0), :2] is (1, 2) (numpy: (2,)). With 0-d arrays alone it fails (shape
    inference of ()); mxnd reads them as integers there, as numpy. Where torch's reading is the
    same (the indices adjacent, an array among them) the parts stay as they are: cheaper."""
    first = last = None
    ints = arrays = zero_d = 0
    for i, p in enumerate(parts):
        if type(p) is int:
            ints += 1
        elif isinstance(p, torch.Tensor):
            if p.dim():
                arrays += 1
            else:
                zero_d += 1
        else:
            continue
        first = i if first is None else first
        last = i
    if not ints and not zero_d or not arrays and not ints:  # no scalars, or 0-d arrays alone
        return parts
    if arrays and last - first + 1 == ints + arrays + zero_d:  # adjacent, an array with axes among them
        return parts
    return [torch.tensor([p], device=device) if type(p) is int else
            p.reshape(1) if isinstance(p, torch.Tensor) and not p.dim() else p for p in parts]


def _mxnet_new_axes(parts, block_ndim):
    """Where numpy and MXNet put the None axes of a key with array indices.

    MXNet (``_new_axes_after_advanced_indexing``) counts the axes before each None without the
    indexed block when the array indices are adjacent, so a None after the block lands before
    it: ``x[[0, 1], None]`` of a (2, 3, 4) array is (1, 2, 3, 4) there (numpy: (2, 1, 3, 4)).
    Returns (numpy's positions, MXNet's); separated array indices put the block first in both."""
    kinds = ["n" if p is None else "s" if isinstance(p, slice) else "a" for p in parts]
    arrays = [i for i, kind in enumerate(kinds) if kind == "a"]
    adjacent = all(b - a == 1 for a, b in zip(arrays, arrays[1:]))
    numpy_at, mxnet_at, before = [], [], 0
    for i, kind in enumerate(kinds):
        if kind == "n":
            numpy_at.append(before + (block_ndim if not adjacent or i > arrays[0] else 0))
            mxnet_at.append(before + (0 if adjacent else block_ndim))
        if kind != "a":
            before += 1
    return numpy_at, mxnet_at


def _check_broadcastable(shapes):
    """MXNet's fold of the array indices' shapes (``_broadcast_shapes``): the block's shape, or its
    ValueError naming the shape broadcast so far and the first one that does not fit."""
    so_far = ()
    for shape in shapes:
        for a, b in zip(so_far[::-1], shape[::-1]):
            if a != 1 and b != 1 and a != b:
                raise ValueError(f"shape1={so_far} is not broadcastable to shape2={shape}")
        longer = so_far if len(so_far) > len(shape) else shape
        tail = [b if a == 1 else a for a, b in zip(so_far[::-1], shape[::-1])]
        so_far = tuple(longer[:len(longer) - len(tail)]) + tuple(tail[::-1])
    return so_far


def _select(data: torch.Tensor, key: _Key) -> torch.Tensor:
    """Apply a normalized key to any tensor (a view where torch can give one)."""
    result = _select_numpy(data, key)
    if key.new_axes is not None and key.new_axes[0] != key.new_axes[1]:
        numpy_at, mxnet_at = key.new_axes
        shape = [n for i, n in enumerate(result.shape) if i not in numpy_at]
        for position in mxnet_at:
            shape.insert(position, 1)
        result = result.reshape(shape)
    return result


def _select_numpy(data: torch.Tensor, key: _Key) -> torch.Tensor:
    """``data[key]`` with numpy's rules."""
    if key.flips and key.advanced:
        # advanced indexing may move axes: flip the input axes first, then slice forward
        parts = list(key.parts)
        for position, _ in key.flips:
            axis = sum(1 for p in parts[:position] if p is not None)
            size = data.shape[axis]
            data = data.flip(axis)
            start, stop, step = parts[position].start, parts[position].stop, parts[position].step
            parts[position] = slice(size - stop, size - start, step)
        return data[tuple(parts)]
    result = data[tuple(key.parts)]
    if key.flips:
        result = result.flip([out_axis for _, out_axis in key.flips])
    if key.all_int:
        result = result.reshape(1)
    return result


def _all_forward_basic(key: tuple) -> bool:
    """Every part of ``key`` an int or a forward slice (one loop, no call per part)."""
    for part in key:
        kind = type(part)
        if kind is int:
            continue
        if kind is not slice:
            return False
        step = part.step
        if step is not None and not (type(step) is int and step > 0):
            return False
    return True


def _is_everything(key) -> bool:
    """``()`` or ``:``: the key MXNet answers with the array itself."""
    return (type(key) is tuple and not key) or (
        type(key) is slice and key.start is None and key.stop is None and key.step is None)


def getitem(array: NDArray, key):
    """``x[key]`` with MXNet's view/copy rules."""
    data = array._data
    if data.requires_grad and not FLAGS.get().recording:
        data = data.detach()  # a view taken outside record() is not part of any graph
    if type(key) is int and data.dim() > 0:  # fast path: x[i]
        size = data.shape[0]
        if not -size <= key < size:
            raise IndexError(f"index {key} is out of bounds for axis 0 with size {size}")
        view = data[key]
        return wrap(view if view.dim() else view.reshape(1), array._ctx)
    if type(key) is slice and (key.step is None or key.step == 1) and data.dim() > 0:
        return wrap(data[key], array._ctx)
    if _is_everything(key):
        return array
    if data.dim() == 0:
        raise IndexError("too many indices for a 0-d NDArray")
    if type(key) is tuple and len(key) <= data.dim() and _all_forward_basic(key):
        try:  # fast path: ints and forward slices map 1:1 onto a torch view
            result = data[key]
        except IndexError:
            pass  # let normalize() raise MXNet's message
        else:
            if result.dim() == 0:
                result = result.reshape(1)
            return wrap(result if result.is_contiguous() else result.contiguous(), array._ctx)
    result = _select(data, normalize(key, tuple(data.shape), data.device))
    if not result.is_contiguous():
        result = result.contiguous()
    return wrap(result, array._ctx)


def _prepare_value(array: NDArray, value, shape, new_axes=()) -> torch.Tensor:
    """The value to store, as a tensor of the array's dtype/device broadcast to ``shape``; a value
    with more axes first loses its size-1 ``new_axes`` (where the key's None put axes in the read
    result, so ``x[key] = f(x[key])`` works), then its leading size-1 axes, as MXNet's
    ``_prepare_value_nd``."""
    data = array._data
    if isinstance(value, NDArray):
        try:
            source = value._data
        except AttributeError:  # a csr or row_sparse value: MXNet's frontend finds no array in it
            raise TypeError(f"{type(array)} does not support assignment with non-array-like object "
                            f"{value} of type {type(value)}") from None
        tensor = dtypes.c_cast(source, data.dtype, device=data.device)
    elif isinstance(value, torch.Tensor):  # array-like, on any device (numpy would read a GPU's on the host)
        tensor = dtypes.c_cast(value.detach(), data.dtype, device=data.device)
    else:
        try:
            source = np.asarray(value)
            if source.dtype == object or source.dtype.kind in "USV":
                raise TypeError
            tensor = dtypes.c_cast(torch.from_numpy(np.array(source, copy=True)), data.dtype, device=data.device)
        except (TypeError, ValueError):
            raise TypeError(f"{type(array)} does not support assignment with non-array-like object "
                            f"{value} of type {type(value)}") from None
    if new_axes and tensor.dim() > len(shape):
        kept = [d for i, d in enumerate(tensor.shape) if not (i in new_axes and d == 1)]
        tensor = tensor.reshape(kept)
    while tensor.dim() > len(shape) and tensor.shape[0] == 1:
        tensor = tensor[0]
    if tuple(tensor.shape) != tuple(shape):
        try:
            tensor = tensor.expand(shape) if tensor.numel() else tensor.reshape(shape)
        except RuntimeError:
            raise ValueError("operands could not be broadcast together with remapped shapes"
                             f"[original->remapped]: {tuple(tensor.shape)} and requested shape "
                             f"{tuple(shape) or (1,)}") from None  # MXNet's shapes have an axis
    return tensor


def setitem(array: NDArray, key, value):
    """``x[key] = value``: scalars fill, arrays broadcast; writes land in x's storage.

    Inside ``record()`` the write is recorded, and refused for an array already in the
    graph (MXNet's rule); outside it the write is plain, variables included.
    """
    if not FLAGS.get().recording:
        return without_grad(_assign, (array, key, value))
    if array._data.requires_grad:
        raise MXNetError(f"setitem: {ASSIGN_IN_GRAPH}")
    return _assign(array, key, value, _in_graph(value))


def _in_graph(value) -> bool:
    """Whether ``value`` (assigned inside ``record()``) is in the recorded graph."""
    if not isinstance(value, NDArray):
        return False
    from .sparse.recorded import graph_of

    return graph_of(value) is not None


def _refuse_partial_write():
    """MXNet records a write of part of an array (``_slice_assign``, ``_scatter_set_nd``) with the
    array as input and output: refused when the value is in the graph (a whole-array write is a copy)."""
    raise MXNetError(f"setitem: {INPLACE_RECORDED}")


def _assign(array: NDArray, key, value, value_in_graph=False):
    data = array._data
    new_axes = ()
    if data.dim() == 0:
        if not _is_everything(key):
            raise IndexError("scalar tensor can only accept `()` and `:` as index")
        target = data
    elif data.numel() == 0:
        return
    else:
        normalized = normalize(key, tuple(data.shape), data.device)
        if normalized.advanced or normalized.flips:
            if value_in_graph:
                _refuse_partial_write()
            _scatter(array, normalized, value)
            return
        parts = normalized.parts
        if any(p is None for p in parts):
            new_axes = _basic_new_axes(parts)
            parts = [p for p in parts if p is not None]
        target = data[tuple(parts)]
        if value_in_graph and target.numel() != data.numel():
            _refuse_partial_write()
    if isinstance(value, numeric_types) and not isinstance(value, np.ndarray):
        # MXNet's double -> DType (torch's own for floating types): 300 into uint8 is 44
        target.fill_(value if data.is_floating_point() else fill_value(value, data.dtype))
    else:
        # a value overlapping the target (x[1:] = x[:-1]) is read first: docs/differences.md
        source = _prepare_value(array, value, tuple(target.shape), new_axes)
        copy_into(target, source)
        if value_in_graph:  # a whole-array copy, recorded: from integer variables, through shadows
            array._data = written(data, source)


def _basic_new_axes(parts):
    """The axes a basic key's None entries add to its read result (integers remove theirs)."""
    axes, position = [], 0
    for part in parts:
        if part is None:
            axes.append(position)
        if type(part) is not int:
            position += 1
    return axes


def _scatter(array: NDArray, key: _Key, value):
    """Write through a key torch cannot view: find the flat positions by indexing an arange."""
    data = array._data
    positions = _select(torch.arange(data.numel(), device=data.device).view(data.shape), key)
    if key.all_int:
        positions = positions.reshape(())
    new_axes = ()
    if any(p is None for p in key.parts):  # the value's shape is the read's without the None axes
        new_axes = key.new_axes[1] if key.new_axes is not None else _basic_new_axes(key.parts)
        positions = positions.reshape([n for i, n in enumerate(positions.shape) if i not in new_axes])
    shape = tuple(positions.shape)
    if isinstance(value, numeric_types) and not isinstance(value, np.ndarray):
        fill = value if data.is_floating_point() else fill_value(value, data.dtype)
        values = torch.full(shape, fill, dtype=data.dtype, device=data.device)
    else:
        values = _prepare_value(array, value, shape, new_axes)
    flat, index = data.view(-1), (positions.reshape(-1),)
    write_unaliased(lambda source: flat.index_put_(index, source), values.reshape(-1))  # x[::-1] = x
