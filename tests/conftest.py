"""Shared fixtures: ``ctx`` runs a test once on the host and once on the first GPU.

The GPU run carries ``@pytest.mark.gpu`` and is skipped where torch sees no CUDA device,
so the CPU suite stands alone (STYLE.md section 7).
"""
import pathlib
import sys

import pytest

import mxnd as mx

# shared test helpers (tests/gradients.py) import as top-level modules
sys.path.insert(0, str(pathlib.Path(__file__).parent))
try:  # the fuzz suite's profiles, for --hypothesis-profile; a machine without hypothesis (the
    import hypothesis_profiles  # noqa: E402,F401  lent GPU) runs everything but tests/fuzz
except ImportError:
    collect_ignore = ["fuzz", "hypothesis_profiles.py"]

_NO_GPU = mx.context.num_gpus() == 0


@pytest.fixture(params=[
    pytest.param(mx.cpu(0), id="cpu"),
    pytest.param(mx.gpu(0), id="gpu",
                 marks=[pytest.mark.gpu, pytest.mark.skipif(_NO_GPU, reason="needs a CUDA GPU")]),
])
def ctx(request):
    """The context a test runs on: ``cpu(0)``, then ``gpu(0)`` where a GPU exists."""
    return request.param
