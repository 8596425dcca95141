"""Normalization operators: BatchNorm (and its SyncBatchNorm / BatchNormWithReLU variants),
LayerNorm, InstanceNorm, GroupNorm, L2Normalization and LRN, on torch's fused kernels.

MXNet facts kept here (checked on MXNet 1.9.1, CPU):
- BatchNorm with ``fix_gamma`` (the default) uses 1 for ``gamma`` and gives it a zero
  gradient (MXNet's CPU kernel also writes 1 into gamma, unordered with later reads; mxnd
  leaves gamma alone). In training mode (``record()``/``train_mode()`` without
  ``use_global_stats``) it normalizes with the batch mean and biased variance, and updates
  ``moving_mean`` / ``moving_var`` in place during *backward* (batch_norm.cc,
  BatchNormBackwardImpl) with the biased batch variance:
  ``moving = moving * momentum + batch * (1 - momentum)``.
- ``output_mean_var`` adds the mean and the inverse standard deviation (BatchNorm), the
  biased variance (SyncBatchNorm in training; zeros in predict mode, where MXNet leaves the
  outputs unwritten) or the standard deviation ``sqrt(var + eps)`` (LayerNorm, GroupNorm);
  their gradients are ignored.
- GroupNorm's gamma and beta hold one value per group (group_norm-inl.h), not per channel.
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ...errors import MXNetError
from ...params import enum, parse_bool, parse_float, parse_int
from ...recording import is_training
from ...registry import OpSpec, Param, declare
from . import exact_sqrt
from .unary import zero_gradient

__all__ = ["NORMALIZATION"]


def _f32(value: float) -> float:
    """``value`` rounded to float32, as MXNet's ``float`` fields store it."""
    return float(torch.tensor(value, dtype=torch.float32))


_MOMENTUM = _f32(0.9)


def _eps(default):
    return Param("eps", parse_float, _f32(default), "Epsilon to prevent div 0.")


def _optional_float(value):
    return None if value is None or value == "None" else parse_float(value)


def _axis(op: str, axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise MXNetError(f"{op}: axis {axis} out of range for data of {ndim} dimensions")
    return axis % ndim


def _floating(data):
    if not data.dtype.is_floating_point:
        raise TypeError(f"This operation only support floating point types, not {str(data.dtype)[6:]}")


def _stats(inputs, *stats):
    """The mean/std outputs, kept in the graph with a zero gradient as MXNet's backward gives."""
    if not any(t.requires_grad for t in inputs):
        return stats
    return tuple(zero_gradient(lambda *_, s=s: s)(*inputs) for s in stats)


def _check_params(op: str, size: int, **tensors):
    for name, tensor in tensors.items():
        if tensor.shape != (size,):
            raise MXNetError(f"{op}: Shape inconsistent, {name} must have shape ({size},), "
                             f"got {tuple(tensor.shape)}")


# ---- BatchNorm ------------------------------------------------------------------------------

def _update_on_backward(out, moving_mean, moving_var, mean, invstd, eps, momentum):
    """Update the moving statistics when the gradient reaches ``out``, as MXNet's
    BatchNormBackwardImpl does (the forward pass leaves them alone): a tensor hook, which costs
    less than an autograd.Function around the output, and the variance is only derived then.
    ``moving = moving * momentum + batch * (1 - momentum)`` with the biased batch variance."""
    def update(_grad):
        with torch.no_grad():
            var = invstd.pow(-2) - eps  # INVSTD_TO_VARIANCE (batch_norm.cc)
            # both statistics in one multi-tensor launch per operation on a GPU (the host's loop
            # runs the same kernels as mul_ and add_ one tensor at a time: the same bits)
            moving = [moving_mean, moving_var]
            torch._foreach_mul_(moving, momentum)
            torch._foreach_add_(moving, [mean.to(moving_mean.dtype), var.to(moving_var.dtype)], alpha=1 - momentum)
    out.register_hook(update)


def _batch_norm(data, gamma, beta, moving_mean, moving_var, *, eps, momentum, fix_gamma,
                use_global_stats, output_mean_var, axis=1, relu=False, sync=False, v1=False, op="BatchNorm", **_):
    if v1 and data.ndim not in (2, 4):
        raise MXNetError(f"{op}: data must be (N, C) or (N, C, H, W), got shape {tuple(data.shape)}")
    ax = _axis(op, axis, data.ndim)
    channels = data.shape[ax]
    _check_params(op, channels, gamma=gamma, beta=beta, moving_mean=moving_mean, moving_var=moving_var)
    param_dtype = torch.float32 if data.dtype == torch.float16 else data.dtype
    if any(t.dtype != param_dtype for t in (gamma, beta, moving_mean, moving_var)):
        raise MXNetError(f"{op}: This layer requires uniform type. Expected "
                         f"parameters of the data's type ({param_dtype}, float32 for float16 data)")
    weight = None if fix_gamma else gamma  # MXNet also writes 1 into gamma, unordered: not kept
    # torch wants (N, C, ...): move the channel axis to 1 (1-d data is one sample of C channels)
    x = data.unsqueeze(0) if data.ndim == 1 else data.movedim(ax, 1) if ax != 1 else data
    if data.dtype == torch.float16:
        x = x.float()  # MXNet computes float16 data in float32 (AccReal)
    training = is_training() and not use_global_stats
    if training:
        out, mean, invstd = torch.native_batch_norm(x, weight, beta, None, None, True, 0.0, eps)
        if out.requires_grad:
            _update_on_backward(out, moving_mean, moving_var, mean.detach(), invstd.detach(), eps, momentum)
    else:
        mean, var = moving_mean.detach(), moving_var.detach()
        out = F.batch_norm(x, mean, var, weight, beta, False, 0.0, eps)
        invstd = torch.rsqrt(var + eps) if output_mean_var else None
    if relu:
        out = torch.relu(out)
    out = out.to(data.dtype)
    out = out.squeeze(0) if data.ndim == 1 else out.movedim(1, ax) if ax != 1 else out
    if not output_mean_var:
        return out
    mean, invstd = mean.detach().to(moving_mean.dtype), invstd.detach().to(moving_var.dtype)
    if sync:  # sync_batch_norm-inl.h: the batch mean and variance; nothing is written in predict mode
        invstd = invstd.pow(-2) - eps if training else torch.zeros_like(mean)
        mean = mean if training else torch.zeros_like(mean)
    elif v1:  # batch_norm_v1-inl.h: the batch (or moving) mean and variance
        invstd = invstd.pow(-2) - eps if training else moving_var.detach().clone()
    return (out,) + _stats((data, gamma, beta), mean, invstd)


_BN_COMMON = (
    _eps(1e-3),
    Param("momentum", parse_float, _MOMENTUM, "Momentum for moving average."),
    Param("fix_gamma", parse_bool, True, "Fix gamma to 1 (its gradient is 0)."),
    Param("use_global_stats", parse_bool, False, "Use the moving statistics instead of the batch's."),
    Param("output_mean_var", parse_bool, False, "Also output the mean and inverse std."),
)
_BN_PARAMS = _BN_COMMON + (
    Param("axis", parse_int, 1, "The channel axis."),
    Param("cudnn_off", parse_bool, False, "Do not use cuDNN (ignored)."),
    Param("min_calib_range", _optional_float, None, "Calibration minimum (quantization only)."),
    Param("max_calib_range", _optional_float, None, "Calibration maximum (quantization only)."),
)
_BN_INPUTS = ("data", "gamma", "beta", "moving_mean", "moving_var")


def _batch_norm_variant(name, doc, params=_BN_PARAMS, **fixed):
    def body(*tensors, **values):
        return _batch_norm(*tensors, **values, **fixed, op=name)
    return OpSpec(name, body, inputs=_BN_INPUTS, params=params, differentiable=True,
                  family="normalization", doc=doc)


# ---- LayerNorm, GroupNorm, InstanceNorm -------------------------------------------------------

def _layer_norm(data, gamma, beta, *, axis, eps, output_mean_var):
    _floating(data)
    ax = _axis("LayerNorm", axis, data.ndim)
    _check_params("LayerNorm", data.shape[ax], gamma=gamma, beta=beta)
    x, gamma, beta = _accumulate(data.movedim(ax, -1), gamma, beta)
    out, mean, rstd = torch.native_layer_norm(x, (x.shape[-1],), gamma, beta, eps)
    out = out.movedim(-1, ax).to(data.dtype)
    if not output_mean_var:
        return out
    return (out,) + _stats((data, gamma, beta), mean.detach().movedim(-1, ax).to(data.dtype),
                           rstd.detach().reciprocal().movedim(-1, ax).to(data.dtype))


def _accumulate(*tensors):
    """float16 tensors as float32: MXNet's kernels accumulate float16 in float (AccReal)."""
    return [t.float() if t.dtype == torch.float16 else t for t in tensors]


def _grouped(data, groups, eps):
    """``data`` (N, C, ...) normalized per (sample, group of channels); mean and std (N, G)."""
    n = data.shape[0]
    out, mean, rstd = torch.native_layer_norm(data.reshape(n, groups, -1), (data[0].numel() // groups,),
                                              None, None, eps)
    return out, mean.detach().squeeze(-1), rstd.detach().reciprocal().squeeze(-1)


def _group_norm(data, gamma, beta, *, num_groups, eps, output_mean_var):
    _floating(data)
    if data.ndim < 3 or num_groups < 1 or data.shape[1] % num_groups:  # MXNet crashes on 0 groups
        raise MXNetError(f"GroupNorm: the channel count must be divisible by num_groups={num_groups} "
                         f"(data shape {tuple(data.shape)})")
    _check_params("GroupNorm", num_groups, gamma=gamma, beta=beta)
    x, gamma, beta = _accumulate(data, gamma, beta)
    out, mean, std = _grouped(x, num_groups, eps)
    out = (out * gamma.view(1, -1, 1) + beta.view(1, -1, 1)).reshape(data.shape).to(data.dtype)
    if not output_mean_var:
        return out
    return (out,) + _stats((data, gamma, beta), mean.to(data.dtype), std.to(data.dtype))


def _instance_norm(data, gamma, beta, *, eps):
    if data.ndim < 3:
        raise MXNetError(f"InstanceNorm: data must have at least 3 dimensions, got {tuple(data.shape)}")
    if data.dtype not in (torch.float32, torch.float64):  # MXNet: float32 only; mxnd adds float64
        raise MXNetError(f"InstanceNorm: data type {str(data.dtype)[6:]} is not supported; expected float32")
    _check_params("InstanceNorm", data.shape[1], gamma=gamma, beta=beta)
    if math.prod(data.shape[2:]) == 1:  # x - mean is 0: MXNet gives beta (torch refuses one element)
        shape = (1, -1) + (1,) * (data.ndim - 2)
        return (data - data) * (gamma.reshape(shape) / math.sqrt(eps)) + beta.reshape(shape)
    return F.instance_norm(data, weight=gamma, bias=beta, eps=eps)


# ---- L2Normalization, LRN ---------------------------------------------------------------------

_L2_DIMS = {"instance": lambda ndim: tuple(range(1, ndim)), "channel": lambda ndim: (1,),
            "spatial": lambda ndim: tuple(range(2, ndim))}


def _l2_normalization(data, *, eps, mode):
    _floating(data)
    # l2_normalization-inl.h: out = data / sqrt(sum(data^2) + eps)
    if data.ndim < 3 and mode != "instance":
        raise MXNetError(f"L2Normalization: At least 3 dimensions required in {mode} mode, "
                         f"got data of shape {tuple(data.shape)}")
    dims = _L2_DIMS[mode](data.ndim)
    square = data.square()
    norm = exact_sqrt.sqrt((square.sum(dims, keepdim=True) if dims else square) + eps)
    return data / norm


def _lrn(data, *, alpha, beta, knorm, nsize):
    # lrn-inl.h: out = data / (knorm + alpha / nsize * sum of squares over nsize channels) ^ beta
    if data.ndim != 4:
        raise MXNetError(f"LRN: Input data should be 4D in batch-channel-y-x, got {tuple(data.shape)}")
    if data.dtype not in (torch.float32, torch.float64):  # MXNet: float32 only; mxnd adds float64
        raise MXNetError(f"LRN: data type {str(data.dtype)[6:]} is not supported; expected float32")
    return F.local_response_norm(data, nsize, alpha=alpha, beta=beta, k=knorm)


def _spec(name, impl, inputs, params, doc):
    return OpSpec(name, impl, inputs=inputs, params=params, differentiable=True,
                  family="normalization", same_dtype=len(inputs) > 1, doc=doc)


_OUTPUT_MEAN_VAR = Param("output_mean_var", parse_bool, False, "Also output the mean and std.")

NORMALIZATION = declare([
    _batch_norm_variant("BatchNorm", "Batch normalization."),
    _batch_norm_variant("BatchNorm_v1", "Batch normalization, the legacy version: (N, C) or (N, C, H, W) "
                        "data, channels on axis 1; with output_mean_var the outputs are the mean and the "
                        "variance. MXNet 1.9.1 cannot call it imperatively (its frontend takes only data, "
                        "gamma and beta); mxnd takes all five inputs.", params=_BN_COMMON, v1=True),
    _batch_norm_variant("_contrib_BatchNormWithReLU", "Batch normalization followed by ReLU.", relu=True),
    _batch_norm_variant("_contrib_SyncBatchNorm", "Batch normalization synchronized across devices "
                        "(one process: BatchNorm).",
                        params=_BN_COMMON + (Param("ndev", parse_int, 1, "The number of devices."),
                                             Param("key", str, doc="Key of the synchronized layer.")),
                        sync=True),
    _spec("LayerNorm", _layer_norm, ("data", "gamma", "beta"),
          (Param("axis", parse_int, -1, "The axis to normalize."), _eps(1e-5), _OUTPUT_MEAN_VAR),
          "Layer normalization along one axis."),
    _spec("GroupNorm", _group_norm, ("data", "gamma", "beta"),
          (Param("num_groups", parse_int, 1, "The number of channel groups."), _eps(1e-5), _OUTPUT_MEAN_VAR),
          "Group normalization."),
    _spec("InstanceNorm", _instance_norm, ("data", "gamma", "beta"), (_eps(1e-3),),
          "Instance normalization."),
    _spec("L2Normalization", _l2_normalization, ("data",),
          (_eps(1e-10),
           Param("mode", enum("instance", "channel", "spatial"), "instance", "Normalization mode.")),
          "L2 normalization."),
    _spec("LRN", _lrn, ("data",),
          (Param("alpha", parse_float, _f32(1e-4), "Variance scaling parameter."),
           Param("beta", parse_float, 0.75, "Power parameter."),
           Param("knorm", parse_float, 2.0, "The k in the LRN expression."),
           Param("nsize", parse_int, doc="Normalization window width in channels.")),
          "Local response normalization across channels."),
])
