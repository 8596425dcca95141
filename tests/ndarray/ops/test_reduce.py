"""The reduce family beyond the golden cases: gradients against MXNet 1.9.1's values, out=,
aliases, contexts, larger inputs against numpy, and the deliberate differences.

Expected gradients were printed by MXNet 1.9.1 (``x.attach_grad(); with autograd.record():
y = op(x); y.backward(head); x.grad``).
"""
import math

import numpy as np
import pytest
import torch

import mxnd as mx
from gradients import gradient_of
from mxnd.base import MXNetError
from mxnd.ndarray.ops.reduce import reduced_dims
from mxnd.params import dtype_enum

X = [[1, 3, 3], [4, 0, 4]]


def array(values, dtype="float32", ctx=None):
    return mx.nd.array(values, dtype=dtype, ctx=ctx)


# ---- gradients: MXNet 1.9.1's values ----------------------------------------------------------

@pytest.mark.parametrize("call,data,expected", [
    (lambda x: mx.nd.max(x, axis=1), X, [[0, 1, 1], [1, 0, 1]]),  # every tied maximum gets it all
    (lambda x: mx.nd.max(x, axis=1, keepdims=True), X, [[0, 1, 1], [1, 0, 1]]),
    (lambda x: mx.nd.max(x), [[5, 5], [5, 1]], [[1, 1], [1, 0]]),
    (lambda x: mx.nd.min(x, axis=1), X, [[1, 0, 0], [0, 1, 0]]),
    (lambda x: mx.nd.min(x, axis=0), X, [[1, 0, 1], [0, 1, 0]]),
    (lambda x: mx.nd.max(x, axis=1), [[1, math.nan, 3]], [[0, 0, 0]]),
    (lambda x: mx.nd.mean(x, axis=1), X, [[1 / 3] * 3] * 2),
    (lambda x: mx.nd.mean(x), X, [[1 / 6] * 3] * 2),
    (lambda x: mx.nd.sum(x, axis=1, exclude=True), X, [[1] * 3] * 2),
    (lambda x: mx.nd.prod(x, axis=1), [[1, 3, 3], [4, 2, 4]], [[9, 3, 3], [8, 16, 8]]),
    (lambda x: mx.nd.nansum(x, axis=1), [[1, math.nan, 3], [4, 0, 4]], [[1, 0, 1], [1, 1, 1]]),
    (lambda x: mx.nd.nanprod(x, axis=1), [[2, math.nan, 3], [4, 1, 4]], [[3, 0, 2], [4, 16, 4]]),
    (lambda x: mx.nd.norm(x), [[3, 4], [0, 0]], [[0.6, 0.8], [0, 0]]),
    (lambda x: mx.nd.norm(x, ord=1), [[3, -4], [0, 0]], [[1, -1], [0, 0]]),
    (lambda x: mx.nd.norm(x, ord=1, axis=1), [[3, -4], [0, 1]], [[1, -1], [0, 1]]),
    (lambda x: mx.nd.moments(x, axes=1)[0], X, [[1 / 3] * 3] * 2),
    (lambda x: mx.nd.moments(x, axes=1)[1], X, [[-0.8888889, 0.4444445, 0.4444445], [0.8888889, -1.7777778, 0.8888889]]),
    (lambda x: mx.nd.moments(x, axes=1), X, [[-0.5555555, 0.7777779, 0.7777779], [1.2222222, -1.4444444, 1.2222222]]),
    (lambda x: mx.nd.cumsum(x, axis=1), X, [[3, 2, 1], [3, 2, 1]]),
    (lambda x: mx.nd.cumsum(x), X, [[6, 5, 4], [3, 2, 1]]),
], ids=["max-ties", "max-keepdims", "max-all", "min-axis1", "min-axis0", "max-nan", "mean-axis",
        "mean-all", "sum-exclude", "prod", "nansum", "nanprod", "norm", "norm-l1", "norm-l1-axis",
        "moments-mean", "moments-var", "moments-both", "cumsum-axis", "cumsum-flat"])
def test_gradient_matches_mxnet(call, data, expected):
    (grad,) = gradient_of(call, array(data))
    np.testing.assert_allclose(grad, np.array(expected, dtype=np.float32), rtol=1e-5, atol=1e-6)


def test_sum_gradient_takes_the_head():
    (grad,) = gradient_of(lambda x: mx.nd.sum(x, axis=1), array(X), head=array([1, 2]))
    assert grad.tolist() == [[1, 1, 1], [2, 2, 2]]


def test_max_gradient_in_float64_and_through_exclude():
    (grad,) = gradient_of(lambda x: mx.nd.max(x, axis=0, exclude=True), array(X, "float64"))
    assert grad.dtype == np.float64 and grad.tolist() == [[0, 1, 1], [1, 0, 1]]


def test_max_without_grad_matches_the_recorded_path():
    x = array(np.random.default_rng(1).standard_normal((4, 5)))
    leaf = mx.nd.NDArray(x._data.clone().requires_grad_(True))
    for axis in (None, 0, (0, 1), 1):
        plain = mx.nd.max(x, axis=axis).asnumpy()
        assert np.array_equal(mx.nd.max(leaf, axis=axis).asnumpy(), plain)


def test_prod_gradient_with_zeros_is_finite():
    # deliberate: MXNet 1.9.1 divides the product by each element (0/0 = nan); torch's gradient is exact
    (grad,) = gradient_of(lambda x: mx.nd.prod(x, axis=1), array([[1, 3, 3], [4, 0, 4]]))
    assert grad.tolist() == [[9, 3, 3], [0, 16, 0]]


def test_l2_norm_gradient_at_zero_is_zero():
    # deliberate: MXNet 1.9.1 gives x / norm = nan for a zero row; mxnd gives torch's subgradient 0
    (grad,) = gradient_of(lambda x: mx.nd.norm(x, axis=1), array([[3, 4], [0, 0]]))
    np.testing.assert_allclose(grad, [[0.6, 0.8], [0, 0]], rtol=1e-6)


def test_argmax_and_integer_outputs_carry_no_gradient():
    (grad,) = gradient_of(lambda x: mx.nd.argmax(x, axis=1) + mx.nd.sum(x, axis=1) * 0, array(X))
    assert grad.tolist() == [[0, 0, 0], [0, 0, 0]]
    assert not mx.nd.argmax(mx.nd.NDArray(torch.ones(2, 3, requires_grad=True)), axis=1)._data.requires_grad


# ---- out=, aliases, fluent methods -------------------------------------------------------------

def test_out_receives_a_reduction():
    x, out = array(X), mx.nd.zeros((2,))
    assert mx.nd.sum(x, axis=1, out=out) is out
    assert out.asnumpy().tolist() == [7, 8]
    with pytest.raises(MXNetError):
        mx.nd.sum(x, axis=0, out=out)
    assert out.asnumpy().tolist() == [7, 8]
    with pytest.raises(MXNetError):
        mx.nd.sum(x, axis=1, out=mx.nd.zeros((2,), dtype="float64"))


def test_out_receives_both_moments():
    mean, var = mx.nd.zeros((2,)), mx.nd.zeros((2,))
    result = mx.nd.moments(array([[1, 2, 3], [4, 5, 6]]), axes=1, out=[mean, var])
    assert result[0] is mean and result[1] is var
    np.testing.assert_allclose(var.asnumpy(), [2 / 3, 2 / 3], rtol=1e-6)
    assert mean.asnumpy().tolist() == [2, 5]


def test_aliases_and_fluent_methods():
    assert mx.nd.sum_axis is mx.nd.sum and mx.nd.max_axis is mx.nd.max and mx.nd.min_axis is mx.nd.min
    x = array(X)
    assert x.nansum(axis=0).asnumpy().tolist() == [5, 3, 7]
    assert x.prod(1, True).shape == (2, 1)
    assert x.argmax_channel().asnumpy().tolist() == [1, 0]
    assert not hasattr(x, "cumsum") and not hasattr(x, "moments")  # MXNet has no such methods


# ---- contexts -------------------------------------------------------------------------------------

def test_reductions_stay_on_the_context(ctx):
    x = array([[1, 2, 3], [4, 5, np.inf]], ctx=ctx)
    for result in (mx.nd.sum(x, axis=0), mx.nd.norm(x, ord=1), mx.nd.argmin(x, axis=1),
                   mx.nd.cumsum(x, axis=1), mx.nd.all_finite(x), mx.nd.multi_sum_sq(x, x, num_arrays=2),
                   *mx.nd.moments(x, axes=0)):
        assert result.context == ctx
    assert mx.nd.all_finite(x).asnumpy().tolist() == [0]
    assert mx.nd.multi_all_finite(x[0:1], x[0:1], num_arrays=2).asnumpy().tolist() == [1]


def test_multi_sum_sq_of_arrays_on_two_contexts_raises(ctx):
    if ctx == mx.cpu(0):
        pytest.skip("needs a second device")
    with pytest.raises(MXNetError):
        mx.nd.multi_sum_sq(array([1, 2]), array([1, 2], ctx=ctx), num_arrays=2)


# ---- larger inputs against numpy ------------------------------------------------------------------

@pytest.mark.parametrize("name,reference", [
    ("sum", np.sum), ("mean", np.mean), ("max", np.max), ("min", np.min), ("nansum", np.nansum),
])
@pytest.mark.parametrize("axis", [None, 0, 2, (0, 2), -1])
def test_random_reductions_match_numpy(name, reference, axis):
    data = np.random.default_rng(3).standard_normal((5, 6, 7)).astype(np.float32)
    result = getattr(mx.nd, name)(mx.nd.array(data), axis=axis).asnumpy()
    expected = np.atleast_1d(reference(data, axis=axis))
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-5)


def test_norm_of_large_and_tiny_values_does_not_overflow():
    np.testing.assert_allclose(mx.nd.norm(array([[3e30, 4e30], [0, 0]]), axis=1).asnumpy(), [5e30, 0], rtol=1e-6)
    np.testing.assert_allclose(mx.nd.norm(array([3e-30, 4e-30])).asnumpy(), [5e-30], rtol=1e-6)
    np.testing.assert_allclose(mx.nd.norm(array([[3e30], [4e30]]), keepdims=True).asnumpy(), [[5e30]], rtol=1e-6)
    assert math.isinf(mx.nd.norm(array([np.inf, 1e30])).asscalar())


def test_integer_mean_truncates_like_mxnet():
    data = np.array([[-7, 2, 8], [9, -1, 0]], dtype=np.int32)
    result = mx.nd.mean(mx.nd.array(data, dtype="int32"), axis=1).asnumpy()
    assert result.dtype == np.int32 and result.tolist() == [1, 2]  # 3/3 and 8/3 truncated


# ---- parameters -------------------------------------------------------------------------------------

def test_reduced_dims_rules():
    assert reduced_dims(3, (2, 0), False) == (0, 2)
    assert reduced_dims(3, (0, 1, 2), True) == ()
    assert reduced_dims(2, (), True) == (0, 1)
    for bad in ((0, -3), 3, (1, 1)):
        with pytest.raises(ValueError):
            reduced_dims(3, bad, False)


def test_dtype_param_parsers():
    index = dtype_enum("float32", "float64", "int32")
    assert index(np.int32) == "int32" and index(None) == "float64"  # MXNet's np.dtype(None)
    with pytest.raises(TypeError):
        index("None")
    with pytest.raises(MXNetError, match="valid values"):
        index("int8")
    out = dtype_enum("float32", "int32", frontend=False)
    assert out(None) is None and out("None") is None and out(np.float32) == "float32"
    with pytest.raises(MXNetError, match="None, 'float32', 'int32'"):
        out("uint8")


def test_norm_rejects_integer_l2_and_foreign_out_dtype():
    with pytest.raises(MXNetError, match="integer arithmetic"):
        mx.nd.norm(array([3, 4], "int32"))
    with pytest.raises(MXNetError, match="out_dtype"):
        mx.nd.norm(array([3, 4]), out_dtype="float64")
    assert mx.nd.norm(array([3, -4], "int32"), ord=1).asnumpy().tolist() == [7]


def test_all_finite_without_init_output_writes_a_fresh_flag():
    # MXNet 1.9.1 only ever writes 0 when init_output=False (the previous out= value otherwise
    # stays, uninitialized without out=); mxnd writes the fresh 1/0 flag in both cases.
    out = mx.nd.zeros((1,))
    mx.nd.all_finite(array([1, 2]), init_output=False, out=out)
    assert out.asnumpy().tolist() == [1]


def test_multi_sum_sq_of_many_arrays():
    arrays = [mx.nd.ones((i + 1,)) * 2 for i in range(10)]
    result = mx.nd.multi_sum_sq(*arrays, num_arrays=10)
    assert result.dtype == np.float32 and result.asnumpy().tolist() == [4.0 * (i + 1) for i in range(10)]


def test_float16_sum_accumulates_in_float32():
    # deliberate: MXNet 1.9.1 accumulates in float16 and returns inf here
    result = mx.nd.sum(array([60000, 60000, -60000], "float16"))
    assert result.dtype == np.float16 and result.asnumpy().tolist() == [60000]
