"""NDArray: a torch tensor plus its MXNet context; properties, copies, conversion, printing.

Invariant: ``_data`` is always a contiguous tensor. Views (basic slicing, ``reshape``) share
its storage, so writes through a view are seen by the base array, as in MXNet.
Operators live in the registry (``ops/``); dunders are installed by ``arithmetic.py`` and
indexing by ``indexing.py``.
"""
from __future__ import annotations

import warnings

import numpy as np
import torch

from .. import dtypes
from ..context import Context, current_context, synchronize
from ..errors import MXNetError, device_errors
from ..integer_variables import written
from ..params import parse_shape
from ..recording import ASSIGN_IN_GRAPH, FLAGS, without_grad
from .ops.shape import infer_reshape

# MXNet's ndarray/ndarray.py also holds the frontend functions, and code imports them from there:
# here they are mx.nd's own, looked up on first use (mx.nd imports this module first)
_FRONTEND = ("concatenate", "_DTYPE_NP_TO_MX", "_DTYPE_MX_TO_NP", "_GRAD_REQ_MAP", "ones", "add", "arange",
             "linspace", "eye", "divide", "equal", "full", "greater", "greater_equal", "imdecode", "lesser",
             "lesser_equal", "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "moveaxis",
             "modulo", "multiply", "not_equal", "onehot_encode", "power", "subtract", "true_divide", "histogram",
             "split_v2", "to_dlpack_for_read", "to_dlpack_for_write", "from_dlpack", "from_numpy", "zeros",
             "indexing_key_expand_implicit_axes", "get_indexing_dispatch_code", "get_oshape_of_gather_nd_op",
             "array", "empty")
__all__ = ["NDArray", "wrap", "waitall"] + [name for name in _FRONTEND if name not in ("array", "empty")]


def __getattr__(name):
    """``mx.nd.<name>`` for MXNet's frontend names (``from mxnet.ndarray.ndarray import zeros``)."""
    if name in _FRONTEND:
        from .. import ndarray as frontend

        return getattr(frontend, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

py_slice = slice  # MXNet's module exports the builtin under this name (its tests import it)


class NDArray:
    """An n-dimensional array on a context, with MXNet 1.x semantics.

    >>> import mxnd as mx
    >>> x = mx.nd.array([[1, 2, 3], [4, 5, 6]])
    >>> x.shape, x.dtype, x.context
    ((2, 3), <class 'numpy.float32'>, cpu(0))
    """

    __slots__ = ("_data", "_ctx", "_grad", "_grad_req", "_fresh", "__weakref__")
    # NDArray defines __eq__ elementwise; keep identity hashing as MXNet does (id // 16)
    __array_priority__ = 1000.0

    def __init__(self, data, ctx: Context | None = None):
        if data is None:  # MXNet's NDArray(None), a placeholder: its pickles fill it by __setstate__
            data = torch.empty(0)
        if not isinstance(data, torch.Tensor):
            raise TypeError(f"NDArray: expected a torch.Tensor, got {type(data).__name__}; "
                            f"use mx.nd.array() to convert other data")
        self._data = data if data.is_contiguous() else data.contiguous()
        self._ctx = ctx if ctx is not None else _context_of(data)

    # ----- properties -------------------------------------------------------------
    @property
    def shape(self) -> tuple:
        """Tuple of array dimensions. ``mx.nd.zeros((2, 3)).shape`` is ``(2, 3)``."""
        return tuple(self._data.shape)

    @property
    def size(self) -> int:
        """Number of elements."""
        return self._data.numel()

    @property
    def ndim(self) -> int:
        """Number of dimensions."""
        return self._data.dim()

    @property
    def dtype(self):
        """The numpy scalar type of the elements, e.g. ``numpy.float32``."""
        return dtypes.numpy_type(self._data.dtype)

    @property
    def context(self) -> Context:
        """The device context, e.g. ``cpu(0)``."""
        return self._ctx

    ctx = context

    @property
    def stype(self) -> str:
        """Storage type: ``'default'`` for dense arrays."""
        return "default"

    @property
    def writable(self) -> bool:
        """Whether the array can be written to (always True for dense mxnd arrays)."""
        return True

    @property
    def grad(self):
        """The gradient buffer attached by ``attach_grad``, or None."""
        try:
            return self._grad
        except AttributeError:
            return None

    @property
    def T(self):
        """A transposed copy (``self`` when ``ndim < 2``), as ``mx.nd.transpose``."""
        data = self._data
        if data.dim() < 2:
            return self
        if data.requires_grad and not FLAGS.get().recording:
            data = data.detach()
        return wrap(data.permute(*range(data.dim() - 1, -1, -1)).contiguous(), self._ctx.operator_context)

    @property
    def handle(self):
        """The underlying torch tensor (MXNet exposes a C handle here)."""
        return self._data

    # ----- conversion -------------------------------------------------------------
    def asnumpy(self) -> np.ndarray:
        """A numpy copy of the data. ``mx.nd.ones((2,)).asnumpy()`` -> ``array([1., 1.], dtype=float32)``."""
        data = self._data
        if data.requires_grad:
            data = data.detach()
        if data.dtype is torch.bfloat16:
            data = data.float()
        if data.is_cuda:
            with device_errors("asnumpy"):  # an error of pending device work surfaces on reading
                return data.cpu().numpy()
        return data.numpy().copy()

    def asscalar(self):
        """The value of a one-element array as a numpy scalar."""
        if self._data.numel() != 1:
            raise ValueError("The current array is not a scalar")
        return self.asnumpy()[0] if self._data.dim() == 1 else self.asnumpy()[()]

    def __float__(self):
        return float(self._scalar_for("float"))

    def __int__(self):
        return int(self._scalar_for("int"))

    def __index__(self):
        if self._data.dtype.is_floating_point:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self._scalar_for("index"))

    def _scalar_for(self, kind):
        if self._data.numel() != 1:
            raise TypeError(f"only one-element NDArrays can be converted to Python {kind}s, "
                            f"got shape {self.shape}")
        return self.asnumpy().reshape(-1)[0]

    def __bool__(self):
        size = self._data.numel()
        if size == 0:
            return False
        if size == 1:
            return bool(self.asscalar())
        raise ValueError("The truth value of an NDArray with multiple elements is ambiguous.")

    __nonzero__ = __bool__  # MXNet keeps the Python 2 name

    def __len__(self):
        """Number of elements along the first axis."""
        if self._data.dim() == 0:
            raise IndexError("tuple index out of range")
        return self._data.shape[0]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __array__(self, dtype=None, copy=None):
        array = self.asnumpy()
        return array if dtype is None else array.astype(dtype, copy=False)

    def __dlpack__(self, *args, **kwargs):
        """DLPack export sharing memory (``torch.from_dlpack(x)``, ``np.from_dlpack(x)``), also for
        arrays with a gradient attached: the export is cut from the autograd graph."""
        return self._data.detach().__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()

    def to_dlpack_for_read(self):
        """A DLPack capsule sharing this array's memory (after pending writes finish)."""
        self.wait_to_read()
        return torch.utils.dlpack.to_dlpack(self._data.detach())

    def to_dlpack_for_write(self):
        """A DLPack capsule sharing this array's memory, for writing."""
        self.wait_to_read()
        return torch.utils.dlpack.to_dlpack(self._data.detach())

    # ----- text and pickling --------------------------------------------------------
    def __repr__(self):
        shape_info = "x".join("%d" % d for d in self._data.shape)
        with np.printoptions(**_NUMPY_1_TEXT):
            values = str(self.asnumpy())
        return "\n%s\n<%s %s @%s>" % (values, type(self).__name__, shape_info, self._ctx)

    __str__ = __repr__

    def __hash__(self):
        return id(self) // 16

    def __reduce__(self):
        return _unpickle, (self.asnumpy(), dtypes.name_of(self._data.dtype), self._ctx)

    def __getstate__(self):
        """``{'handle': MXNet's raw bytes of this array}``, as MXNet's pickles hold it."""
        from .utils import raw_bytes

        return {"handle": bytearray(raw_bytes(self))}

    def __setstate__(self, state):
        """Become the array of ``state['handle']``: unpickles what MXNet pickled (with
        ``mxnd.compat`` installed, its ``mxnet.ndarray.ndarray.NDArray`` is this class)."""
        from .utils import from_raw_bytes

        source = from_raw_bytes(state["handle"])
        if type(source) is not type(self):
            raise MXNetError(f"__setstate__: the bytes hold a {source.stype} array, not a "
                             f"{type(self).__name__}")
        for cls in type(self).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if slot != "__weakref__" and hasattr(source, slot):
                    object.__setattr__(self, slot, getattr(source, slot))

    # ----- copies and contexts ------------------------------------------------------
    def astype(self, dtype, copy=True):
        """A copy cast to ``dtype``; ``self`` when ``copy=False`` and the dtype already matches."""
        target = dtypes.to_torch(dtype, frontend=True)
        if not copy and target is self._data.dtype:
            return self
        return wrap(dtypes.c_cast(_recordable(self._data), target, copy=True), self._ctx)

    def copyto(self, other):
        """Copy into ``other`` (an NDArray of the same shape, cast to its dtype) or onto a Context."""
        if isinstance(other, NDArray):
            if other.stype != "default":  # a sparse target: stored in its storage type
                other[:] = self
                return other
            if other is self or other._data is self._data:
                warnings.warn("You are attempting to copy an array to itself", RuntimeWarning)
                return False
            if other._data.shape != self._data.shape:
                raise MXNetError(
                    f"copyto: Incompatible attr in node at 0-th output: expected "
                    f"{list(self.shape)}, got {list(other.shape)}")
            write_into(other._data, self._data, "copyto")
            other._data = written(other._data, self._data)
            return other
        if isinstance(other, Context):
            source = self._data
            if not (source.requires_grad and FLAGS.get().recording):  # recorded: MXNet's _copyto is
                source = source.detach()  # differentiable, across devices too
            with device_errors("copyto"):  # out of memory on the target, a failed transfer
                if other.device_typeid == 3 and torch.cuda.is_available():  # page-locked host memory
                    data = written(torch.empty(source.shape, dtype=source.dtype, pin_memory=True), source)
                    data.copy_(source)
                else:
                    data = source.to(other.device, copy=True)
            return wrap(data, other)
        raise TypeError(f"copyto does not support type {type(other)}")

    def copy(self):
        """A copy on the same context."""
        return self.copyto(self._ctx)

    def as_in_context(self, context):
        """``self`` if already on ``context``, else a copy there."""
        if self._ctx == context:
            return self
        return self.copyto(context)

    def detach(self):
        """A new NDArray sharing this data, cut from the autograd graph."""
        return wrap(self._data.detach(), self._ctx)

    def attach_grad(self, grad_req="write", stype=None):
        """Make this array a variable: ``.grad`` becomes a zero buffer that backward fills.

        ``grad_req``: 'write' overwrites the buffer, 'add' accumulates, 'null' skips.
        """
        from ..autograd import attach_grad

        attach_grad(self, grad_req, stype)

    def backward(self, out_grad=None, retain_graph=False, train_mode=True):
        """Gradients of this array (recorded in ``autograd.record()``) into the variables' ``.grad``."""
        from ..autograd import backward

        backward([self], None if out_grad is None else [out_grad], retain_graph, train_mode)

    def wait_to_read(self):
        """Block until pending device work writing this array has finished."""
        if self._data.is_cuda:
            synchronize(self._data.device, "wait_to_read")

    wait_to_write = wait_to_read

    def tostype(self, stype):
        """A copy with storage type ``stype``: 'default', 'csr' (2-D) or 'row_sparse'."""
        if stype == "default":
            return self.copy()
        from .sparse.convert import cast_storage

        return cast_storage(self, stype=stype)

    # ----- shape --------------------------------------------------------------------
    def reshape(self, *shape, **kwargs):
        """A view with a new shape; MXNet's special codes 0, -1, -2, -3, -4 and ``reverse=True``.

        >>> import mxnd as mx
        >>> mx.nd.zeros((2, 3, 4)).reshape(-3, -2).shape
        (6, 4)
        """
        if len(shape) == 1 and type(shape[0]) is tuple and shape[0] and not kwargs:
            for dim in shape[0]:
                if type(dim) is not int or dim <= 0:
                    break
            else:  # fast path: no special codes
                try:  # a view taken outside record() is not part of any graph; torch parses
                    return wrap(_recordable(self._data).view(*shape[0]), self._ctx)  # sizes 1 us faster
                except RuntimeError:  # than a tuple
                    pass  # size mismatch: _reshape_view below raises MXNet's error
        if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
            shape = shape[0]
        elif not shape:
            shape = kwargs.get("shape")
            if not shape:
                raise AssertionError("Shape must be provided.")
        unknown = [k for k in kwargs if k not in ("shape", "reverse")]
        if unknown:
            raise TypeError(f"Got unknown keywords in reshape: {', '.join(unknown)}. "
                            f"Accepted keyword arguments are 'shape' and 'reverse'.")
        target = infer_reshape(self.shape, tuple(shape), kwargs.get("reverse", False))
        return wrap(_reshape_view(_recordable(self._data), target, shape), self._ctx)

    def broadcast_to(self, shape):
        """A copy broadcast to ``shape`` (only size-1 axes may grow; ndim may only grow)."""
        if hasattr(shape, "__len__") and len(shape) == self.ndim:
            shape = tuple(shape)  # MXNet's method passes tuple(shape) when it adds no axis
        shape = parse_shape(shape)
        current = self.shape
        message = ("operands could not be broadcast together with remapped shapes"
                   f"[original->remapped]: {current} and requested shape {shape}")
        if len(shape) < len(current):
            raise ValueError(message)
        current = (1,) * (len(shape) - len(current)) + current
        if any(c != s and c != 1 for c, s in zip(current, shape)):
            raise ValueError(message)
        from . import op

        source = self if current == self.shape else self.reshape(current)
        return op.broadcast_to(source, shape=shape)

    def broadcast_like(self, other):
        """A copy broadcast to the shape of ``other``: MXNet's method is ``broadcast_to(other.shape)``,
        so it may add leading axes (the ``broadcast_like`` operator may not).

        >>> import mxnd as mx
        >>> mx.nd.ones((2, 1)).broadcast_like(mx.nd.ones((3, 2, 4))).shape
        (3, 2, 4)
        """
        return self.broadcast_to(other.shape)


def _recordable(data: torch.Tensor) -> torch.Tensor:
    """``data``, cut from torch's graph when it requires grad but nothing records."""
    return data.detach() if data.requires_grad and not FLAGS.get().recording else data


def write_into(target: torch.Tensor, source, op_name: str):
    """Write ``source`` into ``target``'s storage with MXNet's rules under autograd.

    Inside ``record()`` a write into an array already in the graph raises MXNet's error,
    and any other write is recorded; outside it the write is plain (even into a variable).
    """
    if target.dtype is torch.uint8 and getattr(source, "dtype", None) is torch.float64:
        source = source.to(torch.int32)  # as C converts (dtypes.c_cast)
    if FLAGS.get().recording:
        if target.requires_grad:
            raise MXNetError(f"{op_name}: {ASSIGN_IN_GRAPH}")
        copy_into(target, source)
    else:
        without_grad(copy_into, (target, source))


def copy_into(target: torch.Tensor, source) -> None:
    """``target.copy_(source)`` where ``source`` may overlap ``target`` (``x[:-1].copyto(x[1:])``)."""
    write_unaliased(target.copy_, source)


def write_unaliased(write, source: torch.Tensor) -> None:
    """``write(source)`` for an in-place torch write whose ``source`` may overlap the tensor it
    writes: then the whole source is read before the write, as MXNet's copy does (setitem:
    docs/differences.md). torch refuses the partial overlaps it detects, before writing; only
    then is the source cloned, so the ordinary write pays nothing for the check."""
    try:
        write(source)
    except RuntimeError as error:
        if "single memory location" not in str(error):
            raise
        write(source.clone())


def _reshape_view(data: torch.Tensor, target: tuple, requested=None) -> torch.Tensor:
    """A view of ``data`` with shape ``target``, with NDArray.reshape's two size errors.

    The ValueError names the shape as the caller wrote it (``requested``: ``(5, -1)``, ``[5, -1]``).
    """
    size = 1
    for d in target:
        size *= d
    if size > data.numel():
        raise MXNetError(f"NDArray.Reshape: Check failed: shape_.Size() >= shape.Size() "
                         f"({data.numel()} vs. {size}) : target shape size is larger than the current shape")
    if size != data.numel() and FLAGS.get().recording:
        raise MXNetError(f"NDArray.Reshape: Check failed: shape_.Size() == shape.Size() ({data.numel()} vs. "
                         f"{size}) : target shape must have the same size as current shape when recording "
                         "with autograd.")
    if size != data.numel():
        raise ValueError(f"Cannot reshape array of size {data.numel()} into shape "
                         f"{target if requested is None else requested}")
    return data.view(target)


_STORAGE_TYPE_STR_TO_ID = {"undefined": -1, "default": 0, "row_sparse": 1, "csr": 2}  # MXNet's table

# MXNet 1.9.1 printed with numpy 1.x; numpy 2.3 began to print float16 from 1000 up in scientific
# notation ([1234., 5.] as [1.234e+03 5.000e+00]). Its legacy mode keeps numpy 1's text.
_NUMPY_1_TEXT = {"legacy": "1.25"} if int(np.__version__.split(".")[0]) >= 2 else {}


def _context_of(data: torch.Tensor) -> Context:
    if data.is_cuda:
        return Context("gpu", data.device.index or 0)
    return current_context() if current_context().device_typeid != 2 else Context("cpu", 0)


_new = object.__new__


def wrap(data: torch.Tensor, ctx: Context) -> NDArray:
    """Wrap a contiguous tensor that lives on ``ctx`` without copying (the hot path)."""
    array = _new(NDArray)
    array._data = data
    array._ctx = ctx
    return array


def _unpickle(array, dtype_name, ctx):
    """MXNet's raw bytes keep GPU placement but load host arrays on cpu(0)."""
    from .creation import array as make_array

    if ctx.device_typeid != 2 or ctx.device_id >= torch.cuda.device_count():
        ctx = Context("cpu", 0)
    return make_array(array, ctx=ctx, dtype=dtype_name)


def waitall():
    """Wait until all pending device work has finished."""
    if torch.cuda.is_initialized():  # a flag read: no CUDA context, no pending device work
        for device in range(torch.cuda.device_count()):
            synchronize(device, "waitall")
