"""Elementwise functions of dlarrays: the unary table, binary operators with implicit expansion
of formats, logical operators and comparisons (MATLAB "unary/binary elementwise" and "logical"
tables).

>>> from mxnd import dl
>>> x = dl.dlarray([[1., 2.], [3., 4.]], 'SC')
>>> (x * 2 + 1).asnumpy().tolist()
[[3.0, 5.0], [7.0, 9.0]]
"""
from __future__ import annotations

import builtins
import operator

import torch

from ._core import dlarray, make, to_tensor
from . import formats
from ..ndarray.ops import exact_sqrt

__all__ = ["UNARY", "BINARY", "binary", "unary_function", "numeric_operand", "complex"]


# ----- operands ------------------------------------------------------------------------
_SCALARS = (int, float)


def numeric_operand(value, like: torch.Tensor, where: str) -> torch.Tensor:
    """A non-dlarray operand as a tensor on ``like``'s device; floating data takes ``like``'s
    floating type (MATLAB: single combined with double is single)."""
    if isinstance(value, (bool, int, float, builtins.complex)):
        dtype = like.dtype if (like.dtype.is_floating_point or like.dtype.is_complex) else None
        if isinstance(value, builtins.complex) and dtype is not None and not dtype.is_complex:
            dtype = torch.complex128 if dtype is torch.float64 else torch.complex64
        return torch.tensor(value, dtype=dtype if dtype is not None else torch.float32, device=like.device)
    data = to_tensor(value, where, device=like.device)
    if like.dtype.is_floating_point and (data.dtype.is_floating_point or data.dtype is torch.bool) \
            and data.dtype is not like.dtype and data.dtype is not torch.bool:
        data = data.to(like.dtype)
    return data


def _pad(data: torch.Tensor, rank: int) -> torch.Tensor:
    """Trailing singleton dims up to ``rank`` (MATLAB aligns shapes from the first dim)."""
    if data.dim() >= rank:
        return data
    return data.reshape(tuple(data.shape) + (1,) * (rank - data.dim()))


def _expand_to(data: torch.Tensor, positions: tuple, rank: int) -> torch.Tensor:
    if len(positions) == rank:
        return data
    shape = [1] * rank
    for source, target in enumerate(positions):
        shape[target] = data.shape[source]
    return data.reshape(shape)


def _implicit(data, fmt):
    """Drop trailing singleton 'U' dims: MATLAB treats them as implicit (they never constrain)."""
    rank = len(fmt)
    while rank > 1 and fmt[rank - 1] == "U" and data.shape[rank - 1] == 1:
        rank -= 1
    return (data.reshape(data.shape[:rank]), fmt[:rank]) if rank < len(fmt) else (data, fmt)


def align(ta, fa, tb, fb):
    """(ta, tb, output format) after MATLAB's implicit expansion of formats and shapes."""
    if fa and fb:
        if fa != fb:
            ta, fa = _implicit(ta, fa)
            tb, fb = _implicit(tb, fb)
            out, pos_a, pos_b = formats.combine(fa, fb)
            if len(out) < 2:
                out, pos_a, pos_b = out + "U", pos_a, pos_b
            return _expand_to(ta, pos_a, len(out)), _expand_to(tb, pos_b, len(out)), out
        return ta, tb, fa
    rank = max(ta.dim(), tb.dim())
    fmt = fa or fb
    if fmt:
        fmt = fmt + "U" * (rank - len(fmt))
    return _pad(ta, rank), _pad(tb, rank), fmt


def _same_float(ta, tb):
    # MATLAB: single combined with double gives single -> the narrower floating type wins
    if ta.dtype is not tb.dtype and ta.dtype.is_floating_point and tb.dtype.is_floating_point:
        if ta.element_size() < tb.element_size():
            tb = tb.to(ta.dtype)
        else:
            ta = ta.to(tb.dtype)
    return ta, tb


def on_one_device(*tensors):
    """The tensors on one device: host ones join a GPU one (MATLAB: a gpuArray combined with host
    data gives a gpuArray).

    >>> on_one_device(torch.ones(1), torch.zeros(1))[1].device.type
    'cpu'
    """
    gpu = next((t for t in tensors if not t.is_cpu), None)
    if gpu is None:
        return tensors
    return tuple(t.to(gpu.device) if t.is_cpu else t for t in tensors)


def _apply(fn, ta, tb, name):
    if isinstance(tb, torch.Tensor) and ta.is_cpu is not tb.is_cpu:
        ta, tb = on_one_device(ta, tb)
    try:
        return fn(ta, tb)
    except RuntimeError as error:
        if "must match" in str(error) or "broadcast" in str(error):
            raise ValueError(f"{name}: Arrays have incompatible sizes for this operation: "
                             f"{_size_text(ta)} and {_size_text(tb)}") from None
        raise


def _size_text(value):
    return "x".join(str(d) for d in value.shape) if isinstance(value, torch.Tensor) else "1x1"


def binary(fn, a, b, name, tensors_only=False):
    """Apply ``fn`` (torch) to two operands with the format-combination rules."""
    if isinstance(a, dlarray):
        ta, fa = a._data, a._fmt
        if isinstance(b, dlarray):
            tb, fb = b._data, b._fmt
            if fa == fb and ta.dim() == tb.dim() and ta.dtype is tb.dtype:
                return make(_apply(fn, ta, tb, name), fa)
        elif type(b) in _SCALARS and not tensors_only:
            return make(fn(ta, b), fa)
        else:
            tb, fb = numeric_operand(b, ta, name), ""
    elif isinstance(b, dlarray):
        tb, fb = b._data, b._fmt
        if type(a) in _SCALARS and not tensors_only:
            return make(fn(a, tb), fb)
        ta, fa = numeric_operand(a, tb, name), ""
    else:
        ta, fa = to_tensor(a, name), ""
        tb, fb = numeric_operand(b, ta, name), ""
    ta, tb = _same_float(ta, tb)
    ta, tb, fmt = align(ta, fa, tb, fb)
    return make(_apply(fn, ta, tb, name), fmt)


# ----- unary table ---------------------------------------------------------------------
def _reciprocal_of(fn):
    return lambda t: fn(torch.reciprocal(t))


def _real_only(fn, name, message):
    def body(t):
        if not t.dtype.is_complex and bool((t.detach() < 0).any()):
            raise ValueError(f"{name}: {message}")
        return fn(t)
    return body


def _round(t):
    # MATLAB rounds half away from zero; torch.round rounds half to even
    if not t.dtype.is_floating_point:
        return t
    truncated = torch.trunc(t)
    tie = (t - truncated).abs() == 0.5
    return torch.where(tie, truncated + torch.sign(t), torch.round(t))


def _imag(t):
    return torch.imag(t) if t.dtype.is_complex else torch.zeros_like(t)


def _real(t):
    return torch.real(t) if t.dtype.is_complex else t


def _conj(t):
    return torch.conj(t).resolve_conj() if t.dtype.is_complex else t


def _angle(t):
    return torch.angle(t)


UNARY = {
    "abs": torch.abs, "acos": torch.acos, "acosh": torch.acosh, "acot": _reciprocal_of(torch.atan),
    "acsc": _reciprocal_of(torch.asin), "angle": _angle, "asec": _reciprocal_of(torch.acos),
    "asin": torch.asin, "asinh": torch.asinh, "atan": torch.atan, "atanh": torch.atanh,
    "conj": _conj, "cos": torch.cos, "cosh": torch.cosh,
    "cot": lambda t: torch.reciprocal(torch.tan(t)), "csc": lambda t: torch.reciprocal(torch.sin(t)),
    "exp": torch.exp, "imag": _imag, "log": torch.log, "real": _real,
    "reallog": _real_only(torch.log, "reallog", "Reallog produced complex result."),
    "realsqrt": _real_only(exact_sqrt.sqrt, "realsqrt", "Realsqrt produced complex result."),
    "sec": lambda t: torch.reciprocal(torch.cos(t)), "sign": torch.sign, "sin": torch.sin,
    "sinh": torch.sinh, "sqrt": exact_sqrt.sqrt, "tan": torch.tan, "tanh": torch.tanh,
    "uminus": torch.neg, "uplus": lambda t: t,
    # extrema table
    "ceil": torch.ceil, "floor": torch.floor, "fix": torch.trunc, "round": _round,
    # predicates applied to the underlying data, result keeps the format
    "isfinite": torch.isfinite, "isinf": torch.isinf, "isnan": torch.isnan,
    "not_": torch.logical_not,
}


def unary_function(name, fn):
    """A MATLAB unary elementwise function: same format as the input."""
    def function(x, *unsupported):
        if unsupported:
            # MATLAB: "Only the syntax Y = round(X) is supported" (likewise for the other functions)
            raise ValueError(f"{name.rstrip('_')}: only the syntax Y = {name.rstrip('_')}(X) is supported "
                             f"for dlarray, got {len(unsupported)} extra argument(s)")
        if not isinstance(x, dlarray):
            x = dlarray(x)
        return make(fn(x._data), x._fmt)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"MATLAB ``{name.rstrip('_')}`` elementwise; the result has the input's format.\n\n"
                        f"See the mxnd.dl guide (docs/dlarray.md).")
    return function


# ----- binary table --------------------------------------------------------------------
def _realpow(a, b):
    result = torch.pow(a, b)
    base = a if isinstance(a, torch.Tensor) else torch.as_tensor(a)
    exponent = b if isinstance(b, torch.Tensor) else torch.as_tensor(b)
    if not result.dtype.is_complex:
        negative = (base.detach() < 0) & (exponent.detach() != torch.round(exponent.detach()))
        if bool(negative.any()):
            raise ValueError("realpow: Realpow produced complex result.")
    return result


# name: (torch body, needs tensor operands)
BINARY = {
    "plus": (operator.add, False), "minus": (operator.sub, False), "times": (operator.mul, False),
    "rdivide": (operator.truediv, False), "ldivide": (lambda a, b: operator.truediv(b, a), False),
    "power": (operator.pow, False), "realpow": (_realpow, False),
    "atan2": (torch.atan2, True),
    # MATLAB max/min omit NaN: fmax/fmin
    "max2": (torch.fmax, True), "min2": (torch.fmin, True),
    "and_": (torch.logical_and, True), "or_": (torch.logical_or, True), "xor": (torch.logical_xor, True),
    "eq": (operator.eq, False), "ne": (operator.ne, False), "lt": (operator.lt, False),
    "le": (operator.le, False), "gt": (operator.gt, False), "ge": (operator.ge, False),
}


def binary_function(name, fn, tensors_only):
    """A MATLAB binary elementwise function with implicit expansion of formats."""
    label = name.rstrip("_")

    def function(a, b):
        return binary(fn, a, b, label, tensors_only)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"MATLAB ``{label}`` elementwise with implicit expansion: two formatted inputs give "
                        f"the combination of their formats.\n\nSee the mxnd.dl guide (docs/dlarray.md).")
    return function


def complex(a, b=None):  # noqa: A001  (MATLAB's name)
    """MATLAB ``complex``: ``complex(a)`` keeps a's format; ``complex(a, b)`` needs matching formats.

    >>> from mxnd import dl
    >>> dl.complex(dl.dlarray([1.]), dl.dlarray([2.])).data.tolist()
    [(1+2j)]
    """
    if b is None:
        x = a if isinstance(a, dlarray) else dlarray(a)
        data = x._data
        if not data.dtype.is_complex:
            data = torch.complex(data.to(_real_type(data)), torch.zeros_like(data, dtype=_real_type(data)))
        return make(data, x._fmt)
    fa = a._fmt if isinstance(a, dlarray) else ""
    fb = b._fmt if isinstance(b, dlarray) else ""
    if fa and fb and fa != fb:
        raise ValueError(f"complex: formatted inputs must have the same format, got '{fa}' and '{fb}'")

    def body(re, im):
        kind = torch.float64 if torch.float64 in (re.dtype, im.dtype) and re.dtype is im.dtype else \
            (re.dtype if re.dtype.is_floating_point else torch.float32)
        return torch.complex(re.to(kind), im.to(kind))
    return binary(body, a, b, "complex", tensors_only=True)


def _real_type(data):
    return data.dtype if data.dtype in (torch.float32, torch.float64) else torch.float32

