"""Valid sample calls for the psroi family: {operator name: ([input shapes], {keyword arguments})}.

The builder test fills inputs with 1..n (+ input index), so the single PSROIPooling roi is
``[2, 3, 4, 5, 6]`` and the RROIAlign roi ``[2, 3, 4, 5, 6, 7]``: batch index 2 of a batch
of 3. The gradient test draws every input from GRAD_DOMAIN, so roi batch indices truncate to
0 and the roi, rounded to the pixel grid, does not move under finite differences (rois get a
zero gradient in MXNet). RROIAlign has no gradient in MXNet (not marked differentiable).
"""

SAMPLES = {
    "_contrib_PSROIPooling": ([(3, 8, 6, 6), (1, 5)], {"spatial_scale": 1.0, "output_dim": 2, "pooled_size": 2}),
    "_contrib_RROIAlign": ([(3, 2, 6, 7), (1, 6)], {"pooled_size": (2, 2), "spatial_scale": 1.0}),
}

GRAD_DOMAIN = {
    "_contrib_PSROIPooling": (0.1, 0.3),
}
