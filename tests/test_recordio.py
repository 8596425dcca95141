"""mx.recordio against files and values made by the reference MXNet 1.9.1.

tests/fixtures/recordio/ was written by tools/make_recordio_fixtures.py under MXNet 1.9.1:
``records.rec/.idx`` (records of many sizes, the magic word at aligned and unaligned offsets,
packed single- and multi-label headers), ``keys.rec/.idx`` (str keys), ``images.rec`` (packed
PNG/JPEG images) and ``expected.json`` (payloads, tell() values, pack results and MXNet's
OpenCV decode of each image). mxnd must read those files exactly and write byte-identical ones.
"""
import json
import os
import pathlib
import pickle
import struct
import warnings

import numpy as np
import pytest

import mxnd as mx
from mxnd import recordio
from mxnd.errors import MXNetError

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "recordio"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())
PAYLOADS = [bytes.fromhex(r["payload"]) for r in EXPECTED["records"]]
MAGIC = bytes.fromhex("0a23d7ce")


def _payload(name):
    return next(bytes.fromhex(r["payload"]) for r in EXPECTED["records"] if r["name"] == name)


def _read_all(record):
    out = []
    while (item := record.read()) is not None:
        out.append(item)
    return out


def _parts(rec_bytes):
    """(cflag, length) of every part in a .rec file's bytes."""
    parts, offset = [], 0
    while offset < len(rec_bytes):
        magic, lrecord = struct.unpack_from("<II", rec_bytes, offset)
        assert magic == 0xCED7230A
        length = lrecord & ((1 << 29) - 1)
        parts.append((lrecord >> 29, length))
        offset += 8 + (length + 3) // 4 * 4
    return parts


@pytest.fixture
def written(tmp_path):
    """Paths of records.idx/.rec written by mxnd from the fixture payloads."""
    idx, rec = tmp_path / "out.idx", tmp_path / "out.rec"
    writer = recordio.MXIndexedRecordIO(str(idx), str(rec), "w")
    tells = [writer.tell()]
    for i, payload in enumerate(PAYLOADS):
        writer.write_idx(i, payload)
        tells.append(writer.tell())
    writer.close()
    return idx, rec, tells


# ----- reading MXNet's files -----------------------------------------------------------------

def test_reads_every_record_mxnet_wrote():
    reader = recordio.MXRecordIO(str(FIXTURES / "records.rec"), "r")
    assert _read_all(reader) == PAYLOADS
    assert reader.read() is None and reader.read() is None
    reader.close()


def test_fixture_holds_split_records():
    parts = _parts((FIXTURES / "records.rec").read_bytes())
    assert (1, 0) in parts and (3, 0) in parts and (2, 0) in parts  # magic_only, magic twice in a row
    assert len(parts) > len(PAYLOADS)


def test_reset_starts_again():
    reader = recordio.MXRecordIO(str(FIXTURES / "records.rec"), "r")
    assert [reader.read(), reader.read()] == PAYLOADS[:2]
    reader.reset()
    assert reader.read() == PAYLOADS[0]
    reader.close()


def test_indexed_reader_reads_mxnet_index():
    reader = recordio.MXIndexedRecordIO(str(FIXTURES / "records.idx"), str(FIXTURES / "records.rec"), "r")
    assert reader.keys == list(range(len(PAYLOADS)))
    assert reader.idx == dict(enumerate(EXPECTED["tells"][:-1]))
    for key in [13, 0, 16, 5, 9, 5]:
        assert reader.read_idx(key) == PAYLOADS[key]
    assert reader.read() == PAYLOADS[6]  # read() goes on after the record read_idx returned
    reader.close()


def test_read_idx_after_the_end_of_the_file():
    reader = recordio.MXIndexedRecordIO(str(FIXTURES / "records.idx"), str(FIXTURES / "records.rec"), "r")
    assert _read_all(reader) == PAYLOADS
    assert reader.read_idx(3) == PAYLOADS[3]  # MXNet 1.9.1 returns None here (sticky end of stream)
    reader.close()


def test_str_keys():
    reader = recordio.MXIndexedRecordIO(str(FIXTURES / "keys.idx"), str(FIXTURES / "keys.rec"), "r", key_type=str)
    assert reader.keys == [k["key"] for k in EXPECTED["keys"]]
    assert reader.read_idx("7") == b"seven" and reader.read_idx("img_01") == MAGIC
    reader.close()


def test_unpacks_mxnet_packed_records():
    header, payload = recordio.unpack(_payload("packed_multi_label"))
    assert (header.flag, header.id, header.id2, payload) == (3, 17, 2, b"jpeg bytes")
    assert header.label.dtype == np.float32 and header.label.tolist() == [1.5, -2.0, 3.0]
    header, payload = recordio.unpack(_payload("packed_scalar_label"))
    assert header == recordio.IRHeader(0, 3.5, 1234, 0) and payload == b"\x89PNG fake"
    header, payload = recordio.unpack(_payload("packed_label_holding_magic"))
    assert header.label.tobytes() == MAGIC and payload == b"x"


# ----- writing MXNet's bytes -----------------------------------------------------------------

def test_indexed_writer_writes_mxnet_bytes(written):
    idx, rec, tells = written
    assert rec.read_bytes() == (FIXTURES / "records.rec").read_bytes()
    assert idx.read_bytes() == (FIXTURES / "records.idx").read_bytes()
    assert tells == EXPECTED["tells"]


def test_sequential_writer_writes_mxnet_bytes(tmp_path):
    writer = recordio.MXRecordIO(str(tmp_path / "seq.rec"), "w")
    for payload in PAYLOADS:
        writer.write(payload)
    writer.close()
    assert (tmp_path / "seq.rec").read_bytes() == (FIXTURES / "records.rec").read_bytes()


def test_str_key_writer_writes_mxnet_bytes(tmp_path):
    writer = recordio.MXIndexedRecordIO(str(tmp_path / "k.idx"), str(tmp_path / "k.rec"), "w", key_type=str)
    tells = [writer.tell()]
    for item in EXPECTED["keys"]:
        writer.write_idx(item["key"], bytes.fromhex(item["payload"]))
        tells.append(writer.tell())
    writer.close()
    assert tells == EXPECTED["key_tells"]
    assert (tmp_path / "k.idx").read_bytes() == (FIXTURES / "keys.idx").read_bytes()
    assert (tmp_path / "k.rec").read_bytes() == (FIXTURES / "keys.rec").read_bytes()


def test_split_parts_of_one_record(tmp_path):
    writer = recordio.MXRecordIO(str(tmp_path / "s.rec"), "w")
    writer.write(_payload("magic_aligned_and_unaligned"))  # abcd M z M qq M: split at 4 only
    writer.close()
    data = (tmp_path / "s.rec").read_bytes()
    assert _parts(data) == [(1, 4), (3, 11)]
    assert recordio.MXRecordIO(str(tmp_path / "s.rec"), "r").read() == _payload("magic_aligned_and_unaligned")


def test_keys_converted_by_key_type(tmp_path):
    writer = recordio.MXIndexedRecordIO(str(tmp_path / "d.idx"), str(tmp_path / "d.rec"), "w")
    writer.write_idx(1.7, b"x")
    writer.write_idx(True, b"yy")
    assert writer.keys == [1, 1] and writer.idx == {1: 12}
    writer.close()
    assert (tmp_path / "d.idx").read_text() == "1\t0\n1\t12\n"


def test_bytes_like_records(tmp_path):
    writer = recordio.MXRecordIO(str(tmp_path / "b.rec"), "w")
    writer.write(bytearray(b"abcde"))
    writer.write(memoryview(b"xy" + MAGIC + b"zw"))
    writer.write(np.array([1, 2], dtype=np.int32))
    writer.close()
    reader = recordio.MXRecordIO(tmp_path / "b.rec", "r")
    assert _read_all(reader) == [b"abcde", b"xy" + MAGIC + b"zw", b"\x01\0\0\0\x02\0\0\0"]


def test_path_and_file_uri(tmp_path):
    path = tmp_path / "p.rec"
    writer = recordio.MXRecordIO(path, "w")
    writer.write(b"via Path")
    writer.close()
    assert recordio.MXRecordIO("file://" + str(path), "r").read() == b"via Path"


def test_writer_reset_truncates(tmp_path):
    writer = recordio.MXRecordIO(str(tmp_path / "t.rec"), "w")
    writer.write(b"gone")
    writer.reset()
    writer.write(b"kept")
    writer.close()
    assert (tmp_path / "t.rec").read_bytes() == MAGIC + b"\x04\0\0\0kept"


def test_large_records_round_trip(tmp_path):
    rng = np.random.RandomState(0)
    records = [rng.bytes(n) for n in (70_000, 1, 200_003)] + [MAGIC * 1000]
    writer = recordio.MXRecordIO(str(tmp_path / "big.rec"), "w")
    for record in records:
        writer.write(record)
    writer.close()
    assert _read_all(recordio.MXRecordIO(str(tmp_path / "big.rec"), "r")) == records
    assert os.path.getsize(tmp_path / "big.rec") == 8 * 3 + 70_000 + 4 + 200_004 + 8 * 1001


# ----- pack / unpack -------------------------------------------------------------------------

@pytest.mark.parametrize("case", EXPECTED["pack"], ids=lambda c: c["packed"][:16] + "_" + c["payload"])
def test_pack_matches_mxnet(case):
    header = recordio.IRHeader(*case["header"])
    packed = recordio.pack(header, bytes.fromhex(case["payload"]))
    assert packed.hex() == case["packed"]
    got, payload = recordio.unpack(packed)
    want = case["unpacked"]
    assert (got.flag, got.id, got.id2, payload.hex()) == (want["flag"], want["id"], want["id2"], want["payload"])
    assert isinstance(got.label, np.ndarray) == want["label_is_array"]
    if want["label_is_array"]:
        assert got.label.dtype == np.float32 and got.label.tolist() == want["label"]
    else:
        assert got.label == want["label"]


def test_irheader():
    header = recordio.IRHeader(0, 14.0, 20129312, 0)
    assert repr(header) == "HEADER(flag=0, label=14.0, id=20129312, id2=0)"
    assert header._fields == ("flag", "label", "id", "id2")


def test_unpack_of_memoryview():
    packed = recordio.pack((0, [1, 2], 3, 4), b"abc")
    header, payload = recordio.unpack(memoryview(packed))
    assert header.label.tolist() == [1.0, 2.0] and bytes(payload) == b"abc"


# ----- images --------------------------------------------------------------------------------

def _image_records():
    reader = recordio.MXRecordIO(str(FIXTURES / "images.rec"), "r")
    records = _read_all(reader)
    reader.close()
    assert len(records) == len(EXPECTED["images"])
    return zip(records, EXPECTED["images"])


def test_unpack_img_decodes_like_opencv():
    for record, want in _image_records():
        header, bgr = recordio.unpack_img(record, iscolor=1)
        assert header.id == want["id"]
        assert np.asarray(header.label).tolist() == want["label"]
        assert bgr.dtype == np.uint8 and bgr.tolist() == want["bgr"], want["name"]
        _, gray = recordio.unpack_img(record, iscolor=0)
        assert gray.ndim == 2 and gray.tolist() == want["gray"], want["name"]


def test_unpack_img_matches_cvimdecode():
    for record, want in _image_records():
        _, payload = recordio.unpack(record)
        buf = mx.nd.array(np.frombuffer(payload, np.uint8), dtype="uint8")
        expected = mx.nd._internal._cvimdecode(buf, flag=1, to_rgb=False).asnumpy()
        assert np.array_equal(recordio.unpack_img(record, 1)[1], expected), want["name"]


def test_unpack_img_unchanged():
    images = {want["name"]: (record, want) for record, want in _image_records()}
    for name in ["rgb_png", "rgb_jpg", "palette_png"]:
        record, want = images[name]
        assert recordio.unpack_img(record)[1].tolist() == want["bgr"], name
    for name in ["gray_png", "gray_jpg"]:
        record, want = images[name]
        assert recordio.unpack_img(record)[1].tolist() == want["gray"], name
    record, want = images["rgba_png"]
    bgra = recordio.unpack_img(record, -1)[1]
    assert bgra.shape[2] == 4 and bgra[..., :3].tolist() == want["bgr"]


def _test_image(height=12, width=10):
    y, x = np.mgrid[0:height, 0:width]
    return np.stack([x * 6, y * 5, (x + y) * 3], axis=-1).astype(np.uint8)


def test_pack_img_png_is_lossless():
    bgr = _test_image()
    header = recordio.IRHeader(0, [1, 2], 5, 0)
    got_header, got = recordio.unpack_img(recordio.pack_img(header, bgr, img_fmt=".png"), iscolor=1)
    assert got_header.flag == 2 and got_header.label.tolist() == [1.0, 2.0]
    assert np.array_equal(got, bgr)
    bgra = np.concatenate([bgr, np.full(bgr.shape[:2] + (1,), 77, np.uint8)], axis=2)
    assert np.array_equal(recordio.unpack_img(recordio.pack_img(header, bgra, 3, ".PNG"))[1], bgra)
    gray = bgr[..., 0]
    assert np.array_equal(recordio.unpack_img(recordio.pack_img(header, gray, 9, ".png"))[1], gray)
    deep = (np.arange(20, dtype=np.uint16) * 3000).reshape(4, 5)
    got = recordio.unpack_img(recordio.pack_img(header, deep, img_fmt=".png"))[1]
    assert got.dtype == np.uint16 and np.array_equal(got, deep)


def test_pack_img_png_channel_order():
    """A BGR array is written as the RGB image it stands for (as cv2.imencode does)."""
    from PIL import Image
    import io
    bgr = np.array([[[255, 0, 0], [0, 0, 255]]], dtype=np.uint8)  # blue, red
    _, payload = recordio.unpack(recordio.pack_img((0, 0, 0, 0), bgr, img_fmt=".png"))
    assert np.asarray(Image.open(io.BytesIO(payload))).tolist() == [[[0, 0, 255], [255, 0, 0]]]


def test_pack_img_jpeg_is_close():
    bgr = _test_image(32, 32)
    packed = recordio.pack_img(recordio.IRHeader(0, 3, 9, 0), bgr)
    header, got = recordio.unpack_img(packed, iscolor=1)
    assert header == recordio.IRHeader(0, 3.0, 9, 0)
    difference = np.abs(got.astype(int) - bgr)
    assert got.shape == bgr.shape and difference.mean() < 1.5 and difference.max() <= 8
    assert recordio.unpack(packed)[1][:2] == b"\xff\xd8"
    small = recordio.pack_img(recordio.IRHeader(0, 3, 9, 0), bgr, quality=10, img_fmt=".jpeg")
    assert len(small) < len(packed)
    gray = recordio.unpack_img(packed, iscolor=0)[1]
    assert gray.shape == (32, 32)


def test_unpack_img_of_bytes_that_are_no_image():
    header, img = recordio.unpack_img(recordio.pack((0, 1, 2, 0), b"not an image"))
    assert header.id == 2 and img is None


# ----- pickling and processes ----------------------------------------------------------------

def test_pickled_reader_reopens_and_original_closes():
    reader = recordio.MXRecordIO(str(FIXTURES / "records.rec"), "r")
    reader.read()
    copy = pickle.loads(pickle.dumps(reader))
    assert reader.is_open is False and copy.is_open is True
    assert copy.read() == PAYLOADS[0]
    with pytest.raises(RuntimeError, match="Forbidden operation in multiple processes"):
        reader.read()
    copy.close()


def test_pickled_indexed_reader():
    reader = recordio.MXIndexedRecordIO(str(FIXTURES / "records.idx"), str(FIXTURES / "records.rec"), "r")
    copy = pickle.loads(pickle.dumps(reader))
    assert copy.keys == reader.keys and copy.read_idx(9) == PAYLOADS[9]
    assert reader.read_idx(2) == PAYLOADS[2] and reader.is_open  # seek reopens a closed reader, as MXNet
    closed = pickle.loads(pickle.dumps(copy.close() or copy))
    assert closed.is_open is False


def test_pickled_writer_starts_the_file_again(tmp_path):
    writer = recordio.MXRecordIO(str(tmp_path / "w.rec"), "w")
    writer.write(b"abc")
    state = pickle.dumps(writer)
    assert (tmp_path / "w.rec").stat().st_size == 12 and not writer.is_open
    copy = pickle.loads(state)
    assert (tmp_path / "w.rec").stat().st_size == 0
    copy.write(b"new")
    copy.close()
    assert recordio.MXRecordIO(str(tmp_path / "w.rec"), "r").read() == b"new"


def test_other_process_is_refused_or_reset():
    reader = recordio.MXIndexedRecordIO(str(FIXTURES / "records.idx"), str(FIXTURES / "records.rec"), "r")
    reader.pid = -1  # as if the object had been forked into another process
    with pytest.raises(RuntimeError, match="Forbidden operation in multiple processes"):
        reader.read()
    assert reader.read_idx(4) == PAYLOADS[4]  # seek reopens the file in the new process
    reader.close()


# ----- errors --------------------------------------------------------------------------------

def test_bad_flag():
    with pytest.raises(ValueError, match="^Invalid flag x$"):
        recordio.MXRecordIO("unused.rec", "x")
    with pytest.raises(ValueError, match="^Invalid flag a$"):
        recordio.MXIndexedRecordIO("unused.idx", "unused.rec", "a")


def test_missing_files(tmp_path):
    with pytest.raises(MXNetError, match='Open ".*nonexist.rec": No such file or directory'):
        recordio.MXRecordIO(str(tmp_path / "nonexist.rec"), "r")
    with pytest.raises(MXNetError, match="No such file or directory"):
        recordio.MXRecordIO(str(tmp_path / "no_dir" / "a.rec"), "w")
    with pytest.raises(FileNotFoundError):
        recordio.MXIndexedRecordIO(str(tmp_path / "nonexist.idx"), str(FIXTURES / "records.rec"), "r")


def test_wrong_direction(tmp_path):
    writer = recordio.MXIndexedRecordIO(str(tmp_path / "a.idx"), str(tmp_path / "a.rec"), "w")
    with pytest.raises(AssertionError):
        writer.read()
    with pytest.raises(AssertionError):
        writer.seek(0)
    writer.close()
    reader = recordio.MXIndexedRecordIO(str(tmp_path / "a.idx"), str(tmp_path / "a.rec"), "r")
    with pytest.raises(AssertionError):
        reader.write(b"x")
    with pytest.raises(AssertionError):
        reader.tell()
    with pytest.raises(KeyError):
        reader.read_idx(99)
    assert reader.read() is None


def test_closed_record_refuses(tmp_path):
    writer = recordio.MXRecordIO(str(tmp_path / "c.rec"), "w")
    writer.close()
    writer.close()
    with pytest.raises(RuntimeError, match="Forbidden operation in multiple processes"):
        writer.write(b"x")


@pytest.mark.parametrize("data, message", [
    (b"\0" * 8, "Invalid RecordIO File"),
    (MAGIC + b"\x01", "Invalid RecordIO File"),
    (MAGIC + b"\x0a\0\0\0" + b"\x01", "Invalid RecordIO File upper_align=12"),
])
def test_invalid_files(tmp_path, data, message):
    (tmp_path / "bad.rec").write_bytes(data)
    with pytest.raises(MXNetError, match=message):
        recordio.MXRecordIO(str(tmp_path / "bad.rec"), "r").read()


def test_truncated_split_record_ends_the_file(tmp_path):
    (tmp_path / "t.rec").write_bytes(MAGIC + b"\0\0\0\x20" + MAGIC + b"\x01\0\0\x40z\0\0\0")  # cflag 1, 2, no 3
    reader = recordio.MXRecordIO(str(tmp_path / "t.rec"), "r")
    assert reader.read() is None


def test_empty_file(tmp_path):
    (tmp_path / "e.rec").write_bytes(b"")
    assert recordio.MXRecordIO(str(tmp_path / "e.rec"), "r").read() is None


def test_write_refuses_text_and_leaves_file_intact(tmp_path, monkeypatch):
    writer = recordio.MXIndexedRecordIO(str(tmp_path / "x.idx"), str(tmp_path / "x.rec"), "w")
    writer.write_idx(0, b"ok")
    with pytest.raises(TypeError, match="bytes or integer address expected instead of str instance"):
        writer.write_idx(1, "text")
    monkeypatch.setattr(recordio, "MAX_RECORD_BYTES", 16)
    with pytest.raises(MXNetError, match="RecordIO only accept record less than 2\\^29 bytes"):
        writer.write_idx(2, b"x" * 16)
    writer.write_idx(3, b"y" * 15)
    assert writer.keys == [0, 3]
    writer.close()
    assert (tmp_path / "x.idx").read_text() == "0\t0\n3\t12\n"
    assert _read_all(recordio.MXRecordIO(str(tmp_path / "x.rec"), "r")) == [b"ok", b"y" * 15]


def test_pack_errors():
    with pytest.raises(struct.error):
        recordio.pack((0, 1, -1, 0), b"x")
    with pytest.raises(ValueError, match="could not convert string to float"):
        recordio.pack((0, "a", 1, 0), b"x")
    with pytest.raises(TypeError, match="can't concat str to bytes"):
        recordio.pack((0, 1, 1, 0), "text")
    with pytest.raises(struct.error, match="unpack requires a buffer of 24 bytes"):
        recordio.unpack(b"abc")
    with pytest.raises(ValueError, match="buffer is smaller than requested size"):
        recordio.unpack(b"\x05" + bytes(23) + bytes(8))


def test_pack_label_too_large_for_float32_is_inf():
    # MXNet 1.9.1 packs with the native struct 'IfQQ', which stores such a label as +-inf
    assert recordio.pack(recordio.IRHeader(0, 1e40, 1, 0), b"ab") == (
        b"\x00\x00\x00\x00\x00\x00\x80\x7f\x01\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00ab")
    assert recordio.unpack(recordio.pack((0, -1e39, 1, 0), b"")) == (recordio.IRHeader(0, -np.inf, 1, 0), b"")
    assert recordio._IR_FORMAT == "IfQQ"


def test_pack_array_label_too_large_for_float32_warns_nothing():
    # MXNet 1.9.1 (NumPy 1.x) casts it to inf silently; bytes from MXNet 1.9.1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        packed = recordio.pack((0, [1e40], 1, 0), b"p")
    assert packed == (b"\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
                      b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x7fp")


def test_seek_to_an_offset_fseek_refuses(tmp_path):
    # MXNet 1.9.1 passes the offset as a size_t that fseek reads as a long: negative (or huge)
    # offsets raise MXNetError and leave the reader where it was; 2**64 + 16 wraps to 16
    rec, idx = tmp_path / "s.rec", tmp_path / "s.idx"
    writer = recordio.MXRecordIO(str(rec), "w")
    writer.write(b"first")
    writer.write(b"second")
    writer.close()
    idx.write_text("0\t-4\n1\t%d\n2\t%d\n3\t%d\n" % (2**64 - 1, 2**62, 2**64 + 16))
    reader = recordio.MXIndexedRecordIO(str(idx), str(rec), "r")
    for key in (0, 1, 2):
        with pytest.raises(MXNetError, match=r"Check failed: !std::fseek\(fp_, static_cast<long>\(pos\), SEEK_SET\)"):
            reader.seek(key)
    assert reader.read() == b"first"
    assert reader.read_idx(3) == b"second"
    reader.close()


def test_reading_a_directory_gives_no_records(tmp_path):
    # MXNet 1.9.1 (dmlc's fopen) opens a directory for reading; read() then returns None
    reader = recordio.MXRecordIO(str(tmp_path), "r")
    assert reader.read() is None and reader.read() is None
    reader.close()
    with pytest.raises(MXNetError, match="Is a directory"):
        recordio.MXRecordIO(str(tmp_path), "w")


@pytest.mark.parametrize("uri, name", [(3, "int"), (b"/tmp/x.rec", "bytes"), (None, "NoneType")])
def test_uri_that_is_not_a_path(uri, name):
    # MXNet 1.9.1's c_str(uri) calls uri.encode
    with pytest.raises(AttributeError) as info:
        recordio.MXRecordIO(uri, "w")
    assert str(info.value) == "'%s' object has no attribute 'encode'" % name


def test_pickled_state_holds_mxnet_keys(tmp_path):
    writer = recordio.MXRecordIO(str(tmp_path / "a.rec"), "w")
    assert sorted(writer.__getstate__()) == ["flag", "is_open", "pid", "uri", "writable"]  # as MXNet 1.9.1


def test_write_errors_and_misuse_match_mxnet(tmp_path):
    # messages from MXNet 1.9.1 (ctypes' c_char_p(buf), then len(buf); bare asserts)
    idx, rec = str(tmp_path / "a.idx"), str(tmp_path / "a.rec")
    writer = recordio.MXIndexedRecordIO(idx, rec, "w")
    for buf, message in [("text", "bytes or integer address expected instead of str instance"),
                         (3, "object of type 'int' has no len()"),
                         (None, "object of type 'NoneType' has no len()"),
                         ([1], "bytes or integer address expected instead of list instance")]:
        with pytest.raises(TypeError) as info:
            writer.write(buf)
        assert str(info.value) == message
    for misuse in [writer.read, lambda: writer.seek(0)]:  # AssertionError as MXNet's (its message is empty)
        with pytest.raises(AssertionError, match="needs a record file opened with flag 'r'"):
            misuse()
    writer.write_idx(0, b"ok")
    writer.close()
    reader = recordio.MXIndexedRecordIO(idx, rec, "r")
    for misuse in [reader.tell, lambda: reader.write(b"x")]:
        with pytest.raises(AssertionError, match="needs a record file opened with flag 'w'"):
            misuse()
    reader.close()


def test_image_errors():
    with pytest.raises(ValueError, match="unsupported image format '.gif'"):
        recordio.pack_img((0, 0, 0, 0), np.zeros((2, 2, 3), np.uint8), img_fmt=".gif")
    with pytest.raises(TypeError, match="must be uint8"):
        recordio.pack_img((0, 0, 0, 0), np.zeros((2, 2, 3), np.float32))
    with pytest.raises(ValueError, match="cannot encode an image of shape"):
        recordio.pack_img((0, 0, 0, 0), np.zeros((2, 2, 2), np.uint8))
    with pytest.raises(ValueError, match="iscolor must be -1"):
        recordio.unpack_img(recordio.pack((0, 0, 0, 0), b"x"), iscolor=2)
