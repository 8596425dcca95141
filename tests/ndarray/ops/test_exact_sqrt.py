"""Square roots are correctly rounded on every vector unit, as C's sqrtf/sqrt in MXNet's kernels.

torch's CPU sqrt on AVX-512 (Sleef) is an ulp off for about 17% of float32 inputs; mxnd's sqrt,
the optimizers' and the Lp pooling's go through ``ops.exact_sqrt``. The reference is numpy's
sqrt (the IEEE instruction) and, for float32, the float64 root rounded once (exact: 53 >= 2*24+2).
"""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl
from mxnd.ndarray.ops import exact_sqrt


def _inputs(dtype):
    rng = np.random.default_rng(7)
    values = np.concatenate([rng.random(200_000) * 100, rng.random(50_000) * 1e-30, [0.0, 1.0, 2.0, 7.0, np.inf]])
    return values.astype(dtype)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_sqrt_is_correctly_rounded(dtype, ctx):
    values = _inputs(dtype)
    got = mx.nd.sqrt(mx.nd.array(values, ctx=ctx, dtype=dtype)).asnumpy()
    assert got.dtype == np.dtype(dtype) and got.shape == values.shape
    want = np.sqrt(values.astype(np.float64)).astype(dtype)  # float64 then round: correctly rounded
    assert np.array_equal(got, want)


def test_a_hard_case_of_avx512():
    # torch.sqrt(float32 2.3659432) on AVX-512 returns 1.5381624; the correctly rounded root is 1.5381622
    values = np.float32([2.3659432])
    assert mx.nd.sqrt(mx.nd.array(values)).asnumpy().tolist() == [float(np.float32(1.5381622))]


def test_negative_and_nan_give_nan_and_integers_round_through_double():
    assert np.isnan(mx.nd.sqrt(mx.nd.array([-1.0, np.nan])).asnumpy()).all()
    out = mx.nd.sqrt(mx.nd.array([4, 9, 2], dtype="int32"))
    assert out.dtype == np.int32 and out.asnumpy().tolist() == [2, 3, 1]


def test_gradient_is_half_over_the_root(ctx):
    x = mx.nd.array([4.0, 2.0, 0.25], ctx=ctx)
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.sqrt(x)
    y.backward(mx.nd.array([1.0, 2.0, 3.0], ctx=ctx))
    assert x.grad.asnumpy().tolist() == np.float32([0.25, 2 / (2 * np.sqrt(np.float32(2))), 3.0]).tolist()


def test_second_derivative():
    x = mx.nd.array([4.0])
    x.attach_grad()
    with mx.autograd.record():
        first = mx.autograd.grad(mx.nd.sqrt(x), [x], create_graph=True)[0]
    first.backward()
    assert first.asnumpy().tolist() == [0.25] and x.grad.asnumpy().tolist() == [-0.03125]


def test_into_out_and_strided_inputs():
    base = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    out = torch.empty(3, 2)
    assert exact_sqrt.sqrt(base[:, ::2], out=out) is out
    assert out.numpy().tolist() == np.sqrt(base.numpy()[:, ::2]).tolist()
    wider = torch.empty(3, 2, dtype=torch.float64)
    exact_sqrt.sqrt(base[:, ::2], out=wider)
    assert wider.dtype == torch.float64 and wider.numpy().tolist() == np.sqrt(base.numpy()[:, ::2]).astype(np.float64).tolist()


def test_dlarray_sqrt_is_correctly_rounded():
    values = _inputs("float32")[:1000]
    got = dl.extractdata(dl.sqrt(dl.dlarray(values)))
    assert np.array_equal(np.asarray(got).ravel(), np.sqrt(values))
