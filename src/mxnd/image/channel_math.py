"""Per-pixel channel arithmetic of the colour augmenters, in MXNet 1.9.1's CPU rounding order.

MXNet computes ``nd.dot(image, matrix)`` for an (H, W, 3) float32 image as plain float32
multiply-adds from the first channel to the last (no fused multiply-add), and
``nd.sum(image, axis=2)`` and ``nd.sum(image)`` as Kahan-compensated float32 sums (mxnd.kahan).
torch's matmul and sum round differently in the last bit, so the augmenters use these helpers
to stay bit-identical.
Both keep MXNet's dtype rules: mixing a uint8 image with a float32 matrix is an error.

>>> import mxnd as mx
>>> image = mx.nd.array([[[1, 2, 3]]])
>>> mix_channels(image, mx.nd.array([[1, 0, 0], [0, 1, 0], [0, 0, 2]])).asnumpy().tolist()
[[[1.0, 2.0, 6.0]]]
>>> sum_channels(image).asnumpy().tolist()
[[[6.0]]]
"""
from __future__ import annotations

from .. import ndarray as nd
from ..kahan import kahan_sum

__all__ = ["mix_channels", "sum_channels", "sum_all"]


def _channel(src, k):
    return src.slice_axis(axis=-1, begin=k, end=k + 1)


def mix_channels(src, matrix):
    """``nd.dot(src, matrix)`` for (..., C) ``src`` and (C, D) ``matrix``, summed channel by
    channel in their dtype (``nd.dot`` itself, and its errors, when the dtypes or C differ)."""
    if src.dtype is not matrix.dtype or matrix.ndim != 2 or src.shape[-1] != matrix.shape[0]:
        return nd.dot(src, matrix)
    total = None
    for k in range(matrix.shape[0]):
        term = _channel(src, k) * matrix[k]
        total = term if total is None else total + term
    return total


def sum_channels(src):
    """``nd.sum(src, axis=-1, keepdims=True)``, as MXNet's Kahan-compensated CPU reduction."""
    return nd.array(kahan_sum(src.asnumpy(), axis=-1, keepdims=True), ctx=src.context, dtype=src.dtype)


def sum_all(src):
    """``nd.sum(src)`` as MXNet's CPU reduction, a one-element array (mxnd.kahan)."""
    return nd.array([kahan_sum(src.asnumpy())], ctx=src.context, dtype=src.dtype)
