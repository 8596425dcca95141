"""``mx.optimizer.contrib``: GroupAdaGrad (AdaGrad with one history value per row), as MXNet 1.9.1's.

>>> import mxnd as mx
>>> opt = mx.optimizer.contrib.GroupAdaGrad(learning_rate=0.5)
>>> w = mx.nd.ones((2, 2))
>>> state = opt.create_state(0, w)
>>> opt.update(0, w, mx.nd.array([[3., 4.], [0., 0.]]), state)
>>> state.asnumpy().tolist()
[[12.5], [0.0]]
"""
from __future__ import annotations

import numpy

from .. import ndarray as nd
from ..kahan import kahan_sum
from ..ndarray.ndarray import NDArray
from .optimizer import Optimizer, register

__all__ = ["GroupAdaGrad"]


def _row_mean(squares):
    """``mean(squares, axis=1, keepdims=True)`` as MXNet's CPU reduce: a float32 Kahan sum along each
    row (mshadow_op::sum::Reduce), then divided by the row length; other contexts use nd.mean."""
    if squares.context.device_type != 'cpu' or squares.dtype != numpy.float32:
        return nd.mean(squares, axis=1, keepdims=True)
    total = kahan_sum(squares.asnumpy(), axis=1, keepdims=True)
    return nd.array(total / numpy.float32(squares.shape[1]), ctx=squares.context)


@register
class GroupAdaGrad(Optimizer):
    """``history += mean(g*g, axis=1); weight -= lr * g / sqrt(history + eps)`` (no weight decay);
    row_sparse gradients use contrib.group_adagrad_update."""

    def __init__(self, eps=1e-5, **kwargs):
        super().__init__(**kwargs)
        self.float_stable_eps = eps

    def create_state(self, index, weight):
        assert len(weight.shape) == 2
        kwargs = {} if weight.stype == 'default' else {'stype': weight.stype}
        return nd.zeros((weight.shape[0], 1), weight.context, **kwargs)

    def update(self, index, weight, grad, state):
        assert isinstance(weight, NDArray) and isinstance(grad, NDArray)
        self._update_count(index)
        lr, wd = self._get_lr(index), self._get_wd(index)
        assert wd == 0, 'Weight decay is not supported for GroupAdaGrad'
        if grad.stype == 'row_sparse':
            kwargs = self._kwargs(epsilon=self.float_stable_eps)
            nd.contrib.group_adagrad_update(weight, grad, state, out=weight, lr=lr, **kwargs)
            return
        grad = grad * self.rescale_grad
        if self.clip_gradient is not None:
            grad = nd.clip(grad, -self.clip_gradient, self.clip_gradient)
        state[:] += _row_mean(nd.square(grad))
        div = lr * grad / nd.sqrt((state + self.float_stable_eps).astype('float64')).astype(state.dtype)
        weight[:] -= div
