"""Array creation: array, empty, zeros, ones, full, arange, linspace, eye, from_numpy, DLPack.

Every function takes ``ctx=`` (default: the current context) and ``dtype=``. ``array`` of
anything but an NDArray is float32 unless ``dtype`` is given, as in MXNet.
"""
from __future__ import annotations

from array import array as native_array
import numbers
import sys

import numpy as np
import torch

from .. import dtypes
from ..context import Context, current_context
from ..errors import MXNetError, device_errors
from ..op_names import ACTIVE, named
from ..params import parse_context
from .ndarray import NDArray, wrap
from .ops.creation import eye_tensor, fill_value, filled_tensor, linspace_tensor, range_tensor

__all__ = ["array", "empty", "zeros", "ones", "full", "arange", "linspace", "eye", "from_numpy",
           "from_dlpack", "to_dlpack_for_read", "to_dlpack_for_write"]


def resolve_context(ctx) -> Context:
    """The Context for ``ctx=`` (None means the current default context)."""
    if ctx is None:
        return current_context()
    if isinstance(ctx, Context):
        return ctx
    if isinstance(ctx, str):  # 'cpu(0)', 'gpu(1)', 'cpu'
        return parse_context(ctx)
    raise TypeError(f"ctx must be a Context, got {type(ctx).__name__}")


def _place(tensor: torch.Tensor, ctx: Context, where: str = "array") -> NDArray:
    device = ctx.device
    with device_errors(where):  # out of memory on the device, or while pinning host memory
        if tensor.device != device:
            tensor = tensor.to(device)
        elif ctx.device_typeid == 3 and torch.cuda.is_available():
            tensor = tensor.pin_memory()
    return wrap(tensor, ctx)


def _sparse_zeros(stype, shape, ctx, dtype):
    from .sparse.creation import zeros as sparse_zeros

    return sparse_zeros(stype, shape, ctx=ctx, dtype=dtype)


def _is_scipy_csr(value) -> bool:
    """A ``scipy.sparse.csr_matrix`` (scipy cannot have made one unless it is imported)."""
    scipy_sparse = sys.modules.get("scipy.sparse")
    return scipy_sparse is not None and isinstance(value, scipy_sparse.csr_matrix)


def array(source_array, ctx=None, dtype=None):
    """A new array holding a copy of ``source_array`` (list, tuple, numpy array, NDArray, tensor).

    >>> import mxnd as mx
    >>> mx.nd.array([1, 2, 3]).dtype
    <class 'numpy.float32'>
    """
    if (isinstance(source_array, NDArray) and source_array.stype != "default") or _is_scipy_csr(source_array):
        from .sparse.creation import array as sparse_array  # a sparse source keeps its storage

        return sparse_array(source_array, ctx=ctx, dtype=dtype)
    ctx = resolve_context(ctx)
    if isinstance(source_array, NDArray):
        target = source_array._data.dtype if dtype is None else dtypes.to_torch(dtype, frontend=True)
        return _place(source_array._data.detach().to(target, copy=True), ctx)
    entry = dtypes.DEFAULT if dtype is None else dtypes.lookup_frontend(dtype)
    if isinstance(source_array, torch.Tensor):
        return _place(source_array.detach().to(entry.torch, copy=True).contiguous(), ctx)
    try:
        source = np.asarray(source_array)
        if source.dtype.kind in "USVO":  # MXNet converts with np.array(source, dtype): '1.5' reads
            source = np.array(source_array, dtype=entry.numpy or np.float32)  # as 1.5, None as nan
        if source.dtype == object or source.dtype.kind in "USV":
            raise TypeError
    except (TypeError, ValueError):
        raise TypeError("source_array must be array like object") from None
    if not isinstance(source_array, np.ndarray) and _python_int_fails(source, entry.numpy):
        raise TypeError("source_array must be array like object")
    if entry.numpy is None:  # bfloat16: numpy has no such type
        return _place(torch.from_numpy(source.astype(np.float32)).to(entry.torch), ctx)
    return _place(host_copy(source, entry.torch), ctx)


def _python_int_fails(source: np.ndarray, target) -> bool:
    """Whether NumPy 1 (MXNet's ``np.array(list, dtype)``) fails to store these floats as integers:
    it converts each Python number with ``int()``, which raises for NaN, infinities and values
    beyond 64 bits.

    >>> _python_int_fails(np.array([1.5, 1e40]), np.int32), _python_int_fails(np.array([300.0]), np.uint8)
    (True, False)
    """
    if target is None or source.dtype.kind != "f" or np.dtype(target).kind not in "iu" or not source.size:
        return False
    with np.errstate(invalid="ignore"):
        return bool(((~np.isfinite(source)) | (np.abs(source) >= 2.0 ** 63)).any())


def host_copy(source: np.ndarray, dtype: torch.dtype) -> torch.Tensor:
    """A C-contiguous host tensor of ``dtype`` holding ``source`` cast as NumPy's ``astype`` casts
    (out-of-range values wrap), in torch's own 64-byte aligned memory: one copy, and no NumPy
    buffer (16-byte aligned), which ran torch's GEMM and batch-norm kernels 10% slower here.

    >>> host_copy(np.array([1.5, 300.0]), torch.uint8)
    tensor([ 1, 44], dtype=torch.uint8)
    """
    tensor = torch.empty(source.shape, dtype=dtype)
    with np.errstate(all="ignore"):
        np.copyto(tensor.numpy(), source, casting="unsafe")
    return tensor


def _frontend_error(op_name: str, error: Exception, **given) -> Exception:
    """What MXNet raises when a creation function's argument does not parse: its frontend sends
    them to operator ``op_name`` (``mx.nd.zeros`` to ``_zeros``), whose parser reports it with
    MXNet's message (mxnd.param_errors); ``error`` itself when MXNet would read them all.

    >>> print(_frontend_error("_eye", ValueError(), N="n", M=0, k=0, ctx="cpu(0)", dtype="float32"))
    _eye: Invalid Parameter format for N expect long but value='n', in operator _eye(name="", dtype="float32", ctx="cpu(0)", k="0", M="0", N="n")
    """
    from ..param_errors import find
    from ..registry import REGISTRY

    return find(REGISTRY[op_name], given, 0) or error


def _allocation_shape(shape):
    """``shape`` as MXNet's ``empty``/``full`` hand it to ctypes (``array('I', shape)``): an int is
    one axis; None, floats and negative sizes raise that conversion's TypeError/OverflowError.
    Sizes past 2**31 elements are allowed (MXNet's pip builds refuse them; mxnd has int64 sizes).

    >>> _allocation_shape(3), _allocation_shape([2, 0])
    ((3,), (2, 0))
    """
    if isinstance(shape, numbers.Integral):
        shape = (shape,)
    if min(native_array("q", shape), default=0) < 0:
        raise OverflowError("can't convert negative value to unsigned int")
    return tuple(shape)


def _filled(shape, ctx, dtype, fill, name, frontend=False):
    ctx = current_context() if ctx is None else resolve_context(ctx)
    target = torch.float32 if dtype is None else dtypes.to_torch(dtype, name, frontend=frontend)
    tensor = filled_tensor(shape, ctx, target, fill, name)
    return _place(tensor, ctx, name) if ctx.device_typeid == 3 else wrap(tensor, ctx)


def empty(shape, ctx=None, dtype=None, stype=None):
    """An uninitialized array. ``mx.nd.empty((2, 3)).shape`` is ``(2, 3)``."""
    if stype is not None and stype != "default":
        return _sparse_zeros(stype, shape, ctx, dtype)
    if dtype is not None:  # MXNet reads the dtype before the shape's ctypes conversion
        dtype = dtypes.to_torch(dtype, "empty", frontend=True)
    return _filled(_allocation_shape(shape), ctx, dtype, None, "empty", frontend=True)


def zeros(shape, ctx=None, dtype=None, stype=None, **kwargs):
    """An array of zeros. ``mx.nd.zeros(3)`` has shape ``(3,)``."""
    if ctx is None and dtype is None and stype is None and not kwargs and type(shape) is tuple:
        made = _default_host_array(torch.zeros, shape)
        if made is not None:
            return made
    if stype is not None and stype != "default":
        return _sparse_zeros(stype, shape, ctx, dtype)
    return _filled_as("_zeros", shape, ctx, dtype, 0, kwargs)


def _default_host_array(maker, shape: tuple):
    """``zeros(shape)``'s and ``ones(shape)``'s common call, a tuple of sizes on the default host
    context with the default dtype, made without the general path's steps (3.0 -> 2.2 us, torch.zeros
    1.4); None otherwise.

    >>> _default_host_array(torch.zeros, (2, 3)).shape, _default_host_array(torch.zeros, (2, -1))
    ((2, 3), None)
    """
    for size in shape:
        if type(size) is not int or size < 0:
            return None
    ctx = current_context()
    if ctx.device_typeid != 1 or ACTIVE[0]:  # the profiler names the general path's call
        return None
    tensor = maker(*shape) if shape else maker(())
    return wrap(tensor, ctx) if tensor.dtype is torch.float32 else None


def ones(shape, ctx=None, dtype=None, **kwargs):
    """An array of ones; ``out=`` is filled and returned.

    >>> import mxnd as mx
    >>> out = mx.nd.zeros((2,))
    >>> mx.nd.ones(2, out=out) is out, out.asnumpy()
    (True, array([1., 1.], dtype=float32))
    """
    if ctx is None and dtype is None and not kwargs and type(shape) is tuple:
        made = _default_host_array(torch.ones, shape)
        if made is not None:
            return made
    return _filled_as("_ones", shape, ctx, dtype, 1, kwargs)


def _filled_as(op_name, shape, ctx, dtype, fill, kwargs):
    """zeros/ones: ``fill`` in ``shape``; a shape that does not parse raises operator ``op_name``'s error."""
    if shape is None:  # MXNet sends the text 'None': an unknown shape
        raise MXNetError(f"Operator {op_name} inferring shapes failed (shape : None)")
    if "out" in kwargs:  # the operator writes ``out`` (its shape and dtype checked) and returns it
        from . import _internal

        return getattr(_internal, op_name)(shape=shape, ctx=ctx or current_context(),
                                           dtype=dtype or "float32", **kwargs)
    try:
        return named(op_name, _filled, shape, ctx, dtype, fill, op_name.strip("_"))
    except (ValueError, TypeError, MXNetError) as error:
        raise _frontend_error(op_name, error, shape=shape, ctx=ctx or current_context(),
                              dtype=dtype or "float32", **kwargs) from None


def full(shape, val, ctx=None, dtype=np.float32, out=None):
    """An array filled with ``val`` (cast to ``dtype``; ints truncate).

    >>> import mxnd as mx
    >>> mx.nd.full((2,), 3.7, dtype='int32').asnumpy()
    array([3, 3], dtype=int32)
    """
    target = out._data.dtype if out is not None else dtypes.to_torch(dtype, "full", frontend=True)
    try:
        fill = fill_value(val, target)
    except (TypeError, ValueError):  # MXNet assigns ``out[:] = val``
        raise TypeError(f"{NDArray} does not support assignment with non-array-like object "
                        f"{val} of type {type(val)}") from None
    if out is not None:
        out._data.fill_(fill)
        return out
    return named("_full", _filled, _allocation_shape(shape), ctx, dtype, fill, "full", True)


def _operator_dtype(dtype):
    """The dtype an operator gets from MXNet's generated function: ``np.dtype(dtype).name``, so
    an explicit None is float64 (arange and linspace pass theirs straight through)."""
    return np.float64 if dtype is None else dtype


def arange(start, stop=None, step=1.0, repeat=1, infer_range=None, ctx=None, dtype=np.float32):
    """Evenly spaced values in [start, stop), each repeated ``repeat`` times.

    >>> import mxnd as mx
    >>> mx.nd.arange(0, 3, repeat=2).asnumpy()
    array([0., 0., 1., 1., 2., 2.], dtype=float32)
    """
    ctx = resolve_context(ctx)
    target = dtypes.to_torch(_operator_dtype(dtype), "arange", allow_bool=False)
    try:
        numbers = (0.0, float(start)) if stop is None else (float(start), float(stop))
        numbers += float(step), int(repeat)
    except (TypeError, ValueError) as error:
        raise _frontend_error("_arange", error, start=start, stop=stop, step=step, repeat=repeat,
                              infer_range=False, dtype=dtype, ctx=ctx) from None
    return wrap(range_tensor(*numbers, target, ctx.device, "arange"), ctx)


def linspace(start, stop, num, endpoint=True, ctx=None, dtype=np.float32):
    """``num`` evenly spaced values from start to stop (stop included when ``endpoint``)."""
    ctx = resolve_context(ctx)
    try:
        target = dtypes.to_torch(_operator_dtype(dtype), "linspace", allow_bool=False)
        numbers = float(start), float(stop), int(num)
    except (TypeError, ValueError, MXNetError) as error:
        raise _frontend_error("_linspace", error, start=start, stop=stop, num=num, endpoint=endpoint,
                              dtype=dtype, ctx=ctx) from None
    return wrap(linspace_tensor(*numbers, endpoint, target, ctx.device, "linspace"), ctx)


def eye(N, M=0, k=0, ctx=None, dtype=None, **kwargs):
    """A 2-D array with ones on diagonal ``k`` (``M=0`` means ``M=N``)."""
    ctx = resolve_context(ctx)
    try:
        target = dtypes.to_torch(dtype, "eye", allow_bool=False)
        sizes = int(N), int(M), int(k)
    except (TypeError, ValueError, MXNetError) as error:
        raise _frontend_error("_eye", error, N=N, M=M, k=k, ctx=ctx, dtype=dtype or "float32", **kwargs) from None
    return wrap(eye_tensor(*sizes, target, ctx.device, "eye"), ctx)


def from_numpy(ndarray, zero_copy=True):
    """An NDArray from a numpy array, sharing its memory when ``zero_copy`` (dtype kept).

    As in MXNet, zero-copy needs a C-contiguous array, which then becomes read-only for
    numpy so that only the NDArray writes it.
    """
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"from_numpy expects a numpy.ndarray, got {type(ndarray).__name__}")
    if not zero_copy:
        return array(ndarray, dtype=ndarray.dtype)
    if not ndarray.flags["C_CONTIGUOUS"]:
        raise ValueError("Only c-contiguous arrays are supported for zero-copy")
    if ndarray.dtype not in _DLPACK_NUMPY_TYPES:
        raise ValueError(str(ndarray.dtype) + " is not supported.")  # MXNet's DLDataType.TYPE_MAP
    tensor = torch.from_numpy(ndarray)
    ndarray.flags["WRITEABLE"] = False
    return wrap(tensor, Context("cpu", 0))


_DLPACK_NUMPY_TYPES = frozenset(np.dtype(t) for t in (np.bool_, np.int8, np.int32, np.int64, np.uint8,
                                                      np.float16, np.float32, np.float64))


def from_dlpack(dlpack):
    """An NDArray sharing memory with a DLPack capsule or any object with ``__dlpack__``
    (a torch tensor, a numpy array, another NDArray).

    >>> import numpy as np, mxnd as mx
    >>> source = np.arange(3, dtype=np.int32)
    >>> x = mx.nd.from_dlpack(source)
    >>> x[0] = 7
    >>> source.tolist()
    [7, 1, 2]
    """
    if not hasattr(dlpack, "__dlpack__") and type(dlpack).__name__ != "PyCapsule":
        raise TypeError(f"from_dlpack expects a DLPack capsule or an object with __dlpack__, "
                        f"got {type(dlpack).__name__}")
    try:
        tensor = torch.utils.dlpack.from_dlpack(dlpack)
    except BufferError:
        if not (isinstance(dlpack, np.ndarray) and dlpack.dtype == np.bool_):
            raise
        tensor = torch.from_numpy(dlpack)  # torch < 2.5 takes no bool through DLPack; memory still shared
    if not tensor.is_contiguous():
        tensor = tensor.contiguous()
    ctx = Context("gpu", tensor.device.index or 0) if tensor.is_cuda else Context("cpu", 0)
    return wrap(tensor, ctx)


def to_dlpack_for_read(data):
    """A DLPack capsule of ``data`` for reading."""
    return data.to_dlpack_for_read()


def to_dlpack_for_write(data):
    """A DLPack capsule of ``data`` for writing."""
    return data.to_dlpack_for_write()
