"""Spatial, ROI, region-proposal, deformable, image and legacy NN operators, forward only:
BilinearSampler, GridGenerator, SpatialTransformer, Correlation, Crop, ROIPooling, Proposal,
MultiProposal, PSROIPooling, RROIAlign, DeformablePSROIPooling, the mx.nd.image operators,
_cvcopyMakeBorder/_cvimresize, Pooling_v1, IdentityAttachKLSparseReg and the batch norms (with
their moving statistics after a training-mode call), with random shapes, dtypes, parameters,
ROIs partly outside the image, NaN inputs and invalid parameters.

Usage: python vision_ops.py SEED COUNT > expressions.txt (see ../README.md). Seeds below 1000 give
the operators MXNet computes deterministically (compare exactly); seeds from 1000 give the
convolution-like sums (Convolution_v1, the deformable convolutions, Correlation, SpatialTransformer,
the batch norms; use --numeric)."""
import random, sys
seed = int(sys.argv[1])
random.seed(seed)
NUMERIC = seed >= 1000
FLOATS = ["'float32'", "'float32'", "'float64'", "'float16'"]
INT32, UINT8 = "'int32'", "'uint8'"


def arr(shape, dtype="'float32'", lo=-2, hi=2, nan=0.0, q=None):
    """A random array; q rounds to multiples of q (ties), nan sets that share of entries to NaN."""
    s = random.randint(0, 9999)
    v = f"np.random.RandomState({s}).uniform({lo}, {hi}, {shape})"
    if q:
        v = f"(np.round({v} / {q}) * {q})"
    if nan:
        v = f"np.where(np.random.RandomState({s + 1}).uniform(0, 1, {shape}) < {nan}, np.nan, {v})"
    return f"mx.nd.array({v}, dtype={dtype})"


def rois(n, batch, h, w, cols=5, extra=()):
    """n ROIs [batch, x1, y1, x2, y2, *extra], partly outside the image, some degenerate."""
    out = []
    for _ in range(n):
        x1, y1 = round(random.uniform(-3, w + 1), 2), round(random.uniform(-3, h + 1), 2)
        if random.random() < 0.15:
            x2, y2 = x1, y1
        elif random.random() < 0.1:
            x2, y2 = x1 - 1.5, y1 - 0.5
        else:
            x2, y2 = round(x1 + random.uniform(0, w + 2), 2), round(y1 + random.uniform(0, h + 2), 2)
        row = [random.randint(0, batch - 1), x1, y1, x2, y2] + [round(random.uniform(lo, hi), 2) for lo, hi in extra]
        out.append(row[:cols])
    return out


def pick(*options):
    return random.choice(options)


def exact_case():
    b, c, h, w = random.randint(1, 2), random.randint(1, 4), random.randint(1, 9), random.randint(1, 9)
    dt = random.choice(FLOATS)
    nan = pick(0, 0, 0, 0.1)
    k = random.randint(0, 17)
    if k == 0:
        grid = arr(f"({b}, 2, {random.randint(1, 6)}, {random.randint(1, 6)})", dt, -1.3, 1.3, q=pick(None, 0.25))
        return f"mx.nd.BilinearSampler({arr(f'({b}, {c}, {h}, {w})', dt, nan=nan)}, {grid})"
    if k == 1:
        tt = pick("'affine'", "'warp'", "'affine'")
        ts = pick("(0, 0)", f"({random.randint(1, 6)}, {random.randint(1, 6)})", "(3,)", "(0, 4)")
        gdt = pick("'float32'", "'float32'", "'float32'", "'float16'")  # float64: a documented difference
        data = arr(f"({b}, 6)", gdt, q=pick(None, 0.5)) if tt == "'affine'" and random.random() < 0.8 else arr(f"({b}, 2, {h}, {w})", gdt, q=pick(None, 0.5))
        return f"mx.nd.GridGenerator({data}, transform_type={tt}, target_shape={ts})"
    if k == 2:
        ho, wo = random.randint(1, h + 2), random.randint(1, w + 2)
        hw = pick(f"h_w=({ho}, {wo}), ", "", f"h_w=({h + 3}, {wo}), ", "h_w=(0, 0), ")
        off = pick("", f"offset=({random.randint(0, 3)}, {random.randint(0, 3)}), ")
        like = f", mx.nd.zeros((1, 1, {ho}, {wo}))" if not hw or random.random() < 0.2 else ""
        na = pick("", f"num_args={2 if like else 1}, ", "num_args=3, ")
        return f"mx.nd.Crop({arr(f'({b}, {c}, {h}, {w})', dt, nan=nan)}{like}, {na}{hw}{off}center_crop={pick(True, False)})"
    if k == 3:
        ps = pick(f"({random.randint(1, 4)}, {random.randint(1, 4)})", "2", "(0, 2)", "(3,)")
        r = rois(random.randint(1, 4), b, h, w)
        return (f"mx.nd.ROIPooling({arr(f'({b}, {c}, {h}, {w})', dt, nan=nan, q=pick(None, 0.5))}, mx.nd.array({r}, dtype={dt}), "
                f"pooled_size={ps}, spatial_scale={pick(1.0, 0.5, 0.25, 2.0, 0.0, -1.0)})")
    if k == 4:
        g = random.randint(1, 3)
        od = random.randint(1, 2)
        gs = pick(0, g, g + 1)
        ps = pick(g, g, random.randint(1, 4))
        cc = od * (gs or ps) ** 2  # fewer channels: MXNet reads out of bounds (documented)
        dt = pick("'float32'", "'float64'")  # float16: documented
        r = rois(random.randint(1, 4), b, h, w)
        return (f"mx.nd.contrib.PSROIPooling({arr(f'({b}, {cc}, {h}, {w})', dt, nan=nan)}, mx.nd.array({r}, dtype={dt}), "
                f"spatial_scale={pick(1.0, 0.5, 0.0625, 2.0)}, output_dim={od}, pooled_size={ps}, group_size={gs})")
    if k == 5:
        r = rois(random.randint(1, 4), b, h, w, cols=6, extra=[(-90, 180)])
        r = [[x[0], (x[1] + x[3]) / 2, (x[2] + x[4]) / 2, abs(x[3] - x[1]), abs(x[4] - x[2]), x[5]] for x in r]
        data = arr(f"({b}, {c}, {h}, {w})", pick("'float32'", "'float64'"), nan=nan)  # float16: documented
        return (f"mx.nd.contrib.RROIAlign({data}, mx.nd.array({r}, dtype={pick(*FLOATS)}), "
                f"pooled_size={pick('(2, 2)', '(1, 3)', '3', '(0, 1)')}, spatial_scale={pick(1.0, 0.5, 2.0)}, sampling_ratio={pick(-1, 0, 1, 2, 3)})")
    if k == 6:
        od, g = random.randint(1, 2), random.randint(1, 3)
        dt = pick("'float32'", "'float64'")  # float16: documented
        ps = pick(g, random.randint(1, 4))
        part = pick(0, ps, random.randint(1, 3))
        no_trans = pick(True, False)
        n = random.randint(1, 3)
        ncls = pick(1, od)
        trans = "" if no_trans and random.random() < 0.5 else f"trans={arr(f'({n}, {2 * ncls}, {part or ps}, {part or ps})', dt, -1, 1)}, "
        r = rois(n, b, h, w)
        return (f"mx.nd.contrib.DeformablePSROIPooling(data={arr(f'({b}, {od * g * g}, {h}, {w})', dt, nan=nan)}, rois=mx.nd.array({r}, dtype={dt}), {trans}"
                f"spatial_scale={pick(1.0, 0.5, 0.0625)}, output_dim={od}, group_size={g}, pooled_size={ps}, part_size={part}, "
                f"sample_per_part={pick(1, 2, 3, 0)}, trans_std={pick(0.0, 0.1, 1.0)}, no_trans={no_trans})")
    if k in (7, 8):
        return proposal_case(b, dt)
    if k == 9:
        idt = pick("'uint8'", "'uint8'", "'float32'", "'float64'", "'int32'", "'float16'", "'int8'")
        shape = pick(f"({h}, {w}, {c})", f"({b}, {h}, {w}, {c})", f"({h}, {w})", f"({h}, {w}, 0)")
        img = arr(shape, idt, 0, 255, q=pick(None, 0.5))
        op = pick("to_tensor(img)", "flip_left_right(img)", "flip_top_bottom(img)",
                  f"crop(img, x={random.randint(-1, w)}, y={random.randint(-1, h)}, width={random.randint(0, w + 1)}, height={random.randint(0, h + 1)})",
                  f"adjust_lighting(img, alpha={pick('(0.1, -0.2, 0.3)', '(0, 0, 0)', '(1.5, 2, -3)', '(0.1,)')})")
        return f"!img = {img};; R = mx.nd.image.{op}"
    if k == 10:
        idt = pick("'float32'", "'float64'", "'float16'", "'uint8'")
        shape = pick(f"({c}, {h}, {w})", f"({b}, {c}, {h}, {w})", f"({h}, {w})")
        mean = pick("0.5", "(0.1, 0.2, 0.3)", str(tuple(round(random.uniform(0, 1), 2) for _ in range(c))), "(0.0,)")
        std = pick("1.0", "(0.5, 2, 0.25)", str(tuple(round(random.uniform(0.1, 2), 2) for _ in range(c))), "(0.0,)", "(-1, 1, 1, 1)")
        return f"mx.nd.image.normalize({arr(shape, idt, 0, 2, nan=nan)}, mean={mean}, std={std})"
    if k == 11:
        idt = pick("'uint8'", "'uint8'", "'float32'", "'float64'", "'int32'", "'float16'")
        shape = pick(f"({h}, {w}, {c})", f"({h}, {w}, 3)", f"({h}, {w})", f"({b}, {h}, {w}, {c})")
        top, bot, left, right = (random.randint(0, 3) for _ in range(4))
        typ = pick(0, 1, 2, 3, 4, 5, -1)
        val = pick("", f", value={pick(0, 7.5, 300, -2)}", f", values={pick('(1, 2, 3)', '(9.0,)', '(1, 2, 3, 4)')}")
        if random.random() < 0.5:
            return f"mx.nd._internal._cvcopyMakeBorder({arr(shape, idt, 0, 255)}, top={top}, bot={bot}, left={left}, right={right}, type={typ}{val})"
        return f"mx.image.copyMakeBorder({arr(shape, idt, 0, 255)}, {top}, {bot}, {left}, {right}, type={typ}{val})"
    if k == 12:
        idt = pick("'uint8'", "'uint8'", "'float32'", "'float64'", "'int32'", "'float16'")
        shape = pick(f"({h}, {w}, {c})", f"({h}, {w}, 3)", f"({h}, {w})", f"({h}, {w}, 1)")
        interp = pick(0, 1, 2, 3, 4, 9, 10, 5)
        ow, oh = random.randint(0, 12), random.randint(0, 12)
        if random.random() < 0.5:
            return f"mx.nd._internal._cvimresize({arr(shape, idt, 0, 255)}, w={ow}, h={oh}, interp={interp})"
        return f"mx.image.imresize({arr(shape, idt, 0, 255)}, {ow}, {oh}, interp={interp})"
    if k in (13, 14):
        return pooling_v1_case(b, c, h, w, dt, nan)
    if k == 15:
        st, pen, mom = pick(0.1, 0.5, 0.0, 1.5), pick(0.001, 0.0, 2.0), pick(0.9, 0.0, 1.0)
        shape = pick(f"({b}, {c})", f"({b}, {c}, {h})", f"({b}, {c}, {h}, {w})", f"({b},)")
        return f"mx.nd.IdentityAttachKLSparseReg({arr(shape, dt, 0, 1, nan=nan)}, sparseness_target={st}, penalty={pen}, momentum={mom})"
    if k == 16:  # the batch norms (oneDNN's float32 arithmetic: last bits) are under --numeric
        return roi_nan_case(b, c, h, w)
    return pick(f"mx.nd.BilinearSampler({arr(f'({b}, {c}, {h}, {w})', dt)}, {arr(f'({b}, 3, 2, 2)', dt)})",
                f"mx.nd.BilinearSampler({arr(f'({b}, {c}, {h}, {w})', dt)}, {arr(f'({b + 1}, 2, 2, 2)', dt)})",
                f"mx.nd.BilinearSampler({arr(f'({b}, {c}, {h}, {w})', INT32)}, {arr(f'({b}, 2, 2, 2)', INT32)})",
                f"mx.nd.BilinearSampler({arr(f'({b}, {c}, {h}, {w})', dt)}, {arr(f'({b}, 2, 2, 2)', pick(*FLOATS))})",
                f"mx.nd.GridGenerator({arr(f'({b}, 5)', dt)}, transform_type='affine', target_shape=(2, 2))",
                f"mx.nd.GridGenerator({arr(f'({b}, 6)', dt)}, transform_type='foo')",
                f"mx.nd.ROIPooling({arr(f'({b}, {c}, {h}, {w})', dt)}, mx.nd.array([[0, 1, 1, 2, 2, 3]]), pooled_size=(2, 2), spatial_scale=1.0)",
                f"mx.nd.ROIPooling({arr(f'({c}, {h}, {w})', dt)}, mx.nd.array([[0, 1, 1, 2, 2]]), pooled_size=(2, 2), spatial_scale=1.0)",
                f"mx.nd.contrib.PSROIPooling({arr(f'({b}, 3, {h}, {w})', dt)}, mx.nd.array([[0, 1, 1, 2, 2]]), spatial_scale=1.0, output_dim=1, pooled_size=2)",
                f"mx.nd.image.to_tensor({arr(f'({h}, {w}, {c}, 1, 1)', UINT8, 0, 255)})",
                f"mx.nd.image.crop({arr(f'({h}, {w}, {c})', UINT8, 0, 255)}, x=0, y=0, width={w + 1}, height={h})",
                f"mx.nd.Crop({arr(f'({b}, {c}, {h}, {w})', dt)}, {arr(f'({b}, {c}, {h}, {w})', dt)}, num_args=1)")


def roi_nan_case(b, c, h, w):
    """ROI ops over NaN, -inf and -FLT_MAX data, whose maxima MXNet's kernels skip."""
    dt = random.choice(FLOATS)
    special = pick("np.nan", "-np.inf", "-3.4028234663852886e+38", "np.inf")
    data = (f"mx.nd.array(np.where(np.random.RandomState({random.randint(0, 9999)}).uniform(0, 1, ({b}, {c}, {h}, {w})) < 0.5, "
            f"{special}, np.random.RandomState({random.randint(0, 9999)}).uniform(-2, 2, ({b}, {c}, {h}, {w}))), dtype={dt})")
    r = f"mx.nd.array({rois(random.randint(1, 3), b, h, w)}, dtype={dt})"
    # (ROIAlign spreads non-finite values through its separable weights: reported, not generated)
    return f"mx.nd.ROIPooling({data}, {r}, pooled_size=({random.randint(1, 3)}, {random.randint(1, 3)}), spatial_scale={pick(1.0, 0.5)})"


def proposal_case(b, dt):
    h, w = random.randint(1, 5), random.randint(1, 5)
    scales = pick((4, 8, 16, 32), (8,), (2, 4), (1.5,))
    ratios = pick((0.5, 1, 2), (1,), (0.5, 2), (0.7,))
    a = len(scales) * len(ratios)
    single = random.random() < 0.4
    bb = 1 if single else b
    fs = pick(16, 8, 4, 1)
    info = [[round(random.uniform(1, h * fs * 1.5), 1), round(random.uniform(1, w * fs * 1.5), 1), pick(1.0, 0.5, 2.0, 1.5)] for _ in range(bb)]
    op = "Proposal" if single else "MultiProposal"
    cls = arr(f"({bb}, {2 * a}, {h}, {w})", dt, 0, 1, q=pick(None, None, 0.25))
    if random.random() < 0.05:
        cls = arr(f"({bb}, {2 * a + 1}, {h}, {w})", dt, 0, 1)
    return (f"mx.nd.contrib.{op}({cls}, {arr(f'({bb}, {4 * a}, {h}, {w})', dt, -0.5, 0.5)}, mx.nd.array({info}, dtype={dt}), "
            f"rpn_pre_nms_top_n={pick(6000, 10, 3, 1, -1)}, rpn_post_nms_top_n={pick(300, 5, 2, 1)}, threshold={pick(0.7, 0.3, 0.0, 1.0)}, "
            f"rpn_min_size={pick(16, 0, 4, 1)}, scales={scales}, ratios={ratios}, feature_stride={fs}, "
            f"output_score={pick(True, False)}, iou_loss={pick(True, False)})")


def pooling_v1_case(b, c, h, w, dt, nan):
    nd = pick(2, 2, 2, 2, 2, 1, 3)
    spatial = [h, w, random.randint(1, 4)][:nd]
    kern = tuple(random.randint(1, s + 1) for s in spatial)
    stride = pick("", f"stride={tuple(random.randint(1, 3) for _ in spatial)}, ")
    pad = pick("", f"pad={tuple(random.randint(0, k // 2 + pick(0, 0, 1)) for k in kern)}, ")
    gp = pick(True, False, False)
    kernel = pick(f"kernel={kern}, ", f"kernel={kern}, ", "" if gp else f"kernel={kern}, ")
    pt = pick("'max'", "'avg'", "'sum'", "'max'", "'avg'", "'sum'", "'lp'")
    pc = pick("", "pooling_convention='valid', ", "pooling_convention='full', ")
    return (f"mx.nd.Pooling_v1({arr(f'({b}, {c}, ' + ', '.join(map(str, spatial)) + ')', dt, nan=nan, q=pick(None, 0.5))}, {kernel}{stride}{pad}"
            f"pool_type={pt}, {pc}global_pool={gp})")


def batchnorm_case(b, c, h, w, dt):
    """BatchNormWithReLU / SyncBatchNorm, then the moving statistics (updated by a training-mode
    backward). Left out, where MXNet cannot answer: BatchNorm_v1 (it cannot be called
    imperatively), BatchNormWithReLU off MKL-DNN (not 4-D float32 with axis 1), SyncBatchNorm with
    ndev > 1 in training (it waits for the other devices) and its mean/var outputs in predict
    mode (unwritten memory)."""
    op = pick("mx.nd.contrib.BatchNormWithReLU", "mx.nd.contrib.SyncBatchNorm")
    relu = "ReLU" in op
    dt = "'float32'" if relu or random.random() < 0.9 else dt  # SyncBatchNorm: float32 only in MXNet
    shape = f"({b}, {c}, {h}, {w})" if relu else pick(f"({b}, {c}, {h}, {w})", f"({b}, {c})", f"({b}, {c}, {h})")
    pdt = "'float32'" if dt == "'float16'" else dt
    train = pick(True, False)
    global_stats = pick(True, False)
    params = (f"eps={pick(0.001, 1e-5, 0.1)}, momentum={pick(0.9, 0.0, 0.5, 1.0)}, fix_gamma={pick(True, False)}, "
              f"use_global_stats={global_stats}, output_mean_var={pick(True, False) if relu or (train and not global_stats) else False}")
    if not relu:  # a key shared by calls of other channel counts fails in MXNet: one key per call
        key = f"key='bn{random.randint(0, 10 ** 9)}'"
        params += pick(f", {key}", f", {key}", f", {key}", f", {key}, ndev={1 if train else pick(1, 2)}", "")
    call = (f"{op}(x, {arr(f'({c},)', pdt, 0.5, 1.5)}, {arr(f'({c},)', pdt)}, mm, mv, {params})")
    stmt = (f"!x = {arr(shape, dt, -3, 3)};; mm = {arr(f'({c},)', pdt, -1, 1)};; mv = {arr(f'({c},)', pdt, 0.5, 2)};; ")
    if train:
        stmt += f'exec("with mx.autograd.record():\\n    y = {call}");; '
        stmt += "(y[0] if isinstance(y, list) else y).backward();; " if random.random() < 0.7 else ""
    else:
        stmt += f"y = {call};; "
    return stmt + "R = [y, mm, mv]"


def numeric_case():
    b, c, h, w = random.randint(1, 2), random.randint(1, 4), random.randint(1, 9), random.randint(1, 9)
    dt = pick("'float32'", "'float32'", "'float64'")
    k = random.randint(0, 7)
    if k == 7:
        return invalid_conv_case(b, c, h, w, dt)
    if k == 0:
        g = pick(1, 1, 2)
        cin, nf = c * g, random.randint(1, 3) * g
        kh, kw = random.randint(1, h), random.randint(1, w)
        nd = pick(2, 2, 1)
        kern = (kh, kw)[:nd] if nd == 2 else (kw,)
        shape = f"({b}, {cin}, {h}, {w})" if nd == 2 else f"({b}, {cin}, {w})"
        no_bias = pick(True, False)
        bias = "" if no_bias else f"bias={arr(f'({nf},)', dt)}, "
        stride = pick("", f"stride={tuple(random.randint(1, 3) for _ in kern)}, ")
        dil = pick("", "", f"dilate={tuple(1 for _ in kern)}, ")
        pad = pick("", f"pad={tuple(random.randint(0, 2) for _ in kern)}, ")
        return (f"mx.nd.Convolution_v1({arr(shape, dt)}, weight={arr(f'({nf}, {cin // g}, ' + ', '.join(map(str, kern)) + ')', dt)}, {bias}"
                f"kernel={kern}, {stride}{dil}{pad}num_filter={nf}, num_group={g}, no_bias={no_bias})")
    if k in (1, 2):
        modulated = k == 2
        g, dg = pick(1, 1, 2), pick(1, 1, 2)
        cin, nf = c * g * dg, random.randint(1, 2) * g
        kh, kw = random.randint(1, min(h, 3)), random.randint(1, min(w, 3))
        sh, sw = random.randint(1, 2), random.randint(1, 2)
        ph, pw = random.randint(0, 1), random.randint(0, 1)
        dh, dw = random.randint(1, 2), random.randint(1, 2)
        oh = (h + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
        ow = (w + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
        if oh < 1 or ow < 1:
            dh = dw = 1
            oh = (h + 2 * ph - kh) // sh + 1
            ow = (w + 2 * pw - kw) // sw + 1
        off = arr(f"({b}, {2 * dg * kh * kw}, {oh}, {ow})", dt, -2, 2, q=pick(None, 0.5))
        mask = f"mask={arr(f'({b}, {dg * kh * kw}, {oh}, {ow})', dt, 0, 1)}, " if modulated else ""
        no_bias = pick(True, False)
        bias = "" if no_bias else f"bias={arr(f'({nf},)', dt)}, "
        op = "ModulatedDeformableConvolution" if modulated else "DeformableConvolution"
        return (f"mx.nd.contrib.{op}(data={arr(f'({b}, {cin}, {h}, {w})', dt)}, offset={off}, {mask}weight={arr(f'({nf}, {cin // g}, {kh}, {kw})', dt)}, {bias}"
                f"kernel=({kh}, {kw}), stride=({sh}, {sw}), pad=({ph}, {pw}), dilate=({dh}, {dw}), num_filter={nf}, num_group={g}, "
                f"num_deformable_group={dg}, no_bias={no_bias})")
    if k == 3:
        ks = pick(1, 1, 3)
        md = random.randint(0, 3)
        return (f"mx.nd.Correlation({arr(f'({b}, {c}, {h}, {w})', dt)}, {arr(f'({b}, {c}, {h}, {w})', dt)}, kernel_size={ks}, max_displacement={md}, "
                f"stride1={random.randint(1, 2)}, stride2={random.randint(1, 2)}, pad_size={random.randint(0, 4)}, is_multiply={pick(True, False)})")
    if k == 4:
        ts = f"({random.randint(1, 6)}, {random.randint(1, 6)})"
        return (f"mx.nd.SpatialTransformer({arr(f'({b}, {c}, {h}, {w})', dt)}, {arr(f'({b}, 6)', dt, -1.2, 1.2)}, target_shape={ts}, "
                f"transform_type='affine', sampler_type='bilinear')")
    if k == 5:
        return batchnorm_case(b, c, h, w, dt)
    return (f"mx.nd.ROIPooling({arr(f'({b}, {c}, {h}, {w})', dt)}, mx.nd.array({rois(3, b, h, w)}, dtype={dt}), "
            f"pooled_size=(2, 2), spatial_scale=1.0)")


def invalid_conv_case(b, c, h, w, dt):
    """Convolution-like calls with a bad shape or parameter (compare the errors) or an unusual one."""
    x = arr(f"({b}, {c}, {h}, {w})", dt)
    return pick(
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(2, {c + 1}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2, no_bias=True)",
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=3, no_bias=True)",
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2)",
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(2, {c}, {h + 1}, 1)', dt)}, kernel=({h + 1}, 1), num_filter=2, no_bias=True)",
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), stride=(0, 1), num_filter=2, no_bias=True)",
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(2, {c}, 2, 2)', dt)}, kernel=(2, 2), dilate=(2, 2), pad=(1, 1), num_filter=2, no_bias=True)",
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(4, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=4, num_group=2, no_bias=True)",
        f"mx.nd.Convolution_v1({x}.astype('int32'), weight={arr(f'(2, {c}, 1, 1)', INT32)}, kernel=(1, 1), num_filter=2, no_bias=True)",
        f"mx.nd.Convolution_v1({x}, weight={arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2, no_bias=True, layout='NHWC')",
        f"mx.nd.contrib.DeformableConvolution({x}, {arr(f'({b}, 3, {h}, {w})', dt)}, {arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2, no_bias=True)",
        f"mx.nd.contrib.DeformableConvolution({x}, {arr(f'({b}, 2, {h}, {w})', dt)}, {arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2, num_group=3, no_bias=True)",
        f"mx.nd.contrib.DeformableConvolution({x}, {arr(f'({b}, 2, {h}, {w})', dt)}, {arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2, no_bias=True, layout='NCW')",
        f"mx.nd.contrib.ModulatedDeformableConvolution({x}, {arr(f'({b}, 2, {h}, {w})', dt)}, {arr(f'({b}, 2, {h}, {w})', dt)}, {arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2, no_bias=True)",
        f"mx.nd.contrib.ModulatedDeformableConvolution({x}, {arr(f'({b}, 2, {h}, {w})', dt)}, {arr(f'({b}, 1, {h}, {w})', dt, 0, 1)}, {arr(f'(2, {c}, 1, 1)', dt)}, kernel=(1, 1), num_filter=2, no_bias=True, im2col_step={pick(1, 2, 3)})",
        f"mx.nd.Correlation({x}, {arr(f'({b}, {c}, {h}, {w})', dt)}, kernel_size=2, max_displacement=1)",
        f"mx.nd.Correlation({x}, {arr(f'({b}, {c}, {h}, {w})', dt)}, kernel_size=1, max_displacement={h + w}, pad_size=0)",
        f"mx.nd.SpatialTransformer({x}, {arr(f'({b}, 6)', dt)}, target_shape=(0, 3), transform_type='affine', sampler_type='bilinear')",
        f"mx.nd.IdentityAttachKLSparseReg({x}, sparseness_target={pick(-1, 2)}, penalty=-1)")


print('\n'.join(numeric_case() if NUMERIC else exact_case() for _ in range(int(sys.argv[2]))))
