"""mx.nd.contrib's graph functions (dgl_graph.cc): edge_id, dgl_adjacency, dgl_subgraph,
dgl_graph_compact and the two neighbour samplers, against MXNet 1.9.1's values, and their errors."""
import warnings

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray import contrib_dgl as _dgl


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


# ---------------------------------------------------------------------------------------------
# dgl_adjacency, dgl_subgraph, dgl_graph_compact (deterministic: exact values of MXNet 1.9.1)
# and the two neighbour samplers (random: exact structure, exact values where deterministic).
# Every expected value below was printed by MXNet 1.9.1 for the same call; where MXNet leaves
# padding uninitialized, mxnd's -1 (ids, layers) / 0 (probabilities) is written instead.
# ---------------------------------------------------------------------------------------------
I64 = "int64"
C = mx.nd.contrib


def _ids(values):
    return mx.nd.array(values, dtype=I64)


def _csr(values, indices, indptr, shape):
    return mx.nd.sparse.csr_matrix((np.array(values, dtype=np.int64), np.array(indices, dtype=np.int64),
                                    np.array(indptr, dtype=np.int64)), shape=shape)


def _parts(array):
    assert array.stype == "csr"
    return array.data.asnumpy().tolist(), array.indices.asnumpy().tolist(), array.indptr.asnumpy().tolist()


def _k5():
    """The complete graph of MXNet's docstrings: edge ids 1..20 in row-major order."""
    return _csr(range(1, 21), [1, 2, 3, 4, 0, 2, 3, 4, 0, 1, 3, 4, 0, 1, 2, 4, 0, 1, 2, 3],
                [0, 4, 8, 12, 16, 20], (5, 5))


def _x4():
    """dgl_subgraph's docstring graph."""
    return mx.nd.array([[1, 0, 0, 2], [3, 0, 4, 0], [0, 5, 0, 0], [0, 6, 7, 0]], dtype=I64).tostype("csr")


def test_dgl_names_are_functions_of_the_contrib_namespace():
    for name in ("dgl_adjacency", "dgl_subgraph", "dgl_graph_compact", "dgl_csr_neighbor_uniform_sample",
                 "dgl_csr_neighbor_non_uniform_sample"):
        assert callable(getattr(mx.nd.contrib, name)) and name in mx.nd.contrib.__all__


def test_dgl_adjacency(ctx):
    adj = C.dgl_adjacency(_x4().as_in_context(ctx))
    assert adj.stype == "csr" and adj.dtype == np.float32 and adj.shape == (4, 4) and adj.context == ctx
    assert _parts(adj) == ([1.0] * 7, [0, 3, 0, 2, 1, 1, 2], [0, 2, 4, 5, 7])
    empty = C.dgl_adjacency(mx.nd.sparse.zeros("csr", (3, 4), dtype=I64))
    assert empty.shape == (3, 4) and empty.dtype == np.float32 and _parts(empty) == ([], [], [0, 0, 0, 0])
    out = mx.nd.sparse.zeros("csr", (4, 4))
    assert C.dgl_adjacency(_x4(), out=out) is out and _parts(out) == _parts(adj)


def test_dgl_subgraph_docstring_example_and_mapping(ctx):
    new, old = C.dgl_subgraph(_x4().as_in_context(ctx), _ids([0, 1, 2]).as_in_context(ctx), return_mapping=True)
    assert new.dtype == np.int64 and new.shape == (3, 3) and old.shape == (3, 3) and old.context == ctx
    assert new.asnumpy().tolist() == [[0, 0, 0], [1, 0, 2], [0, 3, 0]]
    assert old.asnumpy().tolist() == [[1, 0, 0], [3, 0, 4], [0, 5, 0]]
    single = C.dgl_subgraph(_x4(), _ids([0, 1, 2]), return_mapping=False)
    assert isinstance(single, mx.nd.sparse.CSRNDArray) and _parts(single) == _parts(new)
    assert _parts(C.dgl_subgraph(_x4(), _ids([0, 1]), return_mapping="1")[1]) == ([1, 3], [0, 0], [0, 1, 2])


def test_dgl_subgraph_several_arrays_repeats_and_row_order():
    out = C.dgl_subgraph(_x4(), _ids([0, 1, 2]), _ids([1, 3]), return_mapping=True)
    assert [o.shape for o in out] == [(3, 3), (2, 2), (3, 3), (2, 2)]  # subgraphs first, then mappings
    assert out[1].asnumpy().tolist() == [[0, 0], [0, 0]] and out[3].asnumpy().tolist() == [[0, 0], [6, 0]]
    assert len(C.dgl_subgraph(_x4(), _ids([0, 1, 2]), _ids([1, 3]), return_mapping=False)) == 2
    new, old = C.dgl_subgraph(_x4(), _ids([1, 2, 3]), return_mapping=True)
    assert _parts(new) == ([0, 1, 2, 3], [1, 0, 0, 1], [0, 1, 2, 4])
    assert _parts(old) == ([4, 5, 6, 7], [1, 0, 0, 1], [0, 1, 2, 4])
    new, old = C.dgl_subgraph(_x4(), _ids([0, 0, 1, 2]), return_mapping=True)  # a repeat: its last position
    assert new.asnumpy().tolist() == [[0, 0, 0, 0], [0, 1, 0, 0], [0, 2, 0, 3], [0, 0, 4, 0]]
    assert old.asnumpy().tolist() == [[0, 1, 0, 0], [0, 1, 0, 0], [0, 3, 0, 4], [0, 0, 5, 0]]
    unsorted_rows = _csr([1, 2, 3, 4], [3, 0, 2, 1], [0, 2, 3, 4, 4], (4, 4))
    new, old = C.dgl_subgraph(unsorted_rows, _ids([0, 1, 3]), return_mapping=True)
    assert _parts(new) == ([0, 1], [2, 0], [0, 2, 2, 2]) and _parts(old) == ([1, 2], [2, 0], [0, 2, 2, 2])
    wide = mx.nd.array([[1, 0, 0, 2], [3, 0, 4, 0]], dtype=I64).tostype("csr")  # rows are the vertices
    assert C.dgl_subgraph(wide, _ids([0, 1]), return_mapping=True)[1].asnumpy().tolist() == [[1, 0], [3, 0]]


def _sampled():
    """A sampled subgraph: vertices [1, 3, 4] of 6, max_num_vertices 5 (ids padded, count last)."""
    return _csr([7, 8, 9, 10], [3, 4, 1, 1], [0, 2, 3, 4, 4, 4], (5, 6)), _ids([1, 3, 4, -1, -1, 3])


def test_dgl_graph_compact(ctx):
    graph, ids = (a.as_in_context(ctx) for a in _sampled())
    compact = C.dgl_graph_compact(graph, ids, graph_sizes=3, return_mapping=False)
    assert compact.dtype == np.int64 and compact.shape == (3, 3) and compact.context == ctx
    assert _parts(compact) == ([0, 1, 2, 3], [1, 2, 0, 0], [0, 2, 3, 4])
    assert compact.asnumpy().tolist() == [[0, 0, 1], [2, 0, 0], [3, 0, 0]]
    assert _parts(C.dgl_graph_compact(graph, ids, graph_sizes="[3]", return_mapping=False)) == _parts(compact)
    other, other_ids = (a.as_in_context(ctx) for a in (_csr([5, 6], [2, 0], [0, 1, 2, 2], (3, 6)), _ids([0, 2, -1, 2])))
    both = C.dgl_graph_compact(graph, other, ids, other_ids, graph_sizes=(3, 2, 1), return_mapping=False)
    assert _parts(both[0]) == _parts(compact) and _parts(both[1]) == ([0, 1], [1, 0], [0, 1, 2])
    repeated = C.dgl_graph_compact(_csr([7, 8], [3, 1], [0, 2, 2, 2], (3, 5)), _ids([3, 1, 3, 3]),
                                   graph_sizes=3, return_mapping=False)
    assert repeated.asnumpy().tolist() == [[0, 1, 0], [0, 0, 0], [0, 0, 0]]


def test_dgl_graph_compact_mapping_outputs_are_empty_as_in_mxnet():
    graph, ids = _sampled()
    compact, mapping = C.dgl_graph_compact(graph, ids, graph_sizes=3, return_mapping=True)
    assert _parts(compact) == ([0, 1, 2, 3], [1, 2, 0, 0], [0, 2, 3, 4])
    assert mapping.stype == "csr" and mapping.dtype == np.int64 and mapping.shape == (3, 3)
    assert mapping.asnumpy().tolist() == [[0] * 3] * 3 and mapping.data.shape == (0,)


def test_dgl_graph_compact_keeps_the_entries_of_its_rows():
    # MXNet keeps all four entries after an indptr that ends at 3 (a malformed CSR); mxnd keeps 3
    compact = C.dgl_graph_compact(_csr([7, 8, 9, 10], [3, 1, 1, 3], [0, 2, 3, 4, 4, 4], (5, 6)),
                                  _ids([1, 3, 4, -1, -1, 2]), graph_sizes=2, return_mapping=False)
    assert _parts(compact) == ([0, 1, 2], [1, 0, 0], [0, 2, 3])


UNI, NONU = C.dgl_csr_neighbor_uniform_sample, C.dgl_csr_neighbor_non_uniform_sample
PROB = [0.9, 0.8, 0.2, 0.4, 0.1]


def _lists(outputs):
    return [o.asnumpy().tolist() for o in outputs]


@pytest.mark.parametrize("call, expected", [
    # every neighbour (num_neighbor >= degree): MXNet's exact output, padding -1
    (lambda g: UNI(g, _ids([1]), num_hops=1, num_neighbor=10, max_num_vertices=7),
     [[0, 1, 2, 3, 4, -1, -1, 5], ([5, 6, 7, 8], [0, 2, 3, 4], [0, 0, 4, 4, 4, 4, 4, 4]), [1, 0, 1, 1, 1, -1, -1]]),
    (lambda g: UNI(g, _ids([3, 1, 3]), num_hops=2, num_neighbor=10, max_num_vertices=7),
     [[0, 1, 2, 3, 4, -1, -1, 5], (list(range(1, 21)), [1, 2, 3, 4, 0, 2, 3, 4, 0, 1, 3, 4, 0, 1, 2, 4, 0, 1, 2, 3],
                                   [0, 4, 8, 12, 16, 20, 20, 20]), [1, 0, 1, 0, 1, -1, -1]]),
    (lambda g: UNI(g, _ids([0, 1]), num_hops=0, max_num_vertices=3), [[0, 1, -1, 2], ([], [], [0] * 4), [0, 0, -1]]),
    (lambda g: UNI(g, _ids([0, 1]), num_neighbor=0, max_num_vertices=3),
     [[0, 1, -1, 2], ([], [], [0] * 4), [0, 0, -1]]),
    (lambda g: UNI(g, _ids([1]), num_hops=-1, max_num_vertices=3), [[1, -1, -1, 1], ([], [], [0] * 4), [0, -1, -1]]),
    (lambda g: UNI(g, _ids([]), max_num_vertices=3), [[-1, -1, -1, 0], ([], [], [0] * 4), [-1, -1, -1]]),
])
def test_uniform_sample_deterministic_cases(call, expected):
    ids, sub, layers = call(_k5())
    assert ids.dtype == np.int64 and sub.dtype == np.int64 and layers.dtype == np.int64
    assert sub.shape == (len(layers.asnumpy()), 5) and ids.shape == (sub.shape[0] + 1,)
    assert [ids.asnumpy().tolist(), _parts(sub), layers.asnumpy().tolist()] == expected


@pytest.mark.parametrize("call, expected", [
    (lambda g: UNI(g, _ids([0, 1]), num_neighbor=-1, max_num_vertices=3),  # unlimited; truncated at 3 vertices
     [[0, 1, 2, 3], ([1, 2, 3, 4], [1, 2, 3, 4], [0, 4, 4, 4]), [0, 0, 1]]),
    (lambda g: UNI(g, _ids([0, 1]), max_num_vertices=2), [[0, 1, 2], ([], [], [0] * 3), [0, 0]]),
    (lambda g: UNI(g, _ids([3, 3, 1]), num_neighbor=10, max_num_vertices=3),  # repeated seeds count once
     [[0, 1, 3, 3], ([13, 14, 15, 16], [0, 1, 2, 4], [0, 0, 0, 4]), [1, 0, 0]]),
])
def test_truncated_sampling_warns_as_mxnet(call, expected):
    with pytest.warns(UserWarning, match="The sampling is truncated because we have reached the max number"):
        ids, sub, layers = call(_k5())
    assert [ids.asnumpy().tolist(), _parts(sub), layers.asnumpy().tolist()] == expected


def test_sampling_that_is_not_truncated_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        UNI(_k5(), _ids([1]), num_neighbor=10, max_num_vertices=7)


def test_several_seed_arrays_and_output_order():
    out = UNI(_k5(), _ids([0, 1]), _ids([4]), num_neighbor=10, max_num_vertices=6)
    assert len(out) == 6 and [o.stype for o in out] == ["default"] * 2 + ["csr"] * 2 + ["default"] * 2
    assert _lists(out[:2]) == [[0, 1, 2, 3, 4, -1, 5]] * 2
    assert out[2].asnumpy().tolist()[:2] == [[0, 1, 2, 3, 4], [5, 0, 6, 7, 8]]
    assert _parts(out[3]) == ([17, 18, 19, 20], [0, 1, 2, 3], [0, 0, 0, 0, 0, 4, 4])
    assert _lists(out[4:]) == [[0, 0, 1, 1, 1, -1], [1, 1, 1, 1, 0, -1]]


def test_non_uniform_sample_deterministic_cases():
    prob = mx.nd.array(PROB)
    out = NONU(_k5(), prob, _ids([0, 1]), _ids([3]), num_neighbor=10, max_num_vertices=7)
    assert len(out) == 8 and [o.dtype for o in out] == [np.int64] * 4 + [np.float32] * 2 + [np.int64] * 2
    assert _lists(out[:2]) == [[0, 1, 2, 3, 4, -1, -1, 5]] * 2
    assert _parts(out[2]) == ([1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 0, 2, 3, 4], [0, 4, 8, 8, 8, 8, 8, 8])
    assert _parts(out[3]) == ([13, 14, 15, 16], [0, 1, 2, 4], [0, 0, 0, 0, 4, 4, 4, 4])
    expected_prob = np.array(PROB + [0, 0], dtype=np.float32).tolist()
    assert _lists(out[4:6]) == [expected_prob] * 2  # bit-exact copies of the float32 probabilities
    assert _lists(out[6:]) == [[0, 0, 1, 1, 1, -1, -1], [1, 1, 1, 0, 1, -1, -1]]
    assert NONU(_k5(), prob, max_num_vertices=3) == []  # no seed array: no output, as MXNet


def _random_graph(n=40, seed=3):
    """A graph with unsorted rows, edge ids a permutation (not increasing along a row), degrees 0..12."""
    rng = np.random.RandomState(seed)
    indptr, indices = [0], []
    for v in range(n):
        row = rng.choice(n, size=rng.randint(0, 13), replace=False)
        indices += row.tolist()
        indptr.append(len(indices))
    values = rng.permutation(len(indices)) + 100
    return _csr(values, indices, indptr, (n, n)), (values.tolist(), indices, indptr)


def _check_sample(graph_parts, seeds, outputs, num_hops, num_neighbor, max_vertices, weighted):
    """Replays MXNet's breadth-first sampling with the neighbours mxnd drew, and checks every output."""
    values, indices, indptr = graph_parts
    n = len(indptr) - 1
    ids, layers = outputs[0].asnumpy(), outputs[2].asnumpy()
    sub = outputs[1]
    sub_values, sub_indices, sub_indptr = _parts(sub)
    count = int(ids[-1])
    assert ids.shape == (max_vertices + 1,) and layers.shape == (max_vertices,) and sub.shape == (max_vertices, n)
    assert (ids[count:-1] == -1).all() and (layers[count:] == -1).all()
    assert (np.diff(ids[:count]) > 0).all() and sub_indptr[count:] == [sub_indptr[count]] * (max_vertices + 1 - count)
    row_of = {int(v): i for i, v in enumerate(ids[:count])}

    def drawn(v):
        i = row_of[v]
        return sub_indices[sub_indptr[i]:sub_indptr[i + 1]], sub_values[sub_indptr[i]:sub_indptr[i + 1]]

    limit = num_neighbor if num_neighbor >= 0 else n
    queue, seen, expanded = [], set(), set()
    for s in seeds:
        if s not in seen:
            seen.add(s)
            queue.append((s, 0))
    at = 0
    while at < len(queue) and len(seen) < max_vertices:
        v, level = queue[at]
        at += 1
        if level >= num_hops:
            continue
        expanded.add(v)
        columns, edges = drawn(v)
        row = list(zip(indices[indptr[v]:indptr[v + 1]], values[indptr[v]:indptr[v + 1]]))
        assert len(columns) == min(len(row), limit)
        assert set(zip(columns, edges)) <= set(row) and len(set(columns)) == len(columns)  # edges with their ids
        if len(row) <= limit:
            assert list(zip(columns, edges)) == row  # every neighbour, in the graph's order
        else:  # sampled rows: the graph's order (uniform) or sorted by neighbour id (non-uniform)
            order = [c for c, _ in row if c in set(columns)]
            assert columns == (sorted(columns) if weighted else order)
        for c in columns:
            if len(seen) >= max_vertices:
                break
            if c not in seen:
                seen.add(c)
                queue.append((c, level + 1))
    for v in row_of:
        if v not in expanded:
            assert drawn(v) == ([], [])
    assert sorted(seen) == ids[:count].tolist() and set(seeds) <= seen
    assert {v: lv for v, lv in queue} == {int(v): int(lv) for v, lv in zip(ids[:count], layers[:count])}


@pytest.mark.parametrize("seeds, num_hops, num_neighbor, max_vertices", [
    ([0, 5, 9], 1, 2, 20), ([4], 2, 3, 30), ([1, 2, 3, 1], 3, 2, 12), ([7, 8], 2, 1, 40), ([6], 3, 4, 8),
    ([10, 11, 12, 13, 14], 2, 5, 40), ([3], 1, -1, 40), ([0], 4, 2, 5),
])
@pytest.mark.parametrize("weighted", [False, True])
def test_sampling_structure_on_a_random_graph(seeds, num_hops, num_neighbor, max_vertices, weighted, ctx):
    graph, parts = _random_graph()
    graph, first, second = (a.as_in_context(ctx) for a in (graph, _ids(seeds), _ids(seeds[::-1])))
    params = dict(num_hops=num_hops, num_neighbor=num_neighbor, max_num_vertices=max_vertices)
    mx.random.seed(11)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # some cases truncate
        if weighted:
            prob = mx.nd.array(np.random.RandomState(0).uniform(0.1, 1.0, 40), ctx=ctx)
            out = NONU(graph, prob, first, second, **params)
            assert len(out) == 8
            for i in range(2):
                count = int(out[i].asnumpy()[-1])
                probs = out[4 + i].asnumpy()
                taken = prob.asnumpy()[out[i].asnumpy()[:count]].tolist()
                assert probs.tolist() == taken + [0.0] * (max_vertices - count)
            out = out[:2] + out[2:4] + out[6:]
        else:
            out = UNI(graph, first, second, **params)
    assert all(o.context == ctx for o in out)
    for i, these in enumerate((seeds, seeds[::-1])):
        _check_sample(parts, these, (out[i], out[2 + i], out[4 + i]), num_hops, num_neighbor, max_vertices, weighted)


def test_sampled_subgraph_compacts():
    graph, _ = _random_graph()
    mx.random.seed(5)
    ids, sub, _ = UNI(graph, _ids([2, 7]), num_hops=1, num_neighbor=3, max_num_vertices=40)
    count = int(ids.asnumpy()[-1])
    compact = C.dgl_graph_compact(sub, ids, graph_sizes=count, return_mapping=False)
    values, indices, indptr = _parts(compact)
    assert compact.shape == (count, count) and values == list(range(len(indices)))
    assert indptr == sub.indptr.asnumpy()[:count + 1].tolist()
    assert ids.asnumpy()[indices].tolist() == sub.indices.asnumpy().tolist()


def test_samplers_follow_mx_random_seed():
    graph, _ = _random_graph()
    prob = mx.nd.array(np.linspace(0.1, 1, 40))

    def draw(seed):
        mx.random.seed(seed)
        return [_parts(UNI(graph, _ids([0, 1, 2]), num_neighbor=2, num_hops=2)[1]),
                _parts(NONU(graph, prob, _ids([0, 1, 2]), num_neighbor=2, num_hops=2)[1])]
    assert draw(1) == draw(1) and draw(1) != draw(2)


def test_uniform_draws_every_subset_equally():
    # vertex 1 of K5 has 4 neighbours; num_neighbor=2 gives one of 6 pairs, each with probability 1/6
    mx.random.seed(0)
    out = UNI(_k5(), *[_ids([1])] * 600, num_neighbor=2, max_num_vertices=5)
    counts = {}
    for sub in out[600:1200]:
        pair = tuple(sub.indices.asnumpy().tolist())
        counts[pair] = counts.get(pair, 0) + 1
    assert len(counts) == 6 and all(60 <= c <= 140 for c in counts.values()), counts  # expected 100 each


def test_non_uniform_draws_in_proportion_to_the_probability():
    # vertex 1's neighbours 0, 2, 3, 4 have weights 0.9, 0.2, 0.4, 0.1: one draw picks each in proportion
    mx.random.seed(0)
    out = NONU(_k5(), mx.nd.array(PROB), *[_ids([1])] * 800, num_neighbor=1, max_num_vertices=5)
    picks = np.array([sub.indices.asnumpy()[0] for sub in out[800:1600]])
    freq = [(picks == v).mean() for v in (0, 2, 3, 4)]
    assert np.allclose(freq, [0.9 / 1.6, 0.2 / 1.6, 0.4 / 1.6, 0.1 / 1.6], atol=0.05), freq


def test_non_uniform_zero_probability_neighbours_come_last():
    # MXNet's heap returns repeated or out-of-range leaves here ([4, 4], [1, 4]); mxnd completes the
    # positive-probability draw with the zero-probability neighbours in the graph's order
    prob = mx.nd.array([0, 1, 0, 0, 0])
    assert NONU(_k5(), prob, _ids([1]), num_neighbor=2, max_num_vertices=5)[1].indices.asnumpy().tolist() == [0, 2]
    assert NONU(_k5(), prob, _ids([2]), num_neighbor=2, max_num_vertices=5)[1].indices.asnumpy().tolist() == [0, 1]


def _float_csr():
    return _k5().astype("float32")


@pytest.mark.parametrize("call, message", [
    (lambda: C.dgl_adjacency(_x4().astype("float32")), r"_contrib_dgl_adjacency: .*kInt64"),
    (lambda: C.dgl_adjacency(_x4().tostype("default")), r"_contrib_dgl_adjacency: .*kCSRStorage \(0 vs. 2\)"),
    (lambda: C.dgl_adjacency(_x4(), foo=1), "Cannot find argument 'foo'"),
    (lambda: C.dgl_subgraph(_x4(), _ids([0, 1])), "Required parameter return_mapping"),
    (lambda: C.dgl_subgraph(_x4(), return_mapping=True), "num_args should be greater equal to 2"),
    (lambda: C.dgl_subgraph(_x4(), _ids([0]), num_args=3, return_mapping=True), "expects 3 inputs, but got 2"),
    (lambda: C.dgl_subgraph(_x4(), _ids([1, 0]), return_mapping=True), "has to be sorted"),
    (lambda: C.dgl_subgraph(_x4(), _ids([1, 4]), return_mapping=True), "Vertex Id 4 isn't in a graph of 4"),
    (lambda: C.dgl_subgraph(_x4(), _ids([-1, 1]), return_mapping=True), "Vertex Id -1 isn't in a graph"),
    (lambda: C.dgl_subgraph(_x4(), _ids([]), return_mapping=True), "vertex array 0 is empty"),
    (lambda: C.dgl_subgraph(_x4(), mx.nd.array([0, 1]), return_mapping=True), r"kInt64 .*got float32"),
    (lambda: C.dgl_subgraph(_x4().astype("float32"), _ids([0]), return_mapping=True), "must be int64"),
    (lambda: C.dgl_subgraph(_x4().tostype("default"), _ids([0]), return_mapping=True), "kCSRStorage"),
    (lambda: C.dgl_subgraph(_x4(), _ids([[0, 1]]), return_mapping=True), r"ndim\(\) == 1U \(2 vs. 1\)"),
    (lambda: C.dgl_graph_compact(*_sampled(), graph_sizes=3), "Required parameter return_mapping"),
    (lambda: C.dgl_graph_compact(*_sampled(), return_mapping=False), "Required parameter graph_sizes"),
    (lambda: C.dgl_graph_compact(*_sampled(), _ids([0]), graph_sizes=3, return_mapping=False),
     r"num_g \* 2 == in_attrs->size\(\) \(2 vs. 3\)"),
    (lambda: C.dgl_graph_compact(*_sampled(), graph_sizes=2, return_mapping=False), r"== graph_size \(3 vs. 2\)"),
    (lambda: C.dgl_graph_compact(*_sampled(), graph_sizes=6, return_mapping=False), "graph_sizes"),
    (lambda: C.dgl_graph_compact(*_sampled(), graph_sizes=0, return_mapping=False), "must be positive"),
    (lambda: C.dgl_graph_compact(_sampled()[0], _ids([1, 3, 4, 3]), graph_sizes=3, return_mapping=False),
     r"vids.shape\(\)\[0\] == in_ptr_data.shape_\[0\] \(4 vs. 6\)"),
    (lambda: C.dgl_graph_compact(_sampled()[0], _ids([1, -1, 4, -1, -1, 3]), graph_sizes=3, return_mapping=False),
     r"row_ids\[i\] != -1"),
    (lambda: C.dgl_graph_compact(_sampled()[0], _ids([1, 3, 5, -1, -1, 3]), graph_sizes=3, return_mapping=False),
     r"it != id_map.end\(\): vertex 4"),
    (lambda: C.dgl_graph_compact(_sampled()[0].astype("float32"), _sampled()[1], graph_sizes=3,
                                 return_mapping=False), "kInt64"),
    (lambda: C.dgl_graph_compact(_sampled()[0], _sampled()[1].reshape((2, 3)), graph_sizes=3,
                                 return_mapping=False), r"ndim\(\) == 1U \(2 vs. 1\)"),
    (lambda: C.dgl_graph_compact(*_sampled()[:1], *_sampled(), _ids([0, 1]), graph_sizes=(3,),
                                 return_mapping=False), r"index = 1 must be in range \[0, 1\)"),
    (lambda: UNI(_k5(), mx.nd.array([0, 1])), r"_contrib_dgl_csr_neighbor_uniform_sample: .*must be int64"),
    (lambda: UNI(_float_csr(), _ids([0])), "edge ids and must be int64"),
    (lambda: UNI(_k5().tostype("default"), _ids([0])), r"kCSRStorage \(0 vs. 2\)"),
    (lambda: UNI(_k5(), _ids([[0, 1]])), r"ndim\(\) == 1U \(2 vs. 1\)"),
    (lambda: UNI(_csr([1], [0], [0, 1, 1], (2, 3)), _ids([0])), r"in_attrs->at\(0\)\[1\] \(2 vs. 3\)"),
    (lambda: UNI(_k5(), _ids([0, 1]), max_num_vertices=1), r"max_num_vertices >= num_seeds \(1 vs. 2\)"),
    (lambda: UNI(_k5(), _ids([3, 3]), max_num_vertices=1), r"max_num_vertices >= num_seeds \(1 vs. 2\)"),
    (lambda: UNI(_k5(), _ids([7])), "Vertex Id 7 isn't in a graph of 5"),
    (lambda: UNI(_k5(), _ids([-1])), "Vertex Id -1 isn't in a graph of 5"),
    (lambda: UNI(_k5()), "value 1 for Parameter num_args should be greater equal to 2"),
    (lambda: UNI(_k5(), _ids([0]), num_args=3), "expects 3 inputs, but got 2"),
    (lambda: UNI(_k5(), _ids([0]), max_num_vertices=0), "max_num_vertices must be at least 1"),
    (lambda: UNI(_k5(), _ids([0]), foo=1), "Cannot find argument 'foo'"),
    (lambda: UNI(_k5(), _ids([0]), num_hops="x"), "Invalid Parameter format for int"),
    (lambda: NONU(_k5(), mx.nd.array(PROB, dtype="float64"), _ids([0])), "probability must be float32"),
    (lambda: NONU(_k5(), mx.nd.array([PROB]), _ids([0])), r"in_attrs->at\(1\).ndim\(\) == 1U \(2 vs. 1\)"),
    (lambda: NONU(_k5(), mx.nd.array([1.0]), _ids([0])), "probability has 1 entries for a graph of 5"),
    (lambda: NONU(_k5(), mx.nd.array([1, -1, 1, 1, 1]), _ids([0])), "probability must be non-negative"),
    (lambda: NONU(_k5(), mx.nd.array([1, np.nan, 1, 1, 1]), _ids([0])), "probability must be non-negative"),
    (lambda: NONU(_k5()), "value 1 for Parameter num_args should be greater equal to 2"),
])
def test_dgl_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call()


def test_dgl_inputs_are_left_intact():
    graph, seeds = _k5(), _ids([0, 1])
    before = _parts(graph)
    UNI(graph, seeds, num_neighbor=2)
    C.dgl_subgraph(graph, _ids([0, 2]), return_mapping=True)
    C.dgl_adjacency(graph)
    assert _parts(graph) == before and seeds.asnumpy().tolist() == [0, 1]


def test_dgl_out_arrays():
    targets = [mx.nd.sparse.zeros("csr", (2, 2), dtype=I64) for _ in range(2)]
    result = C.dgl_subgraph(_x4(), _ids([0, 1]), return_mapping=True, out=targets)
    assert result[0] is targets[0] and targets[1].asnumpy().tolist() == [[1, 0], [3, 0]]
    with pytest.raises(MXNetError, match="_contrib_dgl_subgraph: out must hold the 2 outputs, got 1"):
        C.dgl_subgraph(_x4(), _ids([0, 1]), return_mapping=True, out=targets[0])


# ---------------------------------------------------------------------------------------------
# The host fast paths (numpy, contrib_dgl.*_host) and the generic torch code that CUDA runs give
# the same bits: both are called directly here, whatever MXND_HOST_FAST_PATHS says.
# ---------------------------------------------------------------------------------------------
def _path_graph(kind):
    """A square int64 CSR graph: 'random' (degrees ~10, unsorted rows with repeats), 'hub' (vertex
    0 links to all, the padded selection falls back to a sort), 'wide' (100000 vertices, few edges:
    the id tables fall back to sorts and searches)."""
    rng = np.random.RandomState(5)
    if kind == "hub":
        n = 400
        rows = np.r_[np.zeros(n, np.int64), np.repeat(np.arange(1, n), 4)]
        cols = np.r_[np.arange(n), rng.randint(0, n, 4 * (n - 1))]
    else:
        n, nnz = (300, 3000) if kind == "random" else (100000, 2000)
        rows, cols = rng.randint(0, n, nnz), rng.randint(0, n, nnz)
        if kind == "wide":
            rows[:1000] = rng.randint(0, 50, 1000)  # a few rows of many edges
    order = np.lexsort((rng.rand(rows.size), rows))  # rows unsorted inside, repeated columns kept
    rows, cols = rows[order], cols[order]
    indptr = np.searchsorted(rows, np.arange(n + 1))
    edge_ids = rng.permutation(rows.size).astype(np.int64) + 1
    graph = mx.nd.sparse.csr_matrix((edge_ids, cols, indptr), shape=(n, n), dtype=I64)
    probability = rng.rand(n).astype(np.float32)
    probability[rng.rand(n) < 0.3] = 0  # infinite keys: ties in the weighted selection
    return graph, mx.nd.array(probability), rng


def _same(first, second):
    if isinstance(first, (tuple, list)):
        assert len(first) == len(second)
        for a, b in zip(first, second):
            _same(a, b)
    elif first is None:
        assert second is None
    else:
        assert first.dtype == second.dtype and torch.equal(first, second)


@pytest.mark.parametrize("kind", ["random", "hub", "wide"])
@pytest.mark.parametrize("limit, num_hops, max_vertices", [(3, 2, 5000), (1, 3, 60), (0, 2, 500), (2 ** 62, 2, 500)])
@pytest.mark.parametrize("weighted", [False, True])
def test_host_and_generic_sampling_agree(kind, limit, num_hops, max_vertices, weighted):
    graph, probability, rng = _path_graph(kind)
    parts = _dgl._graph("op", graph, 0)
    n = graph.shape[0]
    for seeds in (np.arange(0, n, n // 20), rng.randint(0, n, 30), np.array([0, 0])):
        outputs = []
        for sample in (_dgl._sample, _dgl._sample_host):
            generator = torch.Generator().manual_seed(11)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                outputs.append(sample("op", parts, torch.from_numpy(seeds.astype(np.int64)),
                                      probability._data if weighted else None, num_hops, limit, max_vertices,
                                      generator))
            outputs[-1] += (generator.get_state(),)  # the same number of draws
        _same(*outputs)


@pytest.mark.parametrize("kind", ["random", "hub", "wide"])
@pytest.mark.parametrize("scipy_loop", [True, False])
def test_host_and_generic_subgraph_and_compact_agree(kind, scipy_loop, monkeypatch):
    if not scipy_loop:  # the numpy gather that replaces scipy's where it is missing
        monkeypatch.setattr(_dgl, "loops", lambda *names: None)
    graph, _, rng = _path_graph(kind)
    values, indices, indptr = _dgl._graph("op", graph, 0)
    n = graph.shape[0]
    for vertices in (np.arange(0, n, 7), np.sort(rng.randint(0, n, 40)), np.array([3, 3, 3])):
        vertices = torch.from_numpy(vertices)
        _same(_dgl._induce(values, indices, indptr, vertices, graph.shape, True),
              _dgl._induce_host(values, indices, indptr, vertices, graph.shape, True))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ids, sub, _ = UNI(graph, _ids(rng.randint(0, n, 10)), num_neighbor=3, num_hops=2, max_num_vertices=300)
    size = int(ids.asnumpy()[-1])
    args = ("op", 0, sub._indices, sub._indptr, ids._data, size)
    _same(_dgl._compact(*args), _dgl._compact_host(*args))


def test_host_and_generic_selection_agree_with_a_sort_on_ties():
    # each sampled row keeps its ``limit`` smallest keys, the equal ones in position order
    rng = np.random.RandomState(0)
    for _ in range(100):
        degrees = torch.from_numpy(rng.randint(0, 12, rng.randint(1, 30)))
        limit = rng.randint(1, 6)
        over = degrees > limit
        if not bool(over.any()):
            continue
        bounds = _dgl._bounds(degrees)
        row = torch.repeat_interleave(torch.arange(degrees.numel()), degrees)
        offset = torch.arange(row.numel()) - bounds[row]
        keys = torch.from_numpy(rng.choice([0.1, 0.2, 0.3, np.inf], row.numel()))
        expected = _dgl._smallest_by_sort(keys, row, degrees, bounds, over, limit)
        over_rows = over.nonzero().squeeze(1)
        width = int(degrees[over_rows].max())
        assert torch.equal(_dgl._smallest(keys, row, offset, bounds, over, over_rows, width, limit), expected)
        host = _dgl._smallest_host(keys.numpy(), row.numpy(), bounds.numpy(), over.numpy(), over_rows.numpy(),
                                   width, limit)
        assert np.array_equal(host, expected.numpy())


@pytest.mark.parametrize("foreign", [-5, 99])
def test_host_and_generic_compact_agree_on_repeated_and_foreign_ids(foreign):
    # a repeated id takes its first position; an id that no column can match is never used
    graph = _csr([7, 8, 9, 10], [3, 4, 1, 3], [0, 2, 3, 4, 4, 4], (5, 6))
    values, indices, indptr = _dgl._graph("op", graph, 0)
    ids = torch.tensor([1, 3, 3, 4, foreign, 5])
    expected = _dgl._compact("op", 0, indices, indptr, ids, 5)
    assert expected[1].tolist() == [1, 3, 0, 1]
    _same(expected, _dgl._compact_host("op", 0, indices, indptr, ids, 5))
