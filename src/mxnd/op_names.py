"""MXNet's operator names in the profiler.

build.py calls each operator's body through a one-element slot (``slot(spec)``). While the
profiler records, ``name_operators(True)`` puts in every slot the body wrapped in a torch
``record_function`` of MXNet's operator name (``sqrt``, ``_plus_scalar``), so the profiler's
statistics list MXNet's names instead of torch's ``aten::`` ones; ``name_operators(False)`` puts the
bare bodies back, and the operators pay nothing for the feature but the slot read. Inside a custom
operator's ``forward``/``backward`` (``custom_scope``) the names take the prefix ``<op_type>::``
(``_backward_<op_type>::``), as MXNet files them under "Custom Operator".

>>> import mxnd as mx
>>> from mxnd.registry import REGISTRY
>>> body = slot(REGISTRY["sqrt"]); name_operators(True); named = body[0]; name_operators(False)
>>> named is not REGISTRY["sqrt"].impl and body[0] is REGISTRY["sqrt"].impl
True
"""
from __future__ import annotations

import contextlib
import threading

import torch

from . import backward_names

__all__ = ["slot", "name_operators", "named", "custom_scope", "is_custom_name", "ACTIVE"]

_SLOTS: dict = {}     # operator name -> [body]: what build.py's functions call
_BODIES: dict = {}    # operator name -> the bare body
ACTIVE = [False]      # whether the slots hold named bodies (the profiler records)
_CUSTOM_NAMES: set = set()  # names given inside custom operators, for the profiler's category


class _Prefix(threading.local):
    value = ""


_PREFIX = _Prefix()


def slot(spec) -> list:
    """The one-element list through which the operator ``spec``'s body is called."""
    body = _SLOTS.get(spec.name)
    if body is None:
        body = _SLOTS[spec.name] = [_wrap(spec.impl, spec.name) if ACTIVE[0] else spec.impl]
        _BODIES[spec.name] = spec.impl
    return body


def _label(name: str) -> str:
    prefix = _PREFIX.value
    if not prefix:
        return name
    label = prefix + name
    _CUSTOM_NAMES.add(label)
    return label


def _wrap(body, name):
    def call(*args, **kwargs):
        with torch.profiler.record_function(_label(name)):
            result = body(*args, **kwargs)
        if torch.is_grad_enabled():  # recorded: its backward pass runs under MXNet's name too
            backward_names.name_nodes(result, args, name)
        return result
    call.__wrapped__ = body
    return call


def name_operators(on: bool):
    """Call every operator body under its MXNet name in the profiler (``on``) or bare."""
    if ACTIVE[0] == on:
        return
    ACTIVE[0] = on
    for name, body in _SLOTS.items():
        body[0] = _wrap(_BODIES[name], name) if on else _BODIES[name]


def named(name: str, function, *args):
    """``function(*args)`` timed under the operator name ``name`` while the profiler records (for
    operators outside the registry's builder, such as ``zeros``)."""
    if not ACTIVE[0]:
        return function(*args)
    with torch.profiler.record_function(_label(name)):
        return function(*args)


_NOTHING = contextlib.nullcontext()


def custom_scope(op_type: str, backward: bool = False):
    """A custom operator's forward (or backward) as MXNet profiles it: the whole call named
    ``<op_type>::pure_python``, the operators it runs ``<op_type>::<name>`` (nothing to do while the
    profiler does not record)."""
    return _custom_scope(op_type, backward) if ACTIVE[0] else _NOTHING


@contextlib.contextmanager
def _custom_scope(op_type, backward):
    prefix = f"_backward_{op_type}::" if backward else f"{op_type}::"
    outer, _PREFIX.value = _PREFIX.value, ""
    try:
        with torch.profiler.record_function(_label_custom(prefix + "pure_python")):
            _PREFIX.value = prefix
            yield
    finally:
        _PREFIX.value = outer


def _label_custom(label: str) -> str:
    _CUSTOM_NAMES.add(label)
    return label


def is_custom_name(name: str) -> bool:
    """Whether the profiler event ``name`` was given inside a custom operator."""
    return name in _CUSTOM_NAMES
