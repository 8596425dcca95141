"""Optimizer update operators (sgd_update, adam_update, ...), dense, as MXNet 1.9.1's kernels.

Each body updates its state inputs (mom, mean, var, ...) in place and returns the new weight,
which the builder writes into ``out`` (``out=weight`` updates the weight in place, as MXNet's
optimizers call them). The arithmetic repeats MXNet's kernels operation by operation
(src/operator/optimizer_op-inl.h, contrib/adamw-inl.h, contrib/multi_lamb.cc, ...): float
parameters are float32, scalar products such as ``lr * wd`` are formed in the kernel's type
before they meet the arrays, every product is rounded before its sum (torch's CPU kernels of
``addcmul`` by a 1 and ``addcdiv`` keep that; no other fused form is used), and square roots are
correctly rounded, so float32 and float64 results on the host are bit-exact. On CUDA, torch's
``addcmul``/``addcdiv`` fuse the product into the sum (nvcc's multiply-add, as in MXNet's own GPU
kernels): results there agree within an ulp or two. The ``mp_*`` forms keep float32 master
weights (and states) for float16 weights.

>>> import mxnd as mx
>>> w, g, mom = mx.nd.array([1., 2.]), mx.nd.array([0.5, -1.]), mx.nd.zeros((2,))
>>> mx.nd.sgd_mom_update(w, g, mom, lr=0.1, momentum=0.9, out=w).asnumpy().tolist()
[0.949999988079071, 2.0999999046325684]
>>> mom.asnumpy().tolist()
[-0.05000000074505806, 0.10000000149011612]
"""
from __future__ import annotations

import functools
import math

import numpy as np
import torch

from ...errors import MXNetError
from ...fast_paths import on_host
from ...params import parse_bool, parse_float, parse_float32_tuple, parse_int
from ...registry import REQUIRED, OpSpec, Param, declare
from . import adam_device, adam_step
from .exact_sqrt import sqrt as _sqrt
from .scratch import reused, scalar
from .shape import shape_text

_F32 = torch.float32
# elements up to which an update runs on numpy views on the host: below this, torch's per-call
# cost dominates (adam_update of 16,384 float32: torch path 122 us, numpy 44 us; 65,536: 153, 166)
_SMALL = 32768
# numpy scalar type doing a kernel's scalar arithmetic in its DType (mshadow's static_cast<DType>)
_SCALAR = {torch.float16: np.float16, torch.float32: np.float32, torch.float64: np.float64}


def _f32(value) -> float:
    """A float parameter as MXNet stores it (C++ ``float``)."""
    return float(np.float32(parse_float(value)))


def _ints(value) -> tuple:
    """``Tuple<int>`` (step_count): a tuple/list of ints, one int, or text ``'(1, 2)'``."""
    if isinstance(value, (tuple, list)):
        return tuple(parse_int(v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    text = str(value).strip().strip("()[]")
    return tuple(parse_int(v.strip()) for v in text.split(",") if v.strip())


def _scale(value):
    """contrib adamw's rescale_grad: a number or a one-element NDArray (read when the update runs)."""
    if hasattr(value, "_data"):
        return value
    return _f32(value)


def _check(op, tensors, same, fp32=0):
    """MXNet's shape/type inference for updates: the first ``same`` inputs share the weight's shape
    and dtype; the ``fp32`` inputs after them (master weights, mp states) are float32 of that shape."""
    weight = tensors[0]
    for i, tensor in enumerate(tensors[:same + fp32]):
        if tensor.shape != weight.shape:
            raise MXNetError(f"{op}: Incompatible attr in node at {i}-th input: expected "
                             f"{shape_text(weight.shape)}, got {shape_text(tensor.shape)}")
        expected = weight.dtype if i < same else _F32
        if tensor.dtype is not expected:
            raise MXNetError(f"{op}: Incompatible attr in node at {i}-th input: expected "
                             f"{_name(expected)}, got {_name(tensor.dtype)}")
    if not weight.is_floating_point():
        raise MXNetError(f"{op}: the weight must be a floating point array, got {_name(weight.dtype)}")


def _name(dtype) -> str:
    """A torch dtype's MXNet name ('float32')."""
    return str(dtype).replace("torch.", "")


def _exact_addcmul(like) -> bool:
    """Whether ``addcmul`` by a 1 rounds ``c*y`` before the sum: float32/float64 only (reduced
    precision types compute the whole expression in float32 and round once)."""
    return like.dtype in (torch.float32, torch.float64)


def _one(like, value=1.0):
    """A 0-d ``value`` (1: the second factor of an exact ``x + c*y`` addcmul; -0: the addend of an
    exact product) of ``like``'s dtype and device, cached."""
    return scalar(like, value)


def _clip(values, bound):
    """mshadow_op::clip: values outside [-bound, bound] clamp to the bound (bound >= 0)."""
    return values.clamp(-bound, bound)


def _sign(values):
    """``(x > 0) - (x < 0)`` in the array's dtype (0 for NaN, unlike torch.sign)."""
    return (values > 0).to(values.dtype) - (values < 0).to(values.dtype)


def _scaled(grad, weight, T, rescale_grad, wd, clip_gradient):
    """``rescale_grad * grad + wd * weight`` (clipped); skips ``1 * grad``, an exact identity
    (``0 * weight`` is not: it is NaN for an infinite weight, as in MXNet)."""
    g = grad if rescale_grad == 1 else grad * float(T(rescale_grad))
    if wd is not None:  # None: a kernel without the weight-decay term (FTRL)
        g = g + weight * float(T(wd))
    if clip_gradient >= 0:
        g = _clip(g, float(T(clip_gradient)))
    return g


# ---- SGD family (optimizer_op-inl.h: SGDKernel, SGDMomKernel, MP_SGD*, NAGMomKernel) ----------

def _target(out, weight):
    """The weight itself when the call is ``out=weight`` (the builder's ``writes_out``), so the new
    weight is written in place instead of into a fresh tensor that is then copied; else None. Any
    other ``out`` might alias an input that is still read, so it gets the copy. An attached variable
    (a leaf that requires grad) is written in place too when nothing records (the builder runs the
    call under no_grad then: the usual ``sgd_update(w, w.grad, out=w)`` of a training loop); inside
    record() it gets the copy, which records the write as MXNet's rules say."""
    if out is not weight:
        return None
    return out if not weight.requires_grad or not torch.is_grad_enabled() else None


def _sgd_step(weight, grad, mom, T, lr, momentum, wd, rescale_grad, clip_gradient, out=None):
    """New weight of sgd_update (mom None) or sgd_mom_update (mom updated in place), in T:
    ``(1 - lr*wd)*w - lr*rescale*g`` or ``mom = momentum*mom - lr*wd*w - lr*rescale*g; w + mom``
    (``lr*clip(rescale*g)`` with clipping). Each ``x - c*y`` is one exact addcmul by a 1 (see _adam)."""
    if clip_gradient >= 0:
        step = _clip(grad * float(T(rescale_grad)), float(T(clip_gradient))).mul_(float(T(lr)))
        factor = 1.0
    else:
        step, factor = grad, float(T(lr) * T(rescale_grad))
    exact = _exact_addcmul(weight)
    if not exact:  # float16: round after each product, as half_t does
        step, factor = step * factor, 1.0
    target = _target(out, weight)
    if mom is None:
        decay = T(1) - T(lr) * T(wd)
        # w * 1 is w exactly (NaN, infinities and signed zeros included): no pass without weight decay
        decayed = weight if decay == 1 and target is weight else torch.mul(weight, float(decay), out=target)
        return decayed.addcmul_(step, _one(weight), value=-factor) if exact else decayed.sub_(step)
    mom.mul_(float(T(momentum)))
    if exact:
        mom.addcmul_(weight, _one(weight), value=-float(T(lr) * T(wd))).addcmul_(step, _one(weight), value=-factor)
    else:
        mom.sub_(weight * float(T(lr) * T(wd))).sub_(step)
    return torch.add(weight, mom, out=target)


def _sgd(weight, grad, *, lr, wd, rescale_grad, clip_gradient, lazy_update, out=None):
    _check("sgd_update", (weight, grad), 2)
    return _sgd_step(weight, grad, None, _SCALAR.get(weight.dtype, np.float32), lr, 0.0, wd,
                     rescale_grad, clip_gradient, out)


def _sgd_mom(weight, grad, mom, *, lr, momentum, wd, rescale_grad, clip_gradient, lazy_update, out=None):
    _check("sgd_mom_update", (weight, grad, mom), 3)
    return _sgd_step(weight, grad, mom, _SCALAR.get(weight.dtype, np.float32), lr, momentum, wd,
                     rescale_grad, clip_gradient, out)


def _mp_sgd(weight, grad, weight32, *, lr, wd, rescale_grad, clip_gradient, lazy_update):
    _check("mp_sgd_update", (weight, grad, weight32), 2, 1)
    new = _sgd_step(weight32, grad.to(_F32), None, np.float32, lr, 0.0, wd, rescale_grad, clip_gradient)
    weight32.copy_(new)
    return new.to(weight.dtype)


def _mp_sgd_mom(weight, grad, mom, weight32, *, lr, momentum, wd, rescale_grad, clip_gradient, lazy_update):
    _check("mp_sgd_mom_update", (weight, grad, mom, weight32), 2, 2)
    new = _sgd_step(weight32, grad.to(_F32), mom, np.float32, lr, momentum, wd, rescale_grad, clip_gradient)
    weight32.copy_(new)
    return new.to(weight.dtype)


def _nag_step(weight, grad, mom, T, lr, momentum, wd, rescale_grad, clip_gradient, in_place=True):
    """NAGMomKernel: mom = momentum*mom; w' = w - mom + (momentum+1)*(mom - lr*(g' + wd*w));
    mom -= lr*(g' + wd*w). The last term reads the weight again: the NEW one when the kernel
    writes in place (``in_place``: out=weight, as MXNet's optimizers call it; the mp kernel always
    uses its updated master weight), the old one into another output."""
    g = grad * float(T(rescale_grad))
    if clip_gradient >= 0:
        g = _clip(g, float(T(clip_gradient)))
    lr_, wd_ = float(T(lr)), float(T(wd))
    mom.mul_(float(T(momentum)))
    step = (g + weight * wd_).mul_(lr_)
    new = (weight - mom).add_((mom - step).mul_(float(T(momentum) + T(1))))
    mom.sub_(g.add_((new if in_place else weight) * wd_).mul_(lr_))
    return new


def _nag_mom(weight, grad, mom, *, lr, momentum, wd, rescale_grad, clip_gradient, out=None):
    _check("nag_mom_update", (weight, grad, mom), 3)
    return _nag_step(weight, grad, mom, _SCALAR.get(weight.dtype, np.float32), lr, momentum, wd,
                     rescale_grad, clip_gradient, in_place=out is weight)


def _mp_nag_mom(weight, grad, mom, weight32, *, lr, momentum, wd, rescale_grad, clip_gradient):
    _check("mp_nag_mom_update", (weight, grad, mom, weight32), 2, 2)
    new = _nag_step(weight32, grad.to(_F32), mom, np.float32, lr, momentum, wd, rescale_grad, clip_gradient)
    weight32.copy_(new)
    return new.to(weight.dtype)


# ---- Adam family (AdamUpdateKernel, contrib/adamw-inl.h) --------------------------------------

def _moments(mean, var, g, T, beta1, beta2):
    """mean = b1*mean + (1-b1)*g; var = b2*var + (1-b2)*g*g, in place (MXNet's evaluation order)."""
    mean.mul_(float(T(beta1))).add_(g * float(T(1) - T(beta1)))
    var.mul_(float(T(beta2))).add_((g * float(T(1) - T(beta2))).mul_(g))


def _adam(weight, grad, mean, var, *, lr, beta1, beta2, epsilon, wd, rescale_grad, clip_gradient, lazy_update,
          out=None):
    _check("adam_update", (weight, grad, mean, var), 4)
    T = _SCALAR.get(weight.dtype, np.float32)
    if (weight.requires_grad or grad.requires_grad) and torch.is_grad_enabled() or not _exact_addcmul(weight):
        # out= kernels refuse tensors that require grad while grad mode is on (inside record();
        # outside it the builder runs the call under no_grad); float16 rounds after each product
        g = _scaled(grad, weight, T, rescale_grad, wd, clip_gradient)
        _moments(mean, var, g, T, beta1, beta2)
        step = (mean * float(T(lr))).div_(_sqrt(var).add_(float(T(epsilon))))
        return torch.sub(weight, step, out=step)
    # the same operations into two reused temporaries (fresh 4 MB buffers cost page faults), in
    # as few passes as stay exact on the host: ``x + c*y`` is an addcmul by a 1 (torch's CPU kernel
    # computes ``x + (c*y)*1``: c*y is rounded before the add even where the compiler fuses the last
    # multiply into the add), ``(c*g)*g`` an addcmul into -0 (x*y + -0 is x*y, fused or not),
    # ``w - (lr*m)/d`` an addcdiv by -lr (the quotient is rounded before the add, and rounding is
    # symmetric); tests/ndarray/ops/test_optimizer_updates.py checks 100,003 elements against
    # numpy. (CUDA's kernels compute ``x + c*(y*1)`` and ``w + (-lr)*(m/d)`` with a fused
    # multiply-add: within an ulp there, as MXNet's GPU kernel.)
    # everything is looked up before the first pass (see adam_step.py: Python code between the
    # passes is slow on a busy host)
    target = _target(out, weight)
    if weight.numel() <= _SMALL and on_host(weight):
        return _adam_small(weight, grad, mean, var, target, T, lr, beta1, beta2, epsilon, wd, rescale_grad,
                           clip_gradient)
    lr_, epsilon_, beta1_, beta2_ = float(T(lr)), float(T(epsilon)), float(T(beta1)), float(T(beta2))
    if (target is weight and adam_device.usable(weight, grad, mean, var, beta1_, beta2_)
            and adam_device.step(weight, grad, mean, var, lr=lr_, beta1=beta1_, beta2=beta2_, epsilon=epsilon_,
                                 wd=float(T(wd)), rescale_grad=float(T(rescale_grad)),
                                 clip_gradient=float(T(clip_gradient)))):
        return target  # one launch on a GPU instead of about ten (adam_device.py)
    mean_coefficient, var_coefficient = float(T(1) - T(beta1)), float(T(1) - T(beta2))
    prepared = None if target is None else adam_step.prepare(weight, mean, var)
    first, second = reused(weight, "adam 1"), reused(weight, "adam 2")
    one, negative_zero = _one(weight), _one(weight, -0.0)
    g = grad if rescale_grad == 1 else torch.mul(grad, float(T(rescale_grad)), out=first)
    g = torch.addcmul(g, weight, one, value=float(T(wd)), out=first)
    if clip_gradient >= 0:
        g = torch.clamp(g, -float(T(clip_gradient)), float(T(clip_gradient)), out=first)
    # var = ((1-b2)*g)*g + b2*var; the last addcmul writes var itself (an elementwise out= may alias)
    squared = torch.addcmul(negative_zero, g, g, value=var_coefficient, out=second)
    torch.addcmul(squared, var, one, value=beta2_, out=var)
    if prepared is not None:
        adam_step.update(prepared, g, mean, beta1=beta1_, mean_coefficient=mean_coefficient, lr=lr_,
                         epsilon=epsilon_)
        if prepared.whole:
            return target
        # the rest (fewer than 16 elements per thread), its mean already updated
        done = prepared.count
        weight, mean, var, second, target = (t.view(-1)[done:] for t in (weight, mean, var, second, target))
    else:
        mean.mul_(beta1_).addcmul_(g, one, value=mean_coefficient)
    denominator = _sqrt(var, out=second).add_(epsilon_)
    new = torch.addcdiv(weight, mean, denominator, value=-lr_, out=target)
    return out if prepared is not None else new


def adam_standard(weight, grad, mean, var, *, lr, beta1, beta2, epsilon, wd, rescale_grad, clip_gradient,
                  lazy_update=True):
    """adam_update's standard (not lazy) step for a row_sparse gradient given densified
    (AdamStdDnsRspDnsKernel): the dense kernel's, except that var gains ``(1-b2) * (g*g)``."""
    T = _SCALAR.get(weight.dtype, np.float32)
    g = _scaled(grad, weight, T, rescale_grad, wd, clip_gradient)
    mean.mul_(float(T(beta1))).add_(g * float(T(1) - T(beta1)))
    var.mul_(float(T(beta2))).add_((g * g).mul_(float(T(1) - T(beta2))))
    return weight - (mean * float(T(lr))).div_(_sqrt(var).add_(float(T(epsilon))))


def _numpy_views(*tensors):
    """numpy arrays sharing the memory of host tensors (0-d ones as 1-element arrays)."""
    views = [(t.detach() if t.requires_grad else t).numpy() for t in tensors]
    return [np.atleast_1d(v) for v in views] if tensors[0].dim() == 0 else views


def _adam_small(weight, grad, mean, var, target, T, lr, beta1, beta2, epsilon, wd, rescale_grad, clip_gradient):
    """``_adam``'s arithmetic for a small float32/float64 host array, on numpy views of its memory:
    the same single roundings in the same order (every ufunc rounds once; numpy's sqrt is exact),
    at about 1 us a pass where a torch call costs 3 to 5 (a 10-element update: 70 -> 15 us)."""
    w, g, m, v = _numpy_views(weight, grad, mean, var)  # inf and NaN arise silently (_as_in_c)
    g = g * T(rescale_grad) if rescale_grad != 1 else g.copy()
    g += w * T(wd)
    if clip_gradient >= 0:
        np.clip(g, -T(clip_gradient), T(clip_gradient), out=g)
    m *= T(beta1)
    m += g * (T(1) - T(beta1))
    squared = g * (T(1) - T(beta2))
    squared *= g
    v *= T(beta2)
    v += squared
    denominator = np.sqrt(v)
    denominator += T(epsilon)
    step = m * T(lr)
    step /= denominator
    if target is not None:
        np.subtract(w, step, out=w if target is weight else _numpy_views(target)[0])
        return target
    return torch.from_numpy(np.subtract(w, step, out=step)).view(weight.shape)


def _adamw_step(weight, grad, mean, var, T, lr, eta, beta1, beta2, epsilon, wd, clip_gradient, scale):
    """w' = w - eta*(lr*mean/(sqrt(var)+eps) + wd*w) with the rescaled, clipped gradient.
    ``1 - beta`` is a float subtraction cast to T (``scalar<DType>(1.f - param.beta1)``)."""
    g = grad * float(T(scale))
    if clip_gradient >= 0:
        g = _clip(g, float(T(clip_gradient)))
    one = np.float32(1)
    mean.mul_(float(T(beta1))).add_(g * float(T(one - np.float32(beta1))))
    var.mul_(float(T(beta2))).add_((g * g).mul_(float(T(one - np.float32(beta2)))))
    step = (mean * float(T(lr))).div_(_sqrt(var).add_(float(T(epsilon))))
    step.add_(weight * float(T(wd))).mul_(float(T(eta)))
    return g, weight - step


def _scale_value(scale) -> float:
    """GetScaleFloat: the first element of the rescale_grad array, as float32."""
    if hasattr(scale, "_data"):
        scale = scale._data
    if isinstance(scale, torch.Tensor):
        return float(scale.reshape(-1)[0].to(_F32))
    return scale


def _adamw_impl(mp, contrib):
    """_adamw_update / _mp_adamw_update (rescale_grad an input array) and their contrib forms
    (rescale_grad a number or an array parameter). A rescale_grad that is 0 or not finite skips
    the update (adamw-inl.h, PrepareInputBlobs): states and weight stay, the weight is returned."""
    op = ("_contrib_" if contrib else "_") + ("mp_adamw_update" if mp else "adamw_update")

    def body(*tensors, rescale_grad=None, lr, eta, beta1, beta2, epsilon, wd, clip_gradient):
        if not contrib:
            tensors, rescale_grad = tensors[:-1], tensors[-1]
        _check(op, tensors, 2 if mp else 4, 3 if mp else 0)
        scale_dtype = getattr(getattr(rescale_grad, "_data", rescale_grad), "dtype", _F32)
        if scale_dtype is not _F32:  # MPUpdateInferType: the rescale_grad array is float32
            raise MXNetError(f"{op}: Type inconsistent, Provided = {_name(scale_dtype)}, inferred type = float32")
        scale = float(np.float32(_scale_value(rescale_grad)))
        weight, grad, mean, var = tensors[:4]
        if not np.isfinite(scale) or scale == 0:
            return weight.clone()
        if mp:
            weight32 = tensors[4]
            _, new = _adamw_step(weight32, grad.to(_F32), mean, var, np.float32, lr, eta, beta1, beta2,
                                 epsilon, wd, clip_gradient, scale)
            weight32.copy_(new)
            return new.to(weight.dtype)
        T = _SCALAR.get(weight.dtype, np.float32)
        g, new = _adamw_step(weight, grad, mean, var, T, lr, eta, beta1, beta2, epsilon, wd, clip_gradient, scale)
        grad.copy_(g)  # MXNet's AdamWUpdate rescales and clips the gradient array in place
        return new
    return body


# ---- RMSProp, FTML, FTRL, Sign* (optimizer_op-inl.h) ------------------------------------------

def _clip_weights(values, T, clip_weights):
    return _clip(values, float(T(clip_weights))) if clip_weights >= 0 else values


def _rmsprop(weight, grad, n, *, lr, gamma1, epsilon, wd, rescale_grad, clip_gradient, clip_weights):
    _check("rmsprop_update", (weight, grad, n), 3)
    T = _SCALAR.get(weight.dtype, np.float32)
    g = _scaled(grad, weight, T, rescale_grad, wd, clip_gradient)
    n.mul_(float(T(gamma1))).add_((g * g).mul_(float(T(1) - T(gamma1))))
    step = (g / _sqrt(n + float(T(epsilon)))).mul_(float(T(lr)))
    return _clip_weights(weight - step, T, clip_weights)


def _rmspropalex(weight, grad, n, g_state, delta, *, lr, gamma1, gamma2, epsilon, wd, rescale_grad,
                 clip_gradient, clip_weights):
    _check("rmspropalex_update", (weight, grad, n, g_state, delta), 5)
    T = _SCALAR.get(weight.dtype, np.float32)
    g = _scaled(grad, weight, T, rescale_grad, wd, clip_gradient)
    one_minus = float(T(1) - T(gamma1))
    n.mul_(float(T(gamma1))).add_((g * one_minus).mul_(g))   # (1-g1)*g*g + g1*n
    g_state.mul_(float(T(gamma1))).add_(g * one_minus)
    denom = _sqrt((n - g_state * g_state).add_(float(T(epsilon))))
    delta.mul_(float(T(gamma2))).sub_((g * float(T(lr))).div_(denom))
    return _clip_weights(weight + delta, T, clip_weights)


def _ftml(weight, grad, d, v, z, *, lr, beta1, beta2, epsilon, t, wd, rescale_grad, clip_grad):
    _check("ftml_update", (weight, grad, d, v, z), 5)
    T = _SCALAR.get(weight.dtype, np.float32)
    g = _scaled(grad, weight, T, rescale_grad, wd, clip_grad)
    v.mul_(float(T(beta2))).add_((g * g).mul_(float(T(1) - T(beta2))))
    power1, power2 = T(beta1) ** T(t), T(beta2) ** T(t)
    d_t = _sqrt(v / float(T(1) - power2)).add_(float(T(epsilon))).mul_(float((T(1) - power1) / T(lr)))
    z.mul_(float(T(beta1))).add_(g * float(T(1) - T(beta1))).sub_((d_t - d * float(T(beta1))).mul_(weight))
    d.copy_(d_t)
    return z.neg().div_(d_t)


def _ftrl(weight, grad, z, n, *, lr, lamda1, beta, wd, rescale_grad, clip_gradient):
    _check("ftrl_update", (weight, grad, z, n), 4)
    T = _SCALAR.get(weight.dtype, np.float32)
    g = _scaled(grad, weight, T, rescale_grad, None, clip_gradient)
    square = g * g
    lr_ = float(T(lr))
    z.add_(g - (_sqrt(n + square) - _sqrt(n)).mul_(weight).div_(lr_))
    n.add_(square)
    with np.errstate(over="ignore"):  # a parameter beyond the dtype's range is inf, silently, as in C
        lamda1_, beta_, wd_ = (float(T(value)) for value in (lamda1, beta, wd))
    numerator = torch.sign(z).mul_(lamda1_).sub_(z)
    denominator = _sqrt(n).add_(beta_).div_(lr_).add_(wd_)
    return numerator.div_(denominator).mul_((z.abs() > lamda1_).to(z.dtype))


def _signsgd(weight, grad, *, lr, wd, rescale_grad, clip_gradient):
    _check("signsgd_update", (weight, grad), 2)
    T = _SCALAR.get(weight.dtype, np.float32)
    with np.errstate(all="ignore"):  # inf * 0 is NaN, silently, as in C
        decay = float(T(1) - T(lr) * T(wd))
    return (weight * decay).sub_(_sign(grad).mul_(float(T(lr))))


def _signum(weight, grad, mom, *, lr, momentum, wd, rescale_grad, clip_gradient, wd_lh):
    _check("signum_update", (weight, grad, mom), 3)
    T = _SCALAR.get(weight.dtype, np.float32)
    rest = T(1) - T(momentum)
    if clip_gradient >= 0:
        step = _clip(grad * float(T(rescale_grad)), float(T(clip_gradient))).mul_(float(rest))
    else:
        step = grad * float(rest * T(rescale_grad))
    mom.mul_(float(T(momentum))).sub_(weight * float(rest * T(wd))).sub_(step)
    return (weight * float(T(1) - T(lr) * T(wd_lh))).add_(_sign(mom).mul_(float(T(lr))))


# ---- LAMB (LambUpdatePhaseOne/TwoKernel, MP forms) ---------------------------------------------

def _power(T, base: float, exponent: int):
    """``static_cast<DType>(std::pow(base, exponent))``: C's double pow (as Python's ``**``), with its
    IEEE results where ``**`` raises: 0 to a negative power and an overflow are infinite (negative
    for an odd power of a negative base). MXNet accepts any int ``t`` without an error: t = 0 divides
    by ``1 - 1``, a negative t by a negative or infinite ``1 - beta ** t``."""
    try:
        value = base ** exponent
    except (ZeroDivisionError, OverflowError):
        value = -math.inf if math.copysign(1.0, base) < 0 and exponent % 2 else math.inf
    with np.errstate(over="ignore"):
        return T(value)


def _lamb_phase1_step(weight, grad, mean, var, T, beta1, beta2, epsilon, t, bias_correction, wd,
                      rescale_grad, clip_gradient):
    g = grad * float(T(rescale_grad))
    if clip_gradient >= 0:
        g = _clip(g, float(T(clip_gradient)))
    _moments(mean, var, g, T, beta1, beta2)
    if bias_correction:
        # std::pow(float, int) is computed in double; ``mean / (1. - beta1_t)`` divides in double
        beta1_t, beta2_t = _power(T, float(beta1), t), _power(T, float(beta2), t)
        mean = (mean.double() / (1.0 - float(beta1_t))).to(mean.dtype)
        var = var / float(T(1) - beta2_t)
    return (mean / _sqrt(var).add_(float(T(epsilon)))).add_(weight * float(T(wd)))


def _lamb_phase1(weight, grad, mean, var, *, beta1, beta2, epsilon, t, bias_correction, wd,
                 rescale_grad, clip_gradient):
    _check("lamb_update_phase1", (weight, grad, mean, var), 4)
    return _lamb_phase1_step(weight, grad, mean, var, _SCALAR.get(weight.dtype, np.float32), beta1, beta2,
                             epsilon, t, bias_correction, wd, rescale_grad, clip_gradient)


def _mp_lamb_phase1(weight, grad, mean, var, weight32, *, beta1, beta2, epsilon, t, bias_correction, wd,
                    rescale_grad, clip_gradient):
    _check("mp_lamb_update_phase1", (weight, grad, mean, var, weight32), 2, 3)
    if weight.dtype is not torch.float16:  # MPLambPhaseOneType: the weight and grad are float16
        raise MXNetError(f"mp_lamb_update_phase1: Type inconsistent, Provided = {_name(weight.dtype)}, "
                         "inferred type = float16")
    # ``float g = grad_data[i] * rescale_grad``: a half_t product, rounded to the grad's dtype
    scaled = (grad * _f32(rescale_grad)).to(_F32)
    return _lamb_phase1_step(weight32, scaled, mean, var, np.float32, beta1, beta2, epsilon, t,
                             bias_correction, wd, 1.0, clip_gradient)


def _trust_lr(r1, r2, T, lr, lower_bound, upper_bound):
    """lr * r1 / r2 with r1 bounded, or lr where r1 or r2 is 0 (a one-element tensor)."""
    r1 = r1.reshape(-1)[:1]
    r2 = r2.reshape(-1)[:1]
    if lower_bound >= 0:
        r1 = r1.clamp_min(float(T(lower_bound)))
    if upper_bound >= 0:
        r1 = r1.clamp_max(float(T(upper_bound)))
    scaled = (r1 * float(T(lr))).div_(r2)
    return torch.where((r1 == 0) | (r2 == 0), torch.full_like(scaled, float(T(lr))), scaled)


def _check_phase2(op, weight, g, r1, r2, g_dtype):
    if g.shape != weight.shape:
        raise MXNetError(f"{op}: weight and g dimension size mismatch: {shape_text(weight.shape)} vs {shape_text(g.shape)}")
    for name, r in (("r1", r1), ("r2", r2)):
        if r.dim() == 0 or r.shape[0] != 1:
            raise MXNetError(f"{op}: Check failed: {name}_shape[0] == 1U: {name} shape incorrect")
    if g.dtype is not g_dtype or r1.dtype is not g_dtype or r2.dtype is not g_dtype:
        raise MXNetError(f"{op}: g, r1 and r2 must be {str(g_dtype).replace('torch.', '')}")


def _lamb_phase2(weight, g, r1, r2, *, lr, lower_bound, upper_bound):
    _check_phase2("lamb_update_phase2", weight, g, r1, r2, weight.dtype)
    T = _SCALAR.get(weight.dtype, np.float32)
    return weight - g * _trust_lr(r1, r2, T, lr, lower_bound, upper_bound)


def _mp_lamb_phase2(weight, g, r1, r2, weight32, *, lr, lower_bound, upper_bound):
    _check_phase2("mp_lamb_update_phase2", weight, g, r1, r2, _F32)
    _check("mp_lamb_update_phase2", (weight, weight32), 1, 1)
    return (weight32 - g * _trust_lr(r1, r2, np.float32, lr, lower_bound, upper_bound)).to(weight.dtype)


# ---- multi_* and preloaded_multi_* (MultiSGDKernel, PreloadedMultiSGDKernel), multi_lars -------

def _groups(op, data, stride, count, extra=0):
    """The inputs of a batched update by weight: ``count`` groups of ``stride``, then ``extra`` arrays."""
    if len(data) != stride * count + extra:
        raise MXNetError(f"{op}: Check failed: in_attrs->size() == input_stride * param.num_weights "
                         f"({len(data)} vs. {stride * count + extra})")
    return [data[i * stride:(i + 1) * stride] for i in range(count)]


def _weights_out(op, stride, count="num_weights", extra=0):
    """``outs_like`` of a batched update: one output per weight, like that weight (the first input of
    its group), so the builder checks ``out=`` before the body updates any state (MXNet's shape and
    type inference); the number of inputs is checked first, as MXNet's is."""
    def outs_like(tensors, params):
        _groups(op, tensors, stride, params[count], extra)
        return range(0, stride * params[count], stride)
    return outs_like


_COUNTED = {"lrs": "learning rates", "learning_rates": "learning rates", "wds": "weight decays",
            "etas": "learning rates schedule multiplier", "step_count": "step counts"}


def _check_count(op, what, values, count, of="num_weights"):
    """A per-weight parameter (lrs, wds, ...) has one value per weight (MXNet's shape inference)."""
    if len(values) != count:
        noun = _COUNTED[what]
        raise MXNetError(f"{op}: Check failed: param.{what}.ndim() == param.{of} ({len(values)} vs. {count}) : "
                         f"Number of {noun} is inconsistent with {of} parameter passed. Expected number of "
                         f"{noun}: {count}, and got {len(values)}")


def _master(mp, groups) -> bool:
    """Whether a batched mp update steps (and writes) its float32 master weights: not for float32
    weights, where the kernel's DType is its MPDType and it reads the weight itself, leaving the
    master copy untouched (MultiSGDKernel's, MultiMPAdamWKernel's, MultiLAMB's has_mixed_precision)."""
    return mp and groups[0][0].dtype is not _F32


def _multi_sgd_run(groups, lrs, wds, momentum, rescale_grad, clip_gradient, has_mom, mp, preloaded=False):
    """MultiSGDKernel: mom = momentum*mom - lr*wd*w - lr*rescale*g; w += mom (in MPDType); each
    ``x - c*y`` is one exact addcmul by a 1 (see _adam). The preloaded kernel reads lr and wd as
    floats, so their product is a float's."""
    mp = _master(mp, groups)
    T = np.float32 if mp else _SCALAR.get(groups[0][0].dtype, np.float32)
    weights = [grp[-1] if mp else grp[0] for grp in groups]
    grads = [grp[1].to(_F32) if mp else grp[1] for grp in groups]
    ones = [_one(weight) for weight in weights]
    rate = np.float32 if preloaded else T
    with np.errstate(all="ignore"):  # products beyond the type's range are inf (or NaN), silently, as in C
        minus_lw = [-float(rate(lr) * rate(wd)) for lr, wd in zip(lrs, wds)]
        lr_rescale = [-float(T(rate(lr) * T(rescale_grad))) for lr in lrs]
    if clip_gradient >= 0:
        steps = torch._foreach_mul(torch._foreach_clamp_max(torch._foreach_clamp_min(
            torch._foreach_mul(grads, float(T(rescale_grad))), -float(T(clip_gradient))),
            float(T(clip_gradient))), [float(rate(lr)) for lr in lrs])
        factors = [-1.0] * len(steps)
    else:
        steps, factors = grads, lr_rescale
    if not _exact_addcmul(weights[0]):  # float16: round after each product, as half_t does
        steps = torch._foreach_mul(steps, [-f for f in factors])
        ones = factors = None
    if has_mom:
        moms = [grp[2] for grp in groups]
        torch._foreach_mul_(moms, float(T(momentum)))
        if ones is None:
            torch._foreach_sub_(moms, torch._foreach_mul(weights, [-v for v in minus_lw]))
        else:
            torch._foreach_addcmul_(moms, weights, ones, minus_lw)
    else:  # momentum*0 - lr*wd*w: the negated product (the sign of a zero aside)
        moms = torch._foreach_mul(weights, minus_lw)
    if ones is None:
        torch._foreach_sub_(moms, steps)
    else:
        torch._foreach_addcmul_(moms, steps, ones, factors)
    new = torch._foreach_add(weights, moms)
    if mp:
        for weight32, value in zip(weights, new):
            weight32.copy_(value)
        return tuple(value.to(grp[0].dtype) for value, grp in zip(new, groups))
    return tuple(new)


def _multi_sgd_run_on_device(groups, lr_array, wd_array, momentum, rescale_grad, clip_gradient, has_mom, mp):
    """_multi_sgd_run with the preloaded rates as device tensors (each product rounded in the
    weights' type, as there): ``mom = momentum*mom + w*(-lr*wd) + step*factor; w + mom``."""
    mp = _master(mp, groups)
    weights = [grp[-1] if mp else grp[0] for grp in groups]
    T = np.float32 if mp else _SCALAR.get(weights[0].dtype, np.float32)
    decays = torch.neg(lr_array.reshape(-1) * wd_array.reshape(-1)).to(weights[0].dtype)  # float * float
    lrs = lr_array.reshape(-1).to(weights[0].dtype)
    if clip_gradient >= 0:
        steps = [_clip((grp[1].to(_F32) if mp else grp[1]) * float(T(rescale_grad)), float(T(clip_gradient)))
                 for grp in groups]
        factors = torch.neg(lrs)
    else:
        steps = [grp[1].to(_F32) if mp else grp[1] for grp in groups]
        factors = torch.neg(lrs * float(T(rescale_grad)))
    new = []
    for index, (grp, weight, step) in enumerate(zip(groups, weights, steps)):
        change = weight * decays[index]
        if has_mom:
            change = grp[2].mul_(float(T(momentum))).add_(change)
        new.append(weight + change.add_(step * factors[index]))
    if mp:
        for weight32, value in zip(weights, new):
            weight32.copy_(value)
        return tuple(value.to(grp[0].dtype) for value, grp in zip(new, groups))
    return tuple(new)


def _multi_sgd_impl(op, stride, has_mom, mp, preloaded):
    fp32 = (1 if mp else 0) + (1 if has_mom and mp else 0)

    def body(*data, num_weights, rescale_grad, clip_gradient, momentum=0.0, lrs=None, wds=None):
        groups = _groups(op, data, stride, num_weights, 2 if preloaded else 0)
        if preloaded:
            lr_array, wd_array = data[-2], data[-1]
            for what, array in (("lrs", lr_array), ("wds", wd_array)):
                if array.numel() != num_weights:
                    _check_count(op, what, range(array.numel()), num_weights)
            if not on_host(lr_array):  # the rates stay on the device: no read back each step
                for grp in groups:
                    _check(op, grp, stride - fp32, fp32)
                return _multi_sgd_run_on_device(groups, lr_array, wd_array, momentum, rescale_grad,
                                                clip_gradient, has_mom, mp)
            lrs, wds = lr_array.reshape(-1).tolist(), wd_array.reshape(-1).tolist()
        _check_count(op, "lrs", lrs, num_weights)
        _check_count(op, "wds", wds, num_weights)
        for grp in groups:
            _check(op, grp, stride - fp32, fp32)
        return _multi_sgd_run(groups, lrs, wds, momentum, rescale_grad, clip_gradient, has_mom, mp, preloaded)
    return body


_EXACT_DOUBLE_SUM = 65536  # elements up to which a double array's float sum is repeated exactly


def _f32_running_sum(squares):
    """``float sum; sum += square`` over double squares: each addition in double, rounded to float
    (a Python loop, up to _EXACT_DOUBLE_SUM elements; beyond, the double sum rounded once)."""
    if squares.size > _EXACT_DOUBLE_SUM:
        return float(np.float32(np.add.accumulate(squares)[-1]))
    total = np.float32(0)
    for square in squares.tolist():
        total = np.float32(float(total) + square)
    return float(total)


def _sum_sq(data):
    """CalcSumSq (multi_sum_sq.cc, also multi_lamb's): per array, a float32 sum of squares
    accumulated element by element on CPU (numpy's sequential float32 accumulate; a double array's
    additions are in double, see _f32_running_sum); torch elsewhere."""
    sums = []
    for tensor in data:
        flat = tensor.reshape(-1)
        if flat.is_cpu and flat.dtype in (torch.float32, torch.float16, torch.float64):
            values = flat.numpy()
            if values.dtype == np.float64:
                sums.append(_f32_running_sum(values * values))
                continue
            with np.errstate(over="ignore"):  # squares beyond float32 are inf, as in C
                squares = (values * values).astype(np.float32, copy=False)
            sums.append(float(np.add.accumulate(squares, out=squares)[-1]) if squares.size else 0.0)
        else:
            sums.append(flat.to(_F32).square().sum())
    if sums and isinstance(sums[0], float):
        return torch.tensor(sums, dtype=_F32, device=data[0].device)
    return torch.stack([torch.as_tensor(s, dtype=_F32, device=data[0].device) for s in sums])


def _multi_lars(lrs, weights_sum_sq, grads_sum_sq, wds, *, eta, eps, rescale_grad):
    """MultiLARSKernel: lr*eta*|w| / (|g|*rescale + wd*|w| + eps) where both norms are > 0."""
    if lrs.dtype is not _F32:
        raise MXNetError("multi_lars: MultiLARS only support float")
    w_norm = _sqrt(weights_sum_sq)
    ratio = (lrs * eta).mul_(w_norm).div_((_sqrt(grads_sum_sq) * rescale_grad).add_(wds * w_norm).add_(eps))
    return torch.where((w_norm > 0) & (grads_sum_sq > 0), ratio, lrs)


def _multi_adamw_impl(op, stride, mp):
    def body(*data, lrs, beta1, beta2, epsilon, wds, etas, clip_gradient, num_weights):
        groups = _groups(op, data, stride, num_weights, 1)
        for what, values in (("lrs", lrs), ("wds", wds), ("etas", etas)):
            _check_count(op, what, values, num_weights)
        for grp in groups:
            _check(op, grp, 2 if mp else 4, 3 if mp else 0)
        expected = _F32 if mp else groups[0][0].dtype  # the mp form's rescale_grad is float32
        if data[-1].dtype is not expected:
            raise MXNetError(f"{op}: Incompatible attr in node at {len(data) - 1}-th input: expected "
                             f"{_name(expected)}, got {_name(data[-1].dtype)}")
        scale = float(np.float32(_scale_value(data[-1])))
        if not np.isfinite(scale) or scale == 0:
            return tuple(grp[0].clone() for grp in groups)
        master = _master(mp, groups)
        outs = []
        for grp, lr, wd, eta in zip(groups, lrs, wds, etas):
            T = np.float32 if master else _SCALAR.get(grp[0].dtype, np.float32)
            weight = grp[4] if master else grp[0]
            g = grp[1].to(_F32) if master else grp[1]
            g = g * float(T(scale))
            if clip_gradient >= 0:
                g = _clip(g, float(T(clip_gradient)))
            mean, var = grp[2], grp[3]
            # MultiMPAdamWKernel: mean = b1*(mean - g) + g; var = b2*(var - g*g) + g*g
            mean.sub_(g).mul_(float(T(beta1))).add_(g)
            square = g * g
            var.sub_(square).mul_(float(T(beta2))).add_(square)
            step = (mean * float(T(lr))).div_(_sqrt(var).add_(float(T(epsilon))))
            new = weight - step.add_(weight * float(T(wd))).mul_(float(T(eta)))
            if master:
                weight.copy_(new)
                new = new.to(grp[0].dtype)
            outs.append(new)
        return tuple(outs)
    return body


def _multi_lamb_impl(op, stride, mp):
    def body(*data, learning_rates, wds, step_count, beta1, beta2, epsilon, rescale_grad, lower_bound,
             upper_bound, clip_gradient, bias_correction, num_tensors):
        groups = _groups(op, data, stride, num_tensors)
        for what, values in (("learning_rates", learning_rates), ("wds", wds), ("step_count", step_count)):
            _check_count(op, what, values, num_tensors, "num_tensors")
        for grp in groups:
            _check(op, grp, 2 if mp else 4, 3 if mp else 0)
        master = _master(mp, groups)
        r1s = _sum_sq([grp[0] for grp in groups])
        temps = []
        for grp, wd, step in zip(groups, wds, step_count):
            T = np.float32 if master else _SCALAR.get(grp[0].dtype, np.float32)
            weight = grp[4] if master else grp[0].to(_F32 if T is np.float32 else grp[0].dtype)
            g = (grp[1].to(_F32) if master else grp[1]) * float(np.float32(rescale_grad))  # a float parameter
            if clip_gradient >= 0:
                g = _clip(g, float(T(clip_gradient)))
            mean, var = grp[2], grp[3]
            mean.mul_(float(T(beta1))).add_(g * float(T(1) - T(beta1)))
            var.mul_(float(T(beta2))).add_((g * float(T(1) - T(beta2))).mul_(g))
            m, v = mean, var
            if bias_correction:
                m = mean / float(T(1) - T(beta1) ** T(step))
                v = var / float(T(1) - T(beta2) ** T(step))
            temps.append(_lamb_direction(m, v, weight * float(T(wd)), T, epsilon))
        r2s = _sum_sq(temps)
        if not on_host(r2s):  # the norms stay on the device: no read back each step
            return _lamb_phase2_on_device(groups, learning_rates, temps, r1s, r2s, lower_bound, upper_bound, master)
        outs = []
        for grp, lr, temp, r1, r2 in zip(groups, learning_rates, temps, r1s.tolist(), r2s.tolist()):
            r1, r2 = np.float32(np.sqrt(np.float32(r1))), np.float32(np.sqrt(np.float32(r2)))
            if lower_bound >= 0:
                r1 = max(r1, np.float32(lower_bound))
            if upper_bound >= 0:
                r1 = min(r1, np.float32(upper_bound))
            ratio = np.float32(1) if r1 == 0 or r2 == 0 else np.float32(r1 / r2)
            T = np.float32 if master else _SCALAR.get(grp[0].dtype, np.float32)  # the kernel's MPDType
            outs.append(_lamb_new_weight(grp, temp, float(T(np.float32(lr)) * T(ratio)), master))
        return tuple(outs)
    return body


def _lamb_direction(m, v, decay, T, epsilon):
    """MultiLAMBKernelStep1's ``m / (sqrt(v) + eps) + wd*w``, stored as float. The unqualified sqrt
    is C's double one for float and double (quotient and sum in double); for half_t it is sqrtf, its
    sum with eps is rounded to half, and so is each half_t operation after it."""
    if T is np.float16:
        return (m / _sqrt(v.float()).add_(float(T(epsilon))).to(v.dtype) + decay).float()
    # (a copy before sqrt_: double() of a float64 state is the state itself)
    root = v.to(torch.float64, copy=True).sqrt_().add_(float(T(epsilon)))
    return (m.double() / root).add_(decay.double()).to(_F32)


def _lamb_new_weight(grp, temp, scale, mp):
    """MultiLAMBKernelStep2's ``w - scale * temp_g`` (``scale``: lr * trust ratio in its MPDType;
    the float temp_g times it rounds to MPDType, float16 included); with mp the master weight is
    updated too."""
    weight = grp[4] if mp else grp[0]
    wide = torch.float64 if weight.dtype == torch.float64 else _F32
    new = weight - (temp.to(wide) * scale).to(weight.dtype)
    if mp:
        weight.copy_(new)
    return new.to(grp[0].dtype)


def _lamb_phase2_on_device(groups, learning_rates, temps, r1s, r2s, lower_bound, upper_bound, mp):
    """The end of MultiLAMB with the norms as device tensors: ``w - temp * lr * r1/r2`` (ratio 1
    where a norm is 0), r1 within the bounds."""
    r1, r2 = _sqrt(r1s), _sqrt(r2s)
    if lower_bound >= 0:
        r1 = r1.clamp_min(float(np.float32(lower_bound)))
    if upper_bound >= 0:
        r1 = r1.clamp_max(float(np.float32(upper_bound)))
    ratios = torch.where((r1 == 0) | (r2 == 0), torch.ones_like(r1), r1 / r2)
    lrs = torch.tensor(learning_rates, dtype=_F32, device=r1.device)
    outs = []
    for index, (grp, temp) in enumerate(zip(groups, temps)):
        kind = _F32 if mp else grp[0].dtype  # the kernel's MPDType
        outs.append(_lamb_new_weight(grp, temp, lrs[index].to(kind) * ratios[index].to(kind), mp))
    return tuple(outs)


# ---- the table ---------------------------------------------------------------------------------

def _p(name, default=REQUIRED, doc="", parse=_f32):
    return Param(name, parse, default if default is REQUIRED or parse is not _f32 else _f32(default), doc)


_LR = _p("lr", doc="Learning rate.")
_WD = _p("wd", 0.0, "Weight decay: the gradient gains wd * weight.")
_RESCALE = _p("rescale_grad", 1.0, "Rescale gradient to grad = rescale_grad*grad.")
_CLIP = _p("clip_gradient", -1.0, "Clip gradient to [-clip_gradient, clip_gradient]; off if negative.")
_LAZY = Param("lazy_update", parse_bool, True, "Only update rows present in a row_sparse gradient.")
_MOMENTUM = _p("momentum", 0.0, "The decay rate of momentum estimates.")
_BETA1, _BETA2 = _p("beta1", 0.9, "Decay rate of the first moment."), _p("beta2", 0.999, "Decay rate of the second moment.")
_EPS = _p("epsilon", 1e-8, "Small value to avoid division by 0.")
_CLIP_W = _p("clip_weights", -1.0, "Clip weights to [-clip_weights, clip_weights]; off if negative.")
_LRS = Param("lrs", parse_float32_tuple, REQUIRED, "Learning rates, one per weight.")
_WDS = Param("wds", parse_float32_tuple, REQUIRED, "Weight decays, one per weight.")
_NUM = Param("num_weights", parse_int, 1, "Number of updated weights.")
_T = Param("t", parse_int, REQUIRED, "Number of update.")
_ADAMW = (_p("lr", doc="Learning rate."), _p("eta", doc="Learning rate schedule multiplier."), _BETA1, _BETA2,
          _EPS, _WD, _CLIP)
_LAMB1 = (_BETA1, _BETA2, _p("epsilon", 1e-6, "Small value to avoid division by 0."), _T,
          Param("bias_correction", parse_bool, True, "Whether to use bias correction."),
          _p("wd", doc="Weight decay."), _RESCALE, _CLIP)
_LAMB2 = (_LR, _p("lower_bound", -1.0, "Lower limit of the weight norm; off if negative."),
          _p("upper_bound", -1.0, "Upper limit of the weight norm; off if negative."))
_MULTI_LAMB = (Param("learning_rates", parse_float32_tuple, REQUIRED, "Learning rates."), _BETA1, _BETA2,
               _p("epsilon", 1e-6, "Small value to avoid division by 0."), Param("wds", parse_float32_tuple, REQUIRED, "Weight decays."),
               _RESCALE, _p("lower_bound", -1.0, "Lower limit of the weight norm."),
               _p("upper_bound", -1.0, "Upper limit of the weight norm."), _CLIP,
               Param("bias_correction", parse_bool, True, "Whether to use bias correction."),
               Param("step_count", _ints, REQUIRED, "Step count of each tensor."),
               Param("num_tensors", parse_int, 1, "Number of tensors."))
_MULTI_ADAMW = (_LRS, _BETA1, _BETA2, _EPS, _WDS, Param("etas", parse_float32_tuple, REQUIRED, "Learning rate schedule multipliers."),
                _CLIP, _NUM)


def _as_in_c(body):
    """``body`` with numpy's floating-point warnings off: the kernels' scalar arithmetic (lr * wd,
    1 - lr * wd ... in numpy scalar types, as C's) overflows to inf or gives NaN silently, as in
    C. (A fresh errstate per call: numpy 1.x's cannot be entered twice, nested or by threads.)"""
    @functools.wraps(body)
    def silent(*args, **kwargs):
        with np.errstate(all="ignore"):
            return body(*args, **kwargs)
    return silent


def _op(name, impl, inputs, params, doc, writes_out=False, out_like=0):
    """An update operator; out= is checked against the input ``out_like`` (the weight, or the float32
    master weight whose type the output has) before any state is updated."""
    return OpSpec(name, _as_in_c(impl), inputs=inputs, params=params, family="optimizer_update", doc=doc,
                  writes_out=writes_out, out_like=out_like)


def _batched(name, body, stride, params, doc, count="num_weights", extra=0):
    """A batched update of ``*data`` (a group of ``stride`` inputs per weight, then ``extra`` arrays):
    out= is checked against the weights before any state is updated."""
    return OpSpec(name, _as_in_c(body), inputs=("*data",), params=params, family="optimizer_update", doc=doc,
                  outs_like=_weights_out(name, stride, count, extra))


def _multi(name, stride, has_mom, mp, preloaded, doc):
    params = (() if preloaded else (_LRS, _WDS)) + ((_MOMENTUM,) if has_mom else ()) + (_RESCALE, _CLIP, _NUM)
    return _batched(name, _multi_sgd_impl(name, stride, has_mom, mp, preloaded), stride, params, doc,
                    extra=2 if preloaded else 0)


def _multi_adamw(name, mp, doc):
    stride = 5 if mp else 4
    return _batched(name, _multi_adamw_impl(name, stride, mp), stride, _MULTI_ADAMW, doc, extra=1)


def _multi_lamb(name, mp, doc):
    stride = 5 if mp else 4
    return _batched(name, _multi_lamb_impl(name, stride, mp), stride, _MULTI_LAMB, doc, count="num_tensors")


OPTIMIZER_UPDATES = declare([
    _op("sgd_update", _sgd, ("weight", "grad"), (_LR, _WD, _RESCALE, _CLIP, _LAZY),
        "Update function for Stochastic Gradient Descent (SGD) optimizer.", writes_out=True),
    _op("sgd_mom_update", _sgd_mom, ("weight", "grad", "mom"), (_LR, _MOMENTUM, _WD, _RESCALE, _CLIP, _LAZY),
        "Momentum update function for Stochastic Gradient Descent (SGD) optimizer.", writes_out=True),
    _op("mp_sgd_update", _mp_sgd, ("weight", "grad", "weight32"), (_LR, _WD, _RESCALE, _CLIP, _LAZY),
        "Updater function for multi-precision sgd optimizer."),
    _op("mp_sgd_mom_update", _mp_sgd_mom, ("weight", "grad", "mom", "weight32"),
        (_LR, _MOMENTUM, _WD, _RESCALE, _CLIP, _LAZY), "Updater function for multi-precision sgd optimizer."),
    _op("nag_mom_update", _nag_mom, ("weight", "grad", "mom"), (_LR, _MOMENTUM, _WD, _RESCALE, _CLIP),
        "Update function for Nesterov Accelerated Gradient (NAG) optimizer.", writes_out=True),
    _op("mp_nag_mom_update", _mp_nag_mom, ("weight", "grad", "mom", "weight32"),
        (_LR, _MOMENTUM, _WD, _RESCALE, _CLIP), "Update function for multi-precision Nesterov Accelerated Gradient (NAG) optimizer."),
    _op("adam_update", _adam, ("weight", "grad", "mean", "var"),
        (_LR, _BETA1, _BETA2, _EPS, _WD, _RESCALE, _CLIP, _LAZY), "Update function for Adam optimizer.",
        writes_out=True),
    _op("_adamw_update", _adamw_impl(False, False), ("weight", "grad", "mean", "var", "rescale_grad"), _ADAMW,
        "Update function for AdamW optimizer (rescale_grad is an array)."),
    _op("_mp_adamw_update", _adamw_impl(True, False), ("weight", "grad", "mean", "var", "weight32", "rescale_grad"),
        _ADAMW, "Update function for multi-precision AdamW optimizer (rescale_grad is an array)."),
    _op("_contrib_adamw_update", _adamw_impl(False, True), ("weight", "grad", "mean", "var"),
        (Param("rescale_grad", _scale, REQUIRED, "Gradient rescaling: a number or a one-element array."),) + _ADAMW,
        "Update function for AdamW optimizer."),
    _op("_contrib_mp_adamw_update", _adamw_impl(True, True), ("weight", "grad", "mean", "var", "weight32"),
        (Param("rescale_grad", _scale, REQUIRED, "Gradient rescaling: a number or a one-element array."),) + _ADAMW,
        "Update function for multi-precision AdamW optimizer."),
    _multi_adamw("_multi_adamw_update", False,
                 "Update function for AdamW optimizer on several weights (rescale_grad is the last array)."),
    _multi_adamw("_multi_mp_adamw_update", True,
                 "Update function for multi-precision AdamW optimizer on several weights."),
    _op("rmsprop_update", _rmsprop, ("weight", "grad", "n"),
        (_LR, _p("gamma1", 0.95, "The decay rate of momentum estimates."), _EPS, _WD, _RESCALE, _CLIP, _CLIP_W),
        "Update function for RMSProp optimizer."),
    _op("rmspropalex_update", _rmspropalex, ("weight", "grad", "n", "g", "delta"),
        (_LR, _p("gamma1", 0.95, "Decay rate."), _p("gamma2", 0.9, "Decay rate."), _EPS, _WD, _RESCALE, _CLIP, _CLIP_W),
        "Update function for RMSPropAlex optimizer."),
    _op("ftml_update", _ftml, ("weight", "grad", "d", "v", "z"),
        (_LR, _p("beta1", 0.6, "Generally close to 0.5."), _p("beta2", 0.999, "Generally close to 1."),
         _p("epsilon", _f32(1e-8), "Small value to avoid division by 0 (a double, as FTMLParam's).",
            parse=parse_float), _T,
         _WD, _RESCALE, _p("clip_grad", -1.0, "Clip gradient to [-clip_grad, clip_grad]; off if negative.")),
        "The FTML optimizer described in FTML - Follow the Moving Leader in Deep Learning."),
    _op("ftrl_update", _ftrl, ("weight", "grad", "z", "n"),
        (_LR, _p("lamda1", 0.01, "The L1 regularization coefficient."), _p("beta", 1.0, "Per-Coordinate Learning Rate beta."),
         _WD, _RESCALE, _CLIP), "Update function for Ftrl optimizer."),
    _op("signsgd_update", _signsgd, ("weight", "grad"), (_LR, _WD, _RESCALE, _CLIP),
        "Update function for SignSGD optimizer."),
    _op("signum_update", _signum, ("weight", "grad", "mom"),
        (_LR, _MOMENTUM, _WD, _RESCALE, _CLIP, _p("wd_lh", 0.0, "Decoupled weight decay.")),
        "SIGN momentUM (Signum) optimizer."),
    _op("lamb_update_phase1", _lamb_phase1, ("weight", "grad", "mean", "var"), _LAMB1,
        "Phase I of lamb update: the normalized update direction g."),
    _op("lamb_update_phase2", _lamb_phase2, ("weight", "g", "r1", "r2"), _LAMB2,
        "Phase II of lamb update: the weight stepped by the trust-ratio-scaled g."),
    _op("mp_lamb_update_phase1", _mp_lamb_phase1, ("weight", "grad", "mean", "var", "weight32"), _LAMB1,
        "Mixed Precision version of Phase I of lamb update.", out_like=4),
    _op("mp_lamb_update_phase2", _mp_lamb_phase2, ("weight", "g", "r1", "r2", "weight32"), _LAMB2,
        "Mixed Precision version of Phase II of lamb update."),
    _multi_lamb("_multi_lamb_update", False, "Update function for LAMB optimizer on several weights."),
    _multi_lamb("_multi_mp_lamb_update", True,
                "Update function for multi-precision LAMB optimizer on several weights."),
    _multi("multi_sgd_update", 2, False, False, False, "Update function for SGD optimizer on several weights."),
    _multi("multi_sgd_mom_update", 3, True, False, False, "Momentum update function for SGD on several weights."),
    _multi("multi_mp_sgd_update", 3, False, True, False, "Multi-precision SGD update on several weights."),
    _multi("multi_mp_sgd_mom_update", 4, True, True, False, "Multi-precision momentum SGD update on several weights."),
    _multi("preloaded_multi_sgd_update", 2, False, False, True,
           "SGD update on several weights; learning rates and weight decays are the last two arrays."),
    _multi("preloaded_multi_sgd_mom_update", 3, True, False, True,
           "Momentum SGD update on several weights; lrs and wds are the last two arrays."),
    _multi("preloaded_multi_mp_sgd_update", 3, False, True, True,
           "Multi-precision SGD update on several weights; lrs and wds are the last two arrays."),
    _multi("preloaded_multi_mp_sgd_mom_update", 4, True, True, True,
           "Multi-precision momentum SGD update on several weights; lrs and wds are the last two arrays."),
    _op("multi_lars", _multi_lars, ("lrs", "weights_sum_sq", "grads_sum_sq", "wds"),
        (_p("eta", doc="LARS eta."), _p("eps", doc="LARS eps."), _RESCALE),
        "Compute the LARS coefficients of multiple weights and grads from their sums of square."),
])
