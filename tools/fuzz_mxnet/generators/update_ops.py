"""The optimizer update operators called directly (mx.nd.sgd_update, adam_update, ... the multi_* and
preloaded_multi_* batches, _multi_adamw/_multi_lamb, multi_sum_sq, multi_lars, all_finite,
multi_all_finite, reset_arrays, moments) with random hyper-parameters, 1 to 3 calls on
float32/float64/float16 weights (mp_* forms: float16 weights, float32 master weights and states),
row_sparse gradients and weights where MXNet takes them, ``out=`` the weight, another array or
none, gradients and states holding NaN/inf/signed zeros/large values; the result is every call's
return value, the weight and every state. Plus invalid calls (array counts, shapes, dtypes,
missing parameters). Compare exactly (MXNet's CPU kernels are deterministic).

Usage: python update_ops.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))

P = ("rs = np.random.RandomState(SEED);; "
     "EDGE = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e30, -1e-30, 65504.0, 1e-8, 0.5, 1.5, -2.5];; "
     "ed = lambda a, e: (np.put(a, rs.randint(0, a.size, e), rs.choice(EDGE, e)) if a.size and e else None, a)[1];; "
     "mk = lambda s, dt='float32', lo=-1.0, e=0, sc=1.0: mx.nd.array(ed(rs.uniform(lo, 1, s) * sc, e), dtype=dt);; ")

LR = [0.1, 0.01, 0.5, 1.0, 0.0, 2.0, 1e-3, 0.37, 3.3]
WD = [0.0, 0.01, 0.1, 1.0, 0.5, 0.3, 0.07]
RESCALE = [1.0, 0.5, 2.0, 1 / 3, 0.0, 1e-3, 100.0]
CLIP = [-1.0, 0.3, 1.0, 0.05, -0.5, 0.0, 10.0]
MOM = [0.0, 0.9, 0.5, 0.99, 1.0, 0.3, 0.1]
# values whose 1 - beta rounds in float32 (0.1, 0.3) tell a float subtraction from a DType one
B1, B2 = [0.9, 0.5, 0.0, 0.99, 0.1, 0.3], [0.999, 0.9, 0.5, 0.0, 0.3, 0.1]
EPS = [1e-8, 1e-3, 0.1, 0.0, 1e-6]
CLIPW = [-1.0, 0.9, 0.2, 0.0]
COMMON = {"wd": WD, "rescale_grad": RESCALE, "clip_gradient": CLIP}

# name -> (inputs: kind letters, params {name: choices}, required params, mp)
# kinds: w weight, g grad, s state (weight dtype, signed), p state (weight dtype, >= 0),
#        S / Q float32 state (signed / >= 0), m float32 master weight
SINGLE = {
    "sgd_update": ("wg", dict(lr=LR, lazy_update=[True, False], **COMMON), ["lr"], False),
    "sgd_mom_update": ("wgs", dict(lr=LR, momentum=MOM, lazy_update=[True, False], **COMMON), ["lr"], False),
    "mp_sgd_update": ("wgm", dict(lr=LR, lazy_update=[True, False], **COMMON), ["lr"], True),
    "mp_sgd_mom_update": ("wgSm", dict(lr=LR, momentum=MOM, lazy_update=[True, False], **COMMON), ["lr"], True),
    "nag_mom_update": ("wgs", dict(lr=LR, momentum=MOM, **COMMON), ["lr"], False),
    "mp_nag_mom_update": ("wgSm", dict(lr=LR, momentum=MOM, **COMMON), ["lr"], True),
    "adam_update": ("wgsp", dict(lr=LR, beta1=B1, beta2=B2, epsilon=EPS, lazy_update=[True, False], **COMMON),
                    ["lr"], False),
    "ftml_update": ("wgppS", dict(lr=LR, beta1=[0.6, 0.9, 0.0, 0.3], beta2=B2, epsilon=EPS, t=[1, 2, 5, 0],
                                  wd=WD, rescale_grad=RESCALE, clip_grad=CLIP), ["lr", "t"], False),
    "ftrl_update": ("wgsp", dict(lr=LR, lamda1=[0.01, 0.0, 0.2, 1.0], beta=[1.0, 0.5, 2.0, 0.0], **COMMON),
                    ["lr"], False),
    "rmsprop_update": ("wgp", dict(lr=LR, gamma1=[0.95, 0.5, 0.0, 1.0, 0.3], epsilon=EPS, clip_weights=CLIPW,
                                   **COMMON), ["lr"], False),
    "rmspropalex_update": ("wgpss", dict(lr=LR, gamma1=[0.95, 0.5, 0.0, 0.3], gamma2=[0.9, 0.5, 0.0, 0.1], epsilon=EPS,
                                         clip_weights=CLIPW, **COMMON), ["lr"], False),
    "signsgd_update": ("wg", dict(lr=LR, **COMMON), ["lr"], False),
    "signum_update": ("wgs", dict(lr=LR, momentum=MOM, wd_lh=[0.0, 0.02, 0.5], **COMMON), ["lr"], False),
    "lamb_update_phase1": ("wgsp", dict(beta1=B1, beta2=B2, epsilon=EPS, t=[1, 2, 3, 10],
                                        bias_correction=[True, False], **COMMON), ["t", "wd"], False),
    "mp_lamb_update_phase1": ("wgSQm", dict(beta1=B1, beta2=B2, epsilon=EPS, t=[1, 2, 3, 10],
                                            bias_correction=[True, False], **COMMON), ["t", "wd"], True),
    "contrib.adamw_update": ("wgsp", dict(lr=LR, eta=[1.0, 0.5, 0.0], beta1=B1, beta2=B2, epsilon=EPS, wd=WD,
                                          clip_gradient=CLIP), ["lr", "eta", "rescale_grad"], False),
    "contrib.mp_adamw_update": ("wgSQm", dict(lr=LR, eta=[1.0, 0.5, 0.0], beta1=B1, beta2=B2, epsilon=EPS, wd=WD,
                                              clip_gradient=CLIP), ["lr", "eta", "rescale_grad"], True),
    "_internal._adamw_update": ("wgsp", dict(lr=LR, eta=[1.0, 0.5], beta1=B1, beta2=B2, epsilon=EPS, wd=WD,
                                             clip_gradient=CLIP), ["lr", "eta"], False),
    "_internal._mp_adamw_update": ("wgSQm", dict(lr=LR, eta=[1.0, 0.5], beta1=B1, beta2=B2, epsilon=EPS, wd=WD,
                                                 clip_gradient=CLIP), ["lr", "eta"], True),
}
SPARSE_OK = ["sgd_update", "sgd_mom_update", "adam_update", "ftrl_update"]
SHAPES = [(3, 4), (5,), (2, 3, 2), (4, 1), (1,), (6, 2), (1, 1), (7,)]


def Q(dt):
    """A dtype as text in double quotes (the statements run inside exec('...'))."""
    return '"' + dt + '"'


def dtype_for(mp):
    if mp:
        return random.choice(["float16"] * 4 + ["float32"])
    return random.choice(["float32"] * 4 + ["float64", "float64", "float16"])


def arr(kind, shape, dt, edge):
    """Statement text making one input of ``kind``."""
    e = random.choice([0, 0, 1, 2]) if edge else 0
    if kind == "w":
        return f"mk({shape}, {Q(dt)}, e={random.choice([0, 0, 0, 1])})"
    if kind == "g":
        return f"mk({shape}, {Q(dt)}, e={e})"
    if kind in "sS":
        return f"mk({shape}, {Q('float32' if kind == 'S' else dt)}, e={random.choice([0, 0, 0, 1])})"
    if kind in "pQ":
        return f"mk({shape}, {Q('float32' if kind == 'Q' else dt)}, lo=0.0)"
    return 'w.astype("float32")'  # m: the master weight


def params(spec, required, drop_required=False):
    kw = {}
    for key, values in spec.items():
        if key in required or random.random() < 0.5:
            kw[key] = random.choice(values)
    if drop_required and required:
        kw.pop(random.choice(required), None)
    return kw


def fmt(kw):
    return ", ".join(f"{k}={v!r}" for k, v in kw.items())


def single():
    name = random.choice(list(SINGLE))
    kinds, spec, required, mp = SINGLE[name]
    dt = dtype_for(mp)
    shape = random.choice(SHAPES + [(0,), (2, 0)] * (random.random() < 0.05))
    edge = random.random() < 0.35
    kw = params(spec, [r for r in required if r != "rescale_grad"])
    stmts = [P.replace("SEED", str(random.randint(0, 999))), f"w = {arr('w', shape, dt, edge)};; "]
    states = []
    for i, kind in enumerate(kinds[2:]):
        stmts.append(f"s{i} = {arr(kind, shape, dt, edge)};; ")
        states.append(f"s{i}")
    sparse = name in SPARSE_OK and random.random() < 0.35 and len(shape) >= 1 and shape[0] > 0
    grad = arr("g", shape, dt, edge)
    if sparse:
        mask = (shape[0],) + (1,) * (len(shape) - 1)
        grad = f"({grad} * (mk({mask}, {Q(dt)}) > 0)).tostype({Q('row_sparse')})"
        if random.random() < 0.3:
            stmts.append("w = w.tostype('row_sparse');; ")
            if random.random() < 0.6:
                stmts.append("".join(f"{s} = {s}.tostype('row_sparse');; " for s in states))
    args = ["w", "g"] + states
    out = random.choice(["w", "w", "none", "other"])
    if sparse and name != "ftrl_update":  # else MXNet raises when the result is read (ASNUMPYERR)
        out = "w"
    # a rescale_grad of 0 or not finite skips the update: MXNet then leaves a fresh output or another
    # out= unwritten (docs/differences.md), so those come with out=w only
    scales = RESCALE + ([float("nan"), float("inf")] if out == "w" else [])
    scales = [v for v in scales if v != 0.0 or out == "w"]
    if name.startswith("_internal._") and "adamw" in name:
        args.append(f"mx.nd.array([{random.choice(scales)!r}])")
    elif "rescale_grad" in required:
        scale = random.choice(scales)
        args.append(repr(scale) if random.random() < 0.6 else f"mx.nd.array([{scale!r}])")
    stmts.append({"w": "", "none": "", "other": "o = mx.nd.zeros(w.shape, dtype=w.dtype);; "}[out])
    outarg = {"w": ", out=w", "none": "", "other": ", out=o"}[out]
    steps = random.randint(1, 3)
    call = f"mx.nd.{name}({', '.join(args)}, {fmt(kw)}{outarg})".replace("nan", "float(\"nan\")") \
        .replace("inf", "float(\"inf\")")
    stmts.append(f"rets = [];; exec('for step in range({steps}):\\n    g = {grad}\\n    rets.append({call})');; ")
    extra = ", o" if out == "other" else ""
    stmts.append(f"R = rets + [w{extra}, {', '.join(states)}]")
    return "!" + "".join(stmts)


def lamb2():
    mp = random.random() < 0.4
    name = "mp_lamb_update_phase2" if mp else "lamb_update_phase2"
    dt = dtype_for(mp)
    shape = random.choice(SHAPES)
    gdt = "float32" if mp else dt
    r1 = random.choice(["mx.nd.array([0.0])", "mx.nd.array([1.5])", "mk((1,), lo=0.0)", "mx.nd.array([np.inf])"])
    r2 = random.choice(["mx.nd.array([0.0])", "mx.nd.array([0.7])", "mk((1,), lo=0.0)", "mx.nd.array([np.nan])"])
    if gdt != "float32":
        r1, r2 = f"{r1}.astype({gdt!r})", f"{r2}.astype({gdt!r})"
    kw = params(dict(lr=LR, lower_bound=[-1.0, 0.1, 1e-3, 0.0], upper_bound=[-1.0, 1.5, 10.0, 0.0]), ["lr"])
    args = "w, g, r1, r2" + (", w32" if mp else "")
    out = random.choice([", out=w", ""])
    return ("!" + P.replace("SEED", str(random.randint(0, 999))) + f"w = mk({shape}, {Q(dt)});; w32 = w.astype('float32');; "
            f"g = mk({shape}, {gdt!r}, e={random.choice([0, 0, 1])});; r1 = {r1};; r2 = {r2};; "
            f"ret = mx.nd.{name}({args}, {fmt(kw)}{out});; R = [ret, w, w32]")


MULTI = {  # name -> (stride, momentum, mp, preloaded)
    "multi_sgd_update": (2, False, False, False), "multi_sgd_mom_update": (3, True, False, False),
    "multi_mp_sgd_update": (3, False, True, False), "multi_mp_sgd_mom_update": (4, True, True, False),
    "preloaded_multi_sgd_update": (2, False, False, True), "preloaded_multi_sgd_mom_update": (3, True, False, True),
    "preloaded_multi_mp_sgd_update": (3, False, True, True),
    "preloaded_multi_mp_sgd_mom_update": (4, True, True, True),
}


def group_stmts(n, kinds, dt, edge):
    """Statements making lists W, and per-weight groups in ``data`` (interleaved)."""
    shapes = [random.choice(SHAPES) for _ in range(n)]
    stmts = [f"W = [mk(s, {Q(dt)}) for s in {shapes}];; data = [];; "]
    parts = []
    for kind in kinds:
        if kind == "w":
            parts.append("W[i]")
        elif kind == "g":
            parts.append(f"mk(SH[i], {Q(dt)}, e={random.choice([0, 0, 1]) if edge else 0})")
        elif kind == "m":
            parts.append('W[i].astype("float32")')
        elif kind in "sS":
            parts.append(f"mk(SH[i], {Q('float32' if kind == 'S' else dt)})")
        else:
            parts.append(f"mk(SH[i], {Q('float32' if kind == 'Q' else dt)}, lo=0.0)")
    stmts.append(f"SH = {shapes};; exec('for i in range({n}):\\n    data += [{', '.join(parts)}]');; ")
    return stmts


def multi():
    name = random.choice(list(MULTI))
    stride, has_mom, mp, preloaded = MULTI[name]
    n = random.randint(1, 3)
    dt = dtype_for(mp)
    kinds = "wg" + ("S" if mp and has_mom else "s" if has_mom else "") + ("m" if mp else "")
    stmts = [P.replace("SEED", str(random.randint(0, 999)))] + group_stmts(n, kinds, dt, random.random() < 0.3)
    lrs = [random.choice(LR) for _ in range(n)]
    wds = [random.choice(WD) for _ in range(n)]
    kw = params(dict(rescale_grad=RESCALE, clip_gradient=CLIP, **({"momentum": MOM} if has_mom else {})), [])
    if random.random() < 0.85:
        kw["num_weights"] = n
    if preloaded:
        stmts.append(f"data += [mx.nd.array({lrs}), mx.nd.array({wds})];; ")
    else:
        kw["lrs"], kw["wds"] = lrs, wds
    outarg = ", out=W" if random.random() < 0.95 else ""  # without: MXNet fails (docs/differences.md)
    steps = random.randint(1, 3)
    stmts.append(f"rets = [];; exec('for step in range({steps}):\\n    rets.append(mx.nd.{name}(*data, {fmt(kw)}{outarg}))');; "
                 "R = rets + data")
    return "!" + "".join(stmts)


def multi_adamw_lamb():
    lamb = random.random() < 0.5
    mp = random.random() < 0.4
    n = random.randint(1, 3)
    dt = dtype_for(mp)
    kinds = "wgSQm" if mp else "wgsp"
    stmts = [P.replace("SEED", str(random.randint(0, 999)))] + group_stmts(n, kinds, dt, random.random() < 0.3)
    stride = len(kinds)
    lrs = [random.choice(LR) for _ in range(n)]
    wds = [random.choice(WD) for _ in range(n)]
    wrapper = random.random() < 0.4
    out = ", out=W" if random.random() < 0.95 else ""
    if lamb:
        name = "_multi_mp_lamb_update" if mp else "_multi_lamb_update"
        kw = params(dict(beta1=B1, beta2=B2, epsilon=EPS, rescale_grad=RESCALE, lower_bound=[-1.0, 0.1, 1e-3],
                         upper_bound=[-1.0, 1.5, 10.0], clip_gradient=CLIP, bias_correction=[True, False]), [])
        step_count = [random.choice([1, 2, 5]) for _ in range(n)]
        if wrapper:
            lists = ", ".join(f"data[{k}::{stride}]" for k in range(stride))
            call = f"mx.nd.contrib.{name[1:]}({lists}, {step_count}, {lrs}, {wds}, {fmt(kw)}{{out}})"
        else:
            kw.update(learning_rates=lrs, wds=wds, step_count=step_count, num_tensors=n)
            call = f"mx.nd._internal.{name}(*data, {fmt(kw)}{{out}})"
    else:
        name = "_multi_mp_adamw_update" if mp else "_multi_adamw_update"
        kw = params(dict(beta1=B1, beta2=B2, epsilon=EPS, clip_gradient=CLIP), [])
        etas = [random.choice([1.0, 0.5, 0.0]) for _ in range(n)]
        scale = random.choice(RESCALE + [float("nan")] if out else [v for v in RESCALE if v])
        if wrapper:
            lists = ", ".join(f"data[{k}::{stride}]" for k in range(stride))
            call = f"mx.nd.contrib.{name[1:]}({lists}, {scale!r}, {lrs}, {wds}, {etas}, {fmt(kw)}{{out}})"
        else:
            kw.update(lrs=lrs, wds=wds, etas=etas, num_weights=n)
            call = f"mx.nd._internal.{name}(*(data + [mx.nd.array([{scale!r}])]), {fmt(kw)}{{out}})"
        call = call.replace("nan", "float(\"nan\")")
    steps = random.randint(1, 3)
    stmts.append(f"rets = [];; exec('for step in range({steps}):\\n    rets.append({call.format(out=out)})');; "
                 "R = rets + data")
    return "!" + "".join(stmts)


def helpers():
    seed = P.replace("SEED", str(random.randint(0, 999)))
    dt = random.choice(["float32", "float32", "float64", "float16"])
    n = random.randint(1, 4)
    shapes = [random.choice(SHAPES + [(0,), (2, 0), (300,), (40, 50)]) for _ in range(n)]
    e = random.choice([0, 0, 1, 3])
    make = f"A = [mk(s, {Q(dt)}, e={e}, sc={random.choice([1, 10, 1e3, 1e19, 1e-20])}) for s in {shapes}];; "
    kind = random.choice(["sum_sq", "sum_sq", "lars", "finite", "multi_finite", "reset", "moments"])
    if kind == "sum_sq":
        return "!" + seed + make + f"R = mx.nd.multi_sum_sq(*A, num_arrays={random.choice([n] * 6 + [n + 1])})"
    if kind == "lars":
        m = random.randint(1, 5)
        vals = lambda lo: f"mk(({m},), lo={lo}, e={random.choice([0, 0, 1])})"  # noqa: E731
        kw = params(dict(eta=[0.001, 0.01, 1.0], eps=[0.0, 1e-6, 1e-8], rescale_grad=RESCALE), ["eta", "eps"])
        return ("!" + seed + f"R = mx.nd.multi_lars({vals(0.0)}, abs({vals(0.0)}) * 10, {vals(0.0)}, "
                f"{vals(0.0)}, {fmt(kw)})")
    if kind == "finite":
        # (init_output=False without out=: MXNet returns uninitialised memory, docs/differences.md)
        init = random.choice(["", ", init_output=True"])
        return "!" + seed + make + f"R = [mx.nd.all_finite(a{init}) for a in A]"
    if kind == "multi_finite":
        return "!" + seed + make + f"R = mx.nd.multi_all_finite(*A, num_arrays={random.choice([n] * 6 + [n + 1])})"
    if kind == "reset":
        count = random.choice([n] * 6 + [n + 1, 0])
        return "!" + seed + make + f"ret = mx.nd.reset_arrays(*A, num_arrays={count});; R = [ret] + A"
    shape = random.choice([(3, 4), (2, 3, 2), (5,), (1, 1), (4, 1, 3)])
    axes = random.choice([(0,), (1,), (-1,), (0, 1), None, (0, 2), (2,)])
    keep = random.choice(["", ", keepdims=True", ", keepdims=False"])
    ax = "" if axes is None else f", axes={axes}"
    return "!" + seed + f"a = mk({shape}, {Q(dt)}, e={e}, sc=3.0);; R = list(mx.nd.moments(a{ax}{keep}))"


def invalid():
    seed = P.replace("SEED", str(random.randint(0, 999)))
    w = "w = mk((3, 4));; "
    cases = [
        "R = mx.nd.sgd_update(w, mk((3, 4)))",
        "R = mx.nd.sgd_update(w, mk((4, 3)), lr=0.1)",
        "R = mx.nd.sgd_update(w, mk((3, 4), 'float64'), lr=0.1)",
        "R = mx.nd.sgd_update(w.astype('int32'), mk((3, 4)).astype('int32'), lr=0.1)",
        "R = mx.nd.sgd_update(w, lr=0.1)",
        "R = mx.nd.sgd_mom_update(w, mk((3, 4)), mk((3,)), lr=0.1, momentum=0.9, out=w)",
        "R = mx.nd.sgd_mom_update(w, mk((3, 4)), mk((3, 4), 'float16'), lr=0.1, out=w)",
        "m = mk((3, 4));; R = [mx.nd.sgd_update(w, mk((3, 4)), lr=0.1, out=mk((2, 2))), w]",
        "R = mx.nd.mp_sgd_update(w.astype('float16'), mk((3, 4), 'float16'), w.astype('float16'), lr=0.1)",
        "R = mx.nd.mp_sgd_mom_update(w.astype('float16'), mk((3, 4), 'float16'), mk((3, 4), 'float16'), w, lr=0.1)",
        "R = mx.nd.mp_sgd_update(w.astype('float16'), mk((3, 4), 'float16'), mk((3, 5)), lr=0.1)",
        "R = mx.nd.adam_update(w, mk((3, 4)), mk((3, 4)), lr=0.1)",
        "R = mx.nd.adam_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4), lo=0.0))",
        "R = mx.nd.adam_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4), 'float64'), lr=0.1)",
        "R = mx.nd.ftml_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), mk((3, 4)), lr=0.1)",
        "R = mx.nd.lamb_update_phase1(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), t=1)",
        "R = mx.nd.lamb_update_phase2(w, mk((3, 4)), mk((2,)), mk((1,)), lr=0.1)",
        "R = mx.nd.lamb_update_phase2(w, mk((4, 3)), mk((1,)), mk((1,)), lr=0.1)",
        "R = mx.nd.lamb_update_phase2(w, mk((3, 4)), mk((1,), 'float64'), mk((1,)), lr=0.1)",
        "R = mx.nd.mp_lamb_update_phase2(w.astype('float16'), mk((3, 4), 'float16'), mk((1,)), mk((1,)), w, lr=0.1)",
        "R = mx.nd.multi_sgd_update(w, mk((3, 4)), w, lrs=[0.1], wds=[0.0], num_weights=1)",
        "R = mx.nd.multi_sgd_update(w, mk((3, 4)), lrs=[0.1, 0.2], wds=[0.0], num_weights=1)",
        "R = mx.nd.multi_sgd_update(w, mk((3, 4)), w, mk((2,)), lrs=[0.1, 0.2], wds=[0.0, 0.0], num_weights=2)",
        "R = mx.nd.multi_sgd_update(w, mk((3, 4)), lrs=[0.1], num_weights=1)",
        "R = mx.nd.multi_sgd_mom_update(w, mk((3, 4)), mk((3, 4), 'float64'), lrs=[0.1], wds=[0.0], num_weights=1)",
        "R = mx.nd.multi_mp_sgd_update(w.astype('float16'), mk((3, 4), 'float16'), w.astype('float16'), lrs=[0.1], wds=[0.0], num_weights=1)",
        "R = mx.nd.preloaded_multi_sgd_update(w, mk((3, 4)), mx.nd.array([0.1, 0.2]), mx.nd.array([0.0]), num_weights=1)",
        "R = mx.nd.preloaded_multi_sgd_update(w, mk((3, 4)), mx.nd.array([0.1]), num_weights=1)",
        "R = mx.nd._internal._multi_adamw_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), lrs=[0.1], wds=[0.0], etas=[1.0], num_weights=1)",
        "R = mx.nd._internal._multi_adamw_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), mx.nd.array([1.0]), lrs=[0.1], wds=[0.0, 1.0], etas=[1.0], num_weights=1)",
        "R = mx.nd._internal._multi_lamb_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), learning_rates=[0.1], wds=[0.0], num_tensors=1)",
        "R = mx.nd._internal._multi_lamb_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), learning_rates=[0.1], wds=[0.0], step_count=[1, 2], num_tensors=1)",
        "R = mx.nd.contrib.adamw_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), lr=0.1, eta=1.0)",
        "R = mx.nd.contrib.adamw_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), 1.0, lr=0.1)",
        "R = mx.nd._internal._adamw_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), lr=0.1, eta=1.0)",
        "R = mx.nd.multi_sum_sq(w, mk((2,)), num_arrays=3)",
        "R = mx.nd.multi_sum_sq(w)",
        "R = mx.nd.multi_sum_sq(w, w.astype('float64'), num_arrays=2)",
        "R = mx.nd.multi_sum_sq(w.astype('int32'), num_arrays=1)",
        "R = mx.nd.multi_lars(mk((2,)), mk((2,)), mk((3,)), mk((2,)), eta=0.1, eps=0.0)",
        "R = mx.nd.multi_lars(mk((2,)), mk((2,)), mk((2,)), mk((2,)), eta=0.1)",
        "R = mx.nd.multi_lars(mk((2,), 'float64'), mk((2,), 'float64'), mk((2,), 'float64'), mk((2,), 'float64'), eta=0.1, eps=0.0)",
        "R = mx.nd.all_finite(w.astype('int32'))",
        "R = mx.nd.multi_all_finite(w, w.astype('float16'), num_arrays=2)",
        "R = mx.nd.multi_all_finite(w, w, num_arrays=3)",
        "R = mx.nd.reset_arrays(w, mk((2,)), num_arrays=3)",
        "R = [mx.nd.reset_arrays(w.astype('int32'), num_arrays=1), w]",
        "R = mx.nd.moments(w, axes=(2,))",
        "R = mx.nd.moments(w.astype('int32'), axes=(0,))",
        "R = mx.nd.signum_update(w, mk((3, 4)), mk((3, 4)))",
        "R = mx.nd.rmspropalex_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), lr=0.1)",
        "R = mx.nd.ftrl_update(w, mk((3, 4)), mk((3, 4)), mk((3, 4)), lr=0.1, bogus=1)",
        "R = mx.nd.sgd_update(w, mk((3, 4)), lr='abc')",
        "R = mx.nd.sgd_update(w, mk((3, 4)), lr=0.1, lazy_update='maybe')",
        "R = [mx.nd.sgd_update(w, mk((3, 4)).tostype('row_sparse'), lr=0.1), w]",
        "R = [mx.nd.sgd_update(w.tostype('row_sparse'), mk((3, 4)), lr=0.1, out=w), w]",
        "R = [mx.nd.adam_update(w, mk((3, 4)).tostype('row_sparse'), mk((3, 4)), mk((3, 4), lo=0.0), lr=0.1, lazy_update=False, out=mx.nd.zeros((3, 4))), w]",
    ]
    return "!" + seed + w + random.choice(cases)


lines = []
count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
for _ in range(count):
    r = random.random()
    if r < 0.45:
        lines.append(single())
    elif r < 0.52:
        lines.append(lamb2())
    elif r < 0.68:
        lines.append(multi())
    elif r < 0.8:
        lines.append(multi_adamw_lamb())
    elif r < 0.92:
        lines.append(helpers())
    else:
        lines.append(invalid())
print("\n".join(lines))
