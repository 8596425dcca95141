"""Elementwise sparse operators: output stype per input stypes and values (MXNet 1.9.1's table)."""
import numpy as np
import pytest

import mxnd as mx

DENSE = np.array([[0, 1, 0], [2, 0, -3]], np.float32)
C, R, D = "csr", "row_sparse", "default"


def arrays(ctx):
    d = mx.nd.array(DENSE, ctx=ctx)
    return {D: d, C: d.tostype("csr"), R: d.tostype("row_sparse")}


# the output stype of each op for input stypes (lhs, rhs), recorded from MXNet 1.9.1
BINARY = {
    "elemwise_add": {"dd": D, "dc": D, "dr": D, "cd": D, "cc": C, "cr": D, "rd": D, "rc": D, "rr": R},
    "elemwise_sub": {"dd": D, "dc": D, "dr": D, "cd": D, "cc": C, "cr": D, "rd": D, "rc": D, "rr": R},
    "elemwise_mul": {"dd": D, "dc": C, "dr": R, "cd": C, "cc": C, "cr": D, "rd": R, "rc": D, "rr": R},
    "elemwise_div": {"dd": D, "dc": D, "dr": D, "cd": D, "cc": D, "cr": D, "rd": D, "rc": D, "rr": D},
    "broadcast_add": {k: D for k in ("dd", "dc", "dr", "cd", "cc", "cr", "rd", "rc", "rr")},
    "broadcast_sub": {k: D for k in ("dd", "dc", "dr", "cd", "cc", "cr", "rd", "rc", "rr")},
}
NUMPY = {"elemwise_add": np.add, "elemwise_sub": np.subtract, "elemwise_mul": np.multiply,
         "elemwise_div": np.divide, "broadcast_add": np.add, "broadcast_sub": np.subtract}
KEY = {"d": D, "c": C, "r": R}


@pytest.mark.parametrize("op", sorted(BINARY))
def test_binary_stypes_and_values(op, ctx):
    a = arrays(ctx)
    other = DENSE + 1
    b = {D: mx.nd.array(other, ctx=ctx), C: mx.nd.array(other, ctx=ctx).tostype("csr"),
         R: mx.nd.array(other, ctx=ctx).tostype("row_sparse")}
    for combo, expected in BINARY[op].items():
        result = getattr(mx.nd, op)(a[KEY[combo[0]]], b[KEY[combo[1]]])
        assert result.stype == expected, (op, combo)
        with np.errstate(divide="ignore", invalid="ignore"):
            np.testing.assert_allclose(result.asnumpy(), NUMPY[op](DENSE, other), rtol=1e-6)


def test_aliases_dispatch_too():
    a = arrays(mx.cpu())
    assert mx.nd._internal._plus(a[C], a[C]).stype == C
    assert mx.nd.broadcast_plus(a[C], a[D]).stype == D


SPARSE_UNARY = ["abs", "arcsin", "arcsinh", "arctan", "arctanh", "cbrt", "ceil", "degrees", "expm1",
                "fix", "floor", "log1p", "negative", "radians", "relu", "rint", "round", "sign", "sin",
                "sinh", "sqrt", "square", "tan", "tanh", "trunc", "zeros_like", "stop_gradient", "make_loss"]
DENSE_UNARY = ["arccos", "arccosh", "cos", "cosh", "exp", "gamma", "gammaln", "log", "log10", "log2",
               "rsqrt", "sigmoid"]


@pytest.mark.parametrize("op", SPARSE_UNARY + DENSE_UNARY)
def test_unary(op, ctx):
    data = np.array([[0, 0.5, 0], [0.25, 0, -0.75]], np.float32)
    x = mx.nd.array(data, ctx=ctx)
    expected = getattr(mx.nd, op)(x).asnumpy()
    for stype in (C, R):
        result = getattr(mx.nd.sparse, op)(x.tostype(stype))
        assert result.stype == (stype if op in SPARSE_UNARY else D)
        np.testing.assert_allclose(result.asnumpy(), expected, rtol=1e-6, equal_nan=True)


def test_contrib_ste():
    c = arrays(mx.cpu())[C]
    assert mx.nd.contrib.round_ste(c).stype == C and mx.nd.contrib.sign_ste(c).stype == C


@pytest.mark.parametrize("name,scalar,sparse", [
    ("_plus_scalar", 2.0, False), ("_plus_scalar", 0.0, True), ("_minus_scalar", 2.0, False),
    ("_minus_scalar", 0.0, True), ("_rminus_scalar", 0.0, False), ("_mul_scalar", 2.0, True),
    ("_mul_scalar", 0.0, True), ("_div_scalar", 2.0, True), ("_rdiv_scalar", 2.0, False),
    ("_power_scalar", 2.0, False), ("_maximum_scalar", 0.0, False), ("_equal_scalar", 2.0, True),
    ("_equal_scalar", 0.0, False), ("_not_equal_scalar", 0.0, True), ("_not_equal_scalar", 2.0, False),
    ("_greater_scalar", 2.0, True), ("_greater_scalar", 0.0, True),
])
def test_scalar_ops(name, scalar, sparse, ctx):
    a = arrays(ctx)
    op = getattr(mx.nd._internal, name)
    expected = op(a[D], scalar=scalar).asnumpy()
    for stype in (C, R):
        result = op(a[stype], scalar=scalar)
        assert result.stype == (stype if sparse else D), (name, scalar, stype)
        np.testing.assert_allclose(result.asnumpy(), expected, rtol=1e-6, equal_nan=True)


# MXNet 1.9.1: sparse.add/subtract/multiply/divide and the dunders, per operand kinds
SPARSE_FUNCS = {
    "add": {"cc": C, "cr": D, "cd": D, "dc": D, "rr": R, "rd": D, "cvec": D, "c2": D, "2c": D, "r2": D},
    "subtract": {"cc": C, "rr": R, "cd": D, "rc": D, "cvec": D, "c2": D, "2r": D},
    "multiply": {"cc": C, "cd": C, "dc": C, "rr": R, "rd": R, "dr": R, "cr": D, "cvec": C, "ccol": C,
                 "rvec": D, "c2": C, "2c": C, "r2": R, "2r": R},
    "divide": {"cc": D, "cd": D, "rr": D, "cvec": C, "ccol": C, "c2": C, "r2": R, "rvec": D,
               # MXNet 1.9.1 computes c / 2 for divide(2, c) and c - 2 for subtract(2, c) (its
               # reflected op is None); mxnd computes 2 / c and 2 - c (docs/differences.md)
               "2c": D, "2r": D},
}
PY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide}


@pytest.mark.parametrize("name", sorted(SPARSE_FUNCS))
def test_sparse_python_functions(name, ctx):
    a = arrays(ctx)
    other = DENSE + 1
    operands = {"c": a[C], "r": a[R], "d": mx.nd.array(other, ctx=ctx),
                "vec": mx.nd.array([1, 2, 3], ctx=ctx), "col": mx.nd.array([[1], [2]], ctx=ctx), "2": 2}
    values = {"c": DENSE, "r": DENSE, "d": other, "vec": np.array([1, 2, 3], np.float32),
              "col": np.array([[1], [2]], np.float32), "2": 2}
    lhs_rhs = {"cc": ("c", "c"), "cr": ("c", "r"), "cd": ("c", "d"), "dc": ("d", "c"), "rr": ("r", "r"),
               "rd": ("r", "d"), "dr": ("d", "r"), "rc": ("r", "c"), "cvec": ("c", "vec"),
               "ccol": ("c", "col"), "rvec": ("r", "vec"), "c2": ("c", "2"), "2c": ("2", "c"),
               "r2": ("r", "2"), "2r": ("2", "r")}
    for combo, expected in SPARSE_FUNCS[name].items():
        left, right = lhs_rhs[combo]
        result = getattr(mx.nd.sparse, name)(operands[left], operands[right])
        assert result.stype == expected, (name, combo)
        with np.errstate(divide="ignore", invalid="ignore"):
            np.testing.assert_allclose(result.asnumpy(), PY[name](values[left], values[right]), rtol=1e-6)


def test_seed_examples():
    a = mx.nd.ones((2, 3)).tostype("csr")
    c = mx.nd.ones((2, 3)).tostype("row_sparse")
    assert (a + a).asnumpy().tolist() == [[2.0] * 3] * 2 and (a + a).stype == C
    assert (c + c).asnumpy().tolist() == [[2.0] * 3] * 2 and (c + c).stype == R
    assert (a - a).asnumpy().tolist() == [[0.0] * 3] * 2 and (c - c).stype == R
    x = mx.nd.ones((2, 3)).tostype("csr")
    y = mx.nd.arange(2).reshape((2, 1))
    z = mx.nd.arange(3)
    assert (x * 2).asnumpy().tolist() == [[2.0] * 3] * 2
    assert (x * y).asnumpy().tolist() == [[0.0] * 3, [1.0] * 3]
    assert mx.nd.sparse.multiply(x, y).asnumpy().tolist() == [[0.0] * 3, [1.0] * 3]
    assert (x * z).asnumpy().tolist() == [[0.0, 1.0, 2.0]] * 2
    assert mx.nd.sparse.multiply(x, z.reshape((1, 3))).stype == C
    x6 = (mx.nd.ones((2, 3)) * 6).tostype("csr")
    y1 = mx.nd.arange(2).reshape((2, 1)) + 1
    z1 = mx.nd.arange(3) + 1
    assert (x6 / 2).asnumpy().tolist() == [[3.0] * 3] * 2
    assert mx.nd.sparse.divide(x6, y1).asnumpy().tolist() == [[6.0] * 3, [3.0] * 3]
    assert mx.nd.sparse.divide(x6, z1).asnumpy().tolist() == [[6.0, 3.0, 2.0]] * 2
    assert mx.nd.sparse.divide(x6, z1).stype == C


def test_broadcast_csr_dense_rules():
    a = arrays(mx.cpu())
    same = mx.nd.ones((2, 3)) * 2
    assert mx.nd.broadcast_mul(a[C], same).stype == C
    np.testing.assert_array_equal(mx.nd.broadcast_mul(a[C], same).asnumpy(), DENSE * 2)
    with pytest.raises(mx.base.MXNetError, match="Please use elemwise_div"):
        mx.nd.broadcast_div(a[C], same)
    assert (a[C] / 2).stype == C and (2 / a[C]).stype == D
    assert mx.nd.broadcast_mul(a[R], mx.nd.array([1, 2, 3])).stype == D


def test_add_n(ctx):
    a = arrays(ctx)
    assert mx.nd.add_n(a[R], a[R], a[R]).stype == R
    np.testing.assert_array_equal(mx.nd.add_n(a[R], a[R], a[R]).asnumpy(), DENSE * 3)
    assert mx.nd.ElementWiseSum(a[R], a[D]).stype == D
    assert mx.nd.add_n(a[C], a[C]).stype == D
    np.testing.assert_array_equal(mx.nd.add_n(a[C], a[D]).asnumpy(), DENSE * 2)


def test_clip_and_where():
    a = arrays(mx.cpu())
    clipped = mx.nd.clip(a[C], -1, 0.5)
    assert clipped.stype == C and clipped.data.asnumpy().tolist() == [0.5, 0.5, -1.0]
    assert mx.nd.clip(a[R], -1, 0.5).stype == R
    with pytest.raises(mx.base.MXNetError, match="Operator not implemented"):
        mx.nd.clip(a[C], 0.5, 1)
    w = mx.nd.where(mx.nd.array([[0, 1, 0], [1, 0, 1]]).tostype("csr"), mx.nd.ones((2, 3)), mx.nd.zeros((2, 3)))
    assert w.stype == D and w.asnumpy().tolist() == [[0, 1, 0], [1, 0, 1]]


def test_out_argument_and_errors():
    a = arrays(mx.cpu())
    out = mx.nd.sparse.zeros("csr", (2, 3))
    assert mx.nd.elemwise_add(a[C], a[C], out=out) is out
    np.testing.assert_array_equal(out.asnumpy(), DENSE * 2)
    dense_out = mx.nd.zeros((2, 3))
    mx.nd.exp(a[C], out=dense_out)
    np.testing.assert_allclose(dense_out.asnumpy(), np.exp(DENSE), rtol=1e-6)
    with pytest.raises(mx.base.MXNetError, match="Incompatible attr"):
        mx.nd.elemwise_add(a[C], mx.nd.ones((3, 3)).tostype("csr"))
    with pytest.raises(mx.base.MXNetError, match="Incompatible attr"):
        mx.nd.elemwise_add(a[C], a[C].astype("float64"))
    with pytest.raises(mx.base.MXNetError, match="expected 4 arguments|shape|Incompatible"):
        mx.nd.elemwise_mul(a[R], mx.nd.ones((3, 3)))
