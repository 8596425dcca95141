"""``mxnd.dl`` Deep Learning Toolbox operations (MATLAB names; see docs/dlarray_toolbox.md).

Layers as functions (:mod:`.nn`), normalization (:mod:`.norm`), losses (:mod:`.losses`),
recurrent layers (:mod:`.recurrent`), optimizers for custom training loops (:mod:`.training`),
image/vision/signal functions (:mod:`.image`, :mod:`.vision`, :mod:`.signal`) and ``dlode45``
(:mod:`.ode`). All work on formatted dlarrays (or ``data_format=`` for unformatted data),
trace through ``dlfeval``/``dlgradient`` and run on the array's device.
"""
from . import image as _image
from . import losses as _losses
from . import nn as _nn
from . import norm as _norm
from . import ode as _ode
from . import recurrent as _recurrent
from . import signal as _signal
from . import training as _training
from . import vision as _vision

from .image import *  # noqa: F401,F403
from .losses import *  # noqa: F401,F403
from .nn import *  # noqa: F401,F403
from .norm import *  # noqa: F401,F403
from .ode import *  # noqa: F401,F403
from .recurrent import *  # noqa: F401,F403
from .signal import *  # noqa: F401,F403
from .training import *  # noqa: F401,F403
from .vision import *  # noqa: F401,F403

__all__ = [name for module in (_nn, _norm, _losses, _recurrent, _training, _image, _vision, _signal, _ode)
           for name in module.__all__]
