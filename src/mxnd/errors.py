"""MXNetError and the wording of the errors mxnd raises (mirrors MXNet/dmlc messages)."""


class MXNetError(RuntimeError):
    """Error raised by an mxnd operator, as ``mxnet.base.MXNetError`` (a RuntimeError).

    >>> issubclass(MXNetError, RuntimeError)
    True
    """


def shapes_text(arrays) -> str:
    """Render the shapes of the array inputs, e.g. ``(2, 3), (3,)``."""
    return ", ".join(str(tuple(a.shape)) for a in arrays if hasattr(a, "shape"))


def operator_error(op_name: str, what: str, inputs=()) -> MXNetError:
    """Build the error of operator ``op_name``: ``"<op>: <what> (shapes ...)"``."""
    shapes = shapes_text(inputs)
    suffix = f" (shapes {shapes})" if shapes else ""
    return MXNetError(f"{op_name}: {what}{suffix}")


def context_mismatch(op_name: str, first, second) -> MXNetError:
    """Inputs of one call live on two contexts."""
    return MXNetError(
        f"{op_name}: all inputs must be on the same context, got {first} and {second}; "
        f"move data with copyto() or as_in_context()"
    )


def dtype_mismatch(op_name: str, position: int, expected, got) -> MXNetError:
    """Binary operands of different dtypes (MXNet's type inference check)."""
    return MXNetError(
        f"{op_name}: Incompatible attr in node at {position}-th input: expected {expected}, got {got}"
    )


def device_error(where: str, error: Exception) -> MXNetError:
    """MXNetError for a failed device call: torch's out-of-memory, or a CUDA error left by earlier
    asynchronous work (MXNet reports those where the result is read, as MXNetError).

    >>> str(device_error("wait_to_read", RuntimeError("CUDA error: device-side assert triggered\\n...")))
    'wait_to_read: CUDA error: device-side assert triggered'
    """
    lines = str(error).strip().splitlines()
    return MXNetError(f"{where}: {lines[0] if lines else type(error).__name__}")


class device_errors:
    """``with device_errors("copyto"):`` turns a torch RuntimeError raised inside (out of memory,
    a failed transfer, a CUDA error of earlier work) or a MemoryError into ``device_error(where, ...)``.

    >>> try:
    ...     with device_errors("arange"):
    ...         raise RuntimeError("CUDA out of memory. Tried to allocate 4.00 TiB")
    ... except MXNetError as error:
    ...     print(error)
    arange: CUDA out of memory. Tried to allocate 4.00 TiB
    """

    __slots__ = ("where",)

    def __init__(self, where: str):
        self.where = where

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if kind is not None and issubclass(kind, (RuntimeError, MemoryError)) and not issubclass(kind, MXNetError):
            raise device_error(self.where, error) from error
        return False
