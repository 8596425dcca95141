"""Optimizer scenarios run under MXNet 1.9.1 (tests/optimizer/make_reference.py writes reference.json)
and under mxnd (test_optimizers.py): several update steps through an Updater on float32 or
float16 weights (with and without multi_precision), then the weights and every state array.
"""

P = ("rs = np.random.RandomState(5); "
     "mk = lambda *s, dtype='float32': mx.nd.array(rs.uniform(-1, 1, s), dtype=dtype); "
     "flat = lambda s: [a for x in (s if isinstance(s, (tuple, list)) else [s]) for a in flat_one(x)]; "
     "flat_one = lambda x: [] if x is None else (flat(x) if isinstance(x, (tuple, list)) else [x]); ")


def run(create, dtype="float32", steps=3, batched=True, names=False, extra=""):
    """Statements: an updater for ``create``, ``steps`` updates of two weights, result = weights + states."""
    idx2name = ", param_idx2name={0: 'fc_weight', 1: 'fc_bias'}" if names else ""
    create = create[:-1] + idx2name + ")"
    call = "u([0, 1], gs, ws)" if batched else "u(0, gs[0], ws[0]); u(1, gs[1], ws[1])"
    return (P + f"opt = {create}; {extra}u = mx.optimizer.get_updater(opt); "
            f"ws = [mk(3, 4, dtype='{dtype}'), mk(5, dtype='{dtype}')]\n"
            f"for step in range({steps}):\n"
            f"    gs = [mk(3, 4, dtype='{dtype}'), mk(5, dtype='{dtype}')]\n"
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
