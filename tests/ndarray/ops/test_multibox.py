"""The multibox family beyond the golden cases: MultiBoxDetection's suppression against a plain
loop written from MXNet 1.9.1's CPU kernel on many boxes (crossing the 256-row blocks), the
glibc ``expf`` replica, parameter text, out= and input checks.
"""
import ctypes
import ctypes.util
import platform

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.ndarray.ops.multibox import _expf
from mxnd.params import parse_float32_tuple as parse_floats


def _overlap(a, b):
    f = np.float32
    w = max(f(0), min(a[2], b[2]) - max(a[0], b[0]))
    h = max(f(0), min(a[3], b[3]) - max(a[1], b[1]))
    i = w * h
    u = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - i
    return f(0) if u <= 0 else i / u


def _reference(cls, anchors, threshold, nms_threshold, force_suppress, nms_topk, clip):
    """MXNet's MultiBoxDetectionForward for loc_pred == 0 (the boxes are the anchors)."""
    batch, classes, n = cls.shape
    out = np.full((batch, n, 6), -1, dtype=np.float32)
    f = np.float32
    al, at, ar, ab = anchors.T  # TransformLocations with zero offsets: exp(0) is 1
    aw, ah = ar - al, ab - at
    ax, ay = (al + ar) / f(2), (at + ab) / f(2)
    boxes = np.stack((ax - aw / f(2), ay - ah / f(2), ax + aw / f(2), ay + ah / f(2)), axis=-1)
    boxes = np.clip(boxes, 0, 1) if clip else boxes
    for b in range(batch):
        rows = []
        for i in range(n):
            score, cid = np.float32(-1), 0
            for j in range(1, classes):
                if cls[b, j, i] > score:
                    score, cid = cls[b, j, i], j
            if cid > 0 and score < threshold:
                cid = 0
            if cid - 1 >= 0:
                rows.append([cid - 1, score, *boxes[i]])
        p = out[b]
        p[:len(rows)] = np.array(rows, dtype=np.float32).reshape(-1, 6)
        valid = len(rows)
        if valid < 1 or not 0 < nms_threshold <= 1:
            continue
        temp = p.copy()
        order = sorted(range(valid), key=lambda k: -temp[k, 1])  # stable
        nkeep = valid
        if 0 < nms_topk < nkeep:
            nkeep = nms_topk
            p[nkeep:valid, 0] = -1
        p[:nkeep] = temp[order[:nkeep]]
        for i in range(nkeep):
            if p[i, 0] < 0:
                continue
            for j in range(i + 1, nkeep):
                if p[j, 0] < 0:
                    continue
                if force_suppress or p[i, 0] == p[j, 0]:
                    if _overlap(p[i, 2:], p[j, 2:]) >= np.float32(nms_threshold):
                        p[j, 0] = -1
    return out


@pytest.mark.parametrize("kwargs", [
    {}, {"force_suppress": True}, {"nms_threshold": 0.2, "nms_topk": 300}, {"nms_threshold": 0.05},
    {"threshold": 0.5, "clip": False}, {"nms_threshold": 0},
], ids=["default", "force", "topk", "low-thresh", "threshold", "no-nms"])
def test_detection_matches_a_plain_loop_on_many_boxes(kwargs):
    anchors = mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 12, 11)), sizes=(0.2, 0.35), ratios=(1, 2, 0.5))
    n = anchors.shape[1]
    assert n > 512  # several suppression blocks
    rng = np.random.RandomState(5)
    cls = (np.round(rng.rand(2, 4, n) * 8) / 8).astype(np.float32)  # many ties
    out = mx.nd.contrib.MultiBoxDetection(mx.nd.array(cls), mx.nd.zeros((2, n * 4)), anchors, **kwargs)
    params = {"threshold": 0.01, "nms_threshold": 0.5, "force_suppress": False, "nms_topk": -1, "clip": True}
    params.update(kwargs)
    expected = _reference(cls, anchors.asnumpy()[0], **params)
    np.testing.assert_array_equal(out.asnumpy(), expected)


def test_detection_row_rules():
    cls = mx.nd.array([[[0.2, 0.2, 0.2, 0.2], [0.4, 0.4, 0.1, 0.4], [0.4, 0.4, 0.7, 0.4]]])
    anchors = mx.nd.array([[[0, 0, 0.5, 0.5], [0, 0, 0.5, 0.5], [0.1, 0.1, 0.6, 0.6], [0.5, 0.5, 1, 1]]])
    out = mx.nd.contrib.MultiBoxDetection(cls, mx.nd.zeros((1, 16)), anchors).asnumpy()
    # MXNet 1.9.1: ties go to the first class; a suppressed row keeps its score and box
    np.testing.assert_allclose(out, [[[1, 0.7, 0.1, 0.1, 0.6, 0.6], [0, 0.4, 0, 0, 0.5, 0.5],
                                      [-1, 0.4, 0, 0, 0.5, 0.5], [0, 0.4, 0.5, 0.5, 1, 1]]], rtol=1e-6)
    assert out.dtype == np.float32 and out.shape == (1, 4, 6)


def test_detection_nan_and_low_scores():
    # MXNet's loop starts from -1 and needs a strictly greater score: NaN and <= -1 never win
    cls = mx.nd.array([[[0.2, 0.2, 0.2], [-3, 0.4, np.nan], [-2, 0.1, 0.4]]])
    anchors = mx.nd.array([[[0, 0, 0.5, 0.5], [0.5, 0.5, 1, 1], [0, 0.5, 0.5, 1]]])
    out = mx.nd.contrib.MultiBoxDetection(cls, mx.nd.zeros((1, 12)), anchors, threshold=-5).asnumpy()
    np.testing.assert_allclose(out, [[[0, 0.4, 0.5, 0.5, 1, 1], [1, 0.4, 0, 0.5, 0.5, 1], [-1] * 6]], rtol=1e-6)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc" or not ctypes.util.find_library("m"), reason="needs glibc")
def test_expf_replica_matches_glibc():
    libm = ctypes.CDLL(ctypes.util.find_library("m"))
    libm.expf.restype, libm.expf.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.RandomState(0)
    xs = np.concatenate([rng.randn(20000) * 3, rng.uniform(-110, 95, 5000), rng.randn(5000) * 1e-3,
                         [0, -0.0, np.inf, -np.inf, 88.72, 88.73, -103.9, -104, -87.5]]).astype(np.float32)
    expected = np.array([libm.expf(float(v)) for v in xs], dtype=np.float32)
    np.testing.assert_array_equal(_expf(torch.from_numpy(xs)).numpy(), expected)
    assert np.isnan(_expf(torch.tensor([np.nan], dtype=torch.float32)).item())


def test_parse_floats():
    assert parse_floats("(0.5, 0.25)") == (0.5, 0.25)
    assert parse_floats("[1, 2,]") == (1.0, 2.0)
    assert parse_floats("2") == (2.0,)
    assert parse_floats([1, 2.5]) == (1.0, 2.5)
    assert parse_floats(3) == (3.0,)
    assert parse_floats("()") == ()
    for bad in ("abc", "(1, x)", True, None, "(inf,)", ".5", "+2", "1e39"):  # MXNet 1.9.1 rejects each
        with pytest.raises(ValueError):
            parse_floats(bad)


def test_prior_layout_and_params_as_text():
    out = mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((2, 3, 2, 3)), sizes="(0.3, 0.5)", ratios="[1, 2, 0.5]",
                                      clip="1")
    assert out.shape == (1, 2 * 3 * 4, 4) and out.dtype == np.float32
    got = out.asnumpy()
    # MXNet 1.9.1: first pixel, sizes then the other ratios
    np.testing.assert_allclose(got[0, :4], [[0.066667, 0.1, 0.266667, 0.4], [0, 0, 0.333333, 0.5],
                                            [0.025245, 0.143934, 0.308088, 0.356066],
                                            [0.095956, 0.037868, 0.237377, 0.462132]], atol=1e-6)
    assert got.min() >= 0 and got.max() <= 1


def test_out_and_inputs_unchanged():
    data = mx.nd.zeros((1, 1, 2, 2))
    out = mx.nd.zeros((1, 4, 4))
    result = mx.nd.contrib.MultiBoxPrior(data, sizes=(0.5,), out=out)
    assert result is out
    np.testing.assert_allclose(out.asnumpy()[0, 0], [0, 0, 0.5, 0.5])
    cls = mx.nd.array([[[0.1, 0.9], [0.9, 0.1]]])
    loc = mx.nd.array([[0.1, 0.2, 0.3, 0.4, 0, 0, 0, 0]])
    anchors = mx.nd.array([[[0, 0, 0.5, 0.5], [0.5, 0.5, 1, 1]]])
    before = [x.asnumpy().copy() for x in (cls, loc, anchors)]
    mx.nd.contrib.MultiBoxDetection(cls, loc, anchors)
    for x, b in zip((cls, loc, anchors), before):
        np.testing.assert_array_equal(x.asnumpy(), b)


@pytest.mark.parametrize("call", [
    lambda: mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 2, 2))),
    lambda: mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 2, 2), dtype="float64")),
    lambda: mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 2, 2)), steps=(-1, 0.5)),
    lambda: mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 2, 2)), offsets=(-0.1, 0.5)),
    lambda: mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 0, 2))),
    lambda: mx.nd.contrib.MultiBoxDetection(mx.nd.zeros((1, 3, 2)), mx.nd.zeros((1, 4)), mx.nd.zeros((1, 2, 4))),
    lambda: mx.nd.contrib.MultiBoxDetection(mx.nd.zeros((1, 3, 2)), mx.nd.zeros((1, 8)), mx.nd.zeros((1, 3, 4))),
    lambda: mx.nd.contrib.MultiBoxDetection(mx.nd.zeros((1, 3, 2)), mx.nd.zeros((1, 8)), mx.nd.zeros((2, 4))),
    lambda: mx.nd.contrib.MultiBoxDetection(mx.nd.zeros((1, 3, 2)), mx.nd.zeros((1, 8)), mx.nd.zeros((1, 2, 4)),
                                            variances=(1, 2)),
    lambda: mx.nd.contrib.MultiBoxDetection(mx.nd.zeros((1, 3, 2), dtype="float16"), mx.nd.zeros((1, 8)),
                                            mx.nd.zeros((1, 2, 4))),
], ids=["prior-3d", "prior-f64", "prior-steps", "prior-offsets", "prior-empty", "det-loc", "det-anchors",
        "det-anchor-2d", "det-variances", "det-f16"])
def test_invalid_inputs_raise(call):
    with pytest.raises(mx.base.MXNetError):
        call()
