"""MXNet 1.x's binary NDArray list format (``.params`` files): encode and decode.

Layout (apache/mxnet v1.9.1 ``src/ndarray/ndarray.cc``, ``NDArray::Save``/``Load``), little endian:

- list header: ``uint64 0x112`` (kMXAPINDArrayListMagic), ``uint64 0``, ``uint64 count``;
- each array: ``uint32 magic`` (V2 ``0xF993fac9``; V3 ``0xF993faca`` in np-shape semantics),
  ``int32 stype`` (0 dense, 1 row_sparse, 2 csr), for sparse the storage shape, the shape
  (``int32 ndim`` + ``int64`` dims), the context (``int32 dev_type``, ``int32 dev_id``),
  ``int32 type_flag``, for sparse each aux array's ``int32`` type flag and shape, then the
  raw data and the raw aux data (csr: indptr, indices; row_sparse: indices);
- names: ``uint64 count`` then per name ``uint64 length`` + UTF-8 bytes (0 names for a list).

Older files (V1 magic ``0xF993fac8``, or no magic: ``uint32 ndim`` + ``uint32`` dims) are read
too. Every length is checked against the bytes that remain, so a truncated or corrupt file
raises ``MXNetError`` naming what is wrong instead of allocating or crashing.
"""
from __future__ import annotations

import math
import mmap
import os
import struct
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch

from .. import dtypes, util
from ..errors import MXNetError

LIST_MAGIC = 0x112
V1_MAGIC, V2_MAGIC, V3_MAGIC = 0xF993FAC8, 0xF993FAC9, 0xF993FACA
STYPES = {0: "default", 1: "row_sparse", 2: "csr"}
STYPE_IDS = {name: code for code, name in STYPES.items()}
NUM_AUX = {"default": 0, "row_sparse": 1, "csr": 2}
CPU, GPU = 1, 2

_U64x3 = struct.Struct("<QQQ")
_U64 = struct.Struct("<Q")
_I32 = struct.Struct("<i")
_I32x2 = struct.Struct("<ii")
_U32 = struct.Struct("<I")


class Record:
    """One decoded array: storage type, shape, saved context, dtype, data and aux tensors (host)."""

    __slots__ = ("stype", "shape", "dev_type", "dev_id", "data", "aux")

    def __init__(self, stype, shape, dev_type, dev_id, data, aux=()):
        self.stype, self.shape, self.data, self.aux = stype, shape, data, aux
        self.dev_type, self.dev_id = dev_type, dev_id


# ----- encoding ------------------------------------------------------------------------------

def _shape_bytes(shape) -> bytes:
    return struct.pack(f"<i{len(shape)}q", len(shape), *shape)


def _host_buffer(tensor: torch.Tensor) -> np.ndarray:
    """The tensor's bytes as a numpy array on the host (no copy for a contiguous host tensor)."""
    tensor = tensor.detach()
    if tensor.device.type != "cpu":
        tensor = tensor.cpu()
    if tensor.dtype is torch.bfloat16:
        tensor = tensor.view(torch.int16)
    return tensor.contiguous().numpy()


def _flag(tensor: torch.Tensor, what: str) -> int:
    entry = dtypes.BY_TORCH.get(tensor.dtype)
    if entry is None:
        raise MXNetError(f"save: {what} has dtype {tensor.dtype}, which MXNet's format cannot store")
    return entry.flag


def encode_array(write, parts, magic: int) -> None:
    """Write one array given as ``(stype, shape, ctx, data, aux tensors)`` with ``write``."""
    stype, shape, ctx, data, aux = parts
    header = [struct.pack("<Ii", magic, STYPE_IDS[stype])]
    if aux:
        header.append(_shape_bytes(tuple(data.shape)))  # storage shape
    header.append(_shape_bytes(shape))
    header.append(_I32x2.pack(ctx.device_typeid, ctx.device_id))
    header.append(_I32.pack(_flag(data, "an array")))
    for tensor in aux:
        header.append(_I32.pack(_flag(tensor, "an index array")))
        header.append(_shape_bytes(tuple(tensor.shape)))
    write(b"".join(header))
    write(_host_buffer(data))
    for tensor in aux:
        write(_host_buffer(tensor))


def encode(write, arrays, names) -> None:
    """Write the list format: ``arrays`` are ``(stype, shape, ctx, data, aux)`` tuples.

    A 0-d array cannot be written in MXNet's legacy semantics (MXNet 1.9.1 writes it but then
    fails to read the file back), so a file with a dense 0-d array is written as MXNet does in
    np-shape semantics (V3 magic), which MXNet loads under ``mx.util.np_shape(True)``.
    """
    dense = all(parts[0] == "default" for parts in arrays)
    magic = _magic(dense, any(len(parts[1]) == 0 for parts in arrays))
    write(_U64x3.pack(LIST_MAGIC, 0, len(arrays)))
    for parts in arrays:
        encode_array(write, parts, magic)
    encoded = [name.encode("utf-8") for name in names]
    write(_U64.pack(len(encoded)) + b"".join(_U64.pack(len(n)) + n for n in encoded))


def encode_one(write, parts) -> None:
    """One array alone: MXNet's raw bytes (``MXNDArraySaveRawBytes``, what its pickles hold)."""
    encode_array(write, parts, _magic(parts[0] == "default", not parts[1]))


def _magic(dense: bool, has_0d: bool) -> int:
    """The magic of the arrays of one file: V3 under ``np_shape`` (dense arrays only, as MXNet's
    ``NDArray::Save``) or for a dense 0-d array (see ``encode``), else V2."""
    if util.is_np_shape():
        if not dense:
            raise MXNetError("save: only allow serializing ndarray of default storage type in np shape semantics")
        return V3_MAGIC
    return V3_MAGIC if dense and has_0d else V2_MAGIC


_SAVED_IN_NP_SHAPE = ("ndarray was saved in np shape semantics, must be loaded in the same semantics. Please "
                      "turn on np shape semantics in Python using `with np_shape(True)` or decorator "
                      "`use_np_shape` to scope the code of loading the ndarray.")
_NOT_SAVED_IN_NP_SHAPE = ("ndarray was not saved in np shape semantics, but being loaded in np shape semantics. "
                          "Please turn off np shape semantics in Python using `with np_shape(False)` to scope "
                          "the code of loading the ndarray.")


def _check_semantics(magics, records) -> None:
    """MXNet's ``NDArray::Load``: V3 arrays (np-shape semantics) load only under ``np_shape``, the
    others only outside it. mxnd writes V3 outside ``np_shape`` only into files holding a 0-d
    array (legacy semantics cannot hold one): those load in both."""
    if util.is_np_shape():
        if any(magic != V3_MAGIC for magic in magics):
            raise MXNetError(_NOT_SAVED_IN_NP_SHAPE)
    elif V3_MAGIC in magics and not any(len(record.shape) == 0 for record in records):
        raise MXNetError(_SAVED_IN_NP_SHAPE)


# ----- decoding ------------------------------------------------------------------------------

class FileSource:
    """Reads from a file descriptor with ``pread``; large data blocks are read by a thread pool
    in parallel (``os.preadv`` releases the GIL; copying out of the page cache on several cores
    about halves the load time of a 80 MB file on 2 cores)."""

    PARALLEL_BYTES = 1 << 20

    def __init__(self, fd: int):
        self.fd, self.pending = fd, []

    def read(self, position: int, count: int) -> bytes:
        chunk = os.pread(self.fd, count, position)
        while len(chunk) < count:
            more = os.pread(self.fd, count - len(chunk), position + len(chunk))
            if not more:
                break
            chunk += more
        return chunk

    def fill(self, buffer: np.ndarray, position: int) -> int:
        """Read ``buffer.nbytes`` bytes at ``position`` (maybe later; ``finish`` checks the count)."""
        if buffer.nbytes >= self.PARALLEL_BYTES and _workers() > 1:
            self.pending.append((_pool().submit(_pread_full, self.fd, buffer, position), buffer.nbytes, position))
            return buffer.nbytes
        return _pread_full(self.fd, buffer, position)

    def finish(self) -> None:
        """Wait for every parallel read; a short one means the file shrank while being read."""
        pending, self.pending = self.pending, []
        short = [(got, expected, position) for got, expected, position in
                 ((future.result(), expected, position) for future, expected, position in pending)
                 if got != expected]
        if short:
            got, expected, position = short[0]
            raise MXNetError(f"Invalid NDArray file format: file is truncated: {expected} bytes of data "
                             f"at byte {position}, read {got} (did the file change while loading?)")


def _pread_full(fd: int, buffer: np.ndarray, position: int) -> int:
    view, done = memoryview(buffer).cast("B"), 0
    while done < len(view):
        got = os.preadv(fd, [view[done:]], position + done)
        if got <= 0:
            break
        done += got
    return done


_POOL = []
if hasattr(os, "register_at_fork"):  # a forked child has no pool threads: start a new pool there
    os.register_at_fork(after_in_child=_POOL.clear)


def _workers() -> int:
    return min(8, os.cpu_count() or 1)


def _pool():
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=_workers(), thread_name_prefix="mxnd-load"))
    return _POOL[0]


class BufferSource:
    """Reads from a bytes-like object (``load_frombuffer``)."""

    def __init__(self, view: memoryview):
        self.view = view

    def read(self, position: int, count: int) -> bytes:
        return bytes(self.view[position:position + count])

    def fill(self, buffer: np.ndarray, position: int) -> int:
        chunk = np.frombuffer(self.view, dtype=np.uint8, count=buffer.nbytes, offset=position)
        np.copyto(buffer.reshape(-1).view(np.uint8), chunk)
        return buffer.nbytes

    def finish(self) -> None:
        pass


class _Reader:
    """Bounded reads from a source of known size, with errors that say what is missing."""

    __slots__ = ("source", "position", "size", "context", "magics")

    def __init__(self, source, size: int):
        self.source, self.position, self.size, self.context = source, 0, size, "the file header"
        self.magics = []  # of the arrays read, for the np-shape check

    def fail(self, what: str) -> MXNetError:
        return MXNetError(f"Invalid NDArray file format: {what} (in {self.context}, at byte {self.position})")

    def need(self, count: int, what: str) -> None:
        left = self.size - self.position
        if count > left:
            raise self.fail(f"file is truncated: {what} needs {count} bytes, only {left} left")

    def read(self, count: int, what: str) -> bytes:
        self.need(count, what)
        chunk = self.source.read(self.position, count)
        if len(chunk) != count:
            raise self.fail(f"file is truncated: {what} needs {count} bytes, read {len(chunk)}")
        self.position += count
        return chunk

    def unpack(self, layout: struct.Struct, what: str):
        return layout.unpack(self.read(layout.size, what))

    def read_shape(self, what: str, dim_format: str = "q") -> tuple:
        (ndim,) = self.unpack(_I32, f"the ndim of the {what}")
        return self.read_dims(ndim, what, dim_format)

    def read_dims(self, ndim: int, what: str, dim_format: str = "q") -> tuple:
        width = struct.calcsize(dim_format)
        if ndim < 0:
            raise self.fail(f"the {what} has a negative ndim {ndim}")
        dims = struct.unpack(f"<{ndim}{dim_format}", self.read(ndim * width, f"the {what}"))
        if any(d < 0 for d in dims):
            raise self.fail(f"the {what} {dims} has a negative dimension")
        return dims

    def read_tensor(self, flag: int, shape: tuple, what: str) -> torch.Tensor:
        entry = dtypes.BY_FLAG.get(flag)
        if entry is None:
            raise self.fail(f"{what} has an unknown type flag {flag} "
                            f"(known: {sorted(dtypes.BY_FLAG)})")
        count = 1
        for dim in shape:
            count *= dim
        nbytes = count * _ITEMSIZE[entry.torch]
        self.need(nbytes, f"{what} ({entry.name}, shape {shape})")
        if nbytes == 0:
            return torch.empty(shape, dtype=entry.torch)
        buffer = _allocate(nbytes)
        got = self.source.fill(buffer, self.position)
        if got != nbytes:
            raise self.fail(f"file is truncated: {what} needs {nbytes} bytes, read {got}")
        self.position += nbytes
        storage = torch.from_numpy(buffer)
        if entry.torch is torch.bool:
            self.source.finish()
            return (storage != 0).view(shape)  # any nonzero byte is True, as in C++
        return storage.view(entry.torch).view(shape)


_HUGE_PAGE = 2 << 20
_HUGE_BYTES = _HUGE_PAGE  # smaller buffers come from numpy's allocator
_CAN_ADVISE = all(hasattr(mmap, name) for name in ("MADV_HUGEPAGE", "MAP_ANONYMOUS", "MAP_PRIVATE"))


def _allocate(nbytes: int) -> np.ndarray:
    """A writable host buffer for ``nbytes`` of array data.

    Large buffers are anonymous mappings advised to use transparent huge pages, their length
    rounded up to whole 2 MB pages when that adds at most an eighth (a partial huge page is
    faulted in 4 KB pages): loading 20 arrays of 1M float32 takes 11-13 ms instead of 25 ms
    (unrounded) on a 2-core Linux VM where each fresh page costs a fault and zeroing. numpy's
    allocator otherwise (torch's own allocator faults on every page of a fresh allocation,
    numpy's can reuse freed heap memory).
    """
    if nbytes >= _HUGE_BYTES and _CAN_ADVISE:
        rounded = -(-nbytes // _HUGE_PAGE) * _HUGE_PAGE
        region = mmap.mmap(-1, rounded if rounded - nbytes <= nbytes // 8 else nbytes,
                           flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        region.madvise(mmap.MADV_HUGEPAGE)
        return np.frombuffer(region, dtype=np.uint8, count=nbytes)  # keeps ``region`` alive
    return np.empty(nbytes, dtype=np.uint8)


_ITEMSIZE = {d.torch: torch.empty((), dtype=d.torch).element_size() for d in dtypes.TABLE}


def _storage_shape(stype, storage_shape, shape, aux_meta):
    """The shape of a sparse array's stored values as MXNet's loader takes it: the saved storage
    shape, or, when that holds no element (MXNet 1.9.1 saves int32 row_sparse arrays made by
    ``tostype`` with a storage shape of 0 rows), the one its NDArray constructor infers from the
    aux shapes: the indices' length of rows (row_sparse), the indices' shape (csr).

    >>> _storage_shape("row_sparse", (0, 2), (3, 2), [(6, (1,))])
    (1, 2)
    """
    if math.prod(storage_shape):
        return storage_shape
    if stype == "row_sparse":
        return (aux_meta[0][1][0],) + tuple(shape[1:])
    return tuple(aux_meta[1][1])


def _decode_array(reader: _Reader) -> Record:
    (magic,) = reader.unpack(_U32, "the array magic")
    reader.magics.append(magic)
    if magic not in (V2_MAGIC, V3_MAGIC):
        return _decode_legacy(reader, magic)
    (stype_id,) = reader.unpack(_I32, "the storage type")
    stype = STYPES.get(stype_id)
    if stype is None:
        raise reader.fail(f"unknown storage type {stype_id} (expected 0 dense, 1 row_sparse or 2 csr)")
    if magic == V3_MAGIC and stype != "default":
        raise reader.fail(f"a {stype} array cannot be stored in np-shape semantics (V3 magic)")
    nad = NUM_AUX[stype]
    storage_shape = reader.read_shape("storage shape") if nad else None
    shape = reader.read_shape("shape")
    dev_type, dev_id = reader.unpack(_I32x2, "the context")
    (flag,) = reader.unpack(_I32, "the type flag")
    aux_meta = []
    for index in range(nad):
        (aux_flag,) = reader.unpack(_I32, f"the type flag of aux array {index}")
        aux_meta.append((aux_flag, reader.read_shape(f"shape of aux array {index}")))
    data_shape = _storage_shape(stype, storage_shape, shape, aux_meta) if nad else shape
    data = reader.read_tensor(flag, data_shape, "the data")
    aux = tuple(reader.read_tensor(aux_flag, aux_shape, f"aux array {index}")
                for index, (aux_flag, aux_shape) in enumerate(aux_meta))
    return Record(stype, shape, dev_type, dev_id, data, aux)


def _decode_legacy(reader: _Reader, magic: int) -> Record:
    """Files from MXNet before storage types: V1 (int64 shape) or no magic (uint32 ndim + dims)."""
    if magic == V1_MAGIC:
        shape = reader.read_shape("shape")
    else:
        if magic > 32:  # a legacy file starts with its ndim here; anything else is not MXNet's
            raise reader.fail(f"unknown array magic 0x{magic:08x} (expected 0x{V2_MAGIC:08x})")
        shape = reader.read_dims(magic, "legacy shape", "I")
    dev_type, dev_id = reader.unpack(_I32x2, "the context")
    (flag,) = reader.unpack(_I32, "the type flag")
    return Record("default", shape, dev_type, dev_id, reader.read_tensor(flag, shape, "the data"))


def decode(source, size: int):
    """Read the list format (``size`` bytes) from a FileSource or BufferSource: ``(records, names)``."""
    try:
        return _decode(source, size)
    finally:
        source.finish()  # every parallel read done (or failed) before the buffers are used


def decode_one(source, size: int) -> Record:
    """The array of ``encode_one``'s bytes (``size`` of them)."""
    try:
        reader = _Reader(source, size)
        reader.context = "the array"
        record = _decode_array(reader)
        _check_semantics(reader.magics, [record])
        return record
    finally:
        source.finish()


def _decode(source, size: int):
    reader = _Reader(source, size)
    if size < _U64x3.size:
        reader.need(_U64x3.size, "the list header")
    magic, _reserved, count = reader.unpack(_U64x3, "the list header")
    if magic != LIST_MAGIC:
        raise reader.fail(f"wrong magic 0x{magic:x} (expected 0x{LIST_MAGIC:x}); "
                          f"this is not an MXNet NDArray file")
    records = []  # grows as arrays are read: a corrupt count runs out of bytes, not memory
    for index in range(count):
        reader.context = f"array {index}"
        records.append(_decode_array(reader))
    reader.context = "the names"
    (name_count,) = reader.unpack(_U64, "the number of names")
    if name_count not in (0, count):
        raise reader.fail(f"{name_count} names for {count} arrays")
    names = []
    for index in range(name_count):
        reader.context = f"name {index}"
        (length,) = reader.unpack(_U64, "the name length")
        raw = reader.read(length, "the name")
        try:
            names.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise reader.fail("the name is not UTF-8") from None
    _check_semantics(reader.magics, records)
    return records, names
