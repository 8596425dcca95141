"""Data loading: RecordIO files, mx.image's ImageIter and the file iterators of mx.io.

The same MXNet-API code runs on mxnd and, when importable, on MXNet 1.9.1 (there is no torch
column: torch has no counterpart of these formats). Each workload is one pass over its data:

- RecordIO: writing and reading 2,000 records of 1 KB (``MXRecordIO``), and 2,000 random reads
  of an indexed file (``MXIndexedRecordIO.read_idx``);
- ``mx.image.ImageIter``: 64 PNG images of 40x48 (batches of 16, resized to 32 and center
  cropped to 28x28, normalized with ImageNet's mean and std);
- ``mx.io.CSVIter``: 20,000 rows of 8 values, batches of 100; ``mx.io.MNISTIter``: 6,000
  images of 28x28, batches of 100;
- ``mx.io.ImageRecordIter``: 256 PNG records of 40x48, batches of 32, resized to 32 and
  center cropped to 28x28, normalized.

The input files are written once per process into a temporary folder (PNGs by a small zlib
writer, as the reference environment has no image encoder).

Run: python benchmarks/bench_data.py [--json out.json]; /tmp/mxvenv/bin/python the same for MXNet;
then ``--compare`` the two files.
"""
import os
import random
import struct
import sys
import tempfile
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_mlp  # noqa: E402  (the interleaved measuring loop and the command line)
import bench_nn  # noqa: E402  (measure per workload, the table)

RECORDS, RECORD_BYTES, IMAGES, CSV_ROWS, MNIST_IMAGES, REC_IMAGES = 2000, 1024, 64, 20000, 6000, 256


def _png(pixels: np.ndarray) -> bytes:
    """An 8-bit RGB PNG of (H, W, 3) uint8 ``pixels``."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + row.tobytes() for row in pixels)
    header = struct.pack(">IIBBBBB", pixels.shape[1], pixels.shape[0], 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def _files(mx):
    """Write every input once: record payloads, PNGs, a CSV, MNIST files and an image .rec."""
    root = tempfile.mkdtemp(prefix="bench_data_")
    rng = np.random.RandomState(0)
    payloads = [rng.bytes(RECORD_BYTES) for _ in range(RECORDS)]
    images = [rng.randint(0, 256, (40, 48, 3)).astype(np.uint8) for _ in range(IMAGES)]
    for i, image in enumerate(images):
        with open(os.path.join(root, f"{i}.png"), "wb") as f:
            f.write(_png(image))
    np.savetxt(os.path.join(root, "data.csv"), rng.standard_normal((CSV_ROWS, 8)), delimiter=",", fmt="%.6f")
    with open(os.path.join(root, "images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, MNIST_IMAGES, 28, 28) + rng.randint(0, 256, MNIST_IMAGES * 784).astype(np.uint8).tobytes())
    with open(os.path.join(root, "labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, MNIST_IMAGES) + rng.randint(0, 10, MNIST_IMAGES).astype(np.uint8).tobytes())
    writer = mx.recordio.MXIndexedRecordIO(os.path.join(root, "images.idx"), os.path.join(root, "images.rec"), "w")
    for i in range(REC_IMAGES):
        writer.write_idx(i, mx.recordio.pack(mx.recordio.IRHeader(0, float(i % 10), i, 0), _png(images[i % IMAGES])))
    writer.close()
    return root, payloads


def _mxnet_api_workloads(mx):
    root, payloads = _files(mx)
    rec, idx = os.path.join(root, "records.rec"), os.path.join(root, "records.idx")
    writer = mx.recordio.MXIndexedRecordIO(idx, rec, "w")
    for i, payload in enumerate(payloads):
        writer.write_idx(i, payload)
    writer.close()
    order = list(range(RECORDS))
    random.Random(1).shuffle(order)
    imglist = [[float(i % 10), f"{i}.png"] for i in range(IMAGES)]
    mean, std = np.array([123.68, 116.28, 103.53]), np.array([58.395, 57.12, 57.375])

    def write_records():
        out = mx.recordio.MXRecordIO(os.path.join(root, "written.rec"), "w")
        for payload in payloads:
            out.write(payload)
        out.close()

    def read_records():
        reader = mx.recordio.MXRecordIO(rec, "r")
        while reader.read() is not None:
            pass
        reader.close()

    def read_indexed():
        reader = mx.recordio.MXIndexedRecordIO(idx, rec, "r")
        for key in order:
            reader.read_idx(key)
        reader.close()

    def image_iter():
        it = mx.image.ImageIter(16, (3, 28, 28), imglist=imglist, path_root=root, resize=32, mean=mean, std=std)
        for batch in it:
            batch.data[0].wait_to_read()

    def csv_iter():
        for batch in mx.io.CSVIter(data_csv=os.path.join(root, "data.csv"), data_shape=(8,), batch_size=100):
            batch.data[0].wait_to_read()

    def mnist_iter():
        it = mx.io.MNISTIter(image=os.path.join(root, "images-idx3-ubyte"), label=os.path.join(root, "labels-idx1-ubyte"),
                             batch_size=100, shuffle=False, silent=True)
        for batch in it:
            batch.data[0].wait_to_read()

    def image_record_iter():
        it = mx.io.ImageRecordIter(path_imgrec=os.path.join(root, "images.rec"), data_shape=(3, 28, 28), batch_size=32,
                                   resize=32, mean_r=123.68, mean_g=116.28, mean_b=103.53, std_r=58.395,
                                   std_g=57.12, std_b=57.375, preprocess_threads=1)
        for batch in it:
            batch.data[0].wait_to_read()

    return {f"RecordIO write {RECORDS}x1KB": write_records, f"RecordIO read {RECORDS}x1KB": read_records,
            f"RecordIO read_idx {RECORDS} random": read_indexed, f"ImageIter {IMAGES} PNG 40x48": image_iter,
            f"CSVIter {CSV_ROWS}x8": csv_iter, f"MNISTIter {MNIST_IMAGES}": mnist_iter,
            f"ImageRecordIter {REC_IMAGES} PNG 40x48": image_record_iter}


def implementations(wanted):
    return bench_mlp.load([name for name in wanted if name != "torch"], dict, _mxnet_api_workloads)


def main():
    bench_mlp.run_cli(__doc__, implementations, bench_nn.measure, bench_nn.print_table, rounds=5, repeats=2)


if __name__ == "__main__":
    main()
