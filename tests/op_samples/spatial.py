"""Valid sample calls and gradient domains for the spatial family (src/mxnd/ndarray/ops/spatial.py).

``SAMPLES``: {operator: ([input shapes], {keyword arguments})}; ``GRAD_DOMAIN``: {operator:
(low, high)} input range for the finite-difference gradient check (grids inside [-1, 1]).
"""

SAMPLES = {
    "BilinearSampler": ([(2, 3, 4, 5), (2, 2, 3, 4)], {}),
    "GridGenerator": ([(2, 6)], {"transform_type": "affine", "target_shape": (3, 4)}),
    "SpatialTransformer": ([(2, 3, 4, 5), (2, 6)], {"target_shape": (3, 4), "transform_type": "affine",
                                                      "sampler_type": "bilinear"}),
}

GRAD_DOMAIN = {
    "BilinearSampler": (-0.9, 0.9),
    "SpatialTransformer": (-0.6, 0.6),
}
