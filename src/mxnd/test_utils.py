"""``mx.test_utils``: MXNet's testing helpers (tolerances per dtype, random arrays and shapes)."""
from __future__ import annotations

import numbers

import numpy as np
import numpy.testing as npt

from . import ndarray as nd
from .context import Context, _set_default, current_context

__all__ = ["default_context", "set_default_context", "default_rtols", "default_atols", "get_rtol",
           "get_atol", "get_tols", "same", "almost_equal", "assert_almost_equal", "assert_allclose",
           "assert_exception", "random_arrays", "rand_ndarray", "rand_shape_2d", "rand_shape_3d",
           "rand_shape_nd"]

def default_context() -> Context:
    """The context tests run on: the current default context."""
    return current_context()


def set_default_context(ctx):
    """Set this thread's default context (as MXNet, this changes ``mx.current_context()``)."""
    _set_default(ctx)


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


def get_rtol(rtol=None, dtype=np.dtype(np.float64)):
    return default_rtols()[dtype] if rtol is None else rtol


def get_atol(atol=None, dtype=np.dtype(np.float64)):
    return default_atols()[dtype] if atol is None else atol


def _tolerance(data, tol, defaults):
    if isinstance(tol, numbers.Number):
        return tol
    dtype = np.dtype(data.dtype)
    return (tol or {}).get(dtype, defaults.get(dtype, defaults[np.dtype(np.float64)]))


def get_tols(x, y, rtol, atol):
    """The tolerances to compare x and y: the looser default of their dtypes unless given."""
    x = np.array(x) if isinstance(x, numbers.Number) else x
    y = np.array(y) if isinstance(y, numbers.Number) else y
    rtol = max(_tolerance(x, rtol, default_rtols()), _tolerance(y, rtol, default_rtols()))
    atol = max(_tolerance(x, atol, default_atols()), _tolerance(y, atol, default_atols()))
    return rtol, atol


def _numpy(value):
    return value.asnumpy() if isinstance(value, nd.NDArray) else value


def same(a, b):
    """Whether two arrays are exactly equal. ``same(np.ones(2), np.ones(2))`` is True."""
    return np.array_equal(_numpy(a), _numpy(b))


def _check_shapes(a, b):
    if np.shape(a) != np.shape(b):
        raise AssertionError(npt.build_err_msg(
            [a, b], err_msg=f"a.shape = {np.shape(a)} and b.shape = {np.shape(b)} are not equal"))


def almost_equal(a, b, rtol=None, atol=None, equal_nan=False, use_broadcast=True):
    """Whether two arrays are equal within tolerances (np.allclose)."""
    a, b = _numpy(a), _numpy(b)
    if not use_broadcast:
        _check_shapes(a, b)
    return bool(np.allclose(a, b, rtol=get_rtol(rtol), atol=get_atol(atol), equal_nan=equal_nan))


def _find_max_violation(a, b, rtol, atol):
    absdiff = np.where(np.equal(a, b), 0, np.abs(a - b))
    violation = absdiff / (atol + rtol * np.abs(b) + 1e-20)
    loc = np.unravel_index(np.argmax(violation), violation.shape)
    return loc, np.max(violation)


def assert_almost_equal(a, b, rtol=None, atol=None, names=("a", "b"), equal_nan=False,
                        use_broadcast=True, mismatches=(10, 10)):
    """Raise AssertionError, naming the worst element, unless a and b are almost equal."""
    if not use_broadcast:
        _check_shapes(_numpy(a), _numpy(b))
    rtol, atol = get_tols(a, b, rtol, atol)
    a, b = np.asarray(_numpy(a)), np.asarray(_numpy(b))
    if a.dtype == np.bool_ and b.dtype == np.bool_:
        npt.assert_equal(a, b)
        return
    if almost_equal(a, b, rtol, atol, equal_nan=equal_nan):
        return
    a_f, b_f = np.broadcast_arrays(a.astype(np.float64), b.astype(np.float64))
    index, relative = _find_max_violation(a_f, b_f, rtol, atol)
    index = tuple(int(i) for i in index)
    # MXNet counts violations one by one and stops after mismatches[1] of them
    violations = int(np.count_nonzero(~np.isclose(a_f, b_f, rtol=rtol, atol=atol, equal_nan=equal_nan)))
    counted = violations if mismatches[1] <= 0 or violations <= mismatches[1] else mismatches[1] + 1
    degree = "at least " if mismatches[1] > 0 and counted > mismatches[1] else ""
    message = (f"Error {relative:f} exceeds tolerance rtol={rtol:e}, atol={atol:e} "
               f"(mismatch {degree}{100 * counted / a_f.size:f}%).\n"
               f"Location of maximum error: {index}, {names[0]}={a_f[index]:.8f}, {names[1]}={b_f[index]:.8f}")
    raise AssertionError(npt.build_err_msg([a, b], err_msg=message))


def assert_allclose(a, b, rtol=1e-07, atol=0, equal_nan=True):
    assert_almost_equal(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)


def assert_exception(f, exception_type, *args, **kwargs):
    """Assert that ``f(*args, **kwargs)`` raises ``exception_type``."""
    try:
        f(*args, **kwargs)
    except exception_type:
        return
    raise AssertionError(f"{getattr(f, '__name__', f)} did not raise {exception_type.__name__}")


def random_arrays(*shapes):
    """Random float32 numpy arrays (a scalar for shape ()), one per shape."""
    arrays = [np.array(np.random.randn(), dtype=np.float32) if len(s) == 0
              else np.random.randn(*s).astype(np.float32) for s in shapes]
    return arrays[0] if len(arrays) == 1 else arrays


def rand_ndarray(shape, stype="default", density=None, dtype=None, modifier_func=None,
                 shuffle_csr_indices=False, distribution=None, ctx=None):
    """A random NDArray of ``shape`` on ``ctx``: dense (normal values), or ``stype`` 'csr' /
    'row_sparse' with about ``density`` (default: random) of its entries / rows stored (uniform
    values in [0, 1), as MXNet's ``rand_sparse_ndarray``)."""
    if stype == "default":
        return nd.array(random_arrays(shape), dtype=dtype, ctx=ctx or default_context())
    if stype not in ("csr", "row_sparse"):
        raise ValueError(f"rand_ndarray: unknown storage type {stype!r}")
    density = np.random.rand() if density is None else density
    dtype = np.float32 if dtype is None else dtype
    shape = tuple(shape)
    if stype == "csr":
        import scipy.sparse as spsp

        matrix = spsp.random(shape[0], shape[1], density=density, format="csr", dtype=np.float64)
        values = matrix.data if modifier_func is None else np.vectorize(modifier_func)(matrix.data)
        return nd.sparse.csr_matrix((values.astype(dtype), matrix.indices, matrix.indptr), shape=shape,
                                    ctx=ctx or default_context(), dtype=dtype)
    rows = np.flatnonzero(np.random.rand(shape[0]) < density)
    values = np.random.rand(len(rows), *shape[1:])
    if modifier_func is not None:
        values = np.vectorize(modifier_func)(values)
    return nd.sparse.row_sparse_array((values.astype(dtype), rows), shape=shape, ctx=ctx or default_context(),
                                      dtype=dtype)


def rand_shape_2d(dim0=10, dim1=10, allow_zero_size=False):
    low = 0 if allow_zero_size else 1
    return np.random.randint(low, dim0 + 1), np.random.randint(low, dim1 + 1)


def rand_shape_3d(dim0=10, dim1=10, dim2=10, allow_zero_size=False):
    low = 0 if allow_zero_size else 1
    return np.random.randint(low, dim0 + 1), np.random.randint(low, dim1 + 1), np.random.randint(low, dim2 + 1)


def rand_shape_nd(num_dim, dim=10, allow_zero_size=False):
    low = 0 if allow_zero_size else 1
    return tuple(np.random.randint(low, dim + 1, size=num_dim))
