"""Row-sparse values in the store: summing pushes, reducing across workers, gathering rows.

A row-sparse value is handled as (values, sorted unique int64 row indices, shape); results
are wrapped back with ``make_rsp``.

>>> import torch
>>> v, i = sum_rows([(torch.ones(1, 2), torch.tensor([3])), (torch.ones(2, 2), torch.tensor([0, 3]))], (2,))
>>> i.tolist(), v.tolist()
([0, 3], [[1.0, 1.0], [2.0, 2.0]])
"""
from __future__ import annotations

import torch

from ..errors import MXNetError

__all__ = ["components", "sum_rows", "gather_rows", "unique_rows"]


def components(array):
    """(values, indices) tensors of a RowSparseNDArray (public accessors)."""
    return array.data._data, array.indices._data


def sum_rows(parts, row_shape):
    """Sum of row-sparse parts [(values, indices), ...]: rows are the union of the indices."""
    if len(parts) == 1:
        return parts[0]
    values = torch.cat([v for v, _ in parts])
    rows, where = torch.unique(torch.cat([i for _, i in parts]), sorted=True, return_inverse=True)
    total = torch.zeros((rows.numel(),) + tuple(row_shape), dtype=values.dtype, device=values.device)
    return total.index_add_(0, where, values), rows


def unique_rows(row_ids, num_rows, what):
    """Sorted unique int64 rows of ``row_ids`` (an NDArray of any numeric dtype), range-checked."""
    rows = torch.unique(row_ids._data.reshape(-1).to(torch.int64), sorted=True)
    if rows.numel() and (int(rows[0]) < 0 or int(rows[-1]) >= num_rows):
        raise MXNetError(f"{what}: row_ids must lie in [0, {num_rows}), got "
                         f"{int(rows[0])}..{int(rows[-1])}")
    return rows


def gather_rows(values, indices, rows):
    """Values of ``rows`` from a row-sparse (values, indices); rows not stored are zero."""
    out = torch.zeros((rows.numel(),) + tuple(values.shape[1:]), dtype=values.dtype, device=values.device)
    if indices.numel() == 0 or rows.numel() == 0:
        return out
    pos = torch.searchsorted(indices, rows.to(indices.device)).clamp_(max=indices.numel() - 1)
    found = indices[pos] == rows
    out[found] = values[pos[found]]
    return out
