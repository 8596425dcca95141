"""Time optimizer update operators (adam_update, sgd_mom_update on 1M weights) on mxnd, raw torch and MXNet 1.9.1.

The method is bench_foundation.py's (its measuring loop, implementations and ratios are
reused); the inputs are ``a`` (weight), ``b`` (gradient) and the states ``m``, ``v`` (zeros).
The torch column is either torch's natural in-place update (``addcmul_``/``addcdiv_``, one
rounding per fused multiply-add; its two temporaries fresh, or kept between calls), the same step-by-step float32 arithmetic mxnd runs to stay
bit-exact with MXNet, or ``torch.optim.Adam.step()`` itself (single-tensor, ``foreach`` and
``fused``: torch's own states and bias correction, a step of the same size).
Measure in each venv with
``--json``, then combine::

    /tmp/venv/bin/python benchmarks/bench_optimizer.py --json /tmp/opt_mxnd.json
    /tmp/mxvenv/bin/python benchmarks/bench_optimizer.py --json /tmp/opt_mxnet.json
    python3 benchmarks/bench_optimizer.py --compare /tmp/opt_mxnd.json /tmp/opt_mxnet.json
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_foundation as foundation  # noqa: E402  (measuring loop, implementations, ratios)
import bench_operators as operators  # noqa: E402  (table and result-file helpers)

SCHEMA = "mxnd-bench-optimizer/1"
Workload = foundation.Workload
N = (1000, 1000)
ADAM = "mx.nd.adam_update(a, b, m, v, lr=0.001, wd=0.0001, out=a)"
SGD = "mx.nd.sgd_mom_update(a, b, m, lr=0.01, momentum=0.9, wd=0.0001, out=a)"

WORKLOADS = [
    Workload("adam_update 1M vs torch in-place ops", ADAM, "adam_inplace(a, b, m, v)", N, large=True),
    Workload("adam_update 1M vs torch in-place ops, reused temporaries", ADAM, "adam_reused(a, b, m, v)", N,
             large=True),
    Workload("adam_update 1M vs same-arithmetic torch", ADAM, "adam_same(a, b, m, v)", N, large=True),
    Workload("sgd_mom_update 1M vs torch in-place ops", SGD, "sgd_mom_inplace(a, b, m)", N, large=True),
    # torch's own optimizer on the same weight and gradient (its states, bias correction included)
    Workload("adam_update 1M vs torch.optim.Adam", ADAM, "optim_step(a, b, 'default')", N, large=True),
    Workload("adam_update 1M vs torch.optim.Adam(foreach=True)", ADAM, "optim_step(a, b, 'foreach')", N,
             large=True),
    Workload("adam_update 1M vs torch.optim.Adam(fused=True)", ADAM, "optim_step(a, b, 'fused')", N, large=True),
]


def _torch_updates(torch):
    """Raw-torch Adam and momentum SGD steps on tensors (lr 0.001 / 0.01, wd 1e-4 as the mx statements)."""
    def adam_inplace(w, g, m, v, lr=0.001, b1=0.9, b2=0.999, eps=1e-8, wd=0.0001):
        g = g.add(w, alpha=wd)
        m.mul_(b1).add_(g, alpha=1 - b1)
        v.mul_(b2).addcmul_(g, g, value=1 - b2)
        w.addcdiv_(m, v.sqrt().add_(eps), value=-lr)

    temporaries = {}

    def adam_reused(w, g, m, v, lr=0.001, b1=0.9, b2=0.999, eps=1e-8, wd=0.0001):
        """adam_inplace writing its two temporaries into buffers kept between calls (no page faults)."""
        if id(w) not in temporaries:
            temporaries[id(w)] = (torch.empty_like(w), torch.empty_like(w))
        first, second = temporaries[id(w)]
        g = torch.add(g, w, alpha=wd, out=first)
        m.mul_(b1).add_(g, alpha=1 - b1)
        v.mul_(b2).addcmul_(g, g, value=1 - b2)
        w.addcdiv_(m, torch.sqrt(v, out=second).add_(eps), value=-lr)

    def adam_same(w, g, m, v, lr=0.001, b1=0.9, b2=0.999, eps=1e-8, wd=0.0001):
        g = g + w * wd
        m.mul_(b1).add_(g * (1 - b1))
        v.mul_(b2).add_((g * (1 - b2)).mul_(g))
        # sqrt correctly rounded as MXNet's sqrtf: numpy's on the host (torch's vectorised CPU
        # float32 sqrt can be an ulp off), torch's on CUDA (exact there)
        root = torch.from_numpy(foundation.np.sqrt(v.numpy())) if v.device.type == "cpu" else torch.sqrt(v)
        w.sub_((m * lr).div_(root.add_(eps)))

    def sgd_mom_inplace(w, g, m, lr=0.01, momentum=0.9, wd=0.0001):
        m.mul_(momentum).add_(g.add(w, alpha=wd), alpha=-lr)
        w.add_(m)

    optimizers = {}

    def optim_step(w, g, variant, lr=0.001, wd=0.0001):
        """One torch.optim.Adam step on ``w`` (its memory) with gradient ``g``."""
        key = (id(w), variant)
        if key not in optimizers:
            param = torch.nn.Parameter(w)
            param.grad = g
            options = {"default": {}, "foreach": {"foreach": True}, "fused": {"fused": True}}[variant]
            optimizers[key] = torch.optim.Adam([param], lr=lr, weight_decay=wd, **options)
        optimizers[key].step()

    return {"adam_inplace": adam_inplace, "adam_reused": adam_reused, "adam_same": adam_same,
            "sgd_mom_inplace": sgd_mom_inplace,
            "optim_step": optim_step}


class _WithStates:
    """An implementation whose inputs also hold the optimizer states ``m`` and ``v`` (zeros)."""

    def __init__(self, base):
        self.base = base
        self.name, self.label, self.sync = base.name, base.label, base.sync
        self.module = base.module  # select_implementations has loaded it

    def version(self):
        return self.base.version()

    def statement(self, workload):
        return self.base.statement(workload)

    def inputs(self, arrays):
        zeros = foundation.np.zeros_like(arrays["a"])
        namespace = self.base.inputs({**arrays, "m": zeros, "v": zeros.copy()})
        if self.name == "torch":
            namespace.update(_torch_updates(self.module))
        return namespace


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", help="comma-separated subset of: " + ", ".join(foundation.IMPLEMENTATIONS))
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--repeats", type=int, default=3, help="samples per round (default 3)")
    parser.add_argument("--target-ms", type=float, default=50.0, help="duration of a sample (default 50)")
    parser.add_argument("--threads", type=int, help="torch intra-op threads (set OMP_NUM_THREADS for MXNet)")
    parser.add_argument("--json", metavar="PATH", help="also write the results to PATH")
    parser.add_argument("--compare", nargs="+", metavar="JSON", help="measure nothing: combine result files")
    args = parser.parse_args(argv)

    operators.WORKLOADS = WORKLOADS  # the shared table prints this script's workloads
    if args.compare:
        documents = [json.load(open(path)) for path in args.compare]
        print(operators.table(foundation.merge(documents, SCHEMA)))
        return 0
    impls = [_WithStates(impl) for impl in foundation.select_implementations(args.impl)]
    if args.threads:
        for impl in impls:
            if hasattr(impl.module, "set_num_threads"):
                impl.module.set_num_threads(args.threads)
    if not impls:
        raise SystemExit("no implementation is importable in this interpreter")
    env = foundation.environment(impls)
    print(foundation.describe(env), flush=True)
    start = time.perf_counter()
    results = foundation.measure(impls, WORKLOADS, args.rounds, args.repeats, args.target_ms,
                                 log=lambda text: print(text, flush=True))
    return operators.report(args, env, results, start, SCHEMA, operators.table)


if __name__ == "__main__":
    sys.exit(main())
