"""NDArrayIter scenarios, run on mxnd by test_io.py and on MXNet 1.9.1 to record the expected values.

Each case takes the ``mx`` module and returns plain Python data (lists, ints, strings), so the
same code runs under both. Record the expected values with the reference MXNet:
``cd tests/io_metric && /tmp/mxvenv/bin/python io_cases.py > io_expected.json``.
"""
import json

import numpy as np


def _batch(batch):
    return {"data": [[d.dtype.__name__ if hasattr(d.dtype, "__name__") else str(d.dtype), list(d.shape),
                      d.asnumpy().tolist()] for d in batch.data],
            "label": [[str(np.dtype(lab.dtype)), list(lab.shape), lab.asnumpy().tolist()] for lab in (batch.label or [])],
            "pad": batch.pad, "index": None if batch.index is None else list(batch.index)}


def _epochs(it, count):
    out = []
    for _ in range(count):
        batches = []
        try:
            for batch in it:
                batches.append(_batch(batch))
        except Exception as error:  # noqa: BLE001 - the reference raises in some corner cases
            batches.append({"error": type(error).__name__})
            out.append(batches)
            break
        out.append(batches)
        it.reset()
    return out


def _descs(descs):
    return [[d.name, list(d.shape), np.dtype(d.dtype).name, d.layout] for d in descs]


def _data(rows=10, width=2, dtype="float32"):
    return np.arange(rows * width).reshape(rows, width).astype(dtype)


def case_handles(mx, handle, batch_size, rows=10):
    it = mx.io.NDArrayIter(_data(rows), np.arange(rows), batch_size, last_batch_handle=handle)
    return {"epochs": _epochs(it, 3), "provide_data": _descs(it.provide_data),
            "provide_label": _descs(it.provide_label)}


def case_shuffle(mx, handle):
    np.random.seed(3)
    it = mx.io.NDArrayIter(_data(7), np.arange(7), 3, shuffle=True, last_batch_handle=handle)
    return _epochs(it, 3)


def case_dict_and_list(mx):
    data = {"b": _data(5, 1), "a": _data(5, 3, "float64")}
    it = mx.io.NDArrayIter(data, [np.arange(5), np.ones((5, 2))], 2)
    result = {"data": _descs(it.provide_data), "label": _descs(it.provide_label), "epoch": _epochs(it, 1)}
    it2 = mx.io.NDArrayIter([_data(4), _data(4, 1)], None, 3, last_batch_handle="discard",
                            data_name="x", label_name="y")
    result["list"] = [_descs(it2.provide_data), _descs(it2.provide_label), _epochs(it2, 1)]
    return result


def case_dtypes(mx):
    ints = mx.nd.array(_data(4), dtype="int32")
    it = mx.io.NDArrayIter(ints, mx.nd.array([1, 2, 3, 4], dtype="int64"), 4)
    plain = _epochs(it, 1)
    np.random.seed(1)
    shuffled = mx.io.NDArrayIter(ints, None, 4, shuffle=True)
    return {"plain": plain, "desc": _descs(it.provide_data), "shuffled": _epochs(shuffled, 1),
            "shuffled_desc": _descs(shuffled.provide_data)}


def case_manual_api(mx):
    it = mx.io.NDArrayIter(_data(5), np.arange(5), 2, last_batch_handle="roll_over")
    steps = []
    while it.iter_next():
        steps.append([it.cursor, it.getpad(), it.getdata()[0].asnumpy().tolist(),
                      it.getlabel()[0].asnumpy().tolist()])
    first = [_batch(b) for b in it]  # the cursor is past the end: no batch
    it.reset()
    it.hard_reset()
    after_hard = [_batch(b) for b in it]
    it.reset()
    rolled = [_batch(b) for b in it]
    return {"steps": steps, "first": first, "after_hard": after_hard, "rolled": rolled,
            "num_data": it.num_data, "num_source": it.num_source}


def case_text(mx):
    batch = mx.io.DataBatch([mx.nd.zeros((2, 3))], [mx.nd.zeros((2,))], pad=1)
    no_label = mx.io.DataBatch([mx.nd.zeros((2, 3))])
    desc = mx.io.DataDesc("data", (2, 3))
    return {"batch": str(batch), "no_label": str(no_label), "desc": repr(desc),
            "axis": [mx.io.DataDesc.get_batch_axis(x) for x in ("NCHW", "TNC", None, "CHW")],
            "list": _descs(mx.io.DataDesc.get_list([("a", (1, 2)), ("b", (3,))], [("a", np.int32), ("b", np.float16)]))}


def case_csr(mx):
    dense = np.arange(40).reshape(10, 4).astype(np.float32)
    dense[dense % 3 == 0] = 0
    np.random.seed(5)
    it = mx.io.NDArrayIter(mx.nd.array(dense).tostype("csr"), np.arange(10), 3, shuffle=True,
                           last_batch_handle="discard")
    return {"epochs": _epochs(it, 2), "stype": it.data[0][1].stype, "desc": _descs(it.provide_data)}


def case_fuzz_regressions(mx):
    """Differences the differential fuzzer (tools/fuzz_mxnet/generators/data_iters.py) found."""
    data = {"b": _data(3), "a": mx.nd.array(_data(3, 1))}
    mx.io.NDArrayIter(data, batch_size=2)  # MXNet converts the caller's dict values in place
    return {"dict_in_place": sorted([k, type(v).__name__] for k, v in data.items())}


CASES = {
    "csr": (case_csr, ()),
    **{f"handles_{h}_{bs}_{rows}": (case_handles, (h, bs, rows)) for h in ("pad", "discard", "roll_over")
       for bs, rows in ((3, 10), (5, 10), (4, 3), (10, 4), (9, 4))},
    **{f"shuffle_{h}": (case_shuffle, (h,)) for h in ("pad", "discard", "roll_over")},
    "dict_and_list": (case_dict_and_list, ()),
    "dtypes": (case_dtypes, ()),
    "manual_api": (case_manual_api, ()),
    "text": (case_text, ()),
    "fuzz_regressions": (case_fuzz_regressions, ()),
}


def run(mx, name):
    function, args = CASES[name]
    return json.loads(json.dumps(function(mx, *args)))


if __name__ == "__main__":
    import mxnet

    print(json.dumps({name: run(mxnet, name) for name in CASES}, indent=None, sort_keys=True))
