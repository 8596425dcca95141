"""Layers as functions: activations, fullyconnect, dlconv, dltranspconv, pooling, embed."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl

from toolbox_helpers import check_gradient

RNG = np.random.default_rng(7)


def randn(*shape):
    return RNG.standard_normal(shape)


# ----- activations ------------------------------------------------------------------------------

@pytest.mark.parametrize("name, formula", [
    ("relu", lambda v: np.maximum(v, 0)),
    ("sigmoid", lambda v: 1 / (1 + np.exp(-v))),
    ("leakyrelu", lambda v: np.where(v >= 0, v, 0.01 * v)),
])
def test_activations_formula_and_format(name, formula, ctx):
    x = randn(3, 4, 2)
    y = getattr(dl, name)(dl.dlarray(x, "SCB").to(ctx))
    assert y.fmt == "SCB" and y.shape == (3, 4, 2) and y.context == ctx
    np.testing.assert_allclose(y.asnumpy(), formula(x.astype(np.float64)), rtol=1e-6)


def test_leakyrelu_scale_and_data_format():
    x = np.array([[-2.0, 4.0], [1.0, -1.0]])
    y = dl.leakyrelu(x, 0.5, data_format="CB")
    assert y.fmt == "" and y.asnumpy().tolist() == [[-1.0, 4.0], [1.0, -0.5]]


def test_softmax_over_channel_wherever_it_is(ctx):
    x = randn(2, 5, 3)  # given as B x C x T
    y = dl.softmax(dl.dlarray(x, "BCT").to(ctx))
    assert y.fmt == "CBT" and y.shape == (5, 2, 3)
    expected = np.exp(x) / np.exp(x).sum(1, keepdims=True)
    np.testing.assert_allclose(y.asnumpy(), expected.transpose(1, 0, 2), rtol=1e-6)
    z = dl.softmax(x, data_format="BCT")  # unformatted: the DataFormat's order back
    assert z.fmt == "" and z.shape == (2, 5, 3)
    np.testing.assert_allclose(z.asnumpy(), expected, rtol=1e-6)
    with pytest.raises(ValueError, match="softmax: the input must have a 'C'"):
        dl.softmax(dl.dlarray(x, "SSB"))
    with pytest.raises(ValueError, match="DataFormat"):
        dl.softmax(x)


def test_activation_gradients_float64():
    x = randn(3, 4)
    for fn in (dl.sigmoid, dl.softmax, lambda v: dl.leakyrelu(v, 0.2)):
        check_gradient(fn, x, "CB")


# ----- fullyconnect -----------------------------------------------------------------------------

def test_fullyconnect_doc_example_multidim_weights():
    x = np.ones((12, 12, 32, 1))
    y = dl.fullyconnect(dl.dlarray(x, "SSCB"), np.ones((10, 12, 12, 32)), np.zeros(10))
    assert y.fmt == "CB" and y.shape == (10, 1)
    assert np.all(y.asnumpy() == 12 * 12 * 32)


def test_fullyconnect_2d_weights_use_column_major_order(ctx):
    x = randn(2, 3, 4, 5)  # SSCB
    w = randn(6, 2 * 3 * 4)
    b = randn(6)
    y = dl.fullyconnect(dl.dlarray(x, "SSCB").to(ctx), w, b)
    flat = x.reshape(2 * 3 * 4, 5, order="F")  # MATLAB's X(:, n) per observation
    np.testing.assert_allclose(y.asnumpy(), w @ flat + b[:, None], rtol=1e-5, atol=1e-5)
    # the multi-dimensional weights equal their 2-D column-major counterpart
    w4 = w.reshape(6, 2, 3, 4, order="F")
    y4 = dl.fullyconnect(dl.dlarray(x, "SSCB"), w4, b)
    np.testing.assert_allclose(y4.asnumpy(), y.asnumpy(), rtol=1e-5, atol=1e-5)


def test_fullyconnect_time_and_no_batch_and_errors():
    x = randn(3, 2, 4)  # C B T
    w, b = randn(5, 3), randn(5)
    y = dl.fullyconnect(dl.dlarray(x, "CBT"), w, b)
    assert y.fmt == "CBT" and y.shape == (5, 2, 4)
    np.testing.assert_allclose(y.asnumpy(), np.einsum("oc,cbt->obt", w, x) + b[:, None, None], rtol=1e-5)
    v = dl.fullyconnect(dl.dlarray(randn(3), "C"), w, b)
    assert v.fmt == "CU" and v.shape == (5, 1)
    assert dl.fullyconnect(x, w, b, data_format="CBT").fmt == ""
    with pytest.raises(ValueError, match="fullyconnect: weights must have 3 input columns"):
        dl.fullyconnect(dl.dlarray(x, "CBT"), randn(5, 4), b)
    with pytest.raises(ValueError, match="fullyconnect: bias must have 5"):
        dl.fullyconnect(dl.dlarray(x, "CBT"), w, randn(4))


def test_fullyconnect_matches_mx_fully_connected():
    x, w, b = randn(4, 7), randn(3, 4), randn(3)
    y = dl.fullyconnect(dl.dlarray(x, "CB"), w, b)
    ref = mx.nd.FullyConnected(mx.nd.array(x.T), mx.nd.array(w), mx.nd.array(b), num_hidden=3)
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().T, rtol=1e-5, atol=1e-6)


def test_fullyconnect_gradient_float64():
    w, b = randn(3, 8), randn(3)
    check_gradient(lambda v: dl.fullyconnect(v, w, b), randn(2, 4, 3), "SCB")


# ----- dlconv -------------------------------------------------------------------------------------

def correlate(x, w, b, stride=(1, 1), dilation=(1, 1), pad=((0, 0), (0, 0)), groups=1):
    """Independent 2-D cross-correlation: x H x W x C x N, w kh x kw x Cg x Fg x G (MATLAB layout)."""
    x = np.pad(x, (pad[0], pad[1], (0, 0), (0, 0)))
    kh, kw, cg, fg, g = w.shape
    h = (x.shape[0] - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    wd = (x.shape[1] - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    out = np.zeros((h, wd, fg * g, x.shape[3]))
    for gi in range(g):
        for f in range(fg):
            for i in range(h):
                for j in range(wd):
                    patch = x[i * stride[0]:i * stride[0] + dilation[0] * (kh - 1) + 1:dilation[0],
                              j * stride[1]:j * stride[1] + dilation[1] * (kw - 1) + 1:dilation[1],
                              gi * cg:(gi + 1) * cg, :]
                    out[i, j, gi * fg + f, :] = np.einsum("abcn,abc->n", patch, w[:, :, :, f, gi]) + b[gi * fg + f]
    return out


@pytest.mark.parametrize("kwargs, numpy_kwargs", [
    ({}, {}),
    ({"stride": 2}, {"stride": (2, 2)}),
    ({"stride": [1, 2], "dilation_factor": [2, 1]}, {"stride": (1, 2), "dilation": (2, 1)}),
    ({"padding": 1}, {"pad": ((1, 1), (1, 1))}),
    ({"padding": [[0, 1], [2, 0]]}, {"pad": ((0, 2), (1, 0))}),  # [begin; end] per dim
    ({"padding": "same"}, {"pad": ((1, 1), (1, 1))}),
    ({"padding": "same", "stride": 2}, {"pad": ((0, 1), (1, 1)), "stride": (2, 2)}),  # 6 -> 3, 7 -> 4
])
def test_dlconv_is_cross_correlation(kwargs, numpy_kwargs, ctx):
    x, w, b = randn(6, 7, 3, 2), randn(3, 3, 3, 4), randn(4)
    y = dl.dlconv(dl.dlarray(x, "SSCB").to(ctx), w, b, **kwargs)
    assert y.fmt == "SSCB" and y.context == ctx
    np.testing.assert_allclose(y.asnumpy(), correlate(x, w[..., None], b, **numpy_kwargs), rtol=1e-4, atol=1e-4)


def test_dlconv_same_output_size_and_odd_even_split():
    x = dl.dlarray(randn(7, 7, 1, 1), "SSCB")
    assert dl.dlconv(x, randn(4, 4, 1, 2), 0, padding="same").shape == (7, 7, 2, 1)
    assert dl.dlconv(x, randn(3, 3, 1, 2), 0, padding="same", stride=2).shape == (4, 4, 2, 1)


def test_dlconv_groups_and_channelwise():
    x = randn(5, 5, 4, 2)
    w = randn(3, 3, 2, 3, 2)  # 2 channels per group, 3 filters per group, 2 groups
    b = randn(6)
    y = dl.dlconv(dl.dlarray(x, "SSCB"), w, b)
    assert y.shape == (3, 3, 6, 2)
    np.testing.assert_allclose(y.asnumpy(), correlate(x, w, b, groups=2), rtol=1e-4, atol=1e-4)
    wc = randn(3, 3, 1, 1, 4)  # channel-wise: one channel per group, numGroups = numChannels
    yc = dl.dlconv(dl.dlarray(x, "SSCB"), wc, 0)
    np.testing.assert_allclose(yc.asnumpy(), correlate(x, wc, np.zeros(4)), rtol=1e-4, atol=1e-4)
    with pytest.raises(ValueError, match="dlconv: the input has 4 channels"):
        dl.dlconv(dl.dlarray(x, "SSCB"), randn(3, 3, 3, 2), 0)


def test_dlconv_matches_mx_convolution_layout_independent():
    x, w, b = randn(2, 3, 6, 5), randn(3, 2, 3, 4), randn(4)  # given as B C H W
    y = dl.dlconv(dl.dlarray(x, "BCSS"), w, b)
    ref = mx.nd.Convolution(mx.nd.array(x), mx.nd.array(w.transpose(3, 2, 0, 1)), mx.nd.array(b),
                            kernel=(3, 2), num_filter=4)
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 3, 1, 0), rtol=1e-4, atol=1e-5)
    unformatted = dl.dlconv(x, w, b, data_format="BCSS")
    assert unformatted.fmt == "" and unformatted.shape == ref.shape
    np.testing.assert_allclose(unformatted.asnumpy(), ref.asnumpy(), rtol=1e-4, atol=1e-5)


def test_dlconv_1d_over_time_causal_and_padding_values():
    x = randn(2, 1, 6)  # C B T
    w = randn(3, 2, 1)
    y = dl.dlconv(dl.dlarray(x, "CBT"), w, 0, padding="causal")
    assert y.fmt == "CBT" and y.shape == (1, 1, 6)
    padded = np.concatenate([np.zeros((2, 1, 2)), x], 2)
    expected = [sum((padded[:, 0, t + k] * w[k, :, 0]).sum() for k in range(3)) for t in range(6)]
    np.testing.assert_allclose(y.asnumpy().ravel(), expected, rtol=1e-5, atol=1e-6)
    img = randn(4, 4, 1, 1)
    ones = np.ones((3, 3, 1, 1))
    for value, mode in (("replicate", "edge"), ("symmetric-include-edge", "symmetric"),
                        ("symmetric-exclude-edge", "reflect"), (2.5, None)):
        out = dl.dlconv(dl.dlarray(img, "SSCB"), ones, 0, padding=1, padding_value=value)
        padded = np.pad(img[:, :, 0, 0], 1, mode=mode) if mode else np.pad(img[:, :, 0, 0], 1, constant_values=2.5)
        expected = np.array([[padded[i:i + 3, j:j + 3].sum() for j in range(4)] for i in range(4)])
        np.testing.assert_allclose(out.asnumpy()[:, :, 0, 0], expected, rtol=1e-5, atol=1e-5)


def test_dlconv_gradients_float64():
    w, b = randn(2, 2, 2, 3), randn(3)
    check_gradient(lambda v: dl.dlconv(v, w, b, padding="same", stride=2), randn(4, 3, 2, 1), "SSCB")
    x = randn(4, 4, 2, 1)
    check_gradient(lambda v: dl.dlconv(dl.dlarray(x, "SSCB"), v, 0), w, "")


# ----- dltranspconv -------------------------------------------------------------------------------

def test_dltranspconv_matches_mx_deconvolution_and_is_the_adjoint(ctx):
    x, w, b = randn(3, 4, 2, 2), randn(3, 3, 5, 2), randn(5)  # filterSize x numFilters x numChannels
    y = dl.dltranspconv(dl.dlarray(x, "SSCB").to(ctx), w, b, stride=2)
    assert y.fmt == "SSCB" and y.shape == (7, 9, 5, 2)
    ref = mx.nd.Deconvolution(mx.nd.array(x.transpose(3, 2, 0, 1)), mx.nd.array(w.transpose(3, 2, 0, 1)),
                              mx.nd.array(b), kernel=(3, 3), stride=(2, 2), num_filter=5, no_bias=False)
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 3, 1, 0), rtol=1e-4, atol=1e-5)
    # adjoint: <dlconv(z, w), x> == <z, dltranspconv(x, w)> with the same weights
    z = randn(7, 9, 5, 2)
    conv = dl.dlconv(dl.dlarray(z, "SSCB"), w, 0, stride=2).asnumpy()
    transp = dl.dltranspconv(dl.dlarray(x, "SSCB"), w, 0, stride=2).asnumpy()
    np.testing.assert_allclose((conv * x).sum(), (z * transp).sum(), rtol=1e-4)


def test_dltranspconv_cropping_and_groups():
    x = randn(4, 4, 2, 1)
    w = randn(3, 3, 1, 2)
    full = dl.dltranspconv(dl.dlarray(x, "SSCB"), w, 0, stride=2).asnumpy()
    same = dl.dltranspconv(dl.dlarray(x, "SSCB"), w, 0, stride=2, cropping="same")
    assert same.shape == (8, 8, 1, 1)
    np.testing.assert_allclose(same.asnumpy(), full[0:8, 0:8], rtol=1e-5)  # total crop 1: at the end
    cropped = dl.dltranspconv(dl.dlarray(x, "SSCB"), w, 0, stride=2, cropping=[[1, 0], [0, 2]])
    np.testing.assert_allclose(cropped.asnumpy(), full[1:, 0:-2], rtol=1e-5)
    wg = randn(2, 2, 3, 1, 2)  # 3 filters per group, 1 channel per group, 2 groups
    yg = dl.dltranspconv(dl.dlarray(x, "SSCB"), wg, 0)
    assert yg.shape == (5, 5, 6, 1)
    for g in range(2):
        single = dl.dltranspconv(dl.dlarray(x[:, :, g:g + 1], "SSCB"), wg[..., g], 0).asnumpy()
        np.testing.assert_allclose(yg.asnumpy()[:, :, 3 * g:3 * g + 3], single, rtol=1e-5, atol=1e-6)


def test_dltranspconv_gradient_float64():
    w = randn(2, 2, 2, 3)
    check_gradient(lambda v: dl.dltranspconv(v, w, 0, stride=2, cropping=1), randn(3, 2, 3, 1), "SSCB")


# ----- pooling ------------------------------------------------------------------------------------

def pool(x, k, s, fn, pad=((0, 0), (0, 0)), value=0.0):
    x = np.pad(x, (pad[0], pad[1], (0, 0), (0, 0)), constant_values=value)
    h, w = (x.shape[0] - k) // s + 1, (x.shape[1] - k) // s + 1
    return np.array([[fn(x[i * s:i * s + k, j * s:j * s + k], axis=(0, 1)) for j in range(w)] for i in range(h)])


def test_maxpool_matches_formula_and_mx_pooling(ctx):
    x = randn(6, 7, 3, 2)
    y = dl.maxpool(dl.dlarray(x, "SSCB").to(ctx), 3, stride=2)
    assert y.fmt == "SSCB" and y.shape == (2, 3, 3, 2)
    np.testing.assert_allclose(y.asnumpy(), pool(x, 3, 2, np.max), rtol=1e-6)
    ref = mx.nd.Pooling(mx.nd.array(x.transpose(3, 2, 0, 1)), kernel=(3, 3), stride=(2, 2), pool_type="max")
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 3, 1, 0), rtol=1e-6)
    same = dl.maxpool(dl.dlarray(x, "SSCB"), 2, stride=2, padding="same")
    assert same.shape == (3, 4, 3, 2)
    np.testing.assert_allclose(same.asnumpy(), pool(x, 2, 2, np.max, ((0, 0), (0, 1)), -np.inf), rtol=1e-6)
    glob = dl.maxpool(dl.dlarray(x, "SSCB"), "global")
    np.testing.assert_allclose(glob.asnumpy()[0, 0], x.max((0, 1)), rtol=1e-6)


def test_maxpool_indices_and_maxunpool(ctx):
    x = randn(4, 6, 2, 3)
    y, indx, size = dl.maxpool(dl.dlarray(x, "SSCB").to(ctx), 2, stride=2, return_indices=True)
    assert size == (4, 6, 2, 3) and indx.shape == y.shape and indx.fmt == ""
    canonical = dl.dlarray(x, "SSCB").asnumpy().reshape(-1)
    np.testing.assert_array_equal(canonical[indx.asnumpy().astype(np.int64)], y.asnumpy())
    up = dl.maxunpool(y, indx, size)
    assert up.fmt == "SSCB" and up.shape == size
    expected = np.zeros(x.size)
    expected[indx.asnumpy().reshape(-1).astype(np.int64)] = y.asnumpy().reshape(-1)
    np.testing.assert_allclose(up.asnumpy().reshape(-1), expected, rtol=1e-6)
    # with 'same' padding the indices still point into the unpadded input
    y2, i2, _ = dl.maxpool(dl.dlarray(x, "SSCB"), 3, stride=2, padding="same", return_indices=True)
    np.testing.assert_array_equal(canonical[i2.asnumpy().astype(np.int64)], y2.asnumpy())


def test_avgpool_padding_rules():
    x = randn(5, 5, 1, 1)
    y = dl.avgpool(dl.dlarray(x, "SSCB"), 3, stride=2, padding=1)
    np.testing.assert_allclose(y.asnumpy(), pool(x, 3, 2, np.sum, ((1, 1), (1, 1))) / 9, rtol=1e-5)
    ref = mx.nd.Pooling(mx.nd.array(x.transpose(3, 2, 0, 1)), kernel=(3, 3), stride=(2, 2), pad=(1, 1),
                        pool_type="avg")
    np.testing.assert_allclose(y.asnumpy(), ref.asnumpy().transpose(2, 3, 1, 0), rtol=1e-5)
    mean_pad = dl.avgpool(dl.dlarray(x, "SSCB"), 2, stride=2, padding="same", padding_value="mean")
    counts = pool(np.ones_like(x), 2, 2, np.sum, ((0, 1), (0, 1)))
    np.testing.assert_allclose(mean_pad.asnumpy(), pool(x, 2, 2, np.sum, ((0, 1), (0, 1))) / counts, rtol=1e-5)
    assert float(dl.avgpool(dl.dlarray(np.ones((2, 2, 1, 1)), "SSCB"), 2, padding=[[0, 0], [0, 2]])[0, 1, 0, 0]) == 0.5
    with pytest.raises(ValueError, match="avgpool: PaddingValue"):
        dl.avgpool(dl.dlarray(x, "SSCB"), 2, padding_value="max")


def test_pooling_over_time_needs_pool_format():
    x = randn(2, 3, 8)  # C B T
    with pytest.raises(ValueError, match="maxpool"):
        dl.maxpool(dl.dlarray(randn(2, 3), "CB"), 2)
    y = dl.maxpool(dl.dlarray(x, "CBT"), 2, stride=2, pool_format="T")
    assert y.fmt == "CBT" and y.shape == (2, 3, 4)
    np.testing.assert_allclose(y.asnumpy(), x.reshape(2, 3, 4, 2).max(-1), rtol=1e-6)


def test_pooling_gradients_float64():
    check_gradient(lambda v: dl.avgpool(v, 2, stride=1, padding="same"), randn(3, 3, 2, 1), "SSCB")
    check_gradient(lambda v: dl.maxpool(v, 2, stride=2), randn(4, 4, 1, 2), "SSCB")


# ----- embed --------------------------------------------------------------------------------------

def test_embed_doc_example_and_gradient():
    weights = randn(10, 7)
    x = np.array([[2, 0, 6, 3, 3]], dtype=np.float64)  # 'BC' in MATLAB: 5 observations, 1 channel
    y = dl.embed(dl.dlarray(x.T, "BC"), weights)
    assert y.fmt == "CB" and y.shape == (10, 5)
    np.testing.assert_allclose(y.asnumpy(), weights[:, [2, 0, 6, 3, 3]], rtol=1e-6)
    seq = dl.embed(dl.dlarray(np.array([[1., 2., 3.]]), "BT"), weights)  # no C: one is inserted
    assert seq.fmt == "CBT" and seq.shape == (10, 1, 3)
    with pytest.raises(IndexError, match=r"embed: indices must lie in \[0, 7\)"):
        dl.embed(dl.dlarray(np.array([[7.]]), "CB"), weights)
    grad = dl.dlfeval(lambda w: dl.dlgradient(dl.sum(dl.embed(dl.dlarray(x, "CB"), w), "all"), w),
                      dl.dlarray(weights))
    counts = np.bincount([2, 0, 6, 3, 3], minlength=7)
    np.testing.assert_allclose(grad.asnumpy(), np.tile(counts, (10, 1)))


def test_inputs_are_left_intact():
    x = randn(4, 4, 1, 1)
    data = dl.dlarray(x.copy(), "SSCB")
    before = data.asnumpy().copy()
    dl.dlconv(data, np.ones((3, 3, 1, 1)), 0, padding=1)
    dl.maxpool(data, 2)
    dl.batchnorm(data, 0, 1)
    np.testing.assert_array_equal(data.asnumpy(), before)
    assert torch.equal(torch.from_numpy(x), torch.from_numpy(before))


def test_weights_format_reads_weights_by_label():
    x = randn(5, 5, 2, 1)
    w = randn(3, 3, 2, 4)  # S S C U
    expected = dl.dlconv(dl.dlarray(x, "SSCB"), w, 0).asnumpy()
    permuted = w.transpose(3, 2, 0, 1)  # U C S S
    y = dl.dlconv(dl.dlarray(x, "SSCB"), permuted, 0, weights_format="UCSS")
    np.testing.assert_allclose(y.asnumpy(), expected, rtol=1e-5, atol=1e-6)
    y2 = dl.dlconv(dl.dlarray(x, "SSCB"), dl.dlarray(permuted, "UCSS"), 0)
    np.testing.assert_allclose(y2.asnumpy(), expected, rtol=1e-5, atol=1e-6)
    table = randn(4, 6)
    e = dl.embed(dl.dlarray(np.array([[5., 1.]]), "CB"), table.T, weights_format="UC")
    np.testing.assert_allclose(e.asnumpy(), table[:, [5, 1]], rtol=1e-6)


def test_maxpool_indices_with_data_format_index_the_given_array():
    x = randn(2, 3, 5, 4)  # B C H W, unformatted
    y, indx, size = dl.maxpool(x, 2, stride=2, data_format="BCSS", return_indices=True)
    assert y.fmt == "" and y.shape == (2, 3, 2, 2) and indx.shape == y.shape and size == (2, 3, 5, 4)
    np.testing.assert_array_equal(x.reshape(-1)[indx.asnumpy().astype(np.int64)], y.asnumpy())
    up = dl.maxunpool(y, indx, size, data_format="BCSS")
    assert up.fmt == "" and up.shape == size
    expected = np.zeros(x.size)
    expected[indx.asnumpy().reshape(-1).astype(np.int64)] = y.asnumpy().reshape(-1)
    np.testing.assert_allclose(up.asnumpy().reshape(-1), expected)
    grad = dl.dlfeval(lambda v: dl.dlgradient(dl.sum(dl.maxunpool(v, indx, size, data_format="BCSS") ** 2, "all"), v),
                      dl.dlarray(y.asnumpy()))
    np.testing.assert_allclose(grad.asnumpy(), 2 * y.asnumpy(), rtol=1e-6)


def test_conv_without_channel_dim_and_bad_options():
    x = dl.dlarray(randn(5, 5, 2), "SSB")
    y = dl.dlconv(x, np.ones((3, 3)), 0)
    assert y.fmt == "SSB" and y.shape == (3, 3, 2)
    with pytest.raises(ValueError, match="dlconv: the input has no 'C' dimension"):
        dl.dlconv(x, np.ones((3, 3, 1, 2)), 0)
    with pytest.raises(TypeError, match="dlconv: unknown option 'Strides'"):
        dl.dlconv(dl.dlarray(randn(5, 5, 1, 1), "SSCB"), np.ones((3, 3)), 0, Strides=2)
    with pytest.raises(ValueError, match="dlconv: Padding must be"):
        dl.dlconv(dl.dlarray(randn(5, 5, 1, 1), "SSCB"), np.ones((3, 3)), 0, padding="valid")
    same = dl.dlconv(dl.dlarray(randn(5, 5, 1, 1), "SSCB"), np.ones((3, 3)), 0, Padding="same", Stride=[1, 1])
    assert same.shape == (5, 5, 1, 1)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_results_keep_the_dtype(dtype):
    x = dl.dlarray(randn(4, 4, 2, 2).astype(dtype), "SSCB")
    for y in (dl.dlconv(x, np.ones((2, 2, 2, 3)), 0), dl.maxpool(x, 2), dl.avgpool(x, 2), dl.relu(x),
              dl.batchnorm(x, 0, 1)[0], dl.fullyconnect(x, np.ones((3, 32)), 0), dl.softmax(x),
              dl.layernorm(x, 0, 1), dl.dltranspconv(x, np.ones((2, 2, 1, 2)), 0)):
        assert y.dtype == dtype
