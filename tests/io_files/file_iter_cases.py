"""CSVIter / LibSVMIter / MNISTIter / ResizeIter / PrefetchingIter scenarios on the fixture files.

Each case takes the ``mx`` module and the fixture folder and returns plain Python data, so the
same code runs on mxnd (test_file_iters.py) and on MXNet 1.9.1 (tools/make_io_fixtures.py,
which writes the inputs and records ``expected.json`` next to them).
"""
import json
import os

import numpy as np


def _dense(array):
    return [str(np.dtype(array.dtype)), list(array.shape), array.asnumpy().tolist()]


def _bits(array):
    return array.asnumpy().view(np.uint32).ravel().tolist()


def _csr(array):
    return [array.stype, list(array.shape), array.data.asnumpy().tolist(),
            array.indices.asnumpy().tolist(), array.indptr.asnumpy().tolist()]


def _batch(batch):
    pack = lambda a: _csr(a) if a.stype == "csr" else _dense(a)  # noqa: E731
    return {"data": [pack(d) for d in batch.data], "label": [pack(lab) for lab in batch.label],
            "pad": batch.pad, "index": None if batch.index is None else [int(i) for i in batch.index],
            "index_dtype": None if batch.index is None else str(batch.index.dtype)}


def _epochs(it, count):
    out = []
    for _ in range(count):
        batches = []
        try:
            for batch in it:
                batches.append(_batch(batch))
        except Exception as error:  # noqa: BLE001 - MXNet raises in some corner cases
            _KEEP.append(error)
            out.append(batches + [{"error": type(error).__name__}])
            break
        out.append(batches)
        it.reset()
    return out


def _descs(descs):
    return [[d.name, list(d.shape), np.dtype(d.dtype).name] for d in descs]


def _summary(it, epochs=2):
    _KEEP.append(it)
    return {"provide_data": _descs(it.provide_data), "provide_label": _descs(it.provide_label),
            "batch_size": it.batch_size, "epochs": _epochs(it, epochs),
            "class": "MXDataIter" if isinstance(it, mx_io_base(it)) else type(it).__name__}


def mx_io_base(it):
    """The MXDataIter class of the library ``it`` comes from (mxnet or mxnd)."""
    return __import__(type(it).__module__.split(".")[0]).io.MXDataIter


_KEEP = []  # failed MXNet iterators abort the process when freed: keep them to the end


def _error(make):
    try:
        make()
    except StopIteration:
        return "StopIteration"
    except Exception as error:  # noqa: BLE001 - the type is what is compared
        _KEEP.append(error)
        return type(error).__name__
    return None


def case_csv(mx, here, batch_size, round_batch, labels, dtype):
    kwargs = dict(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3,), batch_size=batch_size,
                  round_batch=round_batch, dtype=dtype)
    if labels:
        kwargs.update(label_csv=os.path.join(here, "labels7.csv"))
    return _summary(mx.io.CSVIter(**kwargs), 3)


def case_csv_shapes(mx, here):
    grid = mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(1, 3), batch_size=4,
                         label_csv=os.path.join(here, "pairs7.csv"), label_shape=(2,))
    quirk = mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3, 1), batch_size=4,
                          label_csv=os.path.join(here, "pairs7.csv"), label_shape=(1, 2))
    no_label_file = mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3,), batch_size=4,
                                  label_shape=(3,), data_name="x", label_name="y")
    return {"grid": _summary(grid), "quirk": _summary(quirk), "no_label_file": _summary(no_label_file, 1)}


def case_csv_numbers(mx, here):
    """dmlc's float reading of odd fields, compared bit for bit."""
    out = {}
    for name, width in (("odd.csv", 16), ("exp.csv", 8)):
        it = mx.io.CSVIter(data_csv=os.path.join(here, name), data_shape=(width,), batch_size=1)
        out[name] = [_bits(b.data[0]) for b in it]
    return out


def case_csv_fields(mx, here, dtype):
    """Empty and blank fields, CRLF ends, a BOM, blank lines, octal and hex integers."""
    it = mx.io.CSVIter(data_csv=os.path.join(here, "fields.csv"), data_shape=(3,), batch_size=1,
                       dtype=dtype, round_batch=False)
    ints = mx.io.CSVIter(data_csv=os.path.join(here, "ints.csv"), data_shape=(9,), batch_size=1,
                         dtype=dtype) if dtype != "float32" else None
    return {"fields": [b.data[0].asnumpy().tolist() for b in it],
            "ints": ints and ints.next().data[0].asnumpy().tolist()}


def case_csv_mid_epoch_reset(mx, here, round_batch):
    it = mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3,), batch_size=2,
                       round_batch=round_batch)
    first = _batch(it.next())
    it.reset()
    return {"first": first, "after": _epochs(it, 2)}


def case_csv_directory(mx, here):
    """All files of a folder (order of the listing differs between machines: compare sorted rows)."""
    it = mx.io.CSVIter(data_csv=os.path.join(here, "csv_dir"), data_shape=(2,), batch_size=5)
    rows = sorted(tuple(r) for r in next(it).data[0].asnumpy().tolist())
    joined = mx.io.CSVIter(data_csv=os.path.join(here, "csv_dir", "a.csv") + ";"
                           + os.path.join(here, "csv_dir", "b.csv"), data_shape=(2,), batch_size=5)
    return {"rows": [list(r) for r in rows], "joined": _epochs(joined, 1)}


def case_csv_manual_api(mx, here):
    it = mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3,), batch_size=3)
    steps = [bool(it.iter_next())]  # the first batch is still pending: True, nothing read
    first = it.next()
    steps.append(_batch(first))
    while it.iter_next():
        steps.append([_dense(it.getdata()), _dense(it.getlabel()), it.getpad(),
                      [int(i) for i in it.getindex()]])
    steps.append(_error(it.next))
    return steps


def case_csv_errors(mx, here):
    path = os.path.join(here, "rows7.csv")
    make = lambda **kw: (lambda: mx.io.CSVIter(**kw))  # noqa: E731
    return {
        "shape": _error(make(data_csv=path, data_shape=(4,), batch_size=2)),
        "label_shape": _error(make(data_csv=path, data_shape=(3,), label_csv=path, batch_size=2)),
        "dtype": _error(make(data_csv=path, data_shape=(3,), batch_size=2, dtype="float64")),
        "dtype_enum": _error(make(data_csv=path, data_shape=(3,), batch_size=2, dtype="foo")),
        "missing": _error(make(data_csv=os.path.join(here, "missing.csv"), data_shape=(3,), batch_size=2)),
        "no_folder": _error(make(data_csv=os.path.join(here, "nope", "x.csv"), data_shape=(3,), batch_size=2)),
        "no_batch_size": _error(make(data_csv=path, data_shape=(3,))),
        "no_shape": _error(make(data_csv=path, batch_size=2)),
        "too_few_rows": _error(make(data_csv=os.path.join(here, "labels3.csv"), data_shape=(1,), batch_size=7)),
        "blank_file": _error(make(data_csv=os.path.join(here, "blank.csv"), data_shape=(1,), batch_size=1)),
        "positional": _error(lambda: mx.io.CSVIter(path, data_shape=(3,), batch_size=2)),
        "ctx": _error(make(data_csv=path, data_shape=(3,), batch_size=2, ctx="tpu")),
    }


def case_csv_small(mx, here, batch_size, round_batch):
    """Fewer rows than a batch (3 rows)."""
    it = mx.io.CSVIter(data_csv=os.path.join(here, "labels3.csv"), data_shape=(1,), batch_size=batch_size,
                       round_batch=round_batch)
    return _summary(it, 2)


def case_libsvm(mx, here, batch_size, labels):
    kwargs = dict(data_libsvm=os.path.join(here, "data.t"), data_shape=(3,), batch_size=batch_size)
    if labels:
        kwargs.update(label_libsvm=os.path.join(here, "label.t"), label_shape=(3,))
    return _summary(mx.io.LibSVMIter(**kwargs), 3)


def case_libsvm_parts(mx, here, num_parts):
    parts = []
    for i in range(num_parts):
        try:
            parts.append(_summary(mx.io.LibSVMIter(data_libsvm=os.path.join(here, "data.t"), data_shape=(3,),
                                                   batch_size=1, num_parts=num_parts, part_index=i), 1))
        except StopIteration:  # an empty part
            parts.append("StopIteration")
    return parts


def case_libsvm_odd(mx, here):
    """Comments, blank lines, tabs, qid, a label weight, CRLF ends, exponents."""
    return _summary(mx.io.LibSVMIter(data_libsvm=os.path.join(here, "odd.t"), data_shape=(10,), batch_size=3), 1)


def case_libsvm_errors(mx, here):
    path = os.path.join(here, "data.t")
    make = lambda **kw: (lambda: mx.io.LibSVMIter(**kw))  # noqa: E731
    return {
        "shape_2d": _error(make(data_libsvm=path, data_shape=(3, 2), batch_size=1)),
        "label_shape_1": _error(make(data_libsvm=path, data_shape=(3,), batch_size=1,
                                     label_libsvm=os.path.join(here, "label.t"))),
        "label_shape_2": _error(make(data_libsvm=path, data_shape=(3,), batch_size=1, label_shape=(2,))),
        "parts": _error(make(data_libsvm=path, data_shape=(3,), batch_size=1, num_parts=0)),
        "round_batch": _error(make(data_libsvm=path, data_shape=(3,), batch_size=3, round_batch=False)),
    }


def case_mnist(mx, here, batch_size, shuffle, seed, flat):
    it = mx.io.MNISTIter(image=os.path.join(here, "images-idx3-ubyte"),
                         label=os.path.join(here, "labels-idx1-ubyte"), batch_size=batch_size,
                         shuffle=shuffle, seed=seed, flat=flat, silent=True)
    return _summary(it, 2)


def case_mnist_order(mx, here, seed):
    it = mx.io.MNISTIter(image=os.path.join(here, "images-idx3-ubyte"),
                         label=os.path.join(here, "labels-idx1-ubyte"), batch_size=25, seed=seed, silent=True)
    return next(it).label[0].asnumpy().tolist()


def case_mnist_parts(mx, here, num_parts):
    return [mx.io.MNISTIter(image=os.path.join(here, "images-idx3-ubyte"),
                            label=os.path.join(here, "labels-idx1-ubyte"), batch_size=2, shuffle=False,
                            silent=True, num_parts=num_parts, part_index=i).next().label[0].asnumpy().tolist()
            for i in range(num_parts)]


def case_mnist_errors(mx, here):
    image, label = os.path.join(here, "images-idx3-ubyte"), os.path.join(here, "labels-idx1-ubyte")
    make = lambda **kw: (lambda: mx.io.MNISTIter(silent=True, **kw))  # noqa: E731
    return {
        "missing": _error(make(image=os.path.join(here, "nope"), label=label)),
        "short": _error(make(image=os.path.join(here, "short-idx3-ubyte"), label=label)),
        "batch_0": _error(make(image=image, label=label, batch_size=0)),
        "part": _error(make(image=image, label=label, num_parts=2, part_index=2)),
        "too_big": _error(make(image=image, label=label, batch_size=26)),
        "dtype": _error(make(image=image, label=label, batch_size=5, dtype="float64")),
    }


def case_resize(mx, here, size, reset_internal):
    inner = mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3,), batch_size=3)
    it = mx.io.ResizeIter(inner, size, reset_internal=reset_internal)
    return _summary(it, 2)


def case_prefetch(mx, here):
    a = mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3,), batch_size=3,
                      label_csv=os.path.join(here, "labels7.csv"))
    b = mx.io.CSVIter(data_csv=os.path.join(here, "pairs7.csv"), data_shape=(2,), batch_size=3)
    it = mx.io.PrefetchingIter([a, b], rename_data=[{"data": "a"}, {"data": "b"}],
                               rename_label=[{"softmax_label": "la"}, {"softmax_label": "lb"}])
    single = mx.io.PrefetchingIter(mx.io.CSVIter(data_csv=os.path.join(here, "rows7.csv"), data_shape=(3,),
                                                 batch_size=4, round_batch=False))
    return {"pair": _summary(it, 2), "single": _summary(single, 2)}


CASES = {
    **{f"csv_{bs}_{rb}_{lab}_{dt}": (case_csv, (bs, rb, lab, dt))
       for bs in (2, 3, 5, 7) for rb in (True, False) for lab in (True, False) for dt in ("float32", "int32")},
    "csv_int64": (case_csv, (4, True, True, "int64")),
    "csv_shapes": (case_csv_shapes, ()),
    "csv_numbers": (case_csv_numbers, ()),
    **{f"csv_fields_{dt}": (case_csv_fields, (dt,)) for dt in ("float32", "int32", "int64")},
    "csv_mid_reset_round": (case_csv_mid_epoch_reset, (True,)),
    "csv_mid_reset_plain": (case_csv_mid_epoch_reset, (False,)),
    "csv_directory": (case_csv_directory, ()),
    "csv_manual_api": (case_csv_manual_api, ()),
    "csv_errors": (case_csv_errors, ()),
    **{f"csv_small_{bs}_{rb}": (case_csv_small, (bs, rb)) for bs in (4, 5, 6) for rb in (True, False)},
    **{f"libsvm_{bs}_{lab}": (case_libsvm, (bs, lab)) for bs in (1, 3, 5) for lab in (True, False)},
    **{f"libsvm_parts_{n}": (case_libsvm_parts, (n,)) for n in (2, 3, 5)},
    "libsvm_odd": (case_libsvm_odd, ()),
    "libsvm_errors": (case_libsvm_errors, ()),
    **{f"mnist_{bs}_{sh}_{seed}_{flat}": (case_mnist, (bs, sh, seed, flat))
       for bs, sh, seed, flat in ((5, False, 0, False), (7, True, 0, False), (10, True, 3, True), (25, True, 0, True))},
    **{f"mnist_order_{seed}": (case_mnist_order, (seed,)) for seed in (0, 1, 2, 99, -1)},
    **{f"mnist_parts_{n}": (case_mnist_parts, (n,)) for n in (2, 3, 4)},
    "mnist_errors": (case_mnist_errors, ()),
    **{f"resize_{size}_{ri}": (case_resize, (size, ri)) for size in (1, 4) for ri in (True, False)},
    "prefetch": (case_prefetch, ()),
}


def run(mx, here, name):
    function, args = CASES[name]
    return json.loads(json.dumps(function(mx, here, *args)))
