"""Sparse benchmarks: csr.dense, csr.T.dense, cast_storage and row_sparse addition, mxnd vs MXNet 1.9.1.

The same MXNet-API statements run under ``import mxnd as mx`` and under the real MXNet
(``--impl mxnet`` in an interpreter that has it). ``--compare PYTHON_WITH_MXNET`` runs both
(MXNet in a subprocess) and prints the ratios MXNet time / mxnd time (> 1: mxnd is faster).
``MXND_BENCH_CTX=gpu`` (suite.py --ctx gpu) runs the mxnd side on gpu(0).
Each workload reports its fastest sample (the least disturbed on a shared machine); with
``--compare`` the two implementations alternate for ``--rounds`` rounds. Timings never go into
unit tests.

    python benchmarks/bench_sparse.py --compare /tmp/mxvenv/bin/python [--threads 1]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

from bench_context import use

# name: (setup statements, timed statement); `mx` and `np` are in scope
WORKLOADS = {
    "csr.dense 1e6x1e6 nnz=1e4 @ (1e6,8)": (
        "rng = np.random.RandomState(0); n = 1000000\n"
        "rows = rng.randint(0, n, 10000); cols = rng.randint(0, n, 10000)\n"
        "c = mx.nd.sparse.csr_matrix((np.ones(10000, np.float32), (rows, cols)), shape=(n, n))\n"
        "d = mx.nd.ones((n, 8))",
        "mx.nd.dot(c, d).wait_to_read()"),
    "csr.T.dense 1e6x1e6 nnz=1e4 @ (1e6,8)": (
        "rng = np.random.RandomState(0); n = 1000000\n"
        "rows = rng.randint(0, n, 10000); cols = rng.randint(0, n, 10000)\n"
        "c = mx.nd.sparse.csr_matrix((np.ones(10000, np.float32), (rows, cols)), shape=(n, n))\n"
        "d = mx.nd.ones((n, 8))",
        "mx.nd.dot(c, d, transpose_a=True).wait_to_read()"),
    "csr.dense 40000x40000 nnz=1e4 @ (40000,8)": (
        "rng = np.random.RandomState(0); n = 40000\n"
        "rows = rng.randint(0, n, 10000); cols = rng.randint(0, n, 10000)\n"
        "c = mx.nd.sparse.csr_matrix((np.ones(10000, np.float32), (rows, cols)), shape=(n, n))\n"
        "d = mx.nd.ones((n, 8))",
        "mx.nd.dot(c, d).wait_to_read()"),
    "csr.T.dense 40000x40000 nnz=1e4 @ (40000,8)": (
        "rng = np.random.RandomState(0); n = 40000\n"
        "rows = rng.randint(0, n, 10000); cols = rng.randint(0, n, 10000)\n"
        "c = mx.nd.sparse.csr_matrix((np.ones(10000, np.float32), (rows, cols)), shape=(n, n))\n"
        "d = mx.nd.ones((n, 8))",
        "mx.nd.dot(c, d, transpose_a=True).wait_to_read()"),
    "csr.T.dense 40000x40000 -> default": (
        "rng = np.random.RandomState(0); n = 40000\n"
        "rows = rng.randint(0, n, 10000); cols = rng.randint(0, n, 10000)\n"
        "c = mx.nd.sparse.csr_matrix((np.ones(10000, np.float32), (rows, cols)), shape=(n, n))\n"
        "d = mx.nd.ones((n, 8))",
        "mx.nd.dot(c, d, transpose_a=True, forward_stype='default').wait_to_read()"),
    "csr.dense 10000x10000 1% @ (10000,64)": (
        "rng = np.random.RandomState(0); n = 10000\n"
        "dense = mx.nd.array(rng.rand(n, n).astype(np.float32) * (rng.rand(n, n) < 0.01))\n"
        "c = dense.tostype('csr'); d = mx.nd.array(rng.rand(n, 64))",
        "mx.nd.dot(c, d).wait_to_read()"),
    "cast_storage dense->csr 2000x2000 1%": (
        "rng = np.random.RandomState(0)\n"
        "d = mx.nd.array(rng.rand(2000, 2000) * (rng.rand(2000, 2000) < 0.01))",
        "d.tostype('csr').wait_to_read()"),
    "cast_storage csr->dense 2000x2000 1%": (
        "rng = np.random.RandomState(0)\n"
        "c = mx.nd.array(rng.rand(2000, 2000) * (rng.rand(2000, 2000) < 0.01)).tostype('csr')",
        "c.tostype('default').wait_to_read()"),
    "cast_storage dense->row_sparse 10000x128 10%": (
        "rng = np.random.RandomState(0)\n"
        "d = mx.nd.array(rng.rand(10000, 128) * (rng.rand(10000, 1) < 0.1))",
        "d.tostype('row_sparse').wait_to_read()"),
    "row_sparse + row_sparse 100000x128 1000 rows": (
        "rng = np.random.RandomState(0)\n"
        "rows = [np.sort(rng.choice(100000, 1000, False)) for _ in range(2)]\n"
        "a = mx.nd.sparse.row_sparse_array((rng.rand(1000, 128), rows[0]), shape=(100000, 128))\n"
        "b = mx.nd.sparse.row_sparse_array((rng.rand(1000, 128), rows[1]), shape=(100000, 128))",
        "mx.nd.elemwise_add(a, b).wait_to_read()"),
    "row_sparse + row_sparse 100000x128 same rows": (
        "rng = np.random.RandomState(0)\n"
        "rows = np.sort(rng.choice(100000, 1000, False))\n"
        "a = mx.nd.sparse.row_sparse_array((rng.rand(1000, 128), rows), shape=(100000, 128))\n"
        "b = mx.nd.sparse.row_sparse_array((rng.rand(1000, 128), rows), shape=(100000, 128))",
        "mx.nd.elemwise_add(a, b).wait_to_read()"),
}


def run(impl: str, repeats: int, min_seconds: float, threads: int = 0, workloads=None) -> dict:
    """Fastest seconds per call of every workload (default: this file's) under ``impl`` ('mxnd' or 'mxnet')."""
    if threads:  # both sides read OMP_NUM_THREADS when their runtime starts
        os.environ["OMP_NUM_THREADS"] = str(threads)
    if impl == "mxnet":
        os.environ.setdefault("MXNET_STORAGE_FALLBACK_LOG_VERBOSE", "0")
        import mxnet as mx
    else:
        import mxnd as mx
        import torch
        if threads:
            torch.set_num_threads(threads)
        use(mx)  # MXND_BENCH_CTX=gpu: every array on gpu(0) (the MXNet reference build is CPU-only)
    results = {}
    for name, (setup, statement) in (WORKLOADS if workloads is None else workloads).items():
        scope = {"mx": mx, "np": np}
        code = compile(statement, name, "exec")
        try:
            exec(setup, scope)
            exec(code, scope)  # warm up
        except Exception as error:  # MXNet refuses tensors of more than 2^31 elements
            print(f"{name}: {type(error).__name__}: {str(error).strip().splitlines()[-1][:100]}", file=sys.stderr)
            results[name] = None
            continue
        samples = []
        for _ in range(repeats):
            count, start = 0, time.perf_counter()
            while True:
                exec(code, scope)
                count += 1
                elapsed = time.perf_counter() - start
                if elapsed >= min_seconds:
                    break
            samples.append(elapsed / count)
        results[name] = float(np.min(samples))  # the least disturbed sample (shared machines)
    return results


def _keep_min(best: dict, results: dict):
    """Merge one round into ``best`` (per workload the fastest time; None where it failed)."""
    for name, seconds in results.items():
        previous = best.get(name)
        best[name] = seconds if previous is None else previous if seconds is None else min(previous, seconds)


def main(argv=None, workloads=None, script=__file__, doc=__doc__) -> int:
    """The command line; bench_contrib.py runs it with its own ``workloads``."""
    workloads = WORKLOADS if workloads is None else workloads
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--impl", choices=("mxnd", "mxnet"), default="mxnd")
    parser.add_argument("--repeats", type=int, default=5, help="samples per workload and round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds with --compare")
    parser.add_argument("--min-seconds", type=float, default=0.2)
    parser.add_argument("--json", action="store_true", help="print the results as JSON only")
    parser.add_argument("--compare", metavar="PYTHON", help="an interpreter with MXNet 1.9.1: run both")
    parser.add_argument("--threads", type=int, default=0,
                        help="intra-op threads for both (OMP_NUM_THREADS; default: each runtime's own)")
    args = parser.parse_args(argv)
    if args.compare:
        ours, theirs = {}, {}
        for _ in range(args.rounds):  # alternate the two so that load changes hit both alike
            _keep_min(ours, run("mxnd", args.repeats, args.min_seconds, args.threads, workloads))
            output = subprocess.run([args.compare, script, "--impl", "mxnet", "--json", "--repeats",
                                     str(args.repeats), "--min-seconds", str(args.min_seconds),
                                     "--threads", str(args.threads)],
                                    check=True, capture_output=True, text=True).stdout
            _keep_min(theirs, json.loads(output.strip().splitlines()[-1]))
        print(f"{'workload':48s} {'mxnd ms':>10s} {'mxnet ms':>10s} {'mxnet/mxnd':>11s}")
        for name in workloads:
            if theirs[name] is None:
                print(f"{name:48s} {ours[name] * 1e3:10.3f} {'fails':>10s} {'-':>11s}")
                continue
            print(f"{name:48s} {ours[name] * 1e3:10.3f} {theirs[name] * 1e3:10.3f} "
                  f"{theirs[name] / ours[name]:10.2f}x")
        return 0
    results = run(args.impl, args.repeats, args.min_seconds, args.threads, workloads)
    if args.json:
        print(json.dumps(results))
    else:
        for name, seconds in results.items():
            print(f"{name:48s} " + ("fails" if seconds is None else f"{seconds * 1e3:10.3f} ms"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
