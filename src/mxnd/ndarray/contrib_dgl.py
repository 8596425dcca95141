"""``mx.nd.contrib.dgl_*``: MXNet's DGL graph operators on graphs stored as CSR matrices.

A graph of ``n`` vertices is an ``n x n`` int64 CSRNDArray whose stored values are the edge ids
(row = source vertex, column = neighbour). These are plain functions, not registry operators, as
``edge_id`` is: their inputs are CSR and they return CSR arrays. MXNet 1.9.1's rules kept here
(src/operator/contrib/dgl_graph.cc, dgl_graph-inl.h):

- ``dgl_adjacency(g)``: a float32 CSR with ``g``'s indices and indptr and every value 1;
- ``dgl_subgraph(g, *vertex_arrays, return_mapping)``: for each sorted int64 vertex array ``v``
  the ``len(v) x len(v)`` induced subgraph. Row ``i`` keeps the entries of row ``v[i]`` whose
  column is in ``v``, in ``g``'s order, renamed to their position in ``v`` (the last one for a
  repeated vertex, as MXNet's hash map overwrites); the values are the new edge ids
  ``0 .. nnz-1``. With ``return_mapping`` a second CSR of each (after all the subgraphs) holds
  the original edge ids. One output is returned bare, several as a list;
- ``dgl_graph_compact(*graphs, *vertex_arrays, graph_sizes, return_mapping)``: a sampled
  subgraph (rows by position, columns by original vertex id, ``vertex_array[-1]`` = its vertex
  count) becomes a ``size x size`` CSR whose columns are renamed to their position among the
  first ``size`` vertex ids (the first one for a repeated id, as ``unordered_map::insert``) and
  whose values are ``0 .. nnz-1``. With ``return_mapping`` MXNet adds, after the graphs, one
  ``size x size`` CSR per graph that it never fills: mxnd returns them empty, as MXNet does;
- ``dgl_csr_neighbor_uniform_sample(g, *seed_arrays, num_hops=1, num_neighbor=2,
  max_num_vertices=100)`` and ``dgl_csr_neighbor_non_uniform_sample(g, probability, *seeds,
  ...)``: a breadth-first sampling from the (deduplicated) seeds. A vertex of layer
  ``< num_hops`` is expanded while fewer than ``max_num_vertices`` vertices are taken: it keeps
  all its neighbours when it has at most ``num_neighbor`` of them (in ``g``'s order), else
  ``num_neighbor`` of them drawn without replacement, uniformly (kept in ``g``'s order) or with
  weights ``probability[neighbour]`` (sorted by neighbour id). Its sampled neighbours not yet
  taken join the next layer, in order, until ``max_num_vertices`` are taken (an edge to a
  neighbour left out stays in the subgraph, as in MXNet). Per seed array the outputs are: the
  sorted vertex ids (length ``max_num_vertices + 1``, the last element the vertex count), the
  ``max_num_vertices x n`` CSR whose row ``i`` holds the sampled edges of the ``i``-th vertex
  (columns: original neighbour ids, values: edge ids), for the non-uniform sampler the float32
  ``probability`` of each vertex, and the layer of each vertex (0 for the seeds); all the id
  arrays first, then all the CSRs, the probabilities, the layers. A negative ``num_neighbor`` is
  unlimited (MXNet's size_t conversion). A truncated sampling warns with MXNet's message.

The sampling loops over the layers (at most ``num_hops`` rounds, each vectorised over the
frontier's edges) and over the seed arrays; everything else is vectorised. The samplers draw
from mxnd's generator of the graph's device (``mx.random.seed`` makes them repeatable): their
streams differ from MXNet's, which also seeds every vertex's draw identically. A row keeps the
``num_neighbor`` entries of smallest random key (position breaking ties): found by a per-row
selection of the ``num_neighbor``-th key in a padded ``rows x max degree`` matrix, or by sorting
all the keys where that matrix would be larger than the work. Vertex ids are looked up in tables
of the graph's size (first occurrences, membership) unless those are larger than the work, when
sorts and binary searches replace them; the host reads are batched (one per layer, one per check).

On the host (``fast_paths.on_host``) the functions run numpy (the ``*_host`` helpers: a partition
per row, ``np.minimum.at`` first occurrences, scipy's compiled CSR row gather where installed,
single-threaded copies for ``dgl_adjacency``); the torch code is the device path (CUDA, or the
CPU with ``MXND_HOST_FAST_PATHS=0``). Both take the same random draws from the generator (the
keys are drawn with torch either way) and return the same bits; tests/ndarray/test_contrib_graph.py
compares them directly.

Deliberate differences (MXNet aborts the process, reads out of bounds or returns memory it never
wrote): the padding of the sampled id and layer arrays is -1 and of the probabilities 0 (MXNet
leaves whatever the allocation held); a vertex id outside the graph (seeds, subgraph vertices),
an unsorted subgraph vertex array, more seeds than ``max_num_vertices``, a probability vector
shorter than the graph or with a negative or NaN entry, graph values or seeds that are not int64
and a probability that is not float32, and every failed check of ``dgl_graph_compact``'s
compute step raise MXNetError; a compacted graph keeps the entries of its first ``graph_size``
rows (MXNet keeps the column entries of all rows after a shorter indptr); its unfilled mapping
outputs have an all-zero indptr (MXNet's is empty); the non-uniform sampler keeps each sampled
neighbour with its own edge id (MXNet sorts the neighbours and the edge ids separately) and, when
fewer neighbours than ``num_neighbor`` have a positive probability, completes the sample with the
zero-probability ones in ``g``'s order (MXNet's heap returns repeated or out-of-range leaves).
Where MXNet raises at shape inference (an empty subgraph vertex array, ``max_num_vertices`` or a
graph size below 1), mxnd raises MXNetError with its own message.
"""
from __future__ import annotations

import warnings

import numpy as np
import torch

from ..errors import MXNetError
from ..fast_paths import on_host
from ..params import parse_bool, parse_int, parse_shape
from ..random import generator
from ..scipy_sparse import loops
from .ndarray import NDArray, wrap
from .sparse.arrays import make_csr

__all__ = ["dgl_adjacency", "dgl_subgraph", "dgl_graph_compact", "dgl_csr_neighbor_uniform_sample",
           "dgl_csr_neighbor_non_uniform_sample"]

_I64 = torch.int64
_STYPE_CODE = {"default": 0, "row_sparse": 1, "csr": 2}
_SAMPLE_PARAMS = ("num_args", "num_hops", "num_neighbor", "max_num_vertices")
_TRUNCATED = ("The sampling is truncated because we have reached the max number of vertices\n"
              "Please use a smaller number of seeds or a small neighborhood")


# ----------------------------------------------------------------------------- input checks
def _stype(array):
    return getattr(array, "stype", None) if isinstance(array, NDArray) else None


_STORAGE_ENUM = {"csr": ("kCSRStorage", 2), "default": ("kDefaultStorage", 0)}


def _check_storage(op, array, position, wanted, expectation):
    """MXNet's storage-type inference check of input ``position``: ``wanted`` ('csr' or 'default')."""
    stype = _stype(array)
    if stype != wanted:
        enum, code = _STORAGE_ENUM[wanted]
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}) == {enum} ({_STYPE_CODE.get(stype, -1)} "
                         f"vs. {code}) : {expectation}, got {stype or type(array).__name__}")


def _graph(op, array, position, int64=True):
    """The component tensors of a CSR input, checked as MXNet's storage and type inference do."""
    _check_storage(op, array, position, "csr", f"input {position} must be a CSRNDArray")
    if array.ndim != 2:
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}).ndim() == 2U ({array.ndim} vs. 2)")
    values, indices, indptr = array._components()
    if int64 and values.dtype != _I64:
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}) == mshadow::kInt64 : the graph's "
                         f"values are edge ids and must be int64, got {array.dtype.__name__}")
    return values, indices.to(_I64), indptr.to(_I64)


def _vector(op, array, position, what, dtype=_I64):
    """The tensor of a dense 1-D input of ``dtype``."""
    _check_storage(op, array, position, "default", f"{what} must be a dense NDArray")
    if array.ndim != 1:
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}).ndim() == 1U ({array.ndim} vs. 1) : "
                         f"{what} must be a 1-D array")
    if array._data.dtype != dtype:
        expected = "int64" if dtype == _I64 else "float32"
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}) == mshadow::k{expected.capitalize()} : "
                         f"{what} must be {expected}, got {array.dtype.__name__}")
    return array._data


def _same_context(op, arrays):
    ctx = arrays[0].context
    for other in arrays[1:]:
        if getattr(other, "context", ctx) != ctx:  # a non-array is reported by its own check
            raise MXNetError(f"{op}: all inputs must be on one context, got {ctx} and {other.context}")
    return ctx


def _num_args(op, given, count, lower):
    """MXNet's ``num_args``: at least ``lower`` and, when given, the number of inputs."""
    value = count if given is None else parse_int(given)
    if value < lower:
        raise MXNetError(f"{op}: value {value} for Parameter num_args should be greater equal to {lower}")
    if value != count:
        raise MXNetError(f"{op}: Check failed: num_inputs == infered_num_inputs ({count} vs. {value}) : "
                         f"Operator {op} expects {value} inputs, but got {count} instead.")
    return value


def _unknown(op, kwargs, names):
    if kwargs:
        raise MXNetError(f"{op}: Cannot find argument '{next(iter(kwargs))}', Possible Arguments: "
                         f"{', '.join(names)}")


def _required(op, value, name, kind):
    if value is None:
        raise MXNetError(f"{op}: Required parameter {name} of {kind} is not presented")
    return value


def _range_error(op, ids, limit, what):
    """MXNetError naming the first id of ``ids`` outside ``[0, limit)``."""
    bad = int(ids[(ids < 0) | (ids >= limit)][0])
    return MXNetError(f"{op}: Vertex Id {bad} isn't in a graph of {limit} vertices ({what})")


def _in_range(op, ids, limit, what):
    """Raise unless every id is in ``[0, limit)`` (one min/max pass, one host read)."""
    if ids.numel():
        if on_host(ids):
            low, high = int(_np(ids).min()), int(_np(ids).max())
        else:
            low, high = torch.stack(torch.aminmax(ids)).tolist()
        if low < 0 or high >= limit:
            raise _range_error(op, ids, limit, what)


def _check_sorted_in_range(op, vertices, limit, what):
    """Raise unless the non-empty ``vertices`` are sorted (MXNet's check first) and in ``[0, limit)``."""
    if on_host(vertices):
        v = _np(vertices)
        flags = (bool((v[1:] < v[:-1]).any()), int(v[0]), int(v[-1]))
    else:
        flags = torch.stack([(vertices[1:] < vertices[:-1]).any().to(_I64), vertices[0], vertices[-1]]).tolist()
    if flags[0]:
        raise MXNetError(f"{op}: Check failed: std::is_sorted(vid_data, vid_data + len): "
                         f"The input vertex list has to be sorted")
    if flags[1] < 0 or flags[2] >= limit:  # sorted: the first and last ids are the extremes
        raise _range_error(op, vertices, limit, what)


def _deliver(op, results, out, single):
    """``results`` (bare when ``single``), written into ``out`` (an array or a list) when given."""
    if out is not None:
        targets = [out] if isinstance(out, NDArray) else list(out)
        if len(targets) != len(results):
            raise MXNetError(f"{op}: out must hold the {len(results)} outputs, got {len(targets)} arrays")
        for target, result in zip(targets, results):
            target[:] = result
        results = targets
    return results[0] if single else results


def _np(tensor):
    """The numpy view of a CPU tensor (no copy)."""
    return tensor.detach().numpy() if tensor.requires_grad else tensor.numpy()


def _bounds(counts):
    """``[0, cumsum(counts)...]`` (int64; a tensor or a numpy array as ``counts``): where each
    row's entries start when ``counts`` are the rows' degrees, the total at the end."""
    if isinstance(counts, np.ndarray):
        bounds = np.zeros(counts.size + 1, np.int64)
        np.cumsum(counts, out=bounds[1:])
        return bounds
    bounds = torch.zeros(counts.numel() + 1, dtype=_I64, device=counts.device)
    torch.cumsum(counts, 0, out=bounds[1:])
    return bounds


def _rows(indptr, vertices):
    """For the rows ``vertices`` of a CSR: (row position, CSR position, offset in row) of each entry,
    the rows' degrees and their entries' bounds (``_bounds``)."""
    starts = indptr[vertices]
    degrees = indptr[vertices + 1] - starts
    bounds = _bounds(degrees)
    total = int(bounds[-1])
    row = torch.repeat_interleave(torch.arange(vertices.numel(), device=vertices.device), degrees,
                                  output_size=total)
    offset = torch.arange(total, device=row.device) - bounds[row]
    return row, starts[row] + offset, offset, degrees, bounds


def _host_entries(indptr, vertices):
    """numpy ``_rows`` without the row positions: (CSR position of each entry, the rows' bounds)."""
    starts = indptr[vertices]
    degrees = indptr[vertices + 1] - starts
    bounds = _bounds(degrees)
    return np.repeat(starts - bounds[:-1], degrees) + np.arange(bounds[-1]), bounds


def _counts_at(mask, bounds):
    """The number of true entries of ``mask`` before each bound (an indptr when ``bounds`` are rows')."""
    if isinstance(mask, np.ndarray):  # numpy's cumsum is slower than a search of the true entries
        return np.searchsorted(mask.nonzero()[0], bounds)
    return _bounds(mask)[bounds]


# ----------------------------------------------------------------------------- the operators
def dgl_adjacency(data=None, out=None, name=None, **kwargs):
    """The adjacency matrix of a graph: ``data``'s sparsity pattern with float32 ones.

    >>> import mxnd as mx
    >>> g = mx.nd.sparse.csr_matrix(([1, 2, 3], [0, 1, 2], [0, 1, 2, 3]), shape=(3, 3), dtype='int64')
    >>> mx.nd.contrib.dgl_adjacency(g).asnumpy().tolist()
    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """
    op = "_contrib_dgl_adjacency"
    _unknown(op, kwargs, ())
    _values, indices, indptr = _graph(op, data, 0)
    if on_host(indices):  # numpy's single-threaded fill and copies are faster on the host
        ones, indices, indptr = (torch.from_numpy(a) for a in (
            np.ones(indices.numel(), np.float32), _np(indices).copy(), _np(indptr).copy()))
    else:
        ones = torch.ones(indices.shape, dtype=torch.float32, device=indices.device)
        indices, indptr = indices.clone(), indptr.clone()
    result = make_csr(ones, indices, indptr, data.shape, data.context)
    return _deliver(op, [result], out, True)


def dgl_subgraph(*data, return_mapping=None, num_args=None, out=None, name=None, **kwargs):
    """The subgraphs of ``data[0]`` induced by the sorted int64 vertex arrays ``data[1:]``.

    Returns the subgraphs (values: new edge ids), then with ``return_mapping`` the same
    structures holding the original edge ids; a single output bare.

    >>> import mxnd as mx
    >>> x = mx.nd.array([[1, 0, 0, 2], [3, 0, 4, 0], [0, 5, 0, 0], [0, 6, 7, 0]], dtype='int64').tostype('csr')
    >>> new, old = mx.nd.contrib.dgl_subgraph(x, mx.nd.array([0, 1, 2], dtype='int64'), return_mapping=True)
    >>> new.asnumpy().tolist(), old.asnumpy().tolist()
    ([[0, 0, 0], [1, 0, 2], [0, 3, 0]], [[1, 0, 0], [3, 0, 4], [0, 5, 0]])
    """
    op = "_contrib_dgl_subgraph"
    _unknown(op, kwargs, ("num_args", "return_mapping"))
    _num_args(op, num_args, len(data), 2)
    mapping = parse_bool(_required(op, return_mapping, "return_mapping", "boolean"))
    values, indices, indptr = _graph(op, data[0], 0)
    ctx = _same_context(op, list(data))
    subgraphs, originals = [], []
    for position, array in enumerate(data[1:], 1):
        vertices = _vector(op, array, position, f"vertex array {position - 1}").to(indptr.device)
        count = vertices.numel()
        if count == 0:
            raise MXNetError(f"{op}: vertex array {position - 1} is empty (MXNet: Shape dim size cannot be "
                             f"a negative value -1)")
        _check_sorted_in_range(op, vertices, data[0].shape[0], f"vertex array {position - 1}")
        induce = _induce_host if on_host(vertices) else _induce
        numbering, new_columns, pointers, edges = induce(values, indices, indptr, vertices, data[0].shape, mapping)
        shape = (count, count)
        subgraphs.append(make_csr(numbering, new_columns, pointers, shape, ctx))
        if mapping:
            originals.append(make_csr(edges, new_columns.clone(), pointers.clone(), shape, ctx))
    results = subgraphs + originals
    return _deliver(op, results, out, len(results) == 1)


def _induce(values, indices, indptr, vertices, shape, mapping):
    """The subgraph induced by the sorted ``vertices``: (new edge ids, columns, indptr, original edge
    ids or None); a column is renamed to its last position in ``vertices`` (MXNet's hash map)."""
    _, at, _, _, bounds = _rows(indptr, vertices)
    columns = indices[at]
    size = max(shape)
    if size <= 4 * columns.numel() + 65536:  # a membership table no larger than the work
        member = torch.zeros(size, dtype=torch.bool, device=columns.device)
        member[vertices] = True
        kept = member[columns].nonzero().squeeze(1)
        new_columns = torch.searchsorted(vertices, columns[kept], right=True) - 1  # the last occurrence
    else:
        new = torch.searchsorted(vertices, columns, right=True) - 1
        kept = (vertices[new.clamp(min=0)] == columns).nonzero().squeeze(1)
        new_columns = new[kept]
    pointers = torch.searchsorted(kept, bounds)  # the kept entries before each row
    numbering = torch.arange(new_columns.numel(), dtype=_I64, device=new_columns.device)
    return numbering, new_columns, pointers, values[at[kept]] if mapping else None


def _host_rows(values, indices, indptr, vertices):
    """The entries of the rows ``vertices`` (numpy): (their columns, their values, the rows' bounds),
    gathered by scipy's compiled loop where it is installed."""
    gather = loops("csr_row_index")  # scipy's compiled CSR row gather, when installed
    if gather is None:
        at, bounds = _host_entries(indptr, vertices)
        return indices[at], values[at], bounds
    bounds = _bounds(indptr[vertices + 1] - indptr[vertices])
    columns, edges = np.empty(bounds[-1], indices.dtype), np.empty(bounds[-1], values.dtype)
    gather[0](vertices.size, *(np.ascontiguousarray(a) for a in (vertices, indptr, indices, values)),
              columns, edges)
    return columns, edges, bounds


def _induce_host(values, indices, indptr, vertices, shape, mapping):
    """numpy ``_induce``: tables of the vertices (membership, last position) replace the search."""
    v = _np(vertices)
    columns, edges, bounds = _host_rows(_np(values), _np(indices), _np(indptr), v)
    size = max(shape)
    if size <= 4 * columns.size + 65536:  # tables no larger than the work
        member = np.zeros(size, bool)
        member[v] = True
        kept = member[columns].nonzero()[0]
        last = np.ones(v.size, bool)  # sorted: a repeated vertex's copies are adjacent
        last[:-1] = v[1:] != v[:-1]
        position = np.empty(size, np.int64)  # read only where ``member``
        position[v[last]] = last.nonzero()[0]
        new_columns = position[columns[kept]]
    else:
        new = np.searchsorted(v, columns, side="right") - 1
        kept = (v[np.maximum(new, 0)] == columns).nonzero()[0]
        new_columns = new[kept]
    pointers = np.searchsorted(kept, bounds)  # the kept entries before each row
    numbering = np.arange(kept.size, dtype=np.int64)
    return torch.from_numpy(numbering), torch.from_numpy(new_columns), torch.from_numpy(pointers), \
        torch.from_numpy(edges[kept]) if mapping else None


def dgl_graph_compact(*graph_data, graph_sizes=None, return_mapping=None, num_args=None, out=None, name=None,
                      **kwargs):
    """Sampled subgraphs (``graph_data[:k]``) renamed by their vertex id arrays (``graph_data[k:]``).

    >>> import mxnd as mx
    >>> g = mx.nd.sparse.csr_matrix(([7, 8, 9], [3, 4, 1], [0, 2, 3, 3, 3]), shape=(4, 6), dtype='int64')
    >>> ids = mx.nd.array([1, 3, 4, -1, 3], dtype='int64')
    >>> mx.nd.contrib.dgl_graph_compact(g, ids, graph_sizes=3, return_mapping=False).asnumpy().tolist()
    [[0, 0, 1], [2, 0, 0], [0, 0, 0]]
    """
    op = "_contrib_dgl_graph_compact"
    _unknown(op, kwargs, ("num_args", "return_mapping", "graph_sizes"))
    _num_args(op, num_args, len(graph_data), 2)
    mapping = parse_bool(_required(op, return_mapping, "return_mapping", "boolean"))
    sizes = parse_shape(_required(op, graph_sizes, "graph_sizes", "tuple of <long>"))
    num_graphs = len(graph_data) // 2
    if num_graphs * 2 != len(graph_data):
        raise MXNetError(f"{op}: Check failed: num_g * 2 == in_attrs->size() ({num_graphs * 2} vs. "
                         f"{len(graph_data)}) : give as many vertex id arrays as graphs")
    if len(sizes) < num_graphs:
        raise MXNetError(f"{op}: Check failed: i >= 0 && i < ndim(): index = {len(sizes)} must be in range "
                         f"[0, {len(sizes)}) : graph_sizes needs one size per graph")
    ctx = _same_context(op, list(graph_data))
    compacted = []
    for i in range(num_graphs):
        _values, indices, indptr = _graph(op, graph_data[i], i)
        ids = _vector(op, graph_data[i + num_graphs], i + num_graphs, f"vertex id array {i}").to(indptr.device)
        size, (rows, cols) = sizes[i], graph_data[i].shape
        if size < 1 or rows < size or cols < size or ids.numel() < size:
            raise MXNetError(f"{op}: Check failed: graph_sizes[{i}] = {size} must be positive and at most the "
                             f"graph's shape {(rows, cols)} and the length {ids.numel()} of its vertex ids")
        if ids.numel() != indptr.numel():
            raise MXNetError(f"{op}: Check failed: vids.shape()[0] == in_ptr_data.shape_[0] ({ids.numel()} vs. "
                             f"{indptr.numel()}) : vertex id array {i} must have one entry per row plus the count")
        compact = _compact_host if on_host(ids) else _compact
        numbering, columns, pointers = compact(op, i, indices, indptr, ids, size)
        compacted.append(make_csr(numbering, columns, pointers, (size, size), ctx))
    results = compacted
    if mapping:  # MXNet declares these outputs and never writes them
        results = results + [make_csr(torch.zeros(0, dtype=_I64, device=c._indptr.device),
                                      torch.zeros(0, dtype=_I64, device=c._indptr.device),
                                      torch.zeros(c.shape[0] + 1, dtype=_I64, device=c._indptr.device),
                                      c.shape, ctx) for c in compacted]
    return _deliver(op, results, out, len(results) == 1)


def _compact_errors(op, i, size, last, unfilled):
    """``dgl_graph_compact``'s checks of the vertex ids: the count last, no -1 among the first ``size``."""
    if last != size:
        raise MXNetError(f"{op}: Check failed: static_cast<size_t>(row_ids[vids.shape()[0] - 1]) == graph_size "
                         f"({last} vs. {size}) : the last vertex id must be the vertex count")
    if unfilled:
        raise MXNetError(f"{op}: Check failed: row_ids[i] != -1 (-1 vs. -1) : graph {i} has fewer than "
                         f"{size} vertex ids")


def _missing(op, i, size, vertex):
    return MXNetError(f"{op}: Check failed: it != id_map.end(): vertex {vertex} of graph {i} is not "
                      f"among its first {size} vertex ids")


def _compact(op, i, indices, indptr, ids, size):
    """Graph ``i`` compacted: (new edge ids, columns renamed to the first position of their id among
    the first ``size`` of ``ids``, indptr of the first ``size`` rows); two host reads."""
    taken = ids[:size]
    _compact_errors(op, i, size, *torch.stack([ids[-1], (taken == -1).any().to(_I64)]).tolist())
    sorted_ids, order = torch.sort(taken, stable=True)  # stable: the first occurrence of a repeated id
    at = torch.searchsorted(sorted_ids, indices).clamp(max=size - 1)
    found = sorted_ids[at] == indices
    complete, kept = torch.stack([found.all().to(_I64), indptr[size]]).tolist()
    if not complete:
        raise _missing(op, i, size, int(indices[~found][0]))
    numbering = torch.arange(kept, dtype=_I64, device=indices.device)
    return numbering, order[at[:kept]], indptr[:size + 1].clone()


def _compact_host(op, i, indices, indptr, ids, size):
    """numpy ``_compact``: a table of each id's first position replaces the sort and the search."""
    indices, ids = _np(indices), _np(ids)
    taken = ids[:size]
    _compact_errors(op, i, size, int(ids[-1]), bool((taken == -1).any()))
    span = int(indices.max()) + 1 if indices.size else 0  # the ids that a column can match
    if span <= 4 * (size + indices.size) + 65536:  # a table no larger than the work
        first = np.full(span, size, np.int64)  # size: absent
        usable = (taken >= 0) & (taken < span)
        np.minimum.at(first, taken[usable], usable.nonzero()[0])
        columns = first[indices]
        found = columns < size
    else:
        order = np.argsort(taken, kind="stable")
        sorted_ids = taken[order]
        at = np.minimum(np.searchsorted(sorted_ids, indices), size - 1)
        found = sorted_ids[at] == indices
        columns = order[at]
    if not found.all():
        raise _missing(op, i, size, int(indices[~found][0]))
    pointers = _np(indptr)[:size + 1].copy()
    kept = int(pointers[-1])
    return torch.from_numpy(np.arange(kept, dtype=np.int64)), torch.from_numpy(columns[:kept]), \
        torch.from_numpy(pointers)


# ----------------------------------------------------------------------------- neighbour sampling
def _draw_keys(total, weights, gen, device):
    """Sampling keys: the ``limit`` smallest of a row are a draw without replacement.

    ``weights`` None: uniform keys; else exponential keys over the weights (the first ``limit``
    are a sequential draw proportional to the weights; a zero weight's key is infinite).
    """
    if weights is None:
        return torch.rand(total, generator=gen, dtype=torch.float64, device=device)
    draws = torch.empty(total, dtype=torch.float64, device=device).exponential_(generator=gen)
    return torch.where(weights > 0, draws / weights, torch.full_like(draws, float("inf")))


def _pick(row, offset, degrees, bounds, limit, weights, gen):
    """Mask of the entries kept: all of a row of at most ``limit``, else its ``limit`` smallest keys."""
    over = degrees > limit
    if not bool(over.any()):
        return torch.ones(row.numel(), dtype=torch.bool, device=row.device)
    keys = _draw_keys(row.numel(), weights, gen, row.device)
    if limit == 0:
        return ~over[row]
    over_rows = over.nonzero().squeeze(1)
    width = int(degrees[over_rows].max())
    if over_rows.numel() * width > 4 * row.numel() + 4096:  # a padded matrix larger than the work
        return _smallest_by_sort(keys, row, degrees, bounds, over, limit)
    return _smallest(keys, row, offset, bounds, over, over_rows, width, limit)


def _smallest_by_sort(keys, row, degrees, bounds, over, limit):
    """``_pick``'s mask by sorting all the keys: the rank in its row by (key, position) < ``limit``."""
    order = torch.argsort(keys, stable=True)
    order = order[torch.argsort(row[order], stable=True)]  # by row, then by key
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.numel(), device=row.device) - bounds[row[order]]
    return (rank < limit) | ~over[row]


def _smallest(keys, row, offset, bounds, over, over_rows, width, limit):
    """``_pick``'s mask from each full row's ``limit``-th smallest key (a padded ``rows x width``
    selection): the smaller keys, then the equal ones in position order (as a stable sort)."""
    slot = torch.full(over.shape, -1, dtype=_I64, device=row.device)
    slot[over_rows] = torch.arange(over_rows.numel(), device=row.device)
    entry_slot = slot[row]
    inside = entry_slot >= 0
    padded = keys.new_full((over_rows.numel(), width), float("inf"))  # the padding sorts last
    padded[entry_slot[inside], offset[inside]] = keys[inside]
    threshold = padded.topk(limit, dim=1, largest=False).values[:, -1][entry_slot.clamp(min=0)]
    less, equal = keys < threshold, (keys == threshold) & inside
    if int(equal.sum()) == over_rows.numel():  # no ties: the threshold is the last key taken
        return ~inside | less | equal
    smaller = _counts_at(less & inside, bounds)
    need = (limit - (smaller[1:] - smaller[:-1]))[row]  # the equal keys still to take in each row
    seen = _bounds(equal)
    return ~inside | less | (equal & (seen[1:] - seen[bounds[row]] <= need))


def _smallest_host(keys, row, bounds, over, over_rows, width, limit):
    """numpy ``_smallest``: the full rows' keys laid out by a mask (in order, padded with infinity at
    the end of each row), a partition per row, then the kept entries read back through the mask."""
    every_row = over_rows.size == over.size
    inside = None if every_row else over[row]
    layout = np.arange(width) < (bounds[over_rows + 1] - bounds[over_rows])[:, None]
    padded = np.full(layout.shape, np.inf)  # the padding sorts last
    padded[layout] = keys if every_row else keys[inside]
    kth = np.partition(padded, limit - 1, axis=1)[:, limit - 1:limit]
    if np.count_nonzero(padded == kth) == over_rows.size:  # no ties: the threshold is the last key taken
        taken = (padded <= kth)[layout]
    else:  # the smaller keys, then the equal ones in position order
        less, equal = padded < kth, (padded == kth) & layout
        need = limit - np.count_nonzero(less, axis=1)[:, None]
        taken = (less | (equal & (np.cumsum(equal, axis=1) <= need)))[layout]
    if every_row:
        return taken
    keep = ~inside
    keep[inside] = taken
    return keep


def _first_of(values, size):
    """Mask of the first occurrence of each value of ``values`` (ids in ``[0, size)``)."""
    positions = torch.arange(values.numel(), device=values.device)
    if size <= 4 * values.numel() + 65536:  # a table of the ids no larger than the work
        first = torch.full((size,), values.numel(), dtype=_I64, device=values.device)
        first.scatter_reduce_(0, values, positions, reduce="amin")
        return first[values] == positions
    unique, inverse = torch.unique(values, return_inverse=True)
    first = torch.full(unique.shape, values.numel(), dtype=_I64, device=values.device)
    first = first.scatter_reduce(0, inverse, positions, reduce="amin")
    return first[inverse] == positions


def _sampled_order(chosen, row, columns, offset, over, n):
    """``chosen`` sorted by row, then by neighbour id in a sampled row (by offset in a full row)."""
    rows = row[chosen]
    key = torch.where(over[rows], columns[chosen], offset[chosen])
    base = max(n, int(offset.max()) + 1 if offset.numel() else 1)  # above every key
    if over.numel() < 2 ** 62 // base:  # row * base + key fits in int64
        return chosen[torch.argsort(rows * base + key, stable=True)]
    order = torch.argsort(key, stable=True)
    return chosen[order[torch.argsort(row[chosen][order], stable=True)]]


def _sample(op, graph, seeds, probability, num_hops, limit, max_vertices, gen):
    """One subgraph: (vertex ids, CSR, probabilities or None, layers); loops over the layers."""
    values, indices, indptr = graph
    device, n = indptr.device, indptr.numel() - 1
    if max_vertices < seeds.numel():  # MXNet counts the repeated seeds too
        raise MXNetError(f"{op}: Check failed: max_num_vertices >= num_seeds ({max_vertices} vs. "
                         f"{seeds.numel()})")
    frontier = seeds[_first_of(seeds, n)]
    taken = torch.zeros(n, dtype=torch.bool, device=device)
    taken[frontier] = True
    vertices, layers, edge_counts = [frontier], [torch.zeros_like(frontier)], []
    columns_out, edges_out = [], []
    count, layer, truncated, num_edges = frontier.numel(), 0, False, 0
    while layer < num_hops and frontier.numel():
        if count >= max_vertices:
            truncated = True
            break
        row, at, offset, degrees, bounds = _rows(indptr, frontier)
        columns = indices[at]
        weights = None if probability is None else probability[columns].to(torch.float64)
        keep = _pick(row, offset, degrees, bounds, limit, weights, gen)
        chosen = keep.nonzero().squeeze(1)
        if probability is not None:  # a sampled row is sorted by neighbour id (MXNet's sort)
            chosen = _sampled_order(chosen, row, columns, offset, degrees > limit, n)
        columns, at = columns[chosen], at[chosen]
        new = _first_of(columns, n) & ~taken[columns]
        budget = max_vertices - count
        seen = _bounds(new)  # the new vertices before each entry
        row_bounds = _counts_at(keep, bounds)  # each row's entries among the chosen
        expanded = seen[row_bounds[:-1]] < budget  # the rows reached before the set is full
        num_expanded = expanded.sum()
        num_rows, kept_edges, num_new = torch.stack([num_expanded, row_bounds[num_expanded], seen[-1]]).tolist()
        truncated = truncated or num_rows < frontier.numel()
        edge_counts.append((row_bounds[1:] - row_bounds[:-1]) * expanded)
        columns_out.append(columns[:kept_edges])  # the expanded rows come first
        edges_out.append(values[at[:kept_edges]])
        num_edges += kept_edges
        frontier = columns[new & (seen[1:] <= budget)] if num_new > budget else columns[new]
        taken[frontier] = True
        count += frontier.numel()
        layer += 1
        vertices.append(frontier)
        layers.append(torch.full_like(frontier, layer))
    if truncated:
        warnings.warn(_TRUNCATED, stacklevel=4)  # the caller of dgl_*
    every = torch.cat(vertices)
    sorted_vertices, order = torch.sort(every)
    ids = torch.full((max_vertices + 1,), -1, dtype=_I64, device=device)
    ids[:count] = sorted_vertices
    ids[max_vertices] = count
    layer_of = torch.full((max_vertices,), -1, dtype=_I64, device=device)
    layer_of[:count] = torch.cat(layers)[order]
    probabilities = None
    if probability is not None:
        probabilities = torch.zeros(max_vertices, dtype=torch.float32, device=device)
        probabilities[:count] = probability[sorted_vertices]
    edge_counts.append(every.new_zeros(count - sum(c.numel() for c in edge_counts)))  # unexpanded
    return ids, _gather_rows(edge_counts, columns_out, edges_out, order, num_edges, max_vertices), \
        probabilities, layer_of


def _gather_rows(edge_counts, columns_out, edges_out, order, num_edges, max_vertices):
    """The sampled CSR (values, indices, indptr): each vertex's block of edges (``edge_counts``,
    in the order taken) moved to the vertex's sorted position ``order``."""
    counts = torch.cat(edge_counts)
    starts = _bounds(counts)[:-1]
    sorted_counts = counts[order]
    pointers = _bounds(sorted_counts)
    indptr = torch.full((max_vertices + 1,), num_edges, dtype=_I64, device=counts.device)
    indptr[:pointers.numel()] = pointers
    shift = torch.repeat_interleave(starts[order] - pointers[:-1], sorted_counts, output_size=num_edges)
    gather = shift + torch.arange(num_edges, device=counts.device)
    return torch.cat(edges_out)[gather] if edges_out else counts[:0], \
        torch.cat(columns_out)[gather] if columns_out else counts[:0], indptr


# ----------------------------------------------------------------------------- the sampling on the host
def _pick_host(row, degrees, bounds, limit, weights, gen):
    """numpy ``_pick`` (the same draws from ``gen``)."""
    over = degrees > limit
    if not over.any():
        return np.ones(row.size, bool)
    keys = _draw_keys_host(row.size, weights, gen)
    if limit == 0:
        return ~over[row]
    over_rows = over.nonzero()[0]
    width = int(degrees[over_rows].max())
    if over_rows.size * width > 4 * row.size + 4096:  # a padded matrix larger than the work
        return _smallest_by_sort_host(keys, row, bounds, over, limit)
    return _smallest_host(keys, row, bounds, over, over_rows, width, limit)


def _smallest_by_sort_host(keys, row, bounds, over, limit):
    """numpy ``_smallest_by_sort``."""
    order = np.argsort(keys, kind="stable")
    order = order[np.argsort(row[order], kind="stable")]  # by row, then by key
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size) - bounds[row[order]]
    return (rank < limit) | ~over[row]


def _draw_keys_host(total, weights, gen):
    """numpy ``_draw_keys`` (the same draws, the same float64 quotients)."""
    if weights is None:
        return _np(torch.rand(total, generator=gen, dtype=torch.float64))
    draws = _np(torch.empty(total, dtype=torch.float64).exponential_(generator=gen))
    return np.divide(draws, weights, out=np.full(total, np.inf), where=weights > 0)


def _first_of_host(values, size):
    """numpy ``_first_of``."""
    positions = np.arange(values.size)
    if size <= 4 * values.size + 65536:
        first = np.full(size, values.size, np.int64)
        np.minimum.at(first, values, positions)
        return first[values] == positions
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    starts = np.ones(values.size, bool)  # in the sorted order, each value's first position
    starts[1:] = ordered[1:] != ordered[:-1]
    first = np.zeros(values.size, bool)
    first[order[starts]] = True
    return first


def _sampled_order_host(chosen, row, columns, offset, over, n):
    """numpy ``_sampled_order``."""
    rows = row[chosen]
    key = np.where(over[rows], columns[chosen], offset[chosen])
    base = max(n, int(offset.max()) + 1 if offset.size else 1)
    if over.size < 2 ** 62 // base:
        return chosen[np.argsort(rows * base + key, kind="stable")]
    order = np.argsort(key, kind="stable")
    return chosen[order[np.argsort(rows[order], kind="stable")]]


def _sample_host(op, graph, seeds, probability, num_hops, limit, max_vertices, gen):
    """numpy ``_sample``: the same steps, the same draws from ``gen``, the same results."""
    values, indices, indptr = (_np(t) for t in graph)
    probability = None if probability is None else _np(probability)
    n, seeds = indptr.size - 1, _np(seeds)
    if max_vertices < seeds.size:
        raise MXNetError(f"{op}: Check failed: max_num_vertices >= num_seeds ({max_vertices} vs. {seeds.size})")
    frontier = seeds[_first_of_host(seeds, n)]
    taken = np.zeros(n, bool)
    taken[frontier] = True
    vertices, layers, edge_counts = [frontier], [np.zeros(frontier.size, np.int64)], []
    columns_out, edges_out = [], []
    count, layer, truncated, num_edges = frontier.size, 0, False, 0
    while layer < num_hops and frontier.size:
        if count >= max_vertices:
            truncated = True
            break
        at, bounds = _host_entries(indptr, frontier)
        degrees = np.diff(bounds)
        row = np.repeat(np.arange(frontier.size), degrees)
        columns = indices[at]
        weights = None if probability is None else probability[columns].astype(np.float64)
        keep = _pick_host(row, degrees, bounds, limit, weights, gen)
        kept = chosen = keep.nonzero()[0]
        if probability is not None:  # a sampled row is sorted by neighbour id (MXNet's sort)
            offset = np.arange(at.size) - bounds[row]
            chosen = _sampled_order_host(kept, row, columns, offset, degrees > limit, n)
        columns, at = columns[chosen], at[chosen]
        new = (_first_of_host(columns, n) & ~taken[columns]).nonzero()[0]  # the new vertices' entries
        budget = max_vertices - count
        row_bounds = np.searchsorted(kept, bounds)  # each row's entries among the chosen
        expanded = np.searchsorted(new, row_bounds[:-1]) < budget  # the rows reached before the set is full
        num_rows = int(np.count_nonzero(expanded))
        kept_edges = int(row_bounds[num_rows])
        truncated = truncated or num_rows < frontier.size
        edge_counts.append(np.diff(row_bounds) * expanded)
        columns_out.append(columns[:kept_edges])  # the expanded rows come first
        edges_out.append(values[at[:kept_edges]])
        num_edges += kept_edges
        frontier = columns[new[:budget]]
        taken[frontier] = True
        count += frontier.size
        layer += 1
        vertices.append(frontier)
        layers.append(np.full(frontier.size, layer, np.int64))
    if truncated:
        warnings.warn(_TRUNCATED, stacklevel=4)  # the caller of dgl_*
    every = np.concatenate(vertices)
    order = np.argsort(every)  # distinct ids: one order
    ids = np.full(max_vertices + 1, -1, np.int64)
    ids[:count] = every[order]
    ids[max_vertices] = count
    layer_of = np.full(max_vertices, -1, np.int64)
    layer_of[:count] = np.concatenate(layers)[order]
    probabilities = None
    if probability is not None:
        probabilities = np.zeros(max_vertices, np.float32)
        probabilities[:count] = probability[ids[:count]]
        probabilities = torch.from_numpy(probabilities)
    edge_counts.append(np.zeros(count - sum(c.size for c in edge_counts), np.int64))  # unexpanded
    csr = _gather_rows_host(edge_counts, columns_out, edges_out, order, num_edges, max_vertices)
    return torch.from_numpy(ids), csr, probabilities, torch.from_numpy(layer_of)


def _gather_rows_host(edge_counts, columns_out, edges_out, order, num_edges, max_vertices):
    """numpy ``_gather_rows`` (returns tensors)."""
    counts = np.concatenate(edge_counts)
    starts = _bounds(counts)[:-1]
    sorted_counts = counts[order]
    pointers = _bounds(sorted_counts)
    indptr = np.full(max_vertices + 1, num_edges, np.int64)
    indptr[:pointers.size] = pointers
    gather = np.repeat(starts[order] - pointers[:-1], sorted_counts) + np.arange(num_edges)
    edges = np.concatenate(edges_out)[gather] if edges_out else counts[:0]
    columns = np.concatenate(columns_out)[gather] if columns_out else counts[:0]
    return torch.from_numpy(edges), torch.from_numpy(columns), torch.from_numpy(indptr)


def _neighbor_sample(op, arrays, probability_input, kwargs):
    """The two samplers: checks, parameters, one ``_sample`` per seed array, MXNet's output order."""
    out = kwargs.pop("out", None)
    kwargs.pop("name", None)
    params = {name: kwargs.pop(name) for name in _SAMPLE_PARAMS if name in kwargs}
    _unknown(op, kwargs, _SAMPLE_PARAMS)
    first_seed = 2 if probability_input else 1
    _num_args(op, params.get("num_args"), len(arrays), 2)
    num_hops = parse_int(params.get("num_hops", 1))
    num_neighbor = parse_int(params.get("num_neighbor", 2))
    limit = num_neighbor if num_neighbor >= 0 else 2 ** 62  # size_t: a negative count is unlimited
    max_vertices = parse_int(params.get("max_num_vertices", 100))
    graph = _graph(op, arrays[0], 0)
    shape = arrays[0].shape
    if shape[0] != shape[1]:
        raise MXNetError(f"{op}: Check failed: in_attrs->at(0)[0] == in_attrs->at(0)[1] ({shape[0]} vs. "
                         f"{shape[1]}) : the graph must be square")
    if max_vertices < 1:
        raise MXNetError(f"{op}: max_num_vertices must be at least 1, got {max_vertices} (MXNet cannot infer "
                         f"the output shapes)")
    ctx = _same_context(op, list(arrays))
    device = graph[2].device
    probability = None
    if probability_input:
        probability = _vector(op, arrays[1], 1, "probability", torch.float32).to(device)
        if probability.numel() < shape[0]:
            raise MXNetError(f"{op}: probability has {probability.numel()} entries for a graph of {shape[0]} "
                             f"vertices")
        if not bool((probability >= 0).all()):  # one pass: false for a NaN too
            raise MXNetError(f"{op}: probability must be non-negative")
    seed_arrays = [_vector(op, a, i, f"seed array {i - first_seed}").to(device)
                   for i, a in enumerate(arrays[first_seed:], first_seed)]
    for i, seeds in enumerate(seed_arrays):
        _in_range(op, seeds, shape[0], f"seed array {i}")
    gen = generator(device)
    sample = _sample_host if on_host(graph[2]) else _sample
    parts = []
    for seeds in seed_arrays:  # one subgraph per seed array
        parts.append(sample(op, graph, seeds, probability, num_hops, limit, max_vertices, gen))
    csr_shape = (max_vertices, shape[1])
    results = [wrap(p[0], ctx) for p in parts] + [make_csr(*p[1], csr_shape, ctx) for p in parts]
    if probability_input:
        results += [wrap(p[2], ctx) for p in parts]
    results += [wrap(p[3], ctx) for p in parts]
    return _deliver(op, results, out, False)


def dgl_csr_neighbor_uniform_sample(*seed_arrays, **kwargs):
    """Uniform neighbour sampling from each seed array of the graph ``seed_arrays[0]``.

    Parameters ``num_hops=1``, ``num_neighbor=2``, ``max_num_vertices=100``, ``num_args``.
    Returns the vertex id arrays, the sampled CSRs and the layer arrays (one per seed array).
    Random: repeatable with ``mx.random.seed``. Loops over the hops (see the module docstring).

    >>> import mxnd as mx
    >>> g = mx.nd.sparse.csr_matrix(([1, 2, 3], [1, 2, 0], [0, 2, 3, 3]), shape=(3, 3), dtype='int64')
    >>> ids, sub, layers = mx.nd.contrib.dgl_csr_neighbor_uniform_sample(
    ...     g, mx.nd.array([0], dtype='int64'), num_neighbor=2, max_num_vertices=4)
    >>> ids.asnumpy().tolist(), sub.asnumpy().tolist()[0], layers.asnumpy().tolist()
    ([0, 1, 2, -1, 3], [0, 1, 2], [0, 1, 1, -1])
    """
    return _neighbor_sample("_contrib_dgl_csr_neighbor_uniform_sample", seed_arrays, False, kwargs)


def dgl_csr_neighbor_non_uniform_sample(*seed_arrays, **kwargs):
    """Neighbour sampling weighted by ``seed_arrays[1]`` (float32, one per vertex) of the graph ``seed_arrays[0]``.

    Parameters as :func:`dgl_csr_neighbor_uniform_sample`. Returns the vertex id arrays, the
    sampled CSRs, the vertices' probabilities and the layer arrays (one per seed array). Random:
    repeatable with ``mx.random.seed``. Loops over the hops (see the module docstring).
    """
    return _neighbor_sample("_contrib_dgl_csr_neighbor_non_uniform_sample", seed_arrays, True, kwargs)
