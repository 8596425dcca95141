"""Operator families; each module starts with its table and registers it on import."""
from . import (attention, convolution, creation, detection, elementwise, image, indexing, layout,  # noqa: F401
               linalg, loss, misc, multibox, nn_basic, normalization, optimizer_updates, ordering, pooling,
               proposal, psroi, random, reduce, rnn, roi, shape, spatial, unary)
