"""Cases of the normalization family (BatchNorm and its contrib variants, LayerNorm, GroupNorm,
InstanceNorm, L2Normalization, LRN), recorded from MXNet 1.9.1 by tools/make_golden.py.

Each entry is an expression, or statements that set ``result``. Float results are rounded to
3 decimals inside the case (``r``), since MXNet's and torch's float32 reductions differ in the
last bits. Training-mode cases run under ``mx.autograd.record()``; MXNet updates the moving
statistics in the backward pass, so the cases read them after ``backward()``.
"""

R = "r = lambda a: mx.nd.array(np.round(a.asnumpy().astype('float64'), 3), dtype=a.dtype); "
X = R + "x = mx.nd.array(np.linspace(-1.5, 2.5, 24).reshape((4, 3, 2)) ** 2); "
P = ("g = mx.nd.array([0.5, 2, 1.5]); b = mx.nd.array([0.1, 0.2, 0.3]); "
     "mm = mx.nd.array([0.1, 0.2, 0.3]); mv = mx.nd.array([1., 2., 3.]); ")
XP = X + P
X4 = R + "x = mx.nd.array(np.cos(np.arange(48.)).reshape((2, 3, 2, 4))); " + P
D = R + ("x = mx.nd.array(np.linspace(-1.5, 2.5, 24).reshape((4, 3, 2)) ** 2, dtype='float64'); "
         "g = mx.nd.array([0.5, 2, 1.5], dtype='float64'); b = mx.nd.array([0.1, 0.2, 0.3], dtype='float64'); "
         "mm = mx.nd.array([0.1, 0.2, 0.3], dtype='float64'); mv = mx.nd.array([1., 2., 3.], dtype='float64'); ")


def train(call, grads="x, g, b", shape_of="y"):
    """Statements: attach grads, run ``call`` into y under record(), backward with weights,
    result = (rounded outputs, grads, moving stats)."""
    return ("\nfor a in (x, g, b, mm, mv): a.attach_grad()\n"
            f"with mx.autograd.record():\n    y = {call}\n    o = y[0] if isinstance(y, list) else y\n"
            "    w = mx.nd.array(np.arange(o.size).reshape(o.shape) % 5 - 2, dtype=o.dtype)\n"
            "    z = (o * w).sum()\n"
            "z.backward()\n"
            f"result = [r(t) for t in (y if isinstance(y, list) else [y])] + [r(a.grad) for a in ({grads},)] + [r(mm), r(mv)]")


BATCH_NORM = [
    XP + "result = r(mx.nd.BatchNorm(x, g, b, mm, mv))",
    XP + "result = (r(mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False)), r(g))",
    XP + "y = mx.nd.BatchNorm(x, g, b, mm, mv); y.wait_to_read(); result = [r(b), r(mm), r(mv)]",
    XP + "result = [r(t) for t in mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False, output_mean_var=True)]",
    XP + "result = r(mx.nd.BatchNorm(x, g, b, mm, mv, eps=0.5, fix_gamma='False'))",
    XP + "result = r(mx.nd.BatchNorm(x, g, b, mm, mv, eps='0.5', fix_gamma=0, use_global_stats='true'))",
    XP + "result = r(mx.nd.BatchNorm(x, g, b, mm, mv, cudnn_off=True, min_calib_range=-1.0, max_calib_range=1.0))",
    XP + "result = r(mx.nd.BatchNorm(x, g, b, mm, mv, 0.01, 0.5, False))",
    X + P + "result = r(mx.nd.BatchNorm(x.reshape((4, 2, 3)), g, b, mm, mv, axis=-1, fix_gamma=False))",
    X + P + "result = r(mx.nd.BatchNorm(x.reshape((3, 4, 2)), g, b, mm, mv, axis=0, fix_gamma=False))",
    X + P + "result = r(mx.nd.BatchNorm(x.reshape((4, 2, 3)), g, b, mm, mv, axis='2', fix_gamma=False))",
    X + P + "result = r(mx.nd.BatchNorm(x[:, :, 0], g, b, mm, mv, fix_gamma=False))",
    X4 + "result = r(mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False))",
    D + "result = (r(mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False)), r(g))",
    X + P + "y = mx.nd.BatchNorm(x.astype('float16'), g, b, mm, mv, fix_gamma=False); "
    "result = (y.dtype.__name__, y.shape, mx.nd.abs(y.astype('float32') - mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False)).max().asscalar() < 0.01)",
    XP + "\nwith mx.autograd.train_mode():\n    y = mx.nd.BatchNorm(x, g, b, mm, mv)\nresult = [r(y), r(mm), r(mv)]",
    XP + "\nwith mx.autograd.record():\n    y = mx.nd.BatchNorm(x, g, b, mm, mv, output_mean_var=True)\nresult = [r(t) for t in y] + [r(mm), r(mv)]",
    XP + train("mx.nd.BatchNorm(x, g, b, mm, mv)"),
    XP + train("mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False)"),
    XP + train("mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False, momentum=0.5)"),
    XP + train("mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False, output_mean_var=True)"),
    XP + train("mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False, use_global_stats=True)"),
    XP + train("mx.nd.BatchNorm(x, g, b, mm, mv, eps=0.1, use_global_stats=True)"),
    X + P + "x = x.reshape((4, 2, 3)); " + train("mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False, axis=-1)"),
    D + train("mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False)"),
    X4 + train("mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False)"),
    XP + "result = mx.nd.BatchNorm(x, g, b, mm, mv, axis=3)",
    XP + "result = mx.nd.BatchNorm(x, g, b, mm)",
    XP + "result = mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma='maybe')",
    XP + "result = mx.nd.BatchNorm(x, g, b, mm, mv, foo=1)",
    XP + "result = mx.nd.BatchNorm(x, g.astype('float64'), b, mm, mv)",
    X + P + "result = mx.nd.BatchNorm(x.astype('float16'), g.astype('float16'), b.astype('float16'), "
    "mm.astype('float16'), mv.astype('float16'))",
]

CONTRIB_BATCH_NORM = [
    XP + "result = r(mx.nd.contrib.SyncBatchNorm(x, g, b, mm, mv, key='k'))",
    XP + "result = r(mx.nd.contrib.SyncBatchNorm(x, g, b, mm, mv, key='k', fix_gamma=False, ndev=1))",
    XP + train("mx.nd.contrib.SyncBatchNorm(x, g, b, mm, mv, key='k', fix_gamma=False)"),
    XP + "result = mx.nd.contrib.SyncBatchNorm(x, g, b, mm, mv)",
    XP + "\nwith mx.autograd.record():\n    y = mx.nd.contrib.SyncBatchNorm(x, g, b, mm, mv, key='k', output_mean_var=True)\n"
    "result = [r(t) for t in y]",
    X4 + "result = [r(t) for t in mx.nd.contrib.BatchNormWithReLU(x, g, b, mm, mv, output_mean_var=True)]",
    X4 + "result = r(mx.nd.contrib.BatchNormWithReLU(x, g, b, mm, mv, fix_gamma=False))",
    X4 + train("mx.nd.contrib.BatchNormWithReLU(x, g, b, mm, mv, fix_gamma=False)"),
]

G3 = "g = mx.nd.array([0.5, 2, 1.5]); b = mx.nd.array([0.1, 0.2, 0.3]); "
G2 = "g = mx.nd.array([0.5, 2, 1.5, -1]); b = mx.nd.array([0.1, 0.2, 0.3, 0.4]); "
LAYER_NORM = [
    X + "g = mx.nd.array([0.5, 2]); b = mx.nd.array([0.1, -0.2]); result = r(mx.nd.LayerNorm(x, g, b))",
    X + G3 + "result = r(mx.nd.LayerNorm(x, g, b, axis=1))",
    X + G3 + "result = r(mx.nd.LayerNorm(x, g, b, axis='-2', eps=0.1))",
    X + G2 + "result = r(mx.nd.LayerNorm(x, g, b, axis=0, eps='0.01'))",
    X + G3 + "result = [r(t) for t in mx.nd.LayerNorm(x, g, b, axis=1, output_mean_var=True)]",
    X + "g = mx.nd.array([0.5, 2]); b = mx.nd.array([0.1, -0.2]); result = [r(t) for t in mx.nd.LayerNorm(x, g, b, output_mean_var=True)]",
    X + G3 + "mm = mv = mx.nd.zeros(1); " + train("mx.nd.LayerNorm(x, g, b, axis=1)"),
    D + "mm = mv = mx.nd.zeros(1); " + train("mx.nd.LayerNorm(x, g, b, axis=1)"),
    X + G3 + "result = mx.nd.LayerNorm(x, g, b)",
    X + G3 + "result = mx.nd.LayerNorm(x, g, b, axis=3)",
]

GROUP_NORM = [
    R + "x = mx.nd.array(np.cos(np.arange(48.)).reshape((2, 4, 3, 2))); g = mx.nd.array([0.5, 2]); b = mx.nd.array([0.1, 0.2]); "
    "result = [r(t) for t in mx.nd.GroupNorm(x, g, b, num_groups=2, output_mean_var=True)]",
    R + "x = mx.nd.array(np.cos(np.arange(24.)).reshape((2, 4, 3))); g = mx.nd.array([0.5]); b = mx.nd.array([0.1]); "
    "result = r(mx.nd.GroupNorm(x, g, b))",
    R + "x = mx.nd.array(np.cos(np.arange(24.)).reshape((2, 4, 3))); g = mx.nd.array([0.5, 2, 1, 3]); b = mx.nd.array([0.1, 0.2, 0, 0]); "
    "result = r(mx.nd.GroupNorm(x, g, b, num_groups='4', eps=0.1))",
    R + "x = mx.nd.array(np.cos(np.arange(24.)).reshape((2, 4, 3))); g = mx.nd.array([0.5, 2]); b = mx.nd.array([0.1, 0.2]); "
    "mm = mv = mx.nd.zeros(1); " + train("mx.nd.GroupNorm(x, g, b, num_groups=2)"),
    R + "x = mx.nd.array(np.cos(np.arange(24.)).reshape((2, 4, 3))); g = mx.nd.array([0.5, 2, 1, 1]); b = mx.nd.array([0.1, 0.2, 0, 0]); "
    "result = mx.nd.GroupNorm(x, g, b, num_groups=2)",
]

INSTANCE_NORM = [
    # one element per instance: the output is beta, the gradient of x and gamma 0
    "x = mx.nd.array(np.arange(8.).reshape((2, 4, 1))); g = mx.nd.array([1., 2, 3, 4]); b = mx.nd.array([0.5, -1, 2, 0])\n"
    "for a in (x, g, b): a.attach_grad()\nwith mx.autograd.record():\n    y = mx.nd.InstanceNorm(x, g, b, eps=1e-5)\n"
    "y.backward()\nresult = [y, x.grad, g.grad, b.grad]",
    X + G3 + "result = r(mx.nd.InstanceNorm(x, g, b))",
    X + G3 + "result = r(mx.nd.InstanceNorm(x, g, b, eps=0.5))",
    X4 + "result = r(mx.nd.InstanceNorm(x, g, b, eps='0.01'))",
    X + G3 + "mm = mv = mx.nd.zeros(1); " + train("mx.nd.InstanceNorm(x, g, b)"),
    X + G3 + "result = mx.nd.InstanceNorm(x, g[:2], b[:2])",
]

L2 = [
    X + "result = r(mx.nd.L2Normalization(x))",
    X + "result = r(mx.nd.L2Normalization(x, mode='channel'))",
    X + "result = r(mx.nd.L2Normalization(x, mode='spatial', eps=1.0))",
    X4 + "result = r(mx.nd.L2Normalization(x, mode='spatial'))",
    X4 + "result = r(mx.nd.L2Normalization(x, mode='channel'))",
    X + "result = r(mx.nd.L2Normalization(x[0], mode='instance'))",
    X + "result = r(mx.nd.L2Normalization(x.astype('float64'), eps='0.5'))",
    X + "result = mx.nd.L2Normalization(x, mode='other')",
    X + "g = b = mm = mv = mx.nd.zeros(1); " + train("mx.nd.L2Normalization(x, mode='channel')", grads="x"),
]

LRN = [
    X4 + "result = r(mx.nd.LRN(x, nsize=3))",
    X4 + "result = r(mx.nd.LRN(x, nsize=1, alpha=0.5, beta=0.5, knorm=1))",
    X4 + "result = r(mx.nd.LRN(x * 3, nsize='5', alpha='0.1'))",
    X4 + "result = mx.nd.LRN(x)",
    X4 + "result = mx.nd.LRN(x.astype('float16'), nsize=3)",
    X4 + "g = b = mm = mv = mx.nd.zeros(1); "
    "x = x * 3; " + train("mx.nd.LRN(x, nsize=3, alpha=0.1)", grads="x"),
]

H = R + "x = mx.nd.array(np.cos(np.arange(24.)).reshape((2, 4, 3)) * 3); "
# InstanceNorm and LRN: float32 only in MXNet (float64 in mxnd, see DELIBERATE)
DTYPES = [
    H + "y = mx.nd.LayerNorm(x.astype('float16'), mx.nd.ones(3, dtype='float16'), mx.nd.zeros(3, dtype='float16')); "
    "result = (y.dtype.__name__, y.shape, "
    "mx.nd.abs(y.astype('float32') - mx.nd.LayerNorm(x, mx.nd.ones(3), mx.nd.zeros(3))).max().asscalar() < 0.005)",
    H + "result = r(mx.nd.LayerNorm(x.astype('float16'), mx.nd.ones(3), mx.nd.zeros(3)))",
    H + "result = r(mx.nd.LayerNorm(x.astype('float64'), mx.nd.ones(3, dtype='float64'), mx.nd.zeros(3, dtype='float64')))",
    H + "result = r(mx.nd.LayerNorm(x, mx.nd.ones(3, dtype='float64'), mx.nd.zeros(3)))",
    H + "result = r(mx.nd.GroupNorm(x.astype('float64'), mx.nd.ones(2, dtype='float64'), mx.nd.zeros(2, dtype='float64'), num_groups=2))",
    H + "y = mx.nd.GroupNorm(x.astype('float16'), mx.nd.ones(2, dtype='float16'), mx.nd.zeros(2, dtype='float16'), num_groups=2); "
    "result = (y.dtype.__name__, y.shape, "
    "mx.nd.abs(y.astype('float32') - mx.nd.GroupNorm(x, mx.nd.ones(2), mx.nd.zeros(2), num_groups=2)).max().asscalar() < 0.005)",
    H + "result = r(mx.nd.InstanceNorm(x.astype('float16'), mx.nd.ones(4, dtype='float16'), mx.nd.zeros(4, dtype='float16')))",
    H + "result = r(mx.nd.L2Normalization(x.astype('float16')))",
    H + "result = r(mx.nd.L2Normalization(x.astype('float64'), mode='channel'))",
    H + "result = mx.nd.L2Normalization(x.astype('int32'))",
    H + "result = mx.nd.LayerNorm(x.astype('int32'), mx.nd.ones(3, dtype='int32'), mx.nd.zeros(3, dtype='int32'))",
]

EDGES = [
    R + "result = r(mx.nd.GroupNorm(mx.nd.array([[1., 2, 4, 0], [3, 1, 2, 2]]), mx.nd.array([1., 2]), mx.nd.array([0., 1]), num_groups=2))",
    R + "result = r(mx.nd.InstanceNorm(mx.nd.array([[1., 2, 4], [3, 1, 2]]), mx.nd.array([1., 2, 3]), mx.nd.array([0., 1, 0])))",
    R + "result = r(mx.nd.L2Normalization(mx.nd.array([[1., 2, 4], [3, 1, 2]]), mode='spatial'))",
    R + "result = r(mx.nd.L2Normalization(mx.nd.array([[1., 2, 4], [3, 1, 2]]), mode='channel'))",
    R + "result = r(mx.nd.L2Normalization(mx.nd.array([1., 2, 4])))",
    R + "result = r(mx.nd.LRN(mx.nd.array(np.arange(12.).reshape((1, 3, 4))), nsize=3))",
    R + "result = r(mx.nd.LRN(mx.nd.array(np.arange(24.).reshape((1, 4, 3, 2)) / 10), nsize=2))",
    R + "result = r(mx.nd.LayerNorm(mx.nd.array([1., 2, 4]), mx.nd.ones(3), mx.nd.zeros(3)))",
    R + "result = r(mx.nd.BatchNorm(mx.nd.array([1., 2, 4]), mx.nd.ones(3), mx.nd.zeros(3), mx.nd.zeros(3), mx.nd.ones(3), axis=0))",
]

# case -> why mxnd deliberately differs from MXNet 1.9.1 (see also docs/differences.md)
DELIBERATE = {
    XP + "y = mx.nd.BatchNorm(x, g, b, mm, mv); y.wait_to_read(); result = g":
        "MXNet's CPU BatchNorm writes 1 into gamma when fix_gamma=True, a write the engine does not "
        "order (reading gamma before the op runs sees the old values); mxnd never modifies gamma",
    XP + "result = mx.nd.BatchNorm(x, g[:2], b, mm, mv)":
        "MXNet does not check gamma's shape and reads past it; mxnd raises MXNetError",
    XP + "x.attach_grad()\nwith mx.autograd.record(train_mode=False):\n    y = mx.nd.BatchNorm(x, g, b, mm, mv)\n"
    "y.backward()\nresult = r(x.grad)":
        "MXNet's backward of a predict-mode BatchNorm uses the training-mode formula (batch statistics) "
        "that the forward did not use; mxnd gives the gradient of the computed function, gamma / sqrt(moving_var + eps)",
    H + "result = r(mx.nd.InstanceNorm(x.astype('float64'), mx.nd.ones(4, dtype='float64'), mx.nd.zeros(4, dtype='float64')))":
        "MXNet's InstanceNorm takes float32 only; mxnd also computes float64 (as for LRN)",
    XP + "result = r(mx.nd.contrib.BatchNormWithReLU(x, g, b, mm, mv))":
        "MXNet's BatchNormWithReLU runs only on MKL-DNN (4-d float32 data here) and raises otherwise; "
        "mxnd computes relu(BatchNorm(...)) for any BatchNorm input",
    X4 + "result = r(mx.nd.LRN(x.astype('float64') * 3, nsize=3, alpha=0.1))":
        "MXNet's LRN kernel takes float32 only and fails a type check for float64; mxnd computes in float64",
}

CASES = DTYPES + EDGES + BATCH_NORM + CONTRIB_BATCH_NORM + LAYER_NORM + GROUP_NORM + INSTANCE_NORM + L2 + LRN + list(DELIBERATE)
