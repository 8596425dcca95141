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
