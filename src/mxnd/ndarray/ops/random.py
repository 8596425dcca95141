"""Operators of the random family: samplers, multinomial, shuffle and densities; tables at the end.

* ``_random_<dist>`` draw ``shape`` samples from scalar parameters on ``ctx``;
  ``_random_<dist>_like`` draw samples of the shape, dtype and device of ``data``;
* ``_sample_<dist>`` draw ``shape`` samples per element of parameter arrays (output shape =
  parameter shape + ``shape``), ``_sample_multinomial`` per row of probabilities;
* ``_shuffle`` permutes the first axis; ``_random_pdf_<dist>`` evaluate densities.

Every sampler draws from ``mxnd.random.generator(device)`` (one generator per device) with
the algorithm of MXNet's src/operator/random/sampler.h where one matters for the result:
negative binomial draws a gamma-distributed Poisson rate, multinomial inverts the CDF
without normalizing. MXNet's samplers have zero gradients; the densities are differentiable
in their parameters (pdf_op.h) and in continuous samples.
"""
from __future__ import annotations

import math

import torch

from ... import dtypes
from ...context import current_context
from ...integer_variables import RecordedFunction
from ...params import dtype_enum, parse_bool, parse_context, parse_float, parse_int, parse_shape
from ...random import generator
from ...registry import REQUIRED, OpSpec, Param, declare

__all__ = ["SAMPLERS", "LIKE_SAMPLERS", "ARRAY_SAMPLERS", "OTHERS", "DENSITIES"]

_FLOATING = dtypes.FLOATING
_HOST = torch.device("cpu")


# ---- parameter parsers ------------------------------------------------------------------------

def _parse_shape_or_none(value):
    """A shape; ``None``/``'None'`` (MXNet's unknown shape) stays None."""
    if value is None or isinstance(value, str) and value == "None":
        return None
    return parse_shape(value)


_FLOAT_DTYPE = dtype_enum("float16", "float32", "float64", none_text="'None'")  # sample_op.h: add_enum("None", -1)
_INT_DTYPE = dtype_enum("int32", "int64", none_text="'None'")
_SHAPE = Param("shape", _parse_shape_or_none, None, "shape of the output")
_CTX = Param("ctx", parse_context, None, "context of the output (default: the current context)")
_DTYPE = Param("dtype", _FLOAT_DTYPE, None, "float16, float32 or float64 (default float32)")
_SAMPLE_SHAPE = Param("shape", _parse_shape_or_none, (), "shape drawn from each distribution")
_SAMPLE_DTYPE = Param("dtype", _FLOAT_DTYPE, None,
                      "float16, float32 or float64 (default float32)")
_IS_LOG = Param("is_log", parse_bool, False, "compute the log density")


# ---- shared helpers ---------------------------------------------------------------------------

class _ZeroGradient(RecordedFunction):
    """Passes ``result`` through; the ``inputs`` get zero gradients.

    MXNet's samplers register zero gradients for their parameter arrays (and ``*_like`` for
    ``data``), and its discrete densities a zero gradient for the sample; this keeps such an
    input in the graph with that gradient instead of cutting it out.
    """

    @staticmethod
    def forward(ctx, result, *inputs):
        ctx.metas = [(i.shape, i.dtype, i.device) for i in inputs]
        return result.view_as(result)

    @staticmethod
    def backward(ctx, grad):
        return (grad,) + tuple(torch.zeros(s, dtype=d, device=v) for s, d, v in ctx.metas)


def _zero_gradient(result, *inputs):
    """``result``, linked with zero gradient to those ``inputs`` that require grad."""
    tracked = [i for i in inputs if i.requires_grad]
    if tracked and torch.is_grad_enabled() and result.is_floating_point():
        return _ZeroGradient.apply(result, *tracked)
    return result


def _size(shape) -> tuple:
    if shape is None:
        raise ValueError("shape must be given: the output shape cannot be inferred")
    for dim in shape:
        if dim < 0:
            raise ValueError(f"shape {tuple(shape)} has a negative dimension")
    return shape


def _cast(tensor, dtype):
    return tensor if tensor.dtype is dtype else tensor.to(dtype)


def _float_dtype(dtype):
    return torch.float32 if dtype is None else dtypes.BY_NAME[dtype].torch


def _compute_dtype(dtype):
    """Samples are drawn in float32 (float64 for float64 outputs), then cast."""
    return torch.float64 if dtype is torch.float64 else torch.float32


def _check(condition: bool, message: str):
    if not condition:
        raise ValueError(message)


def _require_float(tensor, what="This operation"):
    if tensor.dtype not in _FLOATING:
        raise ValueError(f"{what} only support floating point types, not {dtypes.name_of(tensor.dtype)}")


# ---- the distributions, drawn on tensors of parameters ---------------------------------------
# Each ``draw_<dist>(size, dtype, device, *params)`` takes params as Python floats or as tensors
# broadcastable to ``size`` (in ``dtype``), and returns samples of ``size`` in ``dtype``.

def _draw_uniform(size, dtype, device, low, high):
    gen = generator(device)
    if isinstance(low, float):
        if low == 0.0 and high == 1.0:
            return torch.rand(size, dtype=dtype, device=device, generator=gen)
        return torch.empty(size, dtype=dtype, device=device).uniform_(low, high, generator=gen)
    return torch.rand(size, dtype=dtype, device=device, generator=gen).mul_(high - low).add_(low)


def _draw_normal(size, dtype, device, loc, scale):
    gen = generator(device)
    if isinstance(loc, float):
        if loc == 0.0 and scale == 1.0:
            return torch.randn(size, dtype=dtype, device=device, generator=gen)
        return torch.empty(size, dtype=dtype, device=device).normal_(loc, scale, generator=gen)
    return torch.randn(size, dtype=dtype, device=device, generator=gen).mul_(scale).add_(loc)


def _standard_gamma(alpha, size, dtype, device):
    """Gamma(alpha, 1) samples; exactly 0 where ``alpha`` is 0 (sampler.h's SampleGamma gives
    ``sample * u ** (1 / 0)`` = 0, where torch returns the smallest normal float)."""
    if isinstance(alpha, float):
        if alpha == 0:
            return torch.zeros(size, dtype=dtype, device=device)
        alpha = torch.full(size, alpha, dtype=dtype, device=device)
    else:
        alpha = alpha.expand(size).contiguous()
    draws = torch._standard_gamma(alpha, generator=generator(device))
    return draws.masked_fill_(alpha == 0, 0)


def _draw_gamma(size, dtype, device, alpha, beta):
    return _standard_gamma(alpha, size, dtype, device).mul_(beta)


def _draw_exponential(size, dtype, device, lam):
    gen = generator(device)
    if isinstance(lam, float):
        return torch.empty(size, dtype=dtype, device=device).exponential_(lam, generator=gen)
    # sampler.h: -log(1 - u) / lambda, for any sign of lambda (0 gives inf)
    return torch.empty(size, dtype=dtype, device=device).exponential_(1.0, generator=gen).div_(lam)


def _poisson(rate, device):
    """Poisson draws; a rate <= 0 gives 0 as in sampler.h's SamplePoisson (torch rejects < 0)."""
    return torch.poisson(rate.clamp_(min=0), generator=generator(device))


def _draw_poisson(size, dtype, device, lam):
    if isinstance(lam, float):
        rate = torch.full(size, lam, dtype=dtype, device=device)
    else:
        rate = lam.expand(size).clone()
    return _poisson(rate, device)


def _draw_negative_binomial(size, dtype, device, k, p):
    """sampler.h: lambda ~ Gamma(k, (1 - p) / p), then Poisson(lambda); ``p`` is the failure
    probability. ``p > 1`` makes the rate negative, which gives 0 as in MXNet."""
    return _poisson(_standard_gamma(k, size, dtype, device).mul_((1 - p) / p), device)


def _draw_generalized_negative_binomial(size, dtype, device, mu, alpha):
    """sampler.h: Poisson(mu) where alpha == 0, else Poisson(Gamma(1 / alpha, alpha * mu))."""
    if isinstance(alpha, float):
        if alpha == 0:
            return _draw_poisson(size, dtype, device, mu)
        return _poisson(_standard_gamma(1 / alpha, size, dtype, device).mul_(alpha * mu), device)
    shape_ = torch.where(alpha == 0, torch.ones_like(alpha), 1 / alpha)
    rate = _standard_gamma(shape_, size, dtype, device).mul_(alpha * mu)
    rate = torch.where(alpha == 0, mu, rate)
    return _poisson(rate, device)


# ---- scalar-parameter checks (sample_op.h) ----------------------------------------------------

def _check_uniform(low, high):
    _check(high >= low, "low must be less or equal to high in uniform distribution")


def _check_normal(loc, scale):
    _check(scale > 0, "scale parameter in gaussian has to be positive")


def _check_gamma(alpha, beta):
    _check(alpha > 0, "alpha parameter in gamma distribution has to be positive")
    _check(beta > 0, "beta parameter in gamma distribution has to be positive")


def _check_exponential(lam):
    _check(lam > 0, "lambda parameter in exponential distribution has to be positive")


def _check_poisson(lam):
    _check(lam >= 0, "lambda parameter in poisson distribution has to be non-negative")


def _check_negative_binomial(k, p):
    _check(k >= 0, "k parameter in negative binomial distribution has to be non-negative")
    _check(p >= 0, "p parameter in negative binomial distribution has to be non-negative")
    # MXNet draws from an infinite rate for p == 0 and returns -2**31
    _check(p != 0, "p parameter in negative binomial distribution has to be positive")


def _check_generalized_negative_binomial(mu, alpha):
    _check(mu >= 0, "mu parameter in generalized negative binomial distribution has to be non-negative")
    _check(alpha >= 0, "alpha parameter in generalized negative binomial distribution has to be non-negative")


# Parameter arrays: MXNet checks nothing, and hangs in SampleGamma's rejection loop for a
# negative gamma shape; these raise instead (one device sync per call of those samplers).
def _check_arrays_gamma(alpha, beta):
    _check(not bool((alpha < 0).any()), "alpha parameters of gamma distributions must be non-negative")


def _check_arrays_negative_binomial(k, p):
    _check(not bool((k < 0).any()), "k parameters of negative binomial distributions must be non-negative")
    _check(not bool((p == 0).any()), "p parameters of negative binomial distributions must be non-zero")


def _check_arrays_generalized_negative_binomial(mu, alpha):
    _check(not bool((alpha < 0).any()),
           "alpha parameters of generalized negative binomial distributions must be non-negative")


# ---- operator factories -----------------------------------------------------------------------

def _scalar_params(names, defaults):
    return tuple(Param(name, parse_float, default, f"{name} parameter of the distribution")
                 for name, default in zip(names, defaults))


def _random_sampler(draw, check, names):
    """``_random_<dist>(params..., shape, ctx, dtype)``: samples from scalar parameters."""
    def sample(*, shape, ctx, dtype, **params):
        values = [params[n] for n in names]
        check(*values)
        device = (ctx or current_context()).device
        out_dtype = _float_dtype(dtype)
        compute = out_dtype if draw in _NATIVE_HALF else _compute_dtype(out_dtype)
        return _cast(draw(_size(shape), compute, device, *values), out_dtype)
    return sample


def _like_sampler(draw, check, names):
    """``_random_<dist>_like(data, params...)``: samples of data's shape, dtype and device."""
    def sample(data, **params):
        values = [params[n] for n in names]
        check(*values)
        _require_float(data)
        compute = data.dtype if draw in _NATIVE_HALF else _compute_dtype(data.dtype)
        samples = _cast(draw(tuple(data.shape), compute, data.device, *values), data.dtype)
        return _zero_gradient(samples, data)
    return sample


def _array_sampler(draw, check=None):
    """``_sample_<dist>(params..., shape, dtype)``: ``shape`` samples per parameter element."""
    def sample(*params, shape, dtype):
        first = params[0]
        for other in params[1:]:
            if other.shape != first.shape:
                raise ValueError(f"parameter arrays must have one shape, got {tuple(first.shape)} "
                                 f"and {tuple(other.shape)}")
        out_dtype = _float_dtype(dtype)
        compute = _compute_dtype(out_dtype)
        extra = _size(shape)
        size = tuple(first.shape) + extra
        values = [_cast(p.detach(), compute).reshape(tuple(p.shape) + (1,) * len(extra)) for p in params]
        if check is not None:
            check(*values)
        samples = _cast(draw(size, compute, first.device, *values), out_dtype)
        return _zero_gradient(samples, *params)
    return sample


# draws that run natively in every float dtype (the others compute in float32 and cast)
_NATIVE_HALF = frozenset({_draw_uniform, _draw_normal, _draw_exponential})

# name, draw, scalar check, array check, (param names, defaults), array input names, doc
_DISTRIBUTIONS = (
    ("uniform", _draw_uniform, _check_uniform, None, (("low", "high"), (0.0, 1.0)), ("low", "high"),
     "uniform distributions on [low, high)"),
    ("normal", _draw_normal, _check_normal, None, (("loc", "scale"), (0.0, 1.0)), ("mu", "sigma"),
     "normal distributions with mean loc and standard deviation scale"),
    ("gamma", _draw_gamma, _check_gamma, _check_arrays_gamma, (("alpha", "beta"), (1.0, 1.0)),
     ("alpha", "beta"), "gamma distributions with shape alpha and scale beta"),
    ("exponential", _draw_exponential, _check_exponential, None, (("lam",), (1.0,)), ("lam",),
     "exponential distributions with rate lam"),
    ("poisson", _draw_poisson, _check_poisson, None, (("lam",), (1.0,)), ("lam",),
     "Poisson distributions with rate lam (float samples)"),
    ("negative_binomial", _draw_negative_binomial, _check_negative_binomial,
     _check_arrays_negative_binomial, (("k", "p"), (1.0, 1.0)), ("k", "p"),
     "negative binomial distributions: failures limit k, failure probability p (float samples)"),
    ("generalized_negative_binomial", _draw_generalized_negative_binomial,
     _check_generalized_negative_binomial, _check_arrays_generalized_negative_binomial,
     (("mu", "alpha"), (1.0, 1.0)), ("mu", "alpha"),
     "generalized negative binomial distributions: mean mu, dispersion alpha (float samples)"),
)


def _randint(*, low, high, shape, ctx, dtype):
    """sample_op.h checks high >= low; MXNet then computes ``rand() % (high - low)``, which
    crashes for high == low and wraps values outside int32 for int32 outputs: both raise here."""
    _check(high >= low, "low must be less or equal to high in uniform distribution")
    _check(high > low, f"randint needs low < high, got low={low}, high={high}")
    out_dtype = torch.int32 if dtype is None else dtypes.BY_NAME[dtype].torch
    if out_dtype is torch.int32:
        _check(-2 ** 31 <= low and high <= 2 ** 31,
               f"low={low} and high={high} do not fit the int32 output; use dtype='int64'")
    device = (ctx or current_context()).device
    return torch.randint(low, high, _size(shape), generator=generator(device), dtype=out_dtype,
                         device=device)


SAMPLERS = declare([
    OpSpec(f"_random_{name}", _random_sampler(draw, check, names),
           inputs=(), params=_scalar_params(names, defaults) + (_SHAPE, _CTX, _DTYPE),
           aliases=(f"random_{name}",) + (("uniform",) if name == "uniform" else
                                          ("normal",) if name == "normal" else ()),
           family="random", doc=f"Draw random samples from {doc}.")
    for name, draw, check, _, (names, defaults), _, doc in _DISTRIBUTIONS
] + [
    OpSpec("_random_randint", _randint, inputs=(), params=(
        Param("low", parse_int, REQUIRED, "lower bound (inclusive)"),
        Param("high", parse_int, REQUIRED, "upper bound (exclusive)"),
        _SHAPE, _CTX,
        Param("dtype", _INT_DTYPE, None, "int32 or int64 (default int32)"),
    ), aliases=("random_randint",), family="random",
        doc="Draw random integers from the discrete uniform distribution on [low, high)."),
])

LIKE_SAMPLERS = declare([
    OpSpec(f"_random_{name}_like", _like_sampler(draw, check, names),
           params=_scalar_params(names, defaults), family="random",
           doc=f"Draw random samples from {doc}, of the shape, dtype and context of data.")
    for name, draw, check, _, (names, defaults), _, doc in _DISTRIBUTIONS
])

ARRAY_SAMPLERS = declare([
    OpSpec(f"_sample_{name}", _array_sampler(draw, array_check), inputs=inputs,
           params=(_SAMPLE_SHAPE, _SAMPLE_DTYPE), aliases=(f"sample_{name}",), family="random",
           same_dtype=True, no_bool=True,
           doc=f"Concurrent sampling from multiple {doc}, one per element of the parameter arrays.")
    for name, draw, _, array_check, _, inputs, doc in _DISTRIBUTIONS
])


# ---- multinomial, shuffle -----------------------------------------------------------------------

def _sample_multinomial(data, *, shape, get_prob, dtype):
    """sample_multinomial_op.h: per row, a float32 CDF (accumulated in double) and the first
    category whose cumulative probability is >= u, u ~ U[0, 1). Rows are not normalized: if
    the row sums to less than u the sample is K (one past the last category), as in MXNet;
    its log-probability is -inf here (MXNet reads past the row)."""
    if data.ndim == 0:
        raise ValueError("data must have at least one dimension (the categories)")
    if shape is None and data.ndim == 1:  # MXNet infers one draw; for more dims it cannot
        shape = ()
    _require_float(data)
    shape = _size(shape)
    categories = data.shape[-1]
    draws = math.prod(shape) if shape else 1
    rows = data.detach().reshape(math.prod(data.shape[:-1]), categories)
    cdf = torch.cumsum(rows.to(torch.float64), 1).to(torch.float32)
    u = torch.rand((rows.shape[0], draws), generator=generator(data.device), device=data.device)
    picked = torch.searchsorted(cdf, u)
    if data.ndim == 1:
        out_shape = tuple(shape) if shape else (1,)
    else:
        out_shape = tuple(data.shape[:-1]) + tuple(shape)
    samples = picked.reshape(out_shape).to(dtypes.BY_NAME[dtype].torch)
    if not get_prob:
        return _zero_gradient(samples, data)
    inside = picked.clamp(max=max(categories - 1, 0))
    if categories:
        log_prob = torch.gather(data.reshape(rows.shape), 1, inside).log()
        log_prob = log_prob.masked_fill(picked == categories, -math.inf)
    else:
        log_prob = torch.full(picked.shape, -math.inf, dtype=data.dtype, device=data.device)
    return samples, log_prob.reshape(out_shape)


def _shuffle(data):
    """shuffle_op.cc: a random permutation of the first axis (torch.randperm)."""
    if data.ndim == 0:
        raise ValueError("data must have at least one dimension")
    order = torch.randperm(data.shape[0], generator=generator(data.device), device=data.device)
    return data.index_select(0, order)


def _sample_unique_zipfian(*, range_max, shape):
    """unique_sample_op.h: per row, draw ``lround(exp(u * log(range_max))) - 1`` (u ~ U[0, 1))
    until ``num_sampled`` distinct values are found, in order of discovery; also returns the
    number of draws per row. MXNet runs it on the CPU only; mxnd draws on the host generator
    and moves the result to the current context."""
    if shape is None or len(shape) != 2:
        raise ValueError(f"shape must be 2-D (batch_size, num_sampled), got {shape}")
    batch, num_sampled = shape
    _check(batch >= 0 and num_sampled >= 0, f"shape {tuple(shape)} has a negative dimension")
    # MXNet compares num_sampled with range_max as size_t (a negative range_max passes) and
    # draws nothing for an empty result; a negative range_max would draw NaN forever there
    _check(range_max < 0 or num_sampled <= range_max,
           "Number of samples cannot exceed the number of possible classes")
    _check(range_max > 0 or not batch * num_sampled, f"range_max must be positive, got {range_max}")
    gen, log_range = generator(_HOST), math.log(max(range_max, 1))
    samples = torch.zeros((batch, num_sampled), dtype=torch.int64)
    tries = torch.zeros((batch,), dtype=torch.int64)
    for row in range(batch if num_sampled else 0):
        drawn = torch.empty(0, dtype=torch.int64)
        chunk = 2 * num_sampled + 16
        while True:
            u = torch.rand(chunk, generator=gen, dtype=torch.float64)
            # lround of a positive value: floor(x + 0.5)
            drawn = torch.cat((drawn, torch.floor(torch.exp(u * log_range) + 0.5).to(torch.int64) - 1))
            values, inverse = torch.unique(drawn, return_inverse=True)
            if values.numel() >= num_sampled:
                break
            chunk *= 2
        positions = torch.arange(drawn.numel())
        first = torch.full((values.numel(),), drawn.numel(), dtype=torch.int64).scatter_reduce_(
            0, inverse, positions, reduce="amin")
        order = torch.sort(first).values[:num_sampled]
        samples[row] = drawn[order]
        tries[row] = order[-1] + 1
    device = current_context().device
    return samples.to(device), tries.to(device)


OTHERS = declare([
    OpSpec("_sample_multinomial", _sample_multinomial, params=(
        _SAMPLE_SHAPE,
        Param("get_prob", parse_bool, False, "also return the log probability of each sample"),
        Param("dtype", dtype_enum("float16", "float32", "float64", "int32", "uint8", optional=False),
              "int32", "dtype of the samples"),
    ), aliases=("sample_multinomial",), family="random",
        doc="Concurrent sampling from multiple multinomial distributions (rows of data)."),
    OpSpec("_shuffle", _shuffle, aliases=("shuffle",), family="random", no_bool=True,
           doc="Randomly shuffle the elements along the first axis."),
    OpSpec("_sample_unique_zipfian", _sample_unique_zipfian, inputs=(), params=(
        Param("range_max", parse_int, REQUIRED, "the number of possible classes"),
        Param("shape", _parse_shape_or_none, None, "(batch_size, num_sampled)"),
    ), family="random",
        doc="Draw distinct samples per row from an approximately log-uniform (Zipfian) distribution."),
])


# ---- densities (pdf_op.h) ---------------------------------------------------------------------
# Each ``<dist>(x, *params, log)`` computes MXNet's formula with params broadcast to x;
# the plain density is MXNet's own formula, not exp(log density): they differ in sign for
# invalid parameters (a negative sigma gives a negative density, as in MXNet).

def _pdf_uniform(x, low, high, log):
    width = high - low
    value = -torch.log(width) if log else 1 / width
    return value.expand(x.shape)  # no support check, as in MXNet


# sqrt(2 * PI) with mxnet_op.h's ``const float PI``
_SQRT_2PI = math.sqrt(2.0 * float(torch.tensor(math.pi, dtype=torch.float32)))


def _pdf_normal(x, mu, sigma, log):
    exponent = -0.5 * (x - mu) * (x - mu) / (sigma * sigma)
    normalizer = _SQRT_2PI * sigma
    return exponent - torch.log(normalizer) if log else torch.exp(exponent) / normalizer


def _pdf_gamma(x, alpha, beta, log):
    lpdf = alpha * torch.log(beta) + (alpha - 1) * torch.log(x) - beta * x - torch.lgamma(alpha)
    return lpdf if log else torch.exp(lpdf)


def _pdf_exponential(x, lam, log):
    return torch.log(lam) - lam * x if log else lam * torch.exp(-lam * x)


def _pdf_poisson(x, lam, log):
    lpdf = x * torch.log(lam) - torch.lgamma(x + 1) - lam
    return lpdf if log else torch.exp(lpdf)


def _negative_binomial_lpdf(x, k, p):
    """pdf_op.h's LPDF; ``p`` is the failure probability."""
    return ((torch.lgamma(x + k) - torch.lgamma(x + 1) - torch.lgamma(k))
            + k * torch.log(p) + x * torch.log(1 - p))


def _pdf_negative_binomial(x, k, p, log):
    lpdf = _negative_binomial_lpdf(x, k, p)
    return lpdf if log else torch.exp(lpdf)


def _pdf_generalized_negative_binomial(x, mu, alpha, log):
    lpdf = _negative_binomial_lpdf(x, 1 / alpha, 1 / (mu * alpha + 1))
    return lpdf if log else torch.exp(lpdf)


def _pdf_dirichlet(x, alpha, log):
    lpdf = ((alpha - 1) * torch.log(x)).sum(-1) + torch.lgamma(alpha.sum(-1)) - torch.lgamma(alpha).sum(-1)
    return lpdf if log else torch.exp(lpdf)


def _density(formula, discrete=False, vector=False):
    """The ``_random_pdf_<dist>(sample, params..., is_log)`` body of ``formula``.

    PdfOpShape: every parameter array has one shape, equal to the leftmost dims of
    ``sample`` (for Dirichlet, ``alpha``'s last dim is the event dim, the last of
    ``sample``). Discrete densities (and uniform) have a zero gradient for the sample.
    """
    def density(sample, *params, is_log):
        first = params[0]
        if sample.ndim == 0 or first.ndim == 0:
            raise ValueError("sample and parameter arrays must have at least one dimension")
        if first.ndim > sample.ndim:
            raise ValueError(f"dimension of input samples ({sample.ndim}) must be at least "
                             f"dimension of distribution parameters ({first.ndim})")
        expected = tuple(sample.shape[:first.ndim])
        if vector:
            expected = expected[:-1] + (sample.shape[-1],)
        for param in params:
            if tuple(param.shape) != expected:
                raise ValueError(f"Shape inconsistent, Provided = {list(param.shape)}, "
                                 f"inferred shape={list(expected)}")
        for tensor in (sample,) + params:
            _require_float(tensor)
        dtype = sample.dtype
        # float64 throughout, rounded once: MXNet's float kernels call the double-precision
        # libm functions, whose results this reproduces to the last bit in most cases
        compute = torch.float64
        x = sample.detach() if discrete else sample
        x = x.to(compute)
        trailing = sample.ndim - first.ndim
        values = [p.to(compute) for p in params]
        if vector:  # alpha (..., k) against samples (..., extra..., k)
            values = [v.reshape(v.shape[:-1] + (1,) * trailing + v.shape[-1:]) for v in values]
        else:
            values = [v.reshape(v.shape + (1,) * trailing) for v in values]
        result = formula(x, *values, is_log).to(dtype)
        if vector and sample.ndim == 1:
            result = result.reshape(1)  # a single vector sample gives shape (1,), as MXNet
        return _zero_gradient(result, sample) if discrete else result
    return density


DENSITIES = declare([
    OpSpec(f"_random_pdf_{name}", _density(formula, discrete, vector), inputs=inputs,
           params=(_IS_LOG,), aliases=(f"random_pdf_{name}",), family="random", same_dtype=True,
           differentiable=differentiable, doc=f"Density of {doc} at sample.")
    for name, formula, inputs, discrete, vector, differentiable, doc in (
        # uniform's gradient w.r.t. sample is 0 as in MXNet (and the finite difference too)
        ("uniform", _pdf_uniform, ("sample", "low", "high"), True, False, True,
         "uniform distributions on [low, high)"),
        ("normal", _pdf_normal, ("sample", "mu", "sigma"), False, False, True,
         "normal distributions with means mu and standard deviations sigma"),
        ("gamma", _pdf_gamma, ("sample", "alpha", "beta"), False, False, True,
         "gamma distributions with shapes alpha and rates beta"),
        ("exponential", _pdf_exponential, ("sample", "lam"), False, False, True,
         "exponential distributions with rates lam"),
        # Discrete densities: MXNet's gradient w.r.t. the sample is 0, not the derivative of
        # lgamma a finite-difference check sees, so they are not marked differentiable; their
        # parameter gradients are checked against MXNet in tests/ndarray/ops/test_random.py.
        ("poisson", _pdf_poisson, ("sample", "lam"), True, False, False,
         "Poisson distributions with rates lam"),
        ("negative_binomial", _pdf_negative_binomial, ("sample", "k", "p"), True, False, False,
         "negative binomial distributions with failure limits k and failure probabilities p"),
        ("generalized_negative_binomial", _pdf_generalized_negative_binomial,
         ("sample", "mu", "alpha"), True, False, False,
         "generalized negative binomial distributions with means mu and dispersions alpha"),
        ("dirichlet", _pdf_dirichlet, ("sample", "alpha"), False, True, True,
         "Dirichlet distributions with concentrations alpha (the last axis)"),
    )
])
