"""MATLAB ``validateattributes`` for dlarrays (and other arrays), table-driven.

A formatted dlarray is checked in its canonical "SCBTU" order, which is how it is stored
(MATLAB permutes formatted input to that order before size validation).

>>> from mxnd import dl
>>> import numpy as np
>>> dl.validateattributes(dl.dlarray(np.ones((2, 3)), 'SC'), ['single', 'double'], ['positive', 'size', [2, None]])
>>> dl.validateattributes(dl.dlarray([-1.]), ['numeric'], ['positive'])
Traceback (most recent call last):
...
ValueError: Expected input to be positive.
"""
from __future__ import annotations

import math

import numpy as np

from ._core import dlarray, size_matlab
from .queries import isdlarray, underlyingType

__all__ = ["validateattributes"]


def _values(array):
    flat = array.reshape(-1)
    return flat.real if np.iscomplexobj(flat) else flat


def _integral(values):
    return bool(np.all(np.isfinite(values)) and np.all(values == np.round(values)))


# attribute: (test(array, sizes, argument) -> bool, phrase, takes an argument)
_CHECKS = {
    "2d": (lambda a, s, _: len(s) == 2, "two-dimensional", False),
    "3d": (lambda a, s, _: len(s) <= 3, "three-dimensional", False),
    "column": (lambda a, s, _: len(s) == 2 and s[1] == 1, "a column vector", False),
    "row": (lambda a, s, _: len(s) == 2 and s[0] == 1, "a row vector", False),
    "vector": (lambda a, s, _: len(s) == 2 and (s[0] == 1 or s[1] == 1), "a vector", False),
    "scalar": (lambda a, s, _: a.size == 1, "a scalar", False),
    "square": (lambda a, s, _: len(s) == 2 and s[0] == s[1], "square", False),
    "nonempty": (lambda a, s, _: a.size > 0, "nonempty", False),
    "nonsparse": (lambda a, s, _: True, "nonsparse", False),
    "binary": (lambda a, s, _: bool(np.all((_values(a) == 0) | (_values(a) == 1))), "binary", False),
    "even": (lambda a, s, _: _integral(_values(a)) and bool(np.all(_values(a) % 2 == 0)), "even", False),
    "odd": (lambda a, s, _: _integral(_values(a)) and bool(np.all(_values(a) % 2 == 1)), "odd", False),
    "integer": (lambda a, s, _: _integral(_values(a)), "integer-valued", False),
    "real": (lambda a, s, _: not np.iscomplexobj(a), "real", False),
    "finite": (lambda a, s, _: bool(np.all(np.isfinite(a))), "finite", False),
    "nonnan": (lambda a, s, _: not bool(np.any(np.isnan(a))), "nonNaN", False),
    "nonnegative": (lambda a, s, _: bool(np.all(_values(a) >= 0)), "nonnegative", False),
    "nonzero": (lambda a, s, _: bool(np.all(a != 0)), "nonzero", False),
    "positive": (lambda a, s, _: bool(np.all(_values(a) > 0)), "positive", False),
    "decreasing": (lambda a, s, _: bool(np.all(np.diff(_values(a)) < 0)), "decreasing", False),
    "increasing": (lambda a, s, _: bool(np.all(np.diff(_values(a)) > 0)), "increasing", False),
    "nondecreasing": (lambda a, s, _: bool(np.all(np.diff(_values(a)) >= 0)), "nondecreasing", False),
    "nonincreasing": (lambda a, s, _: bool(np.all(np.diff(_values(a)) <= 0)), "nonincreasing", False),
    "size": (lambda a, s, v: len(s) == len(v) and all(w is None or (isinstance(w, float) and math.isnan(w))
                                                       or w == d for d, w in zip(s, v)), "of size", True),
    "numel": (lambda a, s, v: a.size == v, "an array with number of elements equal to", True),
    "ncols": (lambda a, s, v: len(s) >= 2 and s[1] == v, "an array with number of columns equal to", True),
    "nrows": (lambda a, s, v: s[0] == v, "an array with number of rows equal to", True),
    "ndims": (lambda a, s, v: len(s) == v, "an array with number of dimensions equal to", True),
    ">": (lambda a, s, v: bool(np.all(_values(a) > v)), "an array with all of the values >", True),
    ">=": (lambda a, s, v: bool(np.all(_values(a) >= v)), "an array with all of the values >=", True),
    "<": (lambda a, s, v: bool(np.all(_values(a) < v)), "an array with all of the values <", True),
    "<=": (lambda a, s, v: bool(np.all(_values(a) <= v)), "an array with all of the values <=", True),
}

_FLOAT_CLASSES = ("single", "double", "half", "bfloat16")


def _class_matches(x, class_name):
    if class_name == "dlarray":
        return isdlarray(x)
    name = underlyingType(x)
    if class_name == "numeric":
        return name != "logical"
    if class_name == "float":
        return name in _FLOAT_CLASSES
    return name == class_name


def validateattributes(a, classes, attributes, func_name=None, var_name="input", arg_index=None):
    """MATLAB ``validateattributes(A, classes, attributes)``: TypeError when the (underlying) type is
    not one of ``classes`` ('dlarray', 'numeric', 'float', 'single', 'double', 'logical'), ValueError
    naming the first attribute ``a`` does not have. Attributes with a value are followed by it
    (``['size', [2, None], '>=', 0]``; ``None`` or NaN in a size matches any length)."""
    if isinstance(classes, str):
        classes = [classes]
    if isinstance(attributes, str):
        attributes = [attributes]
    where = f"{func_name}: " if func_name else ""
    what = var_name if arg_index is None else f"input number {arg_index}, {var_name},"
    if classes and not any(_class_matches(a, name) for name in classes):
        raise TypeError(f"{where}Expected {what} to be one of these types:\n\n{', '.join(classes)}\n\n"
                        f"Instead its type was {underlyingType(a)}.")
    array = a.asnumpy() if isinstance(a, dlarray) else np.asarray(a.asnumpy() if hasattr(a, "asnumpy") else a)
    sizes = size_matlab(array.shape, a._fmt if isinstance(a, dlarray) else "")
    items = list(attributes)
    i = 0
    while i < len(items):
        name = items[i]
        if not isinstance(name, str) or name.lower() not in _CHECKS:
            raise ValueError(f"validateattributes: unknown attribute {name!r}")
        test, phrase, takes = _CHECKS[name.lower()]
        argument = None
        if takes:
            if i + 1 >= len(items):
                raise ValueError(f"validateattributes: the attribute '{name}' needs a value")
            argument = items[i + 1]
            i += 1
        if not test(array, sizes, argument):
            if takes and name.lower() == "size":
                shown = "x".join("N" if w is None or (isinstance(w, float) and math.isnan(w)) else str(w)
                                 for w in argument)
                raise ValueError(f"{where}Expected {what} to be of size {shown} when it is actually size "
                                 f"{'x'.join(map(str, sizes))}.")
            suffix = f" {argument}" if takes else ""
            raise ValueError(f"{where}Expected {what} to be {phrase}{suffix}.")
        i += 1
