"""Token indexing (MXNet's ``mx.contrib.text.vocab``)."""
import collections

from ._constants import UNKNOWN_IDX

__all__ = ["Vocabulary"]


class Vocabulary:
    """Indices for the unknown token (0), the reserved tokens (1, 2, ...), then counted tokens.

    Keys of ``counter`` are indexed by decreasing frequency, ties in ascending token order, keeping
    at most ``most_freq_count`` of them (None: all) with a count of at least ``min_freq``. Tokens
    equal to ``unknown_token`` or a reserved token keep their first index.

    >>> import collections
    >>> counter = collections.Counter(['a', 'b', 'b', 'c', 'c', 'c', 'd'])
    >>> vocab = Vocabulary(counter, most_freq_count=3, reserved_tokens=['<pad>'])
    >>> vocab.idx_to_token
    ['<unk>', '<pad>', 'c', 'b', 'a']
    >>> vocab.to_indices(['c', 'new']), vocab.to_tokens(2), len(vocab)
    ([2, 0], 'c', 5)
    """

    def __init__(self, counter=None, most_freq_count=None, min_freq=1, unknown_token='<unk>',
                 reserved_tokens=None):
        if not min_freq > 0:
            raise AssertionError('`min_freq` must be set to a positive value.')
        if reserved_tokens is not None:
            distinct_reserved = set(reserved_tokens)
            if unknown_token in distinct_reserved:
                raise AssertionError('`reserved_token` cannot contain `unknown_token`.')
            if len(distinct_reserved) != len(reserved_tokens):
                raise AssertionError('`reserved_tokens` cannot contain duplicate reserved tokens.')
        self._unknown_token = unknown_token
        self._reserved_tokens = None if reserved_tokens is None else reserved_tokens[:]
        self._idx_to_token = [unknown_token]
        if reserved_tokens is not None:
            self._idx_to_token.extend(reserved_tokens)
        self._token_to_idx = {token: idx for idx, token in enumerate(self._idx_to_token)}
        if counter is not None:
            self._index_counted_tokens(counter, most_freq_count, min_freq)

    def _index_counted_tokens(self, counter, most_freq_count, min_freq):
        """Append the most frequent keys of ``counter`` (frequency down, then token up)."""
        if not isinstance(counter, collections.Counter):
            raise AssertionError('`counter` must be an instance of collections.Counter.')
        already_indexed = set(self._idx_to_token)
        # MXNet's cap on the vocabulary's length (a non-number most_freq_count fails here)
        token_cap = len(already_indexed) + (len(counter) if most_freq_count is None else most_freq_count)
        by_token = sorted(counter.items(), key=lambda item: item[0])
        by_frequency = sorted(by_token, key=lambda item: item[1], reverse=True)  # stable
        for token, freq in by_frequency:
            if freq < min_freq or len(self._idx_to_token) == token_cap:
                break
            if token in already_indexed:
                continue
            self._token_to_idx[token] = len(self._idx_to_token)
            self._idx_to_token.append(token)

    def __len__(self):
        return len(self.idx_to_token)

    @property
    def token_to_idx(self):
        """dict: each indexed token's index."""
        return self._token_to_idx

    @property
    def idx_to_token(self):
        """list: the indexed tokens, position = index."""
        return self._idx_to_token

    @property
    def unknown_token(self):
        """The token that stands for every token not indexed."""
        return self._unknown_token

    @property
    def reserved_tokens(self):
        """The reserved tokens (a copy of the list given), or None."""
        return self._reserved_tokens

    def to_indices(self, tokens):
        """The index of a token, or the list of indices of a list of tokens (unknown: 0).

        Anything but a list is looked up as one token, as in MXNet.
        """
        if not isinstance(tokens, list):
            return self.token_to_idx.get(tokens, UNKNOWN_IDX)
        return [self.token_to_idx.get(token, UNKNOWN_IDX) for token in tokens]

    def to_tokens(self, indices):
        """The token of an index, or the list of tokens of a list of indices.

        An index that is not an int or is past the end raises ValueError; negative ints count
        from the end, as in MXNet.
        """
        single = not isinstance(indices, list)
        last = len(self.idx_to_token) - 1
        tokens = []
        for idx in [indices] if single else indices:
            if not isinstance(idx, int) or idx > last:
                raise ValueError('Token index %d in the provided `indices` is invalid.' % idx)
            tokens.append(self.idx_to_token[idx])
        return tokens[0] if single else tokens
