"""Arithmetic dispatch: ``mx.nd.add``/``subtract``/... and every NDArray dunder, from one table.

Each entry maps an MXNet function to (array op, scalar op, reflected scalar op, Python op),
the dispatch of MXNet's ``_ufunc_helper``: two arrays -> broadcast op; array and number ->
scalar op (the number as float); two numbers -> plain Python.
"""
from __future__ import annotations

import operator

import torch

from ..base import numeric_types
from ..recording import FLAGS, without_grad
from .generated import FUNCTIONS
from .ndarray import NDArray

__all__ = ["add", "subtract", "multiply", "divide", "true_divide", "modulo", "power", "maximum",
           "minimum", "equal", "not_equal", "greater", "greater_equal", "lesser", "lesser_equal",
           "logical_and", "logical_or", "logical_xor"]


def _as_int(fn):
    return lambda a, b: 1 if fn(a, b) else 0


# name: (array op, scalar op, reflected scalar op, both-scalars op)
UFUNCS = {
    "add": ("broadcast_add", "_plus_scalar", "_plus_scalar", operator.add),
    "subtract": ("broadcast_sub", "_minus_scalar", "_rminus_scalar", operator.sub),
    "multiply": ("broadcast_mul", "_mul_scalar", "_mul_scalar", operator.mul),
    "divide": ("broadcast_div", "_div_scalar", "_rdiv_scalar", operator.truediv),
    "modulo": ("broadcast_mod", "_mod_scalar", "_rmod_scalar", operator.mod),
    "power": ("broadcast_power", "_power_scalar", "_rpower_scalar", operator.pow),
    "maximum": ("broadcast_maximum", "_maximum_scalar", "_maximum_scalar", lambda a, b: a if a > b else b),
    "minimum": ("broadcast_minimum", "_minimum_scalar", "_minimum_scalar", lambda a, b: a if a < b else b),
    "equal": ("broadcast_equal", "_equal_scalar", "_equal_scalar", _as_int(operator.eq)),
    "not_equal": ("broadcast_not_equal", "_not_equal_scalar", "_not_equal_scalar", _as_int(operator.ne)),
    "greater": ("broadcast_greater", "_greater_scalar", "_lesser_scalar", _as_int(operator.gt)),
    "greater_equal": ("broadcast_greater_equal", "_greater_equal_scalar", "_lesser_equal_scalar",
                      _as_int(operator.ge)),
    "lesser": ("broadcast_lesser", "_lesser_scalar", "_greater_scalar", _as_int(operator.lt)),
    "lesser_equal": ("broadcast_lesser_equal", "_lesser_equal_scalar", "_greater_equal_scalar",
                     _as_int(operator.le)),
    "logical_and": ("broadcast_logical_and", "_logical_and_scalar", "_logical_and_scalar",
                    _as_int(lambda a, b: a and b)),
    "logical_or": ("broadcast_logical_or", "_logical_or_scalar", "_logical_or_scalar",
                   _as_int(lambda a, b: a or b)),
    "logical_xor": ("broadcast_logical_xor", "_logical_xor_scalar", "_logical_xor_scalar",
                    _as_int(lambda a, b: bool(a) != bool(b))),
}


def _make_ufunc(name, array_op, scalar_op, reflected_op, python_op):
    array_fn, scalar_fn, reflected_fn = FUNCTIONS[array_op], FUNCTIONS[scalar_op], FUNCTIONS[reflected_op]

    def ufunc(lhs, rhs):  # _ufunc_helper's order: a list beside a number or an array reaches the operator
        if isinstance(lhs, numeric_types):
            if isinstance(rhs, numeric_types):
                return python_op(lhs, rhs)
            return reflected_fn(rhs, float(lhs))
        if isinstance(rhs, numeric_types):
            return scalar_fn(lhs, float(rhs))
        if isinstance(rhs, NDArray):
            return array_fn(lhs, rhs)
        raise TypeError(f"type {type(rhs)} not supported")

    ufunc.__name__ = ufunc.__qualname__ = name
    ufunc.__module__ = "mxnd.ndarray"
    ufunc.__doc__ = (f"{name} of two arrays, an array and a scalar, or two scalars.\n\n"
                     f"Arrays use :py:func:`{array_op}` (broadcasting); with a scalar, "
                     f"``{scalar_op}``. Returns an NDArray, or a number for two numbers.")
    return ufunc


_UFUNC_OBJECTS = {name: _make_ufunc(name, *entry) for name, entry in UFUNCS.items()}
globals().update(_UFUNC_OBJECTS)
true_divide = _UFUNC_OBJECTS["divide"]


def _forward(ufunc):
    array_fn = FUNCTIONS[UFUNCS[ufunc.__name__][0]]
    pair = getattr(array_fn, "pair", array_fn)  # the builder's two-array fast path

    def dunder(self, other):
        if type(other) is NDArray:  # the hot path: skip the ufunc dispatch
            return pair(self, other)
        return ufunc(self, other)
    return dunder


def _reflected(ufunc):
    return lambda self, other: ufunc(other, self)


def _commuted(ufunc):
    """MXNet's ``__radd__``/``__rmul__``: ``self.__add__(other)``, so ``[1] + x`` is add(x, [1])."""
    return lambda self, other: ufunc(self, other)


# torch's in-place kernels for the float fast path of ``x op= y`` (same dtype, not recording)
_TORCH_IN_PLACE = {"add": torch.Tensor.add_, "subtract": torch.Tensor.sub_,
                   "multiply": torch.Tensor.mul_, "divide": torch.Tensor.div_}


def _in_place(name):
    """``x op= y`` writes into x's storage (views see it), as MXNet's ``out=self``.

    Float arrays of one dtype outside ``record()`` use torch's in-place kernel directly (no
    temporary, no copy); everything else, and every error, goes through the operator with out=.
    """
    array_op, scalar_op, _, _ = UFUNCS[name]
    array_fn, scalar_fn = FUNCTIONS[array_op], FUNCTIONS[scalar_op]
    kernel = _TORCH_IN_PLACE.get(name)

    def dunder(self, other):
        if isinstance(other, NDArray):
            target, source = self._data, other._data
            if (kernel is not None and not FLAGS.get().recording and target.dtype is source.dtype
                    and target.is_floating_point() and source.dim() <= target.dim()
                    and target.device == source.device):
                try:
                    if target.requires_grad:  # a variable: update it outside the graph
                        without_grad(kernel, (target, source))
                    else:
                        kernel(target, source)
                    return self
                except RuntimeError:
                    pass  # e.g. a shape that would grow x: the operator raises MXNet's error
            return array_fn(self, other, out=self)
        if isinstance(other, numeric_types):
            return scalar_fn(self, float(other), out=self)
        raise TypeError(f"type {type(other)} not supported")
    return dunder


# dunder -> (ufunc name, kind)
DUNDERS = {
    "__add__": ("add", _forward), "__radd__": ("add", _commuted), "__iadd__": ("add", _in_place),
    "__sub__": ("subtract", _forward), "__rsub__": ("subtract", _reflected),
    "__isub__": ("subtract", _in_place),
    "__mul__": ("multiply", _forward), "__rmul__": ("multiply", _commuted),
    "__imul__": ("multiply", _in_place),
    "__truediv__": ("divide", _forward), "__rtruediv__": ("divide", _reflected),
    "__itruediv__": ("divide", _in_place),
    "__div__": ("divide", _forward), "__rdiv__": ("divide", _reflected),  # MXNet keeps the
    "__idiv__": ("divide", _in_place),                                     # Python 2 names
    "__mod__": ("modulo", _forward), "__rmod__": ("modulo", _reflected), "__imod__": ("modulo", _in_place),
    "__pow__": ("power", _forward), "__rpow__": ("power", _reflected),
    "__eq__": ("equal", _forward), "__ne__": ("not_equal", _forward),
    "__gt__": ("greater", _forward), "__ge__": ("greater_equal", _forward),
    "__lt__": ("lesser", _forward), "__le__": ("lesser_equal", _forward),
}


# operators MXNet 1.9.1's NDArray does not define: they raise TypeError here too, instead of
# letting a numpy scalar or array on the other side compute a numpy result through __array__
UNSUPPORTED = {"//": ("__floordiv__", "__rfloordiv__"), "<<": ("__lshift__", "__rlshift__"),
               ">>": ("__rshift__", "__rrshift__"), "&": ("__and__", "__rand__"), "|": ("__or__", "__ror__"),
               "^": ("__xor__", "__rxor__"), "@": ("__matmul__", "__rmatmul__"),
               "divmod()": ("__divmod__", "__rdivmod__")}


def _unsupported(symbol, reflected):
    """An operator method raising Python's own TypeError for an operand pair it cannot take.

    >>> import mxnd as mx, numpy as np
    >>> mx.nd.array([3]) // np.int64(2)
    Traceback (most recent call last):
    TypeError: unsupported operand type(s) for //: 'NDArray' and 'int64'
    """
    def dunder(self, other):
        names = (type(other).__name__, "NDArray") if reflected else ("NDArray", type(other).__name__)
        raise TypeError(f"unsupported operand type(s) for {symbol}: '{names[0]}' and '{names[1]}'")
    return dunder


def install():
    """Attach the dunders to NDArray (``__hash__`` stays identity-based, as in MXNet)."""
    for dunder, (name, kind) in DUNDERS.items():
        target = name if kind is _in_place else _UFUNC_OBJECTS[name]
        setattr(NDArray, dunder, kind(target))
    for symbol, (forward, reflected) in UNSUPPORTED.items():
        setattr(NDArray, forward, _unsupported(symbol, False))
        setattr(NDArray, reflected, _unsupported(symbol, True))
    mul_scalar = FUNCTIONS["_mul_scalar"]
    NDArray.__neg__ = lambda self: mul_scalar(self, -1.0)  # MXNet: _mul_scalar(self, -1.0)
    NDArray.__abs__ = lambda self: FUNCTIONS["abs"](self)


install()
