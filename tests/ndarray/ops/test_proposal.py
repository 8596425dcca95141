"""The proposal family beyond the golden cases: the abort MXNet turns into an error, zero
gradients, MultiProposal against Proposal per image, and both against a plain loop version of
MXNet's CPU kernel (float32 scalars, one box at a time) on more boxes than the golden cases.
"""
import numpy as np
import pytest

import mxnd as mx

F = np.float32


def inputs(seed, batch, anchors, height, width, spread=0.3):
    rs = np.random.RandomState(seed)
    c = rs.uniform(size=(batch, 2 * anchors, height, width)).astype("float32")
    b = rs.normal(0, spread, size=(batch, 4 * anchors, height, width)).astype("float32")
    return c, b


def reference(c, b, info, *, pre=6000, post=300, thresh=0.7, min_size=16, scales=(4, 8, 16, 32),
              ratios=(0.5, 1, 2), stride=16, iou_loss=False):
    """One image as MXNet's loops compute it: (post, 4) boxes and (post,) scores."""
    num_anchors, height, width = c.shape[0] // 2, c.shape[1], c.shape[2]
    base = []
    for ratio in ratios:
        for scale in scales:
            w = h = F(stride)
            ctr = F(0.5) * (w - F(1))
            size_ratios = np.floor(w * h / F(ratio))
            ws = np.floor(np.sqrt(size_ratios) + F(0.5)) * F(scale)
            hs = np.floor(ws / F(scale) * F(ratio) + F(0.5)) * F(scale)
            base.append([ctr - F(0.5) * (ws - F(1)), ctr - F(0.5) * (hs - F(1)),
                         ctr + F(0.5) * (ws - F(1)), ctr + F(0.5) * (hs - F(1))])
    im_h, im_w, im_scale = (F(v) for v in info)
    real_h, real_w = int(im_h / F(stride)), int(im_w / F(stride))
    dets = []
    for y in range(height):
        for x in range(width):
            for a in range(num_anchors):
                x1, y1, x2, y2 = (base[a][0] + F(x * stride), base[a][1] + F(y * stride),
                                  base[a][2] + F(x * stride), base[a][3] + F(y * stride))
                d = [b[a * 4 + k, y, x] for k in range(4)]
                if iou_loss:
                    box = [x1 + d[0], y1 + d[1], x2 + d[2], y2 + d[3]]
                else:
                    bw, bh = x2 - x1 + F(1), y2 - y1 + F(1)
                    cx, cy = F(x1 + 0.5 * (bw - 1.0)), F(y1 + 0.5 * (bh - 1.0))
                    pcx, pcy = d[0] * bw + cx, d[1] * bh + cy
                    pw, ph = F(np.exp(d[2])) * bw, F(np.exp(d[3])) * bh
                    box = [F(pcx - 0.5 * (pw - 1.0)), F(pcy - 0.5 * (ph - 1.0)),
                           F(pcx + 0.5 * (pw - 1.0)), F(pcy + 0.5 * (ph - 1.0))]
                box = [max(min(v, hi - F(1)), F(0)) for v, hi in zip(box, (im_w, im_h, im_w, im_h))]
                score = F(-1) if (y >= real_h or x >= real_w) else c[num_anchors + a, y, x]
                ms = F(F(min_size) * im_scale)
                if box[2] - box[0] + F(1) < ms or box[3] - box[1] + F(1) < ms:
                    box = [box[0] - ms / F(2), box[1] - ms / F(2), box[2] + ms / F(2), box[3] + ms / F(2)]
                    score = F(-1)
                dets.append(box + [score])
    order = sorted(range(len(dets)), key=lambda i: -dets[i][4])  # stable
    pre = min(pre if pre > 0 else len(dets), len(dets))
    dets = [dets[i] for i in order[:pre]]
    area = [(d[2] - d[0] + F(1)) * (d[3] - d[1] + F(1)) for d in dets]
    keep, suppressed = [], [False] * len(dets)
    for i, d in enumerate(dets):
        if len(keep) >= min(post, pre):
            break
        if suppressed[i]:
            continue
        keep.append(i)
        for j in range(i + 1, len(dets)):
            e = dets[j]
            iw = max(F(0), min(d[2], e[2]) - max(d[0], e[0]) + F(1))
            ih = max(F(0), min(d[3], e[3]) - max(d[1], e[1]) + F(1))
            inter = iw * ih
            if inter / (area[i] + area[j] - inter) > F(thresh):
                suppressed[j] = True
    rows = [dets[keep[i % len(keep)]] for i in range(post)]
    return np.array([r[:4] for r in rows], dtype=np.float32), np.array([r[4] for r in rows], dtype=np.float32)


@pytest.mark.parametrize("kwargs", [
    {},
    {"scales": (2, 4), "ratios": (0.5, 1, 2), "min_size": 6, "thresh": 0.5, "post": 150},
    {"scales": (3,), "ratios": (1, 2), "min_size": 4, "thresh": 0.3, "pre": 40, "post": 60},
    {"scales": (2,), "ratios": (0.5, 1, 2), "min_size": 10, "iou_loss": True, "post": 100},
], ids=["defaults", "two-scales", "pre-top-n", "iou-loss"])
def test_matches_plain_loop_kernel(kwargs):
    num_anchors = len(kwargs.get("scales", (4, 8, 16, 32))) * len(kwargs.get("ratios", (0.5, 1, 2)))
    c, b = inputs(11, 2, num_anchors, 7, 9, spread=3 if kwargs.get("iou_loss") else 0.3)
    info = np.array([[100, 130, 1.0], [90, 144, 0.75]], dtype=np.float32)
    names = {"pre": "rpn_pre_nms_top_n", "post": "rpn_post_nms_top_n", "thresh": "threshold",
             "min_size": "rpn_min_size"}
    params = {names.get(k, k): v for k, v in kwargs.items()}
    out, score = mx.nd.contrib.MultiProposal(mx.nd.array(c), mx.nd.array(b), mx.nd.array(info),
                                             output_score=True, **params)
    post = kwargs.get("post", 300)
    assert out.shape == (2 * post, 5) and score.shape == (2 * post, 1)
    for image in range(2):
        boxes, scores = reference(c[image], b[image], info[image], **kwargs)
        rows = slice(image * post, (image + 1) * post)
        np.testing.assert_array_equal(out.asnumpy()[rows, 0], np.full(post, image, dtype=np.float32))
        np.testing.assert_allclose(out.asnumpy()[rows, 1:], boxes, rtol=0, atol=1e-4)
        np.testing.assert_array_equal(score.asnumpy()[rows, 0], scores)
        single = mx.nd.contrib.Proposal(mx.nd.array(c[image:image + 1]), mx.nd.array(b[image:image + 1]),
                                        mx.nd.array(info[image:image + 1]), **params)
        np.testing.assert_array_equal(single.asnumpy()[:, 1:], out.asnumpy()[rows, 1:])
        assert (single.asnumpy()[:, 0] == 0).all()


def test_multi_proposal_image_larger_than_map_raises():
    # MXNet 1.9.1 aborts the process here (the check fails inside an OpenMP region)
    c, b = inputs(0, 2, 3, 3, 4)
    info = mx.nd.array([[40, 60, 1], [100, 60, 1]])
    with pytest.raises(mx.base.MXNetError, match="height >= real_height"):
        mx.nd.contrib.MultiProposal(mx.nd.array(c), mx.nd.array(b), info, scales=(2,)).wait_to_read()


@pytest.mark.parametrize("op", ["Proposal", "MultiProposal"])
def test_inputs_get_zero_gradients(op):
    c, b = inputs(1, 1, 3, 3, 4)
    arrays = [mx.nd.array(c), mx.nd.array(b), mx.nd.array([[40, 60, 1]])]
    for x in arrays:
        x.attach_grad()
    with mx.autograd.record():
        out, score = getattr(mx.nd.contrib, op)(*arrays, scales=(2,), rpn_post_nms_top_n=4, output_score=True)
        total = (out * 2).sum() + score.sum()
    total.backward()
    for x in arrays:
        assert x.grad.shape == x.shape
        np.testing.assert_array_equal(x.grad.asnumpy(), np.zeros(x.shape, dtype=np.float32))
