"""The quantization family beyond the golden cases: an independent numpy model of the oneDNN
kernels (bit for bit, on every context), values checked against MXNet 1.9.1, the public helpers,
zero gradients, calibrate_entropy's chunking, generic path and logf, the deliberate errors
where MXNet crashes, and the host fast paths (blocked and small reorders, calibrate_entropy's
numpy blocks and in-order column sums, the numpy logf) against the generic torch code.
"""
import ctypes
import ctypes.util

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.ops import quantization as qz

F32 = np.float32
FLT_MAX = float(np.finfo(np.float32).max)


def _reorder(values, dtype):
    """oneDNN's float -> int8/uint8: round half to even, saturate, NaN -> 127 / 0."""
    lo, hi = (-128, 127) if dtype == np.int8 else (0, 255)
    with np.errstate(invalid="ignore"):
        out = np.clip(np.rint(values), lo, hi)
    out[np.isnan(values)] = hi if dtype == np.int8 else lo
    return out.astype(dtype)


def _max_abs(a, b):
    a, b = abs(F32(a)), abs(F32(b))
    return b if a < b else a


def _runtime_range(data):
    finite = data[~np.isnan(data)]
    return F32(min(FLT_MAX, finite.min(initial=np.inf))), F32(max(-FLT_MAX, finite.max(initial=-np.inf)))


def _model_quantize_v2(data, dtype, calib=None):
    low, high = calib if calib is not None else _runtime_range(data)
    real = _max_abs(low, high)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        scale = F32(F32(127.5 if dtype == np.int8 else 255.5) / real)
        out = _reorder((data * scale).astype(F32), dtype)
    return (out, -real, real) if dtype == np.int8 else (out, F32(low), F32(high))


def _model_requantize(data, min_range, max_range, dtype, calib=None):
    data_scale = _max_abs(min_range, max_range)
    if calib is None:
        span = _max_abs(F32(data.min()), F32(data.max()))
        span = F32(-2 ** 31) if span >= 2 ** 31 else span
        real = F32(F32(span * data_scale) / F32(2 ** 31))
    else:
        real = _max_abs(*calib)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        scale = F32(F32(data_scale / F32(2 ** 31)) * F32(F32(127 if dtype == np.int8 else 255) / real))
        out = _reorder((data.astype(F32) * scale).astype(F32), dtype)
    return (out, -real, real) if dtype == np.int8 else (out, F32(0), real)


def _values(arrays):
    return [a.asnumpy() for a in arrays]


# ---- the numpy model, bit for bit, on every context ---------------------------------------


@pytest.mark.parametrize("out_type", ["int8", "uint8"])
@pytest.mark.parametrize("calib", [None, (-1.25, 2.0), (0.0, 0.5)])
def test_quantize_v2_matches_the_model(ctx, out_type, calib):
    rng = np.random.RandomState(0)
    data = (rng.randn(3, 50, 41) * 2.5).astype(F32)
    data[0, 0, :4] = [np.nan, np.inf, -np.inf, 0.0]
    kwargs = {} if calib is None else {"min_calib_range": calib[0], "max_calib_range": calib[1]}
    got = mx.nd.contrib.quantize_v2(mx.nd.array(data, ctx=ctx), out_type=out_type, **kwargs)
    want = _model_quantize_v2(data, np.dtype(out_type).type, calib)
    assert [a.dtype for a in got] == [np.dtype(out_type), np.float32, np.float32]
    assert [a.shape for a in got] == [data.shape, (1,), (1,)]
    assert all(a.context == ctx for a in got)
    np.testing.assert_array_equal(got[0].asnumpy(), want[0])
    assert got[1].asnumpy()[0] == want[1] and got[2].asnumpy()[0] == want[2]


@pytest.mark.parametrize("out_type", ["int8", "uint8"])
@pytest.mark.parametrize("calib", [None, (-0.9, 0.7)])
def test_requantize_matches_the_model(ctx, out_type, calib):
    rng = np.random.RandomState(1)
    data = rng.randint(-2 ** 31, 2 ** 31 - 1, size=(6, 300), dtype=np.int64).astype(np.int32)
    data[:3] //= 4096
    if calib is None:
        data = data[:3]
    kwargs = {} if calib is None else {"min_calib_range": calib[0], "max_calib_range": calib[1]}
    got = mx.nd.contrib.requantize(mx.nd.array(data, dtype="int32", ctx=ctx), mx.nd.array([-3.0], ctx=ctx),
                                   mx.nd.array([2.5], ctx=ctx), out_type=out_type, **kwargs)
    want = _model_requantize(data, -3.0, 2.5, np.dtype(out_type).type, calib)
    np.testing.assert_array_equal(got[0].asnumpy(), want[0])
    assert got[1].asnumpy()[0] == want[1] and got[2].asnumpy()[0] == want[2]


def test_quantize_asym_and_dequantize_match_the_model(ctx):
    rng = np.random.RandomState(2)
    data = (rng.randn(4, 20, 30) * 3).astype(F32)
    got = mx.nd.contrib.quantize_asym(mx.nd.array(data, ctx=ctx), min_calib_range=-7.3, max_calib_range=9.1)
    scale = F32(255) / (F32(9.1) - F32(-7.3))
    shift = F32(255) - F32(9.1) * scale
    np.testing.assert_array_equal(got[0].asnumpy(), _reorder((data * scale).astype(F32) + shift, np.uint8))
    assert got[1].asnumpy()[0] == scale and got[2].asnumpy()[0] == shift
    back = mx.nd.contrib.dequantize(got[0], mx.nd.array([-1.5], ctx=ctx), mx.nd.array([0.75], ctx=ctx))
    np.testing.assert_array_equal(back.asnumpy(), got[0].asnumpy().astype(F32) * (F32(1.5) / F32(255.5)))
    q8 = mx.nd.array(rng.randint(-128, 128, size=(5, 7)), dtype="int8", ctx=ctx)
    back = mx.nd.contrib.dequantize(q8, mx.nd.array([-0.3], ctx=ctx), mx.nd.array([2.0], ctx=ctx))
    assert back.dtype == np.float32 and back.context == ctx
    np.testing.assert_array_equal(back.asnumpy(), q8.asnumpy().astype(F32) * (F32(2.0) / F32(127.5)))


# ---- values recorded from MXNet 1.9.1 -------------------------------------------------------

TIES = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, 127.4, 127.5, 128, -127.5, -128.6, -200]


def test_quantize_values_from_mxnet():
    x = mx.nd.array([-2.0, -1.0, -0.5, 0, 0.49, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.9])
    q = mx.nd.contrib.quantize(x, mx.nd.array([-4.0]), mx.nd.array([4.0]), out_type="int8")
    assert q[0].asnumpy().tolist() == [-64, -32, -16, 0, 16, 16, 32, 48, 64, 79, 95, 124]
    assert q[0].dtype == np.int8 and (q[1].asscalar(), q[2].asscalar()) == (-4.0, 4.0)
    q = mx.nd.contrib.quantize(x, mx.nd.array([-4.0]), mx.nd.array([4.0]))  # uint8 by default, no offset
    assert q[0].dtype == np.uint8
    assert q[0].asnumpy().tolist() == [0, 0, 0, 0, 31, 32, 64, 96, 128, 159, 191, 249]
    t = mx.nd.array(TIES)
    q = mx.nd.contrib.quantize(t, mx.nd.array([-127.0]), mx.nd.array([127.0]), out_type="int8")
    assert q[0].asnumpy().tolist() == [0, 2, 2, 0, -2, -2, 126, 127, 127, 127, -128, -128, -128]
    q = mx.nd.contrib.quantize(x, mx.nd.array([0.0]), mx.nd.array([0.0]), out_type="int8")  # 0 * inf is NaN
    assert q[0].asnumpy().tolist() == [-128, -128, -128, 127, 127, 127, 127, 127, 127, 127, 127, 127]
    assert str(q[1].asscalar()) == "-0.0"


def test_quantize_v2_values_from_mxnet():
    x = mx.nd.array([-2.0, -1.0, -0.5, 0, 0.49, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.9])
    q = mx.nd.contrib.quantize_v2(x, out_type="auto")
    assert q[0].dtype == np.int8
    assert q[0].asnumpy().tolist() == [-65, -33, -16, 0, 16, 16, 33, 49, 65, 82, 98, 127]
    assert q[1].asnumpy().tolist() == [np.float32(-3.9)]
    q = mx.nd.contrib.quantize_v2(x, out_type="auto", min_calib_range=0, max_calib_range=3)
    assert q[0].dtype == np.uint8
    assert q[0].asnumpy().tolist() == [0, 0, 0, 0, 42, 43, 85, 128, 170, 213, 255, 255]
    q = mx.nd.contrib.quantize_v2(mx.nd.array([np.nan, 1, -2, np.inf]))
    assert q[0].asnumpy().tolist() == [127, 0, 0, 127]
    assert (q[1].asscalar(), q[2].asscalar()) == (-np.inf, np.inf)
    q = mx.nd.contrib.quantize_v2(mx.nd.array([-2.0, 254.0, 1.0]).astype("uint8"))  # raw bytes, as int8
    assert q[0].dtype == np.int8 and q[0].asnumpy().tolist() == [-2, -2, 1]
    assert (q[1].asscalar(), q[2].asscalar()) == (0.0, 255.5)


def test_requantize_values_from_mxnet():
    i32 = mx.nd.array([-2 ** 31, -2 ** 31 + 1, -1000000, -65, -64, 0, 63, 64, 2 ** 24 + 1, 2 ** 30, 2 ** 31 - 1],
                      dtype="int32")
    lo, hi = mx.nd.array([-4.0]), mx.nd.array([4.0])
    q = mx.nd.contrib.requantize(i32, lo, hi)  # the data's range overflows an int: flipped
    assert q[0].asnumpy().tolist() == [127, 127, 0, 0, 0, 0, 0, 0, -1, -64, -127]
    assert (q[1].asscalar(), q[2].asscalar()) == (4.0, -4.0)
    q = mx.nd.contrib.requantize(i32, lo, hi, min_calib_range=-0.5, max_calib_range=1.0)
    assert q[0].asnumpy().tolist() == [-128, -128, 0, 0, 0, 0, 0, 0, 4, 127, 127]
    small = mx.nd.array([-300, -255, -1, 0, 1, 2, 3, 127, 128, 200], dtype="int32")
    q = mx.nd.contrib.requantize(small, lo, hi, out_type="uint8")
    assert q[0].asnumpy().tolist() == [0, 0, 0, 0, 1, 2, 3, 108, 109, 170]
    assert q[2].asnumpy().tolist() == [np.float32(5.587935447692871e-07)]


def test_dequantize_values_from_mxnet():
    i8 = mx.nd.array([-128, -127, -5, 0, 3, 100, 127], dtype="int8")
    out = mx.nd.contrib.dequantize(i8, mx.nd.array([-4.0]), mx.nd.array([4.0]))
    assert out.asnumpy().tolist() == np.array([-4.015686511993408, -3.98431396484375, -0.1568627506494522, 0.0,
                                               0.0941176563501358, 3.1372551918029785, 3.98431396484375],
                                              dtype=F32).tolist()


# ---- quantize_asym of data that is not 3-D (MXNet segfaults) -------------------------------


@pytest.mark.parametrize("shape", [(60,), (6, 10), (2, 3, 2, 5), (1, 2, 1, 3, 2, 5, 1)])
def test_quantize_asym_of_any_rank_computes_as_3d(shape):
    rng = np.random.RandomState(5)
    data = mx.nd.array(rng.randn(60) * 2).reshape(shape)
    want = mx.nd.contrib.quantize_asym(data.reshape((1, 6, 10)))
    got = mx.nd.contrib.quantize_asym(data)
    assert got[0].shape == shape
    np.testing.assert_array_equal(got[0].asnumpy().reshape(-1), want[0].asnumpy().reshape(-1))
    assert got[1].asscalar() == want[1].asscalar() and got[2].asscalar() == want[2].asscalar()


# ---- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("call, message", [
    (lambda x, lo, hi: mx.nd.contrib.quantize(x.astype("float64"), lo, hi), "Type inconsistent"),
    (lambda x, lo, hi: mx.nd.contrib.quantize(x, mx.nd.array([1.0, 2.0]), hi), "Shape inconsistent"),
    (lambda x, lo, hi: mx.nd.contrib.quantize(x.reshape((1,) * 5 + (4, 3)), lo, hi), "7 dimensions"),
    (lambda x, lo, hi: mx.nd.contrib.quantize_v2(x.astype("int32")), "kFloat32"),
    (lambda x, lo, hi: mx.nd.contrib.quantize_v2(mx.nd.zeros((0, 3))), "inferring shapes"),
    (lambda x, lo, hi: mx.nd.contrib.quantize_v2(mx.nd.array(1.5)), "inferring shapes"),
    (lambda x, lo, hi: mx.nd.contrib.quantize_asym(x.astype("uint8")), "kFloat32"),
    (lambda x, lo, hi: mx.nd.contrib.dequantize(x, lo, hi), "either uint8 or int8"),
    (lambda x, lo, hi: mx.nd.contrib.requantize(x.astype("int8"), lo, hi), "inferred type = int32"),
    (lambda x, lo, hi: mx.nd.contrib.requantize(x.astype("int32"), lo, hi, out_type="int32"), "Invalid Input"),
])
def test_errors_name_the_operator_and_leave_inputs_intact(call, message):
    x = mx.nd.array(np.arange(12.0).reshape(4, 3) - 5)
    lo, hi = mx.nd.array([-1.0]), mx.nd.array([2.0])
    before = x.asnumpy().copy()
    with pytest.raises(MXNetError, match=message):
        call(x, lo, hi)
    np.testing.assert_array_equal(x.asnumpy(), before)
    assert lo.asscalar() == -1.0 and hi.asscalar() == 2.0


# ---- gradients ----------------------------------------------------------------------------


def test_zero_gradients_of_every_input(ctx):
    x = mx.nd.array(np.random.RandomState(6).randn(2, 3, 4), ctx=ctx)
    lo, hi = mx.nd.array([-1.0], ctx=ctx), mx.nd.array([2.0], ctx=ctx)
    for v in (x, lo, hi):
        v.attach_grad()
        v.grad[:] = 5  # overwritten with zeros ('write')
    with mx.autograd.record():
        q = mx.nd.contrib.quantize(x, lo, hi, out_type="int8")
        d = mx.nd.contrib.dequantize(*q) * 2 + mx.nd.contrib.quantize_asym(x)[1]
    d.backward()
    for v in (x, lo, hi):
        assert v.grad.asnumpy().tolist() == np.zeros(v.shape).tolist()


def test_backward_from_an_integer_output_raises():
    # MXNet writes zero gradients; torch gives integer arrays no gradient (a deliberate difference)
    x = mx.nd.array([[-1.0, 2.0, 0.5]])
    x.attach_grad()
    with mx.autograd.record():
        q = mx.nd.contrib.quantize_v2(x)
    with pytest.raises(MXNetError):
        q[0].backward()
    q[1].backward()
    assert x.grad.asnumpy().tolist() == [[0.0, 0.0, 0.0]]


def test_calibrate_entropy_has_no_gradient():
    h = mx.nd.array([1, 2, 3, 4, 5.0])
    h.attach_grad()
    with mx.autograd.record():
        c = mx.nd.contrib.calibrate_entropy(h, mx.nd.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5]), num_quantized_bins=3)
    with pytest.raises(MXNetError, match="non-differentiable because it didn't register FGradient"):
        c[0].backward()


# ---- calibrate_entropy ----------------------------------------------------------------------

EDGES5 = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5]


def _histogram(seed=0, bins=1001, count=20000, spread=1.0):
    rng = np.random.RandomState(seed)
    hist, edges = np.histogram(rng.randn(count) * spread, bins=bins, range=(-4, 4))
    return mx.nd.array(hist), mx.nd.array(edges)


def test_calibrate_entropy_values_from_mxnet():
    c = mx.nd.contrib.calibrate_entropy(mx.nd.array([1, 2, 3, 4, 5.0]), mx.nd.array(EDGES5), num_quantized_bins=3)
    assert [a.dtype for a in c] == [np.float32, np.float32] and [a.shape for a in c] == [(1,), (1,)]
    assert c[0].asscalar() == 2.5 and c[1].asscalar() == float.fromhex("0x1.1faee8p-1")
    c = mx.nd.contrib.calibrate_entropy(mx.nd.zeros(5), mx.nd.array(EDGES5), num_quantized_bins=3)
    assert c[0].asscalar() == 1.5 and c[1].asscalar() == np.float32(FLT_MAX)  # no finite divergence
    hist, edges = _histogram(4, 2001, 1000000, 0.6)
    c = mx.nd.contrib.calibrate_entropy(hist, edges)
    assert c[0].asscalar() == float.fromhex("0x1.646e06p+1")
    assert c[1].asscalar() == float.fromhex("0x1.0c20d6p-11")  # glibc's logf, not a rounded log


def test_calibrate_entropy_chunks_and_generic_path_agree(monkeypatch):
    hist, edges = _histogram(1, 1001, 30000, 0.7)
    whole = [a.asnumpy() for a in mx.nd.contrib.calibrate_entropy(hist, edges, num_quantized_bins=63)]
    monkeypatch.setattr(qz, "_CHUNK_ELEMENTS", 5000)
    monkeypatch.setattr(qz, "on_host", lambda tensor: False)  # the loop every device runs
    parts = [a.asnumpy() for a in mx.nd.contrib.calibrate_entropy(hist, edges, num_quantized_bins=63)]
    np.testing.assert_array_equal(parts[0], whole[0])
    np.testing.assert_array_equal(parts[1], whole[1])


def test_calibrate_entropy_on_the_context(ctx):
    hist, edges = _histogram(2, 301, 5000, 1.2)
    want = [a.asnumpy() for a in mx.nd.contrib.calibrate_entropy(hist, edges, num_quantized_bins=31)]
    got = mx.nd.contrib.calibrate_entropy(hist.as_in_context(ctx), edges.as_in_context(ctx), num_quantized_bins=31)
    assert all(a.context == ctx for a in got)
    assert [a.asnumpy().tolist() for a in got] == [w.tolist() for w in want]


@pytest.mark.parametrize("hist, edges, bins, message", [
    ([1, 2, 3, 4, 5.0], EDGES5, 0, "must be positive"),  # MXNet: floating point exception
    ([1, 2, 3, 4, 5.0], EDGES5, -3, "must be positive"),  # MXNet: std::bad_alloc, abort
    ([1, 2, 3, 4, 5.0], EDGES5, 6, "on each side"),  # MXNet: segfault
    ([1, np.nan, 3, 4, 5.0], EDGES5, 3, "finite counts"),  # MXNet: failed CHECK in a thread, abort
    ([1, -2, 3, 4, 5.0], EDGES5, 3, "finite counts"),
    ([1, np.inf, 3, 4, 5.0], EDGES5, 3, "finite counts"),
    ([[1, 2, 3], [4, 5, 6.0]], list(range(7)), 3, "past hist_edges"),  # MXNet returns a value read past the edges
    ([1, 2, 3, 4, 5, 6.0], list(range(7)), 3, "past hist_edges"),
    ([1e-5, 1, 3, 1e9, 1e9, 1e9, 1e9, 1e9, 1e9, 1e9, 3.0], list(range(12)), 3, "not positive"),  # MXNet aborts
])
def test_calibrate_entropy_refuses_what_crashes_mxnet(hist, edges, bins, message):
    h, e = mx.nd.array(hist), mx.nd.array(edges)
    before = h.asnumpy().copy()
    with pytest.raises(MXNetError, match=message):
        mx.nd.contrib.calibrate_entropy(h, e, num_quantized_bins=bins)
    np.testing.assert_array_equal(h.asnumpy(), before)


def test_calibrate_entropy_even_bins_whose_last_threshold_loses():
    # 8 bins: the last threshold reads past hist_edges in MXNet, but a smaller divergence wins
    hist = mx.nd.array([0, 0, 1, 50, 60, 1, 0, 0.0])
    c = mx.nd.contrib.calibrate_entropy(hist, mx.nd.array(np.arange(9.0)), num_quantized_bins=3)
    assert c[0].asscalar() == 8.0 and c[1].asscalar() == float.fromhex("0x1.0a579p-8")  # MXNet 1.9.1


@pytest.fixture
def glibc_logf_cases():
    """float32 inputs (ordinary, wide-ranging, subnormal, near 1) and glibc's ``logf`` of each
    (the libm MXNet's CPU build calls); skipped where no libm can be loaded."""
    path = ctypes.util.find_library("m")
    if path is None:
        pytest.skip("no libm to compare with")
    libm = ctypes.CDLL(path)
    libm.logf.restype, libm.logf.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.RandomState(7)
    xs = np.concatenate([rng.uniform(0.001, 4, 3000), np.exp(rng.uniform(-90, 80, 3000)),
                         [1.0, 2.0, 0.5, 1e-40, 3e-39, 1.0000001, 0.99999994]]).astype(F32)
    return xs, np.array([libm.logf(float(v)) for v in xs], dtype=F32)


def test_logf_is_glibcs(glibc_logf_cases):
    xs, want = glibc_logf_cases
    np.testing.assert_array_equal(qz._logf(torch.from_numpy(xs)).numpy(), want)


# ---- the public helpers ------------------------------------------------------------------------


def test_helpers():
    assert qz.quantized_range("int8") == (-128, 127)
    assert qz.quantized_range(np.uint8) == (0, 255)
    assert qz.quantized_range(torch.int32) == (-2 ** 31, 2 ** 31 - 1)
    data = torch.tensor([-3.0, -1.0, -0.01, 0.0, 0.6, 1.0, 2.9, 5.0, float("nan")])
    # FloatToQuantized<int8>: sign(x) * min(|x| * 127 / 3 + 0.5, 127), truncated
    got = qz.float_to_quantized(data, -1.5, 3.0, "int8")
    assert got.dtype is torch.int8 and got.tolist() == [-127, -42, 0, 0, 25, 42, 123, 127, 0]
    assert qz.float_to_quantized(data, -1.5, 3.0, "uint8").tolist() == [0] * 9  # MinAbs(255, 0) is 0
    back = qz.quantized_to_float(torch.tensor([-127, 0, 64], dtype=torch.int8), -1.5, 3.0)
    assert back.tolist() == (np.array([-127, 0, 64], F32) * (F32(3.0) / F32(127))).tolist()
    got = qz.reorder_to_quantized(torch.tensor([0.5, 1.5, -0.5, 200.0, -200.0, float("nan")]), 1.0, torch.int8)
    assert got.tolist() == [0, 2, 0, 127, -128, 127]
    assert qz.quantize_scale("int8", -2.0, 1.0).item() == F32(127.5) / F32(2.0)
    assert qz.quantize_scale("uint8", 0.0, 0.0).item() == 2147483648.0
    assert qz.quantize_output_dtype("auto", 0.0, 1.0) is torch.uint8
    assert qz.quantize_output_dtype("auto", -0.1, 1.0) is torch.int8
    assert qz.quantize_output_dtype("auto", 0.0, None) is torch.int8
    low, high = qz.quantization_range_for_multiplication(-1.0, 2.0, -0.5, 0.25)
    level = (F32(2.0) / F32(127)) * (F32(0.5) / F32(127))
    assert high.item() == F32(level * F32(2 ** 31)) and low.item() == -high.item()
    low, high = qz.quantization_range_for_multiplication(-1.0, 2.0, 0.0, 0.25, "int8", "uint8", all_sign=False)
    assert high.item() == F32(F32(F32(2.0) / F32(127)) * F32(F32(0.25) / F32(255)) * F32(2 ** 31))


# ---- the host fast paths against the generic torch code -----------------------------------------


@pytest.mark.parametrize("dtype", [torch.int8, torch.uint8])
@pytest.mark.parametrize("source", ["float32", "int32"])
@pytest.mark.parametrize("small", [0, 1 << 13])  # the blocks, or numpy for a small array
def test_host_reorder_matches_the_generic_passes(monkeypatch, dtype, source, small):
    monkeypatch.setattr(qz, "_BLOCK", 1000)  # several blocks and a short last one
    monkeypatch.setattr(qz, "_SMALL", small)
    rng = np.random.RandomState(3)
    if source == "float32":
        data = torch.from_numpy((rng.randn(7, 701) * 60).astype(F32))
        data[0, :5] = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.5, -2.5])
        data[5, 17] = float("nan")  # a NaN in a later block
        scales = [0.5, 1.0, 127.5 / 3.0, 0.0, float("inf")]
    else:
        data = torch.from_numpy(rng.randint(-2 ** 31, 2 ** 31 - 1, size=(7, 701), dtype=np.int64).astype(np.int32))
        scales = [2.0 ** -24, 1e-7, 3.3e-9]
    for scale in scales:
        for shift in (None, 3.5):
            want = qz._reorder_generic(data, torch.tensor(scale), dtype, None if shift is None else torch.tensor(shift))
            got = qz._reorder_host(data, float(np.float32(scale)), dtype, shift)
            assert torch.equal(got, want), (scale, shift)
            assert torch.equal(qz.reorder_to_quantized(data, scale, dtype, shift), want)


def test_fold_columns_and_tails_add_in_order():
    rng = np.random.RandomState(5)
    for columns in (1, 2, 3, 37, 256):
        a = (rng.rand(3001, columns) * np.logspace(-4, 6, 3001)[:, None]).astype(F32)
        want = np.add.accumulate(a, axis=0)[-1]
        np.testing.assert_array_equal(qz._fold_columns(a).view(np.int32), want.view(np.int32))
    h = (rng.rand(4001) * np.logspace(-3, 5, 4001)).astype(F32)
    for half in (0, 1, 127):
        zero_bin = h.size // 2
        stops = range(zero_bin + half + 1, h.size + 1)
        want = np.array([np.add.accumulate(h[stop - 1:])[-1] for stop in stops], dtype=F32)
        got = qz._tails(h, zero_bin + half + 1, len(stops))
        np.testing.assert_array_equal(got.view(np.int32), want.view(np.int32))


def _calibrate_outcome(hist, nqb):
    edges = mx.nd.array(np.linspace(-4, 4, hist.size + 1))
    try:
        result = mx.nd.contrib.calibrate_entropy(mx.nd.array(hist), edges, num_quantized_bins=nqb)
    except MXNetError as error:
        return str(error)
    return [a.asnumpy().view(np.int32).tolist() for a in result]


@pytest.mark.parametrize("seed", range(2))
def test_calibrate_entropy_host_matches_the_generic_path(monkeypatch, seed):
    rng = np.random.RandomState(seed)
    cases = []
    for n, nqb in ((31, 31), (301, 3), (1001, 255), (501, 63), (9, 1), (300, 7)):
        cases.append((rng.randint(0, 100, n).astype(F32), nqb))
        cases.append((rng.randint(0, 3, n).astype(F32) * F32(rng.choice([0.5, 1e6])), nqb))
        cases.append(((rng.rand(n) * 10 * (rng.rand(n) > 0.5)).astype(F32), nqb))
    monkeypatch.setattr(qz, "_HOST_BLOCK", 20000)  # blocks of a few thresholds, some of one
    for hist, nqb in cases:
        host = _calibrate_outcome(hist, nqb)
        with monkeypatch.context() as patch:
            patch.setattr(qz, "on_host", lambda tensor: False)
            assert _calibrate_outcome(hist, nqb) == host


def test_host_logf_is_glibcs(glibc_logf_cases):
    xs, want = glibc_logf_cases
    rng = np.random.RandomState(8)
    got = qz._logf_host(xs[:6006].reshape(3, -1)).reshape(-1)
    np.testing.assert_array_equal(got.view(np.int32), want[:6006].view(np.int32))
    np.testing.assert_array_equal(qz._logf_host(xs).view(np.int32), want.view(np.int32))
    big = np.exp(rng.uniform(-30, 30, 100000)).astype(F32)  # several pieces
    want = qz._logf(torch.from_numpy(big)).numpy()
    np.testing.assert_array_equal(qz._logf_host(big).view(np.int32), want.view(np.int32))
