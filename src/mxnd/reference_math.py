"""The floating-point results of MXNet 1.9.1's environment that NumPy 2 and torch round differently.

MXNet's metrics compute in NumPy (1.23 in the reference environment) and in MXNet's C++
kernels (glibc's libm); their values depend on implementation details that mxnd's libraries
do not share:

* ``argpartition``: NumPy 1 orders ties and unselected elements by its introselect (NumPy 2
  selects with SIMD code).
* ``c_logf`` / ``c_log``: glibc's ``logf`` (not correctly rounded: about one float32 in 130
  differs from rounding the exact logarithm) and ``log``, which MXNet's CPU ``log`` calls.

>>> import numpy as np
>>> argpartition(np.array([2., 0., 2., 3., 2.], np.float32), -3).tolist()
[1, 0, 2, 3, 4]
>>> float(c_logf(np.array([0.5], np.float32))[0]) == float(np.float32(-0.6931472))
True
"""
from __future__ import annotations

import math

import numpy

__all__ = ["argpartition", "c_log", "c_logf"]


class _Introselect:
    """NumPy 1.x ``argpartition`` of one row: the order its introselect (median-of-3 quickselect,
    median-of-medians fallback; numpy/core/src/npysort/selection.cpp, BSD-3-Clause) leaves."""

    def __init__(self, values):
        self.v = values.tolist()
        self.idx = list(range(len(self.v)))

    def less(self, i, j):
        """values[idx[i]] < values[idx[j]], NaN last (NumPy's float order)."""
        a, b = self.v[self.idx[i]], self.v[self.idx[j]]
        return a < b or (b != b and a == a)

    def less_value(self, a, b):
        return a < b or (b != b and a == a)

    def swap(self, i, j):
        self.idx[i], self.idx[j] = self.idx[j], self.idx[i]

    def dumb_select(self, base, num, kth):
        for i in range(kth + 1):
            minidx = i
            minval = self.v[self.idx[base + i]]
            for k in range(i + 1, num):
                if self.less_value(self.v[self.idx[base + k]], minval):
                    minidx, minval = k, self.v[self.idx[base + k]]
            self.swap(base + i, base + minidx)

    def median3_swap(self, low, mid, high):
        if self.less(high, mid):
            self.swap(high, mid)
        if self.less(high, low):
            self.swap(high, low)
        if self.less(low, mid):
            self.swap(low, mid)
        self.swap(mid, low + 1)

    def median5(self, base):
        for i, j in ((1, 0), (4, 3), (3, 0), (4, 1), (2, 1)):
            if self.less(base + i, base + j):
                self.swap(base + i, base + j)
        if self.less(base + 3, base + 2):
            return 1 if self.less(base + 3, base + 1) else 3
        return 2

    def median_of_median5(self, base, num):
        nmed = num // 5
        for i in range(nmed):
            self.swap(base + 5 * i + self.median5(base + 5 * i), base + i)
        if nmed > 2:
            self.select(nmed // 2, base, nmed)
        return nmed // 2

    def select(self, kth, base=0, num=None):
        """Partition ``idx[base:base + num]`` around its ``kth`` element."""
        num = len(self.v) if num is None else num
        low, high = 0, num - 1
        if kth - low < 3:
            self.dumb_select(base + low, high - low + 1, kth - low)
            return self.idx
        if kth == num - 1:
            maxidx, maxval = low, self.v[self.idx[base + low]]
            for k in range(low + 1, num):
                if not self.less_value(self.v[self.idx[base + k]], maxval):
                    maxidx, maxval = k, self.v[self.idx[base + k]]
            self.swap(base + kth, base + maxidx)
            return self.idx
        depth_limit = (num.bit_length() - 1) * 2
        while low + 1 < high:
            ll, hh = low + 1, high
            if depth_limit > 0 or hh - ll < 5:
                self.median3_swap(base + low, base + low + (high - low) // 2, base + high)
            else:
                mid = ll + self.median_of_median5(base + ll, hh - ll)
                self.swap(base + mid, base + low)
                ll, hh = ll - 1, hh + 1
            depth_limit -= 1
            pivot = self.v[self.idx[base + low]]
            while True:
                ll += 1
                while self.less_value(self.v[self.idx[base + ll]], pivot):
                    ll += 1
                hh -= 1
                while self.less_value(pivot, self.v[self.idx[base + hh]]):
                    hh -= 1
                if hh < ll:
                    break
                self.swap(base + ll, base + hh)
            self.swap(base + low, base + hh)
            if hh >= kth:
                high = hh - 1
            if hh <= kth:
                low = ll
        if high == low + 1 and self.less(base + high, base + low):
            self.swap(base + high, base + low)
        return self.idx


def argpartition(values, kth):
    """``numpy.argpartition(values, kth)`` ordered as NumPy 1.x orders it.

    A 2-D row keeps NumPy's fast result when its selected set is unique (TopKAccuracy only uses
    the set); 1-D arrays (whose whole order is used) and rows with ties at the boundary are redone.
    """
    ranked = numpy.argpartition(values, kth)  # NumPy's checks and errors
    if values.ndim == 1:
        return numpy.array(_Introselect(values).select(kth % len(values)), dtype=ranked.dtype)
    if values.ndim != 2 or values.size == 0:
        return ranked
    kth %= values.shape[1]
    boundary = values[numpy.arange(len(values)), ranked[:, kth]][:, None]
    unsure = (values >= boundary).sum(axis=1) != values.shape[1] - kth  # ties or NaN
    for row in numpy.flatnonzero(unsure):
        ranked[row] = _Introselect(values[row]).select(kth)
    return ranked


# ----- glibc's log and logf -----------------------------------------------------------------------

def c_log(values):
    """glibc's ``log`` of each float64 value (-inf at 0, nan below), as MXNet's C++ kernels and
    NumPy 1 without AVX-512 compute it."""
    flat = [math.log(v) if v > 0 else (-math.inf if v == 0 else math.nan) for v in values.ravel().tolist()]
    return numpy.array(flat, numpy.float64).reshape(values.shape)


def c_logf(values):
    """glibc's ``logf`` of each float32 value (quantization's implementation for positive finite
    values; numpy's log for 0, negatives, inf and nan, which it gets right)."""
    from .ndarray.ops.quantization import _logf_host

    x = numpy.asarray(values, numpy.float32)
    special = ~((x > 0) & (x < numpy.inf))
    if not special.any():
        return _logf_host(x)
    result = numpy.zeros(x.shape, numpy.float32)
    result[~special] = _logf_host(x[~special])
    with numpy.errstate(all="ignore"):
        result[special] = numpy.log(x[special])
    return result
