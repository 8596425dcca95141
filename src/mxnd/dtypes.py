"""The one dtype table: MXNet name <-> numpy type <-> torch dtype <-> MXNet type flag."""
from __future__ import annotations

import numpy as np
import torch

from .errors import MXNetError

try:  # numpy has no bfloat16; ml_dtypes provides one when installed
    from ml_dtypes import bfloat16 as _np_bfloat16
except ImportError:  # pragma: no cover - depends on the environment
    _np_bfloat16 = None


class DType:
    """One row of the table: ``DType('float32', np.float32, torch.float32, 0)``."""

    __slots__ = ("name", "numpy", "torch", "flag")

    def __init__(self, name, numpy_type, torch_dtype, flag):
        self.name, self.numpy, self.torch, self.flag = name, numpy_type, torch_dtype, flag

    def __repr__(self):
        return f"DType({self.name})"


# Type flags are MXNet's (include/mxnet/base.h, mshadow kFloat32 ...).
TABLE = (
    DType("float32", np.float32, torch.float32, 0),
    DType("float64", np.float64, torch.float64, 1),
    DType("float16", np.float16, torch.float16, 2),
    DType("uint8", np.uint8, torch.uint8, 3),
    DType("int32", np.int32, torch.int32, 4),
    DType("int8", np.int8, torch.int8, 5),
    DType("int64", np.int64, torch.int64, 6),
    DType("bool", np.bool_, torch.bool, 7),
    DType("bfloat16", _np_bfloat16, torch.bfloat16, 12),
)
SUPPORTED = "{" + ", ".join(repr(d.name) for d in sorted(TABLE, key=lambda d: d.name)) + "}"

# MXNet's ndarray.py tables (mx.nd._DTYPE_NP_TO_MX / _DTYPE_MX_TO_NP), which some libraries read:
# numpy types to type flags, bfloat16 as MXNet's structured stand-in dtype
_MX_BFLOAT16 = np.dtype([("bfloat16", np.uint16)])
DTYPE_NP_TO_MX = {None: -1, **{d.numpy if d.numpy is not None and d.name != "bfloat16" else _MX_BFLOAT16: d.flag
                               for d in TABLE}}
DTYPE_MX_TO_NP = {flag: numpy_type for numpy_type, flag in DTYPE_NP_TO_MX.items()}

BY_NAME = {d.name: d for d in TABLE}
BY_TORCH = {d.torch: d for d in TABLE}
BY_FLAG = {d.flag: d for d in TABLE}
# numpy type -> torch dtype; keys are numpy scalar types, np.dtype objects and names
_LOOKUP: dict = {}
for _d in TABLE:
    _LOOKUP[_d.name] = _d
    _LOOKUP[_d.torch] = _d
    if _d.numpy is not None:
        _LOOKUP[_d.numpy] = _d
        _LOOKUP[np.dtype(_d.numpy)] = _d
_LOOKUP["bool_"] = _LOOKUP[bool] = BY_NAME["bool"]
_LOOKUP[float] = BY_NAME["float64"]
_LOOKUP[int] = BY_NAME["int64"]

FLOATING = frozenset({torch.float16, torch.float32, torch.float64, torch.bfloat16})
INTEGRAL = frozenset({torch.uint8, torch.int8, torch.int32, torch.int64})
DEFAULT = BY_NAME["float32"]


def lookup(dtype, op_name: str = "dtype") -> DType:
    """Normalize a dtype given as str, numpy type, np.dtype or torch dtype.

    >>> lookup('int32').torch
    torch.int32
    >>> lookup(np.float16).name
    'float16'
    """
    try:
        return _LOOKUP[dtype]
    except (KeyError, TypeError):
        pass
    numpy_dtype = np.dtype(dtype)  # TypeError for names numpy does not know, as in MXNet
    try:
        return _LOOKUP[numpy_dtype]
    except KeyError:
        raise MXNetError(
            f"{op_name}: Invalid Input: '{numpy_dtype.name}', valid values are: {SUPPORTED}"
        ) from None


def lookup_frontend(dtype) -> DType:
    """A dtype as MXNet's Python layer reads it: ``np.dtype(dtype)`` (TypeError if numpy does
    not know it), then its table (KeyError for a type MXNet lacks, e.g. complex64).

    >>> lookup_frontend('float16').name
    'float16'
    """
    try:
        return _LOOKUP[dtype]
    except (KeyError, TypeError):
        pass
    numpy_dtype = np.dtype(dtype)
    try:
        return _LOOKUP[numpy_dtype]
    except KeyError:
        raise KeyError(numpy_dtype.type) from None


def to_torch(dtype, op_name: str = "dtype", frontend: bool = False, allow_bool: bool = True) -> torch.dtype:
    """The torch dtype of an MXNet dtype spec; ``None`` means float32.

    ``frontend`` reads it as MXNet's Python functions do (numpy's errors); otherwise as an
    operator parameter (MXNetError). ``allow_bool=False`` for range operators, which MXNet
    declares without bool.
    """
    if dtype is None:
        return torch.float32
    entry = lookup_frontend(dtype) if frontend else lookup(dtype, op_name)
    if not allow_bool and entry.torch is torch.bool:
        valid = "{" + ", ".join(repr(n) for n in sorted(BY_NAME) if n != "bool") + "}"
        raise MXNetError(f"{op_name}: Invalid Input: 'bool', valid values are: {valid}")
    return entry.torch


def numpy_type(torch_dtype: torch.dtype):
    """The numpy scalar type NDArray.dtype reports for a torch dtype.

    >>> numpy_type(torch.int64) is np.int64
    True
    """
    entry = BY_TORCH[torch_dtype]
    return entry.numpy if entry.numpy is not None else "bfloat16"


def name_of(torch_dtype: torch.dtype) -> str:
    """MXNet's name of a torch dtype, e.g. ``'float32'``."""
    return BY_TORCH[torch_dtype].name


def flag_of(torch_dtype: torch.dtype) -> int:
    """MXNet's type flag of a torch dtype (mshadow's ``kFloat32`` = 0 ...), as its messages print it.

    >>> flag_of(torch.float64)
    1
    """
    return BY_TORCH[torch_dtype].flag


def c_cast(tensor: torch.Tensor, dtype: torch.dtype, copy: bool = False, device=None) -> torch.Tensor:
    """``tensor.to(dtype)`` (on ``device``, if given) as C++ converts: double to uint8 goes through
    int32 (x86's cvttsd2si, so beyond int32 it is INT_MIN's low byte, 0), where torch goes through
    int64 (3e9 + 7 gives 7).

    >>> c_cast(torch.tensor([3e9 + 7, 300.5], dtype=torch.float64), torch.uint8).tolist()
    [0, 44]
    """
    if dtype is torch.uint8 and tensor.dtype is torch.float64:
        tensor = tensor.to(torch.int32)
    return tensor.to(device=device, dtype=dtype, copy=copy)
