"""Valid sample calls for the quantized_basic family (src/mxnd/ndarray/ops/quantized_basic.py).

The builder test fills inputs with 1..n (+ input index); SAMPLE_DTYPES gives the int8/uint8
data these operators require (the ranges stay float32, one element each). None is marked
differentiable: MXNet gives flatten, concat, elemwise_mul, pooling and embedding zero
gradients and act and elemwise_add none (tests/ndarray/ops/test_quantized_basic.py checks both).
"""

_R2 = [(1,), (1,)]

SAMPLES = {
    "_contrib_quantized_act": ([(2, 3)] + _R2, {"act_type": "relu"}),
    "_contrib_quantized_flatten": ([(2, 3, 2)] + _R2, {}),
    # arrays first, then (min, max) of each; the second array is 1..6 + 1
    "_contrib_quantized_concat": ([(2, 3), (2, 3)] + _R2 * 2, {"num_args": 2, "dim": 1}),
    "_contrib_quantized_elemwise_add": ([(2, 3), (2, 3)] + _R2 * 2, {}),
    "_contrib_quantized_elemwise_mul": ([(2, 3), (2, 3)] + _R2 * 2, {}),
    "_contrib_quantized_pooling": ([(1, 2, 4, 4)] + _R2, {"kernel": (2, 2), "pool_type": "avg"}),
    "_contrib_quantized_embedding": ([(2, 2), (4, 3)] + _R2, {"input_dim": 4, "output_dim": 3}),
}

SAMPLE_DTYPES = {
    "_contrib_quantized_act": ["int8", "float32", "float32"],
    "_contrib_quantized_flatten": ["int8", "float32", "float32"],
    "_contrib_quantized_concat": ["int8", "uint8"] + ["float32"] * 4,
    "_contrib_quantized_elemwise_add": ["uint8", "uint8"] + ["float32"] * 4,
    "_contrib_quantized_elemwise_mul": ["int8", "int8"] + ["float32"] * 4,
    "_contrib_quantized_pooling": ["uint8", "float32", "float32"],
    "_contrib_quantized_embedding": ["float32", "int8", "float32", "float32"],
}

GRAD_DOMAIN = {}
