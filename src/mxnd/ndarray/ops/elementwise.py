"""Elementwise arithmetic, comparison and logic: broadcast_*, elemwise_*, *_scalar, negative.

MXNet 1.x keeps the input dtype everywhere: comparisons and logic return 0/1 in the input
dtype (elemwise_binary_broadcast_op_logic.cc), integer division truncates, and a scalar
operand is first cast to the array's dtype (``DType(scalar)`` in the scalar kernels), so
``int32 * 2.5`` multiplies by 2. Bool arrays are promoted to int64 by scalar ops.
"""
from __future__ import annotations

import torch

from ...params import parse_bool, parse_float
from ...registry import OpSpec, Param, declare

# ---- torch bodies ---------------------------------------------------------------------


def _as_input_dtype(fn):
    """Comparison/logic body returning 0/1 in the dtype of the first operand."""
    def body(lhs, rhs):
        return fn(lhs, rhs).to(lhs.dtype)
    return body


def _divide(lhs, rhs):
    if lhs.is_floating_point():
        return torch.div(lhs, rhs)
    return torch.div(lhs, rhs, rounding_mode="trunc")


def _modulo(lhs, rhs):
    """Floor modulo with ``x % 0 == 0`` (mshadow_op.h ``mod``)."""
    if not isinstance(rhs, torch.Tensor):
        return torch.zeros_like(lhs) if rhs == 0 else torch.remainder(lhs, rhs)
    zero = rhs == 0
    safe = torch.where(zero, torch.ones_like(rhs), rhs)
    if not isinstance(lhs, torch.Tensor):
        lhs = torch.full_like(rhs, lhs)
    return torch.where(zero, torch.zeros((), dtype=lhs.dtype, device=lhs.device), torch.remainder(lhs, safe))


def _power(lhs, rhs):
    """Integer powers go through double and truncate back, as MXNet's ``math::pow`` does."""
    reference = lhs if isinstance(lhs, torch.Tensor) else rhs
    if reference.is_floating_point():
        return torch.pow(lhs, rhs)
    as_double = [v.double() if isinstance(v, torch.Tensor) else float(v) for v in (lhs, rhs)]
    return torch.pow(*as_double).to(reference.dtype)


def _same_shape(fn):
    """elemwise_* bodies: operands must have identical shapes (no broadcasting)."""
    def body(lhs, rhs):
        if lhs.shape != rhs.shape:
            raise ValueError(f"Incompatible attr in node at 1-th input: expected "
                             f"{list(lhs.shape)}, got {list(rhs.shape)}")
        return fn(lhs, rhs)
    return body


def _scalar_operand(data, scalar):
    """MXNet casts the scalar to the array dtype; bool arrays compute in int64."""
    if data.is_floating_point():
        return data, float(scalar)
    if data.dtype is torch.bool:
        data = data.to(torch.int64)
    return data, int(scalar)


def _with_scalar(fn, reflected=False):
    """Scalar-op body: ``fn(data, scalar)`` or, reflected, ``fn(scalar, data)``."""
    def body(data, scalar=1.0, is_int=True):
        data, value = _scalar_operand(data, scalar)
        if reflected:
            return fn(torch.full_like(data, value), data)
        return fn(data, value)
    return body


def _compare_scalar(fn):
    def body(data, value):
        return fn(data, value).to(data.dtype)
    return body


_logical_and = _as_input_dtype(torch.logical_and)
_logical_or = _as_input_dtype(torch.logical_or)
_logical_xor = _as_input_dtype(torch.logical_xor)

# name, body, aliases, elemwise twin, differentiable
_BINARY = (
    ("add", torch.add, ("plus",), "elemwise_add", True),
    ("sub", torch.sub, ("minus",), "elemwise_sub", True),
    ("mul", torch.mul, (), "elemwise_mul", True),
    ("div", _divide, (), "elemwise_div", True),
    ("mod", _modulo, (), None, True),
    ("power", _power, (), None, True),
    ("maximum", torch.maximum, (), None, True),
    ("minimum", torch.minimum, (), None, True),
    ("equal", _as_input_dtype(torch.eq), (), None, False),
    ("not_equal", _as_input_dtype(torch.ne), (), None, False),
    ("greater", _as_input_dtype(torch.gt), (), None, False),
    ("greater_equal", _as_input_dtype(torch.ge), (), None, False),
    ("lesser", _as_input_dtype(torch.lt), (), None, False),
    ("lesser_equal", _as_input_dtype(torch.le), (), None, False),
    ("logical_and", _logical_and, (), None, False),
    ("logical_or", _logical_or, (), None, False),
    ("logical_xor", _logical_xor, (), None, False),
)

_SCALAR = (  # MXNet _internal name, body on (data, scalar), reflected (body(scalar, data)), differentiable
    ("_plus_scalar", torch.add, False, True),
    ("_minus_scalar", torch.sub, False, True),
    ("_rminus_scalar", torch.sub, True, True),
    ("_mul_scalar", torch.mul, False, True),
    ("_div_scalar", _divide, False, True),
    ("_rdiv_scalar", _divide, True, True),
    ("_mod_scalar", _modulo, False, True),
    ("_rmod_scalar", _modulo, True, True),
    ("_power_scalar", _power, False, True),
    ("_rpower_scalar", _power, True, True),
    ("_maximum_scalar", lambda d, s: torch.clamp(d, min=s), False, True),
    ("_minimum_scalar", lambda d, s: torch.clamp(d, max=s), False, True),
    ("_equal_scalar", _compare_scalar(torch.eq), False, False),
    ("_not_equal_scalar", _compare_scalar(torch.ne), False, False),
    ("_greater_scalar", _compare_scalar(torch.gt), False, False),
    ("_greater_equal_scalar", _compare_scalar(torch.ge), False, False),
    ("_lesser_scalar", _compare_scalar(torch.lt), False, False),
    ("_lesser_equal_scalar", _compare_scalar(torch.le), False, False),
    ("_logical_and_scalar", _compare_scalar(lambda d, s: (d != 0) & bool(s)), False, False),
    ("_logical_or_scalar", _compare_scalar(lambda d, s: (d != 0) | bool(s)), False, False),
    ("_logical_xor_scalar", _compare_scalar(lambda d, s: (d != 0) ^ bool(s)), False, False),
)

_LHS_RHS = ("lhs", "rhs")
SCALAR_PARAMS = (
    Param("scalar", parse_float, 1.0, "scalar operand, cast to the array's dtype"),
    Param("is_int", parse_bool, True, "accepted for MXNet 1.9.1's signature; the scalar is always "
                                       "cast to the array's dtype"),
)

BROADCAST = declare([
    OpSpec(f"broadcast_{name}", body, inputs=_LHS_RHS, aliases=tuple(f"broadcast_{a}" for a in aliases),
           family="broadcast", same_dtype=True, no_bool=True, differentiable=grad,
           doc=f"Elementwise {name} of two arrays with NumPy-style broadcasting.")
    for name, body, aliases, _, grad in _BINARY
])

ELEMWISE = declare([
    OpSpec(twin, _same_shape(body), inputs=_LHS_RHS, family="elemwise", same_dtype=True, no_bool=True,
           differentiable=grad, doc=f"Elementwise {name} of two arrays of the same shape.")
    for name, body, _, twin, grad in _BINARY if twin
])

SCALAR = declare([
    OpSpec(name, _with_scalar(body, reflected), params=SCALAR_PARAMS, family="scalar",
           differentiable=grad, doc=f"{name.strip('_')}: an array and a scalar.")
    for name, body, reflected, grad in _SCALAR
])

UNARY = declare([
    OpSpec("abs", torch.abs, fluent=True, family="unary", differentiable=True,
           doc="Absolute value, elementwise."),
    OpSpec("negative", torch.neg, family="unary", differentiable=True, doc="Numerical negative, elementwise."),
    OpSpec("logical_not", lambda data: (data == 0).to(data.dtype), family="unary",
           doc="Logical not (1 where the input is 0, else 0), in the input dtype."),
])
