"""``mx.image.image``: every public name of MXNet 1.9.1's python/mxnet/image/image.py, gathered
from the modules that implement them (transforms, rotate, augmenters, iterator).

>>> import mxnd as mx
>>> mx.image.image.scale_down((4, 3), (8, 2)) == mx.image.scale_down((4, 3), (8, 2)) == (4, 1)
True
"""
from .augmenters import *  # noqa: F401,F403
from .augmenters import __all__ as _augmenter_names
from .iterator import *  # noqa: F401,F403
from .iterator import __all__ as _iterator_names
from .rotate import *  # noqa: F401,F403
from .rotate import __all__ as _rotate_names
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _transform_names
from .transforms import _get_interp_method  # noqa: F401  (MXNet's detection module uses it)

__all__ = _transform_names + _rotate_names + _augmenter_names + _iterator_names
