"""The log-likelihood of a marked self-exciting Hawkes process: contrib hawkesll.

MXNet 1.x rules kept here (src/operator/contrib/hawkes_ll-inl.h, hawkes_ll.cc):

- inputs ``lda (N, K), alpha (K,), beta (K,), state (N, K), lags (N, T), marks (N, T),
  valid_length (N,), max_time (N,)``; ``marks`` is int32, every other input has the dtype of
  ``lda``; outputs ``loglik (N,)`` and ``out_state (N, K)``;
- per sample, point ``j`` runs while ``j < valid_length`` (a float: 2.5 reads 3 points): with
  ``c = marks[j]``, ``t += lags[j]``, ``d = t - last[c]`` (``last`` starts at 0),
  ``ed = expf(-beta[c] * d)``, intensity ``mu + alpha * beta * s * ed``, compensator
  ``mu * d + alpha * s * (1 - ed)``, ``ll += logf(intensity) - compensator``,
  ``s = 1 + s * ed``, ``last[c] = t``; then every mark pays the remaining compensator up to
  ``max_time`` (summed over the marks left to right) and its state decays to ``max_time``;
- ``expf`` and ``logf`` are single precision even for float64 inputs (their argument is
  rounded to float32, their result taken back);
- backward is MXNet's ``_contrib_backward_hawkesll``: the recursions of d/d(lda, alpha, beta)
  driven by the input state, times the gradient of ``loglik`` (the gradient of ``out_state``
  is ignored); alpha and beta sum theirs over the batch in order; ``state`` gets a zero
  gradient; a gradient through ``lags``, ``valid_length`` or ``max_time`` raises MXNetError
  as MXNet's ``req == kNullOp`` check does.

The batch and the marks are vectorised; the recursion runs as a loop over the time steps (up
to the longest ``valid_length``), since each point depends on the state the previous ones left.

Deliberate differences (MXNet reads or writes out of bounds, or computes garbage): a
``valid_length`` past ``T`` and a valid mark outside ``[0, K)`` raise MXNetError; integer
``lda`` raises (MXNet runs the float formulas in integers); ``grad_req='add'`` adds the
gradient (MXNet's kernels zero the buffer and double-count); float16 is computed in float32
and rounded (MXNet computes in half precision); the final sums are torch's (not sequential)
on a GPU.
"""
from __future__ import annotations

import numpy as np
import torch

from ... import dtypes
from ...errors import MXNetError
from ...registry import OpSpec, declare

_OP = "_contrib_hawkesll"
_NAMES = ("lda", "alpha", "beta", "state", "lags", "marks", "valid_length", "max_time")
_NDIMS = (("kMu", 2), ("kAlpha", 1), ("kBeta", 1), ("kState", 2), ("kIATimes", 2), ("kMarks", 2),
          ("kValidLength", 1), ("kMaxTime", 1))


def _check(inputs):
    """MXNet's shape and type inference of hawkesll; returns (N, T, K)."""
    for tensor, name, (enum, ndim) in zip(inputs, _NAMES, _NDIMS):
        if tensor.dim() != ndim:
            raise ValueError(f"Check failed: in_attrs->at(hawkesll::{enum}).ndim() == {ndim} ({tensor.dim()} vs. "
                             f"{ndim}) : {name} must be {ndim}-D, got shape {tuple(tensor.shape)}")
    lda, alpha, beta, state, lags, marks, valid_length, max_time = inputs
    n, t = lags.shape
    k = lda.shape[1]
    for tensor, enum, axis, want, what in (
            (lda, "kMu", 0, n, "N"), (alpha, "kAlpha", 0, k, "K"), (beta, "kBeta", 0, k, "K"),
            (state, "kState", 0, n, "N"), (state, "kState", 1, k, "K"), (marks, "kMarks", 0, n, "N"),
            (marks, "kMarks", 1, t, "T"), (valid_length, "kValidLength", 0, n, "N"),
            (max_time, "kMaxTime", 0, n, "N")):
        if tensor.shape[axis] != want:
            raise ValueError(f"Check failed: in_attrs->at(hawkesll::{enum})[{axis}] == {what} "
                             f"({tensor.shape[axis]} vs. {want}) : inputs of shapes "
                             f"{[tuple(x.shape) for x in inputs]} disagree on {what}")
    if n == 0 or k == 0:
        raise ValueError(f"Check failed: dim_size_is_known: hawkesll needs a nonempty batch and at least "
                         f"one mark (N={n}, K={k})")
    dtype = lda.dtype
    for tensor, name in zip(inputs, _NAMES):
        want = torch.int32 if name == "marks" else dtype
        if tensor.dtype != want:
            raise TypeError(f"Type inconsistent, Provided = {dtypes.name_of(tensor.dtype)}, inferred type = "
                            f"{dtypes.name_of(want)} ({name})")
    if not dtype.is_floating_point or dtype is torch.bfloat16:
        raise TypeError(f"hawkesll computes in floating point; lda of type {dtypes.name_of(dtype)} is not supported")
    return n, t, k


def _steps(valid_length, marks, t, k):
    """(N,) number of points read per sample (``j < valid_length``), checked against T and the marks."""
    length = valid_length.detach().to(torch.float64)
    count = torch.where(torch.isnan(length), torch.zeros_like(length), torch.ceil(length).clamp(min=0))
    longest = float(count.max())
    if longest > t:
        raise ValueError(f"valid_length {float(length[count.argmax()])} reads {longest:g} points, past the "
                         f"{t} points of lags and marks")
    count = count.to(torch.int64)
    read = torch.arange(t, device=marks.device)[None, :] < count[:, None]
    if bool((read & ((marks < 0) | (marks >= k))).any()):
        raise ValueError(f"a valid mark is outside [0, {k}): {marks[read & ((marks < 0) | (marks >= k))].tolist()}")
    return count, int(longest)


def _single(function, x):
    """C's ``expf``/``logf`` of ``x``: argument and result in float32 (correctly rounded), returned in x's type."""
    return function(x.to(torch.float32).to(torch.float64)).to(torch.float32).to(x.dtype)


def _ordered_sum(x, dim):
    """MXNet's left-to-right sum over ``dim``: numpy's sequential accumulate on the CPU, torch's sum elsewhere."""
    if x.device.type == "cpu":
        moved = x.movedim(dim, -1).contiguous().numpy()
        return torch.from_numpy(np.add.accumulate(moved, axis=-1, dtype=moved.dtype)[..., -1].copy())
    return x.sum(dim)


class _Recursion:
    """The inputs in the working type and the per-step views the forward and backward share."""

    def __init__(self, inputs):
        lda, alpha, beta, state, lags, marks, valid_length, max_time = inputs
        t, k = lags.shape[1], lda.shape[1]
        work = torch.float64 if lda.dtype is torch.float64 else torch.float32
        self.mu, self.alpha, self.beta, self.state, self.lags, self.max_time = (
            x.detach().to(work) for x in (lda, alpha, beta, state, lags, max_time))
        self.count, self.longest = _steps(valid_length, marks, t, k)
        self.count = self.count.to(lda.device)
        self.marks = marks.detach().to(torch.int64)

    def points(self):
        """Per step: active mask (N,), mark (N, 1), time (N,) after it, in order."""
        time = torch.zeros_like(self.max_time)
        for j in range(self.longest):
            active = j < self.count
            time = torch.where(active, time + self.lags[:, j], time)
            mark = torch.where(active, self.marks[:, j], torch.zeros_like(self.marks[:, j]))[:, None]
            yield active, mark, time

    def params(self, mark):
        return self.mu.gather(1, mark)[:, 0], self.alpha[mark[:, 0]], self.beta[mark[:, 0]]


def _put(target, mark, active, value, old):
    target.scatter_(1, mark, torch.where(active, value, old)[:, None])


def _forward(rec):
    state, last = rec.state.clone(), torch.zeros_like(rec.state)
    ll = torch.zeros_like(rec.max_time)
    for active, mark, time in rec.points():
        mu, alpha, beta = rec.params(mark)
        s, before = state.gather(1, mark)[:, 0], last.gather(1, mark)[:, 0]
        d = time - before
        ed = _single(torch.exp, -beta * d)
        lda = mu + alpha * beta * s * ed
        comp = mu * d + alpha * s * (1 - ed)
        ll = torch.where(active, ll + (_single(torch.log, lda) - comp), ll)
        _put(state, mark, active, 1 + s * ed, s)
        _put(last, mark, active, time, before)
    d = rec.max_time[:, None] - last
    ed = _single(torch.exp, -rec.beta * d)
    rest = rec.mu * d + rec.alpha * state * (1 - ed)
    return ll - _ordered_sum(rest, 1).to(ll.device), ed * state


def _backward(rec, out_grad):
    """MXNet's hawkesll_backward and hawkesll_backward_compensator: gradients of lda, alpha, beta."""
    phi, dphi, last = rec.state.clone(), torch.zeros_like(rec.state), torch.zeros_like(rec.state)
    mug, alphag, betag = (torch.zeros_like(rec.state) for _ in range(3))
    for active, mark, time in rec.points():
        mu, alpha, beta = rec.params(mark)
        s, ds, before = (x.gather(1, mark)[:, 0] for x in (phi, dphi, last))
        d = time - before
        ed = _single(torch.exp, -beta * d)
        lda = mu + alpha * beta * s * ed
        for target, value in (
                (mug, mug.gather(1, mark)[:, 0] + (1 / lda) - d),
                (alphag, alphag.gather(1, mark)[:, 0] + (beta * s * ed) / lda - s * (1 - ed)),
                (betag, betag.gather(1, mark)[:, 0] + alpha * ed * (s * (1 - beta * d) + beta * ds) / lda
                 - alpha * (ds * (1 - ed) + s * d * ed))):
            _put(target, mark, active, value, target.gather(1, mark)[:, 0])
        _put(dphi, mark, active, ed * (-d * s + ds), ds)
        _put(phi, mark, active, 1 + s * ed, s)
        _put(last, mark, active, time, before)
    d = rec.max_time[:, None] - last
    ed = _single(torch.exp, -rec.beta * d)
    head = out_grad.to(mug.dtype)[:, None]
    mug = head * (mug - d)
    alphag = head * (alphag - phi * (1 - ed))
    betag = head * (betag - rec.alpha * (dphi * (1 - ed) + phi * d * ed))
    return mug, _ordered_sum(alphag, 0).to(mug.device), _ordered_sum(betag, 0).to(mug.device)


_NO_GRADIENT = {4: "kIATimes", 6: "kValidLength", 7: "kMaxTime"}


class _HawkesLL(torch.autograd.Function):
    """Forward as MXNet; backward as MXNet's ``_contrib_backward_hawkesll``."""

    @staticmethod
    def forward(ctx, rec, *inputs):
        ll, state = _forward(rec)
        ctx.rec = rec
        ctx.dtypes = [x.dtype for x in inputs[:4]]
        ctx.state_shape = inputs[3].shape
        return ll.to(inputs[0].dtype), state.to(inputs[0].dtype)

    @staticmethod
    def backward(ctx, grad_ll, grad_state):
        needs = ctx.needs_input_grad[1:]
        for position, enum in _NO_GRADIENT.items():
            if needs[position]:
                raise MXNetError(f"Check failed: req[hawkesll::{enum}] == OpReqType::kNullOp (1 vs. 0) : "
                                 f"{_OP} gives no gradient for {_NAMES[position]}")
        mug, alphag, betag = _backward(ctx.rec, grad_ll)
        lda_t, alpha_t, beta_t, state_t = ctx.dtypes
        state = torch.zeros(ctx.state_shape, dtype=state_t, device=mug.device) if needs[3] else None
        return (None, mug.to(lda_t), alphag.to(alpha_t), betag.to(beta_t), state, None, None, None, None)


def _hawkesll(lda, alpha, beta, state, lags, marks, valid_length, max_time):
    inputs = (lda, alpha, beta, state, lags, marks, valid_length, max_time)
    _check(inputs)
    rec = _Recursion(inputs)
    if torch.is_grad_enabled() and any(x.requires_grad for x in inputs):
        return _HawkesLL.apply(rec, *inputs)
    ll, out_state = _forward(rec)
    return ll.to(lda.dtype), out_state.to(lda.dtype)


TABLE = declare([
    # MXNet gives lda, alpha and beta a gradient (the backward above), but the registry-wide
    # finite-difference check perturbs every input in float64, and hawkesll takes int32 marks
    # only and refuses a gradient through lags, valid_length and max_time: not marked
    # differentiable here; tests/ndarray/ops/test_hawkes.py checks the gradients instead.
    OpSpec(_OP, _hawkesll, inputs=_NAMES, family="hawkes",
           doc="Log-likelihood of a marked self-exciting (Hawkes) process with exponential decay, "
               "and the process state at max_time."),
])
