"""depthToSpace, spaceToDepth, dlresize, psnr, ssim, multissim(3)."""
import numpy as np
import pytest
from scipy import ndimage

from mxnd import dl

from toolbox_helpers import check_gradient

RNG = np.random.default_rng(13)


def test_depth_to_space_doc_example_and_inverse(ctx):
    x = np.arange(1, 49, dtype=np.float32).reshape(2, 2, 12, order="F")  # MATLAB reshape(1:48,2,2,12)
    y = dl.depthToSpace(dl.dlarray(x, "SSC").to(ctx), 2)
    assert y.fmt == "SSC" and y.shape == (4, 4, 3)
    assert y.asnumpy()[:, :, 0].tolist() == [[1, 13, 3, 15], [25, 37, 27, 39], [2, 14, 4, 16], [26, 38, 28, 40]]
    back = dl.spaceToDepth(y, 2)
    np.testing.assert_array_equal(back.asnumpy(), x)
    assert dl.depth_to_space is dl.depthToSpace and dl.space_to_depth is dl.spaceToDepth


def test_depth_to_space_crd_and_batch():
    x = RNG.standard_normal((2, 3, 8, 2))  # SSCB, blocks 2 x 2, 2 output channels
    y = dl.depthToSpace(dl.dlarray(x, "SSCB"), [2, 2], mode="crd").asnumpy()
    for h, w, i, j, c, n in [(0, 0, 0, 1, 1, 0), (1, 2, 1, 0, 0, 1), (1, 1, 1, 1, 1, 1)]:
        assert y[2 * h + i, 2 * w + j, c, n] == x[h, w, c * 4 + i * 2 + j, n]
    yd = dl.depthToSpace(dl.dlarray(x, "SSCB"), 2).asnumpy()
    assert yd[3, 5, 1, 1] == x[1, 2, (1 * 2 + 1) * 2 + 1, 1]
    small = dl.spaceToDepth(dl.dlarray(RNG.standard_normal((5, 5, 1, 1)), "SSCB"), 2)
    assert small.shape == (2, 2, 4, 1)
    with pytest.raises(ValueError, match="depthToSpace: the number of channels"):
        dl.depthToSpace(dl.dlarray(RNG.standard_normal((2, 2, 6)), "SSC"), 2)


def resize_reference(x, out, method, transform="half-pixel"):
    n = x.shape[0]
    s = out / n
    v = np.arange(out)
    u = (v + 0.5) / s - 0.5 if transform == "half-pixel" else v / s
    if method == "nearest":
        return x[np.clip(np.sign(u) * np.floor(np.abs(u) + 0.5), 0, n - 1).astype(int)]
    u = np.clip(u, 0, n - 1)
    lo = np.floor(u).astype(int)
    hi = np.minimum(lo + 1, n - 1)
    w = (u - lo).reshape((-1,) + (1,) * (x.ndim - 1))
    return x[lo] * (1 - w) + x[hi] * w


@pytest.mark.parametrize("method", ["nearest", "linear"])
@pytest.mark.parametrize("transform", ["half-pixel", "asymmetric"])
def test_dlresize_separable_reference(method, transform, ctx):
    x = RNG.standard_normal((4, 5, 2, 1))
    y = dl.dlresize(dl.dlarray(x, "SSCB").to(ctx), output_size=(7, 3), method=method,
                    geometric_transform_mode=transform)
    assert y.fmt == "SSCB" and y.shape == (7, 3, 2, 1)
    rows = resize_reference(x, 7, method, transform)
    expected = resize_reference(rows.transpose(1, 0, 2, 3), 3, method, transform).transpose(1, 0, 2, 3)
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-5, atol=1e-6)


def test_dlresize_scale_nan_and_errors():
    x = dl.dlarray(RNG.standard_normal((4, 6, 1, 1)), "SSCB")
    assert dl.dlresize(x, scale=2).shape == (8, 12, 1, 1)
    assert dl.dlresize(x, scale=[0.5, 1.5]).shape == (2, 9, 1, 1)
    assert dl.dlresize(x, output_size=[8, np.nan]).shape == (8, 12, 1, 1)
    up = dl.dlresize(dl.dlarray(np.array([[1.0, 2.0]]).reshape(1, 2, 1, 1), "SSCB"), scale=[1, 2])
    assert up.asnumpy().ravel().tolist() == [1.0, 1.0, 2.0, 2.0]
    with pytest.raises(ValueError, match="dlresize: specify exactly one of Scale and OutputSize"):
        dl.dlresize(x)
    check_gradient(lambda v: dl.dlresize(v, scale=1.5, method="linear"), RNG.standard_normal((3, 2, 1)), "SSC")


def test_psnr_per_observation_and_snr():
    a, ref = RNG.random((4, 4, 1, 3)), RNG.random((4, 4, 1, 3))
    value, snr = dl.psnr(dl.dlarray(a, "SSCB"), ref, return_snr=True)
    mse = ((a - ref) ** 2).mean((0, 1, 2))
    assert value.shape == (3,) and value.fmt == ""
    np.testing.assert_allclose(value.asnumpy(), 10 * np.log10(1 / mse), rtol=1e-5)
    np.testing.assert_allclose(snr.asnumpy(), 10 * np.log10((ref ** 2).mean((0, 1, 2)) / mse), rtol=1e-5)
    whole = dl.psnr(a, ref, 2.0)
    np.testing.assert_allclose(float(whole), 10 * np.log10(4 / ((a - ref) ** 2).mean()), rtol=1e-5)
    unformatted = dl.psnr(a, ref, data_format="SSCB")
    np.testing.assert_allclose(unformatted.asnumpy(), value.asnumpy(), rtol=1e-6)


def ssim_reference(a, b, sigma=1.5):
    size = 2 * int(np.ceil(3 * sigma)) + 1
    filt = lambda v: ndimage.gaussian_filter(v, sigma, mode="nearest", truncate=(size // 2) / sigma)  # noqa: E731
    c1, c2 = 0.01 ** 2, 0.03 ** 2
    ma, mb = filt(a), filt(b)
    va, vb, cov = filt(a * a) - ma ** 2, filt(b * b) - mb ** 2, filt(a * b) - ma * mb
    return ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma ** 2 + mb ** 2 + c1) * (va + vb + c2))


def test_ssim_against_gaussian_reference(ctx):
    a, b = RNG.random((12, 10)), RNG.random((12, 10))
    value, smap = dl.ssim(dl.dlarray(a, "SS").to(ctx), b, return_map=True)
    expected = ssim_reference(a, b)
    np.testing.assert_allclose(smap.asnumpy(), expected, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(float(value), expected.mean(), rtol=1e-4)
    batch = dl.ssim(dl.dlarray(np.stack([a, b], -1)[:, :, None], "SSCB"), np.stack([b, b], -1)[:, :, None])
    assert batch.fmt == "SSCB" and batch.shape == (1, 1, 1, 2)
    np.testing.assert_allclose(batch.asnumpy().ravel(), [expected.mean(), 1.0], rtol=1e-4)
    general = dl.ssim(dl.dlarray(a, "SS"), b, exponents=(1, 1, 1), regularization_constants=(1e-4, 9e-4, 4.5e-4))
    np.testing.assert_allclose(float(general), expected.mean(), rtol=1e-4)


def test_multissim_identity_weights_and_volume():
    a = RNG.random((64, 64, 1, 2))
    same = dl.multissim(dl.dlarray(a, "SSCB"), a)
    np.testing.assert_allclose(same.asnumpy().ravel(), [1.0, 1.0], rtol=1e-5)
    noisy = dl.multissim(dl.dlarray(a, "SSCB"), np.clip(a + 0.2 * RNG.standard_normal(a.shape), 0, 1))
    assert np.all(noisy.asnumpy() < 0.99) and np.all(noisy.asnumpy() > 0)
    single = dl.multissim(dl.dlarray(a[:, :, 0, 0], "SS"), a[:, :, 0, 0] * 0.9, num_scales=1, scale_weights=[1.0])
    np.testing.assert_allclose(float(single), ssim_reference(a[:, :, 0, 0], a[:, :, 0, 0] * 0.9).mean(), rtol=0.05)
    v = RNG.random((32, 32, 32))
    np.testing.assert_allclose(float(dl.multissim3(dl.dlarray(v, "SSS"), v, num_scales=3)), 1.0, rtol=1e-5)
    with pytest.raises(ValueError, match="multissim3: the input must have at least 3 'S'"):
        dl.multissim3(dl.dlarray(a, "SSCB"), a)


def test_integer_images_default_to_their_range():
    a = RNG.integers(0, 256, (6, 6)).astype(np.uint8)
    ref = RNG.integers(0, 256, (6, 6)).astype(np.uint8)
    mse = ((a.astype(float) - ref) ** 2).mean()
    np.testing.assert_allclose(float(dl.psnr(a, ref)), 10 * np.log10(255 ** 2 / mse), rtol=1e-5)
    scaled = float(dl.ssim(dl.dlarray(a / 255.0, "SS"), ref / 255.0))
    np.testing.assert_allclose(float(dl.ssim(a, ref)), scaled, rtol=1e-4)
