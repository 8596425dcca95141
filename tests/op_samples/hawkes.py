"""Valid sample calls for the hawkes family: {operator name: ([input shapes], {keyword arguments})}.

The builder test fills input ``i`` with ``1..n + i``: with one sample of 7 points and 13 marks,
the marks are 6..12 (valid for K = 13) and ``valid_length`` is 7 = T. ``marks`` must be int32.
hawkesll is not marked differentiable for the registry-wide gradient check, which perturbs every
input in float64: MXNet takes int32 marks only and raises on a gradient through lags,
valid_length or max_time. tests/ndarray/ops/test_hawkes.py checks its gradients (lda, alpha,
beta) against finite differences and MXNet's values.
"""

SAMPLES = {
    "_contrib_hawkesll": ([(1, 13), (13,), (13,), (1, 13), (1, 7), (1, 7), (1,), (1,)], {}),
}

SAMPLE_DTYPES = {
    "_contrib_hawkesll": ("float32",) * 5 + ("int32", "float32", "float32"),
}
