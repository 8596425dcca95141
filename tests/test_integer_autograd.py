"""Integer arrays as autograd variables (src/mxnd/integer_variables.py).

MXNet 1.9.1's values for most operators are in tests/golden/integer_autograd.json; these tests
cover MXNet's own unit tests that use integer variables, every integer dtype and context, and the
shadow's rules: values unchanged by recording, nothing shadowed outside ``record()``.
"""
import pickle

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import autograd
from mxnd.errors import MXNetError
from mxnd.integer_variables import ShadowedTensor

INTEGER_DTYPES = ["int8", "uint8", "int32", "int64"]


def int_variable(values, dtype="int32", ctx=None, grad_req="write"):
    x = mx.nd.array(values, ctx=ctx or mx.cpu(), dtype=dtype)
    x.attach_grad(grad_req=grad_req)
    return x


@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
def test_every_integer_dtype_gets_gradients_in_its_dtype(dtype, ctx):
    x = int_variable([1, 2, 3], dtype, ctx)
    with autograd.record():
        y = x * x + x * 2
    y.backward()
    assert y.dtype == np.dtype(dtype) and y.asnumpy().tolist() == [3, 8, 15]
    assert x.grad.dtype == np.dtype(dtype) and x.grad.context == ctx
    assert x.grad.asnumpy().tolist() == [4, 6, 8]  # 2x + 2


def test_mxnets_topk_test_on_int32(ctx):
    # MXNet 1.9.1's test_ndarray.test_order: the gradient of the top k values of an int32 arange
    a = mx.nd.arange(0, 1024, step=1, repeat=1, dtype=np.int32, ctx=ctx)
    a.attach_grad()
    with autograd.record():
        b = mx.nd.topk(a, k=10, ret_typ="value")
        b.backward(mx.nd.ones((10,), dtype=np.int32, ctx=ctx))
    grad = a.grad.asnumpy()
    assert grad.dtype == np.int32 and grad[-10:].tolist() == [1] * 10 and not grad[:-10].any()
    for dtype in (np.int32, np.int64):
        a = mx.nd.arange(0, 1000, dtype=dtype, ctx=ctx)
        a.attach_grad()
        with autograd.record():
            b = mx.nd.topk(a, k=10, ret_typ="value")
            b.backward(mx.nd.arange(0, 10, dtype=dtype, ctx=ctx))
        assert a.grad.asnumpy()[-10:].tolist() == list(range(9, -1, -1))


def test_mxnets_boolean_mask_test_on_integers(ctx):
    # MXNet 1.9.1's test_operator.test_boolean_mask: randint variables, grad_req 'add' over 3 steps
    a = mx.nd.array(np.arange(100 * 30).reshape(100, 30) % 97, dtype="int32", ctx=ctx)
    a.attach_grad()
    bi = mx.nd.array(np.arange(100) % 3 == 0, ctx=ctx)
    ci = mx.nd.array(np.arange(100) % 5 == 1, ctx=ctx)
    autograd.mark_variables([a], [mx.nd.zeros_like(a)], grad_reqs="add")
    for _ in range(3):
        with autograd.record():
            b = mx.nd.contrib.boolean_mask(a, bi)
            c = mx.nd.contrib.boolean_mask(a, ci)
            total = b.sum() + c.sum()
        total.backward()
    hits = (np.arange(100) % 3 == 0).astype(int) + (np.arange(100) % 5 == 1)  # rows in both count twice
    expected = np.tile(hits.reshape(-1, 1) * 3, (1, 30))
    assert a.grad.dtype == np.int32 and (a.grad.asnumpy() == expected).all()
    assert (b.asnumpy() == a.asnumpy()[np.arange(100) % 3 == 0]).all()


@pytest.mark.parametrize("op, expected_grad", [
    # MXNet 1.9.1's backward raises for some integer shapes here ("This operation only support floating
    # point types", its dot kernel's float-only check; docs/differences.md): the gradient is the maths'
    (lambda x: mx.nd.topk(x, k=2, ret_typ="value"), [[1, 0, 1], [1, 0, 1]]),
    (lambda x: mx.nd.sort(x, axis=1), [[1, 1, 1], [1, 1, 1]]),
    (lambda x: mx.nd.sort(x, axis=0, is_ascend=False) * mx.nd.array([[1], [2]], dtype="int32"), [[1, 1, 2], [2, 2, 1]]),
])
def test_ordering_gradients_of_integer_variables(op, expected_grad):
    x = int_variable([[3, -1, 4], [1, -5, 9]])
    with autograd.record():
        y = op(x)
    y.backward()
    assert x.grad.asnumpy().tolist() == expected_grad


RECORDED_OPS = [
    lambda x: x * 3 - 1, lambda x: x / 2, lambda x: x % 2,
    lambda x: mx.nd.exp(x), lambda x: mx.nd.sqrt(x), lambda x: x.sum(axis=0), lambda x: x.mean(),
    lambda x: x.max(), lambda x: mx.nd.topk(x, k=2, ret_typ="both"), lambda x: x.astype("float32") / 3,
    lambda x: mx.nd.argmax(x, axis=1), lambda x: x > 2, lambda x: x[::-1, 1:], lambda x: x ** 2,
]


@pytest.mark.parametrize("op", RECORDED_OPS)
def test_recording_leaves_the_values_as_they_are(op, ctx):
    values = [[3, 1, 4], [1, 5, 9]]
    plain = op(mx.nd.array(values, dtype="int32", ctx=ctx))
    x = int_variable(values, ctx=ctx)
    with autograd.record():
        recorded = op(x)
    for a, b in zip(plain if isinstance(plain, list) else [plain], recorded if isinstance(recorded, list) else [recorded]):
        assert a.dtype == b.dtype and a.shape == b.shape and a.context == b.context
        assert a.asnumpy().tobytes() == b.asnumpy().tobytes()


def test_nothing_is_shadowed_outside_record():
    x = int_variable([1, 2, 3])
    assert type(x._data) is ShadowedTensor
    y = x * 2 + mx.nd.exp(x)
    assert type(y._data) is torch.Tensor and not y._data.requires_grad
    with autograd.record():
        z = x * 2
        with autograd.pause():
            w = x * 2
        i = mx.nd.argmax(x, axis=0)  # an integer result that depends on no gradient
    assert type(z._data) is ShadowedTensor and z._data.requires_grad
    assert type(w._data) is torch.Tensor and type(i._data) is torch.Tensor
    with pytest.raises(MXNetError, match="not in a computational graph"):
        w.backward()


def test_the_shadow_follows_writes_into_the_variable():
    x = int_variable([1, 2, 3])
    x += 1
    x[1:2] = 10
    x.asnumpy()
    with autograd.record():
        y = x * x
    y.backward()
    assert y.asnumpy().tolist() == [4, 100, 16] and x.grad.asnumpy().tolist() == [4, 20, 8]


def test_head_gradients_of_any_dtype_and_autograd_grad():
    x = int_variable([1, 2, 3], "int64")
    with autograd.record():
        y = x * 3
    y.backward(mx.nd.array([1, 2, 3], dtype="int64"))
    assert x.grad.asnumpy().tolist() == [3, 6, 9]
    with autograd.record():
        y = x * x
    (g,) = autograd.grad(y, [x])
    assert g.dtype == np.int64 and g.asnumpy().tolist() == [2, 4, 6] and x.grad.asnumpy().tolist() == [3, 6, 9]


def test_a_float_and_an_integer_variable_in_one_graph(ctx):
    w = mx.nd.array([0.5, -1.5, 2.0], ctx=ctx)
    w.attach_grad()
    x = int_variable([3, 4, -2], ctx=ctx)
    with autograd.record():
        y = (w * x.astype("float32")).sum()
    y.backward()
    assert y.dtype == np.float32 and y.asnumpy().tolist() == [-8.5]
    assert w.grad.asnumpy().tolist() == [3.0, 4.0, -2.0] and w.grad.dtype == np.float32
    assert x.grad.asnumpy().tolist() == [0, -1, 2]  # 0.5, -1.5, 2.0 truncated


def test_attach_again_and_null_and_the_old_graph():
    x = int_variable([1, 2])
    with autograd.record():
        y = x * 5
    x.attach_grad()  # a new variable: the old graph's gradient goes nowhere (MXNet: its old buffer)
    y.backward()
    assert x.grad.asnumpy().tolist() == [0, 0]
    n = int_variable([1, 2], grad_req="null")
    assert type(n._data) is torch.Tensor and n.grad.asnumpy().tolist() == [0, 0]


def test_an_integer_variable_saves_loads_pickles_and_prints(tmp_path):
    x = int_variable([1, -2, 3])
    path = str(tmp_path / "x.nd")
    mx.nd.save(path, {"x": x})
    loaded = mx.nd.load(path)["x"]
    assert loaded.dtype == np.int32 and loaded.asnumpy().tolist() == [1, -2, 3]
    assert pickle.loads(pickle.dumps(x)).asnumpy().tolist() == [1, -2, 3]
    assert str(x) == str(mx.nd.array([1, -2, 3], dtype="int32"))
    assert x.asnumpy().dtype == np.int32 and x.detach().asnumpy().tolist() == [1, -2, 3]


def test_int64_values_beyond_float64s_precision_stay_exact():
    big = 2 ** 53 + 1  # the shadow rounds it; the values are computed on the integers
    x = int_variable([big, 1], "int64")
    with autograd.record():
        y = x + 2
    y.backward()
    assert y.asnumpy().tolist() == [big + 2, 3] and x.grad.asnumpy().tolist() == [1, 1]


def test_a_custom_function_on_integer_variables():
    class Twice(mx.autograd.Function):
        def forward(self, x):
            return x * 2

        def backward(self, dy):
            return dy * 3  # not the derivative: shows the custom backward ran

    x = int_variable([1, 2, 3])
    with autograd.record():
        y = Twice()(x)
    y.backward()
    assert y.dtype == np.int32 and y.asnumpy().tolist() == [2, 4, 6] and x.grad.asnumpy().tolist() == [3, 3, 3]


@pytest.mark.parametrize("stype", ["csr", "row_sparse"])
@pytest.mark.parametrize("grad_stype", [None, "default"])
def test_sparse_integer_variables(stype, grad_stype, ctx):
    # with a dense gradient buffer MXNet 1.9.1's backward fails (docs/differences.md): the maths here
    x = mx.nd.array([[1, 0, 3], [0, 2, 0]], dtype="int32", ctx=ctx).tostype(stype)
    x.attach_grad(stype=grad_stype)
    with autograd.record():
        y = x * 3
        z = (y.tostype("default") * x.tostype("default")).sum()
    z.backward(mx.nd.array([2], dtype="int32", ctx=ctx))
    assert y.stype == stype and y.dtype == np.int32 and z.asnumpy().tolist() == [42]
    assert x.grad.stype == (grad_stype or stype) and x.grad.dtype == np.int32
    assert x.grad.asnumpy().tolist() == [[12, 0, 36], [0, 24, 0]]  # 2 * 6x


class _Triple(mx.operator.CustomOp):
    def forward(self, is_train, req, in_data, out_data, aux):
        self.assign(out_data[0], req[0], in_data[0] * 3)

    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):
        self.seen = out_grad[0].dtype
        self.assign(in_grad[0], req[0], out_grad[0] * 5)  # not the derivative: shows backward ran


@mx.operator.register("integer_autograd_triple")
class _TripleProp(mx.operator.CustomOpProp):
    def __init__(self):
        super().__init__(need_top_grad=True)

    def list_arguments(self):
        return ["data"]

    def list_outputs(self):
        return ["output"]

    def infer_shape(self, in_shape):
        return in_shape, [in_shape[0]], []

    def infer_type(self, in_type):
        return in_type, [in_type[0]], []

    def create_operator(self, ctx, shapes, dtypes):
        _TripleProp.made = _Triple()
        return _TripleProp.made


def test_a_custom_operator_on_integer_variables(ctx):
    # MXNet 1.9.1: the output and the gradients, out_grad included, in the variable's dtype
    x = int_variable([1, 2, 3], ctx=ctx)
    with autograd.record():
        y = mx.nd.Custom(x, op_type="integer_autograd_triple")
        z = y * 2
    z.backward()
    assert y.dtype == np.int32 and y.asnumpy().tolist() == [3, 6, 9]
    assert _TripleProp.made.seen == np.int32 and x.grad.asnumpy().tolist() == [10, 10, 10]


def test_second_order_gradients_of_integer_variables():
    # MXNet 1.9.1 raises "non-differentiable" here, as for most float graphs (docs/differences.md)
    x = int_variable([1, 2, 3])
    with autograd.record():
        y = x * x * x
        (g,) = autograd.grad(y, [x], create_graph=True)
        z = g * 1
    z.backward()
    assert g.dtype == np.int32 and g.asnumpy().tolist() == [3, 12, 27]  # 3x^2
    assert x.grad.asnumpy().tolist() == [6, 12, 18]  # 6x
