"""``mx.nd._internal``: MXNet's internal operators (``_plus_scalar`` ...), generated from the registry."""
from .generated import populate

__all__ = populate(globals(), "_internal")

from .image_io import _cvimdecode, _cvimread, _imdecode  # noqa: E402  (hand-written: image I/O)
from .out_only import _copyto, _zeros_without_dtype  # noqa: E402  (hand-written: out= only)

__all__ += ["_cvimdecode", "_cvimread", "_imdecode", "_copyto", "_zeros_without_dtype"]
