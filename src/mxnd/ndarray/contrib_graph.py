"""``mx.nd.contrib.edge_id``: edge ids of a graph stored as a CSR matrix (MXNet's DGL operator).

The CSR's values are the edge ids; ``edge_id(data, u, v)[i]`` is ``data[u[i], v[i]]`` when that
entry is stored and ``-1`` otherwise (src/operator/contrib/dgl_graph.cc). ``u`` and ``v`` are cast
to integers by truncation, as the C++ kernel's ``static_cast`` does.
"""
from __future__ import annotations

import torch

from ..errors import MXNetError
from .ndarray import NDArray, wrap

__all__ = ["edge_id"]

_OP = "_contrib_edge_id"


def _vertices(array, position, what):
    if not isinstance(array, NDArray) or array.stype != "default":
        raise MXNetError(f"{_OP}: {what} must be a dense NDArray, got {type(array).__name__}")
    if array.ndim != 1:
        raise MXNetError(f"{_OP}: Check failed: in_attrs->at({position}).ndim() == 1U ({array.ndim} vs. 1) : "
                         f"{what} must be a 1-D array")
    return array._data.to(torch.int64)  # truncation toward zero, as static_cast


def edge_id(data, u, v, out=None, name=None):
    """``data[u[i], v[i]]`` for every ``i`` where the CSR matrix ``data`` stores that entry, else -1.

    >>> import mxnd as mx
    >>> x = mx.nd.sparse.csr_matrix(([1, 2, 3], [0, 1, 2], [0, 1, 2, 3]), shape=(3, 3))
    >>> mx.nd.contrib.edge_id(x, mx.nd.array([0, 0, 1, 2]), mx.nd.array([0, 1, 1, 2])).asnumpy().tolist()
    [1.0, -1.0, 2.0, 3.0]
    """
    if getattr(data, "stype", None) != "csr":
        raise MXNetError(f"{_OP}: Cannot dispatch edge_id storage type, only works for csr matrices "
                         f"(got {getattr(data, 'stype', type(data).__name__)})")
    rows, cols = _vertices(u, 1, "u"), _vertices(v, 2, "v")
    if rows.shape != cols.shape:
        raise MXNetError(f"{_OP}: Check failed: in_attrs->at(1)[0] == in_attrs->at(2)[0] "
                         f"({rows.shape[0]} vs. {cols.shape[0]}) : u and v must have the same length")
    values, indices, indptr = data._components()
    num_rows = data.shape[0]
    if rows.numel() and (int(rows.min()) < 0 or int(rows.max()) >= num_rows):
        raise MXNetError(f"{_OP}: a source vertex in u is outside the graph's {num_rows} rows")
    result = torch.full(rows.shape, -1, dtype=values.dtype, device=values.device)
    if values.numel() and rows.numel():
        indices, indptr = indices.to(torch.int64), indptr.to(torch.int64)
        rows_of = torch.repeat_interleave(torch.arange(num_rows, device=indptr.device), indptr.diff())
        width = max(data.shape[1], int(indices.max()) + 1, int(cols.max()) + 1)
        keys, order = torch.sort(rows_of * width + indices, stable=True)  # stable: the first stored match
        queries = rows.to(keys.device) * width + cols.to(keys.device)
        at = torch.searchsorted(keys, queries).clamp(max=keys.numel() - 1)
        found = (keys[at] == queries) & (cols.to(keys.device) >= 0)
        result[found] = values[order[at[found]]]
    result = wrap(result, data.context)
    if out is not None:
        out[:] = result
        return out
    return result
