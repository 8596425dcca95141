"""``mx.runtime``: MXNet 1.9.1's feature query (``Features``, ``feature_list``, ``Feature``) with
MXNet's 32 feature names, each answered for what mxnd on this torch build actually offers:

=================================  ====================================================================
feature                            enabled in mxnd when
=================================  ====================================================================
CUDA                               ``torch.cuda.is_available()``
CUDNN                              CUDA and ``torch.backends.cudnn.is_available()``
NCCL                               CUDA and ``torch.distributed.is_nccl_available()`` (``mx.kv``)
CUDA_RTC, TENSORRT                 never (no ``mx.rtc``, no TensorRT)
CPU_SSE, CPU_SSE2                  x86-64 (its baseline instruction set)
CPU_SSE3, CPU_SSE4_1, CPU_SSE4_2,  x86-64 and torch's CPU kernels run at AVX2 or AVX512
CPU_AVX, CPU_AVX2, F16C            (``torch.backends.cpu.get_cpu_capability()``)
CPU_SSE4A, SSE                     never (torch has no SSE4A kernels; MXNet never sets ``SSE``)
OPENMP                             ``torch.backends.openmp.is_available()``
JEMALLOC                           never (torch uses the system allocator)
BLAS_OPEN, BLAS_ATLAS, BLAS_MKL,   torch's ``BLAS_INFO`` (``torch.__config__.show()``) is OpenBLAS,
BLAS_APPLE                         ATLAS, MKL or Accelerate; else MKL if ``torch.backends.mkl``
LAPACK                             torch was built with LAPACK (``torch._C.has_lapack``)
MKLDNN                             ``torch.backends.mkldnn.is_available()`` (oneDNN)
OPENCV                             always: mxnd reproduces MXNet's OpenCV operators (``_cv*``)
PROFILER                           always: ``mx.profiler`` (on torch.profiler)
CAFFE, TVM_OP                      never (not provided)
DIST_KVSTORE                       ``torch.distributed.is_available()`` (``dist_sync`` kvstore)
CXX14                              never (MXNet 1.9.1 never sets it either)
INT64_TENSOR_SIZE                  always: torch indexes tensors with int64
SIGNAL_HANDLER                     never: mxnd installs no crash handler
DEBUG                              never: a release build
=================================  ====================================================================

The answers are computed once, on the first ``Features()`` / ``feature_list()``.

>>> import mxnd as mx
>>> features = mx.runtime.Features()
>>> features.is_enabled("opencv"), features.is_enabled("TVM_OP")
(True, False)
>>> features["DEBUG"]
✖ DEBUG
>>> len(mx.runtime.feature_list())
32
"""
from __future__ import annotations

import collections
import platform
import re

import torch

__all__ = ["Feature", "feature_list", "Features"]

FEATURE_NAMES = (
    "CUDA", "CUDNN", "NCCL", "CUDA_RTC", "TENSORRT",
    "CPU_SSE", "CPU_SSE2", "CPU_SSE3", "CPU_SSE4_1", "CPU_SSE4_2", "CPU_SSE4A", "CPU_AVX", "CPU_AVX2",
    "OPENMP", "SSE", "F16C", "JEMALLOC",
    "BLAS_OPEN", "BLAS_ATLAS", "BLAS_MKL", "BLAS_APPLE", "LAPACK", "MKLDNN",
    "OPENCV", "CAFFE", "PROFILER", "DIST_KVSTORE", "CXX14", "INT64_TENSOR_SIZE", "SIGNAL_HANDLER",
    "DEBUG", "TVM_OP",
)


class Feature:
    """A feature: ``name`` and ``enabled``; its repr is ``✔ NAME`` or ``✖ NAME``."""

    __slots__ = ("_name", "_enabled")

    def __init__(self, name, enabled):
        self._name, self._enabled = str(name), bool(enabled)

    @property
    def name(self):
        """Feature name."""
        return self._name

    @property
    def enabled(self):
        """Whether mxnd offers the feature."""
        return self._enabled

    def __repr__(self):
        return ("✔ {}" if self._enabled else "✖ {}").format(self._name)


def _is_x86_64() -> bool:
    return platform.machine().lower() in ("x86_64", "amd64")


def _simd_kernels() -> bool:
    """torch's CPU kernels use AVX2 or AVX512 (which implies SSE3..SSE4.2, AVX and F16C)."""
    try:
        capability = torch.backends.cpu.get_cpu_capability()
    except (AttributeError, RuntimeError):
        return False
    return _is_x86_64() and capability.upper().startswith(("AVX2", "AVX512"))


def _blas_vendor() -> str:
    """torch's BLAS: 'open', 'atlas', 'mkl', 'apple' or '' when unknown."""
    try:
        found = re.search(r"BLAS_INFO=([A-Za-z]+)", torch.__config__.show())
    except Exception:  # noqa: BLE001 - the text is informative only
        found = None
    info = found.group(1).lower() if found else ""
    for vendor, names in (("open", ("open", "openblas")), ("atlas", ("atlas",)), ("mkl", ("mkl",)),
                          ("apple", ("accelerate", "veclib", "apple"))):
        if info in names:
            return vendor
    return "mkl" if torch.backends.mkl.is_available() else ""


def _nccl() -> bool:
    distributed = torch.distributed
    return bool(distributed.is_available() and distributed.is_nccl_available())


def _enabled_features() -> dict:
    cuda = torch.cuda.is_available()
    simd = _simd_kernels()
    blas = _blas_vendor()
    on = {
        "CUDA": cuda,
        "CUDNN": cuda and torch.backends.cudnn.is_available(),
        "NCCL": cuda and _nccl(),
        "CPU_SSE": _is_x86_64(), "CPU_SSE2": _is_x86_64(),
        "CPU_SSE3": simd, "CPU_SSE4_1": simd, "CPU_SSE4_2": simd, "CPU_AVX": simd, "CPU_AVX2": simd,
        "F16C": simd,
        "OPENMP": torch.backends.openmp.is_available(),
        "BLAS_OPEN": blas == "open", "BLAS_ATLAS": blas == "atlas",
        "BLAS_MKL": blas == "mkl", "BLAS_APPLE": blas == "apple",
        "LAPACK": bool(getattr(torch._C, "has_lapack", False)),
        "MKLDNN": torch.backends.mkldnn.is_available(),
        "OPENCV": True,
        "PROFILER": True,
        "DIST_KVSTORE": torch.distributed.is_available(),
        "INT64_TENSOR_SIZE": True,
    }
    return {name: bool(on.get(name, False)) for name in FEATURE_NAMES}


_FEATURES = None


def feature_list():
    """The list of all ``Feature`` objects, in MXNet's order."""
    global _FEATURES
    if _FEATURES is None:
        _FEATURES = [Feature(name, enabled) for name, enabled in _enabled_features().items()]
    return list(_FEATURES)


class Features(collections.OrderedDict):
    """The one ``OrderedDict`` of feature name -> ``Feature`` (every call returns the same object);
    its repr is the list of features."""

    instance = None

    def __new__(cls):
        if cls.instance is None:
            cls.instance = super().__new__(cls)
            super(Features, cls.instance).__init__((f.name, f) for f in feature_list())
        return cls.instance

    def __repr__(self):
        return str(list(self.values()))

    def is_enabled(self, feature_name):
        """Whether ``feature_name`` (any case) is enabled; RuntimeError for an unknown name."""
        feature_name = feature_name.upper()
        if feature_name not in self:
            raise RuntimeError("Feature '{}' is unknown, known features are: {}".format(
                feature_name, list(self.keys())))
        return self[feature_name].enabled
