"""reshape, squeeze, permute, transpose, ctranspose, cat, horzcat, vertcat (spec §2.5)."""
import numpy as np
import pytest

from mxnd import dl

DATA = np.arange(24.).reshape(2, 3, 4)


def test_reshape_is_unformatted_in_both_orders():
    x = dl.dlarray(DATA, "SCB")
    y = dl.reshape(x, 6, 4)
    assert y.fmt == "" and y.shape == (6, 4)
    np.testing.assert_array_equal(y.asnumpy(), DATA.reshape(6, 4))
    f = dl.reshape(x, (4, None), order="F")
    np.testing.assert_array_equal(f.asnumpy(), DATA.reshape(4, 6, order="F"))
    assert dl.reshape(x, [], 2).shape == (12, 2)
    np.testing.assert_array_equal(dl.reshape(x, -1, order="F").asnumpy(), DATA.reshape(-1, order="F"))
    with pytest.raises(ValueError, match="reshape: number of elements must not change"):
        dl.reshape(x, 5, 5)
    with pytest.raises(ValueError, match="only one size"):
        dl.reshape(x, None, None)


def test_squeeze():
    two_d = dl.dlarray(np.ones((1, 3)), "SC")
    assert dl.squeeze(two_d).fmt == "SC" and dl.squeeze(two_d).shape == (1, 3)
    x = dl.dlarray(np.ones((1, 3, 2)), "SCB")
    assert dl.squeeze(x).fmt == "CB" and dl.squeeze(x).shape == (3, 2)
    v = dl.squeeze(dl.dlarray(np.ones((1, 1, 5)), "SCB"))
    assert v.fmt == "BU" and v.shape == (5, 1)
    u = dl.squeeze(dl.dlarray(np.ones((1, 1, 5))))
    assert u.fmt == "" and u.shape == (5, 1)


def test_permute_only_within_a_label():
    x = dl.dlarray(DATA, "SSC")
    y = dl.permute(x, (1, 0, 2))
    assert y.fmt == "SSC" and y.shape == (3, 2, 4)
    np.testing.assert_array_equal(y.asnumpy(), DATA.transpose(1, 0, 2))
    with pytest.raises(ValueError, match="permute: for a formatted dlarray the permutation may only exchange"):
        dl.permute(dl.dlarray(DATA, "SCB"), (1, 0, 2))
    z = dl.permute(dl.dlarray(np.ones((2, 3))), (2, 0, 1))
    assert z.shape == (1, 2, 3)
    with pytest.raises(ValueError, match="must be a permutation"):
        dl.permute(x, (0, 0, 1))


def test_transpose_rules():
    x = dl.dlarray(np.arange(6.).reshape(2, 3), "SS")
    assert dl.transpose(x).shape == (3, 2) and x.T.fmt == "SS"
    with pytest.raises(ValueError, match="transpose: a formatted dlarray can be transposed only when both"):
        dl.transpose(dl.dlarray(np.ones((2, 3)), "SC"))
    with pytest.raises(ValueError, match="Transpose on ND array is not defined"):
        dl.transpose(dl.dlarray(DATA))
    z = dl.dlarray(np.array([[1 + 2j, 3 - 1j]]))
    np.testing.assert_array_equal(dl.ctranspose(z).asnumpy(), [[1 - 2j], [3 + 1j]])
    np.testing.assert_array_equal(z.H.asnumpy(), [[1 - 2j], [3 + 1j]])
    np.testing.assert_array_equal(dl.transpose(z).asnumpy(), [[1 + 2j], [3 - 1j]])
    assert dl.transpose(dl.dlarray(np.arange(3.))).shape == (1, 3)  # a Python vector is a column


def test_cat_rules():
    a = dl.dlarray(np.ones((2, 3)), "SC")
    b = dl.dlarray(np.zeros((2, 3)), "SC")
    c = dl.cat(0, a, b)
    assert c.fmt == "SC" and c.shape == (4, 3)
    assert dl.horzcat(a, b).shape == (2, 6) and dl.vertcat(a, b).shape == (4, 3)
    mixed = dl.cat(1, a, np.full((2, 1), 7.0))
    assert mixed.fmt == "SC" and mixed.asnumpy()[:, 3].tolist() == [7.0, 7.0]
    stacked = dl.cat(2, a, b)
    assert stacked.fmt == "SCU" and stacked.shape == (2, 3, 2)
    assert dl.cat(0, dl.dlarray(np.ones((1, 2))), np.zeros((0, 0))).shape == (1, 2)
    with pytest.raises(ValueError, match="cat: formatted inputs must have the same format"):
        dl.cat(0, a, dl.dlarray(np.ones((2, 3)), "SB"))
    with pytest.raises(ValueError, match="Dimensions of arrays being concatenated are not consistent"):
        dl.cat(0, a, dl.dlarray(np.ones((2, 4)), "SC"))
    with pytest.raises(ValueError, match="cat: dim must be"):
        dl.cat(-1, a, b)
