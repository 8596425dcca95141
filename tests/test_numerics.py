"""Numerical robustness: large-magnitude and infinite inputs, float16 accumulation.

Expected values were recorded from MXNet 1.9.1 (CPU build, oneDNN) for rows of magnitude
1e4, 1e30, -1e30 and inf; mxnd must be finite exactly where MXNet is and give its values.
Where mxnd deliberately differs (docs/differences.md, "Reliability"), the test states
MXNet's value and asserts mxnd's documented one.
"""
import numpy as np
import pytest

import mxnd as mx

NAN, INF = float("nan"), float("inf")
ROWS = {
    "big": [1e4, 0.0, -1e4],
    "huge": [1e30, 1.0, -1e30],
    "neg": [-1e30, -1e30, -1e30],
    "inf": [INF, 1.0, -INF],
    "posinf": [INF, INF, 1.0],
}


def softmax_ce(x, label):
    return mx.nd.softmax_cross_entropy(x, mx.nd.array([label], ctx=x.context))


OPS = {
    "softmax": lambda x: mx.nd.softmax(x),
    "softmax_t": lambda x: mx.nd.softmax(x, temperature=0.5),
    "log_softmax": lambda x: mx.nd.log_softmax(x),
    "SoftmaxOutput": lambda x: mx.nd.SoftmaxOutput(x, mx.nd.array([1], ctx=x.context)),
    "softmax_cross_entropy": lambda x: softmax_ce(x, 1),
    "softmax_cross_entropy0": lambda x: softmax_ce(x, 0),
    "norm": lambda x: mx.nd.norm(x),
    "norm1": lambda x: mx.nd.norm(x, ord=1),
}

# MXNet 1.9.1: OPS[op](mx.nd.array([ROWS[row]])) -> values (float32)
MXNET = {
    ("softmax", "big"): [1.0, 0.0, 0.0],
    ("softmax", "huge"): [1.0, 0.0, 0.0],
    ("softmax", "neg"): [0.3333333432674408] * 3,
    ("softmax_t", "big"): [1.0, 0.0, 0.0],
    ("softmax_t", "huge"): [1.0, 0.0, 0.0],
    ("softmax_t", "neg"): [0.3333333432674408] * 3,
    ("softmax_t", "inf"): [NAN, NAN, NAN],
    ("softmax_t", "posinf"): [NAN, NAN, NAN],
    ("log_softmax", "big"): [1.430511474609375e-06, -10000.0, -20000.0],
    ("log_softmax", "huge"): [1.430511474609375e-06, -1.0000000150474662e+30, -2.0000000300949324e+30],
    ("log_softmax", "neg"): [-1.0986100435256958] * 3,
    ("SoftmaxOutput", "big"): [1.0, 0.0, 0.0],
    ("SoftmaxOutput", "huge"): [1.0, 0.0, 0.0],
    ("SoftmaxOutput", "neg"): [0.3333333432674408] * 3,
    ("softmax_cross_entropy", "big"): [18.42068099975586],  # -log(1e-8): the clipped probability
    ("softmax_cross_entropy", "huge"): [18.42068099975586],
    ("softmax_cross_entropy", "neg"): [1.0986123085021973],
    ("softmax_cross_entropy", "inf"): [NAN],
    ("softmax_cross_entropy", "posinf"): [NAN],
    ("softmax_cross_entropy0", "big"): [0.0],
    ("softmax_cross_entropy0", "huge"): [0.0],
    ("softmax_cross_entropy0", "neg"): [1.0986123085021973],
    ("softmax_cross_entropy0", "inf"): [NAN],
    ("softmax_cross_entropy0", "posinf"): [NAN],
    ("norm", "big"): [14142.1357421875],
    ("norm", "huge"): [1.4142135130433894e+30],
    ("norm", "neg"): [1.7320508402367244e+30],
    ("norm1", "big"): [20000.0],
    ("norm1", "huge"): [2.0000000300949324e+30],
    ("norm1", "neg"): [3.000000196258126e+30],
}

# Deliberate differences (docs/differences.md): {(op, row): (MXNet 1.9.1, mxnd)}.
# A row holding +inf: MXNet's oneDNN softmax gives 0 / -inf for the finite entries (its own
# kernel, used with temperature != 1 and on GPU, gives NaN for the whole row, as mxnd does);
# MXNet's norm scales by the largest magnitude (inf / inf = NaN) where mxnd gives inf.
DIFFERENT = {
    ("softmax", "inf"): ([NAN, 0.0, 0.0], [NAN, NAN, NAN]),
    ("softmax", "posinf"): ([NAN, NAN, 0.0], [NAN, NAN, NAN]),
    ("log_softmax", "inf"): ([NAN, -INF, -INF], [NAN, NAN, NAN]),
    ("log_softmax", "posinf"): ([NAN, NAN, -INF], [NAN, NAN, NAN]),
    ("SoftmaxOutput", "inf"): ([NAN, 0.0, 0.0], [NAN, NAN, NAN]),
    ("SoftmaxOutput", "posinf"): ([NAN, NAN, 0.0], [NAN, NAN, NAN]),
    ("norm", "inf"): ([NAN], [INF]),
    ("norm", "posinf"): ([NAN], [INF]),
    ("norm1", "inf"): ([NAN], [INF]),
    ("norm1", "posinf"): ([NAN], [INF]),
}


def assert_values(actual, expected, dtype=np.float32):
    assert actual.dtype == dtype
    got = actual.asnumpy().ravel().astype(np.float64)
    want = np.array(expected, dtype=np.float64)
    np.testing.assert_array_equal(np.isfinite(got), np.isfinite(want))
    # atol: MXNet's oneDNN log_softmax is approximate (1.4e-6 where the exact value is 0)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5, equal_nan=True)


def test_every_case_is_recorded():
    assert set(MXNET) | set(DIFFERENT) == {(op, row) for op in OPS for row in ROWS}
    assert not set(MXNET) & set(DIFFERENT)


@pytest.mark.parametrize("op, row", sorted(MXNET))
def test_large_magnitude_matches_mxnet(op, row, ctx):
    x = mx.nd.array([ROWS[row]], ctx=ctx)
    assert_values(OPS[op](x), MXNET[(op, row)])
    assert x.asnumpy().ravel().tolist() == np.float32(ROWS[row]).tolist()  # input intact


@pytest.mark.parametrize("op, row", sorted(DIFFERENT))
def test_infinite_rows_documented_differences(op, row, ctx):
    mxnet_values, mxnd_values = DIFFERENT[(op, row)]
    actual = OPS[op](mx.nd.array([ROWS[row]], ctx=ctx))
    assert_values(actual, mxnd_values)
    # both are non-finite on the +inf entries; only the finite entries differ
    assert not np.isfinite(actual.asnumpy().ravel()[0]) and not np.isfinite(mxnet_values[0])


# BatchNorm of a (4, 1) batch, gamma 1, beta 0, moving mean 0, moving var 1, eps 1e-3 (MXNet 1.9.1)
BATCHNORM = {
    "big": ([1e4, -1e4, 1e4, -1e4],
            [9995.00390625, -9995.00390625, 9995.00390625, -9995.00390625], [1.0, -1.0, 1.0, -1.0]),
    "huge": ([1e30, -1e30, 1e30, 3.0],
             [9.995004264525105e+29, -9.995004264525105e+29, 9.995004264525105e+29, 2.9985013008117676],
             [0.0, 0.0, 0.0, 0.0]),  # the batch variance overflows float32 (inf): x / inf = 0
    "1e19": ([1e19, -1e19, 2e19, 0.0],
             [9.995003799669834e+18, -9.995003799669834e+18, 1.9990007599339667e+19, 0.0],
             [0.0, 0.0, 0.0, 0.0]),
}


@pytest.mark.parametrize("row", sorted(BATCHNORM))
def test_batchnorm_large_magnitude(row, ctx):
    values, inference, training = BATCHNORM[row]
    data = mx.nd.array(np.array(values, dtype=np.float32).reshape(4, 1), ctx=ctx)

    def params():
        return [mx.nd.array(v, ctx=ctx) for v in ([1.0], [0.0], [0.0], [1.0])]

    assert_values(mx.nd.BatchNorm(data, *params()), inference)
    with mx.autograd.train_mode():
        assert_values(mx.nd.BatchNorm(data, *params()), training)


def f16(values):
    return mx.nd.array(values, dtype="float16")


# float16 reductions. mxnd accumulates in float32 and rounds once, as MXNet 1.9.1 does with
# MXNET_SAFE_ACCUMULATION=1 (its documented safe mode); MXNet's default accumulates sum/mean in
# float16 partial sums and norm in float16. {case: (array, op, MXNet default, MXNet safe mode)}
F16 = {
    "sum 2048 ones": (lambda: mx.nd.ones((2048,), dtype="float16"), mx.nd.sum, 2048.0, 2048.0),
    "sum 4097 ones": (lambda: mx.nd.ones((4097,), dtype="float16"), mx.nd.sum, 4096.0, 4096.0),
    "sum 70000 ones": (lambda: mx.nd.ones((70000,), dtype="float16"), mx.nd.sum, INF, INF),
    "sum 2048 tenths": (lambda: mx.nd.ones((2048,), dtype="float16") * 0.1, mx.nd.sum, 204.75, 204.75),
    "sum 4097 tenths": (lambda: mx.nd.ones((4097,), dtype="float16") * 0.1, mx.nd.sum, 409.5, 409.5),
    "sum 70000 tenths": (lambda: mx.nd.ones((70000,), dtype="float16") * 0.1, mx.nd.sum, 6996.0, 6996.0),
    "mean 4097 ones": (lambda: mx.nd.ones((4097,), dtype="float16"), mx.nd.mean, 1.0, 1.0),
    "mean 70000 ones": (lambda: mx.nd.ones((70000,), dtype="float16"), mx.nd.mean, NAN, NAN),
    "nansum 4097 ones": (lambda: mx.nd.ones((4097,), dtype="float16"), mx.nd.nansum, 4096.0, 4096.0),
    "norm 2048 ones": (lambda: mx.nd.ones((2048,), dtype="float16"), mx.nd.norm, 45.25, 45.25),
    "norm 4097 ones": (lambda: mx.nd.ones((4097,), dtype="float16"), mx.nd.norm, 45.25, 64.0),
    "norm 70000 ones": (lambda: mx.nd.ones((70000,), dtype="float16"), mx.nd.norm, 45.25, 264.5),
    "sum overflow midway": (lambda: f16([60000, 60000, -60000, 1]), mx.nd.sum, INF, INF),
    "mean overflow midway": (lambda: f16([60000, 60000, -60000, 1]), mx.nd.mean, INF, INF),
}
# mxnd's value where it is neither of MXNet's (float32 accumulation, one rounding at the end)
F16_MXND = {
    "sum 70000 tenths": 7000.0,
    "mean 70000 ones": INF,  # the float16 result of 70000 / 70000 * ... overflows in the sum first
    "sum overflow midway": 60000.0,  # 60001 rounded to float16
    "mean overflow midway": 15000.0,
}


@pytest.mark.parametrize("case", sorted(F16))
def test_float16_reductions_accumulate_in_float32(case):
    make, op, mxnet_default, mxnet_safe = F16[case]
    result = op(make())
    assert result.dtype == np.float16 and result.shape == (1,)
    expected = F16_MXND.get(case, mxnet_safe)
    np.testing.assert_array_equal(result.asnumpy().astype(np.float64), [expected])


def test_float16_row_sums_and_softmax():
    # MXNet 1.9.1 (both modes): sum(ones((3, 5000), float16), axis=1) -> [5000, 5000, 5000]
    result = mx.nd.sum(mx.nd.ones((3, 5000), dtype="float16"), axis=1)
    assert result.dtype == np.float16 and result.asnumpy().tolist() == [5000.0] * 3
    x = f16([[60000, 0, -60000]])
    assert_values(mx.nd.softmax(x), [1.0, 0.0, 0.0], np.float16)
    assert_values(mx.nd.log_softmax(x), [0.0, -60000.0, -INF], np.float16)
    assert_values(mx.nd.softmax(x, dtype="float32"), [1.0, 0.0, 0.0], np.float32)
