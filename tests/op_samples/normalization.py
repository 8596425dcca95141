"""Valid sample calls and gradient domains for the normalization family
(src/mxnd/ndarray/ops/normalization.py).

``SAMPLES``: {operator: ([input shapes], {keyword arguments})} for operators whose defaults
are not a valid call; ``GRAD_DOMAIN``: {operator: (low, high)} input range for the
finite-difference gradient check.
"""

_BN = ([(2, 3, 2), (3,), (3,), (3,), (3,)], {"fix_gamma": False})

SAMPLES = {
    "BatchNorm": _BN,
    "BatchNorm_v1": ([(2, 3, 2, 2), (3,), (3,), (3,), (3,)], {"fix_gamma": False}),
    "_contrib_BatchNormWithReLU": ([(2, 3, 2, 2), (3,), (3,), (3,), (3,)], {"fix_gamma": False}),
    "_contrib_SyncBatchNorm": ([(2, 3, 2), (3,), (3,), (3,), (3,)], {"fix_gamma": False, "key": "k"}),
    "LayerNorm": ([(2, 3), (3,), (3,)], {}),
    "GroupNorm": ([(2, 4, 3), (2,), (2,)], {"num_groups": 2}),
    "InstanceNorm": ([(2, 3, 4), (3,), (3,)], {}),
    "LRN": ([(1, 4, 2, 2)], {"nsize": 3}),
}

GRAD_DOMAIN = {
    "_contrib_BatchNormWithReLU": (0.5, 1.5),
}
