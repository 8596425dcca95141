"""mx.io.NDArrayIter, ResizeIter, PrefetchingIter, DataDesc and DataBatch.

Each line builds an iterator from random numpy / NDArray / list / dict / CSR sources, walks a
few epochs (reset, hard_reset, next() by hand) and records every batch's arrays, pad and
index, provide_data / provide_label and errors (shuffled ones too: np.random.seed fixes the order).
Never iterates with batch_size 0 or over prefetched iterators that disagree (MXNet hangs there).

Usage: python data_iters.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))

PRELUDE = (
    "_e = lambda e: 'ERR ' + type(e).__name__ + ('' if type(e).__name__ == 'MXNetError' else ': ' + (str(e).splitlines() or [''])[0][:150]);; "
    "_a = lambda d: [type(d).__name__, str(np.dtype(d.dtype)), list(d.shape), d.stype, d.asnumpy().tolist() if FULL else None];; "
    "_b = lambda b: [[_a(d) for d in b.data], None if b.label is None else [_a(d) for d in b.label], b.pad, "
    "None if b.index is None else np.asarray(b.index).tolist()];; "
    "_ep = lambda it: [_b(b) for b in it];; "
    "_d = lambda ds: [repr(ds), [[x.name, list(x.shape), str(np.dtype(x.dtype)), x.layout] for x in ds]];; "
    "R = []")

DTYPES = ["'float32'", "'float64'", "'int32'", "'int64'", "'uint8'", "'float16'"]


def values(shape):
    if not shape:
        return random.randint(0, 20)
    return [values(shape[1:]) for _ in range(shape[0])]


def source(n, allow_csr=False, allow_list=True):
    """Source text of one array with ``n`` rows."""
    shape = [n] + random.choice([[], [2], [3], [2, 2], [1]])
    dtype = random.choice(DTYPES)
    kind = random.random()
    if allow_csr and kind < 0.15:
        return f"mx.nd.sparse.csr_matrix(np.array({values([n, 3])!r}, dtype='float32'))"
    if kind < 0.5:
        return f"np.array({values(shape)!r}, dtype={dtype})"
    if kind < 0.9 or not allow_list:
        return f"mx.nd.array({values(shape)!r}, dtype={dtype})"
    return repr(values(shape))  # a plain list: MXNet takes it as a list of sources


def sources(n, allow_csr, allow_none):
    kind = random.random()
    if allow_none and kind < 0.25:
        return "None"
    if kind < 0.55:
        return source(n, allow_csr)
    if kind < 0.75:
        return "[" + ", ".join(source(n if random.random() < 0.95 else n + 1, allow_csr)
                               for _ in range(random.randint(1, 3))) + "]"
    names = random.sample(["data", "b", "a", "z", "x_1", "label", "A"], random.randint(1, 3))
    pairs = ", ".join(f"{name!r}: {source(n if random.random() < 0.95 else n + 1, allow_csr)}" for name in names)
    return "{" + pairs + "}"


def ndarray_iter(n=None, handle=None, shuffle=None, label=True):
    n = n or random.randint(1, 9)
    batch = random.choice([1, 2, 3, 4, n, n + 1, 2 * n + 1, 3])
    handle = handle or random.choice(["'pad'", "'discard'", "'roll_over'", "'pad'", "'roll_over'", "'foo'"])
    csr = "discard" in handle or random.random() < 0.1
    args = [sources(n, csr, False), sources(n, csr, True) if label else "None", f"batch_size={batch}"]
    if shuffle:
        args.append("shuffle=True")
    if random.random() < 0.8:
        args.append(f"last_batch_handle={handle}")
    if random.random() < 0.2:
        args.append(f"data_name={random.choice(['x', 'data', 'img'])!r}")
    if random.random() < 0.2:
        args.append(f"label_name={random.choice(['y', 'lab', 'softmax_label'])!r}")
    return f"mx.io.NDArrayIter({', '.join(args)})"


def walk(parts, obj="it", manual=True):
    """Epochs over ``obj`` with reset / hard_reset / next() / iter_next() between them."""
    for _ in range(random.randint(1, 3)):
        step = random.random()
        if manual and step < 0.15:
            for _ in range(random.randint(1, 4)):
                parts.append(f"try: R.append([{obj}.iter_next(), {obj}.cursor, [_a(d) for d in {obj}.getdata()], "
                             f"[_a(d) for d in {obj}.getlabel()], {obj}.getpad(), {obj}.getindex()])")
                parts.append("except Exception as e: R.append(_e(e))")
        elif manual and step < 0.35:
            for _ in range(random.randint(1, 4)):
                parts.append(f"try: R.append(_b({obj}.next()))")
                parts.append("except Exception as e: R.append(_e(e))")
                parts.append(f"R.append([{obj}.getpad(), None if {obj}.getindex() is None else list({obj}.getindex())])")
        else:
            parts.append(f"try: R.append(_ep({obj}))")
            parts.append("except Exception as e: R.append(_e(e))")
        if manual and random.random() < 0.2 and obj == "it":
            parts.append(f"{obj}.hard_reset()")
        else:
            parts.append(f"{obj}.reset()")


def ndarray_line(parts):
    shuffle = random.random() < 0.3
    parts.insert(0, "FULL = True")  # np.random.seed makes the shuffles equal
    if shuffle:
        parts.append(f"np.random.seed({random.randint(0, 99)})")
    parts.append(f"it = {ndarray_iter(shuffle=shuffle)}")
    parts.append("R.append([_d(it.provide_data), _d(it.provide_label), it.batch_size, it.num_data, it.last_batch_handle])")
    parts.append("R.append([[k, type(v).__name__, list(v.shape), str(np.dtype(v.dtype))] for k, v in it.data + it.label] + [it.cursor, it.num_source, iter(it) is it])")
    walk(parts)


def resize_line(parts):
    parts.insert(0, "FULL = True")
    inner = ndarray_iter()
    if random.random() < 0.2:
        inner = f"mx.io.ResizeIter({inner}, {random.randint(1, 4)})"
    parts.append(f"it = mx.io.ResizeIter({inner}, {random.randint(0, 5)}, reset_internal={random.random() < 0.5})")
    parts.append("R.append([_d(it.provide_data), _d(it.provide_label), it.batch_size])")
    walk(parts, manual=False)


def prefetch_line(parts):
    parts.insert(0, "FULL = True")
    n = random.randint(1, 7)
    batch = random.randint(1, n + 1)
    handle = random.choice(["'pad'", "'discard'", "'roll_over'"])
    count = random.randint(1, 2)
    iters = [f"mx.io.NDArrayIter({source(n, allow_list=False)}, "
             f"{source(n, allow_list=False) if random.random() < 0.7 else 'None'}, "
             f"batch_size={batch}, last_batch_handle={handle})" for _ in range(count)]
    args = ["[" + ", ".join(iters) + "]" if count > 1 or random.random() < 0.5 else iters[0]]
    if random.random() < 0.4:
        args.append("rename_data=[" + ", ".join(f"{{'data': 'd{i}'}}" for i in range(count)) + "]")
    if random.random() < 0.2:
        args.append("rename_label=[" + ", ".join(f"{{'softmax_label': 'l{i}'}}" for i in range(count)) + "]")
    parts.append(f"it = mx.io.PrefetchingIter({', '.join(args)})")
    parts.append("R.append([_d(it.provide_data), _d(it.provide_label), it.batch_size])")
    walk(parts, manual=False)


def misc_line(parts):
    parts.insert(0, "FULL = True")
    arrays = ["mx.nd.ones((2, 3))", "mx.nd.zeros((4,), dtype='int32')", "mx.nd.sparse.zeros('csr', (2, 2))"]
    pick = lambda: "[" + ", ".join(random.sample(arrays, random.randint(0, 2))) + "]"  # noqa: E731
    exprs = [
        f"str(mx.io.DataBatch({pick()}, label={random.choice(['None', pick(), '[]'])}, pad={random.randint(0, 2)}))",
        f"str(mx.io.DataBatch(({arrays[0]},), label=({arrays[1]},)))",
        f"mx.io.DataBatch({arrays[0]})",
        f"mx.io.DataBatch([{arrays[0]}], label={arrays[1]})",
        f"repr(mx.io.DataDesc('x', (2, {random.randint(1, 4)}), dtype={random.choice(DTYPES + ['np.int32'])}, layout={random.choice(['NCHW', 'NTC', 'TNC'])!r}))",
        "repr(mx.io.DataDesc('data', [1, 2]))",
        "mx.io.DataDesc('x', (2, 3)) == mx.io.DataDesc('x', (2, 3), 'int32')",
        "mx.io.DataDesc('x', (2, 3)) == ('x', (2, 3))",
        f"mx.io.DataDesc.get_batch_axis({random.choice(['None', repr('NCHW'), repr('TNC'), repr('CHW')])})",
        "repr(mx.io.DataDesc.get_list([('a', (1, 2)), ('b', (3,))], [('a', 'int32'), ('b', np.float64)]))",
        "repr(mx.io.DataDesc.get_list([('a', (1, 2))], None))",
        f"mx.io.NDArrayIter({source(3)}, batch_size=0).provide_data",
        f"mx.io.NDArrayIter({random.choice(['None', '[]', '{}', '5', repr('abc'), '[None]', '[[1, 2], [3]]'])}, batch_size=2).provide_data",
        f"mx.io.NDArrayIter(np.ones((3, 2)), label={random.choice(['[]', '{}', '5', '[None]'])}, batch_size=2).provide_label",
        f"[x.shape for x in mx.io.NDArrayIter({source(4)}, layout={random.choice(['NCHW', 'CN', 'TNC'])!r}, batch_size=2).next().data]",
        f"str(mx.io.NDArrayIter({source(4)}, {source(4)}, batch_size=2).next())",
        "(lambda d: (mx.io.NDArrayIter(d, batch_size=2), type(d['a']).__name__)[1])({'a': np.ones((3, 2))})",
        f"mx.io.NDArrayIter({source(5, True)}, batch_size=2, last_batch_handle='pad').batch_size",
    ]
    parts.append(f"R = {random.choice(exprs)}")


def line():
    parts = [PRELUDE]
    random.choices([ndarray_line, resize_line, prefetch_line, misc_line], [6, 2, 2, 2])[0](parts)
    return "!" + ";; ".join(parts)


if __name__ == "__main__":
    print("\n".join(line() for _ in range(int(sys.argv[2]))))
