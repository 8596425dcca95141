"""Shared plumbing of the toolbox functions: MATLAB option names, DataFormat handling, layouts.

Every function takes a formatted dlarray, or unformatted data plus ``data_format``; it works on
the canonical (S, C, B, T, U) tensor and, for DataFormat input, returns an unformatted result
in the DataFormat's dim order when the format is unchanged (else in canonical order).

>>> import torch
>>> to_nc(torch.zeros(5, 6, 3, 2), "SSCB", "S")[0].shape
torch.Size([2, 3, 5, 6])
"""
from __future__ import annotations

import re

import torch

from .. import formats
from .._core import dlarray, make, to_tensor

__all__ = ["options", "Input", "take", "to_nc", "output", "tensor_of", "size_tuple", "check_choice"]


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def options(where: str, given: dict, allowed: dict) -> dict:
    """Merge MATLAB CamelCase ``**kwargs`` (``DataFormat="CB"``) into the snake_case ``allowed``
    defaults; unknown names raise TypeError naming the function."""
    merged = dict(allowed)
    for key, value in given.items():
        name = key if key in allowed else _snake(key)
        if name not in allowed:
            raise TypeError(f"{where}: unknown option '{key}'; expected one of "
                            f"{', '.join(sorted(allowed))}")
        merged[name] = value
    return merged


def check_choice(where: str, name: str, value, choices) -> str:
    """``value`` if it is one of ``choices`` (case-insensitive strings), else ValueError."""
    text = str(value).lower() if isinstance(value, str) else value
    if text not in choices:
        raise ValueError(f"{where}: {name} must be one of {', '.join(repr(c) for c in choices)}, got {value!r}")
    return text


class Input:
    """A checked input: canonical tensor, canonical format and how to give results back."""

    __slots__ = ("data", "fmt", "data_format", "perm")

    def __init__(self, data, fmt, data_format=None, perm=None):
        self.data, self.fmt, self.data_format, self.perm = data, fmt, data_format, perm


def take(x, data_format, where: str, *, need_format=True) -> Input:
    """The canonical view of ``x``: its own format, or ``data_format`` for unformatted data."""
    if isinstance(x, dlarray) and x._fmt:
        if data_format is not None:
            raise ValueError(f"{where}: DataFormat applies to unformatted input only; the input is "
                             f"formatted '{x._fmt}'")
        return Input(x._data, x._fmt)
    data = to_tensor(x, where)
    if data_format is None:
        if need_format:
            raise ValueError(f"{where}: the input must be a formatted dlarray, or give DataFormat "
                             f"(data_format='SSCB', ...) for unformatted input")
        return Input(data, "")
    formats.check(data_format, where)
    if data.dim() > len(data_format):
        raise ValueError(f"{where}: DataFormat '{data_format}' has {len(data_format)} labels but the "
                         f"input has {data.dim()} dimensions")
    data = data.reshape(tuple(data.shape) + (1,) * (len(data_format) - data.dim()))
    canon, perm = formats.canonical(data_format)
    return Input(data.permute(perm) if canon != data_format else data, canon, data_format, perm)


def output(inp: Input, data: torch.Tensor, fmt: str):
    """The result dlarray: formatted ``fmt``, or unformatted for DataFormat input (in the
    DataFormat's order when the format is unchanged)."""
    if inp.data_format is None:
        return make(data, fmt)
    if fmt == inp.fmt and inp.perm is not None and data.dim() == len(inp.perm):
        inverse = [0] * len(inp.perm)
        for position, source in enumerate(inp.perm):
            inverse[source] = position
        data = data.permute(inverse)
    return make(data, "")


def tensor_of(value, where: str, like: torch.Tensor, name: str = "argument") -> torch.Tensor:
    """A tensor (dlarray data shared) on ``like``'s device with ``like``'s floating dtype."""
    if value is None:
        raise ValueError(f"{where}: {name} is required")
    data = to_tensor(value, where)
    if data.device != like.device:
        data = data.to(like.device)
    if data.dtype != like.dtype and like.is_floating_point():
        data = data.to(like.dtype)
    return data


def size_tuple(value, count: int, where: str, name: str) -> tuple:
    """An int or a sequence of ``count`` positive ints (MATLAB size vectors)."""
    if isinstance(value, dlarray):
        value = value.asnumpy().reshape(-1).tolist()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = (value,) * count
    value = tuple(int(v) for v in value)
    if len(value) == 1 and count > 1:
        value = value * count
    if len(value) != count:
        raise ValueError(f"{where}: {name} must be a scalar or have {count} elements, got {value}")
    return value


def positions(fmt: str, label: str) -> list:
    """The positions of ``label`` in ``fmt``."""
    return [i for i, c in enumerate(fmt) if c == label]


def to_nc(data: torch.Tensor, fmt: str, spatial: str, *, need_channel=False, where=""):
    """``(tensor (N, C, *spatial), restore)``: dims labelled by ``spatial`` (a string of labels,
    in canonical order) become the spatial dims; the C dim (size 1 if absent) is channel; every
    other dim folds into N. ``restore(out, fmt)`` undoes it for an output of the same layout."""
    spatial_dims = [i for i, c in enumerate(fmt) if c in spatial]
    channel = positions(fmt, "C")
    if need_channel and not channel:
        raise ValueError(f"{where}: the input must have a 'C' (channel) dimension, got format '{fmt}'")
    batch_dims = [i for i in range(len(fmt)) if i not in spatial_dims and i not in channel]
    order = batch_dims + channel + spatial_dims
    moved = data.permute(order) if order != list(range(len(fmt))) else data
    batch_shape = [data.shape[i] for i in batch_dims]
    n = 1
    for s in batch_shape:
        n *= s
    tensor = moved.reshape((n, data.shape[channel[0]] if channel else 1) + tuple(data.shape[i] for i in spatial_dims))

    def restore(out):
        shaped = out.reshape(tuple(batch_shape) + ((out.shape[1],) if channel else ()) + tuple(out.shape[2:]))
        inverse = [0] * len(order)
        for position, source in enumerate(order):
            inverse[source] = position
        return shaped.permute(inverse)
    return tensor, restore

