"""Valid sample calls for the quantized_nn family (src/mxnd/ndarray/ops/quantized_nn.py).

The builder test fills inputs with 1..n (+ input index); SAMPLE_DTYPES gives the integer data,
weight and bias dtypes these operators require (the ranges stay float32). None of them is
marked differentiable (MXNet gives the first three zero gradients and quantized_rnn none).
"""

_RANGES = [(1,)] * 6

SAMPLES = {
    "_contrib_quantized_fully_connected": ([(2, 3), (4, 3), (4,)] + _RANGES, {"num_hidden": 4}),
    "_contrib_quantized_conv": ([(1, 2, 3, 3), (2, 2, 2, 2), (2,)] + _RANGES, {"kernel": (2, 2), "num_filter": 2}),
    "_contrib_quantized_batch_norm": ([(1, 2, 2, 2), (2,), (2,), (2,), (2,), (1,), (1,)],
                                      {"min_calib_range": -3.0, "max_calib_range": 5.0}),
    # LSTM, state_size 1, input size 2: 4 * 1 * (2 + 1 + 2) = 20 parameters
    "_contrib_quantized_rnn": ([(2, 1, 2), (20,), (1, 1, 1), (1, 1, 1), (1,), (1,)],
                               {"state_size": 1, "num_layers": 1, "mode": "lstm"}),
}

SAMPLE_DTYPES = {
    "_contrib_quantized_fully_connected": ["int8", "int8", "int8"] + ["float32"] * 6,
    "_contrib_quantized_conv": ["uint8", "int8", "int8"] + ["float32"] * 6,
    "_contrib_quantized_batch_norm": ["int8"] + ["float32"] * 6,
    "_contrib_quantized_rnn": ["uint8"] + ["float32"] * 5,
}

GRAD_DOMAIN = {}
