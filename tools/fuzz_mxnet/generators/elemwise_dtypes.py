"""Elementwise operators across dtypes: the *_scalar operators (with int, float, negative, huge,
NaN/inf and bool scalars and is_int), the same-shape binary operators (_greater ... _hypot,
elemwise_div/sub, _grad_add, _scatter_*), broadcast_* (compatible and incompatible shapes),
broadcast_like, logical_not, Cast, amp_cast and amp_multicast, over every dtype and mixed pairs,
with edge values (0, -0, NaN, inf, integer limits, division by zero, negative bases).

Seeds below 1000 compare exactly (the transcendental functions arccos ... log2 only on integers
and float16), seeds 500 to 999 only gradients; seeds from 1000 on write only those functions and
their gradients, mostly on float32 and float64 (whose last bit may differ, docs/differences.md),
to run with --numeric.

Usage: python elemwise_dtypes.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
TRANSCENDENTAL = int(sys.argv[1]) >= 1000
GRADIENTS = 500 <= int(sys.argv[1]) < 1000

FLOATS = ["float32", "float64", "float16"]
INTS = ["uint8", "int8", "int32", "int64"]
DTYPES = FLOATS + INTS + ["bool"]
LIMITS = {"uint8": (0, 255), "int8": (-128, 127), "int32": (-2 ** 31, 2 ** 31 - 1), "int64": (-2 ** 63, 2 ** 63 - 1)}
FLOAT_EDGES = ["0.0", "-0.0", "float('nan')", "float('inf')", "float('-inf')", "0.5", "1.5", "2.5", "-2.5",
               "1e-08", "65504.0", "70000.0", "1e38", "3e38", "1e300", "-1.0", "1.0", "-7.0", "3.0"]
SHAPES = ["(3,)", "(2, 3)", "(1, 3)", "(2, 1)", "(4,)", "(2, 3, 1)", "(1,)", "(1, 1)"]


def values(dtype, n, nonzero=False):
    """n values of dtype as Python literals, with edge values mixed in."""
    out = []
    for _ in range(n):
        if dtype == "bool":
            v = random.choice(["0", "1", "1"])
        elif dtype in LIMITS:
            lo, hi = LIMITS[dtype]
            v = str(random.choice([lo, hi, 0, 1, -1 if lo < 0 else 2, random.randint(lo, hi),
                                   random.randint(max(lo, -20), min(hi, 20)), random.randint(max(lo, -20), min(hi, 20))]))
        else:
            v = random.choice(FLOAT_EDGES + [repr(round(random.uniform(-10, 10), random.choice([0, 1, 3])))] * 8
                              + [repr(random.uniform(-1e3, 1e3)), repr(random.choice([1, -1]) * random.lognormvariate(0, 8))] * 4)
        if nonzero and v in ("0", "0.0", "-0.0"):
            v = "1" if dtype != "bool" else v
        out.append(v)
    return out


def size(shape):
    n = 1
    for d in eval(shape):
        n *= d
    return n


def arr(shape, dtype, nonzero=False):
    flat = values(dtype, size(shape), nonzero)
    source = "float64" if dtype in FLOATS else dtype
    return f"mx.nd.array(np.array([{', '.join(flat)}], dtype='{source}').reshape({shape}), dtype='{dtype}')"


def scalar():
    return random.choice(["0", "1", "2", "-3", "7", "0.5", "2.5", "-1.5", "1e10", "-1e20", "300", "-129", "256",
                          "float('nan')", "float('inf')", "float('-inf')", "True", "False", "True", "-0.0", "0.0",
                          "2147483648", "9.3e18", "1e-40", "65519", "0.3333", "3000000007.0", "-2147483649.0",
                          "4294967301.5", "1e19", "-9.3e18", "127.5", "-128.5", "255.9", "-0.5"])


def pick_dtype(int_weight=1):
    return random.choice(FLOATS * 2 + INTS * int_weight + ["bool"])


SCALAR_OPS = ["_plus_scalar", "_minus_scalar", "_rminus_scalar", "_mul_scalar", "_div_scalar", "_rdiv_scalar",
              "_mod_scalar", "_rmod_scalar", "_power_scalar", "_rpower_scalar", "_maximum_scalar", "_minimum_scalar",
              "_hypot_scalar", "_equal_scalar", "_not_equal_scalar", "_greater_scalar", "_greater_equal_scalar",
              "_lesser_scalar", "_lesser_equal_scalar", "_logical_and_scalar", "_logical_or_scalar",
              "_logical_xor_scalar", "_scatter_minus_scalar", "_scatter_plus_scalar"]
SAME_SHAPE = ["_greater", "_greater_equal", "_lesser", "_lesser_equal", "_not_equal", "_logical_and", "_logical_or",
              "_logical_xor", "_mod", "_power", "_hypot", "_grad_add", "_scatter_elemwise_div",
              "_identity_with_attr_like_rhs", "elemwise_div", "elemwise_sub"]
BROADCAST = ["broadcast_div", "broadcast_sub", "broadcast_equal", "broadcast_not_equal", "broadcast_greater",
             "broadcast_greater_equal", "broadcast_lesser", "broadcast_lesser_equal", "broadcast_logical_and",
             "broadcast_logical_or", "broadcast_logical_xor", "broadcast_maximum", "broadcast_minimum",
             "broadcast_mod", "broadcast_power", "broadcast_hypot"]
UNARY = ["arccos", "arccosh", "arcsin", "arctanh", "cosh", "tan", "log10", "log2"]
DUNDERS = ["+", "-", "*", "/", "%", "**", "==", "!=", ">", ">=", "<", "<="]
DIVIDING = ("div", "mod")


def fn(op):
    return f"mx.nd._internal.{op}" if op.startswith("_") else f"mx.nd.{op}"


def safe(op, dtype):
    """Integer division by zero kills MXNet (SIGFPE): keep divisors nonzero for integer dtypes."""
    return dtype != "bool" and dtype not in FLOATS and any(d in op for d in DIVIDING)


def transcendental():
    op = random.choice(UNARY)
    dtype = random.choice(["float32"] * 4 + ["float64", "float16"] + INTS)
    shape = random.choice(SHAPES)
    if dtype in FLOATS and random.random() < 0.6:
        lo, hi = random.choice([(-1, 1), (1, 50), (-0.99, 0.99), (-3, 3), (0, 1e4), (-90, 90)])
        return (f"mx.nd.array(np.random.RandomState({random.randint(0, 9999)}).uniform({lo}, {hi}, {shape}), "
                f"dtype='{dtype}').{op}()" if random.random() < 0.3 else
                f"mx.nd.{op}(mx.nd.array(np.random.RandomState({random.randint(0, 9999)}).uniform({lo}, {hi}, {shape}), dtype='{dtype}'))")
    return f"mx.nd.{op}({arr(shape, dtype)})"


def gradient(call, inputs, dtype, shape):
    """``call`` (on names a, b) recorded; the output and the inputs' gradients, with a random head."""
    names = "ab"[:len(inputs)]
    setup = ";; ".join(f"{n} = {x};; {n}.attach_grad()" for n, x in zip(names, inputs))
    head = random.choice(["", f"mx.nd.array(np.random.RandomState({random.randint(0, 99)}).uniform(-2, 2, y.shape), dtype='{dtype}')"])
    grads = ", ".join(f"{n}.grad" for n in names)
    return f'!{setup};; exec("with mx.autograd.record():\\n    y = {call}");; y.backward({head});; R = [y, {grads}]'


def differentiable():
    """Gradients of the binary, scalar and transcendental operators in the float dtypes."""
    dtype = random.choice(FLOATS)
    if TRANSCENDENTAL:
        shape = random.choice(SHAPES)
        lo, hi = random.choice([(-0.99, 0.99), (1.01, 20), (-3, 3), (0.01, 100)])
        x = f"mx.nd.array(np.random.RandomState({random.randint(0, 9999)}).uniform({lo}, {hi}, {shape}), dtype='{dtype}')"
        return gradient(f"mx.nd.{random.choice(UNARY)}(a)", [x], dtype, shape)
    if random.random() < 0.5:
        op = random.choice([o for o in SCALAR_OPS if "logical" not in o] + ["_logical_and_scalar"])
        shape = random.choice(SHAPES)
        return gradient(f"{fn(op)}(a, scalar={scalar()})", [arr(shape, dtype)], dtype, shape)
    if random.random() < 0.5:
        op = random.choice(BROADCAST + ["broadcast_like"])
        lshape, rshape = random.choice([("(2, 3)", "(1, 3)"), ("(2, 1)", "(1, 3)"), ("(3,)", "(2, 3)"), ("(2, 3)", "(2, 3)"),
                                        ("(1, 1)", "(2, 3)")])
        if op != "broadcast_like" and random.random() < 0.5:
            lshape, rshape = rshape, lshape
        return gradient(f"mx.nd.{op}(a, b)", [arr(lshape, dtype), arr(rshape, dtype)], dtype, lshape)
    op = random.choice([o for o in SAME_SHAPE if o != "_identity_with_attr_like_rhs"])
    shape = random.choice(SHAPES)
    return gradient(f"{fn(op)}(a, b)", [arr(shape, dtype), arr(shape, dtype)], dtype, shape)


def exact():
    k = random.randint(0, 11)
    if GRADIENTS or random.random() < 0.12:
        return differentiable()
    dtype = pick_dtype()
    shape = random.choice(SHAPES)
    if k <= 2:  # scalar operators, called by name
        op = random.choice(SCALAR_OPS)
        extra = random.choice(["", "", "", ", is_int=False", ", is_int=True"])
        s = scalar()
        if safe(op, dtype) and s in ("0", "0.0", "-0.0", "False", "1e-40"):
            s = "2"
        if op.startswith("_r") and safe(op, dtype):
            return f"{fn(op)}({arr(shape, dtype, nonzero=True)}, scalar={s}{extra})"
        return f"{fn(op)}({arr(shape, dtype)}, scalar={s}{extra})"
    if k == 3:  # dunders with a scalar on either side
        sym = random.choice(DUNDERS)
        s = scalar()
        if sym in ("/", "%") and dtype in INTS and s in ("0", "0.0", "-0.0", "False", "1e-40"):
            s = "3"
        nonzero = sym in ("/", "%") and dtype in INTS
        if random.random() < 0.2 and sym in ("+", "-", "*", "/", "%"):
            return f"!a = {arr(shape, dtype)};; a {sym}= {s};; R = a"
        return random.choice([f"{arr(shape, dtype)} {sym} {s}", f"{s} {sym} {arr(shape, dtype, nonzero)}"])
    if k <= 6:  # same-shape binary operators, often mixed dtypes
        op = random.choice(SAME_SHAPE)
        rdtype = dtype if random.random() < 0.7 else pick_dtype()
        rshape = shape if random.random() < 0.9 else random.choice(SHAPES)
        lhs = arr(shape, dtype)
        rhs = arr(rshape, rdtype, nonzero=safe(op, rdtype) or (op == "_mod" and rdtype in INTS and random.random() < 0.5))
        return f"{fn(op)}({lhs}, {rhs})"
    if k <= 9:  # broadcast operators and broadcast shapes
        op = random.choice(BROADCAST)
        lshape, rshape = random.choice([("(2, 3)", "(1, 3)"), ("(2, 1)", "(1, 3)"), ("(3,)", "(2, 3)"),
                                        ("(2, 3, 1)", "(4,)"), ("(1,)", "(2, 2)"), ("(2, 3)", "(2, 3)"),
                                        ("(2, 3)", "(3, 2)"), ("(2,)", "(3,)"),
                                        ("(2, 1, 2)", "(3, 1)"), ("(4,)", "(4,)")])
        if random.random() < 0.5:
            lshape, rshape = rshape, lshape
        rdtype = dtype if random.random() < 0.75 else pick_dtype()
        return f"{fn(op)}({arr(lshape, dtype)}, {arr(rshape, rdtype, nonzero=safe(op, rdtype))})"
    if k == 10:  # broadcast_like, logical_not, dtype casts, integer transcendentals (exact)
        kind = random.randint(0, 5)
        if kind == 5:  # float16 and float64 are compared exactly too
            return f"mx.nd.{random.choice(UNARY)}({arr(shape, random.choice(INTS + ['float16']))})"
        if kind == 0:
            lshape, rshape, axes = random.choice([("(1, 3)", "(2, 3)", ""), ("(2, 1)", "(2, 4)", ""),
                                                  ("(1, 3)", "(4, 5)", ", lhs_axes=(0,), rhs_axes=(1,)"),
                                                  ("(1, 1)", "(2, 3)", ", lhs_axes=(0, 1), rhs_axes=(1, 0)"),
                                                  ("(2, 3)", "(4, 3)", ""), ("(1,)", "(3, 2)", ""),
                                                  ("(1, 3)", "(2, 3)", ", lhs_axes=(0,), rhs_axes=(0, 1)"),
                                                  ("(1, 3)", "(2, 3)", ", lhs_axes=(-2,), rhs_axes=(-2,)"),
                                                  ("(1, 3)", "(2, 3)", ", lhs_axes=(5,), rhs_axes=(0,)"),
                                                  ("(1, 3)", "(2, 3)", ", lhs_axes=(), rhs_axes=()")])
            return f"mx.nd.broadcast_like({arr(lshape, dtype)}, {arr(rshape, pick_dtype())}{axes})"
        if kind == 1:
            return random.choice([f"mx.nd.logical_not({arr(shape, dtype)})", f"{arr(shape, dtype)}.logical_not()"])
        target = random.choice(DTYPES + ["bfloat16", "int16", "float"])
        if kind == 2:
            return f"mx.nd.Cast({arr(shape, dtype)}, dtype='{target}')"
        if kind == 3:
            return f"mx.nd.amp_cast({arr(shape, dtype)}, dtype='{target}')"
        n = random.randint(1, 3)
        dts = [random.choice(FLOATS + ["int32", "bool"]) for _ in range(n)]
        num = n if random.random() < 0.9 else n + 1
        narrow = random.choice(["", ", cast_narrow=True", ", cast_narrow=False"])
        return f"mx.nd.amp_multicast({', '.join(arr(shape, d) for d in dts)}, num_outputs={num}{narrow})"
    if k == 11 and random.random() < 0.5:  # out=, sparse operands of the _scatter_* operators
        kind = random.randint(0, 3)
        a, b = arr("(2, 3)", dtype), arr(random.choice(["(2, 3)", "(1, 3)"]), pick_dtype())
        if kind == 0:
            out_shape = random.choice(["(2, 3)", "(2, 3)", "(3, 2)"])
            op = random.choice(BROADCAST + ["elemwise_sub", "elemwise_div", "_power", "_hypot", "_greater"])
            return (f"!o = mx.nd.zeros({out_shape}, dtype='{pick_dtype()}');; r = {fn(op)}({a}, {b}, out=o);; "
                    f"R = [r is o, o]")
        if kind == 1:
            op = random.choice(SCALAR_OPS)
            return f"!o = mx.nd.zeros((2, 3), dtype='{pick_dtype()}');; r = {fn(op)}({a}, scalar={scalar()}, out=o);; R = [r is o, o]"
        stype = random.choice(["'csr'", "'row_sparse'"])
        dense = arr("(2, 3)", random.choice(["float32", "float64", "float16"]))
        zeros = f"mx.nd.array([[0, 2.5, 0], [0, 0, 0]], dtype='{random.choice(FLOATS)}')"
        if kind == 2:
            op = random.choice(["_scatter_plus_scalar", "_scatter_minus_scalar"])
            return f"{fn(op)}({random.choice([dense, zeros])}.tostype({stype}), scalar={scalar()})"
        return f"mx.nd._internal._scatter_elemwise_div({zeros}.tostype({stype}), {dense}{random.choice(['', '.tostype(' + stype + ')'])})"
    # array-array dunders, mixed dtypes and shapes, and in-place
    sym = random.choice(DUNDERS)
    rdtype = dtype if random.random() < 0.7 else pick_dtype()
    rshape = random.choice([shape, shape, "(1,)", "(3,)"])
    nonzero = sym in ("/", "%") and rdtype in INTS
    if random.random() < 0.2 and sym in ("+", "-", "*", "/", "%"):
        return f"!a = {arr(shape, dtype)};; b = {arr(rshape, rdtype, nonzero)};; a {sym}= b;; R = a"
    return f"{arr(shape, dtype)} {sym} {arr(rshape, rdtype, nonzero)}"


lines = [(differentiable() if random.random() < 0.3 else transcendental()) if TRANSCENDENTAL else exact()
         for _ in range(int(sys.argv[2]))]
print("\n".join(lines))
