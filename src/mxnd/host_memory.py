"""Host memory policy: freed large host buffers stay in the process for the next allocation.

torch allocates host tensors with ``malloc``. glibc serves large requests (32 MiB and up, and by
its dynamic threshold smaller ones too) with fresh ``mmap`` pages and unmaps them on ``free``,
so a loop that makes a large output every step page-faults all of it every step: a float32
convolution forward with a 32x64x64x64 output measured 25 ms of page faults around 5 ms of
compute (16,386 faults per call). MXNet's own builds do not pay this. mxnd raises glibc's mmap
and trim thresholds once, at import, so such blocks come from the heap and stay there for the
next step (the same call then measures 5 ms, no faults). The heap settles within a few steps:
torch's 64-byte aligned request is a little larger than the block it freed, so until free blocks
lie side by side each step leaves one more behind (a loop making a 40 MB output settled after 4
to 9 steps, holding 2 to 8 free blocks). glibc's per-thread cache is what hands the small
remainders of the aligned block to other allocations: a process started with
``GLIBC_TUNABLES=glibc.malloc.tcache_count=0`` reuses the block from the second step on (it gives
up that cache's fast path for small allocations; it cannot be set from inside the process).
Up to ``TRIM_THRESHOLD`` of free memory at the top of the heap stays mapped; more is returned to
the system.

It changes how the whole process's ``malloc`` behaves; ``MXND_MALLOC_TUNING=0`` in the
environment leaves it as it is. On a C library other than glibc nothing changes.

>>> isinstance(TUNED, bool)
True
"""
from __future__ import annotations

import ctypes
import os
import sys

__all__ = ["TUNED", "tune_malloc", "MMAP_THRESHOLD", "TRIM_THRESHOLD"]

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's <malloc.h>
MMAP_THRESHOLD = 1 << 30  # requests below 1 GiB come from the heap
TRIM_THRESHOLD = 1 << 30  # free memory at the heap's top beyond 1 GiB goes back to the system


def tune_malloc() -> bool:
    """Raise glibc's mmap and trim thresholds; whether it was done (False elsewhere or when
    ``MXND_MALLOC_TUNING=0``)."""
    if os.environ.get("MXND_MALLOC_TUNING", "1") == "0" or not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # glibc only: musl's mallopt does nothing
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))


TUNED = tune_malloc()
