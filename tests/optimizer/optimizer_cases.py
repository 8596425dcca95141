"""Optimizer scenarios run under MXNet 1.9.1 (tests/optimizer/make_reference.py writes reference.json)
and under mxnd (test_optimizers.py): several update steps through an Updater on float32 or
float16 weights (with and without multi_precision), then the weights and every state array.
"""

P = ("rs = np.random.RandomState(5); "
     "mk = lambda *s, dtype='float32': mx.nd.array(rs.uniform(-1, 1, s), dtype=dtype); "
     "flat = lambda s: [a for x in (s if isinstance(s, (tuple, list)) else [s]) for a in flat_one(x)]; "
     "flat_one = lambda x: [] if x is None else (flat(x) if isinstance(x, (tuple, list)) else [x]); ")


def run(create, dtype="float32", steps=3, batched=True, names=False, extra="", shapes=((3, 4), (5,)),
        sparse=False, direct=False):
    """Statements: ``steps`` updates of weights of ``shapes`` by ``create`` through an Updater (or,
    with ``direct``, its own create_state_multi_precision/update_multi_precision per index), with
    row_sparse gradients (some rows zero) when ``sparse``; result = weights + states."""
    idx2name = ", param_idx2name={0: 'fc_weight', 1: 'fc_bias'}" if names else ""
    create = create[:-1] + idx2name + ")"
    arrays = "[" + ", ".join(f"mk({', '.join(map(str, shape))}, dtype='{dtype}')" for shape in shapes) + "]"
    grads = arrays
    if sparse:
        extra += ("rsp = lambda g: (g * mx.nd.array(rs.uniform(-1, 1, (g.shape[0],) + (1,) * (g.ndim - 1)) > 0, "
                  "dtype=g.dtype)).tostype('row_sparse'); ")
        grads = "[rsp(g) for g in " + arrays + "]"
    if direct:
        return (P + f"opt = {create}; {extra}ws = {arrays}\n"
                "states = [opt.create_state_multi_precision(i, w) for i, w in enumerate(ws)]\n"
                f"for step in range({steps}):\n"
                f"    gs = {grads}\n"
                "    for i, (w, g) in enumerate(zip(ws, gs)):\n"
                "        opt.update_multi_precision(i, w, g, states[i])\n"
                "result = ws + [a for state in states for a in flat(state)]")
    indices = list(range(len(shapes)))
    call = f"u({indices}, gs, ws)" if batched else "; ".join(f"u({i}, gs[{i}], ws[{i}])" for i in indices)
    return (P + f"opt = {create}; {extra}u = mx.optimizer.get_updater(opt); "
            f"ws = {arrays}\n"
            f"for step in range({steps}):\n"
            f"    gs = {grads}\n"
            f"    {call}\n"
            "result = ws + [a for i in sorted(u.states) for a in flat(u.states[i])]")


C = "mx.optimizer.create"
CONFIGS = [
    f"{C}('sgd', learning_rate=0.1)",
    f"{C}('sgd', learning_rate=0.1, momentum=0.9, wd=0.01)",
    f"{C}('sgd', learning_rate=0.1, momentum=0.9, wd=0.01, rescale_grad=0.5, clip_gradient=0.3)",
    f"{C}('nag', learning_rate=0.1, momentum=0.9, wd=0.01)",
    f"{C}('nag', learning_rate=0.1, wd=0.01, clip_gradient=0.3)",
    f"{C}('signum', learning_rate=0.01, wd=0.01, wd_lh=0.02)",
    f"{C}('signum', learning_rate=0.01, momentum=0.0, wd=0.01)",
    f"{C}('adam', learning_rate=0.01, wd=0.01)",
    f"{C}('adam', learning_rate=0.01, beta1=0.8, rescale_grad=2.0, clip_gradient=0.5)",
    f"{C}('adagrad', learning_rate=0.1, wd=0.01)",
    f"{C}('adagrad', learning_rate=0.1, rescale_grad=0.5, clip_gradient=0.2)",
    f"{C}('rmsprop', learning_rate=0.01, wd=0.01)",
    f"{C}('rmsprop', learning_rate=0.01, centered=True, clip_weights=0.9, clip_gradient=0.5)",
    f"{C}('adadelta', wd=0.01)",
    f"{C}('adadelta', rho=0.8, rescale_grad=0.5, clip_gradient=0.3)",
    f"{C}('ftrl', learning_rate=0.1, lamda1=0.02, wd=0.01)",
    f"{C}('adamax', learning_rate=0.01, wd=0.01, clip_gradient=0.4)",
    f"{C}('nadam', learning_rate=0.01, wd=0.01)",
    f"{C}('ftml', learning_rate=0.1, wd=0.01, clip_gradient=0.4)",
    f"{C}('lamb', learning_rate=0.01, wd=0.01)",
    f"{C}('lamb', learning_rate=0.01, wd=0.01, lower_bound=0.1, upper_bound=1.5, bias_correction=False)",
    f"{C}('lars', learning_rate=0.1, momentum=0.9, wd=0.01, eta=0.01)",
    f"{C}('lars', learning_rate=0.1, wd=0.01, eta=0.01, eps=1e-6, rescale_grad=0.5)",
    f"{C}('dcasgd', learning_rate=0.1, momentum=0.9, wd=0.01)",
    f"{C}('test', rescale_grad=0.5)",
    f"{C}('lbsgd', learning_rate=0.1, momentum=0.9, wd=0.01, batch_scale=2, warmup_epochs=1, updates_per_epoch=4)",
    f"{C}('lbsgd', learning_rate=0.1, warmup_strategy='sqrt', warmup_epochs=1, updates_per_epoch=8)",
    f"{C}('lbsgd', learning_rate=0.1, momentum=0.9, warmup_strategy='lars', batch_scale=2)",
]
CASES = [run(c) for c in CONFIGS]
CASES += [P + "opt = mx.optimizer.create('groupadagrad', learning_rate=0.1, clip_gradient=0.5); "
          "u = mx.optimizer.get_updater(opt); ws = [mk(3, 4), mk(2, 5)]\n"
          "for step in range(3):\n    u([0, 1], [mk(3, 4), mk(2, 5)], ws)\n"
          "result = ws + [u.states[0], u.states[1]]"]
CASES += [run(c, steps=4) for c in CONFIGS if "'lbsgd'" in c]
CASES += [run(c, batched=False) for c in CONFIGS if "'sgd'" in c or "'lamb'" in c or "'lars'" in c]
CASES += [run(c, names=True) for c in CONFIGS[:3] + CONFIGS[19:22]]
# float16 weights: with multi_precision (float32 master copies), and without
MP = [f"{C}('sgd', learning_rate=0.1, momentum=0.9, wd=0.01, multi_precision=True)",
      f"{C}('sgd', learning_rate=0.1, wd=0.01, multi_precision=True)",
      f"{C}('nag', learning_rate=0.1, momentum=0.9, wd=0.01, multi_precision=True)",
      f"{C}('adam', learning_rate=0.01, wd=0.01, multi_precision=True)",
      f"{C}('lamb', learning_rate=0.01, wd=0.01, multi_precision=True)",
      f"{C}('lars', learning_rate=0.1, momentum=0.9, wd=0.01, eta=0.01, multi_precision=True)",
      f"{C}('sgd', learning_rate=0.1, momentum=0.9, wd=0.01)"]
CASES += [run(c, dtype="float16") for c in MP]
CASES += [run(MP[0], dtype="float16", batched=False), run(MP[4], dtype="float16", batched=False)]
# learning-rate and weight-decay multipliers, a scheduler, begin_num_update
CASES += [
    run(f"{C}('sgd', learning_rate=0.1, momentum=0.9, wd=0.01)", extra="opt.set_lr_mult({0: 0.5}); opt.set_wd_mult({1: 2.0}); "),
    run(f"{C}('adam', learning_rate=0.01, wd=0.1)", names=True, extra="opt.set_wd_mult({'fc_bias': 0.5}); "),
    run(f"{C}('adam', learning_rate=0.01, begin_num_update=5)"),
    run(f"{C}('sgd', lr_scheduler=mx.lr_scheduler.FactorScheduler(step=1, factor=0.5, base_lr=0.2))", steps=4),
    P + "opt = mx.optimizer.create('sgd', learning_rate=0.1); u = mx.optimizer.get_updater(opt)\n"
    "w = mk(3)\nfor step in range(3):\n    u(0, mk(3), w)\nresult = (opt.num_update, opt._index_update_count, opt.learning_rate, w)",
    "opt = mx.optimizer.create('adam'); result = (type(opt).__name__, opt.lr, opt.beta1, opt.aggregate_num, opt.wd, opt.rescale_grad, opt.clip_gradient)",
    "opt = mx.optimizer.create('SGD'); result = (type(opt).__name__, opt.lr, opt.momentum, opt.aggregate_num)",
    "opt = mx.optimizer.create('ftrl'); result = (opt.lr, opt.lamda1, opt.beta)",
    "opt = mx.optimizer.create('lamb'); result = (opt.lr, opt.epsilon, opt.aggregate_num)",
    "mx.optimizer.create('nosuch')",
    "opt = mx.optimizer.SGD(param_idx2name={0: 'a_weight', 1: 'a_bias', 2: 'bn_gamma'}, wd=0.1); "
    "result = (opt.wd_mult, opt._get_wds([0, 1, 2]), opt._get_lrs([0, 1]))",
    "opt = mx.optimizer.LARS(param_idx2name={0: 'a_weight', 1: 'a_bias', 2: 'bn_gamma'}, wd=0.1); result = opt.wd_mult",
    "opt = mx.optimizer.SGD(lr_scheduler=mx.lr_scheduler.FactorScheduler(step=1)); opt.set_learning_rate(0.1)",
]
# found by differential fuzzing (tools/fuzz_mxnet/generators/optimizers.py), each fixed in mxnd:
CASES += [
    # float64 LAMB: _multi_lamb_update's variance (written over by sqrt without bias correction),
    # the weights' double sum of squares, lr * trust ratio in double
    run(f"{C}('lamb', learning_rate=0.01, wd=0.01, bias_correction=False)", dtype="float64"),
    run(f"{C}('lamb', learning_rate=0.5, wd=0.01)", dtype="float64", steps=4),
    # float16 LAMB without multi_precision: the kernel's half_t arithmetic
    run(f"{C}('lamb', learning_rate=0.05, wd=0.1, epsilon=0.01)", dtype="float16"),
    # mp_lamb_update_phase1 rounds rescale_grad * grad to float16
    run(f"{C}('lamb', learning_rate=0.01, rescale_grad=1 / 3, multi_precision=True)", dtype="float16", direct=True),
    # FTML's epsilon is a double parameter
    run(f"{C}('ftml', learning_rate=0.5, wd=0.01, rescale_grad=0.5)", dtype="float64"),
    run(f"{C}('ftml', learning_rate=0.1, epsilon=0.01)", dtype="float64", batched=False),
    # adam with row_sparse gradients: the standard update's and the clipped lazy update's variance
    run(f"{C}('adam', learning_rate=0.1, wd=0.1, lazy_update=False)", sparse=True, shapes=((6, 3), (5,))),
    run(f"{C}('adam', learning_rate=0.1, rescale_grad=0.5, clip_gradient=0.3)", sparse=True, shapes=((6, 3), (5,))),
    run(f"{C}('adam', learning_rate=0.1, clip_gradient=0.3, lazy_update=False)", sparse=True, shapes=((6, 3),)),
    # row_sparse AdaGrad / GroupAdaGrad: a sequential row sum, the kernel's scalars in the weight's dtype
    run(f"{C}('groupadagrad', learning_rate=0.1, rescale_grad=0.37)", sparse=True, shapes=((6, 37), (4, 5))),
    # (float16 weights: MXNet's float32 history fails the update's type check)
    run(f"{C}('groupadagrad', learning_rate=0.1, rescale_grad=0.37)", sparse=True, shapes=((6, 37),), dtype="float16"),
    run(f"{C}('adagrad', learning_rate=0.1, rescale_grad=0.37, clip_gradient=0.3)", sparse=True,
        shapes=((6, 37),), dtype="float16"),
    P + "w = mk(6, 37, dtype='float16'); h = mx.nd.zeros((6, 1), dtype='float16')\n"
    "for step in range(3):\n"
    "    g = (mk(6, 37, dtype='float16') * (mk(6, 1, dtype='float16') > 0)).tostype('row_sparse')\n"
    "    mx.nd.contrib.group_adagrad_update(w, g, h, out=w, lr=0.0123, rescale_grad=0.37, epsilon=0.01)\n"
    "result = (w, h)",
    P + "w = mk(6, 37, dtype='float16'); h = mx.nd.zeros((6, 37), dtype='float16')\n"
    "for step in range(3):\n"
    "    g = (mk(6, 37, dtype='float16') * (mk(6, 1, dtype='float16') > 0)).tostype('row_sparse')\n"
    "    mx.nd.sparse.adagrad_update(w, g, h, out=w, lr=0.0123, rescale_grad=0.37, clip_gradient=0.3)\n"
    "result = (w, h)",
    # LARS: lr * wd of the preloaded kernel is a float product; float32 norms summed in order
    run(f"{C}('lars', learning_rate=0.1, momentum=0.9, wd=0.0371, eta=0.01)", dtype="float64"),
    run(f"{C}('lars', learning_rate=0.1, momentum=0.9, wd=0.01, eta=0.01)", shapes=((20, 30), (200,))),
    # LBSGD's LARS multiplier in double (numpy 1.x promotes a float32 norm times a float)
    run(f"{C}('lbsgd', learning_rate=0.5, clip_gradient=10, warmup_strategy='lars', warmup_epochs=0, "
        f"batch_scale=3, begin_epoch=1)", batched=False, steps=4),
    # row_sparse RowSparseNDArray in-place arithmetic (LARS scales a row_sparse gradient with *=)
    "v = mx.nd.array([[1, 2], [0, 0], [3, 4]]).tostype('row_sparse'); v *= 0.5; v += v; "
    "v -= mx.nd.ones((3, 2)).tostype('row_sparse'); v /= 2; result = (v.stype, v)",
    "result = mx.optimizer.NDabs(mx.nd.array([-1.5, 2.]))",
    # row_sparse weights with optimizers without a sparse kernel: MXNet's storage fallback (dense
    # update, the weight and the states updated in place written back in their storage)
    run(f"{C}('lamb', learning_rate=0.1, wd=0.1)", sparse=True, shapes=((6, 3), (5,)),
        extra="mk0 = mk; mk = lambda *s, dtype='float32': mk0(*s, dtype=dtype).tostype('row_sparse'); "),
    run(f"{C}('rmsprop', learning_rate=0.1, centered=True)", shapes=((6, 3),),
        extra="mk0 = mk; mk = lambda *s, dtype='float32': mk0(*s, dtype=dtype).tostype('row_sparse'); "),
    run(f"{C}('ftml', learning_rate=0.1)", shapes=((6, 3),),
        extra="mk0 = mk; mk = lambda *s, dtype='float32': mk0(*s, dtype=dtype).tostype('row_sparse'); "),
    run(f"{C}('nag', learning_rate=0.1, momentum=0.9, wd=0.1, clip_gradient=0.05)", sparse=True, shapes=((4, 1), (5,)),
        extra="mk0 = mk; mk = lambda *s, dtype='float32': mk0(*s, dtype=dtype).tostype('row_sparse'); "),
    # nag_mom_update into another output reads the old weight for the momentum (in place, the new one)
    P + "w, m, g = mk(4, 3), mk(4, 3), mk(4, 3); r = mx.nd.nag_mom_update(w, g, m, lr=0.1, momentum=0.9, wd=0.1); "
    "result = (r, m, w)",
    # float16 LARS without multi_precision: the preloaded kernel's float lr times the float16 rescale_grad
    run(f"{C}('lars', learning_rate=0.1, momentum=0.9, wd=0.01, rescale_grad=2.0, eta=0.001)", dtype="float16"),
    P + "out = []\n"
    "for dtype in ('float64', 'float32', 'float16'):\n"
    "    for clip in (-1.0, 0.2):\n"
    "        w, g, m = mk(50, dtype=dtype), mk(50, dtype=dtype), mk(50, dtype=dtype)\n"
    "        mx.nd.preloaded_multi_sgd_mom_update(w, g, m, mx.nd.array([0.0123]), mx.nd.array([0.0371]), out=[w], "
    "num_weights=1, momentum=0.9, rescale_grad=0.37, clip_gradient=clip)\n"
    "        out += [w, m]\n"
    "result = out",
]
