"""``mx.nd.contrib.multi_adamw_update`` & co.: MXNet's Python wrappers that take lists of arrays and
call the batched ``_internal._multi_*`` update operators with the arrays interleaved per weight.

>>> import mxnd as mx
>>> w, g = [mx.nd.ones(2)], [mx.nd.ones(2)]
>>> m, v = [mx.nd.zeros(2)], [mx.nd.zeros(2)]
>>> out = mx.nd.contrib.multi_adamw_update(w, g, m, v, 1.0, lrs=[0.1], wds=[0.0], etas=[1.0], out=w)
>>> [round(x, 4) for x in w[0].asnumpy().tolist()]
[0.6838, 0.6838]
"""
from __future__ import annotations

from . import _internal
from .creation import full
from .ndarray import NDArray

__all__ = ["multi_adamw_update", "multi_mp_adamw_update", "multi_lamb_update", "multi_mp_lamb_update"]


def _rescale_array(rescale_grad, ctx):
    """MXNet's ``_get_rescale_grad``: a number becomes a 1-element array on ``ctx``."""
    if isinstance(rescale_grad, NDArray):
        return rescale_grad.as_in_context(ctx)
    return full(shape=(1,), val=rescale_grad, ctx=ctx)


def _interleaved(*lists):
    """``[w0, g0, m0, v0, w1, g1, ...]`` from per-kind lists, as MXNet's ``_flatten_list(zip(...))``."""
    return [array for group in zip(*lists) for array in group]


def multi_adamw_update(weights, grads, mean, var, rescale_grad, lrs, wds, etas, out=None, name=None, size=0,
                       **kwargs):
    """AdamW on lists of weights (``_multi_adamw_update``); ``out`` receives the new weights."""
    size = size or len(weights)
    arrays = _interleaved(weights, grads, mean, var) + [_rescale_array(rescale_grad, weights[0].context)]
    return _internal._multi_adamw_update(*arrays, out=out, num_weights=size, lrs=lrs, wds=wds, etas=etas,
                                         name=name, **kwargs)


def multi_mp_adamw_update(weights, grads, mean, var, weights32, rescale_grad, lrs, wds, etas, out=None,
                          name=None, size=0, **kwargs):
    """Mixed-precision AdamW on lists (float16 weights, float32 master copies ``weights32``)."""
    size = size or len(weights)
    arrays = _interleaved(weights, grads, mean, var, weights32) + [_rescale_array(rescale_grad,
                                                                                  weights[0].context)]
    return _internal._multi_mp_adamw_update(*arrays, out=out, num_weights=size, lrs=lrs, wds=wds, etas=etas,
                                            name=name, **kwargs)


def multi_lamb_update(weights, grads, mean, var, step_count, lrs, wds, out=None, num_tensors=0, **kwargs):
    """LAMB on lists of weights (``_multi_lamb_update``); ``step_count`` per tensor."""
    return _internal._multi_lamb_update(*_interleaved(weights, grads, mean, var), out=out,
                                        num_tensors=num_tensors or len(weights), step_count=step_count,
                                        learning_rates=lrs, wds=wds, **kwargs)


def multi_mp_lamb_update(weights, grads, mean, var, weights32, step_count, lrs, wds, out=None, num_tensors=0,
                         **kwargs):
    """Mixed-precision LAMB on lists (``_multi_mp_lamb_update``)."""
    return _internal._multi_mp_lamb_update(*_interleaved(weights, grads, mean, var, weights32), out=out,
                                           num_tensors=num_tensors or len(weights), step_count=step_count,
                                           learning_rates=lrs, wds=wds, **kwargs)
