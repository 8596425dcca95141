"""Make the fixtures of tests/io_image_record: small PNG RecordIO files and MXNet 1.9.1's batches.

Run ONLY in the reference venv: ``/tmp/mxvenv/bin/python tools/make_image_record_fixtures.py``.
It writes, under tests/fixtures/io_image_record/:

- ``images.rec`` / ``images.idx``: seven RGB PNG images of 8 to 16 pixels a side (ids 100..106,
  scalar labels 0, 1.5, ...), ``images.lst``: two labels per id for ``path_imglist``;
- ``multi.rec``: five images with three labels each (IRHeader flag 3);
- ``rgba.rec``: three RGBA PNG images (for ``data_shape=(4, h, w)``);
- ``det.rec``: five images with detection labels ``[2, 5, (id, x0, y0, x1, y1) x 1..3]``;
- ``expected.json``: MXNet's results for every case of tests/io_image_record/record_cases.py.

The PNG files are written here (zlib + struct), so no image library is needed in either venv.
``--only NAME`` prints one case instead of writing expected.json.
"""
import json
import logging
import os
import struct
import sys
import warnings
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(HERE, "..", "tests")
OUT_DIR = os.path.join(TESTS, "fixtures", "io_image_record")

SIZES = [(10, 12), (12, 10), (9, 9), (16, 11), (8, 14), (13, 13), (11, 10)]
FIRST_ID = 100


def png_bytes(image):
    """The (H, W, C) uint8 ``image`` (C = 1 gray, 3 RGB, 4 RGBA) as PNG bytes."""
    height, width, channels = image.shape
    rows = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, {1: 0, 3: 2, 4: 6}[channels], 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def pixels(height, width, key, channels=3):
    """A fixed smooth-ish uint8 image: a gradient plus noise, so resizing has something to do."""
    rng = np.random.RandomState(key)
    ramp = np.add.outer(np.arange(height) * 9, np.arange(width) * 5)[..., None] + np.arange(channels) * 40
    return ((ramp + rng.randint(0, 60, (height, width, channels))) % 256).astype(np.uint8)


def detection_label(key):
    """``[2, 5, (class, x0, y0, x1, y1) x n]`` with 1 to 3 boxes in [0, 1] coordinates."""
    rng = np.random.RandomState(50 + key)
    boxes = []
    for _ in range(1 + key % 3):
        x0, y0 = rng.uniform(0, 0.5, 2)
        boxes += [float(rng.randint(0, 4)), x0, y0, x0 + rng.uniform(0.1, 0.5), y0 + rng.uniform(0.1, 0.5)]
    return np.array([2, 5] + boxes, dtype=np.float32)


def write_records(mx):
    """The .rec / .idx / .lst files, written with the reference's mx.recordio."""
    os.makedirs(OUT_DIR, exist_ok=True)
    pack, header = mx.recordio.pack, mx.recordio.IRHeader

    def path(name):
        return os.path.join(OUT_DIR, name)

    writer = mx.recordio.MXIndexedRecordIO(path("images.idx"), path("images.rec"), "w")
    lines = []
    for key, (height, width) in enumerate(SIZES):
        ident = FIRST_ID + key
        writer.write_idx(ident, pack(header(0, key * 1.5, ident, 0), png_bytes(pixels(height, width, key))))
        lines.append(f"{ident}\t{key}\t{-0.5 * key}\timg{key}.png\n")
    writer.close()
    with open(path("images.lst"), "w") as handle:
        handle.writelines(lines)

    writers = {"multi": mx.recordio.MXRecordIO(path("multi.rec"), "w"),
               "rgba": mx.recordio.MXRecordIO(path("rgba.rec"), "w"),
               "det": mx.recordio.MXRecordIO(path("det.rec"), "w")}
    for key in range(5):
        labels = np.array([key, key + 0.25, -key], dtype=np.float32)
        image = png_bytes(pixels(*SIZES[key], 20 + key))
        writers["multi"].write(pack(header(0, labels, key, 0), image))
        writers["det"].write(pack(header(0, detection_label(key), key, 0), image))
    for key in range(3):
        rgba = png_bytes(pixels(*SIZES[key], 30 + key, channels=4))
        writers["rgba"].write(pack(header(0, float(key), key, 0), rgba))
    for writer in writers.values():
        writer.close()


def main(argv):
    import mxnet

    sys.path[:0] = [os.path.join(TESTS, "io_image_record"), os.path.join(TESTS, "image")]
    import record_cases

    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    write_records(mxnet)
    if "--only" in argv:
        print(json.dumps(record_cases.run(mxnet, argv[argv.index("--only") + 1]), indent=1)[:20000])
        return
    expected = {}
    for name in record_cases.CASES:
        expected[name] = record_cases.run(mxnet, name)
        print(name, flush=True)
    about = f"MXNet {mxnet.__version__}'s results for tests/io_image_record/record_cases.py"
    with open(os.path.join(OUT_DIR, "expected.json"), "w") as handle:
        json.dump({"about": about, "cases": expected}, handle, sort_keys=True, separators=(",", ":"))
        handle.write("\n")
    print(f"expected.json: {len(expected)} cases")


if __name__ == "__main__":
    main(sys.argv[1:])
