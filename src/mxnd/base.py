"""MXNet's public ``mx.base`` path: MXNetError and the Python type groups MXNet checks with."""
import numpy as np

from .errors import MXNetError

__all__ = ["MXNetError", "numeric_types", "integer_types", "string_types", "py_str"]

numeric_types = (float, int, np.generic)
integer_types = (int, np.integer)
string_types = (str,)


def py_str(value):
    """Return ``value`` as str (MXNet helper kept for compatibility).

    >>> py_str(b"cpu")
    'cpu'
    """
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)

