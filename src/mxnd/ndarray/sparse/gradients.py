"""Gradient buffers of sparse storage: torch's sparse COO gradients into ``.grad`` arrays.

``dot(csr, w)`` and ``Embedding(sparse_grad=True)`` give the dense variable ``w`` a sparse
COO gradient (only the rows that were read); a ``row_sparse`` grad buffer keeps exactly those
rows (``grad_req='add'`` merges them), a dense buffer receives them densified.

>>> import mxnd as mx
>>> w = mx.nd.ones((4, 2)); w.attach_grad(stype='row_sparse')
>>> with mx.autograd.record():
...     y = mx.nd.Embedding(mx.nd.array([3, 1]), w, input_dim=4, output_dim=2, sparse_grad=True)
>>> y.backward(); w.grad.stype, w.grad.indices.asnumpy().tolist()
('row_sparse', [1, 3])
"""
from __future__ import annotations

import torch

from .arrays import make_rsp
from .convert import dense_to_rsp, to_dense_tensor
from .elementwise import _rsp_union
from .recorded import graph_of

__all__ = ["store_gradient", "head_values"]


def head_values(head, head_grad):
    """The tensor of a sparse head that carries the graph (its stored values) and the matching
    part of ``head_grad`` (None: ones); for a head computed from sparse variables, its dense
    graph tensor and the dense head gradient (recorded.py)."""
    graph = graph_of(head)
    if graph is not None:
        return graph, None if head_grad is None else to_dense_tensor(head_grad)
    if head_grad is None:
        return head._values, None
    dense = to_dense_tensor(head_grad)
    if head.stype == "row_sparse":
        return head._values, dense.index_select(0, head._indices)
    from .elementwise import csr_rows
    return head._values, dense[csr_rows(head), head._indices]


def _as_rsp(gradient: torch.Tensor, like):
    """A row-sparse array of a torch gradient (sparse COO or dense)."""
    if gradient.layout is torch.sparse_coo:
        gradient = gradient.coalesce()
        rows = gradient.indices()[0]
        # MXNet adds the rows into a zeroed buffer: a -0.0 comes out +0.0
        return make_rsp(gradient.values() + 0.0, rows.contiguous(), like.shape, like._ctx)
    return dense_to_rsp(gradient, like._ctx)


def store_gradient(buffer, gradient: torch.Tensor, grad_req: str):
    """Write (``'write'``) or add (``'add'``) ``gradient`` into the grad array ``buffer``."""
    if buffer.stype == "default":
        dense = gradient.to_dense().to(buffer._data.dtype)  # an integer variable's: truncated
        with torch.no_grad():
            if grad_req == "add":
                buffer._data.add_(dense)
            else:
                buffer._data.copy_(dense)
        return
    if buffer.stype == "csr":  # a csr grad buffer holds the densified gradient's non-zeros
        from .convert import dense_to_csr
        total = gradient.detach().to_dense().to(buffer._values.dtype)
        if grad_req == "add":
            total = total + to_dense_tensor(buffer)
        new = dense_to_csr(total, buffer._ctx)
        buffer._values, buffer._indices, buffer._indptr = new._values, new._indices, new._indptr
        return
    new = _as_rsp(gradient.detach(), buffer)
    new._values = new._values.to(buffer._values.dtype)
    if grad_req == "add":
        new = _rsp_union(buffer, new, 1)
    buffer._values, buffer._indices = new._values, new._indices
