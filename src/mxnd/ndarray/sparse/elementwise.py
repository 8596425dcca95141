"""Elementwise operators on sparse storage: unary, scalar, binary and add_n, from tables.

Output stypes follow MXNet 1.9.1's storage inference (FInferStorageType of each operator):
zero-preserving unary ops keep the storage; ``_mul_scalar``/``_div_scalar`` always keep it,
``_plus_scalar``/``_minus_scalar`` and the comparisons keep it when ``f(0, scalar) == 0``;
``_scatter_plus/minus_scalar`` keep it and change only the stored values, and
``_scatter_elemwise_div`` keeps a row_sparse lhs (the unstored rows stay zero);
``elemwise_add/sub`` keep csr+csr and rsp+rsp; ``elemwise_mul`` keeps the storage of its
sparse operand (csr*csr, csr*dense, rsp*rsp, rsp*dense); ``broadcast_mul/div`` keep csr op
dense. Every other combination takes the dense fallback. Values are computed by the dense
operator's own body on the stored values, so numerics match the dense path.

>>> import mxnd as mx
>>> c = mx.nd.array([[0, -1], [4, 0]]).tostype('csr')
>>> (mx.nd.sqrt(mx.nd.abs(c)).stype, (c * 2).stype, (c + 1).stype)
('csr', 'csr', 'default')
"""
from __future__ import annotations

import operator

import numpy as np
import torch

from ...base import numeric_types
from ...errors import MXNetError
from ..generated import FUNCTIONS
from ..ndarray import NDArray, wrap
from .arrays import BaseSparseNDArray, CSRNDArray, make_csr, make_rsp
from .dispatch import FALLBACK, implements, spec_of
from .convert import to_dense_tensor
from .cpu_loops import rsp_union
from .kernels import expand_rows, index_set, locate, merge_rows

__all__ = ["UNARY", "add", "subtract", "multiply", "divide", "csr_from_coo"]

CSR, RSP, DNS = "csr", "row_sparse", "default"

# MXNet 1.9.1's storage-preserving unary operators (those with a `_sparse_` FComputeEx)
UNARY = ("abs", "arcsin", "arcsinh", "arctan", "arctanh", "cbrt", "ceil", "degrees", "expm1", "fix",
         "floor", "log1p", "negative", "radians", "relu", "rint", "round", "sign", "sin", "sinh",
         "sqrt", "square", "tan", "tanh", "trunc", "_contrib_round_ste", "_contrib_sign_ste",
         "BlockGrad", "make_loss", "_copy")
ALWAYS_SPARSE_SCALAR = ("_mul_scalar", "_div_scalar")
ZERO_TEST_SCALAR = ("_plus_scalar", "_minus_scalar", "_equal_scalar", "_not_equal_scalar",
                    "_greater_scalar", "_greater_equal_scalar", "_lesser_scalar", "_lesser_equal_scalar")
SCATTER_SCALAR = ("_scatter_plus_scalar", "_scatter_minus_scalar")


def _on_values(impl):
    """An implementation applying the dense body ``impl`` to the stored values only."""
    def apply(array, **params):
        values = array._values
        result = impl(values, **params)
        if result is values:
            result = result.clone()
        return array._with(result)
    return apply


def _untouched_out(function):
    """MXNet's unary kernels (MapToFCompute) leave an ``out`` of the input's stype as it was when
    the input stores nothing."""
    def apply(array, *rest, out=None, **params):
        if out is not None and getattr(out, "stype", None) == array.stype and array._values.shape[0] == 0:
            return out
        return function(array, *rest, out=out, **params)
    apply.wants_out = True
    return apply


def _register_unary():
    for name in UNARY:
        implements(name, (CSR,), (RSP,))(_untouched_out(_same_storage_out(_on_values(spec_of(name).impl))))
    for name in ALWAYS_SPARSE_SCALAR:
        implements(name, (CSR,), (RSP,))(_same_storage_out(_on_values(spec_of(name).impl)))
    for name in ZERO_TEST_SCALAR:
        implements(name, (CSR,), (RSP,))(_same_storage_out(_zero_tested(spec_of(name).impl)))
    for name in SCATTER_SCALAR:
        implements(name, (CSR,), (RSP,))(_scattered(spec_of(name).impl))


def _zero_tested(impl):
    on_values = _on_values(impl)

    def apply(array, **params):
        zero = torch.zeros(1, dtype=torch.float64)  # MXNet tests f(0.0, scalar) in double
        if bool(impl(zero, **params)[0] != 0):
            return FALLBACK  # f(0) != 0: MXNet's output is dense
        return on_values(array, **params)
    return apply


def _same_storage_out(function):
    """``function`` of a sparse first input, given ``out=``: an ``out=`` of another storage type
    takes the dense fallback (elemwise_scatter_op.cc's storage inference dispatches it so)."""
    def apply(array, *rest, out=None, **params):
        if out is not None and getattr(out, "stype", None) != array.stype:
            return FALLBACK
        return function(array, *rest, **params)
    apply.wants_out = True
    return apply


def _scattered(impl):
    """_scatter_plus/minus_scalar: the dense body on the stored values only, the storage kept."""
    return _same_storage_out(_on_values(impl))


@implements("clip", (CSR,), (RSP,))
def _clip(array, a_min, a_max, out=None):
    """clip keeps the storage only when it maps 0 to 0 (a_min <= 0 <= a_max), as MXNet; a dense
    ``out`` is an error there, a sparse one of the other stype takes the dense fallback."""
    if out is not None and out.stype not in (array.stype, DNS):
        return FALLBACK
    if not a_min <= 0 <= a_max or out is not None and out.stype == DNS:
        raise MXNetError(f"clip: Operator not implemented: operator = clip\n"
                         f"input storage types = [{array.stype}, ]\noutput storage types = [unknown, ]\n"
                         f"params = {{\"a_min\" : {a_min}, \"a_max\" : {a_max}, }}")
    return _on_values(spec_of("clip").impl)(array, a_min=a_min, a_max=a_max)


_clip.wants_out = True


@implements("_contrib_quadratic", (CSR,))
def _quadratic(array, a=0.0, b=0.0, c=0.0):
    """csr -> csr when ``c == 0`` (f(0) = 0: the stored values only), else the dense fallback
    (QuadraticOpStorageType)."""
    if c != 0:
        return FALLBACK
    return _on_values(spec_of("_contrib_quadratic").impl)(array, a=a, b=b, c=c)


@implements("zeros_like", (CSR,), (RSP,))
def _zeros_like(array):
    from .creation import zeros
    return zeros(array.stype, array.shape, ctx=array._ctx, dtype=array.dtype)


# ----- COO helpers ------------------------------------------------------------------------
def csr_rows(array: CSRNDArray) -> torch.Tensor:
    """The row index of every stored entry of a CSR array."""
    return expand_rows(array._indptr)


def csr_from_coo(rows, cols, values, shape, ctx) -> CSRNDArray:
    """A CSR array from COO entries already sorted by (row, col) without duplicates."""
    counts = torch.bincount(rows, minlength=shape[0])
    indptr = torch.zeros(shape[0] + 1, dtype=torch.int64, device=values.device)
    torch.cumsum(counts, 0, out=indptr[1:])
    return make_csr(values, cols, indptr, shape, ctx)


def _keys(array: CSRNDArray) -> torch.Tensor:
    return csr_rows(array) * array._shape[1] + array._indices


def _csr_union(lhs, rhs, sign):
    keys = torch.cat([_keys(lhs), _keys(rhs)])
    values = torch.cat([lhs._values, rhs._values if sign > 0 else -rhs._values])
    unique, inverse = torch.unique(keys, sorted=True, return_inverse=True)
    summed = torch.zeros(unique.shape[0], dtype=values.dtype, device=values.device).index_add_(0, inverse, values)
    cols = unique % lhs._shape[1]
    return csr_from_coo(unique // lhs._shape[1], cols, summed, lhs._shape, lhs._ctx)


def _rsp_union(lhs, rhs, sign):
    """lhs + sign * rhs of two row_sparse arrays: the union of their rows."""
    left, right = lhs._indices, rhs._indices
    if left.shape == right.shape and bool(torch.equal(left, right)):  # same rows: one add
        values = lhs._values + rhs._values if sign > 0 else lhs._values - rhs._values
        return make_rsp(values, left, lhs._shape, lhs._ctx)
    merged = rsp_union(left, right, lhs._values, rhs._values, sign)  # the CPU's compiled merge
    if merged is not None:
        return make_rsp(merged[1], merged[0], lhs._shape, lhs._ctx)
    unique, at_left, at_right, both = merge_rows(left, right, lhs._shape[0])
    # MXNet's arithmetic on every union row: a + 0 (a - 0) where only lhs is stored, 0 + b (0 - b)
    # where only rhs is, a + b (a - b) where both are, so signed zeros come out as MXNet 1.9.1's
    out = torch.zeros((unique.shape[0],) + lhs._values.shape[1:], dtype=lhs._values.dtype,
                      device=lhs._values.device)
    out.index_add_(0, at_right, rhs._values, alpha=sign)
    if sign > 0:
        out.index_add_(0, at_left, lhs._values)
    else:  # a - 0 is a, signed zeros included
        out.index_copy_(0, at_left, lhs._values)
    if both.numel():
        shared = rhs._values.index_select(0, both)
        mine = lhs._values.index_select(0, locate(left, right.index_select(0, both)))
        out.index_copy_(0, at_right.index_select(0, both), mine + shared if sign > 0 else mine - shared)
    return make_rsp(out, unique, lhs._shape, lhs._ctx)


def _rsp_product(lhs, rhs):
    """lhs * rhs of two row_sparse arrays as MXNet's RspRspOp: every row of either is stored, a row
    of one only is multiplied by zeros (so -0.0, and NaN for an infinity, come out as MXNet's)."""
    left, right = lhs._indices, rhs._indices
    if left.shape == right.shape and bool(torch.equal(left, right)):
        return make_rsp(lhs._values * rhs._values, left, lhs._shape, lhs._ctx)
    unique, at_left, at_right, both = merge_rows(left, right, lhs._shape[0])
    out = torch.empty((unique.shape[0],) + lhs._values.shape[1:], dtype=lhs._values.dtype,
                      device=lhs._values.device)
    out.index_copy_(0, at_left, lhs._values * 0)
    out.index_copy_(0, at_right, 0 * rhs._values)
    if both.numel():
        mine = lhs._values.index_select(0, locate(left, right.index_select(0, both)))
        out.index_copy_(0, at_right.index_select(0, both), mine * rhs._values.index_select(0, both))
    return make_rsp(out, unique, lhs._shape, lhs._ctx)


def _matches(keys_a, keys_b):
    """Positions in ``keys_b`` (sorted) of each of ``keys_a``, and which of them match."""
    if keys_b.numel() == 0:
        return torch.zeros_like(keys_a), torch.zeros_like(keys_a, dtype=torch.bool)
    pos = locate(keys_b, keys_a).clamp_(max=keys_b.numel() - 1)
    return pos, keys_b[pos] == keys_a


def _csr_intersection(lhs, rhs, combine):
    keys_a, keys_b = _keys(lhs), _keys(rhs)
    pos, hit = _matches(keys_a, keys_b)
    keys = keys_a[hit]
    values = combine(lhs._values[hit], rhs._values[pos[hit]])
    return csr_from_coo(keys // lhs._shape[1], keys % lhs._shape[1], values, lhs._shape, lhs._ctx)


def _check_same_shape(name, lhs, rhs):
    if lhs.shape != rhs.shape:
        raise MXNetError(f"{name}: Incompatible attr in node at 1-th input: expected "
                         f"{lhs.shape}, got {rhs.shape}")


def _binary(name, lhs, rhs, kind):
    """elemwise add/sub/mul on two arrays of which at least one is sparse."""
    _check_same_shape(name, lhs, rhs)
    stypes = (lhs.stype, rhs.stype)
    if kind in ("add", "sub"):
        sign = 1 if kind == "add" else -1
        if stypes == (CSR, CSR):
            return _csr_union(lhs, rhs, sign)
        if stypes == (RSP, RSP):
            return _rsp_union(lhs, rhs, sign)
        if stypes in ((CSR, DNS), (DNS, CSR)):
            return _csr_dense_sum(name, lhs, rhs, sign)
        if stypes in ((RSP, DNS), (DNS, RSP)):
            return _rsp_dense_sum(lhs, rhs, sign)
        return FALLBACK
    if stypes == (CSR, CSR):
        return _csr_intersection(lhs, rhs, operator.mul)
    if stypes == (RSP, RSP):
        return _rsp_product(lhs, rhs)
    if stypes in ((CSR, DNS), (DNS, CSR)):
        sparse, dense = (lhs, rhs) if stypes[0] == CSR else (rhs, lhs)
        if sparse._values.shape[0]:  # (a csr storing nothing gives zeros of any dtype)
            _single_or_double(name, lhs)
        return sparse._with(sparse._values * dense._data[csr_rows(sparse), sparse._indices])
    if stypes in ((RSP, DNS), (DNS, RSP)):
        sparse, dense = (lhs, rhs) if stypes[0] == RSP else (rhs, lhs)
        return sparse._with(sparse._values * dense._data.index_select(0, sparse._indices))
    return FALLBACK


def _single_or_double(name, array):
    """MXNet's csr-with-dense kernels of one shape (MSHADOW_SGL_DBL_TYPE_SWITCH)."""
    if array.dtype not in (np.float32, np.float64):
        raise MXNetError(f"{name}: This operation only supports 32-bit and 64-bit floating point")


def _csr_dense_sum(name, lhs, rhs, sign):
    """csr +/- dense of one shape, a dense result (DnsCsrDnsOp, float32/float64 only): the dense
    operand, negated for csr - dense, with the csr's stored values added or subtracted at their
    places (so csr - dense is ``-d + a``, -0.0 where both are 0)."""
    _single_or_double(name, lhs)
    csr, dense = (lhs, rhs._data) if lhs.stype == CSR else (rhs, lhs._data)
    out = -dense if sign < 0 and csr is lhs else dense.clone()
    flat = out.view(-1)
    places = _keys(csr)
    picked = flat[places]
    flat[places] = picked - csr._values if sign < 0 and csr is rhs else picked + csr._values
    return wrap(out, csr._ctx)


def _out_checked(function, natural):
    """``function(lhs, rhs)`` given ``out=``: an ``out`` of another stype than the kernel's output
    (``natural(lhs, rhs)``) makes MXNet's storage inference take the dense fallback."""
    def apply(lhs, rhs, out=None):
        if out is not None and getattr(out, "stype", None) != natural(lhs, rhs):
            return FALLBACK
        return function(lhs, rhs)
    apply.wants_out = True
    return apply


def _elemwise_stype(kind):
    """The output stype of elemwise add/sub/mul's kernels (two stypes of which one is sparse)."""
    def natural(lhs, rhs):
        if lhs.stype == rhs.stype:
            return lhs.stype
        return DNS if kind != "mul" else (rhs.stype if lhs.stype == DNS else lhs.stype)
    return natural


def _rsp_dense_sum(lhs, rhs, sign):
    """row_sparse +/- dense, a dense result: rows the row_sparse array does not store are the
    dense operand's (negated for rsp - dense: -0.0 where it is 0), the others ``a +/- d``."""
    rsp, dense = (lhs, rhs._data) if lhs.stype == RSP else (rhs, lhs._data)
    out = -dense if sign < 0 and rsp is lhs else dense.clone()
    rows = rsp._indices
    picked = dense.index_select(0, rows)
    if sign > 0:
        combined = rsp._values + picked
    else:
        combined = rsp._values - picked if rsp is lhs else picked - rsp._values
    return wrap(out.index_copy_(0, rows, combined), rsp._ctx)


for _name in ("broadcast_add", "broadcast_plus", "broadcast_sub", "broadcast_minus"):
    implements(_name, (CSR, DNS), (DNS, CSR))(_out_checked(
        lambda lhs, rhs, _n=_name: _csr_dense_sum(_n, lhs, rhs, -1 if _n in ("broadcast_sub", "broadcast_minus")
                                                  else 1) if lhs.shape == rhs.shape else FALLBACK,
        lambda lhs, rhs: DNS))


for _name, _kind in (("elemwise_add", "add"), ("_grad_add", "add"), ("elemwise_sub", "sub"), ("elemwise_mul", "mul")):
    implements(_name)(_out_checked(lambda lhs, rhs, _n=_name, _k=_kind: _binary(_n, lhs, rhs, _k),
                                   _elemwise_stype(_kind)))

for _name in ("broadcast_mul", "broadcast_div"):
    implements(_name, (CSR, DNS))(_out_checked(lambda lhs, rhs, _n=_name: _broadcast_csr_dense(lhs, rhs, _n),
                                               lambda lhs, rhs: CSR))


def _broadcast_csr_dense(csr, dense, name):
    """csr (op) dense where dense broadcasts to csr's shape: keeps csr's structure (the dense
    operator's body on the stored values: integer division stays integer)."""
    combine = spec_of(name).impl
    other = dense._data
    if other.dim() > 2:
        raise MXNetError(f"{name}: input dense matrix should have less than or equal to 2 dimensions")
    rows, cols = csr._shape
    if other.dim() == 2 and other.shape[0] != 1 and other.shape[1] != 1:
        if tuple(other.shape) != csr._shape:
            raise MXNetError(f"{name}: operands could not be broadcast together with shapes "
                             f"{csr._shape} {tuple(other.shape)}")
        if name != "broadcast_mul":
            raise MXNetError(f"{name}: Please use elemwise_div for division between csr and dense of the same shape")
        if csr._values.shape[0]:
            _single_or_double(name, csr)
        return csr._with(combine(csr._values, other[csr_rows(csr), csr._indices]))
    flat = other.reshape(-1)
    if other.dim() == 2 and other.shape[1] == 1 and other.shape[0] != 1:
        if other.shape[0] != rows:
            raise MXNetError(f"{name}: operands could not be broadcast together with shapes "
                             f"{csr._shape} {tuple(other.shape)}")
        picked = flat[csr_rows(csr)]
    else:
        if flat.shape[0] not in (1, cols):
            raise MXNetError(f"{name}: operands could not be broadcast together with shapes "
                             f"{csr._shape} {tuple(other.shape)}")
        if flat.shape[0] == 1:
            picked = flat.expand(csr._values.shape[0])
        elif other.dim() == 2 and other.shape[0] == rows:  # MXNet reads a (1, n) vector of a 1-row
            picked = flat[csr_rows(csr)]                    # csr as a column: its first value
        else:
            picked = flat[csr._indices]
    return csr._with(combine(csr._values, picked))


@implements("_scatter_elemwise_div", (RSP, DNS), (RSP, RSP), (RSP, CSR))
@_same_storage_out
def _scatter_elemwise_div(lhs, rhs):
    """A row_sparse lhs divided on its stored rows only, by those rows of rhs (densified): a
    row_sparse result with lhs's rows (elemwise_scatter_op.h); other storages take the fallback."""
    _check_same_shape("_scatter_elemwise_div", lhs, rhs)
    dense = rhs._data if rhs.stype == DNS else to_dense_tensor(rhs)
    rows = dense.index_select(0, lhs._indices)
    return lhs._with(spec_of("_scatter_elemwise_div").impl(lhs._values, rows))


@implements("add_n")
def _add_n(*arrays, num_args=None):
    if not arrays or any(a.stype != RSP for a in arrays):
        return FALLBACK
    shape = arrays[0].shape
    for other in arrays[1:]:
        _check_same_shape("add_n", arrays[0], other)
    unique = index_set(torch.cat([a._indices for a in arrays]), shape[0])
    summed = torch.zeros((unique.shape[0],) + tuple(shape[1:]), dtype=arrays[0]._values.dtype,
                         device=arrays[0]._values.device)
    for a in arrays:
        summed.index_add_(0, locate(unique, a._indices), a._values)
    return make_rsp(summed, unique, shape, arrays[0]._ctx)


_register_unary()


# ----- mx.nd.sparse.add / subtract / multiply / divide (Python functions in MXNet) -----------
def _ufunc(name, elemwise, broadcast, scalar, reflected, python_op):
    elemwise_fn, broadcast_fn = FUNCTIONS[elemwise], FUNCTIONS[broadcast]
    scalar_fn, reflected_fn = FUNCTIONS[scalar], FUNCTIONS[reflected]

    def function(lhs, rhs):
        if isinstance(lhs, NDArray) and isinstance(rhs, NDArray):
            return (elemwise_fn if lhs.shape == rhs.shape else broadcast_fn)(lhs, rhs)
        if isinstance(lhs, NDArray) and isinstance(rhs, numeric_types):
            return scalar_fn(lhs, float(rhs))
        if isinstance(lhs, numeric_types) and isinstance(rhs, NDArray):
            return reflected_fn(rhs, float(lhs))
        if isinstance(lhs, numeric_types) and isinstance(rhs, numeric_types):
            return python_op(lhs, rhs)
        raise TypeError("type %s not supported" % str(type(rhs if isinstance(lhs, NDArray) else lhs)))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"{name} of two arrays (``{elemwise}`` for equal shapes, ``{broadcast}`` "
                        f"otherwise), an array and a scalar, or two scalars, keeping sparse storage "
                        f"where MXNet does.")
    return function


add = _ufunc("add", "elemwise_add", "broadcast_add", "_plus_scalar", "_plus_scalar", operator.add)
subtract = _ufunc("subtract", "elemwise_sub", "broadcast_sub", "_minus_scalar", "_rminus_scalar", operator.sub)
multiply = _ufunc("multiply", "elemwise_mul", "broadcast_mul", "_mul_scalar", "_mul_scalar", operator.mul)
divide = _ufunc("divide", "elemwise_div", "broadcast_div", "_div_scalar", "_rdiv_scalar", operator.truediv)

BaseSparseNDArray.__add__ = add
BaseSparseNDArray.__sub__ = subtract
BaseSparseNDArray.__mul__ = multiply
