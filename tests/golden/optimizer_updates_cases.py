"""Cases of the optimizer update operators (src/mxnd/ndarray/ops/optimizer_updates.py), recorded from
MXNet 1.9.1 by tools/make_golden.py.

Each case runs several update steps with ``out=weight`` on the same numpy-generated data in both
libraries and returns the weight and every state array: values compare bit for bit.
"""

P = ("rs = np.random.RandomState(7); "
     "mk = lambda *s, dtype='float32', lo=-1.0: mx.nd.array(rs.uniform(lo, 1, s), dtype=dtype); "
     "pos = lambda *s: mk(*s, lo=0.0); ")


def steps(arrays, call, result, count=3, grad="g = mk(3, 4)", extra=""):
    """Statements: create ``arrays``, then ``count`` times draw a gradient and run ``call``."""
    return (P + extra + arrays + f"\nfor i in range({count}):\n    {grad}\n    {call}\nresult = {result}")


W = "w = mk(3, 4); "
CASES = []
# plain and momentum SGD, NAG, signSGD, signum: defaults, wd, rescale_grad, clip_gradient
for extra in ("", ", wd=0.01", ", wd=0.05, rescale_grad=0.5", ", wd=0.01, rescale_grad=2.0, clip_gradient=0.3"):
    CASES += [
        steps(W, f"mx.nd.sgd_update(w, g, lr=0.1{extra}, out=w)", "w"),
        steps(W + "m = mk(3, 4)", f"mx.nd.sgd_mom_update(w, g, m, lr=0.1, momentum=0.9{extra}, out=w)", "[w, m]"),
        steps(W + "m = mk(3, 4)", f"mx.nd.nag_mom_update(w, g, m, lr=0.1, momentum=0.9{extra}, out=w)", "[w, m]"),
        steps(W, f"mx.nd.signsgd_update(w, g, lr=0.1{extra}, out=w)", "w"),
        steps(W + "m = mk(3, 4)", f"mx.nd.signum_update(w, g, m, lr=0.1, momentum=0.9{extra}, wd_lh=0.02, out=w)", "[w, m]"),
        steps(W + "m, v = mk(3, 4), pos(3, 4)",
              f"mx.nd.adam_update(w, g, m, v, lr=0.01, beta1=0.8, beta2=0.99{extra}, out=w)", "[w, m, v]"),
        steps(W + "n = pos(3, 4)", f"mx.nd.rmsprop_update(w, g, n, lr=0.01{extra}, out=w)", "[w, n]"),
        steps(W + "n = pos(3, 4)", f"mx.nd.rmsprop_update(w, g, n, lr=0.3, gamma1=0.8, clip_weights=0.9{extra}, out=w)",
              "[w, n]"),
        steps(W + "n, gs, d = pos(3, 4) + 1, mk(3, 4) * 0.1, mk(3, 4)",
              f"mx.nd.rmspropalex_update(w, g, n, gs, d, lr=0.01{extra}, out=w)", "[w, n, gs, d]"),
        steps(W + "n, gs, d = pos(3, 4) + 1, mk(3, 4) * 0.1, mk(3, 4)",
              f"mx.nd.rmspropalex_update(w, g, n, gs, d, lr=0.5, gamma1=0.7, gamma2=0.5, clip_weights=0.8{extra}, out=w)",
              "[w, n, gs, d]"),
        steps(W + "z, n = mk(3, 4), pos(3, 4)", f"mx.nd.ftrl_update(w, g, z, n, lr=0.1, lamda1=0.05{extra}, out=w)",
              "[w, z, n]"),
        steps(W + "d, v, z = pos(3, 4), pos(3, 4), mk(3, 4); t = [0]",
              f"t[0] += 1; mx.nd.ftml_update(w, g, d, v, z, lr=0.1, t=t[0]{extra.replace('clip_gradient', 'clip_grad')}, out=w)",
              "[w, d, v, z]"),
        steps(W + "m, v = mk(3, 4), pos(3, 4)",
              f"mx.nd.lamb_update_phase1(w, g, m, v, t=i + 1{extra if 'wd' in extra else ', wd=0.0'}, out=g)",
              "[g, m, v]"),
    ]
# float64 (params are float32, arithmetic in double) and mixed precision (float16 weights)
D = "w = mk(3, 4, dtype='float64'); "
CASES += [
    steps(D, "mx.nd.sgd_update(w, g, lr=0.1, wd=0.01, out=w)", "w", grad="g = mk(3, 4, dtype='float64')"),
    steps(D + "m = mk(3, 4, dtype='float64')", "mx.nd.adam_update(w, g, m, abs(m), lr=0.1, wd=0.01, out=w)", "[w, m]",
          grad="g = mk(3, 4, dtype='float64')"),
]
H = "w32 = mk(3, 4); w = w32.astype('float16'); "
for extra in ("", ", wd=0.01, rescale_grad=0.5", ", wd=0.01, clip_gradient=0.3"):
    G16 = "g = mk(3, 4, dtype='float16')"
    CASES += [
        steps(H, f"mx.nd.mp_sgd_update(w, g, w32, lr=0.1{extra}, out=w)", "[w, w32]", grad=G16),
        steps(H + "m = mk(3, 4)", f"mx.nd.mp_sgd_mom_update(w, g, m, w32, lr=0.1, momentum=0.9{extra}, out=w)",
              "[w, m, w32]", grad=G16),
        steps(H + "m = mk(3, 4)", f"mx.nd.mp_nag_mom_update(w, g, m, w32, lr=0.1, momentum=0.9{extra}, out=w)",
              "[w, m, w32]", grad=G16),
        steps(H + "m, v = mk(3, 4), pos(3, 4)",
              f"mx.nd.contrib.mp_adamw_update(w, g, m, v, w32, 0.5, lr=0.01, eta=0.9{extra.replace(', rescale_grad=0.5', '')}, out=w)",
              "[w, m, v, w32]", grad=G16),
        steps(H + "m, v = mk(3, 4), pos(3, 4)",
              f"mx.nd.mp_lamb_update_phase1(w, g, m, v, w32, t=i + 1{extra if 'wd' in extra else ', wd=0.0'}, bias_correction=False)",
              "[m, v, w32]", grad=G16),
    ]
# adam_update on arrays large enough for mxnd's fused CPU path (src/mxnd/ndarray/ops/adam_step.py):
# whole and tailed sizes, float64, means in the subnormal range, zero and signed-zero gradients; the
# result is a digest of the raw bytes of weight, mean and variance (bit-exact, compact)
DIGEST = "hashlib.sha256(b''.join(a.asnumpy().tobytes() for a in (w, m, v))).hexdigest()"
BIG = "import hashlib; "
CASES += [
    steps(BIG + "w = mk(64, 64); m, v = mk(64, 64), pos(64, 64)",
          "mx.nd.adam_update(w, g, m, v, lr=0.01, wd=0.01, rescale_grad=0.5, clip_gradient=0.3, out=w)", DIGEST,
          grad="g = mk(64, 64)"),
    steps(BIG + "w = mk(67, 61); m, v = mk(67, 61) * 1e-37, pos(67, 61) * 1e-30; w[0, :3] = -0.0",
          "mx.nd.adam_update(w, g, m, v, lr=0.001, out=w)", DIGEST, count=4,
          grad="g = mk(67, 61) * (pos(67, 61) > 0.3); g[0, :2] = -0.0"),
    steps(BIG + "w = mk(64, 64, dtype='float64'); m, v = mk(64, 64, dtype='float64'), pos(64, 64).astype('float64')",
          "mx.nd.adam_update(w, g, m, v, lr=0.01, beta1=0.8, wd=0.01, out=w)", DIGEST,
          grad="g = mk(64, 64, dtype='float64')"),
]
# AdamW (contrib wrapper and the _internal operator with rescale_grad as an array)
for extra in ("", ", wd=0.01", ", wd=0.01, clip_gradient=0.2"):
    CASES += [
        steps(W + "m, v = mk(3, 4), pos(3, 4)", f"mx.nd.contrib.adamw_update(w, g, m, v, 0.7, lr=0.01, eta=0.5{extra}, out=w)",
              "[w, m, v, g]"),
        steps(W + "m, v = mk(3, 4), pos(3, 4)",
              f"mx.nd._internal._adamw_update(w, g, m, v, mx.nd.array([2.0]), lr=0.01, eta=0.5{extra}, out=w)",
              "[w, m, v, g]"),
    ]
CASES += [
    steps(W + "m, v = mk(3, 4), pos(3, 4)", "mx.nd.contrib.adamw_update(w, g, m, v, 0.0, lr=0.01, eta=0.5, out=w)",
          "[w, m, v, g]"),
    steps(W + "m, v = mk(3, 4), pos(3, 4)",
          "mx.nd.contrib.adamw_update(w, g, m, v, mx.nd.array([float('inf')]), lr=0.01, eta=0.5, out=w)", "[w, m, v, g]"),
    # LAMB phase 2 with and without bounds, and a zero r1
    P + "w, g = mk(3, 4), mk(3, 4); result = mx.nd.lamb_update_phase2(w, g, mx.nd.array([0.7]), mx.nd.array([1.3]), lr=0.1)",
    P + "w, g = mk(3, 4), mk(3, 4); result = mx.nd.lamb_update_phase2(w, g, mx.nd.array([0.7]), mx.nd.array([1.3]), lr=0.1, lower_bound=0.9)",
    P + "w, g = mk(3, 4), mk(3, 4); result = mx.nd.lamb_update_phase2(w, g, mx.nd.array([0.7]), mx.nd.array([1.3]), lr=0.1, upper_bound=0.5)",
    P + "w, g = mk(3, 4), mk(3, 4); result = mx.nd.lamb_update_phase2(w, g, mx.nd.array([0.0]), mx.nd.array([1.3]), lr=0.1)",
    P + "w32 = mk(3, 4); w = w32.astype('float16'); g = mk(3, 4); "
    "result = mx.nd.mp_lamb_update_phase2(w, g, mx.nd.array([0.7]), mx.nd.array([1.3]), w32, lr=0.1)",
    steps(W + "m, v = mk(3, 4), pos(3, 4)", "mx.nd.lamb_update_phase1(w, g, m, v, t=i + 1, wd=0.01, beta1=0.5, epsilon=1e-3)",
          "[m, v]"),
    # multi-tensor forms (all with out=, as MXNet requires)
    steps("a, b = mk(3, 4), mk(5,); ", "mx.nd.multi_sgd_update(a, g, b, h, lrs=(0.1, 0.2), wds=(0.01, 0.0), num_weights=2, out=[a, b])",
          "[a, b]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a, b = mk(3, 4), mk(5,); ", "mx.nd.multi_sgd_update(a, g, b, h, lrs=(0.1, 0.2), wds=(0.01, 0.0), rescale_grad=0.5, clip_gradient=0.2, num_weights=2, out=[a, b])",
          "[a, b]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a, b, ma, mb = mk(3, 4), mk(5,), mk(3, 4), mk(5,); ",
          "mx.nd.multi_sgd_mom_update(a, g, ma, b, h, mb, lrs=(0.1, 0.2), wds=(0.01, 0.02), momentum=0.9, num_weights=2, out=[a, b])",
          "[a, b, ma, mb]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a32, b32 = mk(3, 4), mk(5,); a, b = a32.astype('float16'), b32.astype('float16'); ",
          "mx.nd.multi_mp_sgd_update(a, g, a32, b, h, b32, lrs=(0.1, 0.2), wds=(0.01, 0.0), num_weights=2, out=[a, b])",
          "[a, b, a32, b32]", grad="g, h = mk(3, 4, dtype='float16'), mk(5, dtype='float16')"),
    steps("a32, b32 = mk(3, 4), mk(5,); a, b = a32.astype('float16'), b32.astype('float16'); ma, mb = mk(3, 4), mk(5,); ",
          "mx.nd.multi_mp_sgd_mom_update(a, g, ma, a32, b, h, mb, b32, lrs=(0.1, 0.2), wds=(0.01, 0.0), momentum=0.8, clip_gradient=0.3, num_weights=2, out=[a, b])",
          "[a, b, ma, mb, a32, b32]", grad="g, h = mk(3, 4, dtype='float16'), mk(5, dtype='float16')"),
    steps("a, b = mk(3, 4), mk(5,); lr, wd = mx.nd.array([0.1, 0.2]), mx.nd.array([0.01, 0.0]); ",
          "mx.nd.preloaded_multi_sgd_update(a, g, b, h, lr, wd, num_weights=2, out=[a, b])",
          "[a, b]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a, b, ma, mb = mk(3, 4), mk(5,), mk(3, 4), mk(5,); lr, wd = mx.nd.array([0.1, 0.2]), mx.nd.array([0.01, 0.0]); ",
          "mx.nd.preloaded_multi_sgd_mom_update(a, g, ma, b, h, mb, lr, wd, momentum=0.9, rescale_grad=0.5, num_weights=2, out=[a, b])",
          "[a, b, ma, mb]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a32, b32 = mk(3, 4), mk(5,); a, b = a32.astype('float16'), b32.astype('float16'); lr, wd = mx.nd.array([0.1, 0.2]), mx.nd.array([0.01, 0.0]); ",
          "mx.nd.preloaded_multi_mp_sgd_update(a, g, a32, b, h, b32, lr, wd, num_weights=2, out=[a, b])",
          "[a, b, a32, b32]", grad="g, h = mk(3, 4, dtype='float16'), mk(5, dtype='float16')"),
    steps("a32, b32 = mk(3, 4), mk(5,); a, b = a32.astype('float16'), b32.astype('float16'); ma, mb = mk(3, 4), mk(5,); lr, wd = mx.nd.array([0.1, 0.2]), mx.nd.array([0.01, 0.0]); ",
          "mx.nd.preloaded_multi_mp_sgd_mom_update(a, g, ma, a32, b, h, mb, b32, lr, wd, momentum=0.9, num_weights=2, out=[a, b])",
          "[a, b, ma, mb, a32, b32]", grad="g, h = mk(3, 4, dtype='float16'), mk(5, dtype='float16')"),
    steps("a, b, ma, mb, va, vb = mk(3, 4), mk(5,), mk(3, 4), mk(5,), pos(3, 4), pos(5,); ",
          "mx.nd._internal._multi_adamw_update(a, g, ma, va, b, h, mb, vb, mx.nd.array([0.5]), lrs=(0.01, 0.02), wds=(0.01, 0.0), etas=(1.0, 0.5), num_weights=2, out=[a, b])",
          "[a, b, ma, mb, va, vb]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a32, b32 = mk(3, 4), mk(5,); a, b = a32.astype('float16'), b32.astype('float16'); ma, mb, va, vb = mk(3, 4), mk(5,), pos(3, 4), pos(5,); ",
          "mx.nd._internal._multi_mp_adamw_update(a, g, ma, va, a32, b, h, mb, vb, b32, mx.nd.array([0.5]), lrs=(0.01, 0.02), wds=(0.01, 0.0), etas=(1.0, 0.5), clip_gradient=0.3, num_weights=2, out=[a, b])",
          "[a, b, ma, mb, va, vb, a32, b32]", grad="g, h = mk(3, 4, dtype='float16'), mk(5, dtype='float16')"),
    steps("a, b, ma, mb, va, vb = mk(3, 4), mk(5,), mk(3, 4), mk(5,), pos(3, 4), pos(5,); ",
          "mx.nd._internal._multi_lamb_update(a, g, ma, va, b, h, mb, vb, learning_rates=(0.01, 0.02), wds=(0.01, 0.0), step_count=(i + 1, i + 2), num_tensors=2, out=[a, b])",
          "[a, b, ma, mb, va, vb]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a32, b32 = mk(3, 4), mk(5,); a, b = a32.astype('float16'), b32.astype('float16'); ma, mb, va, vb = mk(3, 4), mk(5,), pos(3, 4), pos(5,); ",
          "mx.nd._internal._multi_mp_lamb_update(a, g, ma, va, a32, b, h, mb, vb, b32, learning_rates=(0.01, 0.02), wds=(0.01, 0.0), step_count=(i + 1, i + 1), lower_bound=0.1, upper_bound=2.0, bias_correction=False, num_tensors=2, out=[a, b])",
          "[a, b, ma, mb, va, vb, a32, b32]", grad="g, h = mk(3, 4, dtype='float16'), mk(5, dtype='float16')"),
    "mx.nd.multi_lars(mx.nd.array([0.1, 0.2, 0.3]), mx.nd.array([4.0, 0.0, 2.5]), mx.nd.array([1.5, 2.0, 0.0]), mx.nd.array([0.01, 0.0, 0.1]), eta=0.001, eps=1e-8)",
    "mx.nd.multi_lars(mx.nd.array([0.1, 0.2]), mx.nd.array([4.0, 9.0]), mx.nd.array([1.5, 2.0]), mx.nd.array([0.01, 0.3]), eta=0.5, eps=0.1, rescale_grad=0.25)",
    # float32 weights in the batched mp forms: the kernel steps the weight itself (its DType is the
    # MPDType) and leaves the float32 master copy as it was
    steps("a, b = mk(3, 4), mk(5,); a32, b32 = mk(3, 4), mk(5,); ",
          "mx.nd.multi_mp_sgd_update(a, g, a32, b, h, b32, lrs=(0.1, 0.2), wds=(0.01, 0.0), num_weights=2, out=[a, b])",
          "[a, b, a32, b32]", grad="g, h = mk(3, 4), mk(5,)"),
    steps("a, a32, ma = mk(3, 4), mk(3, 4), mk(3, 4); ",
          "mx.nd.multi_mp_sgd_mom_update(a, g, ma, a32, lrs=(0.1,), wds=(0.01,), momentum=0.9, num_weights=1, out=[a])",
          "[a, ma, a32]"),
    steps("a, a32, ma = mk(3, 4), mk(3, 4), mk(3, 4); lr, wd = mx.nd.array([0.1]), mx.nd.array([0.01]); ",
          "mx.nd.preloaded_multi_mp_sgd_mom_update(a, g, ma, a32, lr, wd, momentum=0.5, num_weights=1, out=[a])",
          "[a, ma, a32]"),
    steps("a, a32, ma, va = mk(3, 4), mk(3, 4), mk(3, 4), pos(3, 4); ",
          "mx.nd._internal._multi_mp_adamw_update(a, g, ma, va, a32, mx.nd.array([0.5]), lrs=(0.01,), wds=(0.01,), etas=(1.0,), num_weights=1, out=[a])",
          "[a, ma, va, a32]"),
    steps("a, a32, ma, va = mk(3, 4), mk(3, 4), mk(3, 4), pos(3, 4); ",
          "mx.nd._internal._multi_mp_lamb_update(a, g, ma, va, a32, learning_rates=(0.01,), wds=(0.01,), step_count=(i + 1,), num_tensors=1, out=[a])",
          "[a, ma, va, a32]"),
    # AdamW's 1 - beta is a float subtraction cast to the dtype (0.1 and 0.3 round in float32 and float16)
    steps("w = mk(3, 4, dtype='float16'); m, v = mk(3, 4, dtype='float16'), pos(3, 4).astype('float16'); ",
          "mx.nd._internal._adamw_update(w, g, m, v, mx.nd.array([0.5]), lr=0.5, eta=0.5, beta1=0.1, beta2=0.3, out=w)",
          "[w, m, v]", grad="g = mk(3, 4, dtype='float16')"),
    steps("w = mk(3, 4, dtype='float16'); m, v = mk(3, 4, dtype='float16'), pos(3, 4).astype('float16'); ",
          "mx.nd.contrib.adamw_update(w, g, m, v, 2.0, lr=0.1, eta=1.0, wd=0.01, out=w)",
          "[w, m, v]", grad="g = mk(3, 4, dtype='float16')"),
    steps("w = mk(3, 4, dtype='float64'); m, v = mk(3, 4, dtype='float64'), pos(3, 4).astype('float64'); ",
          "mx.nd.contrib.adamw_update(w, g, m, v, 0.5, lr=0.3, eta=0.7, beta1=0.3, beta2=0.1, wd=0.1, out=w)",
          "[w, m, v]", grad="g = mk(3, 4, dtype='float64')"),
    # type inference: _adamw_update's and _mp_adamw_update's rescale_grad array is float32,
    # _multi_adamw_update's has the weights' dtype, _multi_mp_adamw_update's is float32;
    # mp_lamb_update_phase1 takes float16 weights only
    "o = mx.nd.ones((2,), dtype='float16'); mx.nd._internal._adamw_update(o, o, o, o, o, lr=0.1, eta=1.0)",
    "o, f = mx.nd.ones((2,), dtype='float64'), mx.nd.ones((2,)); mx.nd._internal._mp_adamw_update(o, o, f, f, f, o, lr=0.1, eta=1.0)",
    "o, f = mx.nd.ones((2,), dtype='float16'), mx.nd.ones((2,)); mx.nd._internal._adamw_update(o, o, o, o, f, lr=0.1, eta=1.0, out=o)",
    "o, f = mx.nd.ones((2,), dtype='float64'), mx.nd.ones((2,)); mx.nd._internal._multi_adamw_update(o, o, o, o, f, lrs=(0.1,), wds=(0.0,), etas=(1.0,), out=[o])",
    "o = mx.nd.ones((2,), dtype='float16'); mx.nd.contrib.multi_adamw_update([o], [o], [o], [o], 1.0, [0.1], [0.0], [1.0], out=[o])",
    "o, f = mx.nd.ones((2,), dtype='float16'), mx.nd.ones((2,)); mx.nd._internal._multi_mp_adamw_update(o, o, f, f, f, o, lrs=(0.1,), wds=(0.0,), etas=(1.0,), out=[o])",
    "o, f = mx.nd.ones((2,), dtype='float64'), mx.nd.ones((2,)); mx.nd._internal._multi_mp_adamw_update(o, o, f, f, f, f, lrs=(0.1,), wds=(0.0,), etas=(1.0,), out=[o]); result = [o, f]",
    "f = mx.nd.ones((2,)); mx.nd.mp_lamb_update_phase1(f, f, f, f, f, t=1, wd=0.0)",
    "f = mx.nd.ones((2,)); h = f.astype('float16'); result = mx.nd.mp_lamb_update_phase1(h, h, f, f, f, t=1, wd=0.0)",
    # errors: shape and dtype mismatches leave the arrays intact, missing/inconsistent params
    "mx.nd.sgd_update(mx.nd.ones((2, 2)), mx.nd.ones((2,)), lr=0.1)",
    "mx.nd.sgd_mom_update(mx.nd.ones((2, 2)), mx.nd.ones((2, 2)), mx.nd.ones((3,)), lr=0.1)",
    "mx.nd.sgd_update(mx.nd.ones((2, 2)), mx.nd.ones((2, 2), dtype='float64'), lr=0.1)",
    "mx.nd.sgd_update(mx.nd.ones((2, 2)), mx.nd.ones((2, 2)))",
    "mx.nd.mp_sgd_update(mx.nd.ones((2, 2), dtype='float16'), mx.nd.ones((2, 2), dtype='float16'), mx.nd.ones((2, 2), dtype='float16'), lr=0.1)",
    "mx.nd.adam_update(mx.nd.ones((2,)), mx.nd.ones((2,)), mx.nd.ones((2,)), mx.nd.ones((2,)), lr=0.1, beta1='x')",
    "a = mx.nd.ones((2,)); mx.nd.multi_sgd_update(a, a, lrs=(0.1, 0.1), wds=(0.0,), num_weights=1, out=[a])",
    "a = mx.nd.ones((2,)); mx.nd.multi_sgd_update(a, a, a, lrs=(0.1,), wds=(0.0,), num_weights=1, out=[a])",
    "mx.nd.ftml_update(*[mx.nd.ones((2,))] * 5, lr=0.1)",
    "m = mx.nd.ones((2, 2)); \ntry:\n    mx.nd.sgd_mom_update(mx.nd.ones((2, 2)), mx.nd.ones((2,)), m, lr=0.1, momentum=0.9)\nexcept Exception:\n    pass\nresult = m",
    # return values and dtypes
    "w = mx.nd.array([1., 2.]); r = mx.nd.sgd_update(w, mx.nd.array([1., 1.]), lr=0.5); result = [r, w]",
    "w = mx.nd.array([1., 2.], dtype='float16'); r = mx.nd.sgd_update(w, mx.nd.array([1., 1.], dtype='float16'), lr=0.5, out=w); result = (r is w, w)",
    "w = mx.nd.array([1., 2.]); mx.nd.sgd_update(w, mx.nd.array([1., 1.]), 0.5, 0.1, 1.0, -1.0, True, w); result = w",
    # no weight decay: the new weight is w - lr*g in place, special values and signed zeros kept
    "w = mx.nd.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-45, -1e-45, 3.0]); "
    "g = mx.nd.array([1.0, 1.0, 1.0, 0.0, -0.0, 0.0, -0.0, -0.0]); "
    "mx.nd.sgd_update(w, g, lr=0.1, out=w); result = w",
    "w = mx.nd.array([np.nan, np.inf, -0.0, 0.0, 1e-300, 3.0], dtype='float64'); "
    "g = mx.nd.array([1.0, 1.0, 0.0, -0.0, 1e-300, 2.0], dtype='float64'); "
    "mx.nd.sgd_update(w, g, lr=0.5, out=w); result = w",
]
