"""mxnd against the reference: every case in tests/golden/*_cases.py, with MXNet 1.9.1's recorded result.

The JSON files are written by tools/make_golden.py in the reference venv. A case whose
mxnd behaviour differs on purpose is listed in DELIBERATE with the reason (and in
docs/differences.md).
"""
import json
import math
import pathlib
import sys
import warnings

import numpy as np
import pytest

import mxnd as mx

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))
from golden_cases import evaluate  # noqa: E402

GOLDEN = pathlib.Path(__file__).parent / "golden"

# case -> why mxnd deliberately differs from MXNet 1.9.1 (a cases file may add its own DELIBERATE)
DELIBERATE = {
    "x = mx.nd.zeros((2, 3)); x[0, 5] = 1; result = x":
        "MXNet does not bounds-check this key; mxnd raises IndexError",
    "a = np.array([1., 2.], dtype=np.float32); m = mx.nd.from_numpy(a); m[:] = 7; result = a.tolist()":
        "MXNet 1.9.1's zero-copy from_numpy does not show later NDArray writes in the numpy source; "
        "mxnd shares the memory, as documented",
}


def _load_deliberate():
    """Merge ``DELIBERATE`` of every tests/golden/<name>_cases.py into the table above."""
    import importlib.util

    for path in sorted(GOLDEN.glob("*_cases.py")):
        spec = importlib.util.spec_from_file_location(f"golden_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        DELIBERATE.update(getattr(module, "DELIBERATE", {}))


_load_deliberate()


def _load():
    cases = []
    for path in sorted(GOLDEN.glob("*.json")):
        for case, expected in json.loads(path.read_text()).items():
            cases.append(pytest.param(case, expected, id=f"{path.stem}:{case[:70]}"))
    return cases


def _number(value):
    if isinstance(value, str) and value in ("nan", "inf", "-inf"):
        return float(value)
    return value


def assert_matches(actual, expected):
    assert actual["kind"] == expected["kind"], (actual, expected)
    kind = expected["kind"]
    if kind == "error":
        assert actual["type"] == expected["type"], (actual, expected)
    elif kind == "ndarray":
        assert actual["dtype"] == expected["dtype"]
        assert actual["shape"] == expected["shape"]
        assert actual["context"] == expected["context"]
        if "stype" in expected:  # recordings made since sparse arrays exist carry the storage type
            assert actual["stype"] == expected["stype"], (actual, expected)
        want = np.vectorize(_number, otypes=[float])(np.array(expected["value"], dtype=object)) \
            if expected["value"] != [] else np.array([])
        got = np.vectorize(_number, otypes=[float])(np.array(actual["value"], dtype=object)) \
            if actual["value"] != [] else np.array([])
        np.testing.assert_array_equal(got, want)
    elif kind == "list":
        assert len(actual["items"]) == len(expected["items"])
        for a, e in zip(actual["items"], expected["items"]):
            assert_matches(a, e)
    elif kind == "scalar":
        a, e = _number(actual["value"]), _number(expected["value"])
        if isinstance(e, float) and math.isnan(e):
            assert math.isnan(a)
        else:
            assert a == e, (actual, expected)
    else:
        assert actual["value"] == expected["value"]


@pytest.mark.parametrize("case,expected", _load())
def test_matches_reference(case, expected):
    compile(case, "<golden case>", "exec")  # a case that does not compile fails alike on both sides
    if case in DELIBERATE:
        pytest.xfail(DELIBERATE[case])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        actual = evaluate(case, mx)
    assert_matches(actual, expected)
