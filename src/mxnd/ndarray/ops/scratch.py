"""Per-thread temporaries reused across operator calls: a fresh multi-megabyte buffer costs page
faults on every call (they can take longer than the work), which MXNet's memory pool does not pay.
A body may compute into one but must never return it (the builder wraps what a body returns).
Constants (``filled`` arrays, 0-d ``scalar`` operands) are cached the same way and only read.

Each slot keeps one flat buffer per dtype and device, grown to the largest size asked for, so a
training loop over parameters of many shapes reuses it instead of allocating per shape.

>>> import torch
>>> like = torch.zeros(2, 3)
>>> reused(like, "a").data_ptr() == reused(torch.zeros(6), "a").data_ptr(), reused(like, "a").shape
(True, torch.Size([2, 3]))
>>> filled(like, -0.0).tolist(), scalar(like, 2.0).shape
([-0.0, -0.0, -0.0, -0.0, -0.0, -0.0], torch.Size([]))
"""
from __future__ import annotations

import math
import threading

import torch

_LOCAL = threading.local()


def _buffers() -> dict:
    cache = getattr(_LOCAL, "cache", None)
    if cache is None:
        cache = _LOCAL.cache = {}
    return cache


def _flat(key, numel, dtype, device, value=None):
    """This thread's flat buffer for ``key`` with at least ``numel`` elements (filled with ``value``
    when created), cut to ``numel``."""
    cache = _buffers()
    buffer = cache.get(key)
    if buffer is None or buffer.numel() < numel:
        buffer = torch.empty(numel, dtype=dtype, device=device)
        if value is not None:
            buffer.fill_(value)
        cache[key] = buffer
    return buffer[:numel]


def reused(like, slot, memory_format=torch.contiguous_format):
    """An uninitialised tensor shaped like ``like`` (same dtype and device, laid out in
    ``memory_format``) in the caller's ``slot``: the same memory on every call from this thread."""
    flat = _flat((slot, like.dtype, like.device), like.numel(), like.dtype, like.device)
    if memory_format is torch.contiguous_format:
        return flat.view(like.shape)
    return flat.as_strided(like.shape, _strides(like.shape, memory_format))


_STRIDES: dict = {}


def _strides(shape, memory_format):
    """The strides of a dense ``shape`` laid out in ``memory_format`` (cached: shapes repeat)."""
    key = (shape, memory_format)
    strides = _STRIDES.get(key)
    if strides is None:
        if len(_STRIDES) >= 256:
            _STRIDES.clear()
        strides = _STRIDES[key] = torch.empty(shape, device="meta", memory_format=memory_format).stride()
    return strides


def filled(like, value):
    """A flat tensor of ``like.numel()`` copies of ``value`` (``like``'s dtype and device) that the
    caller must only read: made once per thread and size, shared by every caller."""
    key = ("filled", value, math.copysign(1.0, value), like.dtype, like.device)
    return _flat(key, like.numel(), like.dtype, like.device, value)


_SCALARS: dict = {}


def scalar(like, value):
    """A 0-d ``value`` of ``like``'s dtype and device, cached (shared by all threads: only read)."""
    key = (like.dtype, like.device, value, math.copysign(1.0, value))
    found = _SCALARS.get(key)
    if found is None:
        found = _SCALARS[key] = torch.full((), value, dtype=like.dtype, device=like.device)
    return found
