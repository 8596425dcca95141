"""The normalization family beyond the golden cases: BatchNorm's moving statistics (auxiliary
states, updated in the backward pass as MXNet does), gamma with fix_gamma, gradients and
devices (values from MXNet 1.9.1's autograd)."""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

# MXNet 1.9.1: np.random.seed(0); np.random.uniform(-1, 2, (4, 3, 2)) with gamma, beta and
# moving statistics below, loss sum(y * y); moving values read after backward
MOVED_MEAN = [0.20506902, 0.246151, 0.3381881]
MOVED_VAR = [0.925848, 1.9002376, 2.7567735]


def arrays(ctx, dtype="float32"):
    np.random.seed(0)
    data = np.random.uniform(-1, 2, (4, 3, 2))
    values = (data, [0.5, 2, 1.5], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3], [1., 2., 3.])
    return [mx.nd.array(v, ctx=ctx, dtype=dtype) for v in values]


def train_step(ctx, op=mx.nd.BatchNorm, **kwargs):
    x, g, b, mm, mv = arrays(ctx)
    for a in (x, g, b, mm, mv):
        a.attach_grad()
    with mx.autograd.record():
        y = op(x, g, b, mm, mv, **kwargs)
        y = y[0] if isinstance(y, list) else y
        loss = (y * y).sum()
    assert np.allclose(mm.asnumpy(), [0.1, 0.2, 0.3]) and np.allclose(mv.asnumpy(), [1, 2, 3])
    loss.backward()
    return x, g, b, mm, mv


@pytest.mark.parametrize("op", [mx.nd.BatchNorm, mx.nd.contrib.SyncBatchNorm])
def test_moving_statistics_update_in_backward(ctx, op):
    kwargs = {"key": "k"} if op is mx.nd.contrib.SyncBatchNorm else {}
    x, g, b, mm, mv = train_step(ctx, op, **kwargs)
    np.testing.assert_allclose(mm.asnumpy(), MOVED_MEAN, rtol=1e-5)
    np.testing.assert_allclose(mv.asnumpy(), MOVED_VAR, rtol=1e-5)  # biased batch variance
    assert g.asnumpy().tolist() == [0.5, 2, 1.5]  # fix_gamma: MXNet writes 1 here, mxnd does not
    assert g.grad.asnumpy().tolist() == [0, 0, 0]
    np.testing.assert_allclose(b.grad.asnumpy(), [1.6, 3.2, 4.8], rtol=1e-5)
    assert mm.grad.asnumpy().tolist() == [0, 0, 0] and mv.grad.asnumpy().tolist() == [0, 0, 0]


def test_gradients_match_mxnet(ctx):
    x, g, b, mm, mv = train_step(ctx, fix_gamma=False)
    np.testing.assert_allclose(g.grad.asnumpy(), [7.9692, 31.9681, 23.9578], rtol=1e-4)
    np.testing.assert_allclose(b.grad.asnumpy(), [1.6, 3.2, 4.8], rtol=1e-5)
    x, g, b, mm, mv = train_step(ctx, use_global_stats=True)
    np.testing.assert_allclose(b.grad.asnumpy(), [18.4026, 8.4201, 8.3271], rtol=1e-4)
    assert mm.asnumpy().tolist() == pytest.approx([0.1, 0.2, 0.3])  # global stats: no update


def test_momentum_and_string_params(ctx):
    x, g, b, mm, mv = train_step(ctx, momentum="0.5", fix_gamma="0")
    np.testing.assert_allclose(mm.asnumpy(), [0.625345, 0.43075496, 0.49094042], rtol=1e-5)
    np.testing.assert_allclose(mv.asnumpy(), [0.6292401, 1.5011878, 1.7838678], rtol=1e-5)


def test_no_update_without_backward(ctx):
    x, g, b, mm, mv = arrays(ctx)
    with mx.autograd.train_mode():
        mx.nd.BatchNorm(x, g, b, mm, mv).wait_to_read()
    with mx.autograd.record():
        mx.nd.BatchNorm(x, g, b, mm, mv).wait_to_read()
    assert mm.asnumpy().tolist() == pytest.approx([0.1, 0.2, 0.3])
    assert mv.asnumpy().tolist() == [1, 2, 3]


def test_output_mean_var(ctx):
    x, g, b, mm, mv = arrays(ctx)
    out, mean, invstd = mx.nd.BatchNorm(x, g, b, mm, mv, output_mean_var=True)
    np.testing.assert_allclose(invstd.asnumpy(), [0.9995004, 0.7069301, 0.5772541], rtol=1e-6)
    np.testing.assert_allclose(mean.asnumpy(), [0.1, 0.2, 0.3])
    with mx.autograd.record():
        out, mean, invstd = mx.nd.BatchNorm(x, g, b, mm, mv, output_mean_var=True)
    np.testing.assert_allclose(mean.asnumpy(), [1.15069, 0.66150993, 0.68188083], rtol=1e-5)
    np.testing.assert_allclose(invstd.asnumpy(), [1.9631248, 0.9983165, 1.3260039], rtol=1e-5)
    assert out.context == ctx and mean.context == ctx


def test_predict_mode_gradient_is_the_computed_function(ctx):
    # deliberate: MXNet's backward uses the training formula here (see normalization_cases.py)
    x, g, b, mm, mv = arrays(ctx, "float64")
    x.attach_grad()
    with mx.autograd.record(train_mode=False):
        y = mx.nd.BatchNorm(x, g, b, mm, mv, fix_gamma=False)
    y.backward()
    expected = np.array([0.5, 2, 1.5]) / np.sqrt(np.array([1., 2, 3]) + 1e-3)
    np.testing.assert_allclose(x.grad.asnumpy(), np.broadcast_to(expected[:, None], (4, 3, 2)), rtol=1e-6)


def test_errors_leave_inputs_unchanged(ctx):
    x, g, b, mm, mv = arrays(ctx)
    with pytest.raises(MXNetError):
        mx.nd.BatchNorm(x, g[:2], b, mm, mv)
    with pytest.raises(MXNetError):
        mx.nd.BatchNorm(x, g.astype("float64"), b, mm, mv)
    with pytest.raises(MXNetError):
        mx.nd.BatchNorm(x, g, b, mm, mv, axis=3)
    with pytest.raises(MXNetError):
        mx.nd.GroupNorm(mx.nd.ones((2, 3, 2)), mx.nd.ones(2), mx.nd.ones(2), num_groups=2)
    with pytest.raises(MXNetError):  # MXNet 1.9.1 dies with a floating point exception here
        mx.nd.GroupNorm(mx.nd.ones((2, 4, 3)), mx.nd.ones(2), mx.nd.ones(2), num_groups=0)
    assert g.asnumpy().tolist() == [0.5, 2, 1.5] and mm.asnumpy().tolist() == pytest.approx([0.1, 0.2, 0.3])


def test_layer_norm_mean_and_std(ctx):
    x = mx.nd.array([[1., 2, 4], [0, 0, 3]], ctx=ctx)
    out, mean, std = mx.nd.LayerNorm(x, mx.nd.ones(3, ctx=ctx), mx.nd.zeros(3, ctx=ctx), output_mean_var=True)
    assert mean.shape == (2, 1) and std.shape == (2, 1)
    np.testing.assert_allclose(mean.asnumpy().ravel(), [7 / 3, 1], rtol=1e-6)
    np.testing.assert_allclose(std.asnumpy().ravel(), np.sqrt(x.asnumpy().var(1) + 1e-5), rtol=1e-5)


def test_sync_batch_norm_outputs_mean_and_variance(ctx):
    x, g, b, mm, mv = arrays(ctx)
    with mx.autograd.record():
        out, mean, var = mx.nd.contrib.SyncBatchNorm(x, g, b, mm, mv, key="k", output_mean_var=True)
    np.testing.assert_allclose(var.asnumpy(), [0.25848007, 1.0023754, 0.5677356], rtol=1e-5)
    # predict mode: MXNet leaves these outputs unwritten (zeros on a fresh allocation)
    out, mean, var = mx.nd.contrib.SyncBatchNorm(x, g, b, mm, mv, key="k", output_mean_var=True)
    assert mean.asnumpy().tolist() == [0, 0, 0] and var.asnumpy().tolist() == [0, 0, 0]


def test_out_receives_every_output(ctx):
    x, g, b, mm, mv = arrays(ctx)
    outs = [mx.nd.zeros((4, 3, 2), ctx=ctx), mx.nd.zeros(3, ctx=ctx), mx.nd.zeros(3, ctx=ctx)]
    expected = mx.nd.BatchNorm(x, g, b, mm, mv, output_mean_var=True)
    assert mx.nd.BatchNorm(x, g, b, mm, mv, output_mean_var=True, out=outs) is outs
    for o, e in zip(outs, expected):
        np.testing.assert_array_equal(o.asnumpy(), e.asnumpy())


@pytest.mark.parametrize("name", ["LayerNorm", "BatchNorm", "GroupNorm"])
def test_mean_and_std_outputs_have_zero_gradient(ctx, name):
    # MXNet 1.9.1: backward from the mean or std output gives zeros (not an error)
    x = mx.nd.array(np.cos(np.arange(12.)).reshape(2, 3, 2), ctx=ctx)
    g, b = mx.nd.array([0.5, 2, 1.5], ctx=ctx), mx.nd.zeros(3, ctx=ctx)
    calls = {"LayerNorm": lambda: mx.nd.LayerNorm(x, g, b, axis=1, output_mean_var=True),
             "BatchNorm": lambda: mx.nd.BatchNorm(x, g, b, mx.nd.zeros(3, ctx=ctx), mx.nd.ones(3, ctx=ctx),
                                                  fix_gamma=False, output_mean_var=True),
             "GroupNorm": lambda: mx.nd.GroupNorm(x, g[:1], b[:1], output_mean_var=True)}
    for k in (1, 2):
        x.attach_grad()
        with mx.autograd.record():
            y = calls[name]()
        y[k].backward()
        assert x.grad.asnumpy().tolist() == np.zeros((2, 3, 2)).tolist()


def test_batch_norm_v1_is_batch_norm_on_4d_float32(ctx):
    """BatchNorm_v1 (MXNet cannot call it imperatively): BatchNorm's forward, gradients and moving
    statistics, with the batch variance (not the inverse std) as its third output."""
    def step(op):
        x, g, b, mm, mv = arrays(ctx)
        x = x.reshape((4, 3, 2, 1))
        for a in (x, g, b):
            a.attach_grad()
        with mx.autograd.record():
            out, mean, var = op(x, g, b, mm, mv, fix_gamma=False, output_mean_var=True)
            (out * out).sum().backward()
        return out, mean, var, x.grad, g.grad, b.grad, mm, mv
    v1, new = step(mx.nd.BatchNorm_v1), step(mx.nd.BatchNorm)
    for got, want in zip(v1[:1] + v1[3:], new[:1] + new[3:]):
        np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(v1[6].asnumpy(), MOVED_MEAN, rtol=1e-5)
    np.testing.assert_allclose(v1[7].asnumpy(), MOVED_VAR, rtol=1e-5)
    np.testing.assert_allclose(v1[2].asnumpy(), [0.25848007, 1.0023754, 0.5677356], rtol=1e-5)
    assert v1[0].dtype == np.float32 and v1[0].shape == (4, 3, 2, 1)


def test_batch_norm_v1_predict_outputs_the_moving_statistics(ctx):
    x, g, b, mm, mv = arrays(ctx)
    out, mean, var = mx.nd.BatchNorm_v1(x.reshape((4, 6)), *[mx.nd.ones(6, ctx=ctx)] * 3, mx.nd.arange(6, ctx=ctx),
                                        output_mean_var=True)
    assert mean.asnumpy().tolist() == [1] * 6 and var.asnumpy().tolist() == [0, 1, 2, 3, 4, 5]
    np.testing.assert_allclose(out.asnumpy(), (x.reshape((4, 6)).asnumpy() - 1) / np.sqrt(np.arange(6) + 1e-3) + 1,
                               rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("shape", [(4, 3, 2), (24,), (1, 4, 3, 2, 1)])
def test_batch_norm_v1_takes_2d_or_4d_data(ctx, shape):
    x, g, b, mm, mv = arrays(ctx)
    with pytest.raises(MXNetError, match=r"BatchNorm_v1: data must be \(N, C\) or \(N, C, H, W\)"):
        mx.nd.BatchNorm_v1(x.reshape(shape), g, b, mm, mv)
