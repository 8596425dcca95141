"""Convolution (batch 32, 3->64 channels, 3x3 kernel, pad 1, 64x64 images), forward and forward+backward.

The same MXNet-API code on mxnd and, when importable, on MXNet 1.9.1 (run this script with
the reference venv's python for that column), and the raw-torch equivalent as the ceiling.
Implementations alternate round by round; the table shows the median time per call in ms.

Run: python benchmarks/bench_nn.py [--json out.json] ; combine runs with --compare a.json b.json
"""
import argparse
import json
import statistics
import time

import numpy as np

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
    return {"conv forward": forward, "conv forward+backward": forward_backward}


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
    return {"conv forward": forward, "conv forward+backward": forward_backward}


def implementations(wanted):
    found = {}
    for name in wanted:
        try:
            if name == "torch":
                found[name] = make_torch()
            elif name in ("mxnd", "mxnet"):
                found[name] = make_mxnet_api(__import__(name))
        except ImportError:
            pass
    return found


def measure(impls, rounds, repeats):
    """``{implementation: {workload: median ms}}``; implementations alternate, rotated each round."""
    results = {}
    for workload in next(iter(impls.values()), {}):
        steps = {name: steps[workload] for name, steps in impls.items()}
        for step in steps.values():
            for _ in range(3):
                step()  # warm up
        times = {name: [] for name in steps}
        for r in range(rounds):
            order = list(steps)[r % len(steps):] + list(steps)[:r % len(steps)]
            for name in order:
                start = time.perf_counter()
                for _ in range(repeats):
                    steps[name]()
                times[name].append((time.perf_counter() - start) / repeats * 1e3)
        for name, values in times.items():
            results.setdefault(name, {})[workload] = statistics.median(values)
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
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--impl", default="mxnd,torch,mxnet")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json")
    parser.add_argument("--compare", nargs="+")
    args = parser.parse_args()
    if args.compare:
        merged = {}
        for path in args.compare:
            with open(path) as handle:
                merged.update(json.load(handle))
        print_table(merged)
        return
    results = measure(implementations(args.impl.split(",")), args.rounds, args.repeats)
    print_table(results)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle)


if __name__ == "__main__":
    main()
