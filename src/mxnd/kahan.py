"""MXNet's CPU ``sum`` of floating-point values, in its rounding order.

mshadow's ``red::sum`` adds the values one at a time along the reduced axis, in the array's
dtype, carrying a Kahan residual that is reset to 0 once the total is infinite. torch's and
numpy's pairwise sums round differently in the last bit; the places that must give MXNet's
bits (the metrics, the colour augmenters, GroupAdaGrad) sum with ``kahan_sum``.

>>> import numpy as np
>>> values = np.array([1e8, 3, 3, 3], dtype=np.float32)
>>> float(kahan_sum(values)), float(np.add.accumulate(values)[-1])
(100000008.0, 100000000.0)
"""
from __future__ import annotations

import math

import numpy as np

__all__ = ["kahan_sum", "EXACT_LIMIT"]

EXACT_LIMIT = 1 << 16  # a whole-array sum is exact up to this many values (one step each in Python)


def _step(total, residual, value):
    """One ``red::sum::Reduce(total, value, residual)`` on arrays: the new (total, residual)."""
    compensated = value - residual
    updated = total + compensated
    residual = np.where(np.isinf(updated), 0, (updated - total) - compensated).astype(updated.dtype)
    return updated, residual


def _scalar_sum(flat):
    """``_step`` over the values of a 1-D array, with numpy scalars (a fraction of the cost)."""
    total = residual = zero = flat.dtype.type(0)
    for value in flat:
        compensated = value - residual
        updated = total + compensated
        residual = zero if math.isinf(updated) else (updated - total) - compensated
        total = updated
    return total


def kahan_sum(values: np.ndarray, axis: int | None = None, keepdims: bool = False):
    """The sum of ``values`` along ``axis`` (None: all of them) as MXNet's CPU kernel computes it.

    Along an axis, every step is a vector operation over the other axes, so the cost is one
    Python step per element of the axis. A whole-array sum of more than ``EXACT_LIMIT`` values
    is computed in float64 and rounded once (equal to MXNet's or within an ulp). Integer arrays
    sum exactly as numpy does.

    >>> import numpy as np
    >>> kahan_sum(np.array([[1, 2], [3, np.inf]], dtype=np.float32), axis=1).tolist()
    [3.0, inf]
    """
    if values.dtype.kind != "f":
        return values.sum(axis=axis, keepdims=keepdims)
    with np.errstate(invalid="ignore", over="ignore"):
        if axis is None:
            flat = values.ravel()
            total = flat.dtype.type(flat.sum(dtype=np.float64)) if flat.size > EXACT_LIMIT else _scalar_sum(flat)
            return np.full((1,) * values.ndim, total) if keepdims else total
        moved = np.moveaxis(values, axis, -1)
        total = np.zeros(moved.shape[:-1], values.dtype)
        residual = np.zeros_like(total)
        for index in range(moved.shape[-1]):
            total, residual = _step(total, residual, moved[..., index])
        return np.expand_dims(total, axis) if keepdims else total
