"""``mx.contrib.autograd``: MXNet's first, deprecated autograd API (train_section, compute_gradient,
grad_and_loss, ...), kept by MXNet 1.x for old code; here on top of ``mx.autograd``.

>>> import mxnd as mx
>>> from mxnd.contrib import autograd
>>> autograd.grad(lambda x: x * x)(mx.nd.array([1.0, 3.0]))[0].asnumpy()
array([2., 6.], dtype=float32)
"""
import functools

from .. import autograd as _autograd
from ..ndarray import NDArray, zeros_like

__all__ = ["set_is_training", "TrainingStateScope", "train_section", "test_section", "mark_variables",
           "backward", "compute_gradient", "grad_and_loss", "grad"]


def set_is_training(is_train):
    """Switch training and recording together; returns the previous recording state (MXNet's)."""
    _autograd.set_training(is_train)
    return _autograd.set_recording(is_train)


class TrainingStateScope:
    """``with TrainingStateScope(True):`` trains and records inside, restores the state after."""

    def __init__(self, enter_state):
        self._enter_state = enter_state
        self._prev = None

    def __enter__(self):
        self._prev = set_is_training(self._enter_state)

    def __exit__(self, ptype, value, trace):
        if self._prev != self._enter_state:
            set_is_training(self._prev)


def train_section():
    """A scope that records (and trains) its computations."""
    return TrainingStateScope(True)


def test_section():
    """A scope that neither records nor trains."""
    return TrainingStateScope(False)


def mark_variables(variables, gradients, grad_reqs="write"):
    """Make ``variables`` autograd variables whose gradients go to ``gradients``."""
    _autograd.mark_variables(variables, gradients, grad_reqs)


def backward(outputs, out_grads=None, retain_graph=False):
    """Gradients of the list ``outputs`` into their variables' gradient arrays."""
    assert isinstance(outputs, (list, tuple)), "outputs must be a list or tuple of NDArrays"
    if out_grads is not None:
        assert len(out_grads) == len(outputs), "outputs and out_grads must have the same length"
    _autograd.backward(list(outputs), out_grads, retain_graph)


def compute_gradient(outputs):
    """Deprecated. Please use backward"""
    backward(outputs)


def grad_and_loss(func, argnum=None):
    """``func`` made to return ``(gradients of its arguments (those at argnum), its value)``."""
    @functools.wraps(func)
    def wrapped(*args):
        variables = args
        if argnum is not None:
            variables = [args[i] for i in (argnum if isinstance(argnum, list) else [argnum])]
        for x in variables:
            assert isinstance(x, NDArray), "type of autograd input should NDArray."
        grads = [zeros_like(x) for x in variables]
        mark_variables(variables, grads)
        with train_section():
            outputs = func(*args)
        compute_gradient([outputs] if isinstance(outputs, NDArray) else outputs)
        return grads, outputs
    return wrapped


def grad(func, argnum=None):
    """``func`` made to return the gradients of its arguments (those at argnum)."""
    grad_with_loss_func = grad_and_loss(func, argnum)

    @functools.wraps(grad_with_loss_func)
    def wrapped(*args):
        return grad_with_loss_func(*args)[0]
    return wrapped
