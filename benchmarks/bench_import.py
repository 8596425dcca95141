"""Start-up cost: ``import mxnd`` against ``import torch, numpy`` (what any torch program pays
first) and, under MXNet's interpreter, ``import mxnet``.

Each import runs in a fresh interpreter (``python -c``), the implementations taking turns, with
Python's bytecode cache on as a user has it (``PYTHONDONTWRITEBYTECODE`` is removed from the
children's environment; an unmeasured first run writes the cache). The median of ``--repeats``
runs, in milliseconds, goes to ``--json`` in bench_foundation's layout, so benchmarks/suite.py
can run it.

Run: python benchmarks/bench_import.py [--impl mxnd,torch] [--repeats 7] [--json out.json]
     /tmp/mxvenv/bin/python benchmarks/bench_import.py --impl mxnet
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

STATEMENTS = {"mxnd": "import mxnd", "torch": "import torch, numpy", "mxnet": "import mxnet"}
WORKLOAD = "import (fresh interpreter)"


def _environment():
    return {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def time_import(statement: str, env) -> float:
    """Seconds for one fresh interpreter to run ``statement`` (its start-up included)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", statement], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(implementations, repeats: int) -> dict:
    """``{implementation: median ms}``, the implementations interleaved run by run."""
    env = _environment()
    for name in implementations:  # writes the bytecode caches; not measured
        time_import(STATEMENTS[name], env)
    times = {name: [] for name in implementations}
    for _ in range(repeats):
        for name in implementations:
            times[name].append(time_import(STATEMENTS[name], env))
    return {name: statistics.median(values) * 1e3 for name, values in times.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", default="mxnd,torch", help="comma-separated: mxnd, torch, mxnet")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", help="write {'results': {workload: {impl: {'ms_per_call': ms}}}} here")
    args = parser.parse_args(argv)
    names = [name for name in args.impl.split(",") if name in STATEMENTS]
    medians = measure(names, args.repeats)
    for name, ms in medians.items():
        print(f"{STATEMENTS[name]:24s} {ms:8.1f} ms")
    if "mxnd" in medians and "torch" in medians:
        print(f"mxnd / torch: {medians['mxnd'] / medians['torch']:.2f}x")
    if args.json:
        document = {"results": {WORKLOAD: {name: {"ms_per_call": ms} for name, ms in medians.items()}}}
        with open(args.json + ".tmp", "w") as handle:
            json.dump(document, handle, indent=1)
        os.replace(args.json + ".tmp", args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
