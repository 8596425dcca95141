"""mx.image.ImageIter over five small PNG files (a folder, a .lst file, or a RecordIO file): run on
mxnd by test_against_mxnet.py and on MXNet 1.9.1 by tools/make_image_fixtures.py
(tests/fixtures/mximage/iter.json holds MXNet's batches).

Each case takes the ``mx`` module and returns JSON data (see casekit).
"""
import os

import numpy as np

from casekit import encode, new_folder, outcome, pixels, png_bytes, run_case, seed

SIZES = [(12, 16), (16, 12), (10, 10), (9, 14), (14, 9)]
NAMES = [f"img{i}.png" for i in range(len(SIZES))]
LABELS = [3.0, 1.5, 0.0, 7.0, 2.0]


def _folder():
    """A new folder holding the five PNG files (and a broken one, bad.png)."""
    root = new_folder()
    for key, (name, (height, width)) in enumerate(zip(NAMES, SIZES)):
        with open(os.path.join(root, name), "wb") as handle:
            handle.write(png_bytes(pixels(height, width, 100 + key)))
    with open(os.path.join(root, "bad.png"), "wb") as handle:
        handle.write(b"not an image at all")
    return root


def _imglist():
    return [[label, name] for label, name in zip(LABELS, NAMES)]


def _batch(batch):
    return {"data": [encode(d) for d in batch.data], "label": [encode(lab) for lab in batch.label],
            "pad": batch.pad}


def _epochs(it, count, reset=True):
    """The batches of ``count`` epochs (an error ends the list), with ``it.reset()`` between."""
    epochs = []
    for _ in range(count):
        batches = []
        try:
            for batch in it:
                batches.append(_batch(batch))
        except Exception as error:  # noqa: BLE001 - recorded for both libraries
            batches.append({"error": type(error).__name__})
        epochs.append(batches)
        if reset:
            it.reset()
    return epochs


def case_handles(mx, handle, batch_size):
    it = mx.image.ImageIter(batch_size, (3, 4, 4), imglist=_imglist(), path_root=_folder(),
                            last_batch_handle=handle)
    return _epochs(it, 3)


def case_shuffle(mx, handle):
    seed(21)
    it = mx.image.ImageIter(2, (3, 5, 7), imglist=_imglist(), path_root=_folder(), shuffle=True,
                            last_batch_handle=handle)
    return {"epochs": _epochs(it, 3), "seq": list(it.seq)}


def case_augmented(mx):
    seed(22)
    it = mx.image.ImageIter(3, (3, 8, 8), imglist=_imglist(), path_root=_folder(), rand_crop=True,
                            rand_mirror=True, brightness=0.3, saturation=0.2, mean=True, std=True, resize=10)
    return {"epochs": _epochs(it, 2), "augs": [aug.dumps() for aug in it.auglist]}


def case_label_width(mx):
    items = [[label, label * 2, name] for label, name in zip(LABELS, NAMES)]
    it = mx.image.ImageIter(2, (3, 4, 4), label_width=2, imglist=items, path_root=_folder())
    vector_items = [[[label, -label], name] for label, name in zip(LABELS, NAMES)]
    it2 = mx.image.ImageIter(5, (3, 4, 4), label_width=2, imglist=vector_items, path_root=_folder(),
                             dtype="int32")
    return {"flat": _epochs(it, 1), "vector": _epochs(it2, 1), "provide_label": it.provide_label}


def _write_lst(root, labels_per_line=1, as_int=False):
    path = os.path.join(root, "images.lst")
    with open(path, "w") as handle:
        for key, (label, name) in enumerate(zip(LABELS, NAMES)):
            labels = [int(label) + k if as_int else label + k for k in range(labels_per_line)]
            handle.write(f"{10 + 3 * key}\t" + "\t".join(map(str, labels)) + f"\t{name}\n")
    return path


def case_lst(mx, dtype):
    root = _folder()
    it = mx.image.ImageIter(2, (3, 6, 5), path_imglist=_write_lst(root, as_int="int" in dtype), path_root=root,
                            dtype=dtype, last_batch_handle="discard")
    it3 = mx.image.ImageIter(4, (3, 6, 5), label_width=3, path_imglist=_write_lst(root, 3), path_root=root)
    return {"epochs": _epochs(it, 2), "seq": list(it.seq), "three": _epochs(it3, 1),
            "label": encode(it.imglist[10][0]),
            "float_text_as_int": outcome(mx.image.ImageIter, 2, (3, 6, 5), path_imglist=_write_lst(root),
                                         path_root=root, dtype="int64")}


def case_parts(mx, part_index):
    it = mx.image.ImageIter(2, (3, 4, 4), imglist=_imglist(), path_root=_folder(), num_parts=2,
                            part_index=part_index)
    return {"epochs": _epochs(it, 1), "seq": list(it.seq), "num_image": it.num_image}


def case_aug_list(mx):
    it = mx.image.ImageIter(2, (3, 6, 6), imglist=_imglist(), path_root=_folder(),
                            aug_list=[mx.image.ForceResizeAug((6, 6))])
    it_empty = mx.image.ImageIter(1, (3, 16, 16), imglist=_imglist()[:1], path_root=_folder(), aug_list=[])
    return {"epochs": _epochs(it, 1), "empty": _epochs(it_empty, 1), "auglist": len(it.auglist)}


def case_descs(mx):
    it = mx.image.ImageIter(4, (3, 5, 6), label_width=1, imglist=_imglist(), path_root=_folder(),
                            data_name="pixels", label_name="target")
    return {"provide_data": it.provide_data, "provide_label": it.provide_label,
            "batch_size": it.batch_size, "data_shape": it.data_shape, "label_width": it.label_width,
            "seq": it.seq, "cur": it.cur, "num_image": it.num_image, "imglist_keys": sorted(it.imglist),
            "labels": [encode(it.imglist[key][0]) for key in sorted(it.imglist)],
            "types": [type(aug).__name__ for aug in it.auglist]}


def case_hard_reset(mx):
    it = mx.image.ImageIter(3, (3, 4, 4), imglist=_imglist(), path_root=_folder(), last_batch_handle="roll_over")
    first = _epochs(it, 1, reset=False)
    it.hard_reset()
    second = _epochs(it, 1, reset=False)
    it.reset()
    third = _epochs(it, 2)
    return {"first": first, "after_hard_reset": second, "after_reset": third}


def case_pad_state(mx):
    it = mx.image.ImageIter(2, (3, 4, 4), imglist=_imglist(), path_root=_folder())
    batches = [_batch(it.next()) for _ in range(3)]
    after = [outcome(it.next), outcome(it.next)]
    it.reset()
    return {"batches": batches, "after_last": after, "after_reset": _batch(it.next())}


def case_methods(mx):
    root = _folder()
    it = mx.image.ImageIter(2, (3, 4, 4), imglist=_imglist(), path_root=root)
    raw = it.read_image(NAMES[1])
    decoded = it.imdecode(raw)
    sample = it.next_sample()
    return {"read_image": raw == png_bytes(pixels(16, 12, 101)), "imdecode": encode(decoded),
            "sample": [encode(sample[0]), sample[1] == png_bytes(pixels(12, 16, 100))],
            "augmented": encode(it.augmentation_transform(decoded)),
            "postprocessed": encode(it.postprocess_data(it.augmentation_transform(decoded))),
            "check_valid_1d": outcome(it.check_valid_image, mx.nd.ones((4,))),
            "check_valid_2d": outcome(it.check_valid_image, mx.nd.ones((4, 4))),
            "check_data_shape": [outcome(it.check_data_shape, shape) for shape in ((3, 4, 4), (3, 4), (1, 4, 4))]}


def case_broken_image(mx):
    items = _imglist()[:2] + [[9.0, "bad.png"]] + _imglist()[2:]
    it = mx.image.ImageIter(2, (3, 4, 4), imglist=items, path_root=_folder())
    batches = []
    for _ in range(3):
        try:
            batches.append(_batch(it.next()))
        except RuntimeError as error:  # the first part is MXNet's text, the rest the decoder's
            batches.append({"error": type(error).__name__, "where": str(error).split(",")[0]})
    return batches


def case_errors(mx):
    folder = _folder()
    return {
        "no_source": outcome(mx.image.ImageIter, 2, (3, 4, 4)),
        "imglist_tuple": outcome(mx.image.ImageIter, 2, (3, 4, 4), imglist=tuple(_imglist())),
        "two_dims": outcome(mx.image.ImageIter, 2, (4, 4), imglist=_imglist(), path_root=folder),
        "one_channel": outcome(mx.image.ImageIter, 2, (1, 4, 4), imglist=_imglist(), path_root=folder),
        "label_dtype": outcome(mx.image.ImageIter, 2, (3, 4, 4), imglist=_imglist(), dtype="uint8"),
        "part_index": outcome(mx.image.ImageIter, 2, (3, 4, 4), imglist=_imglist(), num_parts=2, part_index=2),
        "no_root": outcome(lambda: mx.image.ImageIter(2, (3, 4, 4), imglist=_imglist()).next())["error"],
        "bad_kwarg": outcome(mx.image.ImageIter, 2, (3, 4, 4), imglist=_imglist(), bogus=1)["error"],
    }


# ---- RecordIO sources -------------------------------------------------------------------

def _write_rec(mx, root, vector_labels=False):
    """img.rec / img.idx with the five images under keys 10, 13, ...; the label(s) in the header."""
    rec, idx = os.path.join(root, "img.rec"), os.path.join(root, "img.idx")
    writer = mx.recordio.MXIndexedRecordIO(idx, rec, "w")
    for key, (label, (height, width)) in enumerate(zip(LABELS, SIZES)):
        header_label = np.array([label, label + 0.5], dtype=np.float32) if vector_labels else label
        header = mx.recordio.IRHeader(0, header_label, 10 + 3 * key, 0)
        writer.write_idx(10 + 3 * key, mx.recordio.pack(header, png_bytes(pixels(height, width, 100 + key))))
    writer.close()
    return rec, idx


def case_rec_sequential(mx, handle):
    rec, _ = _write_rec(mx, new_folder())
    it = mx.image.ImageIter(2, (3, 4, 4), path_imgrec=rec, last_batch_handle=handle)
    return {"epochs": _epochs(it, 3), "seq": it.seq}


def case_rec_indexed(mx):
    rec, idx = _write_rec(mx, new_folder(), vector_labels=True)
    seed(23)
    it = mx.image.ImageIter(2, (3, 6, 6), label_width=2, path_imgrec=rec, path_imgidx=idx, shuffle=True,
                            rand_crop=True)
    plain = mx.image.ImageIter(3, (3, 6, 6), label_width=2, path_imgrec=rec, path_imgidx=idx)
    part = mx.image.ImageIter(1, (3, 6, 6), label_width=2, path_imgrec=rec, path_imgidx=idx, num_parts=2,
                              part_index=1)
    return {"shuffled": _epochs(it, 2), "seq": list(it.seq), "plain": _epochs(plain, 1),
            "part": _epochs(part, 1), "part_seq": part.seq}


def case_rec_with_lst(mx):
    root = _folder()
    rec, idx = _write_rec(mx, root)
    it = mx.image.ImageIter(2, (3, 5, 5), path_imgrec=rec, path_imgidx=idx, path_imglist=_write_lst(root))
    return _epochs(it, 1)


def case_rec_errors(mx):
    rec, _ = _write_rec(mx, new_folder())
    return {"shuffle_without_idx": outcome(mx.image.ImageIter, 2, (3, 4, 4), path_imgrec=rec, shuffle=True),
            "parts_without_idx": outcome(mx.image.ImageIter, 2, (3, 4, 4), path_imgrec=rec, num_parts=2)}


CASES = {
    **{f"handles_{h}_{bs}": (case_handles, (h, bs)) for h in ("pad", "discard", "roll_over")
       for bs in (1, 2, 3, 5, 7)},
    **{f"shuffle_{h}": (case_shuffle, (h,)) for h in ("pad", "discard", "roll_over")},
    "augmented": (case_augmented, ()),
    "label_width": (case_label_width, ()),
    **{f"lst_{dtype}": (case_lst, (dtype,)) for dtype in ("float32", "int32", "float64")},
    **{f"parts_{i}": (case_parts, (i,)) for i in (0, 1)},
    "aug_list": (case_aug_list, ()),
    "descs": (case_descs, ()),
    "hard_reset": (case_hard_reset, ()),
    "pad_state": (case_pad_state, ()),
    "methods": (case_methods, ()),
    "broken_image": (case_broken_image, ()),
    "errors": (case_errors, ()),
    **{f"rec_sequential_{h}": (case_rec_sequential, (h,)) for h in ("pad", "discard", "roll_over")},
    "rec_indexed": (case_rec_indexed, ()),
    "rec_with_lst": (case_rec_with_lst, ()),
    "rec_errors": (case_rec_errors, ()),
}


def run(mx, name):
    """The JSON data of case ``name`` run with the library ``mx``."""
    return run_case(CASES, mx, name)
