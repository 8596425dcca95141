"""The ``dlarray`` class: one torch tensor (MATLAB dim order, canonical labels) plus its format.

A formatted dlarray stores its data permuted into canonical S, C, B, T, U order and always has
``len(fmt) == tensor.dim() >= 2``; an unformatted one (``fmt == ''``) stores the tensor as given.
Operators and functions live in the other modules of ``mxnd.dl``; they build results with
:func:`make`, the single place that applies the 'U' rule and the tracing policy.

>>> import numpy as np
>>> x = dlarray(np.ones((32, 3, 24, 24), np.float32), 'BCSS')
>>> x.fmt, x.shape
('SSCB', (24, 24, 3, 32))
"""
from __future__ import annotations

import threading

import numpy as np
import torch

from .. import dtypes
from ..context import Context
from ..ndarray.creation import host_copy
from ..ndarray.ndarray import NDArray, _context_of, wrap
from ..recording import FLAGS
from . import formats

__all__ = ["dlarray", "isdlarray", "make", "to_tensor", "TRACE"]

_new = object.__new__


class _Trace(threading.local):
    """Per-thread dlfeval state: depth of nested dlfeval calls (0 outside dlfeval)."""

    def __init__(self):
        self.depth = 0
        self.released = []


TRACE = _Trace()

# Python data types accepted as dlarray data; integers become float32 (MATLAB dlarray holds
# single, double or logical data only; mxnd's default float type is float32).
_KEEP = frozenset({torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.bool,
                   torch.complex64, torch.complex128})


class dlarray:  # noqa: N801  (MATLAB's name)
    """A deep-learning array with dimension labels (MATLAB ``dlarray``).

    ``dlarray(x)`` is unformatted; ``dlarray(x, fmt)`` labels the dims of ``x`` in the order of
    ``fmt`` (S, C, B, T, U) and stores them permuted into canonical S, C, B, T, U order.

    >>> y = dlarray([1., 2., 3.], 'C')
    >>> y.fmt, y.shape
    ('CU', (3, 1))
    """

    __slots__ = ("_data", "_fmt", "__weakref__")
    __array_priority__ = 2000.0  # numpy defers to dlarray's reflected operators

    def __init__(self, x, fmt=None):
        if isinstance(x, dlarray):
            data = x._data
            if fmt is None:  # same data and format (Python sharing; x.copy() copies)
                self._data, self._fmt = data, x._fmt
                return
        else:
            data = to_tensor(x, "dlarray")
        if fmt is None or fmt == "":
            self._data, self._fmt = data, ""
            return
        if not isinstance(fmt, str):
            raise TypeError(f"dlarray: the format must be a character vector or string such as 'SSCB', "
                            f"got {type(fmt).__name__}")
        formats.check(fmt)
        self._data, self._fmt = _format(data, fmt)

    # ----- properties -------------------------------------------------------------
    @property
    def fmt(self) -> str:
        """The format in canonical order (MATLAB ``dims``); '' when unformatted."""
        return self._fmt

    @property
    def shape(self) -> tuple:
        """Shape of the stored data (canonical order for formatted arrays)."""
        return tuple(self._data.shape)

    @property
    def ndim(self) -> int:
        """Number of stored dims (number of labels for formatted arrays)."""
        return self._data.dim()

    @property
    def size(self) -> int:
        """Number of elements (as NDArray.size)."""
        return self._data.numel()

    @property
    def dtype(self):
        """numpy scalar type of the data (as NDArray.dtype); torch dtype when numpy has none."""
        try:
            return dtypes.numpy_type(self._data.dtype)
        except Exception:  # complex dtypes are outside mxnd's dtype table
            return self._data.dtype

    @property
    def data(self) -> torch.Tensor:
        """The wrapped torch tensor (traced inside dlfeval)."""
        return self._data

    @property
    def device(self) -> torch.device:
        """The torch device of the data."""
        return self._data.device

    @property
    def context(self) -> Context:
        """The mxnd context of the data, e.g. ``cpu(0)``."""
        return _context_of(self._data)

    ctx = context

    @property
    def _ctx(self):
        # mx.nd operators read ``_data`` and ``_ctx`` of their inputs: refuse clearly instead of
        # computing on the (possibly permuted) storage of a labelled array
        raise TypeError("mx.nd operators take NDArrays, got a dlarray; pass dl.extractdata(x) "
                        "(or use the mxnd.dl functions)")

    # ----- conversion -------------------------------------------------------------
    def extractdata(self) -> NDArray:
        """The data as an NDArray (canonical order, labels removed, dlfeval trace cut)."""
        data = self._data
        if data.requires_grad and not FLAGS.get().recording:
            data = data.detach()
        return wrap(data.contiguous(), _context_of(data))

    def asnumpy(self) -> np.ndarray:
        """A numpy copy of the data in canonical order."""
        data = self._data.detach()
        if data.dtype is torch.bfloat16:
            data = data.float()
        return data.cpu().numpy().copy()

    def __array__(self, dtype=None, copy=None):
        array = self.asnumpy()
        return array if dtype is None else array.astype(dtype, copy=False)

    def stripdims(self):
        """An unformatted dlarray with the same data (MATLAB ``stripdims``)."""
        return make(self._data, "")

    def copy(self):
        """A dlarray with a copy of the data and the same format."""
        return make(self._data.clone(), self._fmt)

    def to(self, device):
        """The array on ``device`` (a Context, torch.device or 'cpu'/'cuda'); self when already there."""
        target = device.device if isinstance(device, Context) else torch.device(device)
        if self._data.device == target:
            return self
        return make(self._data.to(target), self._fmt)

    as_in_context = to

    def __bool__(self):
        if self._data.numel() != 1:
            raise ValueError("The truth value of a dlarray with more than one element is ambiguous; "
                             "use dl.all(x, 'all') or dl.any(x, 'all')")
        return bool(self._data.detach().reshape(()).item())

    def __float__(self):
        return float(_scalar(self, "float"))

    def __int__(self):
        return int(_scalar(self, "int"))

    def __index__(self):
        if self._data.dtype.is_floating_point:
            raise TypeError("only integer scalar dlarrays can be converted to a scalar index")
        return int(_scalar(self, "index"))

    def __len__(self):
        if self._data.dim() == 0:
            raise TypeError("len() of a 0-d dlarray")
        return self._data.shape[0]

    def __hash__(self):
        return id(self) // 16

    def __reduce__(self):
        return dlarray, (self.asnumpy(), self._fmt or None)


def _scalar(x, kind):
    if x._data.numel() != 1:
        raise TypeError(f"only one-element dlarrays can be converted to Python {kind}s, got shape {x.shape}")
    return x._data.detach().reshape(()).item()


def isdlarray(obj) -> bool:
    """True for a dlarray (MATLAB ``isdlarray``).

    >>> isdlarray(dlarray([1.])), isdlarray([1.])
    (True, False)
    """
    return isinstance(obj, dlarray)


def size_matlab(shape, fmt="") -> tuple:
    """MATLAB's size vector: one entry per label, or at least two entries when unformatted."""
    if fmt:
        return tuple(shape)
    shape = tuple(shape)
    if len(shape) == 0:
        return (1, 1)
    if len(shape) == 1:
        return (shape[0], 1)  # a Python vector is a MATLAB column
    rank = len(shape)
    while rank > 2 and shape[rank - 1] == 1:  # MATLAB reports no trailing singletons
        rank -= 1
    return shape[:rank]


def _format(data: torch.Tensor, fmt: str):
    """(tensor permuted to canonical order, canonical format) for a validated format."""
    rank = data.dim()
    if len(fmt) == 1:
        # MATLAB dlarray(v, dim): a vector v gets a column with labels dim and 'U'
        if sum(1 for d in data.shape if d != 1) > 1:
            raise ValueError(f"dlarray: a one-character format '{fmt}' needs a vector, got shape "
                             f"{tuple(data.shape)}")
        data = data.reshape(-1, 1)
        fmt = fmt + "U"
    elif rank > len(fmt):
        raise ValueError(f"dlarray: the format '{fmt}' has {len(fmt)} labels but the data has {rank} "
                         f"dimensions; the number of labels must be at least the number of dimensions")
    elif rank < len(fmt):
        # 0-d is 1x1 and 1-d is a column (n x 1); extra labels describe trailing singletons
        data = data.reshape(tuple(data.shape) + (1,) * (len(fmt) - rank))
    canon, perm = formats.canonical(fmt)
    if canon != fmt:
        data = data.permute(perm)
    rank = formats.normalized_rank(canon, data.shape)
    if rank < len(canon):
        data = data.reshape(data.shape[:rank])
        canon = canon[:rank]
    return data, canon


def make(data: torch.Tensor, fmt: str) -> dlarray:
    """Wrap an operation's result: apply the 'U' rule and cut graphs nothing traces (hot path)."""
    if data.requires_grad and not TRACE.depth and not FLAGS.get().recording:
        data = data.detach()
    if fmt and fmt[-1] == "U" and len(fmt) > 2:
        rank = formats.normalized_rank(fmt, data.shape)
        if rank < len(fmt):
            data = data.reshape(data.shape[:rank])
            fmt = fmt[:rank]
    out = _new(dlarray)
    out._data = data
    out._fmt = fmt
    return out


def to_tensor(x, where: str, device=None, dtype=None) -> torch.Tensor:
    """Tensor of any accepted data (dlarray, NDArray, torch, numpy, nested lists, scalars).

    NDArray and torch data are shared, not copied (numpy data is copied); integer data becomes float32.
    """
    if isinstance(x, dlarray):
        data = x._data
    elif isinstance(x, NDArray):
        data = x._data
    elif isinstance(x, torch.Tensor):
        data = x
    else:
        try:
            if isinstance(x, np.ndarray):
                # numpy data is copied (MATLAB value semantics); NDArray and torch data are shared
                kind = x.dtype.kind
                target = (torch.float32 if kind in "iu" else torch.bool if kind == "b"
                          else torch.from_numpy(np.empty(0, x.dtype)).dtype)  # numpy's own type
                data = host_copy(x, target)
            else:
                data = torch.as_tensor(x)
        except (TypeError, ValueError, RuntimeError) as error:
            raise TypeError(f"{where}: expected numeric data (dlarray, NDArray, torch tensor, numpy "
                            f"array, nested lists or a number), got {type(x).__name__}: {error}") from None
    if data.dtype not in _KEEP:
        if data.dtype.is_floating_point or data.dtype.is_complex:
            raise TypeError(f"{where}: unsupported data type {data.dtype}")
        data = data.to(torch.float32)
    if dtype is not None and data.dtype is not dtype:
        data = data.to(dtype)
    if device is not None and data.device != device:
        data = data.to(device)
    return data
