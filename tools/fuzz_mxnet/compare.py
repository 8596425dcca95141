"""Print the expressions whose results differ between two run.py outputs.

    python compare.py MXNET.jsonl MXND.jsonl [--rtol R] [--same-error-type]

Results are compared exactly, or with ``--rtol`` for ``--numeric`` runs (dtype and shape exact).
``--same-error-type`` treats two errors of the same type as agreeing (MXNet's messages are
multi-line tracebacks; check one with ../shared/tools/mxref). Later lines of a file win, so a
crash line is replaced by the result of a rerun.
"""
import json
import sys

import numpy as np


def load(path):
    results = {}
    for line in open(path):
        expression, result = json.loads(line)
        results[expression] = result
    return results


def agree(a, b, rtol, same_error_type):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(agree(x, y, rtol, same_error_type) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        if a["dtype"] != b["dtype"] or a["shape"] != b["shape"]:
            return False
        return bool(np.allclose(np.array(a["v"], float), np.array(b["v"], float), rtol=rtol, atol=rtol))
    if same_error_type and isinstance(a, str) and isinstance(b, str) and a.startswith("ERR") and b.startswith("ERR"):
        return a.split(":")[0] == b.split(":")[0]
    return a == b


def main(argv):
    rtol = float(argv[argv.index("--rtol") + 1]) if "--rtol" in argv else 0.0
    reference, candidate = load(argv[0]), load(argv[1])
    differing = [e for e in reference if not agree(reference[e], candidate.get(e), rtol, "--same-error-type" in argv)]
    for expression in differing:
        print("EXPR:", expression[:600])
        print("  mxnet:", str(reference[expression])[:400])
        print("  mxnd :", str(candidate.get(expression))[:400])
    print(f"{len(differing)} differences of {len(reference)}")


if __name__ == "__main__":
    main(sys.argv[1:])
