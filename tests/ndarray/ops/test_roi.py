"""The roi family beyond the golden cases: tie gradients, roi rounding, zero roi gradients,
contexts, out=, untouched inputs, parameter text and the deliberate differences.

Expected values were printed by MXNet 1.9.1 (``x.attach_grad(); with autograd.record():
y = op(x, rois, ...); y.backward(); x.grad``).
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

TIES = [[[[1, 3, 3, 2], [3, 0, 1, 3], [2, 2, 0, 0], [1, 2, 2, 1]]]]
ROIS = [[0, 0, 0, 3, 3], [0, 1, 1, 3, 2]]


def grad_of(call, *arrays, head=None):
    for a in arrays:
        a.attach_grad()
    with mx.autograd.record():
        y = call(*arrays)
    y.backward(head)
    return y, [a.grad.asnumpy() for a in arrays]


def test_roi_pooling_tie_gradient_goes_to_first_maximum(ctx):
    x, rois = mx.nd.array(TIES, ctx=ctx), mx.nd.array(ROIS, ctx=ctx)
    y, (gx, gr) = grad_of(lambda x, r: mx.nd.ROIPooling(x, r, pooled_size=(2, 2), spatial_scale=1.0), x, rois)
    assert y.asnumpy().tolist() == [[[[3, 3], [2, 2]]], [[[1, 3], [2, 0]]]]
    assert gx.tolist() == [[[[0, 1, 1, 0], [0, 0, 1, 1], [1, 1, 1, 0], [0, 0, 1, 0]]]]
    assert not gr.any()  # rois get a zero gradient


def test_roi_pooling_rounds_half_away_from_zero():
    x = mx.nd.arange(16).reshape((1, 1, 4, 4))
    rois = mx.nd.array([[0, 0.5, 0.5, 2.5, 2.5], [0, -0.5, 1.5, 1.5, 3.5]])
    y = mx.nd.ROIPooling(x, rois, pooled_size=(2, 2), spatial_scale=1.0)
    assert y.asnumpy().tolist() == [[[[10, 11], [14, 15]]], [[[12, 14], [12, 14]]]]


def test_roi_align_values_and_zero_roi_gradient(ctx):
    x = mx.nd.arange(16, ctx=ctx).reshape((1, 1, 4, 4))
    rois = mx.nd.array([[0, 0.5, 0.5, 2.5, 2.5], [0, -0.5, 1.5, 1.5, 3.5]], ctx=ctx)
    y, (gx, gr) = grad_of(lambda x, r: mx.nd.contrib.ROIAlign(x, r, pooled_size=(2, 2), spatial_scale=1.0,
                                                              sample_ratio=2), x, rois)
    assert y.asnumpy().tolist() == [[[[5.0, 6.0], [9.0, 10.0]]], [[[8.125, 9.0], [11.625, 12.5]]]]
    assert gx.sum() == pytest.approx(8.0)  # every sample lies in the map: the weights sum to 1 per bin
    assert not gr.any()


def test_roi_align_negative_batch_index_gives_zeros():
    # deliberate: MXNet 1.9.1 zeros one element and leaves the rest uninitialized
    x = mx.nd.ones((2, 3, 4, 4))
    y = mx.nd.contrib.ROIAlign(x, mx.nd.array([[-1, 1, 1, 3, 3], [1, 1, 1, 3, 3]]), pooled_size=(2, 2),
                               spatial_scale=1.0)
    assert y.asnumpy()[0].tolist() == np.zeros((3, 2, 2)).tolist()
    assert y.asnumpy()[1].tolist() == np.ones((3, 2, 2)).tolist()


@pytest.mark.parametrize("op", ["ROIPooling", "ROIAlign"])
def test_batch_index_out_of_range_is_an_error(op):
    # deliberate: MXNet 1.9.1 reads out of bounds (ROIPooling aborts the process)
    function = mx.nd.ROIPooling if op == "ROIPooling" else mx.nd.contrib.ROIAlign
    with pytest.raises(MXNetError):
        function(mx.nd.ones((1, 1, 4, 4)), mx.nd.array([[1, 0, 0, 2, 2]]), pooled_size=(2, 2), spatial_scale=1.0)


def test_roi_align_aligned_empty_roi_is_an_error():
    # deliberate: MXNet 1.9.1 aborts the process (CHECK in the OpenMP loop)
    with pytest.raises(MXNetError):
        mx.nd.contrib.ROIAlign(mx.nd.ones((1, 1, 4, 4)), mx.nd.array([[0, 1, 1, 1, 1]]), pooled_size=(2, 2),
                               spatial_scale=1.0, aligned=True)


def test_crop_gradient_and_zero_crop_like_gradient(ctx):
    x, like = mx.nd.array(TIES, ctx=ctx), mx.nd.zeros((1, 1, 2, 2), ctx=ctx)
    y, (gx, gl) = grad_of(lambda x, c: mx.nd.Crop(x, c, offset=(1, 1)), x, like)
    assert y.asnumpy().tolist() == [[[[0, 1], [2, 0]]]]
    assert gx.tolist() == [[[[0, 0, 0, 0], [0, 1, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]]]]
    assert not gl.any()
    assert y.context == ctx


@pytest.mark.parametrize("call", [
    lambda x, r: mx.nd.Crop(x, h_w=(2, 3), center_crop=True),
    lambda x, r: mx.nd.ROIPooling(x, r, pooled_size=(2, 2), spatial_scale=0.5),
    lambda x, r: mx.nd.contrib.ROIAlign(x, r, pooled_size=(2, 2), spatial_scale=0.5, position_sensitive=True),
])
def test_inputs_are_not_modified(call, ctx):
    x = mx.nd.array(np.arange(2 * 4 * 5 * 6).reshape(2, 4, 5, 6), ctx=ctx)
    rois = mx.nd.array([[1, 0.5, 1, 7, 6], [0, 2, 2, 3, 3]], ctx=ctx)
    before = x.asnumpy().copy(), rois.asnumpy().copy()
    call(x, rois).wait_to_read()
    assert (x.asnumpy() == before[0]).all() and (rois.asnumpy() == before[1]).all()


def test_out_is_written():
    x = mx.nd.array(np.arange(2 * 3 * 5 * 6).reshape(2, 3, 5, 6))
    rois = mx.nd.array([[1, 0.5, 1, 5, 4]])
    out = mx.nd.zeros((1, 3, 2, 2))
    result = mx.nd.ROIPooling(x, rois, pooled_size=(2, 2), spatial_scale=1.0, out=out)
    assert result is out
    assert out.asnumpy().tolist() == mx.nd.ROIPooling(x, rois, pooled_size=(2, 2), spatial_scale=1.0).asnumpy().tolist()


def test_roi_pooling_float16_keeps_dtype():
    x = mx.nd.array(np.arange(2 * 3 * 5 * 6).reshape(2, 3, 5, 6), dtype="float16")
    rois = mx.nd.array([[1, 0.5, 1, 5, 4]], dtype="float16")
    y = mx.nd.ROIPooling(x, rois, pooled_size=(2, 2), spatial_scale=1.0)
    assert y.dtype == np.float16 and y.shape == (1, 3, 2, 2)
    y = mx.nd.contrib.ROIAlign(x, rois, pooled_size=(2, 2), spatial_scale=1.0)
    assert y.dtype == np.float16 and y.shape == (1, 3, 2, 2)


@pytest.mark.parametrize("call", [
    lambda x, r: mx.nd.Crop(x, r, x),
    lambda x, r: mx.nd.Crop(x, h_w=(9, 2)),
    lambda x, r: mx.nd.ROIPooling(x, r, pooled_size=(2, 2), spatial_scale=2.0),
    lambda x, r: mx.nd.ROIPooling(x, r[:, :4], pooled_size=(2, 2), spatial_scale=1.0),
    lambda x, r: mx.nd.contrib.ROIAlign(x, r, pooled_size=(3, 3), spatial_scale=1.0, position_sensitive=True),
    lambda x, r: mx.nd.contrib.ROIAlign(x, r.astype("float64"), pooled_size=(2, 2), spatial_scale=1.0),
])
def test_errors(call):
    x = mx.nd.ones((2, 4, 5, 6))
    rois = mx.nd.array([[1, 0.5, 1, 5, 4]])
    with pytest.raises(MXNetError):
        call(x, rois)


def correlation_grads(head=None, **kwargs):
    a = mx.nd.array(np.arange(8).reshape(1, 2, 2, 2))
    b = a.copy()
    _, (ga, gb) = grad_of(lambda a, b: mx.nd.Correlation(a, b, is_multiply=False, **kwargs), a, b, head=head)
    return ga.ravel().tolist(), gb.ravel().tolist()


def test_correlation_abs_tie_gradient():
    # MXNet 1.9.1: where data1 == data2, data1 gets +1 and data2 gets -1 (times the head / k*k*C)
    assert correlation_grads(max_displacement=0) == ([0.5] * 8, [-0.5] * 8)
    assert correlation_grads(max_displacement=1, pad_size=1) == (
        [1.5, 2.5, 3.5, 4.5, 1.5, 2.5, 3.5, 4.5], [-2.0, -1.0, 0.0, 1.0, -2.0, -1.0, 0.0, 1.0])


def test_correlation_output_channels_are_displacements(ctx):
    a = mx.nd.array(np.arange(1, 26).reshape(1, 1, 5, 5), ctx=ctx)
    y = mx.nd.Correlation(a, a, max_displacement=2, stride2=2, pad_size=2)
    assert y.shape == (1, 9, 5, 5) and y.context == ctx
    # channel p * 3 + q compares a[y, x] with a[y + 2 (p - 1), x + 2 (q - 1)]
    assert y.asnumpy()[0, 5, 2, 2] == 13 * 15 and y.asnumpy()[0, 1, 2, 2] == 13 * 3
    assert y.asnumpy()[0, 0, 0, 0] == 0  # the displaced patch lies in the padding


@pytest.mark.parametrize("kwargs", [dict(stride2=0), dict(kernel_size=2)])
def test_correlation_errors(kwargs):
    with pytest.raises(MXNetError):
        mx.nd.Correlation(mx.nd.ones((1, 1, 5, 5)), mx.nd.ones((1, 1, 5, 5)), **kwargs)


def test_correlation_shape_mismatch_is_an_error():
    # deliberate: MXNet 1.9.1 does not check and reads past data2
    with pytest.raises(MXNetError):
        mx.nd.Correlation(mx.nd.ones((1, 2, 5, 6)), mx.nd.ones((1, 2, 4, 6)))


@pytest.mark.parametrize("call", [
    lambda x, r: mx.nd.ROIPooling(x, r, pooled_size=(2, 3), spatial_scale=0.5),
    lambda x, r: mx.nd.contrib.ROIAlign(x, r, pooled_size=(2, 2), spatial_scale=0.5),
    lambda x, r: mx.nd.contrib.ROIAlign(x, r, pooled_size=(2, 2), spatial_scale=0.5, position_sensitive=True),
])
def test_rois_in_chunks_give_the_same_result(call, monkeypatch):
    from mxnd.ndarray.ops import roi

    x = mx.nd.array(np.random.RandomState(0).rand(2, 4, 5, 6))
    rois = mx.nd.array([[1, 0.5, 1, 7, 6], [0, 2, 2, 3, 3], [1, 0, 0, 11, 9], [0, 4, 1, 9, 8], [1, 3, 3, 3, 3]])
    whole = call(x, rois).asnumpy()
    chunks = roi._chunks
    monkeypatch.setattr(roi, "_chunks", lambda count, per_roi: chunks(count, per_roi, budget=2 * per_roi))
    np.testing.assert_allclose(call(x, rois).asnumpy(), whole, rtol=1e-6)
