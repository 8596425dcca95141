"""mx.autograd's API around the gradients: grad_req write/add/null, repeated backward, retain_graph,
autograd.grad with head grads and second order, mark_variables, pause/train_mode/predict_mode
scopes, detach/stop_gradient, custom Functions, in-place writes while recording, and the errors.

Usage: python autograd_api.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
FUNCS = ["x * x", "mx.nd.exp(x)", "mx.nd.sum(x * 3)", "x.sum(axis=0)", "mx.nd.sigmoid(x) * 2", "(x ** 3).mean()",
         "mx.nd.dot(x, x.T)", "mx.nd.relu(x - 0.5)", "mx.nd.stop_gradient(x) * x", "x.detach() * x", "mx.nd.BlockGrad(x * 2) + x",
         "mx.nd.Dropout(x, p=0.5) * 0 + x", "x[0] * 2", "x[:, 1:] + 1", "mx.nd.take(x, mx.nd.array([1, 0]))", "x.reshape((-1,)) * 2",
         "mx.nd.log_softmax(x, axis=-1)", "mx.nd.norm(x)", "mx.nd.where(x > 1, x, -x)", "mx.nd.tanh(x).sum()"]
lines = []
for _ in range(int(sys.argv[2])):
    vals = [[round(random.uniform(-2, 2), 2) for _ in range(3)] for _ in range(2)]
    f = random.choice(FUNCS)
    req = random.choice(["'write'", "'add'", "'null'", "'bad'"])
    kind = random.random()
    pre = f"x = mx.nd.array({vals});; x.attach_grad(grad_req={req})"
    if kind < 0.25:
        n = random.randint(1, 3)
        retain = random.choice(["True", "False"])
        head = random.choice(["None", "mx.nd.ones_like(y) * 2", "mx.nd.ones((7,))"])
        body = (f"exec('with mx.autograd.record():\\n    y = {f}');; "
                + ";; ".join([f"y.backward(out_grad={head}, retain_graph={retain})"] * n) + ";; R = [y, x.grad]")
    elif kind < 0.45:
        create = random.choice(["True", "False"])
        body = (f"exec('with mx.autograd.record():\\n    y = {f}\\n    g = mx.autograd.grad(y, [x], head_grads={random.choice(['None', 'mx.nd.ones_like(y)'])}, "
                f"create_graph={create}, retain_graph={random.choice(['None', 'True'])})[0]\\n    z = (g * g).sum()');; "
                f"{random.choice(['z.backward()', 'g.backward()', 'pass'])};; R = [g, x.grad, z]")
    elif kind < 0.6:
        body = (f"g = mx.nd.zeros_like(x);; mx.autograd.mark_variables([x], [g], grad_reqs={req});; "
                f"exec('with mx.autograd.record():\\n    y = {f}');; y.backward();; {random.choice(['y.backward()', 'pass'])};; R = [g, x.grad]")
    elif kind < 0.75:
        scope = random.choice(["mx.autograd.record(train_mode=False)", "mx.autograd.record()", "mx.autograd.pause()",
                               "mx.autograd.train_mode()", "mx.autograd.predict_mode()", "mx.autograd.pause(train_mode=True)"])
        body = (f"exec('with {scope}:\\n    y = {f}\\n    s = (mx.autograd.is_recording(), mx.autograd.is_training())');; "
                f"r = None;; exec('try:\\n    y.backward()\\n    r = x.grad\\nexcept Exception as e:\\n    r = type(e).__name__');; R = [y, s, r]")
    elif kind < 0.88:
        op = random.choice(["x += 1", "x[0] = 5", "x[:] = x * 2", "y += 1", "y[0] = 3", "x.copyto(y) if y.shape == x.shape else None",
                            "mx.nd.elemwise_add(x, x, out=x)", "x.attach_grad()"])
        body = (f"exec('with mx.autograd.record():\\n    y = {f}\\n    {op}\\n    w = (y * 2).sum()');; "
                f"w.backward();; R = [y, w, x.grad]")
    else:
        body = ("exec('class Sq(mx.autograd.Function):\\n    def forward(self, a):\\n        self.save_for_backward(a)\\n        return a * a\\n"
                "    def backward(self, dy):\\n        a, = self.saved_tensors\\n        return dy * 2 * a\\n');; "
                f"exec('with mx.autograd.record():\\n    y = Sq()({f if random.random() < 0.5 else 'x'})\\n    w = y.sum()');; w.backward();; R = [y, x.grad]")
    lines.append(f"!{pre};; {body}")
print('\n'.join(lines))
