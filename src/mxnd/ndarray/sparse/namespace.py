"""Fills ``mx.nd.sparse`` with MXNet 1.9.1's ``_sparse_`` operator names and installs the
Python-level sparse functions (cast_storage, retain, ...) where MXNet exposes them."""
from __future__ import annotations

import sys

from ..generated import FUNCTIONS

__all__ = ["SPARSE_NAMES", "install"]

# The names of mxnet.ndarray.sparse that MXNet generates from `_sparse_` aliases (gen_sparse.py)
SPARSE_NAMES = (
    "ElementWiseSum", "Embedding", "FullyConnected", "LinearRegressionOutput", "LogisticRegressionOutput",
    "MAERegressionOutput", "abs", "adagrad_update", "adam_update", "add_n", "arccos", "arccosh",
    "arcsin", "arcsinh", "arctan", "arctanh", "broadcast_add", "broadcast_div", "broadcast_minus",
    "broadcast_mul", "broadcast_plus", "broadcast_sub", "cast_storage", "cbrt", "ceil", "clip",
    "concat", "cos", "cosh", "degrees", "dot", "elemwise_add", "elemwise_div", "elemwise_mul",
    "elemwise_sub", "exp", "expm1", "fix", "floor", "ftrl_update", "gamma", "gammaln", "log", "log10",
    "log1p", "log2", "make_loss", "mean", "negative", "norm", "radians", "relu", "retain", "rint",
    "round", "rsqrt", "sgd_mom_update", "sgd_update", "sigmoid", "sign", "sin", "sinh", "slice",
    "sqrt", "square", "stop_gradient", "sum", "tan", "tanh", "trunc", "where", "zeros_like")


def install(namespace: dict) -> list:
    """Put every sparse name of MXNet that a registered operator provides into ``namespace`` (names
    the package defines itself stay); return the names installed."""
    installed = []
    for name in SPARSE_NAMES:
        if name not in namespace and name in FUNCTIONS:
            namespace[name] = FUNCTIONS[name]
            installed.append(name)
    return installed


def install_into(module_name: str, functions: dict):
    """Set ``functions`` on an already imported module (e.g. mx.nd.cast_storage), and in its
    ``__all__`` when it has one (MXNet's star imports give them)."""
    module = sys.modules[module_name]
    exported = getattr(module, "__all__", None)
    for name, function in functions.items():
        if not hasattr(module, name):
            setattr(module, name, function)
        if exported is not None and name not in exported:
            exported.append(name)
