"""Normalization: batchnorm, layernorm, groupnorm, instancenorm, crosschannelnorm.

The labelled dims are folded into the (N, C, M) layouts of mx.nd's BatchNorm, GroupNorm,
InstanceNorm and LRN bodies, which do the arithmetic; ``layernorm`` (whose normalized dims depend on
``operation_dimension``) is a var_mean over those dims.

>>> import numpy as np
>>> from mxnd import dl
>>> x = dl.dlarray(np.array([[1., 3.], [2., 6.]]), 'CB')
>>> y, mu, var = dl.batchnorm(x, np.zeros(2), np.ones(2))
>>> np.round(y.asnumpy(), 4).tolist(), mu.asnumpy().tolist(), np.round(var.asnumpy(), 6).tolist()
([[-1.0, 1.0], [-1.0, 1.0]], [2.0, 4.0], [1.0, 4.0])
"""
from __future__ import annotations

import math

import torch

from ...recording import set_training
from ...registry import REGISTRY
from .._core import dlarray, make, to_tensor
from ._common import check_choice, options, output, take, tensor_of

__all__ = ["batchnorm", "layernorm", "groupnorm", "instancenorm", "crosschannelnorm"]

_BATCH_NORM = REGISTRY["BatchNorm"].impl
_GROUP_NORM = REGISTRY["GroupNorm"].impl
_INSTANCE_NORM = REGISTRY["InstanceNorm"].impl
_LRN = REGISTRY["LRN"].impl


def _channel_vector(value, data, channels, where, name):
    vector = tensor_of(value, where, data, name).reshape(-1)
    if vector.numel() == 1 and channels != 1:
        vector = vector.expand(channels)
    if vector.numel() != channels:
        raise ValueError(f"{where}: {name} must have {channels} elements (one per channel), got {vector.numel()}")
    return vector


def _channels(inp, where):
    if "C" not in inp.fmt:
        raise ValueError(f"{where}: the input must have a 'C' (channel) dimension, got format '{inp.fmt}'")
    return inp.fmt.index("C")


def _like(result, template):
    """``result`` (a C vector) shaped and formatted like the statistics argument ``template``."""
    if isinstance(template, dlarray) and template.size == result.numel():
        return make(result.reshape(template.shape), template._fmt)
    shape = tuple(to_tensor(template, "batchnorm").shape) if template is not None else ()
    return make(result.reshape(shape) if torch.Size(shape).numel() == result.numel() else result, "")


def batchnorm(x, offset, scale_factor, mu=None, sigma_sq=None, *, training=None, **kwargs):
    """MATLAB ``batchnorm``: normalize each channel over every other dim (S, B, T, U).

    * ``batchnorm(x, offset, scale)`` -> ``(y, mu, sigma_sq)``: the mini-batch statistics;
    * ``batchnorm(x, offset, scale, running_mu, running_var)`` -> ``(y, running_mu, running_var)``
      updated ``mean_decay*batch + (1-mean_decay)*running`` (``training=True``, MATLAB's
      three-output call; the batch variance of the update is unbiased, M/(M-1));
    * ``batchnorm(x, offset, scale, mu, sigma_sq, training=False)`` -> ``y`` (inference; the
      default when ``mu`` is given, as MATLAB's one-output call).

    Normalization uses the biased batch variance. Options ``epsilon`` (1e-5), ``mean_decay``,
    ``variance_decay`` (0.1), ``data_format``.
    """
    o = options("batchnorm", kwargs, {"epsilon": 1e-5, "mean_decay": 0.1, "variance_decay": 0.1, "data_format": None})
    if (mu is None) != (sigma_sq is None):
        raise ValueError("batchnorm: give both the mean and the variance, or neither")
    training = (mu is None) if training is None else bool(training)
    inp = take(x, o["data_format"], "batchnorm")
    data = inp.data
    if not data.is_floating_point():
        raise TypeError("batchnorm: X must hold floating-point data")
    axis = _channels(inp, "batchnorm")
    channels = data.shape[axis]
    shape = data.shape
    flat = data.reshape(math.prod(shape[:axis]), channels, -1)  # (before C, C, after C): a view
    beta = _channel_vector(offset, data, channels, "batchnorm", "offset")
    gamma = _channel_vector(scale_factor, data, channels, "batchnorm", "scaleFactor")
    epsilon = float(o["epsilon"])
    if epsilon <= 0:
        raise ValueError(f"batchnorm: Epsilon must be positive, got {epsilon}")
    if training:
        running_mean, running_var = torch.zeros_like(gamma.detach()), torch.ones_like(gamma.detach())
        previous = set_training(True)
        try:
            y, batch_mean, invstd = _BATCH_NORM(flat, gamma, beta, running_mean, running_var, eps=epsilon,
                                                momentum=0.9, fix_gamma=False, use_global_stats=False,
                                                output_mean_var=True)
        finally:
            set_training(previous)
    else:
        mean = _channel_vector(mu, data, channels, "batchnorm", "mean")
        var = _channel_vector(sigma_sq, data, channels, "batchnorm", "variance")
        y = _BATCH_NORM(flat, gamma, beta, mean.detach(), var.detach(), eps=epsilon, momentum=0.9,
                        fix_gamma=False, use_global_stats=True, output_mean_var=False)
    y = output(inp, y.reshape(shape), inp.fmt)
    if not training:
        return y
    count = flat.shape[0] * flat.shape[2]
    # the biased batch variance from BatchNorm's inverse std (INVSTD_TO_VARIANCE), in double precision
    batch_mean = batch_mean.detach()
    batch_var = (invstd.detach().double().pow(-2) - epsilon).clamp(min=0).to(batch_mean.dtype)
    if mu is None:
        return y, _like(batch_mean, offset), _like(batch_var, offset)
    unbiased = batch_var * (count / (count - 1)) if count > 1 else batch_var
    running_mu = _channel_vector(mu, data, channels, "batchnorm", "mean").detach()
    running_var = _channel_vector(sigma_sq, data, channels, "batchnorm", "variance").detach()
    mean_decay, variance_decay = float(o["mean_decay"]), float(o["variance_decay"])
    for name, decay in (("MeanDecay", mean_decay), ("VarianceDecay", variance_decay)):
        if not 0 <= decay <= 1:
            raise ValueError(f"batchnorm: {name} must lie in [0, 1], got {decay}")
    new_mu = mean_decay * batch_mean + (1 - mean_decay) * running_mu
    new_var = variance_decay * unbiased + (1 - variance_decay) * running_var
    return y, _like(new_mu, mu), _like(new_var, sigma_sq)


_OPERATION = ("auto", "channel-only", "spatial-channel", "batch-excluded")


def layernorm(x, offset, scale_factor, **kwargs):
    """MATLAB ``layernorm(X, offset, scaleFactor)``: normalize each observation (and time step)
    over ``operation_dimension``: 'channel-only' (C), 'spatial-channel' (S and C), 'batch-excluded'
    (all but B), 'auto' (spatial-channel with S dims, else channel-only). ``offset``/``scale``: a
    C vector, or sized like the normalized dims.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> y = dl.layernorm(dl.dlarray(np.array([[1., 5.], [3., 5.]]), 'CB'), 0, 1)
    >>> np.round(y.asnumpy(), 4).tolist()
    [[-1.0, 0.0], [1.0, 0.0]]
    """
    o = options("layernorm", kwargs, {"epsilon": 1e-5, "operation_dimension": "auto", "data_format": None})
    mode = check_choice("layernorm", "OperationDimension", o["operation_dimension"], _OPERATION)
    inp = take(x, o["data_format"], "layernorm")
    data, fmt = inp.data, inp.fmt
    axis = _channels(inp, "layernorm")
    if mode == "auto":
        mode = "spatial-channel" if "S" in fmt else "channel-only"
    labels = {"channel-only": "C", "spatial-channel": "SC", "batch-excluded": "SCTU"}[mode]
    dims = tuple(i for i, c in enumerate(fmt) if c in labels)
    var, mean = torch.var_mean(data, dim=dims, keepdim=True, correction=0)
    y = (data - mean) * torch.rsqrt(var + float(o["epsilon"]))
    y = y * _affine(scale_factor, data, dims, axis, "scaleFactor") + _affine(offset, data, dims, axis, "offset")
    return output(inp, y, fmt)


def _affine(value, data, dims, axis, name):
    tensor = tensor_of(value, "layernorm", data, name)
    channels = data.shape[axis]
    if tensor.numel() == 1:
        return tensor.reshape(())
    shape = [1] * data.dim()
    if tensor.numel() == channels:
        shape[axis] = channels
        return tensor.reshape(shape)
    for d in dims:
        shape[d] = data.shape[d]
    if tensor.numel() != torch.Size(shape).numel():
        raise ValueError(f"layernorm: {name} must have {channels} elements (one per channel) or the size of the "
                         f"normalized dims {tuple(data.shape[d] for d in dims)}, got {tuple(tensor.shape)}")
    return tensor.reshape(shape)


def _ncm(inp, where):
    """``(tensor (N, C, M), restore)``: N the B dim, C the channels, M the other dims."""
    data, fmt = inp.data, inp.fmt
    axis = _channels(inp, where)
    batch = [fmt.index("B")] if "B" in fmt else []
    rest = [i for i in range(data.dim()) if i != axis and i not in batch]
    order = batch + [axis] + rest
    moved = data.permute(order)
    n = data.shape[batch[0]] if batch else 1
    tensor = moved.reshape(n, data.shape[axis], -1)

    def restore(out):
        inverse = [0] * len(order)
        for position, source in enumerate(order):
            inverse[source] = position
        return out.reshape(moved.shape).permute(inverse)
    return tensor, restore


def groupnorm(x, num_groups, offset, scale_factor, **kwargs):
    """MATLAB ``groupnorm(X, numGroups, offset, scaleFactor)``: per observation, normalize groups
    of contiguous channels over the group's channels and every S, T, U dim. ``num_groups``: a
    positive integer, 'all-channels' or 'channel-wise'.
    """
    o = options("groupnorm", kwargs, {"epsilon": 1e-5, "data_format": None})
    inp = take(x, o["data_format"], "groupnorm")
    tensor, restore = _ncm(inp, "groupnorm")
    channels = tensor.shape[1]
    if isinstance(num_groups, str):
        groups = {"all-channels": 1, "channel-wise": channels}.get(num_groups.lower())
        if groups is None:
            raise ValueError(f"groupnorm: numGroups must be a positive integer, 'all-channels' or 'channel-wise', "
                             f"got {num_groups!r}")
    else:
        groups = int(num_groups)
    if groups < 1 or channels % groups:
        raise ValueError(f"groupnorm: numGroups ({groups}) must be positive and divide the number of channels "
                         f"({channels})")
    gamma = _channel_vector(scale_factor, tensor, channels, "groupnorm", "scaleFactor")
    beta = _channel_vector(offset, tensor, channels, "groupnorm", "offset")
    ones = torch.ones(groups, dtype=tensor.dtype, device=tensor.device)
    y = _GROUP_NORM(tensor, ones, torch.zeros_like(ones), num_groups=groups, eps=float(o["epsilon"]),
                    output_mean_var=False)
    y = y * gamma.view(1, -1, 1) + beta.view(1, -1, 1)
    return output(inp, restore(y), inp.fmt)


def instancenorm(x, offset, scale_factor, **kwargs):
    """MATLAB ``instancenorm(X, offset, scaleFactor)``: per channel and observation over the S, T
    and U dims (mx.nd.InstanceNorm's body)."""
    o = options("instancenorm", kwargs, {"epsilon": 1e-5, "data_format": None})
    inp = take(x, o["data_format"], "instancenorm")
    tensor, restore = _ncm(inp, "instancenorm")
    channels = tensor.shape[1]
    gamma = _channel_vector(scale_factor, tensor, channels, "instancenorm", "scaleFactor")
    beta = _channel_vector(offset, tensor, channels, "instancenorm", "offset")
    if tensor.shape[2] == 1:
        raise ValueError("instancenorm: needs more than one element per channel and observation")
    y = _INSTANCE_NORM(tensor, gamma, beta, eps=float(o["epsilon"]))
    return output(inp, restore(y), inp.fmt)


def crosschannelnorm(x, window_channel_size, **kwargs):
    """MATLAB ``crosschannelnorm(X, windowChannelSize)``: local response normalization across
    channels, ``x / (k + alpha * sum(x^2 over the window) / w) ^ beta``; the window covers channels
    ``c - floor((w-1)/2) .. c + ceil((w-1)/2)``. Options ``alpha`` (1e-4), ``beta`` (0.75), ``k`` (2).

    >>> import numpy as np
    >>> from mxnd import dl
    >>> y = dl.crosschannelnorm(dl.dlarray(np.array([[1.], [2.], [3.]]), 'CB'), 3, alpha=1, beta=1, k=0)
    >>> np.round(y.asnumpy().ravel(), 4).tolist()
    [0.6, 0.4286, 0.6923]
    """
    o = options("crosschannelnorm", kwargs, {"alpha": 1e-4, "beta": 0.75, "k": 2, "data_format": None})
    inp = take(x, o["data_format"], "crosschannelnorm")
    data = inp.data
    axis = _channels(inp, "crosschannelnorm")
    window = int(window_channel_size)
    if window < 1:
        raise ValueError(f"crosschannelnorm: windowChannelSize must be a positive integer, got {window_channel_size}")
    moved = data.movedim(axis, -1)
    tensor = moved.reshape(-1, data.shape[axis], 1, 1)
    # LRN's window is c - floor(w/2) .. c + floor((w-1)/2); MATLAB's (for even w) is its mirror image
    flip = window % 2 == 0
    if flip:
        tensor = tensor.flip(1)
    y = _LRN(tensor, alpha=float(o["alpha"]), beta=float(o["beta"]), knorm=float(o["k"]), nsize=window)
    if flip:
        y = y.flip(1)
    return output(inp, y.reshape(moved.shape).movedim(-1, axis), inp.fmt)
