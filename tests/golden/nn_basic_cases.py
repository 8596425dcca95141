"""Cases of the nn_basic family: FullyConnected, Activation, LeakyReLU, SoftmaxActivation, Dropout, Embedding.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into nn_basic.json. Float results are rounded to 4 decimals with ``R``
(MXNet's oneDNN kernels differ from torch's in the last bits). Random results (Dropout in
training, rrelu's slopes) are checked through properties, not values. Never put a case here
that crashes MXNet: LeakyReLU(act_type='rrelu') in training mode segfaults MXNet 1.9.1.
"""

X = "x = mx.nd.array([[-2, -0.5, 0], [0.5, 1, 3]]); "
# gelu(3) in float32 is 2.99595022 on one CPU and 2.99594998 on another (and in MXNet): both round
# to 4 decimals differently, so gelu's cases take 2.5, whose values are far from such a boundary
XG = X.replace("3]]", "2.5]]")
FC = ("d = mx.nd.array([[1, -2, 3], [0.5, 0.25, -1]]); w = mx.nd.array([[0.1, 0.2, 0.3], [-0.4, 0.5, 0.6]]); "
      "b = mx.nd.array([0.5, -1]); ")
V = "v = mx.nd.arange(-12, 12).reshape((2, 3, 4)) / 5; "
E = "ew = mx.nd.arange(12).reshape((4, 3)); "


def R(expression):
    """dtype, shape and values rounded to 4 decimals of one array."""
    return f"r = {expression}; result = (np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"


def grads(setup, call, names):
    """Output and gradients (rounded) of ``call`` w.r.t. the arrays ``names`` (ones as head)."""
    attach = "".join(f"{n}.attach_grad(); " for n in names)
    listing = ", ".join(f"np.round({n}.grad.asnumpy().astype('float64'), 4).tolist()" for n in names)
    return (setup + attach + f"\nwith mx.autograd.record():\n    y = {call}\ny.backward()\n"
            f"result = (np.round(y.asnumpy().astype('float64'), 4).tolist(), {listing})")


FULLY_CONNECTED = [
    FC + R("mx.nd.FullyConnected(d, w, b, num_hidden=2)"),
    FC + R("mx.nd.FullyConnected(d, w, b, 2)"),
    FC + R("mx.nd.FullyConnected(d, w, None, 2, True)"),
    FC + R("mx.nd.FullyConnected(d, w, num_hidden=2, no_bias=True)"),
    FC + R("mx.nd.FullyConnected(d, w, num_hidden='2', no_bias='True')"),
    FC + R("mx.nd.FullyConnected(data=d, weight=w, bias=b, num_hidden=2)"),
    FC + R("mx.nd.FullyConnected(d, w, bias=b, num_hidden=2, flatten=False)"),
    FC + R("mx.nd.FullyConnected(d.reshape((2, 1, 3)), w, b, num_hidden=2, flatten=False)"),
    FC + R("mx.nd.FullyConnected(d.reshape((1, 2, 3)), mx.nd.ones((2, 6)), b, num_hidden=2)"),
    FC + R("mx.nd.FullyConnected(d.reshape((2, 3, 1, 1)), w, b, num_hidden=2, flatten='1')"),
    FC + R("mx.nd.FullyConnected(mx.nd.array([1, 2, 3]), mx.nd.ones((2, 1)), b, num_hidden=2)"),
    FC + R("mx.nd.FullyConnected(mx.nd.array([1, 2, 3]), w, b, num_hidden=2, flatten=False)"),
    FC + R("mx.nd.FullyConnected(d.astype('float64'), w.astype('float64'), b.astype('float64'), num_hidden=2)"),
    FC + R("mx.nd.FullyConnected(d.astype('float16'), w.astype('float16'), num_hidden=2, no_bias=True)"),
    FC + "o = mx.nd.zeros((2, 2)); r = mx.nd.FullyConnected(d, w, b, num_hidden=2, out=o); "
         "result = (r is o, np.round(o.asnumpy(), 4).tolist())",
    FC + "result = mx.nd.FullyConnected(d, w, num_hidden=2)",
    FC + "result = mx.nd.FullyConnected(d, w, b, num_hidden=2, no_bias=True)",
    FC + "result = mx.nd.FullyConnected(d, w, b, num_hidden=3)",
    FC + "result = mx.nd.FullyConnected(d, w, mx.nd.ones((3,)), num_hidden=2)",
    FC + "result = mx.nd.FullyConnected(d, w, b.astype('float64'), num_hidden=2)",
    FC + "result = mx.nd.FullyConnected(d, w, b)",
    FC + "result = mx.nd.FullyConnected(d.astype('int32'), w.astype('int32'), b.astype('int32'), num_hidden=2)",
    FC + "result = mx.nd.FullyConnected(d, w, b, num_hidden=2.5)",
    # biases torch's linear would broadcast, a weight of another dtype or inner size: MXNet's errors
    FC + "result = mx.nd.FullyConnected(d, w, mx.nd.ones((1,)), num_hidden=2)",
    FC + "result = mx.nd.FullyConnected(d, w, mx.nd.ones((1, 2)), num_hidden=2)",
    FC + "result = mx.nd.FullyConnected(d, w.astype('float64'), b, num_hidden=2)",
    FC + "result = mx.nd.FullyConnected(d, mx.nd.ones((2, 4)), b, num_hidden=2)",
    grads(FC, "mx.nd.FullyConnected(d, w, b, num_hidden=2)", ["d", "w", "b"]),
    grads(FC, "mx.nd.FullyConnected(d.reshape((2, 1, 3)), w, b, num_hidden=2, flatten=False) * 2", ["d", "w", "b"]),
    grads(FC, "mx.nd.FullyConnected(d, w, num_hidden=2, no_bias=True)", ["d", "w"]),
]

ACTIVATION = [X + R(f"mx.nd.Activation(x, act_type='{a}')") for a in ("relu", "sigmoid", "tanh", "softrelu", "softsign")]
ACTIVATION += [
    X + R("mx.nd.Activation(x.astype('float64'), act_type='tanh')"),
    X + R("mx.nd.Activation(x.astype('float16'), act_type='softsign')"),
    X + R("mx.nd.Activation(x * 10, act_type='softrelu')"),
    X + R("mx.nd.Activation(x, 'sigmoid')"),
    X + "result = mx.nd.Activation(x)",
    X + "result = mx.nd.Activation(x, act_type='gelu')",
    X + "result = mx.nd.Activation(x.astype('int32'), act_type='relu')",
    X + "o = mx.nd.zeros((2, 3)); mx.nd.Activation(x, act_type='relu', out=o); result = o",
]
ACTIVATION += [grads(X, f"mx.nd.Activation(x, act_type='{a}')", ["x"])
               for a in ("relu", "sigmoid", "tanh", "softrelu", "softsign")]

LEAKY = [(XG if a == "gelu" else X) + R(f"mx.nd.LeakyReLU(x, act_type='{a}')") for a in ("leaky", "elu", "selu", "gelu")]
LEAKY += [
    X + R("mx.nd.LeakyReLU(x)"),
    X + R("mx.nd.LeakyReLU(x, slope=0.1)"),
    X + R("mx.nd.LeakyReLU(x, act_type='elu', slope='1.5')"),
    X + R("mx.nd.LeakyReLU(x.astype('float64'), act_type='selu')"),
    X + R("mx.nd.LeakyReLU(x, mx.nd.array([0.1, 0.2, 0.3]), act_type='prelu')"),
    X + R("mx.nd.LeakyReLU(x, gamma=mx.nd.array([0.5]), act_type='prelu')"),
    X + R("mx.nd.LeakyReLU(x, mx.nd.array([[1, 2, 3], [4, 5, 6]]) / 10, act_type='prelu')"),
    V + R("mx.nd.LeakyReLU(v, mx.nd.array([0.1, 0.2, 0.3]), act_type='prelu')"),
    V + R("mx.nd.LeakyReLU(v.reshape((2, 3, 2, 2)), mx.nd.array([0.1, 0.2, 0.3]), act_type='prelu')"),
    X + R("mx.nd.LeakyReLU(x, act_type='rrelu')[0]"),
    X + R("mx.nd.LeakyReLU(x, act_type='rrelu', lower_bound=0.2, upper_bound=0.4)[0]"),
    X + "result = len(mx.nd.LeakyReLU(x, act_type='rrelu'))",
    # predict-mode rrelu backward: head * (x > 0 ? 1 : output), MXNet reading the output as the mask
    # (predict mode: training segfaults MXNet)
    *[case.replace("mx.autograd.record()", "mx.autograd.record(train_mode=False)") for case in (
        grads(X, "mx.nd.LeakyReLU(x, act_type='rrelu')[0] * x", ["x"]),
        grads(V, "mx.nd.LeakyReLU(v, act_type='rrelu', lower_bound=0.2, upper_bound=0.5)[0] * v", ["v"]))],
    X + "result = mx.nd.LeakyReLU(x, act_type='prelu')",
    X + "result = mx.nd.LeakyReLU(x, mx.nd.array([0.1]), act_type='leaky')",
    X + "result = mx.nd.LeakyReLU(x, act_type='relu')",
    X + "result = mx.nd.LeakyReLU(x.astype('int32'))",
    X + "result = mx.nd.LeakyReLU(x, slope='a')",
]
LEAKY += [grads(XG if a == "gelu" else X, f"mx.nd.LeakyReLU(x, act_type='{a}')", ["x"]) for a in ("leaky", "elu", "selu", "gelu")]
LEAKY += [
    grads(X + "g = mx.nd.array([0.1, 0.2, 0.3]); ", "mx.nd.LeakyReLU(x, g, act_type='prelu')", ["x", "g"]),
    grads(X + "g = mx.nd.array([0.25]); ", "mx.nd.LeakyReLU(x, g, act_type='prelu')", ["x", "g"]),
    grads(V + "g = mx.nd.array([0.1, 0.2, 0.3]); ", "mx.nd.LeakyReLU(v, g, act_type='prelu') * v", ["v", "g"]),
    grads(X, "mx.nd.LeakyReLU(x, act_type='elu', slope=0.5) * x", ["x"]),
]

SOFTMAX_ACTIVATION = [
    X + R("mx.nd.SoftmaxActivation(x)"),
    X + R("mx.nd.SoftmaxActivation(x, mode='instance')"),
    V + R("mx.nd.SoftmaxActivation(v)"),
    V + R("mx.nd.SoftmaxActivation(v, mode='channel')"),
    V + R("mx.nd.SoftmaxActivation(v.reshape((2, 3, 2, 2)), mode='channel')"),
    R("mx.nd.SoftmaxActivation(mx.nd.array([1, 2, 3]))"),
    X + "result = mx.nd.SoftmaxActivation(x, mode='channel')",
    X + "result = mx.nd.SoftmaxActivation(x, mode='spatial')",
    grads(X, "mx.nd.SoftmaxActivation(x) * x", ["x"]),
    grads(V, "mx.nd.SoftmaxActivation(v, mode='channel') * v", ["v"]),
    # 'instance' on 3-D+ data: softmax over the last axis, yet the backward sums over axis 1
    grads(V, "mx.nd.SoftmaxActivation(v) * v", ["v"]),
    grads(V, "mx.nd.SoftmaxActivation(v.reshape((2, 3, 2, 2)), mode='instance') * v.reshape((2, 3, 2, 2))", ["v"]),
]

DROPOUT = [
    X + "result = mx.nd.Dropout(x)",
    X + "result = mx.nd.Dropout(x, p=0.9, axes=(0,), cudnn_off=True)",
    X + "result = mx.nd.Dropout(x, cudnn_off=None)",
    X + "result = mx.nd.Dropout(x, p=0, mode='always')",
    X + "result = mx.nd.Dropout(x, p=1, mode='always')",
    X + "r = mx.nd.Dropout(mx.nd.ones((20, 30)), p=0.2, mode='always'); "
        "result = (r.shape, np.dtype(r.dtype).name, bool(np.isin(np.round(r.asnumpy(), 4), [0, 1.25]).all()))",
    X + "r = mx.nd.Dropout(mx.nd.ones((4, 5, 6), dtype='float64'), p=0.5, mode='always', axes=(0, 2)).asnumpy(); "
        "result = (r.dtype.name, bool((r == r[:1, :, :1]).all()), bool(np.isin(r, [0, 2]).all()))",
    X + "r = mx.nd.Dropout(mx.nd.ones((3, 4)), mode='always', axes='(1,)').asnumpy(); result = bool((r == r[:, :1]).all())",
    X + "result = mx.nd.Dropout(x, p=1.5)",
    X + "r = mx.nd.Dropout(mx.nd.ones((8, 8), dtype='float16'), mode='always'); result = (np.dtype(r.dtype).name, np.unique(r.asnumpy()).tolist())",
    X + "result = mx.nd.Dropout(x, p=-0.1, mode='always')",
    X + "result = mx.nd.Dropout(x, mode='foo')",
    X + "result = mx.nd.Dropout(x, axes=(5,), mode='always')",
    X + "result = mx.nd.Dropout(x, axes=(5,))",
    X + "result = mx.nd.Dropout(x, axes=(-1,), mode='always')",
    X + "o = mx.nd.zeros((2, 3)); r = mx.nd.Dropout(x, out=o); result = (r is o, o.asnumpy().tolist())",
    X + "x.attach_grad()\nwith mx.autograd.record(train_mode=False):\n    y = mx.nd.Dropout(x)\ny.backward()\n"
        "result = (y.asnumpy().tolist(), x.grad.asnumpy().tolist())",
    X + "z = mx.nd.ones((10, 10)); z.attach_grad()\nwith mx.autograd.record():\n    y = mx.nd.Dropout(z, p=0.3)\n"
        "y.backward()\nresult = bool(np.allclose(z.grad.asnumpy(), y.asnumpy()))",
]

EMBEDDING = [
    E + R("mx.nd.Embedding(mx.nd.array([[0, 1], [3, 2]]), ew, input_dim=4, output_dim=3)"),
    E + R("mx.nd.Embedding(mx.nd.array([-1, 0.7, 2.9, 5, -0.5]), ew, input_dim=4, output_dim=3)"),
    E + R("mx.nd.Embedding(mx.nd.array([1, 2], dtype='int32'), ew, input_dim=4, output_dim=3)"),
    E + R("mx.nd.Embedding(mx.nd.array([1, 2], dtype='int64'), ew.astype('float64'), input_dim=4, output_dim=3)"),
    E + R("mx.nd.Embedding(mx.nd.array([1, 2]), ew.astype('int32'), input_dim=4, output_dim=3)"),
    E + R("mx.nd.Embedding(mx.nd.array([1, 2]), ew, input_dim=4, output_dim=3, dtype='float64')"),
    E + R("mx.nd.Embedding(mx.nd.array([[[1, 2]]]), ew, input_dim='4', output_dim='3')"),
    E + R("mx.nd.Embedding(data=mx.nd.array([3]), weight=ew, input_dim=4, output_dim=3)"),
    E + "result = mx.nd.Embedding(mx.nd.array([1]), ew, input_dim=3, output_dim=3)",
    E + "result = mx.nd.Embedding(mx.nd.array([1]), ew, input_dim=4, output_dim=2)",
    E + "result = mx.nd.Embedding(mx.nd.array([1]), ew, input_dim=4)",
    E + "result = mx.nd.Embedding(mx.nd.array([1]), ew, input_dim=4, output_dim=3, dtype='foo')",
    E + "o = mx.nd.zeros((2, 3)); mx.nd.Embedding(mx.nd.array([1, 0]), ew, input_dim=4, output_dim=3, out=o); result = o",
    grads(E + "i = mx.nd.array([[0, 2.5], [3, 0]]); ", "mx.nd.Embedding(i, ew, input_dim=4, output_dim=3) * 2", ["ew"]),
]

CASES = FULLY_CONNECTED + ACTIVATION + LEAKY + SOFTMAX_ACTIVATION + DROPOUT + EMBEDDING

DELIBERATE = {
    FC + R("mx.nd.FullyConnected(d.astype('float16'), w.astype('float16'), num_hidden=2, no_bias=True)"):
        "MXNet's CPU FullyConnected has no float16 kernel (cuDNN only) and raises; mxnd computes it",
    grads(X, "mx.nd.LeakyReLU(x, act_type='selu')", ["x"]):
        "MXNet 1.9.1's selu backward takes lambda * (y + alpha) for y <= 0, which is not the derivative "
        "(lambda * alpha * exp(x)); mxnd returns the derivative",
    X + R("mx.nd.SoftmaxActivation(x.astype('float64'))"):
        "MXNet 1.9.1's SoftmaxActivation reads every input as float32 and raises for float64; mxnd computes it",
}
CASES += [case for case in DELIBERATE if case not in CASES]
