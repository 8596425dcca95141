"""``mx.random``: the random number generators of mxnd (one per device), ``seed``, and the samplers.

Every random operator of mxnd draws from :func:`generator`, the one ``torch.Generator`` of
its device: the host has one (all ``cpu(i)`` contexts share host memory, as in MXNet) and
each CUDA device has its own, created on first use. Like MXNet's, they start from a fixed
seed (0), so a process draws the same numbers on every run until it seeds them; they are
mxnd's own, so ``mx.random.seed`` does not touch torch's or numpy's global generators.

Operators of other families draw this way (torch functions without a ``generator``
argument, such as ``torch.nn.functional.dropout``, would not follow ``mx.random.seed``)::

    from mxnd.random import generator
    mask = torch.empty_like(x).bernoulli_(keep, generator=generator(x.device))

``mx.random.uniform``, ``normal``, ... are the ``mx.nd.random`` functions (MXNet's
mxnet/random.py re-exports them).

>>> seed(42)
>>> generator('cpu') is generator(Context('cpu', 1))
True
"""
from __future__ import annotations

import ctypes

import torch

from .base import integer_types
from .context import Context, num_gpus
from .errors import MXNetError

_CPU = torch.device("cpu")
_generators: dict = {}  # torch.device -> torch.Generator, created on first use
_base_seed = 0  # the last seed(..., ctx='all'): generators created later start from it
# Mixes the device id into the seed of every device but the first, as MXNet's MXRandomSeed does
# ("sets the state of each generator using seed_state and the device id").
_DEVICE_MIX = 0x9E3779B97F4A7C15


def _device_seed(value: int, device: torch.device) -> int:
    index = device.index or 0
    return value if index == 0 else (value + index * _DEVICE_MIX) % 2 ** 64


def generator(device=None) -> torch.Generator:
    """The generator that random operators on ``device`` draw from.

    ``device`` is a ``torch.device``, a Context, a device string (``'cpu'``, ``'cuda:0'``), or
    None for the current context. The same object is returned on every call for one device.

    >>> generator('cpu') is generator(torch.device('cpu'))
    True
    """
    found = _generators.get(device)  # fast path: a torch.device seen before
    if found is None:
        device = _as_device(device)
        found = _generators.get(device) or _create(device)
    return found


def _as_device(device) -> torch.device:
    if device is None:
        from .context import current_context

        return current_context().device
    if isinstance(device, Context):
        return device.device
    device = torch.device(device)
    if device.type == "cuda" and device.index is None:
        return torch.device("cuda", torch.cuda.current_device())
    return device


def _create(device: torch.device) -> torch.Generator:
    if device.type not in ("cpu", "cuda"):
        raise MXNetError(f"mxnd has no random generator for device {device}")
    created = torch.Generator(device=device)
    created.manual_seed(_device_seed(_base_seed, device))
    _generators[device] = created
    return created


def seed(seed_state, ctx="all"):
    """Seed the random number generators (MXNet's ``mx.random.seed``).

    ``ctx='all'`` seeds the generator of every device, mixing the device id into the seed
    (so two GPUs draw different numbers); a Context (or device type such as ``'gpu'``) seeds
    only that device's generator with ``seed_state`` itself, which gives the same sequence on
    every device of one kind. Seeding one device leaves the others' sequences untouched.
    Only ints are accepted (ValueError otherwise); the value is taken modulo 2**32, as MXNet
    passes it through a C ``int``.

    >>> seed(7); a = torch.rand(2, generator=generator('cpu'))
    >>> seed(7); bool((a == torch.rand(2, generator=generator('cpu'))).all())
    True
    """
    global _base_seed
    if not isinstance(seed_state, integer_types):
        raise ValueError("seed_state must be int")
    value = ctypes.c_int(int(seed_state)).value % 2 ** 32
    if ctx == "all":
        _base_seed = value
        for device, created in _generators.items():
            created.manual_seed(_device_seed(value, device))
        return
    ctx = Context(ctx)
    if ctx.device_typeid == 2 and ctx.device_id >= num_gpus():
        return  # MXNet: seeding a device that is absent does nothing
    generator(ctx.device).manual_seed(value)


# The samplers, as mxnet/random.py re-exports them (``from .ndarray.random import *``, run
# before MXNet adds the *_like operators to that module). Imported last: mxnd.ndarray's random
# operators import ``generator`` from this module while it is still being initialized.
from .ndarray.random import (exponential, gamma, generalized_negative_binomial,  # noqa: E402
                             multinomial, negative_binomial, normal, poisson, randint, randn,
                             shuffle, uniform)

__all__ = ["seed", "generator", "uniform", "normal", "randn", "poisson", "exponential", "gamma",
           "multinomial", "negative_binomial", "generalized_negative_binomial", "shuffle", "randint"]
