"""MXNet's 2-bit gradient compression: values quantized to {-t, 0, +t} with a residual kept.

Each call adds the gradient to the sender's residual, sends +threshold where the residual is
at least threshold, -threshold where it is at most -threshold, 0 elsewhere, and subtracts what
was sent from the residual (src/kvstore/gradient_compression-inl.h, quantize_2bit). mxnd sends
the dequantized values through the reduction directly; the result is identical.

>>> import torch
>>> gc = TwoBit.from_params({'type': '2bit', 'threshold': 0.5})
>>> residual = torch.zeros(3)
>>> gc.quantize(torch.tensor([0.3, 0.6, -0.7]), residual).tolist()
[0.0, 0.5, -0.5]
>>> gc.quantize(torch.tensor([0.3, 0.6, -0.7]), residual).tolist()
[0.5, 0.5, -0.5]
"""
from __future__ import annotations

import torch

from ..errors import MXNetError

__all__ = ["TwoBit"]


class TwoBit:
    """2-bit quantization with a positive ``threshold`` (MXNet default 0.5)."""

    __slots__ = ("threshold",)

    def __init__(self, threshold: float = 0.5):
        self.threshold = threshold

    @classmethod
    def from_params(cls, params):
        """Parse MXNet's compression dict: ``{'type': '2bit', 'threshold': 0.5}``."""
        assert isinstance(params, dict), "unexpected type for param_dict: " + str(type(params))
        unknown = sorted(set(params) - {"type", "threshold"})
        if unknown:
            raise MXNetError(f"set_gradient_compression: unknown parameter(s) {unknown}; "
                             f"expected 'type' and optionally 'threshold'")
        if "type" not in params:
            raise MXNetError("set_gradient_compression: Required parameter type of string is not presented")
        kind = str(params["type"])
        if kind != "2bit":
            raise MXNetError(f"set_gradient_compression: Unknown type for gradient compression {kind}; "
                             f"expected '2bit'")
        try:
            threshold = float(str(params.get("threshold", 0.5)))
        except ValueError:
            raise MXNetError(f"set_gradient_compression: threshold must be a float, got "
                             f"{params['threshold']!r}") from None
        if not threshold > 0:
            raise MXNetError(f"set_gradient_compression: threshold must be greater than 0, got {threshold:g}")
        return cls(threshold)

    def quantize(self, grad: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        """The dequantized message for ``grad``; updates ``residual`` in place."""
        residual.add_(grad)
        t = self.threshold
        sent = torch.where(residual >= t, t, 0.0).to(residual.dtype)
        sent.masked_fill_(residual <= -t, -t)
        residual.sub_(sent)
        return sent
