"""Neural-network operators of the rnn family (issue 5): MXNet's fused ``RNN`` operator.

``RNN(data, parameters, state[, state_cell][, sequence_length], state_size=, num_layers=, mode=)``
runs torch's fused recurrent kernels (``torch._VF.rnn_tanh / rnn_relu / lstm / gru``) on
weights that are views of slices of MXNet's flat ``parameters`` vector, so gradients flow
back into it. MXNet's flat layout (src/operator/rnn_impl.h): first every weight, for each
layer and each direction ``W_i2h (gates*H, in)``, ``W_h2h (gates*H, P or H)`` and, with
``projection_size``, ``W_h2r (P, H)``; then every bias, for each layer and direction
``b_i2h (gates*H,)``, ``b_h2h (gates*H,)``. The gate order is torch's: LSTM ``i, f, g, o``,
GRU ``r, z, n`` with ``n = tanh(W_in x + b_in + r * (W_hn h + b_hn))``.

The inputs are variadic (``*args``) because which of them exist depends on the params, as
in MXNet: ``state_cell`` only for ``mode='lstm'``, ``sequence_length`` only with
``use_sequence_length=True``; the body splits them and checks their count.
"""
from __future__ import annotations

import math
import warnings

import torch

from ...errors import MXNetError
from ...params import enum, parse_bool, parse_float, parse_int, parse_optional_int
from ...recording import FLAGS
from ...registry import OpSpec, Param, declare

__all__ = ["RNN_OPS"]

_GATES = {"rnn_relu": 1, "rnn_tanh": 1, "lstm": 4, "gru": 3}
_KERNELS = {"rnn_relu": "rnn_relu", "rnn_tanh": "rnn_tanh", "gru": "gru"}
_DTYPE_NAMES = {torch.float32: "float32", torch.float64: "float64", torch.float16: "float16",
                torch.bfloat16: "bfloat16", torch.int32: "int32", torch.int64: "int64",
                torch.int8: "int8", torch.uint8: "uint8", torch.bool: "bool"}


# cuDNN wants the weights in one buffer of its own layout, and MXNet's flat vector has another, so
# torch compacts them at every call on a GPU (one copy, as MXNet's GPU RNN repacks its parameters)
# and warns about it; that warning speaks of torch.nn modules, not of this operator
warnings.filterwarnings("ignore", message="RNN module weights are not part of single contiguous chunk",
                        category=UserWarning, module=__name__.replace(".", r"\."))


def _parse_optional_float(value):
    if value is None or (isinstance(value, str) and value.strip() == "None"):
        return None
    return parse_float(value)


def _parse_rate(value) -> float:
    """MXNet's ``p``: a float in [0, 1]."""
    rate = parse_float(value)
    if not 0.0 <= rate <= 1.0:
        raise MXNetError(f"value {value} for Parameter p exceed bound [0,1]")
    return rate


def _parse_count(value) -> int:
    """An int (non-negative), as MXNet's ``state_size`` and ``num_layers``."""
    count = parse_int(value)
    if count < 0:
        raise MXNetError(f"Invalid Parameter format: value {value} should be non-negative")
    return count


def _shape_text(shape) -> str:
    return "(" + ",".join(str(int(s)) for s in shape) + ("," if len(shape) == 1 else "") + ")"


def _check_shape(tensor, expected):
    if tuple(tensor.shape) != tuple(expected):
        raise MXNetError(f"RNN: Shape inconsistent, Provided = [{','.join(str(s) for s in tensor.shape)}], "
                         f"inferred shape={_shape_text(expected)}")


def _param_size(num_layers, input_size, state_size, directions, gates, projection):
    """MXNet's ``GetRnnParamSize``."""
    layer = projection or state_size
    size = gates * state_size * directions
    first = (input_size + layer + 2) * size
    other = (layer * directions + layer + 2) * size
    total = first + (num_layers - 1) * other
    if projection:
        total += projection * state_size * num_layers * directions
    return total


def _flat_weights(params, num_layers, directions, input_size, state_size, gates, projection):
    """torch's per-layer weight list (w_ih, w_hh, b_ih, b_hh[, w_hr]) as views of ``params``.

    One ``split`` makes the views, so backward assembles the flat gradient with a single
    concatenation (slicing each view apart cost a zero-filled full-size tensor per view).
    """
    hidden = gates * state_size
    layer = projection or state_size
    matrices = []  # MXNet's order: every layer's matrices, then every layer's biases
    for index in range(num_layers):
        width = input_size if index == 0 else layer * directions
        for _ in range(directions):
            matrices.append([(hidden, width), (hidden, layer)] + ([(projection, state_size)] if projection else []))
    shapes = [shape for group in matrices for shape in group] + [(hidden,)] * (2 * len(matrices))
    counts = [math.prod(shape) for shape in shapes]
    # split_with_sizes directly (Tensor.split is a Python wrapper); biases are 1-D pieces as they come
    rest = params.numel() - sum(counts)
    pieces = params.split_with_sizes(counts + [rest] if rest else counts)
    views = iter([piece if len(shape) == 1 else piece.view(shape) for piece, shape in zip(pieces, shapes)])
    groups = [[next(views) for _ in group] for group in matrices]
    weights = []
    for w_ih, w_hh, *w_hr in groups:
        b_ih, b_hh = next(views), next(views)
        weights += [w_ih, w_hh, b_ih, b_hh] + w_hr
    return weights


def _rnn(*arrays, state_size, num_layers, mode, bidirectional, p, state_outputs, projection_size,
         lstm_state_clip_min, lstm_state_clip_max, lstm_state_clip_nan, use_sequence_length):
    lstm = mode == "lstm"
    expected = 3 + lstm + use_sequence_length
    if len(arrays) != expected:
        raise MXNetError(f"RNN: Check failed: num_inputs == infered_num_inputs ({len(arrays)} vs. {expected}) : "
                         f"Operator RNN expects {expected} inputs, but got {len(arrays)} instead.")
    data, params, state = arrays[:3]
    cell = arrays[3] if lstm else None
    lengths = arrays[-1] if use_sequence_length else None
    names = ("data", "parameters", "state", "state_cell")
    dtype = data.dtype
    for name, tensor in zip(names, arrays[:3 + lstm]):
        if tensor.dtype is not dtype:
            raise MXNetError(f"RNN: Check failed: (*in_type)[i] == dtype : This layer requires uniform type. "
                             f"Expected '{_DTYPE_NAMES.get(dtype, dtype)}' v.s. given "
                             f"'{_DTYPE_NAMES.get(tensor.dtype, tensor.dtype)}' at '{name}'")
    if data.dim() != 3:
        raise MXNetError(f"RNN: Check failed: dshape.ndim() == 3U ({data.dim()} vs. 3) : Input data should be "
                         "rank-3 tensor of dim [sequence length, batch size, input size]")
    steps, batch, input_size = data.shape
    directions = 2 if bidirectional else 1
    layer = projection_size if projection_size is not None else state_size
    _check_shape(state, (directions * num_layers, batch, layer))
    if lstm:
        _check_shape(cell, (directions * num_layers, batch, state_size))
    gates = _GATES[mode]
    _check_shape(params, (_param_size(num_layers, input_size, state_size, directions, gates, projection_size),))
    if lengths is not None:
        _check_shape(lengths, (batch,))
    if not dtype.is_floating_point:
        raise MXNetError(f"RNN: This operation only support floating point types, not {_DTYPE_NAMES.get(dtype, dtype)}")
    if dtype not in (torch.float32, torch.float64) and (data.is_cpu or dtype is not torch.float16):
        where = "on CPU (MXNet: FP16 gemm on cpu not implemented!)" if data.is_cpu else "(cuDNN: float16, 32, 64)"
        raise MXNetError(f"RNN: {_DTYPE_NAMES.get(dtype, dtype)} is not supported {where}")
    if projection_size is not None:
        if not lstm:
            raise MXNetError("RNN: Projection is only supported for LSTM.")
        if not 0 < projection_size < state_size:
            raise MXNetError("RNN: State size must be larger than projection size.")
    clip = _state_clip(mode, lstm_state_clip_min, lstm_state_clip_max, lstm_state_clip_nan)
    if num_layers == 0 or state_size == 0:
        raise MXNetError("RNN: num_layers and state_size must be positive")

    weights = _flat_weights(params, num_layers, directions, input_size, state_size, gates, projection_size)
    training = FLAGS.get().training and p > 0
    if clip is not None:
        return _clipped_lstm(data, state, cell, lengths, weights, num_layers, directions, float(p), training,
                             clip, state_outputs)
    if lengths is not None:
        return _packed(data, state, cell, lengths, weights, mode, num_layers, float(p), training,
                       bidirectional, state_outputs)
    if lstm:
        output, hy, cy = torch._VF.lstm(data, (state, cell), weights, True, num_layers, float(p), training,
                                        bidirectional, False)
        return (output, hy, cy) if state_outputs else output
    kernel = getattr(torch._VF, _KERNELS[mode])
    output, hy = kernel(data, state, weights, True, num_layers, float(p), training, bidirectional, False)
    return (output, hy) if state_outputs else output


def _state_clip(mode, low, high, clip_nan):
    """``(low, high, clip_nan)`` for cuDNN's LSTM cell-state clipping, or None (MXNet's GPU checks)."""
    if low is None and high is None:
        return None
    if mode != "lstm":
        raise MXNetError("RNN: State clipping is only supported for LSTM.")
    if low is None or high is None:
        raise MXNetError("RNN: lstm_state_clip_min and lstm_state_clip_max must be specified together.")
    if not high >= low:
        raise MXNetError("RNN: lstm_state_clip_max must be greater or equal to lstm_state_clip_min")
    return low, high, clip_nan


def _clipped_lstm(data, state, cell, lengths, weights, num_layers, directions, p, training, clip, state_outputs):
    """LSTM with cuDNN's cell-state clipping (``lstm_state_clip_min/max``): after every step the cell
    state is clamped to [min, max] before ``h = o * tanh(c)``; with ``lstm_state_clip_nan`` a NaN
    cell becomes ``min`` (fmin/fmax, which do not propagate NaN). A step loop over torch ops.
    """
    low, high, clip_nan = clip
    steps = data.shape[0]
    if lengths is not None:
        counts = _lengths(lengths, steps)
        live = torch.arange(steps, device=data.device).unsqueeze(1) < counts.to(data.device).unsqueeze(0)
    else:
        counts, live = None, None
    per_layer = len(weights) // (num_layers * directions)
    layer_input, finals_h, finals_c = data, [], []
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            index = layer * directions + direction
            w_ih, w_hh, b_ih, b_hh, *w_hr = weights[index * per_layer:(index + 1) * per_layer]
            sequence = layer_input if direction == 0 else _reverse(layer_input, counts)
            gates_x = torch.nn.functional.linear(sequence, w_ih, b_ih)
            h, c, out = state[index], cell[index], []
            for t in range(steps):
                gates = gates_x[t] + torch.nn.functional.linear(h, w_hh, b_hh)
                i, f, g, o = gates.chunk(4, dim=1)
                c_new = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
                if clip_nan:
                    c_new = torch.fmin(torch.fmax(c_new, c_new.new_tensor(low)), c_new.new_tensor(high))
                else:
                    c_new = c_new.clamp(low, high)
                h_new = torch.sigmoid(o) * torch.tanh(c_new)
                if w_hr:
                    h_new = torch.nn.functional.linear(h_new, w_hr[0])
                if live is not None:
                    step_live = live[t].unsqueeze(1)
                    h_new = torch.where(step_live, h_new, h)
                    c_new = torch.where(step_live, c_new, c)
                    out.append(torch.where(step_live, h_new, torch.zeros_like(h_new)))
                else:
                    out.append(h_new)
                h, c = h_new, c_new
            out = torch.stack(out)
            outputs.append(out if direction == 0 else _reverse(out, counts))
            finals_h.append(h)
            finals_c.append(c)
        layer_input = torch.cat(outputs, dim=2) if directions == 2 else outputs[0]
        if training and layer < num_layers - 1:
            layer_input = torch.nn.functional.dropout(layer_input, p, True)
    if not state_outputs:
        return layer_input
    return layer_input, torch.stack(finals_h), torch.stack(finals_c)


def _reverse(sequence, counts):
    """Time-reverse each batch element's valid steps (all steps without lengths)."""
    if counts is None:
        return sequence.flip(0)
    steps = sequence.shape[0]
    t = torch.arange(steps).unsqueeze(1)
    index = torch.where(t < counts.unsqueeze(0), counts.unsqueeze(0) - 1 - t, t).to(sequence.device)
    return sequence.gather(0, index.unsqueeze(2).expand(-1, -1, sequence.shape[2]))


def _lengths(lengths, steps):
    """Sequence lengths as int64 on the CPU, checked to lie in [1, steps]."""
    counts = lengths.detach().to("cpu")
    if counts.is_floating_point():
        counts = counts.trunc()
    counts = counts.to(torch.int64)
    if counts.numel() and (int(counts.min()) < 1 or int(counts.max()) > steps):
        raise MXNetError(f"RNN: sequence_length values must be in [1, {steps}], got {counts.tolist()}")
    return counts


def _packed(data, state, cell, lengths, weights, mode, num_layers, p, training, bidirectional, state_outputs):
    """``use_sequence_length``: cuDNN's semantics (MXNet on GPU), with torch's packed kernels.

    Batch element ``n`` sees only its first ``lengths[n]`` steps (the reverse direction starts
    at its last valid step); later output steps are 0 and the final states are those of the
    last valid step.
    """
    steps = data.shape[0]
    counts = _lengths(lengths, steps)
    pack = torch.nn.utils.rnn.pack_padded_sequence(data, counts, enforce_sorted=False)
    order, restore = pack.sorted_indices, pack.unsorted_indices
    state = state.index_select(1, order)
    if mode == "lstm":
        cell = cell.index_select(1, order)
        output, hy, cy = torch._VF.lstm(pack.data, pack.batch_sizes, (state, cell), weights, True, num_layers,
                                        p, training, bidirectional)
        finals = (hy.index_select(1, restore), cy.index_select(1, restore))
    else:
        kernel = getattr(torch._VF, _KERNELS[mode])
        output, hy = kernel(pack.data, pack.batch_sizes, state, weights, True, num_layers, p, training,
                            bidirectional)
        finals = (hy.index_select(1, restore),)
    packed = torch.nn.utils.rnn.PackedSequence(output, pack.batch_sizes, order, restore)
    output = torch.nn.utils.rnn.pad_packed_sequence(packed, total_length=steps)[0]
    return (output,) + finals if state_outputs else output


_DOC = ("Applies recurrent layers to input data (vanilla RNN with relu/tanh, LSTM, GRU), multi-layer and "
        "bidirectional. Inputs, in order: data (T, N, C), parameters (the flat vector of all weights then all "
        "biases), state (layers*directions, N, H), state_cell (only for mode='lstm'), sequence_length (only "
        "with use_sequence_length=True). Returns the output (T, N, directions*H) and, with state_outputs, the "
        "final hidden state (and cell state for LSTM).")

RNN_OPS = declare([
    OpSpec("RNN", _rnn, inputs=("*args",), differentiable=True, family="rnn", doc=_DOC,
           keyword_inputs=("data", "parameters", "state", "state_cell", "sequence_length"), params=(
        Param("state_size", _parse_count, doc="size of the state for each layer"),
        Param("num_layers", _parse_count, doc="number of stacked layers"),
        Param("bidirectional", parse_bool, False, "whether to use bidirectional recurrent layers"),
        Param("mode", enum("gru", "lstm", "rnn_relu", "rnn_tanh"), doc="the type of RNN to compute"),
        Param("p", _parse_rate, 0.0, "drop rate of the dropout on the outputs of each RNN layer, except the last"),
        Param("state_outputs", parse_bool, False, "Whether to have the states as outputs."),
        Param("projection_size", parse_optional_int, None, "size of project size (LSTM only)"),
        Param("lstm_state_clip_min", _parse_optional_float, None, "Minimum clip value of LSTM states"),
        Param("lstm_state_clip_max", _parse_optional_float, None, "Maximum clip value of LSTM states"),
        Param("lstm_state_clip_nan", parse_bool, False, "Whether to stop NaN from propagating in state"),
        Param("use_sequence_length", parse_bool, False,
              "If set to true, this layer takes in an extra input parameter `sequence_length`"),
    )),
])
