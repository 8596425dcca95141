"""Cases of the random family: densities, and what is deterministic about the samplers.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into random.json. Random values cannot match MXNet's generator, so
sampler cases check dtype, shape and context (``D``), values of degenerate distributions
(``uniform(2, 2)``, ``poisson(0)``), reproducibility under ``mx.random.seed``, and errors.
MXNet reports parameter errors of samplers when the result is read, so error cases read it
(``E``). The densities are deterministic; their values are compared rounded to 4 digits
(``R``): MXNet's float32 kernels round every step and differ from mxnd's (computed in float64,
rounded once) in the last bits; its float16 kernels round every step to half precision, so
float16 densities are checked for dtype and shape only. Never put a case here that
crashes or hangs MXNet (``randint(5, 5)``, ``sample_gamma`` with a negative alpha).
"""

# dtype, shape and context of a single-array expression
D = "r = {}; result = (np.dtype(r.dtype).name, r.shape, str(r.context))"
# read the result, so that MXNet's deferred kernel errors surface
E = "r = {}; r.wait_to_read(); result = (np.dtype(r.dtype).name, r.shape)"
# dtype, shape and values rounded to 4 significant digits (and 7 decimals, so that MXNet's
# float32 rounding errors around 0 compare equal)
R = ("r = {}; result = (np.dtype(r.dtype).name, r.shape, "
     "[float('%.4g' % round(float(v), 7)) + 0.0 for v in r.asnumpy().ravel()])")
# the same numbers twice after seeding with the same value
SEEDED = ("mx.random.seed({seed}); a = {expr}; mx.random.seed({seed}); b = {expr}; "
          "result = bool((a.asnumpy() == b.asnumpy()).all())")

LOW, HIGH = "mx.nd.array([0, 1.5])", "mx.nd.array([1, 2.5])"
P = "p = mx.nd.array([[0, 1, 0], [1, 0, 0]]); "

RANDOM = [D.format(f"mx.nd.random.{call}") for call in (
    "uniform()", "uniform(0, 1, shape=(2, 3))", "uniform(-1, 1, (2,))", "uniform(shape=4)",
    "uniform(shape=[3, 2])", "uniform(shape='(3,2)')", "uniform(dtype='float64', shape=(2,))",
    "uniform(dtype='float16', shape=(2,))", "uniform(dtype=np.float64, shape=(2,))", "uniform(dtype=None, shape=(2,))",
    "uniform(0, 1, 2, 'float64')", "uniform(0, 1, shape=(2,), ctx=mx.cpu(1))", "uniform(0, 1, shape=2, ctx='cpu(1)')",
    "uniform(np.float32(0), np.float64(1), shape=2)", "uniform(np.int64(0), 1, shape=2)",
    "normal()", "normal(1, 2, shape=(2, 3))", "normal(1, 2, (3,), 'float16')", "normal(shape=(2,), dtype='float64')",
    "gamma()", "gamma(2, 3, shape=(2, 2))", "gamma(9, 0.5, shape=(2,), dtype='float16')",
    "exponential()", "exponential(2, shape=(3,))", "exponential(0.5, shape=(3,), dtype='float64')",
    "poisson()", "poisson(4, shape=(2, 2))", "poisson(2, shape=(2,), dtype='float64')",
    "negative_binomial()", "negative_binomial(10, 0.5, shape=(2,))",
    "negative_binomial(2, 0.3, shape=(2,), dtype='float64')",
    "generalized_negative_binomial()", "generalized_negative_binomial(10, 0.5, shape=(2,))",
    "randint(0, 5)", "randint(0, 5, shape=(2, 3))", "randint(-10, 10, shape=(2,), dtype='int64')",
    "randint(0, 5, shape=2, ctx=mx.cpu(2))", "randint(0, 5, (2,), np.int64)",
    "randn(2, 3)", "randn(2, 3, loc=5, scale=1)", "randn(4, dtype='float64')",
    "randn(2, 3, loc=mx.nd.array([1, 2]), scale=mx.nd.array([1, 2]))",
)] + [D.format(f"mx.nd.{call}") for call in (
    "_internal._random_uniform(0, 1, (2, 3))", "_internal._random_uniform(shape=(2,), ctx=mx.cpu(1))",
    "_internal._random_normal(shape=(2,), dtype=None)", "random_uniform(shape=(2,))", "uniform(shape=(2,))",
    "normal(shape=(2,))", "random_normal(loc=1, scale=2, shape=(3,))", "random_gamma(alpha=2, shape=(2,))",
    "random_exponential(lam=2, shape=(2,))", "random_poisson(lam=2, shape=(2,))",
    "random_negative_binomial(k=2, p=0.5, shape=(2,))",
    "random_generalized_negative_binomial(mu=2, alpha=0.5, shape=(2,))",
    "random_randint(0, 3, shape=(2,))", "random_randint(0, 3, shape=(2,), dtype='int64')",
)] + [
    D.format("mx.nd.random.uniform(shape=(2,), out=mx.nd.zeros((2,), dtype='float64'))"),
    "mx.nd.random.uniform(2, 2, out=mx.nd.zeros((2, 3), dtype='float64'))",
    "o = mx.nd.zeros((2,)); r = mx.nd.random.uniform(3, 3, shape=(2,), out=o); result = (r is o, o)",
    "mx.nd.random.uniform(2, 2, shape=(2,))", "mx.nd.random.uniform(2, 2, shape=(2,), dtype='float16')",
    "mx.nd.random.poisson(0, shape=(2, 2))", "mx.nd.random.negative_binomial(1, 1, shape=(3,))",
    "mx.nd.random.negative_binomial(0, 0.5, shape=(3,))", "mx.nd.random.negative_binomial(1, 1.5, shape=(3,))",
    "mx.nd.random.generalized_negative_binomial(0, 1, shape=(3,))",
    "mx.nd.random.generalized_negative_binomial(0, 0, shape=(3,))",
    "mx.nd.random.randint(3, 4, shape=(2, 2))", "mx.nd.random.randint(-5, -4, shape=(3,), dtype='int64')",
    "mx.nd.random.uniform(shape=(3,), out=mx.nd.zeros((2, 3)))",
    "mx.nd.random.uniform(shape=(2, 3), dtype='float32', out=mx.nd.zeros((2, 3), dtype='float64'))",
]

RANDOM_ERRORS = [E.format(f"mx.nd.random.{call}") for call in (
    "uniform(2, 1, shape=(2,))", "normal(0, -1, shape=(2,))", "normal(0, 0, shape=(2,))",
    "gamma(-1, 1, shape=(2,))", "gamma(0, 1, shape=(2,))", "gamma(1, 0, shape=(2,))",
    "exponential(-1, shape=(2,))", "poisson(-1, shape=(2,))", "negative_binomial(-1, 0.5, shape=(2,))",
    "negative_binomial(1, -0.5, shape=(2,))", "generalized_negative_binomial(-1, 1, shape=(2,))",
    "generalized_negative_binomial(1, -1, shape=(2,))", "randint(5, 0, shape=(2,))",
    "uniform(shape=(2,), dtype='int32')", "randint(0, 5, shape=(2,), dtype='float32')",
    "randint(0, 5, shape=(2,), dtype='int8')", "randint(0.5, 5, shape=(2,))", "uniform(True, 1, shape=2)",
    "uniform(0, 1, shape=2, foo=3)", "uniform(mx.nd.array([0, 1]), 2)", "uniform('a', 2)",
    "uniform(0, '1', shape=2)", "uniform(0, None, shape=2)", "exponential(0, shape=2)",
    "randint(mx.nd.array([0]), mx.nd.array([4]), shape=(2,))", "uniform(shape=(3,), dtype='None')",
    "randn(2, 3, loc='a')", "randn(2, loc=mx.nd.array([1, 2]), scale=1)", "uniform(shape=(2, -1))",
)] + [E.format(f"mx.nd.{call}") for call in (
    "_internal._random_uniform()", "_internal._random_exponential(lam=0, shape=(2,))",
    "_internal._random_normal(ctx='', shape=(2,))", "random_randint(shape=(2,))", "random_randint(0, shape=(2,))",
    "_internal._random_randint(0, 3, shape=(2,), dtype=None)", "_internal._random_uniform(low=0, high=1, shape=(2,), ctx='foo')",
    "random_uniform(low='a', shape=(2,))", "random_uniform(shape='a')",
)]

LIKE = [D.format(f"mx.nd.random.{call}") for call in (
    "uniform_like(mx.nd.zeros((2, 3)))", "uniform_like(mx.nd.zeros((2, 3), dtype='float64'))",
    "uniform_like(mx.nd.zeros((2, 3), dtype='float16'))", "uniform_like(mx.nd.zeros((2, 3), ctx=mx.cpu(2)))",
    "uniform_like(data=mx.nd.zeros((4,)), low=2, high=3)", "normal_like(mx.nd.zeros((2, 3)), loc=3, scale=2)",
    "gamma_like(mx.nd.zeros((2, 3)), alpha=2, beta=3)", "exponential_like(mx.nd.zeros((2, 3)), lam=2)",
    "poisson_like(mx.nd.zeros((2, 3)), lam=2)", "negative_binomial_like(mx.nd.zeros((2, 3)), k=2, p=0.3)",
    "generalized_negative_binomial_like(mx.nd.zeros((2, 3)), mu=2, alpha=0.3)",
    "uniform_like(mx.nd.zeros((2, 3)), 0, 1)",
)] + [
    "mx.nd.random.uniform_like(mx.nd.zeros((2, 3)), low=4, high=4)",
    "mx.nd.random.poisson_like(mx.nd.zeros((3,), dtype='float64'), lam=0)",
    "mx.nd.random.negative_binomial_like(mx.nd.zeros((3,)), k=2, p=1)",
    "mx.nd.random.generalized_negative_binomial_like(mx.nd.zeros((3,)), mu=0, alpha=0.3)",
    "o = mx.nd.ones((2,)); r = mx.nd.random.uniform_like(mx.nd.zeros((2,)), low=5, high=5, out=o); result = (r is o, o)",
] + [E.format(f"mx.nd.random.{call}") for call in (
    "uniform_like(mx.nd.zeros((2, 3), dtype='int32'))", "uniform_like(mx.nd.zeros((2, 3)), low=2, high=1)",
    "uniform_like(mx.nd.zeros((2, 3)), shape=(2,))", "uniform_like(mx.nd.zeros((2, 3)), dtype='float64')",
    "normal_like(mx.nd.zeros((2, 3)), scale=0)", "poisson_like(mx.nd.ones((2, 3), dtype='int32'), lam=3)",
    "gamma_like(mx.nd.zeros((2,)), alpha=-1)", "exponential_like(mx.nd.zeros((2,)), lam=0)",
    "negative_binomial_like(mx.nd.zeros((2,)), k=-1)", "generalized_negative_binomial_like(mx.nd.zeros((2,)), alpha=-1)",
    "uniform_like(mx.nd.zeros((2, 3)), out=mx.nd.zeros((2, 3), dtype='float64'))",
)]

SAMPLE = [D.format(f"mx.nd.random.{call}") for call in (
    f"uniform({LOW}, {HIGH})", f"uniform({LOW}, {HIGH}, shape=(3, 4))", f"uniform({LOW}, {HIGH}, shape=2)",
    f"normal({LOW}, {HIGH}, shape=2)", f"gamma({HIGH}, {HIGH}, shape=2)", f"exponential({HIGH}, shape=2)",
    f"poisson({HIGH}, shape=2)", "negative_binomial(mx.nd.array([20, 49]), mx.nd.array([0.4, 0.77]), shape=2)",
    "generalized_negative_binomial(mx.nd.array([2, 2.5]), mx.nd.array([1, 0.1]), shape=2)",
    "uniform(mx.nd.zeros((2, 3)), mx.nd.ones((2, 3)), shape=(4, 5))",
    "uniform(mx.nd.array([0, 1], dtype='float64'), mx.nd.array([1, 2], dtype='float64'))",
    "uniform(mx.nd.array([0, 1], dtype='float16'), mx.nd.array([1, 2], dtype='float16'))",
    "uniform(mx.nd.array([0, 1], dtype='int32'), mx.nd.array([1, 2], dtype='int32'))",
    f"uniform({LOW}, {HIGH}, dtype='float64')", f"uniform({LOW}, {HIGH}, dtype='float16', shape=(2,))",
    f"uniform({LOW}, {HIGH}, shape=(3,), ctx=mx.cpu(1))",
    "uniform(mx.nd.array([0, 1], ctx=mx.cpu(1)), mx.nd.array([1, 2], ctx=mx.cpu(1)), shape=(3,))",
    f"uniform({LOW}, {HIGH}, out=mx.nd.zeros((2,), dtype='float64'))",
    f"uniform({LOW}, {HIGH}, shape=(3,), out=mx.nd.zeros((2, 3)))",
)] + [D.format(f"mx.nd.{call}") for call in (
    f"sample_uniform({LOW}, {HIGH}, shape=(2,))", f"_internal._sample_normal({LOW}, {HIGH}, (2,), 'float64')",
    f"sample_gamma(alpha={HIGH}, beta={HIGH})", f"sample_exponential(lam={HIGH}, shape=(1, 2))",
    f"sample_poisson({HIGH})", f"sample_negative_binomial({HIGH}, mx.nd.array([0.5, 0.5]))",
    f"sample_generalized_negative_binomial({HIGH}, {HIGH}, shape=3)",
)] + [
    f"mx.nd.random.uniform({LOW}, {LOW}, shape=2)", f"mx.nd.random.normal({HIGH}, mx.nd.zeros((2,)), shape=2)",
    "mx.nd.random.gamma(mx.nd.array([0, 0]), mx.nd.array([1, 2]))",
    "mx.nd.random.gamma(mx.nd.array([1, 2]), mx.nd.array([0, 0]), shape=3)",
    "mx.nd.random.poisson(mx.nd.array([0, -1]), shape=2)",
    "mx.nd.random.negative_binomial(mx.nd.array([0, 2]), mx.nd.array([0.5, 1]), shape=2)",
    "mx.nd.random.negative_binomial(mx.nd.array([1, 2]), mx.nd.array([1.5, -0.5]))",
    "mx.nd.random.generalized_negative_binomial(mx.nd.array([0, -1]), mx.nd.array([0.5, 0.5]))",
    "mx.nd.random.generalized_negative_binomial(mx.nd.array([0, 0]), mx.nd.array([0, 0]), shape=2)",
    "mx.nd._internal._sample_exponential(mx.nd.array([np.inf, np.inf]), shape=2)",
    f"o = mx.nd.ones((2, 2)); r = mx.nd.random.uniform({HIGH}, {HIGH}, shape=2, out=o); result = (r is o, o)",
] + [E.format(f"mx.nd.random.{call}") for call in (
    "uniform(mx.nd.array([0, 1]), mx.nd.array([1, 2, 3]))",
    "uniform(mx.nd.array([0, 1]), mx.nd.array([1, 2], dtype='float64'))",
    f"uniform({LOW}, {HIGH}, out=mx.nd.zeros((2, 3)))", f"uniform({LOW}, {HIGH}, foo=3)",
    f"uniform({LOW}, {HIGH}, dtype='int32')", f"uniform({LOW}, {HIGH}, shape=(2,), dtype='float64', out=mx.nd.zeros((2, 2)))",
)] + [E.format(f"mx.nd.{call}") for call in (
    "sample_uniform(mx.nd.array([0, 1]))", f"sample_normal({LOW}, {HIGH}, shape='a')",
    f"sample_poisson({LOW}, {HIGH})",
)]

MULTINOMIAL = [D.format(f"mx.nd.random.multinomial({call})") for call in (
    "mx.nd.array([0.2, 0.8])", "mx.nd.array([0.2, 0.8]), shape=3", "mx.nd.array([0.2, 0.8]), shape=(3, 4)",
    "mx.nd.array([[0.2, 0.8], [0.5, 0.5]])", "mx.nd.array([[0.2, 0.8], [0.5, 0.5]]), shape=(3, 4)",
    "mx.nd.array([[[0.2, 0.8], [0.5, 0.5]]]), shape=(2, 3)", "mx.nd.array([[0.2, 0.8]]), dtype='float64'",
    "mx.nd.array([[0.2, 0.8]]), dtype='uint8'", "mx.nd.array([[0.2, 0.8]]), dtype='float16'",
    "mx.nd.array([[0.2, 0.8]]), dtype=np.float32",
)] + [
    "[(r.dtype.__name__, r.shape) for r in mx.nd.random.multinomial(mx.nd.array([[0.2, 0.8], [0.5, 0.5]]), "
    "shape=3, get_prob=True)]",
    "mx.nd.random.multinomial(mx.nd.array([[0.2, 0.8]], dtype='float64'), shape=3, get_prob=True)[1].dtype.__name__",
    "mx.nd.random.multinomial(mx.nd.array([[0.2, 0.8]], dtype='float16'), shape=3, get_prob=True)[1].dtype.__name__",
    P + "result = mx.nd.random.multinomial(p)", P + "result = mx.nd.random.multinomial(p, shape=3)",
    P + "result = mx.nd.random.multinomial(p, shape=(2, 2), get_prob=True)",
    P + "result = mx.nd.random.multinomial(p, 2, True)", P + "result = mx.nd.random.multinomial(p, get_prob=True, dtype='float32')",
    P + "result = mx.nd.random.multinomial(p, dtype='float64')",
    P + "result = mx.nd.random.multinomial(p.astype('float64'), shape=2, get_prob=True)",
    "mx.nd.random.multinomial(mx.nd.array([[0, 2], [2, 0]]), shape=3)",
    "mx.nd.random.multinomial(mx.nd.array([0, 0, 1]), shape=2)",
    "mx.nd.random.multinomial(mx.nd.array([[0, 0], [0, 0]]), shape=3)",
    P + "o = mx.nd.zeros((2, 3), dtype='int32'); r = mx.nd.random.multinomial(p, shape=3, out=o); result = (r is o, o)",
    P + "o = [mx.nd.zeros((2, 3), dtype='int32'), mx.nd.ones((2, 3))]; "
        "r = mx.nd.random.multinomial(p, shape=3, get_prob=True, out=o); result = (r is o, o)",
    P + "result = mx.nd._internal._sample_multinomial(p, (), True)", P + "result = mx.nd.sample_multinomial(p, shape=2)",
] + [E.format(f"mx.nd.random.multinomial({call})") for call in (
    "mx.nd.array(1)", "mx.nd.array([[0.2, 0.8]]), dtype='int64'", "mx.nd.array([[0.2, 0.8]]), dtype='None'",
    "mx.nd.array([[0.2, 0.8]]), get_prob='maybe'", "mx.nd.array([[0.2, 0.8]]), foo=1",
)]

SHUFFLE = [
    "mx.nd.random.shuffle(mx.nd.array([[1, 2, 3]]))", "mx.nd.shuffle(mx.nd.array([[1, 2, 3]], dtype='int32'))",
    "mx.nd._internal._shuffle(mx.nd.array([7]))", "mx.nd.random.shuffle(mx.nd.array([[1, 2, 3]]), foo=1)",
    "o = mx.nd.zeros((1, 3)); r = mx.nd.random.shuffle(mx.nd.array([[1, 2, 3]]), out=o); result = (r is o, o)",
    "x = mx.nd.arange(20).reshape((5, 4)); r = mx.nd.random.shuffle(x); "
    "result = (sorted(r.asnumpy().tolist()) == x.asnumpy().tolist(), r.shape, x)",
    "x = mx.nd.arange(6, dtype='int32'); r = mx.nd.random.shuffle(x); result = sorted(r.asnumpy().tolist())",
    "x = mx.nd.array([True, False, True], dtype='bool'); r = mx.nd.random.shuffle(x); result = (r.dtype.__name__, sorted(r.asnumpy().tolist()))",
    D.format("mx.nd.random.shuffle(mx.nd.zeros((3, 2, 2), ctx=mx.cpu(1)))"),
    E.format("mx.nd.random.shuffle(mx.nd.array(3))"),
]

ZIPFIAN = [
    "[(r.dtype.__name__, r.shape, str(r.context)) for r in mx.nd._internal._sample_unique_zipfian(100, shape=(3, 7))]",
    "s, t = mx.nd._internal._sample_unique_zipfian(5, shape=(2, 5)); "
    "result = ([sorted(r) for r in s.asnumpy().tolist()], bool((t.asnumpy() >= 5).all()))",
    "mx.nd._internal._sample_unique_zipfian(1, shape=(2, 1))",
    "mx.nd._internal._sample_unique_zipfian(range_max=1, shape=(3, 1))[1]",
    # nothing drawn: no check of range_max (MXNet compares it with num_sampled as size_t)
    "[(r.dtype.__name__, r.shape) for r in mx.nd._internal._sample_unique_zipfian(-3, shape=(2, 0))]",
    E.format("mx.nd._internal._sample_unique_zipfian(0, shape=(0, 2))[1]"),
    "[(r.dtype.__name__, r.shape) for r in mx.nd._internal._sample_unique_zipfian(0, shape=(2, 0))]",
] + [E.format(f"mx.nd._internal._sample_unique_zipfian({call})[0]") for call in (
    "5, shape=(2, 6)", "5, shape=(6,)", "5", "shape=(2, 2)", "5, shape=(2, 2), ctx=mx.cpu()", "2.5, shape=(1, 1)",
)]

SEEDING = [SEEDED.format(seed=seed, expr=expr) for seed, expr in (
    (1, "mx.nd.random.uniform(shape=(5,))"), (128, "mx.nd.random.normal(shape=(2, 2))"),
    (0, "mx.nd.random.randint(0, 100, shape=(10,))"), (7, "mx.nd.random.gamma(2, 2, shape=(4,))"),
    (7, "mx.nd.random.poisson(mx.nd.array([1, 5]), shape=3)"),
    (3, "mx.nd.random.multinomial(mx.nd.array([[0.2, 0.3, 0.5]]), shape=8)"),
    (3, "mx.nd.random.shuffle(mx.nd.arange(10))"), (-3, "mx.nd.random.exponential(shape=(3,))"),
    (4, "mx.nd._internal._sample_unique_zipfian(1000, shape=(2, 20))[0]"),
    (2 ** 40, "mx.nd.random.uniform_like(mx.nd.zeros((3,)))"),
)] + [
    "mx.random.seed(5); a = mx.nd.random.uniform(shape=(4,)).asnumpy(); b = mx.nd.random.uniform(shape=(4,)).asnumpy(); "
    "result = bool((a == b).all())",
    "mx.random.seed(5, ctx=mx.cpu()); a = mx.nd.random.uniform(shape=(4,)).asnumpy(); mx.random.seed(5, ctx=mx.cpu(0)); "
    "b = mx.nd.random.uniform(shape=(4,)).asnumpy(); result = bool((a == b).all())",
    "mx.random.seed(1.5)", "mx.random.seed('1')", "mx.random.seed(np.int64(3))", "mx.random.seed(True)",
    "mx.random.seed(1, ctx='cpu')", "mx.random.uniform is mx.nd.random.uniform",
    "sorted(n for n in ('uniform', 'normal', 'randn', 'poisson', 'exponential', 'gamma', 'multinomial', "
    "'negative_binomial', 'generalized_negative_binomial', 'shuffle', 'randint', 'seed', 'uniform_like') "
    "if hasattr(mx.random, n))",
    "sorted(mx.nd.random.__all__)",
]

# ---- densities ------------------------------------------------------------------------------

S = "s = mx.nd.array([[1, 2, 3, 4], [0.5, 1.5, 2.5, 3.5]]); "
PDF = [
    R.format("mx.nd.random_pdf_uniform(mx.nd.array([[1, 2, 3, 4]]), mx.nd.array([0]), mx.nd.array([10]))"),
    R.format("mx.nd.random_pdf_uniform(mx.nd.array([[1, 2, 11, -1]]), mx.nd.array([0]), mx.nd.array([10]), is_log=True)"),
    R.format("mx.nd.random_pdf_uniform(mx.nd.array([[1, 2]]), mx.nd.array([3]), mx.nd.array([1]))"),
    R.format("mx.nd.random_pdf_uniform(mx.nd.array([1, 2]), mx.nd.array([0, 0]), mx.nd.array([3, 3]))"),
    R.format("mx.nd.random_pdf_uniform(mx.nd.array([[[1, 2, 3], [1, 2, 3]], [[1, 2, 3], [1, 2, 3]]]), "
             "mx.nd.array([[0, 0], [0, 0]]), mx.nd.array([[5, 10], [15, 20]]))"),
    R.format("mx.nd.random_pdf_normal(mx.nd.array([[-2, -1, 0, 1, 2]]), mx.nd.array([0]), mx.nd.array([1]))"),
    R.format("mx.nd.random_pdf_normal(mx.nd.array([[-2, -1, 0, 1, 2]] * 2), mx.nd.array([0, 0]), mx.nd.array([1, 2]))"),
    R.format("mx.nd.random_pdf_normal(mx.nd.array([[-2, -1, 0, 1, 2]]), mx.nd.array([0]), mx.nd.array([1]), is_log=True)"),
    R.format("mx.nd.random_pdf_normal(mx.nd.array([[-2, -1, 0, 1, 2]]), mx.nd.array([0.5]), mx.nd.array([-1]))"),
    R.format("mx.nd.random_pdf_normal(mx.nd.array([[-2, 0, 2]]), mx.nd.array([0]), mx.nd.array([0]))"),
    S + R.format("mx.nd.random_pdf_normal(s, mx.nd.array([1, -1]), mx.nd.array([0.5, 3]), True)"),
    R.format("mx.nd.random_pdf_gamma(mx.nd.array([[1, 2, 3, 4, 5]]), mx.nd.array([5]), mx.nd.array([1]))"),
    R.format("mx.nd.random_pdf_gamma(mx.nd.array([[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [3, 4, 5, 6, 7]]), "
             "mx.nd.array([5, 6, 7]), mx.nd.array([1, 1, 1]))"),
    R.format("mx.nd.random_pdf_gamma(mx.nd.array([[1, 2, 3, 4, 5]]), mx.nd.array([5]), mx.nd.array([2]), is_log=True)"),
    R.format("mx.nd.random_pdf_gamma(mx.nd.array([[0, -1, 1]]), mx.nd.array([5]), mx.nd.array([2]))"),
    R.format("mx.nd.random_pdf_gamma(mx.nd.array([[0, -1, 1]]), mx.nd.array([1]), mx.nd.array([2]))"),
    S + R.format("mx.nd.random_pdf_gamma(s, mx.nd.array([0.5, 2.5]), mx.nd.array([1.5, 0.25]))"),
    R.format("mx.nd.random_pdf_exponential(mx.nd.array([[1, 2, 3]]), mx.nd.array([1]))"),
    R.format("mx.nd.random_pdf_exponential(mx.nd.array([[1, 2, 3]] * 3), mx.nd.array([1, 0.5, 0.25]))"),
    R.format("mx.nd.random_pdf_exponential(mx.nd.array([[1, 2, 3], [-1, 0, 3]]), mx.nd.array([1, 0.5]), is_log=True)"),
    R.format("mx.nd.random_pdf_exponential(mx.nd.array([[1, 2]]), mx.nd.array([-2]))"),
    R.format("mx.nd.random_pdf_poisson(mx.nd.array([[0, 1, 2, 3]]), mx.nd.array([1]))"),
    R.format("mx.nd.random_pdf_poisson(mx.nd.array([[0, 1, 2, 3]] * 3), mx.nd.array([1, 2, 3]))"),
    R.format("mx.nd.random_pdf_poisson(mx.nd.array([[0, 1, 2.5, -1]]), mx.nd.array([2]), is_log=True)"),
    R.format("mx.nd.random_pdf_poisson(mx.nd.array([[0, 1, 2.5]]), mx.nd.array([2]))"),
    R.format("mx.nd.random_pdf_negative_binomial(mx.nd.array([[1, 2, 3, 4]]), mx.nd.array([1]), mx.nd.array([0.5]))"),
    R.format("mx.nd.random_pdf_negative_binomial(mx.nd.array([[1, 2, 3, 4]] * 2), mx.nd.array([1, 1.5]), mx.nd.array([0.5, 0.5]))"),
    R.format("mx.nd.random_pdf_negative_binomial(mx.nd.array([[0, 1, 2.5, -1]]), mx.nd.array([1.5]), mx.nd.array([0.3]), is_log=True)"),
    S + R.format("mx.nd.random_pdf_negative_binomial(s, mx.nd.array([2, 7.5]), mx.nd.array([0.25, 0.75]))"),
    R.format("mx.nd.random_pdf_generalized_negative_binomial(mx.nd.array([[1, 2, 3, 4]]), mx.nd.array([1]), mx.nd.array([1]))"),
    R.format("mx.nd.random_pdf_generalized_negative_binomial(mx.nd.array([[1, 2, 3, 4]] * 2), mx.nd.array([1, 1.5]), "
             "mx.nd.array([1, 0.6666]))"),
    R.format("mx.nd.random_pdf_generalized_negative_binomial(mx.nd.array([[0, 1, 2.5, -1]]), mx.nd.array([1.5]), "
             "mx.nd.array([0.3]), is_log=True)"),
    R.format("mx.nd.random_pdf_generalized_negative_binomial(mx.nd.array([[0, 1, 2]]), mx.nd.array([1.5]), mx.nd.array([0]))"),
    R.format("mx.nd.random_pdf_dirichlet(mx.nd.array([[1, 2], [2, 3], [3, 4]]), mx.nd.array([2.5, 2.5]))"),
    R.format("mx.nd.random_pdf_dirichlet(mx.nd.array([[[1, 2, 3], [10, 20, 30], [100, 200, 300]], "
             "[[0.1, 0.2, 0.3], [0.01, 0.02, 0.03], [0.001, 0.002, 0.003]]]), mx.nd.array([0.1, 0.4, 0.9]))"),
    R.format("mx.nd.random_pdf_dirichlet(mx.nd.array([[0.2, 0.8], [0.5, 0.5]]), mx.nd.array([[2.5, 2.5], [1, 2]]))"),
    R.format("mx.nd.random_pdf_dirichlet(mx.nd.array([[0.2, 0.8], [0.5, 0.5]]), mx.nd.array([[2.5, 2.5], [1, 2]]), is_log=True)"),
    R.format("mx.nd.random_pdf_dirichlet(mx.nd.array([0.2, 0.8]), mx.nd.array([2.5, 2.5]))"),
    R.format("mx.nd.random_pdf_dirichlet(mx.nd.array([[[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]], [[0.3, 0.3, 0.4], [0.6, 0.2, 0.2]]]), "
             "mx.nd.array([[1.5, 2, 3], [0.5, 1, 4]]))"),
    R.format("mx.nd.random_pdf_normal(mx.nd.array([[1, 2]], dtype='float64'), mx.nd.array([0.5], dtype='float64'), "
             "mx.nd.array([3], dtype='float64'))"),
    R.format("mx.nd.random_pdf_gamma(mx.nd.array([[1, 2]], dtype='float64'), mx.nd.array([0.5], dtype='float64'), "
             "mx.nd.array([3], dtype='float64'), is_log=True)"),
    R.format("mx.nd.random_pdf_negative_binomial(mx.nd.array([[1, 2]], dtype='float64'), mx.nd.array([1.5], dtype='float64'), "
             "mx.nd.array([0.3], dtype='float64'))"),
    R.format("mx.nd.random_pdf_dirichlet(mx.nd.array([[0.2, 0.8], [0.4, 0.6]], dtype='float64'), "
             "mx.nd.array([[2.5, 1.5], [1.2, 3]], dtype='float64'))"),
    D.format("mx.nd.random_pdf_normal(mx.nd.array([[-2, -1, 0, 1, 2]], dtype='float16'), "
             "mx.nd.array([0], dtype='float16'), mx.nd.array([1], dtype='float16'))"),
    D.format("mx.nd.random_pdf_gamma(mx.nd.array([[1, 2, 3]], dtype='float16'), mx.nd.array([5], dtype='float16'), "
             "mx.nd.array([2], dtype='float16'))"),
    D.format("mx.nd.random_pdf_poisson(mx.nd.array([[0, 1, 2, 3]], dtype='float16'), mx.nd.array([1], dtype='float16'), "
             "is_log=True)"),
    D.format("mx.nd.random_pdf_uniform(mx.nd.array([[1, 2]], dtype='float16'), mx.nd.array([0], dtype='float16'), "
             "mx.nd.array([3], dtype='float16'))"),
    R.format("mx.nd.random_pdf_exponential(sample=mx.nd.array([[1, 2, 3]]), lam=mx.nd.array([1]), is_log='1')"),
    R.format("mx.nd._internal._random_pdf_exponential(mx.nd.array([[1, 2, 3]]), mx.nd.array([1]))"),
    "o = mx.nd.zeros((1, 3)); r = mx.nd.random_pdf_exponential(mx.nd.array([[1, 2, 3]]), mx.nd.array([1]), out=o); "
    "result = (r is o, o)",
] + [E.format(call) for call in (
    "mx.nd.random_pdf_uniform(mx.nd.array([1, 2]), mx.nd.array([0]), mx.nd.array([3]))",
    "mx.nd.random_pdf_uniform(mx.nd.array([[1, 2]]), mx.nd.array([0, 0]), mx.nd.array([3, 3]))",
    "mx.nd.random_pdf_uniform(mx.nd.array([[1, 2]]), mx.nd.array([0]), mx.nd.array([3, 3]))",
    "mx.nd.random_pdf_uniform(mx.nd.array([[1, 2]]), mx.nd.array([[0]]), mx.nd.array([[3]]))",
    "mx.nd.random_pdf_uniform(mx.nd.array([[1, 2]], dtype='float64'), mx.nd.array([0]), mx.nd.array([3]))",
    "mx.nd.random_pdf_uniform(mx.nd.array([[1, 2]], dtype='int32'), mx.nd.array([0], dtype='int32'), "
    "mx.nd.array([3], dtype='int32'))",
    "mx.nd.random_pdf_normal(mx.nd.array([1, 2]), mx.nd.array([[0, 1]]), mx.nd.array([[1, 1]]))",
    "mx.nd.random_pdf_normal(mx.nd.array([[1, 2]]), mx.nd.array([0]))",
    "mx.nd.random_pdf_normal(mx.nd.array([[1, 2]]), mx.nd.array([0]), mx.nd.array([1]), foo=1)",
    "mx.nd.random_pdf_dirichlet(mx.nd.array([[0.2, 0.8]]), mx.nd.array([2.5, 2.5, 1]))",
    "mx.nd.random_pdf_poisson(mx.nd.array([[1, 2]]), mx.nd.array([1]), is_log='maybe')",
    "mx.nd.random_pdf_exponential(mx.nd.array([[1, 2]]), [1])",
)]

# Gradients: d(sum(density)) / d(each input), recorded with mx.autograd
G = ("xs = [mx.nd.array(v, dtype='float64') for v in {values}]\nfor x in xs:\n    x.attach_grad()\n"
     "with mx.autograd.record():\n    y = mx.nd.{op}(*xs{kwargs})\ny.backward()\n"
     "result = [np.round(x.grad.asnumpy(), 6).tolist() for x in xs]")
GRADIENTS = [G.format(op=op, values=values, kwargs=kwargs) for op, values in (
    ("random_pdf_uniform", "[[[1., 2.]], [0.5], [3.]]"),
    ("random_pdf_normal", "[[[1., 2.]], [0.5], [3.]]"),
    ("random_pdf_gamma", "[[[1., 2.]], [0.5], [3.]]"),
    ("random_pdf_exponential", "[[[1., 2.]], [0.5]]"),
    ("random_pdf_poisson", "[[[1., 2.]], [0.5]]"),
    ("random_pdf_negative_binomial", "[[[1., 2.]], [1.5], [0.3]]"),
    ("random_pdf_generalized_negative_binomial", "[[[1., 2.]], [1.5], [0.3]]"),
    ("random_pdf_dirichlet", "[[[0.2, 0.8], [0.4, 0.6]], [[2.5, 1.5], [1.2, 3.]]]"),
) for kwargs in ("", ", is_log=True")] + [
    "mu = mx.nd.array([1., 2.]); sg = mx.nd.array([1., 2.]); mu.attach_grad(); sg.attach_grad()\n"
    "with mx.autograd.record():\n    y = mx.nd.random.normal(mu, sg, shape=3)\ny.backward()\n"
    "result = (mu.grad, sg.grad)",
    "x = mx.nd.array([1., 2.]); x.attach_grad()\nwith mx.autograd.record():\n    y = mx.nd.random.uniform_like(x)\n"
    "y.backward()\nresult = x.grad",
    "a = mx.nd.array([1., 2.]); b = mx.nd.array([1., 2.]); a.attach_grad(); b.attach_grad()\n"
    "with mx.autograd.record():\n    y = mx.nd.random.gamma(a, b) * 2\ny.backward()\nresult = (a.grad, b.grad)",
    "p = mx.nd.array([[0, 1.], [0.5, 0.5]]); p.attach_grad()\nwith mx.autograd.record():\n"
    "    s, lp = mx.nd.random.multinomial(p, shape=4, get_prob=True)\nlp.backward()\n"
    "result = (p.grad[0], p.grad[1].sum(), lp[0])",
]

CASES = RANDOM + RANDOM_ERRORS + LIKE + SAMPLE + MULTINOMIAL + SHUFFLE + ZIPFIAN + SEEDING + PDF + GRADIENTS

# mxnd deliberately differs (docs/differences.md)
DELIBERATE = {
    "mx.nd.random.uniform(shape=())": "a 0-d array, as mx.nd.zeros(()) gives; MXNet cannot infer the shape",
    "mx.nd.random.uniform(shape=(0, 3))": "an empty array, as mx.nd.zeros((0, 3)) gives; MXNet rejects 0 dims",
    D.format("mx.nd.random.randn()"): "randn() is a 0-d sample; MXNet cannot infer the shape of ()",
    E.format("mx.nd.random.uniform_like(mx.nd.array(3))"): "a 0-d sample of a 0-d array; MXNet cannot infer it",
    E.format("mx.nd.random.negative_binomial(1, 0, shape=(2,))"):
        "MXNet returns -2**31 for p == 0 (an infinite Poisson rate); mxnd raises MXNetError",
    E.format("mx.nd.random.randint(0, 2**33, shape=(2,))"):
        "MXNet wraps values beyond int32 silently; mxnd raises MXNetError (use dtype='int64')",
}
CASES += list(DELIBERATE)

# an explicit shape=None: the samplers of NDArray parameters and multinomial cannot infer it;
# the scalar ones take the shape of out=, as when shape is omitted
CASES += [E.format(f"mx.nd.random.{call}") for call in (
    "uniform(0, 1, shape=None)", f"normal({LOW}, {HIGH}, shape=None)", f"poisson({HIGH}, shape=None)",
    f"normal({LOW}, {HIGH}, shape=None, out=mx.nd.zeros((2,)))",
    "multinomial(mx.nd.array([[0.2, 0.8]]), shape=None)",
)] + [E.format(f"mx.nd.{call}") for call in (
    f"sample_uniform({LOW}, {HIGH}, shape=None)", "sample_multinomial(mx.nd.array([[[0.2, 0.8]]]), shape=None)",
)] + [D.format(f"mx.nd.random.{call}") for call in (
    "uniform(0, 1, shape=None, out=mx.nd.zeros((2, 3), dtype='float64'))",
    "normal(shape=None, out=mx.nd.zeros((4,)))",
    "randint(0, 5, shape=None, out=mx.nd.zeros((3,), dtype='int32'))",
    "multinomial(mx.nd.array([0.2, 0.8]), shape=None)",
)] + ["r = mx.nd.random.multinomial(mx.nd.array([0.2, 0.8]), shape=None, get_prob=True); "
      "result = [(np.dtype(x.dtype).name, x.shape) for x in r]"]
CASES += [  # a float sampler's out= of another dtype: its type inference's check (not a dtype parameter error)
    "mx.nd.random.uniform(shape=(2,), out=mx.nd.zeros(2, dtype='int32'))",
    "mx.nd.random.normal(0, 1, out=mx.nd.zeros(2, dtype='uint8'))",
    "mx.nd.random.poisson(1, out=mx.nd.zeros(2, dtype='int64'))",
    "mx.nd.random.uniform(mx.nd.zeros(2), mx.nd.ones(2), out=mx.nd.zeros(2, dtype='int32'))",
    "mx.nd.random.randint(0, 5, shape=(2,), out=mx.nd.zeros(2, dtype='int64')).dtype",
    "import warnings\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n"
    "    result = mx.init.Uniform(0.1)('weight', mx.nd.zeros(2, dtype='int32'))",
]
