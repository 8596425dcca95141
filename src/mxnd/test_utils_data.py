"""Data generators of ``mx.test_utils``: random arrays and shapes, sparse arrays, large-tensor
helpers, matrices with real eigenvalues, NumPy reference reductions and the statistical checks
of random generators. Random values come from NumPy's (or torch's) generator, not MXNet's."""
from __future__ import annotations

import numpy as np

from . import ndarray as nd
from .context import current_context

__all__ = ["default_dtype", "random_arrays", "random_uniform_arrays", "random_sample", "rand_shape_2d",
           "rand_shape_3d", "rand_shape_nd", "rand_coord_2d", "rand_ndarray", "rand_sparse_ndarray",
           "shuffle_csr_column_indices", "create_sparse_array", "create_sparse_array_zd", "assign_each",
           "assign_each2", "create_2d_tensor", "create_vector", "get_identity_mat", "get_identity_mat_batch",
           "np_reduce", "collapse_sum_like", "new_matrix_with_real_eigvals_2d", "new_matrix_with_real_eigvals_nd",
           "new_orthonormal_matrix_2d", "new_sym_matrix_with_real_eigvals_2d", "new_sym_matrix_with_real_eigvals_nd",
           "gen_buckets_probs_with_ppf", "mean_check", "var_check", "chi_square_check", "verify_generator"]


def default_dtype():
    """The dtype of test data: ``np.float32``."""
    return np.float32


# ---- random arrays and shapes -------------------------------------------------------------------

def random_arrays(*shapes):
    """Random float32 numpy arrays (a scalar for shape ()), one per shape."""
    arrays = [np.array(np.random.randn(), dtype=default_dtype()) if len(s) == 0
              else np.random.randn(*s).astype(default_dtype()) for s in shapes]
    return arrays[0] if len(arrays) == 1 else arrays


def random_uniform_arrays(*shapes, low=0.0, high=1.0, dtype=None, **kwargs):
    """A list of numpy arrays uniform in [low, high), one per shape (a list even for one shape)."""
    if kwargs:
        raise TypeError('Got unexpected argument/s : ' + str(kwargs.keys()))
    dtype = default_dtype() if dtype is None else dtype
    return [np.random.uniform(low, high, size=s).astype(dtype) for s in shapes]


def random_sample(population, k):
    """``k`` elements of the list ``population`` in random order. ``random_sample([7], 1) == [7]``."""
    assert 0 <= k <= len(population)
    population_copy = population[:]
    np.random.shuffle(population_copy)
    return population_copy[0:k]


def rand_shape_2d(dim0=10, dim1=10, allow_zero_size=False):
    low = 0 if allow_zero_size else 1
    return np.random.randint(low, dim0 + 1), np.random.randint(low, dim1 + 1)


def rand_shape_3d(dim0=10, dim1=10, dim2=10, allow_zero_size=False):
    low = 0 if allow_zero_size else 1
    return np.random.randint(low, dim0 + 1), np.random.randint(low, dim1 + 1), np.random.randint(low, dim2 + 1)


def rand_shape_nd(num_dim, dim=10, allow_zero_size=False):
    low = 0 if allow_zero_size else 1
    return tuple(np.random.randint(low, dim + 1, size=num_dim))


def rand_coord_2d(x_low, x_high, y_low, y_high):
    """A random ``(x, y)`` of np.int64 with ``x_low <= x < x_high``, ``y_low <= y < y_high``."""
    return (np.random.randint(x_low, x_high, dtype=np.int64),
            np.random.randint(y_low, y_high, dtype=np.int64))


# ---- sparse arrays --------------------------------------------------------------------------------

def rand_ndarray(shape, stype="default", density=None, dtype=None, modifier_func=None,
                 shuffle_csr_indices=False, distribution=None, ctx=None):
    """A random NDArray on ``ctx``: dense with normal values, or ``rand_sparse_ndarray``'s array."""
    ctx = ctx or current_context()
    if stype == "default":
        return nd.array(random_arrays(shape), dtype=dtype, ctx=ctx)
    return rand_sparse_ndarray(shape, stype, density=density, modifier_func=modifier_func, dtype=dtype,
                               shuffle_csr_indices=shuffle_csr_indices, distribution=distribution, ctx=ctx)[0]


def shuffle_csr_column_indices(csr):
    """Shuffle, in place, the column indices within each row of a scipy csr matrix."""
    for start, end in zip(csr.indptr[:-1], csr.indptr[1:]):
        sublist = np.array(csr.indices[start:end])
        np.random.shuffle(sublist)
        csr.indices[start:end] = sublist


def _validate_csr_inputs(num_rows, num_cols, density, distribution):
    if density < 0 or density > 1:
        raise ValueError("density has to be between 0 and 1")
    if num_rows <= 0 or num_cols <= 0:
        raise ValueError("num_rows or num_cols should be greater than 0")
    if distribution == "powerlaw" and int(num_rows * num_cols * density) < 2 * num_rows:
        raise ValueError("not supported for this density: %s for this shape (%s, %s) Please keep : "
                         "num_rows * num_cols * density >= 2 * num_rows" % (density, num_rows, num_cols))


def _uniform_csr(num_rows, num_cols, density, dtype, data_init, shuffle_csr_indices):
    _validate_csr_inputs(num_rows, num_cols, density, "uniform")
    try:
        from scipy import sparse as spsp
    except ImportError:
        assert data_init is None, "data_init option is not supported when scipy is absent"
        assert not shuffle_csr_indices, "shuffle_csr_indices option is not supported when scipy is absent"
        dense = nd.random.uniform(shape=(num_rows, num_cols), dtype=dtype)
        return (dense * (dense < density)).tostype("csr")
    csr = spsp.rand(num_rows, num_cols, density, dtype=dtype, format="csr")
    if data_init is not None:
        csr.data.fill(data_init)
    if shuffle_csr_indices is True:
        shuffle_csr_column_indices(csr)
    return nd.sparse.csr_matrix((csr.data, csr.indices, csr.indptr), shape=(num_rows, num_cols), dtype=dtype)


def _powerlaw_csr(num_rows, num_cols, density, dtype):
    """Row i > 0 holds about 2**i non-zeros (rows fill up to the width) until nnz is used up."""
    _validate_csr_inputs(num_rows, num_cols, density, "powerlaw")
    unused = int(num_rows * num_cols * density)
    out = np.zeros((num_rows, num_cols), dtype=dtype)
    for row in range(num_rows):  # one value at the start of every row first
        out[row][0] = 1 + np.random.uniform(0.001, 2)
        unused -= 1
        if unused <= 0:
            return nd.array(out).tostype("csr")
    col_max = 2
    for row in range(num_rows):
        col_limit = min(num_cols, col_max)
        if col_limit == num_cols and unused > col_limit:
            out[row] = 1 + np.random.uniform(0.001, 2)
            unused = unused - col_limit + 1
            if unused <= 0:
                return nd.array(out).tostype("csr")
            continue
        for col in range(1, col_limit):
            out[row][col] = 1 + np.random.uniform(0.001, 2)
            unused -= 1
            if unused <= 0:
                return nd.array(out).tostype("csr")
        col_max *= 2
    if unused > 0:
        raise ValueError("not supported for this density: %s for this shape (%s,%s)" % (density, num_rows, num_cols))
    return nd.array(out).tostype("csr")


def rand_sparse_ndarray(shape, stype, density=None, dtype=None, distribution=None, data_init=None,
                        rsp_indices=None, modifier_func=None, shuffle_csr_indices=False, ctx=None):
    """A random 'csr' or 'row_sparse' NDArray with about ``density`` (default: random) of its
    entries / rows stored, values uniform in [0, 1) (``data_init`` fills them, ``modifier_func``
    maps row_sparse values). Returns ``(array, (values, indices))`` for row_sparse and
    ``(array, (indptr, indices, data))`` for csr. csr takes ``distribution='powerlaw'``: row i
    holds about twice the non-zeros of row i - 1."""
    ctx = ctx or current_context()
    density = np.random.rand() if density is None else density
    dtype = default_dtype() if dtype is None else dtype
    distribution = "uniform" if distribution is None else distribution
    if stype == "row_sparse":
        assert distribution == "uniform", "Distribution %s not supported for row_sparse" % distribution
        if rsp_indices is not None:
            indices = np.asarray(rsp_indices)
            assert len(indices) <= shape[0]
        else:
            indices = np.argwhere(np.random.rand(shape[0]) < density).flatten()
        if indices.shape[0] == 0:
            return (nd.zeros(shape, stype="row_sparse", dtype=dtype, ctx=ctx),
                    (np.array([], dtype=dtype), np.array([])))
        val = np.random.rand(indices.shape[0], *shape[1:]).astype(dtype)
        if data_init is not None:
            val.fill(data_init)
        if modifier_func is not None:
            val = assign_each(val, modifier_func)
        return nd.sparse.row_sparse_array((val, indices), shape=shape, dtype=dtype, ctx=ctx), (val, indices)
    if stype == "csr":
        assert len(shape) == 2
        if distribution == "uniform":
            csr = _uniform_csr(shape[0], shape[1], density, dtype, data_init, shuffle_csr_indices)
        else:
            assert distribution == "powerlaw", "Distribution not supported: %s" % distribution
            csr = _powerlaw_csr(shape[0], shape[1], density, dtype)
        csr = csr.as_in_context(ctx)
        return csr, (csr.indptr, csr.indices, csr.data)
    raise AssertionError("unknown storage type")


def create_sparse_array(shape, stype, data_init=None, rsp_indices=None, dtype=None, modifier_func=None,
                        density=.5, shuffle_csr_indices=False):
    """``rand_sparse_ndarray``'s array (row_sparse ``rsp_indices`` sorted first)."""
    if stype == "row_sparse":
        indices = None if rsp_indices is None else np.sort(np.asarray(rsp_indices))
        return rand_sparse_ndarray(shape, stype, density=density, data_init=data_init, rsp_indices=indices,
                                   dtype=dtype, modifier_func=modifier_func)[0]
    if stype == "csr":
        return rand_sparse_ndarray(shape, stype, density=density, data_init=data_init, dtype=dtype,
                                   modifier_func=modifier_func, shuffle_csr_indices=shuffle_csr_indices)[0]
    raise AssertionError("Unknown storage type: " + stype)


def create_sparse_array_zd(shape, stype, density, data_init=None, rsp_indices=None, dtype=None,
                           modifier_func=None, shuffle_csr_indices=False):
    """``create_sparse_array``; a row_sparse array gets only the rows ``rsp_indices`` (density 0)."""
    if stype == "row_sparse":
        density = 0.0
        if rsp_indices is not None:
            assert len(rsp_indices) <= shape[0]
    return create_sparse_array(shape, stype, data_init=data_init, rsp_indices=rsp_indices, dtype=dtype,
                               modifier_func=modifier_func, density=density,
                               shuffle_csr_indices=shuffle_csr_indices)


# ---- elementwise maps and large-tensor helpers ----------------------------------------------------

def _assign(function, *inputs):
    output = np.zeros(inputs[0].shape)
    for out, *values in zip(np.nditer(output, op_flags=["writeonly"]), *(np.nditer(x) for x in inputs)):
        out[...] = function(*values)
    return output


def assign_each(the_input, function):
    """A float64 array of ``function(value)`` per element (a copy of the input if function is None).

    >>> assign_each(np.array([1, 2]), lambda x: x * 2)
    array([2., 4.])
    """
    return np.array(the_input) if function is None else _assign(function, the_input)


def assign_each2(input1, input2, function):
    """A float64 array of ``function(value1, value2)`` per pair of elements (a copy of input1 if
    function is None)."""
    if function is None:
        return np.array(input1)
    assert input1.shape == input2.shape
    return _assign(function, input1, input2)


def create_2d_tensor(rows, columns, dtype=np.int64):
    """An NDArray ``(rows, columns)`` whose row i holds i."""
    return nd.broadcast_to(nd.arange(0, rows, dtype=dtype).reshape(rows, 1), shape=(rows, columns))


def create_vector(size, dtype=np.int64):
    """``mx.nd.arange(0, size, dtype=dtype)``."""
    return nd.arange(0, size, dtype=dtype)


def get_identity_mat(size):
    """The float32 identity NDArray ``(size, size)``."""
    return nd.array(np.eye(size, dtype=np.float32))


def get_identity_mat_batch(size):
    """Two float32 identity matrices, ``(2, size, size)``."""
    return nd.array(np.stack([np.eye(size, dtype=np.float32)] * 2))


# ---- NumPy references -----------------------------------------------------------------------------

def np_reduce(dat, axis, keepdims, numpy_reduce_func):
    """Reduce the numpy array ``dat`` over ``axis`` (None, an int or a list) one axis at a time.

    >>> np_reduce(np.arange(6).reshape(2, 3), 1, True, np.sum)
    array([[ 3],
           [12]])
    """
    if isinstance(axis, int):
        axis = [axis]
    else:
        axis = list(axis) if axis is not None else range(len(dat.shape))
    ret = dat
    for i in reversed(sorted(axis)):
        ret = numpy_reduce_func(ret, axis=i)
    if keepdims:
        keepdims_shape = list(dat.shape)
        for i in axis:
            keepdims_shape[i] = 1
        ret = ret.reshape(tuple(keepdims_shape))
    return ret


def collapse_sum_like(a, shape):
    """Sum the numpy array ``a`` down to ``shape``, which must broadcast to ``a.shape``.

    >>> collapse_sum_like(np.ones((2, 3)), (1, 3))
    array([[2., 2., 2.]])
    """
    assert len(a.shape) >= len(shape)
    if np.prod(shape) == 0 or a.size == 0:
        return np.zeros(shape, dtype=a.dtype)
    ndim_diff = len(a.shape) - len(shape)
    axes = list(range(ndim_diff))
    for i, s in enumerate(shape):
        if s != a.shape[i + ndim_diff]:
            assert s == 1
            axes.append(i + ndim_diff)
    return np.sum(a, axis=tuple(axes)).reshape(shape)


# ---- matrices with real eigenvalues ---------------------------------------------------------------

def new_matrix_with_real_eigvals_2d(n):
    """A well-conditioned float64 ``(n, n)`` matrix with real eigenvalues in [-10, 10)."""
    while True:
        D = np.diag(np.random.uniform(-1.0, 1.0, n))
        v = np.random.uniform(-1., 1., n).reshape(n, 1)
        v = v / np.linalg.norm(v, axis=-2, keepdims=True)
        q = np.matmul(np.eye(n) - 2 * np.matmul(v, v.T), D)  # Householder reflection times D
        if np.linalg.cond(q, 2) < 3:
            break
    D = np.diag(np.random.uniform(-10.0, 10.0, n))
    return np.matmul(np.matmul(np.linalg.inv(q), D), q)


def _batch_of(make_2d, shape):
    n = int(np.prod(shape[:-2])) if len(shape) > 2 else 1
    return np.array([make_2d(shape[-1]) for _ in range(n)]).reshape(shape)


def new_matrix_with_real_eigvals_nd(shape):
    """``new_matrix_with_real_eigvals_2d`` matrices stacked to ``shape``."""
    return _batch_of(new_matrix_with_real_eigvals_2d, shape)


def new_orthonormal_matrix_2d(n):
    """A random orthonormal float64 ``(n, n)`` matrix."""
    x = np.random.randn(n, n)
    return np.linalg.qr(np.matmul(x.T, x))[0]


def new_sym_matrix_with_real_eigvals_2d(n):
    """A symmetric float64 ``(n, n)`` matrix with eigenvalues in [-10, 10)."""
    q = new_orthonormal_matrix_2d(n)
    D = np.diag(np.random.uniform(-10.0, 10.0, n))
    return np.matmul(np.matmul(q.T, D), q)


def new_sym_matrix_with_real_eigvals_nd(shape):
    """``new_sym_matrix_with_real_eigvals_2d`` matrices stacked to ``shape``."""
    return _batch_of(new_sym_matrix_with_real_eigvals_2d, shape)


# ---- statistical checks of random generators ------------------------------------------------------

def gen_buckets_probs_with_ppf(ppf, nbuckets):
    """``nbuckets`` equally likely buckets ``(ppf(i / n), ppf((i + 1) / n))`` and their probabilities.

    >>> gen_buckets_probs_with_ppf(lambda x: 2 * x, 2)
    ([(0.0, 1.0), (1.0, 2.0)], [0.5, 0.5])
    """
    assert nbuckets > 0
    probs = [1.0 / nbuckets for _ in range(nbuckets)]
    buckets = [(ppf(i / float(nbuckets)), ppf((i + 1) / float(nbuckets))) for i in range(nbuckets)]
    return buckets, probs


def mean_check(generator, mu, sigma, nsamples=1000000):
    """Whether the mean of ``generator(nsamples)`` lies within mu +- 3 sigma / sqrt(nsamples)."""
    sample_mean = np.array(generator(nsamples)).mean()
    bound = 3 * sigma / np.sqrt(nsamples)
    return (sample_mean > mu - bound) and (sample_mean < mu + bound)


def var_check(generator, sigma, nsamples=1000000):
    """Whether the sample variance of ``generator(nsamples)`` lies within
    sigma**2 +- 3 sqrt(2 sigma**4 / (nsamples - 1))."""
    sample_var = np.array(generator(nsamples)).var(ddof=1)
    bound = 3 * np.sqrt(2 * sigma ** 4 / (nsamples - 1))
    return (sample_var > sigma ** 2 - bound) and (sample_var < sigma ** 2 + bound)


def chi_square_check(generator, buckets, probs, nsamples=1000000):
    """Chi-square test of ``generator(nsamples)`` against ``probs`` of ``buckets`` (ascending
    ``(low, high)`` ranges, or the values of a discrete distribution). Returns
    ``(p, observed frequencies, expected frequencies)``; needs scipy."""
    try:
        import scipy.stats as ss
    except ImportError:
        raise ImportError("scipy is not available. Please check if the scipy python bindings are installed.") \
            from None
    assert isinstance(buckets, list)
    samples = generator(nsamples)
    assert len(probs) == len(buckets)
    continuous = isinstance(buckets[0], (list, tuple))
    if continuous:
        for i, bucket in enumerate(buckets):
            assert bucket[0] <= bucket[1]
            if i < len(buckets) - 1:
                assert bucket[1] <= buckets[i + 1][0]
        edges = np.array([edge for bucket in buckets for edge in bucket[:2]], dtype=np.float32)
        sample_bucket_ids = np.searchsorted(edges, samples, side="right") // 2
    else:
        sample_bucket_ids = np.array(samples)
    expected_freq = (nsamples * np.array(probs, dtype=np.float32)).astype(np.int32)
    obs_freq = np.array([(sample_bucket_ids == (i if continuous else bucket)).sum()
                         for i, bucket in enumerate(buckets)], dtype=np.int64)
    _, p = ss.chisquare(f_obs=obs_freq, f_exp=expected_freq)
    return p, obs_freq, expected_freq


def verify_generator(generator, buckets, probs, nsamples=1000000, nrepeat=5, success_rate=0.2, alpha=0.05):
    """Run ``chi_square_check`` ``nrepeat`` times; AssertionError unless at least
    ``nrepeat * success_rate`` p-values exceed ``alpha``. Returns the p-values."""
    results = [chi_square_check(generator=generator, buckets=buckets, probs=probs, nsamples=nsamples)
               for _ in range(nrepeat)]
    cs_ret_l = [r[0] for r in results]
    if (np.array(cs_ret_l) > alpha).sum() < nrepeat * success_rate:
        raise AssertionError("Generator test fails, Chi-square p=%s, obs_freq=%s, expected_freq=%s."
                             "\nbuckets=%s, probs=%s" % (str(cs_ret_l), str([r[1] for r in results]),
                                                         str([r[2] for r in results]), str(buckets), str(probs)))
    return cs_ret_l
