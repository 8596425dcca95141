"""Evaluate fuzz expressions under MXNet 1.9.1 or mxnd and append one JSON line per expression.

    python run.py MODULE EXPRESSIONS OUT [--numeric]

MODULE is ``mxnet`` (run with the reference venv's python) or ``mxnd``. Each line of EXPRESSIONS
is an expression, or statements after ``!`` separated by ``;;`` that set ``R``. OUT gets
``[expression, result]`` lines; a run resumes where OUT stops, and an expression that kills the
interpreter (MXNet aborts and segfaults on some inputs) keeps the "CRASH" line written before it
ran. ``--numeric`` records arrays as dtype/shape/values (compare with a tolerance); otherwise
as text (compare exactly). Errors are recorded as "ERR <type>: <first line>".
"""
import json
import os
import sys

import numpy as np


def _message(error) -> str:
    """An error's message: its first line, or the last one of an MXNet C++ traceback."""
    lines = [line for line in str(error).splitlines() if line.strip()]
    if not lines:
        return ""
    return (lines[-1] if lines[0].startswith("Traceback") else lines[0])[:300]


def _show(result, numeric):
    if isinstance(result, (list, tuple)):
        shown = [_show(item, numeric) for item in result]
        return shown if numeric else type(result).__name__ + "[" + ", ".join(shown) + "]"
    if hasattr(result, "asnumpy"):
        try:
            values = result.asnumpy()
        except Exception as error:  # noqa: BLE001 (an asynchronous MXNet error surfaces here)
            return f"ASNUMPYERR {type(error).__name__}: {_message(error)}"
        if numeric:
            finite = np.nan_to_num(values.astype(np.float64), nan=1e300, posinf=1e301, neginf=-1e301)
            return {"dtype": str(values.dtype), "shape": list(result.shape), "v": finite.tolist()}
        return f"{type(result).__name__} {values.dtype} {result.shape} {getattr(result, 'stype', '')} {values.tolist()!r}"
    if isinstance(result, np.ndarray) and not numeric:
        return f"ndarray {result.dtype} {result.shape} {result.tolist()!r}"
    return type(result).__name__ + " " + repr(result)


def main(module, expressions, out, numeric):
    lines = [line.rstrip("\n") for line in open(expressions) if line.strip() and not line.startswith("#")]
    done = set()
    if os.path.exists(out):
        done = {json.loads(line)[0] for line in open(out)}
    mx = __import__(module)
    with open(out, "a") as sink:
        for expression in lines:
            if expression in done:
                continue
            sink.write(json.dumps([expression, "CRASH"]) + "\n")  # superseded below if it survives
            sink.flush()
            scope = {"mx": mx, "np": np}
            try:
                if expression.startswith("!"):
                    exec("\n".join(part.strip() for part in expression[1:].split(";;")), scope)
                    result = scope.get("R")
                else:
                    result = eval(expression, scope)
                shown = _show(result, numeric)
            except Exception as error:  # noqa: BLE001
                shown = f"ERR {type(error).__name__}: {_message(error)}"
            sink.write(json.dumps([expression, shown]) + "\n")
            sink.flush()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--numeric"]
    main(*args, numeric="--numeric" in sys.argv)
