"""Operator families; each module starts with its table and registers it on import."""
from . import (convolution, creation, elementwise, image, indexing, layout, linalg, loss,  # noqa: F401
               misc, nn_basic, normalization, ordering, pooling, random, reduce, rnn, shape, unary)
