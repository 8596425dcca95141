"""mx.metric against MXNet 1.9.1: every metric's get/get_global after each update, reset_local,
reset, composite, create, update_dict, custom metrics and error cases.

Expected values in metric_expected.json were recorded by running metric_cases.py under the
reference; floats must be equal, not close.
"""
import json
import math
import pathlib

import numpy as np
import pytest

import mxnd as mx
from io_metric import metric_cases

EXPECTED = json.loads((pathlib.Path(__file__).parent / "metric_expected.json").read_text())
LISTED = {"Accuracy", "TopKAccuracy", "F1", "MCC", "Perplexity", "MAE", "MSE", "RMSE", "CrossEntropy",
          "NegativeLogLikelihood", "PearsonCorrelation", "Loss", "CompositeEvalMetric"}


@pytest.mark.parametrize("name", sorted(metric_cases.CASES))
def test_matches_reference(name):
    assert metric_cases.run(mx, name) == EXPECTED[name]


def test_reference_cases_cover_every_listed_metric():
    covered = {entry[0] for entry in EXPECTED.values() if isinstance(entry, list) and entry
               and isinstance(entry[0], str)} | {"CompositeEvalMetric"}
    assert LISTED <= covered


def test_accuracy_doc_example():
    metric = mx.metric.Accuracy()
    metric.update([mx.nd.array([0, 1, 1])], [mx.nd.array([[0.3, 0.7], [0, 1.], [0.4, 0.6]])])
    assert metric.get() == ("accuracy", 0.6666666666666666)
    composite = mx.metric.CompositeEvalMetric()
    for child in (mx.metric.Accuracy(), mx.metric.F1()):
        composite.add(child)
    composite.update(labels=[mx.nd.array([0, 1, 1])], preds=[mx.nd.array([[0.3, 0.7], [0, 1.], [0.4, 0.6]])])
    assert composite.get() == (["accuracy", "f1"], [0.6666666666666666, 0.8])


def test_nan_before_update_and_single_ndarray_arguments():
    metric = mx.metric.MSE()
    name, value = metric.get()
    assert name == "mse" and math.isnan(value)
    metric.update(mx.nd.array([1, 2]), mx.nd.array([1, 4]))  # bare NDArrays are wrapped
    assert metric.get() == ("mse", 2.0)


def test_register_a_new_metric():
    @mx.metric.register
    class HalfLoss(mx.metric.Loss):
        def __init__(self, name="half"):
            super().__init__(name)

    made = mx.metric.create("halfloss")
    made.update(None, [mx.nd.array([2.0, 4.0])])
    assert type(made) is HalfLoss and made.get() == ("half", 3.0)
    with pytest.warns(UserWarning, match="overriding existing metric"):
        mx.metric.register(HalfLoss)


def test_loss_sums_as_mxnet_does():
    """MXNet's CPU sum is one Kahan pass in float32: values recorded with mx.nd.sum in MXNet 1.9.1,
    where a float64 sum rounded once would give 1.3 and -31.639767."""
    for values, expected in [(np.array([0.1, 1e8, -1e8, 0.1, 3.3, -2.2], dtype=np.float32), 1.1999998),
                             (np.random.RandomState(0).standard_normal(2000).astype(np.float32), -31.639769)]:
        metric = mx.metric.Loss()
        metric.update(None, [mx.nd.array(values)])
        assert metric.sum_metric == float(np.float32(expected))


def test_glibc_logf_emulation():
    """reference_math.c_logf gives glibc's logf bits (MXNet's CPU log), which are not always the
    correctly rounded logarithm."""
    import ctypes
    import ctypes.util

    from mxnd.reference_math import c_logf

    name = ctypes.util.find_library("m")
    if name is None:
        pytest.skip("no C math library to compare with")
    libm = ctypes.CDLL(name)
    libm.logf.restype, libm.logf.argtypes = ctypes.c_float, [ctypes.c_float]
    values = np.concatenate([np.exp2(np.random.RandomState(0).uniform(-149, 128, 3000)),
                             np.arange(1, 1000) / 1000, [0, -1, np.inf, np.nan, 1e-45]]).astype(np.float32)
    expected = np.array([libm.logf(float(v)) for v in values], np.float32)
    np.testing.assert_array_equal(c_logf(values), expected)
    assert c_logf(np.float32(0.824)) != np.float32(np.log(0.824))  # glibc is 1 ulp off here
