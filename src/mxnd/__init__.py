"""mxnd: the MXNet 1.x imperative NDArray API on PyTorch. Use it as ``import mxnd as mx``.

>>> import mxnd as mx
>>> (mx.nd.ones((2, 2)) * 3).asnumpy().tolist()
[[3.0, 3.0], [3.0, 3.0]]
"""
from . import host_memory  # noqa: F401  (first: the malloc policy for everything after it)
from . import base, context, random  # noqa: F401
from . import ndarray
from . import ndarray as nd  # noqa: F401
from .base import MXNetError  # noqa: F401
from .context import Context, cpu, cpu_pinned, current_context, gpu, num_gpus  # noqa: F401

__version__ = "1.9.1"  # the MXNet API version mxnd implements
__mxnd_version__ = "0.1.0"

from . import autograd, operator, test_utils  # noqa: E402,F401  (need nd)
from . import initializer, io, lr_scheduler, metric, optimizer  # noqa: E402,F401
from . import initializer as init  # noqa: E402,F401  (MXNet's mx.init)
from . import dl  # noqa: E402,F401
from . import kvstore  # noqa: E402,F401
from . import kvstore as kv  # noqa: E402,F401
from . import recordio  # noqa: E402,F401
from . import image  # noqa: E402,F401
from . import image as img  # noqa: E402,F401  (MXNet's mx.img)
from . import random as rnd  # noqa: E402,F401  (MXNet's mx.rnd)
from . import attribute, callback, engine, error, log, model, name, runtime, util  # noqa: E402,F401
from .util import is_np_array, is_np_shape, np_array, np_shape, use_np, use_np_array, use_np_shape  # noqa: E402,F401
from .util import set_np_shape  # noqa: E402,F401
from .attribute import AttrScope  # noqa: E402,F401  (MXNet exports it at the top level)
from . import contrib  # noqa: E402,F401
from . import profiler  # noqa: E402,F401
