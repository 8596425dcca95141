"""``mx.metric``: evaluation metrics with MXNet 1.9.1's update / get / reset semantics.

Every metric keeps a local (``reset_local``) and a global running sum, and computes each
batch's value as apache/mxnet v1.9.1 ``python/mxnet/metric.py`` does, so values equal the
reference's. Batch values are accumulated as float64 Python floats, which is what MXNet's
``0.0 + numpy.float32`` gave under the NumPy 1.x it ran on (NumPy 2 would keep float32).

>>> import mxnd as mx
>>> acc = mx.metric.Accuracy()
>>> acc.update([mx.nd.array([0, 1, 1])], [mx.nd.array([[0.3, 0.7], [0, 1.], [0.4, 0.6]])])
>>> acc.get()
('accuracy', 0.6666666666666666)
"""
from __future__ import annotations

import json
import math
import warnings
from collections import OrderedDict

import numpy

from . import ndarray
from .ndarray import NDArray
from .kahan import kahan_sum
from .reference_math import argpartition, c_log, c_logf

__all__ = ["EvalMetric", "CompositeEvalMetric", "Accuracy", "TopKAccuracy", "F1", "MCC", "Perplexity",
           "MAE", "MSE", "RMSE", "CrossEntropy", "NegativeLogLikelihood", "PearsonCorrelation", "PCC",
           "Loss", "Torch", "Caffe", "CustomMetric", "create", "register", "alias", "np",
           "check_label_shapes"]


def check_label_shapes(labels, preds, wrap=False, shape=False):
    """Raise ValueError unless labels and preds have the same length (or shape when ``shape``)."""
    if not shape:
        label_shape, pred_shape = len(labels), len(preds)
    else:
        label_shape, pred_shape = labels.shape, preds.shape
    if label_shape != pred_shape:
        raise ValueError("Shape of labels {} does not match shape of "
                         "predictions {}".format(label_shape, pred_shape))
    if wrap:
        if isinstance(labels, NDArray):
            labels = [labels]
        if isinstance(preds, NDArray):
            preds = [preds]
    return labels, preds


def _f64(value):
    """A batch value as MXNet accumulated it: numpy scalars become float64 Python numbers."""
    if isinstance(value, numpy.floating):
        return float(value)
    if isinstance(value, numpy.integer):
        return int(value)
    return value


def _mx_sum(values: numpy.ndarray):
    """MXNet's ``nd.sum(x).asscalar()``: Kahan order for floats, wrapping in the dtype for integers."""
    if values.dtype.kind == "f":
        return kahan_sum(values)
    return values.sum(dtype=values.dtype)


def _logf(values: numpy.ndarray) -> numpy.ndarray:
    """MXNet's CPU ``nd.log``: glibc's ``logf`` (float16 through float32) or ``log`` (float64)."""
    if values.dtype == numpy.float64:
        return c_log(values)
    if values.dtype in (numpy.float32, numpy.float16):
        return c_logf(values).astype(values.dtype)
    return numpy.log(values.astype(numpy.float64)).astype(values.dtype)


class EvalMetric:
    """Base class: ``update(labels, preds)`` adds a batch; ``get()`` is ``(name, value)``.

    Subclasses add to ``sum_metric``/``num_inst`` (local) and the ``global_`` pair;
    ``get`` is their ratio (nan before any update).
    """

    def __init__(self, name, output_names=None, label_names=None, **kwargs):
        self.name = str(name)
        self.output_names = output_names
        self.label_names = label_names
        self._has_global_stats = kwargs.pop("has_global_stats", False)
        self._kwargs = kwargs
        self.reset()

    def __str__(self):
        values = {name: value.item() if isinstance(value, numpy.generic) else value
                  for name, value in self.get_name_value()}  # NumPy 1.x printed scalars plainly
        return "EvalMetric: {}".format(values)

    def get_config(self):
        """The keyword arguments that ``create(**config)`` turns back into this metric."""
        config = self._kwargs.copy()
        config.update({"metric": type(self).__name__, "name": self.name,
                       "output_names": self.output_names, "label_names": self.label_names})
        return config

    def update_dict(self, label, pred):
        """Update with dicts name -> NDArray, selecting ``output_names`` / ``label_names``."""
        pred = [pred[name] for name in self.output_names] if self.output_names is not None \
            else list(pred.values())
        label = [label[name] for name in self.label_names] if self.label_names is not None \
            else list(label.values())
        self.update(label, pred)

    def update(self, labels, preds):
        """Add one batch of ``labels`` and ``preds`` (lists of NDArray)."""
        raise NotImplementedError(f"{type(self).__name__} must implement update()")

    def reset(self):
        """Clear the local and global statistics."""
        self.num_inst = 0
        self.sum_metric = 0.0
        self.global_num_inst = 0
        self.global_sum_metric = 0.0

    def reset_local(self):
        """Clear the local statistics only."""
        self.num_inst = 0
        self.sum_metric = 0.0

    def _add(self, value, count):
        """Add a batch's sum and instance count to the local and global statistics."""
        value = _f64(value)
        self.sum_metric += value
        self.global_sum_metric += value
        self.num_inst += count
        self.global_num_inst += count

    def get(self):
        """``(name, value)`` of the local statistics."""
        if self.num_inst == 0:
            return (self.name, float("nan"))
        return (self.name, self.sum_metric / self.num_inst)

    def get_global(self):
        """``(name, value)`` since the last ``reset`` (the local value without global stats)."""
        if self._has_global_stats:
            if self.global_num_inst == 0:
                return (self.name, float("nan"))
            return (self.name, self.global_sum_metric / self.global_num_inst)
        return self.get()

    def get_name_value(self):
        """``[(name, value)]`` pairs of ``get()``."""
        return _pairs(*self.get())

    def get_global_name_value(self):
        """``[(name, value)]`` pairs of ``get_global()``."""
        if self._has_global_stats:
            return _pairs(*self.get_global())
        return self.get_name_value()


def _pairs(name, value):
    if not isinstance(name, list):
        name = [name]
    if not isinstance(value, list):
        value = [value]
    return list(zip(name, value))


# ----- registry (MXNet's registry.py: lower-case names, aliases, create from str/dict/json) ---

_REGISTRY: dict = {}


def register(klass, name=None):
    """Register an EvalMetric subclass under ``name`` (default: its lower-cased class name)."""
    assert issubclass(klass, EvalMetric), "Can only register subclass of EvalMetric"
    name = (klass.__name__ if name is None else name).lower()
    if name in _REGISTRY:
        warnings.warn("\033[91mNew metric %s.%s registered with name %s is"
                      "overriding existing metric %s.%s\033[0m" % (
                          klass.__module__, klass.__name__, name,
                          _REGISTRY[name].__module__, _REGISTRY[name].__name__), UserWarning, stacklevel=2)
    _REGISTRY[name] = klass
    return klass


def alias(*aliases):
    """Class decorator registering extra names for a metric."""
    def decorate(klass):
        for name in aliases:
            register(klass, name)
        return klass
    return decorate


def _create(*args, **kwargs):
    if args:
        name, args = args[0], args[1:]
    else:
        name = kwargs.pop("metric")
    if isinstance(name, EvalMetric):
        assert len(args) == 0 and len(kwargs) == 0, \
            "metric is already an instance. Additional arguments are invalid"
        return name
    if isinstance(name, dict):
        return _create(**name)
    assert isinstance(name, str), "metric must be of string type"
    if name.startswith("["):
        assert not args and not kwargs
        name, kwargs = json.loads(name)
        return _create(name, **kwargs)
    if name.startswith("{"):
        assert not args and not kwargs
        return _create(**json.loads(name))
    name = name.lower()
    assert name in _REGISTRY, \
        "%s is not registered. Please register with metric.register first" % str(name)
    return _REGISTRY[name](*args, **kwargs)


def create(metric, *args, **kwargs):
    """A metric from a name ('acc', 'f1', ...), an instance, a list of them, or a function.

    >>> create(['acc', 'mse']).get()
    (['accuracy', 'mse'], [nan, nan])
    """
    if callable(metric):
        return CustomMetric(metric, *args, **kwargs)
    if isinstance(metric, list):
        composite = CompositeEvalMetric()
        for child in metric:
            composite.add(create(child, *args, **kwargs))
        return composite
    return _create(metric, *args, **kwargs)


@register
@alias("composite")
class CompositeEvalMetric(EvalMetric):
    """Several metrics updated together; ``get()`` gives lists of names and values."""

    def __init__(self, metrics=None, name="composite", output_names=None, label_names=None):
        super().__init__(name, output_names=output_names, label_names=label_names, has_global_stats=True)
        self.metrics = [create(m) for m in (metrics or [])]

    def add(self, metric):
        """Add a child metric (anything ``create`` accepts)."""
        self.metrics.append(create(metric))

    def get_metric(self, index):
        """The child metric at ``index`` (MXNet returns, not raises, a ValueError when out of range)."""
        try:
            return self.metrics[index]
        except IndexError:
            return ValueError("Metric index {} is out of range 0 and {}".format(index, len(self.metrics)))

    def update_dict(self, labels, preds):  # noqa: D102 - same contract as EvalMetric
        if self.label_names is not None:
            labels = OrderedDict([i for i in labels.items() if i[0] in self.label_names])
        if self.output_names is not None:
            preds = OrderedDict([i for i in preds.items() if i[0] in self.output_names])
        for metric in self.metrics:
            metric.update_dict(labels, preds)

    def update(self, labels, preds):
        """Update every child metric."""
        for metric in self.metrics:
            metric.update(labels, preds)

    def reset(self):
        """Reset every child metric."""
        for metric in getattr(self, "metrics", ()):
            metric.reset()

    def reset_local(self):
        """Reset every child metric's local statistics."""
        for metric in getattr(self, "metrics", ()):
            metric.reset_local()

    def _collect(self, getter):
        names, values = [], []
        for metric in self.metrics:
            name, value = getter(metric)
            names.extend([name] if isinstance(name, str) else name)
            values.extend([value] if isinstance(value, (int, float, numpy.generic)) else value)
        return (names, values)

    def get(self):
        """``([names], [values])`` of the children."""
        return self._collect(lambda m: m.get())

    def get_global(self):
        """``([names], [values])`` of the children's global statistics."""
        return self._collect(lambda m: m.get_global())

    def get_config(self):  # noqa: D102
        config = super().get_config()
        config.update({"metrics": [m.get_config() for m in self.metrics]})
        return config


@register
@alias("acc")
class Accuracy(EvalMetric):
    """Fraction of predictions (argmax over ``axis`` unless already labels) equal to the labels."""

    def __init__(self, axis=1, name="accuracy", output_names=None, label_names=None):
        super().__init__(name, axis=axis, output_names=output_names, label_names=label_names,
                         has_global_stats=True)
        self.axis = axis

    def update(self, labels, preds):  # noqa: D102
        labels, preds = check_label_shapes(labels, preds, True)
        for label, pred in zip(labels, preds):
            if pred.shape != label.shape:
                pred = ndarray.argmax(pred, axis=self.axis)
            pred = pred.asnumpy().astype("int32").flat
            label = label.asnumpy().astype("int32").flat
            check_label_shapes(label, pred)
            self._add((pred == label).sum(), len(pred))


@register
@alias("top_k_accuracy", "top_k_acc")
class TopKAccuracy(EvalMetric):
    """Fraction of labels among the ``top_k`` highest-scored classes (``top_k`` > 1)."""

    def __init__(self, top_k=1, name="top_k_accuracy", output_names=None, label_names=None):
        super().__init__(name, top_k=top_k, output_names=output_names, label_names=label_names,
                         has_global_stats=True)
        self.top_k = top_k
        assert self.top_k > 1, "Please use Accuracy if top_k is no more than 1"
        self.name += "_%d" % self.top_k

    def update(self, labels, preds):  # noqa: D102
        labels, preds = check_label_shapes(labels, preds, True)
        for label, pred in zip(labels, preds):
            assert len(pred.shape) <= 2, "Predictions should be no more than 2 dims"
            ranked = argpartition(pred.asnumpy().astype("float32"), -self.top_k)
            label = label.asnumpy().astype("int32")
            check_label_shapes(label, ranked)
            samples = ranked.shape[0]
            if ranked.ndim == 1:  # MXNet adds this to the local sum only
                self.sum_metric += _f64((ranked.flat == label.flat).sum())
            else:
                classes = ranked.shape[1]
                for j in range(min(classes, self.top_k)):
                    self._add((ranked[:, classes - 1 - j].flat == label.flat).sum(), 0)
            self.num_inst += samples
            self.global_num_inst += samples


def _ratio(part, other):
    """``part / (part + other)``, 0 when both are 0."""
    return float(part) / (part + other) if part + other > 0 else 0.


def _harmonic_mean(precision, recall):
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.


class _BinaryClassificationMetrics:
    """Confusion counts of a binary classifier, local and global, with MXNet's properties."""

    FIELDS = ("true_positives", "false_positives", "false_negatives", "true_negatives")

    def __init__(self):
        self.reset_stats()

    def update_binary_stats(self, label, pred):
        """Add the confusion counts of ``pred`` (argmax over axis 1) against ``label``."""
        pred = pred.asnumpy()
        label = label.asnumpy().astype("int32")
        pred_label = numpy.argmax(pred, axis=1)
        check_label_shapes(label, pred)
        if len(numpy.unique(label)) > 2:
            raise ValueError("%s currently only supports binary classification." % type(self).__name__)
        pred_true = pred_label == 1
        pred_false = 1 - pred_true
        label_true = label == 1
        label_false = 1 - label_true
        counts = ((pred_true * label_true).sum(), (pred_true * label_false).sum(),
                  (pred_false * label_true).sum(), (pred_false * label_false).sum())
        for field, count in zip(self.FIELDS, counts):
            count = int(count)
            setattr(self, field, getattr(self, field) + count)
            setattr(self, "global_" + field, getattr(self, "global_" + field) + count)

    precision = property(lambda self: _ratio(self.true_positives, self.false_positives))
    global_precision = property(lambda self: _ratio(self.global_true_positives, self.global_false_positives))
    recall = property(lambda self: _ratio(self.true_positives, self.false_negatives))
    global_recall = property(lambda self: _ratio(self.global_true_positives, self.global_false_negatives))
    fscore = property(lambda self: _harmonic_mean(self.precision, self.recall))
    global_fscore = property(lambda self: _harmonic_mean(self.global_precision, self.global_recall))
    total_examples = property(lambda self: sum(self._counts("")))
    global_total_examples = property(lambda self: sum(self._counts("global_")))

    def _counts(self, prefix):
        return [getattr(self, prefix + field) for field in self.FIELDS]

    def matthewscc(self, use_global=False):
        """Matthews correlation coefficient of the (global) counts; 0 without examples."""
        counts = self._counts("global_" if use_global else "")
        if not sum(counts):
            return 0.
        tp, fp, fn, tn = (float(c) for c in counts)
        denominator = 1.
        for term in (tp + fp, tp + fn, tn + fp, tn + fn):
            if term != 0.:
                denominator *= term
        return ((tp * tn) - (fp * fn)) / math.sqrt(denominator)

    def local_reset_stats(self):
        for field in self.FIELDS:
            setattr(self, field, 0)

    def reset_stats(self):
        for field in self.FIELDS:
            setattr(self, field, 0)
            setattr(self, "global_" + field, 0)


class _BinaryMetric(EvalMetric):
    """F1 and MCC: a score of the confusion counts, averaged per batch ('macro') or pooled ('micro').

    Subclasses name their counts (``_stats``) and averaging mode (``_mode``) as MXNet does.
    """

    _zero = 0  # what reset() sets the instance counts to (MXNet's MCC uses 0.0)

    def _score(self, use_global):
        raise NotImplementedError(f"{type(self).__name__} must define _score()")

    def update(self, labels, preds):  # noqa: D102
        labels, preds = check_label_shapes(labels, preds, True)
        stats = self._stats
        for label, pred in zip(labels, preds):
            stats.update_binary_stats(label, pred)
        if self._mode == "macro":
            self.sum_metric += self._score(False)
            self.global_sum_metric += self._score(True)
            self.num_inst += 1
            self.global_num_inst += 1
            stats.reset_stats()
        else:
            self.sum_metric = self._score(False) * stats.total_examples
            self.global_sum_metric = self._score(True) * stats.global_total_examples
            self.num_inst = stats.total_examples
            self.global_num_inst = stats.global_total_examples

    def reset(self):  # noqa: D102
        super().reset()
        self.num_inst = self.global_num_inst = self._zero
        self._stats.reset_stats()

    def reset_local(self):  # noqa: D102
        super().reset_local()
        self.num_inst = self._zero
        self._stats.local_reset_stats()


@register
class F1(_BinaryMetric):
    """F1 score of a binary classifier (class 1 positive); ``average`` 'macro' or 'micro'."""

    _stats = property(lambda self: self.metrics)
    _mode = property(lambda self: self.average)

    def __init__(self, name="f1", output_names=None, label_names=None, average="macro"):
        self.average = average
        self.metrics = _BinaryClassificationMetrics()
        super().__init__(name, output_names=output_names, label_names=label_names, has_global_stats=True)

    def _score(self, use_global):
        return self.metrics.global_fscore if use_global else self.metrics.fscore


@register
class MCC(_BinaryMetric):
    """Matthews correlation coefficient of a binary classifier; ``average`` 'macro' or 'micro'."""

    _zero = 0.
    _stats = property(lambda self: self._metrics)
    _mode = property(lambda self: self._average)

    def __init__(self, name="mcc", output_names=None, label_names=None, average="macro"):
        self._average = average
        self._metrics = _BinaryClassificationMetrics()
        super().__init__(name, output_names=output_names, label_names=label_names, has_global_stats=True)

    def _score(self, use_global):
        return self._metrics.matthewscc(use_global)


@register
class Perplexity(EvalMetric):
    """``exp`` of the mean negative log probability of the labels (``ignore_label`` skipped)."""

    def __init__(self, ignore_label, axis=-1, name="perplexity", output_names=None, label_names=None):
        super().__init__(name, ignore_label=ignore_label, output_names=output_names,
                         label_names=label_names, has_global_stats=True)
        self.ignore_label = ignore_label
        self.axis = axis

    def update(self, labels, preds):  # noqa: D102
        assert len(labels) == len(preds)
        loss, num = 0., 0
        for label, pred in zip(labels, preds):
            assert label.size == pred.size / pred.shape[-1], \
                "shape mismatch: %s vs. %s" % (label.shape, pred.shape)
            label = label.as_in_context(pred.context).reshape((label.size,))
            picked = ndarray.pick(pred, label.astype(dtype="int32"), axis=self.axis).asnumpy()
            if self.ignore_label is not None:
                ignore = (label.asnumpy() == self.ignore_label).astype(picked.dtype)
                num -= _f64(kahan_sum(ignore))
                picked = picked * (1 - ignore) + ignore
            loss -= _f64(kahan_sum(_logf(numpy.maximum(picked.dtype.type(1e-10), picked))))
            num += picked.size
        self._add(loss, num)

    def get(self):  # noqa: D102
        if self.num_inst == 0:
            return (self.name, float("nan"))
        return (self.name, math.exp(self.sum_metric / self.num_inst))

    def get_global(self):  # noqa: D102
        if self.global_num_inst == 0:
            return (self.name, float("nan"))
        return (self.name, math.exp(self.global_sum_metric / self.global_num_inst))


class _Regression(EvalMetric):
    """MAE, MSE, RMSE: the mean of one error value per (label, pred) pair."""

    def __init__(self, name, output_names=None, label_names=None):
        super().__init__(name, output_names=output_names, label_names=label_names, has_global_stats=True)

    @staticmethod
    def error(difference):
        raise NotImplementedError

    def update(self, labels, preds):  # noqa: D102
        labels, preds = check_label_shapes(labels, preds, True)
        for label, pred in zip(labels, preds):
            label, pred = label.asnumpy(), pred.asnumpy()
            if len(label.shape) == 1:
                label = label.reshape(label.shape[0], 1)
            if len(pred.shape) == 1:
                pred = pred.reshape(pred.shape[0], 1)
            self._add(self.error(label - pred), 1)


def _regression(class_name, default_name, error, doc):
    def __init__(self, name=default_name, output_names=None, label_names=None):
        _Regression.__init__(self, name, output_names, label_names)

    klass = type(class_name, (_Regression,), {"__init__": __init__, "error": staticmethod(error),
                                              "__doc__": doc, "__module__": __name__})
    return register(klass)


MAE = _regression("MAE", "mae", lambda d: numpy.abs(d).mean(), "Mean absolute error, averaged over batches.")
MSE = _regression("MSE", "mse", lambda d: (d ** 2.0).mean(), "Mean squared error, averaged over batches.")
RMSE = _regression("RMSE", "rmse", lambda d: numpy.sqrt((d ** 2.0).mean()),
                   "Root mean squared error, averaged over batches.")


class _LogLoss(EvalMetric):
    """CrossEntropy and NegativeLogLikelihood: mean of ``-log(p[label] + eps)`` over examples."""

    _plain_assert = False  # CrossEntropy's length check has no message

    def __init__(self, eps, name, output_names, label_names):
        super().__init__(name, eps=eps, output_names=output_names, label_names=label_names,
                         has_global_stats=True)
        self.eps = eps

    def update(self, labels, preds):  # noqa: D102
        labels, preds = check_label_shapes(labels, preds, True)
        for label, pred in zip(labels, preds):
            label, pred = label.asnumpy().ravel(), pred.asnumpy()
            count = pred.shape[0]
            if label.shape[0] != count:
                raise AssertionError() if self._plain_assert else AssertionError((label.shape[0], count))
            prob = pred[numpy.arange(count, dtype=numpy.int64), numpy.int64(label)]
            self._add((-numpy.log(prob + self.eps)).sum(), count)


@register
@alias("ce")
class CrossEntropy(_LogLoss):
    """Cross entropy of predicted class probabilities and integer labels."""

    _plain_assert = True

    def __init__(self, eps=1e-12, name="cross-entropy", output_names=None, label_names=None):
        super().__init__(eps, name, output_names, label_names)


@register
@alias("nll_loss")
class NegativeLogLikelihood(_LogLoss):
    """Negative log likelihood of predicted class probabilities and integer labels."""

    def __init__(self, eps=1e-12, name="nll-loss", output_names=None, label_names=None):
        super().__init__(eps, name, output_names, label_names)


@register
@alias("pearsonr")
class PearsonCorrelation(EvalMetric):
    """Pearson correlation of predictions and labels: per batch ('macro') or pooled ('micro')."""

    def __init__(self, name="pearsonr", output_names=None, label_names=None, average="macro"):
        self.average = average
        super().__init__(name, output_names=output_names, label_names=label_names, has_global_stats=True)
        if self.average == "micro":
            self.reset_micro()

    def reset_micro(self):
        """Clear the pooled running moments."""
        self._sse_p = self._mean_p = self._sse_l = self._mean_l = 0
        self._pred_nums = self._label_nums = 0
        self._conv = 0

    def reset(self):  # noqa: D102
        super().reset()
        if self.average == "micro":
            self.reset_micro()

    def update_variance(self, new_values, *aggregate):
        """Welford's update of ``(count, mean, M2)`` with a batch of values."""
        count, mean, m_2 = aggregate
        count += len(new_values)
        delta = new_values - mean
        mean += numpy.sum(delta / count)
        delta_2 = new_values - mean
        m_2 += numpy.sum(delta * delta_2)
        return count, mean, m_2

    def update_cov(self, label, pred):
        """Add the batch's co-moment around the running means."""
        self._conv = self._conv + numpy.sum((label - self._mean_l) * (pred - self._mean_p))

    def update(self, labels, preds):  # noqa: D102
        labels, preds = check_label_shapes(labels, preds, True)
        for label, pred in zip(labels, preds):
            check_label_shapes(label, pred, False, True)
            label = label.asnumpy().ravel().astype(numpy.float64)
            pred = pred.asnumpy().ravel().astype(numpy.float64)
            if self.average == "macro":
                self._add(numpy.corrcoef(pred, label)[0, 1], 1)
            else:
                self.global_num_inst += 1
                self.num_inst += 1
                self._label_nums, self._mean_l, self._sse_l = \
                    self.update_variance(label, self._label_nums, self._mean_l, self._sse_l)
                self.update_cov(label, pred)
                self._pred_nums, self._mean_p, self._sse_p = \
                    self.update_variance(pred, self._pred_nums, self._mean_p, self._sse_p)

    def get(self):  # noqa: D102
        if self.num_inst == 0:
            return (self.name, float("nan"))
        if self.average == "macro":
            return (self.name, self.sum_metric / self.num_inst)
        n = self._label_nums
        pearsonr = self._conv / ((n - 1) * numpy.sqrt(self._sse_p / (n - 1)) * numpy.sqrt(self._sse_l / (n - 1)))
        return (self.name, pearsonr)


@register
class PCC(EvalMetric):
    """Multiclass Matthews correlation (Pearson correlation of the confusion matrix)."""

    def __init__(self, name="pcc", output_names=None, label_names=None, has_global_stats=True):
        self.k = 2
        super().__init__(name=name, output_names=output_names, label_names=label_names,
                         has_global_stats=has_global_stats)

    def _grow(self, inc):
        self.lcm = numpy.pad(self.lcm, ((0, inc), (0, inc)), "constant", constant_values=(0))
        self.gcm = numpy.pad(self.gcm, ((0, inc), (0, inc)), "constant", constant_values=(0))
        self.k += inc

    @staticmethod
    def _calc_mcc(cmat):
        n = cmat.sum()
        x = cmat.sum(axis=1)
        y = cmat.sum(axis=0)
        cov_xx = numpy.sum(x * (n - x))
        cov_yy = numpy.sum(y * (n - y))
        if cov_xx == 0 or cov_yy == 0:
            return float("nan")
        i = cmat.diagonal()
        cov_xy = numpy.sum(i * n - x * y)
        return cov_xy / (cov_xx * cov_yy) ** 0.5

    def update(self, labels, preds):  # noqa: D102
        labels, preds = check_label_shapes(labels, preds, True)
        for label, pred in zip(labels, preds):
            label = label.astype("int32", copy=False).asnumpy()
            pred = pred.asnumpy()
            pred = pred.argmax(axis=1) if pred.shape != label.shape else pred.astype("int32", copy=False)
            n = max(pred.max(), label.max())
            if n >= self.k:
                self._grow(n + 1 - self.k)
            bcm = numpy.zeros((self.k, self.k))
            if pred.ndim == label.ndim == 1 and len(pred) == len(label):
                numpy.add.at(bcm, (pred, label), 1)
            else:  # MXNet's loop: zip stops at the shorter, rows of 2-D labels index as arrays
                for i, j in zip(pred, label):
                    bcm[i, j] += 1
            self.lcm += bcm
            self.gcm += bcm
        self.num_inst += 1
        self.global_num_inst += 1

    @property
    def sum_metric(self):
        return self._calc_mcc(self.lcm) * self.num_inst

    @property
    def global_sum_metric(self):
        return self._calc_mcc(self.gcm) * self.global_num_inst

    def reset(self):  # noqa: D102
        self.global_num_inst = 0.
        self.gcm = numpy.zeros((self.k, self.k))
        self.reset_local()

    def reset_local(self):  # noqa: D102
        self.num_inst = 0.
        self.lcm = numpy.zeros((self.k, self.k))


@register
class Loss(EvalMetric):
    """Mean of the predictions themselves (for outputs that are losses); labels are ignored."""

    def __init__(self, name="loss", output_names=None, label_names=None):
        super().__init__(name, output_names=output_names, label_names=label_names, has_global_stats=True)

    def update(self, _, preds):  # noqa: D102
        if isinstance(preds, NDArray):
            preds = [preds]
        for pred in preds:
            self._add(_mx_sum(pred.asnumpy()), pred.size)


@register
class Torch(Loss):
    """Loss metric named 'torch' (MXNet's name for outputs of Torch modules)."""

    def __init__(self, name="torch", output_names=None, label_names=None):
        super().__init__(name, output_names=output_names, label_names=label_names)


@register
class Caffe(Loss):
    """Loss metric named 'caffe'."""

    def __init__(self, name="caffe", output_names=None, label_names=None):
        super().__init__(name, output_names=output_names, label_names=label_names)


@register
class CustomMetric(EvalMetric):
    """A metric from ``feval(label, pred)`` on numpy arrays, returning a value or ``(sum, count)``."""

    def __init__(self, feval, name=None, allow_extra_outputs=False, output_names=None, label_names=None):
        if name is None:
            name = feval.__name__
            if name.find("<") != -1:
                name = "custom(%s)" % name
        super().__init__(name, feval=feval, allow_extra_outputs=allow_extra_outputs,
                         output_names=output_names, label_names=label_names, has_global_stats=True)
        self._feval = feval
        self._allow_extra_outputs = allow_extra_outputs

    def update(self, labels, preds):  # noqa: D102
        if not self._allow_extra_outputs:
            labels, preds = check_label_shapes(labels, preds, True)
        for pred, label in zip(preds, labels):
            result = self._feval(label.asnumpy(), pred.asnumpy())
            if isinstance(result, tuple):
                self._add(result[0], result[1])
            else:
                self._add(result, 1)

    def get_config(self):  # noqa: D102
        raise NotImplementedError("CustomMetric cannot be serialized")


def np(numpy_feval, name=None, allow_extra_outputs=False):
    """A CustomMetric from a function of numpy ``(label, pred)``.

    >>> import mxnd as mx
    >>> m = mx.metric.np(lambda label, pred: abs(label - pred).mean(), name='l1')
    >>> m.update([mx.nd.array([1, 2])], [mx.nd.array([1, 4])])
    >>> m.get()
    ('l1', 1.0)
    """
    def feval(label, pred):
        return numpy_feval(label, pred)

    feval.__name__ = numpy_feval.__name__
    return CustomMetric(feval, name, allow_extra_outputs)
