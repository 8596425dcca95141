"""mx.nd.linalg operators on batches of random and positive-definite matrices (run with --numeric).

Usage: python linalg.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
for _ in range(int(sys.argv[2])):
    b = random.choice([(), (2,), (2, 3)])
    n, m = random.randint(1, 3), random.randint(1, 3)
    seed = random.randint(0, 9999)
    mk = lambda shape: f"mx.nd.array(rs.uniform(-1, 1, {shape}))"
    spd = f"(lambda a: mx.nd.linalg.gemm2(a, a, transpose_b=True) + mx.nd.array(np.eye({n}) * {n}))({mk(b + (n, n))})"
    op = random.choice([
        f"mx.nd.linalg.gemm2({mk(b + (n, m))}, {mk(b + (m, n))}, alpha={random.choice([1, 0.5, -2])})",
        f"mx.nd.linalg.gemm2({mk(b + (m, n))}, {mk(b + (m, n))}, transpose_a=True)",
        f"mx.nd.linalg.gemm({mk(b + (n, m))}, {mk(b + (m, n))}, {mk(b + (n, n))}, alpha=2, beta=0.5, transpose_a={random.choice([False])})",
        f"mx.nd.linalg.potrf({spd})", f"mx.nd.linalg.potri(mx.nd.linalg.potrf({spd}))", f"mx.nd.linalg.inverse({spd})",
        f"mx.nd.linalg.det({mk(b + (n, n))})", f"mx.nd.linalg.slogdet({mk(b + (n, n))})", f"mx.nd.linalg.sumlogdiag({spd})",
        f"mx.nd.linalg.syrk({mk(b + (n, m))}, transpose={random.choice([True, False])}, alpha=0.5)",
        f"mx.nd.linalg.trmm(mx.nd.linalg.potrf({spd}), {mk(b + (n, m))}, transpose={random.choice([True, False])}, rightside=False, lower={random.choice([True, False])})",
        f"mx.nd.linalg.trsm(mx.nd.linalg.potrf({spd}), {mk(b + (n, m))}, transpose={random.choice([True, False])}, alpha=2)",
        f"mx.nd.linalg.extractdiag({mk(b + (n, n))}, offset={random.randint(-1, 1)})", f"mx.nd.linalg.makediag({mk(b + (n,))}, offset={random.randint(-1, 1)})",
        f"mx.nd.linalg.extracttrian({mk(b + (n, n))}, offset={random.randint(-1, 1)}, lower={random.choice([True, False])})",
        f"mx.nd.linalg.maketrian({mk(b + (n * (n + 1) // 2,))}, offset=0, lower={random.choice([True, False])})",
        f"mx.nd.linalg.gelqf({mk(b + (n, n + m))})", f"mx.nd.linalg.syevd({spd})",
    ])
    lines.append(f"!rs = np.random.RandomState({seed});; R = {op}")
print('\n'.join(lines))
