"""``mx.nd``: NDArray, creation functions, and every registered operator (generated)."""
from . import _internal, contrib, image, indexing, legacy_methods, linalg, methods, op, random, sparse, utils  # noqa: F401
from .arithmetic import (add, divide, equal, greater, greater_equal, lesser, lesser_equal,  # noqa: F401
                         logical_and, logical_or, logical_xor, maximum, minimum, modulo, multiply,
                         not_equal, power, subtract, true_divide)
from .creation import (arange, array, empty, eye, from_dlpack, from_numpy, full, linspace,  # noqa: F401
                       ones, to_dlpack_for_read, to_dlpack_for_write, zeros)
from .image_io import imdecode  # noqa: F401  (deprecated in MXNet 1.x, Pillow-backed here)
from .indexing_keys import (basic_indexing_slice_is_contiguous, get_indexing_dispatch_code,  # noqa: F401
                            get_oshape_of_gather_nd_op, indexing_key_expand_implicit_axes)
from .ndarray import NDArray, waitall  # noqa: F401
from .utils import load, load_frombuffer, save  # noqa: F401
from .ops.indexing import onehot_encode  # noqa: F401  (Python functions in MXNet too)
from .ops.layout import concatenate, moveaxis, split_v2  # noqa: F401
from .op import *  # noqa: F401,F403  (generated from the registry)
from ..dtypes import DTYPE_MX_TO_NP as _DTYPE_MX_TO_NP, DTYPE_NP_TO_MX as _DTYPE_NP_TO_MX  # noqa: F401,E402
from ..autograd import GRAD_REQ_CODES as _GRAD_REQ_MAP  # noqa: F401,E402  (MXNet's names, read by libraries)

NDArray.__getitem__ = indexing.getitem
NDArray.__setitem__ = indexing.setitem
NDArray._basic_indexing_slice_is_contiguous = staticmethod(basic_indexing_slice_is_contiguous)  # MXNet's private helper


def Custom(*inputs, **kwargs):  # noqa: N802 (MXNet's name)
    """Run a custom operator registered with ``mx.operator.register`` (see mxnd.operator.custom)."""
    from ..operator import custom

    return custom(*inputs, **kwargs)


op.Custom = Custom  # mx.nd.op.Custom in MXNet too
op.__all__.append("Custom")
