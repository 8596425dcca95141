"""Explicit tests of the elementwise binary family (src/mxnd/ndarray/ops/elementwise.py).

Gradients were recorded from MXNet 1.9.1 (``attach_grad``, ``autograd.record()``,
``backward``); values, dtypes and errors of every operator are in tests/golden/elementwise_cases.py.
"""
import math

import numpy as np
import pytest

import mxnd as mx
from device_numerics import assert_exact_on_host, on_gpu
from mxnd.base import MXNetError
from mxnd.registry import REGISTRY

NAN = math.nan

# (expression in x and y, x, y, MXNet x.grad, MXNet y.grad); head gradient 2 for add_n, else ones
BINARY_GRADIENTS = [
    ('mx.nd.broadcast_maximum(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0]], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
    ('mx.nd.broadcast_minimum(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[1.0, 1.0, 1.0], [0.0, 1.0, 0.0]], [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0]]),
    ('mx.nd._internal._maximum(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0]], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
    ('mx.nd._internal._minimum(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[1.0, 1.0, 1.0], [0.0, 1.0, 0.0]], [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0]]),
    ('mx.nd.broadcast_maximum(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5]],
     [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0]], [[1.0, 1.0, 0.0]]),
    ('mx.nd.broadcast_minimum(x, y)', [[1.0, 0.0, 1.5]], [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]],
     [[1.0, 1.0, 2.0]], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
    ('mx.nd.broadcast_hypot(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[-0.8944271802902222, NAN, 0.7071068286895752], [0.7071068286895752, -0.4472135901451111, 0.9701425433158875]], [[0.4472135901451111, NAN, 0.7071068286895752], [-0.7071068286895752, 0.8944271802902222, 0.24253563582897186]]),
    ('mx.nd.broadcast_hypot(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5]],
     [[-0.8944271802902222, NAN, 0.7071068286895752], [0.9486832618713379, -1.0, 0.800000011920929]], [[0.7634413242340088, NAN, 1.307106852531433]]),
    ('mx.nd._internal._hypot(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[-0.8944271802902222, NAN, 0.7071068286895752], [0.7071068286895752, -0.4472135901451111, 0.9701425433158875]], [[0.4472135901451111, NAN, 0.7071068286895752], [-0.7071068286895752, 0.8944271802902222, 0.24253563582897186]]),
    ('mx.nd._internal._Hypot(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[-0.8944271802902222, NAN, 0.7071068286895752], [0.7071068286895752, -0.4472135901451111, 0.9701425433158875]], [[0.4472135901451111, NAN, 0.7071068286895752], [-0.7071068286895752, 0.8944271802902222, 0.24253563582897186]]),
    ('mx.nd.broadcast_power(x, y)', [[2.0, 3.0, 0.5]], [[2.0, -1.0, 1.5]],
     [[4.0, -0.1111111119389534, 1.0606601238250732]], [[2.7725887298583984, 0.3662041127681732, -0.24506452679634094]]),
    ('mx.nd._internal._power(x, y)', [[2.0, 3.0, 0.5]], [[2.0, -1.0, 1.5]],
     [[4.0, -0.1111111119389534, 1.0606601238250732]], [[2.7725887298583984, 0.3662041127681732, -0.24506452679634094]]),
    ('mx.nd.broadcast_mod(x, y)', [[5.0, -5.0, 7.5]], [[3.0, 3.0, -2.0]],
     [[1.0, 1.0, 1.0]], [[-1.0, 2.0, 4.0]]),
    ('mx.nd._internal._mod(x, y)', [[5.0, -5.0, 7.5]], [[3.0, 3.0, -2.0]],
     [[1.0, 1.0, 1.0]], [[-1.0, 2.0, 4.0]]),
    ('mx.nd.broadcast_greater(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
    ('mx.nd._internal._equal(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
    ('mx.nd._internal._logical_xor(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
    ('mx.nd.broadcast_logical_and(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5]],
     [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0]]),
    ('mx.nd.elemwise_mul(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]], [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]]),
    ('mx.nd.elemwise_div(x, y)', [[1.0, 2.0]], [[4.0, -0.5]],
     [[0.25, -2.0]], [[-0.0625, -8.0]]),
    ('mx.nd._internal._plus(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]),
    ('mx.nd._internal._identity_with_attr_like_rhs(x, y)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
    ('mx.nd.add_n(x, y, x)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[4.0, 4.0, 4.0], [4.0, 4.0, 4.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]),
    ('mx.nd.ElementWiseSum(x, y, x, y, x)', [[-2.0, 0.0, 1.5], [3.0, -1.0, 2.0]], [[1.0, 0.0, 1.5], [-3.0, 2.0, 0.5]],
     [[3.0, 3.0, 3.0], [3.0, 3.0, 3.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]),
]

# expression in x: (inputs, head gradient or None for ones, MXNet 1.9.1 x.grad)
SCALAR_GRADIENTS = {
    'mx.nd._internal._hypot_scalar(x, scalar=3)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [-0.5547001957893372, -0.3162277638912201, -0.16439898312091827, 0.0, 0.16439898312091827, 0.3162277638912201, 0.5547001957893372]),
    'mx.nd._internal._maximum_scalar(x, scalar=0)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]),
    'mx.nd._internal._minimum_scalar(x, scalar=0)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0]),
    'mx.nd._internal._greater_scalar(x, scalar=0)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    'mx.nd._internal._logical_and_scalar(x, scalar=1)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    'mx.nd._internal._rpower_scalar(x, scalar=2)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [0.1732867956161499, 0.3465735912322998, 0.4901290535926819, 0.6931471824645996, 0.9802581071853638, 1.3862943649291992, 2.7725887298583984]),
    'mx.nd._internal._power_scalar(x, scalar=3)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [12.0, 3.0, 0.75, 0.0, 0.75, 3.0, 12.0]),
    'mx.nd.add_n(x, x * 2, x * 3)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], None, [6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0]),
    'mx.nd.ElementWiseSum(x, x)': ([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
}


@pytest.mark.parametrize("case", BINARY_GRADIENTS, ids=lambda c: f"{c[0]}-{len(c[2])}x{len(c[2][0])}")
def test_binary_gradient_matches_mxnet(case):
    expression, a, b, expected_x, expected_y = case
    x, y = mx.nd.array(a), mx.nd.array(b)
    x.attach_grad()
    y.attach_grad()
    with mx.autograd.record():
        z = eval(expression, {"mx": mx, "x": x, "y": y})
    z.backward(mx.nd.full(z.shape, 2.0) if "add_n" in expression else None)
    np.testing.assert_allclose(x.grad.asnumpy(), expected_x, rtol=1e-6)
    np.testing.assert_allclose(y.grad.asnumpy(), expected_y, rtol=1e-6)


@pytest.mark.parametrize("case", list(SCALAR_GRADIENTS))
def test_scalar_gradient_matches_mxnet(case):
    inputs, head, expected = SCALAR_GRADIENTS[case]
    x = mx.nd.array(inputs)
    x.attach_grad()
    with mx.autograd.record():
        z = eval(case, {"mx": mx, "x": x})
    z.backward(None if head is None else mx.nd.array(head))
    np.testing.assert_allclose(x.grad.asnumpy(), expected, rtol=1e-6)


def test_comparison_outputs_stay_in_the_graph():
    # MXNet registers zero gradients for comparisons, so backward through them works
    x = mx.nd.array([1.0, -2.0])
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.broadcast_greater(x, mx.nd.zeros((2,))) * x
    y.backward()
    assert x.grad.asnumpy().tolist() == [1.0, 0.0]


def test_maximum_with_and_without_graph_agree():
    a = mx.nd.array([np.nan, 1, 2, 5, -np.inf])
    b = mx.nd.array([0, np.nan, 2, 3, -np.inf])
    plain = mx.nd.broadcast_maximum(a, b).asnumpy()
    a.attach_grad()
    with mx.autograd.record():
        recorded = mx.nd.broadcast_maximum(a, b).asnumpy()
    np.testing.assert_array_equal(plain, recorded)
    np.testing.assert_array_equal(plain, [np.nan, np.nan, 2, 5, -np.inf])


# ---- names ----------------------------------------------------------------------------------

SAME_SHAPE_ALIASES = {
    "elemwise_add": ("_add", "_plus", "_Plus"), "elemwise_sub": ("_sub", "_minus", "_Minus"),
    "elemwise_mul": ("_mul", "_Mul"), "elemwise_div": ("_div", "_Div"), "_mod": ("_Mod",),
    "_power": ("_Power",), "_maximum": ("_Maximum",), "_minimum": ("_Minimum",), "_hypot": ("_Hypot",),
    "_equal": ("_Equal",), "_not_equal": ("_Not_Equal",), "_greater": ("_Greater",),
    "_greater_equal": ("_Greater_Equal",), "_lesser": ("_Lesser",), "_lesser_equal": ("_Lesser_Equal",),
    "_logical_and": ("_Logical_And",), "_logical_or": ("_Logical_Or",), "_logical_xor": ("_Logical_Xor",),
}


@pytest.mark.parametrize("name", list(SAME_SHAPE_ALIASES))
def test_same_shape_aliases(name):
    # elemwise_binary_op_basic.cc: .add_alias("_add").add_alias("_plus").add_alias("_Plus") ...
    function = getattr(mx.nd, name, None) or getattr(mx.nd._internal, name)
    for alias in SAME_SHAPE_ALIASES[name]:
        assert getattr(mx.nd._internal, alias) is function
        assert not hasattr(mx.nd, alias)
    with pytest.raises(MXNetError, match="Incompatible attr"):
        function(mx.nd.ones((2, 3)), mx.nd.ones((1, 3)))


def test_scalar_camel_case_aliases():
    for name, spec in REGISTRY.items():
        if spec.family == "scalar" and "backward" not in name:  # gradients have no CamelCase alias
            assert len(spec.aliases) == 1 and spec.aliases[0].endswith("Scalar")
            assert getattr(mx.nd._internal, spec.aliases[0]) is getattr(mx.nd._internal, name)


def test_add_n_names_and_variadic_calls():
    assert mx.nd.ElementWiseSum is mx.nd.add_n
    arrays = [mx.nd.full((2, 2), float(i)) for i in range(1, 9)]
    for count in range(1, 9):
        assert mx.nd.add_n(*arrays[:count]).asnumpy().tolist() == [[count * (count + 1) / 2] * 2] * 2
    out = mx.nd.zeros((2, 2))
    assert mx.nd.add_n(*arrays[:3], out=out) is out
    assert out.asnumpy().tolist() == [[6.0, 6.0]] * 2
    with pytest.raises(MXNetError):
        mx.nd.add_n()
    with pytest.raises(MXNetError):
        mx.nd.add_n(arrays[0], arrays[1], num_args=3)
    with pytest.raises(AssertionError, match="NDArray"):
        mx.nd.add_n(arrays[0], 3)


def test_add_n_out_may_alias_an_input():
    a, b = mx.nd.array([1.0, 2.0]), mx.nd.array([10.0, 20.0])
    assert mx.nd.add_n(a, b, a, out=a) is a
    assert a.asnumpy().tolist() == [12.0, 24.0]


def test_identity_with_attr_like_rhs_copies_lhs():
    lhs, rhs = mx.nd.array([1, 0], dtype="bool"), mx.nd.array([0, 0], dtype="bool")
    result = mx.nd._internal._identity_with_attr_like_rhs(lhs, rhs)
    assert result.dtype == np.bool_ and result.asnumpy().tolist() == [True, False]
    result[0] = False
    assert lhs.asnumpy().tolist() == [True, False]


def test_integer_power_goes_through_float():
    # math_functions-inl.h powf: int32 5**13 is 1220703125 exactly, MXNet gives the float's 1220703104
    base = mx.nd.array([5, 3], dtype="int64")
    assert mx.nd.broadcast_power(base, mx.nd.array([13, 20], dtype="int64")).asnumpy().tolist() == \
        [1220703104, 3486784512]
    assert (base ** 13).asnumpy().tolist() == [1220703104, 1594323]


def test_float16_scalar_is_rounded_to_half_first():
    # MXNet computes DType(scalar): half(0.1) = 0.0999755859375
    h = mx.nd.array([-3.3], dtype="float16")
    assert (h / 0.1).asnumpy().tolist() == [np.float16(-3.3) / np.float16(0.1)]


@pytest.mark.parametrize("op", ["broadcast_hypot", "_hypot", "_plus", "add_n"])
def test_context_is_kept(ctx, op):
    function = getattr(mx.nd, op, None) or getattr(mx.nd._internal, op)
    a = mx.nd.array([3.0, 5.0], ctx=ctx)
    b = mx.nd.array([4.0, 12.0], ctx=ctx)
    result = function(a, b)
    assert result.context == ctx
    expected = {"broadcast_hypot": [5, 13], "_hypot": [5, 13], "_plus": [7, 17], "add_n": [7, 17]}[op]
    if "hypot" in op:  # CUDA's hypotf is not correctly rounded
        assert_exact_on_host(result, np.float32(expected), ctx)
    else:
        assert result.asnumpy().tolist() == expected


def test_hypot_scalar_keeps_context(ctx):
    result = mx.nd._internal._hypot_scalar(mx.nd.array([3.0, 5.0], ctx=ctx), scalar=4)
    assert result.context == ctx
    np.testing.assert_allclose(result.asnumpy(), [5.0, 6.4031243], rtol=2e-5 if on_gpu(ctx) else 1e-7)  # hypotf


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_scalar_arithmetic_keeps_the_sign_of_a_zero_scalar(dtype):
    """Scalar add/sub/mul pass the scalar as a kept 0-d tensor (elementwise.scalar_tensor): 0.0 and
    -0.0 are equal keys but different operands. Signs of the results from MXNet 1.9.1."""
    x = mx.nd.array([-0.0, 1.0], dtype=dtype)
    for _ in range(2):  # the second time from the kept tensors
        for scalar, product, total, difference in ((0.0, [True, False], [False, False], [True, False]),
                                                   (-0.0, [False, True], [True, False], [False, False])):
            assert np.signbit((x * scalar).asnumpy()).tolist() == product
            assert np.signbit((x + scalar).asnumpy()).tolist() == total
            assert np.signbit((x - scalar).asnumpy()).tolist() == difference
