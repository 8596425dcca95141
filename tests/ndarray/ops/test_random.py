"""The random family beyond the golden cases: distributions (statistically, with fixed seeds and
generous bounds), reproducibility per operator, contexts, out=, the Python-level dispatch of
mx.nd.random, gradients, and the deliberate differences.

Density values and gradients were printed by MXNet 1.9.1 in float64 (``x.attach_grad(); with
autograd.record(): y = mx.nd.random_pdf_<dist>(*xs, is_log=...); y.backward(); x.grad``).
Sample statistics are checked against the distributions' moments: with 40000 draws and a
fixed seed a bound of several standard errors never flips.
"""
import math

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.registry import REGISTRY

N = 40000


def draws(function, *args, seed=0, **kwargs):
    mx.random.seed(seed)
    return function(*args, **kwargs).asnumpy().astype(np.float64)


def assert_moments(values, mean, var, tolerance=0.05):
    """Sample mean and variance within ``tolerance`` (relative, or absolute near 0)."""
    assert abs(values.mean() - mean) <= tolerance * max(1.0, abs(mean)), (values.mean(), mean)
    assert abs(values.var() - var) <= 2 * tolerance * max(1.0, var), (values.var(), var)


# ---- distributions ------------------------------------------------------------------------------

@pytest.mark.parametrize("call,mean,var", [
    (lambda: mx.nd.random.uniform(-1, 3, shape=N), 1.0, 16 / 12),
    (lambda: mx.nd.random.normal(2, 3, shape=N), 2.0, 9.0),
    (lambda: mx.nd.random.randn(N, loc=-1, scale=0.5), -1.0, 0.25),
    (lambda: mx.nd.random.gamma(2.5, 2, shape=N), 5.0, 10.0),  # alpha * beta, alpha * beta ** 2
    (lambda: mx.nd.random.gamma(0.3, 1, shape=N), 0.3, 0.3),
    (lambda: mx.nd.random.exponential(4, shape=N), 4.0, 16.0),  # scale
    (lambda: mx.nd._internal._random_exponential(lam=4, shape=N), 0.25, 1 / 16),  # rate
    (lambda: mx.nd.random.poisson(3.5, shape=N), 3.5, 3.5),
    (lambda: mx.nd.random.poisson(40, shape=N), 40.0, 40.0),
    # k failures, failure probability p: mean k (1 - p) / p, variance k (1 - p) / p**2
    (lambda: mx.nd.random.negative_binomial(4, 0.4, shape=N), 6.0, 15.0),
    # mean mu, variance mu + alpha mu**2
    (lambda: mx.nd.random.generalized_negative_binomial(3, 0.5, shape=N), 3.0, 7.5),
    (lambda: mx.nd.random.generalized_negative_binomial(3, 0, shape=N), 3.0, 3.0),
    (lambda: mx.nd.random.randint(-3, 7, shape=N), 1.5, 99 / 12),
    (lambda: mx.nd.random.uniform_like(mx.nd.zeros(N), low=2, high=4), 3.0, 4 / 12),
    (lambda: mx.nd.random.normal_like(mx.nd.zeros(N, dtype="float64"), loc=1, scale=2), 1.0, 4.0),
    (lambda: mx.nd.random.gamma_like(mx.nd.zeros(N), alpha=4, beta=0.5), 2.0, 1.0),
    (lambda: mx.nd.random.exponential_like(mx.nd.zeros(N), lam=2), 0.5, 0.25),
    (lambda: mx.nd.random.poisson_like(mx.nd.zeros(N), lam=6), 6.0, 6.0),
    (lambda: mx.nd.random.negative_binomial_like(mx.nd.zeros(N), k=2, p=0.5), 2.0, 4.0),
    (lambda: mx.nd.random.generalized_negative_binomial_like(mx.nd.zeros(N), mu=2, alpha=1), 2.0, 6.0),
])
def test_sampler_moments(call, mean, var):
    mx.random.seed(11)
    assert_moments(call().asnumpy().astype(np.float64), mean, var)


@pytest.mark.parametrize("sampler,params,mean,var", [
    ("uniform", ([0, 10], [1, 14]), [0.5, 12], [1 / 12, 16 / 12]),
    ("normal", ([0, 10], [1, 3]), [0, 10], [1, 9]),
    ("gamma", ([1, 9], [2, 0.5]), [2, 4.5], [4, 2.25]),
    ("exponential", ([0.5, 4],), [0.5, 4], [0.25, 16]),  # scale, as mx.nd.random.exponential takes
    ("poisson", ([1, 20],), [1, 20], [1, 20]),
    ("negative_binomial", ([2, 5], [0.5, 0.8]), [2, 1.25], [4, 1.5625]),
    ("generalized_negative_binomial", ([2, 5], [0.5, 0.1]), [2, 5], [4, 7.5]),
])
def test_array_parameters_draw_per_element(sampler, params, mean, var):
    mx.random.seed(3)
    arrays = [mx.nd.array(p) for p in params]
    samples = getattr(mx.nd.random, sampler)(*arrays, shape=(N // 4,))
    assert samples.shape == (2, N // 4) and samples.dtype == np.float32
    for row, m, v in zip(samples.asnumpy().astype(np.float64), mean, var):
        assert_moments(row, m, v)


def test_discrete_samplers_give_whole_numbers():
    mx.random.seed(5)
    for samples in (mx.nd.random.poisson(2.5, shape=1000), mx.nd.random.negative_binomial(3, 0.3, shape=1000),
                    mx.nd.random.generalized_negative_binomial(2, 0.7, shape=1000),
                    mx.nd.sample_poisson(mx.nd.array([1, 30]), shape=500)):
        values = samples.asnumpy()
        assert samples.dtype == np.float32 and (values == np.round(values)).all() and (values >= 0).all()


def test_uniform_stays_in_half_open_interval():
    values = draws(mx.nd.random.uniform, 2, 3, shape=N)
    assert values.min() >= 2 and values.max() < 3
    ints = draws(mx.nd.random.randint, -2, 3, shape=N)
    assert sorted(set(ints.tolist())) == [-2, -1, 0, 1, 2]


def test_randint_int64_range():
    mx.random.seed(1)
    values = mx.nd.random.randint(-2 ** 40, 2 ** 40, shape=1000, dtype="int64").asnumpy()
    assert values.dtype == np.int64 and values.min() >= -2 ** 40 and values.max() < 2 ** 40
    assert np.abs(values).max() > 2 ** 32  # the whole range is used


def test_multinomial_frequencies():
    mx.random.seed(2)
    probs = mx.nd.array([[0.1, 0.2, 0.7], [0.5, 0.5, 0.0]])
    samples = mx.nd.random.multinomial(probs, shape=N).asnumpy()
    assert samples.shape == (2, N)
    np.testing.assert_allclose(np.bincount(samples[0], minlength=3) / N, [0.1, 0.2, 0.7], atol=0.01)
    np.testing.assert_allclose(np.bincount(samples[1], minlength=3) / N, [0.5, 0.5, 0.0], atol=0.01)


def test_multinomial_does_not_normalize():
    # sample_multinomial_op.h inverts the CDF of the row as given: mass beyond the row's sum
    # lands on category K (one past the last), as in MXNet
    mx.random.seed(4)
    samples, log_prob = mx.nd.random.multinomial(mx.nd.array([0.25, 0.25]), shape=N, get_prob=True)
    counts = np.bincount(samples.asnumpy(), minlength=3) / N
    np.testing.assert_allclose(counts, [0.25, 0.25, 0.5], atol=0.01)
    lp = log_prob.asnumpy()
    assert np.isneginf(lp[samples.asnumpy() == 2]).all()
    np.testing.assert_allclose(lp[samples.asnumpy() < 2], math.log(0.25), rtol=1e-6)


def test_multinomial_log_probabilities():
    mx.random.seed(6)
    probs = mx.nd.array([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]], dtype="float64")
    samples, log_prob = mx.nd.random.multinomial(probs, shape=(4, 5), get_prob=True)
    assert samples.shape == log_prob.shape == (2, 4, 5)
    assert samples.dtype == np.int32 and log_prob.dtype == np.float64
    expected = np.log(np.take_along_axis(probs.asnumpy(), samples.asnumpy().reshape(2, -1), 1)).reshape(2, 4, 5)
    np.testing.assert_allclose(log_prob.asnumpy(), expected)


def test_unique_zipfian():
    mx.random.seed(10)
    samples, tries = mx.nd._internal._sample_unique_zipfian(50, shape=(200, 20))
    assert samples.dtype == tries.dtype == np.int64 and samples.shape == (200, 20) and tries.shape == (200,)
    values = samples.asnumpy()
    assert all(len(set(row)) == 20 for row in values) and values.min() >= 0 and values.max() < 50
    assert (tries.asnumpy() >= 20).all()
    # class 0 is drawn when exp(u log 50) rounds to 1: P = log(1.5) / log(50)
    first = mx.nd._internal._sample_unique_zipfian(50, shape=(N, 1))[0].asnumpy()
    assert abs((first == 0).mean() - math.log(1.5) / math.log(50)) < 0.01
    with pytest.raises(MXNetError, match="exceed"):
        mx.nd._internal._sample_unique_zipfian(5, shape=(1, 6))


def test_shuffle_is_a_permutation_of_rows():
    mx.random.seed(8)
    data = mx.nd.arange(40).reshape((10, 2, 2))
    shuffled = mx.nd.random.shuffle(data)
    assert shuffled.shape == data.shape
    rows = shuffled.asnumpy().reshape(10, -1)
    assert sorted(map(tuple, rows)) == sorted(map(tuple, data.asnumpy().reshape(10, -1)))
    assert not np.array_equal(rows, data.asnumpy().reshape(10, -1))
    assert data.asnumpy().ravel().tolist() == list(range(40))  # the input is untouched


def test_shuffle_orders_are_uniform():
    mx.random.seed(9)
    firsts = [int(mx.nd.random.shuffle(mx.nd.arange(4)).asnumpy()[0]) for _ in range(4000)]
    np.testing.assert_allclose(np.bincount(firsts) / 4000, [0.25] * 4, atol=0.03)


def test_shuffle_in_place_through_out():
    data = mx.nd.arange(6).reshape((3, 2))
    assert mx.nd.random.shuffle(data, out=data) is data
    assert sorted(data.asnumpy().ravel().tolist()) == list(range(6))


# ---- reproducibility of every sampler -----------------------------------------------------------

SAMPLER_CALLS = {
    "_random_uniform": ([], {"low": -1.0, "high": 2.0, "shape": (3, 4)}),
    "_random_normal": ([], {"loc": 1.0, "scale": 2.0, "shape": (3, 4)}),
    "_random_gamma": ([], {"alpha": 2.0, "beta": 2.0, "shape": (3, 4)}),
    "_random_exponential": ([], {"lam": 2.0, "shape": (3, 4)}),
    "_random_poisson": ([], {"lam": 4.0, "shape": (3, 4)}),
    "_random_negative_binomial": ([], {"k": 3.0, "p": 0.4, "shape": (3, 4)}),
    "_random_generalized_negative_binomial": ([], {"mu": 3.0, "alpha": 0.4, "shape": (3, 4)}),
    "_random_randint": ([], {"low": 0, "high": 1000, "shape": (3, 4)}),
    "_sample_uniform": ([[0.0, 1.0], [1.0, 3.0]], {"shape": (5,)}),
    "_sample_normal": ([[0.0, 1.0], [1.0, 3.0]], {"shape": (5,)}),
    "_sample_gamma": ([[0.5, 1.0], [1.0, 3.0]], {"shape": (5,)}),
    "_sample_exponential": ([[0.5, 1.0]], {"shape": (5,)}),
    "_sample_poisson": ([[0.5, 10.0]], {"shape": (5,)}),
    "_sample_negative_binomial": ([[2.0, 5.0], [0.5, 0.3]], {"shape": (5,)}),
    "_sample_generalized_negative_binomial": ([[2.0, 5.0], [0.5, 0.3]], {"shape": (5,)}),
    "_sample_multinomial": ([[[0.2, 0.3, 0.5], [0.5, 0.25, 0.25]]], {"shape": (6,), "get_prob": True}),
    "_shuffle": ([list(range(20))], {}),
    "_sample_unique_zipfian": ([], {"range_max": 1000, "shape": (2, 10)}),
}
SAMPLER_CALLS.update({f"_random_{name}_like": ([[0.0] * 12], {k: v for k, v in call[1].items() if k != "shape"})
                      for name, call in ((n[8:], SAMPLER_CALLS[n]) for n in list(SAMPLER_CALLS)
                                         if n.startswith("_random_") and n != "_random_randint")})
SAMPLER_SPECS = [s for s in REGISTRY.values() if s.family == "random" and "_pdf_" not in s.name]


def test_every_sampler_has_a_reproducibility_call():
    assert {s.name for s in SAMPLER_SPECS} == set(SAMPLER_CALLS)


def _run(name, ctx):
    """Call the sampler with its inputs on ``ctx`` (operators without inputs: ``with ctx``)."""
    inputs, kwargs = SAMPLER_CALLS[name]
    module = mx.nd.random if name.endswith("_like") else mx.nd._internal
    public = name[len("_random_"):] if name.endswith("_like") else name
    arrays = [mx.nd.array(v, ctx=ctx) for v in inputs]
    with ctx:
        result = getattr(module, public)(*arrays, **kwargs)
    return result if isinstance(result, list) else [result]


def _call(name, ctx):
    return [r.asnumpy() for r in _run(name, ctx)]


@pytest.mark.parametrize("name", sorted(SAMPLER_CALLS))
def test_same_seed_same_samples(name, ctx):
    mx.random.seed(42)
    first = _call(name, ctx)
    second = _call(name, ctx)
    mx.random.seed(42)
    again = _call(name, ctx)
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a, b)
    assert any(not np.array_equal(a, b) for a, b in zip(first, second))  # the stream moves on


@pytest.mark.parametrize("name", sorted(SAMPLER_CALLS))
def test_samples_live_on_the_context(name, ctx):
    for r in _run(name, ctx):
        assert r.context == ctx


def test_creation_context_and_default_context():
    assert mx.nd.random.uniform(shape=2, ctx=mx.cpu(3)).context == mx.cpu(3)
    with mx.cpu(2):
        assert mx.nd.random.normal(shape=2).context == mx.cpu(2)
        assert mx.nd._internal._random_randint(0, 4, shape=2).context == mx.cpu(2)
    # NDArray parameters: the parameters' context, whatever ctx says (as MXNet)
    low = mx.nd.array([0, 1], ctx=mx.cpu(1))
    assert mx.nd.random.uniform(low, low + 1, ctx=mx.cpu(5)).context == mx.cpu(1)


# ---- dtypes, shapes, out= -------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@pytest.mark.parametrize("sampler", ["uniform", "normal", "gamma", "exponential", "poisson", "negative_binomial",
                                     "generalized_negative_binomial"])
def test_float_dtypes(sampler, dtype):
    scalar = getattr(mx.nd.random, sampler)(shape=(2, 3), dtype=dtype)
    assert scalar.dtype == np.dtype(dtype) and scalar.shape == (2, 3)
    params = [mx.nd.array([1.0, 2.0])] * (1 if sampler in ("exponential", "poisson") else 2)
    if sampler == "negative_binomial":
        params = [mx.nd.array([1.0, 2.0]), mx.nd.array([0.5, 0.5])]
    array = getattr(mx.nd.random, sampler)(*params, shape=3, dtype=dtype)
    assert array.dtype == np.dtype(dtype) and array.shape == (2, 3)
    assert np.isfinite(array.asnumpy()).all()
    like = getattr(mx.nd.random, f"{sampler}_like")(mx.nd.zeros((4,), dtype=dtype))
    assert like.dtype == np.dtype(dtype) and like.shape == (4,)


def test_dtype_none_means_float64_as_in_mxnet_frontend():
    # MXNet passes a dtype keyword through np.dtype(): dtype=None is float64
    assert mx.nd.random.uniform(shape=2, dtype=None).dtype == np.float64
    assert mx.nd._internal._random_normal(shape=2, dtype=None).dtype == np.float64
    assert mx.nd.random.uniform(shape=2).dtype == np.float32
    with pytest.raises(TypeError):
        mx.nd.random.uniform(shape=2, dtype="None")


def test_out_gives_shape_and_dtype_to_the_python_functions():
    out = mx.nd.zeros((2, 3), dtype="float64")
    assert mx.nd.random.uniform(5, 5, out=out) is out
    assert out.asnumpy().tolist() == [[5.0] * 3] * 2
    ints = mx.nd.zeros((4,), dtype="int64")
    assert mx.nd.random.randint(7, 8, out=ints) is ints and ints.asnumpy().tolist() == [7] * 4
    low = mx.nd.array([1.0, 2.0])
    out = mx.nd.zeros((2, 3), dtype="float16")
    assert mx.nd.random.uniform(low, low, shape=3, out=out) is out
    assert out.asnumpy().tolist() == [[1.0] * 3, [2.0] * 3]


def test_zero_size_and_0d_shapes():
    # deliberate (docs/differences.md): MXNet cannot infer these shapes, mxnd makes them as zeros() does
    assert mx.nd.random.uniform(shape=(0, 3)).shape == (0, 3)
    assert mx.nd.random.normal(shape=()).shape == ()
    assert mx.nd.random.randn().shape == ()
    assert mx.nd.sample_normal(mx.nd.zeros((0,)), mx.nd.ones((0,)), shape=(2,)).shape == (0, 2)
    assert mx.nd.random.shuffle(mx.nd.zeros((0, 2))).shape == (0, 2)
    assert mx.nd.random.multinomial(mx.nd.zeros((0, 3)), shape=2).shape == (0, 2)


def test_operator_shape_is_required():
    with pytest.raises(MXNetError, match="shape"):
        mx.nd._internal._random_uniform()
    with pytest.raises(MXNetError, match="negative"):
        mx.nd.random.uniform(shape=(2, -1))


# ---- errors where MXNet crashes, hangs or returns garbage ----------------------------------------

@pytest.mark.parametrize("call", [
    lambda: mx.nd.random.randint(5, 5, shape=2),  # MXNet: division by zero (SIGFPE)
    lambda: mx.nd.random.randint(0, 2 ** 33, shape=2),  # MXNet: wraps to int32 garbage
    lambda: mx.nd.random.negative_binomial(1, 0, shape=2),  # MXNet: -2**31
    lambda: mx.nd.random.gamma(mx.nd.array([-1.0]), mx.nd.array([1.0])),  # MXNet: hangs
    lambda: mx.nd.random.negative_binomial(mx.nd.array([-1.0]), mx.nd.array([0.5])),  # MXNet: hangs
    lambda: mx.nd.random.negative_binomial(mx.nd.array([1.0]), mx.nd.array([0.0])),  # MXNet: -2**31
    lambda: mx.nd.random.generalized_negative_binomial(mx.nd.array([1.0]), mx.nd.array([-0.5])),  # hangs
])
def test_invalid_parameters_raise(call):
    with pytest.raises(MXNetError):
        call()


def test_invalid_array_parameters_that_mxnet_accepts():
    # sampler.h applies the formulas without checks; these are its values
    mx.random.seed(0)
    assert mx.nd.sample_exponential(mx.nd.array([0.0]), shape=3).asnumpy().tolist() == [[math.inf] * 3]
    assert (mx.nd.sample_exponential(mx.nd.array([-1.0]), shape=3).asnumpy() <= 0).all()
    assert (mx.nd.sample_normal(mx.nd.array([0.0]), mx.nd.array([-1.0]), shape=100).asnumpy() != 0).all()
    assert mx.nd.sample_uniform(mx.nd.array([2.0]), mx.nd.array([1.0]), shape=100).asnumpy().min() > 1
    assert mx.nd.sample_poisson(mx.nd.array([-3.0]), shape=3).asnumpy().tolist() == [[0, 0, 0]]
    assert mx.nd.sample_gamma(mx.nd.array([0.0]), mx.nd.array([1.0]), shape=3).asnumpy().tolist() == [[0, 0, 0]]


# ---- gradients ---------------------------------------------------------------------------------

def test_samplers_have_zero_gradients():
    mu, sigma = mx.nd.array([1.0, 2.0]), mx.nd.array([1.0, 2.0])
    mu.attach_grad()
    sigma.attach_grad()
    with mx.autograd.record():
        y = mx.nd.random.normal(mu, sigma, shape=3)
    y.backward()
    assert mu.grad.asnumpy().tolist() == [0, 0] and sigma.grad.asnumpy().tolist() == [0, 0]
    x = mx.nd.array([1.0, 2.0])
    x.attach_grad()
    with mx.autograd.record():
        z = mx.nd.random.uniform_like(x) * x
    z.backward()
    assert (x.grad.asnumpy() > 0).all() and (x.grad.asnumpy() < 1).all()  # d(u * x)/dx = u


def test_multinomial_gradient_through_log_probabilities():
    # _backward_sample_multinomial: d log p[k] / d p[k] = 1 / p[k], summed over the draws
    mx.random.seed(1)
    probs = mx.nd.array([[0.25, 0.75]])
    probs.attach_grad()
    with mx.autograd.record():
        samples, log_prob = mx.nd.random.multinomial(probs, shape=8, get_prob=True)
    log_prob.backward()
    counts = np.bincount(samples.asnumpy().ravel(), minlength=2)
    np.testing.assert_allclose(probs.grad.asnumpy(), [counts / [0.25, 0.75]], rtol=1e-6)


# ---- densities: MXNet 1.9.1's values and gradients -----------------------------------------------

PDF_REFERENCE = [
    ('uniform', [[[1.0, 2.0, 11.0]], [0.5], [3.0]], False, [[0.4, 0.4, 0.4]],
     [[[0.0, 0.0, 0.0]], [0.48], [-0.48]]),
    ('uniform', [[[1.0, 2.0, 11.0]], [0.5], [3.0]], True, [[-0.916290732, -0.916290732, -0.916290732]],
     [[[0.0, 0.0, 0.0]], [1.2], [-1.2]]),
    ('normal', [[[1.0, 2.0, -0.5]], [0.5], [3.0]], False, [[0.13114657, 0.117355107, 0.125794407]],
     [[[-0.007285921, -0.019559185, 0.013977156]], [0.012867949], [-0.109112397]]),
    ('normal', [[[1.0, 2.0, -0.5]], [0.5], [3.0]], True, [[-2.031439725, -2.142550836, -2.073106391]],
     [[[-0.055555556, -0.166666667, 0.111111111]], [0.111111111], [-0.87037037]]),
    ('gamma', [[[1.0, 2.0, 0.5]], [0.5], [3.0]], False, [[0.048652173, 0.001712789, 0.30836066]],
     [[[-0.170282607, -0.005566563, -1.233442638]], [0.885909594], [-0.146470477]]),
    ('gamma', [[[1.0, 2.0, 0.5]], [0.5], [3.0]], True, [[-3.023058799, -6.369632389, -1.176485208]],
     [[[-3.5, -3.25, -4.0]], [9.186366691], [-3.0]]),
    ('exponential', [[[1.0, 2.0, 0.25]], [0.5]], False, [[0.30326533, 0.183939721, 0.441248451]],
     [[[-0.151632665, -0.09196986, -0.220624226]], [1.07545012]]),
    ('exponential', [[[1.0, 2.0, 0.25]], [0.5]], True, [[-1.193147181, -1.693147181, -0.818147181]],
     [[[-0.5, -0.5, -0.5]], [2.75]]),
    ('poisson', [[[1.0, 2.0, 0.0]], [0.5]], False, [[0.30326533, 0.075816332, 0.60653066]],
     [[[0.0, 0.0, 0.0]], [-0.075816332]]),
    ('poisson', [[[1.0, 2.0, 0.0]], [0.5]], True, [[-1.193147181, -2.579441542, -0.5]],
     [[[0.0, 0.0, 0.0]], [3.0]]),
    ('negative_binomial', [[[1.0, 2.0, 0.0]], [1.5], [0.3]], False, [[0.172532606, 0.15096603, 0.164316767]],
     [[[0.0, 0.0, 0.0]], [-0.311264309], [1.761270349]]),
    ('negative_binomial', [[[1.0, 2.0, 0.0]], [1.5], [0.3]], True, [[-1.757169042, -1.890700435, -1.805959206]],
     [[[0.0, 0.0, 0.0]], [-1.87858508], [10.714285714]]),
    ('generalized_negative_binomial', [[[1.0, 2.0, 0.0]], [1.5], [0.3]], False,
     [[0.299798818, 0.20158886, 0.289805524]], [[[0.0, 0.0, 0.0]], [-0.22244288], [-0.033972731]]),
    ('generalized_negative_binomial', [[[1.0, 2.0, 0.0]], [1.5], [0.3]], True,
     [[-1.204643636, -1.601525001, -1.238545188]], [[[0.0, 0.0, 0.0]], [-0.689655172], [-0.293593212]]),
    ('dirichlet', [[[0.2, 0.8], [0.4, 0.6]], [[2.5, 1.5], [1.2, 3.0]]], False, [0.407436654, 1.266013709],
     [[[3.055774907, 0.254647909], [0.633006855, 4.220045698]],
      [[-0.430447442, 0.406004131], [0.866064857, -0.154796879]]]),
    ('dirichlet', [[[0.2, 0.8], [0.4, 0.6]], [[2.5, 1.5], [1.2, 3.0]]], True, [-0.897869808, 0.235873152],
     [[[7.5, 0.625], [0.5, 3.333333333]], [[-1.056476969, 0.996484059], [0.684088056, -0.122271093]]]),
]


@pytest.mark.parametrize("name,inputs,is_log,expected,grads", PDF_REFERENCE,
                         ids=[f"{r[0]}-{'log' if r[2] else 'pdf'}" for r in PDF_REFERENCE])
def test_density_values_and_gradients(name, inputs, is_log, expected, grads, ctx):
    arrays = [mx.nd.array(v, dtype="float64", ctx=ctx) for v in inputs]
    for a in arrays:
        a.attach_grad()
    with mx.autograd.record():
        y = getattr(mx.nd, f"random_pdf_{name}")(*arrays, is_log=is_log)
    y.backward()
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-7, atol=1e-9)
    for a, g in zip(arrays, grads):
        np.testing.assert_allclose(a.grad.asnumpy(), g, rtol=1e-6, atol=1e-8)
    single = getattr(mx.nd, f"random_pdf_{name}")(*[a.astype("float32") for a in arrays], is_log=is_log)
    assert single.dtype == np.float32 and single.context == ctx
    np.testing.assert_allclose(single.asnumpy(), expected, rtol=2e-6, atol=1e-7)


def test_density_float16_is_close():
    sample = mx.nd.array([[-1.0, 0.0, 1.0]], dtype="float16")
    result = mx.nd.random_pdf_normal(sample, mx.nd.array([0], dtype="float16"), mx.nd.array([1], dtype="float16"))
    assert result.dtype == np.float16
    np.testing.assert_allclose(result.asnumpy(), [[0.24197, 0.39894, 0.24197]], rtol=2e-3)


def test_density_against_scipy():
    from scipy import stats

    x = np.linspace(0.1, 5, 7)
    sample = mx.nd.array([x, x], dtype="float64")
    checks = [
        (mx.nd.random_pdf_gamma(sample, mx.nd.array([2.0, 0.7], dtype="float64"),
                                mx.nd.array([1.5, 3.0], dtype="float64")),
         [stats.gamma.pdf(x, 2.0, scale=1 / 1.5), stats.gamma.pdf(x, 0.7, scale=1 / 3.0)]),  # beta is a rate
        (mx.nd.random_pdf_normal(sample, mx.nd.array([1.0, -1.0], dtype="float64"),
                                 mx.nd.array([0.5, 2.0], dtype="float64"), is_log=True),
         [stats.norm.logpdf(x, 1, 0.5), stats.norm.logpdf(x, -1, 2)]),
    ]
    counts = mx.nd.array([[0, 1, 2, 5], [0, 1, 2, 5]], dtype="float64")
    checks += [
        (mx.nd.random_pdf_poisson(counts, mx.nd.array([0.5, 4.0], dtype="float64")),
         [stats.poisson.pmf([0, 1, 2, 5], 0.5), stats.poisson.pmf([0, 1, 2, 5], 4.0)]),
        # k failures with failure probability p: scipy's nbinom(n=k, p) counts the other outcomes
        (mx.nd.random_pdf_negative_binomial(counts, mx.nd.array([2.0, 3.5], dtype="float64"),
                                            mx.nd.array([0.3, 0.6], dtype="float64")),
         [stats.nbinom.pmf([0, 1, 2, 5], 2.0, 0.3), stats.nbinom.pmf([0, 1, 2, 5], 3.5, 0.6)]),
    ]
    for actual, expected in checks:  # the normal density uses MXNet's float32 pi
        np.testing.assert_allclose(actual.asnumpy(), expected, rtol=1e-7)


def test_dirichlet_density_shapes():
    alpha = mx.nd.array([[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]])
    sample = mx.nd.array(np.full((2, 4, 3), 1 / 3))
    assert mx.nd.random_pdf_dirichlet(sample, alpha).shape == (2, 4)
    assert mx.nd.random_pdf_dirichlet(mx.nd.array([0.5, 0.5]), mx.nd.array([1.0, 1.0])).shape == (1,)
    with pytest.raises(MXNetError, match="Shape inconsistent"):
        mx.nd.random_pdf_dirichlet(sample, mx.nd.array([[1.0, 2.0], [2.0, 2.0]]))


# ---- the Python-level functions -------------------------------------------------------------------

def test_dispatch_between_scalar_and_array_parameters():
    scalar = mx.nd.random.uniform(0, 1)
    assert scalar.shape == (1,)  # shape defaults to 1 for numbers
    arrays = mx.nd.random.uniform(mx.nd.zeros((2, 3)), mx.nd.ones((2, 3)))
    assert arrays.shape == (2, 3)  # one sample per element without shape
    assert mx.nd.random.exponential(mx.nd.array([1.0, 2.0]), shape=4).shape == (2, 4)
    with pytest.raises(AssertionError, match="same type"):
        mx.nd.random.normal(mx.nd.zeros(2), 1)
    with pytest.raises(ValueError, match="NDArray or numbers"):
        mx.nd.random.gamma("1", 1)
    with pytest.raises(TypeError):
        mx.nd.random.randint(mx.nd.zeros(1), mx.nd.ones(1))


def test_exponential_takes_scale_and_the_operator_takes_rate():
    mx.random.seed(12)
    big = mx.nd.random.exponential(10, shape=N).asnumpy().mean()
    small = mx.nd._internal._random_exponential(lam=10, shape=N).asnumpy().mean()
    assert 9 < big < 11 and 0.09 < small < 0.11
    with pytest.raises(ZeroDivisionError):
        mx.nd.random.exponential(0)


def test_multinomial_and_shuffle_functions():
    probs = mx.nd.array([0.0, 1.0])
    assert mx.nd.random.multinomial(probs).asnumpy().tolist() == [1]
    assert mx.nd.random.multinomial(probs, 3).asnumpy().tolist() == [1, 1, 1]
    samples, log_prob = mx.nd.random.multinomial(probs, 2, True)
    assert samples.asnumpy().tolist() == [1, 1] and log_prob.asnumpy().tolist() == [0, 0]
    assert mx.nd.random.multinomial(probs, dtype="float64").dtype == np.float64
    assert mx.nd.random.shuffle(mx.nd.array([[3.0, 4.0]])).asnumpy().tolist() == [[3, 4]]


def test_namespaces():
    assert mx.nd.uniform is mx.nd.random_uniform is mx.nd._internal._random_uniform
    assert mx.nd.normal is mx.nd.random_normal
    assert mx.nd.sample_gamma is mx.nd._internal._sample_gamma
    assert mx.nd.shuffle is mx.nd._internal._shuffle
    assert mx.nd.random.uniform_like is mx.nd.random.uniform_like
    assert not hasattr(mx.nd, "uniform_like") and not hasattr(mx.nd.random, "randint_like")
    assert mx.nd.random.normal is not mx.nd.normal  # the Python function, not the operator
    assert getattr(mx.nd, "gamma", None) is not mx.nd.random_gamma  # mx.nd.gamma: the gamma function
    assert not hasattr(mx.nd.random, "pdf_normal")  # _random_pdf_* live in _internal, as MXNet
