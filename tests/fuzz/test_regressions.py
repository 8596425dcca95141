"""Regression tests for the bugs the fuzz suite found and that were fixed (docs/reliability.md)."""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

from fuzz_calls import guard

PIXEL = [[[10, 50, 200]]]  # a colourful pixel: its hue goes through the HLS sector loop


@pytest.mark.parametrize("factor", [np.inf, 1e30])
def test_random_hue_with_an_inf_or_huge_factor_returns(factor):
    # MXNet 1.9.1 loops forever here (do { h -= 6; } while (h >= 6)); mxnd returns
    with guard(10):
        result = mx.nd.image.random_hue(mx.nd.array(PIXEL), min_factor=0, max_factor=factor)
    assert result.shape == (1, 1, 3) and result.dtype == np.float32
    assert np.isfinite(result.asnumpy()).all()


def test_color_jitter_with_a_huge_hue_returns():
    with guard(10):
        result = mx.nd.image.random_color_jitter(mx.nd.array(PIXEL), brightness=0, contrast=0,
                                                 saturation=0, hue=1e30)
    assert result.shape == (1, 1, 3)


# MXNet 1.9.1: mx.nd.image.random_hue([[[10, 50, 200]]], min_factor=f, max_factor=f)
HUE_REFERENCE = {
    0.25: [200.0, 9.999999046325684, 145.00003051757812],
    3.25: [200.0, 9.999999046325684, 144.99984741210938],
    0.9: [9.999999046325684, 163.9999237060547, 200.0],
    100.5: [200.0, 160.00306701660156, 9.999999046325684],  # wraps the sector loop 150 times
}


@pytest.mark.parametrize("factor", sorted(HUE_REFERENCE))
def test_hue_values_unchanged_by_the_fix(factor):
    result = mx.nd.image.random_hue(mx.nd.array(PIXEL), min_factor=factor, max_factor=factor)
    assert result.asnumpy().ravel().tolist() == HUE_REFERENCE[factor]


@pytest.mark.parametrize("name", ["LayerNorm", "GroupNorm", "L2Normalization"])
def test_normalization_dtype_error_names_the_operator(name):
    data = mx.nd.ones((2, 4, 3), dtype="int8")
    gamma = mx.nd.ones((4,) if name == "GroupNorm" else (3,), dtype="int8")
    args = (data,) if name == "L2Normalization" else (data, gamma, gamma)
    kwargs = {"num_groups": 2} if name == "GroupNorm" else {}
    with pytest.raises(MXNetError, match=f"{name}: This operation only support floating point types, not int8"):
        getattr(mx.nd, name)(*args, **kwargs)
    assert data.asnumpy().tolist() == np.ones((2, 4, 3)).tolist()


# MXNet 1.9.1: MultiBoxTarget(ANCHORS, LABELS, preds, negative_mining_ratio=r)[2] (class targets)
MINING = {
    1.0: [1.0, 2.0, -1.0, -1.0, 0.0, 0.0, 1.0, 2.0, -1.0, 0.0, 0.0, -1.0],
    1e9: [1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.0],
    1e30: [1.0, 2.0, -1.0, -1.0, -1.0, -1.0, 1.0, 2.0, -1.0, -1.0, -1.0, -1.0],  # C's int(): INT_MIN
    np.inf: [1.0, 2.0, -1.0, -1.0, -1.0, -1.0, 1.0, 2.0, -1.0, -1.0, -1.0, -1.0],
}


@pytest.mark.parametrize("ratio", sorted(MINING))
def test_multibox_target_with_a_huge_mining_ratio(ratio):
    # raised OverflowError (int(inf)) before the fix
    anchors = mx.nd.array([[[0.1, 0.1, 0.3, 0.3], [0.4, 0.4, 0.6, 0.6], [0.0, 0.0, 0.5, 0.5],
                            [0.6, 0.1, 0.9, 0.4], [0.2, 0.6, 0.5, 0.9], [0.5, 0.5, 0.95, 0.95]]])
    labels = mx.nd.array([[[0, 0.1, 0.1, 0.32, 0.3], [1, 0.45, 0.42, 0.6, 0.62],
                           [-1, -1, -1, -1, -1]]] * 2)
    preds = mx.nd.array(np.random.RandomState(0).rand(2, 3, 6).astype(np.float32))
    out = mx.nd.contrib.MultiBoxTarget(anchors, labels, preds, negative_mining_ratio=ratio)
    assert out[2].asnumpy().ravel().tolist() == MINING[ratio]


def test_hue_just_below_zero_wraps_to_sector_zero():
    # torch.remainder(-1e-8, 6) rounds to 6.0 in float32: the sector table has 6 rows (0 to 5)
    import torch
    from mxnd.ndarray.ops.image import _hls_to_rgb

    hue = torch.tensor([-1e-8, 0.0], dtype=torch.float32)
    half = torch.full_like(hue, 0.5)
    r, g, b = _hls_to_rgb(hue, half, half)
    assert r.tolist() == [191.25, 191.25] and g.tolist() == [63.75, 63.75] and b.tolist() == [63.75, 63.75]
