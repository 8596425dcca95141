"""Cases of integer arrays as autograd variables (src/mxnd/integer_variables.py), recorded from MXNet 1.9.1.

Each case makes ``x`` (and ``z``) integer variables, records ``y = <expression>`` and runs
``y.backward()``; the result is ``[y, x.grad]`` (and ``z.grad``): MXNet differentiates integers in
their own dtype, and mxnd's float64 gradients truncated to it agree on these. (MXNet 1.9.1's
``sort`` and int32 ``topk`` backward raise for integers of some shapes: tests/test_integer_autograd.py;
an ``Embedding`` data variable: docs/differences.md.)
"""

X = "[[3, -1, 4], [1, -5, 9]]"
Z = "[[2, 7, 1], [8, -2, 8]]"


def _case(expression, dtype="int32", head="", extra=""):
    return (f"x = mx.nd.array({X}, dtype='{dtype}'); z = mx.nd.array({Z}, dtype='{dtype}')\n"
            f"x.attach_grad(); z.attach_grad()\n{extra}"
            f"with mx.autograd.record():\n    y = {expression}\n"
            f"y.backward({head})\nresult = [y, x.grad, z.grad]")


EXPRESSIONS = [
    "x * 2", "x + 3", "x - z", "x * z", "x * x", "x / 2", "2 - x", "-x", "x ** 2",
    "x + z * 3", "(x * 3).sum()", "x.sum(axis=1)", "x.sum(axis=0, keepdims=True)", "x.max(axis=1)",
    "x.min()", "mx.nd.square(x)", "mx.nd.abs(x)", "mx.nd.negative(x)", "mx.nd.maximum(x, z)",
    "mx.nd.minimum(x, z)", "mx.nd.clip(x, -2, 5)", "mx.nd.exp(mx.nd.clip(x, -1, 3))",
    "mx.nd.broadcast_mul(x, z[0:1])", "mx.nd.broadcast_add(x, z[:, 0:1])", "x.reshape((3, 2))",
    "x.T", "mx.nd.transpose(x)", "mx.nd.expand_dims(x, axis=1)", "x.flatten()", "x[1]", "x[:, 1:]",
    "x[0, 2]", "x[:, ::2]", "mx.nd.concat(x, z, dim=0)", "mx.nd.stack(x, z)", "mx.nd.tile(x, (2, 1))",
    "mx.nd.repeat(x, 2, axis=1)", "mx.nd.broadcast_to(x[0:1], (3, 3))", "mx.nd.slice_axis(x, axis=1, begin=1, end=3)",
    "mx.nd.where(x > 0, x, z)",
    "mx.nd.sort(x, axis=1)", "mx.nd.reverse(x, axis=1)",
    "mx.nd.pick(x, mx.nd.array([2, 0]), axis=1)", "mx.nd.take(x, mx.nd.array([1, 0, 1]))",
    "mx.nd.contrib.boolean_mask(x, mx.nd.array([0, 1]))", "x.astype('float32') * 1.5",
    "x.astype('int64') * 2", "mx.nd.cast(x, 'float64') / 4", "(x * z).mean()", "mx.nd.flip(x, axis=0)",
    "mx.nd.split(x, num_outputs=3, axis=1)[1]", "mx.nd.relu(x)", "mx.nd.sign(x) * x",
    "mx.nd.elemwise_add(x, z)", "mx.nd.elemwise_mul(x, z)", "mx.nd.add_n(x, z, x)", "x.prod(axis=1)",
    "(x.astype('float32') ** 2).sum()", "mx.nd.gather_nd(x, mx.nd.array([[1, 0], [2, 1]]))",
    "mx.nd.one_hot(mx.nd.array([0, 2]), 3).astype('int32') * x",
    # each integer result's gradient is an integer: (x / 2)'s is 4, then 4 / 2 = 2 (not 4 * 0.5 truncated)
    "(x / 2) * 4", "(x / 3) * 7 + x", "(x * 0.5) * 4", "mx.nd.sigmoid(x)",
]

CASES = [_case(e) for e in EXPRESSIONS] + [
    _case(e, "int64") for e in ("x * z", "x.sum()", "mx.nd.topk(x, k=2, ret_typ='value')", "x[:, 1:] * 3")
] + [
    _case(e, "int8") for e in ("x * 2", "x + z")
] + [
    _case("x * z", head="mx.nd.array([[1, 2, 3], [4, 5, 6]], dtype='int32')"),
    _case("x.sum(axis=1)", head="mx.nd.array([3, -2], dtype='int32')"),
    # a float variable and an integer one in one graph
    "w = mx.nd.array([[0.5, 1.5, -2.0], [1.0, 0.25, 3.0]]); x = mx.nd.array([[3, -1, 4], [1, -5, 9]], dtype='int32')\n"
    "w.attach_grad(); x.attach_grad()\nwith mx.autograd.record():\n    y = (w * x.astype('float32')).sum()\n"
    "y.backward()\nresult = [y, w.grad, x.grad]",
    # indices are not differentiated: an integer variable as take's indices gets zeros
    "w = mx.nd.array([[0.5, 1.5], [-2.0, 1.0], [0.25, 3.0]]); i = mx.nd.array([2, 0, 2], dtype='int32')\n"
    "w.attach_grad(); i.attach_grad()\nwith mx.autograd.record():\n    y = mx.nd.take(w, i) * 2\n"
    "y.backward()\nresult = [y, w.grad, i.grad]",
    # grad_req='add' accumulates integer gradients
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad(grad_req='add')\n"
    "for _ in range(3):\n    with mx.autograd.record():\n        y = x * x\n    y.backward()\nresult = x.grad",
    # autograd.grad returns the gradient in the variable's dtype
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad()\n"
    "with mx.autograd.record():\n    y = x * x + x\nresult = mx.autograd.grad(y, [x])",
    # the variable's values written outside record() are what the next recording differentiates at
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad()\nx[:] = 5\nx[0] = 7\n"
    "with mx.autograd.record():\n    y = x * x\ny.backward()\nresult = [y, x.grad]",
    # writes inside record()
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad()\n"
    "with mx.autograd.record():\n    x += 1\nresult = x",
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad()\n"
    "with mx.autograd.record():\n    x[1] = 5\nresult = x",
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad(); a = mx.nd.zeros((2, 3), dtype='int32')\n"
    "with mx.autograd.record():\n    a[1] = x * 2\nresult = a",
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad(); a = mx.nd.zeros((3,), dtype='int32')\n"
    "with mx.autograd.record():\n    a[:] = x * 2\n    y = a * 3\ny.backward()\nresult = [a, y, x.grad]",
    # nothing recorded: outside record(), integer variables compute as plain arrays
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad()\ny = x * 2\nresult = [y, x.grad]",
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad()\ny = x * 2\ny.backward()\nresult = y",
    # csr and row_sparse integer variables
    *[f"x = mx.nd.array([[1, 0, 3], [0, 2, 0]], dtype='int32').tostype('{stype}'); x.attach_grad({grad})\n"
      f"with mx.autograd.record():\n    y = {expression}\ny.backward()\nresult = [y, x.grad]"
      for stype in ("csr", "row_sparse") for grad in ("",)  # with stype='default', MXNet's backward fails
      for expression in ("x * 2", "x.tostype('default') * x.tostype('default')", "mx.nd.sum(x)", "x + x")],
    # grad_req='null': no gradient
    "x = mx.nd.array([1, 2, 3], dtype='int32'); x.attach_grad(grad_req='null')\n"
    "with mx.autograd.record():\n    y = x * 2\ny.backward()\nresult = x.grad",
]
