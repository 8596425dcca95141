"""Hypothesis profiles of the fuzz suite (``fast`` by default; ``medium``, ``long`` on demand), registered
from tests/conftest.py so ``--hypothesis-profile=long`` works whatever the command names."""
import os

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
# Hypothesis starts on its own "default" profile, or on its built-in "ci" one where a CI variable
# (CI=true, ...) is set; either way ours replaces it. --hypothesis-profile still wins: the plugin
# loads that one in pytest_configure, after this conftest import.
if settings.get_current_profile_name() in ("default", "ci"):
    settings.load_profile(os.environ.get("MXND_FUZZ_PROFILE", "fast"))
