"""Loss functions: crossentropy, l1loss, l2loss, huber, mse, ctc.

Losses take predictions ``y`` (formatted, or unformatted with ``data_format``) and targets of
the same size (unformatted targets take ``y``'s layout); the result is an unformatted scalar
dlarray, or with ``reduction='none'`` the unnormalized elementwise terms in ``y``'s format.

>>> import numpy as np
>>> from mxnd import dl
>>> y = dl.dlarray(np.array([[0.7, 0.2], [0.3, 0.8]]), 'CB')
>>> round(float(dl.crossentropy(y, np.array([[1., 0.], [0., 1.]]))), 6)
0.289909
"""
from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from .. import formats
from .._core import _format, dlarray, make, to_tensor
from ._common import check_choice, options, output, take

__all__ = ["crossentropy", "l1loss", "l2loss", "huber", "mse", "ctc", "onehotdecode"]

_NORMALIZATIONS = ("batch-size", "all-elements", "mask-included", "none")


def align(value, inp, where, name, value_format=None, channel_vector=True):
    """``value`` (targets, weights, mask) as a tensor broadcastable to ``inp.data`` (canonical)."""
    data = inp.data
    if isinstance(value, dlarray) and value._fmt:
        tensor, fmt = value._data, value._fmt
    elif value_format is not None:
        tensor, fmt = _format(to_tensor(value, where), formats.check(value_format, where))
    else:
        tensor = to_tensor(value, where)
        channels = data.shape[inp.fmt.index("C")] if "C" in inp.fmt else None
        if channel_vector and tensor.dim() <= 2 and tensor.numel() == channels and tensor.numel() != data.numel():
            shape = [1] * data.dim()
            shape[inp.fmt.index("C")] = tensor.numel()
            return tensor.reshape(shape).to(device=data.device, dtype=data.dtype)
        if tensor.numel() == 1:
            return tensor.reshape(()).to(device=data.device, dtype=data.dtype)
        if inp.data_format is not None:  # same layout as the DataFormat input
            tensor = tensor.reshape(tuple(tensor.shape) + (1,) * (len(inp.perm) - tensor.dim())).permute(inp.perm)
        if tuple(tensor.shape) != tuple(data.shape):
            raise ValueError(f"{where}: {name} must have the size of the input {tuple(data.shape)}, got "
                             f"{tuple(tensor.shape)}")
        return tensor.to(device=data.device, dtype=data.dtype)
    if fmt == inp.fmt:
        if tuple(tensor.shape) != tuple(data.shape) and name == "targets":
            raise ValueError(f"{where}: {name} must have the size of the input {tuple(data.shape)}, got "
                             f"{tuple(tensor.shape)}")
        return tensor.to(device=data.device, dtype=data.dtype)
    combined, _, positions = formats.combine(inp.fmt, fmt)
    if combined != inp.fmt or name == "targets":
        raise ValueError(f"{where}: the format '{fmt}' of {name} does not match the input format '{inp.fmt}'")
    shape = [1] * data.dim()
    for position, size in zip(positions, tensor.shape):
        shape[position] = size
    return tensor.reshape(shape).to(device=data.device, dtype=data.dtype)


def _observations(inp):
    return inp.data.shape[inp.fmt.index("B")] if "B" in inp.fmt else 1


def _reduce(terms, inp, where, normalization, reduction, mask, channel_excluded=False):
    reduction = check_choice(where, "Reduction", reduction, ("sum", "none"))
    if reduction == "none":
        return output(inp, terms, inp.fmt)
    normalization = check_choice(where, "NormalizationFactor", normalization, _NORMALIZATIONS)
    total = terms.sum()
    channels = inp.data.shape[inp.fmt.index("C")] if channel_excluded and "C" in inp.fmt else 1
    if normalization == "batch-size":
        total = total / _observations(inp)
    elif normalization == "all-elements":
        total = total / (inp.data.numel() / channels)
    elif normalization == "mask-included":
        count = inp.data.numel() if mask is None else torch.broadcast_to(mask, inp.data.shape).count_nonzero()
        total = total / (count / channels)
    return make(total.reshape(()), "")


def _prepare(where, y, targets, weights, o, channel_vector=True):
    inp = take(y, o["data_format"], where)
    target = align(targets, inp, where, "targets", channel_vector=False)
    weight = None if weights is None else align(weights, inp, where, "weights", o.get("weights_format"),
                                                channel_vector)
    mask = None if o.get("mask") is None else align(o["mask"], inp, where, "mask", channel_vector=False)
    return inp, target, weight, mask


def _apply(terms, weight, mask):
    if weight is not None:
        terms = terms * weight
    if mask is not None:
        terms = terms * mask
    return terms


_LOSS_OPTIONS = {"mask": None, "normalization_factor": "batch-size", "reduction": "sum", "weights_format": None,
                 "data_format": None}


def crossentropy(y, targets, weights=None, **kwargs):
    """MATLAB ``crossentropy(Y, targets, weights)`` of probabilities ``y``.

    Options: ``classification_mode`` ('single-label' | 'multilabel'; legacy ``target_categories``
    'exclusive' | 'independent'), ``normalization_factor`` ('batch-size' | 'all-elements' |
    'mask-included' | 'none'; single-label counts exclude the C dim), ``mask``, ``reduction``
    ('sum' | 'none'), ``weights_format``, ``data_format``. ``ln 0`` is avoided by clamping
    ``y`` to the dtype's smallest normal number.
    """
    o = options("crossentropy", kwargs, {**_LOSS_OPTIONS, "classification_mode": "single-label",
                                         "target_categories": None})
    mode = check_choice("crossentropy", "ClassificationMode", o["classification_mode"], ("single-label", "multilabel"))
    if o["target_categories"] is not None:
        categories = check_choice("crossentropy", "TargetCategories", o["target_categories"],
                                  ("exclusive", "independent"))
        mode = "single-label" if categories == "exclusive" else "multilabel"
    inp, target, weight, mask = _prepare("crossentropy", y, targets, weights, o)
    if "C" not in inp.fmt:
        raise ValueError(f"crossentropy: the input must have a 'C' (channel) dimension, got format '{inp.fmt}'")
    tiny = torch.finfo(inp.data.dtype).tiny
    if mode == "single-label":
        terms = -target * torch.log(inp.data.clamp(min=tiny))
    else:
        terms = -(target * torch.log(inp.data.clamp(min=tiny))
                  + (1 - target) * torch.log((1 - inp.data).clamp(min=tiny)))
    terms = _apply(terms, weight, mask)
    return _reduce(terms, inp, "crossentropy", o["normalization_factor"], o["reduction"], mask,
                   channel_excluded=mode == "single-label")


def _elementwise_loss(name, body, doc):
    def loss(y, targets, weights=None, **kwargs):
        o = options(name, kwargs, dict(_LOSS_OPTIONS, **({"transition_point": 1} if name == "huber" else {})))
        inp, target, weight, mask = _prepare(name, y, targets, weights, o)
        terms = _apply(body(inp.data - target, o), weight, mask)
        return _reduce(terms, inp, name, o["normalization_factor"], o["reduction"], mask)
    loss.__name__ = loss.__qualname__ = name
    loss.__doc__ = doc
    return loss


def _huber_terms(diff, o):
    delta = float(o["transition_point"])
    if delta <= 0:
        raise ValueError(f"huber: TransitionPoint must be positive, got {delta}")
    size = diff.abs()
    return torch.where(size <= delta, 0.5 * diff * diff, delta * size - 0.5 * delta * delta)


_COMMON_DOC = """

    Options: ``mask``, ``normalization_factor`` ('batch-size' | 'all-elements' | 'mask-included'
    | 'none'), ``reduction`` ('sum' | 'none'), ``weights`` (a C-length vector or an array like
    ``y``; ``weights_format``), ``data_format``.
"""
l1loss = _elementwise_loss("l1loss", lambda d, o: d.abs(),
                           "MATLAB ``l1loss(Y, targets, weights)``: sum of ``w m |Y - T|`` / N'."
                           + _COMMON_DOC + """
    >>> from mxnd import dl
    >>> float(dl.l1loss(dl.dlarray([[1., 2.]], 'CB'), [[0., 0.]]))
    1.5
    """)
l2loss = _elementwise_loss("l2loss", lambda d, o: d * d,
                           "MATLAB ``l2loss(Y, targets, weights)``: sum of ``w m (Y - T)^2`` / N' (no 1/2)."
                           + _COMMON_DOC)
huber = _elementwise_loss("huber", _huber_terms,
                          "MATLAB ``huber(Y, targets, weights)``: ``(Y-T)^2/2`` inside ``transition_point``, "
                          "linear outside." + _COMMON_DOC)


def mse(y, targets, *, data_format=None, **kwargs):
    """MATLAB ``mse(Y, targets)``: half mean squared error, ``sum((Y - T)^2) / (2 N)`` with N the
    number of observations.

    >>> from mxnd import dl
    >>> float(dl.mse(dl.dlarray([[1., 2.]], 'CB'), [[0., 0.]]))
    1.25
    """
    o = options("mse", kwargs, {"data_format": data_format})
    inp = take(y, o["data_format"], "mse")
    target = align(targets, inp, "mse", "targets", channel_vector=False)
    diff = inp.data - target
    return make(((diff * diff).sum() / (2 * _observations(inp))).reshape(()), "")


def ctc(y, targets, y_mask, targets_mask, *, blank_index=0, reduction="mean", data_format=None, **kwargs):
    """MATLAB ``ctc(Y, targets, YMask, targetsMask)``: connectionist temporal classification loss of
    probabilities ``y`` (C, B and T dims); ``targets`` B x S 0-based class indices, masks B x T and
    B x S logical. ``reduction`` 'mean' (over observations), 'sum' or 'none' (per observation).
    """
    o = options("ctc", kwargs, {"blank_index": blank_index, "reduction": reduction, "data_format": data_format})
    reduction = check_choice("ctc", "Reduction", o["reduction"], ("mean", "sum", "none"))
    inp = take(y, o["data_format"], "ctc")
    if any(label not in inp.fmt for label in "CBT"):
        raise ValueError(f"ctc: Y must have 'C', 'B' and 'T' dimensions, got format '{inp.fmt}'")
    data = inp.data
    others = [i for i, c in enumerate(inp.fmt) if c not in "CBT" and data.shape[i] != 1]
    if others:
        raise ValueError(f"ctc: Y must have only 'C', 'B' and 'T' dimensions of size > 1, got '{inp.fmt}'")
    order = [inp.fmt.index("T"), inp.fmt.index("B"), inp.fmt.index("C")]
    log_probs = torch.log(data.clamp(min=torch.finfo(data.dtype).tiny)).permute(
        order + [i for i in range(data.dim()) if i not in order]).reshape(
        data.shape[order[0]], data.shape[order[1]], data.shape[order[2]])
    steps, batch, classes = log_probs.shape
    device = data.device
    labels = to_tensor(targets, "ctc").detach().to(device)
    labels = labels.reshape(batch, -1).long()
    label_mask = to_tensor(targets_mask, "ctc").detach().to(device).reshape(batch, -1).bool()
    y_valid = to_tensor(y_mask, "ctc").detach().to(device).reshape(batch, -1).bool()
    blank = int(o["blank_index"])
    if not 0 <= blank < classes:
        raise ValueError(f"ctc: BlankIndex must lie in [0, {classes}), got {blank}")
    input_lengths = y_valid.sum(1)
    target_lengths = label_mask.sum(1)
    # compact the masked targets to the front of each row (torch wants the first L_b entries)
    order_keys = torch.where(label_mask, torch.arange(labels.shape[1], device=device), labels.shape[1])
    compact = labels.gather(1, order_keys.argsort(dim=1, stable=True)) if labels.numel() else labels
    losses = F.ctc_loss(log_probs, compact, input_lengths, target_lengths, blank=blank, reduction="none",
                        zero_infinity=False)
    if reduction == "none":
        return make(losses, "")
    total = losses.sum()
    return make((total / batch if reduction == "mean" else total).reshape(()), "")


def onehotdecode(b, classes, feature_dim, typename="categorical"):
    """MATLAB ``onehotdecode(B, classes, featureDim, typename)``: for each position the class of
    the largest entry along ``feature_dim`` (0-based, stored layout; ties take the first). The
    format of a dlarray is ignored. Returns a NumPy array with ``feature_dim`` reduced to 1:
    ``classes``' values (dtype object for strings or 'categorical'), or the numeric ``typename``.

    >>> from mxnd import dl
    >>> dl.onehotdecode(dl.dlarray([[0.1, 0.8], [0.9, 0.2]], 'CB'), ['cat', 'dog'], 0).tolist()
    [['dog', 'cat']]
    """
    data = b._data.detach() if isinstance(b, dlarray) else to_tensor(b, "onehotdecode").detach()
    dim = int(feature_dim)
    if not 0 <= dim < max(data.dim(), 1):
        raise ValueError(f"onehotdecode: featureDim must lie in [0, {data.dim()}) (0-based), got {feature_dim}")
    labels = np.asarray(classes).reshape(-1)
    if labels.size != data.shape[dim]:
        raise ValueError(f"onehotdecode: classes must have {data.shape[dim]} entries (the size of dimension "
                         f"{dim}), got {labels.size}")
    index = data.argmax(dim, keepdim=True).cpu().numpy()
    picked = labels[index]
    if typename in ("categorical", "string", "char", "cellstr") or labels.dtype.kind in "USO":
        return picked.astype(object)
    mapping = {"double": np.float64, "single": np.float32, "logical": np.bool_}
    try:
        kind = mapping.get(typename, np.dtype(typename))
    except TypeError:
        raise ValueError(f"onehotdecode: unknown typename {typename!r}") from None
    return picked.astype(kind)
