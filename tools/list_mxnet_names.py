"""Write tools/mxnet_names.json: every public operator name of MXNet 1.9.1's mx.nd namespaces.

Runs ONLY in the reference venv (../shared/tools/mxnet-reference-venv.sh):
    /tmp/mxvenv/bin/python tools/list_mxnet_names.py
The JSON is committed; tools/gen_operator_docs.py reads it to list every MXNet name.
"""
import json
import os

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


names = {ns or "nd": public_functions(mod, keep_private=(ns == "_internal")) for ns, mod in NAMESPACES.items()}
path = os.path.join(os.path.dirname(__file__), "mxnet_names.json")
with open(path + ".tmp", "w") as handle:
    json.dump(names, handle, indent=1, sort_keys=True)
os.replace(path + ".tmp", path)
print({k: len(v) for k, v in names.items()})
