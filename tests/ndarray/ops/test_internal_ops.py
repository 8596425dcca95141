"""MXNet's internal operators behind its Python functions: _zeros, _ones, _full, _arange, _linspace,
_eye, _set_value, _slice_assign(_scalar), _scatter_*, _rnn_param_concat and _split_v2_backward.

Every expected value, dtype, shape and error message here was printed by MXNet 1.9.1 (the
reference venv, ``mx.nd._internal.<op>``). ``_split_v2_backward`` cannot take arrays through
MXNet's Python wrapper (its signature has no inputs) and has no shape inference without
``out=``: its values were printed through ``MXImperativeInvokeEx`` with ``out=`` given.
"""
import math

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.base import MXNetError

I = mx.nd._internal
INT32_MIN = -2 ** 31


def check(array, expected, dtype, shape=None, ctx=None):
    assert array.dtype == np.dtype(dtype).type, array.dtype
    assert array.shape == (np.asarray(expected).shape if shape is None else shape)
    if ctx is not None:
        assert array.context == ctx
    np.testing.assert_array_equal(array.asnumpy(), np.asarray(expected, dtype=dtype))


def x34(ctx, dtype="float32"):
    """[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]"""
    return mx.nd.arange(12, ctx=ctx).reshape((3, 4)).astype(dtype)


# ---- _zeros, _ones, _full ------------------------------------------------------------------------

@pytest.mark.parametrize("call, expected, dtype", [
    (lambda ctx: I._zeros(shape=(2,), ctx=ctx), [0, 0], "float32"),
    (lambda ctx: I._zeros(shape=(2, 3), ctx=ctx, dtype="int32"), [[0] * 3] * 2, "int32"),
    (lambda ctx: I._zeros(shape=(2,), ctx=ctx, dtype="bool"), [False, False], "bool"),
    (lambda ctx: I._zeros(shape=3, ctx=ctx), [0, 0, 0], "float32"),
    (lambda ctx: I._zeros(shape="(2, 3)", ctx=ctx), [[0] * 3] * 2, "float32"),
    (lambda ctx: I._ones(shape=(2,), ctx=ctx, dtype="int32"), [1, 1], "int32"),
    (lambda ctx: I._ones(shape=(2,), ctx=ctx, dtype="float16"), [1, 1], "float16"),
    (lambda ctx: I._ones(shape=(2,), ctx=ctx, dtype="bool"), [True, True], "bool"),
    (lambda ctx: I._ones(shape=(2,), ctx=ctx, dtype=None), [1, 1], "float64"),  # np.dtype(None)
    (lambda ctx: I._ones(shape=(2,), ctx=ctx, dtype=np.float64), [1, 1], "float64"),
], ids=["zeros", "zeros int32", "zeros bool", "int shape", "text shape", "ones int32", "ones float16",
        "ones bool", "dtype None", "numpy dtype"])
def test_zeros_and_ones(call, expected, dtype, ctx):
    check(call(ctx), expected, dtype, ctx=ctx)


@pytest.mark.parametrize("make, fill", [(mx.nd.zeros, 0.0), (mx.nd.ones, 1.0)])
def test_zeros_and_ones_common_call_keeps_every_rule(make, fill):
    # a tuple of sizes, no ctx, no dtype takes a short path: the default context, float32, the
    # profiler's name and the general path's errors still hold
    with mx.cpu(2):
        check(make((2, 3)), [[fill] * 3] * 2, "float32", ctx=mx.cpu(2))
    assert make((0, 2)).shape == (0, 2) and make(()).shape == ()
    with pytest.raises(MXNetError, match="Invalid Parameter format for shape expect Shape"):
        make((True, 2))
    with pytest.raises(MXNetError, match="dimension sizes must be non-negative"):
        make((2, -1))
    torch.set_default_dtype(torch.float64)  # a caller's torch default: MXNet's float32 all the same
    try:
        check(make((2,)), [fill] * 2, "float32")
    finally:
        torch.set_default_dtype(torch.float32)


@pytest.mark.parametrize("value, dtype, expected", [
    (3.7, "float32", np.float32(3.7)), (3.7, "int32", 3), (-3.7, "int32", -3), (-1, "uint8", 255),
    (300, "uint8", 44), (200, "int8", -56), (float("nan"), "int32", INT32_MIN), (3e9, "int32", INT32_MIN),
    (0.1, "float16", 0.0999755859375), (2 ** 53 + 1, "int64", 9007199254740992), (0.5, "bool", True),
])
def test_full_casts_the_value_as_mxnet(value, dtype, expected, ctx):
    check(I._full(shape=(2,), value=value, dtype=dtype, ctx=ctx), [expected] * 2, dtype, ctx=ctx)


def test_creation_context():
    check(I._zeros(shape=(2,), ctx="cpu(1)"), [0, 0], "float32", ctx=mx.cpu(1))
    check(I._arange(start=2, ctx=mx.cpu(3)), [0, 1], "float32", ctx=mx.cpu(3))
    # Without ctx MXNet 1.9.1 creates on cpu(0) even inside ``with mx.cpu(2)``; mxnd's no-input
    # operators (the _random_* samplers too) create on the current default context
    with mx.cpu(2):
        check(I._full(shape=(2,), value=3.7), [np.float32(3.7)] * 2, "float32", ctx=mx.cpu(2))


def test_creation_functions_share_the_values():
    # mx.nd.full/linspace call these operators in MXNet: the same values there
    check(mx.nd.full((2,), 300, dtype="uint8"), [44, 44], "uint8")
    check(mx.nd.full((2,), float("nan"), dtype="int32"), [INT32_MIN] * 2, "int32")
    out = mx.nd.zeros((2,), dtype="int32")
    assert mx.nd.full((2,), 2.7, out=out) is out
    check(out, [2, 2], "int32")
    check(mx.nd.linspace(0, 10, 4, dtype="int32"), [0, 3, 6, 10], "int32")
    check(mx.nd.linspace(-5, 0, 4, dtype="uint8"), [251, 253, 255, 0], "uint8")
    check(mx.nd.arange(0.5, 3, 1.5, dtype="float16"), [0, 1], "float16")
    check(mx.nd.eye(2, -1), [[1, 0], [0, 1]], "float32")


def test_fill_operators_write_out(ctx):
    out = mx.nd.zeros((2,), ctx=ctx, dtype="int32")
    assert I._ones(shape=(2,), dtype="int32", out=out) is out
    check(out, [1, 1], "int32")
    with pytest.raises(MXNetError, match=r"Provided = \[3\], inferred shape=\[2\]"):
        I._full(shape=(2,), value=1, out=mx.nd.zeros((3,), ctx=ctx))
    with pytest.raises(MXNetError, match="float32"):
        I._full(shape=(2,), value=1, out=mx.nd.zeros((2,), ctx=ctx, dtype="int32"))


@pytest.mark.parametrize("call, message", [
    (lambda: I._zeros(), "_zeros"),  # MXNet: shape () is unknown, inferring shapes failed
    (lambda: I._zeros(shape=(-1, 2)), "_zeros"),
    (lambda: I._zeros(shape=(2, 2), stype="csr"), "Cannot find argument 'stype'"),
    (lambda: I._ones(shape=(2,), dtype="complex64"), "Invalid Input: 'complex64'"),
    (lambda: I._full(shape=(2,)), "Required parameter value"),
])
def test_fill_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call()


# ---- _arange, _linspace, _eye --------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, expected, dtype", [
    ({"start": 3}, [0, 1, 2], "float32"),
    ({"start": 1, "stop": 4}, [1, 2, 3], "float32"),
    ({"start": 0, "stop": 3, "repeat": 2}, [0, 0, 1, 1, 2, 2], "float32"),
    ({"start": 0.5, "stop": 4, "step": 1.5, "dtype": "int32"}, [0, 1, 2], "int32"),
    ({"start": 5, "stop": 1, "step": -1.5}, [5, 3.5, 2], "float32"),
    ({"start": 0, "stop": 3, "infer_range": True}, [0, 1, 2], "float32"),
    ({"start": 0, "stop": 1, "step": 0.3}, [0.0, 0.30000001192092896, 0.6000000238418579, 0.9000000357627869],
     "float32"),
    # float16 and uint8 read start and step as integers (std::is_signed is false for them)
    ({"start": 0, "stop": 1, "step": 0.1, "dtype": "float16"}, [0.0] * 10, "float16"),
    ({"start": 0.5, "stop": 3, "step": 1.5, "dtype": "float16"}, [0, 1], "float16"),
    ({"start": -2, "stop": 2, "dtype": "uint8"}, [254, 255, 0, 1], "uint8"),
    ({"start": -2.7, "stop": 2, "dtype": "int64"}, [-2, -1, 0, 1, 2], "int64"),
], ids=str)
def test_arange_values(kwargs, expected, dtype, ctx):
    check(I._arange(ctx=ctx, **kwargs), expected, dtype, ctx=ctx)


def test_arange_positional_params():
    check(I._arange(1, 5, 2), [1, 3], "float32")


@pytest.mark.parametrize("kwargs, message", [
    ({"start": 0, "stop": 3, "step": 0}, "Range does not support step=0, received 0"),
    ({"start": 3, "stop": 1}, r"Invalid range \(start, stop, step\) = \(3,1,1\)"),
    ({"start": 0, "stop": 3, "repeat": 0}, "Range only supports repeat > 0, received 0"),
    ({}, "Required parameter start"),
    ({"start": 0, "infer_range": True}, "_arange"),  # MXNet: inferring shapes failed
    ({"start": 0, "stop": 3, "dtype": "bool"}, "Invalid Input: 'bool'"),
], ids=str)
def test_arange_errors(kwargs, message):
    with pytest.raises(MXNetError, match=message):
        I._arange(**kwargs)


@pytest.mark.parametrize("kwargs, expected, dtype", [
    ({"start": 0, "stop": 1, "num": 5}, [0, 0.25, 0.5, 0.75, 1], "float32"),
    ({"start": 0, "stop": 1, "num": 5, "endpoint": False},
     [0.0, 0.20000000298023224, 0.4000000059604645, 0.6000000238418579, 0.800000011920929], "float32"),
    ({"start": 2, "stop": 5, "num": 1}, [2], "float32"),
    ({"start": 0, "stop": 10, "num": 4, "dtype": "int32"}, [0, 3, 6, 10], "int32"),
    ({"start": -5, "stop": 0, "num": 4, "dtype": "int32"}, [-5, -3, -1, 0], "int32"),
    ({"start": -5, "stop": 0, "num": 4, "dtype": "uint8"}, [251, 253, 255, 0], "uint8"),
    ({"start": 0, "stop": 1, "num": 4, "dtype": "float16"}, [0.0, 0.333251953125, 0.66650390625, 1.0], "float16"),
    ({"start": 0, "stop": 1, "num": 4, "dtype": "float64"}, [0.0, 1 / 3, 2 / 3, 1.0], "float64"),
], ids=str)
def test_linspace_values(kwargs, expected, dtype, ctx):
    check(I._linspace(ctx=ctx, **kwargs), expected, dtype, ctx=ctx)


def test_linspace_of_no_values(ctx):
    check(I._linspace(start=0, stop=1, num=0, ctx=ctx), [], "float32", shape=(0,), ctx=ctx)


@pytest.mark.parametrize("kwargs, message", [
    # MXNet documents RangeParam's fields for _linspace but parses LinspaceParam
    ({"num": 5, "step": 2}, "Cannot find argument 'step'"),
    ({"num": 5, "repeat": 2}, "Cannot find argument 'repeat'"),
    ({"num": 5, "infer_range": True}, "Cannot find argument 'infer_range'"),
    ({}, "Required parameter num"),
    ({"num": -1}, "Number of sequence should be non-negative, received -1"),
    ({"num": 4, "dtype": "bool"}, "Invalid Input: 'bool'"),
], ids=str)
def test_linspace_errors(kwargs, message):
    with pytest.raises(MXNetError, match=message):
        I._linspace(start=0, stop=1, **kwargs)


@pytest.mark.parametrize("kwargs, expected, dtype", [
    ({"N": 3}, np.eye(3), "float32"),
    ({"N": 2, "M": 4, "k": 1, "dtype": "int32"}, [[0, 1, 0, 0], [0, 0, 1, 0]], "int32"),
    ({"N": 3, "M": 2, "k": -1}, [[0, 0], [1, 0], [0, 1]], "float32"),
    ({"N": 2, "k": 5}, [[0, 0], [0, 0]], "float32"),
    ({"N": 2, "M": -1}, [[1, 0], [0, 1]], "float32"),  # M > 0 ? M : N
    ({"N": 2, "dtype": "float16"}, [[1, 0], [0, 1]], "float16"),
], ids=str)
def test_eye_values(kwargs, expected, dtype, ctx):
    check(I._eye(ctx=ctx, **kwargs), expected, dtype, ctx=ctx)


def test_eye_of_no_rows(ctx):
    check(I._eye(N=0, ctx=ctx), np.zeros((0, 0)), "float32", ctx=ctx)


@pytest.mark.parametrize("kwargs, message", [
    ({}, "Required parameter N"),
    ({"N": 2, "dtype": "bool"}, "Invalid Input: 'bool'"),
    ({"N": -1}, "negative"),
], ids=str)
def test_eye_errors(kwargs, message):
    with pytest.raises(MXNetError, match=message):
        I._eye(**kwargs)


# ---- _set_value ----------------------------------------------------------------------------------

def test_set_value_fills_out(ctx):
    x = mx.nd.zeros((2, 3), ctx=ctx)
    assert I._set_value(src=4.0, out=x) is x
    check(x, [[4] * 3] * 2, "float32", ctx=ctx)
    y = mx.nd.zeros((2,), ctx=ctx)
    assert I._set_value(4.0, y) is y  # MXNet's signature: (src, out)
    check(y, [4, 4], "float32")
    z = mx.nd.zeros((3,), ctx=ctx)
    I._set_value(src=5, out=z[1:2])
    check(z, [0, 5, 0], "float32")


@pytest.mark.parametrize("src, dtype, expected", [
    (2.7, "int32", 2), (-1, "uint8", 255), (0.1, "float16", 0.0999755859375), (0.5, "bool", True),
    (float("nan"), "int32", INT32_MIN), ("3.5", "float32", 3.5), ("inf", "float32", math.inf),
    # src is a float32 (real_t): rounded before the cast
    (0.1, "float64", 0.10000000149011612), (123456789, "int64", 123456792),
])
def test_set_value_casts_a_float32(src, dtype, expected, ctx):
    x = mx.nd.zeros((2,), ctx=ctx, dtype=dtype)
    I._set_value(src=src, out=x)
    check(x, [expected] * 2, dtype)


@pytest.mark.parametrize("call, message", [
    (lambda: I._set_value(src=4.0), "Set value target must not be empty"),
    (lambda: I._set_value(out=mx.nd.zeros((2,))), "Required parameter src"),
    (lambda: I._set_value(src=1e40, out=mx.nd.zeros((2,))), "Out of range value"),
    (lambda: I._set_value(src=1e-50, out=mx.nd.zeros((2,))), "Out of range value"),
])
def test_set_value_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call()


# ---- _slice_assign, _slice_assign_scalar -------------------------------------------------------------

@pytest.mark.parametrize("rhs, kwargs, expected", [
    ([[1, 1]], {"begin": (1, 1), "end": (2, 3)}, [[0, 1, 2, 3], [4, 1, 1, 7], [8, 9, 10, 11]]),
    ([[7, 7]] * 3, {"begin": (None, 1), "end": (None, 3)}, [[0, 7, 7, 3], [4, 7, 7, 7], [8, 7, 7, 11]]),
    ([[7, 7]] * 2, {"begin": (0, 0), "end": (3, 4), "step": (2, 2)}, [[7, 1, 7, 3], [4, 5, 6, 7], [7, 9, 7, 11]]),
    ([[1, 2], [3, 4]], {"begin": (2, 3), "end": (0, 0), "step": (-1, -2)},
     [[0, 1, 2, 3], [4, 4, 6, 3], [8, 2, 10, 1]]),
    ([[1, 2]], {"begin": (-1, -2), "end": (None, None)}, [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 1, 2]]),
    ([[5] * 4], {"begin": (1,), "end": (2,)}, [[0, 1, 2, 3], [5, 5, 5, 5], [8, 9, 10, 11]]),
    ([[1, 1]], {"begin": (1, 2), "end": (2, 10)}, [[0, 1, 2, 3], [4, 5, 1, 1], [8, 9, 10, 11]]),
], ids=["basic", "None", "steps", "negative steps", "negative begin", "leading axis", "end past the axis"])
def test_slice_assign_values(rhs, kwargs, expected, ctx):
    lhs = x34(ctx)
    result = I._slice_assign(lhs, mx.nd.array(rhs, ctx=ctx), **kwargs)
    check(result, expected, "float32", ctx=ctx)
    check(lhs, np.arange(12).reshape(3, 4), "float32")  # lhs is left intact


def test_slice_assign_alias_int_dtype_and_positional_params(ctx):
    lhs = x34(ctx, "int32")
    result = I._crop_assign(lhs, mx.nd.ones((1, 2), ctx=ctx, dtype="int32"), begin=(1, 1), end=(2, 3))
    check(result, [[0, 1, 2, 3], [4, 1, 1, 7], [8, 9, 10, 11]], "int32")
    result = I._slice_assign(x34(ctx), mx.nd.zeros((1, 4), ctx=ctx), (1,), (2,))
    check(result, [[0, 1, 2, 3], [0, 0, 0, 0], [8, 9, 10, 11]], "float32")


def test_slice_assign_out(ctx):
    lhs, rhs = x34(ctx), mx.nd.ones((1, 2), ctx=ctx)
    out = mx.nd.zeros((3, 4), ctx=ctx)
    assert I._slice_assign(lhs, rhs, begin=(1, 1), end=(2, 3), out=out) is out
    check(out, [[0, 1, 2, 3], [4, 1, 1, 7], [8, 9, 10, 11]], "float32")
    assert I._slice_assign(lhs, rhs, begin=(1, 1), end=(2, 3), out=lhs) is lhs  # in place, as MXNet's use
    check(lhs, [[0, 1, 2, 3], [4, 1, 1, 7], [8, 9, 10, 11]], "float32")


@pytest.mark.parametrize("rhs, kwargs, message", [
    ((2, 2), {"begin": (1, 1), "end": (2, 3)}, r"Shape inconsistent, Provided = \[2,2\], inferred shape=\[1,2\]"),
    ((1, 1), {"begin": (1, 1), "end": (2, 3)}, r"Provided = \[1,1\], inferred shape=\[1,2\]"),  # no broadcast
    ((1, 3), {"begin": (None, None), "end": (1, None), "step": (-1, -1)},
     r"Provided = \[1,3\], inferred shape=\[1,4\]"),
    ((1, 2), {"begin": (1, 1), "end": (1, 3)}, r"Provided = \[1,2\], inferred shape=\[0,2\]"),
    ((1, 2), {"begin": (1, 1), "end": (2, 3), "step": (0, 1)}, r"step\[0\] cannot be 0"),
    ((1, 2), {"begin": (1, 1, 1), "end": (2, 3, 1)}, "Slicing axis exceeds data dimensions"),
    ((1, 4), {"begin": (1,), "end": (2, 3)}, "must have the same length"),
    ((1, 2), {"end": (2, 3)}, "Required parameter begin"),
], ids=str)
def test_slice_assign_errors(rhs, kwargs, message, ctx):
    lhs = x34(ctx)
    with pytest.raises(MXNetError, match=message):
        I._slice_assign(lhs, mx.nd.ones(rhs, ctx=ctx), **kwargs)
    check(lhs, np.arange(12).reshape(3, 4), "float32")


def test_slice_assign_checks_dtypes(ctx):
    with pytest.raises(MXNetError, match="expected float32, got int32"):
        I._slice_assign(x34(ctx), mx.nd.ones((1, 2), ctx=ctx, dtype="int32"), begin=(1, 1), end=(2, 3))
    with pytest.raises(MXNetError):  # MXNet: Unknown type enum 7
        I._slice_assign(x34(ctx, "bool"), mx.nd.ones((1, 2), ctx=ctx, dtype="bool"), begin=(1, 1), end=(2, 3))


@pytest.mark.parametrize("kwargs, expected", [
    ({"scalar": 2.5, "begin": (1, 1), "end": (2, 3)}, [[0, 1, 2, 3], [4, 2.5, 2.5, 7], [8, 9, 10, 11]]),
    ({"begin": (1, 1), "end": (2, 3)}, [[0, 1, 2, 3], [4, 0, 0, 7], [8, 9, 10, 11]]),  # scalar defaults to 0
    ({"scalar": -1, "begin": (None, 3), "end": (None, None), "step": (2, -2)},
     [[0, -1, 2, -1], [4, 5, 6, 7], [8, -1, 10, -1]]),
    ({"scalar": -1, "begin": (0, 0), "end": (3, 4), "step": (None, 3)},
     [[-1, 1, 2, -1], [-1, 5, 6, -1], [-1, 9, 10, -1]]),
    ({"scalar": -1, "begin": (1, 1), "end": (1, 3)}, np.arange(12).reshape(3, 4)),  # an empty region
], ids=["basic", "default scalar", "negative step", "None step", "empty"])
def test_slice_assign_scalar_values(kwargs, expected, ctx):
    data = x34(ctx)
    check(I._slice_assign_scalar(data, **kwargs), expected, "float32", ctx=ctx)
    check(data, np.arange(12).reshape(3, 4), "float32")


@pytest.mark.parametrize("scalar, dtype, expected", [
    (2.7, "int32", 2), (-2.7, "int32", -2), (-1, "uint8", 255), (300, "uint8", 44), (200, "int8", -56),
    (0.1, "float16", 0.0999755859375), (2 ** 53 + 1, "int64", 9007199254740992),
    (float("nan"), "int32", INT32_MIN), (float("inf"), "int32", INT32_MIN),
])
def test_slice_assign_scalar_casts_to_the_data_dtype(scalar, dtype, expected, ctx):
    result = I._slice_assign_scalar(x34(ctx, dtype), scalar=scalar, begin=(1, 1), end=(2, 3))
    check(result, [[0, 1, 2, 3], [4, expected, expected, 7], [8, 9, 10, 11]], dtype)


def test_slice_assign_scalar_alias_positional_and_out(ctx):
    check(I._slice_assign_scalar(mx.nd.arange(5, ctx=ctx), scalar=9, begin=(1,), end=(-1,)), [0, 9, 9, 9, 4], "float32")
    check(I._crop_assign_scalar(x34(ctx), scalar=2, begin=(1,), end=(2,)),
          [[0, 1, 2, 3], [2, 2, 2, 2], [8, 9, 10, 11]], "float32")
    check(I._slice_assign_scalar(x34(ctx), 3.0, (1,), (2,)), [[0, 1, 2, 3], [3, 3, 3, 3], [8, 9, 10, 11]], "float32")
    out = mx.nd.zeros((3, 4), ctx=ctx)
    assert I._slice_assign_scalar(x34(ctx), scalar=5, begin=(0,), end=(1,), out=out) is out
    check(out, [[5, 5, 5, 5], [4, 5, 6, 7], [8, 9, 10, 11]], "float32")
    with pytest.raises(MXNetError, match=r"Provided = \[2, ?2\], inferred shape=\[3, ?4\]"):
        I._slice_assign_scalar(x34(ctx), scalar=5, begin=(0,), end=(1,), out=mx.nd.zeros((2, 2), ctx=ctx))
    with pytest.raises(MXNetError, match="float32"):
        I._slice_assign_scalar(x34(ctx), scalar=5, begin=(0,), end=(1,),
                               out=mx.nd.zeros((3, 4), ctx=ctx, dtype="float64"))


@pytest.mark.parametrize("kwargs, message", [
    ({"scalar": 1}, "Required parameter begin"),
    ({"begin": (1, 1, 1), "end": (2, 3, 1)}, "Slicing axis exceeds data dimensions"),
    ({"begin": (1, 1), "end": (2, 3), "step": (1, 0)}, r"step\[1\] cannot be 0"),
], ids=str)
def test_slice_assign_scalar_errors(kwargs, message):
    with pytest.raises(MXNetError, match=message):
        I._slice_assign_scalar(x34(mx.cpu()), **kwargs)


# ---- _scatter_plus_scalar, _scatter_minus_scalar, _scatter_elemwise_div ------------------------------

D = [[0, 1], [0, 0], [2, 3]]
E = [[2, 2], [0, 1], [4, -1]]


@pytest.mark.parametrize("name, dtype, kwargs, expected, out_dtype", [
    ("_scatter_plus_scalar", "float32", {"scalar": 1}, [[1, 2], [1, 1], [3, 4]], "float32"),
    ("_scatter_plus_scalar", "float32", {}, [[1, 2], [1, 1], [3, 4]], "float32"),  # scalar defaults to 1
    ("_scatter_plus_scalar", "int32", {"scalar": 1.5}, [[1, 2], [1, 1], [3, 4]], "int32"),
    ("_scatter_plus_scalar", "int32", {"scalar": 1.5, "is_int": False}, [[1.5, 2.5], [1.5, 1.5], [3.5, 4.5]],
     "float64"),
    ("_scatter_plus_scalar", "float16", {"scalar": 0.1},
     [[0.0999755859375, 1.099609375], [0.0999755859375, 0.0999755859375], [2.099609375, 3.099609375]], "float16"),
    ("_scatter_plus_scalar", "bool", {"scalar": 1}, [[1, 2], [1, 1], [2, 2]], "int64"),
    ("_scatter_minus_scalar", "float32", {"scalar": 1}, [[-1, 0], [-1, -1], [1, 2]], "float32"),
    ("_scatter_minus_scalar", "uint8", {"scalar": 1}, [[255, 0], [255, 255], [1, 2]], "uint8"),
], ids=str)
def test_scatter_scalar_on_dense_arrays(name, dtype, kwargs, expected, out_dtype, ctx):
    check(getattr(I, name)(mx.nd.array(D, ctx=ctx, dtype=dtype), **kwargs), expected, out_dtype, ctx=ctx)


def sparse_parts(array):
    if array.stype == "csr":
        return array.data.asnumpy().tolist(), array.indices.asnumpy().tolist(), array.indptr.asnumpy().tolist()
    return array.data.asnumpy().tolist(), array.indices.asnumpy().tolist()


@pytest.mark.parametrize("name, stype, expected, parts", [
    ("_scatter_plus_scalar", "csr", [[0, 2], [0, 0], [3, 4]], ([2, 3, 4], [1, 0, 1], [0, 1, 1, 3])),
    ("_scatter_minus_scalar", "csr", [[0, 0], [0, 0], [1, 2]], ([0, 1, 2], [1, 0, 1], [0, 1, 1, 3])),
    ("_scatter_plus_scalar", "row_sparse", [[1, 2], [0, 0], [3, 4]], ([[1, 2], [3, 4]], [0, 2])),
    ("_scatter_minus_scalar", "row_sparse", [[-1, 0], [0, 0], [1, 2]], ([[-1, 0], [1, 2]], [0, 2])),
], ids=str)
def test_scatter_scalar_changes_only_the_stored_values(name, stype, expected, parts, ctx):
    data = mx.nd.array(D, ctx=ctx).tostype(stype)
    result = getattr(I, name)(data, scalar=1)
    assert result.stype == stype and result.context == ctx
    check(result, expected, "float32")
    assert sparse_parts(result) == parts
    out = mx.nd.zeros((3, 2), ctx=ctx).tostype(stype)
    assert getattr(I, name)(data, scalar=1, out=out) is out
    check(out, expected, "float32")


def test_scatter_scalar_sparse_details(ctx):
    stored_zero = mx.nd.sparse.csr_matrix((mx.nd.array([0., 5.]), mx.nd.array([0, 1]), mx.nd.array([0, 1, 2, 2])),
                                          shape=(3, 2), ctx=ctx)
    result = I._scatter_plus_scalar(stored_zero, scalar=1)
    check(result, [[1, 0], [0, 6], [0, 0]], "float32")
    assert sparse_parts(result) == ([1, 6], [0, 1], [0, 1, 2, 2])
    result = I._scatter_plus_scalar(mx.nd.array(D, ctx=ctx, dtype="int32").tostype("csr"), scalar=1.5, is_int=False)
    assert result.stype == "csr" and sparse_parts(result) == ([2.5, 3.5, 4.5], [1, 0, 1], [0, 1, 1, 3])
    check(result, [[0, 2.5], [0, 0], [3.5, 4.5]], "float64")
    empty = I._scatter_plus_scalar(mx.nd.zeros((2, 2), ctx=ctx).tostype("row_sparse"), scalar=1)
    assert empty.stype == "row_sparse" and sparse_parts(empty) == ([], [])
    check(empty, [[0, 0], [0, 0]], "float32")


@pytest.mark.parametrize("stype, out_stype", [("csr", "default"), ("row_sparse", "default"), ("row_sparse", "csr"),
                                              ("csr", "row_sparse")])
def test_scatter_scalar_out_of_another_storage_takes_the_dense_fallback(stype, out_stype, ctx):
    out = mx.nd.zeros((3, 2), ctx=ctx)
    out = out if out_stype == "default" else out.tostype(out_stype)
    assert I._scatter_plus_scalar(mx.nd.array(D, ctx=ctx).tostype(stype), scalar=1, out=out) is out
    assert out.stype == out_stype
    check(out, [[1, 2], [1, 1], [3, 4]], "float32")


def test_scatter_elemwise_div_on_dense_arrays(ctx):
    check(I._scatter_elemwise_div(mx.nd.array(D, ctx=ctx), mx.nd.array(E, ctx=ctx)),
          [[0, 0.5], [np.nan, 0], [0.5, -3]], "float32", ctx=ctx)
    check(I._scatter_elemwise_div(mx.nd.array(D, ctx=ctx, dtype="float16"), mx.nd.array(E, ctx=ctx, dtype="float16")),
          [[0, 0.5], [np.nan, 0], [0.5, -3]], "float16")
    lhs, rhs = mx.nd.array([-7, 7], ctx=ctx, dtype="int32"), mx.nd.array([2, -2], ctx=ctx, dtype="int32")
    check(I._scatter_elemwise_div(lhs, rhs), [-3, -3], "int32")  # truncated


@pytest.mark.parametrize("rhs, message", [
    (lambda ctx: mx.nd.array(E, ctx=ctx, dtype="float64"), "expected float32, got float64"),
    (lambda ctx: mx.nd.ones((2, 3), ctx=ctx), "Incompatible attr in node at 1-th input"),
    (lambda ctx: mx.nd.ones((1, 2), ctx=ctx), "Incompatible attr in node at 1-th input"),  # no broadcast
], ids=["dtype", "shape", "broadcast"])
def test_scatter_elemwise_div_errors(rhs, message, ctx):
    with pytest.raises(MXNetError, match=message):
        I._scatter_elemwise_div(mx.nd.array(D, ctx=ctx), rhs(ctx))


@pytest.mark.parametrize("rhs_stype", ["default", "row_sparse", "csr"])
def test_scatter_elemwise_div_of_a_row_sparse_lhs_keeps_its_rows(rhs_stype, ctx):
    lhs = mx.nd.array(D, ctx=ctx).tostype("row_sparse")
    rhs = mx.nd.array([[2, 2], [0, 1], [0, 0]], ctx=ctx)
    result = I._scatter_elemwise_div(lhs, rhs if rhs_stype == "default" else rhs.tostype(rhs_stype))
    assert result.stype == "row_sparse"
    check(result, [[0, 0.5], [0, 0], [np.inf, np.inf]], "float32")  # the unstored row stays 0
    assert sparse_parts(result) == ([[0, 0.5], [np.inf, np.inf]], [0, 2])


def test_scatter_elemwise_div_storage_rules(ctx):
    stored_zero = mx.nd.sparse.row_sparse_array((mx.nd.array([[0, 0], [4, 6]]), mx.nd.array([0, 2])), shape=(3, 2),
                                                ctx=ctx)
    result = I._scatter_elemwise_div(stored_zero, mx.nd.array([[0, 1], [1, 1], [2, 2]], ctx=ctx))
    check(result, [[np.nan, 0], [0, 0], [2, 3]], "float32")
    assert result.stype == "row_sparse"
    lhs, rhs = mx.nd.array(D, ctx=ctx), mx.nd.array([[2, 2], [0, 1], [0, 0]], ctx=ctx)
    for left, right in ((lhs.tostype("csr"), rhs), (lhs.tostype("csr"), rhs.tostype("csr")), (lhs, rhs.tostype("csr")),
                        (lhs, rhs.tostype("row_sparse"))):
        result = I._scatter_elemwise_div(left, right)  # as elemwise_div, dense output
        assert result.stype == "default"
        check(result, [[0, 0.5], [np.nan, 0], [np.inf, np.inf]], "float32")
    out = mx.nd.zeros((3, 2), ctx=ctx)  # a dense out= takes the dense fallback
    assert I._scatter_elemwise_div(lhs.tostype("row_sparse"), rhs, out=out) is out
    check(out, [[0, 0.5], [np.nan, 0], [np.inf, np.inf]], "float32")
    out = mx.nd.zeros((3, 2), ctx=ctx).tostype("row_sparse")
    assert I._scatter_elemwise_div(lhs.tostype("row_sparse"), rhs, out=out) is out
    check(out, [[0, 0.5], [0, 0], [np.inf, np.inf]], "float32")


# ---- _rnn_param_concat ---------------------------------------------------------------------------

def test_rnn_param_concat_is_concat(ctx):
    a, b = mx.nd.array([[1, 2], [3, 4]], ctx=ctx), mx.nd.array([[5, 6]], ctx=ctx)
    check(I._rnn_param_concat(a, b, dim=0), [[1, 2], [3, 4], [5, 6]], "float32", ctx=ctx)
    check(I._rnn_param_concat(a, a), [[1, 2, 1, 2], [3, 4, 3, 4]], "float32")  # dim defaults to 1
    check(I._rnn_param_concat(a, b, dim=-2), [[1, 2], [3, 4], [5, 6]], "float32")
    check(I._rnn_param_concat(a, dim=0), [[1, 2], [3, 4]], "float32")
    check(I._rnn_param_concat(mx.nd.array([1, 2], ctx=ctx), mx.nd.array([3], ctx=ctx), dim=0), [1, 2, 3], "float32")
    check(I._rnn_param_concat(a.astype("int32"), b.astype("int32"), dim=0), [[1, 2], [3, 4], [5, 6]], "int32")
    out = mx.nd.zeros((3, 2), ctx=ctx)
    assert I._rnn_param_concat(a, b, dim=0, out=out) is out
    check(out, [[1, 2], [3, 4], [5, 6]], "float32")


@pytest.mark.parametrize("call, message", [
    (lambda a, b: I._rnn_param_concat(a, b, dim=1), r"Incompatible input shape: expected \[2, ?-1\], got \[1, ?2\]"),
    (lambda a, b: I._rnn_param_concat(a, b, dim=0, num_args=3),
     "Operator _rnn_param_concat expects 3 inputs, but got 2 instead"),
    (lambda a, b: I._rnn_param_concat(dim=0), "value 0 for Parameter num_args should be greater equal to 1"),
    (lambda a, b: I._rnn_param_concat(a, b.astype("float64"), dim=0), "float32.*float64"),
    (lambda a, b: I._rnn_param_concat(a, b, dim=2), "axis 2 exceeds the input dimension of 2"),
    (lambda a, b: I._rnn_param_concat(a.astype("bool"), b.astype("bool"), dim=0), "_rnn_param_concat"),
], ids=["shape", "num_args", "no inputs", "dtype", "axis", "bool"])
def test_rnn_param_concat_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call(mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([[5, 6]]))


# ---- _split_v2_backward --------------------------------------------------------------------------

@pytest.mark.parametrize("grads, kwargs, expected", [
    ([[[1, 2], [3, 4]], [[5], [6]]], {"indices": (0, 2), "axis": 1}, [[1, 2, 5], [3, 4, 6]]),
    ([[[1, 2], [3, 4]], [[5], [6]]], {"indices": (0, 2), "axis": -1}, [[1, 2, 5], [3, 4, 6]]),
    ([[[1, 2]], [[3, 4], [5, 6]]], {"indices": (0, 1), "axis": 0}, [[1, 2], [3, 4], [5, 6]]),
    ([[[1, 2]], [[3, 4]], [[5, 6]]], {"indices": (), "axis": 0, "sections": 3}, [[1, 2], [3, 4], [5, 6]]),
    ([[[1], [2]], [[3]], [[4]]], {"indices": (), "axis": 0, "sections": 3}, [[1], [2], [3], [4]]),
    ([[1, 2], [3, 4], [5, 6]], {"indices": (0, 1, 2), "axis": 1, "squeeze_axis": True}, [[1, 3, 5], [2, 4, 6]]),
    ([[1, 2], [3, 4]], {"indices": (), "axis": 0, "squeeze_axis": True, "sections": 2}, [[1, 2], [3, 4]]),
], ids=["indices", "negative axis", "axis 0", "sections", "uneven sections", "squeeze", "squeeze sections"])
def test_split_v2_backward_joins_the_gradients(grads, kwargs, expected, ctx):
    arrays = [mx.nd.array(g, ctx=ctx) for g in grads]
    check(I._split_v2_backward(*arrays, **kwargs), expected, "float32", ctx=ctx)
    out = mx.nd.zeros(np.asarray(expected).shape, ctx=ctx)
    assert I._split_v2_backward(*arrays, out=out, **kwargs) is out
    check(out, expected, "float32")


def test_split_v2_backward_of_3d_and_int32(ctx):
    first, second = mx.nd.arange(2, ctx=ctx).reshape((1, 1, 2)), mx.nd.arange(2, 6, ctx=ctx).reshape((1, 2, 2))
    check(I._split_v2_backward(first, second, indices=(0, 1), axis=1), [[[0, 1], [2, 3], [4, 5]]], "float32")
    check(I._split_v2_backward(mx.nd.array([[1, 2], [3, 4]], ctx=ctx, dtype="int32"),
                               mx.nd.array([[5], [6]], ctx=ctx, dtype="int32"), indices=(0, 2), axis=1),
          [[1, 2, 5], [3, 4, 6]], "int32")


def test_split_v2_backward_is_the_gradient_of_split_v2(ctx):
    x = mx.nd.arange(10, ctx=ctx).reshape((2, 5))
    x.attach_grad()
    with mx.autograd.record():
        parts = mx.nd._internal._split_v2(x, indices=(0, 1, 3), axis=1)
        loss = sum((part * (i + 1)).sum() for i, part in enumerate(parts))
    loss.backward()
    heads = [mx.nd.ones(p.shape, ctx=ctx) * (i + 1) for i, p in enumerate(parts)]
    check(I._split_v2_backward(*heads, indices=(0, 1, 3), axis=1), x.grad.asnumpy(), "float32")


@pytest.mark.parametrize("call, message", [
    (lambda a, b: I._split_v2_backward(a, indices=(0, 2), axis=1),
     "Operator _split_v2_backward expects 2 inputs, but got 1 instead"),
    (lambda a, b: I._split_v2_backward(a, b, axis=1), "Required parameter indices"),
    (lambda a, b: I._split_v2_backward(a, b.astype("float64"), indices=(0, 2), axis=1), "float32.*float64"),
    (lambda a, b: I._split_v2_backward(a, b.astype("bool"), indices=(0, 2), axis=1), "_split_v2_backward"),
    # MXNet computes garbage for these (no checks in its kernel); mxnd raises
    (lambda a, b: I._split_v2_backward(a, b, indices=(1, 2), axis=1), "the first index must be 0"),
    (lambda a, b: I._split_v2_backward(a, b, indices=(0, 1), axis=1), "gradient 0 has size 2"),
], ids=["count", "no indices", "dtype", "bool", "first index", "part sizes"])
def test_split_v2_backward_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call(mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([[5], [6]]))


# ---- _copyto and _zeros_without_dtype: out= only (values printed by MXNet 1.9.1) ------------------

@pytest.mark.parametrize("dtype, expected", [("float32", [1.5, -2.5]), ("int32", [1, -2]), ("float16", [1.5, -2.5])])
def test_copyto_writes_into_out_with_its_dtype(ctx, dtype, expected):
    source = mx.nd.array([1.5, -2.5])  # on the host: _copyto is MXNet's cross-device copy
    out = mx.nd.zeros((2,), ctx=ctx, dtype=dtype)
    result = I._copyto(source, out=out)
    assert result is out and out.dtype == np.dtype(dtype) and out.context == ctx
    assert out.asnumpy().tolist() == expected
    assert source.asnumpy().tolist() == [1.5, -2.5]


def test_zeros_without_dtype_fills_out(ctx):
    out = mx.nd.ones((2, 3), ctx=ctx, dtype="int32")
    assert I._zeros_without_dtype(out=out) is out
    assert out.asnumpy().tolist() == [[0, 0, 0], [0, 0, 0]] and out.dtype == np.int32
    assert I._zeros_without_dtype(shape=(2, 3), out=out) is out


@pytest.mark.parametrize("call, message", [
    (lambda: I._copyto(mx.nd.ones((2,))), "missing FInferType"),
    (lambda: I._copyto(mx.nd.ones((2,)), out=mx.nd.ones((3,))), r"0-th output: expected \[2\], got \[3\]"),
    (lambda: I._zeros_without_dtype(shape=(2,)), "Unknown type enum -1"),
    (lambda: I._zeros_without_dtype(shape=(3,), out=mx.nd.ones((2,))), r"Provided = \[2\], inferred shape=\[3\]"),
    (lambda: I._zeros_without_dtype(shape=(2,), dtype="float32", out=mx.nd.ones((2,))), "expect int"),
], ids=["copyto without out", "copyto shape", "zeros without out", "zeros shape", "zeros dtype"])
def test_out_only_operators_raise_mxnets_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call()
