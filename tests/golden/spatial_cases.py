"""Cases of the spatial family: BilinearSampler, GridGenerator, SpatialTransformer.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into spatial.json. Results are rounded to 4 decimals (``R``); ``G``
records the gradients of every input too, rounded to 3 (head: a fixed pattern of 1..5).
"""

D = ("rng = np.random.RandomState(0); "
     "img = mx.nd.array([[[[1, 4, 3, 6], [1, 8, 8, 9], [0, 4, 1, 5], [1, 0, 1, 3]]]]); "
     "x = mx.nd.array(rng.randn(2, 3, 5, 6)); "
     "g = mx.nd.array(rng.uniform(-1.3, 1.3, (2, 2, 4, 7))); "
     "t = mx.nd.array([[0.9, 0.3, 0.1, -0.2, 1.1, 0.05], [1.2, -0.4, -0.3, 0.5, 0.8, 0.2]]); "
     "f = mx.nd.array(rng.uniform(-2, 2, (2, 2, 4, 5))); ")
ROUND = "(np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"
R = D + "r = {}; result = " + ROUND
G = (D + "args = [{}]\nfor a in args:\n    a.attach_grad()\nwith mx.autograd.record():\n    r = ({})(*args)\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 + 1.0, dtype=r.dtype))\n"
     "result = (" + ROUND + ", [np.round(a.grad.asnumpy().astype('float64'), 3).tolist() for a in args])")
E = D + "result = {}"

SEED = [
    # the two examples of the operator's documentation: zoom out 2x, shift by one pixel
    D + "grid = mx.nd.GridGenerator(mx.nd.array([[2, 0, 0], [0, 2, 0]]).reshape((1, 6)), transform_type='affine', "
        "target_shape=(4, 4)); r = mx.nd.BilinearSampler(img, grid); result = " + ROUND,
    D + "warp = mx.nd.array(np.stack([np.ones((4, 4)), np.zeros((4, 4))])[None]); "
        "grid = mx.nd.GridGenerator(warp, transform_type='warp'); r = mx.nd.BilinearSampler(img, grid); result = " + ROUND,
    # half a pixel to the right
    D + "warp = mx.nd.array(np.stack([np.full((4, 4), 0.5), np.zeros((4, 4))])[None]); "
        "grid = mx.nd.GridGenerator(warp, transform_type='warp'); r = mx.nd.BilinearSampler(img, grid); result = " + ROUND,
    # the identity transform
    R.format("mx.nd.SpatialTransformer(img, mx.nd.array([[1, 0, 0, 0, 1, 0]]), target_shape=(4, 4), "
             "transform_type='affine', sampler_type='bilinear')"),
    R.format("mx.nd.SpatialTransformer(img, mx.nd.array([[2, 0, 0, 0, 2, 0]]), target_shape=(4, 4), "
             "transform_type='affine', sampler_type='bilinear')"),
]

SAMPLER = [
    G.format("x, g", "mx.nd.BilinearSampler"),
    G.format("x.astype('float64'), g.astype('float64')", "mx.nd.BilinearSampler"),
    R.format("mx.nd.BilinearSampler(x, g, cudnn_off=True)"),
    R.format("mx.nd.BilinearSampler(x, g[:, :, :1, :3])"),
    # corners, the border, points outside and exact pixel positions
    R.format("mx.nd.BilinearSampler(img, mx.nd.array([[[[-1, 1, -1, 1, 0, 1/3, -1.2, 3]], "
             "[[-1, -1, 1, 1, 0, 1/3, 0.3, 3]]]]))"),
    G.format("img, mx.nd.array([[[[-1, 1, -1, 1, 0, 1/3, -1.2, 1.5, 0.2, -1/3]], "
             "[[-1, -1, 1, 1, 0, 0, 0.3, -1, 1, 0.5]]]])", "mx.nd.BilinearSampler"),
    R.format("mx.nd.BilinearSampler(mx.nd.ones((1, 1, 1, 1)), mx.nd.zeros((1, 2, 2, 2)))"),
    R.format("mx.nd.BilinearSampler(mx.nd.array([[[[1, 2, 3]]]]), mx.nd.array([[[[0.5]], [[0.3]]]]))"),
    R.format("mx.nd.BilinearSampler(img, mx.nd.array([[[[float('nan')]], [[0.]]]]))"),
    E.format("mx.nd.BilinearSampler(img.astype('int32'), mx.nd.zeros((1, 2, 2, 2), dtype='int32'))"),
    E.format("mx.nd.BilinearSampler(img, mx.nd.zeros((1, 2, 2, 2), dtype='float64'))"),
    E.format("mx.nd.BilinearSampler(img.astype('float64'), mx.nd.zeros((1, 2, 2, 2)))"),
    E.format("mx.nd.BilinearSampler(img, mx.nd.zeros((2, 2, 2, 2)))"),
    E.format("mx.nd.BilinearSampler(img, mx.nd.zeros((1, 3, 2, 2)))"),
    E.format("mx.nd.BilinearSampler(img, mx.nd.zeros((1, 2, 2)))"),
    E.format("mx.nd.BilinearSampler(mx.nd.ones((1, 3, 3)), mx.nd.zeros((1, 2, 2, 2)))"),
    E.format("mx.nd.BilinearSampler(mx.nd.ones((1, 1, 3, 3, 3)), mx.nd.zeros((1, 2, 2, 2)))"),
]

GENERATOR = [
    G.format("t", "lambda a: mx.nd.GridGenerator(a, transform_type='affine', target_shape=(4, 5))"),
    G.format("f", "lambda a: mx.nd.GridGenerator(a, transform_type='warp')"),
    R.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape=(2, 3))"),
    R.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape=(2, 2, 7))"),
    R.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape='(3, 2)')"),
    R.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape=(1, 1))"),
    R.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape=(1, 3))"),
    R.format("mx.nd.GridGenerator(f, transform_type='warp', target_shape=(7, 7))"),
    R.format("mx.nd.GridGenerator(mx.nd.ones((1, 2, 1, 1)), transform_type='warp')"),
    R.format("mx.nd.GridGenerator(mx.nd.zeros((1, 2, 3, 1)), transform_type='warp')"),
    E.format("mx.nd.GridGenerator(t, target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(t, transform_type='bad', target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(t, transform_type='affine')"),
    E.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape=(2,))"),
    E.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape=(0, 2))"),
    E.format("mx.nd.GridGenerator(t, transform_type='affine', target_shape=(2, 0))"),
    E.format("mx.nd.GridGenerator(mx.nd.ones((1, 5)), transform_type='affine', target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(mx.nd.ones((6,)), transform_type='affine', target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(mx.nd.ones((1, 2, 3)), transform_type='affine', target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(t.astype('float16'), transform_type='affine', target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(t.astype('int32'), transform_type='affine', target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(t.astype('float64'), transform_type='affine', target_shape=(2, 2))"),
    E.format("mx.nd.GridGenerator(mx.nd.ones((1, 3, 3, 3)), transform_type='warp')"),
    E.format("mx.nd.GridGenerator(mx.nd.ones((2, 3, 3)), transform_type='warp')"),
    E.format("mx.nd.GridGenerator(f.astype('float64'), transform_type='warp')"),
]

ST = "transform_type='affine', sampler_type='bilinear'"
TRANSFORMER = [
    G.format("x, t", f"lambda a, b: mx.nd.SpatialTransformer(a, b, target_shape=(4, 5), {ST})"),
    G.format("x.astype('float64'), t.astype('float64')",
             f"lambda a, b: mx.nd.SpatialTransformer(a, b, target_shape=(3, 7), {ST})"),
    R.format(f"mx.nd.SpatialTransformer(x, t, target_shape=(3, 3, 3), {ST})"),
    R.format(f"mx.nd.SpatialTransformer(x, t, target_shape=(1, 1), {ST})"),
    R.format(f"mx.nd.SpatialTransformer(x, t, target_shape=(2, 2), {ST}, cudnn_off=True)"),
    R.format(f"mx.nd.SpatialTransformer(mx.nd.ones((2, 3, 1, 1)), t, target_shape=(2, 2), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x, t, {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x, t, target_shape=(0, 3), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x, t, target_shape=(3,), {ST})"),
    E.format("mx.nd.SpatialTransformer(x, t, target_shape=(3, 3), sampler_type='bilinear')"),
    E.format("mx.nd.SpatialTransformer(x, t, target_shape=(3, 3), transform_type='affine')"),
    E.format("mx.nd.SpatialTransformer(x, t, target_shape=(3, 3), transform_type='warp', sampler_type='bilinear')"),
    E.format(f"mx.nd.SpatialTransformer(x, t[0:1], target_shape=(3, 3), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x, mx.nd.ones((2, 5)), target_shape=(3, 3), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x, mx.nd.ones((2, 2, 3)), target_shape=(3, 3), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(mx.nd.ones((2, 3, 4)), t, target_shape=(3, 3), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x, t.astype('float64'), target_shape=(3, 3), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x.astype('int32'), t.astype('int32'), target_shape=(3, 3), {ST})"),
    E.format(f"mx.nd.SpatialTransformer(x.astype('float16'), t.astype('float16'), target_shape=(3, 3), {ST})"),
]

# unrounded: the CPU sampler's arithmetic is MXNet's to the last bit (float32 weights, double products)
EXACT = [D + "r = {}; result = (np.dtype(r.dtype).name, r.shape, r.asnumpy().astype('float64').tolist())".format(e) for e in (
    "mx.nd.BilinearSampler(x, g)",
    "mx.nd.BilinearSampler(x.astype('float64'), g.astype('float64'))",
    "mx.nd.BilinearSampler(x * 1000, mx.nd.array(np.random.RandomState(3).uniform(-1, 1, (2, 2, 9, 9))))",
    "mx.nd.SpatialTransformer(x, t, target_shape=(7, 6), transform_type='affine', sampler_type='bilinear')",
    # the affine grid rounds as sgemm's fused multiply-adds (fuzzing found torch.matmul's last bits)
    "mx.nd.GridGenerator(mx.nd.array(np.random.RandomState(422).uniform(-2, 2, (1, 6)), dtype='float32'), "
    "transform_type='affine', target_shape=(6, 3))",
    "mx.nd.GridGenerator(mx.nd.array(np.random.RandomState(7).uniform(-3, 3, (2, 6)), dtype='float32'), "
    "transform_type='affine', target_shape=(11, 9))",
    "mx.nd.SpatialTransformer(x, mx.nd.array(np.random.RandomState(8).uniform(-1.5, 1.5, (2, 6)), dtype='float32'), "
    "target_shape=(10, 12), transform_type='affine', sampler_type='bilinear')",
    # float16: half_t rounds every step (fuzzing found float32 arithmetic rounded once)
    "mx.nd.BilinearSampler(x.astype('float16'), g.astype('float16'))",
    "mx.nd.BilinearSampler(x.astype('float16') * 100, mx.nd.array(np.random.RandomState(3).uniform(-1.2, 1.2, (2, 2, 9, 9)), dtype='float16'))",
)]

CASES = SEED + SAMPLER + GENERATOR + TRANSFORMER + EXACT

# case -> why mxnd deliberately differs from MXNet 1.9.1
DELIBERATE = {
    E.format("mx.nd.GridGenerator(t.astype('float64'), transform_type='affine', target_shape=(2, 2))"):
        "MXNet's GridGenerator accepts float32 only; mxnd also computes float64 grids",
    E.format("mx.nd.GridGenerator(f.astype('float64'), transform_type='warp')"):
        "MXNet's GridGenerator accepts float32 only; mxnd also computes float64 grids",
}
