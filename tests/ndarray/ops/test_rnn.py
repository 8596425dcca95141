"""The fused RNN operator (src/mxnd/ndarray/ops/rnn.py).

Values and gradients of every mode against MXNet 1.9.1 are in tests/golden/rnn_cases.py;
here: finite-difference gradients (data, parameters, state, cell; projection; sequence
lengths), the cuDNN semantics of ``use_sequence_length``, dropout, and the errors.
"""
import numpy as np
import pytest

import mxnd as mx
from gradients import numeric_check
from mxnd.base import MXNetError

GATES = {"lstm": 4, "gru": 3, "rnn_tanh": 1, "rnn_relu": 1}


def param_size(mode, layers, inputs, hidden, directions, projection=None):
    size = GATES[mode] * hidden * directions
    width = projection or hidden
    total = (inputs + width + 2) * size + (layers - 1) * (width * directions + width + 2) * size
    return total + (projection * hidden * layers * directions if projection else 0)


def make_inputs(mode, layers=1, bid=False, steps=3, batch=2, inputs=2, hidden=3, projection=None,
                dtype="float64", seed=0, ctx=None):
    rng = np.random.RandomState(seed)
    d = 2 if bid else 1
    ctx = ctx or mx.cpu()

    def array(low, high, shape):
        return mx.nd.array(rng.uniform(low, high, shape), dtype=dtype, ctx=ctx)

    arrays = [array(-1, 1, (steps, batch, inputs)),
              array(-0.5, 0.5, (param_size(mode, layers, inputs, hidden, d, projection),)),
              array(-1, 1, (layers * d, batch, projection or hidden))]
    if mode == "lstm":
        arrays.append(array(-1, 1, (layers * d, batch, hidden)))
    return arrays


@pytest.mark.parametrize("mode", list(GATES))
@pytest.mark.parametrize("layers,bid", [(1, False), (2, True)])
def test_gradients_match_finite_differences(mode, layers, bid):
    arrays = make_inputs(mode, layers, bid, steps=2)
    assert numeric_check(mx.nd.RNN, *arrays, state_size=3, num_layers=layers, bidirectional=bid, mode=mode,
                         state_outputs=True)


def test_projection_gradients_match_finite_differences():
    arrays = make_inputs("lstm", 2, True, steps=2, hidden=3, projection=2)
    assert numeric_check(mx.nd.RNN, *arrays, state_size=3, num_layers=2, bidirectional=True, mode="lstm",
                         state_outputs=True, projection_size=2)


@pytest.mark.parametrize("mode", ["lstm", "gru"])
def test_sequence_length_gradients_match_finite_differences(mode):
    arrays = make_inputs(mode, 1, True, steps=3, batch=3)
    lengths = mx.nd.array([2, 3, 1], dtype="float64")

    def call(*args):
        return mx.nd.RNN(*args, lengths, state_size=3, num_layers=1, bidirectional=True, mode=mode,
                         state_outputs=True, use_sequence_length=True)
    assert numeric_check(call, *arrays)


@pytest.mark.parametrize("mode", list(GATES))
@pytest.mark.parametrize("layers,bid", [(1, False), (2, True)])
def test_sequence_length_is_cudnn_masking(mode, layers, bid):
    """Each sequence runs alone on its first ``length`` steps; later outputs are 0."""
    arrays = make_inputs(mode, layers, bid, steps=4, batch=3)
    lengths = [2, 4, 1]
    kwargs = dict(state_size=3, num_layers=layers, bidirectional=bid, mode=mode, state_outputs=True)
    outs = mx.nd.RNN(*arrays, mx.nd.array(lengths, dtype="int32"), use_sequence_length=True, **kwargs)
    data, params, states = arrays[0], arrays[1], arrays[2:]
    for n, length in enumerate(lengths):
        alone = mx.nd.RNN(data[:length, n:n + 1], params, *[s[:, n:n + 1] for s in states], **kwargs)
        np.testing.assert_allclose(outs[0].asnumpy()[:length, n], alone[0].asnumpy()[:, 0], rtol=1e-12, atol=1e-12)
        assert (outs[0].asnumpy()[length:, n] == 0).all()
        for got, want in zip(outs[1:], alone[1:]):
            np.testing.assert_allclose(got.asnumpy()[:, n], want.asnumpy()[:, 0], rtol=1e-12, atol=1e-12)


def test_sequence_length_out_of_range_raises():
    arrays = make_inputs("gru")
    for lengths in ([0, 3], [4, 1]):
        with pytest.raises(MXNetError, match="sequence_length"):
            mx.nd.RNN(*arrays, mx.nd.array(lengths), state_size=3, num_layers=1, mode="gru",
                      use_sequence_length=True)


def test_three_inputs_for_gru_and_four_for_lstm():
    gru = make_inputs("gru")
    assert mx.nd.RNN(*gru, state_size=3, num_layers=1, mode="gru").shape == (3, 2, 3)
    lstm = make_inputs("lstm")
    outs = mx.nd.RNN(*lstm, state_size=3, num_layers=1, mode="lstm", state_outputs=True)
    assert [o.shape for o in outs] == [(3, 2, 3), (1, 2, 3), (1, 2, 3)]
    with pytest.raises(MXNetError, match="expects 4 inputs, but got 3"):
        mx.nd.RNN(*lstm[:3], state_size=3, num_layers=1, mode="lstm")
    with pytest.raises(MXNetError, match="expects 3 inputs, but got 4"):
        mx.nd.RNN(*gru, gru[2], state_size=3, num_layers=1, mode="gru")


def test_float32_keeps_dtype():
    arrays = make_inputs("lstm", 2, True, dtype="float32")
    outs = mx.nd.RNN(*arrays, state_size=3, num_layers=2, bidirectional=True, mode="lstm", state_outputs=True)
    assert [o.dtype for o in outs] == [np.float32] * 3
    assert [o.shape for o in outs] == [(3, 2, 6), (4, 2, 3), (4, 2, 3)]


def test_dropout_only_in_training():
    arrays = make_inputs("gru", 3, False, hidden=4, steps=5)
    kwargs = dict(state_size=4, num_layers=3, mode="gru")
    plain = mx.nd.RNN(*arrays, **kwargs).asnumpy()
    np.testing.assert_array_equal(mx.nd.RNN(*arrays, p=0.5, **kwargs).asnumpy(), plain)
    with mx.autograd.record(train_mode=False):
        np.testing.assert_array_equal(mx.nd.RNN(*arrays, p=0.5, **kwargs).asnumpy(), plain)
    with mx.autograd.record():
        dropped = mx.nd.RNN(*arrays, p=0.5, **kwargs).asnumpy()
        same = mx.nd.RNN(*arrays, p=0.0, **kwargs).asnumpy()
    assert not np.allclose(dropped, plain)
    np.testing.assert_allclose(same, plain)


def test_gradient_reaches_parameters_through_autograd():
    x, p, s = make_inputs("rnn_tanh")
    p.attach_grad()
    s.attach_grad()
    with mx.autograd.record():
        y = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode="rnn_tanh")
    y.backward()
    assert p.grad.shape == p.shape and np.abs(p.grad.asnumpy()).sum() > 0
    assert s.grad.shape == s.shape and np.abs(s.grad.asnumpy()).sum() > 0


def lstm_reference(x, params, h0, c0, hidden, low, high):
    """One-layer unidirectional LSTM in numpy with cuDNN's cell clipping (gate order i, f, g, o)."""
    inputs = x.shape[2]
    g4 = 4 * hidden
    w_ih = params[:g4 * inputs].reshape(g4, inputs)
    w_hh = params[g4 * inputs:g4 * (inputs + hidden)].reshape(g4, hidden)
    b_ih, b_hh = params[g4 * (inputs + hidden):g4 * (inputs + hidden + 1)], params[g4 * (inputs + hidden + 1):]
    sig = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    h, c, out = h0[0], c0[0], []
    for t in range(x.shape[0]):
        i, f, g, o = np.split(x[t] @ w_ih.T + b_ih + h @ w_hh.T + b_hh, 4, axis=1)
        c = np.clip(sig(f) * c + sig(i) * np.tanh(g), low, high)
        h = sig(o) * np.tanh(c)
        out.append(h)
    return np.stack(out), h[None], c[None]


@pytest.mark.parametrize("low,high", [(-0.2, 0.3), (-1e30, 1e30), (0.1, 0.1)])
def test_lstm_state_clipping_follows_cudnn(low, high):
    x, params, h0, c0 = make_inputs("lstm", steps=4, hidden=3)
    x = x * 4
    got = mx.nd.RNN(x, params, h0, c0, state_size=3, num_layers=1, mode="lstm", state_outputs=True,
                    lstm_state_clip_min=low, lstm_state_clip_max=high)
    want = lstm_reference(*(a.asnumpy() for a in (x, params, h0, c0)), 3, low, high)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.asnumpy(), w, rtol=1e-12, atol=1e-12)
    assert got[2].asnumpy().min() >= low and got[2].asnumpy().max() <= high


@pytest.mark.parametrize("layers,bid,projection", [(2, True, None), (2, False, 2), (1, True, 2)])
def test_wide_clip_equals_the_fused_kernel(layers, bid, projection):
    arrays = make_inputs("lstm", layers, bid, steps=3, hidden=3, projection=projection)
    kwargs = dict(state_size=3, num_layers=layers, bidirectional=bid, mode="lstm", state_outputs=True,
                  projection_size=projection)
    fused = mx.nd.RNN(*arrays, **kwargs)
    clipped = mx.nd.RNN(*arrays, lstm_state_clip_min=-1e9, lstm_state_clip_max=1e9, **kwargs)
    for a, b in zip(fused, clipped):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-12, atol=1e-12)


def test_clip_with_sequence_length_masks_like_the_fused_kernel():
    arrays = make_inputs("lstm", 1, True, steps=4, batch=3)
    lengths = mx.nd.array([2, 4, 1], dtype="float64")
    kwargs = dict(state_size=3, num_layers=1, bidirectional=True, mode="lstm", state_outputs=True,
                  use_sequence_length=True)
    fused = mx.nd.RNN(*arrays, lengths, **kwargs)
    clipped = mx.nd.RNN(*arrays, lengths, lstm_state_clip_min=-1e9, lstm_state_clip_max=1e9, **kwargs)
    for a, b in zip(fused, clipped):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-12, atol=1e-12)


def test_clip_nan_stops_nan_in_the_cell_state():
    x, params, h0, c0 = make_inputs("lstm", steps=2, hidden=3)
    c0[0, 0, 0] = np.nan
    kwargs = dict(state_size=3, num_layers=1, mode="lstm", state_outputs=True,
                  lstm_state_clip_min=-0.5, lstm_state_clip_max=0.5)
    assert np.isnan(mx.nd.RNN(x, params, h0, c0, **kwargs)[2].asnumpy()[0, 0, 0])
    cell = mx.nd.RNN(x, params, h0, c0, lstm_state_clip_nan=True, **kwargs)[2].asnumpy()
    assert np.isfinite(cell).all()


def test_clipped_gradients_match_finite_differences():
    arrays = make_inputs("lstm", 1, True, steps=2)
    assert numeric_check(mx.nd.RNN, *arrays, state_size=3, num_layers=1, bidirectional=True, mode="lstm",
                         state_outputs=True, lstm_state_clip_min=-0.3, lstm_state_clip_max=0.4)


@pytest.mark.parametrize("extra,match", [
    (dict(lstm_state_clip_min=-1.0), "must be specified together"),
    (dict(lstm_state_clip_max=1.0), "must be specified together"),
    (dict(lstm_state_clip_min=1.0, lstm_state_clip_max=-1.0), "greater or equal"),
    (dict(projection_size=3), "larger than projection size"),
    (dict(projection_size=4), "larger than projection size"),
])
def test_unsupported_options_raise(extra, match):
    arrays = make_inputs("lstm", projection=extra.get("projection_size"))
    with pytest.raises(MXNetError, match=match):
        mx.nd.RNN(*arrays, state_size=3, num_layers=1, mode="lstm", **extra)


def test_state_clipping_only_for_lstm():
    with pytest.raises(MXNetError, match="only supported for LSTM"):
        mx.nd.RNN(*make_inputs("gru"), state_size=3, num_layers=1, mode="gru",
                  lstm_state_clip_min=-1, lstm_state_clip_max=1)


def test_projection_only_for_lstm():
    arrays = make_inputs("gru", projection=2)
    with pytest.raises(MXNetError):
        mx.nd.RNN(*arrays, state_size=3, num_layers=1, mode="gru", projection_size=2)


def test_float16_and_integers_raise():
    for dtype in ("float16", "int32"):
        arrays = [a.astype(dtype) for a in make_inputs("gru")]
        with pytest.raises(MXNetError):
            mx.nd.RNN(*arrays, state_size=3, num_layers=1, mode="gru")


def test_float16_runs_on_a_gpu_only(ctx):
    """MXNet's GPU RNN (cuDNN) takes float16; its CPU kernel refuses it."""
    arrays = [a.astype("float16") for a in make_inputs("lstm", ctx=ctx)]
    kwargs = dict(state_size=3, num_layers=1, mode="lstm")
    if ctx.device_type == "cpu":
        with pytest.raises(MXNetError, match="float16 is not supported on CPU"):
            mx.nd.RNN(*arrays, **kwargs)
        return
    out = mx.nd.RNN(*arrays, **kwargs)
    expected = mx.nd.RNN(*[a.astype("float32") for a in arrays], **kwargs)
    assert out.dtype == np.float16 and out.context == ctx
    np.testing.assert_allclose(out.asnumpy(), expected.asnumpy(), rtol=1e-2, atol=1e-3)


def test_runs_on_ctx(ctx):
    arrays = make_inputs("lstm", 2, True, ctx=ctx)
    cpu = make_inputs("lstm", 2, True)
    kwargs = dict(state_size=3, num_layers=2, bidirectional=True, mode="lstm", state_outputs=True)
    outs = mx.nd.RNN(*arrays, **kwargs)
    want = mx.nd.RNN(*cpu, **kwargs)
    for got, expected in zip(outs, want):
        assert got.context == ctx
        np.testing.assert_allclose(got.asnumpy(), expected.asnumpy(), rtol=1e-10, atol=1e-10)
    lengths = mx.nd.array([3, 1], ctx=ctx)
    masked = mx.nd.RNN(*arrays, lengths, use_sequence_length=True, **kwargs)
    assert masked[0].context == ctx and (masked[0].asnumpy()[1:, 1] == 0).all()


def test_inputs_by_keyword_as_mxnet():
    """MXNet 1.9.1 accepts RNN's inputs by name, also mixed with positional ones (same results)."""
    x, params, h0, c0 = make_inputs("lstm")
    kwargs = dict(state_size=3, num_layers=1, mode="lstm", state_outputs=True)
    positional = mx.nd.RNN(x, params, h0, c0, **kwargs)
    for call in (lambda: mx.nd.RNN(data=x, parameters=params, state=h0, state_cell=c0, **kwargs),
                 lambda: mx.nd.RNN(x, parameters=params, state=h0, state_cell=c0, **kwargs),
                 lambda: mx.nd.RNN(x, params, state_cell=c0, state=h0, **kwargs)):
        for got, want in zip(call(), positional):
            np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())
    x, params, h0 = make_inputs("gru")
    lengths = mx.nd.array([2, 3], dtype="float64")
    out = mx.nd.RNN(data=x, parameters=params, state=h0, sequence_length=lengths, state_size=3, num_layers=1,
                    mode="gru", use_sequence_length=True)
    assert out.shape == (3, 2, 3)
