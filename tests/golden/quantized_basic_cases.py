"""Cases of the quantized_basic family: contrib.quantized_act, quantized_flatten, quantized_concat,
quantized_elemwise_add, quantized_elemwise_mul, quantized_pooling, quantized_embedding.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into quantized_basic.json (its oneDNN kernels). Integer outputs and the
float32 ranges are compared bit for bit. ``E`` records only whether a call raises MXNetError;
``G`` records the gradients (MXNet's zero gradients) or the error of a backward through the
float range outputs (max pooling under ``record()`` fails in MXNet, so its case pools avg). MXNet 1.9.1's imperative quantized_elemwise_mul always fails, so its cases
are DELIBERATE here (tests/ndarray/ops/test_quantized_basic.py checks mxnd against the values of
MXNet's symbolic executor). Never put a case here that crashes MXNet (a negative concat dim).
"""

D = ("rng = np.random.RandomState(0); "
     "r = lambda v: mx.nd.array([v]); "
     "a = mx.nd.array([[1, -2, 3, 127, -128], [0, 5, -7, 64, -1]], dtype='int8'); "
     "u = mx.nd.array([[100, 50, 7, 255, 0], [1, 2, 128, 200, 3]], dtype='uint8'); "
     "a2 = mx.nd.array(rng.randint(-128, 128, (2, 5)), dtype='int8'); "
     "u2 = mx.nd.array(rng.randint(0, 256, (2, 5)), dtype='uint8'); "
     "x = mx.nd.array(rng.randint(-128, 128, (2, 3, 7, 8)), dtype='int8'); "
     "xu = mx.nd.array(rng.randint(0, 256, (2, 3, 7, 8)), dtype='uint8'); "
     "x5 = mx.nd.array(rng.randint(-128, 128, (1, 2, 5, 6, 7)), dtype='int8'); "
     "w = mx.nd.array(rng.randint(-128, 128, (6, 4)), dtype='int8')\n")
R = D + "result = {}"
E = D + "try:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"
G = (D + "f = mx.nd.array(rng.uniform(-3, 3, (2, 3, 4))); lo, hi = r(-1.5), r(2.5)\n"
     "for v in (f, lo, hi):\n    v.attach_grad()\n"
     "try:\n    with mx.autograd.record():\n        out = {}\n        z = out[1] * 2 + out[2]\n"
     "    z.backward()\n"
     "    result = [f.grad, lo.grad, hi.grad]\n"
     "except mx.base.MXNetError:\n    result = 'MXNetError'")

Q = "mx.nd.contrib."
ACT = [
    R.format(f"{Q}quantized_act(a, r(-1.5), r(2.0), act_type='relu')"),
    R.format(f"{Q}quantized_act(x, r(-0.25), r(0.5), act_type='relu')"),
    # uint8 data: oneDNN's relu writes the uint8 bytes into the int8 output
    R.format(f"{Q}quantized_act(u, r(0.0), r(3.0), act_type='relu')"),
    R.format(f"{Q}quantized_act(data=a, min_data=r(-1.0), max_data=r(1.0), act_type='relu')"),
    R.format(f"{Q}quantized_act(a, mx.nd.array([-1.0]), mx.nd.array([np.inf]), act_type='relu')"),
    G.format(f"{Q}quantized_act(a, lo, hi, act_type='relu')"),
] + [E.format(f"{Q}quantized_act({c})[0].wait_to_read()") for c in [
    "a, r(-1.0), r(1.0), act_type='sigmoid'", "a, r(-1.0), r(1.0), act_type='tanh'", "a, r(-1.0), r(1.0)",
    "a, r(-1.0), r(1.0), act_type='foo'", "a.astype('int32'), r(-1.0), r(1.0), act_type='relu'",
    "a.astype('float32'), r(-1.0), r(1.0), act_type='relu'", "a, r(-1.0), act_type='relu'",
    "a, r(-1.0).astype('float64'), r(1.0), act_type='relu'", "a, mx.nd.array([-1.0, 2.0]), r(1.0), act_type='relu'",
    "a, mx.nd.array([[-1.0]]), r(1.0), act_type='relu'", "mx.nd.array(np.zeros((0, 3)), dtype='int8'), r(-1.0), r(1.0), act_type='relu'",
]]

FLATTEN = [
    R.format(f"{Q}quantized_flatten(x, r(-1.0), r(3.0))"),
    R.format(f"{Q}quantized_flatten(x5, r(-2.0), r(0.5))"),
    R.format(f"{Q}quantized_flatten(u, r(0.0), r(3.0))"),
    R.format(f"{Q}quantized_flatten(a[0], r(-1.0), r(1.0))"),
    # any dtype goes through (oneDNN's reshape)
    R.format(f"{Q}quantized_flatten(x.astype('float32'), r(-1.0), r(3.0))"),
    R.format(f"{Q}quantized_flatten(x.astype('int32').reshape((6, 7, 8)), r(-1.0), r(3.0))"),
    R.format(f"{Q}quantized_flatten(x.astype('float16').reshape((2, 168, 1)), r(-1.0), r(3.0))"),
    R.format(f"{Q}quantized_flatten(data=x, min_data=r(-1.0), max_data=r(3.0))"),
    G.format(f"{Q}quantized_flatten(f, lo, hi)"),
    G.format(f"{Q}quantized_flatten(f * 2, lo * 3, hi)"),
] + [E.format(f"{Q}quantized_flatten({c})[0].wait_to_read()") for c in [
    "x, r(-1.0)", "x, r(-1.0).astype('float64'), r(1.0)", "x, mx.nd.array([1.0, 2.0]), r(1.0)",
    "mx.nd.array(np.zeros((0, 3)), dtype='int8'), r(-1.0), r(1.0)",
]]

CC = Q + "quantized_concat"
CONCAT = [
    R.format(f"{CC}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=1)"),
    R.format(f"{CC}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=0)"),
    R.format(f"{CC}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2)"),
    R.format(f"{CC}(a, u, r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=1)"),
    R.format(f"{CC}(u, a, r(0.0), r(0.5), r(-1.0), r(1.0), num_args=2, dim=1)"),
    R.format(f"{CC}(u, u2, r(0.0), r(1.0), r(0.0), r(2.0), num_args=2, dim=1)"),
    # ranges below zero, above zero: the output range always holds 0
    R.format(f"{CC}(u, u2, r(1.0), r(3.0), r(0.5), r(2.0), num_args=2, dim=1)"),
    R.format(f"{CC}(u, u2, r(-1.0), r(-0.5), r(-0.5), r(-0.2), num_args=2, dim=1)"),
    R.format(f"{CC}(a, a2, a, r(-1.0), r(1.0), r(-1.0), r(1.0), r(-0.3), r(0.7), num_args=3, dim=1)"),
    R.format(f"{CC}(x, x[:, :2], xu[:, :1], r(-1.0), r(0.5), r(-0.25), r(0.25), r(0.0), r(3.0), num_args=3, dim=1)"),
    R.format(f"{CC}(x, x, r(-1.0), r(1.0), r(-1.0), r(1.0), num_args=2, dim=3)"),
    R.format(f"{CC}(a, r(-3.0), r(1.0), num_args=1, dim=1)"),
    # a zero range: the input's scale is inf
    R.format(f"{CC}(a, a2, r(0.0), r(0.0), r(-2.0), r(2.0), num_args=2, dim=1)"),
    G.format(f"{CC}(a, a2, lo, hi, lo * 2, hi, num_args=2, dim=1)"),
] + [E.format(f"{CC}({c})[0].wait_to_read()") for c in [
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), dim=1", "a, a2, r(-1.0), r(1.0), num_args=2, dim=1",
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=2",
    "a, a2.reshape((5, 2)), r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=1",
    "a, a2.reshape((1, 2, 5)), r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=1",
    "a.astype('int32'), a2, r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=1",
    "a, a2.astype('float32'), r(-1.0), r(1.0), r(-2.0), r(2.0), num_args=2, dim=1",
    "a, a2, r(-1.0), r(1.0), r(-2.0).astype('float64'), r(2.0), num_args=2, dim=1",
    "a, a2, r(-1.0), mx.nd.array([1.0, 2.0]), r(-2.0), r(2.0), num_args=2, dim=1",
]]

ADD = Q + "quantized_elemwise_add"
ELEMWISE_ADD = [
    R.format(f"{ADD}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0))"),
    R.format(f"{ADD}(a, a2, r(-0.7), r(0.3), r(-5.5), r(1.25))"),
    R.format(f"{ADD}(u, u2, r(0.0), r(1.0), r(0.0), r(2.0))"),
    R.format(f"{ADD}(u, u2, r(-3.0), r(0.1), r(0.0), r(0.001))"),
    R.format(f"{ADD}(x, x[:, ::-1], r(-1.0), r(2.0), r(-3.0), r(0.5))"),
    R.format(f"{ADD}(lhs=a, rhs=a2, lhs_min=r(-1.0), lhs_max=r(1.0), rhs_min=r(-2.0), rhs_max=r(2.0))"),
    # -128 * scale goes past -2**31: saturates
    R.format(f"{ADD}(a, a, r(-4.0), r(1.0), r(-4.0), r(1.0))"),
    # both ranges 0: the scales are NaN and oneDNN gives its int32 saturation value
    R.format(f"{ADD}(a, a2, r(0.0), r(0.0), r(0.0), r(0.0))"),
    R.format(f"{ADD}(a, a2, r(0.0), r(0.0), r(-1.0), r(1.0))"),
    # calibrated: the input type (int8 for mixed inputs), saturated
    R.format(f"{ADD}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range=-3.0, max_calib_range=3.0)"),
    R.format(f"{ADD}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range=-0.5, max_calib_range=0.25)"),
    R.format(f"{ADD}(u, u2, r(0.0), r(1.0), r(0.0), r(2.0), min_calib_range=0.0, max_calib_range=2.5)"),
    R.format(f"{ADD}(u, u2, r(0.0), r(1.0), r(0.0), r(2.0), min_calib_range=-1e-3, max_calib_range=1e-3)"),
    R.format(f"{ADD}(u, u2, r(0.0), r(1.0), r(0.0), r(2.0), min_calib_range=-1e30, max_calib_range=1e30)"),
    R.format(f"{ADD}(a, u, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range=-3.0, max_calib_range=3.0)"),
    R.format(f"{ADD}(u, a, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range=-3.0, max_calib_range=3.0)"),
    R.format(f"{ADD}(u2, a2, r(0.0), r(4.0), r(-0.5), r(0.25), min_calib_range=-1.0, max_calib_range=2.0)"),
    R.format(f"{ADD}(x, xu, r(-1.0), r(2.0), r(0.0), r(3.0), min_calib_range='-4', max_calib_range='4.5')"),
    # only one calibration bound: int32 as without them
    R.format(f"{ADD}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range=-3.0)"),
    G.format(f"{ADD}(a, a2, lo, hi, lo, hi)"),
] + [E.format(f"{ADD}({c})[0].wait_to_read()") for c in [
    "a.astype('int32'), a2, r(-1.0), r(1.0), r(-2.0), r(2.0)", "a, a2.astype('float32'), r(-1.0), r(1.0), r(-2.0), r(2.0)",
    "a, a2.reshape((5, 2)), r(-1.0), r(1.0), r(-2.0), r(2.0)", "a, a2, r(-1.0).astype('float64'), r(1.0), r(-2.0), r(2.0)",
    "a, a2, r(-1.0), r(1.0), r(-2.0), mx.nd.array([2.0, 3.0])", "a, a2, r(-1.0), r(1.0), r(-2.0)",
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range='nan', max_calib_range=1.0",
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range='x', max_calib_range=1.0",
    "mx.nd.array(np.zeros((0, 3)), dtype='int8'), mx.nd.array(np.zeros((0, 3)), dtype='int8'), r(-1.0), r(1.0), r(-2.0), r(2.0)",
]]

MUL = Q + "quantized_elemwise_mul"
MUL_CALLS = [
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0)",
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), min_calib_range=-0.1, max_calib_range=0.1",
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), enable_float_output=True",
]
ELEMWISE_MUL = [R.format(f"{MUL}({c})") for c in MUL_CALLS] + [E.format(f"{MUL}({c})[0].wait_to_read()") for c in [
    "a, a2.reshape((5, 2)), r(-1.0), r(1.0), r(-2.0), r(2.0)", "a, a2.reshape((1, 2, 5)), r(-1.0), r(1.0), r(-2.0), r(2.0)",
    "a, a2, mx.nd.array([1.0, 2.0]), r(1.0), r(-2.0), r(2.0)",
    "a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), enable_float_output='foo'",
]]

PL = Q + "quantized_pooling"
POOLING = [R.format(f"{PL}({c})") for c in [
    "x, r(-1.0), r(1.0), kernel=(2, 2)",
    "x, r(-1.0), r(1.0), kernel=(3, 2), stride=(2, 3), pool_type='max'",
    "x, r(-1.0), r(1.0), kernel=(3, 3), pad=(1, 1), pool_type='max'",
    "x, r(-1.0), r(1.0), kernel=(2, 2), pool_type='avg'",
    "x, r(-1.0), r(1.0), kernel=(3, 3), pad=(1, 1), pool_type='avg'",
    "x, r(-1.0), r(1.0), kernel=(3, 3), pad=(1, 1), pool_type='avg', count_include_pad=False",
    "x, r(-1.0), r(1.0), kernel=(4, 3), pad=(2, 1), stride=(3, 2), pool_type='avg'",
    "x, r(-1.0), r(1.0), kernel=(2, 2), stride=(3, 3), pool_type='avg', pooling_convention='full'",
    "x, r(-1.0), r(1.0), kernel=(3, 2), stride=(2, 3), pad=(1, 0), pool_type='avg', pooling_convention='full', count_include_pad=False",
    "x, r(-1.0), r(1.0), kernel=(3, 3), stride=(2, 2), pool_type='max', pooling_convention='full'",
    # windows wholly in the extra padding of the full convention
    "x, r(-1.0), r(1.0), kernel=(1, 1), stride=(3, 3), pool_type='max', pooling_convention='full'",
    "xu, r(0.0), r(1.0), kernel=(1, 1), stride=(3, 3), pool_type='max', pooling_convention='full'",
    "x, r(-1.0), r(1.0), kernel=(1, 1), stride=(3, 3), pool_type='avg', pooling_convention='full'",
    "xu, r(0.0), r(2.0), kernel=(3, 3), stride=(2, 2), pool_type='avg'",
    "xu, r(0.0), r(2.0), kernel=(3, 3), pad=(1, 1), pool_type='avg', count_include_pad=False",
    "xu, r(0.0), r(2.0), kernel=(2, 3), pool_type='max'",
    "x5, r(-1.0), r(1.0), kernel=(2, 2, 2), pool_type='max'",
    "x5, r(-1.0), r(1.0), kernel=(3, 2, 3), stride=(2, 2, 2), pad=(1, 1, 1), pool_type='avg'",
    "x5, r(-1.0), r(1.0), kernel=(2, 3, 2), pad=(1, 0, 1), pool_type='avg', count_include_pad=False",
    "x, r(-1.0), r(1.0), kernel=(3, 3), global_pool=True, pool_type='avg'",
    "x, r(-1.0), r(1.0), kernel=(3, 3), global_pool=True, pool_type='max'",
    "x5, r(-1.0), r(1.0), kernel=(1, 1, 1), global_pool=True, pool_type='avg'",
    "x, r(-1.0), r(1.0), kernel=(7, 8), pool_type='avg'",
    "x, r(-1.0), r(1.0), kernel=(2, 2), pooling_convention='same'",
    "data=x, min_data=r(-1.0), max_data=r(1.0), kernel='(2, 2)', stride='(2, 2)', pool_type='avg', layout='NCHW', cudnn_off=True",
]] + [G.format(f"{PL}(x, lo, hi, kernel=(2, 2), pool_type='avg')")] + [E.format(f"{PL}({c})[0].wait_to_read()") for c in [
    "x, r(-1.0), r(1.0), kernel=(2, 2), pool_type='sum'", "x, r(-1.0), r(1.0), kernel=(2, 2), pool_type='lp', p_value=2",
    "x, r(-1.0), r(1.0), kernel=(2, 2), layout='NHWC'", "x, r(-1.0), r(1.0), kernel=(2,)",
    "x.reshape((6, 7, 8)), r(-1.0), r(1.0), kernel=(2,)", "x5, r(-1.0), r(1.0), kernel=(2, 2)",
    "x, r(-1.0), r(1.0), global_pool=True", "x, r(-1.0), r(1.0), kernel=(8, 2)", "x, r(-1.0), r(1.0), kernel=(2, 2), pad=(2, 2)",
    "x, r(-1.0), r(1.0)", "x, r(-1.0), r(1.0), kernel=(2, 2), stride=(0, 1)", "x, r(-1.0), r(1.0), kernel=(2, 2), stride=(1,)",
    "x, r(-1.0), r(1.0), kernel=(2, 2), pad=(1,)", "x, r(-1.0), r(1.0), kernel=(0, 2)",
    "x.astype('int32'), r(-1.0), r(1.0), kernel=(2, 2)", "x.astype('float32'), r(-1.0), r(1.0), kernel=(2, 2)",
    "x, r(-1.0).astype('float64'), r(1.0), kernel=(2, 2)", "x, mx.nd.array([1.0, 2.0]), r(1.0), kernel=(2, 2)",
    "x, r(-1.0), r(1.0), kernel=(1, 1), stride=(3, 3), pool_type='avg', pooling_convention='full', count_include_pad=False",
    "x, r(-1.0), r(1.0), kernel=(2, 2), stride=(3, 3), pooling_convention='same'",
    "mx.nd.array(np.zeros((0, 1, 3, 3)), dtype='int8'), r(-1.0), r(1.0), kernel=(2, 2)",
]]

EM = Q + "quantized_embedding"
EMBEDDING = [R.format(f"{EM}({c})") for c in [
    "mx.nd.array([0, 5, 2, 2]), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    # indices truncated and clipped; NaN reads row 0
    "mx.nd.array([[0.9, 5.7, -1, 9], [1e10, -1e10, np.nan, 3.5]]), w, r(-0.5), r(0.25), input_dim=6, output_dim=4",
    "mx.nd.array([1, 4], dtype='int32'), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    "mx.nd.array([1, 4], dtype='int8'), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    "mx.nd.array([1, 4], dtype='float64'), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    "mx.nd.array([1, 4]), w, r(-1.0), r(1.0), input_dim=6, output_dim=4, dtype='float16', sparse_grad=True",
    # C's int64_t cast: NaN, inf and values beyond int64 read row 0
    "mx.nd.array([np.inf, -np.inf, 1e10, 3.7, 1e30, 9.3e18], dtype='float16'), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    "mx.nd.array([np.inf, -np.inf, 1e10, 3.7, 1e30, 9.3e18, 9.2e18]), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    "mx.nd.array([np.inf, 1e10, 1e30, -9.3e18, 9.3e18, 9.2e18], dtype='float64'), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    "data=mx.nd.array([[[3]]]), weight=w, min_weight=r(-1.0), max_weight=r(1.0), input_dim='6', output_dim='4'",
]] + [G.format(f"{EM}(mx.nd.array([1, 2]) + f[0, 0, :2] * 0, w, lo, hi, input_dim=6, output_dim=4)")] + [
    E.format(f"{EM}({c})[0].wait_to_read()") for c in [
        "mx.nd.array([0, 3]), w.astype('uint8'), r(-1.0), r(1.0), input_dim=6, output_dim=4",
        "mx.nd.array([0, 3]), w, r(-1.0), r(1.0), input_dim=6, output_dim=3",
        "mx.nd.array([0, 3]), w, r(-1.0), r(1.0), input_dim=5, output_dim=4",
        "mx.nd.array([0, 3]), w, r(-1.0), r(1.0), output_dim=4", "mx.nd.array([0, 3]), w, r(-1.0), r(1.0), input_dim=6",
        "mx.nd.array([0, 3]), w, r(-1.0).astype('float64'), r(1.0), input_dim=6, output_dim=4",
        "mx.nd.array([0, 3]), w, mx.nd.array([1.0, 2.0]), r(1.0), input_dim=6, output_dim=4",
        "mx.nd.array(np.zeros((0,))), w, r(-1.0), r(1.0), input_dim=6, output_dim=4",
    ]]

# MXNet computes these, mxnd raises (see DELIBERATE)
DIFFERENT = [
    R.format(f"{ADD}(a, u, r(-1.0), r(1.0), r(-2.0), r(2.0))"),
    R.format(f"{PL}(x, r(-1.0), r(1.0), kernel=(2, 2, 2))"),
]

# NaN products (a NaN range, or 0 * inf from a zero range): oneDNN's reorders give 127 in int8 and
# 0 in uint8; its sum gives 0 in uint8, in int8 127 but 0 for 3-D and 4-D data
NAN = [R.format(c) for c in [
    f"{CC}(a, a2, r(np.nan), r(1.0), r(-2.0), r(2.0), num_args=2, dim=1)",
    f"{CC}(u, a2, r(np.nan), r(1.0), r(-2.0), r(2.0), num_args=2, dim=0)",
    f"{CC}(u, u2, r(np.nan), r(1.0), r(0.0), r(2.0), num_args=2, dim=1)",
    f"{CC}(x[:, :1], x, r(-1.0), r(1.0), r(-3.0), r(np.nan), num_args=2, dim=1)",
    f"{ADD}(a, a2, r(np.nan), r(1.0), r(-2.0), r(2.0), min_calib_range=-1.0, max_calib_range=1.0)",
    f"{ADD}(u, u2, r(np.nan), r(1.0), r(0.0), r(2.0), min_calib_range=-1.0, max_calib_range=1.0)",
    f"{ADD}(a, u, r(-1.0), r(1.0), r(np.nan), r(1.0), min_calib_range=-2.0, max_calib_range=3.0)",
    f"{ADD}(u, a, r(-1.0), r(3.0), r(np.nan), r(1.0), min_calib_range=-2.0, max_calib_range=3.0)",
    f"{ADD}(u, a, r(-127.0), r(3.0), r(0.0), r(-0.0), min_calib_range=-0.0, max_calib_range=-0.0)",
    f"{ADD}(a, a2, r(-1.0), r(1.0), r(-1.0), r(1.0), min_calib_range=0.0, max_calib_range=0.0)",
    f"{ADD}(u, u2, r(0.0), r(0.0), r(0.0), r(0.0), min_calib_range=0.0, max_calib_range=0.0)",
    f"{ADD}(x, x[:, ::-1], r(np.nan), r(1.0), r(-1.0), r(1.0), min_calib_range=-1.0, max_calib_range=1.0)",
    f"{ADD}(x[0], x[1], r(-1.0), r(1.0), r(-1.0), r(1.0), min_calib_range=0.0, max_calib_range=0.0)",
    f"{ADD}(x5, x5, r(-1.0), r(1.0), r(-1.0), r(1.0), min_calib_range=0.0, max_calib_range=0.0)",
    f"{ADD}(x5[0, 0], x5[0, 1], r(np.nan), r(1.0), r(-1.0), r(1.0), min_calib_range=-1.0, max_calib_range=1.0)",
]]

# calibration ranges are dmlc optional<float>: no inf, nan or float32 overflow; blanks around a number
CALIB_TEXT = [E.format(f"{ADD}(a, a2, r(-1.0), r(1.0), r(-2.0), r(2.0), {c})[0].wait_to_read()") for c in [
    "min_calib_range='inf', max_calib_range=1.0", "min_calib_range=-1.0, max_calib_range=float('nan')",
    "min_calib_range=-1e39, max_calib_range=1.0", "min_calib_range='-1e50', max_calib_range=1.0",
    "min_calib_range=' -2 ', max_calib_range='3 '", "min_calib_range='.5', max_calib_range='+1e-50'",
    "min_calib_range=True, max_calib_range=1.0", "min_calib_range='', max_calib_range=1.0",
]]

CASES = ACT + FLATTEN + CONCAT + ELEMWISE_ADD + ELEMWISE_MUL + POOLING + EMBEDDING + DIFFERENT + NAN + CALIB_TEXT

_MUL_WHY = ("MXNet 1.9.1's imperative quantized_elemwise_mul always fails ('Check failed: out_shapes.size() == "
            "outputs.size()'); mxnd computes what MXNet's symbolic executor gives")
# case -> why mxnd deliberately differs (tests/test_golden.py merges this table)
DELIBERATE = {R.format(f"{MUL}({c})"): _MUL_WHY for c in MUL_CALLS}
DELIBERATE[DIFFERENT[0]] = ("MXNet adds int8 and uint8 without calibration ranges by rescaling the uint8 operand "
                            "to int32 units inside an int8 buffer (it saturates at 127): mxnd raises MXNetError")
DELIBERATE[DIFFERENT[1]] = ("MXNet pools 4-D data with a 3-D kernel reading the wrong dims: mxnd raises MXNetError")
