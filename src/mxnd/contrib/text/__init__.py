"""MXNet's ``mx.contrib.text``: token counting, vocabularies and token embeddings.

>>> import mxnd as mx
>>> counter = mx.contrib.text.utils.count_tokens_from_str('b a b')
>>> mx.contrib.text.vocab.Vocabulary(counter).idx_to_token
['<unk>', 'b', 'a']
"""
from . import embedding, utils, vocab  # noqa: F401

__all__ = ["embedding", "utils", "vocab"]
