"""The device-generic code paths, checked on the host: the tests of every kernel that has a host
fast path run again in a child pytest with ``MXND_HOST_FAST_PATHS=0`` (src/mxnd/fast_paths.py),
so the torch code CUDA runs (sparse index kernels and merges, csr @ dense, the default head
gradient, Adam's separate passes, dlconv, the quantization, hawkesll and DGL kernels) is tested on a
machine without a GPU."""
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
COVERED = ["tests/ndarray/sparse", "tests/test_autograd.py", "tests/ndarray/ops/test_optimizer_updates.py",
           "tests/optimizer", "tests/dl/toolbox/test_nn.py", "tests/dl/toolbox/test_training.py",
           "tests/ndarray/ops/test_quantization.py", "tests/ndarray/ops/test_quantized_nn.py",
           "tests/ndarray/ops/test_hawkes.py", "tests/ndarray/test_contrib_graph.py", "tests/test_host_syncs.py",
           "tests/test_integer_autograd.py"]


@pytest.mark.skipif(os.environ.get("MXND_HOST_FAST_PATHS") == "0", reason="this run already takes the generic paths")
def test_the_tests_of_fast_path_kernels_pass_on_the_device_generic_paths():
    env = {**os.environ, "MXND_HOST_FAST_PATHS": "0", "PYTHONWARNINGS": "ignore"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "not gpu",
                           "-x", *COVERED], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-2000:]
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert " passed" in summary and "failed" not in summary, summary


def test_the_switch_reaches_the_kernels(monkeypatch):
    import torch

    from mxnd import fast_paths
    from mxnd.ndarray.sparse import cpu_loops, kernels

    host = torch.tensor([0, 2, 2, 3])
    assert fast_paths.on_host(host) is fast_paths.HOST
    monkeypatch.setattr(fast_paths, "HOST", False)
    assert not fast_paths.on_host(host)
    assert kernels.expand_rows(host).tolist() == [0, 0, 2]  # the torch branch
    values, dense = torch.tensor([1.0, 2.0, 3.0]), torch.arange(6.0).reshape(3, 2)
    assert cpu_loops.csr_times_dense(host, torch.tensor([0, 2, 1]), values, dense, 3, False) is None
