"""``mx.io``: DataDesc, DataBatch, DataIter and NDArrayIter, with MXNet 1.9.1's batches.

The batching rules (``last_batch_handle`` 'pad' / 'discard' / 'roll_over', the cursor
arithmetic, shuffling with numpy's global RNG) follow apache/mxnet v1.9.1
``python/mxnet/io/io.py`` and ``io/utils.py`` so that the same seed gives the same batches.

>>> import numpy as np, mxnd as mx
>>> it = mx.io.NDArrayIter(np.arange(5), batch_size=2)
>>> [(b.data[0].asnumpy().tolist(), b.pad) for b in it]
[([0.0, 1.0], 0), ([2.0, 3.0], 0), ([4.0, 0.0], 1)]
"""
from __future__ import annotations

from collections import OrderedDict, namedtuple

import numpy as np

from . import ndarray as nd
from .ndarray import NDArray

__all__ = ["DataDesc", "DataBatch", "DataIter", "NDArrayIter"]

LAST_BATCH_HANDLES = ("pad", "discard", "roll_over")


class DataDesc(namedtuple("DataDesc", ["name", "shape"])):
    """Name, shape, dtype and layout of one data or label input.

    >>> DataDesc('data', (2, 3))
    DataDesc[data,(2, 3),<class 'numpy.float32'>,NCHW]
    """

    def __new__(cls, name, shape, dtype=np.float32, layout="NCHW"):
        desc = super().__new__(cls, name, shape)
        desc.dtype = dtype
        desc.layout = layout
        return desc

    def __repr__(self):
        return "DataDesc[%s,%s,%s,%s]" % (self.name, self.shape, self.dtype, self.layout)

    @staticmethod
    def get_batch_axis(layout):
        """The axis of 'N' in ``layout`` (0 when ``layout`` is None, -1 when it has no N)."""
        return 0 if layout is None else layout.find("N")

    @staticmethod
    def get_list(shapes, types):
        """DataDescs from ``[(name, shape)]`` and optional ``[(name, dtype)]``."""
        if types is not None:
            type_dict = dict(types)
            return [DataDesc(name, shape, type_dict[name]) for name, shape in shapes]
        return [DataDesc(name, shape) for name, shape in shapes]


class DataBatch:
    """One batch: lists of data and label arrays, ``pad`` (padded examples at the end), ``index``."""

    def __init__(self, data, label=None, pad=None, index=None, bucket_key=None,
                 provide_data=None, provide_label=None):
        if data is not None:
            assert isinstance(data, (list, tuple)), "Data must be list of NDArrays"
        if label is not None:
            assert isinstance(label, (list, tuple)), "Label must be list of NDArrays"
        self.data, self.label, self.pad, self.index = data, label, pad, index
        self.bucket_key, self.provide_data, self.provide_label = bucket_key, provide_data, provide_label

    def __str__(self):
        data_shapes = [d.shape for d in self.data]
        label_shapes = [lab.shape for lab in self.label] if self.label else None
        return "{}: data shapes: {} label shapes: {}".format(type(self).__name__, data_shapes, label_shapes)


class DataIter:
    """Base class of data iterators: ``next()`` returns a DataBatch or raises StopIteration."""

    def __init__(self, batch_size=0):
        self.batch_size = batch_size

    def __iter__(self):
        return self

    def reset(self):
        """Reset to the beginning of the data."""

    def next(self):
        """The next DataBatch (StopIteration at the end)."""
        if self.iter_next():
            return DataBatch(data=self.getdata(), label=self.getlabel(), pad=self.getpad(),
                             index=self.getindex())
        raise StopIteration

    def __next__(self):
        return self.next()

    def iter_next(self):
        """Move to the next batch; whether there is one."""

    def getdata(self):
        """The data of the current batch."""

    def getlabel(self):
        """The label of the current batch."""

    def getindex(self):
        """The example indices of the current batch (None when unknown)."""
        return None

    def getpad(self):
        """The number of padding examples in the current batch."""


def _init_data(data, allow_empty, default_name):
    """``[(name, NDArray)]`` sorted by name, from an array, a list of arrays or a dict."""
    assert (data is not None) or allow_empty
    if data is None:
        data = []
    if isinstance(data, (np.ndarray, NDArray)):
        data = [data]
    if isinstance(data, list):
        if not allow_empty:
            assert len(data) > 0
        if len(data) == 1:
            data = OrderedDict([(default_name, data[0])])
        else:
            data = OrderedDict([("_%d_%s" % (i, default_name), d) for i, d in enumerate(data)])
    if not isinstance(data, dict):
        raise TypeError("Input must be NDArray, numpy.ndarray, h5py.Dataset "
                        "a list of them or dict with them as values")
    for key, value in data.items():  # converted in place: MXNet changes the caller's dict too
        if isinstance(value, NDArray):
            continue
        try:
            data[key] = nd.array(value)
        except Exception:  # noqa: BLE001 - MXNet turns any failure into this TypeError
            raise TypeError(("Invalid type '%s' for %s, " % (type(value), key))
                            + "should be NDArray, numpy.ndarray or h5py.Dataset") from None
    return sorted(data.items())


def _take(data, index):
    """Rows ``index`` of each array as MXNet takes them: ``array(v.asnumpy()[idx], v.context)``
    (so float32) for dense arrays, a CSRNDArray of the scipy rows for CSR arrays."""
    taken = []
    for name, value in data:
        if value.stype == "csr":
            taken.append((name, nd.sparse.array(value.asscipy()[index], ctx=value.context)))
        else:
            taken.append((name, nd.array(value.asnumpy()[index], value.context)))
    return taken


class NDArrayIter(DataIter):
    """Batches over NDArrays or numpy arrays (one array, a list, or a dict name -> array).

    ``last_batch_handle``: 'pad' fills the last batch from the start (``pad`` says how many),
    'discard' drops it, 'roll_over' carries its examples into the first batch after ``reset``.
    ``shuffle`` permutes with ``np.random.shuffle`` at each reset, as MXNet does.
    """

    def __init__(self, data, label=None, batch_size=1, shuffle=False, last_batch_handle="pad",
                 data_name="data", label_name="softmax_label", layout="NCHW"):
        super().__init__(batch_size)
        self.data = _init_data(data, allow_empty=False, default_name=data_name)
        self.label = _init_data(label, allow_empty=True, default_name=label_name)
        if any(value.stype == "csr" for _, value in self.data + self.label) and last_batch_handle != "discard":
            raise NotImplementedError("`NDArrayIter` only supports ``CSRNDArray`` with "
                                      "`last_batch_handle` set to `discard`.")
        self.idx = np.arange(self.data[0][1].shape[0])
        self.shuffle = shuffle
        self.last_batch_handle = last_batch_handle
        self.batch_size = batch_size
        self.cursor = -self.batch_size
        self.num_data = self.idx.shape[0]
        self.reset()
        self.data_list = [x[1] for x in self.data] + [x[1] for x in self.label]
        self.num_source = len(self.data_list)
        self._cache_data = None  # the incomplete last batch, for 'roll_over'
        self._cache_label = None
        self.layout = layout

    def _descs(self, source):
        batch_axis = self.layout.find("N")
        return [DataDesc(name, tuple(list(value.shape[:batch_axis]) + [self.batch_size]
                                     + list(value.shape[batch_axis + 1:])), value.dtype, layout=self.layout)
                for name, value in source]

    @property
    def provide_data(self):
        """DataDescs (name, batch shape, dtype, layout) of the data."""
        return self._descs(self.data)

    @property
    def provide_label(self):
        """DataDescs (name, batch shape, dtype, layout) of the labels."""
        return self._descs(self.label)

    def hard_reset(self):
        """Go back to the start, dropping rolled-over examples."""
        if self.shuffle:
            self._shuffle_data()
        self.cursor = -self.batch_size
        self._cache_data = None
        self._cache_label = None

    def reset(self):
        """Go back to the start (keeping the last batch's examples for 'roll_over')."""
        if self.shuffle:
            self._shuffle_data()
        if self.last_batch_handle == "roll_over" and \
                self.num_data - self.batch_size < self.cursor < self.num_data:
            self.cursor = self.cursor - self.num_data - self.batch_size
        else:
            self.cursor = -self.batch_size

    def iter_next(self):
        """Advance the cursor by ``batch_size``; whether it is still inside the data."""
        self.cursor += self.batch_size
        return self.cursor < self.num_data

    def next(self):
        """The next DataBatch; an incomplete last batch ends the epoch (cached for 'roll_over')."""
        if not self.iter_next():
            raise StopIteration
        data = self.getdata()
        label = self.getlabel()
        if data[0].shape[self.layout.find("N")] != self.batch_size:
            self._cache_data = data
            self._cache_label = label
            raise StopIteration
        return DataBatch(data=data, label=label, pad=self.getpad(), index=None)

    def _getdata(self, source, start=None, end=None):
        assert start is not None or end is not None, "should at least specify start or end"
        start = start if start is not None else 0
        if end is None:
            end = source[0][1].shape[0] if source else 0
        axis = self.layout.find("N")
        return [value.slice_axis(axis=axis, begin=start, end=end) for _, value in source]

    def _concat(self, first, second):
        if not first or not second:
            return first if first else second
        assert len(first) == len(second), "data source should contain the same size"
        axis = self.layout.find("N")
        return [nd.concat(a, b, dim=axis) for a, b in zip(first, second)]

    @staticmethod
    def _tile(data, repeats):
        result = []
        for datum in data:
            reps = [1] * len(datum.shape)
            reps[0] = repeats
            result.append(nd.tile(datum, reps=tuple(reps)))
        return result

    def _batchify(self, source):
        assert self.cursor < self.num_data, "DataIter needs reset."
        if self.last_batch_handle == "roll_over" and -self.batch_size < self.cursor < 0:
            assert self._cache_data is not None or self._cache_label is not None, \
                "next epoch should have cached data"
            cached = self._cache_data if self._cache_data is not None else self._cache_label
            second = self._getdata(source, end=self.cursor + self.batch_size)
            if self._cache_data is not None:
                self._cache_data = None
            else:
                self._cache_label = None
            return self._concat(cached, second)
        if self.last_batch_handle == "pad" and self.cursor + self.batch_size > self.num_data:
            pad = self.batch_size - self.num_data + self.cursor
            first = self._getdata(source, start=self.cursor)
            if pad > self.num_data:
                second = self._tile(self._getdata(source, end=self.num_data), pad // self.num_data)
                if pad % self.num_data != 0:
                    second = self._concat(second, self._getdata(source, end=pad % self.num_data))
            else:
                second = self._getdata(source, end=pad)
            return self._concat(first, second)
        end = min(self.cursor + self.batch_size, self.num_data)
        return self._getdata(source, self.cursor, end)

    def getdata(self):
        """The data arrays of the current batch."""
        return self._batchify(self.data)

    def getlabel(self):
        """The label arrays of the current batch."""
        return self._batchify(self.label)

    def getpad(self):
        """Padded examples in the current batch ('pad' last batch, 'roll_over' first batch)."""
        if self.last_batch_handle == "pad" and self.cursor + self.batch_size > self.num_data:
            return self.cursor + self.batch_size - self.num_data
        if self.last_batch_handle == "roll_over" and -self.batch_size < self.cursor < 0:
            return -self.cursor
        return 0

    def _shuffle_data(self):
        # MXNet permutes ``idx`` in place and re-indexes the already shuffled arrays with it
        np.random.shuffle(self.idx)
        self.data = _take(self.data, self.idx)
        self.label = _take(self.label, self.idx)


# The file iterators MXNet implements in C++ (and its Python wrappers around iterators) live in
# their own modules, imported when first used: mx.io.CSVIter reads a CSV file only then.
_LAZY = {
    "CSVIter": "io_files", "LibSVMIter": "io_files", "MNISTIter": "io_files",
    "ResizeIter": "io_wrappers", "PrefetchingIter": "io_wrappers", "MXDataIter": "io_wrappers",
    "ImageRecordIter": "io_image_record", "ImageRecordUInt8Iter": "io_image_record",
    "ImageRecordInt8Iter": "io_image_record", "ImageDetRecordIter": "io_image_record",
    "ImageRecordIter_v1": "io_image_record", "ImageRecordUInt8Iter_v1": "io_image_record",
}


__all__ += list(_LAZY)  # star imports get them too (MXNet's module has no __all__)


def __getattr__(name):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mxnd.io' has no attribute '{name}'")
    import importlib

    return getattr(importlib.import_module(f"mxnd.{module}"), name)


def __dir__():
    return sorted(list(globals()) + list(_LAZY))
