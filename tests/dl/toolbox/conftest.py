"""The toolbox tests import their helpers (toolbox_helpers.py) as a top-level module."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
