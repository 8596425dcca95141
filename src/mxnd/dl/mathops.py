"""Other math of the MATLAB tables: mtimes, mrdivide, pagemtimes, colon, interp1, fft, ifft.

>>> from mxnd import dl
>>> dl.colon(1, 3).asnumpy().tolist()
[[1.0, 2.0, 3.0]]
>>> (dl.dlarray([[1., 2.], [3., 4.]]) @ dl.dlarray([[1.], [1.]])).asnumpy().tolist()
[[3.0], [7.0]]
"""
from __future__ import annotations

import math

import torch

from ._core import dlarray, make, size_matlab, to_tensor
from .elementwise import binary, numeric_operand, on_one_device

__all__ = ["mtimes", "mrdivide", "pagemtimes", "colon", "interp1", "fft", "ifft"]


def _parts(value, like=None, name=""):
    """(tensor, format) of an operand."""
    if isinstance(value, dlarray):
        return value._data, value._fmt
    if like is not None:
        return numeric_operand(value, like, name), ""
    return to_tensor(value, name), ""


def _as_matrix(data):
    return data.reshape(size_matlab(data.shape)) if data.dim() < 2 else data


def mtimes(a, b):
    """MATLAB ``mtimes`` (``*``; Python ``@``): matrix product of 2-D arrays. A formatted operand is
    allowed only with an unformatted scalar (then it is an elementwise scaling, format kept)."""
    like = a._data if isinstance(a, dlarray) else (b._data if isinstance(b, dlarray) else None)
    ta, fa = _parts(a, like, "mtimes")
    tb, fb = _parts(b, like, "mtimes")
    if fa or fb:
        other, other_fmt = (tb, fb) if fa else (ta, fa)
        if (fa and fb) or other_fmt or other.numel() != 1:
            raise ValueError("mtimes: a formatted dlarray can be multiplied only by an unformatted scalar; "
                             "use times (.*) or pagemtimes, or stripdims first")
        return binary(torch.mul, a, b, "mtimes", tensors_only=True)
    if ta.numel() == 1 or tb.numel() == 1:
        return binary(torch.mul, a, b, "mtimes", tensors_only=True)
    ta, tb = on_one_device(_as_matrix(ta), _as_matrix(tb))
    if ta.dim() > 2 or tb.dim() > 2:
        raise ValueError("mtimes: Arguments must be 2-D, or at least one argument must be scalar. "
                         "Use TIMES (.*) for elementwise multiplication, or PAGEMTIMES.")
    if ta.shape[1] != tb.shape[0]:
        raise ValueError(f"mtimes: Incorrect dimensions for matrix multiplication: "
                         f"{ta.shape[0]}x{ta.shape[1]} times {tb.shape[0]}x{tb.shape[1]}")
    if ta.dtype is not tb.dtype:
        kind = torch.promote_types(ta.dtype, tb.dtype)
        ta, tb = ta.to(kind), tb.to(kind)
    return make(ta @ tb, "")


def mrdivide(a, b):
    """MATLAB ``mrdivide`` (``/``): for dlarray the divisor must be a scalar; a's format is kept."""
    tb = b._data if isinstance(b, dlarray) else to_tensor(b, "mrdivide")
    if tb.numel() != 1:
        raise ValueError("mrdivide: for dlarray input the second argument (the divisor) must be a scalar")
    if isinstance(b, dlarray) and b._fmt:
        b = make(tb.reshape(()), "")
    return binary(torch.div, a, b, "mrdivide", tensors_only=True)


_TRANSPOSE = {"none": None, "transpose": False, "ctranspose": True}


def pagemtimes(x, *args):
    """MATLAB ``pagemtimes(X, Y)`` / ``pagemtimes(X, transpX, Y, transpY)``: matrix products of
    the pages ``X[:, :, k...]`` with implicit expansion of the page dims. A formatted operand is
    allowed only when the other is unformatted with scalar (1x1) pages; the result then has the
    formatted operand's format."""
    if len(args) == 1:
        trans_x, y, trans_y = "none", args[0], "none"
    elif len(args) == 3:
        trans_x, y, trans_y = args
    else:
        raise ValueError("pagemtimes: expected pagemtimes(X, Y) or pagemtimes(X, transpX, Y, transpY)")
    for flag in (trans_x, trans_y):
        if flag not in _TRANSPOSE:
            raise ValueError(f"pagemtimes: transpose option must be 'none', 'transpose' or 'ctranspose', "
                             f"got {flag!r}")
    like = x._data if isinstance(x, dlarray) else (y._data if isinstance(y, dlarray) else None)
    tx, fx = _parts(x, like, "pagemtimes")
    ty, fy = _parts(y, like, "pagemtimes")
    if fx or fy:
        other, other_fmt = (ty, fy) if fx else (tx, fx)
        other = _as_matrix(other)
        if (fx and fy) or other_fmt or other.shape[0] != 1 or other.shape[1] != 1:
            raise ValueError("pagemtimes: a formatted dlarray is allowed only when the other input is an "
                             "unformatted array with scalar (1x1) pages")
        return binary(torch.mul, x, y, "pagemtimes", tensors_only=True)
    tx, ty = _page_operand(_as_matrix(tx), trans_x), _page_operand(_as_matrix(ty), trans_y)
    rank = max(tx.dim(), ty.dim())
    tx, ty = _pages_first(tx, rank), _pages_first(ty, rank)
    if tx.shape[-1] != ty.shape[-2]:
        raise ValueError(f"pagemtimes: Incorrect dimensions for matrix multiplication: pages of "
                         f"{tx.shape[-2]}x{tx.shape[-1]} and {ty.shape[-2]}x{ty.shape[-1]}")
    if tx.dtype is not ty.dtype:
        kind = torch.promote_types(tx.dtype, ty.dtype)
        tx, ty = tx.to(kind), ty.to(kind)
    tx, ty = on_one_device(tx, ty)
    try:
        out = torch.matmul(tx, ty)
    except RuntimeError:
        raise ValueError("pagemtimes: the page dimensions are not compatible for implicit expansion") from None
    # pages back behind the matrix dims
    return make(out.permute(rank - 2, rank - 1, *range(rank - 2)), "")


def _page_operand(data, flag):
    conjugate = _TRANSPOSE[flag]
    if conjugate is None:
        return data
    data = data.transpose(0, 1)
    return data.conj().resolve_conj() if conjugate and data.dtype.is_complex else data


def _pages_first(data, rank):
    data = data.reshape(tuple(data.shape) + (1,) * (rank - data.dim()))
    return data.permute(*range(2, rank), 0, 1)


def colon(a, *args):
    """MATLAB ``a:b`` (``colon(a, b)``) and ``a:step:b`` (``colon(a, step, b)``): an unformatted 1xn
    row vector; all inputs real scalars. dlarray inputs give their type (float32 otherwise)."""
    if len(args) == 1:
        step, stop = 1, args[0]
    elif len(args) == 2:
        step, stop = args
    else:
        raise ValueError("colon: expected colon(a, b) or colon(a, step, b)")
    values, kind, device = [], torch.float32, torch.device("cpu")
    for value in (a, step, stop):
        if isinstance(value, dlarray):
            kind, device = value._data.dtype, value._data.device
        data = value._data if isinstance(value, dlarray) else to_tensor(value, "colon")
        if data.numel() != 1 or data.dtype.is_complex:
            raise ValueError("colon: all inputs must be real scalars")
        values.append(float(data.detach().reshape(())))
    start, delta, end = values
    if delta == 0 or (delta > 0 and start > end) or (delta < 0 and start < end) or math.isnan(delta):
        count = 0
    else:
        # MATLAB's colon tolerates round-off at the end point
        count = int(math.floor((end - start) / delta * (1 + 2 ** -40) + 1e-10)) + 1
    steps = torch.arange(count, dtype=torch.float64, device=device)
    return make((start + steps * delta).to(kind if kind.is_floating_point else torch.float32).reshape(1, count), "")


def interp1(*args, method="linear"):
    """MATLAB ``interp1(x, v, xq)``, ``interp1(x, v, xq, method)`` or ``interp1(v, xq)``:
    'linear' (default) or 'nearest'; queries outside [x(1), x(end)] give NaN. Only ``v`` may be
    formatted; then ``xq`` must be a vector and ``vq`` has v's format. ``v`` is interpolated along
    its first dim (a vector ``v`` gives ``vq`` with the shape of ``xq``)."""
    args = list(args)
    if args and isinstance(args[-1], str):
        method = args.pop()
    if method not in ("linear", "nearest"):
        raise ValueError(f"interp1: method must be 'linear' or 'nearest' for dlarray, got {method!r}")
    if len(args) == 2:
        v, xq = args
        x = None
    elif len(args) == 3:
        x, v, xq = args
    else:
        raise ValueError("interp1: expected interp1(x, v, xq[, method]) or interp1(v, xq[, method])")
    for name, value in (("x", x), ("xq", xq)):
        if isinstance(value, dlarray) and value._fmt:
            raise ValueError(f"interp1: only the sample values v may be a formatted dlarray; {name} is "
                             f"formatted ('{value._fmt}')")
    v = v if isinstance(v, dlarray) else dlarray(v)
    tv = v._data
    vector_v = tv.dim() <= 1 or (sum(1 for d in tv.shape if d != 1) <= 1 and not v._fmt)
    base = tv.reshape(-1, 1) if vector_v else tv
    n = base.shape[0]
    tx = torch.arange(1, n + 1, dtype=tv.dtype, device=tv.device) if x is None else \
        numeric_operand(x._data if isinstance(x, dlarray) else x, tv, "interp1").reshape(-1)
    if tx.numel() != n:
        raise ValueError(f"interp1: the sample points x ({tx.numel()}) and values v ({n}) must have the same length")
    if n < 2:
        raise ValueError("interp1: at least two sample points are needed")
    xs = tx.detach().contiguous()  # searchsorted copies a strided boundary (and warns)
    if not bool(torch.isfinite(xs).all()) or not bool((xs[1:] > xs[:-1]).all()):
        raise ValueError("interp1: the sample points x must be finite, increasing and without repeats")
    txq = numeric_operand(xq._data if isinstance(xq, dlarray) else xq, tv, "interp1")  # on v's device
    if v._fmt and sum(1 for d in txq.shape if d != 1) > 1:
        raise ValueError("interp1: when v is a formatted dlarray, the query points xq must be a vector")
    query = txq.reshape(-1).to(tx.dtype)
    index = torch.searchsorted(xs, query.detach(), right=True) - 1
    index = index.clamp(0, n - 2)
    left, right = tx[index], tx[index + 1]
    weight = (query - left) / (right - left)
    outside = (query.detach() < xs[0]) | (query.detach() > xs[-1]) | torch.isnan(query.detach())
    trailing = (1,) * (base.dim() - 1)
    weight = weight.reshape((-1,) + trailing)
    lower, upper = base[index], base[index + 1]
    if method == "nearest":
        out = torch.where(weight >= 0.5, upper, lower)
    else:
        out = lower + (upper - lower) * weight
    out = torch.where(outside.reshape((-1,) + trailing), torch.full((), float("nan"), dtype=out.dtype,
                                                                    device=out.device), out)
    if vector_v:
        if v._fmt:
            return make(out.reshape(-1, 1), v._fmt)
        return make(out.reshape(txq.shape), "")
    return make(out, v._fmt)


def _fft_args(x, n, dim, name):
    if isinstance(x, dlarray) and x._fmt:
        raise ValueError(f"{name}: only unformatted dlarray input is supported; use stripdims first "
                         f"(format '{x._fmt}')")
    x = x if isinstance(x, dlarray) else dlarray(x)
    data = x._data
    vector = data.dim() == 1 and dim in (None, 0)  # a Python vector transforms as a vector
    if vector:
        return data, n, 0
    if data.dim() < 2:
        data = data.reshape(size_matlab(data.shape))
    if dim is None:
        dim = next((i for i, size in enumerate(data.shape) if size != 1), 0)
    if not isinstance(dim, int) or dim < 0:
        raise ValueError(f"{name}: dim must be a non-negative (0-based) integer, got {dim!r}")
    if dim >= data.dim():
        data = data.reshape(tuple(data.shape) + (1,) * (dim + 1 - data.dim()))
    if n is not None and (not isinstance(n, int) or n < 0):
        raise ValueError(f"{name}: n must be a non-negative integer, got {n!r}")
    return data, n, dim


def fft(x, n=None, dim=None):
    """MATLAB ``fft(X, n, dim)`` (0-based dim; default the first non-singleton dim). Unformatted
    input only; the result is complex."""
    data, n, dim = _fft_args(x, n, dim, "fft")
    return make(torch.fft.fft(data, n=n, dim=dim), "")


def ifft(y, *args):
    """MATLAB ``ifft(Y, n, dim)`` and ``ifft(..., 'symmetric')``: with 'symmetric' Y is treated as
    exactly conjugate symmetric (only its first half is used; result and gradient are real and
    symmetric). Unformatted input only."""
    args = list(args)
    symmetric = False
    if args and isinstance(args[-1], str):
        flag = args.pop()
        if flag not in ("symmetric", "nonsymmetric"):
            raise ValueError(f"ifft: the option must be 'symmetric' or 'nonsymmetric', got {flag!r}")
        symmetric = flag == "symmetric"
    if len(args) > 2:
        raise ValueError("ifft: expected ifft(Y, n, dim, symflag)")
    n = args[0] if args else None
    dim = args[1] if len(args) > 1 else None
    n = None if isinstance(n, (list, tuple)) and not n else n
    data, n, dim = _fft_args(y, n, dim, "ifft")
    if symmetric:
        length = n if n is not None else data.shape[dim]
        if n is not None and n != data.shape[dim]:
            data = _fit(data, n, dim)
        half = data.narrow(dim, 0, length // 2 + 1)
        if not half.dtype.is_complex:
            half = half.to(torch.complex128 if half.dtype is torch.float64 else torch.complex64)
        return make(torch.fft.irfft(half, n=length, dim=dim), "")
    return make(torch.fft.ifft(data, n=n, dim=dim), "")


def _fit(data, n, dim):
    size = data.shape[dim]
    if n <= size:
        return data.narrow(dim, 0, n)
    pad_shape = list(data.shape)
    pad_shape[dim] = n - size
    return torch.cat([data, data.new_zeros(pad_shape)], dim=dim)
