"""mx.io against MXNet 1.9.1: NDArrayIter batches for each last_batch_handle, shuffling, names.

Expected values in io_expected.json were recorded by running io_cases.py under the reference.
"""
import json
import pathlib

import numpy as np
import pytest

import mxnd as mx
from io_metric import io_cases

EXPECTED = json.loads((pathlib.Path(__file__).parent / "io_expected.json").read_text())


@pytest.mark.parametrize("name", sorted(io_cases.CASES))
def test_matches_reference(name):
    assert io_cases.run(mx, name) == EXPECTED[name]


def test_reference_covers_each_handle_and_an_error():
    assert {k.split("_")[1] for k in EXPECTED if k.startswith("handles_")} == {"pad", "discard", "roll"}
    assert '"error": "MXNetError"' in json.dumps(EXPECTED)


def test_pad_batches_example():
    it = mx.io.NDArrayIter(np.arange(10).reshape(10, 1), np.arange(10), 4)
    batches = list(it)
    assert [b.pad for b in batches] == [0, 0, 2]
    assert batches[2].data[0].asnumpy().ravel().tolist() == [8, 9, 0, 1]
    assert batches[2].label[0].asnumpy().tolist() == [8, 9, 0, 1]
    assert it.provide_data[0].name == "data" and it.provide_label[0].name == "softmax_label"


def test_roll_over_carries_the_remainder():
    it = mx.io.NDArrayIter(np.arange(5), None, 2, last_batch_handle="roll_over")
    assert [b.data[0].asnumpy().tolist() for b in it] == [[0, 1], [2, 3]]
    it.reset()
    first = next(it)
    assert first.data[0].asnumpy().tolist() == [4, 0] and first.pad == 1
    assert first.label == []


def test_batches_are_ndarrays_on_the_data_context():
    it = mx.io.NDArrayIter(mx.nd.ones((4, 2)), batch_size=2)
    batch = next(iter(it))
    assert isinstance(batch.data[0], mx.nd.NDArray) and batch.data[0].context == mx.cpu(0)
    assert batch.index is None


def test_bad_inputs():
    with pytest.raises(TypeError, match="Input must be NDArray, numpy.ndarray"):
        mx.io.NDArrayIter(5)
    with pytest.raises(TypeError, match="Invalid type '<class 'str'>' for data"):
        mx.io.NDArrayIter({"data": "text"})
    with pytest.raises(AssertionError):
        mx.io.NDArrayIter([])
    with pytest.raises(AssertionError, match="Data must be list of NDArrays"):
        mx.io.DataBatch(mx.nd.ones(2))


def test_csr_data_needs_discard():
    csr = mx.nd.sparse.csr_matrix((np.array([1.0]), np.array([0]), np.array([0, 1, 1])), shape=(2, 2))
    with pytest.raises(NotImplementedError, match="only supports ``CSRNDArray``"):
        mx.io.NDArrayIter(csr, batch_size=1)


def test_data_iter_base_class():
    class Counter(mx.io.DataIter):
        def __init__(self):
            super().__init__(batch_size=1)
            self.count = 0

        def iter_next(self):
            self.count += 1
            return self.count <= 2

        def getdata(self):
            return [mx.nd.full((1,), self.count)]

        def getlabel(self):
            return []

        def getpad(self):
            return 0

    batches = list(Counter())
    assert [b.data[0].asscalar() for b in batches] == [1.0, 2.0]
    assert batches[0].index is None and batches[0].pad == 0
