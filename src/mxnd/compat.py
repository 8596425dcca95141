"""Run unmodified ``import mxnet as mx`` code on mxnd: ``mxnet`` and every ``mxnet.<sub>`` become mxnd's.

>>> import sys
>>> from mxnd import compat
>>> compat.install()
>>> import mxnet
>>> import mxnet.ndarray as legacy_nd
>>> mxnet is sys.modules["mxnd"], legacy_nd is sys.modules["mxnd.ndarray"]
(True, True)
>>> compat.uninstall()
>>> "mxnet" in sys.modules
False

From the command line: ``python -m mxnd.run script.py [args...]`` (see mxnd.run).
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys

__all__ = ["install", "uninstall", "installed"]

_ALIAS, _TARGET = "mxnet", "mxnd"


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``mxnet.x.y`` as the already-importable ``mxnd.x.y`` (the same module object)."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _ALIAS and not fullname.startswith(_ALIAS + "."):
            return None
        real = _TARGET + fullname[len(_ALIAS):]
        if importlib.util.find_spec(real) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self, is_package=True)

    def create_module(self, spec):
        return importlib.import_module(_TARGET + spec.name[len(_ALIAS):])

    def exec_module(self, module):
        pass  # the mxnd module is already executed


_FINDER = _AliasFinder()


def installed() -> bool:
    """Whether ``import mxnet`` currently gives mxnd."""
    return _FINDER in sys.meta_path


def install():
    """Make ``import mxnet`` (and ``mxnet.nd``, ``mxnet.autograd``, ...) import mxnd from now on.

    Raises ImportError if a real ``mxnet`` is already imported in this process.
    """
    existing = sys.modules.get(_ALIAS)
    if existing is not None and existing is not sys.modules.get(_TARGET):
        raise ImportError("mxnd.compat.install: a real 'mxnet' module is already imported in this process")
    if not installed():
        sys.meta_path.insert(0, _FINDER)
    importlib.import_module(_TARGET)
    for name, module in list(sys.modules.items()):
        if name == _TARGET or name.startswith(_TARGET + "."):
            sys.modules.setdefault(_ALIAS + name[len(_TARGET):], module)


def uninstall():
    """Undo ``install``: ``import mxnet`` no longer finds mxnd."""
    if installed():
        sys.meta_path.remove(_FINDER)
    for name in [n for n in sys.modules if n == _ALIAS or n.startswith(_ALIAS + ".")]:
        module = sys.modules[name]
        if getattr(module, "__name__", "").startswith(_TARGET):
            del sys.modules[name]
