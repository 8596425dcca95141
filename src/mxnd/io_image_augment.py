"""The image augmenters of MXNet 1.9.1's C++ record iterators (package-private).

``DefaultAugmenter`` follows ``aug_default`` (src/io/image_aug_default.cc) and
``DetectionAugmenter`` ``det_aug_default`` (image_det_aug_default.cc: crop samplers, pad, colour).
Images are (H, W, C) uint8 numpy arrays in RGB(A) order (MXNet works on OpenCV's BGR(A) and
swaps at the end; the colour operations here are adjusted to give its results). Resizing is ``cv::resize``
bit for bit (mxnd's opencv_resize); ``warpAffine`` (rotation, shear, random scale and aspect ratio,
``min_img_size`` / ``max_img_size``) follows OpenCV's fixed-point sampling tables. Random draws come from a numpy
``Generator`` per image, not MXNet's ``std::mt19937`` streams: random augmentations have MXNet's
parameter semantics but not its exact values.

>>> import numpy as np
>>> aug = DefaultAugmenter({'data_shape': (3, 2, 2), 'resize': 3})
>>> aug(np.arange(48, dtype=np.uint8).reshape(4, 4, 3), np.random.default_rng(0)).shape
(2, 2, 3)
"""
from __future__ import annotations

import functools
import math

import numpy as np
import torch

from .errors import MXNetError
from .ndarray.ops.opencv_resize import _cubic_coefficients, _lanczos4_coefficients, opencv_resize
from .params import parse_bool, parse_float, parse_float32_tuple, parse_int, parse_shape

__all__ = ["DefaultAugmenter", "DetectionAugmenter", "parse_data_shape", "resize"]

_F32 = np.float32
_NEAREST, _LINEAR, _CUBIC, _AREA, _LANCZOS4 = range(5)
_AUTO, _RANDOM = 9, 10
_AB_BITS, _INTER_BITS = 10, 5  # warpAffine's fixed point: AB_BITS and INTER_BITS
_INTER_TAB = 1 << _INTER_BITS


def parse_data_shape(value, name="data_shape"):
    """A (channels, height, width) shape, with dmlc's messages for a wrong one."""
    shape = parse_shape(value)
    text = "[" + ",".join(str(v) for v in shape) + "]"
    if len(shape) != 3:
        raise MXNetError(f"value {text}for Parameter {name} has wrong dimensions, expected dimension=3")
    if min(shape) <= 0:
        raise MXNetError(f"value {text}for Parameter {name} is invalid, the input shape must be nonzero "
                         "in all dimensions")
    return shape


def _check(condition, message):
    if not condition:
        raise MXNetError(message)


def _method(inter_method, old_w, old_h, new_w, new_h, rng):
    """GetInterMethod: 9 picks cubic to enlarge, area to shrink, else bilinear; 10 a random one."""
    if inter_method == _AUTO:
        if new_w > old_w and new_h > old_h:
            return _CUBIC
        return _AREA if new_w < old_w and new_h < old_h else _LINEAR
    if inter_method == _RANDOM:
        return int(rng.integers(0, 5))
    return inter_method


def resize(image, width, height, method):
    """``cv::resize(image, Size(width, height), 0, 0, method)`` of an (H, W, C) uint8 image."""
    if image.shape[0] == height and image.shape[1] == width:
        return image
    if not image.flags.writeable:  # Pillow's decoded arrays are read-only; torch wants writable ones
        image = image.copy()
    return opencv_resize(torch.from_numpy(image), height, width, method).numpy()


def _fill(image, value):
    """cv::Scalar(value, value, value) for the image's channels (a 4th channel gets 0)."""
    return np.array([value, value, value, 0][:image.shape[2]], dtype=np.int64).clip(0, 255).astype(np.uint8)


def pad_constant(image, top, bottom, left, right, value):
    """``cv::copyMakeBorder`` with BORDER_CONSTANT ``value``."""
    height, width, channels = image.shape
    out = np.empty((height + top + bottom, width + left + right, channels), np.uint8)
    out[...] = _fill(image, value)
    out[top:top + height, left:left + width] = image
    return out


def _inverse_affine(matrix):
    """warpAffine's inversion of the 2x3 ``matrix`` (in double, as OpenCV)."""
    m = [float(v) for v in matrix]
    det = m[0] * m[4] - m[1] * m[3]
    det = 1.0 / det if det != 0 else 0.0
    a11, a22 = m[4] * det, m[0] * det
    m[0], m[1], m[3], m[4] = a11, m[1] * -det, m[3] * -det, a22
    b1, b2 = -m[0] * m[2] - m[1] * m[5], -m[3] * m[2] - m[4] * m[5]
    m[2], m[5] = b1, b2
    return m


def _kernel_1d(method, x):
    """OpenCV's float32 interpolation coefficients at fraction ``x`` (interpolateLinear / Cubic /
    Lanczos4)."""
    if method == _CUBIC:
        return _cubic_coefficients(x)
    if method == _LANCZOS4:
        return _lanczos4_coefficients(x)
    return [_F32(1) - x, x]


@functools.lru_cache(maxsize=4)
def remap_table(method):
    """initInterTab2D: the (32 * 32, k * k) int16 weights (sum 32768) of every sub-pixel
    position, k = 2, 4 or 8 taps per side for bilinear, bicubic and Lanczos4."""
    step = _F32(1) / _F32(_INTER_TAB)
    one_d = [np.array(_kernel_1d(method, _F32(i) * step), dtype=_F32) for i in range(_INTER_TAB)]
    ksize = len(one_d[0])
    table = np.empty((_INTER_TAB * _INTER_TAB, ksize * ksize), np.int64)
    for i in range(_INTER_TAB):
        for j in range(_INTER_TAB):
            weights = np.rint(np.outer(one_d[i], one_d[j]).astype(_F32) * _F32(32768)).astype(np.int64).ravel()
            diff = int(weights.sum()) - 32768
            if diff:  # put the rounding error on the smallest / largest of the centre taps
                centre = ksize // 2
                low = high = centre * ksize + centre
                for k1 in (centre, centre + 1):
                    for k2 in (centre, centre + 1):
                        k = k1 * ksize + k2
                        if weights[k] < weights[low]:
                            low = k
                        elif weights[k] > weights[high]:
                            high = k
                weights[high if diff < 0 else low] -= diff
            table[i * _INTER_TAB + j] = weights
    return table


def warp_affine(image, matrix, width, height, method, value):
    """``cv::warpAffine(image, matrix, Size(width, height), method, BORDER_CONSTANT, value)``:
    OpenCV's fixed-point source coordinates, then nearest or 15-bit weighted sampling."""
    m = _inverse_affine(matrix)
    scale = 1 << _AB_BITS
    nearest = method == _NEAREST
    rounding = scale // 2 if nearest else scale // _INTER_TAB // 2
    xs, ys = np.arange(width, dtype=np.float64), np.arange(height, dtype=np.float64)
    col_x, col_y = np.rint(m[0] * xs * scale).astype(np.int64), np.rint(m[3] * xs * scale).astype(np.int64)
    row_x = np.rint((m[1] * ys + m[2]) * scale).astype(np.int64) + rounding
    row_y = np.rint((m[4] * ys + m[5]) * scale).astype(np.int64) + rounding
    x, y = row_x[:, None] + col_x[None, :], row_y[:, None] + col_y[None, :]
    src_h, src_w, channels = image.shape
    border = _fill(image, value)

    def tap(sy, sx):
        inside = (sx >= 0) & (sx < src_w) & (sy >= 0) & (sy < src_h)
        return np.where(inside[..., None], image[sy.clip(0, src_h - 1), sx.clip(0, src_w - 1)], border)

    if nearest:
        return tap(y >> _AB_BITS, x >> _AB_BITS)
    x, y = x >> (_AB_BITS - _INTER_BITS), y >> (_AB_BITS - _INTER_BITS)
    weights = remap_table(_LINEAR if method == _AREA else method)[
        (y & (_INTER_TAB - 1)) * _INTER_TAB + (x & (_INTER_TAB - 1))]
    ksize = int(round(math.sqrt(weights.shape[-1])))
    first_x, first_y = (x >> _INTER_BITS) - (ksize // 2 - 1), (y >> _INTER_BITS) - (ksize // 2 - 1)
    total = np.zeros((height, width, channels), np.int64)
    for i in range(ksize):
        for j in range(ksize):
            total += tap(first_y + i, first_x + j) * weights[..., i * ksize + j, None]
    return ((total + (1 << 14)) >> 15).clip(0, 255).astype(np.uint8)


def _convert(image, alpha, beta=0.0):
    """``Mat::convertTo(image, -1, alpha, beta)``: round to nearest even, saturate."""
    return np.rint(image.astype(np.float64) * alpha + beta).clip(0, 255).astype(np.uint8)


def _gray_as_mxnet(image):
    """MXNet's cvtColor(RGB2GRAY) of its BGR image: B weighs 0.299 and R 0.114 (14-bit weights)."""
    weights = np.array([1868, 9617, 4899], dtype=np.int64)  # for R, G, B
    return ((image[..., :3].astype(np.int64) @ weights + (1 << 13)) >> 14).astype(np.uint8)


# c_HlsSectorData of OpenCV's HLS2RGB: which of (p2, p1, falling, rising) is (b, g, r) per sector
_HLS_SECTORS = np.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])


def _hls_shift(image, hue, light, sat):
    """OpenCV's 8-bit ``cvtColor(BGR2HLS)``, the shifts added with clamping (H to [0, 180], L and S
    to [0, 255]), then ``cvtColor(HLS2BGR)``: RGB2HLS_b / HLS2RGB_b's float32 arithmetic, the same
    uint8 results as MXNet's aug_default and det_aug_default. A 4th (alpha) channel is kept."""
    rgb = image[..., :3].astype(_F32) * _F32(1.0 / 255.0)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    vmax, vmin = np.maximum(np.maximum(r, g), b), np.minimum(np.minimum(r, g), b)
    diff = vmax - vmin
    lum = (vmax + vmin) * _F32(0.5)
    colourful = diff > np.finfo(_F32).eps
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(lum < _F32(0.5), diff / (vmax + vmin), diff / (_F32(2) - vmax - vmin))
        step = _F32(60) / diff
        h = np.where(vmax == r, (g - b) * step,
                     np.where(vmax == g, (b - r) * step + _F32(120), (r - g) * step + _F32(240)))
    h = np.where(h < 0, h + _F32(360), h)
    h, s = np.where(colourful, h, _F32(0)), np.where(colourful, s, _F32(0))
    h8 = (np.rint(h * _F32(0.5)).clip(0, 255) + hue).clip(0, 180).astype(_F32)
    l8 = (np.rint(lum * _F32(255)).clip(0, 255) + light).clip(0, 255).astype(_F32)
    s8 = (np.rint(s * _F32(255)).clip(0, 255) + sat).clip(0, 255).astype(_F32)
    lum, s = l8 * _F32(1.0 / 255.0), s8 * _F32(1.0 / 255.0)
    p2 = np.where(lum <= _F32(0.5), lum * (_F32(1) + s), lum + s - lum * s)
    p1 = _F32(2) * lum - p2
    h = h8 * (_F32(6) / _F32(180))
    h = np.where(h >= _F32(6), h - _F32(6), h)  # h8 <= 180: at most one turn
    sector = np.floor(h).astype(np.int64)
    h = h - sector.astype(_F32)
    table = np.stack([p2, p1, p1 + (p2 - p1) * (_F32(1) - h), p1 + (p2 - p1) * h], -1)
    bgr = np.take_along_axis(table, _HLS_SECTORS[sector], -1)
    bgr = np.where((s == 0)[..., None], lum[..., None], bgr)
    out = image.copy()
    out[..., :3] = np.rint(bgr[..., ::-1] * _F32(255)).clip(0, 255).astype(np.uint8)
    return out


# eigenvalue * eigenvector rows of ImageNet's RGB covariance (image_aug_default.cc)
_PCA = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                 [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                 [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]], dtype=np.float32)


class DefaultAugmenter:
    """``aug_default``: resize the shorter side, affine warp, pad, crop (random-resized, sized or
    centre / random), colour jitter, HSL shift and PCA noise, in MXNet's order."""

    PARAMS = {"resize": (parse_int, -1), "rand_crop": (parse_bool, False),
              "random_resized_crop": (parse_bool, False), "max_rotate_angle": (parse_int, 0),
              "max_aspect_ratio": (parse_float, 0.0), "min_aspect_ratio": (parse_float, None),
              "max_shear_ratio": (parse_float, 0.0), "max_crop_size": (parse_int, -1),
              "min_crop_size": (parse_int, -1), "max_random_scale": (parse_float, 1.0),
              "min_random_scale": (parse_float, 1.0), "max_random_area": (parse_float, 1.0),
              "min_random_area": (parse_float, 1.0), "max_img_size": (parse_float, 1e10),
              "min_img_size": (parse_float, 0.0), "brightness": (parse_float, 0.0),
              "contrast": (parse_float, 0.0), "saturation": (parse_float, 0.0),
              "pca_noise": (parse_float, 0.0), "random_h": (parse_int, 0), "random_s": (parse_int, 0),
              "random_l": (parse_int, 0), "rotate": (parse_int, -1), "fill_value": (parse_int, 255),
              "inter_method": (parse_int, 1), "pad": (parse_int, 0)}

    def __init__(self, kwargs):
        for name, (parse, default) in self.PARAMS.items():
            value = kwargs.get(name)
            setattr(self, name, default if value is None else parse(value))
        self.data_shape = parse_data_shape(kwargs["data_shape"])
        self.rotate_list = [int(v) for v in str(kwargs.get("rotate_list", "")).split(",") if v.strip()]
        for name in ("max_img_size", "min_img_size", "max_random_scale", "min_random_scale"):
            setattr(self, name, float(_F32(getattr(self, name))))
        if self.min_aspect_ratio is None:
            self.aspect_range = (1 - self.max_aspect_ratio, 1 + self.max_aspect_ratio)
        else:
            self.aspect_range = (self.min_aspect_ratio, self.max_aspect_ratio)

    def __call__(self, image, rng):
        image = self._resize_shorter(image, rng)
        if self._wants_affine():
            image = self._affine(image, rng)
        if self.pad > 0:
            image = pad_constant(image, self.pad, self.pad, self.pad, self.pad, self.fill_value)
        image = self._crop(image, rng)
        if self.brightness > 0 or self.contrast > 0 or self.saturation > 0:
            image = self._color_jitter(image, rng)
        if self.random_h or self.random_s or self.random_l:
            shifts = [int(((rng.uniform() + 4 * rng.uniform()) / 5) * size * 2 - size)
                      for size in (self.random_h, self.random_s, self.random_l)]
            image = _hls_shift(image, shifts[0], shifts[2], shifts[1])
        if self.pca_noise > 0:
            alphas = rng.normal(0, self.pca_noise, 3).astype(np.float32)
            noise = _PCA @ alphas  # R, G, B
            shifted = image[..., :3].astype(np.float32) + noise
            image = image.copy()
            image[..., :3] = np.trunc(shifted).clip(0, 255).astype(np.uint8)
        return image

    def _resize_shorter(self, image, rng):
        if self.resize == -1:
            return image
        rows, cols = image.shape[:2]
        if rows > cols:
            height, width = self.resize * rows // cols, self.resize
        else:
            height, width = self.resize, self.resize * cols // rows
        _check(0 <= self.inter_method <= 4 or 9 <= self.inter_method <= 10,
               "invalid inter_method: valid value 0,1,2,3,9,10")
        return resize(image, width, height, _method(self.inter_method, cols, rows, width, height, rng))

    def _wants_affine(self):
        aspect = not self.random_resized_crop and self.aspect_range != (1.0, 1.0)
        return (self.max_rotate_angle > 0 or self.max_shear_ratio > 0 or self.rotate > 0
                or bool(self.rotate_list) or self.max_random_scale != 1 or self.min_random_scale != 1
                or aspect or self.max_img_size != float(_F32(1e10)) or self.min_img_size != 0)

    def _affine(self, image, rng):
        shear = _F32(rng.uniform() * self.max_shear_ratio * 2 - self.max_shear_ratio)
        angle = int(rng.integers(-self.max_rotate_angle, self.max_rotate_angle + 1))
        if self.rotate > 0:
            angle = self.rotate
        if self.rotate_list:
            angle = self.rotate_list[rng.integers(len(self.rotate_list))]
        a, b = _F32(math.cos(angle / 180.0 * math.pi)), _F32(math.sin(angle / 180.0 * math.pi))
        scale = ratio = _F32(1)
        if not self.random_resized_crop:
            scale = _F32(rng.uniform() * (self.max_random_scale - self.min_random_scale) + self.min_random_scale)
            low, high = self.aspect_range
            ratio = _F32(rng.uniform() * (high - low) + low)
        hs = _F32(2) * scale / (_F32(1) + ratio)
        ws = ratio * hs
        rows, cols = image.shape[:2]
        new_width = max(_F32(self.min_img_size), min(_F32(self.max_img_size), scale * _F32(cols)))
        new_height = max(_F32(self.min_img_size), min(_F32(self.max_img_size), scale * _F32(rows)))
        m00, m10 = hs * a - shear * b * ws, -b * ws
        m01, m11 = hs * b + shear * a * ws, a * ws
        m02 = (new_width - (m00 * _F32(cols) + m01 * _F32(rows))) / _F32(2)
        m12 = (new_height - (m10 * _F32(cols) + m11 * _F32(rows))) / _F32(2)
        _check(1 <= self.inter_method <= 4 or 9 <= self.inter_method <= 10,
               "invalid inter_method: valid value 0,1,2,3,9,10")
        method = _method(self.inter_method, cols, rows, new_width, new_height, rng)
        return warp_affine(image, (m00, m01, m02, m10, m11, m12), int(new_width), int(new_height),
                           method, self.fill_value)

    def _crop(self, image, rng):
        height, width = self.data_shape[1], self.data_shape[2]
        if self.random_resized_crop:
            _check(self.min_random_scale == 1 and self.max_random_scale == 1 and self.min_crop_size == -1
                   and self.max_crop_size == -1 and not self.rand_crop,
                   "Setting random_resized_crop to true conflicts with min_random_scale, max_random_scale, "
                   "min_crop_size, max_crop_size, and rand_crop.")
            cropped = self._random_resized_crop(image, rng)
            if cropped is not None:
                return cropped
        elif self.max_crop_size != -1 or self.min_crop_size != -1:
            rows, cols = image.shape[:2]
            _check(cols >= self.max_crop_size and rows >= self.max_crop_size
                   and self.max_crop_size >= self.min_crop_size, "input image size smaller than max_crop_size")
            size = int(rng.integers(self.min_crop_size, self.max_crop_size + 1))
            y, x = self._corner(rows - size, cols - size, rng)
            method = _method(self.inter_method, size, size, width, height, rng)
            return resize(image[y:y + size, x:x + size], width, height, method)
        return self._center_crop(image, rng)

    def _random_resized_crop(self, image, rng):
        low, high = self.aspect_range
        if (self.max_random_area, self.min_random_area, low, high) == (1, 1, 1, 1):
            return None
        _check(low > 0 and self.min_random_area <= self.max_random_area and low <= high,
               "random_resized_crop: need 0 < min_aspect_ratio <= max_aspect_ratio and "
               "min_random_area <= max_random_area")
        rows, cols = image.shape[:2]
        for _ in range(10):
            target = rows * cols * rng.uniform(self.min_random_area, self.max_random_area)
            ratio = rng.uniform(low, high)
            crop_h, crop_w = int(round(math.sqrt(target / ratio))), int(round(math.sqrt(target * ratio)))
            if rng.uniform() > 0.5:
                crop_h, crop_w = crop_w, crop_h
            if crop_h <= rows and crop_w <= cols:
                y, x = rng.integers(0, rows - crop_h + 1), rng.integers(0, cols - crop_w + 1)
                height, width = self.data_shape[1], self.data_shape[2]
                method = _method(self.inter_method, crop_w, crop_h, width, height, rng)
                return resize(image[y:y + crop_h, x:x + crop_w], width, height, method)
        return None

    def _corner(self, spare_rows, spare_cols, rng):
        if self.rand_crop:
            return int(rng.integers(0, spare_rows + 1)), int(rng.integers(0, spare_cols + 1))
        return spare_rows // 2, spare_cols // 2

    def _center_crop(self, image, rng):
        height, width = self.data_shape[1], self.data_shape[2]
        rows, cols = image.shape[:2]
        method = _method(self.inter_method, cols, rows, width, height, rng)
        if rows < height:
            image = resize(image, int(_F32(height) / _F32(rows) * _F32(cols)), height, method)
        rows, cols = image.shape[:2]
        if cols < width:
            image = resize(image, width, int(_F32(width) / _F32(cols) * _F32(rows)), method)
        rows, cols = image.shape[:2]
        _check(rows >= height and cols >= width, "input image size smaller than input shape")
        y, x = self._corner(rows - height, cols - width, rng)
        return image[y:y + height, x:x + width]

    def _color_jitter(self, image, rng):
        alphas = [1.0 + rng.uniform(-size, size) if size > 0 else 1.0
                  for size in (self.brightness, self.contrast, self.saturation)]
        for step in rng.permutation(3):
            alpha = float(_F32(alphas[step]))
            if step == 0:
                image = _convert(image, alpha)
            elif step == 1:
                gray_mean = float(_gray_as_mxnet(image).mean())
                image = _convert(image, alpha, (1 - alpha) * gray_mean)
            else:
                gray = _gray_as_mxnet(image)[..., None].astype(np.float64)
                image = np.rint(image * alpha + gray * (1 - alpha)).clip(0, 255).astype(np.uint8)
        return image


# ----- detection (det_aug_default) ---------------------------------------------------------------

def _text(value):
    """A number as MXNet's CHECK messages print it (C++ ostream, 6 significant digits)."""
    return str(value) if isinstance(value, (int, np.integer)) else format(float(value), "g")


def _check_op(left_name, op, right_name, left, right, note=""):
    """dmlc's CHECK_GE / CHECK_GT / CHECK_LE / CHECK_EQ with its message."""
    ok = {">=": left >= right, ">": left > right, "<=": left <= right, "==": left == right}[op]
    if not ok:
        raise MXNetError(f"Check failed: {left_name} {op} {right_name} ({_text(left)} vs. {_text(right)}) : {note}"
                         .rstrip(": ").rstrip())


def _read(kwargs, name, parse, default, kind):
    """``kwargs[name]`` through ``parse``, with dmlc's message for a value it cannot read."""
    value = kwargs.get(name)
    if value is None:
        return default
    try:
        return parse(value)
    except (MXNetError, ValueError, TypeError):
        raise MXNetError(f"Invalid Parameter format for {name} expect {kind} but value='{value}'") from None


def _read_int_tuple(value):
    shape = parse_shape(value)
    return tuple(int(v) for v in shape)


def _uniform(rng, low, high):
    """``std::uniform_real_distribution<float>(low, high)``: ``(high - low) * u + low`` in float."""
    low, high = _F32(low), _F32(high)
    return _F32((high - low) * _F32(rng.uniform()) + low)


# (name, default) of every crop sampler parameter, in MXNet's validation order
_SAMPLER_FLOATS = (("min_crop_scales", 0.0), ("max_crop_scales", 1.0), ("min_crop_aspect_ratios", 1.0),
                   ("max_crop_aspect_ratios", 1.0), ("min_crop_overlaps", 0.0), ("max_crop_overlaps", 1.0),
                   ("min_crop_sample_coverages", 0.0), ("max_crop_sample_coverages", 1.0),
                   ("min_crop_object_coverages", 0.0), ("max_crop_object_coverages", 1.0))


class _Boxes:
    """ImageDetLabel: the header and the valid objects (x1 > x0 and y1 > y0; others are dropped as
    MXNet drops them) of a ``[header_width, object_width, ..., (id, x0, y0, x1, y1, extra...) x N]``
    label, as float32."""

    def __init__(self, label):
        label = np.asarray(label, dtype=_F32)
        header, width = int(label[0]), int(label[1])
        self.header = label[:header]
        objects = label[header:].reshape(-1, width)
        self.objects = objects[(objects[:, 3] > objects[:, 1]) & (objects[:, 4] > objects[:, 2])].copy()

    def to_array(self):
        return np.concatenate([self.header, self.objects.ravel()]).astype(_F32)

    def mirror(self):
        left = self.objects[:, 1].copy()
        self.objects[:, 1] = _F32(1) - self.objects[:, 3]
        self.objects[:, 3] = _F32(1) - left

    @staticmethod
    def project(objects, x, y, width, height):
        """ImageDetObject::Project onto the region (x, y, width, height): clamped to [0, 1]."""
        out = objects.copy()
        zero, one = _F32(0), _F32(1)
        out[:, 1] = np.maximum(zero, (objects[:, 1] - x) / width)
        out[:, 2] = np.maximum(zero, (objects[:, 2] - y) / height)
        out[:, 3] = np.minimum(one, (objects[:, 3] - x) / width)
        out[:, 4] = np.minimum(one, (objects[:, 4] - y) / height)
        return out

    def intersection(self, x, y, width, height):
        """cv::Rect_<float> ``crop & gt`` areas and the gt areas, per object (float32)."""
        left, top = self.objects[:, 1], self.objects[:, 2]
        gt_w, gt_h = self.objects[:, 3] - left, self.objects[:, 4] - top
        x1, y1 = np.maximum(x, left), np.maximum(y, top)
        w = np.minimum(x + width, left + gt_w) - x1
        h = np.minimum(y + height, top + gt_h) - y1
        area = np.where((w > 0) & (h > 0), w * h, _F32(0)).astype(_F32)
        return area, (gt_w * gt_h).astype(_F32)

    def try_crop(self, box, sampler, emit_mode, emit_thresh):
        """ImageDetLabel::TryCrop: False when no object meets the sampler's constraints or none
        would be emitted; else keep the emitted objects, projected onto the crop box."""
        if len(self.objects) == 0:
            return True
        x, y, width, height = box
        lo_iou, hi_iou, lo_sample, hi_sample, lo_object, hi_object = sampler
        inter, gt_area = self.intersection(x, y, width, height)
        crop_area = _F32(width * height)
        ok = np.ones(len(self.objects), dtype=bool)
        with np.errstate(divide="ignore", invalid="ignore"):
            if lo_iou > 0 or hi_iou < 1:
                union = (crop_area + gt_area - inter).astype(_F32)
                iou = np.where(inter > 0, inter / union, _F32(0))
                ok &= (iou >= lo_iou) & (iou <= hi_iou)
            if lo_sample > 0 or hi_sample < 1:
                coverage = inter / crop_area
                ok &= (coverage >= lo_sample) & (coverage <= hi_sample)
            if lo_object > 0 or hi_object < 1:
                coverage = inter / gt_area
                ok &= (coverage >= lo_object) & (coverage <= hi_object)
            if not ok.any():
                return False
            if emit_mode == "center":
                cx = (self.objects[:, 1] + self.objects[:, 3]) * _F32(0.5)
                cy = (self.objects[:, 2] + self.objects[:, 4]) * _F32(0.5)
                keep = (x <= cx) & (cx < _F32(x + width)) & (y <= cy) & (cy < _F32(y + height))
            else:
                keep = inter / gt_area > emit_thresh
        if not keep.any():
            return False
        self.objects = self.project(self.objects[keep], x, y, width, height)
        return True


class DetectionAugmenter:
    """``det_aug_default``, in MXNet's order: optional shorter-side resize; colour jitter (hue,
    saturation and illumination shifts in OpenCV's HLS space, then contrast scaling); random mirror;
    random pad (``rand_pad_prob``, up to ``max_pad_scale`` with ``fill_value``); random crop (one of
    ``num_crop_sampler`` samplers picked at random, up to ``max_crop_trials`` boxes each, checked
    against the IOU / coverage ranges, objects emitted by ``crop_emit_mode``); then ``resize_mode``
    'force' (to data_shape), 'shrink' (only if larger, keeping the aspect) or 'fit' (keeping the
    aspect). Boxes follow every step; objects with x1 <= x0 or y1 <= y0 are dropped."""

    MODES = ("force", "shrink", "fit")
    EMIT_MODES = ("center", "overlap")

    def __init__(self, kwargs):
        def number(name, default, kind="float"):
            parse = parse_int if kind == "int" else parse_float
            value = _read(kwargs, name, parse, default, kind)
            return value if kind == "int" else float(_F32(value))

        self.resize = number("resize", -1, "int")
        self.crop_prob = number("rand_crop_prob", 0.0)
        samplers = {name: _read(kwargs, name, parse_float32_tuple, (default,), "tuple of <float>")
                    for name, default in _SAMPLER_FLOATS}
        self.num_samplers = number("num_crop_sampler", 1, "int")
        self.emit_mode = str(kwargs.get("crop_emit_mode", "center"))
        _check(self.emit_mode in self.EMIT_MODES,
               f"Invalid Input: '{self.emit_mode}', valid values are: {{'center', 'overlap'}}")
        self.emit_thresh = number("emit_overlap_thresh", 0.3)
        samplers["max_crop_trials"] = _read(kwargs, "max_crop_trials", _read_int_tuple, (25,), "Shape(tuple)")
        self.pad_prob = number("rand_pad_prob", 0.0)
        self.max_pad_scale = number("max_pad_scale", 1.0)
        self.max_hue = number("max_random_hue", 0, "int")
        self.hue_prob = number("random_hue_prob", 0.0)
        self.max_saturation = number("max_random_saturation", 0, "int")
        self.saturation_prob = number("random_saturation_prob", 0.0)
        self.max_illumination = number("max_random_illumination", 0, "int")
        self.illumination_prob = number("random_illumination_prob", 0.0)
        self.max_contrast = number("max_random_contrast", 0.0)
        self.contrast_prob = number("random_contrast_prob", 0.0)
        self.mirror_prob = number("rand_mirror_prob", 0.0)
        self.fill_value = number("fill_value", 127, "int")
        self.inter_method = number("inter_method", 1, "int")
        self.data_shape = parse_data_shape(kwargs["data_shape"])
        self.resize_mode = str(kwargs.get("resize_mode", "force"))
        _check(self.resize_mode in self.MODES,
               f"Invalid Input: '{self.resize_mode}', valid values are: {{'fit', 'force', 'shrink'}}")
        _check(0 <= self.inter_method <= 4 or 9 <= self.inter_method <= 10,
               "Check failed: (param_.inter_method >= 0 && param_.inter_method <= 4) || "
               "(param_.inter_method >= 9 && param_.inter_method <= 10): invalid inter_method: "
               "valid value 0,1,2,3,9,10")
        self.samplers = self._validate_samplers(samplers, self.num_samplers)
        _check_op("param_.emit_overlap_thresh", ">=", "0.0f", _F32(self.emit_thresh), _F32(0))

    @staticmethod
    def _validate_samplers(params, count):
        """ValidateCropParameters (one value is repeated for every sampler) and the range checks;
        returns one tuple of parameters per sampler."""
        for name, values in params.items():
            if count == 1:
                _check_op("param->ndim()", "==", "1", len(values), 1)
            elif count > 1:
                if len(values) == 1:
                    params[name] = values * count
                else:
                    _check_op("param->ndim()", "==", "num_sampler", len(values), count,
                              "# of parameters/crop_samplers mismatch ")
        checks = (("min_crop_scales", ">=", None, 0.0), ("max_crop_scales", "<=", None, 1.0),
                  ("max_crop_scales", ">", "min_crop_scales", None),
                  ("min_crop_aspect_ratios", ">=", None, 0.0),
                  ("max_crop_aspect_ratios", ">=", "min_crop_aspect_ratios", None),
                  ("max_crop_overlaps", ">=", "min_crop_overlaps", None),
                  ("max_crop_sample_coverages", ">=", "min_crop_sample_coverages", None),
                  ("max_crop_object_coverages", ">=", "min_crop_object_coverages", None))
        samplers = []
        for i in range(max(count, 0)):
            for left, op, right, constant in checks:
                if right is None:
                    _check_op(f"param_.{left}[i]", op, f"{constant}f", _F32(params[left][i]), _F32(constant))
                else:
                    _check_op(f"param_.{left}[i]", op, f"param_.{right}[i]", _F32(params[left][i]),
                              _F32(params[right][i]))
            samplers.append({name: (int(values[i]) if name == "max_crop_trials" else _F32(values[i]))
                             for name, values in params.items()})
        return samplers

    def __call__(self, image, label, rng):
        if self.resize != -1:
            image = DefaultAugmenter({"data_shape": self.data_shape, "resize": self.resize,
                                      "inter_method": self.inter_method})._resize_shorter(image, rng)
        boxes = _Boxes(label)
        if self.hue_prob > 0 or self.saturation_prob > 0 or self.illumination_prob > 0 or self.contrast_prob > 0:
            image = self._colour(image, rng)
        if self.mirror_prob > 0 and rng.uniform() < self.mirror_prob:
            image = image[:, ::-1]
            boxes.mirror()
        if self.pad_prob > 0 and self.max_pad_scale > 1 and rng.uniform() < self.pad_prob:
            image = self._pad(image, boxes, rng)
        if self.crop_prob > 0 and self.num_samplers > 0 and rng.uniform() < self.crop_prob:
            image = self._crop(image, boxes, rng)
        return self._resize(np.ascontiguousarray(image), rng), boxes.to_array()

    def _colour(self, image, rng):
        """Shifts of H, S, L (truncated to ints) and a contrast factor, each kept with its
        probability; HLS is OpenCV's 8-bit space (H in [0, 180])."""
        shifts = [_F32(_F32(2) * _F32(rng.uniform()) - _F32(1)) * _F32(size)
                  for size in (self.max_hue, self.max_saturation, self.max_illumination, self.max_contrast)]
        hue, sat, light = (int(v) for v in shifts[:3])
        contrast = shifts[3]
        keep = [_F32(rng.uniform()) < _F32(p) for p in (self.hue_prob, self.saturation_prob,
                                                        self.illumination_prob, self.contrast_prob)]
        hue, sat, light = hue if keep[0] else 0, sat if keep[1] else 0, light if keep[2] else 0
        contrast = contrast if keep[3] else _F32(0)
        if hue or sat or light:
            if image.shape[2] not in (3, 4):
                raise MXNetError("OpenCV: (-215:Assertion failed) VScn::contains(scn) && VDcn::contains(dcn) && "
                                 "VDepth::contains(depth) in function 'CvtHelper': cvtColor(BGR2HLS) of a "
                                 f"{image.shape[2]}-channel image (random hue, saturation or illumination "
                                 "needs colour images)")
            image = _hls_shift(image, hue, light, sat)
        if abs(float(contrast)) > 1e-3:
            alpha = _F32(contrast + _F32(1))
            image = np.rint(image.astype(_F32) * alpha).clip(0, 255).astype(np.uint8)
        return image

    def _pad(self, image, boxes, rng):
        """GeneratePadBox: a square region of ``scale`` in [1, max_pad_scale) times the image
        (none below 1.05) with the image at a random offset; boxes shrink into it."""
        scale = _uniform(rng, 1.0, self.max_pad_scale)
        if scale < _F32(1.05):
            return image
        x0 = _uniform(rng, 0.0, scale - _F32(1))
        y0 = _uniform(rng, 0.0, scale - _F32(1))
        boxes.objects = boxes.project(boxes.objects, -x0, -y0, scale, scale)
        rows, cols = _F32(image.shape[0]), _F32(image.shape[1])
        left, top = int(x0 * cols), int(y0 * rows)
        right = int(_F32(_F32(scale - x0) - _F32(1)) * cols)
        bottom = int(_F32(_F32(scale - y0) - _F32(1)) * rows)
        return pad_constant(image, top, bottom, left, right, self.fill_value)

    @staticmethod
    def _crop_box(sampler, image_aspect, rng):
        """GenerateCropBox: (x, y, width, height) in [0, 1] coordinates, float32."""
        scale = _uniform(rng, sampler["min_crop_scales"], sampler["max_crop_scales"]) + _F32(1e-12)
        square = _F32(scale * scale)
        low = max(_F32(sampler["min_crop_aspect_ratios"] / image_aspect), square)
        high = min(_F32(sampler["max_crop_aspect_ratios"] / image_aspect), _F32(1.0 / float(square)))
        ratio = np.sqrt(_uniform(rng, low, high))
        width, height = min(_F32(1), _F32(scale * ratio)), min(_F32(1), _F32(scale / ratio))
        x0 = _uniform(rng, 0.0, _F32(1) - width)
        y0 = _uniform(rng, 0.0, _F32(1) - height)
        return x0, y0, width, height

    def _crop(self, image, boxes, rng):
        """Try the samplers in a random order; the first box that one accepts within its
        max_crop_trials crops the image; none leaves it as it is."""
        rows, cols = image.shape[:2]
        aspect = _F32(_F32(cols) / _F32(rows))
        for index in rng.permutation(self.num_samplers):
            sampler = self.samplers[index]
            bounds = tuple(sampler[name] for name in (
                "min_crop_overlaps", "max_crop_overlaps", "min_crop_sample_coverages",
                "max_crop_sample_coverages", "min_crop_object_coverages", "max_crop_object_coverages"))
            for _ in range(sampler["max_crop_trials"]):
                box = self._crop_box(sampler, aspect, rng)
                if boxes.try_crop(box, bounds, self.emit_mode, _F32(self.emit_thresh)):
                    x0, y0, width, height = box
                    left, top = int(x0 * _F32(cols)), int(y0 * _F32(rows))
                    # MXNet's cv::resize fails on an empty crop: keep at least one pixel
                    width, height = max(1, int(width * _F32(cols))), max(1, int(height * _F32(rows)))
                    left, top = min(left, cols - width), min(top, rows - height)
                    return image[top:top + height, left:left + width]
        return image

    def _resize(self, image, rng):
        rows, cols = image.shape[:2]
        height, width = self.data_shape[1], self.data_shape[2]
        if self.resize_mode == "force":
            new_h, new_w = height, width
        elif self.resize_mode == "shrink" and rows <= height and cols <= width:
            return image
        else:
            ratio = min(_F32(height) / _F32(rows), _F32(width) / _F32(cols))
            new_h, new_w = int(ratio * _F32(rows)), int(ratio * _F32(cols))
        method = _method(self.inter_method, cols, rows, new_w, new_h, rng)
        return resize(image, new_w, new_h, method)
