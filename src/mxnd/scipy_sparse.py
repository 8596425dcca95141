"""scipy.sparse, an optional dependency, imported on first use.

Importing it costs about 0.17 s, a seventh of mxnd's own import time, and most programs never
touch a sparse array. A scipy sparse matrix can only exist once scipy.sparse is imported, so
``issparse`` answers from ``sys.modules`` without importing anything.

>>> issparse([1, 2])
False
>>> loops("csr_matvecs") is None or callable(loops("csr_matvecs")[0])
True
"""
from __future__ import annotations

import functools
import sys

__all__ = ["issparse", "module", "loops"]


def issparse(value) -> bool:
    """``scipy.sparse.issparse(value)``, False while scipy.sparse is not imported."""
    loaded = sys.modules.get("scipy.sparse")
    return loaded is not None and loaded.issparse(value)


@functools.cache
def module():
    """The ``scipy.sparse`` module, or None when scipy is not installed."""
    try:
        import scipy.sparse
    except ImportError:
        return None
    return scipy.sparse


@functools.cache
def loops(*names):
    """scipy's compiled sparse loops ``names`` (``csr_matvecs``, ...) as a tuple, or None when
    scipy or one of them is missing: they live in a private module, so any failure means absent."""
    try:
        from scipy.sparse import _sparsetools
        return tuple(getattr(_sparsetools, name) for name in names)
    except (ImportError, AttributeError):
        return None
