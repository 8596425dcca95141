"""mx.nd.contrib.edge_id against MXNet 1.9.1's values (dgl_graph.cc), and its errors."""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError


def _graph(dtype="float32"):
    return mx.nd.sparse.csr_matrix(([1, 2, 3], [0, 1, 2], [0, 1, 2, 3]), shape=(3, 3), dtype=dtype)


U, V = [0, 0, 1, 1, 2, 2], [0, 1, 1, 2, 0, 2]


def test_documented_example():
    r = mx.nd.contrib.edge_id(_graph(), mx.nd.array(U), mx.nd.array(V))
    assert r.dtype == np.float32 and r.shape == (6,) and r.stype == "default"
    assert r.asnumpy().tolist() == [1, -1, 2, -1, -1, 3]


def test_output_has_the_graphs_dtype_and_integer_vertices():
    r = mx.nd.contrib.edge_id(_graph("int64"), mx.nd.array(U, dtype="int32"), mx.nd.array(V, dtype="int32"))
    assert r.dtype == np.int64 and r.asnumpy().tolist() == [1, -1, 2, -1, -1, 3]


def test_float_vertices_truncate_and_missing_columns_give_minus_one():
    graph = _graph()
    assert mx.nd.contrib.edge_id(graph, mx.nd.array([0.7, 2.9]), mx.nd.array([0, 2.5])).asnumpy().tolist() == [1, 3]
    assert mx.nd.contrib.edge_id(graph, mx.nd.array([1]), mx.nd.array([7])).asnumpy().tolist() == [-1]


def test_empty_graph_and_unsorted_rows():
    empty = mx.nd.sparse.zeros("csr", (3, 3))
    assert mx.nd.contrib.edge_id(empty, mx.nd.array(U), mx.nd.array(V)).asnumpy().tolist() == [-1] * 6
    unsorted = mx.nd.sparse.csr_matrix(([5, 6, 7], [2, 2, 0], [0, 2, 3]), shape=(2, 3))
    r = mx.nd.contrib.edge_id(unsorted, mx.nd.array([0, 0, 1]), mx.nd.array([2, 0, 0]))
    assert r.asnumpy().tolist() == [5, -1, 7]  # a duplicate entry: the first stored one, as std::find


@pytest.mark.parametrize("call, message", [
    (lambda g: mx.nd.contrib.edge_id(g.tostype("default"), mx.nd.array(U), mx.nd.array(V)), "only works for csr"),
    (lambda g: mx.nd.contrib.edge_id(g, mx.nd.array(U), mx.nd.array(V[:3])), r"\(6 vs. 3\)"),
    (lambda g: mx.nd.contrib.edge_id(g, mx.nd.array([[0]]), mx.nd.array([[0]])), r"ndim\(\) == 1U \(2 vs. 1\)"),
    (lambda g: mx.nd.contrib.edge_id(g, mx.nd.array([5]), mx.nd.array([0])), "outside the graph"),
])
def test_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call(_graph())


def test_contrib_namespace_carries_current_context_and_uniform():
    assert mx.nd.contrib.current_context() == mx.context.current_context()
    assert mx.nd.contrib.uniform is mx.nd.random.uniform
