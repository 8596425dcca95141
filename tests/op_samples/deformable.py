"""Valid sample calls for the deformable family: {operator name: ([input shapes], {keyword arguments})}.

Data (1, 2, 4, 4) with a 3x3 kernel gives a 2x2 output, so the offset is (1, 18, 2, 2) and the
mask (1, 9, 2, 2). The builder test fills inputs with 1..n (+ input index): every offset then
moves its sample off the map (columns of zeros, the output is the bias). The gradient test
draws inputs from GRAD_DOMAIN: offsets in (0.1, 0.9) (+0.1 per input) keep most samples
inside the 4x4 map, away from whole coordinates, where the bilinear sample is smooth.
"""

SAMPLES = {
    "_contrib_DeformableConvolution": ([(1, 2, 4, 4), (1, 18, 2, 2), (2, 2, 3, 3), (2,)],
                                       {"kernel": (3, 3), "num_filter": 2}),
    "_contrib_ModulatedDeformableConvolution": ([(1, 2, 4, 4), (1, 18, 2, 2), (1, 9, 2, 2), (2, 2, 3, 3), (2,)],
                                                {"kernel": (3, 3), "num_filter": 2}),
}

GRAD_DOMAIN = {
    "_contrib_DeformableConvolution": (0.1, 0.9),
    "_contrib_ModulatedDeformableConvolution": (0.1, 0.9),
}
