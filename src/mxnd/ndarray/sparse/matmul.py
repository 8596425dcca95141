"""``dot`` with sparse operands, MXNet 1.9.1's output stypes, and gradients that stay sparse.

Kernels touch only the stored entries (scipy's compiled loops on the CPU, gather + ``index_add``
elsewhere), so a 10^6 x 10^6 CSR with
10^4 non-zeros times a (10^6, 8) dense matrix costs O(nnz * 8) plus the output. Output stypes
(dot.cc DotForwardInferStorageType): csr.dns -> dns; csr.T.dns, csr.T.rsp -> rsp; csr.rsp -> dns;
dns.csr -> csr on cpu (dns on gpu);
everything else falls back to dense, and ``forward_stype`` forces the output stype.
Under ``autograd.record()`` the gradient of the dense operand of csr.dns / csr.T.dns is a
sparse (row) gradient, which ``attach_grad(stype='row_sparse')`` keeps sparse.

>>> import mxnd as mx
>>> c = mx.nd.array([[0, 1], [2, 0]]).tostype('csr')
>>> mx.nd.dot(c, mx.nd.ones((2, 3))).asnumpy().tolist()
[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]
>>> mx.nd.dot(c, mx.nd.ones((2, 3)), transpose_a=True).stype
'row_sparse'
"""
from __future__ import annotations

import warnings

import numpy as np
import torch

from ...errors import MXNetError
from ...recording import FLAGS
from ..ndarray import wrap
from .convert import cast_storage, dense_to_csr, to_dense_tensor
from .dispatch import FALLBACK, implements
from .elementwise import csr_rows
from .cpu_loops import csr_times_dense
from .kernels import index_set
from .arrays import make_rsp

__all__ = ["csr_dense", "rsp_dense", "dense_csr"]


def _scatter(values, rows, cols, dense, out_rows, transpose):
    """sum over stored (r, c, v): out[r] += v * dense[c] (or out[c] += v * dense[r] if transpose)."""
    source, target = (rows, cols) if transpose else (cols, rows)
    contributions = dense.index_select(0, source)
    contributions = contributions * values.reshape((-1,) + (1,) * (dense.dim() - 1)).to(dense.dtype)
    out = torch.zeros((out_rows,) + tuple(dense.shape[1:]), dtype=dense.dtype, device=dense.device)
    return out.index_add_(0, target, contributions)


class _CsrDense(torch.autograd.Function):
    """csr (or csr.T) times dense; the dense operand's gradient is a sparse COO row gradient."""

    @staticmethod
    def forward(ctx, dense, values, rows, cols, shape, transpose):
        ctx.save_for_backward(values, rows, cols)
        ctx.shape, ctx.transpose = shape, transpose
        out_rows = shape[1] if transpose else shape[0]
        return _scatter(values, rows, cols, dense, out_rows, transpose)

    @staticmethod
    def backward(ctx, grad):
        values, rows, cols = ctx.saved_tensors
        transpose, shape = ctx.transpose, ctx.shape
        in_rows = shape[0] if transpose else shape[1]
        # only the rows of the dense operand that were read get a gradient row
        touched, source = (rows, cols) if transpose else (cols, rows)
        unique, inverse = index_set(touched, in_rows, return_inverse=True)
        contributions = grad.index_select(0, source) * values.reshape((-1,) + (1,) * (grad.dim() - 1))
        summed = torch.zeros((unique.shape[0],) + tuple(grad.shape[1:]), dtype=grad.dtype,
                             device=grad.device).index_add_(0, inverse, contributions.to(grad.dtype))
        sparse = torch.sparse_coo_tensor(unique.unsqueeze(0), summed, (in_rows,) + tuple(grad.shape[1:]),
                                         is_coalesced=True, check_invariants=False)
        return sparse, None, None, None, None, None


_MKL_TYPES = (torch.float32, torch.float64)
_LOOP_WORK = 1 << 18  # stored values x dense columns above which MKL's csr @ dense beats the plain loops
_FLOAT_TYPES = (np.float32, np.float64)  # dot's kernels (MXNet: "only supports 32-bit and 64-bit floating point")


_FIRST_CSR = [True]  # torch warns once per process that its CSR layout is "beta": mute that one


def torch_csr(csr) -> torch.Tensor:
    """A ``torch.sparse_csr_tensor`` over the components (no copy)."""
    if _FIRST_CSR[0]:
        _FIRST_CSR[0] = False
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return torch.sparse_csr_tensor(csr._indptr, csr._indices, csr._values, csr.shape,
                                           check_invariants=False)
    return torch.sparse_csr_tensor(csr._indptr, csr._indices, csr._values, csr.shape, check_invariants=False)


def csr_dense(csr, dense: torch.Tensor, transpose: bool) -> torch.Tensor:
    """``csr @ dense`` (``csr.T @ dense`` when ``transpose``) as a dense tensor.

    csr @ dense with about one stored value per row or more and a large product runs torch's CSR
    matmul (MKL on the CPU, cuSPARSE on CUDA); other products on the CPU run scipy's compiled loops
    in MXNet's summation order (cpu_loops.py); otherwise (CUDA's csr.T @ dense or very sparse rows,
    other dtypes) the rows of ``dense`` the stored entries read are gathered and ``index_add``-ed.
    """
    inner = csr.shape[0] if transpose else csr.shape[1]
    if dense.shape[0] != inner:
        raise MXNetError(f"dot: dot shape error: {list(csr.shape)} X {list(dense.shape)}"
                         + (" (transpose_a)" if transpose else ""))
    if dense.requires_grad and FLAGS.get().recording:
        return _CsrDense.apply(dense, csr._values, csr_rows(csr), csr._indices, csr.shape, transpose)
    values = csr._values
    out_rows = csr.shape[1] if transpose else csr.shape[0]
    library = (not transpose and values.dtype is dense.dtype and values.dtype in _MKL_TYPES
               and 8 * values.numel() >= csr.shape[0])  # MKL/cuSPARSE walk every row: not for near-empty ones
    if not (library and values.numel() * dense.shape[-1] > _LOOP_WORK):  # MKL's set-up outweighs small products
        result = csr_times_dense(csr._indptr, csr._indices, values, dense, out_rows, transpose)  # the CPU's loops
        if result is not None:
            return result
    if library:
        return torch.sparse.mm(torch_csr(csr), dense)
    return _scatter(values, csr_rows(csr), csr._indices, dense, out_rows, transpose)


def rsp_dense(rsp, dense: torch.Tensor) -> torch.Tensor:
    """``rsp @ dense`` as a dense tensor (only stored rows are multiplied)."""
    if dense.shape[0] != rsp.shape[1]:
        raise MXNetError(f"dot: dot shape error: {list(rsp.shape)} X {list(dense.shape)}")
    out = torch.zeros((rsp.shape[0],) + tuple(dense.shape[1:]), dtype=dense.dtype, device=dense.device)
    return out.index_copy(0, rsp._indices, rsp._values.to(dense.dtype) @ dense)


def dense_csr(dense: torch.Tensor, csr, transpose_b: bool) -> torch.Tensor:
    """``dense @ csr`` (``dense @ csr.T`` when ``transpose_b``) as a dense tensor."""
    inner = csr.shape[1] if transpose_b else csr.shape[0]
    if dense.dim() != 2 or dense.shape[1] != inner:
        raise MXNetError(f"dot: dot shape error: {list(dense.shape)} X {list(csr.shape)}")
    rows = csr_rows(csr)
    return _scatter(csr._values, rows, csr._indices, dense.mT, csr.shape[0] if transpose_b else csr.shape[1],
                    not transpose_b).mT.contiguous()


def _finish(result, stype, ctx):
    """Wrap a dense result and cast it to ``stype``."""
    array = wrap(result, ctx)
    return array if stype == "default" else cast_storage(array, stype)


def _require_types(dtype, types=_FLOAT_TYPES):
    if dtype not in types:
        raise MXNetError("dot: This operation only supports 32-bit and 64-bit floating point")


def _stored_nothing(array) -> bool:
    return array.stype != "default" and array._values.shape[0] == 0


def _zeros(shape, stype, like, ctx):
    from .creation import zeros
    return zeros(stype, shape, ctx=ctx, dtype=like.dtype)


@implements("dot", ("csr", "default"), ("csr", "row_sparse"), ("default", "csr"), ("row_sparse", "default"))
def _dot(lhs, rhs, transpose_a=False, transpose_b=False, forward_stype=None):
    """MXNet's sparse dot kernels (dot-inl.h): where one runs (the output stype it writes is the
    one asked for), an operand that stores nothing gives zeros of any dtype, others take float32
    or float64 (dns.csr -> dns also float16); everything else is the dense fallback (float32/64)."""
    ctx = lhs._ctx
    forward_stype = _unset(forward_stype)
    stypes = (lhs.stype, rhs.stype)
    if stypes[0] == "csr" and not transpose_b:
        if rhs.ndim != 2:
            raise MXNetError(f"dot: Check failed: inputs[1].shape().ndim() == 2 ({rhs.ndim} vs. 2) : "
                             f"sparse dot only supports 2 dimensional rhs")
        inner = lhs.shape[0] if transpose_a else lhs.shape[1]
        if rhs.shape[0] != inner:
            raise MXNetError(f"dot: dot shape error: {list(lhs.shape)} X {list(rhs.shape)}"
                             + (" (transpose_a)" if transpose_a else ""))
        # csr.T . (dns|rsp) is row_sparse unless forward_stype says otherwise; csr . (dns|rsp) is dense
        natural = forward_stype or ("row_sparse" if transpose_a else "default")
        shape = (lhs.shape[1] if transpose_a else lhs.shape[0], rhs.shape[1])
        kernel = natural == "default" or (transpose_a and natural == "row_sparse")
        partial = stypes[1] == "row_sparse" and rhs._values.shape[0] != rhs.shape[0]
        if not kernel:
            _require_types(lhs.dtype)
        elif partial and natural == "default":  # DotCsrRspDnsImpl
            _require_types(lhs.dtype)
            if _stored_nothing(lhs) or _stored_nothing(rhs):
                return _zeros(shape, natural, lhs, ctx)
            if transpose_a:
                raise MXNetError("dot: DotCsrRspDnsImpl has not implemented dot(csr.T, rsp) = dns yet")
        elif _stored_nothing(lhs) or partial and _stored_nothing(rhs):
            return _zeros(shape, natural, lhs, ctx)
        else:
            _require_types(lhs.dtype)
        dense = to_dense_tensor(rhs)
        if natural == "row_sparse" and transpose_a and not (dense.requires_grad and FLAGS.get().recording):
            return _csr_t_dense_rows(lhs, dense, ctx)  # straight into the stored rows
        result = csr_dense(lhs, dense, transpose_a)
        if natural == "row_sparse" and transpose_a:
            return _rows_of(result, lhs, ctx)
        return _finish(result, natural, ctx)
    if stypes == ("default", "csr") and not transpose_a and rhs.ndim == 2:
        natural = "csr" if ctx.device_typeid != 2 else "default"
        stype = forward_stype or natural
        kernel = stype == "default" or (stype == "csr" and not transpose_b)
        if kernel and _stored_nothing(rhs) and lhs.ndim == 2:
            return _zeros((lhs.shape[0], rhs.shape[0] if transpose_b else rhs.shape[1]), stype, lhs, ctx)
        _require_types(lhs.dtype, _FLOAT_TYPES + (np.float16,) if kernel and stype == "default" else _FLOAT_TYPES)
        result = dense_csr(rhs_dense_check(lhs), rhs, transpose_b)
        if stype == "csr":
            return dense_to_csr(result, ctx)
        return _finish(result, stype, ctx)
    _require_types(lhs.dtype)
    if stypes == ("row_sparse", "default") and not transpose_a and not transpose_b and rhs.ndim == 2:
        return _finish(rsp_dense(lhs, rhs._data), forward_stype or "default", ctx)
    return FALLBACK


@implements("dot", ("default", "default"))
def _dense_dot(lhs, rhs, transpose_a=False, transpose_b=False, forward_stype=None):
    """dns.dns with a sparse ``forward_stype``: the dense product cast to it (MXNet's fallback)."""
    from .dispatch import spec_of
    forward_stype = _unset(forward_stype)
    try:
        result = spec_of("dot").impl(lhs._data, rhs._data, transpose_a=transpose_a, transpose_b=transpose_b,
                                     forward_stype=None)
    except ValueError as error:  # the builder's translation of the dense body's errors
        raise MXNetError(f"dot: {error}") from None
    return _finish(result, forward_stype or "default", lhs._ctx)


def _unset(forward_stype):
    """``forward_stype`` with MXNet's explicit ``None`` (which the parameter parser spells 'None') as None."""
    return None if forward_stype in (None, "None") else forward_stype


def rhs_dense_check(dense):
    """The tensor of the dense lhs of dns.csr."""
    return dense._data


def _csr_t_dense_rows(csr, dense, ctx):
    """csr.T . dense as a row_sparse array: each stored (r, c, v) adds v * dense[r] to stored row c."""
    shape = (csr.shape[1],) + tuple(dense.shape[1:])
    rows, inverse = index_set(csr._indices, csr.shape[1], return_inverse=True)
    values = csr_times_dense(csr._indptr, inverse, csr._values, dense, rows.shape[0], True)
    if values is not None:  # the CPU's loops, straight into the stored rows
        return make_rsp(values, rows, shape, ctx)
    contributions = dense.index_select(0, csr_rows(csr))
    contributions = contributions * csr._values.reshape((-1,) + (1,) * (dense.dim() - 1)).to(dense.dtype)
    out = torch.zeros((rows.shape[0],) + tuple(dense.shape[1:]), dtype=dense.dtype, device=dense.device)
    return make_rsp(out.index_add_(0, inverse, contributions), rows, shape, ctx)


def _rows_of(result, csr, ctx):
    """The row-sparse output of csr.T.dns: rows = the distinct column indices of csr."""
    rows = index_set(csr._indices, csr.shape[1])
    return make_rsp(result.index_select(0, rows), rows, result.shape, ctx)


@implements("FullyConnected", ("csr", "default", "default"), ("csr", "default", None))
def _fully_connected(data, weight, bias=None, num_hidden=None, no_bias=False, flatten=True):
    """FullyConnected of csr data: ``dot(data, weight.T) + bias`` on the stored entries (dense output)."""
    from ...errors import operator_error

    w = weight._data
    expected = (num_hidden, data.shape[1])
    if tuple(w.shape) != expected:
        raise operator_error("FullyConnected", f"Shape inconsistent, Provided = {list(w.shape)}, "
                             f"inferred shape={expected}", (data, weight))
    if (bias is None) != bool(no_bias):
        raise operator_error("FullyConnected", f"expected {2 if no_bias else 3} inputs", (data, weight))
    values = data._values
    if values.dtype is not w.dtype:
        raise operator_error("FullyConnected", f"Incompatible attr in node at 1-th input: expected "
                             f"{values.dtype}, got {w.dtype}".replace("torch.", ""), (data, weight))
    result = csr_dense(data, w.t(), False) if not (w.requires_grad and FLAGS.get().recording) else \
        _scatter(values, csr_rows(data), data._indices, w.t(), data.shape[0], False)
    if bias is not None:  # MXNet's shape inference also takes a (num_hidden, 1) bias
        result = result + bias._data.reshape(num_hidden) if tuple(bias.shape) == (num_hidden, 1) else \
            result + bias._data
    return wrap(result, data._ctx)


_RSP_PARAMS = [(data, weight, bias) for data in ("default", "csr") for weight in ("default", "row_sparse")
               for bias in ("default", "row_sparse", None) if "row_sparse" in (weight, bias)]


@implements("FullyConnected", *_RSP_PARAMS)
def _fully_connected_row_sparse(data, weight, bias=None, num_hidden=None, no_bias=False, flatten=True):
    """FullyConnected with a row_sparse weight or bias, as MXNet 1.9.1 computes it: dense data goes to
    its kernel on the stored rows, which must be all the rows (else its gemm or TBlob check fails),
    and reads a (num_hidden, 1) bias as (num_hidden,), which it refuses from a dense bias ("Unexpected
    shape for bias"); csr data takes its csr kernel with the weight and bias densified.

    >>> import mxnd as mx
    >>> b = mx.nd.array([[1.], [2.]]).tostype('row_sparse')
    >>> mx.nd.FullyConnected(mx.nd.ones((1, 3)), mx.nd.ones((2, 3)), b, num_hidden=2).asnumpy()
    array([[4., 5.]], dtype=float32)
    """
    from ..generated import FUNCTIONS

    if data.stype == "default":
        for array, check in ((weight, _GEMM_CHECK), (bias, _TBLOB_CHECK)):
            if array is not None and array.stype == "row_sparse" and array._indices.numel() != array.shape[0]:
                stored, full = array._values.numel(), int(np.prod(array.shape))
                if array is weight:
                    stored, full = array._indices.numel(), array.shape[0]
                raise MXNetError(check.format(stored, full))
    weight, bias = [None if a is None else wrap(to_dense_tensor(a), a._ctx) for a in (weight, bias)]
    if data.stype == "csr":
        return _fully_connected(data, weight, bias, num_hidden=num_hidden, no_bias=no_bias, flatten=flatten)
    if bias is not None and tuple(bias.shape) == (num_hidden, 1):
        bias = wrap(bias._data.reshape(num_hidden), bias._ctx)
    return FUNCTIONS["FullyConnected"](data, weight, *(() if bias is None else (bias,)),
                                       num_hidden=num_hidden, no_bias=no_bias, flatten=flatten)


_GEMM_CHECK = ("Check failed: (tB ? B.size(0) : B.size(1)) == C.size(1) ({} vs. {}) : "
               "Non compatible matrix dimensions between inputs B and C for gemm")
_TBLOB_CHECK = ("TBlob.get_with_shape: Check failed: this->shape_.Size() == static_cast<size_t>(shape.Size()) "
                "({} vs. {}) : new and old shape do not match total elements")
