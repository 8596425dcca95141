"""``python -m mxnd.run script.py [args...]``: run a script that says ``import mxnet as mx`` on mxnd.

The script runs as ``__main__`` with ``sys.argv = [script.py, args...]``, after
``mxnd.compat.install()`` made ``mxnet`` (and every ``mxnet.<submodule>``) an alias of mxnd.
``python -m mxnd.run -m package.module [args...]`` runs a module the same way.
"""
from __future__ import annotations

import os
import runpy
import sys

from . import compat

USAGE = "usage: python -m mxnd.run script.py [args...] | python -m mxnd.run -m module [args...]"


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    compat.install()
    if argv[0] == "-m":
        if len(argv) < 2:
            print(USAGE, file=sys.stderr)
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = argv
        sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))  # as python script.py does
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
