"""Registry-driven call building for the fuzz suite: valid calls, generated inputs, the guard.

A valid call of an operator comes from ``SAMPLES`` of tests/op_samples/<family>.py (input
shapes and keyword arguments) or, when it has none, from the registry's defaults on (2, 3)
float32 inputs, exactly as tests/test_build.py builds it. Every table that treats an
operator specially lives here, one reason per entry, and names only registered operators
(tests/fuzz/test_coverage.py checks that).
"""
from __future__ import annotations

import contextlib
import faulthandler
import signal
import sys

import numpy as np
import samples

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.ndarray.ndarray import NDArray
from mxnd.registry import REGISTRY, REQUIRED

SAMPLES = samples.load("SAMPLES")
SAMPLE_DTYPES = samples.load("SAMPLE_DTYPES")
FAMILY_KWARGS = {"scalar": {"scalar": 2.0}}

# The errors an operator may raise for bad input (MXNet raises MXNetError for nearly all;
# its Python frontend raises AssertionError for non-NDArray inputs and TypeError/ValueError
# for values its own code converts).
CLEAN_ERRORS = (MXNetError, TypeError, ValueError, IndexError, AssertionError)

# Seconds one example may run before the guard fails it (soft: an exception at the next
# Python bytecode) and, HARD_LIMIT later, kills the process with every thread's traceback
# (a hang inside a torch kernel never returns to Python).
EXAMPLE_LIMIT = 20
HARD_LIMIT = 60

# ---- tables: operators treated specially, each with its reason ----------------------------

# Operators that write into their inputs on success by design (MXNet's in-place updates).
# A failed call must still leave them intact.
MUTATES_INPUTS = {
    "reset_arrays": "MXNet's reset_arrays zeroes its inputs in place",
}
MUTATING_FAMILIES = {
    "optimizer_update": "optimizer updates write the new weight and states into their inputs",
}

# Operators whose output shape depends on input values, not only on shapes and params.
DATA_DEPENDENT_SHAPE = {
    "_contrib_boolean_mask": "the output keeps the rows whose index is non-zero",
}

# Known failures, each reported and listed in docs/differences.md ("Reliability"):
# {(test name, operator): reason}; the test runs them as non-strict xfail.
KNOWN_FAILURES = {}

# Parameters generated as valid values instead of fuzzed (the value drives an allocation
# whose size the fuzzer must not pick: the suite must not exhaust memory).
NOT_FUZZED_PARAMS = {}


# Operators without outputs: out= has nothing to receive.
NO_OUTPUTS = {
    "reset_arrays": "MXNet's reset_arrays has no outputs",
    "_set_value": "its only output is the out= array, which its sample call already gives",
}


def known_failure(test: str, spec):
    """The reason ``test`` is expected to fail for ``spec``, or None."""
    return KNOWN_FAILURES.get((test, spec.name))


def mutates_inputs(spec) -> bool:
    return spec.name in MUTATES_INPUTS or spec.family in MUTATING_FAMILIES


def specs():
    """Every registered operator, sorted by name (read at collection time)."""
    return [REGISTRY[name] for name in sorted(REGISTRY)]


def module_of(namespace):
    return getattr(mx.nd, namespace) if namespace else mx.nd


def function_of(spec):
    return getattr(module_of(spec.namespace), spec.public_name)


def base_call(spec):
    """``(shapes, dtypes, kwargs)`` of the valid sample call of ``spec``."""
    shapes, kwargs = SAMPLES.get(spec.name, (None, None))
    if shapes is None:
        count = 2 if spec.variadic else spec.optional_inputs.count(False)
        shapes = [(2, 3)] * count
    kwargs = dict(FAMILY_KWARGS.get(spec.family, {}) if kwargs is None else kwargs)
    missing = [p.name for p in spec.params if p.default is REQUIRED and p.name not in kwargs]
    if missing:
        raise LookupError(f"{spec.name}: no sample values for required params {missing}")
    dtypes = list(SAMPLE_DTYPES.get(spec.name) or ["float32"] * len(shapes))
    return [tuple(s) for s in shapes], dtypes, kwargs


def sample_values(shape, index):
    """The deterministic sample data of input ``index`` (tests/test_build.py's ``arange + i``)."""
    return np.arange(1, 1 + int(np.prod(shape, dtype=np.int64))).reshape(shape) + index


def make_arrays(values, dtypes, ctx):
    return [mx.nd.array(v, dtype=d, ctx=ctx) for v, d in zip(values, dtypes)]


def snapshot(arrays):
    """Copies of the inputs' values, shapes and dtypes (NaN-aware comparison later)."""
    return [(a.shape, a.dtype, a.asnumpy().copy()) for a in arrays if isinstance(a, NDArray)]


def assert_unchanged(arrays, before, what="input"):
    after = snapshot(arrays)
    assert len(after) == len(before)
    for i, ((shape, dtype, values), (shape2, dtype2, values2)) in enumerate(zip(before, after)):
        assert shape == shape2 and dtype == dtype2, f"{what} {i} changed shape/dtype"
        np.testing.assert_array_equal(values2, values, err_msg=f"{what} {i} changed")


def names_of(spec):
    """Every name an error of ``spec`` may use: its MXNet names and public names."""
    names = set(spec.all_names) | {n for _, n in spec.entries}
    return names | {n.lstrip("_") for n in names}


# Errors raised while parsing a parameter carry MXNet's dmlc wording ("Invalid Parameter format
# for int: expect int but value='x'", "Invalid Input: 'x', valid values are: {...}") without the
# operator's name, which MXNet appends (", in operator sum(...)"); the builder (build.py, not
# owned by this suite) does not add it: reported, recorded in docs/differences.md. A dtype
# parameter goes through numpy as in MXNet's frontend, so np.dtype's own errors (TypeError,
# and SyntaxError for text such as '(1,') are MXNet's too.
PARSER_ERRORS = CLEAN_ERRORS + (SyntaxError,)


def parser_rejects(param, value) -> bool:
    """Whether ``param``'s own parser rejects ``value`` (the error is then a parse error)."""
    try:
        param.parse(value)
    except PARSER_ERRORS:
        return True
    except Exception:  # noqa: BLE001 - any other error is the parser's bug: the test reports it
        return False
    return False


# A context that names an absent device (ctx='gpu(99)') fails with the device's own message,
# as in MXNet (its CUDA check does not name the operator either).
DEVICE_ERRORS = ("is not available",)


def assert_clean_error(spec, error, parse_error=False):
    """``error`` is one MXNet raises and, unless a parser raised it, it names the operator."""
    allowed = PARSER_ERRORS if parse_error else CLEAN_ERRORS
    assert isinstance(error, allowed), f"{spec.name}: raised {type(error).__name__}: {error}"
    text = str(error)
    if parse_error or any(marker in text for marker in DEVICE_ERRORS):
        return
    assert any(name in text for name in names_of(spec)), \
        f"{spec.name}: the message does not name the operator: {type(error).__name__}: {text}"


def as_list(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


class ExampleTimeout(Exception):
    """An example ran past EXAMPLE_LIMIT seconds."""


@contextlib.contextmanager
def guard(limit=EXAMPLE_LIMIT):
    """Fail an example that runs past ``limit`` s; kill the process past ``limit + HARD_LIMIT``."""
    def expire(signum, frame):
        raise ExampleTimeout(f"example ran past {limit} s")

    main = hasattr(signal, "setitimer") and _in_main_thread()
    if main:
        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, limit)
    faulthandler.dump_traceback_later(limit + HARD_LIMIT, exit=True, file=sys.__stderr__)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        if main:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _in_main_thread():
    import threading

    return threading.current_thread() is threading.main_thread()


def attempt(spec, function, *args, **kwargs):
    """``(result, None)`` or ``(None, error)`` of one call, under the guard; sync on success."""
    with guard():
        try:
            result = function(*args, **kwargs)
            for r in as_list(result):
                if isinstance(r, NDArray):
                    r.wait_to_read()
        except ExampleTimeout:
            raise
        except Exception as error:  # noqa: BLE001 - the property checks what was raised
            return None, error
    return result, None
