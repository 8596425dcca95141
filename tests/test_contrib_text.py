"""mx.contrib.text (utils, vocab, embedding) against MXNet 1.9.1's values, orders and errors.

Every expected value below was produced by MXNet 1.9.1 on the same input. Embedding files are
small fixtures written into tmp_path; GloVe and FastText read them from a local embedding_root.
"""
import collections
import inspect
import os
import re
import warnings

import numpy as np
import pytest

import mxnd as mx

text = mx.contrib.text
E = text.embedding
Vocabulary = text.vocab.Vocabulary
F32 = np.float32

COUNTER = collections.Counter(['a', 'b', 'b', 'c', 'c', 'c', 'some_word$'])
EMB = 'a 0.1 0.2\nb 0.3 0.4\nc 0.5 0.6\nA 0.7 0.8\n'
EMB_VECS = [[0, 0], [0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]]
DUP_MSG = ('At line %d of the pre-trained token embedding file: the embedding vector for token '
           '%s has been loaded and a duplicate embedding for the  same token is seen and skipped.')
HEADER_MSG = ('At line %d of the pre-trained text embedding file: token %s with 1-dimensional '
              'vector %s is likely a header and is skipped.')
NOT_LIST_MSG = '`new_vectors` must be a 1-D or 2-D NDArray if `tokens` is a singleton.'
NOT_2D_MSG = '`new_vectors` must be a 2-D NDArray if `tokens` is a list of multiple strings.'
SHAPE_MSG = ('The length of new_vectors must be equal to the number of tokens and the width of'
             'new_vectors must be equal to the dimension of embeddings of the glossary.')
UNKNOWN_MSG = ('Token %s is unknown. To update the embedding vector for an unknown token, please '
               'specify it explicitly as the `unknown_token` <unk> in `tokens`. This is to avoid '
               'unintended updates.')
EMBEDDINGS_MSG = ('The argument `token_embeddings` must be an instance or a list of instances of '
                  '`mxnet.contrib.text.embedding.TextEmbedding` whose embedding vectors will '
                  'beloaded or concatenated-then-loaded to map to the indexed tokens.')
S3 = 'https://apache-mxnet.s3-accelerate.dualstack.amazonaws.com/gluon/embeddings/'
GLOVE_FILES = ['glove.42B.300d.txt', 'glove.6B.50d.txt', 'glove.6B.100d.txt',
               'glove.6B.200d.txt', 'glove.6B.300d.txt', 'glove.840B.300d.txt',
               'glove.twitter.27B.25d.txt', 'glove.twitter.27B.50d.txt',
               'glove.twitter.27B.100d.txt', 'glove.twitter.27B.200d.txt']


def write(path, content, encoding='utf8'):
    with open(path, 'w', encoding=encoding) as f:
        f.write(content)
    return str(path)


def assert_vecs(array, expected):
    """``array`` is a float32 NDArray equal to float32(expected)."""
    assert isinstance(array, mx.nd.NDArray)
    assert array.dtype == np.float32
    np.testing.assert_array_equal(array.asnumpy(), np.array(expected, dtype=F32))


def raises(exc, message):
    return pytest.raises(exc, match='^' + re.escape(message) + '$')


@pytest.fixture
def emb_file(tmp_path):
    return write(tmp_path / 'emb.txt', EMB)


@pytest.fixture
def restore_registry():
    saved = E._REGISTRY.classes()
    yield
    E._REGISTRY._classes = saved


# -- mx.contrib --

def test_contrib_exposes_its_packages():
    public = [name for name in dir(mx.contrib) if not name.startswith('_')]
    assert public == ['autograd', 'nd', 'ndarray', 'text']
    assert mx.contrib.nd is mx.contrib.ndarray
    assert [n for n in dir(text) if not n.startswith('_')] == ['embedding', 'utils', 'vocab']


# -- utils.count_tokens_from_str --

def test_count_tokens_from_str():
    counter = text.utils.count_tokens_from_str(' Life is great ! \n life is good . \n', ' ', '\n',
                                               True)
    assert repr(counter) == "Counter({'life': 2, 'is': 2, 'great': 1, '!': 1, 'good': 1, '.': 1})"
    counter = text.utils.count_tokens_from_str('*Life*is*great*!*\n*life*is*good*.*\n', '\\*')
    assert counter == collections.Counter({'is': 2, 'Life': 1, 'great': 1, '!': 1, 'life': 1,
                                           'good': 1, '.': 1})


def test_count_tokens_updates_the_given_counter():
    given = collections.Counter({'a': 3})
    counter = text.utils.count_tokens_from_str('a b\nb c', counter_to_update=given)
    assert counter is given
    assert repr(counter) == "Counter({'a': 4, 'b': 2, 'c': 1})"


# -- vocab.Vocabulary --

def test_vocabulary_orders_by_frequency_then_token():
    vocab = Vocabulary(COUNTER)
    assert vocab.idx_to_token == ['<unk>', 'c', 'b', 'a', 'some_word$']
    assert vocab.token_to_idx == {'<unk>': 0, 'c': 1, 'b': 2, 'a': 3, 'some_word$': 4}
    assert (len(vocab), vocab.unknown_token, vocab.reserved_tokens) == (5, '<unk>', None)
    ties = collections.Counter({'b': 2, 'a': 2, 'c': 2, 'B': 2, 'z': 3, 'y': 1})
    assert Vocabulary(ties, most_freq_count=4).idx_to_token == ['<unk>', 'z', 'B', 'a', 'b']


def test_vocabulary_reserved_tokens_and_thresholds():
    vocab = Vocabulary(COUNTER, most_freq_count=2, reserved_tokens=['<pad>'])
    assert vocab.idx_to_token == ['<unk>', '<pad>', 'c', 'b']
    assert vocab.token_to_idx == {'<unk>': 0, '<pad>': 1, 'c': 2, 'b': 3}
    assert vocab.reserved_tokens == ['<pad>']
    vocab = Vocabulary(COUNTER, min_freq=2, reserved_tokens=['b', '<pad>'])
    assert vocab.idx_to_token == ['<unk>', 'b', '<pad>', 'c']
    assert Vocabulary(COUNTER, most_freq_count=0).idx_to_token == ['<unk>']
    ints = Vocabulary(collections.Counter({1: 2, 2: 2, 0: 1}), unknown_token=-1)
    assert ints.idx_to_token == [-1, 1, 2, 0]


def test_vocabulary_copies_reserved_tokens():
    reserved = ['<pad>']
    vocab = Vocabulary(reserved_tokens=reserved)
    reserved.append('x')
    assert (vocab.reserved_tokens, vocab.idx_to_token) == (['<pad>'], ['<unk>', '<pad>'])
    empty = Vocabulary()
    assert (len(empty), empty.idx_to_token, empty.token_to_idx) == (1, ['<unk>'], {'<unk>': 0})


def test_vocabulary_to_indices_and_to_tokens():
    vocab = Vocabulary(COUNTER, min_freq=2, reserved_tokens=['b', '<pad>'])
    assert vocab.to_indices('c') == 3
    assert vocab.to_indices(['c', 'zz', 'b']) == [3, 0, 1]
    assert vocab.to_indices(('c', 'b')) == 0  # a tuple is one (unknown) token, as in MXNet
    assert vocab.to_tokens(0) == '<unk>'
    assert vocab.to_tokens([3, 1]) == ['c', 'b']
    assert vocab.to_tokens(-1) == 'c'
    assert vocab.to_tokens([True]) == ['b']


@pytest.mark.parametrize('indices, message', [
    (5, 'Token index 5 in the provided `indices` is invalid.'),
    ([1, 9], 'Token index 9 in the provided `indices` is invalid.'),
    (1.0, 'Token index 1 in the provided `indices` is invalid.'),
])
def test_vocabulary_to_tokens_errors(indices, message):
    vocab = Vocabulary(COUNTER, min_freq=2, reserved_tokens=['b', '<pad>'])
    with raises(ValueError, message):
        vocab.to_tokens(indices)


def test_vocabulary_to_tokens_none_is_a_type_error():
    with raises(TypeError, '%d format: a real number is required, not NoneType'):
        Vocabulary().to_tokens(None)


@pytest.mark.parametrize('kwargs, message', [
    (dict(min_freq=0), '`min_freq` must be set to a positive value.'),
    (dict(reserved_tokens=['<unk>']), '`reserved_token` cannot contain `unknown_token`.'),
    (dict(reserved_tokens=['a', 'a']),
     '`reserved_tokens` cannot contain duplicate reserved tokens.'),
    (dict(counter={'a': 1}), '`counter` must be an instance of collections.Counter.'),
])
def test_vocabulary_errors(kwargs, message):
    with raises(AssertionError, message):
        Vocabulary(**kwargs)


def test_vocabulary_most_freq_count_is_added_to_the_reserved_count():
    # MXNet 1.9.1 caps the length at len({unknown} | reserved) + most_freq_count
    with pytest.raises(TypeError, match=re.escape("unsupported operand type(s) for +: 'int' and 'str'")):
        Vocabulary(collections.Counter(['a', 'b']), most_freq_count='2')
    assert Vocabulary(collections.Counter(['a', 'b', 'c']), most_freq_count=1.5).idx_to_token == \
        ['<unk>', 'a', 'b', 'c']  # the cap is never reached, as in MXNet 1.9.1


# -- CustomEmbedding: reading files --

def test_custom_embedding_indexes_and_vectors(emb_file):
    embed = E.CustomEmbedding(emb_file)
    assert embed.idx_to_token == ['<unk>', 'a', 'b', 'c', 'A']
    assert embed.token_to_idx == {'<unk>': 0, 'a': 1, 'b': 2, 'c': 3, 'A': 4}
    assert (embed.vec_len, embed.unknown_token, embed.reserved_tokens, len(embed)) == \
        (2, '<unk>', None, 5)
    assert embed.idx_to_vec.shape == (5, 2) and embed.idx_to_vec.context == mx.cpu(0)
    assert_vecs(embed.idx_to_vec, EMB_VECS)
    assert embed.to_indices(['a', 'zz']) == [1, 0] and embed.to_tokens([1, 2]) == ['a', 'b']


def test_get_vecs_by_tokens(emb_file):
    embed = E.CustomEmbedding(emb_file)
    assert_vecs(embed.get_vecs_by_tokens('a'), [0.1, 0.2])
    assert_vecs(embed.get_vecs_by_tokens(['a']), [[0.1, 0.2]])
    assert_vecs(embed.get_vecs_by_tokens(['A', 'Z', '<unk>']), [[0.7, 0.8], [0, 0], [0, 0]])
    assert_vecs(embed.get_vecs_by_tokens(['A', 'Z', 'B'], lower_case_backup=True),
                [[0.7, 0.8], [0, 0], [0.3, 0.4]])
    assert_vecs(embed.get_vecs_by_tokens('B', lower_case_backup=True), [0.3, 0.4])
    assert_vecs(embed.get_vecs_by_tokens('B'), [0, 0])


def test_unknown_vector_from_file_and_duplicates_warn(tmp_path):
    path = write(tmp_path / 'unk.txt', '<unk> 9 9\na 0.1 0.2\na 5 5\nb 0.3 0.4\n<unk> 8 8\n')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        embed = E.CustomEmbedding(path)
    user_warnings = [str(w.message) for w in caught if w.category is UserWarning]
    assert user_warnings == [DUP_MSG % (3, 'a'), DUP_MSG % (5, '<unk>')]
    assert embed.idx_to_token == ['<unk>', 'a', 'b']
    assert_vecs(embed.idx_to_vec, [[9, 9], [0.1, 0.2], [0.3, 0.4]])


def test_fasttext_header_line_is_skipped(tmp_path):
    path = write(tmp_path / 'hdr.vec', '3 2\na 0.1 0.2\nb 0.3 0.4\nc 1 2\n')
    with pytest.warns(UserWarning, match=re.escape(HEADER_MSG % (1, '3', '[2.0]'))):
        embed = E.CustomEmbedding(path)
    assert embed.idx_to_token == ['<unk>', 'a', 'b', 'c']
    assert_vecs(embed.idx_to_vec, [[0, 0], [0.1, 0.2], [0.3, 0.4], [1, 2]])
    path = write(tmp_path / 'mid.txt', 'a 1 2\nx 5\nb 3 4\n')  # any 1-element line, as MXNet
    with pytest.warns(UserWarning, match=re.escape(HEADER_MSG % (2, 'x', '[5.0]'))):
        embed = E.CustomEmbedding(path)
    assert embed.idx_to_token == ['<unk>', 'a', 'b']
    assert_vecs(embed.idx_to_vec, [[0, 0], [1, 2], [3, 4]])


def test_elem_delim_encoding_and_init_unknown_vec(tmp_path):
    path = write(tmp_path / 'tab.txt', 'a\t1\t2\t3\nb c\t4\t5\t6\n')
    embed = E.CustomEmbedding(path, elem_delim='\t', init_unknown_vec=mx.nd.ones)
    assert embed.idx_to_token == ['<unk>', 'a', 'b c']
    assert_vecs(embed.idx_to_vec, [[1, 1, 1], [1, 2, 3], [4, 5, 6]])
    path = write(tmp_path / 'lat.txt', 'caf\xe9 1 2\nna\xefve 3 4\n', encoding='latin-1')
    assert E.CustomEmbedding(path, encoding='latin-1').idx_to_token == ['<unk>', 'café', 'naïve']
    with raises(UnicodeDecodeError, "'utf-8' codec can't decode byte 0xe9 in position 3: "
                                    "invalid continuation byte"):
        E.CustomEmbedding(path)
    def quarters(shape):
        return mx.nd.full(shape, 0.25, dtype='float64')
    quarter = E.CustomEmbedding(write(tmp_path / 'e.txt', EMB), init_unknown_vec=quarters)
    assert_vecs(quarter.idx_to_vec[0], [0.25, 0.25])


def test_one_element_unknown_vector_broadcasts(tmp_path):
    embed = E.CustomEmbedding(write(tmp_path / 'u.txt', '<unk> 7\na 1 2\n'))
    assert_vecs(embed.idx_to_vec, [[7, 7], [1, 2]])


def test_reserved_tokens_keep_mxnet_row_layout(emb_file, tmp_path):
    # MXNet gives reserved tokens indices but no rows: vectors shift, indices past the end clip
    embed = E.CustomEmbedding(emb_file, unknown_token='a', reserved_tokens=['<pad>'])
    assert embed.idx_to_token == ['a', '<pad>', 'b', 'c', 'A'] and len(embed) == 5
    assert embed.reserved_tokens == ['<pad>']
    assert_vecs(embed.idx_to_vec, [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]])
    assert_vecs(embed.get_vecs_by_tokens(['A', 'c', '<pad>']), [[0.7, 0.8], [0.7, 0.8], [0.3, 0.4]])
    res = E.CustomEmbedding(write(tmp_path / 'res.txt', 'a 1 2\n<pad> 3 4\n'),
                            reserved_tokens=['<pad>'])
    assert res.idx_to_token == ['<unk>', '<pad>', 'a', '<pad>']
    assert res.token_to_idx == {'<unk>': 0, '<pad>': 3, 'a': 2}
    assert_vecs(res.get_vecs_by_tokens(['<pad>', 'a']), [[3, 4], [3, 4]])


def test_counter_keyword_indexes_before_the_file(emb_file):
    embed = E.CustomEmbedding(emb_file, counter=collections.Counter(['q', 'a']))
    assert embed.idx_to_token == ['<unk>', 'a', 'q', 'a', 'b', 'c', 'A']
    assert embed.token_to_idx == {'<unk>': 0, 'a': 3, 'q': 2, 'b': 4, 'c': 5, 'A': 6}
    assert embed.idx_to_vec.shape == (5, 2)


@pytest.mark.parametrize('content, exc, message', [
    ('a 1 2\nb\n', AssertionError, 'At line 2 of the pre-trained text embedding file: the data '
     'format of the pre-trained token embedding file {path} is unexpected.'),
    ('a 1 2 \n\n', AssertionError, 'At line 2 of the pre-trained text embedding file: the data '
     'format of the pre-trained token embedding file {path} is unexpected.'),
    ('a 1 2\nb 1 2 3\n', AssertionError, 'At line 2 of the pre-trained token embedding file: the '
     'dimension of token b is 3 but the dimension of previous tokens is 2. Dimensions of all the '
     'tokens must be the same.'),
    ('a 1 x\n', ValueError, "could not convert string to float: 'x'"),
    ('', TypeError, "'NoneType' object cannot be interpreted as an integer"),
    ('3 2\n', TypeError, "'NoneType' object cannot be interpreted as an integer"),
    ('<unk> 7 8 9\na 1 2\n', ValueError, 'operands could not be broadcast together with remapped '
     'shapes[original->remapped]: (3,) and requested shape (2,)'),
])
def test_bad_files(tmp_path, content, exc, message):
    path = write(tmp_path / 'bad.txt', content)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        with raises(exc, message.format(path=path)):
            E.CustomEmbedding(path)


def test_missing_custom_file(tmp_path):
    with raises(ValueError, '`pretrained_file_path` must be a valid path to the pre-trained token '
                            'embedding file.'):
        E.CustomEmbedding(str(tmp_path / 'nonexist.txt'))


# -- vocabulary= and CompositeEmbedding --

def test_embedding_for_a_vocabulary(emb_file):
    vocab = Vocabulary(COUNTER, reserved_tokens=['<pad>'])
    embed = E.CustomEmbedding(emb_file, vocabulary=vocab)
    assert embed.idx_to_token == ['<unk>', '<pad>', 'c', 'b', 'a', 'some_word$']
    assert embed.token_to_idx == {'<unk>': 0, '<pad>': 1, 'c': 2, 'b': 3, 'a': 4, 'some_word$': 5}
    assert (embed.reserved_tokens, embed.unknown_token, embed.vec_len, len(embed)) == \
        (['<pad>'], '<unk>', 2, 6)
    assert_vecs(embed.idx_to_vec, [[0, 0], [0, 0], [0.5, 0.6], [0.3, 0.4], [0.1, 0.2], [0, 0]])
    embed.reserved_tokens.append('x')
    assert vocab.reserved_tokens == ['<pad>']
    ones = E.CustomEmbedding(emb_file, init_unknown_vec=mx.nd.ones,
                             vocabulary=Vocabulary(collections.Counter(['c', 'a', 'x'])))
    assert ones.idx_to_token == ['<unk>', 'a', 'c', 'x']
    assert_vecs(ones.idx_to_vec, [[1, 1], [0.1, 0.2], [0.5, 0.6], [1, 1]])
    with raises(AssertionError, 'The argument `vocabulary` must be an instance of '
                                'mxnet.contrib.text.vocab.Vocabulary.'):
        E.CustomEmbedding(emb_file, vocabulary=COUNTER)


def test_composite_embedding(emb_file, tmp_path):
    vocab = Vocabulary(COUNTER, reserved_tokens=['<pad>'])
    second = E.CustomEmbedding(write(tmp_path / 'e2.txt', 'b 10 20 30\nc 40 50 60\nz 1 1 1\n'),
                               init_unknown_vec=mx.nd.ones)
    both = E.CompositeEmbedding(vocab, [E.CustomEmbedding(emb_file), second])
    assert both.idx_to_token == ['<unk>', '<pad>', 'c', 'b', 'a', 'some_word$']
    assert both.vec_len == 5
    assert_vecs(both.idx_to_vec, [[0, 0, 1, 1, 1], [0, 0, 1, 1, 1], [0.5, 0.6, 40, 50, 60],
                                  [0.3, 0.4, 10, 20, 30], [0.1, 0.2, 1, 1, 1], [0, 0, 1, 1, 1]])
    one = E.CompositeEmbedding(vocab, E.CustomEmbedding(str(tmp_path / 'e2.txt')))
    assert_vecs(one.idx_to_vec, [[0, 0, 0], [0, 0, 0], [40, 50, 60], [10, 20, 30], [0, 0, 0],
                                 [0, 0, 0]])


@pytest.mark.parametrize('args, message', [
    ((COUNTER, []), 'The argument `vocabulary` must be an instance of '
                    'mxnet.contrib.text.indexer.Vocabulary.'),
    ((Vocabulary(), [1]), EMBEDDINGS_MSG),
    ((Vocabulary(), 'x'), EMBEDDINGS_MSG),
])
def test_composite_embedding_errors(args, message):
    with raises(AssertionError, message):
        E.CompositeEmbedding(*args)


# -- update_token_vectors --

def test_update_token_vectors(emb_file):
    embed = E.CustomEmbedding(emb_file)
    embed.update_token_vectors('a', mx.nd.array([9, 9]))
    embed.update_token_vectors(['b'], mx.nd.array([[8, 8]]))
    embed.update_token_vectors(['c', '<unk>'], mx.nd.array([[7, 7], [6, 6]]))
    assert_vecs(embed.idx_to_vec, [[6, 6], [9, 9], [8, 8], [7, 7], [0.7, 0.8]])
    embed.update_token_vectors(['a'], mx.nd.array([1, 2], dtype='int32'))
    assert_vecs(embed.idx_to_vec, [[6, 6], [1, 2], [8, 8], [7, 7], [0.7, 0.8]])
    embed.update_token_vectors('A', mx.nd.array([0.5, 0.25], dtype='float64'))
    assert_vecs(embed.get_vecs_by_tokens('A'), [0.5, 0.25])


@pytest.mark.parametrize('tokens, vectors, exc, message', [
    ('zz', [1, 1], ValueError, UNKNOWN_MSG % 'zz'),
    (['a', 'zz'], [[1, 1], [1, 1]], ValueError, UNKNOWN_MSG % 'zz'),
    (('a', 'b'), [3, 3], ValueError, UNKNOWN_MSG % "('a', 'b')"),
    ('a', None, AssertionError, NOT_LIST_MSG),
    ('a', [[[1, 1]]], AssertionError, NOT_LIST_MSG),
    ('a', [1, 1, 1], AssertionError, SHAPE_MSG),
    (['a', 'b'], [1, 1], AssertionError, NOT_2D_MSG),
    (['a', 'b'], [[1, 1]], AssertionError, SHAPE_MSG),
])
def test_update_token_vectors_errors(emb_file, tokens, vectors, exc, message):
    embed = E.CustomEmbedding(emb_file)
    new_vectors = [1, 1] if vectors is None else mx.nd.array(vectors)
    with raises(exc, message):
        embed.update_token_vectors(tokens, new_vectors)
    assert_vecs(embed.idx_to_vec, EMB_VECS)


# -- registry, GloVe, FastText --

def test_get_pretrained_file_names():
    names = E.get_pretrained_file_names()
    assert {'glove', 'fasttext'} <= set(names)
    assert names['glove'] == GLOVE_FILES
    assert E.get_pretrained_file_names('glove') == GLOVE_FILES
    fasttext = E.get_pretrained_file_names('fasttext')
    assert len(fasttext) == 327 and names['fasttext'] == fasttext
    assert fasttext[:5] == ['crawl-300d-2M.vec', 'wiki.aa.vec', 'wiki.ab.vec', 'wiki.ace.vec',
                            'wiki.ady.vec']
    assert {'wiki.simple.vec', 'wiki.en.vec', 'wiki.multi.en.vec'} <= set(fasttext)
    assert E.GloVe.pretrained_file_name_sha1['glove.6B.50d.txt'] == \
        '21bf566a9d27f84d253e0cd4d4be9dcc07976a6d'
    for name in ['GloVe', 'nope']:
        with raises(KeyError, repr('Cannot find `embedding_name` %s. Use `get_pretrained_file_'
                                   'names(embedding_name=None).keys()` to get all the valid '
                                   'embedding names.' % name)):
            E.get_pretrained_file_names(name)


def test_create_errors():
    with raises(AssertionError, 'nope is not registered. Please register with token '
                                'embedding.register first'):
        E.create('NOPE')
    with raises(AssertionError, 'token embedding must be of string type'):
        E.create(3)
    with raises(KeyError, repr('Cannot find pretrained file x.txt for token embedding glove. '
                               'Valid pretrained files for embedding glove: '
                               + ', '.join(GLOVE_FILES))):
        E.create('glove', pretrained_file_name='x.txt')
    with pytest.raises(KeyError, match=r"^'Cannot find pretrained file glove.6B.50d.txt for token "
                                       r"embedding fasttext. Valid pretrained files for embedding "
                                       r"fasttext: crawl-300d-2M.vec, wiki.aa.vec, "):
        E.create('fasttext', pretrained_file_name='glove.6B.50d.txt')


@pytest.mark.parametrize('cls, name, url', [
    (E.GloVe, 'glove.6B.50d.txt', 'glove/glove.6B.zip'),
    (E.GloVe, 'glove.840B.300d.txt', 'glove/glove.840B.300d.zip'),
    (E.GloVe, 'glove.twitter.27B.25d.txt', 'glove/glove.twitter.27B.zip'),
    (E.FastText, 'wiki.simple.vec', 'fasttext/wiki.simple.zip'),
    (E.FastText, 'crawl-300d-2M.vec', 'fasttext/crawl-300d-2M.zip'),
    (E.FastText, 'wiki.multi.en.vec', 'fasttext/wiki.multi.en.zip'),
])
def test_mxnet_download_urls(monkeypatch, cls, name, url):
    monkeypatch.delenv('MXNET_GLUON_REPO', raising=False)
    assert cls._get_pretrained_file_url(name) == S3 + url
    monkeypatch.setenv('MXNET_GLUON_REPO', 'https://mirror.example/')
    assert cls._get_pretrained_file_url(name) == 'https://mirror.example/gluon/embeddings/' + url


def test_default_embedding_root():
    home = os.getenv('MXNET_HOME', os.path.join(os.path.expanduser('~'), '.mxnet'))
    for cls, default_file in [(E.GloVe, 'glove.840B.300d.txt'), (E.FastText, 'wiki.simple.vec')]:
        params = inspect.signature(cls).parameters
        assert params['embedding_root'].default == os.path.join(home, 'embeddings')
        assert params['pretrained_file_name'].default == default_file
        assert params['init_unknown_vec'].default is mx.nd.zeros


def test_glove_reads_a_local_file(tmp_path):
    os.mkdir(tmp_path / 'glove')
    write(tmp_path / 'glove' / 'glove.6B.50d.txt', EMB)
    glove = E.GloVe('glove.6B.50d.txt', embedding_root=str(tmp_path))
    assert isinstance(glove, E.GloVe)
    assert glove.idx_to_token == ['<unk>', 'a', 'b', 'c', 'A']
    assert_vecs(glove.idx_to_vec, EMB_VECS)
    created = E.create('GloVe', pretrained_file_name='glove.6B.50d.txt',
                       embedding_root=str(tmp_path), vocabulary=Vocabulary(COUNTER))
    assert created.idx_to_token == ['<unk>', 'c', 'b', 'a', 'some_word$']
    assert_vecs(created.idx_to_vec, [[0, 0], [0.5, 0.6], [0.3, 0.4], [0.1, 0.2], [0, 0]])


def test_fasttext_reads_a_local_file(tmp_path):
    os.mkdir(tmp_path / 'fasttext')
    write(tmp_path / 'fasttext' / 'wiki.simple.vec', '2 3\nhello 1 2 3\nworld 4 5 6\n')
    with pytest.warns(UserWarning, match=re.escape(HEADER_MSG % (1, '2', '[3.0]'))):
        fasttext = E.create('fasttext', embedding_root=str(tmp_path), init_unknown_vec=mx.nd.ones)
    assert fasttext.idx_to_token == ['<unk>', 'hello', 'world']
    assert_vecs(fasttext.idx_to_vec, [[1, 1, 1], [1, 2, 3], [4, 5, 6]])


def test_missing_pretrained_file_names_mxnet_url(tmp_path, monkeypatch):
    monkeypatch.delenv('MXNET_GLUON_REPO', raising=False)
    with pytest.raises(FileNotFoundError) as glove_error:
        E.GloVe('glove.6B.50d.txt', embedding_root=str(tmp_path))
    message = str(glove_error.value)
    assert str(tmp_path / 'glove' / 'glove.6B.50d.txt') in message
    assert S3 + 'glove/glove.6B.zip' in message and 'does not download' in message
    with pytest.raises(FileNotFoundError, match=re.escape(S3 + 'fasttext/wiki.en.zip')):
        E.FastText('wiki.en.vec', embedding_root=str(tmp_path))


def test_register_and_create_a_custom_embedding(restore_registry):
    @E.register
    class MyEmbed(E._TokenEmbedding):
        pretrained_file_name_sha1 = {'f1': 'x'}

        def __init__(self, size=1, **kwargs):
            super().__init__(**kwargs)
            self.size = size

    made = E.create('MYEMBED', size=5, unknown_token='?')
    assert (type(made), made.size, made.idx_to_token) == (MyEmbed, 5, ['?'])
    assert E.get_pretrained_file_names('myembed') == ['f1']
    assert E.create(made) is made
    with raises(AttributeError, "'MyEmbed' object has no attribute '_vec_len'"):
        made.vec_len
    with pytest.warns(UserWarning) as caught:
        E.register(MyEmbed)
    assert str(caught[0].message) == (
        '\033[91mNew token embedding %s.MyEmbed registered with name myembed isoverriding '
        'existing token embedding %s.MyEmbed\033[0m' % (__name__, __name__))
    with raises(AssertionError, 'Can only register subclass of _TokenEmbedding'):
        E.register(int)
