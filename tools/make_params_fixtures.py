"""Write tests/fixtures/params/*.params with the reference MXNet 1.9.1, plus the expected values.

Run ONLY in the reference venv: ``/tmp/mxvenv/bin/python tools/make_params_fixtures.py``.
Each ``<name>.params`` is written by MXNet's own ``mx.nd.save``; ``<name>.npz`` holds the
same values in numpy's format (sparse arrays as ``<key>.data/.indices/.indptr`` and their
dense form as ``<key>``), and ``<name>.json`` records the keys in file order, the kind of
container (list or dict) and each array's storage type and dtype. tests/test_serialization.py
loads the ``.params`` files with mxnd, compares them with the ``.npz`` values, and checks that
``mx.nd.save`` in mxnd writes byte-identical files.

``--check DIR`` instead loads every ``DIR/<name>.params`` (written by mxnd from the fixtures)
with MXNet and compares it with ``<name>.npz``: the mxnd -> MXNet direction.
"""
import json
import os
import sys

import mxnet as mx
import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "params")
DTYPES = ["float16", "float32", "float64", "uint8", "int8", "int32", "int64", "bool"]


def _values(dtype, shape, seed):
    rng = np.random.RandomState(seed)
    if dtype == "bool":
        return rng.randint(0, 2, size=shape).astype(bool)
    if dtype in ("uint8", "int8", "int32", "int64"):
        info = np.iinfo(dtype)
        return rng.randint(max(info.min, -1000), min(info.max, 1000) + 1, size=shape).astype(dtype)
    return (rng.standard_normal(shape) * 10).astype(dtype)


def dense_dtypes():
    """One array per dtype (dict), various shapes, including extreme values."""
    out = {}
    for i, dtype in enumerate(DTYPES):
        out[f"{dtype}_2x3"] = _values(dtype, (2, 3), i)
    out["float32_special"] = np.array([np.inf, -np.inf, np.nan, -0.0, 1e-45, 3.4e38], dtype=np.float32)
    out["float16_special"] = np.array([np.inf, -np.inf, 65504, -0.0, 6e-8], dtype=np.float16)
    out["int64_extremes"] = np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max, 0], dtype=np.int64)
    out["uint8_extremes"] = np.array([0, 255, 128], dtype=np.uint8)
    out["float32_4d"] = _values("float32", (2, 1, 3, 2), 20)
    out["float32_empty"] = np.zeros((0,), dtype=np.float32)
    out["int32_empty_2x0"] = np.zeros((2, 0), dtype=np.int32)
    out["float64_long"] = _values("float64", (1000,), 21)
    return out


def model_params():
    """A model's -0000.params as HybridBlock.export writes it: arg:/aux: names."""
    from mxnet.gluon import nn

    mx.random.seed(7)
    net = nn.HybridSequential(prefix="model_")
    with net.name_scope():
        net.add(nn.Conv2D(4, 3, in_channels=2), nn.BatchNorm(in_channels=4), nn.Dense(3, in_units=16))
    net.initialize(mx.init.Xavier())
    net.hybridize()
    with mx.autograd.record():  # a training step moves BatchNorm's running statistics
        net(mx.nd.random.uniform(shape=(1, 2, 4, 4)))
    net.export(os.path.join(HERE, "model"))
    os.remove(os.path.join(HERE, "model-symbol.json"))
    loaded = mx.nd.load(os.path.join(HERE, "model-0000.params"))
    return {k: v.asnumpy() for k, v in loaded.items()}


def write(name, values, container="dict", sparse=None, np_shape=False):
    """Save ``values`` (dict of numpy arrays) with MXNet; record expectations."""
    sparse = sparse or {}
    arrays = {}
    for key, value in values.items():
        if key in sparse:
            arrays[key] = value.tostype(sparse[key]) if isinstance(value, mx.nd.NDArray) else \
                mx.nd.array(value, dtype=value.dtype).tostype(sparse[key])
        else:
            arrays[key] = mx.nd.array(value, dtype=value.dtype)
    data = arrays if container == "dict" else list(arrays.values())
    path = os.path.join(HERE, f"{name}.params")
    if np_shape:
        with mx.util.np_shape(True):
            data = {k: mx.nd.array(v, dtype=v.dtype) for k, v in values.items()}
            mx.nd.save(path, data if container == "dict" else list(data.values()))
    else:
        mx.nd.save(path, data)
    expected, meta = {}, []
    for key, array in arrays.items():
        dense = array.asnumpy() if not np_shape else values[key]
        expected[key] = dense
        stype = array.stype if not np_shape else "default"
        if stype == "csr":
            expected[key + ".data"], expected[key + ".indices"] = array.data.asnumpy(), array.indices.asnumpy()
            expected[key + ".indptr"] = array.indptr.asnumpy()
        elif stype == "row_sparse":
            expected[key + ".data"], expected[key + ".indices"] = array.data.asnumpy(), array.indices.asnumpy()
        meta.append({"key": key, "stype": stype, "dtype": str(dense.dtype), "shape": list(dense.shape)})
    np.savez(os.path.join(HERE, f"{name}.npz"), **expected)
    with open(os.path.join(HERE, f"{name}.json"), "w") as f:
        json.dump({"container": container, "np_shape": np_shape, "arrays": meta}, f, indent=1)
        f.write("\n")


def sparse_values():
    csr = np.array([[0, 1.5, 0, 0], [0, 0, 0, 0], [2, 0, 0, -3]], dtype=np.float32)
    rsp = np.array([[0, 0], [1, 2], [0, 0], [3, 4]], dtype=np.float16)
    values = {"csr_f32": csr, "rsp_f16": rsp, "csr_f16": csr.astype(np.float16),
              "rsp_f64": rsp.astype(np.float64), "csr_empty": np.zeros((2, 3), np.float32),
              "rsp_empty": np.zeros((3, 2), np.float32), "dense_between": np.arange(4, dtype=np.int32)}
    stypes = {"csr_f32": "csr", "rsp_f16": "row_sparse", "csr_f16": "csr", "rsp_f64": "row_sparse",
              "csr_empty": "csr", "rsp_empty": "row_sparse"}
    return values, stypes


def make():
    os.makedirs(HERE, exist_ok=True)
    write("dense_dtypes", dense_dtypes())
    write("list", {"0": _values("float32", (3,), 30), "1": _values("int32", (2, 2), 31)}, container="list")
    write("empty_list", {}, container="list")
    write("model-0000", model_params())
    values, stypes = sparse_values()
    write("sparse", values, sparse=stypes)
    write("np_shape", {"scalar": np.array(2.5, np.float32), "vector": np.arange(3, dtype=np.int64)},
          np_shape=True)


def check(directory):
    """Load each mxnd-written DIR/<name>.params with MXNet and compare with <name>.npz."""
    failures = 0
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".params"):
            continue
        stem = name[:-len(".params")]
        with open(os.path.join(HERE, f"{stem}.json")) as f:
            meta = json.load(f)
        expected = np.load(os.path.join(HERE, f"{stem}.npz"))
        with mx.util.np_shape(meta["np_shape"]):
            loaded = mx.nd.load(os.path.join(directory, name))
            if meta["container"] == "list":
                loaded = {str(i): v for i, v in enumerate(loaded)}
            for entry in meta["arrays"]:
                array = loaded[entry["key"]]
                got = array.asnumpy()
                ok = (array.stype == entry["stype"] and got.dtype == expected[entry["key"]].dtype
                      and np.array_equal(got, expected[entry["key"]], equal_nan=got.dtype.kind == "f"))
                failures += not ok
                print(("ok  " if ok else "FAIL"), stem, entry["key"], array.stype, got.dtype, got.shape)
    print("failures:", failures)
    return failures


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(1 if check(sys.argv[2]) else 0)
    make()
