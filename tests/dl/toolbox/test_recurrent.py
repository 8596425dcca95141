"""lstm and gru: step formulas computed here, and the cross-check against mx.nd.RNN."""
import numpy as np
import pytest

import mxnd as mx
from mxnd import dl

from toolbox_helpers import check_gradient

RNG = np.random.default_rng(5)


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


def lstm_reference(x, h, c, w, r, b, state=np.tanh, gate=sigmoid):
    """x C x B x T; MATLAB gate blocks [input; forget; cell candidate; output]."""
    hidden = h.shape[0]
    ys = []
    for t in range(x.shape[2]):
        z = w @ x[:, :, t] + r @ h + b[:, None]
        i, f, g, o = (z[k * hidden:(k + 1) * hidden] for k in range(4))
        c = gate(f) * c + gate(i) * state(g)
        h = gate(o) * state(c)
        ys.append(h)
    return np.stack(ys, -1), h, c


def gru_reference(x, h, w, r, b, mode):
    hidden = h.shape[0]
    bw, br = (b[:3 * hidden], b[3 * hidden:]) if b.size == 6 * hidden else (b, np.zeros(3 * hidden))
    ys = []
    for t in range(x.shape[2]):
        zx = w @ x[:, :, t] + bw[:, None]
        zr = r[:2 * hidden] @ h + br[:2 * hidden, None]
        reset = sigmoid(zx[:hidden] + zr[:hidden])
        update = sigmoid(zx[hidden:2 * hidden] + zr[hidden:])
        if mode == "before-multiplication":
            cand = np.tanh(zx[2 * hidden:] + r[2 * hidden:] @ (reset * h))
        else:
            cand = np.tanh(zx[2 * hidden:] + reset * (r[2 * hidden:] @ h + br[2 * hidden:, None]))
        h = (1 - update) * cand + update * h
        ys.append(h)
    return np.stack(ys, -1), h


def test_lstm_matches_step_formula_and_states(ctx):
    x, h0, c0 = RNG.standard_normal((3, 2, 5)), RNG.standard_normal((4, 2)), RNG.standard_normal((4, 2))
    w, r, b = RNG.standard_normal((16, 3)), RNG.standard_normal((16, 4)), RNG.standard_normal(16)
    y, h, c = dl.lstm(dl.dlarray(x, "CBT").to(ctx), h0, c0, w, r, b, return_state=True)
    ey, eh, ec = lstm_reference(x, h0, c0, w, r, b)
    assert y.fmt == "CBT" and h.fmt == "CB" and c.fmt == "CB" and y.context == ctx
    np.testing.assert_allclose(y.asnumpy(), ey, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(h.asnumpy(), eh, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(c.asnumpy(), ec, rtol=1e-4, atol=1e-5)
    # the same input given T x B x C
    y2 = dl.lstm(dl.dlarray(x.transpose(2, 1, 0), "TBC"), h0, c0, w, r, b)
    np.testing.assert_allclose(y2.asnumpy(), ey, rtol=1e-4, atol=1e-5)


def test_lstm_matches_mx_rnn():
    x, h0, c0 = RNG.standard_normal((3, 2, 5)), RNG.standard_normal((4, 2)), RNG.standard_normal((4, 2))
    w, r, b = RNG.standard_normal((16, 3)), RNG.standard_normal((16, 4)), RNG.standard_normal(16)
    y = dl.lstm(dl.dlarray(x, "CBT"), h0, c0, w, r, b)
    params = np.concatenate([w.ravel(), r.ravel(), b, np.zeros(16)])
    ref = mx.nd.RNN(mx.nd.array(x.transpose(2, 1, 0)), mx.nd.array(params), mx.nd.array(h0.T[None]),
                    mx.nd.array(c0.T[None]), state_size=4, num_layers=1, mode="lstm")
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 1, 0), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("state, gate", [("softsign", "sigmoid"), ("relu", "hard-sigmoid"), ("tanh", "hard-sigmoid")])
def test_lstm_other_activations(state, gate):
    x, h0, c0 = RNG.standard_normal((2, 3, 4)), np.zeros((3, 3)), np.zeros((3, 3))
    w, r, b = RNG.standard_normal((12, 2)), RNG.standard_normal((12, 3)), RNG.standard_normal(12)
    y = dl.lstm(dl.dlarray(x, "CBT"), h0, c0, w, r, b, state_activation_function=state,
                gate_activation_function=gate)
    functions = {"softsign": lambda v: v / (1 + np.abs(v)), "relu": lambda v: np.maximum(v, 0), "tanh": np.tanh,
                 "sigmoid": sigmoid, "hard-sigmoid": lambda v: np.clip(0.2 * v + 0.5, 0, 1)}
    ey, _, _ = lstm_reference(x, h0, c0, w, r, b, functions[state], functions[gate])
    np.testing.assert_allclose(y.asnumpy(), ey, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("mode", ["after-multiplication", "before-multiplication",
                                  "recurrent-bias-after-multiplication"])
def test_gru_reset_gate_modes(mode, ctx):
    x, h0 = RNG.standard_normal((3, 2, 4)), RNG.standard_normal((5, 2))
    w, r = RNG.standard_normal((15, 3)), RNG.standard_normal((15, 5))
    b = RNG.standard_normal(30 if mode.startswith("recurrent") else 15)
    y, h = dl.gru(dl.dlarray(x, "CBT").to(ctx), h0, w, r, b, reset_gate_mode=mode, return_state=True)
    ey, eh = gru_reference(x, h0, w, r, b, mode)
    assert y.fmt == "CBT" and h.fmt == "CB"
    np.testing.assert_allclose(y.asnumpy(), ey, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(h.asnumpy(), eh, rtol=1e-4, atol=1e-5)


def test_gru_matches_mx_rnn_and_errors():
    x, h0 = RNG.standard_normal((3, 2, 4)), RNG.standard_normal((5, 2))
    w, r, b = RNG.standard_normal((15, 3)), RNG.standard_normal((15, 5)), RNG.standard_normal(15)
    y = dl.gru(dl.dlarray(x, "CBT"), h0, w, r, b)
    params = np.concatenate([w.ravel(), r.ravel(), b, np.zeros(15)])
    ref = mx.nd.RNN(mx.nd.array(x.transpose(2, 1, 0)), mx.nd.array(params), mx.nd.array(h0.T[None]),
                    state_size=5, num_layers=1, mode="gru")
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 1, 0), rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match="gru: weights must be 3H x inputSize"):
        dl.gru(dl.dlarray(x, "CBT"), h0, w[:, :2], r, b)
    with pytest.raises(ValueError, match="gru: bias must have 15 elements"):
        dl.gru(dl.dlarray(x, "CBT"), h0, w, r, b[:3])
    with pytest.raises(ValueError, match="gru: ResetGateMode"):
        dl.gru(dl.dlarray(x, "CBT"), h0, w, r, b, reset_gate_mode="sideways")


def test_recurrent_gradients_float64():
    h0, c0 = RNG.standard_normal((2, 2)), RNG.standard_normal((2, 2))
    w, r, b = RNG.standard_normal((8, 3)), RNG.standard_normal((8, 2)), RNG.standard_normal(8)
    check_gradient(lambda v: dl.lstm(v, h0, c0, w, r, b), RNG.standard_normal((3, 2, 3)), "CBT")
    x = RNG.standard_normal((3, 2, 3))
    check_gradient(lambda v: dl.lstm(dl.dlarray(x, "CBT"), h0, c0, v, r, b), w, "")
    wg, rg, bg = RNG.standard_normal((6, 3)), RNG.standard_normal((6, 2)), RNG.standard_normal(6)
    check_gradient(lambda v: dl.gru(v, h0, wg, rg, bg), x, "CBT")
    check_gradient(lambda v: dl.gru(v, h0, wg, rg, bg, reset_gate_mode="before-multiplication"), x, "CBT")
