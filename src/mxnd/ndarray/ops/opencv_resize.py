"""OpenCV 3.4.2's ``cv::resize`` (imgproc/src/resize.cpp) on torch, bit for bit: MXNet's
image.resize calls it, so mxnd reproduces its taps, fixed-point uint8 path and rounding.

Interpolation codes are OpenCV's: 0 nearest, 1 linear, 2 cubic, 3 area, 4 lanczos4, 5 linear exact.
"""
from __future__ import annotations

import functools
import math

import numpy as np
import torch

__all__ = ["opencv_resize"]

_F32 = np.float32


def _working_type(dtype):
    """The type C++ gives ``DType * float``: double for float64 inputs, else float."""
    return torch.float64 if dtype is torch.float64 else torch.float32


_NEAREST, _LINEAR, _CUBIC, _AREA, _LANCZOS4, _LINEAR_EXACT = range(6)
_KERNEL_SIZE = {_LINEAR: 2, _AREA: 2, _CUBIC: 4, _LANCZOS4: 8}
_COEF_SCALE = 2048  # INTER_RESIZE_COEF_SCALE: uint8 coefficients are 11-bit fixed point


def _cubic_coefficients(x):
    """interpolateCubic, A = -0.75, float32."""
    a, one = _F32(-0.75), _F32(1)
    c0 = ((a * (x + one) - _F32(5) * a) * (x + one) + _F32(8) * a) * (x + one) - _F32(4) * a
    c1 = ((a + _F32(2)) * x - (a + _F32(3))) * x * x + one
    c2 = ((a + _F32(2)) * (one - x) - (a + _F32(3))) * (one - x) * (one - x) + one
    return [c0, c1, c2, one - c0 - c1 - c2]


_S45 = 0.70710678118654752440084436210485
_LANCZOS_CS = ((1, 0), (-_S45, -_S45), (0, 1), (_S45, -_S45), (-1, 0), (_S45, _S45), (0, -1), (-_S45, _S45))


def _lanczos4_coefficients(x):
    """interpolateLanczos4: float32 weights from double sines, normalized by their float sum."""
    if x < np.finfo(np.float32).eps:
        return [_F32(0)] * 3 + [_F32(1)] + [_F32(0)] * 4
    y0 = -float(x + _F32(3)) * math.pi * 0.25
    s0, c0 = math.sin(y0), math.cos(y0)
    weights, total = [], _F32(0)
    for i, (cs, cc) in enumerate(_LANCZOS_CS):
        y = -float(x + _F32(3) - _F32(i)) * math.pi * 0.25
        weights.append(_F32((cs * s0 + cc * c0) / (y * y)))
        total = _F32(total + weights[-1])
    total = _F32(1) / total
    return [w * total for w in weights]


@functools.lru_cache(maxsize=512)
def _interpolation_taps(src, dst, interp, horizontal):
    """resize()'s coefficient tables: source indices (clamped, i.e. replicated border) and float32 weights.

    Only the horizontal table moves the first/last linear taps onto the border pixel (fx = 0);
    the vertical one keeps 1 - fy, fy and clamps the rows.
    """
    inv_scale = dst / src
    scale = 1.0 / inv_scale
    size = _KERNEL_SIZE[interp]
    half = size // 2
    fix_border = horizontal and interp not in (_CUBIC, _LANCZOS4)
    taps, weights = [], []
    for d in range(dst):
        if interp == _AREA:  # area_mode: upscaling with INTER_AREA
            s = math.floor(d * scale)
            f = _F32((d + 1) - (s + 1) * inv_scale)
            f = _F32(0) if f <= 0 else f - _F32(math.floor(f))
        else:
            f = _F32((d + 0.5) * scale - 0.5)
            s = math.floor(f)
            f = f - _F32(s)
        if fix_border and s < 0:
            f, s = _F32(0), 0
        if fix_border and s >= src - 1:
            f, s = _F32(0), src - 1
        if interp == _CUBIC:
            weights.append(_cubic_coefficients(f))
        elif interp == _LANCZOS4:
            weights.append(_lanczos4_coefficients(f))
        else:
            weights.append([_F32(1) - f, f])
        taps.append([min(max(s - half + 1 + k, 0), src - 1) for k in range(size)])
    return taps, np.array(weights, dtype=np.float32)


@functools.lru_cache(maxsize=512)
def _area_taps(src, dst):
    """computeResizeAreaTab: each output cell's overlapped source pixels and their float32 shares."""
    scale = 1.0 / (dst / src)
    taps, weights = [], []
    for d in range(dst):
        start, end = d * scale, d * scale + scale
        cell = min(scale, src - start)
        first, last = math.ceil(start), min(math.floor(end), src - 1)
        first = min(first, last)
        row, share = list(range(first, last)), [1.0 / cell] * (last - first)
        if first - start > 1e-3:
            row, share = [first - 1] + row, [(first - start) / cell] + share
        if end - last > 1e-3:
            row, share = row + [last], share + [min(min(end - last, 1.0), cell) / cell]
        taps.append(row)
        weights.append(share)
    width = max(len(row) for row in taps)
    for row, share in zip(taps, weights):  # pad with zero weights; adding 0 changes nothing
        row += [row[-1]] * (width - len(row))
        share += [0.0] * (width - len(share))
    return taps, np.array(weights, dtype=np.float32)


@functools.lru_cache(maxsize=512)
def _exact_taps(src, dst, bits):
    """resize_bitExact's interpolationLinear: fixed-point weights with ``bits`` fraction bits;
    outside pixels copy the border."""
    scale, one = 1.0 / (dst / src), 1 << bits
    taps, weights = [], []
    for d in range(dst):
        f = scale * (d + 0.5) - 0.5
        i = math.floor(f)
        if 0 <= i < src - 1:
            upper = round((f - i) * one)  # cvRound(softdouble): half to even
            taps.append([i, i + 1])
            weights.append([one - upper, upper])
        else:
            edge = src - 1 if i >= 0 else 0
            taps.append([edge, edge])
            weights.append([one, 0])
    return taps, np.array(weights, dtype=np.int64)


@functools.lru_cache(maxsize=1024)
def _table(make, src, dst, extra, device, dtype):
    """``make(src, dst, *extra)``'s taps as one flat index tensor and its weights as a (dst, K)
    tensor of ``dtype``, on ``device``; cached, so a resize builds no tensor from Python lists."""
    taps, weights = make(src, dst, *extra)
    index = torch.tensor(taps, dtype=torch.long).flatten().to(device)
    return index, torch.as_tensor(weights).to(device=device, dtype=dtype)


def _weighted_sum(data, axis, table):
    """``sum_k data[taps[:, k]] * weights[:, k]`` along ``axis`` (-2 columns, -3 rows), added left
    to right as OpenCV adds (floats round in that order): one gather of every tap."""
    index, weights = table
    dst, size = weights.shape
    gathered = data.index_select(axis, index).view(data.shape[:axis] + (dst, size) + data.shape[axis + 1:])
    weights = weights.view((dst, size) + (1,) * (-axis - 1))
    total = gathered.select(axis, 0) * weights.select(1, 0)
    for k in range(1, size):
        total = total + gathered.select(axis, k) * weights.select(1, k)
    return total


def _resize_nearest(data, height, width):
    """resizeNN: source index floor(d * src / dst) (the scale as 1 / (dst / src))."""
    def index(src, dst):
        step = 1.0 / (dst / src)
        return torch.tensor([min(math.floor(d * step), src - 1) for d in range(dst)], device=data.device)
    return data.index_select(-3, index(data.shape[-3], height)).index_select(-2, index(data.shape[-2], width))


def _resize_area_fast(data, height, width, scale_x, scale_y):
    """resizeAreaFast_Invoker: the mean of each integer scale_y x scale_x cell."""
    rows, cols, channels = data.shape[-3:]
    cells = data[..., :height * scale_y, :width * scale_x, :].reshape(
        data.shape[:-3] + (height, scale_y, width, scale_x, channels))
    is_uint8 = data.dtype is torch.uint8
    cells = cells.to(torch.int64 if is_uint8 else data.dtype)
    terms = [cells[..., sy, :, sx, :] for sy in range(scale_y) for sx in range(scale_x)]
    if scale_x == scale_y == 2:
        if is_uint8 and channels in (1, 3, 4):  # ResizeAreaFastVec_SIMD_8u
            return ((terms[0] + terms[1] + terms[2] + terms[3] + 2) >> 2).to(torch.uint8)
        if data.dtype is torch.float32 and channels in (1, 4):  # ResizeAreaFastVec_SIMD_32f
            return ((terms[0] + terms[1]) + (terms[2] + terms[3])) * 0.25
    total, k = None, 0
    while k + 4 <= len(terms):  # CV_ENABLE_UNROLLED: four terms at a time
        chunk = ((terms[k] + terms[k + 1]) + terms[k + 2]) + terms[k + 3]
        total = chunk if total is None else total + chunk
        k += 4
    for term in terms[k:]:
        total = term if total is None else total + term
    scale = float(_F32(1) / _F32(scale_x * scale_y))
    if is_uint8:
        return (total.to(torch.float32) * scale).round().clamp(0, 255).to(torch.uint8)
    return total * scale


def _resize_area(data, height, width):
    """ResizeArea_Invoker: overlap-weighted sums, float (double for float64) accumulation."""
    work = _working_type(data.dtype)
    rows = _weighted_sum(data.to(work), -2, _table(_area_taps, data.shape[-2], width, (), data.device, work))
    result = _weighted_sum(rows, -3, _table(_area_taps, data.shape[-3], height, (), data.device, work))
    if data.dtype is torch.uint8:
        return result.round().clamp(0, 255).to(torch.uint8)
    return result.to(data.dtype)


def _resize_uint8(data, height, width, interp):
    """uint8 linear / cubic / lanczos4 / upscaling area: 11-bit fixed-point rows, then OpenCV's
    vertical rounding."""
    linear = interp in (_LINEAR, _AREA)
    work = torch.int32 if linear else torch.int64  # linear: every value below 2**27
    rows = _weighted_sum(data.to(work), -2, _table(_fixed_point_taps, data.shape[-2], width, (interp, True),
                                                   data.device, work))  # exact integers
    flat = rows.reshape(rows.shape[:-2] + (-1,))
    index, betas = _table(_fixed_point_taps, data.shape[-3], height, (interp, False), data.device, work)
    source = flat.index_select(-2, index).view(flat.shape[:-2] + betas.shape + flat.shape[-1:])
    source = [source.select(-2, k) for k in range(betas.shape[1])]
    beta = [betas[:, k:k + 1] for k in range(betas.shape[1])]
    if linear:  # VResizeLinearVec_32s8u: 16-bit mulhi products, on every column
        result = ((((source[0] >> 4) * beta[0]) >> 16) + (((source[1] >> 4) * beta[1]) >> 16) + 2) >> 2
    else:  # FixedPtCast: round the 22-bit fixed-point sum
        result = (sum(s * b for s, b in zip(source, beta)) + (1 << 21)) >> 22
        if interp == _CUBIC:  # VResizeCubicVec_32s8u rounds a float32 sum for the first n // 8 * 8 columns
            scale = torch.tensor(_F32(1) / _F32(_COEF_SCALE * _COEF_SCALE), device=data.device)
            acc = None
            for s, b in zip(source, beta):
                term = s.to(torch.float32) * (b.to(torch.float32) * scale)
                acc = term if acc is None else acc + term
            columns = torch.arange(flat.shape[-1], device=data.device) < flat.shape[-1] // 8 * 8
            result = torch.where(columns, acc.round().to(torch.int64), result)
    return result.clamp(0, 255).to(torch.uint8).reshape(data.shape[:-3] + (height, width, data.shape[-1]))


def _fixed_point_taps(src, dst, interp, horizontal):
    """``_interpolation_taps`` with the weights as OpenCV's 11-bit fixed-point integers."""
    taps, weights = _interpolation_taps(src, dst, interp, horizontal)
    return taps, np.rint(weights * _F32(_COEF_SCALE)).astype(np.int64)


def _resize_linear_exact(data, height, width):
    """resize_bitExact (INTER_LINEAR_EXACT): uint8 has 8.8 fixed-point rows and 16.16 columns,
    int32 32.32 rows (exact) and columns whose products round to 32 fraction bits; rounded."""
    bits = 8 if data.dtype is torch.uint8 else 32
    rows = _weighted_sum(data.to(torch.int64), -2, _table(_exact_taps, data.shape[-2], width, (bits,),
                                                          data.device, torch.int64))
    columns = _table(_exact_taps, data.shape[-3], height, (bits,), data.device, torch.int64)
    if bits == 8:
        result = _weighted_sum(rows, -3, columns)
        return ((result + (1 << 15)) >> 16).clamp(0, 255).to(torch.uint8)
    index, weights = columns
    gathered = rows.index_select(-3, index).view(rows.shape[:-3] + weights.shape + rows.shape[-2:])
    result = sum(_fixed64_product(gathered.select(-3, k), weights[:, k].view(-1, 1, 1))
                 for k in range(weights.shape[1]))
    limits = torch.iinfo(torch.int32)
    return ((result + (1 << 31)) >> 32).clamp(limits.min, limits.max).to(torch.int32)


def _fixed64_product(value, weight):
    """fixedpoint64's ``value * weight`` (both with 32 fraction bits, 0 <= weight <= 2**32): the
    magnitude's product rounded half up to 32 fraction bits, in int64 pieces (it needs 96 bits)."""
    magnitude = value.abs()
    high, low = magnitude >> 32, magnitude & 0xFFFFFFFF
    a = weight * (low >> 16)
    b = weight * (low & 0xFFFF) + (1 << 31)
    product = weight * high + ((a + (b >> 16)) >> 16)
    return torch.where(value < 0, -product, product)


def opencv_resize(data, height, width, interp):
    """cv::resize(src, dst, Size(width, height), 0, 0, interp) of (..., H, W, C) images."""
    src_h, src_w = data.shape[-3], data.shape[-2]
    if (src_h, src_w) == (height, width):
        return data.clone()
    if interp not in range(6):
        raise ValueError(f"Unknown interpolation method {interp}")
    if interp == _NEAREST:
        return _resize_nearest(data, height, width)
    scale_x, scale_y = 1.0 / (width / src_w), 1.0 / (height / src_h)
    int_x, int_y = round(scale_x), round(scale_y)
    area_fast = abs(scale_x - int_x) < 2.220446049250313e-16 and abs(scale_y - int_y) < 2.220446049250313e-16
    halving = area_fast and int_x == int_y == 2
    # int32 has a bit-exact linear resize (unless halving, which OpenCV hands to INTER_AREA)
    exact_int32 = interp == _LINEAR_EXACT and data.dtype is torch.int32 and not (halving and data.shape[-1] != 2)
    if data.dtype not in (torch.uint8, torch.float32, torch.float64) and not exact_int32:
        raise ValueError(f"interp={interp} supports uint8, float32 and float64 images, not "
                         f"{str(data.dtype).replace('torch.', '')}")
    if exact_int32:
        return _resize_linear_exact(data, height, width)
    if interp == _LINEAR_EXACT and data.dtype.is_floating_point:
        interp = _LINEAR  # bit-exact resize exists for integers only
    if halving and (interp == _LINEAR or interp == _LINEAR_EXACT and data.shape[-1] != 2):
        interp = _AREA  # OpenCV: halving with INTER_AREA equals bilinear (not bit-exact for 2 channels)
    if interp == _AREA and scale_x >= 1 and scale_y >= 1:
        if area_fast:
            return _resize_area_fast(data, height, width, int_x, int_y)
        return _resize_area(data, height, width)
    if data.dtype is torch.uint8:
        if interp == _LINEAR_EXACT:
            return _resize_linear_exact(data, height, width)
        return _resize_uint8(data, height, width, interp)
    rows = _weighted_sum(data, -2, _table(_interpolation_taps, src_w, width, (interp, True), data.device, data.dtype))
    return _weighted_sum(rows, -3, _table(_interpolation_taps, src_h, height, (interp, False), data.device,
                                          data.dtype))
