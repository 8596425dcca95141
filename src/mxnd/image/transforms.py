"""Single-image functions of ``mx.image``: decode, resize, pad, crop and normalize (H, W, C) images.

They follow apache/mxnet v1.9.1 ``python/mxnet/image/image.py``: the OpenCV work is done by the
``_cv*`` operators (``mx.nd._internal``); the random crops draw from Python's ``random`` module
with the same calls in the same order as MXNet, so ``random.seed(s)`` gives MXNet's crops.

>>> import mxnd as mx
>>> image = mx.nd.arange(24, dtype='uint8').reshape((2, 4, 3))
>>> mx.image.center_crop(image, (2, 2))[1]
(1, 0, 2, 2)
"""
from __future__ import annotations

import random
import warnings

import numpy as np

from .. import ndarray as nd
from ..base import numeric_types
from ..ndarray import _internal

__all__ = ["imread", "imresize", "imdecode", "scale_down", "copyMakeBorder", "resize_short",
           "fixed_crop", "random_crop", "center_crop", "color_normalize", "random_size_crop"]

_INTERP_AUTO, _INTERP_RANDOM = 9, 10
_INTERP_NEAREST, _INTERP_LINEAR, _INTERP_CUBIC, _INTERP_AREA, _INTERP_LANCZOS = range(5)


def imread(filename, *args, **kwargs):
    """Read and decode the image file ``filename`` to an (H, W, 3) uint8 NDArray (RGB; ``flag=0``:
    (H, W, 1) gray; ``to_rgb=0``: BGR; ``out``: write into it). See ``_cvimread``."""
    return _internal._cvimread(filename, *args, **kwargs)


def imresize(src, w, h, *args, **kwargs):
    """Resize the (H, W, C) image ``src`` to width ``w`` and height ``h`` with OpenCV (``interp``:
    0 nearest, 1 bilinear (default), 2 bicubic, 3 area, 4 Lanczos).

    >>> import mxnd as mx
    >>> mx.image.imresize(mx.nd.ones((4, 6, 3), dtype='uint8'), 3, 2).shape
    (2, 3, 3)
    """
    return _internal._cvimresize(src, w, h, *args, **kwargs)


def imdecode(buf, *args, **kwargs):
    """Decode the encoded image ``buf`` (bytes, bytearray, numpy or uint8 NDArray) to an (H, W, 3)
    uint8 NDArray (``flag=0``: (H, W, 1) gray; ``to_rgb=0``: BGR; ``out``: write into it).

    >>> import io, numpy as np, mxnd as mx
    >>> from PIL import Image
    >>> png = io.BytesIO(); Image.fromarray(np.full((1, 2, 3), 9, np.uint8)).save(png, 'PNG')
    >>> mx.image.imdecode(png.getvalue()).asnumpy().tolist()
    [[[9, 9, 9], [9, 9, 9]]]
    """
    if not isinstance(buf, nd.NDArray):
        if not isinstance(buf, (bytes, bytearray, np.ndarray)):
            raise ValueError("buf must be of type bytes, bytearray or numpy.ndarray,"
                             "if you would like to input type str, please convert to bytes")
        buf = nd.array(np.frombuffer(buf, dtype=np.uint8), dtype=np.uint8)
    return _internal._cvimdecode(buf, *args, **kwargs)


def scale_down(src_size, size):
    """The crop ``size`` (w, h), shrunk keeping its aspect ratio to fit ``src_size`` (w, h).

    >>> scale_down((640, 480), (720, 120))
    (640, 106)
    """
    w, h = size
    src_w, src_h = src_size
    if src_h < h:
        w, h = float(w * src_h) / h, src_h
    if src_w < w:
        w, h = src_w, float(h * src_w) / w
    return int(w), int(h)


def copyMakeBorder(src, top, bot, left, right, *args, **kwargs):  # noqa: N802 - MXNet's name
    """Pad the (H, W, C) image ``src`` with OpenCV (``type``: 0 constant (``value``/``values``),
    1 reflect, 2 reflect-101, 3 replicate, 4 wrap).

    >>> import mxnd as mx
    >>> mx.image.copyMakeBorder(mx.nd.ones((2, 2, 3)), 1, 2, 3, 4, type=0).shape
    (5, 9, 3)
    """
    return _internal._cvcopyMakeBorder(src, top, bot, left, right, *args, **kwargs)


def _get_interp_method(interp, sizes=()):
    """The OpenCV interpolation (0-4) for ``interp``: 9 picks by ``sizes`` = (old_h, old_w, new_h,
    new_w) (bicubic to enlarge, area to shrink, else bilinear; bicubic without sizes), 10 draws one
    with ``random.randint(0, 4)``.

    >>> _get_interp_method(9, (4, 4, 2, 2))
    3
    """
    if interp == _INTERP_AUTO:
        if not sizes:
            return _INTERP_CUBIC
        assert len(sizes) == 4
        old_h, old_w, new_h, new_w = sizes
        if new_h > old_h and new_w > old_w:
            return _INTERP_CUBIC
        if new_h < old_h and new_w < old_w:
            return _INTERP_AREA
        return _INTERP_LINEAR
    if interp == _INTERP_RANDOM:
        return random.randint(_INTERP_NEAREST, _INTERP_LANCZOS)
    if interp not in (0, 1, 2, 3, 4):
        raise ValueError("Unknown interp method %d" % interp)
    return interp


def resize_short(src, size, interp=2):
    """Resize the (H, W, C) image ``src`` so that its shorter edge is ``size`` (the longer one
    scaled by integer division).

    >>> import mxnd as mx
    >>> mx.image.resize_short(mx.nd.ones((4, 6, 3), dtype='uint8'), 2).shape
    (2, 3, 3)
    """
    h, w, _ = src.shape
    if h > w:
        new_h, new_w = size * h // w, size
    else:
        new_h, new_w = size, size * w // h
    return imresize(src, new_w, new_h, interp=_get_interp_method(interp, (h, w, new_h, new_w)))


def fixed_crop(src, x0, y0, w, h, size=None, interp=2):
    """The ``w`` x ``h`` region of ``src`` at column ``x0``, row ``y0``, resized to ``size`` (w, h)
    when given and different.

    >>> import mxnd as mx
    >>> mx.image.fixed_crop(mx.nd.ones((4, 6, 3)), 1, 1, 3, 2).shape
    (2, 3, 3)
    """
    out = src[y0:y0 + h, x0:x0 + w]
    if size is not None and (w, h) != size:
        out = imresize(out, *size, interp=_get_interp_method(interp, (h, w, size[1], size[0])))
    return out


def _crop_at(src, size, interp, corner):
    """Crop the largest ``size``-shaped region that fits, at ``corner(free_w, free_h)``, resized
    to ``size``: ``(image, (x0, y0, w, h))``."""
    h, w, _ = src.shape
    new_w, new_h = scale_down((w, h), size)
    x0, y0 = corner(w - new_w, h - new_h)
    return fixed_crop(src, x0, y0, new_w, new_h, size, interp), (x0, y0, new_w, new_h)


def random_crop(src, size, interp=2):
    """A random crop of ``size`` (w, h) (scaled down to fit, then resized to ``size``), and its
    rectangle (x0, y0, w, h); x0 then y0 come from ``random.randint``.

    >>> import random, mxnd as mx
    >>> random.seed(0)
    >>> mx.image.random_crop(mx.nd.ones((4, 6, 3)), (2, 2))[1]
    (3, 1, 2, 2)
    """
    return _crop_at(src, size, interp, lambda free_w, free_h: (random.randint(0, free_w),
                                                               random.randint(0, free_h)))


def center_crop(src, size, interp=2):
    """The centred crop of ``size`` (w, h) (scaled down to fit, then resized to ``size``), and its
    rectangle (x0, y0, w, h).

    >>> import mxnd as mx
    >>> image, rect = mx.image.center_crop(mx.nd.ones((4, 6, 3)), (8, 2))
    >>> image.shape, rect
    ((2, 8, 3), (0, 1, 6, 1))
    """
    return _crop_at(src, size, interp, lambda free_w, free_h: (int(free_w / 2), int(free_h / 2)))


def color_normalize(src, mean, std=None):
    """``src - mean``, then ``/ std`` (either may be None), IN PLACE in ``src`` as MXNet does.

    >>> import mxnd as mx
    >>> image = mx.nd.array([[[3, 5, 7]]])
    >>> color_normalize(image, mx.nd.array([1, 1, 1]), mx.nd.array([2, 4, 3])).asnumpy().tolist()
    [[[1.0, 1.0, 2.0]]]
    """
    if mean is not None:
        src -= mean
    if std is not None:
        src /= std
    return src


def random_size_crop(src, size, area, ratio, interp=2, **kwargs):
    """A random crop with a random area fraction (``area``: (min, max) or min, with max 1) and
    aspect ratio (``ratio``: (min, max), drawn log-uniform), resized to ``size`` (w, h); after ten
    misses, ``center_crop``. Returns ``(image, (x0, y0, w, h))``. ``min_area`` is the deprecated
    name of ``area``.

    >>> import random, mxnd as mx
    >>> random.seed(3)
    >>> mx.image.random_size_crop(mx.nd.ones((8, 8, 3)), (4, 4), 0.25, (0.75, 1.33))[1]
    (2, 3, 5, 5)
    """
    h, w, _ = src.shape
    if "min_area" in kwargs:
        warnings.warn("`min_area` is deprecated. Please use `area` instead.", DeprecationWarning)
        area = kwargs.pop("min_area")
    assert not kwargs, "unexpected keyword arguments for `random_size_crop`."
    if isinstance(area, numeric_types):
        area = (area, 1.0)
    for _ in range(10):
        target_area = random.uniform(area[0], area[1]) * (h * w)
        new_ratio = np.exp(random.uniform(np.log(ratio[0]), np.log(ratio[1])))
        new_w = int(round(np.sqrt(target_area * new_ratio)))
        new_h = int(round(np.sqrt(target_area / new_ratio)))
        if new_w <= w and new_h <= h:
            x0 = random.randint(0, w - new_w)
            y0 = random.randint(0, h - new_h)
            return fixed_crop(src, x0, y0, new_w, new_h, size, interp), (x0, y0, new_w, new_h)
    return center_crop(src, size, interp)
