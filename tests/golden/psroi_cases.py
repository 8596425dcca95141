"""Cases of the psroi family: contrib.PSROIPooling and contrib.RROIAlign.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into psroi.json. Results are rounded to 4 decimals; ``G`` records the
gradient of sum(output * weights) with respect to the data too. MXNet registers no gradient
for RROIAlign (its backward raises MXNetError), so its cases record the forward and that error.
Never put a case here that makes MXNet read out of bounds (a roi batch index outside the
batch, a PSROIPooling channel past the data's channels).
"""

D = ("rng = np.random.RandomState(0); "
     "x = mx.nd.array(rng.permutation(2 * 8 * 7 * 9).reshape(2, 8, 7, 9) / 7.0 - 10.0); "
     "x18 = mx.nd.array(rng.permutation(3 * 18 * 6 * 5).reshape(3, 18, 6, 5) / 5.0 - 20.0); "
     "y = mx.nd.array(rng.permutation(2 * 3 * 7 * 9).reshape(2, 3, 7, 9) / 7.0 - 10.0); "
     "rois = mx.nd.array([[0, 0, 0, 3, 3], [1, 1.4, 2.6, 6.5, 5.5], [0, -2, -1, 9, 8], [1, 5, 4, 2, 1], "
     "[0, 3.5, 0.5, 4.5, 6.49], [1, 7, 6, 7, 6], [0, 0.2, 0.3, 12, 11], [1, -30, -20, -3, -2], [0, 8, 6, 40, 30]]); "
     "big = mx.nd.array([[0, 0, 0, 15, 15], [1, 16, 8, 63, 40], [2, -20, -10, 30, 90], [1, 33, 21, 34, 22], "
     "[2, 70, 50, 200, 190], [0, 4.5, 5.5, 7.5, 4.49]]); "
     "rr = mx.nd.array([[0, 4, 3, 4, 3, 0], [1, 2.5, 3.2, 6, 2, 30], [0, 4, 3, 5, 4, 90], [1, 6, 5, 8, 3, -45], "
     "[0, 0, 0, 20, 20, 10], [1, 8, 6, 0.3, 0.2, 200], [0, -3, -2, 4, 4, 60], [1, 12, 9, 3, 5, -120], "
     "[0, 4.5, 3.5, 9, 7, 45]])\n")
ROUND = "(np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"
R = D + "r = {}; result = " + ROUND
G = (D + "x = {}; x.attach_grad()\nwith mx.autograd.record():\n    r = {}\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 + 1.0, dtype=r.dtype))\n"
     "result = (" + ROUND + ", np.round(x.grad.asnumpy().astype('float64'), 4).tolist())")
E = D + "try:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

PS = "mx.nd.contrib.PSROIPooling"
PSROI = [
    G.format("x", f"{PS}(x, rois, spatial_scale=1.0, output_dim=2, pooled_size=2)"),
    G.format("x", f"{PS}(x, rois, spatial_scale=0.5, output_dim=2, pooled_size=2)"),
    G.format("x", f"{PS}(x, rois, spatial_scale=1.0, output_dim=2, pooled_size=3, group_size=2)"),
    G.format("x", f"{PS}(x, rois, spatial_scale=1.0, output_dim=8, pooled_size=1)"),
    G.format("x", f"{PS}(x, rois, spatial_scale=0.75, output_dim=2, pooled_size=4, group_size=2)"),
    G.format("x", f"{PS}(x, rois, spatial_scale=1.0, output_dim=1, pooled_size=5, group_size=2)"),
    # more channels than output_dim * group_size**2: the first ones are read
    G.format("x", f"{PS}(x, rois, spatial_scale=1.0, output_dim=1, pooled_size=2)"),
    G.format("x18", f"{PS}(x, big, spatial_scale=0.0625, output_dim=2, pooled_size=3)"),
    G.format("x18", f"{PS}(x, big, spatial_scale=0.125, output_dim=2, pooled_size=6, group_size=3)"),
    G.format("x18", f"{PS}(x, big, spatial_scale=0.0625, output_dim=18, pooled_size=2, group_size=1)"),
    G.format("x.astype('float64')", f"{PS}(x, rois.astype('float64'), spatial_scale=1.0, output_dim=2, pooled_size=2)"),
    G.format("x18.astype('float64')", f"{PS}(x, big.astype('float64'), spatial_scale=0.0625, output_dim=2, pooled_size=3)"),
    # tiny rois (width 0.1 after the scale), rounding of the corners (2.5 -> 3, -0.5 -> -1)
    G.format("x", f"{PS}(x, mx.nd.array([[0, 3, 3, 3, 3], [1, 2.5, -0.5, 2.5, 1.5], [0, 4.49, 4.5, 4.51, 4.5], "
                  "[1, 6, 6, 1, 1]]), spatial_scale=0.0625, output_dim=2, pooled_size=2)"),
    G.format("x", f"{PS}(x, mx.nd.array([[0, 3, 3, 3, 3], [1, 2.5, -0.5, 2.5, 1.5], [0, 4.49, 4.5, 4.51, 4.5]]), "
                  "spatial_scale=1.0, output_dim=2, pooled_size=2)"),
    # a batch index is truncated: 1.9 -> 1, -0.5 -> 0
    G.format("x", f"{PS}(x, mx.nd.array([[1.9, 1, 1, 5, 5], [-0.5, 1, 1, 5, 5]]), spatial_scale=1.0, output_dim=2, pooled_size=2)"),
    # negative group_size: MXNet's clipping maps every bin to channel ctop
    R.format(f"{PS}(x, rois, spatial_scale=1.0, output_dim=2, pooled_size=2, group_size=-1)"),
    R.format(f"{PS}(x, rois, spatial_scale=0, output_dim=2, pooled_size=2)"),
    R.format(f"{PS}(x, rois, spatial_scale=1.0, output_dim=0, pooled_size=2)"),
    R.format(f"{PS}(x, rois, spatial_scale=1.0, output_dim=2, pooled_size=0)"),
    R.format(f"{PS}(data=x, rois=rois, spatial_scale='0.5', output_dim='2', pooled_size='2', group_size='0')"),
    # float16 runs in half precision in MXNet (float32 in mxnd): compared with the float32 result
    D + f"r = {PS}(x.astype('float16'), rois.astype('float16'), spatial_scale=1.0, output_dim=2, pooled_size=2); "
        f"f = {PS}(x, rois, spatial_scale=1.0, output_dim=2, pooled_size=2); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), rtol=0.01, atol=0.05)))",
    # rois get a zero gradient
    D + "x.attach_grad(); rois.attach_grad()\nwith mx.autograd.record():\n"
        f"    r = {PS}(x, rois, spatial_scale=1.0, output_dim=2, pooled_size=2)\n"
        "r.backward(mx.nd.ones_like(r))\nresult = (rois.grad.asnumpy().tolist(), float(x.grad.sum().asscalar()))",
] + [E.format(f"{PS}({c}).wait_to_read()") for c in [
    "x, rois, spatial_scale=1.5, output_dim=2, pooled_size=2", "x, rois, spatial_scale=-1, output_dim=2, pooled_size=2",
    "x, rois, output_dim=2, pooled_size=2", "x, rois, spatial_scale=1.0, pooled_size=2",
    "x, rois, spatial_scale=1.0, output_dim=2", "x, rois, spatial_scale=1.0, output_dim=2, pooled_size=(2, 2)",
    "x, rois, spatial_scale=1.0, output_dim=-1, pooled_size=2",
    "x, rois[:, :4], spatial_scale=1.0, output_dim=2, pooled_size=2", "x[0], rois, spatial_scale=1.0, output_dim=2, pooled_size=2",
    "x, rois.reshape((1, 9, 5)), spatial_scale=1.0, output_dim=2, pooled_size=2",
    "x, rois[:0], spatial_scale=1.0, output_dim=2, pooled_size=2",
    "x, rois.astype('float64'), spatial_scale=1.0, output_dim=2, pooled_size=2",
    "x.astype('int32'), rois.astype('int32'), spatial_scale=1.0, output_dim=2, pooled_size=2",
]]

RA = "mx.nd.contrib.RROIAlign"
RROI = [
    R.format(f"{RA}(y, rr, pooled_size=(2, 2), spatial_scale=1.0)"),
    R.format(f"{RA}(y, rr, pooled_size=(3, 2), spatial_scale=0.5)"),
    R.format(f"{RA}(y, rr, pooled_size=(2, 3), spatial_scale=1.0, sampling_ratio=1)"),
    R.format(f"{RA}(y, rr, pooled_size=(2, 2), spatial_scale=0.75, sampling_ratio=2)"),
    R.format(f"{RA}(y, rr, pooled_size=(1, 1), spatial_scale=1.0, sampling_ratio=0)"),
    R.format(f"{RA}(y, rr, pooled_size=(4, 3), spatial_scale=0.0625)"),
    R.format(f"{RA}(y, rr * mx.nd.array([[1, 16, 16, 16, 16, 1]]), pooled_size=(3, 3), spatial_scale=0.0625, sampling_ratio=2)"),
    R.format(f"{RA}(y.astype('float64'), rr.astype('float64'), pooled_size=(2, 2), spatial_scale=1.0)"),
    R.format(f"{RA}(y.astype('float64'), rr.astype('float64'), pooled_size=(3, 2), spatial_scale=0.5, sampling_ratio=2)"),
    R.format(f"{RA}(y.astype('float64'), rr.astype('float64'), pooled_size=(2, 3), spatial_scale=1.0, sampling_ratio=1)"),
    # a batch index is truncated; a roi partly or wholly outside the map
    R.format(f"{RA}(y, mx.nd.array([[1.9, 1, 1, 3, 3, 15], [-0.5, 1, 1, 3, 3, -15], [0, -5, -5, 2, 2, 0], "
             "[1, 8.5, 6.5, 4, 4, 0], [0, 20, 20, 3, 3, 45]]), pooled_size=(2, 2), spatial_scale=1.0)"),
    R.format(f"{RA}(y, rr, pooled_size=(2, 2), spatial_scale=0)"),
    R.format(f"{RA}(data=y, rois=rr, pooled_size='(2, 2)', spatial_scale='0.5', sampling_ratio='2')"),
    D + f"r = {RA}(y.astype('float16'), rr.astype('float16'), pooled_size=(2, 2), spatial_scale=1.0); "
        f"f = {RA}(y, rr, pooled_size=(2, 2), spatial_scale=1.0); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), atol=0.1)))",
    # no gradient: the backward raises
    E.format(f"y.attach_grad()\n    with mx.autograd.record():\n        r = {RA}(y, rr, pooled_size=(2, 2), spatial_scale=1.0)\n"
             "    r.backward()\n    y.grad.wait_to_read()"),
    E.format(f"y.attach_grad()\n    with mx.autograd.record():\n        r = {RA}(y * 2, rr, pooled_size=(2, 2), spatial_scale=1.0).sum()\n"
             "    r.backward()\n    y.grad.wait_to_read()"),
    # recording alone works
    D + f"y.attach_grad()\nwith mx.autograd.record():\n    r = {RA}(y, rr, pooled_size=(2, 2), spatial_scale=1.0)\n"
        "result = " + ROUND,
] + [E.format(f"{RA}({c}).wait_to_read()") for c in [
    "y, rr, pooled_size=(2,), spatial_scale=1", "y, rr, pooled_size=(2, 2, 2), spatial_scale=1",
    "y, rr, pooled_size=(0, 2), spatial_scale=1", "y, rr, pooled_size=(2, 2), spatial_scale=-1",
    "y, rr, pooled_size=(2, 2), spatial_scale=1.5", "y, rr, pooled_size=(2, 2)", "y, rr, spatial_scale=1",
    "y, rr[:, :5], pooled_size=(2, 2), spatial_scale=1", "y[0], rr, pooled_size=(2, 2), spatial_scale=1",
    "y, rr.reshape((1, 9, 6)), pooled_size=(2, 2), spatial_scale=1", "y, rr[:0], pooled_size=(2, 2), spatial_scale=1",
    "y, rr.astype('float64'), pooled_size=(2, 2), spatial_scale=1",
    "y.astype('int32'), rr.astype('int32'), pooled_size=(2, 2), spatial_scale=1",
]]

CASES = PSROI + RROI

# case -> why mxnd deliberately differs (tests/test_golden.py merges this table)
DELIBERATE = {
    E.format(f"{PS}(x, rois, spatial_scale=1.0, output_dim=-1, pooled_size=2).wait_to_read()"):
        "MXNet runs PSROIPooling with output_dim=-1 and returns an array whose shape cannot be read "
        "('Shape dim size cannot be a negative value -1'); mxnd raises MXNetError at the call",
}
