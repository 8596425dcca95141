"""Learning-rate schedulers (Factor, MultiFactor, Poly, Cosine) with random arguments, called on a
sequence of update counts (increasing, repeated and decreasing: they are stateful), plus their
construction errors. Compare exactly: the results are Python floats.

Usage: python lr_schedulers.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))
S = "mx.lr_scheduler."


def num():
    return random.choice([0, 1, 0.5, 0.1, 0.01, 0.3, 1e-3, 2.0, -0.1, 1e-9, round(random.uniform(0, 1), 4)])


def warmup():
    """Random warm-up keywords (sometimes invalid)."""
    kw = []
    if random.random() < 0.6:
        kw.append(f"warmup_steps={random.choice([0, 1, 2, 3, 5, 10, -1, 4.0])}")
    if random.random() < 0.5:
        kw.append(f"warmup_begin_lr={random.choice([0, 0.001, 0.05, 0.5, 5.0, -0.01])}")
    if random.random() < 0.4:
        kw.append(f"warmup_mode={random.choice(['linear', 'constant', 'constant', 'cosine', 'LINEAR'])!r}")
    return kw


def base():
    return [f"base_lr={random.choice([0.1, 1.0, 0.01, 0.5, 0.003, 0.0, 2])}"] if random.random() < 0.8 else []


def factor():
    kw = [f"step={random.choice([1, 2, 3, 5, 10, 0, -1, 2.5, 1.0])}"]
    if random.random() < 0.8:
        kw.append(f"factor={random.choice([0.5, 0.9, 0.1, 1, 1.0, 0.0, 1.5, 0.99])}")
    if random.random() < 0.4:
        kw.append(f"stop_factor_lr={random.choice([1e-8, 0.01, 0.05, 0.2, 0])}")
    return "FactorScheduler", kw


def multifactor():
    start = random.randint(-1, 4)
    steps = sorted(random.sample(range(start, start + 20), random.randint(1, 4)))
    if random.random() < 0.15:
        steps = steps[::-1] if len(steps) > 1 else [0]
    if random.random() < 0.1:
        steps = steps + steps[-1:]
    step = random.choice([str(steps)] * 8 + ["tuple(%s)" % steps, "[]", "5"])
    kw = [f"step={step}"]
    if random.random() < 0.8:
        kw.append(f"factor={random.choice([0.5, 0.9, 0.1, 1, 0.0, 1.5])}")
    return "MultiFactorScheduler", kw


def annealing(name):
    kw = [f"max_update={random.choice([1, 5, 10, 20, 3, 0, -2, 10.0])}"]
    if name == "PolyScheduler" and random.random() < 0.7:
        kw.append(f"pwr={random.choice([1, 2, 3, 0.5, 0, -1, 2.0])}")
    if random.random() < 0.5:
        kw.append(f"final_lr={random.choice([0, 0.001, 0.05, 1.0, -0.1])}")
    return name, kw


def updates():
    seq = sorted(random.randint(0, 30) for _ in range(random.randint(1, 10)))
    if random.random() < 0.4:
        seq = seq + [random.randint(0, 30) for _ in range(3)]  # decreasing / repeated
    if random.random() < 0.2:
        seq.append(random.choice([100, 1000, 10 ** 6, -1, 2.5]))
    return seq


lines = []
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 300):
    name, kw = random.choice([factor, multifactor, lambda: annealing("PolyScheduler"),
                              lambda: annealing("CosineScheduler")])()
    kw += base() + warmup()
    random.shuffle(kw)
    if random.random() < 0.15:
        kw = [k.split("=", 1)[1] for k in kw if k.startswith(("step=", "max_update="))] + \
             [k for k in kw if not k.startswith(("step=", "max_update="))]
    seq = updates()
    tail = random.choice(["R = [s(n) for n in %s]" % seq,
                          "R = [s(n) for n in %s] + [s.base_lr, getattr(s, 'count', None), getattr(s, 'cur_step_ind', None)]" % seq,
                          "R = [vars(s).get(k) for k in sorted(vars(s))]",
                          "R = [s(n) for n in %s] + [sorted(vars(s).items())]" % seq])
    lines.append(f"!s = {S}{name}({', '.join(kw)});; {tail}")
print("\n".join(lines))
