"""Sums in the order of MXNet's C++ loops (``total += x[i]`` in the dtype, left to right).

torch's and numpy's sums are pairwise and round differently in the last bit. On the host the
values go through numpy's sequential ``add.accumulate``; on other devices torch's sum is used
(a GPU has no sequential order to reproduce).

>>> import torch
>>> ordered_sum(torch.tensor([[1e8, 3.0, 3.0, 3.0]]), 1).tolist()
[100000000.0]
"""
from __future__ import annotations

import numpy as np
import torch

from ...fast_paths import on_host

__all__ = ["ordered_sum"]


def ordered_sum(x: torch.Tensor, dim: int) -> torch.Tensor:
    """The left-to-right sum of ``x`` over ``dim`` (0 for an empty axis)."""
    if x.shape[dim] == 0 or not on_host(x):
        return x.sum(dim)
    moved = x.detach().movedim(dim, -1).contiguous().numpy()
    with np.errstate(all="ignore"):  # overflow to inf, silently, as in C
        return torch.from_numpy(np.add.accumulate(moved, axis=-1, dtype=moved.dtype)[..., -1].copy())
