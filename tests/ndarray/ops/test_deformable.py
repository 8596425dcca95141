"""The deformable family beyond the golden cases: plain loops written from MXNet's kernels
(deformable_im2col.h for DeformableConvolution, modulated_deformable_im2col.cuh for the
modulated forward and the backward MXNet runs only on GPUs), deliberate errors where MXNet
divides by zero or reads out of bounds, float16, grad_req='add', NaN offsets and chunking.

Loop comparisons are float64 with rtol 1e-12 (the columns are the same arithmetic; the sums
run in another order).
"""
import math

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.ops import deformable


def _bilinear(im, h, w, modulated):
    """im2col_bilinear_cpu (DeformableConvolution) or dmcn_im2col_bilinear (modulated)."""
    height, width = im.shape
    h_low, w_low = math.floor(h), math.floor(w)
    if modulated:
        h_high, w_high = h_low + 1, w_low + 1
    else:
        h_high = height - 1 if h_low >= height - 1 else h_low + 1
        w_high = width - 1 if w_low >= width - 1 else w_low + 1
        h = h_low if h_low >= height - 1 else h
        w = w_low if w_low >= width - 1 else w
    lh, lw = h - h_low, w - w_low
    hh, hw = 1 - lh, 1 - lw

    def at(r, c):
        return im[r, c] if 0 <= r < height and 0 <= c < width else 0.0
    return (hh * hw * at(h_low, w_low) + hh * lw * at(h_low, w_high)
            + lh * hw * at(h_high, w_low) + lh * lw * at(h_high, w_high))


def _inside(h, w, height, width, modulated):
    if modulated:
        return h > -1 and w > -1 and h < height and w < width
    return h >= 0 and w >= 0 and h < height and w < width


def _gradient_corners(h, w, height, width, modulated):
    """The kernels' shared start of the gradient weights: None outside the map, else the (clipped)
    position and its corners ``(h, w, h_low, w_low, h_high, w_high)``."""
    if modulated:
        if h <= -1 or h >= height or w <= -1 or w >= width:
            return None
        h_low, w_low = math.floor(h), math.floor(w)
        return h, w, h_low, w_low, h_low + 1, w_low + 1
    if h < 0 or h > height or w < 0 or w > width:
        return None
    h_low, w_low = int(h), int(w)
    if h_low >= height - 1:
        h_high = h_low = height - 1
        h = float(h_low)
    else:
        h_high = h_low + 1
    if w_low >= width - 1:
        w_high = w_low = width - 1
        w = float(w_low)
    else:
        w_high = w_low + 1
    return h, w, h_low, w_low, h_high, w_high


def _gradient_weight(h, w, r, c, height, width, modulated):
    """get_gradient_weight_cpu / dmcn_get_gradient_weight: the weight of pixel (r, c) for sample (h, w)."""
    corners = _gradient_corners(h, w, height, width, modulated)
    if corners is None:
        return 0.0
    h, w, h_low, w_low, h_high, w_high = corners
    weight = 0.0
    if r == h_low and c == w_low:
        weight = (r + 1 - h) * (c + 1 - w)
    elif r == h_low and c == w_high:
        weight = (r + 1 - h) * (w + 1 - c)
    elif r == h_high and c == w_low:
        weight = (h + 1 - r) * (c + 1 - w)
    elif r == h_high and c == w_high:
        weight = (h + 1 - r) * (w + 1 - c)
    return weight


def _coordinate_weight(h, w, im, direction, modulated):
    """get_coordinate_weight_cpu / dmcn_get_coordinate_weight (direction 0: h, 1: w)."""
    height, width = im.shape
    corners = _gradient_corners(h, w, height, width, modulated)
    if corners is None:
        return 0.0
    h, w, h_low, w_low, h_high, w_high = corners

    def at(r, c):
        return im[r, c] if 0 <= r < height and 0 <= c < width else 0.0
    if direction == 0:
        return (-(w_low + 1 - w) * at(h_low, w_low) - (w - w_low) * at(h_low, w_high)
                + (w_low + 1 - w) * at(h_high, w_low) + (w - w_low) * at(h_high, w_high))
    return (-(h_low + 1 - h) * at(h_low, w_low) + (h_low + 1 - h) * at(h_low, w_high)
            - (h - h_low) * at(h_high, w_low) + (h - h_low) * at(h_high, w_high))


def _loop(data, offset, mask, weight, bias, head, kernel, stride, pad, dilate, group, dgroup):
    """Forward and MXNet's backward, one column element at a time: (out, [grads])."""
    modulated = mask is not None
    n_img, channels, height, width = data.shape
    filters = weight.shape[0]
    kh, kw = kernel
    taps = kh * kw
    ho_n, wo_n = head.shape[2:]
    per_group = channels // dgroup
    cols = np.zeros((n_img, channels, kh, kw, ho_n, wo_n))
    where = {}
    for n in range(n_img):
        for c in range(channels):
            g = c // per_group
            for i in range(kh):
                for j in range(kw):
                    k = i * kw + j
                    for ho in range(ho_n):
                        for wo in range(wo_n):
                            h = ho * stride[0] - pad[0] + i * dilate[0] + offset[n, g * 2 * taps + 2 * k, ho, wo]
                            w = wo * stride[1] - pad[1] + j * dilate[1] + offset[n, g * 2 * taps + 2 * k + 1, ho, wo]
                            m = mask[n, g * taps + k, ho, wo] if modulated else 1.0
                            where[n, c, i, j, ho, wo] = (h, w, m, g, k)
                            if _inside(h, w, height, width, modulated):
                                cols[n, c, i, j, ho, wo] = _bilinear(data[n, c], h, w, modulated) * m
    fg, cg = filters // group, channels // group
    out = np.zeros((n_img, filters, ho_n, wo_n))
    col_grad = np.zeros_like(cols)
    grad_w = np.zeros_like(weight)
    for f in range(filters):
        cs = slice(f // fg * cg, f // fg * cg + cg)
        out[:, f] = np.einsum("cij,ncijhw->nhw", weight[f], cols[:, cs])
        col_grad[:, cs] += np.einsum("cij,nhw->ncijhw", weight[f], head[:, f])
        grad_w[f] = np.einsum("nhw,ncijhw->cij", head[:, f], cols[:, cs])
    out += bias[None, :, None, None]
    grad_x, grad_off = np.zeros_like(data), np.zeros_like(offset)
    grad_mask = np.zeros_like(mask) if modulated else None
    for (n, c, i, j, ho, wo), (h, w, m, g, k) in where.items():
        top = col_grad[n, c, i, j, ho, wo] * m
        ch, cw = int(h), int(w)  # C's truncation, as col2im
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                r, s = ch + dy, cw + dx
                if 0 <= r < height and 0 <= s < width and abs(h - r) < 1 and abs(w - s) < 1:
                    grad_x[n, c, r, s] += _gradient_weight(h, w, r, s, height, width, modulated) * top
        inside = _inside(h, w, height, width, modulated)
        ih, iw = (h, w) if inside else ((-2.0, -2.0) if modulated else (-1.0, -1.0))
        for direction in (0, 1):
            grad_off[n, g * 2 * taps + 2 * k + direction, ho, wo] += (
                _coordinate_weight(ih, iw, data[n, c], direction, modulated) * col_grad[n, c, i, j, ho, wo] * m)
        if modulated and inside:
            grad_mask[n, g * taps + k, ho, wo] += col_grad[n, c, i, j, ho, wo] * _bilinear(data[n, c], h, w, True)
    grads = [grad_x, grad_off] + ([grad_mask] if modulated else []) + [grad_w, head.sum(axis=(0, 2, 3))]
    return out, grads


CONFIGS = [
    dict(kernel=(3, 3), stride=(1, 1), pad=(0, 0), dilate=(1, 1), group=1, dgroup=1, shape=(2, 4, 5, 6)),
    dict(kernel=(3, 2), stride=(2, 1), pad=(1, 2), dilate=(1, 2), group=2, dgroup=2, shape=(1, 4, 5, 4)),
    dict(kernel=(2, 2), stride=(1, 2), pad=(1, 0), dilate=(2, 1), group=1, dgroup=4, shape=(2, 4, 3, 5), filters=4),
    dict(kernel=(1, 1), stride=(1, 1), pad=(0, 0), dilate=(1, 1), group=2, dgroup=1, shape=(1, 2, 4, 5)),
]


def _inputs(config, modulated, seed, dyadic):
    rng = np.random.RandomState(seed)
    n, c, height, width = config["shape"]
    kh, kw = config["kernel"]
    out_hw = [(size + 2 * p - (d * (k - 1) + 1)) // s + 1 for size, p, d, k, s in
              zip((height, width), config["pad"], config["dilate"], config["kernel"], config["stride"])]
    filters = config.get("filters", 2 * config["group"])
    if dyadic:  # samples on whole and half coordinates: every boundary rule is exercised
        offset = rng.randint(-8, 9, (n, 2 * kh * kw * config["dgroup"], *out_hw)) / 2.0
    else:
        offset = rng.uniform(-3, 3, (n, 2 * kh * kw * config["dgroup"], *out_hw))
    return dict(data=rng.uniform(-2, 2, (n, c, height, width)), offset=offset,
                mask=rng.uniform(0, 1, (n, kh * kw * config["dgroup"], *out_hw)) if modulated else None,
                weight=rng.uniform(-1, 1, (filters, c // config["group"], kh, kw)),
                bias=rng.uniform(-1, 1, (filters,)), head=rng.uniform(-1, 1, (n, filters, *out_hw)))


@pytest.mark.parametrize("modulated", [False, True], ids=["deformable", "modulated"])
@pytest.mark.parametrize("dyadic", [False, True], ids=["random", "edges"])
@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_forward_and_backward_match_the_kernels(index, dyadic, modulated):
    config = CONFIGS[index]
    v = _inputs(config, modulated, index, dyadic)
    want_out, want_grads = _loop(v["data"], v["offset"], v["mask"], v["weight"], v["bias"], v["head"],
                                 config["kernel"], config["stride"], config["pad"], config["dilate"],
                                 config["group"], config["dgroup"])
    names = ["data", "offset"] + (["mask"] if modulated else []) + ["weight", "bias"]
    arrays = [mx.nd.array(v[name], dtype="float64") for name in names]
    for a in arrays:
        a.attach_grad()
    op = mx.nd.contrib.ModulatedDeformableConvolution if modulated else mx.nd.contrib.DeformableConvolution
    with mx.autograd.record():
        out = op(*arrays, kernel=config["kernel"], stride=config["stride"], pad=config["pad"],
                 dilate=config["dilate"], num_filter=v["weight"].shape[0], num_group=config["group"],
                 num_deformable_group=config["dgroup"])
    out.backward(mx.nd.array(v["head"], dtype="float64"))
    np.testing.assert_allclose(out.asnumpy(), want_out, rtol=1e-12, atol=1e-12)
    for name, a, want in zip(names, arrays, want_grads):
        np.testing.assert_allclose(a.grad.asnumpy(), want, rtol=1e-12, atol=1e-12, err_msg=name)


def test_modulated_reads_extra_offset_channels_as_mxnet():
    """With 2*k*k*dg + k*k offset channels, MXNet's modulated im2col steps images inside an
    im2col chunk by the used channels only: the offsets are the flat memory, chunk by chunk."""
    rng = np.random.RandomState(5)
    x = rng.uniform(-1, 1, (4, 2, 4, 4))
    off = rng.uniform(-1, 1, (4, 27, 2, 2))
    m = rng.uniform(0, 1, (4, 9, 2, 2))
    w, b = rng.uniform(-1, 1, (3, 2, 3, 3)), np.zeros(3)
    for step in (1, 2, 4, 64):
        flat = off.reshape(-1)
        s = min(step, 4)
        used = np.concatenate([flat[chunk * s * 27 * 4:][:s * 18 * 4] for chunk in range(4 // s)]).reshape(4, 18, 2, 2)
        got = mx.nd.contrib.ModulatedDeformableConvolution(
            *[mx.nd.array(a, dtype="float64") for a in (x, off, m, w, b)], kernel=(3, 3), num_filter=3, im2col_step=step)
        want = mx.nd.contrib.ModulatedDeformableConvolution(
            *[mx.nd.array(a, dtype="float64") for a in (x, used, m, w, b)], kernel=(3, 3), num_filter=3)
        np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())


def _args(modulated, batch=2):
    rng = np.random.RandomState(1)
    arrays = [mx.nd.array(rng.uniform(-1, 1, (batch, 4, 5, 5))), mx.nd.array(rng.uniform(-1, 1, (batch, 18, 3, 3)))]
    if modulated:
        arrays.append(mx.nd.array(rng.uniform(0, 1, (batch, 9, 3, 3))))
    return arrays + [mx.nd.array(rng.uniform(-1, 1, (6, 4, 3, 3))), mx.nd.array(rng.uniform(-1, 1, (6,)))]


@pytest.mark.parametrize("modulated,change", [
    (False, {"num_group": 0}), (False, {"num_deformable_group": 0}), (False, {"short_offset": True}),
    (True, {"num_group": 0}), (True, {"num_deformable_group": 0}), (True, {"short_offset": True}),
    (True, {"short_mask": True}), (True, {"im2col_step": 0}),
])
def test_deliberate_errors_leave_inputs_intact(modulated, change):
    """MXNet divides by zero (and dies) or reads past the offset/mask: mxnd raises MXNetError."""
    arrays = _args(modulated)
    kwargs = {"kernel": (3, 3), "num_filter": 6}
    if change.get("short_offset"):
        arrays[1] = arrays[1][:1]
    elif change.get("short_mask"):
        arrays[2] = arrays[2][:1]
    else:
        kwargs.update(change)
    before = [a.asnumpy().copy() for a in arrays]
    op = mx.nd.contrib.ModulatedDeformableConvolution if modulated else mx.nd.contrib.DeformableConvolution
    with pytest.raises(MXNetError, match="Deformable"):
        op(*arrays, **kwargs)
    for a, b in zip(arrays, before):
        np.testing.assert_array_equal(a.asnumpy(), b)


@pytest.mark.parametrize("modulated", [False, True], ids=["deformable", "modulated"])
def test_error_messages_name_the_rule(modulated):
    op = mx.nd.contrib.ModulatedDeformableConvolution if modulated else mx.nd.contrib.DeformableConvolution
    arrays = _args(modulated)
    with pytest.raises(MXNetError, match="not implemented"):
        op(*arrays, kernel=(3,), num_filter=6)
    with pytest.raises(MXNetError, match="expects 4 inputs, but got 5" if modulated else "expects 3 inputs, but got 4"):
        op(*arrays, kernel=(3, 3), num_filter=6, no_bias=True)
    with pytest.raises(MXNetError, match="output width must equal to offset map width"):
        op(*arrays, kernel=(3, 3), pad=(0, 1), num_filter=6)
    with pytest.raises(MXNetError, match="requires uniform type.*'weight'"):
        op(*arrays[:-2], arrays[-2].astype("float64"), arrays[-1], kernel=(3, 3), num_filter=6)
    with pytest.raises(MXNetError, match="Invalid layout"):
        op(*arrays, kernel=(3, 3), num_filter=6, layout="NCW")
    with pytest.raises(MXNetError, match="valid values are"):
        op(*arrays, kernel=(3, 3), num_filter=6, layout="NHWC")


@pytest.mark.parametrize("modulated", [False, True], ids=["deformable", "modulated"])
def test_float16_runs_in_float32(modulated):
    """MXNet's CPU build raises (no float16 gemm): mxnd computes in float32 and rounds."""
    op = mx.nd.contrib.ModulatedDeformableConvolution if modulated else mx.nd.contrib.DeformableConvolution
    arrays = _args(modulated)
    want = op(*arrays, kernel=(3, 3), num_filter=6).asnumpy()
    halves = [a.astype("float16") for a in arrays]
    for a in halves:
        a.attach_grad()
    with mx.autograd.record():
        got = op(*halves, kernel=(3, 3), num_filter=6)
    got.backward()
    assert got.dtype == np.float16 and got.shape == (2, 6, 3, 3)
    np.testing.assert_allclose(got.asnumpy(), op(*[a.astype("float32") for a in halves], kernel=(3, 3), num_filter=6)
                               .asnumpy().astype(np.float16), rtol=0, atol=0)
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-2, atol=2e-2)
    assert all(a.grad.dtype == np.float16 for a in halves)


@pytest.mark.parametrize("modulated", [False, True], ids=["deformable", "modulated"])
def test_grad_req_add_accumulates(modulated):
    op = mx.nd.contrib.ModulatedDeformableConvolution if modulated else mx.nd.contrib.DeformableConvolution
    arrays = [a.astype("float64") for a in _args(modulated)]
    grads = []
    for req in ("write", "add"):
        for a in arrays:
            a.attach_grad(grad_req=req)
        for _ in range(2):
            with mx.autograd.record():
                out = op(*arrays, kernel=(3, 3), num_filter=6)
            out.backward()
        grads.append([a.grad.asnumpy() for a in arrays])
    for once, twice in zip(*grads):
        np.testing.assert_allclose(twice, 2 * once, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("modulated", [False, True], ids=["deformable", "modulated"])
def test_nan_offsets_sample_zero_and_get_zero_gradient(modulated):
    op = mx.nd.contrib.ModulatedDeformableConvolution if modulated else mx.nd.contrib.DeformableConvolution
    arrays = [a.astype("float64") for a in _args(modulated)]
    off = arrays[1].asnumpy()
    off[:, :, 1, 1] = np.nan
    arrays[1] = mx.nd.array(off, dtype="float64")
    for a in arrays:
        a.attach_grad()
    with mx.autograd.record():
        out = op(*arrays, kernel=(3, 3), num_filter=6)
    out.backward()
    assert np.isfinite(out.asnumpy()).all()
    assert all(np.isfinite(a.grad.asnumpy()).all() for a in arrays)
    np.testing.assert_array_equal(arrays[1].grad.asnumpy()[:, :, 1, 1], 0)
    # the output at a NaN position is the bias alone
    np.testing.assert_allclose(out.asnumpy()[:, :, 1, 1], np.broadcast_to(arrays[-1].asnumpy(), (2, 6)), rtol=1e-12)


@pytest.mark.parametrize("modulated", [False, True], ids=["deformable", "modulated"])
def test_batch_chunks_agree(monkeypatch, modulated):
    op = mx.nd.contrib.ModulatedDeformableConvolution if modulated else mx.nd.contrib.DeformableConvolution
    arrays = [a.astype("float64") for a in _args(modulated, batch=3)]

    def run():
        for a in arrays:
            a.attach_grad()
        with mx.autograd.record():
            out = op(*arrays, kernel=(3, 3), num_filter=6)
        out.backward()
        return [out.asnumpy()] + [a.grad.asnumpy() for a in arrays]

    whole = run()
    monkeypatch.setattr(deformable, "_CHUNK_ELEMENTS", 1)  # one image per chunk
    for got, want in zip(run(), whole):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_bias_left_out_equals_a_zero_bias():
    arrays = _args(False)
    a = mx.nd.contrib.DeformableConvolution(*arrays[:3], kernel=(3, 3), num_filter=6, no_bias=True)
    b = mx.nd.contrib.DeformableConvolution(*arrays[:3], arrays[3] * 0, kernel=(3, 3), num_filter=6)
    np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    arrays = _args(True)
    a = mx.nd.contrib.ModulatedDeformableConvolution(*arrays[:4], kernel=(3, 3), num_filter=6, no_bias=True)
    b = mx.nd.contrib.ModulatedDeformableConvolution(*arrays[:4], arrays[4] * 0, kernel=(3, 3), num_filter=6)
    np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
