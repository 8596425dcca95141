"""Automatic differentiation: ``dlfeval`` traces, ``dlgradient`` differentiates (torch.autograd).

``dlfeval(fn, *args)`` replaces every floating-point dlarray in ``args``/``kwargs`` (also inside
lists, tuples, dicts, dataclasses) by a traced copy sharing its data, runs ``fn`` with gradients enabled and
returns its outputs with the trace removed. ``dlgradient(y, *xs)`` must run inside ``fn``.

>>> from mxnd import dl
>>> def rosenbrock(x):
...     y = 100 * (x[1] - x[0] ** 2) ** 2 + (1 - x[0]) ** 2
...     return y, dl.dlgradient(y, x)
>>> value, gradient = dl.dlfeval(rosenbrock, dl.dlarray([-1., 2.]))
>>> float(value), gradient.asnumpy().tolist()
(104.0, [396.0, 200.0])
"""
from __future__ import annotations

import dataclasses

import torch

from ._core import TRACE, dlarray, make

__all__ = ["dlfeval", "dlgradient", "tree_map", "tree_leaves"]

NOT_TRACED = ("dlgradient: Value to differentiate is not traced. It must be a traced real dlarray scalar. "
              "Use dlgradient inside a function called by dlfeval to trace the variables.")


def tree_map(fn, tree):
    """Apply ``fn`` to every dlarray in nested lists, tuples (incl. named tuples), dicts and
    dataclass instances."""
    if isinstance(tree, dlarray):
        return fn(tree)
    if dataclasses.is_dataclass(tree) and not isinstance(tree, type):
        changes = {field.name: tree_map(fn, getattr(tree, field.name))
                   for field in dataclasses.fields(tree) if field.init}
        return dataclasses.replace(tree, **changes)
    if isinstance(tree, dict):
        return type(tree)((key, tree_map(fn, value)) for key, value in tree.items()) \
            if type(tree) is not dict else {key: tree_map(fn, value) for key, value in tree.items()}
    if isinstance(tree, tuple):
        items = [tree_map(fn, value) for value in tree]
        return type(tree)(*items) if hasattr(tree, "_fields") else tuple(items)
    if isinstance(tree, list):
        return [tree_map(fn, value) for value in tree]
    return tree


def tree_leaves(tree, out=None) -> list:
    """The dlarrays of a nested container, in traversal order."""
    out = [] if out is None else out
    if isinstance(tree, dlarray):
        out.append(tree)
    elif dataclasses.is_dataclass(tree) and not isinstance(tree, type):
        for field in dataclasses.fields(tree):
            tree_leaves(getattr(tree, field.name), out)
    elif isinstance(tree, dict):
        for value in tree.values():
            tree_leaves(value, out)
    elif isinstance(tree, (list, tuple)):
        for value in tree:
            tree_leaves(value, out)
    return out


def _trace(x: dlarray) -> dlarray:
    data = x._data
    if not (data.dtype.is_floating_point or data.dtype.is_complex) or data.requires_grad:
        return x  # logical data cannot be traced; traced data (nested dlfeval) stays connected
    out = dlarray.__new__(dlarray)
    out._data = data.detach().requires_grad_(True)
    out._fmt = x._fmt
    return out


def _untrace(x: dlarray) -> dlarray:
    if not x._data.requires_grad:
        return x
    out = dlarray.__new__(dlarray)
    out._data = x._data.detach()
    out._fmt = x._fmt
    return out


def dlfeval(fn, *args, **kwargs):
    """MATLAB ``dlfeval``: evaluate ``fn(*args, **kwargs)`` with automatic differentiation enabled.

    Returns what ``fn`` returns, with every dlarray in it untraced.
    """
    if not callable(fn):
        raise TypeError(f"dlfeval: the first argument must be a function, got {type(fn).__name__}")
    traced_args = tree_map(_trace, args)
    traced_kwargs = tree_map(_trace, kwargs)
    depth = TRACE.depth
    TRACE.depth = depth + 1
    released = TRACE.released
    TRACE.released = []
    try:
        with torch.enable_grad():
            result = fn(*traced_args, **traced_kwargs)
    finally:
        TRACE.depth = depth
        TRACE.released = released
    if depth:
        return result  # an inner dlfeval keeps the outer trace
    return tree_map(_untrace, result)


def _check_value(y):
    if not isinstance(y, dlarray):
        raise TypeError(f"dlgradient: Value to differentiate must be a dlarray, got {type(y).__name__}")
    data = y._data
    if data.numel() != 1:
        raise ValueError(f"dlgradient: Value to differentiate must be a traced real dlarray scalar, got a "
                         f"dlarray of size {'x'.join(map(str, data.shape))}")
    if not data.dtype.is_floating_point:
        raise ValueError(f"dlgradient: Value to differentiate must be a traced real dlarray scalar, got "
                         f"underlying type {data.dtype}")
    if not data.requires_grad:
        raise ValueError(NOT_TRACED)
    if any(node is data.grad_fn for node in TRACE.released):
        raise RuntimeError("dlgradient: the trace of this value was released by an earlier dlgradient call; "
                           "call dlgradient with retain_data=True to differentiate the same value again")


def dlgradient(y, *xs, retain_data=False, enable_higher_derivatives=False, **matlab_options):
    """MATLAB ``dlgradient(y, x1, ..., xk)``: gradients of the traced real scalar ``y`` with respect
    to each ``x`` (a dlarray or a list/tuple/dict of dlarrays; the result has the same structure).

    ``retain_data=True`` keeps the trace for further dlgradient calls; with
    ``enable_higher_derivatives=True`` the gradients are traced themselves and can be
    differentiated again. Each gradient has x's size, type and format; an x that y does not
    depend on gets zeros. Only inside a function evaluated by ``dlfeval``.
    """
    for key, value in matlab_options.items():
        if key.lower() == "retaindata":
            retain_data = bool(value)
        elif key.lower() == "enablehigherderivatives":
            enable_higher_derivatives = bool(value)
        else:
            raise TypeError(f"dlgradient: unknown option '{key}'")
    if not TRACE.depth:
        raise RuntimeError("dlgradient: dlgradient must be called inside a function evaluated by dlfeval "
                           "(automatic differentiation is not enabled here)")
    if not xs:
        raise ValueError("dlgradient: specify at least one variable to differentiate with respect to")
    _check_value(y)
    leaves = tree_leaves(xs)
    for leaf in leaves:
        if not (leaf._data.dtype.is_floating_point or leaf._data.dtype.is_complex):
            raise TypeError("dlgradient: variables must be floating-point dlarrays")
    wanted = [leaf._data for leaf in leaves if leaf._data.requires_grad]
    keep = retain_data or enable_higher_derivatives
    try:
        grads = torch.autograd.grad(y._data.reshape(()), wanted, retain_graph=keep,
                                    create_graph=enable_higher_derivatives, allow_unused=True) if wanted else ()
    except RuntimeError as error:
        if "second time" in str(error):
            raise RuntimeError("dlgradient: the trace of this value was released by an earlier dlgradient "
                               "call; use retain_data=True to differentiate it again") from None
        raise
    if not keep and y._data.grad_fn is not None:
        TRACE.released.append(y._data.grad_fn)
    by_id = {}
    position = 0
    for leaf in leaves:
        if leaf._data.requires_grad:
            by_id[id(leaf)] = grads[position]
            position += 1

    def gradient_of(leaf):
        grad = by_id.get(id(leaf))
        if grad is None:
            grad = torch.zeros_like(leaf._data.detach())
        elif not enable_higher_derivatives:
            grad = grad.detach()
        return make(grad, leaf._fmt)

    results = tuple(tree_map(gradient_of, x) for x in xs)
    return results[0] if len(results) == 1 else results
