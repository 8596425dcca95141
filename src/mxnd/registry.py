"""The operator registry: every operator is one frozen ``OpSpec``, declared once in its family file.

>>> spec = REGISTRY["broadcast_add"]
>>> spec.aliases
('broadcast_plus',)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["REQUIRED", "Param", "OpSpec", "REGISTRY", "register", "declare"]


class _Required:
    __slots__ = ()

    def __repr__(self):
        return "REQUIRED"


REQUIRED = _Required()


@dataclass(frozen=True, slots=True)
class Param:
    """One MXNet operator parameter: its name, parser, default and one-line doc."""

    name: str
    parse: Callable[[object], object]
    default: object = REQUIRED
    doc: str = ""


@dataclass(frozen=True, slots=True)
class OpSpec:
    """An operator as data; ``build.py`` turns it into ``mx.nd.<name>`` and more.

    ``impl`` takes torch tensors (one per entry of ``inputs``) and the parsed params as
    keywords, and returns a tensor or a tuple of tensors. ``inputs`` entries starting with
    ``*`` mark a variadic operator. ``same_dtype`` makes the builder reject operands of
    different dtypes as MXNet's type inference does; ``no_bool`` rejects boolean inputs.
    """

    name: str
    impl: Callable
    inputs: tuple = ("data",)
    params: tuple = ()
    aliases: tuple = ()
    fluent: bool = False
    namespace: str = ""
    family: str = ""
    same_dtype: bool = False
    no_bool: bool = False
    doc: str = ""

    @property
    def variadic(self) -> bool:
        return bool(self.inputs) and self.inputs[0].startswith("*")

    @property
    def all_names(self) -> tuple:
        return (self.name,) + self.aliases


REGISTRY: dict[str, OpSpec] = {}


def register(spec: OpSpec) -> OpSpec:
    """Add ``spec`` under its name; a name may be declared only once."""
    for name in spec.all_names:
        if name in REGISTRY or any(name in s.aliases for s in REGISTRY.values()):
            raise ValueError(f"operator {name!r} is declared twice")
    REGISTRY[spec.name] = spec
    return spec


def declare(specs):
    """Register every spec of a family table and return the table."""
    for spec in specs:
        register(spec)
    return specs
