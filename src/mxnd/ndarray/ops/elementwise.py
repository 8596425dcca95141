"""Elementwise binary operators: broadcast_*, the same-shape elemwise_*/_plus/_mod ..., *_scalar,
the _scatter_* operators and add_n.

MXNet 1.x keeps the input dtype everywhere: comparisons and logic return 0/1 in the input
dtype (elemwise_binary_broadcast_op_logic.cc), integer division truncates, and a scalar
operand is first cast to the array's dtype (``DType(scalar)`` in the scalar kernels), so
``int32 * 2.5`` multiplies by 2. Bool arrays are promoted to int64 by scalar ops. Integer
and float16 ``power``/``hypot`` go through float (``powf``, math_functions-inl.h).
Comparisons and logic have a zero gradient (MakeZeroGradNodes); maximum/minimum send the
gradient of a tie to the left operand and that of a NaN nowhere (``_backward_maximum``: ge / lt);
mod, power and hypot take MXNet's gradient formulas (_MXNetGradient); add, sub, mul and div keep
torch's native gradients (speed; div's can differ in the last bit, docs/differences.md).
"""
from __future__ import annotations

import math

import torch

from ...integer_variables import RecordedFunction
from ...params import parse_bool, parse_float, parse_optional_int
from ...registry import OpSpec, Param, declare
from .unary import as_dtype_scalar, without_gradient, zero_gradient

_F32, _F64 = torch.float32, torch.float64

# ---- torch bodies ---------------------------------------------------------------------


def _as_input_dtype(fn):
    """Comparison/logic body returning 0/1 in the dtype of the first operand, zero gradient."""
    return zero_gradient(lambda lhs, rhs: fn(lhs, rhs).to(lhs.dtype))


def _divide(lhs, rhs):
    if lhs.is_floating_point():
        return torch.div(lhs, rhs)
    return torch.div(lhs, rhs, rounding_mode="trunc")


def _rdivide(lhs, rhs):
    """mshadow_op.h ``rdiv``: ``math::id(b) / math::id(a)``, in float for every dtype but float64,
    so integers divide in float32 and cast back (``5 / 0`` is INT_MIN, -1e10 / 13 is -769230784)."""
    if lhs.is_floating_point():
        return torch.div(lhs, rhs)
    return torch.div(lhs.to(_F32), rhs.to(_F32)).to(lhs.dtype)


def _modulo(lhs, rhs):
    """Floor modulo with ``x % 0 == 0`` (mshadow_op.h ``mod``), on torch's remainder: the sign of a
    zero result and an infinite divisor follow torch (docs/differences.md)."""
    if not isinstance(rhs, torch.Tensor):
        return torch.zeros_like(lhs) if rhs == 0 else torch.remainder(lhs, rhs)
    zero = rhs == 0
    safe = torch.where(zero, torch.ones_like(rhs), rhs)
    if not isinstance(lhs, torch.Tensor):
        lhs = torch.full_like(rhs, lhs)
    return torch.where(zero, torch.zeros((), dtype=lhs.dtype, device=lhs.device), torch.remainder(lhs, safe))


def _in_float(fn):
    """``fn`` on float32/float64 data; other dtypes computed in float and cast back (the
    ``MXNET_BINARY_MATH_FUNC`` wrappers call ``powf``/``hypotf``), e.g. int32 5**13 = 1220703104."""
    def body(lhs, rhs):
        reference = lhs if isinstance(lhs, torch.Tensor) else rhs
        dtype = reference.dtype
        if dtype is _F32 or dtype is _F64:
            return fn(lhs, rhs)
        as_float = [v.float() if isinstance(v, torch.Tensor) else float(v) for v in (lhs, rhs)]
        return fn(*as_float).to(dtype)
    return body


def _hypot_tensors(lhs, rhs):
    if not isinstance(rhs, torch.Tensor):
        rhs = lhs.new_tensor(rhs)
    return torch.hypot(lhs, rhs)


_hypot = _in_float(_hypot_tensors)


# exponents where torch's kernel (x, x * x, 1 / x: one rounding; x * x * x in float64) rounds as pow
_EXACT_EXPONENTS = {_F64: frozenset({1.0, 2.0, 3.0, -1.0}), _F32: frozenset({1.0, 2.0, -1.0}),
                    torch.float16: frozenset({1.0, 2.0, -1.0})}


def _power(lhs, rhs):
    """C's ``pow``; other dtypes ``powf`` (integers too, as ``_in_float``), here pow in double
    rounded to float. A number exponent goes in as a 0-d tensor of the array's dtype (DType(scalar)):
    torch.pow(x, 0.5) is sqrt (nan for -inf) and x ** -2 is 1 / (x * x), 0 where x * x overflows."""
    reference = lhs if isinstance(lhs, torch.Tensor) else rhs
    dtype = reference.dtype
    if not isinstance(rhs, torch.Tensor) and rhs in _EXACT_EXPONENTS.get(dtype, ()):
        return torch.pow(lhs, rhs)
    lhs, rhs = (v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=dtype, device=reference.device)
                for v in (lhs, rhs))
    if dtype is _F64:
        return torch.pow(lhs, rhs)
    result = torch.pow(lhs.to(_F32).to(_F64), rhs.to(_F32).to(_F64)).to(_F32)  # int32 2**31 - 1 is even
    return result if dtype is _F32 else result.to(dtype)


def _recorded_maximum(lhs, rhs, ge, lt):
    """maximum (minimum: ``le``, ``gt``) under autograd: lhs gets the gradient where ``ge(lhs, rhs)``,
    rhs where ``lt``, an unordered pair (a NaN) neither, as ``_backward_maximum`` (ge, lt) sends it."""
    return torch.where(ge(lhs, rhs), lhs, torch.where(lt(lhs, rhs), rhs, (lhs + rhs).detach()))


def _maximum(lhs, rhs):
    """mshadow_op.h ``maximum`` (NaN propagates); a tie of 0 and -0 is torch's (docs/differences.md)."""
    if lhs.requires_grad or rhs.requires_grad:
        return _recorded_maximum(lhs, rhs, torch.ge, torch.lt)
    return torch.maximum(lhs, rhs)


def _minimum(lhs, rhs):
    if lhs.requires_grad or rhs.requires_grad:
        return _recorded_maximum(lhs, rhs, torch.le, torch.gt)
    return torch.minimum(lhs, rhs)


def _maximum_scalar(data, value):
    if data.requires_grad:
        return _recorded_maximum(data, value, torch.ge, torch.lt)
    if data.is_floating_point():  # x <= s ? s : x: NaN data stays, a tie of 0 and -0 gives the scalar
        return torch.threshold(data, value, value) if value == value else torch.full_like(data, value)
    return torch.clamp(data, min=value)


def _minimum_scalar(data, value):
    if data.requires_grad:
        return _recorded_maximum(data, value, torch.le, torch.gt)
    return torch.clamp(data, max=value)


def _math(x):
    """``math::id``: MXNet's gradient formulas compute float16 operands in float."""
    return x.float() if x.dtype is torch.float16 else x


# mshadow_op.h's gradient functors of (lhs, rhs, output): the factor of the head gradient for lhs
# and for rhs
_MOD_GRAD = (lambda a, b, y: torch.ones_like(a), lambda a, b, y: -torch.floor(a / b))  # a / b in the dtype
_POWER_GRAD = (lambda a, b, y: _power(_math(a), _math(b - 1)) * _math(b),
               lambda a, b, y: _power(_math(a), _math(b)) * torch.log(_math(a)))
_RPOWER_GRAD = (None, lambda a, b, y: _math(y) * torch.log(_math(a)))  # of the output (float16 rounded)
_HYPOT_GRAD = (lambda a, b, y: _math(a) / torch.hypot(_math(a), _math(b)),
               lambda a, b, y: _math(b) / torch.hypot(_math(a), _math(b)))


class _MXNetGradient(RecordedFunction):
    """mod, power or hypot under autograd with MXNet's backward (``BinaryBroadcastBackwardUseIn`` and
    the scalar ops' ``Backward``): each operand gets ``grad * factor(lhs, rhs)``, the factor rounded to
    the dtype once; operands of two shapes get it summed to their shape. A number rhs is
    ``DType(scalar)``."""

    @staticmethod
    def forward(ctx, body, factors, lhs, rhs):
        ctx.factors, ctx.scalar = factors, None if isinstance(rhs, torch.Tensor) else rhs
        result = body(lhs, rhs)
        ctx.save_for_backward(lhs, rhs if ctx.scalar is None else None, result)
        return result

    @staticmethod
    def backward(ctx, grad):
        lhs, rhs, result = ctx.saved_tensors
        if ctx.scalar is not None:
            rhs = torch.tensor(ctx.scalar, dtype=lhs.dtype, device=lhs.device)
        summed = lhs.shape != rhs.shape and ctx.scalar is None  # broadcast: a sum from +0 (-0 is +0)
        grads = [None, None]
        for i, operand in enumerate((lhs, rhs)):
            if ctx.needs_input_grad[2 + i]:
                product = grad * ctx.factors[i](lhs, rhs, result).to(grad.dtype)
                grads[i] = product.sum_to_size(operand.shape) + 0.0 if summed else product
        return (None, None, *grads)


def _with_gradient(body, factors, native=None):
    """``body``, with MXNet's gradient (``factors``, see _MXNetGradient) when an operand needs one,
    unless ``native(lhs, rhs)`` says torch's own gradient has the same bits (it is twice as fast)."""
    apply = _MXNetGradient.apply

    def run(lhs, rhs):
        if lhs.requires_grad or (isinstance(rhs, torch.Tensor) and rhs.requires_grad):
            if native is None or not native(lhs, rhs):
                return apply(body, factors, lhs, rhs)
        return body(lhs, rhs)
    return run


def _square_or_identity(data, exponent):
    """``x ** 2`` and ``x ** 1`` of float32/float64 (squared losses): torch's gradient ``2 * x`` (``1``)
    times the head is MXNet's ``pow(x, 1) * 2`` (``pow(x, 0) * 1``) times it, bit for bit."""
    return exponent in (1.0, 2.0) and (data.dtype is _F32 or data.dtype is _F64)


def _same_shape(fn):
    """elemwise_* bodies: operands must have identical shapes (no broadcasting)."""
    def body(lhs, rhs):
        if lhs.shape != rhs.shape:
            raise ValueError(f"Incompatible attr in node at 1-th input: expected "
                             f"{list(lhs.shape)}, got {list(rhs.shape)}")
        return fn(lhs, rhs)
    return body


def scalar_operand(data, scalar, is_int=True):
    """``(data, scalar)`` as MXNet's scalar kernels see them: the scalar cast to the array dtype
    (half(scalar) for float16, C's cast for integers: NaN, inf and 1e10 give INT_MIN for int32),
    bool arrays in int64; with ``is_int=False`` integer and bool arrays compute in float64 with
    the scalar as given (elemwise_binary_scalar_op.h)."""
    dtype = data.dtype
    if dtype is _F32 or dtype is _F64:
        return data, float(scalar)
    if data.is_floating_point():
        return data, as_dtype_scalar(float(scalar), dtype)
    if not is_int:
        return data.to(_F64), float(scalar)
    if dtype is torch.bool:
        data = data.to(torch.int64)
    return data, as_dtype_scalar(float(scalar), data.dtype)


def _with_scalar(fn, reflected=False):
    """Scalar-op body: ``fn(data, scalar)`` or, reflected, ``fn(scalar, data)``."""
    as_tensor = not reflected and fn in (torch.add, torch.sub, torch.mul)

    def body(data, scalar=1.0, is_int=True):
        data, value = scalar_operand(data, scalar, is_int)
        if reflected:
            if data.dtype is _F32:  # DType(scalar): 1e300 is inf
                value = as_dtype_scalar(value, _F32)
            return fn(torch.full_like(data, value), data)
        if as_tensor and (data.dtype is _F32 or data.dtype is _F64):
            return fn(data, scalar_tensor(value, data.dtype))
        return fn(data, value)
    return body


_SCALAR_TENSORS: dict = {}


def scalar_tensor(value: float, dtype: torch.dtype) -> torch.Tensor:
    """``value`` as a 0-d host tensor of ``dtype``, kept for reuse: torch multiplies by one about
    2 us faster than by a Python number, which it wraps in a new tensor every call, and the same
    values come out (a float32 array meets ``float32(value)`` either way).

    >>> scalar_tensor(0.5, torch.float32) is scalar_tensor(0.5, torch.float32)
    True
    """
    key = (value, dtype, math.copysign(1.0, value))  # 0.0 == -0.0, but not as an operand
    tensor = _SCALAR_TENSORS.get(key)
    if tensor is None:
        tensor = torch.tensor(value, dtype=dtype)
        if value == value:  # NaN is never found again: not kept
            if len(_SCALAR_TENSORS) >= 512:
                _SCALAR_TENSORS.clear()
            _SCALAR_TENSORS[key] = tensor
    return tensor


def _compare_scalar(fn):
    """Comparison/logic with a scalar: 0/1 in the input dtype (zero gradient, see _scalar_body)."""
    def body(data, value):
        return fn(data, value).to(data.dtype)
    body.zero_gradient = True
    return body


def _grad_add(lhs, rhs):
    """lhs + rhs; MXNet registers no gradient for it (a backward through it raises)."""
    return without_gradient("_grad_add", torch.add, lhs, rhs)


def _identity_like_rhs(lhs, rhs):
    return lhs.clone()


_logical_and = _as_input_dtype(torch.logical_and)
_logical_or = _as_input_dtype(torch.logical_or)
_logical_xor = _as_input_dtype(torch.logical_xor)

# name, body, broadcast aliases, same-shape operator and its aliases (elemwise_binary_op_*.cc)
_BINARY = (
    ("add", torch.add, ("plus",), "elemwise_add", ("_add", "_plus", "_Plus")),
    ("sub", torch.sub, ("minus",), "elemwise_sub", ("_sub", "_minus", "_Minus")),
    ("mul", torch.mul, (), "elemwise_mul", ("_mul", "_Mul")),
    ("div", _divide, (), "elemwise_div", ("_div", "_Div")),
    ("mod", _with_gradient(_modulo, _MOD_GRAD), (), "_mod", ("_Mod",)),
    ("power", _with_gradient(_power, _POWER_GRAD), (), "_power", ("_Power",)),
    ("maximum", _maximum, (), "_maximum", ("_Maximum",)),
    ("minimum", _minimum, (), "_minimum", ("_Minimum",)),
    ("hypot", _with_gradient(_hypot, _HYPOT_GRAD), (), "_hypot", ("_Hypot",)),
    ("equal", _as_input_dtype(torch.eq), (), "_equal", ("_Equal",)),
    ("not_equal", _as_input_dtype(torch.ne), (), "_not_equal", ("_Not_Equal",)),
    ("greater", _as_input_dtype(torch.gt), (), "_greater", ("_Greater",)),
    ("greater_equal", _as_input_dtype(torch.ge), (), "_greater_equal", ("_Greater_Equal",)),
    ("lesser", _as_input_dtype(torch.lt), (), "_lesser", ("_Lesser",)),
    ("lesser_equal", _as_input_dtype(torch.le), (), "_lesser_equal", ("_Lesser_Equal",)),
    ("logical_and", _logical_and, (), "_logical_and", ("_Logical_And",)),
    ("logical_or", _logical_or, (), "_logical_or", ("_Logical_Or",)),
    ("logical_xor", _logical_xor, (), "_logical_xor", ("_Logical_Xor",)),
)

_SCALAR = (  # MXNet _internal name, body on (data, scalar), reflected (body(scalar, data)), alias
    ("_plus_scalar", torch.add, False, "_PlusScalar"),
    ("_minus_scalar", torch.sub, False, "_MinusScalar"),
    ("_rminus_scalar", torch.sub, True, "_RMinusScalar"),
    ("_mul_scalar", torch.mul, False, "_MulScalar"),
    ("_div_scalar", _divide, False, "_DivScalar"),
    ("_rdiv_scalar", _rdivide, True, "_RDivScalar"),
    ("_mod_scalar", _with_gradient(_modulo, _MOD_GRAD), False, "_ModScalar"),
    ("_rmod_scalar", _with_gradient(_modulo, _MOD_GRAD), True, "_RModScalar"),
    ("_power_scalar", _with_gradient(_power, _POWER_GRAD, _square_or_identity), False, "_PowerScalar"),
    ("_rpower_scalar", _with_gradient(_power, _RPOWER_GRAD), True, "_RPowerScalar"),
    ("_hypot_scalar", _with_gradient(_hypot, _HYPOT_GRAD), False, "_HypotScalar"),
    ("_maximum_scalar", _maximum_scalar, False, "_MaximumScalar"),
    ("_minimum_scalar", _minimum_scalar, False, "_MinimumScalar"),
    ("_equal_scalar", _compare_scalar(torch.eq), False, "_EqualScalar"),
    ("_not_equal_scalar", _compare_scalar(torch.ne), False, "_NotEqualScalar"),
    ("_greater_scalar", _compare_scalar(torch.gt), False, "_GreaterScalar"),
    ("_greater_equal_scalar", _compare_scalar(torch.ge), False, "_GreaterEqualScalar"),
    ("_lesser_scalar", _compare_scalar(torch.lt), False, "_LesserScalar"),
    ("_lesser_equal_scalar", _compare_scalar(torch.le), False, "_LesserEqualScalar"),
    ("_logical_and_scalar", _compare_scalar(lambda d, s: (d != 0) & bool(s)), False, "_LogicalAndScalar"),
    ("_logical_or_scalar", _compare_scalar(lambda d, s: (d != 0) | bool(s)), False, "_LogicalOrScalar"),
    ("_logical_xor_scalar", _compare_scalar(lambda d, s: (d != 0) ^ bool(s)), False, "_LogicalXorScalar"),
)

_LHS_RHS = ("lhs", "rhs")
SCALAR_PARAMS = (
    Param("scalar", parse_float, 1.0, "scalar operand, cast to the array's dtype"),
    Param("is_int", parse_bool, True, "False: integer arrays compute in float64 with the scalar as is"),
)

BROADCAST = declare([
    OpSpec(f"broadcast_{name}", body, inputs=_LHS_RHS, aliases=tuple(f"broadcast_{a}" for a in aliases),
           family="broadcast", same_dtype=True, no_bool=True, differentiable=True,
           doc=f"Elementwise {name} of two arrays with NumPy-style broadcasting.")
    for name, body, aliases, _, _ in _BINARY
])

ELEMWISE = declare([
    OpSpec(twin, _same_shape(body), inputs=_LHS_RHS, aliases=twin_aliases, family="elemwise",
           same_dtype=True, no_bool=True, differentiable=True,
           doc=f"Elementwise {name} of two arrays of the same shape.")
    for name, body, _, twin, twin_aliases in _BINARY
] + [
    OpSpec("_grad_add", _same_shape(_grad_add), inputs=_LHS_RHS, family="elemwise", same_dtype=True,
           no_bool=True, doc="Elementwise sum of two arrays, for gradient accumulation (no gradient)."),
    OpSpec("_identity_with_attr_like_rhs", _same_shape(_identity_like_rhs), inputs=_LHS_RHS,
           family="elemwise", same_dtype=True, differentiable=True,
           doc="A copy of lhs, which must have the shape and dtype of rhs."),
])


def _scalar_body(body, reflected):
    """The operator body; comparisons and logic get their zero gradient around the whole call."""
    scalar_body = _with_scalar(body, reflected)
    return zero_gradient(scalar_body) if getattr(body, "zero_gradient", False) else scalar_body


SCALAR = declare([
    OpSpec(name, _scalar_body(body, reflected), params=SCALAR_PARAMS, aliases=(alias,), family="scalar",
           differentiable=True, doc=f"{name.strip('_')}: an array and a scalar.")
    for name, body, reflected, alias in _SCALAR
] + [  # gradient_multiplier_op.cc and elemwise_binary_scalar_op_basic.cc: _mul_scalar's and
    # _div_scalar's kernels under backward names (no CamelCase alias, no gradient)
    OpSpec(name, _with_scalar(body), params=SCALAR_PARAMS, family="scalar", doc=doc)
    for name, body, doc in (
        ("_contrib_backward_gradientmultiplier", torch.mul, "Gradient of gradientmultiplier: the input times scalar."),
        ("_backward_mul_scalar", torch.mul, "Gradient of _mul_scalar: the head gradient times scalar."),
        ("_backward_div_scalar", _divide, "Gradient of _div_scalar: the head gradient divided by scalar."),
    )
])


# elemwise_scatter_op.cc: on dense arrays as _plus_scalar, _minus_scalar and elemwise_div; on
# sparse ones they change only the stored values (mxnd.ndarray.sparse.elementwise)
SCATTER = declare([
    OpSpec(f"_scatter{name}", _scalar_body(body, reflected), params=SCALAR_PARAMS, family="scatter",
           differentiable=True, doc=f"{name}, applied only to the stored values of a csr or row_sparse array.")
    for name, body, reflected, _ in _SCALAR if name in ("_plus_scalar", "_minus_scalar")
] + [
    OpSpec("_scatter_elemwise_div", _same_shape(_divide), inputs=_LHS_RHS, family="scatter", same_dtype=True,
           no_bool=True, differentiable=True,
           doc="elemwise_div on the stored rows of a row_sparse lhs (otherwise: elemwise_div)."),
])


def _add_n(*arrays, num_args=None):
    """elemwise_sum.h: up to 4 inputs sum as a0 + (a1 + (a2 + a3)), more inputs left to right."""
    count = len(arrays)
    if count == 0 or (num_args is not None and num_args < 1):
        raise ValueError("num_args: Number of inputs to be summed must be at least 1")
    if num_args is not None and num_args != count:
        raise ValueError(f"Operator add_n expects {num_args} inputs, but got {count} instead.")
    shape = arrays[0].shape
    for position, array in enumerate(arrays[1:], 1):
        if array.shape != shape:
            raise ValueError(f"Incompatible attr in node at {position}-th input: expected "
                             f"{list(shape)}, got {list(array.shape)}")
    if count == 1:
        return arrays[0].clone()
    if count <= 4:
        total = arrays[-1]
        for array in arrays[-2::-1]:
            total = array + total
        return total
    total = arrays[0] + arrays[1]
    for array in arrays[2:]:
        total = total + array
    return total


VARIADIC = declare([
    OpSpec("add_n", _add_n, inputs=("*args",), aliases=("ElementWiseSum",), family="elemwise",
           same_dtype=True, no_bool=True, differentiable=True,
           params=(Param("num_args", parse_optional_int, None, "number of inputs (checked when given)"),),
           doc="Sum of all input arrays, elementwise (same shapes, no broadcasting)."),
])
