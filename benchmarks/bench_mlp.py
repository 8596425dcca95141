"""One training step of an MLP (batch 128, 784-256-256-10): forward, backward, SGD update.

The same step in mxnd (MXNet 1.x API), in raw torch (the ceiling) and, when importable, in
MXNet 1.9.1 (run this script with the reference venv's python for that column).
Implementations alternate round by round; the table shows the median step time.

Run: python benchmarks/bench_mlp.py [--json out.json] ; combine runs with --compare a.json b.json
"""
import argparse
import json
import statistics
import time

import numpy as np

import bench_context

SIZES = (784, 256, 256, 10)
BATCH, LR = 128, 0.01


def _weights():
    rng = np.random.default_rng(0)
    return [(rng.standard_normal((n_in, n_out)).astype(np.float32) * 0.05, np.zeros(n_out, np.float32))
            for n_in, n_out in zip(SIZES[:-1], SIZES[1:])]


def _data():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((BATCH, SIZES[0])).astype(np.float32)
    labels = rng.integers(0, SIZES[-1], BATCH).astype(np.float32)
    return x, labels


def make_mxnet_api_step(mx):
    """The step written once against the MXNet 1.x API; runs on mxnd and on MXNet."""
    params = []
    for w, b in _weights():
        for value in (w, b):
            array = mx.nd.array(value)
            array.attach_grad()
            params.append(array)
    x, labels = (mx.nd.array(v) for v in _data())

    def step():
        with mx.autograd.record():
            h = x
            for i in range(0, len(params), 2):
                h = mx.nd.broadcast_add(mx.nd.dot(h, params[i]), params[i + 1])
                if i + 2 < len(params):
                    h = mx.nd.relu(h)
            loss = -mx.nd.pick(mx.nd.log_softmax(h), labels).mean()
        loss.backward()
        for p in params:
            p -= LR * p.grad
        mx.nd.waitall()
    return step


def make_torch_step():
    import torch

    params = []
    for w, b in _weights():
        params += [torch.tensor(w, requires_grad=True), torch.tensor(b, requires_grad=True)]
    x, labels = _data()
    x, labels = torch.tensor(x), torch.tensor(labels).long()

    def step():
        h = x
        for i in range(0, len(params), 2):
            h = h @ params[i] + params[i + 1]
            if i + 2 < len(params):
                h = torch.relu(h)
        loss = torch.nn.functional.cross_entropy(h, labels)
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p -= LR * g
    return step


def load(wanted, make_torch, make_mxnet_api):
    """``{implementation: workloads}`` for the importable ones of ``wanted`` (mxnd, torch, mxnet),
    each on the benchmark context: ``make_torch()`` for torch, ``make_mxnet_api(module)`` else."""
    found = {}
    for name in wanted:
        try:
            module = __import__(name)
            bench_context.use(module)
            found[name] = make_torch() if name == "torch" else make_mxnet_api(module)
        except ImportError:
            pass
    return found


def implementations(wanted):
    return load(wanted, make_torch_step, make_mxnet_api_step)


def measure(steps, rounds, repeats):
    for step in steps.values():
        for _ in range(5):
            step()  # warm up
    times = {name: [] for name in steps}
    for r in range(rounds):
        order = list(steps)[r % len(steps):] + list(steps)[:r % len(steps)]
        for name in order:
            start = time.perf_counter()
            for _ in range(repeats):
                steps[name]()
            bench_context.sync()
            times[name].append((time.perf_counter() - start) / repeats * 1e3)
    return {name: statistics.median(values) for name, values in times.items()}


def print_table(results):
    torch_ms, mxnd_ms, mxnet_ms = results.get("torch"), results.get("mxnd"), results.get("mxnet")
    print("| implementation | ms per step | vs torch | MXNet / this |")
    print("|---|---:|---:|---:|")
    for name, ms in results.items():
        ratio = f"{ms / torch_ms:.2f}x" if torch_ms else "-"
        speed = f"{mxnet_ms / ms:.2f}x" if mxnet_ms else "-"
        print(f"| {name} | {ms:.2f} | {ratio} | {speed} |")
    if mxnd_ms and torch_ms:
        print(f"\nbudget mxnd/torch <= 1.3: {'ok' if mxnd_ms / torch_ms <= 1.3 else 'MISS'} ({mxnd_ms / torch_ms:.2f}x)")


def run_cli(doc, implementations, measure, print_table, rounds=7, repeats=20):
    """The command line shared by the step benchmarks: measure (--json) or combine (--compare)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--impl", default="mxnd,torch,mxnet")
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default=None,
                        help="where to run (default: $MXND_BENCH_CTX or cpu)")
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--repeats", type=int, default=repeats)
    parser.add_argument("--json")
    parser.add_argument("--compare", nargs="+")
    args = parser.parse_args()
    if args.ctx and args.ctx != bench_context.CTX:
        bench_context.CTX = args.ctx
    if args.compare:
        merged = {}
        for path in args.compare:
            with open(path) as handle:
                merged.update(json.load(handle))
        print_table(merged)
        return
    impls = implementations(args.impl.split(","))
    if not impls:
        raise SystemExit(f"none of {args.impl} can run here (ctx {bench_context.CTX})")
    results = measure(impls, args.rounds, args.repeats)
    print_table(results)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle)


def main():
    run_cli(__doc__, implementations, measure, print_table)


if __name__ == "__main__":
    main()
