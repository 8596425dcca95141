"""Size manipulation, transposition and concatenation: reshape, squeeze, permute, transpose,
ctranspose, cat, horzcat, vertcat (MATLAB rules for formatted dlarrays).

>>> from mxnd import dl
>>> import numpy as np
>>> x = dl.dlarray(np.arange(6.).reshape(2, 3), 'SC')
>>> dl.reshape(x, 3, 2).fmt
''
>>> dl.reshape(x, 3, 2, order='F').asnumpy().tolist()
[[0.0, 4.0], [3.0, 2.0], [1.0, 5.0]]
"""
from __future__ import annotations

import torch

from ._core import dlarray, make, size_matlab
from .elementwise import _pad, numeric_operand, on_one_device

__all__ = ["reshape", "squeeze", "permute", "transpose", "ctranspose", "cat", "horzcat", "vertcat",
           "fortran_reshape"]


def _input(x):
    return x if isinstance(x, dlarray) else dlarray(x)


def fortran_reshape(data: torch.Tensor, shape) -> torch.Tensor:
    """Reshape in MATLAB's column-major element order."""
    shape = tuple(shape)
    reversed_data = data.permute(*range(data.dim() - 1, -1, -1)) if data.dim() > 1 else data
    out = reversed_data.reshape(shape[::-1])
    return out.permute(*range(len(shape) - 1, -1, -1)) if len(shape) > 1 else out


def reshape(x, *shape, order="C"):
    """MATLAB ``reshape``: the result is unformatted. ``order='F'`` uses MATLAB's column-major
    element order; one size may be ``None``, ``[]`` or ``-1`` (computed)."""
    x = _input(x)
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    if order not in ("C", "F"):
        raise ValueError(f"reshape: order must be 'C' or 'F', got {order!r}")
    numel = x._data.numel()
    sizes = [None if (s is None or (isinstance(s, (list, tuple)) and len(s) == 0) or
                      (isinstance(s, int) and s == -1)) else s for s in shape]
    if sum(1 for s in sizes if s is None) > 1:
        raise ValueError("reshape: only one size can be [] (None)")
    known = 1
    for s in sizes:
        if s is not None:
            if not isinstance(s, int) or s < 0:
                raise ValueError(f"reshape: sizes must be non-negative integers, got {s!r}")
            known *= s
    if None in sizes:
        if known == 0 or numel % known:
            raise ValueError(f"reshape: the number of elements {numel} is not divisible by {known}")
        sizes[sizes.index(None)] = numel // known
    elif known != numel:
        raise ValueError(f"reshape: number of elements must not change: {numel} elements cannot be "
                         f"reshaped to {tuple(sizes)}")
    data = x._data.reshape(sizes) if order == "C" else fortran_reshape(x._data, sizes)
    return make(data, "")


def squeeze(x):
    """MATLAB ``squeeze``: 2-D arrays are unchanged; otherwise singleton dims (and their labels)
    are removed, keeping at least two dims (padding with 'U', or a trailing 1 when unformatted)."""
    x = _input(x)
    data, fmt = x._data, x._fmt
    if data.dim() <= 2:
        return x
    keep = [i for i, size in enumerate(data.shape) if size != 1]
    shape = [data.shape[i] for i in keep]
    labels = "".join(fmt[i] for i in keep) if fmt else ""
    while len(shape) < 2:
        shape.append(1)
        if fmt:
            labels += "U"
    return make(data.reshape(shape), labels)


def permute(x, order):
    """MATLAB ``permute`` with a 0-based dim order. Formatted: only dims with the same label may be
    exchanged (the labels stay where they are)."""
    x = _input(x)
    order = [int(d) for d in order]
    if sorted(order) != list(range(len(order))):
        raise ValueError(f"permute: the order must be a permutation of 0..{len(order) - 1}, got {order}")
    data, fmt = x._data, x._fmt
    if len(order) < data.dim():
        raise ValueError(f"permute: the order has {len(order)} entries, fewer than the {data.dim()} dims")
    data = _pad(data, len(order))
    if fmt:
        fmt = fmt + "U" * (len(order) - len(fmt))
        for position, source in enumerate(order):
            if fmt[position] != fmt[source]:
                raise ValueError(f"permute: for a formatted dlarray the permutation may only exchange "
                                 f"dimensions with the same label; format '{fmt}' cannot move dim {source} "
                                 f"('{fmt[source]}') to {position} ('{fmt[position]}')")
    return make(data.permute(order), fmt)


def _transpose(x, name, conjugate):
    x = _input(x)
    data, fmt = x._data, x._fmt
    if data.dim() > 2:
        raise ValueError(f"{name}: Transpose on ND array is not defined. Use PERMUTE instead.")
    if fmt and fmt[0] != fmt[1]:
        raise ValueError(f"{name}: a formatted dlarray can be transposed only when both dimensions have the "
                         f"same label, got format '{fmt}'")
    data = data.reshape(size_matlab(data.shape)) if data.dim() < 2 else data
    out = data.transpose(0, 1)
    if conjugate and out.dtype.is_complex:
        out = out.conj().resolve_conj()
    return make(out, fmt)


def transpose(x):
    """MATLAB ``transpose`` (``.'``); formatted input needs two dims with the same label."""
    return _transpose(x, "transpose", False)


def ctranspose(x):
    """MATLAB ``ctranspose`` (``'``): complex conjugate transpose, same label rule as transpose."""
    return _transpose(x, "ctranspose", True)


def cat(dim, *arrays):
    """MATLAB ``cat(dim, A, B, ...)`` with a 0-based ``dim``: formatted inputs must share one format
    (unformatted inputs mix in positionally); the result has that format."""
    if not isinstance(dim, int) or isinstance(dim, bool) or dim < 0:
        raise ValueError(f"cat: dim must be a non-negative (0-based) integer, got {dim!r}")
    if not arrays:
        raise ValueError("cat: needs at least one array")
    fmt = ""
    reference = None
    for array in arrays:
        if isinstance(array, dlarray):
            reference = reference if reference is not None else array._data
            if array._fmt:
                if fmt and array._fmt != fmt:
                    raise ValueError(f"cat: formatted inputs must have the same format, got '{fmt}' and "
                                     f"'{array._fmt}'")
                fmt = array._fmt
    if reference is None:
        reference = dlarray(arrays[0])._data
    tensors = []
    for array in arrays:
        data = array._data if isinstance(array, dlarray) else numeric_operand(array, reference, "cat")
        if data.dim() == 2 and data.numel() == 0 and data.shape == (0, 0):
            continue  # MATLAB ignores [] in concatenation
        tensors.append(data)
    rank = max([dim + 1, len(fmt)] + [t.dim() for t in tensors] + [2])
    tensors = [_pad(t, rank) for t in tensors]
    if fmt:
        fmt = fmt + "U" * (rank - len(fmt))
    if not tensors:
        return make(reference.new_zeros((0, 0)), "")
    kind = tensors[0].dtype
    for t in tensors[1:]:
        kind = torch.promote_types(kind, t.dtype)
    try:
        out = torch.cat(on_one_device(*(t.to(kind) for t in tensors)), dim=dim)
    except RuntimeError:
        sizes = ", ".join("x".join(map(str, t.shape)) for t in tensors)
        raise ValueError(f"cat: Dimensions of arrays being concatenated are not consistent "
                         f"(sizes {sizes}, dim {dim})") from None
    return make(out, fmt)


def horzcat(*arrays):
    """MATLAB ``[A, B]``: ``cat(1, ...)``."""
    return cat(1, *arrays)


def vertcat(*arrays):
    """MATLAB ``[A; B]``: ``cat(0, ...)``."""
    return cat(0, *arrays)
