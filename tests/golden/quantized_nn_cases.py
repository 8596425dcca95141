"""Cases of the quantized_nn family: contrib.quantized_fully_connected, quantized_conv, quantized_batch_norm.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into quantized_nn.json (its oneDNN kernels). The int32 outputs and the
float32 ranges are compared bit for bit; the int8 batch-norm outputs too (the cases avoid exact
halves, where oneDNN's float32 fma may round the other way). ``E`` records only whether a call
raises MXNetError.
"""

D = ("rng = np.random.RandomState(0); "
     "f = lambda v: mx.nd.array([v]); "
     "xs = mx.nd.array(rng.randint(-128, 128, (3, 5)), dtype='int8'); "
     "xu = mx.nd.array(rng.randint(0, 256, (3, 5)), dtype='uint8'); "
     "x4 = mx.nd.array(rng.randint(-128, 128, (2, 3, 2, 2)), dtype='int8'); "
     "w = mx.nd.array(rng.randint(-128, 128, (4, 5)), dtype='int8'); "
     "w12 = mx.nd.array(rng.randint(-128, 128, (4, 12)), dtype='int8'); "
     "b = mx.nd.array(rng.randint(-128, 128, (4,)), dtype='int8'); "
     "cx = mx.nd.array(rng.randint(0, 256, (2, 3, 6, 5)), dtype='uint8'); "
     "cw = mx.nd.array(rng.randint(-128, 128, (4, 3, 3, 3)), dtype='int8'); "
     "cx3 = mx.nd.array(rng.randint(0, 256, (1, 2, 4, 5, 4)), dtype='uint8'); "
     "cw3 = mx.nd.array(rng.randint(-128, 128, (3, 2, 2, 3, 2)), dtype='int8'); "
     "cb = mx.nd.array([1, -1, 100, -128], dtype='int8'); "
     "bx = mx.nd.array(rng.randint(-128, 128, (2, 3, 4, 5)), dtype='int8'); "
     "bu = mx.nd.array(rng.randint(0, 256, (2, 3, 4, 5)), dtype='uint8'); "
     "g = mx.nd.array([0.53, 1.47, -2.11]); be = mx.nd.array([0.13, -0.31, 2.07]); "
     "m = mx.nd.array([1.09, -2.03, 3.01]); v = mx.nd.array([0.51, 2.03, 4.07])\n")
R = D + "result = {}"
E = D + "try:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

FC = "mx.nd.contrib.quantized_fully_connected"
FC_CASES = [R.format(f"{FC}({c})") for c in [
    "xs, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xs, w, b, f(-1.5), f(0.7), f(-0.3), f(2.9), f(-3.3), f(0.1), num_hidden=4",
    "xs, w, f(-1), f(1), f(-2), f(2), num_hidden=4, no_bias=True",
    "xu, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xu, w, b, f(0.2), f(6.1), f(-0.25), f(0.5), f(-1), f(7), num_hidden=4",
    "xu, w, f(0), f(1), f(-2), f(2), num_hidden=4, no_bias=True",
    "xs, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4, flatten=False",
    "x4, w12, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "x4.reshape((2, 3, 4)), mx.nd.array(rng.randint(-128, 128, (4, 4)), dtype='int8'), b, f(-1), f(1), "
    "f(-2), f(2), f(-3), f(3), num_hidden=4, flatten=False",
    "xs.reshape((15,)), mx.nd.array(rng.randint(-128, 128, (2, 1)), dtype='int8'), b[:2], f(-1), f(1), f(-2), "
    "f(2), f(-3), f(3), num_hidden=2",
    "data=xs, weight=w, bias=b, min_data=f(-1), max_data=f(1), min_weight=f(-2), max_weight=f(2), "
    "min_bias=f(-3), max_bias=f(3), num_hidden='4'",
    # a zero range: MXNet's bias rescale is inf, its int32 cast INT_MIN, added in float32
    "xs, w, b, f(0), f(0), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xs, w, b, f(-1), f(1), f(0), f(0), f(0), f(0), num_hidden=4",
    "xs, w, f(0), f(0), f(-2), f(2), num_hidden=4, no_bias=True",
]] + [
    # large accumulations: exact without a bias, rounded to float32 with one
    D + "k = 3001; xa = mx.nd.full((2, k), 127, dtype='int8'); wa = mx.nd.full((3, k), 127, dtype='int8'); "
        "ba = mx.nd.array([1, -1, 3], dtype='int8'); "
        f"result = [{FC}(xa, wa, f(-1), f(1), f(-1), f(1), num_hidden=3, no_bias=True)[0], "
        f"{FC}(xa, wa, ba, f(-1), f(1), f(-1), f(1), f(-127.5 * 127.5), f(1), num_hidden=3)[0], "
        f"{FC}(xa.astype('uint8') * 2 + 1, wa, ba, f(-1), f(1), f(-1), f(1), f(-1), f(1), num_hidden=3)[0]]",
    D + "xr = mx.nd.array(rng.randint(-128, 128, (5, 700)), dtype='int8'); "
        "wr = mx.nd.array(rng.randint(-128, 128, (6, 700)), dtype='int8'); "
        "br = mx.nd.array(rng.randint(-128, 128, (6,)), dtype='int8'); "
        f"result = {FC}(xr, wr, br, f(-0.3), f(0.31), f(-0.02), f(0.017), f(-0.5), f(0.4), num_hidden=6)",
] + [E.format(f"{FC}({c})[0].wait_to_read()") for c in [
    "xs.astype('float32'), w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xs.astype('int32'), w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xs, w.astype('uint8'), b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xs, w, b.astype('int32'), f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xs, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3).astype('float64'), num_hidden=4",
    "xs, w, b, f(-1), f(1), f(-2), mx.nd.array([2, 3]), f(-3), f(3), num_hidden=4",
    "xs, w, b, f(-1), f(1), f(-2), f(2), mx.nd.array([[-3]]), f(3), num_hidden=4",
    "xs, w, b, f(-1), f(1), f(-2), f(2), num_hidden=4",
    "xs, w, f(-1), f(1), f(-2), f(2), num_hidden=4",
    "xs, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4, no_bias=True",
    "xs, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=3",
    "xs, w, b.reshape((2, 2)), f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4",
    "xs.reshape((3, 5, 1)), w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4, flatten=False",
    "xs, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_hidden=4, flatten='x'",
    "xs, w, b, f(-1), f(1), f(-2), f(2), f(-3), f(3)",
]]

CV = "mx.nd.contrib.quantized_conv"
CONV_CASES = [R.format(f"{CV}({c})") for c in [
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
    "cx, cw, f(-1), f(1), f(-2), f(2), kernel=(3, 3), num_filter=4, no_bias=True",
    "cx, cw, cb, f(0.2), f(5.5), f(-0.7), f(0.3), f(-9), f(1), kernel=(3, 3), num_filter=4, pad=(1, 2)",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4, stride=(2, 1), dilate=(1, 2)",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4, stride=(2, 2), pad=(1, 1), "
    "layout='NCHW', workspace=16, cudnn_tune='off', cudnn_off=True",
    "cx, cw[:, :, :2, :], cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(2, 3), num_filter=4, dilate=(2, 1)",
    "cx3, cw3, cb[:3], f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(2, 3, 2), num_filter=3",
    "cx3, cw3, f(-1), f(1), f(-2), f(2), kernel=(2, 3, 2), num_filter=3, no_bias=True, stride=(1, 2, 2), "
    "pad=(1, 0, 1), layout='NCDHW'",
    "data=cx, weight=cw, bias=cb, min_data=f(-1), max_data=f(1), min_weight=f(-2), max_weight=f(2), "
    "min_bias=f(-3), max_bias=f(3), kernel='(3,3)', num_filter='4'",
    "cx, cw, cb, f(0), f(0), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
]] + [
    D + "xa = mx.nd.full((1, 64, 3, 3), 255, dtype='uint8'); wa = mx.nd.full((3, 64, 3, 3), 127, dtype='int8'); "
        "ba = mx.nd.array([1, -1, 3], dtype='int8'); "
        f"result = [{CV}(xa, wa, ba, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=3)[0], "
        f"{CV}(xa, wa, f(-1), f(1), f(-2), f(2), kernel=(3, 3), num_filter=3, no_bias=True)[0]]",
] + [E.format(f"{CV}({c})[0].wait_to_read()") for c in [
    "cx.astype('int8'), cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
    "cx.astype('float32'), cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4, num_group=2",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3,), num_filter=4",
    "cx.reshape((2, 3, 30)), cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4, layout='NHWC'",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4, stride=(2,)",
    "cx, cw, cb.astype('int32'), f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
    "cx, cw.astype('uint8'), cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=5",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), mx.nd.array([3, 3]), kernel=(3, 3), num_filter=4",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3).astype('float16'), kernel=(3, 3), num_filter=4",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), kernel=(3, 3), num_filter=4",
    "cx, cw, cb[:3], f(-1), f(1), f(-2), f(2), f(-3), f(3), kernel=(3, 3), num_filter=4",
    "cx, cw, cb, f(-1), f(1), f(-2), f(2), f(-3), f(3), num_filter=4",
]]

BN = "mx.nd.contrib.quantized_batch_norm"
BN_CASES = [R.format(f"{BN}({c})") for c in [
    "bx, g, be, m, v, f(-2), f(2), min_calib_range=-5, max_calib_range=4",
    "bx, g, be, m, v, f(-2), f(2), min_calib_range=-5, max_calib_range=4, fix_gamma=False",
    "bx, g, be, m, v, f(-0.7), f(1.3), min_calib_range=-3.1, max_calib_range=6.3, eps=0.37",
    "bu, g, be, m, v, f(0), f(3.3), min_calib_range=-5, max_calib_range=4",
    "bu, g, be, m, v, f(-1), f(1), min_calib_range=-0.5, max_calib_range=0.5",
    "bx.reshape((2, 3, 20)), g, be, m, v, f(-2), f(2), min_calib_range=-5, max_calib_range=4",
    "bx.reshape((2, 3, 2, 2, 5)), g, be, m, v, f(-2), f(2), min_calib_range=-5, max_calib_range=4, axis=-4",
    "data=bx, gamma=g, beta=be, moving_mean=m, moving_var=v, min_data=f(-2), max_data=f(2), "
    "min_calib_range='-5', max_calib_range='4', momentum=0.5, use_global_stats=True",
]] + [E.format(f"{BN}({c})[0].wait_to_read()") for c in [
    "bx, g, be, m, v, f(-2), f(2)",
    "bx, g, be, m, v, f(-2), f(2), max_calib_range=4",
    "bx.astype('float32'), g, be, m, v, f(-2), f(2), min_calib_range=-5, max_calib_range=4",
    "bx.astype('int32'), g, be, m, v, f(-2), f(2), min_calib_range=-5, max_calib_range=4",
    "bx, g, be, m, v, f(-2), f(2), min_calib_range=-5, max_calib_range=4, axis=4",
    "bx, g, be, m, v.astype('float64'), f(-2), f(2), min_calib_range=-5, max_calib_range=4",
    "bx, g, be, m, mx.nd.ones(4), f(-2), f(2), min_calib_range=-5, max_calib_range=4",
    "bx, g, be, m, v, f(-2), mx.nd.array([2, 2]), min_calib_range=-5, max_calib_range=4",
    "bx, g, be, m, v, f(-2), min_calib_range=-5, max_calib_range=4",
]]

# quantized_rnn: only calls that fail before the kernel. Its kernel fails in MXNet 1.9.1 on CPUs with
# VNNI ("could not create a primitive descriptor for a reorder primitive"), so its values are
# checked in tests/ndarray/ops/test_quantized_nn.py (recorded with DNNL_MAX_CPU_ISA=AVX512_CORE).
RD = D + ("rx = mx.nd.array(rng.randint(0, 256, (3, 2, 4)), dtype='uint8'); rp = mx.nd.array(rng.randn(108)); "
          "rh = mx.nd.array(rng.randn(1, 2, 3)); rc = mx.nd.array(rng.randn(1, 2, 3))\n")
RE = RD + "try:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"
QR = "mx.nd.contrib.quantized_rnn"
RNN_CASES = [RE.format(f"{QR}({c})[0].wait_to_read()") for c in [
    "rx, rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='gru'",
    "rx, rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='rnn_tanh'",
    "rx.astype('int8'), rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx.astype('float32'), rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh, rc, f(50.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp.astype('float64'), rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh, rc.astype('float64'), f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh, rc, f(50.).astype('float64'), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh, rc, mx.nd.array([50., 1.]), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp[:5], rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh[:, :1], rc, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=2, mode='lstm'",
    "rx[0], rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm'",
    "rx, rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=1",
    "rx, rp, rh, rc, f(50.), f(128.), state_size=3, num_layers=1, mode='lstm', p=2",
]]

# the bias rescale 255.5 / 2.5 in float32 division (not a product with the reciprocal)
FC_CASES += [R.format(f"{FC}({c})") for c in [
    "mx.nd.array(rng.randint(0, 7, (4, 11)), dtype='uint8'), mx.nd.array(rng.randint(-3, 4, (3, 11)), dtype='int8'), "
    "mx.nd.array([70, -9, -83], dtype='int8'), f(0), f(2.5), f(0), f(127), f(-127), f(127), num_hidden=3",
    "xs, w, b, f(-0.3), f(0.7), f(-2.9), f(0.3), f(-1.1), f(1.3), num_hidden=4",
    "xu, w, b, f(0), f(0.7), f(-1.7), f(2.3), f(-5.1), f(1.9), num_hidden=4",
]]
BN_CASES += [E.format(f"{BN}(bx, g, be, m, v, f(-2), f(2), {c})[0].wait_to_read()") for c in [
    "min_calib_range='inf', max_calib_range=4", "min_calib_range=-5, max_calib_range=float('nan')",
    "min_calib_range=-1e39, max_calib_range=4", "min_calib_range=' -5 ', max_calib_range='4 '",
]]

CASES = FC_CASES + CONV_CASES + BN_CASES + RNN_CASES

# case -> why mxnd deliberately differs (tests/test_golden.py merges this table)
DELIBERATE = {
    E.format(f"{CV}(cx[:, :, :5, :5], mx.nd.ones((4, 3, 6, 6), dtype='int8'), cb, f(-1), f(1), f(-2), f(2), f(-3), "
             "f(3), kernel=(6, 6), num_filter=4)[0].wait_to_read()"):
        "MXNet returns an empty (2, 4, 0, 0) array for a kernel one larger than the input; mxnd raises "
        "MXNetError for any kernel larger than the padded input (MXNet fails inside oneDNN beyond that)",
    E.format(f"{BN}(bx.reshape((2, 3, 5, 4)).transpose((0, 1, 3, 2)).reshape((2, 3, 4, 5))[:, :, :, :3], g, be, m, v, "
             "f(-2), f(2), min_calib_range=-5, max_calib_range=4, axis=-1)[0].wait_to_read()"):
        "MXNet's oneDNN kernel normalizes axis 1 with the parameters of the given axis when both have the same "
        "size (garbage); mxnd raises MXNetError for any axis other than 1",
}
CASES += list(DELIBERATE)
