"""mx.attribute: scoped attributes (MXNet's symbolic API attaches them to the nodes it creates;
NDArray code and libraries that enter an AttrScope keep working).

>>> import mxnd as mx
>>> with mx.attribute.AttrScope(group="dev1"):
...     with mx.attribute.AttrScope(lr_mult="0.1") as scope:
...         sorted(scope.get({"wd_mult": "0"}).items())
[('group', 'dev1'), ('lr_mult', '0.1'), ('wd_mult', '0')]
"""
import threading

from .name import active, deprecated_current

__all__ = ["AttrScope"]


class AttrScope(metaclass=deprecated_current("AttrScope", warn_on_set=True)):
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
        self._old_scope = active(AttrScope)
        self._attr = {**self._old_scope._attr, **self._attr}
        AttrScope._current.value = self
        return self

    def __exit__(self, ptype, value, trace):
        assert self._old_scope
        AttrScope._current.value = self._old_scope
