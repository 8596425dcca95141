"""mx.io.CSVIter / LibSVMIter / MNISTIter / ResizeIter / PrefetchingIter against MXNet 1.9.1.

The inputs and expected.json under tests/fixtures/io_files were written by
tools/make_io_fixtures.py with the reference MXNet (file_iter_cases.py run on it).
"""
import json
import os
import pathlib
import random
import struct

import numpy as np
import pytest

import mxnd as mx
from io_files import file_iter_cases
from mxnd import dmlc_numbers, io_files
from mxnd.errors import MXNetError

HERE = str(pathlib.Path(__file__).parents[1] / "fixtures" / "io_files")
EXPECTED = json.loads((pathlib.Path(HERE) / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(file_iter_cases.CASES))
def test_matches_reference(name):
    got, expected = file_iter_cases.run(mx, HERE, name), EXPECTED[name]
    if name in UNSET_INDEX:  # batch slots never written: MXNet shows uninitialised memory there
        for result in (got, expected):
            for batch in sum(result["epochs"], []):
                batch["index"] = batch["index"][:UNSET_INDEX[name]]
    assert got == expected


UNSET_INDEX = {"csv_small_5_False": 3, "csv_small_6_False": 3}


def test_reference_covers_the_parameters():
    names = set(EXPECTED)
    assert {"csv_3_True_True_float32", "csv_3_False_False_int32", "csv_int64", "libsvm_parts_3",
            "mnist_10_True_3_True", "resize_4_False", "prefetch"} <= names
    assert EXPECTED["csv_small_5_True"]["epochs"][-1][-1] == {"error": "MXNetError"}


def _csv(tmp_path, text, name="x.csv"):
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return str(path)


def test_is_an_mxdataiter_with_mxnet_methods(tmp_path):
    it = mx.io.CSVIter(data_csv=_csv(tmp_path, "1,2\n3,4\n5,6\n"), data_shape=(2,), batch_size=2)
    assert isinstance(it, mx.io.MXDataIter) and isinstance(it, mx.io.DataIter)
    batch = next(it)
    assert isinstance(batch.data[0], mx.nd.NDArray) and batch.data[0].context == mx.cpu(0)
    assert it.iter_next() and it.getpad() == 1 and it.getindex().tolist() == [2, 0]
    assert it.getdata().asnumpy().tolist() == [[5, 6], [1, 2]]
    assert it.getlabel().asnumpy().tolist() == [0, 0]


def test_debug_skip_load_repeats_the_current_batch(tmp_path):
    it = mx.io.CSVIter(data_csv=_csv(tmp_path, "1\n2\n3\n4\n"), data_shape=(1,), batch_size=1)
    it.next()
    it.next()
    it.debug_skip_load()
    assert [it.next().data[0].asnumpy().tolist() for _ in range(3)] == [[[2.0]]] * 3


@pytest.mark.parametrize("kwargs, message", [
    (dict(data_shape=(4,)), "specified shape=[4], the csv row-length=3"),
    (dict(data_shape=(3,), dtype="float64"), "float64 is not supported for CSVIter"),
    (dict(data_shape=(3,), dtype="foo"), "Invalid Input: 'foo', valid values are: {None, 'bfloat16'"),
    (dict(), "Required parameter data_shape of Shape(tuple) is not presented"),
    (dict(data_shape="x"), "Invalid Parameter format for data_shape expect Shape(tuple) but value='x'"),
    (dict(data_shape=(3,), round_batch="maybe"), "Invalid Parameter format for round_batch"),
    (dict(data_shape=(3,), ctx="tpu"), "Invalid Input: 'tpu'"),
])
def test_csv_errors(tmp_path, kwargs, message):
    with pytest.raises(MXNetError, match=None) as info:
        mx.io.CSVIter(data_csv=_csv(tmp_path, "1,2,3\n"), batch_size=1, **kwargs)
    assert message in str(info.value)


def test_csv_file_errors(tmp_path):
    with pytest.raises(MXNetError, match="Cannot find any files that matches the URI pattern"):
        mx.io.CSVIter(data_csv=str(tmp_path / "nope.csv"), data_shape=(1,), batch_size=1)
    with pytest.raises(MXNetError, match="LocalFileSystem.ListDirectory .* No such file or directory"):
        mx.io.CSVIter(data_csv=str(tmp_path / "nope" / "x.csv"), data_shape=(1,), batch_size=1)
    with pytest.raises(MXNetError, match="Required parameter data_csv of string"):
        mx.io.CSVIter(data_shape=(1,), batch_size=1)
    with pytest.raises(MXNetError, match="number of input must be bigger than batch size"):
        mx.io.CSVIter(data_csv=_csv(tmp_path, "1\n"), data_shape=(1,), batch_size=3)
    with pytest.raises(MXNetError, match="Data CSV's row is smaller than the number of rows in label_csv"):
        mx.io.CSVIter(data_csv=_csv(tmp_path, "1\n2\n"), data_shape=(1,), batch_size=1,
                      label_csv=_csv(tmp_path, "1\n", "l.csv"))
    with pytest.raises(MXNetError, match="Required parameter data_csv"):  # MXNet reads kwargs first
        mx.io.CSVIter(_csv(tmp_path, "1\n"), data_shape=(1,), batch_size=1)
    with pytest.raises(TypeError, match="CSVIter can only accept keyword arguments"):
        mx.io.CSVIter(5, data_csv=_csv(tmp_path, "1\n"), data_shape=(1,), batch_size=1)
    with pytest.raises(StopIteration):
        mx.io.CSVIter(data_csv=_csv(tmp_path, "\n\n"), data_shape=(1,), batch_size=1)


def test_csv_parameters_as_text(tmp_path):
    it = mx.io.CSVIter(data_csv=_csv(tmp_path, "1,2\n3,4\n"), data_shape="(2,)", batch_size="2",
                       round_batch="False", prefetch_buffer=1, ctx="cpu", unknown_option=5)
    assert it.provide_data[0].shape == (2, 2) and next(it).data[0].asnumpy().tolist() == [[1, 2], [3, 4]]
    assert mx.io.CSVIter(data_csv=_csv(tmp_path, "1,2\n"), data_shape=2, batch_size=1).batch_size == 1


def test_csv_label_rows_and_shapes(tmp_path):
    it = mx.io.CSVIter(data_csv=_csv(tmp_path, "1,2\n3,4\n"), data_shape=(2,), batch_size=2,
                       label_csv=_csv(tmp_path, "5,6\n7,8\n9,9\n", "l.csv"), label_shape=(2,), dtype="int64")
    batch = next(it)
    assert batch.label[0].asnumpy().tolist() == [[5, 6], [7, 8]] and batch.label[0].dtype == np.int64
    assert it.provide_label[0].shape == (2, 2)


def test_csv_batches_are_arrays_of_their_own(tmp_path):
    it = mx.io.CSVIter(data_csv=_csv(tmp_path, "1,2\n3,4\n5,6\n"), data_shape=(2,), batch_size=2,
                       label_csv=_csv(tmp_path, "1,2\n3,4\n5,6\n", "l.csv"), label_shape=(1, 2))
    batches = list(it)
    for batch in batches:
        batch.data[0][:] = 99
        batch.label[0][:] = 99
    it.reset()
    batch = next(it)
    assert batch.data[0].asnumpy().tolist() == [[3, 4], [5, 6]]  # round_batch: the epoch goes on
    assert batch.label[0].asnumpy().tolist() == [3, 4] and batch.label[0].size == 2


@pytest.mark.parametrize("text, expected", [
    ("1,2,3\n", [1.0, 2.0, 3.0]),
    ("1.1,1e-45,3.4e38\n", [1.1, 1.1754942e-38, 3.4000004e38]),
    ("1,,2,\n", [1.0, 2.0]),
    ("1, ,2\n", [1.0, 0.0, 2.0]),
    ("1,  \n5\n", [1.0, 5.0]),  # a last field of blanks reads the next line's number
    ("\ufeff-,.,e5\r\n", [-0.0, 0.0, 0.0]),
])
def test_dmlc_float_reading(text, expected):
    values, lengths = io_files._parse_csv(text.encode(), "float32")
    assert values[:lengths[0]].tolist() == np.array(expected, np.float32).tolist()


def test_vectorised_strtof_matches_the_scalar_one():
    rng = random.Random(5)
    alphabet = "0123456789.eE+-fx inN"
    tokens = [b"".join(rng.choice(alphabet).encode() for _ in range(rng.randint(0, 12))) for _ in range(3000)]
    tokens += [b"%.9g" % v for v in np.random.RandomState(1).standard_normal(500) * 10.0 ** rng.randint(-30, 30)]
    values, read, _ = dmlc_numbers.strtof_tokens(tokens)
    for token, value, count in zip(tokens, values, read):
        scalar = dmlc_numbers.strtof_at(token)
        assert (np.float32(value).tobytes(), count) == (np.float32(scalar[0]).tobytes(), scalar[1]), token


def test_vectorised_strtoll_matches_the_scalar_one():
    rng = random.Random(6)
    tokens = [b"".join(rng.choice("0123456789xX+- a7").encode() for _ in range(rng.randint(0, 22)))
              for _ in range(3000)]
    values, read, _ = dmlc_numbers.strtoll_tokens(tokens)
    assert [(int(v), int(r)) for v, r in zip(values, read)] == [dmlc_numbers.strtoll_at(t) for t in tokens]


def _plain_number(rng, most_digits=20, most_exponent=10 ** 11):
    """A random number of a plain CSV text: [blanks][sign]P[.D][e[sign]X], P and D of up to ``most_digits``."""
    def digits():
        return "".join(rng.choice("0123456789") for _ in range(rng.randint(1, rng.choice([3, most_digits]))))
    text = rng.choice(["", "", " ", "\t "]) + rng.choice(["", "", "-", "+"]) + digits()
    if rng.random() < 0.7:
        text += "." + digits()
    if rng.random() < 0.3:
        exponent = rng.choice([rng.randint(0, 50), rng.randint(0, most_exponent)])
        text += rng.choice("eE") + rng.choice(["", "-", "+"]) + rng.choice(["", "0", "00"]) + str(exponent)
    return text


def _plain_csv(rng, number, rows=40):
    lines = [",".join(number(rng) for _ in range(rng.randint(1, 6))) for _ in range(rows)]
    return "".join(line + rng.choice(["\n", "\n", "\r\n", "\n\n", "\r"]) for line in lines).encode()


def _same_reading(text, dtype):
    """_parse_csv's reading of a text (plain or not) is bit for bit the field-by-field one."""
    got, expected = io_files._parse_csv(text, dtype), io_files._parse_csv_tokens(text, dtype)
    assert got[0].dtype == expected[0].dtype and got[0].tobytes() == expected[0].tobytes(), text
    assert got[1].tolist() == expected[1].tolist(), text


def test_plain_csv_reads_each_field_with_strtof_at():
    rng = random.Random(7)
    plain = 0
    for _ in range(300):
        text = _plain_csv(rng, _plain_number, rows=rng.randint(1, 3))
        read = io_files._parse_plain_csv(text, "float32")
        fields = [line.split(b",") for line in text.replace(b"\r", b"\n").split(b"\n") if line]
        if read is not None:
            expected = np.array([dmlc_numbers.strtof_at(f)[0] for line in fields for f in line], np.float32)
            assert read[0].tobytes() == expected.tobytes() and read[1].tolist() == [len(line) for line in fields]
            plain += 1
        _same_reading(text, "float32")
    many = _plain_csv(rng, lambda r: _plain_number(r, 9, 10 ** 6), rows=2000)
    values, lengths = io_files._parse_plain_csv(many, "float32")
    fields = [f for line in many.replace(b"\r", b"\n").split(b"\n") if line for f in line.split(b",")]
    assert values.tobytes() == np.array([dmlc_numbers.strtof_at(f)[0] for f in fields], np.float32).tobytes()
    assert 50 < plain < 250


def _plain_int(rng):
    return rng.choice(["", " ", "-", "+", "\t-"]) + str(rng.randint(0, 10 ** rng.randint(1, 20)))


def test_plain_csv_reads_ints_with_strtoll_at():
    rng = random.Random(8)
    for dtype in ("int32", "int64"):
        for _ in range(30):
            text = _plain_csv(rng, _plain_int)
            read = io_files._parse_plain_csv(text, dtype)
            if read is not None:
                fields = [f for line in text.replace(b"\r", b"\n").split(b"\n") if line for f in line.split(b",")]
                expected = np.array([dmlc_numbers.strtoll_at(f)[0] for f in fields], np.int64).astype(dtype)
                assert read[0].tobytes() == expected.tobytes()
            _same_reading(text, dtype)


def test_plain_csv_reading_of_random_texts():
    rng = random.Random(10)
    alphabet = "0123456789" * 3 + ".eE+-,, \t\n\n\r"
    for _ in range(1000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30))).encode()
        for dtype in ("float32", "int64"):
            _same_reading(text, dtype)
        text = text.replace(b",", b" ").replace(b"e", b":")
        assert _libsvm_reading(io_files._parse_libsvm, text) == _libsvm_reading(io_files._parse_libsvm_tokens, text)


@pytest.mark.parametrize("text, plain", [
    (b"1e-45,3.4e38,-3.4e38,1e38,1e39,3.5e38,1.5e-38,1e+5,-0,0.0\n", True),
    (b" 1,\t-2, +3\r\n\r\n4,5,6\r", True),
    (b"1,2\n3\n\n", True),  # rows of different lengths, read as such
    (b"\n\n", True),
    (b"123456789012345678,12345678.1234567890,-0.12345678901234567\n", True),  # 18 digits
    (b"9999999999999999999,1.234567890123456789,-0.999999999999999999,00000000000.00000009\n", True),  # 19
    (b"1e999999999,1E-999999999,7e000000038\n", True),
    (b"12345678901234567890,0.1234567890123456789,1.2345678901234567890123\n", False),  # more digits
    (b"123456789012345678901234567890.5,1e4294967297,2e-4294967296\n", False),
    (b"inf,-nan,NaN,Infinity,-INF\n", False),
    (b"1,,2\n", False), (b"1,2,\n", False), (b",1\n", False), (b"1, ,2\n", False), (b"1,  \n5\n", False),
    (b"1 ,2\n", False), (b"1,2 \n", False), (b"1\f,2\n", False), (b"\xef\xbb\xbf1,2\n", False),
    (b"1.e5,.5,5.\n", False), (b"1.2.3\n", False), (b"1e2e3\n", False), (b"1e2.3\n", False),
    (b"-,+,1e,1e-,--1\n", False), (b"1f,2F\n", False), (b"0x1F,010\n", False), (b"1,2", True),
])
def test_plain_csv_edge_cases(text, plain):
    assert (io_files._parse_plain_csv(text, "float32") is not None) == plain
    for dtype in ("float32", "int32", "int64"):
        _same_reading(text, dtype)


@pytest.mark.parametrize("text, plain", [
    (b"0,-0,+5,99999999999999999,-4294967297\n", True), (b"010,0x1F,08\n", False), (b"00\n", False),
    (b"1.5,2\n", False), (b"1e3\n", False), (b"9223372036854775807,-1234567890123456789\n", True),
    (b"9223372036854775808\n", False), (b"-9223372036854775808\n", False), (b"12345678901234567890\n", False),
])
def test_plain_csv_int_edge_cases(text, plain):
    for dtype in ("int32", "int64"):
        assert (io_files._parse_plain_csv(text, dtype) is not None) == plain
        _same_reading(text, dtype)


def test_savetxt_output_is_plain():
    numbers = np.random.RandomState(3).standard_normal((50, 4)) * 10.0 ** np.arange(-2, 2)
    for fmt in ("%.6f", "%.18e", "%g", "%.9g"):
        text = "\n".join(",".join(fmt % v for v in row) for row in numbers).encode() + b"\n"
        assert io_files._parse_plain_csv(text, "float32") is not None, fmt
        _same_reading(text, "float32")


def _libsvm_reading(parse, text):
    try:
        return [(part.dtype, part.tobytes()) for part in parse(text)]
    except Exception as error:  # noqa: BLE001 - the same error either way
        return type(error).__name__, str(error)


def _plain_libsvm_line(rng):
    """A random line 'label index:value ...' of a plain LibSVM text (indices may have leading zeros)."""
    line = _plain_number(rng, 12, 60).lstrip(" \t")
    for _ in range(rng.randint(0, 4)):
        index = rng.choice([str(rng.randint(0, 10 ** rng.randint(1, 20))), "0%d" % rng.randint(0, 99)])
        line += rng.choice([" ", " ", "\t"]) + index + ":" + _plain_number(rng, 12, 60).lstrip(" \t")
    return line


def test_plain_libsvm_matches_token_reading():
    rng = random.Random(9)
    plain = 0
    for _ in range(300):
        lines = [_plain_libsvm_line(rng) for _ in range(rng.randint(1, 4))]
        text = "".join(line + rng.choice(["\n", "\n", "\r\n", "\n\n", "\r"]) for line in lines).encode()
        plain += io_files._parse_plain_libsvm(text) is not None
        assert _libsvm_reading(io_files._parse_libsvm, text) == _libsvm_reading(io_files._parse_libsvm_tokens, text)
    assert 50 < plain < 250


@pytest.mark.parametrize("text, plain", [
    (b"1 0:0.5 2:1.5\n-2\n", True), (b"1\t3:1e-45 7:3.4e38\r\n\r\n0 1:-0\r", True), (b"1\n2", True),
    (b"", True), (b"\n\n", True), (b"1 007:2 9999999999999999999:1\n", True),
    (b"1  0:0.5\n", False), (b" 1 0:0.5\n", False), (b"1 0:0.5 \n", False), (b"1 0 :0.5\n", False),
    (b"1 +3:1\n", False), (b"1 3.0:1\n", False), (b"1 1e1:2\n", False), (b"1 18446744073709551616:1\n", False),
    (b"1 0:.5\n", False), (b"# c\n1 0:1\n", False), (b"1 qid:3 0:1\n", False), (b"1 0:1:2\n", False),
    (b"1 1\n", False), (b"1 2 3:4\n", False), (b"1 -2:4\n", False), (b"1 0:inf\n", False), (b"1,2 0:1\n", False),
    (b"1 0:1,5\n", False),
])
def test_plain_libsvm_edge_cases(text, plain):
    assert (io_files._parse_plain_libsvm(text) is not None) == plain
    assert _libsvm_reading(io_files._parse_libsvm, text) == _libsvm_reading(io_files._parse_libsvm_tokens, text)


def test_libsvm_reads_comments_qid_and_exponents(tmp_path):
    path = _csv(tmp_path, "# c\n1 qid:3 0:1e1 2:.5 # x\n\n-2\t1:2\n", "d.t")
    batch = mx.io.LibSVMIter(data_libsvm=path, data_shape=(3,), batch_size=2).next()
    assert batch.data[0].asnumpy().tolist() == [[10.0, 0.0, 0.5], [0.0, 2.0, 0.0]]
    assert batch.label[0].asnumpy().tolist() == [1.0, -2.0]
    with pytest.raises(MXNetError, match="feature 1 has no value"):
        mx.io.LibSVMIter(data_libsvm=_csv(tmp_path, "1 1\n", "e.t"), data_shape=(3,), batch_size=1)


def test_libsvm_errors():
    path = os.path.join(HERE, "data.t")
    with pytest.raises(MXNetError, match="dimension of data_shape is expected to be 1"):
        mx.io.LibSVMIter(data_libsvm=path, data_shape=(3, 2), batch_size=1)
    with pytest.raises(MXNetError, match="round_batch == false"):
        mx.io.LibSVMIter(data_libsvm=path, data_shape=(3,), batch_size=1, round_batch=False)
    with pytest.raises(MXNetError, match=r"label_shape is expected to be \(1,\)"):
        mx.io.LibSVMIter(data_libsvm=path, data_shape=(3,), batch_size=1, label_shape=(2,))
    with pytest.raises(MXNetError, match="part index should be non-negative"):
        mx.io.LibSVMIter(data_libsvm=path, data_shape=(3,), batch_size=1, part_index=-1)


def test_mnist_shuffle_is_libstdcxx_std_shuffle():
    # the labels of the fixture are the image numbers: MXNet's order for each seed
    orders = {seed: EXPECTED[f"mnist_order_{seed}"] for seed in (0, 1, 2, 99, -1)}
    for seed, order in orders.items():
        assert io_files._std_shuffle_order(25, seed).tolist() == order


def test_mnist_pixels_are_bytes_over_256(tmp_path):
    image, label = tmp_path / "i", tmp_path / "l"
    image.write_bytes(struct.pack(">iiii", 2051, 2, 28, 28) + bytes(range(256)) * 6 + bytes(1568 - 1536))
    label.write_bytes(struct.pack(">ii", 2049, 2) + b"\x03\x09")
    it = mx.io.MNISTIter(image=str(image), label=str(label), batch_size=2, shuffle=False, silent=True)
    batch = next(it)
    assert batch.data[0].shape == (2, 1, 28, 28) and batch.data[0].dtype == np.float32
    assert batch.data[0].asnumpy().ravel()[:256].tolist() == (np.arange(256) / 256).tolist()
    assert batch.label[0].asnumpy().tolist() == [3.0, 9.0] and batch.index.tolist() == [0, 0]
    with pytest.raises(MXNetError, match="holds 2 images but"):
        mx.io.MNISTIter(image=str(image), label=os.path.join(HERE, "labels-idx1-ubyte"), silent=True)


def test_mnist_errors_and_log(capsys):
    image, label = os.path.join(HERE, "images-idx3-ubyte"), os.path.join(HERE, "labels-idx1-ubyte")
    mx.io.MNISTIter(image=image, label=label, batch_size=5, flat=True)
    assert "MNISTIter: load 25 images, shuffle=1, shape=(5,16)" in capsys.readouterr().err
    with pytest.raises(MXNetError, match="invalid mnist format"):
        mx.io.MNISTIter(image=os.path.join(HERE, "short-idx3-ubyte"), label=label, silent=True)
    with pytest.raises(MXNetError, match='Open "nope": No such file or directory'):
        mx.io.MNISTIter(image="nope", label=label, silent=True)
    with pytest.raises(MXNetError, match="should be greater equal to 1"):
        mx.io.MNISTIter(image=image, label=label, batch_size=0, silent=True)


def test_prefetching_iter_passes_errors_on():
    class Failing(mx.io.NDArrayIter):
        def next(self):
            raise ValueError("broken source")

    it = mx.io.PrefetchingIter(Failing(np.zeros((4, 1)), batch_size=2))
    with pytest.raises(ValueError, match="broken source"):
        next(it)


def test_resize_iter_keeps_going_without_reset_internal():
    inner = mx.io.NDArrayIter(np.arange(6), batch_size=2)
    it = mx.io.ResizeIter(inner, 2, reset_internal=False)
    first = [b.data[0].asnumpy().tolist() for b in it]
    it.reset()
    second = [b.data[0].asnumpy().tolist() for b in it]
    assert first == [[0, 1], [2, 3]] and second == [[4, 5], [0, 1]]


def test_mx_data_iter_alone_says_what_to_use():
    # MXNet's MXDataIter wraps a C++ handle; mxnd's is the base of the file iterators
    with pytest.raises(MXNetError, match="MXDataIter wraps a C\\+\\+ iterator handle in MXNet; mxnd has none"):
        mx.io.MXDataIter()
