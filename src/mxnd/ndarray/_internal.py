"""``mx.nd._internal``: MXNet's internal operators (``_plus_scalar`` ...), generated from the registry."""
from .generated import populate

__all__ = populate(globals(), "_internal")
