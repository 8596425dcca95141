"""mx.nd.save / load / load_frombuffer: the saved bytes (compared exactly between the libraries),
the loaded containers, for lists and dicts of dense and sparse arrays of every dtype and shape,
empty containers and the argument errors.

Usage: python serialization.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
DT = ["'float32'", "'float64'", "'float16'", "'int32'", "'int64'", "'int8'", "'uint8'", "'bool'"]


def item():
    shape = random.choice(["(2, 3)", "(4,)", "(1, 1, 2)", "(3, 0)", "(2, 2, 2, 2)", "(1,)"])
    dt = random.choice(DT)
    a = f"mx.nd.array(np.random.RandomState({random.randint(0, 999)}).uniform(-3, 3, {shape}), dtype={dt})"
    k = random.random()
    if k < 0.12:
        return f"mx.nd.array([[0, 1.5, 0], [2, 0, 0]], dtype={random.choice(DT[:3])}).tostype('csr')"
    if k < 0.24:
        return f"mx.nd.array([[0, 0], [1.5, 2], [0, 0]], dtype={random.choice(DT[:5])}).tostype('row_sparse')"
    return a


lines = []
for i in range(int(sys.argv[2])):
    n = random.randint(0, 3)
    items = [item() for _ in range(n)]
    kind = random.random()
    if kind < 0.4:
        data = "[" + ", ".join(items) + "]"
    elif kind < 0.8:
        data = "{" + ", ".join(f"{random.choice(['arg:w', 'aux:m', 'x', '', 'é', 'a b'])!r}{j}: {it}" for j, it in enumerate(items)) + "}"
    else:
        data = random.choice(["mx.nd.ones((2,))", "np.ones(2)", "[np.ones(2)]", "{'a': np.ones(2)}", "{1: mx.nd.ones(2)}", "None", "[]", "{}", "'x'"])
    path = f"'/tmp/fz_ser_' + mx.__name__ + '_{random.randint(0, 10**9)}.params'"
    lines.append(f"!import hashlib;; p = {path};; mx.nd.save(p, {data});; raw = open(p, 'rb').read();; got = mx.nd.load(p);; "
                 f"again = mx.nd.load_frombuffer(raw);; "
                 f"show = lambda v: [(k, x.stype, str(x.dtype), x.shape, x.asnumpy().tolist()) for k, x in sorted(v.items())] if isinstance(v, dict) else [(x.stype, str(x.dtype), x.shape, x.asnumpy().tolist()) for x in v];; "
                 f"R = [hashlib.md5(raw).hexdigest(), len(raw), show(got), show(again) == show(got), type(got).__name__]")
print('\n'.join(lines))
