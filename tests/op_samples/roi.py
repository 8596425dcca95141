"""Valid sample calls for the roi family: {operator name: ([input shapes], {keyword arguments})}.

The builder test fills inputs with 1..n (+ input index), so the single roi is
``[2, 3, 4, 5, 6]``: batch index 2 of a batch of 3. The gradient test draws every input from
GRAD_DOMAIN, so roi batch indices truncate to 0; roi coordinates get a zero gradient in MXNet,
and ROIAlign's sample uses a 1x1 map, where the bilinear value does not move with the roi
(finite differences in the roi coordinates are then 0 as well).
"""

SAMPLES = {
    "Crop": ([(1, 2, 4, 5), (1, 1, 2, 3)], {}),
    "ROIPooling": ([(3, 2, 8, 8), (1, 5)], {"pooled_size": (2, 2), "spatial_scale": 1.0}),
    "_contrib_ROIAlign": ([(3, 2, 1, 1), (1, 5)], {"pooled_size": (2, 2), "spatial_scale": 1.0}),
    "Correlation": ([(1, 2, 4, 5), (1, 2, 4, 5)], {"kernel_size": 3, "max_displacement": 1, "pad_size": 1}),
}

GRAD_DOMAIN = {
    "ROIPooling": (0.1, 0.8),
    "_contrib_ROIAlign": (0.1, 0.8),
}
