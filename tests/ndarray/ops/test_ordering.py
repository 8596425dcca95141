"""The ordering family beyond the golden cases: gradients against MXNet 1.9.1's values, out=,
contexts, long axes, softmax against numpy, and the deliberate differences.

Expected gradients were printed by MXNet 1.9.1 (``x.attach_grad(); with autograd.record():
y = op(x); y.backward(head); x.grad``).
"""
import warnings

import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of
from mxnd.base import MXNetError

ROW = [[1, 2, 3]]
FIRST = [[1, 0, 0]]


def array(values, dtype="float32", ctx=None):
    return mx.nd.array(values, dtype=dtype, ctx=ctx)


def numpy_softmax(data, axis=-1):
    shifted = np.exp(data - data.max(axis=axis, keepdims=True))
    return shifted / shifted.sum(axis=axis, keepdims=True)


# ---- gradients: MXNet 1.9.1's values -----------------------------------------------------------

@pytest.mark.parametrize("call,data,head,expected", [
    (lambda x: mx.nd.softmax(x), ROW, FIRST, [[0.08192506, -0.02203304, -0.05989201]]),
    (lambda x: mx.nd.log_softmax(x), ROW, FIRST, [[0.9099692, -0.24472898, -0.66524243]]),
    (lambda x: mx.nd.softmin(x), ROW, FIRST, [[-0.22269543, 0.1628034, 0.05989202]]),
    (lambda x: mx.nd.softmax(x, temperature=2), ROW, FIRST, [[0.0758036, -0.02861894, -0.04718466]]),
    (lambda x: mx.nd.log_softmax(x, temperature=2), ROW, FIRST, [[0.40683815, -0.15359794, -0.2532402]]),
    (lambda x: mx.nd.softmin(x, temperature=2), ROW, FIRST, [[-0.124979, 0.07779435, 0.04718466]]),
    (lambda x: mx.nd.softmax(x, array([2], "int32"), use_length=True), ROW, [[1, 0, 1]],
     [[0.19661194, -0.19661194, 0]]),
    (lambda x: mx.nd.topk(x, k=2, ret_typ="value"), [[1, 3, 2, 5]], [[1, 2]], [[0, 2, 0, 1]]),
    (lambda x: mx.nd.topk(x, k=2, ret_typ="both")[0], [[1, 3, 2, 5]], [[1, 2]], [[0, 2, 0, 1]]),
    (lambda x: mx.nd.topk(x, k=2, ret_typ="both"), [[1, 3, 2, 5]], None, [[0, 1, 0, 1]]),
    (lambda x: mx.nd.topk(x, k=2, ret_typ="value", axis=0), [[1, 3], [2, 0], [5, 1]], [[1, 2], [3, 4]],
     [[0, 2], [3, 0], [1, 4]]),
    (lambda x: mx.nd.sort(x, axis=0), [[1, 3], [2, 0]], [[1, 2], [3, 4]], [[1, 4], [3, 2]]),
    (lambda x: mx.nd.topk(x, k=2), [[1, 3, 2, 5]], None, [[0, 0, 0, 0]]),
    (lambda x: mx.nd.topk(x, k=2, ret_typ="mask"), [[1, 3, 2, 5]], None, [[0, 0, 0, 0]]),
    (lambda x: mx.nd.argsort(x), [[1, 3, 2, 5]], None, [[0, 0, 0, 0]]),
], ids=["softmax", "log_softmax", "softmin", "softmax-t2", "log_softmax-t2", "softmin-t2", "softmax-length",
        "topk-value", "topk-both-values", "topk-both", "topk-axis0", "sort-axis0", "topk-indices", "topk-mask",
        "argsort"])
def test_gradient_matches_mxnet(call, data, head, expected):
    head = None if head is None else array(head)
    (grad,) = gradient_of(call, array(data), head=head)
    np.testing.assert_allclose(grad, np.array(expected, dtype=np.float32), rtol=1e-5, atol=1e-6)


def test_sort_gradient_along_the_last_axis():
    # deliberate: MXNet 1.9.1 fails in _backward_topk for sort's default axis (axis='' in its
    # backward node); mxnd returns the gradient, as for axis=0
    (grad,) = gradient_of(lambda x: mx.nd.sort(x), array([[1, 3, 2, 5]]), head=array([[1, 2, 3, 4]]))
    assert grad.tolist() == [[1, 3, 2, 4]]


def test_softmax_gradient_of_an_empty_length_row_is_zero():
    (grad,) = gradient_of(lambda x: mx.nd.softmax(x, array([0, 3], "int32"), use_length=True),
                          array([[1, 2, 3], [3, 2, 1]]), head=array([[1, 2, 3], [1, 0, 0]]))
    assert np.isfinite(grad).all() and grad[0].tolist() == [0, 0, 0]


# ---- out=, fluent methods, contexts ---------------------------------------------------------------

def test_out_receives_both_topk_outputs():
    values, indices = mx.nd.zeros((2, 2)), mx.nd.zeros((2, 2), dtype="int32")
    result = mx.nd.topk(array([[0.3, 0.2, 0.4], [0.1, 0.3, 0.2]]), k=2, ret_typ="both", dtype="int32",
                        out=[values, indices])
    assert result[0] is values and result[1] is indices
    assert indices.asnumpy().tolist() == [[2, 0], [1, 2]]
    np.testing.assert_allclose(values.asnumpy(), [[0.4, 0.3], [0.3, 0.2]])


def test_fluent_methods_take_the_length_input():
    x, length = array([[1, 2, 3], [3, 2, 1]]), array([1, 2], "int32")
    expected = mx.nd.softmax(x, length, use_length=True).asnumpy()
    np.testing.assert_array_equal(x.softmax(length, use_length=True).asnumpy(), expected)
    assert expected[0].tolist() == [1, 0, 0]


def test_results_stay_on_the_context(ctx):
    x = array([[0.3, 0.2, 0.4], [0.1, 0.3, 0.2]], ctx=ctx)
    length = array([1, 3], "int32", ctx=ctx)
    outputs = [mx.nd.sort(x), mx.nd.argsort(x, dtype="int64"), mx.nd.topk(x, ret_typ="mask"),
               mx.nd.softmax(x, length, use_length=True), mx.nd.log_softmax(x), mx.nd.softmin(x, axis=0),
               *mx.nd.topk(x, ret_typ="both"), *mx.nd.histogram(x, bins=4, range=(0, 1)),
               *mx.nd.histogram(x, bins=array([0, 0.25, 1], ctx=ctx))]
    for result in outputs:
        assert result.context == ctx
    assert outputs[1].asnumpy().tolist() == [[1, 0, 2], [0, 2, 1]]
    assert outputs[-2].asnumpy().tolist() == [3, 3]


# ---- long axes, random data --------------------------------------------------------------------------

def test_ties_keep_input_order_on_long_axes():
    # deliberate: MXNet's CPU order of ties is unspecified beyond 16 elements; mxnd is stable
    data = array([1, 0] * 12)
    assert mx.nd.argsort(data).asnumpy().tolist() == list(range(1, 24, 2)) + list(range(0, 24, 2))
    assert mx.nd.argsort(data, is_ascend=False).asnumpy().tolist() == list(range(0, 24, 2)) + list(range(1, 24, 2))
    assert mx.nd.topk(data, k=3).asnumpy().tolist() == [0, 2, 4]


def test_topk_and_sort_match_numpy_on_random_data():
    data = np.random.default_rng(5).permutation(600).reshape(4, 150).astype(np.float32)
    x = mx.nd.array(data)
    np.testing.assert_array_equal(mx.nd.sort(x, axis=0).asnumpy(), np.sort(data, axis=0))
    np.testing.assert_array_equal(mx.nd.argsort(x, is_ascend=False).asnumpy(), np.argsort(-data, axis=-1))
    values, indices = mx.nd.topk(x, k=5, ret_typ="both", axis=None)
    np.testing.assert_array_equal(values.asnumpy(), np.sort(data, axis=None)[::-1][:5])
    np.testing.assert_array_equal(indices.asnumpy(), np.argsort(-data, axis=None)[:5])
    mask = mx.nd.topk(x, k=5, ret_typ="mask").asnumpy()
    assert mask.sum() == 20 and (mask * data).sum() == np.sort(data, axis=1)[:, -5:].sum()


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_softmax_family_matches_numpy(axis):
    data = np.random.default_rng(7).standard_normal((3, 4, 5)).astype(np.float32)
    x = mx.nd.array(data)
    np.testing.assert_allclose(mx.nd.softmax(x, axis=axis).asnumpy(), numpy_softmax(data, axis), rtol=1e-5)
    np.testing.assert_allclose(mx.nd.log_softmax(x, axis=axis).asnumpy(), np.log(numpy_softmax(data, axis)),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mx.nd.softmin(x, axis=axis, temperature=0.5).asnumpy(),
                               numpy_softmax(-data / 0.5, axis), rtol=1e-5)


def test_softmax_length_along_a_middle_axis():
    data = np.random.default_rng(9).standard_normal((2, 4, 3)).astype(np.float32)
    lengths = np.array([[4, 1, 2], [3, 0, 4]], dtype=np.int32)
    result = mx.nd.softmax(mx.nd.array(data), mx.nd.array(lengths, dtype="int32"), axis=1,
                           use_length=True).asnumpy()
    for b in range(2):
        for c in range(3):
            n = lengths[b, c]
            expected = np.zeros(4, dtype=np.float32)
            expected[:n] = numpy_softmax(data[b, :n, c]) if n else 0
            np.testing.assert_allclose(result[b, :, c], expected, rtol=1e-5)


def test_softmax_length_beyond_the_axis_raises():
    # deliberate: MXNet 1.9.1 reads past the row (garbage values, or a heap corruption crash)
    x = array([[1, 2, 3], [3, 2, 1.5]])
    for bad in ([0, 5], [-1, 2]):
        with pytest.raises(MXNetError, match="length values"):
            mx.nd.softmax(x, array(bad, "int32"), use_length=True)


def test_float16_softmax_accumulates_in_float32():
    # deliberate: MXNet 1.9.1 accumulates in float16 ([0.08997, 0.2446, 0.665])
    result = mx.nd.softmax(array(ROW, "float16"))
    assert result.dtype == np.float16
    np.testing.assert_allclose(result.asnumpy().astype(np.float32), numpy_softmax(np.array(ROW, np.float32)),
                               rtol=1e-3)


# ---- histogram -----------------------------------------------------------------------------------------

def test_histogram_without_range_warns_and_uses_numpy():
    data = np.random.default_rng(2).standard_normal(50).astype(np.float32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        counts, edges = mx.nd.histogram(mx.nd.array(data), bins=6)
    assert any("range is not specified" in str(w.message) for w in caught)
    expected_counts, expected_edges = np.histogram(data.astype(np.float64), bins=6)
    assert counts.dtype == np.float32 and counts.asnumpy().tolist() == expected_counts.tolist()
    np.testing.assert_array_equal(edges.asnumpy(), expected_edges.astype(np.float32))


def test_histogram_counts_match_numpy_on_random_data():
    data = np.random.default_rng(4).uniform(-2, 3, size=1000).astype(np.float32)
    counts, edges = mx.nd.histogram(mx.nd.array(data), bins=13, range=(-1.5, 2.5))
    expected, _ = np.histogram(data, bins=edges.asnumpy())
    assert counts.dtype == np.int64 and counts.asnumpy().tolist() == expected.tolist()
    bins = mx.nd.array([-2, -0.5, 0, 0.25, 3])
    counts, _ = mx.nd.histogram(mx.nd.array(data), bins=bins)
    assert counts.asnumpy().tolist() == np.histogram(data, bins=bins.asnumpy())[0].tolist()
