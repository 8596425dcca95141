"""MXNet's messages for operator parameters it cannot read (mxnd.param_errors).

tests/fixtures/param_errors.json holds MXNet 1.9.1's messages (tools/list_mxnet_params.py): each
parameter of each operator given the unreadable value '@x' alone, and random calls mixing good
and bad values, whose messages show which bad value MXNet reports first and the order of the
``, in operator op(name="", ...)`` list. mxnd's message is MXNet's with ``<op>: `` in front of
it in place of MXNet's ``MXNetError: ``.
"""
import json
import os
import re

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.generated import FUNCTIONS
from mxnd.param_errors import attribute_order
from mxnd.params import ParamError, parse_float32_tuple, parse_float_tuple

with open(os.path.join(os.path.dirname(__file__), "fixtures", "param_errors.json")) as _f:
    FIXTURE = json.load(_f)


def _message_of(call):
    with pytest.raises(MXNetError) as caught:
        call()
    return str(caught.value)


def _mxnet_text(message: str) -> str:
    """MXNet's message without its ``MXNetError: `` prefix(es); only the first line of the
    "Cannot find argument" message (mxnd lists the parameters' names, not their documentation)."""
    while message.startswith("MXNetError: "):
        message = message[len("MXNetError: "):]
    return message


def _variadic(name):
    return FUNCTIONS[name].spec.variadic


SINGLE = [case for case in FIXTURE["single"] if case[0] in FUNCTIONS
          and not (_variadic(case[0]) and "num_args" in case[2])  # zero inputs: num_args's bound
          and case[1] not in ("src",)  # _set_value's real_t: "No conversion could be performed"
          and not case[2].startswith("Traceback")]  # the regression outputs read no parameter (an input error)


@pytest.mark.parametrize("name, param, expected", SINGLE, ids=[f"{c[0]}-{c[1]}" for c in SINGLE])
def test_each_parameter_with_an_unreadable_value_gives_mxnets_message(name, param, expected):
    message = _message_of(lambda: FUNCTIONS[name](**{param: FIXTURE["bad_value"]}))
    expected = _mxnet_text(expected)
    prefix, _, rest = message.partition(": ")
    assert prefix == FUNCTIONS[name].spec.name
    if expected.startswith("Cannot find argument"):
        assert rest.startswith(expected.rstrip(":"))
    else:
        assert rest == expected


def test_the_registry_covers_most_of_mxnets_parameters():
    assert len(SINGLE) > 650  # of 1274: the rest are operators mxnd does not have (mostly _backward_*)


def _replay(value):
    return tuple(value) if isinstance(value, list) else value  # JSON has no tuples


MIXED = FIXTURE["mixed"]


@pytest.mark.parametrize("name, kwargs, expected", MIXED, ids=[f"{c[0]}-{i}" for i, c in enumerate(MIXED)])
def test_mixed_calls_report_the_bad_value_mxnet_reads_first(name, kwargs, expected):
    arrays = [mx.nd.ones((2, 2))] * 2 if name == "concat" else []
    kind, _, text = expected.partition(": ")
    call = getattr(mx.nd, name)
    given = {key: _replay(value) for key, value in kwargs}
    if kind == "TypeError":  # the frontend's np.dtype(...) fails before MXNet reads anything
        with pytest.raises(TypeError, match=re.escape(text)):
            call(*arrays, **given)
        return
    message = _message_of(lambda: call(*arrays, **given))
    assert message.partition(": ")[2] == _mxnet_text(text)


def test_messages_name_the_operator_and_parameter():
    x = mx.nd.ones((2, 3))
    assert _message_of(lambda: mx.nd.one_hot(x, depth="x")) == (
        "one_hot: Invalid Parameter format for depth expect int but value='x', "
        'in operator one_hot(name="", depth="x")')
    assert _message_of(lambda: mx.nd.sum(x, keepdims="x", axis=1)) == (  # reductions add no list
        "sum: Invalid Parameter format for keepdims expect boolean but value='x'")
    assert _message_of(lambda: mx.nd.Activation(x)) == (
        'Activation: Required parameter act_type of int is not presented, in operator Activation(name="")')
    assert _message_of(lambda: mx.nd.Activation(x, act_type="relu", foo=1)).startswith(
        "Activation: Cannot find argument 'foo', Possible Arguments: act_type")


def test_fast_paths_report_like_the_general_path():
    x, w = mx.nd.ones((2, 3)), mx.nd.ones((4, 3))
    expected = ("FullyConnected: Invalid Parameter format for num_hidden expect int but value='k', "
                'in operator FullyConnected(name="", no_bias="True", num_hidden="k")')
    assert _message_of(lambda: mx.nd.FullyConnected(x, w, num_hidden="k", no_bias=True)) == expected
    assert _message_of(lambda: mx.nd._internal._mul_scalar(x, "z")) == (  # every param positional
        "_mul_scalar: Invalid Parameter format for scalar expect double but value='z', "
        'in operator _mul_scalar(name="", scalar="z")')
    assert _message_of(lambda: x.sum("q")).startswith("sum: Invalid Parameter format for axis expect "
                                                       "Shape or None but value='q'")


def test_parameters_are_read_before_inputs_are_counted():
    # MXNet parses the attributes first: a bad value wins over a missing input
    assert _message_of(lambda: mx.nd.one_hot(depth="x")).startswith("one_hot: Invalid Parameter format for depth")
    assert "expects 1 inputs, but got 0" in _message_of(lambda: mx.nd.one_hot(depth=3))


def test_a_failed_parse_leaves_the_arrays_intact():
    x = mx.nd.array([[1.0, -2.0]])
    out = mx.nd.zeros((1, 2))
    with pytest.raises(ParamError):
        mx.nd.clip(x, a_min="z", a_max=1, out=out)
    assert x.asnumpy().tolist() == [[1.0, -2.0]] and out.asnumpy().tolist() == [[0.0, 0.0]]


@pytest.mark.parametrize("keys, order", [
    # keys as MXNet's frontend sends them (declared order), and MXNet 1.9.1's order in its messages
    # (tests/fixtures/param_errors.json); 5, 3 and 11 buckets
    (["kernel", "stride", "dilate", "num_filter"], ["num_filter", "dilate", "stride", "kernel"]),
    (["dim", "foo", "num_args"], ["num_args", "foo", "dim"]),
    (["kernel", "stride", "dilate", "num_group", "workspace", "no_bias", "cudnn_off", "layout"],
     ["layout", "cudnn_off", "workspace", "dilate", "num_group", "stride", "no_bias", "kernel"]),
])
def test_attribute_order_is_libstdcxx_unordered_map_order(keys, order):
    assert attribute_order(keys) == order


@pytest.mark.parametrize("text, expected", [
    ("(1 ,2, 3)", (1.0, 2.0, 3.0)), ("[0.5]", (0.5,)), (" 2 ", (2.0,)), ("5.", (5.0,)), ("-0", (-0.0,)),
    ("(.5, +2,)", (0.5, 2.0)), ("()", ()), ("1e-50", (0.0,)), ((1, 2.5), (1.0, 2.5)), (3, (3.0,)),
])
def test_float_tuples_read_what_dmlc_reads(text, expected):
    assert parse_float32_tuple(text) == expected


@pytest.mark.parametrize("text", ["+2", ".5", "0x10", "1e5f", "(nan, 1)", "(inf,)", "1e39", "(1;2)", "(,)", True, None])
def test_float_tuples_reject_what_dmlc_rejects(text):
    # MXNet 1.9.1: "Invalid Parameter format for mean expect tuple of <float>" for each
    with pytest.raises(ParamError):
        parse_float32_tuple(text)


def test_double_tuples_overflow_only_past_double():
    assert parse_float_tuple("(1e308, 2)") == (1e308, 2.0)
    with pytest.raises(ParamError):
        parse_float_tuple("1e400")
    message = _message_of(lambda: mx.nd.image.normalize(mx.nd.ones((3, 2, 2)), mean="(nan, 1, 1)"))
    assert message == ("_image_normalize: Invalid Parameter format for mean expect tuple of <float> "
                       """but value='(nan, 1, 1)', in operator _image_normalize(name="", mean="(nan, 1, 1)")""")


@pytest.mark.parametrize("kwargs, shape", [
    # MXNet 1.9.1's results (ReshapeParam's deprecated target_shape/keep_highest)
    ({"target_shape": (4, 0)}, (4, 6)), ({"target_shape": (6, 4)}, (6, 4)), ({"target_shape": "(3,0)"}, (3, 8)),
    ({"target_shape": (0, 4, 3), "keep_highest": True}, (2, 4, 3)),
    ({"shape": (4, 6), "target_shape": (2, 12)}, (4, 6)),
])
def test_reshape_target_shape(kwargs, shape):
    x = mx.nd.arange(24).reshape((2, 3, 4))
    y = mx.nd.reshape(x, **kwargs)
    assert y.shape == shape and y.asnumpy().ravel().tolist() == list(range(24))


def test_reshape_target_shape_of_another_size_raises():
    # MXNet 1.9.1 skips the size check here (#if 0): garbage or a corrupted heap
    x = mx.nd.arange(24).reshape((2, 3, 4))
    with pytest.raises(MXNetError, match=re.escape("Cannot reshape array of size 24 into shape (7, 3)")):
        mx.nd.reshape(x, target_shape=(7, 0))


@pytest.mark.parametrize("call, expected", [
    # MXNet 1.9.1: its creation functions send their arguments to the _zeros/_ones/_arange/... operators
    (lambda: mx.nd.zeros((2, "a")), """_zeros: Invalid Parameter format for shape expect Shape(tuple) but value='(2, 'a')', """
                                    """in operator _zeros(name="", dtype="float32", ctx="cpu(0)", shape="(2, 'a')")"""),
    (lambda: mx.nd.ones("q"), """_ones: Invalid Parameter format for shape expect Shape(tuple) but value='q', """
                              """in operator _ones(name="", dtype="float32", ctx="cpu(0)", shape="q")"""),
    (lambda: mx.nd.arange("a"), "_arange: Invalid Parameter format for start expect double but value='a'"),
    (lambda: mx.nd.arange(0, 5, "z"), "_arange: Invalid Parameter format for step expect double but value='z'"),
    (lambda: mx.nd.linspace(0, 1, "n"), """_linspace: Invalid Parameter format for num expect int but value='n', in operator """
                                        """_linspace(name="", ctx="cpu(0)", dtype="float32", stop="1", start="0", endpoint="True", num="n")"""),
    (lambda: mx.nd.eye("n"), """_eye: Invalid Parameter format for N expect long but value='n', """
                             """in operator _eye(name="", dtype="float32", ctx="cpu(0)", k="0", M="0", N="n")"""),
    # dtypes the operators' enums lack (MXNet 1.9.1's messages; required enums list no None)
    (lambda: mx.nd.zeros((2,), dtype="complex64"),
     """_zeros: Invalid Input: 'complex64', valid values are: {'bfloat16', 'bool', 'float16', 'float32', 'float64', """
     """'int32', 'int64', 'int8', 'uint8'}, in operator _zeros(name="", dtype="complex64", ctx="cpu(0)", shape="(2,)")"""),
    (lambda: mx.nd.eye(2, dtype="bool"),
     """_eye: Invalid Input: 'bool', valid values are: {'float16', 'float32', 'float64', 'int32', 'int64', 'int8', """
     """'uint8'}, in operator _eye(name="", dtype="bool", ctx="cpu(0)", k="0", M="0", N="2")"""),
    (lambda: mx.nd.linspace(0, 1, 3, dtype="bool"),
     """_linspace: Invalid Input: 'bool', valid values are: {'bfloat16', 'float16', 'float32', 'float64', 'int32', """
     """'int64', 'int8', 'uint8'}, in operator _linspace(name="", ctx="cpu(0)", dtype="bool", stop="1", start="0", """
     """endpoint="True", num="3")"""),
])
def test_creation_functions_report_their_operators_errors(call, expected):
    assert _message_of(call) == expected


def test_full_of_a_non_number_raises_the_assignment_error():
    with pytest.raises(TypeError, match="does not support assignment with non-array-like object v of type <class 'str'>"):
        mx.nd.full((2,), "v")


@pytest.mark.parametrize("call, expected", [
    # MXNet 1.9.1: the samplers declare their dtype enum with the string "None" (sample_op.h), topk's
    # dtype is required, softmax's optional
    (lambda: mx.nd.random.uniform(shape=3, dtype="int32"),
     """_random_uniform: Invalid Input: 'int32', valid values are: {'None', 'float16', 'float32', 'float64'}, """
     """in operator _random_uniform(name="", dtype="int32", shape="3", ctx="cpu(0)", high="1", low="0")"""),
    (lambda: mx.nd.random.randint(0, 3, shape=2, dtype="uint8"),
     """_random_randint: Invalid Input: 'uint8', valid values are: {'None', 'int32', 'int64'}, """
     """in operator _random_randint(name="", dtype="uint8", shape="2", ctx="cpu(0)", high="3", low="0")"""),
    (lambda: mx.nd.sample_uniform(mx.nd.ones(2), mx.nd.ones(2), dtype="int32"),
     """_sample_uniform: Invalid Input: 'int32', valid values are: {'None', 'float16', 'float32', 'float64'}, """
     """in operator _sample_uniform(name="", dtype="int32")"""),
    (lambda: mx.nd.topk(mx.nd.ones(2), dtype="bool"),
     """topk: Invalid Input: 'bool', valid values are: {'float16', 'float32', 'float64', 'int32', 'int64', 'uint8'}, """
     """in operator topk(name="", dtype="bool")"""),
    (lambda: mx.nd.softmax(mx.nd.ones(2), dtype="int32"),
     """softmax: Invalid Input: 'int32', valid values are: {None, 'float16', 'float32', 'float64'}, """
     """in operator softmax(name="", dtype="int32")"""),
])
def test_dtype_enums_list_their_values_as_mxnet(call, expected):
    assert _message_of(call) == expected


def test_a_numpy_array_as_a_shape_reads_as_its_text():
    # MXNet's frontend sends str(value): '[2 1]' is no shape, '[4]' and '2' are
    assert _message_of(lambda: mx.nd.tile(mx.nd.ones((2, 2)), reps=np.array([2, 1]))) == (
        """tile: Invalid Parameter format for reps expect Shape(tuple) but value='[2 1]', in operator tile(name="", reps="[2 1]")""")
    assert mx.nd.reshape(mx.nd.ones((2, 2)), shape=np.array([4])).shape == (4,)
    assert mx.nd.tile(mx.nd.ones((2, 2)), reps=np.array(2)).shape == (2, 4)
