"""adam_update's mean update and weight step, on CPU, through torch's fused Adam kernel.

The weight step ``w -= lr * m / (sqrt(v) + eps)`` needs a correctly rounded square root to stay
bit-exact with MXNet's kernel, and torch's own float32 ``sqrt`` on CPU is not (it is off by an
ulp for about 0.6% of inputs). torch's fused Adam kernel is: it runs ``sqrt`` as the vector
instruction and computes ``p - (lr * e) / (sqrt(s) / c2 + eps)``, MXNet's expression, in one
multi-threaded pass. Its other work is made exact identities: the gradient it reads is -0 (so
``e*b1 + g*(1-b1)`` is ``e*0.5``, fed ``e = 2*mean``, which is exact), ``amsgrad`` takes
``max(v, s)`` with ``s`` held at -inf (so the maximum is ``v``), and a step count of 2000 makes
both bias corrections exactly 1. The doubled mean comes out of the mean update itself at no extra
pass (``2*(b1*m) + 2*(c1*g)``, each product rounded before it is doubled), and the kernel writes
the mean back halved. Only the kernel's vector loop is exact (its scalar tail computes in double),
so it gets a prefix whose per-thread chunks are whole vectors, and it is checked once per dtype
against numpy's IEEE arithmetic before it is trusted. (A mean of magnitude 2**127 or more would
overflow when doubled: see docs/differences.md.)

Everything the kernels need is looked up by ``prepare`` before the first of them runs: on a
busy host, Python code right after a multi-megabyte pass runs several times slower (its data
was evicted from the caches), so the passes are issued back to back.

>>> import torch
>>> w, g, m, v = torch.ones(4096), torch.ones(4096), torch.zeros(4096), torch.full((4096,), 0.25)
>>> prepared = prepare(w, m, v)
>>> if prepared: update(prepared, g, m, beta1=0.5, mean_coefficient=0.5, lr=0.5, epsilon=0.0)
>>> prepared is None or (m.unique().tolist(), w[:prepared.count].unique().tolist()) == ([0.5], [0.5])
True
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
import torch

from ...fast_paths import on_host
from .scratch import filled, scalar

_WHOLE_VECTORS = 16  # elements: a multiple of torch's Vectorized<float/double> widths (AVX-512: 16)
_STEP = 2000.0  # 0.5 ** 2000 == 0.0 in double: the kernel's bias corrections are exactly 1
_TRUSTED: dict = {}  # dtype -> whether the kernel passed the check


class Prepared(NamedTuple):
    """The operands of ``update`` for one set of arrays."""
    count: int  # leading elements the kernel steps; the caller steps the rest
    whole: bool  # count covers every element
    weight: torch.Tensor  # flat views of the first ``count`` elements
    mean: torch.Tensor
    var: torch.Tensor
    twos: torch.Tensor  # 2.0 shaped like the mean (an array: a second 0-d operand is slow)
    two: torch.Tensor  # 0-d 2.0
    negative_zero: torch.Tensor  # 0-d -0.0
    zeros: torch.Tensor  # the kernel's gradient, -0.0
    lows: torch.Tensor  # its second moment, -inf
    steps: torch.Tensor  # 0-d, read by the kernel, never written


def prepare(weight, mean, var):
    """``update``'s operands for these arrays, or None when the kernel cannot step them exactly:
    not contiguous CPU float32/float64, too small, or this torch's kernel failed the check."""
    if not on_host(weight) or weight.dtype not in (torch.float32, torch.float64):
        return None
    chunk = _WHOLE_VECTORS * torch.get_num_threads()
    count = weight.numel() // chunk * chunk
    if not count or not (weight.is_contiguous() and mean.is_contiguous() and var.is_contiguous()):
        return None
    trusted = _TRUSTED.get(weight.dtype)
    if trusted is None:
        trusted = _TRUSTED[weight.dtype] = _passes_check(weight.dtype)
    return _operands(weight, mean, var, count) if trusted else None


def _operands(weight, mean, var, count):
    whole = count == weight.numel()
    flat = [t.view(-1) if whole else t.view(-1)[:count] for t in (weight, mean, var)]
    return Prepared(count, whole, *flat, filled(mean, 2.0).view(mean.shape), scalar(mean, 2.0),
                    scalar(mean, -0.0), filled(flat[0], -0.0), filled(flat[0], float("-inf")),
                    scalar(mean, _STEP))


def update(prepared, g, mean, *, beta1, mean_coefficient, lr, epsilon):
    """``mean = beta1*mean + mean_coefficient*g`` (all of it) and ``weight -= (lr * mean) /
    (sqrt(var) + epsilon)`` on the prepared leading part, bit-exactly and in place. ``g`` is
    contiguous, shaped like the mean."""
    # 2*(b1*m) + -0, then + 2*(c1*g): each product rounded before the exact doubling
    torch.addcmul(prepared.negative_zero, mean, prepared.twos, value=beta1, out=mean)
    mean.addcmul_(g, prepared.two, value=mean_coefficient)
    if not prepared.whole:
        mean.view(-1)[prepared.count:].mul_(0.5)  # the caller's tail: halved back (exact)
    torch._fused_adam_([prepared.weight], [prepared.zeros], [prepared.mean], [prepared.lows], [prepared.var],
                       [prepared.steps], lr=lr, beta1=0.5, beta2=0.5, weight_decay=0.0, eps=epsilon,
                       amsgrad=True, maximize=False)


def _passes_check(dtype) -> bool:
    """Whether this torch's fused Adam computes the mean and the step bit-exactly for ``dtype``
    (numpy's float ops are single IEEE roundings): random, signed-zero, tiny and huge values."""
    numpy_type = {torch.float32: np.float32, torch.float64: np.float64}[dtype]
    n = _WHOLE_VECTORS * torch.get_num_threads() * 63  # chunks of 63 vectors: a wider vector leaves tails
    rng = np.random.default_rng(0)
    w, g = rng.standard_normal(n).astype(numpy_type), rng.standard_normal(n).astype(numpy_type)
    m = (rng.standard_normal(n) * 10.0 ** rng.integers(-45, 30, n)).astype(numpy_type)
    v = (rng.random(n) * 10.0 ** rng.integers(-45, 30, n)).astype(numpy_type)
    w[:4], g[:4], m[:4], v[:4] = [-0.0, 0.0, -0.0, 1.0], [-0.0, -0.0, 0.0, 0.0], [-0.0, -0.0, 0.0, 1e-45], 0.0
    b1, c1, lr, epsilon = numpy_type(0.9), numpy_type(0.1), numpy_type(0.001), numpy_type(1e-8)
    with np.errstate(all="ignore"):
        mean = b1 * m + c1 * g
        expected = w - (lr * mean) / (np.sqrt(v) + epsilon)
    weight, grad, got_mean, var = (torch.from_numpy(a.copy()) for a in (w, g, m, v))
    try:
        update(_operands(weight, got_mean, var, n), grad, got_mean, beta1=float(b1), mean_coefficient=float(c1),
               lr=float(lr), epsilon=float(epsilon))
    except (AttributeError, RuntimeError, NotImplementedError, TypeError):
        return False
    return all(np.array_equal(got.numpy().view(np.uint8), want.view(np.uint8))
               for got, want in ((weight, expected), (got_mean, mean), (var, v)))
