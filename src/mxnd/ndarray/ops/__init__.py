"""Operator families; each module starts with its table and registers it on import."""
from . import (attention, backward_grad, convolution, creation, deformable, deformable_psroi,  # noqa: F401
               detection, elementwise, hawkes, image, indexing, layout, linalg, loss, misc,
               multibox, nn_basic, normalization, opencv_image, optimizer_updates, ordering, pooling, proposal,
               psroi, quantization, quantized_basic, quantized_nn, random, reduce, rnn, roi, spatial, shape, unary)
