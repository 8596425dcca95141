"""``mx.model``: MXNet 1.9.1's checkpoint helpers that need no Symbol: ``BatchEndParam`` (what a
batch-end callback receives), ``save_checkpoint`` and ``load_params``.

A checkpoint's parameters live in ``prefix-%04d.params`` (``mx.nd.save`` format) under the keys
``arg:<name>`` and ``aux:<name>``. ``load_checkpoint`` (which also loads ``prefix-symbol.json``
as a Symbol) and ``FeedForward`` are not provided: mxnd has no Symbol API.

>>> import os, tempfile, mxnd as mx
>>> prefix = os.path.join(tempfile.mkdtemp(), "net")
>>> mx.model.save_checkpoint(prefix, 3, None, {"w": mx.nd.ones((2,))}, {"mean": mx.nd.zeros((1,))})
>>> arg_params, aux_params = mx.model.load_params(prefix, 3)
>>> arg_params["w"].asnumpy().tolist(), aux_params["mean"].asnumpy().tolist()
([1.0, 1.0], [0.0])
"""
from __future__ import annotations

import logging
from collections import namedtuple

from . import ndarray as nd
from .context import cpu

__all__ = ["BatchEndParam", "save_checkpoint", "load_params"]

# What fit() passes to batch_end_callback; MXNet names the tuple type 'BatchEndParams'.
BatchEndParam = namedtuple("BatchEndParams", ["epoch", "nbatch", "eval_metric", "locals"])


def _params_file(prefix, epoch) -> str:
    return "%s-%04d.params" % (prefix, epoch)


def save_checkpoint(prefix, epoch, symbol, arg_params, aux_params, remove_amp_cast=True):
    """Save ``arg_params``/``aux_params`` (copied to ``cpu()``) to ``prefix-%04d.params`` as
    ``arg:``/``aux:`` keys and log ``Saved checkpoint to "<file>"``.

    ``symbol`` is ``None`` in mxnd (no Symbol API); any other object must have MXNet's
    ``save(fname, remove_amp_cast=...)``, which is called with ``prefix-symbol.json``.
    """
    if symbol is not None:
        symbol.save("%s-symbol.json" % prefix, remove_amp_cast=remove_amp_cast)
    to_save = {"arg:%s" % name: value.as_in_context(cpu()) for name, value in arg_params.items()}
    to_save.update({"aux:%s" % name: value.as_in_context(cpu()) for name, value in aux_params.items()})
    fname = _params_file(prefix, epoch)
    nd.save(fname, to_save)
    logging.info('Saved checkpoint to "%s"', fname)


def load_params(prefix, epoch):
    """Load ``prefix-%04d.params`` and return ``(arg_params, aux_params)``: the ``arg:`` and
    ``aux:`` entries with their prefix removed (other prefixes are ignored; a key without ``:``
    raises ValueError). An empty file logs a warning and gives two empty dicts."""
    fname = _params_file(prefix, epoch)
    loaded = nd.load(fname)
    arg_params, aux_params = {}, {}
    if not loaded:
        logging.warning("Params file '%s' is empty", fname)
        return arg_params, aux_params
    for key, value in loaded.items():
        kind, name = key.split(":", 1)
        if kind == "arg":
            arg_params[name] = value
        elif kind == "aux":
            aux_params[name] = value
    return arg_params, aux_params
