"""Cases of the reduce family: sum, mean, prod, nansum, nanprod, max, min, norm, argmax,
argmin, argmax_channel, moments, cumsum, all_finite, multi_all_finite, multi_sum_sq.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into reduce.json. Results of transcendental math (norms) are rounded
with ``R`` so last-bit differences between MXNet's kernels and torch's do not count.
Never put a case here that crashes MXNet.
"""

X = "x = mx.nd.array([[1, 2, 3], [4, 5, 6]]); "
C = "c = mx.nd.arange(24).reshape((2, 3, 4)); "
I = "i = mx.nd.array([[1, 2, 3], [4, 5, 7]], dtype='int32'); "
# dtype, shape and values rounded to 4 decimals of a single-array expression
# a parameter the parsers reject: any MXNetError (mxnd raises its subclass ParamError)
P = "x = mx.nd.array([[1, 2, 3], [4, 5, 6]])\ntry:\n    {}\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"
R = "r = {}; result = (np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"

_SUM_LIKE = ["sum", "mean", "prod", "nansum", "nanprod", "max", "min"]

SUM_LIKE = [
    case
    for op in _SUM_LIKE
    for case in (
        X + f"result = mx.nd.{op}(x)",
        X + f"result = mx.nd.{op}(x, axis=1)",
        X + f"result = mx.nd.{op}(x, axis=0, keepdims=True)",
        X + f"result = mx.nd.{op}(x, axis=-1, exclude=True)",
        C + f"result = mx.nd.{op}(c, axis=(0, 2))",
        C + f"result = mx.nd.{op}(c, axis=(2, 0), keepdims=True)",
        C + f"result = mx.nd.{op}(c, axis=1, exclude=True, keepdims=True)",
        C + f"result = mx.nd.{op}(c, axis='(0, -1)')",
        C + f"result = c.{op}(axis=(0, 1, 2))",
        I + f"result = mx.nd.{op}(i, axis=1)",
        I + f"result = mx.nd.{op}(i)",
        f"mx.nd.{op}(mx.nd.array([[1, 0, 1], [1, 1, 1]], dtype='bool'), axis=1)",
        f"mx.nd.{op}(mx.nd.array([[1, 0], [0, 0]], dtype='bool'))",
        f"mx.nd.{op}(mx.nd.array([[1, 2], [3, 4]], dtype='float16'), axis=0)",
        f"mx.nd.{op}(mx.nd.array([[1, 2], [3, 4]], dtype='float64'), axis=1)",
        f"mx.nd.{op}(mx.nd.array([100, 100, 101], dtype='int8'))",
        f"mx.nd.{op}(mx.nd.array([200, 100, 3], dtype='uint8'))",
        f"mx.nd.{op}(mx.nd.array([[2, 3], [4, 5]], dtype='int64'), axis=0)",
        f"mx.nd.{op}(mx.nd.array([1, np.nan, 3]))",
        f"mx.nd.{op}(mx.nd.array([[np.nan, np.nan], [1, 2]]), axis=1)",
        X + f"result = mx.nd.{op}(x, axis=2)",
        X + f"result = mx.nd.{op}(x, axis=-3)",
        X + f"result = mx.nd.{op}(x, axis=(0, 0))",
        X + f"result = mx.nd.{op}(x, axis=(1, -1))",
        P.format(f"mx.nd.{op}(x, axis=1.5)"),
        P.format(f"mx.nd.{op}(x, keepdims='maybe')"),
        f"mx.nd.{op}(mx.nd.array(5))",
        f"mx.nd.{op}(mx.nd.array(np.zeros((0, 3))), axis=1)",
    )
]

AXIS_FORMS = [
    X + "result = mx.nd.sum(x, axis='1')", X + "result = mx.nd.sum(x, axis='None')",
    X + "result = mx.nd.sum(x, axis=())", X + "result = mx.nd.sum(x, axis='()')",
    X + "result = mx.nd.sum(x, axis=[0])", X + "result = mx.nd.sum(x, axis='[0, 1]')",
    X + "result = mx.nd.sum(x, axis=np.int64(1))", X + "result = mx.nd.sum(x, keepdims='True')",
    X + "result = mx.nd.sum(x, keepdims=1)", X + "result = mx.nd.sum(x, 1, True)",
    X + "result = mx.nd.sum(x, 1, True, True)", X + "result = mx.nd.sum(x, axis=(0, 1), exclude=True)",
    X + "result = mx.nd.sum(x, axis=(0, 1), exclude=True, keepdims=True)",
    X + "result = mx.nd.sum(x, exclude=True)", X + "result = mx.nd.sum(x, axis=(), exclude=True)",
    X + "result = mx.nd.mean(x, axis=(0, 1), exclude=True)", X + "result = mx.nd.sum(x, axis=5, exclude=True)",
    P.format("mx.nd.sum(x, exclude='x')"), P.format("mx.nd.sum(x, axis='a')"),
    X + "result = mx.nd.sum_axis(x, axis=1)", X + "result = mx.nd.max_axis(x, axis=1)",
    X + "result = mx.nd.min_axis(x, 1)", X + "result = x.sum(1)", X + "result = x.mean()",
    X + "result = mx.nd.sum(x, axis=1, foo=1)",
]

EDGE_VALUES = [
    "mx.nd.sum(mx.nd.array([2 ** 31 - 1, 1], dtype='int32'))",
    "mx.nd.prod(mx.nd.array([2 ** 20, 2 ** 20], dtype='int32'))",
    "mx.nd.sum(mx.nd.array([2 ** 40, 1], dtype='int64'))",
    "mx.nd.mean(mx.nd.array([-7, 0], dtype='int32'))", "mx.nd.mean(mx.nd.array([-7, -2], dtype='int8'))",
    "mx.nd.mean(mx.nd.array([1, 2, 4], dtype='float16'))",
    "mx.nd.sum(mx.nd.ones((5000,), dtype='float16'))",
    "mx.nd.mean(mx.nd.ones((5000,), dtype='float16') * 1000)",
    "mx.nd.sum(mx.nd.array([3e38, 3e38, -3e38]))",
    "mx.nd.nansum(mx.nd.array([1, np.inf, -np.inf]))", "mx.nd.nansum(mx.nd.array([np.nan, np.nan]))",
    "mx.nd.nanprod(mx.nd.array([2, np.nan, 3]))", "mx.nd.max(mx.nd.array([np.nan, 1, 3]))",
    "mx.nd.min(mx.nd.array([1, 3, np.nan]))", "mx.nd.max(mx.nd.array([-np.inf, -np.inf]))",
    "mx.nd.sum(mx.nd.array(np.zeros((0, 3))))", "mx.nd.sum(mx.nd.array(np.zeros((0, 3))), axis=0)",
    "mx.nd.mean(mx.nd.array(np.zeros((0, 3))), axis=0)", "mx.nd.prod(mx.nd.array(np.zeros((0, 3))), axis=0)",
    "mx.nd.max(mx.nd.array(np.zeros((0, 3))), axis=0)", "mx.nd.min(mx.nd.array(np.zeros((0, 3))))",
]

NORM = [
    X + "result = mx.nd.norm(x, ord=1)", X + "result = mx.nd.norm(x, ord='1')", X + "result = x.norm(ord=1, axis=1)",
    X + "result = mx.nd.norm(x, 1, 1)", X + "result = mx.nd.norm(x, ord=3)", X + "result = mx.nd.norm(x, ord=0)",
    R.format("mx.nd.norm(mx.nd.array([[1, 2, 3], [4, 5, 6]]))"),
    R.format("mx.nd.norm(mx.nd.array([[1, 2, 3], [4, 5, 6]]), keepdims=True)"),
    R.format("mx.nd.arange(8).reshape((2, 2, 2)).norm(axis=1)"),
    R.format("mx.nd.norm(mx.nd.arange(8).reshape((2, 2, 2)), axis=(1, 2))"),
    R.format("mx.nd.norm(mx.nd.arange(8).reshape((2, 2, 2)), axis=(1, 2), keepdims=True)"),
    R.format("mx.nd.norm(mx.nd.arange(8).reshape((2, 2, 2)), axis=-1, keepdims=True)"),
    R.format("mx.nd.norm(mx.nd.array([[1, 2], [-3, 4]], dtype='float64'))"),
    R.format("mx.nd.norm(mx.nd.array([1e20, 1e20])) / 1e20"),
    R.format("mx.nd.norm(mx.nd.array([1e-30, 1e-30])) * 1e30"),
    "mx.nd.norm(mx.nd.array([3, 4], dtype='int32'))", "mx.nd.norm(mx.nd.array([1, 0], dtype='bool'), ord=1)",
    "mx.nd.norm(mx.nd.array([300, 400], dtype='float16'))", "mx.nd.norm(mx.nd.array([3, 4]), out_dtype='float32')",
    "mx.nd.norm(mx.nd.array([[1, 2], [-3, 4]], dtype='int64'), ord=1)",
    "mx.nd.norm(mx.nd.array([[1, 2], [-3, 4]], dtype='int32'), ord=1, out_dtype='int32')",
    "mx.nd.norm(mx.nd.array([[1, 2], [-3, 4]], dtype='int8'), ord=1, axis=0)",
    "mx.nd.norm(mx.nd.array([[3, 4]], dtype='float16'), ord=1)",
    "mx.nd.norm(mx.nd.array([np.nan, 1]))", "mx.nd.norm(mx.nd.array([np.inf, 1]))",
    "mx.nd.norm(mx.nd.array([np.inf, np.nan]))", "mx.nd.norm(mx.nd.zeros((2, 2)))",
    "mx.nd.norm(mx.nd.array([3, 4]), out_dtype='float64')", "mx.nd.norm(mx.nd.array([3, 4]), out_dtype='uint8')",
    "mx.nd.norm(mx.nd.array([3, 4]), out_dtype='bool')", "mx.nd.norm(mx.nd.arange(8).reshape((2, 2, 2)), axis=3)",
    "mx.nd.norm(mx.nd.arange(4).reshape((2, 2)), axis=(0, 0))", "mx.nd.norm(mx.nd.array(5))",
]

ARG = [
    X + "result = mx.nd.argmax(x)", X + "result = mx.nd.argmax(x, axis=0)", X + "result = mx.nd.argmin(x, axis=1)",
    X + "result = mx.nd.argmax(x, axis=-1, keepdims=True)", X + "result = mx.nd.argmax(x, keepdims=True)",
    X + "result = mx.nd.argmax(x, axis='1')", X + "result = mx.nd.argmax(x, axis='None')",
    X + "result = mx.nd.argmax(x, 1, True)", X + "result = x.argmax(axis=1)", X + "result = x.argmin(0)",
    X + "result = mx.nd.argmax(x, axis=2)", X + "result = mx.nd.argmin(x, axis=-3)",
    P.format("mx.nd.argmax(x, axis=(1,))"), P.format("mx.nd.argmax(x, axis=1.0)"),
    "mx.nd.argmax(mx.nd.array([[1, 5, 3], [4, 5, 6]], dtype='int32'), axis=1)",
    "mx.nd.argmin(mx.nd.array([[1, 5, 3], [4, 5, 6]], dtype='int32'), axis=0, keepdims=True)",
    "mx.nd.argmax(mx.nd.array([[1, 2], [3, 3]], dtype='int64'), axis=1)",
    "mx.nd.argmax(mx.nd.array([[1, 2], [3, 3]], dtype='float16'), axis=1)",
    "mx.nd.argmax(mx.nd.array([[1, 2], [3, 3]], dtype='float64'))",
    "mx.nd.argmin(mx.nd.array([[1, 2], [3, 3]], dtype='uint8'), axis=1)",
    "mx.nd.argmax(mx.nd.array([[1, 2], [3, 3]], dtype='int8'), axis=0)",
    "mx.nd.argmax(mx.nd.array([[1, 0], [1, 1]], dtype='bool'), axis=1)",
    "mx.nd.argmax(mx.nd.array([5, 5, 3]), axis=0)", "mx.nd.argmin(mx.nd.array([3, 1, 1]), axis=0)",
    "mx.nd.argmax(mx.nd.array([1, np.nan, 3, np.nan]), axis=0)", "mx.nd.argmin(mx.nd.array([1, np.nan, -2]), axis=0)",
    "mx.nd.argmax(mx.nd.array(5))", "mx.nd.argmax(mx.nd.array(np.zeros((0, 3))), axis=1)",
    X + "result = mx.nd.argmax_channel(x)", X + "result = x.argmax_channel()",
    "mx.nd.argmax_channel(mx.nd.arange(24).reshape((2, 3, 4)))",
    "mx.nd.argmax_channel(mx.nd.array([[1, 5, 3]], dtype='int32'))",
    "mx.nd.argmax_channel(mx.nd.array([1, 3, 2]))",
]

MOMENTS = [
    X + "result = mx.nd.moments(x, axes=0)", X + "result = mx.nd.moments(x, axes=(0, 1))",
    X + "result = mx.nd.moments(x, axes=[1], keepdims=True)", X + "result = mx.nd.moments(x, axes='(1,)')",
    X + "result = mx.nd.moments(x, axes=-1)", X + "result = mx.nd.moments(x)", X + "result = mx.nd.moments(x, axes=())",
    X + "result = mx.nd.moments(x, axes=2)", X + "result = mx.nd.moments(x, axes=(0, 0))",
    X + "result = mx.nd.moments(x, axes=(1,), exclude=True)",
    "mx.nd.moments(mx.nd.array([[1, 2, 3], [4, 5, 7]], dtype='int32'), axes=1)",
    "mx.nd.moments(mx.nd.array([[1, 2], [3, 5]], dtype='float16'), axes=1)",
    "mx.nd.moments(mx.nd.array([[1, 2], [3, 5]], dtype='float64'), axes=1)",
    "mx.nd.moments(mx.nd.array([[1, 2], [3, 5]], dtype='uint8'), axes=1)",
    "mx.nd.moments(mx.nd.array([[1, 0], [1, 1]], dtype='bool'), axes=1)",
    "mx.nd.moments(mx.nd.arange(24).reshape((2, 3, 4)), axes=(0, 2))",
    # sums accumulated in double (float for float16) by Kahan's loop, divided by N in the dtype (float64:
    # not bit-exact, docs/differences.md); an infinity before the last element turns Kahan's residual,
    # and so the moments, into NaN
    "mx.nd.moments(mx.nd.array(np.random.RandomState(227).uniform(-3, 3, (4, 1, 3))), axes=(0,), keepdims=True)",
    "mx.nd.moments(mx.nd.array(np.random.RandomState(5).uniform(-3, 3, (4, 3))), axes=(1,))",
    "mx.nd.moments(mx.nd.array(np.random.RandomState(6).uniform(-3, 3, (40, 70))), axes=(0, 1))",
    "mx.nd.moments(mx.nd.array(np.random.RandomState(9).uniform(-3, 3, (5, 3000)), dtype='float16'), axes=1)",
    "mx.nd.moments(mx.nd.array([[np.inf, 1, 2], [1, 2, np.inf], [1, -np.inf, np.nan]]), axes=1)",
    "mx.nd.moments(mx.nd.array([[np.inf, 1], [1, np.inf]], dtype='float64'), axes=0)",
    "mx.nd.moments(mx.nd.array([[1e30, -1e30, 3.0], [65504, 65504, 1]], dtype='float16'), axes=1)",
]

CUMSUM = [
    X + "result = mx.nd.cumsum(x)", X + "result = mx.nd.cumsum(x, axis=0)", X + "result = mx.nd.cumsum(x, axis=1)",
    X + "result = mx.nd.cumsum(x, axis='1')", X + "result = mx.nd.cumsum(x, 1)", X + "result = mx.nd.cumsum(a=x)",
    X + "result = mx.nd.cumsum(x, axis=-1)", X + "result = mx.nd.cumsum(x, axis=2)", X + "result = mx.nd.cumsum(x, axis=-3)",
    P.format("mx.nd.cumsum(x, axis=(1,))"), X + "result = mx.nd.cumsum(x, dtype='int32')",
    X + "result = mx.nd.cumsum(x, dtype='float16')", X + "result = mx.nd.cumsum(x, dtype='int64')",
    X + "result = mx.nd.cumsum(x, dtype='int8')", X + "result = mx.nd.cumsum(x, dtype=np.float64)",
    X + "result = mx.nd.cumsum(x, dtype=None)", X + "result = mx.nd.cumsum(x, dtype='uint8')",
    X + "result = mx.nd.cumsum(x, dtype='bool')", X + "result = mx.nd.cumsum(x, dtype='None')",
    I + "result = mx.nd.cumsum(i)", I + "result = mx.nd.cumsum(i, dtype='float32')",
    "mx.nd.cumsum(mx.nd.array([100, 100], dtype='int8'))", "mx.nd.cumsum(mx.nd.array([200, 100], dtype='uint8'))",
    "mx.nd.cumsum(mx.nd.array([1, 1], dtype='bool'))", "mx.nd.cumsum(mx.nd.array([1, 1], dtype='int64'))",
    "mx.nd.cumsum(mx.nd.array([1, 1], dtype='float16'))", "mx.nd.cumsum(mx.nd.array([1.5, 2.7]), dtype='int32')",
    "mx.nd.cumsum(mx.nd.arange(24).reshape((2, 3, 4)), axis=1)", "mx.nd.cumsum(mx.nd.array(5))",
]

FINITE = [
    X + "result = mx.nd.all_finite(x)", "mx.nd.all_finite(mx.nd.array([1, np.inf]))",
    "mx.nd.all_finite(mx.nd.array([1, np.nan]))", "mx.nd.all_finite(mx.nd.array([1, -np.inf], dtype='float16'))",
    "mx.nd.all_finite(mx.nd.array([1, 2], dtype='float64'))", "mx.nd.all_finite(mx.nd.array([1, 1e300], dtype='float64'))",
    "mx.nd.all_finite(mx.nd.array([1, np.inf]), init_output=False)",
    "mx.nd.all_finite(mx.nd.array([1, 2], dtype='int32'))", "mx.nd.all_finite(mx.nd.array([1, 2], dtype='uint8'))",
    "mx.nd.all_finite(mx.nd.array([1, 0], dtype='bool'))", "mx.nd.all_finite(mx.nd.array(np.zeros((0, 3))))",
    "mx.nd.all_finite(mx.nd.array(5))",
    X + "result = mx.nd.multi_all_finite(x, x, num_arrays=2)",
    X + "result = mx.nd.multi_all_finite(x, mx.nd.array([1, np.inf]), num_arrays=2)",
    X + "result = mx.nd.multi_all_finite(mx.nd.array([np.nan, 1]), x, num_arrays='2')",
    X + "result = mx.nd.multi_all_finite(x)", X + "result = mx.nd.multi_all_finite(x, num_arrays=1)",
    X + "result = mx.nd.multi_all_finite(x, x)", X + "result = mx.nd.multi_all_finite(x, x, num_arrays=3)",
    X + "result = mx.nd.multi_all_finite(x, mx.nd.array([1, 2], dtype='float64'), num_arrays=2)",
    "mx.nd.multi_all_finite(mx.nd.array([1, 2], dtype='int32'), num_arrays=1)",
    "mx.nd.multi_all_finite()",
    X + "result = mx.nd.multi_sum_sq(x, x, num_arrays=2)", X + "result = mx.nd.multi_sum_sq(x, num_arrays=1)",
    X + "result = mx.nd.multi_sum_sq(x, mx.nd.array([1, np.inf]), num_arrays=2)",
    X + "result = mx.nd.multi_sum_sq(x, mx.nd.array([1, np.nan]), num_arrays=2)",
    X + "result = mx.nd.multi_sum_sq(x)", X + "result = mx.nd.multi_sum_sq(x, x, num_arrays=1)",
    X + "result = mx.nd.multi_sum_sq(x, x, num_arrays=3)",
    X + "result = mx.nd.multi_sum_sq(x, mx.nd.array([1, 2], dtype='float64'), num_arrays=2)",
    "mx.nd.multi_sum_sq(mx.nd.array([1, 2], dtype='float64'), num_arrays=1)",
    "mx.nd.multi_sum_sq(mx.nd.array([1, 2], dtype='float16'), num_arrays=1)",
    "mx.nd.multi_sum_sq(mx.nd.array([300, 400], dtype='float16'), num_arrays=1)",
    "mx.nd.multi_sum_sq(mx.nd.array([1, 2], dtype='int32'), num_arrays=1)",
]

CASES = SUM_LIKE + AXIS_FORMS + EDGE_VALUES + NORM + ARG + MOMENTS + CUMSUM + FINITE

# case -> why mxnd deliberately differs from MXNet 1.9.1 (also listed in docs/differences.md)
DELIBERATE = {
    "mx.nd.sum(mx.nd.array([60000, 60000, -60000], dtype='float16'))":
        "MXNet 1.9.1 accumulates float16 sums in float16 (Kahan), so the partial sum overflows to inf; "
        "mxnd (torch) accumulates in float32 and returns 60000",
    "mx.nd.norm(mx.nd.array([3, 4], dtype='int32'))":
        "MXNet 1.9.1 runs its scaled L2 reducer in integer arithmetic and returns garbage (4); "
        "mxnd raises MXNetError for ord=2 on integer and boolean data",
}
CASES += [case for case in DELIBERATE if case not in CASES]
