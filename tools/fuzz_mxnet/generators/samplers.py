"""mx.nd.random samplers: shapes, dtypes, contexts and parameter errors (values differ by design).

Usage: python samplers.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
dts = ['None', "'float32'", "'float64'", "'float16'", "'int32'", "'int64'", "'uint8'"]
for _ in range(int(sys.argv[2])):
    sh = random.choice(['()', '(2,)', '(2, 3)', '3', '(0,)', '(1, 0, 2)', 'None'])
    dt = random.choice(dts)
    f = random.choice([
        f"mx.nd.random.uniform(low=0, high=1, shape={sh}, dtype={dt})", f"mx.nd.random.normal(loc=0, scale=1, shape={sh}, dtype={dt})",
        f"mx.nd.random.randint(0, 10, shape={sh}, dtype={dt})", f"mx.nd.random.poisson(lam=2, shape={sh}, dtype={dt})",
        f"mx.nd.random.exponential(scale=1, shape={sh}, dtype={dt})", f"mx.nd.random.gamma(alpha=2, beta=1, shape={sh}, dtype={dt})",
        f"mx.nd.random.negative_binomial(k=2, p=0.5, shape={sh}, dtype={dt})", f"mx.nd.random.generalized_negative_binomial(mu=2, alpha=0.5, shape={sh}, dtype={dt})",
        f"mx.nd.random.uniform(mx.nd.array([0, 1]), mx.nd.array([1, 2]), shape={sh}, dtype={dt})", f"mx.nd.random.normal(mx.nd.array([[0], [1]], dtype='float64'), mx.nd.array([[1], [2]], dtype='float64'), shape={sh}, dtype={dt})",
        f"mx.nd.random.multinomial(mx.nd.array([[0.2, 0.8], [0.5, 0.5]]), shape={sh}, dtype={dt if dt != 'None' else repr('int32')})",
        f"mx.nd.random.shuffle(mx.nd.arange(6, dtype={dt}).reshape((3, 2)))", f"mx.nd.random.randn(2, 3, dtype={dt})",
        f"mx.nd.random.uniform(shape={sh}, dtype={dt}, ctx=mx.cpu(1))", f"mx.nd.random.poisson(mx.nd.array([1, 2]), shape={sh})",
        f"mx.nd.random.randint(mx.nd.array([0]), mx.nd.array([5]), shape={sh})", f"mx.nd.sample_uniform(mx.nd.array([0, 1]), mx.nd.array([1, 2]), shape={sh}, dtype={dt})",
        f"mx.nd.random.uniform(1, 0, shape={sh})", f"mx.nd.random.normal(0, -1, shape={sh})", f"mx.nd.random.exponential(-1, shape={sh})",
        f"mx.nd.random.uniform(mx.nd.array([0, 1]), 2, shape={sh})", f"mx.nd.random.multinomial(mx.nd.array([0.2, 0.8]), get_prob=True, shape={sh})",
    ])
    lines.append(f"!r = {f};; R = [r.shape, str(r.dtype), str(r.context), getattr(r, 'stype', None)] if not isinstance(r, (list, tuple)) else [(x.shape, str(x.dtype)) for x in r]")
print('\n'.join(lines))
