"""mx.attribute: scoped attributes (MXNet's symbolic API attaches them to the nodes it creates;
NDArray code and libraries that enter an AttrScope keep working).

>>> import mxnd as mx
>>> with mx.attribute.AttrScope(group="dev1"):
...     with mx.attribute.AttrScope(lr_mult="0.1") as scope:
...         sorted(scope.get({"wd_mult": "0"}).items())
[('group', 'dev1'), ('lr_mult', '0.1'), ('wd_mult', '0')]
"""
import threading
import warnings

__all__ = ["AttrScope"]


class _CurrentScope(type):
    """``AttrScope.current``: a class-level property, as MXNet's (deprecated there too)."""

    @property
    def current(cls):
        warnings.warn("AttrScope.current has been deprecated. "
                      "It is advised to use the `with` statement with AttrScope.", DeprecationWarning)
        return _active()

    @current.setter
    def current(cls, scope):
        warnings.warn("AttrScope.current has been deprecated. "
                      "It is advised to use the `with` statement with AttrScope.", DeprecationWarning)
        AttrScope._current.value = scope


class AttrScope(metaclass=_CurrentScope):
    """String attributes for everything created inside the ``with`` block; nested scopes add to
    (and override) the enclosing one's."""
    _current = threading.local()

    def __init__(self, **kwargs):
        if any(not isinstance(value, str) for value in kwargs.values()):
            raise ValueError("Attributes need to be string")
        self._attr = kwargs
        self._old_scope = None

    def get(self, attr):
        """The scope's attributes updated with ``attr`` (a dict of strings, or None)."""
        if not self._attr:
            return attr if attr else {}
        merged = dict(self._attr)
        merged.update(attr or {})
        return merged

    def __enter__(self):
        self._old_scope = _active()
        self._attr = {**self._old_scope._attr, **self._attr}
        AttrScope._current.value = self
        return self

    def __exit__(self, ptype, value, trace):
        assert self._old_scope
        AttrScope._current.value = self._old_scope


def _active():
    """This thread's scope (an empty one the first time)."""
    if not hasattr(AttrScope._current, "value"):
        AttrScope._current.value = AttrScope()
    return AttrScope._current.value
