"""_cvimdecode and _cvimread (src/mxnd/ndarray/ops/image_decode.py) against MXNet 1.9.1.

tests/fixtures/image_decode.json holds seven small images (RGB, RGBA, gray, palette and 16-bit
gray PNG; colour and gray JPEG, base64) and what MXNet 1.9.1's OpenCV decoder returned for each
with flag 0/1 and to_rgb 0/1 (printed by the reference venv). Error texts are MXNet's.
"""
import base64
import json
import os

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

pytest.importorskip("PIL", reason="image decoding needs Pillow (the image extra)")

with open(os.path.join(os.path.dirname(__file__), "..", "..", "fixtures", "image_decode.json")) as _handle:
    FIXTURE = json.load(_handle)
CASES = sorted(FIXTURE["mxnet"])


def _bytes(name):
    return base64.b64decode(FIXTURE["images"][name])


def _buffer(name):
    return mx.nd.array(np.frombuffer(_bytes(name), np.uint8), dtype="uint8")


@pytest.mark.parametrize("case", CASES)
def test_decoded_pixels_are_mxnets(case):
    name, flag, to_rgb = case.split("/")
    got = mx.nd._internal._cvimdecode(_buffer(name), flag=int(flag), to_rgb=int(to_rgb))
    want = np.array(FIXTURE["mxnet"][case], dtype=np.uint8)
    assert got.dtype == np.uint8 and got.shape == want.shape == (5, 7, 3 if flag == "1" else 1)
    assert got.context == mx.cpu()
    np.testing.assert_array_equal(got.asnumpy(), want)


@pytest.mark.parametrize("case", [c for c in CASES if c.endswith("/1")])
def test_imread_reads_the_file_as_imdecode_decodes_its_bytes(tmp_path, case):
    name, flag, _ = case.split("/")
    path = tmp_path / f"{name}.img"
    path.write_bytes(_bytes(name))
    got = mx.nd._internal._cvimread(filename=str(path), flag=int(flag))
    np.testing.assert_array_equal(got.asnumpy(), np.array(FIXTURE["mxnet"][case], dtype=np.uint8))


def test_out_receives_the_image():
    out = mx.nd.zeros((5, 7, 3), dtype="uint8")
    result = mx.nd._internal._cvimdecode(_buffer("rgb_png"), out=out)
    assert result is out
    np.testing.assert_array_equal(out.asnumpy(), np.array(FIXTURE["mxnet"]["rgb_png/1/1"], dtype=np.uint8))


@pytest.mark.parametrize("call,message", [
    (lambda: mx.nd._internal._cvimdecode(mx.nd.array([], dtype="uint8")), "Input cannot be an empty buffer"),
    (lambda: mx.nd._internal._cvimdecode(mx.nd.array([1, 2, 3])), "Input needs to be uint8 buffer"),
    (lambda: mx.nd._internal._cvimdecode(mx.nd.array([1, 2, 3], dtype="uint8")),
     "Decoding failed. Invalid image file."),
    (lambda: mx.nd._internal._cvimread(filename="/nonexistent/x.png"),
     "'/nonexistent/x.png' couldn't open file: No such file or directory"),
    (lambda: mx.nd._internal._cvimdecode(mx.nd.array([1, 2, 3], dtype="uint8"), flag=-1),
     "Convert decoded image to grayscale"),
    (lambda: mx.nd._internal._cvimdecode(mx.nd.array([1, 2, 3], dtype="uint8"), flag=2), "only 0"),
])
def test_bad_input_raises_mxnets_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call()


def test_a_truncated_image_raises_and_leaves_the_buffer():
    data = _bytes("rgb_jpg")[:40]
    buf = mx.nd.array(np.frombuffer(data, np.uint8), dtype="uint8")
    with pytest.raises(MXNetError, match="Decoding failed"):
        mx.nd._internal._cvimdecode(buf)
    assert buf.asnumpy().tobytes() == data


# ---- mx.nd.imdecode: MXNet's deprecated legacy decoder (its 1.9.1 build raises under Python 3) ----

def _chw(case):
    return np.array(FIXTURE["mxnet"][case], dtype=np.float32).transpose(2, 0, 1)


@pytest.mark.parametrize("name", ["rgb_png", "rgba_png", "palette_png", "rgb_jpg"])
def test_imdecode_gives_bgr_channels_first_float32(name):
    got = mx.nd.imdecode(_bytes(name))
    assert got.dtype == np.float32 and got.shape == (3, 5, 7) and got.context == mx.cpu()
    np.testing.assert_array_equal(got.asnumpy(), _chw(f"{name}/1/0"))  # OpenCV's BGR order


@pytest.mark.parametrize("name", ["rgb_png", "gray_png", "gray_jpg", "rgb_jpg"])
def test_imdecode_one_channel_is_the_grayscale_decode(name):
    got = mx.nd.imdecode(_bytes(name), channels=1)
    np.testing.assert_array_equal(got.asnumpy(), _chw(f"{name}/0/1"))


def test_imdecode_crops_subtracts_the_mean_and_writes_into_out():
    full = _chw("rgb_png/1/0")
    crop = mx.nd.imdecode(_bytes("rgb_png"), clip_rect=(1, 2, 5, 4))
    np.testing.assert_array_equal(crop.asnumpy(), full[:, 2:4, 1:5])
    mean = mx.nd.full((3, 5, 7), 100.0, dtype="float64")
    centred = mx.nd.imdecode(_bytes("rgb_png"), mean=mean)
    assert centred.dtype == np.float64
    np.testing.assert_array_equal(centred.asnumpy(), full.astype(np.float64) - 100.0)
    batch = mx.nd.zeros((2, 3, 5, 7))
    assert mx.nd.imdecode(_bytes("rgb_png"), out=batch, index=1) is batch
    np.testing.assert_array_equal(batch.asnumpy()[1], full)
    assert not batch.asnumpy()[0].any()


@pytest.mark.parametrize("call,message", [
    (lambda: mx.nd.imdecode(_bytes("gray_png")), "grayscale image"),
    (lambda: mx.nd.imdecode(_bytes("rgb_png"), channels=2), "channels must be 1 or 3"),
    (lambda: mx.nd.imdecode(_bytes("rgb_png"), clip_rect=(0, 0, 9, 3)), "does not fit"),
    (lambda: mx.nd.imdecode(_bytes("rgb_png"), mean=mx.nd.zeros((3, 2, 2))), "mean must have shape"),
    (lambda: mx.nd.imdecode(_bytes("rgb_png"), out=mx.nd.zeros((3, 2, 2))), "out must be"),
    (lambda: mx.nd.imdecode(b"not an image"), "Decoding failed"),
])
def test_imdecode_errors(call, message):
    with pytest.raises(MXNetError, match=message):
        call()


def test_internal_imdecode_is_imdecode_in_mxnets_positional_form():
    data = _bytes("rgb_png")
    full = _chw("rgb_png/1/0")
    whole = mx.nd._internal._imdecode(None, 0, 0, 0, 0, 0, 3, len(data), str_img=data)
    assert whole.dtype == np.float32 and whole.shape == (3, 5, 7)
    np.testing.assert_array_equal(whole.asnumpy(), full)
    empty_mean = mx.nd.array(np.zeros((0,), np.float32))  # what MXNet's Python passes for "no mean"
    crop = mx.nd._internal._imdecode(empty_mean, 0, 1, 2, 5, 4, 3, len(data), str_img=data)
    np.testing.assert_array_equal(crop.asnumpy(), full[:, 2:4, 1:5])
    batch = mx.nd.zeros((2, 1, 5, 7))
    assert mx.nd._internal._imdecode(None, 1, 0, 0, 0, 0, 1, len(data), str_img=data, out=batch) is batch
    np.testing.assert_array_equal(batch.asnumpy()[1], _chw("rgb_png/0/1"))
    assert not batch.asnumpy()[0].any()


@pytest.mark.parametrize("kwargs,message", [
    ({}, "str_img is missing"),
    ({"str_img": b"abc"}, r"size \(4\) must be the length of str_img \(3\)"),
])
def test_internal_imdecode_errors(kwargs, message):
    with pytest.raises(MXNetError, match=message):
        mx.nd._internal._imdecode(None, 0, 0, 0, 0, 0, 3, 4, **kwargs)
