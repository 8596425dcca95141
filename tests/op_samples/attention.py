"""Valid sample calls for the attention family: {operator name: ([input shapes], {keyword arguments})}.

Layouts: queries_keys_values (seq, batch, heads*3*head_dim), queries (q_len, batch, heads*head_dim),
keys_values (kv_len, batch, heads*2*head_dim), attention (batch*heads, rows, kv_len).
"""

SAMPLES = {
    "_contrib_interleaved_matmul_selfatt_qk": ([(3, 2, 12)], {"heads": 2}),
    "_contrib_interleaved_matmul_selfatt_valatt": ([(3, 2, 12), (4, 3, 3)], {"heads": 2}),
    "_contrib_interleaved_matmul_encdec_qk": ([(4, 2, 4), (3, 2, 8)], {"heads": 2}),
    "_contrib_interleaved_matmul_encdec_valatt": ([(3, 2, 8), (4, 4, 3)], {"heads": 2}),
}

GRAD_DOMAIN = {}
