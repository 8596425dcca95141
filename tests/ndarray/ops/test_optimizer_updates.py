"""Optimizer update operators (src/mxnd/ndarray/ops/optimizer_updates.py) beyond the golden cases
of tests/golden/optimizer_updates_cases.py: in-place state updates, large arrays bit-exact against
float32 numpy formulas (numpy's sqrt is correctly rounded, as MXNet's sqrtf), errors, contexts."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.base import MXNetError

from device_numerics import assert_exact_on_host, on_gpu
from fast_path_marks import host_fast_path_only

f32 = np.float32


def _data(ctx, n=20000, seed=3):
    rs = np.random.RandomState(seed)
    w, g, m = (rs.uniform(-1, 1, n).astype(f32) for _ in range(3))
    v = rs.uniform(0, 1, n).astype(f32)
    return w, g, m, v


@pytest.mark.parametrize("clip", [-1.0, 0.5])
def test_adam_is_bit_exact_on_a_large_array(ctx, clip):
    # AdamUpdateKernel in float32: g = clip(g*rescale + w*wd); mean, var; w - lr*mean/(sqrt(var)+eps)
    w, g, m, v = _data(ctx, n=100003)  # not a multiple of any vector width: the kernels' tails too
    w[:3], g[:3] = [-0.0, 0.0, 1e-30], [-0.0, -1e-30, 3e4]  # signed zeros, tiny and clipped values
    lr, b1, b2, eps, wd, rescale = f32(0.01), f32(0.9), f32(0.999), f32(1e-8), f32(0.01), f32(0.5)
    arrays = [mx.nd.array(a, ctx=ctx) for a in (w, g, m, v)]
    out = mx.nd.adam_update(*arrays, lr=0.01, wd=0.01, rescale_grad=0.5, clip_gradient=clip, out=arrays[0])
    gr = g * rescale + w * wd
    if clip >= 0:  # MXNet clips after adding the weight decay (mx.nd.adam_update(1, 0.4, wd=1, clip 0.5): mean 0.05)
        gr = np.clip(gr, -f32(clip), f32(clip))
    m2 = b1 * m + (f32(1) - b1) * gr
    v2 = b2 * v + (f32(1) - b2) * gr * gr
    expected = w - lr * m2 / (np.sqrt(v2) + eps)
    assert out is arrays[0]
    assert_exact_on_host(arrays[2], m2, ctx)  # on a GPU, nvcc fuses multiply-adds (as MXNet's kernel there)
    assert_exact_on_host(arrays[3], v2, ctx)
    assert_exact_on_host(out, expected, ctx)
    assert on_gpu(ctx) or np.array_equal(np.signbit(out.asnumpy()), np.signbit(expected))


def _adam_reference(w, g, m, v, T, lr=0.01, b1=0.9, b2=0.999, eps=1e-8, wd=0.01):
    """AdamUpdateKernel with rescale 1 in numpy type T (each op one IEEE rounding); its float
    parameters are C++ floats cast to T."""
    lr, b1, b2, eps, wd = (T(f32(x)) for x in (lr, b1, b2, eps, wd))
    with np.errstate(all="ignore"):
        gr = g + w * wd
        m2 = b1 * m + (T(1) - b1) * gr
        v2 = b2 * v + (T(1) - b2) * gr * gr
        return w - lr * m2 / (np.sqrt(v2) + eps), m2, v2


@host_fast_path_only
@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [96 * 350, 96 * 350 + 7])  # every thread count's chunks whole, or a tail
# (above optimizer_updates._SMALL: smaller arrays take the numpy route)
def test_adam_fused_path_is_bit_exact(dtype, n, threads):
    """On CPU, adam_update with out=weight steps the weight through torch's fused Adam kernel
    (ndarray/ops/adam_step.py); means decaying through subnormals, signed zeros, huge and tiny
    values, and any thread count give MXNet's bits (the kernel's scalar tail must not be used)."""
    from mxnd.ndarray.ops import adam_step
    T = np.dtype(dtype).type
    rs = np.random.RandomState(5)
    w, g = rs.standard_normal(n).astype(T), rs.standard_normal(n).astype(T)
    m = (rs.standard_normal(n) * 10.0 ** rs.randint(-45, 30, n)).astype(T)
    v = (rs.random_sample(n) * 10.0 ** rs.randint(-45, 30, n)).astype(T)
    g[: n // 4] = 0.0  # parameters without gradient: their means decay through subnormals
    w[:4], g[:4], m[:4] = [-0.0, 0.0, -0.0, 1.0], [-0.0, -0.0, 0.0, -0.0], [-0.0, -0.0, 0.0, -0.0]
    previous = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        arrays = [mx.nd.array(a, dtype=dtype) for a in (w, g, m, v)]
        assert adam_step.prepare(arrays[0]._data, arrays[2]._data, arrays[3]._data) is not None
        for _ in range(3):  # states carried between steps
            w, m, v = _adam_reference(w, g, m, v, T)
            mx.nd.adam_update(*arrays, lr=0.01, wd=0.01, out=arrays[0])
            for got, want in zip((arrays[0], arrays[2], arrays[3]), (w, m, v)):
                assert got.dtype == np.dtype(dtype)
                np.testing.assert_array_equal(got.asnumpy().view(np.uint8), want.view(np.uint8))
    finally:
        torch.set_num_threads(previous)


def test_adam_without_the_fused_kernel_gives_the_same_bits(monkeypatch):
    """The path used when torch's fused kernel is missing or fails its check."""
    from mxnd.ndarray.ops import adam_step
    w, g, m, v = _data(None, n=40961)  # above optimizer_updates._SMALL
    fused = [mx.nd.array(a) for a in (w, g, m, v)]
    mx.nd.adam_update(*fused, lr=0.01, wd=0.01, out=fused[0])
    monkeypatch.setitem(adam_step._TRUSTED, torch.float32, False)
    plain = [mx.nd.array(a) for a in (w, g, m, v)]
    assert adam_step.prepare(plain[0]._data, plain[2]._data, plain[3]._data) is None
    mx.nd.adam_update(*plain, lr=0.01, wd=0.01, out=plain[0])
    for a, b in zip(fused, plain):
        np.testing.assert_array_equal(a.asnumpy().view(np.uint8), b.asnumpy().view(np.uint8))


def _special_values(n, T, seed):
    """Random values with signed zeros, subnormals, huge values, infinities and NaN among them."""
    rs = np.random.RandomState(seed)
    values = (rs.standard_normal(n) * 10.0 ** rs.randint(-40, 38, n)).astype(T)
    values[rs.randint(0, n, 6)] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45]).astype(T)
    return values


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape", [(), (7,), (33, 5), (4096, 8)])  # 0-d, odd, 2-d, at the _SMALL limit
@pytest.mark.parametrize("options", [{}, {"clip_gradient": 0.5, "rescale_grad": 1.0 / 32},
                                     {"rescale_grad": 1.0, "wd": 0.0}])
@pytest.mark.parametrize("in_place", [True, False])
def test_small_adam_updates_on_numpy_give_the_generic_paths_bits(monkeypatch, dtype, shape, options, in_place):
    """Small host arrays take optimizer_updates._adam_small (numpy views, about 5x faster per
    call); its arithmetic must be the torch path's, bit for bit, NaN and infinities included."""
    from mxnd import fast_paths
    from mxnd.ndarray.ops import optimizer_updates
    assert int(np.prod(shape)) <= optimizer_updates._SMALL
    T = np.dtype(dtype).type
    n = int(np.prod(shape))
    w, g, m = (_special_values(n, T, seed).reshape(shape) for seed in (1, 2, 3))
    v = np.abs(_special_values(n, T, 4)).reshape(shape)
    kwargs = {"lr": 0.01, "wd": 0.01, **options}
    results = []
    for host in (True, False):
        monkeypatch.setattr(fast_paths, "HOST", host)
        arrays = [mx.nd.array(a, dtype=dtype) for a in (w, g, m, v)]
        arrays[0].attach_grad()  # an attached variable, as optimizers update them
        new = mx.nd.adam_update(*arrays, out=arrays[0] if in_place else None, **kwargs)
        assert (new is arrays[0]) == in_place and new.shape == shape and new.dtype == np.dtype(dtype)
        results.append([a.asnumpy() for a in (new, arrays[0], arrays[2], arrays[3])])
    for fast, generic in zip(*results):  # NaN's sign bit follows operand order (as in C): not compared
        np.testing.assert_array_equal(np.isnan(fast), np.isnan(generic))
        numbers = ~np.isnan(fast)
        np.testing.assert_array_equal(fast[numbers].view(np.uint8), generic[numbers].view(np.uint8))
    if not in_place:
        np.testing.assert_array_equal(results[0][1].ravel().view(np.uint8), w.ravel().view(np.uint8))  # left


def test_the_fused_adam_kernel_passes_its_check():
    """torch's fused Adam computes MXNet's step exactly on this torch (else adam_update falls
    back to separate passes, correct but slower: benchmarks/bench_optimizer.py)."""
    from mxnd.ndarray.ops import adam_step
    assert adam_step._passes_check(torch.float32) and adam_step._passes_check(torch.float64)


def test_rmsprop_is_bit_exact_on_a_large_array(ctx):
    w, g, _, n = _data(ctx)
    lr, g1, eps = f32(0.01), f32(0.95), f32(1e-8)
    arrays = [mx.nd.array(a, ctx=ctx) for a in (w, g, n)]
    out = mx.nd.rmsprop_update(*arrays, lr=0.01)
    n2 = (f32(1) - g1) * (g * g) + g1 * n
    assert_exact_on_host(arrays[2], n2, ctx)
    assert_exact_on_host(out, w - lr * (g / np.sqrt(n2 + eps)), ctx)


def test_without_out_the_weight_is_left_and_states_change(ctx):
    w, g, m = (mx.nd.array(v, ctx=ctx) for v in ([1., 2.], [0.5, -1.], [0.1, 0.2]))
    new = mx.nd.sgd_mom_update(w, g, m, lr=0.1, momentum=0.9)
    assert new is not w and new.context == ctx
    assert w.asnumpy().tolist() == [1., 2.]
    np.testing.assert_array_equal(m.asnumpy(), [f32(0.9) * f32(0.1) - f32(0.1) * f32(0.5),
                                                f32(0.9) * f32(0.2) + f32(0.1)])
    np.testing.assert_array_equal(new.asnumpy(), np.array([1., 2.], f32) + m.asnumpy())


def test_out_updates_views_of_the_weight():
    w = mx.nd.array([[1., 2.], [3., 4.]])
    row = w[1]
    mx.nd.sgd_update(w, mx.nd.ones((2, 2)), lr=0.5, out=w)
    assert row.asnumpy().tolist() == [2.5, 3.5]


def test_float16_weights_keep_their_dtype(ctx):
    w = mx.nd.array([1., 2.], ctx=ctx, dtype="float16")
    w32 = w.astype("float32")
    out = mx.nd.mp_sgd_update(w, mx.nd.array([1., 1.], ctx=ctx, dtype="float16"), w32, lr=0.25, out=w)
    assert out.dtype == np.float16 and w32.dtype == np.float32
    assert out.asnumpy().tolist() == [0.75, 1.75] and w32.asnumpy().tolist() == [0.75, 1.75]


@pytest.mark.parametrize("call", [
    lambda w, m: mx.nd.sgd_mom_update(w, mx.nd.ones((3,)), m, lr=0.1, momentum=0.9, out=w),
    lambda w, m: mx.nd.adam_update(w, mx.nd.ones((2, 2)), m, mx.nd.ones((2,)), lr=0.1, out=w),
    lambda w, m: mx.nd.mp_sgd_mom_update(w, mx.nd.ones((2, 2)), m, mx.nd.ones((2, 2), dtype="float16"), lr=0.1, out=w),
], ids=["grad-shape", "var-shape", "weight32-dtype"])
def test_errors_leave_every_array_intact(call):
    w, m = mx.nd.ones((2, 2)), mx.nd.full((2, 2), 0.5)
    with pytest.raises(MXNetError, match="Incompatible attr"):
        call(w, m)
    assert w.asnumpy().tolist() == [[1, 1], [1, 1]] and m.asnumpy().tolist() == [[0.5, 0.5], [0.5, 0.5]]


def test_multi_forms_without_out_return_new_arrays():
    # MXNet 1.9.1 fails shape inference without out= ("shape must have a valid ndim"); mxnd
    # returns the new weights (docs/differences.md)
    a, b = mx.nd.array([1., 2.]), mx.nd.array([3.])
    ga, gb = mx.nd.array([1., 1.]), mx.nd.array([2.])
    result = mx.nd.multi_sgd_update(a, ga, b, gb, lrs=(0.5, 0.25), wds=(0, 0), num_weights=2)
    assert [r.asnumpy().tolist() for r in result] == [[0.5, 1.5], [2.5]]
    assert a.asnumpy().tolist() == [1., 2.]
    assert mx.nd.multi_sgd_update(a, ga, lrs="(0.5,)", wds="[0]", num_weights=1, out=a) is a
    assert a.asnumpy().tolist() == [0.5, 1.5]


def test_multi_forms_check_their_counts():
    a = mx.nd.ones((2,))
    with pytest.raises(MXNetError, match="Number of weight decays is inconsistent"):
        mx.nd.multi_sgd_update(a, a, lrs=(0.1,), wds=(0.1, 0.2), num_weights=1, out=[a])
    with pytest.raises(MXNetError, match="num_weights"):
        mx.nd.multi_sgd_mom_update(a, a, lrs=(0.1,), wds=(0.1,), num_weights=1, out=[a])
    with pytest.raises(MXNetError, match="Number of learning rates"):
        mx.nd.preloaded_multi_sgd_update(a, a, mx.nd.ones((2,)), mx.nd.ones((1,)), num_weights=1, out=[a])


def test_contrib_adamw_takes_a_number_or_an_array_as_rescale_grad():
    def run(scale):
        w, g, m, v = mx.nd.array([1., 2.]), mx.nd.array([0.5, -1.]), mx.nd.zeros((2,)), mx.nd.zeros((2,))
        return mx.nd.contrib.adamw_update(w, g, m, v, scale, lr=0.1, eta=1.0, wd=0.1).asnumpy().tolist()
    assert run(0.5) == run(mx.nd.array([0.5]))
    assert run(mx.nd.array([float("nan")])) == [1., 2.]  # a non-finite scale skips the update


def test_lamb_phases_compose():
    w, g = mx.nd.array([3., 4.]), mx.nd.array([1., -1.])
    mean, var = mx.nd.zeros((2,)), mx.nd.zeros((2,))
    d = mx.nd.lamb_update_phase1(w, g, mean, var, t=1, wd=0.0, beta1=0.0, beta2=0.0, epsilon=0.0)
    assert d.asnumpy().tolist() == [1., -1.]
    r1, r2 = mx.nd.norm(w).reshape((1,)), mx.nd.norm(d).reshape((1,))
    new = mx.nd.lamb_update_phase2(w, d, r1, r2, lr=0.1)
    ratio = f32(f32(0.1) * f32(5.0)) / f32(np.sqrt(f32(2.0)))
    np.testing.assert_array_equal(new.asnumpy(), np.array([3., 4.], f32) - np.array([1., -1.], f32) * ratio)


def test_multi_lars():
    out = mx.nd.multi_lars(mx.nd.array([0.1, 0.2]), mx.nd.array([4.0, 0.0]), mx.nd.array([9.0, 1.0]),
                           mx.nd.array([0.5, 0.5]), eta=1.0, eps=0.0)
    expected = f32(0.1) * f32(1.0) * f32(2.0) / (f32(3.0) * f32(1.0) + f32(0.5) * f32(2.0) + f32(0.0))
    np.testing.assert_array_equal(out.asnumpy(), [expected, f32(0.2)])
    with pytest.raises(MXNetError, match="only support float"):
        mx.nd.multi_lars(*[mx.nd.ones((2,), dtype="float64")] * 4, eta=1.0, eps=0.0)


def test_sgd_mom_and_sgd_are_bit_exact_on_a_large_array(ctx):
    # SGDMomKernel / SGDKernel in float32 (the fused addcmul/addcdiv forms must not change a bit)
    w, g, m, _ = _data(ctx, n=100003, seed=4)
    lr, mom, wd, rescale = f32(0.01), f32(0.9), f32(0.001), f32(0.5)
    arrays = [mx.nd.array(a, ctx=ctx) for a in (w, g, m)]
    out = mx.nd.sgd_mom_update(*arrays, lr=0.01, momentum=0.9, wd=0.001, rescale_grad=0.5)
    m2 = mom * m - (lr * wd) * w - (lr * rescale) * g
    assert_exact_on_host(arrays[2], m2, ctx)
    assert_exact_on_host(out, w + m2, ctx)
    plain = mx.nd.sgd_update(arrays[0], arrays[1], lr=0.01, wd=0.001, rescale_grad=0.5)
    assert_exact_on_host(plain, (f32(1) - lr * wd) * w - (lr * rescale) * g, ctx)


def test_updates_of_arrays_that_require_grad_run_without_recording():
    w = mx.nd.array([1., 2.])
    w.attach_grad()
    mean, var = mx.nd.zeros((2,)), mx.nd.zeros((2,))
    out = mx.nd.adam_update(w, mx.nd.array([1., -1.]), mean, var, lr=0.1, beta1=0.0, beta2=0.0, out=w)
    assert out is w
    np.testing.assert_array_equal(w.asnumpy(), np.array([1., 2.], f32) - f32(0.1) * np.array([1., -1.], f32)
                                  / (np.array([1., 1.], f32) + f32(1e-8)))


@pytest.mark.parametrize("op,states", [("sgd_update", 0), ("sgd_mom_update", 1), ("adam_update", 2)])
def test_out_weight_is_written_in_place_with_the_same_bits(op, states):
    """With out=weight the body writes straight into the weight (no copy); the bits equal those of
    a call writing a fresh array, and an out= that is another array still gets a copy."""
    rng = np.random.RandomState(3)
    values = [rng.standard_normal((40, 30)).astype(np.float32) for _ in range(2 + states)]
    kwargs = dict(lr=0.05, wd=0.01, rescale_grad=0.5, **({"momentum": 0.9} if op == "sgd_mom_update" else {}))
    in_place = [mx.nd.array(v) for v in values]
    weight_tensor = in_place[0]._data
    result = getattr(mx.nd, op)(*in_place, out=in_place[0], **kwargs)
    fresh = [mx.nd.array(v) for v in values]
    other = mx.nd.zeros((40, 30))
    getattr(mx.nd, op)(*fresh, out=other, **kwargs)
    assert result is in_place[0] and in_place[0]._data is weight_tensor
    np.testing.assert_array_equal(in_place[0].asnumpy(), other.asnumpy())
    assert fresh[0].asnumpy().tolist() == values[0].tolist()  # out=other leaves the weight alone
    for got, want in zip(in_place[2:], fresh[2:]):
        np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())


def test_out_aliasing_the_gradient_gets_a_copy():
    w, g = mx.nd.array([1.0, 2.0]), mx.nd.array([0.5, -0.5])
    mx.nd.sgd_update(w, g, lr=0.1, out=g)
    assert w.asnumpy().tolist() == [1.0, 2.0]
    np.testing.assert_allclose(g.asnumpy(), [0.95, 2.05])


def _lists():
    w, g = [mx.nd.ones(2), mx.nd.ones(3) * 2], [mx.nd.ones(2), mx.nd.ones(3) * 0.5]
    m, v = [mx.nd.zeros(2), mx.nd.zeros(3)], [mx.nd.zeros(2), mx.nd.zeros(3)]
    return w, g, m, v


def test_contrib_multi_adamw_update_list_wrapper():
    """MXNet 1.9.1: mx.nd.contrib.multi_adamw_update on lists (values recorded from the reference)."""
    w, g, m, v = _lists()
    mx.nd.contrib.multi_adamw_update(w, g, m, v, 1.0, lrs=[0.1, 0.2], wds=[0.0, 0.1], etas=[1.0, 0.5], out=w)
    assert [x.asnumpy().tolist() for x in w] == [[0.6837702393531799] * 2, [1.5837702751159668] * 3]
    assert [x.asnumpy().tolist() for x in m] == [[0.10000002384185791] * 2, [0.050000011920928955] * 3]
    assert [x.asnumpy().tolist() for x in v] == [[0.0009999871253967285] * 2, [0.00024999678134918213] * 3]


def test_contrib_multi_lamb_update_list_wrapper():
    w, g, m, v = _lists()
    mx.nd.contrib.multi_lamb_update(w, g, m, v, step_count=[1, 2], lrs=[0.1, 0.2], wds=[0.0, 0.1], out=w)
    assert [x.asnumpy().tolist() for x in w] == [[0.8999999761581421] * 2, [1.600000023841858] * 3]
    assert [x.asnumpy().tolist() for x in m] == [[0.10000002384185791] * 2, [0.050000011920928955] * 3]


def test_contrib_multi_mp_wrappers_keep_float16_weights():
    w, g, m, v = _lists()
    w16, g16 = [x.astype("float16") for x in w], [x.astype("float16") for x in g]
    mx.nd.contrib.multi_mp_adamw_update(w16, g16, m, v, [x.copy() for x in w], 1.0, lrs=[0.1, 0.2],
                                        wds=[0.0, 0.1], etas=[1.0, 0.5], out=w16)
    assert [x.dtype for x in w16] == [np.float16, np.float16]
    np.testing.assert_allclose(w16[0].asnumpy(), [0.6838, 0.6838], rtol=1e-3)
    w, g, m, v = _lists()
    w16, g16 = [x.astype("float16") for x in w], [x.astype("float16") for x in g]
    mx.nd.contrib.multi_mp_lamb_update(w16, g16, m, v, [x.copy() for x in w], step_count=[1, 2],
                                       lrs=[0.1, 0.2], wds=[0.0, 0.1], out=w16)
    np.testing.assert_allclose(w16[1].asnumpy(), [1.6] * 3, rtol=1e-3)


# ---- failed calls leave every array intact -----------------------------------------------------

def _filled(count, shape=(2, 3), dtype="float32"):
    rng = np.random.RandomState(7)
    return [mx.nd.array(rng.uniform(0.1, 1.0, shape), dtype=dtype) for _ in range(count)]


def _weights(group, extra=()):
    """The inputs of a batched update of two weights: ``group`` gives the dtypes of one weight's
    inputs (h float16, f float32), then the ``extra`` arrays (lrs, wds, rescale_grad)."""
    dtypes = {"h": "float16", "f": "float32"}
    return [_filled(1, dtype=dtypes[kind])[0] for _ in range(2) for kind in group] + \
        [mx.nd.array(values) for values in extra]


_TWO = dict(lrs=(0.1, 0.2), wds=(0.0, 0.1), num_weights=2)
_LAMB = dict(learning_rates=(0.1, 0.2), wds=(0.0, 0.1), step_count=(1, 2), num_tensors=2)
_ADAMW = dict(_TWO, etas=(1.0, 0.5))
_PRELOADED = ([0.1, 0.2], [0.0, 0.1])

# operator: (its input arrays, keyword arguments, the positions of the inputs its outputs are like)
_UPDATES = {
    "lamb_update_phase1": (lambda: _filled(4), dict(t=1, wd=0.1), (0,)),
    "mp_lamb_update_phase1": (lambda: _filled(2, dtype="float16") + _filled(3), dict(t=1, wd=0.1), (4,)),
    "multi_sgd_mom_update": (lambda: _weights("fff"), dict(_TWO, momentum=0.9), (0, 3)),
    "multi_mp_sgd_mom_update": (lambda: _weights("hhff"), dict(_TWO, momentum=0.9), (0, 4)),
    "preloaded_multi_sgd_mom_update": (lambda: _weights("fff", _PRELOADED), dict(momentum=0.9, num_weights=2),
                                       (0, 3)),
    "preloaded_multi_mp_sgd_update": (lambda: _weights("hhf", _PRELOADED), dict(num_weights=2), (0, 3)),
    "preloaded_multi_mp_sgd_mom_update": (lambda: _weights("hhff", _PRELOADED), dict(momentum=0.9, num_weights=2),
                                          (0, 4)),
    "_multi_adamw_update": (lambda: _weights("ffff", ([1.0],)), _ADAMW, (0, 4)),
    "_multi_mp_adamw_update": (lambda: _weights("hhfff", ([1.0],)), _ADAMW, (0, 5)),
    "_multi_lamb_update": (lambda: _weights("ffff"), _LAMB, (0, 4)),
    "_multi_mp_lamb_update": (lambda: _weights("hhfff"), _LAMB, (0, 5)),
}

# a wrong out= (built from the weights the outputs are like): (the error, part of its message)
_WRONG_OUT = {
    "shape": (MXNetError, "Shape inconsistent, Provided = \\[2, 4\\], inferred shape=\\[2, 3\\]"),
    "dtype": (MXNetError, "Incompatible attr in node at [0-9]-th output: expected float.*, got float64"),
    "type": (TypeError, "out must be an NDArray, got ndarray"),
    "count": (MXNetError, "expected 2 output arrays in out=, got 1"),  # batched updates only
}


def _wrong_out(kind, likes):
    """out= the arrays the outputs are like (the optimizers' in-place out=weights), the last one
    replaced by a target wrong in ``kind``."""
    outs = list(likes)
    last = likes[-1]
    if kind == "count":
        return outs[:-1]
    outs[-1] = {"shape": lambda: mx.nd.zeros((2, 4), dtype=last.dtype),
                "dtype": lambda: mx.nd.zeros(last.shape, dtype="float64"),
                "type": lambda: last.asnumpy()}[kind]()
    return outs[0] if len(outs) == 1 else outs


def _function(op):
    return getattr(mx.nd._internal if op.startswith("_") else mx.nd, op)


@pytest.mark.parametrize("op,kind", [(op, kind) for op in sorted(_UPDATES) for kind in sorted(_WRONG_OUT)
                                     if kind != "count" or len(_UPDATES[op][2]) > 1])
def test_a_wrong_out_raises_before_any_input_changes(op, kind):
    make, kwargs, like = _UPDATES[op]
    arrays = make()
    before = [a.asnumpy().copy() for a in arrays]
    error, message = _WRONG_OUT[kind]
    with pytest.raises(error, match=f"{op}: {message}"):
        _function(op)(*arrays, out=_wrong_out(kind, [arrays[i] for i in like]), **kwargs)
    for array, values in zip(arrays, before):
        np.testing.assert_array_equal(array.asnumpy(), values, strict=True)


@pytest.mark.parametrize("op", sorted(_UPDATES))
def test_the_right_out_receives_the_new_weights(op):
    make, kwargs, like = _UPDATES[op]
    expected = _function(op)(*make(), **kwargs)
    arrays = make()
    outs = [arrays[i] for i in like]
    result = _function(op)(*arrays, out=outs[0] if len(outs) == 1 else outs, **kwargs)
    assert result is (outs[0] if len(outs) == 1 else outs)
    for out, want in zip(outs, [expected] if len(outs) == 1 else expected):
        np.testing.assert_array_equal(out.asnumpy(), want.asnumpy(), strict=True)


def test_mp_lamb_phase1_out_is_float32_like_the_master_weight():
    weight, grad = _filled(2, dtype="float16")
    mean, var, weight32 = _filled(3)
    out = mx.nd.zeros((2, 3))
    assert mx.nd.mp_lamb_update_phase1(weight, grad, mean, var, weight32, t=1, wd=0.1, out=out) is out
    with pytest.raises(MXNetError, match="mp_lamb_update_phase1: .* expected float32, got float16"):
        mx.nd.mp_lamb_update_phase1(weight, grad, mean, var, weight32, t=1, wd=0.1, out=weight)


@pytest.mark.parametrize("mp", [False, True], ids=["lamb_update_phase1", "mp_lamb_update_phase1"])
def test_lamb_phase1_takes_any_t_as_mxnet(mp):
    """MXNet 1.9.1 accepts any int t: beta ** t is C's pow (0 ** -1 is inf), t=0 divides 0 by 0;
    values recorded from the reference (float32 weights, the same for the mp form)."""
    def run(t, beta1, beta2):
        w = mx.nd.array([[1., 2.], [3., -4.]])
        g = mx.nd.array([[.5, -1.], [0., 3.]])
        mean, var = mx.nd.array([[0.1, 0.], [0., -0.2]]), mx.nd.array([[0.1, 0.], [0., 0.2]])
        if mp:
            out = mx.nd.mp_lamb_update_phase1(w.astype("float16"), g.astype("float16"), mean, var, w, t=t,
                                              wd=0.1, beta1=beta1, beta2=beta2)
        else:
            out = mx.nd.lamb_update_phase1(w, g, mean, var, t=t, wd=0.1, beta1=beta1, beta2=beta2)
        return out.asnumpy().tolist(), mean.asnumpy().tolist()
    updated_mean = [[0.14000001549720764, -0.10000002384185791], [0.0, 0.12000007927417755]]
    assert run(-1, 0.0, 0.0) == ([[0.10000000149011612, 0.20000000298023224],
                                  [0.30000001192092896, -0.4000000059604645]], [[0.5, -1.0], [0.0, 3.0]])
    assert run(-1, 0.9, 0.0) == ([[-1259999.375, 900000.0], [0.30000001192092896, -1080000.5]], updated_mean)
    assert run(-2, 0.9, 0.0)[0] == [[-596841.8125, 426315.90625], [0.30000001192092896, -511579.5]]
    new, mean = run(0, 0.9, 0.999)
    assert np.isnan(new).all() and mean == updated_mean
    new, _ = run(-1, 0.9, 0.999)
    assert np.isnan(new).sum() == 3 and new[1][0] == 0.30000001192092896


@pytest.mark.parametrize("op,mp", [("_multi_lamb_update", False), ("_multi_mp_lamb_update", True)])
@pytest.mark.parametrize("what,value,message", [
    ("learning_rates", "()", "Number of learning rates is inconsistent with num_tensors"),
    ("wds", (0.1,), "Number of weight decays is inconsistent with num_tensors"),
    ("step_count", (1, 1, 1), "Number of step counts is inconsistent with num_tensors"),
])
def test_multi_lamb_checks_its_counts_before_any_input_changes(op, mp, what, value, message):
    arrays = (_filled(1, dtype="float16") + _filled(4) if mp else _filled(4)) * 2
    arrays = [a.copy() for a in arrays]
    before = [a.asnumpy().copy() for a in arrays]
    kwargs = dict(learning_rates=(0.1, 0.2), wds=(0.0, 0.1), step_count=(1, 2), num_tensors=2)
    kwargs[what] = value
    stride = len(arrays) // 2
    expected = f"{op}: Check failed: param.{what}.ndim\\(\\) == param.num_tensors.*{message}"
    with pytest.raises(MXNetError, match=expected):
        getattr(mx.nd._internal, op)(*arrays, out=arrays[:2 * stride:stride], **kwargs)
    for array, values in zip(arrays, before):
        np.testing.assert_array_equal(array.asnumpy(), values, strict=True)


UPDATES_OF_A_VARIABLE = {
    "sgd_update": lambda w, g, s: mx.nd.sgd_update(w, g, lr=0.1, out=w),
    "sgd_update wd": lambda w, g, s: mx.nd.sgd_update(w, g, lr=0.1, wd=0.01, out=w),
    "sgd_mom_update": lambda w, g, s: mx.nd.sgd_mom_update(w, g, s[0], lr=0.1, momentum=0.9, out=w),
    "adam_update": lambda w, g, s: mx.nd.adam_update(w, g, s[0], s[1], lr=0.01, out=w),
}


@pytest.mark.parametrize("name", sorted(UPDATES_OF_A_VARIABLE))
@pytest.mark.parametrize("n", [10, 100003])
def test_the_update_of_an_attached_variable_is_in_place_and_equals_a_plain_arrays(name, n, ctx):
    """``update(w, w.grad, out=w)`` on a variable outside record() writes w's own storage (no fresh
    tensor and copy) and gives the plain array's bits; the gradient buffer is left alone."""
    rng = np.random.default_rng(n)
    values, grads = rng.standard_normal(n).astype(f32), rng.standard_normal(n).astype(f32)
    results = []
    for attach in (False, True):
        w, g = mx.nd.array(values, ctx=ctx), mx.nd.array(grads, ctx=ctx)
        state = [mx.nd.zeros((n,), ctx=ctx), mx.nd.ones((n,), ctx=ctx)]
        if attach:
            w.attach_grad()
            w.grad[:] = g
            g = w.grad
        storage = w.handle.data_ptr()
        UPDATES_OF_A_VARIABLE[name](w, g, state)
        assert w.handle.data_ptr() == storage and w.handle.requires_grad == attach
        assert g.asnumpy().tolist() == grads.tolist()
        results.append(w.asnumpy())
    assert results[0].tobytes() == results[1].tobytes()


# ---- the rates and norms stay on the device (issue 12): the same bits as the host's read back --------

_ON_DEVICE = {
    "preloaded_multi_sgd_update": ("ff", dict(num_weights=2, rescale_grad=0.5)),
    "preloaded_multi_sgd_mom_update": ("fff", dict(momentum=0.9, num_weights=2, clip_gradient=0.3)),
    "preloaded_multi_mp_sgd_update": ("hhf", dict(num_weights=2, clip_gradient=0.3, rescale_grad=2.0)),
    "preloaded_multi_mp_sgd_mom_update": ("hhff", dict(momentum=0.9, num_weights=2)),
    "preloaded_multi_sgd_update float16": ("hh", dict(num_weights=2, rescale_grad=0.5)),
    "_multi_lamb_update": ("ffff", _LAMB),
    "_multi_lamb_update bounds": ("ffff", dict(_LAMB, lower_bound=0.5, upper_bound=0.9, clip_gradient=0.2)),
    "_multi_mp_lamb_update": ("hhfff", dict(_LAMB, bias_correction=False)),
}


@pytest.mark.parametrize("case", sorted(_ON_DEVICE))
def test_batched_updates_keep_their_rates_on_the_device(case, monkeypatch):
    """Off the host (fast_paths.HOST off, CUDA's route), preloaded_multi_* keep lrs/wds and
    multi_lamb its norms as tensors instead of reading them back each step: same bits."""
    from mxnd import fast_paths
    group, kwargs = _ON_DEVICE[case]
    op = case.split()[0]
    extra = _PRELOADED if op.startswith("preloaded") else ()

    def run():
        arrays = _weights(group, extra)
        for index in {len(group), 2 * len(group) - 1} if "h" in group else {len(group)}:
            arrays[index] = arrays[index] * 0  # the second weight (and its float32 copy) zero: LAMB's ratio is 1
        outs = getattr(mx.nd._internal if op.startswith("_") else mx.nd, op)(*arrays, **kwargs)
        return [a.asnumpy() for a in list(outs) + arrays[:2 * len(group)]]

    host = run()
    monkeypatch.setattr(fast_paths, "HOST", False)
    device = run()
    assert len(host) == len(device) == 2 + 2 * len(group)
    for expected, actual in zip(host, device):
        assert expected.dtype == actual.dtype and expected.shape == actual.shape
        np.testing.assert_array_equal(actual, expected, strict=True)


# ---- adam_update in one launch on a GPU (adam_device.py) -------------------------------------------

@pytest.mark.parametrize("rescale,clip,wd", [(1.0, -1.0, 0.0), (0.5, -1.0, 0.01), (0.25, 0.3, 0.1)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_the_fused_device_step_computes_adam_update(rescale, clip, wd, dtype):
    """The kernel call the GPU route makes, run on the host's fused kernel: MXNet's AdamUpdateKernel
    within rounding, the gradient left as it was."""
    from mxnd.ndarray.ops import adam_device
    w, g, m, v = (torch.tensor(a, dtype=dtype) for a in _data(None, n=1000, seed=7))
    grad = g.clone()
    w64, g64, m64, v64 = (t.numpy().astype(np.float64) for t in (w, g, m, v))
    if clip < 0:
        expected = _adam_reference(w64, g64 * rescale, m64, v64, np.float64, wd=wd)
    else:  # MXNet clips after the weight decay
        gr = np.clip(g64 * rescale + w64 * np.float64(f32(wd)), -clip, clip)
        expected = _adam_reference(w64, gr, m64, v64, np.float64, wd=0.0)
    params = dict(lr=0.01, beta1=0.9, beta2=0.999, epsilon=1e-8, wd=wd)  # float32, as MXNet's parameters
    assert adam_device.step(w, g, m, v, **{k: float(f32(x)) for k, x in params.items()}, rescale_grad=rescale,
                            clip_gradient=clip, check=False)
    rtol = 1e-5 if dtype is torch.float32 else 1e-12
    for got, want in zip((w, m, v), expected):
        np.testing.assert_allclose(got.numpy(), want, rtol=rtol, atol=rtol * 1e-2)
    assert torch.equal(g, grad)


def test_the_fused_device_step_takes_cuda_arrays_that_fit_it(ctx):
    from mxnd.ndarray.ops import adam_device
    w = mx.nd.ones((4, 3), ctx=ctx)._data
    assert adam_device.usable(w, w, w, w, 0.9, 0.999) is (ctx.device_type == "gpu")  # the host has its routes
    assert adam_device.fits(w, w, w, w, 0.9, 0.999)
    assert adam_device.fits(w.double(), w.double(), w.double(), w.double(), 0.0, 0.5)
    for arrays, betas in [((w, w, w, w), (1.0, 0.999)),  # bias correction 1 - 1**t would be 0
                          ((w, w, w, w), (0.9, -0.1)),
                          ((w.half(),) * 4, (0.9, 0.999)),  # float16 rounds after each operation
                          ((w, w.t().contiguous().t(), w, w), (0.9, 0.999)),  # not contiguous
                          ((w, w, w.double(), w), (0.9, 0.999)),
                          ((w, w.reshape(3, 4), w, w), (0.9, 0.999)),
                          ((w[:0],) * 4, (0.9, 0.999))]:
        assert not adam_device.fits(*arrays, *betas)


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_adam_update_on_the_gpu_runs_the_fused_kernel_and_agrees_with_the_host(dtype):
    from mxnd.ndarray.ops import adam_device
    values = [a.astype(dtype) for a in _data(None, n=5000, seed=8)]
    kwargs = dict(lr=0.01, wd=0.01, rescale_grad=1 / 32)
    results = {}
    for ctx in (mx.cpu(), mx.gpu(0)):
        w, g, m, v = (mx.nd.array(a, ctx=ctx, dtype=dtype) for a in values)
        assert mx.nd.adam_update(w, g, m, v, out=w, **kwargs) is w
        results[ctx.device_type] = [a.asnumpy() for a in (w, m, v)]
    assert adam_device._TRUSTED[(torch.device("cuda", 0), getattr(torch, dtype))] is True
    for device, host in zip(results["gpu"], results["cpu"]):
        assert_exact_on_host(device, host, mx.gpu(0))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_adam_update_takes_the_fused_route_where_it_is_usable(dtype, monkeypatch):
    """adam_update's CUDA route, taken on the host (usable() made to accept host arrays): the kernel
    passes its check there too, and the result is the separate passes' within rounding."""
    from mxnd.ndarray.ops import adam_device
    assert adam_device._passes_check(torch.device("cpu"), getattr(torch, dtype))
    values = [a.astype(dtype) for a in _data(None, n=50000, seed=9)]  # above the small arrays' numpy route
    kwargs = dict(lr=0.01, wd=0.01, rescale_grad=1 / 32, clip_gradient=0.05)
    w, g, m, v = (mx.nd.array(a, dtype=dtype) for a in values)
    expected = [a.asnumpy() for a in (mx.nd.adam_update(w, g, m, v, **kwargs), m, v)]
    calls = []
    monkeypatch.setattr(adam_device, "usable", lambda *args: calls.append(args) or adam_device.fits(*args))
    w, g, m, v = (mx.nd.array(a, dtype=dtype) for a in values)
    assert mx.nd.adam_update(w, g, m, v, out=w, **kwargs) is w and calls
    rtol = 1e-5 if dtype == "float32" else 1e-12
    for got, want in zip((w, m, v), expected):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=rtol, atol=rtol * 1e-2)
    np.testing.assert_array_equal(g.asnumpy(), values[1])
