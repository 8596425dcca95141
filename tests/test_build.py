"""The generated operator layer, checked for every spec in the registry (STYLE.md section 7).

Parametrized over ``REGISTRY``, so an operator is checked the moment it is declared: its
``mx.nd`` function, aliases, fluent method, docstring, ``out=``, and the input errors.
Errors and values were checked against MXNet 1.9.1 for the operators registered when this
file was written; an operator whose defaults do not make a valid call needs an entry in
``SAMPLES`` of tests/op_samples/<family>.py.
"""
import re

import numpy as np
import pytest
import samples
from device_numerics import GPU_TOLERANCE, TF32_TOLERANCE, ieee_float32

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.ndarray import NDArray
from mxnd.registry import REGISTRY, REQUIRED

SPECS = list(REGISTRY.values())
FLUENT_SPECS = [s for s in SPECS if s.fluent]
BINARY_SPECS = [s for s in SPECS if s.family in ("broadcast", "elemwise")]
SAME_DTYPE_SPECS = [s for s in SPECS if s.same_dtype]
WITH_PARAMS = [s for s in SPECS if s.params]
WITHOUT_PARAMS = [s for s in SPECS if not s.params]
SCALAR_SPECS = [s for s in SPECS if s.family == "scalar"]

# NDArray methods whose MXNet 1.9.1 docstring is "Convenience fluent method for ..."
# (sorted(n for n in dir(mx.nd.NDArray) if doc.startswith('Convenience fluent method'))).
MXNET_FLUENT_METHODS = frozenset("""
abs arccos arccosh arcsin arcsinh arctan arctanh argmax argmax_channel argmin argsort broadcast_axes
cbrt ceil clip cos cosh degrees depth_to_space diag exp expm1 fix flip floor log log10 log1p log2
log_softmax max mean min nanprod nansum norm one_hot ones_like pad pick prod radians rcbrt
reciprocal relu repeat reshape_like rint round rsqrt shape_array sigmoid sign sin sinh size_array
slice slice_axis slice_like softmax softmin sort space_to_depth split split_v2 sqrt square sum
swapaxes take tan tanh tile topk transpose trunc zeros_like
""".split())

# Operators whose defaults do not make a valid call: input shapes and keyword arguments;
# SAMPLE_DTYPES gives per-input dtypes where float32 inputs are not valid (int indices).
SAMPLES = samples.load("SAMPLES")
SAMPLE_DTYPES = samples.load("SAMPLE_DTYPES")
FAMILY_KWARGS = {"scalar": {"scalar": 2.0}}


def module_of(namespace):
    return getattr(mx.nd, namespace) if namespace else mx.nd


def namespace_of(spec):
    return module_of(spec.namespace)


def function_of(spec):
    return getattr(namespace_of(spec), spec.public_name)


def seeded(function):
    """``function`` called after seeding the generators, so random operators compare equal."""
    def call(*args, **kwargs):
        mx.random.seed(11)
        return function(*args, **kwargs)
    return call


def sample_arrays(shapes, dtype="float32", dtypes=None):
    dtypes = dtypes or [dtype] * len(shapes)
    return [mx.nd.array(np.arange(1, 1 + int(np.prod(s))).reshape(s) + i, dtype=d)
            for i, (s, d) in enumerate(zip(shapes, dtypes))]


def sample_call(spec):
    """Input arrays and keyword arguments for a valid call of ``spec``."""
    shapes, kwargs = SAMPLES.get(spec.name, (None, None))
    if shapes is None:
        count = 2 if spec.variadic else spec.optional_inputs.count(False)
        shapes = [(2, 3)] * count
    if kwargs is None:
        kwargs = dict(FAMILY_KWARGS.get(spec.family, {}))
    missing = [p.name for p in spec.params if p.default is REQUIRED and p.name not in kwargs]
    if missing:
        pytest.fail(f"{spec.name}: add sample values for required params {missing} to SAMPLES")
    return sample_arrays(shapes, dtypes=SAMPLE_DTYPES.get(spec.name)), kwargs


def assert_same_array(actual, expected):
    if isinstance(expected, (list, tuple)):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_same_array(a, e)
        return
    assert isinstance(actual, NDArray)
    assert actual.shape == expected.shape
    assert actual.dtype == expected.dtype
    assert actual.context == expected.context
    np.testing.assert_array_equal(actual.asnumpy(), expected.asnumpy())


def ids(spec):
    return spec.name


# ---- the generated function ---------------------------------------------------------------

@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_function_exists(spec):
    function = getattr(namespace_of(spec), spec.public_name, None)
    assert callable(function)
    assert function.__name__ == spec.public_name
    assert function.spec is spec
    if spec.namespace == "":
        assert getattr(mx.nd.op, spec.name) is function
    else:  # operators of a submodule stay out of mx.nd itself, as in MXNet
        assert getattr(mx.nd, spec.public_name, None) is not function


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_aliases_are_the_same_function(spec):
    function = function_of(spec)
    for namespace, alias in spec.entries:
        assert getattr(module_of(namespace), alias) is function


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_docstring_names_every_param(spec):
    doc = function_of(spec).__doc__
    assert doc
    for name in list(spec.input_names) + [p.name for p in spec.params] + ["out"]:
        assert name in doc, f"{spec.name}: {name} missing from the docstring"


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_sample_call_runs(spec):
    arrays, kwargs = sample_call(spec)
    result = function_of(spec)(*arrays, **kwargs)
    results = result if isinstance(result, (list, tuple)) else [result]
    for r in results:
        assert isinstance(r, NDArray)
        assert r.context == mx.cpu(0)


# ---- fluent methods -------------------------------------------------------------------------

@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_fluent_flag_matches_mxnet(spec):
    assert spec.fluent == (spec.name in MXNET_FLUENT_METHODS)


@pytest.mark.parametrize("spec", FLUENT_SPECS, ids=ids)
def test_fluent_method_equals_function(spec):
    method = getattr(NDArray, spec.name, None)
    assert callable(method)
    assert method.__name__ == spec.name
    arrays, kwargs = sample_call(spec)
    expected = seeded(function_of(spec))(*arrays, **kwargs)
    actual = seeded(getattr(arrays[0], spec.name))(*arrays[1:], **kwargs)
    assert_same_array(actual, expected)


# ---- out= -------------------------------------------------------------------------------------

LHS = [[1, 2, 3], [4, 5, 6]]
RHS = [[2, 2, 2], [3, 3, 3]]
# MXNet 1.9.1: op(LHS, RHS) in float32
BINARY_EXPECTED = {
    "add": [[3, 4, 5], [7, 8, 9]],
    "sub": [[-1, 0, 1], [1, 2, 3]],
    "mul": [[2, 4, 6], [12, 15, 18]],
    "div": np.array([[0.5, 1, 1.5], [4 / 3, 5 / 3, 2]], dtype=np.float32).tolist(),
    "mod": [[1, 0, 1], [1, 2, 0]],
    "power": [[1, 4, 9], [64, 125, 216]],
    "maximum": [[2, 2, 3], [4, 5, 6]],
    "minimum": [[1, 2, 2], [3, 3, 3]],
    "equal": [[0, 1, 0], [0, 0, 0]],
    "not_equal": [[1, 0, 1], [1, 1, 1]],
    "greater": [[0, 0, 1], [1, 1, 1]],
    "greater_equal": [[0, 1, 1], [1, 1, 1]],
    "lesser": [[1, 0, 0], [0, 0, 0]],
    "lesser_equal": [[1, 1, 0], [0, 0, 0]],
    "logical_and": [[1, 1, 1], [1, 1, 1]],
    "logical_or": [[1, 1, 1], [1, 1, 1]],
    "logical_xor": [[0, 0, 0], [0, 0, 0]],
}


def binary_expected(spec, lhs, rhs):
    key = spec.name.split("_", 1)[1]
    if key in BINARY_EXPECTED:
        return BINARY_EXPECTED[key]
    return function_of(spec)(lhs, rhs).asnumpy().tolist()


@pytest.mark.parametrize("spec", BINARY_SPECS, ids=ids)
def test_out_writes_into_the_given_array(spec):
    lhs, rhs = mx.nd.array(LHS), mx.nd.array(RHS)
    expected = binary_expected(spec, lhs, rhs)
    out = mx.nd.zeros((2, 3))
    view = out[1:2]
    result = function_of(spec)(lhs, rhs, out=out)
    assert result is out
    assert out.asnumpy().tolist() == expected
    assert view.asnumpy().tolist() == [expected[1]]
    assert out.dtype is np.float32 and out.shape == (2, 3)
    assert lhs.asnumpy().tolist() == LHS and rhs.asnumpy().tolist() == RHS


@pytest.mark.parametrize("spec", BINARY_SPECS, ids=ids)
def test_out_may_be_an_input(spec):
    lhs, rhs = mx.nd.array(LHS), mx.nd.array(RHS)
    expected = binary_expected(spec, lhs, rhs)
    assert function_of(spec)(lhs, rhs, out=lhs) is lhs
    assert lhs.asnumpy().tolist() == expected


@pytest.mark.parametrize("spec", BINARY_SPECS, ids=ids)
def test_out_with_wrong_shape_raises(spec):
    out = mx.nd.zeros((3, 2))
    with pytest.raises(MXNetError):
        function_of(spec)(mx.nd.array(LHS), mx.nd.array(RHS), out=out)
    assert out.asnumpy().tolist() == [[0, 0], [0, 0], [0, 0]]


@pytest.mark.parametrize("spec", BINARY_SPECS, ids=ids)
def test_out_with_wrong_dtype_raises(spec):
    with pytest.raises(MXNetError):
        function_of(spec)(mx.nd.array(LHS), mx.nd.array(RHS), out=mx.nd.zeros((2, 3), dtype="float64"))


@pytest.mark.parametrize("spec", SCALAR_SPECS, ids=ids)
def test_scalar_op_out(spec):
    data = mx.nd.array(LHS)
    expected = function_of(spec)(data, scalar=2.0)
    out = mx.nd.zeros((2, 3))
    assert function_of(spec)(data, scalar=2.0, out=out) is out
    np.testing.assert_array_equal(out.asnumpy(), expected.asnumpy())
    with pytest.raises(MXNetError):
        function_of(spec)(data, scalar=2.0, out=mx.nd.zeros((3, 2)))


def test_positional_out():
    a, b, c = mx.nd.array([1, 2]), mx.nd.array([3, 4]), mx.nd.zeros((2,))
    assert mx.nd.broadcast_add(a, b, c) is c
    assert c.asnumpy().tolist() == [4, 6]
    d = mx.nd.zeros((2,))
    assert mx.nd.abs(a, d) is d
    assert d.asnumpy().tolist() == [1, 2]


# ---- input errors -----------------------------------------------------------------------------

@pytest.mark.parametrize("other", ["int32", "float64", "float16"])
@pytest.mark.parametrize("spec", SAME_DTYPE_SPECS, ids=ids)
def test_mixed_dtypes_raise_and_leave_inputs_unchanged(spec, other):
    lhs = mx.nd.array(LHS)
    rhs = mx.nd.array(RHS, dtype=other)
    with pytest.raises(MXNetError):
        function_of(spec)(lhs, rhs)
    assert lhs.asnumpy().tolist() == LHS and lhs.dtype is np.float32
    assert rhs.asnumpy().tolist() == RHS and rhs.dtype == np.dtype(other).type


@pytest.mark.parametrize("spec", SAME_DTYPE_SPECS, ids=ids)
def test_mixed_dtypes_with_out_leave_out_unchanged(spec):
    out = mx.nd.zeros((2, 3))
    with pytest.raises(MXNetError):
        function_of(spec)(mx.nd.array(LHS), mx.nd.array(RHS, dtype="int32"), out=out)
    assert out.asnumpy().tolist() == [[0, 0, 0], [0, 0, 0]]


@pytest.mark.parametrize("spec", [s for s in SPECS if s.no_bool], ids=ids)
def test_bool_inputs_raise(spec):
    arrays, kwargs = sample_call(spec)
    arrays = [a.astype("bool") for a in arrays]
    with pytest.raises(MXNetError, match="does not support boolean type"):
        function_of(spec)(*arrays, **kwargs).wait_to_read()  # MXNet reports kernel errors on sync


@pytest.mark.parametrize("bad", [[1, 2], np.ones((2, 3), dtype=np.float32), 1.0], ids=["list", "numpy", "float"])
@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_non_ndarray_input_raises(spec, bad):
    arrays, kwargs = sample_call(spec)
    for position in range(len(arrays)):
        args = list(arrays)
        args[position] = bad
        # MXNet: AssertionError("Argument lhs must have NDArray type, but got ...")
        with pytest.raises(AssertionError, match="must have NDArray type"):
            function_of(spec)(*args, **kwargs)


@pytest.mark.parametrize("spec", WITH_PARAMS, ids=ids)
def test_unknown_keyword_raises(spec):
    arrays, kwargs = sample_call(spec)
    with pytest.raises(MXNetError):
        function_of(spec)(*arrays, foo=1, **kwargs)


@pytest.mark.parametrize("spec", WITHOUT_PARAMS, ids=ids)
def test_unknown_keyword_is_ignored_without_params(spec):
    # MXNet 1.9.1 ignores keywords of operators that have no parameters
    arrays, kwargs = sample_call(spec)
    function = seeded(function_of(spec))
    assert_same_array(function(*arrays, foo=1, **kwargs), function(*arrays, **kwargs))


@pytest.mark.parametrize("spec", [s for s in SPECS if not s.variadic and len(s.inputs) > 1], ids=ids)
def test_missing_input_raises(spec):
    arrays, kwargs = sample_call(spec)
    with pytest.raises(MXNetError):
        function_of(spec)(*arrays[:-1], **kwargs)


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_inputs_by_keyword(spec):
    if spec.variadic:
        pytest.skip("variadic inputs have no keyword names")
    arrays, kwargs = sample_call(spec)
    named = dict(zip(spec.input_names, arrays))
    function = seeded(function_of(spec))
    assert_same_array(function(**named, **kwargs), function(*arrays, **kwargs))


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_name_keyword_is_accepted(spec):
    arrays, kwargs = sample_call(spec)
    function = seeded(function_of(spec))
    assert_same_array(function(*arrays, name="node", **kwargs), function(*arrays, **kwargs))


@pytest.mark.parametrize("spec", SCALAR_SPECS, ids=ids)
def test_scalar_defaults_to_one(spec):
    data = mx.nd.array(LHS)
    expected = function_of(spec)(data, scalar=1.0)
    assert_same_array(function_of(spec)(data), expected)


def test_scalar_op_values():
    # MXNet 1.9.1 for [[1, 2, 3], [4, 5, 6]] and scalar=2
    data = mx.nd.array(LHS)
    internal = mx.nd._internal
    assert internal._plus_scalar(data, scalar=2).asnumpy().tolist() == [[3, 4, 5], [6, 7, 8]]
    assert internal._minus_scalar(data, scalar=2).asnumpy().tolist() == [[-1, 0, 1], [2, 3, 4]]
    assert internal._equal_scalar(data, scalar=2).asnumpy().tolist() == [[0, 1, 0], [0, 0, 0]]
    assert internal._greater_scalar(data, scalar=2).asnumpy().tolist() == [[0, 0, 1], [1, 1, 1]]
    assert internal._lesser_equal_scalar(data, scalar=2).asnumpy().tolist() == [[1, 1, 0], [0, 0, 0]]
    assert internal._logical_xor_scalar(data, scalar=2).asnumpy().tolist() == [[0, 0, 0], [0, 0, 0]]


def test_optional_input_may_be_left_out():
    from mxnd.build import build_function
    from mxnd.params import parse_float
    from mxnd.registry import OpSpec, Param

    def affine(data, weight, bias, *, scale):
        return data * weight * scale + (0 if bias is None else bias)

    spec = OpSpec("_affine_for_test", affine, inputs=("data", "weight", "bias?"),
                  params=(Param("scale", parse_float, 1.0),))
    function = build_function(spec)
    x, w, b = mx.nd.array([1., 2.]), mx.nd.array([3., 4.]), mx.nd.array([10., 20.])
    assert function(x, w, b).asnumpy().tolist() == [13., 28.]
    assert function(x, w).asnumpy().tolist() == [3., 8.]
    assert function(x, w, scale=2).asnumpy().tolist() == [6., 16.]
    assert function(x, w, None, 2.0).asnumpy().tolist() == [6., 16.]  # positions are MXNet's order
    with pytest.raises(AssertionError, match="Argument bias must have NDArray type"):
        function(x, w, 2.0)
    assert function(data=x, weight=w, bias=b).asnumpy().tolist() == [13., 28.]
    with pytest.raises(MXNetError, match="expects 3 inputs"):
        function(x)
    with pytest.raises(AssertionError, match="must have NDArray type"):
        function(x, [1, 2])


# ---- the fast path of calls with every input positional and keyword parameters -------------

POSITIONAL_FAST_SPECS = [s for s in SPECS if function_of(s).__code__.co_name == "positional_inputs"]


def test_positional_fast_path_covers_multi_input_operators():
    names = {s.name for s in POSITIONAL_FAST_SPECS}
    assert {"FullyConnected", "Convolution", "BatchNorm", "where", "sgd_update", "RNN", "add_n", "concat"} <= names


@pytest.mark.parametrize("spec", [s for s in POSITIONAL_FAST_SPECS if s.same_dtype and s.variadic], ids=ids)
def test_positional_fast_path_variadic_mixed_dtypes_raise(spec):
    arrays, kwargs = sample_call(spec)
    arrays[-1] = arrays[-1].astype("float64")
    before = [a.asnumpy().copy() for a in arrays]
    with pytest.raises(MXNetError, match=f"{spec.name}: .*float32.*float64|{spec.name}: .*float64.*float32"):
        function_of(spec)(*arrays, **kwargs)
    for array, values in zip(arrays, before):
        np.testing.assert_array_equal(array.asnumpy(), values)


def test_positional_fast_path_variadic_calls():
    a, b, c = mx.nd.array([1.0, 2.0]), mx.nd.array([3.0, 4.0]), mx.nd.array([5.0, 6.0])
    assert mx.nd.add_n(a, b, c).asnumpy().tolist() == [9.0, 12.0]
    assert mx.nd.add_n(a).asnumpy().tolist() == [1.0, 2.0]
    assert mx.nd.concat(a, b, dim=0).asnumpy().tolist() == [1.0, 2.0, 3.0, 4.0]
    with pytest.raises(AssertionError, match="must have NDArray type"):
        mx.nd.add_n(a, [1.0, 2.0])


@pytest.mark.parametrize("spec", [s for s in POSITIONAL_FAST_SPECS if s.same_dtype and not s.variadic], ids=ids)
def test_positional_fast_path_mixed_dtypes_raise_as_the_general_path(spec):
    arrays, kwargs = sample_call(spec)
    arrays[-1] = arrays[-1].astype("float64")
    before = [a.asnumpy().copy() for a in arrays]
    with pytest.raises(MXNetError) as fast:
        function_of(spec)(*arrays, **kwargs)
    with pytest.raises(MXNetError) as general:
        function_of(spec)(**dict(zip(spec.input_names, arrays)), **kwargs)
    assert str(fast.value) == str(general.value)
    for array, values in zip(arrays, before):
        np.testing.assert_array_equal(array.asnumpy(), values)


def test_positional_fast_path_builds_no_graph_outside_record():
    x, w, b = mx.nd.ones((2, 3)), mx.nd.ones((4, 3)), mx.nd.zeros((4,))
    w.attach_grad()
    y = mx.nd.FullyConnected(x, w, b, num_hidden=4)
    assert not y._data.requires_grad and y._data.grad_fn is None
    assert y.asnumpy().tolist() == [[3.0] * 4] * 2
    with mx.autograd.record():
        y = mx.nd.FullyConnected(x, w, b, num_hidden=4)
    y.backward()
    assert w.grad.asnumpy().tolist() == [[2.0] * 3] * 4


def test_positional_fast_path_missing_required_parameter_raises():
    x, w, b = mx.nd.ones((2, 3)), mx.nd.ones((4, 3)), mx.nd.zeros((4,))
    message = ('FullyConnected: Required parameter num_hidden of int is not presented, '
               'in operator FullyConnected(name="", no_bias="False")')  # MXNet 1.9.1's text
    with pytest.raises(MXNetError, match=re.escape(message)):
        mx.nd.FullyConnected(x, w, b, no_bias=False)


def test_fast_path_passes_a_parameter_named_ctx():
    # the fast paths' own arguments are positional-only: an operator's ``ctx`` parameter passes
    # through (values from MXNet 1.9.1)
    x = mx.nd.ones((2, 3))
    assert mx.nd.contrib.arange_like(x, ctx="cpu(0)").asnumpy().tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]


@pytest.mark.parametrize("kwargs", [{"axis": 1, "foo": 1}, {"foo": 1, "axis": 1}, {"axis": "bad"},
                                    {"axis": 1, "keepdims": "maybe"}], ids=str)
def test_keyword_fast_path_errors_are_the_general_paths(kwargs):
    """x.sum(axis=1, ...) parses keywords on the fast path; an unknown one or a bad value gets the
    general path's error (forced here with out=), and the array is left alone."""
    x = mx.nd.array([[1, 2], [3, 4]])
    with pytest.raises(MXNetError) as fast:
        x.sum(**kwargs)
    with pytest.raises(MXNetError) as general:
        mx.nd.sum(x, out=mx.nd.zeros((2,)), **kwargs)
    assert str(fast.value) == str(general.value)
    assert x.asnumpy().tolist() == [[1, 2], [3, 4]]


def test_fluent_methods_are_twins_of_their_functions():
    """No wrapper between x.sum(...) and the fast path: same code and closure, MXNet's fluent docstring."""
    for name in ("sum", "max", "relu", "abs", "transpose", "clip"):
        method, function = getattr(NDArray, name), getattr(mx.nd, name)
        assert method.__code__ is function.__code__ and method.__closure__ == function.__closure__
        assert method.__doc__.startswith("Convenience fluent method") and method.__name__ == name


# ---- every operator on gpu(0) against the host (issue 12) ------------------------------------------

needs_gpu = pytest.mark.skipif(mx.context.num_gpus() == 0, reason="needs a CUDA GPU")
DEVICE = mx.gpu(0)


def assert_agrees_across_devices(actual, expected, values=True):
    """``actual`` (computed on DEVICE) against ``expected`` (the host's): shapes, dtypes, the
    context, and the values within the tolerance of the devices' kernels (integers exactly)."""
    if isinstance(expected, (list, tuple)):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_agrees_across_devices(a, e, values)
        return
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    assert actual.context == DEVICE and actual.stype == expected.stype
    tensor = getattr(actual, "_data", None)  # the data itself, not only the wrapper's label (dense arrays)
    assert tensor is None or tensor.is_cuda
    if values:
        rtol, atol = GPU_TOLERANCE.get(np.dtype(expected.dtype), (0, 0))
        np.testing.assert_allclose(actual.asnumpy().astype(np.float64), expected.asnumpy().astype(np.float64),
                                   rtol=rtol, atol=atol, equal_nan=True)


@pytest.mark.gpu
@needs_gpu
@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_every_operator_on_the_gpu_agrees_with_the_host(spec):
    """The sample call of each registered operator on DEVICE: same shapes and dtypes as on the host,
    values within tolerance (random operators: shapes and dtypes, the devices' streams differ), with
    cuDNN and cuBLAS in full float32 (TF32, their default on this GPU for convolutions and RNNs, is
    test_convolution_on_the_gpu_agrees_with_the_host_in_tf32's)."""
    arrays, kwargs = sample_call(spec)
    function = seeded(function_of(spec))
    expected = function(*arrays, **kwargs)
    with DEVICE, ieee_float32():  # operators without inputs create their result on the default context
        on_device = {key: value.as_in_context(DEVICE) if hasattr(value, "as_in_context") else value
                     for key, value in kwargs.items()}  # an out= array (_set_value's) goes along
        actual = function(*[array.as_in_context(DEVICE) for array in arrays], **on_device)
    assert_agrees_across_devices(actual, expected, values=spec.family != "random")


@pytest.mark.gpu
@needs_gpu
def test_convolution_on_the_gpu_agrees_with_the_host_in_tf32():
    """float32 convolutions keep torch's default on the GPU (cuDNN's TF32 on compute capability
    8.0+, as MXNet 1.9.1): within TF32's precision of the host's."""
    rng = np.random.default_rng(5)
    data, weight = rng.standard_normal((4, 16, 12, 12), np.float32), rng.standard_normal((8, 16, 3, 3), np.float32)
    expected = mx.nd.Convolution(mx.nd.array(data), mx.nd.array(weight), kernel=(3, 3), num_filter=8, no_bias=True)
    actual = mx.nd.Convolution(mx.nd.array(data, ctx=DEVICE), mx.nd.array(weight, ctx=DEVICE), kernel=(3, 3),
                               num_filter=8, no_bias=True)
    assert_agrees_across_devices(actual, expected, values=False)
    rtol, atol = TF32_TOLERANCE
    np.testing.assert_allclose(actual.asnumpy(), expected.asnumpy(), rtol=rtol, atol=atol * 10)  # sums of 144


def test_a_positional_out_that_is_no_array_raises_type_error_before_computing():
    # MXNet 1.9.1: x.transpose(1, 0) passes 0 as out= and raises TypeError (its frontend takes len(out))
    x = mx.nd.ones((2, 3))
    with pytest.raises(TypeError, match="out must be an NDArray, got int"):
        x.transpose(1, 0)
    with pytest.raises(TypeError):
        mx.nd.relu(x, 5)
    assert x.asnumpy().tolist() == [[1.0] * 3] * 2


def test_too_many_positional_arguments_raise_pythons_type_error():
    # MXNet 1.9.1's generated signature is (inputs..., params..., out=None, name=None)
    x = mx.nd.ones((2, 3))
    with pytest.raises(TypeError, match=re.escape("transpose() takes from 0 to 4 positional arguments but 5 were given")):
        x.transpose(2, 1, 0, 3)
    with pytest.raises(TypeError, match=re.escape("broadcast_add() takes from 0 to 4 positional arguments but 5 were given")):
        mx.nd.broadcast_add(x, x, 1, 2, 3)
