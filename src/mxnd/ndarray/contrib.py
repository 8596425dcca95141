"""``mx.nd.contrib``: the ``_contrib_*`` operators of the registry, as MXNet routes them, MXNet's
Python wrappers of the batched updates, and its imperative control flow (``foreach``, ``while_loop``,
``cond``), ``rand_zipfian`` and the graph operators ``edge_id`` and ``dgl_*``. ``current_context``
and ``uniform`` are reachable here as in MXNet's module (which imports them)."""
from ..context import current_context
from .contrib_control import cond, foreach, rand_zipfian, while_loop
from .contrib_dgl import (dgl_adjacency, dgl_csr_neighbor_non_uniform_sample, dgl_csr_neighbor_uniform_sample,
                          dgl_graph_compact, dgl_subgraph)
from .contrib_graph import edge_id
from .generated import populate
from .multi_updates import multi_adamw_update, multi_lamb_update, multi_mp_adamw_update, multi_mp_lamb_update
from .random import uniform

__all__ = populate(globals(), "contrib") + ["multi_adamw_update", "multi_mp_adamw_update", "multi_lamb_update",
                                            "multi_mp_lamb_update", "foreach", "while_loop", "cond",
                                            "rand_zipfian", "edge_id", "dgl_adjacency", "dgl_subgraph",
                                            "dgl_graph_compact", "dgl_csr_neighbor_uniform_sample",
                                            "dgl_csr_neighbor_non_uniform_sample",
                                            # set here by mx.nd.sparse, which this import chain loads first
                                            "SparseEmbedding", "getnnz", "group_adagrad_update"]
_IMPORTED_BY_MXNETS_MODULE = (current_context, uniform)  # attributes of MXNet's mx.nd.contrib, not in __all__
