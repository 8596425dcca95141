"""Time reductions, softmax, dot, batch_dot and large elementwise operators on mxnd, raw torch and MXNet 1.9.1.

The method is bench_foundation.py's (its measuring loop, implementations and ratios are
reused): the mxnd and MXNet columns run the same MXNet-API statement, the torch column its
raw-torch equivalent, alternating sample by sample. Measure in each venv with ``--json``,
then combine::

    /tmp/venv/bin/python benchmarks/bench_operators.py --json /tmp/ops_mxnd.json
    /tmp/mxvenv/bin/python benchmarks/bench_operators.py --json /tmp/ops_mxnet.json
    python3 benchmarks/bench_operators.py --compare /tmp/ops_mxnd.json /tmp/ops_mxnet.json

Budgets (DESIGN.md): large operators within 5% of raw torch, the small one within 2x, and
every workload faster than MXNet 1.9.1.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_foundation as foundation  # noqa: E402  (measuring loop, implementations, ratios)

SCHEMA = "mxnd-bench-operators/1"
Workload = foundation.Workload

# Inputs: ``a`` and ``b``, float32 arrays of the workload's shape (standard normal).
WORKLOADS = [
    Workload("sum(axis=1) 1024x1024", "mx.nd.sum(a, axis=1)", "torch.sum(a, dim=1)", (1024, 1024), large=True),
    Workload("sum() 1024x1024", "mx.nd.sum(a)", "torch.sum(a)", (1024, 1024), large=True),
    Workload("mean(axis=0) 1024x1024", "mx.nd.mean(a, axis=0)", "torch.mean(a, dim=0)", (1024, 1024), large=True),
    Workload("max(axis=1) 1024x1024", "mx.nd.max(a, axis=1)", "torch.amax(a, dim=1)", (1024, 1024), large=True),
    Workload("softmax 256x1024", "mx.nd.softmax(a)", "torch.softmax(a, -1)", (256, 1024), large=True),
    Workload("dot 512x512", "mx.nd.dot(a, b)", "torch.matmul(a, b)", (512, 512), large=True),
    Workload("batch_dot 32x128x128", "mx.nd.batch_dot(a, b)", "torch.bmm(a, b)", (32, 128, 128), large=True),
    Workload("exp 2048x2048", "mx.nd.exp(a)", "torch.exp(a)", (2048, 2048), large=True),
    Workload("broadcast_add 2048x2048", "mx.nd.broadcast_add(a, b)", "torch.add(a, b)", (2048, 2048), large=True),
    Workload("sum(axis=1) 4x4", "mx.nd.sum(a, axis=1)", "torch.sum(a, dim=1)", (4, 4)),
]


def table(results: dict) -> str:
    """Markdown table: µs/call per implementation, mxnd/torch against its budget, MXNet speedup."""
    known = {w.name: w for w in WORKLOADS}
    rows = [["workload", "mxnd µs", "torch µs", "mxnd/torch", "budget", "MXNet µs", "MXNet/mxnd"]]
    for name in [w.name for w in WORKLOADS if w.name in results]:
        records = results[name]
        mxnd, torch, mxnet = (records[k]["us_per_call"] if k in records else None
                              for k in ("mxnd", "torch", "mxnet"))
        over_torch = foundation.ratio(records["mxnd"], records["torch"]) if mxnd and torch else None
        budget = foundation.LARGE_BUDGET if known[name].large else foundation.SMALL_BUDGET
        verdict = "-" if over_torch is None else f"<={budget:g}x " + ("ok" if over_torch <= budget else "MISS")
        speedup = foundation.ratio(records["mxnet"], records["mxnd"]) if mxnd and mxnet else None
        speedup_text = "-" if speedup is None else f"{speedup:.2f}x" + (" SLOWER" if speedup < 1 else "")
        rows.append([name, _us(mxnd), _us(torch), "-" if over_torch is None else f"{over_torch:.3f}x",
                     verdict, _us(mxnet), speedup_text])
    return "\n".join(foundation.aligned_table(rows))


def _us(value) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if value < 100 else f"{value:.0f}"


def merge(documents) -> dict:
    """Combine result files (bench_foundation's merge, for this script's schema)."""
    return foundation.merge(documents, SCHEMA)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", help="comma-separated subset of: " + ", ".join(foundation.IMPLEMENTATIONS))
    parser.add_argument("--workload", action="append", metavar="NAME", help="only this workload (repeatable)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--repeats", type=int, default=5, help="samples per round (default 5)")
    parser.add_argument("--target-ms", type=float, default=20.0, help="duration of a sample (default 20)")
    parser.add_argument("--json", metavar="PATH", help="also write the results to PATH")
    parser.add_argument("--compare", nargs="+", metavar="JSON", help="measure nothing: combine result files")
    args = parser.parse_args(argv)

    if args.compare:
        documents = []
        for path in args.compare:
            with open(path) as handle:
                documents.append(json.load(handle))
            print(f"{os.path.basename(path)}: {foundation.describe(documents[-1]['environment'])}")
        print()
        print(table(merge(documents)))
        return 0

    workloads = WORKLOADS
    if args.workload:
        known = {w.name: w for w in WORKLOADS}
        unknown = [name for name in args.workload if name not in known]
        if unknown:
            raise SystemExit(f"unknown workloads {unknown}; choose from {list(known)}")
        workloads = [known[name] for name in args.workload]
    impls = foundation.select_implementations(args.impl)
    if not impls:
        raise SystemExit("no implementation is importable in this interpreter")
    env = foundation.environment(impls)
    print(foundation.describe(env), flush=True)
    start = time.perf_counter()
    results = foundation.measure(impls, workloads, args.rounds, args.repeats, args.target_ms,
                                 log=lambda text: print(text, flush=True))
    return report(args, env, results, start, SCHEMA, table)


def report(args, env, results, start, schema, render) -> int:
    """Print the table of a finished run and write ``--json`` (atomically); shared by the
    scripts built on bench_foundation's measuring loop."""
    env["seconds"] = round(time.perf_counter() - start, 1)
    print(f"done in {env['seconds']} s\n")
    print(render(results))
    if args.json:
        document = {"schema": schema, "environment": env, "results": results,
                    "settings": {"rounds": args.rounds, "repeats": args.repeats, "target_ms": args.target_ms}}
        with open(args.json + ".tmp", "w") as handle:
            json.dump(document, handle, indent=1)
        os.replace(args.json + ".tmp", args.json)
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
