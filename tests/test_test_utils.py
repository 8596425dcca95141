"""mx.test_utils: tolerances per dtype, comparisons, random arrays and shapes, contexts.

Expected results were checked against MXNet 1.9.1's ``mxnet.test_utils``.
"""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

tu = mx.test_utils


def f32(values):
    return np.array(values, dtype=np.float32)


# ---- tolerances ------------------------------------------------------------------------------

def test_default_tolerances():
    rtols = {np.dtype(k).name: v for k, v in tu.default_rtols().items()}
    atols = {np.dtype(k).name: v for k, v in tu.default_atols().items()}
    assert rtols == {'float16': 1e-2, 'float32': 1e-4, 'float64': 1e-5, 'bool': 0, 'int8': 0, 'uint8': 0,
                     'int32': 0, 'uint32': 0, 'int64': 0, 'uint64': 0}
    assert atols == {'float16': 1e-1, 'float32': 1e-3, 'float64': 1e-20, 'bool': 0, 'int8': 0, 'uint8': 0,
                     'int32': 0, 'uint32': 0, 'int64': 0, 'uint64': 0}


def test_get_tolerances():
    assert (tu.get_rtol(), tu.get_atol(), tu.get_rtol(0.5), tu.get_atol(0.25)) == (1e-5, 1e-20, 0.5, 0.25)
    assert tu.get_tols(f32([1]), np.array([1.0]), None, None) == (1e-4, 1e-3)  # the looser dtype wins
    assert tu.get_tols(np.array([1], dtype=np.float16), f32([1]), None, None) == (1e-2, 1e-1)
    assert tu.get_tols(np.array([1]), np.array([1]), None, None) == (0, 0)


# ---- assert_almost_equal ---------------------------------------------------------------------

@pytest.mark.parametrize("a, b", [
    (f32([1, 2]), f32([1, 2])),
    (f32([0.0]), f32([9e-4])),                      # float32: atol 1e-3
    (f32([1000.0]), f32([1000.09])),                # float32: rtol 1e-4
    (np.array([1.0]), np.array([1.0 + 1e-6])),      # float64: rtol 1e-5
    (np.array([1.0], dtype=np.float16), np.array([1.05], dtype=np.float16)),  # float16: rtol 1e-2, atol 0.1
    (mx.nd.array([1, 2]), mx.nd.array([1, 2.0005])),
    (mx.nd.array([1, 2]), f32([1, 2])),
    (np.array([1.0]), f32([1.0005])),               # mixed: float32's looser tolerances
    (np.array([1, 2]), np.array([1, 2])),
    (f32([1, 1]), f32([1])),                        # broadcasting
], ids=["equal", "f32 atol", "f32 rtol", "f64", "f16", "ndarrays", "ndarray-numpy", "mixed", "ints", "broadcast"])
def test_assert_almost_equal_passes(a, b):
    assert tu.assert_almost_equal(a, b) is None


@pytest.mark.parametrize("a, b", [
    (f32([0.0]), f32([1.2e-3])),
    (f32([1000.0]), f32([1001.2])),
    (np.array([1.0]), np.array([1.0 + 1e-4])),
    (np.array([0.0], dtype=np.float16), np.array([0.2], dtype=np.float16)),
    (mx.nd.array([1, 2]), mx.nd.array([1, 2.1])),
    (np.array([1, 2]), np.array([1, 3])),
    (f32([np.nan]), f32([np.nan])),
    (np.array([True]), np.array([False])),
], ids=["f32 atol", "f32 rtol", "f64", "f16", "ndarrays", "ints", "nan", "bool"])
def test_assert_almost_equal_raises(a, b):
    with pytest.raises(AssertionError):
        tu.assert_almost_equal(a, b)


def test_assert_almost_equal_message_names_the_worst_element():
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal(mx.nd.array([1, 2, 3]), mx.nd.array([1, 2.1, 3]))
    text = str(error.value)
    assert text.startswith("\nItems are not equal:\nError 82.6445")
    assert "exceeds tolerance rtol=1.000000e-04, atol=1.000000e-03" in text
    assert "a=2.00000000, b=2.09999990" in text
    assert text.endswith(" ACTUAL: array([1., 2., 3.], dtype=float32)\n"
                         " DESIRED: array([1. , 2.1, 3. ], dtype=float32)")


def test_assert_almost_equal_message_text():
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal(mx.nd.array([1, 2, 3]), mx.nd.array([1, 2.1, 3]))
    text = str(error.value)
    assert "atol=1.000000e-03 (mismatch 33.333333%).\nLocation of maximum error: (1,), a=2.00000000, " \
           "b=2.09999990\n" in text


def test_assert_almost_equal_explicit_tolerances():
    tu.assert_almost_equal(f32([1]), f32([1.5]), rtol=0.5, atol=0)
    tu.assert_almost_equal(f32([1]), f32([1.6]), rtol=0.5, atol=0)  # |a-b| <= rtol * |b|
    with pytest.raises(AssertionError):
        tu.assert_almost_equal(f32([1]), f32([2.5]), rtol=0.5, atol=0)


def test_assert_almost_equal_nan_and_shapes():
    tu.assert_almost_equal(f32([np.nan, 1]), f32([np.nan, 1]), equal_nan=True)
    with pytest.raises(AssertionError, match=r"a.shape = \(2,\) and b.shape = \(1,\) are not equal"):
        tu.assert_almost_equal(f32([1, 1]), f32([1]), use_broadcast=False)


# ---- almost_equal and same -------------------------------------------------------------------

def test_almost_equal():
    # without explicit tolerances almost_equal uses float64's (rtol 1e-5, atol 1e-20)
    assert tu.almost_equal(f32([1]), f32([1.0005])) is False
    assert tu.almost_equal(f32([1]), f32([1.01])) is False
    assert tu.almost_equal(np.array([1.0]), np.array([1.0 + 1e-6])) is True
    assert tu.almost_equal(np.array([1.0]), np.array([1.0005]), rtol=1e-3, atol=0) is True
    assert tu.almost_equal(f32([np.nan]), f32([np.nan]), equal_nan=True) is True
    assert tu.almost_equal(f32([np.nan]), f32([np.nan])) is False
    assert tu.almost_equal(f32([1, 1]), f32([1])) is True


def test_almost_equal_without_broadcast_raises_on_shape_mismatch():
    with pytest.raises(AssertionError, match="are not equal"):
        tu.almost_equal(f32([1, 1]), f32([1]), use_broadcast=False)


def test_same():
    assert tu.same(np.array([1, 2]), np.array([1, 2])) is True
    assert tu.same(np.array([1, 2]), np.array([1, 3])) is False
    assert tu.same(np.array([1, 1]), np.array([1])) is False
    assert tu.same(np.array([np.nan]), np.array([np.nan])) is False
    assert tu.same(mx.nd.array([1, 2]), mx.nd.array([1, 2])) is True


# ---- contexts --------------------------------------------------------------------------------

def test_default_context():
    assert tu.default_context() == mx.cpu(0)


@pytest.fixture
def restore_default_context():
    old = tu.default_context()
    yield old
    tu.set_default_context(old)


def test_set_default_context(restore_default_context):
    tu.set_default_context(mx.cpu(3))
    assert tu.default_context() == mx.cpu(3)
    assert tu.rand_ndarray((2,)).context == mx.cpu(3)
    tu.set_default_context(restore_default_context)
    assert tu.default_context() == mx.cpu(0)
    assert tu.rand_ndarray((2,)).context == mx.cpu(0)


def test_set_default_context_sets_current_context(restore_default_context):
    tu.set_default_context(mx.cpu(3))
    try:
        assert mx.current_context() == mx.cpu(3)
        assert mx.nd.zeros((1,)).context == mx.cpu(3)
    finally:
        tu.set_default_context(restore_default_context)


# ---- random arrays and shapes ----------------------------------------------------------------

@pytest.mark.parametrize("dtype, expected", [
    (None, np.float32), ('float64', np.float64), (np.float16, np.float16), ('int32', np.int32),
], ids=str)
def test_rand_ndarray(dtype, expected):
    array = tu.rand_ndarray((3, 4), dtype=dtype)
    assert array.shape == (3, 4)
    assert array.dtype is expected
    assert array.context == mx.cpu(0)
    assert array.stype == 'default'


def test_rand_ndarray_ctx(ctx):
    array = tu.rand_ndarray((2, 5), ctx=ctx)
    assert array.context == ctx and array.shape == (2, 5) and array.dtype is np.float32
    assert tu.rand_ndarray((2,), ctx=mx.cpu(2)).context == mx.cpu(2)


def test_rand_ndarray_values_are_normal():
    np.random.seed(0)
    values = np.concatenate([tu.rand_ndarray((1000,)).asnumpy() for _ in range(3)])
    assert values.min() < 0 < values.max()  # randn, not uniform [0, 1)
    assert abs(values.mean()) < 0.1
    assert 0.9 < values.std() < 1.1


@pytest.mark.parametrize("stype", ["csr", "row_sparse"])
def test_rand_ndarray_sparse(stype):
    array = tu.rand_ndarray((2, 2), stype=stype, density=0.5)
    assert array.stype == stype and array.shape == (2, 2)


def test_rand_shape_2d():
    np.random.seed(1)
    shapes = [tu.rand_shape_2d() for _ in range(300)]
    assert all(type(s) is tuple and len(s) == 2 for s in shapes)
    assert min(min(s) for s in shapes) == 1 and max(max(s) for s in shapes) == 10
    shapes = [tu.rand_shape_2d(3, 4) for _ in range(300)]
    assert {s[0] for s in shapes} == {1, 2, 3}
    assert {s[1] for s in shapes} == {1, 2, 3, 4}
    shapes = [tu.rand_shape_2d(3, 4, allow_zero_size=True) for _ in range(300)]
    assert {s[0] for s in shapes} == {0, 1, 2, 3}
    assert {s[1] for s in shapes} == {0, 1, 2, 3, 4}


def test_rand_shape_3d():
    np.random.seed(2)
    shapes = [tu.rand_shape_3d(2, 3, 4) for _ in range(300)]
    assert all(type(s) is tuple and len(s) == 3 for s in shapes)
    assert [{s[i] for s in shapes} for i in range(3)] == [{1, 2}, {1, 2, 3}, {1, 2, 3, 4}]
    shapes = [tu.rand_shape_3d(2, 3, 4, allow_zero_size=True) for _ in range(300)]
    assert [{s[i] for s in shapes} for i in range(3)] == [{0, 1, 2}, {0, 1, 2, 3}, {0, 1, 2, 3, 4}]
    default = [tu.rand_shape_3d() for _ in range(300)]
    assert min(min(s) for s in default) >= 1 and max(max(s) for s in default) <= 10


def test_rand_shape_nd():
    np.random.seed(3)
    shapes = [tu.rand_shape_nd(4, 5) for _ in range(300)]
    assert all(type(s) is tuple and len(s) == 4 for s in shapes)
    assert {d for s in shapes for d in s} == {1, 2, 3, 4, 5}
    shapes = [tu.rand_shape_nd(4, 5, allow_zero_size=True) for _ in range(300)]
    assert {d for s in shapes for d in s} == {0, 1, 2, 3, 4, 5}
    shapes = [tu.rand_shape_nd(2) for _ in range(300)]
    assert {d for s in shapes for d in s} == set(range(1, 11))
    assert mx.nd.zeros(tu.rand_shape_nd(3)).ndim == 3  # usable as a shape


# ---- assert_exception ------------------------------------------------------------------------

def test_assert_exception_passes():
    assert tu.assert_exception(lambda: 1 / 0, ZeroDivisionError) is None
    tu.assert_exception(int, ValueError, 'x')
    tu.assert_exception(lambda a, b=1: a / b, ZeroDivisionError, 1, b=0)
    tu.assert_exception(mx.nd.broadcast_add, MXNetError, mx.nd.ones((2,)), mx.nd.ones((2,), dtype='int32'))


def test_assert_exception_without_exception_raises_assertion_error():
    with pytest.raises(AssertionError):
        tu.assert_exception(lambda: 1, ZeroDivisionError)


def test_assert_exception_lets_other_exceptions_through():
    with pytest.raises(ZeroDivisionError):
        tu.assert_exception(lambda: 1 / 0, ValueError)
