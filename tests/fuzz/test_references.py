"""Values of the operator families whose reference is a one-liner, under generated input.

Each table maps an operator to an independent float64 numpy/scipy expression of MXNet 1.9.1's
semantics (ties of ``round`` away from zero, ``rint`` down, ``mod`` by zero is 0, comparisons
return the input dtype, ...; checked against the reference MXNet). Data are multiples of 1/8
in [-10, 10] (exact in float32, with ties and zeros), shapes include 0-d and 0-size.
"""
import numpy as np
import pytest
import scipy.special
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.registry import REGISTRY

from fuzz_calls import function_of, guard

SHAPES = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
EIGHTHS = st.integers(-80, 80).map(lambda k: k / 8)


def values(shape, elements=EIGHTHS):
    return hnp.arrays(np.float64, shape, elements=elements)


def _round_away(x):
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


def _rint(x):
    # MXNet's rint: the floor when the fraction is at most 0.5 (rint(-0.5) is -1, rint(2.5) is 2)
    return np.where(x - np.floor(x) <= 0.5, np.floor(x), np.ceil(x))


def _smooth_l1(x, sigma=1.0):
    s2 = sigma * sigma
    return np.where(np.abs(x) < 1 / s2, 0.5 * s2 * x * x, np.abs(x) - 0.5 / s2)


def _as_bool(x):
    return (x != 0).astype(np.float64)


UNARY = {
    "round": _round_away, "rint": _rint, "fix": np.trunc, "floor": np.floor, "ceil": np.ceil,
    "trunc": np.trunc, "sign": np.sign, "abs": np.abs, "negative": np.negative,
    "relu": lambda x: np.maximum(x, 0), "logical_not": lambda x: (x == 0).astype(np.float64),
    "sqrt": np.sqrt, "rsqrt": lambda x: 1 / np.sqrt(x), "cbrt": np.cbrt,
    "rcbrt": lambda x: 1 / np.cbrt(x), "square": np.square, "reciprocal": lambda x: 1 / x,
    "exp": np.exp, "expm1": np.expm1, "log": np.log, "log10": np.log10, "log2": np.log2,
    "log1p": np.log1p, "sin": np.sin, "cos": np.cos, "tan": np.tan, "arcsin": np.arcsin,
    "arccos": np.arccos, "arctan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh,
    "arcsinh": np.arcsinh, "arccosh": np.arccosh, "arctanh": np.arctanh,
    "degrees": np.degrees, "radians": np.radians, "erf": scipy.special.erf,
    "erfinv": scipy.special.erfinv, "gamma": scipy.special.gamma,
    "gammaln": scipy.special.gammaln, "sigmoid": scipy.special.expit,
    "softsign": lambda x: x / (1 + np.abs(x)), "_copy": lambda x: x, "BlockGrad": lambda x: x,
    "make_loss": lambda x: x, "_contrib_round_ste": _round_away, "_contrib_sign_ste": np.sign,
    "_contrib_gradientmultiplier": lambda x: x,
    "hard_sigmoid": lambda x: np.clip(0.2 * x + 0.5, 0, 1), "smooth_l1": _smooth_l1,
    "_contrib_isnan": lambda x: np.isnan(x).astype(np.float64),
    "_contrib_isinf": lambda x: np.isinf(x).astype(np.float64),
    "_contrib_isfinite": lambda x: np.isfinite(x).astype(np.float64),
}


def _mod(a, b):
    with np.errstate(all="ignore"):
        return np.where(b == 0, 0.0, np.mod(a, np.where(b == 0, 1.0, b)))


BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide, "mod": _mod,
    "power": np.power, "maximum": np.maximum, "minimum": np.minimum, "hypot": np.hypot,
    "equal": np.equal, "not_equal": np.not_equal, "greater": np.greater,
    "greater_equal": np.greater_equal, "lesser": np.less, "lesser_equal": np.less_equal,
    "logical_and": lambda a, b: (a != 0) & (b != 0), "logical_or": lambda a, b: (a != 0) | (b != 0),
    "logical_xor": lambda a, b: (a != 0) ^ (b != 0),
}
ELEMWISE = {"elemwise_add": "add", "elemwise_sub": "sub", "elemwise_mul": "mul",
            "elemwise_div": "div", "_mod": "mod", "_power": "power", "_maximum": "maximum",
            "_minimum": "minimum", "_hypot": "hypot", "_equal": "equal",
            "_not_equal": "not_equal", "_greater": "greater", "_greater_equal": "greater_equal",
            "_lesser": "lesser", "_lesser_equal": "lesser_equal", "_logical_and": "logical_and",
            "_logical_or": "logical_or", "_logical_xor": "logical_xor", "_grad_add": "add",
            "_scatter_elemwise_div": "div"}
BROADCAST = {f"broadcast_{key}": key for key in BINARY}
# _<op>_scalar(x, scalar=s) is op(x, s); the _r<op>_scalar forms swap the operands
SCALAR = {f"_{key}_scalar": (key, False) for key in BINARY if key not in ("add", "sub", "mul", "div")}
SCALAR.update({"_plus_scalar": ("add", False), "_minus_scalar": ("sub", False),
               "_mul_scalar": ("mul", False), "_div_scalar": ("div", False),
               "_rminus_scalar": ("sub", True), "_rdiv_scalar": ("div", True),
               "_rmod_scalar": ("mod", True), "_rpower_scalar": ("power", True),
               "_scatter_plus_scalar": ("add", False), "_scatter_minus_scalar": ("sub", False),
               "_backward_mul_scalar": ("mul", False), "_backward_div_scalar": ("div", False)})

REDUCE = {"sum": np.sum, "mean": np.mean, "prod": np.prod, "nansum": np.nansum,
          "nanprod": np.nanprod, "max": np.max, "min": np.min}

COVERED = (set(UNARY) | set(ELEMWISE) | set(BROADCAST) | set(SCALAR) | set(REDUCE)
           | {"sort", "argsort", "topk", "argmax", "argmin", "norm", "transpose", "flip", "swapaxes", "expand_dims", "tile",
              "repeat", "concat", "stack", "clip", "reshape", "broadcast_to"})


def check(name, actual, expected, dtype=np.float32):
    """``actual`` (NDArray) equals the float64 ``expected`` rounded to ``dtype``."""
    expected = np.asarray(expected, dtype=np.float64)
    assert actual.dtype == dtype, f"{name}: dtype {actual.dtype}"
    assert actual.shape == expected.shape, f"{name}: shape {actual.shape} != {expected.shape}"
    with np.errstate(all="ignore"):
        want = expected.astype(dtype)
    np.testing.assert_allclose(actual.asnumpy(), want, rtol=2e-6, atol=1e-6, equal_nan=True,
                               err_msg=name)


def run(name, *args, **kwargs):
    with guard():
        return function_of(REGISTRY[name])(*args, **kwargs)


@pytest.mark.parametrize("name", sorted(UNARY))
@given(x=SHAPES.flatmap(values))
def test_unary(name, x):
    with np.errstate(all="ignore"):
        expected = UNARY[name](x)
    check(name, run(name, mx.nd.array(x, dtype="float32")), expected)


@pytest.mark.parametrize("name", sorted(ELEMWISE))
@given(data=st.data())
def test_elemwise(name, data):
    shape = data.draw(SHAPES)
    a, b = data.draw(values(shape)), data.draw(values(shape))
    with np.errstate(all="ignore"):
        expected = BINARY[ELEMWISE[name]](a, b)
    check(name, run(name, mx.nd.array(a), mx.nd.array(b)), expected)


@pytest.mark.parametrize("name", sorted(BROADCAST))
@given(data=st.data())
def test_broadcast(name, data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3,
                                                         min_side=0, max_side=3))
    a, b = (data.draw(values(s)) for s in shapes.input_shapes)
    with np.errstate(all="ignore"):
        expected = BINARY[BROADCAST[name]](a, b)
    check(name, run(name, mx.nd.array(a), mx.nd.array(b)), expected)


@pytest.mark.parametrize("name", sorted(SCALAR))
@given(x=SHAPES.flatmap(values), scalar=EIGHTHS)
def test_scalar(name, x, scalar):
    key, swapped = SCALAR[name]
    with np.errstate(all="ignore"):
        expected = BINARY[key](scalar, x) if swapped else BINARY[key](x, scalar)
        expected = np.broadcast_to(expected, x.shape)
    check(name, run(name, mx.nd.array(x), scalar=scalar), expected)


@st.composite
def reduce_case(draw):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    axis = draw(st.none() | st.integers(-len(shape), len(shape) - 1)
                | st.lists(st.integers(0, len(shape) - 1), min_size=1, max_size=len(shape),
                           unique=True).map(tuple))
    return draw(values(shape)), axis, draw(st.booleans()), draw(st.booleans())


@pytest.mark.parametrize("name", sorted(REDUCE))
@given(case=reduce_case())
def test_reduce(name, case):
    x, axis, keepdims, exclude = case
    axes = tuple(range(x.ndim)) if axis is None else (axis,) if isinstance(axis, int) else axis
    axes = tuple(a % x.ndim for a in axes)
    if exclude and axis is not None:  # MXNet: exclude has no effect on a full reduction
        axes = tuple(a for a in range(x.ndim) if a not in axes)
    expected = REDUCE[name](x, axis=axes, keepdims=keepdims) if axes else x
    if expected.ndim == 0:
        expected = expected.reshape(1)  # MXNet: a full reduction gives shape (1,)
    actual = run(name, mx.nd.array(x), axis=axis, keepdims=keepdims, exclude=exclude)
    check(name, actual, expected)


@given(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4), data=st.data())
def test_argmax_argmin_and_norm(shape, data):
    # distinct values: the index of the extreme is unique
    x = np.array(data.draw(st.permutations(range(int(np.prod(shape)))))).reshape(shape) / 8 - 5
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    keepdims = data.draw(st.booleans())
    array = mx.nd.array(x)
    for name, reference in (("argmax", np.argmax), ("argmin", np.argmin)):
        expected = np.asarray(reference(x, axis=axis, keepdims=keepdims))
        expected = expected.reshape(1) if expected.ndim == 0 else expected  # MXNet: (1,), not ()
        check(name, run(name, array, axis=axis, keepdims=keepdims), expected)
    # MXNet: argmax with no axis is over the flattened array, shape (1,)
    check("argmax", run("argmax", array), [np.argmax(x)])
    ord_ = data.draw(st.sampled_from([1, 2]))
    expected = np.linalg.norm(x, ord=ord_, axis=axis, keepdims=keepdims) if ord_ == 2 else \
        np.sum(np.abs(x), axis=axis, keepdims=keepdims)
    expected = expected.reshape(1) if expected.ndim == 0 else expected
    check("norm", run("norm", array, ord=ord_, axis=axis, keepdims=keepdims), expected)
    check("norm", run("norm", array), [np.sqrt(np.sum(x * x))])


@given(x=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4).flatmap(values),
       data=st.data())
def test_ordering(x, data):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    ascend = data.draw(st.booleans())
    array = mx.nd.array(x)
    check("sort", run("sort", array, axis=axis, is_ascend=ascend),
          np.sort(x, axis=axis) if ascend else -np.sort(-x, axis=axis))
    # argsort/topk: values at the returned indices (ties make the index order free)
    order = run("argsort", array, axis=axis, is_ascend=ascend).asnumpy().astype(np.int64)
    check("argsort", mx.nd.array(np.take_along_axis(x, order, axis)),
          np.sort(x, axis=axis) if ascend else -np.sort(-x, axis=axis))
    k = data.draw(st.integers(1, x.shape[axis]))
    top = run("topk", array, axis=axis, k=k, ret_typ="value", is_ascend=ascend)
    ranked = np.sort(x, axis=axis) if ascend else -np.sort(-x, axis=axis)
    check("topk", top, np.take(ranked, range(k), axis=axis))


@given(x=SHAPES.flatmap(values), data=st.data())
def test_shape_and_layout(x, data):
    array, ndim = mx.nd.array(x), x.ndim
    if ndim:
        axes = tuple(data.draw(st.permutations(range(ndim))))
        check("transpose", run("transpose", array, axes=axes), np.transpose(x, axes))
        axis = data.draw(st.integers(0, ndim - 1))  # MXNet's flip takes no negative axis
        check("flip", run("flip", array, axis=axis), np.flip(x, axis))
        d1, d2 = data.draw(st.integers(0, ndim - 1)), data.draw(st.integers(0, ndim - 1))
        check("swapaxes", run("swapaxes", array, dim1=d1, dim2=d2), np.swapaxes(x, d1, d2))
        repeats = data.draw(st.integers(1, 3))  # MXNet: repeats=0 gives shape (0,)
        check("repeat", run("repeat", array, repeats=repeats, axis=axis), np.repeat(x, repeats, axis))
        check("concat", run("concat", array, array, dim=axis), np.concatenate([x, x], axis))
        new = data.draw(st.integers(-ndim - 1, ndim))  # mxnd, as MXNet, has no 0-d input here
        check("expand_dims", run("expand_dims", array, axis=new), np.expand_dims(x, new))
        check("stack", run("stack", array, array, axis=new), np.stack([x, x], new))
        reps = tuple(data.draw(st.lists(st.integers(1, 3), min_size=1, max_size=3)))
        check("tile", run("tile", array, reps=reps), np.tile(x, reps))
    low = data.draw(EIGHTHS)
    high = data.draw(EIGHTHS.filter(lambda h: h >= low))
    check("clip", run("clip", array, a_min=low, a_max=high), np.clip(x, low, high))
    if ndim and x.size:  # a 0 in MXNet's shape codes copies the input's dimension
        flat = (x.size,)
        check("reshape", run("reshape", array, shape=flat), x.reshape(flat))
    lifted = x.reshape((1,) + x.shape)  # broadcast_to keeps ndim; a 0 keeps that dimension
    target = (2,) + x.shape
    check("broadcast_to", run("broadcast_to", mx.nd.array(lifted), shape=target),
          np.broadcast_to(lifted, target))


def test_reference_tables_name_registered_operators():
    missing = sorted(name for name in COVERED if name not in REGISTRY)
    assert not missing, f"reference tables name unregistered operators: {missing}"


def test_comparisons_keep_the_input_dtype():
    # MXNet 1.9.1: mx.nd.array([1, 2], dtype='int32') < mx.nd.array([2, 2], dtype='int32') -> [1, 0] int32
    lhs, rhs = mx.nd.array([1, 2], dtype="int32"), mx.nd.array([2, 2], dtype="int32")
    result = run("broadcast_lesser", lhs, rhs)
    assert result.dtype == np.int32 and result.asnumpy().tolist() == [1, 0]


def test_mod_by_zero_is_zero():
    # MXNet 1.9.1: broadcast_mod([5, -5, 5, -5, 3], [0, 3, -3, -3, 0.5]) -> [0, 1, -1, -2, 0]
    result = run("broadcast_mod", mx.nd.array([5, -5, 5, -5, 3]), mx.nd.array([0, 3, -3, -3, 0.5]))
    assert result.asnumpy().tolist() == [0, 1, -1, -2, 0]
    with pytest.raises(MXNetError, match="broadcast_mod"):
        run("broadcast_mod", mx.nd.ones((2, 3)), mx.nd.ones((3, 2)))
