"""Adaptive optimizers as MXNet 1.9.1's: Adam, AdaGrad, RMSProp, AdaDelta, Ftrl, Adamax, Nadam,
FTML, LAMB (and the Test optimizer). Those MXNet writes with NDArray arithmetic use the same
operations here, with a correctly rounded square root.

>>> import mxnd as mx
>>> opt = mx.optimizer.Adam(learning_rate=0.1)
>>> w = mx.nd.array([1., 2.])
>>> state = opt.create_state(0, w)
>>> opt.update(0, w, mx.nd.array([0.5, -0.5]), state)
>>> w.asnumpy().tolist()
[0.8999993801116943, 2.1000006198883057]
"""
from __future__ import annotations

import math
import os

import numpy

from .. import ndarray as nd
from ..ndarray.ndarray import NDArray
from .optimizer import Optimizer, flatten_list, register, zeros_like_weight

__all__ = ["Adam", "AdaGrad", "RMSProp", "AdaDelta", "Ftrl", "Adamax", "Nadam", "FTML", "LAMB", "Test"]


def _check(weight, grad):
    assert isinstance(weight, NDArray)
    assert isinstance(grad, NDArray)


@register
class Adam(Optimizer):
    """Adam (adam_update) with the bias correction folded into the learning rate."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, lazy_update=True, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta1, self.beta2, self.epsilon = beta1, beta2, epsilon
        self.lazy_update = lazy_update

    def create_state(self, index, weight):
        stype = weight.stype if self.lazy_update else 'default'
        return (zeros_like_weight(weight, stype=stype), zeros_like_weight(weight, stype=stype))

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        t = self._index_update_count[index]
        lr *= math.sqrt(1. - self.beta2 ** t) / (1. - self.beta1 ** t)
        mean, var = state
        nd.adam_update(weight, grad, mean, var, out=weight, lazy_update=self.lazy_update, lr=lr, wd=wd,
                       **self._kwargs(beta1=self.beta1, beta2=self.beta2, epsilon=self.epsilon))


@register
class AdaGrad(Optimizer):
    """AdaGrad: ``history += g*g; weight -= lr*(g/sqrt(history + eps) + wd*weight)``."""

    def __init__(self, eps=1e-7, **kwargs):
        super().__init__(**kwargs)
        self.float_stable_eps = eps

    def create_state(self, index, weight):
        return zeros_like_weight(weight, dtype=None, stype=weight.stype)

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        history = state
        if grad.stype == 'row_sparse':
            kwargs = self._kwargs(epsilon=self.float_stable_eps)
            nd.sparse.adagrad_update(weight, grad, history, out=weight, lr=lr, wd=wd, **kwargs)
            return
        grad = grad * self.rescale_grad
        if self.clip_gradient is not None:
            grad = nd.clip(grad, -self.clip_gradient, self.clip_gradient)
        history[:] += nd.square(grad)
        div = grad / nd.sqrt(history + self.float_stable_eps)
        weight[:] += (div + weight * wd) * -lr


@register
class RMSProp(Optimizer):
    """RMSProp (rmsprop_update) or, with ``centered=True``, Graves' RMSPropAlex (rmspropalex_update)."""

    def __init__(self, learning_rate=0.001, gamma1=0.9, gamma2=0.9, epsilon=1e-8, centered=False,
                 clip_weights=None, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.gamma1, self.gamma2 = gamma1, gamma2
        self.centered = centered
        self.epsilon = epsilon
        self.clip_weights = clip_weights

    def create_state(self, index, weight):
        count = 3 if self.centered else 1
        return tuple(zeros_like_weight(weight, dtype=None, stype=weight.stype) for _ in range(count))

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        kwargs = self._kwargs(gamma1=self.gamma1, epsilon=self.epsilon)
        if self.centered:
            kwargs['gamma2'] = self.gamma2
        if self.clip_weights:
            kwargs['clip_weights'] = self.clip_weights
        if not self.centered:
            (n,) = state
            nd.rmsprop_update(weight, grad, n, out=weight, lr=lr, wd=wd, **kwargs)
        else:
            n, g, delta = state
            nd.rmspropalex_update(weight, grad, n, g, delta, out=weight, lr=lr, wd=wd, **kwargs)


@register
class AdaDelta(Optimizer):
    """AdaDelta (NDArray arithmetic; like MXNet it rescales ``grad`` in place)."""

    def __init__(self, rho=0.90, epsilon=1e-5, **kwargs):
        super().__init__(**kwargs)
        self.rho = rho
        self.epsilon = epsilon

    def create_state(self, index, weight):
        return (zeros_like_weight(weight, dtype=None), zeros_like_weight(weight, dtype=None))

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        wd = self._get_wd(index)
        self._update_count(index)
        grad *= self.rescale_grad
        if self.clip_gradient is not None:
            grad = nd.clip(grad, - self.clip_gradient, self.clip_gradient)
        acc_g, acc_delta = state
        acc_g[:] *= self.rho
        acc_g[:] += (1. - self.rho) * grad * grad
        current_delta = nd.sqrt(acc_delta + self.epsilon) / nd.sqrt(acc_g + self.epsilon) * grad
        acc_delta[:] *= self.rho
        acc_delta[:] += (1. - self.rho) * current_delta * current_delta
        weight[:] -= current_delta + wd * weight


@register
class Ftrl(Optimizer):
    """Follow the regularized leader (ftrl_update); learning_rate defaults to 0.1."""

    def __init__(self, lamda1=0.01, learning_rate=0.1, beta=1, **kwargs):
        super().__init__(**kwargs)
        self.lamda1 = lamda1
        self.beta = beta
        self.lr = learning_rate

    def create_state(self, index, weight):
        return (zeros_like_weight(weight, dtype=None, stype=weight.stype),
                zeros_like_weight(weight, dtype=None, stype=weight.stype))

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        self._update_count(index)
        wd, lr = self._get_wd(index), self._get_lr(index)
        z, n = state
        nd.ftrl_update(weight, grad, z, n, out=weight, lr=lr, wd=wd,
                       **self._kwargs(lamda1=self.lamda1, beta=self.beta))


@register
class Adamax(Optimizer):
    """AdaMax, Adam's infinity-norm variant (NDArray arithmetic)."""

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta1, self.beta2 = beta1, beta2

    def create_state(self, index, weight):
        return (zeros_like_weight(weight), zeros_like_weight(weight))

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        t = self._index_update_count[index]
        lr /= (1. - self.beta1 ** t)
        grad = grad * self.rescale_grad + wd * weight
        if self.clip_gradient is not None:
            grad = nd.clip(grad, -self.clip_gradient, self.clip_gradient)
        m_t, u_t = state
        m_t[:] *= self.beta1
        m_t[:] += (1. - self.beta1) * grad
        u_t[:] = nd.maximum(self.beta2 * u_t, nd.abs(grad))
        weight[:] -= lr * m_t / u_t


@register
class Nadam(Optimizer):
    """Nesterov Adam with the momentum schedule of Dozat (NDArray arithmetic)."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, schedule_decay=0.004, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta1, self.beta2, self.epsilon = beta1, beta2, epsilon
        self.schedule_decay = schedule_decay
        self.m_schedule = 1.

    def create_state(self, index, weight):
        return (zeros_like_weight(weight), zeros_like_weight(weight))

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        t = self._index_update_count[index]
        grad = grad * self.rescale_grad + wd * weight
        if self.clip_gradient is not None:
            grad = nd.clip(grad, -self.clip_gradient, self.clip_gradient)
        momentum_t = self.beta1 * (1. - 0.5 * (pow(0.96, t * self.schedule_decay)))
        momentum_t_1 = self.beta1 * (1. - 0.5 * (pow(0.96, (t + 1) * self.schedule_decay)))
        self.m_schedule = self.m_schedule * momentum_t
        m_schedule_next = self.m_schedule * momentum_t_1
        m_t, v_t = state
        m_t[:] *= self.beta1
        m_t[:] += (1. - self.beta1) * grad
        v_t[:] *= self.beta2
        v_t[:] += (1. - self.beta2) * grad * grad
        grad_prime = grad / (1. - self.m_schedule)
        m_t_prime = m_t / (1. - m_schedule_next)
        v_t_prime = v_t / (1. - pow(self.beta2, t))
        m_t_bar = (1. - momentum_t) * grad_prime + momentum_t_1 * m_t_prime
        weight[:] -= lr * m_t_bar / (nd.sqrt(v_t_prime) + self.epsilon)


@register
class FTML(Optimizer):
    """Follow the moving leader (ftml_update)."""

    def __init__(self, beta1=0.6, beta2=0.999, epsilon=1e-8, **kwargs):
        super().__init__(**kwargs)
        self.beta1, self.beta2, self.epsilon = beta1, beta2, epsilon

    def create_state(self, index, weight):
        return tuple(zeros_like_weight(weight) for _ in range(3))  # d, v, z

    def update(self, index, weight, grad, state):
        _check(weight, grad)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        t = self._index_update_count[index]
        kwargs = self._kwargs(clip_name='clip_grad', beta1=self.beta1, beta2=self.beta2, epsilon=self.epsilon, t=t)
        prev_d, prev_v, prev_z = state
        nd.ftml_update(weight, grad, prev_d, prev_v, prev_z, out=weight, lr=lr, wd=wd, **kwargs)


@register
class LAMB(Optimizer):
    """LAMB: lamb_update_phase1/2 per weight, or _multi_lamb_update on batches of up to 45."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-6, lower_bound=None,
                 upper_bound=None, bias_correction=True, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta1, self.beta2, self.epsilon = beta1, beta2, epsilon
        self.lower_bound, self.upper_bound = lower_bound, upper_bound
        self.bias_correction = bias_correction
        self.aggregate_num = max(1, min(45, int(os.getenv('MXNET_OPTIMIZER_AGGREGATION_SIZE', "45"))))

    def create_state(self, index, weight):
        return (zeros_like_weight(weight, stype=weight.stype), zeros_like_weight(weight, stype=weight.stype))

    def _bounds(self):
        kwargs = {}
        if self.lower_bound:
            kwargs['lower_bound'] = self.lower_bound
        if self.upper_bound:
            kwargs['upper_bound'] = self.upper_bound
        return kwargs

    def _update_impl(self, index, weight, grad, state, multi_precision=False):
        kwargs = {'beta1': self.beta1, 'beta2': self.beta2, 'epsilon': self.epsilon,
                  'bias_correction': self.bias_correction, 'rescale_grad': self.rescale_grad}
        if self.clip_gradient:
            kwargs['clip_gradient'] = self.clip_gradient
        if self.aggregate_num <= 1 or not isinstance(index, (tuple, list)):
            if isinstance(index, (tuple, list)):
                assert len(index) == self.aggregate_num
                index, weight, grad, state = index[0], weight[0], grad[0], state[0]
            _check(weight, grad)
            self._update_count(index)
            lr, wd = self._get_lr(index), self._get_wd(index)
            kwargs['t'] = self._index_update_count[index]
            if multi_precision:
                mean, var = state[1]
                weight32 = state[0]
                g = nd.mp_lamb_update_phase1(weight, grad, mean, var, weight32, wd=wd, **kwargs)
                nd.mp_lamb_update_phase2(weight, g, weight32.norm(), g.norm(), weight32, lr=lr, out=weight,
                                         **self._bounds())
            else:
                mean, var = state
                g = nd.lamb_update_phase1(weight, grad, mean, var, wd=wd, **kwargs)
                nd.lamb_update_phase2(weight, g, weight.norm(), g.norm(), lr=lr, out=weight, **self._bounds())
            return
        kwargs.update(self._bounds())
        step_count, lrs, wds = [], [], []
        for i, w_i, g_i in zip(index, weight, grad):
            _check(w_i, g_i)
            self._update_count(i)
            step_count.append(self._index_update_count[i])
            lrs.append(self._get_lr(i))
            wds.append(self._get_wd(i))
        for start in range(0, len(weight), self.aggregate_num):
            end = min(start + self.aggregate_num, len(weight))
            common = dict(out=list(weight[start:end]), num_tensors=end - start, step_count=step_count[start:end],
                          learning_rates=lrs[start:end], wds=wds[start:end], **kwargs)
            if not multi_precision:
                mean, var = list(zip(*state[start:end]))
                nd._internal._multi_lamb_update(
                    *flatten_list(zip(weight[start:end], grad[start:end], mean, var)), **common)
            else:
                mean, var = list(zip(*list(zip(*state[start:end]))[1]))
                weights32 = list(zip(*state[start:end]))[0]
                nd._internal._multi_mp_lamb_update(
                    *flatten_list(zip(weight[start:end], grad[start:end], mean, var, weights32)), **common)

    def update(self, index, weight, grad, state):
        self._update_impl(index, weight, grad, state, multi_precision=False)

    def update_multi_precision(self, index, weight, grad, state):
        first = weight[0] if isinstance(index, (tuple, list)) else weight
        self._update_impl(index, weight, grad, state,
                          multi_precision=self.multi_precision and first.dtype == numpy.float16)


@register
class Test(Optimizer):
    """The test optimizer of MXNet: ``weight += grad * rescale_grad; state = weight``."""

    def create_state(self, index, weight):
        return zeros_like_weight(weight, dtype=None)

    def update(self, index, weight, grad, state):
        weight[:] += grad * self.rescale_grad
        state[:] = weight
