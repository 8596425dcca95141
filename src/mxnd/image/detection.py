"""``mx.image.detection`` (also ``mx.image.det``): MXNet 1.9.1's augmenters and iterator for object
detection. A label is a numpy array of objects, one row ``[class, xmin, ymin, xmax, ymax, ...]``
with coordinates as fractions of the image's width and height.

The random augmenters draw from Python's ``random`` module in MXNet's order, so after
``random.seed(s)`` they crop, pad and flip exactly as MXNet does.

>>> import numpy as np, mxnd as mx
>>> label = np.array([[0, 0.25, 0.5, 0.5, 0.75]], dtype=np.float32)
>>> _, flipped = mx.image.DetHorizontalFlipAug(1)(mx.nd.zeros((4, 4, 3)), label.copy())
>>> flipped.tolist()
[[0.0, 0.5, 0.5, 0.75, 0.75]]
"""
from __future__ import annotations

import json
import logging
import math
import random
import warnings
from numbers import Number

import numpy as np

from .. import ndarray as nd
from ..ndarray._internal import _cvcopyMakeBorder as copyMakeBorder
from .augmenters import (Augmenter, CastAug, ColorJitterAug, ColorNormalizeAug, ForceResizeAug, HueJitterAug,
                         LightingAug, RandomGrayAug, ResizeAug, json_arguments)
from .iterator import ImageIter
from .transforms import fixed_crop

__all__ = ["DetAugmenter", "DetBorrowAug", "DetRandomSelectAug", "DetHorizontalFlipAug", "DetRandomCropAug",
           "DetRandomPadAug", "CreateMultiRandCropAugmenter", "CreateDetAugmenter", "ImageDetIter"]

_BORDER_ISOLATED = 16  # the border type MXNet pads with: constant (cv::BORDER_ISOLATED | BORDER_CONSTANT)
_IMAGENET_MEAN, _IMAGENET_STD = np.array([123.68, 116.28, 103.53]), np.array([58.395, 57.12, 57.375])
_PCA_EIGVAL = np.array([55.46, 4.794, 1.148])
_PCA_EIGVEC = np.array([[-0.5675, 0.7192, 0.4009], [-0.5808, -0.0045, -0.8140], [-0.5836, -0.6948, 0.4203]])


class DetAugmenter:
    """Base of the detection augmenters: ``aug(src, label) -> (src, label)``; ``dumps()`` is its
    JSON description (NDArray and numpy parameters as lists)."""

    def __init__(self, **kwargs):
        self._kwargs = json_arguments(kwargs)

    def dumps(self):
        """``'["<class name in lower case>", {parameters}]'``."""
        return json.dumps([type(self).__name__.lower(), self._kwargs])

    def __call__(self, src, label):
        raise NotImplementedError("Must override implementation.")


class DetBorrowAug(DetAugmenter):
    """A classification ``Augmenter`` that leaves the label alone (resizing, colour, casting)."""

    def __init__(self, augmenter):
        if not isinstance(augmenter, Augmenter):
            raise TypeError("Borrowing from invalid Augmenter")
        super().__init__(augmenter=augmenter.dumps())
        self.augmenter = augmenter

    def dumps(self):
        return [type(self).__name__.lower(), self.augmenter.dumps()]

    def __call__(self, src, label):
        return self.augmenter(src), label


class DetRandomSelectAug(DetAugmenter):
    """One of ``aug_list``, chosen at random (``random.shuffle``), or none with chance ``skip_prob``."""

    def __init__(self, aug_list, skip_prob=0):
        super().__init__(skip_prob=skip_prob)
        if not isinstance(aug_list, (list, tuple)):
            aug_list = [aug_list]
        if not all(isinstance(aug, DetAugmenter) for aug in aug_list):
            raise ValueError("Allow DetAugmenter in list only")
        self.aug_list = aug_list
        self.skip_prob = skip_prob if aug_list else 1

    def dumps(self):
        return [type(self).__name__.lower(), [aug.dumps() for aug in self.aug_list]]

    def __call__(self, src, label):
        if random.random() < self.skip_prob:
            return src, label
        random.shuffle(self.aug_list)  # MXNet shuffles the list itself and applies its first
        return self.aug_list[0](src, label)


class DetHorizontalFlipAug(DetAugmenter):
    """Mirror the image left-right with chance ``p``; the label's x coordinates follow (in place)."""

    def __init__(self, p):
        super().__init__(p=p)
        self.p = p

    def __call__(self, src, label):
        if random.random() < self.p:
            src = nd.flip(src, axis=1)
            left = 1.0 - label[:, 1]
            label[:, 1] = 1.0 - label[:, 3]
            label[:, 3] = left
        return src, label


def _as_range(value, name, augmenter):
    """A (low, high) pair; one number means a fixed value."""
    if isinstance(value, (tuple, list)):
        return value
    assert isinstance(value, Number)
    logging.info("Using fixed %s: %s in %s", name, str(value), augmenter)
    return (value, value)


def _areas(boxes):
    """Areas of (xmin, ymin, xmax, ymax) rows, 0 for empty boxes."""
    return np.maximum(0, boxes[:, 3] - boxes[:, 1]) * np.maximum(0, boxes[:, 2] - boxes[:, 0])


def _clip_to(boxes, xmin, ymin, xmax, ymax):
    """``boxes`` cut to the window; boxes outside it become all zeros."""
    left, right = np.maximum(boxes[:, 0], xmin), np.minimum(boxes[:, 2], xmax)
    top, bottom = np.maximum(boxes[:, 1], ymin), np.minimum(boxes[:, 3], ymax)
    out = boxes.copy()
    out[:, 0], out[:, 1], out[:, 2], out[:, 3] = left, top, right, bottom
    out[np.where(np.logical_or(left >= right, top >= bottom))[0], :] = 0
    return out


def _attempts(aug, height, width):
    """``(ratio, min_area, max_area)`` for each of the ``max_attempts`` proposals of the random crop
    or pad ``aug`` on a ``height`` x ``width`` image: ``random.uniform`` draws the aspect ratio."""
    if not aug.enabled or height <= 0 or width <= 0:
        return
    min_area = aug.area_range[0] * height * width
    max_area = aug.area_range[1] * height * width
    for _ in range(aug.max_attempts):
        ratio = random.uniform(*aug.aspect_ratio_range)
        if ratio > 0:
            yield ratio, min_area, max_area


def _box_size(area, ratio):
    """``int(round(sqrt(area / ratio)))``: the height of a box of ``area`` and aspect ``ratio``."""
    return int(round(math.sqrt(area / ratio)))


class DetRandomCropAug(DetAugmenter):
    """Crop a random window (area fraction in ``area_range``, aspect in ``aspect_ratio_range``)
    that covers more than ``min_object_covered`` of every object it touches; objects left with
    less than ``min_eject_coverage`` of their area are dropped. After ``max_attempts`` failed
    proposals the image stays as it is."""

    def __init__(self, min_object_covered=0.1, aspect_ratio_range=(0.75, 1.33), area_range=(0.05, 1.0),
                 min_eject_coverage=0.3, max_attempts=50):
        aspect_ratio_range = _as_range(aspect_ratio_range, "aspect ratio", "DetRandomCropAug")
        area_range = _as_range(area_range, "area range", "DetRandomCropAug")
        super().__init__(min_object_covered=min_object_covered, aspect_ratio_range=aspect_ratio_range,
                         area_range=area_range, min_eject_coverage=min_eject_coverage, max_attempts=max_attempts)
        self.min_object_covered, self.min_eject_coverage = min_object_covered, min_eject_coverage
        self.max_attempts = max_attempts
        self.aspect_ratio_range, self.area_range = aspect_ratio_range, area_range
        self.enabled = False
        if area_range[1] <= 0 or area_range[0] > area_range[1]:
            warnings.warn(f"Skip DetRandomCropAug due to invalid area_range: {area_range}")
        elif aspect_ratio_range[0] > aspect_ratio_range[1] or aspect_ratio_range[0] <= 0:
            warnings.warn(f"Skip DetRandomCropAug due to invalid aspect_ratio_range: {aspect_ratio_range}")
        else:
            self.enabled = True

    def __call__(self, src, label):
        crop = self._random_crop_proposal(label, src.shape[0], src.shape[1])
        if crop:
            x, y, w, h, label = crop
            src = fixed_crop(src, x, y, w, h, None)
        return src, label

    def _covers_objects(self, label, xmin, ymin, xmax, ymax, width, height):
        """Whether the window covers more than ``min_object_covered`` of each object it touches."""
        if (xmax - xmin) * (ymax - ymin) < 2:
            return False  # a single pixel
        areas = _areas(label[:, 1:])
        sizable = np.where(areas * width * height > 2)[0]
        if sizable.size < 1:
            return False
        window = (float(xmin) / width, float(ymin) / height, float(xmax) / width, float(ymax) / height)
        coverages = _areas(_clip_to(label[sizable, 1:], *window)) / areas[sizable]
        coverages = coverages[np.where(coverages > 0)[0]]
        return coverages.size > 0 and np.amin(coverages) > self.min_object_covered

    def _cropped_labels(self, label, crop_box, height, width):
        """The objects in the crop's coordinates; None when none keeps enough of its area."""
        xmin, ymin = float(crop_box[0]) / width, float(crop_box[1]) / height
        w, h = float(crop_box[2]) / width, float(crop_box[3]) / height
        out = label.copy()
        out[:, (1, 3)] -= xmin
        out[:, (2, 4)] -= ymin
        out[:, (1, 3)] /= w
        out[:, (2, 4)] /= h
        out[:, 1:5] = np.maximum(0, out[:, 1:5])
        out[:, 1:5] = np.minimum(1, out[:, 1:5])
        coverage = _areas(out[:, 1:]) * w * h / _areas(label[:, 1:])
        valid = np.logical_and(out[:, 3] > out[:, 1], out[:, 4] > out[:, 2])
        valid = np.where(np.logical_and(valid, coverage > self.min_eject_coverage))[0]
        return out[valid, :] if valid.size else None

    def _random_crop_proposal(self, label, height, width):
        """``(x, y, w, h, label)`` of an acceptable crop, or ``()``."""
        for ratio, min_area, max_area in _attempts(self, height, width):
            h, max_h = _box_size(min_area, ratio), _box_size(max_area, ratio)
            if round(max_h * ratio) > width:
                max_h = int((width + 0.4999999) / ratio)  # the largest h with round(h * ratio) <= width
            max_h = min(max_h, height)
            h = min(h, max_h)
            if h < max_h:
                h = random.randint(h, max_h)
            w = int(round(h * ratio))
            assert w <= width
            area = w * h
            if area < min_area:  # rounding: one row more or less
                h += 1
                w = int(round(h * ratio))
                area = w * h
            if area > max_area:
                h -= 1
                w = int(round(h * ratio))
                area = w * h
            if not (min_area <= area <= max_area and 0 <= w <= width and 0 <= h <= height):
                continue
            y = random.randint(0, max(0, height - h))
            x = random.randint(0, max(0, width - w))
            if self._covers_objects(label, x, y, x + w, y + h, width, height):
                cropped = self._cropped_labels(label, (x, y, w, h), height, width)
                if cropped is not None:
                    return (x, y, w, h, cropped)
        return ()


class DetRandomPadAug(DetAugmenter):
    """Place the image at a random spot of a larger canvas (area ``area_range`` times the
    image's, aspect in ``aspect_ratio_range``) filled with ``pad_val``."""

    def __init__(self, aspect_ratio_range=(0.75, 1.33), area_range=(1.0, 3.0), max_attempts=50,
                 pad_val=(128, 128, 128)):
        if not isinstance(pad_val, (list, tuple)):
            assert isinstance(pad_val, Number)
        aspect_ratio_range = _as_range(aspect_ratio_range, "aspect ratio", "DetRandomPadAug")
        area_range = _as_range(area_range, "area range", "DetRandomPadAug")
        super().__init__(aspect_ratio_range=aspect_ratio_range, area_range=area_range,
                         max_attempts=max_attempts, pad_val=pad_val)
        self.pad_val, self.max_attempts = pad_val, max_attempts
        self.aspect_ratio_range, self.area_range = aspect_ratio_range, area_range
        self.enabled = False
        if area_range[1] <= 1.0 or area_range[0] > area_range[1]:
            warnings.warn(f"Skip DetRandomPadAug due to invalid parameters: {area_range}")
        elif aspect_ratio_range[0] <= 0 or aspect_ratio_range[0] > aspect_ratio_range[1]:
            warnings.warn(f"Skip DetRandomPadAug due to invalid aspect_ratio_range: {aspect_ratio_range}")
        else:
            self.enabled = True

    def __call__(self, src, label):
        height, width, _ = src.shape
        pad = self._random_pad_proposal(label, height, width)
        if pad:
            x, y, w, h, label = pad
            src = copyMakeBorder(src, y, h - y - height, x, w - x - width, _BORDER_ISOLATED, values=self.pad_val)
        return src, label

    def _random_pad_proposal(self, label, height, width):
        """``(x, y, w, h, label)`` of the canvas and the image's place on it, or ``()``."""
        for ratio, min_area, max_area in _attempts(self, height, width):
            h, max_h = _box_size(min_area, ratio), _box_size(max_area, ratio)
            if round(h * ratio) < width:
                h = int((width + 0.499999) / ratio)
            h = min(max(h, height), max_h)
            if h < max_h:
                h = random.randint(h, max_h)
            w = int(round(h * ratio))
            if (h - height) < 2 or (w - width) < 2:
                continue  # a margin too thin to matter
            y = random.randint(0, max(0, h - height))
            x = random.randint(0, max(0, w - width))
            out = label.copy()
            out[:, (1, 3)] = (out[:, (1, 3)] * width + x) / w
            out[:, (2, 4)] = (out[:, (2, 4)] * height + y) / h
            return (x, y, w, h, out)
        return ()


def CreateMultiRandCropAugmenter(min_object_covered=0.1, aspect_ratio_range=(0.75, 1.33),  # noqa: N802
                                 area_range=(0.05, 1.0), min_eject_coverage=0.3, max_attempts=50, skip_prob=0):
    """A DetRandomSelectAug over DetRandomCropAugs: each parameter may be a list (one crop
    augmenter per entry; single values are shared).

    >>> import mxnd as mx
    >>> aug = mx.image.CreateMultiRandCropAugmenter(min_object_covered=[0.1, 0.5])
    >>> [a.min_object_covered for a in aug.aug_list]
    [0.1, 0.5]
    """
    columns = [value if isinstance(value, list) else [value]
               for value in (min_object_covered, aspect_ratio_range, area_range, min_eject_coverage, max_attempts)]
    count = max(1, *(len(column) for column in columns))
    for index, column in enumerate(columns):
        if len(column) != count:
            assert len(column) == 1
            columns[index] = column * count
    augs = [DetRandomCropAug(min_object_covered=moc, aspect_ratio_range=arr, area_range=ar,
                             min_eject_coverage=mec, max_attempts=ma) for moc, arr, ar, mec, ma in zip(*columns)]
    return DetRandomSelectAug(augs, skip_prob=skip_prob)


def _channel_stats(value, default):
    """``True`` means ImageNet's values; an array must hold 1 or 3 of them."""
    if value is True:
        return default
    if value is not None:
        assert isinstance(value, np.ndarray) and value.shape[0] in [1, 3]
    return value


def CreateDetAugmenter(data_shape, resize=0, rand_crop=0, rand_pad=0, rand_gray=0, rand_mirror=False,  # noqa: N802
                       mean=None, std=None, brightness=0, contrast=0, saturation=0, pca_noise=0, hue=0,
                       inter_method=2, min_object_covered=0.1, aspect_ratio_range=(0.75, 1.33),
                       area_range=(0.05, 3.0), min_eject_coverage=0.3, max_attempts=50, pad_val=(127, 127, 127)):
    """MXNet's standard detection augmenters for images of ``data_shape`` (C, H, W), in its order:
    resize, random crop, mirror, random pad, force resize, cast, colour jitter, hue, PCA noise,
    grayscale, normalization.

    >>> import mxnd as mx
    >>> [type(a).__name__ for a in mx.image.CreateDetAugmenter((3, 32, 32), rand_crop=0.5, rand_mirror=True)]
    ['DetRandomSelectAug', 'DetHorizontalFlipAug', 'DetBorrowAug', 'DetBorrowAug']
    """
    augs = []
    if resize > 0:
        augs.append(DetBorrowAug(ResizeAug(resize, inter_method)))
    if rand_crop > 0:
        augs.append(CreateMultiRandCropAugmenter(min_object_covered, aspect_ratio_range, area_range,
                                                 min_eject_coverage, max_attempts, skip_prob=(1 - rand_crop)))
    if rand_mirror > 0:
        augs.append(DetHorizontalFlipAug(0.5))
    if rand_pad > 0:  # as late as possible: padding makes every later step bigger
        pad = DetRandomPadAug(aspect_ratio_range, (1.0, area_range[1]), max_attempts, pad_val)
        augs.append(DetRandomSelectAug([pad], 1 - rand_pad))
    augs.append(DetBorrowAug(ForceResizeAug((data_shape[2], data_shape[1]), inter_method)))
    augs.append(DetBorrowAug(CastAug()))
    if brightness or contrast or saturation:
        augs.append(DetBorrowAug(ColorJitterAug(brightness, contrast, saturation)))
    if hue:
        augs.append(DetBorrowAug(HueJitterAug(hue)))
    if pca_noise > 0:
        augs.append(DetBorrowAug(LightingAug(pca_noise, _PCA_EIGVAL, _PCA_EIGVEC)))
    if rand_gray > 0:
        augs.append(DetBorrowAug(RandomGrayAug(rand_gray)))
    mean, std = _channel_stats(mean, _IMAGENET_MEAN), _channel_stats(std, _IMAGENET_STD)
    if mean is not None or std is not None:
        augs.append(DetBorrowAug(ColorNormalizeAug(mean, std)))
    return augs


class ImageDetIter(ImageIter):
    """Batches of (C, H, W) images and their object labels, a (batch, objects, width) array padded
    with -1 (``label_shape`` is found by reading every label once). The raw label of an image is
    ``[header width, object width, header..., objects...]`` (``tools/im2rec.py``'s format).
    ``aug_list`` replaces the augmenters that ``CreateDetAugmenter(data_shape, **kwargs)`` makes."""

    def __init__(self, batch_size, data_shape, path_imgrec=None, path_imglist=None, path_root=None,
                 path_imgidx=None, shuffle=False, part_index=0, num_parts=1, aug_list=None, imglist=None,
                 data_name="data", label_name="label", last_batch_handle="pad", **kwargs):
        super().__init__(batch_size=batch_size, data_shape=data_shape, path_imgrec=path_imgrec,
                         path_imglist=path_imglist, path_root=path_root, path_imgidx=path_imgidx,
                         shuffle=shuffle, part_index=part_index, num_parts=num_parts, aug_list=[],
                         imglist=imglist, data_name=data_name, label_name=label_name,
                         last_batch_handle=last_batch_handle)
        self.auglist = CreateDetAugmenter(data_shape, **kwargs) if aug_list is None else aug_list
        self.label_shape = self._estimate_label_shape()
        self.provide_label = [(label_name, (self.batch_size,) + self.label_shape)]

    def _check_valid_label(self, label):
        """RuntimeError unless ``label`` is (objects >= 1, width >= 5) with a valid object."""
        if len(label.shape) != 2 or label.shape[1] < 5:
            raise RuntimeError("Label with shape (1+, 5+) required, %s received." % str(label))
        valid = np.where(np.logical_and(label[:, 0] >= 0, label[:, 3] > label[:, 1], label[:, 4] > label[:, 2]))[0]
        if valid.size < 1:
            raise RuntimeError("Invalid label occurs.")

    def _estimate_label_shape(self):
        """(most objects in any label, object width), reading every label once."""
        most, label = 0, None
        self.reset()
        try:
            while True:
                label = self._parse_label(self.next_sample()[0])
                most = max(most, label.shape[0])
        except StopIteration:
            pass
        self.reset()
        return (most, label.shape[1])

    def _parse_label(self, label):
        """The objects of a raw label (rows with xmax > xmin and ymax > ymin)."""
        if isinstance(label, nd.NDArray):
            label = label.asnumpy()
        raw = label.ravel()
        if raw.size < 7:
            raise RuntimeError("Label shape is invalid: " + str(raw.shape))
        header_width, object_width = int(raw[0]), int(raw[1])
        if (raw.size - header_width) % object_width != 0:
            raise RuntimeError("Label shape %s inconsistent with annotation width %d."
                               % (str(raw.shape), object_width))
        objects = np.reshape(raw[header_width:], (-1, object_width))
        valid = np.where(np.logical_and(objects[:, 3] > objects[:, 1], objects[:, 4] > objects[:, 2]))[0]
        if valid.size < 1:
            raise RuntimeError("Encounter sample with no valid label.")
        return objects[valid, :]

    def reshape(self, data_shape=None, label_shape=None):
        """Change the data shape (C, H, W) and/or the label shape (objects, width) of later batches."""
        if data_shape is not None:
            self.check_data_shape(data_shape)
            self.provide_data = [(self.provide_data[0][0], (self.batch_size,) + data_shape)]
            self.data_shape = data_shape
        if label_shape is not None:
            self.check_label_shape(label_shape)
            self.provide_label = [(self.provide_label[0][0], (self.batch_size,) + label_shape)]
            self.label_shape = label_shape

    def _checked(self, data, label):
        """The augmented image and its objects; RuntimeError for an invalid image or label."""
        self.check_valid_image([data])
        data, label = self.augmentation_transform(data, self._parse_label(label))
        self._check_valid_label(label)
        return data, label

    def _store(self, batch_data, batch_label, i, data, label):
        """Put the image and its objects in slot ``i``; the label rows past them stay -1."""
        batch_data[i] = self.postprocess_data(data)
        batch_label[i][0:label.shape[0]] = nd.array(label)
        if label.shape[0] < batch_label[i].shape[0]:
            batch_label[i][label.shape[0]:] = -1

    def _empty_batch(self):
        """(data, label) arrays for a new batch, the label full of -1 (no object)."""
        return nd.zeros((self.batch_size,) + tuple(self.data_shape)), nd.full(self.provide_label[0][1], -1)

    def augmentation_transform(self, data, label):  # pylint: disable=arguments-differ
        """Apply each detection augmenter of ``auglist`` to the image and its label."""
        for aug in self.auglist:
            data, label = aug(data, label)
        return data, label

    def check_label_shape(self, label_shape):
        """ValueError unless ``label_shape`` is (objects, width), as many objects or more, same width."""
        if not len(label_shape) == 2:
            raise ValueError("label_shape should have length 2")
        if label_shape[0] < self.label_shape[0]:
            raise ValueError("Attempts to reduce label count from %d to %d, not allowed."
                             % (self.label_shape[0], label_shape[0]))
        if label_shape[1] != self.provide_label[0][1][2]:
            raise ValueError("label_shape object width inconsistent: %d vs %d."
                             % (self.provide_label[0][1][2], label_shape[1]))

    def sync_label_shape(self, it, verbose=False):
        """Give this iterator and ``it`` (another ImageDetIter) the larger of their label shapes; returns ``it``."""
        assert isinstance(it, ImageDetIter), "Synchronize with invalid iterator."
        mine, theirs = self.label_shape, it.label_shape
        assert mine[1] == theirs[1], "object width mismatch."
        most = max(mine[0], theirs[0])
        if most > mine[0]:
            self.reshape(None, (most, mine[1]))
        if most > theirs[0]:
            it.reshape(None, (most, theirs[1]))
        if verbose and most > min(mine[0], theirs[0]):
            logging.info("Resized label_shape to (%d, %d).", most, mine[1])
        return it

    def draw_next(self, color=None, thickness=2, mean=None, std=None, clip=True, waitKey=None,  # noqa: N803
                  window_name="draw_next", id2labels=None):
        """MXNet draws the boxes with OpenCV (cv2), which mxnd does not use: this warns and yields nothing."""
        warnings.warn("Unable to import cv2, skip drawing: mxnd does not use OpenCV")
        return
        yield  # a generator, as MXNet's
