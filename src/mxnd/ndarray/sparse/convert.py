"""Storage conversion (``cast_storage``/``tostype``) between default, csr and row_sparse.

Every path stays on the array's device and touches only the stored entries (dense -> sparse
scans the dense array once). csr <-> row_sparse raises as MXNet does.

>>> import mxnd as mx
>>> r = mx.nd.array([[1, 2, 3], [0, 0, 0], [4, 0, 5]]).tostype('row_sparse')
>>> r.indices.asnumpy().tolist(), r.data.shape
([0, 2], (2, 3))
"""
from __future__ import annotations

import torch

from ...errors import MXNetError
from ...recording import FLAGS
from ..ndarray import NDArray, wrap
from .arrays import BaseSparseNDArray, CSRNDArray, RowSparseNDArray, make_csr, make_rsp
from .kernels import expand_rows

__all__ = ["cast_storage", "dense_to_csr", "dense_to_rsp", "to_dense_tensor", "STYPES"]

STYPES = ("default", "csr", "row_sparse")


def dense_to_csr(data: torch.Tensor, ctx) -> CSRNDArray:
    """The CSR form of a 2-D dense tensor (zeros dropped)."""
    if data.dim() != 2:
        raise ValueError(f"To convert to a CSR, the NDArray should be 2 Dimensional. "
                         f"Current shape is {tuple(data.shape)}")
    data = data.detach()
    flat = data.reshape(-1)
    stored = flat.nonzero().reshape(-1)  # flat positions, in row-major (CSR) order
    width = max(data.shape[1], 1)
    rows = stored // width
    counts = torch.bincount(rows, minlength=data.shape[0])
    indptr = torch.zeros(data.shape[0] + 1, dtype=torch.int64, device=data.device)
    torch.cumsum(counts, 0, out=indptr[1:])
    return make_csr(flat[stored], stored - rows * width, indptr, data.shape, ctx)


def dense_to_rsp(data: torch.Tensor, ctx) -> RowSparseNDArray:
    """The row-sparse form of a dense tensor: the rows holding any non-zero."""
    data = data.detach()
    if data.dim() == 0:
        raise MXNetError("cast_storage: row_sparse storage needs at least 1 dimension")
    if not data.numel():
        keep = torch.zeros(data.shape[0], dtype=torch.bool, device=data.device)
    elif data.dtype is torch.bool:
        keep = data.reshape(data.shape[0], -1).any(1)
    else:  # |x| max per row: no boolean temporary of the whole array (NaN rows are kept)
        keep = data.reshape(data.shape[0], -1).abs().amax(1) != 0
    rows = keep.nonzero().reshape(-1)
    return make_rsp(data.index_select(0, rows), rows, data.shape, ctx)


def to_dense_tensor(array) -> torch.Tensor:
    """The dense tensor of any array (a new tensor for sparse arrays, ``_data`` for dense)."""
    if not isinstance(array, BaseSparseNDArray):
        return array._data
    values = array._values
    if isinstance(array, CSRNDArray):
        dense = torch.zeros(array._shape, dtype=values.dtype, device=values.device)
        if values.numel():
            dense[expand_rows(array._indptr), array._indices] = values
        return dense
    dense = torch.zeros(array._shape, dtype=values.dtype, device=values.device)
    if values.numel():
        dense.index_copy_(0, array._indices, values)
    return dense


def cast_storage(data, stype, out=None, name=None):
    """Cast ``data`` to storage type ``stype`` ('default', 'csr' or 'row_sparse'): a new array.

    >>> import mxnd as mx
    >>> mx.nd.cast_storage(mx.nd.ones((2, 2)), stype='csr')
    <BLANKLINE>
    <CSRNDArray 2x2 @cpu(0)>
    """
    if not isinstance(data, NDArray):
        raise AssertionError(f"cast_storage: Argument data must have NDArray type, but got {data!r}")
    if stype not in STYPES:
        raise MXNetError(f"cast_storage: Invalid Input: '{stype}', valid values are: "
                         f"{{'csr', 'default', 'row_sparse'}}")
    source = data.stype
    if out is not None and getattr(out, "stype", None) != stype:
        raise MXNetError(f"cast_storage: Check failed: out stype {getattr(out, 'stype', None)} is not the "
                         f"requested stype {stype}")
    if (source, stype) in (("csr", "row_sparse"), ("row_sparse", "csr")):
        raise MXNetError(f"cast_storage: Operator not implemented: operator = cast_storage\n"
                         f"input storage types = [{source}, ]\noutput storage types = [unknown, ]\n"
                         f"params = {{\"stype\" : {stype}, }}")
    ctx = data._ctx
    if stype == source:
        result = data.copy()
    elif stype == "default":
        result = wrap(to_dense_tensor(data), ctx)
    elif stype == "csr":
        result = dense_to_csr(data._data, ctx)
    else:
        result = dense_to_rsp(data._data, ctx)
    if out is None:
        if FLAGS.get().recording:  # differentiable: the gradient passes through unchanged
            from .recorded import graph_of, link

            graph = graph_of(data)
            if graph is not None:
                result = link(result, graph)
        return result
    result.copyto(out)
    return out
