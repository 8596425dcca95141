"""Neural-network operators of the detection family (issue 5); the table is declared with registry.declare.

box_iou, box_nms (box_non_maximum_suppression), box_encode, box_decode and bipartite_matching
of MXNet 1.9.1 (src/operator/contrib/bounding_box-inl.h), written with torch tensor ops.

MXNet 1.x rules kept here:

- IoU: intersection over union, 0 where the boxes do not intersect; a box with a negative
  width or height has area 0; ``center`` boxes are ``[x, y, w, h]``;
- box_nms keeps boxes with ``score > valid_thresh`` (and, with ``id_index >= 0``, an id other
  than ``background_id``), sorts them by descending score (stable), keeps the first ``topk``,
  then suppresses greedily every box whose IoU with a kept, higher-scored box exceeds
  ``overlap_thresh`` (same class only unless ``force_suppress`` or ``id_index < 0``). The kept
  rows come first, in score order; the rest are filled with -1. A format conversion on output
  leaves rows whose first coordinate is negative as they are (MXNet's converter skips them).
  The gradient is copied back to each kept box's input row (no conversion Jacobian), as MXNet;
  ``topk=0`` returns the input unchanged and an empty input is an error, as in MXNet 1.9.1.
  Suppression runs one kept box at a time against the later ones (no n x n matrix);
- float parameters (thresholds, stds, clip) are rounded to float32 as MXNet's C++ ``float``
  fields, and compared in float32 (float64 for float64 data); only float16/32/64 data is
  accepted; box_iou and bipartite_matching give zero gradients, box_encode/box_decode none;
- bipartite_matching matches greedily in sorted score order; it stops at the first free pair
  that fails the threshold, or once ``topk`` + 1 matches were made (MXNet's ``count > topk``).
"""
from __future__ import annotations

import numpy as np
import torch

from ...integer_variables import RecordedFunction
from ...params import enum, parse_bool, parse_float, parse_int
from ...registry import OpSpec, Param, declare

_FLOATS = (torch.float16, torch.float32, torch.float64)


def _f32(value):
    """A float parameter as MXNet holds it (a C++ ``float``)."""
    return float(np.float32(value))


class _ZeroGrad(RecordedFunction):
    """Pass ``result`` through; its inputs get a zero gradient (MXNet's backward of box_iou and
    bipartite_matching writes zeros)."""

    @staticmethod
    def forward(ctx, result, *inputs):
        ctx.specs = [(t.shape, t.dtype, t.device) for t in inputs]
        return result.clone()

    @staticmethod
    def backward(ctx, grad):
        return (None,) + tuple(torch.zeros(s, dtype=d, device=v) for s, d, v in ctx.specs)


def _zero_grad(result, *inputs):
    if any(t.requires_grad for t in inputs) and torch.is_grad_enabled():
        return _ZeroGrad.apply(result, *inputs)
    return result


def _float_only(data):
    if data.dtype not in _FLOATS:
        name = str(data.dtype).replace("torch.", "")
        raise TypeError(f"This operation only support floating point types, not {name}")


def _corners(boxes, fmt):
    """``(xmin, ymin, xmax, ymax)`` of the last axis of ``boxes`` in format ``fmt``."""
    a, b, c, d = boxes.unbind(-1)
    if fmt == "corner":
        return a, b, c, d
    hw, hh = c / 2, d / 2
    return a - hw, b - hh, a + hw, b + hh


def _area(boxes, fmt):
    a, b, c, d = boxes.unbind(-1)
    w, h = (c - a, d - b) if fmt == "corner" else (c, d)
    return torch.where((w < 0) | (h < 0), torch.zeros_like(w), w * h)


def _pairwise_iou(lhs, rhs, fmt):
    """IoU of every box of ``lhs`` (..., n, 4) with every box of ``rhs`` (..., m, 4): (..., n, m)."""
    l0, l1, l2, l3 = (t.unsqueeze(-1) for t in _corners(lhs, fmt))
    r0, r1, r2, r3 = (t.unsqueeze(-2) for t in _corners(rhs, fmt))
    w = torch.minimum(l2, r2) - torch.maximum(l0, r0)
    h = torch.minimum(l3, r3) - torch.maximum(l1, r1)
    inter = torch.where((w < 0) | (h < 0), torch.zeros_like(w), w * h)
    union = _area(lhs, fmt).unsqueeze(-1) + _area(rhs, fmt).unsqueeze(-2) - inter
    positive = inter > 0
    safe = torch.where(positive, union, torch.ones_like(union))
    return torch.where(positive, inter / safe, torch.zeros_like(inter))


# ---- box_iou ------------------------------------------------------------------------------------

def _box_iou(lhs, rhs, *, format="corner"):  # noqa: A002 - MXNet's name
    if lhs.dim() < 2:
        raise ValueError(f"lhs must have dim >= 2 {lhs.dim()} provided")
    if lhs.shape[-1] != 4:
        raise ValueError(f"last dimension of lhs must be 4 {lhs.shape[-1]} provided")
    if rhs.dim() < 2:
        raise ValueError(f"rhs must have dim >= 2 {rhs.dim()} provided")
    if rhs.shape[-1] != 4:
        raise ValueError(f"last dimension of rhs must be 4 {rhs.shape[-1]} provided")
    _float_only(lhs)
    left, right = lhs.reshape(-1, 4), rhs.reshape(-1, 4).to(lhs.dtype)
    out = _pairwise_iou(left.detach(), right.detach(), format)
    return _zero_grad(out.reshape(tuple(lhs.shape[:-1]) + tuple(rhs.shape[:-1])), lhs, rhs)


# ---- box_nms --------------------------------------------------------------------------------------

def _convert(boxes, in_format, out_format):
    """Boxes (rows, 4) from ``in_format`` to ``out_format``; rows with a negative first value stay."""
    if in_format == out_format:
        return boxes
    a, b, c, d = boxes.unbind(-1)
    if in_format == "corner":
        new = torch.stack(((a + c) / 2, (b + d) / 2, c - a, d - b), dim=-1)
    else:
        new = torch.stack((a - c / 2, b - d / 2, a + c / 2, b + d / 2), dim=-1)
    return torch.where((a < 0).unsqueeze(-1), boxes, new)


@np.errstate(all="ignore")  # NaN and inf boxes give NaN overlaps, silently, as in C
def _greedy_nms(boxes, ids, keep, fmt, thresh, wide):
    """Greedy suppression in score order, one kept box at a time against the later ones.

    ``boxes`` (batch, k, 4), ``ids`` (batch, k) or None and ``keep`` (batch, k) are numpy
    arrays; the IoU is computed elementwise as ``_pairwise_iou`` does, in the data dtype.
    """
    keep = keep.copy()
    x0, y0, x1, y1 = (np.asarray(t) for t in _corners(torch.from_numpy(boxes), fmt))
    area = _area(torch.from_numpy(boxes), fmt).numpy()
    zero = np.zeros((), dtype=boxes.dtype)
    one = np.ones((), dtype=boxes.dtype)
    for b in range(keep.shape[0]):
        row = keep[b]
        for i in np.flatnonzero(row):
            if not row[i]:
                continue
            j = slice(i + 1, row.shape[0])
            w = np.minimum(x1[b, i], x1[b, j]) - np.maximum(x0[b, i], x0[b, j])
            h = np.minimum(y1[b, i], y1[b, j]) - np.maximum(y0[b, i], y0[b, j])
            inter = np.where((w < 0) | (h < 0), zero, w * h)
            union = area[b, i] + area[b, j] - inter
            positive = inter > 0
            iou = np.where(positive, inter / np.where(positive, union, one), zero)
            hit = iou.astype(wide) > thresh
            if ids is not None:
                hit &= ids[b, j] == ids[b, i]
            row[j] &= ~hit
    return keep


def _box_nms(data, *, overlap_thresh=0.5, valid_thresh=0.0, topk=-1, coord_start=2, score_index=1,
             id_index=-1, background_id=-1, force_suppress=False, in_format="corner", out_format="corner"):
    if data.dim() < 2:
        raise ValueError("input must have dim >= 2 the last two dimensions are num_box and box_width "
                         f"{list(data.shape)} provided")
    width = data.shape[-1]
    if width < 5:
        raise ValueError(f"the last dimension must have at least 5 elements namely (score, coordinates x 4) "
                         f"{width} provided, 5 expected.")
    if not 0 <= score_index < width:
        raise ValueError(f"score_index: {score_index} out of range: (0, {width})")
    if not 0 <= coord_start <= width - 4:
        raise ValueError(f"coord_start: {coord_start} out of range: (0, {width - 4})")
    if id_index >= width:
        raise ValueError(f"id_index: {id_index} out of range: (0, {width})")
    if score_index >= coord_start and score_index < coord_start + 4:
        raise ValueError("score_index: conflict between score_index and coord_start")
    if id_index >= 0 and (id_index == score_index or coord_start <= id_index < coord_start + 4):
        raise ValueError("id_index: conflict between id_index and score_index/coord_start")
    _float_only(data)
    overlap_thresh, valid_thresh = _f32(overlap_thresh), _f32(valid_thresh)
    if data.numel() == 0:
        raise ValueError("box_nms: empty input")
    if topk == 0:  # MXNet 1.9.1 returns the input unchanged
        return data.clone()
    shape = data.shape
    batch = data.reshape(-1, shape[-2], width)
    num_batch, num_elem = batch.shape[0], batch.shape[1]
    plain = batch.detach()
    wide = torch.promote_types(data.dtype, torch.float32)  # MXNet compares with a C++ float
    scores = plain[..., score_index]
    valid = scores.to(wide) > valid_thresh
    if id_index >= 0:  # the background class (by default id -1) is dropped
        valid &= plain[..., id_index] != background_id
    # valid boxes first, by descending score (stable); invalid ones after
    key = torch.where(valid, scores.to(torch.float64), torch.full_like(scores, float("-inf"), dtype=torch.float64))
    order = torch.sort(key, dim=1, descending=True, stable=True).indices
    nvalid = valid.sum(dim=1)
    rank = torch.arange(num_elem, device=data.device).expand(num_batch, num_elem)
    limit = nvalid if topk <= 0 else torch.clamp(nvalid, max=topk)
    keep = rank < limit.unsqueeze(1)
    rows = torch.gather(plain, 1, order.unsqueeze(-1).expand(-1, -1, width))
    count = int(limit.max()) if num_elem > 0 else 0
    if count > 1:  # only the first ``count`` sorted boxes of a batch can be kept
        head = rows[:, :count]
        boxes = head[..., coord_start:coord_start + 4].cpu().numpy()
        ids = head[..., id_index].cpu().numpy() if id_index >= 0 and not force_suppress else None
        wide_np = np.float64 if data.dtype is torch.float64 else np.float32
        kept_np = _greedy_nms(boxes, ids, keep[:, :count].cpu().numpy(), in_format, overlap_thresh, wide_np)
        keep[:, :count] = torch.from_numpy(kept_np).to(keep.device)
    # compact the kept rows to the front, in score order
    position = torch.where(keep, rank, rank + num_elem)
    compact = torch.sort(position, dim=1, stable=True).indices
    source = torch.gather(order, 1, compact)
    kept = torch.gather(keep, 1, compact)
    out = torch.gather(batch, 1, source.unsqueeze(-1).expand(-1, -1, width))
    if in_format != out_format:
        coords = out[..., coord_start:coord_start + 4]
        converted = _convert(coords.detach(), in_format, out_format)
        if coords.requires_grad:  # exact values; MXNet copies the gradient unchanged
            converted = converted + (coords - coords.detach())
        coords = converted
        out = torch.cat((out[..., :coord_start], coords, out[..., coord_start + 4:]), dim=-1)
    out = torch.where(kept.unsqueeze(-1), out, torch.full_like(out, -1).detach())
    return out.reshape(shape)


# ---- box_encode / box_decode --------------------------------------------------------------------

def _center_of(boxes):
    a, b, c, d = boxes.unbind(-1)
    w, h = c - a, d - b
    return a + w * 0.5, b + h * 0.5, w, h


def _box_encode(samples, matches, anchors, refs, means, stds):
    if anchors.dim() != 3 or anchors.shape[-1] != 4:
        raise ValueError(f"anchors shape must be (B, N, 4), {list(anchors.shape)} provided")
    if refs.dim() != 3 or refs.shape[-1] != 4:
        raise ValueError(f"refs shape must be (B, M, 4), {list(refs.shape)} provided")
    if tuple(samples.shape) != tuple(anchors.shape[:2]) or tuple(matches.shape) != tuple(anchors.shape[:2]):
        raise ValueError("samples and matches must be (B, N) as anchors")
    if means.numel() != 4 or stds.numel() != 4:
        raise ValueError("means and stds must hold 4 elements")
    _float_only(anchors)
    dtype = anchors.dtype
    samples, matches, anchors, refs = samples.detach(), matches.detach(), anchors.detach(), refs.detach()
    means, stds = means.detach().reshape(4).to(dtype), stds.detach().reshape(4).to(dtype)
    index = matches.to(torch.int64).clamp(0, max(refs.shape[1] - 1, 0))
    ref = torch.gather(refs, 1, index.unsqueeze(-1).expand(-1, -1, 4)) if refs.shape[1] else torch.zeros_like(anchors)
    ax, ay, aw, ah = _center_of(anchors)
    rx, ry, rw, rh = _center_of(ref.to(dtype))
    targets = torch.stack((((rx - ax) / aw - means[0]) / stds[0], ((ry - ay) / ah - means[1]) / stds[1],
                           (torch.log(rw / aw) - means[2]) / stds[2], (torch.log(rh / ah) - means[3]) / stds[3]),
                          dim=-1)
    positive = (samples > 0.5).unsqueeze(-1).expand_as(targets)
    targets = torch.where(positive, targets, torch.zeros_like(targets))
    masks = positive.to(dtype)
    return targets, masks


def _box_decode(data, anchors, *, std0=1.0, std1=1.0, std2=1.0, std3=1.0, clip=-1.0, format="center"):  # noqa: A002
    if data.dim() != 3:
        raise ValueError(f"data shape must have dim == 3, {data.dim()} provided")
    if data.shape[-1] != 4:
        raise ValueError(f"last dimension of data must be 4, {data.shape[-1]} provided")
    if anchors.dim() < 3:
        raise ValueError(f"anchors shape must have dim == 3, {anchors.dim()} provided")
    if anchors.numel() != data.shape[1] * 4:
        raise ValueError(f"new and old shape do not match total elements ({anchors.numel()} vs. "
                         f"{data.shape[1] * 4})")
    _float_only(data)
    std0, std1, std2, std3, clip = (_f32(v) for v in (std0, std1, std2, std3, clip))
    anchor = anchors.detach().reshape(1, data.shape[1], 4).to(data.dtype)
    x = data.detach()
    if format == "corner":
        ax, ay, aw, ah = _center_of(anchor)
    else:
        ax, ay, aw, ah = anchor.unbind(-1)
    ox = x[..., 0] * std0 * aw + ax
    oy = x[..., 1] * std1 * ah + ay
    dw, dh = x[..., 2] * std2, x[..., 3] * std3
    if clip > 0:
        dw, dh = torch.clamp(dw, max=clip), torch.clamp(dh, max=clip)
    ow, oh = torch.exp(dw) * aw * 0.5, torch.exp(dh) * ah * 0.5
    return torch.stack((ox - ow, oy - oh, ox + ow, oy + oh), dim=-1)


# ---- bipartite_matching -------------------------------------------------------------------------

def _bipartite_matching(data, *, threshold, is_ascend=False, topk=-1):
    if data.dim() < 2:
        raise ValueError(f"score matrix must have dim >= 2 {data.dim()} provided")
    _float_only(data)
    if data.numel() == 0:
        raise ValueError("bipartite_matching: empty input")
    threshold = _f32(threshold)
    shape = data.shape
    rows, cols = shape[-2], shape[-1]
    scores = data.detach().reshape(-1, rows * cols)
    order = torch.sort(scores, dim=1, descending=not is_ascend, stable=True).indices.tolist()
    flat = scores.tolist()
    row_marker = [[-1] * rows for _ in flat]
    col_marker = [[-1] * cols for _ in flat]
    for b, (index, score) in enumerate(zip(order, flat)):
        rmarker, cmarker, count = row_marker[b], col_marker[b], 0
        for idx in index:
            r, c = divmod(idx, cols)
            if rmarker[r] == -1 and cmarker[c] == -1:
                s = score[idx]
                if (not is_ascend and s > threshold) or (is_ascend and s < threshold):
                    rmarker[r], cmarker[c] = c, r
                    count += 1
                    if 0 < topk < count:
                        break
                else:
                    break
    row = torch.tensor(row_marker, dtype=data.dtype, device=data.device).reshape(tuple(shape[:-1]))
    col = torch.tensor(col_marker, dtype=data.dtype, device=data.device).reshape(tuple(shape[:-2]) + (cols,))
    return _zero_grad(row, data), _zero_grad(col, data)


# ---- the table --------------------------------------------------------------------------------

_FORMAT = ("center", "corner")

DETECTION = declare([
    OpSpec("_contrib_box_iou", _box_iou, inputs=("lhs", "rhs"), family="detection", same_dtype=True, params=(
        Param("format", enum(*_FORMAT), "corner",
              "box encoding: corner [xmin, ymin, xmax, ymax] or center [x, y, w, h]"),
    ), doc="Pairwise IoU of the boxes of lhs (..., 4) and rhs (..., 4): shape lhs[:-1] + rhs[:-1]."),
    OpSpec("_contrib_box_nms", _box_nms, aliases=("_contrib_box_non_maximum_suppression",),
           differentiable=True, family="detection", params=(
               Param("overlap_thresh", parse_float, 0.5, "IoU above which the lower-scored box is suppressed"),
               Param("valid_thresh", parse_float, 0.0, "keep only boxes whose score is greater"),
               Param("topk", parse_int, -1, "apply nms to the topk highest-scored boxes; -1: all"),
               Param("coord_start", parse_int, 2, "start index of the 4 coordinates"),
               Param("score_index", parse_int, 1, "index of the score"),
               Param("id_index", parse_int, -1, "index of the class id; -1 to disable"),
               Param("background_id", parse_int, -1, "class id of background boxes, dropped when id_index >= 0"),
               Param("force_suppress", parse_bool, False, "suppress across classes"),
               Param("in_format", enum(*_FORMAT), "corner", "input box encoding"),
               Param("out_format", enum(*_FORMAT), "corner", "output box encoding"),
           ), doc="Non-maximum suppression: kept boxes sorted by score, the rest filled with -1."),
    OpSpec("_contrib_box_encode", _box_encode, inputs=("samples", "matches", "anchors", "refs", "means", "stds"),
           family="detection", same_dtype=True,
           doc="Encode matched reference boxes against corner anchors: (targets, masks)."),
    OpSpec("_contrib_box_decode", _box_decode, inputs=("data", "anchors"), family="detection", same_dtype=True, params=(
        Param("std0", parse_float, 1.0, "value to multiply x by"),
        Param("std1", parse_float, 1.0, "value to multiply y by"),
        Param("std2", parse_float, 1.0, "value to multiply the width offset by"),
        Param("std3", parse_float, 1.0, "value to multiply the height offset by"),
        Param("clip", parse_float, -1.0, "upper clip of the width/height offsets if positive"),
        Param("format", enum(*_FORMAT), "center", "anchor encoding"),
    ), doc="Decode box offsets (B, N, 4) against anchors (1, N, 4) into corner boxes."),
    OpSpec("_contrib_bipartite_matching", _bipartite_matching, family="detection", params=(
        Param("threshold", parse_float, doc="score threshold a match must pass"),
        Param("is_ascend", parse_bool, False, "smaller scores match first"),
        Param("topk", parse_int, -1, "limit on the number of matches (MXNet allows topk + 1)"),
    ), doc="Greedy bipartite matching of a score matrix: (row_marker, col_marker)."),
])
