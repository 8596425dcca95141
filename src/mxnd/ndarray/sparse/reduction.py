"""sum, mean and norm of sparse arrays without densifying (dense outputs, as MXNet).

csr with ``axis`` 0 or 1 (no ``keepdims``), as MXNet's kernel; other forms and row_sparse
inputs take the dense fallback, as in MXNet.

>>> import mxnd as mx
>>> c = mx.nd.array([[0, 1, 0], [2, 0, -3]]).tostype('csr')
>>> mx.nd.sum(c, axis=0).asnumpy().tolist(), mx.nd.mean(c, axis=1, keepdims=True).shape
([2.0, 1.0, -3.0], (2, 1))
"""
from __future__ import annotations

import numpy as np
import torch

from ...fast_paths import on_host
from ...kahan import kahan_sum
from ..ndarray import wrap
from .dispatch import FALLBACK, implements, spec_of
from .elementwise import csr_rows

__all__ = ["square_sum", "getnnz"]


_KAHAN_STEPS = 1024  # longer sums are accumulated in double and rounded (equal or within an ulp)


def _kahan_sum(x, dim):
    """mshadow's Kahan ``red::sum`` of ``x`` over ``dim`` in its dtype, in order (mxnd.kahan)."""
    if not x.is_floating_point():
        return x.sum(dim, dtype=x.dtype)
    if not on_host(x) or x.shape[dim] > _KAHAN_STEPS:
        return x.to(torch.float64).sum(dim).to(x.dtype)
    return torch.from_numpy(np.ascontiguousarray(kahan_sum(x.numpy(), axis=dim)))


def _kahan_groups(v, groups, ranks, steps, size):
    """The Kahan sums (numpy, in ``v``'s dtype) of the values of each group (0..size-1), taken in
    the order of ``ranks`` (a group has at most one value of each rank): a vector step per rank."""
    total, residual = np.zeros(size, v.dtype), np.zeros(size, v.dtype)
    order = np.argsort(ranks, kind="stable")
    bounds = np.searchsorted(ranks[order], np.arange(steps + 1))
    with np.errstate(all="ignore"):
        for step in range(steps):
            chosen = order[bounds[step]:bounds[step + 1]]
            at = groups[chosen]
            compensated = v[chosen] - residual[at]
            updated = total[at] + compensated
            residual[at] = np.where(np.isinf(updated), 0, (updated - total[at]) - compensated)
            total[at] = updated
    return total


def _csr_sum(array, axis):
    """ReduceCsrKernel: each column (axis 0, its values in row order) or row (axis 1) summed with
    mshadow's Kahan ``red::sum`` in the dtype. float32 and float64 sums are taken in double and
    rounded once (Kahan's result but in rare last-bit cases; the exact loop cost 6x to 100x);
    float16, where Kahan's half-precision steps differ more, runs the loop up to 1024 steps."""
    values, size = array._values, array.shape[1 - axis]
    groups = csr_rows(array) if axis == 1 else array._indices
    if values.dtype is torch.float16 and on_host(values):
        counts = array._indptr.diff() if axis == 1 else torch.bincount(array._indices, minlength=size)
        steps = int(counts.max()) if counts.numel() else 0
        if steps <= _KAHAN_STEPS:
            g = groups.numpy()
            positions = np.arange(g.shape[0])
            if axis == 1:
                ranks = positions - array._indptr.numpy()[g]
            else:  # stored row-major: a column's values come in row order
                order = np.argsort(g, kind="stable")
                firsts = np.concatenate(([0], np.cumsum(counts.numpy())))
                ranks = np.empty_like(positions)
                ranks[order] = positions - firsts[g[order]]
            return torch.from_numpy(_kahan_groups(values.numpy(), g, ranks, steps, size))
    wide = torch.float64 if values.is_floating_point() else values.dtype
    total = torch.zeros(size, dtype=wide, device=values.device).index_add_(0, groups, values.to(wide))
    return total.to(values.dtype)


def _reducer(mean):
    def reduce(array, axis=None, keepdims=False, exclude=False):
        # MXNet's csr kernel takes axis 0 or 1 only; every other form is its dense fallback
        if array.stype != "csr" or keepdims or exclude or axis is None:
            return FALLBACK
        axes = (axis,) if isinstance(axis, int) else tuple(axis)
        if axes not in ((0,), (1,)):
            return FALLBACK
        result = _csr_sum(array, axes[0])
        if mean:
            count = array.shape[axes[0]]
            result = result / count if result.dtype.is_floating_point else \
                torch.div(result, count, rounding_mode="trunc")
        return wrap(result, array._ctx)
    return reduce


implements("sum", ("csr",))(_reducer(False))
implements("mean", ("csr",))(_reducer(True))


@implements("norm", ("csr",), ("row_sparse",))
def _norm(array, ord=2, axis=None, out_dtype=None, keepdims=False):
    """The norm over all entries is the norm of the stored values."""
    if ord == 2 and axis is None and array._values.dtype is torch.float16:
        from ...errors import MXNetError  # (MXNet's sparse l2 norm is a BLAS dot: no half precision)
        raise MXNetError("norm: Not implmented! (the l2 norm of a sparse float16 array)")
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
    axes = (axis,) if isinstance(axis, int) else (None if axis is None else tuple(axis))
    if axes not in ((0,), (1,)):  # MXNet's check reads the axis as given (no negative axes)
        raise MXNetError(f"_square_sum: _square_sum(row_sparse_matrix) only supports axis=0 or 1, got {axis}")
    values = data._values
    squares = _kahan_sum(values * values, axes[0])  # SquareSumRspKernel: Kahan sums of squares
    if axes == (1,) and keepdims:
        result = make_rsp(squares.reshape(-1, 1), data._indices, (data.shape[0], 1), data._ctx)
    else:
        if axes == (1,):
            squares = torch.zeros(data.shape[0], dtype=values.dtype, device=values.device).index_copy_(
                0, data._indices, squares)
        result = wrap(squares.reshape((1, -1) if keepdims else (-1,)) if axes == (0,) else
                      squares.reshape((-1, 1) if keepdims else (-1,)), data._ctx)
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
