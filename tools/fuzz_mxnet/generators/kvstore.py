"""mx.kv single-process stores: init/push/pull/pushpull/broadcast/row_sparse_pull with int and str
keys, lists of keys and of per-device values, updaters and optimizers, dtypes and the errors.

Usage: python kvstore.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
SHAPES = ["(2, 3)", "(4,)", "(3, 1)", "(1,)", "(2, 2, 2)"]
DTYPES = ["'float32'", "'float64'", "'float16'", "'int32'"]


def value(shape, dtype, k=None):
    k = k if k is not None else random.randint(1, 5)
    return random.choice([f"mx.nd.ones({shape}, dtype={dtype}) * {k}", f"mx.nd.full({shape}, {k}, dtype={dtype})",
                          f"mx.nd.arange(int(np.prod({shape})), dtype={dtype}).reshape({shape}) + {k}",
                          f"mx.nd.array(np.random.RandomState({k}).uniform(-1e4, 1e4, {shape}), dtype={dtype})"])


def values(shape, dtype):
    n = random.choice([1, 1, 2, 3])
    dts = [dtype if random.random() < 0.85 else random.choice(DTYPES) for _ in range(n)]
    sh = [shape if random.random() < 0.9 else random.choice(SHAPES) for _ in range(n)]
    items = [value(s, d) for s, d in zip(sh, dts)]
    return items[0] if n == 1 and random.random() < 0.5 else "[" + ", ".join(items) + "]"


lines = []
for _ in range(int(sys.argv[2])):
    kind = random.choice(["'local'", "'device'", "'local'", "'local_allreduce_device'", "'local_allreduce_cpu'"])
    shape = random.choice(SHAPES)
    dtype = random.choice(DTYPES)
    key = random.choice(["3", "'w'", "0", "'3'", "9"])
    keys = random.choice(["[5, 6]", "['a', 'b']", "[5, 'b']", "[7, 7]"])
    st = [f"kv = mx.kv.create({kind})"]
    if random.random() < 0.3:
        st.append(random.choice(["kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.1))",
                                 "kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.5, momentum=0.9, wd=0.1))",
                                 "kv._set_updater(lambda k, g, w: w.__iadd__(g * 2))",
                                 "kv._set_updater(lambda k, g, w: w.__setitem__(slice(None), g - w))",
                                 "kv.set_optimizer(mx.optimizer.Adam(learning_rate=0.1))",
                                 "kv.set_gradient_compression({'type': '2bit', 'threshold': 0.5})",
                                 "kv.set_gradient_compression({'type': 'bad'})"]))
    if random.random() < 0.9:
        st.append(f"kv.init({key}, {value(shape, dtype)})")
    ops = []
    for _ in range(random.randint(1, 3)):
        op = random.random()
        if op < 0.3:
            ops.append(f"kv.push({key}, {values(shape, dtype)}, priority={random.choice([0, 1, -1])})")
        elif op < 0.45:
            ops.append(f"kv.pushpull({key}, {values(shape, dtype)}, out={random.choice(['None', values(shape, dtype)])})")
        elif op < 0.55:
            ops.append(f"kv.broadcast({random.choice([key, '11'])}, {value(shape, dtype)}, out={values(shape, dtype)})")
        elif op < 0.65:
            ops.append(f"kv.init({keys}, [{value(shape, dtype)}, {value(shape, dtype)}])")
            ops.append(f"kv.push({keys}, [{values(shape, dtype)}, {values(shape, dtype)}])")
        elif op < 0.75:
            ops.append(f"kv.init({random.choice(['8', key])}, mx.nd.ones({shape}, dtype={dtype}).tostype('row_sparse'))")
            ops.append(f"kv.push({random.choice(['8', key])}, (mx.nd.ones({shape}, dtype={dtype}) * 2).tostype('row_sparse'))")
        else:
            ops.append(random.choice(["kv.push(42, mx.nd.ones((2,)))", f"kv.init({key}, mx.nd.ones((2,)))",
                                      "kv.pull(42, out=mx.nd.zeros((2,)))", f"kv.pull({key})",
                                      f"kv.push({key}, [])", f"kv.push([{key}, 1], [mx.nd.ones((2,))])",
                                      "kv.init(1.5, mx.nd.ones((2,)))", f"kv.init({key}, np.ones({shape}))"]))
    pulls = random.choice([
        f"o = mx.nd.zeros({shape}, dtype={dtype});; kv.pull({key}, out=o);; R = [o]",
        f"o = [mx.nd.zeros({shape}, dtype={dtype}), mx.nd.zeros({shape}, dtype={dtype})];; kv.pull({key}, out=o);; R = o",
        f"o = mx.nd.zeros({random.choice(SHAPES)}, dtype={dtype});; kv.pull({key}, out=o);; R = [o]",
        f"o = mx.nd.zeros({shape}, dtype={dtype}).tostype('row_sparse');; kv.row_sparse_pull({key}, out=o, row_ids=mx.nd.array([0, 1]));; R = [o]",
        f"o = mx.nd.zeros({shape}, dtype={dtype});; kv.pull({key}, out=o, ignore_sparse=False);; R = [o, kv.type, kv.rank, kv.num_workers]",
        f"o = [mx.nd.zeros({shape}, dtype={dtype}), mx.nd.zeros({shape}, dtype={dtype})];; kv.pull({keys}, out=o);; R = o",
    ])
    lines.append("!" + ";; ".join(st + ops) + ";; " + pulls)
print('\n'.join(lines))
