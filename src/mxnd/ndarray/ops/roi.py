"""Neural-network operators of the roi family (issue 5): Crop, ROIPooling, contrib ROIAlign, Correlation.

MXNet 1.x rules kept here (src/operator/crop-inl.h, roi_pooling.cc, contrib/roi_align.cc,
correlation.cc):

- ``Crop`` takes 4-D float32 data only; with one input it crops to ``h_w``, with two to the
  spatial size of the second (``crop_like``, which gets a zero gradient); ``center_crop``
  takes ``floor((size - crop) / 2)`` as the offset, else ``offset`` must fit;
- ``ROIPooling`` rounds each roi corner times ``spatial_scale`` half away from zero, the roi
  spans at least one pixel, bin ``i`` covers ``[floor(i * bin), ceil((i + 1) * bin))`` shifted
  by the roi start and clipped to the map; an empty bin gives 0; the max gives its gradient to
  the first maximum in row-major order; rois get a zero gradient;
- ``ROIAlign`` averages bilinear samples on a ``sample_ratio`` grid per bin (adaptive
  ``ceil(roi_size / pooled_size)`` when ``sample_ratio <= 0``); a sample outside
  ``[-1, size]`` counts as 0; ``aligned`` shifts by half a pixel and keeps small rois; a
  negative batch index gives zeros; ``position_sensitive`` reads channel
  ``(c * ph + i) * pw + j`` for bin ``(i, j)``; rois get a zero gradient;
- ``Correlation`` pads both maps by ``pad_size``, compares the ``kernel_size`` patch at
  ``max_displacement + i * stride1`` of data1 with the patches of data2 displaced by multiples
  of ``stride2`` (output channel ``p * grid + q`` is displacement ``(p, q)``, row first), and
  divides by ``kernel_size**2 * channels``; ``|a - b|`` gives ``+1`` to a and ``-1`` to b on ties.

Deliberate differences (MXNet reads out of bounds, aborts or leaves memory uninitialized):
a roi batch index past the batch, an empty roi with ``aligned`` ROIAlign, data1 and data2 of
different shapes, and ``stride2=0`` raise MXNetError; a negative roi batch index gives an
all-zero ROIAlign output (MXNet zeros a single element).
"""
from __future__ import annotations

import math

import torch

from ... import dtypes
from ...params import parse_bool, parse_float, parse_int, parse_shape
from ...registry import REQUIRED, OpSpec, Param, declare


def _dtype_name(tensor):
    return dtypes.name_of(tensor.dtype)


# ---- Crop ----------------------------------------------------------------------------------


def _two(value, index):
    if len(value) <= index:
        raise ValueError(f"Check failed: i >= 0 && i < ndim(): index = {index} must be in range [0, {len(value)})")
    return int(value[index])


def _crop(*data, num_args=None, offset=(0, 0), h_w=(0, 0), center_crop=False):
    count = len(data)
    if count == 0:
        raise ValueError("value 0 for Parameter num_args should be greater equal to 1")
    if num_args is not None and num_args != count:
        raise ValueError(f"Operator Crop expects {num_args} inputs, but got {count} instead.")
    if count > 2:
        raise ValueError("Operator Crop inferring shapes failed. Crop only supports 1 or 2 inputs")
    for tensor in data:
        if tensor.dtype is not torch.float32:
            raise TypeError(f"Unsupported data type {_dtype_name(tensor)}: Crop supports float32 only")
    x = data[0]
    if x.dim() != 4:
        raise ValueError(f"Check failed: data_shape.ndim() == 4U ({x.dim()} vs. 4) : "
                         "Input data should be 4D in batch-num_filter-y-x")
    height, width = x.shape[2], x.shape[3]
    if count == 1:
        h, w = _two(h_w, 0), _two(h_w, 1)
        if h < 1:
            raise ValueError(f"Check failed: h_w[0] >= 1 ({h} vs. 1) : the crop height(h_w[0]) should be larger than 1")
        if h > height:
            raise ValueError(f"Check failed: h_w[0] <= data_shape[2] ({h} vs. {height}) : "
                             "the crop height(h_w[0]) should be less than the input data's height")
        if w < 1:
            raise ValueError(f"Check failed: h_w[1] >= 1 ({w} vs. 1) : the crop width(h_w[1]) should be larger than 1")
        if w > width:
            raise ValueError(f"Check failed: h_w[1] <= data_shape[3] ({w} vs. {width}) : "
                             "the crop width(h_w[1]) should be less than the input data's width")
    else:
        like = data[1]
        if like.dim() < 4:
            raise ValueError(f"Check failed: i >= 0 && i < ndim(): index = 2 must be in range [0, {like.dim()})")
        h, w = like.shape[2], like.shape[3]
        if h > height:
            raise ValueError(f"Check failed: data_shape[2] >= out_shape[2] ({height} vs. {h}) : "
                             "data_shape'height should be larger than that of out_shape")
        if w > width:
            raise ValueError(f"Check failed: data_shape[3] >= out_shape[3] ({width} vs. {w}) : "
                             "data_shape'weight should be larger than that of out_shape")
    if center_crop:
        top, left = (height - h) // 2, (width - w) // 2
    else:
        top, left = _two(offset, 0), _two(offset, 1)
        if top < 0:
            raise ValueError(f"Check failed: offset[0] >= 0 ({top} vs. 0) : offset[0] should be larger than 0")
        if top > height - h:
            raise ValueError(f"Check failed: offset[0] <= data_shape[2]-out_shape[2] ({top} vs. {height - h}) : "
                             "offset[0] should be less than the residual space of height")
        if left < 0:
            raise ValueError(f"Check failed: offset[1] >= 0 ({left} vs. 0) : offset[1] should be larger than 0")
        if left > width - w:
            raise ValueError(f"Check failed: offset[1] <= data_shape[3]-out_shape[3] ({left} vs. {width - w}) : "
                             "offset[1] should be less than the residual space of width")
    return x[:, :, top:top + h, left:left + w].clone()  # crop_like gets no (a zero) gradient


# ---- shared roi checks ---------------------------------------------------------------------


def check_pooled_size(pooled_size, op):
    """MXNet's checks of a roi operator's ``pooled_size`` (two positive sizes)."""
    if len(pooled_size) != 2:
        raise ValueError(f"value {list(pooled_size)}for Parameter pooled_size has wrong dimensions, "
                         f"expected dimension=2, in operator {op}")
    if any(p <= 0 for p in pooled_size):
        raise ValueError(f"value {list(pooled_size)}for Parameter pooled_size is invalid, "
                         f"the input shape must be nonzero in all dimensions, in operator {op}")


def check_roi_shapes(data, rois, spatial_scale, op, columns=5, unsigned=False):
    """MXNet's checks of ``spatial_scale`` in [0, 1], 4-D data and ``(R, columns)`` rois (its messages
    compare unsigned sizes, ``4U``, in the rotated and position-sensitive operators)."""
    u = "U" if unsigned else ""
    if not 0 <= spatial_scale <= 1:
        raise ValueError(f"value {spatial_scale:g} for Parameter spatial_scale exceed bound [0,1], in operator {op}")
    if data.dim() != 4:
        raise ValueError(f"Check failed: dshape.ndim() == 4{u} ({data.dim()} vs. 4) : data should be a 4D tensor")
    if rois.dim() != 2:
        raise ValueError(f"Check failed: bshape.ndim() == 2{u} ({rois.dim()} vs. 2) : "
                         f"bbox should be a 2D tensor of shape [batch, {columns}]")
    if rois.shape[1] != columns:
        raise ValueError(f"Check failed: bshape[1] == {columns}{u} ({rois.shape[1]} vs. {columns}) : "
                         f"bbox should be a 2D tensor of shape [batch, {columns}]")


def _check_roi_inputs(data, rois, pooled_size, spatial_scale, op):
    check_pooled_size(pooled_size, op)
    check_roi_shapes(data, rois, spatial_scale, op)
    if rois.shape[0] == 0:
        raise ValueError(f"Check failed: out_data[kOut].shape_[0] == in_data[kBox].shape_[0] (-1 vs. 0) : "
                         f"{op} needs at least one roi")
    if rois.dtype != data.dtype or not data.is_floating_point():
        raise TypeError(f"Check failed: dtype == (*in_type)[1]: rois ({_dtype_name(rois)}) must have the "
                        f"float dtype of data ({_dtype_name(data)})")


def _batch_index(rois, batch, allow_negative):
    """Each roi's batch index (C++'s ``(int)`` cast), checked, on the host: the callers mix it with
    host geometry (one read-back of the column, where a device index needed one for the check)."""
    index = rois[:, 0].detach().cpu().to(torch.float64).trunc().to(torch.int64)
    low = -math.inf if allow_negative else 0
    bad = (index >= batch) | (index < low)
    if bool(bad.any()):
        raise ValueError(f"roi batch index out of range [0, {batch}): {index[bad].tolist()}")
    return index


def _chunks(count, per_roi, budget=1 << 25):
    """``(start, stop)`` ranges over ``count`` rois, each using about ``budget`` elements at most."""
    step = max(1, budget // max(per_roi, 1))
    return [(lo, min(lo + step, count)) for lo in range(0, count, step)]


# ---- ROIPooling ----------------------------------------------------------------------------


def _c_round(values):
    """C ``round`` (halves away from zero), exact for every float: ``trunc`` plus the fraction test
    (``floor(|x| + 0.5)`` rounds 0.49999997 up and odd integers above 2**23 to the next even one)."""
    whole = torch.trunc(values)
    up = (values - whole).abs() >= 0.5
    return torch.where(up, whole + torch.sign(values), whole)


def _bin_bounds(start, length, pooled, dtype):
    """(R, pooled) int bounds ``[lo, hi)`` of each bin of each roi, not clipped to the map.

    As roi_pooling.cc, in the data's float type: ``floor(i * (length / pooled))`` and
    ``ceil((i + 1) * (length / pooled))``, shifted by the roi start.
    """
    bin_size = length.to(dtype) / torch.tensor(pooled, dtype=dtype)
    steps = torch.arange(pooled, dtype=dtype)
    lo = torch.floor(steps[None, :] * bin_size[:, None]).to(torch.int64) + start[:, None]
    hi = torch.ceil((steps[None, :] + 1) * bin_size[:, None]).to(torch.int64) + start[:, None]
    return lo, hi


def _adaptive_bounds(start, length, pooled):
    """The bins of torch's adaptive pooling, ``floor(i * L / P)`` to ``ceil((i + 1) * L / P)``, exactly."""
    steps = torch.arange(pooled, dtype=torch.int64)[None, :]
    lo = torch.div(steps * length[:, None], pooled, rounding_mode="floor")
    hi = -torch.div(-(steps + 1) * length[:, None], pooled, rounding_mode="floor")
    return lo + start[:, None], hi + start[:, None]


def _masked_roi_max(crop, rows_at, cols_at, lo_h, hi_h, lo_w, hi_w, lowest):
    """Max of ``crop`` (C, h, w) over each bin given by masks; the first maximum wins ties."""
    mask_h = ((rows_at[None, :] >= lo_h[:, None]) & (rows_at[None, :] < hi_h[:, None])).to(crop.device)
    mask_w = ((cols_at[None, :] >= lo_w[:, None]) & (cols_at[None, :] < hi_w[:, None])).to(crop.device)
    fill = torch.as_tensor(lowest, dtype=crop.dtype, device=crop.device)
    best = torch.where(mask_w, crop.unsqueeze(2), fill).max(dim=3).values  # (C, h, pw)
    best = torch.where(mask_h, best.transpose(1, 2).unsqueeze(2), fill).max(dim=3).values  # (C, pw, ph)
    return best.transpose(1, 2)


def _roi_pooling(data, rois, pooled_size=REQUIRED, spatial_scale=REQUIRED):
    _check_roi_inputs(data, rois, pooled_size, spatial_scale, "ROIPooling")
    ph, pw = pooled_size
    batch, channels, height, width = data.shape
    index = _batch_index(rois, batch, False).tolist()
    work = torch.float64 if data.dtype is torch.float64 else torch.float32
    boxes = rois.detach().cpu().to(work)
    corners = _c_round(boxes[:, 1:] * torch.tensor(spatial_scale, dtype=work)).to(torch.int64)
    x1, y1, x2, y2 = corners.unbind(1)
    roi_h, roi_w = (y2 - y1 + 1).clamp(min=1), (x2 - x1 + 1).clamp(min=1)
    lo_h, hi_h = _bin_bounds(y1, roi_h, ph, work)
    lo_w, hi_w = _bin_bounds(x1, roi_w, pw, work)
    # torch's adaptive max pooling has the same bins unless float rounding moved one
    same_bins = torch.stack([(a == b).all(1) for a, b in zip(
        _adaptive_bounds(y1, roi_h, ph) + _adaptive_bounds(x1, roi_w, pw), (lo_h, hi_h, lo_w, hi_w))]).all(0)
    lo_h, hi_h, lo_w, hi_w = lo_h.clamp(0, height), hi_h.clamp(0, height), lo_w.clamp(0, width), hi_w.clamp(0, width)
    empty = ((hi_h <= lo_h)[:, :, None] | (hi_w <= lo_w)[:, None, :]).to(data.device)  # (R, ph, pw)
    # every bin starts at -FLT_MAX (in the data's dtype: -inf for float16) and takes only greater
    # values, so NaN, -inf and -FLT_MAX itself never win (and get no gradient)
    lowest = torch.tensor(-torch.finfo(torch.float32).max, dtype=data.dtype, device=data.device)
    pieces = []
    starts = zip(y1.tolist(), x1.tolist(), roi_h.tolist(), roi_w.tolist(), same_bins.tolist())
    for r, (top, left, size_h, size_w, same) in enumerate(starts):
        h0, h1 = int(lo_h[r].min()), int(hi_h[r].max())
        w0, w1 = int(lo_w[r].min()), int(hi_w[r].max())
        if h1 <= h0 or w1 <= w0:  # the roi lies outside the map
            pieces.append(data.new_zeros((channels, ph, pw)))
            continue
        crop = data[index[r], :, h0:h1, w0:w1]  # (C, h, w): the roi's part of the map
        crop = torch.where(crop > lowest, crop, lowest)
        if same and size_h * size_w <= 4 * (h1 - h0) * (w1 - w0) + 64:
            # the roi padded with the lowest value to its full size, then torch's adaptive pooling
            pad = (w0 - left, left + size_w - w1, h0 - top, top + size_h - h1)
            full = torch.nn.functional.pad(crop.unsqueeze(0), pad, value=lowest.item())
            pieces.append(torch.nn.functional.adaptive_max_pool2d(full, (ph, pw))[0])
        else:
            pieces.append(_masked_roi_max(crop, torch.arange(h0, h1), torch.arange(w0, w1),
                                          lo_h[r], hi_h[r], lo_w[r], hi_w[r], lowest))
    out = torch.stack(pieces)
    return out.masked_fill(empty[:, None], 0).contiguous()


# ---- ROIAlign ------------------------------------------------------------------------------


def _interpolation(start, bin_size, grid, pooled, size, dtype):
    """(R, pooled, size): summed bilinear weights of the grid samples of each bin (roi_align.cc)."""
    count = start.shape[0]
    most = int(grid.max().item()) if count else 0
    steps = torch.arange(pooled, dtype=dtype)
    samples = torch.arange(max(most, 1), dtype=dtype)
    valid = samples[None, :] < grid[:, None]  # (R, G)
    grid_f = grid.to(dtype).clamp(min=1)
    pos = (start[:, None, None] + steps[None, :, None] * bin_size[:, None, None]
           + (samples[None, None, :] + 0.5) * bin_size[:, None, None] / grid_f[:, None, None])  # (R, P, G)
    inside = (pos >= -1.0) & (pos <= size) & valid[:, None, :]
    pos = pos.clamp(min=0)
    low = pos.to(torch.int64)
    top = low >= size - 1
    low = torch.where(top, torch.full_like(low, size - 1), low)
    high = torch.where(top, low, low + 1)
    pos = torch.where(top, low.to(dtype), pos)
    frac = pos - low.to(dtype)
    weights = torch.zeros((count, pooled, size), dtype=dtype)
    zero = torch.zeros_like(frac)
    weights.scatter_add_(2, low.clamp(0, max(size - 1, 0)), torch.where(inside, 1 - frac, zero))
    weights.scatter_add_(2, high.clamp(0, max(size - 1, 0)), torch.where(inside, frac, zero))
    return weights


def _roi_align(data, rois, pooled_size=REQUIRED, spatial_scale=REQUIRED, sample_ratio=-1,
               position_sensitive=False, aligned=False):
    _check_roi_inputs(data, rois, pooled_size, spatial_scale, "_contrib_ROIAlign")
    ph, pw = pooled_size
    batch, channels, height, width = data.shape
    if position_sensitive and channels % (ph * pw) != 0:
        raise ValueError(f"Check failed: dshape[1] % (param.pooled_size[0]*param.pooled_size[1]) == 0 "
                         f"({channels} vs. 0) : Input channels should be divided by "
                         "pooled_size[0]*pooled_size[1]when position_sensitive is true.")
    out_channels = channels // (ph * pw) if position_sensitive else channels
    count = rois.shape[0]
    index = _batch_index(rois, batch, True)
    work = torch.float64 if data.dtype is torch.float64 else torch.float32
    boxes = rois.detach().cpu().to(work)
    shift = 0.5 if aligned else 0.0
    x1, y1, x2, y2 = (boxes[:, 1:] * torch.tensor(spatial_scale, dtype=work) - shift).unbind(1)
    roi_w, roi_h = x2 - x1, y2 - y1
    if aligned:
        if bool((roi_w <= 0).any()):
            raise ValueError("Check failed: roi_width > 0. (0 vs. 0) : ")
        if bool((roi_h <= 0).any()):
            raise ValueError("Check failed: roi_height > 0. (0 vs. 0) : ")
    else:
        roi_w, roi_h = roi_w.clamp(min=1.0), roi_h.clamp(min=1.0)
    bin_h, bin_w = roi_h / ph, roi_w / pw
    if sample_ratio > 0:
        grid_h = torch.full((count,), sample_ratio, dtype=torch.int64)
        grid_w = grid_h
    else:
        grid_h = torch.ceil(roi_h / ph).to(torch.int64)
        grid_w = torch.ceil(roi_w / pw).to(torch.int64)
    wy = _interpolation(y1, bin_h, grid_h, ph, height, work)  # (R, ph, H)
    wx = _interpolation(x1, bin_w, grid_w, pw, width, work)   # (R, pw, W)
    scale = 1.0 / (grid_h * grid_w).to(work)
    keep = index >= 0
    scale = torch.where(keep, scale, torch.zeros_like(scale))
    wy = (wy * scale[:, None, None]).to(device=data.device)
    wx = wx.to(device=data.device)
    compute = data if data.dtype in (torch.float32, torch.float64) else data.to(torch.float32)
    wy, wx = wy.to(compute.dtype), wx.to(compute.dtype)
    index = index.clamp(min=0).to(data.device)
    pieces = []
    for lo, hi in _chunks(count, channels * height * width):
        crops = compute[index[lo:hi]]  # (r, C, H, W)
        if position_sensitive:
            crops = crops.reshape(hi - lo, out_channels, ph, pw, height, width)
            pieces.append(torch.einsum("rph,rcpqhw,rqw->rcpq", wy[lo:hi], crops, wx[lo:hi]))
        else:
            pieces.append(torch.einsum("rph,rchw,rqw->rcpq", wy[lo:hi], crops, wx[lo:hi]))
    out = torch.cat(pieces) if len(pieces) > 1 else pieces[0]
    return out.to(data.dtype).contiguous()


# ---- Correlation ---------------------------------------------------------------------------


def _correlation(data1, data2, kernel_size=1, max_displacement=1, stride1=1, stride2=1, pad_size=0,
                 is_multiply=True):
    if data1.dim() != 4:
        raise ValueError(f"Check failed: dshape1.ndim() == 4U ({data1.dim()} vs. 4) : data should be a 4D tensor")
    if data2.dim() != 4:
        raise ValueError(f"Check failed: dshape2.ndim() == 4U ({data2.dim()} vs. 4) : data should be a 4D tensor")
    if data1.dtype != data2.dtype:
        raise TypeError(f"Type inconsistent, Provided = {_dtype_name(data2)}, inferred type = {_dtype_name(data1)}")
    if not data1.is_floating_point():
        raise TypeError(f"Correlation supports float types only, not {_dtype_name(data1)}")
    if data1.shape != data2.shape:
        raise ValueError(f"data1 and data2 must have the same shape, got {tuple(data1.shape)} and {tuple(data2.shape)}")
    if kernel_size % 2 == 0:
        raise ValueError(f"Check failed: param_.kernel_size % 2 != 0 ({kernel_size % 2} vs. 0) : "
                         "kernel size should be odd number")
    if stride2 <= 0:
        raise ValueError(f"stride2 must be positive, got {stride2}")
    batch, channels, height, width = data1.shape
    radius = (kernel_size - 1) // 2
    border = max_displacement + radius
    padded_h, padded_w = height + 2 * pad_size, width + 2 * pad_size
    top_h = -(-(padded_h - 2 * border) // stride1) if stride1 > 0 else 0
    top_w = -(-(padded_w - 2 * border) // stride1) if stride1 > 0 else 0
    if top_w < 1:
        raise ValueError(f"Check failed: top_width_ >= 1U ({max(top_w, 0)} vs. 1) : Correlation cannot be done with "
                         "current settings.Neighborhood and kernel don't fit in blob")
    if top_h < 1:
        raise ValueError(f"Check failed: top_height_ >= 1U ({max(top_h, 0)} vs. 1) : Correlation cannot be done with "
                         "current settings.Neighborhood and kernel don't fit in blob")
    grid_radius = max_displacement // stride2
    grid = 2 * grid_radius + 1
    compute = data1.dtype if data1.dtype in (torch.float32, torch.float64) else torch.float32
    pad = [pad_size, pad_size + kernel_size, pad_size, pad_size + kernel_size]
    first = torch.nn.functional.pad(data1.to(compute), pad)
    second = torch.nn.functional.pad(data2.to(compute), pad)
    span_h = (top_h - 1) * stride1 + kernel_size
    span_w = (top_w - 1) * stride1 + kernel_size
    base = first[:, :, max_displacement:max_displacement + span_h, max_displacement:max_displacement + span_w]
    outputs = []
    for channel in range(grid * grid):
        dy = (channel // grid - grid_radius) * stride2
        dx = (channel % grid - grid_radius) * stride2
        y0, x0 = max_displacement + dy, max_displacement + dx
        moved = second[:, :, y0:y0 + span_h, x0:x0 + span_w]
        if is_multiply:
            pair = base * moved
        else:  # |a - b| with MXNet's tie rule: a gets +1 and b gets -1 where a == b
            diff = base - moved
            pair = torch.where(diff >= 0, diff, -diff)
        summed = pair.sum(1, keepdim=True)
        window = torch.nn.functional.avg_pool2d(summed, kernel_size, stride=max(stride1, 1))
        outputs.append(window[:, :, :top_h, :top_w])
    out = torch.cat(outputs, 1) / channels
    return out.to(data1.dtype)


def _pooled_size_param(doc):
    return Param("pooled_size", parse_shape, REQUIRED, doc)


def _spatial_scale_param():
    return Param("spatial_scale", parse_float, REQUIRED,
                 "ratio of the feature map size to the image size (reciprocal of the total stride)")


TABLE = declare([
    OpSpec("Crop", _crop, inputs=("*data",),
           params=(Param("num_args", parse_int, None, "number of inputs (MXNet fills it in from the call)"),
                   Param("offset", parse_shape, (0, 0), "crop offset coordinate: (y, x)"),
                   Param("h_w", parse_shape, (0, 0), "crop height and width: (h, w)"),
                   Param("center_crop", parse_bool, False, "crop at the center instead of at offset")),
           # MXNet gives Crop a gradient, but for float32 only, so the float64 finite-difference
           # check cannot run it; its gradient is checked against MXNet in tests/golden/roi_cases.py
           differentiable=False, family="roi",
           doc="Crop the 2nd and 3rd dim of input data to h_w or to the size of the second input "
               "(deprecated: use slice)."),
    OpSpec("ROIPooling", _roi_pooling, inputs=("data", "rois"),
           params=(_pooled_size_param("ROI pooling output shape (h,w)"), _spatial_scale_param()),
           differentiable=True, family="roi",
           doc="Performs region of interest (ROI) max pooling on the input array."),
    OpSpec("_contrib_ROIAlign", _roi_align, inputs=("data", "rois"),
           params=(_pooled_size_param("ROI Align output roi feature map height and width: (h, w)"),
                   _spatial_scale_param(),
                   Param("sample_ratio", parse_int, -1, "sampling ratio of ROI align; adaptive when <= 0"),
                   Param("position_sensitive", parse_bool, False, "position-sensitive RoI pooling (R-FCN)"),
                   Param("aligned", parse_bool, False, "center-aligned ROIAlign (Detectron2)")),
           differentiable=True, family="roi",
           doc="Align the feature map over sub-regions of rois by bilinear sampling and average pooling."),
    OpSpec("Correlation", _correlation, inputs=("data1", "data2"),
           params=(Param("kernel_size", parse_int, 1, "kernel size for Correlation must be an odd number"),
                   Param("max_displacement", parse_int, 1, "max displacement of Correlation"),
                   Param("stride1", parse_int, 1, "stride1 quantize data1 globally"),
                   Param("stride2", parse_int, 1,
                         "stride2 quantize data2 within the neighborhood centered around data1"),
                   Param("pad_size", parse_int, 0, "pad for Correlation"),
                   Param("is_multiply", parse_bool, True, "operation type is either multiplication or subduction")),
           differentiable=True, family="roi",
           doc="Applies correlation to inputs: patch comparisons of two feature maps over a neighborhood."),
])
