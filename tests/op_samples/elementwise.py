"""Valid sample calls and gradient domains for the elementwise binary family (elementwise.py).

Every operator of the family is valid with its defaults on float32 (2, 3) inputs; the
comparisons have a zero gradient away from ties, which the default domain avoids.
"""

SAMPLES = {
    "add_n": ([(2, 3), (2, 3), (2, 3)], {}),
}

GRAD_DOMAIN = {}
