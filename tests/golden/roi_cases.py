"""Cases of the roi family: Crop, ROIPooling, contrib.ROIAlign.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into roi.json. Results are rounded to 4 decimals; ``G`` records the
gradient of sum(output * weights) with respect to the data too. Data are permutations, so
ROIPooling's maxima have no ties. Never put a case here that aborts MXNet (a roi batch index
out of range, an empty roi with aligned ROIAlign).
"""

D = ("rng = np.random.RandomState(0); "
     "x = mx.nd.array(rng.permutation(2 * 3 * 7 * 8).reshape(2, 3, 7, 8) / 7.0 - 10.0); "
     "x4 = mx.nd.array(rng.permutation(2 * 8 * 6 * 5).reshape(2, 8, 6, 5) / 5.0); "
     "rois = mx.nd.array([[0, 0, 0, 3, 3], [1, 1.4, 2.6, 6.5, 5.5], [0, -2, -1, 9, 8], [1, 5, 4, 2, 1], "
     "[0, 3.5, 0.5, 4.5, 6.49], [1, 7, 6, 7, 6], [0, 0.2, 0.3, 12, 11]]); r64 = rois.astype('float64'); ")
ROUND = "(np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"
R = D + "r = {}; result = " + ROUND
G = (D + "x = {}; x.attach_grad()\nwith mx.autograd.record():\n    r = {}\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 + 1.0, dtype=r.dtype))\n"
     "result = (" + ROUND + ", np.round(x.grad.asnumpy().astype('float64'), 4).tolist())")
E = D + "\ntry:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

CROP = [
    G.format("x", "mx.nd.Crop(x, h_w=(3, 4))"),
    G.format("x", "mx.nd.Crop(x, h_w=(3, 4), offset=(2, 1))"),
    G.format("x", "mx.nd.Crop(x, h_w=(4, 3), center_crop=True)"),
    G.format("x", "mx.nd.Crop(x, mx.nd.zeros((1, 1, 2, 5)))"),
    G.format("x", "mx.nd.Crop(x, mx.nd.zeros((5, 2, 3, 3)), offset=(4, 5))"),
    G.format("x", "mx.nd.Crop(x, mx.nd.zeros((1, 1, 4, 5)), center_crop=True)"),
    R.format("mx.nd.Crop(x, mx.nd.zeros((1, 1, 7, 8)))"),
    R.format("mx.nd.Crop(x, h_w=(7, 8))"),
    R.format("mx.nd.Crop(x, x[:, :, :2, :3], num_args=2)"),
    R.format("mx.nd.Crop(x, h_w='(2, 2)', offset='(1, 1)', center_crop='False')"),
    R.format("mx.nd.Crop(x, h_w=(2, 2, 9))"),
] + [E.format(f"mx.nd.Crop({c}).wait_to_read()") for c in [
    "x", "x, h_w=(8, 2)", "x, h_w=(2, 9)", "x, h_w=(2, 0)", "x, h_w=(2, 2), offset=(6, 0)",
    "x, h_w=(2, 2), offset=(0, 7)", "x, h_w=(2, 2), offset=(-1, 0)", "x, mx.nd.zeros((1, 1, 8, 2))",
    "x, mx.nd.zeros((1, 1, 2, 9))", "x[0], h_w=(2, 2)", "x, x, x", "x, h_w=(2,)", "x, num_args=2, h_w=(2, 2)",
    "x.astype('float64'), h_w=(2, 2)", "x.astype('int32'), h_w=(2, 2)", "x, mx.nd.zeros((2, 3))",
]]

POOL = [
    G.format("x", "mx.nd.ROIPooling(x, rois, pooled_size=(2, 2), spatial_scale=1.0)"),
    G.format("x", "mx.nd.ROIPooling(x, rois, pooled_size=(3, 2), spatial_scale=0.5)"),
    G.format("x", "mx.nd.ROIPooling(x, rois, pooled_size=(4, 5), spatial_scale=0.75)"),
    G.format("x", "mx.nd.ROIPooling(x, rois, pooled_size=(1, 1), spatial_scale=1.0)"),
    G.format("x", "mx.nd.ROIPooling(x, rois[1:2], pooled_size=(7, 8), spatial_scale=1.0)"),
    G.format("x.astype('float64')", "mx.nd.ROIPooling(x, rois.astype('float64'), pooled_size=(2, 3), spatial_scale=1.0)"),
    # float32 bins: ceil(21 * (3 / 21)) is 4 and ceil(13 * (7 / 13)) is 8, one past the roi
    G.format("x", "mx.nd.ROIPooling(x, mx.nd.array([[0, 0, 0, 6, 2], [1, 1, 4, 7, 6]]), pooled_size=(21, 13), spatial_scale=1.0)"),
    # C round of a corner just below a half (0.49999997 rounds to 0, not 1 as floor(x + 0.5) gives)
    G.format("x", "mx.nd.ROIPooling(x, mx.nd.array([[0, 0, 0, 0.49999997, 2.49999976], [1, 1.49999988, 0, 3, 3]]), pooled_size=(2, 2), spatial_scale=1.0)"),
    # rois mostly outside the map
    G.format("x", "mx.nd.ROIPooling(x, mx.nd.array([[0, -60, -50, 3, 2], [1, 5, 4, 90, 70], [0, -9, -9, -2, -1]]), "
                  "pooled_size=(3, 2), spatial_scale=1.0)"),
    R.format("mx.nd.ROIPooling(x.astype('float16'), rois.astype('float16'), pooled_size=(2, 2), spatial_scale=1.0)"),
    R.format("mx.nd.ROIPooling(x, rois, pooled_size=(2, 2), spatial_scale=0)"),
    R.format("mx.nd.ROIPooling(x, mx.nd.array([[0, 0.5, 1.5, 2.5, -0.5], [1.9, 1, 1, 1, 1]]), pooled_size=(2, 2), spatial_scale=1)"),
    R.format("mx.nd.ROIPooling(data=x, rois=rois, pooled_size='(2, 2)', spatial_scale='0.5')"),
] + [E.format(f"mx.nd.ROIPooling({c}).wait_to_read()") for c in [
    "x, rois, pooled_size=(2,), spatial_scale=1", "x, rois, pooled_size=(2, 2, 2), spatial_scale=1",
    "x, rois, pooled_size=(0, 2), spatial_scale=1", "x, rois, pooled_size=(2, 2), spatial_scale=-1", "x, rois, pooled_size=(2, 2), spatial_scale=1.5",
    "x, rois[:, :4], pooled_size=(2, 2), spatial_scale=1", "x[0], rois, pooled_size=(2, 2), spatial_scale=1",
    "x, rois.reshape((1, 7, 5)), pooled_size=(2, 2), spatial_scale=1",
    "x.astype('float64'), rois, pooled_size=(2, 2), spatial_scale=1",
    "x.astype('int32'), rois, pooled_size=(2, 2), spatial_scale=1",
    "x, rois, spatial_scale=1", "x, rois, pooled_size=(2, 2)", "x, rois[:0], pooled_size=(2, 2), spatial_scale=1",
]]

ALIGN = [
    # float64, so that the sums agree to the 4th decimal (float32 sums differ in the last bits)
    G.format("x.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64, pooled_size=(2, 2), spatial_scale=1.0)"),
    G.format("x.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64, pooled_size=(3, 2), spatial_scale=0.5)"),
    G.format("x.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64, pooled_size=(2, 3), spatial_scale=0.75, sample_ratio=2)"),
    G.format("x.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64, pooled_size=(4, 4), spatial_scale=1.0, sample_ratio=1)"),
    G.format("x.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64, pooled_size=(1, 1), spatial_scale=1.0, sample_ratio=0)"),
    G.format("x.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64[:3], pooled_size=(2, 2), spatial_scale=1.0, aligned=True)"),
    G.format("x.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64[:3], pooled_size=(3, 3), spatial_scale=0.5, sample_ratio=3, aligned=True)"),
    G.format("x4.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64, pooled_size=(2, 2), spatial_scale=1.0, position_sensitive=True)"),
    G.format("x4.astype('float64')", "mx.nd.contrib.ROIAlign(x, r64, pooled_size=(2, 4), spatial_scale=0.5, sample_ratio=2, position_sensitive=True)"),
    # a negative batch index: MXNet 1.9.1 zeros one element only and leaves the rest of that roi's
    # output uninitialized (mxnd zeros it all), so only the other rois and the gradient are recorded
    D + "x = x.astype('float64'); x.attach_grad()\nwith mx.autograd.record():\n"
        "    r = mx.nd.contrib.ROIAlign(x, mx.nd.array([[-1, 1, 1, 3, 3], [1, 1, 1, 3, 3], [-0.5, 1, 1, 3, 3]], dtype='float64'), "
        "pooled_size=(2, 2), spatial_scale=1.0)\nr.backward(mx.nd.ones_like(r))\n"
        "result = (np.round(r[1:].asnumpy(), 4).tolist(), np.round(x.grad.asnumpy(), 4).tolist())",
    G.format("x", "mx.nd.contrib.ROIAlign(x, rois, pooled_size=(1, 2), spatial_scale=0.5)").replace("4).tolist()", "2).tolist()"),
    # float16 runs in half precision in MXNet (float32 in mxnd): compared with the float32 result
    D + "r = mx.nd.contrib.ROIAlign(x.astype('float16'), rois.astype('float16'), pooled_size=(2, 2), spatial_scale=1.0); "
        "f = mx.nd.contrib.ROIAlign(x, rois, pooled_size=(2, 2), spatial_scale=1.0); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), atol=0.1)))",
    R.format("mx.nd.contrib.ROIAlign(x, rois, pooled_size=(2, 2), spatial_scale=0)"),
    R.format("mx.nd.contrib.ROIAlign(x.astype('float64'), mx.nd.array([[0, -3, -3, -1.5, -1.2], [0, 7.5, 6.5, 9, 8.2]], dtype='float64'), pooled_size=(2, 2), spatial_scale=1)"),
    R.format("mx.nd.contrib.ROIAlign(data=x.astype('float64'), rois=r64, pooled_size='(2, 2)', spatial_scale='0.5', sample_ratio='2', aligned='0')"),
] + [E.format(f"mx.nd.contrib.ROIAlign({c}).wait_to_read()") for c in [
    "x, rois, pooled_size=(2,), spatial_scale=1", "x, rois, pooled_size=(0, 2), spatial_scale=1",
    "x, rois, pooled_size=(2, 2), spatial_scale=-1", "x, rois, pooled_size=(2, 2), spatial_scale=1.5", "x, rois[:, :4], pooled_size=(2, 2), spatial_scale=1",
    "x[0], rois, pooled_size=(2, 2), spatial_scale=1", "x, rois.reshape((1, 7, 5)), pooled_size=(2, 2), spatial_scale=1",
    "x.astype('float64'), rois, pooled_size=(2, 2), spatial_scale=1", "x, rois[:0], pooled_size=(2, 2), spatial_scale=1",
    "x, rois, pooled_size=(2, 2), spatial_scale=1, position_sensitive=True", "x, rois, pooled_size=(2, 2), spatial_scale=1.5",
    "x, rois, pooled_size=(2, 2)",
]]

# Correlation in float64 (float32 sums differ in the last bits); a and b have no equal entries
C = ("rng = np.random.RandomState(1); a = mx.nd.array(rng.permutation(2 * 3 * 6 * 7).reshape(2, 3, 6, 7) / 50.0 - 2.0, "
     "dtype='float64'); b = mx.nd.array(rng.permutation(2 * 3 * 6 * 7).reshape(2, 3, 6, 7) / 50.0 - 1.99, dtype='float64')\n"
     "a.attach_grad(); b.attach_grad()\nwith mx.autograd.record():\n    r = mx.nd.Correlation(a, b, {})\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 + 1.0, dtype=r.dtype))\n"
     "result = (np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy(), 4).tolist(), "
     "np.round(a.grad.asnumpy(), 4).tolist(), np.round(b.grad.asnumpy(), 4).tolist())")
CORRELATION = [C.format(kw) for kw in [
    "", "kernel_size=3, max_displacement=2, stride1=2, stride2=1, pad_size=2",
    "kernel_size=1, max_displacement=3, stride2=2, pad_size=3", "kernel_size=3, max_displacement=1, pad_size=1, is_multiply=False",
    "max_displacement=2, stride1=3, stride2=2, pad_size=1, is_multiply=False", "kernel_size=3, max_displacement=0",
    "kernel_size=1, max_displacement=2, stride2=3, pad_size=2", "kernel_size='3', max_displacement='1', is_multiply='0'",
]] + [
    # float32 against float64: the float32 sums differ from MXNet's in the last bits
    D + "r = mx.nd.Correlation(x, x * 0.5 + 1, kernel_size=3, max_displacement=2, pad_size=1); "
        "f = mx.nd.Correlation(x.astype('float64'), x.astype('float64') * 0.5 + 1, kernel_size=3, max_displacement=2, pad_size=1); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), rtol=1e-5)))",
    D + "r = mx.nd.Correlation(x.astype('float16'), x.astype('float16')); f = mx.nd.Correlation(x, x); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), rtol=0.01, atol=0.1)))",
] + [E.format(f"mx.nd.Correlation({c}).wait_to_read()") for c in [
    "x, x, kernel_size=9", "x, x, max_displacement=4", "x, x, kernel_size=0", "x, x, stride1=0", "x[0], x[0]",
    "x, x.astype('float64')", "x.astype('int32'), x.astype('int32')", "x, x, kernel_size=-1",
]]

# every ROIPooling bin starts at -FLT_MAX and takes only greater values: NaN, -inf and -FLT_MAX
# never win and get no gradient (fuzzing found NaN propagated); float16 starts at -inf
NAN_POOL = [("x = mx.nd.array([[[[np.nan, 1, -np.inf, -3.4028234663852886e+38], [np.nan, np.nan, -np.inf, -np.inf], "
             f"[2, np.nan, 0.5, -1]]]], dtype='{dtype}'); x.attach_grad()\n"
             "with mx.autograd.record():\n"
             f"    y = mx.nd.ROIPooling(x, mx.nd.array([[0, 0, 0, 3, 2], [0, 0, 0, 1, 1], [0, 2, 0, 3, 1]], dtype='{dtype}'), "
             "pooled_size=(2, 2), spatial_scale=1.0)\n"
             "y.backward(mx.nd.ones_like(y))\nresult = [y, x.grad]") for dtype in ("float32", "float64", "float16")]

CASES = CROP + POOL + ALIGN + CORRELATION + NAN_POOL

DELIBERATE = {
    E.format("mx.nd.Correlation(x, x, kernel_size=-1).wait_to_read()"):
        "MXNet runs Correlation with a negative kernel_size and returns zeros of a made-up shape "
        "((2, 9, 7, 8) here); mxnd raises MXNetError (kernel size must be positive)",
}
