"""``mx.random``: seeding of the random number generators mxnd draws from."""
from __future__ import annotations

import numpy as np
import torch

__all__ = ["seed"]


def seed(seed_state, ctx="all"):
    """Seed the generators: ``ctx='all'`` seeds every device, a Context only that device.

    >>> seed(42)
    """
    if not isinstance(seed_state, (int, np.integer)):
        raise ValueError("sd must be int")
    value = int(seed_state)
    if ctx == "all":
        torch.manual_seed(value)
        np.random.seed(value % (2 ** 32))
        return
    if ctx.device_typeid == 2:
        if torch.cuda.is_available():
            with torch.cuda.device(ctx.device_id):
                torch.cuda.manual_seed(value)
    else:
        torch.default_generator.manual_seed(value)
