"""The pooling family beyond the golden cases: gradients against MXNet 1.9.1's values (max-pool
ties, channels-last layouts, bilinear UpSampling), out=, contexts, the channels-last fast path,
and the deliberate differences.

Expected values were printed by MXNet 1.9.1 (``x.attach_grad(); with autograd.record():
y = op(x); y.backward(head); x.grad``).
"""
import numpy as np
import torch
import pytest

import mxnd as mx
from mxnd.base import MXNetError

TIES = [[[[1, 3, 3, 2], [3, 0, 1, 3], [2, 2, 0, 0], [1, 2, 2, 1]]]]
# a tie gives the gradient to the first maximum in row-major order
TIES_GRAD = [[[[0, 2, 1, 0], [1, 0, 0, 1], [1, 2, 0, 0], [0, 0, 1, 0]]]]


def grad_of(call, *arrays, head=None):
    for a in arrays:
        a.attach_grad()
    with mx.autograd.record():
        y = call(*arrays)
    y.backward(head)
    return y, [a.grad.asnumpy() for a in arrays]


def test_max_pool_tie_gradient(ctx):
    x = mx.nd.array(TIES, ctx=ctx)
    y, (grad,) = grad_of(lambda x: mx.nd.Pooling(x, kernel=(2, 2), stride=(1, 1)), x)
    assert y.asnumpy().tolist() == [[[[3, 3, 3], [3, 2, 3], [2, 2, 2]]]]
    assert grad.tolist() == TIES_GRAD


def test_max_pool_tie_gradient_nhwc(ctx):
    base = mx.nd.array(TIES, ctx=ctx).transpose((0, 2, 3, 1))
    x = mx.nd.concat(base, base * 2, dim=3)
    _, (grad,) = grad_of(lambda x: mx.nd.Pooling(x, kernel=(2, 2), stride=(1, 1), layout="NHWC"), x)
    assert grad[..., 0].tolist() == TIES_GRAD[0] and grad[..., 1].tolist() == TIES_GRAD[0]


def test_bilinear_upsampling_gradients():
    x = mx.nd.array(np.arange(8).reshape((1, 2, 2, 2)))
    w = mx.nd.array(np.arange(32).reshape((2, 1, 4, 4)) / 8)
    head = mx.nd.array(np.arange(32).reshape((1, 2, 4, 4)) % 3)
    y, (gx, gw) = grad_of(lambda x, w: mx.nd.UpSampling(x, w, scale=2, sample_type="bilinear", num_filter=2),
                          x, w, head=head)
    assert y.asnumpy()[0, 0].tolist() == [[0.0, 0.5, 0.625, 0.75], [0.25, 1.5, 2.25, 2.0],
                                          [1.25, 4.5, 5.25, 4.0], [2.25, 5.5, 6.125, 3.75]]
    assert gx.tolist() == [[[[11.25, 10.125], [6.75, 5.625]], [[29.25, 28.125], [24.75, 23.625]]]]
    assert gw.tolist() == [[[[6, 2, 7, 0], [1, 9, 6, 2], [5, 6, 3, 4], [0, 1, 2, 0]]],
                           [[[0, 19, 14, 6], [17, 18, 19, 12], [14, 19, 29, 4], [5, 10, 4, 8]]]]


def test_nearest_upsampling_sum_gradients():
    a = mx.nd.array(np.arange(4).reshape((1, 1, 2, 2)))
    b = mx.nd.array(np.arange(16).reshape((1, 1, 4, 4)))
    head = mx.nd.array(np.arange(16).reshape((1, 1, 4, 4)))
    _, (ga, gb) = grad_of(lambda a, b: mx.nd.UpSampling(a, b, scale=2, sample_type="nearest",
                                                        multi_input_mode="sum"), a, b, head=head)
    assert ga.tolist() == [[[[10, 18], [42, 50]]]]
    assert gb.tolist() == head.asnumpy().tolist()


@pytest.mark.parametrize("kwargs", [
    {"kernel": (3, 3), "stride": (2, 2), "pad": (1, 1)},
    {"kernel": (2, 2), "pooling_convention": "full", "stride": (2, 2)},
    {"kernel": (2, 2, 2), "stride": (1, 2, 2)},
])
def test_channels_last_fast_path_equals_recorded_path(kwargs):
    """Max pooling with and without autograd gives the same values."""
    rng = np.random.default_rng(0)
    shape = (2, 3, 4, 9, 10) if len(kwargs["kernel"]) == 3 else (2, 3, 9, 10)
    x = mx.nd.array(rng.standard_normal(shape))
    fast = mx.nd.Pooling(x, **kwargs)
    x.attach_grad()
    with mx.autograd.record():
        recorded = mx.nd.Pooling(x, **kwargs)
    np.testing.assert_array_equal(fast.asnumpy(), recorded.asnumpy())
    assert fast.asnumpy().flags["C_CONTIGUOUS"]


def test_overlapping_windows_gradient_is_mxnets():
    """Gradients of overlapping windows add up in MXNet's (oneDNN's) order: bit-exact float32 sums.
    oneDNN's order depends on the CPU: with AVX-512 MXNet has 9.7999992 where torch's own kernels
    give 9.8000002; with AVX2 (checked on an AMD EPYC) MXNet's sums are 9.8000002, 25.200001, 12.999999."""
    base = np.array([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3], [5, 8, 9, 7, 9], [3, 2, 3, 8, 4]])
    x = mx.nd.array(np.stack([base, base[::-1]])[None])
    head = mx.nd.array((np.arange(40).reshape((1, 2, 4, 5)) + 1) / 10.0)
    y, (grad,) = grad_of(lambda x: mx.nd.Pooling(x, kernel=(3, 3), stride=(1, 1), pad=(1, 1)), x, head=head)
    assert y.asnumpy().tolist() == [[[[9.0, 9.0, 6.0, 6.0, 5.0], [9.0, 9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0, 9.0], [8.0, 9.0, 9.0, 9.0, 9.0]], [[8.0, 9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 6.0, 6.0, 5.0]]]]
    sums = (9.799999237060547, 25.19999885559082, 13.0) if "AVX512" in torch.backends.cpu.get_cpu_capability() \
        else (9.800000190734863, 25.200000762939453, 12.999999046325684)
    assert grad.tolist() == [[[[0.0, 0.0, 0.0, 0.0, 0.5], [3.9000000953674316, 0.0, 0.7000000476837158, 0.0, 0.0], [0.0, 1.600000023841858, sums[0], 0.0, 4.5], [0.0, 0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0999999046325684, sums[1], 0.0, 9.0], [sums[2], 0.0, 7.699999809265137, 4.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]]]


NAN_INPUT = [[[[1, np.nan, 3, 2], [np.nan, np.nan, 1, 4], [2, 2, 0, 0], [1, 2, np.nan, 1]]]]


def test_float32_max_pool_skips_nan_as_mxnet():
    """MXNet's max pooling never picks NaN; a window of only NaN gives the lowest float32."""
    x = mx.nd.array(NAN_INPUT)
    assert mx.nd.Pooling(x, kernel=(2, 2), stride=(2, 2)).asnumpy().tolist() == [[[[1, 4], [2, 1]]]]
    y = mx.nd.Pooling(x, kernel=(3, 3), stride=(1, 1), pad=(1, 1))
    assert y.asnumpy().tolist() == [[[[1, 3, 4, 4], [2, 3, 4, 4], [2, 2, 4, 4], [2, 2, 2, 1]]]]
    only_nan = mx.nd.array([[[[np.nan, np.nan, 3, 2], [np.nan, np.nan, 1, 4]]]])
    y = mx.nd.Pooling(only_nan, kernel=(2, 2), stride=(2, 2))
    assert y.dtype == np.float32 and y.asnumpy().tolist() == [[[[float(np.finfo(np.float32).min), 4]]]]


def _onednn_max_pool(x, kernel, full, head):
    """MXNet's CPU max pooling as oneDNN runs it: value and gradient (the reference route)."""
    import torch
    import torch.nn.functional as F
    data = torch.from_numpy(x).requires_grad_()
    y = F.max_pool2d(data.to_mkldnn(), kernel, kernel, ceil_mode=full).to_dense()
    y.backward(torch.from_numpy(head))
    return y.detach().numpy(), data.grad.numpy()


@pytest.mark.parametrize("shape,kernel,full", [((32, 16, 8, 8), (2, 2), False), ((32, 32, 4, 4), (2, 2), False),
                                               ((3, 5, 7, 9), (2, 3), True), ((2, 4, 9, 9), (3, 3), False)])
def test_small_max_pools_take_torchs_kernel_with_onednns_results(shape, kernel, full):
    """Small unpadded max pools without overlapping windows run torch's NCHW kernel (pooling.
    _native_small; oneDNN's layout conversions cost more there): values and gradients, ties
    included, are oneDNN's, and NaN, -inf or the lowest float32 send the data to oneDNN."""
    _check_against_onednn(shape, kernel, full, small=True)


@pytest.mark.parametrize("onednn_fast", [True, False], ids=["AVX-512: oneDNN", "AVX2: torch's channels-last kernel"])
@pytest.mark.parametrize("shape,kernel,full", [((8, 20, 24, 24), (2, 2), False), ((16, 16, 13, 23), (2, 3), True)])
def test_large_max_pools_without_overlap_give_onednns_results_on_any_cpu(shape, kernel, full, onednn_fast,
                                                                          monkeypatch):
    """Where oneDNN's pooling is slow (no AVX-512), unpadded max pools without overlapping windows
    take torch's channels-last kernel at any size: the results are oneDNN's all the same."""
    from mxnd.ndarray.ops import pooling
    monkeypatch.setattr(pooling, "_ONEDNN_POOLING_FAST", onednn_fast)
    _check_against_onednn(shape, kernel, full, small=False)
    checked = []  # torch's kernel ran (its result checked) only where oneDNN is slow
    monkeypatch.setattr(pooling, "_plain", lambda pooled: checked.append(pooled.shape) or True)
    mx.nd.Pooling(mx.nd.ones(shape), kernel=kernel, stride=kernel, pooling_convention="full" if full else "valid")
    assert len(checked) == (0 if onednn_fast else 1)


def _check_against_onednn(shape, kernel, full, small):
    """Values and gradients of mx.nd.Pooling (max, stride = kernel) equal oneDNN's, ties included, with
    NaN, -inf or the lowest float32 alone or filling a window (those send the data to oneDNN)."""
    import torch
    from mxnd.ndarray.ops import pooling
    rs = np.random.RandomState(7)
    x = rs.randint(-3, 4, shape).astype(np.float32)  # many ties
    convention = "full" if full else "valid"
    for special in (None, np.nan, -np.inf, np.finfo(np.float32).min):
        data = x.copy()
        if special is not None:  # a lone one (torch's result is oneDNN's) and a window of them (it is not)
            data.flat[-1] = special
            data[0, 0, :kernel[0], :kernel[1]] = special
        array = mx.nd.array(data)
        training = array._data.detach().requires_grad_()  # while recording (inference has a lower limit)
        assert pooling._native_small(training, kernel, kernel, (0, 0)) is small
        pooled = torch.nn.functional.max_pool2d(training, kernel, kernel, ceil_mode=full)
        assert pooling._plain(pooled) is (special is None)  # else oneDNN pools it
        y = mx.nd.Pooling(array, kernel=kernel, stride=kernel, pooling_convention=convention)  # inference
        head = rs.standard_normal(y.shape).astype(np.float32)
        _, (grad,) = grad_of(lambda a: mx.nd.Pooling(a, kernel=kernel, stride=kernel, pooling_convention=convention),
                             array, head=mx.nd.array(head))
        value, expected_grad = _onednn_max_pool(data, kernel, full, head)
        np.testing.assert_array_equal(y.asnumpy(), value)
        np.testing.assert_array_equal(grad, expected_grad)


def test_large_or_overlapping_max_pools_stay_on_onednn():
    from mxnd.ndarray.ops import pooling
    small = mx.nd.ones((32, 16, 8, 8))._data.requires_grad_()
    large = mx.nd.ones((32, 64, 16, 16))._data.requires_grad_()
    assert pooling._native_small(small, (2, 2), (2, 2), (0, 0))
    assert not pooling._native_small(small.detach(), (2, 2), (2, 2), (0, 0))  # inference: up to 16384
    assert pooling._native_small(small.detach()[:16], (2, 2), (2, 2), (0, 0))
    assert not pooling._native_small(small, (3, 3), (2, 2), (0, 0))  # overlapping windows
    assert not pooling._native_small(small, (2, 2), (2, 2), (1, 1))  # padded
    assert not pooling._native_small(large, (2, 2), (2, 2), (0, 0))
    assert not pooling._native_small(small.double(), (2, 2), (2, 2), (0, 0))


def test_out_is_written(ctx):
    x = mx.nd.array(np.arange(32).reshape((1, 2, 4, 4)), ctx=ctx)
    out = mx.nd.zeros((1, 2, 2, 2), ctx=ctx)
    result = mx.nd.Pooling(x, kernel=(2, 2), stride=(2, 2), pool_type="avg", out=out)
    assert result is out
    assert out.asnumpy()[0, 0].tolist() == [[2.5, 4.5], [10.5, 12.5]]
    wrong = mx.nd.zeros((1, 2, 3, 3), ctx=ctx)
    with pytest.raises(MXNetError):
        mx.nd.Pooling(x, kernel=(2, 2), stride=(2, 2), out=wrong)
    up = mx.nd.zeros((1, 2, 8, 8), ctx=ctx)
    assert mx.nd.UpSampling(x, scale=2, sample_type="nearest", out=up) is up
    assert up.asnumpy()[0, 0, :2, :2].tolist() == [[0, 0], [0, 0]] and up.asnumpy()[0, 1, 7, 7] == 31


def test_inputs_are_not_modified(ctx):
    x = mx.nd.array(np.arange(32).reshape((1, 2, 4, 4)), ctx=ctx)
    before = x.asnumpy().copy()
    for kwargs in ({"pool_type": "max"}, {"pool_type": "lp", "p_value": 2}, {"pool_type": "sum", "pad": (1, 1)}):
        mx.nd.Pooling(x, kernel=(2, 2), **kwargs)
    mx.nd.Pooling(x, kernel=(2, 2), layout="NHWC")
    np.testing.assert_array_equal(x.asnumpy(), before)


def test_lp_pooling_of_zero_window_has_zero_gradient():
    """MXNet's lp backward gives 0 where a window's norm is 0; torch's root would give nan."""
    x = mx.nd.zeros((1, 1, 3, 3), dtype="float64")
    for p in (2, 3):
        _, (grad,) = grad_of(lambda x: mx.nd.Pooling(x, kernel=(2, 2), pool_type="lp", p_value=p), x)
        assert grad.tolist() == np.zeros((1, 1, 3, 3)).tolist()


# ---- deliberate differences (docs/differences.md) ---------------------------------------------

def test_pad_not_smaller_than_kernel_is_computed():
    """MXNet's float32 oneDNN path rejects pad >= kernel; mxnd returns its float64 (native) answer:
    windows wholly in the padding give the lowest value (max) or 0 (avg)."""
    x = mx.nd.array(np.arange(4).reshape((1, 1, 2, 2)))
    result = mx.nd.Pooling(x, kernel=(1, 1), pad=(1, 1))
    lowest = np.finfo(np.float32).min
    assert result.shape == (1, 1, 4, 4)
    assert result.asnumpy()[0, 0, 0].tolist() == [lowest] * 4 and result.asnumpy()[0, 0, 1, 1] == 0
    avg = mx.nd.Pooling(x, kernel=(1, 1), pad=(1, 1), pool_type="avg", count_include_pad=False)
    assert avg.asnumpy()[0, 0].tolist() == [[0, 0, 0, 0], [0, 0, 1, 0], [0, 2, 3, 0], [0, 0, 0, 0]]


def test_bilinear_upsampling_needs_num_filter():
    """MXNet dies of a floating point exception for num_filter=0; mxnd raises."""
    x, w = mx.nd.ones((1, 2, 2, 2)), mx.nd.ones((2, 1, 4, 4))
    with pytest.raises(MXNetError, match="num_filter"):
        mx.nd.UpSampling(x, w, scale=2, sample_type="bilinear")


def test_same_convention_raises():
    with pytest.raises(MXNetError, match="same"):
        mx.nd.Pooling(mx.nd.ones((1, 1, 5)), kernel=(3,), pooling_convention="same")


def test_bilinear_resize_like_and_out(ctx):
    x = mx.nd.array(np.arange(6).reshape((1, 1, 2, 3)), ctx=ctx)
    like = mx.nd.zeros((5, 5, 3, 5), ctx=ctx)
    by_position = mx.nd.contrib.BilinearResize2D(x, like, mode="like")
    by_keyword = mx.nd.contrib.BilinearResize2D(x, like=like, mode="like")
    # MXNet 1.9.1: align_corners=True interpolates between the corner pixels
    assert by_position.asnumpy()[0, 0].tolist() == [[0, 0.5, 1, 1.5, 2], [1.5, 2, 2.5, 3, 3.5], [3, 3.5, 4, 4.5, 5]]
    np.testing.assert_array_equal(by_position.asnumpy(), by_keyword.asnumpy())
    out = mx.nd.zeros((1, 1, 3, 5), ctx=ctx)
    assert mx.nd.contrib.BilinearResize2D(x, height=3, width=5, out=out) is out
    np.testing.assert_array_equal(out.asnumpy(), by_position.asnumpy())
    with pytest.raises(MXNetError):
        mx.nd.contrib.BilinearResize2D(x, mode="like")
