"""``mx.io.CSVIter``, ``LibSVMIter`` and ``MNISTIter``: MXNet 1.9.1's file iterators.

What MXNet does in C++ (apache/mxnet v1.9.1 ``src/io/iter_csv.cc``, ``iter_libsvm.cc``,
``iter_mnist.cc``, ``iter_batchloader.h``, ``iter_prefetcher.h`` and dmlc-core's parsers),
re-done with numpy on whole files:

- Numbers are read as dmlc-core reads them: CSV floats and LibSVM values with dmlc's own
  ``strtof`` (not correctly rounded: ``1e-45`` reads as 1.1754942e-38, ``3.4e38`` as
  3.4000004e38), CSV integers with C's ``strtoll(s, &end, 0)`` (so ``010`` is 8, ``0x10`` 16).
  A CSV field that reads nothing is skipped (``1,,2`` is a row of 2 values); a field of blanks
  reads as 0 for floats. Texts of plain numbers (``_BYTE_CLASS``) have their digits read all at
  once by numpy and put together by dmlc's arithmetic; any other text is read field by field.
- Batches follow the C++ batch loader: with ``round_batch`` (the default) the last batch is
  filled from the start of the data (``pad`` says how many) and the next epoch, after
  ``reset()``, goes on from there; without it the last batch keeps the previous batch's rows
  in its padded places. ``index`` holds each example's row number (uint64).
- Labels of one value per example come as shape ``(batch,)``, as MXNet's C API reshapes them.

>>> import os, tempfile, mxnd as mx
>>> path = os.path.join(tempfile.mkdtemp(), 'data.csv')
>>> _ = open(path, 'w').write('1,2,3\\n2,3,4\\n3,4,5\\n4,5,6\\n')
>>> it = mx.io.CSVIter(data_csv=path, data_shape=(3,), batch_size=3)
>>> [(b.data[0].asnumpy().tolist(), b.pad) for b in it]
[([[1.0, 2.0, 3.0], [2.0, 3.0, 4.0], [3.0, 4.0, 5.0]], 0), ([[4.0, 5.0, 6.0], [1.0, 2.0, 3.0], [2.0, 3.0, 4.0]], 2)]
>>> it.reset()
>>> [b.data[0].asnumpy()[:, 0].tolist() for b in it]
[[3.0, 4.0, 1.0]]
"""
from __future__ import annotations

import os
import re
import struct
import sys
from collections import deque
from typing import NamedTuple

import numpy as np
import torch

from . import ndarray as nd
from .context import current_context
from .dmlc_numbers import C_SPACE as _C_SPACE
from .dmlc_numbers import strtof_at, strtof_parts, strtof_tokens, strtoll_at, strtoll_tokens
from .errors import MXNetError
from .io_wrappers import MXDataIter
from .ndarray.ndarray import wrap

__all__ = ["CSVIter", "LibSVMIter", "MNISTIter"]

_F32 = np.float32
_BOM = b"\xef\xbb\xbf"
_PREFETCH_AHEAD = 16  # dmlc::ThreadedIter capacity: batches the C++ thread reads ahead


# ----- parameters, as dmlc::Parameter reads the str() of each keyword argument ------------------

def _required(kwargs, name, type_text):
    if kwargs.get(name) is None:
        raise MXNetError(f"Required parameter {name} of {type_text} is not presented")
    return kwargs[name]


def _shape_param(value, name):
    """A TShape parameter: an int, a tuple/list of ints, or their text ('(3, 2)', '[3]', '3')."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return (int(value),)
    if isinstance(value, (tuple, list)) and all(isinstance(v, (int, np.integer)) for v in value):
        return tuple(int(v) for v in value)
    text = str(value).strip()
    match = re.fullmatch(r"[(\[]?\s*(\d+(?:\s*,\s*\d+)*)?\s*,?\s*[)\]]?", text)
    if match is None or not text:
        raise MXNetError(f"Invalid Parameter format for {name} expect Shape(tuple) but value='{value}'")
    return tuple(int(v) for v in re.findall(r"\d+", text))


def _int_param(value, name, lower=None, type_text="int"):
    try:
        if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
            raise ValueError
        number = int(str(value).strip()) if not isinstance(value, (int, np.integer)) else int(value)
    except ValueError:
        raise MXNetError(f"Invalid Parameter format for {name} expect {type_text} but value='{value}'") from None
    if lower is not None and number < lower:
        raise MXNetError(f"value {number} for Parameter {name} should be greater equal to {lower}")
    return number


def _bool_param(value, name):
    text = str(value).strip().lower()
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    raise MXNetError(f"Invalid Parameter format for {name} expect boolean but value='{value}'")


def _enum_param(value, name, choices):
    if str(value) not in choices:
        valid = ", ".join(f"'{c}'" for c in sorted(choices))
        raise MXNetError(f"Invalid Input: '{value}', valid values are: {{{valid}}}")
    return str(value)


_DTYPES = ("float32", "float64", "float16", "bfloat16", "int64", "int32", "uint8", "int8")


def _prefetcher_params(kwargs):
    """PrefetcherParam: prefetch_buffer, ctx ('cpu'/'gpu'; batches are always on the CPU), dtype."""
    _int_param(kwargs.get("prefetch_buffer", 4), "prefetch_buffer", type_text="unsigned long")
    _enum_param(kwargs.get("ctx", "gpu"), "ctx", ("cpu", "gpu"))
    dtype = kwargs.get("dtype")
    if dtype is not None and str(dtype) != "None":
        valid = "{None, " + ", ".join(f"'{d}'" for d in sorted(_DTYPES)) + "}"
        if str(dtype) not in _DTYPES:
            raise MXNetError(f"Invalid Input: '{dtype}', valid values are: {valid}")
        return str(dtype)
    return None


def _batch_loader_params(kwargs):
    """(dtype, batch_size, round_batch): the prefetcher's and the batch loader's parameters."""
    dtype = _prefetcher_params(kwargs)
    batch_size = _int_param(_required(kwargs, "batch_size", "unsigned int"), "batch_size",
                            type_text="unsigned int")
    return dtype, batch_size, _bool_param(kwargs.get("round_batch", True), "round_batch")


def _source_params(kwargs, kind):
    """(data path, data_shape, label path or 'NULL', label_shape) of ``data_<kind>`` / ``label_<kind>``."""
    data = str(_required(kwargs, f"data_{kind}", "string"))
    data_shape = _shape_param(_required(kwargs, "data_shape", "Shape(tuple)"), "data_shape")
    label = str(kwargs.get(f"label_{kind}", "NULL"))
    return data, data_shape, label, _shape_param(kwargs.get("label_shape", (1,)), "label_shape")


def _no_positional(args, name):
    if args:
        raise TypeError(f"{name} can only accept keyword arguments")


def _shape_text(shape):
    return "[" + ",".join(str(s) for s in shape) + "]"


# ----- text sources: a file, a directory, several paths joined by ';' (dmlc InputSplit) --------

def _expand_path(path):
    """The files one URI path names, as dmlc's InputSplitBase lists them (empty files dropped)."""
    if path.startswith("file://"):
        path = path[len("file://"):]
    slash = path.rfind("/")
    if slash >= 0 and slash + 1 != len(path):
        folder = path[:slash] or "/"
        try:
            names = os.listdir(folder)
        except OSError as error:
            raise MXNetError(f"LocalFileSystem.ListDirectory {folder} error: {error.strerror}") from None
        entries = [folder.rstrip("/") + "/" + name for name in names]
        if path.rstrip("/") in [e.rstrip("/") for e in entries]:
            candidates = [path]
        else:  # dmlc treats the name as a regular expression over the directory's files
            try:
                pattern = re.compile(path)
            except re.error:
                raise MXNetError(f"bad regex {path}") from None
            candidates = [e for e in entries if os.path.isfile(e) and os.path.getsize(e) > 0
                          and pattern.fullmatch(e.rstrip("/"))]
    else:
        if not os.path.exists(path):
            raise MXNetError(f"LocalFileSystem.GetPathInfo: {path} error: No such file or directory")
        candidates = [path]
    files = []
    for candidate in candidates:
        if os.path.isdir(candidate):
            files += [f for f in (os.path.join(candidate, n) for n in os.listdir(candidate))
                      if os.path.isfile(f) and os.path.getsize(f) > 0]
        elif os.path.getsize(candidate) > 0:
            files.append(candidate)
    return files


def _record_begin(data, offset):
    """Bytes from ``offset`` to the start of the next line (dmlc LineSplitter::SeekRecordBegin)."""
    end = len(data)
    position = offset
    while position < end and data[position] not in b"\r\n":
        position += 1
    if position == end:
        return end - offset
    position += 1
    while position < end and data[position] in b"\r\n":
        position += 1
    return position - offset


def _read_text(uri, part_index=0, num_parts=1):
    """The bytes of part ``part_index`` of ``num_parts`` of the files of ``uri`` ('\\n' between files).

    >>> import tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), 'a.txt')
    >>> _ = open(path, 'wb').write(b'one\\ntwo\\nthree\\n')
    >>> [_read_text(path, i, 2) for i in range(2)]
    [b'one\\ntwo\\n', b'three\\n']
    """
    files = [f for path in uri.split(";") for f in _expand_path(path)]
    if not files:
        raise MXNetError(f"Check failed: files_.size() != 0U (0 vs. 0) : "
                         f"Cannot find any files that matches the URI pattern {uri}")
    contents = []
    for name in files:
        with open(name, "rb") as stream:
            contents.append(stream.read())
    starts = np.cumsum([0] + [len(c) for c in contents])
    total = int(starts[-1])
    step = (total + num_parts - 1) // num_parts
    begin, end = min(step * part_index, total), min(step * (part_index + 1), total)

    def aligned(offset):  # a split point moves to the next line start inside its file
        number = int(np.searchsorted(starts, offset, side="right")) - 1
        if number >= len(contents) or offset == starts[number]:
            return offset
        return offset + _record_begin(contents[number], offset - int(starts[number]))

    begin, end = aligned(begin), aligned(end)
    pieces = []
    for number, content in enumerate(contents):
        lo, hi = max(begin, int(starts[number])), min(end, int(starts[number + 1]))
        if lo < hi:
            pieces.append(content[lo - int(starts[number]):hi - int(starts[number])])
    return b"\n".join(pieces)


def _lines(text):
    """The non-empty lines of ``text`` ('\\r' and '\\n' both end a line), UTF-8 BOMs dropped."""
    if b"\r" in text:
        text = text.replace(b"\r", b"\n")
    lines = [line for line in text.split(b"\n") if line]
    if _BOM in text:
        lines = [line[3:] if line.startswith(_BOM) else line for line in lines]
    return lines


# ----- CSV ------------------------------------------------------------------------------------

# A plain CSV text is made of fields ``[blanks][sign]P[.D][e[sign]X]`` (P and D together of at
# most 19 digits, X of at most 9) between ',' and line ends: its numbers are read all at once.
_OTHER, _DIGIT, _MINUS, _PLUS, _DOT, _EXP, _COMMA, _LINE_END, _BLANK = range(9)


def _translation(groups, other):
    """A ``bytes.translate`` table: each byte of each (bytes, class) group to its class, others to ``other``.

    >>> b'a1-'.translate(_translation([(b'0123456789', 1), (b'-', 2)], 0))
    b'\\x00\\x01\\x02'
    """
    table = np.full(256, other, np.uint8)
    for chars, kind in groups:
        table[np.frombuffer(chars, np.uint8)] = kind
    return table.tobytes()


_BYTE_CLASS = _translation([(b"0123456789", _DIGIT), (b"-", _MINUS), (b"+", _PLUS), (b".", _DOT), (b"eE", _EXP),
                            (b",", _COMMA), (b"\r\n", _LINE_END), (b" \t", _BLANK)], _OTHER)
_DIGITS_ONLY = _translation([(bytes([c]), c) for c in b"0123456789"], ord(" "))  # the rest to blanks


def _plain_csv_grammar(floats):
    """allowed[16 * class + next class]: the byte pairs a plain CSV text may hold."""
    allowed = np.zeros(256, bool)
    number_start = (_BLANK, _MINUS, _PLUS, _DIGIT)
    pairs = [(before, after) for before in (_COMMA, _LINE_END, _BLANK) for after in number_start]
    pairs += [(_LINE_END, _LINE_END), (_MINUS, _DIGIT), (_PLUS, _DIGIT)]
    pairs += [(_DIGIT, after) for after in (_DIGIT, _COMMA, _LINE_END)]
    if floats:
        pairs += [(_DIGIT, _DOT), (_DIGIT, _EXP), (_DOT, _DIGIT), (_EXP, _MINUS), (_EXP, _PLUS), (_EXP, _DIGIT)]
    allowed[[16 * before + after for before, after in pairs]] = True
    return allowed


_PLAIN_FLOAT_PAIRS, _PLAIN_INT_PAIRS = _plain_csv_grammar(True), _plain_csv_grammar(False)
_WHOLE, _FRACTION, _EXPONENT = range(3)  # the digit runs of a number: P, D and X
_POWERS_OF_TEN = 10 ** np.arange(19, dtype=np.uint64)


def _digit_runs(classes):
    """(starts, lengths, kinds) of the runs of digits of a padded plain text's byte classes.

    None when a number's runs are not P, then D, then X (as in '1.2.3' or '1e2e3').

    >>> padded = b'\\n\\n-1.25e-3,7\\n'
    >>> [r.tolist() for r in _digit_runs(np.frombuffer(padded.translate(_BYTE_CLASS), np.uint8))]
    [[3, 5, 9, 11], [1, 2, 1, 1], [0, 1, 2, 0]]
    """
    digit = classes == _DIGIT
    edges = np.flatnonzero(digit[1:] != digit[:-1]) + 1
    starts, lengths = edges[0::2], edges[1::2] - edges[0::2]
    before = classes[starts - 1]
    after_exp = (before == _EXP) | (((before == _MINUS) | (before == _PLUS)) & (classes[starts - 2] == _EXP))
    kinds = np.where(before == _DOT, _FRACTION, np.where(after_exp, _EXPONENT, _WHOLE))
    if not ((kinds[1:] == _WHOLE) | (kinds[1:] > kinds[:-1])).all():
        return None
    return starts, lengths, kinds


class _PlainFields(NamedTuple):
    """The numbers of a plain text, field by field, in parts (see ``strtof_parts``)."""
    starts: np.ndarray  # where P begins
    predec: np.ndarray  # P, uint64
    digits: np.ndarray  # D, uint64
    count: np.ndarray  # digits of D
    exponent: np.ndarray  # X, uint32
    exp_negative: np.ndarray
    has_exp: np.ndarray
    negative: np.ndarray
    signed: np.ndarray  # a '+' or '-' before P

    def floats(self):
        """dmlc::strtof of each field."""
        return strtof_parts(self.predec, self.digits, self.count, self.exponent, self.exp_negative, self.has_exp,
                            self.negative)


def _plain_fields(padded, classes):
    """The ``_PlainFields`` of a padded plain text, or None if a number has too many digits.

    P and D are read as one integer (the text without its dots): at most 19 digits together
    (numpy reads them exactly as uint64), and X at most 9 (X < 2**32).

    >>> padded = b'\\n\\n-1.25e-3,7\\n'
    >>> fields = _plain_fields(padded, np.frombuffer(padded.translate(_BYTE_CLASS), np.uint8))
    >>> [value.tolist() for value in fields[1:7]]  # P, D, count, X, X negative, has X
    [[1, 7], [25, 0], [2, 0], [3, 0], [True, False], [True, False]]
    """
    runs = _digit_runs(classes)
    if runs is None:
        return None
    starts, lengths, kinds = runs
    whole, exponents = np.flatnonzero(kinds == _WHOLE), np.flatnonzero(kinds == _EXPONENT)
    has_fraction = np.append(kinds, _WHOLE)[whole + 1] == _FRACTION
    count = np.where(has_fraction, np.append(lengths, 0)[whole + 1], 0)
    if (lengths[whole] + count > 19).any() or (lengths[exponents] > 9).any():
        return None
    merged = kinds != _FRACTION  # the runs ``numbers`` holds
    numbers = np.zeros(0, np.uint64)  # (numpy reads a text of blanks as [0])
    if len(whole):
        numbers = np.fromstring(padded.translate(_DIGITS_ONLY, b"."), np.uint64, sep=" ")
    if len(numbers) != merged.sum():
        return None
    number_of = np.cumsum(merged) - 1
    predec, digits = np.divmod(numbers[number_of[whole]], _POWERS_OF_TEN[count])
    field = np.cumsum(kinds == _WHOLE)[exponents] - 1
    exponent = np.zeros(len(whole), np.uint32)
    exp_negative, has_exp = np.zeros(len(whole), bool), np.zeros(len(whole), bool)
    exponent[field] = numbers[number_of[exponents]]
    exp_negative[field] = classes[starts[exponents] - 1] == _MINUS
    has_exp[field] = True
    sign = classes[starts[whole] - 1]
    return _PlainFields(starts[whole], predec, digits, count, exponent, exp_negative, has_exp, sign == _MINUS,
                        (sign == _MINUS) | (sign == _PLUS))


def _leading_zeros(padded, classes, starts):
    """Whether a number of a text, beginning at one of ``starts``, begins with '0' and another digit."""
    return bool(((np.frombuffer(padded, np.uint8)[starts] == ord("0")) & (classes[starts + 1] == _DIGIT)).any())


def _plain_csv_fields(text, floats=True):
    """(``_PlainFields``, fields per non-empty line) of a plain CSV text, None for any other text.

    ``floats=False`` allows no '.' nor 'e' nor a leading 0 (which strtoll reads as octal).

    >>> fields, lengths = _plain_csv_fields(b'1.5,-2e3\\n\\n 3,+4\\n')
    >>> fields.floats().tolist(), lengths.tolist()
    ([1.5, -2000.0, 3.0, 4.0], [2, 2])
    >>> _plain_csv_fields(b'1,,2\\n') is None
    True
    """
    padded = b"\n\n" + text + b"\n"
    classes = np.frombuffer(padded.translate(_BYTE_CLASS), np.uint8)
    allowed = _PLAIN_FLOAT_PAIRS if floats else _PLAIN_INT_PAIRS
    if not allowed.take(classes[:-1] * np.uint8(16) + classes[1:]).all():
        return None
    fields = _plain_fields(padded, classes)
    if fields is None or not floats and _leading_zeros(padded, classes, fields.starts):
        return None
    lengths = np.diff(np.searchsorted(fields.starts, np.flatnonzero(classes == _LINE_END)))
    return fields, lengths[lengths > 0]


def _parse_plain_csv(text, dtype):
    """``_parse_csv`` of a plain text (see ``_BYTE_CLASS``), None for any other text.

    Every field of a plain text reads: P, D and X are read as integers by numpy and put
    together by dmlc's own float arithmetic (``strtof_parts``), or strtoll's sign for integers.

    >>> values, lengths = _parse_plain_csv(b'7,-8\\n10\\n', 'int32')
    >>> values.tolist(), lengths.tolist(), _parse_plain_csv(b'010\\n', 'int32')
    ([7, -8, 10], [2, 1], None)
    """
    read = _plain_csv_fields(text, dtype == "float32")
    if read is None:
        return None
    fields, lengths = read
    if dtype == "float32":
        return fields.floats(), lengths
    predec = fields.predec.astype(np.int64)  # less than 10**19: strtoll clips those over 2**63 - 1
    if (predec < 0).any():
        return None
    return np.where(fields.negative, -predec, predec).astype(np.dtype(dtype)), lengths


def _parse_csv(text, dtype):
    """Rows of a CSV text as dmlc's CSVParser reads them: (flat values, values per row).

    >>> values, lengths = _parse_csv(b'1,,2\\n3, ,4\\n', 'float32')
    >>> values.tolist(), lengths.tolist()
    ([1.0, 2.0, 3.0, 0.0, 4.0], [2, 3])
    """
    plain = _parse_plain_csv(text, dtype)
    return _parse_csv_tokens(text, dtype) if plain is None else plain


def _parse_csv_tokens(text, dtype):
    """``_parse_csv`` of any text, field by field (``strtof_tokens``, ``strtoll_tokens``)."""
    lines = _lines(text)
    fields_per_line = np.array([line.count(b",") + 1 for line in lines], np.int64)
    tokens = b",".join(lines).split(b",") if lines else []
    parse = strtof_tokens if dtype == "float32" else strtoll_tokens
    values, read, blank = parse(tokens)
    last_field = np.cumsum(fields_per_line) - 1
    for i in last_field[blank[last_field]]:  # C reads a last field of blanks on into the next lines
        line = int(np.searchsorted(last_field, i))
        rest = tokens[i] + b"\n" + b"\n".join(lines[line + 1:line + 2 + _blank_lines(lines, line + 1)])
        values[i], read[i] = (strtof_at if dtype == "float32" else strtoll_at)(rest)
    row = np.repeat(np.arange(len(lines)), fields_per_line)
    kept = read > 0
    lengths = np.bincount(row[kept], minlength=len(lines))
    return values[kept].astype(np.dtype(dtype)), lengths


def _blank_lines(lines, start):
    count = 0
    while start + count < len(lines) and not lines[start + count].strip(_C_SPACE):
        count += 1
    return count


def _csv_matrix(path, shape, dtype):
    """The rows of CSV file(s) ``path`` as an (n, prod(shape)) array; every row must fit ``shape``."""
    values, lengths = _parse_csv(_read_text(path), dtype)
    size = int(np.prod(shape))
    bad = np.flatnonzero(lengths != size)
    if bad.size:
        raise MXNetError(f"Check failed: row.length == shape.Size() ({lengths[bad[0]]} vs. {size}) : "
                         f"The data size in CSV do not match size of shape: specified shape="
                         f"{_shape_text(shape)}, the csv row-length={lengths[bad[0]]}")
    return values.reshape(len(lengths), size)


# ----- LibSVM -----------------------------------------------------------------------------------

_DIGIT_CHARS = b"0123456789+-.eE"
_SIMPLE_LIBSVM = re.compile(rb"(?:[ \t]*[0-9+\-.eE]+(?:[ \t]+[0-9]+:[0-9+\-.eE]+)*[ \t]*\n)*")


def _parse_pair(line, p):
    """dmlc ParsePair on ``line[p:]``: (count read 0/1/2, first text, second text, end)."""
    end = len(line)
    while p < end and line[p] not in _DIGIT_CHARS:
        p += 1
    if p == end:
        return 0, None, None, end
    q = p
    while q < end and line[q] in _DIGIT_CHARS:
        q += 1
    first, p = line[p:q], q
    while p < end and line[p] in b" \t":
        p += 1
    if p == end or line[p] != 58:
        return 1, first, None, p
    p += 1
    while p < end and line[p] not in _DIGIT_CHARS:
        p += 1
    q = p
    while q < end and line[q] in _DIGIT_CHARS:
        q += 1
    return 2, first, line[p:q], q


def _skip_blank(line, p):
    """dmlc IgnoreCommentAndBlank: the position after blanks (the end at a '#')."""
    while p < len(line):
        if line[p] == 35:
            return len(line)
        if line[p] not in b" \t":
            return p
        p += 1
    return p


def _feature_index(text):
    if text.startswith(b"-"):
        raise MXNetError("Check failed: (sign) == (true)")
    digits = re.match(rb"\+?(\d*)", text).group(1)
    return int(digits or b"0") % (1 << 64)


def _parse_libsvm_lines(lines):
    """LibSVM lines one by one (comments, qid, weights, odd separators): labels, indptr, indices, values."""
    labels, indptr, indices, values = [], [0], [], []
    for line in lines:
        p = _skip_blank(line, 0)
        count, label, _, q = _parse_pair(line, p)
        if count < 1:
            continue
        labels.append(strtof_at(label)[0])
        p = q
        while p < len(line) and line[p] == 32:
            p += 1
        if line[p:p + 4] == b"qid:":
            p += 4
            while p < len(line) and line[p] in _DIGIT_CHARS:
                p += 1
        while p < len(line):
            p = _skip_blank(line, p)
            count, index, value, q = _parse_pair(line, p)
            p = q
            if count < 1:
                continue
            if count == 1:
                raise MXNetError(f"LibSVMIter: feature {index.decode()} has no value (MXNet reads past "
                                 "the row's values there)")
            indices.append(_feature_index(index))
            values.append(strtof_at(value)[0])
        indptr.append(len(indices))
    return (np.array(labels, _F32), np.array(indptr, np.int64), np.array(indices, np.uint64).astype(np.int64),
            np.array(values, _F32))


_BLANK_MARK, _COLON_MARK, _LINE_MARK = 1, 2, 3  # a LibSVM text's separators
_LIBSVM_MARKS = _translation([(b" \t", _BLANK_MARK), (b":", _COLON_MARK), (b"\r\n", _LINE_MARK)], 0)  # ',' 0
_NOT_LIBSVM_MARKS = bytes(c for c in range(256) if c not in b" \t:\r\n,")
_LIBSVM_AS_CSV = bytes.maketrans(b" \t:", b",,,")
_LIBSVM_MARK_PAIRS = np.zeros(16, bool)  # after a line end a blank, then a colon, then a blank or line end
_LIBSVM_MARK_PAIRS[[4 * a + b for a, b in ((3, 1), (3, 3), (1, 2), (2, 1), (2, 3))]] = True


def _parse_plain_libsvm(text):
    """``_parse_libsvm`` of a plain text, None for any other text.

    A plain text has lines 'label index:value ...': one blank (' ' or a tab) before each
    pair, the numbers of a plain CSV text (see ``_BYTE_CLASS``), indices of digits only. It is
    read as the plain CSV text it makes with commas for its blanks and colons.

    >>> _parse_plain_libsvm(b'1 0:0.5 2:1.5\\n-2\\n')[2].tolist(), _parse_plain_libsvm(b'1  0:0.5\\n')
    ([0, 2], None)
    """
    line_mark = bytes([_LINE_MARK])
    marks = np.frombuffer(line_mark + text.translate(_LIBSVM_MARKS, _NOT_LIBSVM_MARKS) + line_mark, np.uint8)
    if not _LIBSVM_MARK_PAIRS.take(marks[:-1] * np.uint8(4) + marks[1:]).all():
        return None
    read = _plain_csv_fields(text.translate(_LIBSVM_AS_CSV))
    if read is None:
        return None
    fields, lengths = read
    position = np.arange(len(fields.starts)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    label, index = position == 0, position % 2 == 1
    if (fields.signed | (fields.count > 0) | fields.has_exp)[index].any():
        return None
    values = fields.floats()
    indptr = np.concatenate([[0], np.cumsum(lengths // 2)]).astype(np.int64)
    return values[label], indptr, fields.predec[index].astype(np.int64), values[~label & ~index]


def _parse_libsvm(text):
    """A LibSVM text: (labels, indptr, indices, values); vectorised for plain 'label i:v ...' lines.

    >>> _parse_libsvm(b'1 0:0.5 2:1.5\\n-2\\n')
    (array([ 1., -2.], dtype=float32), array([0, 2, 2]), array([0, 2]), array([0.5, 1.5], dtype=float32))
    """
    plain = _parse_plain_libsvm(text)
    return _parse_libsvm_tokens(text) if plain is None else plain


def _parse_libsvm_tokens(text):
    """``_parse_libsvm`` of any text, token by token (line by line where it is not 'label i:v ...')."""
    lines = _lines(text)
    joined = b"\n".join(lines) + b"\n" if lines else b""
    if not lines or not _SIMPLE_LIBSVM.fullmatch(joined):
        return _parse_libsvm_lines(lines)
    tokens = joined.split()
    per_line = np.array([line.count(b":") for line in lines], np.int64)
    label_at = np.concatenate([[0], np.cumsum(per_line + 1)[:-1]]).astype(np.int64)
    is_label = np.zeros(len(tokens), bool)
    is_label[label_at] = True
    token_array = np.array(tokens, dtype="S") if tokens else np.zeros(0, "S1")
    labels = strtof_tokens(list(token_array[is_label]))[0]
    pairs = b" ".join(token_array[~is_label]).replace(b":", b" ").split()
    indices = np.array(pairs[0::2], dtype="S").astype(np.uint64).astype(np.int64) if pairs else np.zeros(0, np.int64)
    values = strtof_tokens(pairs[1::2])[0] if pairs else np.zeros(0, _F32)
    indptr = np.concatenate([[0], np.cumsum(per_line)]).astype(np.int64)
    return labels, indptr, indices, values


def _take_csr_rows(indptr, indices, values, rows):
    """CSR (indptr, indices, values) of ``rows`` of a CSR matrix, in that order."""
    starts, stops = indptr[rows], indptr[rows + 1]
    lengths = stops - starts
    new_indptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    positions = np.repeat(starts - new_indptr[:-1], lengths) + np.arange(new_indptr[-1])
    return new_indptr, indices[positions], values[positions]


# ----- batching: MXNet's BatchLoader and the prefetcher's read-ahead -------------------------

class _BatchLoader:
    """Which rows fill each batch, as MXNet's C++ BatchLoader picks them from ``num_rows`` rows.

    ``next()`` returns (rows, pad, indices) or None. The rows buffer is reused, so padded places
    keep the previous batch's rows when ``round_batch`` is off (-1: never written, read as 0).

    >>> loader = _BatchLoader(4, 3, round_batch=True)
    >>> [loader.next()[:2] for _ in range(2)], loader.next()
    ([(array([0, 1, 2]), 0), (array([3, 0, 1]), 2)], None)
    >>> loader.before_first(); loader.next()[:2]
    (array([2, 3, 0]), 1)
    """

    def __init__(self, num_rows, batch_size, round_batch):
        self.num_rows, self.batch_size, self.round_batch = num_rows, batch_size, round_batch
        self.cursor = 0  # the next row the instance reader gives
        self.overflow = 0  # rows of the next epoch already used to fill the last batch
        self.rows = np.full(batch_size, -1, np.int64)

    def before_first(self):
        if not self.round_batch or self.overflow == 0:
            self.cursor = 0
        else:
            self.overflow = 0

    def next(self):
        if self.overflow:
            return None
        take = min(self.batch_size, self.num_rows - self.cursor)
        if take <= 0:
            return None
        self.rows[:take] = np.arange(self.cursor, self.cursor + take)
        self.cursor += take
        pad = 0
        if take < self.batch_size:
            pad = self.batch_size - take
            if self.round_batch:
                if pad > self.num_rows:
                    raise MXNetError("Check failed: base_->Next() number of input must be bigger "
                                     "than batch size")
                self.rows[take:] = np.arange(pad)
                self.cursor, self.overflow = pad, pad
        return self.rows.copy(), pad, np.maximum(self.rows, 0).astype(np.uint64)


class _ReadAhead:
    """MXNet's PrefetcherIter: a thread that loads up to 16 batches ahead of the reader.

    Batches are made when asked for; at ``before_first`` the source is first advanced by the
    batches the thread would have read ahead, so that round_batch state (the rows already used
    from the next epoch) is the one MXNet resets from.
    """

    def __init__(self, source):
        self.source = source
        self.queue = deque()
        self.ended = False

    def next(self):
        if self.queue:
            return self.queue.popleft()
        if self.ended:
            return None
        batch = self.source.next()
        self.ended = batch is None
        return batch

    def before_first(self):
        while not self.ended and len(self.queue) < _PREFETCH_AHEAD:
            batch = self.source.next()
            self.ended = batch is None
            if batch is not None:
                self.queue.append(batch)
        self.queue.clear()
        self.source.before_first()
        self.ended = False


def _one_d_label(label):
    """MXNet's C API gives a label of shape (batch, 1, ...) as its first ``batch`` values."""
    if label.ndim > 1 and label.shape[1] == 1:
        return label.reshape(-1)[:label.shape[0]]
    return label


class _RowBatchIter(MXDataIter):
    """Batches of the rows of in-memory data through the batch loader and read-ahead."""

    def _start(self, num_rows, batch_size, round_batch, kwargs):
        self._batches = _ReadAhead(_BatchLoader(num_rows, batch_size, round_batch))
        MXDataIter.__init__(self, **kwargs)

    def _fetch(self):
        batch = self._batches.next()
        if batch is None:
            return None
        rows, pad, index = batch
        data, label = self._gather(rows)
        return data, label, pad, index

    def _rewind(self):
        self._batches.before_first()


# ----- the iterators ------------------------------------------------------------------------

class CSVIter(_RowBatchIter):
    """Batches of the rows of CSV file(s), each reshaped to ``data_shape`` (MXNet's CSVIter).

    Keyword arguments only: ``data_csv`` (a file, a directory, or ';'-joined paths),
    ``data_shape``, ``label_csv`` (labels of ``label_shape``; zeros when not given),
    ``batch_size``, ``round_batch=True``, ``dtype`` ('float32', 'int32' or 'int64'),
    ``prefetch_buffer``, ``ctx`` (accepted; batches are on the CPU), ``data_name``,
    ``label_name``.

    >>> import os, tempfile, mxnd as mx
    >>> folder = tempfile.mkdtemp()
    >>> _ = open(os.path.join(folder, 'x.csv'), 'w').write('1,2\\n3,4\\n5,6\\n')
    >>> it = mx.io.CSVIter(data_csv=os.path.join(folder, 'x.csv'), data_shape=(2,),
    ...                    batch_size=2, round_batch=False, dtype='int32')
    >>> [(b.data[0].asnumpy().tolist(), b.pad, b.index.tolist()) for b in it]
    [([[1, 2], [3, 4]], 0, [0, 1]), ([[5, 6], [3, 4]], 1, [2, 1])]
    """

    def __init__(self, *args, **kwargs):
        dtype, batch_size, round_batch = _batch_loader_params(kwargs)
        data_csv, data_shape, label_csv, label_shape = _source_params(kwargs, "csv")
        if dtype not in (None, "float32", "int32", "int64"):
            raise MXNetError(f"Check failed: false: {dtype} is not supported for CSVIter")
        self.dtype = np.dtype(dtype or "float32")
        self._data = _csv_matrix(data_csv, data_shape, self.dtype.name)
        self._data_shape = data_shape
        if label_csv != "NULL":
            labels = _csv_matrix(label_csv, label_shape, self.dtype.name)
            if len(labels) < len(self._data):
                raise MXNetError("Check failed: label_parser_->Next() Data CSV's row is smaller than "
                                 "the number of rows in label_csv")
            self._labels, self._label_shape = labels, label_shape
        else:
            self._labels, self._label_shape = np.zeros((len(self._data), 1), self.dtype), (1,)
        _no_positional(args, "CSVIter")
        self._tables = torch.from_numpy(self._data), torch.from_numpy(self._labels)
        self._start(len(self._data), batch_size, round_batch, kwargs)

    def _gather(self, rows):
        batch = (len(rows),)
        data, labels = _take_rows(self._tables, rows)
        label = _one_d_label(labels.reshape(batch + self._label_shape))
        if label.numel() != labels.numel():  # a part of the labels: an array of its own
            label = label.clone()
        return (_host_ndarray(data.view(batch + self._data_shape), self.dtype),
                _host_ndarray(label, self.dtype))


def _take_rows(tables, rows):
    """Rows ``rows`` of each 2-D tensor, in new tensors; rows -1 (buffer places never written) are 0.

    >>> [t.tolist() for t in _take_rows([torch.tensor([[1, 2], [3, 4]])], np.array([1, -1]))]
    [[[3, 4], [0, 0]]]
    """
    index = torch.from_numpy(np.maximum(rows, 0))
    taken = [torch.index_select(table, 0, index) for table in tables]
    if rows.min() < 0:
        for tensor in taken:
            tensor[torch.from_numpy(rows < 0)] = 0
    return taken


def _host_ndarray(tensor, dtype):
    """``nd.array(tensor, dtype=dtype)`` of a new host tensor of that dtype, without copying it again.

    >>> _host_ndarray(torch.tensor([1.5]), np.float32).asnumpy().tolist()
    [1.5]
    """
    ctx = current_context()
    if ctx.device_typeid == 1 and tensor.device == ctx.device and tensor.is_contiguous():
        return wrap(tensor, ctx)
    return nd.array(tensor, dtype=dtype)


class LibSVMIter(_RowBatchIter):
    """Batches of LibSVM file(s) (zero-based feature indices) as CSRNDArrays (MXNet's LibSVMIter).

    Keyword arguments only: ``data_libsvm``, ``data_shape`` (one dimension: the number of
    features), ``label_libsvm`` (a LibSVM file of labels, read as CSR of ``label_shape``; when
    not given the labels are each line's first number, dense), ``batch_size``,
    ``round_batch`` (must be True), ``num_parts`` / ``part_index`` (read one byte range of the
    files, cut at line starts; parts need not be even), ``prefetch_buffer``, ``ctx``.

    >>> import os, tempfile, mxnd as mx
    >>> path = os.path.join(tempfile.mkdtemp(), 'data.t')
    >>> _ = open(path, 'w').write('1.0 0:0.5 2:1.2\\n-2.0\\n-3.0 0:0.6 1:2.4 2:1.2\\n')
    >>> batch = mx.io.LibSVMIter(data_libsvm=path, data_shape=(3,), batch_size=2).next()
    >>> batch.data[0].stype, batch.data[0].asnumpy().tolist(), batch.label[0].asnumpy().tolist()
    ('csr', [[0.5, 0.0, 1.2000000476837158], [0.0, 0.0, 0.0]], [1.0, -2.0])
    """

    def __init__(self, *args, **kwargs):
        dtype, batch_size, round_batch = _batch_loader_params(kwargs)
        data_libsvm, data_shape, label_libsvm, label_shape = _source_params(kwargs, "libsvm")
        num_parts = _int_param(kwargs.get("num_parts", 1), "num_parts")
        part_index = _int_param(kwargs.get("part_index", 0), "part_index")
        if len(data_shape) != 1:
            raise MXNetError(f"Check failed: param_.data_shape.ndim() == 1 ({len(data_shape)} vs. 1) : "
                             "dimension of data_shape is expected to be 1")
        if num_parts <= 0:
            raise MXNetError(f"Check failed: param_.num_parts > 0 ({num_parts} vs. 0) : "
                             "number of parts should be positive")
        if part_index < 0:
            raise MXNetError(f"Check failed: param_.part_index >= 0 ({part_index} vs. 0) : "
                             "part index should be non-negative")
        if dtype not in (None, "float32"):
            raise MXNetError("Check failed: TBlob.get_with_shape: data type do not match specified type.")
        self._data = _parse_libsvm(_read_text(data_libsvm, part_index, num_parts))
        label_size = int(np.prod(label_shape))
        if label_libsvm != "NULL":
            if label_size <= 1:
                raise MXNetError(f"Check failed: param_.label_shape.Size() > 1 ({label_size} vs. 1) : "
                                 "label_shape is not expected to be (1,) when param_.label_libsvm is set.")
            if len(label_shape) != 1:
                raise MXNetError("LibSVMIter: label_shape must have one dimension for CSR labels")
            self._labels = _parse_libsvm(_read_text(label_libsvm, part_index, num_parts))
            if len(self._labels[0]) < len(self._data[0]):
                raise MXNetError("Check failed: label_parser_->Next() Data LibSVM's row is smaller "
                                 "than the number of rows in label_libsvm")
        elif label_size != 1:
            raise MXNetError(f"Check failed: param_.label_shape.Size() == 1 ({label_size} vs. 1) : "
                             "label_shape is expected to be (1,) when param_.label_libsvm is NULL")
        else:
            self._labels = None
        if not round_batch:
            raise MXNetError("sparse batch loader doesn't support round_batch == false yet")
        self._data_shape, self._label_shape = data_shape, label_shape
        _no_positional(args, "LibSVMIter")
        self._start(len(self._data[0]), batch_size, round_batch, kwargs)

    def _gather(self, rows):
        labels, indptr, indices, values = self._data
        data = _csr(_take_csr_rows(indptr, indices, values, rows), (len(rows),) + self._data_shape)
        if self._labels is None:
            return data, nd.array(labels[rows], dtype=np.float32)
        _, indptr, indices, values = self._labels
        return data, _csr(_take_csr_rows(indptr, indices, values, rows), (len(rows),) + self._label_shape)


def _csr(parts, shape):
    indptr, indices, values = parts
    return nd.sparse.csr_matrix((values, indices, indptr), shape=shape)


# ----- MNIST --------------------------------------------------------------------------------

def _mt19937_words(seed):
    """32-bit outputs of std::mt19937(seed), in blocks."""
    generator = np.random.MT19937()
    generator._legacy_seeding(seed % (1 << 32))  # init_genrand, as std::mt19937's constructor
    while True:
        yield from generator.random_raw(4096).tolist()


def _std_shuffle_order(count, seed):
    """The permutation libstdc++'s ``std::shuffle(v, std::mt19937(seed))`` applies to range(count).

    One ``uniform_int_distribution(0, i)`` draw per place (libstdc++ before GCC 10: downscaling
    by division, rejecting draws past the last whole multiple).

    >>> _std_shuffle_order(5, 0).tolist()
    [0, 2, 3, 1, 4]
    """
    order = list(range(count))
    words = _mt19937_words(seed)
    for i in range(1, count):
        scaling = 0xFFFFFFFF // (i + 1)
        limit = (i + 1) * scaling
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word // scaling
        order[i], order[j] = order[j], order[i]
    return np.array(order, np.int64)


def _read_idx(path, what):
    """The header ints and the byte payload of an MNIST idx file."""
    try:
        with open(path, "rb") as stream:
            content = stream.read()
    except OSError as error:
        raise MXNetError(f'LocalFileSystem: Check failed: allow_null: :Open "{path}": '
                         f"{error.strerror}") from None
    count = 4 if what == "image" else 2
    if len(content) < 4 * count:
        raise MXNetError("Check failed: fi->Read(buf, sizeof(buf)) == sizeof(buf): invalid mnist format")
    return struct.unpack(">" + "i" * count, content[:4 * count])[1:], content[4 * count:]


def _part(count, num_parts, part_index):
    if part_index < 0:
        raise MXNetError(f"Check failed: param_.part_index >= 0 ({part_index} vs. 0) : ")
    if num_parts <= 0:
        raise MXNetError(f"Check failed: param_.num_parts > 0 ({num_parts} vs. 0) : ")
    if num_parts <= part_index:
        raise MXNetError(f"Check failed: param_.num_parts > param_.part_index ({num_parts} vs. {part_index}) : ")
    return int(count / num_parts * part_index), int(count / num_parts * (part_index + 1))


class MNISTIter(MXDataIter):
    """Batches of MNIST idx files (uncompressed), as MXNet's MNISTIter.

    Keyword arguments only: ``image``, ``label``, ``batch_size=128``, ``shuffle=True`` (once, when
    created, with libstdc++'s ``std::shuffle`` and ``std::mt19937(seed)``: the same order as
    MXNet), ``flat=False`` (data (batch, 784) instead of (batch, 1, 28, 28)), ``seed=0``,
    ``silent=False`` (else a line on stderr), ``num_parts`` / ``part_index``,
    ``prefetch_buffer``, ``ctx``, ``dtype``. Pixels are byte / 256 (float32, as MXNet); only
    whole batches are given (the remainder is dropped); ``index`` is all zeros, as MXNet's.

    >>> import os, struct, tempfile, numpy as np, mxnd as mx
    >>> folder = tempfile.mkdtemp()
    >>> pixels = np.arange(3 * 2 * 2, dtype=np.uint8)
    >>> _ = open(os.path.join(folder, 'img'), 'wb').write(struct.pack('>iiii', 2051, 3, 2, 2) + pixels.tobytes())
    >>> _ = open(os.path.join(folder, 'lab'), 'wb').write(struct.pack('>ii', 2049, 3) + bytes([7, 8, 9]))
    >>> it = mx.io.MNISTIter(image=os.path.join(folder, 'img'), label=os.path.join(folder, 'lab'),
    ...                      batch_size=2, shuffle=False, flat=True, silent=True)
    >>> [(b.data[0].asnumpy().tolist(), b.label[0].asnumpy().tolist()) for b in it]
    [([[0.0, 0.00390625, 0.0078125, 0.01171875], [0.015625, 0.01953125, 0.0234375, 0.02734375]], [7.0, 8.0])]
    """

    def __init__(self, *args, **kwargs):
        dtype = _prefetcher_params(kwargs)
        image = str(kwargs.get("image", "./train-images-idx3-ubyte"))
        label = str(kwargs.get("label", "./train-labels-idx1-ubyte"))
        batch_size = _int_param(kwargs.get("batch_size", 128), "batch_size", lower=1)
        shuffle = _bool_param(kwargs.get("shuffle", True), "shuffle")
        flat = _bool_param(kwargs.get("flat", False), "flat")
        seed = _int_param(kwargs.get("seed", 0), "seed")
        silent = _bool_param(kwargs.get("silent", False), "silent")
        num_parts = _int_param(kwargs.get("num_parts", 1), "num_parts")
        part_index = _int_param(kwargs.get("part_index", 0), "part_index")
        images, labels = self._load(image, label, num_parts, part_index)
        if shuffle:
            order = _std_shuffle_order(len(labels), seed)
            images, labels = images[order], labels[order]
        self._images, self._labels = images, labels
        self._batch_size, self._flat = batch_size, flat
        self._cursor = 0
        if dtype not in (None, "float32"):
            raise MXNetError("Check failed: mshadow::DataType<DType>::kFlag == type_flag_: TBlob.get_with_shape: "
                             "data type do not match specified type.")
        if not silent:
            rows, cols = images.shape[1:]
            shape = f"({batch_size},{rows * cols})" if flat else f"[{batch_size},1,{rows},{cols}]"
            print(f"MNISTIter: load {len(images)} images, shuffle={int(shuffle)}, shape={shape}",
                  file=sys.stderr)
        _no_positional(args, "MNISTIter")
        MXDataIter.__init__(self, **kwargs)

    @staticmethod
    def _load(image, label, num_parts, part_index):
        (count, rows, cols), pixels = _read_idx(image, "image")
        start, end = _part(count, num_parts, part_index)
        size = rows * cols
        if len(pixels) < end * size:
            raise MXNetError("Check failed: stdimg->Read(&ch, sizeof(ch) != 0): ")
        images = np.frombuffer(pixels, np.uint8, (end - start) * size, start * size)
        images = images.reshape(end - start, rows, cols)
        (label_count,), label_bytes = _read_idx(label, "label")
        label_start, label_end = _part(label_count, num_parts, part_index)
        if len(label_bytes) < label_end:
            raise MXNetError("Check failed: stdlabel->Read(&ch, sizeof(ch) != 0): ")
        if label_end - label_start != end - start:
            raise MXNetError(f"MNISTIter: {image} holds {end - start} images but {label} "
                             f"{label_end - label_start} labels")
        labels = np.frombuffer(label_bytes, np.uint8, label_end - label_start, label_start)
        return images, labels

    def _fetch(self):
        stop = self._cursor + self._batch_size
        if stop > len(self._images):
            return None
        pixels = self._images[self._cursor:stop].astype(np.float32) * np.float32(1.0 / 256.0)
        shape = (self._batch_size, -1) if self._flat else (self._batch_size, 1) + pixels.shape[1:]
        labels = self._labels[self._cursor:stop].astype(np.float32)
        self._cursor = stop
        return (nd.array(pixels.reshape(shape), dtype=np.float32), nd.array(labels, dtype=np.float32), 0,
                np.zeros(self._batch_size, np.uint64))

    def _rewind(self):
        self._cursor = 0
