"""MXNet's ``mx.contrib``: experimental packages (``mx.contrib.text``, the deprecated
``mx.contrib.autograd``).

Not to be confused with ``mx.nd.contrib``, the contrib operators.

>>> import mxnd as mx
>>> mx.contrib.text.vocab.Vocabulary().idx_to_token
['<unk>']
"""
from . import autograd, text  # noqa: F401

__all__ = ["autograd", "text"]
