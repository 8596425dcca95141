"""Deformable convolutions: contrib DeformableConvolution and ModulatedDeformableConvolution.

MXNet 1.x rules kept here (src/operator/contrib/deformable_convolution-inl.h,
modulated_deformable_convolution-inl.h, nn/deformable_im2col.h, nn/modulated_deformable_im2col.h):

- only 2-D kernels ("not implemented" otherwise); ``layout`` is None or NCHW (NCW and NCDHW
  are accepted by the parser and rejected with a 4-D shape); ``stride``/``dilate``/``pad``
  default to 1/1/0 and only their first two entries are used (a shorter one raises; stride
  and dilate entries must not be negative and their product must be positive; a negative pad
  is allowed); the output size is
  ``(in + 2 * pad - (dilate * (kernel - 1) + 1)) / stride + 1`` with C's truncating division;
  the kernel (not dilated) must fit ``in + 2 * pad``;
- data ``(N, C, H, W)``, offset ``(N, 2 * dg * kh * kw [+ kh * kw], Ho, Wo)`` (channel
  ``2 * k`` of group ``g`` is the row shift of kernel tap ``k``, ``2 * k + 1`` the column shift;
  a trailing extra ``kh * kw`` channels are never read by DeformableConvolution; the
  modulated kernel reads the offsets of the images inside one ``im2col_step`` chunk at
  ``2 * dg * kh * kw`` channels apart, so it then reads the flat memory), mask
  ``(N, dg * kh * kw, Ho, Wo)``,
  weight ``(num_filter, C / num_group, kh, kw)``, bias ``(num_filter,)`` (left out with
  ``no_bias=True``); a larger offset or mask batch is read only in its first N images;
- tap ``(i, j)`` of output ``(ho, wo)`` samples channel ``c`` (deformable group
  ``c // (C / dg)``) at ``h = (ho * stride - pad + i * dilate) + offset_h`` (the integer part
  converted to the data's type, then the offset added), likewise ``w``, by bilinear
  interpolation ``hh*hw*v1 + hh*lw*v2 + lh*hw*v3 + lh*lw*v4`` summed in that order in the
  data's type;
- DeformableConvolution (CPU kernel): a point counts only when ``0 <= h < H`` and
  ``0 <= w < W`` (else 0); a point in the last row band ``h >= H - 1`` (column band alike) is
  read at row ``H - 1`` alone (``lh = 0``), so no corner ever lies outside the map and the
  coordinate gradient there is 0;
- ModulatedDeformableConvolution: a point counts when ``-1 < h < H`` and ``-1 < w < W``; its
  corners outside the map read 0; the sampled value is multiplied by the mask;
- the columns go through a grouped matmul with the weight, then the bias is added;
- gradients: data (the bilinear weights scattered back), offset (the derivative of the
  interpolation with ``floor`` fixed: the right derivative at whole coordinates, 0 where the
  point does not count), mask (the unmasked sample), weight, bias; MXNet's formulas, computed
  by autograd through the same torch ops.

Values: float64 and float32 sample columns are MXNet's bit for bit; the matmul (BLAS in
MXNet) and the gradient sums may differ in the last bits (tests use exact dyadic inputs for
bit equality, tolerances otherwise).

Deliberate differences: float16 runs in float32 and rounds the result (MXNet's CPU build
raises "FP16 gemm on cpu not implemented!"); ModulatedDeformableConvolution has a backward,
following MXNet's GPU kernels (its CPU build raises "only implemented in GPU"); num_group,
num_deformable_group or im2col_step 0 raise MXNetError (MXNet divides by zero and dies); an
offset or mask batch smaller than the data's raises (MXNet reads past it); a NaN offset gives
a zero offset gradient (MXNet reads out of bounds); with ``grad_req='add'`` the data and offset
gradients accumulate (MXNet's DeformableConvolution overwrites them). ``workspace`` is
accepted and ignored; ``im2col_step`` is checked as MXNet does and only decides which offset
memory the modulated kernel reads when the offset has the extra channels. Batches are
sampled in chunks of at most ``_CHUNK_ELEMENTS`` column elements.
"""
from __future__ import annotations

import torch

from ... import dtypes
from ...params import optional_enum, parse_bool, parse_int, parse_shape
from ...registry import REQUIRED, OpSpec, Param, declare

# sampled elements (N * C * kh * kw * Ho * Wo) per batch chunk
_CHUNK_ELEMENTS = 1 << 25


def _text(shape) -> str:
    return "[" + ",".join(str(int(n)) for n in shape) + "]"


def _c_div(a: int, b: int) -> int:
    """C's integer division (truncation toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _check(ok, text):
    if not ok:
        raise ValueError(text)


def _geometry(kernel, stride, dilate, pad):
    """(kernel, stride, dilate, pad) as 2-tuples, checked as DeformableConvolutionProp::Init."""
    if len(kernel) != 2:
        raise ValueError(f"not implemented: only 2-D kernels are supported, got kernel={_text(kernel)}")
    filled = []
    for name, value, fill in (("stride", stride, 1), ("dilate", dilate, 1), ("pad", pad, 0)):
        value = tuple(value) if len(value) else (fill, fill)
        _check(len(value) >= 2, f"Check failed: i >= 0 && i < ndim(): index = 1 must be in range [0, {len(value)}) "
                                f"({name} {_text(value)} needs 2 entries)")
        filled.append(value)
    return tuple(kernel), filled[0], filled[1], filled[2]


def _first_two(value):
    return tuple(value[:2])


def _check_inputs(op, data, offset, mask, weight, bias, *, kernel, stride, dilate, pad, num_filter,
                  num_group, num_deformable_group, no_bias, layout, im2col_step=None):
    """The shape and type rules of InferShape/InferType; returns the output's (Ho, Wo)."""
    kernel, stride, dilate, pad = _geometry(kernel, stride, dilate, pad)
    named = [("data", data), ("offset", offset)] + ([("mask", mask)] if mask is not None else []) \
        + [("weight", weight)] + ([("bias", bias)] if bias is not None else [])
    if no_bias and bias is not None:
        n = len(named)
        raise ValueError(f"Check failed: num_inputs == infered_num_inputs ({n} vs. {n - 1}) : "
                         f"Operator {op} expects {n - 1} inputs, but got {n} instead.")
    if not no_bias and bias is None:
        n = len(named)
        raise ValueError(f"Check failed: num_inputs == infered_num_inputs ({n} vs. {n + 1}) : "
                         f"Operator {op} expects {n + 1} inputs, but got {n} instead.")
    _check(num_filter >= 1, f"num_filter: Convolution filter(channel) number must be >= 1, got {num_filter}")
    if layout is not None and layout != "NCHW":
        raise ValueError(f"Invalid layout for 4d shape: layout {layout} does not fit a 2-D kernel")
    for name, tensor in named:
        if tensor.numel() == 0:
            raise ValueError(f"shape inference failed: {name} has the zero-size shape {tuple(tensor.shape)}")
    _check(data.dim() == 4, f"Check failed: dshp.ndim() == 4U ({data.dim()} vs. 4) : "
                            "Input data should be 4D in batch-num_filter-y-x")
    _check(offset.dim() == 4, f"Check failed: oshp.ndim() == 4U ({offset.dim()} vs. 4) : "
                              "Input offset should be 4D in batch-num_filter-y-x")
    if mask is not None:
        _check(mask.dim() == 4, f"Check failed: mshp.ndim() == 4U ({mask.dim()} vs. 4) : "
                                "Input mask should be 4D in batch-num_filter-y-x")
    _check(num_group >= 1, f"num_group must be positive, got {num_group}")
    _check(num_deformable_group >= 1, f"num_deformable_group must be positive, got {num_deformable_group}")
    batch, channels, height, width = data.shape
    kh, kw = kernel
    _check(kh > 0 and kw > 0, f"Check failed: param_.kernel.Size() > 0U : incorrect kernel size: {_text(kernel)}")
    wshape = (num_filter // num_group * num_group, channels // num_group, kh, kw)
    if tuple(weight.shape) != wshape:
        raise ValueError(f"Shape inconsistent, Provided = {_text(weight.shape)}, "
                         f"inferred shape=({','.join(map(str, wshape))})")
    if bias is not None and tuple(bias.shape) != (num_filter,):
        raise ValueError(f"Shape inconsistent, Provided = {_text(bias.shape)}, inferred shape=({num_filter},)")
    if im2col_step is not None:
        _check(im2col_step >= 1, f"im2col_step must be positive, got {im2col_step}")
        if batch > im2col_step:
            _check(batch % im2col_step == 0, f"Check failed: dshape[0] % param_.im2col_step == 0U "
                                             f"({batch % im2col_step} vs. 0) : input batchsize must be "
                                             "smaller than or divide im2col_step")
    _check(channels % num_group == 0, f"Check failed: dshape[1] % param_.num_group == 0U "
                                      f"({channels % num_group} vs. 0) : input num_filter must divide group size")
    _check(channels % num_deformable_group == 0,
           f"Check failed: dshape[1] % param_.num_deformable_group == 0U ({channels % num_deformable_group} "
           "vs. 0) : input num_filter must divide deformable group size")
    _check(num_filter % num_group == 0, f"Check failed: param_.num_filter % param_.num_group == 0U "
                                        f"({num_filter % num_group} vs. 0) : output num_filter must divide group size")
    for name, value in (("stride", stride), ("dilate", dilate)):
        size = 1
        for v in value:  # TShape::Size() rejects negative entries
            _check(v >= 0, f"Check failed: dim_size_is_known(*it): Shape dim size cannot be a negative value {v} "
                           f"({name} {_text(value)})")
            size *= v
        _check(size > 0, f"Check failed: param_.{name}.Size() > 0U ({max(size, 0)} vs. 0) : "
                         f"incorrect {name} size: {_text(value)}")
    out_hw = tuple(_c_div(n + 2 * p - (d * (k - 1) + 1), s) + 1
                   for n, p, d, k, s in zip((height, width), pad, dilate, kernel, stride))
    for n in out_hw:
        _check(n >= 0, f"Check failed: dim_size_is_known(*it): Shape dim size cannot be a negative value {n}")
    if mask is not None:
        _check(num_filter % num_deformable_group == 0,
               f"Check failed: oshape[1] % param_.num_deformable_group == 0U ({num_filter % num_deformable_group} "
               "vs. 0) : output num_filter must divide deformable group size")
    taps = kh * kw
    maps = [("offset", offset, 2)] + ([("mask", mask, 1)] if mask is not None else [])
    for name, tensor, per_tap in maps:
        for axis, what in ((2, "height"), (3, "width")):
            _check(out_hw[axis - 2] == tensor.shape[axis],
                   f"Check failed: oshape[{axis}] == {name}shape[{axis}] ({out_hw[axis - 2]} vs. {tensor.shape[axis]}) "
                   f": output {what} must equal to {name} map {what}")
        _check(tensor.shape[1] % taps == 0, f"Check failed: {name}shape[1] % (param_.kernel[0] * param_.kernel[1]) "
                                            f"== 0U ({tensor.shape[1] % taps} vs. 0) : offset filter must divide "
                                            "deformable group size")
        _check(tensor.shape[1] // (per_tap * taps) == num_deformable_group,
               f"Check failed: {name}shape[1] / ({'2 * ' if per_tap == 2 else ''}param_.kernel[0] * param_.kernel[1]) "
               f"== param_.num_deformable_group ({tensor.shape[1] // (per_tap * taps)} vs. {num_deformable_group}) "
               ": offset filter must divide deformable group size")
        _check(tensor.shape[0] >= batch, f"the {name} batch ({tensor.shape[0]}) is smaller than the data batch "
                                         f"({batch}): MXNet would read past the {name} array")
    for n, p, k in zip((height, width), pad, kernel):
        _check(k <= n + 2 * p, f"Check failed: ksize <= dshape + 2 * pad ({k} vs. {n + 2 * p}) : "
                               "kernel size exceed input")
    for name, tensor in named[1:]:
        if tensor.dtype != data.dtype:
            raise TypeError(f"Check failed: (*in_type)[i] == dtype ({dtypes.flag_of(tensor.dtype)} vs. "
                            f"{dtypes.flag_of(data.dtype)}) : This layer requires uniform type. Expected "
                            f"'{dtypes.name_of(data.dtype)}' v.s. given '{dtypes.name_of(tensor.dtype)}' at '{name}'")
    if data.dtype not in (torch.float16, torch.float32, torch.float64):
        raise TypeError(f"This operation only support floating point types, not {dtypes.name_of(data.dtype)}")
    return kernel, _first_two(stride), _first_two(dilate), _first_two(pad), out_hw


def _corner(flat, rows, cols, ok, width):
    """``flat[..., rows * width + cols]`` per channel where ``ok``, else 0 (``ok`` None: always read)."""
    index = rows * width + cols if ok is None else torch.where(ok, rows * width + cols, torch.zeros_like(rows))
    cg = flat.shape[2]
    values = torch.gather(flat, 3, index.unsqueeze(2).expand(-1, -1, cg, -1))
    if ok is None:
        return values
    return torch.where(ok.unsqueeze(2), values, torch.zeros((), dtype=values.dtype, device=values.device))


def _sample(data, offset, mask, geometry, groups, modulated):
    """The deformable im2col: columns ``(N, C, kh * kw, Ho * Wo)`` of sampled (and masked) values."""
    (kh, kw), (sh, sw), (dh, dw), (ph, pw), (ho, wo) = geometry
    batch, channels, height, width = data.shape
    taps, plane = kh * kw, ho * wo
    device, dtype = data.device, data.dtype
    # integer part of every position: (taps, Ho, Wo), in the data's type as MXNet converts it
    base_h = (torch.arange(ho, device=device) * sh - ph)[None, :] + (torch.arange(kh, device=device) * dh)[:, None]
    base_w = (torch.arange(wo, device=device) * sw - pw)[None, :] + (torch.arange(kw, device=device) * dw)[:, None]
    base_h = base_h[:, None, :, None].expand(kh, kw, ho, wo).reshape(taps, plane).to(dtype)
    base_w = base_w[None, :, None, :].expand(kh, kw, ho, wo).reshape(taps, plane).to(dtype)
    shift = offset[:batch, :2 * taps * groups].reshape(batch, groups, taps, 2, plane)
    h = base_h + shift[:, :, :, 0]  # (N, dg, taps, Ho*Wo)
    w = base_w + shift[:, :, :, 1]
    if modulated:
        valid = (h > -1) & (w > -1) & (h < height) & (w < width)
    else:
        valid = (h >= 0) & (w >= 0) & (h < height) & (w < width)
    zero = torch.zeros((), dtype=dtype, device=device)
    h = torch.where(valid, h, zero)  # points that do not count: a harmless position, no gradient
    w = torch.where(valid, w, zero)
    h_floor, w_floor = torch.floor(h).detach(), torch.floor(w).detach()
    h_low, w_low = h_floor.to(torch.int64), w_floor.to(torch.int64)
    if modulated:
        h_high, w_high = h_low + 1, w_low + 1
        lh, lw = h - h_floor, w - w_floor
        ok_hl, ok_hh = valid & (h_low >= 0), valid & (h_high <= height - 1)
        ok_wl, ok_wh = w_low >= 0, w_high <= width - 1
    else:  # the last row (column) band is read at row H - 1 alone
        top_h, top_w = h_low >= height - 1, w_low >= width - 1
        h_high = torch.where(top_h, torch.full_like(h_low, height - 1), h_low + 1)
        w_high = torch.where(top_w, torch.full_like(w_low, width - 1), w_low + 1)
        lh = torch.where(top_h, zero, h - h_floor)
        lw = torch.where(top_w, zero, w - w_floor)
        ok_hl = ok_hh = ok_wl = ok_wh = None  # every corner lies on the map
    hh, hw = 1 - lh, 1 - lw
    flat = data.reshape(batch, groups, channels // groups, height * width)
    size = (batch, groups, taps * plane)

    def corner(rows, cols, ok_h, ok_w):
        ok = None if ok_h is None else (ok_h & ok_w).reshape(size)
        return _corner(flat, rows.reshape(size), cols.reshape(size), ok, width)

    def weight(a, b):
        return (a * b).reshape(size).unsqueeze(2)

    value = weight(hh, hw) * corner(h_low, w_low, ok_hl, ok_wl)
    value = value + weight(hh, lw) * corner(h_low, w_high, ok_hl, ok_wh)
    value = value + weight(lh, hw) * corner(h_high, w_low, ok_hh, ok_wl)
    value = value + weight(lh, lw) * corner(h_high, w_high, ok_hh, ok_wh)
    value = torch.where(valid.reshape(size).unsqueeze(2), value, zero)
    if mask is not None:
        value = value * mask[:batch, :groups * taps].reshape(size).unsqueeze(2)
    return value.reshape(batch, channels, taps, plane)


def _modulated_offsets(offset, batch, used, step):
    """The offsets as MXNet's modulated im2col reads them: a chunk of ``step`` images starts at
    a whole offset image, the images inside it follow at ``used`` channels each."""
    channels, rows, cols = offset.shape[1:]
    if channels == used:
        return offset[:batch]
    plane, step = rows * cols, min(step, batch)
    starts = torch.arange(0, batch, step, device=offset.device) * (channels * plane)
    index = starts[:, None] + torch.arange(step * used * plane, device=offset.device)[None, :]
    return offset.reshape(-1)[index.reshape(-1)].reshape(batch, used, rows, cols)


def _forward(op, data, offset, mask, weight, bias, params, im2col_step=None):
    kernel, stride, dilate, pad, out_hw = _check_inputs(op, data, offset, mask, weight, bias,
                                                        im2col_step=im2col_step, **params)
    groups, num_group, num_filter = params["num_deformable_group"], params["num_group"], params["num_filter"]
    half = data.dtype is torch.float16
    if half:  # MXNet's CPU build has no float16 gemm: computed in float32, rounded at the end
        data, offset, weight = data.float(), offset.float(), weight.float()
        mask = None if mask is None else mask.float()
        bias = None if bias is None else bias.float()
    batch, channels = data.shape[:2]
    taps = kernel[0] * kernel[1]
    if mask is not None:
        offset = _modulated_offsets(offset, batch, 2 * taps * groups, im2col_step)
    geometry = (kernel, stride, dilate, pad, out_hw)
    plane = out_hw[0] * out_hw[1]
    w3 = weight.reshape(num_group, num_filter // num_group, channels // num_group * taps)
    step = max(1, _CHUNK_ELEMENTS // max(1, channels * taps * plane))
    pieces = []
    for lo in range(0, batch, step):
        hi = min(batch, lo + step)
        cols = _sample(data[lo:hi], offset[lo:hi], None if mask is None else mask[lo:hi], geometry, groups,
                       mask is not None)
        cols = cols.reshape(hi - lo, num_group, channels // num_group * taps, plane)
        pieces.append(torch.matmul(w3, cols).reshape(hi - lo, num_filter, *out_hw))
    out = torch.cat(pieces) if len(pieces) > 1 else pieces[0]
    if bias is not None:
        out = out + bias[None, :, None, None]
    return out.to(torch.float16) if half else out


def _deformable_convolution(data, offset, weight, bias=None, *, kernel=REQUIRED, stride=(), dilate=(), pad=(),
                            num_filter=REQUIRED, num_group=1, num_deformable_group=1, workspace=1024,
                            no_bias=False, layout=None):
    params = dict(kernel=kernel, stride=stride, dilate=dilate, pad=pad, num_filter=num_filter,
                  num_group=num_group, num_deformable_group=num_deformable_group, no_bias=no_bias, layout=layout)
    return _forward("_contrib_DeformableConvolution", data, offset, None, weight, bias, params)


def _modulated_deformable_convolution(data, offset, mask, weight, bias=None, *, kernel=REQUIRED, stride=(),
                                      dilate=(), pad=(), num_filter=REQUIRED, num_group=1,
                                      num_deformable_group=1, workspace=1024, no_bias=False, im2col_step=64,
                                      layout=None):
    params = dict(kernel=kernel, stride=stride, dilate=dilate, pad=pad, num_filter=num_filter,
                  num_group=num_group, num_deformable_group=num_deformable_group, no_bias=no_bias, layout=layout)
    return _forward("_contrib_ModulatedDeformableConvolution", data, offset, mask, weight, bias, params,
                    im2col_step=im2col_step)


def _params(modulated):
    """The params of the two operators, in MXNet's order."""
    params = [
        Param("kernel", parse_shape, REQUIRED, "convolution kernel size (h, w)"),
        Param("stride", parse_shape, (), "convolution stride (h, w); defaults to 1"),
        Param("dilate", parse_shape, (), "convolution dilate (h, w); defaults to 1"),
        Param("pad", parse_shape, (), "zero pad (h, w); defaults to 0"),
        Param("num_filter", parse_int, REQUIRED, "number of output channels"),
        Param("num_group", parse_int, 1, "number of group partitions"),
        Param("num_deformable_group", parse_int, 1, "number of deformable group partitions"),
        Param("workspace", parse_int, 1024, "workspace in MB (accepted, ignored)"),
        Param("no_bias", parse_bool, False, "whether to disable the bias"),
    ]
    if modulated:
        params.append(Param("im2col_step", parse_int, 64,
                            "images per im2col step; the batch must be smaller or a multiple (checked, ignored)"))
    params.append(Param("layout", optional_enum("NCW", "NCHW", "NCDHW"), None, "layout of data, weight and output: None or NCHW"))
    return tuple(params)


TABLE = declare([
    OpSpec("_contrib_DeformableConvolution", _deformable_convolution, inputs=("data", "offset", "weight", "bias?"),
           params=_params(False), differentiable=True, family="deformable",
           doc="2-D deformable convolution: bilinear samples at offset kernel taps, then a grouped convolution."),
    OpSpec("_contrib_ModulatedDeformableConvolution", _modulated_deformable_convolution,
           inputs=("data", "offset", "mask", "weight", "bias?"), params=_params(True), differentiable=True,
           family="deformable",
           doc="2-D modulated deformable convolution (DCNv2): masked bilinear samples, then a grouped convolution."),
])
