"""mx.nd.save / load / load_frombuffer against files written by the reference MXNet 1.9.1.

tests/fixtures/params/*.params were written by MXNet 1.9.1 (tools/make_params_fixtures.py,
which also stored the expected values as .npz and the key order as .json). mxnd must read
them exactly and write byte-identical files from the same arrays, which is what makes its
files load in MXNet 1.9.1 (checked once with ``make_params_fixtures.py --check``).
"""
import json
import os
import pathlib
import struct

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.ndarray import serialization

FIXTURES = pathlib.Path(__file__).parent.parent / "fixtures" / "params"
DENSE = ["dense_dtypes", "list", "empty_list", "model-0000", "np_shape"]
DTYPES = ["float16", "float32", "float64", "uint8", "int8", "int32", "int64", "bool"]


def _fixture(name):
    meta = json.loads((FIXTURES / f"{name}.json").read_text())
    return meta, np.load(FIXTURES / f"{name}.npz"), (FIXTURES / f"{name}.params").read_bytes()


def _as_dict(loaded, meta):
    if meta["container"] == "list":
        assert isinstance(loaded, list)
        return {str(i): v for i, v in enumerate(loaded)}
    assert isinstance(loaded, dict)
    return loaded


def _assert_same(array, expected):
    got = array.asnumpy()
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)  # nan == nan, -0.0 == 0.0
    if got.dtype.kind == "f":  # and the same bits (sign of zero, nan payload)
        assert got.tobytes() == expected.tobytes()


@pytest.mark.parametrize("name", DENSE)
def test_reference_files_load_exactly(name):
    meta, expected, _ = _fixture(name)
    loaded = _as_dict(mx.nd.load(str(FIXTURES / f"{name}.params")), meta)
    assert list(loaded) == [entry["key"] for entry in meta["arrays"]]  # file order kept
    for entry in meta["arrays"]:
        array = loaded[entry["key"]]
        assert type(array) is mx.nd.NDArray and array.stype == "default"
        assert array.context == mx.cpu(0)
        _assert_same(array, expected[entry["key"]])


@pytest.mark.parametrize("name", DENSE)
def test_mxnd_writes_byte_identical_files(name, tmp_path):
    meta, expected, reference = _fixture(name)
    arrays = {entry["key"]: mx.nd.array(expected[entry["key"]], dtype=expected[entry["key"]].dtype)
              for entry in meta["arrays"]}
    data = arrays if meta["container"] == "dict" else list(arrays.values())
    path = tmp_path / "out.params"
    mx.nd.save(str(path), data)
    assert path.read_bytes() == reference
    assert mx.nd.utils.save_tobuffer(data) == reference


@pytest.mark.parametrize("name", DENSE)
def test_load_frombuffer_equals_load(name):
    meta, expected, reference = _fixture(name)
    for buffer in (reference, bytearray(reference), memoryview(reference)):
        loaded = _as_dict(mx.nd.load_frombuffer(buffer), meta)
        for entry in meta["arrays"]:
            _assert_same(loaded[entry["key"]], expected[entry["key"]])


def test_model_params_names():
    loaded = mx.nd.load(str(FIXTURES / "model-0000.params"))
    assert sorted(k.split(":")[0] for k in loaded) == ["arg"] * 6 + ["aux"] * 2
    assert loaded["aux:model_batchnorm0_running_var"].shape == (4,)
    assert loaded["arg:model_conv0_weight"].shape == (4, 2, 3, 3)


def test_zero_d_array_file_layout():
    """A 0-d array is written as MXNet does in np-shape semantics (V3 magic for every array)."""
    data = mx.nd.utils.save_tobuffer([mx.nd.array(2.5), mx.nd.array([1, 2])])
    assert struct.unpack_from("<I", data, 24)[0] == serialization.V3_MAGIC
    loaded = mx.nd.load_frombuffer(data)
    assert loaded[0].shape == () and loaded[0].asscalar() == 2.5
    assert loaded[1].asnumpy().tolist() == [1, 2]


def test_zero_d_written_in_legacy_semantics_loads():
    """MXNet 1.9.1 writes V2 + ndim 0 + data for a 0-d array (and then cannot read it); mxnd can."""
    legacy = bytes.fromhex("120100000000000000000000000000000100000000000000c9fa93f9000000000000"
                           "00000100000000000000000000000000a0400000000000000000")
    (array,) = mx.nd.load_frombuffer(legacy)
    assert array.shape == () and array.dtype == np.float32 and array.asscalar() == 5.0


def test_row_sparse_saved_with_an_empty_storage_shape_loads():
    """MXNet 1.9.1 sometimes saves a row_sparse array made by tostype with a storage shape of 0 rows
    (bytes below, from its save of ``mx.nd.array([[0, 0], [1.5, 2], [0, 0]], dtype='int32')
    .tostype('row_sparse')``); its loader takes the rows from the indices' length, as mxnd does."""
    saved = bytes.fromhex("120100000000000000000000000000000100000000000000c9fa93f901000000020000000000"
                          "0000000000000200000000000000020000000300000000000000020000000000000001000000"
                          "000000000400000006000000010000000100000000000000010000000200000001000000000000"
                          "000000000000000000")
    (array,) = mx.nd.load_frombuffer(saved)
    assert array.stype == "row_sparse" and array.dtype == np.int32
    assert array.asnumpy().tolist() == [[0, 0], [1, 2], [0, 0]] and array.data.shape == (1, 2)


@pytest.mark.parametrize("dtype", DTYPES + ["bfloat16"])
@pytest.mark.parametrize("shape", [(), (0,), (3,), (2, 0, 3), (2, 3, 4)])
def test_round_trip_every_dtype(dtype, shape, tmp_path):
    source = mx.nd.array(np.arange(int(np.prod(shape))).reshape(shape) % 3 - 1, dtype=dtype) \
        if dtype != "bfloat16" else mx.nd.array(np.ones(shape)).astype("bfloat16")
    path = str(tmp_path / "x.params")
    mx.nd.save(path, {"x": source, "y": source})
    loaded = mx.nd.load(path)
    assert list(loaded) == ["x", "y"]
    for array in loaded.values():
        assert array.dtype == source.dtype and array.shape == source.shape
        assert torch.equal(array._data, source._data)


@pytest.mark.parametrize("elements", [(2 << 20) // 4 - 1, (2 << 20) // 4, 600_000, 1_000_000, 1_300_001])
def test_large_arrays_round_trip_on_huge_page_buffers(elements, tmp_path):
    """Arrays from 2 MB up load into huge-page mappings (rounded up to whole 2 MB pages when that
    adds at most an eighth): values, writability and the storage size are the array's own."""
    values = np.random.RandomState(elements % 97).standard_normal(elements).astype(np.float32)
    path = str(tmp_path / "big.params")
    mx.nd.save(path, [mx.nd.array(values), mx.nd.array(values[::-1].copy())])
    first, second = mx.nd.load(path)
    np.testing.assert_array_equal(first.asnumpy(), values)
    np.testing.assert_array_equal(second.asnumpy(), values[::-1])
    assert first._data.untyped_storage().nbytes() == elements * 4
    first[:] = 1.0
    assert second.asnumpy()[0] == values[-1] and float(first.sum().asscalar()) == elements


def test_single_ndarray_saves_as_list(tmp_path):
    path = str(tmp_path / "one")
    mx.nd.save(path, mx.nd.ones((2,)))
    (array,) = mx.nd.load(path)
    assert array.asnumpy().tolist() == [1.0, 1.0]


def test_loaded_arrays_are_independent_and_writable(tmp_path):
    path = str(tmp_path / "x")
    mx.nd.save(path, [mx.nd.ones((2,)), mx.nd.zeros((2,), dtype="float16")])
    first, second = mx.nd.load(path)
    first += 1
    second[:] = 3
    assert first.asnumpy().tolist() == [2, 2] and second.asnumpy().tolist() == [3, 3]


def test_views_and_non_default_contexts_save_their_values(tmp_path):
    base = mx.nd.arange(12).reshape((3, 4))
    path = str(tmp_path / "v")
    mx.nd.save(path, [base[1], base[1:3]])
    row, block = mx.nd.load(path)
    assert row.asnumpy().tolist() == [4, 5, 6, 7]
    assert block.asnumpy().tolist() == [[4, 5, 6, 7], [8, 9, 10, 11]]


def test_pathlike_and_dict_order(tmp_path):
    path = tmp_path / "p.params"
    mx.nd.save(path, {"b": mx.nd.ones(1), "a": mx.nd.zeros(1)})
    assert list(mx.nd.load(path)) == ["b", "a"]


def test_recorded_arrays_save_their_values(tmp_path):
    x = mx.nd.array([1, 2])
    x.attach_grad()
    with mx.autograd.record():
        y = x * 2
    mx.nd.save(str(tmp_path / "g"), [x, y])
    assert [a.asnumpy().tolist() for a in mx.nd.load(str(tmp_path / "g"))] == [[1, 2], [2, 4]]


def test_gpu_context_in_file(ctx):
    """Arrays saved on gpu(0) record dev_type 2; they load on the GPU when one exists, else cpu(0)."""
    data = mx.nd.utils.save_tobuffer([mx.nd.array([1, 2], ctx=ctx)])
    assert struct.unpack_from("<ii", data, 24 + 8 + 4 + 8) == (ctx.device_typeid, 0)
    gpu_file = bytearray(data)
    struct.pack_into("<ii", gpu_file, 24 + 8 + 4 + 8, 2, 0)
    (array,) = mx.nd.load_frombuffer(bytes(gpu_file))
    assert array.context == (mx.gpu(0) if mx.context.num_gpus() else mx.cpu(0))
    assert array.asnumpy().tolist() == [1, 2]


def test_legacy_v1_and_unversioned_formats():
    """Files from MXNet before storage types: V1 (int64 shape) and bare uint32 ndim + dims."""
    values = np.array([1.5, -2], dtype=np.float32).tobytes()
    v1 = struct.pack("<IiqiiI", serialization.V1_MAGIC, 1, 2, 1, 0, 0) + values
    bare = struct.pack("<IIiiI", 1, 2, 1, 0, 0) + values
    for body in (v1, bare):
        data = struct.pack("<QQQ", 0x112, 0, 1) + body + struct.pack("<QQ", 1, 1) + b"w"
        loaded = mx.nd.load_frombuffer(data)
        assert loaded["w"].asnumpy().tolist() == [1.5, -2.0]


# ----- bad input --------------------------------------------------------------------------------

def test_save_argument_errors_as_mxnet(tmp_path):
    path = str(tmp_path / "x")
    with pytest.raises(ValueError, match="data needs to either be a NDArray"):
        mx.nd.save(path, 1)
    with pytest.raises(ValueError, match="data needs to either be a NDArray"):
        mx.nd.save(path, (mx.nd.ones(1),))
    with pytest.raises(TypeError, match=r"save only accept dict str->NDArray or list of NDArray"):
        mx.nd.save(path, {1: mx.nd.ones(1)})
    with pytest.raises(TypeError, match=r"save only accept dict str->NDArray or list of NDArray"):
        mx.nd.save(path, [np.ones(1)])
    with pytest.raises(TypeError, match="fname required to be a string"):
        mx.nd.save(5, [mx.nd.ones(1)])
    assert not os.path.exists(path)


def test_load_argument_errors_as_mxnet(tmp_path):
    with pytest.raises(TypeError, match="fname required to be a string"):
        mx.nd.load(5)
    with pytest.raises(TypeError, match="buf required to be a string or bytes"):
        mx.nd.load_frombuffer(5)
    with pytest.raises(mx.MXNetError, match="No such file or directory"):
        mx.nd.load(str(tmp_path / "missing"))
    with pytest.raises(mx.MXNetError, match="No such file or directory"):
        mx.nd.save(str(tmp_path / "nodir" / "x"), [mx.nd.ones(1)])
    with pytest.raises(mx.MXNetError, match="load: cannot read .*Is a directory"):
        mx.nd.load(str(tmp_path))
    with pytest.raises(mx.MXNetError, match="save: cannot write .*Is a directory"):
        mx.nd.save(str(tmp_path), [mx.nd.ones(1)])
    assert os.listdir(tmp_path) == []


def test_save_is_atomic(tmp_path, monkeypatch):
    """A failure while writing leaves the old file intact and no temporary file behind."""
    path = tmp_path / "model.params"
    mx.nd.save(str(path), {"old": mx.nd.ones(3)})
    before = path.read_bytes()
    calls = []

    def failing(write, parts, magic):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt  # as a crash halfway through the arrays
        original(write, parts, magic)

    original = serialization.encode_array
    monkeypatch.setattr(serialization, "encode_array", failing)
    with pytest.raises(KeyboardInterrupt):
        mx.nd.save(str(path), {"a": mx.nd.zeros(1000), "b": mx.nd.zeros(1000)})
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["model.params"]


def _list_file():
    return (FIXTURES / "list.params").read_bytes()


def _section_boundaries(data):
    """``{offset: field}`` where each field of list.params (2 arrays, no names) starts."""
    fields, position = {0: "the list header (in the file header"}, 24
    for index in range(2):
        ndim = struct.unpack_from("<i", data, position + 8)[0]
        for width, field in [(4, "the array magic"), (4, "the storage type"), (4, "the ndim of the shape"),
                             (8 * ndim, "the shape"), (8, "the context"), (4, "the type flag")]:
            fields[position] = f"{field} (in array {index}"
            position += width
        count = int(np.prod(struct.unpack_from(f"<{ndim}q", data, position - 12 - 8 * ndim)))
        fields[position] = f"the data (in array {index}"
        position += count * 4  # float32 and int32
    fields[position] = "the number of names (in the names"
    assert position + 8 == len(data)
    return fields


def test_truncated_at_every_byte_raises():
    data = _list_file()
    boundaries = _section_boundaries(data)
    assert list(boundaries)[:5] == [0, 24, 28, 32, 36]
    for length in range(len(data)):
        with pytest.raises(mx.MXNetError, match="Invalid NDArray file format: file is truncated") as info:
            mx.nd.load_frombuffer(data[:length])
        if length in boundaries:
            field, where = boundaries[length].split(" (")
            assert f"file is truncated: {field} " in str(info.value)
            assert f"({where}, at byte {length})" in str(info.value)
    assert len(mx.nd.load_frombuffer(data)) == 2


def test_truncated_file_on_disk_names_the_file(tmp_path):
    path = tmp_path / "cut.params"
    path.write_bytes(_list_file()[:60])
    with pytest.raises(mx.MXNetError, match=r"load: .*cut.params: Invalid NDArray file format: "
                                             r"file is truncated: the data"):
        mx.nd.load(str(path))


def _patched(offset, layout, value):
    data = bytearray(_list_file())
    struct.pack_into(layout, data, offset, value)
    return bytes(data)


@pytest.mark.parametrize("data, message", [
    (b"", r"truncated: the list header needs 24 bytes, only 0 left"),
    (b"not an MXNet params file, just text\n", r"wrong magic 0x[0-9a-f]+ \(expected 0x112\)"),
    (_patched(0, "<Q", 0x113), r"wrong magic 0x113 \(expected 0x112\)"),
    (_patched(16, "<Q", 10 ** 15), r"file is truncated: .* \(in array 2,"),
    (_patched(24, "<I", 0xF993FACB), r"unknown array magic 0xf993facb .*array 0"),
    (_patched(28, "<i", 7), r"unknown storage type 7"),
    (_patched(32, "<i", 1 << 30), r"truncated: the shape needs 8589934592 bytes"),
    (_patched(32, "<i", -3), r"the shape has a negative ndim -3"),
    (_patched(36, "<q", -1), r"negative dimension"),
    (_patched(36, "<q", 1 << 40), r"truncated: the data \(float32, shape \(1099511627776,\)\)"),
    (_patched(52, "<i", 9), r"unknown type flag 9"),
    (_list_file()[:-8] + struct.pack("<Q", 1), r"1 names for 2 arrays"),
])
def test_corrupt_files_raise_clear_errors(data, message):
    with pytest.raises(mx.MXNetError, match=message):
        mx.nd.load_frombuffer(data)


def test_non_utf8_name_raises():
    data = struct.pack("<QQQ", 0x112, 0, 0) + struct.pack("<Q", 0)
    good = mx.nd.utils.save_tobuffer({"ab": mx.nd.ones(1)})
    assert mx.nd.load_frombuffer(data) == []
    with pytest.raises(mx.MXNetError, match="not UTF-8"):
        mx.nd.load_frombuffer(good[:-2] + b"\xff\xfe")


def test_random_corruption_never_crashes():
    rng = np.random.RandomState(0)
    data = (FIXTURES / "dense_dtypes.params").read_bytes()
    for _ in range(300):
        corrupt = bytearray(data)
        for position in rng.randint(0, len(data), size=3):
            corrupt[position] = rng.randint(0, 256)
        try:
            mx.nd.load_frombuffer(bytes(corrupt))
        except mx.MXNetError as error:
            assert "Invalid NDArray file format" in str(error)


# ----- sparse -----------------------------------------------------------------------------------

def test_sparse_reference_file_loads_exactly():
    meta, expected, _ = _fixture("sparse")
    loaded = mx.nd.load(str(FIXTURES / "sparse.params"))
    assert list(loaded) == [entry["key"] for entry in meta["arrays"]]
    for entry in meta["arrays"]:
        key, array = entry["key"], loaded[entry["key"]]
        assert array.stype == entry["stype"] and array.shape == tuple(entry["shape"])
        _assert_same(array, expected[key])  # the dense values
        if entry["stype"] != "default":
            _assert_same(array.data, expected[key + ".data"])
            _assert_same(array.indices, expected[key + ".indices"])
        if entry["stype"] == "csr":
            _assert_same(array.indptr, expected[key + ".indptr"])


def test_sparse_written_byte_identical(tmp_path):
    reference = (FIXTURES / "sparse.params").read_bytes()
    loaded = mx.nd.load_frombuffer(reference)
    mx.nd.save(str(tmp_path / "s.params"), loaded)
    assert (tmp_path / "s.params").read_bytes() == reference


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_sparse_round_trip_from_constructors(dtype, tmp_path):
    csr = mx.nd.sparse.csr_matrix((np.array([1, 2, 3], dtype=dtype), np.array([0, 2, 1]), np.array([0, 2, 2, 3])),
                                  shape=(3, 3))
    rsp = mx.nd.sparse.row_sparse_array((np.ones((2, 2), dtype=dtype), np.array([0, 3])), shape=(5, 2))
    path = str(tmp_path / "sp")
    mx.nd.save(path, [csr, rsp])
    got_csr, got_rsp = mx.nd.load(path)
    assert got_csr.stype == "csr" and got_rsp.stype == "row_sparse"
    assert got_csr.dtype == np.dtype(dtype) and got_rsp.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got_csr.asnumpy(), [[1, 0, 2], [0, 0, 0], [0, 3, 0]])
    np.testing.assert_array_equal(got_rsp.asnumpy(), [[1, 1], [0, 0], [0, 0], [1, 1], [0, 0]])
    assert got_csr.indices.dtype == np.int64 and got_csr.indptr.dtype == np.int64


def test_sparse_in_v3_file_raises():
    data = bytearray((FIXTURES / "sparse.params").read_bytes())
    struct.pack_into("<I", data, 24, serialization.V3_MAGIC)
    with pytest.raises(mx.MXNetError, match="a csr array cannot be stored in np-shape semantics"):
        mx.nd.load_frombuffer(bytes(data))


def test_truncated_sparse_file_raises_at_every_length():
    data = (FIXTURES / "sparse.params").read_bytes()
    for length in range(0, len(data), 7):
        with pytest.raises(mx.MXNetError, match="file is truncated"):
            mx.nd.load_frombuffer(data[:length])


def test_saving_over_a_large_file_and_through_a_symlink(tmp_path):
    path = tmp_path / "big.params"
    for fill in (1.0, 2.0, 3.0):  # each save replaces a file of 4 MB (its old pages freed in the background)
        mx.nd.save(str(path), [mx.nd.full((1 << 20,), fill)])
        assert mx.nd.load(str(path))[0][-1].asscalar() == fill
    link = tmp_path / "link.params"
    link.symlink_to(path)
    mx.nd.save(str(link), [mx.nd.ones(2)])
    assert link.is_symlink() and mx.nd.load(str(path))[0].shape == (2,)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.params", "link.params"]


REFERENCE_PYTHON = pathlib.Path("/tmp/mxvenv/bin/python")


@pytest.mark.skipif(not REFERENCE_PYTHON.exists(), reason="needs the reference MXNet 1.9.1 venv")
def test_reference_mxnet_loads_files_written_by_mxnd(tmp_path):
    """The mxnd -> MXNet direction, end to end: MXNet 1.9.1 (in its own interpreter) loads
    every file mxnd writes from the fixtures and finds the recorded values."""
    import subprocess

    for name in DENSE + ["sparse"]:
        mx.nd.save(str(tmp_path / f"{name}.params"), mx.nd.load(str(FIXTURES / f"{name}.params")))
    tool = pathlib.Path(__file__).parents[2] / "tools" / "make_params_fixtures.py"
    result = subprocess.run([str(REFERENCE_PYTHON), str(tool), "--check", str(tmp_path)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "failures: 0" in result.stdout and result.stdout.count("ok  ") >= 30


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_load_and_save_work_in_a_forked_child(tmp_path):
    """The parallel reader's thread pool does not survive fork; a child must not hang on it."""
    import multiprocessing

    path = str(tmp_path / "big.params")
    mx.nd.save(path, [mx.nd.ones((1 << 19,)), mx.nd.ones((1 << 19,))])
    mx.nd.save(path, [mx.nd.full((1 << 19,), 2.0), mx.nd.full((1 << 19,), 3.0)])
    assert mx.nd.load(path)[1][0].asscalar() == 3.0  # the parent's pool now has threads
    with multiprocessing.get_context("fork").Pool(1) as pool:
        assert pool.apply_async(_child_round_trip, (path,)).get(timeout=60) == 5.0


def _child_round_trip(path):
    # no torch arithmetic here: torch's own OpenMP pool is not fork-safe (a torch limitation)
    first, second = mx.nd.load(path)
    mx.nd.save(path, [second, first])
    swapped = mx.nd.load(path)
    return float(swapped[0].asnumpy()[0] + swapped[1].asnumpy()[0])
