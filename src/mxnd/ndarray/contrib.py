"""``mx.nd.contrib``: the ``_contrib_*`` operators of the registry, as MXNet routes them."""
from .generated import populate

__all__ = populate(globals(), "contrib")
