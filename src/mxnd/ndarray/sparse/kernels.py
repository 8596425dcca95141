"""Index kernels shared by the sparse operators, each picking the cheaper of two torch forms.

``expand_rows`` turns a CSR ``indptr`` into the row of every stored entry; ``index_set`` is the
sorted set of the values of an index tensor in ``[0, size)``. Both are O(size + nnz) when the
index space is small next to nnz and O(nnz log) when it is large.

>>> import torch
>>> expand_rows(torch.tensor([0, 2, 2, 3])).tolist(), index_set(torch.tensor([4, 1, 4]), 6).tolist()
([0, 0, 2], [1, 4])
>>> [t.tolist() for t in index_set(torch.tensor([4, 1, 4]), 6, return_inverse=True)]
[[1, 4], [1, 0, 1]]
>>> locate(torch.tensor([1, 4, 9]), torch.tensor([4, 0, 10])).tolist()
[1, 0, 3]
"""
from __future__ import annotations

import numpy as np
import torch

from ...fast_paths import on_host

__all__ = ["expand_rows", "index_set", "locate", "merge_rows"]


def expand_rows(indptr: torch.Tensor) -> torch.Tensor:
    """The row index of each stored entry of a CSR matrix with row pointers ``indptr``."""
    rows = indptr.shape[0] - 1
    nnz = int(indptr[-1]) if rows >= 0 and indptr.numel() else 0
    device = indptr.device
    if nnz == 0:
        return torch.zeros(0, dtype=torch.int64, device=device)
    if rows > 30 * nnz:  # few entries in many rows: binary search of each entry's position
        if on_host(indptr):
            return torch.from_numpy(np.searchsorted(indptr.numpy(), np.arange(nnz), "right") - 1)
        return torch.searchsorted(indptr, torch.arange(nnz, device=device), right=True) - 1
    marks = torch.zeros(nnz + 1, dtype=torch.int64, device=device)
    marks.index_add_(0, indptr[1:-1], torch.ones(rows - 1, dtype=torch.int64, device=device))
    return marks[:nnz].cumsum_(0)


def index_set(indices: torch.Tensor, size: int, return_inverse: bool = False):
    """The sorted distinct values of ``indices`` (all in ``[0, size)``), and with ``return_inverse``
    the position of each index among them."""
    if indices.numel() == 0:
        empty = indices.new_zeros(0)
        return (empty, empty) if return_inverse else empty
    if size > 64 * indices.numel():  # a large index space: sort
        return torch.unique(indices, sorted=True, return_inverse=return_inverse)
    if on_host(indices):  # numpy's boolean scan is several times faster than torch's here
        seen = np.zeros(size, dtype=bool)
        flat = indices.numpy()
        seen[flat] = True
        unique = np.flatnonzero(seen)
        if not return_inverse:
            return torch.from_numpy(unique)
        position = np.empty(size, dtype=np.int64)  # value -> its rank among the distinct values
        position[unique] = np.arange(unique.shape[0])
        return torch.from_numpy(unique), torch.from_numpy(position[flat])
    seen = torch.zeros(size, dtype=torch.bool, device=indices.device)
    seen[indices] = True
    unique = seen.nonzero().reshape(-1)
    if not return_inverse:
        return unique
    position = torch.empty(size, dtype=torch.int64, device=indices.device)
    position[unique] = torch.arange(unique.shape[0], device=indices.device)
    return unique, position[indices]


def locate(sorted_values: torch.Tensor, queries: torch.Tensor) -> torch.Tensor:
    """The insertion position of each query in ``sorted_values`` (``searchsorted``, left side);
    on the CPU numpy's binary search, several times faster than torch's for these sizes."""
    if on_host(sorted_values):
        return torch.from_numpy(np.searchsorted(sorted_values.numpy(), queries.numpy()))
    return torch.searchsorted(sorted_values, queries)


def merge_rows(left: torch.Tensor, right: torch.Tensor, size: int):
    """For two sorted sets of row indices in ``[0, size)``: their union, the position of each
    row of ``left`` and of ``right`` in it, and which entries of ``right`` are also in ``left``.

    >>> [t.tolist() for t in merge_rows(torch.tensor([1, 4]), torch.tensor([0, 4]), 6)]
    [[0, 1, 4], [1, 2], [0, 2], [1]]
    """
    if on_host(left):  # numpy's binary searches: O((n + m) log) whatever ``size`` is
        return tuple(torch.from_numpy(part) for part in _merge_sorted(left.numpy(), right.numpy()))
    union = index_set(torch.cat([left, right]), size)
    at_left, at_right = locate(union, left), locate(union, right)
    in_left = torch.zeros(union.shape[0], dtype=torch.bool, device=union.device)
    in_left[at_left] = True
    return union, at_left, at_right, in_left[at_right].nonzero().reshape(-1)


def _merge_sorted(left: np.ndarray, right: np.ndarray):
    """``merge_rows`` on numpy arrays: a right row lands after the left rows below it and the
    right-only rows before it; a left row after the right-only rows below it."""
    below = np.searchsorted(left, right)  # left rows below each right row
    shared = np.zeros(right.shape[0], dtype=bool)
    if left.shape[0]:
        shared = left[np.minimum(below, left.shape[0] - 1)] == right
    right_only = right[~shared]
    at_right = below + np.arange(right.shape[0]) - (np.cumsum(shared) - shared)
    at_left = np.arange(left.shape[0]) + np.searchsorted(right_only, left)
    union = np.empty(left.shape[0] + right_only.shape[0], dtype=np.int64)
    union[at_left] = left
    union[at_right] = right
    return union, at_left, at_right, np.flatnonzero(shared)
