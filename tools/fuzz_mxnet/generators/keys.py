"""Random keys for x[key] reads and x[key] = v writes (ints, slices with any step, None, Ellipsis, lists, tuples, ranges, numpy and NDArray indices, 0-d arrays).

Usage: python keys.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
def rand_key(shape):
    parts = []
    dims = list(shape)
    n = random.randint(1, len(dims))
    used_ellipsis = False
    i = 0
    while i < n:
        r = random.random()
        size = dims[i]
        if r < 0.25:
            parts.append(str(random.randint(-size, size - 1))); i += 1
        elif r < 0.5:
            a = random.choice(['', str(random.randint(-size-1, size+1))]); b = random.choice(['', str(random.randint(-size-1, size+1))])
            c = random.choice(['', '', '1', '2', '-1', '-2', '3'])
            parts.append(f"{a}:{b}" + (f":{c}" if c else '')); i += 1
        elif r < 0.6:
            parts.append('None')
        elif r < 0.65 and not used_ellipsis:
            parts.append('...'); used_ellipsis = True; i = n
        elif r < 0.7:
            kind = random.choice(['range', 'tuple', 'npbool', 'np0d'])
            if kind == 'range': parts.append(f"range({random.randint(0, size-1)}, {size})")
            elif kind == 'tuple': parts.append(str(tuple(random.randint(-size, size - 1) for _ in range(random.randint(1, 3)))))
            elif kind == 'npbool': parts.append(f"np.array({[random.random() < 0.5 for _ in range(size)]})")
            else: parts.append(f"np.array({random.randint(0, size - 1)})")
            i += 1
        elif r < 0.85:
            k = random.randint(1, 3)
            parts.append(str([random.randint(-size, size - 1) for _ in range(k)])); i += 1
        else:
            k = random.randint(1, 3)
            parts.append(f"np.array({[[random.randint(0, size - 1)] for _ in range(k)]})" if random.random()<0.5 else f"mx.nd.array({[random.randint(0, size - 1) for _ in range(k)]})"); i += 1
    return ', '.join(parts)
lines = []
for _ in range(int(sys.argv[2])):
    nd = random.randint(1, 4)
    shape = tuple(random.randint(1, 4) for _ in range(nd))
    size = 1
    for d in shape: size *= d
    key = rand_key(shape)
    lines.append(f"mx.nd.arange({size}).reshape({shape})[{key}]")
    lines.append(f"!x = mx.nd.zeros({shape});; x[{key}] = 7;; R = x")
    lines.append(f"!x = mx.nd.zeros({shape});; v = x[{key}];; x[{key}] = mx.nd.arange(v.size).reshape(v.shape) + 1;; R = x")
print('\n'.join(lines))
