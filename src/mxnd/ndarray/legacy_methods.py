"""NDArray methods of MXNet 1.9.1's ndarray.py that older scripts and libraries call directly
(installed on import): the first-axis views ``_at``/``_slice`` behind MXNet's own indexing, the
in-place ``slice_assign``/``slice_assign_scalar``, ``as_nd_ndarray``/``as_np_ndarray`` and the
``_fresh_grad`` flag that ``backward`` raises on the variables it writes.

>>> import mxnd as mx
>>> a = mx.nd.array([[1, 2], [3, 4], [5, 6]])
>>> a._slice(1, 3).shape, a._at(-1).asnumpy().tolist()
((2, 2), [5.0, 6.0])
"""
from __future__ import annotations

from ..errors import MXNetError
from . import _internal
from .ndarray import NDArray, wrap

__all__ = ["METHODS"]


def _at(self, idx):
    """A view of row ``idx`` of the first axis (a 1-D array gives shape (1,)), as ``x[idx]``."""
    length = self.shape[0]
    if idx < 0:
        idx += length
        if idx < 0:
            raise IndexError(f"index {idx - length} is out of bounds for axis 0 with size {length}")
    if idx >= length:
        raise MXNetError(f"Check failed: shape_[0] >= end ({length} vs. {idx + 1}) : Slice end index out of range")
    row = self._data[idx]
    return wrap(row if row.dim() else row.reshape(1), self._ctx)


def _slice(self, start, stop):
    """A view of rows ``[start, stop)`` of the first axis; the bounds clip as MXNet's do."""
    length = self.shape[0]
    start = 0 if start is None else min(max(start + length, 0) if start < 0 else start, length)
    stop = length if stop is None else min(max(stop + length, 0) if stop < 0 else stop, length)
    if start > stop:
        raise MXNetError(f"Check failed: begin <= end ({start} vs. {stop}) : Invalid slicing range [{start}, {stop})")
    return wrap(self._data[start:stop], self._ctx)


def slice_assign(self, rhs, begin, end, step):
    """Write ``rhs`` into the region ``begin:end:step`` of this array, in place; returns this array."""
    return _internal._slice_assign(self, rhs, begin=begin, end=end, step=step, out=self)


def slice_assign_scalar(self, value, begin, end, step):
    """Fill the region ``begin:end:step`` of this array with ``value``, in place; returns this array."""
    return _internal._slice_assign_scalar(self, scalar=value, begin=begin, end=end, step=step, out=self)


def as_nd_ndarray(self):
    """This array itself (it already is a classic NDArray)."""
    return self


def as_np_ndarray(self):
    """MXNet's conversion to ``mx.np.ndarray``: mxnd has no ``mx.np``, so it raises MXNetError."""
    raise MXNetError("as_np_ndarray: NumPy-array semantics (mx.np) are not provided by mxnd; "
                     "use asnumpy() for a numpy.ndarray")


def _get_fresh_grad(self):
    return int(getattr(self, "_fresh", False))


def _set_fresh_grad(self, state):
    self._fresh = bool(state)


METHODS = {"_at": _at, "_slice": _slice, "slice_assign": slice_assign, "slice_assign_scalar": slice_assign_scalar,
           "as_nd_ndarray": as_nd_ndarray, "as_np_ndarray": as_np_ndarray,
           "_fresh_grad": property(_get_fresh_grad, _set_fresh_grad,
                                   doc="1 once backward has written this variable's gradient (MXNet's "
                                       "grad state); set it to False after consuming the gradient.")}

for _name, _method in METHODS.items():
    setattr(NDArray, _name, _method)
