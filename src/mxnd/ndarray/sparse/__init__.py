"""``mx.nd.sparse``: CSRNDArray, RowSparseNDArray, their constructors and the sparse operators.

Importing this package installs the storage dispatch (dispatch.py) and every sparse
implementation; ``mx.nd.sparse.<op>`` are the same functions as ``mx.nd.<op>``, as MXNet's
``_sparse_`` aliases are.
"""
from builtins import sum as py_sum  # noqa: F401  (names MXNet's module has, from its imports)

from . import dispatch  # noqa: F401  (installs the storage dispatch first)
from . import convert, elementwise, gradients, indexing, matmul, reduction, updates  # noqa: F401
from .arrays import BaseSparseNDArray, CSRNDArray, RowSparseNDArray  # noqa: F401
from .convert import cast_storage  # noqa: F401
from .creation import array, csr_matrix, empty, row_sparse_array, zeros  # noqa: F401
from .elementwise import add, divide, multiply, subtract  # noqa: F401
from .indexing import retain  # noqa: F401
from .indexing import retain as gs_retain  # noqa: F401
from .updates import adagrad_update, group_adagrad_update  # noqa: F401
from .namespace import install as _install
from .namespace import install_into as _install_into
from ...base import c_array_buf, check_call  # noqa: F401  (names MXNet's module has, from its imports)
from ...context import current_context  # noqa: F401

__all__ = ["BaseSparseNDArray", "CSRNDArray", "RowSparseNDArray", "csr_matrix", "row_sparse_array", "zeros",
           "empty", "array", "add", "subtract", "multiply", "divide", "cast_storage", "retain",
           "adagrad_update"]
__all__ += _install(globals())  # the operators MXNet exposes here through `_sparse_` aliases
_install_into("mxnd.ndarray", {"cast_storage": cast_storage})
_install_into("mxnd.ndarray.op", {"cast_storage": cast_storage})
_install_into("mxnd.ndarray.contrib", {"group_adagrad_update": group_adagrad_update,
                                      "SparseEmbedding": indexing.sparse_embedding,
                                      "getnnz": reduction.getnnz})
_install_into("mxnd.ndarray._internal", {"_square_sum": reduction.square_sum})
