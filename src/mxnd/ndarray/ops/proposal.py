"""Region-proposal operators of the proposal family: contrib Proposal and MultiProposal.

MXNet 1.9.1's CPU kernels (src/operator/contrib/proposal.cc, multi_proposal.cc), written with
torch tensor ops (the greedy NMS loops over kept boxes, each step vectorized).

MXNet 1.x rules kept here:

- both are legacy operators whose type inference accepts float32 only; neither has a gradient
  (MXNet's backward writes zeros);
- cls_prob is (N, C, H, W) with ``A = C // 2`` anchors per pixel (the foreground scores are
  channels ``A .. 2A - 1``), bbox_pred must be (N, 2C, H, W) and im_info (N, 3)
  ``[height, width, scale]``; ``A`` must equal ``len(ratios) * len(scales)``;
- anchors: the base box ``[0, 0, stride - 1, stride - 1]``; for each ratio, then each scale,
  ``ws = floor(sqrt(floor(area / ratio)) + 0.5) * scale``,
  ``hs = floor(ws / scale * ratio + 0.5) * scale``, centred on the base box; anchor ``a`` of
  pixel ``(h, w)`` is row ``(h * W + w) * A + a``, shifted by ``(w, h) * stride`` (float32);
- ``bbox`` deltas decode as ``ctr + d * size``, ``exp(d) * size`` with the +1 pixel convention
  (``iou_loss`` adds the deltas to the corners instead); boxes are clipped to
  ``[0, im_width - 1] x [0, im_height - 1]``; pixels at or past ``int(im_size / stride)`` get
  score -1;
- a box narrower or lower than ``rpn_min_size * scale`` is grown by half that size on each
  side (after clipping) and gets score -1; it is not removed;
- a stable descending sort by score, the first ``rpn_pre_nms_top_n`` (all when <= 0), then a
  greedy NMS (IoU with +1 widths, suppress when ``IoU > threshold``) that stops after
  ``min(rpn_post_nms_top_n, pre_nms_top_n)`` kept boxes; the output has
  ``rpn_post_nms_top_n`` rows per image ``[batch index, x1, y1, x2, y2]``, cycling through the
  kept boxes when fewer survive; ``output_score`` adds the (N * post, 1) scores;
- Proposal takes one image only ("Sorry, multiple images each device is not implemented.").

Deliberate difference: MultiProposal with an image larger than the feature map
(``int(im_size / stride) > H or W``) raises MXNetError; MXNet 1.9.1 aborts the process (the
check fails inside an OpenMP region).
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ... import dtypes
from ...params import parse_bool, parse_float, parse_float32_tuple, parse_int
from ...registry import OpSpec, Param, declare
from .unary import zero_gradient

_F = np.float32
_INT_MIN = -(2 ** 31)


def _trunc_int(value):
    """``static_cast<int>`` of a float32 as x86 does it: NaN, inf and out-of-range give INT_MIN."""
    value = float(value)
    if not math.isfinite(value) or not (-2.0 ** 31 <= math.trunc(value) < 2.0 ** 31):
        return _INT_MIN
    return int(math.trunc(value))


def _check_inputs(cls_prob, bbox_pred, im_info, post_nms_top_n):
    if cls_prob.dim() != 4:
        index = min(cls_prob.dim(), 3)
        raise ValueError(f"Check failed: i >= 0 && i < ndim(): index = {index} must be in range "
                         f"[0, {cls_prob.dim()})" if cls_prob.dim() < 4 else
                         f"Check failed: cls_prob must be 4-D (batch, 2 * anchors, height, width), "
                         f"got shape {tuple(cls_prob.shape)}")
    n, c, h, w = cls_prob.shape
    want = (n, c * 2, h, w)
    if tuple(bbox_pred.shape) != want:
        raise ValueError(f"Shape inconsistent, Provided = {list(bbox_pred.shape)}, inferred shape={want}")
    if tuple(im_info.shape) != (n, 3):
        raise ValueError(f"Shape inconsistent, Provided = {list(im_info.shape)}, inferred shape=({n},3)")
    for tensor in (cls_prob, bbox_pred, im_info):
        if tensor.dtype is not torch.float32:
            raise TypeError("Check failed: in_type->at(i) == mshadow::default_type_flag || "
                            f"in_type->at(i) == -1: Unsupported data type {dtypes.flag_of(tensor.dtype)}")
    if post_nms_top_n < 0 and n != 0:
        raise ValueError("Check failed: dim_size_is_known(*it): Shape dim size cannot be a negative value "
                         f"{n * post_nms_top_n}")


def _base_anchors(stride, ratios, scales):
    """(A, 4) float32 anchors of GenerateAnchors (ratio-major), computed in float32 as MXNet does."""
    one, half = _F(1.0), _F(0.5)
    b0, b1, b2, b3 = _F(0.0), _F(0.0), _F(stride - 1.0), _F(stride - 1.0)
    rows = []
    with np.errstate(all="ignore"):
        for ratio in ratios:
            for scale in scales:
                ratio, scale = _F(ratio), _F(scale)
                w = b2 - b0 + one
                h = b3 - b1 + one
                x_ctr = _F(float(b0) + 0.5 * (float(w) - 1.0))
                y_ctr = _F(float(b1) + 0.5 * (float(h) - 1.0))
                size = w * h
                size_ratios = np.floor(size / ratio)
                new_w = np.floor(np.sqrt(size_ratios) + half) * scale
                new_h = np.floor(new_w / scale * ratio + half) * scale
                rows.append([x_ctr - half * (new_w - one), y_ctr - half * (new_h - one),
                             x_ctr + half * (new_w - one), y_ctr + half * (new_h - one)])
    return torch.tensor(np.array(rows, dtype=np.float32).reshape(-1, 4))


def _shifted_anchors(base, height, width, stride):
    """(H * W * A, 4): row ``(h * W + w) * A + a`` is anchor ``a`` shifted by ``(w, h) * stride``."""
    shift_x = (torch.arange(width, dtype=torch.int64) * stride).to(torch.float32)
    shift_y = (torch.arange(height, dtype=torch.int64) * stride).to(torch.float32)
    sx = shift_x.view(1, width, 1).expand(height, width, 1)
    sy = shift_y.view(height, 1, 1).expand(height, width, 1)
    shifts = torch.stack([sx, sy, sx, sy], dim=-1)  # (H, W, 1, 4)
    return (base.view(1, 1, -1, 4) + shifts).reshape(-1, 4)


def _decode(anchors, deltas, im_h, im_w, iou_loss):
    """Boxes (count, 4) from anchors and deltas, clipped to the image (float32 as in MXNet)."""
    x1, y1, x2, y2 = anchors.unbind(1)
    d0, d1, d2, d3 = deltas.unbind(1)
    if iou_loss:
        px1, py1, px2, py2 = x1 + d0, y1 + d1, x2 + d2, y2 + d3
    else:
        width = (x2 - x1) + 1.0
        height = (y2 - y1) + 1.0
        # MXNet computes these with double constants and stores floats
        ctr_x = (x1.double() + 0.5 * (width.double() - 1.0)).float()
        ctr_y = (y1.double() + 0.5 * (height.double() - 1.0)).float()
        pred_ctr_x = d0 * width + ctr_x
        pred_ctr_y = d1 * height + ctr_y
        # exp rounded from double: glibc's expf (MXNet's) is correctly rounded nearly always, torch's
        # float32 exp is not
        pred_w = torch.exp(d2.double()).float() * width
        pred_h = torch.exp(d3.double()).float() * height
        hw = 0.5 * (pred_w.double() - 1.0)
        hh = 0.5 * (pred_h.double() - 1.0)
        px1 = (pred_ctr_x.double() - hw).float()
        py1 = (pred_ctr_y.double() - hh).float()
        px2 = (pred_ctr_x.double() + hw).float()
        py2 = (pred_ctr_y.double() + hh).float()
    max_x = torch.tensor(_F(im_w) - _F(1.0))
    max_y = torch.tensor(_F(im_h) - _F(1.0))
    zero = torch.zeros((), dtype=torch.float32)

    def clip(v, hi):
        return torch.maximum(torch.minimum(v, hi), zero)

    return torch.stack([clip(px1, max_x), clip(py1, max_y), clip(px2, max_x), clip(py2, max_y)], dim=1)


def _nms(boxes, threshold, limit):
    """Indices kept by MXNet's greedy NMS over score-sorted ``boxes`` (stops after ``limit``)."""
    count = boxes.shape[0]
    if count == 0:
        raise ValueError("Check failed: dets.shape_[0] > 0 (0 vs. 0) : ")
    x1, y1, x2, y2 = boxes.unbind(1)
    area = ((x2 - x1) + 1.0) * ((y2 - y1) + 1.0)
    thresh = torch.tensor(_F(threshold))
    suppressed = torch.zeros(count, dtype=torch.bool)
    flags = suppressed.numpy()  # shares memory: the loop reads the marks without a sync
    keep = []
    zero = torch.zeros((), dtype=torch.float32)
    for i in range(count):
        if len(keep) >= limit:
            break
        if flags[i]:
            continue
        keep.append(i)
        if i + 1 == count:
            continue
        xx1 = torch.maximum(x1[i], x1[i + 1:])
        yy1 = torch.maximum(y1[i], y1[i + 1:])
        xx2 = torch.minimum(x2[i], x2[i + 1:])
        yy2 = torch.minimum(y2[i], y2[i + 1:])
        w = torch.maximum(zero, (xx2 - xx1) + 1.0)
        h = torch.maximum(zero, (yy2 - yy1) + 1.0)
        inter = w * h
        ovr = inter / ((area[i] + area[i + 1:]) - inter)
        suppressed[i + 1:] |= ovr > thresh
    return keep


def _one_image(anchors, scores, deltas, info, *, height, width, num_anchors, pre_n, post_n, post_param,
               threshold, rpn_min_size, feature_stride, iou_loss):
    """(post_param, 4) boxes and (post_param,) scores of one image (float32, CPU)."""
    im_h, im_w, im_scale = (_F(v) for v in info.tolist())
    with np.errstate(all="ignore"):
        real_height = _trunc_int(im_h / _F(feature_stride))
        real_width = _trunc_int(im_w / _F(feature_stride))
    if height < real_height:
        raise ValueError(f"Check failed: height >= real_height ({height} vs. {real_height}) : "
                         f"{height} {real_height}")
    if width < real_width:
        raise ValueError(f"Check failed: width >= real_width ({width} vs. {real_width}) : "
                         f"{width} {real_width}")
    # foreground scores (A, H, W) and deltas (4A, H, W) in anchor row order (h, w, a)
    score = scores.permute(1, 2, 0).reshape(-1).clone()
    delta = deltas[:4 * num_anchors].reshape(num_anchors, 4, height, width).permute(2, 3, 0, 1).reshape(-1, 4)
    boxes = _decode(anchors, delta, im_h, im_w, iou_loss)
    rows = torch.arange(height).view(height, 1, 1).expand(height, width, num_anchors).reshape(-1)
    cols = torch.arange(width).view(1, width, 1).expand(height, width, num_anchors).reshape(-1)
    score[(rows >= real_height) | (cols >= real_width)] = -1.0
    # FilterBox: too small boxes grow by min_size / 2 on each side and get score -1
    min_size = _F(_F(rpn_min_size) * im_scale)
    small = (((boxes[:, 2] - boxes[:, 0]) + 1.0 < float(min_size))
             | ((boxes[:, 3] - boxes[:, 1]) + 1.0 < float(min_size)))
    grow = torch.tensor([-1.0, -1.0, 1.0, 1.0]) * torch.tensor(min_size / _F(2.0))
    boxes = torch.where(small.unsqueeze(1), boxes + grow, boxes)
    score[small] = -1.0
    order = torch.sort(score, descending=True, stable=True).indices[:pre_n]
    boxes, score = boxes[order], score[order]
    keep = _nms(boxes, threshold, post_n)
    if post_param == 0:
        return boxes[:0], score[:0]
    index = torch.tensor(keep, dtype=torch.int64)[torch.arange(post_param) % len(keep)]
    return boxes[index], score[index]


def _proposal_common(cls_prob, bbox_pred, im_info, *, single, rpn_pre_nms_top_n, rpn_post_nms_top_n, threshold,
                     rpn_min_size, scales, ratios, feature_stride, output_score, iou_loss):
    _check_inputs(cls_prob, bbox_pred, im_info, rpn_post_nms_top_n)
    inputs = (cls_prob, bbox_pred, im_info)
    device = cls_prob.device
    cls_prob, bbox_pred, im_info = (t.detach().to("cpu") for t in (cls_prob, bbox_pred, im_info))
    num_images, channels, height, width = cls_prob.shape
    if single and num_images != 1:
        raise ValueError(f"Check failed: in_data[proposal::kClsProb].shape_[0] == 1 ({num_images} vs. 1) : "
                         "Sorry, multiple images each device is not implemented.")
    num_anchors = channels // 2
    out_rows = num_images * rpn_post_nms_top_n
    if num_images == 0:
        out, out_score = torch.zeros((0, 5)), torch.zeros((0, 1))
    else:
        if num_anchors != len(ratios) * len(scales):
            raise ValueError(f"Check failed: num_anchors == param_.ratios.ndim() * param_.scales.ndim() "
                             f"({num_anchors} vs. {len(ratios) * len(scales)}) : ")
        count = num_anchors * height * width
        pre_n = rpn_pre_nms_top_n if rpn_pre_nms_top_n > 0 else count
        pre_n = min(pre_n, count)
        post_n = min(rpn_post_nms_top_n, pre_n)
        anchors = _shifted_anchors(_base_anchors(feature_stride, ratios, scales), height, width, feature_stride)
        outs, scores = [], []
        for b in range(num_images):
            boxes, score = _one_image(
                anchors, cls_prob[b, num_anchors:2 * num_anchors], bbox_pred[b], im_info[b],
                height=height, width=width, num_anchors=num_anchors, pre_n=pre_n, post_n=post_n,
                post_param=rpn_post_nms_top_n, threshold=threshold, rpn_min_size=rpn_min_size,
                feature_stride=feature_stride, iou_loss=iou_loss)
            batch = torch.full((boxes.shape[0], 1), float(b), dtype=torch.float32)
            outs.append(torch.cat([batch, boxes], dim=1))
            scores.append(score.view(-1, 1))
        out, out_score = torch.cat(outs), torch.cat(scores)
    assert out.shape[0] == out_rows
    # in the graph with zero gradients: MXNet's backward writes zeros into every input gradient
    out, out_score = (zero_gradient(lambda *_, t=t.to(device): t)(*inputs) for t in (out, out_score))
    return (out, out_score) if output_score else out


def _proposal(cls_prob, bbox_pred, im_info, **params):
    return _proposal_common(cls_prob, bbox_pred, im_info, single=True, **params)


def _multi_proposal(cls_prob, bbox_pred, im_info, **params):
    return _proposal_common(cls_prob, bbox_pred, im_info, single=False, **params)


def _params():
    return (
        Param("rpn_pre_nms_top_n", parse_int, 6000, "number of top scoring boxes to keep before NMS"),
        Param("rpn_post_nms_top_n", parse_int, 300, "number of top scoring boxes to keep after NMS"),
        Param("threshold", parse_float, 0.7, "NMS value, above which an overlapping box is suppressed"),
        Param("rpn_min_size", parse_int, 16, "minimum height or width in proposal"),
        Param("scales", parse_float32_tuple, (4.0, 8.0, 16.0, 32.0), "anchor scales to enumerate"),
        Param("ratios", parse_float32_tuple, (0.5, 1.0, 2.0), "anchor aspect ratios to enumerate"),
        Param("feature_stride", parse_int, 16, "the product of all strides before the rpn layer"),
        Param("output_score", parse_bool, False, "add the scores as a second output"),
        Param("iou_loss", parse_bool, False, "decode the deltas as IoU-loss corner offsets"),
    )


TABLE = declare([
    OpSpec("_contrib_Proposal", _proposal, inputs=("cls_prob", "bbox_pred", "im_info"), family="proposal",
           params=_params(),
           doc="Region proposals via RPN for one image: (rpn_post_nms_top_n, 5) rows "
               "[batch index, x1, y1, x2, y2] (and the (rpn_post_nms_top_n, 1) scores with output_score)."),
    OpSpec("_contrib_MultiProposal", _multi_proposal, inputs=("cls_prob", "bbox_pred", "im_info"),
           family="proposal", params=_params(),
           doc="Region proposals via RPN for a batch: (N * rpn_post_nms_top_n, 5) rows "
               "[batch index, x1, y1, x2, y2] (and the (N * rpn_post_nms_top_n, 1) scores with output_score)."),
])
