"""Format strings ("SSCB"): parsing, canonical order, the 'U' rule and implicit expansion.

Everything here works on strings and shape tuples only and is cached by format, so an
operation pays for a format once. Canonical order is S, C, B, T, U (MATLAB's storage order).

>>> canonical("BCSS")
('SSCB', (2, 3, 1, 0))
>>> combine("SCB", "SSCT")
('SSCBT', (0, 2, 3), (0, 1, 2, 4))
"""
from __future__ import annotations

from functools import lru_cache

__all__ = ["LABELS", "check", "canonical", "normalized_rank", "combine", "label_blocks"]

LABELS = "SCBTU"
_RANK = {label: i for i, label in enumerate(LABELS)}
_AT_MOST_ONE = "CBT"


@lru_cache(maxsize=512)
def check(fmt: str, where: str = "dlarray") -> str:
    """Validate a format string; return it. Raises ValueError naming the MATLAB rule."""
    if not isinstance(fmt, str):
        raise TypeError(f"{where}: the format must be a character vector or string such as 'SSCB', "
                        f"got {type(fmt).__name__}")
    for label in fmt:
        if label not in _RANK:
            raise ValueError(f"{where}: invalid format '{fmt}': dimension labels must be 'S' (spatial), "
                             f"'C' (channel), 'B' (batch), 'T' (time) or 'U' (unspecified), got '{label}'")
    for label in _AT_MOST_ONE:
        if fmt.count(label) > 1:
            raise ValueError(f"{where}: invalid format '{fmt}': a format can have at most one '{label}' "
                             f"dimension (at most one each of 'C', 'B' and 'T')")
    return fmt


@lru_cache(maxsize=512)
def canonical(fmt: str) -> tuple:
    """(format in S,C,B,T,U order, permutation taking the given order to it); stable sort."""
    perm = tuple(sorted(range(len(fmt)), key=lambda i: _RANK[fmt[i]]))
    return "".join(fmt[i] for i in perm), perm


def normalized_rank(fmt: str, shape) -> int:
    """How many dims remain after the 'U' rule: trailing singleton 'U' dims beyond the second go."""
    rank = len(fmt)
    while rank > 2 and fmt[rank - 1] == "U" and shape[rank - 1] == 1:
        rank -= 1
    return rank


@lru_cache(maxsize=1024)
def label_blocks(fmt: str) -> tuple:
    """Count of each label in canonical order, e.g. 'SSCB' -> (2, 1, 1, 0, 0)."""
    return tuple(fmt.count(label) for label in LABELS)


@lru_cache(maxsize=1024)
def combine(fmt_a: str, fmt_b: str) -> tuple:
    """Implicit expansion of two canonical formats: (output format, positions of a's dims,
    positions of b's dims) in the output. A shorter label block gets singleton dims at its end
    (MATLAB: "inserts singleton dimensions at the end of each block of dimensions with the same
    label")."""
    out, pos_a, pos_b = [], [], []
    blocks_a, blocks_b = label_blocks(fmt_a), label_blocks(fmt_b)
    for label, count_a, count_b in zip(LABELS, blocks_a, blocks_b):
        start = len(out)
        out.extend(label * max(count_a, count_b))
        pos_a.extend(range(start, start + count_a))
        pos_b.extend(range(start, start + count_b))
    return "".join(out), tuple(pos_a), tuple(pos_b)
