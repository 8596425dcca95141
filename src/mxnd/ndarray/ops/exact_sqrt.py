"""Correctly rounded square roots, as C's ``sqrtf``/``sqrt`` (MXNet's CPU kernels) and CUDA's.

IEEE 754 requires sqrt to be correctly rounded, and MXNet's results are. torch's vectorised CPU
sqrt is not on some machines: with torch 2.13 on an AVX-512 CPU (``torch.backends.cpu.
get_cpu_capability()`` says ``AVX512``) about 17% of float32 and 1% of float64 inputs come out
an ulp off, while its AVX2 kernels are exact. So the first root taken in a dtype on the CPU
probes torch's against numpy's (the IEEE instruction) on 4,096 values; where torch's is exact
it is used as it is, otherwise numpy's ``sqrt`` writes straight into a torch tensor (1.3x
torch's time on a 2048x2048 array, one thread against two; +2 us a call on small ones). CUDA
rounds its sqrt correctly. Under autograd the gradient is torch's own: ``grad / (2 * sqrt(x))``.

>>> import torch
>>> x = torch.tensor([2.0, 4.0, 0.5])
>>> bool((sqrt(x) == torch.tensor([1.4142135, 2.0, 0.70710677])).all())
True
"""
from __future__ import annotations

import numpy as np
import torch
from ...integer_variables import RecordedFunction

__all__ = ["sqrt"]

_EXACT_ON_HOST = (torch.float16, torch.float32, torch.float64)


def _host_sqrt(values: torch.Tensor, out: torch.Tensor | None) -> torch.Tensor:
    if values.is_neg() or values.is_conj():
        values = values.resolve_neg().resolve_conj()
    source = (values.detach() if values.requires_grad else values).numpy()
    with np.errstate(invalid="ignore"):  # sqrt of a negative is NaN, silently, as in C
        if out is None:
            return torch.from_numpy(np.asarray(np.sqrt(source)))  # asarray: a 0-d result is a scalar
        np.sqrt(source, out=(out.detach() if out.requires_grad else out).numpy())
    return out


class _Sqrt(RecordedFunction):
    """The host sqrt inside autograd: torch's backward formula."""

    @staticmethod
    def forward(ctx, values):
        result = _host_sqrt(values, None)
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad):
        result, = ctx.saved_tensors
        return grad / (2 * result)


def torch_is_exact(dtype: torch.dtype) -> bool:
    """Whether torch's CPU sqrt is correctly rounded in ``dtype`` on this machine (probed once).

    >>> torch_is_exact(torch.float32) in (True, False)
    True
    """
    exact = _TORCH_EXACT.get(dtype)
    if exact is None:
        probe = np.random.default_rng(0).random(4096).astype(torch.empty(0, dtype=dtype).numpy().dtype) * 100
        exact = _TORCH_EXACT[dtype] = bool(np.array_equal(torch.from_numpy(probe).sqrt().numpy(), np.sqrt(probe)))
    return exact


_TORCH_EXACT: dict = {}


def sqrt(values: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
    """The correctly rounded square root of ``values`` (into ``out`` when given: no autograd there).

    >>> sqrt(torch.tensor([9.0], dtype=torch.float64)).tolist()
    [3.0]
    """
    if not values.is_cpu or values.dtype not in _EXACT_ON_HOST or torch_is_exact(values.dtype):
        return values.sqrt() if out is None else torch.sqrt(values, out=out)
    if out is None and values.requires_grad and torch.is_grad_enabled():
        return _Sqrt.apply(values)
    if out is not None and out.dtype is not values.dtype:
        return out.copy_(_host_sqrt(values, None))
    return _host_sqrt(values, out)
