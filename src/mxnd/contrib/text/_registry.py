"""A registry of classes by lower-cased name, as MXNet's ``mx.registry`` register/create pair."""
import json
import warnings

__all__ = ["NamedRegistry"]


class NamedRegistry:
    """Classes derived from ``base_class`` by lower-cased name; ``nickname`` names them in errors.

    >>> class Base: pass
    >>> registry = NamedRegistry(Base, 'thing')
    >>> @registry.register
    ... class Box(Base):
    ...     def __init__(self, size=1):
    ...         self.size = size
    >>> registry.create('BOX', size=3).size, sorted(registry.classes())
    (3, ['box'])
    """

    def __init__(self, base_class, nickname):
        self._base_class = base_class
        self._nickname = nickname
        self._classes = {}

    def classes(self):
        """A copy of the ``{name: class}`` table."""
        return dict(self._classes)

    def register(self, klass, name=None):
        """Register ``klass`` under ``name`` (default: its class name), lower-cased; return it."""
        if not issubclass(klass, self._base_class):
            raise AssertionError('Can only register subclass of %s' % self._base_class.__name__)
        name = (klass.__name__ if name is None else name).lower()
        if name in self._classes:
            old = self._classes[name]
            warnings.warn('\033[91mNew %s %s.%s registered with name %s is'
                          'overriding existing %s %s.%s\033[0m'
                          % (self._nickname, klass.__module__, klass.__name__, name,
                             self._nickname, old.__module__, old.__name__),
                          UserWarning, stacklevel=2)
        self._classes[name] = klass
        return klass

    def create(self, *args, **kwargs):
        """An instance of the class named by the first argument (or keyword ``nickname``).

        An instance of the base class is returned as it is; a dict or a JSON string
        (``'["name", {kwargs}]'`` or ``'{"nickname": name, ...}'``) is read as MXNet does.
        """
        if args:
            name, args = args[0], args[1:]
        else:
            name = kwargs.pop(self._nickname)
        if isinstance(name, self._base_class):
            if args or kwargs:
                raise AssertionError('%s is already an instance. Additional arguments are invalid'
                                     % self._nickname)
            return name
        if isinstance(name, dict):
            return self.create(**name)
        if not isinstance(name, str):
            raise AssertionError('%s must be of string type' % self._nickname)
        if name.startswith('['):
            if args or kwargs:
                raise AssertionError()
            name, kwargs = json.loads(name)
            return self.create(name, **kwargs)
        if name.startswith('{'):
            if args or kwargs:
                raise AssertionError()
            return self.create(**json.loads(name))
        name = name.lower()
        if name not in self._classes:
            raise AssertionError('%s is not registered. Please register with %s.register first'
                                 % (name, self._nickname))
        return self._classes[name](*args, **kwargs)
