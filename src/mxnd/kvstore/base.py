"""KVStoreBase (the registry of store classes), the TestStore, ``create`` and key grouping.

As in MXNet 1.9.1, ``create(name)`` first looks ``name`` up among registered classes, then
falls back to the native store, chosen by substrings of the name ('dist', 'nccl', 'device').

>>> import mxnd as mx
>>> kv = mx.kv.create('local')
>>> kv.type, kv.rank, kv.num_workers
('local', 0, 1)
"""
from __future__ import annotations

import warnings

from ..base import string_types
from ..ndarray import NDArray

__all__ = ["create", "KVStoreBase", "TestStore"]


def group_key_values(keys, vals, what="values"):
    """``[(key, [NDArray, ...]), ...]`` in first-seen key order, and whether keys are str.

    Mirrors MXNet's ``_ctype_key_value`` plus the C++ grouping of equal keys: a key with a list
    of values (one per device) or a list of keys with one value (or list) each.

    >>> import mxnd as mx
    >>> a = mx.nd.ones((1,))
    >>> pairs, use_str = group_key_values(['w', 'w'], [a, [a, a]])
    >>> [(k, len(v)) for k, v in pairs], use_str
    ([('w', 3)], True)
    """
    flat, use_str = _flatten(keys, vals, what)
    grouped = {}
    for key, val in flat:
        grouped.setdefault(key, []).append(val)
    return list(grouped.items()), use_str


def _flatten(keys, vals, what):
    if isinstance(keys, (tuple, list)):
        assert len(keys) == len(vals), \
            "the number of keys (%d) does not match the number of %s (%d)" % (len(keys), what, len(vals))
        flat, use_str = [], None
        for key, val in zip(keys, vals):
            pairs, str_i = _flatten(key, val, what)
            flat += pairs
            use_str = str_i if use_str is None else use_str
            assert use_str == str_i, "inconsistent types of keys detected."
        return flat, use_str
    assert isinstance(keys, (int,) + string_types), "unexpected type for keys: " + str(type(keys))
    use_str = isinstance(keys, string_types)
    if isinstance(vals, NDArray):
        return [(keys, vals)], use_str
    assert isinstance(vals, (tuple, list)), \
        "unexpected type for %s of key %r: %s (expected NDArray or list of NDArray)" % (what, keys, type(vals))
    for value in vals:
        assert isinstance(value, NDArray), \
            "unexpected type for %s of key %r: %s (expected NDArray)" % (what, keys, type(value))
    return [(keys, v) for v in vals], use_str


class KVStoreBase:
    """An abstract key-value store interface for data parallel training (MXNet's KVStoreBase).

    Subclasses registered with :meth:`register` are created by ``mx.kv.create(name)`` where
    ``name`` is the lower-cased class name.
    """

    OPTIMIZER = "optimizer"
    kv_registry = {}

    def broadcast(self, key, value, out, priority=0):
        """Broadcast ``value`` of rank 0 to all ranks, into ``out``."""
        raise NotImplementedError()

    def pushpull(self, key, value, out=None, priority=0):
        """Push ``value`` for summation, then pull the result into ``out`` (or ``value``)."""
        raise NotImplementedError()

    def set_optimizer(self, optimizer):
        """Register an optimizer applied to the stored values on push."""
        raise NotImplementedError()

    def is_capable(self, capability):
        """Whether the store supports ``capability`` (``'optimizer'``)."""
        raise NotImplementedError()

    def save_optimizer_states(self, fname, dump_optimizer=False):
        """Save the optimizer (updater) states to ``fname``."""
        raise NotImplementedError()

    def load_optimizer_states(self, fname):
        """Load the optimizer (updater) states from ``fname``."""
        raise NotImplementedError()

    @property
    def type(self):
        """The type of this store."""
        raise NotImplementedError()

    @property
    def rank(self):
        """The rank of this worker, in ``[0, num_workers)``."""
        raise NotImplementedError()

    @property
    def num_workers(self):
        """The number of workers."""
        raise NotImplementedError()

    @staticmethod
    def register(klass):
        """Register a KVStore class; ``create(klass.__name__.lower())`` then builds it.

        >>> import mxnd as mx
        >>> @mx.kvstore.KVStoreBase.register
        ... class MyKVStore(mx.kvstore.KVStoreBase):
        ...     pass
        >>> type(mx.kv.create('MyKVStore')).__name__
        'MyKVStore'
        """
        assert isinstance(klass, type)
        name = klass.__name__.lower()
        if name in KVStoreBase.kv_registry:
            warnings.warn("WARNING: New kvstore %s.%s is overriding existing kvstore %s.%s"
                          % (klass.__module__, klass.__name__,
                             KVStoreBase.kv_registry[name].__module__,
                             KVStoreBase.kv_registry[name].__name__))
        KVStoreBase.kv_registry[name] = klass
        return klass


@KVStoreBase.register
class TestStore(KVStoreBase):
    """A key-value store for testing: pushpull sums a list of values, broadcast copies.

    >>> import mxnd as mx
    >>> kv = mx.kv.create('teststore')
    >>> out = mx.nd.zeros((2,))
    >>> kv.pushpull(0, [mx.nd.ones((2,)), mx.nd.ones((2,))], out=out)
    >>> out.asnumpy().tolist()
    [2.0, 2.0]
    """

    def broadcast(self, key, value, out, priority=0):
        """Copy ``value`` into every array of ``out``."""
        for o in out if isinstance(out, list) else [out]:
            o[:] = value

    def pushpull(self, key, value, out=None, priority=0):
        """Sum a list of values (or take one value) into ``out``, or back into ``value``."""
        if isinstance(value, NDArray):
            if out is not None:
                for o in out if isinstance(out, list) else [out]:
                    o[:] = value
            return
        ctx = value[0].context
        reduced = sum(val.as_in_context(ctx) for val in value)
        for o in value if out is None else (out if isinstance(out, list) else [out]):
            o[:] = reduced

    @staticmethod
    def is_capable(capability):
        """The test store runs no optimizer."""
        if capability.lower() == KVStoreBase.OPTIMIZER:
            return False
        raise ValueError("Unknown capability: {}".format(capability))

    @property
    def type(self):
        """``'teststore'``."""
        return "teststore"

    @property
    def rank(self):
        """Always 0."""
        return 0

    @property
    def num_workers(self):
        """Always 1."""
        return 1

    def set_optimizer(self, optimizer):
        """Not supported by the test store (MXNet raises NotImplementedError too)."""
        raise NotImplementedError("TestStore does not run an optimizer")

    def save_optimizer_states(self, fname, dump_optimizer=False):
        """Not supported by the test store (MXNet raises NotImplementedError too)."""
        raise NotImplementedError("TestStore has no optimizer states")

    def load_optimizer_states(self, fname):
        """Not supported by the test store (MXNet raises NotImplementedError too)."""
        raise NotImplementedError("TestStore has no optimizer states")


def create(name="local"):
    """Create a KVStore: 'local', 'device', 'nccl', 'dist_sync', 'dist_device_sync', 'horovod'.

    Single machine: 'local' and 'device' aggregate values pushed from several devices;
    'nccl' is 'device' under its own type name. Distributed ('dist_sync',
    'dist_device_sync', 'horovod') runs on torch.distributed: start the workers with
    ``torchrun --nproc_per_node=N script.py`` (see docs/kvstore.md). 'dist_async' raises
    MXNetError: torch.distributed has no parameter server to apply pushes asynchronously.

    >>> import mxnd as mx
    >>> mx.kv.create('device').type
    'device'
    """
    if not isinstance(name, string_types):
        raise TypeError("name must be a string")
    name = name.lower()
    if name in KVStoreBase.kv_registry:
        return KVStoreBase.kv_registry[name]()
    from .kvstore import KVStore
    return KVStore(name)
