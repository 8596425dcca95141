"""The image augmenters of MXNet 1.9.1's C++ record iterators (package-private).

``DefaultAugmenter`` follows ``aug_default`` (src/io/image_aug_default.cc) and
``DetectionAugmenter`` the deterministic core of ``det_aug_default`` (image_det_aug_default.cc).
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
import warnings

import numpy as np
import torch

from .errors import MXNetError
from .ndarray.ops.opencv_resize import _cubic_coefficients, _lanczos4_coefficients, opencv_resize
from .params import parse_bool, parse_float, parse_float_tuple, parse_int, parse_shape

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


def _hls_shift(image, hue, light, sat):
    """RGB -> HLS (H in [0, 180)), add the shifts with clamping, and back (uint8, as OpenCV)."""
    from .ndarray.ops.image import _hls_to_rgb, _rgb_to_hls
    r, g, b = torch.from_numpy(image[..., :3].astype(np.float32)).unbind(-1)
    h, lum, s = _rgb_to_hls(r, g, b)
    h8 = torch.round(h * 0.5).clamp(0, 255) + hue
    l8 = torch.round(lum * 255).clamp(0, 255) + light
    s8 = torch.round(s * 255).clamp(0, 255) + sat
    h8, l8, s8 = h8.clamp(0, 180), l8.clamp(0, 255), s8.clamp(0, 255)
    r, g, b = _hls_to_rgb(h8 * 2.0, l8 / 255.0, s8 / 255.0)
    out = image.copy()
    out[..., :3] = torch.stack((r, g, b), -1).round().clamp(0, 255).to(torch.uint8).numpy()
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


class DetectionAugmenter:
    """``det_aug_default``'s deterministic path: optional shorter-side resize, random mirror
    (``rand_mirror_prob``, boxes flipped too), then ``resize_mode`` 'force' (to data_shape),
    'shrink' (only if larger, keeping the aspect) or 'fit' (keeping the aspect). The random crop,
    pad and colour options are not implemented: enabling one warns (docs/differences.md)."""

    MODES = ("force", "shrink", "fit")
    NOT_IMPLEMENTED = ("rand_crop_prob", "rand_pad_prob", "random_hue_prob", "random_saturation_prob",
                       "random_illumination_prob", "random_contrast_prob")

    def __init__(self, kwargs):
        self.resize = parse_int(kwargs.get("resize", -1))
        self.inter_method = parse_int(kwargs.get("inter_method", 1))
        self.mirror_prob = parse_float(kwargs.get("rand_mirror_prob", 0.0))
        self.data_shape = parse_data_shape(kwargs["data_shape"])
        self.resize_mode = str(kwargs.get("resize_mode", "force"))
        _check(self.resize_mode in self.MODES,
               f"Invalid Input: '{self.resize_mode}', valid values are: {{'fit', 'force', 'shrink'}}")
        for name in ("min_crop_scales", "max_crop_scales"):  # validated as MXNet does, then unused
            parse_float_tuple(kwargs.get(name, (0.0,)))
        enabled = [name for name in self.NOT_IMPLEMENTED if parse_float(kwargs.get(name, 0.0)) > 0]
        if enabled:
            warnings.warn(f"ImageDetRecordIter: mxnd does not implement {', '.join(enabled)}; "
                          "those augmentations are not applied")

    def __call__(self, image, label, rng):
        if self.resize != -1:
            image = DefaultAugmenter({"data_shape": self.data_shape, "resize": self.resize,
                                      "inter_method": self.inter_method})._resize_shorter(image, rng)
        if self.mirror_prob > 0 and rng.uniform() < self.mirror_prob:
            image, label = image[:, ::-1], _mirror_boxes(label)
        rows, cols = image.shape[:2]
        height, width = self.data_shape[1], self.data_shape[2]
        if self.resize_mode == "force":
            new_h, new_w = height, width
        elif self.resize_mode == "shrink" and rows <= height and cols <= width:
            return image, label
        else:
            ratio = min(_F32(height) / _F32(rows), _F32(width) / _F32(cols))
            new_h, new_w = int(ratio * _F32(rows)), int(ratio * _F32(cols))
        method = _method(self.inter_method, cols, rows, new_w, new_h, rng)
        return resize(np.ascontiguousarray(image), new_w, new_h, method), label


def _mirror_boxes(label):
    """The detection label with every box flipped horizontally (x -> 1 - x)."""
    label = label.copy()
    header, width = int(label[0]), int(label[1])
    boxes = label[header:].reshape(-1, width)
    left = boxes[:, 1].copy()
    boxes[:, 1], boxes[:, 3] = 1 - boxes[:, 3], 1 - left
    return label
