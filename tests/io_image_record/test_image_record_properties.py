"""Properties of the image record iterators that MXNet's random streams keep from being compared
value for value (mxnd draws from numpy, MXNet from std::mt19937), and mxnd's own choices."""
import numpy as np
import pytest

import mxnd as mx
import record_cases

pytest.importorskip("PIL", reason="image decoding needs Pillow (the image extra)")

IMAGES = record_cases.path("images.rec")
LABELS = [1.5 * k for k in range(7)]


@pytest.fixture(scope="module")
def square_rec(tmp_path_factory):
    """Six 12x12 PNG images labelled 0..5."""
    path = str(tmp_path_factory.mktemp("rec") / "square.rec")
    writer = mx.recordio.MXRecordIO(path, "w")
    rng = np.random.RandomState(3)
    for key in range(6):
        image = rng.randint(0, 256, (12, 12, 3)).astype(np.uint8)
        writer.write(mx.recordio.pack_img(mx.recordio.IRHeader(0, key, key, 0), image, img_fmt=".png"))
    writer.close()
    return path


def _images(path, **kwargs):
    """Every image of one epoch (uint8, N x C x H x W) and its labels."""
    kwargs.setdefault("batch_size", 6)
    it = mx.io.ImageRecordUInt8Iter(path_imgrec=path, round_batch=False, **kwargs)
    batches = list(it)
    return (np.concatenate([b.data[0].asnumpy() for b in batches]),
            np.concatenate([b.label[0].asnumpy() for b in batches]))


def test_rand_mirror_gives_the_image_or_its_mirror(square_rec):
    plain, _ = _images(square_rec, data_shape=(3, 12, 12))
    flips = []
    for seed in range(4):
        mirrored, _ = _images(square_rec, data_shape=(3, 12, 12), rand_mirror=True, seed_aug=seed)
        for image, original in zip(mirrored, plain):
            same, flipped = np.array_equal(image, original), np.array_equal(image, original[..., ::-1])
            assert same or flipped
            flips.append(flipped)
    assert 0 < sum(flips) < len(flips)


def test_rand_crop_takes_a_window_of_the_image(square_rec):
    plain, _ = _images(square_rec, data_shape=(3, 12, 12))
    cropped, _ = _images(square_rec, data_shape=(3, 8, 8), rand_crop=True, seed_aug=5)
    corners = set()
    for image, original in zip(cropped, plain):
        found = [(y, x) for y in range(5) for x in range(5) if np.array_equal(original[:, y:y + 8, x:x + 8], image)]
        assert found
        corners.add(found[0])
    assert len(corners) > 1


def test_a_seed_repeats_its_augmentations_and_another_changes_them(square_rec):
    kwargs = dict(data_shape=(3, 8, 8), rand_crop=True, rand_mirror=True, max_rotate_angle=30,
                  brightness=0.3, contrast=0.3, saturation=0.3, random_h=20, random_s=20, random_l=20,
                  pca_noise=0.1)
    first, _ = _images(square_rec, seed_aug=7, **kwargs)
    again, _ = _images(square_rec, seed_aug=7, **kwargs)
    other, _ = _images(square_rec, seed_aug=8, **kwargs)
    assert np.array_equal(first, again) and not np.array_equal(first, other)
    assert first.dtype == np.uint8 and first.shape == (6, 3, 8, 8)


@pytest.mark.parametrize("kwargs", [
    dict(max_rotate_angle=45, fill_value=0),
    dict(max_aspect_ratio=0.3, max_shear_ratio=0.2),
    dict(min_random_scale=0.8, max_random_scale=1.3, pad=2),
    dict(random_resized_crop=True, min_random_area=0.3, max_random_area=0.9, max_aspect_ratio=1.33,
         min_aspect_ratio=0.75),
    dict(max_crop_size=11, min_crop_size=6, rand_crop=True),
    dict(inter_method=10, resize=14, rand_crop=True),
])
def test_random_geometry_keeps_the_data_shape(square_rec, kwargs):
    images, labels = _images(square_rec, data_shape=(3, 8, 9), seed_aug=1, **kwargs)
    assert images.shape == (6, 3, 8, 9) and labels.tolist() == list(range(6))


def test_colour_jitter_stays_in_range_and_changes_pixels(square_rec):
    plain, _ = _images(square_rec, data_shape=(3, 12, 12))
    brighter, _ = _images(square_rec, data_shape=(3, 12, 12), brightness=0.5, seed_aug=2)
    assert not np.array_equal(plain, brighter)
    ratio = brighter.astype(float).sum((1, 2, 3)) / plain.astype(float).sum((1, 2, 3))
    assert ((ratio > 0.45) & (ratio < 1.55)).all()


def test_random_contrast_and_illumination_of_float_data(square_rec):
    it = mx.io.ImageRecordIter(path_imgrec=square_rec, data_shape=(3, 12, 12), batch_size=6,
                               max_random_contrast=0.5, max_random_illumination=20, seed_aug=4)
    plain = mx.io.ImageRecordIter(path_imgrec=square_rec, data_shape=(3, 12, 12), batch_size=6)
    data, base = it.next().data[0].asnumpy(), plain.next().data[0].asnumpy()
    for image, original in zip(data, base):  # one affine map per image: image = c * original + i
        slope, offset = np.polyfit(original.ravel(), image.ravel(), 1)
        assert 0.5 <= slope <= 1.5 and -20 <= offset <= 20
        np.testing.assert_allclose(image, slope * original + offset, atol=1e-3)


def test_shuffle_permutes_each_epoch_and_repeats_with_the_seed():
    def epochs(seed):
        it = mx.io.ImageRecordIter(path_imgrec=IMAGES, data_shape=(3, 8, 8), batch_size=7, shuffle=True, seed=seed)
        result = []
        for _ in range(3):
            result.append(next(iter(it)).label[0].asnumpy().tolist())
            it.reset()
        return result

    first = epochs(3)
    assert all(sorted(labels) == LABELS for labels in first)
    assert len({tuple(labels) for labels in first}) > 1
    assert first == epochs(3) and first != epochs(4)


def test_pads_of_later_epochs_are_exact():
    """MXNet 1.9.1 may repeat a previous batch's pad on full batches; mxnd reports the real one."""
    it = mx.io.ImageRecordIter(path_imgrec=IMAGES, data_shape=(3, 8, 8), batch_size=3)
    pads = []
    for _ in range(3):
        pads.append([batch.pad for batch in it])
        it.reset()
    assert pads == [[0, 0, 2], [0, 1], [0, 0]]


def test_short_last_batch_without_round_batch_is_padded_with_zeros():
    it = mx.io.ImageRecordIter(path_imgrec=IMAGES, data_shape=(3, 8, 8), batch_size=3, round_batch=False)
    last = list(it)[-1]
    assert last.pad == 2
    assert last.label[0].asnumpy().tolist() == [9.0, 0.0, 0.0]
    assert not last.data[0].asnumpy()[1:].any() and last.data[0].asnumpy()[0].any()


def test_detection_mirror_flips_boxes():
    kwargs = dict(path_imgrec=record_cases.path("det.rec"), data_shape=(3, 8, 8), batch_size=5)
    plain = mx.io.ImageDetRecordIter(**kwargs).next()
    flipped = mx.io.ImageDetRecordIter(rand_mirror_prob=1.0, **kwargs).next()
    data, mirrored = plain.data[0].asnumpy(), flipped.data[0].asnumpy()
    np.testing.assert_array_equal(mirrored, data[..., ::-1])
    boxes, flipped_boxes = plain.label[0].asnumpy()[0, 6:11], flipped.label[0].asnumpy()[0, 6:11]
    np.testing.assert_allclose(flipped_boxes[[1, 3]], 1 - boxes[[3, 1]], rtol=1e-6)
    assert flipped_boxes[0] == boxes[0]


def test_descriptions_names_and_dtypes():
    it = mx.io.ImageRecordUInt8Iter(path_imgrec=IMAGES, data_shape=(3, 8, 8), batch_size=2,
                                    data_name="pixels", label_name="target", label_width=1)
    assert [(d.name, d.shape, d.dtype) for d in it.provide_data + it.provide_label] == [
        ("pixels", (2, 3, 8, 8), np.uint8), ("target", (2,), np.float32)]
    batch = it.next()
    assert batch.index.dtype == np.uint64 and batch.index.tolist() == [0, 0]


def test_iter_next_and_getters_follow_the_data_iter_protocol():
    it = mx.io.ImageRecordIter(path_imgrec=IMAGES, data_shape=(3, 8, 8), batch_size=4)
    seen = []
    while it.iter_next():
        seen.append((it.getlabel()[0].asnumpy().tolist(), it.getpad()))
        it.next()
    assert seen == [([0.0, 1.5, 3.0, 4.5], 0), ([6.0, 7.5, 9.0, 0.0], 1)]


@pytest.mark.parametrize("kwargs, message", [
    (dict(label_width=2), "label_width must be 1 unless an imglist is provided"),
    (dict(data_shape=(2, 8, 8)), "Invalid output shape [2,8,8]"),
    (dict(data_shape=(3, 8)), "has wrong dimensions, expected dimension=3"),
    (dict(batch_size=0), "batch_size should be greater equal to 1"),
    (dict(batch_size=30), "number of input images must be bigger than the batch size"),
    (dict(path_imgrec=""), "must specify image_rec"),
    (dict(dtype="float64"), "unknown dtype for ImageRecordIter2."),
    (dict(num_parts=2, part_index=5), "invalid input parameter for InputSplit::Create"),
    (dict(resize=10, inter_method=5), "invalid inter_method"),
])
def test_errors_carry_mxnet_messages(kwargs, message):
    arguments = dict(path_imgrec=IMAGES, data_shape=(3, 8, 8), batch_size=2)
    arguments.update(kwargs)
    with pytest.raises(mx.base.MXNetError, match=None) as caught:
        mx.io.ImageRecordIter(**arguments)
    assert message in str(caught.value)
