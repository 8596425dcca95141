"""Row/column slicing of csr, ``retain`` of row_sparse, and ``concat`` of csr along rows.

>>> import mxnd as mx
>>> c = mx.nd.array([[0, 1, 0], [2, 0, -3], [0, 0, 4]]).tostype('csr')
>>> c[1:3].asnumpy().tolist()
[[2.0, 0.0, -3.0], [0.0, 0.0, 4.0]]
>>> mx.nd.slice(c, begin=(1, 0), end=(3, 2)).indptr.asnumpy().tolist()
[0, 1, 1]
"""
from __future__ import annotations

import torch

from ...errors import MXNetError
from ..ndarray import NDArray
from .arrays import make_csr, make_rsp
from .dispatch import FALLBACK, implements
from .elementwise import csr_rows

__all__ = ["slice_rows", "retain", "slice_csr", "sparse_embedding"]


def _bound(value, size, default):
    if value is None:
        return default
    value = int(value)
    if value < 0:
        value += size
    return min(max(value, 0), size)


def slice_rows(csr, begin, end):
    """Rows ``begin:end`` of a CSR array (a new CSRNDArray)."""
    rows = csr.shape[0]
    begin, end = _bound(begin, rows, 0), _bound(end, rows, rows)
    if end < begin:
        end = begin
    indptr = csr._indptr[begin:end + 1]
    start, stop = int(indptr[0]), int(indptr[-1])
    return make_csr(csr._values[start:stop].clone(), csr._indices[start:stop].clone(), indptr - start,
                    (end - begin, csr.shape[1]), csr._ctx)


def slice_csr(csr, begin, end):
    """``slice(csr, begin, end)``: rows, and columns when a second axis is given."""
    begin = tuple(begin) + (None,) * (2 - len(begin))
    end = tuple(end) + (None,) * (2 - len(end))
    result = slice_rows(csr, begin[0], end[0])
    cols = csr.shape[1]
    low, high = _bound(begin[1], cols, 0), _bound(end[1], cols, cols)
    if (low, high) == (0, cols):
        return result
    keep = (result._indices >= low) & (result._indices < high)
    rows = csr_rows(result)[keep]
    counts = torch.bincount(rows, minlength=result.shape[0])
    indptr = torch.zeros(result.shape[0] + 1, dtype=torch.int64, device=counts.device)
    torch.cumsum(counts, 0, out=indptr[1:])
    return make_csr(result._values[keep], result._indices[keep] - low, indptr,
                    (result.shape[0], max(high - low, 0)), csr._ctx)


@implements("slice", ("csr",))
def _slice(data, begin, end, step=()):
    if step and any(s not in (None, 1) for s in step):
        return FALLBACK
    if len(begin) > 2 or len(begin) != len(end):
        raise MXNetError(f"slice: begin and end must have the same length, at most 2 for csr, "
                         f"got {begin} and {end}")
    return slice_csr(data, begin, end)


@implements("take", ("csr", "default"))
def _take(a, indices, axis=0, mode="clip"):
    """take(csr, indices, axis=0) in clip or wrap mode keeps csr (TakeOpForwardCsrImpl): the
    selected rows, indices truncated to integers; other forms fall back."""
    if axis != 0 or mode not in ("clip", "wrap"):
        return FALLBACK
    rows = a.shape[0]
    if a._values.shape[0] == 0:  # nothing stored: a zero csr of the result's shape
        return make_csr(a._values, a._indices, torch.zeros(indices.size + 1, dtype=a._indptr.dtype, device=a._values.device),
                        (indices.size,) + a.shape[1:], a._ctx) if indices.ndim == 1 else FALLBACK
    if indices.ndim != 1:
        raise MXNetError(f"take: Take with CSR array only supports one-dimensional indices. "
                         f"{indices.ndim} dimensional input is given instead")
    picked = indices._data.to(device=a._values.device, dtype=torch.int64)
    picked = picked.clamp(0, rows - 1) if mode == "clip" else picked.remainder(rows)
    starts, counts = a._indptr[picked], a._indptr[picked + 1] - a._indptr[picked]
    indptr = torch.zeros(picked.shape[0] + 1, dtype=a._indptr.dtype, device=counts.device)
    torch.cumsum(counts, 0, out=indptr[1:])
    # the stored positions of the chosen rows, in order
    positions = torch.repeat_interleave(starts - indptr[:-1], counts) + torch.arange(int(indptr[-1]),
                                                                                   device=counts.device)
    return make_csr(a._values[positions], a._indices[positions], indptr, (picked.shape[0], a.shape[1]), a._ctx)


def retain(data, indices=None, out=None, name=None, **kwargs):
    """The rows of a RowSparseNDArray whose index is in ``indices`` (others dropped); other keywords
    are ignored, as by MXNet's operator, which has no parameters.

    >>> import mxnd as mx
    >>> r = mx.nd.array([[1, 2], [0, 0], [3, 4]]).tostype('row_sparse')
    >>> mx.nd.sparse.retain(r, mx.nd.array([2, 1])).indices.asnumpy().tolist()
    [2]
    """
    if not isinstance(data, NDArray) or data.stype != "row_sparse":
        stype = getattr(data, "stype", type(data).__name__)
        raise MXNetError(f"retain: Operator not implemented: operator = _sparse_retain\n"
                         f"input storage types = [{stype}, default, ]: data must be row_sparse")
    if indices is None:
        raise MXNetError("retain: Operator _sparse_retain expects 2 inputs, but got 1 instead.")
    wanted = indices._data if isinstance(indices, NDArray) else torch.as_tensor(indices)
    wanted = wanted.to(device=data._values.device, dtype=torch.int64).reshape(-1)
    keep = torch.isin(data._indices, wanted)
    result = make_rsp(data._values[keep], data._indices[keep], data.shape, data._ctx)
    if out is not None:
        result.copyto(out)
        return out
    return result


@implements("concat")
def _concat(*arrays, dim=1, num_args=None):
    """concat of csr arrays along axis 0 keeps csr; anything else falls back."""
    if dim != 0 or any(a.stype != "csr" for a in arrays):
        return FALLBACK
    cols = arrays[0].shape[1]
    for other in arrays[1:]:
        if other.shape[1] != cols:
            raise MXNetError(f"concat: Incompatible input shape: expected (-1,{cols}), got {other.shape}")
    offsets, pieces, total = [], [], 0
    for a in arrays:
        pieces.append(a._indptr[(1 if offsets else 0):] + total)
        offsets.append(total)
        total += a._values.shape[0]
    values = torch.cat([a._values for a in arrays])
    indices = torch.cat([a._indices for a in arrays])
    return make_csr(values, indices, torch.cat(pieces), (sum(a.shape[0] for a in arrays), cols), arrays[0]._ctx)


def sparse_embedding(data, weight, input_dim, output_dim, dtype="float32", sparse_grad=True, out=None,
                     name=None):
    """``mx.nd.contrib.SparseEmbedding`` (deprecated in MXNet): Embedding with a row_sparse gradient.

    >>> import mxnd as mx
    >>> mx.nd.contrib.SparseEmbedding(mx.nd.array([1]), mx.nd.eye(2), input_dim=2, output_dim=2).asnumpy().tolist()
    [[0.0, 1.0]]
    """
    from ..generated import FUNCTIONS

    return FUNCTIONS["Embedding"](data, weight, input_dim=input_dim, output_dim=output_dim, dtype=dtype,
                                  sparse_grad=True, out=out)
