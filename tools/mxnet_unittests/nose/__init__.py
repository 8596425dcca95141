"""A stand-in for nose, which MXNet 1.9.1's tests import and which does not run on Python 3.10+."""


def runmodule(*args, **kwargs):
    """nose.runmodule(): run the calling test file with pytest."""
    import sys

    import pytest

    sys.exit(pytest.main([sys.argv[0]]))
