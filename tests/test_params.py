"""mxnd.params: operator parameters arrive typed or as their ``str()`` form and parse alike.

MXNet's frontend sends every parameter as ``str(value)`` and its C++ side parses the text
(dmlc-core parameter.h, tuple.h). The expected results and errors below were checked
against MXNet 1.9.1 through operators with parameters of each kind: ``Reshape(shape=,
reverse=)``, ``broadcast_to(shape=)``, ``transpose(axes=)``, ``one_hot(depth=)`` (int),
``_mul_scalar(scalar=)`` (double), ``sum(axis=)`` and ``broadcast_like(lhs_axes=)`` (axis),
``zeros(dtype=)``/``cast(dtype=)`` and ``Activation(act_type=)`` (enum).
"""
import math

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.params import enum, parse_axis, parse_bool, parse_dtype, parse_float, parse_int, parse_shape


# ---- shapes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    ((3, 3), (3, 3)), ([3, 3], (3, 3)), ('(3,3)', (3, 3)), ('[3, 3]', (3, 3)), (' (3, 3) ', (3, 3)),
    ('(3,3,)', (3, 3)), ('(3, -1)', (3, -1)),
    (9, (9,)), ('9', (9,)), ('(9,)', (9,)), ('(9)', (9,)), (np.int64(9), (9,)),
    ((np.int64(3), np.int32(3)), (3, 3)),
    ('()', ()), ('[]', ()), ((), ()),
    pytest.param('(3L,3L)', (3, 3)),
], ids=repr)
def test_parse_shape(value, expected):
    result = parse_shape(value)
    assert result == expected
    assert type(result) is tuple and all(type(d) is int for d in result)


@pytest.mark.parametrize("value", [(3, 3), [3, 3], (9,), 9, (2, 0, 4), [1], (), [5, -1]], ids=repr)
def test_parse_shape_text_equals_typed(value):
    assert parse_shape(str(value)) == parse_shape(value)


def test_parse_shape_examples():
    assert parse_shape('(3,3)') == parse_shape((3, 3)) == (3, 3)
    assert parse_shape('[3, 3]') == (3, 3)
    assert parse_shape(3) == (3,)


@pytest.mark.parametrize("value", [
    'abc', '(3,a)', '3.0', '(3.5,3)', '(,)', '(3,,3)', '[3,[3]]', '(3,3', 'x', 3.0,
    pytest.param(''),
    pytest.param(' '),
    pytest.param('((3,3))'),
    pytest.param('3,3'),
    pytest.param((3.0, 3.0)),
    pytest.param(True),
], ids=repr)
def test_parse_shape_rejects(value):
    with pytest.raises(MXNetError):
        parse_shape(value)


# ---- ints ------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    (3, 3), ('3', 3), (' 3', 3), ('3 ', 3), ('+3', 3), ('-3', -3), (np.int64(3), 3), (np.int32(-2), -2),
], ids=repr)
def test_parse_int(value, expected):
    result = parse_int(value)
    assert result == expected and type(result) is int


@pytest.mark.parametrize("value", [
    '3.0', 'x', '0x3', '', None, 'None', 3.5, '3e0', (3,), '(3)',
    pytest.param(3.0),
    pytest.param(True),
    pytest.param(False),
], ids=repr)
def test_parse_int_rejects(value):
    with pytest.raises(MXNetError):
        parse_int(value)


# ---- floats ----------------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    (2, 2.0), (2.5, 2.5), ('2.5', 2.5), ('2', 2.0), ('1e3', 1000.0), ('-1e-3', -0.001), ('.5', 0.5),
    ('5.', 5.0), ('+2', 2.0), (' 2.5', 2.5), ('inf', math.inf), ('-inf', -math.inf),
    ('Infinity', math.inf), (np.float64(2.0), 2.0), (np.int64(2), 2.0), (np.float32(2.5), 2.5),
], ids=repr)
def test_parse_float(value, expected):
    result = parse_float(value)
    assert result == expected and type(result) is float


@pytest.mark.parametrize("value", ['nan', 'NaN'])
def test_parse_float_nan(value):
    assert math.isnan(parse_float(value))


@pytest.mark.parametrize("value", [
    'abc', None, '0x10',
    pytest.param(True),
    pytest.param(False),
    pytest.param('2.5 '),
    pytest.param('  2.5  '),
    pytest.param('1_0'),
], ids=repr)
def test_parse_float_rejects(value):
    with pytest.raises(MXNetError):
        parse_float(value)


# ---- booleans --------------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    (True, True), ('True', True), ('true', True), ('TRUE', True), ('1', True), (1, True),
    (np.bool_(True), True),
    (False, False), ('False', False), ('false', False), ('0', False), (0, False),
], ids=repr)
def test_parse_bool(value, expected):
    assert parse_bool(value) is expected


@pytest.mark.parametrize("value", [2, '2', 'yes', 'no', 'on', 'abc', '', 1.0, None], ids=repr)
def test_parse_bool_rejects(value):
    with pytest.raises(MXNetError):
        parse_bool(value)


# ---- axes ------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    (0, 0), ('0', 0), (' 0', 0), (-1, -1), ('-1', -1), (np.int64(1), 1),
    ((0,), (0,)), ('(0,)', (0,)), ('[0]', (0,)), ((-1,), (-1,)), ([0, 1], (0, 1)),
    ('(0,1)', (0, 1)), ('(0, 1)', (0, 1)), ('()', ()),
    (None, None), ('None', None),
], ids=repr)
def test_parse_axis(value, expected):
    assert parse_axis(value) == expected


@pytest.mark.parametrize("value", [1, -2, (0, 1), (2,), None], ids=repr)
def test_parse_axis_text_equals_typed(value):
    assert parse_axis(str(value)) == parse_axis(value)


@pytest.mark.parametrize("value", [
    '1.5', 'x',
    pytest.param(''),
    pytest.param(1.0),
], ids=repr)
def test_parse_axis_rejects(value):
    with pytest.raises(MXNetError):
        parse_axis(value)


# ---- dtypes ----------------------------------------------------------------------------------

DTYPE_NAMES = ['float16', 'float32', 'float64', 'uint8', 'int8', 'int32', 'int64', 'bool']


@pytest.mark.parametrize("name", DTYPE_NAMES)
def test_parse_dtype_names_and_types(name):
    numpy_type = np.bool_ if name == 'bool' else getattr(np, name)
    assert parse_dtype(name) == name
    assert parse_dtype(numpy_type) == name
    assert parse_dtype(np.dtype(numpy_type)) == name


@pytest.mark.parametrize("value, expected", [(float, 'float64'), (int, 'int64'), (bool, 'bool'), (None, None)],
                         ids=repr)
def test_parse_dtype_python_types(value, expected):
    assert parse_dtype(value) == expected


@pytest.mark.parametrize("value", ['complex64', 'uint16', np.complex128, 'float128'], ids=repr)
def test_parse_dtype_rejects_unsupported(value):
    with pytest.raises(MXNetError, match="valid values are"):
        parse_dtype(value)


@pytest.mark.parametrize("value", [
    pytest.param('x'),
    pytest.param('None'),
], ids=repr)
def test_parse_dtype_unknown_name_raises_type_error(value):
    with pytest.raises(TypeError):
        parse_dtype(value)


# ---- enums -----------------------------------------------------------------------------------

ACT = enum('relu', 'sigmoid', 'softrelu', 'softsign', 'tanh')


def test_enum_accepts_choices():
    assert ACT('relu') == 'relu'
    assert ACT('tanh') == 'tanh'
    assert ACT.choices == ('relu', 'sigmoid', 'softrelu', 'softsign', 'tanh')


@pytest.mark.parametrize("value", ['RELU', 'foo', None, 1, ''], ids=repr)
def test_enum_rejects(value):
    # MXNet: "Invalid Input: 'foo', valid values are: {'relu', 'sigmoid', ...}, in operator Activation(...)"
    expected = "Invalid Input: '%s', valid values are: {'relu', 'sigmoid', 'softrelu', 'softsign', 'tanh'}" % value
    with pytest.raises(MXNetError) as error:
        ACT(value)
    assert str(error.value).startswith(expected)


# ---- through operators: a typed value and its text give the same result ----------------------

def test_ops_accept_text_params():
    x = mx.nd.arange(6)
    for shape in ((3, 2), '(3, 2)', '[3,2]', [3, 2]):
        assert mx.nd.reshape(x, shape=shape).asnumpy().tolist() == [[0, 1], [2, 3], [4, 5]]
    z = mx.nd.zeros((10, 5, 4))
    for reverse, expected in ((True, (50, 4)), ('True', (50, 4)), ('1', (50, 4)), (1, (50, 4)),
                              ('false', (40, 5)), (0, (40, 5))):
        assert mx.nd.reshape(z, shape=(-1, 0), reverse=reverse).shape == expected
    m = mx.nd.ones((2, 3))
    for axes in ((1, 0), '(1,0)', '[1, 0]'):
        assert mx.nd.transpose(m, axes=axes).shape == (3, 2)
    a = mx.nd.array([1, 2])
    for scalar in (2.5, '2.5', ' 2.5', np.float32(2.5)):
        assert mx.nd._internal._mul_scalar(a, scalar=scalar).asnumpy().tolist() == [2.5, 5.0]
    for axis in (1, '1', (1,), '(1,)', None, 'None'):
        assert mx.nd.broadcast_like(mx.nd.ones((2, 1)), mx.nd.ones((2, 3)),
                                    lhs_axes=axis, rhs_axes=axis).shape == (2, 3)


@pytest.mark.parametrize("call", [
    lambda: mx.nd.reshape(mx.nd.arange(9), shape='abc'),
    lambda: mx.nd.broadcast_to(mx.nd.ones((1, 2)), shape='x'),
    lambda: mx.nd.reshape(mx.nd.zeros((10, 5, 4)), shape=(-1, 0), reverse='yes'),
    lambda: mx.nd.transpose(mx.nd.ones((2, 3)), axes='x'),
    lambda: mx.nd._internal._mul_scalar(mx.nd.array([1, 2]), scalar='abc'),
    lambda: mx.nd.reshape_like(mx.nd.ones((2, 3)), mx.nd.ones((3, 2)), lhs_begin='x'),
], ids=["shape", "broadcast shape", "bool", "axes", "scalar", "optional int"])
def test_ops_reject_bad_text(call):
    with pytest.raises(MXNetError):
        call()


# ---- dmlc's double text (MXNet 1.9.1's results for _plus_scalar(ones(1), scalar=text)) -------------

@pytest.mark.parametrize("text, value", [
    (" 2", 2.0), ("+2", 2.0), ("-", -0.0), ("e5", 0.0), ("2.5f", 2.5), ("2.5F", 2.5), (".5", 0.5), ("5.", 5.0),
    ("2e", 2.0), ("2e+", 2.0), ("00012", 12.0), ("Infinity", float("inf")), ("INF", float("inf")),
    ("-inf", float("-inf")), ("1e39", 1e39), ("0e5", 0.0),
])
def test_float_text_reads_as_dmlc_stod(text, value):
    assert parse_float(text) == value and str(parse_float(text)) == str(value)


def test_float_text_nan_literal():
    assert math.isnan(parse_float("nan(1)"))


@pytest.mark.parametrize("text, message", [
    ("1e400", "Out of range value for scalar, value='1e400'"),
    ("-1e400", "Out of range value for scalar, value='-1e400'"),
    ("1e-310", "Out of range value for scalar, value='1e-310'"),
    ("4.9e-324", "Out of range value for scalar, value='4.9e-324'"),
    (False, "Some trailing characters could not be parsed: 'alse'"),
    ("2 ", "Some trailing characters could not be parsed: ' '"),
    ("infx", "Some trailing characters could not be parsed: 'x'"),
    ("0x10", "Some trailing characters could not be parsed: 'x10'"),
    ("1,5", "Some trailing characters could not be parsed: ',5'"),
    (True, "Invalid Parameter format for scalar expect double but value='True'"),
    ("", "Invalid Parameter format for scalar expect double but value=''"),
])
def test_float_text_errors_are_dmlcs(text, message):
    data = mx.nd.ones(1)
    with pytest.raises(MXNetError) as raised:
        mx.nd._internal._plus_scalar(data, scalar=text)
    assert f"_plus_scalar: {message}, in operator _plus_scalar(name=\"\", scalar=\"{text}\")" in str(raised.value)
    assert data.asnumpy().tolist() == [1.0]


# ---- property test ---------------------------------------------------------------------------

def test_text_round_trip_property():
    pytest.importorskip("hypothesis")
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=200, deadline=None)
    @given(dims=st.lists(st.integers(min_value=-4, max_value=2 ** 31 - 1), max_size=6),
           number=st.integers(min_value=-2 ** 62, max_value=2 ** 62),
           real=st.floats(allow_nan=False, allow_subnormal=False),  # subnormal text is out of range
           flag=st.booleans())
    def check(dims, number, real, flag):
        shape = tuple(dims)
        assert parse_shape(shape) == parse_shape(str(shape)) == parse_shape(str(list(shape))) == shape
        assert parse_int(number) == parse_int(str(number)) == number
        assert parse_float(real) == parse_float(repr(real)) == real
        assert parse_bool(flag) is parse_bool(str(flag)) is parse_bool(int(flag)) is flag
        axis = shape or None
        assert parse_axis(axis) == parse_axis(str(axis))

    check()
