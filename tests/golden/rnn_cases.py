"""Cases of the rnn family (the fused ``RNN`` operator), recorded from MXNet 1.9.1 by tools/make_golden.py.

Inputs are seeded numpy draws passed to both frameworks. Values are rounded before they are
recorded (the comparison is exact): float64 to 6 decimals (both sides agree to ~1e-15, except
rnn_relu, where MXNet's CPU kernel agrees only to ~1e-8: 4 decimals), float32 to 3 decimals
(MXNet runs float32 through MKL-DNN). ``+ 0.0`` turns -0.0 into 0.0.

Left out on purpose (they crash the reference's CPU build): lstm_state_clip_min/max with
values that clip, projection_size larger than state_size, and projection_size without
state_outputs (its CPU kernel then writes through a null final-state pointer).
"""

GATES = {"lstm": 4, "gru": 3, "rnn_tanh": 1, "rnn_relu": 1}
MODES = ("lstm", "gru", "rnn_tanh", "rnn_relu")


def param_size(mode, layers, inputs, hidden, directions, projection=None):
    size = GATES[mode] * hidden * directions
    width = projection or hidden
    total = (inputs + width + 2) * size + (layers - 1) * (width * directions + width + 2) * size
    if projection:
        total += projection * hidden * layers * directions
    return total


def setup(mode, layers=1, bid=False, dtype="float64", seed=0, steps=3, batch=2, inputs=4, hidden=3,
          projection=None):
    """Statements that define x, p, s (and c for lstm) and ``args``, the positional inputs."""
    d = 2 if bid else 1
    width = projection or hidden
    text = (f"rng = np.random.RandomState({seed}); "
            f"x = mx.nd.array(rng.uniform(-1, 1, ({steps}, {batch}, {inputs})), dtype='{dtype}'); "
            f"p = mx.nd.array(rng.uniform(-0.5, 0.5, ({param_size(mode, layers, inputs, hidden, d, projection)},)), "
            f"dtype='{dtype}'); "
            f"s = mx.nd.array(rng.uniform(-1, 1, ({layers * d}, {batch}, {width})), dtype='{dtype}'); ")
    if mode == "lstm":
        text += (f"c = mx.nd.array(rng.uniform(-1, 1, ({layers * d}, {batch}, {hidden})), dtype='{dtype}'); "
                 "args = [x, p, s, c]; ")
    else:
        text += "args = [x, p, s]; "
    return text


def kwargs(mode, layers=1, bid=False, hidden=3, extra=""):
    return f"state_size={hidden}, num_layers={layers}, bidirectional={bid}, mode='{mode}'{extra}"


def rounded(name, decimals):
    return f"[{name}.shape, np.dtype({name}.dtype).name, (np.round({name}.asnumpy(), {decimals}) + 0.0).tolist()]"


def digits(mode, dtype="float64"):
    return 3 if dtype == "float32" else (4 if mode == "rnn_relu" else 6)


def forward_case(mode, layers, bid, dtype="float64", state_outputs=True):
    n = digits(mode, dtype)
    extra = ", state_outputs=True" if state_outputs else ""
    text = setup(mode, layers, bid, dtype) + f"y = mx.nd.RNN(*args, {kwargs(mode, layers, bid, extra=extra)}); "
    if state_outputs:
        return text + "result = [" + ", ".join(rounded(f"y[{i}]", n) for i in range(3 if mode == "lstm" else 2)) + "]"
    return text + "result = " + rounded("y", n)


def gradient_case(mode, layers, bid, state_outputs=True):
    n = digits(mode)
    extra = ", state_outputs=True" if state_outputs else ""
    head = ("(y[0] * 1.5).sum() + (y[1] * 2).sum()" + (" + (y[2] * 3).sum()" if mode == "lstm" else "")
            if state_outputs else "(y * y).sum()")
    return (setup(mode, layers, bid, seed=1)
            + "[a.attach_grad() for a in args]\n"
            + f"with mx.autograd.record():\n    y = mx.nd.RNN(*args, {kwargs(mode, layers, bid, extra=extra)})\n"
            + f"    total = {head}\n"
            + "total.backward()\n"
            + "result = [" + ", ".join(rounded(f"args[{i}].grad", n) for i in range(4 if mode == "lstm" else 3)) + "]")


FORWARD = [forward_case(mode, layers, bid) for mode in MODES for layers in (1, 2) for bid in (False, True)]
FORWARD32 = [forward_case(mode, 2, True, "float32", state_outputs=False) for mode in MODES] + [
    forward_case(mode, 1, False, "float32") for mode in MODES]
GRADIENTS = [gradient_case(mode, layers, bid) for mode in MODES for layers, bid in ((1, False), (2, True))] + [
    gradient_case(mode, 1, True, state_outputs=False) for mode in MODES]

_PROJECT = ", state_outputs=True, projection_size=2"
PROJECTION = [
    setup("lstm", layers, bid, projection=2, hidden=4)
    + f"y = mx.nd.RNN(*args, {kwargs('lstm', layers, bid, hidden=4, extra=_PROJECT)}); "
    + "result = [" + ", ".join(rounded(f"y[{i}]", 6) for i in range(3)) + "]"
    for layers, bid in ((1, False), (2, True))
]

G = setup("gru")
L = setup("lstm")
CALLS = [
    # the inputs that exist depend on the mode
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru').shape",
    G + "result = mx.nd.RNN(x, p, s, state_size='3', num_layers='1', mode='gru', state_outputs='1')[1].shape",
    L + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='lstm')",
    G + "result = mx.nd.RNN(x, p, s, s, state_size=3, num_layers=1, mode='gru')",
    L + "result = mx.nd.RNN(x, p, s, c, c, state_size=3, num_layers=1, mode='lstm')",
    # shapes and types
    G + "result = mx.nd.RNN(x, p[1:], s, state_size=3, num_layers=1, mode='gru')",
    G + "result = mx.nd.RNN(x, p, s[:, :1], state_size=3, num_layers=1, mode='gru')",
    L + "result = mx.nd.RNN(x, p, s, c[:, :, :2], state_size=3, num_layers=1, mode='lstm')",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=2, mode='gru')",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, bidirectional=True, mode='gru')",
    G + "result = mx.nd.RNN(x[0], p, s, state_size=3, num_layers=1, mode='gru')",
    G + "result = mx.nd.RNN(x, p, s.astype('float32'), state_size=3, num_layers=1, mode='gru')",
    G + "result = mx.nd.RNN(x.astype('int32'), p.astype('int32'), s.astype('int32'), state_size=3, "
        "num_layers=1, mode='gru')",
    G + "result = mx.nd.RNN(x.astype('float16'), p.astype('float16'), s.astype('float16'), state_size=3, "
        "num_layers=1, mode='gru')",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=0, mode='gru')",
    # parameters
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1)",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, mode='gru')",
    G + "result = mx.nd.RNN(x, p, s, num_layers=1, mode='gru')",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='GRU')",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru', foo=1)",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru', bidirectional='maybe')",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru', projection_size=2)",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru', p=-0.5)",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru', p=1.5)",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru', p='0.25').shape",
    G + "result = mx.nd.RNN(x, p, [1, 2], state_size=3, num_layers=1, mode='gru')",
    # out= and predict-mode dropout (a no-op outside training)
    G + "o = mx.nd.zeros((3, 2, 3), dtype='float64'); r = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, "
        "mode='gru', out=o); result = [r is o, (np.round(o.asnumpy(), 6) + 0.0).tolist()]",
    G + "o = mx.nd.zeros((3, 2, 4), dtype='float64'); result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, "
        "mode='gru', out=o)",
    setup("lstm", 2, True) + "a = mx.nd.RNN(*args, " + kwargs("lstm", 2, True, extra=", p=0.5") + "); "
    "b = mx.nd.RNN(*args, " + kwargs("lstm", 2, True) + "); result = bool((a == b).asnumpy().all())",
]

# use_sequence_length: MXNet 1.9.1 reads the lengths only in its cuDNN (GPU) kernel; shape checks
SEQUENCE_LENGTH = [
    G + "result = mx.nd.RNN(x, p, s, mx.nd.array([3, 3, 3]), state_size=3, num_layers=1, mode='gru', "
        "use_sequence_length=True)",
    G + "result = mx.nd.RNN(x, p, s, state_size=3, num_layers=1, mode='gru', use_sequence_length=True)",
]

_LENGTHS = ("mxnd applies MXNet's cuDNN (GPU) semantics of sequence_length on every device: steps past a "
            "sequence's length give 0, the final states are those of its last valid step, the reverse "
            "direction starts there. MXNet 1.9.1's CPU build has no such kernel: ")
_F64 = _LENGTHS + "for float64 it raises 'RNN use_sequence_length option is only available for cuDNN version >= 7.2'"
_F32 = _LENGTHS + "for float32 (MKL-DNN) it silently ignores the lengths"
# case -> why mxnd deliberately differs from MXNet 1.9.1
DELIBERATE = {
    G + "y = mx.nd.RNN(x, p, s, mx.nd.array([3, 1]), state_size=3, num_layers=1, mode='gru', "
        "use_sequence_length=True); result = " + rounded("y", 6): _F64,
    G + "y = mx.nd.RNN(x, p, s, mx.nd.array([3, 3], dtype='int32'), state_size=3, num_layers=1, mode='gru', "
        "use_sequence_length=True); result = " + rounded("y", 6): _F64,
    setup("lstm", 1, True) + "y = mx.nd.RNN(*args, mx.nd.array([2, 1]), "
    + kwargs("lstm", 1, True, extra=", state_outputs=True, use_sequence_length=True") + "); "
    + "result = [" + ", ".join(rounded(f"y[{i}]", 6) for i in range(3)) + "]": _F64,
    setup("gru", dtype="float32") + "y = mx.nd.RNN(x, p, s, mx.nd.array([3, 1]), state_size=3, num_layers=1, "
    "mode='gru', use_sequence_length=True); result = " + rounded("y", 3): _F32,
}

CASES = FORWARD + FORWARD32 + GRADIENTS + PROJECTION + CALLS + SEQUENCE_LENGTH + list(DELIBERATE)
