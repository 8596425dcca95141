"""``mx.error``: MXNet 1.9.1's error classes: ``MXNetError``, ``InternalError`` and
``register`` / ``register_error`` (which record an error class by name, as MXNet's registry for
errors raised by its C library; mxnd keeps the registry in ``error_types`` for code that uses it).

>>> import mxnd as mx
>>> issubclass(mx.error.InternalError, mx.MXNetError)
True
>>> @mx.error.register
... class MyError(mx.MXNetError):
...     pass
>>> mx.error.error_types["MyError"] is MyError
True
"""
from __future__ import annotations

from .errors import MXNetError

__all__ = ["MXNetError", "register"]

error_types = {}


def register_error(func_name=None, cls=None):
    """Register an error class under ``func_name`` (default: the class name). Used as
    ``@register``, ``@register("Name")`` or ``register("Name", cls)``; returns the class (or,
    without ``cls``, the decorator)."""
    if callable(func_name):
        cls, func_name = func_name, func_name.__name__

    def _register(error_class):
        error_types[func_name if isinstance(func_name, str) else error_class.__name__] = error_class
        return error_class
    return _register if cls is None else _register(cls)


register = register_error

_HINT = ("\nMXNet hint: You hit an internal error. Please open an issue in "
         "https://github.com/apache/incubator-mxnet/issues/new/choose to report it.")


@register_error
class InternalError(MXNetError):
    """An internal error; the message gets MXNet's hint to report it unless it has one."""

    def __init__(self, msg):
        if "MXNet hint:" not in msg:
            msg += _HINT
        super().__init__(msg)


for _builtin in (ValueError, TypeError, AttributeError, IndexError, NotImplementedError):
    register_error(_builtin.__name__, _builtin)
