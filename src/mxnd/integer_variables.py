"""Integer arrays as autograd variables, through a float64 shadow graph.

MXNet 1.9.1 differentiates integer arrays in their own dtype (``x.attach_grad()`` on an int32
array, ``topk``/``boolean_mask``/indexing recorded on it, an int32 ``x.grad``). torch refuses
``requires_grad`` on integer tensors, so an integer variable's tensor becomes a ``ShadowedTensor``:
the same integer values, carrying ``_shadow``, a float64 leaf that requires grad. While
``mx.autograd.record()`` is on, every torch function reading a shadowed tensor runs twice: on the
values (the result mxnd returns, bit for bit what it gives without recording) and on the shadows
(the graph); its results are shadowed in turn, integer or floating-point, so an operator's
integer-to-float-and-back steps stay in the graph. ``backward`` starts from a head's shadow, and
the variable's float64 gradient is truncated to the variable's dtype when it is stored, as MXNet's
integer arithmetic rounds most gradients (``x / 2``: 0; ``x * x``: 2x). A shadow cannot stand
where torch wants integers (an index): such results are not in the graph, as MXNet gives indices
no gradient.

>>> import mxnd as mx
>>> x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad()
>>> with mx.autograd.record():
...     y = x * x
>>> y.backward(); x.grad.asnumpy().tolist(), x.grad.dtype.__name__
([2, 4, 6], 'int32')
"""
from __future__ import annotations

import torch
from torch.utils._pytree import tree_flatten, tree_map

from .recording import FLAGS

__all__ = ["ShadowedTensor", "RecordedFunction", "make_leaf", "written", "graph_tensor", "graph_values",
           "shadowed", "integer_shadow", "shadow_dtype"]

_DISABLE = torch._C.DisableTorchFunctionSubclass
_REQUIRES_GRAD = torch._C.TensorBase.__dict__["requires_grad"]  # the getter's descriptor
shadow_dtype = torch.float64  # exact for every int32 value and for int64 values up to 2**53


class ShadowedTensor(torch.Tensor):
    """A tensor computed from integer variables: its values, and ``_shadow`` standing for it in the
    graph (``requires_grad`` reads the shadow's, so mxnd's checks see it in the graph)."""

    _shadow: torch.Tensor

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if getattr(func, "__self__", None) is _REQUIRES_GRAD:  # in the graph through its shadow
            shadow = args[0].__dict__.get("_shadow")
            return shadow is not None and shadow.requires_grad
        return _shadowed(func, args, kwargs or {})


class RecordedFunction(torch.autograd.Function):
    """A ``torch.autograd.Function`` whose ``apply`` takes shadowed tensors as torch's own functions
    do (torch calls no ``__torch_function__`` for it): mxnd's operators with custom gradients."""

    @classmethod
    def apply(cls, *args, **kwargs):
        apply = super().apply
        if ShadowedTensor in map(type, args):
            return _shadowed(apply, args, kwargs)
        return apply(*args, **kwargs)


def _shadowed(func, args, kwargs):
    """``func`` on the values, and inside ``record()`` on the shadows too, its results shadowed."""
    with _DISABLE():
        values = func(*args, **kwargs)
    if (not isinstance(values, (torch.Tensor, tuple, list)) or not FLAGS.get().recording  # .shape, .dtype
            or not torch.is_grad_enabled() or _returns_self(values, args)):
        return values
    shadows = _shadow_call(func, args, kwargs)
    if shadows is None:
        return values
    return _attach(values, shadows)


def _returns_self(values, args) -> bool:
    """An in-place method (``add_``, ``copy_``) or ``__setitem__``: not in the graph, as MXNet forbids
    in-place writes to recorded arrays (mxnd's operators raise before reaching torch)."""
    return values is None or (args and values is args[0])


def _shadow_of(value):
    """The argument ``value`` of a shadow call: an integer variable's shadow, an integer dtype
    (``sum(dtype=int32)``, ``.to(int64)``) the shadow dtype, anything else itself."""
    if not isinstance(value, ShadowedTensor):
        if isinstance(value, torch.dtype) and not value.is_floating_point and not value.is_complex and (
                value is not torch.bool):
            return shadow_dtype
        return value
    shadow = value.__dict__.get("_shadow")
    if shadow is not None and shadow.grad_fn is None:  # a leaf: follow writes into the values
        with _DISABLE():
            version = value._version
            if value.__dict__.get("_seen_version") != version:
                with torch.no_grad():
                    shadow.copy_(value)
                value._seen_version = version
    return shadow


def _shadow_call(func, args, kwargs):
    """``func`` on the shadows of its integer-variable arguments; None where no result depends on
    them or torch cannot compute it so (a shadow used as an index, a method of integers only)."""
    shadow_args, shadow_kwargs = tree_map(_shadow_of, (args, kwargs))
    shadow_kwargs.pop("rounding_mode", None)  # an integer division: MXNet's gradient is the quotient's
    try:
        with _DISABLE():
            shadows = func(*shadow_args, **shadow_kwargs)
    except (RuntimeError, TypeError, IndexError, ValueError):
        return None
    flat, _ = tree_flatten(shadows)
    if not any(isinstance(s, torch.Tensor) and s.requires_grad for s in flat):
        return None
    return shadows


def _attach(values, shadows):
    """``values`` (one tensor or a structure of them) in the graph of ``shadows`` (the same structure)."""
    if isinstance(values, torch.Tensor):
        return _attach_one(values, shadows)
    if isinstance(values, (tuple, list)) and isinstance(shadows, (tuple, list)) and len(values) == len(shadows):
        attached = [_attach(v, s) for v, s in zip(values, shadows)]
        return type(values)(attached)  # a tuple, a list or torch's named tuple (sort's, topk's)
    return values


def _attach_one(value, shadow):
    if (not isinstance(shadow, torch.Tensor) or not shadow.requires_grad or not shadow.is_floating_point()
            or value.dtype is torch.bool or value.is_complex() or value.shape != shadow.shape):
        return value
    if not value.is_floating_point():
        shadow = integer_shadow(shadow)
    return shadowed(value, shadow)


def integer_shadow(shadow: torch.Tensor) -> torch.Tensor:
    """``shadow`` standing for an integer result: the gradient reaching it is truncated toward
    zero, as MXNet's gradient of an integer array is an integer array."""
    return _Truncated.apply(shadow)


class _Truncated(torch.autograd.Function):
    """The identity, whose gradient is truncated toward zero: the gradient reaching an integer result."""

    @staticmethod
    def forward(ctx, shadow):
        return shadow.view_as(shadow)

    @staticmethod
    def backward(ctx, gradient):  # differentiable as the identity (create_graph's second order)
        return gradient + (torch.trunc(gradient) - gradient).detach()


def shadowed(value: torch.Tensor, shadow: torch.Tensor) -> ShadowedTensor:
    """``value`` carrying ``shadow`` (a float tensor of its shape in the graph)."""
    with _DISABLE():
        tensor = value.as_subclass(ShadowedTensor)
    tensor._shadow = shadow
    return tensor


def make_leaf(data: torch.Tensor):
    """``data`` (integer) as a variable's tensor and its float64 leaf: ``(tensor, leaf)``."""
    with _DISABLE():
        plain = data.as_subclass(torch.Tensor) if isinstance(data, ShadowedTensor) else data
        leaf = plain.detach().to(shadow_dtype).requires_grad_()
        tensor = shadowed(plain.detach(), leaf)
        tensor._seen_version = tensor._version
        return tensor, leaf


def written(target: torch.Tensor, source) -> torch.Tensor:
    """``target`` once ``source`` has been copied into the whole of it: inside ``record()``, a
    shadowed ``source`` makes ``target`` shadowed too (MXNet records the copy)."""
    if type(source) is not ShadowedTensor or not FLAGS.get().recording or not torch.is_grad_enabled():
        return target
    shadow = source._shadow
    with _DISABLE():
        if shadow.shape != target.shape:
            shadow = shadow.expand(target.shape)
        if shadow.device != target.device:  # a copy across devices: the gradient goes back
            shadow = shadow.to(target.device)
        return shadowed(target.as_subclass(torch.Tensor), shadow)


def graph_values(values: torch.Tensor) -> torch.Tensor:
    """Dense values as a graph tensor stands for them: floating-point ones as they are, integer
    ones as a float64 copy (their shadow's dtype)."""
    return values if values.is_floating_point() or values.is_complex() else values.to(shadow_dtype)


def graph_tensor(data: torch.Tensor) -> torch.Tensor:
    """The tensor standing for ``data`` in the graph: a shadowed tensor's shadow, else ``data``."""
    if isinstance(data, ShadowedTensor):
        return data.__dict__.get("_shadow", data)
    return data
