"""``mx.nd.random``: the ``_random_*_like`` operators of the registry, as MXNet routes them."""
from .generated import populate

__all__ = populate(globals(), "random")
