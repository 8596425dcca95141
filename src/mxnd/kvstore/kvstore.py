"""KVStore: MXNet's key-value store for single-device, multi-device and multi-worker training.

Values pushed for one key (one per device) are summed; without an optimizer the sum replaces
the stored value, with ``set_optimizer`` the sum is the gradient the updater applies to the
stored weight. Distributed types ('dist_sync', 'dist_device_sync', 'horovod') additionally
sum across workers with torch.distributed (see comm.py): every worker applies the optimizer
to the same reduced gradient, which gives the result MXNet's server-side update gives.

>>> import mxnd as mx
>>> kv = mx.kv.create('local')
>>> kv.init(3, mx.nd.ones((2, 3)) * 2)
>>> kv.push(3, [mx.nd.ones((2, 3))] * 4)
>>> a = mx.nd.zeros((2, 3))
>>> kv.pull(3, out=a)
>>> a.asnumpy().tolist()
[[4.0, 4.0, 4.0], [4.0, 4.0, 4.0]]
"""
from __future__ import annotations

import os

import torch

from .. import dtypes
from .. import optimizer as opt
from ..errors import MXNetError
from ..ndarray import NDArray
from ..ndarray.ndarray import wrap
from ..ndarray.utils import atomic_write
from ..ndarray.sparse import RowSparseNDArray
from ..ndarray.sparse.arrays import make_rsp
from . import rowsparse
from .base import KVStoreBase, _flatten, group_key_values
from .comm import DistComm, launched
from .compression import TwoBit

__all__ = ["KVStore"]


def _is_rsp(array) -> bool:
    return isinstance(array, RowSparseNDArray)


def _dense(array) -> torch.Tensor:
    return array.tostype("default")._data if _is_rsp(array) else array._data


class KVStore(KVStoreBase):
    """A key-value store for synchronization of values over devices and workers.

    Create it with ``mx.kv.create(name)``; ``name`` selects the kind as in MXNet 1.9.1:
    a name containing 'dist' is distributed (synchronous), 'nccl' is 'device' under another
    type name, anything else is a single-process store (see ``mx.kv.create``).
    """

    def __init__(self, name="local"):
        if "dist" in name and "_async" in name:
            raise MXNetError(
                f"KVStore {name}: asynchronous parameter-server updates cannot be honoured on "
                f"torch.distributed (there is no server to apply each worker's push on arrival); "
                f"use 'dist_sync' or 'dist_device_sync' (see docs/kvstore.md)")
        self._type = name
        self._compressible = "device" in name or "dist" in name
        # MXNet sums the values pushed for a key with CommDevice ('device' stores, nccl) or CommCPU
        self._sums_in_groups = "device" not in name and name != "nccl"
        self._comm = None
        if "dist" in name or (name == "horovod" and launched()):
            self._comm = DistComm(name)
        self._store = {}
        self._key_is_str = None
        self._updater = None
        self._compression = None
        self._residual = {}

    # ----- properties -----------------------------------------------------------------------
    @property
    def type(self):
        """The type of this store, as given to ``create`` (lower-cased)."""
        return self._type

    @property
    def rank(self):
        """The rank of this worker, in ``[0, num_workers)``; 0 for single-process stores."""
        return 0 if self._comm is None else self._comm.rank

    @property
    def num_workers(self):
        """The number of workers; 1 for single-process stores."""
        return 1 if self._comm is None else self._comm.size

    def is_capable(self, capability):
        """Whether the store supports ``capability``; every mxnd store runs optimizers."""
        if capability.lower() == KVStoreBase.OPTIMIZER:
            return True
        raise ValueError("Unknown capability: {}".format(capability))

    # ----- keys -----------------------------------------------------------------------------
    def _check_key_type(self, use_str):
        if use_str is None:
            return
        if self._key_is_str is None:
            self._key_is_str = use_str
        elif self._key_is_str != use_str:
            raise MXNetError("KVStore: Mixed key types are not allowed: this store uses %s keys, got a %s key"
                             % (("str", "int") if self._key_is_str else ("int", "str")))

    def _stored(self, key, what):
        try:
            return self._store[key]
        except KeyError:
            raise MXNetError(f"KVStore.{what}: key {key!r} has not been inited; "
                             f"call init(key, value) first") from None

    # ----- init / broadcast -----------------------------------------------------------------
    def init(self, key, value):
        """Initialize one or several keys; in a distributed store rank 0's values are used.

        >>> import mxnd as mx
        >>> kv = mx.kv.create('local')
        >>> kv.init(['5', '7'], [mx.nd.ones((2,)), mx.nd.zeros((2,))])
        """
        flat, use_str = _flatten(key, value, "values")
        self._check_key_type(use_str)
        seen = set()
        for k, _ in flat:
            if k in self._store or k in seen:
                raise MXNetError(f"KVStore.init: duplicate init of key {k!r}. Please double check if "
                                 f"you called kv.init or kv.broadcast with this key multiple times")
            seen.add(k)
        for k, v in flat:
            self._store[k] = self._replicate(k, v.copy())

    def _replicate(self, key, stored):
        """``stored`` overwritten with rank 0's value (distributed stores)."""
        if self._comm is None:
            return stored
        what = f"init of key {key!r}"
        if not _is_rsp(stored):
            self._comm.broadcast_(stored._data, what)
            return stored
        values, indices = rowsparse.components(stored)
        count = torch.tensor([indices.numel()], dtype=torch.int64, device=indices.device)
        self._comm.broadcast_(count, what)
        if int(count) != indices.numel():
            values = values.new_empty((int(count),) + tuple(values.shape[1:]))
            indices = indices.new_empty((int(count),))
        self._comm.broadcast_(indices, what)
        self._comm.broadcast_(values, what)
        return make_rsp(values, indices, stored.shape, stored.context)

    def broadcast(self, key, value, out, priority=0):
        """Initialize ``key`` with ``value`` (rank 0's in a distributed store) and pull it into ``out``.

        >>> import mxnd as mx
        >>> kv = mx.kv.create('local')
        >>> a = mx.nd.zeros((2,))
        >>> kv.broadcast('3', mx.nd.ones((2,)) * 2, out=a)
        >>> a.asnumpy().tolist()
        [2.0, 2.0]
        """
        self.init(key, value)
        self.pull(key, out=out, priority=priority)

    # ----- push -----------------------------------------------------------------------------
    def push(self, key, value, priority=0):
        """Push values: those of one key are summed, then (over workers) reduced and stored or applied.

        >>> import mxnd as mx
        >>> kv = mx.kv.create('local')
        >>> kv.init('w', mx.nd.zeros((2,)))
        >>> kv.push('w', [mx.nd.ones((2,)), mx.nd.ones((2,)) * 2])
        >>> kv.pull('w', out=(a := mx.nd.zeros((2,))))
        >>> a.asnumpy().tolist()
        [3.0, 3.0]
        """
        pairs, use_str = group_key_values(key, value)
        self._check_key_type(use_str)
        stored = [self._stored(k, "push") for k, _ in pairs]
        for (k, vals), s in zip(pairs, stored):  # every key checked before any is changed
            self._check_push(k, vals, s)
        with torch.no_grad():  # pushed values may be parameters with attach_grad()
            merged = [self._merge(k, vals, s) for (k, vals), s in zip(pairs, stored)]
            if self._comm is not None:
                self._reduce_across_workers(merged, stored)
            updates = [self._apply(k, s, m) for (k, _), s, m in zip(pairs, stored, merged)]
            if self._updater is not None:
                self._run_updater([u for u in updates if u is not None])

    def _run_updater(self, updates):
        """Apply the updater; an optimizer's Updater takes all dense keys in one (aggregated) call."""
        dense = [u for u in updates if not _is_rsp(u[2])]
        if len(dense) > 1 and isinstance(self._updater, opt.Updater):
            self._updater(*map(list, zip(*dense)))
            updates = [u for u in updates if _is_rsp(u[2])]
        for key, grad, stored in updates:
            self._updater(key, grad, stored)

    def _check_push(self, key, vals, stored):
        for v in vals:
            if v.shape != stored.shape:
                raise MXNetError(f"KVStore.push: operands shape mismatch for key {key!r}: pushed "
                                 f"{tuple(v.shape)}, stored {tuple(stored.shape)}")
        if _is_rsp(stored) and self._compression is not None:
            raise MXNetError(f"KVStore.push: gradient compression is not supported for row_sparse "
                             f"values (key {key!r})")

    def _merge(self, key, vals, stored):
        """The local sum of ``vals`` for ``key``: a dense tensor, or (values, rows) when row-sparse.

        Without optimizer, workers or compression, the sum is written straight into the stored
        tensor (when the dtypes agree), which ``_apply`` then recognizes.
        """
        device, dtype = stored.context.device, dtypes.to_torch(stored.dtype)
        if _is_rsp(stored):
            parts = [rowsparse.components(v if _is_rsp(v) else v.tostype("row_sparse")) for v in vals]
            parts = [(p.to(device, dtype), i.to(device)) for p, i in parts]
            return rowsparse.sum_rows(parts, stored.shape[1:])
        # several values are summed in the stored dtype (MXNet copies them into buffers of it)
        tensors = [_dense(v).to(device, dtype if len(vals) > 1 else None) for v in vals]
        if self._compression is not None:
            if self._comm is None:  # per device, as MXNet's CommDevice::ReduceCompressed
                tensors = [self._quantize((key, i), t) for i, t in enumerate(tensors)]
            else:  # the worker's local sum, as KVStoreDist::PushCompressed
                return self._quantize((key, -1), self._sum(tensors))
        into = stored._data
        direct = self._updater is None and self._comm is None and tensors[0].dtype == into.dtype
        return self._sum(tensors, into if direct else None)

    def _sum(self, tensors, into=None):
        """The sum of one key's values (into ``into`` when given), in MXNet's order, which decides
        the rounding: left to right for 'device' stores (CommDevice's ElementwiseSum), otherwise
        groups of four added onto the first (CommCPU's ReduceSumCPU: ``t0 += t1 + t2 + t3 + t4``).

        >>> kv = KVStore('local')
        >>> kv._sum([torch.tensor([1.0]), torch.tensor([1e8]), torch.tensor([-1e8])]).tolist()
        [1.0]
        """
        if len(tensors) == 1:
            if into is not None:
                return into.copy_(tensors[0])
            # a distributed store reduces in place: never in the pushed array
            return tensors[0] if self._comm is None else tensors[0].clone()
        if not self._sums_in_groups or len(tensors) == 2:
            total = torch.add(tensors[0], tensors[1], out=into)
            for t in tensors[2:]:
                total += t
            return total
        total = tensors[0].clone() if into is None else into.copy_(tensors[0])
        for start in range(1, len(tensors), 4):
            group = tensors[start]
            for t in tensors[start + 1:start + 4]:
                group = group + t
            total += group
        return total

    def _quantize(self, slot, tensor):
        residual = self._residual.get(slot)
        if residual is None or residual.shape != tensor.shape or residual.device != tensor.device:
            residual = self._residual[slot] = torch.zeros_like(tensor)
        return self._compression.quantize(tensor, residual)

    def _reduce_across_workers(self, merged, stored):
        """Sum every merged value across workers, in place in ``merged``."""
        dense = []
        for i, (m, s) in enumerate(zip(merged, stored)):
            if _is_rsp(s):
                values, rows = m
                present = torch.zeros(s.shape[0], dtype=torch.int32, device=values.device)
                present[rows] = 1
                full = torch.zeros(s.shape, dtype=values.dtype, device=values.device)
                full[rows] = values
                self._comm.allreduce_([present, full], "push of a row_sparse value")
                rows = present.nonzero().reshape(-1)
                merged[i] = (full[rows], rows)
            else:
                dense.append(m)
        if dense:
            self._comm.allreduce_(dense)

    def _apply(self, key, stored, merged):
        """Store ``merged`` (no optimizer), or return the updater's (key, grad, stored) for it."""
        if _is_rsp(stored):
            values, rows = merged
            values = values.to(dtypes.to_torch(stored.dtype))
            if self._updater is None:
                self._store[key] = make_rsp(values, rows, stored.shape, stored.context)
                return
            grad = make_rsp(values, rows, stored.shape, stored.context)
        else:
            if self._updater is None:
                if merged is not stored._data:
                    stored._data.copy_(merged)
                return
            grad = wrap(merged.to(stored._data.dtype), stored.context)
        return key.encode() if isinstance(key, str) else key, grad, stored

    # ----- pull -----------------------------------------------------------------------------
    def pull(self, key, out=None, priority=0, ignore_sparse=True):
        """Copy the stored values into ``out`` (an NDArray or a list, one per device).

        Row-sparse outputs are skipped when ``ignore_sparse`` (use ``row_sparse_pull``).
        """
        assert out is not None, "KVStore.pull: out must be given"
        flat, use_str = _flatten(key, out, "outputs")
        self._check_key_type(use_str)
        for k, o in flat:
            stored = self._stored(k, "pull")
            if _is_rsp(o) and ignore_sparse:
                continue
            self._copy_out(k, stored, o)

    @staticmethod
    def _copy_out(key, stored, out):
        if out.shape != stored.shape:
            raise MXNetError(f"KVStore.pull: operands shape mismatch for key {key!r}: stored "
                             f"{tuple(stored.shape)}, out {tuple(out.shape)}")
        if _is_rsp(out) or _is_rsp(stored):
            stored.copyto(out)
        elif out._data.requires_grad:  # a parameter with attach_grad(): the copy is not recorded
            with torch.no_grad():
                out._data.copy_(stored._data)
        else:
            out._data.copy_(stored._data)

    def pushpull(self, key, value, out=None, priority=0):
        """Push ``value`` then pull the result into ``out`` (into ``value`` when ``out`` is None).

        >>> import mxnd as mx
        >>> kv = mx.kv.create('local')
        >>> kv.init(3, mx.nd.zeros((2,)))
        >>> v = [mx.nd.ones((2,)), mx.nd.ones((2,)) * 5]
        >>> kv.pushpull(3, v)
        >>> v[0].asnumpy().tolist()
        [6.0, 6.0]
        """
        self.push(key, value, priority)
        self.pull(key, out=value if out is None else out, priority=priority)

    def row_sparse_pull(self, key, out=None, priority=0, row_ids=None):
        """Pull only the rows ``row_ids`` (NDArray, or one per output) of row-sparse values.

        The result holds the requested rows, sorted and unique, rows not stored being zero.

        >>> import mxnd as mx
        >>> kv = mx.kv.create('local')
        >>> kv.init('e', mx.nd.sparse.row_sparse_array(([[1, 2], [3, 4]], [0, 2]), shape=(4, 2)))
        >>> b = mx.nd.sparse.zeros('row_sparse', (4, 2))
        >>> kv.row_sparse_pull('e', out=b, row_ids=mx.nd.array([2, 1, 2]))
        >>> b.indices.asnumpy().tolist(), b.data.asnumpy().tolist()
        ([1, 2], [[0.0, 0.0], [3.0, 4.0]])
        """
        assert out is not None, "KVStore.row_sparse_pull: out must be given"
        assert row_ids is not None, "KVStore.row_sparse_pull: row_ids must be given"
        if isinstance(row_ids, NDArray):
            row_ids = [row_ids]
        assert isinstance(row_ids, list), "row_ids should be NDArray or list of NDArray"
        single_rowid = len(row_ids) == 1 and isinstance(out, list)
        first_out = [out[0]] if single_rowid else out
        flat, use_str = _flatten(key, first_out, "outputs")
        flat_ids, _ = _flatten(key, row_ids, "row_ids")
        assert len(flat_ids) == len(flat), "the number of row_ids doesn't match the number of values"
        self._check_key_type(use_str)
        for (k, o), (_, ids) in zip(flat, flat_ids):
            stored = self._stored(k, "row_sparse_pull")
            if not _is_rsp(stored):
                raise MXNetError(f"KVStore.row_sparse_pull: key {k!r} holds a {stored.stype} value; "
                                 f"row_sparse_pull expects a row_sparse value (use pull)")
            if not _is_rsp(o):
                raise MXNetError(f"KVStore.row_sparse_pull: expected row_sparse storage type for the "
                                 f"output of key {k!r}, got {o.stype}")
            if o.shape != stored.shape:
                raise MXNetError(f"KVStore.row_sparse_pull: operands shape mismatch for key {k!r}: "
                                 f"stored {tuple(stored.shape)}, out {tuple(o.shape)}")
            values, indices = rowsparse.components(stored)
            rows = rowsparse.unique_rows(ids, stored.shape[0], "KVStore.row_sparse_pull").to(indices.device)
            picked = rowsparse.gather_rows(values, indices, rows)
            make_rsp(picked, rows, stored.shape, stored.context).copyto(o)
        if single_rowid:
            for out_i in out[1:]:
                out[0].copyto(out_i)

    # ----- optimizer ------------------------------------------------------------------------
    def set_optimizer(self, optimizer):
        """Apply ``optimizer`` to the stored values on every push (rank 0's in a distributed store).

        >>> import mxnd as mx
        >>> kv = mx.kv.create('local')
        >>> kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.1))
        >>> kv.init(0, mx.nd.ones((2,)))
        >>> kv.push(0, mx.nd.ones((2,)))
        >>> kv.pull(0, out=(w := mx.nd.zeros((2,))))
        >>> w.asnumpy().tolist()
        [0.8999999761581421, 0.8999999761581421]
        """
        if self._comm is not None:
            optimizer = self._comm.broadcast_object(optimizer)
        self._set_updater(opt.get_updater(optimizer))

    def _set_updater(self, updater):
        """Set ``updater(key, grad, stored)`` applied on push (keys arrive as int or bytes, as MXNet)."""
        self._updater = updater

    def set_gradient_compression(self, compression_params):
        """Compress pushes with 2-bit quantization: ``{'type': '2bit', 'threshold': 0.5}``.

        Supported by 'device' and distributed stores, as in MXNet; the residual of what was
        not sent is kept per key (and per device) and added to the next push.
        """
        if not self._compressible:
            raise Exception("Gradient compression is not supported for this type of kvstore")
        self._compression = TwoBit.from_params(compression_params)
        self._residual.clear()

    def save_optimizer_states(self, fname, dump_optimizer=False):
        """Write the updater's states (and the optimizer with ``dump_optimizer``) to ``fname``."""
        assert self._updater is not None, "Cannot save states: no optimizer is set (call set_optimizer)"
        data = self._updater.get_states(dump_optimizer)
        atomic_write(os.fspath(fname), lambda write: write(data), "save_optimizer_states")

    def load_optimizer_states(self, fname):
        """Load the updater's states written by ``save_optimizer_states``."""
        assert self._updater is not None, "Cannot load states: no optimizer is set (call set_optimizer)"
        with open(fname, "rb") as fin:
            self._updater.set_states(fin.read())

    # ----- synchronization ------------------------------------------------------------------
    def _barrier(self):
        """Wait until every worker reaches the barrier (no-op in a single-process store)."""
        if self._comm is not None:
            self._comm.barrier()

    barrier = _barrier
