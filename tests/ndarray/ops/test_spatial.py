"""The spatial family beyond the golden cases: the documented examples, gradients against
MXNet 1.9.1's values, contexts, dtypes, out= and the deliberate differences.

Expected values were printed by MXNet 1.9.1 (``x.attach_grad(); with autograd.record():
y = op(x, ...); y.backward(head); x.grad``).
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

IMG = [[[[1, 4, 3, 6], [1, 8, 8, 9], [0, 4, 1, 5], [1, 0, 1, 3]]]]
ST = {"transform_type": "affine", "sampler_type": "bilinear"}


def grad_of(call, *arrays, head=None):
    for a in arrays:
        a.attach_grad()
    with mx.autograd.record():
        y = call(*arrays)
    y.backward(head)
    return y, [a.grad.asnumpy() for a in arrays]


def test_doc_example_zoom_out(ctx):
    data = mx.nd.array(IMG, ctx=ctx)
    affine = mx.nd.array([[2, 0, 0], [0, 2, 0]], ctx=ctx).reshape((1, 6))
    grid = mx.nd.GridGenerator(data=affine, transform_type="affine", target_shape=(4, 4))
    out = mx.nd.BilinearSampler(data, grid)
    assert out.shape == (1, 1, 4, 4) and out.dtype == np.float32 and out.context == ctx
    np.testing.assert_allclose(out.asnumpy(), [[[[0, 0, 0, 0], [0, 3.5, 6.5, 0], [0, 1.25, 2.5, 0], [0, 0, 0, 0]]]],
                               atol=1e-5)
    np.testing.assert_allclose(grid.asnumpy()[0, 0, 0], [-2, -2 / 3, 2 / 3, 2], rtol=1e-6)


def test_doc_example_shift_one_pixel(ctx):
    data = mx.nd.array(IMG, ctx=ctx)
    warp = mx.nd.array(np.stack([np.ones((4, 4)), np.zeros((4, 4))])[None], ctx=ctx)
    out = mx.nd.BilinearSampler(data, mx.nd.GridGenerator(data=warp, transform_type="warp"))
    np.testing.assert_allclose(out.asnumpy(), [[[[4, 3, 6, 0], [8, 8, 9, 0], [4, 1, 5, 0], [0, 1, 3, 0]]]], atol=1e-5)


def test_shift_right_half_pixel(ctx):
    data = mx.nd.array(IMG, ctx=ctx)
    warp = mx.nd.array(np.stack([np.full((4, 4), 0.5), np.zeros((4, 4))])[None], ctx=ctx)
    out = mx.nd.BilinearSampler(data, mx.nd.GridGenerator(data=warp, transform_type="warp"))
    np.testing.assert_allclose(out.asnumpy(), [[[[2.5, 3.5, 4.5, 3], [4.5, 8, 8.5, 4.5], [2, 2.5, 3, 2.5],
                                                  [0.5, 0.5, 2, 1.5]]]], atol=1e-5)


def test_bilinear_sampler_gradient(ctx):
    data = mx.nd.array(IMG, ctx=ctx)
    grid = mx.nd.array([[[[-0.5, 0.2], [1.0, -1.2]], [[0.25, -1.0], [0.6, 0.1]]]], ctx=ctx)
    y, (gd, gg) = grad_of(mx.nd.BilinearSampler, data, grid, head=mx.nd.array([[[[1, 2], [3, 4]]]], ctx=ctx))
    np.testing.assert_allclose(y.asnumpy(), [[[[3.40625, 3.2], [4.2, 0.245]]]], rtol=1e-5)
    np.testing.assert_allclose(gd, [[[[0, 0.4, 1.6, 0], [1.01125, 0.09375, 0, 0], [2.03875, 0.65625, 0, 1.8],
                                      [0, 0, 0, 1.2]]]], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gg, [[[[6.5625, -3.0], [-18.9, 2.1]], [[-4.875, 14.4], [-9.0, -4.2]]]],
                               rtol=1e-5, atol=1e-5)


def test_spatial_transformer_gradient(ctx):
    data = mx.nd.array(IMG, ctx=ctx)
    loc = mx.nd.array([[0.8, 0.1, 0.1, -0.2, 0.9, 0.0]], ctx=ctx)
    y, (gd, gl) = grad_of(lambda d, l: mx.nd.SpatialTransformer(d, l, target_shape=(2, 3), **ST), data, loc)
    np.testing.assert_allclose(y.asnumpy(), [[[[2.44, 4.175, 4.335], [0.34, 0.92, 3.9]]]], rtol=1e-5)
    np.testing.assert_allclose(gd, [[[[0.385, 0.59, 0.68, 0.595], [0.315, 0.21, 0.075, 0], [0, 0.03, 0.12, 0.45],
                                      [0.34, 0.68, 0.68, 0.55]]]], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gl, [[-7.95, -16.275, 3.225, 3.45, -21.0, 11.4]], rtol=1e-5)


def test_grid_generator_warp_gradient(ctx):
    flow = mx.nd.array(np.arange(12).reshape(1, 2, 2, 3) * 0.1, ctx=ctx)
    y, (gf,) = grad_of(lambda f: mx.nd.GridGenerator(f, transform_type="warp"), flow,
                       head=mx.nd.array(np.arange(12).reshape(1, 2, 2, 3), ctx=ctx))
    np.testing.assert_allclose(y.asnumpy(), [[[[-1.0, 0.1, 1.2], [-0.7, 0.4, 1.5]], [[0.2, 0.4, 0.6], [2.8, 3.0, 3.2]]]],
                               rtol=1e-5, atol=1e-6)
    assert gf.tolist() == [[[[0, 1, 2], [3, 4, 5]], [[12, 14, 16], [18, 20, 22]]]]


def test_spatial_transformer_is_generator_then_sampler(ctx):
    rng = np.random.RandomState(1)
    data = mx.nd.array(rng.randn(2, 3, 5, 6), ctx=ctx)
    loc = mx.nd.array(rng.uniform(-1, 1, (2, 6)), ctx=ctx)
    grid = mx.nd.GridGenerator(loc, transform_type="affine", target_shape=(4, 7))
    expected = mx.nd.BilinearSampler(data, grid).asnumpy()
    actual = mx.nd.SpatialTransformer(data, loc, target_shape=(4, 7), **ST).asnumpy()
    np.testing.assert_allclose(actual, expected, rtol=1e-6, atol=1e-6)


def test_float16_sampler(ctx):
    data = mx.nd.array(IMG, dtype="float16", ctx=ctx)
    grid = mx.nd.array([[[[-0.5, 0.2], [1.0, -1.2]], [[0.25, -1.0], [0.6, 0.1]]]], dtype="float16", ctx=ctx)
    out = mx.nd.BilinearSampler(data, grid)
    assert out.dtype == np.float16
    # MXNet 1.9.1: [[3.40625, 3.19921875], [4.203125, 0.245361328125]]
    np.testing.assert_allclose(out.asnumpy().astype("float64"), [[[[3.40625, 3.19921875], [4.203125, 0.24536]]]],
                               rtol=3e-3)


def test_float64(ctx):
    data = mx.nd.array(IMG, dtype="float64", ctx=ctx)
    loc = mx.nd.array([[0.8, 0.1, 0.1, -0.2, 0.9, 0.0]], dtype="float64", ctx=ctx)
    out = mx.nd.SpatialTransformer(data, loc, target_shape=(2, 3), **ST)
    assert out.dtype == np.float64
    np.testing.assert_allclose(out.asnumpy(), [[[[2.44, 4.175, 4.335], [0.34, 0.92, 3.9]]]], rtol=1e-12)


def test_grid_generator_float64_is_accepted():
    # deliberate: MXNet 1.9.1 raises "Other DTypes are not supported!" for every dtype but float32
    theta = mx.nd.array([[1, 0, 0, 0, 1, 0]], dtype="float64")
    grid = mx.nd.GridGenerator(theta, transform_type="affine", target_shape=(2, 3))
    assert grid.dtype == np.float64
    assert grid.asnumpy().tolist() == [[[[-1, 0, 1], [-1, 0, 1]], [[-1, -1, -1], [1, 1, 1]]]]
    with pytest.raises(MXNetError, match="Other DTypes"):
        mx.nd.GridGenerator(theta.astype("float16"), transform_type="affine", target_shape=(2, 3))


def test_single_pixel_target_is_nan():
    # MXNet divides by target_shape - 1 = 0: every grid point is NaN
    theta = mx.nd.array([[1, 0, 0, 0, 1, 0]])
    assert np.isnan(mx.nd.GridGenerator(theta, transform_type="affine", target_shape=(1, 1)).asnumpy()).all()
    assert np.isinf(mx.nd.GridGenerator(mx.nd.ones((1, 2, 1, 1)), transform_type="warp").asnumpy()).all()


def test_out_and_inputs_unchanged(ctx):
    data = mx.nd.array(IMG, ctx=ctx)
    grid = mx.nd.array([[[[-0.5, 0.2], [1.0, -1.2]], [[0.25, -1.0], [0.6, 0.1]]]], ctx=ctx)
    before = data.asnumpy().copy(), grid.asnumpy().copy()
    out = mx.nd.zeros((1, 1, 2, 2), ctx=ctx)
    result = mx.nd.BilinearSampler(data, grid, out=out)
    assert result is out
    np.testing.assert_allclose(out.asnumpy(), [[[[3.40625, 3.2], [4.2, 0.245]]]], rtol=1e-5)
    assert (data.asnumpy() == before[0]).all() and (grid.asnumpy() == before[1]).all()


@pytest.mark.parametrize("call, message", [
    (lambda: mx.nd.BilinearSampler(mx.nd.ones((1, 1, 3, 3)), mx.nd.zeros((2, 2, 2, 2))), "dshape\\[0\\] == lshape\\[0\\]"),
    (lambda: mx.nd.BilinearSampler(mx.nd.ones((1, 1, 3, 3)), mx.nd.zeros((1, 3, 2, 2))), "should be 2"),
    (lambda: mx.nd.BilinearSampler(mx.nd.ones((1, 3, 3)), mx.nd.zeros((1, 2, 2, 2))), "4D"),
    (lambda: mx.nd.BilinearSampler(mx.nd.ones((1, 1, 3, 3)), mx.nd.zeros((1, 2, 2, 2), dtype="float64")),
     "Non-uniform"),
    (lambda: mx.nd.GridGenerator(mx.nd.ones((1, 6)), transform_type="affine"), "target_shape"),
    (lambda: mx.nd.GridGenerator(mx.nd.ones((1, 5)), transform_type="affine", target_shape=(2, 2)), "should be 6"),
    (lambda: mx.nd.GridGenerator(mx.nd.ones((1, 3, 2, 2)), transform_type="warp"), "should be 2"),
    (lambda: mx.nd.GridGenerator(mx.nd.ones((1, 6)), transform_type="bad", target_shape=(2, 2)), "Invalid Input"),
    (lambda: mx.nd.SpatialTransformer(mx.nd.ones((1, 1, 3, 3)), mx.nd.ones((1, 6)), target_shape=(2, 2),
                                      transform_type="affine"), "sampler_type"),
    (lambda: mx.nd.SpatialTransformer(mx.nd.ones((1, 1, 3, 3), dtype="float16"), mx.nd.ones((1, 6), dtype="float16"),
                                      target_shape=(2, 2), **ST), "FP16"),
    (lambda: mx.nd.SpatialTransformer(mx.nd.ones((1, 1, 3, 3), dtype="int32"), mx.nd.ones((1, 6), dtype="int32"),
                                      target_shape=(2, 2), **ST), "floating point"),
])
def test_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call()
