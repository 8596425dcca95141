"""The fuzz suite's setup: one torch thread while a fuzz test runs; its hypothesis profiles are in
tests/hypothesis_profiles.py (registered by tests/conftest.py).

``fast`` (the default) keeps the whole folder to a few minutes on 2 cores for CI;
``medium`` and ``long`` run on demand: ``pytest tests/fuzz --hypothesis-profile=long``
(or ``MXND_FUZZ_PROFILE=long``). The per-example timeout is ``fuzz_calls.guard`` plus
each profile's ``deadline``.
"""
import pathlib
import sys

import pytest
import torch

# the suite's helpers (fuzz_calls.py) import as top-level modules
sys.path.insert(0, str(pathlib.Path(__file__).parent))


@pytest.fixture(autouse=True)
def one_torch_thread():
    """Small fuzz arrays gain nothing from more threads, and the cores are shared."""
    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(previous)
