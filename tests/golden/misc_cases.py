"""Cases of the misc family (amp_cast, amp_multicast, reset_arrays, contrib allclose / quadratic /
div_sqrt_dim), recorded from MXNet 1.9.1 by tools/make_golden.py.

Each entry is an expression, or statements that set ``result``. The reference is MXNet's CPU
build with MKL-DNN: its float32 -> integer amp_cast rounds half to even and saturates, and
the casts MKL-DNN cannot do raise "unknown type for MKLDNN" there; mxnd casts those (see
DELIBERATE).
"""

A = "a = mx.nd.array([1.5, -2.25, 3]); "
H = "h = mx.nd.array([1.5, -2.25, 3], dtype='float16'); "
D = "d = mx.nd.array([1.5, -2.25, 3], dtype='float64'); "
I = "i = mx.nd.array([1, -2, 3], dtype='int32'); "
R = "r = mx.nd.array([0.5, 1.5, 2.5, -0.5, -1.5, 300, -300, 1e10]); "

AMP_CAST = [
    A + "result = mx.nd.amp_cast(a, dtype='float16')", A + "result = mx.nd.amp_cast(a, dtype='float32')",
    A + "result = mx.nd.amp_cast(a, 'float16')", A + "result = mx.nd.amp_cast(a, dtype=np.float16)",
    R + "result = mx.nd.amp_cast(r[:7], dtype='int32')", R + "result = mx.nd.amp_cast(r, dtype='int8')",
    R + "result = mx.nd.amp_cast(r, dtype='uint8')",
    "mx.nd.amp_cast(mx.nd.array([0.5, 1.5, 2.5, -0.5, 300, -300]).astype('float16'), dtype='uint8')",
    "mx.nd.amp_cast(mx.nd.array([0.5, 1.5, 2.7, -2.7, 300]).astype('float16'), dtype='int32')",
    "mx.nd.amp_cast(mx.nd.array([1e6, 70000, 1e-8, 0.1]), dtype='float16')",
    H + "result = mx.nd.amp_cast(h, dtype='float32')", H + "result = mx.nd.amp_cast(h, dtype='float64')",
    H + "result = mx.nd.amp_cast(h, dtype='float16')", I + "result = mx.nd.amp_cast(i, dtype='float16')",
    "mx.nd.amp_cast(mx.nd.array([1, 2], dtype='int8'), dtype='float16')",
    "mx.nd.amp_cast(mx.nd.array([1, 2], dtype='uint8'), dtype='float32')",
    A + "result = mx.nd.amp_cast(a)", A + "result = mx.nd.amp_cast(a, dtype='bool')",
    A + "result = mx.nd.amp_cast(a, dtype='bfloat16')", A + "result = mx.nd.amp_cast(a, dtype='float32', foo=1)",
    "mx.nd.amp_cast(mx.nd.array([1, 0], dtype='bool'), dtype='float16')",
    # NaN, inf and out-of-range float16 give INT_MIN (its low byte 0 for 8-bit types), as C converts
    *(f"mx.nd.amp_cast(mx.nd.array([float('nan'), float('inf'), -float('inf'), 300.7, -300.2, 65504, -65504], "
      f"dtype='float16'), dtype='{dtype}')" for dtype in ("int32", "int64", "int8", "uint8")),
    A + "o = mx.nd.zeros((3,), dtype='float16'); r = mx.nd.amp_cast(a, dtype='float16', out=o); result = (r is o, o)",
]

AMP_MULTICAST = [
    A + "result = mx.nd.amp_multicast(a, a * 2, num_outputs=2)",
    A + I + "result = mx.nd.amp_multicast(i, a, num_outputs=2)",
    A + I + "result = mx.nd.amp_multicast(a, i, num_outputs=2, cast_narrow=True)",
    I + "result = mx.nd.amp_multicast(i, i, num_outputs=2)",
    A + "result = mx.nd.amp_multicast(a, a.reshape((3, 1)), num_outputs='2')",
    A + "result = mx.nd.amp_multicast(a, num_outputs=1)", "mx.nd.amp_multicast(num_outputs=0)",
    A + "result = mx.nd.amp_multicast(a, a)", A + "result = mx.nd.amp_multicast(a, a, num_outputs=3)",
    A + "result = mx.nd.amp_multicast(a, a, num_outputs=1)",
]

RESET_ARRAYS = [
    A + D + "r = mx.nd.reset_arrays(a, d, num_arrays=2); result = (len(r), a, d)",
    A + "r = mx.nd.reset_arrays(a, num_arrays='1'); result = (type(r).__name__, a)",
    H + "mx.nd.reset_arrays(h, num_arrays=1); result = h",
    "b = mx.nd.arange(6).reshape((2, 3)); mx.nd.reset_arrays(b[1:], num_arrays=1); result = b",
    "mx.nd.reset_arrays(num_arrays=0)", A + "result = mx.nd.reset_arrays(a, a, num_arrays=3)",
    A + "result = mx.nd.reset_arrays(a)",
]

ALLCLOSE = [
    A + "result = mx.nd.contrib.allclose(a, a)", A + "result = mx.nd.contrib.allclose(a, a + 1e-5)",
    A + "result = mx.nd.contrib.allclose(a, a + 1)", A + "result = mx.nd.contrib.allclose(a, a + 1, atol=1)",
    A + "result = mx.nd.contrib.allclose(a, a + 1, atol='1.0')", A + "result = mx.nd.contrib.allclose(a, a * 1.5, rtol=0.5)",
    A + "result = mx.nd.contrib.allclose(a, a * 1.5, 0.3)",
    D + "result = mx.nd.contrib.allclose(d, d + 1e-9)", D + "result = mx.nd.contrib.allclose(d, d * (1 + 2e-5))",
    H + "result = mx.nd.contrib.allclose(h, h)", H + "result = mx.nd.contrib.allclose(h, h + 0.001)",
    H + "result = mx.nd.contrib.allclose(h, h + 0.01, atol=0.01)",
    H + "result = mx.nd.contrib.allclose(h, h * 1.001, rtol=0.001)", H + "result = mx.nd.contrib.allclose(h, h + 1e-4, atol=1e-4)",
    "mx.nd.contrib.allclose(mx.nd.array([1000, 2], dtype='float16'), mx.nd.array([1000.5, 2], dtype='float16'), rtol=5e-4)",
    I + "result = mx.nd.contrib.allclose(i, i)", I + "result = mx.nd.contrib.allclose(i, i + 1)",
    I + "result = mx.nd.contrib.allclose(i, i + 1, atol=1)",
    "mx.nd.contrib.allclose(mx.nd.array([100, 200], dtype='uint8'), mx.nd.array([101, 199], dtype='uint8'), rtol=0.01)",
    "mx.nd.contrib.allclose(mx.nd.array([np.nan, 1]), mx.nd.array([np.nan, 1]))",
    "mx.nd.contrib.allclose(mx.nd.array([np.nan, 1]), mx.nd.array([np.nan, 1]), equal_nan=False)",
    "mx.nd.contrib.allclose(mx.nd.array([np.nan, 1]), mx.nd.array([1, 1]))",
    "mx.nd.contrib.allclose(mx.nd.array([np.inf]), mx.nd.array([np.inf]))",
    "mx.nd.contrib.allclose(mx.nd.array([np.inf]), mx.nd.array([-np.inf]))",
    "mx.nd.contrib.allclose(mx.nd.array([]), mx.nd.array([]))",
    "mx.nd.contrib.allclose(mx.nd.array([1e10, 1e-7]), mx.nd.array([1.00001e10, 1e-8]))",
    "mx.nd.contrib.allclose(mx.nd.array([1e10, 1e-8]), mx.nd.array([1.00001e10, 1e-9]))",
    "mx.nd.contrib.allclose(mx.nd.ones((2, 3)), mx.nd.ones((2, 3)) * 1.000001)",
    A + D + "result = mx.nd.contrib.allclose(a, d)", A + "result = mx.nd.contrib.allclose(a, a.reshape((3, 1)))",
    A + "result = mx.nd.contrib.allclose(a, mx.nd.array([1.5]))",
    "mx.nd.contrib.allclose(mx.nd.array([1]).astype('bool'), mx.nd.array([1]).astype('bool'))",
    A + "result = mx.nd.contrib.allclose(a=a, b=a)",
]

QUADRATIC = [
    "mx.nd.contrib.quadratic(mx.nd.array([[1, 2], [3, 4]]), a=1, b=2, c=3)",
    "mx.nd.contrib.quadratic(mx.nd.array([[1, 2], [3, 4]]))",
    "mx.nd.contrib.quadratic(mx.nd.array([1, 2, 3, -4], dtype='int32'), a=0.5, b=0.3, c=0.1)",
    "mx.nd.contrib.quadratic(mx.nd.array([1, 2, 3, 4], dtype='uint8'), a=0.5, b=-3.3, c=0.1)",
    "mx.nd.contrib.quadratic(mx.nd.array([1.1, 2.3, 3.7, -4.1], dtype='float16'), a=0.1, b=0.3, c=0.7)",
    "mx.nd.contrib.quadratic(mx.nd.array([1.1, 2.3, 3.7, -4.1]), a=0.1, b=0.3, c=0.7)",
    "mx.nd.contrib.quadratic(mx.nd.array([1.1, 2.3, 3.7, -4.1], dtype='float64'), a=0.1, b=0.3, c=0.7)",
    "mx.nd.contrib.quadratic(mx.nd.array(np.linspace(-3, 3, 25), dtype='float16'), a=0.37, b=-1.3, c=0.11)",
    "mx.nd.contrib.quadratic(mx.nd.array(np.linspace(-3, 3, 25)), a=0.37, b=-1.3, c=0.11)",
    "mx.nd.contrib.quadratic(mx.nd.array([1]), 1, 2, 3)",
    "mx.nd.contrib.quadratic(mx.nd.array([1]), a='1', b='2', c='3.5')",
    "mx.nd.contrib.quadratic(mx.nd.array([1]), d=1)",
    "mx.nd.contrib.quadratic(mx.nd.array([True]).astype('bool'), a=1)",
    # float -> int32 as C converts: out of range is INT_MIN (not int64's wrapped value)
    "mx.nd.contrib.quadratic(mx.nd.array([100000, 3, 50000, -70000], dtype='int32'), a=1, b=0.5)",
    "mx.nd.contrib.quadratic(mx.nd.array([100000, 3, 50000, -70000], dtype='int64'), a=1, b=0.5)",
    "mx.nd.contrib.quadratic(mx.nd.array([100, 3, 50, -70], dtype='int8'), a=1.5)",
    "mx.nd.contrib.quadratic(mx.nd.array([100, 3, 50, 255], dtype='uint8'), a=1000000)",
]

DIV_SQRT_DIM = [
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([[1, 2, 3], [4, 5, 6]]))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([[1, 2, 3], [4, 5, 6]], dtype='int32'))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([[1, 2, 3, 4, 5]], dtype='int32'))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([[1, 2, 3, 4, 5]], dtype='float16'))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([[1, 2, 3, 4, 5]], dtype='float64'))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.arange(24).reshape((2, 3, 4)))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([7, 8]))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array(5))", "mx.nd.contrib.div_sqrt_dim(mx.nd.ones((2, 0)))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([True]).astype('bool'))",
    "mx.nd.contrib.div_sqrt_dim(mx.nd.array([[1, 2, 3, 4]]), foo=2)",
    "mx.nd.contrib.div_sqrt_dim(data=mx.nd.array([[1, 2, 3, 4]]))",
]

_MKLDNN = "MXNet's MKL-DNN CPU build raises 'unknown type for MKLDNN' for this cast; mxnd casts as MXNet's "
# case -> why mxnd deliberately differs from MXNet 1.9.1 (see also docs/differences.md)
DELIBERATE = {
    A + "result = mx.nd.amp_cast(a, dtype='float64')": _MKLDNN + "other builds do (float32 -> float64)",
    A + "result = mx.nd.amp_cast(a, dtype='int64')": _MKLDNN + "other builds do (rounded, saturated as for int32)",
    D + "result = mx.nd.amp_cast(d, dtype='float16')": _MKLDNN + "other builds do (float64 is left as it is)",
    "mx.nd.amp_cast(mx.nd.array([1, 2], dtype='int64'), dtype='float32')":
        _MKLDNN + "other builds do (int64 is left as it is)",
    A + H + "result = mx.nd.amp_multicast(a, h, num_outputs=2)": _MKLDNN + "other builds do (float16 -> float32)",
    H + "result = mx.nd.amp_multicast(h, h, num_outputs=2)": _MKLDNN + "other builds do (float16 stays)",
    H + D + "result = mx.nd.amp_multicast(d, h, num_outputs=2)":
        _MKLDNN + "other builds do (the first input's float64 is the target)",
    H + D + "result = mx.nd.amp_multicast(h, d, num_outputs=2)": _MKLDNN + "other builds do (nothing to cast)",
    A + H + "result = mx.nd.amp_multicast(a, h, num_outputs=2, cast_narrow=True)":
        _MKLDNN + "other builds do (float32 -> float16)",
    A + H + I + "result = mx.nd.amp_multicast(h, i, a, num_outputs=3)": _MKLDNN + "other builds do (float16 -> float32)",
}

CASES = AMP_CAST + AMP_MULTICAST + RESET_ARRAYS + ALLCLOSE + QUADRATIC + DIV_SQRT_DIM + list(DELIBERATE)
