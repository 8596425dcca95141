"""``mx.nd.op``: every registered ``mx.nd`` operator, generated from the registry."""
from .generated import populate

__all__ = populate(globals(), "")
