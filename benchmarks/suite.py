"""The whole benchmark suite: run every bench_*.py, then one table with ratios and geometric means.

Each script measures mxnd and raw torch interleaved in this interpreter (and MXNet 1.9.1 when
``--mxnet-python`` names the reference venv's interpreter: the same scripts run there too,
one after the other, and once more here with mxnd alone). The table gives milliseconds per
call, ``mxnd / torch`` (the ceiling: 1.00 is torch's speed; both interleaved) and ``MXNet /
mxnd`` (above 1: mxnd is faster than MXNet), with the geometric mean of each ratio column.
MXNet runs alone in its process, so ``MXNet / mxnd`` compares it with mxnd alone: a workload
interleaved with torch's kernels finds the caches as torch left them (max pooling alternating
with torch's 30 ms NCHW kernel measured 4.7 ms against 3.6 ms alone).

Run:  python benchmarks/suite.py [--quick] [--ctx cpu|gpu] [--mxnet-python /tmp/mxvenv/bin/python] [--json out.json]
      python benchmarks/suite.py --table out.json      (print the table of an earlier run)
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# script -> (extra arguments for a normal run, for a --quick run)
SCRIPTS = {
    "bench_foundation.py": ([], ["--rounds", "3", "--repeats", "3", "--target-ms", "10"]),
    "bench_operators.py": ([], ["--rounds", "3", "--repeats", "3", "--target-ms", "10"]),
    "bench_mlp.py": ([], ["--rounds", "3", "--repeats", "5"]),
    "bench_nn.py": ([], ["--rounds", "3", "--repeats", "3"]),
    "bench_demo.py": ([], ["--rounds", "3", "--repeats", "5"]),
    "bench_optimizer.py": ([], ["--rounds", "3", "--repeats", "3"]),
    "bench_saveload.py": ([], ["--rounds", "3", "--repeats", "3"]),
    "bench_data.py": ([], ["--rounds", "3", "--repeats", "1"]),
    "bench_sparse.py": ([], ["--repeats", "3"]),
    "bench_contrib.py": ([], ["--repeats", "2", "--min-seconds", "0.05"]),
    "bench_import.py": ([], ["--repeats", "3"]),
}
# scripts that print {workload: seconds} for one implementation (--impl NAME --json) on stdout
STDOUT_JSON = {"bench_sparse.py", "bench_contrib.py"}
# scripts whose workloads use no device: --ctx gpu leaves them out (the GPU check's time goes to the GPU)
HOST_ONLY = {"bench_import.py"}


def normalize(document: dict, script: str) -> dict:
    """``{workload: {implementation: ms}}`` from any of the scripts' JSON layouts."""
    table: dict = {}
    results = document.get("results", document)
    for key, value in results.items():
        if not isinstance(value, dict):  # bench_mlp: {implementation: ms}
            table.setdefault("mlp training step", {})[key] = float(value)
            continue
        for inner, record in value.items():
            if isinstance(record, dict):  # {workload: {implementation: {"us_per_call": ...}}}
                ms = record.get("ms_per_call", record.get("us_per_call", math.nan) / 1000.0)
                table.setdefault(key, {})[inner] = float(ms)
            elif isinstance(record, (int, float)):  # {implementation: {workload: ms}}
                table.setdefault(inner, {})[key] = float(record)
    return table


def run_script(python: str, script: str, quick: bool, implementations: str, ctx: str = "cpu") -> dict:
    """Run one benchmark script under ``python``; its normalized results, or {} if it failed."""
    normal, fast = SCRIPTS[script]
    if script in STDOUT_JSON:
        return _run_stdout_json(python, script, fast if quick else normal, implementations, ctx)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "out.json")
        command = [python, os.path.join(HERE, script), "--impl", implementations, "--json", path]
        command += fast if quick else normal
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "MXND_BENCH_CTX": ctx})
        if done.returncode != 0 or not os.path.exists(path):
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            print(f"  {script} under {python}: failed ({tail[0]})", file=sys.stderr)
            return {}
        with open(path) as handle:
            return normalize(json.load(handle), script)


def _run_stdout_json(python, script, extra, implementations, ctx) -> dict:
    """One run per implementation the script knows (it has no torch column), seconds -> ms."""
    table: dict = {}
    for impl in implementations.split(","):
        if impl == "torch":
            continue
        command = [python, os.path.join(HERE, script), "--impl", impl, "--json", *extra]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "MXND_BENCH_CTX": ctx})
        try:
            results = json.loads(done.stdout)
        except ValueError:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            print(f"  {script} --impl {impl} under {python}: failed ({tail[0]})", file=sys.stderr)
            continue
        for workload, seconds in results.items():
            if isinstance(seconds, (int, float)):
                table.setdefault(workload, {})[impl] = seconds * 1e3
    return table


def merge(into: dict, table: dict, script: str):
    for workload, values in table.items():
        into.setdefault(workload, {"script": script}).update(values)


def geometric_mean(values):
    values = [v for v in values if v and math.isfinite(v) and v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else math.nan


def render(results: dict) -> str:
    rows = ["| workload | mxnd ms | torch ms | mxnd alone ms | MXNet ms | mxnd / torch | MXNet / mxnd alone |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    vs_torch, vs_mxnet = [], []
    fmt = lambda v: "-" if v is None or not math.isfinite(v) else (f"{v:.4f}" if v < 0.1 else f"{v:.2f}")  # noqa: E731
    for workload, values in results.items():
        mxnd, torch, alone, mxnet = (values.get(k) for k in ("mxnd", "torch", "mxnd alone", "mxnet"))
        alone = alone or (mxnd if "torch" not in values else None)  # scripts without torch run alone
        a = mxnd / torch if mxnd and torch else None
        b = mxnet / alone if alone and mxnet else None
        vs_torch.append(a)
        vs_mxnet.append(b)
        ratio = lambda v: "-" if v is None else f"{v:.2f}x"  # noqa: E731
        rows.append(f"| {workload} | {fmt(mxnd)} | {fmt(torch)} | {fmt(alone)} | {fmt(mxnet)} | {ratio(a)} | {ratio(b)} |")
    g_torch, g_mxnet = geometric_mean(vs_torch), geometric_mean(vs_mxnet)
    rows.append(f"| **geometric mean** | | | | | {'-' if math.isnan(g_torch) else f'{g_torch:.2f}x'} | "
                f"{'-' if math.isnan(g_mxnet) else f'{g_mxnet:.2f}x'} |")
    return "\n".join(rows)


def write_json(path: str, ctx: str, start: float, results: dict):
    """The results so far, with where and when they were measured (written atomically)."""
    document = {"machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} CPUs, "
                           f"Python {platform.python_version()}", "ctx": ctx,
                "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "seconds": round(time.time() - start),
                "results": results}
    with open(path + ".tmp", "w") as handle:
        json.dump(document, handle, indent=1)
    os.replace(path + ".tmp", path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer rounds (a smoke run, noisier)")
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu", help="run every workload on this device")
    parser.add_argument("--mxnet-python", help="interpreter of the MXNet 1.9.1 reference venv (CPU only)")
    parser.add_argument("--script", action="append", choices=sorted(SCRIPTS), help="only this script (repeatable)")
    parser.add_argument("--json", help="write the merged results here")
    parser.add_argument("--table", help="print the table of an earlier --json run and exit")
    args = parser.parse_args(argv)
    if args.table:
        with open(args.table) as handle:
            print(render(json.load(handle)["results"]))
        return 0
    results: dict = {}
    start = time.time()
    for script in args.script or SCRIPTS:
        if not os.path.exists(os.path.join(HERE, script)) or (args.ctx == "gpu" and script in HOST_ONLY
                                                               and not args.script):
            continue
        print(f"running {script} ...", file=sys.stderr)
        merge(results, run_script(sys.executable, script, args.quick, "mxnd,torch", args.ctx), script)
        if args.mxnet_python and args.ctx == "cpu":
            merge(results, run_script(args.mxnet_python, script, args.quick, "mxnet"), script)
            if script not in STDOUT_JSON:  # those run one implementation at a time already
                alone = run_script(sys.executable, script, args.quick, "mxnd", args.ctx)
                merge(results, {w: {"mxnd alone": v["mxnd"]} for w, v in alone.items() if "mxnd" in v}, script)
        if args.json:  # after every script: a run stopped by a time limit keeps what it measured
            write_json(args.json, args.ctx, start, results)
    print(render(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
