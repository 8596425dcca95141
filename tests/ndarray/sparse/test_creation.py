"""mx.nd.sparse constructors in every form, with MXNet 1.9.1's dtype/ctx defaults and errors."""
import numpy as np
import pytest
import scipy.sparse as spsp

import mxnd as mx


def test_csr_matrix_five_forms(ctx):
    dense = [[0, 1, 0], [2, 0, 0], [0, 0, 0], [0, 0, 3]]
    expected = np.array(dense, np.float32)
    forms = [
        mx.nd.sparse.csr_matrix(dense, ctx=ctx),
        mx.nd.sparse.csr_matrix(mx.nd.array(dense).tostype("csr"), ctx=ctx),
        mx.nd.sparse.csr_matrix(spsp.csr_matrix(expected), ctx=ctx),
        mx.nd.sparse.csr_matrix(([1, 2, 3], [1, 0, 2], [0, 1, 2, 2, 3]), shape=(4, 3), ctx=ctx),
        mx.nd.sparse.csr_matrix(([1.0, 2.0, 3.0], ([0, 1, 3], [1, 0, 2])), shape=(4, 3), ctx=ctx),
    ]
    for a in forms:
        assert a.stype == "csr" and a.shape == (4, 3) and a.context == ctx
        np.testing.assert_array_equal(a.asnumpy(), expected)
    empty = mx.nd.sparse.csr_matrix((2, 3), ctx=ctx)
    assert empty.shape == (2, 3) and empty.dtype == np.float32 and empty.data.shape == (0,)
    assert empty.indptr.asnumpy().tolist() == [0, 0, 0]


def test_csr_matrix_dtypes_and_shapes():
    # MXNet: the (data, (row, col)) form keeps scipy's dtype (int64 for int lists)
    assert mx.nd.sparse.csr_matrix(([1, 2], ([0, 1], [1, 0])), shape=(2, 2)).dtype == np.int64
    assert mx.nd.sparse.csr_matrix(mx.nd.array([[1, 0]], dtype="int32")).dtype == np.int32
    assert mx.nd.sparse.csr_matrix(np.array([[1, 0]], dtype=np.float64)).dtype == np.float64
    assert mx.nd.sparse.csr_matrix([[1, 0]]).dtype == np.float32
    assert mx.nd.sparse.csr_matrix(([1, 2], [1, 0], [0, 1, 2])).shape == (2, 2)
    assert mx.nd.sparse.csr_matrix(([1, 2], [1, 0], [0, 1, 2]), dtype="float16").dtype == np.float16
    with pytest.raises(ValueError, match="Shape mismatch detected"):
        mx.nd.sparse.csr_matrix([[1, 0]], shape=(2, 2))
    with pytest.raises(ValueError, match="Unexpected input type: RowSparseNDArray"):
        mx.nd.sparse.csr_matrix(mx.nd.ones((2, 2)).tostype("row_sparse"))
    with pytest.raises(ValueError, match="Unexpected length of input tuple"):
        mx.nd.sparse.csr_matrix((1, 2, 3, 4))


def test_row_sparse_array_four_forms(ctx):
    expected = np.zeros((6, 2), np.float32)
    expected[1], expected[4] = [1, 2], [3, 4]
    forms = [
        mx.nd.sparse.row_sparse_array(expected, ctx=ctx),
        mx.nd.sparse.row_sparse_array(mx.nd.array(expected).tostype("row_sparse"), ctx=ctx),
        mx.nd.sparse.row_sparse_array(([[1, 2], [3, 4]], [1, 4]), shape=(6, 2), ctx=ctx),
    ]
    for a in forms:
        assert a.stype == "row_sparse" and a.shape == (6, 2) and a.context == ctx
        np.testing.assert_array_equal(a.asnumpy(), expected)
        assert a.indices.asnumpy().tolist() == [1, 4]
    empty = mx.nd.sparse.row_sparse_array((6, 2), ctx=ctx)
    assert empty.shape == (6, 2) and empty.data.shape == (0, 2) and empty.dtype == np.float32
    assert mx.nd.sparse.row_sparse_array((2, 3, 4)).shape == (2, 3, 4)
    assert mx.nd.sparse.row_sparse_array(([[1, 2]], [1])).shape == (2, 2)
    with pytest.raises(ValueError, match="Unexpected input type: CSRNDArray"):
        mx.nd.sparse.row_sparse_array(mx.nd.ones((2, 2)).tostype("csr"))
    with pytest.raises(ValueError, match="invalid shape"):
        mx.nd.sparse.row_sparse_array(([[1, 2]], [1]), shape=(3, 3))


def test_zeros_empty_array():
    for stype in ("csr", "row_sparse"):
        z = mx.nd.sparse.zeros(stype, (2, 3), dtype="float16")
        assert z.stype == stype and z.dtype == np.float16 and z.asnumpy().tolist() == [[0] * 3] * 2
        assert mx.nd.sparse.empty(stype, (2, 2)).stype == stype
        assert mx.nd.zeros((2, 2), stype=stype).stype == stype
        assert mx.nd.empty((2, 2), stype=stype).stype == stype
    assert mx.nd.sparse.zeros("default", (2, 2)).stype == "default"
    assert repr(mx.nd.sparse.zeros("csr", (1, 2))) == "\n<CSRNDArray 1x2 @cpu(0)>"
    with pytest.raises(ValueError, match="unknown storage typefoo"):
        mx.nd.sparse.zeros("foo", (2, 2))
    s = mx.nd.sparse.array(spsp.csr_matrix((2, 100)))
    assert s.stype == "csr" and s.shape == (2, 100)
    copy = mx.nd.sparse.array(mx.nd.sparse.zeros("row_sparse", (3, 2)))
    assert copy.stype == "row_sparse" and copy.shape == (3, 2)
    with pytest.raises(AssertionError, match="Please use `tostype`"):
        mx.nd.sparse.array(mx.nd.ones((2, 2)))
    with pytest.raises(ValueError, match="Please use mx.nd.array"):
        mx.nd.sparse.array(np.ones((2, 2)))


def test_scipy_duplicates_summed():
    coo = spsp.coo_matrix(([1.0, 2.0, 5.0], ([0, 0, 1], [1, 1, 0])), shape=(2, 2))
    a = mx.nd.sparse.array(coo.tocsr())
    assert a.asnumpy().tolist() == [[0, 3], [5, 0]]
    assert a.data.asnumpy().tolist() == [3, 5]
