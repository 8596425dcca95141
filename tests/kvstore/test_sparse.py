"""Row-sparse values in the single-process store: values checked against MXNet 1.9.1."""
import numpy as np
import pytest

import mxnd as mx


def rsp(rows_values, rows, shape):
    return mx.nd.sparse.row_sparse_array((np.array(rows_values, dtype="float32"), rows), shape=shape)


def parts(array):
    return array.indices.asnumpy().tolist(), array.data.asnumpy().tolist()


@pytest.fixture
def kv():
    store = mx.kv.create("local")
    store.init("5", rsp([[1, 2, 3], [4, 5, 6]], [0, 2], (4, 3)))
    return store


def test_row_sparse_pull_returns_requested_rows(kv, ctx):
    kv.init("g", rsp([[1, 2, 3], [4, 5, 6]], [0, 2], (4, 3)).copyto(ctx))
    on_ctx = mx.nd.sparse.zeros("row_sparse", (4, 3), ctx=ctx)
    kv.row_sparse_pull("g", row_ids=mx.nd.array([2, 1, 2]), out=on_ctx)
    assert parts(on_ctx) == ([1, 2], [[0.0, 0.0, 0.0], [4.0, 5.0, 6.0]]) and on_ctx.context == ctx
    out = mx.nd.sparse.zeros("row_sparse", (4, 3))
    kv.row_sparse_pull("5", row_ids=mx.nd.array([2, 1, 2]), out=out)
    assert parts(out) == ([1, 2], [[0.0, 0.0, 0.0], [4.0, 5.0, 6.0]])
    kv.row_sparse_pull("5", row_ids=mx.nd.array([3, 0]), out=out)
    assert parts(out) == ([0, 3], [[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]])
    assert out.stype == "row_sparse" and out.dtype == np.float32 and out.shape == (4, 3)


def test_row_sparse_dense_init():
    kv = mx.kv.create("local")
    kv.init("4", mx.nd.ones((2, 3)).tostype("row_sparse"))
    b = mx.nd.sparse.zeros("row_sparse", (2, 3))
    kv.row_sparse_pull("4", row_ids=mx.nd.array([0, 1]), out=b)
    assert parts(b) == ([0, 1], [[1.0] * 3] * 2)


def test_push_replaces_and_sums_row_sparse(kv):
    out = mx.nd.sparse.zeros("row_sparse", (4, 3))
    kv.push("5", rsp([[1, 1, 1]], [1], (4, 3)))
    kv.row_sparse_pull("5", row_ids=mx.nd.array([0, 1, 2, 3]), out=out)
    assert parts(out) == ([0, 1, 2, 3], [[0.0] * 3, [1.0] * 3, [0.0] * 3, [0.0] * 3])
    kv.push("5", [rsp([[1, 1, 1]], [1], (4, 3)), rsp([[2, 2, 2]], [3], (4, 3))])
    kv.row_sparse_pull("5", row_ids=mx.nd.array([0, 1, 2, 3]), out=out)
    assert parts(out) == ([0, 1, 2, 3], [[0.0] * 3, [1.0] * 3, [0.0] * 3, [2.0] * 3])
    dense = mx.nd.zeros((4, 3))
    kv.pull("5", out=dense)
    assert dense.asnumpy().tolist() == [[0.0] * 3, [1.0] * 3, [0.0] * 3, [2.0] * 3]
    kv.pull("5", out=out)  # ignore_sparse=True: row_sparse outputs are skipped
    assert parts(out)[0] == [0, 1, 2, 3]
    kv.pull("5", out=out, ignore_sparse=False)
    assert parts(out) == ([1, 3], [[1.0] * 3, [2.0] * 3])


def test_several_outputs(kv):
    outs = [mx.nd.sparse.zeros("row_sparse", (4, 3)) for _ in range(2)]
    kv.row_sparse_pull("5", row_ids=mx.nd.array([2]), out=outs)
    assert [parts(o)[0] for o in outs] == [[2], [2]]
    kv.row_sparse_pull("5", row_ids=[mx.nd.array([2]), mx.nd.array([0])], out=outs)
    assert [parts(o) for o in outs] == [([2], [[4.0, 5.0, 6.0]]), ([0], [[1.0, 2.0, 3.0]])]


def test_row_sparse_errors(kv):
    dense = mx.nd.zeros((4, 3))
    with pytest.raises(mx.MXNetError, match="expected row_sparse storage type for the output"):
        kv.row_sparse_pull("5", row_ids=mx.nd.array([1]), out=dense)
    kv.init("6", mx.nd.ones((3, 2)))
    with pytest.raises(mx.MXNetError, match="key '6' holds a default value; row_sparse_pull expects"):
        kv.row_sparse_pull("6", row_ids=mx.nd.array([1]), out=mx.nd.sparse.zeros("row_sparse", (3, 2)))
    out = mx.nd.sparse.zeros("row_sparse", (4, 3))
    with pytest.raises(mx.MXNetError, match=r"row_ids must lie in \[0, 4\)"):
        kv.row_sparse_pull("5", row_ids=mx.nd.array([1, 4]), out=out)
    with pytest.raises(AssertionError, match="number of row_ids"):
        kv.row_sparse_pull("5", row_ids=[mx.nd.array([1])] * 2, out=out)
    with pytest.raises(AssertionError):
        kv.row_sparse_pull("5", out=out)


def test_push_row_sparse_into_dense_key():
    kv = mx.kv.create("local")
    kv.init("6", mx.nd.ones((3, 2)))
    kv.push("6", rsp([[1, 1]], [1], (3, 2)))
    f = mx.nd.zeros((3, 2))
    kv.pull("6", out=f)
    assert f.asnumpy().tolist() == [[0.0, 0.0], [1.0, 1.0], [0.0, 0.0]]


def test_optimizer_updates_only_pushed_rows():
    kv = mx.kv.create("local")
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.1))
    kv.init("w", mx.nd.ones((4, 2)).tostype("row_sparse"))
    kv.push("w", rsp([[1, 1]], [2], (4, 2)))
    g = mx.nd.sparse.zeros("row_sparse", (4, 2))
    kv.row_sparse_pull("w", row_ids=mx.nd.array([0, 1, 2, 3]), out=g)
    assert parts(g) == ([0, 1, 2, 3], [[1.0, 1.0], [1.0, 1.0], [0.8999999761581421] * 2, [1.0, 1.0]])


def test_compression_rejects_row_sparse():
    kv = mx.kv.create("device")
    kv.set_gradient_compression({"type": "2bit"})
    kv.init("e", mx.nd.sparse.zeros("row_sparse", (3, 2)))
    with pytest.raises(mx.MXNetError, match="not supported for row_sparse"):
        kv.push("e", rsp([[1, 1]], [1], (3, 2)))
