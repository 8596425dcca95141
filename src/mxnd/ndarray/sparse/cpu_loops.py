"""Compiled CPU loops for the sparse hot paths, in MXNet 1.9.1's summation order.

``csr_times_dense`` runs scipy's sparsetools loops (``csr_matvecs`` / ``csc_matvecs``): one
pass over the stored entries, ``out[r] += v * dense[c]`` in storage order from a zeroed output,
which is the order of MXNet's CPU kernels (its results are bit-identical) and several times
cheaper than gather + ``index_add`` for a few columns. ``rsp_union`` adds two row-sparse arrays
in one sorted merge (``bsr_plus_bsr``). Each returns None where it does not apply (no scipy, not
the CPU, a dtype the loops lack, a tensor autograd records): the caller then takes its torch path.

>>> import torch
>>> indptr, indices = torch.tensor([0, 2, 2, 3]), torch.tensor([0, 2, 1])
>>> values, dense = torch.tensor([1., 2., 3.]), torch.arange(6.).reshape(3, 2)
>>> csr_times_dense(indptr, indices, values, dense, 3, transpose=False).tolist()
[[8.0, 11.0], [0.0, 0.0], [6.0, 9.0]]
>>> csr_times_dense(indptr, indices, values, dense, 3, transpose=True).tolist()
[[0.0, 1.0], [12.0, 15.0], [0.0, 2.0]]
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ...fast_paths import on_host

from ...scipy_sparse import loops


def _loops():
    """scipy's (csr_matvecs, csc_matvecs, bsr_plus_bsr, bsr_minus_bsr), or None (scipy is optional)."""
    return loops("csr_matvecs", "csc_matvecs", "bsr_plus_bsr", "bsr_minus_bsr")

__all__ = ["csr_times_dense", "rsp_union"]

_LOOP_TYPES = (torch.float32, torch.float64)
_ROWS_PER_VALUE = 32  # CSR rows per stored value above which visiting every row costs more than a scatter
_MERGE_TYPES = (torch.float32, torch.float64, torch.int8, torch.uint8, torch.int32, torch.int64)


def _plain(*tensors) -> bool:
    """True when every tensor is on the CPU and autograd does not record through it."""
    grad = torch.is_grad_enabled()
    for tensor in tensors:
        if not on_host(tensor) or (grad and tensor.requires_grad):
            return False
    return True


def csr_times_dense(indptr, indices, values, dense, out_rows, transpose):
    """``csr @ dense`` (``csr.T @ dense`` when ``transpose``) as a new (out_rows, k) tensor, or None.

    With ``transpose`` each stored (r, c, v) adds ``v * dense[r]`` to output row ``c`` (pass the
    positions of the columns among the distinct ones as ``indices`` for a compacted output). None
    also for a CSR of mostly empty rows (more than 32 per stored value), which the loops would walk.
    """
    if (dense.dim() != 2 or values.dtype is not dense.dtype or dense.dtype not in _LOOP_TYPES
            or not dense.is_contiguous() or not _plain(values, dense, indptr)
            or indptr.shape[0] - 1 > _ROWS_PER_VALUE * max(values.shape[0], 1)  # the loops visit every row
            or _loops() is None):
        return None
    ptr = indptr.numpy().astype(np.int64, copy=False)
    cols = indices.numpy().astype(np.int64, copy=False)
    matrix = dense.detach().numpy()
    width = matrix.shape[1]
    out = np.zeros((out_rows, width), dtype=matrix.dtype)
    if width and ptr.shape[0] > 1:
        loop = _loops()[1 if transpose else 0]
        shape = (out_rows, ptr.shape[0] - 1) if transpose else (ptr.shape[0] - 1, matrix.shape[0])
        loop(shape[0], shape[1], width, ptr, cols, values.detach().numpy(), matrix.reshape(-1), out.reshape(-1))
    return torch.from_numpy(out)


def rsp_union(left_rows, right_rows, left_values, right_values, sign):
    """``lhs + sign * rhs`` of two row_sparse arrays as (union rows, values), or None (see the module).

    One sorted merge in scipy's block-sparse loop (``bsr_plus_bsr``: each stored row is a 1 x width
    block), computing ``a + b``, ``a + 0`` and ``0 + b`` (``-`` for ``sign < 0``) as MXNet does, signed
    zeros included. That loop drops rows whose result is all zeros, which MXNet keeps: then None.

    >>> [t.tolist() for t in rsp_union(torch.tensor([1]), torch.tensor([0, 1]), torch.ones(1, 2),
    ...                                torch.full((2, 2), 3.), -1)]
    [[0, 1], [[-3.0, -3.0], [-2.0, -2.0]]]
    """
    if (not _plain(left_values, right_values) or left_values.dtype is not right_values.dtype
            or left_values.dtype not in _MERGE_TYPES or left_values.dim() < 2 or _loops() is None):
        return None
    lhs, rhs = left_values.detach().numpy(), right_values.detach().numpy()
    left, right = left_rows.numpy(), right_rows.numpy()
    width = math.prod(lhs.shape[1:])
    count = left.shape[0] + right.shape[0]
    if width == 0 or count == 0:
        return None
    rows = np.empty(count, dtype=np.int64)
    values = np.empty((count,) + lhs.shape[1:], dtype=lhs.dtype)
    ends = np.empty(2, dtype=np.int64)
    loop = _loops()[2 if sign > 0 else 3]
    loop(1, max(int(left[-1]) if left.shape[0] else 0, int(right[-1]) if right.shape[0] else 0) + 1, 1, width,
         np.array([0, left.shape[0]], dtype=np.int64), left.astype(np.int64, copy=False),
         np.ascontiguousarray(lhs).reshape(-1), np.array([0, right.shape[0]], dtype=np.int64),
         right.astype(np.int64, copy=False), np.ascontiguousarray(rhs).reshape(-1), ends, rows, values.reshape(-1))
    kept = int(ends[1])
    if left.shape[0] and right.shape[0]:  # every union row must be there: count the shared ones
        below = np.minimum(np.searchsorted(left, right), left.shape[0] - 1)
        count -= int(np.count_nonzero(left[below] == right))
    if kept != count:
        return None
    return torch.from_numpy(rows[:kept]), torch.from_numpy(values[:kept])
