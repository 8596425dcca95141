"""``mx.image.ImageIter``: batches of augmented images, read from image files (``imglist`` or a
``.lst`` file under ``path_root``) or from a RecordIO file (``path_imgrec``, ``path_imgidx``).

Batches follow MXNet 1.9.1: data (N, C, H, W) float32, labels float32 (N,) or (N, label_width);
``last_batch_handle`` 'pad' fills the last batch from the start of the data, 'discard' drops
it, 'roll_over' keeps its images for the first batch after ``reset``; ``shuffle`` permutes the
order with ``random.shuffle`` at every reset, so ``random.seed(s)`` gives MXNet's order.

>>> import os, tempfile, numpy as np, mxnd as mx
>>> from PIL import Image
>>> with tempfile.TemporaryDirectory() as root:
...     for name in ('a.png', 'b.png'):
...         Image.fromarray(np.full((4, 4, 3), 10, np.uint8)).save(os.path.join(root, name))
...     it = mx.image.ImageIter(2, (3, 2, 2), imglist=[[1, 'a.png'], [2, 'b.png']], path_root=root)
...     batch = it.next()
>>> batch.data[0].shape, batch.label[0].asnumpy().tolist(), batch.data[0].max().asscalar().item()
((2, 3, 2, 2), [1.0, 2.0], 10.0)
"""
from __future__ import annotations

import logging
import os
import random

import numpy as np

from .. import io
from .. import ndarray as nd
from ..base import numeric_types
from .augmenters import CreateAugmenter
from .transforms import imdecode

__all__ = ["ImageIter"]

_LABEL_DTYPES = ("int32", "float32", "int64", "float64")


def _recordio():
    """``mxnd.recordio``, imported only when a .rec file is read."""
    from .. import recordio
    return recordio


def _parse_labels(texts, dtype):
    """The label texts of a .lst line as an NDArray of ``dtype`` (MXNet's TypeError if one does
    not parse, e.g. '1.5' as an integer)."""
    try:
        values = np.array(texts, dtype=dtype)
    except (TypeError, ValueError):
        raise TypeError("source_array must be array like object") from None
    return nd.array(values, dtype=dtype)


def _read_list_file(path, dtype):
    """``{key: (label NDArray, path)}`` and the keys in file order, from a tab-separated ``.lst``
    file of ``index<TAB>label(s)<TAB>relative path`` lines."""
    images, keys = {}, []
    with open(path) as lines:
        for line in iter(lines.readline, ""):
            fields = line.strip().split("\t")
            key = int(fields[0])
            images[key] = (_parse_labels(fields[1:-1], dtype), fields[-1])
            keys.append(key)
    return images, keys


def _read_list(imglist, dtype):
    """``{key: (label NDArray, path)}`` and the keys, from ``[label(s)..., path]`` items; keys
    are '1', '2', ... as MXNet numbers them (strings)."""
    images, keys = {}, []
    for number, item in enumerate(imglist, start=1):
        if len(item) > 2:
            label = item[:-1]
        elif isinstance(item[0], numeric_types):
            label = [item[0]]
        else:
            label = item[0]
        images[str(number)] = (nd.array(label, dtype=dtype), item[-1])
        keys.append(str(number))
    return images, keys


class ImageIter(io.DataIter):
    """Image batches with augmentation (see the module doc). ``data_shape`` is (3, H, W);
    ``aug_list`` replaces the augmenters that ``CreateAugmenter(data_shape, **kwargs)`` makes;
    ``part_index`` / ``num_parts`` take one of ``num_parts`` equal slices of the images (the
    remainder is dropped); ``dtype`` is the dtype labels are parsed to (batches hold float32)."""

    def __init__(self, batch_size, data_shape, label_width=1,
                 path_imgrec=None, path_imglist=None, path_root=None, path_imgidx=None,
                 shuffle=False, part_index=0, num_parts=1, aug_list=None, imglist=None,
                 data_name="data", label_name="softmax_label", dtype="float32",
                 last_batch_handle="pad", **kwargs):
        super().__init__()
        assert path_imgrec or path_imglist or (isinstance(imglist, list))
        assert dtype in _LABEL_DTYPES, dtype + " label not supported"
        class_name = type(self).__name__
        self.imgrec, self.imgidx = None, None
        if path_imgrec:
            logging.info("%s: loading recordio %s...", class_name, path_imgrec)
            recordio = _recordio()
            if path_imgidx:
                self.imgrec = recordio.MXIndexedRecordIO(path_imgidx, path_imgrec, "r")
                self.imgidx = list(self.imgrec.keys)
            else:
                self.imgrec = recordio.MXRecordIO(path_imgrec, "r")
        imgkeys = None
        if path_imglist:
            logging.info("%s: loading image list %s...", class_name, path_imglist)
            self.imglist, imgkeys = _read_list_file(path_imglist, dtype)
        elif isinstance(imglist, list):
            logging.info("%s: loading image list...", class_name)
            self.imglist, imgkeys = _read_list(imglist, dtype)
        else:
            self.imglist = None
        self.path_root = path_root

        self.check_data_shape(data_shape)
        self.provide_data = [(data_name, (batch_size,) + data_shape)]
        label_shape = (batch_size, label_width) if label_width > 1 else (batch_size,)
        self.provide_label = [(label_name, label_shape)]
        self.batch_size = batch_size
        self.data_shape = data_shape
        self.label_width = label_width
        self.shuffle = shuffle
        if self.imgrec is None:
            self.seq = imgkeys
        elif shuffle or num_parts > 1 or path_imgidx:
            assert self.imgidx is not None
            self.seq = self.imgidx
        else:
            self.seq = None  # read the .rec file front to back
        if num_parts > 1:
            assert part_index < num_parts
            part = len(self.seq) // num_parts
            self.seq = self.seq[part_index * part:(part_index + 1) * part]
        self.auglist = CreateAugmenter(data_shape, **kwargs) if aug_list is None else aug_list
        self.cur = 0
        self._allow_read = True
        self.last_batch_handle = last_batch_handle
        self.num_image = len(self.seq) if self.seq is not None else None
        self._clear_cache()
        self.reset()

    def _clear_cache(self):
        self._cache_data = None
        self._cache_label = None
        self._cache_idx = None

    def _restart(self):
        if self.seq is not None and self.shuffle:
            random.shuffle(self.seq)

    def reset(self):
        """Back to the first image (reshuffled with ``shuffle``); with 'roll_over', the images of
        an incomplete last batch are kept for the next batch."""
        self._restart()
        if self.last_batch_handle != "roll_over" or self._cache_data is None:
            if self.imgrec is not None:
                self.imgrec.reset()
            self.cur = 0
            self._allow_read = True

    def hard_reset(self):
        """Back to the first image, dropping any rolled-over images."""
        self._restart()
        if self.imgrec is not None:
            self.imgrec.reset()
        self.cur = 0
        self._allow_read = True
        self._clear_cache()

    def next_sample(self):
        """The next ``(label, encoded image bytes)``; StopIteration at the end of the data."""
        if self._allow_read is False:
            raise StopIteration
        if self.seq is None:
            record = self.imgrec.read()
            if record is None:
                if self.last_batch_handle != "discard":
                    self.imgrec.reset()
                raise StopIteration
            header, img = _recordio().unpack(record)
            return header.label, img
        if self.cur >= self.num_image:
            if self.last_batch_handle != "discard":
                self.cur = 0
            raise StopIteration
        idx = self.seq[self.cur]
        self.cur += 1
        if self.imgrec is None:
            label, fname = self.imglist[idx]
            return label, self.read_image(fname)
        header, img = _recordio().unpack(self.imgrec.read_idx(idx))
        return (header.label if self.imglist is None else self.imglist[idx][0]), img

    def _batchify(self, batch_data, batch_label, start=0):
        """Fill ``batch_data``/``batch_label`` from slot ``start``; the number of slots filled."""
        i = start
        try:
            while i < self.batch_size:
                label, encoded = self.next_sample()
                data = self.imdecode(encoded)
                try:
                    data, label = self._checked(data, label)
                except RuntimeError as error:
                    logging.debug("Invalid image, skipping:  %s", str(error))
                    continue
                self._store(batch_data, batch_label, i, data, label)
                i += 1
        except StopIteration:
            if not i:
                raise
        return i

    def _checked(self, data, label):
        """The decoded image and its label, or RuntimeError to skip them."""
        self.check_valid_image(data)
        return data, label

    def _store(self, batch_data, batch_label, i, data, label):
        """Augment the image and put it and its label in slot ``i`` of the batch."""
        batch_data[i] = self.postprocess_data(self.augmentation_transform(data))
        batch_label[i] = label

    def next(self):
        """The next DataBatch (``pad``: the number of slots filled from the start of the data)."""
        if self._cache_data is not None:  # the images rolled over from the last epoch
            assert self._cache_label is not None, "_cache_label didn't have values"
            assert self._cache_idx is not None, "_cache_idx didn't have values"
            batch_data, batch_label, i = self._cache_data, self._cache_label, self._cache_idx
        else:
            batch_data, batch_label = self._empty_batch()
            i = self._batchify(batch_data, batch_label)
        pad = self.batch_size - i
        if pad != 0:
            if self.last_batch_handle == "discard":
                raise StopIteration
            if self.last_batch_handle == "roll_over" and self._cache_data is None:
                self._cache_data, self._cache_label, self._cache_idx = batch_data, batch_label, i
                raise StopIteration
            self._batchify(batch_data, batch_label, i)
            if self.last_batch_handle == "pad":
                self._allow_read = False
            else:
                self._clear_cache()
        return io.DataBatch([batch_data], [batch_label], pad=pad)

    def _empty_batch(self):
        """(data, label) arrays for a new batch: zeros (MXNet's label is nd.empty; every slot is written)."""
        return nd.zeros((self.batch_size,) + tuple(self.data_shape)), nd.zeros(self.provide_label[0][1])

    def check_data_shape(self, data_shape):
        """ValueError unless ``data_shape`` is (3, H, W)."""
        if not len(data_shape) == 3:
            raise ValueError("data_shape should have length 3, with dimensions CxHxW")
        if not data_shape[0] == 3:
            raise ValueError("This iterator expects inputs to have 3 channels.")

    def check_valid_image(self, data):
        """RuntimeError when the decoded ``data`` has fewer than two dimensions."""
        if len(data[0].shape) == 0:
            raise RuntimeError("Data shape is wrong")

    def _locate(self):
        """Which image the last sample was: 'Broken image filename: ...' or '... index: ...'."""
        position = (self.cur % self.num_image) - 1
        idx = self.seq[position] if self.seq is not None else position
        if self.imglist is not None:
            return "Broken image filename: {}".format(self.imglist[idx][1])
        return "Broken image index: {}".format(idx)

    def imdecode(self, s):
        """Decode the encoded image ``s`` (``mx.image.imdecode``); a failure is a RuntimeError that
        names the image."""
        try:
            return imdecode(s)
        except Exception as error:  # noqa: BLE001 - MXNet wraps every decoding failure
            raise RuntimeError("{}, {}".format(self._locate(), error)) from None

    def read_image(self, fname):
        """The bytes of the file ``fname`` under ``path_root``."""
        with open(os.path.join(self.path_root, fname), "rb") as image_file:
            return image_file.read()

    def augmentation_transform(self, data):
        """Apply each augmenter of ``auglist`` in turn."""
        for aug in self.auglist:
            data = aug(data)
        return data

    def postprocess_data(self, datum):
        """(H, W, C) -> (C, H, W), the layout of a batch."""
        return nd.transpose(datum, axes=(2, 0, 1))
