"""The deformable_psroi family beyond the golden cases (which compare with MXNet 1.9.1
bit-exactly): a plain-loop transcription of MXNet's kernels, the deliberate errors where
MXNet reads out of bounds or divides by zero, NaN offsets, chunked backward, dtypes.
"""
import math

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.ops import deformable_psroi

DP = mx.nd.contrib.DeformablePSROIPooling


def _loop(data, rois, trans, grad, scale, od, group, pooled, part, spp, std):
    """deformable_psroi_pooling.cc's forward and backward, one output at a time (float64; the
    ``float`` parameters rounded to float32 first, as MXNet's)."""
    scale, std = float(np.float32(scale)), float(np.float32(std))
    n_rois = rois.shape[0]
    _, channels, height, width = data.shape
    part = part or pooled
    out = np.zeros((n_rois, od, pooled, pooled))
    dgrad, tgrad = np.zeros_like(data), None if trans is None else np.zeros_like(trans)
    classes = 1 if trans is None else trans.shape[1] // 2
    each = od // classes
    tflat = None if trans is None else trans.reshape(-1)
    tgflat = None if trans is None else tgrad.reshape(-1)
    for n in range(n_rois):
        b = int(rois[n, 0])
        r = [math.copysign(math.floor(abs(v) + 0.5), v) for v in rois[n, 1:]]
        sw, sh = r[0] * scale - 0.5, r[1] * scale - 0.5
        rw = max((r[2] + 1) * scale - 0.5 - sw, 0.1)
        rh = max((r[3] + 1) * scale - 0.5 - sh, 0.1)
        bw, bh = rw / pooled, rh / pooled
        for ct in range(od):
            for ph in range(pooled):
                for pw in range(pooled):
                    part_h, part_w = math.floor(ph / pooled * part), math.floor(pw / pooled * part)
                    at = (((n * classes + ct // each) * 2) * part + part_h) * part + part_w
                    tx = 0.0 if trans is None else tflat[at] * std
                    ty = 0.0 if trans is None else tflat[at + part * part] * std
                    ws, hs = pw * bw + sw + tx * rw, ph * bh + sh + ty * rh
                    gw = min(max(math.floor(pw * group / pooled), 0), group - 1)
                    gh = min(max(math.floor(ph * group / pooled), 0), group - 1)
                    c = (ct * group + gh) * group + gw
                    plane = data[b, c]
                    picks = []
                    for ih in range(spp):
                        for iw in range(spp):
                            w, h = ws + iw * bw / spp, hs + ih * bh / spp
                            if w < -0.5 or w > width - 0.5 or h < -0.5 or h > height - 0.5:
                                continue
                            w, h = min(max(w, 0), width - 1), min(max(h, 0), height - 1)
                            picks.append((w, h))
                    if not picks:
                        continue
                    total = 0.0
                    g = grad[n, ct, ph, pw] / len(picks)
                    for w, h in picks:
                        x0, x1, y0, y1 = math.floor(w), math.ceil(w), math.floor(h), math.ceil(h)
                        dx, dy = w - x0, h - y0
                        u00, u01, u10, u11 = plane[y0, x0], plane[y1, x0], plane[y0, x1], plane[y1, x1]
                        total += (1 - dx) * (1 - dy) * u00 + (1 - dx) * dy * u01 + dx * (1 - dy) * u10 + dx * dy * u11
                        for (yy, xx), q in (((y0, x0), (1 - dx) * (1 - dy)), ((y1, x0), (1 - dx) * dy),
                                            ((y0, x1), dx * (1 - dy)), ((y1, x1), dx * dy)):
                            dgrad[b, c, yy, xx] += q * g
                        if trans is not None:
                            tgflat[at] += (u11 * dy + u10 * (1 - dy) - u01 * dy - u00 * (1 - dy)) * std * g * rw
                            tgflat[at + part * part] += ((u11 * dx + u01 * (1 - dx) - u10 * dx - u00 * (1 - dx))
                                                         * std * g * rh)
                    out[n, ct, ph, pw] = total / len(picks)
    return out, dgrad, tgrad


@pytest.mark.parametrize("scale,od,group,pooled,part,spp,std,classes", [
    (1.0, 2, 2, 2, 0, 1, 0.1, 1), (0.5, 2, 2, 3, 2, 2, 0.3, 1), (0.25, 4, 1, 4, 3, 3, 0.8, 2),
    (0.7, 3, 3, 3, 0, 2, 0.0, 3), (1.0, 2, 2, 2, 0, 2, None, 0)])
def test_matches_a_plain_loop(scale, od, group, pooled, part, spp, std, classes):
    rng = np.random.RandomState(3)
    data = rng.randn(2, od * group * group + 1, 9, 11)
    rois = np.concatenate([rng.randint(0, 2, (12, 1)), rng.uniform(-8, 50, (12, 4))], 1)
    trans = None if std is None else rng.uniform(-1, 1, (12, 2 * classes, part or pooled, part or pooled))
    head = rng.uniform(-1, 2, (12, od, pooled, pooled))
    x = mx.nd.array(data, dtype="float64")
    t = None if trans is None else mx.nd.array(trans, dtype="float64")
    x.attach_grad()
    if t is not None:
        t.attach_grad()
    kwargs = dict(spatial_scale=scale, output_dim=od, group_size=group, pooled_size=pooled, part_size=part,
                  sample_per_part=spp)
    with mx.autograd.record():
        if t is None:
            out = DP(x, mx.nd.array(rois, dtype="float64"), no_trans=True, **kwargs)
        else:
            out = DP(x, mx.nd.array(rois, dtype="float64"), t, trans_std=std, **kwargs)
    out.backward(mx.nd.array(head, dtype="float64"))
    want, dgrad, tgrad = _loop(data, rois, trans, head, scale, od, group, pooled, part, spp, std or 0.0)
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(x.grad.asnumpy(), dgrad, rtol=1e-12, atol=1e-12)
    if t is not None:
        np.testing.assert_allclose(t.grad.asnumpy(), tgrad, rtol=1e-12, atol=1e-12)


def test_backward_chunks_agree(monkeypatch):
    rng = np.random.RandomState(4)
    x = mx.nd.array(rng.randn(2, 8, 7, 9))
    rois = mx.nd.array(np.concatenate([rng.randint(0, 2, (9, 1)), rng.uniform(-3, 12, (9, 4))], 1))
    t = mx.nd.array(rng.uniform(-1, 1, (9, 2, 2, 2)))

    def grads():
        x.attach_grad()
        t.attach_grad()
        with mx.autograd.record():
            out = DP(x, rois, t, spatial_scale=1.0, output_dim=2, group_size=2, pooled_size=2, sample_per_part=2,
                     trans_std=0.3)
        out.backward(out * 0 + 1.5)
        return x.grad.asnumpy(), t.grad.asnumpy()

    whole = grads()
    chunks = deformable_psroi._chunks
    monkeypatch.setattr(deformable_psroi, "_chunks", lambda count, per_roi, budget=0: chunks(count, per_roi, budget=1))
    for a, b in zip(grads(), whole):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("call,match", [
    # a batch index outside the batch: MXNet reads out of bounds
    (lambda x, r, t: DP(x, r * 0 + mx.nd.array([[2, 0, 0, 1, 1]]), t, spatial_scale=1.0, output_dim=2,
                        group_size=2, pooled_size=2), "batch index"),
    (lambda x, r, t: DP(x, r * 0 + mx.nd.array([[-1, 0, 0, 1, 1]]), t, spatial_scale=1.0, output_dim=2,
                        group_size=2, pooled_size=2), "batch index"),
    # output_dim * group_size**2 past the channels, group_size=0: MXNet reads out of bounds
    (lambda x, r, t: DP(x, r, t, spatial_scale=1.0, output_dim=3, group_size=2, pooled_size=2), "channel"),
    (lambda x, r, t: DP(x, r, t, spatial_scale=1.0, output_dim=2, group_size=0, pooled_size=2), "channel"),
    # trans with one channel (0 classes) or more classes than output_dim: MXNet divides by zero
    (lambda x, r, t: DP(x, r, t[:, :1], spatial_scale=1.0, output_dim=2, group_size=2, pooled_size=2),
     "at least 2 channels"),
    (lambda x, r, t: DP(x, r, mx.nd.concat(t, t, t, dim=1), spatial_scale=1.0, output_dim=2, group_size=2,
                        pooled_size=2), "more than output_dim"),
    # trans too small for the rois or the part grid: MXNet reads past its end
    (lambda x, r, t: DP(x, mx.nd.concat(r, r, dim=0), t, spatial_scale=1.0, output_dim=2, group_size=2,
                        pooled_size=2), "too small"),
    (lambda x, r, t: DP(x, r, t, spatial_scale=1.0, output_dim=2, group_size=2, pooled_size=2, part_size=3),
     "too small"),
    (lambda x, r, t: DP(x, r, t, spatial_scale=1.0, output_dim=2, group_size=2, pooled_size=2, part_size=-1),
     "too small"),
    # MXNet returns an array whose shape cannot be read
    (lambda x, r, t: DP(x, r, t, spatial_scale=1.0, output_dim=-1, group_size=2, pooled_size=2), "negative"),
], ids=["batch", "negative-batch", "channels", "group-0", "trans-1-channel", "trans-classes", "trans-rois",
        "trans-part", "trans-negative-part", "negative-dim"])
def test_deliberate_errors(call, match):
    x = mx.nd.ones((2, 8, 5, 6))
    rois = mx.nd.array([[0, 0, 0, 3, 3]])
    t = mx.nd.ones((1, 2, 2, 2))
    before = [a.asnumpy().copy() for a in (x, rois, t)]
    with pytest.raises(MXNetError, match=match) as info:
        call(x, rois, t).wait_to_read()
    assert "_contrib_DeformablePSROIPooling" in str(info.value)
    for a, b in zip((x, rois, t), before):
        assert (a.asnumpy() == b).all()


def test_input_count_follows_no_trans():
    x, rois, t = mx.nd.ones((1, 8, 5, 6)), mx.nd.array([[0, 0, 0, 3, 3]]), mx.nd.ones((1, 2, 2, 2))
    kw = dict(spatial_scale=1.0, output_dim=2, group_size=2, pooled_size=2)
    with pytest.raises(MXNetError, match=r"expects 3 inputs, but got 2 instead"):
        DP(x, rois, **kw)
    with pytest.raises(MXNetError, match=r"expects 2 inputs, but got 3 instead"):
        DP(x, rois, t, no_trans=True, **kw)
    with pytest.raises(MXNetError, match=r"trans_std exceed bound \[0,1\]"):
        DP(x, rois, t, trans_std=1.5, **kw)
    assert DP(x, rois, no_trans=True, **kw).shape == (1, 2, 2, 2)
    assert DP(data=x, rois=rois, trans=t, **kw).shape == (1, 2, 2, 2)
    assert mx.nd.contrib.DeformablePSROIPooling is mx.nd.contrib.DeformablePSROIPooling
    assert isinstance(DP(x, rois, t, **kw), mx.nd.NDArray)  # one visible output, as MXNet


def test_nan_offsets_give_nan():
    x = mx.nd.ones((1, 4, 4, 4))
    t = mx.nd.array([[[[math.nan, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]]])
    x.attach_grad()
    t.attach_grad()
    with mx.autograd.record():
        out = DP(x, mx.nd.array([[0, 0, 0, 3, 3]]), t, spatial_scale=1.0, output_dim=1, group_size=2,
                 pooled_size=2, trans_std=0.1)
    out.backward()
    got = out.asnumpy()[0, 0]
    assert math.isnan(got[0, 0]) and (got.reshape(-1)[1:] == 1).all()
    grad = x.grad.asnumpy()
    assert np.isfinite(grad).all() and grad.sum() == pytest.approx(3.0)  # the NaN bin gives the data nothing
    assert np.isnan(t.grad.asnumpy()[0, :, 0, 0]).all()


def test_dtypes():
    x = mx.nd.ones((1, 4, 4, 4), dtype="float16")
    out = DP(x, mx.nd.array([[0, 0, 0, 3, 3]], dtype="float16"), mx.nd.zeros((1, 2, 2, 2), dtype="float16"),
             spatial_scale=1.0, output_dim=1, group_size=2, pooled_size=2, trans_std=0.5)
    assert out.dtype == np.float16 and out.asnumpy().tolist() == [[[[1.0, 1.0], [1.0, 1.0]]]]
    out = DP(x.astype("float64"), mx.nd.array([[0, 0, 0, 3, 3]], dtype="float64"), spatial_scale=1.0,
             output_dim=1, group_size=2, pooled_size=2, no_trans=True)
    assert out.dtype == np.float64 and out.shape == (1, 1, 2, 2)
    with pytest.raises(MXNetError, match="only support floating point"):
        DP(x.astype("int32"), mx.nd.array([[0, 0, 0, 3, 3]], dtype="int32"), spatial_scale=1.0, output_dim=1,
           group_size=2, pooled_size=2, no_trans=True)


def test_empty_data_gives_zeros():
    out = DP(mx.nd.ones((1, 4, 0, 4)), mx.nd.array([[0, 0, 0, 3, 3]]), spatial_scale=1.0, output_dim=1,
             group_size=2, pooled_size=2, no_trans=True)
    assert out.shape == (1, 1, 2, 2) and (out.asnumpy() == 0).all()


def test_nan_roi_gives_nan():
    # MXNet converts the NaN sample positions to indices and reads out of bounds
    out = DP(mx.nd.ones((1, 4, 4, 4)), mx.nd.array([[0, math.nan, 0, 3, 3], [0, 0, 0, 3, 3]]), spatial_scale=1.0,
             output_dim=1, group_size=2, pooled_size=2, no_trans=True).asnumpy()
    assert np.isnan(out[0]).all() and (out[1] == 1).all()


def test_same_on_every_context(ctx):
    rng = np.random.RandomState(5)
    data = rng.randn(2, 8, 7, 9).astype(np.float32)
    rois = np.concatenate([rng.randint(0, 2, (6, 1)), rng.uniform(-3, 12, (6, 4))], 1).astype(np.float32)
    trans = rng.uniform(-1, 1, (6, 2, 2, 2)).astype(np.float32)
    results = []
    for where in (mx.cpu(), ctx):
        x, t = mx.nd.array(data, ctx=where), mx.nd.array(trans, ctx=where)
        x.attach_grad()
        t.attach_grad()
        with mx.autograd.record():
            out = DP(x, mx.nd.array(rois, ctx=where), t, spatial_scale=1.0, output_dim=2, group_size=2,
                     pooled_size=2, sample_per_part=2, trans_std=0.2)
        out.backward(out * 0 + 0.5)
        assert out.context == where
        results.append([out.asnumpy(), x.grad.asnumpy(), t.grad.asnumpy()])
    for a, b in zip(*results):  # the GPU accumulates with atomics: equal within rounding
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5)
