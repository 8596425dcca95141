"""Valid sample calls for the random family: {operator name: ([input shapes], {keyword arguments})}.

tests/test_build.py calls each operator twice and expects the same result, so the samplers get
degenerate distributions whose samples are certain (low == high, lam == 0, scale 1e-30 around
1, a tiny scale in float16) or, where the inputs (1, 2, ... plus the input's position) cannot
make one, zero-size parameter arrays. The densities are deterministic and use the default
shapes where those are valid.
"""

_SHAPE = (2, 3)

SAMPLES = {
    "_random_uniform": ([], {"low": 1.0, "high": 1.0, "shape": _SHAPE}),
    "_random_normal": ([], {"loc": 1.0, "scale": 1e-30, "shape": _SHAPE}),
    "_random_gamma": ([], {"alpha": 1.0, "beta": 1e-12, "shape": _SHAPE, "dtype": "float16"}),
    "_random_exponential": ([], {"lam": 1e30, "shape": _SHAPE, "dtype": "float16"}),
    "_random_poisson": ([], {"lam": 0.0, "shape": _SHAPE}),
    "_random_negative_binomial": ([], {"k": 1.0, "p": 1.0, "shape": _SHAPE}),
    "_random_generalized_negative_binomial": ([], {"mu": 0.0, "alpha": 1.0, "shape": _SHAPE}),
    "_random_randint": ([], {"low": 3, "high": 4, "shape": _SHAPE}),
    "_random_uniform_like": ([_SHAPE], {"low": 2.0, "high": 2.0}),
    "_random_normal_like": ([_SHAPE], {"loc": 1.0, "scale": 1e-30}),
    "_random_gamma_like": ([_SHAPE], {"alpha": 1.0, "beta": 1e-12}),
    "_random_exponential_like": ([_SHAPE], {"lam": 1e30}),
    "_random_poisson_like": ([_SHAPE], {"lam": 0.0}),
    "_random_negative_binomial_like": ([_SHAPE], {"k": 1.0, "p": 1.0}),
    "_random_generalized_negative_binomial_like": ([_SHAPE], {"mu": 0.0, "alpha": 1.0}),
    "_sample_uniform": ([(0,), (0,)], {"shape": (2,)}),
    "_sample_normal": ([(0,), (0,)], {"shape": (2,)}),
    "_sample_gamma": ([(0,), (0,)], {"shape": (2,)}),
    "_sample_exponential": ([(0,)], {"shape": (2,)}),
    "_sample_poisson": ([(0,)], {"shape": (2,)}),
    "_sample_negative_binomial": ([(0,), (0,)], {"shape": (2,)}),
    "_sample_generalized_negative_binomial": ([(0,), (0,)], {"shape": (2,)}),
    "_sample_multinomial": ([(1,)], {"shape": (2, 3)}),  # one category: always 0
    "_shuffle": ([(1, 3)], {}),
    "_sample_unique_zipfian": ([], {"range_max": 1, "shape": (2, 1)}),  # always class 0, in 1 try
    "_random_pdf_dirichlet": ([(2, 3), (3,)], {}),
}

# gamma_like and exponential_like draw in the data's dtype: float16 rounds the tiny samples to 0
SAMPLE_DTYPES = {
    "_random_gamma_like": ("float16",),
    "_random_exponential_like": ("float16",),
}

# Inputs of the density gradient checks: positive samples and parameters, away from
# high == low for the uniform density.
GRAD_DOMAIN = {
    "_random_pdf_uniform": (0.5, 0.6),
    "_random_pdf_gamma": (0.5, 1.5),
    "_random_pdf_dirichlet": (0.2, 0.5),
}
