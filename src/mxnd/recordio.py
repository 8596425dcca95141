"""``mx.recordio``: MXNet 1.9.1's RecordIO files, the record header and image records.

File layout (dmlc-core ``recordio.h`` / ``recordio.cc``, little endian): each record is
``uint32 magic 0xced7230a``, ``uint32 lrecord = (cflag << 29) | length``, ``length`` payload
bytes, then zero bytes up to a multiple of 4. A payload holding the magic word at an offset
that is a multiple of 4 is split there (the magic word itself is dropped and put back by the
reader) into parts with cflag 1 (first), 2 (middle) and 3 (last); cflag 0 is a whole record.
A record must be shorter than 2**29 bytes. An index file (``MXIndexedRecordIO``) is text, one
``key\\tposition\\n`` line per record, the position being the record's byte offset.

``pack`` / ``unpack`` put an ``IRHeader`` in front of a payload: the native struct ``'IfQQ'``
as in MXNet (flag, float32 label, id, id2); a label that is not a number is stored as ``flag``
float32 values after the header (and ``label`` is 0).

``pack_img`` / ``unpack_img`` need OpenCV in MXNet 1.9.1 (its ``mx.recordio.cv2``); mxnd uses
Pillow instead (the ``image`` extra). ``pack_img`` writes Pillow's encoding of the image, not
OpenCV's bytes: a PNG decodes to the same pixels, a JPEG to close ones. ``unpack_img`` decodes
as ``cv2.imdecode`` does (BGR order), with mxnd's OpenCV-compatible decoder
(``mxnd.ndarray.image_io``).

Unlike MXNet 1.9.1: ``seek`` / ``read_idx`` work after a reader has reached the end of the file
(MXNet's stays at the end until ``reset``), ``write`` takes any contiguous bytes-like object,
and ``uri`` is a local path (or ``file://``), kept as a str.

>>> import os, tempfile, mxnd as mx
>>> path = os.path.join(tempfile.mkdtemp(), 'demo.rec')
>>> writer = mx.recordio.MXRecordIO(path, 'w')
>>> writer.write(mx.recordio.pack(mx.recordio.IRHeader(0, [1, 2], 7, 0), b'payload'))
>>> writer.close()
>>> reader = mx.recordio.MXRecordIO(path, 'r')
>>> mx.recordio.unpack(reader.read())
(HEADER(flag=2, label=array([1., 2.], dtype=float32), id=7, id2=0), b'payload')
>>> reader.read() is None
True
>>> reader.close()
"""
from __future__ import annotations

import io
import numbers
import operator
import os
import struct
from collections import namedtuple

import numpy as np

from .errors import MXNetError

__all__ = ["MXRecordIO", "MXIndexedRecordIO", "IRHeader", "pack", "unpack", "pack_img", "unpack_img"]

MAGIC = 0xCED7230A
MAGIC_BYTES = struct.pack("<I", MAGIC)
MAX_RECORD_BYTES = 1 << 29  # exclusive: the length field has 29 bits
_LENGTH_MASK = (1 << 29) - 1
_RECORD_HEADER = struct.Struct("<II")
_PADDING = bytes(4)
_READ_BUFFER = 8 * 1024  # as stdio's BUFSIZ: a seek refills at most this much
_WRITE_BUFFER = 256 * 1024

WHOLE, FIRST, MIDDLE, LAST = 0, 1, 2, 3  # cflag values


# ----- the record format ---------------------------------------------------------------------

def _aligned_magic_offsets(data) -> list:
    """Offsets of the magic word in ``data`` that are multiples of 4 (where the writer splits).

    >>> _aligned_magic_offsets(b'ab' + MAGIC_BYTES + b'cd' + MAGIC_BYTES)
    [8]
    """
    offsets, start = [], data.find(MAGIC_BYTES)
    while start >= 0:
        if start % 4 == 0:
            offsets.append(start)
        start = data.find(MAGIC_BYTES, start + 1)  # the magic word cannot overlap itself
    return offsets


def _part_header(cflag: int, length: int) -> bytes:
    return _RECORD_HEADER.pack(MAGIC, (cflag << 29) | length)


def encode_record(data) -> list:
    """The chunks of bytes that store one record ``data`` (bytes-like), in file order.

    >>> b''.join(encode_record(b'abcde')).hex()
    '0a23d7ce050000006162636465000000'
    >>> b''.join(encode_record(MAGIC_BYTES)).hex()  # split: an empty first and last part
    '0a23d7ce000000200a23d7ce00000060'
    """
    length = len(data)
    if length >= MAX_RECORD_BYTES:
        raise MXNetError("RecordIO only accept record less than 2^29 bytes")
    padding = _PADDING[:-length % 4]
    if MAGIC_BYTES not in data:
        return [_part_header(WHOLE, length), data, padding]
    chunks, start = [], 0
    for offset in _aligned_magic_offsets(data):
        chunks += [_part_header(FIRST if start == 0 else MIDDLE, offset - start), data[start:offset]]
        start = offset + 4
    chunks += [_part_header(LAST if start else WHOLE, length - start), data[start:], padding]
    return chunks


def _invalid_file(what: str) -> MXNetError:
    return MXNetError(f"Invalid RecordIO File{what}")


def _read_part(read):
    """(cflag, payload) of the next part from the ``read`` function, or None at the end."""
    head = read(8)
    if not head:
        return None
    if len(head) != 8:
        raise _invalid_file(": truncated record header")
    magic, lrecord = _RECORD_HEADER.unpack(head)
    if magic != MAGIC:
        raise _invalid_file(f": bad magic number 0x{magic:08x}")
    length = lrecord & _LENGTH_MASK
    padded = (length + 3) & ~3
    payload = read(padded)
    if len(payload) != padded:
        raise _invalid_file(f" upper_align={padded}")
    return lrecord >> 29, (payload if padded == length else payload[:length])


def decode_record(read):
    """The next record's bytes from the ``read`` function (a binary file's read), or None at
    the end of the file (also for a split record whose last part is missing, as dmlc does).

    >>> decode_record(io.BytesIO(b''.join(encode_record(b'x' + MAGIC_BYTES * 2))).read) == b'x' + MAGIC_BYTES * 2
    True
    """
    part = _read_part(read)
    if part is None:
        return None
    cflag, payload = part
    if cflag == WHOLE or cflag == LAST:
        return payload
    parts = [payload]
    while cflag != WHOLE and cflag != LAST:
        part = _read_part(read)
        if part is None:
            return None
        cflag, payload = part
        parts.append(payload)
    return MAGIC_BYTES.join(parts)


def _not_a_record(buf) -> TypeError:
    """MXNet's TypeError for a record that is not bytes: ctypes' ``c_char_p(buf)`` refuses it,
    or accepts it (an int address, None) and ``len(buf)`` fails."""
    if buf is None or isinstance(buf, int):
        return TypeError(f"object of type '{type(buf).__name__}' has no len()")
    return TypeError(f"bytes or integer address expected instead of {type(buf).__name__} instance")


def _as_bytes_like(buf):
    """``buf`` as bytes or bytearray (a contiguous buffer such as a memoryview is copied)."""
    if isinstance(buf, (bytes, bytearray)):
        return buf
    try:
        view = memoryview(buf) if not isinstance(buf, str) else None
    except TypeError:
        view = None
    if view is None:
        raise _not_a_record(buf)
    if not view.c_contiguous:
        raise TypeError("a record must be a contiguous buffer")
    return view.tobytes()


def _fseek(stream, pos) -> None:
    """Move ``stream`` to ``pos`` as MXNet's reader does: ``pos`` wrapped to a size_t, then
    read as a signed long by ``fseek``; a negative or too large offset fails (the reader stays
    where it was).

    >>> stream = io.BytesIO(b'abcd')
    >>> _fseek(stream, 2**64 + 2); stream.read()
    b'cd'
    """
    offset = operator.index(pos) % (1 << 64)
    try:
        if offset >= 1 << 63:
            raise OSError("negative offset")
        stream.seek(offset)
    except OSError:
        raise MXNetError("Check failed: !std::fseek(fp_, static_cast<long>(pos), SEEK_SET): ") from None


def _local_path(uri) -> str:
    """The file path of ``uri``: a path, a ``file://`` URI or an ``os.PathLike``."""
    path = os.fspath(uri)
    return path[len("file://"):] if path.startswith("file://") else path


def _uri_text(uri) -> str:
    """``uri`` (a str or an ``os.PathLike``) as a str; anything else raises the AttributeError
    of MXNet's ``c_str(uri)``, which calls ``uri.encode``."""
    path = os.fspath(uri) if isinstance(uri, os.PathLike) else uri
    if not isinstance(path, str):
        raise AttributeError(f"'{type(uri).__name__}' object has no attribute 'encode'")
    return path


def _open_file(uri: str, mode: str, buffering: int):
    try:
        return open(_local_path(uri), mode, buffering=buffering)
    except OSError as error:
        if isinstance(error, IsADirectoryError) and mode == "rb":
            return io.BytesIO()  # dmlc's fopen opens a directory, whose reads then give nothing
        raise MXNetError(f'LocalFileSystem::Open "{uri}": {error.strerror}') from None


# ----- sequential and indexed record files ---------------------------------------------------

class MXRecordIO:
    """A RecordIO file read (``flag='r'``) or written (``'w'``, truncating) record by record.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), 'seq.rec')
    >>> writer = MXRecordIO(path, 'w')
    >>> for i in range(3):
    ...     writer.write(b'record_%d' % i)
    >>> writer.close()
    >>> reader = MXRecordIO(path, 'r')
    >>> reader.read(), reader.read()
    (b'record_0', b'record_1')
    >>> reader.reset(); reader.read()
    b'record_0'
    >>> reader.close()
    """

    def __init__(self, uri, flag):
        self.uri = _uri_text(uri)
        self.flag = flag
        self.pid = None
        self.is_open = False
        self._stream = None
        self.open()

    def open(self):
        """Open the file: for reading from the first record, or for writing an empty file."""
        if self.flag not in ("r", "w"):
            raise ValueError("Invalid flag %s" % self.flag)
        if self.is_open:
            self.close()
        self.writable = self.flag == "w"
        if self.writable:
            self._stream = _open_file(self.uri, "wb", _WRITE_BUFFER)
        else:
            self._stream = _open_file(self.uri, "rb", _READ_BUFFER)
        self._position = 0
        self.pid = os.getpid()
        self.is_open = True

    def close(self):
        """Close the file (writing out what is buffered); closing twice does nothing."""
        if not getattr(self, "is_open", False):
            return
        stream, self._stream = self._stream, None
        self.is_open = False
        self.pid = None
        stream.close()

    def __del__(self):
        self.close()

    def reset(self):
        """Start again at the first record; a writer starts a new, empty file."""
        self.close()
        self.open()

    def __getstate__(self):
        """Pickle the settings, not the file: as in MXNet, pickling closes this object, and the
        unpickled copy reopens the file if this one was open (a writer truncates it again)."""
        was_open = self.is_open
        self.close()
        state = dict(self.__dict__)
        state["is_open"] = was_open
        state.pop("_stream", None)
        state.pop("_position", None)  # open() sets it again
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.is_open, self._stream = False, None
        if state["is_open"]:
            self.open()

    def _check_pid(self, allow_reset=False):
        """Refuse to use a file opened by another process (or closed), or reopen it."""
        if self.pid != os.getpid():
            if not allow_reset:
                raise RuntimeError("Forbidden operation in multiple processes")
            self.reset()

    def write(self, buf):
        """Append ``buf`` (bytes-like) as one record."""
        if not self.writable:
            raise AssertionError("write() needs a record file opened with flag 'w'")  # MXNet: a bare assert
        self._check_pid(allow_reset=False)
        data = b"".join(encode_record(_as_bytes_like(buf)))  # one write: small records are the norm
        self._stream.write(data)
        self._position += len(data)

    def read(self):
        """The next record as bytes, or None after the last one."""
        if self.writable:
            raise AssertionError("read() needs a record file opened with flag 'r'")
        self._check_pid(allow_reset=False)
        return decode_record(self._stream.read)


class MXIndexedRecordIO(MXRecordIO):
    """A RecordIO file with an index file of ``key\\tposition`` lines, for random access.

    ``keys`` lists the keys in file order, ``idx`` maps each key (made with ``key_type``) to its
    record's byte offset, ``fidx`` is the open index file.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> idx_path, rec_path = os.path.join(folder, 'data.idx'), os.path.join(folder, 'data.rec')
    >>> writer = MXIndexedRecordIO(idx_path, rec_path, 'w')
    >>> for i in range(3):
    ...     writer.write_idx(i, b'record_%d' % i)
    >>> writer.tell()
    48
    >>> writer.close()
    >>> open(idx_path).read()
    '0\\t0\\n1\\t16\\n2\\t32\\n'
    >>> reader = MXIndexedRecordIO(idx_path, rec_path, 'r')
    >>> reader.keys, reader.read_idx(2), reader.read_idx(0)
    ([0, 1, 2], b'record_2', b'record_0')
    >>> reader.close()
    """

    def __init__(self, idx_path, uri, flag, key_type=int):
        self.idx_path = idx_path
        self.idx = {}
        self.keys = []
        self.key_type = key_type
        self.fidx = None
        super().__init__(uri, flag)

    def open(self):
        """Open the record file and the index file (reading all of a reader's index)."""
        super().open()
        self.idx, self.keys = {}, []
        try:
            self.fidx = open(self.idx_path, self.flag, encoding="utf-8", newline="\n" if self.writable else None)
            if not self.writable:
                self._read_index()
        except BaseException:
            self.close()
            raise

    def _read_index(self):
        key_type, idx, keys = self.key_type, self.idx, self.keys
        for line in self.fidx:
            fields = line.strip().split("\t")
            key = key_type(fields[0])
            idx[key] = int(fields[1])
            keys.append(key)

    def close(self):
        """Close the record file and the index file."""
        if not getattr(self, "is_open", False):
            return
        super().close()
        if self.fidx is not None:
            self.fidx.close()

    def __getstate__(self):
        state = super().__getstate__()
        state["fidx"] = None
        return state

    def seek(self, idx):
        """Move the reader to the record of key ``idx`` (a KeyError if there is none)."""
        if self.writable:
            raise AssertionError("seek() needs a record file opened with flag 'r'")
        self._check_pid(allow_reset=True)
        _fseek(self._stream, self.idx[idx])

    def tell(self):
        """The writer's position: the byte offset the next record will have."""
        if not self.writable:
            raise AssertionError("tell() needs a record file opened with flag 'w'")
        return self._position

    def read_idx(self, idx):
        """The record of key ``idx``."""
        self.seek(idx)
        return self.read()

    def write_idx(self, idx, buf):
        """Append ``buf`` as the record of key ``idx`` (converted with ``key_type``) and index it."""
        key = self.key_type(idx)
        position = self.tell()
        self.write(buf)
        self.fidx.write("%s\t%d\n" % (str(key), position))
        self.idx[key] = position
        self.keys.append(key)


# ----- record header -------------------------------------------------------------------------

IRHeader = namedtuple("HEADER", ["flag", "label", "id", "id2"])
IRHeader.__doc__ = """A record's header: ``flag`` (the number of labels when ``label`` is an
array), ``label`` (a number, or an array of float32 values), ``id`` and ``id2`` (uint64)."""

_IR_FORMAT = "IfQQ"  # native, as MXNet: a float label too large for float32 packs as inf
_IR_HEADER = struct.Struct(_IR_FORMAT)
_IR_SIZE = _IR_HEADER.size


def pack(header, s):
    """``header`` (an IRHeader or 4 values) followed by ``s`` as one record's bytes. A number
    label is stored in the header (flag 0); an array label as float32 values after it (flag =
    its size, header label 0).

    >>> pack(IRHeader(0, 3, 1, 0), b'ab').hex()  # flag, label 3.0, id 1, id2 0, payload
    '0000000000004040010000000000000000000000000000006162'
    >>> unpack(pack(IRHeader(9, [0.5, 2], 1, 0), b'ab'))
    (HEADER(flag=2, label=array([0.5, 2. ], dtype=float32), id=1, id2=0), b'ab')
    """
    header = IRHeader(*header)
    if not isinstance(header.label, numbers.Number):
        with np.errstate(over="ignore"):  # as MXNet's NumPy 1.x: out-of-range labels become inf silently
            label = np.asarray(header.label, dtype=np.float32)
        header = header._replace(flag=label.size, label=0)
        s = label.tobytes() + s
    else:
        header = header._replace(flag=0)
    return _IR_HEADER.pack(*header) + s


def unpack(s):
    """(IRHeader, payload) of a record made by ``pack``; with flag > 0 the label is a float32
    array of ``flag`` values.

    >>> unpack(pack(IRHeader(0, 1.5, 42, 0), b'image'))
    (HEADER(flag=0, label=1.5, id=42, id2=0), b'image')
    """
    header = IRHeader(*_IR_HEADER.unpack(s[:_IR_SIZE]))
    s = s[_IR_SIZE:]
    if header.flag > 0:
        header = header._replace(label=np.frombuffer(s, np.float32, header.flag))
        s = s[header.flag * 4:]
    return header, s


# ----- image records -------------------------------------------------------------------------

JPEG_FORMATS = (".JPG", ".JPEG")
PNG_FORMATS = (".PNG",)


def _pillow_image(img, keep_alpha: bool):
    """A Pillow image of ``img``, an OpenCV-style array: (H, W) or (H, W, 1) gray, (H, W, 3)
    BGR or (H, W, 4) BGRA uint8 (alpha dropped unless ``keep_alpha``); (H, W) uint16 gray."""
    from .ndarray.image_io import _pillow
    Image = _pillow()
    pixels = np.asarray(img)
    if pixels.ndim == 3 and pixels.shape[2] == 1:
        pixels = pixels[..., 0]
    if pixels.dtype == np.uint16 and pixels.ndim == 2 and keep_alpha:
        return Image.fromarray(np.ascontiguousarray(pixels, dtype="<u2"))
    if pixels.dtype != np.uint8:
        raise TypeError(f"pack_img: the image must be uint8 (or 2-D uint16 for PNG), got {pixels.dtype}")
    if pixels.ndim == 2:
        return Image.fromarray(np.ascontiguousarray(pixels))
    if pixels.ndim == 3 and pixels.shape[2] == 3:
        return Image.fromarray(np.ascontiguousarray(pixels[..., ::-1]))
    if pixels.ndim == 3 and pixels.shape[2] == 4:
        if keep_alpha:
            return Image.fromarray(np.ascontiguousarray(pixels[..., [2, 1, 0, 3]]))
        return Image.fromarray(np.ascontiguousarray(pixels[..., 2::-1]))
    raise ValueError(f"pack_img: cannot encode an image of shape {pixels.shape}: expected (H, W), "
                     f"(H, W, 1), (H, W, 3) or (H, W, 4)")


def encode_image(img, quality=95, img_fmt=".jpg") -> bytes:
    """The bytes of ``img`` (OpenCV layout: BGR) encoded as JPEG (``quality`` 1-100) or PNG
    (``quality`` is the zlib compression level, clipped to 0-9), as ``cv2.imencode``.

    >>> encode_image(np.zeros((2, 2, 3), np.uint8), img_fmt='.png')[:4]
    b'\\x89PNG'
    """
    fmt = img_fmt.upper()
    buffer = io.BytesIO()
    if fmt in JPEG_FORMATS:
        _pillow_image(img, keep_alpha=False).save(buffer, "JPEG", quality=min(max(int(quality), 1), 100))
    elif fmt in PNG_FORMATS:
        _pillow_image(img, keep_alpha=True).save(buffer, "PNG", compress_level=min(max(int(quality), 0), 9))
    else:
        raise ValueError(f"pack_img: unsupported image format {img_fmt!r}: use '.jpg', '.jpeg' or '.png'")
    return buffer.getvalue()


def pack_img(header, img, quality=95, img_fmt=".jpg"):
    """``header`` and the image ``img`` (OpenCV layout: BGR uint8) encoded as ``img_fmt``
    ('.jpg' with JPEG ``quality``, or '.png' with compression level ``quality``) as one record.

    >>> img = np.array([[[0, 0, 255], [255, 0, 0]]], dtype=np.uint8)  # red, blue (BGR)
    >>> header, pixels = unpack_img(pack_img(IRHeader(0, 1, 5, 0), img, img_fmt='.png'))
    >>> header, pixels.tolist()
    (HEADER(flag=0, label=1.0, id=5, id2=0), [[[0, 0, 255], [255, 0, 0]]])
    """
    return pack(header, encode_image(img, quality, img_fmt))


def _decode_unchanged(data: bytes):
    """``cv2.imdecode(data, IMREAD_UNCHANGED)``: gray 2-D, BGR, or BGRA when the image has an
    alpha channel (or a palette / RGB transparency), 16-bit gray as uint16."""
    from .ndarray.image_io import _pillow, decode_image
    image = _pillow().open(io.BytesIO(data))
    mode = image.mode
    if mode in ("I;16", "I;16B", "I;16L", "I"):
        return np.asarray(image).astype(np.uint16)
    if mode in ("L", "1"):
        return decode_image(data, 0)[..., 0]
    transparent = "transparency" in image.info and mode in ("P", "RGB")
    if mode in ("RGBA", "LA", "PA") or transparent:
        return np.ascontiguousarray(np.asarray(image.convert("RGBA"))[..., [2, 1, 0, 3]])
    return decode_image(data, 1, to_rgb=False)


def decode_image_like_cv2(data: bytes, iscolor: int = -1):
    """The pixels ``cv2.imdecode(data, iscolor)`` gives: ``iscolor`` 1 BGR (H, W, 3), 0 gray
    (H, W), -1 unchanged; None when ``data`` is not an image it can decode.

    >>> decode_image_like_cv2(b'not an image') is None
    True
    """
    from .ndarray.image_io import decode_image
    if iscolor not in (-1, 0, 1):
        raise ValueError(f"unpack_img: iscolor must be -1 (unchanged), 0 (grayscale) or 1 (color), got {iscolor}")
    try:
        if iscolor == 1:
            return decode_image(data, 1, to_rgb=False)
        if iscolor == 0:
            return decode_image(data, 0)[..., 0]
        return _decode_unchanged(data)
    except (MXNetError, OSError, ValueError, SyntaxError):
        return None


def unpack_img(s, iscolor=-1):
    """(IRHeader, image) of a record made by ``pack_img``: the image as ``cv2.imdecode(buf,
    iscolor)`` returns it (BGR channel order; None if it cannot be decoded).

    >>> img = np.array([[10, 20], [30, 40]], dtype=np.uint8)
    >>> unpack_img(pack_img(IRHeader(0, [1, 2], 3, 0), img, img_fmt='.png'))[1].tolist()
    [[10, 20], [30, 40]]
    """
    header, payload = unpack(s)
    return header, decode_image_like_cv2(bytes(payload), iscolor)
