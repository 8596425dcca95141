"""Basic neural-network operators: FullyConnected, Activation, LeakyReLU, SoftmaxActivation, Dropout, Embedding.

MXNet 1.x rules kept here (src/operator/nn/fully_connected-inl.h, activation-inl.h,
leaky_relu-inl.h, softmax_activation-inl.h, dropout-inl.h, tensor/indexing_op.h):

- optional inputs (FullyConnected's ``bias``, LeakyReLU's ``gamma``) are the builder's
  ``"bias?"`` inputs, so ``FullyConnected(x, w, b, 4)`` and
  ``FullyConnected(x, w, no_bias=True, num_hidden=4)`` bind as in MXNet; the op checks
  the input count that ``no_bias`` / ``act_type`` imply ("expects 3 inputs, but got 2");
- ``flatten=True`` multiplies ``data.reshape(N, -1)``; ``flatten=False`` the last axis;
- LeakyReLU ``rrelu`` returns two arrays (output and the slopes used), random slopes in
  training, ``(lower_bound + upper_bound) / 2`` in predict mode; its predict-mode gradient is
  MXNet's ``head * (x > 0 ? 1 : output)``, not the slope (training: the slope);
- Dropout acts in training (``autograd.is_training()``) or with ``mode='always'``; kept
  elements are scaled by ``1/(1-p)``, ``axes`` share one mask value along those axes;
  the mask comes from ``mxnd.random.generator`` so ``mx.random.seed`` repeats it;
- SoftmaxActivation 'instance' normalizes the last axis (``FlatTo2D``), 'channel' axis 1;
  the backward always sums over axis 1 (for 3-D+ 'instance' data too, as MXNet);
- Embedding truncates float indices toward zero and clips them to ``[0, input_dim-1]``;
  the output has the weight's dtype.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ... import dtypes
from ...integer_variables import RecordedFunction
from ...params import enum, parse_bool, parse_float, parse_int, parse_shape, dtype_enum
from ...random import generator
from ...recording import is_training
from ...registry import OpSpec, Param, declare

_FLOATS = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


def _count_inputs(op, given, expected):
    """MXNet's imperative check of the input count (the builder has checked the inputs' devices)."""
    if given != expected:
        raise ValueError(f"Check failed: num_inputs == infered_num_inputs ({given} vs. {expected}) : "
                         f"Operator {op} expects {expected} inputs, but got {given} instead.")


def _parse_optional_bool(value):
    return None if value is None or value == "None" else parse_bool(value)


# ---- FullyConnected -----------------------------------------------------------------------

def _fully_connected(data, weight, bias, *, num_hidden, no_bias, flatten):
    # the common call runs F.linear first (it rejects mismatched inner sizes and dtypes itself)
    # and checks the rest on its result in one condition: each read counts, as the call runs
    # right after the previous step's large kernels, with cold caches; _fc_checks says what is wrong
    if flatten and data.dim() != 2:
        data = data.reshape(data.shape[0], -1)  # a 1-D input is (N, 1)
    try:
        result = F.linear(data, weight, bias)
    except RuntimeError:
        _fc_checks(data, weight, bias, num_hidden, no_bias)
        raise
    if (result.shape[-1] != num_hidden or (bias is None) is not no_bias or result.dtype not in _FLOATS
            or (bias is not None and bias.shape != weight.shape[:1])):
        _fc_checks(data, weight, bias, num_hidden, no_bias)
    return result


def _fc_checks(data, weight, bias, num_hidden, no_bias):
    """FullyConnected's input checks in MXNet's order, with its messages (called when one fails;
    ``data`` is flattened once the count and dtype checks pass)."""
    _count_inputs("FullyConnected", 2 if bias is None else 3, 2 if no_bias else 3)
    dtype = data.dtype
    if dtype not in _FLOATS:
        raise TypeError(f"Unsupported type {dtypes.name_of(dtype)}")  # MXNET_TYPE_SWITCH over real types
    if weight.shape != (num_hidden, data.shape[-1]):
        raise ValueError(f"Shape inconsistent, Provided = {list(weight.shape)}, "
                         f"inferred shape={(num_hidden, data.shape[-1])}")
    if bias is not None and bias.shape != (num_hidden,):
        raise ValueError(f"Unexpected shape for bias {list(bias.shape)}")
    for position, tensor in ((1, weight), (2, bias)):
        if tensor is not None and tensor.dtype is not dtype:
            raise TypeError(f"Incompatible attr in node at {position}-th input: expected "
                            f"{dtypes.name_of(dtype)}, got {dtypes.name_of(tensor.dtype)}")


# ---- Activation, LeakyReLU ----------------------------------------------------------------

_ACTIVATIONS = {  # activation-inl.h; softrelu switches to the identity above 20 as torch's softplus
    "relu": torch.relu,
    "sigmoid": torch.sigmoid,
    "tanh": torch.tanh,
    "softrelu": F.softplus,
    "softsign": F.softsign,
}


def _real(data):
    """Activation and LeakyReLU reject integer arrays (MXNET_REAL_TYPE_SWITCH)."""
    if data.dtype not in _FLOATS:
        raise TypeError(f"This operation only support floating point types, not {dtypes.name_of(data.dtype)}")


def _activation(data, *, act_type):
    _real(data)
    return _ACTIVATIONS[act_type](data)


def _prelu(data, gamma):
    """x > 0 ? x : gamma * x, gamma of one element, of the channel axis (1) or of data's shape."""
    if gamma.numel() == 1 or (gamma.dim() == 1 and data.dim() > 1 and gamma.shape[0] == data.shape[1]):
        return F.prelu(data, gamma.reshape(-1))
    if gamma.shape == data.shape:
        return torch.where(data > 0, data, gamma * data)
    raise ValueError(f"LeakyReLU: gamma of shape {list(gamma.shape)} does not fit data of shape "
                     f"{list(data.shape)} (expected (1,), ({data.shape[1] if data.dim() > 1 else 1},) "
                     f"or the data's shape)")


class _RReLU(RecordedFunction):
    """x > 0 ? x : slopes * x, whose backward is MXNet's: head * (x > 0 ? 1 : output). Its
    _backward_LeakyReLU gets two head gradients (output and mask) yet reads one, so the
    tensor it takes for the mask is the output (leaky_relu.cc, ElemwiseGradUseInOut)."""

    @staticmethod
    def forward(ctx, data, slopes):
        out = torch.where(data > 0, data, slopes * data)
        ctx.save_for_backward(data, out)
        return out

    @staticmethod
    def backward(ctx, head):
        data, out = ctx.saved_tensors
        return head * torch.where(data > 0, torch.ones_like(out), out), None


def _rrelu(data, lower_bound, upper_bound):
    """(output, slopes): random slopes in [lower, upper) in training, their mean in predict mode.
    Training has the true gradient (the slope; MXNet 1.9.1's CPU build crashes there); predict
    mode MXNet's (``_RReLU``)."""
    if is_training():
        slopes = torch.empty_like(data, requires_grad=False)
        slopes.uniform_(lower_bound, upper_bound, generator=generator(data.device))
        return torch.where(data > 0, data, slopes * data), slopes
    # MXNet leaves the second output unwritten here; mxnd returns the slope used
    slopes = torch.full_like(data, (lower_bound + upper_bound) / 2, requires_grad=False)
    return _RReLU.apply(data, slopes), slopes


def _leaky_relu(data, gamma, *, act_type, slope, lower_bound, upper_bound):
    _count_inputs("LeakyReLU", 1 if gamma is None else 2, 2 if act_type == "prelu" else 1)
    _real(data)
    if act_type == "prelu":
        return _prelu(data, gamma)
    if act_type == "rrelu":
        return _rrelu(data, lower_bound, upper_bound)
    if act_type == "leaky":
        return F.leaky_relu(data, slope)
    if act_type == "elu":
        return F.elu(data, slope)
    if act_type == "selu":
        return F.selu(data)
    return F.gelu(data)  # MXNet 1.9.1's gelu is the erf form (mshadow_op.h)


# ---- SoftmaxActivation ----------------------------------------------------------------------

class _InstanceSoftmax(RecordedFunction):
    """'instance' softmax of 3-D+ data: forward over the last axis (``FlatTo2D``), backward
    over axis 1, as MXNet's SoftmaxActivationGradCompute does for both modes."""

    @staticmethod
    def forward(ctx, data):
        out = torch.softmax(data, -1)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, head):
        (out,) = ctx.saved_tensors
        return torch._softmax_backward_data(head, out, 1, out.dtype)  # out * (head - sum_1(head * out))


def _softmax_activation(data, *, mode):
    if mode == "channel":
        if data.dim() < 3:
            raise ValueError(f"Check failed: in_data.ndim() >= 3 ({data.dim()} vs. 3) : "
                             "Input need to have a least 3 dimensions when mode=channel")
        return torch.softmax(data, 1)
    if data.dim() > 2 and data.requires_grad:
        return _InstanceSoftmax.apply(data)
    return torch.softmax(data, -1)  # 'instance' reads the data FlatTo2D: the last axis


# ---- Dropout ----------------------------------------------------------------------------------

def _dropout(data, *, p, mode, axes, cudnn_off):
    if not 0 <= p <= 1:  # DMLC_DECLARE_FIELD(p).set_range(0, 1)
        raise ValueError(f"p: Fraction of the input that gets dropped out during training time., "
                         f"in operator Dropout(p=\"{p}\")")
    ndim = data.dim()
    for axis in axes:
        if not 0 <= axis < ndim:
            raise ValueError(f"Check failed: i >= 0 && i < ndim(): index = {axis} must be in range [0, {ndim})")
    if not (mode == "always" or is_training()) or p == 0:
        return data.clone()
    shape = list(data.shape)
    for axis in axes:  # variational dropout: one mask value along each of ``axes``
        shape[axis] = 1
    keep = 1.0 - p
    mask = torch.empty(shape, dtype=data.dtype, device=data.device)
    mask.bernoulli_(keep, generator=generator(data.device))
    return data * mask.mul_(1.0 / keep if keep else float("inf"))  # p=1: 0*inf, NaN as MXNet


# ---- Embedding --------------------------------------------------------------------------------

def _embedding(data, weight, *, input_dim, output_dim, dtype, sparse_grad):
    if tuple(weight.shape) != (input_dim, output_dim):
        raise ValueError(f"Shape inconsistent, Provided = {list(weight.shape)}, "
                         f"inferred shape=({input_dim},{output_dim})")
    indices = data.detach().to(torch.int64).clamp(0, input_dim - 1)  # TakeCPU with clip (int64 data: not in place)
    # sparse_grad: the weight's gradient is a sparse COO row gradient (row_sparse in MXNet)
    return F.embedding(indices, weight, sparse=bool(sparse_grad))


_ACT_PARAM = Param("act_type", enum(*_ACTIVATIONS), doc="Activation function to be applied.")

OPS = declare([
    OpSpec("FullyConnected", _fully_connected, inputs=("data", "weight", "bias?"), params=(
        Param("num_hidden", parse_int, doc="Number of hidden nodes of the output."),
        Param("no_bias", parse_bool, False, "Whether to disable bias parameter."),
        Param("flatten", parse_bool, True, "Whether to collapse all but the first axis of the input data tensor."),
    ), differentiable=True, family="nn_basic", doc="Applies a linear transformation: Y = XW^T + b."),
    OpSpec("Activation", _activation, params=(_ACT_PARAM,), differentiable=True, family="nn_basic",
           doc="Applies an activation function element-wise to the input."),
    OpSpec("LeakyReLU", _leaky_relu, inputs=("data", "gamma?"), params=(
        Param("act_type", enum("elu", "gelu", "leaky", "prelu", "rrelu", "selu"), "leaky",
              "Activation function to be applied."),
        Param("slope", parse_float, 0.25, "Init slope for the activation. (For leaky and elu only)"),
        Param("lower_bound", parse_float, 0.125, "Lower bound of random slope. (For rrelu only)"),
        Param("upper_bound", parse_float, 0.334, "Upper bound of random slope. (For rrelu only)"),
    ), differentiable=True, family="nn_basic",
        doc="Applies Leaky rectified linear unit activation element-wise to the input."),
    OpSpec("SoftmaxActivation", _softmax_activation, params=(
        Param("mode", enum("channel", "instance"), "instance", "Specifies how to compute the softmax."),
    ), differentiable=True, family="nn_basic", doc="Applies softmax activation to input."),
    OpSpec("Dropout", _dropout, params=(
        Param("p", parse_float, 0.5, "Fraction of the input that gets dropped out during training time."),
        Param("mode", enum("always", "training"), "training",
              "Whether to only turn on dropout during training or to also turn on for inference."),
        Param("axes", parse_shape, (), "Axes for variational dropout kernel."),
        Param("cudnn_off", _parse_optional_bool, False, "Whether to turn off cudnn in dropout operator."),
    ), family="nn_basic", doc="Applies dropout operation to input array."),  # random: gradient in test_nn_basic
    OpSpec("Embedding", _embedding, inputs=("data", "weight"), params=(
        Param("input_dim", parse_int, doc="Vocabulary size of the input indices."),
        Param("output_dim", parse_int, doc="Dimension of the embedding vectors."),
        Param("dtype", dtype_enum("bfloat16", "float16", "float32", "float64", "int32", "int64", "int8", "uint8",
                                  optional=False), "float32", "Data type of weight."),
        Param("sparse_grad", parse_bool, False, "Compute row sparse gradient in the backward calculation."),
    ), differentiable=True, family="nn_basic", doc="Maps integer indices to vector representations (embeddings)."),
])
