"""Storage dispatch: which sparse implementation runs an operator, keyed by name and input stypes.

The builder (build.py) calls :func:`dispatch` only when an input is sparse (its fast paths
never look). The table maps ``(operator name, input stypes)`` to an implementation; ``'*'``
as the stypes matches any combination. An implementation returns the result array, or
``NotImplemented`` to take MXNet's storage fallback: sparse inputs densified, the dense
body run, a dense output (``FALLBACK``).

>>> import mxnd as mx
>>> c = mx.nd.array([[0, 1], [2, 0]]).tostype('csr')
>>> mx.nd.elemwise_add(c, c).stype, mx.nd.exp(c).stype
('csr', 'default')
"""
from __future__ import annotations

import numpy as np
import torch

from ...errors import context_mismatch, dtype_mismatch
from ...recording import FLAGS
from ...registry import REGISTRY, SPARSE_DISPATCH, SparseInputs
from ..ndarray import NDArray, wrap
from .arrays import BaseSparseNDArray
from .convert import cast_storage, to_dense_tensor
from .recorded import recorded_dispatch, records

__all__ = ["TABLE", "implements", "dispatch", "lookup", "FALLBACK"]

TABLE: dict = {}  # (operator name, stypes tuple or '*') -> implementation(*arrays, **params)
FALLBACK = NotImplemented


def implements(name: str, *patterns):
    """Register the decorated function for operator ``name`` and each stypes pattern
    (a tuple of 'default'/'csr'/'row_sparse', or '*' for any)."""
    def decorate(function):
        for pattern in patterns or ("*",):
            TABLE[(name, pattern)] = function
        return function
    return decorate


def lookup(name: str, stypes: tuple):
    """The implementation registered for ``name`` on inputs of ``stypes``, or None."""
    return TABLE.get((name, stypes)) or TABLE.get((name, "*"))


def _stypes(arrays) -> tuple:
    if len(arrays) == 1:
        return (arrays[0].stype,)
    return tuple(None if a is None else (a.stype if isinstance(a, NDArray) else "scalar") for a in arrays)


def _check_inputs(spec, arrays):
    if len(arrays) == 1:
        return
    present = [a for a in arrays if isinstance(a, NDArray)]
    ctx = present[0]._ctx
    for other in present[1:]:
        if other._ctx is not ctx and other._ctx.device != ctx.device:
            raise context_mismatch(spec.name, ctx, other._ctx)
    if spec.same_dtype:
        dtype = present[0].dtype
        for i, other in enumerate(present[1:], 1):
            if other.dtype is not dtype:
                raise dtype_mismatch(spec.name, i, _name(dtype), _name(other.dtype))


def _name(numpy_type):
    return np.dtype(numpy_type).name


def densify(arrays):
    """The arrays with every sparse one replaced by its dense copy (MXNet's storage fallback)."""
    return [wrap(to_dense_tensor(a), a._ctx) if isinstance(a, BaseSparseNDArray) else a for a in arrays]


def _needs_no_grad(arrays) -> bool:
    if FLAGS.get().recording:
        return False
    return any(type(a) is NDArray and a._data.requires_grad for a in arrays)


def dispatch(spec, arrays, params, out, dense_call):
    """Run ``spec`` on ``arrays`` (some sparse): a sparse implementation or the dense fallback;
    recorded on dense graph tensors when a sparse input is in a graph (recorded.py)."""
    _check_inputs(spec, arrays)
    if records(arrays):
        return recorded_dispatch(arrays, out, lambda: _run(spec, arrays, params, out, dense_call),
                                 dense_call, params)
    return _run(spec, arrays, params, out, dense_call)


def _run(spec, arrays, params, out, dense_call):
    function = lookup(spec.name, _stypes(arrays))
    result = NotImplemented
    if function is not None:
        extra = {"out": out} if getattr(function, "wants_out", False) else {}
        if _needs_no_grad(arrays):
            with torch.no_grad():
                result = function(*arrays, **params, **extra)
        else:
            result = function(*arrays, **params, **extra)
        if extra and result is out:
            return out
    if result is NotImplemented:
        outs = out if isinstance(out, (list, tuple)) else [out]
        sparse_out = any(isinstance(o, BaseSparseNDArray) for o in outs)
        dense_out = None if sparse_out else out
        dense = densify(arrays)
        versions = [None if a is None else a._data._version for a in dense]  # (optional inputs are None)
        try:
            result = dense_call(dense, dense_out, params)
        except SparseInputs:  # the dense body wants a sparse output (dot's forward_stype)
            return dispatch(spec, dense, params, out, dense_call)
        _write_back(arrays, dense, versions, spec.name.endswith("_update"))
        if not sparse_out:
            return result
    if out is None:
        return result
    return deliver(result, out)


def _write_back(arrays, dense, versions, update=False):
    """The fallback's inputs updated in place (optimizer states) written back into their sparse
    storage, as MXNet's fallback does: every sparse input whose dense copy the body wrote to (its
    torch version counter moved: no comparison, no read back from a device), and an optimizer
    update's states (its inputs after the gradient: some bodies write them through numpy views,
    which the counter does not see)."""
    for position, (original, copy, version) in enumerate(zip(arrays, dense, versions)):
        if isinstance(original, BaseSparseNDArray) and (copy._data._version != version or
                                                        update and position >= 2):
            deliver(copy, original)


def deliver(result, out):
    """Write ``result`` into ``out`` (casting storage as needed) and return ``out``."""
    if isinstance(result, (list, tuple)):
        for r, o in zip(result, out):
            deliver(r, o)
        return out
    if isinstance(out, BaseSparseNDArray) and getattr(result, "stype", "default") != out.stype:
        if isinstance(result, BaseSparseNDArray):  # csr <-> row_sparse: through dense, as MXNet's fallback
            result = wrap(to_dense_tensor(result), result._ctx)
        result = cast_storage(result, out.stype)
    result.copyto(out)
    return out


def spec_of(name: str):
    """The OpSpec of an operator name (or alias)."""
    spec = REGISTRY.get(name)
    if spec is None:
        spec = next(s for s in REGISTRY.values() if name in s.aliases)
    return spec


SPARSE_DISPATCH[0] = dispatch
