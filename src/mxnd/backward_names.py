"""MXNet's names for backward passes in the profiler (``_backward_sqrt``, ``_backward_FullyConnected``,
``_copy`` for the gradient of ``_plus_scalar``).

While the profiler records (op_names.py), an operator recorded for autograd marks the torch nodes
its body added to the graph with MXNet's name for its backward operator (backward_table.py,
made by tools/list_backward_names.py from MXNet 1.9.1's profiler; ``_backward_<name>`` for an
operator missing there, as MXNet's legacy operators are named). The node of its result runs
under a ``record_function`` of that name; the nodes before it (torch may run several where MXNet
runs one backward operator) under the name with ``PART`` appended, which the profiler adds to the
same row without counting a call.

>>> import torch
>>> x = torch.ones(2, requires_grad=True)
>>> y = (x * 2).sqrt()
>>> name_nodes(y, (x,), "sqrt")
>>> y.grad_fn.metadata[_MARK], y.grad_fn.next_functions[0][0].metadata[_MARK] == "_backward_sqrt" + PART
('_backward_sqrt', True)
"""
from __future__ import annotations

import threading

import torch

from .backward_table import NAMES

__all__ = ["backward_name", "name_nodes", "label_of", "PART"]

PART = " [part]"         # appended to the name of a node that is not its operator's last
_MARK = "mxnd_backward"    # the key of a marked node's name in its ``metadata``
_LABELS: set = set()       # every name given, as the profiler finds them among its events


def backward_name(name: str) -> str:
    """MXNet's name for the backward operator of ``name``.

    >>> backward_name("_plus_scalar"), backward_name("sqrt")
    ('_copy', '_backward_sqrt')
    """
    return NAMES.get(name) or f"_backward_{name}"


class _Open(threading.local):
    def __init__(self):
        self.scopes = []  # the record_function scopes of the nodes running on this thread


_OPEN = _Open()


def _enter(label):
    def enter(grad_outputs):
        scope = torch.profiler.record_function(label)
        scope.__enter__()
        _OPEN.scopes.append(scope)
    return enter


def _leave(grad_inputs, grad_outputs):
    if _OPEN.scopes:
        _OPEN.scopes.pop().__exit__(None, None, None)


def _tensors(value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _tensors(item)


def name_nodes(result, inputs, name: str) -> None:
    """Mark the nodes between ``result`` and ``inputs`` (the tensors an operator read) with
    MXNet's backward name of the operator ``name``; a node marked before stops the walk."""
    heads = [t.grad_fn for t in _tensors(result) if t.grad_fn is not None]
    if not heads:
        return
    stop = {t.grad_fn for t in _tensors(inputs) if t.grad_fn is not None}
    label = backward_name(name)
    _LABELS.update((label, label + PART))
    pending, first = list(heads), heads[0]
    while pending:
        node = pending.pop()
        if node is None or node in stop or _MARK in node.metadata or type(node).__name__ == "AccumulateGrad":
            continue
        node.metadata[_MARK] = given = label if node is first else label + PART
        node.register_prehook(_enter(given))
        node.register_hook(_leave)
        pending.extend(next_node for next_node, _ in node.next_functions)


_ENGINE = "autograd::engine::evaluate_function: "


def label_of(event):
    """For a top-level profiler event, ``(name, is_part)`` when it is a marked backward node,
    ``(None, False)`` for a node that only stores a gradient (MXNet's backward operators write
    their gradients themselves), else ``(event.name, False)``."""
    name = event.name
    if not name.startswith(_ENGINE):
        return name, False
    if name.endswith("AccumulateGrad"):
        return None, False
    for child in event.cpu_children:
        if child.name in _LABELS:
            return child.name.removesuffix(PART), child.name.endswith(PART)
    return name, False
