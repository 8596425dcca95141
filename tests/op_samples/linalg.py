"""Valid sample calls for the linalg family: {operator name: ([input shapes], {keyword arguments})}.

Inputs are 1..n (+ input index) in tests/test_build.py and uniform in GRAD_DOMAIN in
tests/test_gradients.py. potrf and syevd read one triangle but have MXNet's symmetric
gradient, so a finite-difference check only agrees on 1x1 matrices (their full gradients
are checked against MXNet in tests/ndarray/ops/test_linalg.py).
"""

SQUARE = ([(2, 2)], {})

SAMPLES = {
    "dot": ([(2, 3), (3, 2)], {}),
    "batch_dot": ([(2, 2, 3), (2, 3, 2)], {}),
    "_linalg_gemm": ([(2, 3), (3, 2), (2, 2)], {}),
    "_linalg_gemm2": ([(2, 3), (3, 2)], {}),
    "_linalg_potrf": ([(2, 1, 1)], {}),
    "_linalg_potri": SQUARE,
    "_linalg_trmm": ([(2, 2), (2, 3)], {}),
    "_linalg_trsm": ([(2, 2), (2, 3)], {}),
    "_linalg_sumlogdiag": SQUARE,
    "_linalg_syevd": ([(2, 1, 1)], {}),
    "_linalg_inverse": SQUARE,
    "_linalg_det": SQUARE,
    "_linalg_slogdet": SQUARE,
    "_linalg_extractdiag": SQUARE,
    "_linalg_extracttrian": SQUARE,
    "_contrib_ifft": ([(2, 4)], {}),
}

GRAD_DOMAIN = {}
