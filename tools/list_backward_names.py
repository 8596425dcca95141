"""Write src/mxnd/backward_table.py: the name MXNet 1.9.1's profiler gives each differentiable
operator's backward pass (``sqrt`` -> ``_backward_sqrt``, ``_plus_scalar`` -> ``_copy``).

Two steps, because the calls come from mxnd's registry and the names from the reference MXNet:

    python tools/list_backward_names.py calls > /tmp/calls.json            # mxnd's venv
    rm -f /tmp/backward_names.jsonl
    for try in 1 2 3 4 5 6 7 8; do                                          # MXNet crashes on a few
        timeout 300 /tmp/mxvenv/bin/python tools/list_backward_names.py names < /tmp/calls.json && break
    done
    python tools/list_backward_names.py table

``calls`` lists every registry operator marked ``differentiable`` with its sample inputs
(tests/op_samples). ``names`` runs each under MXNet's profiler: forward under ``record()`` on
float32 inputs with ``attach_grad``, then ``backward()`` profiled on its own. An operator whose
backward runs several (``where``: ``_backward_where`` and ``zeros_like``) is listed under its
``_backward_`` one.
"""
import json
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(here, "..", "src", "mxnd", "backward_table.py")


def calls():
    sys.path.insert(0, os.path.join(here, "..", "tests"))
    import samples
    from mxnd.registry import REGISTRY

    table, domains = samples.load("SAMPLES"), samples.load("GRAD_DOMAIN")
    listed = []
    for spec in REGISTRY.values():
        if not spec.differentiable:
            continue
        shapes, kwargs = table.get(spec.name, (None, None))
        shapes = shapes or [(2, 3)] * (2 if spec.variadic else spec.optional_inputs.count(False))
        kwargs = dict({"scalar": 2.0} if spec.family == "scalar" and kwargs is None else kwargs or {})
        listed.append({"name": spec.name, "namespace": spec.namespace, "function": spec.public_name,
                       "shapes": [list(s) for s in shapes], "kwargs": kwargs,
                       "domain": list(domains.get(spec.name, (0.5, 1.5)))})
    json.dump(listed, sys.stdout, indent=0)


_ROW = re.compile(r"^(\S+)\s+\d+\s", re.M)


def _profiled(mx, action):
    """Operator names in the profiler's statistics while ``action()`` runs."""
    mx.profiler.set_state("run")
    try:
        action()
        mx.nd.waitall()
    finally:
        mx.profiler.set_state("stop")
    table = mx.profiler.dumps(reset=True)
    section = table.split("\noperator\n", 1)[-1].split("\n\n", 1)[0] if "\noperator\n" in table else ""
    return set(_ROW.findall(section))


def names(progress="/tmp/backward_names.jsonl"):
    """MXNet's names, one operator after another. MXNet crashes or hangs on some samples: each
    operator is noted in ``progress`` before it runs, so that a rerun (``run_names``) skips it."""
    import numpy as np
    import mxnet as mx

    mx.profiler.set_config(profile_imperative=True, aggregate_stats=True,
                           filename="/tmp/backward_names_profile.json")
    done = _progress(progress)
    with open(progress, "a") as log:
        for call in json.load(sys.stdin):
            module = getattr(mx.nd, call["namespace"]) if call["namespace"] else mx.nd
            function = getattr(module, call["function"], None)
            if function is None or call["name"] in done:
                continue
            log.write(json.dumps({"name": call["name"]}) + "\n")
            log.flush()
            found = _backward_of(mx, np, function, call)
            if found:
                log.write(json.dumps({"name": call["name"], "backward": found}) + "\n")
                log.flush()


def _progress(path):
    """operator -> its backward name (None: started, not finished) from earlier runs."""
    done = {}
    if os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                entry = json.loads(line)
                done[entry["name"]] = entry.get("backward")
    return done


def _backward_of(mx, np, function, call):
    rng = np.random.default_rng(0)
    low, high = call["domain"]
    arrays = [mx.nd.array(rng.uniform(low, high, size=shape) + 0.1 * i) for i, shape in enumerate(call["shapes"])]
    for array in arrays:
        array.attach_grad()
    outputs = []

    def forward():
        with mx.autograd.record():
            result = function(*arrays, **call["kwargs"])
        outputs[:] = result if isinstance(result, (list, tuple)) else [result]

    try:
        _profiled(mx, forward)
        ran = _profiled(mx, lambda: mx.autograd.backward(outputs))
    except Exception:  # noqa: BLE001 - MXNet cannot run or differentiate this sample
        mx.profiler.dumps(reset=True)
        return None
    return _main_name(ran)


# what MXNet's profiler lists beside the operators: C API calls and engine work
_NOT_OPERATORS = {"SetValueOp", "DeleteVariable", "ResourceParallelRandomSetSeed", "WaitForVar", "WaitForAll"}


def _main_name(ran):
    """The backward operator among the names of a backward pass: a ``_backward_`` one, else the
    one that is not ``zeros_like`` (the gradient of an input that gets none), else that one."""
    names = sorted(n for n in ran if not n.startswith("MX") and n not in _NOT_OPERATORS)
    for choice in ([n for n in names if n.startswith("_backward_")], [n for n in names if n != "zeros_like"], names):
        if choice:
            return choice[0]
    return None


# operators whose sample MXNet cannot differentiate, named from MXNet's source (the rest of those
# take backward_names.py's default, ``_backward_<name>``, as MXNet's legacy operators do)
_FROM_SOURCE = {"sort": "_backward_topk"}  # ordering_op.cc: its backward pass fails on an empty axis


def table(progress="/tmp/backward_names.jsonl"):
    """Write the table from ``progress``."""
    found = {name: backward for name, backward in _progress(progress).items() if backward}
    found.update(_FROM_SOURCE)
    with open(OUTPUT + ".tmp", "w") as handle:
        handle.write('"""MXNet 1.9.1\'s profiler name for the backward operator of each differentiable operator\n'
                     '(generated by tools/list_backward_names.py; read by backward_names.py)."""\n\nNAMES = {\n')
        handle.writelines(f"    {name!r}: {found[name]!r},\n" for name in sorted(found))
        handle.write("}\n")
    os.replace(OUTPUT + ".tmp", OUTPUT)
    print(f"{len(found)} operators -> {OUTPUT}")


if __name__ == "__main__":
    {"calls": calls, "names": names, "table": table}[sys.argv[1]]()
