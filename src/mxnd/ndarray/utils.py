"""``mx.nd.save`` / ``load`` / ``load_frombuffer``: MXNet 1.x ``.params`` files, byte-compatible.

>>> import os, tempfile, mxnd as mx
>>> path = os.path.join(tempfile.mkdtemp(), 'x.params')
>>> mx.nd.save(path, {'w': mx.nd.array([1, 2])})
>>> mx.nd.load(path)['w'].asnumpy()
array([1., 2.], dtype=float32)
"""
from __future__ import annotations

import io
import os
import threading

import torch

from ..context import Context
from ..errors import MXNetError
from . import serialization
from .ndarray import NDArray, wrap

__all__ = ["zeros", "empty", "array", "load", "load_frombuffer", "save"]


def __getattr__(name):
    """MXNet's utils module also holds ``zeros``, ``empty`` and ``array`` (of any storage type):
    they are mx.nd's, looked up on first use."""
    if name in ("zeros", "empty", "array"):
        from .. import ndarray as frontend

        return getattr(frontend, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_CPU0 = Context("cpu", 0)


def _path(fname, function: str) -> str:
    if isinstance(fname, str):
        return fname
    if isinstance(fname, os.PathLike):  # mxnd addition: MXNet 1.9.1 takes str only
        return os.fspath(fname)
    raise TypeError("fname required to be a string")


def _parts(array: NDArray):
    """``(stype, shape, ctx, data, aux)`` of a dense or sparse array, using public names only."""
    stype = array.stype
    if stype == "default":
        return stype, array.shape, array.context, array._data, ()
    if stype == "csr":
        aux = (array.indptr._data, array.indices._data)
    elif stype == "row_sparse":
        aux = (array.indices._data,)
    else:
        raise MXNetError(f"save: unknown storage type {stype!r}")
    return stype, array.shape, array.context, array.data._data, aux


def _collect(data):
    """MXNet's checks on ``data``: an NDArray, a list of NDArrays or a dict str -> NDArray."""
    if isinstance(data, NDArray):
        return [data], []
    if isinstance(data, dict):
        if any(not isinstance(k, str) for k in data) or any(not isinstance(v, NDArray) for v in data.values()):
            raise TypeError("save only accept dict str->NDArray or list of NDArray")
        return list(data.values()), list(data.keys())
    if isinstance(data, list):
        if any(not isinstance(v, NDArray) for v in data):
            raise TypeError("save only accept dict str->NDArray or list of NDArray")
        return data, []
    raise ValueError("data needs to either be a NDArray, dict of str, NDArray pairs or a list of NDarrays.")


def save(fname, data):
    """Save an NDArray, a list of NDArrays or a dict str -> NDArray in MXNet's binary format.

    The file is written to a temporary file next to ``fname`` and then renamed over it, so a
    crash never leaves a half-written file at ``fname``. MXNet 1.9.1 loads the result.
    """
    path = _path(fname, "save")
    arrays, names = _collect(data)
    parts = [_parts(a) for a in arrays]
    atomic_write(path, lambda write: serialization.encode(write, parts, names), "save")


def atomic_write(path: str, produce, function: str) -> None:
    """Call ``produce(write)`` into a temporary file beside ``path``, then rename it over ``path``.

    On any failure (including KeyboardInterrupt) the temporary file is removed and an existing
    ``path`` is left untouched. The file gets the usual permissions (0666 minus the umask).
    """
    target = os.path.realpath(path)  # through a symlink to its target, as MXNet's fopen writes
    directory, base = os.path.split(target)
    temporary = os.path.join(directory, f".{base}.{os.getpid()}.{threading.get_ident():x}.tmp")
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as error:
        raise MXNetError(f"{function}: cannot open \"{path}\" for writing: {error.strerror}") from None
    previous = None
    try:
        with open(handle, "wb") as stream:
            produce(stream.write)
        previous = _hold_previous(target)
        os.replace(temporary, target)
        previous, held = None, previous
        _release_previous(held)
    except BaseException as error:
        if previous is not None:
            os.close(previous)
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise MXNetError(f"{function}: cannot write \"{path}\": {error.strerror or error}") from None
        raise


_BACKGROUND_BYTES = 1 << 20
_CLOSER = []
if hasattr(os, "register_at_fork"):  # a forked child has no closer thread: start a new one there
    os.register_at_fork(after_in_child=_CLOSER.clear)


def _hold_previous(path: str):
    """An open descriptor of the file ``os.replace`` is about to drop (POSIX only), or None.

    Replacing a large file frees its page cache inside the rename (about 65 ms for 80 MB,
    as long as writing it); holding it open lets a background thread pay that when it
    closes the descriptor.
    """
    if os.name != "posix":
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if os.fstat(fd).st_size >= _BACKGROUND_BYTES:
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def _release_previous(fd) -> None:
    if fd is None:
        return
    if not _CLOSER:
        from concurrent.futures import ThreadPoolExecutor

        _CLOSER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="mxnd-save"))
    try:
        _CLOSER[0].submit(os.close, fd)
    except RuntimeError:  # the interpreter is exiting (a write at exit): close it here
        os.close(fd)


def save_tobuffer(data) -> bytes:
    """The bytes ``save`` would write (mxnd addition; ``load_frombuffer`` reads them)."""
    arrays, names = _collect(data)
    stream = io.BytesIO()
    serialization.encode(stream.write, [_parts(a) for a in arrays], names)
    return stream.getvalue()


def raw_bytes(array) -> bytes:
    """MXNet's raw bytes of one array (``MXNDArraySaveRawBytes``; ``__getstate__`` holds them).

    >>> import mxnd as mx
    >>> from_raw_bytes(raw_bytes(mx.nd.array([1.5, 2]))).asnumpy()
    array([1.5, 2. ], dtype=float32)
    """
    stream = io.BytesIO()
    serialization.encode_one(stream.write, _parts(array))
    return stream.getvalue()


def from_raw_bytes(buf) -> NDArray:
    """The array of MXNet's raw bytes ``buf`` (``MXNDArrayLoadFromRawBytes``)."""
    view = memoryview(buf).cast("B")
    try:
        record = serialization.decode_one(serialization.BufferSource(view), view.nbytes)
    except MXNetError as error:
        raise MXNetError(f"load from raw bytes: {error}") from None
    return _to_ndarray(record)


def _context(record) -> Context:
    """MXNet loads host arrays on cpu(0) and GPU arrays on their GPU when one exists."""
    if record.dev_type == serialization.GPU and 0 <= record.dev_id < _gpu_count():
        return Context("gpu", record.dev_id)
    return _CPU0


def _gpu_count() -> int:
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def _to_ndarray(record) -> NDArray:
    ctx = _context(record)
    device = ctx.device
    if record.stype == "default":
        data = record.data if device.type == "cpu" else record.data.to(device)
        return wrap(data, ctx)
    return _sparse_array(record, ctx)


def _sparse_array(record, ctx):
    """Build a CSRNDArray / RowSparseNDArray through ``mx.nd.sparse``'s public constructors."""
    from . import sparse

    data = wrap(record.data, _CPU0)
    aux = [wrap(t, _CPU0) for t in record.aux]
    try:
        if record.stype == "csr":
            made = sparse.csr_matrix((data, aux[1], aux[0]), shape=record.shape, ctx=ctx, dtype=data.dtype)
        else:
            made = sparse.row_sparse_array((data, aux[0]), shape=record.shape, ctx=ctx, dtype=data.dtype)
    except AttributeError:
        raise MXNetError(f"load: the file holds a {record.stype} array, but mx.nd.sparse cannot "
                         f"build one in this version of mxnd") from None
    return made


def _finish(records, names):
    arrays = [_to_ndarray(r) for r in records]
    if not names:
        return arrays
    return dict(zip(names, arrays))


def load(fname):
    """Load a list or dict of arrays saved by ``save`` or by MXNet 1.x's ``mx.nd.save``.

    Arrays saved on a GPU come back on that GPU when it exists, otherwise on ``cpu(0)``.
    A truncated, corrupt or non-MXNet file raises ``MXNetError`` saying what is wrong.
    """
    path = _path(fname, "load")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise MXNetError(f"load: cannot open \"{path}\": {error.strerror}") from None
    try:
        size = os.fstat(fd).st_size
        return _finish(*_decode(serialization.FileSource(fd), size, path))
    except OSError as error:  # a directory, an I/O error
        raise MXNetError(f"load: cannot read \"{path}\": {error.strerror or error}") from None
    finally:
        os.close(fd)


def _decode(source, size, origin):
    try:
        return serialization.decode(source, size)
    except MXNetError as error:
        raise MXNetError(f"load: {origin}: {error}") from None


def load_frombuffer(buf):
    """Load a list or dict of arrays from the bytes of a saved file (``bytes``, ``bytearray``, ...)."""
    if isinstance(buf, str):
        buf = buf.encode("latin-1")
    try:
        view = memoryview(buf).cast("B")
    except TypeError:
        raise TypeError("buf required to be a string or bytes") from None
    return _finish(*_decode(serialization.BufferSource(view), view.nbytes, "buffer"))
