"""mx.operator.CustomOp / CustomOpProp through mx.nd.Custom: forward and backward with every
grad_req, several inputs and outputs, need_top_grad, infer_type, kwargs passed as strings, and the
registration and argument errors.

Usage: python custom_ops.py SEED COUNT > expressions.txt (see ../README.md; use --numeric)."""
import random, sys
random.seed(int(sys.argv[1]))
DEFINE = (
    "exec('''\\n"
    "class Op(mx.operator.CustomOp):\\n"
    "    def __init__(self, scale):\\n"
    "        self.scale = scale\\n"
    "    def forward(self, is_train, req, in_data, out_data, aux):\\n"
    "        self.assign(out_data[0], req[0], in_data[0] * in_data[1] * self.scale)\\n"
    "        if len(out_data) > 1:\\n"
    "            self.assign(out_data[1], req[1], in_data[0] + {shift})\\n"
    "    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):\\n"
    "        self.assign(in_grad[0], req[0], out_grad[0] * in_data[1] * self.scale)\\n"
    "        self.assign(in_grad[1], req[1], out_grad[0] * in_data[0] * self.scale)\\n"
    "@mx.operator.register(NAME)\\n"
    "class Prop(mx.operator.CustomOpProp):\\n"
    "    def __init__(self, scale='1', two='0'):\\n"
    "        super().__init__(need_top_grad={need_top})\\n"
    "        self.scale, self.two = float(scale), two == 'True'\\n"
    "    def list_arguments(self):\\n"
    "        return ['a', 'b']\\n"
    "    def list_outputs(self):\\n"
    "        return ['out', 'plus'] if self.two else ['out']\\n"
    "    def infer_shape(self, in_shape):\\n"
    "        return in_shape, [in_shape[0]] * (2 if self.two else 1), []\\n"
    "    def create_operator(self, ctx, shapes, dtypes):\\n"
    "        return Op(self.scale)\\n"
    "''')")
lines = []
for i in range(int(sys.argv[2])):
    name = f'"op{random.randint(0, 10**9)}"' 
    define = DEFINE.replace("{shift}", str(random.choice([0, 1.5]))).replace("{need_top}", "True").replace("NAME", name)
    shape = random.choice(["(2, 3)", "(4,)", "(1, 2, 2)"])
    dt = random.choice(["'float32'", "'float64'"])
    reqs = [random.choice(["'write'", "'add'", "'null'"]) for _ in range(2)]
    scale = random.choice(["2", "0.5", '"3"'])
    two = random.choice(["True", "False"])
    call = f"mx.nd.Custom(a, b, op_type={name}, scale={scale}, two={two})"
    again = random.choice(["z2 = None", "exec('with mx.autograd.record():\\n    w = " + call + "\\nw = w[0] if isinstance(w, list) else w\\nw.backward()')"])
    k = random.random()
    if k < 0.6:
        body = (f"a = mx.nd.array(np.random.RandomState({i}).uniform(-1, 1, {shape}), dtype={dt});; b = a * 2 + 1;; "
                f"a.attach_grad(grad_req={reqs[0]});; b.attach_grad(grad_req={reqs[1]});; "
                f"exec('with mx.autograd.record():\\n    y = {call}\\n    y = y if isinstance(y, list) else [y]\\n    z = (y[0] * 3).sum()');; "
                f"z.backward();; {again};; "
                f"R = [y, a.grad, b.grad]")
    elif k < 0.8:
        body = f"a = mx.nd.ones({shape});; b = a * 2;; R = {call}"
    else:
        body = random.choice([f"a = mx.nd.ones((2,));; R = mx.nd.Custom(a, op_type={name})",
                              "a = mx.nd.ones((2,));; R = mx.nd.Custom(a, a, op_type='never_registered')",
                              f"a = mx.nd.ones((2,));; R = mx.nd.Custom(a, mx.nd.ones((3,)), op_type={name})",
                              f"a = mx.nd.ones((2,));; R = mx.nd.Custom(a, a, op_type={name}, bogus=1)",
                              "a = mx.nd.ones((2,));; R = mx.nd.Custom(a, a)",
                              "R = sorted(mx.operator.get_all_registered_operators())[:0]"])
    lines.append(f"!{define};; {body}")
print('\n'.join(lines))
