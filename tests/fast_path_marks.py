"""``host_fast_path_only``: marks a test of a host fast path itself (src/mxnd/fast_paths.py), skipped
when ``MXND_HOST_FAST_PATHS=0`` sends the CPU through the device-generic code (tests/test_generic_paths.py)."""
import pytest

from mxnd import fast_paths

host_fast_path_only = pytest.mark.skipif(not fast_paths.HOST, reason="host fast paths switched off")
