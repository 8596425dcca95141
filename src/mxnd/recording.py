"""The autograd flags (recording, training), read by operators and set by ``mx.autograd``.

This is the one place train/predict mode lives: Dropout and BatchNorm read ``TRAINING.get()``.
Each flag is a ``ContextVar``: per thread as MXNet's (a new thread starts in predict mode,
not recording) and, unlike a ``threading.local``, read in a few machine instructions; operators
read ``RECORDING.get()`` only when an input requires grad (the cheap check first).

>>> RECORDING.get(), TRAINING.get()
(False, False)
"""
from __future__ import annotations

from contextvars import ContextVar

__all__ = ["RECORDING", "TRAINING", "is_recording", "is_training", "set_recording", "set_training",
           "ASSIGN_IN_GRAPH"]

RECORDING: ContextVar[bool] = ContextVar("mxnd.autograd.recording", default=False)
TRAINING: ContextVar[bool] = ContextVar("mxnd.autograd.training", default=False)

# MXNet's message for in-place writes inside record() (imperative.cc, RecordOp)
ASSIGN_IN_GRAPH = (
    "Assigning to NDArrays that are already in a computational graph will cause undefined "
    "behavior when evaluating gradients. Please call backward first to clear the graph or do "
    "this out side of a record section. Also note that you cannot use inplace operations like "
    "+=, *=, relu(x, out=x), y[idx]=x, etc inside a record section.")


def is_recording() -> bool:
    """Whether operators are being recorded for gradient computation.

    >>> is_recording()
    False
    """
    return RECORDING.get()


def is_training() -> bool:
    """Whether operators run in training mode (Dropout active, BatchNorm uses batch statistics)."""
    return TRAINING.get()


def set_recording(is_recording: bool) -> bool:
    """Set the recording flag; return its previous value."""
    previous = RECORDING.get()
    RECORDING.set(bool(is_recording))
    return previous


def set_training(train_mode: bool) -> bool:
    """Set the training flag; return its previous value."""
    previous = TRAINING.get()
    TRAINING.set(bool(train_mode))
    return previous
