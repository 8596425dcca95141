"""Valid sample calls for the quantization family: {operator name: ([input shapes], {keyword arguments})}.

The builder test fills inputs with 1..n (+ input index): quantize gets the range (2, 3),
dequantize/requantize int8/int32 data 1..6 with the range (2, 3), calibrate_entropy the
histogram 1..5 with the edges 2..7. None of these operators is marked differentiable: MXNet
gives them zero gradients (calibrate_entropy none), checked in tests/ndarray/ops/test_quantization.py.
"""

SAMPLES = {
    "_contrib_quantize": ([(2, 3), (1,), (1,)], {}),
    "_contrib_quantize_v2": ([(2, 3)], {}),
    "_contrib_quantize_asym": ([(2, 3, 4)], {}),
    "_contrib_dequantize": ([(2, 3), (1,), (1,)], {}),
    "_contrib_requantize": ([(2, 3), (1,), (1,)], {}),
    "_contrib_calibrate_entropy": ([(5,), (6,)], {"num_quantized_bins": 3}),
}

# per-input dtypes where float32 inputs are not valid
SAMPLE_DTYPES = {
    "_contrib_dequantize": ("int8", "float32", "float32"),
    "_contrib_requantize": ("int32", "float32", "float32"),
}
