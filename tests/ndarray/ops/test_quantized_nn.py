"""The quantized_nn family beyond the golden cases (tests/golden/quantized_nn_cases.py).

Expected values were produced by MXNet 1.9.1 (CPU, oneDNN 2.4.4). The int32/int8 outputs and
the float32 ranges are compared bit for bit. quantized_rnn cannot run in the reference on CPUs
with VNNI (MXNet raises "could not create a primitive descriptor for a reorder primitive"), so
its expected values below were recorded with ``DNNL_MAX_CPU_ISA=AVX512_CORE`` and are compared
to 2e-6 (the printed 6 decimals; the dequantized hidden states are identical).
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError


def f(value, ctx=None):
    return mx.nd.array([value], ctx=ctx)


def _values(outputs):
    return [o.asnumpy().tolist() for o in outputs]


# ---- quantized_fully_connected -------------------------------------------------------------

def _fc_inputs(ctx=None):
    x = mx.nd.array([[-128, 127, 3], [5, -7, 0]], dtype="int8", ctx=ctx)
    w = mx.nd.array([[1, 2, 3], [-128, 127, -1]], dtype="int8", ctx=ctx)
    b = mx.nd.array([7, -9], dtype="int8", ctx=ctx)
    return x, w, b


def test_fully_connected_values(ctx):
    x, w, b = _fc_inputs(ctx)
    ranges = [f(v, ctx) for v in (-1.5, 0.5, -0.25, 2.0, -3.0, 1.0)]
    out = mx.nd.contrib.quantized_fully_connected(x, w, b, *ranges, num_hidden=2)
    assert [o.dtype for o in out] == [np.int32, np.float32, np.float32]
    assert [o.shape for o in out] == [(2, 2), (1,), (1,)]
    assert all(o.context == ctx for o in out)
    # bias rescale: 127.5/1.5 * 127.5/2 * 3/127.5 = 12.75 -> (int)(7 * 12.75) = 89, (int)(-9 * 12.75) = -114
    assert _values(out) == [[[1027, 31363], [883, -2676]], [-399432.75], [399432.75]]
    u8 = mx.nd.array([[128, 127, 3], [5, 249, 0]], dtype="uint8", ctx=ctx)
    out = mx.nd.contrib.quantized_fully_connected(u8, w, b, *ranges, num_hidden=2)
    assert _values(out) == [[[2179, -2557], [2291, 28684]], [-198933.1875], [198933.1875]]
    plain = mx.nd.contrib.quantized_fully_connected(x, w, *ranges[:4], num_hidden=2, no_bias=True)
    exact = x.asnumpy().astype(np.int64) @ w.asnumpy().astype(np.int64).T
    assert plain[0].asnumpy().tolist() == exact.tolist()


def test_fully_connected_float32_rounding_with_bias():
    # above 2**24 oneDNN adds the bias in float32: exact without bias, rounded to even with one
    k = 3001
    x, w = mx.nd.full((2, k), 127, dtype="int8"), mx.nd.full((3, k), 127, dtype="int8")
    b = mx.nd.array([1, -1, 3], dtype="int8")
    plain = mx.nd.contrib.quantized_fully_connected(x, w, f(-1), f(1), f(-1), f(1), num_hidden=3, no_bias=True)
    assert plain[0].asnumpy().tolist() == [[48403129] * 3] * 2
    out = mx.nd.contrib.quantized_fully_connected(x, w, b, f(-1), f(1), f(-1), f(1), f(-127.5 * 127.5), f(1),
                                                  num_hidden=3)
    assert out[0].asnumpy().tolist() == [[50475800, 46330456, 54621144]] * 2


@pytest.mark.parametrize("dtype, low, high", [("uint8", 0, 256), ("int8", -128, 128)])
@pytest.mark.parametrize("rows, depth, hidden", [(5, 2, 3), (1, 3000, 7), (33, 1000, 64), (4, 1, 2), (3, 0, 2)])
def test_fully_connected_exact_int32_sums(dtype, low, high, rows, depth, hidden):
    # the host's int8 product (uint8 data shifted to int8) and the float64 one: exact, sums past 2**24
    rng = np.random.RandomState(depth)
    x, w = rng.randint(low, high, (rows, depth)), rng.randint(-128, 128, (hidden, depth))
    x[0], w[0] = high - 1, -128
    out = mx.nd.contrib.quantized_fully_connected(mx.nd.array(x, dtype=dtype), mx.nd.array(w, dtype="int8"),
                                                  *[f(1)] * 4, num_hidden=hidden, no_bias=True)
    assert out[0].dtype == np.int32
    assert out[0].asnumpy().tolist() == (x.astype(np.int64) @ w.astype(np.int64).T).tolist()


def test_fully_connected_keywords_and_flatten():
    x, w, b = _fc_inputs()
    out = mx.nd.contrib.quantized_fully_connected(
        data=x.reshape((2, 1, 3)), weight=w, bias=b, min_data=f(-1.5), max_data=f(0.5), min_weight=f(-0.25),
        max_weight=f(2.0), min_bias=f(-3.0), max_bias=f(1.0), num_hidden="2", flatten="False")
    assert out[0].shape == (2, 1, 2)
    assert out[0].asnumpy().reshape(2, 2).tolist() == [[1027, 31363], [883, -2676]]


@pytest.mark.parametrize("call, message", [
    (lambda x, w, b: (x.astype("float32"), w, b), "QuantizedFullyConnected only supports int8/uint8 input, while 0"),
    (lambda x, w, b: (x, w.astype("uint8"), b), "Type inconsistent, Provided = uint8, inferred type = int8"),
    (lambda x, w, b: (x, w, b.astype("int32")), "Type inconsistent, Provided = int32, inferred type = int8"),
    (lambda x, w, b: (x, w[:1], b), "Shape inconsistent, Provided = [1,3], inferred shape=[2,3]"),
    (lambda x, w, b: (x, w, b[:1]), "Shape inconsistent, Provided = [1], inferred shape=[2]"),
])
def test_fully_connected_errors(call, message):
    x, w, b = _fc_inputs()
    before = x.asnumpy().copy()
    with pytest.raises(MXNetError, match="quantized_fully_connected") as info:
        mx.nd.contrib.quantized_fully_connected(*call(x, w, b), *[f(v) for v in (-1, 1, -1, 1, -1, 1)], num_hidden=2)
    assert message in str(info.value)
    assert (x.asnumpy() == before).all()


def test_fully_connected_input_count_and_range_checks():
    x, w, b = _fc_inputs()
    with pytest.raises(MXNetError, match=r"expects 9 inputs, but got 7 instead"):
        mx.nd.contrib.quantized_fully_connected(x, w, b, f(-1), f(1), f(-1), f(1), num_hidden=2)
    with pytest.raises(MXNetError, match=r"expects 6 inputs, but got 9 instead"):
        mx.nd.contrib.quantized_fully_connected(x, w, b, *[f(1)] * 6, num_hidden=2, no_bias=True)
    with pytest.raises(MXNetError, match=r"Provided = float64, inferred type = float32"):
        mx.nd.contrib.quantized_fully_connected(x, w, b, *[f(1)] * 5, f(1).astype("float64"), num_hidden=2)
    with pytest.raises(MXNetError, match=r"Provided = \[1,1\], inferred shape=\[1\]"):
        mx.nd.contrib.quantized_fully_connected(x, w, b, mx.nd.ones((1, 1)), *[f(1)] * 5, num_hidden=2)


def test_zero_range_follows_mxnet_garbage():
    # MaxAbs(data) == 0: MXNet's bias rescale is inf, (int) inf is INT_MIN, added in float32
    x, w, b = _fc_inputs()
    out = mx.nd.contrib.quantized_fully_connected(x, w, b, f(0), f(0), f(-1), f(1), f(-1), f(1), num_hidden=2)
    assert out[0].asnumpy().tolist() == [[-2147483520, -2147451136], [-2147483648, -2147483648]]
    assert out[1].asnumpy().tolist() == [-0.0] and out[2].asnumpy().tolist() == [0.0]


# ---- quantized_conv --------------------------------------------------------------------------

def _conv_inputs(ctx=None):
    cx = mx.nd.array(np.arange(18).reshape(1, 2, 3, 3) * 13 % 256, dtype="uint8", ctx=ctx)
    cw = mx.nd.array((np.arange(16).reshape(2, 2, 2, 2) * 37 % 256) - 128, dtype="int8", ctx=ctx)
    cb = mx.nd.array([100, -100], dtype="int8", ctx=ctx)
    return cx, cw, cb


def test_conv_values(ctx):
    cx, cw, cb = _conv_inputs(ctx)
    ranges = [f(v, ctx) for v in (-1, 3, -2, 0.5, -1, 1)]
    out = mx.nd.contrib.quantized_conv(cx, cw, cb, *ranges, kernel=(2, 2), num_filter=2)
    assert [o.dtype for o in out] == [np.int32, np.float32, np.float32]
    # the int8 bias is added as it is; the range is int8 x int8 although the data is uint8
    assert _values(out) == [[[[[-784, -3956], [-10300, -13472]], [[-13880, -16220], [-20900, -23240]]]],
                            [-798865.5], [798865.5]]
    plain = mx.nd.contrib.quantized_conv(cx, cw, *ranges[:4], kernel=(2, 2), num_filter=2, no_bias=True)
    assert (plain[0].asnumpy() - out[0].asnumpy())[0, :, 0, 0].tolist() == [-100, 100]


def test_conv_matches_float_convolution_3d():
    rng = np.random.RandomState(5)
    x = mx.nd.array(rng.randint(0, 256, (2, 3, 4, 5, 6)), dtype="uint8")
    w = mx.nd.array(rng.randint(-128, 128, (4, 3, 2, 3, 2)), dtype="int8")
    out = mx.nd.contrib.quantized_conv(x, w, *[f(1)] * 4, kernel=(2, 3, 2), num_filter=4, no_bias=True,
                                       stride=(1, 2, 1), pad=(1, 0, 1), dilate=(1, 1, 2))
    ref = mx.nd.Convolution(x.astype("float64"), w.astype("float64"), kernel=(2, 3, 2), num_filter=4, no_bias=True,
                            stride=(1, 2, 1), pad=(1, 0, 1), dilate=(1, 1, 2))
    assert out[0].shape == ref.shape
    assert (out[0].asnumpy() == ref.asnumpy()).all()


def _conv_int64(x, w, stride, pad, dilate):
    """The exact 2-D convolution sums in int64 (numpy sliding windows)."""
    padded = np.pad(x.astype(np.int64), [(0, 0), (0, 0)] + [(p, p) for p in pad])
    spans = [d * (k - 1) + 1 for k, d in zip(w.shape[2:], dilate)]
    windows = np.lib.stride_tricks.sliding_window_view(padded, spans, axis=(2, 3))
    windows = windows[:, :, ::stride[0], ::stride[1], ::dilate[0], ::dilate[1]]
    return np.einsum("nchwij,ocij->nohw", windows, w.astype(np.int64))


@pytest.mark.parametrize("channels, extreme", [(8, False), (64, True), (1000, True)])
@pytest.mark.parametrize("stride, pad, dilate", [
    ((1, 1), (1, 1), (1, 1)), ((2, 1), (0, 1), (1, 1)),
    ((1, 1), (2, 1), (1, 1)), ((1, 2), (1, 1), (2, 1)),  # padded past the kernel, dilated: generic path
])
def test_conv_exact_int32_sums(channels, extreme, stride, pad, dilate):
    # one oneDNN convolution (sums below 2**24), the nibble split (past it) and the float64 path
    rng = np.random.RandomState(channels)
    x, w = rng.randint(0, 256, (2, channels, 6, 5)), rng.randint(-128, 128, (3, channels, 3, 3))
    if extreme:
        x[:], w[0], w[1] = 255, -128, 127
    bias = np.array([100, -100, 7])
    args = (mx.nd.array(x, dtype="uint8"), mx.nd.array(w, dtype="int8"))
    call = dict(kernel=(3, 3), num_filter=3, stride=stride, pad=pad, dilate=dilate)
    exact = _conv_int64(x, w, stride, pad, dilate)
    plain = mx.nd.contrib.quantized_conv(*args, *[f(1)] * 4, no_bias=True, **call)[0]
    assert plain.dtype == np.int32 and plain.shape == exact.shape
    assert plain.asnumpy().tolist() == exact.tolist()
    out = mx.nd.contrib.quantized_conv(*args, mx.nd.array(bias, dtype="int8"), *[f(1)] * 6, **call)[0]
    rounded = exact.astype(np.float32) + bias.astype(np.float32)[:, None, None]  # oneDNN's float32 add
    assert out.asnumpy().tolist() == rounded.astype(np.int64).tolist()


def test_conv_sizes_of_one():
    # spatial sizes of 1 in the data or the output (the generic path)
    rng = np.random.RandomState(1)
    for shape, kernel, pad in (((2, 4, 1, 5), (1, 3), (0, 1)), ((2, 4, 5, 3), (3, 3), (0, 0))):
        x, w = rng.randint(0, 256, shape), rng.randint(-128, 128, (3, 4) + kernel)
        out = mx.nd.contrib.quantized_conv(mx.nd.array(x, dtype="uint8"), mx.nd.array(w, dtype="int8"),
                                           *[f(1)] * 4, kernel=kernel, pad=pad, num_filter=3, no_bias=True)[0]
        assert out.asnumpy().tolist() == _conv_int64(x, w, (1, 1), pad, (1, 1)).tolist()


@pytest.mark.parametrize("kwargs, message", [
    ({"num_group": 2}, "quantized_conv only supports num_group=1 for now"),
    ({"layout": "NHWC"}, "mkldnn quantized_conv now supports NCHW or NCDHW for now"),
    ({"kernel": (2,)}, "mkldnn quantized_conv only supports 2d or 3d kernel for now"),
    ({"stride": (2,)}, "Stride must have the same number of dimensions with kernel_size"),
    ({"num_filter": 3}, "Shape inconsistent, Provided = [2,2,2,2], inferred shape=[3,2,2,2]"),
    # deliberate: MXNet divides by zero, or fails inside oneDNN
    ({"stride": (0, 1)}, "stride and dilate must be positive"),
    ({"kernel": (4, 4)}, "Shape inconsistent"),
])
def test_conv_errors(kwargs, message):
    cx, cw, cb = _conv_inputs()
    call = dict({"kernel": (2, 2), "num_filter": 2}, **kwargs)
    with pytest.raises(MXNetError, match="quantized_conv") as info:
        mx.nd.contrib.quantized_conv(cx, cw, cb, *[f(1)] * 6, **call)
    assert message in str(info.value)


def test_conv_dtype_and_geometry_errors():
    cx, cw, cb = _conv_inputs()
    for data in (cx.astype("int8"), cx.astype("float32")):
        with pytest.raises(MXNetError, match="mkldnn_quantized_conv op only supports uint8 as input type"):
            mx.nd.contrib.quantized_conv(data, cw, cb, *[f(1)] * 6, kernel=(2, 2), num_filter=2)
    with pytest.raises(MXNetError, match="only supports 4d or 5d layout"):
        mx.nd.contrib.quantized_conv(cx.reshape((2, 9)), cw, cb, *[f(1)] * 6, kernel=(2, 2), num_filter=2)
    big = mx.nd.ones((2, 2, 4, 4), dtype="int8")
    with pytest.raises(MXNetError, match="kernel size exceeds input"):  # deliberate (MXNet: oneDNN error)
        mx.nd.contrib.quantized_conv(cx, big, cb, *[f(1)] * 6, kernel=(4, 4), num_filter=2)
    with pytest.raises(MXNetError, match="does not fit 5-D data"):  # deliberate (MXNet: index error)
        mx.nd.contrib.quantized_conv(cx.reshape((1, 2, 1, 3, 3)), cw, cb, *[f(1)] * 6, kernel=(2, 2), num_filter=2)


# ---- quantized_batch_norm --------------------------------------------------------------------

def _bn_params(ctx=None):
    return [mx.nd.array(v, ctx=ctx) for v in ([0.5, -2.0], [0.25, 1.0], [0.1, -0.3], [1.5, 0.25])]


def test_batch_norm_values(ctx):
    bx = mx.nd.array([[[[-100, -3], [0, 120]], [[7, 50], [-128, 127]]]], dtype="int8", ctx=ctx)
    out = mx.nd.contrib.quantized_batch_norm(bx, *_bn_params(ctx), f(-4, ctx), f(2, ctx),
                                             min_calib_range=-6.0, max_calib_range=3.0)
    assert [o.dtype for o in out] == [np.int8, np.float32, np.float32]
    assert _values(out) == [[[[[-23, 4], [4, 37]], [[-23, -128], [127, -128]]]], [-6.0], [3.0]]
    bu = mx.nd.array([[[[156, 253], [0, 120]], [[7, 50], [128, 127]]]], dtype="uint8", ctx=ctx)
    out = mx.nd.contrib.quantized_batch_norm(bu, *_bn_params(ctx), f(0, ctx), f(2, ctx),
                                             min_calib_range=-6.0, max_calib_range=3.0, fix_gamma=False)
    assert _values(out) == [[[[[15, 22], [4, 13]], [[-8, -37], [-89, -88]]]], [-6.0], [3.0]]


def test_batch_norm_errors():
    bx = mx.nd.ones((1, 2, 2, 2), dtype="int8")
    params = _bn_params()
    with pytest.raises(MXNetError, match="Quantized BN currently don't support calib_mode=None"):
        mx.nd.contrib.quantized_batch_norm(bx, *params, f(-1), f(1), max_calib_range=1.0)
    with pytest.raises(MXNetError, match="only supports int8/uint8 input, while 4 is given"):
        mx.nd.contrib.quantized_batch_norm(bx.astype("int32"), *params, f(-1), f(1), min_calib_range=-1,
                                           max_calib_range=1)
    with pytest.raises(MXNetError, match=r"Channel axis out of range: 4"):
        mx.nd.contrib.quantized_batch_norm(bx, *params, f(-1), f(1), min_calib_range=-1, max_calib_range=1, axis=4)
    with pytest.raises(MXNetError, match=r"expects 7 inputs, but got 6 instead"):
        mx.nd.contrib.quantized_batch_norm(bx, *params, f(-1), min_calib_range=-1, max_calib_range=1)
    # deliberate: oneDNN normalizes axis 1 whatever axis says (MXNet computes garbage or fails)
    with pytest.raises(MXNetError, match="normalizes axis 1 only"):
        mx.nd.contrib.quantized_batch_norm(mx.nd.ones((1, 2, 2, 2), dtype="int8").reshape((1, 2, 2, 2)), *params,
                                           f(-1), f(1), min_calib_range=-1, max_calib_range=1, axis=-1)


# ---- gradients -------------------------------------------------------------------------------

def test_zero_gradients_through_ranges():
    # MXNet's MakeZeroGradNodes: the float inputs get zero gradients
    x, w, _ = _fc_inputs()
    low = f(-1.0)
    low.attach_grad()
    with mx.autograd.record():
        out = mx.nd.contrib.quantized_fully_connected(x, w, low, f(1), f(-2), f(2), num_hidden=2, no_bias=True)
        head = out[2] * 3
    head.backward()
    assert low.grad.asnumpy().tolist() == [0.0]
    gamma = mx.nd.array([1.0, 2.0])
    gamma.attach_grad()
    with mx.autograd.record():
        out = mx.nd.contrib.quantized_batch_norm(mx.nd.ones((1, 2, 2, 2), dtype="int8"), gamma, mx.nd.zeros(2),
                                                 mx.nd.zeros(2), mx.nd.ones(2), f(-1), f(1), min_calib_range=-1,
                                                 max_calib_range=1)
    out[1].backward()
    assert gamma.grad.asnumpy().tolist() == [0.0, 0.0]
    assert out[0].asnumpy().ravel().tolist() == [1, 1, 1, 1, 2, 2, 2, 2]


# ---- quantized_rnn ---------------------------------------------------------------------------

RNN_CASES = [  # (T, N, I, H, layers, bidirectional, scale, shift), MXNet's output, state, cell
    ((3, 2, 4, 3, 1, False, 50.0, 128.0),
     [0.06, -0.04, 0.12, 0.06, 0.02, -0.04, -0.42, -0.28, 0.22, 0.42, 0.12, -0.72, -0.08, -0.18, 0.06, 0.2, 0.04,
      -0.82],
     [-0.08, -0.18, 0.06, 0.2, 0.04, -0.82],
     [-0.567831, -0.380151, 0.878377, 0.236555, 1.091375, -1.986506]),
    ((3, 2, 5, 3, 1, True, 40.0, 120.0),
     [0.0, 0.025, -0.125, -0.025, 0.675, -0.075, -0.175, 0.075, 0.025, -0.7, 0.0, -0.075, -0.25, 0.025, -0.1,
      -0.175, 0.125, -0.025, -0.45, 0.075, 0.625, -0.575, 0.0, -0.05, -0.275, 0.025, -0.175, -0.2, 0.075, -0.075,
      -0.625, 0.15, 0.6, -0.025, 0.125, -0.025],
     [-0.275, 0.025, -0.175, -0.625, 0.15, 0.6, -0.025, 0.675, -0.075, -0.7, 0.0, -0.075],
     [-0.65027, 0.076829, -0.455207, -1.495683, 0.718406, 1.021739, -0.081284, 1.166514, -0.078031, -1.041776,
      0.606619, -0.995535]),
    ((4, 2, 3, 3, 2, False, 60.0, 100.0),
     [-0.066667, -0.1, -0.066667, -0.183333, -0.316667, 0.016667, -0.166667, -0.05, -0.066667, -0.1, -0.116667,
      -0.083333, -0.166667, -0.05, -0.133333, -0.133333, -0.066667, -0.116667, -0.166667, -0.066667, -0.133333,
      -0.166667, -0.066667, -0.116667],
     [0.15, 0.05, 0.35, 0.116667, 0.016667, 0.466667, -0.166667, -0.066667, -0.133333, -0.166667, -0.066667,
      -0.116667],
     [0.273223, 0.368122, 0.892467, 0.424297, 0.254088, 0.948105, -0.33642, -0.124636, -0.256206, -0.330249,
      -0.136541, -0.222637]),
    ((3, 1, 6, 2, 2, True, 127.0, 0.0),
     [0.125984, 0.07874, 0.259843, 0.23622, 0.0, 0.0, 0.314961, 0.212598, 0.0, 0.0, 0.307087, 0.165354],
     [0.401575, 0.480315, 0.086614, 0.0, 0.0, 0.0, 0.259843, 0.23622],
     [0.642781, 0.716153, 0.128867, -0.573629, -0.289026, -0.172883, 0.518746, 0.584642]),
    ((2, 2, 2, 3, 3, False, 30.0, 128.0),
     [0.333333, 0.233333, -0.3, 0.333333, 0.1, -0.4, 0.5, 0.166667, -0.4, 0.533333, 0.133333, -0.466667],
     [-0.166667, 0.0, 0.033333, -0.566667, -0.133333, 0.233333, 0.166667, 0.0, -0.2, 0.266667, 0.0, -0.3, 0.5,
      0.166667, -0.4, 0.533333, 0.133333, -0.466667],
     [-0.616262, -0.097636, 0.152782, -0.81814, -0.17297, 0.670657, 0.306532, 0.005359, -0.498264, 0.448773,
      0.032583, -0.755634, 0.791632, 0.32114, -0.531903, 0.828542, 0.244094, -0.59258]),
]


def _rnn_inputs(case, ctx=None):
    steps, batch, inputs, hidden, layers, bidirectional, scale, shift = case
    directions = 2 if bidirectional else 1
    rng = np.random.RandomState(steps * 100 + inputs * 10 + hidden)
    size = sum(directions * 4 * hidden * ((inputs if k == 0 else hidden * directions) + hidden + 2)
               for k in range(layers))
    return (mx.nd.array(rng.randint(0, 256, (steps, batch, inputs)), dtype="uint8", ctx=ctx),
            mx.nd.array(rng.randn(size) * 0.5, ctx=ctx),
            mx.nd.array(rng.randn(layers * directions, batch, hidden) * 0.5, ctx=ctx),
            mx.nd.array(rng.randn(layers * directions, batch, hidden) * 0.5, ctx=ctx),
            mx.nd.array([scale], ctx=ctx), mx.nd.array([shift], ctx=ctx))


@pytest.mark.parametrize("case, output, state, cell", RNN_CASES)
def test_rnn_values(case, output, state, cell, ctx):
    steps, batch, _, hidden, layers, bidirectional, _, _ = case
    directions = 2 if bidirectional else 1
    out = mx.nd.contrib.quantized_rnn(*_rnn_inputs(case, ctx), state_size=hidden, num_layers=layers, mode="lstm",
                                      bidirectional=bidirectional, state_outputs=True)
    assert [o.shape for o in out] == [(steps, batch, directions * hidden)] + [(layers * directions, batch, hidden)] * 2
    assert [o.dtype for o in out] == [np.float32] * 3
    for got, want in zip(out, (output, state, cell)):
        np.testing.assert_allclose(got.asnumpy().ravel(), want, rtol=0, atol=2e-6)


def test_rnn_without_state_outputs():
    case = RNN_CASES[1][0]
    single = mx.nd.contrib.quantized_rnn(*_rnn_inputs(case), state_size=3, num_layers=1, mode="lstm",
                                         bidirectional=True)
    assert isinstance(single, mx.nd.NDArray) and single.shape == (3, 2, 6)
    np.testing.assert_allclose(single.asnumpy().ravel(), RNN_CASES[1][1], rtol=0, atol=2e-6)


def test_rnn_hidden_states_are_dequantized_levels():
    case = RNN_CASES[0][0]
    out = mx.nd.contrib.quantized_rnn(*_rnn_inputs(case), state_size=3, num_layers=1, mode="lstm", p=0.5,
                                      lstm_state_clip_min=-0.1, lstm_state_clip_max=0.1, state_outputs=True)
    levels = out[0].asnumpy() * 50.0 + 128.0
    np.testing.assert_allclose(levels, np.round(levels), atol=1e-4)
    np.testing.assert_allclose(out[0].asnumpy().ravel(), RNN_CASES[0][1], atol=2e-6)  # p and clips are ignored


def test_rnn_errors_and_no_gradient():
    data, params, state, cell, scale, shift = _rnn_inputs(RNN_CASES[0][0])
    kwargs = {"state_size": 3, "num_layers": 1, "mode": "lstm"}
    with pytest.raises(MXNetError, match="Quantized recurrent neural network only supports LSTM operator on CPU"):
        mx.nd.contrib.quantized_rnn(data, params, state, cell, scale, shift, state_size=3, num_layers=1, mode="gru")
    with pytest.raises(MXNetError, match="Quantized RNN operator only supports uint8 input, while 5 is given"):
        mx.nd.contrib.quantized_rnn(data.astype("int8"), params, state, cell, scale, shift, **kwargs)
    with pytest.raises(MXNetError, match=r"Provided = \[5\], inferred shape=\(108,\)"):
        mx.nd.contrib.quantized_rnn(data, params[:5], state, cell, scale, shift, **kwargs)
    with pytest.raises(MXNetError, match=r"expects 6 inputs, but got 5 instead"):
        mx.nd.contrib.quantized_rnn(data, params, state, scale, shift, **kwargs)
    with pytest.raises(MXNetError, match="should be 3-rank tensor"):
        mx.nd.contrib.quantized_rnn(data[0], params, state, cell, scale, shift, **kwargs)
    with pytest.raises(MXNetError, match="neither projection_size nor use_sequence_length"):  # MXNet segfaults
        mx.nd.contrib.quantized_rnn(data, params, state, cell, scale, shift, use_sequence_length=True, **kwargs)
    # two unidirectional layers with input size > state_size + 4: MXNet's weight-scale pass reads past the
    # parameters (with a smaller input size it reads biases as weights, which mxnd follows)
    size = 4 * 2 * (8 + 2 + 2) + 4 * 2 * (2 + 2 + 2)
    with pytest.raises(MXNetError, match="read past the parameters"):
        mx.nd.contrib.quantized_rnn(mx.nd.ones((2, 1, 8), dtype="uint8"), mx.nd.ones(size), mx.nd.zeros((2, 1, 2)),
                                    mx.nd.zeros((2, 1, 2)), scale, shift, state_size=2, num_layers=2, mode="lstm")
    params.attach_grad()
    with mx.autograd.record():
        out = mx.nd.contrib.quantized_rnn(data, params, state, cell, scale, shift, **kwargs)
    with pytest.raises(MXNetError, match="non-differentiable because it didn't register FGradient attribute"):
        out.backward()
