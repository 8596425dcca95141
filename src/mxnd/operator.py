"""``mx.operator``: MXNet's Custom operator API (CustomOp, CustomOpProp, register, mx.nd.Custom).

A registered ``CustomOpProp`` describes the operator (arguments, outputs, auxiliary states,
shape and type inference) and creates the ``CustomOp`` whose ``forward``/``backward`` write
their results into the arrays they are given (``assign`` honours 'write'/'add'/'null').
Under ``autograd.record()`` the operator joins torch's graph through one autograd.Function.
"""
from __future__ import annotations

import numpy as np
import torch

from . import dtypes
from .errors import MXNetError
from .ndarray.ndarray import NDArray, wrap
from .op_names import custom_scope
from .recording import FLAGS, set_recording

__all__ = ["CustomOp", "CustomOpProp", "register", "get_all_registered_operators", "custom"]

_REGISTRY: dict = {}


class CustomOp:
    """Base class of operators written in Python: override ``forward`` and ``backward``."""

    def forward(self, is_train, req, in_data, out_data, aux):
        """Write the outputs into ``out_data`` (use ``self.assign(out_data[i], req[i], value)``)."""

    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):
        """Write the input gradients into ``in_grad``."""

    def assign(self, dst, req, src):
        """``dst[:] = src`` for 'write'/'inplace', ``dst[:] += src`` for 'add', nothing for 'null'."""
        if req == "null":
            return
        if req in ("write", "inplace"):
            dst[:] = src
        elif req == "add":
            dst[:] += src


class CustomOpProp:
    """Base class of a custom operator's description (MXNet's defaults: one input 'data',
    one output 'output' of the input's shape and type, no auxiliary states)."""

    def __init__(self, need_top_grad=True):
        self.need_top_grad_ = need_top_grad

    def infer_shape(self, in_shape):
        return in_shape, (in_shape[0],) * len(self.list_outputs()), ()

    def infer_type(self, in_type):
        return in_type, (in_type[0],) * len(self.list_outputs()), (in_type[0],) * len(self.list_auxiliary_states())

    def list_outputs(self):
        return ["output"]

    def list_arguments(self):
        return ["data"]

    def list_auxiliary_states(self):
        return []

    def declare_backward_dependency(self, out_grad, in_data, out_data):
        deps = list(out_grad) if self.need_top_grad_ else []
        return deps + list(in_data) + list(out_data)

    def create_operator(self, ctx, in_shapes, in_dtypes):
        return CustomOp()


def register(reg_name):
    """Class decorator registering a CustomOpProp subclass as ``op_type=reg_name``.

    >>> @register("identity_for_doc")
    ... class IdentityProp(CustomOpProp):
    ...     pass
    >>> "identity_for_doc" in get_all_registered_operators()
    True
    """
    def do_register(prop_cls):
        _REGISTRY[reg_name] = prop_cls
        return prop_cls
    return do_register


def get_all_registered_operators():
    """Names of the registered custom operators."""
    return list(_REGISTRY)


class _Callback:
    """``with _Callback(where):`` MXNet runs a custom operator's Python code as engine callbacks, which
    print an exception's traceback and fail the call: it surfaces as MXNetError ("Error in <where>")."""

    __slots__ = ("where",)

    def __init__(self, where):
        self.where = where

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        if kind is not None and issubclass(kind, Exception) and not issubclass(kind, MXNetError):
            raise MXNetError(f"Error in {self.where}: {kind.__name__}: {error}") from error
        return False


class _Call:
    """One call of a custom operator: the op, its arrays and the context, kept for backward."""

    def __init__(self, op, op_type, ctx, n_args, arguments, auxiliary, outputs):
        self.op, self.op_type, self.ctx, self.n_args = op, op_type, ctx, n_args
        self.arguments, self.auxiliary, self.outputs = arguments, auxiliary, outputs


class _CustomFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, call, *tensors):
        ctx.call = call
        return tuple(o._data.clone() for o in call.outputs)

    @staticmethod
    def backward(ctx, *output_grads):
        call = ctx.call
        out_grad = [wrap(g.contiguous(), call.ctx) for g in output_grads]
        in_grad = [wrap(torch.zeros_like(a._data), call.ctx) for a in call.arguments]
        previous = set_recording(False)
        try:
            with custom_scope(call.op_type, backward=True), _Callback("CustomOp.backward"):
                call.op.backward(["write"] * len(in_grad), out_grad, call.arguments, call.outputs, in_grad,
                                 call.auxiliary)
        finally:
            set_recording(previous)
        return (None,) + tuple(g._data for g in in_grad) + (None,) * len(call.auxiliary)


def custom(*inputs, op_type=None, out=None, name=None, **kwargs):
    """``mx.nd.Custom``: run the custom operator registered as ``op_type`` on ``inputs``.

    Keyword arguments go to the CustomOpProp constructor as strings, as in MXNet.
    """
    if op_type is None or op_type not in _REGISTRY:
        raise MXNetError(f"Custom: operator type {op_type!r} is not registered "
                         f"(known: {sorted(_REGISTRY)})")
    prop = _REGISTRY[op_type](**{key: str(value) for key, value in kwargs.items()})
    with _Callback(f"{op_type}.list_arguments"):
        n_args = len(prop.list_arguments())
    with _Callback(f"{op_type}.list_auxiliary_states"):
        n_aux = len(prop.list_auxiliary_states())
    if len(inputs) != n_args + n_aux:
        raise MXNetError(f"Custom: {op_type} expects {n_args + n_aux} inputs "
                         f"({n_args} arguments, {n_aux} auxiliary states), got {len(inputs)}")
    for value in inputs:
        if not isinstance(value, NDArray):
            raise AssertionError(f"Custom: inputs must be NDArrays, got {type(value).__name__}")
    arguments, auxiliary = list(inputs[:n_args]), list(inputs[n_args:])
    ctx = inputs[0].context
    with _Callback(f"{op_type}.infer_shape"):
        shapes = prop.infer_shape([a.shape for a in arguments])
    with _Callback(f"{op_type}.infer_type"):
        types = prop.infer_type([np.dtype(a.dtype).type for a in arguments])
    outputs = [wrap(torch.zeros(tuple(shape), dtype=dtypes.to_torch(dtype), device=ctx.device), ctx)
               for shape, dtype in zip(shapes[1], types[1])]  # not an operator call (MXNet's profiler)
    with _Callback(f"{op_type}.create_operator"):
        op = prop.create_operator(ctx, [a.shape for a in arguments], [a.dtype for a in arguments])
    recording = set_recording(False)
    try:
        with torch.no_grad(), custom_scope(op_type), _Callback("CustomOp.forward"):
            op.forward(FLAGS.get().training, ["write"] * len(outputs), arguments, outputs, auxiliary)
    finally:
        set_recording(recording)
    if recording and any(a._data.requires_grad for a in arguments):
        call = _CustomFunction.apply(_Call(op, op_type, ctx, n_args, arguments, auxiliary, outputs),
                                     *[a._data for a in arguments + auxiliary])
        outputs = [wrap(t, ctx) for t in call]
    if out is not None:
        targets = out if isinstance(out, (list, tuple)) else [out]
        for target, value in zip(targets, outputs):
            target[:] = value
        return out
    return outputs[0] if len(outputs) == 1 else outputs
