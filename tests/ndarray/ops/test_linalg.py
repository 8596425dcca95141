"""Tests of src/mxnd/ndarray/ops/linalg.py: values, gradients, dtypes, errors and out=.

Expected values and gradients were produced by MXNet 1.9.1 (float64 unless stated) with
``attach_grad`` / ``autograd.backward(head)``; fft/ifft (GPU-only in MXNet) are checked
against numpy with the semantics of MXNet's cuFFT code (fft-inl.h, ifft-inl.h).
"""
import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of, numeric_check
from mxnd.base import MXNetError

la = mx.nd.linalg
SPD = [[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]]
LOWER = [[2., 9., 9.], [0.5, 1.5, 9.], [-1., 0.25, 3.]]  # the 9s lie outside the triangle that is read
H33 = [[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]]
PAIRS = [[[1., 2.], [3., 4.]], [[1., 2.], [2., 4.]]]  # the second matrix is singular

# name: (function, inputs, keyword arguments, output heads, MXNet outputs, MXNet input gradients)
MXNET_GRADIENTS = {
    "dot": (mx.nd.dot, [[[1., 2.], [3., 4.], [5., 6.]], [[1., -1., 2.], [0.5, 2., 1.]]],
            dict(transpose_a=True, transpose_b=True), None, [[[8., 11.5], [10., 15.]]],
            [[[1.5, 1.5], [1., 1.], [3., 3.]], [[3., 7., 11.], [3., 7., 11.]]]),
    "batch_dot": (mx.nd.batch_dot, [np.arange(12.).reshape(2, 2, 3) / 4, np.arange(12.).reshape(2, 3, 2) - 5], {},
                  [np.arange(8.).reshape(2, 2, 2)], [[[[-1.25, -0.5], [-8., -5.]], [[16.75, 22.], [23.5, 31.]]]],
                  [[[[-4., -2., 0.], [-22., -12., -2.]], [[14., 32., 50.], [20., 46., 72.]]],
                   [[[1.5, 2.25], [2., 3.25], [2.5, 4.25]], [[19.5, 23.25], [22., 26.25], [24.5, 29.25]]]]),
    "gemm_axis0": (la.gemm, [np.arange(24.).reshape(3, 2, 4) / 10, np.arange(24.).reshape(4, 2, 3) / 7,
                             np.ones((3, 2, 3))],
                   dict(axis=0, alpha=0.5, beta=-2.0), [np.arange(18.).reshape(3, 2, 3)],
                   [[[[-1.4, -1.3571428571, -1.3142857143], [0.1, 0.2571428571, 0.4142857143]],
                     [[0.6571428571, 0.9285714286, 1.2], [2.8428571429, 3.2285714286, 3.6142857143]],
                     [[2.7142857143, 3.2142857143, 3.7142857143], [5.5857142857, 6.2, 6.8142857143]]]],
                   [[[[0.3571428571, 1.6428571429, 2.9285714286, 4.2142857143],
                      [3.5714285714, 8.7142857143, 13.8571428571, 19.]],
                     [[1.6428571429, 10.6428571429, 19.6428571429, 28.6428571429],
                      [8.7142857143, 21.5714285714, 34.4285714286, 47.2857142857]],
                     [[2.9285714286, 19.6428571429, 36.3571428571, 53.0714285714],
                      [13.8571428571, 34.4285714286, 55., 75.5714285714]]],
                    [[[12., 13.2, 14.4], [21., 22.8, 24.6]], [[12.9, 14.25, 15.6], [22.35, 24.3, 26.25]],
                     [[13.8, 15.3, 16.8], [23.7, 25.8, 27.9]], [[14.7, 16.35, 18.], [25.05, 27.3, 29.55]]],
                    -np.arange(18.).reshape(3, 2, 3) * 2]),
    "gemm2": (la.gemm2, [[[1., 2.], [3., 4.]], [[0.5, -1.], [2., 1.], [1., 1.]]], dict(transpose_b=True, alpha=2.0),
              [[[1., 2., 3.], [4., 5., 6.]]], [[[-3., 8., 6.], [-5., 20., 14.]]],
              [[[15., 8.], [36., 14.]], [[26., 36.], [34., 48.], [42., 60.]]]),
    "potrf": (la.potrf, [SPD], {}, [H33],
              [[[2., 0., 0.], [0.5, 1.6583123952, 0.], [0.25, 0.0452267017, 1.3912061477]]],
              [[[0.0672939663, 0.3484711289, 0.7647060114], [0.3484711289, 1.4441783328, 2.3238743029],
                [0.7647060114, 2.3238743029, 3.2346033026]]]),
    "potrf_upper": (la.potrf, [SPD], dict(lower=False), [H33],
                    [[[2., 0.5, 0.25], [0., 1.6583123952, 0.0452267017], [0., 0., 1.3912061477]]],
                    [[[0.2806329278, -0.0802625533, -0.0845383163], [-0.0802625533, 1.4606244061, 1.7208516138],
                      [-0.0845383163, 1.7208516138, 3.2346033026]]]),
    "potri": (la.potri, [LOWER], {}, [H33],
              [[[0.3103780864, -0.1211419753, 0.0601851852], [-0.1211419753, 0.4475308642, -0.0185185185],
                [0.0601851852, -0.0185185185, 0.1111111111]]],
              [[[-0.2478780864, 0., 0.], [-1.1288580247, -1.949845679, 0.],
                [-0.5601851852, -0.9675925926, -0.8869598765]]]),
    "trmm": (la.trmm, [LOWER, [[1., 2.], [3., 4.], [5., 6.]]], dict(transpose=True, alpha=1.5),
             [[[1., -1.], [2., 0.5], [0., 3.]]], [[[-2.25, 0.], [8.625, 11.25], [22.5, 27.]]],
             [[[-1.5, 0., 0.], [-1.5, 12., 0.], [-1.5, 19.5, 27.]], [[3., -3.], [5.25, 0.375], [-0.75, 15.1875]]]),
    "trsm": (la.trsm, [LOWER, [[1., 2., 3.], [3., 4., 5.]]], dict(rightside=True, lower=False, alpha=-2.0),
             [[[1., -1., 2.], [0.5, 0., 3.]]],
             [[[-1., 3.3333333333, -9.], [-3., 12.6666666667, -32.3333333333]]],
             [[[86.75, -22.6666666667, 3.6666666667], [0., 91.5555555556, -14.8888888889], [0., 0., 38.3333333333]],
              [[-37., 9.3333333333, -1.3333333333], [-45.5, 12., -2.]]]),
    "sumlogdiag": (la.sumlogdiag, [[[[2., 1.], [1., 4.]], [[3., 0.], [5., 0.5]]]], {}, [[1., 2.]],
                   [[2.0794415417, 0.4054651081]],
                   [[[[0.5, 0.], [0., 0.25]], [[0.6666666667, 0.], [0., 4.]]]]),
    "syrk": (la.syrk, [[[1., 2., 3.], [4., 5., 6.]]], dict(transpose=True, alpha=0.5), [H33],
             [[[8.5, 11., 13.5], [11., 14.5, 18.], [13.5, 18., 22.5]]], [[[22., 34., 46.], [49., 79., 109.]]]),
    "gelqf": (la.gelqf, [[[1., 2., 3.], [4., 5., 6.5]]], {}, [[[1., 2., 3.], [-1., 0.5, 2.]], [[1., 2.], [3., 4.]]],
              [[[-0.2672612419, -0.5345224838, -0.8017837257], [0.9143773179, 0.1219169757, -0.3860704231]],
               [[-3.7416573868, 0.], [-8.9532516041, 1.7576363999]]],
              [[[-10.7783094101, -1.7090945348, 3.484947031], [2.8886125912, -1.2063389237, -3.9003023014]]]),
    "syevd": (la.syevd, [SPD], {}, [H33, [1., -2., 0.5]],
              [[[-0.2530423616, 0.0534387208, 0.9659781914], [-0.4819496604, 0.8587971747, -0.1737582734],
                [0.8388647615, 0.5095210652, 0.1915572919]], [1.8800869029, 2.3983430193, 4.7215700777]],
              [[[1.4953300893, -0.5849216509, -1.1738383197], [-0.5849216509, -1.8755199552, 4.1818182533],
                [-1.1738383197, 4.1818182533, -0.1198101341]]]),
    "inverse": (la.inverse, [SPD], {}, [H33],
                [[[0.2799436355, -0.0892437764, -0.0610615312], [-0.0892437764, 0.364020667, -0.0140911226],
                  [-0.0610615312, -0.0140911226, 0.5166744951]]],
                [[[0.0927988782, 0.0879685817, 0.0905961888], [-0.1093071346, -0.4181502572, -0.8256444753],
                  [-0.3603197341, -1.0604965185, -1.9950399778]]]),
    "det": (la.det, [PAIRS], {}, [[2., 3.]], [[-2., 0.]], [[[[8., -6.], [-4., 2.]], [[0., 0.], [0., 0.]]]]),
    "slogdet": (la.slogdet, [PAIRS], {}, [[5., 5.], [2., 3.]], [[-1., 0.], [0.6931471806, -np.inf]],
                [[[[-4., 3.], [2., -1.]], [[0., 0.], [0., 0.]]]]),
    "extractdiag": (la.extractdiag, [np.arange(9.).reshape(3, 3)], dict(offset=-1), [[1., 2.]], [[3., 7.]],
                    [[[0., 0., 0.], [1., 0., 0.], [0., 2., 0.]]]),
    "makediag": (la.makediag, [[1., 2.]], dict(offset=1), [np.arange(9.).reshape(3, 3)],
                 [[[0., 1., 0.], [0., 0., 2.], [0., 0., 0.]]], [[1., 5.]]),
    "extracttrian": (la.extracttrian, [np.arange(9.).reshape(3, 3)], dict(offset=1), [[1., 2., 3.]], [[1., 2., 5.]],
                     [[[0., 1., 2.], [0., 0., 3.], [0., 0., 0.]]]),
    "maketrian": (la.maketrian, [[1., 2., 3.]], dict(lower=False), [[[1., 2.], [3., 4.]]],
                  [[[1., 2.], [0., 3.]]], [[1., 2., 4.]]),
}


def f64(value, ctx):
    return mx.nd.array(np.asarray(value, dtype=np.float64), ctx=ctx, dtype="float64")


def recorded_gradients(function, *arrays, head=None):
    """d(sum(head * function(arrays))) / d(arrays), with the graph recorded as in MXNet."""
    with mx.autograd.record():
        return gradient_of(function, *arrays, head=head)


def recorded_numeric_check(function, *arrays):
    with mx.autograd.record():
        return numeric_check(function, *arrays)


@pytest.mark.parametrize("name", sorted(MXNET_GRADIENTS))
def test_values_and_gradients_match_mxnet(name, ctx):
    function, inputs, kwargs, heads, outputs, gradients = MXNET_GRADIENTS[name]
    arrays = [f64(x, ctx) for x in inputs]
    result = function(*arrays, **kwargs)
    results = result if isinstance(result, list) else [result]
    assert len(results) == len(outputs)
    for actual, expected in zip(results, outputs):
        assert actual.dtype == np.float64 and actual.context == ctx
        np.testing.assert_allclose(actual.asnumpy(), expected, rtol=1e-8, atol=1e-9)
    head = None if heads is None else [f64(h, ctx) for h in heads]
    for actual, expected in zip(recorded_gradients(lambda *a: function(*a, **kwargs), *arrays, head=head), gradients):
        np.testing.assert_allclose(actual, expected, rtol=1e-8, atol=1e-9)
    for array, source in zip(arrays, inputs):  # operators never write into their inputs
        np.testing.assert_array_equal(array.asnumpy(), source)


def test_slogdet_sign_is_a_head_with_a_zero_gradient(ctx):
    """MXNet backpropagates through the sign (no gradient) instead of refusing it as a head."""
    a = f64([[2., 1.], [1., -3.]], ctx)
    a.attach_grad()
    with mx.autograd.record():
        sign, logabsdet = la.slogdet(a)
    mx.autograd.backward([sign, logabsdet], [f64([3.], ctx), f64([2.], ctx)])
    np.testing.assert_allclose(a.grad.asnumpy(), 2 * np.linalg.inv([[2., 1.], [1., -3.]]).T, rtol=1e-12)
    with mx.autograd.record():
        sign = la.slogdet(a)[0]
    sign.backward()
    assert sign.asnumpy().tolist() == [-1.] and not a.grad.asnumpy().any()


# MXNet 1.9.1 in float32, for A = [[2, 1, 0], [1, 3, 1], [0, 1, 4]]
A32 = [[2., 1., 0.], [1., 3., 1.], [0., 1., 4.]]
FLOAT32 = {
    "inverse": (la.inverse, [[[0.6111111, -0.22222222, 0.05555556], [-0.22222222, 0.44444445, -0.11111112],
                              [0.05555556, -0.11111112, 0.2777778]]]),
    "det": (la.det, [[18.]]),
    "slogdet": (la.slogdet, [[1.], [2.8903718]]),
    "potrf": (la.potrf, [[[1.4142135, 0., 0.], [0.70710677, 1.5811388, 0.], [0., 0.6324555, 1.8973665]]]),
    "sumlogdiag": (la.sumlogdiag, [[3.1780539]]),
}


@pytest.mark.parametrize("name", sorted(FLOAT32))
def test_float32_values_match_mxnet(name, ctx):
    function, outputs = FLOAT32[name]
    result = function(mx.nd.array(A32, ctx=ctx))
    for actual, expected in zip(result if isinstance(result, list) else [result], outputs):
        assert actual.dtype == np.float32 and actual.shape == np.shape(expected)
        np.testing.assert_allclose(actual.asnumpy(), expected, rtol=2e-6, atol=1e-6)


def test_gelqf_float32_matches_mxnet():
    q, l = la.gelqf(mx.nd.array([[1., 2., 3.], [4., 5., 6.5]]))
    np.testing.assert_allclose(q.asnumpy(), [[-0.26726115, -0.5345225, -0.8017837],
                                             [0.9143774, 0.12191701, -0.38607043]], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(l.asnumpy(), [[-3.7416575, 0.], [-8.953251, 1.757636]], rtol=1e-5)
    np.testing.assert_allclose((l.asnumpy() @ q.asnumpy()), [[1., 2., 3.], [4., 5., 6.5]], rtol=1e-5)


def test_potri_inverts_the_matrix_behind_a_cholesky_factor(ctx):
    a = mx.nd.array(A32, ctx=ctx)
    np.testing.assert_allclose(la.potri(la.potrf(a)).asnumpy(), np.linalg.inv(A32), rtol=1e-5, atol=1e-6)


# ---- symmetric operators: finite differences through a symmetric (positive-definite) input --------


def test_potrf_gradient_is_exact_on_symmetric_inputs():
    a = mx.nd.array(np.random.default_rng(1).uniform(-1, 1, (2, 3, 3)), dtype="float64")
    spd = lambda x: la.syrk(x) + mx.nd.eye(3, dtype="float64") * 3  # noqa: E731
    assert recorded_numeric_check(lambda x: la.potrf(spd(x)), a)
    assert recorded_numeric_check(lambda x: la.potrf(spd(x), lower=False), a)


def test_syevd_gradient_is_exact_on_symmetric_inputs():
    a = mx.nd.array(np.random.default_rng(2).uniform(-1, 1, (3, 3)), dtype="float64")
    assert recorded_numeric_check(lambda x: la.syevd(x + x.T), a)


def test_syevd_sign_convention_and_decomposition(ctx):
    a = np.random.default_rng(3).uniform(-1, 1, (4, 5, 5))
    a = a + a.transpose(0, 2, 1)
    u, l = la.syevd(mx.nd.array(a, ctx=ctx, dtype="float64"))
    u, l = u.asnumpy(), l.asnumpy()
    rows = u.reshape(-1, 5)
    assert (rows[np.arange(len(rows)), np.abs(rows).argmax(1)] > 0).all()  # la_op-inl.h SyevdEigenVecSigns
    np.testing.assert_allclose(u @ a, l[..., None] * u, atol=1e-12)
    assert (np.diff(l, axis=-1) > 0).all()


def test_syevd_and_potrf_read_the_lower_triangle():
    junk_above = mx.nd.array([[4., 100.], [1., 4.25]])
    np.testing.assert_array_equal(la.potrf(junk_above).asnumpy(), [[2., 0.], [0.5, 2.]])
    u, l = la.syevd(mx.nd.array([[1., 100.], [2., 4.]]))
    np.testing.assert_allclose(l.asnumpy(), [0., 5.], atol=1e-6)
    np.testing.assert_allclose(u.asnumpy(), [[0.8944272, -0.4472136], [0.4472136, 0.8944272]], rtol=1e-6)


# ---- dot and batch_dot ------------------------------------------------------------------------


@pytest.mark.parametrize("lhs,rhs,kwargs,shape", [
    ((3,), (3,), {}, (1,)), ((2,), (2, 3), {}, (3,)), ((2, 3), (3,), {}, (2,)),
    ((2, 3, 4), (4, 5, 6), {}, (2, 3, 5, 6)), ((4, 2, 3), (4, 5), dict(transpose_a=True), (2, 3, 5)),
    ((2, 3, 4), (5, 6, 4), dict(transpose_b=True), (2, 3, 5, 6)), ((3,), (2, 3), dict(transpose_b=True), (2,)),
])
def test_dot_contracts_last_axis_of_lhs_with_first_of_rhs(lhs, rhs, kwargs, shape, ctx):
    rng = np.random.default_rng(0)
    x, y = rng.uniform(-1, 1, lhs), rng.uniform(-1, 1, rhs)
    result = mx.nd.dot(mx.nd.array(x, ctx=ctx), mx.nd.array(y, ctx=ctx), **kwargs)
    left = np.moveaxis(x, 0, -1) if kwargs.get("transpose_a") else x
    right = np.moveaxis(y, -1, 0) if kwargs.get("transpose_b") else y
    assert result.shape == shape and result.dtype == np.float32
    np.testing.assert_allclose(result.asnumpy(), np.tensordot(left, right, axes=1).reshape(shape), rtol=1e-5)


def test_dot_dtypes_follow_mxnet(ctx):
    a = mx.nd.ones((2, 2), ctx=ctx)
    with pytest.raises(MXNetError, match="dot only supports float32/float64"):
        mx.nd.dot(a.astype("int32"), a.astype("int32"))
    if ctx.device_type == "cpu":  # float16 dot is GPU-only in MXNet 1.9.1
        with pytest.raises(MXNetError, match="dot only supports"):
            mx.nd.batch_dot(mx.nd.ones((1, 2, 2), dtype="float16"), mx.nd.ones((1, 2, 2), dtype="float16"))
    else:
        half = mx.nd.dot(a.astype("float16"), a.astype("float16"))
        assert half.dtype == np.float16 and half.asnumpy().tolist() == [[2, 2], [2, 2]]
    with pytest.raises(MXNetError, match="Incompatible attr"):
        mx.nd.dot(a, a.astype("float64"))


def test_dot_errors_name_the_operator_and_shapes():
    with pytest.raises(MXNetError, match=r"^dot: dot shape error: \[2, 3\] X \[2, 3\]"):
        mx.nd.dot(mx.nd.ones((2, 3)), mx.nd.ones((2, 3)))
    with pytest.raises(MXNetError, match="Cannot transpose vectors"):
        mx.nd.dot(mx.nd.ones(3), mx.nd.ones(3), transpose_b=True)
    with pytest.raises(MXNetError, match="leading batch dimensions must be equal"):
        mx.nd.batch_dot(mx.nd.ones((2, 2, 3)), mx.nd.ones((1, 3, 2)))  # no broadcasting
    with pytest.raises(MXNetError, match="N >= 3"):
        mx.nd.batch_dot(mx.nd.ones((2, 3)), mx.nd.ones((3, 2)))
    with pytest.raises(MXNetError, match="valid values"):
        mx.nd.dot(mx.nd.ones((2, 2)), mx.nd.ones((2, 2)), forward_stype="dense")


# ---- gemm family and out= ---------------------------------------------------------------------------


def test_gemm_leaves_c_unchanged_and_ignores_c_when_beta_is_zero(ctx):
    a, b = mx.nd.ones((2, 2), ctx=ctx), mx.nd.ones((2, 2), ctx=ctx)
    c = mx.nd.array([[np.nan, 1.], [2., 3.]], ctx=ctx)
    assert la.gemm(a, b, c, beta=0).asnumpy().tolist() == [[2., 2.], [2., 2.]]  # BLAS: beta=0 ignores C
    assert la.gemm(a, b, c, alpha=0.5, beta=2).asnumpy()[1].tolist() == [5., 7.]
    assert c.asnumpy()[1].tolist() == [2., 3.]


def test_gemm_requires_equal_leading_axes():
    with pytest.raises(MXNetError, match="Shapes of inputs 0, 1 must be the same"):
        la.gemm2(mx.nd.ones((2, 2, 2)), mx.nd.ones((1, 2, 2)))
    with pytest.raises(MXNetError, match=r"_linalg_gemm: Shape inconsistent, Provided = \[1, 2, 2\]"):
        la.gemm(mx.nd.ones((2, 2, 2)), mx.nd.ones((2, 2, 2)), mx.nd.ones((1, 2, 2)))
    with pytest.raises(MXNetError, match=r"Invalid row axis \(2\)"):
        la.gemm2(mx.nd.ones((2, 3, 4)), mx.nd.ones((2, 4, 3)), axis=2)


def test_out_writes_single_and_multiple_outputs(ctx):
    a = mx.nd.array([[1., 2., 3.], [4., 5., 6.]], ctx=ctx)
    out = mx.nd.zeros((2, 2), ctx=ctx)
    assert la.gemm2(a, a, transpose_b=True, out=out) is out
    assert out.asnumpy().tolist() == [[14., 32.], [32., 77.]]
    q, l = mx.nd.zeros((2, 3), ctx=ctx), mx.nd.zeros((2, 2), ctx=ctx)
    assert la.gelqf(a, out=[q, l]) == [q, l]
    np.testing.assert_allclose(l.asnumpy() @ q.asnumpy(), a.asnumpy(), rtol=1e-5)
    with pytest.raises(MXNetError, match="Shape inconsistent"):
        la.syrk(a, out=mx.nd.zeros((3, 3), ctx=ctx))


def test_results_never_share_storage_with_inputs():
    a = mx.nd.array([[5.]])
    diagonal = la.extractdiag(a)
    diagonal[:] = 1
    assert a.asnumpy().tolist() == [[5.]]


# ---- triangles, determinants, errors --------------------------------------------------------------


def test_triangle_storage_order_round_trips(ctx):
    m = mx.nd.arange(16, ctx=ctx).reshape((4, 4))
    for offset in (-2, -1, 0, 1, 2):
        for lower in (True, False):
            packed = la.extracttrian(m, offset=offset, lower=lower)
            rebuilt = la.maketrian(packed, offset=offset, lower=lower).asnumpy()
            keeps_lower = offset < 0 or (offset == 0 and lower)
            mask = np.tril(np.ones((4, 4)), offset) if keeps_lower else np.triu(np.ones((4, 4)), offset)
            np.testing.assert_array_equal(rebuilt, m.asnumpy() * mask)
    assert la.extracttrian(m, lower=False).asnumpy()[:4].tolist() == [0., 1., 5., 2.]  # column by column


def test_singular_and_invalid_inputs_raise_mxnet_errors():
    with pytest.raises(MXNetError, match="_linalg_potrf: .*positive-definite"):
        la.potrf(mx.nd.array([[1., 2.], [2., 1.]]))
    with pytest.raises(MXNetError, match="_linalg_inverse: .*singular"):
        la.inverse(mx.nd.array([[1., 2.], [2., 4.]]))
    with pytest.raises(MXNetError, match="_linalg_potri: .*Cholesky"):
        la.potri(mx.nd.array([[0., 0.], [1., 1.]]))
    with pytest.raises(MXNetError, match="only supports 32-bit and 64-bit floating point"):
        la.det(mx.nd.ones((2, 2), dtype="float16"))
    with pytest.raises(MXNetError, match="square matrices"):
        la.extractdiag(mx.nd.ones((2, 3)))
    with pytest.raises(MXNetError, match="Illegal offset 3"):
        la.extracttrian(mx.nd.ones((3, 3)), offset=3)
    with pytest.raises(MXNetError, match="invalid dimension for the last axis"):
        la.maketrian(mx.nd.ones(4))


def test_reductions_of_one_matrix_have_shape_one():
    a = mx.nd.array([[2., 1.], [1., 3.]])
    assert la.det(a).shape == la.sumlogdiag(a).shape == (1,)
    assert [x.shape for x in la.slogdet(a)] == [(1,), (1,)]
    assert la.det(mx.nd.ones((2, 3, 2, 2))).shape == (2, 3)


def test_names_and_aliases():
    assert mx.nd.linalg_potrf is la.potrf and mx.nd.linalg_gemm2 is la.gemm2
    assert not hasattr(mx.nd, "linalg_syevd")  # MXNet registers no alias for syevd
    assert la.potrf(mx.nd.array([[4.]]), lower="False").asnumpy().tolist() == [[2.]]


# ---- contrib fft / ifft ----------------------------------------------------------------------------


def interleave(spectrum):
    return np.stack([spectrum.real, spectrum.imag], axis=-1).reshape(spectrum.shape[:-1] + (-1,))


@pytest.mark.parametrize("shape", [(3, 4), (2, 1, 3, 5)])
def test_fft_interleaves_the_complex_spectrum(shape, ctx):
    x = np.random.default_rng(4).normal(size=shape).astype(np.float32)
    result = mx.nd.contrib.fft(mx.nd.array(x, ctx=ctx), compute_size=2)
    assert result.shape == shape[:-1] + (2 * shape[-1],) and result.dtype == np.float32
    np.testing.assert_allclose(result.asnumpy(), interleave(np.fft.fft(x)), rtol=1e-4, atol=1e-5)


def test_ifft_is_the_unnormalized_real_inverse(ctx):
    x = np.random.default_rng(5).normal(size=(3, 4))
    back = mx.nd.contrib.ifft(mx.nd.contrib.fft(mx.nd.array(x, ctx=ctx, dtype="float64")))
    assert back.shape == (3, 4) and back.dtype == np.float64
    np.testing.assert_allclose(back.asnumpy(), 4 * x, rtol=1e-12)  # ifft-inl.h: no division by d
    half = mx.nd.contrib.ifft(mx.nd.array([[1., 0., 2., 1.]], dtype="float16"))
    assert half.dtype == np.float16 and half.asnumpy().tolist() == [[3., -1.]]


def test_fft_and_ifft_gradients_are_the_adjoint_transforms():
    rng = np.random.default_rng(6)
    x, head = rng.normal(size=(2, 4)), rng.normal(size=(2, 8))
    (grad,) = recorded_gradients(mx.nd.contrib.fft, mx.nd.array(x, dtype="float64"), head=mx.nd.array(head, dtype="float64"))
    complex_head = head[:, 0::2] + 1j * head[:, 1::2]
    np.testing.assert_allclose(grad, (4 * np.fft.ifft(complex_head)).real, rtol=1e-12)  # cuFFT inverse, real part
    z, head = rng.normal(size=(2, 8)), rng.normal(size=(2, 4))
    (grad,) = recorded_gradients(mx.nd.contrib.ifft, mx.nd.array(z, dtype="float64"), head=mx.nd.array(head, dtype="float64"))
    np.testing.assert_allclose(grad, interleave(np.fft.fft(head)), rtol=1e-12)


def test_fft_rejects_what_mxnet_cannot_infer():
    with pytest.raises(MXNetError, match="_contrib_fft: .*shape"):
        mx.nd.contrib.fft(mx.nd.ones((2, 3, 4)))
    with pytest.raises(MXNetError, match="even"):
        mx.nd.contrib.ifft(mx.nd.ones((2, 3)))
    with pytest.raises(MXNetError, match="float16, float32 or float64"):
        mx.nd.contrib.fft(mx.nd.ones((2, 4), dtype="int32"))
