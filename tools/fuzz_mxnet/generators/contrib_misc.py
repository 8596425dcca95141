"""The smaller mx.nd.contrib operators and control flow: arange_like, index_copy, index_array,
quadratic, div_sqrt_dim, allclose, isfinite/isinf/isnan, BilinearResize2D, AdaptiveAvgPooling2D,
box_encode/box_decode, gradientmultiplier, round_ste/sign_ste (with gradients), the interleaved
attention matmuls, getnnz, edge_id, foreach/while_loop/cond, with random shapes, dtypes and options.

Usage: python contrib_misc.py SEED COUNT > expressions.txt (see ../README.md; use --numeric)."""
import random, sys
random.seed(int(sys.argv[1]))


def arr(shape, dtype="'float32'", lo=-2, hi=2):
    return f"mx.nd.array(np.random.RandomState({random.randint(0, 9999)}).uniform({lo}, {hi}, {shape}), dtype={dtype})"


lines = []
for _ in range(int(sys.argv[2])):
    dt = random.choice(["'float32'", "'float64'", "'float16'", "'int32'"])
    shape = random.choice(["(3,)", "(2, 3)", "(2, 3, 4)", "(1, 4)", "(0, 2)", "(4, 1, 2)"])
    k = random.randint(0, 16)
    if k == 0:
        e = f"mx.nd.contrib.arange_like({arr(shape, dt)}, start={random.choice([0, 1.5, -2])}, step={random.choice([1, 0.5, -1, 0])}, repeat={random.choice([1, 2, 3])}, axis={random.choice(['None', 0, 1, -1, 5])})"
    elif k == 1:
        n = random.randint(2, 5)
        index_dtype = random.choice(["'int64'", "'float32'", "'int32'"])
        new_shape = f"({random.randint(1, n)}, {random.choice([3, 3, 2])})"
        e = (f"mx.nd.contrib.index_copy({arr(f'({n}, 3)', dt)}, mx.nd.array({random.sample(range(n + 1), random.randint(1, n))}, dtype={index_dtype}), "
             f"{arr(new_shape, dt)})")
    elif k == 2:
        e = f"mx.nd.contrib.index_array({arr(shape, dt)}, axes={random.choice(['None', '(0,)', '(1, 0)', '(-1,)', '(3,)'])})"
    elif k == 3:
        e = f"mx.nd.contrib.quadratic({arr(shape, dt)}, a={random.choice([0, 1, -2.5])}, b={random.choice([0, 3])}, c={random.choice([0, 1.5])})"
    elif k == 4:
        e = f"mx.nd.contrib.div_sqrt_dim({arr(shape, dt)})"
    elif k == 5:
        a = arr(shape, dt)
        e = f"mx.nd.contrib.allclose({a}, {a} + {random.choice([0, 1e-6, 1e-3, 1])}, rtol={random.choice([1e-5, 1e-2])}, atol={random.choice([1e-8, 0.1])}, equal_nan={random.choice([True, False])})"
    elif k == 6:
        e = "[mx.nd.contrib.isfinite(x), mx.nd.contrib.isinf(x), mx.nd.contrib.isnan(x)]"
        float_dtype = random.choice(["'float32'", "'float64'", "'float16'"])
        e = f"!x = mx.nd.array([1, np.inf, -np.inf, np.nan, 0], dtype={float_dtype});; R = {e}"
    elif k == 7:
        h, w = random.randint(1, 5), random.randint(1, 5)
        mode = random.choice(["'size'", "'odd_scale'", "'like'", "'to_even_down'", "'to_even_up'", "'to_odd_down'", "'to_odd_up'"])
        like = arr('(1, 1, 3, 4)') + ', ' if mode == "'like'" else ''
        e = (f"mx.nd.contrib.BilinearResize2D({arr(f'(1, 2, {h}, {w})')}, {like}height={random.randint(1, 6)}, width={random.randint(1, 6)}, "
             f"scale_height={random.choice(['None', 0.5, 2.0])}, scale_width={random.choice(['None', 1.5])}, mode={mode}, align_corners={random.choice([True, False])})")
    elif k == 8:
        e = f"mx.nd.contrib.AdaptiveAvgPooling2D({arr(f'(1, 2, {random.randint(1, 7)}, {random.randint(1, 7)})')}, output_size={random.choice(['1', '(2, 3)', '(5,)', '4', '(3, 1)'])})"
    elif k == 9:
        n = random.randint(1, 3)
        e = (f"mx.nd.contrib.box_encode(mx.nd.array([[{random.choice([0, 1, -1])}] * {n}]), mx.nd.array([[[0.5, 0.5, 1.0, 1.0]] * {n}]), "
             f"mx.nd.array([[[0.0, 0.0, 0.9, 1.2]] * {n}]), mx.nd.array([[0, 0] * 1] * 1), "
             f"means=mx.nd.array([0, 0, 0, 0]), stds=mx.nd.array([0.1, 0.1, 0.2, 0.2]))")
        box_format = random.choice(["'center'", "'corner'"])
        e = (f"mx.nd.contrib.box_decode({arr(f'(1, {n}, 4)', lo=-1, hi=1)}, {arr(f'(1, {n}, 4)', lo=0, hi=2)}, std0={random.choice([1.0, 0.1])}, std1=0.1, std2=0.2, std3=0.2, "
             f"clip={random.choice([-1, 0.5, 4.0])}, format={box_format})") if random.random() < 0.6 else e
    elif k == 10:
        op = random.choice(["mx.nd.contrib.gradientmultiplier(x, scalar=-0.5)", "mx.nd.contrib.round_ste(x)", "mx.nd.contrib.sign_ste(x)",
                            "mx.nd.contrib.quadratic(x, a=2, b=1)", "mx.nd.contrib.div_sqrt_dim(x)"])
        float_dtype = random.choice(["'float32'", "'float64'"])
        e = (f"!x = {arr(shape, float_dtype)};; x.attach_grad();; "
             f"exec('with mx.autograd.record():\\n    y = {op}');; y.backward();; R = [y, x.grad]")
    elif k == 11:
        heads, seq, batch, dim = random.randint(1, 3), random.randint(1, 4), random.randint(1, 2), random.choice([2, 3])
        qkv = arr(f"({seq}, {batch}, {3 * heads * dim})")
        e = random.choice([f"mx.nd.contrib.interleaved_matmul_selfatt_qk({qkv}, heads={heads})",
                           f"mx.nd.contrib.interleaved_matmul_selfatt_valatt({qkv}, {arr(f'({batch * heads}, {seq}, {seq})')}, heads={heads})",
                           f"mx.nd.contrib.interleaved_matmul_encdec_qk({arr(f'({seq}, {batch}, {heads * dim})')}, {arr(f'({seq + 1}, {batch}, {2 * heads * dim})')}, heads={heads})",
                           f"mx.nd.contrib.interleaved_matmul_encdec_valatt({arr(f'({seq + 1}, {batch}, {2 * heads * dim})')}, {arr(f'({batch * heads}, {seq}, {seq + 1})')}, heads={heads})"])
    elif k == 12:
        e = f"mx.nd.contrib.getnnz(mx.nd.array([[0, 1, 0], [2, 0, {random.choice([0, 3])}]]).tostype('csr'), axis={random.choice(['None', 0, 1])})"
    elif k == 13:
        e = ("mx.nd.contrib.edge_id(mx.nd.array([[0, 1, 0], [2, 0, 3], [0, 4, 0]]).tostype('csr'), "
             f"mx.nd.array({[random.randint(0, 2) for _ in range(4)]}, dtype='int64'), mx.nd.array({[random.randint(0, 2) for _ in range(4)]}, dtype='int64'))")
    elif k == 14:
        e = (f"!data = {arr('(4, 2)', dt)};; init = [mx.nd.zeros((2,), dtype={dt})];; "
             f"out, states = mx.nd.contrib.foreach(lambda d, s: (d + s[0], [s[0] + d * {random.choice([1, 2, -1])}]), data, init);; R = [out, states]")
    elif k == 15:
        e = (f"!i0 = mx.nd.array([0]);; s0 = mx.nd.array([1.0]);; "
             f"out, st = mx.nd.contrib.while_loop(lambda i, s: i < {random.randint(0, 5)}, lambda i, s: ([s * 2], [i + 1, s * {random.choice([2, 0.5])}]), [i0, s0], max_iterations={random.randint(1, 7)});; R = [out, st]")
    else:
        e = (f"!x = {arr('(2,)', dt)};; R = mx.nd.contrib.cond(x.sum() > {random.choice([0, 5, -5])}, lambda: x * 2, lambda: x - 1)")
    lines.append(e)
print('\n'.join(lines))
