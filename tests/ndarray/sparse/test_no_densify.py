"""Operators MXNet runs on sparse storage never take the dense fallback in mxnd either.

The storage fallback (``dispatch.densify``) and the dense conversion are made to fail; every
call below must still work.
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.ndarray.sparse import convert, dispatch


@pytest.fixture
def no_densify(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("densified")
    monkeypatch.setattr(dispatch, "densify", refuse)
    return refuse


def test_sparse_paths_do_not_densify(no_densify):
    dense = np.array([[0, 1, 0], [2, 0, -3]], np.float32)
    c = mx.nd.array(dense).tostype("csr")
    r = mx.nd.array(dense).tostype("row_sparse")
    w = mx.nd.ones((3, 2))
    calls = [
        lambda: mx.nd.dot(c, w), lambda: mx.nd.dot(c, mx.nd.ones((2, 2)), transpose_a=True),
        lambda: mx.nd.dot(mx.nd.ones((2, 2)), c), lambda: mx.nd.dot(r, w), lambda: c + c, lambda: r - r,
        lambda: c * 2, lambda: mx.nd.elemwise_mul(c, mx.nd.ones((2, 3))), lambda: mx.nd.sqrt(mx.nd.abs(c)),
        lambda: mx.nd.sum(c, axis=0), lambda: mx.nd.mean(c, axis=1), lambda: mx.nd.norm(r),
        lambda: mx.nd.slice(c, begin=(0, 1), end=(2, 3)), lambda: mx.nd.sparse.retain(r, mx.nd.array([1])),
        lambda: mx.nd.add_n(r, r), lambda: mx.nd.concat(c, c, dim=0), lambda: mx.nd.clip(c, -1, 1),
        lambda: mx.nd.broadcast_mul(c, mx.nd.array([1, 2, 3])), lambda: mx.nd.zeros_like(r),
        lambda: mx.nd.FullyConnected(c, mx.nd.ones((4, 3)), mx.nd.ones((4,)), num_hidden=4),
        lambda: mx.nd._internal._square_sum(r, axis=1),
    ]
    for call in calls:
        call()


def test_huge_csr_dot_without_densifying(no_densify, monkeypatch):
    monkeypatch.setattr(convert, "dense_to_csr", no_densify)
    n = 1_000_000
    c = mx.nd.sparse.csr_matrix((np.ones(3, np.float32), ([0, 5, 999_999], [7, 7, 3])), shape=(n, n))
    out = mx.nd.dot(c, mx.nd.ones((n, 2)), transpose_a=True)
    assert out.stype == "row_sparse" and out.indices.asnumpy().tolist() == [3, 7]
    assert out.data.asnumpy().tolist() == [[1.0, 1.0], [2.0, 2.0]]


def test_sparse_update_touches_only_gradient_rows(no_densify):
    n = 1_000_000
    w = mx.nd.zeros((n, 2))
    g = mx.nd.sparse.row_sparse_array(([[1.0, 1.0]], [12345]), shape=(n, 2))
    mx.nd.sgd_update(w, g, lr=1.0, wd=0.5, out=w)
    assert w[12345].asnumpy().tolist() == [-1.0, -1.0] and float(w.sum().asscalar()) == -2.0
