"""``mx.operator``: MXNet's Custom operator API (CustomOp, CustomOpProp, register, mx.nd.Custom).

A registered ``CustomOpProp`` describes the operator (arguments, outputs, auxiliary states,
shape and type inference) and creates the ``CustomOp`` whose ``forward``/``backward`` write
their results into the arrays they are given (``assign`` honours 'write'/'add'/'null').
Under ``autograd.record()`` the operator joins torch's graph through one autograd.Function. csr and
row_sparse inputs and outputs follow the operator's ``infer_storage_type`` (MXNet's default takes dense
arrays only) and its ``infer_storage_type_backward``.
"""
from __future__ import annotations

import numpy as np
import torch

from . import dtypes
from .errors import MXNetError
from .integer_variables import graph_values, integer_shadow, shadowed
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

    def infer_storage_type(self, in_stype):
        """Storage types ``(inputs, outputs, aux)`` of the forward pass; this default takes only
        dense inputs and gives dense outputs (override it, and ``infer_storage_type_backward``, for
        csr or row_sparse arrays)."""
        for i, stype in enumerate(in_stype):
            assert stype == "default", (
                f"Default infer_storage_type implementation doesnt allow non default stypes: found non "
                f"default stype '{stype}' for in_stype[{i}]. Please implement infer_storage_type and "
                f"infer_storage_type_backward interface in your custom operator if you have non-default "
                f"input/output stypes")
        return in_stype, ["default"] * len(self.list_outputs()), ["default"] * len(self.list_auxiliary_states())

    def infer_storage_type_backward(self, ograd_stype, in_stype, out_stype, igrad_stype, aux_stype):
        """Storage types ``(ograd, inputs, outputs, igrad, aux)`` of the backward pass; this default
        takes only dense output gradients and gives dense input gradients."""
        for what, stypes in (("output gradient", ograd_stype), ("input gradient", igrad_stype)):
            for i, stype in enumerate(stypes):
                stype = "default" if stype == "undefined" else stype
                assert stype == "default", (
                    f"Default infer_storage_type_backward implementation doesnt allow non default stypes: "
                    f"found non default stype '{stype}' for {'ograd' if what[0] == 'o' else 'igrad'}_stype[{i}]. "
                    f"Please implement infer_storage_type and infer_storage_type_backward interface in your "
                    f"custom operator if you have non-default {what} stypes")
        return tuple(["default"] * len(stypes) for stypes in
                     (ograd_stype, in_stype, out_stype, igrad_stype, aux_stype))

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


def _callback(owner, method, function, *args):
    """``function(*args)`` as MXNet runs a custom operator's Python code: an engine callback, which
    prints the exception's traceback and fails the call, so it surfaces as MXNetError
    ("Error in <owner>.<method>: <type>: <message>"); an MXNetError passes through."""
    try:
        return function(*args)
    except MXNetError:
        raise
    except Exception as error:
        raise MXNetError(f"Error in {owner}.{method}: {type(error).__name__}: {error}") from error


class _Call:
    """One call of a custom operator: the op, its description, arrays and context, kept for backward."""

    def __init__(self, op, prop, op_type, ctx, n_args, arguments, auxiliary, outputs):
        self.op, self.prop, self.op_type, self.ctx, self.n_args = op, prop, op_type, ctx, n_args
        self.arguments, self.auxiliary, self.outputs = arguments, auxiliary, outputs

    def backward_arrays(self, output_grads):
        """The output gradients and zero input gradients in the storage types the operator's
        ``infer_storage_type_backward`` gives."""
        stypes = [a.stype for a in self.arguments]
        ograd, _, _, igrad, *_ = _callback(
            self.op_type, "infer_storage_type_backward", self.prop.infer_storage_type_backward,
            ["default"] * len(output_grads), stypes, [o.stype for o in self.outputs],
            [getattr(a.grad, "stype", "default") for a in self.arguments], [a.stype for a in self.auxiliary])
        out_grad = [_in_storage(wrap(g.contiguous().to(dtypes.to_torch(o.dtype)), self.ctx), stype)
                    for g, o, stype in zip(output_grads, self.outputs, ograd)]  # an integer output's: its dtype
        in_grad = [_zeros(a.shape, a.dtype, stype, self.ctx) for a, stype in zip(self.arguments, igrad)]
        return out_grad, in_grad


def _in_storage(array, stype):
    return array if stype == "default" else array.tostype(stype)


def _zeros(shape, dtype, stype, ctx):
    """New zeros (not an operator call, for MXNet's profiler statistics) of a storage type."""
    if stype != "default":
        from .ndarray.sparse.creation import zeros as sparse_zeros

        return sparse_zeros(stype, tuple(shape), ctx=ctx, dtype=dtype)
    return wrap(torch.zeros(tuple(shape), dtype=dtypes.to_torch(dtype), device=ctx.device), ctx)


def _dense(array):
    from .ndarray.sparse.convert import to_dense_tensor

    return to_dense_tensor(array)


class _CustomFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, call, *tensors):
        ctx.call, ctx.input_dtypes = call, [t.dtype for t in tensors]
        return tuple(_graph_copy(o) for o in call.outputs)

    @staticmethod
    def backward(ctx, *output_grads):
        call = ctx.call
        out_grad, in_grad = call.backward_arrays(output_grads)
        previous = set_recording(False)
        try:
            with custom_scope(call.op_type, backward=True):
                _callback("CustomOp", "backward", call.op.backward, ["write"] * len(in_grad), out_grad,
                          call.arguments, call.outputs, in_grad, call.auxiliary)
        finally:
            set_recording(previous)
        return (None,) + tuple(_dense(g).to(dtype) for g, dtype in zip(in_grad, ctx.input_dtypes)) + (
            None,) * len(call.auxiliary)


def _graph_copy(output):
    """A copy of an output's dense values for the graph: float64 for an integer output (its shadow)."""
    values = _dense(output)
    graph = graph_values(values)
    return values.clone() if graph is values else graph


def _in_graph(output, traced, ctx):
    """A custom operator's output in the recorded graph: a dense one is the traced tensor, a sparse
    one keeps its storage and carries the traced tensor as its dense graph tensor; an integer output
    keeps its values, shadowed by the traced tensor (integer_variables.py)."""
    integer = traced.dtype is not dtypes.to_torch(output.dtype)
    if integer:
        traced = integer_shadow(traced)
    if output.stype == "default":
        return wrap(shadowed(output._data, traced) if integer else traced, ctx)
    output._graph = traced
    return output


def custom(*inputs, op_type=None, out=None, name=None, **kwargs):
    """``mx.nd.Custom``: run the custom operator registered as ``op_type`` on ``inputs``.

    Keyword arguments go to the CustomOpProp constructor as strings, as in MXNet.
    """
    if op_type is None or op_type not in _REGISTRY:
        raise MXNetError(f"Custom: operator type {op_type!r} is not registered "
                         f"(known: {sorted(_REGISTRY)})")
    prop = _REGISTRY[op_type](**{key: str(value) for key, value in kwargs.items()})
    n_args = len(_callback(op_type, "list_arguments", prop.list_arguments))
    n_aux = len(_callback(op_type, "list_auxiliary_states", prop.list_auxiliary_states))
    if len(inputs) != n_args + n_aux:
        raise MXNetError(f"Custom: {op_type} expects {n_args + n_aux} inputs "
                         f"({n_args} arguments, {n_aux} auxiliary states), got {len(inputs)}")
    for value in inputs:
        if not isinstance(value, NDArray):
            raise AssertionError(f"Custom: inputs must be NDArrays, got {type(value).__name__}")
    arguments, auxiliary = list(inputs[:n_args]), list(inputs[n_args:])
    ctx = inputs[0].context
    shapes = _callback(op_type, "infer_shape", prop.infer_shape, [a.shape for a in arguments])
    types = _callback(op_type, "infer_type", prop.infer_type, [np.dtype(a.dtype).type for a in arguments])
    stypes = _callback(op_type, "infer_storage_type", prop.infer_storage_type, [a.stype for a in arguments])
    op = _callback(op_type, "create_operator", prop.create_operator, ctx, [a.shape for a in arguments],
                   [a.dtype for a in arguments])
    recording = set_recording(False)
    try:
        with torch.no_grad(), custom_scope(op_type):  # the outputs' allocation is not an operator of its own
            outputs = [_zeros(shape, dtype, stype, ctx)
                       for shape, dtype, stype in zip(shapes[1], types[1], stypes[1])]
            _callback("CustomOp", "forward", op.forward, FLAGS.get().training, ["write"] * len(outputs),
                      arguments, outputs, auxiliary)
    finally:
        set_recording(recording)
    if recording:
        from .ndarray.sparse.recorded import graph_tensor

        tensors = [graph_tensor(a) for a in arguments + auxiliary]
    if recording and any(t.requires_grad for t in tensors[:n_args]):
        call = _CustomFunction.apply(_Call(op, prop, op_type, ctx, n_args, arguments, auxiliary, outputs), *tensors)
        outputs = [_in_graph(o, t, ctx) for o, t in zip(outputs, call)]
    if out is not None:
        targets = out if isinstance(out, (list, tuple)) else [out]
        for target, value in zip(targets, outputs):
            target[:] = value
        return out
    return outputs[0] if len(outputs) == 1 else outputs
