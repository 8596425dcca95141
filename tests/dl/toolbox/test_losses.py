"""Losses: crossentropy, l1loss, l2loss, huber, mse, ctc; and onehotdecode."""
import itertools
import math

import numpy as np
import pytest

from mxnd import dl

from toolbox_helpers import check_gradient

RNG = np.random.default_rng(11)


def probabilities(*shape, axis=0):
    z = np.exp(RNG.standard_normal(shape))
    return z / z.sum(axis, keepdims=True)


def one_hot(classes, count):
    return np.eye(classes)[:, RNG.integers(0, classes, count)]


def test_crossentropy_single_label(ctx):
    y, t = probabilities(5, 8), one_hot(5, 8)
    loss = dl.crossentropy(dl.dlarray(y, "CB").to(ctx), t)
    assert loss.fmt == "" and loss.shape == () and loss.context == ctx
    np.testing.assert_allclose(float(loss), -(t * np.log(y)).sum() / 8, rtol=1e-6)


def test_crossentropy_normalization_mask_weights_reduction():
    y, t = probabilities(4, 3, 5), np.stack([one_hot(4, 3) for _ in range(5)], -1)  # C B T
    terms = -(t * np.log(y))
    fy = dl.dlarray(y, "CBT")
    np.testing.assert_allclose(float(dl.crossentropy(fy, t, normalization_factor="all-elements")),
                               terms.sum() / (3 * 5), rtol=1e-6)  # the C dim is not counted
    np.testing.assert_allclose(float(dl.crossentropy(fy, t, normalization_factor="none")), terms.sum(), rtol=1e-6)
    mask = (RNG.random((1, 3, 5)) > 0.4) * np.ones((4, 1, 1))
    np.testing.assert_allclose(float(dl.crossentropy(fy, t, mask=mask, normalization_factor="mask-included")),
                               (terms * mask).sum() / (mask.sum() / 4), rtol=1e-6)
    w = np.array([1.0, 2.0, 0.5, 3.0])
    np.testing.assert_allclose(float(dl.crossentropy(fy, t, w)), (terms * w[:, None, None]).sum() / 3, rtol=1e-6)
    none = dl.crossentropy(fy, t, reduction="none")
    assert none.fmt == "CBT" and none.shape == (4, 3, 5)
    np.testing.assert_allclose(none.asnumpy(), terms, rtol=1e-6)
    with pytest.raises(ValueError, match="crossentropy: NormalizationFactor"):
        dl.crossentropy(fy, t, normalization_factor="mean")
    with pytest.raises(ValueError, match="crossentropy: targets must have the size"):
        dl.crossentropy(fy, t[:, :2])


def test_crossentropy_multilabel_and_target_categories():
    y = 1 / (1 + np.exp(-RNG.standard_normal((3, 4))))
    t = (RNG.random((3, 4)) > 0.5).astype(float)
    expected = -(t * np.log(y) + (1 - t) * np.log(1 - y)).sum() / 4
    for kwargs in ({"classification_mode": "multilabel"}, {"TargetCategories": "independent"}):
        np.testing.assert_allclose(float(dl.crossentropy(dl.dlarray(y, "CB"), t, **kwargs)), expected, rtol=1e-6)
    # ln 0 is clamped, not -inf
    assert math.isfinite(float(dl.crossentropy(dl.dlarray(np.array([[0.0], [1.0]]), "CB"), [[1.0], [0.0]])))


def test_crossentropy_gradient_float64():
    t = one_hot(3, 4)
    check_gradient(lambda v: dl.crossentropy(dl.softmax(v), t), RNG.standard_normal((3, 4)), "CB")


@pytest.mark.parametrize("name, formula", [
    ("l1loss", lambda d: np.abs(d)),
    ("l2loss", lambda d: d * d),
    ("huber", lambda d: np.where(np.abs(d) <= 1, 0.5 * d * d, np.abs(d) - 0.5)),
])
def test_regression_losses(name, formula, ctx):
    y, t = RNG.standard_normal((2, 3, 4)) * 2, RNG.standard_normal((2, 3, 4))
    fn = getattr(dl, name)
    terms = formula(y - t)
    fy = dl.dlarray(y, "SCB").to(ctx)
    np.testing.assert_allclose(float(fn(fy, t)), terms.sum() / 4, rtol=1e-6)
    np.testing.assert_allclose(float(fn(fy, t, normalization_factor="all-elements")), terms.mean(), rtol=1e-6)
    w = np.array([0.5, 1.0, 2.0])
    np.testing.assert_allclose(float(fn(fy, t, w)), (terms * w[None, :, None]).sum() / 4, rtol=1e-6)
    mask = (RNG.random((2, 3, 4)) > 0.5).astype(float)
    np.testing.assert_allclose(float(fn(fy, t, mask=mask, normalization_factor="mask-included")),
                               (terms * mask).sum() / mask.sum(), rtol=1e-6)
    none = fn(fy, t, reduction="none")
    assert none.fmt == "SCB"
    np.testing.assert_allclose(none.asnumpy(), terms, rtol=1e-6)
    unformatted = fn(y, t, data_format="SCB")
    np.testing.assert_allclose(float(unformatted), terms.sum() / 4, rtol=1e-6)
    check_gradient(lambda v: fn(v, t), y, "SCB")


def test_huber_transition_point_and_l2_doc_example_shape():
    d = np.array([[0.5, -3.0]])
    loss = dl.huber(dl.dlarray(d, "CB"), np.zeros((1, 2)), transition_point=2, normalization_factor="none")
    assert float(loss) == pytest.approx(0.125 + (2 * 3 - 2))
    y = dl.dlarray(RNG.random((10, 12)), "CB")
    assert dl.l2loss(y, RNG.random((10, 12))).shape == ()


def test_mse_half_mean_squared_error():
    y, t = RNG.random((6, 6, 1, 3)), np.ones((6, 6, 1, 3))
    loss = dl.mse(dl.dlarray(y, "SSCB"), t)
    np.testing.assert_allclose(float(loss), ((y - t) ** 2).sum() / (2 * 3), rtol=1e-6)


def ctc_brute_force(probs, target, blank):
    """-log of the summed probability of every alignment collapsing to target."""
    steps, classes = probs.shape
    total = 0.0
    for path in itertools.product(range(classes), repeat=steps):
        collapsed = [c for i, c in enumerate(path) if c != blank and (i == 0 or path[i - 1] != c)]
        if collapsed == list(target):
            total += np.prod([probs[t, c] for t, c in enumerate(path)])
    return -np.log(total)


@pytest.mark.parametrize("blank", [0, 2])
def test_ctc_against_brute_force(blank, ctx):
    probs = probabilities(3, 2, 5)  # C B T
    targets = np.array([[1, 1], [0, 1]]) if blank == 2 else np.array([[1, 2], [2, 0]])
    targets_mask = np.array([[1, 1], [1, 0]], dtype=bool)
    y_mask = np.array([[1, 1, 1, 1, 1], [1, 1, 1, 1, 0]], dtype=bool)
    losses = dl.ctc(dl.dlarray(probs, "CBT").to(ctx), targets, y_mask, targets_mask, blank_index=blank,
                    reduction="none")
    expected = [ctc_brute_force(probs[:, 0, :5].T, targets[0][:2], blank),
                ctc_brute_force(probs[:, 1, :4].T, targets[1][:1], blank)]
    np.testing.assert_allclose(losses.asnumpy(), expected, rtol=1e-5)
    mean = dl.ctc(dl.dlarray(probs, "CBT"), targets, y_mask, targets_mask, blank_index=blank)
    np.testing.assert_allclose(float(mean), np.mean(expected), rtol=1e-5)
    with pytest.raises(ValueError, match="ctc: Y must have 'C', 'B' and 'T'"):
        dl.ctc(dl.dlarray(probs[:, :, 0], "CB"), targets, y_mask, targets_mask)


def test_onehotdecode():
    scores = np.array([[0.1, 0.7, 0.3], [0.8, 0.2, 0.3], [0.1, 0.1, 0.4]])
    out = dl.onehotdecode(dl.dlarray(scores, "CB"), ["a", "b", "c"], 0)
    assert out.dtype == object and out.tolist() == [["b", "a", "c"]]
    numeric = dl.onehotdecode(scores, [10, 20, 30], 1, "double")
    assert numeric.dtype == np.float64 and numeric.tolist() == [[20.0], [10.0], [30.0]]
    with pytest.raises(ValueError, match="onehotdecode: classes must have 3 entries"):
        dl.onehotdecode(scores, [1, 2], 0)
