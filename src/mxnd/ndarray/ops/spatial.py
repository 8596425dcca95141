"""Spatial family: BilinearSampler, GridGenerator, SpatialTransformer.

MXNet 1.x rules kept here (src/operator/bilinear_sampler-inl.h, grid_generator-inl.h,
spatial_transformer-inl.h):

- a sampling grid has two channels ``(x, y)`` normalized to ``[-1, 1]`` with the corner
  convention: ``x_src = (x + 1) * (W - 1) / 2`` (torch's ``align_corners=True``);
  neighbours outside the input contribute zero (``padding_mode='zeros'``);
- ``GridGenerator`` affine: ``grid = A @ [x, y, 1]`` over the target grid
  ``x = -1 + i * 2 / (W - 1)``; a target side of 1 divides 0 by 0 and gives NaN, as MXNet;
  warp: ``x = (flow_x + i) / ((W - 1) / 2) - 1`` (and the same for y with H);
- ``SpatialTransformer`` is the affine ``GridGenerator`` followed by ``BilinearSampler``;
- ``target_shape`` reads its first two entries; both must be positive for affine grids.

Deliberate differences: MXNet's ``GridGenerator`` accepts float32 only; mxnd also accepts
float64 (rejecting float16 and integers as MXNet does). MXNet's CPU ``SpatialTransformer``
fails on float16 ("FP16 gemm on cpu not implemented!"); mxnd fails the same way on CPU.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ... import dtypes
from ...params import enum, parse_bool, parse_shape
from ...registry import REQUIRED, OpSpec, Param, declare


def _float_only(data):
    if not data.is_floating_point():
        raise TypeError(f"This operation only support floating point types, not {dtypes.name_of(data.dtype)}")


def _same_dtype(a, b, op, name="type"):
    if a.dtype is not b.dtype:
        raise TypeError(f"Check failed: {name} == dtype || {name} == -1: Non-uniform data type in {op}")


def _check_data(data):
    if data.dim() != 4:
        raise ValueError(f"Check failed: dshape.ndim() == 4U ({data.dim()} vs. 4) : "
                         "input data should be 4D in batch-num_filter-y-x")


def _target(target_shape):
    """``(H, W)`` of ``target_shape`` (its first two entries), both positive."""
    if len(target_shape) < 2:
        raise ValueError(f"Check failed: i >= 0 && i < ndim(): index = 1 must be in range [0, {len(target_shape)})")
    for i in (0, 1):
        if target_shape[i] <= 0:
            raise ValueError(f"Check failed: param_.target_shape[{i}] > 0U ({target_shape[i]} vs. 0) : "
                             f"incorrect target_shape: {target_shape[i]}")
    return target_shape[0], target_shape[1]


def _axis(size, dtype, device, in_double):
    """``-1 + i * 2 / (size - 1)`` for i < size (NaN or inf when size is 1), rounded as MXNet does:
    computed in double and then stored (SpatialTransformer), or as ``-1 + i * float(2 / (size - 1))``
    in ``dtype`` (GridGenerator)."""
    if in_double:
        i = torch.arange(size, dtype=torch.float64, device=device)
        return (-1.0 + i * 2.0 / (size - 1 if size > 1 else float("nan"))).to(dtype)
    step = torch.tensor(2.0 / (size - 1) if size > 1 else float("inf"), dtype=dtype, device=device)
    return -1.0 + torch.arange(size, dtype=dtype, device=device) * step


def _affine_grid(theta, height, width, in_double=False):
    """``(N, 2, H, W)`` grid of the ``(N, 6)`` affine matrices ``theta``.

    float32 rounds as MXNet's CPU sgemm: ``fma(c, 1, fma(b, y, a * x))``, each step rounded to
    float32 (the middle one in float64, where ``b * y`` is exact)."""
    xs = _axis(width, theta.dtype, theta.device, in_double)
    ys = _axis(height, theta.dtype, theta.device, in_double)
    if theta.dtype is torch.float32:
        a, b, c = theta.reshape(-1, 2, 3, 1, 1).unbind(2)
        fused = (a * xs).double() + b.double() * ys.double()[:, None]
        return fused.float() + c
    dst = torch.stack([xs.repeat(height), ys.repeat_interleave(width),
                       torch.ones(height * width, dtype=theta.dtype, device=theta.device)])
    return torch.matmul(theta.reshape(-1, 2, 3), dst).reshape(-1, 2, height, width)


def _sample(data, grid):
    """Bilinear sampling of ``data`` (N, C, H, W) at the normalized ``grid`` (N, 2, h, w).

    On the CPU, samples round as MXNet's CPU kernel: its corner weights are computed in ``data``'s
    dtype but for float32 three of its four products (and their sum) in double, because of the
    ``1.0 - w`` literals (float16's half_t rounds every step to half). Elsewhere torch's
    ``grid_sample`` (MXNet's GPU path is cuDNN's).
    """
    if not data.is_cpu or not data.is_floating_point() or data.dtype is torch.bfloat16:
        return F.grid_sample(data, grid.permute(0, 2, 3, 1), mode="bilinear", padding_mode="zeros",
                             align_corners=True)
    return _sample_as_mxnet_cpu(data, grid)


def _sample_as_mxnet_cpu(data, grid):
    """MXNet's ``BilinearSamplerForward`` arithmetic, vectorised (differentiable through torch).

    >>> image = torch.arange(4.0).reshape(1, 1, 2, 2)
    >>> _sample_as_mxnet_cpu(image, torch.tensor([[[[0.0]], [[0.0]]]])).item()
    1.5
    """
    n, c, height, width = data.shape
    x = (grid[:, 0] + 1) * (width - 1) / 2
    y = (grid[:, 1] + 1) * (height - 1) / 2
    left, top = x.floor(), y.floor()
    weight_x, weight_y = 1.0 - (x - left), 1.0 - (y - top)
    # corners outside the image read 0 from a one-pixel zero border (NaN/inf corners too)
    padded = F.pad(data, (1, 1, 1, 1)).reshape(n, c, (height + 2) * (width + 2))
    cols = left.nan_to_num(-2.0, -2.0, -2.0).clamp(-2, width).long() + 1
    rows = top.nan_to_num(-2.0, -2.0, -2.0).clamp(-2, height).long() + 1
    left_col, right_col = cols.clamp(min=0), (cols + 1).clamp(max=width + 1)
    top_row, bottom_row = rows.clamp(min=0) * (width + 2), (rows + 1).clamp(max=height + 1) * (width + 2)
    index = torch.stack([top_row + left_col, top_row + right_col, bottom_row + left_col, bottom_row + right_col], 1)
    per_image = 4 * x[0].numel() if n else 0
    index = index.reshape(n, 1, per_image).expand(n, c, per_image)
    corners = padded.gather(2, index).reshape(n, c, 4, *x.shape[1:])
    wx, wy = weight_x.unsqueeze(1), weight_y.unsqueeze(1)
    wide = torch.float16 if data.dtype is torch.float16 else torch.float64
    wx64, ux, uy = wx.to(wide), 1.0 - wx.to(wide), 1.0 - wy.to(wide)
    total = ((corners[:, :, 0] * wy) * wx).to(wide)
    total += (corners[:, :, 1] * wy).to(wide) * ux
    total += (corners[:, :, 2].to(wide) * uy) * wx64
    total += (corners[:, :, 3].to(wide) * uy) * ux
    return total.to(data.dtype)


def _bilinear_sampler(data, grid, cudnn_off=None):
    _float_only(data)
    _same_dtype(data, grid, "BilinearSampler")
    _check_data(data)
    if grid.dim() != 4:
        raise ValueError(f"Check failed: lshape.ndim() == 4U ({grid.dim()} vs. 4) : "
                         "Sampler grid should be 4D in batch-2-y-x")
    if grid.shape[1] != 2:
        raise ValueError(f"Check failed: lshape[1] == 2U ({grid.shape[1]} vs. 2) : "
                         "incorrect grid shape[1], should be 2")
    if data.shape[0] != grid.shape[0]:
        raise ValueError(f"Check failed: dshape[0] == lshape[0] ({data.shape[0]} vs. {grid.shape[0]}) : ")
    return _sample(data, grid)


def _grid_dtype(data):
    if data.dtype not in (torch.float32, torch.float64):
        raise TypeError("Other DTypes are not supported!")


def _grid_generator(data, transform_type, target_shape=(0, 0)):
    _grid_dtype(data)
    if transform_type == "affine":
        if data.dim() != 2:
            raise ValueError(f"Check failed: lshape.ndim() == 2U ({data.dim()} vs. 2) : if transform_type is "
                             "affine, data is affine matrixaffine matrix should be 2D in batch-num_hidden")
        if data.shape[1] != 6:
            raise ValueError(f"Check failed: lshape[1] == 6U ({data.shape[1]} vs. 6) : "
                             "incorrect data shape[1], should be 6")
        height, width = _target(target_shape)
        return _affine_grid(data, height, width)
    if data.dim() != 4:
        raise ValueError(f"Check failed: lshape.ndim() == 4U ({data.dim()} vs. 4) : if transform_type is warp, "
                         "data is optical flowoptical flow should be 4D in batch-num_hidden-y-x")
    if data.shape[1] != 2:
        raise ValueError(f"Check failed: lshape[1] == 2U ({data.shape[1]} vs. 2) : "
                         "incorrect data shape[1], should be 2")
    height, width = data.shape[2], data.shape[3]
    xs = torch.arange(width, dtype=data.dtype, device=data.device).expand(height, width)
    ys = torch.arange(height, dtype=data.dtype, device=data.device).unsqueeze(1).expand(height, width)
    scale_x = torch.tensor((width - 1.0) / 2.0, dtype=data.dtype, device=data.device)
    scale_y = torch.tensor((height - 1.0) / 2.0, dtype=data.dtype, device=data.device)
    return torch.stack([(data[:, 0] + xs) / scale_x - 1.0, (data[:, 1] + ys) / scale_y - 1.0], dim=1)


def _spatial_transformer(data, loc, target_shape=(0, 0), transform_type=REQUIRED, sampler_type=REQUIRED,
                         cudnn_off=None):
    _float_only(data)
    _same_dtype(data, loc, "SpatialTransformer", "i_type")
    _check_data(data)
    if loc.dim() != 2:
        raise ValueError(f"Check failed: lshape.ndim() == 2U ({loc.dim()} vs. 2) : "
                         "locolisation paramter should be 4D in batch-num_hidden")
    if loc.shape[1] != 6:
        raise ValueError(f"Check failed: lshape[1] == 6U ({loc.shape[1]} vs. 6) : "
                         "incorrect locolisation network shape[1], should be 6")
    height, width = _target(target_shape)
    if loc.shape[0] != data.shape[0]:
        raise ValueError(f"Check failed: loc batch {loc.shape[0]} does not match data batch {data.shape[0]}")
    if data.dtype is torch.float16 and data.is_cpu:
        raise TypeError("FP16 gemm on cpu not implemented!")
    return _sample(data, _affine_grid(loc, height, width, in_double=True))


def _parse_optional_bool(value):
    return None if value is None else parse_bool(value)


_CUDNN_OFF = Param("cudnn_off", _parse_optional_bool, None, "whether to turn cudnn off (ignored)")
_TARGET = Param("target_shape", parse_shape, (0, 0), "output shape (H, W)")

TABLE = declare([
    OpSpec("BilinearSampler", _bilinear_sampler, inputs=("data", "grid"), params=(_CUDNN_OFF,),
           differentiable=True, family="spatial",
           doc="Applies bilinear sampling to input feature map: ``output[n, c, y, x]`` is ``data`` "
               "sampled at ``grid[n, :, y, x]`` (x, y normalized to [-1, 1]); outside points read zero."),
    OpSpec("GridGenerator", _grid_generator, inputs=("data",),
           params=(Param("transform_type", enum("affine", "warp"), REQUIRED, "affine or warp"), _TARGET),
           differentiable=True, family="spatial",
           doc="Generates a 2D sampling grid for bilinear sampling, from (batch, 6) affine matrices "
               "or (batch, 2, h, w) optical flow."),
    OpSpec("SpatialTransformer", _spatial_transformer, inputs=("data", "loc"),
           params=(_TARGET,
                   Param("transform_type", enum("affine"), REQUIRED, "transformation type"),
                   Param("sampler_type", enum("bilinear"), REQUIRED, "sampling type"),
                   _CUDNN_OFF),
           differentiable=True, family="spatial",
           doc="Applies a spatial transformer to input feature map: the affine grid of ``loc`` "
               "sampled bilinearly from ``data``."),
])
