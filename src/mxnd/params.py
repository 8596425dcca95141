"""Parsers for MXNet operator parameters, which arrive typed or as their ``str()`` form.

MXNet's frontend sends every value as ``str(v)`` and the C++ side parses it (tuple.h:
``"(3,3)"``, ``"[3,3]"``, ``"3"``; dmlc bool ``"true"/"1"``). Every parser returns early for
values that are already typed; text parsing is cached.
"""
from __future__ import annotations

import functools
import math
import numbers
import re

import numpy as np

from .errors import MXNetError

__all__ = ["ParamError", "parse_bool", "parse_int", "parse_float", "parse_float_tuple",
           "parse_float32_tuple", "parse_shape", "parse_optional_shape",
           "parse_optional_int", "parse_axis", "parse_dtype", "parse_any", "enum",
           "optional_enum", "parse_context", "dtype_enum"]


class ParamError(MXNetError, ValueError):
    """A parameter value that its parser cannot read: ``kind`` is the type it expected (None for
    an enum, whose ``message`` lists the valid values). The operator builder rewrites it into
    MXNet's message naming the operator and parameter (mxnd.param_errors)."""

    def __init__(self, kind, value, message: str | None = None):
        self.kind, self.value = kind, value
        super().__init__(message or f"Invalid Parameter format for {kind}: expect {kind} but value='{value}'")


def parse_bool(value) -> bool:
    """dmlc boolean: ``True``, ``1``, ``'true'``, ``'1'`` (any case).

    >>> parse_bool('True'), parse_bool(0)
    (True, False)
    """
    if value is True or value is False:
        return value
    text = str(value).strip().lower()
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    raise ParamError("boolean", value)


_INT_TEXT = re.compile(r"\s*[-+]?[0-9]+L?\s*")  # dmlc int: blanks around, an optional sign


def parse_int(value) -> int:
    """An int, or its text (dmlc: no floats, no booleans). ``parse_int('3')`` is 3."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        raise ParamError("int", value)
    if hasattr(value, "__index__") and not isinstance(value, str):
        return int(value.__index__())
    text = str(value)
    if not _INT_TEXT.fullmatch(text):
        raise ParamError("int", value)
    return int(text.strip().rstrip("L"))


def parse_float(value) -> float:
    """A float, or its text as dmlc's ``stod`` reads it (``str(True)`` is text too).

    >>> parse_float('0.5'), parse_float(' 2.5f'), parse_float('-inf')
    (0.5, 2.5, -inf)
    """
    if type(value) is float:
        return value
    if type(value) is int:
        return float(value)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    return _dmlc_double(str(value))


OUT_OF_RANGE = "out of range"  # ParamError kind: "Out of range value for <param>, value='...'"
# dmlc::stod (strtonum.h ParseFloat): blanks, a sign, then inf / infinity / nan(...), or
# digits[.digits][e[sign]digits] where any part may be empty (a lone sign or 'e5' reads as 0),
# then an optional f suffix ('False' reads its F and leaves 'alse')
_DMLC_DOUBLE = re.compile(r"[ \t\n\r\f\v]*([-+]?)(?:(inf(?:inity)?)|(nan(?:\([0-9A-Za-z_]*\))?)"
                          r"|([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?[0-9]*))?)[fF]?", re.I)
_DBL_MIN = 2.2250738585072014e-308


def _dmlc_double(text: str) -> float:
    """``text`` as a dmlc double parameter: its value, or ParamError with dmlc's message."""
    match = _DMLC_DOUBLE.match(text)
    if not match.end():
        raise ParamError("float", text)
    if match.end() < len(text):
        raise ParamError(None, text, f"Some trailing characters could not be parsed: '{text[match.end():]}'")
    sign, infinity, nan, digits, fraction, exponent = match.groups()
    if infinity or nan:
        return float(sign + ("inf" if infinity else "nan"))
    exponent = exponent if exponent and exponent[-1:].isdigit() else "0"
    value = float(f"{sign}{digits or 0}.{fraction or ''}e{exponent}")
    if math.isinf(value) or 0 < abs(value) < _DBL_MIN or (value == 0 and (digits + (fraction or "")).strip("0")):
        raise ParamError(OUT_OF_RANGE, text, f"Out of range value, value='{text}'")
    return value


_NUMBER = r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"  # what an istream reads as a number
_TUPLE_ITEM = re.compile(rf"[-+]?{_NUMBER}")
# tuple.h's operator>>: one number starting with a digit or '-', or numbers in () or [] with an
# optional trailing comma; blanks around (no inf or nan: an istream does not read them)
_TUPLE_TEXT = re.compile(rf"\s*(?:-|(?=[0-9])){_NUMBER}\s*"
                         rf"|\s*[(\[]\s*(?:{_TUPLE_ITEM.pattern}\s*(?:,\s*{_TUPLE_ITEM.pattern}\s*)*(?:,\s*)?)?[)\]]\s*")


@functools.lru_cache(maxsize=1024)
def _float_tuple_text(text: str, single: bool):
    """The values of dmlc ``Tuple<float>`` (``single``) or ``Tuple<double>`` text; None where its
    parser fails (bad text, or a value that overflows the type)."""
    if not _TUPLE_TEXT.fullmatch(text):
        return None
    values = [float(item) for item in _TUPLE_ITEM.findall(text)]
    if single:
        with np.errstate(over="ignore"):
            values = [float(np.float32(v)) for v in values]
    return None if any(math.isinf(v) for v in values) else tuple(values)


def _tuple_text(value) -> str:
    """``str(value)``, a tuple or list written from its items' ``str`` (numpy 2's scalar repr,
    ``np.float32(0.5)``, is not the ``0.5`` that MXNet's frontend sent under numpy 1)."""
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(map(str, value)) + ")"
    return str(value)


def parse_float_tuple(value) -> tuple:
    """dmlc ``Tuple<double>``, read from ``str(value)`` as MXNet's frontend sends it: a number,
    a tuple/list of numbers, or text ``'(0.5, 1)'`` / ``'[0.5]'`` (non-finite values fail).

    >>> parse_float_tuple('(5, 9)'), parse_float_tuple(0.5), parse_float_tuple([1, 2])
    ((5.0, 9.0), (0.5,), (1.0, 2.0))
    """
    values = _float_tuple_text(_tuple_text(value), False)
    if values is None:
        raise ParamError("tuple of <double>", value)
    return values


def parse_float32_tuple(value) -> tuple:
    """dmlc ``Tuple<float>``: parse_float_tuple's values as C++ floats (rounded to float32).

    >>> parse_float32_tuple('(0.1, 2)')
    (0.10000000149011612, 2.0)
    """
    values = _float_tuple_text(_tuple_text(value), True)
    if values is None:
        raise ParamError("tuple of <float>", value)
    return values


def parse_optional_int(value):
    """An int or None (``'None'``)."""
    if value is None or value == "None":
        return None
    return parse_int(value)


_SHAPE_TEXT = re.compile(r"\s*[(\[]\s*(?:-?[0-9]+L?\s*(?:,\s*-?[0-9]+L?\s*)*,?\s*)?[)\]]\s*|\s*-?[0-9]+L?\s*")


@functools.lru_cache(maxsize=1024)
def _parse_shape_text(text: str) -> tuple:
    """tuple.h: ``(3,3)``, ``[3, 3]``, ``(3L,3L)``, ``3``, ``()``; nothing else."""
    if text == "None":
        return ()
    if not _SHAPE_TEXT.fullmatch(text):
        raise ParamError("Shape(tuple)", text)
    numbers_ = re.findall(r"-?[0-9]+", text)
    return tuple(int(n) for n in numbers_)


def parse_shape(value) -> tuple:
    """A shape: tuple, list, int or text such as ``'(3,3)'`` / ``'[3, 3]'`` / ``'3'``.

    >>> parse_shape('(2, 3)'), parse_shape(4), parse_shape([1, 2])
    ((2, 3), (4,), (1, 2))
    """
    if type(value) is tuple:
        for v in value:
            if type(v) is not int:
                break
        else:
            return value  # fast path: already a tuple of ints
    if isinstance(value, str):
        return _parse_shape_text(value)
    if value is None:
        return ()
    if isinstance(value, np.ndarray):
        return _parse_shape_text(str(value))  # MXNet's frontend sends str(): '[2 1]' does not parse
    if isinstance(value, bool):
        raise ParamError("Shape(tuple)", value)
    if isinstance(value, int) or hasattr(value, "__index__") and not hasattr(value, "__len__"):
        return (int(value),)
    try:
        return tuple(parse_int(v) for v in value)
    except TypeError:
        raise ParamError("Shape(tuple)", value) from None


def parse_optional_shape(value):
    """A shape, or None (``'None'``) for a shape left unset (dmlc's ``TShape(0, -1)`` default).

    >>> parse_optional_shape('None') is None, parse_optional_shape('(4, 0)')
    (True, (4, 0))
    """
    if value is None or value == "None":
        return None
    return parse_shape(value)


def parse_axis(value):
    """An axis: int, tuple of ints, None, or their text (``'1'``, ``'(0,1)'``, ``'None'``).

    >>> parse_axis('1'), parse_axis('(0, 1)'), parse_axis(None)
    (1, (0, 1), None)
    """
    if value is None or type(value) is int:
        return value
    if isinstance(value, str):
        text = value.strip()
        if text == "None":
            return None
        if text.startswith(("(", "[")):
            return _parse_shape_text(text)
        return parse_int(text)
    if isinstance(value, (tuple, list)):
        return tuple(parse_int(v) for v in value)
    return parse_int(value)


def parse_dtype(value):
    """A dtype name (``'float32'``) from a str, numpy type or torch dtype; None stays None."""
    from . import dtypes

    if value is None:
        return None
    return dtypes.lookup(value, "dtype").name


def parse_any(value):
    """Leave the value as given."""
    return value


def enum(*choices: str):
    """A parser that accepts one of ``choices`` (MXNet's enum params), e.g. ``enum('relu', 'tanh')``."""
    allowed = frozenset(choices)

    def parse_enum(value):
        text = str(value)
        if text not in allowed:
            raise ParamError(None, value, f"Invalid Input: '{text}', valid values are: "
                                          f"{{{', '.join(map(repr, sorted(allowed)))}}}")
        return text

    parse_enum.choices = tuple(choices)
    return parse_enum


def optional_enum(*choices: str):
    """MXNet's optional enum param: None (or 'None') or one of ``choices``.

    >>> optional_enum('NCHW', 'NCW')('None') is None, optional_enum('NCHW')('NCHW')
    (True, 'NCHW')
    """
    allowed = frozenset(choices)
    listing = ", ".join(["None"] + [repr(c) for c in sorted(allowed)])

    def parse_optional(value):
        text = str(value)
        if value is None or text == "None":
            return None
        if text not in allowed:
            raise ParamError(None, value, f"Invalid Input: '{text}', valid values are: {{{listing}}}")
        return text

    parse_optional.choices = (None,) + tuple(choices)
    return parse_optional


def parse_context(value):
    """A Context from a Context, None (the current default) or text such as ``'gpu(1)'``.

    >>> parse_context('cpu(0)')
    cpu(0)
    """
    from .context import Context, current_context

    if value is None:
        return current_context()
    if isinstance(value, Context):
        return value
    text = str(value).strip()
    name, _, rest = text.partition("(")
    try:
        return Context(name, int(rest.rstrip(")") or 0))
    except (KeyError, ValueError):
        raise ParamError("Context", value) from None


def dtype_enum(*choices: str, optional: bool = True, frontend: bool = True, none_text: str = "None"):
    """Parser of an operator's dtype enum param: only ``choices`` are valid.

    A param named ``dtype`` passes MXNet's frontend, which sends ``np.dtype(v).name``
    (python/mxnet/ndarray/register.py): an explicit ``dtype=None`` means float64 and
    ``'None'`` raises numpy's TypeError (``frontend=True``). Other names (norm's
    ``out_dtype``) reach the enum as given: None stays None when ``optional``. ``none_text`` is how
    the error lists None: the random samplers declare it as the string ``'None'``.

    >>> dtype_enum('float32', 'float64')(None)
    'float64'
    >>> dtype_enum('float32', frontend=False)(None) is None
    True
    """
    from . import dtypes

    allowed = frozenset(choices)
    listing = (none_text + ", " if optional else "") + ", ".join(repr(c) for c in sorted(allowed))

    def parse(value):
        if frontend:
            try:
                name = dtypes.lookup_frontend(value).name
            except KeyError:
                name = str(value)
        elif value is None or value == "None":
            if optional:
                return None
            name = "None"
        else:
            try:
                name = dtypes.lookup(value).name
            except (MXNetError, TypeError):
                name = str(value)
        if name not in allowed:
            raise ParamError(None, value, f"Invalid Input: '{name}', valid values are: {{{listing}}}")
        return name

    return parse
