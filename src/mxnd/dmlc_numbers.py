"""Numbers in text as dmlc-core reads them (MXNet's CSV and LibSVM parsers), over many tokens at once.

Floats go through dmlc's own ``strtof`` (``dmlc/strtonum.h``), which is not correctly rounded:
``1e-45`` reads as 1.1754942e-38 and ``3.4e38`` as 3.4000004e38; integers through C's
``strtoll(s, &end, 0)``, so ``010`` is 8 and ``0x1F`` is 31. ``*_tokens`` read a list of byte
strings with numpy (a state machine over their characters); ``*_at`` read one, for the odd
tokens and as the reference the vectorised readers are tested against.

>>> values, read, blank = strtof_tokens([b'1.5', b'-2e3', b'x'])
>>> values.tolist(), read.tolist()
([1.5, -2000.0, 0.0], [3, 4, 0])
"""
from __future__ import annotations

import numpy as np

from .errors import MXNetError

__all__ = ["strtof_at", "strtof_parts", "strtof_tokens", "strtoll_at", "strtoll_tokens", "SPACE", "C_SPACE"]

SPACE = b" \t\r\n\f"  # dmlc::isspace
C_SPACE = b" \t\r\n\f\v"  # C's isspace, as strtoll skips

_F32 = np.float32
_MAX_SIGNIFICAND = _F32(3.402823466)  # dmlc ParseFloat's clip values at exponent 38
_MIN_SIGNIFICAND = _F32(1.175494351)


def strtof_at(text, start=0):
    """dmlc::strtof on ``text[start:]``: (float32 value, characters read).

    >>> [(float(v), n) for v, n in map(strtof_at, (b'1.5x', b' -', b'1e-45', b'abc'))]
    [(1.5, 3), (-0.0, 2), (1.1754942106924411e-38, 5), (0.0, 0)]
    """
    n = len(text)
    p = start
    char = lambda i: text[i] if i < n else 0  # noqa: E731 - the C string's NUL past the end
    while char(p) in SPACE:
        p += 1
    negative = char(p) == 45
    if char(p) in (43, 45):
        p += 1
    word = bytes(c | 32 for c in text[p:p + 8])
    if word.startswith(b"infinity") or (word.startswith(b"inf") and not word.startswith(b"infi")):
        p += 8 if word.startswith(b"infinity") else 3
        return _F32(-np.inf if negative else np.inf), p - start
    if word.startswith(b"infi"):  # 'inf' followed by a partial 'inity' reads 'inf'
        return _F32(-np.inf if negative else np.inf), p + 3 - start
    if word.startswith(b"nan"):
        p += 3
        if char(p) == 40:  # NAN(chars)
            p += 1
            while chr(char(p)).isalnum() and char(p) < 128 or char(p) == 95:
                p += 1
            if char(p) != 41:
                raise MXNetError("Check failed: *p == ')' Invalid NAN literal")
            p += 1
        return _F32(np.nan), p - start
    predec = 0
    while 48 <= char(p) <= 57:
        predec = (predec * 10 + char(p) - 48) % (1 << 64)
        p += 1
    value = np.array(predec, np.uint64).astype(_F32)
    if char(p) == 46:
        p += 1
        digits, count = 0, 0
        while 48 <= char(p) <= 57:
            if count < 19:
                digits = digits * 10 + char(p) - 48
            count += 1
            p += 1
        value = _F32(value + _F32(float(digits) / float(10 ** min(count, 19))))
    if char(p) in (69, 101):
        p += 1
        frac = char(p) == 45
        if char(p) in (43, 45):
            p += 1
        exponent = 0
        while 48 <= char(p) <= 57:
            exponent = (exponent * 10 + char(p) - 48) % (1 << 32)
            p += 1
        value = _scale(np.array([value], _F32), np.array([exponent], np.uint32), np.array([frac]))[0]
    if char(p) in (70, 102):
        p += 1
    return (_F32(-value) if negative else _F32(value)), p - start


def _scale(value, exponent, frac):
    """``value`` times (or over, where ``frac``) 10**exponent as dmlc ParseFloat computes it."""
    with np.errstate(over="ignore"):
        return _scale_unchecked(value, exponent, frac)


def _powers_of_ten(exponent):
    """10**exponent (0 to 38) in float32 as ParseFloat makes it: by 1e8 while it can, then by 10.

    >>> _powers_of_ten(np.array([0, 9, 31])).tolist()
    [1.0, 1000000000.0, 9.999999848243207e+30]
    """
    scale = np.ones(exponent.shape, _F32)
    for k in range(1, 5):
        scale = np.where(exponent // 8 >= k, scale * _F32(1e8), scale).astype(_F32)
    for k in range(1, 8):
        scale = np.where(exponent % 8 >= k, scale * _F32(10.0), scale).astype(_F32)
    return scale


with np.errstate(over="ignore"):  # (the products not taken overflow)
    _SCALES = _powers_of_ten(np.arange(39))


def _scale_unchecked(value, exponent, frac):
    exponent = np.minimum(exponent, 38).astype(np.int64)
    at_max = exponent == 38
    value = np.where(at_max & ~frac & (value > _MAX_SIGNIFICAND), _MAX_SIGNIFICAND, value)
    value = np.where(at_max & frac & (value < _MIN_SIGNIFICAND), _MIN_SIGNIFICAND, value).astype(_F32)
    scale = _SCALES[exponent]
    return np.where(frac, value / scale, value * scale).astype(_F32)


def strtof_parts(predec, digits, count, exponent, frac, has_exp, negative):
    """dmlc ParseFloat's arithmetic on the parts of numbers already split into digits, vectorised.

    A number ``[-]P[.D][e[-]X]`` has ``predec`` P (uint64, modulo 2**64), ``digits`` the first
    19 digits of D as an integer (uint64; 0 without a dot), ``count`` how many of them, ``exponent``
    X (uint32, modulo 2**32), ``frac`` whether X has a '-', ``has_exp`` whether there is an 'e'.

    >>> u = lambda *v: np.array(v, np.uint64)
    >>> strtof_parts(u(1, 0), u(5, 0), np.array([1, 0]), np.array([0, 45], np.uint32),
    ...              np.array([False, True]), np.array([False, True]), np.array([True, False])).tolist()
    [-1.5, 1.1754942106924411e-38]
    """
    # without a dot, digits / 10**count is +0.0, and P + 0.0 == P for P >= +0.0
    values = (predec.astype(_F32) + (digits.astype(np.float64) / (10.0 ** count)).astype(_F32)).astype(_F32)
    if has_exp.any():
        values = np.where(has_exp, _scale(values, exponent, frac), values)
    return np.where(negative, -values, values).astype(_F32)


def _token_matrix(tokens):
    """(n, width) uint8 bytes of a list of bytes tokens, NUL padded."""
    array = np.array(tokens, dtype="S") if tokens else np.zeros(0, "S1")
    width = max(array.dtype.itemsize, 1)
    return np.frombuffer(array.tobytes(), np.uint8).reshape(len(tokens), width)


_OTHER, _SPACE_KIND, _SIGN, _DIGIT, _DOT, _E, _F, _INF_NAN = range(8)
_CHAR_KIND = np.zeros(256, np.int8)
_CHAR_KIND[list(SPACE)] = _SPACE_KIND
_CHAR_KIND[list(b"+-")] = _SIGN
_CHAR_KIND[list(b"0123456789")] = _DIGIT
_CHAR_KIND[ord(".")] = _DOT
_CHAR_KIND[list(b"eE")] = _E
_CHAR_KIND[list(b"fF")] = _F
_CHAR_KIND[list(b"iInN")] = _INF_NAN
# dmlc ParseFloat as a state machine: 0 leading blanks, 1 sign read, 2 integer digits,
# 3 fraction, 4 'e' read, 5 exponent, 6 done (7 done after reading an 'f' suffix)
_STRTOF_NEXT = np.full((8, 8), 6, np.int8)
_STRTOF_NEXT[0, [_SPACE_KIND, _SIGN]] = 0, 1
_STRTOF_NEXT[:3, _DIGIT] = 2
_STRTOF_NEXT[:3, _DOT] = 3
_STRTOF_NEXT[3, _DIGIT] = 3
_STRTOF_NEXT[:4, _E] = 4
_STRTOF_NEXT[4, [_SIGN, _DIGIT]] = 5
_STRTOF_NEXT[5, _DIGIT] = 5
_STRTOF_NEXT[:6, _F] = 7
_STRTOF_NEXT[7, :] = 7
_STRTOF_READS = ((_STRTOF_NEXT < 6) | ((_STRTOF_NEXT == 7) & (np.arange(8)[:, None] < 6))).astype(np.int64)
_STRTOF_NEXT[_STRTOF_NEXT == 7] = 6


def strtof_tokens(tokens):
    """dmlc::strtof of each token, vectorised: (float32 values, characters read, ends in blanks).

    ``ends in blanks`` marks tokens of blanks only, which C reads on into the next line.

    >>> values, read, blank = strtof_tokens([b'1.1', b'', b' ', b'2e3x', b'-inf'])
    >>> values.tolist(), read.tolist(), blank.tolist()
    ([1.100000023841858, 0.0, 0.0, 2000.0, -inf], [3, 0, 1, 3, 4], [False, False, True, False, False])
    """
    matrix = _token_matrix(tokens)
    n = matrix.shape[0]
    state = np.zeros(n, np.int8)  # see _STRTOF_NEXT
    read = np.zeros(n, np.int64)
    negative, has_exp, frac, special, blank = (np.zeros(n, bool) for _ in range(5))
    predec, digits = np.zeros(n, np.uint64), np.zeros(n, np.uint64)
    count, exponent = np.zeros(n, np.int64), np.zeros(n, np.uint32)
    for column in matrix.T:
        if not (state < 6).any():
            break
        kind = _CHAR_KIND[column]
        new = _STRTOF_NEXT[state, kind]
        read += _STRTOF_READS[state, kind]
        digit = kind == _DIGIT
        value = column - np.uint8(48)
        blank |= (state == 0) & (column == 0)
        special |= (state <= 1) & (kind == _INF_NAN)
        negative |= (state == 0) & (column == 45)
        frac |= (state == 4) & (column == 45)
        has_exp |= new == 4
        step = (new == 2) & digit
        np.multiply(predec, np.uint64(10), out=predec, where=step)
        np.add(predec, value, out=predec, where=step, casting="unsafe")
        step = (new == 3) & digit & (count < 19)
        np.multiply(digits, np.uint64(10), out=digits, where=step)
        np.add(digits, value, out=digits, where=step, casting="unsafe")
        count += step
        step = (new == 5) & digit
        np.multiply(exponent, np.uint32(10), out=exponent, where=step)
        np.add(exponent, value, out=exponent, where=step, casting="unsafe")
        state = new
    values = strtof_parts(predec, digits, count, exponent, frac, has_exp, negative)
    blank = (blank | (state == 0)) & (read > 0)
    for i in np.flatnonzero(special):
        values[i], read[i] = strtof_at(tokens[i])
    return values, read, blank


def strtoll_at(text, start=0):
    """C ``strtoll(text + start, &end, 0)``: (value, characters read; 0 when nothing converts).

    >>> [strtoll_at(s) for s in (b' 12x', b'010', b'0x1F', b'-', b'08')]
    [(12, 3), (8, 3), (31, 4), (0, 0), (0, 1)]
    """
    n = len(text)
    char = lambda i: text[i] if i < n else 0  # noqa: E731
    p = start
    while char(p) in C_SPACE:
        p += 1
    negative = char(p) == 45
    if char(p) in (43, 45):
        p += 1
    base, alphabet = 10, b"0123456789"
    if char(p) == 48 and char(p + 1) in (88, 120) and chr(char(p + 2)).lower() in "0123456789abcdef" \
            and char(p + 2) != 0:
        base, alphabet, p = 16, b"0123456789abcdefABCDEF", p + 2
    elif char(p) == 48:
        base, alphabet = 8, b"01234567"
    begin, value = p, 0
    while char(p) and char(p) in alphabet:
        value = value * base + int(chr(char(p)), 16)
        p += 1
    if p == begin:
        return 0, 0
    value = -value if negative else value
    return max(min(value, (1 << 63) - 1), -(1 << 63)), p - start


def strtoll_tokens(tokens):
    """``strtoll(token, &end, 0)`` of each token: (int64 values, characters read, blanks only).

    >>> values, read, blank = strtoll_tokens([b'12', b' -3', b'', b' ', b'010', b'7.5'])
    >>> values.tolist(), read.tolist(), blank.tolist()
    ([12, -3, 0, 0, 8, 7], [2, 3, 0, 0, 3, 1], [False, False, False, True, False, False])
    """
    matrix = _token_matrix(tokens)
    n = matrix.shape[0]
    state = np.zeros(n, np.int8)  # 0 blanks, 1 sign, 2 digits, 3 done
    read, ndigits = np.zeros(n, np.int64), np.zeros(n, np.int64)
    negative, slow = np.zeros(n, bool), np.zeros(n, bool)
    value = np.zeros(n, np.int64)
    blanks, blank = np.zeros(n, bool), np.zeros(n, bool)
    for column in matrix.T:
        if not (state < 3).any():
            break
        blank |= (state == 0) & (column == 0) & blanks
        digit = (column >= 48) & (column <= 57)
        space = np.isin(column, np.frombuffer(C_SPACE, np.uint8)) & (state == 0)
        blanks |= space
        sign = ((column == 43) | (column == 45)) & (state == 0)
        first = digit & (state <= 1)
        slow |= first & (column == 48)  # octal or hex: read one by one
        more = digit & (state == 2)
        negative |= sign & (column == 45)
        value = np.where(first | more, value * 10 + (column.astype(np.int64) - 48), value)
        ndigits += first | more
        new = np.full(n, 3, np.int8)
        new[space], new[sign], new[first | more] = 0, 1, 2
        active = state < 3
        read += active & (new < 3)
        state = np.where(active, new, state)
    slow |= ndigits > 18
    value = np.where(negative, -value, value)
    read = np.where(ndigits > 0, read, 0)
    for i in np.flatnonzero(slow):
        value[i], read[i] = strtoll_at(tokens[i])
    blank |= blanks & (state == 0)
    return value, read, blank
