"""ImageRecordIter and friends over the PNG RecordIO files of tests/fixtures/io_image_record: run on
mxnd by test_against_mxnet.py and on MXNet 1.9.1 by tools/make_image_record_fixtures.py (which
also writes the .rec files and records MXNet's results in expected.json).

Each case takes the ``mx`` module and returns JSON data (casekit.encode); errors are recorded as
``{"error": type name}`` in place of the batch that raised.
"""
import os
import pathlib

from casekit import encode, new_folder, run_case

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "io_image_record"
IMAGES = 7  # records in images.rec


def path(name):
    return str(FIXTURES / name)


def _batch(batch, rows=None, pad=True):
    """A batch as JSON data; ``rows`` keeps only the first rows (the ones MXNet fills). MXNet 1.9.1
    never clears a recycled batch's pad, so after a padded batch its full ones may report a stale
    pad: ``pad=False`` leaves it out (None)."""
    data, label = batch.data[0].asnumpy(), batch.label[0].asnumpy()
    if rows is not None:
        data, label = data[:rows], label[:rows]
    return {"data": encode(data), "label": encode(label), "pad": batch.pad if pad else None}


def _make(mx, name, **kwargs):
    kwargs.setdefault("path_imgrec", path("images.rec"))
    kwargs.setdefault("verbose", False)
    return getattr(mx.io, name)(**kwargs)


def _epochs(mx, name="ImageRecordIter", epochs=1, **kwargs):
    """The batches of ``epochs`` epochs with a reset between; an error ends the record. Pads are
    recorded for the first epoch only (see ``_batch``)."""
    result = []
    try:
        it = _make(mx, name, **kwargs)
        for epoch in range(epochs):
            result.append([_batch(batch, pad=epoch == 0) for batch in it])
            it.reset()
    except Exception as error:  # noqa: BLE001 - both libraries' errors are recorded
        result.append({"error": type(error).__name__})
    return result


def case_plain(mx, **kwargs):
    return _epochs(mx, epochs=3, data_shape=(3, 8, 8), batch_size=3, **kwargs)


def case_descs(mx):
    it = _make(mx, "ImageRecordIter", data_shape=(3, 8, 8), batch_size=2, label_width=1)
    return [[d.name, list(d.shape), str(d.dtype)] for d in it.provide_data + it.provide_label]


def case_index(mx, name):
    it = _make(mx, name, data_shape=(3, 8, 8), batch_size=4)
    return [[int(i) for i in batch.index] for batch in it]


def case_no_round_batch(mx, name):
    """round_batch=False: MXNet leaves stale memory (and pad 0) in the last batch, so only the
    filled rows are compared."""
    it = _make(mx, name, data_shape=(3, 8, 8), batch_size=3, round_batch=False)
    epochs = []
    for _ in range(2):
        seen, batches = 0, []
        for batch in it:
            batches.append(_batch(batch, rows=min(3, IMAGES - seen))["data"])
            seen += 3
        epochs.append(batches)
        it.reset()
    return epochs


def case_reset_mid_epoch(mx):
    it = _make(mx, "ImageRecordIter", data_shape=(3, 8, 8), batch_size=3, ctx="cpu")
    first = _batch(it.next())
    it.reset()
    return [first] + [_batch(batch) for batch in it]


def case_mean_img(mx, name):
    """mean_img: a missing file is computed over the data set and saved, then used."""
    mean_path = os.path.join(new_folder(), "mean.bin")
    kwargs = dict(data_shape=(3, 8, 8), batch_size=4, mean_img=mean_path, scale=0.5, std_g=2.0)
    first = _epochs(mx, name, **kwargs)
    saved = mx.nd.load(mean_path)
    second = _epochs(mx, name, **kwargs)
    return {"first": first, "saved": {k: encode(v) for k, v in saved.items()}, "second": second}


CASES = {
    "plain": (case_plain, ()),
    "plain_indexed": (case_plain, ()),  # filled in below with path_imgidx
    "descs": (case_descs, ()),
    "index_v2": (case_index, ("ImageRecordIter",)),
    "index_v1": (case_index, ("ImageRecordIter_v1",)),
    "no_round_batch": (case_no_round_batch, ("ImageRecordIter",)),
    "no_round_batch_v1": (case_no_round_batch, ("ImageRecordIter_v1",)),
    "reset_mid_epoch": (case_reset_mid_epoch, ()),
    "mean_img": (case_mean_img, ("ImageRecordIter",)),
    "mean_img_v1": (case_mean_img, ("ImageRecordIter_v1",)),
}


def _add(name, *spec, **kwargs):
    """A case of ``_epochs``; ``spec`` may give the iterator name (str) and epoch count (int)."""
    iterator = next((s for s in spec if isinstance(s, str)), "ImageRecordIter")
    epochs = next((s for s in spec if isinstance(s, int)), 1)
    CASES[name] = (lambda mx: _epochs(mx, iterator, epochs, **kwargs), ())


CASES["plain_indexed"] = (lambda mx: case_plain(mx, path_imgidx=path("images.idx")), ())
_add("normalized", data_shape=(3, 8, 8), batch_size=4, mean_r=123.68, mean_g=116.28, mean_b=103.53,
     std_r=58.395, std_g=57.12, std_b=57.375, scale=1 / 255)
_add("resize", data_shape=(3, 9, 7), batch_size=4, resize=11)
_add("resize_nearest", data_shape=(3, 8, 8), batch_size=7, resize=20, inter_method=0)
_add("resize_cubic", data_shape=(3, 8, 8), batch_size=7, resize=20, inter_method=2)
_add("resize_area", data_shape=(3, 5, 5), batch_size=7, resize=6, inter_method=3)
_add("resize_auto", data_shape=(3, 8, 8), batch_size=7, resize=9, inter_method=9)
_add("upscale", data_shape=(3, 15, 18), batch_size=7)
_add("upscale_auto", data_shape=(3, 15, 14), batch_size=7, inter_method=9)
_add("uint8", 2, "ImageRecordUInt8Iter", data_shape=(3, 8, 8), batch_size=3, mean_r=50)
_add("uint8_dtype", data_shape=(3, 8, 8), batch_size=4, dtype="uint8", scale=2)
_add("int8", "ImageRecordInt8Iter", data_shape=(3, 8, 8), batch_size=4, mean_r=100.5, mean_g=60, mean_b=200)
_add("int8_dtype", data_shape=(3, 8, 8), batch_size=4, dtype="int8", mean_r=-20.5, std_r=4)
_add("gray", data_shape=(1, 8, 8), batch_size=4, mean_r=10, std_r=3)
_add("rgba", path_imgrec=path("rgba.rec"), data_shape=(4, 6, 6), batch_size=2, mean_a=5, std_a=2)
_add("multi_label", 2, path_imgrec=path("multi.rec"), data_shape=(3, 8, 8), batch_size=2, label_width=3)
_add("imglist", path_imglist=path("images.lst"), data_shape=(3, 8, 8), batch_size=4, label_width=2)
_add("imglist_one", path_imglist=path("images.lst"), data_shape=(3, 8, 8), batch_size=4)
_add("mirror", data_shape=(3, 8, 8), batch_size=4, mirror=True, mean_g=3)
_add("pad", data_shape=(3, 14, 14), batch_size=4, pad=2, fill_value=7)
_add("rotate_90", data_shape=(3, 8, 8), batch_size=7, rotate=90)
_add("rotate_30", data_shape=(3, 8, 8), batch_size=7, rotate=30, fill_value=0)
_add("rotate_45_border", data_shape=(3, 12, 12), batch_size=7, rotate=45, fill_value=9, min_img_size=14)
_add("rotate_cubic", data_shape=(3, 8, 8), batch_size=7, rotate=20, inter_method=2)
_add("rotate_lanczos", data_shape=(3, 10, 10), batch_size=7, rotate=100, inter_method=4, fill_value=30,
     min_img_size=13)
_add("rotate_area", data_shape=(3, 8, 8), batch_size=7, rotate=10, inter_method=3)
_add("img_size", data_shape=(3, 8, 8), batch_size=7, min_img_size=15, max_img_size=15.5)
_add("crop_size", data_shape=(3, 6, 6), batch_size=7, max_crop_size=8, min_crop_size=8)
_add("crop_size_auto", data_shape=(3, 9, 9), batch_size=7, max_crop_size=7, min_crop_size=7, inter_method=9)
_add("zero_probabilities", data_shape=(3, 8, 8), batch_size=7, random_resized_crop=True, max_random_area=1,
     min_random_area=1, brightness=0, random_h=0, max_random_contrast=0, pca_noise=0)
for _parts, _index in ((2, 0), (2, 1), (3, 0), (3, 1), (3, 2)):
    _add(f"parts_{_parts}_{_index}", 2, data_shape=(3, 8, 8), batch_size=2, num_parts=_parts, part_index=_index)
    _add(f"parts_{_parts}_{_index}_indexed", 2, data_shape=(3, 8, 8), batch_size=2, num_parts=_parts,
         part_index=_index, path_imgidx=path("images.idx"))
_add("batch_8", 2, data_shape=(3, 8, 8), batch_size=8)
_add("v1", 3, "ImageRecordIter_v1", data_shape=(3, 8, 8), batch_size=3, mean_r=123.68, std_r=58.395,
     scale=1 / 255, mean_g=1.5, std_b=3)
_add("uint8_v1", 2, "ImageRecordUInt8Iter_v1", data_shape=(3, 9, 9), batch_size=3, resize=10)
_add("det", 2, "ImageDetRecordIter", path_imgrec=path("det.rec"), data_shape=(3, 8, 8), batch_size=2)
_add("det_padded", "ImageDetRecordIter", path_imgrec=path("det.rec"), data_shape=(3, 6, 7), batch_size=5,
     label_pad_width=20, label_pad_value=-2, mean_r=10, std_r=2, std_g=4, scale=0.5)
_add("det_resize", "ImageDetRecordIter", path_imgrec=path("det.rec"), data_shape=(3, 10, 10), batch_size=5,
     resize=12, inter_method=2)
_add("det_gray", "ImageDetRecordIter", path_imgrec=path("det.rec"), data_shape=(1, 8, 8), batch_size=5)
# errors
_add("error_label_width", data_shape=(3, 8, 8), batch_size=2, label_width=2)
_add("error_multi_label_width", path_imgrec=path("multi.rec"), data_shape=(3, 8, 8), batch_size=2)
_add("error_channels", data_shape=(2, 8, 8), batch_size=2)
_add("error_shape_ndim", data_shape=(3, 8), batch_size=2)
_add("error_shape_zero", data_shape=(3, 0, 8), batch_size=2)
_add("error_batch_too_big", data_shape=(3, 8, 8), batch_size=15)
_add("error_missing_file", path_imgrec=path("missing.rec"), data_shape=(3, 8, 8), batch_size=2)
_add("error_no_file", path_imgrec="", data_shape=(3, 8, 8), batch_size=2)
_add("error_inter_method", data_shape=(3, 8, 8), batch_size=2, resize=10, inter_method=7)
_add("error_resized_crop_conflict", data_shape=(3, 8, 8), batch_size=2, random_resized_crop=True, rand_crop=True)
_add("error_part_index", data_shape=(3, 8, 8), batch_size=2, num_parts=2, part_index=2)
_add("error_dtype", data_shape=(3, 8, 8), batch_size=2, dtype="float16")
_add("error_label_width_zero", data_shape=(3, 8, 8), batch_size=2, label_width=0)
_add("error_crop_too_big", data_shape=(3, 6, 6), batch_size=2, max_crop_size=20, min_crop_size=20)
_add("error_rgba_of_rgb", data_shape=(4, 8, 8), batch_size=2)
_add("error_imglist_missing_id", path_imglist=path("images.lst"), path_imgrec=path("multi.rec"),
     data_shape=(3, 8, 8), batch_size=2, label_width=2)
_add("error_det_no_label", "ImageDetRecordIter", data_shape=(3, 8, 8), batch_size=2)
_add("error_det_pad_width", "ImageDetRecordIter", path_imgrec=path("det.rec"), data_shape=(3, 8, 8),
     batch_size=2, label_pad_width=5)

TOLERANT = {}  # every case matches bit for bit


def run(mx, name):
    """The JSON data of case ``name`` run with the library ``mx``."""
    return run_case(CASES, mx, name)
