"""mx.metric scenarios, run on mxnd by test_metric.py and on MXNet 1.9.1 to record expected values.

Each case takes the ``mx`` module and returns plain Python data. Record with the reference:
``cd tests/io_metric && /tmp/mxvenv/bin/python metric_cases.py > metric_expected.json``.
"""
import json
import math
from collections import OrderedDict

import numpy as np

RNG = np.random.RandomState(42)
PROBS = [RNG.dirichlet(np.ones(4), size=6).astype(np.float32) for _ in range(3)]
CLASSES = [RNG.randint(0, 4, size=6) for _ in range(3)]
BINARY_PRED = [RNG.uniform(size=(8, 2)).astype(np.float32) for _ in range(3)]
BINARY_LABEL = [RNG.randint(0, 2, size=8) for _ in range(3)]
REG_PRED = [RNG.standard_normal((5, 2)).astype(np.float32) for _ in range(3)]
REG_LABEL = [RNG.standard_normal((5, 2)).astype(np.float32) for _ in range(3)]
VEC_PRED = [RNG.standard_normal(7).astype(np.float32) for _ in range(3)]
VEC_LABEL = [RNG.standard_normal(7).astype(np.float32) for _ in range(3)]


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (np.generic, float, int)) and not isinstance(value, (bool, np.bool_)):
        value = float(value)
        return "nan" if math.isnan(value) else value
    return value


def _track(mx, metric, labels, preds):
    """get / get_global after each batch, after reset_local, and after reset."""
    out = [metric.get(), metric.get_global()]
    for label, pred in zip(labels, preds):
        metric.update([mx.nd.array(label, dtype=label.dtype)], [mx.nd.array(pred, dtype=pred.dtype)])
        out.append([metric.get(), metric.get_global(), metric.get_name_value(),
                    metric.get_global_name_value(), metric.num_inst])
        if len(out) == 4:
            metric.reset_local()
            out.append([metric.get(), metric.get_global()])
    out.append(str(metric))
    metric.reset()
    out.append([metric.get(), metric.get_global()])
    return out


def case_metric(mx, name, kwargs, data):
    labels, preds = {"probs": (CLASSES, PROBS), "binary": (BINARY_LABEL, BINARY_PRED),
                     "reg": (REG_LABEL, REG_PRED), "vec": (VEC_LABEL, VEC_PRED),
                     "argmax": ([np.argmax(p, 1).astype(np.float32) for p in PROBS], PROBS),
                     "classes_float": ([c.astype(np.float32) for c in CLASSES], PROBS)}[data]
    metric = mx.metric.create(name, **kwargs)
    try:
        tracked = _track(mx, metric, labels, preds)
    except Exception as error:  # noqa: BLE001 - the reference raises for some settings
        tracked = ["error", type(error).__name__]
    return [type(metric).__name__, metric.name, tracked]


def case_multi_output(mx):
    """Several (label, pred) pairs in one update, for metrics that loop over them."""
    out = {}
    for name in ("acc", "mae", "mse", "rmse", "ce", "nll_loss", "pearsonr", "loss", "f1", "mcc"):
        metric = mx.metric.create(name)
        labels = [mx.nd.array(x) for x in (CLASSES[:2] if name in ("acc", "ce", "nll_loss") else
                                           BINARY_LABEL[:2] if name in ("f1", "mcc") else REG_LABEL[:2])]
        preds = [mx.nd.array(x) for x in (PROBS[:2] if name in ("acc", "ce", "nll_loss") else
                                          BINARY_PRED[:2] if name in ("f1", "mcc") else REG_PRED[:2])]
        metric.update(labels, preds)
        out[name] = metric.get()
    return out


def case_composite(mx):
    metric = mx.metric.create(["acc", mx.metric.TopKAccuracy(top_k=2), "ce"])
    for label, pred in zip(CLASSES, PROBS):
        metric.update([mx.nd.array(label)], [mx.nd.array(pred)])
    result = {"get": metric.get(), "global": metric.get_global(), "nv": metric.get_name_value(),
              "child": metric.get_metric(1).get(), "bad_index": repr(metric.get_metric(7)),
              "config": metric.get_config()}
    metric.reset_local()
    result["after_local"] = metric.get_global()
    both = mx.metric.CompositeEvalMetric(metrics=["mse", "mae"], output_names=["b"], label_names=["y"])
    both.update_dict(OrderedDict([("x", mx.nd.array(REG_LABEL[0])), ("y", mx.nd.array(REG_LABEL[1]))]),
                     OrderedDict([("a", mx.nd.array(REG_PRED[0])), ("b", mx.nd.array(REG_PRED[1]))]))
    result["update_dict"] = both.get()
    return result


def case_update_dict(mx):
    metric = mx.metric.MSE(output_names=["out2"], label_names=["lab1"])
    metric.update_dict({"lab0": mx.nd.array(REG_LABEL[0]), "lab1": mx.nd.array(REG_LABEL[1])},
                       {"out1": mx.nd.array(REG_PRED[0]), "out2": mx.nd.array(REG_PRED[2])})
    plain = mx.metric.MAE()
    plain.update_dict({"l": mx.nd.array(REG_LABEL[0])}, {"p": mx.nd.array(REG_PRED[0])})
    return [metric.get(), plain.get(), metric.get_config()]


def case_create(mx):
    made = [mx.metric.create(x) for x in ("acc", "Accuracy", "ce", "nll_loss", "pearsonr",
                                          "composite", "perplexity", "mae", "torch", "caffe", "pcc", "f1")
            if x != "perplexity"]
    made.append(mx.metric.create("perplexity", ignore_label=None))
    made.append(mx.metric.create("top_k_accuracy", top_k=3))
    made.append(mx.metric.create('["acc", {"axis": 0}]'))
    made.append(mx.metric.create('{"metric": "mse", "name": "m2"}'))
    made.append(mx.metric.create({"metric": "rmse"}))
    made.append(mx.metric.create(mx.metric.create("acc").get_config()))
    return [[type(m).__name__, m.name, getattr(m, "axis", None), getattr(m, "top_k", None)] for m in made]


def case_custom(mx):
    def l1(label, pred):
        return np.abs(label - pred).mean()

    def pair(label, pred):
        return float(np.abs(label - pred).sum()), label.size

    out = []
    for metric in (mx.metric.create(l1), mx.metric.np(pair), mx.metric.CustomMetric(lambda l, p: 1.5),
                   mx.metric.np(l1, name="named", allow_extra_outputs=True)):
        for label, pred in zip(REG_LABEL, REG_PRED):
            metric.update([mx.nd.array(label)], [mx.nd.array(pred)])
        out.append([metric.name, metric.get(), metric.get_global(), metric.num_inst])
    extra = mx.metric.np(l1, allow_extra_outputs=True)
    extra.update([mx.nd.array(REG_LABEL[0])], [mx.nd.array(REG_PRED[0]), mx.nd.array(REG_PRED[1])])
    out.append(extra.get())
    return out


def case_errors(mx):
    out = []
    attempts = [
        lambda: mx.metric.Accuracy().update([mx.nd.array([1])], [mx.nd.ones((1, 2)), mx.nd.ones((1, 2))]),
        lambda: mx.metric.Accuracy().update([mx.nd.array([1, 0, 1])], [mx.nd.ones((2, 2))]),
        lambda: mx.metric.F1().update([mx.nd.array([0, 1, 2])], [mx.nd.ones((3, 2))]),
        lambda: mx.metric.TopKAccuracy(top_k=1),
        lambda: mx.metric.create("nosuchmetric"),
        lambda: mx.metric.MSE().update([mx.nd.ones((2, 3))], [mx.nd.ones((3, 2))]),
        lambda: mx.metric.PearsonCorrelation().update([mx.nd.ones((3,))], [mx.nd.ones((4,))]),
        lambda: mx.metric.CustomMetric(lambda a, b: 0).get_config(),
        lambda: mx.metric.create(mx.metric.Accuracy(), axis=0),
    ]
    for attempt in attempts:
        try:
            attempt()
            out.append(None)
        except Exception as error:  # noqa: BLE001 - record what the reference raises
            out.append([type(error).__name__, str(error).split("\n")[0][:120]])
    return out


def case_fuzz_regressions(mx):
    """Differences the differential fuzzer (tools/fuzz_mxnet/generators/metrics.py) found."""
    out = {}
    mcc = mx.metric.MCC()  # MXNet's MCC counts instances as floats (reset sets 0.0)
    out["mcc_counts"] = [type(mcc.num_inst).__name__, type(mcc.global_num_inst).__name__]
    mcc.update([mx.nd.array([0, 1, 1])], [mx.nd.array([[0.6, 0.4], [0.3, 0.7], [0.8, 0.2]])])
    out["mcc_counts"].append(type(mcc.num_inst).__name__)
    mcc.reset_local()
    out["mcc_counts"].append(type(mcc.num_inst).__name__)
    pcc = mx.metric.PCC()  # 2-D labels and unequal lengths follow MXNet's zip loop
    pcc.update([mx.nd.array([[3], [0], [2]], dtype="uint8")], [mx.nd.array(PROBS[0][:3])])
    pcc.update([mx.nd.array([0, 2, 2]), mx.nd.array([1, 0])], [mx.nd.array([1.0, 2.0, 2.0]), mx.nd.array(PROBS[1][:3])])
    out["pcc"] = [pcc.get(), pcc.lcm.tolist()]
    try:  # CrossEntropy's assertion has no message (NegativeLogLikelihood's has one)
        mx.metric.CrossEntropy().update([mx.nd.array([0, 1])], [mx.nd.array(PROBS[0][:3])])
    except AssertionError as error:
        out["ce_assert"] = str(error)
    topk = mx.metric.TopKAccuracy(top_k=3)  # NumPy 1.x argpartition order: 1-D predictions, ties
    topk.update([mx.nd.array([0, 1, 2, 3, 0])], [mx.nd.array([2.0, 0.0, 2.0, 3.0, 2.0])])
    topk.update([mx.nd.array([0, 1, 2, 3])], [mx.nd.array([[1, 1, 1, 1, 0], [0.5, 0.5, 0.5, 0.5, 0.5],
                                                           [0, 0, 0, 0, 0], [0.2, 0.1, 0.2, 0.2, 0.2]])])
    big = np.round(np.cos(np.arange(200 * 5)), 1).reshape(200, 5)
    topk.update([mx.nd.array(np.arange(200) % 5)], [mx.nd.array(big)])
    out["topk"] = [topk.sum_metric, topk.global_sum_metric, topk.num_inst]
    loss = mx.metric.Loss()  # integer sums wrap in their dtype, as nd.sum does
    loss.update(None, [mx.nd.array(np.arange(204) // 7, dtype="uint8")])
    loss.update(None, [mx.nd.array(np.arange(70000) * 70000, dtype="int32")])
    out["loss_int"] = [loss.get(), loss.num_inst]
    # glibc's logf and log in Perplexity (0.824, 0.889: not the rounded exact log). CrossEntropy
    # and NLL take NumPy's log, whose float64 rounding differs between NumPy 1.23 and 2 on some
    # CPUs (docs/differences.md): float32 and float16 only
    probs = [[0.824, 0.176], [0.111, 0.889], [0.1697, 0.1988], [0.0074, 0.7957]]
    logs = []
    for dtype in ("float32", "float16", "float64"):
        for metric in (mx.metric.Perplexity(ignore_label=None), mx.metric.CrossEntropy(),
                       mx.metric.NegativeLogLikelihood(eps=0))[:1 if dtype == "float64" else 3]:
            for label, pred in ((0, probs[0]), (1, probs[1]), (1, probs[2]), (1, probs[3])):
                metric.update([mx.nd.array([label])], [mx.nd.array([pred], dtype=dtype)])
                logs.append(metric.sum_metric)
    out["logs"] = logs
    return out


CASES = {
    "accuracy": (case_metric, ("acc", {}, "probs")),
    "accuracy_same_shape": (case_metric, ("acc", {}, "argmax")),
    "accuracy_float_labels": (case_metric, ("acc", {"axis": -1}, "classes_float")),
    "top_k_2": (case_metric, ("top_k_accuracy", {"top_k": 2}, "probs")),
    "top_k_3": (case_metric, ("top_k_acc", {"top_k": 3}, "probs")),
    "top_k_5": (case_metric, ("TopKAccuracy", {"top_k": 5}, "probs")),
    "f1_macro": (case_metric, ("f1", {}, "binary")),
    "f1_micro": (case_metric, ("f1", {"average": "micro"}, "binary")),
    "mcc_macro": (case_metric, ("mcc", {}, "binary")),
    "mcc_micro": (case_metric, ("mcc", {"average": "micro"}, "binary")),
    "perplexity": (case_metric, ("perplexity", {"ignore_label": None}, "probs")),
    "perplexity_ignore": (case_metric, ("perplexity", {"ignore_label": 1}, "probs")),
    "mae": (case_metric, ("mae", {}, "reg")),
    "mse": (case_metric, ("mse", {}, "reg")),
    "rmse": (case_metric, ("rmse", {}, "reg")),
    "mae_vec": (case_metric, ("mae", {}, "vec")),
    "rmse_vec": (case_metric, ("rmse", {"name": "r"}, "vec")),
    "ce": (case_metric, ("ce", {}, "probs")),
    "ce_eps": (case_metric, ("CrossEntropy", {"eps": 0.1}, "probs")),
    "nll": (case_metric, ("nll_loss", {}, "probs")),
    "pearsonr": (case_metric, ("pearsonr", {}, "reg")),
    "pearsonr_micro": (case_metric, ("pearsonr", {"average": "micro"}, "reg")),
    "pcc": (case_metric, ("pcc", {}, "probs")),
    "pcc_binary": (case_metric, ("pcc", {}, "binary")),
    "loss": (case_metric, ("loss", {}, "reg")),
    "torch": (case_metric, ("torch", {}, "reg")),
    "caffe": (case_metric, ("caffe", {}, "reg")),
    "multi_output": (case_multi_output, ()),
    "composite": (case_composite, ()),
    "update_dict": (case_update_dict, ()),
    "create": (case_create, ()),
    "custom": (case_custom, ()),
    "errors": (case_errors, ()),
    "fuzz_regressions": (case_fuzz_regressions, ()),
}


def run(mx, name):
    function, args = CASES[name]
    return _plain(function(mx, *args))


if __name__ == "__main__":
    import mxnet

    print(json.dumps({name: run(mxnet, name) for name in CASES}, sort_keys=True))
