"""mx.callback, mx.model, mx.runtime, mx.util, mx.engine, mx.log, mx.error and the aliases:
expected log lines, reprs, return values and errors are those of MXNet 1.9.1."""
import logging
import os
import threading
import time
import warnings

import numpy as np
import pytest
import torch

import mxnd as mx
import mxnd.util
from mxnd.errors import MXNetError

P = mx.model.BatchEndParam


def _messages(caplog):
    return [(r.levelname, r.name, r.getMessage()) for r in caplog.records]


def _accuracy():
    """Accuracy 2/3 (one wrong prediction of three)."""
    metric = mx.metric.Accuracy()
    metric.update([mx.nd.array([0, 1, 1])], [mx.nd.array([[1, 0], [0, 1], [1, 0]])])
    return metric


def _in_new_thread(func):
    out = []
    thread = threading.Thread(target=lambda: out.append(func()))
    thread.start()
    thread.join()
    return out[0]


@pytest.fixture
def clock(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


# ----- mx.model --------------------------------------------------------------------------------

def test_batch_end_param_is_mxnets_namedtuple():
    assert P.__name__ == "BatchEndParams"
    assert P._fields == ('epoch', 'nbatch', 'eval_metric', 'locals')
    assert repr(P(0, 1, None, None)) == "BatchEndParams(epoch=0, nbatch=1, eval_metric=None, locals=None)"


def test_save_checkpoint_and_load_params(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    prefix = str(tmp_path / "m")
    arg = {'w': mx.nd.array([1, 2]), 'b': mx.nd.array([3])}
    aux = {'mean': mx.nd.array([0.5])}
    assert mx.model.save_checkpoint(prefix, 3, None, arg, aux) is None
    assert sorted(os.listdir(tmp_path)) == ['m-0003.params']
    assert sorted(mx.nd.load(prefix + "-0003.params")) == ['arg:b', 'arg:w', 'aux:mean']
    assert _messages(caplog) == [('INFO', 'root', f'Saved checkpoint to "{prefix}-0003.params"')]
    arg_params, aux_params = mx.model.load_params(prefix, 3)
    assert {k: v.asnumpy().tolist() for k, v in arg_params.items()} == {'w': [1.0, 2.0], 'b': [3.0]}
    assert {k: v.asnumpy().tolist() for k, v in aux_params.items()} == {'mean': [0.5]}


def test_save_checkpoint_calls_a_symbols_save(tmp_path):
    calls = []

    class FakeSymbol:
        def save(self, fname, remove_amp_cast=True):
            calls.append((os.path.basename(fname), remove_amp_cast))

    prefix = str(tmp_path / "s")
    mx.model.save_checkpoint(prefix, 12345, FakeSymbol(), {}, {}, remove_amp_cast=False)
    mx.model.save_checkpoint(prefix, 1, FakeSymbol(), {}, {})
    assert calls == [('s-symbol.json', False), ('s-symbol.json', True)]
    assert sorted(os.listdir(tmp_path)) == ['s-0001.params', 's-12345.params']


def test_load_params_keys(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    prefix = str(tmp_path / "o")
    mx.nd.save(prefix + "-0001.params",
               {'arg:p': mx.nd.ones(1), 'other:q': mx.nd.ones(1), 'aux:a:b': mx.nd.zeros(1)})
    arg_params, aux_params = mx.model.load_params(prefix, 1)
    assert list(arg_params) == ['p'] and list(aux_params) == ['a:b']
    assert aux_params['a:b'].asnumpy().tolist() == [0.0]
    mx.nd.save(prefix + "-0000.params", {})
    assert mx.model.load_params(prefix, 0) == ({}, {})
    assert _messages(caplog) == [('WARNING', 'root', f"Params file '{prefix}-0000.params' is empty")]


def test_load_params_errors(tmp_path):
    prefix = str(tmp_path / "n")
    mx.nd.save(prefix + "-0001.params", {'noprefix': mx.nd.ones(1)})
    with pytest.raises(ValueError, match=r"^not enough values to unpack \(expected 2, got 1\)$"):
        mx.model.load_params(prefix, 1)
    mx.nd.save(prefix + "-0002.params", [mx.nd.ones(1)])
    with pytest.raises(AttributeError, match="'list' object has no attribute 'items'"):
        mx.model.load_params(prefix, 2)
    with pytest.raises(MXNetError, match="missing-0007.params"):
        mx.model.load_params(str(tmp_path / "missing"), 7)


# ----- mx.callback -----------------------------------------------------------------------------

def test_speedometer_auto_reset(clock, caplog):
    caplog.set_level(logging.INFO)
    metric = _accuracy()
    speedometer = mx.callback.Speedometer(4, 2)
    for nbatch in range(5):
        speedometer(P(epoch=1, nbatch=nbatch, eval_metric=metric, locals=None))
    assert _messages(caplog) == [
        ('INFO', 'root', 'Epoch[1] Batch [0-2]\tSpeed: inf samples/sec\taccuracy=0.666667'),
        ('INFO', 'root', 'Epoch[1] Batch [2-4]\tSpeed: inf samples/sec\taccuracy=nan'),
    ]
    assert (metric.num_inst, metric.global_num_inst) == (0, 3)
    assert caplog.records[0].args == (1, 0, 2, float('inf'), 'accuracy', 0.6666666666666666)


def test_speedometer_without_reset(clock, caplog):
    caplog.set_level(logging.INFO)
    metric = _accuracy()
    speedometer = mx.callback.Speedometer(4, 2, auto_reset=False)
    for nbatch in range(5):
        clock[0] += 0.5
        speedometer(P(epoch=2, nbatch=nbatch, eval_metric=metric, locals=None))
    assert _messages(caplog) == [
        ('INFO', 'root', 'Epoch[2] Batch [0-2]\tSpeed: 8.00 samples/sec\taccuracy=0.666667'),
        ('INFO', 'root', 'Epoch[2] Batch [0-4]\tSpeed: 8.00 samples/sec\taccuracy=0.666667'),
    ]
    assert (metric.num_inst, metric.global_num_inst) == (3, 3)


def test_speedometer_without_metric_restarts_each_epoch(clock, caplog):
    caplog.set_level(logging.INFO)
    speedometer = mx.callback.Speedometer(4, 2)
    for nbatch in [0, 1, 2, 0, 1, 2]:
        clock[0] += 0.25
        speedometer(P(epoch=3, nbatch=nbatch, eval_metric=None, locals=None))
    assert _messages(caplog) == [('INFO', 'root', 'Iter[3] Batch [2]\tSpeed: 16.00 samples/sec')] * 2


def test_speedometer_composite_metric(clock, caplog):
    caplog.set_level(logging.INFO)
    metric = mx.metric.CompositeEvalMetric()
    metric.add(mx.metric.Accuracy())
    metric.add(mx.metric.MSE())
    metric.update([mx.nd.array([0, 1, 1])], [mx.nd.array([[1, 0], [0, 1], [1, 0]])])
    speedometer = mx.callback.Speedometer(4, 1)
    for nbatch in [0, 1]:
        clock[0] += 1
        speedometer(P(epoch=4, nbatch=nbatch, eval_metric=metric, locals=None))
    assert _messages(caplog) == [
        ('INFO', 'root', 'Epoch[4] Batch [0-1]\tSpeed: 4.00 samples/sec\taccuracy=0.666667\tmse=0.500000')]
    assert caplog.records[0].msg == 'Epoch[%d] Batch [%d-%d]\tSpeed: %.2f samples/sec\t%s=%f\t%s=%f'


def test_progress_bar(caplog):
    caplog.set_level(logging.INFO)
    bar = mx.callback.ProgressBar(3, length=10)
    for nbatch in range(4):
        bar(P(0, nbatch, None, None))
    mx.callback.ProgressBar(7)(P(0, 3, None, None))
    assert [m for _, _, m in _messages(caplog)] == [
        '[----------] 0%\r', '[===-------] 34%\r', '[=======---] 67%\r', '[==========] 100%\r',
        '[' + '=' * 34 + '-' * 46 + '] 43%\r']
    assert caplog.records[1].args == ('===-------', 34, '%')


def test_log_train_metric(caplog):
    caplog.set_level(logging.INFO)
    metric = _accuracy()
    callback = mx.callback.log_train_metric(2)
    for nbatch in range(4):
        callback(P(5, nbatch, metric, None))
    assert metric.num_inst == 3
    resetting = mx.callback.log_train_metric(2, auto_reset=True)
    for nbatch in range(4):
        resetting(P(5, nbatch, metric, None))
    resetting(P(5, 0, None, None))
    assert _messages(caplog) == [('INFO', 'root', 'Iter[5] Batch[0] Train-accuracy=0.666667'),
                                 ('INFO', 'root', 'Iter[5] Batch[2] Train-accuracy=0.666667'),
                                 ('INFO', 'root', 'Iter[5] Batch[0] Train-accuracy=0.666667'),
                                 ('INFO', 'root', 'Iter[5] Batch[2] Train-accuracy=nan')]
    assert (metric.num_inst, metric.global_num_inst) == (0, 3)


def test_log_validation_metrics(caplog):
    caplog.set_level(logging.INFO)
    metric = mx.metric.CompositeEvalMetric()
    metric.add(mx.metric.Accuracy())
    metric.add(mx.metric.MSE())
    metric.update([mx.nd.array([0, 1, 1])], [mx.nd.array([[1, 0], [0, 1], [1, 0]])])
    callback = mx.callback.LogValidationMetricsCallback()
    callback(P(6, 0, metric, None))
    callback(P(6, 0, None, None))
    callback(P(6, 0, mx.metric.Accuracy(), None))
    assert _messages(caplog) == [('INFO', 'root', 'Epoch[6] Validation-accuracy=0.666667'),
                                 ('INFO', 'root', 'Epoch[6] Validation-mse=0.500000'),
                                 ('INFO', 'root', 'Epoch[6] Validation-accuracy=nan')]


def test_do_checkpoint(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    arg = {'w': mx.nd.array([1, 2])}
    callback = mx.callback.do_checkpoint(str(tmp_path / "c"), period=2)
    for epoch in range(4):
        callback(epoch, None, arg, {})
    every_epoch = mx.callback.do_checkpoint(str(tmp_path / "d"), period=0)
    every_epoch(0, None, arg, {})
    assert sorted(os.listdir(tmp_path)) == ['c-0002.params', 'c-0004.params', 'd-0001.params']
    assert [m for _, _, m in _messages(caplog)] == [
        f'Saved checkpoint to "{tmp_path}/c-0002.params"', f'Saved checkpoint to "{tmp_path}/c-0004.params"',
        f'Saved checkpoint to "{tmp_path}/d-0001.params"']
    assert mx.nd.load(str(tmp_path / "c-0004.params"))['arg:w'].asnumpy().tolist() == [1.0, 2.0]


def test_module_checkpoint():
    calls = []

    class FakeModule:
        def save_checkpoint(self, *args):
            calls.append(args)

    callback = mx.callback.module_checkpoint(FakeModule(), 'mm', period=2, save_optimizer_states=True)
    for epoch in range(4):
        callback(epoch)
    mx.callback.module_checkpoint(FakeModule(), 'mm', period=-3)(0)
    assert calls == [('mm', 2, True), ('mm', 4, True), ('mm', 1, False)]


# ----- mx.runtime ------------------------------------------------------------------------------

MXNET_FEATURES = [
    'CUDA', 'CUDNN', 'NCCL', 'CUDA_RTC', 'TENSORRT', 'CPU_SSE', 'CPU_SSE2', 'CPU_SSE3', 'CPU_SSE4_1',
    'CPU_SSE4_2', 'CPU_SSE4A', 'CPU_AVX', 'CPU_AVX2', 'OPENMP', 'SSE', 'F16C', 'JEMALLOC', 'BLAS_OPEN',
    'BLAS_ATLAS', 'BLAS_MKL', 'BLAS_APPLE', 'LAPACK', 'MKLDNN', 'OPENCV', 'CAFFE', 'PROFILER',
    'DIST_KVSTORE', 'CXX14', 'INT64_TENSOR_SIZE', 'SIGNAL_HANDLER', 'DEBUG', 'TVM_OP']


def test_feature_names_and_reprs():
    features = mx.runtime.Features()
    assert [f.name for f in mx.runtime.feature_list()] == MXNET_FEATURES
    assert list(features) == MXNET_FEATURES
    assert features is mx.runtime.Features()
    assert isinstance(features, dict) and type(features).__mro__[1].__name__ == 'OrderedDict'
    assert repr(mx.runtime.Feature('CUDA', False)) == '✖ CUDA'
    assert repr(mx.runtime.Feature('OPENCV', True)) == '✔ OPENCV'
    assert repr(features) == '[' + ', '.join(repr(f) for f in features.values()) + ']'
    assert repr(features).startswith('[' + ('✔' if torch.cuda.is_available() else '✖') + ' CUDA, ')
    assert repr(features).endswith(', ✖ SIGNAL_HANDLER, ✖ DEBUG, ✖ TVM_OP]')


def test_is_enabled():
    features = mx.runtime.Features()
    assert features.is_enabled('opencv') is True
    assert features.is_enabled('Debug') is False
    with pytest.raises(RuntimeError) as info:
        features.is_enabled('foo')
    assert str(info.value) == "Feature 'FOO' is unknown, known features are: " + str(MXNET_FEATURES)


def test_feature_values_follow_torch():
    on = {name: f.enabled for name, f in mx.runtime.Features().items()}
    assert on['CUDA'] == torch.cuda.is_available()
    assert on['CUDNN'] == (torch.cuda.is_available() and torch.backends.cudnn.is_available())
    assert on['MKLDNN'] == torch.backends.mkldnn.is_available()
    assert on['OPENMP'] == torch.backends.openmp.is_available()
    assert on['DIST_KVSTORE'] == torch.distributed.is_available()
    assert on['OPENCV'] and on['INT64_TENSOR_SIZE'] and on['PROFILER']
    never = ['CUDA_RTC', 'TENSORRT', 'CPU_SSE4A', 'SSE', 'JEMALLOC', 'CAFFE', 'CXX14',
             'SIGNAL_HANDLER', 'DEBUG', 'TVM_OP']
    assert [name for name in never if on[name]] == []
    assert sum(on[name] for name in ('BLAS_OPEN', 'BLAS_ATLAS', 'BLAS_MKL', 'BLAS_APPLE')) <= 1
    if 'BLAS_INFO=mkl' in torch.__config__.show():
        assert on['BLAS_MKL']


# ----- mx.util ---------------------------------------------------------------------------------

NP_SHAPE_NOTICE = (
    'NumPy-shape semantics has been activated in your code. This is required for creating and '
    'manipulating scalar and zero-size tensors, which were not supported in MXNet before, as in the '
    'official NumPy library. Please DO NOT manually deactivate this semantics while using '
    '`mxnet.numpy` and `mxnet.numpy_extension` modules.')


def test_set_np_shape_returns_previous_and_logs_once(monkeypatch, caplog):
    caplog.set_level(logging.INFO)
    monkeypatch.setitem(mxnd.util._logged, "shape", False)

    def sequence():
        return [mx.util.set_np_shape(True), mx.util.set_np_shape(False), mx.util.set_np_shape(True),
                mx.is_np_shape(), mx.util.set_np_shape(False), mx.is_np_shape()]

    assert _in_new_thread(sequence) == [False, True, False, True, True, False]
    assert _messages(caplog) == [('INFO', 'root', NP_SHAPE_NOTICE)]


def test_np_shape_is_per_thread_and_scoped():
    def scoped():
        seen = [mx.is_np_shape()]
        with mx.np_shape():
            seen.append(mx.is_np_shape())
            seen.append(_in_new_thread(mx.is_np_shape))
            with mx.np_shape(False):
                seen.append(mx.is_np_shape())
            seen.append(mx.is_np_shape())
        seen.append(mx.is_np_shape())
        with mx.util.np_shape(None):
            seen.append(mx.is_np_shape())
        return seen

    assert _in_new_thread(scoped) == [False, True, False, False, True, False, False]
    assert mx.np_shape().__enter__() is None
    mx.util.set_np_shape(False)


def test_use_np_shape():
    @mx.use_np_shape
    class Scalar:
        def __init__(self):
            self.at_init = mx.is_np_shape()

        @property
        def prop(self):
            return mx.is_np_shape()

        @staticmethod
        def static(x):
            return x, mx.is_np_shape()

        @classmethod
        def klass(cls, x):
            return cls.__name__, x, mx.is_np_shape()

    def run():
        scalar = Scalar()
        return [scalar.at_init, scalar.prop, scalar.static(1), Scalar.klass(2), mx.is_np_shape()]

    assert _in_new_thread(run) == [True, True, (1, True), ('Scalar', 2, True), False]
    wrapped = mx.use_np_shape(mx.is_np_shape)
    assert wrapped.__name__ == 'is_np_shape' and _in_new_thread(wrapped) is True
    with pytest.raises(TypeError, match=r"^use_np_shape can only decorate classes and callable objects, "
                                        r"while received a <class 'int'>$"):
        mx.use_np_shape(3)
    with pytest.raises(TypeError, match=r"^use_np_array can only decorate classes and callable objects"):
        mx.use_np_array(3)


def test_np_array_is_not_available():
    assert mx.is_np_array() is False
    scope = mx.np_array(False)
    with scope as entered:
        assert entered is scope and mx.is_np_array() is False
    with pytest.raises(MXNetError, match="NumPy-array semantics is not available in mxnd"):
        mx.np_array()
    with pytest.raises(MXNetError, match="mx.np / mx.npx"):
        mx.util.set_np()
    decorated = mx.use_np(lambda: 1)
    with pytest.raises(MXNetError):
        decorated()
    with pytest.raises(ValueError, match=r"^NumPy Shape semantics is required in using NumPy array semantics\.$"):
        mx.util.set_np(shape=False, array=True)


def test_set_np_shape_only_and_reset():
    def run():
        return [mx.util.set_np(shape=True, array=False), mx.is_np_shape(), mx.is_np_array(),
                mx.util.reset_np(), mx.is_np_shape()]

    assert _in_new_thread(run) == [None, True, False, None, False]


def test_gpu_queries():
    assert mx.util.get_gpu_count() == (torch.cuda.device_count() if torch.cuda.is_available() else 0)
    with pytest.raises(ValueError) as info:
        mx.util.get_cuda_compute_capability(mx.cpu())
    assert str(info.value) == ('Expecting a gpu context to get cuda compute capability, '
                               'while received ctx cpu(0)')
    if not torch.cuda.is_available():
        assert mx.util.get_gpu_count() == 0
        with pytest.raises(MXNetError, match="^get_gpu_memory: CUDA is not available"):
            mx.util.get_gpu_memory(0)
        with pytest.raises(MXNetError, match="^get_cuda_compute_capability: CUDA is not available"):
            mx.util.get_cuda_compute_capability(mx.gpu(0))


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_gpu_queries_on_cuda():
    free, total = mx.util.get_gpu_memory(0)
    torch_free, torch_total = torch.cuda.mem_get_info(0)  # free memory: another process may allocate between
    assert total == torch_total and 0 < free <= total and abs(free - torch_free) <= total // 100
    major, minor = torch.cuda.get_device_capability(0)
    assert mx.util.get_cuda_compute_capability(mx.gpu(0)) == major * 10 + minor
    with pytest.raises(MXNetError, match="invalid device ordinal"):
        mx.util.get_gpu_memory(torch.cuda.device_count())


def test_getenv_setenv(monkeypatch):
    monkeypatch.delenv("MXND_TEST_VAR", raising=False)
    assert mx.util.getenv("MXND_TEST_VAR") is None
    assert mx.util.setenv("MXND_TEST_VAR", "bar") is None
    assert mx.util.getenv("MXND_TEST_VAR") == "bar"
    assert mx.util.setenv("MXND_TEST_VAR", None) is None
    assert mx.util.getenv("MXND_TEST_VAR") is None
    monkeypatch.setenv("MXND_TEST_VAR", "1")
    assert mx.util.getenv("MXND_TEST_VAR") == "1"


def _neg(x, out=None):
    return ('neg', x, out)


def _add(x1, x2, out=None):
    return ('add', x1, x2, out)


# (keywords, unary error, binary error) as MXNet 1.9.1 raises them
UFUNC_KWARG_ERRORS = [
    (dict(foo=1), (TypeError, "foo is an invalid keyword to function '_neg'"),
     (TypeError, "foo is an invalid keyword to function '_add'")),
    (dict(casting='unsafe'), (NotImplementedError, 'casting=unsafe is not implemented yet for operator _neg'),
     (NotImplementedError, 'casting=unsafe is not implemented yet')),
    (dict(casting='bad'), (TypeError, 'casting=bad not understood for operator _neg'),
     (TypeError, 'casting bad not understood')),
    (dict(order='C'), (NotImplementedError, 'order=C is not implemented yet for operator _neg'),
     (NotImplementedError, 'order=C is not implemented yet')),
    (dict(order=3), (TypeError, 'order=3 not understood for operator _neg'), (TypeError, 'order 3 not understood')),
    (dict(dtype=np.int8), (NotImplementedError, "dtype=<class 'numpy.int8'> is not implemented yet for operator _neg"),
     (NotImplementedError, "dtype=<class 'numpy.int8'> is not implemented yet")),
    (dict(dtype='bool'), (TypeError, 'dtype=bool not understood for operator _neg'),
     (TypeError, 'dtype bool not understood')),
    (dict(subok=0), (TypeError, 'subok=0 not understood for operator _neg'), (TypeError, 'subok 0 not understood')),
    (dict(where=False), (NotImplementedError, 'where=False is not implemented yet for operator _neg'),
     (NotImplementedError, 'where=False is not implemented yet')),
]


@pytest.mark.parametrize("kwargs, unary_error, binary_error", UFUNC_KWARG_ERRORS)
def test_wrap_np_funcs_errors(kwargs, unary_error, binary_error):
    unary, binary = mx.util.wrap_np_unary_func(_neg), mx.util.wrap_np_binary_func(_add)
    for call, (error, message) in ((lambda: unary(1, **kwargs), unary_error),
                                   (lambda: binary(1, 2, **kwargs), binary_error)):
        with pytest.raises(error) as info:
            call()
        assert str(info.value) == message


def test_wrap_np_funcs_pass_defaults():
    unary, binary = mx.util.wrap_np_unary_func(_neg), mx.util.wrap_np_binary_func(_add)
    assert (unary.__name__, binary.__name__) == ('_neg', '_add')
    assert unary(1) == ('neg', 1, None)
    assert unary(1, out=5, where=True, casting='same_kind', order='K', dtype=None, subok=True) == ('neg', 1, 5)
    assert binary(1, 2, out=3, where=True) == ('add', 1, 2, 3)


def test_np_ufunc_legal_option_and_set_module():
    options = [('where', 0), ('casting', 'no'), ('casting', 'x'), ('order', 'F'), ('order', 1),
               ('dtype', np.float16), ('dtype', 'float16'), ('dtype', np.dtype('float16')), ('dtype', 'bool'),
               ('subok', True), ('subok', 1), ('other', 1)]
    assert [mx.util.np_ufunc_legal_option(k, v) for k, v in options] == [
        True, True, False, True, False, True, True, False, False, True, False, False]

    @mx.util.set_module('mxnet.numpy')
    def func():
        pass
    assert func.__module__ == 'mxnet.numpy'
    assert mx.util.set_module(None)(func).__module__ == 'mxnet.numpy'


# ----- mx.engine -------------------------------------------------------------------------------

def test_set_bulk_size_and_bulk():
    def run():
        sizes = [mx.engine.set_bulk_size(10), mx.engine.set_bulk_size(3), mx.engine.set_bulk_size(15)]
        scope = mx.engine.bulk(5)
        sizes += [scope.__enter__() is scope, mx.engine.set_bulk_size(5)]
        scope.__exit__(None, None, None)
        sizes.append(mx.engine.set_bulk_size(15))
        with mx.engine.bulk(7):
            sizes.append(_in_new_thread(lambda: mx.engine.set_bulk_size(1)))
            sizes.append(mx.engine.set_bulk_size(7))
        sizes.append(mx.engine.set_bulk_size(0))
        return sizes

    assert _in_new_thread(run) == [0, 10, 3, True, 5, 15, 0, 7, 15]


def test_set_bulk_size_errors():
    for value, name in ((2.5, 'float'), (None, 'NoneType'), ('3', 'str')):
        with pytest.raises(TypeError, match=f"^'{name}' object cannot be interpreted as an integer$"):
            mx.engine.set_bulk_size(value)
    with pytest.raises(MXNetError, match="set_bulk_size: the bulk size must be >= 0, got -1"):
        mx.engine.set_bulk_size(-1)


# ----- mx.log ----------------------------------------------------------------------------------

@pytest.mark.parametrize("level, prefix", [
    (50, '\x1b[31mC'), (40, '\x1b[31mE'), (30, '\x1b[31mW'), (20, '\x1b[32mI'), (10, '\x1b[34mD'),
    (5, '\x1b[34mU'), (25, '\x1b[32mU'), (0, '\x1b[34mU')])
def test_log_formatter(level, prefix):
    formatter = mx.log._Formatter()
    formatter.converter = time.gmtime
    record = logging.LogRecord('x', level, '/a/b.py', 7, 'hello %s', ('w',), None, func='fn')
    record.created, record.msecs, record.process = 1700000000.5, 500, 42
    assert formatter.format(record) == prefix + '1114 22:13:20 42 /a/b.py:fn:7]\x1b[0m hello w'
    assert formatter.datefmt == '%m%d %H:%M:%S'


def test_get_logger(tmp_path):
    logger = mx.log.get_logger('mxnd.test.t1')
    assert (logger.level, len(logger.handlers), logger._init_done, logger.propagate) == (30, 1, True, True)
    assert type(logger.handlers[0]) is logging.StreamHandler
    assert isinstance(logger.handlers[0].formatter, mx.log._Formatter)
    again = mx.log.get_logger('mxnd.test.t1', level=10)
    assert again is logger and (logger.level, len(logger.handlers)) == (30, 1)
    root = mx.log.get_logger()
    assert root is logging.getLogger() and getattr(root, '_init_done', None) is None
    to_file = mx.log.get_logger('mxnd.test.t3', filename=str(tmp_path / 'log.txt'), level=logging.INFO)
    handler = to_file.handlers[0]
    assert (type(handler), handler.formatter, handler.mode, to_file.level) == (logging.FileHandler, None, 'a', 20)
    to_file.info('to file %d', 3)
    handler.flush()
    assert (tmp_path / 'log.txt').read_text() == 'to file 3\n'
    overwrite = mx.log.get_logger('mxnd.test.t4', filename=str(tmp_path / 'log2.txt'), filemode='w')
    assert (overwrite.handlers[0].mode, overwrite.level) == ('w', 30)
    for made in (logger, to_file, overwrite):
        for h in list(made.handlers):
            made.removeHandler(h)
            h.close()


def test_get_logger_deprecated_spelling():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        logger = mx.log.getLogger('mxnd.test.t5', level=20)
    assert [(w.category, str(w.message), w.filename) for w in caught] == [
        (DeprecationWarning, 'getLogger is deprecated, Use get_logger instead.', __file__)]
    assert logger.level == 20
    assert (mx.log.CRITICAL, mx.log.WARNING, mx.log.NOTSET) == (50, 30, 0)
    assert mx.log.get_logger.__defaults__ == (None, None, None, 30)
    logger.removeHandler(logger.handlers[0])


# ----- mx.error and aliases --------------------------------------------------------------------

def test_error_module():
    assert mx.error.MXNetError is mx.MXNetError and mx.error.register is mx.error.register_error
    assert str(mx.error.InternalError('boom')) == (
        'boom\nMXNet hint: You hit an internal error. Please open an issue in '
        'https://github.com/apache/incubator-mxnet/issues/new/choose to report it.')
    assert str(mx.error.InternalError('x MXNet hint: y')) == 'x MXNet hint: y'
    assert mx.error.InternalError.__mro__[1] is mx.MXNetError

    @mx.error.register
    class MyError(mx.MXNetError):
        pass

    decorator = mx.error.register('Other')

    class Other(RuntimeError):
        pass

    assert decorator(Other) is Other and mx.error.register('X2', ValueError) is ValueError
    assert [mx.error.error_types[n] for n in ('MyError', 'Other', 'X2', 'InternalError', 'IndexError')] == [
        MyError, Other, ValueError, mx.error.InternalError, IndexError]
    assert mx.error.__all__ == ['MXNetError', 'register']


def test_aliases():
    assert mx.rnd is mx.random
    for name in ('is_np_shape', 'set_np_shape', 'np_shape', 'use_np_shape', 'is_np_array', 'np_array',
                 'use_np_array', 'use_np'):
        assert getattr(mx, name) is getattr(mx.util, name)
    assert not hasattr(mx.model, 'load_checkpoint') and not hasattr(mx, 'libinfo')


def test_attr_scope_nests_per_thread_and_checks_strings():
    """mx.AttrScope (mx.attribute.AttrScope) as MXNet 1.9.1's: nested scopes merge, each thread has
    its own current scope, values must be strings; ``current`` is deprecated (a warning)."""
    import threading
    import warnings

    with mx.AttrScope(group="dev1", lr_mult="1") as outer:
        assert outer.get(None) == {"group": "dev1", "lr_mult": "1"}
        with mx.attribute.AttrScope(lr_mult="0.1") as inner:
            assert inner.get({"wd_mult": "0"}) == {"group": "dev1", "lr_mult": "0.1", "wd_mult": "0"}
            seen = []
            thread = threading.Thread(target=lambda: seen.append(mx.name.active(mx.AttrScope).get(None)))
            thread.start()
            thread.join()
            assert seen == [{}]
        assert mx.name.active(mx.AttrScope) is outer
    assert mx.AttrScope().get({"a": "b"}) == {"a": "b"} and mx.AttrScope().get(None) == {}
    with pytest.raises(ValueError, match="Attributes need to be string"):
        mx.AttrScope(lr_mult=0.1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert isinstance(mx.AttrScope.current, mx.AttrScope)
    assert "deprecated" in str(caught[0].message)


def test_name_manager_scopes_and_deprecated_current():
    """mx.name as MXNet 1.9.1's: Prefix prepends, a given name is kept, ``current`` reads warn
    (its setter does not, unlike AttrScope's)."""
    import warnings

    with mx.name.Prefix("net_") as names:
        assert [names.get(None, "fc"), names.get(None, "fc"), names.get("out", "fc")] == ["net_fc0", "net_fc1", "net_out"]
        assert mx.name.active(mx.name.NameManager) is names
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        previous = mx.name.NameManager.current
        mx.name.NameManager.current = mx.name.NameManager()
        mx.name.NameManager.current = previous
    assert len(caught) == 1 and "NameManager.current has been deprecated" in str(caught[0].message)
