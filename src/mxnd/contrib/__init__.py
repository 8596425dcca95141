"""MXNet's ``mx.contrib``: experimental packages (for now ``mx.contrib.text``).

Not to be confused with ``mx.nd.contrib``, the contrib operators.

>>> import mxnd as mx
>>> mx.contrib.text.vocab.Vocabulary().idx_to_token
['<unk>']
"""
from . import text  # noqa: F401

__all__ = ["text"]
