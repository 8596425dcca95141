"""Write tests/golden/<name>.json: the reference MXNet 1.9.1 result of every case in tests/golden/<name>_cases.py.

Runs ONLY in the reference venv (../shared/tools/mxnet-reference-venv.sh):
    /tmp/mxvenv/bin/python tools/make_golden.py [--new] foundation

``--new`` evaluates only the cases the JSON lacks (and drops results whose case is gone), so
the recorded results of the others (random draws, one-off reference runs) stay as they are.
"""
import importlib.util
import json
import os
import sys
import warnings

import mxnet as mx

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from golden_cases import evaluate  # noqa: E402

warnings.simplefilter("ignore")


def main(name, only_new=False):
    folder = os.path.join(here, "..", "tests", "golden")
    spec = importlib.util.spec_from_file_location("cases", os.path.join(folder, f"{name}_cases.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = os.path.join(folder, f"{name}.json")
    old = {}
    if only_new and os.path.exists(path):
        with open(path) as handle:
            old = json.load(handle)
    results = {case: old[case] if case in old else evaluate(case, mx) for case in module.CASES}
    with open(path + ".tmp", "w") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"{len(results)} cases -> {path}")


if __name__ == "__main__":
    args = sys.argv[1:]
    only_new = "--new" in args
    for arg in [a for a in args if a != "--new"] or ["foundation"]:
        main(arg, only_new)
