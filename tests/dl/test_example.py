"""examples/dlarray_basics.py runs and shows what it says."""
import os
import pathlib
import subprocess
import sys

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "dlarray_basics.py"


def test_dlarray_basics_example():
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "  2(S) × 3(C) × 2(B) dlarray" in out and "  2(S) × 2(C) × 2(U) dlarray" in out
    assert "rosenbrock: 104.0 [396.0, 200.0]" in out
    assert "dims: SSCB size: (16, 16, 3, 8) S dims: [0, 1]" in out
    losses = [float(line.split("loss")[1]) for line in out.splitlines() if line.startswith("step")]
    assert len(losses) == 4 and losses[-1] < losses[0] / 10
    assert "mx.autograd through dl: [[2.0, 4.0], [6.0, 8.0]]" in out
