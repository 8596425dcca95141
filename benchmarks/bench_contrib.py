"""Contrib benchmarks: deformable convolution and pooling, quantization, hawkesll, DGL graph
sampling; mxnd vs MXNet 1.9.1 (raw torch has no equivalent of these operators).

The same MXNet-API statements run under ``import mxnd as mx`` and under the real MXNet; the
measuring loop and the command line are bench_sparse.py's (``--impl``, ``--json``,
``--compare PYTHON_WITH_MXNET`` for the ratios MXNet time / mxnd time, > 1: mxnd is faster).

    python benchmarks/bench_contrib.py --compare /tmp/mxvenv/bin/python
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_sparse  # noqa: E402  (the measuring loop and the command line)

_DEFORM = ("rng = np.random.RandomState(0)\n"
           "x = mx.nd.array(rng.randn(8, 64, 32, 32)); off = mx.nd.array(rng.uniform(-2, 2, (8, 18, 32, 32)))\n"
           "mask = mx.nd.array(rng.uniform(0, 1, (8, 9, 32, 32)))\n"
           "w = mx.nd.array(rng.randn(64, 64, 3, 3) * 0.05); b = mx.nd.zeros(64)\n"
           "for p in (x, off, w, b): p.attach_grad()\n"
           "conv = lambda: mx.nd.contrib.DeformableConvolution(x, off, w, b, kernel=(3, 3), num_filter=64, pad=(1, 1))\n")
_INT32 = ("rng = np.random.RandomState(0)\n"
          "q = mx.nd.array(rng.randint(-2 ** 20, 2 ** 20, (1024, 1024)), dtype='int32')\n"
          "lo, hi = mx.nd.array([-1000.0]), mx.nd.array([1000.0])\n")
_FLOATS = "rng = np.random.RandomState(0)\nx = mx.nd.array(rng.randn(1024, 1024))\n"
_GRAPH = ("rng = np.random.RandomState(0); n = 10000; nnz = 200000\n"
          "rows, cols = rng.randint(0, n, nnz), rng.randint(0, n, nnz)\n"
          "import scipy.sparse as sp\n"
          "m = sp.csr_matrix((np.ones(nnz), (rows, cols)), shape=(n, n)); m.sum_duplicates(); m.sort_indices()\n"
          "g = mx.nd.sparse.csr_matrix((np.arange(1, m.nnz + 1, dtype=np.int64), m.indices, m.indptr), shape=(n, n), dtype=np.int64)\n"
          "seeds = mx.nd.array(np.arange(0, n, 20), dtype=np.int64)\n")

WORKLOADS = {
    "DeformableConvolution 8x64x32x32 3x3 forward": (_DEFORM, "conv().wait_to_read()"),
    "DeformableConvolution 8x64x32x32 3x3 forward+backward": (
        _DEFORM, "with mx.autograd.record():\n    y = conv()\ny.backward(); mx.nd.waitall()"),
    "ModulatedDeformableConvolution 8x64x32x32 3x3 forward": (
        _DEFORM, "mx.nd.contrib.ModulatedDeformableConvolution(x, off, mask, w, b, kernel=(3, 3), num_filter=64, "
                 "pad=(1, 1)).wait_to_read()"),
    "DeformablePSROIPooling 1x490x38x50, 300 rois": (
        "rng = np.random.RandomState(0)\n"
        "data = mx.nd.array(rng.randn(1, 490, 38, 50))\n"
        "corners = np.sort(rng.uniform(0, 600, (300, 2, 2)), axis=1)\n"
        "rois = mx.nd.array(np.concatenate([np.zeros((300, 1)), corners[:, 0], corners[:, 1]], axis=1))\n"
        "trans = mx.nd.array(rng.uniform(-0.1, 0.1, (300, 2, 7, 7)))\n",
        "mx.nd.contrib.DeformablePSROIPooling(data, rois, trans, spatial_scale=0.0625, output_dim=10, group_size=7, "
        "pooled_size=7, part_size=7, sample_per_part=4, trans_std=0.1).wait_to_read()"),
    "quantize_v2 1024x1024 calibrated int8": (
        _FLOATS, "mx.nd.contrib.quantize_v2(x, min_calib_range=-3.0, max_calib_range=3.0)[0].wait_to_read()"),
    "quantize_v2 1024x1024 uncalibrated": (_FLOATS, "mx.nd.contrib.quantize_v2(x)[0].wait_to_read()"),
    "dequantize int8 1024x1024": (
        _FLOATS + "q, lo, hi = mx.nd.contrib.quantize_v2(x, min_calib_range=-3.0, max_calib_range=3.0)\n",
        "mx.nd.contrib.dequantize(q, lo, hi).wait_to_read()"),
    "requantize int32 1024x1024 calibrated": (
        _INT32, "mx.nd.contrib.requantize(q, lo, hi, min_calib_range=-1.0, max_calib_range=1.0)[0].wait_to_read()"),
    "quantized_fully_connected uint8 128x1024 @ 1024x1024": (
        "rng = np.random.RandomState(0)\n"
        "d = mx.nd.array(rng.randint(0, 255, (128, 1024)), dtype='uint8')\n"
        "w = mx.nd.array(rng.randint(-127, 127, (1024, 1024)), dtype='int8')\n"
        "r = [mx.nd.array([v]) for v in (0.0, 1.0, -1.0, 1.0)]\n",
        "mx.nd.contrib.quantized_fully_connected(d, w, *r, num_hidden=1024, no_bias=True)[0].wait_to_read()"),
    "quantized_conv uint8 32x64x28x28, 64 3x3": (
        "rng = np.random.RandomState(0)\n"
        "d = mx.nd.array(rng.randint(0, 255, (32, 64, 28, 28)), dtype='uint8')\n"
        "w = mx.nd.array(rng.randint(-127, 127, (64, 64, 3, 3)), dtype='int8')\n"
        "r = [mx.nd.array([v]) for v in (0.0, 1.0, -1.0, 1.0)]\n",
        "mx.nd.contrib.quantized_conv(d, w, *r, kernel=(3, 3), pad=(1, 1), num_filter=64, no_bias=True)[0]"
        ".wait_to_read()"),
    "quantized_pooling max int8 32x64x56x56": (
        "rng = np.random.RandomState(0)\n"
        "d = mx.nd.array(rng.randint(-127, 127, (32, 64, 56, 56)), dtype='int8')\n"
        "lo, hi = mx.nd.array([-1.0]), mx.nd.array([1.0])\n",
        "mx.nd.contrib.quantized_pooling(d, lo, hi, kernel=(3, 3), stride=(2, 2), pad=(1, 1), pool_type='max')[0]"
        ".wait_to_read()"),
    "calibrate_entropy 8001 bins": (
        "rng = np.random.RandomState(0)\n"
        "hist = mx.nd.array(rng.randint(0, 100, 8001)); edges = mx.nd.array(np.linspace(-4, 4, 8002))\n",
        "mx.nd.contrib.calibrate_entropy(hist, edges, num_quantized_bins=255)[0].wait_to_read()"),
    "hawkesll N=32 K=8 T=200 forward+backward": (
        "rng = np.random.RandomState(0); N, K, T = 32, 8, 200\n"
        "lda = mx.nd.array(rng.uniform(0.5, 1.5, (N, K))); alpha = mx.nd.array(rng.uniform(0.1, 0.5, K))\n"
        "beta = mx.nd.array(rng.uniform(1, 2, K)); state = mx.nd.zeros((N, K))\n"
        "lags = mx.nd.array(rng.uniform(0, 1, (N, T))); marks = mx.nd.array(rng.randint(0, K, (N, T)), dtype='int32')\n"
        "valid = mx.nd.array(np.full(N, T)); tmax = mx.nd.array(np.full(N, T * 1.0))\n"
        "for p in (lda, alpha, beta): p.attach_grad()\n",
        "with mx.autograd.record():\n"
        "    ll, _ = mx.nd.contrib.hawkesll(lda, alpha, beta, state, lags, marks, valid, tmax)\n"
        "ll.backward(); mx.nd.waitall()"),
    "dgl_subgraph 10000 vertices, 500 of them": (
        _GRAPH, "mx.nd.contrib.dgl_subgraph(g, seeds, return_mapping=False).wait_to_read()"),
    "dgl_csr_neighbor_uniform_sample 500 seeds, 2 hops": (
        _GRAPH, "mx.nd.contrib.dgl_csr_neighbor_uniform_sample(g, seeds, num_args=2, num_hops=2, num_neighbor=5, "
                "max_num_vertices=20000)[0].wait_to_read()"),
}

if __name__ == "__main__":
    sys.exit(bench_sparse.main(workloads=WORKLOADS, script=os.path.abspath(__file__), doc=__doc__))
