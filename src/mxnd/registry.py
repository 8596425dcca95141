"""The operator registry: every operator is one frozen ``OpSpec``, declared once in its family file.

>>> spec = REGISTRY["broadcast_add"]
>>> spec.aliases
('broadcast_plus',)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["REQUIRED", "Param", "OpSpec", "REGISTRY", "register", "declare", "route",
           "SparseInputs", "SPARSE_DISPATCH", "TupleOutputs"]

# MXNet routes operators to submodules by name prefix (python/mxnet/base.py, _init_op_module)
_PREFIXES = ("_contrib_", "_linalg_", "_sparse_", "_image_", "_random_")


def route(name: str) -> tuple:
    """``(namespace, public name)`` of an MXNet operator name, as MXNet's ``_init_op_module``.

    >>> route("_linalg_gemm"), route("linalg_gemm"), route("_plus_scalar"), route("_random_uniform")
    (('linalg', 'gemm'), ('', 'linalg_gemm'), ('_internal', '_plus_scalar'), ('_internal', '_random_uniform'))
    """
    for prefix in _PREFIXES:
        if name.startswith(prefix):
            if prefix != "_random_" or name.endswith("_like"):
                return prefix[1:-1], name[len(prefix):]
            return "_internal", name
    if name.startswith("_"):
        return "_internal", name
    return "", name


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

    ``name`` and ``aliases`` are MXNet's operator names; a prefix routes a name to its
    submodule as in MXNet (``_linalg_gemm`` is ``mx.nd.linalg.gemm``, ``_plus_scalar`` is in
    ``mx.nd._internal``). ``impl`` takes torch tensors (one per entry of ``inputs``; an
    entry such as ``"bias?"`` is optional and arrives as None when left out) and the parsed
    params as keywords, and returns a tensor or a tuple of tensors. ``inputs`` entries
    starting with ``*`` mark a variadic operator. ``same_dtype`` makes the builder reject operands of
    different dtypes as MXNet's type inference does; ``no_bool`` rejects boolean inputs.
    ``differentiable`` marks operators MXNet gives a gradient (tests gradcheck them).
    ``writes_out`` gives ``impl`` an ``out`` keyword: the ``out=`` array's tensor (None without one,
    or while recording), which the body may fill and return to save a copy (the update operators).
    ``out_like`` (an input position) checks ``out=`` against that input's shape and dtype before the
    body runs, for bodies that update other inputs in place (MXNet checks before it writes).
    ``outs_like``, for operators with several outputs, maps ``(tensors, params)`` to the input
    positions its outputs are like (one per output); the builder checks ``out=`` against them
    (count, NDArray, shape, dtype) before the body runs (the batched updates).
    ``keyword_inputs`` names the inputs a variadic operator also takes by keyword, in their order
    (RNN's ``data=``, ``parameters=``, ``state=`` ...); they follow the positional arrays.
    """

    name: str
    impl: Callable
    inputs: tuple = ("data",)
    params: tuple = ()
    aliases: tuple = ()
    fluent: bool = False
    differentiable: bool = False
    family: str = ""
    same_dtype: bool = False
    no_bool: bool = False
    writes_out: bool = False
    out_like: int = -1
    outs_like: Callable | None = None
    keyword_inputs: tuple = ()
    doc: str = ""

    @property
    def variadic(self) -> bool:
        return bool(self.inputs) and self.inputs[0].startswith("*")

    @property
    def input_names(self) -> tuple:
        """Input names without the ``*`` (variadic) and ``?`` (optional) marks."""
        return tuple(n.strip("*?") for n in self.inputs)

    @property
    def optional_inputs(self) -> tuple:
        """Per input, whether it may be left out (``"bias?"``): the body then gets None."""
        return tuple(n.endswith("?") for n in self.inputs)

    @property
    def all_names(self) -> tuple:
        return (self.name,) + self.aliases

    @property
    def namespace(self) -> str:
        """The namespace of the operator's own name: '' (mx.nd), 'linalg', '_internal', ..."""
        return route(self.name)[0]

    @property
    def public_name(self) -> str:
        """The name under which ``mx.nd.<namespace>`` exposes the operator itself."""
        return route(self.name)[1]

    @property
    def entries(self) -> tuple:
        """``(namespace, public name)`` of the name and of every alias."""
        return tuple(route(name) for name in self.all_names)


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


class TupleOutputs(tuple):
    """A body's outputs that MXNet's Python function returns as a tuple, not a list (e.g.
    ``mx.nd.histogram`` without ``range``, which is numpy's histogram in MXNet)."""


class SparseInputs(Exception):
    """Raised by the builder's input check (slow path only) when an input is a sparse array."""


# The storage dispatch of sparse inputs, installed by mxnd.ndarray.sparse:
# SPARSE_DISPATCH[0](spec, arrays, params, out, dense_call) -> result, where dense_call(arrays, out)
# runs the operator's dense body (the storage fallback).
SPARSE_DISPATCH: list = [None]
