"""``mx.nd.contrib.foreach``, ``while_loop``, ``cond`` and ``rand_zipfian`` against MXNet 1.9.1.

Every expected value, structure, dtype and error below was printed by shared/tools/mxref.
rand_zipfian's draws come from mxnd's generator, so its tests check dtypes, shapes, ranges and
the expected-count formula, not MXNet's random values.
"""
import math

import numpy as np
import pytest

import mxnd as mx
from device_numerics import on_gpu

C = mx.nd.contrib


def _values(result):
    """The nested structure with every NDArray replaced by ``(shape, dtype name, values)``."""
    if isinstance(result, mx.nd.NDArray):
        return result.shape, np.dtype(result.dtype).name, result.asnumpy().tolist()
    if isinstance(result, (list, tuple)):
        return type(result)([_values(item) for item in result])
    return result


def _f32(values):
    return (np.array(values).shape, "float32", values)


# ---- foreach ---------------------------------------------------------------------------------

def test_foreach_single_state(ctx):
    x = mx.nd.array([[1, 2], [3, 4], [5, 6]], ctx=ctx)
    outs, state = C.foreach(lambda d, s: (d + s, d + s), x, mx.nd.array([10, 20], ctx=ctx))
    assert _values(outs) == _f32([[11.0, 22.0], [14.0, 26.0], [19.0, 32.0]])
    assert _values(state) == _f32([19.0, 32.0])
    assert outs.context == ctx


def test_foreach_state_list_and_output_list(ctx):
    x = mx.nd.array([[1, 2], [3, 4], [5, 6]], ctx=ctx)
    outs, states = C.foreach(lambda d, st: ([d * st[0]], [st[0] + d]), x, [mx.nd.array([10, 20], ctx=ctx)])
    assert _values(outs) == [_f32([[10.0, 40.0], [33.0, 88.0], [70.0, 156.0]])]
    assert _values(states) == [_f32([19.0, 32.0])]


def test_foreach_nested_data_states_outputs(ctx):
    x = mx.nd.array([[1, 2], [3, 4], [5, 6]], ctx=ctx)
    y = mx.nd.array([[1], [2], [3]], ctx=ctx)

    def body(d, st):
        a, (b, c) = st[0], st[1]
        return [d[0] + a, [d[1] * 2, d[0] - b]], [a + 1, (b * 2, c + d[1])]

    init = [mx.nd.array([10, 20], ctx=ctx), [mx.nd.array([1.0], ctx=ctx), mx.nd.array([5.0], ctx=ctx)]]
    outs, states = C.foreach(body, [x, y], init)
    assert _values(outs) == [_f32([[11.0, 22.0], [14.0, 25.0], [17.0, 28.0]]),
                             [_f32([[2.0], [4.0], [6.0]]), _f32([[0.0, 1.0], [1.0, 2.0], [1.0, 2.0]])]]
    # the states come back exactly as the body returned them (a tuple stays a tuple)
    assert _values(states) == [_f32([13.0, 23.0]), (_f32([8.0]), _f32([11.0]))]


def test_foreach_structures_as_mxnet():
    x = mx.nd.array([[1, 2], [3, 4], [5, 6]])
    s = mx.nd.array([10, 20])
    outs, states = C.foreach(lambda d, st: (d, (st[0] + 1,)), x, (s,))
    assert _values(outs) == _f32([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    assert _values(states) == (_f32([13.0, 23.0]),)
    outs, state = C.foreach(lambda d, st: ([], st + d), x, s)
    assert outs == [] and _values(state) == _f32([19.0, 32.0])
    outs, state = C.foreach(lambda d, st: (d, None), x, s)
    assert state is None
    # a 1-D array gives (1,)-shaped slices, as MXNet's integer indexing does
    outs, state = C.foreach(lambda d, st: (d * 2, st + d), mx.nd.array([1, 2, 3]), mx.nd.array([0]))
    assert _values(outs) == _f32([[2.0], [4.0], [6.0]]) and _values(state) == _f32([6.0])


def test_foreach_keeps_dtype(ctx):
    x = mx.nd.array([[1, 2], [3, 4]], dtype="int32", ctx=ctx)
    outs, state = C.foreach(lambda d, st: (d * 2, st + d), x, mx.nd.array([0, 0], dtype="int32", ctx=ctx))
    assert _values(outs) == ((2, 2), "int32", [[2, 4], [6, 8]])
    assert _values(state) == ((2,), "int32", [4, 6])


@pytest.mark.parametrize("data, states, output, error, message", [
    ("numpy", "s", "d", AssertionError, "foreach input must be (nested) list of NDArray, but got"),
    ("x", 3, "d", AssertionError,
     "foreach states must be (nested) list of NDArray, but got 3 of type <class 'int'>"),
    ("x5", "s", "d", AssertionError,
     "foreach input must be (nested) list of NDArray, but got 5 of type <class 'int'>"),
    ("x", "s", 1, AssertionError,
     "foreach output must be (nested) list of NDArray, but got 1 of type <class 'int'>"),
    ("x", "s_none", "d", AssertionError,
     "foreach states must be (nested) list of NDArray, but got None of type <class 'NoneType'>"),
    ("x", "s", "d_none", AssertionError,
     "foreach output must be (nested) list of NDArray, but got None of type <class 'NoneType'>"),
    ("x", "dict", "d", AssertionError, "foreach states must be (nested) list of NDArray, but got {'a': "),
    ("empty_list", "s", "d", IndexError, "list index out of range"),
    ("ragged", "s", "d", IndexError, "index 2 is out of bounds for axis 0 with size 2"),
    ("no_rows", "s", "d", UnboundLocalError, ""),  # MXNet: 'out_fmt' referenced before assignment
])
def test_foreach_errors(data, states, output, error, message):
    x, s = mx.nd.array([[1, 2], [3, 4], [5, 6]]), mx.nd.array([10, 20])
    data = {"numpy": np.ones((2, 2)), "x": x, "x5": [x, 5], "empty_list": [],
            "ragged": [x, mx.nd.ones((2, 1))], "no_rows": mx.nd.zeros((0, 2))}[data]
    states = {"s": s, 3: 3, "s_none": [s, [None]], "dict": {"a": s}}[states]
    outputs = {"d": lambda d: d, 1: lambda d: 1, "d_none": lambda d: [d, None]}[output]
    with pytest.raises(error) as info:
        C.foreach(lambda d, st: (outputs(d), st), data, states)
    assert str(info.value).startswith(message)


def test_foreach_gradient(ctx):
    x = mx.nd.array([[1, 2], [3, 4], [5, 6]], ctx=ctx)
    s = mx.nd.array([0.5, -1], ctx=ctx)
    x.attach_grad()
    s.attach_grad()
    with mx.autograd.record():
        outs, states = C.foreach(lambda d, st: (d * st[0], [st[0] + d * d]), x, [s])
        loss = (outs * 2).sum() + (states[0] * 3).sum()
    loss.backward()
    assert loss.asnumpy().tolist() == [634.5]
    assert x.grad.asnumpy().tolist() == [[39.0, 90.0], [81.0, 126.0], [51.0, 74.0]]
    assert s.grad.asnumpy().tolist() == [21.0, 27.0]


# ---- while_loop ------------------------------------------------------------------------------

def _int64(value, ctx):
    return mx.nd.array([value], dtype="int64", ctx=ctx)


def test_while_loop_pads_outputs_to_max_iterations(ctx):
    outs, states = C.while_loop(lambda i, s: i <= 5, lambda i, s: ([i + s], [i + 1, s + i]),
                                (_int64(0, ctx), _int64(1, ctx)), max_iterations=10)
    assert isinstance(outs, list) and len(outs) == 1
    assert outs[0].shape == (10, 1) and outs[0].dtype == np.int64 and outs[0].context == ctx
    assert outs[0][:6].asnumpy().tolist() == [[1], [2], [4], [7], [11], [16]]
    # MXNet leaves the 4 padding rows uninitialised; mxnd fills them with zeros
    assert outs[0][6:].asnumpy().tolist() == [[0]] * 4
    assert isinstance(states, list) and _values(states) == [((1,), "int64", [6]), ((1,), "int64", [16])]


def test_while_loop_output_structures(ctx):
    # a single NDArray step output, a tuple of new loop variables, max_iterations == the step count
    outs, states = C.while_loop(lambda i, s: i <= 5, lambda i, s: (i + s, (i + 1, s + i)),
                                [_int64(0, ctx), _int64(1, ctx)], max_iterations=6)
    assert _values(outs) == ((6, 1), "int64", [[1], [2], [4], [7], [11], [16]])
    assert type(states) is list and _values(states) == [((1,), "int64", [6]), ((1,), "int64", [16])]
    # nested step outputs keep their nesting
    outs, states = C.while_loop(lambda i: i < 3, lambda i: ([i * 2, [i + 0.5, i * i]], [i + 1]),
                                [mx.nd.array([0.0], ctx=ctx)], max_iterations=4)
    assert [outs[0][:3].asnumpy().tolist(), outs[1][0][:3].asnumpy().tolist(),
            outs[1][1][:3].asnumpy().tolist()] == [[[0.0], [2.0], [4.0]], [[0.5], [1.5], [2.5]],
                                                   [[0.0], [1.0], [4.0]]]
    assert [o.shape for o in (outs[0], outs[1][0], outs[1][1])] == [(4, 1)] * 3
    assert _values(states) == [_f32([3.0])]
    outs, _ = C.while_loop(lambda i: i < 3, lambda i: (i.reshape((1, 1)), i + 1), mx.nd.array([0.0], ctx=ctx),
                           max_iterations=3)
    assert _values(outs) == _f32([[[0.0]], [[1.0]], [[2.0]]])


def test_while_loop_without_outputs(ctx):
    for step_output in (None, []):
        outs, states = C.while_loop(lambda i, s: i <= 5, lambda i, s: (step_output, (i + 1, s + i)),
                                    [_int64(0, ctx), _int64(1, ctx)], max_iterations=10)
        assert outs == [] and _values(states) == [((1,), "int64", [6]), ((1,), "int64", [16])]
    # a single NDArray loop variable comes back as an NDArray
    outs, i = C.while_loop(lambda i: 1, lambda i: (None, i + 1), mx.nd.array([0.0], ctx=ctx), max_iterations=3)
    assert outs == [] and _values(i) == _f32([3.0])
    outs, states = C.while_loop(lambda i, j: i < 2, lambda i, j: (None, (i + 1, j)),
                                (mx.nd.array([0.0], ctx=ctx), mx.nd.ones((2, 3), ctx=ctx)), max_iterations=3)
    assert outs == [] and _values(states) == [_f32([2.0]), _f32([[1.0] * 3] * 2)]


def test_while_loop_no_iteration_returns_loop_vars_as_given():
    body = lambda i: ([i * 2], [i + 1])  # noqa: E731
    never = lambda i: i < 0  # noqa: E731
    outs, states = C.while_loop(never, body, [mx.nd.array([0.0])], max_iterations=4)
    assert outs == [] and type(states) is list and _values(states) == [_f32([0.0])]
    outs, states = C.while_loop(never, body, (mx.nd.array([0.0]),), max_iterations=4)
    assert outs == [] and type(states) is tuple and _values(states) == (_f32([0.0]),)
    outs, state = C.while_loop(never, body, mx.nd.array([0.0]), max_iterations=4)
    assert outs == [] and _values(state) == _f32([0.0])
    for max_iterations in (0, -1):
        outs, states = C.while_loop(lambda i: i < 3, body, [mx.nd.array([0.0])], max_iterations=max_iterations)
        assert outs == [] and _values(states) == [_f32([0.0])]


@pytest.mark.parametrize("max_iterations", [2, 2.7, mx.nd.array([2])], ids=["int", "float", "ndarray"])
def test_while_loop_max_iterations_conversion(max_iterations):
    outs, i = C.while_loop(lambda i: True, lambda i: (i * 2, i + 1), mx.nd.array([0.0]),
                           max_iterations=max_iterations)
    assert _values(outs) == _f32([[0.0], [2.0]]) and _values(i) == _f32([2.0])


def _step_count_output(i):
    return [i] if i.asscalar() < 1 else [i, i]


@pytest.mark.parametrize("cond, func, loop_vars, max_iterations, error, message", [
    (lambda i: i < 3, lambda i: (i, i + 1), "zero", None, ValueError, "max_iterations should be specified"),
    (lambda i: i < 3, lambda i: (i, i + 1), "zero", "abc", ValueError, "Cannot convert max_iteration to python int"),
    (lambda i: i < 3, lambda i: (i, i + 1), "empty", 3, ValueError, "loop_vars should contain at least one element"),
    (lambda i: i < 3, lambda i: (i, [i + 1, i]), "list", 3, ValueError,
     "The length of loop_vars should be consistent during the loop"),
    (lambda i: i < 3, lambda i: (_step_count_output(i), [i + 1]), "list", 3, ValueError,
     "Number of elements in step_output should be the same in each step"),
    (lambda i: i + mx.nd.array([0, 0]) < 3, lambda i: (i, [i + 1]), "list", 3, ValueError,
     "The current array is not a scalar"),
    (lambda i: np.array([1, 1]), lambda i: (i, [i + 1]), "list", 3, ValueError,
     "Cannot convert Return value of cond to python bool"),
    (lambda i: i < 3, lambda i: (5, [i + 1]), "list", 3, AssertionError,
     "while output must be (nested) list of NDArray, but got 5 of type <class 'int'>"),
    (lambda i: i < 3, lambda i: i + 1, "list", 3, ValueError, "not enough values to unpack"),
    (lambda i: i < 3, lambda i: (i, [i + 1]), "two", 3, ValueError, "The current array is not a scalar"),
    (lambda i: i < 3, lambda i: (i, [i + 1]), "list", "nd2", ValueError, "The current array is not a scalar"),
    (lambda i: i < 3, lambda i: (mx.nd.ones((int(i.asscalar()) + 1,)), [i + 1]), "list", 3, mx.base.MXNetError,
     "concat: Incompatible input shape: expected [-1, 1], got [1, 2]"),
])
def test_while_loop_errors(cond, func, loop_vars, max_iterations, error, message):
    loop_vars = {"zero": mx.nd.array([0.0]), "empty": [], "list": [mx.nd.array([0.0])],
                 "two": mx.nd.zeros((2,))}[loop_vars]
    max_iterations = mx.nd.array([1, 2]) if max_iterations == "nd2" else max_iterations
    with pytest.raises(error) as info:
        C.while_loop(cond, func, loop_vars, max_iterations=max_iterations)
    assert str(info.value).startswith(message)


def test_while_loop_gradient(ctx):
    v = mx.nd.array([1.5, 2.0], ctx=ctx)
    v.attach_grad()
    with mx.autograd.record():
        outs, (_, v2) = C.while_loop(lambda i, v: i < 2, lambda i, v: ([v * v], [i + 1, v * 3]),
                                     [mx.nd.array([0.0], ctx=ctx), v], max_iterations=4)
        loss = outs[0][:2].sum() + v2.sum()
    loss.backward()
    assert outs[0][:2].asnumpy().tolist() == [[2.25, 4.0], [20.25, 36.0]]
    assert loss.asnumpy().tolist() == [94.0]
    assert v.grad.asnumpy().tolist() == [39.0, 49.0]


# ---- cond ------------------------------------------------------------------------------------

def test_cond_both_branches(ctx):
    a, b = mx.nd.array([1], ctx=ctx), mx.nd.array([2], ctx=ctx)
    then_func, else_func = (lambda: (a + 5) * (b + 5)), (lambda: (a - 5) * (b - 5))
    assert _values(C.cond(a * b < 5, then_func, else_func)) == _f32([42.0])
    assert _values(C.cond(a * b > 5, then_func, else_func)) == _f32([12.0])
    # the branch's result is returned as is, structure and all
    assert _values(C.cond(a, lambda: [a, (b,)], lambda: None)) == [_f32([1.0]), (_f32([2.0]),)]


@pytest.mark.parametrize("pred, branch", [
    (0, "else"), (np.float32(0.5), "then"), (mx.nd.array([0.2]), "then"), (None, "else"),
    (mx.nd.array([[3]], dtype="int32"), "then"), ("", "else"), (mx.nd.array([np.nan]), "then"),
    (mx.nd.array([0]), "else"),
], ids=["0", "np0.5", "nd0.2", "None", "nd2d", "empty-str", "nan", "nd0"])
def test_cond_pred_as_python_bool(pred, branch):
    assert C.cond(pred, lambda: "then", lambda: "else") == branch


class _NoBool:
    def __bool__(self):
        raise TypeError("no truth value")


@pytest.mark.parametrize("pred, message", [
    (mx.nd.array([1, 2]), "The current array is not a scalar"),
    (np.array([1, 0]), "Cannot convert pred to python bool"),
    (_NoBool(), "Cannot convert pred to python bool"),
], ids=["nd-two", "np-two", "no-bool"])
def test_cond_errors(pred, message):
    with pytest.raises(ValueError, match=message):
        C.cond(pred, lambda: 1, lambda: 2)


def test_cond_gradient(ctx):
    p = mx.nd.array([2.0], ctx=ctx)
    p.attach_grad()
    with mx.autograd.record():
        r = C.cond(p > 1, lambda: p * p * 3, lambda: p + 1)
    r.backward()
    assert r.asnumpy().tolist() == [12.0] and p.grad.asnumpy().tolist() == [12.0]
    with mx.autograd.record():
        r = C.cond(p < 1, lambda: p * p * 3, lambda: p * 7)
    r.backward()
    assert p.grad.asnumpy().tolist() == [7.0]


# ---- rand_zipfian ----------------------------------------------------------------------------

def _expected_count(classes, num_sampled, range_max):
    classes = np.asarray(classes, dtype=np.float64)
    return np.log((classes + 2.0) / (classes + 1.0)) / math.log(range_max + 1) * num_sampled


@pytest.mark.parametrize("true_classes, num_sampled, range_max, expected_true", [
    (mx.nd.array([3, 0, 7]), 5, 10, [0.4652904441773196, 1.4453241315894392, 0.2455967051449443]),
    (mx.nd.array([3], dtype="int32"), 4, 5, [0.498155148939376]),
    (mx.nd.array([[1, 2], [3, 4]]), 3, 5, [[0.6788831565927504, 0.48167526511087416],
                                           [0.373616361704532, 0.3052667948882184]]),
])
def test_rand_zipfian(ctx, true_classes, num_sampled, range_max, expected_true):
    samples, count_true, count_sample = C.rand_zipfian(true_classes, num_sampled, range_max, ctx=ctx)
    assert samples.dtype == np.int64 and samples.shape == (num_sampled,)
    assert count_true.dtype == np.float64 and count_true.shape == true_classes.shape
    assert count_sample.dtype == np.float64 and count_sample.shape == (num_sampled,)
    assert [array.context for array in (samples, count_true, count_sample)] == [ctx] * 3
    rtol = 1e-12 if on_gpu(ctx) else 1e-15  # CUDA's log differs from the host's by an ulp or so
    np.testing.assert_allclose(count_true.asnumpy(), expected_true, rtol=rtol, atol=0)
    drawn = samples.asnumpy()
    assert ((drawn >= 0) & (drawn < range_max)).all()
    np.testing.assert_allclose(count_sample.asnumpy(), _expected_count(drawn, num_sampled, range_max),
                               rtol=rtol, atol=0)


def test_rand_zipfian_default_context_and_seed():
    mx.random.seed(42)
    first = C.rand_zipfian(mx.nd.array([1]), 8, 20)
    mx.random.seed(42)
    again = C.rand_zipfian(mx.nd.array([1]), 8, 20)
    assert first[0].context == mx.current_context()
    assert [a.asnumpy().tolist() for a in first] == [a.asnumpy().tolist() for a in again]


def test_rand_zipfian_distribution():
    mx.random.seed(3)
    samples, _, _ = C.rand_zipfian(mx.nd.array([0]), 20000, 10)
    frequency = np.bincount(samples.asnumpy(), minlength=10) / 20000
    np.testing.assert_allclose(frequency, _expected_count(np.arange(10), 1, 10), atol=0.015)


def test_rand_zipfian_needs_an_ndarray():
    with pytest.raises(AttributeError, match="as_in_context"):
        C.rand_zipfian([1, 2], 3, 5)
