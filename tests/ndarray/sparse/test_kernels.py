"""expand_rows, index_set, locate and merge_rows agree with numpy in both of their regimes, on the
host's numpy paths and on the torch code that CUDA runs (the host fast paths switched off)."""
import numpy as np
import pytest
import torch

from mxnd import fast_paths
from mxnd.ndarray.sparse.kernels import expand_rows, index_set


@pytest.fixture(autouse=True, params=["host fast paths", "device-generic paths"])
def paths(request, monkeypatch):
    monkeypatch.setattr(fast_paths, "HOST", request.param == "host fast paths")
    return request.param


@pytest.mark.parametrize("rows,nnz", [(5, 40), (1000, 7), (1, 3), (3, 0), (0, 0)])
def test_expand_rows(rows, nnz):
    rng = np.random.RandomState(rows + nnz)
    owners = np.sort(rng.randint(0, max(rows, 1), nnz)) if rows else np.zeros(0, np.int64)
    indptr = np.zeros(rows + 1, np.int64)
    if rows:
        indptr[1:] = np.cumsum(np.bincount(owners, minlength=rows))
    assert expand_rows(torch.from_numpy(indptr)).tolist() == owners.tolist()


@pytest.mark.parametrize("size,count", [(10, 50), (100000, 20), (5, 0)])
def test_index_set(size, count):
    values = np.random.RandomState(count).randint(0, size, count)
    assert index_set(torch.from_numpy(values), size).tolist() == np.unique(values).tolist()


@pytest.mark.parametrize("size,count", [(10, 50), (100000, 20)])
def test_index_set_inverse_and_locate(size, count):
    from mxnd.ndarray.sparse.kernels import locate
    values = np.random.RandomState(count).randint(0, size, count)
    unique, inverse = index_set(torch.from_numpy(values), size, return_inverse=True)
    expected, expected_inverse = np.unique(values, return_inverse=True)
    assert unique.tolist() == expected.tolist() and inverse.tolist() == expected_inverse.tolist()
    assert locate(unique, torch.from_numpy(values)).tolist() == expected_inverse.tolist()


@pytest.mark.parametrize("size", [20, 100000])
def test_merge_rows(size):
    from mxnd.ndarray.sparse.kernels import merge_rows
    rng = np.random.RandomState(size)
    left, right = np.sort(rng.choice(20, 8, False)), np.sort(rng.choice(20, 6, False))
    union, at_left, at_right, both = merge_rows(torch.from_numpy(left), torch.from_numpy(right), size)
    expected = np.union1d(left, right)
    assert union.tolist() == expected.tolist()
    assert union[at_left].tolist() == left.tolist() and union[at_right].tolist() == right.tolist()
    assert both.tolist() == np.flatnonzero(np.isin(right, left)).tolist()
