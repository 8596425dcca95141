"""examples/dlarray_training.py: the MATLAB-style custom training loop runs and learns (few iterations)."""
import os
import pathlib
import subprocess
import sys

import pytest

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples" / "dlarray_training.py"


def test_dlarray_training_example_learns_the_digits():
    pytest.importorskip("sklearn")
    done = subprocess.run([sys.executable, str(EXAMPLE), "--iterations", "60"], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONWARNINGS": "ignore", "OMP_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    accuracy = float(done.stdout.strip().splitlines()[-1].split("test accuracy:")[1])
    assert accuracy > 0.85, done.stdout
