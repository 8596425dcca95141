"""Sparse gradients: attach_grad(stype='row_sparse'), dot(csr, w), dot(csr.T, w), Embedding(sparse_grad).

Indices and values checked against MXNet 1.9.1.
"""
import numpy as np
import pytest

import mxnd as mx

CSR = [[0, 1, 0], [2, 0, 0]]


def test_attach_grad_row_sparse(ctx):
    w = mx.nd.ones((3, 2), ctx=ctx)
    w.attach_grad(stype="row_sparse")
    assert w.grad.stype == "row_sparse" and w.grad.shape == (3, 2) and w.grad.context == ctx
    assert w.grad.indices.shape == (0,)


@pytest.mark.parametrize("stype", ["csr", "row_sparse"])
def test_sparse_variable_gradient_covers_the_dense_shape(ctx, stype):
    """MXNet's test_autograd: a sparse variable's gradient is that of its dense values, unstored
    zeros included; the buffer keeps the variable's storage type (values checked against MXNet)."""
    x = mx.nd.array([[0, 0.5, 0], [0.25, 0, -0.75]], ctx=ctx).tostype(stype)
    x.attach_grad()
    assert x.grad.stype == stype and x.grad.context == ctx
    with mx.autograd.record():
        y = x * x + 1
    assert y.stype == "default"
    y.backward()
    assert x.grad.stype == stype and x.grad.dtype == np.float32
    assert x.grad.asnumpy().tolist() == [[0.0, 1.0, 0.0], [0.5, 0.0, -1.5]]
    with mx.autograd.record():
        z = x * 2
    assert z.stype == stype
    (g,) = mx.autograd.grad(z, [x])
    assert g.stype == "default" and g.context == ctx and g.asnumpy().tolist() == [[2.0] * 3] * 2
    assert x.detach().stype == stype and x.detach() is not x


def test_sparse_variable_leaf_follows_an_update():
    """An optimizer writing a sparse variable's storage: the next recording sees the new values."""
    x = mx.nd.array([[1, 0], [0, 2]]).tostype("row_sparse")
    x.attach_grad()
    with mx.autograd.record():
        y = x * x
    y.backward()
    mx.nd.sgd_update(x, x.grad, lr=0.25, out=x)
    with mx.autograd.record():
        z = x * x
    z.backward()
    assert x.asnumpy().tolist() == [[0.5, 0.0], [0.0, 1.0]]
    assert x.grad.asnumpy().tolist() == [[1.0, 0.0], [0.0, 2.0]]


def test_dot_csr_gradient_is_row_sparse(ctx):
    c = mx.nd.array(CSR, ctx=ctx).tostype("csr")
    w = mx.nd.ones((3, 2), ctx=ctx)
    w.attach_grad(stype="row_sparse")
    with mx.autograd.record():
        y = mx.nd.dot(c, w)
    y.backward()
    assert w.grad.stype == "row_sparse"
    assert w.grad.indices.asnumpy().tolist() == [0, 1]
    assert w.grad.data.asnumpy().tolist() == [[2.0, 2.0], [1.0, 1.0]]


def test_dot_csr_transposed_gradient(ctx):
    c = mx.nd.array(CSR, ctx=ctx).tostype("csr")
    w = mx.nd.ones((2, 2), ctx=ctx)
    w.attach_grad(stype="row_sparse")
    with mx.autograd.record():
        y = mx.nd.dot(c, w, transpose_a=True)
    y.backward()
    assert w.grad.indices.asnumpy().tolist() == [0, 1]
    assert w.grad.data.asnumpy().tolist() == [[1.0, 1.0], [2.0, 2.0]]


def test_dot_csr_dense_gradient_buffer():
    c = mx.nd.array(CSR).tostype("csr")
    w = mx.nd.ones((3, 2))
    w.attach_grad()
    with mx.autograd.record():
        y = mx.nd.dot(c, w) * 2
    y.backward()
    assert w.grad.stype == "default"
    assert w.grad.asnumpy().tolist() == [[4.0, 4.0], [2.0, 2.0], [0.0, 0.0]]
    with mx.autograd.record():
        y = mx.nd.dot(c, w)
    g = mx.autograd.grad(y, [w])[0]
    assert g.stype == "default" and g.asnumpy().tolist() == [[2.0, 2.0], [1.0, 1.0], [0.0, 0.0]]


def test_embedding_sparse_grad(ctx):
    e = mx.nd.ones((5, 2), ctx=ctx)
    e.attach_grad(stype="row_sparse")
    with mx.autograd.record():
        y = mx.nd.Embedding(mx.nd.array([3, 1, 3], ctx=ctx), e, input_dim=5, output_dim=2, sparse_grad=True)
    y.backward()
    assert e.grad.stype == "row_sparse"
    assert e.grad.indices.asnumpy().tolist() == [1, 3]
    assert e.grad.data.asnumpy().tolist() == [[1.0, 1.0], [2.0, 2.0]]
    # a second backward with grad_req='write' replaces the rows
    with mx.autograd.record():
        y = mx.nd.Embedding(mx.nd.array([0], ctx=ctx), e, input_dim=5, output_dim=2, sparse_grad=True)
    y.backward()
    assert e.grad.indices.asnumpy().tolist() == [0]


def test_embedding_sparse_grad_add_merges_rows():
    e = mx.nd.ones((5, 2))
    e.attach_grad(stype="row_sparse", grad_req="add")
    for i in range(2):
        with mx.autograd.record():
            y = mx.nd.Embedding(mx.nd.array([i, 4]), e, input_dim=5, output_dim=2, sparse_grad=True)
        y.backward()
    assert e.grad.indices.asnumpy().tolist() == [0, 1, 4]
    assert e.grad.data.asnumpy().tolist() == [[1, 1], [1, 1], [2, 2]]


def test_dense_embedding_gradient_into_row_sparse_buffer():
    e = mx.nd.ones((5, 2))
    e.attach_grad(stype="row_sparse")
    with mx.autograd.record():
        y = mx.nd.Embedding(mx.nd.array([3, 1, 3]), e, input_dim=5, output_dim=2)
    y.backward()
    assert e.grad.stype == "row_sparse" and e.grad.indices.asnumpy().tolist() == [1, 3]
    assert e.grad.asnumpy()[3].tolist() == [2.0, 2.0]


def test_csr_gradient_buffer():
    # MXNet 1.9.1 gives [[2, 2], [1, 1], [0, 0]] in a csr buffer
    w = mx.nd.ones((3, 2))
    w.attach_grad(stype="csr")
    c = mx.nd.array(CSR).tostype("csr")
    with mx.autograd.record():
        y = mx.nd.dot(c, w)
    y.backward()
    assert w.grad.stype == "csr" and w.grad.asnumpy().tolist() == [[2.0, 2.0], [1.0, 1.0], [0.0, 0.0]]


def test_sparse_head_backward():
    # the row_sparse output of csr.T . w is a head whose stored values carry the graph
    c = mx.nd.array(CSR).tostype("csr")
    w = mx.nd.ones((2, 2))
    w.attach_grad()
    with mx.autograd.record():
        y = mx.nd.dot(c, w, transpose_a=True)
    assert y.stype == "row_sparse"
    y.backward()
    assert w.grad.asnumpy().tolist() == [[1.0, 1.0], [2.0, 2.0]]


def test_sparse_variable_costs_no_dense_copy_until_recorded():
    """attach_grad on a csr array of 10^12 elements: its dense leaf is made only when an operator
    records it (here none does), as MXNet allocates nothing dense either."""
    x = mx.nd.sparse.zeros("csr", (10 ** 6, 10 ** 6))
    x.attach_grad()
    assert x.grad.stype == "csr" and x.grad.shape == (10 ** 6, 10 ** 6)
    assert x.detach().stype == "csr"


def test_autograd_function_on_a_csr_input():
    """mx.autograd.Function receives csr inputs as they are and may return csr outputs, which stay
    csr in the graph (MXNet's values; its own backward here fails where mxnd gives the gradient)."""
    class Square(mx.autograd.Function):
        def forward(self, x):
            self.save_for_backward(x)
            return x * x

        def backward(self, dy):
            (x,) = self.saved_tensors
            return 2 * x * dy

    x = mx.nd.array([[0, 1.5], [2, 0]]).tostype("csr")
    y = Square()(x)
    assert y.stype == "csr" and y.asnumpy().tolist() == [[0.0, 2.25], [4.0, 0.0]]
    x.attach_grad(stype="default")
    with mx.autograd.record():
        y = Square()(x)
    assert y.stype == "csr"
    y.backward()
    assert x.grad.stype == "default" and x.grad.asnumpy().tolist() == [[0.0, 3.0], [4.0, 0.0]]
