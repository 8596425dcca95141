"""Operator families; each module starts with its table and registers it on import."""
from . import (convolution, creation, detection, elementwise, image, indexing, layout, linalg,  # noqa: F401
               loss, misc, nn_basic, normalization, ordering, pooling, random, reduce, rnn, roi, shape,
               spatial, unary)
