"""MXNet's OpenCV array operators ``mx.nd._internal._cvimresize`` and ``_cvcopyMakeBorder``
(src/io/image_io.cc): ``cv::resize`` (opencv_resize.py, bit for bit) and ``cv::copyMakeBorder``
on (height, width, channels) images of uint8, int32, float32 or float64.

>>> import mxnd as mx
>>> x = mx.nd.array([[[1], [2]]], dtype='uint8')
>>> mx.nd._internal._cvcopyMakeBorder(x, top=0, bot=0, left=1, right=1, type=1).asnumpy()[..., 0].tolist()
[[1, 1, 2, 2]]
"""
from __future__ import annotations

import torch

from ...params import parse_float, parse_float_tuple, parse_int
from ...registry import OpSpec, Param, declare
from .opencv_resize import opencv_resize
from .unary import without_gradient

# MXNet's OpenCV type table (image_io.cc DTYPE[]): float16 is refused, int8 and int64 index past it
_TYPES = (torch.uint8, torch.int32, torch.float32, torch.float64)
_CONSTANT, _REPLICATE, _REFLECT, _WRAP, _REFLECT_101 = range(5)
_ISOLATED = 16  # cv::BORDER_ISOLATED


def _check_image(data):
    """An (H, W, C) image of a type OpenCV's functions take (the builder names the operator)."""
    if data.dim() != 3:
        raise ValueError(f"expects a (height, width, channels) image, got {data.dim()} dimensions")
    if data.dtype not in _TYPES:
        raise TypeError(f"supports uint8, int32, float32 and float64 images, not {str(data.dtype)[6:]}")


def _cvimresize(data, *, w, h, interp):
    """``cv::resize`` to ``h`` x ``w`` with OpenCV's interpolation code ``interp``."""
    _check_image(data)
    for name, size in (("w", w), ("h", h)):
        if size < 1:
            raise ValueError(f"value {size} for Parameter {name} should be greater equal to 1")
    return without_gradient("_cvimresize", lambda image: opencv_resize(image, h, w, interp), data)


def _border_index(position: int, length: int, kind: int) -> int:
    """OpenCV's ``borderInterpolate``: the source index of ``position`` outside [0, length)."""
    if 0 <= position < length:
        return position
    if kind == _REPLICATE:
        return 0 if position < 0 else length - 1
    if kind == _WRAP:
        return position % length
    if length == 1:
        return 0
    delta = 1 if kind == _REFLECT_101 else 0
    while not 0 <= position < length:  # reflections of reflections for borders wider than the image
        position = -position - 1 + delta if position < 0 else length - 1 - (position - length) - delta
    return position


def _border_rows(length: int, before: int, after: int, kind: int, device) -> torch.Tensor:
    indices = [_border_index(p, length, kind) for p in range(-before, length + after)]
    return torch.tensor(indices, dtype=torch.int64, device=device)


def _fill_color(data, value, values):
    """cv::Scalar of ``values`` (up to 4 channels; MXNet reads 4 doubles, so missing ones are
    taken as 0 here) or ``cv::Scalar(value, value, value)`` (a 4th channel gets 0), saturated
    into the image's type."""
    channels = data.shape[2]
    color = list(values)[:4] + [0.0] * (4 - len(values)) if values else [value] * 3 + [0.0]
    if channels > 4:
        raise ValueError(f"fills at most 4 channels with a constant, got {channels}")
    wide = torch.tensor(color[:channels], dtype=torch.float64)
    if not data.dtype.is_floating_point:  # saturate_cast: cvRound (halves to even), then clamp
        limits = torch.iinfo(data.dtype)
        wide = wide.round().clamp(limits.min, limits.max)
    return wide.to(data.dtype).to(data.device)


def _cvcopy_make_border(data, *, top, bot, left, right, type, value, values):
    """``cv::copyMakeBorder``: margins filled by ``type`` (0 constant, 1 replicate, 2 reflect,
    3 wrap, 4 reflect_101; ``| 16``, BORDER_ISOLATED, changes nothing for a whole image)."""
    return without_gradient("_cvcopyMakeBorder", lambda image: _make_border(image, top, bot, left, right, type,
                                                                           value, values), data)


def _make_border(data, top, bot, left, right, type, value, values):
    _check_image(data)
    if min(top, bot, left, right) < 0:
        raise ValueError(f"margins must be non-negative, got {(top, bot, left, right)}")
    if top == bot == left == right == 0:  # OpenCV copies before it reads the border type
        return data.clone()
    if type >= 0:
        type &= ~_ISOLATED  # only matters for an image inside a larger one
    if type not in range(5):
        raise ValueError(f"unknown border type {type} (0 to 4, each optionally | 16)")
    height, width, channels = data.shape
    if type == _CONSTANT:
        out = _fill_color(data, value, values).expand(height + top + bot, width + left + right, channels).clone()
        out[top:top + height, left:left + width] = data
        return out
    if height == 0 or width == 0:
        raise ValueError("an empty image has no border to extend")
    rows = _border_rows(height, top, bot, type, data.device)
    columns = _border_rows(width, left, right, type, data.device)
    return data.index_select(0, rows).index_select(1, columns)


OPENCV_IMAGE = declare([
    OpSpec("_cvimresize", _cvimresize, inputs=("src",), family="image", no_bool=True, params=(
        Param("w", parse_int, doc="width of the resized image"),
        Param("h", parse_int, doc="height of the resized image"),
        Param("interp", parse_int, 1, "OpenCV interpolation: 0 nearest, 1 bilinear, 2 bicubic, 3 area, "
                                      "4 Lanczos4, 5 bit-exact bilinear"),
    ), doc="Resize an (H, W, C) image with OpenCV's cv::resize."),
    OpSpec("_cvcopyMakeBorder", _cvcopy_make_border, inputs=("src",), family="image", no_bool=True, params=(
        Param("top", parse_int, doc="top margin"),
        Param("bot", parse_int, doc="bottom margin"),
        Param("left", parse_int, doc="left margin"),
        Param("right", parse_int, doc="right margin"),
        Param("type", parse_int, 0, "border: 0 constant, 1 replicate, 2 reflect, 3 wrap, 4 reflect_101 "
                                    "(each optionally | 16, BORDER_ISOLATED)"),
        Param("value", parse_float, 0.0, "(deprecated) constant for every channel"),
        Param("values", parse_float_tuple, (), "constant per channel (up to 4)"),
    ), doc="Pad an (H, W, C) image as OpenCV's cv::copyMakeBorder."),
])
