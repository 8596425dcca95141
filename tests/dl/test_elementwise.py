"""Elementwise dlarray functions: the unary table, binary implicit expansion of formats,
logical operators, comparisons and the Python operators (spec §2.1-2.3, §9.1, §9.2, §9.7)."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl

X = np.array([[0.3, -0.7, 1.9], [-2.5, 0.5, 2.5]])
POSITIVE = np.array([[1.3, 1.7, 2.9], [2.5, 1.5, 3.5]])
UNIT = np.array([[0.3, -0.7, 0.9], [-0.25, 0.5, 0.1]])

# name: (input, expected maths computed independently with numpy)
UNARY_CASES = {
    "abs": (X, np.abs), "acos": (UNIT, np.arccos), "acosh": (POSITIVE, np.arccosh),
    "acot": (X, lambda v: np.arctan(1 / v)), "acsc": (POSITIVE, lambda v: np.arcsin(1 / v)),
    "angle": (X, lambda v: np.where(v < 0, np.pi, 0.0)), "asec": (POSITIVE, lambda v: np.arccos(1 / v)),
    "asin": (UNIT, np.arcsin), "asinh": (X, np.arcsinh), "atan": (X, np.arctan), "atanh": (UNIT, np.arctanh),
    "conj": (X, np.conj), "cos": (X, np.cos), "cosh": (X, np.cosh), "cot": (X, lambda v: 1 / np.tan(v)),
    "csc": (X, lambda v: 1 / np.sin(v)), "exp": (X, np.exp), "imag": (X, np.zeros_like),
    "log": (POSITIVE, np.log), "real": (X, np.real), "reallog": (POSITIVE, np.log),
    "realsqrt": (POSITIVE, np.sqrt), "sec": (X, lambda v: 1 / np.cos(v)), "sign": (X, np.sign),
    "sin": (X, np.sin), "sinh": (X, np.sinh), "sqrt": (POSITIVE, np.sqrt), "tan": (X, np.tan),
    "tanh": (X, np.tanh), "uminus": (X, np.negative), "uplus": (X, lambda v: v),
    "ceil": (X, np.ceil), "floor": (X, np.floor), "fix": (X, np.trunc),
    "round": (X, lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5)),
    "isfinite": (X, np.isfinite), "isinf": (X, np.isinf), "isnan": (X, np.isnan),
    "not_": (np.array([[0.0, 1.0, 2.0], [0.0, 0.0, -1.0]]), np.logical_not),
}


@pytest.mark.parametrize("name", sorted(UNARY_CASES))
def test_unary_keeps_format_and_matches_maths(name, ctx):
    data, expected = UNARY_CASES[name]
    x = dl.dlarray(mx.nd.array(data, ctx=ctx, dtype="float64"), "CB")
    y = getattr(dl, name)(x)
    assert y.fmt == "CB" and y.shape == data.shape and y.context == ctx
    np.testing.assert_allclose(y.asnumpy(), expected(data), rtol=1e-12, atol=1e-12)


def test_unary_dtype_and_unformatted_input():
    y = dl.sin(np.float32(0.5) * np.ones((2, 2), np.float32))
    assert y.fmt == "" and y.data.dtype is torch.float32
    assert dl.isnan(dl.dlarray([1.0, np.nan])).data.dtype is torch.bool


def test_round_is_half_away_from_zero():
    y = dl.round(dl.dlarray(np.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.49999999999999994, 2.4])))
    assert y.asnumpy().tolist() == [1.0, 2.0, 3.0, -1.0, -3.0, 0.0, 2.0]
    with pytest.raises(ValueError, match=r"round: only the syntax Y = round\(X\) is supported for dlarray"):
        dl.round(dl.dlarray([1.25]), 1)


def test_reallog_realsqrt_reject_negative_input():
    with pytest.raises(ValueError, match="reallog: Reallog produced complex result"):
        dl.reallog(dl.dlarray([-1.0, 2.0]))
    with pytest.raises(ValueError, match="realsqrt: Realsqrt produced complex result"):
        dl.realsqrt(dl.dlarray([-1.0]))


def test_complex_unary_functions():
    z = dl.dlarray(np.array([3 + 4j, -1 - 1j]))
    np.testing.assert_allclose(dl.abs(z).asnumpy(), [5.0, np.sqrt(2)])
    np.testing.assert_allclose(dl.angle(z).asnumpy(), np.angle([3 + 4j, -1 - 1j]))
    np.testing.assert_allclose(dl.real(z).asnumpy(), [3.0, -1.0])
    np.testing.assert_allclose(dl.imag(z).asnumpy(), [4.0, -1.0])
    np.testing.assert_allclose(dl.conj(z).asnumpy(), [3 - 4j, -1 + 1j])


def test_seed_implicit_expansion_example():
    # MATLAB: X = ones(2,3,2); dlX = dlarray(X,'SCB'); dlY = dlarray(1:3,'C'); dlZ = dlX.*dlY
    dlx = dl.dlarray(np.ones((2, 3, 2)), "SCB")
    dly = dl.dlarray(np.arange(1, 4), "C")
    assert repr(dly).splitlines()[0] == "  3(C) × 1(U) dlarray"
    dlz = dlx * dly
    assert dlz.fmt == "SCB" and dlz.shape == (2, 3, 2)
    assert repr(dlz).splitlines()[0] == "  2(S) × 3(C) × 2(B) dlarray"
    for i in range(2):
        for j in range(3):
            for k in range(2):
                assert dlz.asnumpy()[i, j, k] == 1.0 * (j + 1)
    assert "     1     2     3" in repr(dlz)


def test_combination_scb_with_sset():
    x = dl.dlarray(np.arange(2 * 3 * 4.).reshape(2, 3, 4), "SCB")
    y = dl.dlarray(np.arange(2 * 5 * 3 * 6.).reshape(2, 5, 3, 6), "SSCT")
    z = x + y
    assert dl.dims(z) == "SSCBT" and z.shape == (2, 5, 3, 4, 6)
    # X's single S maps to Y's first S; X gets singletons at the end of its S block and for T
    expected = x.asnumpy()[:, None, :, :, None] + y.asnumpy()[:, :, :, None, :]
    np.testing.assert_array_equal(z.asnumpy(), expected)


def test_formatted_with_unformatted_aligns_from_the_first_dim():
    x = dl.dlarray(np.ones((2, 3, 4)), "SCB")
    z = x * np.arange(2.)  # a Python vector is a MATLAB column: 2x1 -> aligned with S
    assert z.fmt == "SCB"
    np.testing.assert_array_equal(z.asnumpy()[:, 0, 0], [0.0, 1.0])
    w = x + dl.dlarray(np.ones((2, 3, 4, 5)))  # extra unformatted dims are labelled U
    assert w.fmt == "SCBU" and w.shape == (2, 3, 4, 5)
    v = x + mx.nd.ones((2, 3))
    assert v.fmt == "SCB" and isinstance(v, dl.dlarray)


def test_unformatted_operands_pad_trailing_dims():
    a = dl.dlarray(np.arange(3.))  # (3,) -> 3x1
    b = dl.dlarray(np.ones((3, 4)))
    assert (a + b).shape == (3, 4)
    np.testing.assert_array_equal((a + b).asnumpy()[:, 2], [1.0, 2.0, 3.0])


def test_incompatible_sizes_error():
    with pytest.raises(ValueError, match="plus: Arrays have incompatible sizes for this operation"):
        dl.dlarray(np.ones((2, 3)), "SC") + dl.dlarray(np.ones((4, 3)), "SC")
    with pytest.raises(ValueError, match="times: Arrays have incompatible sizes"):
        dl.times(dl.dlarray(np.ones((2, 3)), "SC"), dl.dlarray(np.ones(4), "C"))


def test_single_combined_with_double_is_single():
    a = dl.dlarray(np.ones(2, np.float32))
    assert (a + np.ones(2)).data.dtype is torch.float32
    assert (a + dl.dlarray(np.ones(2))).data.dtype is torch.float32
    assert (dl.dlarray(np.ones(2)) * 2).data.dtype is torch.float64


BINARY_CASES = {
    "plus": np.add, "minus": np.subtract, "times": np.multiply, "rdivide": np.divide,
    "ldivide": lambda a, b: np.divide(b, a), "power": np.power, "realpow": np.power, "atan2": np.arctan2,
    "and_": np.logical_and, "or_": np.logical_or, "xor": np.logical_xor,
    "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
    "ge": np.greater_equal,
}


@pytest.mark.parametrize("name", sorted(BINARY_CASES))
def test_binary_functions(name, ctx):
    a = np.array([[1.5, 0.0, 2.0], [3.0, 1.0, 0.5]])
    b = np.array([[0.5], [2.0]])
    x = dl.dlarray(mx.nd.array(a, ctx=ctx, dtype="float64"), "SC")
    y = dl.dlarray(mx.nd.array(b, ctx=ctx, dtype="float64"), "SC")
    z = getattr(dl, name)(x, y)
    assert z.fmt == "SC" and z.shape == (2, 3) and z.context == ctx
    np.testing.assert_allclose(z.asnumpy(), BINARY_CASES[name](a, b), rtol=1e-12)
    scalar = getattr(dl, name)(x, 2.0)
    np.testing.assert_allclose(scalar.asnumpy(), BINARY_CASES[name](a, 2.0), rtol=1e-12)
    reflected = getattr(dl, name)(2.0, x)
    np.testing.assert_allclose(reflected.asnumpy(), BINARY_CASES[name](2.0, a), rtol=1e-12)


def test_logical_and_comparison_results_are_bool_with_combined_format():
    x = dl.dlarray(np.ones((2, 3)), "SC")
    y = dl.dlarray(np.array([1.0, 0.0, 1.0]), "C")
    z = x == y
    assert z.data.dtype is torch.bool and z.fmt == "SC"
    assert (x & y).data.dtype is torch.bool
    assert (~z).asnumpy().tolist() == [[False, True, False], [False, True, False]]


def test_python_operators():
    a = dl.dlarray(np.array([[1.0, 2.0], [3.0, 4.0]]), "SC")
    assert (a + 1).asnumpy().tolist() == [[2.0, 3.0], [4.0, 5.0]]
    assert (1 - a).asnumpy().tolist() == [[0.0, -1.0], [-2.0, -3.0]]
    assert (2 / a).asnumpy()[0, 1] == 1.0
    assert (a ** 2).asnumpy()[1, 1] == 16.0 and (2 ** a).asnumpy()[0, 0] == 2.0
    assert (-a).fmt == "SC" and (+a).asnumpy()[0, 0] == 1.0 and abs(-a).asnumpy()[0, 0] == 1.0
    assert (a > 2).asnumpy().tolist() == [[False, False], [True, True]]
    assert (3 > a).asnumpy().tolist() == [[True, True], [False, False]]
    assert ((a > 1) | (a < 2)).asnumpy().all() and not ((a > 1) & (a < 2)).asnumpy().any()
    assert ((a > 1) ^ (a > 2)).asnumpy().tolist() == [[False, True], [False, False]]
    assert (np.ones((2, 2)) + a).fmt == "SC"  # numpy defers to dlarray


def test_realpow_error_and_power_of_negative():
    with pytest.raises(ValueError, match="realpow: Realpow produced complex result"):
        dl.realpow(dl.dlarray([-8.0]), 1 / 3)
    assert dl.realpow(dl.dlarray([-2.0]), 2).asnumpy().tolist() == [4.0]


def test_max_min_of_two_arrays_omit_nan_and_expand():
    a = dl.dlarray(np.array([[1.0, np.nan], [5.0, 2.0]]), "SC")
    b = dl.dlarray(np.array([3.0, 0.0]), "C")
    m = dl.max(a, b)
    assert m.fmt == "SC"
    np.testing.assert_array_equal(m.asnumpy(), [[3.0, 0.0], [5.0, 2.0]])
    np.testing.assert_array_equal(dl.min(a, 1.5).asnumpy(), [[1.0, 1.5], [1.5, 1.5]])


def test_complex_function():
    a = dl.dlarray(np.array([[1.0, 2.0]]), "SC")
    b = dl.dlarray(np.array([[3.0, 4.0]]), "SC")
    z = dl.complex(a, b)
    assert z.fmt == "SC" and z.data.dtype is torch.complex128
    np.testing.assert_array_equal(z.asnumpy(), [[1 + 3j, 2 + 4j]])
    assert dl.complex(a).fmt == "SC" and dl.complex(a).data.dtype is torch.complex128
    assert not dl.isreal(dl.complex(a)) and dl.isreal(a)
    with pytest.raises(ValueError, match="complex: formatted inputs must have the same format"):
        dl.complex(a, dl.dlarray(np.array([[3.0, 4.0]]), "SB"))


def test_unsupported_operands_give_not_implemented():
    x = dl.dlarray([1.0, 2.0])
    assert (x == None) is False and (x != None) is True  # noqa: E711
    with pytest.raises(TypeError):
        x + "a"
    with pytest.raises(TypeError):
        object() * x


def test_a_gpu_dlarray_brings_host_operands_to_its_device(ctx):
    """MATLAB: a gpuArray combined with host data is a gpuArray, in elementwise operations, mtimes,
    pagemtimes, cat and interp1 (on the host every operand is there already)."""
    device = mx.nd.zeros((1,), ctx=ctx)._data.device
    a = dl.dlarray(mx.nd.array([[1.0, 2.0], [3.0, 4.0]], ctx=ctx))
    host = dl.dlarray(np.array([[10.0, 20.0], [30.0, 40.0]], np.float32))
    results = {"plus": a + host, "times": host * a, "mtimes": a @ host, "pagemtimes": dl.pagemtimes(host, a),
               "cat": dl.cat(1, a, host), "interp1": dl.interp1(a[:, 0], a[:, 1], host[0, :] / 10)}
    expected = {"plus": [[11, 22], [33, 44]], "times": [[10, 40], [90, 160]], "mtimes": [[70, 100], [150, 220]],
                "pagemtimes": [[70, 100], [150, 220]], "cat": [[1, 2, 10, 20], [3, 4, 30, 40]],
                "interp1": [[2, 3]]}
    for name, result in results.items():
        data = dl.extractdata(result)
        assert data._data.device == device, name
        np.testing.assert_allclose(data.asnumpy().reshape(np.shape(expected[name])), expected[name], err_msg=name)
