"""Write tests/optimizer/reference.json: MXNet 1.9.1's result of every case in optimizer_cases.py.

Runs ONLY in the reference venv:  /tmp/mxvenv/bin/python tests/optimizer/make_reference.py
"""
import json
import os
import sys
import warnings

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "tools"))
sys.path.insert(0, here)

if __name__ == "__main__":
    import mxnet as mx  # only here: pytest imports this file for doctests
    from golden_cases import evaluate
    from optimizer_cases import CASES

    warnings.simplefilter("ignore")

    results = {case: evaluate(case, mx) for case in CASES}
    path = os.path.join(here, "reference.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"{len(results)} cases -> {path}")
