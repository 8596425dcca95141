"""focalCrossEntropy, generalizedDice, roialign, dlstft, dlode45."""
import datetime

import numpy as np
import pytest

import mxnd as mx
from mxnd import dl

from toolbox_helpers import check_gradient

RNG = np.random.default_rng(17)


def test_focal_cross_entropy_formula(ctx):
    p = RNG.random((3, 4))
    p = p / p.sum(0)
    t = np.eye(3)[:, [0, 2, 1, 1]]
    loss = dl.focalCrossEntropy(dl.dlarray(p, "CB").to(ctx), t)
    expected = (-0.25 * (1 - p) ** 2 * t * np.log(p)).sum() / 4
    np.testing.assert_allclose(float(loss), expected, rtol=1e-6)
    independent = dl.focal_cross_entropy(dl.dlarray(p, "CB"), t, target_categories="independent", alpha=0.5,
                                         gamma=1, reduction="none")
    expected_terms = -0.5 * (1 - p) * t * np.log(p) - 0.5 * p * (1 - t) * np.log(1 - p)
    assert independent.fmt == "CB"
    np.testing.assert_allclose(independent.asnumpy(), expected_terms, rtol=1e-6)


def test_generalized_dice_formula():
    x = RNG.random((3, 3, 2, 2))  # S S C B
    t = (RNG.random((3, 3, 2, 2)) > 0.5).astype(float)
    t[:, :, 1, 1] = 0  # an empty class: left out
    score = dl.generalizedDice(dl.dlarray(x, "SSCB"), t)
    expected = []
    for n in range(2):
        area = t[:, :, :, n].sum((0, 1))
        w = np.where(area > 0, 1 / np.maximum(area, 1e-30) ** 2, 0)
        num = (w * (x[:, :, :, n] * t[:, :, :, n]).sum((0, 1))).sum()
        den = (w * (x[:, :, :, n] ** 2 + t[:, :, :, n] ** 2).sum((0, 1))).sum()
        expected.append(2 * num / den)
    assert score.fmt == "" and score.shape == (2,)
    np.testing.assert_allclose(score.asnumpy(), expected, rtol=1e-6)
    assert dl.generalized_dice is dl.generalizedDice


def bilinear(img, y, x):
    y0, x0 = int(np.floor(y)), int(np.floor(x))
    y1, x1 = min(y0 + 1, img.shape[0] - 1), min(x0 + 1, img.shape[1] - 1)
    dy, dx = y - y0, x - x0
    return (img[y0, x0] * (1 - dy) * (1 - dx) + img[y0, x1] * (1 - dy) * dx + img[y1, x0] * dy * (1 - dx)
            + img[y1, x1] * dy * dx)


def test_roialign_against_bilinear_samples(ctx):
    x = RNG.standard_normal((8, 8, 2, 2))  # H W C B
    boxes = np.array([[1.0, 2.0], [1.0, 0.0], [5.0, 6.0], [3.0, 4.0], [1.0, 0.0]])  # x1 y1 x2 y2 batch
    y = dl.roialign(dl.dlarray(x, "SSCB").to(ctx), boxes, (2, 2), sampling_ratio=2)
    assert y.fmt == "SSCB" and y.shape == (2, 2, 2, 2)
    for r in range(2):
        x1, y1, x2, y2, b = boxes[:, r]
        bh, bw = (y2 - y1) / 2, (x2 - x1) / 2
        for i in range(2):
            for j in range(2):
                samples = [bilinear(x[:, :, 1, int(b)], y1 + i * bh + (a + 0.5) * bh / 2,
                                    x1 + j * bw + (c + 0.5) * bw / 2) for a in range(2) for c in range(2)]
                assert y.asnumpy()[i, j, 1, r] == pytest.approx(np.mean(samples), rel=1e-4, abs=1e-5)
    ref = mx.nd.contrib.ROIAlign(mx.nd.array(x.transpose(3, 2, 0, 1)), mx.nd.array(boxes[[4, 0, 1, 2, 3]].T),
                                 pooled_size=(2, 2), spatial_scale=1.0, sample_ratio=2)
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 3, 1, 0), rtol=1e-5)


def test_dlstft_against_numpy_frames():
    fs = 100.0
    x = RNG.standard_normal((2, 3, 300))  # C B T
    y, f, t = dl.dlstft(dl.dlarray(x, "CBT"), fs)
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(128) / 128)
    hop = 32
    segments = (300 - 128) // hop + 1
    assert y.fmt == "SCBT" and y.shape == (65, 2, 3, segments)
    frames = np.stack([x[:, :, k * hop:k * hop + 128] * window for k in range(segments)], -1)  # C B L K
    expected = np.fft.rfft(frames, 128, axis=2).transpose(2, 0, 1, 3)
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(f.asnumpy(), np.arange(65) * fs / 128)
    np.testing.assert_allclose(t.asnumpy(), (np.arange(segments) * hop + 64) / fs)
    y2, f2, _ = dl.dlstft(dl.dlarray(x, "CBT"), datetime.timedelta(seconds=1 / fs), window=np.hanning(64),
                          overlap_length=16, fft_length=128)
    frames = np.stack([x[:, :, k * 48:k * 48 + 64] * np.hanning(64) for k in range((300 - 64) // 48 + 1)], -1)
    np.testing.assert_allclose(y2.asnumpy(), np.fft.rfft(frames, 128, axis=2).transpose(2, 0, 1, 3),
                               rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(f2.asnumpy(), f.asnumpy())


def test_dlode45_solution_formats_and_gradient():
    y0 = dl.dlarray(np.array([[1.0, 2.0], [0.5, -1.0]]), "CB")
    y = dl.dlode45(lambda t, y, k: -k * y, [0.0, 2.0], y0, 0.5, relative_tolerance=1e-8, absolute_tolerance=1e-10)
    assert y.fmt == "CB" and y.shape == (2, 2)
    np.testing.assert_allclose(y.asnumpy(), y0.asnumpy() * np.exp(-1.0), rtol=1e-6)
    path = dl.dlode45(lambda t, y, k: -k * y, [0.0, 1.0, 2.0, 3.0], y0, 0.5)
    assert path.fmt == "CBT" and path.shape == (2, 2, 3)
    np.testing.assert_allclose(path.asnumpy()[:, :, 2], y0.asnumpy() * np.exp(-1.5), rtol=1e-3)

    def loss(theta):
        y = dl.dlode45(lambda t, y, k: -k * y, [0.0, 2.0], dl.dlarray(np.array([[1.0]]), "CB"), theta,
                       relative_tolerance=1e-10, absolute_tolerance=1e-12)
        return dl.dlgradient(dl.sum(y, "all"), theta)
    grad = dl.dlfeval(loss, dl.dlarray(np.array([0.5])))
    np.testing.assert_allclose(grad.asnumpy(), [-2.0 * np.exp(-1.0)], rtol=1e-5)  # d/dk exp(-2k)


def test_dlode45_gradient_numerically_float64():
    def fn(v):
        return dl.dlode45(lambda t, y, th: dl.tanh(y) * th, [0.0, 0.5], v, 1.5, relative_tolerance=1e-9,
                          absolute_tolerance=1e-12)
    check_gradient(fn, RNG.standard_normal((3, 2)), "CB", rtol=1e-4, atol=1e-6)


def test_dlode45_data_format_and_errors():
    y0 = np.array([[1.0, 2.0, 3.0]])  # B x C, unformatted
    y = dl.dlode45(lambda t, y, k: -k * y, [0.0, 1.0, 2.0], y0, 1.0, data_format="BC", relative_tolerance=1e-8,
                   absolute_tolerance=1e-10)
    assert y.fmt == "" and y.shape == (1, 3, 2)
    np.testing.assert_allclose(y.asnumpy()[..., 1], y0 * np.exp(-2.0), rtol=1e-6)
    last = dl.dlode45(lambda t, y, k: -k * y, [0.0, 1.0], y0, 1.0, data_format="BC", relative_tolerance=1e-8,
                      absolute_tolerance=1e-10)
    assert last.shape == (1, 3)
    with pytest.raises(ValueError, match="dlode45: GradientMode"):
        dl.dlode45(lambda t, y, k: y, [0.0, 1.0], dl.dlarray(y0, "BC"), None, gradient_mode="forward")
    with pytest.raises(TypeError, match="dlode45: odefun must be a function"):
        dl.dlode45(None, [0.0, 1.0], dl.dlarray(y0, "BC"))
