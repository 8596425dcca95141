"""Hand-written NDArray methods that MXNet does not generate from an operator (installed on import).

MXNet's ndarray.py writes these by hand: ``inplace=True`` returns a view sharing this array's
memory (through ``NDArray.reshape``), otherwise the operator makes a copy; ``diag`` takes only
``k`` positionally; ``split_v2`` wraps the Python-level function of the same name.
"""
from __future__ import annotations

from . import op
from .ndarray import NDArray
from .ops.layout import split_v2 as _split_v2

__all__ = ["METHODS"]


def flatten(self, inplace=False):
    """Flatten to shape (d1, d2*...*dk); ``inplace=True`` returns a view of this array."""
    return op.flatten(self) if not inplace else self.reshape((0, -1))


def expand_dims(self, axis, inplace=False):
    """Insert an axis of size 1 at ``axis``; ``inplace=True`` returns a view of this array."""
    if not inplace:
        return op.expand_dims(self, axis=axis)
    new_shape = list(self.shape)
    assert -len(new_shape) - 1 <= axis <= len(new_shape), \
        "axis {} is out of range for {}d array".format(axis, len(new_shape))
    if axis < 0:
        axis += len(new_shape) + 1
    new_shape.insert(axis, 1)
    return self.reshape(new_shape)


def squeeze(self, axis=None, inplace=False):
    """Remove size-1 axes (``axis``: int, tuple or None); ``inplace=True`` returns a view.

    As in MXNet, the in-place form reads an empty ``axis`` as None and reports bad axes
    with AssertionError.
    """
    if not inplace:
        return op.squeeze(self, axis=axis)
    new_shape = list(self.shape)
    axes = [axis] if isinstance(axis, int) else axis
    if axes:
        assert len(axes) == len(set(axes)), "axis {} contains duplicate which is not allowed.".format(axes)
        resolved = [i if i >= 0 else i + len(self.shape) for i in axes]
        for given, actual in zip(axes, resolved):
            assert -len(new_shape) <= given < len(new_shape), \
                "axis {} is out of range for {}d array".format(given, len(new_shape))
            assert new_shape[actual] == 1, \
                "Squeeze target axis {} must be size 1, got {}.".format(given, new_shape[actual])
        for i in sorted(resolved, reverse=True):
            del new_shape[i]
    else:
        new_shape = [d for d in new_shape if d != 1]
    return self.reshape(new_shape or [1])


def diag(self, k=0, **kwargs):
    """The ``k``-th diagonal (``mx.nd.diag(self, k=k, **kwargs)``); MXNet's method takes only ``k``
    positionally.

    >>> import mxnd as mx
    >>> mx.nd.array([[1, 2], [3, 4]]).diag(1).asnumpy().tolist()
    [2.0]
    """
    return op.diag(self, k=k, **kwargs)


def split_v2(self, *args, **kwargs):
    """Convenience fluent method for :py:func:`split_v2`.

    The arguments are the same as for :py:func:`split_v2`, with this array as data.
    """
    return _split_v2(self, *args, **kwargs)


METHODS = {"flatten": flatten, "expand_dims": expand_dims, "squeeze": squeeze, "diag": diag, "split_v2": split_v2}

for _name, _method in METHODS.items():
    setattr(NDArray, _name, _method)
