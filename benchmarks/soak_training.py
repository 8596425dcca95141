"""Soak: the demo's CNN training step and a sparse logistic-regression step, many times over.

Memory must stay flat after warm-up: the script prints the resident set size (RSS, from
/proc/self/statm) and, on CUDA, torch's allocated GPU memory at intervals, then the growth
from the first reading after warm-up (step 1,000) to the last.

Run: python benchmarks/soak_training.py [--steps 10000] [--every 1000] [--ctx cpu|gpu]
     [--only cnn|sparse] [--threads 1]

The CNN step is mxnd.demo's: forward of the LeNet-style model on a (32, 1, 8, 8) batch,
SoftmaxOutput, backward, and an in-place ``sgd_mom_update(..., out=weight)`` per parameter.
The sparse step: a (64, 1000) CSR batch at 1% density, ``dot(csr, w)``, sigmoid cross-entropy,
backward, and an in-place ``sgd_update``.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

import mxnd as mx
from mxnd.demo import PARAM_SHAPES, forward, init_params


def rss_mib() -> float:
    """Resident set size of this process in MiB (Linux /proc)."""
    with open(f"/proc/{os.getpid()}/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def gpu_mib(ctx) -> float | None:
    """Memory torch has allocated on ``ctx``'s GPU, in MiB (None on the host)."""
    if ctx.device_type != "gpu":
        return None
    import torch

    return torch.cuda.memory_allocated(ctx.device) / 2 ** 20


def cnn_step_factory(ctx, rng):
    """The demo's training step on synthetic digits: returns ``step() -> loss``."""
    params = init_params(ctx)
    moms = {name: mx.nd.zeros(shape, ctx=ctx) for name, shape in PARAM_SHAPES.items()}
    data = mx.nd.array(rng.random((32, 1, 8, 8), dtype=np.float32), ctx=ctx)
    label = mx.nd.array(rng.integers(0, 10, 32), ctx=ctx)

    def step():
        with mx.autograd.record():
            probs = mx.nd.SoftmaxOutput(forward(params, data), label)
        probs.backward()
        for name, weight in params.items():
            mx.nd.sgd_mom_update(weight, weight.grad, moms[name], out=weight, lr=0.01,
                                 momentum=0.9, wd=1e-4, rescale_grad=1 / 32)
        return probs

    return step


def sparse_step_factory(ctx, rng):
    """Logistic regression on a CSR batch: returns ``step() -> loss``."""
    import scipy.sparse

    matrix = scipy.sparse.random(64, 1000, density=0.01, format="csr", dtype=np.float32,
                                 random_state=np.random.RandomState(0))
    batch = mx.nd.sparse.csr_matrix((matrix.data, matrix.indices, matrix.indptr),
                                    shape=matrix.shape, ctx=ctx)
    label = mx.nd.array(rng.integers(0, 2, (64, 1)), ctx=ctx)
    weight = mx.nd.zeros((1000, 1), ctx=ctx)
    weight.attach_grad()

    def step():
        with mx.autograd.record():
            z = mx.nd.sparse.dot(batch, weight)
            loss = mx.nd.mean(mx.nd.relu(z) - z * label + mx.nd.log1p(mx.nd.exp(-mx.nd.abs(z))))
        loss.backward()
        mx.nd.sgd_update(weight, weight.grad, out=weight, lr=0.1)
        return loss

    return step


def soak(name, step, steps, every, ctx):
    """Run ``step`` ``steps`` times; return {step: (RSS MiB, GPU MiB or None)}."""
    readings = {}
    start = time.perf_counter()
    for i in range(1, steps + 1):
        result = step()
        if i % every == 0 or i == steps:
            result.wait_to_read()
            mx.nd.waitall()
            readings[i] = (rss_mib(), gpu_mib(ctx))
            gpu = "" if readings[i][1] is None else f", GPU {readings[i][1]:.1f} MiB"
            rate = i / (time.perf_counter() - start)
            print(f"{name:>6} step {i:>6}: RSS {readings[i][0]:.1f} MiB{gpu} ({rate:.0f} steps/s)",
                  flush=True)
    return readings


def report(name, readings):
    first = min(readings)
    last = max(readings)
    rss = readings[last][0] - readings[first][0]
    line = f"{name}: RSS growth from step {first} to {last}: {rss:+.1f} MiB"
    if readings[last][1] is not None:
        line += f", GPU growth {readings[last][1] - readings[first][1]:+.1f} MiB"
    print(line)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1_000)
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu")
    parser.add_argument("--only", choices=("cnn", "sparse"), default=None)
    parser.add_argument("--threads", type=int, default=1,
                        help="torch intra-op threads (1: small batches, shared cores)")
    args = parser.parse_args(argv)
    if args.steps < 1 or args.every < 1:
        parser.error("--steps and --every must be positive")
    ctx = mx.gpu(0) if args.ctx == "gpu" else mx.cpu(0)
    import torch

    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(0)
    print(f"mxnd soak on {ctx}: {args.steps} steps, RSS at start {rss_mib():.1f} MiB", flush=True)
    factories = {"cnn": cnn_step_factory, "sparse": sparse_step_factory}
    for name, factory in factories.items():
        if args.only not in (None, name):
            continue
        report(name, soak(name, factory(ctx, rng), args.steps, args.every, ctx))
    return 0


if __name__ == "__main__":
    sys.exit(main())
