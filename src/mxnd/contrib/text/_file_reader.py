"""Reading a pre-trained embedding file in the text format ``token v1 v2 ...`` as MXNet does."""
import os
import warnings

import numpy as np

__all__ = ["read_embedding_file"]


def read_embedding_file(path, elem_delim, encoding, unknown_token):
    """``(tokens, rows, unknown_row)`` of the text embedding file at ``path``.

    ``tokens`` lists the tokens other than ``unknown_token`` in file order, ``rows`` their vectors
    (float32 NumPy arrays, each element read by Python's ``float``), ``unknown_row`` the vector of
    ``unknown_token`` or None when the file has none. As in MXNet: a token seen again is skipped
    with a warning (the first vector is kept); a line with a one-element vector (the ``count dim``
    header of fastText files) is skipped with a warning; a line without a vector or with a vector
    of another length raises AssertionError.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
    ...     _ = f.write('2 2\\nhi 1 2\\n<unk> 0.5 0.5\\nyo 3 4\\n')
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter('ignore')
    ...     tokens, rows, unknown_row = read_embedding_file(f.name, ' ', 'utf8', '<unk>')
    >>> tokens, [row.tolist() for row in rows], unknown_row.tolist()
    (['hi', 'yo'], [[1.0, 2.0], [3.0, 4.0]], [0.5, 0.5])
    >>> os.remove(f.name)
    """
    path = os.path.expanduser(path)
    if not os.path.isfile(path):
        raise ValueError('`pretrained_file_path` must be a valid path to '
                         'the pre-trained token embedding file.')
    tokens, rows, unknown_row = [], [], None
    seen = set()
    vec_len = None
    with open(path, 'r', encoding=encoding) as lines:
        for line_num, line in enumerate(lines, start=1):
            elems = line.rstrip().split(elem_delim)
            if len(elems) <= 1:
                raise AssertionError(
                    'At line %d of the pre-trained text embedding file: the data format of the '
                    'pre-trained token embedding file %s is unexpected.' % (line_num, path))
            token, vector = elems[0], [float(elem) for elem in elems[1:]]
            if token == unknown_token and unknown_row is None:
                unknown_row = np.array(vector, dtype=np.float32)
                seen.add(token)
            elif token in seen:
                warnings.warn('At line %d of the pre-trained token embedding file: the embedding '
                              'vector for token %s has been loaded and a duplicate embedding for '
                              'the  same token is seen and skipped.' % (line_num, token))
            elif len(vector) == 1:
                warnings.warn('At line %d of the pre-trained text embedding file: token %s with '
                              '1-dimensional vector %s is likely a header and is skipped.'
                              % (line_num, token, vector))
            else:
                if vec_len is None:
                    vec_len = len(vector)
                elif len(vector) != vec_len:
                    raise AssertionError(
                        'At line %d of the pre-trained token embedding file: the dimension of '
                        'token %s is %d but the dimension of previous tokens is %d. Dimensions '
                        'of all the tokens must be the same.'
                        % (line_num, token, len(vector), vec_len))
                tokens.append(token)
                rows.append(np.array(vector, dtype=np.float32))
                seen.add(token)
    return tokens, rows, unknown_row
