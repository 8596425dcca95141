"""Computer vision: focalCrossEntropy, generalizedDice, roialign.

>>> import numpy as np
>>> from mxnd import dl
>>> x = dl.dlarray(np.array([[0.9, 0.2], [0.1, 0.8]]), 'CB')
>>> round(float(dl.generalizedDice(x, np.array([[1., 0.], [0., 1.]])).asnumpy().mean()), 4)
0.985
"""
from __future__ import annotations

import torch

from ...registry import REGISTRY
from .._core import make, to_tensor
from .losses import align
from ._common import check_choice, options, output, size_tuple, take

__all__ = ["focalCrossEntropy", "focal_cross_entropy", "generalizedDice", "generalized_dice", "roialign"]

_ROI_ALIGN = REGISTRY["_contrib_ROIAlign"].impl


def focalCrossEntropy(x, targets, **kwargs):  # noqa: N802 (MATLAB name)
    """MATLAB ``focalCrossEntropy(dlX, targets)`` of probabilities ``x``:
    'exclusive' ``-alpha (1-p)^gamma T ln p``; 'independent' adds
    ``-(1-alpha) p^gamma (1-T) ln(1-p)``. ``reduction`` 'sum' (total / number of observations)
    or 'none' (elementwise, input format). Options ``alpha`` (0.25), ``gamma`` (2),
    ``target_categories``, ``data_format``.

    >>> from mxnd import dl
    >>> round(float(dl.focalCrossEntropy(dl.dlarray([[0.5], [0.5]], 'CB'), [[1.], [0.]])), 6)
    0.043322
    """
    o = options("focalCrossEntropy", kwargs, {"alpha": 0.25, "gamma": 2, "target_categories": "exclusive",
                                              "reduction": "sum", "data_format": None})
    categories = check_choice("focalCrossEntropy", "TargetCategories", o["target_categories"],
                              ("exclusive", "independent"))
    reduction = check_choice("focalCrossEntropy", "Reduction", o["reduction"], ("sum", "none"))
    inp = take(x, o["data_format"], "focalCrossEntropy")
    target = align(targets, inp, "focalCrossEntropy", "targets", channel_vector=False)
    p = inp.data
    tiny = torch.finfo(p.dtype).tiny
    alpha, gamma = float(o["alpha"]), float(o["gamma"])
    terms = -alpha * (1 - p).pow(gamma) * target * torch.log(p.clamp(min=tiny))
    if categories == "independent":
        terms = terms - (1 - alpha) * p.pow(gamma) * (1 - target) * torch.log((1 - p).clamp(min=tiny))
    if reduction == "none":
        return output(inp, terms, inp.fmt)
    count = p.shape[inp.fmt.index("B")] if "B" in inp.fmt else 1
    return make((terms.sum() / count).reshape(()), "")


def generalizedDice(x, target, *, data_format=None, **kwargs):  # noqa: N802 (MATLAB name)
    """MATLAB ``generalizedDice(X, target)``: per observation
    ``2 sum_k w_k sum_m X T / sum_k w_k sum_m (X^2 + T^2)`` with ``w_k = 1/(sum_m T_km)^2`` over the
    S (and T, U) dims; classes with an empty target are left out. Returns an unformatted vector
    (one value per observation)."""
    o = options("generalizedDice", kwargs, {"data_format": data_format})
    inp = take(x, o["data_format"], "generalizedDice")
    if "C" not in inp.fmt:
        raise ValueError(f"generalizedDice: the input must have a 'C' (channel) dimension, got '{inp.fmt}'")
    t = align(target, inp, "generalizedDice", "targets", channel_vector=False)
    data = inp.data
    c_axis = inp.fmt.index("C")
    b_axis = inp.fmt.index("B") if "B" in inp.fmt else None
    keep = [c_axis] + ([b_axis] if b_axis is not None else [])
    dims = tuple(i for i in range(data.dim()) if i not in keep)

    def per_class(values):  # (C, B) or (C,): C precedes B in canonical order
        return values.sum(dim=dims) if dims else values
    area = per_class(t)
    weight = torch.where(area > 0, 1 / (area * area).clamp(min=torch.finfo(data.dtype).tiny), torch.zeros_like(area))
    numerator = (weight * per_class(data * t)).sum(0)
    denominator = (weight * per_class(data * data + t * t)).sum(0)
    return make((2 * numerator / denominator).reshape(-1), "")


def roialign(x, boxes, output_size, **kwargs):
    """MATLAB ``roialign(dlX, boxes, outputSize)``: RoIAlign (Mask R-CNN, no rounding) on the two
    S dims (H, W) of an 'SSCB' input, by mx.nd.contrib.ROIAlign's body. ``boxes``: 5 x numROI
    ``[x1; y1; x2; y2; batchIndex]`` (0-based pixels and batch index); output 'SSCB'
    ``outputSize(1) x outputSize(2) x C x numROI``. Options ``roi_scale`` (1), ``sampling_ratio``
    ('auto' or a positive integer / equal pair), ``data_format``.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> x = dl.dlarray(np.ones((4, 4, 1, 1)), 'SSCB')
    >>> y = dl.roialign(x, np.array([[0.], [0.], [2.], [2.], [0.]]), (2, 2))
    >>> y.fmt, y.shape, float(y[0, 0, 0, 0])
    ('SSCB', (2, 2, 1, 1), 1.0)
    """
    o = options("roialign", kwargs, {"roi_scale": 1, "sampling_ratio": "auto", "data_format": None})
    inp = take(x, o["data_format"], "roialign")
    fmt = inp.fmt
    if fmt.count("S") != 2 or "C" not in fmt:
        raise ValueError(f"roialign: the input must have two 'S' dimensions and a 'C' dimension, got '{fmt}'")
    data = inp.data
    order = ([fmt.index("B")] if "B" in fmt else []) + [fmt.index("C"), 0, 1]
    nchw = data.permute(order + [i for i in range(data.dim()) if i not in order])
    nchw = nchw.reshape(([] if "B" in fmt else [1]) + list(nchw.shape[:3 + ("B" in fmt)]))
    rois = to_tensor(boxes, "roialign").detach().to(device=data.device, dtype=data.dtype)
    if rois.dim() != 2 or rois.shape[0] not in (4, 5):
        raise ValueError(f"roialign: boxes must be 5 x numROI [x1; y1; x2; y2; batchIndex], got {tuple(rois.shape)}")
    if rois.shape[0] == 4:
        rois = torch.cat([rois, rois.new_zeros(1, rois.shape[1])])
    rois = torch.cat([rois[4:5], rois[:4]]).t().contiguous()  # (R, 5) [batch, x1, y1, x2, y2]
    ratio = o["sampling_ratio"]
    if isinstance(ratio, str):
        check_choice("roialign", "SamplingRatio", ratio, ("auto",))
        ratio = -1
    else:
        pair = size_tuple(ratio, 2, "roialign", "SamplingRatio")
        if pair[0] != pair[1]:
            raise ValueError(f"roialign: SamplingRatio must be 'auto' or equal in both dims, got {pair}")
        ratio = pair[0]
    ph, pw = size_tuple(output_size, 2, "roialign", "outputSize")
    y = _ROI_ALIGN(nchw, rois, pooled_size=(ph, pw), spatial_scale=float(o["roi_scale"]), sample_ratio=ratio,
                   position_sensitive=False, aligned=False)  # (R, C, ph, pw)
    y = y.permute(2, 3, 1, 0)
    return make(y, "SSCB") if inp.data_format is None else make(y, "")


focal_cross_entropy = focalCrossEntropy
generalized_dice = generalizedDice
