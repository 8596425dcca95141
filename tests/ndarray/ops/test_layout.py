"""The layout family beyond the golden cases: copies vs views, multi-output results and out=,
MXNet's Python-level functions (moveaxis, concatenate, split_v2), parse errors, deliberate
differences, and gradients (values from MXNet 1.9.1's autograd)."""
import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of
from mxnd.base import MXNetError
from mxnd.ndarray.ops.layout import concatenate, moveaxis, parse_optional_ints, split_v2


def arange(*shape, ctx=None, dtype="float32"):
    return mx.nd.arange(int(np.prod(shape)), ctx=ctx, dtype=dtype).reshape(shape)


def heads_for(outputs):
    """MXNet's head gradients in the reference runs: 1, 2, 3, ... in each output's shape."""
    outputs = outputs if isinstance(outputs, list) else [outputs]
    return [arange(*o.shape, ctx=o.context, dtype=o.dtype) + 1 for o in outputs]


def values(arrays):
    return [a.asnumpy().tolist() for a in arrays]


# ---- operator outputs are new arrays -------------------------------------------------------

COPYING_CALLS = {
    "concat of one": lambda x: mx.nd.concat(x),
    "stack of one": lambda x: mx.nd.stack(x)[0],
    "split into one": lambda x: mx.nd.split(x, num_outputs=1, axis=0),
    "split part": lambda x: mx.nd.split(x, num_outputs=2, axis=0)[0],
    "_split_v2 whole": lambda x: mx.nd._internal._split_v2(x, indices=(0,), axis=0),
    "slice everything": lambda x: mx.nd.slice(x, begin=(), end=()),
    "slice leading rows": lambda x: mx.nd.slice(x, begin=(0,), end=(1,)),
    "crop": lambda x: mx.nd.crop(x, begin=(None, 0), end=(None, 3)),
    "slice_axis": lambda x: mx.nd.slice_axis(x, axis=0, begin=0, end=1),
    "slice_like itself": lambda x: mx.nd.slice_like(x, x),
    "flip nothing": lambda x: mx.nd.flip(x, axis=()),
    "flip twice": lambda x: mx.nd.flip(x, axis=(1, 1)),
    "tile once": lambda x: mx.nd.tile(x, reps=(1, 1)),
    "tile empty reps": lambda x: mx.nd.tile(x, reps=()),
    "repeat once": lambda x: mx.nd.repeat(x, repeats=1, axis=0),
    "pad nothing": lambda x: mx.nd.pad(x.reshape((1, 1, 2, 3)), mode="edge", pad_width=(0,) * 8),
    "khatri_rao of one": lambda x: mx.nd.khatri_rao(x),
    "im2col 1x1": lambda x: mx.nd.im2col(x.reshape((1, 1, 2, 3)), kernel=(1, 1)),
}


@pytest.mark.parametrize("call", COPYING_CALLS.values(), ids=COPYING_CALLS.keys())
def test_outputs_do_not_share_memory_with_the_input(call, ctx):
    x = arange(2, 3, ctx=ctx)
    y = call(x)
    y[:] = -1
    assert x.asnumpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert y.context == ctx


# ---- several outputs, out= ------------------------------------------------------------------

def test_split_returns_a_list_and_a_single_part_alone(ctx):
    x = arange(2, 4, ctx=ctx)
    parts = mx.nd.split(x, num_outputs=2, axis=1)
    assert isinstance(parts, list) and values(parts) == [[[0, 1], [4, 5]], [[2, 3], [6, 7]]]
    assert all(p.context == ctx for p in parts)
    whole = mx.nd.split(x, num_outputs=1, axis=1)
    assert isinstance(whole, mx.nd.NDArray) and whole.shape == (2, 4)


def test_split_writes_into_a_list_of_outputs(ctx):
    outs = [mx.nd.zeros((2, 2), ctx=ctx), mx.nd.zeros((2, 2), ctx=ctx)]
    assert mx.nd.split(arange(2, 4, ctx=ctx), num_outputs=2, axis=1, out=outs) is outs
    assert values(outs) == [[[0, 1], [4, 5]], [[2, 3], [6, 7]]]
    with pytest.raises(MXNetError):
        mx.nd.split(arange(2, 4, ctx=ctx), num_outputs=2, axis=1, out=outs[:1])


def test_concat_and_stack_take_out_and_data_keyword(ctx):
    a, b = arange(2, 2, ctx=ctx), arange(2, 2, ctx=ctx) + 4
    out = mx.nd.zeros((4, 2), ctx=ctx)
    assert mx.nd.concat(a, b, dim=0, out=out) is out
    assert out.asnumpy().tolist() == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert mx.nd.stack(data=[a, b], axis=2).shape == (2, 2, 2)
    assert mx.nd.Concat(a, b).shape == (2, 4)


def test_aliases_are_one_function():
    assert mx.nd.Concat is mx.nd.concat
    assert mx.nd.SliceChannel is mx.nd.split
    assert mx.nd.crop is mx.nd.slice
    assert mx.nd.reverse is mx.nd.flip
    assert mx.nd.Pad is mx.nd.pad
    assert mx.nd._internal._ravel_multi_index is mx.nd.ravel_multi_index
    assert mx.nd._internal._unravel_index is mx.nd.unravel_index


def test_fluent_methods_of_the_family():
    x = arange(2, 3)
    assert values(x.split(num_outputs=3)) == [[[0], [3]], [[1], [4]], [[2], [5]]]
    assert values(x.split_v2((1,), axis=1)) == [[[0], [3]], [[1, 2], [4, 5]]]
    assert x.slice(begin=(1,), end=(2,)).asnumpy().tolist() == [[3, 4, 5]]
    assert x.slice_axis(axis=1, begin=-1, end=None).asnumpy().tolist() == [[2], [5]]
    assert x.slice_like(mx.nd.zeros((1, 1))).asnumpy().tolist() == [[0]]
    assert x.flip(axis=1).asnumpy().tolist() == [[2, 1, 0], [5, 4, 3]]
    assert x.tile(reps=(2,)).shape == (2, 6)
    assert x.repeat(repeats=2, axis=0).shape == (4, 3)
    assert x.reshape((1, 1, 2, 3)).pad(mode="constant", pad_width=(0, 0, 0, 0, 1, 1, 0, 0)).shape == (1, 1, 4, 3)


# ---- MXNet's Python-level functions ---------------------------------------------------------
# Values from MXNet 1.9.1 (mx.nd.moveaxis, mx.nd.concatenate, mx.nd.split_v2).

def test_moveaxis_as_mxnet():
    z = arange(3, 4, 5)
    assert moveaxis(z, 0, 1).shape == (4, 3, 5)
    assert moveaxis(z, [0, 1], [-1, -2]).shape == (5, 4, 3)
    assert moveaxis(z, -1, 0).shape == (5, 3, 4)
    assert moveaxis(z, (0, 1), (2, 0)).shape == (4, 5, 3)
    assert moveaxis(arange(2, 3, dtype="int32"), 1, 0).asnumpy().tolist() == [[0, 3], [1, 4], [2, 5]]
    assert moveaxis(arange(2, 3, dtype="int32"), 1, 0).dtype is np.int32
    x = arange(2, 3)
    moveaxis(x, 0, 0)[:] = 9  # a copy, as MXNet's transpose
    assert x.asnumpy().tolist() == [[0, 1, 2], [3, 4, 5]]


@pytest.mark.parametrize("source, destination", [(3, 0), (0, 3), ([0, 1], [1]), ([0, 0], [1, 2]), (-4, 0)])
def test_moveaxis_raises_value_error_as_mxnet(source, destination):
    with pytest.raises(ValueError):
        moveaxis(arange(3, 4, 5), source, destination)


def test_moveaxis_of_bool_raises_as_transpose():
    with pytest.raises(MXNetError):
        moveaxis(arange(2, 3).astype("bool"), 1, 0)


def test_concatenate_as_mxnet():
    a, b = arange(2, 3), arange(2, 3) + 6
    assert concatenate([a, b]).asnumpy().tolist() == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]
    assert concatenate([a, b], 1).asnumpy().tolist() == [[0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11]]
    assert concatenate([a, mx.nd.ones((3, 3))]).shape == (5, 3)
    assert concatenate([a], always_copy=False) is a
    copy = concatenate([a])
    assert copy is not a
    copy[:] = 0
    assert a.asnumpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert concatenate([a.astype("int32"), b.astype("int32")], axis=1).dtype is np.int32


@pytest.mark.parametrize("arrays, axis, error", [
    ("(a, b)", 0, AssertionError), ("[]", 0, AssertionError), ("[a, mx.nd.ones((3, 3))]", 1, AssertionError),
    ("[a, b.astype('int32')]", 0, AssertionError), ("[[1, 2]]", 0, AssertionError),
    ("[a, [1, 2]]", 0, AttributeError), ("[a, b]", 2, IndexError), ("[a, b]", -1, MXNetError),
    ("[a.astype('bool'), b.astype('bool')]", 0, MXNetError),
])
def test_concatenate_errors_as_mxnet(arrays, axis, error):
    a, b = arange(2, 3), arange(2, 3)
    with pytest.raises(error):
        concatenate(eval(arrays), axis=axis)


def test_split_v2_as_mxnet():
    x = arange(2, 3, 4)
    assert [p.shape for p in split_v2(x, 3, axis=1)] == [(2, 1, 4)] * 3
    assert [p.shape for p in split_v2(x, (1,), axis=1)] == [(2, 1, 4), (2, 2, 4)]
    assert [p.shape for p in split_v2(x, 3, axis=1, squeeze_axis=True)] == [(2, 4)] * 3
    assert values(split_v2(x, 2, -1))[1][0] == [[2, 3], [6, 7], [10, 11]]
    assert split_v2(x, 1, axis=0).shape == (2, 3, 4)
    with pytest.raises(ValueError, match="equal division"):
        split_v2(x, 5)
    with pytest.raises(ValueError, match="int or tuple"):
        split_v2(x, [1, 2], axis=2)
    with pytest.raises(MXNetError):
        split_v2(x, (3, 1), axis=2)


def test_python_functions_are_exported_from_nd():
    assert (mx.nd.moveaxis, mx.nd.concatenate, mx.nd.split_v2) == (moveaxis, concatenate, split_v2)


# ---- parameters -----------------------------------------------------------------------------

def test_parse_optional_ints_reads_mxnet_forms():
    assert parse_optional_ints("(None, 2)") == (None, 2)
    assert parse_optional_ints("[0, None,]") == (0, None)
    assert parse_optional_ints("(1L, -2)") == (1, -2)
    assert parse_optional_ints("3") == (3,)
    assert parse_optional_ints("()") == ()
    assert parse_optional_ints([np.int64(1), None]) == (1, None)
    assert parse_optional_ints(None) is None and parse_optional_ints("None") is None
    for bad in ("(a,)", "(none,)", (1.5,), (True,), 1.5, np.array([0, 1]), "1,2"):
        with pytest.raises(MXNetError, match="Invalid Parameter format"):
            parse_optional_ints(bad)


@pytest.mark.parametrize("call", [
    lambda x: mx.nd.slice(x, begin="(a,)", end="(2,)"), lambda x: mx.nd.slice(x, begin=(1.5,), end=(2,)),
    lambda x: mx.nd.slice(x, begin=(True,), end=(2,)), lambda x: mx.nd.slice_axis(x, axis=0, begin=0, end="none"),
    lambda x: mx.nd.repeat(x, repeats=(2,)), lambda x: mx.nd.repeat(x, repeats=2.5),
    lambda x: mx.nd.split(x, num_outputs=1.0), lambda x: mx.nd.tile(x, reps="(a)"),
    lambda x: mx.nd.concat(x, x, dim="x"),
], ids=["slice text", "slice float", "slice bool", "slice_axis end", "repeats tuple", "repeats float",
        "num_outputs float", "reps text", "concat dim"])
def test_unparsable_params_raise_mxnet_error(call):
    # MXNet 1.9.1: MXNetError "Invalid Parameter format for ... but value=..."
    with pytest.raises(MXNetError, match="Invalid Parameter format"):
        call(arange(2, 3))


def test_split_with_num_outputs_given_positionally():
    assert values(mx.nd.split(arange(2, 2), 2)) == [[[0], [2]], [[1], [3]]]


# ---- deliberate differences (docs: the DELIBERATE lists of the golden cases) ------------------

def test_stack_rejects_inputs_of_another_shape_with_the_same_size():
    with pytest.raises(MXNetError, match="same shape"):
        mx.nd.stack(arange(2, 3), arange(3, 2))


def test_unravel_index_needs_a_1d_input():
    with pytest.raises(MXNetError, match="one-dimensional"):
        mx.nd.unravel_index(mx.nd.array([[22, 41], [37, 1]]), shape=(7, 6))


def test_slice_clips_a_begin_before_the_start_in_every_dtype():
    for dtype in ("float32", "float64", "int32"):
        assert mx.nd.slice(arange(5, dtype=dtype), begin=(-10,), end=(3,)).asnumpy().tolist() == [0, 1, 2]


def test_im2col_needs_a_2d_kernel():
    with pytest.raises(MXNetError, match="2-D kernels"):
        mx.nd.im2col(arange(1, 2, 4, 4), kernel=(2,))


def test_pad_reflect_checks_every_padded_axis():
    # MXNet 1.9.1 checks axes 2 and 3 only and reads out of bounds on the last axis of 5-D input
    with pytest.raises(MXNetError, match="smaller than the input size"):
        mx.nd.pad(arange(1, 1, 2, 3, 4), mode="reflect", pad_width=(0,) * 8 + (4, 4))


def test_ravel_multi_index_wraps_as_mxnet_int32_indices():
    data = mx.nd.array([[30000, 1], [30000, 1]], dtype="int64")
    assert mx.nd.ravel_multi_index(data, shape=(100000, 100000)).asnumpy().tolist() == [-1294937296, 100001]


# ---- gradients: MXNet 1.9.1, inputs 0, 1, 2, ... and head gradients 1, 2, 3, ... ------------

GRADIENTS = {
    "concat": (lambda a, b: mx.nd.concat(a, b, dim=1), [(2, 2), (2, 3)],
               [[[1, 2], [6, 7]], [[3, 4, 5], [8, 9, 10]]]),
    "stack": (lambda a, b: mx.nd.stack(a, b, axis=1), [(2, 3), (2, 3)],
              [[[1, 2, 3], [7, 8, 9]], [[4, 5, 6], [10, 11, 12]]]),
    "split": (lambda a: mx.nd.split(a, num_outputs=3, axis=1, squeeze_axis=True), [(2, 3)],
              [[[1, 1, 1], [2, 2, 2]]]),
    "split, one part used": (lambda a: mx.nd.split(a, num_outputs=2, axis=0)[1], [(2, 3)],
                             [[[0, 0, 0], [1, 2, 3]]]),
    "_split_v2": (lambda a: mx.nd._internal._split_v2(a, indices=(0, 1), axis=1), [(2, 3)],
                  [[[1, 1, 2], [2, 3, 4]]]),
    "_split_v2 sections": (lambda a: mx.nd._internal._split_v2(a, indices=(0,), sections=3, axis=1), [(2, 5)],
                           [[[1, 2, 1, 2, 1], [3, 4, 3, 4, 2]]]),
    "slice, negative step": (lambda a: mx.nd.slice(a, begin=(None, 3), end=(None, 0), step=(1, -2)), [(2, 4)],
                             [[[0, 2, 0, 1], [0, 4, 0, 3]]]),
    "slice_axis": (lambda a: mx.nd.slice_axis(a, axis=1, begin=1, end=None), [(2, 3)], [[[0, 1, 2], [0, 3, 4]]]),
    "slice_like": (lambda a, b: mx.nd.slice_like(a, b, axes=(1,)), [(2, 3), (1, 2)],
                   [[[1, 2, 0], [3, 4, 0]], [[0, 0]]]),
    "flip": (lambda a: mx.nd.flip(a, axis=(0, 0, 1)), [(2, 3)], [[[3, 2, 1], [6, 5, 4]]]),
    "tile": (lambda a: mx.nd.tile(a, reps=(2, 1, 2)), [(2, 2)], [[[24, 28], [40, 44]]]),
    "repeat": (lambda a: mx.nd.repeat(a, repeats=2, axis=0), [(2, 2)], [[[4, 6], [12, 14]]]),
    "repeat, flat": (lambda a: mx.nd.repeat(a, repeats=3), [(2, 2)], [[[6, 15], [24, 33]]]),
    "pad constant": (lambda a: mx.nd.pad(a, mode="constant", pad_width=(0, 0, 0, 0, 1, 0, 0, 2), constant_value=5),
                     [(1, 1, 2, 3)], [[[[[6, 7, 8], [11, 12, 13]]]]]),
    "pad edge": (lambda a: mx.nd.pad(a, mode="edge", pad_width=(0, 0, 0, 0, 1, 2, 2, 1)), [(1, 1, 2, 3)],
                 [[[[[30, 14, 34], [180, 66, 141]]]]]),
    "pad reflect": (lambda a: mx.nd.pad(a, mode="reflect", pad_width=(0, 0, 0, 0, 1, 1, 2, 1)), [(1, 1, 2, 3)],
                    [[[[[30, 96, 60], [18, 60, 36]]]]]),
    "im2col": (lambda a: mx.nd.im2col(a, kernel=(2, 2), stride=(1, 1), pad=(1, 0)), [(1, 1, 3, 3)],
               [[[[[20, 58, 38], [24, 66, 42], [28, 74, 46]]]]]),
    "col2im": (lambda a: mx.nd.col2im(a, output_size=(3, 3), kernel=(2, 2)), [(1, 4, 4)],
               [[[[1, 2, 4, 5], [2, 3, 5, 6], [4, 5, 7, 8], [5, 6, 8, 9]]]]),
    "ravel_multi_index": (lambda a: mx.nd.ravel_multi_index(a, shape=(3, 3)), [(2, 2)], [[[0, 0], [0, 0]]]),
    "unravel_index": (lambda a: mx.nd.unravel_index(a, shape=(3, 3)), [(3,)], [[0, 0, 0]]),
}


@pytest.mark.parametrize("function, shapes, expected", GRADIENTS.values(), ids=GRADIENTS.keys())
def test_gradient_matches_mxnet(function, shapes, expected):
    arrays = [arange(*shape) for shape in shapes]
    grads = gradient_of(function, *arrays, head=heads_for(function(*arrays)))
    assert [g.tolist() for g in grads] == expected

