"""Count the kernels one demo training step issues, on a machine without a GPU.

On a GPU the demo's step (benchmarks/bench_demo.py: LeNet on 8x8 digits, batch 32, Adam) is
bound by kernel launches, not by the kernels. This script counts the torch operators that do
work (views and host-side scalar reads left out) in one step, under a TorchDispatchMode, for:
raw torch (``torch.optim.Adam`` looping over the parameters, the host's default), mxnd on its
device-generic code (``fast_paths.HOST`` off), and mxnd with the choices it makes only for CUDA
tensors forced on the host (torch's fused Adam kernel, torch's softmax in SoftmaxOutput,
gradients adopted at any size). Operators that exist only on the host (oneDNN's pooling and its
layout conversions) are counted apart.

Run: python tools/count_launches.py
"""
import collections
import os
import sys

import torch
from torch.utils._python_dispatch import TorchDispatchMode

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmarks"))

from mxnd import autograd, fast_paths  # noqa: E402
from mxnd.ndarray.ops import adam_device, loss  # noqa: E402

NOT_KERNELS = {"aten.view", "aten.slice", "aten.detach", "aten.t", "aten.select", "aten.alias", "aten.unsqueeze",
               "aten.expand", "aten._reshape_alias", "aten.as_strided", "aten.permute", "aten.transpose",
               "aten.squeeze", "aten.lift_fresh", "aten.unbind", "aten.split", "aten.narrow", "aten._unsafe_view",
               "aten.reshape", "aten._local_scalar_dense", "profiler._record_function_enter_new",
               "profiler._record_function_exit"}
HOST_ONLY = {"aten.to_mkldnn", "aten._to_dense", "aten.mkldnn_max_pool2d", "aten.mkldnn_max_pool2d_backward"}
STEP = "demo step without metrics"


class Counter(TorchDispatchMode):
    """Counts the operators dispatched inside the block, by name."""

    def __init__(self):
        super().__init__()
        self.calls = collections.Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.calls[str(func.overloadpacket)] += 1
        return func(*args, **(kwargs or {}))


def count(step):
    """``(kernels, host-only kernels, {name: calls})`` of the third call of ``step``."""
    step()
    step()
    with Counter() as counter:
        step()
    kernels = {name: calls for name, calls in counter.calls.items() if name not in NOT_KERNELS}
    host_only = sum(calls for name, calls in kernels.items() if name in HOST_ONLY)
    return sum(kernels.values()) - host_only, host_only, kernels


def force_cuda_choices():
    """mxnd's CUDA-only routes, taken on the host (for counting only: the host's bits differ)."""
    adam_device.usable = adam_device.fits
    loss._mshadow_softmax = lambda data, axis: torch.softmax(data, axis)
    autograd._ADOPT_MIN_BYTES = 0


def main():
    import bench_demo

    fast_paths.HOST = False
    rows = [("raw torch (Adam looping over parameters)", bench_demo.implementations(["torch"])["torch"][STEP])]
    rows.append(("mxnd, device-generic code", bench_demo.implementations(["mxnd"])["mxnd"][STEP]))
    results = [(label, count(step)) for label, step in rows]
    force_cuda_choices()
    results.append(("mxnd, CUDA's choices", count(bench_demo.implementations(["mxnd"])["mxnd"][STEP])))
    for label, (kernels, host_only, calls) in results:
        top = ", ".join(f"{name[5:]} {n}" for name, n in sorted(calls.items(), key=lambda kv: -kv[1])[:6])
        print(f"{label}: {kernels} kernels (+{host_only} host-only); most: {top}")


if __name__ == "__main__":
    main()
