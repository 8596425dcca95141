"""``check_format``: validate the components of a sparse array as MXNet's CheckFormat does.

>>> import mxnd as mx
>>> bad = mx.nd.sparse.csr_matrix(([1., 2.], [2, 0], [0, 2]), shape=(1, 3))
>>> try:
...     bad.check_format()
... except mx.base.MXNetError as error:
...     print(str(error).splitlines()[0])
check_format: csr indices are not sorted in ascending order within each row
"""
from __future__ import annotations

import torch

from ...errors import MXNetError

__all__ = ["check_format"]


def _fail(what):
    raise MXNetError(f"check_format: {what}")


def check_format(array, full_check=True):
    """Raise MXNetError when ``array``'s components are inconsistent."""
    values, indices = array._values, array._indices
    if array.stype == "csr":
        indptr = array._indptr
        if indptr.shape[0] != array.shape[0] + 1:
            _fail(f"csr indptr has length {indptr.shape[0]}, expected {array.shape[0] + 1}")
        if indices.shape[0] != values.shape[0]:
            _fail(f"csr indices ({indices.shape[0]}) and data ({values.shape[0]}) differ in length")
        if not full_check:
            return
        if int(indptr[0]) != 0 or int(indptr[-1]) != values.shape[0] or bool((indptr.diff() < 0).any()):
            _fail("csr indptr must start at 0, be non-decreasing and end at nnz")
        if indices.numel():
            if int(indices.min()) < 0 or int(indices.max()) >= array.shape[1]:
                _fail("csr indices out of range")
            step = indices.diff()
            row_starts = torch.zeros_like(indices, dtype=torch.bool)
            starts = indptr[:-1][indptr.diff() > 0]
            row_starts[starts] = True
            if bool(((step <= 0) & ~row_starts[1:]).any()):
                _fail("csr indices are not sorted in ascending order within each row")
        return
    if indices.shape[0] != values.shape[0]:
        _fail(f"row_sparse indices ({indices.shape[0]}) and data rows ({values.shape[0]}) differ")
    if full_check and indices.numel():
        if int(indices.min()) < 0 or int(indices.max()) >= array.shape[0]:
            _fail("row_sparse indices out of range")
        if bool((indices.diff() <= 0).any()):
            _fail("row_sparse indices are not sorted in ascending order")
