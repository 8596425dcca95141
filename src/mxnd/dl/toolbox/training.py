"""Optimizers for custom training loops: adamupdate, sgdmupdate, rmspropupdate (MATLAB's argument
order and state handling), on any container of learnables (a dlarray, or dicts/lists/tuples of
them, e.g. ``{'fc1_W': W, 'fc1_b': b}``); the state starts as ``None`` (MATLAB ``[]``).

>>> from mxnd import dl
>>> net = {'w': dl.dlarray([1., 2.])}
>>> grad = {'w': dl.dlarray([0.5, -0.5])}
>>> net, vel = dl.sgdmupdate(net, grad, None, 0.1)
>>> net['w'].asnumpy().tolist(), vel['w'].asnumpy().tolist()
([0.949999988079071, 2.049999952316284], [-0.05000000074505806, 0.05000000074505806])
"""
from __future__ import annotations

import torch

from ...registry import REGISTRY
from .._core import make
from ..autodiff import tree_leaves, tree_map

__all__ = ["adamupdate", "sgdmupdate", "rmspropupdate"]

_ADAM = REGISTRY["adam_update"].impl
_SGD_MOM = REGISTRY["sgd_mom_update"].impl


def _zip(where, net, *trees):
    """The learnables of ``net`` with the matching leaves of each tree (None: zeros)."""
    params = tree_leaves(net)
    if not params:
        raise TypeError(f"{where}: net must be a dlarray or a container of dlarrays, got {type(net).__name__}")
    columns = []
    for name, tree in trees:
        if tree is None or (isinstance(tree, (list, tuple)) and len(tree) == 0 and not isinstance(net, (list, tuple))):
            columns.append([None] * len(params))
            continue
        leaves = tree_leaves(tree)
        if len(leaves) != len(params):
            raise ValueError(f"{where}: {name} must have the structure of net ({len(params)} dlarrays), "
                             f"got {len(leaves)}")
        for p, leaf in zip(params, leaves):
            if leaf.shape != p.shape:
                raise ValueError(f"{where}: {name} entries must have the sizes of net's, got {leaf.shape} for "
                                 f"{p.shape}")
        columns.append(leaves)
    return params, columns


def _rebuild(net, values):
    it = iter(values)
    return tree_map(lambda _: next(it), net)


def _data(leaf, like):
    if leaf is None:
        return torch.zeros_like(like)
    return leaf._data.detach().to(device=like.device, dtype=like.dtype)


def adamupdate(net, grad, average_grad, average_sq_grad, iteration, learn_rate=0.001, grad_decay=0.9,
               sq_grad_decay=0.999, epsilon=1e-8):
    """MATLAB ``[net, averageGrad, averageSqGrad] = adamupdate(net, grad, averageGrad, averageSqGrad,
    iteration, learnRate, gradDecay, sqGradDecay, epsilon)``:
    ``m = b1 m + (1-b1) g``, ``v = b2 v + (1-b2) g^2``,
    ``w -= learnRate sqrt(1-b2^t)/(1-b1^t) m / (sqrt(v) + epsilon)`` (mx.nd.adam_update's kernel with
    the bias correction in the rate).
    """
    iteration = int(iteration)
    if iteration < 1:
        raise ValueError(f"adamupdate: iteration must be a positive integer, got {iteration}")
    params, (grads, means, variances) = _zip("adamupdate", net, ("grad", grad), ("averageGrad", average_grad),
                                             ("averageSqGrad", average_sq_grad))
    rate = float(learn_rate) * (1 - float(sq_grad_decay) ** iteration) ** 0.5 / (1 - float(grad_decay) ** iteration)
    new_w, new_m, new_v = [], [], []
    for p, g, m, v in zip(params, grads, means, variances):
        weight = p._data.detach()
        mean, var = _data(m, weight).clone(), _data(v, weight).clone()  # MATLAB value semantics
        updated = _ADAM(weight, _data(g, weight), mean, var, lr=rate, beta1=float(grad_decay),
                        beta2=float(sq_grad_decay), epsilon=float(epsilon), wd=0.0, rescale_grad=1.0,
                        clip_gradient=-1.0, lazy_update=True)
        new_w.append(make(updated, p._fmt))
        new_m.append(make(mean, p._fmt))
        new_v.append(make(var, p._fmt))
    return _rebuild(net, new_w), _rebuild(net, new_m), _rebuild(net, new_v)


def sgdmupdate(net, grad, vel, learn_rate=0.01, momentum=0.9):
    """MATLAB ``[net, vel] = sgdmupdate(net, grad, vel, learnRate, momentum)``:
    ``vel = momentum vel - learnRate g``, ``w += vel`` (mx.nd.sgd_mom_update's kernel)."""
    params, (grads, velocities) = _zip("sgdmupdate", net, ("grad", grad), ("vel", vel))
    new_w, new_v = [], []
    for p, g, v in zip(params, grads, velocities):
        weight = p._data.detach()
        velocity = _data(v, weight).clone()
        updated = _SGD_MOM(weight, _data(g, weight), velocity, lr=float(learn_rate), momentum=float(momentum),
                           wd=0.0, rescale_grad=1.0, clip_gradient=-1.0, lazy_update=True)
        new_w.append(make(updated, p._fmt))
        new_v.append(make(velocity, p._fmt))
    return _rebuild(net, new_w), _rebuild(net, new_v)


def rmspropupdate(net, grad, average_sq_grad, learn_rate=0.001, sq_grad_decay=0.9, epsilon=1e-8):
    """MATLAB ``[net, averageSqGrad] = rmspropupdate(net, grad, averageSqGrad, learnRate, sqGradDecay,
    epsilon)``: ``v = b v + (1-b) g^2``, ``w -= learnRate g / (sqrt(v) + epsilon)`` (epsilon outside
    the square root, unlike mx.nd.rmsprop_update, so the formula is written here).

    >>> from mxnd import dl
    >>> w, v = dl.rmspropupdate(dl.dlarray([1.]), dl.dlarray([2.]), None, 0.1, 0.9, 0.0)
    >>> round(float(w), 6), round(float(v), 6)
    (0.683772, 0.4)
    """
    params, (grads, averages) = _zip("rmspropupdate", net, ("grad", grad), ("averageSqGrad", average_sq_grad))
    decay, rate, eps = float(sq_grad_decay), float(learn_rate), float(epsilon)
    new_w, new_v = [], []
    for p, g, v in zip(params, grads, averages):
        weight = p._data.detach()
        gradient = _data(g, weight)
        average = _data(v, weight) * decay + (1 - decay) * gradient * gradient
        new_w.append(make(weight - rate * gradient / (average.sqrt() + eps), p._fmt))
        new_v.append(make(average, p._fmt))
    return _rebuild(net, new_w), _rebuild(net, new_v)


