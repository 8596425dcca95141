"""MXNet's public ``mx.base`` path: MXNetError, the Python type groups MXNet checks with and the
small helpers code imports from it."""
import os
import platform

import numpy as np

from .errors import MXNetError

__all__ = ["MXNetError", "numeric_types", "integer_types", "string_types", "py_str", "check_call", "c_array_buf",
           "mx_real_t", "data_dir", "data_dir_default"]

mx_real_t = np.float32  # MXNet's default real type
numeric_types = (float, int, np.generic)
integer_types = (int, np.integer)
string_types = (str,)


def py_str(value):
    """Return ``value`` as str (MXNet helper kept for compatibility).

    >>> py_str(b"cpu")
    'cpu'
    """
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _as_list(obj):
    """``obj`` if it is a list or tuple, else ``[obj]``.

    >>> _as_list(1), _as_list((1, 2))
    ([1], (1, 2))
    """
    return obj if isinstance(obj, (list, tuple)) else [obj]


def data_dir_default():
    """MXNet's default data directory: ``%APPDATA%\\mxnet`` on Windows, else ``~/.mxnet``."""
    if platform.system() == "Windows":
        return os.path.join(os.environ.get("APPDATA"), "mxnet")
    return os.path.join(os.path.expanduser("~"), ".mxnet")


def data_dir():
    """MXNet's data directory: ``$MXNET_HOME``, else ``data_dir_default()``."""
    return os.getenv("MXNET_HOME", data_dir_default())


def check_call(ret):
    """MXNet's C API status check: raise MXNetError for a non-zero return code (mxnd has no C
    library, so there is no last error text to fetch).

    >>> check_call(0)
    """
    if ret != 0:
        raise MXNetError(f"C API call failed with return code {ret}")


def c_array_buf(ctype, buf):
    """A ctypes array of ``ctype`` sharing the memory of the writable buffer ``buf`` (MXNet's helper).

    >>> import array, ctypes
    >>> list(c_array_buf(ctypes.c_int, array.array('i', [1, 2])))
    [1, 2]
    """
    return (ctype * len(buf)).from_buffer(buf)
