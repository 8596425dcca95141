"""Cases of the hawkes family: contrib.hawkesll (forward, and MXNet's backward for lda, alpha, beta).

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into hawkes.json. Values are recorded unrounded: mxnd follows MXNet's
float arithmetic (expf/logf in single precision, sums in order), so they compare bit-exactly.
Never put a case here that makes MXNet read out of bounds (a valid_length past T, a valid mark
outside [0, K)).
"""

# the example of MXNet's docstring (N = 4 samples, T = 4 points, K = 3 marks)
EX = ("N, T, K = 4, 4, 3; "
      "lda = mx.nd.array([1.5, 2.0, 3.0]).tile((N, 1)); alpha = mx.nd.array([0.2, 0.3, 0.4]); "
      "beta = mx.nd.array([1.0, 2.0, 3.0]); "
      "ia_times = mx.nd.array([[6, 7, 8, 9], [1, 2, 3, 4], [3, 4, 5, 6], [8, 9, 10, 11]]); "
      "marks = mx.nd.zeros((N, T)).astype(np.int32); states = mx.nd.zeros((N, K)); "
      "valid_length = mx.nd.array([1, 2, 3, 4]); max_time = mx.nd.ones((N,)) * 100.0\n")
# random processes: 6 samples, 8 points, 4 marks; lengths 0, 2.5 (3 points), 8, 5, 1, -1 (none)
D = ("rng = np.random.RandomState(0); "
     "mu = mx.nd.array(rng.uniform(0.2, 2, (6, 4))); al = mx.nd.array(rng.uniform(0.1, 0.9, (4,))); "
     "be = mx.nd.array(rng.uniform(0.5, 3, (4,))); st = mx.nd.array(rng.uniform(0, 2, (6, 4))); "
     "lg = mx.nd.array(rng.exponential(0.7, (6, 8))); "
     "mk = mx.nd.array(rng.randint(0, 4, (6, 8)), dtype='int32'); "
     "vl = mx.nd.array([0, 2.5, 8, 5, 1, -1]); mt = mx.nd.array([3, 4, 9, 6, 2, 1.5])\n")
H = "mx.nd.contrib.hawkesll"
OUTS = "result = (ll, s)"
# G.format(prefix, cast, arguments): outputs and the gradients of sum(ll * head) for lda, alpha, beta
G = ("{}{}"
     "for a in (mu, al, be): a.attach_grad()\n"
     "with mx.autograd.record():\n"
     f"    ll, s = {H}(mu, al, be, st, lg, mk, vl, mt)\n"
     "ll.backward(mx.nd.array(np.arange(ll.size) % 3 - 1.5, dtype=ll.dtype))\n"
     "result = (ll, s, mu.grad, al.grad, be.grad)")
F64 = ("mu, al, be, st, lg, vl, mt = (a.astype('float64') for a in (mu, al, be, st, lg, vl, mt))\n")
E = "{}try:\n    {}\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"
EX_AS_D = "mu, al, be, st, lg, mk, vl, mt = lda, alpha, beta, states, ia_times, marks, valid_length, max_time\n"

CASES = [
    EX + f"A = {H}(lda, alpha, beta, states, ia_times, marks, valid_length, max_time); result = A",
    EX + f"A = {H}(lda=lda, alpha=alpha, beta=beta, state=states, lags=ia_times, marks=marks, "
         "valid_length=valid_length, max_time=max_time); result = (type(A).__name__, len(A), A[0], A[1])",
    G.format(EX, EX_AS_D),
    G.format(D, ""),
    G.format(D, F64),
    # marks past valid_length are never read
    D + "m = mk.asnumpy(); m[np.arange(8)[None, :] >= np.array([0, 3, 8, 5, 1, 0])[:, None]] = 99; "
        f"ll, s = {H}(mu, al, be, st, lg, mx.nd.array(m, dtype='int32'), vl, mt); " + OUTS,
    # points past max_time: the remaining compensator is negative and the state grows
    D + f"ll, s = {H}(mu, al, be, st, lg, mk, vl, mt * 0.1); " + OUTS,
    D + f"ll, s = {H}(mu, al, be, st, lg, mk, mx.nd.array([8, 8, 8, 8, 8, 8]), mt * 3); " + OUTS,
    D + f"ll, s = {H}(mu, al, be, st, mx.nd.array(np.zeros((6, 0))), "
        "mx.nd.array(np.zeros((6, 0)), dtype='int32'), vl * 0, mt); " + OUTS,
    # zero background intensity with no memory: log(0)
    D + f"ll, s = {H}(mu * 0, al, be, st * 0, lg, mk, vl, mt); " + OUTS,
    # float16 runs in half precision in MXNet (float32 in mxnd): compared with the float32 result
    D + f"ll, s = {H}(*[a.astype('float16') for a in (mu, al, be, st, lg)], mk, vl.astype('float16'), "
        f"mt.astype('float16')); f, fs = {H}(mu, al, be, st, lg, mk, vl, mt); "
        "result = (np.dtype(ll.dtype).name, ll.shape, s.shape, "
        "bool(np.allclose(ll.asnumpy(), f.asnumpy(), rtol=0.01, atol=0.1)), "
        "bool(np.allclose(s.asnumpy(), fs.asnumpy(), rtol=0.01, atol=0.01)))",
    # the gradient of out_state is ignored; state gets a zero gradient
    D + "for a in (mu, al, be, st): a.attach_grad()\nwith mx.autograd.record():\n"
        f"    ll, s = {H}(mu, al, be, st, lg, mk, vl, mt)\n    z = (ll * 2).sum() + (s ** 2).sum()\n"
        "z.backward()\nresult = (mu.grad, al.grad, be.grad, st.grad)",
    D + "for a in (mu, al, be): a.attach_grad()\nwith mx.autograd.record():\n"
        f"    ll, s = {H}(mu, al, be, st, lg, mk, vl, mt)\n"
        "s.backward()\nresult = (mu.grad, al.grad, be.grad)",
    D + "mu.attach_grad()\nwith mx.autograd.record():\n"
        f"    ll, s = {H}(mu * 1.5, al, be, st, lg, mk, vl, mt)\n"
        "ll.backward()\nresult = mu.grad",
] + [E.format(D, c) for c in [
    # MXNet refuses a gradient through the data of the process
    f"lg.attach_grad()\n    with mx.autograd.record():\n        ll, s = {H}(mu, al, be, st, lg, mk, vl, mt)\n"
    "    ll.backward()\n    lg.grad.wait_to_read()",
    f"vl.attach_grad()\n    with mx.autograd.record():\n        ll, s = {H}(mu, al, be, st, lg, mk, vl, mt)\n"
    "    ll.backward()\n    vl.grad.wait_to_read()",
    f"mt.attach_grad()\n    with mx.autograd.record():\n        ll, s = {H}(mu, al, be, st, lg, mk, vl, mt)\n"
    "    ll.backward()\n    mt.grad.wait_to_read()",
    f"{H}(mu, al, be, st, lg, mk.astype('float32'), vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg, mk.astype('int64'), vl, mt)[0].wait_to_read()",
    f"{H}(mu, al.astype('float64'), be, st, lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg.astype('float64'), mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg, mk, vl.astype('int32'), mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg, mk, vl)[0].wait_to_read()",
    f"{H}(mu, al.reshape((1, 4)), be, st, lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu[0], al, be, st, lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al[:3], be, st, lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be[:3], st, lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st[:, :3], lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st[:5], lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg[:, :7], mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu[:5], al, be, st, lg, mk, vl, mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg, mk, vl[:5], mt)[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg, mk, vl, mt[:5])[0].wait_to_read()",
    f"{H}(mu, al, be, st, lg, mk, vl, mt.reshape((6, 1)))[0].wait_to_read()",
    f"{H}(mu[:0], al, be, st[:0], lg[:0], mk[:0], vl[:0], mt[:0])[0].wait_to_read()",
]]

# case -> why mxnd deliberately differs (tests/test_golden.py merges this table)
DELIBERATE = {}
