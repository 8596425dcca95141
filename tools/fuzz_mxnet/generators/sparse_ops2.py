"""csr and row_sparse arrays (up to 6x7, 3-D row_sparse; densities 0/0.2/0.6/1; float32/64/16 and
int32/64 values; int32 or int64 indices) through the operators with sparse kernels: elemwise and
broadcast arithmetic with every stype pair and ``out=`` stype, dot (transposes, forward_stype),
reductions, cast_storage, retain, slice, take, where, the sparsity-keeping unary and scalar
operators, concat, add_n, Embedding, and the update operators with row_sparse gradients (weights
and states dense, full / partial / empty row_sparse; lazy_update; ``out=`` the weight or not).
The result is the value and stype, plus ``.data``/``.indices``/``.indptr`` where they are fixed.
Run without --numeric (bit-exact) and with it (float32 transcendental last bits).

Usage: python sparse_ops2.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))

FLOATS = ["float32", "float32", "float64", "float16"]
DTYPES = FLOATS + ["int32", "int64"]
SPECIAL = [0.5, 1.5, 2.5, -2.5, -0.5, 1e4, -3e3, 1e-3, 7.0, -1.0, 1.0]


def value(dtype, extreme):
    if dtype.startswith("int"):
        return random.choice([random.randint(-9, 9), random.randint(-9, 9), 100, -7])
    if extreme and random.random() < 0.08:
        return random.choice(["nan", "inf", "-inf", "-0.0"])
    if random.random() < 0.3:
        return random.choice(SPECIAL)
    return round(random.uniform(-3, 3), random.choice([1, 2, 3]))


def nested(shape, density, dtype, extreme=False):
    def build(dims):
        if len(dims) == 1:
            return [value(dtype, extreme) if random.random() < density else 0 for _ in range(dims[0])]
        return [build(dims[1:]) for _ in range(dims[0])]
    text = repr(build(list(shape))).replace("'", "")
    return text.replace("nan", "float('nan')").replace("-inf", "-float('inf')").replace(" inf", " float('inf')") \
        .replace("[inf", "[float('inf')")


def shape2():
    if random.random() < 0.01:  # zero-size (MXNet often raises: noise)
        return random.choice([(0, 3), (2, 0)])
    return (random.randint(1, 6), random.randint(1, 7))


def density():
    return random.choice([0.0, 0.2, 0.6, 1.0, 0.6])


def make(name, stype, shape, dtype, extreme=False, dens=None):
    """Statement building a sparse/dense array: from a dense list, or from (data, indices) with int32 indices."""
    d = density() if dens is None else dens
    dense = f"mx.nd.array({nested(shape, d, dtype, extreme)}, dtype='{dtype}')"
    if stype == "default":
        return f"{name} = {dense}"
    if random.random() < 0.25 and shape[0] > 0 and (stype == "row_sparse" or len(shape) == 2):
        # built from its parts with int32 indices
        idx = random.choice(["int32", "int64"])
        if stype == "row_sparse":
            return (f"_t = {dense}.asnumpy();; _r = np.nonzero(np.abs(_t).reshape(_t.shape[0], -1).sum(1) != 0)[0];; "
                    f"{name} = mx.nd.sparse.row_sparse_array((_t[_r], _r.astype('{idx}')), shape={shape}, dtype='{dtype}')")
        return (f"_t = {dense}.asnumpy();; _s = __import__('scipy.sparse').sparse.csr_matrix(_t.astype('float64'));; "
                f"{name} = mx.nd.sparse.csr_matrix((_s.data, _s.indices.astype('{idx}'), _s.indptr.astype('{idx}')), "
                f"shape={shape}, dtype='{dtype}')")
    return f"{name} = {dense}.tostype('{stype}')"


def struct(expr="R0"):
    """The stored parts of a sparse result."""
    return (f"[{expr}.stype, {expr}.data, {expr}.indices, {expr}.indptr if {expr}.stype == 'csr' else None, "
            f"{expr}.indices.dtype]")


UNARY = ["abs", "sign", "relu", "sqrt", "square", "expm1", "log1p", "sin", "tan", "arcsin", "arctan", "sinh", "tanh",
         "arcsinh", "arctanh", "floor", "ceil", "rint", "round", "trunc", "fix", "degrees", "radians", "sigmoid",
         "negative", "exp", "cos", "log", "reciprocal", "cbrt", "gamma"]


def op_unary(st, shape, dt):
    f = random.choice(UNARY)
    ns = random.choice(["mx.nd", "mx.nd.sparse"])
    expr = random.choice([f"{ns}.{f}(A)", f"{ns}.{f}(A)", f"A.{f}()" if f not in ("negative",) else "-A"])
    if f == "sigmoid" and ns == "mx.nd.sparse":
        expr = "mx.nd.sigmoid(A)"
    setup = [make("A", st, shape, dt, extreme=True)]
    if random.random() < 0.2:  # out= of some stype (another one: MXNet's dense fallback)
        ost = random.choice(["default", "csr", "row_sparse"]) if len(shape) == 2 else random.choice(["default", st])
        setup += [f"O = mx.nd.ones({shape}, dtype='{dt}').tostype('{ost}')", f"_x = mx.nd.{f}(A, out=O)"]
        return setup, "[O, _x is O]", False
    return setup, expr, True


def op_scalar(st, shape, dt):
    s = random.choice([0, 0.0, 2, 2.5, -1, 3, 0.5, -0.0, 1, "float('nan')", "float('inf')"])
    expr = random.choice([f"A * {s}", f"{s} * A", f"A / {s}", f"A + {s}", f"A - {s}", f"{s} + A", f"{s} - A",
                          f"A ** 2", f"A > {s}", f"A == {s}", f"A != {s}", f"mx.nd.clip(A, {s}, 4)",
                          f"mx.nd.sparse.clip(A, a_min=-1.5, a_max={s})", f"mx.nd.clip(A, -2, 2)",
                          f"mx.nd.sparse.multiply(A, {s})", f"mx.nd.sparse.divide(A, {s})", f"mx.nd.sparse.add(A, {s})",
                          f"mx.nd._internal._mul_scalar(A, scalar={s})", f"mx.nd._internal._div_scalar(A, scalar={s})",
                          f"mx.nd._internal._plus_scalar(A, scalar={s})", f"mx.nd._internal._minus_scalar(A, scalar={s})",
                          f"A.__imul__({s})", f"A.__itruediv__({s})"])
    setup = [make("A", st, shape, dt, extreme=True)]
    if random.random() < 0.2:
        ost = random.choice(["default", "csr", "row_sparse"]) if len(shape) == 2 else random.choice(["default", st])
        op = random.choice(["_mul_scalar", "_div_scalar", "_plus_scalar", "_minus_scalar", "_greater_scalar"])
        setup += [f"O = mx.nd.ones({shape}, dtype='{dt}').tostype('{ost}')",
                  f"_x = mx.nd._internal.{op}(A, scalar={s}, out=O)"]
        return setup, "[O, _x is O]", False
    return setup, expr, True


BINARY = ["elemwise_add", "elemwise_sub", "elemwise_mul", "elemwise_div"]


def op_elemwise(st, shape, dt):
    st2 = random.choice(["csr", "row_sparse", "default", st, st])
    if len(shape) > 2 and st2 == "csr":
        st2 = "row_sparse"
    dt2 = dt if random.random() < 0.9 else random.choice(DTYPES)
    f = random.choice(BINARY)
    ns = random.choice(["mx.nd", "mx.nd.sparse"])
    setup = [make("A", st, shape, dt), make("B", st2, shape, dt2)]
    r = random.random()
    if r < 0.3:
        ost = random.choice(["csr", "row_sparse", "default"])
        if len(shape) > 2 and ost == "csr":
            ost = "default"
        setup.append(f"O = mx.nd.ones({shape}, dtype='{dt}').tostype('{ost}')")
        setup.append(f"_x = {ns}.{f}(A, B, out=O)")
        return setup, "[O, _x is O]", False
    if r < 0.45:
        return setup, random.choice(["A + B", "A - B", "A * B", "A / B", "B + A", "B - A", "B * A",
                                     "mx.nd.sparse.add(A, B)", "mx.nd.sparse.subtract(A, B)",
                                     "mx.nd.sparse.multiply(A, B)", "mx.nd.sparse.divide(A, B)"]), False
    if r < 0.5:
        return setup, random.choice(["mx.nd._internal._grad_add(A, B)", "mx.nd.elemwise_add(A, A)",
                                     "mx.nd.elemwise_sub(A, A)", "mx.nd.elemwise_mul(A, A)"]), False
    return setup, f"{ns}.{f}(A, B)", False


def op_broadcast(st, shape, dt):
    if len(shape) != 2:
        shape = shape[:2]
    r, c = shape
    vec = random.choice([(1, c), (r, 1), (1, 1), (r, c), (c,)])
    f = random.choice(["broadcast_add", "broadcast_sub", "broadcast_mul", "broadcast_div", "broadcast_plus",
                       "broadcast_minus"])
    ns = random.choice(["mx.nd", "mx.nd.sparse"])
    setup = [make("A", st, shape, dt), make("V", "default", vec, dt, dens=random.choice([1.0, 1.0, 0.6]))]
    return setup, random.choice([f"{ns}.{f}(A, V)", f"{ns}.{f}(V, A)", f"{ns}.{f}(A, V)"]), False


def op_dot(st, shape, dt):
    shape = shape[:2]
    r, c = shape
    ta, tb = random.random() < 0.4, random.random() < 0.3
    k = random.randint(1, 5)
    kind = random.choice(["sd", "sd", "ds", "ss", "sr", "rd", "dr"])
    fs = random.choice([None, None, "default", "csr", "row_sparse"])
    sta = {"s": st if st == "csr" else "csr", "d": "default", "r": "row_sparse"}
    a_st, b_st = sta[kind[0]], sta[kind[1]]
    a_shape = (r, c)
    inner = r if ta else c
    if kind in ("ds", "dr"):  # dense . sparse(r, c)
        inner = c if tb else r
        setup = [make("A", "default", (inner, k) if ta else (k, inner), dt), make("B", b_st, (r, c), dt)]
    else:
        b_shape = (random.randint(1, 5), inner) if tb else (inner, random.randint(1, 5))
        if random.random() < 0.08:
            b_shape = (inner + 1, 2)  # shape error
        setup = [make("A", a_st, a_shape, dt), make("B", b_st, b_shape, dt if random.random() < 0.95 else "float64")]
    kw = []
    if ta or random.random() < 0.2:
        kw.append(f"transpose_a={ta}")
    if tb or random.random() < 0.2:
        kw.append(f"transpose_b={tb}")
    if fs:
        kw.append(f"forward_stype='{fs}'")
    ns = random.choice(["mx.nd", "mx.nd.sparse"])
    args = ", ".join(["A", "B"] + kw)
    if random.random() < 0.15:
        setup.append("O = mx.nd.zeros((1, 1))")
        return setup, f"[{ns}.dot({args}).shape]", False
    return setup, f"{ns}.dot({args})", False


def op_batch_dot(st, shape, dt):
    b, r, c = random.randint(1, 3), random.randint(1, 4), random.randint(1, 4)
    setup = [make("A", "row_sparse", (b, r, c), dt), make("B", "default", (b, c, 2), dt)]
    return setup, "mx.nd.batch_dot(A, B)", False


def op_reduce(st, shape, dt):
    f = random.choice(["sum", "mean", "norm", "sum", "square_sum", "nansum", "max"])
    axis = random.choice([None, 0, 1, -1, (0, 1), -2, 2])
    kd = random.choice([None, True, False])
    kw = []
    if axis is not None:
        kw.append(f"axis={axis}")
    if kd is not None:
        kw.append(f"keepdims={kd}")
    if f == "norm" and random.random() < 0.4:
        kw.append(f"ord={random.choice([1, 2])}")
    ns = random.choice(["mx.nd", "mx.nd.sparse"])
    args = ", ".join(["A"] + kw)
    if f == "square_sum":
        return [make("A", st, shape, dt)], f"mx.nd._internal._square_sum({args})", False
    return [make("A", st, shape, dt)], f"{ns}.{f}({args})" if f not in ("nansum", "max") else f"mx.nd.{f}({args})", False


def op_cast(st, shape, dt):
    a, b = random.choice(["csr", "row_sparse", "default"]), random.choice(["csr", "row_sparse", "default"])
    if len(shape) > 2:
        a, b = random.choice(["row_sparse", "default"]), random.choice(["row_sparse", "default", "csr"])
    expr = random.choice([f"A.tostype('{a}').tostype('{b}')", f"mx.nd.cast_storage(A, stype='{a}')",
                          f"mx.nd.sparse.cast_storage(mx.nd.cast_storage(A, '{a}'), '{b}')",
                          f"A.astype('{random.choice(DTYPES)}')", f"A.copy()",
                          f"A.tostype('{a}').astype('{random.choice(DTYPES)}').tostype('{b}')"])
    return [make("A", st, shape, dt, extreme=True)], expr, True


def op_retain(st, shape, dt):
    rows = shape[0]
    idx = random.sample(range(max(rows, 1)), random.randint(0, max(rows, 1)))
    if random.random() < 0.4:
        idx = sorted(idx)
    if random.random() < 0.1:
        idx = idx + [rows + 2]
    idt = random.choice(["int64", "int32", "float32", "float64"])
    return [make("A", st, shape, dt)], random.choice([f"mx.nd.sparse.retain(A, mx.nd.array({idx}, dtype='{idt}'))",
                                                      f"mx.nd.sparse.retain(data=A, indices=mx.nd.array({idx}, dtype='{idt}'))"]), True


def op_slice(st, shape, dt):
    r = shape[0]
    b, e = random.randint(0, r), random.randint(0, r)
    if b > e:
        b, e = e, b
    forms = [f"A[{b}:{e}]", f"A[{b}]", f"mx.nd.slice(A, begin=({b},), end=({e},))",
             f"mx.nd.sparse.slice(A, begin=({b},), end=({e},))",
             f"mx.nd.slice(A, begin=({b},), end=({e},), step=({random.choice([1, 2, -1])},))",
             f"mx.nd.slice(A, begin=({b}, {random.randint(0, shape[1])}), end=({e}, {shape[1]}))",
             f"mx.nd.slice(A, begin=({b}, None), end=({e}, None))",
             f"mx.nd.slice_axis(A, axis={random.choice([0, 1])}, begin=0, end=1)",
             f"mx.nd.slice(A, begin=(None, 1), end=(None, None))", "A[:]", f"A[{b}:{e}:{random.choice([1, 2])}]"]
    return [make("A", st, shape, dt)], random.choice(forms), True


def op_take(st, shape, dt):
    r = shape[0]
    idx = [random.randint(-2, r + 1) for _ in range(random.randint(1, 4))]
    mode = random.choice([None, "clip", "wrap", "raise"])
    idt = random.choice(["float32", "int32", "int64"])
    kw = f", mode='{mode}'" if mode else ""
    if random.random() < 0.2:
        kw += f", axis={random.choice([0, 1, -1])}"
    return [make("A", st, shape, dt)], f"mx.nd.take(A, mx.nd.array({idx}, dtype='{idt}'){kw})", False


def op_where(st, shape, dt):
    setup = [make("C", st, shape, dt), make("X", random.choice(["default", "default", st]), shape, dt),
             make("Y", random.choice(["default", "default", st]), shape, dt)]
    return setup, random.choice(["mx.nd.where(C, X, Y)", "mx.nd.sparse.where(C, X, Y)"]), False


def op_like(st, shape, dt):
    return [make("A", st, shape, dt)], random.choice(["mx.nd.zeros_like(A)", "mx.nd.ones_like(A)",
                                                      "mx.nd.sparse.zeros_like(A)", "A.zeros_like()",
                                                      "mx.nd.sparse.ones_like(A)"]), True


def op_concat(st, shape, dt):
    st2 = random.choice([st, st, "default", "csr", "row_sparse"])
    shape2_ = (random.randint(1, 4),) + tuple(shape[1:])
    dim = random.choice([0, 0, 1])
    setup = [make("A", st, shape, dt), make("B", st2 if len(shape) == 2 else "row_sparse", shape2_ if dim == 0 else shape, dt)]
    return setup, random.choice([f"mx.nd.concat(A, B, dim={dim})", f"mx.nd.sparse.concat(A, B, dim={dim})",
                                 f"mx.nd.concat(A, A, B, dim={dim})", "mx.nd.stack(A, A)",
                                 f"mx.nd.sparse.stack(A, A, axis={random.choice([0, 1])})"]), False


def op_add_n(st, shape, dt):
    sts = [random.choice([st, st, "default", "csr", "row_sparse"]) for _ in range(random.randint(1, 4))]
    if len(shape) > 2:
        sts = [s if s != "csr" else "row_sparse" for s in sts]
    setup = [make(f"A{i}", s, shape, dt) for i, s in enumerate(sts)]
    names = ", ".join(f"A{i}" for i in range(len(sts)))
    if random.random() < 0.3:
        ost = random.choice(["default", "row_sparse", "csr"]) if len(shape) == 2 else "default"
        setup.append(f"O = mx.nd.ones({shape}, dtype='{dt}').tostype('{ost}')")
        setup.append(f"_x = mx.nd.add_n({names}, out=O)")
        return setup, "O", False
    return setup, random.choice([f"mx.nd.add_n({names})", f"mx.nd.sparse.add_n({names})",
                                 f"mx.nd.ElementWiseSum({names})"]), False


def op_embedding(st, shape, dt):
    rows, cols = shape[0] or 1, shape[1] or 1
    n = random.randint(1, 5)
    backward = random.random() < 0.5
    # (MXNet's sparse backward rejects out-of-range ids and non-float32 weights)
    data = [random.randint(0, rows - 1) if backward else random.randint(-1, rows) for _ in range(n)]
    setup = [make("W", "default", (rows, cols), "float32" if backward else random.choice(FLOATS), dens=1.0),
             f"X = mx.nd.array({data})"]
    sg = random.choice([True, False])
    f = random.choice(["mx.nd.Embedding", "mx.nd.contrib.SparseEmbedding", "mx.nd.Embedding"])
    call = f"{f}(X, W, input_dim={rows}, output_dim={cols}" + (f", sparse_grad={sg})" if "Sparse" not in f else ")")
    if backward:
        setup += ["W.attach_grad(stype='row_sparse')", "_rec = mx.autograd.record()", "_rec.__enter__()",
                  "_y = " + call, "_rec.__exit__(None, None, None)",
                  f"_y.backward(mx.nd.array({nested((n, cols), 1.0, 'float32')}, dtype=W.dtype))"]
        return setup, "[_y, W.grad, W.grad.stype]", False
    return setup, call, False


UPDATES = {
    "sgd_update": ([], {"lazy_update": [True, False]}),
    "sgd_mom_update": (["mom"], {"momentum": [0.0, 0.9, 0.5], "lazy_update": [True, False]}),
    "adam_update": (["mean", "var"], {"beta1": [0.9, 0.5], "beta2": [0.999, 0.9], "epsilon": [1e-8, 1e-3],
                                      "lazy_update": [True, False]}),
    "ftrl_update": (["z", "n"], {"lamda1": [0.01, 0.0, 0.2], "beta": [1, 0.5]}),
    "sparse.adagrad_update": (["history"], {"epsilon": [1e-7, 1e-3, 0.5]}),
    "contrib.group_adagrad_update": (["history"], {"epsilon": [1e-5, 0.01]}),
    "rmsprop_update": (["n"], {"gamma1": [0.9, 0.5], "epsilon": [1e-8, 1e-2]}),
    "signum_update": (["mom"], {"momentum": [0.9, 0.0], "wd_lh": [0.0, 0.1]}),
    "signsgd_update": ([], {}),
    "nag_mom_update": (["mom"], {"momentum": [0.9]}),
}


def op_update(st, shape, dt):
    name, (states, extra) = random.choice(list(UPDATES.items()))
    if len(shape) < 2 or 0 in shape:
        shape = (random.randint(1, 5), random.randint(1, 4))
    dt = random.choice(["float32", "float32", "float64", "float16"])
    w_st = random.choice(["default", "row_sparse", "row_sparse_full"])
    s_st = random.choice([w_st, w_st, "default", "row_sparse", "row_sparse_full"])
    setup = []

    def arr(nm, stype, shp, positive=False):
        full = stype == "row_sparse_full"
        base = nested(shp, 1.0 if full else density(), dt)
        a = f"mx.nd.array({base}, dtype='{dt}')"
        if positive:
            a = f"mx.nd.abs({a})"
        if full:
            return f"{nm} = mx.nd.sparse.row_sparse_array(({a}.asnumpy(), np.arange({shp[0]})), shape={shp})"
        return f"{nm} = {a}" + (f".tostype('{stype}')" if stype != "default" else "")

    setup.append(arr("w", w_st, shape))
    g_st = "row_sparse" if random.random() < 0.92 else random.choice(["default", "csr"])
    setup.append(make("g", g_st, shape, dt if random.random() < 0.95 else "float32"))
    names = []
    for i, s in enumerate(states):
        shp = (shape[0], 1) if name.startswith("contrib.group") else shape
        positive = s in ("n", "var", "history")
        setup.append(arr(f"s{i}", s_st, shp, positive))
        names.append(f"s{i}")
    kw = {"lr": random.choice([0.1, 0.5, 0.013, 1.0, 0.0])}
    for key, values in list(extra.items()) + [("wd", [0.0, 0.1, 0.37]), ("rescale_grad", [1.0, 0.5, 0.7]),
                                              ("clip_gradient", [-1.0, 0.3, 1.0])]:
        if random.random() < 0.5:
            kw[key] = random.choice(values)
    if "adagrad" in name and random.random() < 0.8:
        kw.pop("wd", None)
    out = random.choice(["out=w", "out=w", "out=w", "", "out=O", "out=O"])
    if out == "out=O":
        setup.append(f"O = mx.nd.zeros({shape}, dtype='{dt}').tostype('{random.choice(['default', 'row_sparse'])}')")
    params = ", ".join(f"{k}={v!r}" for k, v in kw.items())
    call = f"mx.nd.{name}(w, g, {', '.join(names + [params] + ([out] if out else []))})".replace(", , ", ", ")
    setup.append(f"_r = {call}")
    show = ", ".join(["_r", "_r.stype", "w", "w.stype"] + [f"{s}" for s in names] + [f"{s}.stype" for s in names])
    return setup, f"[{show}]", False


OPS = [(op_unary, 6), (op_scalar, 5), (op_elemwise, 8), (op_broadcast, 4), (op_dot, 8), (op_batch_dot, 1),
       (op_reduce, 6), (op_cast, 4), (op_retain, 3), (op_slice, 4), (op_take, 3), (op_where, 3), (op_like, 2),
       (op_concat, 3), (op_add_n, 3), (op_embedding, 3), (op_update, 12)]
TOTAL = sum(w for _, w in OPS)


def pick():
    x = random.uniform(0, TOTAL)
    for f, w in OPS:
        x -= w
        if x <= 0:
            return f
    return OPS[-1][0]


lines = []
for _ in range(int(sys.argv[2])):
    f = pick()
    st = random.choice(["csr", "row_sparse"])
    shape = shape2()
    if st == "row_sparse" and random.random() < 0.25 and f not in (op_broadcast, op_dot, op_where):
        shape = shape + (random.randint(1, 3),)
    dt = random.choice(DTYPES) if random.random() < 0.5 else "float32"
    setup, expr, with_struct = f(st, shape, dt)
    tail = f"R0 = {expr};; mx.nd.waitall();; R = [R0, getattr(R0, 'stype', None)]"
    if with_struct and random.random() < 0.5:
        tail += f";; R = R + ({struct()} if getattr(R0, 'stype', 'default') != 'default' else [])"
    lines.append("!" + ";; ".join(setup + [tail]))
print("\n".join(lines))
