"""Write tools/mxnet_names.json: every public operator name of MXNet 1.9.1's mx.nd namespaces,
and tools/mxnet_uncallable.json: those of them that no MXNet program can call imperatively.

Runs ONLY in the reference venv (../shared/tools/mxnet-reference-venv.sh):
    /tmp/mxvenv/bin/python tools/list_mxnet_names.py
The JSON files are committed; tools/gen_operator_docs.py reads them to list every MXNet name.

An operator is uncallable when MXNet generates its Python wrapper without array arguments (only
``out``, ``name`` and ``**kwargs``, or, for a backward operator, scalar parameters alone: the C++
registration declares no inputs, as for most ``_backward_*`` operators, which only its graph
executor feeds) and a call fails (``_backward_add()``: "Operator _backward_add expects 1 inputs,
but got 0"): arrays given to such a wrapper become ``out``/``name`` or string parameters.
"""
import inspect
import json
import os
import re

import mxnet as mx

NAMESPACES = {
    "": mx.nd, "contrib": mx.nd.contrib, "linalg": mx.nd.linalg, "random": mx.nd.random,
    "sparse": mx.nd.sparse, "image": mx.nd.image, "_internal": mx.nd._internal,
}


def public_functions(module, keep_private=False):
    names = []
    for name in dir(module):
        if name.startswith("__") or (name.startswith("_") and not keep_private):
            continue
        value = getattr(module, name)
        if callable(value) and not isinstance(value, type):
            names.append(name)
    return sorted(names)


def _array_parameters(function) -> list:
    """The parameters its docstring types as NDArray (``data : NDArray``), ``out`` aside."""
    found = re.findall(r"^(\w+) : (?:NDArray|Symbol)", function.__doc__ or "", re.MULTILINE)
    return [name for name in found if name != "out"]


def uncallable(name, function) -> bool:
    """A generated operator wrapper without array inputs whose call fails: it takes no arguments
    at all, or it is a backward operator (it needs gradients) whose parameters are all scalars."""
    try:
        parameters = set(inspect.signature(function).parameters) - {"out", "name", "kwargs"}
    except (TypeError, ValueError):
        return False
    if parameters and not ("backward_" in name and not _array_parameters(function)):
        return False
    try:
        function()
    except mx.base.MXNetError:
        return True
    return False


def write(name, value):
    path = os.path.join(os.path.dirname(__file__), name)
    with open(path + ".tmp", "w") as handle:
        json.dump(value, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)


names = {ns or "nd": public_functions(mod, keep_private=(ns == "_internal")) for ns, mod in NAMESPACES.items()}
write("mxnet_names.json", names)
blocked = {ns or "nd": [n for n in names[ns or "nd"] if uncallable(n, getattr(mod, n))] for ns, mod in NAMESPACES.items()}
write("mxnet_uncallable.json", blocked)
print({k: len(v) for k, v in names.items()}, {k: len(v) for k, v in blocked.items()})
