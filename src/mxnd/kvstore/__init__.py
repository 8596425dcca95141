"""``mx.kv`` / ``mx.kvstore``: MXNet's KVStore on torch.distributed (gloo on CPU, NCCL on CUDA).

>>> import mxnd as mx
>>> kv = mx.kv.create('device')
>>> kv.init('w', mx.nd.zeros((2,)))
>>> kv.pushpull('w', [mx.nd.ones((2,)), mx.nd.ones((2,))], out=(a := mx.nd.zeros((2,))))
>>> a.asnumpy().tolist()
[2.0, 2.0]
"""
from .base import KVStoreBase, TestStore, create  # noqa: F401
from .kvstore import KVStore  # noqa: F401

__all__ = ["create", "KVStore", "KVStoreBase", "TestStore"]
