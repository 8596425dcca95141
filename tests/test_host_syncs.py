"""Training steps read nothing back from the device (issue 12's speed on CUDA, kept true here).

On a GPU, every ``.item()``, ``.tolist()``, ``.numpy()``, ``bool(tensor)``, ``int(tensor)``,
``nonzero`` or ``unique`` waits for the queued kernels, so one in a training step stalls the
pipeline each step; MXNet's engine never does. These tests run the steps the benchmarks time
(convolution, FullyConnected, BatchNorm, pooling, LSTM, LeNet and MLP steps, the optimizers'
updates, a dlarray step) on the device-generic code paths (``fast_paths.HOST`` off) and count
those calls made from mxnd's code; the count must be zero. Paths that branch on the host by
design before reading memory (numpy's exact sqrt, the sequential float32 sums) and the copy of
new host data into a fresh tensor on its way to the device are named in ``NOT_DEVICE_READS``.
"""
import collections
import contextlib
import traceback

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl, fast_paths

READING_METHODS = ("item", "tolist", "numpy", "cpu", "__bool__", "__int__", "__float__", "__index__", "nonzero")
READING_FUNCTIONS = ("nonzero", "unique", "masked_select", "repeat_interleave", "argwhere")
NOT_DEVICE_READS = {"_host_sqrt", "_sum_sq", "_row_mean",  # branches taken on the CPU only; CUDA runs torch there
                    "host_copy"}  # fills a new host tensor from numpy before it moves to the device


def _device_read_site():
    """Where mxnd made the call (its innermost frame), or None when no mxnd code is on the stack
    or the call is inside one of NOT_DEVICE_READS."""
    frames = [f for f in traceback.extract_stack()[:-2] if "/mxnd/" in f.filename.replace("\\", "/")]
    if not frames or any(f.name in NOT_DEVICE_READS for f in frames):
        return None
    frame = frames[-1]
    return f"{frame.filename.rsplit('mxnd', 1)[-1]}:{frame.lineno} ({frame.name})"


@contextlib.contextmanager
def device_reads():
    """Count the device-reading torch calls made from mxnd's code, by call site."""
    reads = collections.Counter()
    patched = []

    def counting(owner, name):
        original = getattr(owner, name)

        def call(*args, **kwargs):
            site = _device_read_site()
            if site is not None:
                reads[f"{name} at {site}"] += 1
            return original(*args, **kwargs)
        patched.append((owner, name, original))
        setattr(owner, name, call)

    for name in READING_METHODS:
        counting(torch.Tensor, name)
    for name in READING_FUNCTIONS:
        counting(torch, name)
    try:
        yield reads
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


@pytest.fixture(autouse=True)
def device_generic_paths(monkeypatch):
    monkeypatch.setattr(fast_paths, "HOST", False)


def test_the_counter_sees_a_device_read():
    x = mx.nd.array([1.0, 2.0])
    with device_reads() as reads:
        x.asnumpy()
        mx.nd.sum(x).asscalar()
    assert sum(reads.values()) == 2 and all("asnumpy" in site for site in reads)


def _parameters(rng, *shapes):
    params = [mx.nd.array(rng.standard_normal(shape).astype(np.float32) * 0.1) for shape in shapes]
    for p in params:
        p.attach_grad()
    return params


def _recorded(compute, params):
    def step():
        with mx.autograd.record():
            out = compute()
        out.backward()
        for p in params:
            mx.nd.sgd_update(p, p.grad, lr=0.01, wd=1e-4, out=p)
    return step


def _conv_step(rng):
    x = mx.nd.array(rng.standard_normal((4, 3, 12, 12)).astype(np.float32))
    w, b, gamma, beta = _parameters(rng, (8, 3, 3, 3), (8,), (8,), (8,))
    mean, var = mx.nd.zeros(8), mx.nd.ones(8)

    def compute():
        h = mx.nd.Convolution(x, w, b, kernel=(3, 3), num_filter=8, pad=(1, 1))
        h = mx.nd.BatchNorm(h, gamma, beta, mean, var, fix_gamma=False)
        h = mx.nd.Pooling(mx.nd.relu(h), kernel=(2, 2), stride=(2, 2), pool_type="max")
        return mx.nd.Pooling(h, kernel=(2, 2), pool_type="avg", global_pool=True).sum()
    return _recorded(compute, [w, b, gamma, beta])


def _lstm_step(rng):
    hidden, inputs = 6, 5
    x = mx.nd.array(rng.standard_normal((7, 3, inputs)).astype(np.float32))
    (weights,) = _parameters(rng, (4 * hidden * (inputs + hidden) + 8 * hidden,))
    h0, c0 = mx.nd.zeros((1, 3, hidden)), mx.nd.zeros((1, 3, hidden))
    return _recorded(lambda: mx.nd.RNN(x, weights, h0, c0, state_size=hidden, num_layers=1, mode="lstm").mean(),
                     [weights])


def _mlp_step(rng):
    x = mx.nd.array(rng.standard_normal((16, 20)).astype(np.float32))
    labels = mx.nd.array(rng.integers(0, 4, 16).astype(np.float32))
    w1, b1, w2, b2 = _parameters(rng, (32, 20), (32,), (4, 32), (4,))

    def compute():
        h = mx.nd.Activation(mx.nd.FullyConnected(x, w1, b1, num_hidden=32), act_type="relu")
        h = mx.nd.Dropout(h, p=0.1)
        return -mx.nd.pick(mx.nd.log_softmax(mx.nd.FullyConnected(h, w2, b2, num_hidden=4)), labels).mean()
    return _recorded(compute, [w1, b1, w2, b2])


def _softmax_output_step(rng):
    """The demo's loop: SoftmaxOutput's head, an Updater (Adam, as the demo), and elementwise work."""
    x = mx.nd.array(rng.standard_normal((16, 20)).astype(np.float32))
    labels = mx.nd.array(rng.integers(0, 4, 16).astype(np.float32))
    w, b = _parameters(rng, (4, 20), (4,))
    updater = mx.optimizer.get_updater(mx.optimizer.create("adam", learning_rate=0.01, wd=1e-4))

    def step():
        with mx.autograd.record():
            probs = mx.nd.SoftmaxOutput(mx.nd.FullyConnected(mx.nd.tanh(x * 2 + 1), w, b, num_hidden=4), labels)
        probs.backward()
        updater(0, w.grad, w)
        updater(1, b.grad, b)
    return step


@pytest.mark.parametrize("optimizer", ["sgd", "nag", "adam", "rmsprop", "adagrad", "adadelta", "ftrl",
                                       "signum", "lamb", "lars", "adamax", "nadam",
                                       "ftml", "dcasgd", "groupadagrad", "lbsgd"])
def test_optimizer_updates_read_nothing_back(optimizer):
    rng = np.random.default_rng(1)
    (weight,) = _parameters(rng, (5, 3))
    grad = mx.nd.array(rng.standard_normal((5, 3)).astype(np.float32))
    kwargs = {"momentum": 0.9} if optimizer in ("sgd", "nag", "lars") else {}
    updater = mx.optimizer.get_updater(mx.optimizer.create(optimizer, learning_rate=0.01, **kwargs))
    updater(0, grad, weight)
    with device_reads() as reads:
        updater(0, grad, weight)
        updater(0, grad, weight)
    assert not reads, dict(reads)


@pytest.mark.parametrize("make_step", [_conv_step, _lstm_step, _mlp_step, _softmax_output_step],
                         ids=lambda f: f.__name__.strip("_"))
def test_training_steps_read_nothing_back(make_step):
    step = make_step(np.random.default_rng(0))
    step()  # the first call may settle caches
    with device_reads() as reads:
        step()
        step()
    assert not reads, dict(reads)


def test_a_dlarray_training_step_reads_nothing_back():
    """dlfeval with dlconv, maxpool (its default padding 0), fullyconnect, crossentropy, adamupdate."""
    rng = np.random.default_rng(2)
    params = {"W": dl.dlarray(rng.standard_normal((3, 3, 1, 4)).astype(np.float32)), "b": dl.dlarray(np.zeros(4, np.float32)),
              "F": dl.dlarray(rng.standard_normal((3, 64)).astype(np.float32) * 0.1), "c": dl.dlarray(np.zeros(3, np.float32))}
    x = dl.dlarray(rng.standard_normal((8, 8, 1, 5)).astype(np.float32), "SSCB")
    targets = dl.dlarray(np.eye(3, 5, dtype=np.float32), "CB")

    def model_loss(p):
        y = dl.maxpool(dl.relu(dl.dlconv(x, p["W"], p["b"], padding="same")), 2, stride=2)
        loss = dl.crossentropy(dl.softmax(dl.fullyconnect(y, p["F"], p["c"])), targets)
        return loss, dl.dlgradient(loss, p)

    state = [params, None, None]
    for iteration in (1, 2, 3):
        with device_reads() if iteration > 1 else contextlib.nullcontext(collections.Counter()) as reads:
            loss, gradients = dl.dlfeval(model_loss, state[0])
            state = list(dl.adamupdate(state[0], gradients, state[1], state[2], iteration, 0.01))
        assert not reads, dict(reads)
    assert np.isfinite(float(loss))


def test_norm_and_per_weight_lamb_read_nothing_back():
    """The L2 norm's overflow rescue (MXNet's nrm2) runs without checking on the host whether it is
    needed; LAMB without aggregation takes two norms per weight."""
    rng = np.random.default_rng(3)
    (weight,) = _parameters(rng, (5, 3))
    grad = mx.nd.array(rng.standard_normal((5, 3)).astype(np.float32))
    optimizer = mx.optimizer.create("lamb", learning_rate=0.01)
    optimizer.aggregate_num = 1
    updater = mx.optimizer.get_updater(optimizer)
    updater(0, grad, weight)
    with device_reads() as reads:
        norms = [mx.nd.norm(grad), mx.nd.norm(mx.nd.array([1e20, 1e20]), axis=0)]
        updater(0, grad, weight)
    assert not reads, dict(reads)
    assert norms[1].asnumpy().tolist() == [pytest.approx(1.41421356e20, rel=1e-6)]  # not inf
