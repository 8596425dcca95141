"""MXNet's error for an operator parameter it cannot read, found in MXNet's order.

MXNet's frontend sends an operator's keyword arguments as text (``str(value)``) in the order of
its generated signature: keywords it does not declare first, then its declared parameters in
declaration order, ``dtype`` last; a variadic operator's keywords go as given and the C++ side
adds its ``num_args``. The C++ side stores them in a ``std::unordered_map`` and parses them in
that map's iteration order, so of two bad values the first in that order is reported, and most
operators append the map to the message: ``, in operator one_hot(name="", depth="x")``.
``attribute_order`` reproduces libstdc++'s order (checked against MXNet 1.9.1 on 600 random
calls, bucket collisions included). This module runs only once a parameter has failed to parse.

>>> attribute_order(["kernel", "stride", "dilate", "num_filter"])
['num_filter', 'dilate', 'stride', 'kernel']
"""
from __future__ import annotations

from .errors import MXNetError
from .params import OUT_OF_RANGE, ParamError
from .registry import REQUIRED

__all__ = ["attribute_order", "report", "find"]

_MASK = (1 << 64) - 1
_MUL = (0xC6A4A793 << 32) + 0x5BD1E995  # libstdc++ hash_bytes.cc, 64-bit size_t
_SEED = 0xC70F6907  # std::hash<std::string>'s seed
_SMALL_BUCKETS = (1, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13)  # _Prime_rehash_policy::_M_next_bkt


def _string_hash(text: str) -> int:
    """``std::hash<std::string>`` of libstdc++ (``_Hash_bytes``, a 64-bit MurmurHash2 variant)."""
    data = text.encode()
    size = len(data)
    whole = size & ~7
    value = (_SEED ^ (size * _MUL)) & _MASK
    for start in range(0, whole, 8):
        word = (int.from_bytes(data[start:start + 8], "little") * _MUL) & _MASK
        value = ((value ^ ((word ^ (word >> 47)) * _MUL & _MASK)) * _MUL) & _MASK
    if size & 7:
        value = ((value ^ int.from_bytes(data[whole:], "little")) * _MUL) & _MASK
    value = ((value ^ (value >> 47)) * _MUL) & _MASK
    return value ^ (value >> 47)


def _bucket_count(elements: int) -> int:
    """The buckets ``reserve(elements)`` gives an empty map: the next prime >= elements (>= 2)."""
    if elements < len(_SMALL_BUCKETS):
        return _SMALL_BUCKETS[max(elements, 1)]
    candidate = elements
    while any(candidate % d == 0 for d in range(2, int(candidate ** 0.5) + 1)):
        candidate += 1
    return candidate


def attribute_order(keys, reserve: int | None = None) -> list:
    """The iteration order of a libstdc++ ``unordered_map`` after ``reserve(reserve)`` (MXNet:
    the number of keys + 1) and an ``emplace`` of each key in turn: a key whose bucket is empty
    goes to the front of the list, one whose bucket is taken goes before that bucket's keys."""
    buckets = _bucket_count(len(keys) + 1 if reserve is None else reserve)
    order, bucket_of = [], {}
    for key in keys:
        if key in bucket_of:
            continue  # emplace keeps the first value
        bucket = bucket_of[key] = _string_hash(key) % buckets
        first = next((i for i, other in enumerate(order) if bucket_of[other] == bucket), 0)
        order.insert(first, key)
    return order


def _declared(spec):
    """MXNet's canonical name of ``spec`` and its (parameters as ((name, type text), ...),
    key_var_num_args, whether it appends the map to messages, the documented parameter names
    that order the frontend's keys where they differ from the parsed ones, else None)."""
    from .mxnet_params import ALIASES, OPERATORS

    for name in spec.all_names:
        canonical = ALIASES.get(name, name)
        if canonical in OPERATORS:
            return canonical, OPERATORS[canonical]
    return spec.name, ((), "", True, None)


def _frontend_keys(spec, given: dict, declared, documented) -> list:
    """The keys in the order MXNet's generated frontend sends them: keywords its signature lacks
    first, then its (documented) parameters in order, dtype last."""
    if spec.variadic:
        return list(given)
    signature = documented or [name for name, _ in declared] or [p.name for p in spec.params]
    order = [name for name in signature if name != "dtype"]
    known = set(order) | {"dtype"}
    return ([key for key in given if key not in known] + [key for key in order if key in given]
            + (["dtype"] if "dtype" in given else []))


def _text(key: str, value) -> str:
    """The text MXNet's frontend sends (dtype: numpy's name for it)."""
    if key == "dtype" and value is not None:
        try:
            import numpy as np

            return np.dtype(value).name
        except TypeError:
            pass
    return str(value)


def report(spec, given: dict, arrays: int) -> MXNetError:
    """The error MXNet raises for ``given`` (param name -> value as passed), which holds a value
    that does not parse, an unknown keyword or lacks a required parameter (see ``find``).

    >>> from mxnd.registry import REGISTRY
    >>> print(report(REGISTRY["one_hot"], {"depth": "x"}, 1))
    one_hot: Invalid Parameter format for depth expect int but value='x', in operator one_hot(name="", depth="x")
    """
    error = find(spec, given, arrays)
    if error is None:
        raise AssertionError(f"{spec.name}: report() found nothing wrong in {given!r}")
    return error


# attributes an operator's parser adds before reading the others (they show in its messages)
_ADDED_ATTRS = {"_contrib_quantized_rnn": {"quantized": "true"}}


def find(spec, given: dict, arrays: int) -> MXNetError | None:
    """MXNet's error for the parameters ``given`` to operator ``spec`` with ``arrays`` inputs, or
    None when MXNet would read them all."""
    op_name, (declared, num_args, appends, documented) = _declared(spec)
    types = dict(declared)
    parsers = {p.name: p.parse for p in spec.params}
    texts = {key: _text(key, value) for key, value in given.items()}
    keys = _frontend_keys(spec, given, declared, documented)
    if num_args:  # the C++ side adds it; a value given as a keyword stays (emplace keeps the first)
        texts.setdefault(num_args, str(arrays))
        keys.append(num_args)
    added = _ADDED_ATTRS.get(op_name, {})
    for key, value in added.items():  # set by the operator's own attribute parser
        texts.setdefault(key, value)
        keys.append(key)
    order = attribute_order(keys, len(keys) + (0 if num_args else 1))
    message = None
    for key in order:
        if key == num_args and key not in parsers or key in added:
            continue
        if key not in parsers:
            if not parsers:
                continue  # operators without parameters ignore keywords
            message = (f"Cannot find argument '{key}', Possible Arguments: "
                       + ", ".join(name for name, _ in declared or [(p.name, 0) for p in spec.params]))
            break
        try:
            parsers[key](given[key] if key in given else texts[key])
        except ParamError as error:
            if error.kind == OUT_OF_RANGE:
                message = f"Out of range value for {key}, value='{texts[key]}'"
            else:
                message = str(error) if error.kind is None else (
                    f"Invalid Parameter format for {key} expect {types.get(key, error.kind)} "
                    f"but value='{texts[key]}'")
            break
    if message is None:
        required = {p.name for p in spec.params if p.default is REQUIRED}
        missing = [name for name in [*types, *parsers] if name in required and name not in given]
        if not missing:
            return None
        kind = types.get(missing[0], "")
        message = f"Required parameter {missing[0]} of {'int' if kind.startswith('{') else kind} is not presented"
    if appends:
        message += f', in operator {op_name}(name=""' + "".join(f', {k}="{texts[k]}"' for k in order) + ")"
    return ParamError(None, None, f"{spec.name}: {message}")
