"""MXNet's ``_backward_<f>`` operators of the elementwise unary functions (``mx.nd._internal``).

Each takes the head gradient and the array its derivative is written in, and returns
``DType(ograd * DType(f'(rhs)))`` (mxnet_op.h ``backward_grad``). The second input is what
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

from ...registry import OpSpec, declare
from .unary import _cbrt_double, _gamma_double

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


def _per_type(single, double):
    """mshadow_op.h's functors with a ``Map<double>`` specialisation (log10_grad, log2_grad)."""
    return lambda a: double(a) if a.dtype is _F64 else single(a)


def _log_constant(single, double):
    """``DType(single_constant / float(a))``, ``double_constant / a`` for double."""
    return _per_type(lambda a: torch.tensor(single, dtype=_F32, device=a.device) / a, lambda a: double / a)


def _erf_grad(a):
    """``2.0 / sqrt(PI) * exp(-(a * a))``: the exponential in the array's type, the rest in double."""
    exponential = torch.exp(-(a * a))
    return (2.0 / _SQRT_PI) * exponential.double()


def _erfinv_grad(a):
    """``0.5 * sqrt(PI) * exp(sqr(a))`` (of erfinv's output)."""
    return (0.5 * _SQRT_PI) * torch.exp(a * a).double()


def _gamma_grad(a):
    """``tgamma(a) * psi(a)`` (in float for float types, double for double)."""
    tgamma = _gamma_double(a.double())
    return (tgamma * torch.digamma(a.double())).to(a.dtype) if a.dtype is not _F64 else tgamma * torch.digamma(a)


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


def _backward(derivative):
    """The body ``(ograd, rhs) -> DType(ograd * DType(derivative(rhs)))``."""
    def body(ograd, rhs):
        if ograd.shape != rhs.shape:
            raise ValueError(f"Incompatible shapes: ograd {list(ograd.shape)} and input {list(rhs.shape)} "
                             f"must be equal")
        dtype = ograd.dtype
        if dtype is _F32 or dtype is _F64:
            return ograd * derivative(rhs).to(dtype)
        if dtype.is_floating_point:  # float16: each C++ expression computed in float, rounded to half
            return (ograd.float() * derivative(rhs.float()).to(dtype).float()).to(dtype)
        factor = derivative(rhs.to(_F32)).to(_F32)
        return ograd * factor.to(dtype)  # DType(expr): truncated toward zero
    return body


UNARY_BACKWARD = declare([
    OpSpec(f"_backward_{name}", _backward(derivative), inputs=("lhs", "rhs"), family="unary_backward",
           same_dtype=True, no_bool=True,
           doc=f"The gradient of ``{name}``: the head gradient times {name}'s derivative, as MXNet's "
               f"``_backward_{name}`` computes it.")
    for name, derivative in GRADIENTS.items()
])
