"""The quantization operators of mx.nd.contrib: quantize, quantize_v2, quantize_asym, dequantize,
requantize, calibrate_entropy and the quantized_* operators (act, concat, elemwise_add, embedding,
flatten, pooling, batch_norm, conv, fully_connected, rnn), with random small shapes, in/out types,
ranges (equal, negative-only, zero, NaN, inf), calibration ranges, every parameter, values at
rounding ties and saturation bounds, and invalid calls (missing inputs, wrong dtypes or shapes).

Avoids what crashes MXNet (docs/differences.md): quantize_asym of data that is not 3-D,
calibrate_entropy with too many or even bins or bad counts, negative concat dims. quantized
conv/FC keep their sums below 2**24 (mxnd is exact only there). quantized_elemwise_mul is left
out: MXNet's imperative call always fails (a deliberate difference). Expected differences:
quantized_elemwise_add's int32 output from a NaN or infinite range (oneDNN's value varies with
the size), quantized_batch_norm with an axis other than 1 and elemwise_add of int8 with uint8
without both calibration ranges (docs/differences.md), quantized BN's missing calibration and
the parameter type text of the quantized operators (absent from mxnet_params.py).

Usage: python quantization_ops.py SEED COUNT > expressions.txt (see ../README.md; compare exactly)."""
import random, sys
random.seed(int(sys.argv[1]))

C = "mx.nd.contrib."
QUANTIZE_TYPES = ("'int8'", "'uint8'", "'auto'", "'int32'")
RANGES = [0, -0.0, 0.5, 1, 2.5, 3, 4, 127, 127.5, 255, 1e-3, 7.3, 1e6]


def rs():
    return f"np.random.RandomState({random.randint(0, 9999)})"


def shape(ndim=None, lo=1, hi=4):
    ndim = ndim if ndim is not None else random.randint(1, 4)
    dims = [random.randint(lo, hi) for _ in range(ndim)]
    if random.random() < 0.03 and dims:
        dims[random.randrange(ndim)] = 0
    return "(" + ", ".join(map(str, dims)) + ("," if ndim == 1 else "") + ")"


def floats(shp, dtype="float32"):
    """Float data: ties at halves, specials, one-signed or plain uniform values of a random magnitude."""
    k = random.choice([1, 3, 4, 127, 128, 300, 0.01])
    kind = random.random()
    if kind < 0.3:
        v = f"np.round({rs()}.uniform(-{k}, {k}, {shp}) * 2) / 2"
    elif kind < 0.45:
        v = f"{rs()}.choice([0, -0.0, 0.5, 1.5, -2.5, 126.5, 127.5, -127.5, -128.5, 128, 254.5, 255.5, np.nan, np.inf, -np.inf, 1e-30], {shp})"
    elif kind < 0.6:
        v = f"{rs()}.uniform(0, {k}, {shp})"
    elif kind < 0.7:
        v = f"{rs()}.uniform(-{k}, 0, {shp})"
    else:
        v = f"{rs()}.uniform(-{k}, {k}, {shp})"
    return f"mx.nd.array({v}, dtype='{dtype}')"


def ints(shp, dtype):
    lo, hi = {"int8": (-128, 128), "uint8": (0, 256), "int32": random.choice([(-2**31, 2**31), (-3000, 3000), (-200, 200), (0, 2**20)])}[dtype]
    return f"mx.nd.array({rs()}.randint({lo}, {hi}, {shp}), dtype='{dtype}')"


def rng(value=None, dtype=None):
    value = random.choice(RANGES) if value is None else value
    text = f"mx.nd.array([{value}])"
    return text if dtype is None else f"mx.nd.array([{value}], dtype='{dtype}')"


def range_pair(kind="any"):
    """A (min, max) pair as texts: symmetric, one-signed, equal, reversed, NaN or inf."""
    k = random.random()
    if kind == "uint8" and k < 0.6:
        return rng(0), rng(random.choice(RANGES[2:]))
    if k < 0.4:
        a = random.choice(RANGES)
        return rng(-a), rng(a)
    if k < 0.55:
        return rng(-random.choice(RANGES)), rng(random.choice(RANGES))
    if k < 0.62:
        return rng(-random.choice(RANGES[2:])), rng(-random.choice(RANGES[:4]))
    if k < 0.69:
        a = random.choice(RANGES)
        return rng(a), rng(a)
    if k < 0.74:
        return rng(random.choice(RANGES)), rng(-random.choice(RANGES))
    if k < 0.8:
        return random.choice([(rng("np.nan"), rng(1)), (rng(-1), rng("np.inf")), (rng("-np.inf"), rng(2)), (rng(-2), rng("np.nan"))])
    return rng(-random.choice(RANGES)), rng(random.choice(RANGES))


def bad_range():
    return random.choice([rng(1, "float64"), "mx.nd.array([1., 2.])", "mx.nd.array([[1.]])", rng(1, "float16"), "mx.nd.array(1.)"])


def calib():
    k = random.random()
    if k < 0.35:
        return ""
    a, b = random.choice(RANGES), random.choice(RANGES)
    if k < 0.6:
        return f", min_calib_range={-a}, max_calib_range={b}"
    if k < 0.7:
        return f", min_calib_range=0, max_calib_range={b}"
    if k < 0.78:
        return f", min_calib_range={a}, max_calib_range={a}"
    if k < 0.84:
        return random.choice([f", min_calib_range={-a}", f", max_calib_range={b}"])
    if k < 0.9:
        return f", min_calib_range={b}, max_calib_range={-a}"
    if k < 0.94:  # texts dmlc's optional<float> reads or refuses
        text = random.choice(["'nan'", "'inf'", "'1e50'", "' 2 '", "'.5'", "'+1'", "'1e-50'", "'None'", "float('nan')", "3.5e38", "'x'", "True"])
        return random.choice([f", min_calib_range={text}, max_calib_range={b}", f", min_calib_range={-a}, max_calib_range={text}"])
    return f", min_calib_range={-a}, max_calib_range={-b}"


def out_type(choices=("'int8'", "'uint8'", "'auto'")):
    t = random.choice(choices + (None,))
    return "" if t is None else f", out_type={t}"


def wrong(parts, error_rate=0.12):
    """Drops one positional input now and then (a wrong number of inputs)."""
    if random.random() < error_rate and len(parts) > 1:
        parts = list(parts)
        del parts[random.randrange(len(parts))]
    return ", ".join(parts)


def gen_quantize():
    dt = random.choice(["float32"] * 12 + ["float64", "float16", "int8"])
    shp = shape()
    lo, hi = range_pair(random.choice(["any", "uint8"]))
    if random.random() < 0.08:
        lo = bad_range()
    return f"{C}quantize({wrong([floats(shp, dt) if 'float' in dt else ints(shp, dt), lo, hi])}{out_type(QUANTIZE_TYPES if random.random() < 0.15 else QUANTIZE_TYPES[:2])})"


def gen_quantize_v2():
    dt = random.choice(["float32"] * 6 + ["int8", "uint8", "float64", "float16", "int32"])
    shp = shape(random.randint(1, 5))
    data = floats(shp, dt) if "float" in dt else ints(shp, dt)
    return f"{C}quantize_v2({data}{out_type()}{calib()})"


def gen_quantize_asym():
    dt = random.choice(["float32"] * 8 + ["int8", "uint8", "float64"])
    shp = shape(3)
    data = floats(shp, dt) if "float" in dt else ints(shp, dt)
    return f"{C}quantize_asym({data}{calib()})"


def gen_dequantize():
    dt = random.choice(["int8"] * 8 + ["uint8"] * 6 + ["int32", "float32"])
    shp = shape()
    data = ints(shp, dt) if dt != "float32" else floats(shp)
    lo, hi = range_pair("uint8" if dt == "uint8" else "any")
    if random.random() < 0.06:
        hi = bad_range()
    ot = random.choice(["", "", "", ", out_type='float32'"] * 3 + [", out_type='float16'"])
    return f"{C}dequantize({wrong([data, lo, hi], 0.06)}{ot})"


def gen_requantize():
    dt = random.choice(["int32"] * 8 + ["int8", "float32"])
    shp = shape()
    data = ints(shp, dt) if dt != "float32" else floats(shp)
    lo, hi = range_pair()
    if random.random() < 0.05:
        lo = bad_range()
    return f"{C}requantize({wrong([data, lo, hi], 0.05)}{out_type()}{calib()})"


def gen_roundtrip():
    shp = shape()
    q = random.choice([f"{C}quantize_v2({floats(shp)}{out_type()}{calib()})",
                       f"{C}quantize({floats(shp)}, {', '.join(range_pair())}{out_type(QUANTIZE_TYPES[:2])})"])
    return f"{C}dequantize(*{q})"


def gen_calibrate():
    half = random.randint(1, 40)
    bins = 2 * half + 1
    nqb = 2 * random.randint(0, half) + 1
    width = random.choice([1, 4, 0.5, 100])
    kind = random.random()
    if kind < 0.4:
        hist = f"np.histogram({rs()}.randn({random.choice([50, 500, 5000])}) * {random.choice([0.3, 1, 2])}, bins={bins}, range=(-{width}, {width}))[0]"
    elif kind < 0.6:
        hist = f"{rs()}.randint(0, {random.choice([2, 5, 1000])}, {bins})"
    elif kind < 0.7:
        hist = f"np.zeros({bins})"
    else:
        hist = f"{rs()}.uniform(0, {random.choice([1, 10, 1e5])}, {bins})"
    edges = f"np.linspace(-{width}, {width}, {bins + 1})"
    if random.random() < 0.15:
        edges = f"np.linspace({-width * 0.5}, {width}, {bins + 1})"
    dts = random.choice([("", "")] * 8 + [(", dtype='float64'", ""), ("", ", dtype='float64'")])
    nq = random.choice([f", num_quantized_bins={nqb}", f", num_quantized_bins={nqb}", ""]) if bins >= 255 else f", num_quantized_bins={nqb}"
    return f"{C}calibrate_entropy(mx.nd.array({hist}{dts[0]}), mx.nd.array({edges}{dts[1]}){nq})"


def qdata(shp, dts=("int8", "uint8")):
    dt = random.choice(dts)
    return (floats(shp, dt) if "float" in dt else ints(shp, dt)), dt


def gen_act():
    shp = shape()
    data, dt = qdata(shp, ("int8", "int8", "uint8", "int32", "float32") if random.random() < 0.1 else ("int8", "uint8"))
    act = random.choice(["'relu'"] * 16 + ["'sigmoid'", "'tanh'", "'softrelu'", "'softsign'"])
    lo, hi = range_pair("uint8" if dt == "uint8" else "any")
    return f"{C}quantized_act({wrong([data, lo, hi], 0.05)}, act_type={act})"


def gen_flatten():
    shp = shape(random.randint(1, 5))
    data, dt = qdata(shp)
    if random.random() < 0.1:
        data = floats(shp, random.choice(["float32", "float16"]))
    lo, hi = range_pair()
    if random.random() < 0.05:
        hi = bad_range()
    return f"{C}quantized_flatten({wrong([data, lo, hi], 0.05)})"


def gen_concat():
    n = random.randint(1, 4)
    ndim = random.randint(1, 4)
    base = [random.randint(1, 3) for _ in range(ndim)]
    dim = random.randint(0, ndim - 1)
    arrays, ranges = [], []
    all_u8 = random.random() < 0.4
    for _ in range(n):
        s = list(base)
        s[dim] = random.randint(1, 3)
        if random.random() < 0.04:
            s[(dim + 1) % ndim] += 1
        data, dt = qdata("(" + ", ".join(map(str, s)) + ",)", ("uint8",) if all_u8 else ("int8", "int8", "uint8"))
        arrays.append(data)
        ranges.extend(range_pair("uint8" if dt == "uint8" else "any"))
    if random.random() < 0.05:
        arrays[0] = floats("(" + ", ".join(map(str, base)) + ",)")
    num_args = n if random.random() < 0.93 else n + 1
    dim_text = random.choice(["", f", dim={dim}"] * 4 + [f", dim={ndim}"]) if dim == 1 else f", dim={dim}"
    return f"{C}quantized_concat({wrong(arrays + ranges, 0.04)}, num_args={num_args}{dim_text})"


def gen_add():
    shp = shape()
    lhs, ldt = qdata(shp)
    rhs, rdt = qdata(shp if random.random() < 0.95 else shape())
    lr = range_pair("uint8" if ldt == "uint8" else "any")
    rr = range_pair("uint8" if rdt == "uint8" else "any")
    cal = calib()
    if ldt != rdt and "min_calib" not in cal:
        cal = ", min_calib_range=-2.0, max_calib_range=3.0"
    if random.random() < 0.05:
        lhs = floats(shp)
    return f"{C}quantized_elemwise_add({wrong([lhs, rhs, *lr, *rr], 0.05)}{cal})"


def gen_pooling():
    nd = random.choice([1, 2, 2, 2, 3])
    shp = shape(nd + 2, 1, 3)
    spatial = [random.randint(1, 7) for _ in range(nd)]
    shp = "(" + ", ".join([str(random.randint(1, 2)), str(random.randint(1, 3))] + list(map(str, spatial))) + ")"
    data, dt = qdata(shp)
    kernel = [random.randint(1, s) for s in spatial]
    stride = [random.randint(1, 3) for _ in range(nd)]
    pad = [random.randint(0, k - 1) for k in kernel]
    args = []
    gp = random.random() < 0.15
    if not gp or random.random() < 0.5:
        args.append(f"kernel={tuple(kernel)}")
    if gp:
        args.append("global_pool=True")
    if random.random() < 0.6:
        args.append(f"stride={tuple(stride)}")
    if random.random() < 0.5:
        args.append(f"pad={tuple(pad)}")
    pt = random.choice(["max", "avg", "avg", None, "sum" if random.random() < 0.2 else "max"])
    if pt:
        args.append(f"pool_type='{pt}'")
    if random.random() < 0.5:
        args.append(f"pooling_convention='{random.choice(['valid', 'full', 'full', 'same'])}'")
    if random.random() < 0.3:
        args.append(f"count_include_pad={random.choice([True, False])}")
    if random.random() < 0.1:
        args.append(f"layout='{['NCW', 'NCHW', 'NCDHW'][nd - 1]}'")
    lo, hi = range_pair("uint8" if dt == "uint8" else "any")
    return f"{C}quantized_pooling({wrong([data, lo, hi], 0.04)}, {', '.join(args)})"


def gen_embedding():
    n, d = random.randint(1, 6), random.randint(1, 4)
    k = random.random()
    idx_dt = random.choice(["float32"] * 4 + ["int32", "float64", "int8", "float16"])
    if k < 0.7:
        idx = f"mx.nd.array({rs()}.randint(0, {n}, {shape(random.randint(1, 3))}), dtype='{idx_dt}')"
    else:
        idx = f"mx.nd.array({rs()}.choice([-1, 0.5, 0.9, {n - 0.5}, {n}, {n + 3}, -1e10, 1e10, np.nan], {shape(random.randint(1, 2))}), dtype='{idx_dt}')"
    wdt = random.choice(["int8"] * 9 + ["uint8"])
    w = ints(f"({n}, {d})", wdt)
    lo, hi = range_pair()
    extra = random.choice(["", "", f", dtype='{random.choice(['float32', 'float16', 'int32'])}'", ", sparse_grad=True"])
    dims = random.choice([f"input_dim={n}, output_dim={d}"] * 8 + [f"input_dim={n + 1}, output_dim={d}", f"input_dim={n}, output_dim={d + 1}", f"output_dim={d}"])
    return f"{C}quantized_embedding({wrong([idx, w, lo, hi], 0.04)}, {dims}{extra})"


def small(shp, dt, bound):
    lo = 0 if dt == "uint8" else -bound
    return f"mx.nd.array({rs()}.randint({lo}, {bound + 1}, {shp}), dtype='{dt}')"


def gen_fc():
    b, k, h = random.randint(1, 4), random.randint(1, 12), random.randint(1, 5)
    dt = random.choice(["int8", "uint8"])
    flatten = random.choice([True, True, False])
    extra_dims = random.choice([[], [], [random.randint(1, 3)], [2, 2]])
    bound = random.choice([3, 20, 127])
    data = small("(" + ", ".join(map(str, [b] + extra_dims + [k])) + ")", dt, bound if dt == "int8" else 2 * bound)
    in_dim = k * (1 if not flatten else eval("*".join(map(str, extra_dims + [1]))))
    weight = small(f"({h}, {in_dim})", "int8", bound)
    no_bias = random.random() < 0.3
    parts = [data, weight] + ([] if no_bias else [small(f"({h},)", "int8", 127)])
    ranges = [range_pair("uint8" if dt == "uint8" else "any"), range_pair()] + ([] if no_bias else [range_pair()])
    parts += [x for p in ranges for x in p]
    if random.random() < 0.05:
        parts[1] = small(f"({h}, {in_dim})", "uint8", 3)
    nh = random.choice([h] * 9 + [h + 1])
    opts = f", num_hidden={nh}" + (", no_bias=True" if no_bias else random.choice(["", "", ", no_bias=False"])) + \
        ("" if flatten and random.random() < 0.5 else f", flatten={flatten}")
    return f"{C}quantized_fully_connected({wrong(parts, 0.05)}{opts})"


def gen_conv():
    nd = random.choice([1, 2, 2, 2, 3])
    c, f = random.randint(1, 3), random.randint(1, 4)
    spatial = [random.randint(2, 6) for _ in range(nd)]
    kernel = [random.randint(1, min(3, s)) for s in spatial]
    stride = [random.randint(1, 2) for _ in range(nd)]
    dilate = [random.randint(1, 2) if k * 2 <= s + 1 else 1 for k, s in zip(kernel, spatial)]
    pad = [random.randint(0, 1) for _ in range(nd)]
    bound = random.choice([3, 20, 127])
    data = small("(" + ", ".join(map(str, [random.randint(1, 2), c] + spatial)) + ")", "uint8", 2 * bound)
    weight = small("(" + ", ".join(map(str, [f, c] + kernel)) + ")", "int8", bound)
    no_bias = random.random() < 0.3
    parts = [data, weight] + ([] if no_bias else [small(f"({f},)", "int8", 127)])
    ranges = [range_pair("uint8"), range_pair()] + ([] if no_bias else [range_pair()])
    parts += [x for p in ranges for x in p]
    if random.random() < 0.05:
        parts[0] = parts[0].replace("'uint8'", "'int8'")
    opts = [f"kernel={tuple(kernel)}", f"num_filter={random.choice([f] * 9 + [f + 1])}"]
    for name, value, default in (("stride", stride, 1), ("dilate", dilate, 1), ("pad", pad, 0)):
        if any(v != default for v in value) or random.random() < 0.3:
            opts.append(f"{name}={tuple(value)}")
    if no_bias:
        opts.append("no_bias=True")
    if random.random() < 0.1:
        opts.append(f"layout='{['NCW', 'NCHW', 'NCDHW'][nd - 1]}'")
    if random.random() < 0.05:
        opts.append("num_group=2")
    return f"{C}quantized_conv({wrong(parts, 0.05)}, {', '.join(opts)})"


def gen_batch_norm():
    c = random.randint(1, 4)
    shp = "(" + ", ".join(map(str, [random.randint(1, 2), c] + [random.randint(1, 3) for _ in range(random.randint(0, 2))])) + ")"
    data, dt = qdata(shp)
    params = [f"mx.nd.array({rs()}.uniform({lo}, {hi}, ({c},)))" for lo, hi in ((-2, 2), (-1, 1), (-2, 2), (0.01, 3))]
    lo, hi = range_pair("uint8" if dt == "uint8" else "any")
    opts = []
    if random.random() < 0.4:
        opts.append(f"eps={random.choice([1e-5, 0.001, 0.37, 2])}")
    if random.random() < 0.3:
        opts.append(f"momentum={random.choice([0.5, 0.9, 0])}")
    if random.random() < 0.5:
        opts.append(f"fix_gamma={random.choice([True, False])}")
    if random.random() < 0.3:
        opts.append(f"use_global_stats={random.choice([True, False])}")
    if random.random() < 0.1:
        opts.append(f"axis={random.choice([1, 1, 0, -1])}")
    a, b = random.choice([0.5, 2, 4, 7.7]), random.choice([0.5, 2, 4, 7.7])
    opts.append(random.choice([f"min_calib_range={-a}, max_calib_range={b}"] * 9 + [f"max_calib_range={b}", ""]))
    return f"{C}quantized_batch_norm({wrong([data] + params + [lo, hi], 0.05)}, {', '.join(o for o in opts if o)})"


def gen_rnn():
    t, n, i, s = random.randint(1, 3), random.randint(1, 2), random.randint(1, 4), random.randint(1, 3)
    data = small(f"({t}, {n}, {i})", random.choice(["uint8"] * 5 + ["int8"]), 100)
    size = 4 * s * (i + s + 2)
    params = f"mx.nd.array({rs()}.randn({random.choice([size, size, size - 3])}))"
    h = f"mx.nd.zeros(({random.choice([1, 1, 2])}, {n}, {s}))"
    parts = [data, params, h, h, rng(50.), rng(128.)]
    # only invalid calls: MXNet's kernel fails on VNNI CPUs (docs/differences.md)
    k = random.randrange(3)
    if k == 0:
        parts = wrong(parts, 1).split(", ")
    elif k == 1:
        parts[random.randrange(6)] += ".astype('float64')"
    else:
        parts[0] = parts[0].replace("'uint8'", "'float32'")
    mode = random.choice(["'lstm'", "'gru'", "'rnn_tanh'"])
    return f"{C}quantized_rnn({', '.join(parts)}, state_size={s}, num_layers={random.choice([1, 1, 2])}, mode={mode})"


def gen_big():
    """Arrays past the host reorder's small-array limit (2**13 elements): its blocks, compared by
    a CRC of the output bytes and the exact ranges."""
    n = random.choice([8193, 9000, 20000, 70000, 300000])
    shp = random.choice([f"({n},)", f"(7, {n // 7})", f"({n // 100}, 100)"])
    k = random.choice([1, 127, 300])
    special = random.choice(["", "", "np.nan", "np.inf", "-np.inf", "0.5", "127.5"])
    fill = f"v.flat[rs.randint(0, v.size, {random.choice([1, 5, 1000])})] = {special};; " if special else ""
    data = f"rs = {rs()};; v = np.round(rs.uniform(-{k}, {k}, {shp}) * {random.choice([1, 2, 8])}) / 2;; {fill}"
    kind = random.randrange(5)
    if kind == 0:
        op = f"{C}quantize_v2(mx.nd.array(v){out_type()}{calib()})"
    elif kind == 1:
        op = f"{C}quantize(mx.nd.array(v), {', '.join(range_pair())}{out_type(QUANTIZE_TYPES[:2])})"
    elif kind == 2:
        data = f"rs = {rs()};; v = rs.randint({random.choice([-2**31, -2**20, -300])}, {random.choice([2**31, 2**20, 300])}, {shp});; "
        op = f"{C}requantize(mx.nd.array(v, dtype='int32'), {', '.join(range_pair())}{out_type()}{calib()})"
    elif kind == 3:
        dt = random.choice(["int8", "uint8"])
        data = f"rs = {rs()};; v = rs.randint({-128 if dt == 'int8' else 0}, {128 if dt == 'int8' else 256}, {shp});; "
        op = f"[{C}dequantize(mx.nd.array(v, dtype='{dt}'), {', '.join(range_pair(dt))})]"
    else:
        op = f"{C}quantize_asym(mx.nd.array(v).reshape((1, 1, -1)){calib()})"
    return f"!{data}q = {op};; import zlib;; R = [zlib.crc32(q[0].asnumpy().tobytes())] + list(q[1:])"


GENERATORS = [(gen_big, 6), (gen_quantize, 8), (gen_quantize_v2, 10), (gen_quantize_asym, 4), (gen_dequantize, 6), (gen_requantize, 8),
              (gen_roundtrip, 3), (gen_calibrate, 4), (gen_act, 3), (gen_flatten, 2), (gen_concat, 4), (gen_add, 5),
              (gen_pooling, 7), (gen_embedding, 3), (gen_fc, 6), (gen_conv, 6), (gen_batch_norm, 5), (gen_rnn, 1)]
lines = []
for _ in range(int(sys.argv[2])):
    gen = random.choices([g for g, _ in GENERATORS], [w for _, w in GENERATORS])[0]
    lines.append(gen())
print("\n".join(lines))
