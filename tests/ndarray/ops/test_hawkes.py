"""contrib.hawkesll beyond the golden cases (which compare with MXNet 1.9.1 bit-exactly): the
docstring example, a plain-loop float64 reference whose torch autograd checks MXNet's backward
(within float32 rounding of expf/logf), the deliberate errors and gradient rules.
"""
import math

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.base import MXNetError

H = mx.nd.contrib.hawkesll


def _example(ctx=None):
    """The example of MXNet's docstring: N = 4 samples, T = 4 points, K = 3 marks."""
    ctx = ctx or mx.cpu()
    n, t, k = 4, 4, 3
    return [mx.nd.array([1.5, 2.0, 3.0], ctx=ctx).tile((n, 1)), mx.nd.array([0.2, 0.3, 0.4], ctx=ctx),
            mx.nd.array([1.0, 2.0, 3.0], ctx=ctx),
            mx.nd.zeros((n, k), ctx=ctx),
            mx.nd.array([[6, 7, 8, 9], [1, 2, 3, 4], [3, 4, 5, 6], [8, 9, 10, 11]], ctx=ctx),
            mx.nd.zeros((n, t), ctx=ctx).astype(np.int32), mx.nd.array([1, 2, 3, 4], ctx=ctx),
            mx.nd.ones((n,), ctx=ctx) * 100.0]


def test_docstring_example_matches_mxnet(ctx):
    args = _example(ctx)
    for a in args[:3]:
        a.attach_grad()
    with mx.autograd.record():
        ll, state = H(*args)
    ll.backward()
    # MXNet 1.9.1's values (bit-exact on the CPU; a GPU sums in torch's order)
    exact = ctx == mx.cpu()
    check = np.testing.assert_array_equal if exact else \
        (lambda a, b: np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-30))
    assert ll.dtype == np.float32 and ll.shape == (4,) and state.shape == (4, 3)
    check(ll.asnumpy(), np.float32([-649.7945556640625, -649.5711669921875, -649.3802490234375, -649.1781005859375]))
    check(state.asnumpy(), np.float32([[1.500790655291879e-41, 0, 0], [8.477855709165143e-43, 0, 0],
                                       [6.096144379469325e-39, 0, 0], [1.1850845912027367e-27, 0, 0]]))
    check(args[0].grad.asnumpy(), np.float32([[-99.33333587646484, -100, -100], [-98.67848205566406, -100, -100],
                                              [-98.00223541259766, -100, -100], [-97.3333511352539, -100, -100]]))
    check(args[1].grad.asnumpy(), np.float32([-9.894500732421875, 0, 0]))
    check(args[2].grad.asnumpy(), np.float32([-0.028963472694158554, 0, 0]))


def _reference(mu, alpha, beta, state, lags, marks, valid_length, max_time):
    """The log-likelihood point by point in float64 torch (exact exp and log), for autograd."""
    lls, states = [], []
    for i in range(mu.shape[0]):
        s, last, t, ll = list(state[i]), [0.0] * mu.shape[1], 0.0, 0.0
        j = 0
        while j < valid_length[i]:
            c = int(marks[i, j])
            t = t + lags[i, j]
            d = t - last[c]
            ed = torch.exp(-beta[c] * d)
            ll = ll + torch.log(mu[i, c] + alpha[c] * beta[c] * s[c] * ed) - (mu[i, c] * d + alpha[c] * s[c] * (1 - ed))
            s[c] = 1 + s[c] * ed
            last[c] = t
            j += 1
        for c in range(mu.shape[1]):
            d = max_time[i] - last[c]
            ed = torch.exp(-beta[c] * d)
            ll = ll - (mu[i, c] * d + alpha[c] * s[c] * (1 - ed))
            s[c] = s[c] * ed
        lls.append(ll)
        states.append(torch.stack([torch.as_tensor(v, dtype=torch.float64) for v in s]))
    return torch.stack(lls), torch.stack(states)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_matches_a_plain_loop_and_its_autograd(seed):
    rng = np.random.RandomState(seed)
    n, t, k = 5, 7, 3
    values = [rng.uniform(0.2, 2, (n, k)), rng.uniform(0.1, 0.9, (k,)), rng.uniform(0.5, 3, (k,)),
              rng.uniform(0, 2, (n, k)), rng.exponential(0.7, (n, t))]
    marks = rng.randint(0, k, (n, t))
    valid_length = np.array([0, 2.5, 7, 4, -1.0])
    max_time = rng.exponential(0.7, (n, t)).sum(1) + 1.0
    leaves = [torch.tensor(v, requires_grad=True) for v in values[:3]]
    want_ll, want_state = _reference(*leaves, torch.tensor(values[3]), torch.tensor(values[4]), marks,
                                     valid_length, torch.tensor(max_time))
    head = np.arange(n) % 3 - 1.5
    (want_ll * torch.tensor(head)).sum().backward()
    args = [mx.nd.array(v, dtype="float64") for v in values] + [
        mx.nd.array(marks, dtype="int32"), mx.nd.array(valid_length, dtype="float64"),
        mx.nd.array(max_time, dtype="float64")]
    for a in args[:3]:
        a.attach_grad()
    with mx.autograd.record():
        ll, state = H(*args)
    ll.backward(mx.nd.array(head, dtype="float64"))
    # float64 inputs: MXNet (and mxnd) still take expf and logf in single precision
    np.testing.assert_allclose(ll.asnumpy(), want_ll.detach().numpy(), rtol=1e-6)
    np.testing.assert_allclose(state.asnumpy(), want_state.detach().numpy(), rtol=1e-6, atol=1e-12)
    for a, leaf in zip(args[:3], leaves):
        np.testing.assert_allclose(a.grad.asnumpy(), leaf.grad.numpy(), rtol=1e-5, atol=1e-9)


def test_gradient_rules():
    args = _example()
    for a in (args[0], args[3]):
        a.attach_grad()
    with mx.autograd.record():
        ll, state = H(*args)
        total = (state * 3).sum()
    total.backward()  # the gradient of out_state is ignored: 0 * d(ll)
    assert (args[0].grad.asnumpy() == 0).all() and (args[3].grad.asnumpy() == 0).all()
    for position in (4, 6, 7):  # lags, valid_length, max_time: MXNet's req == kNullOp check
        args = _example()
        args[position].attach_grad()
        with mx.autograd.record():
            ll, _ = H(*args)
        with pytest.raises(MXNetError, match="kNullOp"):
            ll.backward()


def test_grad_req_add_accumulates():
    """MXNet's kernels mishandle grad_req='add' (they zero and double-count); mxnd adds."""
    args = _example()
    args[0].attach_grad(grad_req="add")
    for _ in range(2):
        with mx.autograd.record():
            ll, _ = H(*args)
        ll.backward()
    np.testing.assert_array_equal(args[0].grad.asnumpy()[:, 0],
                                  np.float32([-99.33333587646484, -98.67848205566406, -98.00223541259766,
                                              -97.3333511352539]) * 2)


def test_length_and_marks():
    args = _example()
    # 2.5 reads 3 points, a negative or NaN length none; marks past valid_length are never read
    args[6] = mx.nd.array([2.5, -1, math.nan, 0])
    args[5] = mx.nd.array([[0, 0, 0, 7], [9, 9, 9, 9], [-3, 5, 5, 5], [4, 4, 4, 4]], dtype="int32")
    ll, _ = H(*args)
    args[6] = mx.nd.array([3, 0, 0, 0])
    args[5] = mx.nd.zeros((4, 4), dtype="int32")
    ll3, _ = H(*args)
    np.testing.assert_array_equal(ll.asnumpy(), ll3.asnumpy())


@pytest.mark.parametrize("change,match", [
    # MXNet reads past the row (or the buffer) and out of the (N, K) arrays: mxnd raises
    ((6, lambda a: mx.nd.array([1, 2, 3, 4.5])), "past the 4 points"),
    ((6, lambda a: mx.nd.array([1, 2, 3, math.inf])), "past the 4 points"),
    ((5, lambda a: mx.nd.array([[0, 3, 0, 0]] * 4, dtype="int32")), r"outside \[0, 3\)"),
    ((5, lambda a: mx.nd.array([[-1, 0, 0, 0]] * 4, dtype="int32")), r"outside \[0, 3\)"),
    # MXNet runs the float formulas in integers
    ((None, lambda a: [x if i == 5 else x.astype("int32") for i, x in enumerate(a)]), "floating point"),
    ((5, lambda a: a[5].astype("float32")), "Type inconsistent, Provided = float32, inferred type = int32"),
    ((1, lambda a: a[1].astype("float64")), "Type inconsistent, Provided = float64, inferred type = float32"),
    ((1, lambda a: a[1][:2]), r"kAlpha\)\[0\] == K \(2 vs. 3\)"),
    ((3, lambda a: a[3].reshape((12,))), r"kState\).ndim\(\) == 2 \(1 vs. 2\)"),
    ((4, lambda a: a[4][:, :3]), r"kMarks\)\[1\] == T \(4 vs. 3\)"),
], ids=["length-past-T", "length-inf", "mark-past-K", "mark-negative", "integers", "float-marks",
        "alpha-dtype", "alpha-shape", "state-ndim", "lags-T"])
def test_errors(change, match):
    args = _example()
    before = [a.asnumpy().copy() for a in args]
    position, make = change
    call = make(args) if position is None else args[:position] + [make(args)] + args[position + 1:]
    with pytest.raises(MXNetError, match=match) as info:
        H(*call)[0].wait_to_read()
    assert "_contrib_hawkesll" in str(info.value)
    for a, b in zip(args, before):
        np.testing.assert_array_equal(a.asnumpy(), b)


def test_call_forms():
    args = _example()
    names = ["lda", "alpha", "beta", "state", "lags", "marks", "valid_length", "max_time"]
    out = H(**dict(zip(names, args)))
    assert isinstance(out, list) and len(out) == 2
    np.testing.assert_array_equal(out[0].asnumpy(), H(*args)[0].asnumpy())
    with pytest.raises(MXNetError, match="expects 8 inputs"):
        H(*args[:7])
    # hawkesll has no parameters: MXNet ignores unknown keywords, and so does mxnd
    np.testing.assert_array_equal(H(*args, foo=1)[0].asnumpy(), out[0].asnumpy())


def test_float16_and_float64_keep_their_dtype():
    args = _example()
    half = [a if i == 5 else a.astype("float16") for i, a in enumerate(args)]
    ll, state = H(*half)
    assert ll.dtype == np.float16 and state.dtype == np.float16
    np.testing.assert_allclose(ll.asnumpy(), [-649.79456, -649.57117, -649.38025, -649.1781], rtol=2e-3)
    wide = [a if i == 5 else a.astype("float64") for i, a in enumerate(args)]
    ll, state = H(*wide)
    assert ll.dtype == np.float64 and state.dtype == np.float64


def _random_process(rng, n, t, k, dtype):
    """Random inputs with fractional, empty and full lengths, and marks past valid_length that are out of range."""
    cast = lambda x: mx.nd.array(x, dtype=dtype)  # noqa: E731
    marks = rng.randint(0, k, (n, t))
    valid_length = rng.randint(0, t + 1, n) - rng.uniform(0, 0.9, n) * (rng.uniform(size=n) < 0.3)
    valid_length[0], valid_length[-1] = t, 0
    marks[np.arange(t)[None, :] >= np.ceil(valid_length)[:, None]] = k + 5
    lags = rng.exponential(0.5, (n, t))
    max_time = lags.sum(1) * rng.uniform(0.5, 1.5, n)
    return [cast(rng.uniform(0.2, 2, (n, k))), cast(rng.uniform(0.1, 0.9, k)), cast(rng.uniform(0.5, 3, k)),
            cast(rng.uniform(0, 2, (n, k))), cast(lags), mx.nd.array(marks, dtype="int32"), cast(valid_length),
            cast(max_time)]


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@pytest.mark.parametrize("shape", [(12, 40, 3), (5, 300, 2), (40, 6, 16)], ids=["balanced", "long", "short"])
def test_host_path_gives_the_bits_of_the_torch_path(shape, dtype, monkeypatch):
    """The host's chains (numpy) and the device-generic loop over the time steps (torch) agree bit for bit."""
    from mxnd.ndarray.ops import hawkes

    args = _random_process(np.random.RandomState(sum(shape)), *shape, dtype)
    head = mx.nd.array(np.arange(shape[0]) % 3 - 1.5, dtype=dtype)

    def run():
        for a in args[:3]:
            a.attach_grad()
        with mx.autograd.record():
            ll, state = H(*args)
        ll.backward(head)
        return [x.asnumpy() for x in (ll, state, args[0].grad, args[1].grad, args[2].grad)]

    host = run()
    monkeypatch.setattr(hawkes, "on_host", lambda tensor: False)
    generic = run()
    bits = {2: np.uint16, 4: np.uint32, 8: np.uint64}
    for a, b in zip(host, generic):
        np.testing.assert_array_equal(a.view(bits[a.itemsize]), b.view(bits[b.itemsize]))


def test_uneven_chains_take_the_torch_path():
    """One long chain among many short ones would pad the host's arrays: the torch loop runs instead."""
    from mxnd.ndarray.ops import hawkes

    args = _random_process(np.random.RandomState(3), 64, 200, 60, "float32")
    args[6] = mx.nd.array(np.full(64, 200.0))
    marks = np.random.RandomState(4).randint(0, 60, (64, 200))
    args[5] = mx.nd.array(marks, dtype="int32")
    assert isinstance(hawkes._HostRecursion.of([a._data for a in args]), hawkes._HostRecursion)
    marks[0] = 0
    args[5] = mx.nd.array(marks, dtype="int32")
    assert isinstance(hawkes._HostRecursion.of([a._data for a in args]), hawkes._Recursion)
