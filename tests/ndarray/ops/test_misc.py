"""The misc family beyond the golden cases: reset_arrays writing its inputs, devices, out=, and
gradients (values from MXNet 1.9.1's autograd)."""
import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of
from mxnd.base import MXNetError

X = [1.1, 2.3, 3.7, -4.1]
HEAD = [1, 0.5, -2, 3]


# ---- reset_arrays: the operator that writes its inputs --------------------------------------------

def test_reset_arrays_zeroes_its_inputs_in_place(ctx):
    a = mx.nd.array([1.5, -2.25, 3], ctx=ctx)
    d = mx.nd.array([[1, 2], [3, 4]], ctx=ctx, dtype="float64")
    h = mx.nd.array([1, 2], ctx=ctx, dtype="float16")
    result = mx.nd.reset_arrays(a, d, h, num_arrays=3)
    assert result == []
    assert a.asnumpy().tolist() == [0, 0, 0] and a.dtype == np.float32 and a.context == ctx
    assert d.asnumpy().tolist() == [[0, 0], [0, 0]] and d.dtype == np.float64
    assert h.asnumpy().tolist() == [0, 0]


def test_reset_arrays_writes_through_views():
    base = mx.nd.arange(6).reshape((2, 3))
    row = base[1:]
    mx.nd.reset_arrays(row, num_arrays=1)
    assert base.asnumpy().tolist() == [[0, 1, 2], [0, 0, 0]]


def test_reset_arrays_checks_every_input_before_writing():
    a, i = mx.nd.array([1.0, 2.0]), mx.nd.array([1, 2], dtype="int32")
    with pytest.raises(MXNetError, match="only support floating point types, not int32"):
        mx.nd.reset_arrays(a, i, num_arrays=2)
    assert a.asnumpy().tolist() == [1, 2] and i.asnumpy().tolist() == [1, 2]
    with pytest.raises(MXNetError, match="expects 3 inputs, but got 2"):
        mx.nd.reset_arrays(a, a, num_arrays=3)


# ---- AMP casts ------------------------------------------------------------------------------------

def test_amp_cast_on_every_device(ctx):
    a = mx.nd.array([1.5, -2.25, 3], ctx=ctx)
    half = mx.nd.amp_cast(a, dtype="float16")
    assert half.dtype == np.float16 and half.context == ctx and half.asnumpy().tolist() == [1.5, -2.25, 3]
    ints = mx.nd.array([1, 2], ctx=ctx, dtype="int32")
    same = mx.nd.amp_cast(ints, dtype="float16")  # only low-precision floats are cast
    assert same.dtype == np.int32
    same[:] = 7
    assert ints.asnumpy().tolist() == [1, 2]


def test_amp_cast_float32_to_integers_rounds_and_saturates():
    # MXNet 1.9.1 (MKL-DNN reorder): half to even, saturated; float16 sources truncate
    values = mx.nd.array([0.5, 1.5, 2.5, -0.5, -1.5, 300, -300])
    assert mx.nd.amp_cast(values, dtype="int32").asnumpy().tolist() == [0, 2, 2, 0, -2, 300, -300]
    assert mx.nd.amp_cast(values, dtype="uint8").asnumpy().tolist() == [0, 2, 2, 0, 0, 255, 0]
    assert mx.nd.amp_cast(values.astype("float16"), dtype="int32").asnumpy().tolist() == [0, 1, 2, 0, -1, 300, -300]


def test_amp_multicast_outputs(ctx):
    a = mx.nd.array([1, 2], ctx=ctx)
    h = mx.nd.array([3, 4], ctx=ctx, dtype="float16")
    wide = mx.nd.amp_multicast(a, h, num_outputs=2)
    assert [o.dtype for o in wide] == [np.float32, np.float32] and wide[1].context == ctx
    narrow = mx.nd.amp_multicast(a, h, num_outputs=2, cast_narrow=True)
    assert [o.dtype for o in narrow] == [np.float16, np.float16]
    single = mx.nd.amp_multicast(a, num_outputs=1)
    assert isinstance(single, mx.nd.NDArray) and single.asnumpy().tolist() == [1, 2]


def test_amp_gradients_are_cast_back():
    x = mx.nd.array(X)
    to_half = gradient_of(lambda v: mx.nd.amp_cast(v, dtype="float16"), x,
                          head=mx.nd.array([1.1, 2, 3, 4], dtype="float16"))
    assert to_half[0].dtype == np.float32 and to_half[0].tolist() == [1.099609375, 2, 3, 4]
    from_half = gradient_of(lambda v: mx.nd.amp_cast(v, dtype="float32"), x.astype("float16"),
                            head=mx.nd.array([1.1, 2, 3, 4]))
    assert from_half[0].dtype == np.float16 and from_half[0].tolist() == [1.099609375, 2, 3, 4]
    both = gradient_of(lambda v: mx.nd.amp_multicast(v, v * 2, num_outputs=2), x,
                       head=[mx.nd.array([1, 2, 3, 4]), mx.nd.array([1, 1, 1, 1])])
    assert both[0].tolist() == [3, 4, 5, 6]


# ---- contrib: allclose, quadratic, div_sqrt_dim ---------------------------------------------------

def test_allclose_is_a_uint8_scalar(ctx):
    a = mx.nd.array([1.5, -2.25, 3], ctx=ctx)
    same, apart = mx.nd.contrib.allclose(a, a), mx.nd.contrib.allclose(a, a + 1)
    assert same.shape == () and same.dtype == np.uint8 and same.context == ctx
    assert same.asscalar() == 1 and apart.asscalar() == 0
    out = mx.nd.zeros((), ctx=ctx, dtype="uint8")
    assert mx.nd.contrib.allclose(a, a + 1, atol=1, out=out) is out and out.asscalar() == 1


def test_quadratic_values_and_gradients(ctx):
    x = mx.nd.array([[1, 2], [3, 4]], ctx=ctx)
    assert mx.nd.contrib.quadratic(x, a=1, b=2, c=3).asnumpy().tolist() == [[6, 11], [18, 27]]
    # MXNet 1.9.1: grad = head * (2 * a * x + b), computed in the input type
    grads = gradient_of(lambda v: mx.nd.contrib.quadratic(v, a=0.1, b=0.3, c=0.7), mx.nd.array(X),
                        head=mx.nd.array(HEAD))
    assert grads[0].tolist() == [0.5200000405311584, 0.3799999952316284, -2.0799999237060547, -1.559999942779541]
    half = gradient_of(lambda v: mx.nd.contrib.quadratic(v, a=0.1, b=0.3, c=0.7), mx.nd.array(X, dtype="float16"),
                       head=mx.nd.array(HEAD, dtype="float16"))
    assert half[0].tolist() == [0.52001953125, 0.380126953125, -2.080078125, -1.5615234375]
    double = gradient_of(lambda v: mx.nd.contrib.quadratic(v, a=0.37, b=-1.3), mx.nd.array(X).astype("float64"),
                         head=mx.nd.array(HEAD, dtype="float64"))
    assert double[0].tolist() == [-0.4859999241828916, 0.20100001716613747, -2.8760002365112314, -13.001999762535092]


def test_div_sqrt_dim_values_and_gradient(ctx):
    x = mx.nd.array([[1, 2, 3, 4]], ctx=ctx)
    assert mx.nd.contrib.div_sqrt_dim(x).asnumpy().tolist() == [[0.5, 1, 1.5, 2]]
    grads = gradient_of(lambda v: mx.nd.contrib.div_sqrt_dim(v), mx.nd.array([[1, 2], [3, 4]]),
                        head=mx.nd.array([[1, 2], [3, 4]]))
    assert grads[0].ravel().tolist() == [0.7071067690849304, 1.4142135381698608, 2.1213204860687256,
                                         2.8284270763397217]


def test_attach_grad_and_backward():
    x = mx.nd.array(X)
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.contrib.quadratic(mx.nd.contrib.div_sqrt_dim(x), a=1)
    y.backward()
    np.testing.assert_allclose(x.grad.asnumpy(), np.float32(X) / 2, rtol=1e-6)


def test_backward_quadratic_is_quadratics_gradient():
    """MXNet's imperative wrapper of _contrib_backward_quadratic passes no inputs (it fails with
    'expects 2 inputs, but got 0'); mxnd's takes (ograd, data) and returns quadratic's gradient."""
    g = mx.nd.array([[1, 2, 3], [4, 5, 6]])
    x = mx.nd.array([[0.5, -1, 2], [3, 0.25, -2]])
    direct = mx.nd.contrib.backward_quadratic(g, x, a=1.5, b=-2, c=3)
    assert direct.asnumpy().tolist() == [[-0.5, -10.0, 12.0], [28.0, -6.25, -48.0]]
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.contrib.quadratic(x, a=1.5, b=-2, c=3)
    y.backward(g)
    assert x.grad.asnumpy().tolist() == direct.asnumpy().tolist()
    with pytest.raises(MXNetError, match="one shape"):
        mx.nd.contrib.backward_quadratic(g, x[0], a=1)
