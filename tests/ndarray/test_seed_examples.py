"""The code examples of the "NDArray class" section of the MXNet 1.x NDArray API page.

Source: shared/seeds/mxnet-ndarray-api-v1.x.txt, lines 39-1085. Every expected value was
checked against MXNet 1.9.1 (shared/tools/mxref); where the page prints Python 2 text
(``(4L,)``) or old numpy spacing, the value MXNet 1.9.1 gives is used. Examples written for
``mx.gpu(0)`` run on the ``ctx`` fixture instead.
"""
import operator

import numpy as np
import pytest

import mxnd as mx


def values(array):
    return array.asnumpy().tolist()


# ---- __setitem__ ---------------------------------------------------------------------------

def test_setitem_example():
    x = mx.nd.zeros((2, 3))
    x[:] = 1
    assert values(x) == [[1, 1, 1], [1, 1, 1]]
    x[:, 1:2] = 2
    assert values(x) == [[1, 2, 1], [1, 2, 1]]
    x[1:2, 1:] = 3
    assert values(x) == [[1, 2, 1], [1, 3, 3]]
    x[1:, 0:2] = mx.nd.zeros((1, 2))
    assert values(x) == [[1, 2, 1], [0, 0, 3]]
    x[1, 2] = 4
    assert values(x) == [[1, 2, 1], [0, 0, 4]]
    x[[0], [1, 2]] = 5
    assert values(x) == [[1, 5, 5], [0, 0, 4]]
    x[::-1, 0:2:2] = [6]
    assert values(x) == [[6, 5, 5], [6, 0, 4]]
    assert x.dtype is np.float32 and x.shape == (2, 3)


def test_setitem_example_on_ctx(ctx):
    x = mx.nd.zeros((2, 3), ctx=ctx)
    x[:, 1:2] = 2
    x[1, 2] = 4
    x[[0], [1, 2]] = 5
    assert values(x) == [[0, 5, 5], [0, 2, 4]]
    assert x.context == ctx


# ---- __getitem__ ---------------------------------------------------------------------------

def test_getitem_example_basic():
    x = mx.nd.arange(0, 6).reshape((2, 3))
    assert values(x) == [[0, 1, 2], [3, 4, 5]]
    row = x[1]
    assert values(row) == [3, 4, 5]
    assert row.shape == (3,) and row.dtype is np.float32
    y = x[0:1]
    y[:] = 2  # a basic slice is a view: the write reaches x
    assert values(x) == [[2, 2, 2], [3, 4, 5]]


def test_getitem_example_advanced():
    x = mx.nd.arange(0, 8, dtype='int32').reshape((2, 2, 2))
    first = x[[0, 1]]
    assert repr(first) == "\n[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]\n<NDArray 2x2x2 @cpu(0)>"
    assert first.dtype is np.int32
    expected = "\n[[[4 5]\n  [6 7]]]\n<NDArray 1x2x2 @cpu(0)>"
    assert repr(x[1:, [0, 1]]) == expected
    assert repr(x[1:, np.array([0, 1], dtype='int32')]) == expected
    assert repr(x[1:, mx.nd.array([0, 1], dtype='int32')]) == expected


# ---- reshape -------------------------------------------------------------------------------

def test_reshape_example():
    x = mx.nd.arange(0, 6).reshape(2, 3)
    assert values(x) == [[0, 1, 2], [3, 4, 5]]
    assert values(x.reshape(3, 2)) == [[0, 1], [2, 3], [4, 5]]
    assert values(x.reshape(3, -1)) == [[0, 1], [2, 3], [4, 5]]
    y = x.reshape(-3)
    assert values(y) == [0, 1, 2, 3, 4, 5] and y.shape == (6,)
    y[:] = -1  # reshape returns a view
    assert values(x) == [[-1, -1, -1], [-1, -1, -1]]


# The special values of the ``shape`` parameter, as the parameter text lists them.
RESHAPE_CODES = [
    ((2, 3, 4), (4, 0, 2), (4, 3, 2)),
    ((2, 3, 4), (2, 0, 0), (2, 3, 4)),
    ((2, 3, 4), (6, 1, -1), (6, 1, 4)),
    ((2, 3, 4), (3, -1, 8), (3, 1, 8)),
    ((2, 3, 4), (-1,), (24,)),
    ((2, 3, 4), (-2,), (2, 3, 4)),
    ((2, 3, 4), (2, -2), (2, 3, 4)),
    ((2, 3, 4), (-2, 1, 1), (2, 3, 4, 1, 1)),
    ((2, 3, 4), (-3, 4), (6, 4)),
    ((2, 3, 4, 5), (-3, -3), (6, 20)),
    ((2, 3, 4), (0, -3), (2, 12)),
    ((2, 3, 4), (-3, -2), (6, 4)),
    ((2, 3, 4), (-4, 1, 2, -2), (1, 2, 3, 4)),
    ((2, 3, 4), (2, -4, -1, 3, -2), (2, 1, 3, 4)),
    ((10, 5, 4), (-1, 0), (40, 5)),
]


@pytest.mark.parametrize("source, code, expected", RESHAPE_CODES, ids=lambda v: str(v))
def test_reshape_special_values(source, code, expected):
    x = mx.nd.arange(int(np.prod(source))).reshape(source)
    y = x.reshape(code)
    assert y.shape == expected
    np.testing.assert_array_equal(y.asnumpy().ravel(), x.asnumpy().ravel())


def test_reshape_reverse():
    assert mx.nd.zeros((10, 5, 4)).reshape((-1, 0), reverse=True).shape == (50, 4)
    assert mx.nd.zeros((10, 5, 4)).reshape((-1, 0)).shape == (40, 5)


# ---- broadcast_to / broadcast_like -----------------------------------------------------------

BROADCAST_EXPECTED = [[[0, 0, 0], [1, 1, 1], [2, 2, 2]], [[0, 0, 0], [1, 1, 1], [2, 2, 2]]]


def test_broadcast_to_example():
    x = mx.nd.arange(0, 3).reshape((1, 3, 1))
    assert values(x) == [[[0], [1], [2]]]
    y = x.broadcast_to((2, 3, 3))
    assert values(y) == BROADCAST_EXPECTED
    assert y.shape == (2, 3, 3) and y.dtype is np.float32


def test_broadcast_like_example():
    x = mx.nd.arange(0, 3).reshape((1, 3, 1))
    y = x.broadcast_like(mx.nd.ones((2, 3, 3)))
    assert values(y) == BROADCAST_EXPECTED
    assert y.shape == (2, 3, 3) and y.dtype is np.float32


def test_broadcast_to_same_shape_does_not_share_data():
    x = mx.nd.arange(0, 3).reshape((1, 3, 1))
    y = x.broadcast_to((1, 3, 1))
    y[:] = 7
    assert values(x) == [[[0], [1], [2]]]


# ---- wait_to_read --------------------------------------------------------------------------

def test_wait_to_read_returns_none(ctx):
    a = mx.nd.ones((4, 4), ctx=ctx)
    b = a * 2
    assert b.wait_to_read() is None
    assert values(b) == [[2.0] * 4] * 4


def test_wait_to_read_example_with_dot():
    a = mx.nd.ones((1000, 1000))
    b = mx.nd.dot(a, a)
    assert b.wait_to_read() is None
    assert b.shape == (1000, 1000) and b.dtype is np.float32
    assert float(b[0, 0].asscalar()) == 1000.0
    assert float(b[999, 999].asscalar()) == 1000.0


# ---- properties ----------------------------------------------------------------------------

def test_ndim_example():
    assert mx.nd.array([1, 2, 3, 4]).ndim == 1
    assert mx.nd.array([[1, 2], [3, 4]]).ndim == 2


def test_shape_example():
    assert mx.nd.array([1, 2, 3, 4]).shape == (4,)
    assert mx.nd.zeros((2, 3, 4)).shape == (2, 3, 4)
    assert all(type(d) is int for d in mx.nd.zeros((2, 3, 4)).shape)


def test_size_example():
    x = mx.nd.zeros((3, 5, 2))
    assert x.size == 30 and type(x.size) is int
    assert np.prod(x.shape) == 30


def test_context_example(ctx):
    x = mx.nd.array([1, 2, 3, 4])
    assert x.context == mx.cpu(0)
    assert repr(x.context) == "cpu(0)"
    assert type(x.context) is mx.Context
    y = mx.nd.zeros((2, 3), ctx)
    assert y.context == ctx
    assert repr(y.context) == "%s(%d)" % (ctx.device_type, ctx.device_id)


def test_dtype_example():
    assert mx.nd.zeros((2, 3)).dtype is np.float32
    assert mx.nd.zeros((2, 3), dtype='int32').dtype is np.int32


def test_T_example():
    x = mx.nd.arange(0, 6).reshape((2, 3))
    assert values(x.T) == [[0, 3], [1, 4], [2, 5]]
    assert x.T.shape == (3, 2)
    v = mx.nd.ones((3,))
    assert v.T is v  # self is returned when ndim < 2


def test_T_is_a_copy():
    x = mx.nd.arange(0, 6).reshape((2, 3))
    t = x.T
    t[:] = 0
    assert values(x) == [[0, 1, 2], [3, 4, 5]]


# ---- conversion ----------------------------------------------------------------------------

def test_asnumpy_example():
    y = mx.nd.ones((2, 3)).asnumpy()
    assert type(y) is np.ndarray
    assert y.dtype == np.float32
    assert repr(y) == "array([[1., 1., 1.],\n       [1., 1., 1.]], dtype=float32)"
    z = mx.nd.ones((2, 3), dtype='int32').asnumpy()
    assert repr(z) == "array([[1, 1, 1],\n       [1, 1, 1]], dtype=int32)"


def test_asnumpy_is_a_copy(ctx):
    x = mx.nd.ones((2, 3), ctx=ctx)
    y = x.asnumpy()
    y[:] = 5
    assert values(x) == [[1, 1, 1], [1, 1, 1]]


def test_asscalar_example():
    x = mx.nd.ones((1,), dtype='int32')
    assert x.asscalar() == 1
    assert type(x.asscalar()) is np.int32


def test_astype_example():
    x = mx.nd.zeros((2, 3), dtype='float32')
    y = x.astype('int32')
    assert y.dtype is np.int32
    assert values(y) == [[0, 0, 0], [0, 0, 0]]
    assert y is not x


def test_astype_copy_false():
    x = mx.nd.zeros((2, 3), dtype='float32')
    assert x.astype('float32', copy=False) is x
    assert x.astype('float32') is not x
    assert x.astype('int32', copy=False) is not x


# ---- copies and contexts -------------------------------------------------------------------

def test_copyto_example(ctx):
    x = mx.nd.ones((2, 3))
    y = mx.nd.zeros((2, 3), ctx)
    z = x.copyto(y)
    assert z is y
    assert values(y) == [[1, 1, 1], [1, 1, 1]]
    assert y.context == ctx
    w = y.copyto(ctx)
    assert w is not y
    assert w.context == ctx
    assert repr(w) == "\n[[1. 1. 1.]\n [1. 1. 1.]]\n<NDArray 2x3 @%s>" % ctx


def test_copy_example(ctx):
    x = mx.nd.ones((2, 3), ctx=ctx)
    y = x.copy()
    assert values(y) == [[1, 1, 1], [1, 1, 1]]
    assert y is not x and y.context == ctx
    y[:] = 0  # an independent copy
    assert values(x) == [[1, 1, 1], [1, 1, 1]]


def test_as_in_context_example(ctx):
    x = mx.nd.ones((2, 3))
    assert x.as_in_context(mx.cpu()) is x
    z = x.as_in_context(ctx)
    assert (z is x) == (ctx == mx.cpu(0))
    assert z.context == ctx
    assert values(z) == [[1, 1, 1], [1, 1, 1]]


# ---- DLPack --------------------------------------------------------------------------------

def test_to_dlpack_for_read_example(ctx):
    x = mx.nd.ones((2, 3), ctx=ctx)
    y = mx.nd.to_dlpack_for_read(x)
    assert type(y).__name__ == "PyCapsule"
    z = mx.nd.from_dlpack(y)
    assert repr(z) == "\n[[1. 1. 1.]\n [1. 1. 1.]]\n<NDArray 2x3 @%s>" % ctx
    assert z.dtype is np.float32 and z.context == ctx


def test_to_dlpack_for_read_shares_memory():
    x = mx.nd.ones((2, 3))
    r = mx.nd.from_dlpack(x.to_dlpack_for_read())
    x[:] = 3
    mx.nd.waitall()
    assert values(r) == [[3, 3, 3], [3, 3, 3]]


def test_to_dlpack_for_write_example(ctx):
    x = mx.nd.ones((2, 3), ctx=ctx)
    w = mx.nd.to_dlpack_for_write(x)
    assert type(w).__name__ == "PyCapsule"
    u = mx.nd.from_dlpack(w)
    u += 1
    mx.nd.waitall()
    assert repr(x) == "\n[[2. 2. 2.]\n [2. 2. 2.]]\n<NDArray 2x3 @%s>" % ctx
    u[:] = 5
    assert values(x) == [[5, 5, 5], [5, 5, 5]]


def test_dlpack_methods_match_functions():
    x = mx.nd.arange(6, dtype='int32').reshape((2, 3))
    u = mx.nd.from_dlpack(x.to_dlpack_for_write())
    assert u.dtype is np.int32 and u.shape == (2, 3)
    u += 1
    assert values(x) == [[1, 2, 3], [4, 5, 6]]


# ---- the documented operator equivalences ---------------------------------------------------
# x.__add__(y) <=> x+y <=> mx.nd.add(x, y), ... (values from MXNet 1.9.1 for the arrays below)

X = [[1, 2], [3, 4]]
Y = [[2, 2], [3, 1]]
DUNDERS = [
    # name, operator, x op y, x op 3, 3 op x (None: no reflected form)
    ("add", operator.add, [[3, 4], [6, 5]], [[4, 5], [6, 7]], [[4, 5], [6, 7]]),
    ("subtract", operator.sub, [[-1, 0], [0, 3]], [[-2, -1], [0, 1]], [[2, 1], [0, -1]]),
    ("multiply", operator.mul, [[2, 4], [9, 4]], [[3, 6], [9, 12]], [[3, 6], [9, 12]]),
    ("divide", operator.truediv, [[0.5, 1], [1, 4]],
     np.array([[1 / 3, 2 / 3], [1, 4 / 3]], dtype=np.float32).tolist(), [[3, 1.5], [1, 0.75]]),
    ("modulo", operator.mod, [[1, 0], [0, 0]], [[1, 2], [0, 1]], [[0, 1], [0, 3]]),
    ("power", operator.pow, [[1, 4], [27, 4]], [[1, 8], [27, 64]], [[3, 9], [27, 81]]),
    ("equal", operator.eq, [[0, 1], [1, 0]], [[0, 0], [1, 0]], None),
    ("not_equal", operator.ne, [[1, 0], [0, 1]], [[1, 1], [0, 1]], None),
    ("greater", operator.gt, [[0, 0], [0, 1]], [[0, 0], [0, 1]], None),
    ("greater_equal", operator.ge, [[0, 1], [1, 1]], [[0, 0], [1, 1]], None),
    ("lesser", operator.lt, [[1, 0], [0, 0]], [[1, 1], [0, 0]], None),
    ("lesser_equal", operator.le, [[1, 1], [1, 0]], [[1, 1], [1, 0]], None),
]


@pytest.mark.parametrize("name, op, with_array, with_scalar, reflected", DUNDERS, ids=[d[0] for d in DUNDERS])
def test_operator_equivalences(name, op, with_array, with_scalar, reflected):
    x, y = mx.nd.array(X), mx.nd.array(Y)
    function = getattr(mx.nd, name)
    for result in (op(x, y), function(x, y)):
        assert values(result) == with_array
        assert result.dtype is np.float32 and result.shape == (2, 2)
    assert values(op(x, 3)) == with_scalar
    assert values(function(x, 3)) == with_scalar
    if reflected is not None:
        assert values(op(3, x)) == reflected
        assert values(function(3, x)) == reflected


IN_PLACE = [
    (operator.iadd, [[3, 4], [6, 5]], [[3, 4], [5, 6]]),
    (operator.isub, [[-1, 0], [0, 3]], [[-1, 0], [1, 2]]),
    (operator.imul, [[2, 4], [9, 4]], [[2, 4], [6, 8]]),
    (operator.itruediv, [[0.5, 1], [1, 4]], [[0.5, 1], [1.5, 2]]),
    (operator.imod, [[1, 0], [0, 0]], [[1, 0], [1, 0]]),
]


@pytest.mark.parametrize("op, with_array, with_two", IN_PLACE, ids=[o[0].__name__ for o in IN_PLACE])
def test_in_place_operators_write_into_self(op, with_array, with_two):
    x = mx.nd.array(X)
    view = x[0:1]
    result = op(x, mx.nd.array(Y))
    assert result is x
    assert values(x) == with_array
    assert values(view) == [with_array[0]]
    x = mx.nd.array(X)
    assert op(x, 2) is x
    assert values(x) == with_two


def test_neg_hash_len():
    x = mx.nd.array(X)
    assert values(-x) == [[-1, -2], [-3, -4]]
    assert hash(x) == id(x) // 16
    assert {x: 1}[x] == 1
    assert len(x) == 2 and len(mx.nd.zeros((5, 2, 3))) == 5


# ---- printed text --------------------------------------------------------------------------
# repr() and str() are the same text in MXNet 1.9.1; each expected string is MXNet's.

REPRS = [
    ("mx.nd.ones((2,3))", "\n[[1. 1. 1.]\n [1. 1. 1.]]\n<NDArray 2x3 @cpu(0)>"),
    ("mx.nd.arange(0, 8, dtype='int32').reshape((2, 2, 2))",
     "\n[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]\n<NDArray 2x2x2 @cpu(0)>"),
    ("mx.nd.array([1.5, -2.25, 3])", "\n[ 1.5  -2.25  3.  ]\n<NDArray 3 @cpu(0)>"),
    ("mx.nd.array([7])", "\n[7.]\n<NDArray 1 @cpu(0)>"),
    ("mx.nd.array([1,0,1], dtype='bool')", "\n[ True False  True]\n<NDArray 3 @cpu(0)>"),
    ("mx.nd.array([0.1, 1e-8, 1e6])", "\n[1.e-01 1.e-08 1.e+06]\n<NDArray 3 @cpu(0)>"),
    ("mx.nd.arange(0, 2000)",
     "\n[0.000e+00 1.000e+00 2.000e+00 ... 1.997e+03 1.998e+03 1.999e+03]\n<NDArray 2000 @cpu(0)>"),
    ("mx.nd.array([1, 2], dtype='float16')", "\n[1. 2.]\n<NDArray 2 @cpu(0)>"),
    ("mx.nd.array([[1,2],[3,4]], dtype='int64')", "\n[[1 2]\n [3 4]]\n<NDArray 2x2 @cpu(0)>"),
    ("mx.nd.ones((2,3), ctx=mx.cpu(1))", "\n[[1. 1. 1.]\n [1. 1. 1.]]\n<NDArray 2x3 @cpu(1)>"),
    ("mx.nd.array([np.nan, np.inf, -np.inf])", "\n[ nan  inf -inf]\n<NDArray 3 @cpu(0)>"),
    ("mx.nd.ones((1,1,1,1))", "\n[[[[1.]]]]\n<NDArray 1x1x1x1 @cpu(0)>"),
    ("mx.nd.array([1,2], dtype='uint8')", "\n[1 2]\n<NDArray 2 @cpu(0)>"),
    ("mx.nd.ones((2,), ctx=mx.cpu_pinned())", "\n[1. 1.]\n<NDArray 2 @cpu_pinned(0)>"),
    ("mx.nd.array(np.zeros((0,3)))", "\n[]\n<NDArray 0x3 @cpu(0)>"),
    ("mx.nd.empty((0,))", "\n[]\n<NDArray 0 @cpu(0)>"),
    ("mx.nd.array([-1, 2], dtype='int8')", "\n[-1  2]\n<NDArray 2 @cpu(0)>"),
    ("mx.nd.array([1e10, 1e-5, 3.14159265])", "\n[1.0000000e+10 9.9999997e-06 3.1415927e+00]\n<NDArray 3 @cpu(0)>"),
    ("mx.nd.array([[0.5, 100.25], [-3, 4]], dtype='float64')",
     "\n[[  0.5  100.25]\n [ -3.     4.  ]]\n<NDArray 2x2 @cpu(0)>"),
    ("mx.nd.arange(12).reshape((3, 4))[1]", "\n[4. 5. 6. 7.]\n<NDArray 4 @cpu(0)>"),
    ("mx.nd.array([0.1, 0.2], dtype='float16')", "\n[0.1 0.2]\n<NDArray 2 @cpu(0)>"),
    ("mx.nd.zeros((2,3)).T", "\n[[0. 0.]\n [0. 0.]\n [0. 0.]]\n<NDArray 3x2 @cpu(0)>"),
    ("mx.nd.array([-0.0, 0.0])", "\n[-0.  0.]\n<NDArray 2 @cpu(0)>"),
]


@pytest.mark.parametrize("expression, text", REPRS, ids=[r[0] for r in REPRS])
def test_repr_matches_mxnet(expression, text):
    array = eval(expression, {"mx": mx, "np": np})
    assert repr(array) == text
    assert str(array) == text


def test_repr_on_ctx(ctx):
    x = mx.nd.ones((2, 3), ctx=ctx)
    assert repr(x) == "\n[[1. 1. 1.]\n [1. 1. 1.]]\n<NDArray 2x3 @%s>" % ctx
