"""Devices as MXNet names them: ``Context``, ``cpu()``, ``gpu()``, the default-context stack.

``cpu(i)`` is the host (every ``i`` shares host memory, as in MXNet); ``gpu(i)`` is CUDA
device ``i``. Each Context caches its ``torch.device``.
"""
from __future__ import annotations

import threading

import torch

__all__ = ["Context", "cpu", "gpu", "cpu_pinned", "current_context", "num_gpus", "gpu_memory_info"]

class _ThreadState(threading.local):
    """Per-thread stack of contexts entered with ``with ctx:``."""

    def __init__(self):
        self.stack = []
        self.default = _CPU0




_DEFAULT_CTX_DEPRECATED = ("Context.default_ctx has been deprecated. Please use Context.current_context() instead. "
                           "Please use test_utils.set_default_context to set a default context")


class _DefaultContext(type):
    """``Context.default_ctx``: MXNet's deprecated class property for the current context."""

    @property
    def default_ctx(cls):
        import warnings

        warnings.warn(_DEFAULT_CTX_DEPRECATED, DeprecationWarning)
        return current_context()

    @default_ctx.setter
    def default_ctx(cls, ctx):
        import warnings

        warnings.warn(_DEFAULT_CTX_DEPRECATED, DeprecationWarning)
        if _state.stack:  # inside ``with ctx:``, which restores the outer one on exit
            _state.stack[-1] = ctx
        else:
            _state.default = ctx


class Context(metaclass=_DefaultContext):
    """A device context: ``Context('gpu', 1)`` or ``Context(mx.gpu(1))``.

    Used as ``with mx.gpu(0):`` it becomes the default context of creation functions.

    >>> Context('cpu', 0)
    cpu(0)
    >>> Context('gpu', 1) == gpu(1)
    True
    """

    devtype2str = {1: "cpu", 2: "gpu", 3: "cpu_pinned", 5: "cpu_shared"}
    devstr2type = {"cpu": 1, "gpu": 2, "cpu_pinned": 3, "cpu_shared": 5}

    __slots__ = ("device_typeid", "device_id", "_device", "operator_context")

    def __init__(self, device_type, device_id=0):
        if isinstance(device_type, Context):
            self.device_typeid = device_type.device_typeid
            self.device_id = device_type.device_id
        else:
            self.device_typeid = Context.devstr2type[device_type]
            self.device_id = int(device_id)
        self._device = None
        # where operator results land: MXNet runs operators on cpu_pinned(i) inputs on cpu(i)
        self.operator_context = Context("cpu", self.device_id) if self.device_typeid == 3 else self

    @property
    def device_type(self) -> str:
        """``'cpu'``, ``'gpu'``, ``'cpu_pinned'`` or ``'cpu_shared'``."""
        return Context.devtype2str[self.device_typeid]

    @property
    def device(self) -> torch.device:
        """The torch device this context stands for (cached)."""
        device = self._device
        if device is None:
            if self.device_typeid == 2:
                if self.device_id >= num_gpus():
                    from .errors import MXNetError

                    raise MXNetError(f"{self} is not available: this machine has {num_gpus()} CUDA "
                                     f"device(s) (torch.cuda.is_available()={torch.cuda.is_available()})")
                device = torch.device("cuda", self.device_id)
            else:
                device = torch.device("cpu")
            self._device = device
        return device

    def __hash__(self):
        return hash((self.device_typeid, self.device_id))

    def __eq__(self, other):
        return (
            isinstance(other, Context)
            and self.device_typeid == other.device_typeid
            and self.device_id == other.device_id
        )

    def __ne__(self, other):
        return not self.__eq__(other)

    def __str__(self):
        return f"{self.device_type}({self.device_id})"

    __repr__ = __str__

    def __enter__(self):
        # a per-thread stack, so the same Context object may be entered twice
        _stack().append(self)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        _stack().pop()

    def empty_cache(self):
        """Release cached GPU memory of this device (no-op on CPU)."""
        if self.device_typeid == 2 and torch.cuda.is_available():
            with torch.cuda.device(self.device_id):
                torch.cuda.empty_cache()

    def __reduce__(self):
        return Context, (self.device_type, self.device_id)


_CPU0 = Context("cpu", 0)
_state = _ThreadState()


def cpu(device_id=0) -> Context:
    """The host context. ``cpu()`` is ``cpu(0)``.

    >>> cpu()
    cpu(0)
    """
    return _CPU0 if device_id == 0 else Context("cpu", device_id)


def gpu(device_id=0) -> Context:
    """CUDA device ``device_id``.

    >>> gpu(1)
    gpu(1)
    """
    return Context("gpu", device_id)


def cpu_pinned(device_id=0) -> Context:
    """Page-locked host memory context.

    >>> cpu_pinned()
    cpu_pinned(0)
    """
    return Context("cpu_pinned", device_id)


def _stack() -> list:
    return _state.stack


def current_context() -> Context:
    """The default context: ``cpu(0)`` unless inside ``with ctx:``.

    >>> current_context()
    cpu(0)
    """
    stack = _state.stack
    return stack[-1] if stack else _state.default


def _set_default(ctx: Context):
    """Set this thread's default context outside any ``with`` block (test_utils uses it)."""
    _state.default = ctx


def num_gpus() -> int:
    """Number of CUDA devices visible to torch.

    >>> isinstance(num_gpus(), int)
    True
    """
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def synchronize(device, where: str):
    """Wait for the pending work of CUDA ``device``; a CUDA error that work raised (a device-side
    assert, an illegal address) surfaces here as MXNetError naming ``where``."""
    from .errors import device_errors

    with device_errors(where):
        torch.cuda.synchronize(device)


def gpu_memory_info(device_id=0):
    """(free, total) bytes of GPU ``device_id``."""
    from .errors import MXNetError

    if device_id >= num_gpus():
        raise MXNetError(f"gpu_memory_info: no GPU {device_id} (num_gpus()={num_gpus()})")
    return torch.cuda.mem_get_info(device_id)
