"""Tests of src/mxnd/ndarray/ops/indexing.py that golden cases cannot express: gradients,
out=, contexts, inputs left unchanged, and the deliberate differences from MXNet 1.9.1.

Expected gradients were produced by MXNet 1.9.1 with ``attach_grad`` / ``backward(head)``.
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.ops.indexing import onehot_encode

X = [[1., 2.], [3., 4.], [5., 6.]]
SEQ = np.arange(1., 19.).reshape(3, 2, 3)


def nd(values, dtype="float32", ctx=None):
    return mx.nd.array(values, dtype=dtype, ctx=ctx)


def gradient_of(function, *arrays, head=None, **kwargs):
    """Gradients of every (float) input, computed as MXNet's examples do: attach_grad, record, backward."""
    for array in arrays:
        array.attach_grad()
    with mx.autograd.record():
        output = function(*arrays, **kwargs)
    output.backward(head)
    return [array.grad.asnumpy() for array in arrays]


# name: (function, inputs, keyword arguments, head or None, MXNet gradient of each input)
MXNET_GRADIENTS = {
    "take_duplicates": (mx.nd.take, [X, [0, 0, 2, 5, -1]], {}, None,
                        [[[3., 3.], [0., 0.], [2., 2.]], [0.] * 5]),
    "take_wrap": (mx.nd.take, [X, [0, -1, 4]], dict(mode="wrap"), None, [[[1., 1.]] * 3, [0.] * 3]),
    "take_axis1": (mx.nd.take, [X, [0, 0, 1, 3]], dict(axis=1), None, [[[2., 2.]] * 3, [0.] * 4]),
    "take_axis1_wrap": (mx.nd.take, [X, [0, -1, 3]], dict(axis=1, mode="wrap"), None, [[[1., 2.]] * 3, [0.] * 3]),
    "take_raise": (mx.nd.take, [X, [0, 1.5]], dict(mode="raise"), None, [[[1., 1.], [1., 1.], [0., 0.]], [0., 0.]]),
    "pick_clip": (mx.nd.pick, [X, [0, 1, 5]], {}, None, [[[1., 0.], [0., 1.], [0., 1.]], [0.] * 3]),
    "pick_wrap": (mx.nd.pick, [X, [0, -1, 3]], dict(mode="wrap"), None, [[[1., 0.], [0., 1.], [0., 1.]], [0.] * 3]),
    "gather_nd": (mx.nd.gather_nd, [[[0., 1.], [2., 3.]], [[1, 1, 0, 1], [0, 1, 0, 0]]], {}, None,
                  [[[1., 0.], [2., 1.]], [[0.] * 4] * 2]),
    "gather_nd_slices": (mx.nd.gather_nd, [[[0., 1.], [2., 3.]], [[1, 1]]], {}, None, [[[0., 0.], [2., 2.]], [[0., 0.]]]),
    "scatter_nd": (mx.nd.scatter_nd, [[2., 3., 4.], [[1, 1, 0], [0, 1, 0]]], dict(shape=(2, 2)), [[1., 2.], [3., 4.]],
                   [[3., 4., 1.], [[0.] * 3] * 2]),
    "scatter_nd_duplicates": (mx.nd.scatter_nd, [[2., 3., 4.], [[1, 1, 0], [0, 0, 0]]], dict(shape=(2, 2)),
                              [[1., 2.], [3., 4.]], [[3., 3., 1.], [[0.] * 3] * 2]),
    "backward_gather_nd": (mx.nd._internal._backward_gather_nd, [[2., 3., 4.], [[1, 1, 0], [0, 0, 0]]],
                           dict(shape=(2, 2)), [[1., 2.], [3., 4.]], [[3., 3., 1.], [[0.] * 3] * 2]),
    "where": (mx.nd.where, [[[0., 1.], [1., 0.]], [[1., 2.], [3., 4.]], [[5., 6.], [7., 8.]]], {}, [[1., 2.], [3., 4.]],
              [[[0., 0.], [0., 0.]], [[0., 2.], [3., 0.]], [[1., 0.], [0., 4.]]]),
    "where_rows": (mx.nd.where, [[0., 1.], [[1., 2.], [3., 4.]], [[5., 6.], [7., 8.]]], {}, [[1., 2.], [3., 4.]],
                   [[0., 0.], [[0., 0.], [3., 4.]], [[1., 2.], [0., 0.]]]),
    "boolean_mask": (mx.nd.contrib.boolean_mask, [X, [1., 0., 1.]], {}, [[1., 2.], [3., 4.]],
                     [[[1., 2.], [0., 0.], [3., 4.]], [0.] * 3]),
    "index_copy": (mx.nd.contrib.index_copy, [np.zeros((3, 2)), [0, 2], np.ones((2, 2))], {}, [[1., 2.], [3., 4.], [5., 6.]],
                   [[[0., 0.], [3., 4.], [0., 0.]], [0., 0.], [[1., 2.], [5., 6.]]]),
    "index_copy_duplicates": (mx.nd.contrib.index_copy, [np.zeros((3, 2)), [2, 2], np.ones((2, 2))], {},
                              [[1., 2.], [3., 4.], [5., 6.]],
                              [[[1., 2.], [3., 4.], [0., 0.]], [0., 0.], [[5., 6.], [5., 6.]]]),
    "sequence_mask": (mx.nd.SequenceMask, [SEQ], dict(sequence_length=nd([1, 2]), use_sequence_length=True, value=5),
                      SEQ, [np.where(np.array([[[1], [1]], [[0], [1]], [[0], [0]]]), SEQ, 0)]),
    "sequence_mask_axis1": (mx.nd.SequenceMask, [SEQ], dict(sequence_length=nd([1, 2, 0]), use_sequence_length=True,
                                                            axis=1), SEQ,
                            [np.where(np.array([[[1], [0]], [[1], [1]], [[0], [0]]]), SEQ, 0)]),
    "sequence_mask_identity": (mx.nd.SequenceMask, [SEQ], {}, SEQ, [SEQ]),
    "sequence_last": (mx.nd.SequenceLast, [SEQ], dict(sequence_length=nd([1, 2]), use_sequence_length=True),
                      [[1., 2., 3.], [4., 5., 6.]],
                      [[[[1., 2., 3.], [0., 0., 0.]], [[0., 0., 0.], [4., 5., 6.]], [[0., 0., 0.], [0., 0., 0.]]]]),
    "sequence_last_axis1": (mx.nd.SequenceLast, [SEQ], dict(sequence_length=nd([1, 2, 1]), use_sequence_length=True,
                                                            axis=1), np.arange(9.).reshape(3, 3),
                            [[[[0., 1., 2.], [0., 0., 0.]], [[0., 0., 0.], [3., 4., 5.]], [[6., 7., 8.], [0., 0., 0.]]]]),
    "sequence_reverse": (mx.nd.SequenceReverse, [SEQ], dict(sequence_length=nd([2, 3]), use_sequence_length=True), SEQ,
                         [[[[7., 8., 9.], [16., 17., 18.]], [[1., 2., 3.], [10., 11., 12.]],
                           [[13., 14., 15.], [4., 5., 6.]]]]),
    "sequence_reverse_all": (mx.nd.SequenceReverse, [SEQ], {}, SEQ, [SEQ[::-1]]),
}


@pytest.mark.parametrize("name", sorted(MXNET_GRADIENTS))
def test_gradient_matches_mxnet(name):
    function, inputs, kwargs, head, expected = MXNET_GRADIENTS[name]
    arrays = [nd(v) for v in inputs]
    grads = gradient_of(function, *arrays, head=None if head is None else nd(head), **kwargs)
    assert len(grads) == len(expected)
    for got, want in zip(grads, expected):
        np.testing.assert_allclose(got, np.asarray(want, dtype=np.float32), rtol=1e-6)


def test_take_and_pick_gradients_keep_the_data_dtype():
    (grad,) = gradient_of(lambda a: mx.nd.take(a, nd([2, 2], "int32")), nd(X, "float64"))
    assert grad.dtype == np.float64
    np.testing.assert_array_equal(grad, [[0, 0], [0, 0], [2, 2]])
    (grad,) = gradient_of(lambda a: mx.nd.pick(a, nd([1, 0, 1], "int64"), keepdims=True), nd(X, "float16"))
    assert grad.dtype == np.float16
    np.testing.assert_array_equal(grad, [[0, 1], [1, 0], [0, 1]])


# ---- out=, fluent methods, aliases ------------------------------------------------------------

def test_out_receives_the_result_and_views_see_it():
    out = mx.nd.zeros((2, 2))
    view = out[1:]
    assert mx.nd.take(nd(X), nd([2, 0]), out=out) is out
    assert out.asnumpy().tolist() == [[5, 6], [1, 2]]
    assert view.asnumpy().tolist() == [[1, 2]]
    out = mx.nd.zeros((3,))
    assert mx.nd.pick(nd(X), nd([1, 0, 1]), out=out) is out
    assert out.asnumpy().tolist() == [2, 3, 6]


def test_out_with_wrong_shape_or_dtype_raises():
    with pytest.raises(MXNetError):
        mx.nd.one_hot(nd([1, 0]), 3, out=mx.nd.zeros((2, 3), dtype="int32"))
    with pytest.raises(MXNetError):
        mx.nd.gather_nd(nd(X), nd([[0, 1]]), out=mx.nd.zeros((3, 2)))
    out = mx.nd.zeros((2, 3), dtype="int32")
    assert mx.nd.one_hot(nd([1, 0]), 3, dtype="int32", out=out) is out
    assert out.asnumpy().tolist() == [[0, 1, 0], [1, 0, 0]]


def test_fluent_methods_and_alias():
    x, index = nd(X), nd([1, 0, 1])
    assert x.pick(index, axis=1).asnumpy().tolist() == mx.nd.pick(x, index, axis=1).asnumpy().tolist() == [2, 3, 6]
    assert x.take(nd([2])).asnumpy().tolist() == [[5, 6]]
    assert index.one_hot(2).asnumpy().tolist() == [[0, 1], [1, 0], [0, 1]]
    assert mx.nd.choose_element_0index is mx.nd.pick


def test_onehot_encode_writes_into_out():
    out = mx.nd.ones((3, 4))
    assert onehot_encode(nd([0, 3, 1]), out) is out
    assert out.asnumpy().tolist() == [[1, 0, 0, 0], [0, 0, 0, 1], [0, 1, 0, 0]]
    with pytest.raises(MXNetError):
        onehot_encode(nd([0, 3]), out)


def test_scatter_set_nd_writes_into_lhs_with_out():
    lhs = mx.nd.ones((2, 2))
    args = (nd([2, 3, 0]), nd([[1, 1, 0], [0, 1, 0]]))
    # MXNet 1.9.1 needs out=lhs; without it mxnd returns the updated copy and leaves lhs alone
    copy = mx.nd._internal._scatter_set_nd(lhs, *args, shape=(2, 2))
    assert copy.asnumpy().tolist() == [[0, 1], [2, 3]] and lhs.asnumpy().tolist() == [[1, 1], [1, 1]]
    assert mx.nd._internal._scatter_set_nd(lhs, *args, shape=(2, 2), out=lhs) is lhs
    assert lhs.asnumpy().tolist() == [[0, 1], [2, 3]]
    with pytest.raises(MXNetError):
        mx.nd._internal._scatter_set_nd(lhs, *args, shape=(3, 2))


def test_sequence_length_is_an_array_input():
    data = nd(SEQ)
    expected = mx.nd.SequenceMask(data, nd([1, 2]), True, 3.0).asnumpy()
    by_keyword = mx.nd.SequenceMask(data=data, sequence_length=nd([1, 2]), use_sequence_length=True, value=3)
    np.testing.assert_array_equal(by_keyword.asnumpy(), expected)
    with pytest.raises(AssertionError, match="must have NDArray type"):
        mx.nd.SequenceLast(data, sequence_length=[1, 2], use_sequence_length=True)
    with pytest.raises(MXNetError, match="expects 1 inputs"):
        mx.nd.SequenceReverse(data, nd([1, 2]))


def test_operators_leave_their_inputs_unchanged():
    old, index, new = mx.nd.zeros((3, 2)), nd([2, 0]), mx.nd.ones((2, 2))
    mx.nd.contrib.index_copy(old, index, new)
    assert old.asnumpy().tolist() == [[0, 0]] * 3 and index.asnumpy().tolist() == [2, 0]
    data = nd(SEQ)
    mx.nd.SequenceMask(data, nd([0, 1]), use_sequence_length=True)
    mx.nd.SequenceReverse(data)
    np.testing.assert_array_equal(data.asnumpy(), SEQ)
    masked = mx.nd.SequenceMask(data)  # identity, but a new array
    masked[:] = 0
    np.testing.assert_array_equal(data.asnumpy(), SEQ)


# ---- contexts ----------------------------------------------------------------------------------

def test_results_live_on_the_input_context(ctx):
    x = nd(X, ctx=ctx)
    cases = [
        (mx.nd.take(x, nd([0, 5, -1], ctx=ctx), mode="wrap"), [[1, 2], [5, 6], [5, 6]]),
        (mx.nd.pick(x, nd([1, 0, 9], "int32", ctx=ctx)), [2, 3, 6]),
        (mx.nd.one_hot(nd([1, -1], ctx=ctx), 2), [[0, 1], [0, 0]]),
        (mx.nd.gather_nd(x, nd([[2, -3]], ctx=ctx)), [[5, 6], [1, 2]]),
        (mx.nd.scatter_nd(nd([7, 8], ctx=ctx), nd([[1, 0]], ctx=ctx), shape=(3,)), [8, 7, 0]),
        (mx.nd.where(nd([1, 0, 1], ctx=ctx), x, -x), [[1, 2], [-3, -4], [5, 6]]),
        (mx.nd.contrib.boolean_mask(x, nd([0, 1, 1], ctx=ctx)), [[3, 4], [5, 6]]),
        (mx.nd.contrib.index_copy(x, nd([1], ctx=ctx), nd([[0, 0]], ctx=ctx)), [[1, 2], [0, 0], [5, 6]]),
        (mx.nd.contrib.index_array(x, axes=(1,)), [[[0], [1]]] * 3),
        (mx.nd.contrib.arange_like(x, axis=0, start=1), [1, 2, 3]),
        (mx.nd.SequenceLast(x, nd([1, 3], ctx=ctx), use_sequence_length=True), [1, 6]),
        (mx.nd.SequenceReverse(x, nd([2, 0], ctx=ctx), use_sequence_length=True), [[3, 2], [1, 4], [5, 6]]),
        (mx.nd.SequenceMask(x, nd([1, 2], ctx=ctx), use_sequence_length=True, value=-1), [[1, 2], [-1, 4], [-1, -1]]),
    ]
    for result, expected in cases:
        assert result.context == ctx
        assert result.asnumpy().tolist() == expected


# ---- deliberate differences: mxnd raises where MXNet reads or writes outside its buffers --------

@pytest.mark.parametrize("call", [
    lambda: mx.nd.scatter_nd(nd([1, 2]), nd([[0, 2]]), shape=(2,)),
    lambda: mx.nd.scatter_nd(nd([1, 2]), nd([[0, -1]]), shape=(2,)),
    lambda: mx.nd._internal._backward_gather_nd(nd([1, 2]), nd([[0, 5]]), shape=(2,)),
    lambda: mx.nd.contrib.index_copy(mx.nd.zeros((3, 2)), nd([3]), mx.nd.ones((1, 2))),
    lambda: mx.nd.contrib.index_copy(mx.nd.zeros((3, 2)), nd([-1]), mx.nd.ones((1, 2))),
    lambda: mx.nd.SequenceLast(nd(SEQ), nd([0, 1]), use_sequence_length=True),
    lambda: mx.nd.SequenceLast(nd(SEQ), nd([1, 4]), use_sequence_length=True),
    lambda: mx.nd.SequenceReverse(nd(SEQ), nd([4, 1]), use_sequence_length=True),
    lambda: mx.nd.SequenceReverse(nd(SEQ), nd([-1, 1]), use_sequence_length=True),
    lambda: mx.nd.batch_take(mx.nd.arange(24).reshape((2, 3, 4)), nd([0, 1, 1, 3, 2, 0], "int32")),
    lambda: mx.nd.contrib.arange_like(mx.nd.ones((2, 2)), repeat=0),
], ids=["scatter_nd_high", "scatter_nd_negative", "backward_gather_nd", "index_copy_high", "index_copy_negative",
        "sequence_last_zero", "sequence_last_long", "sequence_reverse_long", "sequence_reverse_negative",
        "batch_take_3d", "arange_like_repeat_0"])
def test_out_of_buffer_accesses_raise(call):
    with pytest.raises(MXNetError):
        call()


def test_gather_nd_out_of_bounds_is_an_index_error():
    # MXNet 1.9.1: IndexError: index 2 is out of bounds for axis 0 with size 2
    with pytest.raises(IndexError, match="index 2 is out of bounds for axis 0 with size 2"):
        mx.nd.gather_nd(nd([[0, 1], [2, 3]]), nd([[1, 2, 0], [0, 1, 0]]))
    with pytest.raises(MXNetError, match="index -3 is out of bounds for axis 1 with size 2"):
        mx.nd.gather_nd(nd([[0, 1], [2, 3]]), nd([[1, 1, 0], [0, -3, 0]], "int32"))


def test_gather_nd_gradient_of_negative_indices_goes_to_the_wrapped_element():
    # MXNet 1.9.1's backward does not wrap negative indices and writes outside the gradient
    grads = gradient_of(mx.nd.gather_nd, nd([[0, 1], [2, 3]]), nd([[-1, 1], [-1, 0]]))
    np.testing.assert_array_equal(grads[0], [[0, 0], [1, 1]])


def test_sequence_last_gradient_without_lengths_goes_to_the_last_step():
    # MXNet 1.9.1 reads uninitialized lengths in this backward (garbage or a segfault)
    grads = gradient_of(mx.nd.SequenceLast, nd(SEQ), head=nd([[1, 2, 3], [4, 5, 6]]))
    np.testing.assert_array_equal(grads[0], [[[0] * 3] * 2, [[0] * 3] * 2, [[1, 2, 3], [4, 5, 6]]])
    grads = gradient_of(mx.nd.SequenceLast, nd(SEQ), head=nd(np.ones((3, 3))), axis=1)
    np.testing.assert_array_equal(grads[0], [[[0] * 3, [1] * 3]] * 3)


def test_negative_sequence_lengths_mask_every_step():
    # MXNet 1.9.1 writes before the data for negative lengths; mxnd masks the whole sequence
    result = mx.nd.SequenceMask(nd([[1, 2], [3, 4]]), nd([-1, 1]), use_sequence_length=True, value=9)
    assert result.asnumpy().tolist() == [[9, 2], [9, 9]]


def test_gather_nd_refuses_a_nan_index():
    # MXNet 1.9.1's bound check lets NaN through and reads before the data (docs/differences.md)
    data = mx.nd.arange(5)
    with pytest.raises(IndexError, match="nan"):
        mx.nd.gather_nd(data, mx.nd.array([[1, np.nan]]))
    assert data.asnumpy().tolist() == [0, 1, 2, 3, 4]
