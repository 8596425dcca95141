"""MXNet's ``mx.contrib``: experimental packages (``mx.contrib.text``, the deprecated
``mx.contrib.autograd``, and ``mx.contrib.nd``, the contrib operators' old home).

Not to be confused with ``mx.nd.contrib``, the contrib operators.

>>> import mxnd as mx
>>> mx.contrib.text.vocab.Vocabulary().idx_to_token
['<unk>']
"""
from . import autograd, ndarray, text  # noqa: F401
from . import ndarray as nd  # noqa: F401

__all__ = ["autograd", "ndarray", "nd", "text"]
