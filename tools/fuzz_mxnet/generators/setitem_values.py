"""Writes x[key] = value of every kind (scalars out of range, NDArrays, numpy arrays of other dtypes, lists, wrong shapes) into arrays of every dtype.

Usage: python setitem_values.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
dts = ['float32', 'int32', 'uint8', 'float16', 'int64', 'float64', 'int8']
for _ in range(int(sys.argv[2])):
    nd = random.randint(1, 3)
    shape = tuple(random.randint(1, 4) for _ in range(nd))
    size = 1
    for d in shape: size *= d
    dt = random.choice(dts)
    # a key: basic or simple advanced
    parts = []
    for d in shape[:random.randint(1, nd)]:
        r = random.random()
        if r < 0.3: parts.append(str(random.randint(-d, d-1)))
        elif r < 0.7: parts.append(random.choice([':', '1:', ':-1', '::2', '::-1']))
        else: parts.append(str([random.randint(0, d-1) for _ in range(random.randint(1, 2))]))
    key = ', '.join(parts)
    vkind = random.choice(['scalar', 'fscalar', 'nd', 'np', 'list', 'ndbig', 'nd1', 'npdt', 'bool'])
    if vkind == 'scalar': v = str(random.randint(-300, 300))
    elif vkind == 'fscalar': v = str(round(random.uniform(-300, 300), 2))
    elif vkind == 'bool': v = 'True'
    else:
        vs = "x[" + key + "].shape"
        if vkind == 'nd': v = f"mx.nd.arange(int(np.prod({vs}))).reshape({vs}) * 1.5 - 3"
        elif vkind == 'np': v = f"(np.arange(int(np.prod({vs}))).reshape({vs}) * 1.5 - 3)"
        elif vkind == 'npdt': v = f"np.arange(int(np.prod({vs})), dtype=np.{random.choice(dts)}).reshape({vs})"
        elif vkind == 'list': v = f"(np.arange(int(np.prod({vs}))).reshape({vs}) - 2).tolist()"
        elif vkind == 'ndbig': v = f"mx.nd.ones((2,) + {vs})"
        else: v = f"mx.nd.array([{random.randint(-5, 300)}], dtype='{random.choice(dts)}')"
    lines.append(f"!x = mx.nd.zeros({shape}, dtype='{dt}');; x[{key}] = {v};; R = x")
print('\n'.join(lines))
