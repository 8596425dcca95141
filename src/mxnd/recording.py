"""The autograd flags (recording, training), read by operators and set by ``mx.autograd``.

This is the one place train/predict mode lives: Dropout and BatchNorm read
``FLAGS.get().training``. The flags are per thread, as MXNet's (a new thread starts in predict
mode, not recording): a ``ContextVar`` holds each thread's own small flags object, created on
its first write and then changed in place. Reading them costs a cached ``ContextVar.get`` and a
slot read (a ``threading.local`` read cost ~2 µs with cold caches, between a training step's
large kernels; setting a ``ContextVar`` allocates). Operators read the recording flag only when
an input requires grad (the cheap check first).

>>> FLAGS.get().recording, FLAGS.get().training
(False, False)
"""
from __future__ import annotations

from contextvars import ContextVar
from threading import get_ident

import torch

__all__ = ["FLAGS", "writable_flags", "is_recording", "is_training", "set_recording", "set_training",
           "ASSIGN_IN_GRAPH", "without_grad"]


class Flags:
    """The recording and training flags of one thread."""

    __slots__ = ("recording", "training", "thread")

    def __init__(self, thread=None):
        self.recording = False
        self.training = False
        self.thread = thread


_UNTOUCHED = Flags()  # what a thread that never set a flag reads; never written
FLAGS: ContextVar[Flags] = ContextVar("mxnd.autograd.flags", default=_UNTOUCHED)


def writable_flags() -> Flags:
    """This thread's own flags, created on its first write; a context that came from another
    thread (interpreters that copy the caller's context into new threads) starts from a copy.

    >>> writable_flags() is writable_flags()
    True
    """
    flags = FLAGS.get()
    if flags.thread != get_ident():
        inherited, flags = flags, Flags(get_ident())
        flags.recording, flags.training = inherited.recording, inherited.training
        FLAGS.set(flags)
    return flags


# MXNet's message for in-place writes inside record() (imperative.cc, RecordOp)
ASSIGN_IN_GRAPH = (
    "Assigning to NDArrays that are already in a computational graph will cause undefined "
    "behavior when evaluating gradients. Please call backward first to clear the graph or do "
    "this out side of a record section. Also note that you cannot use inplace operations like "
    "+=, *=, relu(x, out=x), y[idx]=x, etc inside a record section.")
# and for a recorded write of part of an array, which MXNet records as reading that array too
INPLACE_RECORDED = "Inplace operations (+=, -=, x[:]=, etc) are not supported when recording with autograd."


def is_recording() -> bool:
    """Whether operators are being recorded for gradient computation.

    >>> is_recording()
    False
    """
    return FLAGS.get().recording


def is_training() -> bool:
    """Whether operators run in training mode (Dropout active, BatchNorm uses batch statistics)."""
    return FLAGS.get().training


def set_recording(is_recording: bool) -> bool:
    """Set the recording flag; return its previous value."""
    flags = writable_flags()
    previous, flags.recording = flags.recording, bool(is_recording)
    return previous


def set_training(train_mode: bool) -> bool:
    """Set the training flag; return its previous value."""
    flags = writable_flags()
    previous, flags.training = flags.training, bool(train_mode)
    return previous


# torch.no_grad() costs about 1.9 us a call; switching the thread's grad mode directly, 0.4 us
_set_grad_enabled = getattr(torch._C, "_set_grad_enabled", torch.set_grad_enabled)
_grad_enabled = torch.is_grad_enabled


def without_grad(function, args, kwargs=None):
    """``function(*args, **kwargs)`` with torch's grad mode off, restored after (as torch.no_grad()).

    >>> without_grad(lambda t: (t * 2).requires_grad, (torch.ones(1, requires_grad=True),))
    False
    """
    previous = _grad_enabled()
    _set_grad_enabled(False)
    try:
        return function(*args, **kwargs) if kwargs else function(*args)
    finally:
        _set_grad_enabled(previous)
