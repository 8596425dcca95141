"""Cases of the attention family: contrib.interleaved_matmul_{selfatt,encdec}_{qk,valatt}.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's result into attention.json. Float results are rounded to 4 decimals with numpy
in the case itself (MXNet runs these operators in float32 only on CPU).
"""

C = "c = mx.nd.contrib; rs = np.random.RandomState(3); "
QKV = C + "qkv = mx.nd.array(rs.uniform(-1, 1, (3, 2, 12))); att = mx.nd.array(rs.uniform(0, 1, (4, 3, 3))); "
ED = C + ("q = mx.nd.array(rs.uniform(-1, 1, (4, 2, 6))); kv = mx.nd.array(rs.uniform(-1, 1, (3, 2, 12))); "
          "att = mx.nd.array(rs.uniform(0, 1, (6, 4, 3))); ")
R = "result = np.round({}.asnumpy(), 4).tolist()"


def _grad(setup, call, inputs):
    """Gradients of sum(y * w) for a fixed ramp w, rounded."""
    attach = "; ".join(f"{name}.attach_grad()" for name in inputs)
    return (setup + attach + "\nwith mx.autograd.record():\n    y = " + call +
            "\n    l = (y * mx.nd.array(np.linspace(-1, 1, y.size).reshape(y.shape))).sum()\n"
            "l.backward()\nresult = [np.round(y.asnumpy(), 4).tolist()] + "
            "[np.round(a.grad.asnumpy(), 4).tolist() for a in [" + ", ".join(inputs) + "]]")


CASES = [
    # values, heads 1/2/3 (head_dim 4, 2, ...)
    QKV + R.format("c.interleaved_matmul_selfatt_qk(qkv, heads=2)"),
    QKV + R.format("c.interleaved_matmul_selfatt_qk(qkv, heads=1)"),
    QKV + R.format("c.interleaved_matmul_selfatt_qk(qkv, heads=4)"),
    QKV + R.format("c.interleaved_matmul_selfatt_qk(queries_keys_values=qkv, heads='2')"),
    QKV + R.format("c.interleaved_matmul_selfatt_valatt(qkv, att, heads=2)"),
    QKV + R.format("c.interleaved_matmul_selfatt_valatt(qkv, mx.nd.array(rs.uniform(0, 1, (2, 3, 3))), heads=1)"),
    ED + R.format("c.interleaved_matmul_encdec_qk(q, kv, heads=3)"),
    ED + R.format("c.interleaved_matmul_encdec_qk(q, kv, heads=1)"),
    ED + R.format("c.interleaved_matmul_encdec_valatt(kv, att, heads=3)"),
    ED + R.format("c.interleaved_matmul_encdec_valatt(kv, mx.nd.array(rs.uniform(0, 1, (2, 4, 3))), heads=1)"),
    QKV + "result = c.interleaved_matmul_selfatt_qk(qkv, heads=2).shape",
    ED + "result = c.interleaved_matmul_encdec_valatt(kv, att, heads=3).shape",
    QKV + "o = mx.nd.zeros((4, 3, 3)); r_ = c.interleaved_matmul_selfatt_qk(qkv, heads=2, out=o); "
          "result = (r_ is o, np.round(o.asnumpy(), 4).tolist())",
    # gradients
    _grad(QKV, "c.interleaved_matmul_selfatt_qk(qkv, heads=2)", ["qkv"]),
    _grad(QKV, "c.interleaved_matmul_selfatt_valatt(qkv, att, heads=2)", ["qkv", "att"]),
    _grad(ED, "c.interleaved_matmul_encdec_qk(q, kv, heads=3)", ["q", "kv"]),
    _grad(ED, "c.interleaved_matmul_encdec_valatt(kv, att, heads=3)", ["kv", "att"]),
    # errors
    "mx.nd.contrib.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 12, 1)), heads=1)",
    "mx.nd.contrib.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 12)))",
    "mx.nd.contrib.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 12)), heads=-1)",
    "mx.nd.contrib.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 12), dtype='int32'), heads=2).asnumpy()",
    "mx.nd.contrib.interleaved_matmul_selfatt_qk(mx.nd.ones((0, 2, 12)), heads=2).asnumpy()",
    "mx.nd.contrib.interleaved_matmul_selfatt_valatt(mx.nd.ones((3, 2, 12)), mx.nd.ones((4, 3, 2)), heads=2)",
    "mx.nd.contrib.interleaved_matmul_selfatt_valatt(mx.nd.ones((3, 2, 12)), mx.nd.ones((4, 3, 3, 1)), heads=2)",
    "mx.nd.contrib.interleaved_matmul_selfatt_valatt(mx.nd.ones((3, 2, 13)), mx.nd.ones((4, 3, 3)), heads=2)",
    "mx.nd.contrib.interleaved_matmul_selfatt_valatt(mx.nd.ones((3, 2, 12)), "
    "mx.nd.ones((4, 3, 3), dtype='float64'), heads=2)",
    "mx.nd.contrib.interleaved_matmul_encdec_qk(mx.nd.ones((5, 2, 4)), mx.nd.ones((3, 2, 6)), heads=2)",
    "mx.nd.contrib.interleaved_matmul_encdec_qk(mx.nd.ones((5, 2, 4)), mx.nd.ones((3, 3, 8)), heads=2)",
    "mx.nd.contrib.interleaved_matmul_encdec_qk(mx.nd.ones((5, 2, 4, 1)), mx.nd.ones((3, 2, 8)), heads=2)",
    "mx.nd.contrib.interleaved_matmul_encdec_valatt(mx.nd.ones((3, 2, 8)), mx.nd.ones((4, 5, 4)), heads=2)",
    "mx.nd.contrib.interleaved_matmul_encdec_valatt(mx.nd.ones((3, 2, 8)), mx.nd.ones((2, 5, 3)), heads=2)",
]
