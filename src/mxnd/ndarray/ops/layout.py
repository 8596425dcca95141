"""Layout operators: joining (concat, _rnn_param_concat, stack), splitting (split, _split_v2 and its
gradient), slicing (slice, slice_axis, slice_like) and slice assignment (_slice_assign,
_slice_assign_scalar), reordering (flip), repetition (tile, repeat), padding (pad), index
arithmetic (ravel_multi_index, unravel_index), khatri_rao and sliding blocks (im2col, col2im).

Also MXNet's Python-level functions over these operators: ``moveaxis``, ``concatenate`` and
``split_v2`` (ndarray.py), exported from ``mx.nd``.
"""
from __future__ import annotations

import functools
import math
import numbers
import operator
import re

import torch
import torch.nn.functional as F

from ...errors import MXNetError
from ...params import (ParamError, enum, parse_bool, parse_float, parse_int, parse_optional_int, parse_optional_shape,
                       parse_shape)
from ...registry import OpSpec, Param, declare
from .shape import fresh, normalize_axis, require_shape
from .unary import as_dtype_scalar

__all__ = ["LAYOUT", "moveaxis", "concatenate", "split_v2", "parse_optional_ints"]

# ---- parameters -------------------------------------------------------------------------

_ITEM = r"\s*(?:-?[0-9]+L?|None)\s*"
_OPTIONAL_INTS_TEXT = re.compile(rf"\s*[(\[](?:{_ITEM}(?:,{_ITEM})*,?\s*)?[)\]]\s*|\s*-?[0-9]+L?\s*")


def parse_optional_ints(value):
    """slice's ``Tuple<optional<int>>``: ``(0, None)``, ``'(None, 2)'``, ``3``; None stays None.

    None is MXNet's "not given" tuple (a step of None means no step).

    >>> parse_optional_ints('(None, 2)'), parse_optional_ints([1, None]), parse_optional_ints(3)
    ((None, 2), (1, None), (3,))
    """
    if value is None:
        return None
    if isinstance(value, str):
        if value == "None":
            return None
        if not _OPTIONAL_INTS_TEXT.fullmatch(value):
            raise ParamError("Shape(tuple)", value)
        return tuple(None if item == "None" else int(item.rstrip("L"))
                     for item in re.findall(r"-?[0-9]+L?|None", value))
    if isinstance(value, (tuple, list)):
        try:
            return tuple(None if item is None else parse_int(item) for item in value)
        except ParamError:
            raise ParamError("Shape(tuple)", value) from None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ParamError("Shape(tuple)", value)
    return (int(value),)


def _num_args_param():
    return Param("num_args", parse_int, None, "number of inputs (MXNet fills it in from the call)")


_CONCAT_PARAMS = (Param("dim", parse_int, 1, "the axis to join along"), _num_args_param())
_SPLIT_V2_PARAMS = (
    Param("indices", parse_shape, doc="start of each part along the axis; the first is 0"),
    Param("axis", parse_int, 1, "the axis to split"),
    Param("squeeze_axis", parse_bool, False, "drop the split axis (every part must have size 1)"),
    Param("sections", parse_int, 0, "number of near-equal parts; 0 splits at indices"),
)
_SLICE_PARAMS = (
    Param("begin", parse_optional_ints, doc="start per axis; None entries take the default"),
    Param("end", parse_optional_ints, doc="stop per axis (exclusive); None entries take the default"),
    Param("step", parse_optional_ints, (), "step per axis, may be negative; None entries are 1"),
)


# ---- helpers -----------------------------------------------------------------------------


def _check_count(arrays, num_args, op_name):
    """MXNet's ``key_var_num_args`` check: at least one input, as many as ``num_args`` says."""
    if not arrays:
        raise ValueError("value 0 for Parameter num_args should be greater equal to 1")
    if num_args is not None and num_args != len(arrays):
        raise ValueError(f"Operator {op_name} expects {num_args} inputs, but got {len(arrays)} instead.")


def _require_float(data):
    """Pad, im2col and col2im have floating-point kernels only (pad-inl.h, im2col-inl.h)."""
    if not data.is_floating_point():
        raise TypeError(f"This operation only support floating point types, not {str(data.dtype)[6:]}")


def _pieces(data, axis, bounds, squeeze_axis):
    """Copies of ``data[start:stop]`` along ``axis`` for each pair of ``bounds``; one tensor alone."""
    pieces = []
    for start, stop in bounds:
        piece = data.narrow(axis, start, stop - start)
        pieces.append(fresh(piece.squeeze(axis) if squeeze_axis else piece))
    return pieces[0] if len(pieces) == 1 else tuple(pieces)


# ---- joining -----------------------------------------------------------------------------


def _concat(*data, dim, num_args, op_name="Concat"):
    """Join along ``dim``; every other axis must match (concat.cc ``ConcatShape``)."""
    _check_count(data, num_args, op_name)
    require_shape(data[0])
    first = data[0].shape
    axis = normalize_axis(dim, len(first))
    for tensor in data[1:]:
        shape = tensor.shape
        if len(shape) != len(first) or any(a != b for i, (a, b) in enumerate(zip(shape, first)) if i != axis):
            expected = [-1 if i == axis else d for i, d in enumerate(first)]
            raise ValueError(f"Incompatible input shape: expected {expected}, got {list(shape)}")
    return torch.cat(data, axis)


def _stack(*data, axis, num_args):
    _check_count(data, num_args, "stack")
    require_shape(data[0])
    first = data[0].shape
    for tensor in data[1:]:
        # MXNet 1.9.1 only compares sizes and reinterprets a (3, 2) input as (2, 3); mxnd raises
        if tensor.shape != first:
            raise ValueError(f"all inputs must have the same shape, got {list(first)} and {list(tensor.shape)}")
    ndim = len(first) + 1
    if not -ndim <= axis < ndim:
        raise IndexError(f"axis {axis} exceeds the input dimension of {ndim}")
    return torch.stack(data, axis)


# ---- splitting ---------------------------------------------------------------------------


def _split(data, *, num_outputs, axis, squeeze_axis):
    """Equal parts along ``axis`` (slice_channel-inl.h); a single part is returned alone."""
    require_shape(data)
    if num_outputs < 1:
        raise ValueError(f"value {num_outputs} for Parameter num_outputs should be greater equal to 1")
    axis = normalize_axis(axis, data.dim())
    size = data.shape[axis]
    if size % num_outputs:
        raise ValueError(f"You are trying to split the {axis}-th axis of input tensor with shape "
                         f"{list(data.shape)} into num_outputs={num_outputs} evenly sized chunks, but this "
                         f"is not possible because {num_outputs} does not evenly divide {size}")
    if squeeze_axis and size != num_outputs:
        raise ValueError(f"If squeeze axis is True, the size of the sliced axis must be the same as "
                         f"num_outputs. Input shape={list(data.shape)}, axis={axis}, num_outputs={num_outputs}.")
    step = size // num_outputs
    return _pieces(data, axis, [(i * step, (i + 1) * step) for i in range(num_outputs)], squeeze_axis)


def _section_bounds(size, sections):
    """numpy.array_split's boundaries (matrix_op-inl.h ``GetSplitIndices``): larger parts first."""
    small, larger_count = divmod(size, sections)
    bounds = [0]
    for i in range(sections):
        bounds.append(bounds[-1] + small + (1 if i < larger_count else 0))
    return bounds


def _split_v2_bounds(size, axis, indices, squeeze_axis, sections):
    """``(start, stop)`` of each part of an axis of ``size``: at ``indices`` (the first must be 0)
    or in ``sections`` near-equal parts (matrix_op-inl.h ``SplitOpShapeImpl``)."""
    if sections > 0:
        bounds = _section_bounds(size, sections)
    elif indices:
        bounds = list(indices) + [size]
    else:
        raise ValueError("indices must name at least one split boundary")
    pairs = list(zip(bounds[:-1], bounds[1:]))
    for i, (start, stop) in enumerate(pairs):
        if start > stop:
            raise ValueError(f"start {start} is not less than end {stop} for subarray {i}")
        if stop > size:
            raise ValueError(f"end {stop} is no less than the size of the axis {size}")
        if squeeze_axis and stop - start != 1:
            raise ValueError(f"expected axis size of 1 but got {stop - start}")
    if bounds[0] != 0:  # the parts must cover the axis (SplitOpShapeImpl's back-calculated shape)
        raise ValueError(f"Shape inconsistent: the parts cover {size - bounds[0]} of the {size} "
                         f"entries of axis {axis}; the first index must be 0")
    return pairs


def _split_v2(data, *, indices, axis, squeeze_axis, sections):
    """Split at ``indices`` (the first must be 0), or into ``sections`` near-equal parts."""
    require_shape(data)
    axis = normalize_axis(axis, data.dim())
    pairs = _split_v2_bounds(data.shape[axis], axis, indices, squeeze_axis, sections)
    return _pieces(data, axis, pairs, squeeze_axis)


def _split_v2_backward(*grads, indices, axis, squeeze_axis, sections):
    """The gradient of ``_split_v2``: the gradients of its parts joined along ``axis`` (squeezed
    parts get their axis back), each checked to have its part's size (``SplitOpBackward``)."""
    count = sections if sections > 0 else len(indices)
    if len(grads) != count:
        raise ValueError(f"Operator _split_v2_backward expects {count} inputs, but got {len(grads)} instead.")
    if squeeze_axis and grads:
        real = normalize_axis(axis, grads[0].dim() + 1)
        grads = [grad.unsqueeze(real) for grad in grads]
    joined = _concat(*grads, dim=axis, num_args=None, op_name="_split_v2_backward")
    real = normalize_axis(axis, joined.dim())
    pairs = _split_v2_bounds(joined.shape[real], real, indices, squeeze_axis, sections)
    for i, (grad, (start, stop)) in enumerate(zip(grads, pairs)):
        if grad.shape[real] != stop - start:
            raise ValueError(f"Incompatible input shape: gradient {i} has size {grad.shape[real]} on axis "
                             f"{real}, its part of the split has {stop - start}")
    return joined


# ---- slicing -----------------------------------------------------------------------------


def _slice_region(data, begin, end, step):
    """slice's region of ``data`` (matrix_op-inl.h ``GetIndexRange``: Python slices per axis,
    None entries take the defaults): a key of basic slices with positive steps, and the axes
    that a negative step walks backwards (flip the region along them to get slice's order)."""
    require_shape(data)
    step = step or ()
    if begin is None or end is None or len(begin) != len(end):
        raise ValueError(f"begin {begin} and end {end} must have the same length")
    if len(begin) > data.dim():
        raise ValueError(f"Slicing axis exceeds data dimensions: {len(begin)} vs. {data.dim()}")
    if step and len(step) != len(begin):
        raise ValueError(f"step {step} and begin {begin} must have the same length")
    key, flips = [], []
    for axis, (first, last) in enumerate(zip(begin, end)):
        stride = step[axis] if step and step[axis] is not None else 1
        if stride == 0:
            raise ValueError(f"slice op step[{axis}] cannot be 0")
        picked = range(*slice(first, last, stride).indices(data.shape[axis]))
        if stride < 0:
            picked = picked[::-1]
            if len(picked) > 1:
                flips.append(axis)
        key.append(slice(picked.start, picked.stop, picked.step) if picked else slice(0, 0))
    return tuple(key), flips


def _slice(data, *, begin, end, step):
    """Python slicing per axis with None entries and negative steps."""
    key, flips = _slice_region(data, begin, end, step)
    return data[key].flip(flips) if flips else fresh(data[key])


def _dims(shape) -> str:
    """A shape as MXNet's messages print it: ``[2,3]``."""
    return "[" + ",".join(map(str, shape)) + "]"


def _slice_assign(lhs, rhs, *, begin, end, step):
    """A copy of ``lhs`` with slice's region replaced by ``rhs``, which must have the region's shape
    (matrix_op-inl.h ``SliceAssignOpShape``; MXNet writes into lhs only when out=lhs)."""
    key, flips = _slice_region(lhs, begin, end, step)
    result = lhs.clone()
    region = result[key]
    if rhs.shape != region.shape:
        raise ValueError(f"Shape inconsistent, Provided = {_dims(rhs.shape)}, inferred shape={_dims(region.shape)}")
    region.copy_(rhs.flip(flips) if flips else rhs)
    return result


def _slice_assign_scalar(data, *, scalar, begin, end, step):
    """A copy of ``data`` with slice's region set to ``scalar``, cast to data's dtype."""
    key, _ = _slice_region(data, begin, end, step)
    result = data.clone()
    result[key] = as_dtype_scalar(scalar, data.dtype)
    return result


def _slice_axis(data, *, axis, begin, end):
    """One axis, ``end`` None for its size; out-of-range bounds raise (``GetSliceAxisParams``)."""
    require_shape(data)
    ndim = data.dim()
    real = axis + ndim if axis < 0 else axis
    if not 0 <= real < ndim:
        raise IndexError(f"Transformed axis must be smaller than the source ndim and larger than zero! "
                         f"Received axis={axis}, src_ndim={ndim}, transformed axis={real}")
    size = data.shape[real]
    start = begin + size if begin < 0 else begin
    stop = 0
    if size > 0:
        stop = size if end is None else end + size if end < 0 else end
        if stop > size:
            raise IndexError(f"Invalid end for end={stop} as axis_size is {size}")
        if not start < stop:
            raise IndexError(f"Invalid begin, end, get begin={begin}, end={end}")
    else:
        start = 0
    if start < 0:
        raise IndexError(f"Invalid begin for begin={begin}")
    return fresh(data.narrow(real, start, stop - start))


def _slice_like(data, shape_like, *, axes):
    """Leading part of ``data`` with the sizes of ``shape_like`` on ``axes`` (all by default)."""
    require_shape(data)
    require_shape(shape_like)
    source, like = data.shape, shape_like.shape
    if axes is None:  # MXNet parses None as a shape of unknown rank: no axis is cut
        axes = ()
    elif not axes:
        if len(source) != len(like):
            raise ValueError(f"By default slice_axis performs slice on all axes, but ndim mismatch for "
                             f"inputs: {len(source)} vs. {len(like)}")
        axes = range(len(source))
    target = list(source)
    for axis in axes:
        real = axis + len(source) if axis < 0 else axis
        if real < 0:
            raise IndexError(f"Slice axis: {axis} too small")
        if real >= len(source):
            raise IndexError(f"Slice axis: {real} exceeds first input: {len(source)}")
        if real >= len(like):
            raise IndexError(f"Slice axis: {real} exceeds second input: {len(like)}")
        if like[real] > source[real]:
            raise ValueError(f"Slice axis {real} with size {like[real]} exceeds limit of input with size "
                             f"{source[real]}")
        target[real] = like[real]
    return fresh(data[tuple(slice(0, size) for size in target)])


# ---- reordering, repetition, padding -----------------------------------------------------


def _flip(data, *, axis):
    """Reverse along ``axis``; MXNet 1.9.1 takes non-negative axes only and reverses once per
    listed axis, so an axis listed twice is restored (matrix_op-inl.h ``ReverseOpForward``)."""
    require_shape(data)
    if axis is None:  # MXNet parses None as a shape of unknown rank
        raise ValueError("Check failed: param.axis.ndim() < 10U (-1 vs. 10): axis=None")
    ndim = data.dim()
    for a in axis:
        if not 0 <= a < ndim:
            raise IndexError(f"axis {a} must be in range [0, {ndim})")
    dims = [a for a in sorted(set(axis)) if axis.count(a) % 2]
    return torch.flip(data, dims) if dims else data.clone()


def _tile(data, *, reps):
    """numpy.tile: ``reps`` and the shape are aligned on the right (matrix_op-inl.h ``TileOpShape``)."""
    require_shape(data)
    if not reps:
        return data.clone()
    if any(r <= 0 for r in reps):
        raise ValueError(f"reps must be positive, got {reps}")
    return data.repeat((1,) * (data.dim() - len(reps)) + reps)  # repeat prepends axes for longer reps


def _repeat(data, *, repeats, axis):
    """numpy.repeat with one count; axis None repeats the flattened array (``RepeatOpShape``)."""
    require_shape(data)
    if repeats < 0:
        raise ValueError(f"repeats cannot be a negative number ({repeats})")
    ndim = data.dim()
    if axis is not None and not -ndim <= axis < ndim:
        raise IndexError(f"axis = {axis} out of bounds for an array of {ndim} dimensions")
    if repeats == 0:  # MXNet: an empty 1-D array whatever the axis
        return data.new_empty((0,))
    if axis is None:
        return data.reshape(-1).repeat_interleave(repeats)
    return data.repeat_interleave(repeats, dim=axis)


_TORCH_PAD_MODE = {"constant": "constant", "edge": "replicate", "reflect": "reflect"}


def _pad(data, *, mode, pad_width, constant_value):
    """4-D or 5-D float input, no padding of the first two axes (pad-inl.h ``PadProp::InferShape``)."""
    _require_float(data)
    ndim = data.dim()
    if ndim not in (4, 5):
        raise ValueError(f"Current implementation only supports 4-D or 5-D input, got {ndim}-D.")
    if len(pad_width) != 2 * ndim:
        raise ValueError(f"Input shape vs padding spec mismatch: {len(pad_width)} widths for {ndim} axes.")
    if any(pad_width[:4]):
        raise ValueError("Current implementation expects padding on the first two axes to be zero.")
    if mode == "reflect" and any(width >= data.shape[i // 2] for i, width in enumerate(pad_width)):
        raise ValueError("Current implementation of reflection padding only supports padding sizes "
                         "smaller than the input size.")
    widths = []
    for axis in range(ndim - 1, 1, -1):  # torch lists the last axis first
        widths += [pad_width[2 * axis], pad_width[2 * axis + 1]]
    if not any(widths):
        return data.clone()
    if mode == "constant":
        return F.pad(data, widths, "constant", constant_value)
    try:
        return F.pad(data, widths, _TORCH_PAD_MODE[mode])
    except RuntimeError:
        if data.dtype is not torch.float16:
            raise
        # torch < 2.5 has no float16 edge/reflect padding on the CPU; the pad copies values: exact
        return F.pad(data.float(), widths, _TORCH_PAD_MODE[mode]).half()


# ---- index arithmetic and products -------------------------------------------------------


# ravel.h computes in index_t, which is int32 in MXNet's default builds (no large-tensor
# support): flat indices past 2**31 wrap around as they do there.
_INDEX = torch.int32


def _ravel_multi_index(data, *, shape):
    """Row-major flat indices of the columns of ``data`` (ravel.h ``ravel_index``): no bounds
    checks; each step truncates ``ret * dim + x`` to an index."""
    if not shape:
        raise ValueError("Empty shape parameter for ravel operator.")
    if data.dim() != 2:
        raise ValueError("Input to ravel operator must be two-dimensional.")
    if data.shape[0] != len(shape):
        raise ValueError(f"First dimension of input of ravel operator ({data.shape[0]}) does not match "
                         f"shape parameter dimension ({len(shape)}).")
    flat = torch.zeros(data.shape[1], dtype=_INDEX, device=data.device)
    if data.is_floating_point():
        compute = torch.float64 if data.dtype is torch.float64 else torch.float32
        for row, dim in zip(data, shape):
            flat = ((flat * dim).to(compute) + row.to(compute)).to(_INDEX)
    else:
        for row, dim in zip(data, shape):
            flat = flat * dim + row.to(_INDEX)
    return flat.to(data.dtype)


def _unravel_index(data, *, shape):
    """Multi-indices of flat indices (ravel.h ``unravel_index``): truncating division, and the
    first coordinate is not reduced modulo ``shape[0]``."""
    if not shape:
        raise ValueError("Empty shape parameter for unravel operator.")
    if data.dim() != 1:  # MXNet 1.9.1 returns garbage for other inputs; mxnd raises
        raise ValueError(f"Input to unravel operator must be one-dimensional, got shape {list(data.shape)}.")
    flat = data.to(_INDEX)
    coordinates = [flat] * len(shape)
    for j in range(len(shape) - 1, 0, -1):
        quotient = torch.div(flat, shape[j], rounding_mode="trunc")
        coordinates[j] = flat - quotient * shape[j]
        flat = quotient
    coordinates[0] = flat
    return torch.stack(coordinates).to(data.dtype)


def _khatri_rao(*args, num_args):
    """Column-wise Kronecker product of matrices (contrib/krprod.h); float32/float64 only."""
    _check_count(args, num_args, "khatri_rao")
    if args[0].dtype not in (torch.float32, torch.float64):
        raise TypeError(f"Not implemented for {str(args[0].dtype)[6:]}: "
                        f"khatri_rao supports float32 and float64")
    columns = args[0].shape[-1] if args[0].dim() else 0
    for matrix in args:
        if matrix.dim() != 2:
            raise ValueError(f"dimension do not match target dimension 2 vs {matrix.dim()}")
        if matrix.shape[1] != columns:
            raise ValueError(f"all inputs must have {columns} columns, got shape {list(matrix.shape)}")
    result = args[0]
    for matrix in args[1:]:
        result = (result.unsqueeze(1) * matrix.unsqueeze(0)).reshape(-1, columns)
    # MXNet accumulates each product into zeros (BLAS ger): -0 comes out as +0
    return result + 0.0


# ---- sliding blocks ----------------------------------------------------------------------


def _geometry(kernel, stride, dilate, pad):
    """Stride, dilation and padding filled in and checked against the kernel (im2col-inl.h)."""
    rank = len(kernel)
    stride, dilate, pad = stride or (1,) * rank, dilate or (1,) * rank, pad or (0,) * rank
    for name, value in (("Stride", stride), ("Dilate", dilate), ("Pad", pad)):
        if len(value) != rank:
            raise ValueError(f"{name} must have the same number of dimensions with kernel_size, but "
                             f"kernel_size is set to {list(kernel)} while {name.lower()} is {list(value)}")
    for name, value in (("kernel", kernel), ("stride", stride), ("dilate", dilate)):
        if any(v <= 0 for v in value):
            raise ValueError(f"incorrect {name} size: {list(value)}")
    if rank not in (2, 3):  # MXNet 1.9.1 reads the image as 4-D: 1-D kernels fail in compute
        raise ValueError(f"only 2-D kernels (h, w) and 3-D kernels are supported, got {list(kernel)}")
    return stride, dilate, pad


def _depth_hits(spatial, kernel, stride, dilate, pad, device):
    """3-D kernels: MXNet 1.9.1 reads the image as 4-D, so only a last spatial size of 1 works.
    Which (kernel offset, block) pairs of that axis read its one element: a (k, blocks) mask."""
    if spatial[2] != 1:
        raise ValueError(f"3-D kernels need a last spatial size of 1 (MXNet 1.9.1 reads the image "
                         f"as 4-D), got {list(spatial)}")
    k, s, d, p = kernel[2], stride[2], dilate[2], pad[2]
    blocks = (2 * p - d * (k - 1)) // s + 1
    return torch.arange(k, device=device).unsqueeze(1) * d + torch.arange(blocks, device=device) * s == p


def _check_window(sizes, kernel, dilate, pad, what):
    for size, k, d, p in zip(sizes, kernel, dilate, pad):
        if d * (k - 1) + 1 > size + 2 * p:
            raise ValueError(f"kernel size exceed {what}: dilated kernel {d * (k - 1) + 1} > "
                             f"padded size {size + 2 * p}")


def _im2col(data, *, kernel, stride, dilate, pad):
    """Sliding blocks of an NCHW array as columns: (N, C*kh*kw, number of blocks)."""
    _require_float(data)
    stride, dilate, pad = _geometry(kernel, stride, dilate, pad)
    if data.dim() != len(kernel) + 2:
        raise ValueError(f"im2col needs an (N, C, *spatial) input with one spatial axis per kernel "
                         f"dimension, got shape {list(data.shape)}")
    _check_window(data.shape[2:], kernel, dilate, pad, "input")
    if len(kernel) == 2:
        return F.unfold(data, kernel, dilation=dilate, padding=pad, stride=stride)
    # the 2-D blocks of the one depth slice, zero where a kernel offset reads the depth padding
    hits = _depth_hits(data.shape[2:], kernel, stride, dilate, pad, data.device)
    cols = F.unfold(data[..., 0], kernel[:2], dilation=dilate[:2], padding=pad[:2], stride=stride[:2])
    n, rows, blocks = cols.shape
    cols = torch.where(hits.unsqueeze(1), cols[:, :, None, :, None], 0)  # (n, rows, k, blocks, depth blocks)
    return cols.reshape(n, rows * hits.shape[0], blocks * hits.shape[1])


def _col2im(data, *, output_size, kernel, stride, dilate, pad):
    """The adjoint of im2col: columns summed back into an (N, C, H, W) array."""
    _require_float(data)
    stride, dilate, pad = _geometry(kernel, stride, dilate, pad)
    if len(output_size) != len(kernel):
        raise ValueError(f"output_size {list(output_size)} must have one entry per kernel dimension")
    if data.dim() != 3:
        raise ValueError(f"col2im needs a 3-D (N, C*kh*kw, L) input, got shape {list(data.shape)}")
    if data.shape[1] % math.prod(kernel):
        raise ValueError(f"the second dim of input shape should be multiples of kernel size, got {data.shape[1]}")
    _check_window(output_size, kernel, dilate, pad, "output size")
    blocks = 1
    for size, k, s, d, p in zip(output_size, kernel, stride, dilate, pad):
        blocks *= (size + 2 * p - d * (k - 1) - 1) // s + 1
    if data.shape[2] != blocks:
        raise ValueError(f"output size does not match convolution parameters: {data.shape[2]} blocks "
                         f"given, {blocks} expected")
    if len(kernel) == 2:
        return F.fold(data, output_size, kernel, dilation=dilate, padding=pad, stride=stride)
    # each column's pixel (+1, 0 in the padding) from im2col of the pixel numbers; index_put_
    # accumulates serially on the CPU, in the columns' order as MXNet's col2im_nd_core_cpu does
    n, pixels, kernel_size = data.shape[0], math.prod(output_size), math.prod(kernel)
    numbers = torch.arange(1, pixels + 1, dtype=torch.float64, device=data.device).reshape(1, 1, *output_size)
    where = _im2col(numbers, kernel=kernel, stride=stride, dilate=dilate, pad=pad)[0].to(torch.int64)
    channels = data.shape[1] // kernel_size
    where = where.repeat(channels, 1)
    inside = where > 0
    first = torch.arange(n * channels, device=data.device).reshape(n, channels, 1, 1) * pixels - 1
    position = (where.reshape(channels, kernel_size, -1) + first).reshape(n, *where.shape)
    image = data.new_zeros(n * channels * pixels)
    image.index_put_((position[:, inside],), data[:, inside], accumulate=True)
    return image.reshape(n, channels, *output_size)


# ---- the table ---------------------------------------------------------------------------

_CONV = (
    Param("kernel", parse_shape, doc="sliding kernel size (h, w)"),
    Param("stride", parse_shape, (), "stride between blocks; default 1 per dimension"),
    Param("dilate", parse_shape, (), "spacing between kernel points; default 1 per dimension"),
    Param("pad", parse_shape, (), "zero padding on both sides; default 0 per dimension"),
)

LAYOUT = declare([
    OpSpec("concat", _concat, inputs=("*data",), aliases=("Concat",), differentiable=True, same_dtype=True,
           no_bool=True, family="layout", params=_CONCAT_PARAMS, doc="Join arrays along an existing axis."),
    # concat.cc: concat with a shape inference that fills in unknown input sizes (symbolic graphs
    # only: an imperative call sees known shapes, and computes as concat)
    OpSpec("_rnn_param_concat", functools.partial(_concat, op_name="_rnn_param_concat"), inputs=("*data",),
           differentiable=True, same_dtype=True, no_bool=True, family="layout", params=_CONCAT_PARAMS,
           doc="Join the parameter arrays of RNN layers along an existing axis (as concat)."),
    OpSpec("stack", _stack, inputs=("*data",), differentiable=True, same_dtype=True, family="layout", params=(
        Param("axis", parse_int, 0, "the new axis of the result along which the inputs are stacked"),
        _num_args_param(),
    ), doc="Join arrays of one shape along a new axis."),
    # MXNet's name is SliceChannel; split is the alias with a fluent method (slice_channel.cc)
    OpSpec("split", _split, aliases=("SliceChannel",), fluent=True, differentiable=True, no_bool=True,
           family="layout", params=(
               Param("num_outputs", parse_int, doc="number of equal parts; must divide the axis"),
               Param("axis", parse_int, 1, "the axis to split"),
               Param("squeeze_axis", parse_bool, False, "drop the split axis (its size must be num_outputs)"),
           ), doc="Split an array into equal parts along an axis."),
    OpSpec("_split_v2", _split_v2, differentiable=True, no_bool=True, family="layout", params=_SPLIT_V2_PARAMS,
           doc="Split an array at given indices or into sections (backs split_v2)."),
    OpSpec("_split_v2_backward", _split_v2_backward, inputs=("*data",), same_dtype=True, no_bool=True,
           family="layout", params=_SPLIT_V2_PARAMS,
           doc="The gradient of _split_v2: the gradients of its outputs joined along axis."),
    OpSpec("slice", _slice, aliases=("crop",), fluent=True, differentiable=True, family="layout",
           params=_SLICE_PARAMS, doc="Slice the leading axes with begin/end/step, as Python slices."),
    # MXNet registers no gradient for the assignments
    OpSpec("_slice_assign", _slice_assign, inputs=("lhs", "rhs"), aliases=("_crop_assign",), same_dtype=True,
           no_bool=True, family="layout", params=_SLICE_PARAMS,
           doc="A copy of lhs with its slice begin:end:step replaced by rhs (of the slice's shape)."),
    OpSpec("_slice_assign_scalar", _slice_assign_scalar, aliases=("_crop_assign_scalar",), no_bool=True,
           family="layout", params=(Param("scalar", parse_float, 0.0, "the value, cast to data's dtype"),)
           + _SLICE_PARAMS, doc="A copy of data with its slice begin:end:step set to scalar."),
    OpSpec("slice_axis", _slice_axis, fluent=True, differentiable=True, no_bool=True, family="layout", params=(
        Param("axis", parse_int, doc="the axis to slice; negative counts from the end"),
        Param("begin", parse_int, doc="start index; negative counts from the end"),
        Param("end", parse_optional_int, doc="stop index (exclusive); None for the axis size"),
    ), doc="Slice one axis from begin to end."),
    OpSpec("slice_like", _slice_like, inputs=("data", "shape_like"), fluent=True, differentiable=True,
           no_bool=True, family="layout", params=(
               Param("axes", parse_optional_shape, (), "axes to cut to the sizes of shape_like; empty for all"),
           ), doc="Slice the leading part of an array to the shape of another."),
    # MXNet's name is reverse; flip is the alias with a fluent method (matrix_op.cc)
    OpSpec("flip", _flip, aliases=("reverse",), fluent=True, differentiable=True, no_bool=True,
           family="layout", params=(Param("axis", parse_optional_shape, doc="the axes to reverse"),),
           doc="Reverse the order of elements along axes."),
    OpSpec("tile", _tile, fluent=True, differentiable=True, family="layout", params=(
        Param("reps", parse_shape, doc="repetitions per axis, aligned with the shape on the right"),
    ), doc="Repeat the whole array along each axis."),
    OpSpec("repeat", _repeat, fluent=True, differentiable=True, family="layout", params=(
        Param("repeats", parse_int, doc="repetitions of each element"),
        Param("axis", parse_optional_int, None, "the axis to repeat along; None flattens first"),
    ), doc="Repeat each element of an array."),
    # MXNet's name is Pad; pad is the alias with a fluent method (pad.cc)
    OpSpec("pad", _pad, aliases=("Pad",), fluent=True, differentiable=True, no_bool=True, family="layout", params=(
        Param("mode", enum("constant", "edge", "reflect"), doc="constant, edge or reflect padding"),
        Param("pad_width", parse_shape, doc="(before_1, after_1, ..., before_N, after_N); zeros for axes 0 and 1"),
        Param("constant_value", parse_float, 0.0, "the value of constant padding"),
    ), doc="Pad the spatial axes of a 4-D or 5-D float array."),
    OpSpec("ravel_multi_index", _ravel_multi_index, aliases=("_ravel_multi_index",), differentiable=True,
           no_bool=True, family="layout", params=(
               Param("shape", parse_shape, None, "shape of the array the multi-indices refer to"),
           ), doc="Flat indices of the multi-indices in the columns of the input."),
    OpSpec("unravel_index", _unravel_index, aliases=("_unravel_index",), differentiable=True,
           no_bool=True, family="layout", params=(
               Param("shape", parse_shape, None, "shape of the array the flat indices refer to"),
           ), doc="Multi-indices (one row per axis) of 1-D flat indices."),
    # MXNet registers no gradient for khatri_rao (its backward raises); torch's is computed here
    OpSpec("khatri_rao", _khatri_rao, inputs=("*args",), same_dtype=True, no_bool=True, family="layout",
           params=(_num_args_param(),), doc="Column-wise Khatri-Rao product of matrices."),
    OpSpec("im2col", _im2col, differentiable=True, no_bool=True, family="layout", params=_CONV,
           doc="Extract sliding blocks of an NCHW array as columns."),
    OpSpec("col2im", _col2im, differentiable=True, no_bool=True, family="layout", params=(
        Param("output_size", parse_shape, doc="spatial size (h, w) of the image"),
    ) + _CONV, doc="Sum columns of sliding blocks back into an NCHW array."),
])


# ---- MXNet's Python-level functions (ndarray.py) ------------------------------------------


def _operator(name):
    """The generated ``mx.nd`` function of an operator (imported late: generation imports this module)."""
    from ..generated import FUNCTIONS

    return FUNCTIONS[name]


def _axis_list(value, ndim, what):
    """numpy's ``normalize_axis_tuple`` as MXNet's moveaxis reports it (ValueError)."""
    axes = [value] if isinstance(value, numbers.Integral) else list(value)
    normalized = []
    for axis in axes:
        axis = operator.index(axis)
        if not -ndim <= axis < ndim:
            raise ValueError(f"{what} should verify 0 <= {what.lower()} < tensor.ndim ({ndim}), got {value}")
        normalized.append(axis % ndim)
    if len(set(normalized)) != len(normalized):
        raise ValueError("repeated axis")
    return normalized


def moveaxis(tensor, source, destination):
    """Move axes ``source`` to positions ``destination``, the others keeping their order (a copy).

    >>> import mxnd as mx
    >>> moveaxis(mx.nd.zeros((3, 4, 5)), [0, 1], [-1, -2]).shape
    (5, 4, 3)
    """
    source = _axis_list(source, tensor.ndim, "Source")
    destination = _axis_list(destination, tensor.ndim, "Destination")
    if len(source) != len(destination):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    order = [axis for axis in range(tensor.ndim) if axis not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return _operator("transpose")(tensor, axes=tuple(order))


def concatenate(arrays, axis=0, always_copy=True):
    """DEPRECATED, use ``concat``: join a list of arrays along ``axis``, checked with asserts as MXNet
    does; with ``always_copy=False`` a one-array list returns that array itself."""
    from ..ndarray import NDArray

    assert isinstance(arrays, list)
    assert len(arrays) > 0
    assert isinstance(arrays[0], NDArray)
    if not always_copy and len(arrays) == 1:
        return arrays[0]
    first = arrays[0].shape
    if not -len(first) <= axis < len(first):
        raise IndexError("tuple index out of range")  # MXNet reads arrays[0].shape[axis]
    for array in arrays[1:]:
        assert first[0:axis] == array.shape[0:axis]
        assert first[axis + 1:] == array.shape[axis + 1:]
        assert arrays[0].dtype == array.dtype
    if axis < 0:  # MXNet 1.9.1 builds a wrong result shape for negative axes and fails
        raise MXNetError(f"concatenate: Shape inconsistent for axis={axis}; use a non-negative axis")
    return _operator("concat")(*arrays, dim=axis)


def split_v2(ary, indices_or_sections, axis=0, squeeze_axis=False):
    """Split into ``indices_or_sections`` equal parts (an int) or at the given indices (a tuple).

    >>> import mxnd as mx
    >>> [p.shape for p in split_v2(mx.nd.zeros((2, 5)), (1, 3), axis=1)]
    [(2, 1), (2, 2), (2, 2)]
    """
    axis_size = ary.shape[axis]
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if axis_size % sections:
            raise ValueError("array split does not result in an equal division")
        section_size = axis_size // sections
        indices = [i * section_size for i in range(sections)]
    elif isinstance(indices_or_sections, tuple):
        indices = [0] + list(indices_or_sections)
    else:
        raise ValueError("indices_or_sections must either int or tuple of ints")
    return _operator("_split_v2")(ary, indices, axis, squeeze_axis)
