"""nn_basic operators beyond the golden cases: optional inputs, random behaviour, train/predict mode.

Reference values were checked against MXNet 1.9.1 (see tests/golden/nn_basic_cases.py for the
recorded ones); random results are checked through their properties and their seeding.
"""
import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of, numeric_check
from mxnd.base import MXNetError

X = [[-2, -0.5, 0], [0.5, 1, 3]]


def float64(*shape, low=-1.5, high=1.5, seed=0):
    return mx.nd.array(np.random.default_rng(seed).uniform(low, high, size=shape), dtype="float64")


# ---- FullyConnected ---------------------------------------------------------------------------

def test_fully_connected_bias_gradient_matches_finite_differences():
    data, weight, bias = float64(2, 3), float64(4, 3, seed=1), float64(4, seed=2)
    assert numeric_check(lambda d, w, b: mx.nd.FullyConnected(d, w, b, num_hidden=4), data, weight, bias)
    assert numeric_check(lambda d, w, b: mx.nd.FullyConnected(d, w, b, num_hidden=4, flatten=False),
                         float64(2, 2, 3), weight, bias)


def test_fully_connected_gradients_equal_mxnet():
    # MXNet 1.9.1: d.grad, w.grad, b.grad with ones as head
    d = mx.nd.array([[1, -2, 3], [0.5, 0.25, -1]])
    w = mx.nd.array([[0.1, 0.2, 0.3], [-0.4, 0.5, 0.6]])
    b = mx.nd.array([0.5, -1])
    for a in (d, w, b):
        a.attach_grad()
    with mx.autograd.record():
        y = mx.nd.FullyConnected(d, w, b, num_hidden=2)
    y.backward()
    np.testing.assert_allclose(d.grad.asnumpy(), [[-0.3, 0.7, 0.9], [-0.3, 0.7, 0.9]], rtol=1e-6)
    np.testing.assert_allclose(w.grad.asnumpy(), [[1.5, -1.75, 2], [1.5, -1.75, 2]], rtol=1e-6)
    np.testing.assert_allclose(b.grad.asnumpy(), [2, 2])


def test_fully_connected_bias_binds_like_mxnet():
    d, w, b = mx.nd.ones((2, 3)), mx.nd.ones((4, 3)), mx.nd.arange(4)
    expected = [[3, 4, 5, 6], [3, 4, 5, 6]]
    assert mx.nd.FullyConnected(d, w, b, 4).asnumpy().tolist() == expected
    assert mx.nd.FullyConnected(d, w, bias=b, num_hidden=4).asnumpy().tolist() == expected
    assert mx.nd.FullyConnected(data=d, weight=w, bias=b, num_hidden=4).asnumpy().tolist() == expected
    out = mx.nd.zeros((2, 4))
    assert mx.nd.FullyConnected(d, w, b, 4, False, True, out) is out
    assert out.asnumpy().tolist() == expected
    with pytest.raises(AssertionError, match="bias must have NDArray type"):
        mx.nd.FullyConnected(d, w, [1, 2, 3, 4], num_hidden=4)
    with pytest.raises(MXNetError, match="expects 3 inputs, but got 2"):
        mx.nd.FullyConnected(d, w, num_hidden=4)


def test_parameters_requiring_grad_do_not_record_outside_record():
    d, w, b = mx.nd.ones((2, 3)), mx.nd.ones((4, 3)), mx.nd.ones((4,))
    b.attach_grad()
    assert not mx.nd.FullyConnected(d, w, b, num_hidden=4)._data.requires_grad


# ---- LeakyReLU --------------------------------------------------------------------------------

@pytest.mark.parametrize("act_type", ["leaky", "elu", "selu", "gelu"])
def test_leaky_relu_gradients_match_finite_differences(act_type):
    assert numeric_check(lambda x: mx.nd.LeakyReLU(x, act_type=act_type, slope=0.3), float64(3, 4))


def test_prelu_gradients_match_finite_differences():
    for gamma in (float64(3, low=0.1, high=0.5, seed=3), float64(1, low=0.1, high=0.5, seed=4)):
        assert numeric_check(lambda x, g: mx.nd.LeakyReLU(x, g, act_type="prelu"), float64(2, 3, 2), gamma)


def test_rrelu_predict_mode_uses_the_mean_slope():
    out, slopes = mx.nd.LeakyReLU(mx.nd.array(X), act_type="rrelu", lower_bound=0.2, upper_bound=0.4)
    np.testing.assert_allclose(out.asnumpy(), [[-0.6, -0.15, 0], [0.5, 1, 3]], rtol=1e-6)
    np.testing.assert_allclose(slopes.asnumpy(), np.full((2, 3), 0.3), rtol=1e-6)
    x = mx.nd.array(X)
    x.attach_grad()
    with mx.autograd.record(train_mode=False):
        y = mx.nd.LeakyReLU(x, act_type="rrelu")[0]
    y.backward()
    # MXNet's backward reads the output where the mask belongs: head * (x > 0 ? 1 : output)
    np.testing.assert_allclose(x.grad.asnumpy(), [[-0.459, -0.11475, 0], [1, 1, 1]], rtol=1e-6)


def test_rrelu_training_draws_seeded_slopes():
    # MXNet 1.9.1 segfaults here on CPU; mxnd draws slopes in [lower, upper) from mx.random
    x = mx.nd.array(-np.arange(1, 201, dtype=np.float32).reshape(10, 20))

    def draw():
        mx.random.seed(5)
        with mx.autograd.train_mode():
            return mx.nd.LeakyReLU(x, act_type="rrelu")

    (out, slopes), (again, _) = draw(), draw()
    s = slopes.asnumpy()
    assert ((s >= 0.125) & (s < 0.334)).all() and len(np.unique(s)) > 100
    np.testing.assert_allclose(out.asnumpy(), x.asnumpy() * s, rtol=1e-6)
    assert (out.asnumpy() == again.asnumpy()).all()
    x.attach_grad()
    with mx.autograd.record():
        y, slopes = mx.nd.LeakyReLU(x, act_type="rrelu")
    y.backward()
    np.testing.assert_array_equal(x.grad.asnumpy(), slopes.asnumpy())  # the true gradient (MXNet crashes)


# ---- Dropout ----------------------------------------------------------------------------------

def test_dropout_is_identity_in_predict_mode_and_copies():
    x = mx.nd.array(X)
    y = mx.nd.Dropout(x, p=0.7)
    y[:] = 5
    assert x.asnumpy().tolist() == X


def test_dropout_training_scales_kept_elements_and_follows_the_seed():
    x = mx.nd.ones((50, 40))

    def draw(**kwargs):
        mx.random.seed(3)
        with mx.autograd.train_mode():
            return mx.nd.Dropout(x, p=0.25, **kwargs).asnumpy()

    y = draw()
    np.testing.assert_allclose(np.unique(y), [0, 1 / 0.75], rtol=1e-6)
    assert 0.2 < (y == 0).mean() < 0.3
    np.testing.assert_array_equal(y, draw())
    mx.random.seed(3)
    np.testing.assert_array_equal(mx.nd.Dropout(x, p=0.25, mode="always").asnumpy(), y)
    shared = draw(axes=(1,))
    assert (shared == shared[:, :1]).all()


def test_dropout_gradient_is_the_scaled_mask():
    x = mx.nd.array(np.arange(1, 101, dtype=np.float32).reshape(10, 10))
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.Dropout(x, p=0.4)
    y.backward()
    np.testing.assert_allclose(x.grad.asnumpy() * x.asnumpy(), y.asnumpy(), rtol=1e-6)
    with mx.autograd.record(train_mode=False):
        y = mx.nd.Dropout(x, p=0.4)
    y.backward()
    assert (x.grad.asnumpy() == 1).all()


# ---- Embedding --------------------------------------------------------------------------------

def test_embedding_weight_gradient_accumulates_repeated_indices():
    weight = mx.nd.arange(12).reshape((4, 3))
    data = mx.nd.array([[0, 2.5], [3, 0]])
    _, grad = gradient_of(lambda d, w: mx.nd.Embedding(d, w, input_dim=4, output_dim=3), data, weight)
    assert grad.tolist() == [[2, 2, 2], [0, 0, 0], [1, 1, 1], [1, 1, 1]]  # MXNet 1.9.1


def test_embedding_data_gets_a_zero_gradient_and_sparse_grad_a_dense_one():
    # MXNet 1.9.1 raises in backward for both (data gradient; sparse_grad with a dense grad buffer)
    data, weight = mx.nd.array([1, 1]), mx.nd.ones((3, 2))
    data.attach_grad()
    weight.attach_grad()
    with mx.autograd.record():
        y = mx.nd.Embedding(data, weight, input_dim=3, output_dim=2, sparse_grad=True)
    y.backward()
    assert data.grad.asnumpy().tolist() == [0, 0]
    assert weight.grad.asnumpy().tolist() == [[0, 0], [2, 2], [0, 0]]


# ---- SoftmaxActivation ------------------------------------------------------------------------

@pytest.mark.parametrize("mode, shape", [("instance", (2, 3)), ("channel", (2, 3, 4))])
def test_softmax_activation_gradient_matches_finite_differences(mode, shape):
    assert numeric_check(lambda x: mx.nd.SoftmaxActivation(x, mode=mode) * x, float64(*shape))


def test_softmax_activation_instance_backward_sums_over_axis_1():
    """MXNet's backward of 3-D+ 'instance' data is the channel formula, not the derivative."""
    x = mx.nd.array(np.random.RandomState(0).uniform(-2, 2, (2, 3, 4)))
    head = np.random.RandomState(1).uniform(-1, 1, (2, 3, 4))
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.SoftmaxActivation(x)
    y.backward(mx.nd.array(head))
    out = y.asnumpy()
    np.testing.assert_allclose(out.sum(-1), 1, rtol=1e-6)
    expected = out * (head - (head * out).sum(1, keepdims=True))
    np.testing.assert_allclose(x.grad.asnumpy(), expected, rtol=1e-5, atol=1e-7)
