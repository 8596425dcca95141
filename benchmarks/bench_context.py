"""Where the benchmarks run: ``MXND_BENCH_CTX=gpu`` (or ``suite.py --ctx gpu``) puts every workload on CUDA.

``use(module)`` makes new arrays of ``module`` (mxnd, mxnet or torch) default to the chosen
device; ``sync()`` waits for queued CUDA work, so a timed block is charged for all of it.
"""
import os

CTX = os.environ.get("MXND_BENCH_CTX", "cpu")
if CTX not in ("cpu", "gpu"):
    raise SystemExit(f"MXND_BENCH_CTX must be cpu or gpu, not {CTX!r}")


def use(module):
    """Make ``module``'s new arrays live on the benchmark context (a no-op on cpu)."""
    if CTX == "cpu":
        return
    if module.__name__ == "torch":
        if not module.cuda.is_available():
            raise ImportError("MXND_BENCH_CTX=gpu but torch has no CUDA device")
        module.set_default_device("cuda")
    else:  # mxnd or mxnet: enter gpu(0) as the default context for the rest of the process
        if module.context.num_gpus() == 0:
            raise ImportError(f"MXND_BENCH_CTX=gpu but {module.__name__} sees no GPU")
        module.gpu(0).__enter__()


def sync():
    """Wait for queued CUDA work (a no-op on cpu)."""
    if CTX == "gpu":
        import torch
        torch.cuda.synchronize()
