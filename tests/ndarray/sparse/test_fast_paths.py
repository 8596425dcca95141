"""The CPU fast paths of csr.dense, csr.T.dense and row_sparse +/- row_sparse (cpu_loops.py,
kernels.merge_rows): values recorded from MXNet 1.9.1, and bit-equality with the torch paths."""
import itertools

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import fast_paths
from mxnd.ndarray.sparse import elementwise, kernels, matmul

from fast_path_marks import host_fast_path_only

# name: (lhs rows, rhs rows) of two (6, 2) row_sparse arrays; lhs data 1.., rhs data 10..
ROW_SETS = {"equal": ([1, 4], [1, 4]), "disjoint": ([0, 5], [2, 3]), "overlap": ([0, 2, 5], [2, 3, 5]),
            "left_empty": ([], [1, 3]), "right_empty": ([2, 4], []), "both_empty": ([], [])}
# (set, op): (indices, data) as MXNet 1.9.1 returns them (the same for float32, float64 and int32)
EXPECTED = {
    ("equal", "elemwise_add"): ([1, 4], [[11, 13], [15, 17]]),
    ("equal", "elemwise_sub"): ([1, 4], [[-9, -9], [-9, -9]]),
    ("disjoint", "elemwise_add"): ([0, 2, 3, 5], [[1, 2], [10, 11], [12, 13], [3, 4]]),
    ("disjoint", "elemwise_sub"): ([0, 2, 3, 5], [[1, 2], [-10, -11], [-12, -13], [3, 4]]),
    ("overlap", "elemwise_add"): ([0, 2, 3, 5], [[1, 2], [13, 15], [12, 13], [19, 21]]),
    ("overlap", "elemwise_sub"): ([0, 2, 3, 5], [[1, 2], [-7, -7], [-12, -13], [-9, -9]]),
    ("left_empty", "elemwise_add"): ([1, 3], [[10, 11], [12, 13]]),
    ("left_empty", "elemwise_sub"): ([1, 3], [[-10, -11], [-12, -13]]),
    ("right_empty", "elemwise_add"): ([2, 4], [[1, 2], [3, 4]]),
    ("right_empty", "elemwise_sub"): ([2, 4], [[1, 2], [3, 4]]),
    ("both_empty", "elemwise_add"): ([], []),
    ("both_empty", "elemwise_sub"): ([], []),
}


def _rsp(first, rows, dtype, ctx):
    data = np.arange(first, first + 2 * len(rows)).reshape(len(rows), 2)
    return mx.nd.sparse.row_sparse_array((data.astype(dtype), np.array(rows, np.int64)), shape=(6, 2),
                                         dtype=dtype, ctx=ctx)


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32"])
@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_rsp_add_sub_row_sets(case, dtype, ctx):
    name, op = case
    left, right = ROW_SETS[name]
    result = getattr(mx.nd, op)(_rsp(1, left, dtype, ctx), _rsp(10, right, dtype, ctx))
    indices, data = EXPECTED[case]
    assert result.stype == "row_sparse" and result.dtype == np.dtype(dtype) and result.context == ctx
    assert result.indices.asnumpy().tolist() == indices
    assert result.data.shape == (len(indices), 2)
    assert result.data.asnumpy().tolist() == data


def test_merge_rows_matches_numpy_sets():
    rng = np.random.RandomState(0)
    for _ in range(300):
        size = rng.randint(1, 40)
        left, right = (np.unique(rng.randint(0, size, rng.randint(0, 25))) for _ in range(2))
        union = np.union1d(left, right)
        got = kernels.merge_rows(torch.from_numpy(left), torch.from_numpy(right), size)
        expected = (union, np.searchsorted(union, left), np.searchsorted(union, right),
                    np.flatnonzero(np.isin(right, left)))
        for part, want in zip(got, expected):
            assert part.dtype == torch.int64
            assert part.numpy().tolist() == want.tolist()


# rows 1 and 3 empty, columns 2 and 4 empty, column 3 stored twice
CSR = np.array([[0, 2, 0, 2, 0], [0, 0, 0, 0, 0], [1, 0, 0, 3, 0], [0, 0, 0, 0, 0]], np.float32)
CSR_T_DENSE = [[4.0, 5.0], [0.0, 2.0], [0.0, 0.0], [12.0, 17.0], [0.0, 0.0]]  # MXNet 1.9.1


@pytest.mark.parametrize("forward_stype", [None, "row_sparse", "default"])
def test_csr_t_dense_repeated_columns_and_empty_rows(forward_stype, ctx):
    c = mx.nd.array(CSR, ctx=ctx).tostype("csr")
    d = mx.nd.array(np.arange(8, dtype=np.float32).reshape(4, 2), ctx=ctx)
    result = mx.nd.dot(c, d, transpose_a=True, forward_stype=forward_stype)
    assert result.stype == (forward_stype or "row_sparse") and result.dtype == np.float32
    assert result.asnumpy().tolist() == CSR_T_DENSE
    if result.stype == "row_sparse":
        assert result.indices.asnumpy().tolist() == [0, 1, 3]


def test_csr_dense_empty_rows_and_empty_matrix(ctx):
    c = mx.nd.array(CSR, ctx=ctx).tostype("csr")
    d = mx.nd.array(np.arange(10, dtype=np.float32).reshape(5, 2), ctx=ctx)
    assert mx.nd.dot(c, d).asnumpy().tolist() == [[16.0, 20.0], [0.0, 0.0], [18.0, 22.0], [0.0, 0.0]]
    empty = mx.nd.sparse.csr_matrix((4, 5), ctx=ctx)
    assert mx.nd.dot(empty, d).asnumpy().tolist() == [[0.0, 0.0]] * 4
    rows = mx.nd.dot(empty, mx.nd.ones((4, 2), ctx=ctx), transpose_a=True)
    assert rows.indices.shape == (0,) and rows.data.shape == (0, 2)


def test_dot_sums_in_mxnet_order():
    """Each output row sums its entries in storage order from 0, as MXNet's kernels (values of 1.9.1)."""
    values = np.array([1e8, 1.0, -1e8, 1.0], np.float32)
    c = mx.nd.sparse.csr_matrix((values, np.array([0, 1, 2, 2]), np.array([0, 3, 4, 4])), shape=(3, 3))
    assert mx.nd.dot(c, mx.nd.ones((3, 2))).asnumpy().tolist() == [[0.0, 0.0], [1.0, 1.0], [0.0, 0.0]]
    t = mx.nd.sparse.csr_matrix((values, np.array([0, 0, 0, 1]), np.array([0, 1, 2, 3, 4])), shape=(4, 2))
    assert mx.nd.dot(t, mx.nd.ones((4, 2)), transpose_a=True).asnumpy().tolist() == [[0.0, 0.0], [1.0, 1.0]]


def _random_csr(rng, rows, cols, nnz, dtype):
    return mx.nd.sparse.csr_matrix((rng.randn(nnz).astype(dtype), (rng.randint(0, rows, nnz),
                                    rng.randint(0, cols, nnz))), shape=(rows, cols))


@host_fast_path_only
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_loops_equal_the_torch_paths_bitwise(dtype, monkeypatch):
    rng = np.random.RandomState(1)
    c = _random_csr(rng, 300, 200, 900, dtype)
    d = mx.nd.array(rng.randn(300, 3), dtype=dtype)
    fast = [mx.nd.dot(c, d, transpose_a=True), mx.nd.dot(c, d, transpose_a=True, forward_stype="default")]
    a = mx.nd.sparse.row_sparse_array((rng.randn(40, 3).astype(dtype), np.sort(rng.choice(100, 40, False))),
                                      shape=(100, 3))
    b = mx.nd.sparse.row_sparse_array((rng.randn(30, 3).astype(dtype), np.sort(rng.choice(100, 30, False))),
                                      shape=(100, 3))
    fast += [mx.nd.elemwise_add(a, b), mx.nd.elemwise_sub(a, b)]
    monkeypatch.setattr(matmul, "csr_times_dense", lambda *args: None)
    monkeypatch.setattr(elementwise, "rsp_union", lambda *args: None)
    slow = [mx.nd.dot(c, d, transpose_a=True), mx.nd.dot(c, d, transpose_a=True, forward_stype="default"),
            mx.nd.elemwise_add(a, b), mx.nd.elemwise_sub(a, b)]
    for x, y in zip(fast, slow):
        assert x.stype == y.stype and x.dtype == y.dtype
        assert np.array_equal(x.asnumpy(), y.asnumpy())
        if x.stype == "row_sparse":
            assert x.indices.asnumpy().tolist() == y.indices.asnumpy().tolist()


@host_fast_path_only
def test_csr_dense_loops_equal_sequential_scatter():
    rng = np.random.RandomState(2)
    c = _random_csr(rng, 500, 400, 2000, np.float32)
    d = torch.from_numpy(rng.randn(400, 4).astype(np.float32))
    expected = matmul._scatter(c._values, kernels.expand_rows(c._indptr), c._indices, d, 500, False)
    assert torch.equal(mx.nd.dot(c, mx.nd.array(d.numpy()))._data, expected)


def test_fast_paths_leave_autograd_and_inputs_alone():
    c = mx.nd.array(CSR).tostype("csr")
    d = mx.nd.array(np.arange(8, dtype=np.float32).reshape(4, 2))
    d.attach_grad()
    before = d.asnumpy().copy(), c.data.asnumpy().copy()
    with mx.autograd.record():
        out = mx.nd.dot(c, d, transpose_a=True, forward_stype="default")
    out.backward()
    assert out.asnumpy().tolist() == CSR_T_DENSE
    assert d.grad.asnumpy().tolist() == [[4.0, 4.0], [0.0, 0.0], [4.0, 4.0], [0.0, 0.0]]
    assert mx.nd.dot(c, d, transpose_a=True).asnumpy().tolist() == CSR_T_DENSE  # outside record: the loops
    assert np.array_equal(d.asnumpy(), before[0]) and np.array_equal(c.data.asnumpy(), before[1])


def test_rsp_add_sub_signed_zeros_and_zero_rows_as_mxnet():
    """One-sided rows are ``a + 0`` / ``0 - b`` (signed zeros as MXNet 1.9.1); all-zero sums stay stored."""
    a = mx.nd.sparse.row_sparse_array((np.array([[-0.0, 1.0]], np.float32), np.array([0])), shape=(3, 2))
    b = mx.nd.sparse.row_sparse_array((np.array([[0.0, 2.0]], np.float32), np.array([2])), shape=(3, 2))
    assert np.signbit(mx.nd.elemwise_add(a, b).data.asnumpy()).tolist() == [[False, False], [False, False]]
    assert np.signbit(mx.nd.elemwise_sub(a, b).data.asnumpy()).tolist() == [[True, False], [False, True]]
    c = mx.nd.sparse.row_sparse_array((np.array([[1.0, 2.0], [3.0, 4.0]], np.float32), np.array([0, 2])),
                                      shape=(3, 2))
    difference = mx.nd.elemwise_sub(c, c.copy())
    assert difference.indices.asnumpy().tolist() == [0, 2]
    assert difference.data.asnumpy().tolist() == [[0.0, 0.0], [0.0, 0.0]]
    zero_row = mx.nd.sparse.row_sparse_array((np.array([[0.0, 0.0]], np.float32), np.array([1])), shape=(3, 2))
    total = mx.nd.elemwise_add(c, zero_row)
    assert total.indices.asnumpy().tolist() == [0, 1, 2]
    assert total.data.asnumpy().tolist() == [[1.0, 2.0], [0.0, 0.0], [3.0, 4.0]]


SPECIAL = [-0.0, 0.0, 1.5, -2.0, np.nan, np.inf]


@pytest.mark.parametrize("op", ["elemwise_add", "elemwise_sub"])
def test_rsp_union_generic_path_equals_the_loops_on_special_values(op, monkeypatch):
    """The device-generic merge (the code CUDA runs) gives the loops' values bit for bit (MXNet
    1.9.1's, checked on the reference for this grid): a + 0 (a - 0) on lhs-only rows, 0 + b (0 - b)
    on rhs-only rows, a + b (a - b) on shared rows, with signed zeros, NaN and infinities."""
    def run():
        results = []
        for left, right in itertools.product(SPECIAL, SPECIAL):
            a = mx.nd.sparse.row_sparse_array((np.array([[left, 1], [left, 2]], np.float32), np.array([0, 2])),
                                              shape=(4, 2))
            b = mx.nd.sparse.row_sparse_array((np.array([[right, 3], [right, -1]], np.float32), np.array([2, 3])),
                                              shape=(4, 2))
            results.append(getattr(mx.nd, op)(a, b))
        return results
    fast = run()
    monkeypatch.setattr(fast_paths, "HOST", False)
    generic = run()
    for x, y in zip(fast, generic):
        assert x.indices.asnumpy().tolist() == y.indices.asnumpy().tolist() == [0, 2, 3]
        assert x.data.asnumpy().view(np.uint32).tolist() == y.data.asnumpy().view(np.uint32).tolist()
    minus_zero = [row.data.asnumpy()[0, 0] for row in generic[:len(SPECIAL)]]  # lhs-only row of -0.0
    assert np.signbit(minus_zero).tolist() == [op == "elemwise_sub"] * len(SPECIAL)
