"""``mx.nd.linalg``: the ``_linalg_*`` operators of the registry, as MXNet routes them."""
from .generated import populate

__all__ = populate(globals(), "linalg")
