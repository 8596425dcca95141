"""Sparse constructors: csr_matrix, row_sparse_array, zeros, empty, array (MXNet's five/four forms).

Defaults as MXNet: dtype of an NDArray/numpy/scipy source, else float32; the current
context; int64 indices and indptr.

>>> import mxnd as mx
>>> mx.nd.sparse.zeros('csr', (1, 2))
<BLANKLINE>
<CSRNDArray 1x2 @cpu(0)>
"""
from __future__ import annotations

import numpy as np
import torch

from ... import dtypes
from ...context import current_context
from ...scipy_sparse import issparse
from ...scipy_sparse import module as scipy_sparse
from ..creation import array as dense_array
from ..creation import resolve_context
from ..ndarray import NDArray
from .arrays import BaseSparseNDArray, CSRNDArray, RowSparseNDArray, make_csr, make_rsp

__all__ = ["csr_matrix", "row_sparse_array", "zeros", "empty", "array"]



def _default_dtype(source, dtype):
    if dtype is not None:
        return dtype
    if isinstance(source, (NDArray, np.ndarray)):
        return source.dtype
    if issparse(source):
        return source.dtype
    return np.float32


def _tensor(source, dtype, ctx, what="values") -> torch.Tensor:
    """A contiguous tensor on ``ctx`` of ``dtype`` from an NDArray or array-like."""
    if isinstance(source, BaseSparseNDArray):
        raise TypeError(f"{what} must be a dense array, got {type(source).__name__}")
    if isinstance(source, NDArray):
        return source._data.detach().to(device=ctx.device, dtype=dtypes.to_torch(dtype, frontend=True),
                                        copy=True)
    try:
        converted = np.array(source, dtype=dtypes.lookup_frontend(dtype).numpy)
    except (TypeError, ValueError):
        raise TypeError("values must be array like object") from None
    return torch.from_numpy(np.ascontiguousarray(converted)).to(ctx.device)


def _check_shape(s1, s2):
    if s1 and s2 and tuple(s1) != tuple(s2):
        raise ValueError("Shape mismatch detected. " + str(tuple(s1)) + " v.s. " + str(tuple(s2)))


def _shape_of(shape):
    return (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(d) for d in shape)


def zeros(stype, shape, ctx=None, dtype=None, **kwargs):
    """An all-zero array of storage type ``stype`` ('default', 'csr' or 'row_sparse')."""
    if stype == "default":
        from ..creation import zeros as dense_zeros
        return dense_zeros(shape, ctx=ctx, dtype=dtype, **kwargs)
    ctx = current_context() if ctx is None else resolve_context(ctx)
    target = dtypes.to_torch(dtype if dtype is not None else np.float32, frontend=True)
    shape, device = _shape_of(shape), ctx.device
    if stype == "csr":
        if len(shape) != 2:
            raise ValueError(f"csr storage needs a 2-D shape, got {shape}")
        return make_csr(torch.zeros(0, dtype=target, device=device),
                        torch.zeros(0, dtype=torch.int64, device=device),
                        torch.zeros(shape[0] + 1, dtype=torch.int64, device=device), shape, ctx)
    if stype == "row_sparse":
        return make_rsp(torch.zeros((0,) + shape[1:], dtype=target, device=device),
                        torch.zeros(0, dtype=torch.int64, device=device), shape, ctx)
    raise ValueError("unknown storage type" + str(stype))


def empty(stype, shape, ctx=None, dtype=None):
    """An array of storage type ``stype`` (csr or row_sparse) with no stored entries (as MXNet: zeros)."""
    if stype not in ("csr", "row_sparse"):
        raise Exception("unknown stype : " + str(stype))
    return zeros(stype, shape, ctx=ctx, dtype=dtype)


def _from_dense(source, shape, ctx, dtype, stype):
    """A ``stype`` array of dense ``source`` (array-like or NDArray), in MXNet's default dtype."""
    dense = dense_array(source, dtype=_default_dtype(source, dtype))
    if ctx is not None:
        dense = dense.as_in_context(resolve_context(ctx))
    _check_shape(dense.shape, shape)
    return dense.tostype(stype)


def csr_matrix(arg1, shape=None, ctx=None, dtype=None):
    """A CSRNDArray from a dense array, a sparse array (CSRNDArray or scipy), ``(M, N)``,
    ``(data, indices, indptr)`` or ``(data, (row, col))``.

    >>> import mxnd as mx
    >>> a = mx.nd.sparse.csr_matrix(([1., 2.], ([0, 1], [2, 0])), shape=(2, 3))
    >>> a.asnumpy().tolist()
    [[0.0, 0.0, 1.0], [2.0, 0.0, 0.0]]
    """
    if isinstance(arg1, tuple):
        if len(arg1) == 2:
            if isinstance(arg1[1], tuple) and len(arg1[1]) == 2:
                data, (row, col) = arg1
                if scipy_sparse() is None:
                    raise ImportError("csr_matrix((data, (row, col))) needs scipy: pip install scipy")
                coo = scipy_sparse().coo_matrix((_numpy(data), (_numpy(row), _numpy(col))), shape=shape)
                _check_shape(coo.shape, shape)
                return array(coo.tocsr(), ctx=ctx, dtype=dtype)
            _check_shape(arg1, shape)
            return empty("csr", arg1, ctx=ctx, dtype=dtype)
        if len(arg1) == 3:
            return _csr_from_definition(arg1[0], arg1[1], arg1[2], shape, ctx, dtype)
        raise ValueError("Unexpected length of input tuple: " + str(len(arg1)))
    if isinstance(arg1, CSRNDArray) or issparse(arg1):
        _check_shape(arg1.shape, shape)
        return array(arg1, ctx=ctx, dtype=dtype)
    if isinstance(arg1, RowSparseNDArray):
        raise ValueError("Unexpected input type: RowSparseNDArray")
    return _from_dense(arg1, shape, ctx, dtype, "csr")


def _numpy(value):
    return value.asnumpy() if isinstance(value, NDArray) else value


def _csr_from_definition(data, indices, indptr, shape, ctx, dtype):
    ctx = current_context() if ctx is None else resolve_context(ctx)
    dtype = _default_dtype(data, dtype)
    values = _tensor(data, dtype, ctx)
    indices = _tensor(indices, np.int64, ctx, "indices")
    indptr = _tensor(indptr, np.int64, ctx, "indptr")
    if shape is None:
        if indices.shape[0] == 0:
            raise ValueError("invalid shape")
        shape = (indptr.shape[0] - 1, int(indices.max()) + 1)
    shape = _shape_of(shape)
    if (values.dim() != 1 or indptr.dim() != 1 or indices.dim() != 1 or indptr.shape[0] == 0
            or len(shape) != 2):
        raise ValueError("invalid shape")
    return make_csr(values, indices, indptr, shape, ctx)


def row_sparse_array(arg1, shape=None, ctx=None, dtype=None):
    """A RowSparseNDArray from a dense array, a RowSparseNDArray, a shape, or ``(data, indices)``.

    >>> import mxnd as mx
    >>> mx.nd.sparse.row_sparse_array(([[1, 2]], [1]), shape=(3, 2)).asnumpy().tolist()
    [[0.0, 0.0], [1.0, 2.0], [0.0, 0.0]]
    """
    if isinstance(arg1, tuple):
        if len(arg1) < 2:
            raise ValueError("Unexpected length of input tuple: " + str(len(arg1)))
        if len(arg1) > 2 or isinstance(arg1[0], (int, np.integer)):
            _check_shape(arg1, shape)
            return empty("row_sparse", arg1, ctx=ctx, dtype=dtype)
        return _rsp_from_definition(arg1[0], arg1[1], shape, ctx, dtype)
    if isinstance(arg1, RowSparseNDArray):
        _check_shape(arg1.shape, shape)
        return array(arg1, ctx=ctx, dtype=dtype)
    if isinstance(arg1, CSRNDArray):
        raise ValueError("Unexpected input type: CSRNDArray")
    return _from_dense(arg1, shape, ctx, dtype, "row_sparse")


def _rsp_from_definition(data, indices, shape, ctx, dtype):
    ctx = current_context() if ctx is None else resolve_context(ctx)
    dtype = _default_dtype(data, dtype)
    values = _tensor(data, dtype, ctx)
    indices = _tensor(indices, np.int64, ctx, "indices")
    if shape is None:
        if indices.shape[0] == 0:
            raise ValueError("invalid shape")
        shape = (int(indices[-1]) + 1,) + tuple(values.shape[1:])
    shape = _shape_of(shape)
    if indices.dim() != 1 or values.dim() == 0 or values.shape[0] != indices.shape[0] \
            or tuple(values.shape[1:]) != shape[1:]:
        raise ValueError("invalid shape")
    return make_rsp(values, indices, shape, ctx)


def array(source_array, ctx=None, dtype=None):
    """A sparse array copied from a CSRNDArray, RowSparseNDArray or scipy sparse matrix.

    >>> import mxnd as mx, scipy.sparse as spsp
    >>> mx.nd.sparse.array(spsp.csr_matrix((2, 100)))
    <BLANKLINE>
    <CSRNDArray 2x100 @cpu(0)>
    """
    if isinstance(source_array, NDArray):
        assert source_array.stype != "default", \
            "Please use `tostype` to create RowSparseNDArray or CSRNDArray from an NDArray"
        ctx = source_array._ctx if ctx is None else resolve_context(ctx)
        target = dtypes.to_torch(_default_dtype(source_array, dtype), frontend=True)
        parts = [t.to(device=ctx.device, copy=True) for t in source_array._components()]
        parts[0] = parts[0].to(target)
        return source_array._rebuild_from(parts, ctx)
    if issparse(source_array):
        csr = scipy_sparse().csr_matrix(source_array).sorted_indices()
        csr.sum_duplicates()
        return csr_matrix((csr.data, csr.indices.astype(np.int64), csr.indptr.astype(np.int64)),
                          shape=csr.shape, ctx=ctx, dtype=_default_dtype(source_array, dtype))
    if isinstance(source_array, np.ndarray):
        raise ValueError("Please use mx.nd.array to create an NDArray with source_array of type ",
                         type(source_array))
    raise ValueError("Unexpected source_array type: ", type(source_array))
