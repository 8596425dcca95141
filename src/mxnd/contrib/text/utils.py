"""Counting the tokens of a string (MXNet's ``mx.contrib.text.utils``)."""
import collections
import re

__all__ = ["count_tokens_from_str"]


def count_tokens_from_str(source_str, token_delim=' ', seq_delim='\n', to_lower=False,
                          counter_to_update=None):
    """Count the tokens of ``source_str`` split at ``token_delim`` or ``seq_delim``.

    Both delimiters are regular expressions (escape special characters, as ``'\\\\*'``); empty
    pieces are not tokens. With ``counter_to_update`` the counts are added to that
    ``collections.Counter``, which is returned; otherwise a new Counter is.

    >>> count_tokens_from_str(' Life is great ! \\n life is good . \\n', ' ', '\\n', True)
    Counter({'life': 2, 'is': 2, 'great': 1, '!': 1, 'good': 1, '.': 1})
    >>> count_tokens_from_str('*a*b*\\n*a*', '\\\\*', '\\n')
    Counter({'a': 2, 'b': 1})
    """
    tokens = [piece for piece in re.split(token_delim + '|' + seq_delim, source_str) if piece]
    if to_lower:
        tokens = [token.lower() for token in tokens]
    if counter_to_update is None:
        return collections.Counter(tokens)
    counter_to_update.update(tokens)
    return counter_to_update
