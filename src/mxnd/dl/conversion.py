"""Type and device conversion (cast, double, single, logical, gather, gpuArray) and the creator
functions with MATLAB's ``'like'`` syntax (zeros, ones, rand, randn, randi, inf, nan, true, false).

>>> from mxnd import dl
>>> p = dl.dlarray([1., 2.], 'C')
>>> z = dl.zeros(2, 3, like=p)
>>> dl.isdlarray(z), z.fmt, z.shape, dl.underlyingType(z)
(True, '', (2, 3), 'single')
"""
from __future__ import annotations

import torch

from ..context import Context
from ..ndarray.ndarray import wrap
from ._core import dlarray, make, to_tensor

__all__ = ["cast", "double", "single", "half", "logical", "gather", "gpuArray", "zeros", "ones", "rand",
           "randn", "randi", "inf", "nan", "true", "false"]

_TYPES = {"double": torch.float64, "single": torch.float32, "logical": torch.bool,
          "half": torch.float16, "bfloat16": torch.bfloat16}


def _convert(x, dtype, name):
    x = x if isinstance(x, dlarray) else dlarray(x)
    data = x._data
    if dtype is torch.bool and data.dtype.is_floating_point and bool(torch.isnan(data.detach()).any()):
        raise ValueError(f"{name}: NaN's cannot be converted to logicals.")
    if data.dtype is dtype:
        return x
    if data.dtype.is_complex and not dtype.is_complex:
        raise ValueError(f"{name}: complex values cannot be converted to '{name}' "
                         f"(use real, imag or abs first)")
    return make(data.to(dtype), x._fmt)


def cast(x, new_type=None, prototype=None, *, like=None):
    """MATLAB ``cast(A, newtype)`` ('double', 'single', 'logical'; also 'half', 'bfloat16') or
    ``cast(A, 'like', Y)`` / ``cast(A, like=Y)``: Y's underlying type and device; a dlarray when Y
    is one (with A's format when A is a dlarray)."""
    if new_type == "like":
        if prototype is None:
            raise ValueError("cast: 'like' must be followed by a prototype array")
        like = prototype
    elif prototype is not None:
        raise ValueError(f"cast: expected cast(A, 'like', Y), got second argument {new_type!r}")
    if like is not None:
        reference = like._data if isinstance(like, dlarray) else to_tensor(like, "cast")
        kind = reference.dtype
        if kind.is_complex:
            kind = torch.float64 if kind is torch.complex128 else torch.float32
        out = _convert(x, kind, "cast")
        if out._data.device != reference.device:
            out = make(out._data.to(reference.device), out._fmt)
        return out if isinstance(like, dlarray) else out.extractdata()
    if new_type not in _TYPES:
        raise ValueError(f"cast: the new type must be 'double', 'single' or 'logical' (or 'half', "
                         f"'bfloat16'), got {new_type!r}")
    return _convert(x, _TYPES[new_type], "cast")


def double(x):
    """MATLAB ``double``: float64 data, same format."""
    return _convert(x, torch.float64, "double")


def single(x):
    """MATLAB ``single``: float32 data, same format."""
    return _convert(x, torch.float32, "single")


def half(x):
    """MATLAB ``half``: float16 data, same format (mxnd extension for dlarray)."""
    return _convert(x, torch.float16, "half")


def logical(x):
    """MATLAB ``logical``: bool data, same format; NaN raises ValueError as in MATLAB."""
    return _convert(x, torch.bool, "logical")


def gather(*arrays):
    """MATLAB ``gather``: the arrays with their data on the CPU (unchanged when already there)."""
    if not arrays:
        raise ValueError("gather: needs at least one input")
    out = tuple(a.to("cpu") if isinstance(a, dlarray) else a for a in arrays)
    return out[0] if len(out) == 1 else out


def gpuArray(x, device_id=0):  # noqa: N802  (MATLAB's name)
    """MATLAB ``gpuArray``: the dlarray with its data on ``gpu(device_id)`` (unchanged when already
    there). RuntimeError without a CUDA device."""
    x = x if isinstance(x, dlarray) else dlarray(x)
    if x._data.is_cuda:
        return x
    if not torch.cuda.is_available():
        raise RuntimeError("gpuArray: no CUDA GPU is available")
    return x.to(Context("gpu", device_id))


# ----- creators ------------------------------------------------------------------------------
def _parse_sizes(args, name):
    """MATLAB size arguments (n | sz1,...,szN | [sz1,...,szN]) plus 'like', p / type names."""
    sizes, like, class_name = [], None, None
    args = list(args)
    i = 0
    while i < len(args):
        arg = args[i]
        if isinstance(arg, str):
            if arg == "like":
                if i + 1 >= len(args):
                    raise ValueError(f"{name}: 'like' must be followed by a prototype array")
                like = args[i + 1]
                i += 2
                continue
            if arg not in _TYPES:
                raise ValueError(f"{name}: unknown class name '{arg}'")
            class_name = arg
        elif isinstance(arg, (list, tuple)):
            sizes.extend(int(s) for s in arg)
        else:
            sizes.append(int(arg))
        i += 1
    if not sizes:
        sizes = [1, 1]
    elif len(sizes) == 1:
        sizes = sizes * 2  # MATLAB zeros(n) is n x n
    return [max(s, 0) for s in sizes], like, class_name


def _creator(name, fill, default_dtype=None):
    def creator(*args, like=None, dtype=None, ctx=None):
        sizes, like_positional, class_name = _parse_sizes(args, name)
        like = like if like is not None else like_positional
        if like is not None:
            reference = like._data if isinstance(like, dlarray) else to_tensor(like, name)
            kind = default_dtype or (reference.dtype if not reference.dtype.is_complex else torch.float32)
            if default_dtype is None and not kind.is_floating_point:
                kind = torch.float32
            data = fill(sizes, kind, reference.device)
            return make(data, "") if isinstance(like, dlarray) else wrap(data, _ctx_of(reference))
        kind = default_dtype or _TYPES.get(class_name) or (dtype and _torch_dtype(dtype)) or torch.float32
        context = ctx if ctx is not None else Context("cpu", 0)
        data = fill(sizes, kind, context.device)
        return wrap(data.contiguous(), context)

    creator.__name__ = creator.__qualname__ = name
    creator.__doc__ = (f"MATLAB ``{name}(sz..., 'like', p)`` (or ``like=p``): with a dlarray prototype the "
                       f"result is an unformatted dlarray of p's underlying type and device; without one, "
                       f"an mxnd NDArray. ``{name}(n)`` is n x n as in MATLAB.")
    return creator


def _ctx_of(tensor):
    return Context("gpu", tensor.device.index or 0) if tensor.is_cuda else Context("cpu", 0)


def _torch_dtype(dtype):
    from .. import dtypes
    return dtypes.to_torch(dtype)


def _randi_fill(sizes, kind, device, bounds=(1, 1)):
    low, high = bounds
    return torch.randint(low, high + 1, sizes, device=device).to(kind)


zeros = _creator("zeros", lambda s, k, d: torch.zeros(s, dtype=k, device=d))
ones = _creator("ones", lambda s, k, d: torch.ones(s, dtype=k, device=d))
rand = _creator("rand", lambda s, k, d: torch.rand(s, dtype=k, device=d))
randn = _creator("randn", lambda s, k, d: torch.randn(s, dtype=k, device=d))
inf = _creator("inf", lambda s, k, d: torch.full(s, float("inf"), dtype=k, device=d))
nan = _creator("nan", lambda s, k, d: torch.full(s, float("nan"), dtype=k, device=d))
true = _creator("true", lambda s, k, d: torch.ones(s, dtype=k, device=d), torch.bool)
false = _creator("false", lambda s, k, d: torch.zeros(s, dtype=k, device=d), torch.bool)


def randi(imax, *args, like=None, dtype=None, ctx=None):
    """MATLAB ``randi(imax, sz..., 'like', p)`` or ``randi([imin, imax], ...)``: uniform random
    integers (stored in p's floating type for a dlarray prototype)."""
    if isinstance(imax, (list, tuple)):
        if len(imax) != 2 or imax[0] > imax[1]:
            raise ValueError(f"randi: the range must be [imin, imax] with imin <= imax, got {imax}")
        bounds = (int(imax[0]), int(imax[1]))
    else:
        if int(imax) < 1:
            raise ValueError(f"randi: imax must be a positive integer, got {imax}")
        bounds = (1, int(imax))
    maker = _creator("randi", lambda s, k, d: _randi_fill(s, k, d, bounds))
    return maker(*args, like=like, dtype=dtype, ctx=ctx)
