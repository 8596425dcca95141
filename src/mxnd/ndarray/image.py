"""``mx.nd.image``: the ``_image_*`` operators of the registry, as MXNet routes them."""
from .generated import populate

__all__ = populate(globals(), "image")
