"""sum, mean and norm of sparse arrays without densifying (dense outputs, as MXNet).

csr: ``axis`` None, 0, 1 or (0, 1), with ``keepdims``; row_sparse (2-D): axis 0 or 1.
Other forms take the dense fallback.

>>> import mxnd as mx
>>> c = mx.nd.array([[0, 1, 0], [2, 0, -3]]).tostype('csr')
>>> mx.nd.sum(c, axis=0).asnumpy().tolist(), mx.nd.mean(c, axis=1, keepdims=True).shape
([2.0, 1.0, -3.0], (2, 1))
"""
from __future__ import annotations

import torch

from ..ndarray import wrap
from .dispatch import FALLBACK, implements, spec_of
from .elementwise import csr_rows

__all__ = ["reduce_axes", "square_sum", "getnnz"]


def _axes(axis, ndim):
    """The reduced axes as a sorted tuple, or None when the form is not handled."""
    if axis is None or axis == ():
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    try:
        return tuple(sorted(a + ndim if a < 0 else a for a in axes))
    except TypeError:
        return None


def reduce_axes(array, axes):
    """The sum of a 2-D sparse array over ``axes`` ((0,), (1,) or (0, 1)) as a dense tensor."""
    values = array._values
    rows, cols = array.shape
    if array.stype == "csr":
        if axes == (0, 1):
            return values.sum().reshape(1)
        if axes == (0,):
            return torch.zeros(cols, dtype=values.dtype, device=values.device).index_add_(0, array._indices, values)
        return torch.zeros(rows, dtype=values.dtype, device=values.device).index_add_(0, csr_rows(array), values)
    if axes == (0, 1):
        return values.sum().reshape(1)
    if axes == (0,):
        return values.sum(0) if values.shape[0] else torch.zeros(cols, dtype=values.dtype, device=values.device)
    return torch.zeros(rows, dtype=values.dtype, device=values.device).index_copy_(0, array._indices, values.sum(1))


def _reducer(mean):
    def reduce(array, axis=None, keepdims=False, exclude=False):
        if exclude or array.ndim != 2 or array._values.dtype in (torch.float16, torch.bfloat16):
            return FALLBACK
        axes = _axes(axis, 2)
        if axes not in ((0,), (1,), (0, 1)):
            return FALLBACK
        result = reduce_axes(array, axes)
        if mean:
            count = 1
            for a in axes:
                count *= array.shape[a]
            result = result / count if result.dtype.is_floating_point else result // count
        if keepdims:
            result = result.reshape(tuple(1 if i in axes else d for i, d in enumerate(array.shape)))
        return wrap(result, array._ctx)
    return reduce


implements("sum", ("csr",), ("row_sparse",))(_reducer(False))
implements("mean", ("csr",), ("row_sparse",))(_reducer(True))


@implements("norm", ("csr",), ("row_sparse",))
def _norm(array, ord=2, axis=None, out_dtype=None, keepdims=False):
    """The norm over all entries is the norm of the stored values."""
    if axis is not None or keepdims:
        return FALLBACK
    values = array._values.reshape(-1)
    if values.numel() == 0:  # no stored value: the norm of a zero
        values = values.new_zeros(1)
    return wrap(spec_of("norm").impl(values, ord=ord, axis=None, out_dtype=out_dtype, keepdims=False),
                array._ctx)


def square_sum(data, axis=None, keepdims=False, exclude=False, out=None, name=None):
    """``mx.nd._internal._square_sum``: the sum of squares of a 2-D row_sparse array over ``axis``
    (0 or 1); ``axis=1, keepdims=True`` keeps row_sparse storage, as MXNet's kernel.

    >>> import mxnd as mx
    >>> r = mx.nd.array([[0, 1], [2, 3], [0, 0]]).tostype('row_sparse')
    >>> mx.nd._internal._square_sum(r, axis=1).asnumpy().tolist()
    [1.0, 13.0, 0.0]
    """
    from ...errors import MXNetError
    from .arrays import make_rsp

    stype = getattr(data, "stype", None)
    if stype != "row_sparse" or data.ndim != 2 or exclude:
        raise MXNetError(f"_square_sum: Operator not implemented: operator = _square_sum\n"
                         f"input storage types = [{stype}, ]: only 2-D row_sparse input is supported")
    axes = _axes(axis, 2) if axis is not None else None
    if axes not in ((0,), (1,)):
        raise MXNetError(f"_square_sum: axis must be 0 or 1 for row_sparse input, got {axis}")
    values = data._values
    squared = values * values
    if axes == (1,) and keepdims:
        result = make_rsp(squared.sum(1, keepdim=True), data._indices, (data.shape[0], 1), data._ctx)
    else:
        sums = _reducer(False)
        result = sums(data._with(squared), axis=axes[0], keepdims=keepdims)
    if out is not None:
        result.copyto(out)
        return out
    return result


def getnnz(data, axis=None, out=None, name=None):
    """``mx.nd.contrib.getnnz``: the number of stored values of a CSR array (``axis=None``) or of
    each of its rows (``axis=1``), as int64.

    >>> import mxnd as mx
    >>> c = mx.nd.array([[0, 1, 0], [2, 0, -3]]).tostype('csr')
    >>> mx.nd.contrib.getnnz(c).asnumpy().tolist(), mx.nd.contrib.getnnz(c, axis=1).asnumpy().tolist()
    ([3], [1, 2])
    """
    from ...errors import MXNetError

    if getattr(data, "stype", None) != "csr":
        raise MXNetError(f"getnnz: Operator not implemented: operator = _contrib_getnnz\n"
                         f"input storage types = [{getattr(data, 'stype', type(data).__name__)}, ]: "
                         f"the input must be csr")
    if axis is None:
        result = torch.tensor([data._values.shape[0]], dtype=torch.int64, device=data._values.device)
    elif axis in (1, -1):
        result = data._indptr.diff()
    else:
        raise MXNetError(f"getnnz: getnnz with axis = {axis} is not supported yet")
    result = wrap(result, data._ctx)
    if out is not None:
        result.copyto(out)
        return out
    return result
