"""Elementwise unary operators: rounding, roots, exp/log, trigonometry, activations, casts.

MXNet's kernels (mshadow_op.h over math_functions-inl.h) keep the input dtype: float16
is computed in float32, integers in double (``math::sqrt``, ``math::exp`` ...) or in float
(``math::id``, ``math::sqr``: square, reciprocal, degrees, radians), and the result is cast
back as C++ does (``sqrt(int32 -2)`` is INT_MIN); bool input is rejected. The identity-like
operators differ only in their gradient (BlockGrad, make_loss, *_ste, gradientmultiplier).
"""
from __future__ import annotations

import functools
import math

import torch

from ... import dtypes
from ...dtypes import c_cast
from ...errors import MXNetError
from ...integer_variables import RecordedFunction
from ...params import parse_bool, parse_dtype, parse_float
from ...registry import OpSpec, Param, declare
from . import exact_sqrt

__all__ = ["zero_gradient", "custom_gradient", "as_dtype_scalar", "c_cast", "smooth_l1_bounds", "IS_INT", "UNARY",
           "SPECIAL"]

_F32, _F64 = torch.float32, torch.float64
_HALF = frozenset({torch.float16, torch.bfloat16})
_INF = float("inf")


# ---- gradient helpers (also used by elementwise.py) --------------------------------------

class _ZeroGradient(RecordedFunction):
    """``fn(*inputs)`` whose inputs all get zero gradients (MXNet's ``MakeZeroGradNodes``)."""

    @staticmethod
    def forward(ctx, fn, *inputs):
        ctx.inputs = [(t.shape, t.dtype, t.device) for t in inputs]
        return fn(*inputs)

    @staticmethod
    def backward(ctx, *grads):
        return (None,) + tuple(torch.zeros(shape, dtype=dtype, device=device) if needed else None
                               for needed, (shape, dtype, device)
                               in zip(ctx.needs_input_grad[1:], ctx.inputs))


class _NoGradient(RecordedFunction):
    """``fn(*inputs)``; a backward through it raises as for an MXNet operator without FGradient."""

    @staticmethod
    def forward(ctx, op, fn, *inputs):
        ctx.op = op
        return fn(*inputs)

    @staticmethod
    def backward(ctx, *grads):
        raise MXNetError(f"Operator {ctx.op} is non-differentiable because it didn't register FGradient attribute.")


def without_gradient(op, fn, *inputs):
    """``fn(*inputs)``; recorded, a backward through the result raises MXNet's error for the operator
    ``op`` that registers no gradient (``RROIAlign``, ``quantized_rnn``, ...)."""
    for tensor in inputs:
        if tensor.requires_grad and torch.is_grad_enabled():
            return _NoGradient.apply(op, fn, *inputs)
    return fn(*inputs)


def zero_gradient(fn):
    """Body ``fn(*tensors, **params)`` whose gradient is zero, as MXNet registers for rounding,
    comparisons and logic: the result stays in the graph, so ``backward`` through it works."""
    apply = _ZeroGradient.apply

    def body(*tensors, **params):
        for tensor in tensors:
            if tensor.requires_grad:
                return apply(functools.partial(fn, **params) if params else fn, *tensors)
        return fn(*tensors, **params)
    return body


def custom_gradient(forward, backward):
    """Body ``forward(data, *params)`` whose gradient is ``backward(grad, data, result, *params)``,
    MXNet's own ``_backward_<op>`` where it differs from the derivative torch would take."""
    class Gradient(RecordedFunction):
        @staticmethod
        def forward(ctx, data, *params):
            result = forward(data, *params)
            ctx.save_for_backward(data, result)
            ctx.params = params
            return result

        @staticmethod
        def backward(ctx, grad):
            data, result = ctx.saved_tensors
            return (backward(grad, data, result, *ctx.params),) + (None,) * len(ctx.params)

    apply = Gradient.apply

    def body(data, *params):
        return apply(data, *params) if data.requires_grad else forward(data, *params)
    return body


def as_dtype_scalar(value: float, dtype: torch.dtype):
    """``DType(value)``: a scalar parameter converted to the array's dtype, as MXNet's kernels do.

    >>> as_dtype_scalar(0.1, torch.float16), as_dtype_scalar(3.7, torch.int32), as_dtype_scalar(-0.0, _F32)
    (0.0999755859375, 3, -0.0)
    """
    if value == 0:  # not cached: 0.0 and -0.0 are one key
        return float(value) if dtype.is_floating_point else (False if dtype is torch.bool else 0)
    return _as_dtype_scalar(value, dtype)


@functools.lru_cache(maxsize=1024)
def _as_dtype_scalar(value: float, dtype: torch.dtype):
    return c_cast(torch.tensor(value, dtype=_F64), dtype).item()


# ---- the dtype rule ------------------------------------------------------------------------

def _kernel(fn, integers=_F64, compound=False):
    """Run ``fn`` as MXNet's unary kernels do: float32/float64 natively, integers through
    ``integers`` (double or float, see the module docstring) and back, float16 in float32.
    A single torch op already computes float16 in float32; ``compound`` bodies upcast."""
    def body(data):
        dtype = data.dtype
        if dtype is _F32 or dtype is _F64 or (dtype in _HALF and not compound):
            return fn(data)
        if dtype in _HALF:
            return fn(data.float()).to(dtype)
        return c_cast(fn(data.to(integers)), dtype)
    return body


def _rounding(fn):
    """Rounding keeps integers as they are (the double round trip is exact) and has zero gradient."""
    def body(data):
        if data.dtype is _F32 or data.dtype is _F64:
            return fn(data)
        if data.dtype in _HALF:
            return fn(data.float()).to(data.dtype)
        return data.clone()
    return body


def _round_half_away(data):
    """``roundf``: halves go away from zero (torch.round goes to even), the sign of zero kept.

    trunc(2 * fraction) is -1, 0 or 1 and exact, unlike x + 0.5 (0.49999997 + 0.5 rounds to 1).
    In-place steps: callers run it without autograd (its gradient is zero or straight-through).
    """
    whole = torch.trunc(data)
    return whole.add_((data - whole).nan_to_num_(0.0).mul_(2).trunc_()).copysign_(data)  # inf - inf


def _rint(data):
    """mshadow_op.h ``rint``: the nearer of floor and ceil, floor on ties (so rint(0.5) = 0)."""
    low, high = torch.floor(data), torch.ceil(data)
    return torch.where(data - low <= high - data, low, high)


# ---- bodies whose value or gradient torch does not give directly ----------------------------

def _cbrt_double(data):
    """Cube root in double: pow, a Newton step (pow's inexact 1/3 is ulps off for large or small x),
    then the neighbour whose cube is nearest (exact for cubes)."""
    magnitude = data.abs()
    root = magnitude.pow(1.0 / 3.0)
    step = (root - magnitude / (root * root)) / 3
    root = torch.where(step.isfinite(), root - step, root)  # not at 0 and inf
    error = (root * root * root - magnitude).abs()
    for direction in (_INF, -_INF):
        other = torch.nextafter(root, torch.full_like(root, direction))
        other_error = (other * other * other - magnitude).abs()
        closer = other_error < error
        root, error = torch.where(closer, other, root), torch.where(closer, other_error, error)
    return torch.copysign(root, data)


def _in_double(fn):
    return lambda data: fn(data) if data.dtype is _F64 else c_cast(fn(data.double()), data.dtype)


# mshadow_op.h: cube_root_grad = 1 / (3 y^2) of the output, reciprocal_cube_root_grad uses the input
_cbrt = custom_gradient(_in_double(_cbrt_double), lambda grad, x, y: grad / (3 * y * y))


def _rcbrt_value(data):
    """``1.0f / cbrt(x)``: float32 and float16 divide by the cube root rounded to float (cbrtf)."""
    if data.dtype is _F64:
        return 1 / _cbrt_double(data)
    return (1 / _cbrt_double(data.double()).to(_F32)).to(data.dtype)


_rcbrt = custom_gradient(_rcbrt_value, lambda grad, x, y: -grad * y / (3 * x))

_FACTORIALS = torch.tensor([float(math.factorial(n)) for n in range(171)], dtype=_F64)


def _gamma_double(data):
    """tgamma in double: exp(lgamma) with the sign of Gamma, poles and exact factorials."""
    result = torch.exp(torch.lgamma(data))
    floor = torch.floor(data)
    result = torch.where((data < 0) & (torch.remainder(floor, 2) == 1), -result, result)
    result = torch.where((data < 0) & (data == floor), float("nan"), result)  # poles and -inf
    result = torch.where(data == 0, torch.copysign(torch.full_like(data, _INF), data), result)
    whole = (data >= 1) & (data <= 171) & (data == floor)
    table = _FACTORIALS.to(data.device)[torch.where(whole, data - 1, 0).long()]
    return torch.where(whole, table, result)


# mshadow_op.h gamma_grad: tgamma(x) * psi(x)
_gamma = custom_gradient(_in_double(_gamma_double), lambda grad, x, y: grad * y * torch.digamma(x))

# 180.0f / PI and PI / 180.0f are float constants in mshadow_op.h, also for float64 data
_DEGREES = as_dtype_scalar(as_dtype_scalar(180.0, _F32) / as_dtype_scalar(math.pi, _F32), _F32)
_RADIANS = as_dtype_scalar(as_dtype_scalar(math.pi, _F32) / as_dtype_scalar(180.0, _F32), _F32)


def _erfinv(data):
    if data.is_floating_point():
        return torch.erfinv(data)
    # erfinv-inl.h returns DType(quiet_NaN) outside [-1, 1], a constant that casts to 0 for integers
    return c_cast(torch.erfinv(data.double()).nan_to_num_(0.0, _INF, -_INF), data.dtype)


# MXNet's relu_grad is NaN where the output is NaN; torch's native backward passes the gradient. The
# native kernel is kept (a Python autograd.Function costs ~0.3 ms per MLP layer): a deliberate
# difference listed in docs/differences.md.
_relu = torch.relu


def _rsqrt(data):
    """``1.0f / sqrt(x)``: two roundings. torch.rsqrt agrees for float32/float64; float16 divides in
    float32 (torch.rsqrt of fewer than 32 float16 values is an ulp off)."""
    if data.dtype is torch.float16:
        return (1 / exact_sqrt.sqrt(data.float())).half()
    return torch.rsqrt(data)


def _softsign(data):
    return data / (1 + data.abs())


# ---- the table of plain elementwise functions ----------------------------------------------

# MXNet's fluent NDArray methods among the operators of this file (ndarray.py)
_FLUENT = frozenset("""abs arccos arccosh arcsin arcsinh arctan arctanh cbrt ceil clip cos cosh
degrees exp expm1 fix floor log log10 log1p log2 radians rcbrt reciprocal relu rint round rsqrt
sigmoid sign sin sinh sqrt square tan tanh trunc""".split())


def _unary(name, body, doc, *, aliases=(), differentiable=True, no_bool=True, params=()):
    return OpSpec(name, body, aliases=aliases, params=params, fluent=name in _FLUENT, family="unary",
                  differentiable=differentiable, no_bool=no_bool, doc=doc)


def _math(name, fn, doc, integers=_F64, compound=False, gradient=None):
    body = _kernel(fn, integers, compound)
    return _unary(name, body if gradient is None else custom_gradient(body, gradient), doc)


def _unary_bwd(factor, of_output=False):
    """MXNet's ``unary_bwd<OP>``: ``grad * OP(x)`` (OP of the output for ElemwiseGradUseOut), OP
    computed in float for float16 and rounded to the dtype once (torch rounds each step)."""
    def backward(grad, data, result):
        value = result if of_output else data
        return grad * factor(value.float() if value.dtype is torch.float16 else value).to(grad.dtype)
    return backward


def _constant_over(double, single):
    """``c / x`` with ``c`` as float or double; one division (torch's ``c / x`` is ``c * (1 / x)``)."""
    return lambda x: x.new_tensor(double if x.dtype is _F64 else single) / x


# mshadow_op.h's gradient functors (1 / log(10) and 1 / log(2) are float constants but for float64)
_LOG10_GRAD = _unary_bwd(_constant_over(0.43429448190325182765, 0.4342944819))
_LOG2_GRAD = _unary_bwd(_constant_over(1.44269504088896340737, 1.442695041))
_TAN_GRAD = _unary_bwd(lambda y: y * y + 1, of_output=True)
_ARCSIN_GRAD = _unary_bwd(lambda x: 1 / exact_sqrt.sqrt(1 - x * x))
_ARCCOS_GRAD = _unary_bwd(lambda x: -1 / exact_sqrt.sqrt(1 - x * x))
_COSH_GRAD = _unary_bwd(torch.sinh)
_ARCCOSH_GRAD = _unary_bwd(lambda x: 1 / exact_sqrt.sqrt(x * x - 1))
_ARCTANH_GRAD = _unary_bwd(lambda x: 1 / (1 - x * x))


UNARY = declare([
    # rounding: zero gradient (MakeZeroGradNodes), integers unchanged
    _unary("round", _rounding(zero_gradient(_round_half_away)),
           "Round to the nearest integer, halves away from zero."),
    _unary("rint", _rounding(_rint), "Round to the nearest integer, halves down (rint(0.5) = 0)."),
    _unary("fix", _rounding(torch.trunc), "Round toward zero."),
    _unary("floor", _rounding(torch.floor), "Largest integer not above each element."),
    _unary("ceil", _rounding(torch.ceil), "Smallest integer not below each element."),
    _unary("trunc", _rounding(torch.trunc), "Drop the fractional part (toward zero)."),
    _unary("sign", torch.sign, "Sign (-1, 0 or 1; 0 for NaN), in the input dtype; zero gradient."),
    _unary("abs", torch.abs, "Absolute value."),
    _unary("negative", torch.neg, "Numerical negative."),
    _unary("relu", _relu, "Rectified linear unit max(x, 0); NaN stays NaN."),
    _unary("logical_not", zero_gradient(lambda data: (data == 0).to(data.dtype)),
           "Logical not (1 where the input is 0, else 0), in the input dtype."),
    # powers and roots
    _math("sqrt", exact_sqrt.sqrt, "Square root (correctly rounded, as C's sqrtf)."),
    _math("rsqrt", _rsqrt, "Reciprocal square root 1/sqrt(x)."),
    _math("cbrt", _cbrt, "Cube root."),
    _math("rcbrt", _rcbrt, "Reciprocal cube root 1/cbrt(x)."),
    _math("square", torch.square, "Square x*x.", integers=_F32),
    _math("reciprocal", torch.reciprocal, "Reciprocal 1/x.", integers=_F32),
    # exponentials and logarithms
    _math("exp", torch.exp, "Exponential e**x."),
    _math("expm1", torch.expm1, "exp(x) - 1, accurate near 0."),
    _math("log", torch.log, "Natural logarithm."),
    _math("log10", torch.log10, "Base-10 logarithm.", gradient=_LOG10_GRAD),
    _math("log2", torch.log2, "Base-2 logarithm.", gradient=_LOG2_GRAD),
    _math("log1p", torch.log1p, "log(1 + x), accurate near 0."),
    # trigonometric and hyperbolic
    _math("sin", torch.sin, "Sine (radians)."),
    _math("cos", torch.cos, "Cosine (radians)."),
    _math("tan", torch.tan, "Tangent (radians).", gradient=_TAN_GRAD),
    _math("arcsin", torch.asin, "Inverse sine.", gradient=_ARCSIN_GRAD),
    _math("arccos", torch.acos, "Inverse cosine.", gradient=_ARCCOS_GRAD),
    _math("arctan", torch.atan, "Inverse tangent."),
    _math("sinh", torch.sinh, "Hyperbolic sine."),
    _math("cosh", torch.cosh, "Hyperbolic cosine.", gradient=_COSH_GRAD),
    _math("tanh", torch.tanh, "Hyperbolic tangent."),
    _math("arcsinh", torch.asinh, "Inverse hyperbolic sine."),
    _math("arccosh", torch.acosh, "Inverse hyperbolic cosine.", gradient=_ARCCOSH_GRAD),
    _math("arctanh", torch.atanh, "Inverse hyperbolic tangent.", gradient=_ARCTANH_GRAD),
    _math("degrees", lambda data: data * _DEGREES, "Radians to degrees.", integers=_F32),
    _math("radians", lambda data: data * _RADIANS, "Degrees to radians.", integers=_F32),
    # special functions and activations
    _math("erf", torch.erf, "Gauss error function.", compound=True),  # torch's float16 erf(6e-8) is 0
    _unary("erfinv", _erfinv, "Inverse Gauss error function."),
    _math("gamma", _gamma, "Gamma function."),
    _math("gammaln", torch.lgamma, "Logarithm of the absolute value of the gamma function."),
    _math("sigmoid", torch.sigmoid, "Logistic sigmoid 1 / (1 + exp(-x))."),
    _math("softsign", _softsign, "Softsign x / (1 + abs(x)).", compound=True),
])


# ---- operators with parameters or a gradient of their own -----------------------------------

def _hard_sigmoid_value(data, alpha, beta):
    if not data.is_floating_point():
        raise TypeError(f"This operation only support floating point types, not {dtypes.name_of(data.dtype)}")
    # DType(alpha * x + beta) with float alpha, beta; float16 rounds after each operation
    return (data * alpha + beta).clamp_(0, 1)


# hard_sigmoid_backward: alpha inside (0, 1), 0 on the flat parts and at their edges
_hard_sigmoid_body = custom_gradient(
    _hard_sigmoid_value,
    lambda grad, x, y, alpha, beta: torch.where((y > 0) & (y < 1), grad * as_dtype_scalar(alpha, x.dtype), 0))


def _hard_sigmoid(data, *, alpha, beta):
    # alpha and beta are float (real_t) parameters
    return _hard_sigmoid_body(data, as_dtype_scalar(alpha, _F32), as_dtype_scalar(beta, _F32))


def _clip(data, *, a_min, a_max):
    """matrix_op-inl.h ``clip``: x > a_max gives DType(a_max), else x < a_min gives DType(a_min),
    else x, comparing in float (the bounds are float). The gradient passes where neither holds,
    so also for NaN and nowhere when a_min > a_max."""
    low, high = as_dtype_scalar(a_min, _F32), as_dtype_scalar(a_max, _F32)
    dtype = data.dtype
    if dtype is not _F32 and dtype is not _F64:
        values = data.float()
        return torch.where(values > high, as_dtype_scalar(high, dtype),
                           torch.where(values < low, as_dtype_scalar(low, dtype), data))
    if low <= high and not data.requires_grad:
        return torch.clamp(data, low, high)
    return torch.where(data > high, high, torch.where(data < low, low, data))


def smooth_l1_bounds(scalar, dtype):
    """``(compute dtype, sigma^2, 1/sigma^2)`` of mshadow_op.h's smooth_l1 with sigma = DType(scalar):
    float, double for float64 (also used by ``_backward_smooth_l1``)."""
    compute = _F64 if dtype is _F64 else _F32
    sigma = as_dtype_scalar(scalar, dtype)
    square = as_dtype_scalar(float(sigma) * float(sigma), compute)
    return compute, square, as_dtype_scalar(1.0 / square, compute) if square else _INF


def _smooth_l1(data, *, scalar, is_int=True):
    """mshadow_op.h ``smooth_l1_loss`` with sigma = DType(scalar), in float (double for float64)."""
    dtype = data.dtype
    compute, square, inverse = smooth_l1_bounds(scalar, dtype)
    x = data if dtype is compute else data.to(compute)
    result = torch.where(x > inverse, x - 0.5 * inverse,
                         torch.where(x < -inverse, -x - 0.5 * inverse, 0.5 * x * x * square))
    return result if dtype is compute else result.to(dtype)


def _cast(data, *, dtype):
    return c_cast(data, dtypes.BY_NAME[dtype].torch, copy=True)


def _parse_cast_dtype(value):
    """MXNet's frontend passes ``np.dtype(dtype).name``, so ``dtype=None`` is float64."""
    return "float64" if value is None else parse_dtype(value)


def _indicator(test):
    """0/1 in the input dtype, zero gradient: MXNet's contrib.isnan is ``data != data`` (contrib.py)."""
    return zero_gradient(lambda data: test(data).to(data.dtype))


_block_gradient = custom_gradient(torch.clone, lambda grad, x, y: torch.zeros_like(grad))
_make_loss = custom_gradient(torch.clone, lambda grad, x, y: torch.ones_like(grad))  # ones_like(data)
_straight_through = functools.partial(custom_gradient, backward=lambda grad, x, y: grad)
_multiply_gradient = custom_gradient(lambda data, scalar: data.clone(),
                                     lambda grad, x, y, scalar: grad * scalar)


def _gradient_multiplier(data, *, scalar, is_int):
    return _multiply_gradient(data, scalar)


_SCALAR = Param("scalar", parse_float, 1.0, "factor of the gradient")
IS_INT = Param("is_int", parse_bool, True, "whether scalar is an integer (accepted for MXNet's signature)")

# Operators whose gradient is not the derivative of their value (BlockGrad, make_loss, the
# straight-through estimators, gradientmultiplier) are not ``differentiable`` for the
# finite-difference check; tests/ndarray/ops/test_unary.py checks their gradients.
SPECIAL = declare([
    _unary("_copy", torch.clone, "A copy of the input.", aliases=("identity",), no_bool=False),
    _unary("BlockGrad", _block_gradient, "The input, with zero gradient (stops backpropagation).",
           aliases=("stop_gradient",), differentiable=False, no_bool=False),
    _unary("make_loss", _make_loss, "The input as a loss: its gradient is ones, whatever the head gradient.",
           differentiable=False, no_bool=False),
    _unary("_contrib_round_ste", _rounding(_straight_through(_round_half_away)),
           "round, with the gradient passed straight through.", differentiable=False),
    _unary("_contrib_sign_ste", _straight_through(torch.sign),
           "sign, with the gradient passed straight through.", differentiable=False),
    _unary("_contrib_gradientmultiplier", _gradient_multiplier, params=(_SCALAR, IS_INT), no_bool=False,
           differentiable=False, doc="The input; its gradient is multiplied by scalar."),
    _unary("Cast", _cast, aliases=("cast",), no_bool=False,
           params=(Param("dtype", _parse_cast_dtype, doc="output data type"),),
           doc="Cast to dtype (C casts: truncation toward 0)."),
    _unary("clip", _clip, params=(
        Param("a_min", parse_float, doc="minimum value"), Param("a_max", parse_float, doc="maximum value"),
    ), doc="Limit the values to [a_min, a_max]."),
    _unary("hard_sigmoid", _hard_sigmoid, params=(
        Param("alpha", parse_float, 0.2, "slope"), Param("beta", parse_float, 0.5, "bias"),
    ), doc="Hard sigmoid max(0, min(1, alpha * x + beta)); floating point input only."),
    _unary("smooth_l1", _smooth_l1, params=(Param("scalar", parse_float, 1.0, "sigma"), IS_INT),
           doc="Smooth L1 loss: 0.5 (sigma x)**2 where |x| < 1/sigma**2, else |x| - 0.5/sigma**2."),
    _unary("_contrib_isnan", _indicator(torch.isnan), "1 where the element is NaN, else 0."),
    _unary("_contrib_isinf", _indicator(torch.isinf), "1 where the element is +-inf, else 0."),
    _unary("_contrib_isfinite", _indicator(torch.isfinite), "1 where the element is finite, else 0."),
])
