"""Optimizer updates with a row_sparse gradient: lazy (only the gradient's rows change) or standard.

MXNet 1.9.1's rules (optimizer_op-inl.h): the row_sparse kernels run when the storage inference
picks them (an ``out=`` of another stype than the weight's, a dense weight for ftrl, ... take
the dense update on the densified gradient, whose states are written back); the weight stores
every row (an empty row_sparse state is first filled with zero rows); ``out`` must be the weight
(``kWriteInplace``; a lazy update with an empty gradient returns before that check). With
``lazy_update=True`` and states stored like the weight,
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
from ..ndarray import NDArray, wrap
from ..ops.exact_sqrt import sqrt as _sqrt
from ..ops.ordered_sum import ordered_sum
from ..ops.optimizer_updates import _SCALAR, adam_standard
from .convert import cast_storage, to_dense_tensor
from .dispatch import FALLBACK, implements

__all__ = ["adagrad_update", "group_adagrad_update", "LAZY_UPDATES"]

# operator name -> (number of state inputs, update lazily even without a lazy_update param)
LAZY_UPDATES = {"sgd_update": (0, False), "sgd_mom_update": (1, False), "adam_update": (2, False),
                "ftrl_update": (2, True)}


# MXNet's names of the updates in its "all rows" check
_CHECK_NAMES = {"sgd_update": "SGDUpdate", "sgd_mom_update": "SGDMomUpdate", "adam_update": "AdamStdUpdate",
                "ftrl_update": "FtrlUpdate", "adagrad_update": "AdagradUpdate",
                "group_adagrad_update": "GroupAdagradUpdate"}


def _full_rows(array, name, what):
    """The dense tensor holding every row of a dense or full row_sparse array (an empty state is
    filled with zero rows; a weight must store every row, ``CheckAllRowsPresent``)."""
    if array.stype == "default":
        return array._data
    if array.stype != "row_sparse":
        raise MXNetError(f"{name}: {what} must be default or row_sparse storage, got {array.stype}")
    rows = array.shape[0]
    if array._values.shape[0] == 0 and what != "weights":
        array._values = torch.zeros(array.shape, dtype=array._values.dtype, device=array._values.device)
        array._indices = torch.arange(rows, device=array._values.device)
    elif array._values.shape[0] != rows:
        check = _CHECK_NAMES.get(name, name)
        raise MXNetError(f"{name}: Check failed: arr.storage_shape()[0] == arr.shape()[0]: {check} for "
                         f"RowSparse {what} is only implemented for RowSparse {what} with all rows "
                         f"containing non-zeros. Expects {what}.data.shape[0] "
                         f"({array._values.shape[0]}) == {what}.shape[0] ({rows}).")
    return array._values


def _require_inplace(name, weight, out):
    if out is not weight:
        message = "sgd_mom_update" if name == "sgd_update" else name  # (MXNet's text for sgd too)
        raise MXNetError(f"{name}: Check failed: req == kWriteInplace: kWriteInplace is expected for "
                         f"sparse {message} (pass out=weight)")


def _untouched(weight, W, out):
    """The result of an update that returns before writing: ``out``, or a new array (MXNet's is
    uninitialised memory; zeros here)."""
    return cast_storage(wrap(torch.zeros_like(W), weight._ctx), weight.stype) if out is None else out


def _sparse_kernel(name, impl, lazy, params):
    """The arithmetic of MXNet's row_sparse kernel: the dense operator's, except adam's variance
    update, ``(1-b2) * (g*g)`` in its standard kernel and in its lazy one where it clips."""
    if name == "adam_update" and (not lazy or params.get("clip_gradient", -1.0) >= 0):
        return adam_standard
    return impl


def _kernel_runs(name, weight, grad, states, out):
    """MXNet's storage inference: True when the row_sparse kernel runs, False for the storage
    fallback (the dense update on a densified gradient). The kernel writes an output of the
    weight's stype, so an ``out`` of another stype takes the fallback."""
    if grad.stype != "row_sparse" or weight.stype not in ("default", "row_sparse"):
        return False
    if out is not None and getattr(out, "stype", None) != weight.stype:
        return False
    if name == "ftrl_update":  # ElemwiseStorageType: all row_sparse
        return all(s.stype == "row_sparse" for s in (weight,) + states)
    if any(s.stype != states[0].stype for s in states[1:]):
        raise MXNetError(f"{name}: Check failed: state_stype == in_attrs->at(i): Inconsistent storage "
                         f"types detected in state {states[0].stype} vs {states[1].stype}")
    return not states or states[0].stype == weight.stype or \
        (weight.stype == "row_sparse" and states[0].stype == "default")


def _check_like_weight(name, weight, others):
    """ElemwiseShape / ElemwiseType: the gradient and the states have the weight's shape and dtype."""
    for position, array in enumerate(others, 1):
        if array.shape != weight.shape:
            raise MXNetError(f"{name}: Incompatible attr in node at {position}-th input: expected "
                             f"{list(weight.shape)}, got {list(array.shape)}")
        if array.dtype != weight.dtype:
            raise dtype_mismatch(name, position, np.dtype(weight.dtype).name, np.dtype(array.dtype).name)


def _row_update(name, n_states, always_lazy):
    impl = REGISTRY[name].impl

    def update(weight, grad, *states, out=None, **params):
        if len(states) != n_states or not isinstance(grad, NDArray) or \
                not _kernel_runs(name, weight, grad, states, out):
            return FALLBACK
        _check_like_weight(name, weight, (grad,) + states)
        # lazy only when the states share the weight's storage (ftrl: row_sparse weights)
        same = all(s.stype == weight.stype for s in states)
        lazy = same and (always_lazy or params.get("lazy_update", True))
        W = _full_rows(weight, name, "weights")
        rows = grad._indices
        if lazy and states and rows.numel() == 0:  # MXNet returns before its kWriteInplace check
            return _untouched(weight, W, out)
        if name == "adam_update" and not lazy and any(s.stype == "row_sparse" and s._values.shape[0] == 0
                                                      for s in states):
            _require_inplace(name, weight, out)  # (AdamStdUpdateRspImpl fills no empty state)
            raise MXNetError(f"{name}: Check failed: mean.shape_.Size() > 0 (0 vs. 0) : the standard "
                             f"update needs its row_sparse states stored")
        # (MXNet never checks that a row_sparse state stores every row: its kernels read past it)
        S = [_full_rows(s, name, "states") for s in states]
        _require_inplace(name, weight, out)
        if name == "sgd_update" and not lazy:
            # MXNet's standard sgd: every row times (1 - lr*wd) (float), then the lazy step with wd=0
            T = _SCALAR.get(W.dtype, np.float32)
            lr, wd = np.float32(_f32(params["lr"])), np.float32(_f32(params.get("wd", 0.0)))
            W.mul_(float(T(np.float32(1) - lr * wd)))  # float arithmetic under NumPy 1 and 2 alike
            params = dict(params, wd=0.0)
            lazy = True
        if not lazy:
            new = _sparse_kernel(name, impl, lazy, params)(W, to_dense_tensor(grad).to(W.dtype), *S, **params)
            W.copy_(new)
            return out
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


def _check_sparse_update(name, weight, grad, history, out, unknown, arguments):
    if unknown:
        raise MXNetError(f"{name}: Cannot find argument '{next(iter(unknown))}', Possible Arguments: "
                         f"{arguments}")
    for what, array in (("weight", weight), ("grad", grad), ("history", history)):
        if not isinstance(array, NDArray):
            raise AssertionError(f"{name}: Argument {what} must have NDArray type, but got {array!r}")
    # AdagradStorageType / GroupAdagradStorageType: a row_sparse gradient, the history stored like
    # the weight (dense or row_sparse), an output of the weight's stype; nothing else dispatches
    if grad.stype != "row_sparse" or weight.stype == "csr" or history.stype != weight.stype or \
            (out is not None and getattr(out, "stype", None) != weight.stype):
        stypes = ", ".join(a.stype for a in (weight, grad, history))
        raise MXNetError(f"{name}: Operator not implemented: operator = {name}\n"
                         f"input storage types = [{stypes}, ]: the gradient must be row_sparse, the "
                         f"history and the output stored like the weight (default or row_sparse)")
    if weight.shape != grad.shape:
        raise MXNetError(f"{name}: Incompatible attr in node at 1-th input: expected {list(weight.shape)}, "
                         f"got {list(grad.shape)}")
    for position, array in ((1, grad), (2, history)):  # one dtype for all three (ElemwiseType)
        if array.dtype != weight.dtype:
            raise dtype_mismatch(name, position, np.dtype(weight.dtype).name, np.dtype(array.dtype).name)


def adagrad_update(weight, grad, history, lr, epsilon=1e-07, wd=0.0, rescale_grad=1.0, clip_gradient=-1.0,
                   out=None, name=None, **unknown):
    """AdaGrad with a row_sparse gradient (``mx.nd.sparse.adagrad_update``): for each gradient row
    ``history += g**2; weight -= lr * g / sqrt(history + epsilon)`` (``wd`` must be 0).

    >>> import mxnd as mx
    >>> w, h = mx.nd.ones((2, 1)), mx.nd.zeros((2, 1))
    >>> g = mx.nd.sparse.row_sparse_array(([[2.]], [1]), shape=(2, 1))
    >>> mx.nd.sparse.adagrad_update(w, g, h, lr=0.5, out=w).asnumpy().ravel().tolist()
    [1.0, 0.5]
    """
    if _f32(wd) != 0 and not unknown:
        raise MXNetError("adagrad_update: Check failed: param.wd == 0.0f: sparse adagrad_update does "
                         "not support wd.")
    _check_sparse_update("adagrad_update", weight, grad, history, out, unknown,
                         "lr, epsilon, wd, rescale_grad, clip_gradient")
    lr, epsilon = _f32(lr), _f32(epsilon)
    rescale_grad, clip_gradient = _f32(rescale_grad), _f32(clip_gradient)
    W = _full_rows(weight, "adagrad_update", "weights")
    rows = grad._indices
    if not rows.numel():  # MXNet returns before its kWriteInplace check
        return _untouched(weight, W, out)
    H = _full_rows(history, "adagrad_update", "history")
    _require_inplace("adagrad_update", weight, out)
    lr, epsilon, rescale_grad, clip_gradient = _in_dtype(W, lr, epsilon, rescale_grad, clip_gradient)
    g = _rescaled(grad._values, rescale_grad, clip_gradient)
    h = H.index_select(0, rows).add_(g * g)
    H.index_copy_(0, rows, h)
    W.index_copy_(0, rows, W.index_select(0, rows) - (g / _sqrt(h + epsilon)) * lr)
    return out


def group_adagrad_update(weight, grad, history, lr, rescale_grad=1.0, clip_gradient=-1.0, epsilon=1e-05,
                         out=None, name=None, **unknown):
    """Group AdaGrad (``mx.nd.contrib.group_adagrad_update``): one history value per row,
    ``history[r] += mean(g[r]**2); weight[r] -= lr * g[r] / sqrt(history[r] + epsilon)``.

    >>> import mxnd as mx
    >>> w, h = mx.nd.ones((2, 2)), mx.nd.zeros((2, 1))
    >>> g = mx.nd.sparse.row_sparse_array(([[3., 4.]], [0]), shape=(2, 2))
    >>> mx.nd.contrib.group_adagrad_update(w, g, h, lr=1.0, out=w)[0].asnumpy().tolist()
    [0.15147221088409424, -0.1313704252243042]
    """
    _check_sparse_update("group_adagrad_update", weight, grad, history, out, unknown,
                         "lr, rescale_grad, clip_gradient, epsilon")
    lr, epsilon = _f32(lr), _f32(epsilon)
    rescale_grad, clip_gradient = _f32(rescale_grad), _f32(clip_gradient)
    if history.shape != (weight.shape[0], 1) and history.shape != (weight.shape[0],):
        raise MXNetError(f"group_adagrad_update: history must have shape ({weight.shape[0]}, 1), "
                         f"got {history.shape}")
    W = _full_rows(weight, "group_adagrad_update", "weights")
    H = _full_rows(history, "group_adagrad_update", "states")
    _require_inplace("group_adagrad_update", weight, out)
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
