"""mx.image.detection beyond the golden cases (tests/golden/image_detection_cases.py): what MXNet
1.9.1 cannot show (its invalid-range warnings raise TypeError, draw_next needs cv2) and the
label-shape bookkeeping of ImageDetIter (messages as MXNet's)."""
import os
import warnings

import numpy as np
import pytest

import mxnd as mx

pytest.importorskip("PIL", reason="image decoding needs Pillow (the image extra)")
from PIL import Image  # noqa: E402

LABEL = np.array([[0, 0.1, 0.2, 0.5, 0.6]], dtype=np.float32)


@pytest.mark.parametrize("make", [lambda: mx.image.DetRandomCropAug(area_range=(0.5, 0.2)),
                                  lambda: mx.image.DetRandomCropAug(aspect_ratio_range=(2.0, 1.0)),
                                  lambda: mx.image.DetRandomPadAug(area_range=(0.5, 0.9))])
def test_invalid_ranges_warn_and_leave_the_image(make):
    with pytest.warns(UserWarning, match="Skip DetRandom"):
        aug = make()
    image = mx.nd.ones((6, 8, 3), dtype="uint8")
    out, label = aug(image, LABEL.copy())
    assert out is image and label.tolist() == LABEL.tolist() and not aug.enabled


def _iterator(tmp_path, objects_per_image, **kwargs):
    imglist = []
    for i, count in enumerate(objects_per_image):
        Image.fromarray(np.full((6, 8, 3), 40 * i, np.uint8)).save(os.path.join(tmp_path, f"{i}.png"))
        objects = [[k, 0.1, 0.1, 0.6, 0.7] for k in range(count)]
        imglist.append([[2, 5] + [v for o in objects for v in o], f"{i}.png"])
    return mx.image.ImageDetIter(2, (3, 4, 4), imglist=imglist, path_root=str(tmp_path), **kwargs)


def test_label_shape_and_padding_rows(tmp_path):
    it = _iterator(tmp_path, [1, 3])
    assert it.label_shape == (3, 5) and it.provide_label == [("label", (2, 3, 5))]
    label = it.next().label[0].asnumpy()
    assert label.shape == (2, 3, 5) and label.dtype == np.float32
    assert label[0, 1:].tolist() == [[-1.0] * 5] * 2 and label[1, :, 0].tolist() == [0.0, 1.0, 2.0]


def test_reshape_and_sync_label_shape(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    small, large = _iterator(tmp_path / "a", [1, 2]), _iterator(tmp_path / "b", [4, 1])
    assert large.sync_label_shape(small) is small
    assert small.label_shape == (4, 5) and small.provide_label[0][1] == (2, 4, 5)
    assert small.next().label[0].shape == (2, 4, 5)
    with pytest.raises(ValueError, match="Attempts to reduce label count from 4 to 3, not allowed."):
        small.reshape(label_shape=(3, 5))
    with pytest.raises(ValueError, match="label_shape object width inconsistent: 5 vs 6."):
        small.reshape(label_shape=(4, 6))
    with pytest.raises(ValueError, match="label_shape should have length 2"):
        small.reshape(label_shape=(4,))


def test_draw_next_needs_opencv(tmp_path):
    it = _iterator(tmp_path, [1])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert list(it.draw_next()) == []
    assert "Unable to import cv2" in str(caught[0].message)


def test_image_iter_reads_text_labels(tmp_path):
    # MXNet 1.9.1 converts imglist labels with nd.array, which reads text numbers
    Image.fromarray(np.full((4, 4, 3), 10, np.uint8)).save(os.path.join(tmp_path, "a.png"))
    it = mx.image.ImageIter(1, (3, 2, 2), imglist=[["1.5", "a.png"]], path_root=str(tmp_path))
    assert it.next().label[0].asnumpy().tolist() == [1.5]
