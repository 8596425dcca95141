"""Convolution, Deconvolution, Pooling, BatchNorm, FullyConnected, UpSampling, LRN, InstanceNorm with random parameters (run with --numeric).

Usage: python nn.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
for _ in range(int(sys.argv[2])):
    op = random.choice(['conv', 'deconv', 'pool', 'pool', 'bn', 'fc', 'upsample', 'lrn', 'in'])
    nd = random.choice([1, 2, 2, 3])
    N, C = random.randint(1, 2), random.choice([1, 2, 4])
    sp = tuple(random.randint(1, 6) for _ in range(nd))
    shape = (N, C) + sp
    setup = f"rs = np.random.RandomState({random.randint(0, 9999)});; x = mx.nd.array(rs.uniform(-1, 1, {shape}))"
    k = tuple(random.randint(1, 3) for _ in range(nd))
    st = tuple(random.randint(1, 2) for _ in range(nd))
    pd = tuple(random.randint(0, 1) for _ in range(nd))
    dl = tuple(random.randint(1, 2) for _ in range(nd))
    if op == 'conv':
        g = random.choice([1, 1, C])
        F = g * random.randint(1, 2)
        expr = (f"w = mx.nd.array(rs.uniform(-1, 1, ({F}, {C}//{g}) + {k}));; b = mx.nd.array(rs.uniform(-1, 1, ({F},)));; "
                f"R = mx.nd.Convolution(x, w, b, kernel={k}, stride={st}, pad={pd}, dilate={dl}, num_filter={F}, num_group={g}, no_bias={random.choice([True, False])})")
    elif op == 'deconv':
        g = random.choice([1, C])
        F = g * random.randint(1, 2)
        adj = tuple(random.randint(0, 1) for _ in range(nd))
        extra = random.choice(['', f', adj={adj}', f', target_shape={tuple(random.randint(2, 8) for _ in range(nd))}'])
        expr = (f"w = mx.nd.array(rs.uniform(-1, 1, ({C}, {F}//{g}) + {k}));; "
                f"R = mx.nd.Deconvolution(x, w, kernel={k}, stride={st}, pad={pd}, dilate={dl}, num_filter={F}, num_group={g}, no_bias=True{extra})")
    elif op == 'pool':
        pt = random.choice(['max', 'avg', 'sum', 'lp'])
        extra = random.choice(['', ", pooling_convention='full'", ", pooling_convention='same'", ', global_pool=True', ', count_include_pad=False', ', p_value=3' if pt == 'lp' else ''])
        expr = f"R = mx.nd.Pooling(x, kernel={k}, stride={st}, pad={pd}, pool_type='{pt}'{extra})"
    elif op == 'bn':
        expr = (f"g = mx.nd.array(rs.uniform(0.5, 1.5, ({C},)));; b = mx.nd.array(rs.uniform(-1, 1, ({C},)));; m = mx.nd.array(rs.uniform(-1, 1, ({C},)));; v = mx.nd.array(rs.uniform(0.5, 2, ({C},)));; "
                f"R = mx.nd.BatchNorm(x, g, b, m, v, eps={random.choice([1e-5, 1e-3])}, fix_gamma={random.choice([True, False])}, use_global_stats={random.choice([True, False])}, axis={random.choice([1, -1])}, output_mean_var={random.choice([True, False])})")
    elif op == 'fc':
        H = random.randint(1, 3)
        fl = random.choice([True, False])
        inner = (C * (1 if not sp else eval('*'.join(map(str, sp))))) if fl else sp[-1]
        expr = f"w = mx.nd.array(rs.uniform(-1, 1, ({H}, {inner})));; R = mx.nd.FullyConnected(x, w, num_hidden={H}, no_bias=True, flatten={fl})"
    elif op == 'upsample':
        expr = f"R = mx.nd.UpSampling(x, scale={random.randint(1, 3)}, sample_type='nearest')" if nd == 2 else "R = 0"
    elif op == 'lrn':
        expr = f"R = mx.nd.LRN(x, nsize={random.choice([1, 3, 5])}, alpha={random.choice([1e-4, 0.1])}, beta={random.choice([0.75, 0.5])}, knorm={random.choice([1, 2])})" if nd == 2 else "R = 0"
    else:
        expr = f"g = mx.nd.array(rs.uniform(0.5, 1.5, ({C},)));; b = mx.nd.array(rs.uniform(-1, 1, ({C},)));; R = mx.nd.InstanceNorm(x, g, b, eps={random.choice([1e-5, 1e-3])})"
    lines.append(f"!{setup};; {expr}")
print('\n'.join(lines))
