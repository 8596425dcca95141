"""The examples and the demo run (small sizes) and do what they say."""
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(*args, cwd=None, timeout=300):
    done = subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True, timeout=timeout,
                          cwd=cwd, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_tour_demo():
    assert "mixed dtypes raise MXNetError" in run(EXAMPLES / "demo.py")


def test_linear_regression_recovers_the_parameters():
    out = run(EXAMPLES / "linear_regression.py", "--steps", "150")
    assert "learned w: [2.0, -3.4]  b: 4.2" in out


def test_lstm_language_model_learns():
    out = run(EXAMPLES / "lstm_language_model.py", "--steps", "25", "--vocab", "20", "--hidden", "32")
    lines = [line for line in out.splitlines() if line.startswith("step")]
    first, last = (float(line.split("perplexity")[1]) for line in (lines[0], lines[-1]))
    assert first > 15 and last < first / 2


def test_mxnd_demo_trains_and_saves(tmp_path):
    pytest.importorskip("sklearn")
    out = run("-m", "mxnd.demo", "--epochs", "2", "--quiet", "--out", tmp_path, cwd=tmp_path)
    assert "test accuracy" in out
    assert (tmp_path / "digits-lenet-0002.params").exists()
    import mxnd as mx
    loaded = mx.nd.load(str(tmp_path / "digits-lenet-0002.params"))
    assert sorted(loaded) == sorted(f"arg:{name}" for name in __import__("mxnd.demo").demo.PARAM_SHAPES)
    if pytest.importorskip("matplotlib"):
        assert (tmp_path / "learning_curves.png").stat().st_size > 1000


def test_mxnd_demo_min_accuracy_fails_loudly(tmp_path):
    pytest.importorskip("sklearn")
    done = subprocess.run([sys.executable, "-m", "mxnd.demo", "--epochs", "1", "--quiet", "--out", str(tmp_path),
                           "--min-accuracy", "1.01"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "below --min-accuracy" in done.stdout


def test_params_inference_matches_mxnet():
    pytest.importorskip("sklearn")
    out = run(EXAMPLES / "params_inference.py")
    assert "test accuracy 0.9778 on 360 digits" in out
    assert "predictions identical to mxnet 1.9.1's: True" in out


def test_sparse_logistic_regression_matches_mxnet():
    """The same numbers as MXNet 1.9.1 prints for this script (run there with `import mxnet as mx`)."""
    out = run(EXAMPLES / "sparse_logistic_regression.py")
    assert "epoch 0: loss 0.6915  train accuracy 0.5375  gradient storage row_sparse" in out
    assert "epoch 4: loss 0.5642  train accuracy 0.9325  gradient storage row_sparse" in out


def test_image_record_pipeline_trains_from_recordio():
    pytest.importorskip("PIL", reason="image encoding needs Pillow (the image extra)")
    out = run(EXAMPLES / "image_record_pipeline.py")
    assert "epoch 0: train accuracy 0.807" in out  # deterministic: seeded data, crops and weights
    assert "accuracy on the centre-cropped records: 1.000" in out


def test_mxnd_demo_dl_api(tmp_path):
    pytest.importorskip("sklearn")
    out = run("-m", "mxnd.demo", "--api", "dl", "--epochs", "1", "--quiet", "--out", tmp_path, cwd=tmp_path)
    assert "(api dl)" in out
    import mxnd as mx
    from mxnd import demo_dl
    loaded = mx.nd.load(str(tmp_path / "digits-lenet-0001.params"))
    assert {k: v.shape for k, v in loaded.items()} == {f"arg:{k}": s for k, s in demo_dl.LEARNABLE_SHAPES.items()}


# ---- the examples and the demo on gpu(0) (issue 12) ----------------------------------------------

needs_gpu = pytest.mark.skipif(__import__("mxnd").context.num_gpus() == 0, reason="needs a CUDA GPU")


def _numbers_after(out, marker):
    """The numbers printed after ``marker`` on its last line, e.g. 'learned w: [2.0, -3.4]  b: 4.2'."""
    import re
    line = [line for line in out.splitlines() if marker in line][-1]
    return [float(v) for v in re.findall(r"-?\d+\.\d+", line.split(marker, 1)[1])]


GPU_RUNS = {  # example arguments -> check of its output (values within the tolerance of GPU kernels)
    "linear_regression": (["--steps", "150", "--ctx", "gpu"],
                          lambda out: pytest.approx([2.0, -3.4, 4.2], abs=0.02) == _numbers_after(out, "learned w:")),
    "lstm_language_model": (["--steps", "25", "--vocab", "20", "--hidden", "32", "--ctx", "gpu"],
                            lambda out: _numbers_after(out, "perplexity")[-1] < 7.5),
    "sparse_logistic_regression": (["--ctx", "gpu"], lambda out: _numbers_after(
        out, "epoch 4: loss")[:2] == pytest.approx([0.5642, 0.9325], abs=2e-3) and "row_sparse" in out),
    "params_inference": (["--ctx", "gpu"], lambda out: "test accuracy 0.9778 on 360 digits" in out
                         and "identical to mxnet 1.9.1's: True" in out),
    "dlarray_basics": (["--gpu"], lambda out: "mx.autograd through dl: [[2.0, 4.0], [6.0, 8.0]]" in out
                       and _numbers_after(out, "step 300: loss")[0] < 0.02),
    "dlarray_training": (["--iterations", "150", "--gpu"], lambda out: _numbers_after(out, "test accuracy:")[0] > 0.9),
    "image_record_pipeline": (["--ctx", "gpu"],
                              lambda out: _numbers_after(out, "accuracy on the centre-cropped records:")[0] > 0.9),
}
NEEDS = {"params_inference": "sklearn", "dlarray_training": "sklearn", "image_record_pipeline": "PIL"}


@pytest.mark.gpu
@needs_gpu
@pytest.mark.parametrize("name", sorted(GPU_RUNS))
def test_example_on_the_gpu(name):
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    arguments, check = GPU_RUNS[name]
    out = run(EXAMPLES / f"{name}.py", *arguments)
    assert check(out), out


@pytest.mark.gpu
@needs_gpu
@pytest.mark.parametrize("api", ["nd", "dl"])
def test_mxnd_demo_on_the_gpu(tmp_path, api):
    pytest.importorskip("sklearn")
    out = run("-m", "mxnd.demo", "--ctx", "gpu", "--api", api, "--epochs", "3", "--quiet", "--out", tmp_path,
              cwd=tmp_path)
    assert _numbers_after(out, "test accuracy")[0] > 0.9, out
    import mxnd as mx
    loaded = mx.nd.load(str(tmp_path / "digits-lenet-0003.params"))
    assert all(array.context == mx.gpu(0) for array in loaded.values())  # saved from the GPU, loaded there


@pytest.mark.skipif(__import__("mxnd").context.num_gpus() > 0,
                    reason="a GPU exists: test_example_on_the_gpu runs the examples there")
@pytest.mark.parametrize("name", sorted(GPU_RUNS))
def test_example_accepts_its_gpu_flag_and_says_when_no_gpu_exists(name):
    """On a machine without CUDA the flag is parsed and the run stops with MXNet's clear error."""
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    arguments, _ = GPU_RUNS[name]
    done = subprocess.run([sys.executable, str(EXAMPLES / f"{name}.py"), *arguments], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode != 0
    assert "gpu(0) is not available" in done.stderr or "no CUDA GPU is available" in done.stderr, done.stderr
