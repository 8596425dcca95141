"""Reductions and extrema: sum, mean, prod, all, any, max, min, eps, rescale (spec §2.4, §9.3, §9.4)."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl

DATA = np.arange(1, 25, dtype=np.float64).reshape(2, 3, 4) / 4


@pytest.mark.parametrize("name, reference", [("sum", np.sum), ("mean", np.mean), ("prod", np.prod)])
def test_default_dim_is_first_non_singleton_and_format_is_kept(name, reference, ctx):
    x = dl.dlarray(mx.nd.array(DATA, ctx=ctx, dtype="float64"), "SCB")
    y = getattr(dl, name)(x)
    assert y.fmt == "SCB" and y.shape == (1, 3, 4)
    np.testing.assert_allclose(y.asnumpy(), reference(DATA, axis=0, keepdims=True), rtol=1e-12)
    first_singleton = dl.dlarray(DATA[:1], "SCB")
    assert getattr(dl, name)(first_singleton).shape == (1, 1, 4)


@pytest.mark.parametrize("name, reference", [("sum", np.sum), ("mean", np.mean), ("prod", np.prod)])
def test_dim_forms(name, reference):
    fn = getattr(dl, name)
    x = dl.dlarray(DATA, "SCB")
    np.testing.assert_allclose(fn(x, 2).asnumpy(), reference(DATA, axis=2, keepdims=True))
    np.testing.assert_allclose(fn(x, (0, 2)).asnumpy(), reference(DATA, axis=(0, 2), keepdims=True))
    np.testing.assert_allclose(fn(x, "C").asnumpy(), reference(DATA, axis=1, keepdims=True))
    total = fn(x, "all")
    assert total.fmt == "SCB" and total.shape == (1, 1, 1)
    np.testing.assert_allclose(total.asnumpy().item(), reference(DATA), rtol=1e-12)
    assert fn(x, 5).shape == x.shape  # dims beyond ndims have size 1
    spatial = dl.dlarray(np.ones((2, 3, 4)), "SSC")
    np.testing.assert_array_equal(fn(spatial, "S").asnumpy().shape, (1, 1, 4))


def test_reductions_apply_the_u_rule():
    x = dl.dlarray(np.ones((2, 3, 4)), "SCU")
    y = dl.sum(x, 2)
    assert y.fmt == "SC" and y.shape == (2, 3)


@pytest.mark.parametrize("name", ["sum", "mean", "prod"])
def test_omitnan_is_not_supported(name):
    with pytest.raises(ValueError, match=f"{name}: the 'omitnan' option is not supported"):
        getattr(dl, name)(dl.dlarray(DATA), 0, "omitnan")
    with pytest.raises(ValueError, match="not supported"):
        getattr(dl, name)(dl.dlarray(DATA), "omitnan")


def test_bad_dims():
    x = dl.dlarray(DATA, "SCB")
    with pytest.raises(ValueError, match="sum: dim must be a non-negative"):
        dl.sum(x, -1)
    with pytest.raises(ValueError, match="mean: the dlarray has no 'T' dimension"):
        dl.mean(x, "T")


def test_outtype_and_logical_input():
    logical = dl.dlarray(np.array([True, True, False]))
    assert dl.sum(logical).data.dtype is torch.float32 and float(dl.sum(logical)) == 2.0
    assert dl.sum(dl.dlarray(np.ones(3, np.float32)), 0, "double").data.dtype is torch.float64
    assert dl.sum(dl.dlarray(np.ones(3, np.float32)), 0, "native").data.dtype is torch.float32


def test_all_any():
    x = dl.dlarray(np.array([[1.0, 0.0, 2.0], [3.0, 4.0, 5.0]]), "SC")
    assert dl.all(x).asnumpy().tolist() == [[True, False, True]] and dl.all(x).fmt == "SC"
    assert dl.any(x, 1).asnumpy().tolist() == [[True], [True]]
    assert not bool(dl.all(x, "all")) and bool(dl.any(x, "all"))
    assert dl.all(x).data.dtype is torch.bool


def test_max_min_single_array_and_indices():
    data = np.array([[1.0, 9.0, np.nan], [7.0, 2.0, np.nan]])
    x = dl.dlarray(data, "SC")
    m = dl.max(x)
    assert m.fmt == "SC"
    np.testing.assert_array_equal(m.asnumpy(), [[7.0, 9.0, np.nan]])  # NaN omitted unless all NaN
    values, index = dl.min(x, dim=1)
    assert values.asnumpy().tolist() == [[1.0], [2.0]] and index.asnumpy().tolist() == [[0], [1]]
    assert index.fmt == "SC" and index.data.dtype is torch.int64
    values, index = dl.max(x, [], 0)  # MATLAB max(X, [], dim)
    assert values.asnumpy()[0, :2].tolist() == [7.0, 9.0] and index.asnumpy()[0, :2].tolist() == [1, 0]
    allmax, linear = dl.max(dl.dlarray(np.array([[1.0, 5.0], [8.0, 2.0]])), dim="all")
    # MATLAB linear index (column-major): 8 is element (2,1) -> linear 2 -> 0-based 1
    assert float(allmax) == 8.0 and int(linear) == 1


def test_max_gradient_flows_to_the_maximum_only():
    def loss(x):
        y = dl.sum(dl.max(x, [], 1)[0], "all")
        return dl.dlgradient(y, x)
    grad = dl.dlfeval(loss, dl.dlarray(np.array([[1.0, 3.0], [4.0, 2.0]]), "SC"))
    assert grad.asnumpy().tolist() == [[0.0, 1.0], [1.0, 0.0]]


def test_eps():
    x = dl.dlarray(np.array([[1.0, 0.0], [1024.0, np.inf]]), "SC")
    e = dl.eps(x)
    assert e.fmt == "SC"
    np.testing.assert_array_equal(e.asnumpy()[0], [np.spacing(1.0), np.spacing(0.0)])
    assert e.asnumpy()[1, 0] == np.spacing(1024.0) and np.isnan(e.asnumpy()[1, 1])
    assert float(dl.eps(dl.ones(like=dl.dlarray(np.ones(1, np.float32))))) == np.finfo(np.float32).eps
    assert dl.eps("single") == np.finfo(np.float32).eps and dl.eps() == np.finfo(np.float64).eps
    with pytest.raises(ValueError, match="eps: expected"):
        dl.eps("int8")


def test_rescale():
    a = dl.dlarray(np.array([[1.0, 3.0], [5.0, 9.0]]), "SC")
    r = dl.rescale(a)
    assert r.fmt == "SC"
    np.testing.assert_allclose(r.asnumpy(), [[0.0, 0.25], [0.5, 1.0]])
    np.testing.assert_allclose(dl.rescale(a, -1, 1).asnumpy(), [[-1.0, -0.5], [0.0, 1.0]])
    clipped = dl.rescale(a, 0, 1, InputMin=2, InputMax=6)
    np.testing.assert_allclose(clipped.asnumpy(), [[0.0, 0.25], [0.75, 1.0]])
    per_channel = dl.rescale(a, input_min=dl.dlarray(np.array([1.0, 3.0]), "C"),
                             input_max=dl.dlarray(np.array([5.0, 9.0]), "C"))
    np.testing.assert_allclose(per_channel.asnumpy(), [[0.0, 0.0], [1.0, 1.0]])
    np.testing.assert_array_equal(dl.rescale(dl.dlarray(np.full(3, 4.0))).asnumpy(), [0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="is not a subset of A's format"):
        dl.rescale(a, dl.dlarray(np.zeros(2), "B"))
    with pytest.raises(ValueError, match="unformatted scalars"):
        dl.rescale(a, np.zeros(2))
    with pytest.raises(ValueError, match="all other inputs must be unformatted"):
        dl.rescale(dl.dlarray(np.ones(2)), dl.dlarray(np.zeros(1), "C"))
