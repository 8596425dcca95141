"""Optimizer update operators (src/mxnd/ndarray/ops/optimizer_updates.py) beyond the golden cases
of tests/golden/optimizer_updates_cases.py: in-place state updates, large arrays bit-exact against
float32 numpy formulas (numpy's sqrt is correctly rounded, as MXNet's sqrtf), errors, contexts."""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

f32 = np.float32


def _data(ctx, n=20000, seed=3):
    rs = np.random.RandomState(seed)
    w, g, m = (rs.uniform(-1, 1, n).astype(f32) for _ in range(3))
    v = rs.uniform(0, 1, n).astype(f32)
    return w, g, m, v


def test_adam_is_bit_exact_on_a_large_array(ctx):
    # AdamUpdateKernel in float32: g = g*rescale + w*wd; mean, var; w - lr*mean/(sqrt(var)+eps)
    w, g, m, v = _data(ctx)
    lr, b1, b2, eps, wd, rescale = f32(0.01), f32(0.9), f32(0.999), f32(1e-8), f32(0.01), f32(0.5)
    arrays = [mx.nd.array(a, ctx=ctx) for a in (w, g, m, v)]
    out = mx.nd.adam_update(*arrays, lr=0.01, wd=0.01, rescale_grad=0.5, out=arrays[0])
    gr = g * rescale + w * wd
    m2 = b1 * m + (f32(1) - b1) * gr
    v2 = b2 * v + (f32(1) - b2) * gr * gr
    expected = w - lr * m2 / (np.sqrt(v2) + eps)
    assert out is arrays[0]
    np.testing.assert_array_equal(arrays[2].asnumpy(), m2)
    np.testing.assert_array_equal(arrays[3].asnumpy(), v2)
    np.testing.assert_array_equal(out.asnumpy(), expected)


def test_rmsprop_is_bit_exact_on_a_large_array(ctx):
    w, g, _, n = _data(ctx)
    lr, g1, eps = f32(0.01), f32(0.95), f32(1e-8)
    arrays = [mx.nd.array(a, ctx=ctx) for a in (w, g, n)]
    out = mx.nd.rmsprop_update(*arrays, lr=0.01)
    n2 = (f32(1) - g1) * (g * g) + g1 * n
    np.testing.assert_array_equal(arrays[2].asnumpy(), n2)
    np.testing.assert_array_equal(out.asnumpy(), w - lr * (g / np.sqrt(n2 + eps)))


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
    np.testing.assert_array_equal(arrays[2].asnumpy(), m2)
    np.testing.assert_array_equal(out.asnumpy(), w + m2)
    plain = mx.nd.sgd_update(arrays[0], arrays[1], lr=0.01, wd=0.001, rescale_grad=0.5)
    np.testing.assert_array_equal(plain.asnumpy(), (f32(1) - lr * wd) * w - (lr * rescale) * g)


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
