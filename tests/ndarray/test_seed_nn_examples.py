"""The seed's documented operator examples (BlockGrad, Cast, Concat, CTCLoss label padding) as tests.

Values are the seed's, checked against MXNet 1.9.1 (mxnet-ndarray-api-v1.x.txt and v1.0.txt).
The BilinearSampler examples live with the spatial operators' tests.
"""
import numpy as np

import mxnd as mx


def test_blockgrad_example():
    # b_stop_grad = stop_gradient(3 * b); loss = MakeLoss(b_stop_grad + a): outputs [1, 5],
    # gradients a: [1, 1], b: [0, 0]
    a, b = mx.nd.array([1, 2]), mx.nd.array([0, 1])
    a.attach_grad()
    b.attach_grad()
    with mx.autograd.record():
        loss = mx.nd.MakeLoss(mx.nd.stop_gradient(3 * b) + a)
    loss.backward()
    assert loss.asnumpy().tolist() == [1., 5.]
    assert a.grad.asnumpy().tolist() == [1., 1.]
    assert b.grad.asnumpy().tolist() == [0., 0.]


def test_cast_examples():
    assert mx.nd.Cast(mx.nd.array([0.9, 1.3]), dtype="int32").asnumpy().tolist() == [0, 1]
    half = mx.nd.cast(mx.nd.array([1e20, 11.1]), dtype="float16")
    # the seed prints 11.09375; MXNet 1.9.1 itself gives 11.1015625 (the nearest float16)
    assert half.dtype == np.float16 and half.asnumpy().tolist() == [np.inf, 11.1015625]
    small = mx.nd.cast(mx.nd.array([300, 11.1, 10.9, -1, -3]), dtype="uint8")
    assert small.asnumpy().tolist() == [44, 11, 10, 255, 253]


def test_concat_examples():
    x = mx.nd.array([[1, 1], [2, 2]])
    y = mx.nd.array([[3, 3], [4, 4], [5, 5]])
    z = mx.nd.array([[6, 6], [7, 7], [8, 8]])
    assert mx.nd.Concat(x, y, z, dim=0).asnumpy().tolist() == [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5],
                                                                [6, 6], [7, 7], [8, 8]]
    assert mx.nd.concat(y, z, dim=1).asnumpy().tolist() == [[3, 3, 6, 6], [4, 4, 7, 7], [5, 5, 8, 8]]


def test_ctc_loss_label_padding_example():
    # 'ba', 'cbb', 'abac' over [a, b, c]: blank first pads with 0, blank last pads with -1;
    # the same activations with the blank channel moved give the same losses (MXNet 1.9.1:
    # [5.5015, 3.3375, 5.7504] for this data)
    rng = np.random.RandomState(0)
    data = rng.uniform(-1, 1, size=(6, 3, 4)).astype(np.float32)
    first = mx.nd.CTCLoss(mx.nd.array(data), mx.nd.array([[2, 1, 0, 0], [3, 2, 2, 0], [1, 2, 1, 3]]))
    moved = np.concatenate([data[:, :, 1:], data[:, :, :1]], axis=2)
    last = mx.nd.CTCLoss(mx.nd.array(moved), mx.nd.array([[1, 0, -1, -1], [2, 1, 1, -1], [0, 1, 0, 2]]),
                         blank_label="last")
    np.testing.assert_allclose(first.asnumpy(), [5.5015, 3.3375, 5.7504], atol=1e-4)
    np.testing.assert_allclose(last.asnumpy(), first.asnumpy(), rtol=1e-6)
