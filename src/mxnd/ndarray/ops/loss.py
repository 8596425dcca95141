"""Neural-network operators of the loss family: output layers, softmax cross entropy, CTC.

MXNet's output layers (SoftmaxOutput, the regression outputs, SVMOutput, MakeLoss) are
"terminal" operators: their backward ignores the head gradient and writes the gradient of
an implied loss (src/operator/softmax_output-inl.h, regression_output-inl.h,
svm_output-inl.h, make_loss-inl.h; IdentityAttachKLSparseReg adds a penalty to the head
gradient). Each is one ``torch.autograd.Function`` built by ``_output_layer`` from a forward
and a backward body; the label gets no gradient.
"""
from __future__ import annotations

import torch

from ... import dtypes
from ...errors import MXNetError
from ...integer_variables import RecordedFunction
from ...params import enum, parse_bool, parse_float
from ...registry import OpSpec, Param, declare

__all__ = ["LOSS"]

_HALF = frozenset({torch.float16, torch.bfloat16})
_NORMALIZATION = Param("normalization", enum("batch", "null", "valid"), "null",
                       "Gradient normalization: null, batch or valid.")


def _floating(*tensors):
    """MXNet's legacy output layers take floating-point data only (MSHADOW_REAL_TYPE_SWITCH)."""
    for tensor in tensors:
        if not tensor.dtype.is_floating_point:
            raise ValueError(f"This operation only support floating point types, not "
                             f"{dtypes.name_of(tensor.dtype)}")


def _in_float(fn, data, *args):
    """``fn`` on float16 data computed in float32 (as mshadow does), cast back."""
    if data.dtype in _HALF:
        return fn(data.float(), *args).to(data.dtype)
    return fn(data, *args)


def _output_layer(forward, backward):
    """Body ``(*tensors, **params)``: value ``forward(*tensors, **params)``; the first input's
    gradient is ``backward(head, out, *tensors, **params)``, the other inputs get none."""
    class OutputLayer(RecordedFunction):
        @staticmethod
        def forward(ctx, params, *tensors):
            out = forward(*tensors, **params)
            ctx.save_for_backward(out, *tensors)
            ctx.params = params
            return out

        @staticmethod
        def backward(ctx, head):
            out, *tensors = ctx.saved_tensors
            grad = backward(head, out, *tensors, **ctx.params)
            return (None, grad) + (None,) * (len(tensors) - 1)

    apply = OutputLayer.apply

    def body(*tensors, **params):
        if tensors[0].requires_grad:
            return apply(params, *tensors)
        return forward(*tensors, **params)
    return body


def _onehot_like(matrix, index, dim):
    """True where the position along ``dim`` equals ``index`` (labels outside the range match
    nothing, as mshadow's SoftmaxGrad loop); ``matrix - mask`` subtracts 1 there in one pass."""
    shape = [1] * matrix.dim()
    shape[dim] = matrix.shape[dim]
    return _positions(matrix.shape[dim], matrix.device).view(shape) == index.unsqueeze(dim)


def _minus_onehot(matrix, index):
    """``matrix`` less 1 where the position along axis 1 is ``index``: one pass (torch adds a
    boolean mask scaled by -1; it refuses to subtract one)."""
    return torch.add(matrix, _onehot_like(matrix, index, 1), alpha=-1)


_POSITIONS: dict = {}


def _positions(size: int, device) -> torch.Tensor:
    """``arange(size)`` on ``device``, kept (a launch less per backward on a GPU; nothing writes it)."""
    key = (size, device)
    positions = _POSITIONS.get(key)
    if positions is None:
        if len(_POSITIONS) >= 64:
            _POSITIONS.clear()
        positions = _POSITIONS[key] = torch.arange(size, device=device)
    return positions


def _labels(label):
    """``static_cast<int>(label)``: truncation toward zero."""
    return label.to(torch.int64)


# ---- SoftmaxOutput (src/operator/softmax_output-inl.h) --------------------------------------

def _softmax_check(data, label, multi_output, preserve_shape):
    """SoftmaxOutputProp::InferShape: a label of the data's shape holds probabilities; else
    ``data.shape[:-1]``, or with ``multi_output`` (n, s/n/k), (n, d2, ...) or (n, 1, d2, ...)."""
    dshape, lshape = tuple(data.shape), tuple(label.shape)
    if lshape == dshape:
        return
    if data.dim() == 0:
        raise ValueError("data must have at least one dimension")
    if multi_output:
        if data.dim() < 2:
            raise ValueError(f"multi_output needs data of 2 or more dimensions, got {list(dshape)}")
        n, k = dshape[0], dshape[1]
        allowed = ((n, data.numel() // n // k if n * k else 0), (n,) + dshape[2:],
                   (n, 1) + dshape[2:])
        if lshape not in allowed:
            raise ValueError(f"Expecting {list(allowed[0])} or {list(allowed[1])}. But got {list(lshape)}")
    elif lshape != dshape[:-1]:
        raise ValueError(f"Shape inconsistent, Provided = {list(lshape)}, inferred shape={list(dshape[:-1])}")


def _softmax_rows(data, multi_output, preserve_shape):
    """The softmax axis: 1 of (n, k, rest) with ``multi_output``, the last axis with
    ``preserve_shape``, else rows of (d0, size/d0)."""
    if multi_output:
        return data.reshape(data.shape[0], data.shape[1], -1), 1
    if preserve_shape:
        return data.reshape(-1, data.shape[-1]), 1
    return data.reshape(data.shape[0], -1), 1


def _softmax_output_forward(data, label, grad_scale, ignore_label, multi_output, use_ignore,
                            preserve_shape, normalization, out_grad, smooth_alpha):
    _floating(data)
    _softmax_check(data, label, multi_output, preserve_shape)
    view, axis = _softmax_rows(data, multi_output, preserve_shape)
    return _mshadow_softmax(view, axis).reshape(data.shape)


def _mshadow_softmax(data, axis):
    """mshadow's Softmax loop: exp(x - max), a running sum, a division, each rounded to the
    data's dtype (float16 after every step, as mshadow's half_t). Bit-exact for float64 and
    float16; float32 can differ in the last bit (MXNet's build vectorizes expf). On a GPU,
    torch's softmax: one launch instead of five (MXNet's GPU kernel has its own order too)."""
    if not data.is_cpu and data.dtype not in _HALF:
        return torch.softmax(data, axis)
    shifted = data - data.amax(axis, keepdim=True)
    if data.dtype in _HALF:
        exps = torch.exp(shifted.float()).to(data.dtype)
        total = torch.zeros_like(exps.select(axis, 0))
        for column in exps.unbind(axis):  # float16 rounds after every addition
            total = total + column
        return exps / total.unsqueeze(axis)
    exps = shifted.exp_()  # a fresh temporary: in place
    return exps.div_(exps.cumsum(axis).narrow(axis, exps.shape[axis] - 1, 1))


def _softmax_output_backward(head, out, data, label, grad_scale, ignore_label, multi_output,
                             use_ignore, preserve_shape, normalization, out_grad, smooth_alpha):
    """SoftmaxOutputOp::Backward. ``out_grad`` multiplies by the softmax output itself: in
    MXNet 1.9.1's imperative mode the legacy op receives its output where the head gradient
    belongs (checked on the reference)."""
    ignore = int(ignore_label)
    if out.shape == label.shape:  # probability labels: no ignore, no normalization
        grad = (out - label.to(out.dtype)) * grad_scale
        return grad * out if out_grad else grad
    if multi_output:
        view = out.reshape(out.shape[0], out.shape[1], -1)
        index = _labels(label).reshape(view.shape[0], view.shape[2])
        grad = _minus_onehot(view, index)
        if use_ignore:
            grad = grad * (index != ignore).unsqueeze(1).to(grad.dtype)
        # measured on MXNet 1.9.1: 'null' divides by the positions per example, 'batch' by all
        # positions, 'valid' by the count of labels other than ignore_label (at least 1)
        if normalization == "valid":
            count = max(int((index != ignore).sum()), 1)
        else:
            count = index.shape[1] * (index.shape[0] if normalization == "batch" else 1)
        scale = grad_scale / count
    else:
        view, _ = _softmax_rows(out, False, preserve_shape)
        if label.numel() != view.shape[0]:
            # MXNet 1.9.1 aborts here; an error in backward does not pass the builder: raise its own
            raise MXNetError(f"SoftmaxOutput: TBlob.get_with_shape: new and old shape do not match "
                             f"total elements (label {list(label.shape)} for {view.shape[0]} rows)")
        index = _labels(label).reshape(-1)
        if smooth_alpha:
            classes = view.shape[1]
            off = smooth_alpha / (classes - 1) if classes > 1 else 0.0
            grad = view - (_onehot_like(view, index, 1).to(view.dtype) * (1 - smooth_alpha - off) + off)
        else:
            grad = _minus_onehot(view, index)
        if use_ignore:
            grad = grad * (index != ignore).unsqueeze(1).to(grad.dtype)
        if normalization == "batch":
            count = index.numel()
        elif normalization == "valid":
            count = max(int((index != ignore).sum()), 1)
        else:
            count = 1
        scale = grad_scale / count
    grad = (grad if scale == 1 else grad * scale).reshape(out.shape)  # x * 1 is x, bit for bit
    return grad * out if out_grad else grad


# ---- regression outputs (src/operator/regression_output-inl.h) ------------------------------

def _regression(link, gradient):
    """Forward ``link(data)``; backward ``gradient(out, label) * grad_scale / num_output``,
    where num_output is the label's size per example."""
    def forward(data, label, grad_scale):
        _floating(data)
        if label.numel() != data.numel() or (label.dim() and data.dim() and label.shape[0] != data.shape[0]):
            raise ValueError(f"Shape inconsistent, Provided={list(label.shape)}, "
                             f"inferred shape={list(data.shape)}")
        return link(data)

    def backward(head, out, data, label, grad_scale):
        per_example = label.numel() // label.shape[0] if label.dim() and label.shape[0] else 1
        return gradient(out, label.reshape(out.shape)) * (grad_scale / per_example)
    return _output_layer(forward, backward)


def _minus_sign(out, label):
    """mshadow_op::minus_sign: 1 where out > label, else -1 (so -1 on ties)."""
    return torch.where(out > label, 1.0, -1.0).to(out.dtype)


# ---- MakeLoss (src/operator/make_loss-inl.h) --------------------------------------------------

def _make_loss_forward(data, grad_scale, valid_thresh, normalization):
    _floating(data)
    return data.clone()


def _make_loss_backward(head, out, data, grad_scale, valid_thresh, normalization):
    """grad_scale, divided by the batch size (the rows of the data flattened to 2-D: all but the
    last axis) or by the count of elements above valid_thresh (at least 1); the head gradient
    is ignored."""
    if normalization == "batch":
        scale = grad_scale / max(data.numel() // data.shape[-1] if data.dim() > 1 else 1, 1)
    elif normalization == "valid":
        scale = grad_scale / max(int((data > valid_thresh).sum()), 1)
    else:
        scale = grad_scale
    return torch.full_like(data, scale)


# ---- SVMOutput (src/operator/svm_output-inl.h) ------------------------------------------------

def _svm_forward(data, label, margin, regularization_coefficient, use_linear):
    _floating(data)
    if data.dim() < 2 or tuple(label.shape) != tuple(data.shape[:-1]):
        raise ValueError(f"Shape inconsistent, Provided = {list(label.shape)}, "
                         f"inferred shape={list(data.shape[:-1])}")
    return data.clone()


def _svm_backward(head, out, data, label, margin, regularization_coefficient, use_linear):
    """L1_SVM / L2_SVM of mshadow: the label column pulls down, the others push up."""
    def body(src):
        src = src.reshape(-1, src.shape[-1])
        is_label = _onehot_like(src, _labels(label).reshape(-1), 1)
        if use_linear:
            grad = torch.where(is_label, -(margin > src).to(src.dtype), (margin > -src).to(src.dtype))
        else:
            grad = torch.where(is_label, torch.where(margin > src, -2 * (margin - src), 0.0),
                               torch.where(margin > -src, 2 * (margin + src), 0.0))
        return (grad * regularization_coefficient).reshape(out.shape)
    return _in_float(body, out)


# ---- IdentityAttachKLSparseReg (src/operator/identity_attach_KL_sparse_reg-inl.h) ----------

def _kl_forward(data, moving_avg, sparseness_target, penalty, momentum):
    _floating(data)
    if data.dim() != 2 or tuple(moving_avg.shape) != (data.shape[1],):
        raise ValueError(f"moving_avg must have shape ({data.shape[1] if data.dim() > 1 else '?'},) "
                         f"for 2-D data, got data {list(data.shape)} and moving_avg {list(moving_avg.shape)}")
    return data.clone()


def _kl_backward(head, out, data, moving_avg, sparseness_target, penalty, momentum):
    """Backward updates the auxiliary moving average of the batch mean in place, then adds the
    KL sparseness penalty's gradient to the head gradient."""
    mean = data.mean(0).to(moving_avg.dtype)
    moving_avg.mul_(momentum).add_(mean, alpha=1 - momentum)
    rho = moving_avg.to(head.dtype)
    return head + penalty * (-sparseness_target / rho + (1 - sparseness_target) / (1 - rho))


# ---- softmax_cross_entropy (src/operator/loss_binary_op-inl.h) -------------------------------

def _cross_entropy_check(data, label):
    _floating(data)
    if data.dim() != 2:
        raise ValueError(f"SoftmaxCrossEntropy only accept 2D data, got {data.dim()}D")
    if label.dim() != 1:
        raise ValueError(f"SoftmaxCrossEntropy only accept 1D label, got {label.dim()}D")
    if data.shape[0] != label.shape[0]:
        raise ValueError(f"data label shape mismatch ({data.shape[0]} vs. {label.shape[0]})")
    index = _labels(label)
    if index.numel() and (int(index.min()) < 0 or int(index.max()) >= data.shape[1]):
        # MXNet picks data[i * k + label] of the flat array: other rows, or memory past the end
        raise ValueError(f"label values must lie in [0, {data.shape[1]}), got {label.tolist()}")
    return index


def _cross_entropy_forward(data, label):
    index = _cross_entropy_check(data, label)

    def body(x):
        picked = torch.softmax(x, 1).gather(1, index.unsqueeze(1))
        return (-torch.log(picked.clamp_min(1e-8))).sum().reshape(1)  # log(max(p, 1e-8))
    return _in_float(body, data)


def _cross_entropy_backward(head, out, data, label):
    index = _labels(label)
    return _in_float(lambda x: _minus_onehot(torch.softmax(x, 1), index) * head.to(x.dtype), data)


# ---- CTCLoss (src/operator/nn/ctc_loss-inl.h) -----------------------------------------------

def _lengths(values, limit, what):
    lengths = values.reshape(-1).to(torch.float64).round().to(torch.int64)
    if lengths.numel() and (int(lengths.min()) < 0 or int(lengths.max()) > limit):
        # MXNet reads past the arrays (or crashes) for such lengths
        raise ValueError(f"{what} must lie in [0, {limit}], got {values.tolist()}")
    return lengths


def _ctc_loss(data, label, data_lengths, label_lengths, use_data_lengths, use_label_lengths, blank_label):
    """-log p(label | data) per example; data holds activations (T, N, C), softmax taken here."""
    # MXNet passes the arrays in order: the flags say which lengths the extra ones are
    extra = [t for t in (data_lengths, label_lengths) if t is not None]
    if len(extra) != use_data_lengths + use_label_lengths:
        raise ValueError(f"Operator CTCLoss expects {2 + use_data_lengths + use_label_lengths} inputs, "
                         f"but got {2 + len(extra)} instead.")
    data_lengths = extra.pop(0) if use_data_lengths else None
    label_lengths = extra.pop(0) if use_label_lengths else None
    _floating(data)
    if data.dim() != 3:
        raise ValueError(f"The number of dimensions of data array must be 3, got {data.dim()}")
    if label.dim() != 2:
        raise ValueError(f"The number of dimensions of labels array must be 2, got {label.dim()}")
    steps, batch, classes = data.shape
    if label.shape[0] != batch:
        raise ValueError(f"The batch size for the labels and data arrays must be the same "
                         f"({batch} vs. {label.shape[0]})")
    if label.shape[1] > steps:
        raise ValueError(f"The max number of labels cannot exceed the maximum sequence length of the "
                         f"data ({steps} vs. {label.shape[1]})")
    blank = 0 if blank_label == "first" else classes - 1
    labels = _labels(label)
    if use_label_lengths:
        target_lengths = _lengths(label_lengths, label.shape[1], "label_lengths")
    else:  # the first padding value (0 with blank first, -1 with blank last) ends a label
        padding = (labels == (0 if blank_label == "first" else -1)).to(torch.int64)
        ends = torch.where(padding.any(1), padding.argmax(1), label.shape[1]) if label.shape[1] \
            else torch.zeros(batch, dtype=torch.int64, device=label.device)
        target_lengths = ends
    used = torch.arange(label.shape[1], device=label.device) < target_lengths.unsqueeze(1)
    tokens = labels[used]
    if tokens.numel() and (int(tokens.min()) < 0 or int(tokens.max()) >= classes
                           or bool((tokens == blank).any())):
        # out-of-range labels crash MXNet; a blank inside a label is undefined there
        raise ValueError(f"label values must lie in [0, {classes}) and differ from the blank label "
                         f"{blank}, got {label.tolist()}")
    input_lengths = (_lengths(data_lengths, steps, "data_lengths") if use_data_lengths
                     else torch.full((batch,), steps, dtype=torch.int64, device=data.device))
    if use_data_lengths and batch and int(input_lengths.min()) < steps:
        # frames past a length get a zero gradient, even NaN or inf ones (MXNet's SequenceMask)
        past = torch.arange(steps, device=data.device).unsqueeze(1) >= input_lengths
        data = data.masked_fill(past.unsqueeze(2), 0)
    log_probs = torch.log_softmax(data.to(torch.float64), 2)
    targets = torch.where(used, labels, blank).clamp(0, max(classes - 1, 0))
    loss = torch.nn.functional.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=blank,
                                        reduction="none", zero_infinity=True)  # infeasible: 0, as MXNet
    return loss.to(data.dtype)


# ---- the table --------------------------------------------------------------------------------

def _grad_scale(doc="Scale the gradient by a float factor"):
    return Param("grad_scale", parse_float, 1.0, doc)


def _regression_spec(name, link, gradient, doc):
    return OpSpec(name, _regression(link, gradient), inputs=("data", "label"), params=(_grad_scale(),),
                  same_dtype=True, family="loss", doc=doc)


LOSS = declare([
    OpSpec("SoftmaxOutput", _output_layer(_softmax_output_forward, _softmax_output_backward),
           inputs=("data", "label"), aliases=("Softmax",), same_dtype=True, family="loss",
           params=(_grad_scale("Scales the gradient by a float factor."),
                   Param("ignore_label", parse_float, -1.0, "Label ignored in backward when use_ignore is set."),
                   Param("multi_output", parse_bool, False, "Softmax along axis 1 (label one per position)."),
                   Param("use_ignore", parse_bool, False, "Give ignore_label instances no gradient."),
                   Param("preserve_shape", parse_bool, False, "Softmax along the last axis."),
                   _NORMALIZATION,
                   Param("out_grad", parse_bool, False, "Multiply the gradient by the output gradient."),
                   Param("smooth_alpha", parse_float, 0.0, "Label smoothing constant for the backward pass.")),
           doc="Softmax forward; backward is the cross-entropy gradient (softmax - onehot(label)) * grad_scale."),
    _regression_spec("LinearRegressionOutput", torch.clone, lambda out, label: out - label,
                     "The data; backward is (data - label) * grad_scale / outputs per example."),
    _regression_spec("LogisticRegressionOutput", torch.sigmoid, lambda out, label: out - label,
                     "sigmoid(data); backward is (sigmoid(data) - label) * grad_scale / outputs per example."),
    _regression_spec("MAERegressionOutput", torch.clone, _minus_sign,
                     "The data; backward is sign(data - label) * grad_scale / outputs per example."),
    OpSpec("MakeLoss", _output_layer(_make_loss_forward, _make_loss_backward), family="loss",
           params=(_grad_scale("Gradient scale as a supplement to unary and binary operators"),
                   Param("valid_thresh", parse_float, 0.0, "Elements above it count as valid (normalization='valid')."),
                   _NORMALIZATION),
           doc="The data as a loss: its gradient is grad_scale, normalized; the head gradient is ignored."),
    OpSpec("SVMOutput", _output_layer(_svm_forward, _svm_backward), inputs=("data", "label"),
           same_dtype=True, family="loss",
           params=(Param("margin", parse_float, 1.0, "The margin outside which outputs are penalized."),
                   Param("regularization_coefficient", parse_float, 1.0, "Scale of the gradient."),
                   Param("use_linear", parse_bool, False, "L1-SVM objective instead of L2-SVM.")),
           doc="The data; backward is the L2 (or L1) SVM hinge-loss gradient."),
    OpSpec("IdentityAttachKLSparseReg", _output_layer(_kl_forward, _kl_backward), inputs=("data", "moving_avg"),
           family="loss",
           params=(Param("sparseness_target", parse_float, 0.1, "The sparseness target."),
                   Param("penalty", parse_float, 0.001, "The tradeoff parameter for the sparseness penalty."),
                   Param("momentum", parse_float, 0.9, "The momentum of the running average.")),
           doc="The data; backward adds a KL sparseness penalty and updates moving_avg (an auxiliary state)."),
    OpSpec("softmax_cross_entropy", _output_layer(_cross_entropy_forward, _cross_entropy_backward),
           inputs=("data", "label"), same_dtype=True, differentiable=True, family="loss",
           doc="Sum over the batch of -log(softmax(data)[label]), shape (1,)."),
    OpSpec("CTCLoss", _ctc_loss, inputs=("data", "label", "data_lengths?", "label_lengths?"),
           aliases=("ctc_loss", "_contrib_CTCLoss", "_contrib_ctc_loss"), differentiable=True, family="loss",
           params=(Param("use_data_lengths", parse_bool, False, "Take the lengths of data from data_lengths."),
                   Param("use_label_lengths", parse_bool, False, "Take the lengths of labels from label_lengths."),
                   Param("blank_label", enum("first", "last"), "first", "The channel reserved for blank.")),
           doc="Connectionist Temporal Classification loss of activations (T, N, C), one value per example."),
])
