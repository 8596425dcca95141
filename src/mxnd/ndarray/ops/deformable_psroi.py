"""Deformable position-sensitive roi pooling: contrib DeformablePSROIPooling (Deformable R-FCN).

MXNet 1.x rules kept here (src/operator/contrib/deformable_psroi_pooling.cc, -inl.h), in the
data's float type:

- inputs ``data, rois, trans``, or ``data, rois`` with ``no_trans=True`` (three inputs then, or
  two without it, raise as MXNet's input count check); ``part_size=0`` means ``pooled_size``;
  only the pooled output is returned (the hidden ``top_count`` output is not);
- each roi corner is rounded half away from zero, then ``round(x1) * scale - 0.5`` and
  ``(round(x2) + 1) * scale - 0.5``; the roi spans at least 0.1; bins are ``roi / pooled_size``
  and sub-bins ``bin / sample_per_part``;
- output ``(n, ctop, ph, pw)`` reads channel ``(ctop * group_size + gh) * group_size + gw``
  (``gh = floor(ph * group_size / pooled_size)`` clipped to ``[0, group_size - 1]``) and the
  offsets ``trans[n, 2 * class, part_h, part_w]`` (x) and ``[.., 2 * class + 1, ..]`` (y), read
  as MXNet does from the flat ``trans`` buffer with ``part_size`` rows, where
  ``class = ctop // (output_dim // (trans.shape[1] // 2))`` and
  ``part_h = floor(ph / pooled_size * part_size)``; the bin starts at
  ``p * bin + start + trans * trans_std * roi_size``;
- sample ``(ih, iw)`` sits at ``start + i * sub_bin``; one outside ``[-0.5, size - 0.5]`` is
  skipped, the others are clipped to ``[0, size - 1]`` and read bilinearly between
  ``floor`` and ``ceil``; the output is the mean of the samples read (0 when none), summed in
  MXNet's order;
- backward (MXNet's, not the derivative of the clipped forward): the data gets
  ``grad / count`` times each sample's bilinear weights; ``trans`` gets the slope of the
  bilinear surface at the clipped sample times ``trans_std * grad / count * roi_size``, both
  accumulated in MXNet's order; rois get a zero gradient.

Deliberate differences (MXNet reads out of bounds, divides by zero or aborts): a roi batch
index outside the batch, a channel past the data's channels (``output_dim * group_size**2``
larger than them, or ``group_size=0``), ``trans`` with fewer than 2 channels or with more classes
than ``output_dim``, and a ``trans`` read past its end (too few rois, or too small a
``part_size`` grid) raise MXNetError; a NaN roi corner or offset gives NaN (its samples give
the data no gradient). float16 is computed in float32 and rounded (MXNet computes in half
precision).
"""
from __future__ import annotations

import torch

from ... import dtypes
from ...integer_variables import RecordedFunction
from ...params import parse_bool, parse_float, parse_int
from ...registry import REQUIRED, OpSpec, Param, declare
from .psroi import _c_int, _float_param, _group_index, _work_dtype
from .roi import _batch_index, _c_round, _chunks, _dtype_name, check_roi_shapes

_OP = "_contrib_DeformablePSROIPooling"


def _check_inputs(data, rois, trans, spatial_scale, output_dim, pooled_size, trans_std, no_trans):
    """MXNet's parameter, input count, shape and dtype checks, in its order."""
    if not 0 <= trans_std <= 1:
        raise ValueError(f"value {trans_std:g} for Parameter trans_std exceed bound [0,1], in operator {_OP}")
    if no_trans == (trans is not None):
        want, got = (2, 3) if no_trans else (3, 2)
        raise ValueError(f"Check failed: num_inputs == infered_num_inputs ({got} vs. {want}) : "
                         f"Operator {_OP} expects {want} inputs, but got {got} instead.")
    if trans is not None and trans.dim() != 4:
        raise ValueError(f"Check failed: tshape.ndim() == 4 ({trans.dim()} vs. 4) : "
                         "trans should be a 4D tensor of shape")
    check_roi_shapes(data, rois, spatial_scale, _OP)
    for name, value in (("output_dim", output_dim), ("pooled_size", pooled_size)):
        if value < 0:
            raise ValueError(f"Check failed: dim_size_is_known(*it): Shape dim size cannot be a negative value "
                             f"{value} ({_OP} {name})")
    if rois.dtype != data.dtype:
        raise TypeError(f"Check failed: dtype == (*in_type)[1] ({dtypes.flag_of(data.dtype)} vs. "
                        f"{dtypes.flag_of(rois.dtype)}) : rois ({_dtype_name(rois)}) must have the dtype of "
                        f"data ({_dtype_name(data)})")
    if not data.is_floating_point() or data.dtype is torch.bfloat16:
        raise TypeError(f"This operation only support floating point types, not {_dtype_name(data)}")
    if trans is not None and trans.dtype != data.dtype:
        raise TypeError(f"Check failed: mshadow::DataType<DType>::kFlag == type_flag_: TBlob.get_with_shape: "
                        f"data type do not match specified type.Expected: {_dtype_name(data)} v.s. given "
                        f"{_dtype_name(trans)} (trans)")
    if rois.shape[0] == 0:
        raise ValueError("Check failed: out_data[deformablepsroipool::kOut].shape_[0] == "
                         "in_data[deformablepsroipool::kBox].shape_[0] (-1 vs. 0) : "
                         f"{_OP} needs at least one roi")


class _Layout:
    """Everything of one call but the data values: per-roi geometry, the channel and ``trans``
    position of every output, and the bin starts with their offsets (``(R, od, P, P)`` tensors)."""

    def __init__(self, data, rois, trans, scale, output_dim, group_size, pooled, part_size, samples,
                 trans_std):
        batch, channels, height, width = data.shape
        count, device = rois.shape[0], data.device
        work = _work_dtype(data)
        self.work, self.samples, self.height, self.width = work, samples, height, width
        self.rois_shape, self.part_step = rois.shape, part_size * part_size
        self.trans_numel = 0 if trans is None else trans.numel()
        index = _batch_index(rois, batch, False).to(device)
        gh = _group_index(pooled, group_size, work)
        cmap = ((torch.arange(output_dim)[:, None, None] * group_size + gh[None, :, None]) * group_size
                + gh[None, None, :])  # (od, P, P): the channel each output reads
        if int(cmap.min()) < 0 or int(cmap.max()) >= channels:
            raise ValueError(f"output_dim * group_size**2 = {output_dim} * {group_size}**2 needs channel "
                             f"{int(cmap.max()) if int(cmap.min()) >= 0 else int(cmap.min())}, outside the "
                             f"data's {channels} channels")
        plane = height * width
        self.base = (index[:, None, None, None] * channels + cmap.to(device)[None]) * plane  # (R, od, P, P)
        boxes = rois.detach().to(work)
        scale = _float_param(scale, work).to(device)
        x1, y1, x2, y2 = _c_round(boxes[:, 1:]).unbind(1)
        start_w, start_h = x1 * scale - 0.5, y1 * scale - 0.5
        end_w, end_h = (x2 + 1) * scale - 0.5, (y2 + 1) * scale - 0.5
        least = torch.tensor(0.1, dtype=work, device=device)
        # C++ max(a, 0.1) keeps a NaN a
        size_w = torch.where(end_w - start_w < least, least, end_w - start_w)
        size_h = torch.where(end_h - start_h < least, least, end_h - start_h)
        bin_w, bin_h = size_w / pooled, size_h / pooled
        self.sub_w, self.sub_h = (bin_w / samples)[:, None, None, None], (bin_h / samples)[:, None, None, None]
        self.size_w, self.size_h = size_w[:, None, None, None], size_h[:, None, None, None]
        steps = torch.arange(pooled, dtype=work, device=device)
        self.trans_std = _float_param(trans_std, work).to(device)
        if trans is None:
            shift_x = shift_y = torch.zeros((), dtype=work, device=device)
            self.trans_at = None
        else:
            self.trans_at = _trans_positions(trans, count, output_dim, pooled, part_size, work)
            flat = trans.detach().reshape(-1).to(work)
            shift_x = flat[self.trans_at] * self.trans_std
            shift_y = flat[self.trans_at + part_size * part_size] * self.trans_std
        start_w, start_h = start_w[:, None, None, None], start_h[:, None, None, None]
        self.wstart = steps[None, None, None, :] * bin_w[:, None, None, None] + start_w + shift_x * self.size_w
        self.hstart = steps[None, None, :, None] * bin_h[:, None, None, None] + start_h + shift_y * self.size_h
        self.wstart, self.hstart = torch.broadcast_tensors(self.wstart, self.hstart)

    def sample(self, ih, iw, lo=0, hi=None):
        """Sample ``(ih, iw)`` of rois ``lo:hi``: read mask, NaN mask, clipped corners and weights."""
        rows = slice(lo, hi)
        w = self.wstart[rows] + iw * self.sub_w[rows]
        h = self.hstart[rows] + ih * self.sub_h[rows]
        width, height = self.width, self.height
        read = ~((w < -0.5) | (w > width - 0.5) | (h < -0.5) | (h > height - 0.5))
        lost = torch.isnan(w) | torch.isnan(h)  # MXNet converts NaN to an index and reads out of bounds
        w, h = w.clamp(0, width - 1), h.clamp(0, height - 1)  # C++ min(max(w, 0), width - 1) keeps NaN
        x0, y0 = torch.floor(w), torch.floor(h)
        x1, y1 = torch.ceil(w), torch.ceil(h)
        # (h - h) is 0 but NaN for a NaN h: a lost sample gets NaN weights on both axes
        dx, dy = (w - x0) + (h - h), (h - y0) + (w - w)
        # a lost sample reads position 0 (with NaN weights)
        x0, y0, x1, y1 = (torch.nan_to_num(v, nan=0.0).to(torch.int64) for v in (x0, y0, x1, y1))
        at = self.base[rows]
        row0, row1 = at + y0 * width, at + y1 * width
        # corners in MXNet's order: (y0, x0), (y1, x0), (y0, x1), (y1, x1)
        corners = (row0 + x0, row1 + x0, row0 + x1, row1 + x1)
        return read, lost, corners, dx, dy


def _trans_positions(trans, count, output_dim, pooled, part_size, work):
    """(R, od, P, P) flat index of each output's x offset in ``trans`` (its y offset is
    ``part_size**2`` further), as MXNet computes it; raises where MXNet would read past the buffer."""
    classes = trans.shape[1] // 2
    if classes == 0:
        raise ValueError(f"trans of shape {tuple(trans.shape)} needs at least 2 channels (x and y offsets)")
    per_class = output_dim // classes
    if per_class == 0:
        raise ValueError(f"trans of shape {tuple(trans.shape)} has {classes} classes, more than "
                         f"output_dim={output_dim}")
    steps = torch.arange(pooled, dtype=work)
    part = _c_int(torch.floor(steps / pooled * part_size))  # part_h / part_w of each bin
    klass = torch.arange(output_dim) // per_class
    n = torch.arange(count)
    at = (((n[:, None] * classes + klass[None, :]) * 2)[:, :, None, None] * part_size
          + part[None, None, :, None]) * part_size + part[None, None, None, :]
    last = at + part_size * part_size
    if int(torch.minimum(at.min(), last.min())) < 0 or int(torch.maximum(at.max(), last.max())) >= trans.numel():
        raise ValueError(f"trans of shape {tuple(trans.shape)} is too small for {count} rois, "
                         f"output_dim={output_dim}, pooled_size={pooled} and part_size={part_size}")
    return at.to(trans.device)


def _forward(data, layout):
    """The pooled output and the number of samples read, ``(R, od, P, P)`` each."""
    flat = data.detach().reshape(-1).to(layout.work)
    total = torch.zeros(layout.base.shape, dtype=layout.work, device=data.device)
    count = torch.zeros(layout.base.shape, dtype=torch.int64, device=data.device)
    for ih in range(layout.samples):
        for iw in range(layout.samples):
            read, lost, corners, dx, dy = layout.sample(ih, iw)
            v00, v01, v10, v11 = (flat.take(c) for c in corners)
            value = ((1 - dx) * (1 - dy) * v00 + (1 - dx) * dy * v01
                     + dx * (1 - dy) * v10 + dx * dy * v11)
            total = torch.where(read, total + value, total)
            count = count + read.to(torch.int64)
    count = count.to(layout.work)
    out = torch.where(count > 0, total / count.clamp(min=1), torch.zeros_like(total))
    return out, count


def _backward(grad, data, layout, count, want_trans):
    """MXNet's DeformablePSROIPoolBackwardAcc: the data and trans gradients, accumulated in its order."""
    work, device = layout.work, data.device
    flat = data.detach().reshape(-1).to(work)
    grad = grad.to(work)
    diff = torch.where(count > 0, grad / count.clamp(min=1), torch.zeros_like(grad))
    data_grad = torch.zeros(flat.shape, dtype=work, device=device)
    trans_grad = None
    if want_trans:
        trans_grad = torch.zeros(layout.trans_numel, dtype=work, device=device)
    rois, samples = layout.base.shape[0], layout.samples
    per_roi = layout.base[0].numel() * samples * samples * 4
    for lo, hi in _chunks(rois, per_roi, budget=1 << 22):
        d = diff[lo:hi]
        # rows (sample, corner), filled contiguously; their transpose, flattened, follows MXNet's
        # loops: (roi, ctop, ph, pw, sample, corner)
        at = torch.empty((samples * samples * 4, d.numel()), dtype=torch.int64, device=device)
        weights = torch.empty(at.shape, dtype=work, device=device)
        if want_trans:
            tr_val = torch.empty((samples * samples * 2, d.numel()), dtype=work, device=device)
        zero = torch.zeros((), dtype=work, device=device)
        for ih in range(samples):
            for iw in range(samples):
                k = ih * samples + iw
                read, lost, corners, dx, dy = layout.sample(ih, iw, lo, hi)
                use = read & (count[lo:hi] > 0)
                # a sample not read adds +0.0, which changes no sum (every sum starts at +0.0)
                kept = torch.where(use & ~lost, d, zero)
                wx, wy = torch.nan_to_num(dx), torch.nan_to_num(dy)  # as dx, dy wherever kept
                for corner, (index, q) in enumerate(zip(corners, ((1 - wx) * (1 - wy), (1 - wx) * wy,
                                                                  wx * (1 - wy), wx * wy))):
                    at[4 * k + corner] = index.reshape(-1)
                    torch.mul(q, kept, out=weights[4 * k + corner].view(d.shape))
                if want_trans:
                    u00, u01, u10, u11 = (flat.take(c) for c in corners)
                    scale = layout.trans_std * d
                    diff_x = (u11 * dy + u10 * (1 - dy) - u01 * dy - u00 * (1 - dy)) * (scale * layout.size_w[lo:hi])
                    diff_y = (u11 * dx + u01 * (1 - dx) - u10 * dx - u00 * (1 - dx)) * (scale * layout.size_h[lo:hi])
                    tr_val[2 * k] = torch.where(use, diff_x, zero).reshape(-1)
                    tr_val[2 * k + 1] = torch.where(use, diff_y, zero).reshape(-1)
        data_grad.index_add_(0, at.t().reshape(-1), weights.t().reshape(-1))
        if want_trans:
            x_at = layout.trans_at[lo:hi].reshape(1, -1)
            tr_at = torch.cat([x_at, x_at + layout.part_step]).repeat(samples * samples, 1)
            trans_grad.index_add_(0, tr_at.t().reshape(-1), tr_val.t().reshape(-1))
    return data_grad, trans_grad


class _DeformablePSROIPool(RecordedFunction):
    """Forward as MXNet; backward as MXNet's own backward (a zero gradient for the rois)."""

    @staticmethod
    def forward(ctx, data, rois, trans, layout):
        out, count = _forward(data, layout)
        ctx.layout, ctx.count = layout, count
        ctx.save_for_backward(data, trans)
        return out.to(data.dtype)

    @staticmethod
    def backward(ctx, grad):
        data, trans = ctx.saved_tensors
        layout = ctx.layout
        want_trans = trans is not None and ctx.needs_input_grad[2]
        data_grad, trans_grad = _backward(grad, data, layout, ctx.count, want_trans)
        rois_grad = None
        if ctx.needs_input_grad[1]:
            rois_grad = torch.zeros(layout.rois_shape, dtype=grad.dtype, device=grad.device)
        if trans_grad is not None:
            trans_grad = trans_grad.reshape(trans.shape).to(trans.dtype)
        return data_grad.reshape(data.shape).to(data.dtype), rois_grad, trans_grad, None


def _deformable_psroi_pooling(data, rois, trans=None, spatial_scale=REQUIRED, output_dim=REQUIRED,
                              group_size=REQUIRED, pooled_size=REQUIRED, part_size=0, sample_per_part=1,
                              trans_std=0.0, no_trans=False):
    _check_inputs(data, rois, trans, spatial_scale, output_dim, pooled_size, trans_std, no_trans)
    part_size = pooled_size if part_size == 0 else part_size
    count = rois.shape[0]
    if output_dim == 0 or pooled_size == 0:
        return data.new_zeros((count, output_dim, pooled_size, pooled_size))
    layout = _Layout(data, rois, trans, spatial_scale, output_dim, group_size, pooled_size, part_size,
                     sample_per_part, trans_std)
    if data.numel() == 0:
        return data.new_zeros((count, output_dim, pooled_size, pooled_size))
    if torch.is_grad_enabled() and (data.requires_grad or (trans is not None and trans.requires_grad)
                                    or rois.requires_grad):
        return _DeformablePSROIPool.apply(data, rois, trans, layout)
    out, _ = _forward(data, layout)
    return out.to(data.dtype)


TABLE = declare([
    OpSpec(_OP, _deformable_psroi_pooling, inputs=("data", "rois", "trans?"),
           params=(Param("spatial_scale", parse_float, REQUIRED,
                         "ratio of input feature map height (or w) to raw image height (or w)"),
                   Param("output_dim", parse_int, REQUIRED, "fix output dim"),
                   Param("group_size", parse_int, REQUIRED, "fix group size"),
                   Param("pooled_size", parse_int, REQUIRED, "fix pooled size"),
                   Param("part_size", parse_int, 0, "fix part size (0: pooled_size)"),
                   Param("sample_per_part", parse_int, 1, "fix samples per part"),
                   Param("trans_std", parse_float, 0.0, "fix transition std, in [0, 1]"),
                   Param("no_trans", parse_bool, False, "whether to disable the trans input")),
           differentiable=True, family="deformable_psroi",
           doc="Deformable position-sensitive region-of-interest pooling (Deformable R-FCN)."),
])
