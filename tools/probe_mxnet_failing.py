"""Write tools/mxnet_failing.json: MXNet 1.9.1 operators whose wrapper takes arrays but whose every
imperative call fails, each with the call tried and what MXNet did.

Runs ONLY in the reference venv (../shared/tools/mxnet-reference-venv.sh):
    /tmp/mxvenv/bin/python tools/probe_mxnet_failing.py
Each probe runs in its own interpreter (several crash it). tools/gen_operator_docs.py lists these
names as "not callable in MXNet" when mxnd lacks them, with the outcome recorded here, beside
those of tools/mxnet_uncallable.json (wrappers without array inputs).

Why no call can succeed: the ``_sg_mkldnn_*`` operators are oneDNN subgraph nodes, created only
by graph partitioning, that crash when called alone; ``_foreach``, ``_while_loop`` and ``_cond``
take their bodies as subgraphs, which only a Symbol can attach (``mx.nd.contrib.foreach`` and
friends run their loops in Python and never call them); ``_CachedOp``, ``_CachedOpThreadSafe``,
``_NDArray`` and ``_Native`` need a C++ object or C callback pointer in their state, which only
MXNet's own C API (Gluon's hybridize, the deprecated NDArrayOp/NumpyOp) sets;
``_backward_amp_multicast`` reads shapes of a forward node that an imperative call does not have;
the two ``_backward_npi_*copysign_scalar`` kernels read a second input (the forward's data) that
their registration does not declare, so they read past their one input: from run to run a
garbage type error ("Unknown type enum 597"), an abort, or (rcopysign, whose gradient ignores that
input's values) ``0 * data``.
"""
import json
import os
import subprocess
import sys

# read past their declared inputs: a returned value is undefined behaviour, not a working call
UNDEFINED = {"_backward_npi_rcopysign_scalar"}
SETUP = "import mxnet as mx\nx = mx.nd.arange(2 * 3 * 24).reshape((2, 3, 24)) / 50\n"
PROBES = {"_internal": {
    "_sg_mkldnn_selfatt_qk": "mx.nd._internal._sg_mkldnn_selfatt_qk(x, heads=2)",
    "_sg_mkldnn_selfatt_valatt": "mx.nd._internal._sg_mkldnn_selfatt_valatt("
                                 "x, mx.nd.contrib.interleaved_matmul_selfatt_qk(x, heads=2), heads=2)",
    "_backward_npi_copysign_scalar": "mx.nd._internal._backward_npi_copysign_scalar("
                                     "mx.nd.array([-1.0, 2.0, 0.0]), scalar=1)",
    "_backward_npi_rcopysign_scalar": "mx.nd._internal._backward_npi_rcopysign_scalar("
                                      "mx.nd.array([-1.0, 2.0, 0.0]), scalar=1)",
    "_backward_amp_multicast": "mx.nd._internal._backward_amp_multicast(x, num_outputs=1)",
    "_foreach": "mx.nd._internal._foreach(x, num_outputs=1, num_out_data=1, in_state_locs=(), "
                "in_data_locs=(0,), remain_locs=())",
    "_while_loop": "mx.nd._internal._while_loop(x, x, num_outputs=1, num_out_data=1, max_iterations=1, "
                   "cond_input_locs=(0,), func_input_locs=(0,), func_var_locs=())",
    "_cond": "mx.nd._internal._cond(x, x, x, num_outputs=1, cond_input_locs=(0,), "
             "then_input_locs=(0,), else_input_locs=(0,))",
    "_CachedOp": "mx.nd._internal._CachedOp(x)",
    "_CachedOpThreadSafe": "mx.nd._internal._CachedOpThreadSafe(x)",
    "_NDArray": "mx.nd._internal._NDArray(x, info=0)",
    "_Native": "mx.nd._internal._Native(x, info=0)",
}}


def outcome(call: str) -> str:
    """What MXNet did: 'returned [values]', 'crashed (...)', or the error's first line that says
    what failed."""
    code = (SETUP + f"try:\n    values = ({call}).asnumpy()\nexcept mx.base.MXNetError as e:\n"
            "    print('ERROR', e)\nelse:\n    print('RETURNED', values.ravel()[:6].tolist())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    if "Segmentation fault" in done.stderr:
        return "crashed (segmentation fault)"
    if "terminate called" in done.stderr or done.returncode < 0:
        return f"crashed ({done.stderr.strip().splitlines()[-1][:80] if done.stderr.strip() else done.returncode})"
    if "RETURNED" in done.stdout:
        return "returned " + done.stdout.split("RETURNED", 1)[1].strip()
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    found = [line for line in lines if "Check failed" in line or "MXNetError" in line or "Error" in line]
    text = (found or lines or ["(no output)"])[0]
    return text.replace("ERROR ", "", 1)[:200]


def main():
    results = {}
    for key, probes in PROBES.items():
        results[key] = {name: {"call": call, "outcome": outcome(call)} for name, call in probes.items()}
        for name, entry in results[key].items():
            print(f"{name}: {entry['outcome']}")
            if entry["outcome"].startswith("returned") and name not in UNDEFINED:
                raise SystemExit(f"{name} succeeded: it is callable, so it does not belong here")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mxnet_failing.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)
        handle.write("\n")
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
