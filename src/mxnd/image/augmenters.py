"""``mx.image`` augmenters: callables that take an (H, W, C) image NDArray and return the augmented
image, and ``CreateAugmenter``, which lists the usual ones.

As in MXNet 1.9.1, the random ones draw from Python's ``random`` module (``LightingAug`` from
``numpy.random``) with the same calls in the same order, so the same seeds give the same images.
The colour augmenters need float32 images (cast uint8 ones first with ``CastAug``, as
``CreateAugmenter`` does); brightness, contrast, saturation, lighting and normalization write
into their input (``src *= alpha``), as MXNet's do.

>>> import random, mxnd as mx
>>> random.seed(1)
>>> augment = mx.image.SequentialAug([mx.image.CastAug(), mx.image.BrightnessJitterAug(0.5)])
>>> augment(mx.nd.full((1, 1, 3), 100, dtype='uint8')).asnumpy()
array([[[63.436424, 63.436424, 63.436424]]], dtype=float32)
"""
from __future__ import annotations

import json
import random
import warnings

import numpy as np

from .. import ndarray as nd
from .channel_math import mix_channels, sum_all, sum_channels
from .transforms import _get_interp_method, center_crop, color_normalize, imresize, random_crop, \
    random_size_crop, resize_short

__all__ = ["Augmenter", "SequentialAug", "ResizeAug", "ForceResizeAug", "RandomCropAug",
           "RandomSizedCropAug", "CenterCropAug", "RandomOrderAug", "BrightnessJitterAug",
           "ContrastJitterAug", "SaturationJitterAug", "HueJitterAug", "ColorJitterAug", "LightingAug",
           "ColorNormalizeAug", "RandomGrayAug", "HorizontalFlipAug", "CastAug", "CreateAugmenter"]

_LUMA = [[[0.299, 0.587, 0.114]]]  # ITU-R 601 weights of R, G, B
_RGB_TO_YIQ = np.array([[0.299, 0.587, 0.114],
                        [0.596, -0.274, -0.321],
                        [0.211, -0.523, 0.311]])
_YIQ_TO_RGB = np.array([[1.0, 0.956, 0.621],
                        [1.0, -0.272, -0.647],
                        [1.0, -1.107, 1.705]])
_IMAGENET_EIGVAL = np.array([55.46, 4.794, 1.148])
_IMAGENET_EIGVEC = np.array([[-0.5675, 0.7192, 0.4009],
                             [-0.5808, -0.0045, -0.8140],
                             [-0.5836, -0.6948, 0.4203]])
_IMAGENET_MEAN = [123.68, 116.28, 103.53]
_IMAGENET_STD = [58.395, 57.12, 57.375]


def json_arguments(kwargs: dict) -> dict:
    """``kwargs`` with NDArray and numpy values as lists, as augmenters keep them for ``dumps``."""
    for key, value in kwargs.items():
        if isinstance(value, nd.NDArray):
            value = value.asnumpy()
        if isinstance(value, np.ndarray):
            kwargs[key] = value.tolist()
    return kwargs


class Augmenter:
    """Base class: keeps its constructor arguments (arrays as lists) for ``dumps``.

    >>> Augmenter(size=3, mean=np.array([1, 2])).dumps()
    '["augmenter", {"size": 3, "mean": [1, 2]}]'
    """

    def __init__(self, **kwargs):
        self._kwargs = json_arguments(kwargs)

    def dumps(self):
        """The augmenter as a JSON string: ``[class name in lower case, constructor arguments]``."""
        return json.dumps([self.__class__.__name__.lower(), self._kwargs])

    def __call__(self, src):
        raise NotImplementedError("Must override implementation.")


class _ListAug(Augmenter):
    """An augmenter made of the augmenters ``ts``; ``dumps`` lists theirs (a list, not a string)."""

    def __init__(self, ts):
        super().__init__()
        self.ts = ts

    def dumps(self):
        """``[class name in lower case, [each member's dumps()]]``."""
        return [self.__class__.__name__.lower(), [aug.dumps() for aug in self.ts]]

    def __call__(self, src):
        for aug in self.ts:
            src = aug(src)
        return src


class SequentialAug(_ListAug):
    """Apply the augmenters ``ts`` in order.

    >>> import mxnd as mx
    >>> SequentialAug([CastAug(), CastAug('float16')])(mx.nd.ones((1, 1, 3), dtype='uint8')).dtype.__name__
    'float16'
    """


class RandomOrderAug(_ListAug):
    """Apply the augmenters ``ts`` in a random order (``random.shuffle(ts)``, in place, each call).

    >>> RandomOrderAug([CastAug()]).dumps()
    ['randomorderaug', ['["castaug", {"type": "float32"}]']]
    """

    def __call__(self, src):
        random.shuffle(self.ts)
        return super().__call__(src)


class _SizeAug(Augmenter):
    """An augmenter with a target ``size`` and an interpolation ``interp`` (see ``resize_short``)."""

    def __init__(self, size, interp=2):
        super().__init__(size=size, interp=interp)
        self.size = size
        self.interp = interp


class ResizeAug(_SizeAug):
    """Resize the shorter edge to ``size`` (``resize_short``).

    >>> import mxnd as mx
    >>> ResizeAug(2)(mx.nd.ones((4, 6, 3), dtype='uint8')).shape
    (2, 3, 3)
    """

    def __call__(self, src):
        return resize_short(src, self.size, self.interp)


class ForceResizeAug(_SizeAug):
    """Resize to ``size`` (w, h), whatever the aspect ratio.

    >>> import mxnd as mx
    >>> ForceResizeAug((5, 2))(mx.nd.ones((4, 6, 3), dtype='uint8')).shape
    (2, 5, 3)
    """

    def __call__(self, src):
        sizes = (src.shape[0], src.shape[1], self.size[1], self.size[0])
        return imresize(src, *self.size, interp=_get_interp_method(self.interp, sizes))


class RandomCropAug(_SizeAug):
    """A random crop of ``size`` (w, h) (``random_crop``).

    >>> import mxnd as mx
    >>> RandomCropAug((3, 2))(mx.nd.ones((4, 6, 3))).shape
    (2, 3, 3)
    """

    def __call__(self, src):
        return random_crop(src, self.size, self.interp)[0]


class CenterCropAug(_SizeAug):
    """The centred crop of ``size`` (w, h) (``center_crop``).

    >>> import mxnd as mx
    >>> CenterCropAug((3, 2))(mx.nd.ones((4, 6, 3))).shape
    (2, 3, 3)
    """

    def __call__(self, src):
        return center_crop(src, self.size, self.interp)[0]


class RandomSizedCropAug(Augmenter):
    """A crop of random area and aspect ratio resized to ``size`` (``random_size_crop``);
    ``min_area`` is the deprecated name of ``area``.

    >>> import mxnd as mx
    >>> RandomSizedCropAug((3, 2), 0.5, (0.75, 1.33))(mx.nd.ones((4, 6, 3))).shape
    (2, 3, 3)
    """

    def __init__(self, size, area, ratio, interp=2, **kwargs):
        super().__init__(size=size, area=area, ratio=ratio, interp=interp)
        self.size = size
        if "min_area" in kwargs:
            warnings.warn("`min_area` is deprecated. Please use `area` instead.", DeprecationWarning)
            area = kwargs.pop("min_area")
        self.area = area
        self.ratio = ratio
        self.interp = interp
        assert not kwargs, "unexpected keyword arguments for `RandomSizedCropAug`."

    def __call__(self, src):
        return random_size_crop(src, self.size, self.area, self.ratio, self.interp)[0]


def _jitter(amount):
    """A random factor offset: ``random.uniform(-amount, amount)``."""
    return random.uniform(-amount, amount)


class BrightnessJitterAug(Augmenter):
    """Scale the image by ``1 + uniform(-brightness, brightness)``, in place.

    >>> import random, mxnd as mx
    >>> random.seed(0)
    >>> BrightnessJitterAug(0.5)(mx.nd.full((1, 1, 3), 10)).asnumpy()
    array([[[13.444219, 13.444219, 13.444219]]], dtype=float32)
    """

    def __init__(self, brightness):
        super().__init__(brightness=brightness)
        self.brightness = brightness

    def __call__(self, src):
        src *= 1.0 + _jitter(self.brightness)
        return src


class ContrastJitterAug(Augmenter):
    """Blend the image with its mean luma: ``alpha * src + (1 - alpha) * mean gray``, ``alpha =
    1 + uniform(-contrast, contrast)``, in place.

    >>> import random, mxnd as mx
    >>> random.seed(0)
    >>> ContrastJitterAug(0.5)(mx.nd.array([[[10, 0, 0]], [[0, 0, 0]]])).asnumpy()
    array([[[12.929308 , -0.5149107, -0.5149107]],
    <BLANKLINE>
           [[-0.5149107, -0.5149107, -0.5149107]]], dtype=float32)
    """

    def __init__(self, contrast):
        super().__init__(contrast=contrast)
        self.contrast = contrast
        self.coef = nd.array(_LUMA)

    def __call__(self, src):
        alpha = 1.0 + _jitter(self.contrast)
        gray = src * self.coef
        gray = (3.0 * (1.0 - alpha) / gray.size) * sum_all(gray)
        src *= alpha
        src += gray
        return src


class SaturationJitterAug(Augmenter):
    """Blend each pixel with its luma: ``alpha * src + (1 - alpha) * gray``, ``alpha =
    1 + uniform(-saturation, saturation)``, in place.

    >>> import random, mxnd as mx
    >>> random.seed(0)
    >>> SaturationJitterAug(0.5)(mx.nd.array([[[10, 0, 0]]])).asnumpy()
    array([[[12.414397 , -1.0298214, -1.0298214]]], dtype=float32)
    """

    def __init__(self, saturation):
        super().__init__(saturation=saturation)
        self.saturation = saturation
        self.coef = nd.array(_LUMA)

    def __call__(self, src):
        alpha = 1.0 + _jitter(self.saturation)
        gray = sum_channels(src * self.coef)
        gray *= 1.0 - alpha
        src *= alpha
        src += gray
        return src


class HueJitterAug(Augmenter):
    """Rotate the hue by ``uniform(-hue, hue)`` half-turns, with the linear YIQ approximation
    (https://beesbuzz.biz/code/hsv_color_transforms.php): a new float32 image ``src . T``.

    >>> import random, mxnd as mx
    >>> random.seed(0)
    >>> HueJitterAug(0.5)(mx.nd.array([[[10, 0, 0]]])).asnumpy()
    array([[[ 7.767357 , -1.3100666, 12.615601 ]]], dtype=float32)
    """

    def __init__(self, hue):
        super().__init__(hue=hue)
        self.hue = hue
        self.tyiq = _RGB_TO_YIQ.copy()
        self.ityiq = _YIQ_TO_RGB.copy()

    def __call__(self, src):
        alpha = _jitter(self.hue)
        u, w = np.cos(alpha * np.pi), np.sin(alpha * np.pi)
        rotate_iq = np.array([[1.0, 0.0, 0.0],
                              [0.0, u, -w],
                              [0.0, w, u]])
        transform = np.dot(np.dot(self.ityiq, rotate_iq), self.tyiq).T
        return mix_channels(src, nd.array(transform))


class ColorJitterAug(RandomOrderAug):
    """Brightness, contrast and saturation jitter (those above 0) in a random order.

    >>> ColorJitterAug(0.1, 0, 0.2).dumps()[1]
    ['["brightnessjitteraug", {"brightness": 0.1}]', '["saturationjitteraug", {"saturation": 0.2}]']
    """

    def __init__(self, brightness, contrast, saturation):
        kinds = ((brightness, BrightnessJitterAug), (contrast, ContrastJitterAug),
                 (saturation, SaturationJitterAug))
        super().__init__([kind(amount) for amount, kind in kinds if amount > 0])


class LightingAug(Augmenter):
    """AlexNet's PCA lighting noise: add ``eigvec . (alpha * eigval)`` to every pixel, ``alpha``
    drawn by ``np.random.normal(0, alphastd, size=(3,))``, in place.

    >>> import numpy as np, mxnd as mx
    >>> np.random.seed(0)
    >>> LightingAug(0.1, np.ones(3), np.eye(3))(mx.nd.zeros((1, 1, 3))).asnumpy()
    array([[[0.17640524, 0.04001572, 0.0978738 ]]], dtype=float32)
    """

    def __init__(self, alphastd, eigval, eigvec):
        super().__init__(alphastd=alphastd, eigval=eigval, eigvec=eigvec)
        self.alphastd = alphastd
        self.eigval = eigval
        self.eigvec = eigvec

    def __call__(self, src):
        alpha = np.random.normal(0, self.alphastd, size=(3,))
        src += nd.array(np.dot(self.eigvec * alpha, self.eigval))
        return src


class ColorNormalizeAug(Augmenter):
    """``(src - mean) / std`` in place (``color_normalize``); ``mean``, ``std``: arrays or None.

    >>> import mxnd as mx
    >>> ColorNormalizeAug([1, 1, 1], [2, 4, 3])(mx.nd.array([[[3, 5, 7]]])).asnumpy().tolist()
    [[[1.0, 1.0, 2.0]]]
    """

    def __init__(self, mean, std):
        super().__init__(mean=mean, std=std)
        self.mean = mean if mean is None or isinstance(mean, nd.NDArray) else nd.array(mean)
        self.std = std if std is None or isinstance(std, nd.NDArray) else nd.array(std)

    def __call__(self, src):
        return color_normalize(src, self.mean, self.std)


class _ChanceAug(Augmenter):
    """An augmenter that applies ``_apply`` with probability ``p`` (``random.random() < p``)."""

    def __init__(self, p):
        super().__init__(p=p)
        self.p = p

    def __call__(self, src):
        return self._apply(src) if random.random() < self.p else src

    def _apply(self, src):
        raise NotImplementedError


class RandomGrayAug(_ChanceAug):
    """With probability ``p``, replace each channel with the luma ``0.21 R + 0.72 G + 0.07 B``.

    >>> import mxnd as mx
    >>> RandomGrayAug(1)(mx.nd.array([[[100, 0, 0]]])).asnumpy().tolist()
    [[[21.0, 21.0, 21.0]]]
    """

    def __init__(self, p):
        super().__init__(p)
        self.mat = nd.array([[0.21, 0.21, 0.21],
                             [0.72, 0.72, 0.72],
                             [0.07, 0.07, 0.07]])

    def _apply(self, src):
        return mix_channels(src, self.mat)


class HorizontalFlipAug(_ChanceAug):
    """With probability ``p``, mirror the image left to right.

    >>> import mxnd as mx
    >>> HorizontalFlipAug(1)(mx.nd.array([[[1], [2]]])).asnumpy().ravel().tolist()
    [2.0, 1.0]
    """

    def _apply(self, src):
        return nd.flip(src, axis=1)


class CastAug(Augmenter):
    """Cast to ``typ`` (float32 by default).

    >>> import mxnd as mx
    >>> CastAug()(mx.nd.ones((1, 1, 3), dtype='uint8')).dtype.__name__
    'float32'
    """

    def __init__(self, typ="float32"):
        super().__init__(type=typ)
        self.typ = typ

    def __call__(self, src):
        return src.astype(self.typ)


def _check_channel_stats(name, value, imagenet):
    """``True`` -> ImageNet's values as an NDArray; an array of 1 or 3 values or None as is."""
    if value is True:
        return nd.array(imagenet)
    if value is not None:
        assert isinstance(value, (np.ndarray, nd.NDArray)) and value.shape[0] in [1, 3], \
            f"{name} must be None, True, or a numpy array or NDArray of 1 or 3 values"
    return value


def CreateAugmenter(data_shape, resize=0, rand_crop=False, rand_resize=False, rand_mirror=False,  # noqa: N802
                    mean=None, std=None, brightness=0, contrast=0, saturation=0, hue=0,
                    pca_noise=0, rand_gray=0, inter_method=2):
    """The list of augmenters MXNet's ImageIter applies for these options, in MXNet's order:
    resize, crop (random sized / random / centre) to ``data_shape`` (C, H, W), mirror, cast to
    float32, colour jitter, hue, PCA noise, gray, normalize (``mean``/``std``: True for ImageNet's).

    >>> [aug.__class__.__name__ for aug in CreateAugmenter((3, 4, 4), resize=8, rand_mirror=True, mean=True)]
    ['ResizeAug', 'CenterCropAug', 'HorizontalFlipAug', 'CastAug', 'ColorNormalizeAug']
    """
    auglist = []
    if resize > 0:
        auglist.append(ResizeAug(resize, inter_method))
    crop_size = (data_shape[2], data_shape[1])
    if rand_resize:
        assert rand_crop
        auglist.append(RandomSizedCropAug(crop_size, 0.08, (3.0 / 4.0, 4.0 / 3.0), inter_method))
    elif rand_crop:
        auglist.append(RandomCropAug(crop_size, inter_method))
    else:
        auglist.append(CenterCropAug(crop_size, inter_method))
    if rand_mirror:
        auglist.append(HorizontalFlipAug(0.5))
    auglist.append(CastAug())
    if brightness or contrast or saturation:
        auglist.append(ColorJitterAug(brightness, contrast, saturation))
    if hue:
        auglist.append(HueJitterAug(hue))
    if pca_noise > 0:
        auglist.append(LightingAug(pca_noise, _IMAGENET_EIGVAL.copy(), _IMAGENET_EIGVEC.copy()))
    if rand_gray > 0:
        auglist.append(RandomGrayAug(rand_gray))
    mean = _check_channel_stats("mean", mean, _IMAGENET_MEAN)
    std = _check_channel_stats("std", std, _IMAGENET_STD)
    if mean is not None or std is not None:
        auglist.append(ColorNormalizeAug(mean, std))
    return auglist
