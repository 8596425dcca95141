"""dot in every storage form, sum/mean/norm, slice, retain, concat (values and MXNet 1.9.1 stypes)."""
import numpy as np
import pytest

import mxnd as mx

DENSE = np.array([[0, 1, 0], [2, 0, -3], [0, 0, 0]], np.float32)


def test_dot_forms(ctx):
    c = mx.nd.array(DENSE, ctx=ctx).tostype("csr")
    rhs = np.arange(6, dtype=np.float32).reshape(3, 2)
    d = mx.nd.array(rhs, ctx=ctx)
    cases = [
        (mx.nd.dot(c, d), "default", DENSE @ rhs),
        (mx.nd.dot(c, d, transpose_a=True), "row_sparse", DENSE.T @ rhs),
        (mx.nd.dot(c, d, transpose_a=True, forward_stype="default"), "default", DENSE.T @ rhs),
        (mx.nd.dot(c, d, transpose_a=True, forward_stype="row_sparse"), "row_sparse", DENSE.T @ rhs),
        (mx.nd.dot(c, d.tostype("row_sparse")), "default", DENSE @ rhs),
        (mx.nd.dot(c, d, forward_stype="csr"), "csr", DENSE @ rhs),
        (mx.nd.dot(d.T, c, forward_stype="default"), "default", rhs.T @ DENSE),
        (mx.nd.dot(mx.nd.array(DENSE, ctx=ctx).tostype("row_sparse"), d), "default", DENSE @ rhs),
        (mx.nd.dot(c, c), "default", DENSE @ DENSE),
        (mx.nd.sparse.dot(mx.nd.ones((2, 3), ctx=ctx), c, transpose_b=True, forward_stype="default"),
         "default", np.ones((2, 3)) @ DENSE.T),
    ]
    for result, stype, expected in cases:
        assert result.stype == stype
        assert result.context == ctx
        np.testing.assert_allclose(result.asnumpy(), expected, rtol=1e-6)
    # dns.csr is csr on cpu, dense on gpu (MXNet's CPU-only kernel)
    dns_csr = mx.nd.dot(d.T, c)
    assert dns_csr.stype == ("csr" if ctx.device_type == "cpu" else "default")
    np.testing.assert_allclose(dns_csr.asnumpy(), rhs.T @ DENSE)


def test_dot_row_sparse_output_rows():
    c = mx.nd.array(DENSE).tostype("csr")
    result = mx.nd.dot(c, mx.nd.ones((3, 2)), transpose_a=True, forward_stype="row_sparse")
    assert result.indices.asnumpy().tolist() == [0, 1, 2]
    assert result.data.asnumpy().tolist() == [[2, 2], [1, 1], [-3, -3]]


def test_dot_shape_error():
    c = mx.nd.array(DENSE).tostype("csr")
    with pytest.raises(mx.base.MXNetError, match="dot"):
        mx.nd.dot(c, mx.nd.ones((4, 2)))


def test_dot_huge_stays_sparse():
    n, nnz = 1_000_000, 10_000
    rng = np.random.RandomState(0)
    rows, cols = rng.randint(0, n, nnz), rng.randint(0, n, nnz)
    c = mx.nd.sparse.csr_matrix((np.ones(nnz, np.float32), (rows, cols)), shape=(n, n))
    d = mx.nd.ones((n, 8))
    out = mx.nd.dot(c, d)
    counts = np.bincount(rows, minlength=n)
    np.testing.assert_array_equal(out.asnumpy()[:, 0], counts.astype(np.float32))
    out_t = mx.nd.dot(c, d, transpose_a=True)
    np.testing.assert_array_equal(out_t.asnumpy()[:, 3], np.bincount(cols, minlength=n).astype(np.float32))


@pytest.mark.parametrize("op", ["sum", "mean"])
def test_sum_mean_csr(op, ctx):
    c = mx.nd.array(DENSE, ctx=ctx).tostype("csr")
    r = mx.nd.array(DENSE, ctx=ctx).tostype("row_sparse")
    f = getattr(np, op)
    for axis in (None, 0, 1, (0, 1)):
        for keepdims in (False, True):
            expected = getattr(mx.nd, op)(mx.nd.array(DENSE, ctx=ctx), axis=axis, keepdims=keepdims)
            for array in (c, r):
                result = getattr(mx.nd, op)(array, axis=axis, keepdims=keepdims)
                assert result.stype == "default" and result.shape == expected.shape
                np.testing.assert_allclose(result.asnumpy(), expected.asnumpy(), rtol=1e-6)
    assert getattr(mx.nd, op)(c, axis=0).asnumpy().tolist() == f(DENSE, axis=0).tolist()
    np.testing.assert_allclose(getattr(mx.nd, op)(c, axis=1, exclude=True).asnumpy(), f(DENSE, axis=0))


def test_norm():
    for stype in ("csr", "row_sparse"):
        x = mx.nd.array(DENSE).tostype(stype)
        result = mx.nd.norm(x)
        assert result.stype == "default" and result.shape == (1,)
        np.testing.assert_allclose(result.asnumpy(), [3.7416575], rtol=1e-6)
        np.testing.assert_allclose(mx.nd.norm(x, axis=1).asnumpy(), np.linalg.norm(DENSE, axis=1), rtol=1e-6)


def test_slice_csr(ctx):
    c = mx.nd.array(DENSE, ctx=ctx).tostype("csr")
    s = mx.nd.slice(c, begin=(1, 0), end=(3, 2))
    assert s.stype == "csr" and s.asnumpy().tolist() == [[2.0, 0.0], [0.0, 0.0]]
    assert s.indptr.asnumpy().tolist() == [0, 1, 1]
    rows = mx.nd.sparse.slice(c, begin=(1,), end=(3,))
    assert rows.stype == "csr" and rows.asnumpy().tolist() == DENSE[1:3].tolist()
    r = mx.nd.slice(mx.nd.array(DENSE).tostype("row_sparse"), begin=(0,), end=(1,))
    assert r.stype == "default"


def test_retain(ctx):
    r = mx.nd.array(DENSE, ctx=ctx).tostype("row_sparse")
    kept = mx.nd.sparse.retain(r, mx.nd.array([0, 2], ctx=ctx))
    assert kept.stype == "row_sparse" and kept.indices.asnumpy().tolist() == [0]
    one = r.retain(mx.nd.array([1], dtype="int64", ctx=ctx))
    assert one.asnumpy().tolist() == [[0, 0, 0], [2, 0, -3], [0, 0, 0]]
    with pytest.raises(mx.base.MXNetError, match="row_sparse"):
        mx.nd.sparse.retain(mx.nd.array(DENSE), mx.nd.array([0]))


def test_concat_and_zeros_like():
    c = mx.nd.array(DENSE).tostype("csr")
    rows = mx.nd.concat(c, c, dim=0)
    assert rows.stype == "csr" and rows.asnumpy().tolist() == np.vstack([DENSE, DENSE]).tolist()
    rows.check_format()
    cols = mx.nd.concat(c, c, dim=1)
    assert cols.stype == "default" and cols.asnumpy().tolist() == np.hstack([DENSE, DENSE]).tolist()
    z = mx.nd.zeros_like(c)
    assert z.stype == "csr" and z.asnumpy().sum() == 0


def test_fully_connected_csr():
    c = mx.nd.array(DENSE).tostype("csr")
    w, b = mx.nd.ones((4, 3)), mx.nd.arange(4)
    out = mx.nd.FullyConnected(c, w, b, num_hidden=4)
    assert out.stype == "default"
    np.testing.assert_allclose(out.asnumpy(), DENSE @ np.ones((3, 4)) + np.arange(4))
