"""Text of dlarrays: MATLAB-style display and the string functions num2str, int2str, mat2str,
sprintf, fprintf and compose (all on the underlying data, MATLAB column-major element order).

>>> from mxnd import dl
>>> print(repr(dl.dlarray([1., 2., 3.], 'C')))
  3(C) × 1(U) dlarray
<BLANKLINE>
     1
     2
     3
<BLANKLINE>
>>> dl.mat2str(dl.dlarray([[1., 2.], [3., 4.5]]))
'[1 2;3 4.5]'
>>> dl.sprintf('%d,', dl.dlarray([[1., 2.], [3., 4.]]))
'1,3,2,4,'
"""
from __future__ import annotations

import math
import re
import sys

import numpy as np

from ._core import dlarray, size_matlab

__all__ = ["display", "num2str", "int2str", "mat2str", "sprintf", "fprintf", "compose", "column_major"]


def _numpy(x) -> np.ndarray:
    if isinstance(x, dlarray):
        array = x.asnumpy()
        return array.reshape(size_matlab(array.shape, x._fmt))
    array = np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    return array.reshape(size_matlab(array.shape)) if array.ndim < 2 else array


def column_major(x) -> np.ndarray:
    """The elements in MATLAB's linear (column-major) order, as a 1-D numpy array."""
    return _numpy(x).reshape(-1, order="F")


# ----- display -------------------------------------------------------------------------------
def _header(x: dlarray) -> str:
    sizes = size_matlab(x._data.shape, x._fmt)
    if x._fmt:
        return " × ".join(f"{s}({label})" for s, label in zip(sizes, x._fmt)) + " dlarray"
    return "×".join(str(s) for s in sizes) + " dlarray"


def _matrix_lines(matrix: np.ndarray) -> list:
    if matrix.size == 0:
        return []
    if matrix.dtype == np.bool_:
        cells = [["1" if v else "0" for v in row] for row in matrix]
        width = 3
    elif np.iscomplexobj(matrix):
        parts = np.concatenate([matrix.real.ravel(), matrix.imag.ravel()])
        finite = parts[np.isfinite(parts)]
        integral = bool(np.all(finite == np.round(finite)))
        cells = [[_complex_text(v, integral) for v in row] for row in matrix]
        width = max(len(c) for row in cells for c in row) + 3
    else:
        finite = matrix[np.isfinite(matrix)]
        integral = finite.size == 0 or bool(np.all(finite == np.round(finite)) and np.all(np.abs(finite) < 1e9))
        cells = [[_real_text(v, integral) for v in row] for row in matrix]
        longest = max(len(c) for row in cells for c in row)
        width = max(longest + 3, 6) if integral else longest + 4
    return ["".join(cell.rjust(width) for cell in row) for row in cells]


def _real_text(value, integral) -> str:
    value = float(value) + 0.0  # -0 displays as 0, as in MATLAB
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Inf" if value > 0 else "-Inf"
    if integral:
        return str(int(value))
    if value != 0 and (abs(value) >= 1e5 or abs(value) < 1e-4):
        return f"{value:.4e}"
    return f"{value:.4f}"


def _complex_text(value, integral) -> str:
    real, imag = float(value.real), float(value.imag)
    sign = "-" if imag < 0 or (imag == 0 and math.copysign(1, imag) < 0) else "+"
    return f"{_real_text(real, integral)} {sign} {_real_text(abs(imag), integral)}i"


_DISPLAY_LIMIT = 5000  # larger arrays show numpy's summarised text under the MATLAB header


def display(x: dlarray) -> str:
    """MATLAB's display of a dlarray: ``2(S) × 3(C) × 2(B) dlarray`` then the pages of data."""
    array = _numpy(x)
    if array.size == 0:
        return "  " + _header(x).replace(" dlarray", " empty dlarray") + "\n"
    lines = ["  " + _header(x), ""]
    if array.size > _DISPLAY_LIMIT:
        lines.append(np.array2string(array, threshold=200, edgeitems=3))
        lines.append("")
        return "\n".join(lines)
    if array.ndim <= 2:
        lines.extend(_matrix_lines(array))
        lines.append("")
        return "\n".join(lines)
    pages = array.shape[2:]
    for flat in range(int(np.prod(pages))):
        index = np.unravel_index(flat, pages, order="F")
        lines.append("")
        lines.append("(:,:," + ",".join(str(i + 1) for i in index) + ") =")
        lines.append("")
        lines.extend(_matrix_lines(array[(slice(None), slice(None)) + tuple(index)]))
        lines.append("")
    return "\n".join(lines)


# ----- MATLAB string functions ----------------------------------------------------------------
def _scalar_text(value, precision=None) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "1" if value else "0"
    if np.iscomplexobj(value):
        real, imag = _scalar_text(value.real, precision), _scalar_text(abs(value.imag), precision)
        return f"{real}{'-' if value.imag < 0 else '+'}{imag}i"
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Inf" if value > 0 else "-Inf"
    if precision is None:
        if value == round(value) and abs(value) < 1e15:
            return str(int(value))
        digits = max(int(math.floor(math.log10(abs(value)))) + 5, 5) if value else 5
        return f"{value:.{digits}g}"
    return f"{value:.{precision}g}"


def num2str(x, precision=None) -> str:
    """MATLAB ``num2str``: a scalar as text (integers exactly, otherwise about 5 significant
    digits, or ``precision`` significant digits); a matrix as rows of columns separated by two
    spaces (lines joined with newlines)."""
    if isinstance(precision, str):
        return sprintf(precision, x)
    array = _numpy(x)
    if array.ndim > 2:
        array = array.reshape(array.shape[0], -1, order="F")
    cells = [[_scalar_text(v, precision) for v in row] for row in array]
    if array.size == 1:
        return cells[0][0]
    width = max(len(c) for row in cells for c in row)
    return "\n".join("  ".join(c.rjust(width) for c in row).rstrip() for row in cells)


def int2str(x) -> str:
    """MATLAB ``int2str``: num2str of the values rounded half away from zero."""
    array = _numpy(x).astype(np.float64)
    rounded = np.where(np.abs(array - np.trunc(array)) == 0.5, np.trunc(array) + np.sign(array), np.round(array))
    return num2str(rounded)


def mat2str(x, precision=15) -> str:
    """MATLAB ``mat2str``: ``'[1 2;3 4]'`` (15 significant digits by default); 2-D data only."""
    array = _numpy(x)
    if array.ndim > 2:
        raise ValueError("mat2str: Input matrix must be 2-D.")

    def text(value):
        if array.dtype == np.bool_:
            return "true" if value else "false"
        return _scalar_text(value, precision) if value != round(float(np.real(value))) or np.iscomplexobj(value) \
            else _scalar_text(value)

    if array.size == 1:
        return text(array.reshape(-1)[0])
    rows = [" ".join(text(v) for v in row) for row in array]
    return "[" + ";".join(rows) + "]"


_SPEC = re.compile(r"%(?:%|[-+ 0#]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfgGcs])")


def sprintf(fmt: str, *args) -> str:
    """MATLAB ``sprintf``: the format is applied to all values of the arguments in column-major
    order, recycled until they are used up; ``%d`` of a non-integer prints as ``%e`` (MATLAB)."""
    values = []
    for arg in args:
        if isinstance(arg, str):
            values.append(arg)
        else:
            values.extend(column_major(arg).tolist())
    specs = [m for m in _SPEC.finditer(fmt) if m.group() != "%%"]
    if not specs:
        return fmt.replace("%%", "%")
    pieces, position = [], 0
    while True:
        text, position, used = _format_once(fmt, specs, values, position)
        pieces.append(text)
        if position >= len(values) or not used:
            break
    return "".join(pieces)


def _format_once(fmt, specs, values, position):
    out, last, used = [], 0, 0
    for match in _SPEC.finditer(fmt):
        out.append(fmt[last:match.start()])
        last = match.end()
        spec = match.group()
        if spec == "%%":
            out.append("%")
            continue
        if position >= len(values):
            if used:  # MATLAB stops at the first spec without data
                return "".join(out), position, used
            out.append("")
            continue
        value = values[position]
        position += 1
        used += 1
        out.append(_convert(spec, value))
    out.append(fmt[last:])
    return "".join(out), position, used


def _convert(spec, value):
    kind = spec[-1]
    if isinstance(value, str):
        return (spec[:-1] + "s") % value
    if kind in "diouxXc":
        if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))
                                         or value != int(value)):
            return (spec[:-1] + "e") % value
        return (spec[:-1] + ("d" if kind in "diu" else kind)) % int(value)
    if kind == "s":
        return (spec[:-1] + "s") % _scalar_text(value)
    return spec % value


def fprintf(fmt: str, *args, file=None) -> int:
    """MATLAB ``fprintf`` to stdout (or ``file``); returns the number of characters written."""
    text = sprintf(fmt, *args)
    (file or sys.stdout).write(text)
    return len(text)


def compose(fmt: str, x) -> list:
    """MATLAB ``compose``: the format applied to each row of the data (each element when the
    format has one conversion); returns a list of strings."""
    array = _numpy(x)
    specs = [m for m in _SPEC.finditer(fmt) if m.group() != "%%"]
    per_row = max(len(specs), 1)
    values = array.reshape(array.shape[0], -1, order="F") if array.ndim > 2 else array
    out = []
    for row in values:
        row = row.tolist()
        for start in range(0, len(row), per_row):
            text, _, _ = _format_once(fmt, specs, row[start:start + per_row], 0)
            out.append(text)
    return out
