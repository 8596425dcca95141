"""csr and row_sparse arrays as autograd variables: attach_grad with each gradient stype and grad_req,
mark_variables, elementwise, scalar, reduction, dot and cast_storage operators mixing sparse and dense
variables, sparse and dense heads with and without head gradients, autograd.grad, detach, and a
sparse optimizer update between two recordings.

Usage: python sparse_autograd.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
UNARY = ["x * 2", "x / 4", "x ** 2", "mx.nd.exp(x)", "mx.nd.square(x)", "mx.nd.abs(x)", "mx.nd.sqrt(mx.nd.abs(x) + 1)",
         "mx.nd.relu(x)", "mx.nd.sigmoid(x)", "mx.nd.sum(x)", "mx.nd.sum(x, axis=0)", "mx.nd.sum(x, axis=1)",
         "mx.nd.mean(x, axis=1)", "x.tostype('default') * 3", "mx.nd.negative(x)", "x + 1", "x - 0.5", "mx.nd.sin(x)",
         "mx.nd.norm(x)", "mx.nd.dot(x, mx.nd.ones((3, 2)))", "mx.nd.dot(x, mx.nd.ones((2, 3)), transpose_a=True)",
         "mx.nd.tanh(x) * mx.nd.tanh(x)", "mx.nd.clip(x, -0.5, 0.5)", "mx.nd.square(x).sum()"]
BINARY = ["x + y", "x - y", "x * y", "mx.nd.elemwise_add(x, y)", "mx.nd.elemwise_mul(x, y)", "mx.nd.broadcast_mul(x, y)",
          "mx.nd.dot(x, y, transpose_b=True)", "mx.nd.dot(x, y, transpose_a=True)", "x * y + x", "mx.nd.maximum(x, y)",
          "mx.nd.sparse.add(x, y)", "mx.nd.sparse.multiply(x, y)", "mx.nd.add_n(x, y, x)"]


def matrix():
    return [[random.choice([0, 0, round(random.uniform(-2, 2), 2)]) for _ in range(3)] for _ in range(2)]


def array(name, stype):
    conv = "" if stype == "default" else f".tostype('{stype}')"
    return f"{name} = mx.nd.array({matrix()}){conv}"


lines = []
for _ in range(int(sys.argv[2])):
    sx, sy = random.choice(["csr", "row_sparse"]), random.choice(["csr", "row_sparse", "default"])
    gx = random.choice(["None", "None", "'default'", "'csr'", "'row_sparse'"])
    req = random.choice(["'write'", "'write'", "'add'", "'null'"])
    pre = f"{array('x', sx)};; {array('y', sy)};; x.attach_grad(grad_req={req}, stype={gx});; y.attach_grad()"
    kind = random.random()
    f = random.choice(UNARY) if kind < 0.45 else random.choice(BINARY)
    head = random.choice(["None", "None", "mx.nd.ones_like(z) * 2", "mx.nd.ones_like(z).tostype(z.stype)"])
    if kind < 0.75:
        reps = random.choice([1, 1, 2])
        body = (f"exec('with mx.autograd.record():\\n    z = {f}');; "
                + ";; ".join([f"z.backward(out_grad={head}, retain_graph=True)"] * reps)
                + ";; R = [z, z.stype, x.grad, x.grad.stype, y.grad]")
    elif kind < 0.9:
        body = (f"exec('with mx.autograd.record():\\n    z = {f}');; "
                f"g = mx.autograd.grad(z, [x, y], retain_graph=True);; R = [z, g, x.grad, x.detach().stype]")
    else:
        body = (f"exec('with mx.autograd.record():\\n    z = {f}');; z.backward();; "
                f"mx.nd.sgd_update(x, x.grad, lr=0.5, out=x) if x.grad.stype == x.stype else None;; "
                f"exec('with mx.autograd.record():\\n    w = {f}');; w.backward();; R = [x, w, x.grad]")
    lines.append(f"!{pre};; {body}")
print('\n'.join(lines))
