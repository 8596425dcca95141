"""Token embeddings (MXNet's ``mx.contrib.text.embedding``).

An embedding is a :class:`~mxnd.contrib.text.vocab.Vocabulary` whose tokens have vectors, the
rows of the float32 NDArray ``idx_to_vec`` (row 0: the unknown token). ``CustomEmbedding`` reads
a text file of lines ``token v1 v2 ...``; ``GloVe`` and ``FastText`` read MXNet's pre-trained
files, which mxnd never downloads: they must already be under ``embedding_root``.

>>> import os, tempfile
>>> import mxnd as mx
>>> path = os.path.join(tempfile.mkdtemp(), 'vectors.txt')
>>> with open(path, 'w') as f:
...     _ = f.write('hello 0.5 1\\nworld 2 -1\\n')
>>> embed = mx.contrib.text.embedding.CustomEmbedding(path)
>>> embed.idx_to_token, embed.vec_len
(['<unk>', 'hello', 'world'], 2)
>>> embed.get_vecs_by_tokens(['world', 'Hello', 'Hello'], lower_case_backup=True).asnumpy()
array([[ 2. , -1. ],
       [ 0.5,  1. ],
       [ 0.5,  1. ]], dtype=float32)
"""
import logging
import os

import numpy as np

from ... import ndarray as nd
from ...base import data_dir
from . import _constants as C
from . import vocab
from ._file_reader import read_embedding_file
from ._registry import NamedRegistry

__all__ = ["register", "create", "get_pretrained_file_names", "GloVe", "FastText",
           "CustomEmbedding", "CompositeEmbedding"]


def register(embedding_cls):
    """Register a ``_TokenEmbedding`` subclass under its lower-cased class name (a decorator).

    >>> import mxnd as mx
    >>> @mx.contrib.text.embedding.register
    ... class MyEmbed(mx.contrib.text.embedding._TokenEmbedding):
    ...     pretrained_file_name_sha1 = {'my_file.txt': None}
    >>> type(mx.contrib.text.embedding.create('MyEmbed')).__name__
    'MyEmbed'
    """
    return _REGISTRY.register(embedding_cls)


def create(embedding_name, **kwargs):
    """An instance of the registered embedding ``embedding_name`` (case-insensitive).

    >>> import mxnd as mx
    >>> mx.contrib.text.embedding.create('word2vec')
    Traceback (most recent call last):
    AssertionError: word2vec is not registered. Please register with token embedding.register first
    """
    return _REGISTRY.create(embedding_name, **kwargs)


def get_pretrained_file_names(embedding_name=None):
    """The pre-trained file names of ``embedding_name``, or a dict of them for every embedding.

    >>> import mxnd as mx
    >>> mx.contrib.text.embedding.get_pretrained_file_names('glove')[:2]
    ['glove.42B.300d.txt', 'glove.6B.50d.txt']
    """
    classes = _REGISTRY.classes()
    if embedding_name is None:
        return {name: list(cls.pretrained_file_name_sha1) for name, cls in classes.items()}
    if embedding_name not in classes:
        raise KeyError('Cannot find `embedding_name` %s. Use `get_pretrained_file_names('
                       'embedding_name=None).keys()` to get all the valid embedding names.'
                       % embedding_name)
    return list(classes[embedding_name].pretrained_file_name_sha1)


def _default_embedding_root():
    """MXNet's default: ``$MXNET_HOME/embeddings``, ``$MXNET_HOME`` defaulting to ``~/.mxnet``."""
    return os.path.join(data_dir(), 'embeddings')


class _TokenEmbedding(vocab.Vocabulary):
    """Base of the token embeddings: a vocabulary plus ``idx_to_vec`` and ``vec_len``.

    Keyword arguments go to :class:`~mxnd.contrib.text.vocab.Vocabulary` (``unknown_token``,
    ``reserved_tokens``, ...). A loaded file's tokens are indexed after them, in file order.

    >>> import mxnd as mx
    >>> embed = mx.contrib.text.embedding._TokenEmbedding(unknown_token='<oov>')
    >>> embed.idx_to_token
    ['<oov>']
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    # -- MXNet's pre-trained files: where MXNet would get them, where mxnd looks for them --

    @classmethod
    def _get_download_file_name(cls, pretrained_file_name):
        """The name of the file MXNet downloads to get ``pretrained_file_name``."""
        return pretrained_file_name

    @classmethod
    def _get_pretrained_file_url(cls, pretrained_file_name):
        """MXNet's download URL for ``pretrained_file_name`` (``MXNET_GLUON_REPO`` honoured)."""
        repo_url = os.environ.get('MXNET_GLUON_REPO', C.APACHE_REPO_URL)
        return '%sgluon/embeddings/%s/%s' % (repo_url, cls.__name__.lower(),
                                            cls._get_download_file_name(pretrained_file_name))

    @classmethod
    def _get_pretrained_file(cls, embedding_root, pretrained_file_name):
        """The path ``embedding_root/<class name>/pretrained_file_name``, which must exist.

        MXNet downloads (and unpacks) the file when it is missing; mxnd raises FileNotFoundError
        naming MXNet's URL, so that it can be fetched by hand.
        """
        embedding_dir = os.path.join(os.path.expanduser(embedding_root), cls.__name__.lower())
        path = os.path.join(embedding_dir, pretrained_file_name)
        if not os.path.isfile(path):
            url = cls._get_pretrained_file_url(pretrained_file_name)
            unpack = '' if os.path.basename(url) == pretrained_file_name else \
                ' and unpack %s from it' % pretrained_file_name
            raise FileNotFoundError(
                'The pre-trained token embedding file %s is not there. mxnd does not download '
                'files: download %s by hand%s into %s (MXNet 1.9.1 downloads it from there).'
                % (path, url, unpack, embedding_dir))
        return path

    @classmethod
    def _check_pretrained_file_names(cls, pretrained_file_name):
        """Raise KeyError unless ``pretrained_file_name`` is one of the class's files."""
        name = cls.__name__.lower()
        if pretrained_file_name not in cls.pretrained_file_name_sha1:
            raise KeyError('Cannot find pretrained file %s for token embedding %s. Valid '
                           'pretrained files for embedding %s: %s'
                           % (pretrained_file_name, name, name,
                              ', '.join(cls.pretrained_file_name_sha1.keys())))

    # -- building idx_to_vec --

    def _load_embedding(self, pretrained_file_path, elem_delim, init_unknown_vec,
                        encoding='utf8'):
        """Index the file's tokens after the present ones and set ``idx_to_vec`` from it.

        Row 0 is the file's vector of the unknown token, else ``init_unknown_vec(shape=vec_len)``.
        """
        logging.info('Loading pre-trained token embedding vectors from %s', pretrained_file_path)
        tokens, rows, unknown_row = read_embedding_file(
            pretrained_file_path, elem_delim, encoding, self.unknown_token)
        for token in tokens:
            self._token_to_idx[token] = len(self._idx_to_token)
            self._idx_to_token.append(token)
        self._vec_len = len(rows[0]) if rows else None
        if self._vec_len is None:  # MXNet's reshape((-1, None)) fails so
            raise TypeError("'NoneType' object cannot be interpreted as an integer")
        matrix = np.zeros((1 + len(rows), self._vec_len), dtype=np.float32)
        matrix[1:] = np.stack(rows)
        self._idx_to_vec = nd.array(matrix)
        if unknown_row is None:
            self._idx_to_vec[C.UNKNOWN_IDX] = init_unknown_vec(shape=self._vec_len)
        else:
            self._idx_to_vec[C.UNKNOWN_IDX] = nd.array(unknown_row)

    def _index_tokens_from_vocabulary(self, vocabulary):
        """Take ``vocabulary``'s tokens, unknown token and reserved tokens (copies)."""
        self._token_to_idx = vocabulary.token_to_idx.copy()
        self._idx_to_token = vocabulary.idx_to_token[:]
        self._unknown_token = vocabulary.unknown_token
        reserved = vocabulary.reserved_tokens
        self._reserved_tokens = None if reserved is None else reserved[:]

    def _set_idx_to_vec_by_embeddings(self, token_embeddings, vocab_len, vocab_idx_to_token):
        """Set ``idx_to_vec`` to the embeddings' vectors of ``vocab_idx_to_token``, side by side."""
        vec_len = sum(embed.vec_len for embed in token_embeddings)
        idx_to_vec = nd.zeros(shape=(vocab_len, vec_len))
        start = 0
        for embed in token_embeddings:
            stop = start + embed.vec_len
            idx_to_vec[0, start:stop] = embed.idx_to_vec[C.UNKNOWN_IDX]
            idx_to_vec[1:, start:stop] = embed.get_vecs_by_tokens(vocab_idx_to_token[1:])
            start = stop
        self._vec_len = vec_len
        self._idx_to_vec = idx_to_vec

    def _build_embedding_for_vocabulary(self, vocabulary):
        """Re-index by ``vocabulary``, each of its tokens getting this embedding's vector."""
        if vocabulary is None:
            return
        if not isinstance(vocabulary, vocab.Vocabulary):
            raise AssertionError('The argument `vocabulary` must be an instance of '
                                 'mxnet.contrib.text.vocab.Vocabulary.')
        self._set_idx_to_vec_by_embeddings([self], len(vocabulary), vocabulary.idx_to_token)
        self._index_tokens_from_vocabulary(vocabulary)

    # -- the public API --

    @property
    def vec_len(self):
        """int: the length of each token's vector."""
        return self._vec_len

    @property
    def idx_to_vec(self):
        """NDArray (float32) of shape (number of vectors, vec_len): row i is token i's vector."""
        return self._idx_to_vec

    def get_vecs_by_tokens(self, tokens, lower_case_backup=False):
        """The vector of a token (1-D), or of each token of a list (2-D); unknown: row 0.

        With ``lower_case_backup`` a token not found is looked up again in lower case. Anything
        but a list is looked up as one token, as in MXNet.
        """
        single = not isinstance(tokens, list)
        if single:
            tokens = [tokens]
        if lower_case_backup:
            indices = [self.token_to_idx[token] if token in self.token_to_idx
                       else self.token_to_idx.get(token.lower(), C.UNKNOWN_IDX)
                       for token in tokens]
        else:
            indices = [self.token_to_idx.get(token, C.UNKNOWN_IDX) for token in tokens]
        rows, width = self.idx_to_vec.shape
        vecs = nd.Embedding(nd.array(indices, ctx=self.idx_to_vec.context), self.idx_to_vec,
                            rows, width)
        return vecs[0] if single else vecs

    def update_token_vectors(self, tokens, new_vectors):
        """Write ``new_vectors`` (an NDArray, one row per token) as the vectors of ``tokens``.

        One token takes a 1-D or 2-D array, a list of several a 2-D one of shape
        ``(len(tokens), vec_len)`` (AssertionError otherwise). A token not indexed raises
        ValueError: name the unknown token itself to change the unknown vector.
        """
        if self.idx_to_vec is None:
            raise AssertionError('The property `idx_to_vec` has not been properly set.')
        if not isinstance(tokens, list) or len(tokens) == 1:
            if not (isinstance(new_vectors, nd.NDArray) and len(new_vectors.shape) in (1, 2)):
                raise AssertionError('`new_vectors` must be a 1-D or 2-D NDArray if `tokens` is a '
                                     'singleton.')
            if not isinstance(tokens, list):
                tokens = [tokens]
            if len(new_vectors.shape) == 1:
                new_vectors = nd.expand_dims(new_vectors, axis=0)
        elif not (isinstance(new_vectors, nd.NDArray) and len(new_vectors.shape) == 2):
            raise AssertionError('`new_vectors` must be a 2-D NDArray if `tokens` is a list of '
                                 'multiple strings.')
        if new_vectors.shape != (len(tokens), self.vec_len):
            raise AssertionError('The length of new_vectors must be equal to the number of tokens '
                                 'and the width ofnew_vectors must be equal to the dimension of '
                                 'embeddings of the glossary.')
        indices = []
        for token in tokens:
            if token not in self.token_to_idx:
                raise ValueError('Token %s is unknown. To update the embedding vector for an '
                                 'unknown token, please specify it explicitly as the '
                                 '`unknown_token` %s in `tokens`. This is to avoid unintended '
                                 'updates.' % (token, self.idx_to_token[C.UNKNOWN_IDX]))
            indices.append(self.token_to_idx[token])
        self._idx_to_vec[nd.array(indices, ctx=self._idx_to_vec.context)] = new_vectors


_REGISTRY = NamedRegistry(_TokenEmbedding, 'token embedding')


class _PretrainedEmbedding(_TokenEmbedding):
    """An embedding read from one of MXNet's pre-trained files under ``embedding_root``."""

    def __init__(self, pretrained_file_name, embedding_root, init_unknown_vec, vocabulary,
                 **kwargs):
        self._check_pretrained_file_names(pretrained_file_name)
        super().__init__(**kwargs)
        path = self._get_pretrained_file(embedding_root, pretrained_file_name)
        self._load_embedding(path, ' ', init_unknown_vec)
        self._build_embedding_for_vocabulary(vocabulary)


@register
class GloVe(_PretrainedEmbedding):
    """The GloVe vectors (https://nlp.stanford.edu/projects/glove/), read from a local file.

    The file must be ``embedding_root/glove/<pretrained_file_name>``; MXNet 1.9.1 downloads its
    archive from ``<MXNet's repo>/gluon/embeddings/glove/`` (``glove.6B.zip`` holds the
    ``glove.6B.*d.txt`` files), mxnd does not. See ``get_pretrained_file_names('glove')``.

    >>> import mxnd as mx, tempfile
    >>> mx.contrib.text.embedding.GloVe('glove.6B.50d.txt',
    ...                                 embedding_root=tempfile.mkdtemp())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    FileNotFoundError: The pre-trained token embedding file ... by hand and unpack ...
    """

    pretrained_file_name_sha1 = C.GLOVE_FILE_SHA1
    pretrained_archive_name_sha1 = C.GLOVE_ARCHIVE_SHA1

    @classmethod
    def _get_download_file_name(cls, pretrained_file_name):
        corpus = pretrained_file_name.split('.')[1]  # '6B' of 'glove.6B.50d.txt'
        archives = {name.split('.')[1]: name for name in cls.pretrained_archive_name_sha1}
        return archives[corpus]

    def __init__(self, pretrained_file_name='glove.840B.300d.txt',
                 embedding_root=_default_embedding_root(), init_unknown_vec=nd.zeros,
                 vocabulary=None, **kwargs):
        super().__init__(pretrained_file_name, embedding_root, init_unknown_vec, vocabulary,
                         **kwargs)


@register
class FastText(_PretrainedEmbedding):
    """The fastText vectors (https://fasttext.cc/), read from a local ``.vec`` file.

    The file must be ``embedding_root/fasttext/<pretrained_file_name>``; MXNet 1.9.1 downloads
    ``<name>.zip`` from ``<MXNet's repo>/gluon/embeddings/fasttext/``, mxnd does not. The
    ``count dim`` header line of ``.vec`` files is skipped with a warning, as in MXNet.

    >>> import mxnd as mx
    >>> mx.contrib.text.embedding.FastText._get_pretrained_file_url('wiki.simple.vec')
    'https://apache-mxnet.s3-accelerate.dualstack.amazonaws.com/gluon/embeddings/fasttext/wiki.simple.zip'
    """

    pretrained_file_name_sha1 = C.FASTTEXT_FILE_SHA1
    pretrained_archive_name_sha1 = C.FASTTEXT_ARCHIVE_SHA1

    @classmethod
    def _get_download_file_name(cls, pretrained_file_name):
        return os.path.splitext(pretrained_file_name)[0] + '.zip'

    def __init__(self, pretrained_file_name='wiki.simple.vec',
                 embedding_root=_default_embedding_root(), init_unknown_vec=nd.zeros,
                 vocabulary=None, **kwargs):
        super().__init__(pretrained_file_name, embedding_root, init_unknown_vec, vocabulary,
                         **kwargs)


class CustomEmbedding(_TokenEmbedding):
    """The vectors of a text file with lines ``token<elem_delim>v1<elem_delim>v2...``.

    ``init_unknown_vec(shape=vec_len)`` gives the unknown token's vector unless the file has one;
    with ``vocabulary`` the embedding is re-indexed by it. See the module's example.
    """

    def __init__(self, pretrained_file_path, elem_delim=' ', encoding='utf8',
                 init_unknown_vec=nd.zeros, vocabulary=None, **kwargs):
        super().__init__(**kwargs)
        self._load_embedding(pretrained_file_path, elem_delim, init_unknown_vec, encoding)
        self._build_embedding_for_vocabulary(vocabulary)


class CompositeEmbedding(_TokenEmbedding):
    """The tokens of ``vocabulary`` with the vectors of ``token_embeddings`` concatenated.

    >>> import collections, os, tempfile
    >>> import mxnd as mx
    >>> text = mx.contrib.text
    >>> path = os.path.join(tempfile.mkdtemp(), 'vectors.txt')
    >>> with open(path, 'w') as f:
    ...     _ = f.write('a 1 2\\nb 3 4\\n')
    >>> vocabulary = text.vocab.Vocabulary(collections.Counter(['b', 'b', 'c']))
    >>> embed = text.embedding.CustomEmbedding(path)
    >>> both = text.embedding.CompositeEmbedding(vocabulary, [embed, embed])
    >>> both.idx_to_token, both.idx_to_vec.asnumpy().tolist()
    (['<unk>', 'b', 'c'], [[0.0, 0.0, 0.0, 0.0], [3.0, 4.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0]])
    """

    def __init__(self, vocabulary, token_embeddings):
        if not isinstance(vocabulary, vocab.Vocabulary):
            raise AssertionError('The argument `vocabulary` must be an instance of '
                                 'mxnet.contrib.text.indexer.Vocabulary.')
        if not isinstance(token_embeddings, list):
            token_embeddings = [token_embeddings]
        for embed in token_embeddings:
            if not isinstance(embed, _TokenEmbedding):
                raise AssertionError(
                    'The argument `token_embeddings` must be an instance or a list of instances '
                    'of `mxnet.contrib.text.embedding.TextEmbedding` whose embedding vectors will '
                    'beloaded or concatenated-then-loaded to map to the indexed tokens.')
        self._index_tokens_from_vocabulary(vocabulary)
        self._set_idx_to_vec_by_embeddings(token_embeddings, len(self), self.idx_to_token)
