"""Smoke tests of the benchmark workloads that tools/gpu_check.sh times (benchmarks/ is not a
package: its scripts are loaded by path). They run each step on the host, so the benchmarks keep
working as the library changes, and check that the raw-torch step trains the same model the same
way as the MXNet-API step (a fair comparison); timings are never asserted."""
import importlib.util
import json
import pathlib
import sys

import numpy as np
import pytest

BENCHMARKS = pathlib.Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


@pytest.fixture(scope="module")
def bench_demo():
    return _load("bench_demo")


def test_every_data_workload_runs():
    pytest.importorskip("PIL", reason="image decoding needs Pillow (the image extra)")
    impls = _load("bench_data").implementations(["mxnd", "torch"])
    assert list(impls) == ["mxnd"]  # no torch column
    assert len(impls["mxnd"]) == 7
    for step in impls["mxnd"].values():
        step()


def test_every_demo_workload_runs(bench_demo):
    impls = bench_demo.implementations(["mxnd", "torch", "not_a_module"])
    assert set(impls) == {"mxnd", "torch"}
    for steps in impls.values():
        assert set(steps) == {bench_demo.STEP, bench_demo.STEP_NO_METRICS, bench_demo.STEP_LOOPED}
        for step in steps.values():
            for _ in range(2):
                assert step() is None


@pytest.mark.parametrize("workload", ["STEP", "STEP_LOOPED"])
def test_the_torch_demo_step_computes_mxnds_gradients(bench_demo, workload):
    """Same weights, same first batch: the raw-torch step's gradients (cross_entropy's mean) are
    the MXNet-API step's (SoftmaxOutput's per-example sum, rescaled by 1/32 in the update), so the
    benchmark compares the same work. (The Adam steps themselves differ by design: MXNet adds eps
    to sqrt(v) before its bias correction, torch after.)"""
    impls = bench_demo.implementations(["mxnd", "torch"])
    mx_step, torch_step = impls["mxnd"][getattr(bench_demo, workload)], impls["torch"][getattr(bench_demo, workload)]
    mx_step()
    torch_step()
    _, _, start = bench_demo._data()
    for name, weight in mx_step.params.items():
        ours, theirs = weight.grad.asnumpy() / bench_demo.BATCH, torch_step.params[name].grad.numpy()
        assert np.abs(theirs).max() > 0
        np.testing.assert_allclose(ours, theirs, rtol=1e-4, atol=1e-7, err_msg=name)
        assert not np.array_equal(weight.asnumpy(), start[name])  # and it trained


def test_the_import_benchmark_writes_the_suites_layout(tmp_path):
    bench_import = _load("bench_import")
    path = tmp_path / "import.json"
    assert bench_import.main(["--impl", "mxnd,not_a_module", "--repeats", "1", "--json", str(path)]) == 0
    results = json.loads(path.read_text())["results"]
    assert list(results) == [bench_import.WORKLOAD] and list(results[bench_import.WORKLOAD]) == ["mxnd"]
    assert results[bench_import.WORKLOAD]["mxnd"]["ms_per_call"] > 0
    suite = _load("suite")
    assert suite.normalize(json.loads(path.read_text()), "bench_import.py") == {
        bench_import.WORKLOAD: {"mxnd": results[bench_import.WORKLOAD]["mxnd"]["ms_per_call"]}}


def test_the_launch_count_tool_sees_fewer_kernels_on_cudas_routes():
    """tools/count_launches.py (the demo step's kernels, counted on the host; in a child process, as
    it patches mxnd's CUDA choices in): CUDA's routes issue less than half the generic code's."""
    import re
    import subprocess

    done = subprocess.run([sys.executable, str(BENCHMARKS.parent / "tools" / "count_launches.py")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    counts = dict(re.findall(r"^(.+): (\d+) kernels", done.stdout, re.MULTILINE))
    assert list(counts) == ["raw torch (Adam looping over parameters)", "mxnd, device-generic code",
                            "mxnd, CUDA's choices"], done.stdout
    generic, cuda = int(counts["mxnd, device-generic code"]), int(counts["mxnd, CUDA's choices"])
    assert 0 < 2 * cuda < generic and "_fused_adam_ 8" in done.stdout
