"""The psroi family beyond the golden cases: deliberate errors where MXNet reads out of
bounds, RROIAlign's missing gradient, NaN rois, chunking and a plain-loop reference.
"""
import math

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.ops import psroi


def _psroi_loop(data, rois, scale, od, pooled, group):
    """psroi_pooling.cc's forward, one output element at a time (float64)."""
    n_rois = rois.shape[0]
    _, channels, height, width = data.shape
    out = np.zeros((n_rois, od, pooled, pooled))
    for n in range(n_rois):
        b = int(rois[n, 0])
        c_round = [math.copysign(math.floor(abs(v) + 0.5), v) for v in rois[n, 1:]]
        sw, sh = c_round[0] * scale, c_round[1] * scale
        ew, eh = (c_round[2] + 1) * scale, (c_round[3] + 1) * scale
        rw, rh = max(ew - sw, 0.1), max(eh - sh, 0.1)
        bh, bw = rh / pooled, rw / pooled
        for ct in range(od):
            for ph in range(pooled):
                for pw in range(pooled):
                    hs = min(max(math.floor(ph * bh + sh), 0), height)
                    he = min(max(math.ceil((ph + 1) * bh + sh), 0), height)
                    ws = min(max(math.floor(pw * bw + sw), 0), width)
                    we = min(max(math.ceil((pw + 1) * bw + sw), 0), width)
                    gw = min(max(math.floor(pw * group / pooled), 0), group - 1)
                    gh = min(max(math.floor(ph * group / pooled), 0), group - 1)
                    c = (ct * group + gh) * group + gw
                    if he > hs and we > ws:
                        out[n, ct, ph, pw] = data[b, c, hs:he, ws:we].sum() / ((he - hs) * (we - ws))
    return out


@pytest.mark.parametrize("scale,od,pooled,group", [(1.0, 2, 3, 0), (0.5, 1, 4, 2), (0.25, 3, 2, 1)])
def test_psroi_matches_a_plain_loop(scale, od, pooled, group):
    rng = np.random.RandomState(3)
    g = pooled if group == 0 else group
    data = rng.randn(2, od * g * g, 9, 11)
    rois = np.concatenate([rng.randint(0, 2, (12, 1)), rng.uniform(-8, 50, (12, 4))], 1)
    got = mx.nd.contrib.PSROIPooling(mx.nd.array(data, dtype="float64"), mx.nd.array(rois, dtype="float64"),
                                     spatial_scale=scale, output_dim=od, pooled_size=pooled, group_size=group)
    np.testing.assert_allclose(got.asnumpy(), _psroi_loop(data, rois, scale, od, pooled, g), rtol=1e-12, atol=1e-12)


def test_psroi_chunks_agree(monkeypatch):
    rng = np.random.RandomState(4)
    data = mx.nd.array(rng.randn(2, 8, 7, 9))
    rois = mx.nd.array(np.concatenate([rng.randint(0, 2, (9, 1)), rng.uniform(-3, 12, (9, 4))], 1))
    whole = mx.nd.contrib.PSROIPooling(data, rois, spatial_scale=1.0, output_dim=2, pooled_size=2).asnumpy()
    chunks = psroi._chunks
    monkeypatch.setattr(psroi, "_chunks", lambda count, per_roi, budget=0: chunks(count, per_roi, budget=1))
    parts = mx.nd.contrib.PSROIPooling(data, rois, spatial_scale=1.0, output_dim=2, pooled_size=2).asnumpy()
    np.testing.assert_array_equal(parts, whole)
    rr = mx.nd.array(np.concatenate([rng.randint(0, 2, (9, 1)), rng.uniform(0, 9, (9, 4)),
                                     rng.uniform(-90, 90, (9, 1))], 1))
    monkeypatch.setattr(psroi, "_chunks", chunks)
    whole = mx.nd.contrib.RROIAlign(data, rr, pooled_size=(2, 3), spatial_scale=1.0).asnumpy()
    monkeypatch.setattr(psroi, "_chunks", lambda count, per_roi, budget=0: chunks(count, per_roi, budget=1))
    np.testing.assert_array_equal(mx.nd.contrib.RROIAlign(data, rr, pooled_size=(2, 3), spatial_scale=1.0).asnumpy(),
                                  whole)


@pytest.mark.parametrize("call", [
    # a batch index outside the batch: MXNet reads out of bounds
    lambda x, r: mx.nd.contrib.PSROIPooling(x, r * 0 + mx.nd.array([[2, 0, 0, 1, 1]]), spatial_scale=1.0,
                                            output_dim=2, pooled_size=2),
    lambda x, r: mx.nd.contrib.PSROIPooling(x, r * 0 + mx.nd.array([[-1, 0, 0, 1, 1]]), spatial_scale=1.0,
                                            output_dim=2, pooled_size=2),
    # output_dim * group_size**2 past the channels: MXNet reads out of bounds
    lambda x, r: mx.nd.contrib.PSROIPooling(x, r, spatial_scale=1.0, output_dim=3, pooled_size=2),
    lambda x, r: mx.nd.contrib.PSROIPooling(x, r, spatial_scale=1.0, output_dim=1, pooled_size=2, group_size=4),
    # MXNet returns an array whose shape cannot be read
    lambda x, r: mx.nd.contrib.PSROIPooling(x, r, spatial_scale=1.0, output_dim=-1, pooled_size=2),
    lambda x, r: mx.nd.contrib.RROIAlign(x[:, :3], mx.nd.array([[2, 1, 1, 2, 2, 0]]), pooled_size=(2, 2),
                                         spatial_scale=1.0),
    lambda x, r: mx.nd.contrib.RROIAlign(x[:, :3], mx.nd.array([[0, 1, 1, 1e9, 1e9, 0]]), pooled_size=(1, 1),
                                         spatial_scale=1.0),
], ids=["psroi-batch", "psroi-negative-batch", "psroi-channels", "psroi-group", "psroi-negative-dim",
        "rroi-batch", "rroi-huge-grid"])
def test_deliberate_errors(call):
    x = mx.nd.ones((2, 8, 5, 6))
    rois = mx.nd.array([[0, 0, 0, 3, 3]])
    with pytest.raises(MXNetError):
        call(x, rois).wait_to_read()


def test_rroi_backward_raises_as_mxnet():
    y = mx.nd.ones((1, 2, 4, 4))
    y.attach_grad()
    with mx.autograd.record():
        out = mx.nd.contrib.RROIAlign(y, mx.nd.array([[0, 1, 1, 2, 2, 30]]), pooled_size=(2, 2), spatial_scale=1.0)
    assert out.shape == (1, 2, 2, 2)
    with pytest.raises(MXNetError, match="non-differentiable because it didn't register FGradient"):
        out.backward()


def test_psroi_rois_get_no_gradient_and_data_gets_bin_averages():
    x = mx.nd.ones((1, 4, 4, 4))
    rois = mx.nd.array([[0, 0, 0, 3, 3]])
    x.attach_grad()
    rois.attach_grad()
    with mx.autograd.record():
        out = mx.nd.contrib.PSROIPooling(x, rois, spatial_scale=1.0, output_dim=1, pooled_size=2)
    out.backward()
    assert rois.grad.asnumpy().tolist() == [[0.0] * 5]
    grad = x.grad.asnumpy()
    # each of the 4 bins is 2x2 and reads its own channel: 1/4 on that channel's quadrant
    assert grad.sum() == pytest.approx(4.0)
    assert grad[0, 0, :2, :2].tolist() == [[0.25, 0.25], [0.25, 0.25]]
    assert grad[0, 0, 2:, :].sum() == 0


def test_nan_rois():
    x = mx.nd.ones((1, 4, 4, 4))
    # C's (int) of NaN bins is INT_MIN: the bins are empty and give 0, as in MXNet
    out = mx.nd.contrib.PSROIPooling(x, mx.nd.array([[0, math.nan, 0, 3, 3]]), spatial_scale=1.0,
                                     output_dim=1, pooled_size=2)
    assert out.asnumpy().tolist() == [[[[0.0, 0.0], [0.0, 0.0]]]]
    out = mx.nd.contrib.RROIAlign(x, mx.nd.array([[0, 1, 1, 2, 2, math.nan], [0, 1, 1, 2, 2, 0]]),
                                  pooled_size=(1, 1), spatial_scale=1.0)
    assert np.isnan(out.asnumpy()[0]).all() and (out.asnumpy()[1] == 1).all()


def test_float16_keeps_its_dtype():
    x = mx.nd.ones((1, 4, 4, 4), dtype="float16")
    out = mx.nd.contrib.PSROIPooling(x, mx.nd.array([[0, 0, 0, 3, 3]], dtype="float16"), spatial_scale=1.0,
                                     output_dim=1, pooled_size=2)
    assert out.dtype == np.float16 and out.asnumpy().tolist() == [[[[1.0, 1.0], [1.0, 1.0]]]]
    out = mx.nd.contrib.RROIAlign(x, mx.nd.array([[0, 2, 2, 2, 2, 45]], dtype="float16"), pooled_size=(2, 2),
                                  spatial_scale=1.0)
    assert out.dtype == np.float16 and out.shape == (1, 4, 2, 2)


def test_rroi_align_refuses_a_huge_adaptive_grid_and_takes_a_sampling_ratio():
    x = mx.nd.ones((1, 2, 8, 8))
    roi = mx.nd.array([[0, 4, 4, 2000, 30, 0]])  # 1000 x 15 adaptive points per bin
    with pytest.raises(MXNetError, match="pass sampling_ratio"):
        mx.nd.contrib.RROIAlign(x, roi, pooled_size=(2, 2), spatial_scale=1.0)
    out = mx.nd.contrib.RROIAlign(x, roi, pooled_size=(2, 2), spatial_scale=1.0, sampling_ratio=2)
    assert out.shape == (1, 2, 2, 2)
