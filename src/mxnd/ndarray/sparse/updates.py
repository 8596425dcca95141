"""Optimizer updates with a row_sparse gradient: lazy (only the gradient's rows change) or standard.

MXNet 1.9.1's rules (optimizer_op-inl.h): the weight and states are dense or row_sparse with
every row stored (an empty row_sparse state is first filled with zero rows); ``out`` must be
the weight (``kWriteInplace``). With ``lazy_update=True`` and states stored like the weight,
the dense operator's own body runs on the gathered rows of the gradient and its results are
scattered back, so the arithmetic is the dense kernels'; otherwise the gradient is densified
and every row is updated (a row_sparse state becomes fully stored). ``ftrl_update`` is lazy
for row_sparse weights and states.
``adagrad_update`` (mx.nd.sparse) and ``group_adagrad_update`` (mx.nd.contrib) exist only for
row_sparse gradients, as in MXNet.

>>> import mxnd as mx
>>> w = mx.nd.ones((3, 2))
>>> g = mx.nd.sparse.row_sparse_array(([[1., 1.]], [1]), shape=(3, 2))
>>> mx.nd.sgd_update(w, g, lr=0.5, out=w).asnumpy().tolist()
[[1.0, 1.0], [0.5, 0.5], [1.0, 1.0]]
"""
from __future__ import annotations

import numpy as np
import torch

from ...errors import MXNetError, dtype_mismatch
from ...params import parse_float
from ...registry import REGISTRY
from ..ndarray import NDArray
from ..ops.exact_sqrt import sqrt as _sqrt
from ..ops.ordered_sum import ordered_sum
from ..ops.optimizer_updates import _SCALAR, adam_standard
from .convert import to_dense_tensor
from .dispatch import FALLBACK, implements

__all__ = ["adagrad_update", "group_adagrad_update", "LAZY_UPDATES"]

# operator name -> (number of state inputs, update lazily even without a lazy_update param)
LAZY_UPDATES = {"sgd_update": (0, False), "sgd_mom_update": (1, False), "adam_update": (2, False),
                "ftrl_update": (2, True)}


def _full_rows(array, name, what):
    """The dense tensor holding every row of a dense or full row_sparse array (empty ones filled)."""
    if array.stype == "default":
        return array._data
    if array.stype != "row_sparse":
        raise MXNetError(f"{name}: {what} must be default or row_sparse storage, got {array.stype}")
    rows = array.shape[0]
    if array._values.shape[0] == 0:
        array._values = torch.zeros(array.shape, dtype=array._values.dtype, device=array._values.device)
        array._indices = torch.arange(rows, device=array._values.device)
    elif array._values.shape[0] != rows:
        raise MXNetError(f"{name}: Check failed: arr.storage_shape()[0] == arr.shape()[0]: {name} for "
                         f"RowSparse {what} is only implemented for RowSparse {what} with all rows "
                         f"containing non-zeros. Expects {what}.data.shape[0] "
                         f"({array._values.shape[0]}) == {what}.shape[0] ({rows}).")
    return array._values


def _require_inplace(name, weight, out):
    if out is not weight:
        raise MXNetError(f"{name}: Check failed: req == kWriteInplace: kWriteInplace is expected for "
                         f"sparse {name} (pass out=weight)")


def _sparse_kernel(name, impl, lazy, params):
    """The arithmetic of MXNet's row_sparse kernel: the dense operator's, except adam's variance
    update, ``(1-b2) * (g*g)`` in its standard kernel and in its lazy one where it clips."""
    if name == "adam_update" and (not lazy or params.get("clip_gradient", -1.0) >= 0):
        return adam_standard
    return impl


def _row_update(name, n_states, always_lazy):
    impl = REGISTRY[name].impl

    def update(weight, grad, *states, out=None, **params):
        if grad.stype != "row_sparse" or len(states) != n_states or \
                any(a.stype == "csr" for a in (weight,) + states):
            return FALLBACK
        # lazy only when the states share the weight's storage (ftrl: row_sparse weights); every other
        # mix is MXNet's standard update (its storage fallback writes the states back)
        same = all(s.stype == weight.stype for s in states)
        lazy = same and (weight.stype == "row_sparse" if always_lazy else params.get("lazy_update", True))
        W = _full_rows(weight, name, "weights")
        S = [_full_rows(s, name, "states") for s in states]
        _require_inplace(name, weight, out)
        if not lazy:
            new = _sparse_kernel(name, impl, lazy, params)(W, to_dense_tensor(grad).to(W.dtype), *S, **params)
            W.copy_(new)
            return out
        rows = grad._indices
        if rows.numel() == 0:
            return out
        gathered = [t.index_select(0, rows) for t in S]
        new = _sparse_kernel(name, impl, lazy, params)(W.index_select(0, rows), grad._values, *gathered, **params)
        for state, rows_of_state in zip(S, gathered):
            state.index_copy_(0, rows, rows_of_state)
        W.index_copy_(0, rows, new.to(W.dtype))
        return out

    update.wants_out = True
    return update


def _register():
    for name, (n_states, always_lazy) in LAZY_UPDATES.items():
        if name in REGISTRY:  # declared by ops/optimizer_updates.py
            implements(name, "*")(_row_update(name, n_states, always_lazy))


_register()


def _f32(value) -> float:
    return float(np.float32(parse_float(value)))


def _in_dtype(weight, *values):
    """The kernel's scalar parameters, cast to the weight's dtype (``static_cast<DType>``)."""
    T = _SCALAR.get(weight.dtype, np.float32)
    return [float(T(value)) for value in values]


def _rescaled(grad_values, rescale_grad, clip_gradient):
    g = grad_values * rescale_grad
    return g.clamp(-clip_gradient, clip_gradient) if clip_gradient >= 0 else g


def _check_sparse_update(name, weight, grad, history, out):
    for what, array in (("weight", weight), ("grad", grad), ("history", history)):
        if not isinstance(array, NDArray):
            raise AssertionError(f"{name}: Argument {what} must have NDArray type, but got {array!r}")
    if grad.stype != "row_sparse" or weight.stype == "csr" or history.stype == "csr":
        raise MXNetError(f"{name}: Operator not implemented: operator = {name}\n"
                         f"input storage types = [{weight.stype}, {grad.stype}, {history.stype}, ]: "
                         f"the gradient must be row_sparse, the weight and history default or row_sparse")
    if weight.shape != grad.shape:
        raise MXNetError(f"{name}: Incompatible attr in node at 1-th input: expected {list(weight.shape)}, "
                         f"got {list(grad.shape)}")
    for position, array in ((1, grad), (2, history)):  # one dtype for all three (ElemwiseType)
        if array.dtype != weight.dtype:
            raise dtype_mismatch(name, position, np.dtype(weight.dtype).name, np.dtype(array.dtype).name)
    _require_inplace(name, weight, out)


def adagrad_update(weight, grad, history, lr, epsilon=1e-07, wd=0.0, rescale_grad=1.0, clip_gradient=-1.0,
                   out=None, name=None):
    """AdaGrad with a row_sparse gradient (``mx.nd.sparse.adagrad_update``): for each gradient row
    ``history += g**2; weight -= lr * g / sqrt(history + epsilon)`` (``wd`` must be 0).

    >>> import mxnd as mx
    >>> w, h = mx.nd.ones((2, 1)), mx.nd.zeros((2, 1))
    >>> g = mx.nd.sparse.row_sparse_array(([[2.]], [1]), shape=(2, 1))
    >>> mx.nd.sparse.adagrad_update(w, g, h, lr=0.5, out=w).asnumpy().ravel().tolist()
    [1.0, 0.5]
    """
    _check_sparse_update("adagrad_update", weight, grad, history, out)
    lr, epsilon, wd = _f32(lr), _f32(epsilon), _f32(wd)
    rescale_grad, clip_gradient = _f32(rescale_grad), _f32(clip_gradient)
    if wd != 0:
        raise MXNetError("adagrad_update: Check failed: param.wd == 0.0f: sparse adagrad_update does "
                         "not support wd.")
    W = _full_rows(weight, "adagrad_update", "weights")
    H = _full_rows(history, "adagrad_update", "history")
    rows = grad._indices
    if rows.numel():
        lr, epsilon, rescale_grad, clip_gradient = _in_dtype(W, lr, epsilon, rescale_grad, clip_gradient)
        g = _rescaled(grad._values, rescale_grad, clip_gradient)
        h = H.index_select(0, rows).add_(g * g)
        H.index_copy_(0, rows, h)
        W.index_copy_(0, rows, W.index_select(0, rows) - (g / _sqrt(h + epsilon)) * lr)
    return out


def group_adagrad_update(weight, grad, history, lr, rescale_grad=1.0, clip_gradient=-1.0, epsilon=1e-05,
                         out=None, name=None):
    """Group AdaGrad (``mx.nd.contrib.group_adagrad_update``): one history value per row,
    ``history[r] += mean(g[r]**2); weight[r] -= lr * g[r] / sqrt(history[r] + epsilon)``.

    >>> import mxnd as mx
    >>> w, h = mx.nd.ones((2, 2)), mx.nd.zeros((2, 1))
    >>> g = mx.nd.sparse.row_sparse_array(([[3., 4.]], [0]), shape=(2, 2))
    >>> mx.nd.contrib.group_adagrad_update(w, g, h, lr=1.0, out=w)[0].asnumpy().tolist()
    [0.15147221088409424, -0.1313704252243042]
    """
    _check_sparse_update("group_adagrad_update", weight, grad, history, out)
    lr, epsilon = _f32(lr), _f32(epsilon)
    rescale_grad, clip_gradient = _f32(rescale_grad), _f32(clip_gradient)
    if history.shape != (weight.shape[0], 1) and history.shape != (weight.shape[0],):
        raise MXNetError(f"group_adagrad_update: history must have shape ({weight.shape[0]}, 1), "
                         f"got {history.shape}")
    W = _full_rows(weight, "group_adagrad_update", "weights")
    H = _full_rows(history, "group_adagrad_update", "history")
    rows = grad._indices
    if rows.numel():
        lr, epsilon, rescale_grad, clip_gradient = _in_dtype(W, lr, epsilon, rescale_grad, clip_gradient)
        g = _rescaled(grad._values, rescale_grad, clip_gradient)
        flat = g.reshape(g.shape[0], -1)
        h = H.index_select(0, rows) + (ordered_sum(flat * flat, 1) / flat.shape[1]).reshape((-1,) + H.shape[1:])
        H.index_copy_(0, rows, h)
        scale = _sqrt(h.reshape(-1) + epsilon).reshape((-1,) + (1,) * (g.dim() - 1))
        W.index_copy_(0, rows, W.index_select(0, rows) - (g * lr) / scale)
    return out
