"""``mx.io.MXDataIter``, ``ResizeIter`` and ``PrefetchingIter``, with MXNet 1.9.1's batches.

``MXDataIter`` is, in MXNet, the Python face of a C++ iterator handle; in mxnd it is the base
class of the file iterators (``CSVIter``, ``LibSVMIter``, ``MNISTIter``), which implement
``_fetch()`` (the next batch or None) and ``_rewind()``. As in MXNet it reads the first batch
when it is created (so shapes are known, and an empty source raises StopIteration there),
``getdata()`` / ``getlabel()`` return one NDArray, ``getindex()`` a uint64 numpy array.

``PrefetchingIter`` fetches the next batch of each wrapped iterator on a background thread, one
batch ahead, as MXNet's does; an error raised while fetching is raised again by ``next()``
(MXNet's thread dies with it and ``next()`` waits forever).

>>> import numpy as np, mxnd as mx
>>> it = mx.io.ResizeIter(mx.io.NDArrayIter(np.arange(4), batch_size=2), 3)
>>> [b.data[0].asnumpy().tolist() for b in it]
[[0.0, 1.0], [2.0, 3.0], [0.0, 1.0]]
"""
from __future__ import annotations

import logging
import threading

from .errors import MXNetError
from .io import DataBatch, DataDesc, DataIter

__all__ = ["MXDataIter", "ResizeIter", "PrefetchingIter"]


_NO_HANDLE = ("MXDataIter wraps a C++ iterator handle in MXNet; mxnd has none: create CSVIter, LibSVMIter, "
              "MNISTIter or an ImageRecordIter instead")


class MXDataIter(DataIter):
    """Base of the file iterators: MXNet's ``MXDataIter`` methods over ``_fetch`` / ``_rewind``.

    A subclass sets up its source, then calls ``MXDataIter.__init__``; ``_fetch()`` returns
    ``(data, label, pad, index)`` (NDArray, NDArray, int, uint64 array) or None at the end.
    """

    def __init__(self, data_name="data", label_name="softmax_label", **_):
        super().__init__()
        self._debug_skip_load = False
        self._debug_at_begin = True
        self._current = None
        self.first_batch = None
        self.first_batch = self.next()  # StopIteration when the source holds no batch
        data, label = self.first_batch.data[0], self.first_batch.label[0]
        self.provide_data = [DataDesc(data_name, data.shape, data.dtype)]
        self.provide_label = [DataDesc(label_name, label.shape, label.dtype)]
        self.batch_size = data.shape[0]

    def _fetch(self):
        raise MXNetError(_NO_HANDLE)

    def _rewind(self):
        raise MXNetError(_NO_HANDLE)

    def debug_skip_load(self):
        """Return the current batch again and again (to time a model without the reading)."""
        self._debug_skip_load = True
        logging.info("Set debug_skip_load to be true, will simply return first batch")

    def reset(self):
        """Back to the start of the data (see each iterator for what ``round_batch`` keeps)."""
        self._debug_at_begin = True
        self.first_batch = None
        self._rewind()

    def _batch(self):
        return DataBatch(data=[self.getdata()], label=[self.getlabel()], pad=self.getpad(),
                         index=self.getindex())

    def next(self):
        """The next DataBatch (StopIteration at the end of the data)."""
        if self._debug_skip_load and not self._debug_at_begin:
            return self._batch()
        if self.first_batch is not None:
            batch, self.first_batch = self.first_batch, None
            return batch
        self._debug_at_begin = False
        if self.iter_next():
            return self._batch()
        raise StopIteration

    def iter_next(self):
        """Move to the next batch; whether there is one (True while the first batch is unread)."""
        if self.first_batch is not None:
            return True
        current = self._fetch()
        if current is None:
            return False
        self._current = current
        return True

    def getdata(self):
        """The data NDArray of the current batch."""
        return self._current[0]

    def getlabel(self):
        """The label NDArray of the current batch."""
        return self._current[1]

    def getpad(self):
        """How many examples at the end of the current batch are padding."""
        return self._current[2]

    def getindex(self):
        """The example indices of the current batch (uint64), or None."""
        index = self._current[3]
        return None if index is None or index.size == 0 else index.copy()


class _CurrentBatch(DataIter):
    """A wrapper whose ``current_batch`` answers getdata / getlabel / getindex / getpad."""

    def getdata(self):
        return self.current_batch.data

    def getlabel(self):
        return self.current_batch.label

    def getindex(self):
        return self.current_batch.index

    def getpad(self):
        return self.current_batch.pad


class ResizeIter(_CurrentBatch):
    """``size`` batches per epoch from ``data_iter``, restarting it whenever it runs out.

    ``reset()`` resets ``data_iter`` too unless ``reset_internal`` is False (then the next
    epoch goes on where this one stopped).

    >>> import mxnd as mx
    >>> it = mx.io.ResizeIter(mx.io.NDArrayIter(mx.nd.ones((100, 10)), batch_size=25), 2)
    >>> [b.data[0].shape for b in it]
    [(25, 10), (25, 10)]
    """

    def __init__(self, data_iter, size, reset_internal=True):
        super().__init__()
        self.data_iter = data_iter
        self.size = size
        self.reset_internal = reset_internal
        self.cur = 0
        self.current_batch = None
        self.provide_data = data_iter.provide_data
        self.provide_label = data_iter.provide_label
        self.batch_size = data_iter.batch_size
        if hasattr(data_iter, "default_bucket_key"):
            self.default_bucket_key = data_iter.default_bucket_key

    def reset(self):
        """Start a new epoch of ``size`` batches."""
        self.cur = 0
        if self.reset_internal:
            self.data_iter.reset()

    def iter_next(self):
        """Take the next batch of the wrapped iterator (resetting it at its end)."""
        if self.cur == self.size:
            return False
        try:
            self.current_batch = self.data_iter.next()
        except StopIteration:
            self.data_iter.reset()
            self.current_batch = self.data_iter.next()
        self.cur += 1
        return True



class _Fetcher:
    """One background thread that calls ``iterator.next()`` on request (None at StopIteration)."""

    def __init__(self, iterator):
        self.iterator = iterator
        self._result = None
        self._done = threading.Event()
        self._thread = None

    def start(self):
        self._done.clear()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        try:
            self._result = (self.iterator.next(), None)
        except StopIteration:
            self._result = (None, None)
        except BaseException as error:  # noqa: BLE001 - handed to the consumer thread
            self._result = (None, error)
        self._done.set()

    def result(self):
        self._done.wait()
        batch, error = self._result
        if error is not None:
            raise error
        return batch


class PrefetchingIter(_CurrentBatch):
    """Joins iterators batch by batch, fetching each one's next batch on a background thread.

    ``rename_data`` / ``rename_label``: one dict per iterator mapping its provide_data /
    provide_label names to new ones. The iterators must give the same number of batches with
    the same ``pad``.

    >>> import mxnd as mx
    >>> a = mx.io.NDArrayIter({'data': mx.nd.ones((4, 2))}, batch_size=2)
    >>> b = mx.io.NDArrayIter({'data': mx.nd.zeros((4, 3))}, batch_size=2)
    >>> it = mx.io.PrefetchingIter([a, b], rename_data=[{'data': 'x'}, {'data': 'y'}])
    >>> [(d.name, d.shape) for d in it.provide_data]
    [('x', (2, 2)), ('y', (2, 3))]
    >>> [[d.shape for d in batch.data] for batch in it]
    [[(2, 2), (2, 3)], [(2, 2), (2, 3)]]
    """

    def __init__(self, iters, rename_data=None, rename_label=None):
        super().__init__()
        if not isinstance(iters, list):
            iters = [iters]
        self.n_iter = len(iters)
        assert self.n_iter > 0
        self.iters = iters
        self.rename_data = rename_data
        self.rename_label = rename_label
        self.batch_size = self.provide_data[0][1][0]
        self.current_batch = None
        self._fetchers = [_Fetcher(i) for i in iters]
        for fetcher in self._fetchers:
            fetcher.start()

    @staticmethod
    def _renamed(descs_per_iter, renames):
        if renames is None:
            return sum(descs_per_iter, [])
        return sum([[DataDesc(r[x.name], x.shape, x.dtype) if isinstance(x, DataDesc) else DataDesc(*x)
                     for x in descs] for r, descs in zip(renames, descs_per_iter)], [])

    @property
    def provide_data(self):
        """The data DataDescs of all iterators, renamed."""
        return self._renamed([i.provide_data for i in self.iters], self.rename_data)

    @property
    def provide_label(self):
        """The label DataDescs of all iterators, renamed."""
        return self._renamed([i.provide_label for i in self.iters], self.rename_label)

    def reset(self):
        """Wait for the batches in flight (dropping them), reset every iterator, prefetch again."""
        for fetcher in self._fetchers:
            fetcher._done.wait()
        for iterator in self.iters:
            iterator.reset()
        for fetcher in self._fetchers:
            fetcher.start()

    def iter_next(self):
        """Take the prefetched batches (joined into one) and start fetching the next ones."""
        batches = [fetcher.result() for fetcher in self._fetchers]
        if batches[0] is None:
            for batch in batches:
                assert batch is None, "Number of entry mismatches between iterators"
            return False
        for batch in batches:
            assert batch.pad == batches[0].pad, "Number of entry mismatches between iterators"
        self.current_batch = DataBatch(sum([b.data for b in batches], []),
                                       sum([b.label for b in batches], []),
                                       batches[0].pad, batches[0].index,
                                       provide_data=self.provide_data,
                                       provide_label=self.provide_label)
        for fetcher in self._fetchers:
            fetcher.start()
        return True

    def next(self):
        """The next joined DataBatch (StopIteration at the end)."""
        if self.iter_next():
            return self.current_batch
        raise StopIteration


