"""MXNet's ``_internal`` operators that only write into ``out=``: ``_copyto`` and
``_zeros_without_dtype``. MXNet 1.9.1 cannot infer their outputs, so they work only with an
``out=`` array (its shape and dtype are the result's); without one they raise its errors.

>>> import mxnd as mx
>>> out = mx.nd.zeros((2,), dtype='int32')
>>> mx.nd._internal._copyto(mx.nd.array([1.5, -2.5]), out=out).asnumpy().tolist()
[1, -2]
"""
from __future__ import annotations

from ..errors import MXNetError
from ..params import parse_shape
from .ops.shape import shape_text

__all__ = ["_copyto", "_zeros_without_dtype"]


def _copyto(data, out=None, name=None):
    """Copy ``data`` into ``out`` (any context; the values cast to ``out``'s dtype as C does)."""
    if out is None:
        raise MXNetError("_copyto: Operator _copyto is missing FInferType attribute (give out=)")
    if tuple(out.shape) != tuple(data.shape):
        raise MXNetError(f"_copyto: Incompatible attr in node at 0-th output: expected "
                         f"{shape_text(data.shape)}, got {shape_text(out.shape)}")
    out._data.copy_(data._data)
    return out


def _zeros_without_dtype(shape=(), ctx=None, dtype=-1, out=None, name=None):
    """Fill ``out`` with zeros; ``shape``, when given, must be ``out``'s."""
    if str(dtype) != "-1":
        raise MXNetError(f"_zeros_without_dtype: Invalid Parameter format for dtype expect int but "
                         f"value='{dtype}' (only -1, 'the output's dtype', works)")
    if out is None:
        raise MXNetError("_zeros_without_dtype: Unknown type enum -1 (give out=)")
    shape = parse_shape(shape)
    if shape and tuple(shape) != tuple(out.shape):
        raise MXNetError(f"_zeros_without_dtype: Shape inconsistent, Provided = {shape_text(out.shape)}, "
                         f"inferred shape={shape_text(shape)}")
    out._data.zero_()
    return out
