"""ode45 on dlarrays (spec §9.6): accuracy, output layout, tspan forms, gradients, rules."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl


def test_exponential_decay_refined_steps(ctx):
    y0 = dl.dlarray(mx.nd.array([1.0], ctx=ctx, dtype="float64"))
    t, y = dl.ode45(lambda t, y: -y, [0.0, 2.0], y0)
    assert isinstance(t, mx.nd.NDArray) and dl.isdlarray(y) and y.fmt == ""
    assert y.context == ctx
    times = t.asnumpy().ravel()
    assert times[0] == 0.0 and times[-1] == 2.0 and np.all(np.diff(times) > 0)
    assert t.shape == (len(times), 1) and y.shape == (len(times), 1)
    assert (len(times) - 1) % 4 == 0  # Refine = 4: three interpolated points per step plus the step
    np.testing.assert_allclose(y.asnumpy().ravel(), np.exp(-times), rtol=2e-3, atol=1e-5)


def test_requested_points_and_system():
    tspan = dl.dlarray(np.linspace(0.0, np.pi, 7))
    y0 = dl.dlarray(np.array([0.0, 1.0]))
    t, y = dl.ode45(lambda t, y: dl.vertcat(y[1:2, :], -y[0:1, :]), tspan, y0, {"RelTol": 1e-8, "AbsTol": 1e-10})
    assert dl.isdlarray(t) and t.fmt == "" and t.shape == (7, 1)
    np.testing.assert_allclose(t.asnumpy().ravel(), np.linspace(0.0, np.pi, 7))
    np.testing.assert_allclose(y.asnumpy(), np.stack([np.sin(t.asnumpy().ravel()), np.cos(t.asnumpy().ravel())], 1),
                               atol=1e-7)


def test_time_argument_and_backwards_integration():
    seen = []

    def rate(t, y):
        seen.append(t)
        return t * y

    t, y = dl.ode45(rate, [1.0, 0.0], dl.dlarray(np.array([1.0])), rel_tol=1e-9, abs_tol=1e-12)
    assert all(isinstance(v, float) for v in seen)
    np.testing.assert_allclose(float(y[-1, 0]), np.exp((0.0 - 1.0) / 2), rtol=1e-7)
    assert float(t[-1, 0]) == 0.0


def test_gradient_through_the_solution():
    def loss(y0, k):
        _, y = dl.ode45(lambda t, y: -k * y, [0.0, 1.0, 2.0], y0, RelTol=1e-10, AbsTol=1e-12)
        final = dl.sum(y[-1, :], "all")
        return dl.dlgradient(final, y0, k)
    g_y0, g_k = dl.dlfeval(loss, dl.dlarray(np.array([2.0])), dl.dlarray(np.array([0.5])))
    np.testing.assert_allclose(g_y0.asnumpy(), [np.exp(-1.0)], rtol=1e-6)
    np.testing.assert_allclose(g_k.asnumpy(), [-2.0 * 2.0 * np.exp(-1.0)], rtol=1e-6)


def test_ode45_rules():
    y0 = dl.dlarray(np.array([1.0]))
    with pytest.raises(ValueError, match="ode45: y0 must be an unformatted dlarray"):
        dl.ode45(lambda t, y: -y, [0.0, 1.0], dl.dlarray(np.array([1.0]), "C"))
    with pytest.raises(ValueError, match="the 'Events' option is not supported"):
        dl.ode45(lambda t, y: -y, [0.0, 1.0], y0, {"Events": None})
    with pytest.raises(ValueError, match="last entry in tspan must be different"):
        dl.ode45(lambda t, y: -y, [1.0, 1.0], y0)
    with pytest.raises(ValueError, match="strictly increase or decrease"):
        dl.ode45(lambda t, y: -y, [0.0, 2.0, 1.0], y0)
    with pytest.raises(ValueError, match="odefun returned 2 values for a state of 1"):
        dl.ode45(lambda t, y: np.ones(2), [0.0, 1.0], y0)
    assert dl.ode45(lambda t, y: -y, [0.0, 1.0], y0)[1].data.dtype is torch.float64
