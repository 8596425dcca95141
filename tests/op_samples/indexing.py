"""Valid sample calls for the indexing family: {operator name: ([input shapes], {keyword arguments})}.

Inputs are float32 arrays holding 1, 2, ... (plus the input's position), so index inputs get
shapes whose values are valid indices. The gradient check's default domain (values in [0.5, 1.7))
truncates index inputs to 0 or 1, valid for every shape below; scatter_nd gets a single index so
that no two values land on one element (MXNet's scatter_nd gradient assumes distinct indices).
"""

SAMPLES = {
    "pick": ([(2, 3), (2,)], {}),
    "one_hot": ([(2, 3)], {"depth": 4}),
    "gather_nd": ([(4, 3), (1, 2)], {}),
    "scatter_nd": ([(1, 3), (1, 1)], {"shape": (4, 3)}),
    "_backward_gather_nd": ([(1, 3), (1, 1)], {"shape": (4, 3)}),
    "_scatter_set_nd": ([(4, 3), (1, 3), (1, 1)], {"shape": (4, 3)}),
    "_contrib_boolean_mask": ([(2, 3), (2,)], {}),
    "_contrib_index_copy": ([(4, 3), (1,), (1, 3)], {}),
    "fill_element_0index": ([(2, 3), (2,), (2,)], {}),
    "_onehot_encode": ([(2,), (2, 3)], {}),
    "batch_take": ([(3, 2), (3,)], {}),
}

# MXNet accepts only int32 indices for batch_take; tests/test_build.py builds float32 inputs, so
# batch_take needs these dtypes there (one per input) once the builder tests read them.
SAMPLE_DTYPES = {
    "batch_take": ("float32", "int32"),
}
