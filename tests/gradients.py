"""Gradient helpers for operator tests (torch autograd under mxnd NDArrays; no mx.autograd needed).

``gradient_of(function, *arrays, head=None, **kwargs)`` returns d(sum(head * function(...)))
/ d(each array) as numpy arrays, the value MXNet's ``autograd.backward(head)`` gives.
"""
import numpy as np
import torch

import mxnd as mx

from mxnd.ndarray.ndarray import wrap


def _leaf(array, dtype=None):
    tensor = array._data.detach().clone()
    if dtype is not None:
        tensor = tensor.to(dtype)
    return wrap(tensor.requires_grad_(True), array.context)


def gradient_of(function, *arrays, head=None, **kwargs):
    """Gradients of ``function(*arrays, **kwargs)`` w.r.t. each array, for output gradient ``head``."""
    leaves = [_leaf(a) for a in arrays]
    with mx.autograd.record():
        outputs = function(*leaves, **kwargs)
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    heads = head if isinstance(head, (list, tuple)) else [head] * len(outputs)
    tensors, grads = [], []
    for out, h in zip(outputs, heads):
        if out._data.requires_grad:
            tensors.append(out._data)
            grads.append(torch.ones_like(out._data) if h is None else h._data.to(out._data.dtype))
    torch.autograd.backward(tensors, grads)
    return [np.zeros(a.shape, dtype=a.dtype) if leaf._data.grad is None else leaf._data.grad.cpu().numpy()
            for a, leaf in zip(arrays, leaves)]


def numeric_check(function, *arrays, **kwargs):
    """torch.autograd.gradcheck of ``function`` in float64 at ``arrays`` (finite differences)."""
    leaves = [a._data.detach().to(torch.float64).requires_grad_(True) for a in arrays]
    contexts = [a.context for a in arrays]

    def on_tensors(*tensors):
        with mx.autograd.record():
            result = function(*[wrap(t, c) for t, c in zip(tensors, contexts)], **kwargs)
        if isinstance(result, (list, tuple)):
            return tuple(r._data for r in result if r._data.dtype.is_floating_point)
        return result._data

    return torch.autograd.gradcheck(on_tensors, leaves, eps=1e-6, atol=1e-5, rtol=1e-4)
