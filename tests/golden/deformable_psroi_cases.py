"""Cases of the deformable_psroi family: contrib.DeformablePSROIPooling.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into deformable_psroi.json. Values are recorded unrounded (mxnd follows
MXNet's float32 arithmetic and order of accumulation, so they compare bit-exactly); ``G``
records the output, the data gradient and the trans gradient of sum(output * weights). Never
put a case here that makes MXNet read out of bounds (a roi batch index outside the batch, a
channel past the data's channels, a trans read past its end): MXNet crashes on them.
"""

D = ("rng = np.random.RandomState(0); "
     "x = mx.nd.array(rng.permutation(2 * 8 * 7 * 9).reshape(2, 8, 7, 9) / 7.0 - 10.0); "
     "x18 = mx.nd.array(rng.permutation(3 * 18 * 6 * 5).reshape(3, 18, 6, 5) / 5.0 - 20.0); "
     "rois = mx.nd.array([[0, 0, 0, 3, 3], [1, 1.4, 2.6, 6.5, 5.5], [0, -2, -1, 9, 8], [1, 5, 4, 2, 1], "
     "[0, 3.5, 0.5, 4.5, 6.49], [1, 7, 6, 7, 6], [0, 0.2, 0.3, 12, 11], [1, -30, -20, -3, -2], [0, 8, 6, 40, 30]]); "
     "big = mx.nd.array([[0, 0, 0, 15, 15], [1, 16, 8, 63, 40], [2, -20, -10, 30, 90], [1, 33, 21, 34, 22], "
     "[2, 70, 50, 200, 190], [0, 4.5, 5.5, 7.5, 4.49]]); "
     "t2 = mx.nd.array(rng.uniform(-1, 1, (9, 2, 2, 2))); "
     "t3 = mx.nd.array(rng.uniform(-1, 1, (9, 2, 3, 3))); "
     "t4 = mx.nd.array(rng.uniform(-1, 1, (9, 4, 2, 2))); "
     "t1 = mx.nd.array(rng.uniform(-1, 1, (9, 2, 1, 1))); "
     "tb = mx.nd.array(rng.uniform(-3, 3, (6, 2, 3, 3))); "
     "th = mx.nd.array(np.round(rng.uniform(-2, 2, (9, 2, 2, 2)) * 4) / 4)\n")
VALUES = "(np.dtype(r.dtype).name, r.shape, r.asnumpy().astype('float64').tolist())"
R = D + "r = {}; result = " + VALUES
# G.format(data, rois, trans, keywords): output, data gradient and trans gradient
G = (D + "x = {}; t = {}; x.attach_grad(); t.attach_grad()\nwith mx.autograd.record():\n"
     "    r = mx.nd.contrib.DeformablePSROIPooling(x, {}, t, {})\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 + 1.0, dtype=r.dtype))\n"
     "result = (" + VALUES + ", x.grad.asnumpy().astype('float64').tolist(), "
     "t.grad.asnumpy().astype('float64').tolist())")
# N.format(data, rois, keywords): no_trans; output and data gradient
N = (D + "x = {}; x.attach_grad()\nwith mx.autograd.record():\n"
     "    r = mx.nd.contrib.DeformablePSROIPooling(x, {}, no_trans=True, {})\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 + 1.0, dtype=r.dtype))\n"
     "result = (" + VALUES + ", x.grad.asnumpy().astype('float64').tolist())")
E = D + "try:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

DP = "mx.nd.contrib.DeformablePSROIPooling"
K = "spatial_scale={}, output_dim={}, group_size={}, pooled_size={}"
CASES = [
    G.format("x", "t2", "rois", K.format(1.0, 2, 2, 2) + ", trans_std=0.1"),
    G.format("x", "t2", "rois", K.format(0.5, 2, 2, 2) + ", trans_std=0.5, sample_per_part=2"),
    G.format("x", "t2", "rois", K.format(0.75, 2, 2, 2) + ", trans_std=1.0, sample_per_part=4"),
    G.format("x", "t2", "rois", K.format(1.0, 2, 2, 2) + ", trans_std=0"),
    # pooled_size 3 over a 2x2 part grid and group 2 (bins share channels and offsets)
    G.format("x", "t2", "rois", K.format(1.0, 2, 2, 3) + ", part_size=2, trans_std=0.2, sample_per_part=3"),
    G.format("x", "t3", "rois", K.format(0.5, 2, 2, 3) + ", trans_std=0.3, sample_per_part=2"),
    G.format("x", "t1", "rois", K.format(1.0, 2, 2, 2) + ", part_size=1, trans_std=0.4, sample_per_part=2"),
    # two classes of offsets: output channels 0 and 1 read class 0 and 1
    G.format("x", "t4", "rois", K.format(1.0, 2, 2, 2) + ", trans_std=0.25, sample_per_part=2"),
    G.format("x", "t4", "rois", K.format(1.0, 2, 1, 2) + ", trans_std=0.25"),
    # offsets on a quarter-pixel grid: samples on pixel borders and at the edges of the map
    G.format("x", "th", "rois", K.format(1.0, 2, 2, 2) + ", trans_std=1.0, sample_per_part=2"),
    # more channels than output_dim * group_size**2: the first ones are read
    G.format("x", "t2", "rois", K.format(1.0, 1, 2, 2) + ", trans_std=0.1, sample_per_part=2"),
    G.format("x18", "tb", "big", K.format(0.0625, 2, 3, 3) + ", trans_std=0.2, sample_per_part=2"),
    G.format("x18", "tb", "big", K.format(0.125, 2, 3, 6) + ", part_size=3, trans_std=0.7, sample_per_part=3"),
    G.format("x.astype('float64')", "t2.astype('float64')", "rois.astype('float64')",
             K.format(1.0, 2, 2, 2) + ", trans_std=0.3, sample_per_part=2"),
    G.format("x18.astype('float64')", "tb.astype('float64')", "big.astype('float64')",
             K.format(0.125, 2, 3, 6) + ", part_size=3, trans_std=0.7, sample_per_part=3"),
    N.format("x", "rois", K.format(1.0, 2, 2, 2)),
    N.format("x", "rois", K.format(0.5, 2, 2, 3) + ", sample_per_part=3"),
    N.format("x18", "big", K.format(0.0625, 2, 3, 3) + ", sample_per_part=4"),
    N.format("x.astype('float64')", "rois.astype('float64')", K.format(0.75, 1, 2, 4) + ", sample_per_part=2"),
    # tiny rois (width 0.1 after the scale) and rounding of the corners (2.5 -> 3, -0.5 -> -1)
    N.format("x", "mx.nd.array([[0, 3, 3, 3, 3], [1, 2.5, -0.5, 2.5, 1.5], [0, 4.49, 4.5, 4.51, 4.5], "
                  "[1, 6, 6, 1, 1]])", K.format(0.0625, 2, 2, 2) + ", sample_per_part=2"),
    # a batch index is truncated: 1.9 -> 1, -0.5 -> 0
    N.format("x", "mx.nd.array([[1.9, 1, 1, 5, 5], [-0.5, 1, 1, 5, 5]])", K.format(1.0, 2, 2, 2)),
    # negative group_size: MXNet's clipping maps every bin to channel ctop
    R.format(f"{DP}(x, rois, t2, " + K.format(1.0, 2, -1, 2) + ", trans_std=0.1)"),
    R.format(f"{DP}(x, rois, t2, " + K.format(0, 2, 2, 2) + ", trans_std=0.1, sample_per_part=2)"),
    # no sample: zeros
    R.format(f"{DP}(x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", sample_per_part=0)"),
    R.format(f"{DP}(x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", sample_per_part=-1)"),
    R.format(f"{DP}(x, rois, t2, " + K.format(1.0, 0, 2, 2) + ")"),
    R.format(f"{DP}(x, rois, t2, " + K.format(1.0, 2, 2, 0) + ")"),
    # a trans with an odd channel count (one class) and more rows than rois
    R.format(f"{DP}(x, rois[:3], mx.nd.concat(t2, t2[:, :1], dim=1), " + K.format(1.0, 2, 2, 2) + ", trans_std=0.5)"),
    R.format(f"{DP}(data=x, rois=rois, trans=t2, spatial_scale='0.5', output_dim='2', group_size='2', "
             "pooled_size='2', part_size='0', sample_per_part='2', trans_std='0.1', no_trans='0')"),
    R.format(f"{DP}(x, rois, " + K.format(1.0, 2, 2, 2) + ", no_trans='True')"),
    # float16 runs in half precision in MXNet (float32 in mxnd): compared with the float32 result
    D + f"r = {DP}(x.astype('float16'), rois.astype('float16'), t2.astype('float16'), "
        + K.format(1.0, 2, 2, 2) + ", trans_std=0.1, sample_per_part=2); "
        f"f = {DP}(x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", trans_std=0.1, sample_per_part=2); "
        "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), rtol=0.01, atol=0.05)))",
    # rois get a zero gradient
    D + "x.attach_grad(); rois.attach_grad(); t2.attach_grad()\nwith mx.autograd.record():\n"
        f"    r = {DP}(x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", trans_std=0.1)\n"
        "r.backward(mx.nd.ones_like(r))\nresult = (rois.grad.asnumpy().tolist(), "
        "round(float(x.grad.asnumpy().astype('float64').sum()), 3))",
    # the gradient of an expression of the output
    D + "x.attach_grad(); t2.attach_grad()\nwith mx.autograd.record():\n"
        f"    r = ({DP}(x * 2, rois, t2 * 3, " + K.format(1.0, 2, 2, 2) + ", trans_std=0.1) ** 2).sum()\n"
        "r.backward()\nresult = (float(r.asscalar()), x.grad, t2.grad)",
] + [E.format(f"{DP}({c}).wait_to_read()") for c in [
    "x, rois, " + K.format(1.0, 2, 2, 2),
    "x, rois, t2, no_trans=True, " + K.format(1.0, 2, 2, 2),
    "x, rois, t2, output_dim=2, group_size=2, pooled_size=2",
    "x, rois, t2, spatial_scale=1.0, group_size=2, pooled_size=2",
    "x, rois, t2, spatial_scale=1.0, output_dim=2, pooled_size=2",
    "x, rois, t2, spatial_scale=1.0, output_dim=2, group_size=2",
    "x, rois, t2, " + K.format(1.5, 2, 2, 2), "x, rois, t2, " + K.format(-0.5, 2, 2, 2),
    "x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", trans_std=2",
    "x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", trans_std=-1",
    "x, rois, t2[0], " + K.format(1.0, 2, 2, 2), "x[0], rois, t2, " + K.format(1.0, 2, 2, 2),
    "x, rois[0], t2, " + K.format(1.0, 2, 2, 2), "x, rois[:, :4], t2, " + K.format(1.0, 2, 2, 2),
    "x, rois.reshape((1, 9, 5)), t2, " + K.format(1.0, 2, 2, 2),
    "x, rois.astype('float64'), t2, " + K.format(1.0, 2, 2, 2),
    "x, rois, t2.astype('float64'), " + K.format(1.0, 2, 2, 2),
    "x.astype('int32'), rois.astype('int32'), t2.astype('int32'), " + K.format(1.0, 2, 2, 2),
    "x, rois[:0], t2[:0], " + K.format(1.0, 2, 2, 2),
    "x, rois, t2, " + K.format(1.0, -1, 2, 2),
    "x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", foo=1",
    "x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", no_trans='maybe'",
    "x, rois, t2, " + K.format(1.0, 2, 2, 2) + ", sample_per_part=1.5",
]]

# case -> why mxnd deliberately differs (tests/test_golden.py merges this table)
DELIBERATE = {
    E.format(f"{DP}(x, rois, t2, " + K.format(1.0, -1, 2, 2) + ").wait_to_read()"):
        "MXNet runs DeformablePSROIPooling with output_dim=-1 and returns an array whose shape cannot be "
        "read ('Shape dim size cannot be a negative value -1'); mxnd raises MXNetError at the call",
}
