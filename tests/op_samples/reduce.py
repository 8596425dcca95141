"""Valid sample calls for the reduce family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    "moments": ([(2, 3)], {"axes": 1}),
    "multi_all_finite": ([(2, 3), (3, 2)], {"num_arrays": 2}),
    "multi_sum_sq": ([(2, 3), (3, 2)], {"num_arrays": 2}),
}

# input ranges where the gradient check is smooth: {operator name: (low, high)}
GRAD_DOMAIN = {
    "norm": (0.5, 1.5),  # away from 0, where the L2 norm has a kink
}
