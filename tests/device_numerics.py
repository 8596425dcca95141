"""How a test compares a value computed on ``ctx`` with the host's exact expectation.

On the host, mxnd's kernels give MXNet's CPU bits, so tests assert equality there. On a GPU the
same formulas run as CUDA kernels: nvcc fuses a multiply and an add into one rounding (torch's
``addcmul``/``addcdiv``/``lerp`` and every multi-operation kernel; MXNet's GPU build does the
same), transcendental functions are CUDA's own, reductions add in another order, and cuDNN
convolutions and RNNs of float32 data run in TF32 on GPUs of compute capability 8.0 and newer
(torch's default, as MXNet's; ``mx.test_utils.effective_dtype``). There a value must agree with
the host's within a few units in the last place (``GPU_TOLERANCE``), or within TF32's precision.

>>> import mxnd as mx, numpy as np
>>> assert_exact_on_host(mx.nd.array([0.5]) * 3, np.float32([1.5]), mx.cpu())
"""
from __future__ import annotations

import contextlib

import numpy as np
import torch

# (rtol, atol) per dtype for a GPU result against the host's (a few ulps, or a reordered sum)
GPU_TOLERANCE = {np.dtype(np.float16): (2e-3, 1e-3), np.dtype(np.float32): (2e-5, 1e-6),
                 np.dtype(np.float64): (1e-12, 1e-14)}
TF32_TOLERANCE = (1e-2, 1e-3)  # 10 mantissa bits in each product (mx.test_utils: float16's)

__all__ = ["GPU_TOLERANCE", "TF32_TOLERANCE", "on_gpu", "assert_exact_on_host", "ieee_float32"]


def on_gpu(ctx) -> bool:
    """Whether ``ctx`` (a Context, or None for the host) is a GPU."""
    return ctx is not None and ctx.device_type == "gpu"


def _values(value):
    return value.asnumpy() if hasattr(value, "asnumpy") else np.asarray(value)


def assert_exact_on_host(actual, expected, ctx, *, tf32=False, tolerance=None):
    """``actual`` (an NDArray, or numpy values) equals ``expected`` bit for bit on the host; on a
    GPU within ``tolerance`` ((rtol, atol); by default GPU_TOLERANCE of the dtype, TF32_TOLERANCE
    for a float32 cuDNN result when ``tf32``). Integers and booleans are compared exactly everywhere."""
    got = _values(actual)
    want = np.asarray(expected)
    if not on_gpu(ctx) or not (np.issubdtype(got.dtype, np.floating) or np.issubdtype(want.dtype, np.floating)):
        np.testing.assert_array_equal(got, want)
        return
    if tolerance is None:
        dtype = got.dtype if np.issubdtype(got.dtype, np.floating) else want.dtype
        tolerance = TF32_TOLERANCE if tf32 and dtype == np.float32 else GPU_TOLERANCE.get(dtype, (0, 0))
    rtol, atol = tolerance
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=rtol, atol=atol,
                               equal_nan=True)


@contextlib.contextmanager
def ieee_float32():
    """cuDNN and cuBLAS in full float32 (no TF32) inside the block; nothing changes on a host."""
    saved = torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32
    torch.backends.cudnn.allow_tf32 = torch.backends.cuda.matmul.allow_tf32 = False
    try:
        yield
    finally:
        torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32 = saved
