"""Shared runner for golden cases: evaluates a case under ``mx`` (MXNet or mxnd) into JSON data.

A case is an expression, or statements that set ``result``.
Both tools/make_golden.py (reference MXNet 1.9.1) and the tests (mxnd) use ``evaluate``.
"""
import builtins
import json
import math

import numpy as np


def _plain(value):
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return repr(value)
    return value


def _encode(value, mx):
    if isinstance(value, mx.nd.NDArray):
        array = value.asnumpy()
        encoded = {"kind": "ndarray", "dtype": np.dtype(array.dtype).name, "shape": list(value.shape),
                   "value": np.vectorize(_plain, otypes=[object])(array).tolist() if array.size else [],
                   "context": str(value.context)}
        encoded["stype"] = getattr(value, "stype", "default")  # compared when a recording has it
        return encoded
    if isinstance(value, (list, tuple)) and any(isinstance(v, mx.nd.NDArray) for v in value):
        return {"kind": "list", "items": [_encode(v, mx) for v in value]}
    if isinstance(value, (bool, int, float, str, np.generic)) or value is None:
        scalar = value.item() if isinstance(value, np.generic) else value
        return {"kind": "scalar", "type": type(value).__name__, "value": _plain(scalar)}
    if isinstance(value, tuple):
        return {"kind": "scalar", "type": "tuple", "value": json.loads(json.dumps(value, default=str))}
    return {"kind": "repr", "value": repr(value)}


def evaluate(case, mx):
    """Run ``case`` with ``mx`` bound and encode its result or the exception it raised."""
    env = {"mx": mx, "np": np, "nd": mx.nd}
    try:
        try:
            code = compile(case, "<case>", "eval")
        except SyntaxError:
            exec(compile(case, "<case>", "exec"), env)
            value = env["result"]
        else:
            value = eval(code, env)
        return _encode(value, mx)
    except Exception as error:  # noqa: BLE001 - the exception is the expected value
        lines = str(error).strip().splitlines()
        return {"kind": "error", "type": _error_type(error, mx), "message": lines[-1] if lines else ""}


def _error_type(error, mx) -> str:
    """The exception's name; subclasses of MXNetError count as MXNetError unless they carry a
    builtin's name (MXNet raises IndexError/ValueError/... for some engine errors)."""
    name = type(error).__name__
    if isinstance(error, mx.base.MXNetError) and not hasattr(builtins, name):
        return "MXNetError"
    return name
