"""Sparse arrays in recorded graphs: each one carries a dense graph tensor, ``_graph``.

MXNet differentiates a function of sparse arrays as the same function of their dense values: a
csr or row_sparse variable's gradient covers its whole shape (unstored zeros included), and a
sparse head's default head gradient is ones everywhere. mxnd gives a sparse variable a dense torch
leaf (its ``_graph``, refreshed when its stored components change) and records every operator that
reads one on those dense tensors, while the forward values and storage types still come from the
sparse kernels (run without recording): a sparse result carries the dense graph tensor of its
value, a dense result is linked to it. The gradient buffer's storage type is the variable's unless
``attach_grad(stype=...)`` says otherwise; ``autograd.grad`` returns dense gradients, as MXNet's.

>>> import mxnd as mx
>>> x = mx.nd.zeros((2, 2)).tostype('row_sparse'); x.attach_grad()
>>> with mx.autograd.record():
...     y = x * 2
>>> y.stype, y.backward(), x.grad.stype, x.grad.asnumpy().tolist()
('row_sparse', None, 'row_sparse', [[2.0, 2.0], [2.0, 2.0]])
"""
from __future__ import annotations

import torch

from ...integer_variables import graph_tensor as graph_tensor_of_values
from ...integer_variables import graph_values, integer_shadow, shadowed
from ...recording import FLAGS
from ...registry import SparseInputs
from ..ndarray import NDArray, wrap
from .arrays import BaseSparseNDArray
from .convert import to_dense_tensor

__all__ = ["graph_of", "graph_tensor", "records", "make_variable", "recorded_dispatch", "link"]


def _components_key(array):
    return tuple((id(t), t._version) for t in array._components())


class _PendingLeaf:
    """A sparse variable's leaf not made yet: the dense copy costs memory only once an operator
    records the variable (attach_grad on a large sparse array is free, as in MXNet)."""

    __slots__ = ("requires_grad", "on_leaf")

    def __init__(self, requires_grad, on_leaf):
        self.requires_grad, self.on_leaf = requires_grad, on_leaf


def make_variable(array: BaseSparseNDArray, requires_grad: bool, on_leaf):
    """Make the sparse ``array`` a variable; ``on_leaf(leaf)`` runs when its dense leaf is made."""
    array._graph = _PendingLeaf(requires_grad, on_leaf)


def graph_of(array):
    """The tensor through which ``array`` is in the recorded graph, or None: a dense array's data
    when it requires a gradient, a sparse array's dense graph tensor. A sparse variable's leaf is
    made on first use, and brought up to date with its stored values (an optimizer may have
    written them)."""
    if not isinstance(array, BaseSparseNDArray):
        data = graph_tensor_of_values(getattr(array, "_data", None))
        return data if data is not None and data.requires_grad else None
    graph = getattr(array, "_graph", None)
    if graph is not None and not isinstance(graph, torch.Tensor):  # a _PendingLeaf
        pending = graph
        graph = array._graph = graph_values(to_dense_tensor(array).detach()).requires_grad_(pending.requires_grad)
        array._graph_key = _components_key(array)
        pending.on_leaf(graph)
    elif graph is not None and graph.grad_fn is None and array._graph_key != _components_key(array):
        with torch.no_grad():
            graph.copy_(to_dense_tensor(array))
        array._graph_key = _components_key(array)
    return graph


def records(arrays) -> bool:
    """Whether an operator on ``arrays`` must be recorded through sparse graph tensors: recording
    is on and some sparse input is in a graph."""
    return FLAGS.get().recording and any(
        isinstance(a, BaseSparseNDArray) and getattr(a, "_graph", None) is not None and a._graph.requires_grad
        for a in arrays)


class _Carry(torch.autograd.Function):
    """``values`` (computed by a sparse kernel, not recorded) standing in the graph for ``traced``
    (the same function recorded on dense tensors): the gradient passes to ``traced``."""

    @staticmethod
    def forward(ctx, values, traced):
        return values.clone()

    @staticmethod
    def backward(ctx, head):
        return None, head


def link(result, traced: torch.Tensor):
    """``result`` (an array computed without recording) put in the graph of ``traced``; an integer
    result through ``traced`` as its float64 shadow (integer_variables.py)."""
    values = to_dense_tensor(result) if isinstance(result, BaseSparseNDArray) else result._data
    if not (values.is_floating_point() or values.is_complex()):
        if not traced.is_floating_point():
            return result  # integers from integers (indices): no gradient
        traced = integer_shadow(traced)
        if isinstance(result, BaseSparseNDArray):
            result._graph = traced
            return result
        return wrap(shadowed(values, traced), result._ctx)
    if isinstance(result, BaseSparseNDArray):
        result._graph = _Carry.apply(values, traced)
        return result
    return wrap(_Carry.apply(values, traced), result._ctx)


def recorded_dispatch(arrays, out, run_unrecorded, dense_call, params):
    """Run an operator on ``arrays`` (some sparse, in a graph) under recording: the values by
    ``run_unrecorded()`` (the sparse kernel or the storage fallback, outside the graph), the graph
    by ``dense_call`` on the inputs' dense graph tensors."""
    with torch.no_grad():
        result = run_unrecorded()
    if out is not None:
        return result  # written into out=: not recorded, as MXNet's operators with out= in place
    dense = [_graph_input(a) if isinstance(a, NDArray) else a for a in arrays]
    try:
        traced = dense_call(dense, None, params)
    except SparseInputs:  # a body that only has a sparse form (dot's forward_stype): not recorded
        return result
    if isinstance(result, (list, tuple)):
        return type(result)(link(r, t._data) for r, t in zip(result, traced))
    return link(result, traced._data)


def graph_tensor(array) -> torch.Tensor:
    """The tensor standing for ``array`` in recorded computations: its graph tensor (``graph_of``),
    else its dense values."""
    graph = graph_of(array)
    return to_dense_tensor(array) if graph is None else graph


def _graph_input(array):
    return wrap(graph_tensor(array), array._ctx)
