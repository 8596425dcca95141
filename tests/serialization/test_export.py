"""Export of loaded .params arrays: torch state_dict and safetensors (optional dependency)."""
import pathlib

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.ndarray import export

FIXTURES = pathlib.Path(__file__).parent.parent / "fixtures" / "params"
MODEL = str(FIXTURES / "model-0000.params")


def test_model_params_to_state_dict():
    loaded = mx.nd.load(MODEL)
    state = export.to_torch_state_dict(loaded)
    assert list(state) == [k[4:] for k in loaded]
    assert "batchnorm0_running_var" in "".join(state)
    for key, array in loaded.items():
        tensor = state[key[4:]]
        assert tensor.dtype is torch.float32 and tuple(tensor.shape) == array.shape
        assert torch.equal(tensor, torch.from_numpy(array.asnumpy()))
    assert list(export.to_torch_state_dict(MODEL, strip_prefix=False)) == list(loaded)


def test_state_dict_shares_memory_and_loads_into_a_module():
    weight = mx.nd.array([[1, 2], [3, 4]])
    state = export.to_torch_state_dict({"arg:weight": weight, "arg:bias": mx.nd.zeros(2)})
    module = torch.nn.Linear(2, 2)
    module.load_state_dict(state)
    assert module(torch.tensor([[1.0, 1.0]])).tolist() == [[3.0, 7.0]]
    state["weight"][0, 0] = 9
    assert weight.asnumpy()[0, 0] == 9


def test_state_dict_of_lists_and_sparse():
    csr = mx.nd.sparse.csr_matrix((np.array([2.0]), np.array([1]), np.array([0, 1, 1])), shape=(2, 2))
    state = export.to_torch_state_dict([mx.nd.ones(1), csr])
    assert list(state) == ["0", "1"]
    assert state["1"].tolist() == [[0, 2], [0, 0]]


def test_state_dict_errors():
    with pytest.raises(mx.MXNetError, match="two arrays are named 'w'"):
        export.to_torch_state_dict({"arg:w": mx.nd.ones(1), "aux:w": mx.nd.ones(1)})
    with pytest.raises(TypeError, match="expected a dict of NDArrays"):
        export.to_torch_state_dict(5)
    with pytest.raises(TypeError, match="'w' is a ndarray, not an NDArray"):
        export.to_torch_state_dict({"w": np.ones(1)})


def test_safetensors_round_trip(tmp_path):
    pytest.importorskip("safetensors")
    path = tmp_path / "model.safetensors"
    export.save_safetensors(path, MODEL, metadata={"source": "mxnet"})
    loaded = export.load_safetensors(path)
    reference = mx.nd.load(MODEL)
    assert sorted(loaded) == sorted(k[4:] for k in reference)
    for key, array in reference.items():
        assert loaded[key[4:]].dtype == array.dtype
        np.testing.assert_array_equal(loaded[key[4:]].asnumpy(), array.asnumpy())
    assert [p.name for p in tmp_path.iterdir()] == ["model.safetensors"]


def test_safetensors_missing_gives_a_clear_error(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_safetensors(name, *args, **kwargs):
        if name.startswith("safetensors"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_safetensors)
    with pytest.raises(ImportError, match=r"optional package 'safetensors' \(pip install safetensors\)"):
        export.save_safetensors("unused.safetensors", {"w": mx.nd.ones(1)})
