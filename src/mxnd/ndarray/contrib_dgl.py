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
streams differ from MXNet's, which also seeds every vertex's draw identically.

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

import torch

from ..errors import MXNetError
from ..params import parse_bool, parse_int, parse_shape
from ..random import generator
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


def _graph(op, array, position, int64=True):
    """The component tensors of a CSR input, checked as MXNet's storage and type inference do."""
    stype = _stype(array)
    if stype != "csr":
        code = _STYPE_CODE.get(stype, -1)
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}) == kCSRStorage ({code} vs. 2) : "
                         f"input {position} must be a CSRNDArray, got {stype or type(array).__name__}")
    if array.ndim != 2:
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}).ndim() == 2U ({array.ndim} vs. 2)")
    values, indices, indptr = array._components()
    if int64 and values.dtype != _I64:
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}) == mshadow::kInt64 : the graph's "
                         f"values are edge ids and must be int64, got {array.dtype.__name__}")
    return values, indices.to(_I64), indptr.to(_I64)


def _vector(op, array, position, what, dtype=_I64):
    """The tensor of a dense 1-D input of ``dtype``."""
    stype = _stype(array)
    if stype != "default":
        code = _STYPE_CODE.get(stype, -1)
        raise MXNetError(f"{op}: Check failed: in_attrs->at({position}) == kDefaultStorage ({code} vs. 0) : "
                         f"{what} must be a dense NDArray, got {stype or type(array).__name__}")
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


def _in_range(op, ids, limit, what):
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= limit):
        bad = int(ids[(ids < 0) | (ids >= limit)][0])
        raise MXNetError(f"{op}: Vertex Id {bad} isn't in a graph of {limit} vertices ({what})")


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


def _rows(indptr, vertices):
    """For the rows ``vertices`` of a CSR: (row position, CSR position, offset in row) of each entry."""
    starts = indptr[vertices]
    degrees = indptr[vertices + 1] - starts
    row = torch.repeat_interleave(torch.arange(vertices.numel(), device=vertices.device), degrees)
    offset = torch.arange(row.numel(), device=row.device) - (torch.cumsum(degrees, 0) - degrees)[row]
    return row, starts[row] + offset, offset, degrees


def _indptr_of(rows, num_rows):
    """The indptr of sorted row positions ``rows`` (a deterministic count on every device)."""
    return torch.searchsorted(rows.contiguous(), torch.arange(num_rows + 1, device=rows.device))


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
    ones = torch.ones(indices.shape, dtype=torch.float32, device=indices.device)
    result = make_csr(ones, indices.clone(), indptr.clone(), data.shape, data.context)
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
        if bool((vertices[1:] < vertices[:-1]).any()):
            raise MXNetError(f"{op}: Check failed: std::is_sorted(vid_data, vid_data + len): "
                             f"The input vertex list has to be sorted")
        _in_range(op, vertices, data[0].shape[0], f"vertex array {position - 1}")
        row, at, _, _ = _rows(indptr, vertices)
        columns = indices[at]
        last = torch.searchsorted(vertices, columns, right=True) - 1  # the last occurrence, as operator[]
        kept = (last >= 0) & (vertices[last.clamp(min=0)] == columns)
        new_columns, row = last[kept], row[kept]
        pointers = _indptr_of(row, count)
        shape = (count, count)
        numbering = torch.arange(new_columns.numel(), dtype=_I64, device=new_columns.device)
        subgraphs.append(make_csr(numbering, new_columns, pointers, shape, ctx))
        if mapping:
            originals.append(make_csr(values[at[kept]], new_columns.clone(), pointers.clone(), shape, ctx))
    results = subgraphs + originals
    return _deliver(op, results, out, len(results) == 1)


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
        if int(ids[-1]) != size:
            raise MXNetError(f"{op}: Check failed: static_cast<size_t>(row_ids[vids.shape()[0] - 1]) == graph_size "
                             f"({int(ids[-1])} vs. {size}) : the last vertex id must be the vertex count")
        taken = ids[:size]
        if bool((taken == -1).any()):
            raise MXNetError(f"{op}: Check failed: row_ids[i] != -1 (-1 vs. -1) : graph {i} has fewer than "
                             f"{size} vertex ids")
        sorted_ids, order = torch.sort(taken, stable=True)  # stable: the first occurrence of a repeated id
        at = torch.searchsorted(sorted_ids, indices).clamp(max=size - 1)
        found = sorted_ids[at] == indices
        if not bool(found.all()):
            missing = int(indices[~found][0])
            raise MXNetError(f"{op}: Check failed: it != id_map.end(): vertex {missing} of graph {i} is not "
                             f"among its first {size} vertex ids")
        pointers = indptr[:size + 1].clone()
        kept = int(pointers[-1])
        numbering = torch.arange(kept, dtype=_I64, device=indices.device)
        compacted.append(make_csr(numbering, order[at[:kept]], pointers, (size, size), ctx))
    results = compacted
    if mapping:  # MXNet declares these outputs and never writes them
        results = results + [make_csr(torch.zeros(0, dtype=_I64, device=c._indptr.device),
                                      torch.zeros(0, dtype=_I64, device=c._indptr.device),
                                      torch.zeros(c.shape[0] + 1, dtype=_I64, device=c._indptr.device),
                                      c.shape, ctx) for c in compacted]
    return _deliver(op, results, out, len(results) == 1)


# ----------------------------------------------------------------------------- neighbour sampling
def _pick(row, columns, degrees, limit, weights, gen):
    """Mask of the entries kept: all of a row of at most ``limit``, else ``limit`` drawn without replacement.

    ``weights`` None draws uniformly; else each entry is weighted (exponential keys over the
    weights: the first ``limit`` keys are a sequential draw proportional to the weights).
    """
    total = row.numel()
    over = degrees[row] > limit
    if not bool(over.any()):
        return torch.ones(total, dtype=torch.bool, device=row.device)
    if weights is None:
        keys = torch.rand(total, generator=gen, dtype=torch.float64, device=row.device)
    else:
        draws = torch.empty(total, dtype=torch.float64, device=row.device).exponential_(generator=gen)
        keys = torch.where(weights > 0, draws / weights, torch.full_like(draws, float("inf")))
    order = torch.argsort(keys, stable=True)
    order = order[torch.argsort(row[order], stable=True)]  # by row, then by key
    starts = torch.cumsum(degrees, 0) - degrees
    rank = torch.empty_like(order)
    rank[order] = torch.arange(total, device=row.device) - starts[row[order]]
    return (rank < limit) | ~over


def _first_new(columns, taken):
    """Mask of the entries whose column is not ``taken`` and not seen earlier in ``columns``."""
    unique, inverse = torch.unique(columns, return_inverse=True)
    positions = torch.arange(columns.numel(), device=columns.device)
    first = torch.full(unique.shape, columns.numel(), dtype=_I64, device=columns.device)
    first = first.scatter_reduce(0, inverse, positions, reduce="amin")
    return (first[inverse] == positions) & ~taken[columns]


def _sample(op, graph, seeds, probability, num_hops, limit, max_vertices, gen):
    """One subgraph: (vertex ids, CSR, probabilities or None, layers); loops over the layers."""
    values, indices, indptr = graph
    device, n = indptr.device, indptr.numel() - 1
    positions = torch.arange(seeds.numel(), device=device)
    unique, inverse = torch.unique(seeds, return_inverse=True)
    first = torch.full(unique.shape, seeds.numel(), dtype=_I64, device=device)
    frontier = seeds[first.scatter_reduce(0, inverse, positions, reduce="amin").sort().values]
    if max_vertices < seeds.numel():  # MXNet counts the repeated seeds too
        raise MXNetError(f"{op}: Check failed: max_num_vertices >= num_seeds ({max_vertices} vs. "
                         f"{seeds.numel()})")
    taken = torch.zeros(n, dtype=torch.bool, device=device)
    taken[frontier] = True
    vertices, layers = [frontier], [torch.zeros_like(frontier)]
    sources, columns_out, edges_out = [], [], []
    count, layer, truncated = frontier.numel(), 0, False
    while layer < num_hops and frontier.numel():
        if count >= max_vertices:
            truncated = True
            break
        row, at, offset, degrees = _rows(indptr, frontier)
        columns = indices[at]
        weights = None if probability is None else probability[columns].to(torch.float64)
        keep = _pick(row, columns, degrees, limit, weights, gen)
        if probability is not None:  # a sampled row is sorted by neighbour id (MXNet's sort)
            key = torch.where(degrees[row] > limit, columns, offset)
            order = torch.argsort(key, stable=True)
            order = order[torch.argsort(row[order], stable=True)]
            chosen = order[keep[order]]
        else:
            chosen = keep.nonzero().squeeze(1)
        row, columns, at = row[chosen], columns[chosen], at[chosen]
        new = _first_new(columns, taken)
        budget = max_vertices - count
        accepted = new & (torch.cumsum(new, 0) <= budget)  # the first ``budget`` new vertices
        seen = torch.cat([new.new_zeros(1, dtype=_I64), torch.cumsum(new, 0)])  # new vertices before each entry
        before = seen[torch.searchsorted(row, torch.arange(frontier.numel(), device=device))]
        expanded = before < budget  # the rows reached before the set is full
        truncated = truncated or not bool(expanded.all())
        edge = expanded[row]
        sources.append(frontier[row[edge]])
        columns_out.append(columns[edge])
        edges_out.append(values[at[edge]])
        frontier = columns[accepted]
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
    rows = torch.searchsorted(sorted_vertices, torch.cat(sources)) if sources else every[:0]
    rows, order = torch.sort(rows, stable=True)
    cols = torch.cat(columns_out)[order] if sources else every[:0]
    eids = torch.cat(edges_out)[order] if sources else every[:0]
    return ids, (eids, cols, _indptr_of(rows, max_vertices)), probabilities, layer_of


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
        if bool(((probability < 0) | probability.isnan()).any()):
            raise MXNetError(f"{op}: probability must be non-negative")
    seed_arrays = [_vector(op, a, i, f"seed array {i - first_seed}").to(device)
                   for i, a in enumerate(arrays[first_seed:], first_seed)]
    for i, seeds in enumerate(seed_arrays):
        _in_range(op, seeds, shape[0], f"seed array {i}")
    gen = generator(device)
    parts = []
    for seeds in seed_arrays:  # one subgraph per seed array
        parts.append(_sample(op, graph, seeds, probability, num_hops, limit, max_vertices, gen))
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
