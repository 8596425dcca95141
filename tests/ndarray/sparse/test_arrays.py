"""CSRNDArray / RowSparseNDArray: components, repr, conversion, copies and what MXNet refuses.

Expected values were checked against MXNet 1.9.1 (the seed examples of
shared/seeds/csrndarray-notes-zh.txt and mxnet-ndarray-sparse-api.txt included).
"""
import numpy as np
import pytest
import scipy.sparse as spsp

import mxnd as mx
from mxnd.ndarray.sparse import BaseSparseNDArray, CSRNDArray, RowSparseNDArray

DENSE = [[0, 1, 0], [2, 0, -3], [0, 0, 0]]


def test_seed_indptr_walkthrough(ctx):
    a = mx.nd.array([[0, 1, 0], [2, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 3]], ctx=ctx)
    b = a.tostype("csr")
    assert repr(b) == f"\n<CSRNDArray 5x3 @{ctx}>"
    assert b.data.asnumpy().tolist() == [1.0, 2.0, 3.0]
    assert b.indices.asnumpy().tolist() == [1, 0, 2]
    assert b.indptr.asnumpy().tolist() == [0, 1, 2, 2, 2, 3]
    assert b.indices.dtype == np.int64 and b.indptr.dtype == np.int64 and b.data.dtype == np.float32
    assert b.data[2:3].asnumpy().tolist() == [3.0]
    np.testing.assert_array_equal(b.asnumpy(), a.asnumpy())


def test_seed_second_walkthrough():
    a = mx.nd.array([[0, 1, 0, 1, 1], [2, 0, 1, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 1, 0, 3, 2]])
    b = a.tostype("csr")
    assert b.indices.asnumpy().tolist() == [1, 3, 4, 0, 2, 1, 3, 4]
    assert b.indptr.asnumpy().tolist() == [0, 3, 5, 5, 5, 8]
    assert b.data.asnumpy().tolist() == [1, 1, 1, 2, 1, 1, 3, 2]
    assert b.data[5:8].asnumpy().tolist() == [1.0, 3.0, 2.0]


def test_seed_zeros_csr_int32():
    y = mx.nd.zeros((2, 3), mx.cpu(), "int32", "csr")
    assert repr(y) == "\n<CSRNDArray 2x3 @cpu(0)>"
    assert y.asnumpy().tolist() == [[0, 0, 0], [0, 0, 0]] and y.dtype == np.int32


def test_row_sparse_components(ctx):
    dense = mx.nd.array([[1, 2, 3], [0, 0, 0], [4, 0, 5], [0, 0, 0]], ctx=ctx)
    rsp = dense.tostype("row_sparse")
    assert isinstance(rsp, RowSparseNDArray) and isinstance(rsp, mx.nd.NDArray)
    assert rsp.stype == "row_sparse" and dense.stype == "default"
    assert rsp.indices.asnumpy().tolist() == [0, 2] and rsp.indices.dtype == np.int64
    assert rsp.data.asnumpy().tolist() == [[1, 2, 3], [4, 0, 5]]
    assert repr(rsp) == f"\n<RowSparseNDArray 4x3 @{ctx}>"
    np.testing.assert_array_equal(rsp.asnumpy(), dense.asnumpy())
    assert rsp.context == ctx and rsp.data.context == ctx


def test_components_are_deep_copies():
    c = mx.nd.array(DENSE).tostype("csr")
    data = c.data
    data[:] = 7
    assert c.data.asnumpy().tolist() == [1.0, 2.0, -3.0]


def test_conversions_every_direction(ctx):
    dense = mx.nd.array(DENSE, ctx=ctx)
    for stype in ("default", "csr", "row_sparse"):
        converted = dense.tostype(stype)
        assert converted.stype == stype
        np.testing.assert_array_equal(converted.asnumpy(), np.array(DENSE, np.float32))
        back = mx.nd.cast_storage(converted, stype="default")
        assert back.stype == "default"
        np.testing.assert_array_equal(back.asnumpy(), np.array(DENSE, np.float32))
        assert mx.nd.sparse.cast_storage(converted, stype=stype).stype == stype
    with pytest.raises(ValueError, match="cast_storage from csr to row_sparse is not supported"):
        dense.tostype("csr").tostype("row_sparse")
    with pytest.raises(ValueError, match="cast_storage from row_sparse to csr is not supported"):
        dense.tostype("row_sparse").tostype("csr")
    with pytest.raises(mx.base.MXNetError, match="Operator not implemented"):
        mx.nd.cast_storage(dense.tostype("csr"), stype="row_sparse")


def test_row_sparse_nd_and_csr_needs_2d():
    x = mx.nd.array(np.arange(12).reshape(3, 2, 2) * np.array([0, 1, 1]).reshape(3, 1, 1))
    r = x.tostype("row_sparse")
    assert r.indices.asnumpy().tolist() == [1, 2] and r.data.shape == (2, 2, 2)
    np.testing.assert_array_equal(r.asnumpy(), x.asnumpy())
    with pytest.raises(ValueError, match="should be 2 Dimensional"):
        x.tostype("csr")


def test_asscipy_and_astype():
    c = mx.nd.array(DENSE).tostype("csr")
    s = c.asscipy()
    assert isinstance(s, spsp.csr_matrix)
    np.testing.assert_array_equal(s.toarray(), np.array(DENSE, np.float32))
    i = c.astype("int32")
    assert i.stype == "csr" and i.dtype == np.int32 and i.asnumpy().tolist() == DENSE
    assert c.astype("float32", copy=False) is c
    r = mx.nd.sparse.zeros("row_sparse", (2, 3), dtype="float32").astype("int32")
    assert r.dtype == np.int32 and r.stype == "row_sparse"


def test_copyto_and_setitem():
    c = mx.nd.array(DENSE).tostype("csr")
    target = mx.nd.sparse.zeros("csr", (3, 3))
    assert c.copyto(target) is target
    np.testing.assert_array_equal(target.asnumpy(), c.asnumpy())
    dense_target = mx.nd.zeros((3, 3))
    c.copyto(dense_target)
    np.testing.assert_array_equal(dense_target.asnumpy(), c.asnumpy())
    moved = c.copyto(mx.cpu(0))
    assert moved.stype == "csr" and moved is not c
    x = mx.nd.ones((3, 3)).tostype("csr")
    x[:] = mx.nd.sparse.zeros("csr", (3, 3))
    assert x.asnumpy().sum() == 0
    x[:] = mx.nd.ones((3, 3)) * 2
    assert x.stype == "csr" and x.asnumpy().tolist() == [[2.0] * 3] * 3
    with pytest.raises(ValueError, match="Assigning numeric types to CSRNDArray"):
        x[:] = 1
    r = mx.nd.sparse.zeros("row_sparse", (2, 2))
    r[:] = 3
    assert r.asnumpy().tolist() == [[3.0, 3.0], [3.0, 3.0]]
    with pytest.raises(TypeError, match="RowSparseNDArray only supports"):
        r[1] = 2


def test_csr_row_slicing():
    data, indices, indptr = np.array([1, 2, 3, 4, 5, 6]), np.array([0, 2, 2, 0, 1, 2]), np.array([0, 2, 3, 6])
    a = mx.nd.sparse.csr_matrix((data, indices, indptr), shape=(3, 3))
    assert a[1:2].asnumpy().tolist() == [[0, 0, 3]]
    assert a[1].asnumpy().tolist() == [[0, 0, 3]] and a[1].stype == "csr"
    assert a[-1].asnumpy().tolist() == [[4, 5, 6]]
    assert a[1:3].indptr.asnumpy().tolist() == [0, 1, 4]
    assert a[:] is a
    with pytest.raises(ValueError, match="continuous slicing on axis 0"):
        a[::2]
    with pytest.raises(ValueError, match="Multi-dimension indexing is not supported"):
        a[1, 2]


def test_unsupported_like_mxnet():
    c = mx.nd.array(DENSE).tostype("csr")
    r = mx.nd.array(DENSE).tostype("row_sparse")
    with pytest.raises(NotImplementedError):
        c.size
    with pytest.raises(mx.base.MXNetError, match="Function reshape .* is not supported for SparseNDArray"):
        r.reshape((9,))
    with pytest.raises(Exception, match="__getitem__ with int key is not implemented"):
        r[1]
    twice = r.copy()
    twice += r  # RowSparseNDArray's in-place arithmetic writes the result back, as MXNet's
    assert twice.stype == "row_sparse" and twice.asnumpy().tolist() == (2 * np.array(DENSE)).tolist()
    with pytest.raises(NotImplementedError):
        bool(mx.nd.ones((1, 1)).tostype("csr"))
    with pytest.raises(ValueError, match="ambiguous"):
        bool(c)
    assert len(c) == 3 and c.T.stype == "default"
    assert c.T.asnumpy().tolist() == np.array(DENSE).T.tolist()


def test_check_format():
    good = mx.nd.sparse.csr_matrix(([1, 2], [2, 0], [0, 1, 2]), shape=(2, 3))
    good.check_format()
    bad = mx.nd.sparse.csr_matrix(([1.0, 2.0], [2, 0], [0, 2]), shape=(1, 3))
    with pytest.raises(mx.base.MXNetError, match="not sorted"):
        bad.check_format()
    bad.check_format(full_check=False)
    out_of_range = mx.nd.sparse.row_sparse_array(([[1.0]], [5]), shape=(3, 1))
    with pytest.raises(mx.base.MXNetError, match="out of range"):
        out_of_range.check_format()


def test_pickle_roundtrip():
    import pickle
    c = mx.nd.array(DENSE).tostype("csr")
    back = pickle.loads(pickle.dumps(c))
    assert back.stype == "csr" and back.asnumpy().tolist() == c.asnumpy().tolist()


def test_classes():
    c = mx.nd.array(DENSE).tostype("csr")
    assert isinstance(c, CSRNDArray) and isinstance(c, BaseSparseNDArray) and isinstance(c, mx.nd.NDArray)
    assert mx.nd.sparse.CSRNDArray is CSRNDArray
