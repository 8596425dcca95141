"""Shape operators: reshape (MXNet's special codes), reshape_like, broadcast_to/like, transpose.

Operator outputs are new arrays (MXNet writes them into fresh storage); only the
``NDArray.reshape`` method returns a view.
"""
from __future__ import annotations

import torch

from ...errors import MXNetError
from ...params import parse_axis, parse_bool, parse_optional_int, parse_shape
from ...registry import OpSpec, Param, declare


def infer_reshape(source: tuple, target: tuple, reverse: bool = False) -> tuple:
    """Resolve MXNet's reshape codes (matrix_op-inl.h ``InferReshapeShape``).

    0 copies a dim, -1 infers one, -2 copies the rest, -3 merges two dims, -4 splits one
    into the next two values; ``reverse`` resolves them right to left.

    >>> infer_reshape((2, 3, 4), (-4, 1, 2, -2))
    (1, 2, 3, 4)
    >>> infer_reshape((10, 5, 4), (-1, 0), reverse=True)
    (50, 4)
    """
    if reverse:
        source, target = source[::-1], target[::-1]
    out, src, infer_at, i = [], 0, -1, 0
    while i < len(target):
        code = target[i]
        if code > 0:
            out.append(code)
            src += 1
        elif code == 0:
            if src >= len(source):
                raise MXNetError(f"Reshape: 0 in shape {target} has no matching input dimension in {source}")
            out.append(source[src])
            src += 1
        elif code == -1:
            if infer_at >= 0:
                raise MXNetError("Reshape: Check failed: inf_idx < 0 : One and only one dim can be inferred")
            infer_at = len(out)
            out.append(1)
            src += 1
        elif code == -2:
            out.extend(source[src:])
            src = len(source)
        elif code == -3:
            if src + 1 >= len(source):
                raise MXNetError(f"Reshape: -3 needs two input dimensions at position {src} of {source}")
            out.append(source[src] * source[src + 1])
            src += 2
        elif code == -4:
            if i + 2 >= len(target) or src >= len(source):
                raise MXNetError("Reshape: -4 must be followed by two dimensions")
            whole, first, second = source[src], target[i + 1], target[i + 2]
            if first == -1 and second == -1:
                raise MXNetError("Reshape: Split dims cannot both be -1.")
            first = whole // second if first == -1 else first
            second = whole // first if second == -1 else second
            if first * second != whole:
                raise MXNetError(f"Reshape: Split dims {first}, {second} do not divide original dim {whole}")
            out += [first, second]
            src += 1
            i += 2
        else:
            raise MXNetError(f"Reshape: invalid shape code {code} in {target}")
        i += 1
    if infer_at >= 0:
        known = 1
        for j, d in enumerate(out):
            if j != infer_at:
                known *= d
        total = 1
        for d in source:
            total *= d
        out[infer_at] = total // known if known else 0
    return tuple(out[::-1]) if reverse else tuple(out)


def _reshape(data, *, shape, reverse):
    target = infer_reshape(tuple(data.shape), shape, reverse)
    size = 1
    for d in target:
        size *= d
    if size != data.numel():
        raise ValueError(f"Cannot reshape array of size {data.numel()} into shape {target}")
    return data.reshape(target).clone()


def _reshape_like(lhs, rhs, *, lhs_begin, lhs_end, rhs_begin, rhs_end):
    def span(shape, begin, end):
        ndim = len(shape)
        begin = 0 if begin is None else begin % ndim if begin < 0 else begin
        end = ndim if end is None else end % ndim if end < 0 else end
        return begin, end
    lshape, rshape = tuple(lhs.shape), tuple(rhs.shape)
    lb, le = span(lshape, lhs_begin, lhs_end)
    rb, re_ = span(rshape, rhs_begin, rhs_end)
    target = lshape[:lb] + rshape[rb:re_] + lshape[le:]
    if torch.Size(target).numel() != lhs.numel():
        raise ValueError(f"Cannot reshape lhs with shape {list(lshape)} to new shape {list(target)} "
                         f"because they have different size.")
    return lhs.reshape(target).clone()


def _broadcast_to(data, *, shape):
    if len(shape) != data.dim():
        raise ValueError(f"Operand of shape {list(data.shape)} cannot be broadcasted to {list(shape)}")
    target = tuple(s if s != 0 else d for s, d in zip(shape, data.shape))
    if any(d != s and d != 1 for d, s in zip(data.shape, target)):
        raise ValueError(f"Array cannot be broadcasted from {list(data.shape)} to {list(target)}")
    return data.expand(target).contiguous() if target != tuple(data.shape) else data.clone()


def _broadcast_like(lhs, rhs, *, lhs_axes, rhs_axes):
    if lhs_axes is None:
        if lhs.dim() != rhs.dim():
            raise ValueError(f"Operand of shape {list(lhs.shape)} cannot be broadcasted to {list(rhs.shape)}")
        return _broadcast_to(lhs, shape=tuple(rhs.shape))
    lhs_axes = (lhs_axes,) if isinstance(lhs_axes, int) else lhs_axes
    rhs_axes = (rhs_axes,) if isinstance(rhs_axes, int) else rhs_axes
    if len(lhs_axes) != len(rhs_axes):
        raise ValueError("lhs_axes and rhs_axes must have the same length")
    target = list(lhs.shape)
    for la, ra in zip(lhs_axes, rhs_axes):
        target[la] = rhs.shape[ra]
    return _broadcast_to(lhs, shape=tuple(target))


def _transpose(data, *, axes):
    if not axes:
        axes = tuple(range(data.dim() - 1, -1, -1))
    if sorted(a % max(data.dim(), 1) for a in axes) != list(range(data.dim())):
        raise ValueError(f"axes {axes} are not a permutation of the {data.dim()} dimensions")
    return data.permute(*axes).contiguous() if data.dim() > 1 else data.clone()


_OPTIONAL_INT = {"parse": parse_optional_int, "default": None}

SHAPE = declare([
    OpSpec("reshape", _reshape, differentiable=True, aliases=("Reshape",), family="shape", params=(
        Param("shape", parse_shape, (), "target shape; 0, -1, -2, -3, -4 are MXNet's codes"),
        Param("reverse", parse_bool, False, "resolve special codes from right to left"),
    ), doc="Reshape with MXNet's special codes; returns a new array."),
    OpSpec("reshape_like", _reshape_like, differentiable=True, inputs=("lhs", "rhs"), fluent=True, family="shape", params=tuple(
        Param(name, doc=f"{name} of the axis range to replace", **_OPTIONAL_INT)
        for name in ("lhs_begin", "lhs_end", "rhs_begin", "rhs_end")),
        doc="Reshape lhs to the shape of rhs (or of an axis range of it)."),
    OpSpec("broadcast_to", _broadcast_to, differentiable=True, family="shape", params=(
        Param("shape", parse_shape, (), "target shape; 0 keeps the input dimension"),
    ), doc="Broadcast size-1 axes of the input to a new shape of the same ndim."),
    OpSpec("broadcast_like", _broadcast_like, differentiable=True, inputs=("lhs", "rhs"), family="shape", params=(
        Param("lhs_axes", parse_axis, None, "axes of lhs to broadcast"),
        Param("rhs_axes", parse_axis, None, "axes of rhs whose sizes are taken"),
    ), doc="Broadcast lhs to the shape of rhs."),
    OpSpec("transpose", _transpose, differentiable=True, fluent=True, family="shape", params=(
        Param("axes", parse_shape, (), "permutation of the axes; empty reverses them"),
    ), doc="Permute the axes of an array (a copy)."),
])
