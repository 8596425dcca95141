"""mx.operator's Custom operator API; expected values from MXNet 1.9.1 running the same classes."""
import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError


class Sigmoid(mx.operator.CustomOp):
    def forward(self, is_train, req, in_data, out_data, aux):
        self.assign(out_data[0], req[0], 1.0 / (1.0 + mx.nd.exp(-in_data[0])))

    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):
        y = out_data[0]
        self.assign(in_grad[0], req[0], out_grad[0] * y * (1.0 - y))


@mx.operator.register("sigmoid_for_test")
class SigmoidProp(mx.operator.CustomOpProp):
    def create_operator(self, ctx, shapes, dtypes):
        return Sigmoid()


class ScaleAndRowSum(mx.operator.CustomOp):
    def __init__(self, factor):
        self.factor = factor

    def forward(self, is_train, req, in_data, out_data, aux):
        self.assign(out_data[0], req[0], in_data[0] * self.factor + in_data[1])
        self.assign(out_data[1], req[1], in_data[0].sum(axis=1, keepdims=True))
        aux[0][:] += 1  # auxiliary states are written in place, as in MXNet

    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):
        self.assign(in_grad[0], req[0], out_grad[0] * self.factor + out_grad[1])
        self.assign(in_grad[1], req[1], out_grad[0])


@mx.operator.register("scale_for_test")
class ScaleProp(mx.operator.CustomOpProp):
    def __init__(self, factor="1"):
        super().__init__(need_top_grad=True)
        self.factor = float(factor)  # MXNet passes keyword arguments as strings

    def list_arguments(self):
        return ["data", "bias"]

    def list_outputs(self):
        return ["out", "rowsum"]

    def list_auxiliary_states(self):
        return ["calls"]

    def infer_shape(self, in_shape):
        return in_shape, [in_shape[0], [in_shape[0][0], 1]], [[1]]

    def create_operator(self, ctx, shapes, dtypes):
        return ScaleAndRowSum(self.factor)


X = [[-1., 0., 2.], [0.5, 1., -2.]]


def test_forward(ctx):
    y = mx.nd.Custom(mx.nd.array(X, ctx=ctx), op_type="sigmoid_for_test")
    assert y.context == ctx and y.dtype == np.float32
    np.testing.assert_allclose(y.asnumpy(), [[0.26894, 0.5, 0.8808], [0.62246, 0.73106, 0.1192]], atol=1e-5)


def test_backward_under_autograd():
    x = mx.nd.array(X)
    x.attach_grad()
    with mx.autograd.record():
        z = mx.nd.Custom(x, op_type="sigmoid_for_test") * 2
    z.backward()
    np.testing.assert_allclose(x.grad.asnumpy(), [[0.39322, 0.5, 0.20999], [0.47001, 0.39322, 0.20999]], atol=1e-5)


def test_several_inputs_outputs_string_kwargs_and_aux():
    x, b, calls = mx.nd.array(X), mx.nd.array([[1.] * 3, [2.] * 3]), mx.nd.zeros((1,))
    x.attach_grad()
    b.attach_grad()
    with mx.autograd.record():
        out, rowsum = mx.nd.Custom(x, b, calls, op_type="scale_for_test", factor=3)
        loss = out * 2 + rowsum
    loss.backward()
    assert out.asnumpy().tolist() == [[-2., 1., 7.], [3.5, 5., -4.]]
    assert rowsum.asnumpy().tolist() == [[1.], [-0.5]]
    assert x.grad.asnumpy().tolist() == [[9.] * 3] * 2
    assert b.grad.asnumpy().tolist() == [[2.] * 3] * 2
    assert calls.asnumpy().tolist() == [1.]


def test_errors():
    with pytest.raises(MXNetError, match="not registered"):
        mx.nd.Custom(mx.nd.ones((2,)), op_type="no_such_op")
    with pytest.raises(MXNetError, match="expects 3 inputs"):
        mx.nd.Custom(mx.nd.ones((2, 3)), op_type="scale_for_test")
    assert "sigmoid_for_test" in mx.operator.get_all_registered_operators()


def test_assign_modes():
    op, dst = mx.operator.CustomOp(), mx.nd.ones((2,))
    op.assign(dst, "add", mx.nd.ones((2,)))
    assert dst.asnumpy().tolist() == [2., 2.]
    op.assign(dst, "write", mx.nd.zeros((2,)))
    assert dst.asnumpy().tolist() == [0., 0.]
    op.assign(dst, "null", mx.nd.ones((2,)))
    assert dst.asnumpy().tolist() == [0., 0.]


class _Failing(mx.operator.CustomOp):
    def forward(self, is_train, req, in_data, out_data, aux):
        if self.where == "forward":
            assert False, "forward failed"
        if self.where == "dot":
            mx.nd.dot(in_data[0].reshape((1, 2)), in_data[0].reshape((1, 2)))
        self.assign(out_data[0], req[0], in_data[0] * 2)

    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):
        raise ValueError("backward failed")


@mx.operator.register("failing_for_test")
class _FailingProp(mx.operator.CustomOpProp):
    def __init__(self, where="none"):
        super().__init__()
        self.where = where

    def infer_shape(self, in_shape):
        if self.where == "infer_shape":
            raise KeyError("infer_shape failed")
        return in_shape, in_shape, []

    def create_operator(self, ctx, shapes, dtypes):
        op = _Failing()
        op.where = self.where
        return op


@pytest.mark.parametrize("where,message", [("forward", "Error in CustomOp.forward: AssertionError: forward failed"),
                                           ("infer_shape", "Error in failing_for_test.infer_shape: KeyError")])
def test_python_errors_in_callbacks_are_mxnet_errors(where, message):
    # MXNet runs the Python code as engine callbacks: the exception surfaces as MXNetError
    # (test_custom_op_exc of MXNet's test_operator.py; MXNet raises when the result is read, mxnd
    # at the call); an MXNetError inside passes through
    with pytest.raises(MXNetError, match=message):
        mx.nd.Custom(mx.nd.ones((2,)), op_type="failing_for_test", where=where).wait_to_read()
    with pytest.raises(MXNetError, match="dot shape error"):
        mx.nd.Custom(mx.nd.ones((2,)), op_type="failing_for_test", where="dot").wait_to_read()


def test_python_error_in_backward_is_an_mxnet_error():
    x = mx.nd.ones((2,))
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.Custom(x, op_type="failing_for_test")
    assert y.asnumpy().tolist() == [2., 2.]
    with pytest.raises(MXNetError, match="Error in CustomOp.backward: ValueError: backward failed"):
        y.backward()
        x.grad.wait_to_read()  # MXNet raises here (asynchronous errors), mxnd in backward


class _Square(mx.operator.CustomOp):
    def forward(self, is_train, req, in_data, out_data, aux):
        self.assign(out_data[0], req[0], in_data[0] * in_data[0])

    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):
        self.assign(in_grad[0], req[0], (2 * in_data[0] * out_grad[0]).tostype("default"))


@mx.operator.register("square_dense_for_test")
class _SquareProp(mx.operator.CustomOpProp):
    def create_operator(self, ctx, shapes, dtypes):
        return _Square()


@mx.operator.register("square_sparse_for_test")
class _SparseSquareProp(_SquareProp):
    def infer_storage_type(self, in_stype):
        return in_stype, in_stype, []

    def infer_storage_type_backward(self, ograd_stype, in_stype, out_stype, igrad_stype, aux_stype):
        return ograd_stype, in_stype, out_stype, ["default"] * len(igrad_stype), aux_stype


def test_custom_operator_on_sparse_arrays():
    """MXNet's example/numpy-ops/custom_sparse_sqr.py: infer_storage_type gives the outputs' storage
    types; a csr variable gets its gradient through the operator's backward (values from MXNet)."""
    x = mx.nd.array([[0, 1.5], [2, 0]]).tostype("csr")
    y = mx.nd.Custom(x, op_type="square_sparse_for_test")
    assert y.stype == "csr" and y.asnumpy().tolist() == [[0.0, 2.25], [4.0, 0.0]]
    x.attach_grad(stype="default")
    with mx.autograd.record():
        y = mx.nd.Custom(x, op_type="square_sparse_for_test")
        z = (y * 3).sum()
    z.backward()
    assert y.stype == "csr" and x.grad.stype == "default"
    assert x.grad.asnumpy().tolist() == [[0.0, 9.0], [12.0, 0.0]]
    d = mx.nd.array([[0, 1.5], [2, 0]])
    d.attach_grad()
    with mx.autograd.record():
        y = mx.nd.Custom(d, op_type="square_sparse_for_test")
    y.backward()
    assert y.stype == "default" and d.grad.asnumpy().tolist() == [[0.0, 3.0], [4.0, 0.0]]


def test_custom_operator_default_storage_inference_takes_dense_only():
    x = mx.nd.array([[0, 1.5], [2, 0]]).tostype("csr")
    with pytest.raises(MXNetError, match="Default infer_storage_type implementation doesnt allow non default "
                                         "stypes: found non default stype 'csr' for in_stype"):
        mx.nd.Custom(x, op_type="square_dense_for_test")
    with pytest.raises(TypeError, match="does not support assignment with non-array-like object"):
        mx.nd.zeros((2, 2))[:] = x  # as MXNet's frontend: a sparse value is not array-like there
