"""Hypothesis profiles of the fuzz suite; one torch thread while a fuzz test runs.

``fast`` (the default) keeps the whole folder to a few minutes on 2 cores for CI;
``medium`` and ``long`` run on demand: ``pytest tests/fuzz --hypothesis-profile=long``
(or ``MXND_FUZZ_PROFILE=long``). The per-example timeout is ``fuzz_calls.guard`` plus
each profile's ``deadline``.
"""
import os
import pathlib
import sys

import pytest
import torch
from hypothesis import HealthCheck, settings

_COMMON = dict(
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
    derandomize=False,
    print_blob=True,
    database=None,  # no .hypothesis folder in the checkout
)
settings.register_profile("fast", max_examples=4, deadline=10000, **_COMMON)
settings.register_profile("medium", max_examples=25, deadline=10000, **_COMMON)
settings.register_profile("long", max_examples=100, deadline=20000, **_COMMON)
# --hypothesis-profile wins; this conftest may load before or after hypothesis reads it
if settings.get_current_profile_name() == "default":
    settings.load_profile(os.environ.get("MXND_FUZZ_PROFILE", "fast"))

# the suite's helpers (fuzz_calls.py) import as top-level modules
sys.path.insert(0, str(pathlib.Path(__file__).parent))


@pytest.fixture(autouse=True)
def one_torch_thread():
    """Small fuzz arrays gain nothing from more threads, and the cores are shared."""
    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(previous)
