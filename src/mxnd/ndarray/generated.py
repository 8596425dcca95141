"""Builds every registered operator once and fills the ``mx.nd`` namespaces and fluent methods."""
from __future__ import annotations

from .. import build
from ..registry import REGISTRY
from . import ops  # noqa: F401  (declares the operator tables)
from .ndarray import NDArray

FUNCTIONS: dict = {}  # name or alias -> function


def _build_all():
    for spec in REGISTRY.values():
        if spec.name in FUNCTIONS:
            continue
        function = build.build_function(spec)
        for name in spec.all_names:
            FUNCTIONS[name] = function
        if spec.fluent and not hasattr(NDArray, spec.public_name):
            setattr(NDArray, spec.public_name, build.make_method(function))


def populate(namespace_globals: dict, namespace: str) -> list:
    """Put the functions of ``namespace`` ('' is mx.nd itself) into a module; return their names."""
    _build_all()
    names = []
    for spec in REGISTRY.values():
        for (where, public), name in zip(spec.entries, spec.all_names):
            if where == namespace:
                namespace_globals[public] = FUNCTIONS[name]
                names.append(public)
    return names


_build_all()
