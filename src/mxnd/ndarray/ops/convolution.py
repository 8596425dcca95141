"""Neural-network operators of the convolution family: Convolution, Convolution_v1, Deconvolution.

MXNet 1.x rules kept here (src/operator/nn/convolution-inl.h, deconvolution-inl.h,
convolution_v1-inl.h):

- ``kernel`` fixes the spatial rank (1, 2 or 3); ``stride``/``dilate``/``pad`` default to
  1/1/0 per dimension and, when given, must have the kernel's length;
- the weight of Convolution is ``(num_filter, C/num_group, *kernel)`` (channels last with the
  layout: ``(num_filter, *kernel, C/num_group)``); the weight of Deconvolution is
  ``(C, num_filter/num_group, *kernel)``, torch's ``conv_transpose`` layout; a weight or bias
  of another shape raises "Shape inconsistent";
- Deconvolution's output is ``stride*(in-1) + dilate*(kernel-1)+1 - 2*pad + adj``; a nonzero
  ``target_shape`` overrides pad and adj (``DeconvolutionParam::InferPad``);
- only floating-point inputs; ``workspace``, ``cudnn_tune``, ``cudnn_off`` are accepted and ignored.

``bias`` is an optional input: with ``no_bias=True`` the call takes two arrays, and a third one
raises as in MXNet ("expects 2 inputs, but got 3").
Channels-last layouts follow MXNet's GPU semantics (its CPU build rejects them).
"""
from __future__ import annotations

import functools

import torch
import torch.nn.functional as F

from ...params import optional_enum, parse_bool, parse_int, parse_shape
from ...registry import OpSpec, Param, declare
from .shape import shape_text

_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_DECONV = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
_CHANNELS_LAST = frozenset(("NWC", "NHWC", "NDHWC"))
_DATA_TEXT = {1: "3D in batch-num_filter-x", 2: "4D in batch-num_filter-y-x",
              3: "5D in batch-num_filter-depth-y-x"}


def _inconsistent(provided, inferred):
    return ValueError(f"Shape inconsistent, Provided = {shape_text(provided)}, "
                      f"inferred shape=({','.join(str(n) for n in inferred)})")


def _geometry(data, kernel, stride, dilate, pad, ranks, layout):
    """Checked ``(rank, stride, dilate, pad)`` of a call; every tuple has the kernel's length."""
    rank = len(kernel)
    if rank not in ranks:
        raise ValueError(f"kernel must be {' or '.join(f'{r}-D' for r in ranks)}, got kernel={kernel}")
    if layout is not None and len(layout) != rank + 2:
        raise ValueError(f"layout {layout} does not match a {rank}-D kernel {kernel}")
    if data.dim() != rank + 2:
        raise ValueError(f"Check failed: dshp.ndim() == {rank + 2}U ({data.dim()} vs. {rank + 2}) : "
                         f"Input data should be {_DATA_TEXT[rank]}")
    if data.dtype not in _FLOATING:
        raise TypeError(f"This operation only support floating point types, not {str(data.dtype)[6:]}")
    return (rank,) + _filled(tuple(kernel), tuple(stride), tuple(dilate), tuple(pad))


_FLOATING = frozenset((torch.float16, torch.float32, torch.float64, torch.bfloat16))


@functools.lru_cache(maxsize=256)
def _filled(kernel, stride, dilate, pad):
    """``(stride, dilate, pad)`` filled in to the kernel's length and checked; cached, as a
    training loop passes the same ones on every step."""
    rank = len(kernel)
    if any(k <= 0 for k in kernel):
        raise ValueError(f"kernel size must be positive, got kernel={kernel}")
    filled = []
    for name, value, fill in (("Stride", stride, 1), ("Dilate", dilate, 1), ("Pad", pad, 0)):
        if not value:
            value = (fill,) * rank
        elif len(value) != rank:
            raise ValueError(f"{name} must have the same number of dimensions with kernel_size, "
                             f"but kernel_size is set to {shape_text(kernel)} while "
                             f"{name.lower()} is {shape_text(value)}")
        filled.append(tuple(value))
    stride, dilate, pad = filled
    if any(s <= 0 for s in stride) or any(d <= 0 for d in dilate) or any(p < 0 for p in pad):
        raise ValueError(f"stride and dilate must be positive and pad non-negative, got "
                         f"stride={stride}, dilate={dilate}, pad={pad}")
    return stride, dilate, pad


def _to_channels_first(tensor, layout):
    return tensor.movedim(-1, 1) if layout in _CHANNELS_LAST else tensor


def _check_bias(bias, no_bias, num_filter):
    """The bias to add: None with ``no_bias``, else a checked ``(num_filter,)`` array."""
    if no_bias:
        if bias is not None:
            raise ValueError("Operator expects 2 inputs, but got 3 instead (no_bias=True takes no bias)")
        return None
    if bias is None:
        raise ValueError("Operator expects 3 inputs, but got 2 instead (no_bias=False needs a bias)")
    if tuple(bias.shape) != (num_filter,):
        raise _inconsistent(bias.shape, (num_filter,))
    return bias


def _convolution(ranks):
    """The body of Convolution (ranks 1-3) or Convolution_v1 (rank 2)."""
    def convolution(data, weight, bias=None, *, kernel, stride=(), dilate=(), pad=(), num_filter,
                    num_group=1, workspace=1024, no_bias=False, cudnn_tune=None, cudnn_off=False,
                    layout=None):
        rank, stride, dilate, pad = _geometry(data, kernel, stride, dilate, pad, ranks, layout)
        data = _to_channels_first(data, layout)
        channels = data.shape[1]
        if num_group <= 0 or channels % num_group or num_filter % num_group:
            raise ValueError(f"num_group={num_group} must divide the input channels ({channels}) "
                             f"and num_filter ({num_filter})")
        expected = (num_filter, channels // num_group) + tuple(kernel)
        weight = _to_channels_first(weight, layout)  # (F, *k, C/g) -> (F, C/g, *k)
        if tuple(weight.shape) != expected:
            provided = weight.movedim(1, -1).shape if layout in _CHANNELS_LAST else weight.shape
            inferred = (expected[:1] + expected[2:] + expected[1:2]) if layout in _CHANNELS_LAST else expected
            raise _inconsistent(provided, inferred)
        bias = _check_bias(bias, no_bias, num_filter)
        for size, k, d, p in zip(data.shape[2:], kernel, dilate, pad):
            if d * (k - 1) + 1 > size + 2 * p:  # convolution-inl.h: "kernel size exceed input"
                raise ValueError(f"Check failed: dilated_ksize <= AddPad(dshape, pad) "
                                 f"({d * (k - 1) + 1} vs. {size + 2 * p}) : kernel size exceed input")
        out = _CONV[rank](data, weight, bias, stride, pad, dilate, num_group)
        return out.movedim(1, -1) if layout in _CHANNELS_LAST else out
    return convolution


def _deconvolution(data, weight, bias=None, *, kernel, stride=(), dilate=(), pad=(), adj=(),
                   target_shape=(), num_filter, num_group=1, workspace=512, no_bias=True,
                   cudnn_tune=None, cudnn_off=False, layout=None):
    rank, stride, dilate, pad = _geometry(data, kernel, stride, dilate, pad, (1, 2, 3), layout)
    if adj and len(adj) != rank:
        raise ValueError(f"Adj must have the same number of dimensions with kernel_size, but "
                         f"kernel_size is set to {shape_text(kernel)} while adj is {shape_text(adj)}")
    adj = tuple(adj) or (0,) * rank
    data = _to_channels_first(data, layout)
    channels = data.shape[1]
    if num_group <= 0 or channels % num_group or num_filter % num_group:
        raise ValueError(f"num_group={num_group} must divide the input channels ({channels}) "
                         f"and num_filter ({num_filter})")
    expected = (channels, num_filter // num_group) + tuple(kernel)
    weight = _to_channels_first(weight, layout)
    if tuple(weight.shape) != expected:
        provided = weight.movedim(1, -1).shape if layout in _CHANNELS_LAST else weight.shape
        inferred = (expected[:1] + expected[2:] + expected[1:2]) if layout in _CHANNELS_LAST else expected
        raise _inconsistent(provided, inferred)
    bias = _check_bias(bias, no_bias, num_filter)
    if any(target_shape):  # DeconvolutionParam::InferPad: the padding that gives target_shape
        if len(target_shape) < rank:
            raise ValueError(f"target_shape {shape_text(target_shape)} must have the kernel's length {rank}")
        pads, adjs = [], []
        for size, k, s, d, target in zip(data.shape[2:], kernel, stride, dilate, target_shape):
            total = s * (size - 1) + d * (k - 1) + 1
            if total < target:
                raise ValueError(f"Check failed: o_pad[i] >= target_shape[i] ({total} vs. {target}) : "
                                 "too big target shape")
            total -= target
            pads.append((total + 1) // 2)
            adjs.append(total % 2)
        pad, adj = tuple(pads), tuple(adjs)
    for a, s in zip(adj, stride):
        if a < 0 or a >= s:  # deconvolution-inl.h: "adj(x) must be smaller than stride[0]"
            raise ValueError(f"Check failed: stride - 1 >= adj ({s - 1} vs. {a}) : "
                             f"adj {shape_text(adj)} must be smaller than stride {shape_text(stride)}")
    sizes = tuple(s * (size - 1) + d * (k - 1) + 1 - 2 * p + a
                  for size, k, s, d, p, a in zip(data.shape[2:], kernel, stride, dilate, pad, adj))
    if min(sizes) < 0:
        raise ValueError(f"pad {pad} is too large for the output of kernel {kernel} on input "
                         f"{tuple(data.shape[2:])}")
    if min(sizes) == 0:  # MXNet returns the empty array of that shape
        out = data.new_zeros((data.shape[0], num_filter) + sizes)
    else:
        out = _DECONV[rank](data, weight, bias, stride, pad, adj, num_group, dilate)
    return out.movedim(1, -1) if layout in _CHANNELS_LAST else out




def _geometry_params(workspace, no_bias, layouts, deconvolution=False):
    """The params of a convolution operator, in MXNet's order."""
    params = [
        Param("kernel", parse_shape, doc="kernel size: (w,), (h, w) or (d, h, w)"),
        Param("stride", parse_shape, (), "stride per dimension; defaults to 1"),
        Param("dilate", parse_shape, (), "dilation per dimension; defaults to 1"),
        Param("pad", parse_shape, (), "zero padding per dimension; defaults to 0"),
    ]
    if deconvolution:
        params += [Param("adj", parse_shape, (), "adjustment of the output shape; ignored with target_shape"),
                   Param("target_shape", parse_shape, (), "output spatial shape; overrides pad and adj")]
    params += [
        Param("num_filter", parse_int, doc="number of output channels"),
        Param("num_group", parse_int, 1, "number of group partitions"),
        Param("workspace", parse_int, workspace, "workspace in MB (accepted, ignored)"),
        Param("no_bias", parse_bool, no_bias, "whether to disable the bias"),
        Param("cudnn_tune", optional_enum("fastest", "limited_workspace", "off"), None,
              "cuDNN algorithm choice (accepted, ignored)"),
        Param("cudnn_off", parse_bool, False, "turn off cuDNN (accepted, ignored)"),
        Param("layout", optional_enum(*layouts), None, "layout of data, weight and output; None is channels-first"),
    ]
    return tuple(params)


_INPUTS = ("data", "weight", "bias?")  # bias is left out with no_bias=True
_LAYOUT_NAMES = ("NCW", "NCHW", "NCDHW", "NHWC", "NDHWC")

CONVOLUTION = declare([
    OpSpec("Convolution", _convolution((1, 2, 3)), inputs=_INPUTS,
           params=_geometry_params(1024, False, _LAYOUT_NAMES), differentiable=True,
           family="convolution", same_dtype=True,
           doc="N-D convolution of (N+2)-D data with weight (num_filter, C/num_group, *kernel) and bias."),
    # MXNet's Convolution_v1 takes only 2-D kernels ("Volume convolution is not implmented in mshadow")
    OpSpec("Convolution_v1", _convolution((2,)), inputs=_INPUTS,
           params=_geometry_params(1024, False, ("NCHW", "NCDHW", "NHWC", "NDHWC")), differentiable=True,
           family="convolution", same_dtype=True,
           doc="Deprecated 2-D convolution (same semantics as Convolution)."),
    OpSpec("Deconvolution", _deconvolution, inputs=_INPUTS,
           params=_geometry_params(512, True, _LAYOUT_NAMES, deconvolution=True), differentiable=True,
           family="convolution", same_dtype=True,
           doc="Transposed convolution with weight (C, num_filter/num_group, *kernel)."),
])
