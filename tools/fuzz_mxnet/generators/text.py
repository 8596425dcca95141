"""mx.contrib.text: count_tokens_from_str, Vocabulary (indexing, lookups, errors), CustomEmbedding
from small local files (delimiters, encodings, unknown/duplicate/header lines, vocabularies),
get_vecs_by_tokens, update_token_vectors, CompositeEmbedding and the registry (no downloads).

Each expression writes its embedding files under /tmp/fz_text_<library>_<n>_*.txt.
Usage: python text.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
TOKENS = ["a", "b", "c", "A", "B", "hello", "Hello", "<unk>", "<pad>", "x.y", "é", "Ü", "1", "a*b", "", " "]
DELIMS = [("' '", " "), ("','", ","), ("'\\\\*'", "*"), ("'\\t'", "\t"), ("' +'", " ")]
SEQS = [("'\\n'", "\n"), ("';'", ";"), ("'\\n|;'", ";")]
RESERVED = ["None", "[]", "['<pad>']", "['<pad>', '<bos>']", "['a']", "['<pad>', '<pad>']", "['<unk>']",
            "['b', 'Hello']", "('<pad>',)"]
UNKNOWN = ["'<unk>'", "'<unk>'", "'<oov>'", "'a'", "None", "'<pad>'", "'<oov>'"]
# t(f): f() or the error it raises as a string, so that one failing call keeps the others' results.
TRY = ("exec(\"def t(f):\\n try: return f()\\n except Exception as e: return 'ERR ' + type(e).__name__ + "
       "(': ' + str(e).splitlines()[0] if str(e) and type(e).__name__ != 'MXNetError' else '')\");; ")


def source_string():
    """A string of random tokens joined by a token delimiter and a sequence delimiter."""
    (tq, t), (sq, s) = random.choice(DELIMS), random.choice(SEQS)
    pieces = []
    for _ in range(random.randint(0, 12)):
        pieces.append(random.choice(TOKENS[:-2]))
        pieces.append(random.choice([t, t, t, s, t + t, s + t]))
    return repr("".join(pieces)), tq, sq


def counter():
    """Python source for a collections.Counter (or something that is not one)."""
    k = random.random()
    if k < 0.5:
        src, tq, sq = source_string()
        return f"mx.contrib.text.utils.count_tokens_from_str({src}, {tq}, {sq}, {random.choice([True, False])})"
    if k < 0.95:
        toks = [random.choice(TOKENS) for _ in range(random.randint(0, 10))]
        return f"collections.Counter({toks!r})"
    return random.choice(["None", "{'a': 2}", "['a', 'b']"])


def vocabulary():
    args = [counter()]
    for key, choices in [("most_freq_count", ["None", "0", "1", "2", "3", "10", "-1", "1.5", "'2'"]), ("min_freq", ["1", "2", "3", "1", "2", "0"]),
                         ("unknown_token", UNKNOWN), ("reserved_tokens", RESERVED)]:
        if random.random() < 0.5:
            args.append(f"{key}={random.choice(choices)}")
    return "mx.contrib.text.vocab.Vocabulary(" + ", ".join(args) + ")"


def lookups(name):
    toks = [random.choice(TOKENS) for _ in range(random.randint(0, 4))]
    return random.choice([f"{name}.to_indices({toks!r})", f"{name}.to_indices({random.choice(TOKENS)!r})",
                          f"{name}.to_tokens({random.choice([0, 1, 2, 3, 5, 9, -1, -3])})",
                          f"{name}.to_tokens({random.sample([0, 1, 2, 3, 4, -1, 7], random.randint(0, 3))})",
                          f"{name}.to_tokens(1.0)", f"{name}.to_tokens([0, '1'])", f"{name}.to_indices(('a', 'b'))",
                          f"{name}.to_tokens((0, 1))", f"{name}.to_tokens(np.int64(1))",
                          f"{name}[0]", f"'a' in {name}.token_to_idx"])


def vector(n):
    return [random.choice(["0", "1", "-1", "0.5", "2.25", "1e3", "-3.75", "1e-3", "0.1", "nan", "inf", "3"]) for _ in range(n)]


def embedding_file(n_file):
    """(statements writing the file, path variable, elem_delim source, encoding source)."""
    delim = random.choice([" ", " ", "\t", ",", " ", "\t", "  "])
    encoding = random.choice(["'utf8'", "'utf8'", "'latin-1'", "'utf-8'"])
    dim = random.choice([1, 2, 2, 3])
    lines = []
    if random.random() < 0.15:
        lines.append(f"{random.randint(1, 9)} {dim}")
    for _ in range(random.randint(0 if random.random() < 0.05 else 1, 5)):
        token = random.choice(TOKENS[:-2])
        d = dim if random.random() < 0.97 else random.choice([0, 1, dim + 1])
        lines.append(delim.join([token] + vector(d)))
    if random.random() < 0.03:
        lines.append("")
    text = "\n".join(lines) + random.choice(["\n", "", "\n", " \n"])
    path = f"'/tmp/fz_text_' + mx.__name__ + '_{n_file}.txt'"
    write = f"p = {path};; open(p, 'w', encoding={encoding}).write({text!r})"
    return write, delim, encoding


def custom(n_file, name="e"):
    write, delim, encoding = embedding_file(n_file)
    args = ["p"]
    if random.random() < 0.7 or delim != " ":
        args.append(f"elem_delim={random.choice([delim] * 5 + [' '])!r}")
    if random.random() < 0.5:
        args.append("encoding=" + random.choice([encoding] * 4 + ["'ascii'"]))
    if random.random() < 0.3:
        args.append(f"init_unknown_vec={random.choice(['mx.nd.ones', 'mx.nd.zeros', 'lambda shape: mx.nd.full(shape, 7)'])}")
    if random.random() < 0.3:
        args.append(f"vocabulary={vocabulary()}")
    for key, choices in [("unknown_token", UNKNOWN), ("reserved_tokens", RESERVED)]:
        if random.random() < 0.2:
            args.append(f"{key}={random.choice(choices)}")
    return f"{write};; {name} = mx.contrib.text.embedding.CustomEmbedding(" + ", ".join(args) + ")"


def embedding_ops(name):
    toks = [random.choice(TOKENS) for _ in range(random.randint(0, 4))]
    k = random.random()
    if k < 0.4:  # no empty list: MXNet 1.9.1 fails on zero-size results
        return f"{name}.get_vecs_by_tokens({random.choice([toks or ['a'], random.choice(TOKENS)])!r}, lower_case_backup={random.choice([True, False])})"
    if k < 0.75:
        toks = toks or ["b"]
        n = len(toks) if random.random() < 0.8 else random.randint(1, 3)
        vec = random.choice([f"mx.nd.arange({n} * {name}.vec_len).reshape(({n}, {name}.vec_len)) + 10",
                             f"mx.nd.ones(({name}.vec_len,)) * 5", f"mx.nd.ones((1, {name}.vec_len))",
                             f"mx.nd.ones(({n}, {name}.vec_len + 1))", f"np.ones(({n}, {name}.vec_len))",
                             f"mx.nd.ones(({n}, 1, {name}.vec_len))", f"mx.nd.ones(({n}, {name}.vec_len), dtype='float64') * 2",
                             f"mx.nd.ones(({n}, {name}.vec_len), dtype='int32') * 3"])
        target = random.choice([toks, toks[:1], random.choice(TOKENS), ["<unk>"]])
        return f"({name}.update_token_vectors({target!r}, {vec}), {name}.idx_to_vec)[1]"
    return lookups(name)


lines = []
for n in range(int(sys.argv[2])):
    k = random.random()
    if k < 0.2:
        src, tq, sq = source_string()
        args = [src]
        if random.random() < 0.6:
            args += [tq, sq]
        if random.random() < 0.4:
            args.append(f"to_lower={random.choice([True, False])}")
        pre = ""
        if random.random() < 0.3:
            pre = f"c = collections.Counter({[random.choice(TOKENS) for _ in range(3)]!r});; "
            args.append("counter_to_update=c")
        lines.append(f"!import collections;; {pre}r = mx.contrib.text.utils.count_tokens_from_str({', '.join(args)});; "
                     "R = [repr(r), sorted(r.items()), r is c if 'c' in dir() else None]")
    elif k < 0.5:
        ops = [f"t(lambda: {lookups('v')})" for _ in range(random.randint(1, 4))]
        lines.append(f"!{TRY}import collections;; v = {vocabulary()};; "
                     f"R = [v.idx_to_token, sorted(v.token_to_idx.items()), len(v), v.unknown_token, v.reserved_tokens, "
                     + ", ".join(ops) + "]")
    elif k < 0.85:
        lines.append(f"!{TRY}import collections, warnings;; warnings.simplefilter('ignore');; {custom(n)};; "
                     f"R = [e.idx_to_token, sorted(e.token_to_idx.items()), e.unknown_token, e.reserved_tokens, e.vec_len, e.idx_to_vec];; "
                     + ";; ".join(f"R.append(t(lambda: {embedding_ops('e')}))" for _ in range(random.randint(1, 4))))
    elif k < 0.95:
        second = custom(f"{n}b", "f")
        lines.append(f"!{TRY}import collections, warnings;; warnings.simplefilter('ignore');; {custom(n)};; {second};; "
                     f"v = {vocabulary()};; c = mx.contrib.text.embedding.CompositeEmbedding(v, {random.choice(['[e, f]', 'e', '[f]', '[e, e]', '[]', 'v', 'f'])});; "
                     f"R = [c.idx_to_token, c.unknown_token, c.reserved_tokens, c.vec_len, c.idx_to_vec, "
                     f"t(lambda: {embedding_ops('c')}), t(lambda: {embedding_ops('c')})]")
    else:
        lines.append("!" + random.choice([
            "R = sorted((k, len(v), v[:3]) for k, v in mx.contrib.text.embedding.get_pretrained_file_names().items())",
            "R = mx.contrib.text.embedding.get_pretrained_file_names('glove')",
            "R = mx.contrib.text.embedding.get_pretrained_file_names('fasttext')[:5]",
            "R = mx.contrib.text.embedding.get_pretrained_file_names('GloVe')",
            "R = mx.contrib.text.embedding.get_pretrained_file_names('word2vec')",
            "R = mx.contrib.text.embedding.create('word2vec')",
            "R = mx.contrib.text.embedding.create('glove', pretrained_file_name='nope.txt')",
            "R = mx.contrib.text.embedding.create('FastText', pretrained_file_name='bad.vec')",
            "R = mx.contrib.text.embedding.GloVe('glove.6B.7d.txt')",
            "R = [mx.contrib.text.embedding.GloVe._get_pretrained_file_url(n) for n in ['glove.6B.50d.txt', 'glove.840B.300d.txt', 'glove.twitter.27B.25d.txt']]",
            "R = [mx.contrib.text.embedding.FastText._get_pretrained_file_url(n) for n in ['wiki.simple.vec', 'wiki.en.vec', 'crawl-300d-2M.vec']]",
            "R = [mx.contrib.text.embedding.FastText._get_download_file_name('wiki.simple.vec'), mx.contrib.text.embedding.GloVe._get_download_file_name('glove.42B.300d.txt')]",
            "E = mx.contrib.text.embedding;; cls = type('MyEmb', (E._TokenEmbedding,), {'pretrained_file_name_sha1': {'f.txt': None}});; E.register(cls);; R = [type(E.create('myemb')).__name__, E.get_pretrained_file_names('myemb'), 'myemb' in E.get_pretrained_file_names()]",
            "E = mx.contrib.text.embedding;; R = E.register(int)",
            "E = mx.contrib.text.embedding;; R = [E._TokenEmbedding().idx_to_token, E._TokenEmbedding(unknown_token='?', reserved_tokens=['!']).idx_to_token, E._TokenEmbedding().vec_len if hasattr(E._TokenEmbedding(), '_vec_len') else 'noattr']",
            "E = mx.contrib.text.embedding;; R = E.create(E._TokenEmbedding())",
            "R = mx.contrib.text.embedding.CustomEmbedding('/tmp/definitely_not_here.txt')",
            "R = sorted(mx.contrib.text.embedding.GloVe.pretrained_archive_name_sha1.items())",
            "R = sorted(mx.contrib.text.embedding.FastText.pretrained_archive_name_sha1.items())[:5]",
            "R = [mx.contrib.text.vocab.Vocabulary().idx_to_token, mx.contrib.text.vocab.Vocabulary().reserved_tokens, len(mx.contrib.text.vocab.Vocabulary())]",
            "R = mx.contrib.text.vocab.Vocabulary(min_freq=0)",
            "R = [mx.contrib.text._constants.UNKNOWN_IDX, mx.contrib.text._constants.APACHE_REPO_URL]",
            "R = sorted(x for x in dir(mx.contrib.text) if not x.startswith('_'))",
            "R = [sorted(x for x in dir(mx.contrib.text.embedding) if not x.startswith('_')), sorted(x for x in dir(mx.contrib.text.vocab) if not x.startswith('_'))]",
        ]))
print('\n'.join(lines))
