"""The shape family beyond the golden cases: copies vs views, the hand-written NDArray methods,
aliases, out=, errors raised while parsing, and gradients (values from MXNet 1.9.1's autograd)."""
import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of
from mxnd.base import MXNetError
from mxnd.ndarray.ndarray import NDArray


def arange(*shape, ctx=None, dtype="float32"):
    return mx.nd.arange(int(np.prod(shape)), ctx=ctx, dtype=dtype).reshape(shape)


def heads_for(outputs):
    """MXNet's head gradients in the reference runs: 1, 2, 3, ... in each output's shape."""
    outputs = outputs if isinstance(outputs, list) else [outputs]
    return [arange(*o.shape, ctx=o.context, dtype=o.dtype) + 1 for o in outputs]


# ---- operator outputs are new arrays -------------------------------------------------------

COPYING_CALLS = {
    "flatten": lambda x: mx.nd.flatten(x),
    "expand_dims": lambda x: mx.nd.expand_dims(x, axis=0),
    "squeeze": lambda x: mx.nd.squeeze(x, axis=()),
    "swapaxes (same axis)": lambda x: mx.nd.swapaxes(x, 1, 1),
    "broadcast_axes (no axes)": lambda x: mx.nd.broadcast_axes(x),
    "depth_to_space (block 1)": lambda x: mx.nd.depth_to_space(x.reshape((1, 2, 3, 4)), 1),
    "space_to_depth (block 1)": lambda x: mx.nd.space_to_depth(x.reshape((1, 2, 3, 4)), 1),
    "diag": lambda x: mx.nd.diag(x, axis1=0, axis2=2),
    "transpose (identity)": lambda x: mx.nd.transpose(x, axes=(0, 1, 2)),
    "reshape": lambda x: mx.nd.reshape(x, shape=(-1,)),
}


@pytest.mark.parametrize("call", COPYING_CALLS.values(), ids=COPYING_CALLS.keys())
def test_outputs_do_not_share_memory_with_the_input(call, ctx):
    x = arange(2, 3, 4, ctx=ctx)
    y = call(x)
    y[:] = -1
    assert x.asnumpy().tolist() == np.arange(24, dtype=np.float32).reshape(2, 3, 4).tolist()
    assert y.context == ctx


# ---- the hand-written methods --------------------------------------------------------------

def test_inplace_methods_return_views(ctx):
    x = arange(2, 1, 3, ctx=ctx)
    flat, expanded, squeezed = x.flatten(inplace=True), x.expand_dims(0, inplace=True), x.squeeze(inplace=True)
    assert (flat.shape, expanded.shape, squeezed.shape) == ((2, 3), (1, 2, 1, 3), (2, 3))
    flat[0] = 10
    expanded[0, 1] = 20
    squeezed[:, 2] = 30
    assert x.asnumpy().reshape(2, 3).tolist() == [[10, 10, 30], [20, 20, 30]]


def test_methods_copy_without_inplace(ctx):
    x = arange(2, 1, 3, ctx=ctx)
    for copy in (x.flatten(), x.expand_dims(1), x.squeeze(), x.squeeze(axis=1)):
        copy[:] = 7
    assert x.asnumpy().ravel().tolist() == [0, 1, 2, 3, 4, 5]


def test_method_signatures_follow_mxnet():
    x = arange(1, 2, 1)
    assert x.squeeze(1 - 1).shape == (2, 1)  # axis is the first positional parameter
    assert x.squeeze(None, True).shape == (2,)
    assert x.expand_dims(-1, True).shape == (1, 2, 1, 1)
    assert x.flatten(True).shape == (1, 2)
    # MXNet's in-place squeeze reads an empty axis as "every size-1 axis"
    assert x.squeeze(axis=(), inplace=True).shape == (2,)
    assert x.squeeze(axis=()).shape == (1, 2, 1)
    assert NDArray.flatten.__name__ == "flatten" and "view" in NDArray.flatten.__doc__


@pytest.mark.parametrize("call, message", [
    (lambda x: x.expand_dims(4, inplace=True), "out of range"),
    (lambda x: x.squeeze(axis=1, inplace=True), "must be size 1"),
    (lambda x: x.squeeze(axis=(0, 0), inplace=True), "duplicate"),
    (lambda x: x.squeeze(axis=5, inplace=True), "out of range"),
])
def test_inplace_methods_assert_as_mxnet(call, message):
    with pytest.raises(AssertionError, match=message):
        call(arange(1, 2, 1))


def test_fluent_methods_of_the_family():
    x = arange(1, 4, 2, 2)
    assert x.depth_to_space(2).shape == (1, 1, 4, 4)
    assert x.space_to_depth(2).shape == (1, 16, 1, 1)
    assert x.swapaxes(1, 3).shape == (1, 2, 2, 4)
    assert arange(1, 3).broadcast_axes(axis=0, size=2).shape == (2, 3)
    assert x.shape_array().asnumpy().tolist() == [1, 4, 2, 2]
    assert x.size_array().asnumpy().tolist() == [16]
    assert arange(3, 3).diag(1).asnumpy().tolist() == [1, 5]
    assert arange(3, 3).diag(k=-1).asnumpy().tolist() == [3, 7]


def test_aliases_are_one_function():
    assert mx.nd.Flatten is mx.nd.flatten
    assert mx.nd.SwapAxis is mx.nd.swapaxes
    assert mx.nd.broadcast_axis is mx.nd.broadcast_axes


def test_shape_and_size_arrays_are_int64(ctx):
    x = arange(2, 3, ctx=ctx, dtype="float16")
    for result in (mx.nd.shape_array(x), mx.nd.size_array(x)):
        assert result.dtype is np.int64 and result.context == ctx
    assert mx.nd.size_array(mx.nd.array(3)).asnumpy().tolist() == [1]


def test_out_receives_the_result(ctx):
    out = mx.nd.zeros((3, 2), ctx=ctx)
    assert mx.nd.swapaxes(arange(2, 3, ctx=ctx), 0, 1, out=out) is out
    assert out.asnumpy().tolist() == [[0, 3], [1, 4], [2, 5]]
    with pytest.raises(MXNetError):
        mx.nd.flatten(arange(2, 3, ctx=ctx), out=mx.nd.zeros((3, 2), ctx=ctx))


@pytest.mark.parametrize("call", [
    lambda x: mx.nd.expand_dims(x, axis=(1,)), lambda x: mx.nd.expand_dims(x, axis=1.5),
    lambda x: mx.nd.depth_to_space(x, block_size="two"), lambda x: mx.nd.diag(x, k=0.5),
    lambda x: mx.nd.swapaxes(x, dim1="(0,)"), lambda x: mx.nd.broadcast_axes(x, axis="1.5", size=2),
], ids=["expand_dims tuple", "expand_dims float", "block_size text", "diag float k", "swapaxes tuple",
        "broadcast_axes float"])
def test_unparsable_params_raise_mxnet_error(call):
    # MXNet 1.9.1: MXNetError "Invalid Parameter format for ... expect int but value=..."
    with pytest.raises(MXNetError, match="Invalid Parameter format"):
        call(arange(2, 3))


@pytest.mark.parametrize("name", ["swapaxes", "broadcast_axes", "depth_to_space", "space_to_depth", "diag",
                                  "transpose"])
def test_bool_inputs_are_rejected_as_mxnet_kernels_do(name):
    kwargs = {"depth_to_space": {"block_size": 1}, "space_to_depth": {"block_size": 1}}.get(name, {})
    with pytest.raises(MXNetError, match="does not support boolean type"):
        getattr(mx.nd, name)(mx.nd.ones((1, 1, 2, 2), dtype="bool"), **kwargs)


# ---- gradients: MXNet 1.9.1, inputs 0, 1, 2, ... and head gradients 1, 2, 3, ... ------------

GRADIENTS = {
    "swapaxes": (lambda a: mx.nd.swapaxes(a, 0, 2), [(2, 3, 2)],
                 [[[[1, 7], [3, 9], [5, 11]], [[2, 8], [4, 10], [6, 12]]]]),
    "broadcast_axes": (lambda a: mx.nd.broadcast_axes(a, axis=(0, 2), size=(2, 3)), [(1, 2, 1)],
                       [[[[30], [48]]]]),
    "depth_to_space": (lambda a: mx.nd.depth_to_space(a, 2), [(1, 4, 1, 2)],
                       [[[[[1, 3]], [[2, 4]], [[5, 7]], [[6, 8]]]]]),
    "space_to_depth": (lambda a: mx.nd.space_to_depth(a, 2), [(1, 1, 2, 4)], [[[[[1, 3, 2, 4], [5, 7, 6, 8]]]]]),
    "diag 2-D": (lambda a: mx.nd.diag(a, k=1), [(3, 3)], [[[0, 1, 0], [0, 0, 2], [0, 0, 0]]]),
    "diag 1-D": (lambda a: mx.nd.diag(a, k=-1), [(2,)], [[4, 8]]),
    "diag 3-D": (lambda a: mx.nd.diag(a, k=1, axis1=2, axis2=0), [(2, 3, 4)],
                 [[[[0, 0, 0, 0]] * 3, [[1, 0, 0, 0], [2, 0, 0, 0], [3, 0, 0, 0]]]]),
    "flatten": (lambda a: mx.nd.flatten(a), [(2, 1, 3)], [[[[1, 2, 3]], [[4, 5, 6]]]]),
    "expand_dims": (lambda a: mx.nd.expand_dims(a, axis=1), [(2, 3)], [[[1, 2, 3], [4, 5, 6]]]),
    "squeeze": (lambda a: mx.nd.squeeze(a), [(2, 1, 3)], [[[[1, 2, 3]], [[4, 5, 6]]]]),
    "transpose": (lambda a: mx.nd.transpose(a, axes=(1, 2, 0)), [(2, 3, 2)],
                  [[[[1, 3], [5, 7], [9, 11]], [[2, 4], [6, 8], [10, 12]]]]),
    "shape_array": (lambda a: mx.nd.shape_array(a), [(2, 3)], [[[0, 0, 0], [0, 0, 0]]]),
    "size_array": (lambda a: mx.nd.size_array(a), [(2, 3)], [[[0, 0, 0], [0, 0, 0]]]),
}


@pytest.mark.parametrize("function, shapes, expected", GRADIENTS.values(), ids=GRADIENTS.keys())
def test_gradient_matches_mxnet(function, shapes, expected):
    arrays = [arange(*shape) for shape in shapes]
    grads = gradient_of(function, *arrays, head=heads_for(function(*arrays)))
    assert [g.tolist() for g in grads] == expected
