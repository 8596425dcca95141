"""Generic properties of every registered operator, under generated input (hypothesis).

For each operator: the valid sample call succeeds with a stable shape and dtype whatever
the data (random, NaN/inf); other dtypes, 0-size and 0-d inputs, and bad parameter values
either work or raise a clean error (fuzz_calls.CLEAN_ERRORS) naming the operator; so do
inputs of random shapes; a failed call
leaves its inputs and its ``out=`` target unchanged; ``out=`` of the wrong shape or dtype
is rejected; nothing hangs (fuzz_calls.guard).
"""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import mxnd as mx
from mxnd.ndarray.ndarray import NDArray
from mxnd.registry import REGISTRY

from fuzz_calls import (DATA_DEPENDENT_SHAPE, NO_OUTPUTS, NOT_FUZZED_PARAMS, as_list,
                        assert_clean_error, assert_unchanged, attempt, base_call, function_of,
                        known_failure, make_arrays, mutates_inputs, parser_rejects,
                        sample_values, snapshot, specs)

SPECS = specs()
NAMES = [s.name for s in SPECS]
DTYPES = ["float16", "float64", "int8", "uint8", "int32", "int64", "bool"]
SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e30, -1e30, 65504.0]

# ---- strategies -------------------------------------------------------------------------


def data_for(draw, shape, dtype, index, mode):
    """Input values of ``shape``: the sample, random values, or values with NaN/inf."""
    if mode == "sample" or int(np.prod(shape)) == 0:
        return sample_values(shape, index)
    size = int(np.prod(shape))
    if dtype.startswith(("int", "uint")):
        values = draw(st.lists(st.integers(-4, 8), min_size=size, max_size=size))
    elif mode == "random":
        values = draw(st.lists(st.floats(-10, 10, width=32), min_size=size, max_size=size))
    else:
        values = draw(st.lists(st.sampled_from(SPECIAL) | st.floats(-10, 10, width=32),
                               min_size=size, max_size=size))
    return np.array(values, dtype=np.float64).reshape(shape)


def reshaped(draw, shape):
    """``shape`` with one dimension set to 0, or the 0-d shape."""
    if not shape or draw(st.booleans()):
        return ()
    axis = draw(st.integers(0, len(shape) - 1))
    return shape[:axis] + (0,) + shape[axis + 1:]


_WORDS = st.sampled_from(["", "foo", "(1,", "1.5.2", "nan", "inf", "-1", "[[1]]", "None", "True",
                          "(2, -3)", "float33", "gpu(99)", " 1 ", "0x10", "1e400"])
_SMALL_INTS = st.integers(-300, 300)
_HUGE_INTS = st.sampled_from([2 ** 31, -2 ** 31 - 1, 2 ** 63, 10 ** 6, -10 ** 6])
_FLOATS = st.sampled_from([np.nan, np.inf, -np.inf, 1e30, -1e30, -1.5, 0.0, 0.5, 2.5])
_WRONG_TYPES = st.sampled_from([object(), {}, [1.5, "a"], (), None, True, False, b"x", 1 + 2j,
                                [[1, 2]], (1.5, 2.5), np.float32(1.5), np.array([1, 2])])
_TUPLES = st.lists(st.integers(-3, 8), min_size=0, max_size=3).map(tuple)


def bad_value(param):
    """Values for a parameter: unparseable text, wrong types, out-of-range and odd numbers."""
    name = param.name.lower()
    choices = [_WORDS, _SMALL_INTS, _FLOATS, _WRONG_TYPES, _TUPLES]
    if "axis" in name or "axes" in name or name in ("dim", "k", "ndim"):
        choices.append(_HUGE_INTS)
    return st.one_of(choices)


def check_failed_call(spec, error, arrays, before, out=None, out_before=None, parse_error=False):
    assert_clean_error(spec, error, parse_error)
    assert_unchanged(arrays, before)
    if out is not None:
        assert_unchanged(as_list(out), out_before, "out= target")


def baseline(spec):
    shapes, dtypes, kwargs = base_call(spec)
    arrays = make_arrays([sample_values(s, i) for i, s in enumerate(shapes)], dtypes, mx.cpu())
    mx.random.seed(11)
    return as_list(function_of(spec)(*arrays, **kwargs))


_BASELINES = {}


def baseline_of(spec):
    if spec.name not in _BASELINES:
        _BASELINES[spec.name] = [(r.shape, r.dtype) for r in baseline(spec)]
    return _BASELINES[spec.name]


def cases(test, names):
    """``names`` as parameters, with the known failures of ``test`` marked xfail (non-strict)."""
    marked = []
    for name in names:
        reason = known_failure(test, REGISTRY[name])
        marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
        marked.append(pytest.param(name, marks=marks, id=name))
    return marked


# ---- properties ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", cases("test_valid_call_with_any_data", NAMES))
@given(data=st.data())
def test_valid_call_with_any_data(name, ctx, data):
    """The sample call with random or NaN/inf data runs; shape and dtype do not depend on data."""
    spec = REGISTRY[name]
    shapes, dtypes, kwargs = base_call(spec)
    mode = data.draw(st.sampled_from(["sample", "random", "special"]), label="data")
    values = [data_for(data.draw, s, d, i, mode) for i, (s, d) in enumerate(zip(shapes, dtypes))]
    arrays = make_arrays(values, dtypes, ctx)
    kwargs = {key: value.as_in_context(ctx) if hasattr(value, "as_in_context") else value
              for key, value in kwargs.items()}  # an out= array (_set_value's) on the context too
    before = snapshot(arrays)
    with ctx:  # operators without inputs create their result on the default context
        result, error = attempt(spec, function_of(spec), *arrays, **kwargs)
    if error is not None:
        # only data can make a valid call fail: e.g. out-of-range indices, NaN class ids
        assert mode != "sample", f"{spec.name}: the sample call failed: {error!r}"
        check_failed_call(spec, error, arrays, before)
        return
    results = as_list(result)
    for r in results:
        assert isinstance(r, NDArray)
        assert r.context == ctx
    if not mutates_inputs(spec):
        assert_unchanged(arrays, before)
        for r in results:  # a result never shares memory with an input
            if r.size:
                r[:] = 7
        assert_unchanged(arrays, before, "input (after writing into the result)")
    if spec.name not in DATA_DEPENDENT_SHAPE:
        assert [(r.shape, r.dtype) for r in results] == baseline_of(spec)


@pytest.mark.parametrize("name", cases("test_other_dtypes_work_or_raise_cleanly", NAMES))
@given(data=st.data())
def test_other_dtypes_work_or_raise_cleanly(name, data):
    spec = REGISTRY[name]
    shapes, dtypes, kwargs = base_call(spec)
    dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
    dtypes = [dtype if d == "float32" else d for d in dtypes]
    arrays = make_arrays([sample_values(s, i) for i, s in enumerate(shapes)], dtypes, mx.cpu())
    before = snapshot(arrays)
    result, error = attempt(spec, function_of(spec), *arrays, **kwargs)
    if error is not None:
        check_failed_call(spec, error, arrays, before)
    elif not mutates_inputs(spec):
        assert_unchanged(arrays, before)


@pytest.mark.parametrize("name", cases("test_zero_size_and_0d_inputs",
                                       [s.name for s in SPECS if s.inputs]))
@given(data=st.data())
def test_zero_size_and_0d_inputs(name, data):
    """Inputs with a 0 dimension or no dimension either work or raise cleanly."""
    spec = REGISTRY[name]
    shapes, dtypes, kwargs = base_call(spec)
    which = data.draw(st.integers(0, len(shapes) - 1), label="input")
    every = data.draw(st.booleans(), label="every input")
    shapes = [reshaped(data.draw, s) if every or i == which else s for i, s in enumerate(shapes)]
    arrays = make_arrays([sample_values(s, i) for i, s in enumerate(shapes)], dtypes, mx.cpu())
    before = snapshot(arrays)
    result, error = attempt(spec, function_of(spec), *arrays, **kwargs)
    if error is not None:
        check_failed_call(spec, error, arrays, before)
        return
    if not mutates_inputs(spec):
        assert_unchanged(arrays, before)
    assert all(isinstance(r, NDArray) for r in as_list(result))


@pytest.mark.parametrize("name", cases("test_random_shapes",
                                       [s.name for s in SPECS if s.inputs]))
@given(data=st.data())
def test_random_shapes(name, data):
    """Inputs of arbitrary small shapes (mismatched, too few or too many dimensions) work or raise cleanly."""
    spec = REGISTRY[name]
    shapes, dtypes, kwargs = base_call(spec)
    shape = hnp.array_shapes(min_dims=0, max_dims=5, min_side=0, max_side=5)
    shapes = [data.draw(shape, label=f"shape {i}") if data.draw(st.booleans()) else s
              for i, s in enumerate(shapes)]
    arrays = make_arrays([sample_values(s, i) for i, s in enumerate(shapes)], dtypes, mx.cpu())
    before = snapshot(arrays)
    result, error = attempt(spec, function_of(spec), *arrays, **kwargs)
    if error is not None:
        check_failed_call(spec, error, arrays, before)
    elif not mutates_inputs(spec):
        assert_unchanged(arrays, before)


SPARSE_READY = [s.name for s in SPECS
                if any(len(shape) == 2 and dtype == "float32"
                       for shape, dtype in zip(*base_call(s)[:2]))]


@pytest.mark.parametrize("name", cases("test_sparse_inputs", SPARSE_READY))
@given(data=st.data())
def test_sparse_inputs(name, data):
    """A 2-D input given as csr or row_sparse (the storage dispatch) works or raises cleanly."""
    spec = REGISTRY[name]
    shapes, dtypes, kwargs = base_call(spec)
    positions = [i for i, (s, d) in enumerate(zip(shapes, dtypes)) if len(s) == 2 and d == "float32"]
    position = data.draw(st.sampled_from(positions), label="input")
    stype = data.draw(st.sampled_from(["csr", "row_sparse"]), label="stype")
    arrays = make_arrays([sample_values(s, i) for i, s in enumerate(shapes)], dtypes, mx.cpu())
    arrays[position] = arrays[position].tostype(stype)
    before = snapshot(arrays)
    result, error = attempt(spec, function_of(spec), *arrays, **kwargs)
    if error is not None:
        check_failed_call(spec, error, arrays, before)
        return
    if not mutates_inputs(spec):
        assert_unchanged(arrays, before)
    for r in as_list(result):
        assert r.asnumpy().shape == r.shape


FUZZED = [s for s in SPECS if [p for p in s.params if (s.name, p.name) not in NOT_FUZZED_PARAMS]]


@pytest.mark.parametrize("name", cases("test_bad_param_values", [s.name for s in FUZZED]))
@given(data=st.data())
def test_bad_param_values(name, data):
    """Unparseable, mistyped and out-of-range parameters work or raise cleanly; nothing changes."""
    spec = REGISTRY[name]
    shapes, dtypes, kwargs = base_call(spec)
    params = [p for p in spec.params if (spec.name, p.name) not in NOT_FUZZED_PARAMS]
    param = data.draw(st.sampled_from(params), label="param")
    kwargs[param.name] = data.draw(bad_value(param), label="value")
    arrays = make_arrays([sample_values(s, i) for i, s in enumerate(shapes)], dtypes, mx.cpu())
    outs = None
    if spec.name not in NO_OUTPUTS and data.draw(st.booleans(), label="with out="):
        # an out= target shaped as the valid call's result: it must stay intact on failure
        outs = [mx.nd.full(shape, 7, dtype=dtype) for shape, dtype in baseline_of(spec)]
        kwargs["out"] = outs[0] if len(outs) == 1 else outs
    before, out_before = snapshot(arrays), outs and snapshot(outs)
    result, error = attempt(spec, function_of(spec), *arrays, **kwargs)
    if error is not None:
        check_failed_call(spec, error, arrays, before, outs, out_before,
                          parse_error=parser_rejects(param, kwargs[param.name]))
    elif not mutates_inputs(spec):
        assert_unchanged(arrays, before)


@pytest.mark.parametrize("name", cases("test_out_targets", [n for n in NAMES if n not in NO_OUTPUTS]))
@given(data=st.data())
def test_out_targets(name, data):
    """``out=`` of the right shape and dtype receives the result; a wrong one is rejected intact."""
    spec = REGISTRY[name]
    shapes, dtypes, kwargs = base_call(spec)
    expected = baseline(spec)
    kind = data.draw(st.sampled_from(["right", "shape", "dtype"]), label="out")
    outs = []
    for r in expected:
        shape, dtype = r.shape, r.dtype
        if kind == "shape":
            shape = shape + (1,)
        elif kind == "dtype":
            dtype = np.float64 if dtype != np.float64 else np.float32
        outs.append(mx.nd.full(shape, 7, dtype=dtype))
    out = outs[0] if len(outs) == 1 else outs
    arrays = make_arrays([sample_values(s, i) for i, s in enumerate(shapes)], dtypes, mx.cpu())
    before, out_before = snapshot(arrays), snapshot(outs)
    mx.random.seed(11)
    result, error = attempt(spec, function_of(spec), *arrays, out=out, **kwargs)
    if kind == "right":
        assert error is None, f"{spec.name}: out= of the inferred shape and dtype failed: {error!r}"
        assert result is out
        for o, e in zip(outs, expected):
            np.testing.assert_array_equal(o.asnumpy(), e.asnumpy())
        return
    assert error is not None, f"{spec.name}: out= with the wrong {kind} was accepted"
    check_failed_call(spec, error, arrays, before, outs, out_before)
