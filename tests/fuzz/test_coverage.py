"""The fuzz suite covers every operator of the registry, as it stands when the tests run.

The property tests are parametrized when their module is collected; this module reads the
registry again at run time (after every operator family, sparse included, is imported) and
checks that no registered operator is missing from any property, that each has a valid
sample call, and that every special-case table names registered operators with a reason.
"""
import importlib

import pytest

from mxnd.registry import REGISTRY  # importing mxnd registers every operator family

import fuzz_calls
import test_operators
import test_references

PROPERTIES = {
    "test_valid_call_with_any_data": test_operators.NAMES,
    "test_other_dtypes_work_or_raise_cleanly": test_operators.NAMES,
    "test_zero_size_and_0d_inputs": [s.name for s in test_operators.SPECS if s.inputs],
    "test_random_shapes": [s.name for s in test_operators.SPECS if s.inputs],
    "test_sparse_inputs": test_operators.SPARSE_READY,
    "test_bad_param_values": [s.name for s in test_operators.FUZZED],
    "test_out_targets": [n for n in test_operators.NAMES if n not in fuzz_calls.NO_OUTPUTS],
}


def registered_now():
    importlib.import_module("mxnd.ndarray.sparse")  # families that register on import
    return dict(REGISTRY)


def test_no_registered_operator_is_missing_from_the_suite():
    registry = registered_now()
    covered = set(test_operators.NAMES)
    missing = sorted(set(registry) - covered)
    assert not missing, f"operators registered after collection, not fuzzed: {missing}"
    assert covered <= set(registry), sorted(covered - set(registry))


@pytest.mark.parametrize("test", sorted(PROPERTIES))
def test_each_property_covers_every_operator_it_applies_to(test):
    registry = registered_now()
    applies = {
        "test_zero_size_and_0d_inputs": lambda s: bool(s.inputs),
        "test_random_shapes": lambda s: bool(s.inputs),
        "test_sparse_inputs": lambda s: any(len(shape) == 2 and dtype == "float32"
                                            for shape, dtype in zip(*fuzz_calls.base_call(s)[:2])),
        "test_bad_param_values": lambda s: bool(s.params),
        "test_out_targets": lambda s: s.name not in fuzz_calls.NO_OUTPUTS,
    }.get(test, lambda s: True)
    expected = {name for name, spec in registry.items() if applies(spec)}
    assert set(PROPERTIES[test]) == expected


def test_every_operator_has_a_valid_sample_call():
    problems = []
    for spec in registered_now().values():
        try:
            fuzz_calls.base_call(spec)
        except LookupError as error:
            problems.append(str(error))
    assert not problems, problems


TABLES = {
    "MUTATES_INPUTS": fuzz_calls.MUTATES_INPUTS,
    "DATA_DEPENDENT_SHAPE": fuzz_calls.DATA_DEPENDENT_SHAPE,
    "NO_OUTPUTS": fuzz_calls.NO_OUTPUTS,
    "KNOWN_FAILURES": {name: reason for (_, name), reason in fuzz_calls.KNOWN_FAILURES.items()},
    "NOT_FUZZED_PARAMS": {name: reason for (name, _), reason in fuzz_calls.NOT_FUZZED_PARAMS.items()},
}


@pytest.mark.parametrize("table", sorted(TABLES))
def test_special_case_tables_name_registered_operators_with_a_reason(table):
    registry = registered_now()
    for name, reason in TABLES[table].items():
        assert name in registry, f"{table}: {name} is not a registered operator"
        assert isinstance(reason, str) and len(reason) > 20, f"{table}: {name} needs a reason"


def test_known_failures_name_property_tests():
    for test, _ in fuzz_calls.KNOWN_FAILURES:
        assert test in PROPERTIES


def test_reference_tables_cover_registered_operators_only():
    registry = registered_now()
    assert test_references.COVERED <= set(registry), sorted(test_references.COVERED - set(registry))
    # every operator of the one-liner families has a value reference
    for family in ("unary", "elemwise", "broadcast", "scalar"):
        names = {n for n, s in registry.items() if s.family == family}
        unreferenced = sorted(names - test_references.COVERED - REFERENCE_EXEMPT)
        assert not unreferenced, f"{family}: no value reference for {unreferenced}"


# Operators of the one-liner families without a value reference table entry, with the reason.
REFERENCE_EXEMPT = {
    "Cast",  # its dtype parameter is the whole point: covered by the dtype properties
    "clip",  # needs a_min/a_max: covered by test_shape_and_layout
    "_identity_with_attr_like_rhs",  # returns lhs; covered by test_operators
    "add_n",  # variadic; covered by test_operators
    "_contrib_backward_gradientmultiplier",  # a backward helper; covered by test_operators
}
