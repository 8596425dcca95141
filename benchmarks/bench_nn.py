"""Neural-network operators forward and forward+backward: Convolution (batch 32, 3->64 channels,
3x3, pad 1, 64x64), FullyConnected (128x784 -> 256), BatchNorm (32x64x32x32, training),
max Pooling (32x64x56x56, 3x3 stride 2 pad 1; forward, and forward+backward), an LSTM (T=20, N=32, 128 -> 256) and a LeNet
training step (batch 64 of 1x28x28: conv 20 5x5, relu, max pool 2, conv 50 5x5, relu, max pool 2,
FullyConnected 500, relu, FullyConnected 10, SoftmaxOutput; forward, backward and an SGD update).

The same MXNet-API code on mxnd and, when importable, on MXNet 1.9.1 (run this script with
the reference venv's python for that column), and the raw-torch equivalent as the ceiling.
Implementations alternate round by round; the table shows the median time per call in ms.

Run: python benchmarks/bench_nn.py [--json out.json] ; combine runs with --compare a.json b.json
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_mlp  # noqa: E402  (the interleaved measuring loop and the command line)

BATCH, IN_CHANNELS, FILTERS, SIZE = 32, 3, 64, 64


def _arrays():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, IN_CHANNELS, SIZE, SIZE)).astype(np.float32)
    w = rng.standard_normal((FILTERS, IN_CHANNELS, 3, 3)).astype(np.float32) * 0.1
    return x, w, np.zeros(FILTERS, np.float32)


def make_mxnet_api(mx):
    """``{workload: step}`` written once against the MXNet 1.x API; runs on mxnd and on MXNet."""
    x, w, b = (mx.nd.array(v) for v in _arrays())
    for p in (w, b):
        p.attach_grad()

    def forward():
        mx.nd.Convolution(x, w, b, kernel=(3, 3), num_filter=FILTERS, pad=(1, 1))
        mx.nd.waitall()

    def forward_backward():
        with mx.autograd.record():
            y = mx.nd.Convolution(x, w, b, kernel=(3, 3), num_filter=FILTERS, pad=(1, 1))
        y.backward()
        mx.nd.waitall()
    steps = {"conv forward": forward, "conv forward+backward": forward_backward}
    steps.update(_more_mxnet_api(mx))
    steps["lenet step"] = _lenet_mxnet_api(mx)
    return steps


LENET_BATCH = 64
LENET_SHAPES = [(20, 1, 5, 5), (20,), (50, 20, 5, 5), (50,), (500, 800), (500,), (10, 500), (10,)]


def _lenet_data():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((LENET_BATCH, 1, 28, 28)).astype(np.float32)
    label = rng.integers(0, 10, LENET_BATCH).astype(np.float32)
    params = [rng.standard_normal(shape).astype(np.float32) * 0.05 for shape in LENET_SHAPES]
    return x, label, params


def _lenet_mxnet_api(mx):
    """One LeNet training step in the MXNet 1.x API: record, backward, sgd_update in place."""
    x, label, params = _lenet_data()
    x, label = mx.nd.array(x), mx.nd.array(label)
    params = [mx.nd.array(p) for p in params]
    for p in params:
        p.attach_grad()
    c1w, c1b, c2w, c2b, f1w, f1b, f2w, f2b = params

    def step():
        with mx.autograd.record():
            h = mx.nd.relu(mx.nd.Convolution(x, c1w, c1b, kernel=(5, 5), num_filter=20))
            h = mx.nd.Pooling(h, kernel=(2, 2), stride=(2, 2), pool_type="max")
            h = mx.nd.relu(mx.nd.Convolution(h, c2w, c2b, kernel=(5, 5), num_filter=50))
            h = mx.nd.Pooling(h, kernel=(2, 2), stride=(2, 2), pool_type="max")
            h = mx.nd.relu(mx.nd.FullyConnected(h, f1w, f1b, num_hidden=500))
            out = mx.nd.SoftmaxOutput(mx.nd.FullyConnected(h, f2w, f2b, num_hidden=10), label)
        out.backward()
        for p in params:
            mx.nd.sgd_update(p, p.grad, lr=0.01, out=p)
        mx.nd.waitall()
    return step


def _lenet_torch():
    import torch
    import torch.nn.functional as F

    x, label, params = _lenet_data()
    x, label = torch.tensor(x), torch.tensor(label).long()
    params = [torch.tensor(p).requires_grad_(True) for p in params]
    c1w, c1b, c2w, c2b, f1w, f1b, f2w, f2b = params

    def step():
        h = F.max_pool2d(F.relu(F.conv2d(x, c1w, c1b)), 2, 2)
        h = F.max_pool2d(F.relu(F.conv2d(h, c2w, c2b)), 2, 2)
        h = F.relu(F.linear(h.flatten(1), f1w, f1b))
        loss = F.cross_entropy(F.linear(h, f2w, f2b), label, reduction="sum")  # SoftmaxOutput's gradient
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            torch._foreach_add_(params, grads, alpha=-0.01)
    return step


def _inputs(*shapes):
    rng = np.random.default_rng(1)
    return [rng.standard_normal(shape).astype(np.float32) * 0.1 for shape in shapes]


LSTM_T, LSTM_N, LSTM_C, LSTM_H = 20, 32, 128, 256


def _more_mxnet_api(mx):
    fc_x, fc_w, fc_b = (mx.nd.array(v) for v in _inputs((128, 784), (256, 784), (256,)))
    bn_x = mx.nd.array(_inputs((32, 64, 32, 32))[0])
    bn_aux = [mx.nd.ones((64,)), mx.nd.zeros((64,)), mx.nd.zeros((64,)), mx.nd.ones((64,))]
    pool_x = mx.nd.array(_inputs((32, 64, 56, 56))[0])
    size = 4 * LSTM_H * (LSTM_C + LSTM_H) + 8 * LSTM_H
    rnn_x, rnn_p, rnn_h, rnn_c = (mx.nd.array(v) for v in _inputs(
        (LSTM_T, LSTM_N, LSTM_C), (size,), (1, LSTM_N, LSTM_H), (1, LSTM_N, LSTM_H)))
    for array in (fc_w, fc_b, bn_x, pool_x, rnn_p, rnn_x):
        array.attach_grad()

    def recorded(compute):
        def step():
            with mx.autograd.record():
                y = compute()
            y.backward()
            mx.nd.waitall()
        return step

    def fc():
        return mx.nd.FullyConnected(fc_x, fc_w, fc_b, num_hidden=256)

    def bn():
        return mx.nd.BatchNorm(bn_x, *bn_aux, fix_gamma=False)

    def lstm():
        return mx.nd.RNN(rnn_x, rnn_p, rnn_h, rnn_c, state_size=LSTM_H, num_layers=1, mode="lstm")

    def max_pool():
        return mx.nd.Pooling(pool_x, kernel=(3, 3), stride=(2, 2), pad=(1, 1), pool_type="max")

    def pool():
        max_pool()
        mx.nd.waitall()
    return {"fc forward+backward": recorded(fc), "batchnorm forward+backward": recorded(bn),
            "maxpool forward": pool, "maxpool forward+backward": recorded(max_pool),
            "lstm forward+backward": recorded(lstm)}


def _more_torch():
    import torch
    import torch.nn.functional as F

    fc_x, fc_w, fc_b = (torch.tensor(v) for v in _inputs((128, 784), (256, 784), (256,)))
    bn_x = torch.tensor(_inputs((32, 64, 32, 32))[0])
    gamma, beta, mean, var = torch.ones(64), torch.zeros(64), torch.zeros(64), torch.ones(64)
    pool_x = torch.tensor(_inputs((32, 64, 56, 56))[0])
    lstm = torch.nn.LSTM(LSTM_C, LSTM_H)
    rnn_x, rnn_h, rnn_c = (torch.tensor(v) for v in _inputs(
        (LSTM_T, LSTM_N, LSTM_C), (1, LSTM_N, LSTM_H), (1, LSTM_N, LSTM_H)))
    for tensor in (fc_w, fc_b, bn_x, gamma, beta, pool_x, rnn_x):
        tensor.requires_grad_(True)

    def backward(y, inputs):
        torch.autograd.grad(y, inputs, torch.ones_like(y))

    def fc():
        backward(F.linear(fc_x, fc_w, fc_b), (fc_w, fc_b))

    def bn():
        backward(F.batch_norm(bn_x, mean, var, gamma, beta, training=True, momentum=0.1, eps=1e-3),
                 (bn_x, gamma, beta))

    def pool():
        with torch.no_grad():
            F.max_pool2d(pool_x, 3, 2, 1)

    def pool_backward():
        backward(F.max_pool2d(pool_x, 3, 2, 1), (pool_x,))

    def rnn():
        y, _ = lstm(rnn_x, (rnn_h, rnn_c))
        backward(y, (rnn_x, *lstm.parameters()))
    return {"fc forward+backward": fc, "batchnorm forward+backward": bn, "maxpool forward": pool,
            "maxpool forward+backward": pool_backward, "lstm forward+backward": rnn}


def make_torch():
    import torch
    import torch.nn.functional as F

    x, w, b = (torch.tensor(v) for v in _arrays())
    w.requires_grad_(True)
    b.requires_grad_(True)

    def forward():
        with torch.no_grad():
            F.conv2d(x, w, b, padding=1)

    def forward_backward():
        y = F.conv2d(x, w, b, padding=1)
        torch.autograd.grad(y, (w, b), torch.ones_like(y))
    steps = {"conv forward": forward, "conv forward+backward": forward_backward}
    steps.update(_more_torch())
    steps["lenet step"] = _lenet_torch()
    return steps


def implementations(wanted):
    return bench_mlp.load(wanted, make_torch, make_mxnet_api)


def measure(impls, rounds, repeats):
    """``{implementation: {workload: median ms}}``: bench_mlp's interleaved loop, per workload."""
    results = {}
    for workload in next(iter(impls.values()), {}):
        steps = {name: steps[workload] for name, steps in impls.items()}
        for name, ms in bench_mlp.measure(steps, rounds, repeats).items():
            results.setdefault(name, {})[workload] = ms
    return results


def print_table(results):
    torch_ms, mxnet_ms = results.get("torch", {}), results.get("mxnet", {})
    print("| workload | implementation | ms per call | vs torch | MXNet / this |")
    print("|---|---|---:|---:|---:|")
    for name, workloads in results.items():
        for workload, ms in workloads.items():
            ratio = f"{ms / torch_ms[workload]:.2f}x" if workload in torch_ms else "-"
            speed = f"{mxnet_ms[workload] / ms:.2f}x" if workload in mxnet_ms else "-"
            print(f"| {workload} | {name} | {ms:.2f} | {ratio} | {speed} |")


def main():
    bench_mlp.run_cli(__doc__, implementations, measure, print_table, rounds=11, repeats=5)


if __name__ == "__main__":
    main()
