"""``mxnd.dl``: MATLAB-style labeled deep-learning arrays (``dlarray``) on mxnd's torch core.

MATLAB names are the API (``dl.dlarray``, ``dl.dims``, ``dl.finddim``, ``dl.dlfeval``,
``dl.dlgradient``, ``dl.sum``...). Names that are Python keywords get a trailing underscore
(``dl.and_``, ``dl.or_``, ``dl.not_``); names that shadow Python builtins (``sum``, ``max``,
``abs``, ``round``, ``all``, ``any``...) exist in ``mxnd.dl`` but are left out of ``__all__``.
Indices are 0-based. See docs/dlarray.md for the guide and the MATLAB -> mxnd.dl table.

>>> from mxnd import dl
>>> import numpy as np
>>> x = dl.dlarray(np.ones((2, 3, 2)), 'SCB')
>>> y = dl.dlarray([1., 2., 3.], 'C')
>>> z = x * y
>>> z.fmt, z.shape, z.asnumpy()[1, :, 0].tolist()
('SCB', (2, 3, 2), [1.0, 2.0, 3.0])
"""
from __future__ import annotations

import builtins as _builtins

import numpy as _np
import torch as _torch

from ..ndarray.ndarray import NDArray as _NDArray

from . import formats  # noqa: F401
from ._core import dlarray, isdlarray
from .autodiff import dlfeval, dlgradient
from .conversion import (cast, double, false, gather, gpuArray, half, inf, logical, nan, ones, rand, randi,
                         randn, single, true, zeros)
from .elementwise import BINARY, UNARY, binary_function, complex, unary_function
from .indexing import delete, getitem, setitem
from .mathops import colon, fft, ifft, interp1, mrdivide, mtimes, pagemtimes
from .ode import ode45
from .queries import (dims, extractdata, finddim, is_underlying_type, isequal, isequaln, iscolumn, isfloat,
                      isgpuarray, islogical, ismatrix, isnumeric, isreal, isrow, isscalar, isUnderlyingType,
                      isvector, length, must_be_underlying_type, mustBeUnderlyingType, ndims, numel, size,
                      stripdims, underlying_type, underlyingType)
from .reductions import all, any, eps, max, mean, min, prod, rescale, sum  # noqa: A004
from .shape import cat, ctranspose, horzcat, permute, reshape, squeeze, transpose, vertcat
from .strings import compose, display, fprintf, int2str, mat2str, num2str, sprintf
from .validation import validateattributes

# ----- table-built elementwise functions ------------------------------------------------------
_UNARY_FUNCTIONS = {name: unary_function(name, body) for name, body in UNARY.items()}
_BINARY_FUNCTIONS = {name: binary_function(name, body, tensors_only)
                     for name, (body, tensors_only) in BINARY.items() if name not in ("max2", "min2")}
globals().update(_UNARY_FUNCTIONS)
globals().update(_BINARY_FUNCTIONS)

# ----- dlarray operators and methods ----------------------------------------------------------
_OPERATORS = {
    "__add__": "plus", "__sub__": "minus", "__mul__": "times", "__truediv__": "rdivide", "__pow__": "power",
    "__and__": "and_", "__or__": "or_", "__xor__": "xor",
    "__eq__": "eq", "__ne__": "ne", "__lt__": "lt", "__le__": "le", "__gt__": "gt", "__ge__": "ge",
}
_REFLECTED = {"__radd__": "plus", "__rsub__": "minus", "__rmul__": "times", "__rtruediv__": "rdivide",
              "__rpow__": "power", "__rand__": "and_", "__ror__": "or_", "__rxor__": "xor"}


# operand types the Python operators accept; others get NotImplemented (so ``x == None`` is False)
_OPERANDS = (dlarray, _NDArray, _torch.Tensor, _np.ndarray, _np.generic, int, float, bool, _builtins.complex,
             list, tuple)


def _install():
    table = globals()
    for dunder, name in _OPERATORS.items():
        function = table[name]
        setattr(dlarray, dunder, lambda self, other, _f=function:
                _f(self, other) if isinstance(other, _OPERANDS) else NotImplemented)
    for dunder, name in _REFLECTED.items():
        function = table[name]
        setattr(dlarray, dunder, lambda self, other, _f=function:
                _f(other, self) if isinstance(other, _OPERANDS) else NotImplemented)
    dlarray.__matmul__ = lambda self, other: mtimes(self, other)
    dlarray.__rmatmul__ = lambda self, other: mtimes(other, self)
    dlarray.__neg__ = table["uminus"]
    dlarray.__pos__ = table["uplus"]
    dlarray.__abs__ = table["abs"]
    dlarray.__invert__ = table["not_"]
    dlarray.__getitem__ = getitem
    dlarray.__setitem__ = setitem

    def _delitem(self, key):
        out = delete(self, key)
        self._data, self._fmt = out._data, out._fmt

    dlarray.__delitem__ = _delitem
    dlarray.__repr__ = display
    dlarray.__str__ = display
    dlarray.__format__ = lambda self, spec: format(float(self), spec) if spec else display(self)
    dlarray.T = property(transpose, doc="MATLAB ``.'`` (transpose rule for formatted arrays).")
    dlarray.H = property(ctranspose, doc="MATLAB ``'`` (conjugate transpose).")
    # functional methods: x.sum(...), x.max(...), x.reshape(...), ...
    for name in ("sum", "mean", "prod", "all", "any", "max", "min", "reshape", "squeeze", "permute",
                 "transpose", "ctranspose", "dims", "finddim", "ndims", "numel", "cast", "double",
                 "single", "logical", "gather", "underlyingType", "isequal", "isequaln", "eps", "round",
                 "abs", "exp", "log", "sqrt", "sin", "cos", "tanh", "floor", "ceil", "fix", "real", "imag",
                 "conj", "isnan", "isinf", "isfinite", "num2str", "mat2str", "fft", "ifft"):
        if not hasattr(dlarray, name):
            setattr(dlarray, name, table[name])
    dlarray.astype = lambda self, kind: cast(self, kind) if kind in ("double", "single", "logical", "half",
                                                                      "bfloat16") else _astype(self, kind)


def _astype(x, kind):
    from .. import dtypes
    from ._core import make
    return make(x._data.to(dtypes.to_torch(kind)), x._fmt)


_install()

# names that would shadow Python builtins when star-imported stay out of __all__
_SHADOWING = {name for name in dir(_builtins)} | {"and_", "or_", "not_"}
_PUBLIC = ["dlarray", "isdlarray", "dlfeval", "dlgradient", "dims", "finddim", "stripdims", "extractdata",
           "size", "ndims", "numel", "length", "iscolumn", "isrow", "ismatrix", "isvector", "isscalar",
           "underlyingType", "isUnderlyingType", "mustBeUnderlyingType", "underlying_type", "is_underlying_type",
           "must_be_underlying_type", "isfloat", "islogical", "isnumeric", "isreal", "isgpuarray", "isequal",
           "isequaln", "cast", "double", "single", "half", "logical", "gather", "gpuArray", "zeros", "ones",
           "rand", "randn", "randi", "inf", "nan", "true", "false", "complex", "mtimes", "mrdivide",
           "pagemtimes", "colon", "interp1", "ode45", "fft", "ifft", "mean", "prod", "eps", "rescale", "reshape",
           "squeeze", "permute", "transpose", "ctranspose", "cat", "horzcat", "vertcat", "delete", "num2str",
           "int2str", "mat2str", "sprintf", "fprintf", "compose", "display", "validateattributes"] + \
    sorted(_UNARY_FUNCTIONS) + sorted(_BINARY_FUNCTIONS)
__all__ = [name for name in dict.fromkeys(_PUBLIC) if name not in _SHADOWING]
from .toolbox import *  # noqa: F401,F403,E402  (issue 9: Deep Learning Toolbox operations)
from .toolbox import __all__ as _TOOLBOX  # noqa: E402

__all__ += [name for name in _TOOLBOX if name not in __all__]
