"""Position-sensitive and rotated roi operators: contrib PSROIPooling and RROIAlign.

MXNet 1.x rules kept here (src/operator/contrib/psroi_pooling.cc, rroi_align.cc):

- ``PSROIPooling`` works in the data's float type: each roi corner is rounded half away from
  zero, then scaled (``round(x1) * scale``, ``(round(x2) + 1) * scale``); the roi spans at
  least 0.1; bin ``i`` covers ``[floor(i * bin + start), ceil((i + 1) * bin + start))``
  clipped to the map; output ``(ctop, i, j)`` averages channel
  ``(ctop * group_size + gh) * group_size + gw`` (``gh = floor(i * group_size / pooled_size)``
  clipped to ``[0, group_size - 1]``) over the bin, in row-major order; an empty bin gives 0
  (a NaN or out-of-int roi makes the bins empty as C's conversion does); ``group_size=0``
  means ``pooled_size``. The data gradient spreads ``grad / bin_area`` over each bin; the
  rois get a zero gradient;
- ``RROIAlign`` scales the center and size, takes at least 1 for the size, converts the angle
  in double (``angle * pi / 180``) before rounding it to the data's type; sample
  ``(iy + 0.5) * bin / grid`` of bin ``(i, j)``, relative to the roi center, is rotated by
  the angle and translated to the center; a sample outside ``[-1, size]`` counts as 0, one in
  ``[-1, 0]`` is read at 0, one past ``size - 1`` at ``size - 1``; the grid is
  ``sampling_ratio``, or ``ceil(roi_size / pooled_size)`` when ``sampling_ratio <= 0``; the
  bin is the mean of its samples, summed in order. MXNet registers no gradient for it: a
  backward through it raises MXNetError ("... non-differentiable because it didn't register
  FGradient attribute.").

Deliberate differences (MXNet reads out of bounds or aborts): a roi batch index outside the
batch, and a PSROIPooling channel past the data's channels (``output_dim * group_size**2``
larger than them), raise MXNetError; a NaN RROIAlign roi gives NaN; an RROIAlign sampling
grid of more than 4096 points per bin (an adaptive grid of a roi wider than 64 bins' worth of
pixels) raises and asks for ``sampling_ratio``, since mxnd visits the points one at a time in
MXNet's order. float16 is computed in float32 and rounded (MXNet
computes in half precision).
"""
from __future__ import annotations

import math

import torch

from ... import dtypes
from ...params import parse_float, parse_int, parse_shape
from ...registry import REQUIRED, OpSpec, Param, declare
from .roi import _batch_index, _c_round, _chunks, _dtype_name, check_pooled_size, check_roi_shapes
from .unary import without_gradient

_INT_MIN = -2 ** 31


def _work_dtype(data):
    return torch.float64 if data.dtype is torch.float64 else torch.float32


def _check_common(data, rois, spatial_scale, op, columns, unsigned):
    check_roi_shapes(data, rois, spatial_scale, op, columns, unsigned)
    if rois.dtype != data.dtype:
        raise TypeError(f"Check failed: dtype == (*in_type)[1] ({dtypes.flag_of(data.dtype)} vs. {dtypes.flag_of(rois.dtype)}) : "
                        f"rois ({_dtype_name(rois)}) must have the dtype of data ({_dtype_name(data)})")
    if not data.is_floating_point() or data.dtype is torch.bfloat16:
        raise TypeError(f"This operation only support floating point types, not {_dtype_name(data)}")
    if rois.shape[0] == 0:
        short = "psroipool" if op == "_contrib_PSROIPooling" else "rroialign"
        raise ValueError(f"Check failed: out_data[{short}: :kOut].shape_[0] == in_data[{short}::kBox].shape_[0] "
                         f"(-1 vs. 0) : {op} needs at least one roi")


def _c_int(values):
    """C's ``(int)`` of a float on x86: truncation, INT_MIN for NaN and values outside int32."""
    fits = (values >= -2147483648.0) & (values < 2147483648.0)
    whole = torch.where(fits, values, torch.zeros_like(values)).trunc().to(torch.int64)
    return torch.where(fits, whole, torch.full_like(whole, _INT_MIN))


def _float_param(value, work):
    """A C++ ``float`` parameter as the kernel's DType sees it."""
    return torch.tensor(value, dtype=torch.float32).to(work)


# ---- PSROIPooling ------------------------------------------------------------------------


def _ps_bounds(start, size, pooled, limit, work):
    """(R, pooled) clipped int bounds ``[lo, hi)`` of the bins (psroi_pooling.cc, in DType)."""
    bin_size = size / torch.tensor(pooled, dtype=work)
    steps = torch.arange(pooled, dtype=work)
    lo = _c_int(torch.floor(steps[None, :] * bin_size[:, None] + start[:, None]))
    hi = _c_int(torch.ceil((steps[None, :] + 1) * bin_size[:, None] + start[:, None]))
    return lo.clamp(0, limit), hi.clamp(0, limit)


def _group_index(pooled, group_size, work):
    """``floor(DType(p) * group_size / pooled)`` clipped to ``[0, group_size - 1]`` as C's min/max do."""
    raw = _c_int(torch.floor(torch.arange(pooled, dtype=work) * group_size / pooled))
    return torch.minimum(torch.maximum(raw, torch.zeros_like(raw)), torch.full_like(raw, group_size - 1))


def _psroi_pooling(data, rois, spatial_scale=REQUIRED, output_dim=REQUIRED, pooled_size=REQUIRED, group_size=0):
    op = "_contrib_PSROIPooling"
    _check_common(data, rois, spatial_scale, op, 5, False)
    for name, value in (("output_dim", output_dim), ("pooled_size", pooled_size)):
        if value < 0:
            raise ValueError(f"Check failed: dim_size_is_known(*it): Shape dim size cannot be a negative value "
                             f"{value} ({op} {name})")
    group = pooled_size if group_size == 0 else group_size
    batch, channels, height, width = data.shape
    count = rois.shape[0]
    if output_dim == 0 or pooled_size == 0:
        return data.new_zeros((count, output_dim, pooled_size, pooled_size))
    work = _work_dtype(data)
    index = _batch_index(rois, batch, False)
    gh = _group_index(pooled_size, group, work)
    cmap = ((torch.arange(output_dim)[:, None, None] * group + gh[None, :, None]) * group
            + gh[None, None, :])  # (od, P, P): the channel read by each output
    if int(cmap.min()) < 0 or int(cmap.max()) >= channels:
        raise ValueError(f"output_dim * group_size**2 = {output_dim} * {group}**2 needs channel "
                         f"{int(cmap.max())}, past the data's {channels} channels")
    boxes = rois.detach().cpu().to(work)
    scale = _float_param(spatial_scale, work)
    x1, y1, x2, y2 = _c_round(boxes[:, 1:]).unbind(1)
    start_w, start_h = x1 * scale, y1 * scale
    end_w, end_h = (x2 + 1) * scale, (y2 + 1) * scale
    least = torch.tensor(0.1, dtype=work)
    # C++ max(a, 0.1) keeps a NaN a
    size_w = torch.where(end_w - start_w < least, least, end_w - start_w)
    size_h = torch.where(end_h - start_h < least, least, end_h - start_h)
    lo_h, hi_h = _ps_bounds(start_h, size_h, pooled_size, height, work)  # (R, P)
    lo_w, hi_w = _ps_bounds(start_w, size_w, pooled_size, width, work)
    span_h, span_w = (hi_h - lo_h).clamp(min=0), (hi_w - lo_w).clamp(min=0)
    area = (span_h[:, :, None] * span_w[:, None, :])  # (R, P, P) ints
    compute = data if data.dtype in (torch.float32, torch.float64) else data.to(torch.float32)
    device = data.device
    if compute.numel() == 0:
        return data.new_zeros((count, output_dim, pooled_size, pooled_size))
    flat = compute.reshape(-1)
    plane = height * width
    pieces = []
    most_h, most_w = max(int(span_h.max()), 1), max(int(span_w.max()), 1)
    per_roi = output_dim * pooled_size * pooled_size * most_h * most_w
    for lo, hi in _chunks(count, per_roi, budget=1 << 24):
        kh = max(int(span_h[lo:hi].max()), 1)
        kw = max(int(span_w[lo:hi].max()), 1)
        rows = lo_h[lo:hi, :, None] + torch.arange(kh)  # (r, P, kh)
        cols = lo_w[lo:hi, :, None] + torch.arange(kw)  # (r, P, kw)
        ok_h, ok_w = rows < hi_h[lo:hi, :, None], cols < hi_w[lo:hi, :, None]
        rows, cols = rows.clamp(0, height - 1), cols.clamp(0, width - 1)
        base = ((index[lo:hi, None, None, None] * channels + cmap[None]) * plane).to(device)  # (r, od, P, P)
        rows, cols = (rows * width).to(device), cols.to(device)
        ok_h, ok_w = ok_h.to(device), ok_w.to(device)
        zero = torch.zeros((), dtype=flat.dtype, device=device)
        total = torch.zeros(base.shape, dtype=flat.dtype, device=device)
        for i in range(kh):  # one bin position at a time, h then w: MXNet's order of the sum
            row_at, row_ok = base + rows[:, None, :, None, i], ok_h[:, None, :, None, i]
            for j in range(kw):
                value = flat[row_at + cols[:, None, None, :, j]]
                total = total + torch.where(row_ok & ok_w[:, None, None, :, j], value, zero)
        pieces.append(total)
    total = torch.cat(pieces) if len(pieces) > 1 else pieces[0]
    divisor = area.to(device=device, dtype=total.dtype)[:, None]
    out = torch.where(divisor > 0, total / divisor.clamp(min=1), torch.zeros((), dtype=total.dtype, device=device))
    return out.to(data.dtype).contiguous()


# ---- RROIAlign ---------------------------------------------------------------------------

# sampling points of one chunk of rois (MXNet allocates them per roi; past this we refuse)
_MOST_SAMPLES = 1 << 28
# sampling points per bin: mxnd's loop visits them one at a time (0.2 ms or more each)
_MOST_BIN_SAMPLES = 4096


def _rroi_grid_positions(boxes, ph, pw, scale, sampling_ratio, work):
    """Per roi: the sampling grid and the rotated sample positions (rroi_align.cc, in DType)."""
    count = boxes.shape[0]
    center_w, center_h = boxes[:, 1] * scale, boxes[:, 2] * scale
    size_w, size_h = boxes[:, 3] * scale, boxes[:, 4] * scale
    theta = (boxes[:, 5].to(torch.float64) * math.pi / 180.0).to(work)
    one = torch.tensor(1.0, dtype=work)
    size_w = torch.where(size_w < one, one, size_w)  # C++ max(a, 1) keeps a NaN a
    size_h = torch.where(size_h < one, one, size_h)
    start_h, start_w = -size_h / 2, -size_w / 2
    bin_h, bin_w = size_h / ph, size_w / pw
    if sampling_ratio > 0:
        grid_h = torch.full((count,), sampling_ratio, dtype=torch.int64)
        grid_w = grid_h.clone()
    else:
        grid_h, grid_w = _c_int(torch.ceil(size_h / ph)), _c_int(torch.ceil(size_w / pw))
    bad = torch.isnan(boxes[:, 1:]).any(1) | (grid_h <= 0) | (grid_w <= 0)  # NaN rois give NaN
    grid_h = torch.where(bad, torch.ones_like(grid_h), grid_h)
    grid_w = torch.where(bad, torch.ones_like(grid_w), grid_w)
    # cos/sin of the DType angle, rounded once to DType as libm's cosf/sinf
    cos, sin = torch.cos(theta.to(torch.float64)).to(work), torch.sin(theta.to(torch.float64)).to(work)
    return (center_h, center_w, start_h, start_w, bin_h, bin_w, grid_h, grid_w, cos, sin, bad)


def _rroi_align_compute(data, rois, pooled_size, spatial_scale, sampling_ratio):
    ph, pw = pooled_size
    batch, channels, height, width = data.shape
    count = rois.shape[0]
    index = _batch_index(rois, batch, False)
    work = _work_dtype(data)
    boxes = rois.detach().cpu().to(work)
    scale = _float_param(spatial_scale, work)
    (center_h, center_w, start_h, start_w, bin_h, bin_w, grid_h, grid_w, cos, sin,
     bad) = _rroi_grid_positions(boxes, ph, pw, scale, sampling_ratio, work)
    samples = grid_h * grid_w
    if bool((samples > _MOST_BIN_SAMPLES).any()):
        raise ValueError(f"a sampling grid of {int(grid_h.max())} x {int(grid_w.max())} points per bin is "
                         f"too large (at most {_MOST_BIN_SAMPLES}): pass sampling_ratio")
    compute = data if data.dtype in (torch.float32, torch.float64) else data.to(torch.float32)
    device = data.device
    if compute.numel() == 0:
        out = torch.zeros((count, channels, ph, pw), dtype=compute.dtype, device=device)
        return out.to(data.dtype)
    # channels last: a sample's C values are one contiguous row, gathered by (image, position) alone
    flat = compute.permute(0, 2, 3, 1).reshape(batch, height * width, channels)
    steps_h = torch.arange(ph, dtype=work)[None, :, None]
    steps_w = torch.arange(pw, dtype=work)[None, None, :]
    pieces = []
    for lo, hi in _chunks(count, channels * ph * pw * 4, budget=1 << 24):
        sl = slice(lo, hi)
        gh, gw = grid_h[sl], grid_w[sl]
        most = int((gh * gw).max())
        if most * (hi - lo) * ph * pw > _MOST_SAMPLES:
            raise ValueError(f"{most} sampling points per bin are too many")
        total = torch.zeros((hi - lo, ph * pw, channels), dtype=compute.dtype, device=device)
        rows = index[sl].to(device)[:, None]

        def col(t):
            return t[sl][:, None, None]

        base_h = col(start_h) + steps_h * col(bin_h)  # (r, P, 1)
        base_w = col(start_w) + steps_w * col(bin_w)  # (r, 1, P)
        gh_f, gw_f = gh.to(work), gw.to(work)
        broken = bad[sl].clone()
        for k in range(most):  # sample (iy, ix) of every roi's grid, in MXNet's order
            active = k < gh * gw  # (r,)
            iy = torch.div(torch.full_like(gw, k), gw, rounding_mode="floor")
            ix = k - iy * gw
            yy = base_h + (iy.to(work) + 0.5)[:, None, None] * col(bin_h) / gh_f[:, None, None]
            xx = base_w + (ix.to(work) + 0.5)[:, None, None] * col(bin_w) / gw_f[:, None, None]
            yy, xx = yy.expand(-1, ph, pw), xx.expand(-1, ph, pw)
            x = xx * col(cos) + yy * col(sin) + col(center_w)
            y = yy * col(cos) - xx * col(sin) + col(center_h)
            lost = torch.isnan(x) | torch.isnan(y)  # a NaN angle or size: the roi gives NaN
            broken = broken | lost.flatten(1).any(1)
            outside = (y < -1.0) | (y > height) | (x < -1.0) | (x > width) | lost
            y = torch.where(y <= 0, torch.zeros_like(y), y)
            x = torch.where(x <= 0, torch.zeros_like(x), x)
            y_low, x_low = _c_int(torch.where(outside, torch.zeros_like(y), y)), \
                _c_int(torch.where(outside, torch.zeros_like(x), x))
            top_y, top_x = y_low >= height - 1, x_low >= width - 1
            y_low = torch.where(top_y, torch.full_like(y_low, height - 1), y_low)
            x_low = torch.where(top_x, torch.full_like(x_low, width - 1), x_low)
            y_high = torch.where(top_y, y_low, y_low + 1)
            x_high = torch.where(top_x, x_low, x_low + 1)
            y = torch.where(top_y, y_low.to(work), y)
            x = torch.where(top_x, x_low.to(work), x)
            ly, lx = y - y_low.to(work), x - x_low.to(work)
            hy, hx = 1 - ly, 1 - lx
            weights = [hy * hx, hy * lx, ly * hx, ly * lx]
            where = [y_low * width + x_low, y_low * width + x_high, y_high * width + x_low, y_high * width + x_high]
            value = None
            for weight, at in zip(weights, where):
                # MXNet reads position 0 with weight 0 for a sample outside the map
                weight = torch.where(outside, torch.zeros_like(weight), weight)
                at = torch.where(outside, torch.zeros_like(at), at)
                read = flat[rows, at.reshape(hi - lo, ph * pw).to(device)]  # (r, P*P, C)
                term = weight.to(device=device, dtype=compute.dtype).reshape(hi - lo, ph * pw, 1) * read
                value = term if value is None else value + term
            total = torch.where(active.to(device)[:, None, None], total + value, total)
        total = total.permute(0, 2, 1).reshape(hi - lo, channels, ph, pw)
        out = total / (gh * gw).to(device=device, dtype=compute.dtype)[:, None, None, None]
        out = torch.where(broken.to(device)[:, None, None, None], torch.full_like(out, math.nan), out)
        pieces.append(out)
    out = torch.cat(pieces) if len(pieces) > 1 else pieces[0]
    return out.to(data.dtype).contiguous()


def _rroi_align(data, rois, pooled_size=REQUIRED, spatial_scale=REQUIRED, sampling_ratio=-1):
    op = "_contrib_RROIAlign"
    check_pooled_size(pooled_size, op)
    _check_common(data, rois, spatial_scale, op, 6, True)

    def compute(data, rois):
        return _rroi_align_compute(data, rois, tuple(pooled_size), spatial_scale, sampling_ratio)

    return without_gradient(op, compute, data, rois)


TABLE = declare([
    OpSpec("_contrib_PSROIPooling", _psroi_pooling, inputs=("data", "rois"),
           params=(Param("spatial_scale", parse_float, REQUIRED,
                         "ratio of the feature map size to the image size (reciprocal of the total stride)"),
                   Param("output_dim", parse_int, REQUIRED, "fix output dim"),
                   Param("pooled_size", parse_int, REQUIRED, "fix pooled size"),
                   Param("group_size", parse_int, 0, "fix group size (0: pooled_size)")),
           differentiable=True, family="psroi",
           doc="Position-sensitive region-of-interest average pooling (R-FCN)."),
    # MXNet registers no gradient for RROIAlign: a backward through it raises MXNetError
    OpSpec("_contrib_RROIAlign", _rroi_align, inputs=("data", "rois"),
           params=(Param("pooled_size", parse_shape, REQUIRED, "RROI align output shape (h,w)"),
                   Param("spatial_scale", parse_float, REQUIRED,
                         "ratio of the feature map size to the image size (reciprocal of the total stride)"),
                   Param("sampling_ratio", parse_int, -1,
                         "sampling ratio of RROI align; adaptive ceil(roi_size / pooled_size) when <= 0")),
           family="psroi",
           doc="Rotated ROI Align: bilinear samples of rotated rois averaged per bin."),
])
