"""CSRNDArray and RowSparseNDArray: component tensors plus a shape and a context.

A CSR array keeps ``_values`` (nnz,), ``_indices`` (nnz,) int64 column indices and
``_indptr`` (rows + 1,) int64; a row-sparse array keeps ``_values`` (k, *shape[1:]) and
``_indices`` (k,) int64 sorted row indices. The dense slot ``_data`` stays unset, so the
generated operators see an AttributeError on their fast path and go to the storage dispatch
(dispatch.py). Kernels build ``torch.sparse_csr_tensor`` views of the components on demand.

>>> import mxnd as mx
>>> a = mx.nd.array([[0, 1, 0], [2, 0, 0]]).tostype('csr')
>>> a, a.stype, a.indptr.asnumpy().tolist()
(
<CSRNDArray 2x3 @cpu(0)>, 'csr', [0, 1, 2])
"""
from __future__ import annotations

import warnings

import numpy as np
import torch

from ... import dtypes
from ...base import numeric_types
from ...context import Context, synchronize
from ...errors import MXNetError, device_errors
from ..ndarray import NDArray, wrap

__all__ = ["BaseSparseNDArray", "CSRNDArray", "RowSparseNDArray", "make_csr", "make_rsp",
           "NotSupportedForSparseNDArray", "stype_of"]

_new = object.__new__


class NotSupportedForSparseNDArray(MXNetError):
    """MXNet's error for NDArray functions a sparse array does not support."""

    def __init__(self, function, alias, *args):
        super().__init__()
        self.function = function.__name__
        self.alias = alias
        self.args = [str(type(a)) for a in args]

    def __str__(self):
        msg = "Function {}".format(self.function)
        if self.alias:
            msg += ' (namely operator "{}")'.format(self.alias)
        if self.args:
            msg += " with arguments ({})".format(", ".join(self.args))
        msg += " is not supported for SparseNDArray and only available in NDArray."
        return msg


def stype_of(array) -> str:
    """The storage type of an NDArray (``'default'``, ``'csr'`` or ``'row_sparse'``)."""
    return array.stype


class BaseSparseNDArray(NDArray):
    """An NDArray stored in a sparse format (see CSRNDArray and RowSparseNDArray)."""

    __slots__ = ("_shape", "_values", "_indices", "_graph", "_graph_key")  # _graph: recorded.py

    # ----- properties -----------------------------------------------------------------
    @property
    def shape(self) -> tuple:
        """Tuple of array dimensions."""
        return self._shape

    @property
    def ndim(self) -> int:
        """Number of dimensions."""
        return len(self._shape)

    @property
    def _num_aux(self) -> int:
        """How many aux arrays the storage has (row_sparse: indices; csr: indptr and indices)."""
        return 2 if self.stype == "csr" else 1

    @property
    def size(self):
        """Undefined for sparse arrays (NotImplementedError, as MXNet)."""
        raise NotImplementedError()

    @property
    def dtype(self):
        """The numpy scalar type of the stored values."""
        return dtypes.numpy_type(self._values.dtype)

    @property
    def handle(self):
        """The component tensors (MXNet exposes a C handle here)."""
        return self._values

    @property
    def T(self):
        """A dense transposed copy (MXNet's transpose falls back to dense storage)."""
        return self.tostype("default").T

    def __len__(self):
        return self._shape[0]

    def __bool__(self):
        count = 1
        for d in self._shape:
            count *= d
        if count == 0:
            return False
        if count == 1:
            return bool(self.asscalar())
        raise ValueError("The truth value of an NDArray with multiple elements is ambiguous.")

    def __repr__(self):
        shape_info = "x".join("%d" % d for d in self._shape)
        return "\n<%s %s @%s>" % (type(self).__name__, shape_info, self._ctx)

    __str__ = __repr__

    def __reduce__(self):
        return _rebuild, (type(self).__name__, self._components_numpy(), self._shape,
                          dtypes.name_of(self._values.dtype), self._ctx)

    def _components_numpy(self):
        return tuple(t.cpu().numpy() for t in self._components())

    # ----- arithmetic: __add__, __sub__, __mul__ are mx.nd.sparse.add, subtract, multiply, as in
    # MXNet (installed by elementwise.py); the in-place forms are not supported ---------------
    def __iadd__(self, other):
        raise NotImplementedError()

    __isub__ = __imul__ = __itruediv__ = __iadd__

    def _at(self, idx):
        raise NotSupportedForSparseNDArray(self._at, "[idx]", idx)

    def _slice(self, start, stop):
        raise NotSupportedForSparseNDArray(self._slice, None, start, stop)

    def reshape(self, *shape, **kwargs):
        """Not supported for sparse arrays (MXNet's NotSupportedForSparseNDArray)."""
        raise NotSupportedForSparseNDArray(self.reshape, None, shape)

    # ----- conversion -----------------------------------------------------------------
    def asnumpy(self) -> np.ndarray:
        """A dense numpy copy of the values."""
        return self.tostype("default").asnumpy()

    def asscalar(self):
        """Undefined for sparse arrays (MXNet's asscalar reads ``size``: NotImplementedError)."""
        raise NotImplementedError()

    def __float__(self):
        raise NotImplementedError()

    __int__ = __index__ = __float__

    def astype(self, dtype, copy=True):
        """A copy with values cast to ``dtype`` (same storage type)."""
        target = dtypes.to_torch(dtype, frontend=True)
        if not copy and target is self._values.dtype:
            return self
        return self._with(self._values.to(target, copy=True), copy=True)

    def tostype(self, stype):
        """A copy with storage type ``stype``."""
        from .convert import cast_storage
        return cast_storage(self, stype=stype)

    def copyto(self, other):
        """Copy into ``other`` (an array of the same shape; storage cast as needed) or onto a Context."""
        if isinstance(other, Context):
            with device_errors("copyto"):
                moved = [t.to(other.device, copy=True) for t in self._components()]
            return self._rebuild_from(moved, other)
        if isinstance(other, NDArray):
            if other is self:
                warnings.warn("You are attempting to copy an array to itself", RuntimeWarning)
                return False
            if other.shape != self._shape:
                raise MXNetError(f"copyto: Incompatible attr in node at 0-th output: expected "
                                 f"{list(self._shape)}, got {list(other.shape)}")
            if other.stype == "default":
                other.__setitem__(slice(None), self.tostype("default").as_in_context(other._ctx))
                return other
            source = self if other.stype == self.stype else self.tostype(other.stype)
            assign_components(other, source)
            return other
        raise TypeError("copyto does not support type " + str(type(other)))

    def copy(self):
        """A deep copy on the same context."""
        return self.copyto(self._ctx)

    def as_in_context(self, context):
        """``self`` if already on ``context``, else a copy there."""
        return self if self._ctx == context else self.copyto(context)

    def detach(self):
        """A new array sharing this one's storage, cut from the autograd graph."""
        return self._rebuild_from(list(self._components()), self._ctx)

    def wait_to_read(self):
        """Block until pending device work writing this array has finished."""
        if self._values.is_cuda:
            synchronize(self._values.device, "wait_to_read")

    wait_to_write = wait_to_read

    def check_format(self, full_check=True):
        """Check that the components form a valid array (O(nnz) checks when ``full_check``)."""
        from .checks import check_format
        check_format(self, full_check)

    @property
    def data(self):
        """A deep copy NDArray of the stored values."""
        return wrap(self._values.detach().clone(), self._ctx)

    @property
    def indices(self):
        """A deep copy NDArray of the int64 indices (columns for csr, rows for row_sparse)."""
        return wrap(self._indices.clone(), self._ctx)

    def _with(self, values, copy=False):
        """An array of the same kind and structure holding ``values``."""
        parts = list(self._components())
        parts[0] = values
        if copy:
            parts[1:] = [p.clone() for p in parts[1:]]
        return self._rebuild_from(parts, self._ctx)


class CSRNDArray(BaseSparseNDArray):
    """A 2-D array in compressed sparse row format: ``data``, ``indices``, ``indptr``.

    >>> import mxnd as mx
    >>> a = mx.nd.sparse.csr_matrix(([1, 2, 3], [1, 0, 2], [0, 1, 2, 2, 3]), shape=(4, 3))
    >>> a.asnumpy().tolist()
    [[0.0, 1.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 3.0]]
    """

    __slots__ = ("_indptr",)

    @property
    def stype(self) -> str:
        """``'csr'``."""
        return "csr"

    @property
    def indptr(self):
        """A deep copy NDArray of the int64 row pointers."""
        return wrap(self._indptr.clone(), self._ctx)

    def _components(self):
        return self._values, self._indices, self._indptr

    def _rebuild_from(self, parts, ctx):
        return make_csr(parts[0], parts[1], parts[2], self._shape, ctx)

    def torch_csr(self) -> torch.Tensor:
        """A ``torch.sparse_csr_tensor`` over the components (no copy)."""
        from .matmul import torch_csr
        return torch_csr(self)

    def asscipy(self):
        """A ``scipy.sparse.csr_matrix`` copy."""
        import scipy.sparse as spsp

        values, indices, indptr = self._components_numpy()
        return spsp.csr_matrix((values, indices, indptr), shape=self._shape)

    def tostype(self, stype):
        """A copy with storage type ``stype`` ('csr' or 'default')."""
        if stype == "row_sparse":
            raise ValueError("cast_storage from csr to row_sparse is not supported")
        return BaseSparseNDArray.tostype(self, stype)

    def __getitem__(self, key):
        from .indexing import slice_rows

        if isinstance(key, int):
            begin = self._shape[0] - 1 if key == -1 else key
            return slice_rows(self, begin, begin + 1)
        if isinstance(key, slice):
            if key.step is not None:
                raise ValueError("CSRNDArray only supports continuous slicing on axis 0")
            if key.start is not None or key.stop is not None:
                begin = key.start if key.start else 0
                end = key.stop if key.stop else self._shape[0]
                return slice_rows(self, begin, end)
            return self
        if isinstance(key, tuple):
            raise ValueError("Multi-dimension indexing is not supported")
        raise ValueError("Undefined behaviour for {}".format(key))

    def __setitem__(self, key, value):
        if not isinstance(key, slice):
            raise Exception("CSRNDArray only supports [:] for assignment")
        if key.step is not None or key.start is not None or key.stop is not None:
            raise ValueError("Assignment with slice for CSRNDArray is not implemented yet.")
        _assign_all(self, value, numeric_error="Assigning numeric types to CSRNDArray is not implemented yet.")

    def __iadd__(self, other):
        (self + other).copyto(self)
        return self

    def __isub__(self, other):
        (self - other).copyto(self)
        return self

    def __imul__(self, other):
        (self * other).copyto(self)
        return self

    def __itruediv__(self, other):
        (self / other).copyto(self)
        return self


class RowSparseNDArray(BaseSparseNDArray):
    """An array whose stored rows (``indices``, sorted int64) hold ``data``; other rows are zero.

    >>> import mxnd as mx
    >>> a = mx.nd.sparse.row_sparse_array(([[1, 2], [3, 4]], [1, 4]), shape=(6, 2))
    >>> a.indices.asnumpy().tolist(), a.asnumpy()[4].tolist()
    ([1, 4], [3.0, 4.0])
    """

    __slots__ = ()
    # in-place arithmetic writes the out-of-place result back, as CSRNDArray's (and MXNet's)
    __iadd__, __isub__ = CSRNDArray.__iadd__, CSRNDArray.__isub__
    __imul__, __itruediv__ = CSRNDArray.__imul__, CSRNDArray.__itruediv__

    @property
    def stype(self) -> str:
        """``'row_sparse'``."""
        return "row_sparse"

    def _components(self):
        return self._values, self._indices

    def _rebuild_from(self, parts, ctx):
        return make_rsp(parts[0], parts[1], self._shape, ctx)

    def tostype(self, stype):
        """A copy with storage type ``stype`` ('row_sparse' or 'default')."""
        if stype == "csr":
            raise ValueError("cast_storage from row_sparse to csr is not supported")
        return BaseSparseNDArray.tostype(self, stype)

    def retain(self, *args, **kwargs):
        """Convenience fluent method for :py:func:`retain`."""
        from .indexing import retain
        return retain(self, *args, **kwargs)

    def __getitem__(self, key):
        if isinstance(key, int):
            raise Exception("__getitem__ with int key is not implemented for RowSparseNDArray yet")
        if isinstance(key, slice):
            if key.step is not None or key.start is not None or key.stop is not None:
                raise Exception("RowSparseNDArray only supports [:] for __getitem__")
            return self
        if isinstance(key, tuple):
            raise ValueError("Multi-dimension indexing is not supported")
        raise ValueError("Undefined behaviour for {}".format(key))

    def __setitem__(self, key, value):
        if not isinstance(key, slice):
            raise TypeError("RowSparseNDArray only supports [:] for assignment")
        if key.step is not None or key.start is not None or key.stop is not None:
            raise ValueError("Assignment with slice for RowSparseNDArray is not implmented yet.")
        _assign_all(self, value, numeric_error=None)


def _assign_all(target, value, numeric_error):
    """``target[:] = value`` for a sparse target."""
    if isinstance(value, NDArray):
        if value is not target:
            if value.shape != target._shape:
                raise MXNetError(f"copyto: Incompatible attr in node at 0-th output: expected "
                                 f"{list(value.shape)}, got {list(target._shape)}")
            assign_components(target, value if value.stype == target.stype else value.tostype(target.stype))
    elif isinstance(value, numeric_types):
        if numeric_error is not None:
            raise ValueError(numeric_error)
        rows = target._shape[0]
        filled = torch.full((rows,) + target._shape[1:], float(value), dtype=target._values.dtype,
                            device=target._values.device)
        assign_components(target, make_rsp(filled, torch.arange(rows, device=filled.device),
                                           target._shape, target._ctx))
    elif isinstance(value, (np.ndarray, np.generic)):
        warnings.warn(f"Assigning non-NDArray object to {type(target).__name__} is not efficient",
                      RuntimeWarning)
        from ..creation import array
        _assign_all(target, array(value), numeric_error)
    else:
        raise TypeError("type %s not supported" % str(type(value)))


def assign_components(target: BaseSparseNDArray, source: BaseSparseNDArray):
    """Replace ``target``'s storage by a copy of ``source``'s (same stype), cast to its dtype."""
    dtype, device = target._values.dtype, target._values.device
    parts = [t.to(device=device, copy=True) for t in source._components()]
    parts[0] = parts[0].to(dtype)
    target._values = parts[0]
    target._indices = parts[1]
    if len(parts) == 3:
        target._indptr = parts[2]


def make_csr(values, indices, indptr, shape, ctx) -> CSRNDArray:
    """Wrap CSR component tensors (int64 indices) without copying."""
    array = _new(CSRNDArray)
    array._values, array._indices, array._indptr = values, indices, indptr
    array._shape, array._ctx = tuple(shape), ctx
    return array


def make_rsp(values, indices, shape, ctx) -> RowSparseNDArray:
    """Wrap row-sparse component tensors (sorted int64 row indices) without copying."""
    array = _new(RowSparseNDArray)
    array._values, array._indices = values, indices
    array._shape, array._ctx = tuple(shape), ctx
    return array


def _rebuild(kind, parts, shape, dtype_name, ctx):
    if ctx.device_typeid == 2 and ctx.device_id >= torch.cuda.device_count():
        ctx = Context("cpu", 0)
    tensors = [torch.from_numpy(np.ascontiguousarray(p)).to(ctx.device) for p in parts]
    if kind == "CSRNDArray":
        return make_csr(tensors[0], tensors[1], tensors[2], shape, ctx)
    return make_rsp(tensors[0], tensors[1], shape, ctx)
