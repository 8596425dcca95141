"""``mx.contrib.ndarray`` (``mx.contrib.nd``): MXNet 1.x registers the contrib operators here too,
their old home (``mx.contrib.nd.box_nms`` computes ``mx.nd.contrib.box_nms``); the Python-level
functions of ``mx.nd.contrib`` (foreach, isnan, the adamw wrappers, ...) are not among them.

>>> import mxnd as mx
>>> mx.contrib.nd.box_iou(mx.nd.array([[0, 0, 2, 2]]), mx.nd.array([[1, 1, 3, 3]])).asnumpy()
array([[0.14285715]], dtype=float32)
"""
from ..ndarray import contrib as _contrib

_PYTHON_LEVEL = {"adamw_update", "mp_adamw_update", "multi_adamw_update", "multi_mp_adamw_update",
                 "multi_lamb_update", "multi_mp_lamb_update", "foreach", "while_loop", "cond",
                 "isfinite", "isinf", "isnan", "rand_zipfian"}
__all__ = [name for name in _contrib.__all__ if name not in _PYTHON_LEVEL]
globals().update({name: getattr(_contrib, name) for name in __all__})
