"""``mx.image`` (also ``mx.img``): MXNet 1.9.1's image functions, augmenters and ``ImageIter``
(``image``), and the object-detection augmenters and ``ImageDetIter`` (``detection``, also ``det``),
laid out as MXNet's python/mxnet/image/__init__.py.

>>> import mxnd as mx
>>> mx.img.resize_short(mx.nd.ones((4, 6, 3), dtype='uint8'), 2).shape
(2, 3, 3)
"""
from . import image  # noqa: F401
from .image import *  # noqa: F401,F403
from . import detection  # noqa: F401,E402
from . import detection as det  # noqa: F401,E402
from .detection import *  # noqa: F401,F403,E402
