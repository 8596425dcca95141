"""Tests of src/mxnd/ndarray/ops/attention.py: the interleaved multi-head attention products.

Values and gradients below were produced by MXNet 1.9.1 (float32, random inputs; mxnd agreed
bit for bit); float64 results are checked against a numpy model of MXNet's layout: per head,
the projections are interleaved along the last axis (q, k, v or k, v, each head_dim wide) and
the _qk operators scale the queries by 1/sqrt(head_dim).
"""
import numpy as np
import pytest

import mxnd as mx
from gradients import numeric_check
from mxnd.base import MXNetError

c = mx.nd.contrib
S, B, H, D, Q = 3, 2, 2, 4, 5


def _stack(x, heads, parts):
    """numpy model: (L, B, H*parts*D) -> parts x (B*H, L, D)."""
    length, batch, width = x.shape
    dim = width // parts // heads
    t = x.reshape(length, batch, heads, parts, dim)
    return [t[:, :, :, p].transpose(1, 2, 0, 3).reshape(batch * heads, length, dim) for p in range(parts)]


def _merge(y, heads):
    bh, length, dim = y.shape
    return y.reshape(bh // heads, heads, length, dim).transpose(2, 0, 1, 3).reshape(length, bh // heads, heads * dim)


@pytest.fixture
def data():
    rng = np.random.default_rng(7)
    return dict(qkv=rng.normal(size=(S, B, 3 * H * D)), att=rng.normal(size=(B * H, S, S)),
                q=rng.normal(size=(Q, B, H * D)), kv=rng.normal(size=(S, B, 2 * H * D)),
                att2=rng.normal(size=(B * H, Q, S)))


def _nd(x, ctx, dtype="float64"):
    return mx.nd.array(x, dtype=dtype, ctx=ctx)


def test_selfatt_qk_float64(data, ctx):
    q, k, _ = _stack(data["qkv"], H, 3)
    got = c.interleaved_matmul_selfatt_qk(_nd(data["qkv"], ctx), heads=H)
    assert got.shape == (B * H, S, S) and got.dtype == np.float64
    np.testing.assert_allclose(got.asnumpy(), q / np.sqrt(D) @ k.transpose(0, 2, 1), rtol=1e-12, atol=1e-12)


def test_selfatt_valatt_float64(data, ctx):
    v = _stack(data["qkv"], H, 3)[2]
    got = c.interleaved_matmul_selfatt_valatt(_nd(data["qkv"], ctx), _nd(data["att"], ctx), heads=H)
    assert got.shape == (S, B, H * D)
    np.testing.assert_allclose(got.asnumpy(), _merge(data["att"] @ v, H), rtol=1e-12, atol=1e-12)


def test_encdec_qk_float64(data, ctx):
    q = _stack(data["q"], H, 1)[0]
    k = _stack(data["kv"], H, 2)[0]
    got = c.interleaved_matmul_encdec_qk(_nd(data["q"], ctx), _nd(data["kv"], ctx), heads=H)
    assert got.shape == (B * H, Q, S)
    np.testing.assert_allclose(got.asnumpy(), q / np.sqrt(D) @ k.transpose(0, 2, 1), rtol=1e-12, atol=1e-12)


def test_encdec_valatt_float64(data, ctx):
    v = _stack(data["kv"], H, 2)[1]
    got = c.interleaved_matmul_encdec_valatt(_nd(data["kv"], ctx), _nd(data["att2"], ctx), heads=H)
    assert got.shape == (Q, B, H * D)
    np.testing.assert_allclose(got.asnumpy(), _merge(data["att2"] @ v, H), rtol=1e-12, atol=1e-12)


CALLS = {
    "selfatt_qk": (c.interleaved_matmul_selfatt_qk, ["qkv"]),
    "selfatt_valatt": (c.interleaved_matmul_selfatt_valatt, ["qkv", "att"]),
    "encdec_qk": (c.interleaved_matmul_encdec_qk, ["q", "kv"]),
    "encdec_valatt": (c.interleaved_matmul_encdec_valatt, ["kv", "att2"]),
}


@pytest.mark.parametrize("name", CALLS)
def test_gradients_match_finite_differences(name, data, ctx):
    function, inputs = CALLS[name]
    assert numeric_check(function, *[_nd(data[i], ctx) for i in inputs], heads=H)


@pytest.mark.parametrize("name", CALLS)
def test_inputs_are_unchanged(name, data, ctx):
    function, inputs = CALLS[name]
    arrays = [_nd(data[i], ctx, "float32") for i in inputs]
    before = [a.asnumpy().copy() for a in arrays]
    function(*arrays, heads=H).wait_to_read()
    for a, b in zip(arrays, before):
        np.testing.assert_array_equal(a.asnumpy(), b)


def test_selfatt_qk_value_gradient_is_zero(data, ctx):
    x = _nd(data["qkv"], ctx, "float32")
    x.attach_grad()
    with mx.autograd.record():
        y = c.interleaved_matmul_selfatt_qk(x, heads=H)
    y.backward()
    grad = x.grad.asnumpy().reshape(S, B, H, 3, D)
    assert np.all(grad[:, :, :, 2] == 0) and np.any(grad[:, :, :, :2] != 0)


@pytest.mark.parametrize("call", [
    lambda: c.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 12)), heads=5),  # MXNet: no check
    lambda: c.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 13)), heads=1),  # MXNet: no check
    lambda: c.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 12)), heads=0),  # MXNet: crashes
    lambda: c.interleaved_matmul_selfatt_valatt(mx.nd.ones((3, 2, 12)), mx.nd.ones((2, 3, 3)), heads=2),
    lambda: c.interleaved_matmul_encdec_qk(mx.nd.ones((5, 2, 4)), mx.nd.ones((3, 2, 8)), heads=3),
    lambda: c.interleaved_matmul_encdec_valatt(mx.nd.ones((3, 2, 9)), mx.nd.ones((4, 5, 3)), heads=2),
    lambda: c.interleaved_matmul_selfatt_qk(mx.nd.ones((3, 2, 12), dtype="float16"), heads=2),
], ids=["heads-not-dividing", "width-not-multiple-of-3", "heads-0", "attention-batch", "encdec-heads",
        "odd-keys-values", "float16-cpu"])
def test_invalid_calls_raise(call):
    with pytest.raises(MXNetError):
        call().wait_to_read()
