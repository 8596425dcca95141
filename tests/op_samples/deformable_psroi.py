"""Valid sample calls for the deformable_psroi family: {operator name: ([input shapes], {keyword arguments})}.

The builder test fills inputs with 1..n (+ input index), so the roi is ``[2, 3, 4, 5, 6]``
(batch index 2 of a batch of 3) and the offsets are 3..10. The gradient test draws every input
from GRAD_DOMAIN: the roi becomes ``[1, 1, 1, 1, 1]`` (it does not move under finite
differences; rois get a zero gradient in MXNet) and every sample lands inside the map away from
pixel borders, where MXNet's backward (which ignores the clipping of samples) is the derivative.
"""

SAMPLES = {
    "_contrib_DeformablePSROIPooling": ([(3, 8, 6, 6), (1, 5), (1, 2, 2, 2)],
                                        {"spatial_scale": 1.0, "output_dim": 2, "group_size": 2,
                                         "pooled_size": 2, "sample_per_part": 2, "trans_std": 0.1}),
}

GRAD_DOMAIN = {
    "_contrib_DeformablePSROIPooling": (1.1, 1.3),
}
