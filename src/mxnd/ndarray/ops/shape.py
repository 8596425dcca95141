"""Shape operators: reshape and its relatives, axis insertion/removal/permutation, broadcasting
along axes, shape/size as arrays, depth<->space blocks and diagonals.

Operator outputs are new arrays (MXNet writes them into fresh storage); only the
``NDArray.reshape`` method (and the ``inplace=True`` methods of ``methods.py``) return views.
MXNet 1.x reads an array of shape ``()`` as "shape unknown", so every operator here except
``size_array`` rejects it ("inferring shapes failed").
"""
from __future__ import annotations

import math

import torch

from ...errors import MXNetError
from ...params import parse_axis, parse_bool, parse_int, parse_optional_int, parse_optional_shape, parse_shape
from ...registry import OpSpec, Param, declare

# ---- helpers shared with layout.py ------------------------------------------------------


def shape_text(shape) -> str:
    """A shape as MXNet's messages print it.

    >>> shape_text((2, 3))
    '[2,3]'
    """
    return "[" + ",".join(str(int(n)) for n in shape) + "]"


def fresh(tensor: torch.Tensor) -> torch.Tensor:
    """A contiguous copy: torch's views of an input must not leak out of an operator."""
    return tensor.clone(memory_format=torch.contiguous_format)


def require_shape(data: torch.Tensor):
    """MXNet 1.x treats shape () as unknown: its shape inference fails on such inputs."""
    if data.dim() == 0:
        raise ValueError("inferring shapes failed: an input of shape () has an unknown shape in MXNet 1.x")


def normalize_axis(axis: int, ndim: int) -> int:
    """``axis`` in ``[-ndim, ndim)`` as a non-negative index (MXNet's ``CheckAxis``)."""
    if not -ndim <= axis < ndim:
        raise IndexError(f"axis {axis} exceeds the input dimension of {ndim}")
    return axis + ndim if axis < 0 else axis


def infer_reshape(source: tuple, target: tuple, reverse: bool = False) -> tuple:
    """Resolve MXNet's reshape codes (matrix_op-inl.h ``InferReshapeShape``).

    0 copies a dim, -1 infers one, -2 copies the rest, -3 merges two dims, -4 splits one
    into the next two values; ``reverse`` resolves them right to left. As in MXNet, the
    inferred size goes to the output slot numbered like the -1 in ``target``: after a -2 or
    -4 that is another slot (``(-2, -1)`` of (4, 6) gives (4, 1, 1), whose size mismatch
    the callers report), or none.

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
            infer_at = i  # MXNet's inf_idx: the index in target, not in out
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
    if 0 <= infer_at < len(out):  # past the end MXNet writes outside its vector: out stays
        known = 1
        for d in out:
            known *= d
        total = 1
        for d in source:
            total *= d
        out[infer_at] = total // known if known else 0
    return tuple(out[::-1]) if reverse else tuple(out)


def _deprecated_target(shape, target_shape, keep_highest) -> tuple:
    """ReshapeParam's deprecated ``target_shape``: the one 0 is inferred (after the first
    dimension, which ``keep_highest`` keeps from the input)."""
    target = list(target_shape)
    if keep_highest and target:
        target[0] = shape[0]
    zeros = [i for i in range(1 if keep_highest else 0, len(target)) if target[i] == 0]
    if len(zeros) == 1:
        target[zeros[0]] = 1
        known = 1
        for d in target:
            known *= d
        target[zeros[0]] = math.prod(shape) // known if known else 0
    return tuple(target)


def _reshape(data, *, shape, reverse, target_shape=None, keep_highest=False):
    require_shape(data)
    if not shape and target_shape is not None:
        target = _deprecated_target(tuple(data.shape), target_shape, keep_highest)
    else:
        target = infer_reshape(tuple(data.shape), shape, reverse)
    size = 1
    for d in target:
        size *= d
    if size != data.numel():
        raise ValueError(f"Cannot reshape array of size {data.numel()} into shape {target}")
    return data.reshape(target).clone()


def _reshape_like(lhs, rhs, *, lhs_begin, lhs_end, rhs_begin, rhs_end):
    def span(shape, side, begin, end):
        """MXNet's ``ReshapeLikeRangeCanonicalize``: one wrap of negatives, then range checks."""
        ndim = len(shape)
        cb = 0 if begin is None else begin + ndim if begin < 0 else begin
        ce = ndim if end is None else end + ndim if end < 0 else end
        if ce > ndim:
            raise ValueError(f"Invalid end for {side}_end={end} as dimension number is {ndim}")
        if cb >= ce:
            raise ValueError(f"Invalid begin, end, get {side}_begin={begin}, {side}_end={end}")
        if ce < 0:
            raise ValueError(f"Invalid end for {side}_end={end}")
        if cb < 0:
            raise ValueError(f"Invalid begin for {side}_begin={begin}")
        return cb, ce
    require_shape(lhs)
    require_shape(rhs)
    lshape, rshape = tuple(lhs.shape), tuple(rhs.shape)
    lb, le = span(lshape, "lhs", lhs_begin, lhs_end)
    rb, re_ = span(rshape, "rhs", rhs_begin, rhs_end)
    target = lshape[:lb] + rshape[rb:re_] + lshape[le:]
    if torch.Size(target).numel() != lhs.numel():
        raise ValueError(f"Cannot reshape lhs with shape {list(lshape)} to new shape {list(target)} "
                         f"because they have different size.")
    return lhs.reshape(target).clone()


def _broadcast_to(data, *, shape):
    require_shape(data)
    if len(shape) != data.dim():
        raise ValueError(f"Operand of shape {list(data.shape)} cannot be broadcasted to {list(shape)}")
    target = tuple(s if s != 0 else d for s, d in zip(shape, data.shape))
    if any(d != s and d != 1 for d, s in zip(data.shape, target)):
        raise ValueError(f"Array cannot be broadcasted from {list(data.shape)} to {list(target)}")
    for s in target:
        if s < 0:  # torch's expand would read -1 as "keep"
            raise ValueError(f"Shape dim size cannot be a negative value {s}")
    return data.expand(target).contiguous() if target != tuple(data.shape) else data.clone()


def _broadcast_like(lhs, rhs, *, lhs_axes, rhs_axes):
    if lhs_axes is None or rhs_axes is None:
        if lhs.dim() != rhs.dim():
            raise ValueError(f"Operand of shape {list(lhs.shape)} cannot be broadcasted to {list(rhs.shape)}")
        return _broadcast_to(lhs, shape=tuple(rhs.shape))
    lhs_axes = (lhs_axes,) if isinstance(lhs_axes, int) else lhs_axes
    rhs_axes = (rhs_axes,) if isinstance(rhs_axes, int) else rhs_axes
    if len(lhs_axes) != len(rhs_axes):
        raise ValueError("Input_axis and other_axis size does not match")
    if not lhs_axes:
        raise ValueError("Empty axes tuple is not allowed")
    target = list(lhs.shape)
    for i, (la, ra) in enumerate(zip(lhs_axes, rhs_axes)):
        src = la + lhs.dim() if la < 0 else la
        if not 0 <= src < lhs.dim():
            raise ValueError(f"Invalid dimension specified in lhs_axes: {la}")
        dst = ra + rhs.dim() if ra < 0 else ra
        if not 0 <= dst < rhs.dim():
            raise ValueError(f"Invalid dimension specified in rhs_axes: {ra}")
        if lhs.shape[src] != 1:
            raise ValueError(f"Input axis {la} at dimension {i} cannot be broadcasted to {rhs.shape[dst]}")
        target[src] = rhs.shape[dst]
    return _broadcast_to(lhs, shape=tuple(target))


def _transpose(data, *, axes):
    require_shape(data)
    if axes is None:  # MXNet parses None as a shape of unknown rank
        raise ValueError(f"Check failed: the input's ndim == axes.ndim() ({data.dim()} vs. -1): axes=None")
    if not axes:
        axes = tuple(range(data.dim() - 1, -1, -1))
    if any(a < 0 for a in axes):  # MXNet indexes the shape with them unchanged
        raise ValueError(f"index = {next(a for a in axes if a < 0)} must be in range [0, {data.dim()})")
    if sorted(axes) != list(range(data.dim())):
        raise ValueError(f"axes {axes} are not a permutation of the {data.dim()} dimensions")
    return fresh(data.permute(*axes))


# ---- axes, blocks and diagonals ---------------------------------------------------------


def _flatten(data):
    """Collapse all axes but the first (matrix_op.cc ``Flatten``): (d1, d2*...*dk)."""
    require_shape(data)
    rest = 1
    for d in data.shape[1:]:
        rest *= d
    return data.reshape(data.shape[0], rest).clone()


def _expand_dims(data, *, axis):
    require_shape(data)
    ndim = data.dim()
    if not -ndim - 1 <= axis <= ndim:
        raise IndexError(f"axis must be in the range [{-ndim - 1}, {ndim}] ({axis} provided)")
    return data.unsqueeze(axis).clone()


def _squeezed_shape(shape: tuple, axis) -> tuple:
    """The shape without the size-1 ``axis`` (all of them for None); never empty (``(1,)``)."""
    ndim = len(shape)
    if axis is None:
        kept = [d for d in shape if d != 1]
    else:
        axes = (axis,) if isinstance(axis, int) else axis
        drop = set()
        for a in axes:
            if not -ndim <= a < ndim:
                raise IndexError(f"axis {a} is out of bounds for array of dimension {ndim}")
            a = a + ndim if a < 0 else a
            if a in drop:
                raise ValueError(f"duplicate value in axis {axes}")
            if shape[a] != 1:
                raise ValueError(f"cannot select an axis to squeeze out which has size={shape[a]} not equal to one")
            drop.add(a)
        kept = [d for i, d in enumerate(shape) if i not in drop]
    return tuple(kept) or (1,)


def _squeeze(data, *, axis):
    require_shape(data)
    return data.reshape(_squeezed_shape(tuple(data.shape), axis)).clone()


def _swapaxes(data, *, dim1, dim2):
    require_shape(data)
    ndim = data.dim()
    for dim in (dim1, dim2):
        if not -ndim <= dim < ndim:
            raise IndexError(f"axis {dim} is out of bounds for array of ndim {ndim}")
    return fresh(data.transpose(dim1, dim2))


def _broadcast_axes(data, *, axis, size):
    """Grow size-1 ``axis`` entries to ``size`` (broadcast_reduce_op.h ``BroadcastAxesShape``).

    MXNet 1.9.1 indexes the shape with the raw axis, so negative axes are out of range.
    """
    require_shape(data)
    if len(axis) != len(size):
        raise ValueError(f"axis {axis} and size {size} must have the same length")
    target = list(data.shape)
    for a, s in zip(axis, size):
        if not 0 <= a < len(target):
            raise IndexError(f"axis {a} must be in range [0, {len(target)})")
        if target[a] != 1:
            raise ValueError("Broadcasting axis must have size 1")
        if s < 0:
            raise ValueError(f"Shape dim size cannot be a negative value {s}")
        target[a] = s
    return fresh(data.expand(target))


def _shape_array(data):
    require_shape(data)
    return torch.tensor(data.shape, dtype=torch.int64, device=data.device)


def _size_array(data):
    return torch.tensor([data.numel()], dtype=torch.int64, device=data.device)


def _check_block(data, block_size, name):
    if data.dim() != 4:
        raise ValueError(f"Operation {name} requires exactly 4D tensor, got {data.dim()}D")
    if block_size <= 0:
        raise ValueError("block_size must be a positive integer value")


def _depth_to_space(data, *, block_size):
    """DCR order (matrix_op-inl.h ``DepthToSpaceOpShape``): depth blocks become b x b patches."""
    _check_block(data, block_size, "Depth To Space")
    n, c, h, w = data.shape
    b = block_size
    if b == 1:
        return data.clone()
    if c % (b * b):
        raise ValueError(f"Dimension:1(depth dimension) of size {c} should be a multiple of 'block^2' = {b * b}")
    blocks = data.reshape(n, b, b, c // (b * b), h, w).permute(0, 3, 4, 1, 5, 2)
    return blocks.reshape(n, c // (b * b), h * b, w * b)


def _space_to_depth(data, *, block_size):
    """The inverse of depth_to_space: b x b patches become depth blocks."""
    _check_block(data, block_size, "Space To Depth")
    n, c, h, w = data.shape
    b = block_size
    for position, size in ((2, h), (3, w)):
        if size % b:
            raise ValueError(f"Dimension:{position} of size {size} should be a multiple of 'block' = {b}")
    if b == 1:
        return data.clone()
    patches = data.reshape(n, c, h // b, b, w // b, b).permute(0, 3, 5, 1, 2, 4)
    return patches.reshape(n, c * b * b, h // b, w // b)


def _diag(data, *, k, axis1, axis2):
    """1-D: a matrix with ``data`` on diagonal ``k``; else that diagonal of axes (axis1, axis2),
    appended as the last axis (diag_op-inl.h ``DiagShapeImpl``)."""
    require_shape(data)
    if data.dim() == 1:
        return torch.diag(data, k)
    ndim = data.dim()
    first, second = normalize_axis(axis1, ndim), normalize_axis(axis2, ndim)
    if first == second:
        raise ValueError(f"axis1 and axis2 cannot refer to the same axis {first}")
    rows, cols = data.shape[first], data.shape[second]
    if min(rows + min(k, 0), cols - max(k, 0)) < 0:
        raise ValueError("Diagonal does not exist.")
    return fresh(torch.diagonal(data, k, first, second))


_OPTIONAL_INT = {"parse": parse_optional_int, "default": None}

SHAPE = declare([
    OpSpec("reshape", _reshape, differentiable=True, aliases=("Reshape",), family="shape", params=(
        Param("shape", parse_shape, (), "target shape; 0, -1, -2, -3, -4 are MXNet's codes"),
        Param("reverse", parse_bool, False, "resolve special codes from right to left"),
        Param("target_shape", parse_optional_shape, None, "(deprecated: use shape) the new shape; one 0 is inferred"),
        Param("keep_highest", parse_bool, False, "(deprecated: use shape) keep the first dimension of target_shape from the input"),
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
    OpSpec("transpose", _transpose, differentiable=True, fluent=True, no_bool=True, family="shape", params=(
        Param("axes", parse_optional_shape, (), "permutation of the axes; empty reverses them"),
    ), doc="Permute the axes of an array (a copy)."),
    OpSpec("flatten", _flatten, differentiable=True, aliases=("Flatten",), family="shape",
           doc="Collapse all axes but the first: shape (d1, d2*...*dk)."),
    OpSpec("expand_dims", _expand_dims, differentiable=True, family="shape", params=(
        Param("axis", parse_int, doc="position of the new axis, in [-ndim-1, ndim]"),
    ), doc="Insert an axis of size 1."),
    OpSpec("squeeze", _squeeze, differentiable=True, family="shape", params=(
        Param("axis", parse_axis, None, "size-1 axes to remove; None removes every size-1 axis"),
    ), doc="Remove axes of size 1 (a result of shape () becomes (1,))."),
    # MXNet's name is SwapAxis; swapaxes is the alias with a fluent method (swapaxis.cc)
    OpSpec("swapaxes", _swapaxes, differentiable=True, aliases=("SwapAxis",), fluent=True, no_bool=True,
           family="shape", params=(
               Param("dim1", parse_int, 0, "the first axis to be swapped"),
               Param("dim2", parse_int, 0, "the second axis to be swapped"),
           ), doc="Interchange two axes."),
    # MXNet's name is broadcast_axis; broadcast_axes is the alias with a fluent method
    OpSpec("broadcast_axes", _broadcast_axes, differentiable=True, aliases=("broadcast_axis",), fluent=True,
           no_bool=True, family="shape", params=(
               Param("axis", parse_shape, (), "the size-1 axes to broadcast (non-negative)"),
               Param("size", parse_shape, (), "target sizes of those axes"),
           ), doc="Broadcast size-1 axes to given sizes."),
    # shape_array, size_array, ravel_multi_index and unravel_index have zero gradients in MXNet
    OpSpec("shape_array", _shape_array, differentiable=True, fluent=True, family="shape",
           doc="The shape of the input as an int64 array."),
    OpSpec("size_array", _size_array, differentiable=True, fluent=True, family="shape",
           doc="The number of elements of the input as an int64 array of shape (1,)."),
    OpSpec("depth_to_space", _depth_to_space, differentiable=True, fluent=True, no_bool=True, family="shape",
           params=(Param("block_size", parse_int, doc="edge of the square blocks moved from depth to space"),),
           doc="Rearrange depth blocks of an NCHW array into spatial blocks."),
    OpSpec("space_to_depth", _space_to_depth, differentiable=True, fluent=True, no_bool=True, family="shape",
           params=(Param("block_size", parse_int, doc="edge of the square blocks moved from space to depth"),),
           doc="Rearrange spatial blocks of an NCHW array into depth."),
    OpSpec("diag", _diag, differentiable=True, fluent=True, no_bool=True, family="shape", params=(
        Param("k", parse_int, 0, "diagonal offset: > 0 above, < 0 below the main diagonal"),
        Param("axis1", parse_int, 0, "first axis of the 2-D sub-arrays (ignored for 1-D input)"),
        Param("axis2", parse_int, 1, "second axis of the 2-D sub-arrays (ignored for 1-D input)"),
    ), doc="Extract a diagonal, or build a matrix from a 1-D diagonal."),
])
