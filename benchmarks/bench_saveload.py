"""Time saving and loading 20 float32 arrays of 1M elements: mxnd, torch, numpy, MXNet 1.9.1.

The method is bench_foundation.py's (its measuring loop and ratios are reused): the mxnd and
MXNet columns run the same statement (``mx.nd.save(path, arrays)``, ``mx.nd.load(path)``),
the torch column ``torch.save``/``torch.load`` of the same tensors, the numpy column
``np.savez``/``np.load`` (reading every array). Files go to ``--dir`` (default: the system's
temporary directory, usually page-cached, so this times serialization, not the disk).
Measure in each venv with ``--json``, then combine::

    /tmp/venv/bin/python benchmarks/bench_saveload.py --json /tmp/saveload_mxnd.json
    /tmp/mxvenv/bin/python benchmarks/bench_saveload.py --json /tmp/saveload_mxnet.json
    python3 benchmarks/bench_saveload.py --compare /tmp/saveload_mxnd.json /tmp/saveload_mxnet.json

or, better on a busy machine, let MXNet's interpreter take turns with the local columns::

    /tmp/venv/bin/python benchmarks/bench_saveload.py --remote /tmp/mxvenv/bin/python:mxnet
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_context  # noqa: E402
import bench_foundation as foundation  # noqa: E402  (measuring loop, implementations, ratios)
import bench_operators as operators  # noqa: E402  (report: table and --json)

SCHEMA = "mxnd-bench-saveload/1"
COUNT, SIZE = 20, 1_000_000


class Workload(foundation.Workload):
    """A bench_foundation workload with a third statement, for the numpy column."""

    __slots__ = ("numpy_stmt",)

    def __init__(self, name, mx_stmt, torch_stmt, numpy_stmt):
        super().__init__(name, mx_stmt, torch_stmt, (COUNT, SIZE), large=True)
        self.numpy_stmt = numpy_stmt


# ``arrays``: 20 separate arrays of 1M float32 in each library's type; ``path``: a file of
# this implementation that already holds them (for the load workloads).
WORKLOADS = [
    Workload("save 20x1M float32", "mx.nd.save(path, arrays)", "torch.save(arrays, path)",
             "np.savez(path, *arrays)"),
    Workload("load 20x1M float32", "mx.nd.load(path)", "torch.load(path)",
             "[v for v in np.load(path).values()]"),
    Workload("save+load 20x1M float32", "mx.nd.save(path, arrays); mx.nd.load(path)",
             "torch.save(arrays, path); torch.load(path)",
             "np.savez(path, *arrays); [v for v in np.load(path).values()]"),
]
DIRECTORY = [tempfile.gettempdir()]


def _path(name):
    return os.path.join(DIRECTORY[0], f"bench_saveload_{os.getpid()}_{name}")


class _Files:
    """Mixin: adds ``arrays`` (the rows of input ``a`` as 20 arrays) and a written ``path``."""

    def inputs(self, arrays):
        namespace = super().inputs(arrays)
        namespace.update(self.files(arrays["a"]))
        return namespace


class Mxnd(_Files, foundation.Mxnd):
    def files(self, rows):
        nd, path = self.module.nd, _path("mxnd.params")
        arrays = [nd.array(row) for row in rows]
        nd.save(path, arrays)
        return {"arrays": arrays, "path": path}


class MXNet(_Files, foundation.MXNet):
    def files(self, rows):
        nd, path = self.module.nd, _path("mxnet.params")
        arrays = [nd.array(row) for row in rows]
        nd.save(path, arrays)
        return {"arrays": arrays, "path": path}


class Torch(_Files, foundation.Torch):
    def files(self, rows):
        torch, path = self.module, _path("torch.pt")
        device = "cuda" if bench_context.CTX == "gpu" else "cpu"  # the arrays mxnd saves live there too
        arrays = [torch.from_numpy(row.copy()).to(device) for row in rows]
        torch.save(arrays, path)
        return {"arrays": arrays, "path": path}


class Numpy(foundation.Implementation):
    name, label = "numpy", "numpy"

    def load(self):
        self.module = np

    def inputs(self, arrays):
        path = _path("numpy.npz")
        rows = [row.copy() for row in arrays["a"]]
        np.savez(path, *rows)
        return {"np": np, "a": arrays["a"], "arrays": rows, "path": path}

    def statement(self, workload):
        return workload.numpy_stmt


IMPLEMENTATIONS = {impl.name: impl for impl in (Mxnd(), Torch(), Numpy(), MXNet())}


class Remote(foundation.Implementation):
    """An implementation living in another interpreter (MXNet's venv), driven over a pipe so
    that its samples interleave in time with the local ones. Each call is one round trip
    (well under 1% of a 50 ms save or load)."""

    def __init__(self, python, impl_name):
        self.python, self.name = python, impl_name
        self.label = IMPLEMENTATIONS[impl_name].label
        self.process = None

    def load(self):
        import subprocess

        self.process = subprocess.Popen(
            [self.python, os.path.abspath(__file__), "--worker", self.name, "--dir", DIRECTORY[0]],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        ready = self.process.stdout.readline().split()
        if not ready or ready[0] != "READY":
            raise ImportError(f"{self.label} did not start in {self.python}")
        self.remote_version = ready[1] if len(ready) > 1 else "?"

    def version(self):
        return f"{self.remote_version} (in {self.python})"

    def call(self, workload_name):
        self.process.stdin.write(workload_name + "\n")
        answer = self.process.stdout.readline().strip()
        if answer != "ok":
            raise RuntimeError(f"{self.label} worker failed: {answer}")

    def inputs(self, arrays):
        return {"_remote": self.call, "a": arrays["a"]}

    def statement(self, workload):
        return f"_remote({workload.name!r})"

    def close(self):
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait(timeout=60)


def worker(impl_name) -> int:
    """``--worker``: build one implementation's inputs, then run workloads named on stdin."""
    impl = IMPLEMENTATIONS[impl_name]
    impl.load()
    a = np.random.default_rng(0).standard_normal((COUNT, SIZE), dtype=np.float32)
    namespace = impl.inputs({"a": a, "b": a})
    statements = {w.name: compile(impl.statement(w), w.name, "exec") for w in WORKLOADS}
    print("READY", impl.version().replace(" ", "_"), flush=True)
    for line in sys.stdin:
        try:
            exec(statements[line.strip()], namespace)
            print("ok", flush=True)
        except Exception as error:  # noqa: BLE001 - reported to the driver
            print(f"{type(error).__name__}: {error}".replace("\n", " "), flush=True)
    _remove_files()
    return 0


def _remove_files():
    for name in ("mxnd.params", "mxnet.params", "torch.pt", "numpy.npz"):
        if os.path.exists(_path(name)):
            os.remove(_path(name))


def table(results: dict) -> str:
    """Markdown table: ms per call per implementation and the ratios mxnd/torch, MXNet/mxnd."""
    rows = [["workload", "mxnd ms", "torch ms", "numpy ms", "mxnd/torch", "MXNet ms", "MXNet/mxnd"]]
    for name in [w.name for w in WORKLOADS if w.name in results]:
        records = results[name]
        ms = {k: records[k]["us_per_call"] / 1e3 if k in records else None
              for k in ("mxnd", "torch", "numpy", "mxnet")}
        over_torch = foundation.ratio(records["mxnd"], records["torch"]) if ms["mxnd"] and ms["torch"] else None
        speedup = foundation.ratio(records["mxnet"], records["mxnd"]) if ms["mxnd"] and ms["mxnet"] else None
        speedup_text = "-" if speedup is None else f"{speedup:.2f}x" + (" SLOWER" if speedup < 1 else "")
        rows.append([name] + ["-" if ms[k] is None else f"{ms[k]:.1f}" for k in ("mxnd", "torch", "numpy")]
                    + ["-" if over_torch is None else f"{over_torch:.2f}x",
                       "-" if ms["mxnet"] is None else f"{ms['mxnet']:.1f}", speedup_text])
    return "\n".join(foundation.aligned_table(rows))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", help="comma-separated subset of: " + ", ".join(IMPLEMENTATIONS))
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--repeats", type=int, default=3, help="samples per round (default 3)")
    parser.add_argument("--target-ms", type=float, default=200.0, help="duration of a sample (default 200)")
    parser.add_argument("--dir", default=tempfile.gettempdir(), help="where the files are written")
    parser.add_argument("--json", metavar="PATH", help="also write the results to PATH")
    parser.add_argument("--compare", nargs="+", metavar="JSON", help="measure nothing: combine result files")
    parser.add_argument("--remote", action="append", default=[], metavar="PYTHON:IMPL",
                        help="also run IMPL in interpreter PYTHON, interleaved with the local columns "
                             "(e.g. /tmp/mxvenv/bin/python:mxnet)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        DIRECTORY[0] = args.dir
        return worker(args.worker)

    if args.compare:
        documents = []
        for path in args.compare:
            with open(path) as handle:
                documents.append(json.load(handle))
            print(f"{os.path.basename(path)}: {foundation.describe(documents[-1]['environment'])}")
        print()
        print(table(foundation.merge(documents, SCHEMA)))
        return 0

    DIRECTORY[0] = args.dir
    impls = foundation.select_implementations(args.impl, IMPLEMENTATIONS)
    for spec in args.remote:
        python, _, name = spec.rpartition(":")
        remote = Remote(python, name)
        remote.load()
        impls.append(remote)
    if not impls:
        raise SystemExit("no implementation is importable in this interpreter")
    env = foundation.environment(impls)
    print(foundation.describe(env), flush=True)
    start = time.perf_counter()
    try:
        results = foundation.measure(impls, WORKLOADS, args.rounds, args.repeats, args.target_ms,
                                     log=lambda text: print(text, flush=True))
    finally:
        for impl in impls:
            if isinstance(impl, Remote):
                impl.close()
        _remove_files()
    return operators.report(args, env, results, start, SCHEMA, table)


if __name__ == "__main__":
    sys.exit(main())
