"""``mx.nd.random``: MXNet's sampling functions, and the ``_random_*_like`` operators of the registry.

Each function dispatches as MXNet's ``_random_helper`` (python/mxnet/ndarray/random.py):
numeric parameters go to the ``_random_<dist>`` operator (``shape`` defaults to ``(1,)``,
``ctx`` to the current context), NDArray parameters to ``_sample_<dist>`` (one set of
``shape`` samples per parameter element, on the parameters' context). Where MXNet infers the
output's shape and dtype from ``out=``, these functions pass them on.
"""
from .. import dtypes
from ..base import MXNetError, numeric_types
from ..context import current_context
from . import _internal
from .generated import populate
from .ndarray import NDArray

# MXNet's __all__: its functions, then the generated *_like operators (uniform_like, ...)
__all__ = ["uniform", "normal", "randn", "poisson", "exponential", "gamma", "multinomial",
           "negative_binomial", "generalized_negative_binomial", "shuffle", "randint"]
__all__ += populate(globals(), "random")


class _NullType:
    """MXNet's ``_Null``: an argument that was not given."""

    __slots__ = ()

    def __repr__(self):
        return "_Null"


_Null = _NullType()


def _random_helper(random, sampler, params, shape, dtype, ctx, out, kwargs):
    """MXNet's dispatch: NDArray parameters -> ``sampler``, numbers -> ``random``."""
    if dtype is _Null and isinstance(out, NDArray):  # MXNet infers the output dtype from out=
        dtype = out.dtype
        flag = dtypes.flag_of(dtypes.to_torch(dtype))
        if sampler is not None and flag not in (0, 1, 2):  # the float samplers' type inference
            check = ("dtype_ok == true (0 vs. 1) : Output type must be float16, float32, or float64"
                     if isinstance(params[0], NDArray) else "dtype_ok: Output type must be float16, float32, float64")
            raise MXNetError(f"Check failed: {check}: dtype is {flag} vs 2 or 0 or 1")
    if dtype is not _Null:
        kwargs["dtype"] = dtype
    if isinstance(params[0], NDArray):
        for other in params[1:]:
            assert isinstance(other, NDArray), \
                "Distribution parameters must all have the same type, but got " \
                "both %s and %s." % (type(params[0]), type(other))
        if shape is not _Null:
            kwargs["shape"] = shape
        return sampler(*params, out=out, **kwargs)  # randint has none: TypeError, as MXNet
    if isinstance(params[0], numeric_types):
        if ctx is None:
            ctx = current_context()
        if shape is _Null or (shape is None and isinstance(out, NDArray)):
            shape = out.shape if isinstance(out, NDArray) else 1  # MXNet infers it from out=
        for other in params[1:]:
            assert isinstance(other, numeric_types), \
                "Distribution parameters must all have the same type, but got " \
                "both %s and %s." % (type(params[0]), type(other))
        return random(*params, shape=shape, ctx=ctx, out=out, **kwargs)
    raise ValueError("Distribution parameters must be either NDArray or numbers, "
                     "but got %s." % type(params[0]))


def uniform(low=0, high=1, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw samples from a uniform distribution on [low, high).

    ``low`` and ``high`` are numbers (``shape`` samples, default ``(1,)``, on ``ctx``) or
    NDArrays of one shape ``s`` (output shape ``s + shape``, on their context). ``dtype``
    is float16, float32 (default) or float64.

    >>> uniform(2, 2, shape=(2,)).asnumpy().tolist()
    [2.0, 2.0]
    """
    return _random_helper(_internal._random_uniform, _internal._sample_uniform,
                          [low, high], shape, dtype, ctx, out, kwargs)


def normal(loc=0, scale=1, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw samples from a normal distribution with mean ``loc`` and standard deviation ``scale``.

    >>> normal(0, 1, shape=(2, 3)).shape
    (2, 3)
    """
    return _random_helper(_internal._random_normal, _internal._sample_normal,
                          [loc, scale], shape, dtype, ctx, out, kwargs)


def randn(*shape, **kwargs):
    """Draw samples of ``shape`` from a normal distribution (``loc=0``, ``scale=1`` keywords).

    >>> randn(2, 3).shape
    (2, 3)
    """
    loc = kwargs.pop("loc", 0)
    scale = kwargs.pop("scale", 1)
    dtype = kwargs.pop("dtype", _Null)
    ctx = kwargs.pop("ctx", None)
    out = kwargs.pop("out", None)
    assert isinstance(loc, (int, float, NDArray))
    assert isinstance(scale, (int, float, NDArray))
    return _random_helper(_internal._random_normal, _internal._sample_normal,
                          [loc, scale], shape, dtype, ctx, out, kwargs)


def poisson(lam=1, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw samples from a Poisson distribution with rate ``lam`` (float samples).

    >>> poisson(0, shape=(2,)).asnumpy().tolist()
    [0.0, 0.0]
    """
    return _random_helper(_internal._random_poisson, _internal._sample_poisson,
                          [lam], shape, dtype, ctx, out, kwargs)


def exponential(scale=1, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw samples from an exponential distribution with scale ``scale`` (rate ``1/scale``).

    >>> exponential(2, shape=(3,)).shape
    (3,)
    """
    return _random_helper(_internal._random_exponential, _internal._sample_exponential,
                          [1.0 / scale], shape, dtype, ctx, out, kwargs)


def gamma(alpha=1, beta=1, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw samples from a gamma distribution with shape ``alpha`` and scale ``beta``.

    >>> gamma(2, 3, shape=(4,)).shape
    (4,)
    """
    return _random_helper(_internal._random_gamma, _internal._sample_gamma,
                          [alpha, beta], shape, dtype, ctx, out, kwargs)


def negative_binomial(k=1, p=1, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw samples from a negative binomial distribution: failure limit ``k``, failure
    probability ``p`` (float samples).

    >>> negative_binomial(1, 1, shape=(2,)).asnumpy().tolist()
    [0.0, 0.0]
    """
    return _random_helper(_internal._random_negative_binomial, _internal._sample_negative_binomial,
                          [k, p], shape, dtype, ctx, out, kwargs)


def generalized_negative_binomial(mu=1, alpha=1, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw samples from a generalized negative binomial distribution: mean ``mu``, dispersion
    ``alpha`` (float samples).

    >>> generalized_negative_binomial(0, 1, shape=(2,)).asnumpy().tolist()
    [0.0, 0.0]
    """
    return _random_helper(_internal._random_generalized_negative_binomial,
                          _internal._sample_generalized_negative_binomial,
                          [mu, alpha], shape, dtype, ctx, out, kwargs)


def multinomial(data, shape=_Null, get_prob=False, out=None, dtype="int32", **kwargs):
    """Draw samples from the multinomial distributions in the last axis of ``data``.

    Returns the sampled categories (``data.shape[:-1] + shape``, dtype ``dtype``), and their
    log-probabilities as a second array when ``get_prob``.

    >>> import mxnd as mx
    >>> multinomial(mx.nd.array([[0.0, 1.0], [1.0, 0.0]]), shape=2).asnumpy().tolist()
    [[1, 1], [0, 0]]
    """
    if shape is not _Null:
        kwargs["shape"] = shape
    return _internal._sample_multinomial(data, get_prob=get_prob, out=out, dtype=dtype, **kwargs)


def shuffle(data, **kwargs):
    """A copy of ``data`` with its first axis randomly permuted.

    >>> import mxnd as mx
    >>> sorted(shuffle(mx.nd.array([1.0, 2.0, 3.0])).asnumpy().tolist())
    [1.0, 2.0, 3.0]
    """
    return _internal._shuffle(data, **kwargs)


def randint(low, high, shape=_Null, dtype=_Null, ctx=None, out=None, **kwargs):
    """Draw random integers from [low, high) (int32 by default, or int64).

    >>> randint(3, 4, shape=(2,)).asnumpy().tolist()
    [3, 3]
    """
    return _random_helper(_internal._random_randint, None,
                          [low, high], shape, dtype, ctx, out, kwargs)

