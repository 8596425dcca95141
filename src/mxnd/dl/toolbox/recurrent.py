"""Recurrent layers as functions: lstm and gru on the 'C', 'B', 'T' dims.

MATLAB's stacked weights (4H x inputSize, [input; forget; cell candidate; output] for lstm;
3H x inputSize, [reset; update; candidate] for gru) are laid out as MXNet's flat RNN parameter
vector and run by mx.nd.RNN's body (torch's fused kernels). Non-default activations and gru's
'before-multiplication' reset mode, which no fused kernel has, run a step loop.

>>> import numpy as np
>>> from mxnd import dl
>>> x = dl.dlarray(np.ones((3, 2, 4), np.float32), 'CBT')
>>> y, h, c = dl.lstm(x, np.zeros((5, 2)), np.zeros((5, 2)), np.zeros((20, 3)), np.zeros((20, 5)),
...                   np.zeros(20), return_state=True)
>>> y.fmt, y.shape, h.fmt, h.shape
('CBT', (5, 2, 4), 'CB', (5, 2))
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ...registry import REGISTRY
from .._core import make
from ._common import check_choice, options, output, take, tensor_of

__all__ = ["lstm", "gru"]

_RNN = REGISTRY["RNN"].impl
_STATE = {"tanh": torch.tanh, "softsign": F.softsign, "relu": torch.relu}
_GATE = {"sigmoid": torch.sigmoid, "hard-sigmoid": lambda v: (0.2 * v + 0.5).clamp(0, 1)}


def _sequence(inp, where):
    """(T, B, C) view of the input and a function giving the output its layout back."""
    data, fmt = inp.data, inp.fmt
    if "C" not in fmt:
        raise ValueError(f"{where}: the input must have a 'C' (channel) dimension, got format '{fmt}'")
    extra = [i for i, c in enumerate(fmt) if c not in "CBT" and data.shape[i] != 1]
    if extra:
        raise ValueError(f"{where}: the input may have only 'C', 'B' and 'T' dimensions, got format '{fmt}' "
                         f"with shape {tuple(data.shape)}")
    keep = [i for i, c in enumerate(fmt) if c in "CBT"]
    core = data.reshape([data.shape[i] for i in keep])
    core_fmt = "".join(fmt[i] for i in keep)
    order = [core_fmt.index(c) for c in "TBC" if c in core_fmt]
    seq = core.permute(order)
    if "B" not in core_fmt:
        seq = seq.unsqueeze(-2)
    if "T" not in core_fmt:
        seq = seq.unsqueeze(0)

    def restore(out):  # (T, B, H) -> the input's layout with C = H
        if "T" not in core_fmt:
            out = out.squeeze(0)
        if "B" not in core_fmt:
            out = out.squeeze(-2)
        inverse = [0] * len(order)
        for position, source in enumerate(order):
            inverse[source] = position
        out = out.permute(inverse)
        return out.reshape([out.shape[keep.index(i)] if i in keep else 1 for i in range(data.dim())]), fmt
    return seq, restore, "B" in core_fmt


def _state(value, hidden, batch, like, where, name):
    state = tensor_of(value, where, like, name)
    if state.numel() == hidden and batch != 1:
        state = state.reshape(hidden, 1).expand(hidden, batch)
    if state.numel() != hidden * batch:
        raise ValueError(f"{where}: {name} must be numHiddenUnits x numObservations ({hidden} x {batch}), got "
                         f"{tuple(state.shape)}")
    return state.reshape(hidden, batch).t().unsqueeze(0)  # (1, B, H)


def _weights(weights, recurrent, bias, gates, like, where, bias_count=None):
    w = tensor_of(weights, where, like, "weights")
    r = tensor_of(recurrent, where, like, "recurrentWeights")
    if r.dim() != 2 or r.shape[0] != gates * r.shape[1]:
        raise ValueError(f"{where}: recurrentWeights must be {gates}H x H, got {tuple(r.shape)}")
    hidden = r.shape[1]
    if w.dim() != 2 or w.shape[0] != gates * hidden or w.shape[1] != like.shape[-1]:
        raise ValueError(f"{where}: weights must be {gates}H x inputSize = {gates * hidden} x {like.shape[-1]}, "
                         f"got {tuple(w.shape)}")
    b = tensor_of(bias, where, like, "bias").reshape(-1)
    expected = bias_count or gates * hidden
    if b.numel() != expected:
        raise ValueError(f"{where}: bias must have {expected} elements, got {b.numel()}")
    return w, r, b, hidden


def _states_out(h, restore_fmt, batched, formatted, extra=()):
    outs = []
    for state in (h,) + tuple(extra):
        state = state.squeeze(0).t()  # (H, B)
        if formatted:
            outs.append(make(state if batched else state.reshape(-1, 1), "CB" if batched else "CU"))
        else:
            outs.append(make(state, ""))
    return outs


def lstm(x, h0, c0, weights, recurrent_weights, bias, *, return_state=False, **kwargs):
    """MATLAB ``[Y, hiddenState, cellState] = lstm(X, H0, C0, weights, recurrentWeights, bias)``.

    ``x`` has 'C', 'B' (optional) and 'T' dims; ``h0``/``c0`` are H x B. Options
    ``state_activation_function`` ('tanh' | 'softsign' | 'relu'), ``gate_activation_function``
    ('sigmoid' | 'hard-sigmoid'), ``data_format``. ``return_state=True`` also returns the final
    hidden and cell states ('CB').
    """
    o = options("lstm", kwargs, {"state_activation_function": "tanh", "gate_activation_function": "sigmoid",
                                 "data_format": None})
    state_fn = check_choice("lstm", "StateActivationFunction", o["state_activation_function"], tuple(_STATE))
    gate_fn = check_choice("lstm", "GateActivationFunction", o["gate_activation_function"], tuple(_GATE))
    inp = take(x, o["data_format"], "lstm")
    seq, restore, batched = _sequence(inp, "lstm")
    w, r, b, hidden = _weights(weights, recurrent_weights, bias, 4, seq, "lstm")
    batch = seq.shape[1]
    h = _state(h0, hidden, batch, seq, "lstm", "H0")
    c = _state(c0, hidden, batch, seq, "lstm", "C0")
    if state_fn == "tanh" and gate_fn == "sigmoid" and seq.dtype in (torch.float32, torch.float64):
        params = torch.cat([w.reshape(-1), r.reshape(-1), b, b.new_zeros(b.shape)])
        y, hn, cn = _RNN(seq.contiguous(), params, h.contiguous(), c.contiguous(), state_size=hidden, num_layers=1,
                         mode="lstm", bidirectional=False, p=0.0, state_outputs=True, projection_size=None,
                         lstm_state_clip_min=None, lstm_state_clip_max=None, lstm_state_clip_nan=False,
                         use_sequence_length=False)
    else:
        act, gate = _STATE[state_fn], _GATE[gate_fn]
        gates_x = F.linear(seq, w, b)
        hn, cn, steps = h[0], c[0], []
        for t in range(seq.shape[0]):
            i, f, g, o_ = (gates_x[t] + F.linear(hn, r)).chunk(4, dim=-1)
            cn = gate(f) * cn + gate(i) * act(g)
            hn = gate(o_) * act(cn)
            steps.append(hn)
        y, hn, cn = torch.stack(steps), hn.unsqueeze(0), cn.unsqueeze(0)
    data, fmt = restore(y)
    out = output(inp, data, fmt)
    if not return_state:
        return out
    return (out, *_states_out(hn, fmt, batched, inp.data_format is None, (cn,)))


_RESET = ("after-multiplication", "before-multiplication", "recurrent-bias-after-multiplication")


def gru(x, h0, weights, recurrent_weights, bias, *, return_state=False, **kwargs):
    """MATLAB ``[Y, hiddenState] = gru(X, H0, weights, recurrentWeights, bias)`` with gate order
    [reset; update; candidate] and ``h = (1 - z) * candidate + z * h_prev``.

    ``reset_gate_mode``: 'after-multiplication' (default; ``r * (R_h h)``), 'before-multiplication'
    (``R_h (r * h)``) or 'recurrent-bias-after-multiplication' (bias 6H: input then recurrent bias).

    >>> import numpy as np
    >>> from mxnd import dl
    >>> y = dl.gru(dl.dlarray(np.ones((2, 1, 3)), 'CBT'), np.zeros(4), np.zeros((12, 2)), np.zeros((12, 4)),
    ...            np.zeros(12))
    >>> y.fmt, y.shape
    ('CBT', (4, 1, 3))
    """
    o = options("gru", kwargs, {"reset_gate_mode": "after-multiplication", "data_format": None})
    mode = check_choice("gru", "ResetGateMode", o["reset_gate_mode"], _RESET)
    inp = take(x, o["data_format"], "gru")
    seq, restore, batched = _sequence(inp, "gru")
    rec = tensor_of(recurrent_weights, "gru", seq, "recurrentWeights")
    hidden = rec.shape[-1]
    w, r, b, hidden = _weights(weights, rec, bias, 3, seq, "gru",
                               6 * hidden if mode == "recurrent-bias-after-multiplication" else None)
    h = _state(h0, hidden, seq.shape[1], seq, "gru", "H0")
    b_input, b_recurrent = (b[:3 * hidden], b[3 * hidden:]) if b.numel() == 6 * hidden else (b, b.new_zeros(b.shape))
    if mode != "before-multiplication" and seq.dtype in (torch.float32, torch.float64):
        params = torch.cat([w.reshape(-1), r.reshape(-1), b_input, b_recurrent])
        y, hn = _RNN(seq.contiguous(), params, h.contiguous(), state_size=hidden, num_layers=1, mode="gru",
                     bidirectional=False, p=0.0, state_outputs=True, projection_size=None, lstm_state_clip_min=None,
                     lstm_state_clip_max=None, lstm_state_clip_nan=False, use_sequence_length=False)
    else:
        gates_x = F.linear(seq, w, b_input)
        r_rz, r_h = r[:2 * hidden], r[2 * hidden:]
        hn, steps = h[0], []
        for t in range(seq.shape[0]):
            x_r, x_z, x_h = gates_x[t].chunk(3, dim=-1)
            h_r, h_z = F.linear(hn, r_rz, b_recurrent[:2 * hidden]).chunk(2, dim=-1)
            reset, update = torch.sigmoid(x_r + h_r), torch.sigmoid(x_z + h_z)
            if mode == "before-multiplication":
                candidate = torch.tanh(x_h + F.linear(reset * hn, r_h))
            else:
                candidate = torch.tanh(x_h + reset * F.linear(hn, r_h, b_recurrent[2 * hidden:]))
            hn = (1 - update) * candidate + update * hn
            steps.append(hn)
        y, hn = torch.stack(steps), hn.unsqueeze(0)
    data, fmt = restore(y)
    out = output(inp, data, fmt)
    if not return_state:
        return out
    return (out, *_states_out(hn, fmt, batched, inp.data_format is None))
