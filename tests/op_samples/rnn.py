"""Valid sample calls for the rnn family (src/mxnd/ndarray/ops/rnn.py).

``RNN`` with mode='lstm', state_size=2, one bidirectional layer on (T, N, C) = (2, 2, 3) data:
inputs data, parameters (4 gates * 2 * (3 + 2 + 2) * 2 directions = 112), state, state_cell.
"""

SAMPLES = {
    "RNN": ([(2, 2, 3), (112,), (2, 2, 2), (2, 2, 2)],
            {"state_size": 2, "num_layers": 1, "mode": "lstm", "bidirectional": True, "state_outputs": True}),
}

GRAD_DOMAIN = {
    "RNN": (-0.5, 0.5),
}
