"""Valid sample calls for the convolution family: {operator name: ([input shapes], {keyword arguments})}.

Small shapes: the float64 finite-difference check runs the kernel twice per input element.
"""

SAMPLES = {
    "Convolution": ([(1, 2, 4, 3), (3, 2, 3, 2), (3,)], {"kernel": (3, 2), "num_filter": 3, "pad": (1, 0)}),
    "Convolution_v1": ([(1, 2, 4, 3), (3, 2, 3, 2), (3,)], {"kernel": (3, 2), "num_filter": 3, "stride": (2, 1)}),
    "Deconvolution": ([(1, 2, 3, 2), (2, 3, 3, 2), (3,)],
                      {"kernel": (3, 2), "num_filter": 3, "no_bias": False, "stride": (2, 1), "adj": (1, 0)}),
}
