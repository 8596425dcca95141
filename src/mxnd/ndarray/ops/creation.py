"""Creation operators on the registry: zeros_like, ones_like (fluent, as in MXNet)."""
from __future__ import annotations

import torch

from ...registry import OpSpec, declare

CREATION = declare([
    OpSpec("zeros_like", torch.zeros_like, fluent=True, family="creation",
           doc="An array of zeros with the shape and dtype of the input."),
    OpSpec("ones_like", torch.ones_like, fluent=True, family="creation",
           doc="An array of ones with the shape and dtype of the input."),
])
