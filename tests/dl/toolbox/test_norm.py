"""Normalization: batchnorm, layernorm, groupnorm, instancenorm, crosschannelnorm."""
import numpy as np
import pytest

import mxnd as mx
from mxnd import dl

from toolbox_helpers import check_gradient

RNG = np.random.default_rng(3)


def randn(*shape):
    return RNG.standard_normal(shape)


def test_batchnorm_training_statistics_and_mx_batchnorm(ctx):
    x = randn(4, 5, 3, 6)  # S S C B
    offset, scale = randn(3), randn(3) + 2
    y, mu, var = dl.batchnorm(dl.dlarray(x, "SSCB").to(ctx), offset, scale)
    assert y.fmt == "SSCB" and mu.shape == (3,) and var.shape == (3,)
    m, v = x.mean((0, 1, 3)), x.var((0, 1, 3))
    np.testing.assert_allclose(mu.asnumpy(), m, rtol=1e-5)
    np.testing.assert_allclose(var.asnumpy(), v, rtol=1e-4)
    expected = scale[None, None, :, None] * (x - m[None, None, :, None]) / np.sqrt(v[None, None, :, None] + 1e-5) \
        + offset[None, None, :, None]
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-4, atol=1e-5)
    with mx.autograd.train_mode():
        ref = mx.nd.BatchNorm(mx.nd.array(x.transpose(3, 2, 0, 1)), mx.nd.array(scale), mx.nd.array(offset),
                              mx.nd.zeros(3), mx.nd.ones(3), eps=1e-5, fix_gamma=False)
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 3, 1, 0), rtol=1e-4, atol=1e-5)


def test_batchnorm_running_update_and_inference():
    x = randn(3, 10)  # C B
    running_mu, running_var = dl.dlarray(randn(3), "C"), dl.dlarray(np.abs(randn(3)) + 1, "C")
    y, new_mu, new_var = dl.batchnorm(dl.dlarray(x, "CB"), 0, 1, running_mu, running_var, training=True,
                                      mean_decay=0.3, variance_decay=0.2)
    assert new_mu.fmt == "CU" and new_mu.shape == (3, 1)
    np.testing.assert_allclose(new_mu.asnumpy().ravel(), 0.3 * x.mean(1) + 0.7 * running_mu.asnumpy().ravel(),
                               rtol=1e-5)
    np.testing.assert_allclose(new_var.asnumpy().ravel(),
                               0.2 * x.var(1, ddof=1) + 0.8 * running_var.asnumpy().ravel(), rtol=1e-5)
    inference = dl.batchnorm(dl.dlarray(x, "CB"), 1.0, 2.0, running_mu, running_var)  # one output
    mu, var = running_mu.asnumpy(), running_var.asnumpy()
    np.testing.assert_allclose(inference.asnumpy(), 2 * (x - mu) / np.sqrt(var + 1e-5) + 1, rtol=1e-5)
    ref = mx.nd.BatchNorm(mx.nd.array(x.T), mx.nd.full(3, 2.0), mx.nd.ones(3), mx.nd.array(mu.ravel()),
                          mx.nd.array(var.ravel()), eps=1e-5, fix_gamma=False, use_global_stats=True)
    np.testing.assert_allclose(inference.asnumpy(), ref.asnumpy().T, rtol=1e-5, atol=1e-6)


def test_batchnorm_errors_and_data_format():
    x = randn(2, 3, 4)
    with pytest.raises(ValueError, match="batchnorm: offset must have 3 elements"):
        dl.batchnorm(dl.dlarray(x, "BCT"), np.zeros(2), np.ones(3))
    with pytest.raises(ValueError, match="batchnorm: the input must have a 'C'"):
        dl.batchnorm(dl.dlarray(x, "SSB"), 0, 1)
    with pytest.raises(ValueError, match="both the mean and the variance"):
        dl.batchnorm(dl.dlarray(x, "BCT"), 0, 1, np.zeros(3))
    y, _, _ = dl.batchnorm(x, 0, 1, data_format="BCT")
    assert y.fmt == "" and y.shape == (2, 3, 4)
    np.testing.assert_allclose(y.asnumpy().mean((0, 2)), 0, atol=1e-6)


def test_batchnorm_gradient_float64():
    offset, scale = randn(2), randn(2)
    check_gradient(lambda v: dl.batchnorm(v, offset, scale)[0], randn(2, 2, 3), "SCB")


def normalize(x, axes, eps=1e-5):
    return (x - x.mean(axes, keepdims=True)) / np.sqrt(x.var(axes, keepdims=True) + eps)


@pytest.mark.parametrize("fmt, mode, axes", [
    ("CBT", "auto", (0,)),
    ("SSCB", "auto", (0, 1, 2)),
    ("SSCB", "channel-only", (2,)),
    ("SCBT", "batch-excluded", (0, 1, 3)),
])
def test_layernorm_operation_dimensions(fmt, mode, axes, ctx):
    x = randn(*(3, 4, 2, 5)[:len(fmt)])
    channels = x.shape[fmt.index("C")]
    offset, scale = randn(channels), randn(channels)
    y = dl.layernorm(dl.dlarray(x, fmt).to(ctx), offset, scale, operation_dimension=mode)
    shape = [1] * x.ndim
    shape[fmt.index("C")] = channels
    expected = normalize(x, axes) * scale.reshape(shape) + offset.reshape(shape)
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-4, atol=1e-5)


def test_layernorm_gradient_float64():
    check_gradient(lambda v: dl.layernorm(v, randn(3) * 0 + 0.5, np.arange(1., 4.)), randn(3, 4), "CB")


def test_groupnorm_and_instancenorm(ctx):
    x = randn(3, 4, 6, 2)  # S S C B
    offset, scale = randn(6), randn(6)
    y = dl.groupnorm(dl.dlarray(x, "SSCB").to(ctx), 3, offset, scale)
    grouped = x.reshape(3, 4, 3, 2, 2)
    expected = normalize(grouped, (0, 1, 3)).reshape(x.shape) * scale[:, None] + offset[:, None]
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-4, atol=1e-5)
    every = dl.groupnorm(dl.dlarray(x, "SSCB"), "channel-wise", offset, scale)
    inst = dl.instancenorm(dl.dlarray(x, "SSCB"), offset, scale)
    expected_inst = normalize(x, (0, 1)) * scale[:, None] + offset[:, None]
    np.testing.assert_allclose(inst.asnumpy(), expected_inst, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(every.asnumpy(), expected_inst, rtol=1e-4, atol=1e-5)
    whole = dl.groupnorm(dl.dlarray(x, "SSCB"), "all-channels", 0, 1)
    np.testing.assert_allclose(whole.asnumpy(), normalize(x, (0, 1, 2)), rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match=r"groupnorm: numGroups \(4\) must .* divide"):
        dl.groupnorm(dl.dlarray(x, "SSCB"), 4, 0, 1)


def test_groupnorm_gradient_float64():
    check_gradient(lambda v: dl.groupnorm(v, 2, np.zeros(4), np.arange(1., 5.)), randn(3, 4, 2), "SCB")


@pytest.mark.parametrize("window", [3, 4, 5])
def test_crosschannelnorm_formula(window):
    x = randn(2, 7, 3)  # S C B
    alpha, beta, k = 0.3, 0.6, 1.5
    y = dl.crosschannelnorm(dl.dlarray(x, "SCB"), window, alpha=alpha, beta=beta, k=k)
    expected = np.empty_like(x)
    lo, hi = (window - 1) // 2, window - 1 - (window - 1) // 2
    for c in range(7):
        ss = (x[:, max(0, c - lo):min(7, c + hi + 1)] ** 2).sum(1)
        expected[:, c] = x[:, c] / (k + alpha * ss / window) ** beta
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-5)
    if window == 5:
        ref = mx.nd.LRN(mx.nd.array(x.transpose(2, 1, 0)[..., None]), alpha=alpha, beta=beta, knorm=k, nsize=5)
        np.testing.assert_allclose(y.asnumpy(), ref.asnumpy()[..., 0].transpose(2, 1, 0), rtol=1e-5)


def test_crosschannelnorm_gradient_float64():
    check_gradient(lambda v: dl.crosschannelnorm(v, 2, alpha=0.5, k=1), randn(4, 3), "CB")
