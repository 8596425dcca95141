"""ImageDetRecordIter's random augmentations (det_aug_default): colour jitter in OpenCV's HLS space
and contrast, random pad, random crop samplers. MXNet draws from std::mt19937 and mxnd from a numpy
generator per image, so the geometry is checked where the draws cannot matter (compared with values
recorded from MXNet 1.9.1), with a scripted generator that fixes the draws, and by properties."""
import struct
import zlib

import numpy as np
import pytest

import mxnd as mx
import record_cases
from mxnd.io_image_augment import DetectionAugmenter

pytest.importorskip("PIL", reason="image decoding needs Pillow (the image extra)")

F32 = np.float32
DET = record_cases.path("det.rec")
# two valid boxes and an invalid one (x1 < x0), which MXNet's ImageDetLabel drops
LABEL = [2, 5, 0, 0.1, 0.2, 0.5, 0.6, 1, 0.3, 0.3, 0.2, 0.9, 2, 0.6, 0.7, 0.9, 0.95]


def pixels(height, width, key, channels=3):
    """tools/make_image_record_fixtures.py's test image."""
    rng = np.random.RandomState(key)
    ramp = np.add.outer(np.arange(height) * 9, np.arange(width) * 5)[..., None] + np.arange(channels) * 40
    return ((ramp + rng.randint(0, 60, (height, width, channels))) % 256).astype(np.uint8)


def png_bytes(image):
    height, width, channels = image.shape
    rows = b"".join(b"\x00" + image[r].tobytes() for r in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, {1: 0, 3: 2, 4: 6}[channels], 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def write_rec(path, items):
    writer = mx.recordio.MXRecordIO(str(path), "w")
    for i, (image, label) in enumerate(items):
        header = mx.recordio.IRHeader(0, np.asarray(label, F32), i, 0)
        writer.write(mx.recordio.pack(header, png_bytes(image)))
    writer.close()
    return str(path)


def first(path, **kwargs):
    kwargs.setdefault("batch_size", 1)
    batch = mx.io.ImageDetRecordIter(path_imgrec=path, **kwargs).next()
    return batch.data[0].asnumpy(), batch.label[0].asnumpy()


def epoch(path, **kwargs):
    it = mx.io.ImageDetRecordIter(path_imgrec=path, **kwargs)
    return [(b.data[0].asnumpy(), b.label[0].asnumpy()) for b in it]


class Scripted:
    """A generator whose uniform() draws are given in order (permutation: identity or given)."""

    def __init__(self, values, order=None):
        self.values, self.order = list(values), order

    def uniform(self):
        return self.values.pop(0)

    def permutation(self, n):
        return np.array(self.order if self.order is not None else range(n))


def augment(kwargs, image, label, draws, order=None):
    rng = Scripted(draws, order)
    out = DetectionAugmenter(dict(kwargs))(image, np.asarray(label, F32), rng)
    assert rng.values == [], "draws left over"
    return out


# ----- deterministic path --------------------------------------------------------------------------

RANDOM_OFF = dict(rand_crop_prob=0, rand_pad_prob=0, random_hue_prob=0, random_saturation_prob=0,
                  random_illumination_prob=0, random_contrast_prob=0, max_pad_scale=3, max_random_hue=20,
                  max_random_saturation=20, max_random_illumination=20, max_random_contrast=0.5,
                  min_crop_scales=0.3, max_crop_trials=3, fill_value=0)


@pytest.mark.parametrize("extra", [{}, dict(rand_mirror_prob=0.5, seed_aug=3), dict(resize_mode="fit")])
def test_probabilities_zero_give_the_deterministic_batches(extra):
    kwargs = dict(data_shape=(3, 10, 9), batch_size=2, **extra)
    plain, off = epoch(DET, **kwargs), epoch(DET, **RANDOM_OFF, **kwargs)
    assert len(plain) == len(off) == 3
    for (data, label), (data2, label2) in zip(plain, off):
        np.testing.assert_array_equal(data, data2)
        np.testing.assert_array_equal(label, label2)


def test_invalid_objects_are_dropped_as_mxnet_does(tmp_path):
    rec = write_rec(tmp_path / "sq.rec", [(pixels(20, 20, 1), LABEL)])
    _, label = first(rec, data_shape=(3, 20, 20))
    # MXNet 1.9.1: [3, 20, 20, 12, 2, 5, 0, .1, .2, .5, .6, 2, .6, .7, .9, .95, -1 x 5]
    np.testing.assert_array_equal(label[0, :4], [3, 20, 20, 12])
    np.testing.assert_array_equal(label[0, 4:16], np.array(LABEL[:7] + LABEL[12:], F32))
    assert (label[0, 16:] == -1).all()


# ----- random crop ---------------------------------------------------------------------------------

def test_near_full_crop_matches_mxnet(tmp_path):
    """Scale in [0.999, 1) of a 20x20 image crops rows and columns 0..18 whatever the draws."""
    image = pixels(20, 20, 1)
    rec = write_rec(tmp_path / "sq.rec", [(image, LABEL)])
    cropped = write_rec(tmp_path / "cropped.rec", [(image[:19, :19], LABEL)])
    for seed in range(3):
        data, label = first(rec, data_shape=(3, 20, 20), rand_crop_prob=1, min_crop_scales=0.999,
                            max_crop_scales=1.0, seed_aug=seed)
        np.testing.assert_array_equal(data, first(cropped, data_shape=(3, 20, 20))[0])
        # MXNet 1.9.1's first row of red
        assert data[0, 0, 0].astype(int).tolist() == [37, 15, 15, 28, 28, 44, 61, 54, 59, 58, 69, 88, 80, 73, 72,
                                                       74, 91, 132, 138, 97]
        # MXNet: [0.099786, 0.199804, 0.49999, 0.600009], [0.600042, 0.70006, 0.900195, 0.950188]
        np.testing.assert_array_equal(label[0, :6], [3, 20, 20, 12, 2, 5])
        np.testing.assert_allclose(label[0, [7, 8, 9, 10, 12, 13, 14, 15]],
                                   [0.1, 0.2, 0.5, 0.6, 0.6, 0.7, 0.9, 0.95], atol=2e-3)


CROP = dict(data_shape=(3, 40, 40), resize_mode="shrink", rand_crop_prob=1, min_crop_scales=0.5,
            max_crop_scales=1.0)
CROP_LABEL = [2, 5, 7, 0.3, 0.2, 0.5, 0.4, 8, 0.6, 0.5, 0.95, 0.9]


def test_crop_geometry_with_fixed_draws():
    """prob draw, then scale 0.5 (u=0), aspect 1, x0 = 0.25 (u=0.5), y0 = 0.1 (u=0.2): pixels
    [2:12, 5:15]; only the object whose centre is inside is kept, projected and clamped."""
    image = pixels(20, 20, 2)
    out, label = augment(CROP, image, CROP_LABEL, [0.0, 0.0, 0.0, 0.5, 0.2])
    np.testing.assert_array_equal(out, image[2:12, 5:15])
    np.testing.assert_allclose(label, [2, 5, 7, 0.1, 0.2, 0.5, 0.6], rtol=1e-6)


def test_overlap_emit_mode_keeps_objects_above_the_threshold():
    """The second object overlaps the crop by 0.015 / 0.14 = 0.107 of its area."""
    image = pixels(20, 20, 2)
    draws = [0.0, 0.0, 0.0, 0.5, 0.2]
    _, label = augment(dict(CROP, crop_emit_mode="overlap"), image, CROP_LABEL, draws)
    np.testing.assert_allclose(label, [2, 5, 7, 0.1, 0.2, 0.5, 0.6], rtol=1e-6)  # default thresh 0.3
    _, label = augment(dict(CROP, crop_emit_mode="overlap", emit_overlap_thresh=0.1), image, CROP_LABEL,
                       list(draws))
    np.testing.assert_allclose(label, [2, 5, 7, 0.1, 0.2, 0.5, 0.6, 8, 0.7, 0.8, 1, 1], rtol=1e-6)


def test_a_trial_that_meets_no_constraint_is_retried():
    """min_crop_overlaps=0.5: the first box (0.25, 0.1, 0.5, 0.5) has IOU 0.25 / 0.81 with the
    object, the second (scale 0.99995 at (0, 0): 19x19 pixels) 0.81 / 0.99990."""
    image = pixels(20, 20, 2)
    kwargs = dict(CROP, min_crop_overlaps=0.5)
    draws = [0.0] + [0.0, 0.0, 0.5, 0.2] + [0.9999, 0.0, 0.0, 0.0]
    out, label = augment(kwargs, image, [2, 5, 4, 0.0, 0.0, 0.9, 0.9], draws)
    np.testing.assert_array_equal(out, image[:19, :19])
    np.testing.assert_allclose(label, [2, 5, 4, 0, 0, 0.9 / 0.99995, 0.9 / 0.99995], rtol=1e-6)
    with pytest.raises(IndexError):  # the first trial alone does not crop: it asks for the next one
        augment(kwargs, image, [2, 5, 4, 0.0, 0.0, 0.9, 0.9], draws[:5])


def test_every_sampler_failing_leaves_the_image():
    image = pixels(20, 20, 2)
    kwargs = dict(CROP, num_crop_sampler=2, max_crop_trials=(1, 2), min_crop_sample_coverages=0.9,
                  max_crop_scales=0.6)
    # sampler 1 first: two trials, then sampler 0: one trial, each box at (0, 0) of scale 0.5
    out, label = augment(kwargs, image, CROP_LABEL, [0.0] + [0.0, 0.0, 0.0, 0.0] * 3, order=[1, 0])
    np.testing.assert_array_equal(out, image)
    np.testing.assert_array_equal(label, np.array(CROP_LABEL, F32))


def test_samplers_are_tried_in_the_drawn_order():
    """Sampler 1 (scale 0.5) cannot contain an object's centre at (0, 0); sampler 0 (scale 0.8)
    can. Trying 1 first consumes its trials before 0 crops."""
    image = pixels(20, 20, 2)
    kwargs = dict(CROP, num_crop_sampler=2, min_crop_scales=(0.8, 0.5), max_crop_scales=(0.81, 0.51),
                  max_crop_trials=(1, 1))
    label_in = [2, 5, 1, 0.6, 0.6, 0.8, 0.8]
    out, label = augment(kwargs, image, label_in, [0.0] + [0.0, 0.0, 0.0, 0.0] * 2, order=[1, 0])
    assert out.shape == (16, 16, 3)
    np.testing.assert_allclose(label, [2, 5, 1, 0.75, 0.75, 1, 1], rtol=1e-6)


def test_crop_without_objects_still_crops():
    image = pixels(20, 20, 2)
    out, label = augment(CROP, image, [2, 5, 1, 0.5, 0.5, 0.4, 0.9], [0.0, 0.0, 0.0, 0.5, 0.2])
    np.testing.assert_array_equal(out, image[2:12, 5:15])
    np.testing.assert_array_equal(label, [2, 5])


@pytest.mark.parametrize("mode", ["center", "overlap"])
def test_random_crops_keep_boxes_inside(mode):
    kwargs = dict(data_shape=(3, 8, 8), batch_size=5, rand_crop_prob=1, crop_emit_mode=mode, num_crop_sampler=3,
                  min_crop_scales=(0.3, 0.5, 0.7), max_crop_scales=(0.6, 0.9, 1.0), min_crop_aspect_ratios=0.5,
                  max_crop_aspect_ratios=2.0, min_crop_overlaps=(0.1, 0.0, 0.0), max_crop_trials=50)
    plain = epoch(DET, data_shape=(3, 8, 8), batch_size=5)[0][1]
    changed = 0
    for seed in range(8):
        data, label = epoch(DET, seed_aug=seed, **kwargs)[0]
        assert data.shape == (5, 3, 8, 8) and data.dtype == np.float32
        for row, original in zip(label, plain):
            count = int(row[3])
            assert row[4:6].tolist() == [2, 5] and (count - 2) % 5 == 0 and count >= 7
            assert count <= original[3] and (row[4 + count:] == -1).all()
            boxes = row[6:4 + count].reshape(-1, 5)
            assert ((boxes[:, 1:] >= 0) & (boxes[:, 1:] <= 1)).all()
            assert (boxes[:, 3] >= boxes[:, 1]).all() and (boxes[:, 4] >= boxes[:, 2]).all()
            assert set(boxes[:, 0]) <= set(original[6:4 + int(original[3])].reshape(-1, 5)[:, 0])
            changed += not np.array_equal(row, original)
    assert changed > 20


def test_crop_probability_between_zero_and_one():
    kwargs = dict(data_shape=(3, 8, 8), batch_size=5, rand_crop_prob=0.5, min_crop_scales=0.3, max_crop_trials=50)
    plain = epoch(DET, data_shape=(3, 8, 8), batch_size=5)[0][1]
    cropped = [int(not np.array_equal(row, p)) for seed in range(10)
               for row, p in zip(epoch(DET, seed_aug=seed, **kwargs)[0][1], plain)]
    assert 10 <= sum(cropped) <= 40


# ----- random pad ----------------------------------------------------------------------------------

def test_pad_geometry_with_fixed_draws():
    """scale 1.5 (u=0.5 of [1, 2)), x0 = 0.25 (u=0.5 of [0, 0.5)), y0 = 0: the 20x20 image at
    (0, 5) of a 30x30 canvas of fill_value; boxes (x + x0) / 1.5, y / 1.5."""
    image = pixels(20, 20, 3)
    kwargs = dict(data_shape=(3, 40, 40), resize_mode="shrink", rand_pad_prob=1, max_pad_scale=2, fill_value=33)
    out, label = augment(kwargs, image, CROP_LABEL, [0.0, 0.5, 0.5, 0.0])
    assert out.shape == (30, 30, 3)
    np.testing.assert_array_equal(out[0:20, 5:25], image)
    mask = np.ones((30, 30), bool)
    mask[0:20, 5:25] = False
    assert (out[mask] == 33).all()
    expected = [2, 5, 7, 0.55 / 1.5, 0.2 / 1.5, 0.75 / 1.5, 0.4 / 1.5, 8, 0.85 / 1.5, 0.5 / 1.5, 1.2 / 1.5, 0.6]
    np.testing.assert_allclose(label, expected, rtol=1e-6)


def test_pad_below_the_threshold_does_nothing():
    image = pixels(20, 20, 3)
    kwargs = dict(data_shape=(3, 40, 40), resize_mode="shrink", rand_pad_prob=1, max_pad_scale=2)
    out, label = augment(kwargs, image, CROP_LABEL, [0.0, 0.04])  # scale 1.04 < 1.05
    np.testing.assert_array_equal(out, image)
    np.testing.assert_array_equal(label, np.array(CROP_LABEL, F32))


def test_pad_fill_of_gray_and_rgba_images():
    for channels, fill in ((1, [200]), (4, [200, 200, 200, 0])):
        image = pixels(10, 10, 3, channels)
        kwargs = dict(data_shape=(channels, 40, 40), resize_mode="shrink", rand_pad_prob=1, max_pad_scale=3,
                      fill_value=200)
        out, _ = augment(kwargs, image, CROP_LABEL, [0.0, 0.5, 1 / 3, 0.5])  # scale 2, x0 1/3, y0 1/2
        assert out.shape == (20, 19, channels)  # left int(3.33) = 3, right int(6.67) = 6
        np.testing.assert_array_equal(out[5:15, 3:13], image)
        assert out[0, 0].tolist() == fill and out[-1, -1].tolist() == fill


@pytest.mark.parametrize("seed", range(4))
def test_random_pad_through_the_iterator(tmp_path, seed):
    """Shrink mode with room to spare shows the padded image: it holds the original once, every
    other pixel is fill_value, and the boxes moved with it."""
    image = pixels(20, 20, 1)
    rec = write_rec(tmp_path / "sq.rec", [(image, LABEL)])
    data, label = first(rec, data_shape=(3, 48, 48), resize_mode="shrink", rand_pad_prob=1, max_pad_scale=2.2,
                        fill_value=33, seed_aug=seed)
    rows, cols = int(label[0, 1]), int(label[0, 2])
    assert 21 <= rows <= 44 and 21 <= cols <= 44
    padded = data[0].transpose(1, 2, 0).astype(np.uint8)[:rows, :cols]
    hits = [(t, l) for t in range(rows - 19) for l in range(cols - 19)
            if np.array_equal(padded[t:t + 20, l:l + 20], image)]
    assert len(hits) == 1
    top, left = hits[0]
    mask = np.ones((rows, cols), bool)
    mask[top:top + 20, left:left + 20] = False
    assert (padded[mask] == 33).all()
    boxes = label[0, 6:16].reshape(2, 5)
    original = np.array([LABEL[2:7], LABEL[12:17]], F32)
    np.testing.assert_allclose(boxes[:, [1, 3]] * cols, original[:, [1, 3]] * 20 + left, atol=2)
    np.testing.assert_allclose(boxes[:, [2, 4]] * rows, original[:, [2, 4]] * 20 + top, atol=2)


# ----- colour --------------------------------------------------------------------------------------

# MXNet 1.9.1 on pixels(16, 16, 7): (shift found by search, total of the batch, first row of each channel)
COLOUR_REFERENCE = {
    "hue": (118333, [[44, 48, 33, 69, 28, 67, 69, 82, 40, 91, 94, 80, 112, 99, 84, 122],
                     [84, 76, 119, 101, 146, 113, 115, 135, 176, 116, 158, 188, 160, 161, 154, 165],
                     [104, 104, 87, 119, 126, 102, 89, 158, 167, 145, 186, 148, 108, 111, 112, 178]]),
    "saturation": (116573, [[46, 59, 33, 73, 28, 67, 70, 82, 41, 104, 94, 80, 109, 100, 84, 122],
                            [44, 48, 90, 70, 83, 92, 108, 82, 90, 92, 94, 152, 159, 160, 147, 126],
                            [104, 104, 119, 118, 146, 113, 114, 158, 175, 144, 186, 188, 141, 154, 154, 178]]),
    "illumination": (145784, [[70, 90, 50, 105, 41, 97, 100, 129, 79, 145, 149, 136, 156, 148, 129, 171],
                              [67, 73, 137, 101, 120, 131, 153, 129, 129, 135, 149, 185, 190, 190, 181, 174],
                              [159, 157, 180, 165, 211, 161, 162, 189, 215, 179, 209, 210, 178, 186, 187, 207]]),
    "contrast": (118588, [[48, 60, 34, 73, 29, 68, 70, 85, 41, 105, 96, 80, 110, 101, 86, 123],
                          [45, 49, 91, 70, 87, 93, 110, 84, 93, 93, 97, 153, 162, 164, 151, 126],
                          [107, 106, 120, 120, 149, 115, 116, 162, 178, 147, 189, 192, 143, 157, 157, 181]]),
}
# the uniform draw in [0, 1) that gives MXNet's shift: hue -21 of 30, saturation -1 of 50,
# illumination 39 of 50, contrast 0.018673 of 0.5
COLOUR_DRAWS = {"hue": (30, 0.14), "saturation": (50, 0.485), "illumination": (50, 0.895),
                "contrast": (0.5, 0.518673)}


@pytest.mark.parametrize("kind", sorted(COLOUR_REFERENCE))
def test_colour_shift_matches_mxnet_bit_for_bit(kind):
    image = pixels(16, 16, 7)
    size, u = COLOUR_DRAWS[kind]
    kwargs = {"data_shape": (3, 16, 16), f"random_{kind}_prob": 1, f"max_random_{kind}": size}
    order = ["hue", "saturation", "illumination", "contrast"]
    shifts = [u if k == kind else 0.5 for k in order]  # 0.5 draws a shift of 0
    out, label = augment(kwargs, image, [2, 5, 0, 0.1, 0.2, 0.5, 0.6], shifts + [0.0] * 4)
    total, first_row = COLOUR_REFERENCE[kind]
    assert out.shape == image.shape and out.dtype == np.uint8
    assert int(out.astype(int).sum()) == total
    assert out[0].T.astype(int).tolist() == first_row
    np.testing.assert_array_equal(label, np.array([2, 5, 0, 0.1, 0.2, 0.5, 0.6], F32))


def test_colour_probabilities_gate_each_shift():
    image = pixels(16, 16, 7)
    kwargs = dict(data_shape=(3, 16, 16), random_hue_prob=0.5, max_random_hue=30, random_contrast_prob=0.5,
                  max_random_contrast=0.5)
    # shifts drawn (hue -21, contrast 0.018673) but both probability draws (0.7) miss
    out, _ = augment(kwargs, image, [2, 5, 0, 0.1, 0.2, 0.5, 0.6], [0.14, 0.5, 0.5, 0.518673, 0.7, 0.0, 0.0, 0.7])
    np.testing.assert_array_equal(out, image)


def test_contrast_stays_within_its_range():
    kwargs = dict(data_shape=(3, 8, 8), batch_size=5, random_contrast_prob=1, max_random_contrast=0.3)
    plain = epoch(DET, data_shape=(3, 8, 8), batch_size=5)[0][0]
    changed = 0
    for seed in range(5):
        data, label = epoch(DET, seed_aug=seed, **kwargs)[0]
        assert data.shape == plain.shape and data.dtype == np.float32
        assert ((data >= 0) & (data <= 255) & (data == np.round(data))).all()
        low, high = np.floor(plain * 0.7 - 1), np.ceil(np.minimum(plain * 1.3 + 1, 255))
        assert ((data >= low) & (data <= high)).all()
        changed += int((data != plain).any())
    assert changed == 5


@pytest.mark.parametrize("kind, size", [("hue", 40), ("saturation", 60), ("illumination", 60)])
def test_hls_jitter_changes_values_and_keeps_shape(kind, size):
    kwargs = {"data_shape": (3, 8, 8), "batch_size": 5, f"random_{kind}_prob": 1, f"max_random_{kind}": size}
    plain = epoch(DET, data_shape=(3, 8, 8), batch_size=5)[0]
    data, label = epoch(DET, seed_aug=1, **kwargs)[0]
    assert data.shape == plain[0].shape and ((data >= 0) & (data <= 255)).all()
    assert (data != plain[0]).any()
    np.testing.assert_array_equal(label, plain[1])


def test_hls_jitter_of_a_gray_image_fails_as_in_mxnet_but_contrast_works(tmp_path):
    rec = write_rec(tmp_path / "gray.rec", [(pixels(6, 6, 3, 1), [2, 5, 0, 0.1, 0.2, 0.5, 0.6])])
    with pytest.raises(mx.base.MXNetError, match="cvtColor"):
        first(rec, data_shape=(1, 6, 6), random_hue_prob=1, max_random_hue=30)
    data, label = first(rec, data_shape=(1, 6, 6), random_contrast_prob=1, max_random_contrast=0.5)
    assert data.shape == (1, 1, 6, 6) and label[0, 0] == 1


def test_rgba_keeps_its_alpha_under_hls_jitter():
    image = pixels(6, 6, 3, 4)
    kwargs = dict(data_shape=(4, 6, 6), random_hue_prob=1, max_random_hue=30)
    out, _ = augment(kwargs, image, [2, 5, 0, 0.1, 0.2, 0.5, 0.6], [0.14, 0.5, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0])
    np.testing.assert_array_equal(out[..., 3], image[..., 3])
    assert (out[..., :3] != image[..., :3]).any()


# ----- order, determinism, errors ------------------------------------------------------------------

def test_order_is_colour_mirror_pad_crop_resize():
    """Mirror flips before the pad: the image lands at x0 of the padded canvas mirrored; the crop
    then cuts the padded canvas."""
    image = pixels(20, 20, 3)
    kwargs = dict(data_shape=(3, 40, 40), resize_mode="shrink", rand_mirror_prob=1, rand_pad_prob=1,
                  max_pad_scale=2, fill_value=9, rand_crop_prob=1, min_crop_scales=0.5)
    # mirror; pad scale 1.5 at (x0 0.25, y0 0); crop scale 0.5 at (0, 0) of the 30x30 canvas
    label_in = [2, 5, 3, 0.05, 0.05, 0.3, 0.3]  # mirrored to x in [0.7, 0.95] -> padded x in [0.63, 0.8]
    draws = [0.0, 0.0, 0.5, 0.5, 0.0, 0.0] + [0.0, 0.0, 0.0, 0.0] * 25
    out, label = augment(kwargs, image, label_in, draws)
    canvas = np.full((30, 30, 3), 9, np.uint8)
    canvas[0:20, 5:25] = image[:, ::-1]
    np.testing.assert_array_equal(out, canvas)  # the 25 trials all miss the object's centre: no crop
    np.testing.assert_allclose(label, [2, 5, 3, 0.95 / 1.5, 0.05 / 1.5, 1.2 / 1.5, 0.3 / 1.5], rtol=1e-6)
    draws = [0.0, 0.0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 0.9, 0.0]  # crop at x0 = 0.45
    out, label = augment(kwargs, image, label_in, draws)
    np.testing.assert_array_equal(out, canvas[0:15, 13:28])
    np.testing.assert_allclose(label, [2, 5, 3, (0.95 / 1.5 - 0.45) / 0.5, 0.05 / 1.5 / 0.5,
                                       (1.2 / 1.5 - 0.45) / 0.5, 0.3 / 1.5 / 0.5], rtol=1e-5)


def test_same_seed_same_batches_other_seed_other_batches():
    kwargs = dict(data_shape=(3, 8, 8), batch_size=5, rand_crop_prob=0.8, min_crop_scales=0.3, max_crop_trials=50,
                  rand_pad_prob=0.5, max_pad_scale=2, random_hue_prob=0.5, max_random_hue=20, random_contrast_prob=0.5,
                  max_random_contrast=0.2, rand_mirror_prob=0.5)
    one, again = epoch(DET, seed_aug=4, **kwargs), epoch(DET, seed_aug=4, preprocess_threads=3, **kwargs)
    other = epoch(DET, seed_aug=5, **kwargs)
    for (data, label), (data2, label2) in zip(one, again):
        np.testing.assert_array_equal(data, data2)
        np.testing.assert_array_equal(label, label2)
    assert any(not np.array_equal(a[0], b[0]) for a, b in zip(one, other))


def test_no_warning_for_the_random_options(recwarn):
    mx.io.ImageDetRecordIter(path_imgrec=DET, data_shape=(3, 8, 8), batch_size=2, rand_crop_prob=0.5,
                             random_hue_prob=1, rand_pad_prob=1, max_pad_scale=1.5).next()
    assert not [w for w in recwarn if "does not implement" in str(w.message)]


@pytest.mark.parametrize("kwargs, message", [
    (dict(min_crop_scales=0.5, max_crop_scales=0.5),
     "Check failed: param_.max_crop_scales[i] > param_.min_crop_scales[i] (0.5 vs. 0.5)"),
    (dict(min_crop_scales=-0.1), "Check failed: param_.min_crop_scales[i] >= 0.0f (-0.1 vs. 0)"),
    (dict(max_crop_scales=1.1), "Check failed: param_.max_crop_scales[i] <= 1.0f (1.1 vs. 1)"),
    (dict(min_crop_aspect_ratios=-1), "Check failed: param_.min_crop_aspect_ratios[i] >= 0.0f (-1 vs. 0)"),
    (dict(min_crop_aspect_ratios=2),
     "Check failed: param_.max_crop_aspect_ratios[i] >= param_.min_crop_aspect_ratios[i] (1 vs. 2)"),
    (dict(min_crop_overlaps=0.5, max_crop_overlaps=0.2),
     "Check failed: param_.max_crop_overlaps[i] >= param_.min_crop_overlaps[i] (0.2 vs. 0.5)"),
    (dict(min_crop_sample_coverages=0.5, max_crop_sample_coverages=0.2),
     "Check failed: param_.max_crop_sample_coverages[i] >= param_.min_crop_sample_coverages[i] (0.2 vs. 0.5)"),
    (dict(min_crop_object_coverages=0.5, max_crop_object_coverages=0.2),
     "Check failed: param_.max_crop_object_coverages[i] >= param_.min_crop_object_coverages[i] (0.2 vs. 0.5)"),
    (dict(min_crop_scales=(0.1, 0.2)), "Check failed: param->ndim() == 1 (2 vs. 1)"),
    (dict(num_crop_sampler=2, min_crop_scales=(0.1, 0.2, 0.3)),
     "Check failed: param->ndim() == num_sampler (3 vs. 2) : # of parameters/crop_samplers mismatch"),
    (dict(num_crop_sampler=2, max_crop_trials=(1, 2, 3)),
     "Check failed: param->ndim() == num_sampler (3 vs. 2) : # of parameters/crop_samplers mismatch"),
    (dict(num_crop_sampler=3, min_crop_scales=0.6, max_crop_scales=(1, 0.9, 0.5)),
     "Check failed: param_.max_crop_scales[i] > param_.min_crop_scales[i] (0.5 vs. 0.6)"),
    (dict(emit_overlap_thresh=-0.1), "Check failed: param_.emit_overlap_thresh >= 0.0f (-0.1 vs. 0)"),
    (dict(crop_emit_mode="foo"), "Invalid Input: 'foo', valid values are: {'center', 'overlap'}"),
    (dict(inter_method=5), "invalid inter_method: valid value 0,1,2,3,9,10"),
    (dict(max_crop_trials=(1.5,)),
     "Invalid Parameter format for max_crop_trials expect Shape(tuple) but value='(1.5,)'"),
    (dict(max_crop_trials="x"), "Invalid Parameter format for max_crop_trials expect Shape(tuple) but value='x'"),
    (dict(min_crop_scales="x"), "Invalid Parameter format for min_crop_scales expect tuple of <float> but value='x'"),
    (dict(max_random_hue=1.5), "Invalid Parameter format for max_random_hue expect int but value='1.5'"),
    (dict(fill_value=1.5), "Invalid Parameter format for fill_value expect int but value='1.5'"),
    (dict(num_crop_sampler="x"), "Invalid Parameter format for num_crop_sampler expect int but value='x'"),
    (dict(rand_crop_prob="x"), "Invalid Parameter format for rand_crop_prob expect float but value='x'"),
])
def test_parameter_errors_carry_mxnet_messages(kwargs, message):
    with pytest.raises(mx.base.MXNetError) as caught:
        mx.io.ImageDetRecordIter(path_imgrec=DET, data_shape=(3, 8, 8), batch_size=2, **kwargs)
    assert message in str(caught.value)


def test_samplers_are_not_checked_when_there_are_none():
    """MXNet skips the sampler checks (and the crop) for num_crop_sampler <= 0."""
    for count in (0, -1):
        data, label = epoch(DET, data_shape=(3, 8, 8), batch_size=5, num_crop_sampler=count,
                            min_crop_scales=(0.1, 0.2, 0.3), rand_crop_prob=1)[0]
        plain = epoch(DET, data_shape=(3, 8, 8), batch_size=5)[0]
        np.testing.assert_array_equal(data, plain[0])
        np.testing.assert_array_equal(label, plain[1])
