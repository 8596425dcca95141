"""``mx.engine``: MXNet 1.9.1's bulk-execution settings, ``set_bulk_size`` and ``bulk``.

mxnd runs each operator as it is called (torch's kernels; no dependency engine), so there is
nothing to bundle: the bulk size is only remembered, per thread as in MXNet (starting at 0),
so that ``set_bulk_size`` returns the previous size as MXNet's does.

>>> import mxnd as mx
>>> mx.engine.set_bulk_size(10)
0
>>> with mx.engine.bulk(30):
...     mx.engine.set_bulk_size(30)
30
>>> mx.engine.set_bulk_size(0)
10
"""
from __future__ import annotations

import operator
import threading

from .errors import MXNetError

__all__ = ["set_bulk_size", "bulk"]

_state = threading.local()


def set_bulk_size(size):
    """Set the bulk size of this thread (no effect on execution in mxnd); return the previous one.
    A size that is not an int is a TypeError, a negative one MXNetError."""
    size = operator.index(size)
    if size < 0:
        raise MXNetError(f"set_bulk_size: the bulk size must be >= 0, got {size}")
    previous = getattr(_state, "size", 0)
    _state.size = size
    return previous


class _BulkScope:
    """``with``-scope setting the bulk size on entry and restoring the previous one on exit."""

    def __init__(self, size):
        self._size = size
        self._old_size = None

    def __enter__(self):
        self._old_size = set_bulk_size(self._size)
        return self

    def __exit__(self, ptype, value, trace):
        set_bulk_size(self._old_size)


def bulk(size):
    """A scope with bulk size ``size`` (``with mx.engine.bulk(10): ...``)."""
    return _BulkScope(size)
