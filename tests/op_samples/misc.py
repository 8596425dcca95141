"""Valid sample calls for the misc family (src/mxnd/ndarray/ops/misc.py)."""

SAMPLES = {
    "amp_cast": ([(2, 3)], {"dtype": "float16"}),
    "amp_multicast": ([(2, 3), (2, 3)], {"num_outputs": 2}),
    "reset_arrays": ([(2, 3), (2, 3)], {"num_arrays": 2}),
    "_contrib_quadratic": ([(2, 3)], {"a": 0.5, "b": -1.0, "c": 2.0}),
    # the sample data (arange + input index) make h = [[2, 3, 4]]: hashes below out_dim
    "_contrib_count_sketch": ([(2, 3), (1, 3), (1, 3)], {"out_dim": 5}),
    "_contrib_backward_quadratic": ([(2, 3), (2, 3)], {"a": 0.5, "b": -1.0}),
}
