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
