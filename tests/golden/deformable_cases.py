"""Cases of the deformable family: contrib.DeformableConvolution and contrib.ModulatedDeformableConvolution.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into deformable.json. Most inputs are dyadic (data in quarters, offsets in
quarters, weights in halves), so every sum is exact and the results are bit-exact whatever the
order of MXNet's BLAS; float64 cases with random values are rounded to 4 decimals; float32
random cases are compared with the float64 result inside the case. ``G`` records the gradients
of sum(output * head) with respect to every input too (DeformableConvolution only: MXNet's CPU
build has no ModulatedDeformableConvolution backward). The boundary cases put 1x1-kernel
samples at chosen positions around the map's edges (-1, -0.5, 0, H - 1, H - 0.5, H ...).
Never put a case here that makes MXNet divide by zero (num_group, num_deformable_group or
im2col_step 0) or read out of bounds (an offset or mask batch smaller than the data's, NaN
offsets in a backward).
"""

D = ("rng = np.random.RandomState(0); "
     "x = mx.nd.array(rng.randint(-16, 17, (2, 4, 5, 6)) / 4.0); "
     "off = mx.nd.array(rng.randint(-12, 13, (2, 18, 3, 4)) / 4.0); "
     "off2 = mx.nd.array(rng.randint(-12, 13, (2, 24, 3, 8)) / 4.0); "
     "w = mx.nd.array(rng.randint(-4, 5, (6, 4, 3, 3)) / 2.0); "
     "w2 = mx.nd.array(rng.randint(-4, 5, (4, 2, 3, 2)) / 2.0); "
     "b = mx.nd.array(rng.randint(-3, 4, (6,)) * 1.0); b2 = mx.nd.array([1.0, -2.0, 0.5, 3.0]); "
     "m = mx.nd.array(rng.randint(0, 5, (2, 9, 3, 4)) / 4.0); "
     "m2 = mx.nd.array(rng.randint(0, 5, (2, 12, 3, 8)) / 4.0); "
     "xr = mx.nd.array(rng.uniform(-2, 2, (2, 4, 5, 6)), dtype='float64'); "
     "offr = mx.nd.array(rng.uniform(-3, 3, (2, 18, 3, 4)), dtype='float64'); "
     "wr = mx.nd.array(rng.uniform(-1, 1, (6, 4, 3, 3)), dtype='float64'); "
     "br = mx.nd.array(rng.uniform(-1, 1, (6,)), dtype='float64'); "
     "mr = mx.nd.array(rng.uniform(0, 1, (2, 9, 3, 4)), dtype='float64'); "
     "hb = np.array([-2, -1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 1, 1.5, 2.75, 3, 3.25, 3.5, 3.75, 4, 4.25, 4.5, 5, 2]); "
     "wb = np.array([0.5, 1.25, 2, 3, 4.5, 0, 1, 2.5, 3.75, 4, 0.25, 3.5, 1.75, 2.25, 0.75, 1.5, 4.25, 3.25, 2.75, 1]); "
     "grid = np.stack(np.meshgrid(np.arange(4.0), np.arange(5.0), indexing='ij')).reshape(1, 2, 4, 5); "
     "xe = mx.nd.array(rng.randint(-16, 17, (1, 2, 4, 5)) / 4.0); we = mx.nd.array([[[[1.0]], [[-0.5]]], [[[2.0]], [[1.5]]]]); "
     "edge_h = mx.nd.array(np.stack([hb.reshape(4, 5), wb.reshape(4, 5)])[None] - grid); "
     "edge_w = mx.nd.array(np.stack([wb.reshape(4, 5) * 0.75, hb.reshape(4, 5) + 0.5])[None] - grid); "
     "edge_hw = mx.nd.array(np.stack([hb.reshape(4, 5), hb[::-1].reshape(4, 5) + 0.5])[None] - grid); "
     "me = mx.nd.array(rng.randint(1, 5, (1, 1, 4, 5)) / 4.0)\n")
ARR = "(np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"
R = D + "r = {}; result = " + ARR
G = (D + "ins = [{}]\nfor a in ins:\n    a.attach_grad()\nwith mx.autograd.record():\n    r = {}(*ins, {})\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 - 2.0, dtype=r.dtype))\n"
     "result = (" + ARR + ", [np.round(a.grad.asnumpy().astype('float64'), 4).tolist() for a in ins])")
E = D + "try:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

DC = "mx.nd.contrib.DeformableConvolution"
MC = "mx.nd.contrib.ModulatedDeformableConvolution"

# MXNet overwrites the data and offset gradients under grad_req='add' (mxnd adds: DELIBERATE)
ADD_D = (D + "ins = [x, off, w, b]\nfor a in ins:\n    a.attach_grad(grad_req='add')\nfor k in range(2):\n"
         f"    with mx.autograd.record():\n        r = {DC}(*ins, kernel=(3, 3), num_filter=6)\n    r.backward()\n"
         "result = [np.round(a.grad.asnumpy().astype('float64'), 4).tolist() for a in ins]")
# float16: MXNet's CPU build has no float16 gemm (mxnd computes in float32: DELIBERATE)
HALF_D = R.format(f"{DC}(x.astype('float16'), off.astype('float16'), w.astype('float16'), b.astype('float16'), "
                  "kernel=(3, 3), num_filter=6)")
HALF_M = R.format(f"{MC}(x.astype('float16'), off.astype('float16'), m.astype('float16'), w.astype('float16'), "
                  "b.astype('float16'), kernel=(3, 3), num_filter=6)")
# MXNet's CPU build has no ModulatedDeformableConvolution backward (mxnd follows the GPU kernels: DELIBERATE)
BACKWARD_M = E.format(f"xr.attach_grad()\n    with mx.autograd.record():\n        r = {MC}(xr, offr, mr, wr, br, "
                      "kernel=(3, 3), num_filter=6)\n    r.backward()\n    xr.grad.wait_to_read()")


def g(inputs, kwargs):
    return G.format(inputs, DC, kwargs)


DEFORMABLE = [
    g("x, off, w, b", "kernel=(3, 3), num_filter=6"),
    g("x, off, w", "kernel=(3, 3), num_filter=6, no_bias=True"),
    g("x, off2, w2, b2", "kernel=(3, 2), num_filter=4, stride=(2, 1), pad=(1, 2), dilate=(1, 2), num_group=2, "
                         "num_deformable_group=2"),
    g("x, off2, w2", "kernel=(3, 2), num_filter=4, stride=(2, 1), pad=(1, 2), dilate=(1, 2), num_group=2, "
                     "num_deformable_group=2, no_bias=True"),
    g("x, mx.nd.concat(off, off, dim=1), w, b", "kernel=(3, 3), num_filter=6, num_deformable_group=2"),
    g("x, mx.nd.concat(off, off * -1, off * 0.5, off[::-1], dim=1), w, b", "kernel=(3, 3), num_filter=6, num_deformable_group=4"),
    g("x, off, w[:4, :1], b[:4]", "kernel=(3, 3), num_filter=4, num_group=4"),
    g("x, off, w[:, :2], b", "kernel=(3, 3), num_filter=6, num_group=2"),
    g("x, off[:, :8, :2, :2], w[:4, :, :2, :2], b[:4]",
      "kernel=(2, 2), num_filter=4, stride=(3, 4), pad=(1, 1)"),
    g("x, off[:, :2, :, :1], w[:, :, :1, :1], b", "kernel=(1, 1), num_filter=6, stride=(2, 6)"),
    # stride 2, dilate 2 on 4 rows: C's division gives one output row ((4 - 5) / 2 + 1 = 1)
    g("x[:, :, :4], off[:, :, :1, :2], w, b", "kernel=(3, 3), num_filter=6, stride=(2, 2), dilate=(2, 1)"),
    # negative pad shrinks the output
    g("x, off[:, :, :1, :2], w, b", "kernel=(3, 3), num_filter=6, pad=(-1, 0), stride=(1, 2)"),
    # an extra kh*kw offset channels are never read; a larger offset batch is read in its first images
    g("x, mx.nd.concat(off, off[:, :9] * 9, dim=1), w, b", "kernel=(3, 3), num_filter=6"),
    g("x[:1], off, w, b", "kernel=(3, 3), num_filter=6"),
    # random float64 values
    g("xr, offr, wr, br", "kernel=(3, 3), num_filter=6"),
    g("xr, mx.nd.concat(offr, offr * 0.5, dim=1), wr[:, :2], br", "kernel=(3, 3), num_filter=6, num_group=2, "
                                                                  "num_deformable_group=2"),
    g("xr, offr[:, :, :, :2] * 1.5, wr, br", "kernel=(3, 3), num_filter=6, stride=(1, 2), pad=(0, 1), dilate=(1, 2)"),
    # float32 random values: forward and gradients close to the float64 ones
    D + "ins = [a.astype('float32') for a in (xr, offr, wr, br)] + [xr, offr, wr, br]\nfor a in ins:\n"
        "    a.attach_grad()\nwith mx.autograd.record():\n"
        f"    r = {DC}(*ins[:4], kernel=(3, 3), num_filter=6, stride=(2, 1), pad=(1, 0))\n"
        f"    f = {DC}(*ins[4:], kernel=(3, 3), num_filter=6, stride=(2, 1), pad=(1, 0))\n"
        "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 - 2.0))\n"
        "f.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 - 2.0, dtype='float64'))\n"
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), rtol=1e-5, atol=1e-5)), "
        "[bool(np.allclose(a.grad.asnumpy(), c.grad.asnumpy(), rtol=1e-4, atol=1e-4)) for a, c in zip(ins[:4], ins[4:])])",
    # samples around the edges of a 4x5 map (1x1 kernel: one sample per output)
    g("xe, edge_h, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    g("xe, edge_w, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    g("xe, edge_hw, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    g("xe, edge_h * -1 - 3 * mx.nd.array(grid), we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    g("xe[:, :, :1, :1], edge_h[:, :, :1, :1] * 0 + mx.nd.array([[[[0.5]], [[-0.25]]]]), we",
      "kernel=(1, 1), num_filter=2, no_bias=True"),
    # string parameters, an explicit layout, extra stride/dilate/pad entries (only the first two are read)
    R.format(f"{DC}(data=x, offset=off, weight=w, bias=b, kernel='(3, 3)', num_filter='6', no_bias='False', "
             "stride='[1, 1]', num_group='1', workspace='512', layout='NCHW')"),
    R.format(f"{DC}(x, off, w, b, kernel=(3, 3), num_filter=6, stride=(1, 1, 3), dilate=(1, 1, 2), pad=(0, 0, 5))"),
    R.format(f"{DC}(x.astype('float64'), off.astype('float64'), w.astype('float64'), b.astype('float64'), "
             "kernel=(3, 3), num_filter=6)"),
    R.format(f"{DC}(x, off * np.nan, w, b, kernel=(3, 3), num_filter=6)"),
    R.format(f"{DC}(x, off * 100, w, b, kernel=(3, 3), num_filter=6)"),
    D + f"r = {DC}(xr.astype('float32'), offr.astype('float32'), wr.astype('float32'), br.astype('float32'), "
        "kernel=(3, 3), num_filter=6, stride=(2, 1), pad=(1, 0)); "
        f"f = {DC}(xr, offr, wr, br, kernel=(3, 3), num_filter=6, stride=(2, 1), pad=(1, 0)); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), rtol=1e-5, atol=1e-5)))",
    ADD_D, HALF_D,
] + [E.format(f"{DC}({c}).wait_to_read()") for c in [
    "x, off, w, kernel=(3, 3), num_filter=6", "x, off, w, b, kernel=(3, 3), num_filter=6, no_bias=True",
    "x, off, w, b, kernel=(3,), num_filter=6", "x, off, w, b, kernel=(3, 3, 3), num_filter=6",
    "x, off, w, b, kernel=(3, 3), num_filter=6, layout='NCW'", "x, off, w, b, kernel=(3, 3), num_filter=6, layout='NCDHW'",
    "x, off, w, b, kernel=(3, 3), num_filter=6, layout='NHWC'", "x, off, w, b, num_filter=6", "x, off, w, b, kernel=(3, 3)",
    "x.astype('int32'), off.astype('int32'), w.astype('int32'), b.astype('int32'), kernel=(3, 3), num_filter=6",
    "x, off.astype('float64'), w, b, kernel=(3, 3), num_filter=6", "x, off, w.astype('float64'), b, kernel=(3, 3), num_filter=6",
    "x, off, w, b, kernel=(3, 3), num_filter=0", "x, off, w, b, kernel=(3, 3), num_filter=-1",
    "x, off, w, b, kernel=(3, 3), num_filter=6, num_group=-1", "x, off, w, b, kernel=(3, 3), num_filter=6, num_group=3",
    "x, off, w[:, :1], b, kernel=(3, 3), num_filter=6, num_group=4",
    "x, off, w, b, kernel=(3, 3), num_filter=6, num_deformable_group=3",
    "x, off, w, b, kernel=(3, 3), num_filter=6, num_deformable_group=2",
    "x, off[:, :17], w, b, kernel=(3, 3), num_filter=6", "x, off[:, :, :2], w, b, kernel=(3, 3), num_filter=6",
    "x, off[:, :, :, :3], w, b, kernel=(3, 3), num_filter=6", "x, off[0], w, b, kernel=(3, 3), num_filter=6",
    "x[0], off, w, b, kernel=(3, 3), num_filter=6", "x, off, w[:, :, :2], b, kernel=(3, 3), num_filter=6",
    "x, off, w, b[:5], kernel=(3, 3), num_filter=6", "x, off, w, b, kernel=(3, 3), stride=(2,), num_filter=6",
    "x, off, w, b, kernel=(3, 3), stride=(0, 1), num_filter=6", "x, off, w, b, kernel=(3, 3), dilate=(1, 0), num_filter=6",
    "x, off, w, b, kernel=(3, 3), stride=(1, 1, 0), num_filter=6", "x, off, w, b, kernel=(0, 3), num_filter=6",
    "x, off, w, b, kernel=(3, 3), dilate=(-1, -1), num_filter=6", "x, off, w, b, kernel=(3, 3), stride=(-1, 1, 2), num_filter=6",
    "x, off, w, b, kernel=(3, 3), dilate=(1, 1, -2), num_filter=6", "x, off, w, b, kernel=(3, 3), pad=(1, 1), num_filter=6",
    "x[:, :, :2], off[:, :, :1], w, b, kernel=(3, 3), num_filter=6",
    "x[:, :, :2], off[:, :, :1], w, b, kernel=(3, 3), dilate=(2, 1), stride=(2, 1), num_filter=6",
    "x[:0], off[:0], w, b, kernel=(3, 3), num_filter=6", "x, off, w, b, kernel=(3, 3), num_filter=6, no_bias='maybe'",
    "x, off, w, b, kernel=(3, 3), num_filter=6, bogus=1",
]]


def mf(inputs, kwargs):
    return R.format(f"{MC}({inputs}, {kwargs})")


MODULATED = [
    mf("x, off, m, w, b", "kernel=(3, 3), num_filter=6"),
    mf("x, off, m, w", "kernel=(3, 3), num_filter=6, no_bias=True"),
    mf("x, off2, m2, w2, b2", "kernel=(3, 2), num_filter=4, stride=(2, 1), pad=(1, 2), dilate=(1, 2), num_group=2, "
                              "num_deformable_group=2"),
    mf("x, mx.nd.concat(off, off, dim=1), mx.nd.concat(m, 1 - m, dim=1), w, b",
       "kernel=(3, 3), num_filter=6, num_deformable_group=2"),
    mf("x, off, m, w[:4, :1], b[:4]", "kernel=(3, 3), num_filter=4, num_group=4"),
    mf("x, off, m, w, b", "kernel=(3, 3), num_filter=6, im2col_step=1"),
    mf("mx.nd.concat(x, x * 2, dim=0), mx.nd.concat(off, off[::-1], dim=0), mx.nd.concat(m, m, dim=0), w, b",
       "kernel=(3, 3), num_filter=6, im2col_step=2"),
    mf("x[:, :, :4], off[:, :, :1, :2], m[:, :, :1, :2], w, b", "kernel=(3, 3), num_filter=6, stride=(2, 2), dilate=(2, 1)"),
    mf("x, mx.nd.concat(off, off[:, :9] * 9, dim=1), m, w, b", "kernel=(3, 3), num_filter=6"),
    mf("x[:1], off, m, w, b", "kernel=(3, 3), num_filter=6"),
    mf("xr, offr, mr, wr, br", "kernel=(3, 3), num_filter=6"),
    mf("xr, offr[:, :, :, :2] * 1.5, mr[:, :, :, :2], wr, br", "kernel=(3, 3), num_filter=6, stride=(1, 2), pad=(0, 1), "
                                                               "dilate=(1, 2)"),
    mf("xe, edge_h, me, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    mf("xe, edge_w, me, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    mf("xe, edge_hw, me, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    mf("xe, edge_h * -1 - 3 * mx.nd.array(grid), me, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    mf("xe, edge_h, me * 0 + np.inf, we", "kernel=(1, 1), num_filter=2, no_bias=True"),
    mf("x, off * np.nan, m, w, b", "kernel=(3, 3), num_filter=6"),
    R.format(f"{MC}(data=x, offset=off, mask=m, weight=w, bias=b, kernel='(3, 3)', num_filter='6', "
             "im2col_step='4', layout='NCHW', workspace='16')"),
    D + f"r = {MC}(xr.astype('float32'), offr.astype('float32'), mr.astype('float32'), wr.astype('float32'), "
        "br.astype('float32'), kernel=(3, 3), num_filter=6); "
        f"f = {MC}(xr, offr, mr, wr, br, kernel=(3, 3), num_filter=6); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), rtol=1e-5, atol=1e-5)))",
    BACKWARD_M, HALF_M,
] + [E.format(f"{MC}({c}).wait_to_read()") for c in [
    "x, off, m, w, kernel=(3, 3), num_filter=6", "x, off, m, w, b, kernel=(3, 3), num_filter=6, no_bias=True",
    "x, off, m, w, b, kernel=(3,), num_filter=6", "x, off, m, w, b, kernel=(3, 3), num_filter=6, layout='NCW'",
    "x, off, m, w, b, kernel=(3, 3), num_filter=6, im2col_step=-1",
    "mx.nd.concat(x, x[:1], dim=0), mx.nd.concat(off, off[:1], dim=0), mx.nd.concat(m, m[:1], dim=0), w, b, "
    "kernel=(3, 3), num_filter=6, im2col_step=2",
    "x, off, m, w, b, kernel=(3, 3), num_filter=6, num_group=-1",
    "x, mx.nd.concat(off, off, dim=1), mx.nd.concat(m, m, dim=1), w[:5], b[:5], kernel=(3, 3), num_filter=5, "
    "num_deformable_group=2",
    "x, off, m[:, :, :, :3], w, b, kernel=(3, 3), num_filter=6", "x, off, m[:, :, :2], w, b, kernel=(3, 3), num_filter=6",
    "x, off, m[:, :8], w, b, kernel=(3, 3), num_filter=6", "x, off, mx.nd.concat(m, m, dim=1), w, b, kernel=(3, 3), num_filter=6",
    "x, off, m[0], w, b, kernel=(3, 3), num_filter=6", "x, off, m.astype('float64'), w, b, kernel=(3, 3), num_filter=6",
    "x, off, m, w, b, kernel=(3, 3), num_filter=-6", "x, off[:, :17], m, w, b, kernel=(3, 3), num_filter=6",
    "x, off, m, w[:, :2], b, kernel=(3, 3), num_filter=6",
]]

CASES = DEFORMABLE + MODULATED

# case -> why mxnd deliberately differs (tests/test_golden.py merges this table)
DELIBERATE = {
    ADD_D: "MXNet's DeformableConvolution overwrites the data and offset gradients under grad_req='add'; "
           "mxnd adds them as for every other operator",
    HALF_D: "MXNet's CPU build raises 'FP16 gemm on cpu not implemented!'; mxnd computes float16 in float32 "
            "and rounds the result",
    HALF_M: "MXNet's CPU build raises 'FP16 gemm on cpu not implemented!'; mxnd computes float16 in float32 "
            "and rounds the result",
    BACKWARD_M: "MXNet's CPU build has no ModulatedDeformableConvolution backward ('only implemented in GPU'); "
                "mxnd computes the gradients as MXNet's GPU kernels do",
}
