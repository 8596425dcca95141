"""MXNet's callable elementwise backward operators (``mx.nd._internal._backward_<f>``).

MXNet's Python API can call only the backward operators whose C++ registration declares array
inputs (docs/operators.md lists the others as "not callable in MXNet"): those of the elementwise
unary functions and of the scalar arithmetic. Each takes the head gradient and the array its
derivative is written in (and the scalar), and returns ``DType(ograd * DType(f'(rhs[, scalar])))``
(mxnet_op.h ``backward_grad``). The second input is what
MXNet's ``f`` saves for its gradient: the input for sin, log, sqrt's ... rsqrt and cbrt's
reciprocal, the output for relu, sigmoid, tanh, tan, sqrt, cbrt and erfinv (mshadow_op.h
``*_grad``, registered by ``ElemwiseGradUseIn`` or ``ElemwiseGradUseOut``). The derivative is
computed as mshadow_op.h does: float32 and float64 in their own type, float16 and integers in
float32 (integers truncated back, as ``DType(expr)``), with the C constants MXNet writes.

>>> import mxnd as mx
>>> mx.nd._internal._backward_sin(mx.nd.array([2.0]), mx.nd.array([0.0])).asnumpy().tolist()
[2.0]
>>> mx.nd._internal._backward_sigmoid(mx.nd.array([1.0]), mx.nd.array([0.25])).asnumpy().tolist()
[0.1875]
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ... import dtypes
from ...params import parse_float
from ...registry import OpSpec, Param, declare
from .ordering import _SOFTMAX_PARAMS, _length_mask
from .unary import IS_INT, _cbrt_double, _gamma_double, as_dtype_scalar, smooth_l1_bounds

_F32, _F64 = torch.float32, torch.float64
_PI = np.float32(math.pi)  # mshadow_op.h: const float PI
_SQRT_PI = float(np.sqrt(_PI))  # math::sqrt(PI): sqrtf


def _sqr(a):
    return a * a


def _relu_grad(a):
    """NaN stays NaN; else 1 above 0, 0 elsewhere."""
    return torch.where(torch.isnan(a), a, (a > 0).to(a.dtype))


def _sign(a):
    """-1, 0 or 1 (0 for NaN)."""
    return (a > 0).to(a.dtype) - (a < 0).to(a.dtype)


def _over(numerator: float, a):
    """``numerator / a`` rounded once, as C's division (torch's ``number / tensor`` multiplies by
    the reciprocal: two roundings)."""
    return torch.div(torch.tensor(numerator, dtype=a.dtype, device=a.device), a)


def _log_constant(single, double):
    """``DType(single_constant / float(a))``; ``double_constant / a`` for double (the functor's
    ``Map<double>`` specialisation: log10_grad, log2_grad)."""
    return lambda a: _over(double if a.dtype is _F64 else single, a)


def _erf_grad(a):
    """``2.0 / sqrt(PI) * exp(-(a * a))``: the exponential in the array's type, the rest in double."""
    exponential = torch.exp(-(a * a))
    return (2.0 / _SQRT_PI) * exponential.double()


def _erfinv_grad(a):
    """``0.5 * sqrt(PI) * exp(sqr(a))`` (of erfinv's output)."""
    return (0.5 * _SQRT_PI) * torch.exp(a * a).double()


def _gamma_grad(a):
    """``tgamma(a) * psi(a)``, computed in double and rounded to the array's type."""
    wide = a.double()
    return (_gamma_double(wide) * torch.digamma(wide)).to(a.dtype)


def _constant(value):
    """A derivative that is a constant: ``DType(value)`` broadcast to the array."""
    return lambda a: torch.full_like(a, value)


# name: derivative of the second input (see the module docstring for which array it is)
GRADIENTS = {
    "relu": _relu_grad,
    "sigmoid": lambda a: a * (1.0 - a),
    "softsign": lambda a: 1.0 / _sqr(1.0 + a.abs()),
    "abs": _sign,
    "sign": torch.zeros_like,
    "erf": _erf_grad,
    "erfinv": _erfinv_grad,
    "gamma": _gamma_grad,
    "gammaln": torch.digamma,
    "log": lambda a: 1.0 / a,
    "log10": _log_constant(0.4342944819, 0.43429448190325182765),
    "log2": _log_constant(1.442695041, 1.44269504088896340737),
    "log1p": lambda a: 1.0 / (1.0 + a),
    "expm1": torch.exp,
    "square": lambda a: 2.0 * a,
    "sqrt": lambda a: 0.5 / a,
    "rsqrt": lambda a: -0.5 / (torch.sqrt(a) * a),
    "cbrt": lambda a: 1.0 / (3.0 * _sqr(a)),
    "rcbrt": lambda a: -1.0 / (3.0 * (_cbrt_double(a.double()).to(a.dtype)) * a),
    "reciprocal": lambda a: -1.0 / _sqr(a),
    "sin": torch.cos,
    "cos": lambda a: -torch.sin(a),
    "tan": lambda a: _sqr(a) + 1.0,
    "arcsin": lambda a: 1.0 / torch.sqrt(1.0 - _sqr(a)),
    "arccos": lambda a: -1.0 / torch.sqrt(1.0 - _sqr(a)),
    "arctan": lambda a: 1.0 / (_sqr(a) + 1.0),
    "degrees": _constant(float(np.float32(180.0) / _PI)),  # 180.0f / PI, in float
    "radians": _constant(float(_PI / np.float32(180.0))),
    "sinh": torch.cosh,
    "cosh": torch.sinh,
    "tanh": lambda a: 1.0 - _sqr(a),
    "arcsinh": lambda a: 1.0 / torch.hypot(a, torch.ones_like(a)),
    "arccosh": lambda a: 1.0 / torch.sqrt(_sqr(a) - 1.0),
    "arctanh": lambda a: 1.0 / (1.0 - _sqr(a)),
}


# _<name>_scalar's derivative in its array ``a`` (the input; rpower's output), the scalar ``b`` given
# in the array's dtype: mshadow_op.h rdiv_grad, mod_grad, rmod_grad, ge, le, power_grad, ...
SCALAR_GRADIENTS = {
    "rdiv": lambda a, b: _over(-b, _sqr(a)),
    "mod": lambda a, b: torch.ones_like(a),
    "rmod": lambda a, b: -torch.floor(_over(b, a)),
    "maximum": lambda a, b: (a >= b).to(a.dtype),
    "minimum": lambda a, b: (a <= b).to(a.dtype),
    "power": lambda a, b: torch.pow(a, b - 1.0) * b,
    "rpower": lambda a, b: a * math.log(b) if b > 0 else a * torch.log(torch.tensor(b, dtype=a.dtype)),
    "hypot": lambda a, b: a / torch.hypot(a, torch.full_like(a, b)),
    # the numpy interface's (_npi_arctan2_scalar(x, s) and its reflected form, ldexp likewise)
    "npi_arctan2": lambda a, b: _over(b, a * a + b * b),
    "npi_rarctan2": lambda a, b: -a / (a * a + b * b),
    "npi_ldexp": lambda a, b: torch.full_like(a, float(np.float32(2.0) ** np.float32(b))),
    "npi_rldexp": lambda a, b: b * torch.pow(2.0, a) * float(np.log(np.float32(2.0))),
}
# mod_grad and rmod_grad are specialised for float types only: integers get mshadow's 0
_FLOAT_ONLY = frozenset({"mod", "rmod"})
# derivatives of plain half_t arithmetic (no math:: call), so each float16 step is rounded
_HALF_ARITHMETIC = frozenset({"npi_arctan2", "npi_rarctan2"})


def _product(ograd, rhs, derivative, half_arithmetic=False):
    """``DType(ograd * DType(derivative(rhs)))``: float32/float64 in their type, float16 and
    integers through float32 (integers truncated, as ``DType(expr)``); with ``half_arithmetic``
    float16 derivatives are computed in float16, rounded after each operation."""
    if ograd.shape != rhs.shape:
        raise ValueError(f"Incompatible shapes: ograd {list(ograd.shape)} and input {list(rhs.shape)} "
                         f"must be equal")
    dtype = ograd.dtype
    if dtype is _F32 or dtype is _F64 or (half_arithmetic and dtype is torch.float16):
        return ograd * derivative(rhs).to(dtype)
    if dtype.is_floating_point:  # float16: each C++ expression computed in float, rounded to half
        return (ograd.float() * derivative(rhs.float()).to(dtype).float()).to(dtype)
    return ograd * derivative(rhs.to(_F32)).to(_F32).to(dtype)  # DType(expr): truncated toward zero


def _unary_body(derivative):
    return lambda ograd, rhs: _product(ograd, rhs, derivative)


def _scalar_body(name, derivative):
    """``(ograd, rhs, scalar)``: the scalar is first cast to the array's dtype (``DType(alpha)``)."""
    def body(ograd, rhs, *, scalar, is_int):
        value = torch.tensor(scalar, dtype=torch.float64).to(ograd.dtype).item()
        if name in _FLOAT_ONLY and not ograd.is_floating_point():
            return _product(ograd, rhs, torch.zeros_like)
        return _product(ograd, rhs, lambda a: derivative(a, value), name in _HALF_ARITHMETIC)
    return body


def _smooth_l1_grad(ograd, data, *, scalar, is_int=True):
    """``_backward_smooth_l1``: ograd * smooth_l1_gradient(data, sigma) (mshadow_op.h): sign(x) beyond
    1/sigma^2, sigma^2 * x inside, in float (double for float64, as ``_product`` passes it)."""
    _, square, inverse = smooth_l1_bounds(scalar, ograd.dtype)
    return _product(ograd, data, lambda x: torch.where(x > inverse, 1.0, torch.where(x < -inverse, -1.0, x * square)))


def _softmax_grad(log, negate):
    """``_backward_softmax`` / ``_backward_log_softmax`` / ``_backward_softmin`` (softmax-inl.h
    SoftmaxGrad): inputs (ograd, out), (ograd, data, out) with ``dtype``, (ograd, data, length,
    out) with ``use_length`` (then also the length's zero gradient). softmax: out * (ograd - sum(ograd
    * out)); log_softmax: ograd - exp(out) * sum(ograd); negated for softmin; divided by temperature."""
    def body(*arrays, axis, temperature, dtype, use_length):
        count = 4 if use_length else 3 if dtype is not None else 2
        if len(arrays) != count:
            raise ValueError(f"Operator expects {count} inputs, but got {len(arrays)} instead.")
        ograd, out = arrays[0], arrays[-1]
        if ograd.shape != out.shape:
            raise ValueError(f"Incompatible shapes: ograd {list(ograd.shape)} and output {list(out.shape)}")
        if not ograd.is_floating_point():
            raise TypeError(f"This operation only support floating point types, not {str(ograd.dtype)[6:]}")
        ndim = ograd.dim()
        if not -ndim <= axis < ndim:
            raise ValueError(f"axis {axis} exceeds the input dimension of {ndim}")
        dim = axis % ndim
        if dtype is not None and (ograd.dtype is not dtypes.to_torch(dtype) or out.dtype is not ograd.dtype):
            raise TypeError(f"Type inconsistent, Provided = {str(ograd.dtype)[6:]}, inferred type = {dtype}")
        mask = _length_mask(out, arrays[2], dim) if use_length else None
        terms = ograd if log else ograd * out
        if mask is not None:
            terms = terms.masked_fill(~mask, 0)
        total = _sequential_sum(terms, dim)
        if log:  # math::exp returns float for half: one rounding at the end
            wide = torch.float32 if ograd.dtype is torch.float16 else ograd.dtype
            grad = (ograd.to(wide) - torch.exp(out.to(wide)) * total.to(wide)).to(ograd.dtype)
        else:  # half_t arithmetic: each step rounded
            grad = out * (ograd - total)
        if negate:
            grad = -grad
        if temperature is not None and temperature != 1.0:
            grad = grad / as_dtype_scalar(temperature, grad.dtype)
        if mask is not None:
            grad = grad.masked_fill(~mask, 0)
        grad = grad.to(arrays[1].dtype if count > 2 else ograd.dtype)
        return (grad, torch.zeros_like(arrays[2])) if use_length else grad
    return body


def _sequential_sum(terms, dim):
    """The sum along ``dim`` kept as a size-1 axis, added in order in the array's type, as
    SoftmaxGrad's loop (float16 rounds after every addition)."""
    if terms.dtype is not torch.float16:
        return terms.cumsum(dim).narrow(dim, terms.shape[dim] - 1, 1) if terms.shape[dim] else terms.sum(dim, True)
    total = torch.zeros_like(terms.narrow(dim, 0, 1))
    for column in terms.split(1, dim):
        total = total + column
    return total


_SCALAR_PARAMS = (Param("scalar", parse_float, 1.0, "the scalar of the forward operator"), IS_INT)

BACKWARD_GRAD = declare([
    OpSpec(f"_backward_{name}", _unary_body(derivative), inputs=("lhs", "rhs"), family="backward_grad",
           same_dtype=True, no_bool=True,
           doc=f"The gradient of ``{name}``: the head gradient times {name}'s derivative, as MXNet's "
               f"``_backward_{name}`` computes it.")
    for name, derivative in GRADIENTS.items()
] + [
    OpSpec(f"_backward_{name}_scalar", _scalar_body(name, derivative), inputs=("lhs", "rhs"), family="backward_grad",
           same_dtype=True, no_bool=True, params=_SCALAR_PARAMS,
           doc=f"The gradient of ``_{name}_scalar`` in its array: the head gradient times the derivative, "
               f"as MXNet's ``_backward_{name}_scalar`` computes it.")
    for name, derivative in SCALAR_GRADIENTS.items()
] + [
    OpSpec("_backward_smooth_l1", _smooth_l1_grad, inputs=("lhs", "rhs"), family="backward_grad", same_dtype=True,
           no_bool=True, params=(Param("scalar", parse_float, 1.0, "sigma of the forward smooth_l1"), IS_INT),
           doc="The gradient of ``smooth_l1``: the head gradient times sign(x) beyond 1/sigma^2, sigma^2 * x inside."),
] + [
    OpSpec(f"_backward_{name}", _softmax_grad(log, negate), inputs=("*args",), family="backward_grad",
           params=_SOFTMAX_PARAMS, doc=f"The gradient of ``{name}`` from its head gradient and output.")
    for name, log, negate in (("softmax", False, False), ("log_softmax", True, False), ("softmin", False, True))
])
