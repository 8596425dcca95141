"""The switch of the host-only fast paths, so the device-generic code that CUDA runs is tested here too.

A few kernels take a faster route on the CPU that gives the same results: numpy's searches and
scans in the sparse index kernels, scipy's CSR loops, torch's fused CPU Adam step and numpy's
for small Adam updates, torch's NCHW kernel for small non-overlapping max pools, a reused
buffer of ones as the default head gradient, channels-last convolution for dlconv. Everywhere
else (on CUDA) they run plain torch code. ``MXND_HOST_FAST_PATHS=0`` in the environment (read at
import) sends the CPU through that generic code as well; tests/test_generic_paths.py runs the
tests of those kernels that way, so the GPU's code paths are checked on a machine without one.
Paths whose results differ on the host by design (oneDNN pooling, correctly rounded sqrt, MXNet's
sequential float32 sums) are not fast paths and ignore the switch.

>>> import torch
>>> on_host(torch.zeros(1)) is HOST
True
"""
import os

__all__ = ["HOST", "on_host"]

HOST = os.environ.get("MXND_HOST_FAST_PATHS", "1") != "0"


def on_host(tensor) -> bool:
    """True when ``tensor`` is on the CPU and the host fast paths are on."""
    return HOST and tensor.is_cpu  # a flag read: 0.1 us, where ``tensor.device`` builds an object (1 us)
