"""The quantized_basic family beyond the golden cases: quantized_elemwise_mul against MXNet's
symbolic executor (its imperative call always fails in MXNet 1.9.1), numpy models of the oneDNN
arithmetic on random data (bit-exact), gradients, ``out=``, and the deliberate errors.
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

Q = mx.nd.contrib
A = [[-128, 127, 111, 61], [102, -10, 16, -55], [-120, 100, 103, 62]]
B = [[-128, 127, 30, 80], [-121, 76, 15, -15], [53, 103, -48, -101]]
PRODUCT = [[16384, 16129, 3330, 4880], [-12342, -760, 240, 825], [-6360, 10300, -4944, -6262]]

# MXNet 1.9.1's symbolic executor (mx.sym.contrib.quantized_elemwise_mul(...).bind(...).forward())
# on A, B: ranges -> outputs (dtype, values) for the integer results, float32 values for the float one
MUL_CASES = [
    ((-1.0, 1.0, -2.0, 2.0), {}, ("int32", PRODUCT, -266288.5, 266288.5)),
    ((-0.7, 0.3, -5.5, 1.25), {}, ("int32", PRODUCT, -512605.375, 512605.375)),
    ((0.0, 0.0, -2.0, 2.0), {}, ("int32", PRODUCT, -0.0, 0.0)),
    ((-1.0, 1.0, -2.0, 2.0), {"min_calib_range": -0.1, "max_calib_range": 0.1},
     ("int8", [[10, -30, 10, -3], [112, -119, 37, -127], [27, 79, -7, 42]], -0.10000000149011612, 0.10000000149011612)),
    ((-3.0, 0.5, -0.25, 7.0), {"min_calib_range": -2.0, "max_calib_range": 1.5},
     ("int8", [[69, 48, 18, -111], [8, -62, 19, 67], [-11, 80, 105, -3]], -2.0, 1.5)),
    # C truncation to int32, then the low 8 bits; past int32 the conversion gives INT_MIN (low byte 0)
    ((-1.0, 1.0, -2.0, 2.0), {"min_calib_range": -1e-06, "max_calib_range": 1e-06},
     ("int8", [[-112, -112, 28, -104], [0, 95, -31, 120], [32, 112, -48, 8]], -9.999999974752427e-07, 9.999999974752427e-07)),
    ((-1.0, 1.0, -2.0, 2.0), {"min_calib_range": -1e-12, "max_calib_range": 1e-12},
     ("int8", [[0] * 4] * 3, -9.999999960041972e-13, 9.999999960041972e-13)),
]
MUL_FLOAT_CASES = [
    ((-1.0, 1.0, -2.0, 2.0), {"enable_float_output": True},
     [[2.015717029571533, 1.984344482421875, 0.4096885919570923, 0.6003844738006592],
      [-1.5184314250946045, -0.09350249916315079, 0.029527105391025543, 0.10149942338466644],
      [-0.7824682593345642, 1.2672048807144165, -0.6082583665847778, -0.7704113721847534]]),
    ((-0.7, 0.3, -5.5, 1.25), {"enable_float_output": True, "min_calib_range": -1.0, "max_calib_range": 1.0},
     [[3.8802554607391357, 3.8198633193969727, 0.7886505722999573, 1.1557401418685913],
      [-2.922980546951294, -0.17999231815338135, 0.056839678436517715, 0.1953863948583603],
      [-1.5062514543533325, 2.4393696784973145, -1.170897364616394, -1.4830420017242432]]),
]


def _r(value, ctx=None):
    return mx.nd.array([value], ctx=ctx)


def _ranges(values, ctx):
    return [_r(v, ctx) for v in values]


@pytest.mark.parametrize("ranges,kwargs,expected", MUL_CASES)
def test_elemwise_mul_matches_mxnet_symbolic(ctx, ranges, kwargs, expected):
    dtype, values, low, high = expected
    out = Q.quantized_elemwise_mul(mx.nd.array(A, dtype="int8", ctx=ctx), mx.nd.array(B, dtype="int8", ctx=ctx),
                                   *_ranges(ranges, ctx), **kwargs)
    assert len(out) == 3
    assert [np.dtype(o.dtype).name for o in out] == [dtype, "float32", "float32"]
    assert out[0].shape == (3, 4) and out[1].shape == out[2].shape == (1,)
    assert out[0].context == ctx
    assert out[0].asnumpy().tolist() == values
    assert out[1].asnumpy().tolist() == [low] and out[2].asnumpy().tolist() == [high]
    assert str(np.signbit(out[1].asnumpy()[0])) == str(np.signbit(low))


@pytest.mark.parametrize("ranges,kwargs,expected", MUL_FLOAT_CASES)
def test_elemwise_mul_float_output(ctx, ranges, kwargs, expected):
    out = Q.quantized_elemwise_mul(mx.nd.array(A, dtype="int8", ctx=ctx), mx.nd.array(B, dtype="int8", ctx=ctx),
                                   *_ranges(ranges, ctx), **kwargs)
    assert isinstance(out, mx.nd.NDArray) and out.dtype == np.float32 and out.shape == (3, 4)
    assert out.asnumpy().tolist() == expected  # bit-exact: one float32 product per element


# ---- numpy models of oneDNN's arithmetic (float32 at every step), on random data ----------------

def _max_abs(a, b):
    a, b = abs(np.float32(a)), abs(np.float32(b))
    return b if a < b else a


def _levels(dtype):
    return np.float32({"int8": 127.5, "uint8": 255.5}[dtype])


def _add_model(a, b, ta, ranges):
    """Same-type quantized_elemwise_add without calibration: int32 and its range."""
    abs_a, abs_b = _max_abs(*ranges[:2]), _max_abs(*ranges[2:])
    high = abs_a + abs_b
    total = high * _levels(ta)
    s0, s1 = abs_a * np.float32(2147483648.0) / total, abs_b * np.float32(2147483648.0) / total
    acc = (a.astype(np.float32) * s0).astype(np.float32) + (b.astype(np.float32) * s1).astype(np.float32)
    return np.clip(np.rint(acc), -2147483648.0, 2147483520.0).astype(np.int64), high


@pytest.mark.parametrize("dtype", ["int8", "uint8"])
def test_elemwise_add_matches_a_float32_model(ctx, dtype):
    rng = np.random.RandomState(3)
    lo, hi = (-128, 128) if dtype == "int8" else (0, 256)
    for _ in range(5):
        a, b = rng.randint(lo, hi, (7, 33)), rng.randint(lo, hi, (7, 33))
        ranges = [np.float32(v) for v in np.sort(rng.uniform(-6, 6, 2))] + [np.float32(v) for v in np.sort(rng.uniform(-6, 6, 2))]
        out = Q.quantized_elemwise_add(mx.nd.array(a, dtype=dtype, ctx=ctx), mx.nd.array(b, dtype=dtype, ctx=ctx),
                                       *_ranges(ranges, ctx))
        want, high = _add_model(a, b, dtype, ranges)
        assert out[0].dtype == np.int32
        np.testing.assert_array_equal(out[0].asnumpy(), want)
        assert out[2].asnumpy()[0] == high and out[1].asnumpy()[0] == -high


def test_concat_rescales_with_round_half_even(ctx):
    # scale 0.5: 1 -> 0, -3 -> -2, 3 -> 2, 5 -> 2 (halves go to even), 127 -> 64, -128 -> -64
    x = mx.nd.array([[1, -3, 3, 5, 127, -128]], dtype="int8", ctx=ctx)
    out = Q.quantized_concat(x, x, _r(-1.0, ctx), _r(1.0, ctx), _r(-2.0, ctx), _r(2.0, ctx), num_args=2, dim=0)
    assert out[0].dtype == np.int8
    assert out[0].asnumpy().tolist() == [[0, -2, 2, 2, 64, -64], [1, -3, 3, 5, 127, -128]]
    assert out[1].asnumpy().tolist() == [-2.0] and out[2].asnumpy().tolist() == [2.0]


def _pool_avg_model(x, k, s, p, include):
    n, c, h, w = x.shape
    oh, ow = 1 + (h + 2 * p[0] - k[0]) // s[0], 1 + (w + 2 * p[1] - k[1]) // s[1]
    out = np.zeros((n, c, oh, ow), dtype=np.int64)
    for i in range(oh):
        for j in range(ow):
            r0, c0 = i * s[0] - p[0], j * s[1] - p[1]
            r1, c1 = max(r0, 0), max(c0, 0)
            r2, c2 = min(r0 + k[0], h), min(c0 + k[1], w)
            total = x[:, :, r1:r2, c1:c2].astype(np.int64).sum((2, 3)).astype(np.float32)
            count = np.float32(k[0] * k[1] if include else (r2 - r1) * (c2 - c1))
            out[:, :, i, j] = np.rint(total / count)
    return out


@pytest.mark.parametrize("include", [True, False])
def test_avg_pooling_matches_a_float32_model(ctx, include):
    rng = np.random.RandomState(4)
    for dtype, lo, hi in (("int8", -128, 128), ("uint8", 0, 256)):
        x = rng.randint(lo, hi, (2, 3, 9, 10))
        for k, s, p in (((3, 3), (1, 1), (1, 1)), ((4, 2), (3, 2), (2, 1)), ((2, 2), (2, 2), (0, 0))):
            out = Q.quantized_pooling(mx.nd.array(x, dtype=dtype, ctx=ctx), _r(-1.0, ctx), _r(1.0, ctx), kernel=k,
                                      stride=s, pad=p, pool_type="avg", count_include_pad=include)
            assert np.dtype(out[0].dtype).name == dtype
            np.testing.assert_array_equal(out[0].asnumpy(), _pool_avg_model(x, k, s, p, include))


def test_max_pooling_and_the_others_on_ctx(ctx):
    rng = np.random.RandomState(5)
    x = rng.randint(-128, 128, (2, 3, 6, 7))
    lo, hi = _r(-0.5, ctx), _r(1.5, ctx)
    data = mx.nd.array(x, dtype="int8", ctx=ctx)
    out = Q.quantized_pooling(data, lo, hi, kernel=(2, 2), stride=(2, 2), pool_type="max")
    np.testing.assert_array_equal(out[0].asnumpy(), x[:, :, :6, :6].reshape(2, 3, 3, 2, 3, 2).max((3, 5)))
    act = Q.quantized_act(data, lo, hi, act_type="relu")
    np.testing.assert_array_equal(act[0].asnumpy(), np.maximum(x, 0))
    flat = Q.quantized_flatten(data, lo, hi)
    assert flat[0].shape == (2, 126) and flat[0].dtype == np.int8
    weight = mx.nd.array(x[0, 0], dtype="int8", ctx=ctx)
    emb = Q.quantized_embedding(mx.nd.array([[5, 0.5], [7, -2]], ctx=ctx), weight, lo, hi, input_dim=6, output_dim=7)
    np.testing.assert_array_equal(emb[0].asnumpy(), x[0, 0][[[5, 0], [5, 0]]])
    for result in (out, act, flat, emb):
        assert result[0].context == ctx
        assert result[1].asnumpy().tolist() == [-0.5] and result[2].asnumpy().tolist() == [1.5]
    np.testing.assert_array_equal(data.asnumpy(), x)  # inputs left intact


# ---- gradients ------------------------------------------------------------------------------

def _backward_through_ranges(call):
    lo, hi = _r(-1.0), _r(2.0)
    lo.attach_grad()
    hi.attach_grad()
    with mx.autograd.record():
        out = call(lo, hi)
        total = out[1] * 2 + out[2]
    total.backward()
    return lo.grad.asnumpy().tolist(), hi.grad.asnumpy().tolist()


X8 = mx.nd.array([[1, -2, 3, 4]], dtype="int8")


@pytest.mark.parametrize("name,call", [
    ("_contrib_quantized_act", lambda lo, hi: Q.quantized_act(X8, lo, hi, act_type="relu")),
    ("_contrib_quantized_elemwise_add", lambda lo, hi: Q.quantized_elemwise_add(X8, X8, lo, hi, lo, hi)),
])
def test_no_gradient_raises(name, call):
    with pytest.raises(MXNetError, match=f"Operator {name} is non-differentiable because it didn't register FGradient"):
        _backward_through_ranges(call)


@pytest.mark.parametrize("call", [
    lambda lo, hi: Q.quantized_flatten(X8, lo, hi),
    lambda lo, hi: Q.quantized_concat(X8, X8, lo, hi, lo * 2, hi, num_args=2),
    lambda lo, hi: Q.quantized_elemwise_mul(X8, X8, lo, hi, lo, hi),
    lambda lo, hi: Q.quantized_pooling(X8.reshape((1, 1, 2, 2)), lo, hi, kernel=(1, 1)),
    lambda lo, hi: Q.quantized_embedding(mx.nd.array([0, 1]), X8.reshape((4, 1)), lo, hi, input_dim=4, output_dim=1),
])
def test_zero_gradients(call):
    assert _backward_through_ranges(call) == ([0.0], [0.0])


def test_flatten_of_float_data_has_zero_gradient():
    data = mx.nd.array(np.arange(6.0).reshape(1, 2, 3))
    data.attach_grad()
    with mx.autograd.record():
        out = Q.quantized_flatten(data, _r(-1.0), _r(1.0))
    out[0].backward()
    assert data.grad.asnumpy().tolist() == [[[0.0] * 3] * 2]


def test_mul_float_output_gradient_is_zero():
    lo = _r(-1.0)
    lo.attach_grad()
    with mx.autograd.record():
        out = Q.quantized_elemwise_mul(X8, X8, lo, _r(1.0), _r(-1.0), _r(1.0), enable_float_output=True)
    out.backward()
    assert lo.grad.asnumpy().tolist() == [0.0]


# ---- out=, parameters, deliberate errors --------------------------------------------------------

def test_out_takes_three_arrays():
    outs = (mx.nd.zeros((1, 4), dtype="int8"), mx.nd.zeros((1,)), mx.nd.zeros((1,)))
    result = Q.quantized_flatten(X8, _r(-3.0), _r(3.0), out=outs)
    assert outs[0].asnumpy().tolist() == [[1, -2, 3, 4]] and outs[1].asnumpy().tolist() == [-3.0]
    assert result[0] is outs[0]
    with pytest.raises(MXNetError):
        Q.quantized_act(X8, _r(-3.0), _r(3.0), act_type="relu", out=mx.nd.zeros((1, 4), dtype="int8"))


def test_uint8_relu_returns_the_bytes_as_int8():
    out = Q.quantized_act(mx.nd.array([[0, 5, 200, 255]], dtype="uint8"), _r(0.0), _r(1.0), act_type="relu")
    assert out[0].dtype == np.int8 and out[0].asnumpy().tolist() == [[0, 5, -56, -1]]


def test_elemwise_add_zero_ranges_saturate():
    out = Q.quantized_elemwise_add(X8, X8, _r(0.0), _r(0.0), _r(0.0), _r(0.0))
    assert out[0].asnumpy().tolist() == [[2147483520] * 4]
    assert str(out[1].asnumpy()[0]) == "-0.0"


@pytest.mark.parametrize("call,match", [
    (lambda: Q.quantized_concat(X8, X8, _r(-1.0), _r(1.0), _r(-1.0), _r(1.0), num_args=2, dim=-1),
     "dim must be non-negative"),
    (lambda: Q.quantized_elemwise_add(X8, X8.astype("uint8"), _r(-1.0), _r(1.0), _r(-1.0), _r(1.0)),
     "needs min_calib_range and max_calib_range"),
    (lambda: Q.quantized_pooling(X8.reshape((1, 1, 2, 2)), _r(-1.0), _r(1.0), kernel=(1, 1, 1)),
     "a 3-D kernel needs 5-D data"),
    (lambda: Q.quantized_pooling(mx.nd.zeros((1, 1, 4, 4), dtype="int8"), _r(-1.0), _r(1.0), kernel=(2, 2),
                                 stride=(3, 3), pooling_convention="same"), "could not create a descriptor"),
    (lambda: Q.quantized_elemwise_mul(X8, X8.astype("uint8"), _r(-1.0), _r(1.0), _r(-1.0), _r(1.0)),
     "data type do not match"),
    (lambda: Q.quantized_elemwise_add(X8, X8, _r(-1.0), _r(1.0), _r(-1.0), _r(1.0), min_calib_range="nan",
                                      max_calib_range=1.0), "min_calib_range"),
])
def test_errors(call, match):
    with pytest.raises(MXNetError, match=match):
        call()


def test_integer_outputs_are_not_differentiable():
    # mxnd cannot record integer arrays: MXNet would give a zero gradient here
    x = mx.nd.array([[1, 2]], dtype="int8")
    x.attach_grad()
    with mx.autograd.record():
        out = Q.quantized_flatten(x, _r(-1.0), _r(1.0))
    with pytest.raises(MXNetError):
        out[0].backward()


def test_concat_of_zero_ranges_with_mixed_types_raises_as_mxnet():
    """Zero ranges give every input the output's (infinite) scale: MXNet 1.9.1 then refuses a uint8
    input next to an int8 one ("Check failed: in_data[i].dtype() == out_dtype"); found by the fuzz suite."""
    a = mx.nd.array([[0, 5, 200]], dtype="uint8")
    b = mx.nd.array([[0, -3, 7]], dtype="int8")
    zero = mx.nd.array([0.0])
    with pytest.raises(MXNetError, match=r"_contrib_quantized_concat: Check failed: in_data\[i\].dtype\(\) == out_dtype"):
        mx.nd.contrib.quantized_concat(a, b, zero, zero, zero, zero, num_args=2, dim=1)
    assert a.asnumpy().tolist() == [[0, 5, 200]] and b.asnumpy().tolist() == [[0, -3, 7]]
