"""Neural-network operators of the multibox family (issue 5); the table is declared with registry.declare.

MultiBoxPrior and MultiBoxDetection of MXNet 1.9.1 (src/operator/contrib/multibox_prior.cc,
multibox_detection.cc, CPU kernels), written with torch tensor ops.

MXNet 1.x rules kept here:

- both are legacy operators whose type inference accepts float32 only (other dtypes are an
  error), and neither has a gradient;
- MultiBoxPrior: data is (batch, channel, height, width); for each pixel (row-major) the anchors
  are first every size with ``ratios[0]``, then ``sizes[0]`` with every ratio but the first;
  ``w = size * H / W * sqrt(ratio) / 2``, ``h = size / sqrt(ratio) / 2``; a step <= 0 means
  1 / H (y) or 1 / W (x); centers are ``(r + offsets[0]) * step_y`` and
  ``(c + offsets[1]) * step_x``; ``clip`` clamps to [0, 1]. Output (1, H*W*A, 4);
- MultiBoxDetection: per anchor the best class among 1.. (first maximum, scores above -1);
  a score below ``threshold`` makes it background. Valid rows [id - 1, score, box] are packed to
  the front in anchor order, the rest are -1. With 0 < nms_threshold <= 1 they are sorted by
  descending score (stable); with ``nms_topk`` only the first topk are sorted and the rows from
  topk on keep their packed (unsorted) contents with id -1. Greedy NMS then marks (id = -1,
  other fields kept) each later row whose IoU with a kept row is >= nms_threshold (same class
  unless force_suppress). ``background_id`` is accepted and ignored, as in MXNet's CPU kernel.
"""
from __future__ import annotations

import decimal

import numpy as np
import torch

from ...params import parse_bool, parse_float, parse_float32_tuple, parse_int
from ...reference_math import c_logf
from ...registry import OpSpec, Param, declare



def _float32_only(*tensors):
    for t in tensors:
        if t.dtype is not torch.float32:
            name = str(t.dtype).replace("torch.", "")
            raise ValueError(f"Unsupported data type {name}: MultiBox operators take float32 only")


# ---- MultiBoxPrior ----------------------------------------------------------------------------

def _multibox_prior(data, *, sizes=(1.0,), ratios=(1.0,), clip=False, steps=(-1.0, -1.0), offsets=(0.5, 0.5)):
    if data.dim() < 4:
        raise ValueError(f"Input data should be 4D: batch-channel-y-x, {list(data.shape)} provided")
    if data.numel() == 0:
        raise ValueError(f"empty input: shape {list(data.shape)}")
    if len(sizes) < 1:
        raise ValueError("Check failed: sizes_.size() > 0 (0 vs. 0)")
    if len(ratios) < 1:
        raise ValueError("Check failed: ratios_.size() > 0 (0 vs. 0)")
    if len(steps) != 2:
        raise ValueError(f"Step ndim must be 2: (step_y, step_x), {steps} provided")
    if len(offsets) != 2:
        raise ValueError(f"Offset ndim must be 2: (offset_y, offset_x), {offsets} provided")
    if steps[0] * steps[1] < 0:
        raise ValueError(f"Must specify both step_y and step_x, {steps} provided")
    if any(not 0 <= o <= 1 for o in offsets):  # also rejects NaN
        raise ValueError(f"offsets must be in [0, 1], {offsets} provided")
    _float32_only(data)
    in_h, in_w = int(data.shape[2]), int(data.shape[3])
    f32 = np.float32
    sizes_ = [f32(s) for s in sizes]
    step_y = f32(steps[0]) if steps[0] > 0 else f32(1.0) / f32(in_h)
    step_x = f32(steps[1]) if steps[1] > 0 else f32(1.0) / f32(in_w)
    # per-anchor half widths / heights in MXNet's float32 operation order; a zero or negative
    # ratio gives inf / nan, as MXNet
    half_w, half_h = [], []
    with np.errstate(all="ignore"):
        first = np.sqrt(f32(ratios[0]))
        for size in sizes_:  # every size with the first ratio
            half_w.append(size * f32(in_h) / f32(in_w) * first / f32(2))
            half_h.append(size / first / f32(2))
        for ratio in ratios[1:]:  # sizes[0] with every other ratio
            r = np.sqrt(f32(ratio))
            half_w.append(sizes_[0] * f32(in_h) / f32(in_w) * r / f32(2))
            half_h.append(sizes_[0] / r / f32(2))
    device = data.device
    hw = torch.tensor(np.array(half_w, dtype=f32), device=device)
    hh = torch.tensor(np.array(half_h, dtype=f32), device=device)
    rows = torch.arange(in_h, dtype=torch.float32, device=device)
    cols = torch.arange(in_w, dtype=torch.float32, device=device)
    cy = (rows + float(f32(offsets[0]))) * float(step_y)  # (H,)
    cx = (cols + float(f32(offsets[1]))) * float(step_x)  # (W,)
    cy = cy.view(in_h, 1, 1).expand(in_h, in_w, hw.numel())
    cx = cx.view(1, in_w, 1).expand(in_h, in_w, hw.numel())
    out = torch.stack((cx - hw, cy - hh, cx + hw, cy + hh), dim=-1)
    if clip:
        out = out.clamp(0.0, 1.0)
    return out.reshape(1, -1, 4)


# ---- MultiBoxDetection -----------------------------------------------------------------------

def _cmin(a, b):
    """std::min(a, b): ``b < a ? b : a`` (NaN handling included)."""
    return np.where(b < a, b, a)


def _cmax(a, b):
    """std::max(a, b): ``a < b ? b : a``."""
    return np.where(a < b, b, a)


def _overlap(a, b):
    """MXNet's CalculateOverlap of boxes ``a`` (m, 1, 4) with boxes ``b`` (1, n, 4), numpy float32: (m, n)."""
    zero = a.dtype.type(0)
    with np.errstate(all="ignore"):  # inf / NaN boxes compare as in C
        w = _cmax(zero, _cmin(a[..., 2], b[..., 2]) - _cmax(a[..., 0], b[..., 0]))
        h = _cmax(zero, _cmin(a[..., 3], b[..., 3]) - _cmax(a[..., 1], b[..., 1]))
        i = w * h
        u = (a[..., 2] - a[..., 0]) * (a[..., 3] - a[..., 1]) + (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1]) - i
        return np.where(u <= 0, zero, i / np.where(u <= 0, a.dtype.type(1), u))


_BLOCK = 256


def _greedy_suppress(rows, thresh, force_suppress):
    """MXNet's greedy NMS over ``rows`` (n, 6) in place: a live row (id >= 0) sets id -1 on every
    later live row (of its class unless force_suppress) whose overlap is >= thresh.

    Classes do not interact without force_suppress, so each class runs on its own rows (in
    order); ``_greedy_alive`` does the greedy pass in blocks.
    """
    ids = rows[:, 0]
    live = np.flatnonzero(ids >= 0)
    groups = [live] if force_suppress else [live[ids[live] == c] for c in np.unique(ids[live])]
    for index in groups:
        alive = _greedy_alive(rows[index, 2:], thresh)
        rows[index[~alive], 0] = -1


def _greedy_alive(boxes, thresh):
    """Which of ``boxes`` (n, 4), in order, survive greedy suppression at ``thresh``.

    Exact greedy in blocks: the overlaps of a block of boxes with every later box are computed
    at once, the block is resolved box by box, then its kept boxes suppress the boxes after it.
    """
    n = boxes.shape[0]
    alive = np.ones(n, dtype=bool)
    start = 0
    while start < n:
        cols = np.flatnonzero(alive[start:]) + start  # live boxes from here on
        if cols.size == 0:
            break
        block = cols[:_BLOCK]
        size = block.size
        hit = _overlap(boxes[block, None, :], boxes[None, cols, :]) >= thresh
        for i in range(size):
            if alive[block[i]]:
                alive[block[i + 1:]] &= ~hit[i, i + 1:size]
        kept = alive[block]
        if cols.size > size and kept.any():
            rest = cols[size:]
            alive[rest] &= ~hit[kept][:, size:].any(axis=0)
        start = int(block[-1]) + 1
    return alive


# glibc's expf (sysdeps/ieee754/flt-32/e_expf.c, glibc >= 2.27), which MXNet's CPU kernel calls:
# exp(x) = 2^(k/32) * 2^(r/32) in double with a degree-3 polynomial, rounded once to float.
# It is not always correctly rounded, so torch.exp (or exp in double) differs in the last bit.
def _exp2_table():
    with decimal.localcontext() as ctx:
        ctx.prec = 60
        return [float(decimal.Decimal(2) ** (decimal.Decimal(i) / 32)) for i in range(32)]


_EXP2_TAB = _exp2_table()
_INVLN2N = float.fromhex("0x1.71547652b82fep+0") * 32
_SHIFT = float.fromhex("0x1.8p+52")
_EXP_C0 = float.fromhex("0x1.c6af84b912394p-5") / 32 / 32 / 32
_EXP_C1 = float.fromhex("0x1.ebfce50fac4f3p-3") / 32 / 32
_EXP_C2 = float.fromhex("0x1.62e42ff0c52d6p-1") / 32
_EXP_OVERFLOW = float.fromhex("0x1.62e42ep6")
_EXP_UNDERFLOW = float.fromhex("-0x1.9fe368p6")


def _expf(x):
    """glibc ``expf`` of a float32 tensor, bit for bit (checked on 500k values)."""
    z = _INVLN2N * x.double()
    kd = (z + _SHIFT) - _SHIFT  # round to nearest, ties to even
    r = z - kd
    k = torch.nan_to_num(kd, nan=0.0, posinf=0.0, neginf=0.0).clamp(-8000, 8000).to(torch.int64)
    tab = torch.tensor(_EXP2_TAB, dtype=torch.float64, device=x.device)
    s = torch.ldexp(tab[k % 32], torch.div(k, 32, rounding_mode="floor").double())
    y = (_EXP_C0 * r + _EXP_C1) * (r * r) + (_EXP_C2 * r + 1)
    out = (y * s).to(x.dtype)
    out = torch.where(x > _EXP_OVERFLOW, torch.full_like(out, float("inf")), out)
    out = torch.where(x < _EXP_UNDERFLOW, torch.zeros_like(out), out)
    return torch.where(torch.isnan(x), x, out)


def _multibox_detection(cls_prob, loc_pred, anchor, *, clip=True, threshold=0.01, background_id=0,
                        nms_threshold=0.5, force_suppress=False, variances=(0.1, 0.1, 0.2, 0.2), nms_topk=-1):
    if len(variances) != 4:
        raise ValueError(f"Variance size must be 4, {len(variances)} provided")
    if cls_prob.dim() != 3:
        raise ValueError(f"Provided: {list(cls_prob.shape)}: cls_prob must be (batch, num_classes, num_anchors)")
    if loc_pred.dim() != 2:
        raise ValueError(f"loc_pred must be (batch, num_anchors * 4), {list(loc_pred.shape)} provided")
    if anchor.dim() != 3 or anchor.shape[0] != 1 or anchor.shape[2] != 4:
        raise ValueError(f"anchor must be (1, num_anchors, 4), {list(anchor.shape)} provided")
    num_batch, num_classes, num_anchors = (int(n) for n in cls_prob.shape)
    if num_anchors != anchor.shape[1]:
        raise ValueError(f"Number of anchors mismatch: {num_anchors} vs {anchor.shape[1]}")
    if loc_pred.shape[1] != num_anchors * 4:
        raise ValueError(f"# anchors mismatch with # loc: loc_pred must be (batch, {num_anchors * 4}), "
                         f"{list(loc_pred.shape)} provided")
    if loc_pred.shape[0] < num_batch:  # MXNet does not check; it would read past loc_pred
        raise ValueError(f"loc_pred has {loc_pred.shape[0]} batches, cls_prob {num_batch}")
    if cls_prob.numel() == 0 or anchor.numel() == 0:
        raise ValueError(f"empty input: shapes {list(cls_prob.shape)}, {list(anchor.shape)}")
    _float32_only(cls_prob, loc_pred, anchor)
    threshold_ = float(np.float32(threshold))
    nms_threshold = float(np.float32(nms_threshold))
    vx, vy, vw, vh = (float(np.float32(v)) for v in variances)
    cls = cls_prob.detach()
    loc = loc_pred.detach()[:num_batch].reshape(num_batch, num_anchors, 4)  # extra batches unused
    anc = anchor.detach().reshape(1, num_anchors, 4)
    device = cls.device
    # best class among 1.., as MXNet's loop: the first strictly greater score wins, starting
    # from -1 (a NaN score never wins)
    score = torch.full((num_batch, num_anchors), -1.0, dtype=cls.dtype, device=device)
    ids = torch.zeros((num_batch, num_anchors), dtype=torch.int64, device=device)
    for j in range(1, num_classes):
        temp = cls[:, j, :]
        better = temp > score
        score = torch.where(better, temp, score)
        ids = torch.where(better, torch.full_like(ids, j), ids)
    ids = torch.where((ids > 0) & (score < threshold_), torch.zeros_like(ids), ids)
    # decode the boxes (TransformLocations)
    al, at, ar, ab = anc.unbind(-1)
    aw, ah = ar - al, ab - at
    ax, ay = (al + ar) / 2, (at + ab) / 2
    px, py, pw, ph = loc.unbind(-1)
    ox = px * vx * aw + ax
    oy = py * vy * ah + ay
    ow = _expf(pw * vw) * aw / 2  # float32 throughout, as DType arithmetic
    oh = _expf(ph * vh) * ah / 2
    box = torch.stack((ox - ow, oy - oh, ox + ow, oy + oh), dim=-1)
    if clip:  # max(0, min(1, v)) as std::min / std::max: NaN becomes 1
        box = torch.where(box < 1, box, torch.ones_like(box))
        box = torch.where(box > 0, box, torch.zeros_like(box))
    rows = torch.cat(((ids - 1).to(cls.dtype).unsqueeze(-1), score.unsqueeze(-1), box), dim=-1)
    # pack the valid rows to the front, in anchor order
    valid = ids > 0
    rank = torch.arange(num_anchors, device=device).expand(num_batch, num_anchors)
    order = torch.sort(torch.where(valid, rank, rank + num_anchors), dim=1, stable=True).indices
    packed = torch.gather(rows, 1, order.unsqueeze(-1).expand(-1, -1, 6))
    count = valid.sum(dim=1)
    packed = torch.where((rank < count.unsqueeze(1)).unsqueeze(-1), packed, torch.full_like(packed, -1.0))
    if not 0 < nms_threshold <= 1:
        return packed
    out = packed.cpu().numpy().copy()
    counts = count.tolist()
    thresh = np.float32(nms_threshold)
    for b in range(num_batch):
        n = counts[b]
        if n < 1:
            continue
        head = out[b, :n].copy()
        sorter = np.argsort(-head[:, 1], kind="stable")
        nkeep = n if not 0 < nms_topk < n else nms_topk
        out[b, nkeep:n, 0] = -1
        out[b, :nkeep] = head[sorter[:nkeep]]
        _greedy_suppress(out[b, :nkeep], thresh, force_suppress)
    return torch.from_numpy(out).to(device)


# ---- MultiBoxTarget ----------------------------------------------------------------------------

def _iou_table(anchors, labels):
    """MXNet's overlap temp space: IoU (batch, num_anchors, num_labels) of every anchor with every
    label row, float32 elementwise in MXNet's order; a zero union gives 0 (safe_divide)."""
    a = anchors[None, :, None, :]
    g = labels[:, None, :, 1:5]
    zero = np.float32(0)
    with np.errstate(all="ignore"):
        inter = (np.maximum(zero, np.minimum(a[..., 2], g[..., 2]) - np.maximum(a[..., 0], g[..., 0]))
                 * np.maximum(zero, np.minimum(a[..., 3], g[..., 3]) - np.maximum(a[..., 1], g[..., 1])))
        union = ((a[..., 2] - a[..., 0]) * (a[..., 3] - a[..., 1])
                 + (g[..., 2] - g[..., 0]) * (g[..., 3] - g[..., 1]) - inter)
        return np.where(union == 0, zero, inter / np.where(union == 0, np.float32(1), union))


def _count_valid_labels(labels):
    """Rows before the first padding row (class -1, which must be all -1), as MXNet counts them."""
    for i, row in enumerate(labels):
        if row[0] == -1:
            if not (row[1:5] == -1).all():
                raise ValueError(f"Check failed: padding label row {i} must be all -1, got {row[:5].tolist()}")
            return i
    return len(labels)


def _match_anchors(overlaps, overlap_threshold):
    """Greedy bipartite matching, then threshold matching: (anchor flags 1/-1, best iou, best gt).

    Each round takes the largest remaining overlap (> 1e-6, first in anchor-major order) among
    unmatched anchors and ground truths, as MXNet's loop does.
    """
    num_anchors, num_gt = overlaps.shape
    flags = np.full(num_anchors, -1, dtype=np.int8)
    best_iou = np.full(num_anchors, -1.0, dtype=np.float32)
    best_gt = np.full(num_anchors, -1, dtype=np.int64)
    free = overlaps.copy()
    for _ in range(num_gt):
        j, k = np.unravel_index(int(np.argmax(free)), free.shape)
        if not free[j, k] > np.float32(1e-6):
            break
        best_iou[j], best_gt[j], flags[j] = free[j, k], k, 1
        free[j, :] = -np.inf
        free[:, k] = -np.inf
    rest = flags != 1
    if overlap_threshold > 0 and num_gt:
        best_iou[rest] = overlaps[rest].max(axis=1)
        best_gt[rest] = overlaps[rest].argmax(axis=1)
        flags[rest & (best_iou > np.float32(overlap_threshold))] = 1
    return flags, best_iou, best_gt


def _mine_negatives(flags, best_iou, overlaps, preds, ratio, thresh):
    """Mark as negatives (0) the ``positives * ratio`` unmatched anchors under ``thresh`` overlap
    with the lowest background probability (softmax over classes in float32)."""
    positives = int((flags == 1).sum())
    with np.errstate(all="ignore"):  # 0 * inf is NaN, silently, as in C
        product = positives * np.float32(ratio)
    # MXNet's `int num_negative = num_positive * ratio`: x86 gives INT_MIN for NaN and values
    # outside int32 (ratio inf or 1e30), so nothing is mined
    count = int(product) if -2 ** 31 <= product < 2 ** 31 else -2 ** 31
    count = min(count, len(flags) - positives)
    if count <= 0:
        return
    unset = (flags != 1) & (best_iou < 0)
    if unset.any():
        best_iou[unset] = overlaps[unset].max(axis=1) if overlaps.shape[1] else -1.0
    candidates = np.flatnonzero((flags == -1) & (best_iou < np.float32(thresh)))
    logits = torch.from_numpy(np.ascontiguousarray(preds[:, candidates]))
    top = logits.max(dim=0).values
    weights = _expf(logits - top)
    total = torch.zeros_like(top)
    for row in weights:  # DType accumulation in class order
        total = total + row
    prob = (weights[0] / total).numpy()
    if len(candidates) < count:
        raise ValueError(f"Check failed: {len(candidates)} negative candidates < {count} requested")
    flags[candidates[np.argsort(prob, kind="stable")[:count]]] = 0


def _location_targets(anchors, boxes, variances):
    """Box regression targets of matched anchors (float32, as MXNet's AssignLocTargets)."""
    vx, vy, vw, vh = (np.float32(v) for v in variances)
    aw, ah = anchors[:, 2] - anchors[:, 0], anchors[:, 3] - anchors[:, 1]
    ax, ay = (anchors[:, 0] + anchors[:, 2]) * np.float32(0.5), (anchors[:, 1] + anchors[:, 3]) * np.float32(0.5)
    gw, gh = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    gx, gy = (boxes[:, 0] + boxes[:, 2]) * np.float32(0.5), (boxes[:, 1] + boxes[:, 3]) * np.float32(0.5)
    with np.errstate(all="ignore"):
        return np.stack(((gx - ax) / aw / vx, (gy - ay) / ah / vy,
                         _logf(gw / aw) / vw, _logf(gh / ah) / vh), axis=-1)


def _logf(x):
    """glibc's logf of float32 values (MXNet's ``log`` here), which is not always the correctly
    rounded logarithm."""
    return c_logf(np.asarray(x, np.float32))


def _multibox_target(anchor, label, cls_pred, *, overlap_threshold=0.5, ignore_label=-1.0,
                     negative_mining_ratio=-1.0, negative_mining_thresh=0.5, minimum_negative_samples=0,
                     variances=(0.1, 0.1, 0.2, 0.2)):
    if anchor.dim() != 3 or anchor.shape[0] != 1 or anchor.shape[1] < 1 or anchor.shape[2] != 4:
        raise ValueError(f"anchor must be (1, num_anchors > 0, 4) [xmin, ymin, xmax, ymax], {list(anchor.shape)} provided")
    if label.dim() != 3 or label.shape[1] < 1 or label.shape[2] < 5:
        raise ValueError(f"label must be (batch, num_labels > 0, label_width >= 5), {list(label.shape)} provided")
    if cls_pred.dim() != 3 or cls_pred.shape[2] != anchor.shape[1]:
        raise ValueError(f"cls_pred must be (batch, num_classes, {anchor.shape[1]}) to match the anchors, "
                         f"{list(cls_pred.shape)} provided")
    if len(variances) != 4:
        raise ValueError(f"variances must have 4 values, {len(variances)} provided")
    _float32_only(anchor, label, cls_pred)
    device = anchor.device
    anchors = anchor.detach().reshape(-1, 4).cpu().numpy()
    labels = label.detach().cpu().numpy()
    preds = cls_pred.detach().cpu().numpy()
    num_batch, num_anchors = labels.shape[0], anchors.shape[0]
    loc_target = np.zeros((num_batch, num_anchors, 4), dtype=np.float32)
    loc_mask = np.zeros((num_batch, num_anchors, 4), dtype=np.float32)
    cls_target = np.full((num_batch, num_anchors), np.float32(ignore_label), dtype=np.float32)
    overlaps = _iou_table(anchors, labels)
    for b in range(num_batch):
        num_gt = _count_valid_labels(labels[b])
        if num_gt == 0:
            continue
        table = overlaps[b, :, :num_gt]
        flags, best_iou, best_gt = _match_anchors(table, overlap_threshold)
        if negative_mining_ratio > 0:
            if not negative_mining_thresh > 0:
                raise ValueError(f"negative_mining_thresh must be > 0, got {negative_mining_thresh}")
            _mine_negatives(flags, best_iou, table, preds[b], negative_mining_ratio, negative_mining_thresh)
        else:
            flags[flags != 1] = 0
        positive = np.flatnonzero(flags == 1)
        matched = labels[b, best_gt[positive]]
        cls_target[b, positive] = matched[:, 0] + np.float32(1)
        cls_target[b, flags == 0] = 0
        loc_mask[b, positive] = 1
        loc_target[b, positive] = _location_targets(anchors[positive], matched[:, 1:5], variances)
    return tuple(torch.from_numpy(x.reshape(num_batch, -1)).to(device) for x in (loc_target, loc_mask, cls_target))


# ---- the table --------------------------------------------------------------------------------

MULTIBOX = declare([
    OpSpec("_contrib_MultiBoxPrior", _multibox_prior, inputs=("data",), family="multibox", params=(
        Param("sizes", parse_float32_tuple, (1.0,), "sizes of the generated anchors"),
        Param("ratios", parse_float32_tuple, (1.0,), "aspect ratios of the generated anchors"),
        Param("clip", parse_bool, False, "clip out-of-boundary boxes to [0, 1]"),
        Param("steps", parse_float32_tuple, (-1.0, -1.0), "step across y and x; -1 for 1 / size"),
        Param("offsets", parse_float32_tuple, (0.5, 0.5), "center offsets, y and x"),
    ), doc="Prior (anchor) boxes (1, H*W*(len(sizes)+len(ratios)-1), 4) of a (batch, channel, H, W) input."),
    OpSpec("_contrib_MultiBoxDetection", _multibox_detection, inputs=("cls_prob", "loc_pred", "anchor"),
           family="multibox", params=(
               Param("clip", parse_bool, True, "clip out-of-boundary boxes"),
               Param("threshold", parse_float, 0.01, "threshold to be a positive prediction"),
               Param("background_id", parse_int, 0, "background id (ignored, as MXNet's CPU kernel)"),
               Param("nms_threshold", parse_float, 0.5, "non-maximum suppression threshold"),
               Param("force_suppress", parse_bool, False, "suppress all detections regardless of class"),
               Param("variances", parse_float32_tuple, (0.1, 0.1, 0.2, 0.2), "variances to decode the box regression"),
               Param("nms_topk", parse_int, -1, "keep the top k detections before nms; -1 for no limit"),
           ), doc="Decode multibox predictions into (batch, num_anchors, 6) rows [id, score, xmin, ymin, xmax, ymax]."),
    OpSpec("_contrib_MultiBoxTarget", _multibox_target, inputs=("anchor", "label", "cls_pred"), family="multibox",
           params=(
               Param("overlap_threshold", parse_float, 0.5, "anchor-ground-truth overlap to be a positive match"),
               Param("ignore_label", parse_float, -1.0, "class target of ignored anchors"),
               Param("negative_mining_ratio", parse_float, -1.0, "max negative to positive ratio; -1 disables mining"),
               Param("negative_mining_thresh", parse_float, 0.5, "overlap below which an anchor may be a negative"),
               Param("minimum_negative_samples", parse_int, 0, "minimum number of negatives (unused, as in MXNet)"),
               Param("variances", parse_float32_tuple, (0.1, 0.1, 0.2, 0.2), "variances to encode the box regression"),
           ), doc="Training targets (loc_target, loc_mask, cls_target) of anchors against padded labels "
                  "(batch, num_labels, [class, xmin, ymin, xmax, ymax, ...]); padding rows are all -1."),
])
