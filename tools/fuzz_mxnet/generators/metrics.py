"""mx.metric: every metric's update / get / get_global / reset_local / reset / str / get_config.

Each line builds a metric, feeds it a few random batches (NDArray or numpy labels, several
dtypes and shapes, mismatched lists) and records every value as plain Python data (floats by
repr, so NumPy 1 and 2 scalars compare), errors as their type and first line.

Usage: python metrics.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))

# value normaliser and recorder, defined inside each statement line
PRELUDE = ("_f = lambda v: [_f(x) for x in v] if isinstance(v, (list, tuple)) else "
           "({str(k): _f(x) for k, x in v.items()} if isinstance(v, dict) else "
           "(['arr', str(v.dtype), v.tolist()] if isinstance(v, np.ndarray) else "
           "(repr(float(v)) if isinstance(v, (float, np.floating)) else "
           "(int(v) if isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)) else "
           "(v if isinstance(v, (str, bool, type(None))) else type(v).__name__)))));; "
           "_e = lambda e: 'ERR ' + type(e).__name__ + ('' if type(e).__name__ == 'MXNetError' else ': ' + (str(e).splitlines() or [''])[0][:150]);; "
           "R = []")

FLOATS = ["'float32'", "'float64'", "'float16'"]
INTS = ["'int32'", "'int64'", "'uint8'"]
LABEL_DTYPES = ["'float32'", "'int32'", "'int64'", "'float64'", "'uint8'"]


def num(low=0.0, high=1.0):
    return round(random.uniform(low, high), 3)


def nested(shape, fn):
    if not shape:
        return fn()
    return [nested(shape[1:], fn) for _ in range(shape[0])]


def array(values, dtype, as_numpy=False):
    text = repr(values).replace("nan", "float('nan')")
    if as_numpy:
        return f"np.array({text}, dtype={dtype})"
    return f"mx.nd.array({text}, dtype={dtype})"


def probs(n, c):
    rows = []
    for _ in range(n):
        row = [num(0.001, 1.0) for _ in range(c)]
        total = sum(row)
        rows.append([round(x / total, 4) for x in row])
    return rows


def classification_batch(n, c, binary=False):
    """(label, pred) source text for a classifier of ``c`` classes."""
    c = 2 if binary else c
    labels = [random.randrange(c) for _ in range(n)]
    if random.random() < 0.1:
        labels = [random.randrange(c + 2) for _ in range(n)]  # out of range class
    pred_kind = random.random()
    if pred_kind < 0.7:
        pred = probs(n, c)
    elif pred_kind < 0.85:
        pred = [float(random.randrange(c)) for _ in range(n)]  # already labels
    else:
        pred = nested([n, c], lambda: num(-2, 2))
    if random.random() < 0.03:
        if isinstance(pred[0], list):
            pred[0][0] = float("nan")
        else:
            pred[0] = float("nan")
    label_dtype = random.choice(LABEL_DTYPES)
    label_shape = random.random()
    if label_shape < 0.1:
        labels = [[x] for x in labels]
    elif label_shape < 0.15 and n > 1:
        labels = labels[:-1]  # length mismatch
    return (array(labels, label_dtype, random.random() < 0.05), array(pred, random.choice(FLOATS)))


def regression_batch(n, k):
    shapes = [[n], [n, k], [n, 1]]
    lshape, pshape = random.choice(shapes), random.choice(shapes)
    if random.random() < 0.7:
        pshape = lshape
    if random.random() < 0.05:
        pshape = [n + 1] + pshape[1:]
    label = nested(lshape, lambda: num(-3, 3))
    pred = nested(pshape, lambda: num(-3, 3))
    return (array(label, random.choice(["'float32'", "'float64'", "'int32'"]), random.random() < 0.05),
            array(pred, random.choice(FLOATS + ["'int32'"])))


def perplexity_batch(n, c, axis):
    label = [random.randrange(c) for _ in range(n)]
    pred = probs(n, c)
    if random.random() < 0.1:
        pred = [[0.0] * c for _ in range(n)]  # clamped at 1e-10
    if axis == 0:
        pred = [list(col) for col in zip(*pred)]  # classes first
    return (array(label, random.choice(LABEL_DTYPES[:3])), array(pred, random.choice(FLOATS)))


METRICS = [
    ("cls", lambda: random.choice(["mx.metric.Accuracy()", "mx.metric.Accuracy(axis=0)", "mx.metric.Accuracy(axis=-1)",
                                   "mx.metric.create('acc')", "mx.metric.create('accuracy', name='a2')",
                                   "mx.metric.Accuracy(axis=2)"])),
    ("cls", lambda: random.choice([f"mx.metric.TopKAccuracy(top_k={random.randint(1, 6)})",
                                   f"mx.metric.create('top_k_accuracy', top_k={random.randint(2, 5)})",
                                   f"mx.metric.create('top_k_acc', top_k={random.randint(2, 4)})"])),
    ("bin", lambda: f"mx.metric.F1(average={random.choice(['macro', 'micro'])!r})"),
    ("bin", lambda: f"mx.metric.MCC(average={random.choice(['macro', 'micro'])!r})"),
    ("bin", lambda: random.choice(["mx.metric.create('f1')", "mx.metric.create('mcc', average='micro')"])),
    ("ppl", lambda: f"mx.metric.Perplexity(ignore_label={random.choice(['None', '0', '1', '2'])}, axis={random.choice([-1, 1])})"),
    ("ppl", lambda: "mx.metric.create('perplexity', ignore_label=None)"),
    ("ppl0", lambda: f"mx.metric.Perplexity(ignore_label={random.choice(['None', '1'])}, axis=0)"),
    ("reg", lambda: random.choice(["mx.metric.MAE()", "mx.metric.MSE()", "mx.metric.RMSE()", "mx.metric.create('mse', name='m')",
                                   "mx.metric.create('rmse')", "mx.metric.create('mae')"])),
    ("prob", lambda: random.choice(["mx.metric.CrossEntropy()", "mx.metric.create('ce')", f"mx.metric.CrossEntropy(eps={random.choice([0, 1e-3, 0.5])})",
                                    "mx.metric.NegativeLogLikelihood()", "mx.metric.create('nll_loss')",
                                    f"mx.metric.NegativeLogLikelihood(eps={random.choice([0, 1e-6, 0.1])})"])),
    ("regsame", lambda: f"mx.metric.PearsonCorrelation(average={random.choice(['macro', 'micro'])!r})"),
    ("regsame", lambda: "mx.metric.create('pearsonr')"),
    ("cls", lambda: random.choice(["mx.metric.PCC()", "mx.metric.create('pcc')"])),
    ("reg", lambda: random.choice(["mx.metric.Loss()", "mx.metric.Torch()", "mx.metric.Caffe()", "mx.metric.create('loss')"])),
    ("reg", lambda: random.choice([
        "mx.metric.CustomMetric(lambda l, p: np.abs(l - p.reshape(l.shape)).mean())",
        "mx.metric.np(lambda l, p: (float(np.abs(l.sum() - p.sum())), l.size), name='pairsum')",
        "mx.metric.np(lambda l, p: np.float32(l.sum()), allow_extra_outputs=True)",
        "mx.metric.create(lambda l, p: int(l.size))",
        "mx.metric.CustomMetric(lambda l, p: (np.float32(p.sum()), np.int64(p.size)), name='c2')"])),
    ("cls", lambda: random.choice(["mx.metric.create(['acc', 'ce'])", "mx.metric.CompositeEvalMetric(metrics=['acc', 'f1'])",
                                   "mx.metric.create(['acc', mx.metric.TopKAccuracy(top_k=2), 'nll_loss', 'pcc'])",
                                   "mx.metric.create({'metric': 'acc', 'axis': 1})", "mx.metric.create('[\"acc\", {\"axis\": -1}]')"])),
]


def batch(kind, n, c):
    if kind == "cls":
        return classification_batch(n, c)
    if kind == "bin":
        return classification_batch(n, 2, binary=True)
    if kind == "ppl":
        return perplexity_batch(n, c, 1)
    if kind == "ppl0":
        return perplexity_batch(n, c, 0)
    if kind == "prob":
        return classification_batch(n, c)
    if kind == "regsame":
        return regression_pair_same(n)
    return regression_batch(n, c)


def regression_pair_same(n):
    shape = random.choice([[n], [n, 2]])
    return (array(nested(shape, lambda: num(-3, 3)), random.choice(["'float32'", "'float64'"])),
            array(nested(shape, lambda: num(-3, 3)), random.choice(FLOATS)))


def update_call(kind, c):
    n = random.randint(1, 6) if random.random() < 0.8 else random.randint(7, 40)
    pairs = [batch(kind, n, c) for _ in range(random.choice([1, 1, 1, 2, 3]))]
    labels = [p[0] for p in pairs]
    preds = [p[1] for p in pairs]
    style = random.random()
    if style < 0.08:
        preds = preds + [preds[0]]  # more preds than labels
    if style > 0.93 and len(pairs) == 1:
        return f"m.update({labels[0]}, {preds[0]})"  # bare NDArrays
    return f"m.update([{', '.join(labels)}], [{', '.join(preds)}])"


def special_line():
    """update_dict with output/label names, composite children, create() corner cases, big arrays."""
    n = random.randint(1, 5)
    lab, prd = classification_batch(n, 3)
    blab, bprd = classification_batch(n, 2, binary=True)
    rl, rp = regression_pair_same(n)
    names = random.sample(["a", "b", "c"], 2)
    big = random.randint(20, 300)
    exprs = [
        f"m = mx.metric.create({random.choice(['acc', 'mse', 'ce', 'f1'])!r}, output_names={names[:1]!r}, label_names={names[1:]!r});; "
        f"m.update_dict({{{names[1]!r}: {lab}, 'zz': {rl}}}, {{{names[0]!r}: {prd}, 'yy': {rp}}});; R = _f([m.get(), m.get_config()])",
        f"m = mx.metric.CompositeEvalMetric(metrics=['acc', 'ce'], output_names={names[:1]!r}, label_names={names[1:]!r});; "
        f"m.update_dict({{{names[1]!r}: {lab}}}, {{{names[0]!r}: {prd}, 'x': {prd}}});; R = _f([m.get(), m.get_global(), str(m), m.get_metric(1).get(), str(m.get_metric(5))])",
        f"m = mx.metric.create(['acc', 'top_k_accuracy'], top_k={random.randint(2, 3)});; R = _f([m.get(), m.get_config()['metrics']])",
        f"R = _f(mx.metric.create({random.choice(['nosuch', 'ACC', 'Top_K_Accuracy', 'PCC', 'Composite', 'Torch'])!r}).get_config())",
        "R = _f(mx.metric.create(mx.metric.create('acc').get_config()).get_config())",
        f"m = mx.metric.create('loss');; m.update(None, [mx.nd.array(np.arange({big}) / 7.0, dtype={random.choice(FLOATS + INTS)})]);; R = _f(m.get())",
        f"m = mx.metric.create('loss');; m.update(None, mx.nd.array(np.linspace(-3, 5, {big}).reshape(-1, {random.choice([1, 2, 4])}), dtype={random.choice(FLOATS)}));; R = _f([m.get(), m.num_inst])",
        f"m = mx.metric.Perplexity(ignore_label={random.choice([None, 0, 3])});; m.update([mx.nd.array(np.arange({big}) % 5)], [mx.nd.array(np.linspace(0.01, 1, {big * 5}).reshape({big}, 5), dtype={random.choice(FLOATS)})]);; R = _f(m.get())",
        f"m = mx.metric.{random.choice(['MSE', 'MAE', 'RMSE', 'PearsonCorrelation'])}();; m.update([mx.nd.array((np.arange({big}) * 37 % 101 / 50.0 - 1), dtype={random.choice(FLOATS)})], [mx.nd.array((np.arange({big}) * 53 % 97 / 48.0 - 1), dtype={random.choice(FLOATS)})]);; R = _f(m.get())",
        f"m = mx.metric.CrossEntropy();; m.update([mx.nd.array(np.arange({big}) % 4)], [mx.nd.array(np.linspace(0.01, 1, {big * 4}).reshape({big}, 4), dtype={random.choice(FLOATS)})]);; R = _f(m.get())",
        f"m = mx.metric.Accuracy();; m.update([mx.nd.array(np.arange({big}) % 4)], [mx.nd.array((np.arange({big * 4}) * 53 % 97 / 48.0 - 1).reshape({big}, 4), dtype={random.choice(FLOATS)})]);; R = _f(m.get())",
        f"m = mx.metric.TopKAccuracy(top_k={random.randint(2, 4)});; m.update([mx.nd.array(np.arange({big}) % 5)], [mx.nd.array((np.arange({big * 5}) * 53 % 7 / 4.0).reshape({big}, 5))]);; R = _f(m.get())",
        f"m = mx.metric.PCC();; m.update([mx.nd.array(np.arange({big}) % 3)], [mx.nd.array((np.arange({big * 3}) * 53 % 97 / 48.0 - 1).reshape({big}, 3))]);; R = _f(m.get())",
        "m = mx.metric.np(lambda l, p: np.array([l.sum()]));; m.update([mx.nd.ones((2,))], [mx.nd.ones((2,))]);; R = _f([m.get(), m.name, str(m)])",
        "m = mx.metric.CustomMetric(lambda l, p: (np.float32(0.1), 3));; m.update([mx.nd.ones((2,))] * 2, [mx.nd.ones((2,))] * 2);; R = _f([m.get(), m.sum_metric, str(m)])",
        "def feval(label, pred): return float(label.sum());; m = mx.metric.create(feval, name=None);; R = _f([m.name, m.get()])",
        f"R = _f(mx.metric.check_label_shapes({rl}, {rp}, {random.choice(['False', 'True'])}, {random.choice(['False', 'True'])}))",
        "R = _f(mx.metric.create(mx.metric.Accuracy(), axis=0))",
        "class MyMetric(mx.metric.EvalMetric):\n    def update(self, labels, preds): self.sum_metric += float(labels[0].sum().asscalar()); self.num_inst += 1;; "
        f"mx.metric.register(MyMetric);; mx.metric.alias('mine')(MyMetric);; m = mx.metric.create({random.choice(['mine', 'MyMetric', 'mymetric'])!r}, 'nm');; "
        f"m.update([{lab}], [{prd}]);; R = _f([m.get(), m.get_global(), str(m), m.get_config()])",
        f"R = _f([mx.metric.create({random.choice(['mse', 'acc'])!r}, name={random.choice(['x', 5, None])!r}).name, mx.metric.create('loss', output_names=['a']).get_config()])",
        f"m = mx.metric.Loss();; m.update(None, ({rp}, {rl}));; R = _f([m.get(), m.num_inst])",
        f"m = mx.metric.Accuracy();; m.update(({lab},), ({prd},));; R = _f([m.get(), m.num_inst])",
        "m = mx.metric.PearsonCorrelation(average='micro');; R = _f([m.get(), m.get_global()])",
        f"m = mx.metric.F1(average={random.choice(['micro', 'macro'])!r});; m.update([{blab}], [{bprd}]);; s = m.metrics;; "
        "R = _f([s.precision, s.recall, s.fscore, s.global_precision, s.global_recall, s.global_fscore, s.total_examples, "
        "s.global_total_examples, s.true_positives, s.global_false_negatives, s.matthewscc(), m.average])",
        f"m = mx.metric.MCC(average={random.choice(['micro', 'macro'])!r});; m.update([{blab}], [{bprd}]);; m.reset_local();; "
        "R = _f([m._metrics.matthewscc(True), m._metrics.matthewscc(), m._average, m.num_inst, m.global_num_inst])",
        "m = mx.metric.PCC();; R = _f([m.get(), m.get_global(), m.num_inst, m.sum_metric])",
    ]
    return "!" + PRELUDE + ";; " + random.choice(exprs)


def line():
    if random.random() < 0.2:
        return special_line()
    kind, make = random.choice(METRICS)
    c = random.randint(2, 5)
    parts = [PRELUDE, f"m = {make()}"]
    for step in range(random.randint(1, 4)):
        parts.append(f"try: {update_call(kind, c)}")
        parts.append("except Exception as e: R.append(_e(e))")
        parts.append("R.append(_f([m.get(), m.get_global(), getattr(m, 'num_inst', None)]))")
        action = random.random()
        if action < 0.15:
            parts.append("m.reset_local()")
            parts.append("R.append(_f([m.get(), m.get_global()]))")
        elif action < 0.22:
            parts.append("m.reset()")
            parts.append("R.append(_f([m.get(), m.get_global()]))")
    parts.append("R.append(_f([m.get_name_value(), m.get_global_name_value(), str(m), m.name]))")
    parts.append("try: R.append(_f({k: v for k, v in m.get_config().items() if k not in ('feval', 'metrics')}))")
    parts.append("except Exception as e: R.append(_e(e))")
    return "!" + ";; ".join(parts)


if __name__ == "__main__":
    print("\n".join(line() for _ in range(int(sys.argv[2]))))
