"""``mx.callback``: MXNet 1.9.1's training callbacks. Batch-end callbacks take a
``mx.model.BatchEndParam`` (``epoch, nbatch, eval_metric, locals``); epoch-end callbacks take
``(epoch, symbol, arg_params, aux_params)``. Everything is logged on the root logger with
``logging.info``, in MXNet's words.

>>> import logging, sys, mxnd as mx
>>> root, handler = logging.getLogger(), logging.StreamHandler(sys.stdout)
>>> level = root.level; root.addHandler(handler); root.setLevel(logging.INFO)
>>> metric = mx.metric.Accuracy()
>>> metric.update([mx.nd.array([1, 0])], [mx.nd.array([[0.2, 0.8], [0.1, 0.9]])])
>>> mx.callback.LogValidationMetricsCallback()(mx.model.BatchEndParam(2, 0, metric, None))
Epoch[2] Validation-accuracy=0.500000
>>> root.removeHandler(handler); root.setLevel(level)
"""
from __future__ import annotations

import logging
import math
import time

from .model import save_checkpoint

__all__ = ["module_checkpoint", "do_checkpoint", "log_train_metric", "Speedometer", "ProgressBar",
           "LogValidationMetricsCallback"]


def _every(period) -> int:
    return int(max(1, period))


def module_checkpoint(mod, prefix, period=1, save_optimizer_states=False):
    """Epoch-end callback calling ``mod.save_checkpoint(prefix, epoch + 1, save_optimizer_states)``
    every ``period`` epochs (mxnd has no Module; any object with that method works)."""
    period = _every(period)

    def _callback(iter_no, sym=None, arg=None, aux=None):
        if (iter_no + 1) % period == 0:
            mod.save_checkpoint(prefix, iter_no + 1, save_optimizer_states)
    return _callback


def do_checkpoint(prefix, period=1):
    """Epoch-end callback saving ``prefix-%04d.params`` (epoch + 1) every ``period`` epochs with
    ``mx.model.save_checkpoint``; pass ``sym=None`` (mxnd has no Symbol).

    >>> import os, tempfile, mxnd as mx
    >>> prefix = os.path.join(tempfile.mkdtemp(), "net")
    >>> callback = mx.callback.do_checkpoint(prefix, period=2)
    >>> for epoch in range(4):
    ...     callback(epoch, None, {"w": mx.nd.ones((1,))}, {})
    >>> sorted(os.listdir(os.path.dirname(prefix)))
    ['net-0002.params', 'net-0004.params']
    """
    period = _every(period)

    def _callback(iter_no, sym, arg, aux):
        if (iter_no + 1) % period == 0:
            save_checkpoint(prefix, iter_no + 1, sym, arg, aux)
    return _callback


def log_train_metric(period, auto_reset=False):
    """Batch-end callback logging ``Iter[epoch] Batch[n] Train-<name>=<value>`` every ``period``
    batches (and resetting the metric's local state after it if ``auto_reset``)."""
    def _callback(param):
        if param.nbatch % period == 0 and param.eval_metric is not None:
            for name, value in param.eval_metric.get_name_value():
                logging.info('Iter[%d] Batch[%d] Train-%s=%f', param.epoch, param.nbatch, name, value)
            if auto_reset:
                param.eval_metric.reset_local()
    return _callback


class Speedometer:
    """Batch-end callback logging the speed (samples/sec) and the metric every ``frequent``
    batches; ``auto_reset`` resets the metric's local state after each log. A batch number
    smaller than the previous one (a new epoch) restarts the clock."""

    def __init__(self, batch_size, frequent=50, auto_reset=True):
        self.batch_size = batch_size
        self.frequent = frequent
        self.init = False
        self.tic = 0
        self.last_count = 0
        self.auto_reset = auto_reset

    def __call__(self, param):
        count = param.nbatch
        if self.last_count > count:
            self.init = False
        self.last_count = count
        if not self.init:
            self.init = True
            self.tic = time.time()
            return
        if count % self.frequent != 0:
            return
        try:
            speed = self.frequent * self.batch_size / (time.time() - self.tic)
        except ZeroDivisionError:
            speed = float('inf')
        self._log(param, count, speed)
        self.tic = time.time()

    def _log(self, param, count, speed):
        metric = param.eval_metric
        if metric is None:
            logging.info("Iter[%d] Batch [%d]\tSpeed: %.2f samples/sec", param.epoch, count, speed)
            return
        name_value = metric.get_name_value()
        pairs = [item for pair in name_value for item in pair]
        metric_fmt = '\t%s=%f' * len(name_value)
        if self.auto_reset:
            metric.reset_local()
            logging.info('Epoch[%d] Batch [%d-%d]\tSpeed: %.2f samples/sec' + metric_fmt,
                         param.epoch, count - self.frequent, count, speed, *pairs)
        else:
            logging.info('Epoch[%d] Batch [0-%d]\tSpeed: %.2f samples/sec' + metric_fmt,
                         param.epoch, count, speed, *pairs)


class ProgressBar:
    """Batch-end callback logging a bar of ``length`` characters and the percentage of the
    ``total`` batches done, e.g. ``[===-------] 34%`` followed by ``\\r``."""

    def __init__(self, total, length=80):
        self.bar_len = length
        self.total = total

    def __call__(self, param):
        filled = int(round(self.bar_len * param.nbatch / float(self.total)))
        percents = math.ceil(100.0 * param.nbatch / float(self.total))
        bar = '=' * filled + '-' * (self.bar_len - filled)
        logging.info('[%s] %s%s\r', bar, percents, '%')


class LogValidationMetricsCallback:
    """Validation-end callback (a ``BatchEndParam``) logging ``Epoch[epoch] Validation-<name>=<value>``
    for each metric."""

    def __call__(self, param):
        if not param.eval_metric:
            return
        for name, value in param.eval_metric.get_name_value():
            logging.info('Epoch[%d] Validation-%s=%f', param.epoch, name, value)
