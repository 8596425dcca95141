"""Indexing, layout and miscellaneous operators: take (clip/wrap/raise), batch_take, pick, one_hot,
onehot_encode, fill_element_0index, gather_nd, scatter_nd, _scatter_set_nd, slice_like,
ravel_multi_index, unravel_index, im2col, col2im, khatri_rao, _split_v2/split_v2, _slice_assign,
_slice_assign_scalar, _set_value, histogram, _rnn_param_concat and _sample_unique_zipfian (shapes
and dtypes only), with random shapes (zero-size too), index dtypes, out-of-range and negative
indices, every parameter and invalid inputs. Compare these exactly.

Seeds of 1000 and above generate the densities (random_pdf_*, with is_log and parameter arrays
broadcast over samples) instead: run those with --numeric.

Usage: python index_layout_ops.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
DENSITIES = int(sys.argv[1]) >= 1000

FLOATS = ["'float32'", "'float64'", "'float16'"]
INTS = ["'int32'", "'int64'", "'uint8'", "'int8'"]


def rs():
    return f"np.random.RandomState({random.randint(0, 9999)})"


def arr(shape, dtype="'float32'", lo=-3, hi=3):
    """Random values in [lo, hi): integers for integer dtypes, some special values for floats."""
    shape = tuple(shape)
    if dtype in INTS:
        lo = max(lo, 0) if dtype == "'uint8'" else lo
        return f"mx.nd.array({rs()}.randint({lo}, {hi}, {shape}), dtype={dtype})"
    if random.random() < 0.2:
        return f"mx.nd.array({rs()}.choice([0.0, -0.0, 0.5, 1.5, -2.5, 1e30, -7.25], {shape}), dtype={dtype})"
    return f"mx.nd.array({rs()}.uniform({lo}, {hi}, {shape}), dtype={dtype})"


def idx(shape, lo, hi, dtype=None, frac=None):
    """An index array with values in [lo, hi); float dtypes sometimes get fractional values."""
    dtype = dtype or random.choice(["'float32'", "'float32'", "'int32'", "'int64'", "'float64'", "'float16'", "'uint8'"])
    shape = tuple(shape)
    if dtype == "'uint8'":
        lo = max(lo, 0)
        hi = max(hi, lo + 1)
    frac = random.random() < 0.2 if frac is None else frac
    if "float" in dtype and random.random() < 0.06:  # what static_cast<int64_t> makes of these
        special = [float("nan"), float("inf"), -float("inf"), 1e30, -1e30, 2.0 ** 31, -2.0 ** 31 - 2, 0.5, -0.5, 1, 0]
        return f"mx.nd.array({rs()}.choice({special}, {shape}), dtype={dtype})".replace("nan", "np.nan").replace("inf", "np.inf")
    if frac and "float" in dtype:
        return f"mx.nd.array({rs()}.uniform({lo}, {hi}, {shape}), dtype={dtype})"
    return f"mx.nd.array({rs()}.randint({lo}, {max(hi, lo + 1)}, {shape}), dtype={dtype})"


def shape_of(ndim=None, zero=0.05, high=4):
    ndim = random.randint(1, 4) if ndim is None else ndim
    return tuple(0 if random.random() < zero else random.choice([1, random.randint(1, high)]) for _ in range(ndim))


def dt(ints=True):
    return random.choice(FLOATS + (INTS if ints else []))


def opt(name, values):
    """``, name=value`` with a random value, or nothing (the default)."""
    value = random.choice(values + ["OMIT"])
    return "" if value == "OMIT" else f", {name}={value}"


def take():
    s = shape_of()
    axis = random.choice([0, -1, len(s) - 1, random.randint(-len(s) - 1, len(s))])
    size = s[axis] if -len(s) <= axis < len(s) else 3
    ishape = shape_of(random.randint(1, 3), zero=0.03)
    ind = idx(ishape, -size - 2, size + 3)
    mode = random.choice(["", ", mode='clip'", ", mode='wrap'", ", mode='raise'", ", mode='raise'"])
    ax = random.choice([f", axis={axis}", ""] if axis == 0 else [f", axis={axis}"])
    if random.random() < 0.3:
        return f"{arr(s, dt())}.take({ind}{ax}{mode})"
    return f"mx.nd.take({arr(s, dt())}, {ind}{ax}{mode})"


def batch_take():
    n, m = random.randint(0, 4), random.randint(1, 4)
    extra = random.choice([(), (), (random.randint(1, 3),)])
    count = n * (extra[0] if extra else 1) if random.random() < 0.9 else n + 1
    idt = random.choice(["'int32'"] * 4 + ["'float32'", "'int64'"])
    return f"mx.nd.batch_take({arr((n,) + extra + (m,), dt())}, {idx((count,), -2, m + 2, idt)})"


def pick():
    s = shape_of(zero=0.03)
    axis = random.choice([-1, 0, len(s) - 1, random.randint(-len(s) - 1, len(s)), None])
    real = axis % len(s) if axis is not None and -len(s) <= axis < len(s) else len(s) - 1
    keep = random.random() < 0.3
    ishape = list(s)
    if keep or random.random() < 0.5:
        ishape[real] = 1
    else:
        ishape.pop(real)
        if not ishape:
            ishape = [1]
    if random.random() < 0.05:
        ishape = [d + 1 for d in ishape]
    size = s[real]
    ind = idx(ishape, -size - 2, size + 3)
    params = (f", axis={axis}" if axis != -1 or random.random() < 0.5 else "") \
        + opt("keepdims", [True, False]) + opt("mode", ["'clip'", "'wrap'"])
    if random.random() < 0.05:
        params += ", mode='raise'"
    if random.random() < 0.3:
        return f"{arr(s, dt())}.pick({ind}{params})"
    return f"mx.nd.pick({arr(s, dt())}, {ind}{params})"


def one_hot():
    s = shape_of(random.randint(1, 3))
    depth = random.choice([0, 1, 3, 5, -1]) if random.random() < 0.2 else random.randint(1, 5)
    params = opt("on_value", [2, -1.5, 0.7, 300]) + opt("off_value", [-1, 0.25, 1e10])
    params += opt("dtype", ["'float32'", "'int32'", "'float16'", "'uint8'", "'int64'", "'float64'", "'int8'", "'bool'"])
    ind = idx(s, -2, max(depth, 1) + 2)
    return f"mx.nd.one_hot({ind}, {depth}{params})"


def legacy():
    n, m = random.randint(1, 4), random.randint(1, 4)
    fdt = random.choice(["'float32'"] * 5 + ["'float64'"])
    if random.random() < 0.5:
        idt = random.choice(["'float32'"] * 5 + ["'int32'"])
        ind = idx((n if random.random() < 0.9 else n + 1,), -1, m + 2, idt, frac=random.random() < 0.3)
        return f"mx.nd.onehot_encode({ind}, mx.nd.zeros(({n}, {m}), dtype={fdt}))"
    idt = random.choice(["'float32'"] * 5 + ["'int64'"])
    ind = idx((n,), -1, m + 2, idt, frac=random.random() < 0.3)
    vals = arr((n if random.random() < 0.9 else n + 1,))
    return f"mx.nd.fill_element_0index({arr((n, m), fdt)}, {vals}, {ind})"


def gather_nd():
    s = shape_of(zero=0.03)
    m = random.randint(1, len(s)) if random.random() < 0.95 else len(s) + 1
    rest = shape_of(random.randint(0, 2), zero=0.03)
    rows = []
    idt = random.choice(["'float32'", "'int32'", "'int64'", "'float64'", "'uint8'", "'float16'"])
    bad = random.random() < 0.15
    for axis in range(m):
        size = s[axis] if axis < len(s) else 2
        lo, hi = (-size - 1, size + 2) if bad else (-size, max(size, 1))
        rows.append((lo, hi))
    if idt == "'uint8'":
        rows = [(0, hi) for lo, hi in rows]
    values = ", ".join(f"{rs()}.randint({lo}, {hi}, {rest})" for lo, hi in rows)
    frac = " + 0.5" if "float" in idt and random.random() < 0.15 else ""
    return f"mx.nd.gather_nd({arr(s, dt())}, mx.nd.array(np.stack([{values}]){frac}, dtype={idt}))"


def scatter_nd():
    out = shape_of(random.randint(1, 4), zero=0.02)
    m = random.randint(1, len(out))
    n = random.randint(1, 4)
    dup = random.random() < 0.2
    bad = random.random() < 0.03
    idt = random.choice(["'float32'", "'int32'", "'int64'", "'float64'"])
    # distinct positions unless dup (sample from the flattened leading axes)
    lead = out[:m]
    total = 1
    for d in lead:
        total *= d
    if total == 0:
        flat = [0] * n
        bad = True
    elif dup:
        flat = [random.randrange(total) for _ in range(n)]
    else:
        n = min(n, total)
        flat = random.sample(range(total), n)
    cols = []
    for f in flat:
        col = []
        for d in reversed(lead):
            col.append(f % d if d else 0)
            f = f // d if d else 0
        cols.append(list(reversed(col)))
    rows = [[c[a] for c in cols] for a in range(m)]
    if bad:
        rows[0][0] = lead[0] + 1 if random.random() < 0.5 else -1
    data_shape = (n,) + tuple(out[m:])
    if random.random() < 0.05:
        data_shape = (n + 1,) + tuple(out[m:])
    d = dt()
    if random.random() < 0.3:
        return (f"!x = {arr(data_shape, d)};; o = {arr(out, d)};; "
                f"r = mx.nd._internal._scatter_set_nd(o, x, mx.nd.array({rows}, dtype={idt}), shape={out}, out=o);; R = [r is o, o]")
    return f"mx.nd.scatter_nd({arr(data_shape, d)}, mx.nd.array({rows}, dtype={idt}), shape={out})"


def slice_like():
    s = shape_of(zero=0.05)
    like = tuple(random.randint(0, d) if random.random() < 0.9 else d + 1 for d in s)
    if random.random() < 0.2:
        like = like[:random.randint(1, len(like))] + (2,) * random.randint(0, 1)
    axes = random.choice(["", "", ", axes=()", f", axes=({random.randint(-len(s) - 1, len(s))},)",
                          f", axes=(0, {-1})", f", axes={tuple(random.sample(range(len(s)), random.randint(1, len(s))))}"])
    d = dt()
    return f"mx.nd.slice_like({arr(s, d)}, {arr(like, random.choice([d, dt()]))}{axes})"


def ravel():
    shape = shape_of(random.randint(1, 4), zero=0.02, high=5)
    n = random.randint(1, 4) if random.random() < 0.95 else 0
    bad = random.random() < 0.2
    d = random.choice(["'float32'", "'int32'", "'int64'", "'float64'", "'float16'", "'uint8'"])
    rows = []
    for size in shape:
        lo, hi = (-2, size + 3) if bad else (0, max(size, 1))
        if d == "'uint8'":
            lo = 0
        rows.append(f"{rs()}.randint({lo}, {hi}, ({n},))")
    nrows = len(shape) if random.random() < 0.95 else len(shape) + 1
    rows = (rows * 2)[:nrows]
    return f"mx.nd.ravel_multi_index(mx.nd.array(np.stack([{', '.join(rows)}]), dtype={d}), shape={shape})"


def unravel():
    shape = shape_of(random.randint(1, 4), zero=0.02, high=5)
    total = 1
    for s in shape:
        total *= s
    d = random.choice(["'float32'", "'int32'", "'int64'", "'float64'", "'float16'", "'uint8'"])
    lo, hi = (0, max(total, 1)) if random.random() < 0.8 else (-3, total + 5)
    if d == "'uint8'":
        lo, hi = 0, min(max(hi, 1), 255)
    ishape = (random.randint(0, 5),) if random.random() < 0.9 else (2, 2)
    frac = " + 0.5" if "float" in d and random.random() < 0.1 else ""
    return f"mx.nd.unravel_index(mx.nd.array({rs()}.randint({lo}, {hi}, {ishape}){frac}, dtype={d}), shape={shape})"


def conv_params():
    rank = 2 if random.random() < 0.85 else random.choice([1, 3, 3])
    kernel = tuple(random.randint(1, 3) for _ in range(rank))
    text = f"kernel={kernel}"
    for name, values in (("stride", [1, 2, 3]), ("dilate", [1, 2]), ("pad", [0, 1, 2])):
        if random.random() < 0.6:
            value = tuple(random.choice(values) for _ in range(rank))
            if random.random() < 0.03:
                value = value + (1,)
            if random.random() < 0.03:
                value = (0,) * rank
            text += f", {name}={value}"
    return text, kernel, rank


def _geom(text):
    """(kernel, stride, dilate, pad) parsed back out of the conv_params text."""
    scope = {}
    exec("def f(kernel, stride=None, dilate=None, pad=None): return kernel, stride, dilate, pad", scope)
    return eval(f"f({text})", scope)


def im2col():
    text, kernel, rank = conv_params()
    s = (random.randint(1, 2), random.randint(1, 3)) + tuple(random.randint(1, 6) for _ in range(rank))
    if rank == 3 and random.random() < 0.7:  # MXNet 1.9.1 handles 3-D kernels for a last size of 1 only
        s = s[:-1] + (1,)
    if random.random() < 0.05:
        s = s[:-1]
    data = arr(s, random.choice(FLOATS + ["'int32'"]))
    return f"mx.nd.im2col({data}, {text})"


def col2im():
    text, kernel, rank = conv_params()
    k, stride, dilate, pad = _geom(text)
    out = tuple(random.randint(1, 6) for _ in range(rank))
    if rank == 3 and random.random() < 0.7:
        out = out[:-1] + (1,)
    blocks = 1
    valid = len(k) == 2 and all(len(v) == 2 for v in (stride or k, dilate or k, pad or k))
    if valid:
        for i in range(2):
            st, di, pa = (stride or (1, 1))[i], (dilate or (1, 1))[i], (pad or (0, 0))[i]
            if st <= 0 or di <= 0:
                valid = False
                break
            blocks *= max((out[i] + 2 * pa - di * (k[i] - 1) - 1) // st + 1, 0)
    if random.random() < 0.1:
        blocks += 1
    c = random.randint(1, 2)
    kk = 1
    for v in k:
        kk *= v
    chan = c * kk if random.random() < 0.95 else c * kk + 1
    data = arr((random.randint(1, 2), chan, blocks), random.choice(FLOATS))
    return f"mx.nd.col2im({data}, output_size={out}, {text})"


def khatri_rao():
    cols = random.randint(0, 3) if random.random() < 0.1 else random.randint(1, 3)
    d = random.choice(["'float32'", "'float64'"] * 5 + ["'float16'", "'int32'"])
    mats = [arr((random.randint(1, 3), cols if random.random() < 0.95 else cols + 1), d if random.random() < 0.95 else dt())
            for _ in range(random.randint(1, 3))]
    return f"mx.nd.khatri_rao({', '.join(mats)})"


def split_v2():
    s = shape_of(zero=0.05, high=6)
    axis = random.choice([0, -1, random.randint(-len(s) - 1, len(s))])
    size = s[axis] if -len(s) <= axis < len(s) else 3
    squeeze = random.random() < 0.15
    d = dt()
    if random.random() < 0.5:
        if random.random() < 0.5:
            sec = random.choice([1, 2, 3, max(size, 1), 0, size + 1])
            return f"mx.nd.split_v2({arr(s, d)}, {sec}, axis={axis}, squeeze_axis={squeeze})"
        cuts = tuple(sorted(random.sample(range(0, size + (2 if random.random() < 0.2 else 1)), min(random.randint(1, 3), size + 1))))
        if random.random() < 0.1:
            cuts = tuple(reversed(cuts))
        return f"mx.nd.split_v2({arr(s, d)}, {cuts}, axis={axis}{opt('squeeze_axis', [True, False])})"
    if random.random() < 0.5:
        indices = (0,) + tuple(sorted(random.sample(range(1, size + 2), min(random.randint(0, 3), size + 1))))
        if random.random() < 0.1:
            indices = indices[1:] or (1,)
        return f"mx.nd._internal._split_v2({arr(s, d)}, indices={indices}, axis={axis}{opt('squeeze_axis', [True, False])})"
    sec = random.choice([1, 2, 3, max(size, 1), size + 1])
    return f"mx.nd._internal._split_v2({arr(s, d)}, indices=(), sections={sec}, axis={axis}, squeeze_axis={squeeze})"


def slice_bounds(s):
    n = random.randint(1, len(s)) if random.random() < 0.95 else len(s) + 1
    begin, end, step = [], [], []
    for i in range(n):
        size = s[i] if i < len(s) else 2
        begin.append(random.choice([None, 0, random.randint(-size - 1, size + 1)]))
        end.append(random.choice([None, size, random.randint(-size - 1, size + 1)]))
        step.append(random.choice([None, 1, 1, 2, -1, -2, 3]))
    text = f"begin={tuple(begin)}, end={tuple(end)}"
    if random.random() < 0.7:
        text += f", step={tuple(step)}"
    return text


def slice_assign():
    s = shape_of(zero=0.03, high=5)
    d = dt()
    bounds = slice_bounds(s)
    if random.random() < 0.4:
        scalar = random.choice([0, 1.5, -2.7, 300, -1, 1e10])
        return f"mx.nd._internal._slice_assign_scalar({arr(s, d)}, scalar={scalar}, {bounds})"
    # rhs of the slice's shape: computed from MXNet's own slice of the lhs
    rd = d if random.random() < 0.95 else dt()
    return (f"!x = {arr(s, d)};; y = mx.nd.slice(x, {bounds});; "
            f"R = mx.nd._internal._slice_assign(x, (y + 7).astype({rd}), {bounds})")


def set_value():
    d = dt()
    src = random.choice([0, 1.5, -2.5, 300, -1, 1e10, 1e39, 2.7, 0.1, -0.5, 65504, 70000])
    return f"!o = mx.nd.zeros({shape_of(zero=0.05)}, dtype={d});; mx.nd._internal._set_value(src={src}, out=o);; R = o"


def histogram():
    d = random.choice(["'float32'", "'float64'", "'int32'", "'int64'", "'float16'", "'uint8'"])
    x = arr(shape_of(zero=0.05, high=5), d, lo=0, hi=10)
    if random.random() < 0.4:
        edges = sorted(random.sample([0, 1, 2.5, 3, 5, 7.5, 9, 10, -1, 12], random.randint(1, 5)))
        bd = d if random.random() < 0.9 else "'float32'"
        return f"mx.nd.histogram({x}, bins=mx.nd.array({edges}, dtype={bd}))"
    cnt = random.choice([1, 2, 3, 5, 10, 0, -1])
    rng = random.choice(["(0, 10)", "(2, 7)", "(0.5, 9.5)", "(5, 5)", "(10, 0)", "(-1, 11)", "None", "(0, 10, 20)"])
    if random.random() < 0.2:
        return f"mx.nd._internal._histogram({x}, bin_cnt={cnt}, range={rng})"
    return f"mx.nd.histogram({x}, bins={cnt}, range={rng})"


def rnn_param_concat():
    s = shape_of(random.randint(1, 3), zero=0.05)
    dim = random.choice([0, 0, -1, random.randint(-len(s) - 1, len(s))])
    real = dim % len(s) if -len(s) <= dim < len(s) else 0
    d = dt()
    parts = []
    for _ in range(random.randint(1, 3)):
        p = list(s)
        p[real] = random.randint(0, 3)
        parts.append(arr(p, d if random.random() < 0.95 else dt()))
    return f"mx.nd._internal._rnn_param_concat({', '.join(parts)}, dim={dim}{opt('num_args', [len(parts)])})"


def zipfian():
    rmax = random.choice([1, 2, 5, 100, 0, -1])
    shape = random.choice([(1, 1), (2, 3), (3, 1), (0, 2), (2, 0), (2, 6), (3,), (1, 2, 3)])
    return (f"!r = mx.nd._internal._sample_unique_zipfian(range_max={rmax}, shape={shape});; "
            f"R = [(np.dtype(a.dtype).name, a.shape, bool((a.asnumpy() >= 0).all()), bool((a.asnumpy() < max({rmax}, 1)).all())) for a in r]")


# ---- densities -------------------------------------------------------------------------------

PDFS = {  # name: (parameter ranges, sample range, discrete)
    "normal": ([(-2, 2), (0.1, 3)], (-4, 4), False),
    "uniform": ([(-2, 0), (0.5, 3)], (-2, 3), False),
    "gamma": ([(0.5, 4), (0.2, 3)], (0.01, 6), False),
    "exponential": ([(0.2, 3)], (0, 5), False),
    "poisson": ([(0.2, 6)], (0, 8), True),
    "negative_binomial": ([(1, 6), (0.1, 0.9)], (0, 8), True),
    "generalized_negative_binomial": ([(0.5, 5), (0.1, 2)], (0, 8), True),
}


def pdf():
    d = random.choice(["'float32'", "'float32'", "'float64'"])
    log = opt("is_log", [True, False])
    if random.random() < 0.15:  # dirichlet: alpha (..., k), sample (..., extra..., k)
        lead = shape_of(random.randint(0, 2), zero=0.0, high=3)
        k = random.randint(2, 4)
        extra = shape_of(random.randint(0, 2), zero=0.0, high=3)
        alpha = f"mx.nd.array({rs()}.uniform(0.5, 3, {lead + (k,)}), dtype={d})"
        sample = f"{rs()}.dirichlet([1.0] * {k}, {lead + extra or (1,)})"
        if not lead + extra:
            sample = f"{sample}[0]"
        return f"mx.nd.random_pdf_dirichlet(mx.nd.array({sample}, dtype={d}), {alpha}{log})"
    name = random.choice(list(PDFS))
    ranges, (lo, hi), discrete = PDFS[name]
    pshape = shape_of(random.randint(1, 2), zero=0.03)
    sshape = pshape + shape_of(random.randint(0, 2), zero=0.03)
    if random.random() < 0.05:
        sshape = tuple(v + 1 for v in sshape)
    values = f"{rs()}.randint({lo}, {hi + 1}, {sshape})" if discrete else f"{rs()}.uniform({lo}, {hi}, {sshape})"
    params = ", ".join(f"mx.nd.array({rs()}.uniform({a}, {b}, {pshape}), dtype={d})" for a, b in ranges)
    if random.random() < 0.05:  # invalid parameters: nan/negative densities, compared as MXNet computes them
        params = ", ".join(f"mx.nd.array({rs()}.uniform(-1, 0.5, {pshape}), dtype={d})" for _ in ranges)
    return f"mx.nd.random_pdf_{name}(mx.nd.array({values}, dtype={d}), {params}{log})"


KINDS = [take, take, batch_take, pick, pick, one_hot, legacy, gather_nd, gather_nd, scatter_nd, scatter_nd,
         slice_like, ravel, unravel, im2col, col2im, khatri_rao, split_v2, split_v2, slice_assign, slice_assign,
         set_value, histogram, histogram, rnn_param_concat, zipfian]
lines = [pdf() if DENSITIES else random.choice(KINDS)() for _ in range(int(sys.argv[2]))]
print("\n".join(lines))
