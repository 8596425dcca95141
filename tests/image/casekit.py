"""Helpers shared by the mx.image case modules, which run unchanged under mxnd (the tests) and
under MXNet 1.9.1 (tools/make_image_fixtures.py, which records the expected values).

Every case returns plain JSON data: arrays become ``{"dtype", "shape", "bytes"}`` (base64 of the
raw values, so float32 results compare bit for bit), exceptions ``{"error": type name}``.
"""
import base64
import contextlib
import random
import struct
import tempfile
import warnings
import zlib

import numpy as np


def encode(value):
    """``value`` as JSON data: NDArrays and numpy arrays as exact base64 dicts, tuples as lists."""
    if hasattr(value, "asnumpy"):
        value = value.asnumpy()
    if isinstance(value, np.ndarray):
        return {"dtype": value.dtype.name, "shape": list(value.shape),
                "bytes": base64.b64encode(np.ascontiguousarray(value).tobytes()).decode("ascii")}
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {str(key): encode(item) for key, item in value.items()}
    return value


def decode(value):
    """The numpy array of an ``encode``d array dict (other values as they are)."""
    raw = base64.b64decode(value["bytes"])
    return np.frombuffer(raw, dtype=value["dtype"]).reshape(value["shape"])


def is_array(value):
    """Whether ``value`` is an ``encode``d array."""
    return isinstance(value, dict) and set(value) == {"dtype", "shape", "bytes"}


def outcome(function, *args, **kwargs):
    """``encode(function(...))``, or ``{"error": name}`` (plus ``message`` for the errors mxnd
    raises with MXNet's own text) when it raises."""
    try:
        return encode(function(*args, **kwargs))
    except Exception as error:  # noqa: BLE001 - both libraries' errors are recorded
        result = {"error": type(error).__name__}
        if isinstance(error, (ValueError, TypeError, AssertionError)) and type(error).__name__ != "MXNetError":
            result["message"] = str(error)
        return result


def with_warnings(function, *args, **kwargs):
    """``[outcome(function, ...), [category names of the warnings it gave]]``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = outcome(function, *args, **kwargs)
    return [result, [w.category.__name__ for w in caught]]


def seed(value):
    """Seed both generators MXNet's augmenters draw from."""
    random.seed(value)
    np.random.seed(value)


def pixels(height, width, key=0, channels=3):
    """A fixed uint8 (height, width, channels) image."""
    return np.random.RandomState(key).randint(0, 256, (height, width, channels)).astype(np.uint8)


def png_bytes(image):
    """The (H, W, 3) or (H, W, 1) uint8 ``image`` as PNG bytes (written here, without Pillow or
    OpenCV, so both environments make the same files)."""
    height, width, channels = image.shape
    color_type = {1: 0, 3: 2}[channels]
    rows = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


_SCRATCH = []  # the folder of the case being run: cases make their files under it


@contextlib.contextmanager
def scratch():
    """A temporary folder for one case's files, removed afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        _SCRATCH.append(folder)
        try:
            yield folder
        finally:
            _SCRATCH.pop()


def new_folder():
    """A new empty folder inside the current ``scratch`` folder."""
    return tempfile.mkdtemp(dir=_SCRATCH[-1])


def run_case(cases, mx, name):
    """The JSON data of ``cases[name]`` run with the library ``mx``, in a fresh scratch folder."""
    function, args = cases[name]
    with scratch():
        return encode(function(mx, *args))


def assert_same(got, want, tolerance=None, where="result"):
    """Assert that the case data ``got`` (mxnd) equals ``want`` (MXNet): arrays in dtype, shape and
    every value (bit for bit, or within ``tolerance`` = (rtol, atol)), everything else exactly."""
    if is_array(want):
        assert is_array(got), f"{where}: expected an array, got {got!r}"[:500]
        mine, theirs = decode(got), decode(want)
        assert (mine.dtype, mine.shape) == (theirs.dtype, theirs.shape), f"{where}: dtype/shape"
        if tolerance is None:
            np.testing.assert_array_equal(mine, theirs, err_msg=where)
        else:
            np.testing.assert_allclose(mine, theirs, rtol=tolerance[0], atol=tolerance[1], err_msg=where)
    elif isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), f"{where}: keys {got!r} vs {want!r}"[:500]
        for key in want:
            assert_same(got[key], want[key], tolerance, f"{where}.{key}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{where}: {got!r} vs {want!r}"[:500]
        for i, (mine, theirs) in enumerate(zip(got, want)):
            assert_same(mine, theirs, tolerance, f"{where}[{i}]")
    else:
        assert got == want, f"{where}: {got!r} != {want!r}"
