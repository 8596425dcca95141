"""Shared helpers of the toolbox tests: numeric gradients in float64 and dlgradient's."""
import numpy as np

from mxnd import dl


def dl_gradient(fn, x, fmt, weights):
    """dlgradient of sum(fn(x) * weights) with respect to x (a float64 numpy array)."""
    def loss(x):
        y = fn(x)
        return dl.dlgradient(dl.sum(y * dl.dlarray(weights, y.fmt or None), "all"), x)
    return dl.dlfeval(loss, dl.dlarray(x, fmt) if fmt else dl.dlarray(x)).asnumpy()


def numeric_gradient(fn, x, fmt, weights, step=1e-6):
    """Central differences of sum(fn(x) * weights) (x in canonical order when formatted)."""
    base = dl.dlarray(x, fmt) if fmt else dl.dlarray(x)
    canon = base.asnumpy()
    grad = np.zeros_like(canon)
    flat = canon.reshape(-1)
    for i in range(flat.size):
        saved = flat[i]
        values = []
        for delta in (step, -step):
            flat[i] = saved + delta
            y = fn(dl.dlarray(canon.copy(), base.fmt) if base.fmt else dl.dlarray(canon.copy()))
            values.append(float((y.asnumpy() * weights).sum()))
        flat[i] = saved
        grad.reshape(-1)[i] = (values[0] - values[1]) / (2 * step)
    return grad


def check_gradient(fn, x, fmt, seed=0, rtol=1e-5, atol=1e-7):
    """dlgradient agrees with central differences for a random weighting of fn's output."""
    y = fn(dl.dlarray(x, fmt) if fmt else dl.dlarray(x))
    weights = np.random.default_rng(seed).standard_normal(y.shape)
    analytic = dl_gradient(fn, x, fmt, weights)
    numeric = numeric_gradient(fn, x, fmt, weights)
    np.testing.assert_allclose(analytic, numeric, rtol=rtol, atol=atol)
    return analytic
