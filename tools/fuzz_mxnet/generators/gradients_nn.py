"""One neural-network operator under autograd.record(): compares the output and every input's gradient (run with --numeric).

Each line draws its inputs from a seeded RandomState (float32, sometimes float64), attaches
gradients (sometimes grad_req='add' with two passes), records the operator (train or predict
mode) and back-propagates a fixed non-uniform head gradient. Cases where MXNet's result is
documented as different (docs/differences.md) or garbage are not drawn; the comments say which.
Usage: python gradients_nn.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))
C = random.choice


DTYPE = ['']  # the float arrays' dtype argument of the current line


def arr(name, shape, lo=-1.0, hi=1.0):
    """A statement setting ``name`` to a uniform random array of ``shape``."""
    return f"{name} = mx.nd.array(rs.uniform({lo}, {hi}, {tuple(shape)}){DTYPE[0]})"


def ints(name, shape, hi):
    """A statement setting ``name`` to random integers in [0, hi), in the line's float dtype
    (MXNet's Embedding backward fails for float32 indices into a float64 weight)."""
    return f"{name} = mx.nd.array(rs.randint(0, {hi}, {tuple(shape)}){DTYPE[0]})"


def spatial(nd):
    """Kernel, stride, pad and dilate tuples for ``nd`` spatial axes."""
    return ([tuple(random.randint(lo, hi) for _ in range(nd)) for lo, hi in ((1, 3), (1, 2), (0, 1), (1, 2))])


def conv():
    nd = C([1, 2, 2, 3])
    n, c = random.randint(1, 2), C([1, 2, 4])
    k, st, pd, dl = spatial(nd)
    sp = tuple(random.randint((k[i] - 1) * dl[i] + 1, 6) for i in range(nd))
    g = C([1, 1, c])
    f = g * random.randint(1, 2)
    nb = C([True, False])
    setup = [arr('x', (n, c) + sp), arr('w', (f, c // g) + k)] + ([] if nb else [arr('b', (f,))])
    args = 'x, w' + ('' if nb else ', b')
    return setup, f"mx.nd.Convolution({args}, kernel={k}, stride={st}, pad={pd}, dilate={dl}, num_filter={f}, num_group={g}, no_bias={nb})", args


def deconv():
    nd = C([1, 2, 2] if DTYPE[0] else [1, 2, 2, 3])  # float64 3-D: MXNet's CPU build raises
    n, c = random.randint(1, 2), C([1, 2, 4])
    k, st, pd, dl = spatial(nd)
    sp = tuple(random.randint(1 + 2 * pd[i], 5) for i in range(nd))  # no empty output (MXNet raises)
    g = C([1, c])
    f = g * random.randint(1, 2)
    adj = tuple(random.randint(0, s - 1) for s in st)
    extra = C(['', f', adj={adj}'])  # target_shape: MXNet's CPU build raises (documented)
    nb = C([True, False])
    setup = [arr('x', (n, c) + sp), arr('w', (c, f // g) + k)] + ([] if nb else [arr('b', (f,))])
    args = 'x, w' + ('' if nb else ', b')
    return setup, f"mx.nd.Deconvolution({args}, kernel={k}, stride={st}, pad={pd}, num_filter={f}, num_group={g}, no_bias={nb}{extra})", args


def pool():
    nd = C([1, 2, 2, 3])
    k, st, pd, _ = spatial(nd)
    pd = tuple(min(p, kk - 1) for p, kk in zip(pd, k))
    sp = tuple(random.randint(kk, 6) for kk in k)
    pt = C(['max', 'avg', 'sum', 'lp'])
    extra = C(['', ", pooling_convention='full'", ', global_pool=True', ', count_include_pad=False', ', p_value=3' if pt == 'lp' else ''])
    if pt != 'max' and 'full' in extra:  # clipped 'full' windows over padding: documented
        pd = (0,) * nd
    if pt == 'avg' and 'full' in extra:  # float32 (oneDNN) gradient of clipped 'full' windows: documented
        DTYPE[0] = ", dtype='float64'"
    if pt == 'lp' and 'p_value' not in extra:
        extra += ', p_value=2'
    if random.random() < 0.2:
        extra += f", layout='{['NWC', 'NHWC', 'NDHWC'][nd - 1]}'"
    return [arr('x', (random.randint(1, 2), C([1, 3])) + sp)], f"mx.nd.Pooling(x, kernel={k}, stride={st}, pad={pd}, pool_type='{pt}'{extra})", 'x'


def fc():
    n = random.randint(1, 3)
    rest = tuple(random.randint(1, 3) for _ in range(random.randint(0, 2)))
    h = random.randint(1, 4)
    fl = C([True, False])
    inner = 1
    for s in rest:
        inner *= s
    inner = inner if fl else (rest[-1] if rest else n)
    nb = C([True, False])
    setup = [arr('x', (n,) + rest), arr('w', (h, inner))] + ([] if nb else [arr('b', (h,))])
    args = 'x, w' + ('' if nb else ', b')
    return setup, f"mx.nd.FullyConnected({args}, num_hidden={h}, no_bias={nb}, flatten={fl})", args


def shape4():
    return (random.randint(1, 3), random.randint(1, 4)) + tuple(random.randint(1, 4) for _ in range(random.randint(0, 2)))


def batchnorm():
    sh = (random.randint(2, 3), random.randint(1, 3)) + tuple(random.randint(1, 3) for _ in range(random.randint(0, 2)))
    ax = C([1, 1, -1, 0]) if len(sh) > 2 else C([1, -1])
    ch = sh[ax]
    setup = [arr('x', sh), arr('g', (ch,), 0.5, 1.5), arr('b', (ch,)), arr('m', (ch,)), arr('v', (ch,), 0.5, 2)]
    mv = C([True, False])
    call = (f"mx.nd.BatchNorm(x, g, b, m, v, eps={C([1e-5, 1e-3])}, fix_gamma={C([True, False])}, "
            f"use_global_stats={C([True, False])}, axis={ax}, output_mean_var={mv})" + ('[0]' if mv else ''))
    return setup, call, 'x, g, b'


def layernorm():
    sh = shape4()
    ax = random.randint(-len(sh), len(sh) - 1)
    mv = C(['', ', output_mean_var=True'])
    call = f"mx.nd.LayerNorm(x, g, b, axis={ax}, eps={C([1e-5, 1e-3])}{mv})" + ('[0]' if mv else '')
    return [arr('x', sh), arr('g', (sh[ax],), 0.5, 1.5), arr('b', (sh[ax],))], call, 'x, g, b'


def instancenorm():
    sh = (random.randint(1, 2), random.randint(1, 3)) + tuple(random.randint(1, 4) for _ in range(random.randint(1, 2)))
    return [arr('x', sh), arr('g', (sh[1],), 0.5, 1.5), arr('b', (sh[1],))], f"mx.nd.InstanceNorm(x, g, b, eps={C([1e-5, 1e-3])})", 'x, g, b'


def groupnorm():
    ng = C([1, 2])
    sh = (random.randint(1, 2), ng * random.randint(1, 2)) + tuple(random.randint(1, 3) for _ in range(random.randint(1, 2)))
    mv = C(['', ', output_mean_var=True'])
    call = f"mx.nd.GroupNorm(x, g, b, num_groups={ng}, eps={C([1e-5, 1e-3])}{mv})" + ('[0]' if mv else '')
    return [arr('x', sh), arr('g', (ng,), 0.5, 1.5), arr('b', (ng,))], call, 'x, g, b'


def l2norm():
    mode = C(['instance', 'channel', 'spatial'])
    sh = (random.randint(1, 2), random.randint(1, 3)) + tuple(random.randint(1, 3) for _ in range(2 if mode == 'spatial' else random.randint(0, 2)))
    return [arr('x', sh)], f"mx.nd.L2Normalization(x, mode='{mode}', eps={C([1e-10, 1e-3])})", 'x'


def lrn():
    sh = (random.randint(1, 2), random.randint(1, 5), random.randint(1, 3), random.randint(1, 3))
    return [arr('x', sh)], f"mx.nd.LRN(x, nsize={C([1, 3, 5])}, alpha={C([1e-4, 0.1])}, beta={C([0.75, 0.5])}, knorm={C([1, 2])})", 'x'


def activation():
    return [arr('x', shape4(), -2, 2)], f"mx.nd.Activation(x, act_type='{C(['relu', 'sigmoid', 'tanh', 'softrelu', 'softsign'])}')", 'x'


def leaky():
    t = C(['leaky', 'elu', 'gelu', 'prelu'])  # selu's gradient: documented
    sh = shape4()
    if t == 'prelu':
        gs = C([(1,), (sh[1],)])
        return [arr('x', sh, -2, 2), arr('gm', gs, 0, 0.5)], "mx.nd.LeakyReLU(x, gm, act_type='prelu')", 'x, gm'
    if random.random() < 0.15:  # rrelu: deterministic only in predict mode (forced by the main loop)
        return [arr('x', sh, -2, 2)], "mx.nd.LeakyReLU(x, act_type='rrelu', lower_bound=0.1, upper_bound=0.3)[0]", 'x'
    return [arr('x', sh, -2, 2)], f"mx.nd.LeakyReLU(x, act_type='{t}', slope={C([0.25, 0.1, 1.5])})", 'x'


def softmaxes():
    sh = shape4()
    op = C(['softmax', 'log_softmax', 'softmin'])
    ax = random.randint(-len(sh), len(sh) - 1)
    temp = C(['', ', temperature=2.0', ', temperature=0.5']) + C(['', '', ", dtype='float64'"])
    if op == 'softmax' and random.random() < 0.4:  # only softmax takes lengths
        ax = C([-1, len(sh) - 1])
        lsh = sh[:-1]
        return ([arr('x', sh, -2, 2), f"ln = mx.nd.array(rs.randint(1, {sh[-1] + 1}, {lsh}), dtype='int32')"],
                f"mx.nd.{op}(x, length=ln, axis={ax}, use_length=True{temp})", 'x')
    return [arr('x', sh, -2, 2)], f"mx.nd.{op}(x, axis={ax}{temp})", 'x'


def softmax_activation():
    mode = C(['instance', 'channel'])
    sh = (random.randint(1, 3), random.randint(1, 4)) + tuple(random.randint(1, 3) for _ in range(random.randint(mode == 'channel', 2)))
    return [arr('x', sh, -2, 2)], f"mx.nd.SoftmaxActivation(x, mode='{mode}')", 'x'


def softmax_output():
    multi = C([True, False])
    n, k = random.randint(1, 3), random.randint(2, 4)
    sh = (n, k, random.randint(1, 3)) if multi else (n, k)
    lsh = (n, sh[2]) if multi else (n,)
    if not multi and random.random() < 0.3:  # preserve_shape: softmax over the last axis of 3-D data
        sh = (n, random.randint(1, 3), k)
        return [arr('x', sh, -2, 2), ints('lb', sh[:2], k)], "mx.nd.SoftmaxOutput(x, lb, preserve_shape=True)", 'x'
    extra = ''.join(C(['', p]) for p in (", use_ignore=True, ignore_label=1", f", normalization='{C(['null', 'batch', 'valid'])}'",
                                          f", grad_scale={C([0.5, 2.0])}", f", smooth_alpha={C([0.1, 0.3])}", ", out_grad=True", ", preserve_shape=True" if not multi else ''))
    return [arr('x', sh, -2, 2), ints('lb', lsh, k)], f"mx.nd.SoftmaxOutput(x, lb, multi_output={multi}{extra})", 'x'


def svm_output():
    n, k = random.randint(1, 3), random.randint(2, 4)
    extra = C(['', ', use_linear=True']) + C(['', ', margin=0.5']) + C(['', ', regularization_coefficient=2.0'])
    return [arr('x', (n, k), -2, 2), ints('lb', (n,), k)], f"mx.nd.SVMOutput(x, lb{extra})", 'x'


def cross_entropy():
    n, k = random.randint(1, 3), random.randint(2, 4)
    return [arr('x', (n, k), -2, 2), ints('lb', (n,), k)], "mx.nd.softmax_cross_entropy(x, lb)", 'x'


def upsampling_bilinear():
    c, sc = random.randint(1, 3), random.randint(1, 3)
    k = 2 * sc - sc % 2
    sh = (random.randint(1, 2), c, random.randint(1, 3), random.randint(1, 3))
    return ([arr('x', sh), arr('w', (c, 1, k, k))],
            f"mx.nd.UpSampling(x, w, scale={sc}, sample_type='bilinear', num_filter={c})", 'x, w')


def regression():
    op = C(['LinearRegressionOutput', 'LogisticRegressionOutput', 'MAERegressionOutput'])
    sh = (random.randint(1, 3), random.randint(1, 3))
    lsh = C([sh, sh[:1]]) if sh[1] == 1 else sh
    return [arr('x', sh, -2, 2), arr('lb', lsh, 0, 1)], f"mx.nd.{op}(x, lb{C(['', ', grad_scale=2.0'])})", 'x'


def embedding():
    vocab, dim = random.randint(2, 5), random.randint(1, 3)
    ish = (random.randint(1, 3),) + C([(), (2,)])
    sparse = C([True, False]) and not DTYPE[0]  # float64 sparse_grad backward: MXNet raises
    extra = ", sparse_grad=True" if sparse else ''
    setup = [ints('ix', ish, vocab), arr('w', (vocab, dim))]
    return setup, f"mx.nd.Embedding(ix, w, input_dim={vocab}, output_dim={dim}{extra})", 'w'


def dropout():
    """p=0.5 only in predict mode (forced by the main loop): deterministic either way."""
    return [arr('x', shape4())], f"mx.nd.Dropout(x, p={C([0.0, 0.5])}{C(['', ', axes=(0,)'])})", 'x'


def upsampling():
    sh = (random.randint(1, 2), random.randint(1, 3), random.randint(1, 3), random.randint(1, 3))
    scale = random.randint(1, 3)
    if random.random() < 0.4:  # a second input half the size, scaled twice as much
        mode = C(['concat', 'sum'])
        sh2 = sh[:2] + tuple(random.randint(1, 2) for _ in range(2)) if scale == 1 else sh
        sh = (sh2[0], sh2[1], sh2[2] * 2, sh2[3] * 2)
        return ([arr('x', sh), arr('z', sh2)],
                f"mx.nd.UpSampling(x, z, scale={2 * scale}, sample_type='nearest', num_args=2, multi_input_mode='{mode}')", 'x, z')
    return [arr('x', sh)], f"mx.nd.UpSampling(x, scale={scale}, sample_type='nearest')", 'x'


def sequence():
    op = C(['SequenceMask', 'SequenceLast', 'SequenceReverse'])
    t, n = random.randint(1, 4), random.randint(1, 3)
    sh = (t, n) + C([(), (2,)])
    ax = 0
    if op == 'SequenceMask' and random.random() < 0.4:
        sh, ax = (n, t) + sh[2:], 1
    if op == 'SequenceLast' and random.random() < 0.4:
        sh, ax = (n, t) + sh[2:], 1
    use = C([True, False]) if op != 'SequenceLast' else True  # SequenceLast without lengths: documented (reads garbage)
    setup = [arr('x', sh), f"sl = mx.nd.array(rs.randint(1, {t + 1}, ({n},)))"]
    extra = ', sl, use_sequence_length=True' if use else ''
    extra += f', axis={ax}' if ax else ''
    if op == 'SequenceMask':
        extra += f", value={C([0.0, -1.5])}"
    return setup, f"mx.nd.{op}(x{extra})", 'x'


def joins():
    sh = shape4()
    op = C(['concat', 'stack', 'split'])
    ax = random.randint(0, len(sh) - 1)
    if op == 'concat':
        sh2 = tuple(s if i != ax else random.randint(1, 3) for i, s in enumerate(sh))
        if random.random() < 0.5:
            return [arr('x', sh), arr('z', sh2), arr('u', sh)], f"mx.nd.Concat(x, z, u, dim={ax}, num_args=3)", 'x, z, u'
        return [arr('x', sh), arr('z', sh2)], f"mx.nd.Concat(x, z, dim={ax})", 'x, z'
    if op == 'stack':
        return [arr('x', sh), arr('z', sh)], f"mx.nd.stack(x, z, axis={ax})", 'x, z'
    sh = tuple(s * 2 if i == ax else s for i, s in enumerate(sh))
    sq = C([True, False]) and sh[ax] == 2
    return [arr('x', sh)], f"mx.nd.SliceChannel(x, num_outputs=2, axis={ax}, squeeze_axis={sq})[{random.randint(0, 1)}]", 'x'


def ctc():
    t, n, a = random.randint(3, 5), random.randint(1, 2), random.randint(2, 4)
    ll = random.randint(1, 2)
    setup = [arr('x', (t, n, a), -2, 2), f"lb = mx.nd.array(rs.randint(1, {a}, ({n}, {ll})))"]
    extra = C(['', ", blank_label='last'"])
    if 'last' in extra:
        setup[1] = f"lb = mx.nd.array(rs.randint(0, {a - 1}, ({n}, {ll})))"
    return setup, f"mx.nd.CTCLoss(x, lb{extra})", 'x'


def misc():
    op = C(['smooth_l1', 'make_loss', 'MakeLoss', 'BlockGrad'])
    sh = shape4()
    if op == 'smooth_l1':
        return [arr('x', sh, -2, 2)], f"mx.nd.smooth_l1(x, scalar={C([1.0, 0.5, 2.0])})", 'x'
    if op == 'MakeLoss':
        extra = C(['', ', grad_scale=2.0', ", normalization='batch'", ", normalization='valid', valid_thresh=0.1"])
        return [arr('x', sh, -2, 2)], f"mx.nd.MakeLoss(x * 1{extra})", 'x'
    return [arr('x', sh, -2, 2)], f"mx.nd.{op}(x * 2) + x", 'x'


OPS = [conv, conv, deconv, pool, pool, fc, batchnorm, batchnorm, layernorm, instancenorm, groupnorm, l2norm, lrn, activation,
       leaky, softmaxes, softmaxes, softmax_activation, softmax_output, softmax_output, regression, embedding, dropout,
       upsampling, sequence, joins, ctc, misc, svm_output, cross_entropy, upsampling_bilinear]

lines = []
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 200):
    op = C(OPS)
    # float32-only in MXNet (float64 raises; documented, or CTCLoss's CPU kernel)
    DTYPE[0] = '' if op in (lrn, instancenorm, softmax_activation, ctc) else C(['', '', '', ", dtype='float64'"])
    setup, call, grads = op()
    req = C(['write', 'write', 'write', 'add'])
    if 'Output(' in call or 'MakeLoss' in call or 'make_loss' in call or 'sparse_grad' in call:
        req = 'write'  # 'add' on output layers: documented; with sparse_grad: MXNet raises
    if DTYPE[0] and 'Convolution(' in call:
        req = 'write'  # MXNet's own (non-oneDNN) 1x1 convolution overwrites data's gradient under 'add'
    mode = 'train_mode=False' if 'Dropout(x, p=0.5' in call or 'rrelu' in call else C(['', '', 'train_mode=False'])
    if mode and "pool_type='max'" in call:  # float32 (oneDNN) predict-mode max pooling backward reads a stale workspace
        mode = ''
    if mode and 'BatchNorm' in call:  # predict-mode backward with batch statistics: documented
        call = call.replace('use_global_stats=False', 'use_global_stats=True')
    passes = 2 if req == 'add' else 1
    body = [f"rs = np.random.RandomState({random.randint(0, 9999)})"] + setup
    body.append(f"A = [{grads}]")
    stype = ", stype='row_sparse'" if 'sparse_grad=True' in call else ''  # a dense buffer: MXNet raises
    body.append(f"[a.attach_grad(grad_req='{req}'{stype}) for a in A]")
    for _ in range(passes):
        body.append(f'exec("with mx.autograd.record({mode}):\\n    y = {call}")')
        body.append(f"y.backward(mx.nd.array(np.random.RandomState({random.randint(0, 99)}).uniform(-1, 1, y.shape), dtype=y.dtype))")
    body.append("R = [y] + [a.grad for a in A]")
    lines.append('!' + ';; '.join(body))
print('\n'.join(lines))
