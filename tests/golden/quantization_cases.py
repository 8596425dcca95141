"""Cases of the quantization family: contrib.quantize, quantize_v2, quantize_asym, dequantize,
requantize and calibrate_entropy.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer (the CPU build, whose oneDNN kernels these follow) into quantization.json,
and tests/test_golden.py compares mxnd's exactly: every integer and float32 value bit for bit.
Never put a case here that crashes MXNet or makes it read out of bounds: quantize_asym of data
that is not 3-D (segfault), calibrate_entropy with num_quantized_bins <= 0 or larger than the
histogram, negative or NaN counts (abort), or an even number of bins whose last threshold wins
(read past hist_edges); tests/ndarray/ops/test_quantization.py covers those.
"""

D = ("rng = np.random.RandomState(0); "
     "x = mx.nd.array(rng.randn(2, 3, 4, 5) * 3); "
     "y = mx.nd.array(rng.randn(3, 40) * 0.7 + 0.2); "
     "t = mx.nd.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, 127.4, 127.5, 128, -127.5, -128.6, -200, 0, -0.0]); "
     "s = mx.nd.array([np.nan, 1, -2, np.inf, -np.inf, 0.25]); "
     "lo, hi = mx.nd.array([-4.0]), mx.nd.array([4.0]); "
     "i8 = mx.nd.array([-128, -127, -5, 0, 3, 100, 127], dtype='int8'); "
     "u8 = mx.nd.array([0, 1, 5, 100, 200, 255], dtype='uint8'); "
     "i32 = mx.nd.array([-2**31, -2**31 + 1, -1000000, -65, -64, 0, 63, 64, 2**24 + 1, 2**30, 2**31 - 1], dtype='int32'); "
     "small = mx.nd.array([-300, -255, -1, 0, 1, 2, 3, 127, 128, 200], dtype='int32'); "
     "b = rng.randint(-2**31, 2**31 - 1, size=(4, 50), dtype=np.int64).astype(np.int32); "
     "big, bigs = mx.nd.array(b, dtype='int32'), mx.nd.array(b // 1000, dtype='int32')\n")
R = D + "result = {}"
E = D + "try:\n    r = {}\n    [a.wait_to_read() for a in (r if isinstance(r, (list, tuple)) else [r])]\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

Q = "mx.nd.contrib.quantize"
QUANTIZE = [R.format(c) for c in [
    f"{Q}(x, lo, hi)",
    f"{Q}(x, lo, hi, out_type='int8')",
    f"{Q}(x, lo, hi, out_type='uint8')",
    f"{Q}(x, mx.nd.array([0.]), mx.nd.array([4.]), out_type='uint8')",
    f"{Q}(x, mx.nd.array([-1.]), mx.nd.array([10.]), out_type='int8')",
    f"{Q}(x, mx.nd.array([5.]), mx.nd.array([-7.]), out_type='int8')",
    f"{Q}(x, mx.nd.array([5.]), mx.nd.array([-7.]), out_type='uint8')",
    f"{Q}(x, mx.nd.array([0.]), mx.nd.array([0.]), out_type='int8')",
    f"{Q}(x, mx.nd.array([0.]), mx.nd.array([0.]), out_type='uint8')",
    f"{Q}(x, mx.nd.array([np.nan]), mx.nd.array([4.]), out_type='int8')",
    f"{Q}(x, mx.nd.array([4.]), mx.nd.array([np.nan]), out_type='int8')",
    f"{Q}(x, mx.nd.array([-np.inf]), mx.nd.array([4.]), out_type='int8')",
    f"{Q}(t, mx.nd.array([-127.]), mx.nd.array([127.]), out_type='int8')",
    f"{Q}(t, mx.nd.array([0.]), mx.nd.array([255.]), out_type='uint8')",
    f"{Q}(s, lo, hi, out_type='int8')",
    f"{Q}(s, lo, hi, out_type='uint8')",
    f"{Q}(y, mx.nd.array([-0.3]), mx.nd.array([1.7]), out_type='int8')",
    f"{Q}(x.reshape((1, 2, 3, 2, 5, 2)), lo, hi, out_type='int8')",
    f"{Q}(x, mx.nd.array(-3.), mx.nd.array(2.), out_type='int8')",
    f"{Q}(data=y, min_range=lo, max_range=hi, out_type='int8')",
]] + [E.format(c) for c in [
    f"{Q}(x.astype('float64'), lo, hi)", f"{Q}(x.astype('int8'), lo, hi)", f"{Q}(x, lo.astype('float64'), hi)",
    f"{Q}(x, mx.nd.array([-4., 1.]), hi)", f"{Q}(x, lo, mx.nd.array([[4.]]))", f"{Q}(x, lo, hi, out_type='auto')",
    f"{Q}(x, lo, hi, out_type='int32')", f"{Q}(mx.nd.ones((1,) * 7), lo, hi)", f"{Q}(mx.nd.array(1.5), lo, hi)",
    f"{Q}(x, lo)",
]]

V = "mx.nd.contrib.quantize_v2"
QUANTIZE_V2 = [R.format(c) for c in [
    f"{V}(x)", f"{V}(x, out_type='int8')", f"{V}(x, out_type='uint8')", f"{V}(x, out_type='auto')",
    f"{V}(y, out_type='uint8')", f"{V}(y)",
    f"{V}(x, min_calib_range=-2.5, max_calib_range=3.0)",
    f"{V}(x, out_type='uint8', min_calib_range=-2.5, max_calib_range=3.0)",
    f"{V}(x, out_type='auto', min_calib_range=0.0, max_calib_range=3.0)",
    f"{V}(x, out_type='auto', min_calib_range=-0.001, max_calib_range=3.0)",
    f"{V}(x, out_type='auto', min_calib_range=0.0)",
    f"{V}(x, out_type='auto', max_calib_range=3.0)",
    f"{V}(x, min_calib_range='-1.5', max_calib_range='None')",
    f"{V}(x, min_calib_range='-1.5', max_calib_range='2.25')",
    f"{V}(t, min_calib_range=-127.5, max_calib_range=127.5)",
    f"{V}(t, out_type='uint8', min_calib_range=0, max_calib_range=255.5)",
    f"{V}(t, min_calib_range=0, max_calib_range=0)",
    f"{V}(s)", f"{V}(s, out_type='uint8')", f"{V}(s[1:3])", f"{V}(s[3:4])", f"{V}(s[4:5], out_type='uint8')",
    f"{V}(s[0:1])", f"{V}(s[0:1], out_type='uint8')",
    f"{V}(mx.nd.zeros((3,)))", f"{V}(mx.nd.zeros((3,)), out_type='uint8')",
    f"{V}(x.reshape((6, 20)))", f"{V}(x.reshape((1, 2, 3, 2, 5, 2)), out_type='uint8')",
    f"{V}(i8)", f"{V}(i8, out_type='uint8')", f"{V}(u8)", f"{V}(u8, out_type='uint8')",
    f"{V}(u8, out_type='auto', min_calib_range=1.0, max_calib_range=2.0)",
    f"{V}(i8, min_calib_range=-3.0, max_calib_range=5.0)",
    f"{V}(data=y, out_type='int8', min_calib_range=-1, max_calib_range=1)",
]] + [E.format(c) for c in [
    f"{V}(x.astype('float64'))", f"{V}(x.astype('float16'))", f"{V}(i32)", f"{V}(x, out_type='int32')",
    f"{V}(mx.nd.ones((1,) * 7))", f"{V}(mx.nd.ones((1,) * 7, dtype='int8'))", f"{V}(mx.nd.array(1.5))",
    f"{V}(x, min_calib_range='a')",
]]

A = "mx.nd.contrib.quantize_asym"
QUANTIZE_ASYM = [R.format(c) for c in [
    f"{A}(x[0])", f"{A}(y.reshape((3, 4, 10)))",
    f"{A}(x[0], min_calib_range=-3.0, max_calib_range=8.0)",
    f"{A}(x[1], min_calib_range=-7.3, max_calib_range=9.1)",
    f"{A}(mx.nd.array([[[0.5, 1.5, 2.5, 3.5, -1, 300]]]), min_calib_range=0., max_calib_range=255.)",
    f"{A}(mx.nd.array([[[0.5, 1.5, 2.5, 3.5, -1, 300]]]), min_calib_range=-1., max_calib_range=254.)",
    f"{A}(mx.nd.array([[[0.5, 1.5, 2.5, 3.5, -1, 300]]]), min_calib_range=5., max_calib_range=1.)",
    f"{A}(mx.nd.array([[[0.5, 1.5, 2.5, 3.5, -1, 300]]]), min_calib_range=5.)",
    f"{A}(mx.nd.array([[[0.5, 1.5, 2.5, 3.5, -1, 300]]]), max_calib_range=5.)",
    f"{A}(mx.nd.zeros((1, 2, 2)))", f"{A}(s.reshape((1, 2, 3)))", f"{A}(s[1:3].reshape((1, 1, 2)))",
    f"{A}(data=x[1], min_calib_range='-2', max_calib_range='2')",
]] + [E.format(c) for c in [
    f"{A}(x[0].astype('int8'))", f"{A}(x[0].astype('uint8'))", f"{A}(x[0].astype('float64'))",
]]

DQ = "mx.nd.contrib.dequantize"
DEQUANTIZE = [R.format(c) for c in [
    f"{DQ}(i8, lo, hi)", f"{DQ}(u8, lo, hi)", f"{DQ}(u8, mx.nd.array([1.]), mx.nd.array([3.]))",
    f"{DQ}(i8, mx.nd.array([-5.]), mx.nd.array([2.]))", f"{DQ}(i8, mx.nd.array([np.nan]), hi)",
    f"{DQ}(i8, hi, mx.nd.array([np.nan]))", f"{DQ}(u8, mx.nd.array([0.]), mx.nd.array([0.]))",
    f"{DQ}(mx.nd.array(np.arange(24).reshape(1, 2, 3, 4) - 10, dtype='int8'), lo, hi)",
    f"{DQ}(i8, mx.nd.array(-0.7), mx.nd.array(0.3))",
    f"{DQ}(data=u8, min_range=lo, max_range=hi, out_type='float32')",
    f"{DQ}(*{V}(x))", f"{DQ}(*{V}(x, out_type='uint8'))", f"{DQ}(*{Q}(y, lo, hi, out_type='int8'))",
    f"{DQ}(*{A}(x[0])[:1], mx.nd.array([-1.]), mx.nd.array([1.]))",
]] + [E.format(c) for c in [
    f"{DQ}(mx.nd.ones(3), lo, hi)", f"{DQ}(mx.nd.ones(3, dtype='int32'), lo, hi)",
    f"{DQ}(i8, lo, hi, out_type='float16')", f"{DQ}(i8, lo.astype('float64'), hi)",
    f"{DQ}(i8, mx.nd.array([1., 2.]), hi)", f"{DQ}(mx.nd.ones((1,) * 7, dtype='int8'), lo, hi)",
]]

RQ = "mx.nd.contrib.requantize"
REQUANTIZE = [R.format(c) for c in [
    f"{RQ}(i32, lo, hi)", f"{RQ}(i32, lo, hi, out_type='uint8')", f"{RQ}(i32, lo, hi, out_type='auto')",
    f"{RQ}(i32, lo, hi, min_calib_range=-0.5, max_calib_range=1.0)",
    f"{RQ}(i32, lo, hi, out_type='auto', min_calib_range=0., max_calib_range=1.0)",
    f"{RQ}(i32, lo, hi, out_type='auto', min_calib_range=-0.1, max_calib_range=1.0)",
    f"{RQ}(i32, lo, hi, out_type='uint8', min_calib_range=-0.1, max_calib_range=1.0)",
    f"{RQ}(small, lo, hi)", f"{RQ}(small, lo, hi, out_type='uint8')",
    f"{RQ}(small, mx.nd.array([-1.5]), mx.nd.array([0.25]))",
    f"{RQ}(mx.nd.zeros(3, dtype='int32'), lo, hi)", f"{RQ}(mx.nd.zeros(3, dtype='int32'), lo, hi, out_type='uint8')",
    f"{RQ}(mx.nd.array([-2**31, 5], dtype='int32'), lo, hi)",
    f"{RQ}(mx.nd.array([2**31 - 1, 5], dtype='int32'), lo, hi)",
    f"{RQ}(mx.nd.array([2**31 - 129, -7], dtype='int32'), lo, hi)",
    f"{RQ}(small, lo, hi, min_calib_range=0., max_calib_range=0.)",
    f"{RQ}(small, mx.nd.array([0.]), mx.nd.array([0.]))",
    f"{RQ}(small, mx.nd.array([0.]), mx.nd.array([0.]), min_calib_range=-1., max_calib_range=1.)",
    f"{RQ}(big, mx.nd.array([-3.]), mx.nd.array([2.5]), min_calib_range=-0.9, max_calib_range=0.7)",
    f"{RQ}(bigs, mx.nd.array([-3.]), mx.nd.array([2.5]))",
    f"{RQ}(bigs, mx.nd.array([-3.]), mx.nd.array([2.5]), out_type='uint8')",
    f"{RQ}(small.reshape((2, 5)), mx.nd.array(-2.), mx.nd.array(1.))",
    f"{RQ}(data=small, min_range=lo, max_range=hi, out_type='int8', min_calib_range='-2', max_calib_range='None')",
    f"{DQ}(*{RQ}(bigs, mx.nd.array([-3.]), mx.nd.array([2.5])))",
]] + [E.format(c) for c in [
    f"{RQ}(mx.nd.ones(3), lo, hi)", f"{RQ}(i8, lo, hi)", f"{RQ}(small, lo.astype('float64'), hi)",
    f"{RQ}(small, lo, mx.nd.array([1., 2.]))", f"{RQ}(small, lo, hi, out_type='float32')",
    f"{RQ}(mx.nd.ones((1,) * 7, dtype='int32'), lo, hi)",
]]

# MXNet's gradients: zero for every input (MakeZeroGradNodes); calibrate_entropy has none
G = D + "{}\nresult = [v.grad for v in variables]"
GRADIENTS = [
    G.format("v = x.copy(); v.attach_grad(); variables = [v]\nwith mx.autograd.record():\n"
             f"    r = {V}(v)\nr[1].backward()"),
    G.format("v = x.copy(); v.attach_grad(); variables = [v]\nwith mx.autograd.record():\n"
             f"    r = {DQ}(*{V}(v, out_type='uint8'))\nr.backward()"),
    G.format("v, a, b = y.copy(), lo.copy(), hi.copy(); variables = [v, a, b]\n[w.attach_grad() for w in variables]\n"
             f"with mx.autograd.record():\n    r = {Q}(v, a, b, out_type='int8')\n    d = {DQ}(*r) * 3\nd.backward()"),
    G.format("v = x[0].copy(); v.attach_grad(); variables = [v]\nwith mx.autograd.record():\n"
             f"    r = {A}(v)\n    h = r[1] + r[2]\nh.backward()"),
    G.format("a, b = lo.copy(), hi.copy(); variables = [a, b]\n[w.attach_grad() for w in variables]\n"
             f"with mx.autograd.record():\n    r = {RQ}(small, a, b)\n    d = {DQ}(*r)\nd.backward()"),
    D + "h = mx.nd.array([1, 2, 3, 4, 5.]); h.attach_grad()\nwith mx.autograd.record():\n"
        "    c = mx.nd.contrib.calibrate_entropy(h, mx.nd.array([-2.5, -1.5, -.5, .5, 1.5, 2.5]), num_quantized_bins=3)\n"
        "try:\n    c[0].backward()\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'",
]

C = "mx.nd.contrib.calibrate_entropy"
E6 = "mx.nd.array([-2.5, -1.5, -.5, .5, 1.5, 2.5])"
HIST = ("rng = np.random.RandomState({seed}); d = rng.randn({count}) * {spread}; "
        "hh, ee = np.histogram(d, bins={bins}, range=(-4, 4)); "
        f"result = {C}(mx.nd.array(hh), mx.nd.array(ee){{extra}})")
CALIBRATE = [R.format(c) for c in [
    f"{C}(mx.nd.array([1, 2, 3, 4, 5.]), {E6}, num_quantized_bins=3)",
    f"{C}(mx.nd.array([1, 2, 3, 4, 5.]), {E6}, num_quantized_bins=5)",
    f"{C}(mx.nd.array([1, 2, 3, 4, 5.]), {E6}, num_quantized_bins=1)",
    f"{C}(mx.nd.array([1, 2, 3, 4, 5.]), {E6}, num_quantized_bins=2)",
    f"{C}(mx.nd.array([1, 2, 3, 4, 5.]), {E6}, num_quantized_bins=4)",
    f"{C}(mx.nd.array([0, 0, 0, 0, 0.]), {E6}, num_quantized_bins=3)",
    f"{C}(mx.nd.array([0.1, 0.2, 0.3, 0.4, 0.5]), {E6}, num_quantized_bins=3)",
    f"{C}(mx.nd.array([1.5, 2.7, 3, 4, 5.]), {E6}, num_quantized_bins=3)",
    f"{C}(mx.nd.array([[1.5, 2.7, 3, 4, 5.]]), mx.nd.array(np.arange(6.)), num_quantized_bins=1)",
    f"{C}(hist=mx.nd.array([7, 0, 3, 4, 5.]), hist_edges={E6}, num_quantized_bins='3')",
]] + [
    HIST.format(seed=0, count=10000, spread=1.0, bins=1001, extra=""),
    HIST.format(seed=1, count=10000, spread=0.3, bins=1001, extra=", num_quantized_bins=31"),
    HIST.format(seed=2, count=500, spread=1.5, bins=101, extra=", num_quantized_bins=7"),
    HIST.format(seed=3, count=3000, spread=0.8, bins=41, extra=", num_quantized_bins=5"),
    HIST.format(seed=4, count=1000000, spread=0.6, bins=2001, extra=""),
    HIST.format(seed=5, count=2000, spread=1.0, bins=999, extra=", num_quantized_bins=998"),
    HIST.format(seed=6, count=4000, spread=1.0, bins=301, extra=", num_quantized_bins=15"),
    D + "h = rng.randint(0, 5, size=301).astype('float32'); h[::7] = 0; h[100:120] = 0; "
        f"result = {C}(mx.nd.array(h), mx.nd.array(np.linspace(-1, 1, 302)), num_quantized_bins=15)",
    D + "h = rng.randint(0, 5, size=301).astype('float32') * 1e6 + 3; h[::7] = 0; "
        f"result = {C}(mx.nd.array(h), mx.nd.array(np.linspace(-1, 1, 302)), num_quantized_bins=15)",
] + [E.format(c) for c in [
    f"{C}(mx.nd.array([1, 2, 3.], dtype='float64'), mx.nd.array([0, 1, 2, 3.]), num_quantized_bins=1)",
    f"{C}(mx.nd.array([1, 2, 3.]), mx.nd.array([0, 1, 2, 3.], dtype='float64'), num_quantized_bins=1)",
    f"{C}(mx.nd.array([1, 2, 3, 4, 5.]), mx.nd.array([0, 1, 2, 3, 4.]), num_quantized_bins=3)",
    f"{C}(mx.nd.array([1, 2, 3, 4, 5.]), {E6}, num_quantized_bins='x')",
]]

# calibration ranges are dmlc optional<float>: no inf, nan or float32 overflow; blanks around a number
CALIB_TEXT = [E.format(c) for c in [
    f"{V}(x, min_calib_range='nan', max_calib_range=1.0)",
    f"{V}(x, min_calib_range=-1.0, max_calib_range=float('inf'))",
    f"{V}(x, min_calib_range=-3.5e38, max_calib_range=1.0)", f"{V}(x, min_calib_range=-1.0, max_calib_range='1e39')",
    f"{V}(x, min_calib_range='-1 ', max_calib_range='  2  ')",
    f"{V}(x, min_calib_range='-1e-50', max_calib_range='+.5')",
    f"{V}(x, min_calib_range=-3.4028234e38, max_calib_range=1.0)", f"{V}(x, min_calib_range=True, max_calib_range=1.0)",
    f"{A}(x[0], min_calib_range='-inf', max_calib_range=1.0)", f"{A}(x[0], min_calib_range='-2 ', max_calib_range=1.0)",
    f"{RQ}(small, lo, hi, min_calib_range=float('nan'), max_calib_range=1.0)",
    f"{RQ}(small, lo, hi, min_calib_range=-1.0, max_calib_range=1e50)",
    f"{RQ}(small, lo, hi, min_calib_range=' -1', max_calib_range='1 ')",
]] + [R.format(f"{V}(x, min_calib_range=' -1.5 ', max_calib_range='2.25 ')")]

# a zero min or max of the data takes the sign of the first zero (MXNet's loop keeps the first of
# equals); the results list the sign bits (the golden comparison takes -0.0 == 0.0)
SIGNS = "; result = [o[1], o[2], [bool(b) for b in np.signbit(np.r_[o[1].asnumpy(), o[2].asnumpy()])]]"
Z = "np.random.RandomState({}).uniform(0, 1, {}).astype(np.float32)"
SIGNED_ZEROS = [D + f"o = {c}" + SIGNS for c in [
    f"{V}(mx.nd.array([0., -0., 0.]), out_type='uint8')", f"{V}(mx.nd.array([-0., 0., 0.]), out_type='uint8')",
    f"{V}(mx.nd.array([-0., 1., 0.]), out_type='uint8')", f"{V}(mx.nd.array([0., -1., -0.]), out_type='uint8')",
    f"{V}(mx.nd.array([np.nan, -0., 0.]), out_type='uint8')", f"{V}(mx.nd.array([-0., 0.]), out_type='int8')",
]] + [D + f"o = {A}(mx.nd.array([[{c}]])); result = [o[1], bool(np.signbit(o[1].asnumpy()[0]))]"
      for c in ("[-0., 0., 0.]", "[0., -0., -0.]", "[-0., -0.]")] + [
    D + f"v = {Z.format(seed, n)}; v[::3] = 0; v[{first}] = -0.0; v[:{first}] = np.maximum(v[:{first}], 0.5); "
    f"o = {V}(mx.nd.array({'-v' if negate else 'v'}), out_type='uint8')" + SIGNS
    for seed, n in ((1, 50000), (2, 9000)) for first in (0, 1, 4500, 8999) for negate in (False, True)]

# a NaN in int8: 127, but 0 where oneDNN's reorder is an unscaled copy (scale 1, 3-D data, or 4-D
# whose nhwc layout is its nchw one)
N = "mx.nd.array(np.array([np.nan, 1.5, -np.inf, 126.5, np.nan, 0.5]).reshape({}))"
NAN_COPY = [R.format(c) for shape in ("(6,)", "(2, 3)", "(1, 2, 3)", "(6, 1, 1)", "(6, 1, 1, 1)", "(1, 1, 2, 3)",
                                      "(3, 2, 1, 1)", "(1, 1, 1, 2, 3)") for c in (
    f"{Q}({N.format(shape)}, mx.nd.array([-2.5]), mx.nd.array([127.]), out_type='int8')",
    f"{Q}({N.format(shape)}, mx.nd.array([-1.]), mx.nd.array([1.]), out_type='int8')",
    f"{V}({N.format(shape)}, min_calib_range=-127.5, max_calib_range=3.)",
    f"{V}({N.format(shape)}, min_calib_range=-127.4, max_calib_range=3.)",
    f"{V}({N.format(shape)} * (mx.nd.arange(6).reshape({shape}) != 2) + 1)",
)]

CASES = (QUANTIZE + QUANTIZE_V2 + QUANTIZE_ASYM + DEQUANTIZE + REQUANTIZE + GRADIENTS + CALIBRATE + CALIB_TEXT
         + SIGNED_ZEROS + NAN_COPY)
