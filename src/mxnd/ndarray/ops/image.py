"""Image operators, ``mx.nd.image.*``: to_tensor, normalize, resize, crop, flips, colour and lighting jitter.

MXNet 1.9.1's CPU kernels (src/operator/image/*.h) are the specification. Images are
(H, W, C) or (N, H, W, C) with 1 or 3 channels; the colour operators compute in float32
and store with ``saturate_cast`` (uint8 clamps to [0, 255], other integers truncate);
resize reproduces OpenCV 3.4.2's ``cv::resize``, which MXNet calls, bit for bit.
Gradients are MXNet's: the augmenters register ``ElemwiseGradUseNone{"_copy"}``, so the
output gradient is passed through unchanged (not flipped, not scaled).
"""
from __future__ import annotations

import functools

import numpy as np
import torch

from ...errors import MXNetError
from ...integer_variables import RecordedFunction
from ...params import parse_bool, parse_float, parse_float32_tuple, parse_int, parse_shape
from ...registry import OpSpec, Param, declare
from .opencv_resize import opencv_resize

_F32 = np.float32

# ---- shared helpers ---------------------------------------------------------------------


def _non_negative(name):
    """A float parser with MXNet's ``set_lower_bound(0.0)``."""
    def parse(value):
        number = parse_float(value)
        if number < 0:
            raise MXNetError(f"Invalid Parameter {name}={value}: {name} should be greater than or equal to 0")
        return number
    return parse


def _check_image(data):
    """An (H, W, C) image with 1 or 3 channels (image_random-inl.h ImageShape)."""
    if data.dim() != 3:
        raise ValueError(f"Input image must have shape (height, width, channels), but got {list(data.shape)}")
    if data.shape[-1] not in (1, 3):
        raise ValueError("The last dimension of input image must be the channel dimension with either 1 or 3 "
                         f"elements, but got input with shape {list(data.shape)}")


def _working_type(dtype):
    """The type C++ gives ``DType * float``: double for float64 inputs, else float."""
    return torch.float64 if dtype is torch.float64 else torch.float32


def _as_dtype_result(values, dtype):
    """An arithmetic result as mshadow computes it for ``dtype``: ``half_t`` rounds every
    ``half_t op float`` result to half precision; other types keep the float (double) value."""
    if dtype is torch.float16:
        return values.to(torch.float16).to(torch.float32)
    return values


def _assign_cast(values, dtype):
    """A plain C++ float -> DType assignment: integers (uint8 included) truncate toward zero and wrap."""
    if dtype.is_floating_point:
        return values.to(dtype)
    return values.trunc().to(torch.int64).to(dtype)


def _saturate_cast(values, dtype):
    """``saturate_cast<DType>(float)``: uint8 clamps to [0, 255] first, other types assign."""
    if dtype is torch.uint8:
        return values.clamp(0, 255).to(dtype)
    return _assign_cast(values, dtype)


def _generator(device):
    """The generator of ``device`` that mx.random seeds (src/mxnd/random.py)."""
    from ...random import generator  # on use: mxnd.random imports the operator modules itself
    return generator(device)


def _uniform(device, low, high) -> float:
    """``std::uniform_real_distribution<float>(low, high)``: low + (high - low) * u, in float32."""
    u = _F32(torch.rand((), generator=_generator(device), device=device).item())
    with np.errstate(all="ignore"):  # infinite bounds give inf or NaN silently, as in C
        return float(_F32(low) + (_F32(high) - _F32(low)) * u)


class _CopyGradient(RecordedFunction):
    """MXNet's ``ElemwiseGradUseNone{"_copy"}``: the input gradient is the output gradient as is.

    Like MXNet, it fails when the output shape differs from the input's (to_tensor, resize).
    """

    @staticmethod
    def forward(ctx, data, compute):
        ctx.shape, ctx.dtype = data.shape, data.dtype
        return compute(data)

    @staticmethod
    def backward(ctx, grad):
        if grad.shape != ctx.shape:
            raise MXNetError(f"_copy: Incompatible attr in backward: output gradient of shape {list(grad.shape)} "
                             f"for an input of shape {list(ctx.shape)} (MXNet's gradient of this operator "
                             f"is _copy)")
        return grad.to(ctx.dtype, copy=True), None


def _copy_gradient(compute):
    """``compute(data, **params)`` whose gradient, under autograd, is MXNet's ``_copy``."""
    @functools.wraps(compute)
    def body(data, **params):
        if not data.requires_grad:
            return compute(data, **params)
        return _CopyGradient.apply(data, functools.partial(compute, **params))
    return body


# ---- to_tensor and normalize ------------------------------------------------------------------


def _to_tensor(data):
    """(H, W, C) / (N, H, W, C) in [0, 255] -> float32 (C, H, W) / (N, C, H, W) in [0, 1]."""
    if data.dim() not in (3, 4):
        raise ValueError("Input image must have shape (height, width, channels), or (N, height, width, "
                         f"channels) but got {list(data.shape)}")
    scaled = _as_dtype_result(data.to(_working_type(data.dtype)) / 255.0, data.dtype)  # in_data / 255.0f
    scaled = scaled.to(torch.float32)
    return scaled.movedim(-1, -3).contiguous()


def _normalize_constants(data, mean, std):
    """Per-channel mean and std as (C, 1, 1) tensors, after NormalizeOpShape's checks."""
    if data.dim() not in (3, 4):
        raise ValueError("Input tensor must have shape (channels, height, width), or (N, channels, height, "
                         f"width), but got {list(data.shape)}")
    channels = data.shape[-3]
    if channels not in (1, 3):
        which = "first" if data.dim() == 3 else "second"
        raise ValueError(f"The {which} dimension of input tensor must be the channel dimension with either 1 or "
                         f"3 elements, but got input with shape {list(data.shape)}")
    for name, values in (("mean", mean), ("std", std)):
        if len(values) not in (1, channels):
            raise ValueError(f"Invalid {name} for input with shape {list(data.shape)}. {name} must have either 1 "
                             f"or {channels} elements, but got {list(values)}")
    work = _working_type(data.dtype)

    def column(values):
        per_channel = values * channels if len(values) == 1 else values
        return torch.tensor(per_channel, dtype=work, device=data.device).reshape(channels, 1, 1)
    return column(mean), column(std)


def _normalized(data, mean, std):
    """Normalize's kernel: ``(x - mean[c]) / std[c]`` in float (double for float64); half_t rounds
    after each operation."""
    centred = _as_dtype_result(data.to(mean.dtype) - mean, data.dtype)
    return _assign_cast(centred / std, data.dtype)


class _NormalizeFunction(RecordedFunction):
    """Normalize with NormalizeBackward's gradient: ``grad * (1.0 / std)`` computed in double."""

    @staticmethod
    def forward(ctx, data, mean, std):
        ctx.save_for_backward(std)
        ctx.dtype = data.dtype
        return _normalized(data, mean, std)

    @staticmethod
    def backward(ctx, grad):
        (std,) = ctx.saved_tensors
        return (grad.to(torch.float64) * (1.0 / std.to(torch.float64))).to(ctx.dtype), None, None


def _normalize(data, *, mean, std):
    means, stds = _normalize_constants(data, mean, std)
    if data.requires_grad:
        return _NormalizeFunction.apply(data, means, stds)
    return _normalized(data, means, stds)


# ---- crop and flips ---------------------------------------------------------------------------


def _crop(data, *, x, y, width, height):
    """crop-inl.h CropShape: a (height, width) window at (y, x) of (H, W, C) or (N, H, W, C)."""
    if data.dim() not in (3, 4):
        raise ValueError(f"Image Crop expects inputs of 3D (h, w, c) or 4D (n, h, w, c). But got {data.dim()}")
    if data.shape[-1] not in (1, 3):
        raise ValueError(f"Expect channel of the input image is 1 or 3, but got{data.shape[-1]}")
    if height <= 0 or width <= 0:
        raise ValueError("Input height and width must be greater than 0")
    if x < 0 or y < 0:  # MXNet does not check and reads outside the image
        raise ValueError(f"x and y must be >= 0, got x={x}, y={y}")
    if x + width > data.shape[-2]:
        raise ValueError(" x + width should not be greater than input width")
    if y + height > data.shape[-3]:
        raise ValueError(" y + height should not be greater than input height")
    return data[..., y:y + height, x:x + width, :].clone()


def _flip(axis):
    """FlipImpl along ``axis`` of an (H, W, C) image (MXNet leaves the middle row/column of an odd
    size unwritten; mxnd copies it)."""
    @_copy_gradient
    def flip(data):
        _check_image(data)
        return data.flip(axis)
    return flip


def _random_flip(axis):
    """Flip with probability 1/2 (``std::bernoulli_distribution()``), else copy."""
    @_copy_gradient
    def random_flip(data):
        _check_image(data)
        keep = torch.rand((), generator=_generator(data.device), device=data.device).item() < 0.5
        return data.clone() if keep else data.flip(axis)
    return random_flip


# ---- colour -------------------------------------------------------------------------------------

_GRAY = (_F32(0.299), _F32(0.587), _F32(0.114))  # static const float coef[] in image_random-inl.h


def _adjust_brightness(data, alpha):
    """AdjustBrightnessImpl: ``saturate_cast(float(x) * alpha)``."""
    return _saturate_cast(data.to(torch.float32) * float(_F32(alpha)), data.dtype)


def _gray_mean(data) -> np.float32:
    """AdjustContrastImpl's mean gray level, summed in float32 in pixel order as MXNet does."""
    values = data.to(_working_type(data.dtype))
    if data.shape[-1] == 3:
        coef = torch.tensor([float(c) for c in _GRAY], dtype=values.dtype, device=values.device)
        values = _as_dtype_result(values * coef, data.dtype)
    flat = values.reshape(-1).cpu().numpy()
    with np.errstate(invalid="ignore", divide="ignore"):  # inf - inf, or an empty image's 0 / 0: NaN, as in C
        total = np.add.accumulate(flat, dtype=np.float32)[-1] if flat.size else _F32(0)  # sequential, not pairwise
        return _F32(total) / _F32(data.shape[0] * data.shape[1])


def _adjust_contrast(data, alpha):
    """AdjustContrastImpl: ``x * alpha + (1 - alpha) * mean_gray``."""
    alpha = _F32(alpha)
    beta = (_F32(1) - alpha) * _gray_mean(data)
    scaled = _as_dtype_result(data.to(_working_type(data.dtype)) * float(alpha), data.dtype)
    values = _as_dtype_result(scaled + float(beta), data.dtype).to(torch.float32)
    return _saturate_cast(values, data.dtype)


def _adjust_saturation(data, alpha):
    """AdjustSaturationImpl as MXNet 1.9.1 computes it: its gray level is ``gray = x[c] * coef[c]`` inside
    the channel loop (an assignment, not a sum), so only the blue channel's term survives."""
    if data.shape[-1] == 1:
        return data.clone()
    alpha, dtype, work = _F32(alpha), data.dtype, _working_type(data.dtype)
    gray = _as_dtype_result(data[..., 2:3].to(work) * float(_GRAY[2]), dtype).to(torch.float32)
    gray = gray * float(_F32(1) - alpha)
    scaled = _as_dtype_result(data.to(work) * float(alpha), dtype)
    values = _as_dtype_result(gray.to(work) + scaled, dtype).to(torch.float32)
    return _saturate_cast(values, dtype)


def _rgb_to_hls(r, g, b):
    """RGB2HLSConvert, float32 (inputs in [0, 255]; h in degrees, l and s in [0, 1])."""
    r, g, b = r / 255.0, g / 255.0, b / 255.0
    vmax = torch.maximum(torch.maximum(r, g), b)
    vmin = torch.minimum(torch.minimum(r, g), b)
    diff = vmax - vmin
    light = (vmax + vmin) * 0.5
    colourful = diff > float(np.finfo(np.float32).eps)
    sat = torch.where(light < 0.5, diff / (vmax + vmin), diff / ((2.0 - vmax) - vmin))
    step = 60.0 / diff
    hue = torch.where(vmax == r, (g - b) * step,
                      torch.where(vmax == g, (b - r) * step + 120.0, (r - g) * step + 240.0))
    hue = torch.where(hue < 0, hue + 360.0, hue)
    zero = torch.zeros_like(hue)
    return torch.where(colourful, hue, zero), light, torch.where(colourful, sat, zero)


# c_HlsSectorData of HLS2RGBConvert: which of (p2, p1, falling, rising) is (b, g, r) per sector
_HLS_SECTORS = ((1, 3, 0), (1, 0, 2), (3, 0, 1), (0, 2, 1), (0, 1, 3), (2, 1, 0))


def _hls_to_rgb(hue, light, sat):
    """HLS2RGBConvert, float32; returns r, g, b in [0, 255]."""
    p2 = torch.where(light <= 0.5, light * (1.0 + sat), (light + sat) - light * sat)
    p1 = 2.0 * light - p2
    hue = hue * float(_F32(1) / _F32(60))
    # MXNet's loops (add/subtract 6 until in [0, 6)) never end for an inf or huge hue; the
    # remainder gives the same values for the others (a tiny negative hue rounds up to 6: one
    # more step wraps it to 0); a non-finite hue takes sector 0
    hue = torch.remainder(hue, 6.0).nan_to_num(0.0)
    hue = torch.where(hue >= 6.0, hue - 6.0, hue)
    sector = hue.to(torch.int64)
    hue = hue - sector.to(hue.dtype)
    table = torch.stack((p2, p1, p1 + (p2 - p1) * (1.0 - hue), p1 + (p2 - p1) * hue), dim=-1)
    order = torch.tensor(_HLS_SECTORS, device=hue.device)[sector]
    b, g, r = table.gather(-1, order).unbind(-1)
    grey = sat == 0
    return tuple(torch.where(grey, light, c) * 255.0 for c in (r, g, b))


def _adjust_hue(data, alpha):
    """AdjustHueImpl: rotate the hue by ``alpha * 360`` degrees in HLS space (MXNet leaves the output of a
    1-channel image unwritten; mxnd copies it)."""
    if data.shape[-1] == 1:
        return data.clone()
    r, g, b = data.to(torch.float32).unbind(-1)
    hue, light, sat = _rgb_to_hls(r, g, b)
    hue = hue + float(_F32(alpha) * _F32(360))
    return _saturate_cast(torch.stack(_hls_to_rgb(hue, light, sat), dim=-1), data.dtype)


_ADJUSTERS = {"brightness": _adjust_brightness, "contrast": _adjust_contrast,
              "saturation": _adjust_saturation, "hue": _adjust_hue}
_JITTER_ORDER = tuple(_ADJUSTERS)  # RandomColorJitter's cases 0..3


def _random_adjust(kind):
    """RandomBrightness / RandomContrast / RandomSaturation / RandomHue: a factor drawn from
    U(min_factor, max_factor)."""
    adjust = _ADJUSTERS[kind]

    @_copy_gradient
    def random_adjust(data, *, min_factor, max_factor):
        _check_image(data)
        return adjust(data, _uniform(data.device, min_factor, max_factor))
    return random_adjust


@_copy_gradient
def _random_color_jitter(data, *, brightness, contrast, saturation, hue):
    """RandomColorJitter: the four adjustments in a random order, each only when its jitter is > 0;
    the factor is 1 + U(-jitter, jitter) (U(-jitter, jitter) for hue)."""
    _check_image(data)
    device, result = data.device, data.clone()  # MXNet leaves the output unwritten if all four are 0
    jitters = (brightness, contrast, saturation, hue)
    for index in torch.randperm(4, generator=_generator(device), device=device).tolist():
        kind, jitter = _JITTER_ORDER[index], jitters[index]
        if jitter > 0:
            offset = _F32(0 if kind == "hue" else 1)
            result = _ADJUSTERS[kind](result, float(offset + _F32(_uniform(device, -jitter, jitter))))
    return result


# AdjustLightingImpl's eigen vectors times eigen values (AlexNet PCA), as float32
_EIGEN = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                   [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                   [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]]).astype(np.float32)


def _lighting(data, alphas):
    """AdjustLightingImpl: add the PCA offset for ``alphas`` (R, G, B) to every pixel (MXNet leaves the
    output of a 1-channel image unwritten; mxnd copies it)."""
    if data.shape[-1] == 1:
        return data.clone()
    if len(alphas) < 3:
        raise ValueError(f"index = {len(alphas)} must be in range [0, {len(alphas)})")
    a = [_F32(v) for v in alphas[:3]]
    with np.errstate(invalid="ignore", over="ignore"):  # infinite alphas: NaN, silently as in C++
        offsets = [float(row[0] * a[0] + row[1] * a[1] + row[2] * a[2]) for row in _EIGEN]
    shift = torch.tensor(offsets, dtype=torch.float32, device=data.device)
    return _saturate_cast(data.to(torch.float32) + shift, data.dtype)


@_copy_gradient
def _adjust_lighting(data, *, alpha):
    _check_image(data)
    return _lighting(data, alpha)


@_copy_gradient
def _random_lighting(data, *, alpha_std):
    """RandomLighting: alphas drawn from N(0, alpha_std), one per channel."""
    _check_image(data)
    normal = torch.randn(3, generator=_generator(data.device), device=data.device).cpu().numpy()
    return _lighting(data, [float(_F32(v) * _F32(alpha_std)) for v in normal])


# ---- resize (the kernel is opencv_resize.py) ------------------------------------------------------

def _resized_size(data, size, keep_ratio):
    """GetHeightAndWidth: ``size`` is (width, height), or one edge (the short one with keep_ratio)."""
    if len(size) not in (1, 2):
        raise ValueError(f"Input size dimension must be 1 or 2, but got {len(size)}")
    if len(size) == 2:
        if size[0] <= 0 or size[1] <= 0:
            raise ValueError(f"Input width and height should be greater than 0, but got {size}")
        return size[1], size[0]
    edge = size[0]
    if edge <= 0:
        raise ValueError(f"Input size should be greater than 0, but got {edge}")
    rows, cols = data.shape[-3], data.shape[-2]
    if not keep_ratio:
        return edge, edge
    if rows > cols:
        return rows * edge // cols, edge
    return edge, cols * edge // rows


def _resize_checked(data, *, size, keep_ratio, interp):
    if data.dim() not in (3, 4):
        raise ValueError(f"Input image dimension should be 3 or 4 but got {data.dim()}")
    if data.dtype not in (torch.uint8, torch.float32, torch.float64, torch.int32):
        # float16: "opencv image mat doesn't support fp16"; int8/int64 index past MXNet's OpenCV type table
        raise ValueError(f"resize supports uint8, int32, float32 and float64 images, not "
                         f"{str(data.dtype).replace('torch.', '')}")
    height, width = _resized_size(data, size, keep_ratio)
    return opencv_resize(data, height, width, interp)


_resize = _copy_gradient(_resize_checked)

# ---- the table ----------------------------------------------------------------------------------


def _image_op(name, body, params=(), doc="", differentiable=True):
    return OpSpec(name, body, params=params, family="image", no_bool=True, differentiable=differentiable, doc=doc)


_FACTORS = (Param("min_factor", _non_negative("min_factor"), doc="Minimum factor."),
            Param("max_factor", _non_negative("max_factor"), doc="Maximum factor."))

IMAGE = declare([
    _image_op("_image_to_tensor", _copy_gradient(_to_tensor), differentiable=False,
              doc="(H, W, C) or (N, H, W, C) image in [0, 255] to a float32 (C, H, W) / (N, C, H, W) "
                  "tensor in [0, 1]."),
    _image_op("_image_normalize", _normalize, params=(
        Param("mean", parse_float32_tuple, (0.0, 0.0, 0.0, 0.0), "per-channel means (1 or C values)"),
        Param("std", parse_float32_tuple, (1.0, 1.0, 1.0, 1.0), "per-channel standard deviations (1 or C values)"),
    ), doc="Normalize a (C, H, W) or (N, C, H, W) tensor: (x - mean) / std per channel."),
    _image_op("_image_resize", _resize, params=(
        Param("size", parse_shape, (), "new size as (width, height), or one edge"),
        Param("keep_ratio", parse_bool, False, "with one edge given, resize the short edge to it"),
        Param("interp", parse_int, 1, "OpenCV interpolation: 0 nearest, 1 bilinear, 2 bicubic, 3 area, "
                                      "4 Lanczos4, 5 bit-exact bilinear"),
    ), doc="Resize an (H, W, C) or (N, H, W, C) image as OpenCV's cv::resize."),
    _image_op("_image_crop", _crop, params=(
        Param("x", parse_int, doc="Left boundary of the cropping area."),
        Param("y", parse_int, doc="Top boundary of the cropping area."),
        Param("width", parse_int, doc="Width of the cropping area."),
        Param("height", parse_int, doc="Height of the cropping area."),
    ), doc="Crop an (H, W, C) or (N, H, W, C) image to the given window."),
    _image_op("_image_flip_left_right", _flip(1), doc="Flip an (H, W, C) image horizontally."),
    _image_op("_image_flip_top_bottom", _flip(0), doc="Flip an (H, W, C) image vertically."),
    _image_op("_image_random_flip_left_right", _random_flip(1),
              doc="Flip an (H, W, C) image horizontally with probability 1/2."),
    _image_op("_image_random_flip_top_bottom", _random_flip(0),
              doc="Flip an (H, W, C) image vertically with probability 1/2."),
    _image_op("_image_random_brightness", _random_adjust("brightness"), _FACTORS, differentiable=False,
              doc="Scale an (H, W, C) image by a factor drawn from U(min_factor, max_factor)."),
    _image_op("_image_random_contrast", _random_adjust("contrast"), _FACTORS, differentiable=False,
              doc="Blend an (H, W, C) image with its mean gray level by a random factor."),
    _image_op("_image_random_saturation", _random_adjust("saturation"), _FACTORS, differentiable=False,
              doc="Blend an (H, W, C) image with its gray image by a random factor."),
    _image_op("_image_random_hue", _random_adjust("hue"), _FACTORS, differentiable=False,
              doc="Rotate the hue of an (H, W, C) image by a random fraction of a turn."),
    _image_op("_image_random_color_jitter", _random_color_jitter, tuple(
        Param(name, parse_float, doc=f"How much to jitter {name}.")
        for name in ("brightness", "contrast", "saturation", "hue")), differentiable=False,
        doc="Random brightness, contrast, saturation and hue jitter in a random order."),
    _image_op("_image_adjust_lighting", _adjust_lighting, (
        Param("alpha", parse_float32_tuple, doc="The lighting alphas for the R, G, B channels."),
    ), differentiable=False, doc="Adjust the lighting level of the input. Follow the AlexNet style."),
    _image_op("_image_random_lighting", _random_lighting, (
        Param("alpha_std", parse_float, 0.05, "Level of the lighting noise."),
    ), differentiable=False, doc="Randomly add PCA noise. Follow the AlexNet style."),
])
