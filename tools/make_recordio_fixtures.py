"""Write tests/fixtures/recordio/* with the reference MXNet 1.9.1 (``mx.recordio``).

Run ONLY in the reference venv: ``/tmp/mxvenv/bin/python tools/make_recordio_fixtures.py``.

- ``records.rec`` / ``records.idx``: the payloads of ``RECORDS`` written by MXNet's
  ``MXIndexedRecordIO`` (int keys): empty and odd-length records, the magic word at aligned
  offsets (split by the writer into cflag 1/2/3 parts) and unaligned ones (kept), and records
  made by ``mx.recordio.pack`` with single and multiple labels.
- ``keys.rec`` / ``keys.idx``: a few records under str keys (``key_type=str``).
- ``images.rec``: ``pack(header, encoded image)`` of the images of tests/fixtures/image_decode.json
  (MXNet 1.9.1 has no cv2 here, so pack_img cannot run; pack + an encoded image is what it stores).
- ``expected.json``: the payloads (hex), the writer's ``tell()`` after each record, the index
  keys, ``pack`` / ``unpack`` results, and MXNet's OpenCV decode of each image
  (``_cvimdecode(flag=1, to_rgb=0)``: BGR as ``cv2.imdecode(buf, 1)``; ``flag=0``: gray).
"""
import base64
import json
import os
import struct

import mxnet as mx
import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
HERE = os.path.join(ROOT, "tests", "fixtures", "recordio")
IMAGES = os.path.join(ROOT, "tests", "fixtures", "image_decode.json")
MAGIC = struct.pack("<I", 0xCED7230A)


def _payloads():
    """(name, bytes) of the records, covering every way the writer can split a record."""
    rng = np.random.RandomState(7)
    noise = rng.randint(0, 256, 300).astype(np.uint8).tobytes().replace(MAGIC, b"abcd")
    big = bytearray(noise)
    big[100:104], big[201:205] = MAGIC, MAGIC  # aligned (split) and unaligned (kept)
    R = mx.recordio
    return [
        ("empty", b""),
        ("one_byte", b"a"),
        ("three_bytes", b"abc"),
        ("four_bytes", b"abcd"),
        ("five_bytes", b"abcde"),
        ("magic_only", MAGIC),
        ("magic_first", MAGIC + b"tail"),
        ("magic_aligned_middle", b"head" + MAGIC + b"tail!"),
        ("magic_unaligned", b"xy" + MAGIC + b"12"),
        ("magic_aligned_and_unaligned", b"abcd" + MAGIC + b"z" + MAGIC + b"qq" + MAGIC),
        ("magic_twice_in_a_row", b"1234" + MAGIC + MAGIC + b"5"),
        ("magic_last", b"12345678" + MAGIC),
        ("partial_magic_end", b"12345" + MAGIC[:3]),
        ("noise_300", bytes(big)),
        ("packed_scalar_label", R.pack(R.IRHeader(0, 3.5, 1234, 0), b"\x89PNG fake")),
        ("packed_multi_label", R.pack(R.IRHeader(0, [1.5, -2.0, 3.0], 17, 2), b"jpeg bytes")),
        ("packed_label_holding_magic", R.pack(R.IRHeader(0, np.frombuffer(MAGIC, np.float32), 5, 0), b"x")),
    ]


def _write_indexed(name, items, key_type=int):
    """Write (key, payload) items with MXNet; return the tell() after each record."""
    idx_path, rec_path = os.path.join(HERE, name + ".idx"), os.path.join(HERE, name + ".rec")
    writer = mx.recordio.MXIndexedRecordIO(idx_path, rec_path, "w", key_type=key_type)
    tells = [writer.tell()]
    for key, payload in items:
        writer.write_idx(key, payload)
        tells.append(writer.tell())
    writer.close()
    return tells


def _check_read_back(name, payloads):
    reader = mx.recordio.MXRecordIO(os.path.join(HERE, name + ".rec"), "r")
    got = [reader.read() for _ in payloads]
    assert got == list(payloads) and reader.read() is None
    reader.close()


def _check_sequential_writer_matches(payloads):
    path = os.path.join(HERE, "_sequential.rec")
    writer = mx.recordio.MXRecordIO(path, "w")
    for payload in payloads:
        writer.write(payload)
    writer.close()
    with open(path, "rb") as a, open(os.path.join(HERE, "records.rec"), "rb") as b:
        assert a.read() == b.read()
    os.remove(path)


def _pack_cases():
    R = mx.recordio
    cases = [
        ((0, 4, 2574, 0), b"abc"),
        ((7, 2.25, 1, 2), b""),
        ((0, -1e10, 2 ** 64 - 1, 2 ** 63), b"\x00\x01"),
        ((3, [1, 2, 3], 9, 0), b"data"),
        ((0, [0.1], 10, 0), b"q"),
        ((0, [], 11, 0), b"empty label"),
        ((0, [[1, 2], [3, 4]], 12, 1), b"2-D label"),
    ]
    out = []
    for header, payload in cases:
        packed = R.pack(R.IRHeader(*header), payload)
        got_header, got_payload = R.unpack(packed)
        label = got_header.label
        out.append({"header": list(header), "payload": payload.hex(), "packed": packed.hex(),
                    "unpacked": {"flag": got_header.flag, "id": got_header.id, "id2": got_header.id2,
                                 "label": label.tolist() if isinstance(label, np.ndarray) else label,
                                 "label_is_array": isinstance(label, np.ndarray),
                                 "payload": bytes(got_payload).hex()}})
    return out


def _images():
    with open(IMAGES) as handle:
        images = json.load(handle)["images"]
    names = ["rgb_png", "rgba_png", "gray_png", "palette_png", "rgb_jpg", "gray_jpg"]
    R = mx.recordio
    writer = R.MXRecordIO(os.path.join(HERE, "images.rec"), "w")
    out = []
    for i, name in enumerate(names):
        encoded = base64.b64decode(images[name])
        header = R.IRHeader(0, [float(i), 0.5], 100 + i, 0) if i % 2 else R.IRHeader(0, float(i), 100 + i, 0)
        writer.write(R.pack(header, encoded))
        buf = mx.nd.array(np.frombuffer(encoded, np.uint8), dtype="uint8")
        bgr = mx.nd._internal._cvimdecode(buf, flag=1, to_rgb=0).asnumpy()
        gray = mx.nd._internal._cvimdecode(buf, flag=0, to_rgb=0).asnumpy()[..., 0]
        label = header.label if i % 2 == 0 else list(header.label)
        out.append({"name": name, "id": 100 + i, "label": label, "bgr": bgr.tolist(), "gray": gray.tolist()})
    writer.close()
    return out


def main():
    os.makedirs(HERE, exist_ok=True)
    records = _payloads()
    payloads = [payload for _, payload in records]
    tells = _write_indexed("records", list(enumerate(payloads)))
    _check_read_back("records", payloads)
    _check_sequential_writer_matches(payloads)
    key_items = [("a", b"first"), ("img_01", MAGIC), ("7", b"seven"), ("z z", b"")]
    key_tells = _write_indexed("keys", key_items, key_type=str)
    expected = {
        "about": "Made by tools/make_recordio_fixtures.py with MXNet 1.9.1; read by tests/test_recordio.py",
        "records": [{"name": name, "payload": payload.hex()} for name, payload in records],
        "tells": tells,
        "keys": [{"key": key, "payload": payload.hex()} for key, payload in key_items],
        "key_tells": key_tells,
        "pack": _pack_cases(),
        "images": _images(),
    }
    with open(os.path.join(HERE, "expected.json"), "w") as handle:
        json.dump(expected, handle, separators=(",", ":"))
        handle.write("\n")
    print("wrote", sorted(os.listdir(HERE)))


if __name__ == "__main__":
    main()
