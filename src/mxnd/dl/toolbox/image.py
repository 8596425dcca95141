"""Image processing on dlarrays: depthToSpace, spaceToDepth, dlresize, psnr, ssim, multissim(3).

>>> import numpy as np
>>> from mxnd import dl
>>> x = dl.dlarray(np.arange(1, 49, dtype=np.float32).reshape(2, 2, 12, order='F'), 'SSC')
>>> dl.depthToSpace(x, 2).asnumpy()[:, :, 0].astype(int).tolist()
[[1, 13, 3, 15], [25, 37, 27, 39], [2, 14, 4, 16], [26, 38, 28, 40]]
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ...registry import REGISTRY
from .._core import make
from ._common import check_choice, options, output, size_tuple, take, tensor_of, to_nc

__all__ = ["depthToSpace", "depth_to_space", "spaceToDepth", "space_to_depth", "dlresize", "psnr", "ssim",
           "multissim", "multissim3"]

_CONV = REGISTRY["Convolution"].impl
_POOL = REGISTRY["Pooling"].impl


def _hwc(inp, where):
    """(tensor (..., H, W, C), restore): the first two S dims and C moved last."""
    fmt = inp.fmt
    spatial = [i for i, c in enumerate(fmt) if c == "S"]
    if len(spatial) < 2 or "C" not in fmt:
        raise ValueError(f"{where}: the input must have two 'S' dimensions and a 'C' dimension, got format '{fmt}'")
    picked = spatial[:2] + [fmt.index("C")]
    order = [i for i in range(len(fmt)) if i not in picked] + picked
    moved = inp.data.permute(order)

    def restore(out):
        inverse = [0] * len(order)
        for position, source in enumerate(order):
            inverse[source] = position
        return out.permute(inverse)
    return moved, restore


def depthToSpace(x, block_size, *, mode="dcr", data_format=None, **kwargs):  # noqa: N802 (MATLAB name)
    """MATLAB ``depthToSpace(X, blockSize)``: ``[H W C*bh*bw] -> [H*bh W*bw C]``; ``mode`` 'dcr'
    (``Y[h*bh+i, w*bw+j, c] = X[h, w, (i*bw+j)*C + c]``) or 'crd' (``X[h, w, c*bh*bw + i*bw + j]``)."""
    o = options("depthToSpace", kwargs, {"mode": mode, "data_format": data_format})
    mode = check_choice("depthToSpace", "Mode", o["mode"], ("dcr", "crd"))
    inp = take(x, o["data_format"], "depthToSpace")
    moved, restore = _hwc(inp, "depthToSpace")
    bh, bw = size_tuple(block_size, 2, "depthToSpace", "blockSize")
    *rest, h, w, c = moved.shape
    if c % (bh * bw):
        raise ValueError(f"depthToSpace: the number of channels ({c}) must be divisible by blockSize "
                         f"height*width ({bh}*{bw})")
    out_c = c // (bh * bw)
    k = len(rest)
    if mode == "dcr":
        y = moved.reshape(*rest, h, w, bh, bw, out_c).permute(*range(k), k, k + 2, k + 1, k + 3, k + 4)
    else:
        y = moved.reshape(*rest, h, w, out_c, bh, bw).permute(*range(k), k, k + 3, k + 1, k + 4, k + 2)
    y = y.reshape(*rest, h * bh, w * bw, out_c)
    return output(inp, restore(y), inp.fmt)


def spaceToDepth(x, block_size, *, data_format=None, **kwargs):  # noqa: N802 (MATLAB name)
    """MATLAB ``spaceToDepth(X, blockSize)``: ``[H W C] -> [floor(H/bh) floor(W/bw) C*bh*bw]``, the
    inverse of depthToSpace's 'dcr' mode.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> x = dl.dlarray(np.arange(16.).reshape(4, 4, 1), 'SSC')
    >>> dl.spaceToDepth(x, 2).asnumpy()[0, 0].tolist()
    [0.0, 1.0, 4.0, 5.0]
    """
    o = options("spaceToDepth", kwargs, {"data_format": data_format})
    inp = take(x, o["data_format"], "spaceToDepth")
    moved, restore = _hwc(inp, "spaceToDepth")
    bh, bw = size_tuple(block_size, 2, "spaceToDepth", "blockSize")
    *rest, h, w, c = moved.shape
    oh, ow = h // bh, w // bw
    k = len(rest)
    y = moved[..., :oh * bh, :ow * bw, :].reshape(*rest, oh, bh, ow, bw, c)
    y = y.permute(*range(k), k, k + 2, k + 1, k + 3, k + 4).reshape(*rest, oh, ow, bh * bw * c)
    return output(inp, restore(y), inp.fmt)


depth_to_space = depthToSpace
space_to_depth = spaceToDepth


# ----- dlresize -----------------------------------------------------------------------------------

def _source(out, n, scale, transform):
    v = torch.arange(out, dtype=torch.float64)
    return (v + 0.5) / scale - 0.5 if transform == "half-pixel" else v / scale


def dlresize(x, **kwargs):
    """MATLAB ``dlresize(X, 'Scale', s)`` / ``dlresize(X, 'OutputSize', sz)``: resize the S dims.

    ``method`` 'nearest' (``nearest_rounding_mode`` 'round' (half away from zero), 'floor' or
    'onnx-10') or 'linear' (separable, coordinates clamped to the input);
    ``geometric_transform_mode`` 'half-pixel' (``u = (v + 0.5)/s - 0.5``) or 'asymmetric'
    (``u = v/s``); one None/NaN in ``output_size`` keeps the aspect ratio.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> x = dl.dlarray(np.array([[0., 1.]]).reshape(1, 2, 1, 1), 'SSCB')
    >>> dl.dlresize(x, scale=2, method='linear').asnumpy()[0, :, 0, 0].tolist()
    [0.0, 0.25, 0.75, 1.0]
    """
    o = options("dlresize", kwargs, {"scale": None, "output_size": None, "method": "nearest",
                                     "geometric_transform_mode": "half-pixel", "nearest_rounding_mode": "round",
                                     "data_format": None})
    method = check_choice("dlresize", "Method", o["method"], ("nearest", "linear"))
    transform = check_choice("dlresize", "GeometricTransformMode", o["geometric_transform_mode"],
                             ("half-pixel", "asymmetric"))
    rounding = check_choice("dlresize", "NearestRoundingMode", o["nearest_rounding_mode"],
                            ("round", "floor", "onnx-10"))
    if (o["scale"] is None) == (o["output_size"] is None):
        raise ValueError("dlresize: specify exactly one of Scale and OutputSize")
    inp = take(x, o["data_format"], "dlresize")
    spatial = [i for i, c in enumerate(inp.fmt) if c == "S"]
    if not spatial:
        raise ValueError(f"dlresize: the input must have 'S' dimensions, got format '{inp.fmt}'")
    sizes = [inp.data.shape[i] for i in spatial]
    if o["scale"] is not None:
        scales = [float(s) for s in (o["scale"] if hasattr(o["scale"], "__len__") else [o["scale"]])]
        scales = scales * len(sizes) if len(scales) == 1 else scales
        if len(scales) != len(sizes) or any(s <= 0 for s in scales):
            raise ValueError(f"dlresize: Scale must be positive, a scalar or one value per 'S' dimension, got {scales}")
        outs = [int(math.floor(n * s)) for n, s in zip(sizes, scales)]
    else:
        wanted = list(o["output_size"])
        if len(wanted) != len(sizes):
            raise ValueError(f"dlresize: OutputSize must have one entry per 'S' dimension ({len(sizes)}), got {wanted}")
        missing = [i for i, v in enumerate(wanted) if v is None or (isinstance(v, float) and math.isnan(v))]
        if len(missing) > 1:
            raise ValueError("dlresize: at most one OutputSize entry may be NaN")
        if missing:
            known = [i for i in range(len(wanted)) if i not in missing][0]
            ratio = int(wanted[known]) / sizes[known]
            wanted[missing[0]] = int(math.floor(sizes[missing[0]] * ratio))
        outs = [int(v) for v in wanted]
        scales = [out / n for out, n in zip(outs, sizes)]
    data = inp.data
    for axis, n, out, s in zip(spatial, sizes, outs, scales):
        if rounding == "onnx-10" and method == "nearest":
            u = torch.arange(out, dtype=torch.float64) / s
        else:
            u = _source(out, n, s, transform)
        if method == "nearest":
            index = torch.floor(u) if rounding in ("floor", "onnx-10") else torch.sign(u) * torch.floor(u.abs() + 0.5)
            index = index.clamp(0, n - 1).long().to(data.device)
            data = data.index_select(axis, index)
        else:
            u = u.clamp(0, n - 1)
            low = u.floor().long()
            high = (low + 1).clamp(max=n - 1)
            shape = [1] * data.dim()
            shape[axis] = out
            weight = (u - low).to(dtype=data.dtype, device=data.device).reshape(shape)
            data = data.index_select(axis, low.to(data.device)) * (1 - weight) + \
                data.index_select(axis, high.to(data.device)) * weight
    return output(inp, data, inp.fmt)


# ----- psnr ---------------------------------------------------------------------------------------

_INTEGER_RANGE = {"uint8": 255.0, "uint16": 65535.0}


def _default_range(value) -> float:
    """MATLAB's default peak / dynamic range: 255 for uint8 data, 65535 for uint16, else 1."""
    data = getattr(value, "_data", value)
    name = str(getattr(data, "dtype", "")).replace("torch.", "")
    return _INTEGER_RANGE.get(name, 1.0)


def _pair(a, ref, data_format, where):
    inp = take(a, data_format, where, need_format=False)
    if inp.fmt:
        reference = take(ref, None, where, need_format=False) if not isinstance(ref, type(None)) else None
        target = reference.data if reference.fmt == inp.fmt else tensor_of(ref, where, inp.data, "ref")
        if reference.fmt and reference.fmt != inp.fmt:
            raise ValueError(f"{where}: A and ref must have the same format, got '{inp.fmt}' and '{reference.fmt}'")
        if not reference.fmt and inp.data_format is not None:
            target = target.reshape(tuple(target.shape) + (1,) * (len(inp.perm) - target.dim())).permute(inp.perm)
    else:
        target = tensor_of(ref, where, inp.data, "ref")
    target = target.to(device=inp.data.device, dtype=inp.data.dtype)
    if tuple(target.shape) != tuple(inp.data.shape):
        raise ValueError(f"{where}: A and ref must have the same size, got {tuple(inp.data.shape)} and "
                         f"{tuple(target.shape)}")
    return inp, target


def psnr(a, ref, peakval=None, *, data_format=None, return_snr=False, **kwargs):
    """MATLAB ``[peaksnr, snr] = psnr(A, ref, peakval)``: ``10 log10(peakval^2 / mse)``; with a 'B'
    dim one value per observation (an unformatted vector), else a scalar. ``peakval`` defaults
    to 1 for floating-point data (255 for uint8, 65535 for uint16 data).

    >>> from mxnd import dl
    >>> round(float(dl.psnr(dl.dlarray([[0.5, 0.5]], 'SS'), [[0.4, 0.6]])), 4)
    20.0
    """
    o = options("psnr", kwargs, {"data_format": data_format})
    inp, target = _pair(a, ref, o["data_format"], "psnr")
    data = inp.data
    peak = _default_range(a) if peakval is None else float(peakval)
    dims = tuple(i for i, c in enumerate(inp.fmt) if c != "B") if "B" in inp.fmt else tuple(range(data.dim()))
    diff = data - target
    err = (diff * diff).mean(dim=dims) if dims else diff * diff
    value = 10 * torch.log10(peak * peak / err)
    result = make(value.reshape(-1) if "B" in inp.fmt else value.reshape(()), "")
    if not return_snr:
        return result
    signal = (target * target).mean(dim=dims) if dims else target * target
    snr = 10 * torch.log10(signal / err)
    return result, make(snr.reshape(-1) if "B" in inp.fmt else snr.reshape(()), "")


# ----- ssim ---------------------------------------------------------------------------------------

def _gaussian_filter(data, sigma, size):
    """Separable Gaussian filter of a (N, C, *spatial) tensor, replicate padding, via Convolution."""
    d = data.dim() - 2
    radius = size // 2
    offsets = torch.arange(size, dtype=torch.float64) - radius
    kernel = torch.exp(-offsets * offsets / (2 * sigma * sigma))
    kernel = (kernel / kernel.sum()).to(dtype=data.dtype, device=data.device)
    channels = data.shape[1]
    for axis in range(d):
        widths = [0, 0] * d
        widths[2 * (d - 1 - axis)] = widths[2 * (d - 1 - axis) + 1] = radius
        padded = F.pad(data, widths, mode="replicate") if radius else data
        shape = [1] * d
        shape[axis] = size
        weight = kernel.reshape([1, 1] + shape).expand([channels, 1] + shape).contiguous()
        data = _CONV(padded, weight, None, kernel=tuple(shape), num_filter=channels, num_group=channels, no_bias=True)
    return data


def _statistics(x, y, sigma, size):
    mu_x, mu_y = _gaussian_filter(x, sigma, size), _gaussian_filter(y, sigma, size)
    var_x = _gaussian_filter(x * x, sigma, size) - mu_x * mu_x
    var_y = _gaussian_filter(y * y, sigma, size) - mu_y * mu_y
    cov = _gaussian_filter(x * y, sigma, size) - mu_x * mu_y
    return mu_x, mu_y, var_x, var_y, cov


def _constants(dynamic_range, constants):
    rng = 1.0 if dynamic_range is None else float(dynamic_range)
    if constants is None:
        c1, c2 = (0.01 * rng) ** 2, (0.03 * rng) ** 2
        return c1, c2, c2 / 2
    c1, c2, c3 = (float(v) for v in constants)
    return c1, c2, c3


def _ssim_setup(a, ref, o, where, min_spatial=1):
    inp, target = _pair(a, ref, o["data_format"], where)
    fmt = inp.fmt or "S" * inp.data.dim()
    if inp.data_format is None and not inp.fmt:
        inp.fmt = fmt
    if fmt.count("S") < min_spatial:
        raise ValueError(f"{where}: the input must have at least {min_spatial} 'S' dimensions, got format '{fmt}'")
    x, restore = to_nc(inp.data, fmt, "S")
    y, _ = to_nc(target, fmt, "S")
    return inp, fmt, x, y, restore


def ssim(a, ref, *, return_map=False, **kwargs):
    """MATLAB ``[ssimval, ssimmap] = ssim(A, ref)``: structural similarity with a Gaussian window
    (sigma ``radius`` = 1.5, size ``2*ceil(3*radius)+1``, replicate padding) over the S dims;
    ``ssimval`` is the mean of the map over the S dims (format kept, S sizes 1; a scalar for
    unformatted input). Options ``dynamic_range`` (1; 255 for uint8 data), ``regularization_constants``
    ([(0.01L)^2, (0.03L)^2, C2/2]), ``exponents`` ((1, 1, 1)), ``data_format``.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> float(dl.ssim(dl.dlarray(np.ones((8, 8)), 'SS'), np.ones((8, 8))))
    1.0
    """
    o = options("ssim", kwargs, {"radius": 1.5, "dynamic_range": None, "regularization_constants": None,
                                 "exponents": (1, 1, 1), "data_format": None})
    inp, fmt, x, y, restore = _ssim_setup(a, ref, o, "ssim")
    sigma = float(o["radius"])
    size = 2 * math.ceil(3 * sigma) + 1
    c1, c2, c3 = _constants(_default_range(a) if o["dynamic_range"] is None else o["dynamic_range"],
                            o["regularization_constants"])
    mu_x, mu_y, var_x, var_y, cov = _statistics(x, y, sigma, size)
    alpha, beta, gamma = (float(v) for v in o["exponents"])
    if (alpha, beta, gamma) == (1.0, 1.0, 1.0) and c3 == c2 / 2:
        smap = ((2 * mu_x * mu_y + c1) * (2 * cov + c2)) / ((mu_x * mu_x + mu_y * mu_y + c1) * (var_x + var_y + c2))
    else:
        sd_x, sd_y = var_x.clamp(min=0).sqrt(), var_y.clamp(min=0).sqrt()
        luminance = (2 * mu_x * mu_y + c1) / (mu_x * mu_x + mu_y * mu_y + c1)
        contrast = (2 * sd_x * sd_y + c2) / (var_x + var_y + c2)
        structure = (cov + c3) / (sd_x * sd_y + c3)
        smap = luminance.pow(alpha) * contrast.pow(beta) * structure.pow(gamma)
    value = smap.mean(dim=tuple(range(2, smap.dim())), keepdim=True)
    full_map = output(inp, restore(smap), fmt) if inp.fmt else make(restore(smap), "")
    values = restore(value)
    result = make(values.reshape(()), "") if not any(c != "S" for c in fmt) else \
        (output(inp, values, fmt) if inp.fmt else make(values, ""))
    return (result, full_map) if return_map else result


_MS_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


def _multissim(where, spatial_count, i, ref, kwargs):
    o = options(where, kwargs, {"num_scales": 5, "scale_weights": None, "sigma": 1.5, "filter_size": 11,
                                "dynamic_range": None, "data_format": None})
    inp, fmt, x, y, restore = _ssim_setup(i, ref, o, where, spatial_count)
    scales = int(o["num_scales"])
    weights = o["scale_weights"]
    weights = [float(w) for w in (weights if weights is not None else _MS_WEIGHTS[:scales])]
    if weights and o["scale_weights"] is None and scales != 5:
        weights = [w / sum(weights) for w in weights]
    if len(weights) != scales or scales < 1:
        raise ValueError(f"{where}: ScaleWeights must have NumScales ({scales}) entries, got {len(weights)}")
    sigma, size = float(o["sigma"]), int(o["filter_size"])
    c1, c2, _ = _constants(_default_range(i) if o["dynamic_range"] is None else o["dynamic_range"], None)
    d = x.dim() - 2
    result = None
    for level, weight in enumerate(weights):
        if min(x.shape[2:]) < 1:
            raise ValueError(f"{where}: the image is too small for {scales} scales")
        mu_x, mu_y, var_x, var_y, cov = _statistics(x, y, sigma, size)
        cs = ((2 * cov + c2) / (var_x + var_y + c2)).mean(dim=tuple(range(2, d + 2)), keepdim=True)
        term = cs
        if level == scales - 1:
            luminance = ((2 * mu_x * mu_y + c1) / (mu_x * mu_x + mu_y * mu_y + c1)).mean(
                dim=tuple(range(2, d + 2)), keepdim=True)
            term = cs * luminance
        term = term.clamp(min=0).pow(weight)
        result = term if result is None else result * term
        if level < scales - 1:
            kernel = tuple(2 if n >= 2 else 1 for n in x.shape[2:])
            x = _POOL(x, kernel=kernel, pool_type="avg", stride=kernel)
            y = _POOL(y, kernel=kernel, pool_type="avg", stride=kernel)
    values = restore(result)
    if not any(c != "S" for c in fmt):
        return make(values.reshape(()), "")
    return output(inp, values, fmt) if inp.fmt else make(values, "")


def multissim(i, ref, **kwargs):
    """MATLAB ``multissim(I, ref)``: multi-scale SSIM over two S dims: contrast-structure terms at
    every scale, luminance at the last, each raised to its ``scale_weights`` entry
    ([0.0448 0.2856 0.3001 0.2363 0.1333]); 2x average-pool downsampling between scales. Options
    ``num_scales`` (5), ``sigma`` (1.5), ``filter_size`` (11), ``dynamic_range`` (1), ``data_format``."""
    return _multissim("multissim", 2, i, ref, kwargs)


def multissim3(v, ref, **kwargs):
    """MATLAB ``multissim3(V, ref)``: :func:`multissim` for volumes (three S dims)."""
    return _multissim("multissim3", 3, v, ref, kwargs)
