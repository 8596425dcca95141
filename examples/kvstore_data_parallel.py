"""Data-parallel training with mx.kv: the mxnd demo CNN on scikit-learn's digits, on N workers.

Every worker takes its slice of each global batch, computes the gradients of its slice and
pushes them to a 'dist_sync' KVStore; the store sums them over the workers and applies the SGD
optimizer (set with ``kv.set_optimizer``), and every worker pulls the new weights. With the
global batch size fixed, N workers follow the same training trajectory as one process.

Run on 2 processes with torchrun (the way to launch any mxnd dist_* script):

    torchrun --nproc_per_node=2 examples/kvstore_data_parallel.py --epochs 5

or let the script start its workers on the loopback interface, and compare with one process:

    python examples/kvstore_data_parallel.py --spawn 2 --compare --epochs 5

Without a launcher (plain ``python examples/kvstore_data_parallel.py``) it trains in one
process through a 'local' store, the single-machine baseline.
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time

import numpy as np

import mxnd as mx
from mxnd.demo import PARAM_SHAPES, forward, init_params, load_digits


def train(args):
    """Train on this worker; return (test accuracy, rank, number of workers, seconds)."""
    launched = "WORLD_SIZE" in os.environ or "DMLC_NUM_WORKER" in os.environ
    kv = mx.kv.create(args.kvstore if launched else "local")
    rank, workers = kv.rank, kv.num_workers
    if args.batch_size % workers:
        raise SystemExit(f"--batch-size {args.batch_size} must be divisible by the {workers} workers")
    mx.random.seed(args.seed)
    train_x, test_x, train_y, test_y = load_digits(args.seed)
    params = init_params(mx.cpu())
    names = list(PARAM_SHAPES)
    # rank 0's initial weights go to every worker; the optimizer runs in the store
    kv.init(names, [params[n] for n in names])
    kv.pull(names, out=[params[n] for n in names])
    kv.set_optimizer(mx.optimizer.create("sgd", learning_rate=args.lr, momentum=0.9, wd=1e-4,
                                         rescale_grad=1.0 / args.batch_size))
    shard = args.batch_size // workers
    order = np.random.RandomState(args.seed)  # the same shuffle on every worker
    start = time.perf_counter()
    for epoch in range(args.epochs):
        perm = order.permutation(len(train_x))
        for first in range(0, len(perm) - args.batch_size + 1, args.batch_size):
            mine = perm[first + rank * shard:first + (rank + 1) * shard]
            data, label = mx.nd.array(train_x[mine]), mx.nd.array(train_y[mine])
            with mx.autograd.record():
                probs = mx.nd.SoftmaxOutput(forward(params, data), label)
            probs.backward()
            kv.push(names, [params[n].grad for n in names])
            kv.pull(names, out=[params[n] for n in names])
        accuracy = test_accuracy(params, test_x, test_y)
        if rank == 0:
            print(f"epoch {epoch + 1}: test accuracy {accuracy:.4f}", flush=True)
    return accuracy, rank, workers, time.perf_counter() - start


def test_accuracy(params, test_x, test_y):
    predicted = mx.nd.argmax(forward(params, mx.nd.array(test_x)), axis=1).asnumpy()
    return float((predicted == test_y).mean())


def spawn(args, workers):
    """Start ``workers`` copies of this script on 127.0.0.1 and return rank 0's output."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    argv = [sys.executable, os.path.abspath(__file__), "--epochs", str(args.epochs), "--batch-size",
            str(args.batch_size), "--lr", str(args.lr), "--seed", str(args.seed), "--kvstore", args.kvstore]
    procs = []
    for rank in range(workers):
        env = dict(os.environ, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), RANK=str(rank),
                   WORLD_SIZE=str(workers), LOCAL_RANK=str(rank), OMP_NUM_THREADS="1")
        procs.append(subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    outputs = [p.communicate(timeout=args.timeout)[0] for p in procs]
    for rank, (p, out) in enumerate(zip(procs, outputs)):
        if p.returncode:
            raise SystemExit(f"worker {rank} failed:\n{out}")
    return outputs[0]


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=32, help="global batch, split over the workers")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kvstore", default="dist_sync", help="store type when launched (dist_sync, ...)")
    parser.add_argument("--spawn", type=int, default=0, metavar="N", help="start N workers on 127.0.0.1")
    parser.add_argument("--compare", action="store_true", help="with --spawn: also train in one process")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for spawned workers")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    if not args.spawn:
        accuracy, rank, workers, seconds = train(args)
        if rank == 0:
            print(f"final test accuracy {accuracy:.4f} on {workers} worker(s) in {seconds:.1f} s")
        return
    out = spawn(args, args.spawn)
    print(out, end="")
    if args.compare:
        single = train(args)[0]
        multi = float(out.strip().splitlines()[-1].split()[3])
        print(f"1 process: test accuracy {single:.4f}; {args.spawn} workers: {multi:.4f}; "
              f"same accuracy: {round(single, 4) == multi}")


if __name__ == "__main__":
    main()
