"""Valid sample calls and gradient domains for the unary family (src/mxnd/ndarray/ops/unary.py).

``SAMPLES``: {operator: ([input shapes], {keyword arguments})} for operators whose defaults
are not a valid call; ``GRAD_DOMAIN``: {operator: (low, high)} input range where the
operator is smooth and defined, for the finite-difference gradient check.
"""

SAMPLES = {
    "Cast": ([(2, 3)], {"dtype": "float64"}),
    "clip": ([(2, 3)], {"a_min": 0.8, "a_max": 1.2}),
}

GRAD_DOMAIN = {
    "arcsin": (-0.8, 0.8),
    "arccos": (-0.8, 0.8),
    "arctanh": (-0.8, 0.8),
    "erfinv": (-0.8, 0.8),
    "arccosh": (1.5, 3.0),
    "round": (0.1, 0.4),
    "rint": (0.1, 0.4),
    "fix": (0.1, 0.4),
    "floor": (0.1, 0.4),
    "ceil": (0.1, 0.4),
    "trunc": (0.1, 0.4),
    "gamma": (-0.9, -0.1),
}
