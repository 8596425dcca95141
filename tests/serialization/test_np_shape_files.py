"""Files and pickles in np-shape semantics, as MXNet 1.9.1's ``NDArray::Save``/``Load`` (its
test_ndarray.py::test_save_load_scalar_zero_size_ndarrays): under ``mx.np_shape(True)`` every
array is written with the V3 magic and only V3 arrays load; outside it V2 arrays are written and
a V3 file raises. mxnd's own files with a 0-d array (V3 outside np_shape) load in both.
The checks run where MXNet's bytes are read: files, ``load_frombuffer`` and MXNet's pickle state."""
import pickle

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

ZERO_SIZE = [(2, 0, 1), (0,), (0, 4), (3, 0, 0, 0), (2, 1), (0, 5, 0)]
SAVED_IN_NP_SHAPE = "ndarray was saved in np shape semantics, must be loaded in the same semantics"
NOT_SAVED_IN_NP_SHAPE = "ndarray was not saved in np shape semantics, but being loaded in np shape semantics"


def _arrays(shapes):
    rng = np.random.default_rng(0)
    return [mx.nd.array(rng.integers(0, 10, size=shape)) for shape in shapes]


def _save_load(tmp_path, save_np_shape, load_np_shape, shapes):
    path = str(tmp_path / "dataset")
    with mx.np_shape(save_np_shape):
        arrays = _arrays(shapes)
        mx.nd.save(path, arrays)
    with mx.np_shape(load_np_shape):
        loaded = mx.nd.load(path)
    assert [a.shape for a in loaded] == [a.shape for a in arrays]
    for got, want in zip(loaded, arrays):
        assert got.asnumpy().tolist() == want.asnumpy().tolist()


@pytest.mark.parametrize("np_shape", [False, True])
def test_files_load_in_the_semantics_they_were_saved_in(tmp_path, np_shape):
    _save_load(tmp_path, np_shape, np_shape, ZERO_SIZE + ([(), ()] if np_shape else []))


@pytest.mark.parametrize("save_np_shape, message", [(True, SAVED_IN_NP_SHAPE), (False, NOT_SAVED_IN_NP_SHAPE)])
def test_files_of_the_other_semantics_raise_as_mxnet(tmp_path, save_np_shape, message):
    with pytest.raises(MXNetError, match=message):
        _save_load(tmp_path, save_np_shape, not save_np_shape, ZERO_SIZE)


def test_a_file_with_a_0d_array_saved_outside_np_shape_loads_in_both(tmp_path):
    """MXNet writes such a file but cannot read it back; mxnd writes it in np-shape semantics."""
    _save_load(tmp_path, False, False, [(), (2,)])
    _save_load(tmp_path, False, True, [(), (2,)])


def test_raw_bytes_of_pickles_follow_the_same_rule():
    """MXNet's pickle state (``__getstate__``'s raw bytes; mxnd's own pickles hold numpy data)."""
    with mx.np_shape(True):
        state = mx.nd.array([1., 2.]).__getstate__()
    with pytest.raises(MXNetError, match=SAVED_IN_NP_SHAPE):
        mx.nd.NDArray(None).__setstate__(state)
    with mx.np_shape(True):
        restored = mx.nd.NDArray(None)
        restored.__setstate__(state)
    assert restored.asnumpy().tolist() == [1., 2.]
    assert pickle.loads(pickle.dumps(restored)).asnumpy().tolist() == [1., 2.]


def test_sparse_arrays_cannot_be_saved_in_np_shape_semantics(tmp_path):
    csr = mx.nd.array([[0., 1.]]).tostype("csr")
    with mx.np_shape(True), pytest.raises(MXNetError, match="only allow serializing ndarray of default storage type"):
        mx.nd.save(str(tmp_path / "sparse"), [csr])
    assert not (tmp_path / "sparse").exists()
