"""mx.init (src/mxnd/initializer.py): deterministic initializers exactly as MXNet 1.9.1 (values
recorded from it below), random ones by their statistics on large arrays, name-suffix dispatch,
the registry and the error messages."""
import re
import warnings

import numpy as np
import pytest

import mxnd as mx

D = mx.init.InitDesc


def filled(init, name, shape, dtype="float32", value=7.0):
    arr = mx.nd.full(shape, value, dtype=dtype)
    init(D(name), arr)
    return arr


def test_bilinear_matches_mxnet():
    expected = [[[[0.1111111119389534, 0.2222222238779068, 0.3333333432674408, 0.2222222238779068, 0.1111111119389534],
                  [0.2222222238779068, 0.4444444477558136, 0.6666666865348816, 0.4444444477558136, 0.2222222238779068],
                  [0.3333333432674408, 0.6666666865348816, 1.0, 0.6666666865348816, 0.3333333432674408]]]]
    assert filled(mx.init.Bilinear(), "up_weight", (1, 1, 3, 5)).asnumpy().tolist() == expected
    four = filled(mx.init.Bilinear(), "up_weight", (2, 1, 4, 4)).asnumpy()
    assert four[1, 0].tolist() == [[0.0625, 0.1875, 0.1875, 0.0625], [0.1875, 0.5625, 0.5625, 0.1875],
                                   [0.1875, 0.5625, 0.5625, 0.1875], [0.0625, 0.1875, 0.1875, 0.0625]]


def test_constant_zero_one_and_lstm_bias():
    assert filled(mx.init.Constant(0.5), "a_weight", (2,)).asnumpy().tolist() == [0.5, 0.5]
    arr = filled(mx.init.Constant(mx.nd.array([1, 2, 3, 4])), "a_weight", (4,), dtype="float64")
    assert arr.dtype == np.float64 and arr.asnumpy().tolist() == [1, 2, 3, 4]
    assert filled(mx.init.Zero(), "a_weight", (2,)).asnumpy().tolist() == [0, 0]
    assert filled(mx.init.One(), "a_weight", (2,)).asnumpy().tolist() == [1, 1]
    lstm = mx.nd.zeros((8,))
    mx.init.Xavier()(D("l_bias", attrs={"__init__": mx.init.LSTMBias(2.0).dumps()}), lstm)
    assert lstm.asnumpy().tolist() == [0, 0, 2, 2, 0, 0, 0, 0]


@pytest.mark.parametrize("name, expected", [
    ("fc_bias", 0.0), ("bn_gamma", 1.0), ("bn_beta", 0.0), ("q_min", 0.0), ("q_max", 1.0), ("fc_weight", 1.0)])
def test_desc_suffixes(name, expected):
    assert filled(mx.init.One(), name, (3,)).asnumpy().tolist() == [expected] * 3


@pytest.mark.parametrize("name, expected", [
    ("x_moving_mean", [0.0] * 6), ("x_moving_var", [1.0] * 6), ("stn_loc_bias", [1.0, 0, 0, 0, 1.0, 0]),
    ("stn_loc_weight", [0.0] * 6), ("x_min", [0.0] * 6), ("x_max", [1.0] * 6), ("x_gamma", [1.0] * 6),
    ("x_beta", [0.0] * 6)])
def test_legacy_string_names(name, expected):
    arr = mx.nd.full((6,), 7.0)
    with pytest.warns(DeprecationWarning):
        mx.init.One()(name, arr)
    assert arr.asnumpy().tolist() == expected


def test_legacy_upsampling_is_bilinear():
    arr = mx.nd.full((1, 1, 2, 2), 7.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mx.init.One()("upsampling0_weight", arr)
    assert arr.asnumpy().tolist() == [[[[1.0, 0.0], [0.0, 0.0]]]]


@pytest.mark.parametrize("factor_type", ["avg", "in", "out"])
@pytest.mark.parametrize("rnd_type", ["uniform", "gaussian"])
def test_xavier_scale(rnd_type, factor_type):
    mx.random.seed(0)
    shape = (64, 32, 3, 3)
    fan_in, fan_out = 32 * 9, 64 * 9
    factor = {"avg": (fan_in + fan_out) / 2, "in": fan_in, "out": fan_out}[factor_type]
    scale = np.sqrt(2.5 / factor)
    values = filled(mx.init.Xavier(rnd_type, factor_type, magnitude=2.5), "c_weight", shape).asnumpy()
    assert values.shape == shape and values.dtype == np.float32
    if rnd_type == "uniform":
        assert values.min() >= -scale and values.max() <= scale
        assert abs(values.max() - scale) < 0.01 * scale and abs(values.std() - scale / np.sqrt(3)) < 0.02 * scale
    else:
        assert abs(values.std() - scale) < 0.02 * scale
    assert abs(values.mean()) < 0.02 * scale


def test_msra_prelu_std():
    mx.random.seed(1)
    values = filled(mx.init.MSRAPrelu(factor_type="in", slope=0.5), "c_weight", (200, 300)).asnumpy()
    assert abs(values.std() - np.sqrt(2. / (1 + 0.25) / 300)) < 0.002
    assert mx.init.MSRAPrelu().dumps() == '["msraprelu", {"factor_type": "avg", "slope": 0.25}]'


@pytest.mark.parametrize("init, mean, std, bound", [
    (mx.init.Uniform(0.5), 0.0, 0.5 / np.sqrt(3), 0.5), (mx.init.Normal(0.3), 0.0, 0.3, None),
    (mx.init.Uniform(), 0.0, 0.07 / np.sqrt(3), 0.07), (mx.init.Normal(), 0.0, 0.01, None)])
def test_uniform_and_normal_statistics(init, mean, std, bound):
    mx.random.seed(2)
    values = filled(init, "fc_weight", (300, 300)).asnumpy()
    assert abs(values.mean() - mean) < 0.02 * std * 10 and abs(values.std() - std) < 0.02 * std
    if bound is not None:
        assert values.min() >= -bound and values.max() <= bound


@pytest.mark.parametrize("rand_type", ["uniform", "normal"])
@pytest.mark.parametrize("shape", [(20, 50), (50, 20), (8, 4, 3)])
def test_orthogonal(rand_type, shape):
    values = filled(mx.init.Orthogonal(scale=2.0, rand_type=rand_type), "fc_weight", shape).asnumpy()
    flat = values.reshape(shape[0], -1) / 2.0
    small = flat @ flat.T if flat.shape[0] <= flat.shape[1] else flat.T @ flat
    np.testing.assert_allclose(small, np.eye(small.shape[0]), atol=1e-5)


def test_dtypes_are_kept_and_seed_reproduces():
    assert filled(mx.init.Uniform(), "w_weight", (2, 3), dtype="float16").dtype == np.float16
    mx.random.seed(9)
    first = filled(mx.init.Xavier(), "w_weight", (5, 6)).asnumpy()
    mx.random.seed(9)
    np.testing.assert_array_equal(filled(mx.init.Xavier(), "w_weight", (5, 6)).asnumpy(), first)


def test_create_register_alias_and_dumps():
    assert type(mx.init.create("zeros")).__name__ == "Zero" and type(mx.init.create("ones")).__name__ == "One"
    assert mx.init.create({"initializer": "normal", "sigma": 0.5}).sigma == 0.5
    assert mx.init.create('["normal", {"sigma": 0.5}]').sigma == 0.5
    init = mx.init.Uniform(0.1)
    assert mx.init.create(init) is init and mx.init.create(init.dumps()) == init
    assert mx.init.Constant(mx.nd.array([1, 2])).dumps() == '["constant", {"value": [1.0, 2.0]}]'
    assert mx.init.Orthogonal().dumps() == '["orthogonal", {"scale": 1.414, "rand_type": "uniform"}]'
    assert mx.init.One().dumps() == '["one", {}]'
    assert (mx.init.Uniform(0.1) == mx.init.Uniform(0.1), mx.init.Uniform(0.1) == mx.init.Uniform(0.2),
            mx.init.Uniform() == 3) == (True, False, False)

    @mx.init.register
    @mx.init.alias("halves")
    class Half(mx.init.Initializer):
        def _init_weight(self, _, arr):
            arr[:] = 0.5

    assert filled(mx.init.create("halves"), "w_weight", (2,)).asnumpy().tolist() == [0.5, 0.5]
    assert type(mx.init.create("half")) is Half


def test_load_and_mixed():
    load = mx.init.Load({"arg:w": mx.nd.array([1., 2.]), "aux:m": mx.nd.array([3.])}, default_init=mx.init.One())
    w, m, other = mx.nd.zeros((2,)), mx.nd.zeros((1,)), mx.nd.zeros((2,))
    load("w", w)
    load("m", m)
    load(D("o_weight"), other)
    assert (w.asnumpy().tolist(), m.asnumpy().tolist(), other.asnumpy().tolist()) == ([1, 2], [3], [1, 1])
    mixed = mx.init.Mixed(["bias.*", ".*"], [mx.init.Zero(), mx.init.Constant(4.0)])
    a, b = mx.nd.ones((2,)), mx.nd.ones((2,))
    mixed(D("bias_weight"), a)
    mixed(D("x_weight"), b)
    assert a.asnumpy().tolist() == [0, 0] and b.asnumpy().tolist() == [4, 4]


@pytest.mark.parametrize("call, error, message", [
    (lambda: mx.init.Xavier()(D("v_weight"), mx.nd.zeros((3,))), ValueError,
     "Xavier initializer cannot be applied to vector v_weight. It requires at least 2D."),
    (lambda: mx.init.Xavier(factor_type="x")(D("v_weight"), mx.nd.zeros((3, 3))), ValueError, "Incorrect factor type"),
    (lambda: mx.init.Xavier(rnd_type="x")(D("v_weight"), mx.nd.zeros((3, 3))), ValueError, "Unknown random type"),
    (lambda: mx.init.Uniform()(D("v_foo"), mx.nd.zeros((3, 3))), ValueError, "Unknown initialization pattern for v_foo"),
    (lambda: mx.init.Mixed(["a.*"], [mx.init.One()])("b", mx.nd.zeros((2,))), ValueError, "did not match any pattern"),
    (lambda: mx.init.create("nosuch"), AssertionError, "nosuch is not registered"),
    (lambda: mx.init.Initializer()(D("v_weight"), mx.nd.zeros((2,))), NotImplementedError, "Must override it"),
    (lambda: mx.init.Load({"arg:w": mx.nd.ones((2,))})("w", mx.nd.zeros((3,))), AssertionError,
     r"Shape mismatch, target \(3,\) vs loaded \(2,\)"),
    (lambda: mx.init.Load({"arg:w": mx.nd.ones((2,))})("v", mx.nd.zeros((3,))), AssertionError,
     "Cannot Initialize v. Not found in loaded param and no default Initializer is provided."),
    (lambda: mx.init.One()(5, mx.nd.zeros((3,))), TypeError, "name must be string"),
    (lambda: mx.init.One()("w", [1, 2]), TypeError, "arr must be NDArray"),
    (lambda: mx.init.FusedRNN(None, 2, 1, "lstm")(D("lstm_parameters"), mx.nd.zeros((56,))), ValueError,
     "Unknown initialization pattern for lstm_parameters"),
    (lambda: mx.init.FusedRNN(None, 2, 1, "rnn_tanh")(D("x_weight"), mx.nd.zeros((7,))), ValueError,
     re.escape("Cannot reshape array of size 5 into shape (2, -1)")),
    (lambda: mx.init.FusedRNN(None, 2, 1, "rnn_tanh")(D("x_weight"), mx.nd.zeros((100,))), ValueError,
     re.escape("Cannot reshape array of size 92 into shape (2, 42)")),
    (lambda: mx.init.FusedRNN(None, 2, 1, "rnn_tanh")(D("x_weight"), mx.nd.zeros((2, 5))), ValueError,
     re.escape("Cannot reshape array of size 10 into shape (2, 1)")),
    (lambda: mx.init.FusedRNN(None, 2, 1, "bad")(D("x_weight"), mx.nd.zeros((10,))), KeyError, "bad"),
])
def test_errors_match_mxnet(call, error, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(error, match=message):
            call()


def test_fused_rnn_layout_matches_mxnet():
    """Weights of every gate by ``init``, biases 0 but the LSTM forget gate's (MXNet 1.9.1's values)."""
    lstm = filled(mx.init.FusedRNN(mx.init.Constant(0.5), 2, 1, "lstm"), "x_weight", (2 * 4 * (3 + 2 + 2),))
    assert lstm.asnumpy().tolist() == [0.5] * 40 + [0, 0, 1, 1, 0, 0, 0, 0] * 2
    forget = filled(mx.init.FusedRNN(mx.init.One(), 2, 1, "lstm", forget_bias=3), "x_weight", (56,))
    assert forget.asnumpy().tolist() == [1] * 40 + [0, 0, 3, 3, 0, 0, 0, 0] * 2
    relu = filled(mx.init.FusedRNN(mx.init.Zero(), 2, 1, "rnn_relu"), "x_weight", (10,), dtype="float16")
    assert relu.dtype == np.float16 and relu.asnumpy().tolist() == [0.0] * 10


def test_fused_rnn_without_init_uses_the_global_one():
    """Two bidirectional GRU layers (3 inputs, 2 hidden) under a Variable's ``__init__`` attribute."""
    init = mx.init.FusedRNN(None, 2, 2, "gru", True)
    assert init.dumps() == ('["fusedrnn", {"init": null, "num_hidden": 2, "num_layers": 2, "mode": "gru", '
                            '"bidirectional": true, "forget_bias": 1.0}]')
    params = mx.nd.full((2 * 3 * (3 + 2 + 2) * 2 + 3 * 2 * (2 + 4 + 2) * 2,), 9)
    mx.init.One()(D("p", attrs={"__init__": init.dumps()}), params)
    assert params.asnumpy().tolist() == [1.0] * 132 + [0.0] * 48


def test_fused_rnn_draws_each_gate_with_its_own_shape():
    """Xavier's bound comes from each gate's (hidden, inputs) matrix, not the whole vector."""
    hidden, inputs = 4, 6
    mx.random.seed(3)
    params = filled(mx.init.FusedRNN(mx.init.Xavier(), hidden, 1, "rnn_tanh"), "x_weight",
                    ((inputs + hidden + 2) * hidden,)).asnumpy()
    i2h, h2h, biases = np.split(params, [hidden * inputs, hidden * (inputs + hidden)])
    assert np.abs(i2h).max() <= np.sqrt(3 / ((hidden + inputs) / 2)) and np.abs(h2h).max() <= np.sqrt(3 / hidden)
    assert np.abs(i2h).max() > 0.6 and np.abs(h2h).max() > 0.6  # drawn, not left at 7 or 0
    assert biases.tolist() == [0.0] * 2 * hidden


def test_fused_rnn_accepts_its_init_as_json():
    """MXNet 1.9.1 raises KeyError here (it looks the name up in the wrong table); see differences.md."""
    init = mx.init.create(mx.init.FusedRNN(mx.init.One(), 2, 1, "rnn_tanh").dumps())
    assert isinstance(init._init, mx.init.One)
    assert filled(init, "x_weight", (10,)).asnumpy().tolist() == [1.0] * 6 + [0.0] * 4
