"""Per-thread autograd flags (recording, training), read by operators and set by ``mx.autograd``.

This is the one place train/predict mode lives: Dropout and BatchNorm read ``is_training()``.
Operators read ``STATE.recording`` only when an input requires grad (the cheap check first).
"""
from __future__ import annotations

import threading

__all__ = ["STATE", "is_recording", "is_training", "set_recording", "set_training", "ASSIGN_IN_GRAPH"]


class _State(threading.local):
    def __init__(self):
        self.recording = False
        self.training = False


STATE = _State()

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
    return STATE.recording


def is_training() -> bool:
    """Whether operators run in training mode (Dropout active, BatchNorm uses batch statistics)."""
    return STATE.training


def set_recording(is_recording: bool) -> bool:
    """Set the recording flag; return its previous value."""
    previous, STATE.recording = STATE.recording, bool(is_recording)
    return previous


def set_training(train_mode: bool) -> bool:
    """Set the training flag; return its previous value."""
    previous, STATE.training = STATE.training, bool(train_mode)
    return previous
