"""``mx.test_utils``: MXNet's testing helpers: tolerances per dtype, comparisons, contexts and
environment, optimizer comparison. Data generators are in ``test_utils_data``, downloads and data
sets in ``test_utils_download``; all are importable from here."""
from __future__ import annotations

import bz2
import errno
import gzip
import json
import logging
import numbers
import os
import platform
import struct
import sys
import time
import traceback
import zipfile
from collections import OrderedDict
from contextlib import contextmanager

import numpy as np
import numpy.random as rnd
import numpy.testing as npt

import mxnd as mx

from . import ndarray as nd
from .ndarray.ndarray import _NUMPY_1_TEXT
from . import random as _random
from .context import Context, _set_default, current_context
from .io import DataIter
from .util import get_cuda_compute_capability, get_gpu_count, getenv, setenv
from . import test_utils_data, test_utils_download
from .ndarray import array
from .runtime import Features
from .test_utils_data import rand_ndarray
from .util import use_np
from .test_utils_data import *  # noqa: F401,F403 (MXNet's test_utils names)
from .test_utils_download import *  # noqa: F401,F403

__all__ = ["default_context", "set_default_context", "default_rtols", "default_atols", "default_numeric_eps",
           "effective_dtype", "get_tolerance", "get_tols", "get_rtol", "get_atol", "get_etol", "same",
           "checkShapes", "almost_equal", "assert_almost_equal", "assert_allclose", "assert_almost_equal_with_err",
           "assert_almost_equal_ignore_nan", "assert_exception", "same_array", "compare_ndarray_tuple",
           "compare_optimizer", "retry", "environment", "getenv", "setenv", "discard_stderr", "list_gpus",
           "get_cuda_compute_capability", "is_cd_run", "is_aarch64_run", "has_tvm_ops", "is_op_runnable",
           "DummyIter"] + test_utils_data.__all__ + test_utils_download.__all__
# MXNet's module has no __all__: ``from mxnet.test_utils import *`` also gives the names it imports,
# and MXNet's own tests use them (np, mx, ...); its Symbol-based checkers are not here
__all__ += ["mx", "np", "npt", "rnd", "ss", "array", "Context", "current_context", "contextmanager", "use_np",
            "Features", "OrderedDict", "bz2", "errno", "gzip", "json", "logging", "numbers", "os", "platform",
            "struct", "sys", "time", "traceback", "zipfile"]


def __getattr__(name):
    """``ss``: scipy.stats, imported on first use (scipy is optional)."""
    if name == "ss":
        import scipy.stats

        return scipy.stats
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def default_context() -> Context:
    """The context tests run on: the current default context."""
    return current_context()


def set_default_context(ctx):
    """Set this thread's default context (as MXNet, this changes ``mx.current_context()``)."""
    _set_default(ctx)


# ---- tolerances -----------------------------------------------------------------------------------

def _table(floats):
    table = {np.dtype(np.float16): floats[0], np.dtype(np.float32): floats[1],
             np.dtype(np.float64): floats[2]}
    for name in ("bool", "int8", "uint8", "int32", "uint32", "int64", "uint64"):
        table[np.dtype(name)] = 0
    return table


def default_rtols():
    """Default relative tolerance per dtype (MXNet's values)."""
    return _table((1e-2, 1e-4, 1e-5))


def default_atols():
    """Default absolute tolerance per dtype (MXNet's values)."""
    return _table((1e-1, 1e-3, 1e-20))


def default_numeric_eps():
    """Finite-difference step per float dtype (powers of two, MXNet's values)."""
    return {np.dtype(np.float16): 1.0 / 2 ** 6, np.dtype(np.float32): 1.0 / 2 ** 9,
            np.dtype(np.float64): 1.0 / 2 ** 14}


def _tf32_enabled(ctx):
    try:
        return (ctx.device_type == "gpu" and get_cuda_compute_capability(ctx) >= 80
                and os.environ.get("NVIDIA_TF32_OVERRIDE") != "0")
    except Exception:  # pylint: disable=broad-except  (no ctx, no GPU: as MXNet)
        return False


def effective_dtype(dat):
    """The dtype whose tolerances apply to ``dat``: float16 for float32 data on a GPU of compute
    capability >= 8.0 (TF32, unless NVIDIA_TF32_OVERRIDE=0, as MXNet), else ``dat.dtype``."""
    dtype = np.dtype(dat.dtype)
    if dtype == np.dtype(np.float32) and _tf32_enabled(getattr(dat, "ctx", None)):
        return np.dtype(np.float16)
    return dtype


def get_tolerance(dat, tol, default_tol):
    """``tol`` if a number, else ``tol`` (a dict dtype -> float) or ``default_tol`` for the
    effective dtype of ``dat`` (KeyError for a dtype in neither)."""
    if isinstance(tol, numbers.Number):
        return tol
    dtype = effective_dtype(dat)
    return ({} if tol is None else tol).get(dtype, default_tol[dtype])


def get_tols(x, y, rtol, atol):
    """The tolerances to compare x and y: the looser default of their dtypes unless given."""
    x = np.array(x) if isinstance(x, numbers.Number) else x
    y = np.array(y) if isinstance(y, numbers.Number) else y
    return (max(get_tolerance(x, rtol, default_rtols()), get_tolerance(y, rtol, default_rtols())),
            max(get_tolerance(x, atol, default_atols()), get_tolerance(y, atol, default_atols())))


def get_rtol(rtol=None, dtype=np.dtype(np.float64)):
    return default_rtols()[dtype] if rtol is None else rtol


def get_atol(atol=None, dtype=np.dtype(np.float64)):
    return default_atols()[dtype] if atol is None else atol


def get_etol(etol=None):
    """The error-rate tolerance: ``etol``, 0 by default."""
    return 0 if etol is None else etol


# ---- comparisons -----------------------------------------------------------------------------------

def _numpy(value):
    return value.asnumpy() if isinstance(value, nd.NDArray) else value


def same(a, b):
    """Whether two arrays are exactly equal. ``same(np.ones(2), np.ones(2))`` is True."""
    return np.array_equal(_numpy(a), _numpy(b))


def checkShapes(a, b):  # noqa: N802 (MXNet's name)
    """AssertionError showing both arrays unless ``a.shape == b.shape``."""
    if np.shape(a) != np.shape(b):
        raise AssertionError(npt.build_err_msg(
            [a, b], err_msg=f"a.shape = {np.shape(a)} and b.shape = {np.shape(b)} are not equal"))


def almost_equal(a, b, rtol=None, atol=None, equal_nan=False, use_broadcast=True):
    """Whether two arrays are equal within tolerances (np.allclose)."""
    a, b = _numpy(a), _numpy(b)
    if not use_broadcast:
        checkShapes(a, b)
    return bool(np.allclose(a, b, rtol=get_rtol(rtol), atol=get_atol(atol), equal_nan=equal_nan))


def _find_max_violation(a, b, rtol, atol):
    absdiff = np.where(np.equal(a, b), 0, np.abs(a - b))
    violation = absdiff / (atol + rtol * np.abs(b) + 1e-20)
    loc = np.unravel_index(np.argmax(violation), violation.shape)
    return tuple(int(i) for i in loc), np.max(violation)


# arrays printed as NumPy 1.x (MXNet 1.9.1's) does: no "shape=(n,)" in a summarized array
_NUMPY1_PRINTING = _NUMPY_1_TEXT


def _location(a, b, index, names, maximum=""):
    return "Location of %serror: %s, %s=%.8f, %s=%.8f" % (maximum, index, names[0], a[index], names[1], b[index])


def _mismatch_error(a, b, rtol, atol, names, equal_nan, mismatches):
    """MXNet's report of a failed comparison: it prints the worst ``mismatches[0]`` elements,
    counts up to ``mismatches[1]`` of them, and returns the AssertionError to raise."""
    a_b, b_b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    index, rel = _find_max_violation(a_b, b_b, rtol, atol)
    if index == ():
        message = "Error %f exceeds tolerance rtol=%e, atol=%e.\n" % (rel, rtol, atol)
    else:
        first_index, first_rel = index, rel
        print("\n*** Maximum errors for vector of size {}:  rtol={}, atol={}\n".format(np.size(a), rtol, atol))
        a_tmp, b_tmp = a_b.copy(), b_b.copy()
        i = 1
        while i <= a_b.size:
            if i <= mismatches[0]:
                print("%3d: Error %f  %s" % (i, rel, _location(a_b, b_b, index, names)))
            a_tmp[index] = b_tmp[index] = 0
            if almost_equal(a_tmp, b_tmp, rtol, atol, equal_nan=equal_nan):
                break
            i += 1
            if not (i <= mismatches[1] or mismatches[1] <= 0):
                break
            index, rel = _find_max_violation(a_tmp, b_tmp, rtol, atol)
        degree = "at least " if mismatches[1] > 0 and i > mismatches[1] else ""
        message = "Error %f exceeds tolerance rtol=%e, atol=%e (mismatch %s%f%%).\n%s" % (
            first_rel, rtol, atol, degree, 100 * i / np.size(a), _location(a_b, b_b, first_index, names, "maximum "))
    with np.printoptions(threshold=4, suppress=True, **_NUMPY1_PRINTING):  # MXNet sets these globally
        return AssertionError(npt.build_err_msg([a, b], err_msg=message))


def assert_almost_equal(a, b, rtol=None, atol=None, names=("a", "b"), equal_nan=False,
                        use_broadcast=True, mismatches=(10, 10)):
    """Raise AssertionError, naming the worst element, unless a and b are almost equal; like
    MXNet it prints the worst ``mismatches[0]`` elements first."""
    if not use_broadcast:
        checkShapes(_numpy(a), _numpy(b))
    rtol, atol = get_tols(a, b, rtol, atol)
    a, b = _numpy(a), _numpy(b)
    if getattr(a, "dtype", None) == np.bool_ and getattr(b, "dtype", None) == np.bool_:
        npt.assert_equal(a, b)
        return
    if not almost_equal(a, b, rtol, atol, equal_nan=equal_nan):
        raise _mismatch_error(a, b, rtol, atol, names, equal_nan, mismatches)


def assert_allclose(a, b, rtol=1e-07, atol=0, equal_nan=True):
    assert_almost_equal(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)


def assert_almost_equal_with_err(a, b, rtol=None, atol=None, etol=None, names=("a", "b"), equal_nan=False,
                                 mismatches=(10, 10)):
    """Pass when at most a fraction ``etol`` (> 0) of the elements differ beyond the tolerances;
    without ``etol``, ``assert_almost_equal`` (with MXNet's default names and mismatches).

    >>> assert_almost_equal_with_err(np.array([1., 2., 3., 4.]), np.array([1., 2., 3., 5.]), etol=0.3)
    """
    etol = get_etol(etol)
    if etol <= 0:
        assert_almost_equal(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)
        return
    rtol, atol = get_tols(a, b, rtol, atol)
    a, b = _numpy(a), _numpy(b)
    equals = np.isclose(a, b, rtol=rtol, atol=atol)
    if 1 - np.count_nonzero(equals) / equals.size > etol:
        raise _mismatch_error(a, b, rtol, atol, names, equal_nan, mismatches)


def assert_almost_equal_ignore_nan(a, b, rtol=None, atol=None, names=("a", "b")):
    """``assert_almost_equal`` with the elements where either array is NaN set to 0.

    >>> assert_almost_equal_ignore_nan(np.array([np.nan, 1.]), np.array([5., 1.]))
    """
    a, b = np.copy(_numpy(a)), np.copy(_numpy(b))
    nan_mask = np.logical_or(np.isnan(a), np.isnan(b))
    a[nan_mask] = 0
    b[nan_mask] = 0
    assert_almost_equal(a, b, rtol, atol, names)


def assert_exception(f, exception_type, *args, **kwargs):
    """Assert that ``f(*args, **kwargs)`` raises ``exception_type``."""
    try:
        f(*args, **kwargs)
    except exception_type:
        return
    raise AssertionError(f"{getattr(f, '__name__', f)} did not raise {exception_type.__name__}")


def same_array(array1, array2):
    """Whether two NDArrays share memory (found by adding 1 to array1 and subtracting it again)."""
    array1[:] += 1
    if not same(array1.asnumpy(), array2.asnumpy()):
        array1[:] -= 1
        return False
    array1[:] -= 1
    return same(array1.asnumpy(), array2.asnumpy())


def compare_ndarray_tuple(t1, t2, rtol=None, atol=None):
    """``assert_almost_equal`` over nested tuples of arrays (nothing when either is None)."""
    if t1 is None or t2 is None:
        return
    if isinstance(t1, tuple):
        for s1, s2 in zip(t1, t2):
            compare_ndarray_tuple(s1, s2, rtol, atol)
    else:
        assert_almost_equal(t1, t2, rtol=rtol, atol=atol)


def _weight_and_copy(shape, dtype, stype, sparse_density):
    if stype == "default":
        array = _random.uniform(shape=shape, ctx=default_context(), dtype=dtype)
        return array.copyto(default_context()), array
    if stype in ("row_sparse", "csr"):
        array = rand_ndarray(shape, stype, density=sparse_density, dtype=dtype)
        return array.copyto(default_context()).tostype("default"), array
    raise Exception("type not supported yet")  # pylint: disable=broad-exception-raised (MXNet's)


def compare_optimizer(opt1, opt2, shape, dtype, w_stype="default", g_stype="default", rtol=1e-4, atol=1e-5,
                      compare_states=True, ntensors=1):
    """Check that one ``update_multi_precision`` of opt1 (dense weight and gradient) and opt2
    (``w_stype`` / ``g_stype``) from the same random start give the same weights and states. With a
    list of shapes opt2 updates all ``ntensors`` at once and opt1 one by one."""
    if not isinstance(shape, list):
        assert ntensors == 1
        w1, w2 = _weight_and_copy(shape, dtype, w_stype, 1)
        g1, g2 = _weight_and_copy(shape, dtype, g_stype, None)
        state1 = opt1.create_state_multi_precision(0, w1)
        state2 = opt2.create_state_multi_precision(0, w2)
        if compare_states:
            compare_ndarray_tuple(state1, state2)
        opt1.update_multi_precision(0, w1, g1, state1)
        opt2.update_multi_precision(0, w2, g2, state2)
        if compare_states:
            compare_ndarray_tuple(state1, state2, rtol=rtol, atol=atol)
        assert_almost_equal(w1, w2, rtol=rtol, atol=atol)
        return
    w1 = tuple(_random.uniform(shape=s, ctx=default_context(), dtype=dtype) for s in shape)
    g1 = tuple(_random.uniform(shape=s, ctx=default_context(), dtype=dtype) for s in shape)
    w2, g2 = tuple(w.copy() for w in w1), tuple(g.copy() for g in g1)
    state2 = [opt2.create_state_multi_precision(0, w2[i]) for i in range(ntensors)]
    opt2.update_multi_precision(list(range(ntensors)), w2, g2, state2)
    for i in range(ntensors):
        state1 = opt1.create_state_multi_precision(i, w1[i])
        opt1.update_multi_precision(i, w1[i], g1[i], state1)
        if compare_states:
            compare_ndarray_tuple(state1, state2[i], rtol, atol)
        compare_ndarray_tuple(w1[i], w2[i], rtol, atol)


# ---- test running -------------------------------------------------------------------------------------

def retry(n):
    """A decorator that reruns a test up to ``n`` times while it raises AssertionError."""
    assert n > 0

    def decorate(f):
        def wrapper(*args, **kwargs):  # no functools.wraps: MXNet's wrapper hides the signature too
            for i in range(n):
                try:
                    f(*args, **kwargs)
                    return
                except AssertionError:
                    if i == n - 1:
                        raise
                    nd.waitall()
        return wrapper
    return decorate


@contextmanager
def environment(*args):
    """Set environment variables for the ``with`` body: ``environment(name, value)`` or
    ``environment({name: value, ...})``; a value of None unsets. The old values come back after."""
    if len(args) == 1 and isinstance(args[0], dict):
        env_vars = args[0]
    else:
        assert len(args) == 2, "Expecting one dict arg or two args: env var name and value"
        env_vars = {args[0]: args[1]}

    def set_environ(env_var_dict):
        for name, value in env_var_dict.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value  # mxnd's getenv reads os.environ: no backend copy to sync

    snapshot = {name: os.environ.get(name) for name in env_vars}
    set_environ(env_vars)
    try:
        yield
    finally:
        nd.waitall()
        set_environ(snapshot)


@contextmanager
def discard_stderr():
    """Send stderr's file descriptor (native code's output too) to /dev/null in the ``with`` body."""
    try:
        stderr_fileno = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # a replaced sys.stderr: the process's fd 2
        stderr_fileno = 2
    with open(os.devnull, "w") as bit_bucket:
        old_stderr = os.dup(stderr_fileno)
        try:
            os.dup2(bit_bucket.fileno(), stderr_fileno)
            yield
        finally:
            os.dup2(old_stderr, stderr_fileno)
            os.close(old_stderr)


def list_gpus():
    """``range(number of GPUs)``: ``range(0, 0)`` without CUDA."""
    return range(get_gpu_count())


def is_cd_run():
    """Whether the environment variable CD_JOB is "1" (a Continuous Delivery run)."""
    return os.environ.get("CD_JOB", 0) == "1"


def is_aarch64_run():
    """Whether this machine is aarch64."""
    return platform.machine() == "aarch64"


def has_tvm_ops():
    """False: mxnd has no operators built with TVM (USE_TVM_OP)."""
    return False


def is_op_runnable():
    """True: without TVM operators every operator runs on every context (MXNet's rule)."""
    return True


class DummyIter(DataIter):
    """An iterator that returns the first batch of ``real_iter`` forever (for speed tests)."""

    def __init__(self, real_iter):
        super().__init__()
        self.real_iter = real_iter
        self.provide_data = real_iter.provide_data
        self.provide_label = real_iter.provide_label
        self.batch_size = real_iter.batch_size
        self.the_batch = next(real_iter)

    def __iter__(self):
        return self

    def next(self):
        """The first batch of the real iterator, every time."""
        return self.the_batch
