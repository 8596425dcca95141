"""contrib.count_sketch: MXNet's documented example, 4-D data, the gradient, and its errors.

MXNet 1.9.1 runs count_sketch on GPU only ("CountSketch is only available for GPU." on CPU); the
values here are its documentation's and the kernel's formula (count_sketch.cu).
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

X = [[1.2, 2.5, 3.4], [3.2, 5.7, 6.6]]
H, S = [[0, 3, 4]], [[1, -1, 1]]


def test_documented_example(ctx):
    out = mx.nd.contrib.count_sketch(mx.nd.array(X, ctx=ctx), mx.nd.array(H, ctx=ctx), mx.nd.array(S, ctx=ctx),
                                     out_dim=5)
    assert out.shape == (2, 5) and out.dtype == np.float32 and out.context == ctx
    np.testing.assert_array_equal(out.asnumpy(), np.array([[1.2, 0, 0, -2.5, 3.4], [3.2, 0, 0, -5.7, 6.6]],
                                                          dtype=np.float32))


def test_colliding_hashes_add_and_4d_data_keep_leading_axes():
    data = mx.nd.array(np.arange(24).reshape((2, 1, 3, 4)), dtype="float64")
    out = mx.nd.contrib.count_sketch(data, mx.nd.array([[1, 1, 0, 2]], dtype="float64"),
                                     mx.nd.array([[1, -1, 2, 1]], dtype="float64"), out_dim=3)
    assert out.shape == (2, 1, 3, 3) and out.dtype == np.float64
    row = np.arange(24).reshape((6, 4))
    expected = np.stack([2 * row[:, 2], row[:, 0] - row[:, 1], row[:, 3]], axis=1).reshape((2, 1, 3, 3))
    np.testing.assert_array_equal(out.asnumpy(), expected)


def test_gradients_of_data_and_signs():
    data, h, s = mx.nd.array(X), mx.nd.array(H), mx.nd.array(S)
    for a in (data, h, s):
        a.attach_grad()
    with mx.autograd.record():
        out = mx.nd.contrib.count_sketch(data, h, s, out_dim=5)
    out.backward(mx.nd.array(np.arange(10).reshape((2, 5))))
    # grad[n, i] = s[i] * out_grad[n, h[i]]
    assert data.grad.asnumpy().tolist() == [[0, -3, 4], [5, -8, 9]]
    assert h.grad.asnumpy().tolist() == [[0, 0, 0]]  # the hashes are indices: no gradient
    # s[i]'s by the product rule: sum over n of data[n, i] * out_grad[n, h[i]]
    np.testing.assert_allclose(s.grad.asnumpy(), [[16.0, 53.1, 73.0]], rtol=1e-6)


@pytest.mark.parametrize("data, h, s, kwargs, message", [
    ((2, 3, 4), (1, 4), (1, 4), {"out_dim": 5}, "2D or 4D"),
    ((2, 3), (1, 4), (1, 3), {"out_dim": 5}, "H should be 2D tensor with same length as input shape"),
    ((2, 3), (1, 3), (3,), {"out_dim": 5}, "S should be 2D tensor"),
    ((2, 3), (1, 3), (1, 3), {"out_dim": 1}, r"must lie in \[0, out_dim=1\)"),
])
def test_errors(data, h, s, kwargs, message):
    arrays = [mx.nd.ones(shape) for shape in (data, h, s)]
    with pytest.raises(MXNetError, match=message):
        mx.nd.contrib.count_sketch(*arrays, **kwargs)


def test_float16_and_integer_data_are_refused_as_mxnet_does():
    with pytest.raises(MXNetError, match="float16 count sketch"):
        mx.nd.contrib.count_sketch(*(mx.nd.ones(shape, dtype="float16") for shape in ((2, 3), (1, 3), (1, 3))),
                                   out_dim=3)
    with pytest.raises(MXNetError, match="Unsupported type int32"):
        mx.nd.contrib.count_sketch(*(mx.nd.ones(shape, dtype="int32") for shape in ((2, 3), (1, 3), (1, 3))),
                                   out_dim=3)
