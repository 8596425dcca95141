"""Pooling family: Pooling, Pooling_v1, UpSampling, contrib AdaptiveAvgPooling2D and BilinearResize2D.

MXNet 1.x rules kept here (src/operator/nn/pooling.cc, pool.h, pooling_v1-inl.h,
upsampling-inl.h, contrib/adaptive_avg_pooling-inl.h, contrib/bilinear_resize-inl.h):

- output size per spatial dim: ``valid`` ``1 + (x + 2p - k) // s``, ``full``
  ``1 + ceil((x + 2p - k) / s)``; a ``full`` window may lie wholly in the padding, where max
  gives the dtype's lowest value and avg/sum/lp give 0 (pool.h), except 3-D avg windows whose
  pool_size is 0, which give NaN (``pool_sum_3d_cpu``);
- avg divides by the window clipped to ``x + p`` (``count_include_pad``, the default) or to
  the input (torch's avg_pool uses the same rule, so it runs when its output size agrees);
- ``global_pool`` pools the whole feature map (kernel = spatial shape, pad 0, stride 1);
- lp pooling is ``(sum x^p)^(1/p)`` for p in 1, 2, 3 (pool.h ``a_pow_p``/``a_root_p``);
- max-pool ties give the gradient to the first maximum (as torch's kernels);
- only float dtypes are accepted;
- ``same`` is 1-D only and reads ``pad[0..2]``, which must be zeros (so ``pad`` needs three
  entries): ``ceil(x / s)`` windows, clipped at the input's end (MXNet's float64 kernel; its
  float32 oneDNN path fails when a window overruns); ``stride`` and ``pad`` may have more
  entries than the kernel, the first ones count.
"""
from __future__ import annotations

import functools
import math

import numpy as np
import torch
import torch.nn.functional as F

from ... import dtypes
from ...fast_paths import on_host
from ...params import enum, optional_enum, parse_bool, parse_float, parse_int, parse_optional_int, parse_shape
from ...registry import REQUIRED, OpSpec, Param, declare
from . import exact_sqrt
from .scratch import reused

_CHANNELS_LAST = {2: torch.channels_last, 3: torch.channels_last_3d}
_LAYOUTS = {3: ("NCW", "NWC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}


def _channels_last(data, memory_format):
    """``data`` in channels-last memory; outside autograd the copy goes into a reused buffer."""
    if data.requires_grad or data.is_contiguous(memory_format=memory_format):
        return data.contiguous(memory_format=memory_format)
    return reused(data, "channels-last input", memory_format).copy_(data)


def _onednn_ok(data, rank):
    """Whether a max pool of ``data`` runs on oneDNN, as MXNet's float32 CPU pooling does:
    float32 NCHW/NCDHW host data (channels-last views take torch's channels-last kernel)."""
    return (rank >= 2 and data.dtype is torch.float32 and data.is_cpu
            and data.is_contiguous() and torch.backends.mkldnn.is_available())


# Largest inputs a small max pool runs through torch's NCHW kernel instead of oneDNN's: the
# conversions to and from oneDNN's layout cost about 15 us each (two forward, two backward), more
# than that kernel's per-element cost below these sizes (2 cores, 2x2 stride 2: 32x16x8x8
# forward 60 us on oneDNN, 95 native; forward+backward 216 and 158; 32x32x4x4: 53/37, 195/99).
_NATIVE_TRAINING, _NATIVE_INFERENCE = 65536, 16384


def _native_small(data, kernel, stride, pad):
    """Whether a max pool of a small float32 host tensor can take torch's NCHW kernel with the
    same results as oneDNN's (``_same_as_onednn``)."""
    limit = _NATIVE_TRAINING if data.requires_grad else _NATIVE_INFERENCE
    return 0 < data.numel() <= limit and _same_as_onednn(data, kernel, stride, pad)


def _same_as_onednn(data, kernel, stride, pad):
    """Whether torch's max pool kernels give oneDNN's results, values and gradients, for float32
    host ``data``: unpadded windows that do not overlap (each input gets at most one gradient, so
    no order of sums to match; every kernel gives a tie to the first maximum in the window). The
    caller still checks the result with ``_plain``."""
    return (data.dtype is torch.float32 and on_host(data) and data.is_contiguous() and not any(pad)
            and all(s >= k for s, k in zip(stride, kernel)))


# oneDNN's max pooling is fast where the CPU has AVX-512 (32x64x56x56, 3x3 stride 2: 4 to 6 ms);
# on AVX2 it takes 39 ms where torch's channels-last kernel takes 9 (a 64x20x24x24 2x2 pool: 4.7
# against 1.1 ms). There, the windows that give the same results take torch's kernel at any size.
_ONEDNN_POOLING_FAST = getattr(torch.backends.cpu, "get_cpu_capability", lambda: "AVX512")().startswith("AVX512")


def _plain(pooled):
    """Whether torch's max pool result is oneDNN's too: no window gave NaN (torch propagates it,
    oneDNN skips it), -inf or the lowest float32 (oneDNN starts every window at the lowest
    float). A host fast path (fast_paths.on_host): numpy reads the result's minimum (NaN if any),
    in half the time of torch's reduction and its read-back (8192 floats: 9 against 17 us)."""
    return bool(pooled.detach().numpy().min() > _LOWEST32)


_LOWEST32 = np.float32(torch.finfo(torch.float32).min)


def _float_only(data):
    if not data.is_floating_point():
        raise TypeError(f"This operation only support floating point types, not {dtypes.name_of(data.dtype)}")


def _spatial_tuple(value, rank, default, what):
    """``value`` (a shape param) for ``rank`` spatial dims: empty means ``default``; MXNet reads
    the first ``rank`` entries of a longer one."""
    if not value:
        return (default,) * rank
    if len(value) < rank:
        raise ValueError(f"{what} must have {rank} dimensions (one per spatial axis), got {value}")
    return tuple(value[:rank])


def _out_size(size, k, p, s, full):
    """Output size of a spatial dim; ``full`` is True ('full'), False ('valid') or "same"."""
    if full == "same":  # pooling.cc: ceil(x / s) windows, the last ones clipped at the end
        return -(-(size + 2 * p) // s)
    span = size + 2 * p - k
    return 1 + (-(-span // s) if full else span // s)


def _extra(sizes, kernel, pad, stride, outs):
    """Padding needed after ``pad`` on the right so that every output window fits."""
    return [max(0, (o - 1) * s + k - (x + 2 * p)) for x, k, p, s, o in zip(sizes, kernel, pad, stride, outs)]


def _padded(data, pad, extra, value):
    """``data`` padded by ``pad`` before and ``pad + extra`` after each spatial dim."""
    widths = []
    for p, e in reversed(list(zip(pad, extra))):
        widths += [p, p + e]
    return F.pad(data, widths, value=value)


def _half_avg_pool3d(data, *args, **kwargs):
    """avg_pool3d in float32 for float16 CPU data (torch has no half avg_pool3d kernel on CPU)."""
    if data.dtype is torch.float16 and data.is_cpu:
        return F.avg_pool3d(data.float(), *args, **kwargs).half()
    return F.avg_pool3d(data, *args, **kwargs)


def _torch_pool(pool_type, rank):
    return {"max": (F.max_pool1d, F.max_pool2d, F.max_pool3d),
            "avg": (F.avg_pool1d, F.avg_pool2d, _half_avg_pool3d)}[pool_type][rank - 1]


def _avg_divisor(sizes, kernel, pad, stride, outs, include_pad, like):
    """The avg-pool divisor of every output position (pool.h): window clipped to x + p, or to x.
    An empty window sums to 0; pool.h's 3-D kernel writes NaN where its (signed) pool_size is
    0 (a window past ``x + p``, or wholly in the padding without ``count_include_pad``)."""
    divisor = None
    for axis, (x, k, p, s, o) in enumerate(zip(sizes, kernel, pad, stride, outs)):
        start = torch.arange(o, dtype=torch.float64) * s - p
        end = torch.clamp(start + k, max=x + p)
        if not include_pad:
            start, end = start.clamp(min=0), end.clamp(max=x)
        shape = [1] * len(sizes)
        shape[axis] = o
        count = (end - start).reshape(shape)  # <= 0 only for empty windows
        divisor = count if divisor is None else divisor * count
    empty = divisor == 0
    divisor = divisor.clamp(min=1)
    if len(sizes) == 3:
        divisor = divisor.masked_fill(empty, math.nan)
    return divisor.to(dtype=like.dtype, device=like.device)


@functools.lru_cache(maxsize=256)
def _windows(sizes, kernel, stride, pad, full):
    """``(outs, direct)``: the output sizes, and whether torch's own pooling (its ceil_mode) makes
    the same windows. Cached: a training loop pools the same shapes on every step, and these
    checks cost as much as a small pool's kernel."""
    outs = tuple(_out_size(x, k, p, s, full) for x, k, p, s in zip(sizes, kernel, pad, stride))
    for x, k, p, o in zip(sizes, kernel, pad, outs):
        if k > x + 2 * p:
            raise ValueError(f"kernel size ({k}) exceeds input ({x} padded to {x + 2 * p})")
        if o <= 0:
            raise ValueError(f"output size must be positive, got {outs}")
    # torch's ceil_mode drops a last window that starts in the padding; it also needs p <= k/2
    torch_outs = tuple(_out_size(x, k, p, s, full) - (full and (o - 1) * s >= x + p)
                       for x, k, p, s, o in zip(sizes, kernel, pad, stride, outs))
    return outs, full != "same" and torch_outs == outs and all(2 * p <= k for p, k in zip(pad, kernel))


def _pool_nc(data, kernel, stride, pad, pool_type, full, include_pad, p_value):
    """Pool a channels-first tensor ``(N, C, *spatial)``."""
    rank = data.dim() - 2
    sizes = tuple(data.shape[2:])
    outs, direct = _windows(sizes, tuple(kernel), tuple(stride), tuple(pad), full)
    if pool_type == "max":
        if direct and _native_small(data, kernel, stride, pad):
            pooled = _torch_pool("max", rank)(data, kernel, stride, ceil_mode=full)
            if _plain(pooled):
                return pooled
        if direct and not _ONEDNN_POOLING_FAST and _onednn_ok(data, rank) and _same_as_onednn(
                data, kernel, stride, pad):
            pooled = _torch_pool("max", rank)(_channels_last(data, _CHANNELS_LAST[rank]), kernel, stride,
                                              ceil_mode=full)
            if _plain(pooled):
                return pooled
        if direct and _onednn_ok(data, rank):
            # oneDNN's pooling, as MXNet's CPU build runs it: 2.5x faster than the channels-last
            # kernel with its copies (32x64x56x56, k3 s2 p1; 2x with backward), and like MXNet it
            # skips NaN and sums the gradients of overlapping windows in the same order (bit-exact)
            return _torch_pool("max", rank)(data.to_mkldnn(), kernel, stride, pad, ceil_mode=full).to_dense()
        if direct:
            if rank >= 2 and data.is_cpu:
                # torch's channels-last CPU kernels (forward and backward) are 1.4x to 4x faster
                # than its NCHW ones, even with the copy (32x64x56x56, k3 s2 p1; 64x20x24x24, k2 s2)
                data = _channels_last(data, _CHANNELS_LAST[rank])
            return _torch_pool("max", rank)(data, kernel, stride, pad, ceil_mode=full)
        extra = _extra(sizes, kernel, pad, stride, outs)
        lowest = torch.finfo(data.dtype).min  # pool.h starts every window at the lowest value
        return _torch_pool("max", rank)(_padded(data, pad, extra, lowest), kernel, stride)
    if pool_type == "lp":
        if p_value not in (1, 2, 3):
            raise ValueError(f"p_value must be 1, 2 or 3 for lp pooling, got {p_value}")
        powered = data if p_value == 1 else data.pow(p_value)
        total = _pool_nc(powered, kernel, stride, pad, "sum", full, True, None)
        if p_value == 1:
            return total
        # the root of a zero window is 0 with gradient 0 (pool.h lp_grad), not torch's inf * 0
        zero = total == 0
        safe = torch.where(zero, torch.ones_like(total), total)
        root = exact_sqrt.sqrt(safe) if p_value == 2 else safe.sign() * safe.abs().pow(1.0 / 3)
        return torch.where(zero, torch.zeros_like(total), root)
    if direct and pool_type == "avg" and all(x >= k for x, k in zip(sizes, kernel)):
        # (torch's 3-D avg pooling refuses an input smaller than the kernel, padding or not)
        return _torch_pool("avg", rank)(data, kernel, stride, pad, ceil_mode=full,
                                        count_include_pad=include_pad)
    # sum, or avg where torch's window rule differs: a window sum divided by pool.h's divisor
    source = _padded(data, pad, _extra(sizes, kernel, pad, stride, outs), 0.0)
    total = _torch_pool("avg", rank)(source, kernel, stride) * math.prod(kernel)
    if pool_type == "sum":
        return total
    return total / _avg_divisor(sizes, kernel, pad, stride, outs, include_pad, total)


def _pooling(data, *, kernel=(), pool_type="max", global_pool=False, cudnn_off=False,
             pooling_convention="valid", stride=(), pad=(), p_value=None, count_include_pad=None,
             layout=None):
    _float_only(data)
    ndim = data.dim()
    if ndim not in _LAYOUTS:
        raise ValueError(f"Input data should be 3D, 4D or 5D, got {ndim}D")
    if layout is not None and layout not in _LAYOUTS[ndim]:
        raise ValueError(f"layout {layout} does not fit {ndim}-D input, expected one of {_LAYOUTS[ndim]}")
    if pooling_convention == "same":  # pooling.cc checks pad[0], pad[1] and pad[2], whatever the rank
        if ndim != 3:
            raise ValueError(f"Input data should be 3D in (batch, channel, x), got {ndim}D. "
                             f"Currently 'same' supports Max Pooling 1-D")
        if len(pad) < 3:
            raise ValueError(f"the 'same' convention reads pad[0], pad[1] and pad[2], got pad={pad}")
        if any(pad[:3]):
            raise ValueError("Same pooling convention disables the use of pad parameter.")
    if pool_type == "lp" and p_value is None:
        raise ValueError("Check failed: param.p_value.has_value(): lp pooling needs p_value")
    rank = ndim - 2
    channels_last = layout is not None and layout.endswith("C")
    if channels_last:  # NHWC -> NCHW as a view: channels-last memory, torch's fast path
        data = data.movedim(-1, 1)
    if global_pool:
        kernel, stride, pad = tuple(data.shape[2:]), (1,) * rank, (0,) * rank
    else:
        if len(kernel) != rank:
            raise ValueError(f"kernel must have {rank} dimensions for {ndim}-D input, got {kernel}")
        stride = _spatial_tuple(stride, rank, 1, "stride")
        pad = _spatial_tuple(pad, rank, 0, "pad")
        if any(k <= 0 for k in kernel) or any(s <= 0 for s in stride) or any(p < 0 for p in pad):
            raise ValueError(f"kernel and stride must be positive and pad non-negative "
                             f"(kernel={kernel}, stride={stride}, pad={pad})")
    include_pad = True if count_include_pad is None else count_include_pad
    full = "same" if pooling_convention == "same" and not global_pool else pooling_convention == "full"
    result = _pool_nc(data, kernel, stride, pad, pool_type, full, include_pad, p_value)
    if channels_last:
        result = result.movedim(1, -1)
    return result.contiguous()


def _pooling_v1(data, *, kernel=(), pool_type="max", global_pool=False, pooling_convention="valid",
                stride=(), pad=()):
    """Pooling_v1 (pooling_v1-inl.h, mshadow's pool): 2-D only; the input is zero-padded (max
    sees those zeros) and windows are clipped at the padded input's end; sum adds each window
    row by row in the data's dtype, and avg multiplies it by the float32 ``1.0f / kernel size``."""
    _float_only(data)
    if data.dim() != 4:
        if data.dim() == 5:
            raise ValueError("3D kernel not implemented")
        raise ValueError(f"Input data should be 4D in (batch, channel, y, x), got {data.dim()}D")
    sizes = tuple(data.shape[2:])
    if global_pool:
        kernel, stride, pad = sizes, (1, 1), (0, 0)
    else:
        if len(kernel) != 2:
            raise ValueError(f"kernel must have 2 dimensions, got {kernel}")
        stride, pad = _spatial_tuple(stride, 2, 1, "stride"), _spatial_tuple(pad, 2, 0, "pad")
        if any(k <= 0 for k in kernel) or any(s <= 0 for s in stride):
            raise ValueError(f"kernel and stride must be positive (kernel={kernel}, stride={stride})")
    full = pooling_convention == "full"
    outs = []
    for x, k, p, s in zip(sizes, kernel, pad, stride):
        if k > x + 2 * p:
            raise ValueError(f"kernel size ({k}) exceeds input ({x} padded to {x + 2 * p})")
        outs.append(_out_size(x, k, p, s, full))
    extra = _extra(sizes, kernel, pad, stride, outs)
    source = _padded(data, pad, extra, 0.0)
    if pool_type == "max":
        if any(extra):  # a clipped window's missing part never wins
            source[:, :, sizes[0] + 2 * pad[0]:] = float("-inf")
            source[:, :, :, sizes[1] + 2 * pad[1]:] = float("-inf")
        return F.max_pool2d(source, kernel, stride)
    (kh, kw), (sh, sw), (oh, ow) = kernel, stride, outs
    total = torch.zeros_like(source[:, :, :oh, :ow])
    for i in range(kh):
        for j in range(kw):
            total += source[:, :, i:i + sh * (oh - 1) + 1:sh, j:j + sw * (ow - 1) + 1:sw]
    if pool_type == "sum":
        return total
    scale = float(np.float32(1.0) / np.float32(kh * kw))
    return total * (float(np.float16(scale)) if data.dtype is torch.float16 else scale)


# ---- up-sampling and adaptive pooling --------------------------------------------------------

def _upsample_bilinear(data, weight, scale, num_filter):
    """Bilinear UpSampling (upsampling.cc): a grouped Deconvolution of ``data`` with ``weight``
    of shape ``(C, 1, k, k)``, ``k = 2*scale - scale%2``, stride ``scale``, pad ``ceil((scale-1)/2)``."""
    channels = data.shape[1]
    if num_filter != channels:  # MXNet crashes (num_filter=0) or fails in gemm otherwise
        raise ValueError(f"bilinear needs num_filter equal to the {channels} input channels, "
                         f"got {num_filter}")
    kernel = 2 * scale - scale % 2
    expected = (channels, 1, kernel, kernel)
    if tuple(weight.shape) != expected:
        raise ValueError(f"weight shape must be {expected}, got {tuple(weight.shape)}")
    if weight.dtype is not data.dtype:
        raise TypeError(f"weight dtype {dtypes.name_of(weight.dtype)} differs from data dtype "
                        f"{dtypes.name_of(data.dtype)}")
    return F.conv_transpose2d(data, weight, stride=scale, padding=scale // 2, groups=channels)


def _upsampling(*data, scale=REQUIRED, num_filter=0, sample_type=REQUIRED, multi_input_mode="concat",
                num_args=None, workspace=512):
    """UpSampling (upsampling-inl.h). nearest: every input repeated to the first's size times
    ``scale``, then concatenated along channels or summed; bilinear: ``(data, weight)``."""
    count = len(data) if num_args is None else num_args  # the frontend passes len(data)
    if sample_type == "bilinear" and num_args is None:
        count = 2
    if count != len(data):
        raise ValueError(f"Operator UpSampling expects {count} inputs, but got {len(data)} instead.")
    if scale < 1:
        raise ValueError(f"scale must be positive, got {scale}")
    first = data[0]
    if first.dim() != 4:
        raise ValueError(f"input data should be 4D in (batch, channel, y, x), got {first.dim()}D")
    _float_only(first)
    if sample_type == "bilinear":
        return _upsample_bilinear(first, data[1], scale, num_filter)
    height, width = first.shape[2] * scale, first.shape[3] * scale
    scaled = []
    for item in data:
        if item.dim() != 4 or item.shape[0] != first.shape[0]:
            raise ValueError(f"inputs must be 4D with the same batch size, got {tuple(item.shape)}")
        h, w = item.shape[2], item.shape[3]
        if height % h or width % w or height // h != width // w:
            raise ValueError(f"input of shape {tuple(item.shape)} cannot be scaled to ({height}, {width})")
        factor = height // h
        scaled.append(item if factor == 1 else item.repeat_interleave(factor, 2).repeat_interleave(factor, 3))
    if multi_input_mode == "sum":
        result = scaled[0]
        for item in scaled[1:]:
            if item.shape != result.shape:
                raise ValueError("sum mode needs inputs with the same number of channels")
            result = result + item
        return result
    return scaled[0] if len(scaled) == 1 else torch.cat(scaled, dim=1)


def _adaptive_avg_pool2d(data, *, output_size=()):
    """contrib.AdaptiveAvgPooling2D: windows floor(i*H/oh) .. ceil((i+1)*H/oh), as torch's."""
    _float_only(data)
    if data.dim() != 4:
        raise ValueError(f"input data should be 4D in (batch, channel, y, x), got {data.dim()}D")
    if not output_size:
        size = (1, 1)
    elif len(output_size) == 1:
        size = (output_size[0], output_size[0])
    elif len(output_size) == 2:
        size = tuple(output_size)
    else:
        raise ValueError(f"output_size must have 1 or 2 values, got {output_size}")
    return F.adaptive_avg_pool2d(data, size)


def _resized_size(data, like, mode, height, width, scale_height, scale_width):
    """Output (height, width) of BilinearResize2D (bilinear_resize.cc BilinearSampleOpInferShape)."""
    h, w = data.shape[2], data.shape[3]
    if mode == "like":
        if like is None:
            raise ValueError("Operator _contrib_BilinearResize2D expects 2 inputs, but got 1 instead.")
        if like.dim() != 4:
            raise ValueError(f"like must be 4D, got {like.dim()}D")
        return like.shape[2], like.shape[3]
    if like is not None:
        raise ValueError("Operator _contrib_BilinearResize2D expects 1 inputs, but got 2 instead.")
    if mode == "size":  # scale_height alone decides whether both scales are used
        if scale_height is None:
            return height, width
        if scale_width is None:
            raise ValueError("bad optional access: mode 'size' with scale_height needs scale_width")
        return int(scale_height * h), int(scale_width * w)
    if mode == "odd_scale":
        if scale_height is None or scale_width is None:
            raise ValueError("odd_scale mode needs scale_height and scale_width")
        return (int(h * scale_height) if h % 2 == 0 else int((h - 1) * scale_height) + 1,
                int(w * scale_width) if w % 2 == 0 else int((w - 1) * scale_width) + 1)
    step = {"to_even_down": (0, -1), "to_even_up": (0, 1), "to_odd_down": (1, -1), "to_odd_up": (1, 1)}[mode]
    return tuple(n if n % 2 == step[0] else n + step[1] for n in (h, w))


def _bilinear_resize(data, *, like=None, height=1, width=1, scale_height=None, scale_width=None,
                     mode="size", align_corners=True):
    """contrib.BilinearResize2D: torch's bilinear interpolation, whose source-index rule
    ((in-1)/(out-1) aligned, else in/out with half-pixel centres) is MXNet's."""
    _float_only(data)
    if data.dim() != 4:
        raise ValueError(f"input data should be 4D in (batch, channel, y, x), got {data.dim()}D")
    if height < 1 or width < 1:  # checked in every mode, as MXNet's parameter bounds
        raise ValueError(f"Parameter height and width should be greater equal to 1, got {height}, {width}")
    size = _resized_size(data, like, mode, height, width, scale_height, scale_width)
    if size[0] < 0 or size[1] < 0:
        raise ValueError(f"Shape dim size cannot be a negative value, got {size}")
    if 0 in size:  # scales rounding a side down to 0: an empty array (zero gradient), as MXNet
        return data.new_empty(tuple(data.shape[:2]) + tuple(size)) + data[:, :, :0].sum()
    # an output of 1 row (column) samples row (column) 0: MXNet's scale is 0 there, torch's is in/out
    if size[0] == 1:
        data = data[:, :, :1]
    if size[1] == 1:
        data = data[:, :, :, :1]
    return F.interpolate(data, size=size, mode="bilinear", align_corners=align_corners)


def _optional_ndarray(value):
    """The ``like`` input of BilinearResize2D, given in its param slot: a tensor or None."""
    if value is None:
        return None
    tensor = getattr(value, "handle", None)  # NDArray.handle is its torch tensor
    if isinstance(tensor, torch.Tensor):
        return tensor
    raise AssertionError(f"Argument like must have NDArray type, but got {value!r}")


def _optional_float(value):
    return None if value is None or value == "None" else parse_float(value)


# ---- the table --------------------------------------------------------------------------------

_KERNEL = Param("kernel", parse_shape, (), "pooling window: (x,), (y, x) or (d, y, x)")
_GLOBAL = Param("global_pool", parse_bool, False, "pool the whole feature map")
_STRIDE = Param("stride", parse_shape, (), "window stride per spatial dim; default 1")
_PAD = Param("pad", parse_shape, (), "zero padding per spatial dim; default 0")


def _optional_bool(value):
    return None if value is None or value == "None" else parse_bool(value)


_LAYOUT = optional_enum("NCW", "NWC", "NCHW", "NHWC", "NCDHW", "NDHWC")


POOLING = declare([
    OpSpec("Pooling", _pooling, differentiable=True, family="pooling", params=(
        _KERNEL,
        Param("pool_type", enum("avg", "lp", "max", "sum"), "max", "max, avg, sum or lp pooling"),
        _GLOBAL,
        Param("cudnn_off", parse_bool, False, "ignored (no cuDNN choice in mxnd)"),
        Param("pooling_convention", enum("full", "same", "valid"), "valid",
              "valid floors the output size, full (Caffe) ceils it"),
        _STRIDE, _PAD,
        Param("p_value", parse_optional_int, None, "p of lp pooling: 1, 2 or 3"),
        Param("count_include_pad", _optional_bool, None, "avg pooling counts the padding (default true)"),
        Param("layout", _LAYOUT, None, "NCW/NCHW/NCDHW (default) or channels-last NWC/NHWC/NDHWC"),
    ), doc="1-D, 2-D or 3-D max, average, sum or Lp pooling."),
    OpSpec("Pooling_v1", _pooling_v1, differentiable=True, family="pooling", params=(
        _KERNEL,
        Param("pool_type", enum("avg", "max", "sum"), "max", "max, avg or sum pooling"),
        _GLOBAL,
        Param("pooling_convention", enum("full", "valid"), "valid", "valid floors, full ceils the output size"),
        _STRIDE, _PAD,
    ), doc="The first version of Pooling: max, average or sum pooling."),
    OpSpec("UpSampling", _upsampling, inputs=("*data",), differentiable=True, family="pooling", params=(
        Param("scale", parse_int, REQUIRED, "up-sampling factor"),
        Param("num_filter", parse_int, 0, "input filters, for bilinear (unused by nearest)"),
        Param("sample_type", enum("bilinear", "nearest"), REQUIRED, "nearest, or bilinear (inputs data, weight)"),
        Param("multi_input_mode", enum("concat", "sum"), "concat", "how several inputs are combined"),
        Param("num_args", parse_optional_int, None, "number of inputs; the frontend passes len(data)"),
        Param("workspace", parse_int, 512, "ignored"),
    ), doc="Nearest-neighbour up-sampling of NCHW inputs, or bilinear as a grouped deconvolution."),
    OpSpec("_contrib_AdaptiveAvgPooling2D", _adaptive_avg_pool2d, differentiable=True, family="pooling",
           params=(Param("output_size", parse_shape, (), "output (height, width); one value for both; empty 1x1"),),
           doc="Adaptive average pooling of NCHW data to a given output size."),
    OpSpec("_contrib_BilinearResize2D", _bilinear_resize, differentiable=True, family="pooling", params=(
        Param("like", _optional_ndarray, None, "resize to this NDArray's height and width (mode='like')"),
        Param("height", parse_int, 1, "output height (mode 'size' without scale_height)"),
        Param("width", parse_int, 1, "output width (mode 'size' without scale_width)"),
        Param("scale_height", _optional_float, None, "height scale (modes 'size' and 'odd_scale')"),
        Param("scale_width", _optional_float, None, "width scale (modes 'size' and 'odd_scale')"),
        Param("mode", enum("like", "odd_scale", "size", "to_even_down", "to_even_up", "to_odd_down", "to_odd_up"),
              "size", "how the output size is chosen"),
        Param("align_corners", parse_bool, True, "align the corner pixels of input and output"),
    ), doc="Bilinear resizing of NCHW data to a size, a scale, another array's size or a parity."),
])
