"""One mx.nd.linalg operator under autograd.record(): compares the outputs and every input's gradient (run with --numeric).

Each line draws well-conditioned inputs from a seeded RandomState (general matrices, SPD ones
as a a^T + n I, triangular ones with a dominant diagonal; shapes (n, n), (b, n, n), (b1, b2, n, n);
float32 or float64; sometimes noise in the triangle an operator ignores, or a singular matrix for
det/slogdet), attaches gradients (sometimes of one input only; sometimes grad_req='add' with two
passes, except where MXNet's is garbage or crashes: ADD_GARBAGE, ADD_CRASH), records one operator
with random options and back-propagates fixed non-uniform head gradients (all outputs are heads).
Usage: python gradients_linalg.py SEED COUNT > expressions.txt (see ../README.md)."""
import random
import sys

random.seed(int(sys.argv[1]))
C = random.choice
DTYPE = ['']  # the arrays' dtype argument of the current line


def arr(name, shape, lo=-1.0, hi=1.0):
    """A statement setting ``name`` to a uniform random array of ``shape``."""
    return f"{name} = mx.nd.array(rs.uniform({lo}, {hi}, {tuple(shape)}){DTYPE[0]})"


def spd(name, shape):
    """A symmetric positive-definite batch a a^T + n I."""
    n = shape[-1]
    return (f"{name} = (lambda a: mx.nd.array(np.matmul(a, np.swapaxes(a, -1, -2)) + {n} * np.eye({n}){DTYPE[0]}))"
            f"(rs.uniform(-1, 1, {tuple(shape)}))")


def tri(name, shape):
    """A general batch with a dominant diagonal (well conditioned whichever triangle is read)."""
    n = shape[-1]
    return f"{name} = mx.nd.array(rs.uniform(-1, 1, {tuple(shape)}) + {n + 1} * np.eye({n}) * rs.choice([-1, 1], {tuple(shape[:-1])})[..., None]{DTYPE[0]})"


def junk(name, n, lower):
    """Sometimes a statement adding noise to the triangle an operator reading the lower (upper) one ignores."""
    part = 'triu' if lower else 'tril'
    return C(['', f"{name} = {name} + mx.nd.array(np.{part}(rs.uniform(-1, 1, {name}.shape), {1 if lower else -1}), dtype={name}.dtype)"])


def batch():
    return C([(), (), (2,), (3,), (2, 2)])


def size(lo=1):
    return random.randint(lo, C([4, 4, 7]))


def gemm():
    b, n, k, m = batch(), size(), size(), size()
    ta, tb = C([True, False]), C([True, False])
    ash = b + ((k, n) if ta else (n, k))
    bsh = b + ((m, k) if tb else (k, m))
    csh = b + (n, m)
    opts = f"transpose_a={ta}, transpose_b={tb}, alpha={C([1.0, 0.5, -2.0])}"
    axis = ''
    if b and random.random() < 0.4:  # rows on a leading axis: move the last-but-one axis to 0
        axis = ', axis=0'
        mv = lambda s: (s[-2],) + s[:-2] + (s[-1],)
        ash, bsh, csh = mv(ash), mv(bsh), mv(csh)
    if C([True, False]):
        return [arr('a', ash), arr('b', bsh)], f"mx.nd.linalg.gemm2(a, b, {opts}{axis})", 'a, b'
    return ([arr('a', ash), arr('b', bsh), arr('c', csh)],
            f"mx.nd.linalg.gemm(a, b, c, {opts}, beta={C([1.0, 0.0, 2.5])}{axis})", 'a, b, c')


def triangular():
    op = C(['trmm', 'trsm'])
    b, n, m = batch(), size(), size()
    rs = C([True, False])
    bsh = b + ((m, n) if rs else (n, m))
    opts = f"transpose={C([True, False])}, rightside={rs}, lower={C([True, False])}, alpha={C([1.0, 0.5, -2.0])}"
    return [tri('a', b + (n, n)), arr('b', bsh)], f"mx.nd.linalg.{op}(a, b, {opts})", 'a, b'


def cholesky():
    b, n = batch(), size()
    op = C(['potrf', 'potri', 'potri_of_potrf', 'sumlogdiag', 'inverse'])
    if op == 'potri':  # a Cholesky-like factor: dominant positive diagonal
        return [f"a = mx.nd.array(rs.uniform(-1, 1, {b + (n, n)}) + {n + 1} * np.eye({n}){DTYPE[0]})"], \
            f"mx.nd.linalg.potri(a{C(['', ', lower=False'])})", 'a'
    if op == 'potri_of_potrf':
        return [spd('a', b + (n, n))], "mx.nd.linalg.potri(mx.nd.linalg.potrf(a))", 'a'
    if op == 'sumlogdiag':
        return [f"a = mx.nd.array(rs.uniform(0.5, 2, {b + (n, n)}){DTYPE[0]})"], "mx.nd.linalg.sumlogdiag(a)", 'a'
    if op == 'inverse':
        return [tri('a', b + (n, n))], "mx.nd.linalg.inverse(a)", 'a'
    low = C([True, False])
    return [spd('a', b + (n, n)), junk('a', n, low)], f"mx.nd.linalg.potrf(a, lower={low})", 'a'


def syrk():
    b, n, m = batch(), size(), size()
    return [arr('a', b + (n, m))], f"mx.nd.linalg.syrk(a, transpose={C([True, False])}, alpha={C([1.0, 0.5, -2.0])})", 'a'


def gelqf():
    b, n = batch(), size()
    m = n + random.randint(0, 2)
    return [tri('a', b + (n, m)) if m == n else arr('a', b + (n, m))], "mx.nd.linalg.gelqf(a)", 'a'


def syevd():
    """Distinct, well separated eigenvalues: a random orthogonal Q diag(1, 3, 5, ...) Q^T."""
    b, n = batch(), size()
    setup = [f"q = np.linalg.qr(rs.uniform(-1, 1, {b + (n, n)}))[0]",
             f"a = mx.nd.array(np.matmul(q * (2 * np.arange({n}) + 1.0), np.swapaxes(q, -1, -2)){DTYPE[0]})"]
    return setup + [junk('a', n, True)], "mx.nd.linalg.syevd(a)", 'a'


def determinants():
    b, n = batch(), size()
    op = C(['det', 'slogdet'])
    setup = [tri('a', b + (n, n))]
    if random.random() < 0.3:  # a singular first matrix: a zero row gives det exactly 0 in any LU (two
        setup.append(f"a[{'0, ' * len(b)}{n - 1}] = 0")  # equal rows need not: LAPACK scales by 1 / pivot)
    return setup, f"mx.nd.linalg.{op}(a)", 'a'


def diagonals():
    b, n = batch(), size()
    op = C(['extractdiag', 'makediag', 'extracttrian', 'maketrian'])
    off = random.randint(-(n - 1), n - 1)
    low = f", lower={C([True, False])}"
    if op == 'extractdiag':
        return [arr('a', b + (n, n))], f"mx.nd.linalg.extractdiag(a, offset={off})", 'a'
    if op == 'makediag':
        return [arr('a', b + (n,))], f"mx.nd.linalg.makediag(a, offset={random.randint(-2, 2)})", 'a'
    if op == 'extracttrian':
        return [arr('a', b + (n, n))], f"mx.nd.linalg.extracttrian(a, offset={off}{low})", 'a'
    return [arr('a', b + (n * (n + 1) // 2,))], f"mx.nd.linalg.maketrian(a, offset={random.randint(-2, 2)}{low})", 'a'


# grad_req='add' gives garbage in MXNet 1.9.1 (documented): gemm/gemm2 write the gradient and add
# an uninitialized workspace; trmm/trsm share one workspace for both gradients; syevd and gelqf
# (and inverse) add a workspace their backward also uses (la_op.h LaOpGemmBackward, LaOpBackward, LaOpBackwSyevd)
ADD_GARBAGE = ('gemm', 'gemm2', 'trmm', 'trsm', 'syevd', 'gelqf', 'inverse')
# det and slogdet under 'add': MXNet corrupts its heap (malloc aborts the process, at once or later)
ADD_CRASH = ('det', 'slogdet')

OPS = [gemm, gemm, triangular, triangular, cholesky, cholesky, syrk, gelqf, syevd, determinants, diagonals, diagonals]

lines = []
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 200):
    op = C(OPS)
    DTYPE[0] = C(['', ", dtype='float64'"])
    setup, call, grads = op()
    if ',' in grads and random.random() < 0.25:  # gradients of one input only
        grads = C(grads.split(', '))
    req = C(['write', 'write', 'write', 'add'])
    if any(f'linalg.{name}(' in call for name in ADD_GARBAGE + ADD_CRASH):
        req = 'write'
    passes = 2 if req == 'add' else 1
    body = [f"rs = np.random.RandomState({random.randint(0, 9999)})"] + [line for line in setup if line]
    body.append(f"A = [{grads}]")
    body.append(f"[a.attach_grad(grad_req='{req}') for a in A]")
    head = random.randint(0, 99)
    for _ in range(passes):
        body.append(f'exec("with mx.autograd.record():\\n    y = {call}")')
        body.append("Y = list(y) if isinstance(y, (list, tuple)) else [y]")
        if 'syevd' in call:  # the eigenvectors' head: sign-invariant (the same for u and -u)
            body.append(f"H = [Y[0] * mx.nd.array(np.random.RandomState({head}).uniform(-1, 1, Y[0].shape), dtype=Y[0].dtype), "
                        f"mx.nd.array(np.random.RandomState({head + 1}).uniform(-1, 1, Y[1].shape), dtype=Y[1].dtype)]")
        else:
            body.append(f"H = [mx.nd.array(np.random.RandomState({head} + i).uniform(-1, 1, t.shape), dtype=t.dtype) for i, t in enumerate(Y)]")
        body.append("mx.autograd.backward(Y, H)")
    body.append("R = Y + [a.grad for a in A]")
    lines.append('!' + ';; '.join(body))
print('\n'.join(lines))
