"""dlarray-specific functions and queries: dims, finddim, stripdims, extractdata, size, ndims,
numel, length, the size and type predicates, underlyingType and isequal(n).

>>> from mxnd import dl
>>> import numpy as np
>>> x = dl.dlarray(np.random.randn(6, 5, 4, 3, 2), 'SSCBT')
>>> dl.dims(x), dl.finddim(x, 'S'), dl.size(x)
('SSCBT', [0, 1], (6, 5, 4, 3, 2))
"""
from __future__ import annotations

import torch

from ..ndarray.ndarray import NDArray
from ._core import dlarray, isdlarray, make, size_matlab, to_tensor
from . import formats

__all__ = ["dims", "finddim", "stripdims", "extractdata", "isdlarray", "size", "ndims", "numel", "length",
           "iscolumn", "isrow", "ismatrix", "isvector", "isscalar", "underlyingType", "isUnderlyingType",
           "mustBeUnderlyingType", "underlying_type", "is_underlying_type", "must_be_underlying_type",
           "isfloat", "islogical", "isnumeric", "isreal", "isgpuarray", "isequal", "isequaln"]


def _need(x, name) -> dlarray:
    if not isinstance(x, dlarray):
        raise TypeError(f"{name}: expected a dlarray, got {type(x).__name__}")
    return x


def dims(x) -> str:
    """MATLAB ``dims``: the format in canonical order, '' when unformatted.

    >>> from mxnd import dl
    >>> import numpy as np
    >>> dl.dims(dl.dlarray(np.zeros((3, 4)), 'TS'))
    'ST'
    """
    return _need(x, "dims")._fmt


def finddim(x, label) -> list:
    """MATLAB ``finddim``: 0-based positions of the dims labelled ``label`` ([] if none)."""
    x = _need(x, "finddim")
    if not isinstance(label, str):
        raise TypeError(f"finddim: the label must be a character such as 'S', got {type(label).__name__}")
    if len(label) != 1:
        raise ValueError(f"finddim: the label must be one character, got '{label}'")
    formats.check(label, "finddim")
    return [i for i, name in enumerate(x._fmt) if name == label]


def stripdims(x, fmt=None):
    """MATLAB ``stripdims``: an unformatted dlarray; with ``fmt`` (a permutation of dims(x)) the
    data is ordered as ``fmt`` lists the labels (equal labels keep their relative order).

    >>> from mxnd import dl
    >>> import numpy as np
    >>> dl.stripdims(dl.dlarray(np.zeros((2, 3, 4)), 'SCB'), 'BSC').shape
    (4, 2, 3)
    """
    x = _need(x, "stripdims")
    if fmt is None:
        return make(x._data, "")
    if not x._fmt:
        raise ValueError("stripdims: the dlarray is unformatted; a format can only reorder a formatted dlarray")
    formats.check(fmt, "stripdims")
    if sorted(fmt) != sorted(x._fmt):
        raise ValueError(f"stripdims: the format '{fmt}' must contain exactly the labels of '{x._fmt}'")
    used, order = set(), []
    for label in fmt:
        position = next(i for i, name in enumerate(x._fmt) if name == label and i not in used)
        used.add(position)
        order.append(position)
    return make(x._data.permute(order), "")


def extractdata(x) -> NDArray:
    """MATLAB ``extractdata``: the data as an mxnd NDArray (canonical order, no dlfeval trace).

    Inside ``mx.autograd.record()`` the NDArray stays in mx.autograd's graph.
    """
    return _need(x, "extractdata").extractdata()


def size(x, dim=None):
    """MATLAB ``size``: one entry per label when formatted (trailing singleton labels included),
    at least two entries when unformatted. ``dim`` is 0-based; dims beyond ndims have size 1."""
    data, fmt = (x._data, x._fmt) if isinstance(x, dlarray) else (to_tensor(x, "size"), "")
    sizes = size_matlab(data.shape, fmt)
    if dim is None:
        return sizes
    if isinstance(dim, int):
        if dim < 0:
            raise ValueError(f"size: dim must be a non-negative (0-based) integer, got {dim}")
        return sizes[dim] if dim < len(sizes) else 1
    return tuple(size(x, d) for d in dim)


def ndims(x) -> int:
    """MATLAB ``ndims``: number of labels when formatted, at least 2 otherwise."""
    return len(size(x))


def numel(x) -> int:
    """MATLAB ``numel``."""
    return (x._data if isinstance(x, dlarray) else to_tensor(x, "numel")).numel()


def length(x) -> int:
    """MATLAB ``length``: the largest dim size (0 for empty arrays)."""
    sizes = size(x)
    return 0 if 0 in sizes else max(sizes)


def iscolumn(x) -> bool:
    """True when every dim except the first is singleton (3x1x1 is a column)."""
    sizes = size(x)
    return all(s == 1 for s in sizes[1:])


def isrow(x) -> bool:
    """True when every dim except the second is singleton (1x3x1 is a row)."""
    sizes = size(x)
    return sizes[0] == 1 and all(s == 1 for s in sizes[2:])


def ismatrix(x) -> bool:
    """True when every dim beyond the first two is singleton (3x4x1 is a matrix)."""
    return all(s == 1 for s in size(x)[2:])


def isvector(x) -> bool:
    """Row or column, not 1x1x3 (MATLAB isvector also needs ismatrix)."""
    sizes = size(x)
    return ismatrix(x) and (sizes[0] == 1 or sizes[1] == 1)


def isscalar(x) -> bool:
    """MATLAB ``isscalar``."""
    return numel(x) == 1


# torch dtype -> MATLAB class name ('half' and 'bfloat16' are mxnd extensions)
_CLASS_NAMES = {torch.float64: "double", torch.float32: "single", torch.bool: "logical",
                torch.float16: "half", torch.bfloat16: "bfloat16", torch.complex64: "single",
                torch.complex128: "double", torch.int64: "int64", torch.int32: "int32",
                torch.uint8: "uint8", torch.int8: "int8"}


def _class_of(x) -> str:
    data = x._data if isinstance(x, dlarray) else to_tensor(x, "underlyingType")
    return _CLASS_NAMES[data.dtype]


def underlyingType(x) -> str:  # noqa: N802  (MATLAB's name)
    """MATLAB ``underlyingType``: 'single', 'double', 'logical' (or 'half'/'bfloat16')."""
    return _class_of(x)


def isUnderlyingType(x, class_name) -> bool:  # noqa: N802
    """MATLAB ``isUnderlyingType``; 'float' and 'numeric' are accepted as MATLAB class categories."""
    name = _class_of(x)
    if class_name == "float":
        return name in ("single", "double", "half", "bfloat16")
    if class_name == "numeric":
        return name != "logical"
    return name == class_name


def mustBeUnderlyingType(x, *class_names):  # noqa: N802
    """MATLAB ``mustBeUnderlyingType``: TypeError unless the underlying type is one of ``class_names``."""
    if not any(isUnderlyingType(x, name) for name in class_names):
        raise TypeError(f"mustBeUnderlyingType: Value must have underlying type "
                        f"{' or '.join(repr(n) for n in class_names)}, got '{_class_of(x)}'")


underlying_type, is_underlying_type, must_be_underlying_type = underlyingType, isUnderlyingType, mustBeUnderlyingType


def _dtype(x):
    return x._data.dtype if isinstance(x, dlarray) else to_tensor(x, "is*").dtype


def isfloat(x) -> bool:
    """True for floating underlying data."""
    dtype = _dtype(x)
    return dtype.is_floating_point or dtype.is_complex


def islogical(x) -> bool:
    """True for logical (bool) underlying data."""
    return _dtype(x) is torch.bool


def isnumeric(x) -> bool:
    """True for numeric (not logical) underlying data."""
    return _dtype(x) is not torch.bool


def isreal(x) -> bool:
    """True unless the underlying data is complex."""
    return not _dtype(x).is_complex


def isgpuarray(x) -> bool:
    """True when the data is on a GPU."""
    return (x._data if isinstance(x, dlarray) else to_tensor(x, "isgpuarray")).is_cuda


def _equal(args, name, nan_equal):
    if len(args) != 2:
        raise ValueError(f"{name}: only the syntax with exactly two inputs is supported for dlarray, "
                         f"got {len(args)} inputs")
    a, b = args
    fa = a._fmt if isinstance(a, dlarray) else ""
    fb = b._fmt if isinstance(b, dlarray) else ""
    if fa != fb:
        return False
    ta = a._data if isinstance(a, dlarray) else to_tensor(a, name)
    tb = b._data if isinstance(b, dlarray) else to_tensor(b, name)
    if size_matlab(ta.shape, fa) != size_matlab(tb.shape, fb):
        return False
    ta, tb = ta.detach().reshape(-1), tb.detach().reshape(-1).to(ta.device)
    if ta.dtype is not tb.dtype:
        kind = torch.promote_types(ta.dtype, tb.dtype)
        ta, tb = ta.to(kind), tb.to(kind)
    same = ta == tb
    if nan_equal and ta.dtype.is_floating_point:
        same = same | (torch.isnan(ta) & torch.isnan(tb))
    return bool(same.all())


def isequal(*args) -> bool:
    """MATLAB ``isequal`` for two inputs: equal data and the same format (or both unformatted)."""
    return _equal(args, "isequal", False)


def isequaln(*args) -> bool:
    """MATLAB ``isequaln``: as isequal with NaN equal to NaN."""
    return _equal(args, "isequaln", True)
