"""SGD-style optimizers as MXNet 1.9.1's: SGD (and ccSGD), NAG, Signum, LARS, DCASGD, SGLD.

Dense SGD and LARS updates go through the batched ``multi_*``/``preloaded_multi_*`` operators,
as MXNet's do (their rounding differs from ``sgd_update``'s); ``MXNET_OPTIMIZER_AGGREGATION_SIZE``
sets the batch size (default 4).

>>> import mxnd as mx
>>> opt = mx.optimizer.SGD(learning_rate=0.1, momentum=0.9)
>>> w, g = mx.nd.array([1., 2.]), mx.nd.array([1., -1.])
>>> state = opt.create_state(0, w)
>>> opt.update(0, w, g, state)
>>> w.asnumpy().tolist(), state.asnumpy().tolist()
([0.8999999761581421, 2.0999999046325684], [-0.10000000149011612, 0.10000000149011612])
"""
from __future__ import annotations

import logging
import math
import os
import warnings

import numpy

from .. import ndarray as nd
from ..ndarray.ndarray import NDArray
from .optimizer import Optimizer, flatten_list, register, zeros_like_weight

__all__ = ["SGD", "ccSGD", "NAG", "Signum", "LARS", "LBSGD", "DCASGD", "SGLD"]


def _aggregation_size(default="4"):
    return int(os.getenv('MXNET_OPTIMIZER_AGGREGATION_SIZE', default))


def _as_lists(indices, weights, grads, states):
    if not isinstance(indices, (tuple, list)):
        return [indices], [weights], [grads], [states]
    return list(indices), list(weights), list(grads), list(states)


def _is_dense(weights, grads):
    for weight, grad in zip(weights, grads):
        assert isinstance(weight, NDArray)
        assert isinstance(grad, NDArray)
    return all(w.stype == 'default' and g.stype == 'default' for w, g in zip(weights, grads))


class _MasterCopyFirstState:
    """States ``(state, float32 master copy)`` for float16 weights with multi_precision (SGD, NAG, LARS)."""

    def create_state_multi_precision(self, index, weight):
        if self.multi_precision and weight.dtype == numpy.float16:
            weight_master_copy = weight.astype(numpy.float32)
            return (self.create_state(index, weight_master_copy), weight_master_copy)
        if weight.dtype == numpy.float16 and not self.multi_precision:
            warnings.warn("Accumulating with float16 in optimizer can lead to poor accuracy or slow "
                          f"convergence. Consider using multi_precision=True option of the "
                          f"{'NAG' if isinstance(self, NAG) else 'SGD'} optimizer")
        return self.create_state(index, weight)

    def update(self, index, weight, grad, state):
        self._update_impl(index, weight, grad, state, multi_precision=False)

    def update_multi_precision(self, index, weight, grad, state):
        first = weight[0] if isinstance(index, (tuple, list)) else weight
        self._update_impl(index, weight, grad, state,
                          multi_precision=self.multi_precision and first.dtype == numpy.float16)


def _momentum_step(weight, grad, state, multi_precision, momentum_op, mp_momentum_op, lazy=None, **kwargs):
    """One update of the SGD family in place: ``momentum_op`` with a momentum state, ``sgd_update``
    without; with multi_precision the mp_ forms (state = (momentum or None, float32 master copy)).
    ``lazy`` (lazy_update) goes to the single-precision operators only, as MXNet passes it."""
    if not multi_precision:
        lazy_kwargs = {} if lazy is None else {"lazy_update": lazy}
        if state is not None:
            momentum_op(weight, grad, state, out=weight, **lazy_kwargs, **kwargs)
        else:
            nd.sgd_update(weight, grad, out=weight, **lazy_kwargs, **kwargs)
    elif state[0] is not None:
        mp_momentum_op(weight, grad, state[0], state[1], out=weight, **kwargs)
    else:
        nd.mp_sgd_update(weight, grad, state[1], out=weight, **kwargs)


def _single_sgd(weights, grads, states, lrs, wds, kwargs, multi_precision, lazy_update):
    """One sgd_update / sgd_mom_update (or mp_ form) per weight: MXNet's non-aggregated path."""
    for weight, grad, state, lr, wd in zip(weights, grads, states, lrs, wds):
        _momentum_step(weight, grad, state, multi_precision, nd.sgd_mom_update, nd.mp_sgd_mom_update,
                       lazy=lazy_update, lr=lr, wd=wd, **kwargs)


@register
class SGD(_MasterCopyFirstState, Optimizer):
    """SGD with optional momentum: ``state = momentum*state - lr*(rescale*grad + wd*weight); weight += state``."""

    def __init__(self, momentum=0.0, lazy_update=True, **kwargs):
        super().__init__(**kwargs)
        self.momentum = momentum
        self.lazy_update = lazy_update
        self.aggregate_num = _aggregation_size()

    def create_state(self, index, weight):
        if self.momentum == 0.0:
            return None
        return zeros_like_weight(weight, stype=weight.stype if self.lazy_update else 'default')

    def _update_impl(self, indices, weights, grads, states, multi_precision=False):
        indices, weights, grads, states = _as_lists(indices, weights, grads, states)
        aggregate = _is_dense(weights, grads)
        self._update_count(indices)
        lrs, wds = self._get_lrs(indices), self._get_wds(indices)
        kwargs = self._kwargs(**({'momentum': self.momentum} if self.momentum > 0 else {}))
        if not aggregate:
            _single_sgd(weights, grads, states, lrs, wds, kwargs, multi_precision, self.lazy_update)
            return
        common = dict(out=weights, num_weights=len(weights), lrs=lrs, wds=wds, **kwargs)
        if not multi_precision:
            if self.momentum > 0:
                nd.multi_sgd_mom_update(*flatten_list(zip(weights, grads, states)), **common)
            else:
                nd.multi_sgd_update(*flatten_list(zip(weights, grads)), **common)
        elif self.momentum > 0:
            nd.multi_mp_sgd_mom_update(*flatten_list(zip(weights, grads, *zip(*states))), **common)
        else:
            nd.multi_mp_sgd_update(*flatten_list(zip(weights, grads, list(zip(*states))[1])), **common)


@register
class ccSGD(SGD):  # noqa: N801 - MXNet's name
    """[DEPRECATED] Same as SGD."""


@register
class NAG(_MasterCopyFirstState, Optimizer):
    """Nesterov accelerated gradient (nag_mom_update; sgd_update without momentum)."""

    def __init__(self, momentum=0.0, **kwargs):
        super().__init__(**kwargs)
        self.momentum = momentum

    def create_state(self, index, weight):
        return zeros_like_weight(weight) if self.momentum != 0.0 else None

    def _update_impl(self, index, weight, grad, state, multi_precision=False):
        assert isinstance(weight, NDArray) and isinstance(grad, NDArray)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        kwargs = self._kwargs(**({'momentum': self.momentum} if self.momentum > 0 else {}))
        _momentum_step(weight, grad, state, multi_precision, nd.nag_mom_update, nd.mp_nag_mom_update,
                       lr=lr, wd=wd, **kwargs)

    def update_multi_precision(self, index, weight, grad, state):
        use = self.multi_precision and weight.dtype == numpy.float16 and isinstance(state, (tuple, list))
        self._update_impl(index, weight, grad, state, multi_precision=use)


@register
class Signum(Optimizer):
    """Signum (signum_update) and, with momentum 0, signSGD (signsgd_update)."""

    def __init__(self, learning_rate=0.01, momentum=0.9, wd_lh=0.0, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.momentum = momentum
        self.wd_lh = wd_lh

    def create_state(self, index, weight):
        return zeros_like_weight(weight, stype=weight.stype) if self.momentum != 0.0 else None

    def update(self, index, weight, grad, state):
        assert isinstance(weight, NDArray) and isinstance(grad, NDArray)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        kwargs = self._kwargs(**({'momentum': self.momentum} if self.momentum > 0 else {}))
        if self.wd_lh:
            kwargs['wd_lh'] = self.wd_lh
        if state is not None:
            nd.signum_update(weight, grad, state, out=weight, lr=lr, wd=wd, **kwargs)
        else:  # as MXNet, a wd_lh without momentum reaches signsgd_update, which rejects it
            nd.signsgd_update(weight, grad, out=weight, lr=lr, wd=wd, **kwargs)


_NO_LARS = ('gamma', 'beta', 'bias')


@register
class LARS(_MasterCopyFirstState, Optimizer):
    """Layer-wise adaptive rate scaling on SGD (multi_sum_sq + multi_lars + preloaded_multi_* updates)."""

    def __init__(self, momentum=0.0, lazy_update=True, eta=0.001, eps=0, momentum_correction=True, **kwargs):
        super().__init__(**kwargs)
        self.momentum = momentum
        self.momentum_correction = momentum_correction
        self.lazy_update = lazy_update
        self.aggregate_num = _aggregation_size()
        self.eta = eta
        self.eps = eps
        self.skip = 0
        self.last_lr = None
        self.cur_lr = None

    def _get_lrs(self, indices):
        """Learning rates, remembering the previous and current base rate (momentum correction)."""
        if self.cur_lr is not None:
            self.last_lr = self.cur_lr
        lr = self._base_lr()
        if self.cur_lr is None:
            self.last_lr = lr
        self.cur_lr = lr
        return self._scaled(lr, indices, self.lr_mult, "lr_mult")

    def set_wd_mult(self, args_wd_mult):
        """Weight decay multipliers: 0 for every name not ending in _weight."""
        self.wd_mult = {}
        for n in self.idx2name.values():
            if not n.endswith('_weight'):
                self.wd_mult[n] = 0.0
        self._sym_wd_mult()
        self.wd_mult.update(args_wd_mult)

    def create_state(self, index, weight):
        if self.momentum == 0.0:
            return None
        return zeros_like_weight(weight, stype=weight.stype if self.lazy_update else 'default')

    def _l2norm(self, v, rescale=False):
        v = v.astype('float32')
        if rescale:
            v *= self.rescale_grad
        return float(nd.norm(v).asnumpy()[0])  # a double, as numpy 1.x's float32 scalar * float gives

    def _get_lars(self, i, weight, g, lr, wd):
        name = self.idx2name[i] if i in self.idx2name else str(i)
        if name.endswith(_NO_LARS):
            return lr
        w_norm, g_norm = self._l2norm(weight), self._l2norm(g, rescale=True)
        lars = self.eta * w_norm / (g_norm + wd * w_norm + self.eps) if w_norm > 0.0 and g_norm > 0.0 else 1.0
        return lars * lr

    def _update_impl(self, indices, weights, grads, states, multi_precision=False):
        indices, weights, grads, states = _as_lists(indices, weights, grads, states)
        aggregate = _is_dense(weights, grads)
        self._update_count(indices)
        lrs, wds = self._get_lrs(indices), self._get_wds(indices)
        kwargs = self._kwargs()
        if self.momentum > 0:
            corrected = self.momentum_correction and self.last_lr != 0
            kwargs['momentum'] = self.momentum * (self.cur_lr / self.last_lr) if corrected else self.momentum
        if not aggregate:
            lrs = [self._get_lars(i, w, g, lr, wd) for i, w, g, lr, wd in zip(indices, weights, grads, lrs, wds)]
            _single_sgd(weights, grads, states, lrs, wds, kwargs, multi_precision, self.lazy_update)
            return
        names = [self.idx2name[i] if i in self.idx2name else str(i) for i in indices]
        lars_idx = [i for i, n in enumerate(names) if not n.endswith(_NO_LARS)]
        order = lars_idx + [i for i, n in enumerate(names) if n.endswith(_NO_LARS)]
        ctx = weights[0].context
        new_lrs = nd.array([lrs[i] for i in order], ctx=ctx, dtype='float32')
        new_wds = nd.array([wds[i] for i in order], ctx=ctx, dtype='float32')
        weights, grads, states = ([seq[i] for i in order] for seq in (weights, grads, states))
        count = len(lars_idx)
        if count > 0:
            w_sum_sq = nd.multi_sum_sq(*weights[:count], num_arrays=count)
            g_sum_sq = nd.multi_sum_sq(*grads[:count], num_arrays=count)
            nd.multi_lars(new_lrs[:count], w_sum_sq, g_sum_sq, new_wds[:count], eta=self.eta, eps=self.eps,
                          rescale_grad=self.rescale_grad, out=new_lrs[:count])
        for start in range(0, len(indices), self.aggregate_num):
            end = start + len(weights[start:start + self.aggregate_num])
            w, g, s = weights[start:end], grads[start:end], states[start:end]
            tail = [new_lrs[start:end], new_wds[start:end]]
            common = dict(out=w, num_weights=len(w), **kwargs)
            if not multi_precision:
                if self.momentum > 0:
                    nd.preloaded_multi_sgd_mom_update(*(flatten_list(zip(w, g, s)) + tail), **common)
                else:
                    nd.preloaded_multi_sgd_update(*(flatten_list(zip(w, g)) + tail), **common)
            elif self.momentum > 0:
                nd.preloaded_multi_mp_sgd_mom_update(*(flatten_list(zip(w, g, *zip(*s))) + tail), **common)
            else:
                nd.preloaded_multi_mp_sgd_update(*(flatten_list(zip(w, g, list(zip(*s))[1])) + tail), **common)


@register
class LBSGD(Optimizer):
    """Large-batch SGD: gradients accumulate over ``batch_scale`` calls, then one SGD step with the
    learning rate scaled by a warm-up multiplier ('linear', 'power2', 'sqrt') or LARS ('lars')."""

    def __init__(self, momentum=0.0, multi_precision=False, warmup_strategy='linear', warmup_epochs=5,
                 batch_scale=1, updates_per_epoch=32, begin_epoch=0, num_epochs=60, **kwargs):
        super().__init__(**kwargs)
        logging.info('Running Large-Batch SGD Algorithm')
        logging.info('(Batch_scale=%f, warmup_epochs=%d, warmup_strategy=%s, updates_per_epoch=%d)',
                     batch_scale, warmup_epochs, warmup_strategy, updates_per_epoch)
        self.momentum = momentum
        self.multi_precision = multi_precision
        self.warmup_strategy = warmup_strategy
        self.warmup_epochs = warmup_epochs
        self.batch_scale = batch_scale
        self.updates_per_epoch = updates_per_epoch
        self.init_updates = begin_epoch * updates_per_epoch
        self.num_epochs = num_epochs
        self.lbmult = 1
        self.cumgrads = {}
        self.adaptive = False
        self.admult = 1

    def create_state(self, index, weight):
        if self.multi_precision and weight.dtype == numpy.float16:
            master = nd.array(weight, ctx=weight.context, dtype=numpy.float32)
            momentum = zeros_like_weight(weight, numpy.float32, weight.stype) if self.momentum != 0.0 else None
            return (momentum, master)
        if weight.dtype == numpy.float16 and not self.multi_precision:
            warnings.warn("Accumulating with float16 in optimizer can lead to poor accuracy or slow convergence. "
                          "Consider using multi_precision=True option of the SGD optimizer")
        return zeros_like_weight(weight, stype=weight.stype) if self.momentum != 0.0 else None

    def _get_lbmult(self, nup):
        """The warm-up learning-rate multiplier after ``nup`` accumulated updates."""
        nwup = self.warmup_epochs * self.updates_per_epoch
        maxmult = float(self.batch_scale)
        if nup >= nwup:
            return maxmult
        if nwup <= 1:
            return 1.0
        if self.warmup_strategy == 'linear':
            return 1.0 + (maxmult - 1) * nup / nwup
        if self.warmup_strategy == 'power2':
            return 1.0 + (maxmult - 1) * (nup * nup) / (nwup * nwup)
        if self.warmup_strategy == 'sqrt':
            return 1.0 + (maxmult - 1) * math.sqrt(float(nup) / nwup)
        return 1.0

    def _get_lars(self, weight, g, wd):
        weight2, grad2 = self._l2norm(weight), self._l2norm(g)
        lars = math.sqrt(weight2 / (grad2 + wd * weight2 + 1e-18))
        return min(max(lars, 0.01), 100)

    def _l2norm(self, v):
        return float(nd.multiply(v, v).asnumpy().sum())  # then double arithmetic, as under numpy 1.x

    def _reset_cum_gradient(self, index):
        self.cumgrads[index]['cum_grad'] = 0

    def _get_cum_gradient(self, index):
        return self.cumgrads.get(index, {})

    def _put_cum_gradient(self, index, cgrad):
        self.cumgrads[index] = cgrad

    def _cumulate_gradient(self, grad, index):
        cgrad = self._get_cum_gradient(index)
        if cgrad and cgrad['num_cums'] > 0:
            cum_grad, num_cums = cgrad['cum_grad'] + grad, cgrad['num_cums'] + 1
        else:
            cum_grad, num_cums = grad, self.init_updates + 1
        cgrad = {'cum_grad': cum_grad, 'num_cums': num_cums}
        self._put_cum_gradient(index, cgrad)
        return cgrad

    def update(self, index, weight, grad, state):
        assert isinstance(weight, NDArray) and isinstance(grad, NDArray)
        lr, wd = self._get_lr(index), self._get_wd(index)
        self._update_count(index)
        cgrad = self._cumulate_gradient(grad, index)
        if (cgrad['num_cums'] % self.batch_scale) != 0:
            nd.sgd_update(weight, grad, out=weight, lr=0.0, wd=wd)
            return
        grad = cgrad['cum_grad'] / self.batch_scale
        if self.warmup_strategy == 'lars':
            lbmult = self._get_lars(weight, grad, wd)
        else:
            lbmult = self._get_lbmult(cgrad['num_cums'])
        lr = lr * lbmult
        kwargs = self._kwargs(**({'momentum': self.momentum} if self.momentum > 0 else {}))
        _momentum_step(weight, grad, state, isinstance(state, (list, tuple)), nd.sgd_mom_update,
                       nd.mp_sgd_mom_update, lr=lr, wd=wd, **kwargs)
        self._reset_cum_gradient(index)


@register
class DCASGD(Optimizer):
    """Delay-compensated asynchronous SGD (NDArray arithmetic, as MXNet's)."""

    def __init__(self, momentum=0.0, lamda=0.04, **kwargs):
        super().__init__(**kwargs)
        self.momentum = momentum
        self.weight_previous = {}
        self.lamda = lamda

    def create_state(self, index, weight):
        return (None if self.momentum == 0.0 else zeros_like_weight(weight), weight.copy())

    def update(self, index, weight, grad, state):
        assert isinstance(weight, NDArray) and isinstance(grad, NDArray)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        grad = grad * self.rescale_grad
        if self.clip_gradient is not None:
            grad = nd.clip(grad, -self.clip_gradient, self.clip_gradient)
        mom, previous_weight = state
        step = -lr * (grad + wd * weight + self.lamda * grad * grad * (weight - previous_weight))
        if mom:
            mom[:] *= self.momentum
            mom[:] += step
        else:
            assert self.momentum == 0.0
            mom = step
        previous_weight[:] = weight
        weight[:] += mom


@register
class SGLD(Optimizer):
    """Stochastic gradient Langevin dynamics (normal noise from mx.random)."""

    def create_state(self, index, weight):
        return None

    def update(self, index, weight, grad, state):
        assert isinstance(weight, NDArray) and isinstance(grad, NDArray)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        grad = grad * self.rescale_grad
        if self.clip_gradient is not None:
            grad = nd.clip(grad, -self.clip_gradient, self.clip_gradient)
        weight[:] += - lr / 2 * (grad + wd * weight)
        weight[:] += nd.random.normal(0, math.sqrt(lr), shape=weight.shape, dtype=weight.dtype, ctx=weight.context)
