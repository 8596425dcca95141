"""mtimes, mrdivide, pagemtimes, colon, interp1, fft and ifft (spec §9.5, §9.6)."""
import numpy as np
import pytest
import torch

from mxnd import dl

A = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
B = np.array([[1.0, 0.5], [2.0, -1.0], [0.0, 3.0]])


def test_mtimes_matrix_product_and_formatted_scalar_rule():
    y = dl.mtimes(dl.dlarray(A), dl.dlarray(B))
    assert y.fmt == "" and y.shape == (2, 2)
    np.testing.assert_array_equal(y.asnumpy(), A @ B)
    np.testing.assert_array_equal((dl.dlarray(A) @ B).asnumpy(), A @ B)
    scaled = dl.mtimes(dl.dlarray(A, "SC"), 2.0)
    assert scaled.fmt == "SC" and scaled.asnumpy().tolist() == (2 * A).tolist()
    assert dl.mtimes(dl.dlarray([3.0]), dl.dlarray(A, "SC")).fmt == "SC"
    with pytest.raises(ValueError, match="mtimes: a formatted dlarray can be multiplied only by an unformatted scalar"):
        dl.mtimes(dl.dlarray(A, "SC"), dl.dlarray(B))
    with pytest.raises(ValueError, match="only by an unformatted scalar"):
        dl.mtimes(dl.dlarray(A, "SC"), dl.dlarray([2.0], "C"))
    with pytest.raises(ValueError, match="Incorrect dimensions for matrix multiplication"):
        dl.mtimes(dl.dlarray(A), dl.dlarray(A))
    with pytest.raises(ValueError, match="Arguments must be 2-D"):
        dl.mtimes(dl.dlarray(np.ones((2, 2, 2))), dl.dlarray(np.ones((2, 2))))


def test_mrdivide():
    y = dl.mrdivide(dl.dlarray(A, "SC"), dl.dlarray(2.0))
    assert y.fmt == "SC" and y.asnumpy().tolist() == (A / 2).tolist()
    assert dl.mrdivide(dl.dlarray(A, "SC"), dl.dlarray([4.0], "C")).fmt == "SC"
    with pytest.raises(ValueError, match="mrdivide: for dlarray input the second argument"):
        dl.mrdivide(dl.dlarray(A), dl.dlarray(B))


def test_pagemtimes():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(2, 3, 4))
    y = rng.normal(size=(3, 5, 4))
    z = dl.pagemtimes(dl.dlarray(x), dl.dlarray(y))
    assert z.fmt == "" and z.shape == (2, 5, 4)
    np.testing.assert_allclose(z.asnumpy(), np.einsum("ijk,jlk->ilk", x, y))
    t = dl.pagemtimes(dl.dlarray(x), "transpose", dl.dlarray(x), "none")
    np.testing.assert_allclose(t.asnumpy(), np.einsum("jik,jlk->ilk", x, x))
    expand = dl.pagemtimes(dl.dlarray(x), dl.dlarray(rng.normal(size=(3, 2))))  # one page broadcasts
    assert expand.shape == (2, 2, 4)
    scales = np.arange(1.0, 5.0).reshape(1, 1, 4)
    formatted = dl.pagemtimes(dl.dlarray(x, "SCB"), dl.dlarray(scales))
    assert formatted.fmt == "SCB"
    np.testing.assert_allclose(formatted.asnumpy(), x * scales)
    with pytest.raises(ValueError, match="pagemtimes: a formatted dlarray is allowed only when"):
        dl.pagemtimes(dl.dlarray(x, "SCB"), dl.dlarray(y))
    with pytest.raises(ValueError, match="transpose option must be"):
        dl.pagemtimes(dl.dlarray(x), "conj", dl.dlarray(y), "none")


def test_colon():
    assert dl.colon(1, 4).asnumpy().tolist() == [[1.0, 2.0, 3.0, 4.0]]
    assert dl.colon(0, 0.1, 0.3).shape == (1, 4)  # round-off tolerant end point
    assert dl.colon(5, -2, 0).asnumpy().tolist() == [[5.0, 3.0, 1.0]]
    assert dl.colon(3, 1).shape == (1, 0)
    typed = dl.colon(dl.dlarray(np.array([1.0])), 3)
    assert typed.data.dtype is torch.float64 and typed.fmt == ""
    with pytest.raises(ValueError, match="colon: all inputs must be real scalars"):
        dl.colon(dl.dlarray([1.0, 2.0]), 3)


def test_interp1_linear_nearest_and_formats():
    x = np.array([0.0, 1.0, 3.0])
    v = np.array([0.0, 10.0, 30.0])
    vq = dl.interp1(x, dl.dlarray(v), np.array([0.5, 2.0, 3.0, 4.0, -1.0]))
    np.testing.assert_allclose(vq.asnumpy(), [5.0, 20.0, 30.0, np.nan, np.nan])
    nearest = dl.interp1(x, dl.dlarray(v), np.array([0.4, 0.5, 2.5]), "nearest")
    np.testing.assert_array_equal(nearest.asnumpy(), [0.0, 10.0, 30.0])
    implicit = dl.interp1(dl.dlarray(v), np.array([1.5, 2.5]))  # x = 1:n (MATLAB positions)
    np.testing.assert_allclose(implicit.asnumpy(), [5.0, 20.0])
    table = dl.dlarray(np.array([[0.0, 1.0], [10.0, 11.0], [30.0, 31.0]]), "SC")
    out = dl.interp1(x, table, np.array([0.5, 2.0]))
    assert out.fmt == "SC" and out.shape == (2, 2)
    np.testing.assert_allclose(out.asnumpy(), [[5.0, 6.0], [20.0, 21.0]])
    with pytest.raises(ValueError, match="interp1: method must be 'linear' or 'nearest'"):
        dl.interp1(x, dl.dlarray(v), np.array([0.5]), "spline")
    with pytest.raises(ValueError, match="finite, increasing and without repeats"):
        dl.interp1(np.array([0.0, 0.0, 1.0]), dl.dlarray(v), np.array([0.5]))
    with pytest.raises(ValueError, match="only the sample values v may be a formatted dlarray"):
        dl.interp1(x, dl.dlarray(v), dl.dlarray(np.array([0.5]), "C"))
    with pytest.raises(ValueError, match="xq must be a vector"):
        dl.interp1(x, table, np.ones((2, 2)))


def test_fft_and_ifft():
    data = np.array([[1.0, 2.0, 0.5, -1.0], [0.0, 3.0, 1.0, 2.0]])
    y = dl.fft(dl.dlarray(data))  # first non-singleton dim: 0
    np.testing.assert_allclose(y.asnumpy(), np.fft.fft(data, axis=0))
    along = dl.fft(dl.dlarray(data), 6, 1)
    np.testing.assert_allclose(along.asnumpy(), np.fft.fft(data, 6, axis=1))
    back = dl.ifft(along, None, 1)
    np.testing.assert_allclose(back.asnumpy()[:, :4], data, atol=1e-12)
    symmetric = dl.ifft(dl.fft(dl.dlarray(data), None, 1), None, 1, "symmetric")
    assert symmetric.data.dtype is torch.float64
    np.testing.assert_allclose(symmetric.asnumpy(), data, atol=1e-12)
    # 'symmetric' uses only the first half: a non-symmetric input gives irfft of that half
    spectrum = np.array([4.0, 1 + 2j, 3.0, 5 - 1j])
    np.testing.assert_allclose(dl.ifft(dl.dlarray(spectrum), "symmetric").asnumpy(), np.fft.irfft(spectrum[:3], 4))
    row = dl.fft(dl.dlarray(np.array([[1.0, 2.0, 3.0]])))  # a row transforms along dim 1
    np.testing.assert_allclose(row.asnumpy(), np.fft.fft([[1.0, 2.0, 3.0]], axis=1))
    with pytest.raises(ValueError, match="fft: only unformatted dlarray input is supported"):
        dl.fft(dl.dlarray(data, "SC"))
    with pytest.raises(ValueError, match="ifft: only unformatted dlarray input is supported"):
        dl.ifft(dl.dlarray(data, "SC"))
    with pytest.raises(ValueError, match="ifft: the option must be 'symmetric' or 'nonsymmetric'"):
        dl.ifft(dl.dlarray(data), "sym")
