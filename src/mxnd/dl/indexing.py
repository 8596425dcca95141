"""Indexing of dlarrays with MATLAB's format rules, 0-based Python subscripts.

* ``x[i0, ..., in]`` with at least ``ndim`` subscripts keeps the format; integer subscripts keep
  their dim (size 1) and lists/arrays select along their dim independently (MATLAB's
  rectangular indexing). Fewer subscripts, ``...`` or ``None`` give an unformatted result with
  torch/NumPy semantics.
* ``x[key] = v`` keeps x's format (v's format is ignored) and grows the array like MATLAB when a
  subscript reaches past the end (new elements are 0, new trailing dims are labelled 'U').
* ``dl.delete(x, key)`` / ``del x[key]``: MATLAB's ``X(idx) = []``.

>>> from mxnd import dl
>>> import numpy as np
>>> x = dl.dlarray(np.ones((2, 2)), 'SC')
>>> x[:, :, 1] = 2
>>> x.fmt, x.shape
('SCU', (2, 2, 2))
"""
from __future__ import annotations

import numpy as np
import torch

from ..ndarray.ndarray import NDArray
from ._core import TRACE, dlarray, make, size_matlab
from .elementwise import numeric_operand
from .shape import fortran_reshape

__all__ = ["getitem", "setitem", "delete"]

_FULL = slice(None)


def _key_tuple(key):
    return key if isinstance(key, tuple) else (key,)


def _as_index(value, device):
    """Index object for torch: dlarray/NDArray/numpy/list subscripts become long or bool tensors."""
    if isinstance(value, (dlarray, NDArray)):
        value = value._data
    elif isinstance(value, (list, np.ndarray)):
        value = torch.as_tensor(np.asarray(value))
    if isinstance(value, torch.Tensor):
        if value.dtype.is_floating_point:
            if not bool((value == torch.round(value)).all()):
                raise IndexError("dlarray index: subscripts must be integers or logicals")
            value = value.long()
        return value.to(device)
    return value


def _is_full_key(key, rank) -> bool:
    if len(key) < rank:
        return False
    for entry in key:
        if entry is None or entry is Ellipsis:
            return False
    return True


def _positions(entry, size, dim):
    """The 0-based positions one subscript selects along a dim of ``size`` (a long tensor or int)."""
    if isinstance(entry, slice):
        return range(*entry.indices(size))
    if isinstance(entry, (int, np.integer)) and not isinstance(entry, bool):
        position = int(entry) + size if entry < 0 else int(entry)
        if not 0 <= position < size:
            raise IndexError(f"Index in position {dim} exceeds array bounds (must not exceed {size})")
        return range(position, position + 1)
    if isinstance(entry, torch.Tensor):
        if entry.dtype is torch.bool:
            if entry.numel() != size:
                raise IndexError(f"The logical index in position {dim} has {entry.numel()} elements, "
                                 f"the dimension has {size}")
            return entry.reshape(-1).nonzero().reshape(-1)
        positions = entry.reshape(-1)
        positions = torch.where(positions < 0, positions + size, positions)
        if positions.numel() and (bool((positions < 0).any()) or bool((positions >= size).any())):
            raise IndexError(f"Index in position {dim} exceeds array bounds (must not exceed {size})")
        return positions
    raise IndexError(f"dlarray index: unsupported subscript {entry!r}")


def _select(data, dim, positions):
    if isinstance(positions, range):
        if positions.step == 1:
            return data.narrow(dim, positions.start, len(positions)) if len(positions) else \
                data.narrow(dim, 0, 0)
        positions = torch.tensor(list(positions), dtype=torch.long, device=data.device)
    return data.index_select(dim, positions.to(data.device))


def _check_extra(key, rank):
    for entry in key[rank:]:
        if not (entry == _FULL if isinstance(entry, slice) else
                (isinstance(entry, (int, np.integer)) and entry in (0, -1))):
            raise IndexError(f"Index exceeds the number of array dimensions ({rank}): extra subscripts "
                             f"must be 0 or ':'")


def _basic_key(key, shape):
    """The key with integers as length-1 slices when it has only ints and forward slices (fast
    path: one torch view); None otherwise."""
    out = []
    for entry, size in zip(key, shape):
        if type(entry) is slice:
            if entry.step is not None and entry.step <= 0:
                return None
            out.append(entry)
        elif type(entry) is int:
            position = entry + size if entry < 0 else entry
            if not 0 <= position < size:
                return None  # the general path raises MATLAB's bounds error
            out.append(slice(position, position + 1))
        else:
            return None
    return tuple(out)


def getitem(x: dlarray, key):
    """``x[key]`` with MATLAB's format rule (see the module docstring)."""
    key = _key_tuple(key)
    data, fmt = x._data, x._fmt
    if fmt and len(key) == data.dim():
        basic = _basic_key(key, data.shape)
        if basic is not None:
            return make(data[basic], fmt)
    device = data.device
    key = tuple(_as_index(entry, device) for entry in key)
    rank = data.dim()
    if fmt and _is_full_key(key, rank):
        _check_extra(key, rank)
        for dim, entry in enumerate(key[:rank]):
            data = _select(data, dim, _positions(entry, data.shape[dim], dim))
        return make(data, fmt)
    try:
        return make(data[key], "")
    except IndexError as error:
        raise IndexError(f"dlarray index: {error}") from None


def _needed(entry, size):
    """Size a dim must have for this subscript (MATLAB grows arrays on assignment)."""
    if isinstance(entry, slice):
        if entry.stop is not None and entry.stop > size and (entry.step or 1) > 0 and \
                (entry.start or 0) >= 0:
            return entry.stop
        return size
    if isinstance(entry, (int, np.integer)) and not isinstance(entry, bool):
        return max(int(entry) + 1, size) if entry >= 0 else size
    if isinstance(entry, torch.Tensor):
        if entry.dtype is torch.bool:
            return max(entry.numel(), size)
        if entry.numel():
            return max(int(entry.max()) + 1, size)
    return size


def _grid(entry, size, dim, rank, device):
    positions = _positions(entry, size, dim)
    if isinstance(positions, range):
        positions = torch.arange(positions.start, positions.stop, positions.step, device=device)
    shape = [1] * rank
    shape[dim] = -1
    return positions.to(device).reshape(shape)


def setitem(x: dlarray, key, value):
    """``x[key] = value`` in place on ``x`` (MATLAB's assignment and growth rules)."""
    key = _key_tuple(key)
    data, fmt = x._data, x._fmt
    device = data.device
    key = tuple(_as_index(entry, device) for entry in key)
    source = numeric_operand(value, data, "dlarray assignment") if not isinstance(value, dlarray) \
        else value._data.to(device)
    if source.dtype is not data.dtype:
        source = source.to(data.dtype)
    out_of_place = bool(TRACE.depth) or data.requires_grad or source.requires_grad
    if not _is_full_key(key, data.dim()) or any(isinstance(e, torch.Tensor) and e.dim() > 1 for e in key):
        target = data.clone() if out_of_place else data
        try:
            target[key] = source
        except (IndexError, RuntimeError) as error:
            raise IndexError(f"dlarray assignment: {error}") from None
        x._data = target
        return
    rank = len(key)
    shape = list(data.shape) + [1] * (rank - data.dim())
    needed = [_needed(entry, size) for entry, size in zip(key, shape)]
    if needed != shape or rank != data.dim():
        if needed != shape:
            grown = data.new_zeros(needed)
            grown[tuple(slice(0, s) for s in shape)] = data.reshape(shape)
            data, out_of_place = grown, False
        else:
            data = data.reshape(shape)
        if fmt:
            fmt = fmt + "U" * (rank - len(fmt))
    grids = tuple(_grid(entry, size, dim, rank, device) for dim, (entry, size) in enumerate(zip(key, needed)))
    region = tuple(g.shape[d] for d, g in enumerate(grids))
    if source.numel() != 1 and tuple(source.shape) != region:
        if source.numel() == int(np.prod(region)):
            source = source.reshape(region)  # MATLAB matches sizes ignoring singleton dims
        else:
            raise ValueError(f"Unable to perform assignment because the size of the left side is "
                             f"{'x'.join(map(str, region))} and the size of the right side is "
                             f"{'x'.join(map(str, source.shape))}.")
    target = data.clone() if out_of_place else data
    target[grids] = source
    out = make(target, fmt)
    x._data, x._fmt = out._data, out._fmt


def delete(x: dlarray, key) -> dlarray:
    """MATLAB ``X(idx) = []``: remove the elements one subscript selects. The format is kept when
    the key has at least ndims subscripts; otherwise the result is unformatted."""
    if not isinstance(x, dlarray):
        raise TypeError(f"delete: expected a dlarray, got {type(x).__name__}")
    key = tuple(_as_index(entry, x._data.device) for entry in _key_tuple(key))
    partial = [d for d, entry in enumerate(key) if not (isinstance(entry, slice) and entry == _FULL)]
    if len(partial) != 1:
        raise ValueError("delete: A null assignment can have only one non-colon index.")
    data, fmt = x._data, x._fmt
    n = len(key)
    sizes = size_matlab(data.shape, fmt)
    if n >= len(sizes):
        extra = n - len(sizes)
        data = data.reshape(tuple(sizes) + (1,) * extra)
        result_fmt = fmt + "U" * extra if fmt else ""
    else:
        merged = list(sizes[:n - 1]) + [int(np.prod(sizes[n - 1:]))]
        data = fortran_reshape(data, merged)
        result_fmt = ""
    dim = partial[0]
    size = data.shape[dim]
    positions = _positions(key[dim], size, dim)
    if isinstance(positions, range):
        positions = torch.tensor(list(positions), dtype=torch.long, device=data.device)
    keep = torch.ones(size, dtype=torch.bool, device=data.device)
    keep[positions] = False
    out = data.index_select(dim, keep.nonzero().reshape(-1))
    if n == 1 and not result_fmt:
        # linear deletion: a column stays a column, anything else becomes a row (MATLAB)
        out = out.reshape(-1, 1) if sizes[1:] == (1,) * (len(sizes) - 1) else out.reshape(1, -1)
    return make(out, result_fmt)
