"""Reductions and extrema of dlarrays: sum, mean, prod, all, any, max, min, eps, rescale.

Reduced dims stay with size 1 and the result keeps the input's format (then the 'U' rule).
``dim`` is 0-based: an int, a tuple of ints, ``'all'`` or a label such as ``'S'`` (every dim
with that label). The default is MATLAB's: the first dim whose size is not 1.

>>> from mxnd import dl
>>> x = dl.dlarray([[1., 2., 3.], [4., 5., 6.]], 'SC')
>>> s = dl.sum(x)
>>> s.fmt, s.asnumpy().tolist()
('SC', [[5.0, 7.0, 9.0]])
>>> dl.sum(x, 'C').asnumpy().tolist()
[[6.0], [15.0]]
"""
from __future__ import annotations

import torch

from ._core import dlarray, make, size_matlab, to_tensor
from .elementwise import BINARY, binary, numeric_operand
from .formats import LABELS

__all__ = ["sum", "mean", "prod", "all", "any", "max", "min", "eps", "rescale", "reduce_dims"]

_builtin_all = all


def reduce_dims(x: dlarray, dim, name: str) -> tuple:
    """The 0-based dims a reduction runs over (dims beyond ndim are dropped: size 1)."""
    shape = x._data.shape
    rank = len(shape)
    if type(dim) is int and 0 <= dim:
        return (dim,) if dim < rank else ()
    if dim is None:
        for i, size in enumerate(size_matlab(shape, x._fmt)):
            if size != 1:
                return (i,) if i < rank else ()
        return (0,) if rank else ()
    if isinstance(dim, str):
        if dim == "all":
            return tuple(range(rank))
        if len(dim) == 1 and dim in LABELS:
            found = tuple(i for i, label in enumerate(x._fmt) if label == dim)
            if not found:
                raise ValueError(f"{name}: the dlarray has no '{dim}' dimension (format '{x._fmt}')")
            return found
        raise ValueError(f"{name}: dim must be a non-negative integer, a vector of them, 'all' or a "
                         f"dimension label, got '{dim}'")
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    for d in dims:
        if not isinstance(d, int) or isinstance(d, bool) or d < 0:
            raise ValueError(f"{name}: dim must be a non-negative (0-based) integer, got {d!r}")
    return tuple(sorted({d for d in dims if d < rank}))


def _options(args, name, allowed):
    """Split MATLAB's trailing flags ('omitnan', 'double', ...) from a dim given positionally."""
    dim, flags = None, []
    for arg in args:
        if isinstance(arg, str) and arg.lower() in ("omitnan", "omitmissing"):
            raise ValueError(f"{name}: the 'omitnan' option is not supported for dlarray input")
        if isinstance(arg, str) and arg.lower() in allowed:
            flags.append(arg.lower())
        elif dim is None:
            dim = arg
        else:
            raise ValueError(f"{name}: unexpected argument {arg!r}")
    return dim, flags


def _input(x, name):
    return x if isinstance(x, dlarray) else dlarray(x)


def _outtype(data, flags, name):
    if "double" in flags:
        return data.to(torch.float64) if data.dtype is not torch.float64 else data
    if not data.dtype.is_floating_point and not data.dtype.is_complex:
        return data.to(torch.float32)  # logical input sums to mxnd's default float type
    return data


_FLAGS = ("includenan", "includemissing", "double", "native", "default")
_LABEL_DIMS = frozenset(LABELS) | {"all"}


def _make_reduction(name, body):
    def reduction(x, dim=None, *flags):
        x = _input(x, name)
        if flags or (isinstance(dim, str) and dim not in _LABEL_DIMS):
            dim, flags = _options((dim,) + flags if dim is not None else flags, name, _FLAGS)
        dims = reduce_dims(x, dim, name)
        data = _outtype(x._data, flags, name)
        if dims:
            data = body(data, dims)
        return make(data, x._fmt)

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = (f"MATLAB ``{name}(x, dim)``: reduced dims keep size 1, the format is kept; "
                         f"'omitnan' is not supported for dlarray (ValueError).\n\n"
                         f"See the mxnd.dl guide (docs/dlarray.md).")
    return reduction


def _prod(data, dims):
    for d in dims:
        data = torch.prod(data, dim=d, keepdim=True)
    return data


sum = _make_reduction("sum", lambda data, dims: torch.sum(data, dim=dims, keepdim=True))  # noqa: A001
mean = _make_reduction("mean", lambda data, dims: torch.mean(data, dim=dims, keepdim=True))
prod = _make_reduction("prod", _prod)


def _make_logical(name, body):
    def reduction(x, dim=None):
        x = _input(x, name)
        dims = reduce_dims(x, dim, name)
        data = x._data if x._data.dtype is torch.bool else x._data != 0
        for d in dims:
            data = body(data, dim=d, keepdim=True)
        return make(data, x._fmt)

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = (f"MATLAB ``{name}(x, dim)``: logical reduction, format kept.\n\n"
                         f"See the mxnd.dl guide (docs/dlarray.md).")
    return reduction


all = _make_logical("all", torch.all)  # noqa: A001
any = _make_logical("any", torch.any)  # noqa: A001


def _extreme(name, pick, fill, pairwise):
    def extreme(x, y=None, dim=None, *flags):
        """MATLAB max/min."""
        if isinstance(y, (list, tuple)) and len(y) == 0:  # MATLAB max(x, [], dim)
            y = None
        if y is not None:
            if dim is not None:
                raise ValueError(f"{name}: max/min of two arrays takes no dim")
            return binary(pairwise, x, y, name, tensors_only=True)
        for flag in flags:
            if not (isinstance(flag, str) and flag.lower() in ("omitnan", "includenan", "omitmissing")):
                raise ValueError(f"{name}: unexpected argument {flag!r}")
        x = _input(x, name)
        data = x._data
        dims = reduce_dims(x, dim, name)
        if not dims:
            values, index = data, torch.zeros(data.shape, dtype=torch.int64, device=data.device)
        else:
            values, index = _reduce_extreme(data, dims, pick, fill)
        if dim is None:
            return make(values, x._fmt)
        return make(values, x._fmt), make(index, x._fmt)

    extreme.__name__ = extreme.__qualname__ = name
    extreme.__doc__ = (f"MATLAB ``{name}``: ``{name}(x)`` reduces the first non-singleton dim; "
                       f"``{name}(x, dim=d)`` returns (values, 0-based indices) (indices are not traced); "
                       f"``{name}(a, b)`` is elementwise with implicit expansion. NaN values are omitted "
                       f"as in MATLAB.\n\nSee the mxnd.dl guide (docs/dlarray.md).")
    return extreme


def _reduce_extreme(data, dims, pick, fill):
    rank = data.dim()
    keep = [d for d in range(rank) if d not in dims]
    # reduced dims go last, in reversed order, so the flat index is MATLAB's column-major index
    order = keep + list(reversed(dims))
    moved = data.permute(order) if order != list(range(rank)) else data
    flat = moved.reshape([data.shape[d] for d in keep] + [-1])
    if flat.dtype.is_floating_point:
        nan = torch.isnan(flat)
        filled = torch.where(nan, torch.full((), fill, dtype=flat.dtype, device=flat.device), flat)
        values, index = pick(filled, dim=-1)
        values = torch.where(nan.all(dim=-1), torch.full((), float("nan"), dtype=flat.dtype,
                                                         device=flat.device), values)
    else:
        values, index = pick(flat, dim=-1)
    shape = [1 if d in dims else data.shape[d] for d in range(rank)]
    return values.reshape(shape), index.reshape(shape)


max = _extreme("max", torch.max, float("-inf"), BINARY["max2"][0])  # noqa: A001
min = _extreme("min", torch.min, float("inf"), BINARY["min2"][0])  # noqa: A001


def eps(x=None):
    """MATLAB ``eps``: spacing of floating point numbers.

    ``eps(x)`` is elementwise (same format, not traced); ``eps('single')``/``eps('double')``/``eps()``
    are numbers.

    >>> from mxnd import dl
    >>> dl.eps(dl.dlarray([1.0, 0.0])).data.tolist()[0] == 2.0 ** -23
    True
    >>> dl.eps() == 2.0 ** -52
    True
    """
    if x is None or isinstance(x, str):
        kind = {None: torch.float64, "double": torch.float64, "single": torch.float32,
                "half": torch.float16}.get(x)
        if kind is None:
            raise ValueError(f"eps: expected 'double', 'single' or 'half', got {x!r}")
        return float(torch.finfo(kind).eps)
    x = _input(x, "eps")
    data = x._data.detach()
    if not data.dtype.is_floating_point:
        data = data.to(torch.float32)
    magnitude = data.abs()
    spacing = torch.nextafter(magnitude, torch.full((), float("inf"), dtype=data.dtype, device=data.device))
    return make(spacing - magnitude, x._fmt)


def rescale(a, l=0.0, u=1.0, *, input_min=None, input_max=None, **matlab_options):  # noqa: E741
    """MATLAB ``rescale(A, l, u, 'InputMin', m, 'InputMax', M)``: scale values to [l, u].

    Formatted ``a``: extra inputs are unformatted scalars or have formats that are a subset of
    a's (each dim singleton or equal to a's).

    >>> from mxnd import dl
    >>> dl.rescale(dl.dlarray([1., 2., 5.], 'C')).asnumpy().ravel().tolist()
    [0.0, 0.25, 1.0]
    """
    for key, value in matlab_options.items():
        if key.lower() == "inputmin":
            input_min = value
        elif key.lower() == "inputmax":
            input_max = value
        else:
            raise TypeError(f"rescale: unknown option '{key}'")
    a = _input(a, "rescale")
    extras = [value for value in (l, u, input_min, input_max) if value is not None]
    for value in extras:
        _check_rescale_operand(a, value)
    l, u, input_min, input_max = (_rescale_operand(a, value) for value in (l, u, input_min, input_max))
    low = input_min if input_min is not None else make(_omit_nan_extreme(a._data, torch.amin), "")
    high = input_max if input_max is not None else make(_omit_nan_extreme(a._data, torch.amax), "")
    clipped = max(min(a, high), low)
    span = binary(torch.sub, high, low, "rescale", tensors_only=True)
    scaled = binary(_safe_divide, binary(torch.sub, clipped, low, "rescale", True), span, "rescale", True)
    width = binary(torch.sub, u, l, "rescale", tensors_only=True)
    return binary(torch.add, l, binary(torch.mul, scaled, width, "rescale", True), "rescale", True)


def _safe_divide(numerator, denominator):
    # a constant input maps to the lower bound (MATLAB rescale of a constant array returns l)
    zero = denominator == 0
    return torch.where(zero, torch.zeros_like(numerator), numerator / torch.where(zero, 1, denominator))


def _omit_nan_extreme(data, fn):
    if data.dtype.is_floating_point:
        fill = float("inf") if fn is torch.amin else float("-inf")
        data = torch.where(torch.isnan(data), torch.full((), fill, dtype=data.dtype, device=data.device), data)
    return fn(data)


def _rescale_operand(a, value):
    # numbers and arrays take A's floating type (MATLAB: single with double is single)
    if value is None or isinstance(value, dlarray):
        return value
    return make(numeric_operand(value, a._data, "rescale"), "")


def _check_rescale_operand(a, value):
    if not a._fmt:
        if isinstance(value, dlarray) and value._fmt:
            raise ValueError("rescale: when A is unformatted, all other inputs must be unformatted")
        return
    if isinstance(value, dlarray) and value._fmt:
        # singleton 'U' dims are MATLAB's implicit trailing singletons, not labels to match
        labels = "".join(label for label, size in zip(value._fmt, value._data.shape)
                         if label != "U" or size != 1)
        if not _builtin_all(labels.count(label) <= a._fmt.count(label) for label in LABELS):
            raise ValueError(f"rescale: the format '{value._fmt}' of an input is not a subset of A's "
                             f"format '{a._fmt}'")
        return
    if to_tensor(value, "rescale").numel() != 1:
        raise ValueError("rescale: when A is formatted, other inputs must be unformatted scalars or "
                         "formatted dlarrays whose format is a subset of A's")
