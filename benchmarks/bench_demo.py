"""The demo's training step (mxnd.demo, `mxnd-demo`): the LeNet-style CNN on 8x8 digits, batch 32.

One step is what the demo's loop does per batch: forward (two Convolution-relu-max Pooling stages,
two FullyConnected), SoftmaxOutput, backward, the Adam updater over the eight parameters, and
the Accuracy and CrossEntropy metrics (which read the probabilities back to the host). The
"without metrics" workload leaves the metrics out and waits for the queue instead.

The same MXNet-API code runs on mxnd and, when importable, on MXNet 1.9.1; the raw-torch column
is the same step as a torch user writes it: F.conv2d/relu/max_pool2d/linear, cross_entropy,
``loss.backward()``, ``torch.optim.Adam`` (its default implementation for the device: a loop
over the parameters on the CPU, ``foreach`` on CUDA, which updates all eight in a few launches)
and the metrics from ``.cpu().numpy()``. The third workload gives torch ``foreach=False``: a
loop over the parameters, as MXNet's Updater (and so mxnd) runs.
Batches cycle through 45 synthetic digit batches (the demo's 1437 training images / 32), so
the weights keep changing as in training. The tiny model makes this a test of per-operator
overhead: on a GPU nearly every kernel is shorter than its launch.

Run: python benchmarks/bench_demo.py [--ctx cpu|gpu] [--json out.json]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_context  # noqa: E402
import bench_mlp  # noqa: E402  (the interleaved measuring loop and the command line)
import bench_nn  # noqa: E402  (measure per workload, the table)

BATCH, BATCHES, LR = 32, 45, 0.003
SHAPES = {"conv1_weight": (16, 1, 3, 3), "conv1_bias": (16,), "conv2_weight": (32, 16, 3, 3),
          "conv2_bias": (32,), "fc1_weight": (128, 128), "fc1_bias": (128,),
          "fc2_weight": (10, 128), "fc2_bias": (10,)}  # mxnd.demo.PARAM_SHAPES
STEP, STEP_NO_METRICS = "demo step (batch 32, Adam, metrics)", "demo step without metrics"
STEP_LOOPED = "demo step, torch's Adam looping over parameters"  # torch: foreach=False (CUDA's default is True)


def _data():
    """``BATCHES`` batches of (32, 1, 8, 8) images in [0, 1] and their labels; initial weights."""
    rng = np.random.default_rng(3)
    images = rng.random((BATCHES, BATCH, 1, 8, 8), dtype=np.float32)
    labels = rng.integers(0, 10, (BATCHES, BATCH)).astype(np.float32)
    weights = {name: (rng.standard_normal(shape) * np.sqrt(2.0 / np.prod(shape[1:]))).astype(np.float32)
               if name.endswith("weight") else np.zeros(shape, np.float32) for name, shape in SHAPES.items()}
    return images, labels, weights


class _Cycle:
    """The next batch on each call, round and round."""

    def __init__(self, batches):
        self.batches, self.index = batches, -1

    def __call__(self):
        self.index = (self.index + 1) % len(self.batches)
        return self.batches[self.index]


def _mxnet_api_steps(mx):
    """Both workloads, written once against the MXNet 1.x API (mxnd.demo's forward and loop)."""
    images, labels, weights = _data()
    batches = _Cycle([(mx.nd.array(x), mx.nd.array(y)) for x, y in zip(images, labels)])
    p = {name: mx.nd.array(value) for name, value in weights.items()}
    for array in p.values():
        array.attach_grad()
    updater = mx.optimizer.get_updater(mx.optimizer.create(
        "adam", learning_rate=LR, wd=1e-4, rescale_grad=1.0 / BATCH))
    names = list(p)
    accuracy, cross_entropy = mx.metric.Accuracy(), mx.metric.CrossEntropy()

    def forward(x):  # mxnd.demo.forward's code (the MXNet column runs where mxnd is not installed)
        h = mx.nd.Convolution(x, p["conv1_weight"], p["conv1_bias"], kernel=(3, 3), pad=(1, 1), num_filter=16)
        h = mx.nd.Pooling(mx.nd.relu(h), kernel=(2, 2), stride=(2, 2), pool_type="max")
        h = mx.nd.Convolution(h, p["conv2_weight"], p["conv2_bias"], kernel=(3, 3), pad=(1, 1), num_filter=32)
        h = mx.nd.Pooling(mx.nd.relu(h), kernel=(2, 2), stride=(2, 2), pool_type="max")
        h = mx.nd.relu(mx.nd.FullyConnected(h, p["fc1_weight"], p["fc1_bias"], num_hidden=128))
        return mx.nd.FullyConnected(h, p["fc2_weight"], p["fc2_bias"], num_hidden=10)

    def train(metrics):
        x, label = batches()
        with mx.autograd.record():
            probs = mx.nd.SoftmaxOutput(forward(x), label)
        probs.backward()
        for index, name in enumerate(names):
            updater(index, p[name].grad, p[name])
        if metrics:
            accuracy.update([label], [probs])
            cross_entropy.update([label], [probs])
        else:
            mx.nd.waitall()
    return _with_params({STEP: lambda: train(True), STEP_NO_METRICS: lambda: train(False),
                         STEP_LOOPED: lambda: train(True)}, p)


def _with_params(steps, params):
    """``steps``, each carrying the ``params`` it trains (tests compare the implementations)."""
    for step in steps.values():
        step.params = params
    return steps


def _torch_steps(foreach=None):
    import torch
    import torch.nn.functional as F

    images, labels, weights = _data()
    batches = _Cycle([(torch.tensor(x), torch.tensor(y).long()) for x, y in zip(images, labels)])
    p = {name: torch.tensor(value, requires_grad=True) for name, value in weights.items()}
    optimizer = torch.optim.Adam(p.values(), lr=LR, weight_decay=1e-4, foreach=foreach)
    totals = {"correct": 0, "loss": 0.0, "count": 0}

    def forward(x):
        h = F.max_pool2d(F.relu(F.conv2d(x, p["conv1_weight"], p["conv1_bias"], padding=1)), 2, 2)
        h = F.max_pool2d(F.relu(F.conv2d(h, p["conv2_weight"], p["conv2_bias"], padding=1)), 2, 2)
        h = F.relu(F.linear(h.flatten(1), p["fc1_weight"], p["fc1_bias"]))
        return F.linear(h, p["fc2_weight"], p["fc2_bias"])

    def train(metrics):
        x, label = batches()
        logits = forward(x)
        optimizer.zero_grad()
        F.cross_entropy(logits, label).backward()
        optimizer.step()
        if metrics:  # what mx.metric.Accuracy and CrossEntropy compute, from host copies
            probs, truth = logits.detach().softmax(1).cpu().numpy(), label.cpu().numpy()
            totals["correct"] += int((probs.argmax(1) == truth).sum())
            totals["loss"] += float(-np.log(probs[np.arange(len(truth)), truth] + 1e-12).sum())
            totals["count"] += len(truth)
        else:
            bench_context.sync()
    train.params = p
    return train


def _torch_workloads():
    default, looped = _torch_steps(), _torch_steps(foreach=False)
    steps = _with_params({STEP: lambda: default(True), STEP_NO_METRICS: lambda: default(False)}, default.params)
    return {**steps, **_with_params({STEP_LOOPED: lambda: looped(True)}, looped.params)}


def implementations(wanted):
    return bench_mlp.load(wanted, _torch_workloads, _mxnet_api_steps)


def main():
    bench_mlp.run_cli(__doc__, implementations, bench_nn.measure, bench_nn.print_table, rounds=11, repeats=20)


if __name__ == "__main__":
    main()
