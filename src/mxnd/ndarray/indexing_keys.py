"""MXNet 1.x's public helpers for indexing keys: ``mx.nd.indexing_key_expand_implicit_axes``,
``mx.nd.get_indexing_dispatch_code`` and ``mx.nd.get_oshape_of_gather_nd_op``.

MXNet's ``__getitem__`` uses them; scripts that build their own indexing on top of NDArray call
them too. They work on keys and shapes only (no data is read), with MXNet's results and errors:

>>> indexing_key_expand_implicit_axes((slice(None, 2), None, 0, Ellipsis), (3, 4, 5))
((slice(None, 2, None), None, 0, slice(None, None, None)), -1)
>>> get_indexing_dispatch_code((1, slice(None))), get_indexing_dispatch_code(([0, 1],))
(0, 1)
>>> get_oshape_of_gather_nd_op((3, 4, 5), (2, 6))
(6, 5)
"""
from __future__ import annotations

import numbers

import numpy as np

from .ndarray import NDArray

LEGACY_BOOLEAN = ("Cannot perform boolean indexing in legacy mode. Please activate numpy semantics by calling "
                  "`npx.set_np()` in the global scope before calling this function.")

__all__ = ["indexing_key_expand_implicit_axes", "get_indexing_dispatch_code", "get_oshape_of_gather_nd_op"]

BASIC_INDEXING, ADVANCED_INDEXING, EMPTY_TUPLE_INDEXING = 0, 1, 2  # MXNet's _NDARRAY_*_INDEXING
NO_ZERO_DIM_BOOL, ZERO_DIM_BOOL_FALSE, ZERO_DIM_BOOL_TRUE = -1, 0, 1  # its _NDARRAY_*ZERO_DIM_BOOL_ARRAY*


def _is_bool_array(index) -> bool:
    return isinstance(index, NDArray) and index.dtype == np.bool_


def indexing_key_expand_implicit_axes(key, shape):
    """``(key with every implicit axis as slice(None), prepend)``: an Ellipsis (or the missing
    trailing axes) becomes slices, ``True``/``False`` set ``prepend`` to 1/0 (-1 without them).
    Boolean arrays need MXNet's numpy mode (ValueError here, as in MXNet's legacy mode).

    >>> indexing_key_expand_implicit_axes(0, (3, 4))
    ((0, slice(None, None, None)), -1)
    >>> indexing_key_expand_implicit_axes((True, 1), (3, 4))
    ((1, slice(None, None, None)), 1)
    """
    key = key if isinstance(key, tuple) else (key,)
    ellipsis_at, new_axes, prepend, axis, explicit = None, 0, NO_ZERO_DIM_BOOL, 0, []
    for position, index in enumerate(key):
        if index is Ellipsis:
            if ellipsis_at is not None:
                raise IndexError("Cannot use more than one ellipsis (`...`) for indexing")
            ellipsis_at = position
            continue
        if index is None:
            new_axes += 1
        if isinstance(index, bool):  # a new axis of length 1 (True) or 0 (False); the last one counts
            prepend = ZERO_DIM_BOOL_TRUE if index else ZERO_DIM_BOOL_FALSE
        elif isinstance(index, NDArray) and index.ndim == 0:
            if _is_bool_array(index):
                prepend = ZERO_DIM_BOOL_TRUE if index.asscalar() else ZERO_DIM_BOOL_FALSE
            else:
                explicit.append(int(index.asscalar()))
                axis += 1
        elif _is_bool_array(index):
            for offset, size in enumerate(index.shape):
                if shape[axis + offset] != size:
                    raise IndexError(f"boolean index did not match indexed array along axis {axis + offset}; "
                                     f"size is {shape[axis + offset]} but corresponding boolean size is {size}")
            raise ValueError(LEGACY_BOOLEAN)
        else:
            explicit.append(index)
            axis += 1
    if ellipsis_at is None:
        ellipsis_at = len(explicit)
    implicit = (slice(None),) * (len(shape) + new_axes - len(explicit))
    return tuple(explicit[:ellipsis_at]) + implicit + tuple(explicit[ellipsis_at:]), prepend


def get_indexing_dispatch_code(key):
    """0 for basic indexing (ints, slices, None), 1 for advanced (arrays, lists, tuples,
    ranges), 2 for an empty tuple inside ``key``; ``key`` must be a tuple.

    >>> get_indexing_dispatch_code(((),))
    2
    """
    assert isinstance(key, tuple)
    for index in key:
        if isinstance(index, (NDArray, np.ndarray, list, tuple, range)):
            return EMPTY_TUPLE_INDEXING if isinstance(index, tuple) and not index else ADVANCED_INDEXING
        if not (index is None or isinstance(index, (slice, numbers.Integral))):
            raise ValueError(f"NDArray does not support slicing with key {index} of type {type(index)}.")
    return BASIC_INDEXING


def get_oshape_of_gather_nd_op(dshape, ishape):
    """The output shape of ``gather_nd(data, indices)`` from the two shapes (its shape inference):
    ``ishape[1:]`` followed by the data axes the indices do not consume.

    >>> get_oshape_of_gather_nd_op((3,), (3, 2, 2))
    (2, 2)
    """
    assert len(dshape) > 0 and len(ishape) > 0
    return tuple(ishape[1:]) + tuple(dshape[ishape[0]:])


def basic_indexing_slice_is_contiguous(slice_key, shape) -> bool:
    """Whether the slices ``slice_key`` (one per axis of ``shape``) select a contiguous block, so
    that MXNet's basic indexing returns a view (``NDArray._basic_indexing_slice_is_contiguous``):
    at most one element in all, or, reading the axes from the last, no axis left of one that keeps
    only part of its length selects more than one element, and none of more than one element steps.

    >>> basic_indexing_slice_is_contiguous((slice(1, 3), slice(None)), (4, 5))
    True
    >>> basic_indexing_slice_is_contiguous((slice(None), slice(1, 3)), (4, 5))
    False
    """
    assert len(slice_key) == len(shape)
    lengths = [len(range(*part.indices(size))) for part, size in zip(slice_key, shape)]
    if int(np.prod(lengths)) in (0, 1):
        return True
    partial = False
    for part, size, length in zip(reversed(slice_key), reversed(shape), reversed(lengths)):
        step = part.indices(size)[2]
        if length > 1 and (step != 1 or partial):
            return False
        partial = partial or length < size
    return True
