"""Indexing with MATLAB's format rules: read, assign (with growth) and delete (spec §2.6)."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl

DATA = np.arange(24.).reshape(2, 3, 4)


def test_full_subscripts_keep_the_format_and_dims():
    x = dl.dlarray(DATA, "SCB")
    y = x[0, :, 1:3]
    assert y.fmt == "SCB" and y.shape == (1, 3, 2)
    np.testing.assert_array_equal(y.asnumpy(), DATA[0:1, :, 1:3])
    picked = x[:, [2, 0], -1]
    assert picked.fmt == "SCB" and picked.shape == (2, 2, 1)
    np.testing.assert_array_equal(picked.asnumpy()[:, :, 0], DATA[:, [2, 0], 3])
    rectangular = x[[0, 1], [0, 2], [1, 3]]  # MATLAB selects a 2x2x2 block, not 2 points
    assert rectangular.shape == (2, 2, 2)
    np.testing.assert_array_equal(rectangular.asnumpy(), DATA[np.ix_([0, 1], [0, 2], [1, 3])])
    extra = x[:, :, :, 0]  # MATLAB allows X(i,j,k,1)
    assert extra.fmt == "SCB" and extra.shape == (2, 3, 4)
    reverse = x[::-1, :, :]
    np.testing.assert_array_equal(reverse.asnumpy(), DATA[::-1])
    mask = x[np.array([True, False]), :, :]
    assert mask.shape == (1, 3, 4)


def test_fewer_subscripts_give_unformatted_python_semantics():
    x = dl.dlarray(DATA, "SCB")
    y = x[1]
    assert y.fmt == "" and y.shape == (3, 4)
    z = x[..., 0]
    assert z.fmt == "" and z.shape == (2, 3)
    linear = dl.dlarray(np.arange(3.))[1]
    assert linear.shape == () and float(linear) == 1.0
    with pytest.raises(IndexError):
        x[:, :, :, 1]
    with pytest.raises(IndexError, match="exceeds array bounds"):
        x[2, :, :]


def test_index_with_dlarray_and_ndarray_subscripts():
    x = dl.dlarray(DATA, "SCB")
    y = x[:, dl.dlarray([0.0, 2.0]), mx.nd.array([1], dtype="int64")]
    assert y.shape == (2, 2, 1)
    with pytest.raises(IndexError, match="subscripts must be integers"):
        x[:, dl.dlarray([0.5]), :]


def test_seed_u_example_assignment_grows_with_u_label():
    # MATLAB: dlX = dlarray(ones(2,2),'SC'); dlX(:,:,2) = 2
    x = dl.dlarray(np.ones((2, 2)), "SC")
    x[:, :, 1] = 2
    assert x.fmt == "SCU" and x.shape == (2, 2, 2)
    assert repr(x).splitlines()[0] == "  2(S) × 2(C) × 2(U) dlarray"
    np.testing.assert_array_equal(x.asnumpy()[:, :, 0], np.ones((2, 2)))
    np.testing.assert_array_equal(x.asnumpy()[:, :, 1], np.full((2, 2), 2.0))


def test_assignment_keeps_the_target_format_and_grows_with_zeros():
    x = dl.dlarray(np.ones((2, 2)), "SC")
    x[:, :] = dl.dlarray(np.full((2, 2), 3.0), "CB")  # the value's format has no effect
    assert x.fmt == "SC" and x.asnumpy().tolist() == [[3.0, 3.0], [3.0, 3.0]]
    x[3, 0] = 5
    assert x.shape == (4, 2) and x.asnumpy()[:, 0].tolist() == [3.0, 3.0, 0.0, 5.0]
    y = dl.dlarray(np.zeros((2, 3)), "SC")
    y[0, :] = [1.0, 2.0, 3.0]  # sizes match ignoring singleton dims
    assert y.asnumpy()[0].tolist() == [1.0, 2.0, 3.0]
    y[[0, 1], [0, 2]] = 9
    assert y.asnumpy().tolist() == [[9.0, 2.0, 9.0], [9.0, 0.0, 9.0]]
    with pytest.raises(ValueError, match="Unable to perform assignment"):
        y[0, :] = [1.0, 2.0]
    y[1] = 4  # fewer subscripts: Python semantics
    assert y.asnumpy()[1].tolist() == [4.0, 4.0, 4.0]


def test_assignment_writes_through_to_shared_ndarray():
    array = mx.nd.zeros((2, 2))
    x = dl.dlarray(array, "SC")
    x[0, 1] = 7
    assert array.asnumpy()[0, 1] == 7


def test_assignment_is_traced_inside_dlfeval():
    def loss(x):
        y = dl.dlarray(np.zeros((2, 2)), "SC")
        y[0, :] = x * 3
        return dl.dlgradient(dl.sum(y * y, "all"), x)
    grad = dl.dlfeval(loss, dl.dlarray(np.array([[1.0, 2.0]]), "SC"))
    np.testing.assert_allclose(grad.asnumpy(), [[18.0, 36.0]])


def test_delete():
    x = dl.dlarray(DATA, "SCB")
    y = dl.delete(x, (slice(None), 1, slice(None)))
    assert y.fmt == "SCB" and y.shape == (2, 2, 4)
    np.testing.assert_array_equal(y.asnumpy(), DATA[:, [0, 2], :])
    merged = dl.delete(x, (slice(None), [0, 5]))  # fewer subscripts: unformatted
    assert merged.fmt == "" and merged.shape == (2, 10)
    np.testing.assert_array_equal(merged.asnumpy(), np.delete(DATA.reshape(2, 12, order="F"), [0, 5], axis=1))
    linear = dl.delete(dl.dlarray(np.array([[1.0, 2.0], [3.0, 4.0]])), [0])
    assert linear.shape == (1, 3) and linear.asnumpy().tolist() == [[3.0, 2.0, 4.0]]
    column = dl.delete(dl.dlarray(np.array([[1.0], [2.0], [3.0]])), [1])
    assert column.shape == (2, 1)
    z = dl.dlarray(DATA.copy(), "SCB")
    del z[:, :, 0]
    assert z.fmt == "SCB" and z.shape == (2, 3, 3)
    with pytest.raises(ValueError, match="A null assignment can have only one non-colon index"):
        dl.delete(x, (0, 1, slice(None)))
    assert torch.equal(x.data, torch.as_tensor(DATA))  # input left intact
