"""Optimizers of mx.optimizer with random hyper-parameters, run for a few steps through an Updater
(one index per call or lists of indices) or directly (create_state / update /
update_multi_precision), on float32/float64/float16 weights, dense or row_sparse gradients, with
lr/wd multipliers, names, begin_num_update and lr schedulers; the result is the weights, every
state array and the update counts (SGLD: shapes and dtypes only). Plus API and error cases.
Run with --numeric (rtol 1e-4), or without it to look for bit differences.

Usage: python optimizers.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))

P = ("rs = np.random.RandomState(SEED);; "
     "mk = lambda *s, dtype='float32': mx.nd.array(rs.uniform(-1, 1, s), dtype=dtype);; "
     "flat = lambda s: [a for x in (s if isinstance(s, (tuple, list)) else [s]) for a in flat_one(x)];; "
     "flat_one = lambda x: [] if x is None else (flat(x) if isinstance(x, (tuple, list)) else [x]);; ")

COMMON = {"learning_rate": [0.1, 0.01, 0.5, 1.0, 0.0, None], "wd": [0.0, 0.01, 0.1, 1.0],
          "rescale_grad": [1.0, 0.5, 2.0, 1 / 3], "clip_gradient": [None, 0.3, 1.0, 0.05, -1.0, 0.0, 10]}
SPECIFIC = {
    "sgd": {"momentum": [0.0, 0.9, 0.5], "lazy_update": [True, False]},
    "ccsgd": {"momentum": [0.0, 0.9]},
    "nag": {"momentum": [0.0, 0.9, 0.5]},
    "signum": {"momentum": [0.0, 0.9, 0.5], "wd_lh": [0.0, 0.02]},
    "adam": {"beta1": [0.9, 0.5, 0.0], "beta2": [0.999, 0.9], "epsilon": [1e-8, 1e-3, 0.1], "lazy_update": [True, False]},
    "adagrad": {"eps": [1e-7, 1e-3, 0.5]},
    "groupadagrad": {"eps": [1e-5, 1e-2]},
    "rmsprop": {"gamma1": [0.9, 0.5], "gamma2": [0.9, 0.7], "epsilon": [1e-8, 1e-2], "centered": [False, True],
                "clip_weights": [None, 0.9, 0.2, -1.0]},
    "adadelta": {"rho": [0.9, 0.5], "epsilon": [1e-5, 1e-2]},
    "ftrl": {"lamda1": [0.01, 0.0, 0.2], "beta": [1, 0.5, 2.0]},
    "ftml": {"beta1": [0.6, 0.9], "beta2": [0.999, 0.9], "epsilon": [1e-8, 1e-2]},
    "adamax": {"beta1": [0.9, 0.5], "beta2": [0.999, 0.9]},
    "nadam": {"beta1": [0.9, 0.5], "beta2": [0.999, 0.9], "epsilon": [1e-8, 1e-2], "schedule_decay": [0.004, 0.1]},
    "dcasgd": {"momentum": [0.0, 0.9], "lamda": [0.04, 0.5]},
    "lbsgd": {"momentum": [0.0, 0.9], "warmup_strategy": ["linear", "power2", "sqrt", "lars", "other"],
              "warmup_epochs": [0, 1, 2, 5], "batch_scale": [1, 2, 3], "updates_per_epoch": [1, 2, 4, 32],
              "begin_epoch": [0, 1]},
    "lars": {"momentum": [0.0, 0.9], "eta": [0.001, 0.01, 0.5], "eps": [0, 1e-6], "momentum_correction": [True, False],
             "lazy_update": [True, False]},
    "lamb": {"beta1": [0.9, 0.5], "beta2": [0.999, 0.9], "epsilon": [1e-6, 1e-2], "lower_bound": [None, 0.1, 1e-3],
             "upper_bound": [None, 1.5, 10.0], "bias_correction": [True, False]},
    "sgld": {}, "test": {},
}
SPARSE_OK = ["sgd", "adam", "adagrad", "ftrl", "groupadagrad", "signum", "rmsprop", "lars", "nag", "ccsgd", "lamb"]
SCHEDULERS = ["mx.lr_scheduler.FactorScheduler(step=1, factor=0.5, base_lr=0.2)",
              "mx.lr_scheduler.MultiFactorScheduler(step=[1, 3], factor=0.1, base_lr=0.3)",
              "mx.lr_scheduler.PolyScheduler(max_update=4, base_lr=0.1, warmup_steps=1)",
              "mx.lr_scheduler.CosineScheduler(max_update=5, base_lr=0.05, final_lr=0.01)"]


def hyper(name):
    """Random keyword arguments for ``name`` (a few of the common ones, a few of its own)."""
    kw = {}
    for key, values in list(COMMON.items()) + list(SPECIFIC[name].items()):
        if random.random() < 0.5:
            kw[key] = random.choice(values)
    if name == "groupadagrad":
        kw["wd"] = 0.0
    if random.random() < 0.15:
        kw["lr_scheduler"] = random.choice(SCHEDULERS)
        if random.random() < 0.6:
            kw.pop("learning_rate", None)
    if random.random() < 0.15:
        kw["begin_num_update"] = random.choice([1, 5, 10])
    return kw


def fmt(kw):
    return ", ".join(f"{k}={v if k == 'lr_scheduler' else repr(v)}" for k, v in kw.items())


def shapes(name):
    if name == "groupadagrad":
        return [(3, 4), (2, 5)][:random.randint(1, 2)]
    pool = [(3, 4), (5,), (2, 3, 2), (4, 1), (1,), (6, 2)]
    return random.sample(pool, random.randint(1, 3))


def scenario():
    """Statements running random optimizer steps; R = weights + states + counts."""
    name = random.choice(list(SPECIFIC))
    kw = hyper(name)
    dtype = random.choice(["float32"] * 5 + ["float64", "float16", "float16"])
    if dtype == "float16" and random.random() < 0.7:
        kw["multi_precision"] = True
    shp = shapes(name)
    sparse = name in SPARSE_OK and random.random() < 0.3 and all(len(s) >= 1 for s in shp)
    names = random.random() < 0.3
    if names:
        pool = ["fc_weight", "fc_bias", "bn_gamma", "bn_beta", "emb", "conv0_weight"]
        kw["param_idx2name"] = {i: random.choice(pool) for i in range(len(shp))}
    pre = ""
    if random.random() < 0.3:
        lm = {i: random.choice([0.5, 2.0, 0.0]) for i in range(len(shp)) if random.random() < 0.6}
        wm = {i: random.choice([0.5, 2.0, 0.0]) for i in range(len(shp)) if random.random() < 0.6}
        if names and random.random() < 0.5:
            lm = {kw["param_idx2name"][i]: v for i, v in lm.items()}
        pre = f"opt.set_lr_mult({lm});; opt.set_wd_mult({wm});; "
    steps = random.randint(1, 4)
    mode = random.choice(["single", "list", "list", "direct", "direct_mp"])
    idx = list(range(len(shp)))
    if random.random() < 0.2:
        idx = [random.choice([3, 7, 11]) + i for i in idx]
    grad = "mk(*s, dtype=DT)"
    if sparse:
        grad = "(mk(*s, dtype=DT) * (mk(s[0], *[1] * (len(s) - 1)) > 0)).tostype(\"row_sparse\")"
    lines = [P.replace("SEED", str(random.randint(0, 99))) + f"opt = mx.optimizer.create({name!r}, {fmt(kw)});; " + pre,
             f"DT = {dtype!r};; SH = {shp};; IDX = {idx};; ws = [mk(*s, dtype=DT) for s in SH];; "]
    if sparse and random.random() < 0.3:  # row_sparse weights too (their states follow)
        lines.append("ws = [w.tostype('row_sparse') for w in ws];; ")
    if mode in ("single", "list"):
        call = "u(IDX, gs, ws)" if mode == "list" else "[u(i, g, w) for i, g, w in zip(IDX, gs, ws)]"
        lines.append("u = mx.optimizer.get_updater(opt);; ")
        if random.random() < 0.2:
            lines.append(f"exec('for step in range({steps}):\\n    gs = [{grad} for s in SH]\\n    {call}');; "
                         "u.set_states(u.get_states(dump_optimizer=True));; opt = u.optimizer;; ")
        lines.append(f"exec('for step in range({steps}):\\n    gs = [{grad} for s in SH]\\n    {call}');; "
                     "st = [u.states[i] for i in IDX];; ")
    else:
        method = "update_multi_precision" if mode == "direct_mp" else "update"
        create = "create_state_multi_precision" if mode == "direct_mp" else "create_state"
        lines.append(f"st = [opt.{create}(i, w) for i, w in zip(IDX, ws)];; "
                     f"exec('for step in range({steps}):\\n    gs = [{grad} for s in SH]\\n"
                     f"    [opt.{method}(i, w, g, t) for i, w, g, t in zip(IDX, ws, gs, st)]');; ")
    arrays = "ws + flat(st)"
    if name == "sgld":
        arrays = "[(a.asnumpy().shape, str(a.dtype), a.stype) for a in ws + flat(st)]"
    lines.append(f"R = {arrays} + [opt.num_update, sorted(opt._index_update_count.items()), "
                 "[None if x is None else float(x) for x in [opt.learning_rate]]]")
    return "!" + "".join(lines)


API = [
    "mx.optimizer.create('nosuch')",
    "mx.optimizer.create('SGD', momentum=0.9).momentum",
    "mx.optimizer.create('sgd', bogus=1)",
    "mx.optimizer.create('adam', lr=0.1)",
    "mx.optimizer.Optimizer.create_optimizer('Adam', learning_rate=0.3).lr",
    "mx.optimizer.Optimizer.create_optimizer('nope')",
    "!opt = mx.optimizer.create('sgd', lr_scheduler=mx.lr_scheduler.FactorScheduler(step=2));; opt.set_learning_rate(0.3)",
    "!opt = mx.optimizer.create('sgd', learning_rate=0.5, lr_scheduler=mx.lr_scheduler.FactorScheduler(step=2));; R = [opt.lr, opt.lr_scheduler.base_lr, opt.learning_rate]",
    "!opt = mx.optimizer.create('sgd');; opt.set_learning_rate(0.3);; R = [opt.lr, opt.learning_rate]",
    "!opt = mx.optimizer.create('adam');; R = sorted((k, repr(v)) for k, v in vars(opt).items())",
    "!opt = mx.optimizer.create('sgd', param_idx2name={0: 'a_weight', 1: 'b_bias'}, wd=0.5);; R = [opt._get_wd(0), opt._get_wd(1), opt._get_lr(1), opt.wd_mult, opt.lr_mult]",
    "!opt = mx.optimizer.create('sgd', param_idx2name=[1]);; R = 1",
    "!opt = mx.optimizer.create('sgd');; opt.set_lr_scale({0: 0.5})",
    "!opt = mx.optimizer.create('sgd');; R = [opt.num_update, opt.begin_num_update, opt._index_update_count, opt.aggregate_num, opt.multi_precision]",
    "!opt = mx.optimizer.create('lamb');; R = [opt.aggregate_num]",
    "!opt = mx.optimizer.create('lars');; R = [opt.aggregate_num, opt.wd_mult]",
    "!opt = mx.optimizer.create('sgd', begin_num_update=3);; opt._update_count(0);; opt._update_count([0, 1]);; R = [opt.num_update, opt._index_update_count]",
    "!opt = mx.optimizer.create('sgd');; opt._set_current_context(1);; opt._update_count(2);; R = [opt._all_index_update_counts, opt.num_update]",
    "!opt = mx.optimizer.create('test');; w = mx.nd.ones((2,));; s = opt.create_state(0, w);; opt.update(0, w, mx.nd.ones((2,)), s);; R = [w, s]",
    "!opt = mx.optimizer.create('sgd', momentum=0.9);; u = mx.optimizer.get_updater(opt);; w = mx.nd.ones((2,));; u(b'x', mx.nd.ones((2,)), w);; R = [sorted(u.states), w]",
    "!opt = mx.optimizer.create('sgd', momentum=0.9);; u = mx.optimizer.get_updater(opt);; w = mx.nd.ones((2,));; u(0, mx.nd.ones((2,)), w);; u.set_states(u.get_states());; R = [u.states_synced, u.states[0]]",
    "!opt = mx.optimizer.create('adam');; R = opt.create_state(0, mx.nd.ones((2,), dtype='float16'))",
    "!opt = mx.optimizer.create('sgd', momentum=0.9);; R = opt.create_state(0, mx.nd.ones((2,)).tostype('row_sparse')).stype",
    "!opt = mx.optimizer.create('sgd', momentum=0.9, lazy_update=False);; R = opt.create_state(0, mx.nd.ones((2,)).tostype('row_sparse')).stype",
    "!opt = mx.optimizer.create('adam', lazy_update=False);; R = [s.stype for s in opt.create_state(0, mx.nd.ones((2,)).tostype('row_sparse'))]",
    "!opt = mx.optimizer.create('adagrad');; R = opt.create_state(0, mx.nd.ones((2,), dtype='float64')).dtype",
    "!opt = mx.optimizer.create('rmsprop', centered=True);; R = [s.dtype for s in opt.create_state(0, mx.nd.ones((2,), dtype='float64'))]",
    "!opt = mx.optimizer.create('ftml');; R = [s.dtype for s in opt.create_state(0, mx.nd.ones((2,), dtype='float64'))]",
    "!" + P.replace("SEED", "0") + "opt = mx.optimizer.create('lamb', multi_precision=True);; R = flat(opt.create_state_multi_precision(0, mx.nd.ones((2,), dtype='float16')))",
    "!" + P.replace("SEED", "0") + "opt = mx.optimizer.create('nag', momentum=0.9, multi_precision=True);; R = flat(opt.create_state_multi_precision(0, mx.nd.ones((2,), dtype='float16')))",
    "!" + P.replace("SEED", "0") + "opt = mx.optimizer.create('signum', multi_precision=True);; R = flat(opt.create_state_multi_precision(0, mx.nd.ones((2,), dtype='float16')))",
    "!" + P.replace("SEED", "0") + "opt = mx.optimizer.create('dcasgd', multi_precision=True);; R = flat(opt.create_state_multi_precision(0, mx.nd.ones((2,), dtype='float16')))",
    "!opt = mx.optimizer.create('groupadagrad');; R = opt.create_state(0, mx.nd.ones((3,)))",
    "!opt = mx.optimizer.create('groupadagrad', wd=0.1);; w = mx.nd.ones((2, 2));; opt.update(0, w, w, opt.create_state(0, w))",
    "!opt = mx.optimizer.create('sgd');; opt.update(0, [1], mx.nd.ones((2,)), None)",
    "!" + P.replace("SEED", "0") + "opt = mx.optimizer.create('signum', momentum=0.0, wd_lh=0.1);; w = mx.nd.ones((2,));; opt.update(0, w, w, None);; R = w",
    "!opt = mx.optimizer.Optimizer();; opt.update(0, mx.nd.ones((2,)), mx.nd.ones((2,)), None)",
    "!opt = mx.optimizer.Optimizer();; R = [opt.create_state(0, mx.nd.ones((2,))), opt.lr, opt.wd, opt.rescale_grad, opt.clip_gradient]",
    "!u = mx.optimizer.get_updater(mx.optimizer.create('sgd'));; R = [type(u).__name__, u.aggregate_updates, u.states, u.states_synced]",
    "!u = mx.optimizer.Updater(mx.optimizer.create('adam'));; R = [u.aggregate_updates]",
    "!u = mx.optimizer.get_updater(mx.optimizer.create('sgd', momentum=0.9));; R = u.sync_state_context((mx.nd.ones((1,)), [None, 3]), mx.cpu())",
    "mx.optimizer.NDabs(mx.nd.array([-1.]))",
    "type(mx.optimizer.ccSGD()).__mro__[1].__name__",
    "mx.optimizer.LBSGD().warmup_strategy",
]


lines = []
count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
for _ in range(count):
    lines.append(random.choice(API) if random.random() < 0.08 else scenario())
print("\n".join(lines))
