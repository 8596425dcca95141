"""mx.name: automatic naming (MXNet's symbolic API names its nodes with it; NDArray code that
enters a NameManager or Prefix keeps working).

>>> import mxnd as mx
>>> with mx.name.Prefix("net_") as names:
...     names.get(None, "fc"), names.get(None, "fc"), names.get("out", "fc")
('net_fc0', 'net_fc1', 'net_out')
"""
import threading
import warnings

__all__ = ["NameManager", "Prefix"]


class _CurrentManager(type):
    """``NameManager.current``: a class-level property, as MXNet's (deprecated there too)."""

    @property
    def current(cls):
        warnings.warn("NameManager.current has been deprecated. "
                      "It is advised to use the `with` statement with NameManager.", DeprecationWarning)
        return _active()

    @current.setter
    def current(cls, manager):
        NameManager._current.value = manager


class NameManager(metaclass=_CurrentManager):
    """Names ``hint0``, ``hint1``, ... for unnamed nodes; a given name is kept."""
    _current = threading.local()

    def __init__(self):
        self._counter = {}
        self._old_manager = None

    def get(self, name, hint):
        """``name`` if given, else ``hint`` with the next count of that hint."""
        if name:
            return name
        count = self._counter.get(hint, 0)
        self._counter[hint] = count + 1
        return f"{hint}{count}"

    def __enter__(self):
        self._old_manager = _active()
        NameManager._current.value = self
        return self

    def __exit__(self, ptype, value, trace):
        assert self._old_manager
        NameManager._current.value = self._old_manager


class Prefix(NameManager):
    """A NameManager that puts ``prefix`` before every name."""

    def __init__(self, prefix):
        super().__init__()
        self._prefix = prefix

    def get(self, name, hint):
        return self._prefix + super().get(name, hint)


def _active():
    """This thread's manager (a fresh NameManager the first time)."""
    if not hasattr(NameManager._current, "value"):
        NameManager._current.value = NameManager()
    return NameManager._current.value
