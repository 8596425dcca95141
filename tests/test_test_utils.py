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


# ---- tolerance helpers (values from MXNet 1.9.1) ----------------------------------------------

def test_default_dtype_and_numeric_eps():
    assert tu.default_dtype() is np.float32
    eps = {np.dtype(k).name: v for k, v in tu.default_numeric_eps().items()}
    assert eps == {'float16': 0.015625, 'float32': 0.001953125, 'float64': 6.103515625e-05}


def test_effective_dtype_and_get_tolerance():
    assert tu.effective_dtype(mx.nd.ones(2)) == np.float32  # CPU: no TF32
    assert tu.effective_dtype(np.ones(2, dtype=np.float16)) == np.float16
    assert tu.get_tolerance(np.ones(2), {np.dtype('float64'): 0.5}, tu.default_rtols()) == 0.5
    assert tu.get_tolerance(np.ones(2), {np.dtype('float32'): 0.5}, tu.default_rtols()) == 1e-5
    assert tu.get_tolerance(np.ones(2), 3, None) == 3
    assert tu.get_tols(mx.nd.ones(2, dtype='float16'), 1.0, None, {np.dtype('float16'): 0.7}) == (0.01, 0.7)
    assert (tu.get_etol(), tu.get_etol(0.1)) == (0, 0.1)


def test_get_tols_unknown_dtype_is_key_error():
    with pytest.raises(KeyError):  # MXNet: KeyError: dtype('int16')
        tu.get_tols(np.ones(2, dtype=np.int16), np.ones(2), None, None)


# ---- failure reports -----------------------------------------------------------------------------

def test_assert_almost_equal_prints_the_worst_elements(capsys):
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal(np.arange(12.), np.arange(12.) + 1)
    # MXNet 1.9.1's text: ten elements printed and counted, "at least", arrays summarized
    assert str(error.value) == (
        '\nItems are not equal:\nError 100000.000000 exceeds tolerance rtol=1.000000e-05, atol=1.000000e-20 '
        '(mismatch at least 91.666667%).\nLocation of maximum error: (0,), a=0.00000000, b=1.00000000\n'
        ' ACTUAL: array([ 0.,  1.,  2., ...,  9., 10., 11.])\n DESIRED: array([ 1.,  2.,  3., ..., 10., 11., 12.])')
    out = capsys.readouterr().out.splitlines()
    assert out[1] == '*** Maximum errors for vector of size 12:  rtol=1e-05, atol=1e-20'
    assert out[3] == '  1: Error 100000.000000  Location of error: (0,), a=0.00000000, b=1.00000000'
    assert out[-1] == ' 10: Error 10000.000000  Location of error: (9,), a=9.00000000, b=10.00000000'
    assert len(out) == 13
    assert np.get_printoptions()['threshold'] == 1000  # not left changed


def test_assert_almost_equal_report_variants():
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal(np.arange(12.), np.arange(12.) + 1, mismatches=(2, 0))
    assert '(mismatch 100.000000%)' in str(error.value)
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal(np.array(1.0), np.array(2.0))
    assert str(error.value) == ('\nItems are not equal:\nError 50000.000000 exceeds tolerance rtol=1.000000e-05, '
                                'atol=1.000000e-20.\n\n ACTUAL: array(1.)\n DESIRED: array(2.)')
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal(1.0, 2.0)
    assert str(error.value).endswith('atol=1.000000e-20.\n\n ACTUAL: 1.0\n DESIRED: 2.0')
    with pytest.raises(AssertionError) as error:  # computed in uint8, as MXNet
        tu.assert_almost_equal(np.uint8([1, 200]), np.uint8([3, 100]))
    assert str(error.value).startswith('\nItems are not equal:\nError 25400000000000002097152.000000 exceeds '
                                       'tolerance rtol=0.000000e+00, atol=0.000000e+00 (mismatch 100.000000%).')
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal(mx.nd.ones((2, 2)), mx.nd.zeros((2, 2)), names=('u', 'v'))
    assert 'Error 999.999939 exceeds tolerance rtol=1.000000e-04, atol=1.000000e-03 (mismatch 100.000000%).\n' \
           'Location of maximum error: (0, 0), u=1.00000000, v=0.00000000' in str(error.value)


def test_assert_almost_equal_with_err(capsys):
    a, b = np.array([1., 2., 3., 4.]), np.array([1., 2., 3., 5.])
    assert tu.assert_almost_equal_with_err(a, b, etol=0.3) is None  # 25% of the elements differ
    assert tu.assert_almost_equal_with_err(mx.nd.array(a), mx.nd.array(b), etol=0.3) is None
    expected = ('\nItems are not equal:\nError 20000.000000 exceeds tolerance rtol=1.000000e-05, atol=1.000000e-20 '
                '(mismatch 25.000000%).\nLocation of maximum error: (3,), {}=4.00000000, {}=5.00000000\n'
                ' ACTUAL: array([1., 2., 3., 4.])\n DESIRED: array([1., 2., 3., 5.])')
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal_with_err(a, b, etol=0.2, names=('p', 'q'))
    assert str(error.value) == expected.format('p', 'q')
    with pytest.raises(AssertionError) as error:  # without etol: assert_almost_equal, default names
        tu.assert_almost_equal_with_err(a, b, names=('p', 'q'))
    assert str(error.value) == expected.format('a', 'b')
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal_with_err(f32([1, 2, 3, 4]), f32([1, 2.5, 3, 9]), etol=0.1, mismatches=(1, 1))
    assert '(mismatch at least 50.000000%)' in str(error.value)


def test_assert_almost_equal_ignore_nan():
    tu.assert_almost_equal_ignore_nan(np.array([np.nan, 1.]), np.array([5., 1.]))
    tu.assert_almost_equal_ignore_nan(f32([1, 2]), f32([np.nan, 2]))
    tu.assert_almost_equal_ignore_nan(mx.nd.array([np.nan, 1.]), mx.nd.array([5., 1.]))  # MXNet: TypeError
    with pytest.raises(AssertionError) as error:
        tu.assert_almost_equal_ignore_nan(np.array([np.nan, 1.]), np.array([5., 2.]), names=('x', 'y'))
    assert 'Location of maximum error: (1,), x=1.00000000, y=2.00000000\n ACTUAL: array([0., 1.])' in str(error.value)


def test_check_shapes():
    assert tu.checkShapes(np.ones(2), np.zeros(2)) is None
    with pytest.raises(AssertionError) as error:
        tu.checkShapes(np.ones(2), np.ones(3))
    assert str(error.value) == ('\nItems are not equal: a.shape = (2,) and b.shape = (3,) are not equal\n'
                                ' ACTUAL: array([1., 1.])\n DESIRED: array([1., 1., 1.])')


def test_same_array():
    x = mx.nd.ones(3)
    assert tu.same_array(x, x) and tu.same_array(x, x[:]) and tu.same_array(x, x.reshape((3,)))
    assert not tu.same_array(x, x.copy())
    assert x.asnumpy().tolist() == [1, 1, 1]  # restored


def test_compare_ndarray_tuple():
    assert tu.compare_ndarray_tuple(None, 1) is None
    tu.compare_ndarray_tuple((mx.nd.ones(2), (mx.nd.ones(1),)), (mx.nd.ones(2), (mx.nd.ones(1),)))
    with pytest.raises(AssertionError):
        tu.compare_ndarray_tuple((mx.nd.ones(2),), (mx.nd.zeros(2),))


@pytest.mark.parametrize("name, kwargs, dtype, w_stype, g_stype", [
    ("sgd", dict(momentum=0.9, wd=0.1), "float32", "default", "default"),
    ("sgd", dict(momentum=0.5, multi_precision=True), "float16", "default", "default"),
    ("adam", {}, "float32", "default", "row_sparse"),
    ("sgd", dict(momentum=0.9), "float32", "row_sparse", "row_sparse"),
])
def test_compare_optimizer(name, kwargs, dtype, w_stype, g_stype):
    opt1, opt2 = mx.optimizer.create(name, **kwargs), mx.optimizer.create(name, **kwargs)
    tu.compare_optimizer(opt1, opt2, (3, 4), dtype, w_stype=w_stype, g_stype=g_stype)


def test_compare_optimizer_multi_tensor_and_errors():
    opt1, opt2 = mx.optimizer.create("sgd", momentum=0.9), mx.optimizer.create("sgd", momentum=0.9)
    opt2.aggregate_num = 4
    tu.compare_optimizer(opt1, opt2, [(3, 4), (2,), (5, 1)], "float32", ntensors=3)
    opt1, opt2 = mx.optimizer.create("sgd", learning_rate=0.1), mx.optimizer.create("sgd", learning_rate=0.2)
    with pytest.raises(AssertionError, match="exceeds tolerance rtol=1.000000e-04, atol=1.000000e-05"):
        tu.compare_optimizer(opt1, opt2, (3,), "float32")
    with pytest.raises(AssertionError):
        tu.compare_optimizer(opt1, opt2, (3,), "float32", ntensors=2)
    with pytest.raises(Exception, match="type not supported yet"):
        tu.compare_optimizer(opt1, opt2, (3,), "float32", w_stype="foo")


# ---- running tests -------------------------------------------------------------------------------

def test_retry():
    calls = []

    @tu.retry(3)
    def flaky():
        calls.append(1)
        assert len(calls) >= 3

    assert flaky() is None and len(calls) == 3
    assert flaky.__name__ == 'wrapper'  # as MXNet's

    @tu.retry(2)
    def failing():
        calls.append(1)
        assert False, "always"

    calls.clear()
    with pytest.raises(AssertionError, match="always"):
        failing()
    assert len(calls) == 2

    @tu.retry(5)
    def other_error():
        calls.append(1)
        raise ValueError("v")

    calls.clear()
    with pytest.raises(ValueError):
        other_error()
    assert len(calls) == 1
    with pytest.raises(AssertionError):
        tu.retry(0)


def test_environment(monkeypatch):
    import os
    monkeypatch.setenv("MXND_TU_B", "x")
    monkeypatch.delenv("MXND_TU_A", raising=False)
    with tu.environment("MXND_TU_A", "1"):
        assert os.environ["MXND_TU_A"] == "1" and tu.getenv("MXND_TU_A") == "1"
    assert "MXND_TU_A" not in os.environ
    with tu.environment({"MXND_TU_B": None, "MXND_TU_A": "2"}):
        assert "MXND_TU_B" not in os.environ and os.environ["MXND_TU_A"] == "2"
    assert os.environ["MXND_TU_B"] == "x" and "MXND_TU_A" not in os.environ
    with pytest.raises(RuntimeError), tu.environment("MXND_TU_A", "3"):
        raise RuntimeError
    assert "MXND_TU_A" not in os.environ
    with pytest.raises(AssertionError, match="Expecting one dict arg or two args: env var name and value"):
        with tu.environment("A", "1", "2"):
            pass
    with pytest.raises(TypeError, match="str expected, not int"):
        with tu.environment("MXND_TU_A", 1):
            pass
    tu.setenv("MXND_TU_A", "4")
    assert tu.getenv("MXND_TU_A") == "4"
    tu.setenv("MXND_TU_A", None)


def test_discard_stderr(capfd):
    import os
    import sys
    fd = sys.stderr.fileno()  # the descriptor MXNet redirects (2 outside pytest's capture)
    with tu.discard_stderr():
        os.write(fd, b"hidden\n")
    os.write(fd, b"shown\n")
    assert capfd.readouterr().err == "shown\n"
    with pytest.raises(ZeroDivisionError), tu.discard_stderr():
        1 / 0
    os.write(fd, b"back\n")
    assert capfd.readouterr().err == "back\n"


def test_machine_queries(monkeypatch):
    assert list(tu.list_gpus()) == list(range(mx.util.get_gpu_count()))
    assert isinstance(tu.list_gpus(), range)
    assert tu.is_op_runnable() is True and tu.has_tvm_ops() is False
    monkeypatch.setenv("CD_JOB", "1")
    assert tu.is_cd_run() is True
    monkeypatch.setenv("CD_JOB", "0")
    assert tu.is_cd_run() is False
    import platform
    assert tu.is_aarch64_run() == (platform.machine() == "aarch64")
    with pytest.raises(ValueError, match="Expecting a gpu context"):
        tu.get_cuda_compute_capability(mx.cpu())


def test_dummy_iter():
    real = mx.io.NDArrayIter(np.arange(8).reshape(4, 2), np.arange(4), batch_size=2)
    it = tu.DummyIter(real)
    assert isinstance(it, mx.io.DataIter) and iter(it) is it and it.real_iter is real
    assert it.batch_size == 2 and it.provide_data == real.provide_data
    assert str(it.provide_data) == "[DataDesc[data,(2, 2),<class 'numpy.float32'>,NCHW]]"
    assert next(it) is next(it) is it.next() is it.the_batch
    assert it.the_batch.data[0].asnumpy().ravel().tolist() == [0, 1, 2, 3]
    for _, batch in zip(range(5), it):  # never ends
        assert batch is it.the_batch


# ---- data generators -----------------------------------------------------------------------------

def test_large_tensor_helpers():
    v = tu.create_vector(5)
    assert v.dtype is np.int64 and v.asnumpy().tolist() == [0, 1, 2, 3, 4]
    assert tu.create_vector(3, dtype=np.float32).dtype is np.float32
    t = tu.create_2d_tensor(3, 2)
    assert t.dtype is np.int64 and t.asnumpy().tolist() == [[0, 0], [1, 1], [2, 2]]
    assert tu.create_2d_tensor(2, 2, dtype='float16').dtype is np.float16
    eye = tu.get_identity_mat(3)
    assert eye.dtype is np.float32 and eye.asnumpy().tolist() == np.eye(3).tolist()
    batch = tu.get_identity_mat_batch(2)
    assert batch.dtype is np.float32 and batch.asnumpy().tolist() == [np.eye(2).tolist()] * 2


def test_np_reduce_and_collapse_sum_like():
    a = np.arange(24).reshape(2, 3, 4)
    np.testing.assert_array_equal(tu.np_reduce(a, (0, 2), True, np.sum), [[[60], [92], [124]]])
    np.testing.assert_array_equal(tu.np_reduce(a, 1, False, np.max), [[8, 9, 10, 11], [20, 21, 22, 23]])
    assert tu.np_reduce(a, None, False, np.sum) == 276
    assert tu.np_reduce(a, [2, 0], True, np.prod).shape == (1, 3, 1)
    np.testing.assert_array_equal(tu.collapse_sum_like(a, (3, 1)), [[60], [92], [124]])
    np.testing.assert_array_equal(tu.collapse_sum_like(a, (2, 1, 1)), [[[66]], [[210]]])
    assert tu.collapse_sum_like(a, (1, 3, 4)).shape == (1, 3, 4)
    zero = tu.collapse_sum_like(np.zeros((0, 3)), (1, 3))
    assert zero.dtype == np.float64 and zero.tolist() == [[0, 0, 0]]
    for shape in [(2, 3, 4, 5), (2, 3)]:
        with pytest.raises(AssertionError):
            tu.collapse_sum_like(a, shape)


def test_assign_each():
    out = tu.assign_each(np.array([[1, 2], [3, 4]], dtype=np.int32), lambda x: x * 2)
    assert out.dtype == np.float64 and out.tolist() == [[2, 4], [6, 8]]
    same = tu.assign_each(np.array([1, 2], dtype=np.int32), None)
    assert same.dtype == np.int32 and same.tolist() == [1, 2]
    # MXNet's nditer pairs a transposed input in memory order with a C-order output
    assert tu.assign_each(np.arange(6.).reshape(2, 3).T, lambda x: x).tolist() == [[0, 1], [2, 3], [4, 5]]
    out = tu.assign_each2(np.array([1, 2]), np.array([3, 4]), lambda x, y: x * y)
    assert out.dtype == np.float64 and out.tolist() == [3, 8]
    assert tu.assign_each2(np.array([1, 2]), None, None).tolist() == [1, 2]
    with pytest.raises(AssertionError):
        tu.assign_each2(np.ones(2), np.ones(3), lambda x, y: x)


def test_random_helpers():
    arrays = tu.random_uniform_arrays((2,), (3, 1))
    assert [a.dtype for a in arrays] == [np.float32] * 2 and [a.shape for a in arrays] == [(2,), (3, 1)]
    one = tu.random_uniform_arrays((1000,), low=5, high=6, dtype=np.float64)
    assert isinstance(one, list) and one[0].dtype == np.float64 and 5 <= one[0].min() and one[0].max() < 6
    with pytest.raises(TypeError, match=r"Got unexpected argument/s : dict_keys\(\['foo'\]\)"):
        tu.random_uniform_arrays((2,), foo=1)
    assert sorted(tu.random_sample([1, 2, 3, 4], 4)) == [1, 2, 3, 4] and len(tu.random_sample([1, 2, 3], 2)) == 2
    with pytest.raises(AssertionError):
        tu.random_sample([1, 2, 3], 5)
    coords = [tu.rand_coord_2d(0, 3, 5, 7) for _ in range(200)]
    assert all(type(x) is np.int64 and type(y) is np.int64 for x, y in coords)
    assert {x for x, _ in coords} == {0, 1, 2} and {y for _, y in coords} == {5, 6}


def test_rand_sparse_ndarray_row_sparse():
    np.random.seed(0)
    array, (values, indices) = tu.rand_sparse_ndarray((5, 3), "row_sparse", density=0.5)
    assert array.stype == "row_sparse" and array.dtype is np.float32 and values.dtype == np.float32
    assert indices.dtype == np.int64 and values.shape == (len(indices), 3)
    np.testing.assert_array_equal(array.asnumpy()[indices], values)
    array, (values, indices) = tu.rand_sparse_ndarray((5, 3), "row_sparse", density=0.0)
    assert array.stype == "row_sparse" and not array.asnumpy().any()
    assert values.dtype == np.float32 and indices.dtype == np.float64 and values.size == indices.size == 0
    array, (values, indices) = tu.rand_sparse_ndarray((5, 3), "row_sparse", rsp_indices=np.array([1, 3]),
                                                      data_init=2, modifier_func=lambda x: x + 1)
    assert array.asnumpy().tolist() == [[0] * 3, [3] * 3, [0] * 3, [3] * 3, [0] * 3]
    assert values.dtype == np.float64 and indices.tolist() == [1, 3]  # assign_each's float64, as MXNet
    array, _ = tu.rand_sparse_ndarray((5, 3, 2), "row_sparse", rsp_indices=np.array([0, 4]), dtype='float16')
    assert array.shape == (5, 3, 2) and array.dtype is np.float16


def test_rand_sparse_ndarray_csr():
    array, (indptr, indices, data) = tu.rand_sparse_ndarray((4, 6), "csr", density=0.5, data_init=3)
    assert array.stype == "csr" and array.dtype is np.float32
    assert indptr.dtype is np.int64 and indices.dtype is np.int64 and data.dtype is np.float32
    assert data.asnumpy().tolist() == [3] * 12 and indptr.asnumpy()[-1] == 12
    array, _ = tu.rand_sparse_ndarray((4, 6), "csr", density=0.5, modifier_func=lambda x: 7, dtype=np.float64)
    assert array.dtype is np.float64 and (array.data.asnumpy() < 1).all()  # MXNet ignores modifier_func for csr
    array = tu.rand_ndarray((4, 5), "csr", density=1.0, shuffle_csr_indices=True, ctx=mx.cpu(1))
    assert array.context == mx.cpu(1) and sorted(array.indices.asnumpy()[:5].tolist()) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("shape, density, dtype, indptr", [
    ((5, 16), 0.5, None, [0, 2, 6, 14, 30, 40]),  # rows of 2**i non-zeros (MXNet's values)
    ((4, 4), 0.75, np.float64, [0, 2, 6, 10, 12]),  # float32 still: MXNet's mx.nd.array(float64 numpy)
    ((3, 4), 0.5, None, [0, 2, 5, 6]),
])
def test_rand_sparse_ndarray_powerlaw(shape, density, dtype, indptr):
    array, _ = tu.rand_sparse_ndarray(shape, "csr", density=density, dtype=dtype, distribution="powerlaw")
    assert array.indptr.asnumpy().tolist() == indptr
    assert array.dtype is np.float32
    data = array.data.asnumpy()
    assert ((data > 1.001) & (data < 3)).all()


@pytest.mark.parametrize("args, kwargs, error, message", [
    (((4, 6),), dict(stype="row_sparse", distribution="powerlaw"), AssertionError,
     "Distribution powerlaw not supported for row_sparse"),
    (((4, 6),), dict(stype="foo"), AssertionError, "unknown storage type"),
    (((4, 6),), dict(stype="csr", distribution="foo"), AssertionError, "Distribution not supported: foo"),
    (((4, 6),), dict(stype="csr", density=2), ValueError, "density has to be between 0 and 1"),
    (((0, 6), "csr", 0.1), {}, ValueError, "num_rows or num_cols should be greater than 0"),
    (((2, 6), "csr", 0.1), dict(distribution="powerlaw"), ValueError,
     r"not supported for this density: 0.1 for this shape \(2, 6\) Please keep : "
     r"num_rows \* num_cols \* density >= 2 \* num_rows"),
    (((4, 6, 2), "csr"), {}, AssertionError, None),  # bare asserts
    (((3, 6), "row_sparse"), dict(rsp_indices=np.array([0, 1, 2, 3])), AssertionError, None),
], ids=["rsp-powerlaw", "stype", "distribution", "density", "empty", "powerlaw-density", "3d-csr", "indices"])
def test_rand_sparse_ndarray_errors(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        tu.rand_sparse_ndarray(*args, **kwargs)


def test_rand_ndarray_modifier_func():
    array = tu.rand_ndarray((4, 5), "row_sparse", density=1.0, dtype='float64', modifier_func=lambda v: 5)
    assert array.dtype is np.float64 and np.unique(array.asnumpy()).tolist() == [5]


def test_create_sparse_array():
    array = tu.create_sparse_array((5, 2), "row_sparse", rsp_indices=[3, 1], data_init=4)
    assert array.indices.asnumpy().tolist() == [1, 3]  # sorted
    assert array.asnumpy().tolist() == [[0, 0], [4, 4], [0, 0], [4, 4], [0, 0]]
    assert tu.create_sparse_array((3, 3), "csr", data_init=4, density=1).asnumpy().tolist() == [[4] * 3] * 3
    with pytest.raises(AssertionError, match="Unknown storage type: foo"):
        tu.create_sparse_array((3, 3), "foo")
    assert tu.create_sparse_array_zd((5, 2), "row_sparse", 0.9, data_init=1).asnumpy().sum() == 0
    array = tu.create_sparse_array_zd((5, 2), "row_sparse", 0.9, rsp_indices=[4], data_init=1)
    assert array.asnumpy().tolist() == [[0, 0]] * 4 + [[1, 1]]
    with pytest.raises(AssertionError):
        tu.create_sparse_array_zd((2, 2), "row_sparse", 0.9, rsp_indices=[0, 1, 1])
    assert tu.create_sparse_array_zd((3, 3), "csr", 1.0, data_init=2).asnumpy().tolist() == [[2] * 3] * 3


def test_shuffle_csr_column_indices():
    sp = pytest.importorskip("scipy.sparse")
    np.random.seed(4)
    csr = sp.csr_matrix(np.ones((3, 50)))
    tu.shuffle_csr_column_indices(csr)
    rows = [csr.indices[csr.indptr[i]:csr.indptr[i + 1]] for i in range(3)]
    assert all(sorted(r) == list(range(50)) for r in rows) and any(list(r) != list(range(50)) for r in rows)


def test_matrices_with_real_eigenvalues():
    np.random.seed(5)
    m = tu.new_matrix_with_real_eigvals_2d(4)
    assert m.shape == (4, 4) and m.dtype == np.float64
    eig = np.linalg.eigvals(m)
    assert np.allclose(eig.imag, 0) and (np.abs(eig.real) < 10).all()
    assert tu.new_matrix_with_real_eigvals_nd((2, 3, 4, 4)).shape == (2, 3, 4, 4)
    q = tu.new_orthonormal_matrix_2d(4)
    assert np.allclose(q @ q.T, np.eye(4))
    s = tu.new_sym_matrix_with_real_eigvals_nd((2, 3, 3))
    assert s.shape == (2, 3, 3) and np.allclose(s, s.transpose(0, 2, 1))
    assert tu.new_sym_matrix_with_real_eigvals_nd((3, 3)).shape == (3, 3)
    assert (np.abs(np.linalg.eigvalsh(s)) < 10).all()


# ---- statistical checks --------------------------------------------------------------------------

def test_gen_buckets_probs_with_ppf():
    assert tu.gen_buckets_probs_with_ppf(lambda x: x * 2, 4) == (
        [(0.0, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 2.0)], [0.25, 0.25, 0.25, 0.25])
    with pytest.raises(AssertionError):
        tu.gen_buckets_probs_with_ppf(lambda x: x, 0)


def test_mean_and_var_check():
    np.random.seed(6)
    normal = lambda n: np.random.normal(0, 1.0, size=n)  # noqa: E731
    assert tu.mean_check(normal, 0, 1.0, nsamples=100000)
    assert not tu.mean_check(normal, 0.1, 1.0, nsamples=100000)
    assert tu.var_check(normal, 1.0, nsamples=100000)
    assert not tu.var_check(normal, 1.2, nsamples=100000)
    assert tu.mean_check(lambda n: mx.nd.random.normal(2, 1, shape=(n,)).asnumpy(), 2, 1.0, nsamples=100000)


def test_chi_square_check_and_verify_generator():
    ss = pytest.importorskip("scipy.stats")
    np.random.seed(7)
    buckets, probs = tu.gen_buckets_probs_with_ppf(lambda x: ss.norm.ppf(x, 0, 1), 5)
    p, observed, expected = tu.chi_square_check(lambda n: np.random.normal(0, 1.0, size=n), buckets, probs,
                                                nsamples=100000)
    assert p > 1e-4 and observed.sum() == 100000 and expected.tolist() == [20000] * 5
    assert expected.dtype == np.int32
    generator = lambda n: mx.nd.random.uniform(0, 1, shape=(n,)).asnumpy()  # noqa: E731
    buckets, probs = tu.gen_buckets_probs_with_ppf(lambda x: x, 4)
    assert len(tu.verify_generator(generator, buckets, probs, nsamples=10000, nrepeat=3)) == 3
    # discrete buckets: the values themselves
    p, observed, _ = tu.chi_square_check(lambda n: np.random.randint(0, 3, size=n), [0, 1, 2], [1 / 3] * 3,
                                         nsamples=30000)
    assert observed.sum() == 30000
    with pytest.raises(AssertionError, match="Generator test fails, Chi-square p="):
        tu.verify_generator(lambda n: np.random.uniform(0, 0.9, size=n), buckets, probs, nsamples=10000, nrepeat=2)
    with pytest.raises(AssertionError):
        tu.chi_square_check(generator, tuple(buckets), probs, nsamples=10)


# ---- downloads (no network: offline errors and existing local files) -------------------------

def test_download_existing_file_and_errors(tmp_path, monkeypatch, capsys):
    target = tmp_path / "y.bin"
    target.write_text("hi")
    url = "http://localhost:1/y.bin"
    assert tu.download(url, dirname=str(tmp_path)) == str(target)
    assert tu.download(url, fname=str(target)) == str(target)
    monkeypatch.chdir(tmp_path)
    assert tu.download(url) == "y.bin"
    with pytest.raises(AssertionError, match="Number of retries should be at least 0"):
        tu.download(url, retries=-1)
    with pytest.raises(ConnectionError, match="http://localhost:1/x.bin"):  # MXNet: requests' ConnectionError
        tu.download("http://localhost:1/x.bin", dirname=str(tmp_path / "new"), retries=3)
    assert capsys.readouterr().out == ("download failed, retrying, 2 attempts left\n"
                                       "download failed, retrying, 1 attempt left\n")
    assert (tmp_path / "new").is_dir() and not (tmp_path / "new" / "x.bin").exists()
    with pytest.raises(OSError):  # requests' ConnectionError is an OSError too
        tu.download(url, overwrite=True, retries=0)


def test_datasets_from_local_files(tmp_path, monkeypatch):
    import bz2
    import zipfile
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConnectionError, match="http://data.mxnet.io/mxnet/data/mnist.zip"):
        tu.get_mnist_ubyte()
    with pytest.raises(ConnectionError, match="http://deeplearning.net/data/mnist/mnist.pkl.gz"):
        tu.get_mnist_pkl()
    with pytest.raises(ConnectionError, match="http://data.mxnet.io/data/mnist/train-labels-idx1-ubyte.gz"):
        tu.get_mnist()
    (tmp_path / "data").mkdir(exist_ok=True)
    (tmp_path / "data" / "mnist.pkl.gz").write_bytes(b"")
    assert tu.get_mnist_pkl() is None
    with zipfile.ZipFile(tmp_path / "data" / "cifar10.zip", "w") as zf:
        for name in ("train.rec", "test.rec", "train.lst", "test.lst"):
            zf.writestr("cifar/" + name, name)
    assert tu.get_cifar10() is None  # the local zip is extracted, nothing downloaded
    assert (tmp_path / "data" / "cifar" / "test.lst").read_text() == "test.lst"
    with zipfile.ZipFile(tmp_path / "d.zip", "w") as zf:
        zf.writestr("inner.txt", "z")
    (tmp_path / "zd").mkdir()
    (tmp_path / "d.zip").rename(tmp_path / "zd" / "d.zip")
    assert tu.get_zip_data("zd", "http://localhost:1/d.zip", "d.zip") is None  # exists: nothing to do
    (tmp_path / "bz").mkdir()
    (tmp_path / "bz" / "k.t.bz2").write_bytes(bz2.compress(b"line1\nline2\n"))
    tu.get_bz2_data("bz", "k.t", "http://localhost:1/k.t.bz2", "k.t.bz2")
    assert (tmp_path / "bz" / "k.t").read_bytes() == b"line1\nline2\n" and not (tmp_path / "bz" / "k.t.bz2").exists()


def test_get_mnist_from_local_files(tmp_path, monkeypatch):
    import gzip
    import struct
    monkeypatch.chdir(tmp_path)
    images = np.arange(2 * 28 * 28, dtype=np.uint32).astype(np.uint8).reshape(2, 28, 28)
    for prefix in ("train", "t10k"):
        with gzip.open(tmp_path / f"{prefix}-labels-idx1-ubyte.gz", "wb") as f:
            f.write(struct.pack(">II", 2049, 2) + bytes([3, 7]))
        with gzip.open(tmp_path / f"{prefix}-images-idx3-ubyte.gz", "wb") as f:
            f.write(struct.pack(">IIII", 2051, 2, 28, 28) + images.tobytes())
    data = tu.get_mnist()
    assert sorted(data) == ['test_data', 'test_label', 'train_data', 'train_label']
    assert data['train_data'].shape == (2, 1, 28, 28) and data['train_data'].dtype == np.float32
    assert data['train_label'].dtype == np.int8 and data['test_label'].tolist() == [3, 7]
    np.testing.assert_allclose(data['test_data'][1, 0], images[1] / np.float32(255))
    # the ubyte files MNISTIter reads
    (tmp_path / "data").mkdir()
    for prefix in ("train", "t10k"):
        for kind in ("labels-idx1", "images-idx3"):
            with gzip.open(tmp_path / f"{prefix}-{kind}-ubyte.gz") as f:
                (tmp_path / "data" / f"{prefix}-{kind}-ubyte").write_bytes(f.read())
    train, val = tu.get_mnist_iterator(2, (784,))
    batch = next(val)
    assert batch.data[0].shape == (2, 784) and batch.label[0].asnumpy().tolist() == [3, 7]
    train, val = tu.get_mnist_iterator(1, (1, 28, 28))
    assert next(train).data[0].shape == (1, 1, 28, 28)


def test_get_im2rec_path(tmp_path, monkeypatch):
    monkeypatch.setenv("MXNET_HOME", str(tmp_path))
    with pytest.raises(OSError, match="Could not find path to tools/im2rec.py"):
        tu.get_im2rec_path()
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "im2rec.py").write_text("")
    assert tu.get_im2rec_path() == str(tmp_path / "tools" / "im2rec.py")
