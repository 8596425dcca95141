"""Time the foundation workloads on mxnd, on raw torch and on MXNet 1.9.1; print ratios.

One script serves every venv. Each implementation is imported lazily, so the script runs
where only some of them are installed (the MXNet 1.9.1 reference venv has no torch, the
mxnd venv has no MXNet). Measure in each venv with ``--json``, then combine::

    /tmp/venv/bin/python benchmarks/bench_foundation.py --json /tmp/bench_mxnd.json
    /tmp/mxvenv/bin/python benchmarks/bench_foundation.py --json /tmp/bench_mxnet.json
    python3 benchmarks/bench_foundation.py --compare /tmp/bench_mxnd.json /tmp/bench_mxnet.json

Method (DESIGN.md, "Performance policy"): the mxnd and MXNet columns run the *same*
MXNet-API statement (``a + b``, ``x[:, 1]`` ...), the torch column its raw-torch
equivalent, the ceiling. A sample times ``N`` calls in a loop compiled from the statement
(no per-call function-call overhead, as ``timeit`` does) with ``time.perf_counter_ns``,
then one ``mx.nd.waitall()`` so MXNet's asynchronous engine is charged for the work it
queued. ``N`` is calibrated per workload and implementation so that a sample takes about
``--target-ms`` (20 ms). Implementations alternate sample by sample, with the starting
implementation rotated every round; each round keeps the median of its ``--repeats``
samples; the reported time is the median of the round medians, in microseconds per call.
Ratios between columns measured in one process are the median of the per-round ratios, so
a slow phase of the machine hits both sides alike; ratios across files (the MXNet column)
are ratios of the medians. Timings are never asserted in unit tests.
"""
from __future__ import annotations

import abc
import argparse
import datetime
import gc
import importlib
import json
import os
import platform
import statistics
import sys
import time

import numpy as np

import bench_context

SCHEMA = "mxnd-bench-foundation/1"

# Budgets of DESIGN.md: a small op within 2x of raw torch, a large op within 5%.
SMALL_BUDGET, LARGE_BUDGET = 2.0, 1.05
NOISY_SPREAD = 0.25  # flag a column whose round medians spread more than this


class Workload:
    """One workload: the MXNet-API statement, its raw-torch equivalent, the input shape."""

    __slots__ = ("name", "mx_stmt", "torch_stmt", "shape", "large")

    def __init__(self, name, mx_stmt, torch_stmt, shape=(4, 4), large=False):
        self.name, self.mx_stmt, self.torch_stmt = name, mx_stmt, torch_stmt
        self.shape, self.large = shape, large


# Inputs: ``a``, ``b`` (float32 arrays of ``shape``) and ``x`` (the same array as ``a``).
WORKLOADS = [
    Workload("a + b", "a + b", "torch.add(a, b)"),
    Workload("a * 2", "a * 2", "a * 2"),
    Workload("x[1:3]", "x[1:3]", "x[1:3]"),
    # MXNet's x[:, 1] is a copy (a column is not contiguous; writing it leaves x alone): torch's
    # same work is the view made contiguous (the bare view, 1.8 us, is not the same result)
    Workload("x[:, 1]", "x[:, 1]", "x[:, 1].contiguous()"),
    Workload("x.reshape((2, 8))", "x.reshape((2, 8))", "x.reshape(2, 8)"),
    Workload("zeros((4, 4))", "mx.nd.zeros((4, 4))", "torch.zeros(4, 4)"),
    # a host copy: numpy's copy of the CPU tensor, or the device-to-host copy on a GPU
    Workload("x.asnumpy()", "x.asnumpy()", "x.numpy().copy()" if bench_context.CTX == "cpu" else "x.cpu().numpy()"),
    Workload("a + b 2048x2048", "a + b", "torch.add(a, b)", (2048, 2048), large=True),
    Workload("a * b 2048x2048", "a * b", "a * b", (2048, 2048), large=True),
]

_SAMPLE_TEMPLATE = """
def sample(_n, _timer=_timer):
    _t0 = _timer()
    for _ in range(_n):
        {stmt}
    {sync}
    return _timer() - _t0
"""


# ----- implementations (each imported only when used) ---------------------------------
class Implementation(abc.ABC):
    """A column of the table: how to import it, build inputs, and which statement it runs."""

    name = label = ""

    @abc.abstractmethod
    def load(self):
        """Import the library; raise ImportError when it is not installed here."""

    @abc.abstractmethod
    def inputs(self, arrays: dict) -> dict:
        """The workload's input arrays as this implementation's array type."""

    def statement(self, workload: Workload) -> str:
        return workload.mx_stmt

    sync = "pass"

    def version(self) -> str:
        return self.module.__version__


class _MXNetAPI(Implementation):
    module_name = ""
    sync = "mx.nd.waitall()"  # charge MXNet's async engine for the queued work

    def load(self):
        self.module = importlib.import_module(self.module_name)
        bench_context.use(self.module)

    def inputs(self, arrays):
        nd = self.module.nd
        values = {name: nd.array(value, dtype="float32") for name, value in arrays.items()}
        return {"mx": self.module, **values}


class Mxnd(_MXNetAPI):
    name, label, module_name = "mxnd", "mxnd", "mxnd"

    def version(self):
        return f"{self.module.__mxnd_version__} (API {self.module.__version__})"


class MXNet(_MXNetAPI):
    name, label, module_name = "mxnet", "MXNet 1.9.1", "mxnet"


class Torch(Implementation):
    name, label = "torch", "torch"

    sync = "torch.cuda.synchronize()" if bench_context.CTX == "gpu" else "pass"

    def load(self):
        import torch

        self.module = torch
        bench_context.use(torch)

    def inputs(self, arrays):
        torch = self.module
        device = "cuda" if bench_context.CTX == "gpu" else "cpu"
        return {"torch": torch, **{name: torch.from_numpy(value.copy()).to(device) for name, value in arrays.items()}}

    def statement(self, workload):
        return workload.torch_stmt


IMPLEMENTATIONS = {impl.name: impl for impl in (Mxnd(), Torch(), MXNet())}


def compile_sample(impl: Implementation, workload: Workload, namespace: dict):
    """``sample(n) -> ns`` for ``n`` calls of the workload's statement in ``impl``."""
    source = _SAMPLE_TEMPLATE.format(stmt=impl.statement(workload), sync=impl.sync)
    scope = dict(namespace, _timer=time.perf_counter_ns)
    exec(compile(source, f"<{impl.name}: {workload.name}>", "exec"), scope)
    return scope["sample"]


def calibrate(sample, target_ns: int) -> int:
    """The number of calls that makes one sample last about ``target_ns``."""
    n = 1
    while True:
        elapsed = sample(n)
        if elapsed >= target_ns // 5 or n >= 10 ** 7:
            break
        n *= 10 if elapsed < target_ns // 100 else 2
    return max(1, round(n * target_ns / max(elapsed, 1)))


# ----- measuring ----------------------------------------------------------------------
def measure(impls, workloads, rounds: int, repeats: int, target_ms: float, log=print) -> dict:
    """Run the interleaved rounds; return ``{workload: {impl: record}}`` in µs per call."""
    rng = np.random.default_rng(0)
    target_ns = int(target_ms * 1e6)
    samplers, calls = {}, {}
    for workload in workloads:
        a = rng.standard_normal(workload.shape, dtype=np.float32)
        b = rng.standard_normal(workload.shape, dtype=np.float32)
        for impl in impls:
            namespace = impl.inputs({"a": a, "b": b})
            namespace["x"] = namespace["a"]  # the unary workloads read x: the same array as a
            sample = compile_sample(impl, workload, namespace)
            sample(1)  # first call: lazy imports, allocator warm-up
            samplers[workload.name, impl.name] = sample
            calls[workload.name, impl.name] = calibrate(sample, target_ns)
    expected = len(workloads) * len(impls) * rounds * repeats * target_ms / 1e3
    log(f"calibrated; measuring {len(workloads)} workloads x {len(impls)} implementations x "
        f"{rounds} rounds x {repeats} repeats (about {expected:.0f} s)")
    per_round = {(w.name, i.name): [] for w in workloads for i in impls}
    for round_index in range(rounds):
        order = impls[round_index % len(impls):] + impls[:round_index % len(impls)]
        for workload in workloads:
            samples = {impl.name: [] for impl in order}
            gc.collect()
            for _ in range(repeats):
                for impl in order:
                    n = calls[workload.name, impl.name]
                    elapsed = samplers[workload.name, impl.name](n)
                    samples[impl.name].append(elapsed / n / 1e3)
            for name, values in samples.items():
                per_round[workload.name, name].append(statistics.median(values))
    run = f"{platform.node()}:{os.getpid()}:{time.time_ns()}"  # records of one run pair up by round
    results = {}
    for workload in workloads:
        for impl in impls:
            medians = per_round[workload.name, impl.name]
            results.setdefault(workload.name, {})[impl.name] = {
                "us_per_call": statistics.median(medians),
                "round_medians_us": [round(m, 4) for m in medians],
                "run": run,
                "calls_per_sample": calls[workload.name, impl.name],
                "statement": impl.statement(workload),
            }
    return results


def environment(impls) -> dict:
    info = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "host": platform.node(), "machine": platform.machine(), "cpus": os.cpu_count(),
        "python": platform.python_version(), "executable": sys.executable,
        "numpy": np.__version__,
        "versions": {impl.name: impl.version() for impl in impls},
        "env": {k: os.environ[k] for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS",
                                            "MXNET_ENGINE_TYPE") if k in os.environ},
    }
    for impl in impls:
        if impl.name == "torch":
            info["torch_threads"] = impl.module.get_num_threads()
    return info


# ----- the table ----------------------------------------------------------------------
def _us(value) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if value < 100 else f"{value:.0f}"


def _factor(value) -> str:
    return "-" if value is None else f"{value:.2f}x"


def ratio(record: dict, baseline: dict) -> float:
    """``record / baseline``: the median of per-round ratios when both come from one interleaved
    run (slow phases of the machine then hit both sides alike), else the ratio of the medians."""
    mine, theirs = record.get("round_medians_us"), baseline.get("round_medians_us")
    if record.get("run") and record.get("run") == baseline.get("run") and mine and len(mine) == len(theirs):
        return statistics.median(m / t for m, t in zip(mine, theirs))
    return record["us_per_call"] / baseline["us_per_call"]


def aligned_table(rows) -> list:
    """Markdown lines of ``rows`` (the first is the header): the first column left-aligned, the
    others right-aligned, every column padded to its widest cell.

    >>> aligned_table([["a", "b"], ["xy", "1"]])
    ['| a  | b |', '|----|--:|', '| xy | 1 |']
    """
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for index, row in enumerate(rows):
        cells = [cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("| " + " | ".join(cells) + " |")
        if index == 0:
            lines.append("|" + "|".join("-" * (w + 1) + (":" if i else "-") for i, w in enumerate(widths)) + "|")
    return lines


def table(results: dict) -> str:
    """Markdown table: µs/call per implementation, mxnd/torch against its budget, MXNet speedup."""
    order = [w.name for w in WORKLOADS] + sorted(set(results) - {w.name for w in WORKLOADS})
    large = {w.name for w in WORKLOADS if w.large}
    rows = [["workload", "mxnd µs", "torch µs", "mxnd/torch", "budget", "MXNet µs", "MXNet/mxnd"]]
    for name in order:
        if name not in results:
            continue
        records = results[name]
        mxnd, torch, mxnet = (records[k]["us_per_call"] if k in records else None
                              for k in ("mxnd", "torch", "mxnet"))
        over_torch = ratio(records["mxnd"], records["torch"]) if mxnd and torch else None
        budget = LARGE_BUDGET if name in large else SMALL_BUDGET
        verdict = "-" if over_torch is None else f"<={budget:g}x " + ("ok" if over_torch <= budget else "MISS")
        speedup = ratio(records["mxnet"], records["mxnd"]) if mxnd and mxnet else None
        if speedup is not None and speedup < 1:
            speedup_text = f"{speedup:.2f}x SLOWER"
        else:
            speedup_text = _factor(speedup)
        rows.append([name, _us(mxnd), _us(torch), _factor(over_torch), verdict, _us(mxnet), speedup_text])
    notes = []
    for name in order:
        spread = 0.0
        for record in results.get(name, {}).values():
            medians = record.get("round_medians_us") or [record["us_per_call"]]
            spread = max(spread, (max(medians) - min(medians)) / record["us_per_call"])
        if spread > NOISY_SPREAD:
            notes.append(f"{name} {spread:.0%}")
    lines = aligned_table(rows)
    if notes:
        lines.append(f"\nnoisy machine? round medians of these workloads spread over more than "
                     f"{NOISY_SPREAD:.0%} of the median: " + ", ".join(notes))
    return "\n".join(lines)


def describe(env: dict) -> str:
    versions = ", ".join(f"{k} {v}" for k, v in env.get("versions", {}).items())
    threads = f", torch threads {env['torch_threads']}" if "torch_threads" in env else ""
    return (f"{versions} | Python {env.get('python')} | numpy {env.get('numpy')} | "
            f"{env.get('host')} ({env.get('cpus')} CPUs{threads}) | {env.get('date')}")


def merge(documents, schema: str = SCHEMA) -> dict:
    """Combine result files: the columns of every file, later files winning on overlaps."""
    results = {}
    for document in documents:
        if document.get("schema") != schema:
            raise SystemExit(f"not a {schema} file: {document.get('schema')!r}")
        for workload, columns in document["results"].items():
            results.setdefault(workload, {}).update(columns)
    return results


# ----- command line -------------------------------------------------------------------
def select_implementations(names: str | None, implementations: dict | None = None):
    """The implementations to run (of ``implementations``, default this script's): those named
    (each must import), else every importable one."""
    implementations = IMPLEMENTATIONS if implementations is None else implementations
    if names:
        chosen = []
        for name in names.split(","):
            impl = implementations.get(name.strip())
            if impl is None:
                raise SystemExit(f"unknown implementation {name!r}; choose from {', '.join(implementations)}")
            try:
                impl.load()
            except ImportError as error:  # explicitly requested: not importable is an error
                raise SystemExit(f"{impl.label} is not importable in {sys.executable}: {error}") from None
            chosen.append(impl)
        return chosen
    chosen = []
    for impl in implementations.values():
        try:
            impl.load()
        except ImportError as error:
            print(f"skipping {impl.label}: {error}", file=sys.stderr)
            continue
        chosen.append(impl)
    return chosen


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", help="comma-separated subset of: " + ", ".join(IMPLEMENTATIONS)
                        + " (default: every one importable here)")
    parser.add_argument("--workload", action="append", metavar="NAME",
                        help="measure only this workload (repeatable; default: all)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--repeats", type=int, default=5, help="samples per round (default 5)")
    parser.add_argument("--target-ms", type=float, default=20.0, help="duration of a sample (default 20)")
    parser.add_argument("--json", metavar="PATH", help="also write the results to PATH")
    parser.add_argument("--compare", nargs="+", metavar="JSON",
                        help="measure nothing: combine these result files into one table")
    args = parser.parse_args(argv)

    if args.compare:
        documents = []
        for path in args.compare:
            with open(path) as handle:
                documents.append(json.load(handle))
        for path, document in zip(args.compare, documents):
            print(f"{os.path.basename(path)}: {describe(document['environment'])}")
        hosts = {document["environment"].get("host") for document in documents}
        if len(hosts) > 1:
            print(f"warning: files come from different hosts {sorted(hosts)}; ratios across them mean little")
        print()
        print(table(merge(documents)))
        return 0

    workloads = WORKLOADS
    if args.workload:
        wanted = [name.strip() for name in args.workload]
        known = {w.name: w for w in WORKLOADS}
        unknown = [name for name in wanted if name not in known]
        if unknown:
            raise SystemExit(f"unknown workloads {unknown}; choose from {list(known)}")
        workloads = [known[name] for name in wanted]
    impls = select_implementations(args.impl)
    if not impls:
        raise SystemExit("no implementation is importable in this interpreter")
    env = environment(impls)
    print(describe(env), flush=True)
    start = time.perf_counter()
    results = measure(impls, workloads, args.rounds, args.repeats, args.target_ms,
                      log=lambda text: print(text, flush=True))
    env["seconds"] = round(time.perf_counter() - start, 1)
    print(f"done in {env['seconds']} s\n")
    print(table(results))
    if args.json:
        document = {"schema": SCHEMA, "environment": env, "results": results,
                    "settings": {"rounds": args.rounds, "repeats": args.repeats, "target_ms": args.target_ms}}
        tmp = args.json + ".tmp"
        with open(tmp, "w") as handle:
            json.dump(document, handle, indent=1)
        os.replace(tmp, args.json)
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
