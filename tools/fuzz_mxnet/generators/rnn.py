"""RNN (rnn_relu, rnn_tanh, gru, lstm; layers, bidirectional, state outputs, sequence lengths) forward and backward (run with --numeric).

Usage: python rnn.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
G = {'rnn_relu': 1, 'rnn_tanh': 1, 'gru': 3, 'lstm': 4}
lines = []
for _ in range(int(sys.argv[2])):
    mode = random.choice(list(G)); L = random.randint(1, 2); bi = random.choice([False, True]); D = 2 if bi else 1
    T, N, I, H = random.randint(1, 4), random.randint(1, 3), random.randint(1, 3), random.randint(1, 3)
    size = 0
    for l in range(L):
        inp = I if l == 0 else H * D
        size += D * (G[mode] * H * inp + G[mode] * H * H + 2 * G[mode] * H)
    so = random.choice([False, True])
    use_len = random.random() < 0.3
    args = "x, p, h0" + (", c0" if mode == 'lstm' else "") + (", sl" if use_len else "")
    extra = ", use_sequence_length=True" if use_len else ""
    lines.append(f"!rs = np.random.RandomState({random.randint(0, 9999)});; x = mx.nd.array(rs.uniform(-1, 1, ({T}, {N}, {I})));; p = mx.nd.array(rs.uniform(-0.5, 0.5, ({size},)));; "
                 f"h0 = mx.nd.array(rs.uniform(-1, 1, ({L * D}, {N}, {H})));; c0 = mx.nd.array(rs.uniform(-1, 1, ({L * D}, {N}, {H})));; sl = mx.nd.array(rs.randint(1, {T} + 1, ({N},)));; "
                 f"x.attach_grad();; p.attach_grad();; exec('with mx.autograd.record():\\n    out = mx.nd.RNN({args}, state_size={H}, num_layers={L}, mode=\"{mode}\", bidirectional={bi}, state_outputs={so}{extra})\\n    y = (out[0] if isinstance(out, list) else out).sum()');; y.backward();; "
                 f"R = [out, x.grad, p.grad]")
print('\n'.join(lines))
