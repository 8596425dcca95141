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


def deprecated_current(name: str, warn_on_set: bool):
    """The metaclass giving a scope class (NameManager, AttrScope) MXNet's class-level ``current``
    property: this thread's scope, deprecated in MXNet 1.x in favour of ``with`` (a warning on read,
    and on write where MXNet warns too)."""
    message = f"{name}.current has been deprecated. It is advised to use the `with` statement with {name}."

    class Current(type):
        @property
        def current(cls):
            warnings.warn(message, DeprecationWarning)
            return active(cls)

        @current.setter
        def current(cls, scope):
            if warn_on_set:
                warnings.warn(message, DeprecationWarning)
            _owner(cls)._current.value = scope
    return Current


def _owner(cls):
    """The class of a scope hierarchy that holds the thread-local ``_current``."""
    return next(c for c in cls.__mro__ if "_current" in vars(c))


def active(cls):
    """This thread's scope of ``cls``'s hierarchy (a fresh default scope the first time)."""
    owner = _owner(cls)
    if not hasattr(owner._current, "value"):
        owner._current.value = owner()
    return owner._current.value


class NameManager(metaclass=deprecated_current("NameManager", warn_on_set=False)):
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
        self._old_manager = active(NameManager)
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
