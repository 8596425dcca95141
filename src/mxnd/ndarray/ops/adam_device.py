"""adam_update of a weight in place on a GPU in one launch: torch's fused Adam kernel.

The separate passes of ``optimizer_updates._adam`` cost about ten kernel launches a parameter;
on a GPU each is longer than the work it launches for a small weight. torch's fused Adam kernel
(the one ``torch.optim.Adam(fused=True)`` runs) computes, per element, ``g += wd * w``, MXNet's
``mean = b1*mean + (1-b1)*g``, ``var = b2*var + (1-b2)*g*g`` and ``w -= (lr / c1) * mean /
(sqrt(var) / sqrt(c2) + eps)``. A step count of 1e30 makes both bias corrections ``c = 1 - b**step``
exactly 1 for any ``0 <= b < 1`` (the power underflows to 0 in double), so that is MXNet's
AdamUpdateKernel. ``rescale_grad`` and ``clip_gradient`` come first, into a reused temporary (the
kernel would otherwise write its unscaled gradient back into ``grad``). CUDA fuses multiply-adds,
as MXNet's GPU kernel does: results agree with the host's within an ulp or two, not bit for bit.

The kernel is checked once per device and dtype against the separate passes before it is
trusted (``_passes_check``); where it is missing or disagrees, ``step`` returns False and the
caller runs the passes.

>>> import torch
>>> w, g, m, v = torch.ones(4), torch.ones(4), torch.zeros(4), torch.zeros(4)
>>> step(w, g, m, v, lr=0.5, beta1=0.5, beta2=0.75, epsilon=0.0, wd=0.0, rescale_grad=1.0, clip_gradient=-1.0,
...      check=False)
True
>>> w.tolist(), m.tolist(), v.tolist()
([0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5], [0.25, 0.25, 0.25, 0.25])
"""
from __future__ import annotations

import numpy as np
import torch

from .scratch import reused

__all__ = ["usable", "fits", "step"]

_STEP = 1e30  # b ** 1e30 == 0.0 in double for every 0 <= b < 1: both bias corrections are 1
_DTYPES = (torch.float32, torch.float64)  # the exact route of adam_update (float16 rounds per step)
_TRUSTED: dict = {}  # (device, dtype) -> whether the kernel passed the check
_STEPS: dict = {}  # device -> the 0-d float32 step count the kernel reads (never written)


def usable(weight, grad, mean, var, beta1, beta2) -> bool:
    """Whether the kernel can take these arrays: CUDA ones that ``fits`` takes."""
    return weight.is_cuda and fits(weight, grad, mean, var, beta1, beta2)


def fits(weight, grad, mean, var, beta1, beta2) -> bool:
    """The kernel's other demands, on any device: one device and dtype (float32/float64), one shape,
    contiguous, not empty, and 0 <= beta < 1 (its bias corrections)."""
    return (weight.dtype in _DTYPES and 0.0 <= beta1 < 1.0 and 0.0 <= beta2 < 1.0 and weight.numel() > 0
            and weight.is_contiguous()
            and all(t.dtype is weight.dtype and t.shape == weight.shape and t.device == weight.device
                    and t.is_contiguous() for t in (grad, mean, var)))


def step(weight, grad, mean, var, *, lr, beta1, beta2, epsilon, wd, rescale_grad, clip_gradient, check=True) -> bool:
    """One adam_update of ``weight``, ``mean`` and ``var`` in place (MXNet's parameter meanings);
    False, with nothing written, where the kernel is not trusted (the caller runs the passes).
    ``check=False`` skips the one-time check (the check itself, and tests on the host)."""
    if check:
        key = (weight.device, weight.dtype)
        trusted = _TRUSTED.get(key)
        if trusted is None:
            trusted = _TRUSTED[key] = _passes_check(weight.device, weight.dtype)
        if not trusted:
            return False
    g = grad
    if rescale_grad != 1 or clip_gradient >= 0:
        g = torch.mul(grad, rescale_grad, out=reused(weight, "adam 1"))
        if clip_gradient >= 0:  # MXNet clips after adding the weight decay
            g.add_(weight, alpha=wd).clamp_(-clip_gradient, clip_gradient)
            wd = 0.0
    steps = _STEPS.get(weight.device)
    if steps is None:
        steps = _STEPS[weight.device] = torch.tensor(_STEP, dtype=torch.float32, device=weight.device)
    torch._fused_adam_([weight], [g], [mean], [var], [], [steps], lr=lr, beta1=beta1, beta2=beta2,
                       weight_decay=wd, eps=epsilon, amsgrad=False, maximize=False)
    return True


def _passes_check(device, dtype) -> bool:
    """Whether the kernel agrees with the separate passes (``optimizer_updates.adam_standard``) on
    random values within a few ulps, on ``device`` in ``dtype``."""
    from .optimizer_updates import adam_standard

    rng = np.random.default_rng(0)
    values = [rng.standard_normal(1000) for _ in range(3)] + [rng.random(1000)]
    w, g, m, v = (torch.tensor(a, dtype=dtype, device=device) for a in values)
    params = dict(lr=0.01, beta1=0.9, beta2=0.999, epsilon=1e-8, wd=0.1, rescale_grad=0.5, clip_gradient=0.8)
    expected_mean, expected_var = m.clone(), v.clone()
    try:
        expected = adam_standard(w, g, expected_mean, expected_var, **params)
        step(w, g, m, v, check=False, **params)
    except (AttributeError, RuntimeError, NotImplementedError, TypeError):
        return False
    rtol = 1e-12 if dtype is torch.float64 else 1e-5
    return all(torch.allclose(got, want, rtol=rtol, atol=rtol * 0.1)
               for got, want in ((w, expected), (m, expected_mean), (v, expected_var)))
