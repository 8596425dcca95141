"""Copied next to MXNet 1.9.1's tests by run.sh: with MXND_ALIAS=1, ``import mxnet`` is mxnd."""
import os

if os.environ.get("MXND_ALIAS"):
    from mxnd import compat

    compat.install()
