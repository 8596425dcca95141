"""Convolution, Convolution_v1 and Deconvolution: what the golden cases cannot record.

Expected values were computed with MXNet 1.9.1 (oneDNN build); tests/golden/convolution_cases.py
holds the bulk of the forward, gradient and error cases.
"""
import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of, numeric_check


def ramp(*shape, dtype="float32"):
    n = int(np.prod(shape))
    return mx.nd.array((np.arange(n) % 7 - 3).reshape(shape) / 4, dtype=dtype)


def test_gradients_match_mxnet():
    x, w, b = ramp(1, 2, 3, 4), ramp(3, 2, 2, 2), ramp(3)
    for a in (x, w, b):
        a.attach_grad()
    with mx.autograd.record():
        y = mx.nd.Convolution(x, w, b, kernel=(2, 2), num_filter=3)
    y.backward()
    assert np.round(y.asnumpy(), 4).tolist() == [[
        [[0.3125, -0.75, -1.375], [0.0, -1.5, -0.8125]], [[1.125, -0.3125, -1.75], [-1.125, 0.0625, 0.375]],
        [[0.1875, 1.4375, -0.8125], [-0.9375, -0.125, -0.1875]]]]
    assert x.grad.asnumpy().tolist() == [[
        [[-1.5, -2.25, -2.25, -0.75], [-1.5, -1.5, -1.5, 0.0], [0.0, 0.75, 0.75, 0.75]],
        [[1.5, 2.0, 2.0, 0.5], [1.0, 0.0, 0.0, -1.0], [-0.5, -2.0, -2.0, -1.5]]]]
    assert w.grad.asnumpy().tolist() == [[[[0.0, -0.25], [0.75, 0.5]], [[0.5, 0.25], [-0.5, -0.75]]]] * 3
    assert b.grad.asnumpy().tolist() == [6.0, 6.0, 6.0]


def test_deconvolution_3d_matches_mxnet_onednn():
    # MXNet's own CPU kernels have no 3-D Deconvolution; these are its oneDNN values
    x, w, b = ramp(1, 2, 3, 2, 3), ramp(2, 3, 2, 2, 2), ramp(3)
    for a in (x, w, b):
        a.attach_grad()
    with mx.autograd.record():
        y = mx.nd.Deconvolution(x, w, b, kernel=(2, 2, 2), num_filter=3, no_bias=False,
                                stride=(2, 1, 2), pad=(0, 1, 0))
    y.backward(ramp(*y.shape) + 1)
    assert y.shape == (1, 3, 6, 1, 6)
    assert np.round(y.asnumpy()[0, :, :2, 0], 4).tolist() == [
        [[-0.4375, -0.75, -0.5625, -0.625, -0.6875, -0.5], [-0.8125, 0.1875, -0.8125, 0.0, -0.8125, -0.1875]],
        [[-0.5, -1.25, -0.375, -1.3125, -0.25, -1.375], [0.4375, 0.125, 0.25, 0.1875, 0.0625, 0.25]],
        [[-1.0, -1.3125, -1.0625, -1.125, -1.125, -0.9375], [0.375, 0.0625, 0.4375, -0.0625, 0.5, -0.1875]]]
    assert x.grad.asnumpy()[0, 0].tolist() == [
        [[1.0625, -0.875, -2.375], [-0.1875, -0.75, -0.875]], [[-3.125, 1.0625, -0.875], [1.25, -0.1875, -0.75]],
        [[-1.1875, -3.125, 1.0625], [-0.8125, 1.25, -0.1875]]]
    assert w.grad.asnumpy()[1, 2].tolist() == [[[-2.25, -2.1875], [2.75, 2.0]], [[0.75, -2.25], [2.1875, 2.75]]]
    assert b.grad.asnumpy().tolist() == [35.25, 35.5, 35.75]


@pytest.mark.parametrize("call", [
    dict(kernel=(3,), layout=("NWC", "NCW")),
    dict(kernel=(3, 2), layout=("NHWC", "NCHW"), stride=(2, 1), pad=(1, 1)),
    dict(kernel=(2, 3, 2), layout=("NDHWC", "NCDHW"), num_group=2),
], ids=["1d", "2d", "3d"])
def test_channels_last_is_the_transposed_channels_first(call):
    # MXNet runs NHWC/NDHWC on GPU only: data (N, *spatial, C), weight (F, *kernel, C/g), output channels last
    kernel, (last, first) = call.pop("kernel"), call.pop("layout")
    rank, groups = len(kernel), call.get("num_group", 1)
    x, w = ramp(2, 4, *[5] * rank, dtype="float64"), ramp(6, 4 // groups, *kernel, dtype="float64")
    b = ramp(6, dtype="float64")
    to_last = (0,) + tuple(range(2, rank + 2)) + (1,)
    to_first = (0, rank + 1) + tuple(range(1, rank + 1))
    op = mx.nd.Convolution
    expected = op(x, w, b, kernel=kernel, num_filter=6, **call)
    if last == "NWC":  # MXNet's enum has no NWC: it stays channels-first only
        with pytest.raises(mx.base.MXNetError):
            op(x, w, b, kernel=kernel, num_filter=6, layout=last)
        return
    args = (x.transpose(to_last), w.transpose(to_last), b)
    actual = op(*args, kernel=kernel, num_filter=6, layout=last, **call)
    np.testing.assert_allclose(actual.transpose(to_first).asnumpy(), expected.asnumpy(), rtol=1e-12)
    named = op(x, w, b, kernel=kernel, num_filter=6, layout=first, **call)
    assert named.asnumpy().tolist() == expected.asnumpy().tolist()
    grads_last = gradient_of(op, *args, kernel=kernel, num_filter=6, layout=last, **call)
    grads_first = gradient_of(op, x, w, b, kernel=kernel, num_filter=6, **call)
    np.testing.assert_allclose(grads_last[0].transpose(to_first), grads_first[0], rtol=1e-12)
    np.testing.assert_allclose(grads_last[1].transpose(to_first), grads_first[1], rtol=1e-12)
    np.testing.assert_allclose(grads_last[2], grads_first[2], rtol=1e-12)


def test_deconvolution_channels_last():
    x, w = ramp(1, 3, 4, 5, dtype="float64"), ramp(3, 2, 3, 2, dtype="float64")
    b = ramp(2, dtype="float64")
    kwargs = dict(kernel=(3, 2), num_filter=2, stride=(2, 2), no_bias=False)
    expected = mx.nd.Deconvolution(x, w, b, **kwargs).transpose((0, 2, 3, 1))
    actual = mx.nd.Deconvolution(x.transpose((0, 2, 3, 1)), w.transpose((0, 2, 3, 1)), b, layout="NHWC", **kwargs)
    np.testing.assert_allclose(actual.asnumpy(), expected.asnumpy(), rtol=1e-12)


@pytest.mark.parametrize("kwargs", [
    dict(kernel=(3, 2), num_filter=4, stride=(2, 3), pad=(1, 0), adj=(1, 2), num_group=2),
    dict(kernel=(3,), num_filter=2, dilate=(2,), target_shape=(5,)),
    dict(kernel=(2, 2, 2), num_filter=2, stride=(2, 1, 1)),
], ids=["2d-groups", "1d-target", "3d"])
def test_deconvolution_gradient_matches_finite_differences(kwargs):
    rank = len(kwargs["kernel"])
    groups = kwargs.get("num_group", 1)
    rng = np.random.default_rng(0)
    x = mx.nd.array(rng.uniform(-1, 1, (1, 4) + (3,) * rank), dtype="float64")
    w = mx.nd.array(rng.uniform(-1, 1, (4, kwargs["num_filter"] // groups) + kwargs["kernel"]), dtype="float64")
    b = mx.nd.array(rng.uniform(-1, 1, (kwargs["num_filter"],)), dtype="float64")
    assert numeric_check(mx.nd.Deconvolution, x, w, b, no_bias=False, **kwargs)


def test_no_bias_takes_two_arrays():
    # MXNet 1.9.1: two arrays with no_bias=True; a third raises "expects 2 inputs, but got 3"
    x, w = ramp(1, 2, 4, 4), ramp(3, 2, 2, 2)
    without = mx.nd.Convolution(x, w, kernel=(2, 2), num_filter=3, no_bias=True)
    with_zero = mx.nd.Convolution(x, w, mx.nd.zeros((3,)), kernel=(2, 2), num_filter=3)
    assert without.asnumpy().tolist() == with_zero.asnumpy().tolist()
    with pytest.raises(mx.base.MXNetError, match="expects 2 inputs"):
        mx.nd.Convolution(x, w, mx.nd.ones((3,)), kernel=(2, 2), num_filter=3, no_bias=True)
    with pytest.raises(mx.base.MXNetError, match="expects 3 inputs"):
        mx.nd.Convolution(x, w, kernel=(2, 2), num_filter=3)
    deconv = mx.nd.Deconvolution(x, ramp(2, 3, 2, 2), kernel=(2, 2), num_filter=3)  # no_bias defaults to True
    assert deconv.shape == (1, 3, 5, 5)


def test_out_and_inputs_unchanged():
    x, w, b = ramp(2, 3, 4, 5), ramp(3, 4, 3, 3), ramp(4)
    before = [a.asnumpy().copy() for a in (x, w, b)]
    out = mx.nd.zeros((2, 4, 9, 11))
    view = out[1]
    result = mx.nd.Deconvolution(x, w, b, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2), out=out)
    assert result is out
    expected = mx.nd.Deconvolution(x, w, b, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2))
    assert view.asnumpy().tolist() == expected[1].asnumpy().tolist()
    for a, old in zip((x, w, b), before):
        assert a.asnumpy().tolist() == old.tolist()
    with pytest.raises(mx.base.MXNetError):
        mx.nd.Convolution(x, ramp(4, 3, 3, 3), b, kernel=(3, 3), num_filter=4, out=mx.nd.zeros((2, 4, 3, 3)))


def test_errors_name_the_operator_and_shapes():
    with pytest.raises(mx.base.MXNetError, match=r"Convolution: Shape inconsistent, Provided = \[4,3,2,2\], "
                                                  r"inferred shape=\(4,3,3,3\)"):
        mx.nd.Convolution(ramp(1, 3, 5, 5), ramp(4, 3, 2, 2), ramp(4), kernel=(3, 3), num_filter=4)
    with pytest.raises(mx.base.MXNetError, match="too big target shape"):
        mx.nd.Deconvolution(ramp(1, 3, 4, 4), ramp(3, 2, 3, 3), kernel=(3, 3), num_filter=2, bias=ramp(2),
                            no_bias=False, target_shape=(9, 9))
