"""adamupdate, sgdmupdate, rmspropupdate: MATLAB's formulas over several steps, on containers."""
import numpy as np
import pytest

from mxnd import dl

RNG = np.random.default_rng(2)


def test_adamupdate_matches_formula_over_steps(ctx):
    w0 = RNG.standard_normal((3, 2))
    grads = [RNG.standard_normal((3, 2)) for _ in range(3)]
    net = {"W": dl.dlarray(w0, "CB").to(ctx), "b": dl.dlarray(np.zeros(2))}
    m = v = None
    w, em, ev = w0.copy(), np.zeros_like(w0), np.zeros_like(w0)
    for t, g in enumerate(grads, 1):
        grad = {"W": dl.dlarray(g, "CB").to(ctx), "b": dl.dlarray(np.ones(2))}
        net, m, v = dl.adamupdate(net, grad, m, v, t, 0.01, 0.8, 0.99, 1e-6)
        em = 0.8 * em + 0.2 * g
        ev = 0.99 * ev + 0.01 * g * g
        w = w - 0.01 * np.sqrt(1 - 0.99 ** t) / (1 - 0.8 ** t) * em / (np.sqrt(ev) + 1e-6)
    assert net["W"].fmt == "CB" and m["W"].fmt == "CB" and set(net) == {"W", "b"}
    np.testing.assert_allclose(net["W"].asnumpy(), w, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(m["W"].asnumpy(), em, rtol=1e-5)
    np.testing.assert_allclose(v["W"].asnumpy(), ev, rtol=1e-5)


def test_adamupdate_keeps_inputs_intact_and_checks():
    w = dl.dlarray(np.ones(3))
    g = dl.dlarray(np.ones(3))
    m0 = dl.dlarray(np.full(3, 0.5))
    dl.adamupdate(w, g, m0, dl.dlarray(np.ones(3)), 1)
    assert m0.asnumpy().tolist() == [0.5, 0.5, 0.5] and w.asnumpy().tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="adamupdate: iteration must be a positive integer"):
        dl.adamupdate(w, g, None, None, 0)
    with pytest.raises(ValueError, match="adamupdate: grad must have the structure of net"):
        dl.adamupdate([w, w], [g], None, None, 1)


def test_sgdmupdate_and_rmspropupdate_formulas():
    w0, g1, g2 = RNG.standard_normal(4), RNG.standard_normal(4), RNG.standard_normal(4)
    net, vel = [dl.dlarray(w0)], None
    for g in (g1, g2):
        net, vel = dl.sgdmupdate(net, [dl.dlarray(g)], vel, 0.1, 0.5)
    v1 = -0.1 * g1
    v2 = 0.5 * v1 - 0.1 * g2
    np.testing.assert_allclose(vel[0].asnumpy(), v2, rtol=1e-6)
    np.testing.assert_allclose(net[0].asnumpy(), w0 + v1 + v2, rtol=1e-6)
    w, avg = dl.dlarray(w0), None
    for g in (g1, g2):
        w, avg = dl.rmspropupdate(w, dl.dlarray(g), avg, 0.01, 0.9, 1e-8)
    a1 = 0.1 * g1 ** 2
    a2 = 0.9 * a1 + 0.1 * g2 ** 2
    expected = w0 - 0.01 * g1 / (np.sqrt(a1) + 1e-8) - 0.01 * g2 / (np.sqrt(a2) + 1e-8)
    np.testing.assert_allclose(w.asnumpy(), expected, rtol=1e-5)
    np.testing.assert_allclose(avg.asnumpy(), a2, rtol=1e-5)


def test_update_after_dlfeval_training_step_reduces_loss():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 16))
    t = np.array([[1.0, -2.0, 0.5]]) @ x
    params = {"w": dl.dlarray(np.zeros((1, 3))), "b": dl.dlarray(np.zeros(1))}

    def model_loss(p, x, t):
        loss = dl.l2loss(dl.fullyconnect(x, p["w"], p["b"]), t)
        return loss, dl.dlgradient(loss, p)
    m = v = None
    first = None
    for it in range(1, 201):
        loss, grads = dl.dlfeval(model_loss, params, dl.dlarray(x, "CB"), dl.dlarray(t, "CB"))
        first = first if first is not None else float(loss)
        params, m, v = dl.adamupdate(params, grads, m, v, it, 0.05)
    assert float(loss) < first / 100
    np.testing.assert_allclose(params["w"].asnumpy(), [[1.0, -2.0, 0.5]], atol=0.05)
