"""Export loaded ``.params`` arrays to a torch ``state_dict`` or a safetensors file.

A model's ``-0000.params`` names its arrays ``arg:<name>`` (parameters) and ``aux:<name>``
(auxiliary states such as BatchNorm's running mean); ``strip_prefix`` drops those prefixes.

>>> import mxnd as mx
>>> state = to_torch_state_dict({'arg:fc_weight': mx.nd.ones((2, 3)), 'aux:bn_mean': mx.nd.zeros(2)})
>>> list(state), tuple(state['fc_weight'].shape)
(['fc_weight', 'bn_mean'], (2, 3))
"""
from __future__ import annotations

import os
from collections import OrderedDict

from ..errors import MXNetError
from .ndarray import NDArray
from .utils import load, atomic_write

__all__ = ["to_torch_state_dict", "save_safetensors", "load_safetensors"]

PREFIXES = ("arg:", "aux:")


def _items(data):
    """``(name, NDArray)`` pairs of a dict, a list (named '0', '1', ...) or a file name to load."""
    if isinstance(data, (str, os.PathLike)):
        data = load(data)
    if isinstance(data, NDArray):
        data = [data]
    if isinstance(data, list):
        return [(str(i), a) for i, a in enumerate(data)]
    if isinstance(data, dict):
        return list(data.items())
    raise TypeError(f"to_torch_state_dict: expected a dict of NDArrays, a list of NDArrays or a file "
                    f"name, got {type(data).__name__}")


def to_torch_state_dict(data, strip_prefix=True):
    """An ``OrderedDict`` name -> torch tensor (sharing memory with dense NDArrays).

    ``data`` is what ``mx.nd.load`` returns (or a file name). Sparse arrays become dense
    tensors. With ``strip_prefix`` the ``arg:``/``aux:`` prefixes are dropped; a name that then
    occurs twice raises MXNetError.
    """
    state = OrderedDict()
    for name, array in _items(data):
        if not isinstance(array, NDArray):
            raise TypeError(f"to_torch_state_dict: {name!r} is a {type(array).__name__}, not an NDArray")
        key = name
        if strip_prefix and name.startswith(PREFIXES):
            key = name[len("arg:"):]
        if key in state:
            raise MXNetError(f"to_torch_state_dict: two arrays are named {key!r} once the arg:/aux: "
                             f"prefixes are stripped; pass strip_prefix=False")
        dense = array if array.stype == "default" else array.tostype("default")
        state[key] = dense._data.detach()
    return state


def _safetensors_torch():
    try:
        import safetensors.torch as safetensors_torch
    except ImportError:
        raise ImportError("save_safetensors/load_safetensors need the optional package 'safetensors' "
                          "(pip install safetensors)") from None
    return safetensors_torch


def save_safetensors(fname, data, strip_prefix=True, metadata=None):
    """Write ``data`` (as for ``to_torch_state_dict``) to a safetensors file, atomically."""
    safetensors_torch = _safetensors_torch()
    state = to_torch_state_dict(data, strip_prefix=strip_prefix)
    tensors = {k: v.cpu().contiguous() for k, v in state.items()}
    payload = safetensors_torch.save(tensors, metadata=metadata)
    atomic_write(os.fspath(fname), lambda write: write(payload), "save_safetensors")


def load_safetensors(fname, ctx=None):
    """A dict name -> NDArray from a safetensors file (on ``ctx``, default cpu(0))."""
    from .creation import resolve_context
    from .ndarray import wrap

    safetensors_torch = _safetensors_torch()
    context = resolve_context(ctx) if ctx is not None else None
    tensors = safetensors_torch.load_file(os.fspath(fname))
    out = {}
    for name, tensor in tensors.items():
        target = context or resolve_context("cpu(0)")
        out[name] = wrap(tensor.to(target.device).contiguous(), target)
    return out
