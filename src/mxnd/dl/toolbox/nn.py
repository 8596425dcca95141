"""Layers as functions: activations, fullyconnect, dlconv, dltranspconv, pooling, embed.

Convolution, transposed convolution, pooling and fully connected layers permute the labelled
dims into (N, C, *spatial) and call the registry bodies of mx.nd.Convolution, Deconvolution,
Pooling and FullyConnected on the torch tensors (one kernel per operation in mxnd).

>>> import numpy as np
>>> from mxnd import dl
>>> x = dl.dlarray(np.arange(16, dtype=np.float32).reshape(4, 4, 1, 1), 'SSCB')
>>> dl.maxpool(x, 2, stride=2).asnumpy()[:, :, 0, 0].tolist()
[[5.0, 7.0], [13.0, 15.0]]
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ...fast_paths import on_host
from ...registry import REGISTRY
from .._core import dlarray, make, to_tensor
from ._common import Input, options, output, size_tuple, take, tensor_of, to_nc

__all__ = ["relu", "leakyrelu", "sigmoid", "softmax", "fullyconnect", "dlconv", "dltranspconv",
           "maxpool", "avgpool", "maxunpool", "embed"]

_CONV = REGISTRY["Convolution"].impl
_DECONV = REGISTRY["Deconvolution"].impl
_POOL = REGISTRY["Pooling"].impl
_LINEAR = REGISTRY["FullyConnected"].impl
_CHANNELS_LAST = {2: torch.channels_last, 3: torch.channels_last_3d}


def _unary(x, fn, where, data_format):
    inp = take(x, data_format, where, need_format=False)
    return output(inp, fn(inp.data), inp.fmt)


def relu(x, *, data_format=None, **kwargs):
    """MATLAB ``relu(X)``: ``max(x, 0)``; format kept.

    >>> from mxnd import dl
    >>> dl.relu(dl.dlarray([[-1., 2.]], 'CB')).asnumpy().tolist()
    [[0.0, 2.0]]
    """
    data_format = options("relu", kwargs, {"data_format": data_format})["data_format"]
    return _unary(x, torch.relu, "relu", data_format)


def sigmoid(x, *, data_format=None, **kwargs):
    """MATLAB ``sigmoid(X)``: ``1 / (1 + exp(-x))``; format kept."""
    data_format = options("sigmoid", kwargs, {"data_format": data_format})["data_format"]
    return _unary(x, torch.sigmoid, "sigmoid", data_format)


def leakyrelu(x, scale_factor=0.01, *, data_format=None, **kwargs):
    """MATLAB ``leakyrelu(X, scaleFactor)``: ``x`` where ``x >= 0`` else ``scale_factor * x``.

    >>> from mxnd import dl
    >>> dl.leakyrelu(dl.dlarray([[-2., 3.]], 'CB'), 0.5).asnumpy().tolist()
    [[-1.0, 3.0]]
    """
    data_format = options("leakyrelu", kwargs, {"data_format": data_format})["data_format"]
    if isinstance(scale_factor, dlarray):
        scale = scale_factor._data
        return _unary(x, lambda d: torch.where(d >= 0, d, d * scale.to(d.dtype)), "leakyrelu", data_format)
    scale_factor = float(scale_factor)
    return _unary(x, lambda d: F.leaky_relu(d, scale_factor), "leakyrelu", data_format)


def softmax(x, *, data_format=None, **kwargs):
    """MATLAB ``softmax(X)``: softmax over the 'C' dimension; format kept.

    >>> from mxnd import dl
    >>> [round(v, 4) for v in dl.softmax(dl.dlarray([[0.], [1.]], 'CB')).asnumpy()[:, 0].tolist()]
    [0.2689, 0.7311]
    """
    data_format = options("softmax", kwargs, {"data_format": data_format})["data_format"]
    inp = take(x, data_format, "softmax")
    if "C" not in inp.fmt:
        raise ValueError(f"softmax: the input must have a 'C' (channel) dimension, got format '{inp.fmt}'")
    return output(inp, torch.softmax(inp.data, inp.fmt.index("C")), inp.fmt)


# ----- fullyconnect -------------------------------------------------------------------------------

def fullyconnect(x, weights, bias, *, data_format=None, **kwargs):
    """MATLAB ``fullyconnect(X, weights, bias)``: weighted sum of the S, C and U data of each
    observation (and time step). Output format 'CB' ('CBT' with T, 'CU' without B).

    2-D weights (outputSize x inputSize) contract MATLAB's column-major flattening of (S..., C,
    U...); weights shaped ``(outputSize, *featureSizes)`` contract dim by dim.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> y = dl.fullyconnect(dl.dlarray(np.ones((3, 2)), 'CB'), np.ones((4, 3)), np.zeros(4))
    >>> y.fmt, y.shape, float(y[0, 0])
    ('CB', (4, 2), 3.0)
    """
    if kwargs:
        data_format = options("fullyconnect", kwargs, {"data_format": data_format})["data_format"]
    inp = take(x, data_format, "fullyconnect")
    data, fmt = inp.data, inp.fmt
    weight = tensor_of(weights, "fullyconnect", data, "weights")
    features = [i for i, c in enumerate(fmt) if c in "SCU"]
    batch = [i for i, c in enumerate(fmt) if c in "BT"]
    shape = data.shape
    feature_sizes = tuple(shape[i] for i in features)
    batch_shape = tuple(shape[i] for i in batch)
    size = math.prod(feature_sizes)
    if batch and features and features[-1] > batch[0]:  # 'U' dims after B/T: features first
        data = data.permute(features + batch)
    out_size = weight.shape[0] if weight.dim() else 1
    if weight.dim() <= 2 and len(features) > 1:
        # MATLAB flattens (S..., C, U...) column-major: reorder the weights' columns, not the data
        weight = weight.reshape((out_size,) + feature_sizes[::-1]).permute(
            (0,) + tuple(range(len(features), 0, -1)))
    weight = weight.reshape(out_size, -1)
    if weight.shape[1] != size:
        raise ValueError(f"fullyconnect: weights must have {size} input columns (the number of S, C and U "
                         f"elements per observation of the '{fmt}' input), got shape {tuple(weights.shape)}")
    b = tensor_of(bias, "fullyconnect", data, "bias").reshape(-1)
    if b.numel() == 1 and out_size != 1:
        b = b.expand(out_size)
    if b.numel() != out_size:
        raise ValueError(f"fullyconnect: bias must have {out_size} elements (outputSize), got {b.numel()}")
    flat = data.reshape(size, -1).t()  # (observations, features): a view of the canonical data
    y = _LINEAR(flat, weight, b, num_hidden=out_size, no_bias=False, flatten=False).t()
    out_fmt = "C" + "".join(fmt[i] for i in batch)
    if len(out_fmt) == 1:
        return make(y.reshape(out_size, 1), "CU" if inp.data_format is None else "")
    y = y.reshape((out_size,) + batch_shape)
    return make(y, out_fmt) if inp.data_format is None else make(y, "")


# ----- padding ------------------------------------------------------------------------------------

def _pads(padding, sizes, kernels, strides, where, dilations=None):
    """``(begin, end)`` padding per spatial dim for MATLAB's Padding value."""
    d = len(sizes)
    dilations = dilations or (1,) * d
    extents = [(k - 1) * r + 1 for k, r in zip(kernels, dilations)]
    if isinstance(padding, str):
        mode = padding.lower()
        if mode == "same":
            begin, end = [], []
            for n, e, s in zip(sizes, extents, strides):
                total = max((-(-n // s) - 1) * s + e - n, 0)
                begin.append(total // 2)
                end.append(total - total // 2)
            return begin, end
        if mode == "causal":
            if d != 1:
                raise ValueError(f"{where}: 'causal' padding needs one spatial (or time) dimension, got {d}")
            return [extents[0] - 1], [0]
        raise ValueError(f"{where}: Padding must be 'same', a non-negative integer or a size vector, got {padding!r}")
    if isinstance(padding, int) and not isinstance(padding, bool):  # the default 0: no tensor, no device read
        value, flat = None, [padding]
    else:
        value = to_tensor(padding, where).detach().cpu().to(torch.int64)
        if value.dim() == 2 and tuple(value.shape) == (2, d):
            return value[0].tolist(), value[1].tolist()
        flat = value.reshape(-1).tolist()
    if len(flat) == 1:
        flat = flat * d
    if len(flat) != d:
        raise ValueError(f"{where}: Padding must be a scalar, a vector of {d} elements or a 2x{d} matrix "
                         f"[begin; end], got {tuple(value.shape)}")
    if any(p < 0 for p in flat):
        raise ValueError(f"{where}: Padding must be non-negative, got {flat}")
    return list(flat), list(flat)


def _pad_tensor(data, begin, end, value):
    widths = []
    for b, e in zip(reversed(begin), reversed(end)):
        widths += [int(b), int(e)]
    if isinstance(value, str):
        mode = {"replicate": "replicate", "symmetric-include-edge": "symmetric",
                "symmetric-exclude-edge": "reflect"}[value]
        if mode == "symmetric":
            return _symmetric_pad(data, begin, end)
        return F.pad(data, widths, mode=mode)
    return F.pad(data, widths, value=float(value))


def _symmetric_pad(data, begin, end):
    """Mirror padding that repeats the edge (MATLAB 'symmetric-include-edge')."""
    for axis, (b, e) in enumerate(zip(begin, end), start=2):
        parts = []
        if b:
            parts.append(data.narrow(axis, 0, b).flip(axis))
        parts.append(data)
        if e:
            parts.append(data.narrow(axis, data.shape[axis] - e, e).flip(axis))
        data = torch.cat(parts, axis) if len(parts) > 1 else data
    return data


def _spatial_labels(fmt, where, pool_format=None):
    if pool_format is not None:
        labels = set(pool_format)
        return "".join(sorted(labels & set("ST"), key="ST".index))
    if "S" in fmt:
        return "S"
    if "T" in fmt:
        return "T"
    raise ValueError(f"{where}: the input must have 'S' (spatial) or 'T' (time) dimensions, got format '{fmt}'")


# ----- dlconv / dltranspconv ----------------------------------------------------------------------

def weights_tensor(weights, weights_format, where, like):
    """The weights' canonical tensor: a formatted dlarray's data, or unformatted data labelled by
    ``weights_format`` (so 'UUCSS'-ordered weights are read by label), on ``like``'s device/dtype."""
    if weights_format is not None and not (isinstance(weights, dlarray) and weights._fmt):
        weights = dlarray(to_tensor(weights, where), weights_format)
    return tensor_of(weights, where, like, "weights")


def _conv_weights(weights, data, d, where, transposed, weights_format=None):
    weight = weights_tensor(weights, weights_format, where, data)
    if weight.dim() > d + 3:
        middle = "numFiltersPerGroup x numChannelsPerGroup" if transposed else \
            "numChannelsPerGroup x numFiltersPerGroup"
        raise ValueError(f"{where}: weights must have at most {d + 3} dimensions (filterSize x {middle} x "
                         f"numGroups), got shape {tuple(weight.shape)}")
    weight = weight.reshape(tuple(weight.shape) + (1,) * (d + 3 - weight.dim()))
    kernel = tuple(weight.shape[:d])
    first, second, groups = weight.shape[d:]
    # (k..., a, b, G) -> (G, b, a, k...) -> (G*b, a, k...): torch's (out, in/groups, k...) for dlconv
    # (a = channels, b = filters) and its (in, out/groups, k...) for the transpose (a = filters, b = channels)
    torch_weight = weight.permute((d + 2, d + 1, d) + tuple(range(d))).reshape((groups * second, first) + kernel)
    return torch_weight, kernel, first, second, groups


def _bias(bias, data, count, where):
    if bias is None:
        return None
    b = tensor_of(bias, where, data, "bias").reshape(-1)
    if b.numel() == 1:
        return b.expand(count)
    if b.numel() != count:
        raise ValueError(f"{where}: bias must be a scalar or have {count} elements (numFilters), got {b.numel()}")
    return b


_CONV_OPTIONS = {"stride": 1, "dilation_factor": 1, "padding": 0, "padding_value": 0, "weights_format": None,
                 "data_format": None}


def dlconv(x, weights, bias, **kwargs):
    """MATLAB ``dlconv(X, weights, bias)``: convolution (cross-correlation) over the S dims (or T).

    weights: ``filterSize... x numChannelsPerGroup x numFiltersPerGroup [x numGroups]``; options
    ``stride``, ``dilation_factor``, ``padding`` (number, vector, 2xd [begin; end], 'same',
    'causal'), ``padding_value`` (number, 'replicate', 'symmetric-include-edge',
    'symmetric-exclude-edge'), ``data_format``. Output channels are group-major.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> x = dl.dlarray(np.ones((5, 5, 1, 1)), 'SSCB')
    >>> y = dl.dlconv(x, np.ones((3, 3, 1, 2)), 0, padding='same')
    >>> y.fmt, y.shape, float(y[2, 2, 0, 0]), float(y[0, 0, 1, 0])
    ('SSCB', (5, 5, 2, 1), 9.0, 4.0)
    """
    o = options("dlconv", kwargs, _CONV_OPTIONS)
    inp = take(x, o["data_format"], "dlconv")
    labels = _spatial_labels(inp.fmt, "dlconv")
    data, restore = to_nc(inp.data, inp.fmt, labels)
    d = data.dim() - 2
    if d > 3:
        raise ValueError(f"dlconv: at most three spatial dimensions can be convolved, got {d}")
    weight, kernel, channels_per_group, filters_per_group, groups = _conv_weights(weights, data, d, "dlconv", False,
                                                                                  o["weights_format"])
    if channels_per_group * groups != data.shape[1]:
        raise ValueError(f"dlconv: the input has {data.shape[1]} channels but the weights expect "
                         f"numChannelsPerGroup*numGroups = {channels_per_group}*{groups}")
    stride = size_tuple(o["stride"], d, "dlconv", "Stride")
    dilation = size_tuple(o["dilation_factor"], d, "dlconv", "DilationFactor")
    begin, end = _pads(o["padding"], data.shape[2:], kernel, stride, "dlconv", dilation)
    value = o["padding_value"]
    if begin == end and not isinstance(value, str) and float(value) == 0:
        pad = tuple(begin)
    else:
        data, pad = _pad_tensor(data, begin, end, value), (0,) * d
    filters = filters_per_group * groups
    if "C" not in inp.fmt and filters != 1:
        raise ValueError(f"dlconv: the input has no 'C' dimension (format '{inp.fmt}'), so the weights can have "
                         f"one filter only, got {filters}")
    if d in _CHANNELS_LAST and on_host(data):
        # torch's channels-last CPU convolution is 2-3x faster than its NCHW one on the permuted
        # labelled data (28x28x16x32 'SSCB', 3x3x16x32: 6.7 ms against 20 ms, one thread)
        data = data.contiguous(memory_format=_CHANNELS_LAST[d])
    y = _CONV(data, weight, _bias(bias, data, filters, "dlconv"), kernel=kernel, stride=stride, dilate=dilation,
              pad=pad, num_filter=filters, num_group=groups, no_bias=bias is None)
    return output(inp, restore(y), inp.fmt)


def dltranspconv(x, weights, bias, **kwargs):
    """MATLAB ``dltranspconv(X, weights, bias)``: transposed convolution (the adjoint of dlconv).

    weights: ``filterSize... x numFiltersPerGroup x numChannelsPerGroup [x numGroups]``; options
    ``stride``, ``dilation_factor``, ``cropping`` (number, vector, 2xd, 'same'), ``data_format``.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> y = dl.dltranspconv(dl.dlarray(np.ones((2, 2, 1, 1)), 'SSCB'), np.ones((2, 2, 1, 1)), 0, stride=2)
    >>> y.shape, float(y.asnumpy().sum())
    ((4, 4, 1, 1), 16.0)
    """
    o = options("dltranspconv", kwargs, {"stride": 1, "dilation_factor": 1, "cropping": 0, "weights_format": None,
                                         "data_format": None})
    inp = take(x, o["data_format"], "dltranspconv")
    labels = _spatial_labels(inp.fmt, "dltranspconv")
    data, restore = to_nc(inp.data, inp.fmt, labels)
    d = data.dim() - 2
    weight, kernel, filters_per_group, channels_per_group, groups = _conv_weights(weights, data, d,
                                                                                  "dltranspconv", True,
                                                                                  o["weights_format"])
    if channels_per_group * groups != data.shape[1]:
        raise ValueError(f"dltranspconv: the input has {data.shape[1]} channels but the weights expect "
                         f"numChannelsPerGroup*numGroups = {channels_per_group}*{groups}")
    stride = size_tuple(o["stride"], d, "dltranspconv", "Stride")
    dilation = size_tuple(o["dilation_factor"], d, "dltranspconv", "DilationFactor")
    sizes = data.shape[2:]
    full = [(n - 1) * s + (k - 1) * r + 1 for n, s, k, r in zip(sizes, stride, kernel, dilation)]
    cropping = o["cropping"]
    if isinstance(cropping, str):
        if cropping.lower() != "same":
            raise ValueError(f"dltranspconv: Cropping must be 'same', a number or a size vector, got {cropping!r}")
        totals = [f - n * s for f, n, s in zip(full, sizes, stride)]
        begin = [t // 2 for t in totals]
        end = [t - t // 2 for t in totals]
    else:
        begin, end = _pads(cropping, sizes, kernel, stride, "dltranspconv")
    filters = filters_per_group * groups
    if "C" not in inp.fmt and filters != 1:
        raise ValueError(f"dltranspconv: the input has no 'C' dimension (format '{inp.fmt}'), so the weights can "
                         f"have one filter only, got {filters}")
    symmetric = begin == end and all(b >= 0 for b in begin)
    y = _DECONV(data, weight, _bias(bias, data, filters, "dltranspconv"), kernel=kernel, stride=stride,
                dilate=dilation, pad=tuple(begin) if symmetric else (0,) * d, num_filter=filters, num_group=groups,
                no_bias=bias is None)
    if not symmetric:  # crop (or, for 'same' with stride > filter extent, zero-extend) each end
        for axis, (b, e) in enumerate(zip(begin, end), start=2):
            if b < 0 or e < 0:
                widths = [0, 0] * (y.dim() - axis - 1) + [max(-b, 0), max(-e, 0)]
                y = F.pad(y, widths)
                b, e = max(b, 0), max(e, 0)
            y = y.narrow(axis, b, y.shape[axis] - b - e)
    return output(inp, restore(y), inp.fmt)


# ----- pooling ------------------------------------------------------------------------------------

def _pool_setup(x, poolsize, o, where):
    inp = take(x, o["data_format"], where)
    labels = _spatial_labels(inp.fmt, where, o["pool_format"])
    data, restore = to_nc(inp.data, inp.fmt, labels)
    d = data.dim() - 2
    if d == 0 or d > 3:
        raise ValueError(f"{where}: pools over one to three 'S' (or 'T' with PoolFormat) dimensions, got {d}")
    sizes = tuple(data.shape[2:])
    if isinstance(poolsize, str):
        if poolsize.lower() != "global":
            raise ValueError(f"{where}: poolsize must be a size vector or 'global', got {poolsize!r}")
        kernel, stride, begin, end = sizes, (1,) * d, [0] * d, [0] * d
    else:
        kernel = size_tuple(poolsize, d, where, "poolsize")
        stride = size_tuple(o["stride"], d, where, "Stride")
        begin, end = _pads(o["padding"], sizes, kernel, stride, where)
    for n, k, b, e in zip(sizes, kernel, begin, end):
        if k > n + b + e:
            raise ValueError(f"{where}: the pooling region ({k}) is larger than the padded input ({n + b + e})")
    return inp, data, restore, kernel, stride, begin, end


_POOL_OPTIONS = {"stride": 1, "padding": 0, "pool_format": None, "data_format": None}


def maxpool(x, poolsize, *, return_indices=False, **kwargs):
    """MATLAB ``maxpool(X, poolsize)`` (or ``'global'``) over the S dims; format kept.

    ``return_indices=True`` gives MATLAB's ``[Y, indx, inputSize]``: ``indx`` are 0-based
    row-major flat indices into ``x`` as stored (formatted input) or as given (``data_format``),
    an unformatted int64 dlarray laid out like ``y``; ``inputSize`` is ``x``'s shape; both feed
    :func:`maxunpool`.
    """
    o = options("maxpool", kwargs, _POOL_OPTIONS)
    inp, data, restore, kernel, stride, begin, end = _pool_setup(x, poolsize, o, "maxpool")
    d = len(kernel)
    lowest = torch.finfo(data.dtype).min if data.is_floating_point() else -math.inf
    if not return_indices:
        if begin == end and all(2 * b <= k for b, k in zip(begin, kernel)):
            y = _POOL(data, kernel=kernel, pool_type="max", stride=stride, pad=tuple(begin))
        else:
            y = _POOL(_pad_tensor(data, begin, end, lowest), kernel=kernel, pool_type="max", stride=stride)
        return output(inp, restore(y), inp.fmt)
    padded = _pad_tensor(data, begin, end, lowest)
    pool = (F.max_pool1d, F.max_pool2d, F.max_pool3d)[d - 1]
    y, where = pool(padded, kernel, stride, return_indices=True)
    # flat row-major positions in x as stored (formatted) or as given (DataFormat), laid out like data
    given = inp.data.shape if inp.data_format is None else to_tensor(x, "maxpool").shape
    numbers = torch.arange(inp.data.numel(), device=data.device, dtype=torch.float64).reshape(given)
    if inp.data_format is not None:
        numbers = take(numbers, o["data_format"], "maxpool").data
    number_nc, _ = to_nc(numbers, inp.fmt, _spatial_labels(inp.fmt, "maxpool", o["pool_format"]))
    number_nc = _pad_tensor(number_nc, begin, end, -1).long()
    indices = number_nc.flatten(2).gather(2, where.flatten(2)).reshape(where.shape)
    out = output(inp, restore(y), inp.fmt)
    indices = output(inp, restore(indices), inp.fmt)._data
    return out, make(indices.contiguous(), ""), tuple(given)


def avgpool(x, poolsize, *, padding_value=0, **kwargs):
    """MATLAB ``avgpool(X, poolsize)`` (or ``'global'``): mean of each window; format kept.

    ``padding_value=0`` counts padded zeros in the mean; ``'mean'`` leaves the padding out.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> dl.avgpool(dl.dlarray(np.arange(4.).reshape(2, 2, 1, 1), 'SSCB'), 'global').asnumpy().ravel().tolist()
    [1.5]
    """
    o = options("avgpool", kwargs, {**_POOL_OPTIONS, "padding_value": padding_value})
    inp, data, restore, kernel, stride, begin, end = _pool_setup(x, poolsize, o, "avgpool")
    value = o["padding_value"]
    symmetric = begin == end and all(2 * b <= k for b, k in zip(begin, kernel))
    if isinstance(value, str):
        if value.lower() != "mean":
            raise ValueError(f"avgpool: PaddingValue must be a number or 'mean', got {value!r}")
        if symmetric:
            y = _POOL(data, kernel=kernel, pool_type="avg", stride=stride, pad=tuple(begin), count_include_pad=False)
        else:
            total = _POOL(_pad_tensor(data, begin, end, 0), kernel=kernel, pool_type="sum", stride=stride)
            ones = torch.ones((1, 1) + tuple(data.shape[2:]), dtype=data.dtype, device=data.device)
            count = _POOL(_pad_tensor(ones, begin, end, 0), kernel=kernel, pool_type="sum", stride=stride)
            y = total / count
    elif symmetric and float(value) == 0:
        y = _POOL(data, kernel=kernel, pool_type="avg", stride=stride, pad=tuple(begin), count_include_pad=True)
    else:
        y = _POOL(_pad_tensor(data, begin, end, value), kernel=kernel, pool_type="avg", stride=stride)
    return output(inp, restore(y), inp.fmt)


def maxunpool(x, indx, output_size, *, data_format=None, **kwargs):
    """MATLAB ``maxunpool(X, indx, outputSize)``: zeros of ``output_size`` with the values of
    ``x`` at the flat indices ``indx`` of :func:`maxpool` (colliding indices add up).

    >>> import numpy as np
    >>> from mxnd import dl
    >>> x = dl.dlarray(np.arange(16.).reshape(4, 4, 1, 1), 'SSCB')
    >>> y, indx, size = dl.maxpool(x, 2, stride=2, return_indices=True)
    >>> dl.maxunpool(y, indx, size).asnumpy()[:, :, 0, 0].tolist()[1]
    [0.0, 5.0, 0.0, 7.0]
    """
    data_format = options("maxunpool", kwargs, {"data_format": data_format})["data_format"]
    inp = take(x, data_format, "maxunpool")
    # formatted: values and indices in stored order; DataFormat: both as given (as maxpool returns them)
    values = inp.data if inp.data_format is None else to_tensor(x, "maxunpool")
    index = to_tensor(indx, "maxunpool").to(device=values.device).reshape(-1).long()
    if index.numel() != values.numel():
        raise ValueError(f"maxunpool: indx must have one index per element of X ({values.numel()}), "
                         f"got {index.numel()}")
    size = tuple(int(s) for s in output_size)
    count = math.prod(size)
    if index.numel() and (int(index.min()) < 0 or int(index.max()) >= count):
        raise ValueError(f"maxunpool: indx must lie in [0, {count}) for outputSize {size}")
    flat = values.new_zeros(count).index_add(0, index, values.reshape(-1))
    return make(flat.reshape(size), inp.fmt if inp.data_format is None else "")


# ----- embed --------------------------------------------------------------------------------------

def embed(x, weights, *, data_format=None, weights_format=None, **kwargs):
    """MATLAB ``embed(X, weights)``: ``Y(:, n) = weights(:, X(n))`` with 0-based indices; the
    singleton 'C' dim of ``x`` (inserted when absent) becomes the embedding dimension.

    >>> import numpy as np
    >>> from mxnd import dl
    >>> y = dl.embed(dl.dlarray([[2., 0.]], 'CB'), np.arange(6.).reshape(2, 3))
    >>> y.fmt, y.asnumpy().tolist()
    ('CB', [[2.0, 0.0], [5.0, 3.0]])
    """
    o = options("embed", kwargs, {"data_format": data_format, "weights_format": weights_format})
    inp = take(x, o["data_format"], "embed")
    data, fmt = inp.data, inp.fmt
    weight = to_tensor(weights, "embed")
    if o["weights_format"] is not None and not (isinstance(weights, dlarray) and weights._fmt):
        weight = dlarray(weight, o["weights_format"])._data  # e.g. 'UC': numWords x embeddingDimension
    if weight.dim() != 2:
        raise ValueError(f"embed: weights must be embeddingDimension x numWords, got shape {tuple(weight.shape)}")
    weight = weight.to(data.device)
    if "C" in fmt:
        axis = fmt.index("C")
        if data.shape[axis] != 1:
            raise ValueError(f"embed: the 'C' dimension of X must be a singleton, got size {data.shape[axis]}")
        data = data.squeeze(axis)
    else:
        axis = fmt.count("S")
        fmt = fmt[:axis] + "C" + fmt[axis:]
    index = data.detach()
    if index.is_floating_point() and not bool((index == index.round()).all()):
        raise ValueError("embed: X must hold integer indices")
    index = index.long()
    words = weight.shape[1]
    if index.numel() and (int(index.min()) < 0 or int(index.max()) >= words):
        raise IndexError(f"embed: indices must lie in [0, {words}) (numWords), got values in "
                         f"[{int(index.min())}, {int(index.max())}]")
    y = F.embedding(index, weight.t()).movedim(-1, axis)
    return output(Input(None, fmt, inp.data_format, None), y, fmt) if inp.data_format is not None else make(y, fmt)
