"""Short training programs that mix the areas the other generators test one at a time, the way
MXNet 1.x imperative user code does: fixed-value arrays and parameters with attach_grad, a
``net(x)`` function composing operators (FullyConnected, Convolution, Pooling, BatchNorm with
moving statistics, activations, broadcast/dot/reshape/slice/take/pick/one_hot/where/clip/reductions,
stop_gradient), one or two ``autograd.record()`` iterations with a loss and a backward (head
gradients, retain_graph, grad_req='add'), an update (optimizer + updater, the update operators
with out=, or in-place arithmetic), then evaluation, metrics, casts, copies and slice writes.
Every intermediate value goes into ``R``: arrays copied, scalars (metric values, asscalar) as
float arrays so that ``--numeric`` compares them with its tolerance.

Random values are fixed lists drawn here (MXNet's and mxnd's random streams differ).
Usage: python programs.py SEED COUNT > expressions.txt (see ../README.md)."""
import math
import random
import sys

random.seed(int(sys.argv[1]))


def nested(shape, draw):
    """A nested list of ``shape`` whose leaves come from ``draw()``."""
    if not shape:
        return draw()
    return [nested(shape[1:], draw) for _ in range(shape[0])]


def floats(shape, low=-1.0, high=1.0):
    return nested(shape, lambda: round(random.uniform(low, high), 2))


def ints(shape, high):
    return nested(shape, lambda: random.randrange(high))


class Program:
    """Collects the statements of one program while the layers below describe ``net(x)``.

    ``setup`` runs first (arrays, parameters, optimizer states), ``net`` is the body of
    ``def net(x)`` (one ``h = ...`` line per layer), ``shape`` is h's current shape as MXNet
    will compute it, so every layer can pick parameters that fit."""

    def __init__(self, dtype):
        self.dtype = dtype
        self.setup, self.net = [], []
        self.params, self.moving = [], []  # names of trained parameters / BatchNorm statistics
        self.biases = []  # the trained biases of FullyConnected and Convolution layers
        self.count = 0
        self.shape = None

    def name(self, prefix):
        self.count += 1
        return f"{prefix}{self.count}"

    def array(self, values):
        return f"mx.nd.array({values}, dtype='{self.dtype}')"

    def const(self, shape, low=-1.0, high=1.0, prefix="c"):
        name = self.name(prefix)
        self.setup.append(f"{name} = {self.array(floats(shape, low, high))}")
        return name

    def index(self, shape, high, prefix="i"):
        name = self.name(prefix)
        self.setup.append(f"{name} = {self.array(ints(shape, high))}")
        return name

    def param(self, shape, prefix="w", low=-1.0, high=1.0, frozen=True):
        """A parameter; grad_req is usually 'write', sometimes 'add' (accumulated over the
        iterations) and, where ``frozen`` allows, rarely 'null' (then neither read nor updated)."""
        name = self.const(shape, low, high, prefix)
        req = random.choices(["write", "add", "null"], [8, 3, 1 if frozen else 0])[0]
        self.setup.append(f"{name}.attach_grad(grad_req='{req}')" if req != "write" or random.random() < 0.5
                          else f"{name}.attach_grad()")
        if req != "null":
            self.params.append(name)
        return name

    def bias(self, shape):
        name = self.param(shape, "b")
        self.biases.append(name)
        return name

    def layer(self, expr, shape):
        self.net.append(f"h = {expr}")
        self.shape = tuple(shape)


# ---------------------------------------------------------------- layers of a 2-D h (rows, cols)

def fully_connected(p):
    n, c = p.shape
    hidden = random.randint(2, 5)
    w = p.param((hidden, c), frozen=False)  # frozen weight + trained bias: see README (oneDNN)
    if random.random() < 0.2:
        p.layer(f"mx.nd.FullyConnected(h, {w}, num_hidden={hidden}, no_bias=True)", (n, hidden))
    else:
        p.layer(f"mx.nd.FullyConnected(h, {w}, {p.bias((hidden,))}, num_hidden={hidden})", (n, hidden))


def activation(p):
    p.layer(random.choice([
        f"mx.nd.Activation(h, act_type='{random.choice(['relu', 'sigmoid', 'tanh', 'softrelu', 'softsign'])}')",
        "mx.nd.LeakyReLU(h, act_type='leaky', slope=0.1)", "mx.nd.LeakyReLU(h, act_type='elu')",
        "mx.nd.relu(h)", "h.sigmoid()", "mx.nd.tanh(h)", "mx.nd.softmax(h, axis=-1)", "mx.nd.log_softmax(h)",
        "mx.nd.softmax(h, axis=0, temperature=2.0)", "mx.nd.square(h)", "mx.nd.abs(h) + 0.5",
        "mx.nd.clip(h, -0.5, 0.5)", "mx.nd.where(h > 0, h, h * 0.1)", "mx.nd.Dropout(h, p=0)",
        "mx.nd.Dropout(h, p=0.0, axes=(0,))"]), p.shape)


def batch_norm(p):
    """BatchNorm over axis 1; in record() it normalizes by the batch and updates the moving
    statistics in place, which the program reads back after training."""
    c = p.shape[1]
    opts = random.choice(["", ", fix_gamma=False", ", fix_gamma=False, momentum=0.5", ", eps=1e-3",
                          ", use_global_stats=True", ", fix_gamma=False, eps=0.01, momentum=0.0"])
    if "fix_gamma=False" in opts:
        gamma = p.param((c,), "g", 0.5, 1.5)
    else:  # a fixed gamma is ones, untrained, as Gluon makes it (MXNet writes 1 into it: docs/differences.md)
        gamma = p.name("g")
        p.setup.append(f"{gamma} = mx.nd.ones(({c},), dtype='{p.dtype}')")
    beta = p.param((c,), "be")
    # BatchNorm cancels a constant per channel, so the biases before it have a gradient of rounding
    # noise only, which adam/rmsprop would blow up: they are left untrained and unread
    p.params = [q for q in p.params if q not in p.biases]
    mean, var = p.const((c,), -0.2, 0.2, "mm"), p.const((c,), 0.5, 1.5, "mv")
    p.moving += [mean, var]
    p.layer(f"mx.nd.BatchNorm(h, {gamma}, {beta}, {mean}, {var}{opts})", p.shape)


def broadcast(p):
    n, c = p.shape
    op = random.choice(["add", "sub", "mul", "div", "maximum", "minimum"])
    low = 0.5 if op == "div" else -1.0
    other = random.choice([lambda: p.param((1, c), "s", low, 1.5), lambda: p.const((n, 1), low, 1.5)])()
    p.layer(random.choice([f"mx.nd.broadcast_{op}(h, {other})", f"mx.nd.broadcast_{op}({other}, h)"]), p.shape)


def dot(p):
    n, c = p.shape
    k = random.randint(1, 4)
    if random.random() < 0.5:
        p.layer(f"mx.nd.dot(h, {p.param((c, k), 'd')})", (n, k))
    else:
        p.layer(f"mx.nd.dot(h, {p.param((k, c), 'd')}, transpose_b=True)", (n, k))


def batch_dot(p):
    n, c = p.shape
    if random.random() < 0.5:
        p.layer("mx.nd.batch_dot(h.expand_dims(2), h.expand_dims(1)).sum(axis=2)", (n, c))
    else:
        k = random.randint(1, 3)
        p.layer(f"mx.nd.batch_dot(h.reshape((0, 1, -1)), {p.const((n, c, k))}).reshape((0, -1))", (n, k))


def reshape(p):
    """Round trips through MXNet's special reshape codes (0 copy, -1 infer, -2 rest, -3 merge,
    -4 split), the reverse flag and the operator form; the last one changes the row count."""
    n, c = p.shape
    choices = [("h.reshape((0, -1))", (n, c)), ("h.reshape((-1, 0))", (n, c)), ("h.reshape((-2,))", (n, c)),
               ("h.reshape((-3,)).reshape((-4, %d, -1))" % n, (n, c)), ("h.reshape((0, -1), reverse=True)", (n, c)),
               ("mx.nd.reshape(h, shape=(-1, %d))" % c, (n, c)), ("h.reshape((%d, %d))" % (c, n), (c, n)),
               ("h.reshape((0, 1, -1)).reshape((-3, -2))", (n, c)), ("h.reshape(%d, -1)" % n, (n, c))]
    divisors = [d for d in range(2, c) if c % d == 0]
    if divisors:
        choices.append(("h.reshape((0, -4, -1, %d)).reshape((0, -3))" % random.choice(divisors), (n, c)))
    p.layer(*random.choice(choices))


def transpose(p):
    n, c = p.shape
    p.layer(*random.choice([("h.T", (c, n)), ("mx.nd.transpose(h)", (c, n)),
                            ("mx.nd.transpose(h.reshape((0, 1, -1)), axes=(1, 0, 2)).reshape((-3, 0))", (n, c)),
                            ("mx.nd.swapaxes(h, 0, 1)", (c, n))]))


def join(p):
    n, c = p.shape
    choices = [("mx.nd.concat(h, h * 2, dim=1)", (n, 2 * c)), ("mx.nd.concat(h, -h, dim=0)", (2 * n, c)),
               ("mx.nd.stack(h, h + 1, axis=1).reshape((0, -3))", (n, 2 * c)), ("mx.nd.stack(h, -h).sum(axis=0)", (n, c)),
               ("mx.nd.add_n(h, h, h * 0.5)", (n, c))]
    if c % 2 == 0:
        choices += [("mx.nd.concat(*mx.nd.split(h, num_outputs=2, axis=1)[::-1], dim=1)", (n, c)),
                    ("mx.nd.split(h, num_outputs=2, axis=1)[1]", (n, c // 2))]
    if n > 1:
        choices.append(("mx.nd.split(h, num_outputs=%d, axis=0, squeeze_axis=True)[0].reshape((1, -1))" % n, (1, c)))
    p.layer(*random.choice(choices))


def select(p):
    """slice / slice_axis / basic indexing / take / pick / one_hot masks of h (the choices are
    lambdas so that only the chosen one adds its index arrays to the setup)."""
    n, c = p.shape
    lo = random.randrange(c)
    hi = random.randint(lo + 1, c)
    k = random.randint(1, 3)
    choices = [
        lambda: (f"mx.nd.slice(h, begin=(None, {lo}), end=(None, {hi}))", (n, hi - lo)),
        lambda: (f"mx.nd.slice_axis(h, axis=1, begin={lo}, end={hi})", (n, hi - lo)),
        lambda: ("mx.nd.slice(h, begin=(None, None), end=(None, None), step=(1, -1))", (n, c)),
        lambda: (f"h[:, {lo}:{hi}]", (n, hi - lo)), lambda: (random.choice(["h[::-1]", "h[:]"]), (n, c)),
        lambda: (f"mx.nd.take(h, {p.index((k,), n)})", (k, c)),
        lambda: (f"mx.nd.take(h, {p.index((k,), c)}, axis=1)", (n, k)),
        lambda: (f"mx.nd.take(h, {p.array(ints((k,), n + 2))}, mode='{random.choice(['clip', 'wrap'])}')", (k, c)),
        lambda: (f"mx.nd.pick(h, {p.index((n,), c)}, axis=1, keepdims=True)", (n, 1)),
        lambda: (f"h.pick({p.index((c,), n)}, axis=0).reshape((1, -1))", (1, c)),
        lambda: (f"h * mx.nd.one_hot({p.index((n,), c)}, {c}, dtype='{p.dtype}')", (n, c)),
        lambda: (f"mx.nd.where({p.array(ints((n, c), 2))}, h, {p.const((n, c))})", (n, c)),
    ]
    p.layer(*random.choice(choices)())


def reduce(p):
    """A reduction along an axis (keepdims, exclude), or one that h is normalized by."""
    n, c = p.shape
    op = random.choice(["sum", "mean", "max", "min", "prod", "nansum"])
    p.layer(*random.choice([(f"mx.nd.{op}(h, axis=1, keepdims=True)", (n, 1)), (f"h.{op}(axis=0, keepdims=True)", (1, c)),
                            (f"mx.nd.{op}(h, axis=0, exclude=True, keepdims=True)", (n, 1)),
                            (f"h.{op}(axis=-1).reshape((-1, 1))", (n, 1)),
                            (f"mx.nd.broadcast_sub(h, h.{op}(axis=1, keepdims=True))", (n, c)),
                            ("h / mx.nd.norm(h, axis=1, keepdims=True)", (n, c))]))


def no_gradient(p):
    p.layer(random.choice(["h + mx.nd.stop_gradient(h) * 0.5", "h * h.detach()", "mx.nd.BlockGrad(h) + h",
                           "h - h.detach().mean(axis=1, keepdims=True)"]), p.shape)


def layer_norm(p):
    c = p.shape[1]
    p.layer(f"mx.nd.LayerNorm(h, {p.param((c,), 'g', 0.5, 1.5)}, {p.param((c,), 'be')}{random.choice(['', ', eps=0.01'])})",
            p.shape)


def prelu(p):
    p.layer(f"mx.nd.LeakyReLU(h, {p.param((p.shape[1],), 'a', 0.0, 0.5)}, act_type='prelu')", p.shape)


def copies_of(p):
    """tile / repeat / flip / expand_dims+squeeze: copies and views of h in the graph."""
    n, c = p.shape
    p.layer(*random.choice([("mx.nd.tile(h, reps=(1, 2))", (n, 2 * c)), ("mx.nd.repeat(h, repeats=2, axis=0)", (2 * n, c)),
                            ("mx.nd.flip(h, axis=1)", (n, c)), ("h.expand_dims(0).squeeze(axis=0)", (n, c)),
                            ("mx.nd.broadcast_to(h.reshape((0, 1, -1)), (%d, 2, %d)).reshape((0, -3))" % (n, c), (n, 2 * c))]))


LAYERS_2D = [activation, batch_norm, broadcast, dot, batch_dot, reshape, transpose, join, select, reduce, no_gradient,
             fully_connected, layer_norm, prelu, copies_of]


# ---------------------------------------------------------------- layers of a 4-D h (N, C, H, W)

def out_size(size, kernel, pad, stride, ceil=False):
    span = size + 2 * pad - kernel
    return (math.ceil(span / stride) if ceil else span // stride) + 1


def convolution(p):
    n, c, height, width = p.shape
    kernel, pad, stride = random.randint(1, min(3, height)), random.randint(0, 1), random.randint(1, 2)
    groups = 2 if c % 2 == 0 and random.random() < 0.3 else 1
    filters = groups * random.randint(1, 2)
    w = p.param((filters, c // groups, kernel, kernel), frozen=False)
    bias = ", no_bias=True" if random.random() < 0.2 else f", bias={p.bias((filters,))}"
    group = f", num_group={groups}" if groups > 1 else ""
    p.layer(f"mx.nd.Convolution(h, {w}{bias}, kernel=({kernel}, {kernel}), pad=({pad}, {pad}), stride=({stride}, {stride}), "
            f"num_filter={filters}{group})",
            (n, filters, out_size(height, kernel, pad, stride), out_size(width, kernel, pad, stride)))


def pooling(p):
    n, c, height, width = p.shape
    kind = random.choice(["max", "avg", "sum"])
    if random.random() < 0.2:
        p.layer(f"mx.nd.Pooling(h, pool_type='{kind}', global_pool=True, kernel=(1, 1))", (n, c, 1, 1))
        return
    kernel = random.randint(1, min(3, height, width))
    stride, pad = random.randint(1, 2), random.randint(0, kernel - 1 if kernel > 1 else 0)
    # 'full' windows starting past the input and its padding pool nothing: max gives -FLT_MAX,
    # whose overflow in a following BatchNorm or loss only says how each library overflows
    full = random.random() < 0.3 and (out_size(height, kernel, pad, stride, True) - 1) * stride < height + pad
    extra = ", pooling_convention='full'" if full else ""
    if kind == "avg" and random.random() < 0.3:
        extra += ", count_include_pad=False"
    p.layer(f"mx.nd.Pooling(h, kernel=({kernel}, {kernel}), pool_type='{kind}', stride=({stride}, {stride}), pad=({pad}, {pad}){extra})",
            (n, c, out_size(height, kernel, pad, stride, full), out_size(width, kernel, pad, stride, full)))


def channel_ops(p):
    n, c, height, width = p.shape
    if random.random() < 0.2:  # a trained per-channel scale
        p.layer("mx.nd.broadcast_mul(h, %s)" % p.param((1, c, 1, 1), "s", 0.5, 1.5), p.shape)
        return
    choices = [("mx.nd.transpose(mx.nd.transpose(h, axes=(0, 2, 3, 1)), axes=(0, 3, 1, 2))", p.shape),
               ("mx.nd.concat(h, h * 0.5, dim=1)", (n, 2 * c, height, width)),
               ("mx.nd.Activation(h, act_type='relu')", p.shape), ("mx.nd.Dropout(h, p=0)", p.shape),
               ("h.reshape((0, 0, -3)).reshape((0, 0, %d, %d))" % (height, width), p.shape),
               ("h[:, :, ::-1]", p.shape)]
    p.layer(*random.choice(choices))


LAYERS_4D = [convolution, pooling, batch_norm, channel_ops]


# ---------------------------------------------------------------- models: (setup of x, layers)

def model(p):
    """Build ``net``'s layers; return True when it ends in class scores (rows, classes)."""
    kind = random.choice(["mlp", "mlp", "cnn", "tensor", "embedding"])
    if kind == "embedding":  # x holds token ids; the table is the parameter
        n, steps, vocab, width = random.randint(2, 4), random.randint(1, 3), random.randint(3, 6), random.randint(2, 3)
        p.setup.append(f"x = {p.array(ints((n, steps), vocab))}")
        table = p.param((vocab, width), "e", frozen=False)  # else backward would need x's gradient
        p.layer(f"mx.nd.Embedding(h, {table}, input_dim={vocab}, output_dim={width})", (n, steps, width))
        p.layer(random.choice(["h.reshape((0, -1))", "mx.nd.Flatten(h)", "h.reshape((0, -3))"]), (n, steps * width))
        for layer in random.sample(LAYERS_2D, random.randint(0, 2)):
            layer(p)
    elif kind == "cnn":
        n, c, size = random.randint(1, 3), random.randint(1, 3), random.randint(3, 6)
        p.shape = (n, c, size, size)
        p.setup.append(f"x = {p.array(floats(p.shape))}")
        for layer in [convolution] + random.sample(LAYERS_4D, random.randint(1, 3)):
            layer(p)
        p.layer("mx.nd.Flatten(h)" if random.random() < 0.5 else "h.reshape((0, -1))", (n, math.prod(p.shape[1:])))
    else:
        n, f = random.randint(2, 4), random.randint(2, 5)
        p.shape = (n, f)
        p.setup.append(f"x = {p.array(floats(p.shape))}")
        if kind == "tensor":  # x itself is the variable
            p.setup.append(f"x.attach_grad(grad_req='{random.choice(['write', 'add'])}')")
            p.params.append("x")
        layers = random.sample(LAYERS_2D, random.randint(1, 3))
        if kind == "mlp":
            layers = [fully_connected] + layers
        for layer in layers:
            layer(p)
    if kind == "tensor" and random.random() < 0.5:
        return False
    classes = random.randint(2, 4)
    if p.shape[1] != classes or random.random() < 0.5:
        w = p.param((classes, p.shape[1]), frozen=False)
        p.layer(f"mx.nd.FullyConnected(h, {w}, {p.param((classes,), 'b')}, num_hidden={classes})", (p.shape[0], classes))
    return True


def classification_loss(p):
    """Loss lines (inside record) over ``out``; the label and target are made in the setup."""
    rows, classes = p.shape
    p.setup.append(f"label = {p.array(ints((rows,), classes))}")
    p.setup.append(f"target = {p.array(floats((rows, classes)))}")
    return random.choice([
        ["loss = mx.nd.SoftmaxOutput(out, label%s)" % random.choice(
            ["", ", normalization='batch'", ", normalization='valid', use_ignore=True, ignore_label=0", ", grad_scale=0.5"])],
        ["loss = -mx.nd.pick(mx.nd.log_softmax(out), label)"],
        ["loss = -mx.nd.pick(mx.nd.log_softmax(out), label).mean()"],
        ["loss = -(mx.nd.log_softmax(out, axis=-1) * mx.nd.one_hot(label, %d, dtype='%s')).sum(axis=1)" % (classes, p.dtype)],
        ["loss = mx.nd.softmax_cross_entropy(out, label)"],
        ["loss = mx.nd.square(out - target).mean(axis=1)"],
        ["loss = mx.nd.smooth_l1(out - target, scalar=1.0).sum()"],
        ["loss = mx.nd.LinearRegressionOutput(out, target)"],
    ])


def regression_loss(p):
    shape = p.shape
    return random.choice([["loss = mx.nd.sum(out)"], ["loss = (out * out).mean()"], ["loss = out"],
                          [f"loss = mx.nd.sum(mx.nd.square(out - {p.const(shape)}), axis=1)"],
                          ["loss = mx.nd.mean(out, axis=0, keepdims=True)"]])


def backward():
    """The backward call (head gradients, retain_graph, the autograd function forms)."""
    return random.choice(["loss.backward()", "loss.backward()", "mx.autograd.backward(loss)",
                          "loss.backward(mx.nd.ones_like(loss) * 0.5)",
                          "mx.autograd.backward([loss], head_grads=[mx.nd.ones_like(loss) * 2])",
                          "loss.backward(retain_graph=True)\nloss.backward()",
                          "mx.autograd.backward([loss, out], head_grads=[None, mx.nd.ones_like(out) * 0.1])"])


def optimizer_update(p):
    name = random.choice(["sgd", "sgd", "adam", "rmsprop", "nag", "adagrad"])
    kw = {"learning_rate": random.choice([0.1, 0.05, 0.5])}
    options = {"wd": [0.0, 1e-3, 0.1], "clip_gradient": [0.5, 1.0, 5.0], "rescale_grad": [0.5, 1.0 / 3, 2.0]}
    if name in ("sgd", "nag"):
        options["momentum"] = [0.0, 0.9, 0.5]
    if name == "adam":
        options["beta1"] = [0.9, 0.5]
    if name == "rmsprop":
        options["centered"] = [True, False]
        options["gamma1"] = [0.9, 0.5]
    for key, values in options.items():
        if random.random() < 0.5:
            kw[key] = random.choice(values)
    args = ", ".join(f"{k}={v!r}" for k, v in kw.items())
    p.setup.append(f"opt = mx.optimizer.create('{name}', {args})")
    p.setup.append("upd = mx.optimizer.get_updater(opt)")
    return ["for k, q in enumerate([%s]):" % ", ".join(p.params), "    upd(k, q.grad, q)"]


def operator_update(p):
    """The update operators with out= (states made in the setup, one per parameter)."""
    lines = []
    kind = random.choice(["sgd", "sgd_mom", "adam", "rmsprop", "nag_mom"])  # not signsgd: sign(rounding noise)
    clip = random.choice(["", ", clip_gradient=1.0", ", rescale_grad=0.5", ", wd=0.01"])
    for q in p.params:
        states = {"sgd_mom": ["m"], "nag_mom": ["m"], "adam": ["m", "v"], "rmsprop": ["n"]}.get(kind, [])
        names = [f"{s}_{q}" for s in states]
        p.setup += [f"{s} = mx.nd.zeros_like({q})" for s in names]
        extra = {"sgd_mom": ", momentum=0.9", "nag_mom": ", momentum=0.5", "adam": ", beta1=0.9, beta2=0.99, epsilon=1e-6",
                 "rmsprop": ", gamma1=0.9, epsilon=1e-6"}.get(kind, "")
        inputs = ", ".join([q, f"{q}.grad"] + names)
        lines.append(f"mx.nd.{kind}_update({inputs}, lr=0.1{extra}{clip}, out={q})")
    return lines


def manual_update(p):
    form = random.choice(["{q} -= 0.1 * {q}.grad", "{q}[:] = {q} - 0.1 * {q}.grad", "{q} *= 0.9",
                          "mx.nd.elemwise_sub({q}, {q}.grad * 0.1, out={q})"])
    return [form.format(q=q) for q in p.params]


def training_loop(p, loss_lines):
    """``for it in range(iterations)``: (zero the gradients,) record, backward, update, collect."""
    iterations = random.choice([1, 2, 2])
    update = random.choice([optimizer_update, operator_update, manual_update, lambda p: []])(p) if p.params else []
    body = []
    if random.random() < 0.2:
        body += [f"{q}.grad[:] = 0" for q in p.params]
    body += ["with mx.autograd.record():", "    out = net(x)"] + ["    " + line for line in loss_lines]
    body += backward().split("\n")
    body += ["R.append(loss.copy())"] + [f"R.append({q}.grad.copy())" for q in p.params]
    body += update + [f"R.append({q}.copy())" for q in p.params]
    return f"for it in range({iterations}):\n" + "\n".join("    " + line for line in body)


# ---------------------------------------------------------------- after training

def metric(p, classification):
    if not classification:
        return ["R.append(mx.nd.norm(out))"]
    classes = p.shape[1]
    name = random.choice(["Accuracy()", "CrossEntropy()", "MSE()", "TopKAccuracy(top_k=2)", "create('acc')"]
                         + (["F1()", "F1(average='micro')"] if classes == 2 else []))
    labels = "target" if name == "MSE()" else "label"
    return [f"m = mx.metric.{name}", f"m.update([{labels}], [mx.nd.softmax(out)])",
            "m.update([%s], [mx.nd.softmax(net(x))])" % labels if random.random() < 0.5 else "pass",
            "R.append(m.get()[0])", "R.append(mx.nd.array([m.get()[1]], dtype='float64'))"]


def casts(p):
    q = random.choice(p.params or ["out"])
    dtype = random.choice(["float16", "float32", "float64", "int32", "uint8"])
    return random.choice([[f"R.append({q}.astype('{dtype}'))"],
                          [f"R.append(({q}.astype('{dtype}') * 3).astype('float32'))"],
                          [f"R.append(mx.nd.cast({q} * 100, dtype='{dtype}'))"],
                          [f"y = {q}.astype('float16')", "y += 1", "R.append(y.astype('float64') + 1)"]])


def writes(p):
    """In-place writes on a trained parameter (scalars, arrays, overlapping slices; not
    ``x[1:] = x[:-1]``, where MXNet rereads what it overwrote: see ../README.md)."""
    q = random.choice(p.params or ["x"])
    return [random.choice([f"{q} += 1", f"{q} *= 0.5", f"{q}[:] = 0.25", f"{q}[0] = 2", f"{q}[1:3] = 7",
                           f"{q}[:-1] = {q}[1:]", f"{q}[-1:] = {q}[0:1] * 2", f"{q}[:] = {q} + {q}",
                           f"{q} /= {q}.abs().max() + 1", f"{q}[0:2] = mx.nd.ones_like({q}[0:2]) * 3"]),
            f"R.append({q}.copy())"]


def copies(p):
    q = random.choice(p.params or ["x"])
    return random.choice([[f"c = mx.nd.zeros({q}.shape)", f"{q}.copyto(c)", "c += 1", f"R.append([c, {q}.copy()])"],
                          [f"R.append({q}.as_in_context(mx.cpu()))", f"R.append({q}.copyto(mx.cpu()))"],
                          [f"d = {q}.detach()", "d += 1", f"R.append({q}.copy())"],
                          ["mx.nd.waitall()", f"R.append(mx.nd.array([{q}.sum().asscalar()]))", f"R.append(mx.nd.array({q}.asnumpy()))"]])


def evaluation(p):
    return random.choice([["R.append(net(x))"], ["with mx.autograd.train_mode():", "    R.append(net(x))"],
                          ["with mx.autograd.predict_mode():", "    R.append(net(x))"],
                          ["with mx.autograd.record(train_mode=False):", "    R.append(net(x))"]])


def block(lines):
    """One ``exec('...')`` statement for lines that need indentation (run.py strips each part)."""
    return f"exec({chr(10).join(lines)!r})"


def program():
    p = Program(random.choices(["float32", "float64"], [5, 1])[0])
    classification = model(p)
    if p.params == []:  # nothing trains: give x a gradient so backward has a variable
        p.setup.append("x.attach_grad()")
        p.params.append("x")
    loss = classification_loss(p) if classification else regression_loss(p)
    loop = training_loop(p, loss)
    post = []
    for part in random.sample([metric, casts, writes, copies, evaluation, evaluation], random.randint(1, 3)):
        lines = part(p, classification) if part is metric else part(p)
        post.append(block(lines) if any(line.startswith(" ") for line in lines) or len(lines) > 1 and random.random() < 0.3
                    else ";; ".join(lines))
    post += [f"R.append({m}.copy())" for m in p.moving]
    net = block(["def net(x):", "    h = x"] + ["    " + line for line in p.net] + ["    return h"])
    return "!" + ";; ".join(["R = []"] + p.setup + [net, block([loop])] + post)


lines = [program() for _ in range(int(sys.argv[2]))]
print("\n".join(lines))
