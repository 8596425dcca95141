"""MXNet 1.9.1's C++ image RecordIO iterators: ``mx.io.ImageRecordIter`` (``dtype`` float32,
uint8 or int8), ``ImageRecordUInt8Iter``, ``ImageRecordInt8Iter``, ``ImageRecordIter_v1``,
``ImageRecordUInt8Iter_v1`` and ``ImageDetRecordIter``.

Each reads a ``.rec`` file of image records (an IRHeader and an encoded JPEG / PNG), decodes,
augments (io_image_augment) and normalises every image and returns batches of data
(N, C, H, W) and labels (N,) or (N, label_width), as MXNet's iterators do:

- parts: ``num_parts`` / ``part_index`` split a plain .rec file by bytes (dmlc's InputSplit),
  an indexed one (``path_imgidx``) by record count;
- labels come from the header, the header's label vector (``label_width``) or ``path_imglist``;
- ``round_batch`` (default) fills the last batch from the start of the part and reports the
  filled count as ``pad``; the next epoch then starts after the records used for filling;
- float32 data is ``(pixel - mean) * (scale / std)`` (``(pixel - mean) * scale / std`` for the
  _v1 iterators), int8 data ``saturate(pixel - round(mean))``, uint8 data the pixels.

Batches are made on the calling thread (``preprocess_threads`` / ``prefetch_buffer`` are
accepted); as MXNet's Python wrapper, the first batch is read when the iterator is made.

>>> import os, tempfile, numpy as np, mxnd as mx
>>> path = os.path.join(tempfile.mkdtemp(), 'tiny.rec')
>>> writer = mx.recordio.MXRecordIO(path, 'w')
>>> for key in range(3):
...     image = np.full((4, 4, 3), 20 * key, np.uint8)
...     writer.write(mx.recordio.pack_img(mx.recordio.IRHeader(0, key, key, 0), image, img_fmt='.png'))
>>> writer.close()
>>> it = mx.io.ImageRecordIter(path_imgrec=path, data_shape=(3, 2, 2), batch_size=2, scale=0.5)
>>> [(b.data[0].asnumpy()[:, 0, 0, 0].tolist(), b.label[0].asnumpy().tolist(), b.pad) for b in it]
[([0.0, 10.0], [0.0, 1.0], 0), ([20.0, 0.0], [2.0, 0.0], 1)]
"""
from __future__ import annotations

import os
import struct
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch

from . import recordio
from .context import cpu
from .errors import MXNetError
from .io import DataBatch, DataDesc, DataIter
from .io_image_augment import DefaultAugmenter, DetectionAugmenter, parse_data_shape
from .ndarray.image_io import decode_image
from .ndarray.ndarray import wrap
from .params import ParamError, parse_bool, parse_float, parse_int

__all__ = ["ImageRecordIter", "ImageRecordUInt8Iter", "ImageRecordInt8Iter", "ImageDetRecordIter",
           "ImageRecordIter_v1", "ImageRecordUInt8Iter_v1"]

_F32 = np.float32
_HEADER = struct.Struct("<II")
_DTYPES = ("float32", "float64", "float16", "bfloat16", "int64", "int32", "uint8", "int8")


def _param(kwargs, name, parse, default):
    """``kwargs[name]`` read by ``parse`` (MXNetError when it cannot), or ``default``."""
    value = kwargs.get(name)
    if value is None:
        return default
    try:
        return parse(value)
    except (ParamError, ValueError, TypeError) as error:
        raise MXNetError(f"Invalid Parameter {name}={value!r}: {error}") from None


def _at_least(kwargs, name, default, low):
    value = _param(kwargs, name, parse_int, default)
    if value < low:
        raise MXNetError(f"value {value} for Parameter {name} should be greater equal to {low}")
    return value


# ----- the records of one part --------------------------------------------------------------

def _record_starts(path):
    """The byte offset of every record of a RecordIO file (split records counted once)."""
    starts, size = [], os.path.getsize(path)
    with open(path, "rb") as handle:
        offset = 0
        while offset + 8 <= size:
            handle.seek(offset)
            magic, lrecord = _HEADER.unpack(handle.read(8))
            if magic != recordio.MAGIC:
                raise MXNetError(f"Invalid RecordIO File {path}: bad magic number at byte {offset}")
            if lrecord >> 29 in (0, 1):
                starts.append(offset)
            offset += 8 + (((lrecord & ((1 << 29) - 1)) + 3) & ~3)
    return starts, size


def _index_starts(path):
    """The sorted record offsets listed in an index file (dmlc ignores the keys)."""
    with open(path) as handle:
        return sorted(int(line.split()[1]) for line in handle if line.strip())


def part_offsets(path_imgrec, path_imgidx, num_parts, part_index):
    """The record offsets of part ``part_index`` of ``num_parts``: by bytes for a plain file
    (4-byte aligned steps, each record in the part where it starts), by count with an index."""
    if not path_imgrec:
        raise MXNetError("ImageRecordIter2: must specify image_rec")
    if not os.path.exists(path_imgrec):
        raise MXNetError(f"LocalFileSystem.GetPathInfo: {path_imgrec} error: No such file or directory")
    if not 0 <= part_index < num_parts:
        raise MXNetError("Check failed: part < nsplit: invalid input parameter for InputSplit::Create")
    if path_imgidx:
        starts = _index_starts(path_imgidx)
        step = -(-len(starts) // num_parts)
        return starts[part_index * step:(part_index + 1) * step]
    starts, size = _record_starts(path_imgrec)
    step = (-(-size // num_parts) + 3) // 4 * 4
    begin, end = min(step * part_index, size), min(step * (part_index + 1), size)
    return [offset for offset in starts if begin <= offset < end]


class RecordFile:
    """Reads the records at given byte offsets of a RecordIO file."""

    def __init__(self, path):
        self.path = path
        self._handle = open(path, "rb")

    def read(self, offset):
        """(IRHeader, encoded image bytes) of the record at ``offset``."""
        self._handle.seek(offset)
        return recordio.unpack(recordio.decode_record(self._handle.read))

    def close(self):
        self._handle.close()


# ----- labels ----------------------------------------------------------------------------------

def read_image_list(path, label_width):
    """``{image index: float32 labels}`` from a .lst file (index, labels, path per line);
    ``label_width`` -1 keeps every number between the index and the last field."""
    labels = {}
    with open(path) as handle:
        for line in handle:
            fields = line.split()
            if not fields:
                continue
            if label_width > 0:
                if len(fields) < label_width + 1:
                    raise MXNetError("Bad ImageList format")
                values = fields[1:label_width + 1]
            else:
                values = fields[1:-1]
                if not values:
                    raise MXNetError("Bad ImageList format: empty label")
            labels[int(float(fields[0]))] = np.array([float(v) for v in values], dtype=_F32)
    return labels


def _header_labels(header, label_width, strict):
    """The label vector of a record: its packed vector, else the scalar header label."""
    if header.flag > 0:
        if strict and label_width != header.flag:
            raise MXNetError(f"rec file provide {header.flag}-dimensional label but label_width is set to "
                             f"{label_width}")
        return np.asarray(header.label, dtype=_F32)
    if label_width != 1:
        raise MXNetError("label_width must be 1 unless an imglist is provided or the rec file is packed "
                         "with multi dimensional label")
    return np.array([header.label], dtype=_F32)


# ----- decoding --------------------------------------------------------------------------------

def decode(buffer, channels, image_id):
    """The (H, W, C) uint8 RGB(A) pixels of OpenCV's imdecode for ``channels`` 1 (gray), 3
    (colour) or 4 (unchanged, which must have an alpha channel)."""
    try:
        if channels == 4:
            image = recordio.decode_image_like_cv2(bytes(buffer), -1)
            image = image if image is None or image.ndim == 2 else image[..., [2, 1, 0, 3][:image.shape[2]]]
        else:
            image = decode_image(bytes(buffer), 1 if channels == 3 else 0)
    except MXNetError:
        image = None
    if image is None:
        raise MXNetError(f"Decoding failed. Invalid image with index {image_id}")
    if image.ndim == 2:
        image = image[..., None]
    if image.shape[2] != channels:
        raise MXNetError(f"Invalid image with index {image_id}. Expected 4 channels, got {image.shape[2]}")
    return image


# ----- batching --------------------------------------------------------------------------------

class RecordOrder:
    """Which records make each batch: the part's records in order (or shuffled each time reading
    restarts), the last batch filled from the start when ``round_batch`` (then the next epoch
    continues after those), else left short.

    >>> order = RecordOrder(5, 2, True)
    >>> [order.next_batch() for _ in range(4)], order.reset(), order.next_batch()
    ([([0, 1], 0), ([2, 3], 0), ([4, 0], 1), None], None, ([1, 2], 0))
    """

    def __init__(self, count, batch_size, round_batch, shuffle_rng=None):
        self.count, self.batch_size, self.round_batch = count, batch_size, round_batch
        self._shuffle_rng = shuffle_rng
        self._wrapped = False
        self._restart()

    def _restart(self):
        self._cursor = 0
        self._order = list(range(self.count))
        if self._shuffle_rng is not None:
            self._shuffle_rng.shuffle(self._order)

    def next_batch(self):
        """``(record positions, pad)`` of the next batch, or None at the end of the epoch."""
        if self._wrapped or self._cursor >= self.count:
            return None
        taken = self._order[self._cursor:self._cursor + self.batch_size]
        self._cursor += len(taken)
        pad = self.batch_size - len(taken)
        if pad and self.round_batch:
            self._restart()
            if pad > self.count:
                raise MXNetError("Check failed: !overflow: number of input images must be bigger than the "
                                 "batch size")
            taken += self._order[:pad]
            self._cursor, self._wrapped = pad, True
        return taken, pad

    def reset(self):
        """Start the next epoch (after a wrapped batch: where the wrapping stopped)."""
        if self._wrapped:
            self._wrapped = False
        else:
            self._restart()


# ----- normalisation ---------------------------------------------------------------------------

class Normalizer:
    """Turns a batch of (N, C, H, W) uint8 RGB(A) images into the output dtype's values."""

    def __init__(self, kwargs, dtype, style, channels):
        self.dtype, self.style = dtype, style
        names = "rgba"[:channels] if channels > 1 else "r"
        default_std = 0.0 if style == "det" else 1.0
        self.mean = np.array([_param(kwargs, f"mean_{c}", parse_float, 0.0) for c in names], _F32)
        self.std = np.array([_param(kwargs, f"std_{c}", parse_float, default_std) for c in names], _F32)
        self.scale = _F32(_param(kwargs, "scale", parse_float, 1.0))
        self.max_contrast = _param(kwargs, "max_random_contrast", parse_float, 0.0)
        self.max_illumination = _param(kwargs, "max_random_illumination", parse_float, 0.0)
        self.mean_image = None

    def __call__(self, images, rng):
        if self.dtype == "uint8":
            return images
        if self.dtype == "int8":
            mean = self.mean[:, None, None] if self.mean_image is None else self.mean_image
            rounded = np.trunc(mean + np.copysign(_F32(0.5), mean)).astype(np.int16)  # std::round
            return np.clip(images.astype(np.int16) - rounded, -128, 127).astype(np.int8)
        pixels = images.astype(_F32)
        if self.style == "det":
            return self._detection(pixels)
        mean = self.mean[:, None, None] if self.mean_image is None else self.mean_image
        contrast, illumination = self._jitter(len(images), rng)
        if self.style == "v1":
            return ((pixels - mean) * contrast + illumination) * self.scale / self.std[:, None, None]
        multiplier = (contrast * self.scale) / self.std[:, None, None]
        return (pixels - mean) * multiplier + illumination * self.scale / self.std[:, None, None]

    def _jitter(self, count, rng):
        """Per-image contrast factors and illumination offsets, (N, 1, 1, 1) float32 (1 and 0
        unless max_random_contrast / max_random_illumination are set)."""
        if not (self.max_contrast or self.max_illumination):
            return _F32(1), _F32(0)
        shape = (count, 1, 1, 1)
        contrast = (rng.uniform(size=shape) * self.max_contrast * 2 - self.max_contrast + 1).astype(_F32)
        illumination = (rng.uniform(size=shape) * self.max_illumination * 2 - self.max_illumination).astype(_F32)
        return contrast, illumination

    def _detection(self, pixels):
        """ImageDetNormalizeIter: subtract the means when one is positive (else a mean image),
        divide channels with a positive std, then multiply by scale."""
        if (self.mean > 0).any():
            pixels = pixels - self.mean[:, None, None]
        elif self.mean_image is not None:
            pixels = pixels - self.mean_image
        divisor = np.where(self.std > 0, self.std, _F32(1))[:, None, None]
        pixels = np.where((self.std > 0)[:, None, None], pixels / divisor, pixels)
        return pixels * self.scale


# ----- the iterators -----------------------------------------------------------------------------

class _RecordIter(DataIter):
    """The shared machinery of the image record iterators (see the module doc)."""

    style = "v2"  # normalisation and batch index flavour: 'v2', 'v1' or 'det'
    fixed_dtype = None  # the data dtype of the UInt8 / Int8 variants

    def __init__(self, **kwargs):
        super().__init__()
        self._kwargs = kwargs
        if "batch_size" not in kwargs:
            raise MXNetError("Required parameter batch_size of unsigned int is not presented")
        if "data_shape" not in kwargs:
            raise MXNetError("Required parameter data_shape of Shape(tuple) is not presented")
        self.batch_size = _at_least(kwargs, "batch_size", 0, 1)
        self.data_shape = parse_data_shape(kwargs["data_shape"])
        threads = _at_least(kwargs, "preprocess_threads", 4, 1)
        self._pool = ThreadPoolExecutor(threads) if threads > 1 else None
        self.dtype = self.fixed_dtype or self._data_dtype(kwargs)
        self.channels = self.data_shape[0]
        self.label_width = self._label_width(kwargs)
        self.round_batch = _param(kwargs, "round_batch", parse_bool, True)
        self._rng = np.random.default_rng(111 + _param(kwargs, "seed_aug", parse_int, 0))
        self._mirror = _param(kwargs, "mirror", parse_bool, False)
        self._rand_mirror = _param(kwargs, "rand_mirror", parse_bool, False)
        num_parts = _param(kwargs, "num_parts", parse_int, 1)
        part_index = _param(kwargs, "part_index", parse_int, 0)
        path = str(kwargs.get("path_imgrec", ""))
        self._offsets = part_offsets(path, str(kwargs.get("path_imgidx", "") or ""), num_parts, part_index)
        self._file = RecordFile(path)
        imglist = str(kwargs.get("path_imglist", "") or "")
        self._image_labels = read_image_list(imglist, self.label_width) if imglist else None
        self._setup(kwargs)
        if self.channels not in (1, 3, 4):
            raise MXNetError(f"Invalid output shape [{','.join(map(str, self.data_shape))}]")
        self._normalizer = Normalizer(kwargs, self.dtype, self.style, self.channels)
        shuffle = _param(kwargs, "shuffle", parse_bool, False)
        seed = _param(kwargs, "seed", parse_int, 0)
        self._order = RecordOrder(len(self._offsets), self.batch_size, self.round_batch,
                                  np.random.RandomState(111 + seed) if shuffle else None)
        self._load_mean_image(str(kwargs.get("mean_img", "") or ""))
        self._first_batch = None  # a batch made but not yet returned (MXDataIter's first_batch)
        self._first_batch = self.next()
        data_name = kwargs.get("data_name", "data")
        label_name = kwargs.get("label_name", "softmax_label")
        data, label = self._first_batch.data[0], self._first_batch.label[0]
        self.provide_data = [DataDesc(data_name, data.shape, data.dtype)]
        self.provide_label = [DataDesc(label_name, label.shape, label.dtype)]

    # -- parameters that differ between the iterators
    @staticmethod
    def _data_dtype(kwargs):
        dtype = str(kwargs.get("dtype") or "float32")
        if dtype not in _DTYPES:
            raise MXNetError(f"Invalid Input: '{dtype}', valid values are: {{{', '.join(map(repr, _DTYPES))}}}")
        if dtype not in ("float32", "uint8", "int8"):
            raise MXNetError("unknown dtype for ImageRecordIter2.")
        return dtype

    @staticmethod
    def _label_width(kwargs):
        return _at_least(kwargs, "label_width", 1, 1)

    def _setup(self, kwargs):
        self._augmenter = DefaultAugmenter(kwargs)

    # -- one image
    def _labels_of(self, header):
        if self._image_labels is not None:
            try:
                return self._image_labels[int(header.id)]
            except KeyError:
                raise MXNetError(f"fail to find imagelabel for id {header.id}") from None
        return _header_labels(header, self.label_width, strict=True)

    def _load(self, record, seed):
        """(uint8 RGB(A) (C, H, W) image, float32 labels, image id, mirrored) of one record; its
        random draws come from its own generator, so threads give the same results."""
        header, buffer = record
        rng = np.random.default_rng(seed)
        image = decode(buffer, self.channels, header.id)
        image, labels = self._augment(image, self._labels_of(header), rng)
        mirrored = (self._rand_mirror and rng.uniform() < 0.5) or self._mirror
        return image.transpose(2, 0, 1), labels, header.id, mirrored

    def _augment(self, image, labels, rng):
        return self._augmenter(image, rng), labels

    # -- batches
    def _make_batch(self, positions):
        records = [self._file.read(self._offsets[p]) for p in positions]
        seeds = self._rng.integers(0, 2 ** 31, len(records))
        if self._pool is None:
            loaded = [self._load(record, seed) for record, seed in zip(records, seeds)]
        else:
            loaded = list(self._pool.map(self._load, records, seeds))
        images = np.stack([item[0] for item in loaded])
        data = self._normalizer(images, self._rng)
        flips = [i for i, item in enumerate(loaded) if item[3]]
        if flips:
            data = np.array(data, copy=True)
            data[flips] = data[flips, ..., ::-1]
        labels = np.stack([item[1] for item in loaded])
        ids = np.array([item[2] for item in loaded], dtype=np.uint64)
        return data, labels, ids

    def _pad_rows(self, data, labels, ids):
        """Zero rows for a short last batch (round_batch=False)."""
        missing = self.batch_size - len(data)
        if missing:
            data = np.concatenate([data, np.zeros((missing,) + data.shape[1:], data.dtype)])
            labels = np.concatenate([labels, np.zeros((missing,) + labels.shape[1:], labels.dtype)])
            ids = np.concatenate([ids, np.zeros(missing, np.uint64)])
        return data, labels, ids

    def _label_array(self, labels):
        return labels[:, 0] if labels.shape[1] == 1 else labels

    def next(self):
        if self._first_batch is not None:
            batch, self._first_batch = self._first_batch, None
            return batch
        step = self._order.next_batch()
        if step is None:
            raise StopIteration
        positions, pad = step
        data, labels, ids = self._pad_rows(*self._make_batch(positions))
        index = np.zeros(self.batch_size, np.uint64) if self.style == "v2" else ids
        data = wrap(torch.from_numpy(np.ascontiguousarray(data, dtype=self.dtype)), cpu())
        label = wrap(torch.from_numpy(np.ascontiguousarray(self._label_array(labels), dtype=_F32)), cpu())
        return DataBatch(data=[data], label=[label], pad=pad, index=index)

    def iter_next(self):
        if self._first_batch is None:
            try:
                self._first_batch = self.next()
            except StopIteration:
                return False
        return True

    def reset(self):
        self._first_batch = None
        self._order.reset()

    def getdata(self):
        return self._first_batch.data if self._first_batch is not None else None

    def getlabel(self):
        return self._first_batch.label if self._first_batch is not None else None

    def getpad(self):
        return self._first_batch.pad if self._first_batch is not None else 0

    def getindex(self):
        return self._first_batch.index if self._first_batch is not None else None

    # -- mean image
    def _load_mean_image(self, path):
        """Read ``mean_img``, or compute it over the part (normalised as without it) and save it."""
        if not path or self.dtype == "uint8":
            return
        from . import ndarray as nd
        if os.path.exists(path):
            arrays = list(nd.load(path).values())
            if len(arrays) != 1:
                raise MXNetError("Invalid mean image file format")
            self._normalizer.mean_image = arrays[0].asnumpy().astype(_F32)
            return
        total = None
        order = RecordOrder(len(self._offsets), self.batch_size, False)
        for positions, _ in iter(order.next_batch, None):
            data = self._make_batch(positions)[0].astype(_F32)
            for image in data:
                total = image.copy() if total is None else total + image
        mean = total * (_F32(1) / _F32(len(self._offsets)))
        nd.save(path, {"mean_img": nd.array(mean)})
        self._normalizer.mean_image = mean


class ImageRecordIter(_RecordIter):
    """Iterates on image RecordIO files (MXNet's ``ImageRecordIter``; see the module doc).

    >>> ImageRecordIter.__mro__[1].__name__
    '_RecordIter'
    """


class ImageRecordUInt8Iter(_RecordIter):
    """``ImageRecordIter`` with uint8 data (no normalisation)."""

    fixed_dtype = "uint8"


class ImageRecordInt8Iter(_RecordIter):
    """``ImageRecordIter`` with int8 data: ``saturate(pixel - round(mean))``."""

    fixed_dtype = "int8"


class ImageRecordIter_v1(_RecordIter):  # noqa: N801 - MXNet's name
    """MXNet's first record iterator: float32 data ``(pixel - mean) * scale / std``, batch
    ``index`` the image ids, a short last batch (round_batch=False) counted in ``pad``."""

    style = "v1"
    fixed_dtype = "float32"


class ImageRecordUInt8Iter_v1(ImageRecordIter_v1):  # noqa: N801 - MXNet's name
    """``ImageRecordIter_v1`` with uint8 data."""

    fixed_dtype = "uint8"


class ImageDetRecordIter(_RecordIter):
    """Object detection batches: labels (N, label_pad_width + 4) of ``[channels, height, width,
    label length, header_width, object_width, (class, x0, y0, x1, y1, ...) per object]`` padded
    with ``label_pad_value``; data ``(pixel - mean) / std * scale`` (a mean only when one is
    positive, a std only where positive)."""

    style = "det"
    fixed_dtype = "float32"

    @staticmethod
    def _label_width(kwargs):
        return _param(kwargs, "label_width", parse_int, -1)

    def _setup(self, kwargs):
        self._augmenter = DetectionAugmenter(kwargs)
        self._pad_value = _F32(_param(kwargs, "label_pad_value", parse_float, -1.0))
        if self._image_labels is not None:
            widest = max((len(v) for v in self._image_labels.values()), default=0)
        else:
            widest = max((len(self._labels_of(self._file.read(o)[0])) for o in self._offsets), default=0)
        pad_width = _param(kwargs, "label_pad_width", parse_int, 0)
        if widest > pad_width:
            if pad_width > 0:
                raise MXNetError(f"ImageDetRecordIOParser: label_pad_width: {pad_width} smaller than estimated "
                                 f"width: {widest}")
            pad_width = widest
        self.label_pad_width = pad_width

    def _labels_of(self, header):
        if self._image_labels is not None:
            return super()._labels_of(header)
        if header.flag <= 0:
            raise MXNetError("Not enough label packed in img_list or rec file.")
        return _header_labels(header, self.label_width, strict=self.label_width > 0)

    def _augment(self, image, labels, rng):
        _check_detection_label(labels)
        image, labels = self._augmenter(image, labels, rng)
        rows, cols = image.shape[:2]
        height, width = self.data_shape[1:]
        if (rows, cols) != (height, width):  # 'shrink' / 'fit' leave part of the data unwritten
            canvas = np.zeros((height, width, image.shape[2]), np.uint8)
            canvas[:rows, :cols] = image
            image = canvas
        out = np.full(self.label_pad_width + 4, self._pad_value, _F32)
        out[:4] = (image.shape[2], rows, cols, len(labels))
        out[4:4 + len(labels)] = labels
        return image, out


def _check_detection_label(labels):
    """ImageDetLabel's checks of ``[header_width, object_width, ..., objects]``."""
    if len(labels) < 7:
        raise MXNetError(f"Check failed: label_width >= 7 ({len(labels)} vs. 7)")
    header, width = int(labels[0]), int(labels[1])
    if header < 2 or width < 5 or (len(labels) - header) % width:
        raise MXNetError(f"invalid detection label: header width {header}, object width {width}, "
                         f"{len(labels)} values")
