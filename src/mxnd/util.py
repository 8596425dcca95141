"""``mx.util``: the functions of MXNet 1.9.1's ``mxnet.util`` that mean something without MXNet's
C library.

- GPUs: ``get_gpu_count``, ``get_gpu_memory`` (free and total bytes) and
  ``get_cuda_compute_capability`` come from torch.cuda.
- NumPy-shape semantics (``set_np_shape``, ``is_np_shape``, ``np_shape``, ``use_np_shape``): mxnd's
  ``mx.nd`` always accepts 0-d and zero-size shapes (see docs/differences.md), so the flag
  changes no operator; it is kept per thread, off at start and returned as MXNet does, so that
  code which sets and tests it runs unchanged. It decides, as in MXNet, the semantics of saved
  arrays: ``mx.nd.save`` under it writes np-shape (V3) arrays, and ``load`` takes V3 arrays only
  under it and the others only outside it (ndarray/serialization.py).
- NumPy-array semantics (``is_np_array``, ``np_array``, ``use_np_array``, ``use_np``, ``set_np``):
  mxnd has no ``mx.np``/``mx.npx``, so ``is_np_array()`` is always False and turning it on
  (``np_array(True)``, ``set_np()``, a function decorated with ``use_np``) raises
  MXNetError; ``set_np(shape=True, array=False)`` and ``reset_np()`` work.
- ``getenv``/``setenv`` read and write the process environment (``os.environ``).
- ``set_module``, ``np_ufunc_legal_option``, ``wrap_np_unary_func``, ``wrap_np_binary_func``: as MXNet.

>>> import mxnd as mx
>>> mx.util.set_np_shape(True), mx.util.is_np_shape(), mx.util.set_np_shape(False)
(False, True, True)
>>> with mx.util.np_shape(True):
...     mx.util.is_np_shape()
True
>>> mx.util.is_np_array()
False
"""
from __future__ import annotations

import functools
import inspect
import logging
import os
import threading

import torch

from .errors import MXNetError

__all__ = ["get_gpu_count", "get_gpu_memory", "get_cuda_compute_capability",
           "set_np_shape", "is_np_shape", "np_shape", "use_np_shape",
           "np_array", "is_np_array", "use_np_array", "use_np", "set_np", "reset_np",
           "set_module", "np_ufunc_legal_option", "wrap_np_unary_func", "wrap_np_binary_func",
           "getenv", "setenv"]


# ----- GPUs ----------------------------------------------------------------------------------

def get_gpu_count():
    """Number of CUDA devices torch sees (0 without CUDA).

    >>> import torch, mxnd as mx
    >>> mx.util.get_gpu_count() == (torch.cuda.device_count() if torch.cuda.is_available() else 0)
    True
    """
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def _check_gpu(where, device_id):
    if not torch.cuda.is_available():
        raise MXNetError(f"{where}: CUDA is not available (torch sees no GPU)")
    count = torch.cuda.device_count()
    if not 0 <= device_id < count:
        raise MXNetError(f"{where}: invalid device ordinal {device_id} ({count} GPUs)")


def get_gpu_memory(gpu_dev_id):
    """``(free, total)`` bytes of memory of GPU ``gpu_dev_id``; MXNetError without that GPU."""
    _check_gpu("get_gpu_memory", gpu_dev_id)
    free, total = torch.cuda.mem_get_info(gpu_dev_id)
    return int(free), int(total)


def get_cuda_compute_capability(ctx):
    """The compute capability of GPU context ``ctx`` as an int (e.g. 90 for ``sm_90``);
    ValueError for a CPU context."""
    if ctx.device_type != 'gpu':
        raise ValueError('Expecting a gpu context to get cuda compute capability, '
                         'while received ctx {}'.format(str(ctx)))
    _check_gpu("get_cuda_compute_capability", ctx.device_id)
    major, minor = torch.cuda.get_device_capability(ctx.device_id)
    return major * 10 + minor


# ----- NumPy-shape semantics (a flag only: mxnd always takes 0-d and zero-size shapes) --------

_thread_state = threading.local()
_logged = {"shape": False, "array": False}


def is_np_shape():
    """Whether NumPy-shape semantics is on in this thread (off at start)."""
    return getattr(_thread_state, "np_shape", False)


def set_np_shape(active):
    """Turn the NumPy-shape flag of this thread on or off; return its previous state. Turning it
    on logs MXNet's notice once per process. It does not change mxnd's operators (only the
    semantics of saved arrays, as in MXNet)."""
    if active and not _logged["shape"]:
        logging.info('NumPy-shape semantics has been activated in your code. This is required for '
                     'creating and manipulating scalar and zero-size tensors, which were not '
                     'supported in MXNet before, as in the official NumPy library. Please DO NOT '
                     'manually deactivate this semantics while using `mxnet.numpy` and '
                     '`mxnet.numpy_extension` modules.')
        _logged["shape"] = True
    previous = is_np_shape()
    _thread_state.np_shape = bool(active)
    return previous


class _NumpyShapeScope:
    """``with``-scope setting the NumPy-shape flag (``None`` leaves it) and restoring it on exit."""

    def __init__(self, is_np_shape):  # noqa: A002 (MXNet's parameter name)
        self._enter_is_np_shape = is_np_shape
        self._prev_is_np_shape = None

    def __enter__(self):
        if self._enter_is_np_shape is not None:
            self._prev_is_np_shape = set_np_shape(self._enter_is_np_shape)

    def __exit__(self, ptype, value, trace):
        if self._enter_is_np_shape is not None and self._prev_is_np_shape != self._enter_is_np_shape:
            set_np_shape(self._prev_is_np_shape)


def np_shape(active=True):
    """A ``with``-scope with the NumPy-shape flag set to ``active``."""
    return _NumpyShapeScope(active)


def _wrap_in_scope(func, make_scope, decorator_name):
    """``func`` (or every function, method and property of class ``func``) run inside ``make_scope()``."""
    if inspect.isclass(func):
        for name in dir(func):
            member = inspect.getattr_static(func, name)
            if isinstance(member, property):
                wrapped = property(*(None if f is None else _wrap_in_scope(f, make_scope, decorator_name)
                                     for f in (member.fget, member.fset, member.fdel)), member.__doc__)
            elif isinstance(member, (staticmethod, classmethod)):
                wrapped = type(member)(_wrap_in_scope(member.__func__, make_scope, decorator_name))
            elif inspect.isfunction(member):
                wrapped = _wrap_in_scope(member, make_scope, decorator_name)
            else:
                continue
            setattr(func, name, wrapped)
        return func
    if callable(func):
        @functools.wraps(func)
        def _in_scope(*args, **kwargs):
            with make_scope():
                return func(*args, **kwargs)
        return _in_scope
    raise TypeError('{} can only decorate classes and callable objects, while received a {}'
                    .format(decorator_name, str(type(func))))


def use_np_shape(func):
    """Decorator: run function ``func`` (or every function, method and property of class ``func``)
    with the NumPy-shape flag on.

    >>> import mxnd as mx
    >>> mx.util.use_np_shape(mx.util.is_np_shape)()
    True
    """
    return _wrap_in_scope(func, lambda: np_shape(active=True), 'use_np_shape')


# ----- NumPy-array semantics (mxnd has no mx.np: always off) ----------------------------------

_NO_NP_ARRAY = ("NumPy-array semantics is not available in mxnd: it provides the mx.nd API, not "
                "mx.np / mx.npx (see docs/migration.md)")


class _NumpyArrayScope:
    """The scope of ``np_array(False)``: nothing to change, as NumPy-array semantics is always off."""

    def __enter__(self):
        return self

    def __exit__(self, ptype, value, trace):
        return None


def is_np_array():
    """Always False: mxnd creates ``mx.nd.NDArray`` only."""
    return False


def np_array(active=True):
    """A ``with``-scope for NumPy-array semantics: ``active=False`` is a no-op scope;
    ``active=True`` raises MXNetError (mxnd has no ``mx.np``).

    >>> import mxnd as mx
    >>> mx.util.np_array(True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mxnd.errors.MXNetError: NumPy-array semantics is not available in mxnd: it provides the mx.nd API, ...
    """
    if active:
        raise MXNetError(_NO_NP_ARRAY)
    return _NumpyArrayScope()


def use_np_array(func):
    """Decorator as MXNet's: decorating works, calling the result raises MXNetError (no ``mx.np``)."""
    return _wrap_in_scope(func, lambda: np_array(active=True), 'use_np_array')


def use_np(func):
    """``use_np_shape(use_np_array(func))``: calling the result raises MXNetError (no ``mx.np``)."""
    return use_np_shape(use_np_array(func))


def set_np(shape=True, array=True):
    """Set NumPy-shape and NumPy-array semantics together. ``array=True`` without ``shape`` is a
    ValueError (as MXNet); ``array=True`` is an MXNetError in mxnd (no ``mx.np``).

    >>> import mxnd as mx
    >>> mx.util.set_np(shape=True, array=False); mx.util.is_np_shape()
    True
    >>> mx.util.reset_np(); mx.util.is_np_shape()
    False
    """
    if not shape and array:
        raise ValueError('NumPy Shape semantics is required in using NumPy array semantics.')
    if array:
        raise MXNetError(_NO_NP_ARRAY)
    set_np_shape(shape)


def reset_np():
    """Turn NumPy-shape (and NumPy-array) semantics off."""
    set_np(shape=False, array=False)


# ----- helpers MXNet's numpy front end uses --------------------------------------------------

def set_module(module):
    """Decorator setting ``__module__`` of a function or class (``None`` leaves it)."""
    def decorator(func):
        if module is not None:
            func.__module__ = module
        return func
    return decorator


_np_ufunc_default_kwargs = {'where': True, 'casting': 'same_kind', 'order': 'K', 'dtype': None,
                            'subok': True}
_LEGAL_CASTINGS = ('no', 'equiv', 'safe', 'same_kind', 'unsafe')
_LEGAL_DTYPES = ('int8', 'uint8', 'int32', 'int64', 'float16', 'float32', 'float64')


def np_ufunc_legal_option(key, value):
    """Whether ``key=value`` is a legal NumPy ufunc option (``where``, ``casting``, ``order``,
    ``dtype``, ``subok``), as MXNet decides it.

    >>> np_ufunc_legal_option('casting', 'unsafe'), np_ufunc_legal_option('dtype', 'bool')
    (True, False)
    """
    import numpy as np

    if key == 'where':
        return True
    if key == 'casting':
        return value in _LEGAL_CASTINGS
    if key == 'order':
        return isinstance(value, str)
    if key == 'dtype':
        return value in {getattr(np, name) for name in _LEGAL_DTYPES} | set(_LEGAL_DTYPES)
    if key == 'subok':
        return isinstance(value, bool)
    return False


def _check_ufunc_kwargs(kwargs, invalid, not_implemented, not_understood):
    for key, value in kwargs.items():
        if key not in _np_ufunc_default_kwargs:
            raise TypeError(invalid.format(key))
        if value != _np_ufunc_default_kwargs[key]:
            if np_ufunc_legal_option(key, value):
                raise NotImplementedError(not_implemented.format(key, str(value)))
            raise TypeError(not_understood.format(key, value))


def wrap_np_unary_func(func):
    """Decorator for ``func(x, out=None)``: accepts NumPy's ufunc keywords at their defaults and
    raises MXNet's TypeError / NotImplementedError for others."""
    @functools.wraps(func)
    def _wrap_np_unary_func(x, out=None, **kwargs):
        name = func.__name__
        _check_ufunc_kwargs(kwargs, "{} is an invalid keyword to function '" + name + "'",
                            "{}={} is not implemented yet for operator " + name,
                            "{}={} not understood for operator " + name)
        return func(x, out=out)
    return _wrap_np_unary_func


def wrap_np_binary_func(func):
    """Decorator for ``func(x1, x2, out=None)``, as ``wrap_np_unary_func`` (MXNet's messages)."""
    @functools.wraps(func)
    def _wrap_np_binary_func(x1, x2, out=None, **kwargs):
        _check_ufunc_kwargs(kwargs, "{} is an invalid keyword to function '" + func.__name__ + "'",
                            "{}={} is not implemented yet", "{} {} not understood")
        return func(x1, x2, out=out)
    return _wrap_np_binary_func


# ----- environment ---------------------------------------------------------------------------

def getenv(name):
    """The value of environment variable ``name``, or None if it is not set."""
    return os.environ.get(name)


def setenv(name, value):
    """Set environment variable ``name`` to ``value`` (``None`` unsets it).

    >>> import mxnd as mx
    >>> mx.util.setenv("MXND_EXAMPLE", "1"); mx.util.getenv("MXND_EXAMPLE")
    '1'
    >>> mx.util.setenv("MXND_EXAMPLE", None); mx.util.getenv("MXND_EXAMPLE") is None
    True
    """
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value
