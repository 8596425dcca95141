"""Cases of the layout family: concat, stack, split, split_v2, slice, slice_axis, slice_like, flip,
tile, repeat, pad, ravel_multi_index, unravel_index, khatri_rao, im2col, col2im, moveaxis,
concatenate.

Each entry is an expression, or statements that set ``result``. tools/make_golden.py records
what MXNet 1.9.1 returns (or raises) for each into layout.json; tests/test_golden.py checks
mxnd against it. Every case returns an array (so MXNet's asynchronous kernel errors surface).
"""

DTYPES = ["float16", "float64", "int8", "uint8", "int32", "int64", "bool"]
AB = "a = mx.nd.arange(6).reshape((2, 3)); b = mx.nd.arange(6, 12).reshape((2, 3)); "

CONCAT = [
    AB + f"result = mx.nd.concat(a, b, dim={d!r})" for d in (0, 1, -1, -2, 2, -3, "0")
] + [
    AB + "result = mx.nd.concat(a, b)", AB + "result = mx.nd.Concat(a, b, a, dim=0)",
    AB + "result = mx.nd.concat(a)", "mx.nd.concat()", AB + "result = mx.nd.concat(a, b, num_args=2)",
    AB + "result = mx.nd.concat(a, b, num_args=3)", AB + "result = mx.nd.concat(a, b, num_args=1)",
    AB + "result = mx.nd.concat(a, mx.nd.ones((3, 3)), dim=0)", AB + "result = mx.nd.concat(a, mx.nd.ones((3, 3)))",
    AB + "result = mx.nd.concat(a, mx.nd.ones((2, 3, 1)))", AB + "result = mx.nd.concat(a, b.astype('int32'))",
    AB + "result = mx.nd.concat(a, b.astype('float64'), dim=0)",
    "mx.nd.concat(mx.nd.ones((3,)), mx.nd.ones((2,)), dim=0)", "mx.nd.concat(mx.nd.ones((3,)), mx.nd.ones((2,)))",
    "mx.nd.concat(mx.nd.array(1), mx.nd.array(2), dim=0)", AB + "result = mx.nd.concat(a, b, dim=0, foo=1)",
] + [AB + f"result = mx.nd.concat(a.astype('{d}'), b.astype('{d}'), dim=0)" for d in DTYPES]

STACK = [
    AB + f"result = mx.nd.stack(a, b, axis={x!r})" for x in (0, 1, 2, -1, -3, 3, -4, "1")
] + [
    AB + "result = mx.nd.stack(a, b)", AB + "result = mx.nd.stack(a)", "mx.nd.stack()",
    AB + "result = mx.nd.stack(a, b, a, axis=1)", AB + "result = mx.nd.stack(a, b, num_args=2)",
    AB + "result = mx.nd.stack(a, b, num_args=3)", AB + "result = mx.nd.stack(a, mx.nd.ones((3, 3)))",
    AB + "result = mx.nd.stack(a, b.astype('int32'))", "mx.nd.stack(mx.nd.array(3), mx.nd.array(4))",
    AB + "result = mx.nd.stack(a, mx.nd.arange(6).reshape((3, 2)))",
] + [AB + f"result = mx.nd.stack(a.astype('{d}'), b.astype('{d}'), axis=1)" for d in DTYPES]

X = "x = mx.nd.arange(24).reshape((2, 3, 4)); "
SPLIT = [
    X + f"result = mx.nd.split(x, {kwargs})" for kwargs in (
        "num_outputs=3", "num_outputs=2, axis=0", "num_outputs=2, axis=0, squeeze_axis=True",
        "num_outputs=2, axis=-1", "num_outputs=4, axis=-1, squeeze_axis=1", "num_outputs=2, axis=-1, squeeze_axis=1",
        "num_outputs=1, axis=0", "num_outputs=1, axis=1, squeeze_axis=True", "num_outputs=2", "num_outputs=0",
        "num_outputs=-1", "num_outputs=3, axis=3", "num_outputs=3, axis=-4", "2, 0", "'2', '0', 'True'", "",
        "num_outputs=2, axis=0, squeeze_axis='false'")
] + [
    X + "result = mx.nd.SliceChannel(x, num_outputs=2, axis=0)", X + "result = x.split(num_outputs=2, axis=0)",
    X + "result = x.split(4, axis=2)", "mx.nd.split(mx.nd.arange(4), num_outputs=4, axis=0, squeeze_axis=True)",
    "mx.nd.split(mx.nd.arange(4), num_outputs=2, axis=0)", "mx.nd.split(mx.nd.array(3), num_outputs=1, axis=0)",
] + [f"mx.nd.split(mx.nd.arange(8).reshape((2, 4)).astype('{d}'), num_outputs=2)" for d in DTYPES]

SPLIT_V2 = [
    X + f"result = mx.nd._internal._split_v2(x, {kwargs})" for kwargs in (
        "indices=(0, 1), axis=1", "indices=(0,), axis=1", "indices=(0, 1), sections=3, axis=1",
        "indices=(0, 2, 2), axis=1", "indices=(0, 2, 1), axis=1", "indices=(0, 5), axis=1", "indices=(1, 2), axis=1",
        "indices=(0, 1), axis=1, squeeze_axis=True", "indices=(0, 1, 2), axis=1, squeeze_axis=True",
        "indices=(0, 1), axis=-1", "indices=(0, 1)", "indices=(0, -1), axis=1", "sections=3, axis=1",
        "indices=(0,), sections=5, axis=1", "indices=(0,), sections=3, axis=2", "indices=(0,), sections=2, axis=0",
        "indices=(0,), sections=2, axis=2, squeeze_axis=True", "indices='(0, 2)', axis='2'", "indices=(0, 1), axis=3")
] + [
    X + f"result = x.split_v2({args})" for args in (
        "3, axis=1", "(1,), axis=1", "(1, 2), axis=2", "[1, 2], axis=2", "2", "5", "3, axis=1, squeeze_axis=True",
        "(1, 5), axis=2", "(3, 1), axis=2", "2, -1", "(2, 2), axis=2", "(), axis=2", "1, axis=0")
] + [
    X + "result = x.split_v2(2, axis=2)", X + "result = x.split_v2((1,), 1, True)",
    X + "result = x.split_v2((1, 2), axis=1, squeeze_axis=True)",
] + [f"mx.nd.arange(8).reshape((2, 4)).astype('{d}').split_v2((1,), axis=1)" for d in DTYPES]

FIVE = "v = mx.nd.arange(5); "
SLICE = [
    X + f"result = mx.nd.slice(x, {kwargs})" for kwargs in (
        "begin=(0, 1), end=(2, 3)", "begin=(None, 1), end=(None, 3)", "begin=(0,), end=(1,)",
        "begin=(-1, -2), end=(None, None)", "begin=(0, 0, 0), end=(2, 3, 4), step=(1, 2, 2)",
        "begin=(None, None, None), end=(None, None, None), step=(-1, -1, -2)",
        "begin=(1, 2), end=(None, None), step=(-1, -1)", "begin=(1, 2), end=(0, 0), step=(-1, -1)",
        "begin=(0, 0), end=(2, 3), step=(0, 1)", "begin=(0, 0, 0, 0), end=(2, 3, 4, 4)", "begin=(0, 0), end=(2,)",
        "begin=(0, 0), end=(2, 3), step=(1,)", "begin=(1,), end=(1,)", "begin=(2,), end=(1,)", "begin=(5,), end=(7,)",
        "begin=(-5,), end=(7,)", "begin=(1,), end=(0,), step=(-1,)", "begin=(), end=()",
        "begin='(0, 1)', end='(2, 3)'", "begin='(None, 1)', end='(None, 3)'", "begin='[None, 1]', end='[None, 2]'",
        "begin=[0, 1], end=[2, 3]", "begin=0, end=1", "begin='1', end='2'", "begin='(1L,)', end='(2,)'",
        "begin=(1,), end=(2,), step=None", "begin=(0, 1), end=(2, 3), step=(None, 2)",
        "begin=(0, 1), end=(2, 3), step=(None, -1)", "begin=(0, 3), end=(2, 0), step=(None, -1)",
        "begin=(0, -1), end=(2, -5), step=(None, -1)", "begin=(0, 10), end=(2, -5), step=(None, -1)",
        "begin=(0, 2), end=(2, 5), step=(None, -1)", "begin=(0, 1)", "begin=(0,), end=None",
        "begin=(np.int64(0),), end=(2,)")
] + [
    X + "result = mx.nd.slice(x, (0, 1), (2, 3))", X + "result = mx.nd.crop(x, begin=(0, 1), end=(2, 3))",
    X + "result = x.slice(begin=(0, 1), end=(2, 3))", X + "result = x.slice((1,), (2,))",
    FIVE + "result = mx.nd.slice(v, begin=(3,), end=(1,), step=(-1,))",
    FIVE + "result = mx.nd.slice(v, begin=(None,), end=(None,), step=(-2,))",
    FIVE + "result = mx.nd.slice(v, begin=(None,), end=(-10,), step=(-2,))",
    FIVE + "result = mx.nd.slice(v, begin=(10,), end=(None,), step=(-2,))",
    FIVE + "result = mx.nd.slice(v, begin=(6,), end=(2,), step=(-1,))",
    FIVE + "result = mx.nd.slice(v, begin=(0,), end=(10,))", FIVE + "result = mx.nd.slice(v, begin=(1,), end=(10,), step=(3,))",
    "mx.nd.slice(mx.nd.arange(5).astype('float64'), begin=(-10,), end=(3,))",
    "mx.nd.slice(mx.nd.arange(5).astype('int32'), begin=(-10,), end=(3,))",
    FIVE + "result = mx.nd.slice(v, begin=(-10,), end=(3,))",
    "mx.nd.slice(mx.nd.array(3), begin=(0,), end=(1,))",
    X + "y = mx.nd.slice(x, begin=(0,), end=(1,)); y[:] = -1; result = x",
] + [f"mx.nd.slice(mx.nd.arange(8).reshape((2, 4)).astype('{d}'), begin=(None, 1), end=(None, None), step=(1, 2))"
     for d in DTYPES]

SLICE_AXIS = [
    X + f"result = mx.nd.slice_axis(x, {kwargs})" for kwargs in (
        "axis=1, begin=0, end=2", "axis=-1, begin=-3, end=-1", "axis=2, begin=1, end=None",
        "axis=2, begin=1, end='None'", "axis=2, begin=-1, end=None", "axis=2, begin=2, end=1",
        "axis=2, begin=2, end=2", "axis=2, begin=0, end=5", "axis=2, begin=-5, end=2", "axis=2, begin=5, end=6",
        "axis=3, begin=0, end=1", "axis=-4, begin=0, end=1", "axis=0, begin=0", "axis=0, end=1", "0, 0, 1",
        "'1', '0', '2'", "axis=2, begin=-4, end=4")
] + [
    X + "result = x.slice_axis(axis=1, begin=1, end=3)", X + "result = x.slice_axis(1, 1, None)",
    "mx.nd.slice_axis(mx.nd.array(3), axis=0, begin=0, end=1)",
] + [f"mx.nd.slice_axis(mx.nd.arange(8).reshape((2, 4)).astype('{d}'), axis=1, begin=1, end=3)" for d in DTYPES]

SLICE_LIKE = [
    X + f"result = mx.nd.slice_like(x, mx.nd.zeros({shape}){axes})" for shape, axes in (
        ((1, 2, 3), ""), ((1, 2, 3), ", axes=(0, 2)"), ((1, 2, 3), ", axes=(-1,)"), ((1, 2), ", axes=(0,)"),
        ((1, 2), ""), ((1, 2, 3, 4), ""), ((1, 5, 3), ""), ((1, 5, 3), ", axes=(0, 2)"), ((1, 2, 3), ", axes=(3,)"),
        ((1, 2, 3), ", axes=(-4,)"), ((1, 2, 3), ", axes='(0,)'"), ((1, 2, 3), ", axes=(0, 0)"),
        ((1, 2), ", axes=(2,)"), ((2, 3, 4), ""))
] + [
    X + "result = mx.nd.slice_like(x, mx.nd.zeros((1, 2, 3), dtype='int32'))",
    X + "result = x.slice_like(mx.nd.zeros((1, 2, 3)))", X + "result = x.slice_like(mx.nd.zeros((1, 1, 1)), (1,))",
] + [f"mx.nd.slice_like(mx.nd.arange(8).reshape((2, 4)).astype('{d}'), mx.nd.ones((1, 2)))" for d in DTYPES]

Y = "y = mx.nd.arange(6).reshape((2, 3)); "
FLIP = [
    Y + f"result = mx.nd.flip(y, axis={a!r})" for a in
    (0, 1, (0, 1), -1, 2, -3, (0, 0), (0, 0, 0), (1, 0, 1), (), "1", "(0, 1)")
] + [
    Y + "result = mx.nd.flip(y)", Y + "result = mx.nd.reverse(y, axis=1)", Y + "result = y.flip(axis=0)",
    Y + "result = y.flip(1)", "mx.nd.flip(mx.nd.arange(24).reshape((2, 3, 4)), axis=(0, 2))",
    "mx.nd.flip(mx.nd.array(3), axis=())",
] + [f"mx.nd.flip(mx.nd.arange(6).reshape((2, 3)).astype('{d}'), axis=1)" for d in DTYPES]

TILE = [
    Y + f"result = mx.nd.tile(y, reps={r!r})" for r in
    ((2,), (2, 1), (2, 1, 2), (), (0,), (-1,), 2, "(1, 2)", "3", (1, 0), [2, 2], (1, 1))
] + [
    Y + "result = mx.nd.tile(y)", Y + "result = y.tile((2, 2))", Y + "result = y.tile(reps=(3,))",
    "mx.nd.tile(mx.nd.array(3), reps=(2,))", "mx.nd.tile(mx.nd.arange(3), reps=(2, 2))",
] + [f"mx.nd.tile(mx.nd.arange(4).reshape((2, 2)).astype('{d}'), reps=(2, 1, 2))" for d in DTYPES]

REPEAT = [
    Y + f"result = mx.nd.repeat(y, {kwargs})" for kwargs in (
        "repeats=2", "repeats=2, axis=0", "repeats=2, axis=-1", "repeats=2, axis=2", "repeats=2, axis=-3",
        "repeats=0, axis=0", "repeats=0", "repeats=-1, axis=0", "2, 1", "'2', '1'", "repeats=2, axis='None'",
        "", "repeats=1, axis=1", "repeats=3, axis=-2")
] + [
    Y + "result = y.repeat(2)", Y + "result = y.repeat(repeats=2, axis=1)", "mx.nd.repeat(mx.nd.array(3), repeats=2)",
] + [f"mx.nd.repeat(mx.nd.arange(4).reshape((2, 2)).astype('{d}'), repeats=2, axis=1)" for d in DTYPES]

P = "p = mx.nd.arange(1, 13).reshape((1, 1, 3, 4)); "
P5 = "q = mx.nd.arange(1, 25).reshape((1, 1, 2, 3, 4)); "
PAD = [
    P + f"result = mx.nd.pad(p, {kwargs})" for kwargs in (
        "mode='constant', pad_width=(0, 0, 0, 0, 1, 1, 1, 1)",
        "mode='constant', pad_width=(0, 0, 0, 0, 1, 2, 0, 1), constant_value=-1",
        "mode='edge', pad_width=(0, 0, 0, 0, 1, 2, 0, 1)", "mode='reflect', pad_width=(0, 0, 0, 0, 1, 2, 0, 1)",
        "mode='reflect', pad_width=(0, 0, 0, 0, 2, 2, 3, 3)", "mode='reflect', pad_width=(0, 0, 0, 0, 3, 0, 0, 0)",
        "mode='reflect', pad_width=(0, 0, 0, 0, 0, 0, 0, 4)", "mode='edge', pad_width=(0, 0, 0, 0, 5, 0, 0, 0)",
        "mode='constant', pad_width=(0, 0, 1, 0, 0, 0, 0, 0)", "mode='constant', pad_width=(1, 0, 0, 0, 0, 0, 0, 0)",
        "mode='edge', pad_width=(0, 0, 0, 1, 0, 0, 0, 0)", "mode='constant', pad_width=(0, 0, 0, 0, 1, 1)",
        "mode='constant', pad_width=(0, 0, 0, 0, 1, 1, 1, 1, 0, 0)", "mode='wrap', pad_width=(0, 0, 0, 0, 1, 1, 1, 1)",
        "pad_width=(0, 0, 0, 0, 1, 1, 1, 1)", "mode='constant'",
        "mode='constant', pad_width=(0, 0, 0, 0, -1, 1, 1, 1)",
        "mode='constant', pad_width='(0,0,0,0,1,1,1,1)', constant_value='2.5'", "'constant', (0, 0, 0, 0, 1, 1, 1, 1), 3",
        "mode='constant', pad_width=(0, 0, 0, 0, 1, 1, 1, 1), constant_value=float('nan')",
        "mode='constant', pad_width=(0, 0, 0, 0, 0, 0, 0, 0)", "mode='edge', pad_width=(0, 0, 0, 0, 0, 0, 0, 0)",
        "mode='edge', pad_width=(0, 0, 0, 0, 2, 0, 0, 3)")
] + [
    P5 + "result = mx.nd.pad(q, mode='constant', pad_width=(0, 0, 0, 0, 1, 1, 1, 1, 1, 1), constant_value=7)",
    P5 + "result = mx.nd.pad(q, mode='edge', pad_width=(0, 0, 0, 0, 1, 0, 0, 1, 2, 1))",
    P5 + "result = mx.nd.pad(q, mode='reflect', pad_width=(0, 0, 0, 0, 1, 1, 1, 2, 1, 1))",
    P5 + "result = mx.nd.pad(q, mode='reflect', pad_width=(0, 0, 0, 0, 2, 0, 0, 0, 0, 0))",
    P + "result = mx.nd.Pad(p, mode='edge', pad_width=(0, 0, 0, 0, 1, 1, 1, 1))",
    P + "result = p.pad(mode='reflect', pad_width=(0, 0, 0, 0, 1, 1, 1, 1))",
    P + "result = p.pad('constant', (0, 0, 0, 0, 0, 1, 0, 1), 9)",
    "mx.nd.pad(mx.nd.arange(12).reshape((3, 4)), mode='constant', pad_width=(0, 0, 1, 1))",
    "mx.nd.pad(mx.nd.arange(12).reshape((1, 3, 4)), mode='constant', pad_width=(0, 0, 0, 0, 1, 1))",
    "mx.nd.pad(mx.nd.ones((1, 1, 1, 1, 1, 3)), mode='constant', pad_width=(0,) * 10 + (1, 1))",
] + [P + f"result = mx.nd.pad(p.astype('{d}'), mode='{m}', pad_width=(0, 0, 0, 0, 1, 1, 1, 1))"
     for d in DTYPES for m in ("constant", "edge")]

M = "m = mx.nd.array([[3, 6, 6], [4, 5, 1]]); "
F = "f = mx.nd.array([22, 41, 37]); "
RAVEL = [
    M + "result = mx.nd.ravel_multi_index(m, shape=(7, 6))", M + "result = mx.nd.ravel_multi_index(m, shape='(7, 6)')",
    M + "result = mx.nd._internal._ravel_multi_index(m, shape=(7, 6))", M + "result = mx.nd.ravel_multi_index(m, (7, 6))",
    M + "result = mx.nd.ravel_multi_index(m, shape=(7,))", M + "result = mx.nd.ravel_multi_index(m, shape=(7, 6, 2))",
    M + "result = mx.nd.ravel_multi_index(m)", M + "result = mx.nd.ravel_multi_index(m, shape=())",
    "mx.nd.ravel_multi_index(mx.nd.array([[3, 6, 7], [4, 5, 1]]), shape=(7, 6))",
    "mx.nd.ravel_multi_index(mx.nd.array([[3, 6, -1], [4, 5, 1]]), shape=(7, 6))",
    "mx.nd.ravel_multi_index(mx.nd.array([[3.7, 6, 6], [4, 5.9, -1.5]]), shape=(7, 6))",
    "mx.nd.ravel_multi_index(mx.nd.array([3, 4]), shape=(7, 6))",
    "mx.nd.ravel_multi_index(mx.nd.array([[1, 2], [3, 4], [0, 1]]), shape=(2, 5, 3))",
    "mx.nd.ravel_multi_index(mx.nd.array([[30000, 1], [30000, 1]], dtype='int32'), shape=(100000, 100000))",
    "mx.nd.ravel_multi_index(mx.nd.array([[30000, 1], [30000, 1]], dtype='int64'), shape=(100000, 100000))",
    F + "result = mx.nd.unravel_index(f, shape=(7, 6))", F + "result = mx.nd.unravel_index(f, shape='(7, 6)')",
    F + "result = mx.nd._internal._unravel_index(f, shape=(7, 6))", F + "result = mx.nd.unravel_index(f, shape=(7,))",
    F + "result = mx.nd.unravel_index(f, shape=(2, 3, 7))", F + "result = mx.nd.unravel_index(f)",
    F + "result = mx.nd.unravel_index(f, shape=())",
    "mx.nd.unravel_index(mx.nd.array([22, 41, 50]), shape=(7, 6))",
    "mx.nd.unravel_index(mx.nd.array([22, 41, -1]), shape=(7, 6))",
    "mx.nd.unravel_index(mx.nd.array([22.7, 41, -7.5]), shape=(7, 6))",
    "mx.nd.unravel_index(mx.nd.array([[22, 41], [37, 1]]), shape=(7, 6))",
    "mx.nd.unravel_index(mx.nd.array([2000000000, 3], dtype='int32'), shape=(100000, 100000))",
] + [M + f"result = mx.nd.ravel_multi_index(m.astype('{d}'), shape=(7, 6))" for d in DTYPES] \
  + [F + f"result = mx.nd.unravel_index(f.astype('{d}'), shape=(7, 6))" for d in DTYPES]

K = "ka = mx.nd.array([[1, -1], [2, -3]]); kb = mx.nd.array([[1, 4], [2, 5], [3, 6]]); "
KHATRI_RAO = [
    K + "result = mx.nd.khatri_rao(ka, kb)", K + "result = mx.nd.khatri_rao(ka)", "mx.nd.khatri_rao()",
    K + "result = mx.nd.khatri_rao(ka, kb, ka)", K + "result = mx.nd.khatri_rao(ka, kb, num_args=2)",
    K + "result = mx.nd.khatri_rao(ka, kb, num_args=3)", K + "result = mx.nd.khatri_rao(ka, kb, foo=2)",
    K + "result = mx.nd.khatri_rao(ka, mx.nd.ones((3, 3)))", K + "result = mx.nd.khatri_rao(ka, mx.nd.ones((3,)))",
    K + "result = mx.nd.khatri_rao(mx.nd.ones((2, 2, 2)), kb)", K + "result = mx.nd.khatri_rao(ka, kb.astype('float64'))",
] + [K + f"result = mx.nd.khatri_rao(ka.astype('{d}'), kb.astype('{d}'))" for d in DTYPES]
# MXNet accumulates the products into zeros: no negative zeros come out
KHATRI_RAO += [
    "r = mx.nd.khatri_rao(mx.nd.array([[-0., 1], [2, -0.]]), mx.nd.array([[3, -0.]])); "
    "result = (r, np.signbit(r.asnumpy()).tolist())",
    "r = mx.nd.khatri_rao(mx.nd.array([[-0., 1]], dtype='float64')); result = (r, np.signbit(r.asnumpy()).tolist())",
]

I = "i = mx.nd.arange(32).reshape((1, 2, 4, 4)); "
IM2COL = [
    I + f"result = mx.nd.im2col(i, {kwargs})" for kwargs in (
        "kernel=(2, 2)", "kernel=(2, 2), stride=(2, 2)", "kernel=(3, 3), pad=(1, 1)", "kernel=(2, 2), dilate=(2, 2)",
        "kernel=(3, 2), stride=(1, 2), pad=(1, 0), dilate=(1, 1)", "kernel='(2,2)', stride='(2,2)'", "kernel=(5, 5)",
        "kernel=(2,)", "kernel=(2, 2), stride=(1,)", "kernel=(2, 2), stride=(0, 0)", "kernel=(0, 0)", "",
        "kernel=(2, 2), pad=(0,)", "kernel=(2, 2), dilate=(3, 1)", "kernel=(4, 4), dilate=(2, 2), pad=(2, 2), stride=(3, 3)",
        "(2, 2), (2, 1)")
] + [
    "mx.nd.im2col(mx.nd.arange(10).reshape((1, 2, 5)), kernel=(2,))", "mx.nd.im2col(mx.nd.ones((2, 4, 4)), kernel=(2, 2))",
    "mx.nd.im2col(mx.nd.arange(72).reshape((2, 1, 6, 6)), kernel=(3, 3), stride=(3, 3))",
] + [I + f"result = mx.nd.im2col(i.astype('{d}'), kernel=(2, 2), stride=(2, 2))" for d in DTYPES]
# 3-D kernels: MXNet 1.9.1 reads the image as 4-D, so they work for a last spatial size of 1 only
I3 = "i3 = mx.nd.array(np.random.RandomState(0).uniform(-3, 3, (2, 2, 4, 3, 1))); "
IM2COL += [I3 + f"result = mx.nd.im2col(i3, {kwargs})" for kwargs in (
    "kernel=(3, 2, 1), pad=(2, 0, 0)", "kernel=(2, 2, 3), pad=(0, 1, 1)", "kernel=(2, 1, 2), pad=(0, 0, 1), stride=(1, 2, 1)",
    "kernel=(2, 1, 2), pad=(1, 0, 2), stride=(2, 1, 3), dilate=(1, 1, 2)", "kernel=(1, 1, 1)", "kernel=(2, 2, 2)")] + [
    I3 + "result = mx.nd.im2col(i3.astype('float16'), kernel=(2, 1, 2), pad=(0, 0, 1))",
    "mx.nd.im2col(mx.nd.ones((1, 1, 4, 3, 2)), kernel=(2, 2, 1))", "mx.nd.im2col(mx.nd.ones((1, 1, 4, 3)), kernel=(2, 2, 1))",
    "mx.nd.im2col(mx.nd.ones((1, 1, 4, 3, 1, 1)), kernel=(2, 2, 1, 1))",
]

C = "c = mx.nd.arange(1, 73).reshape((1, 8, 9)); "
COL2IM = [
    C + f"result = mx.nd.col2im(c, {kwargs})" for kwargs in (
        "output_size=(4, 4), kernel=(2, 2)", "output_size=(4, 4), kernel=(2, 2), dilate=(1, 1), stride=(1, 1), pad=(0, 0)",
        "output_size=(6, 6), kernel=(2, 2), stride=(2, 2)", "output_size=(5, 5), kernel=(2, 2), pad=(1, 1), stride=(2, 2)",
        "output_size=(7, 7), kernel=(2, 2), dilate=(3, 3)", "output_size=(4, 4), kernel=(2, 2), stride=(1,)",
        "output_size=(4, 5), kernel=(2, 2)", "output_size=(4, 4), kernel=(3, 3)", "output_size=(4, 4), kernel=(5, 5)",
        "output_size=(4, 4)", "kernel=(2, 2)", "output_size='(4, 4)', kernel='(2, 2)'", "(4, 4), (2, 2)",
        "output_size=(4,), kernel=(2, 2)")
] + [
    "mx.nd.col2im(mx.nd.arange(16).reshape((1, 4, 4)), output_size=(3, 3), kernel=(2, 2), pad=(1, 1), stride=(2, 2))",
    "mx.nd.col2im(mx.nd.ones((1, 7, 9)), output_size=(4, 4), kernel=(2, 2))",
    "mx.nd.col2im(mx.nd.ones((8, 9)), output_size=(4, 4), kernel=(2, 2))",
    "mx.nd.col2im(mx.nd.ones((1, 4, 4)), output_size=(5,), kernel=(2,))",
    "mx.nd.col2im(mx.nd.im2col(mx.nd.arange(32).reshape((1, 2, 4, 4)), kernel=(2, 2)), output_size=(4, 4), kernel=(2, 2))",
] + [C + f"result = mx.nd.col2im(c.astype('{d}'), output_size=(4, 4), kernel=(2, 2))" for d in DTYPES]
COL2IM += [f"mx.nd.col2im(mx.nd.array(np.random.RandomState(0).uniform(-3, 3, {shape}), dtype='{d}'), {kwargs})"
           for shape, d, kwargs in (
    ((2, 4, 6), "float32", "output_size=(4, 3, 1), kernel=(2, 2, 1)"),
    ((2, 12, 6), "float64", "output_size=(4, 3, 1), kernel=(2, 2, 3), pad=(0, 0, 1)"),
    ((1, 4, 9), "float32", "output_size=(4, 3, 1), kernel=(2, 1, 2), pad=(1, 0, 2), stride=(2, 1, 3), dilate=(1, 1, 2)"),
    ((1, 6, 15), "float16", "output_size=(5, 4, 1), kernel=(1, 2, 3), pad=(0, 0, 1)"),
    ((1, 4, 12), "float32", "output_size=(4, 3, 2), kernel=(2, 2, 1)"),
    ((1, 8, 12), "float32", "output_size=(4, 3, 1), kernel=(2, 2, 2), pad=(0, 0, 1)"),  # MXNet's order of sums
    ((2, 24, 6), "float16", "output_size=(4, 3, 1), kernel=(2, 2, 3), pad=(0, 0, 2), stride=(1, 1, 2)"),
)]

Z = "z = mx.nd.arange(60).reshape((3, 4, 5)); "
MOVEAXIS = [
    Z + f"result = mx.nd.moveaxis(z, {args})" for args in (
        "0, 1", "[0, 1], [-1, -2]", "-1, 0", "3, 0", "0, 3", "[0, 1], [1]", "[0, 0], [1, 2]", "(0, 1), (2, 0)",
        "0, 0", "(0, 1, 2), (2, 1, 0)", "-4, 0", "0, -4")
] + [
    "mx.nd.moveaxis(mx.nd.arange(6).reshape((2, 3)).astype('int32'), 1, 0)",
    "mx.nd.moveaxis(mx.nd.arange(6).reshape((2, 3)).astype('bool'), 1, 0)",
    "x = mx.nd.arange(6).reshape((2, 3)); y = mx.nd.moveaxis(x, 0, 0); y[:] = 0; result = x",
]

CONCATENATE = [
    AB + f"result = mx.nd.concatenate({args})" for args in (
        "[a, b]", "[a, b], axis=1", "[a, b], 1", "[a, b], axis=-1", "[a, b], axis=2", "(a, b)", "[]",
        "[a, mx.nd.ones((3, 3))]", "[a, mx.nd.ones((3, 3))], axis=1", "[a, b.astype('int32')]",
        "[a.astype('int32'), b.astype('int32')], axis=1", "[a.astype('bool'), b.astype('bool')]", "[a]",
        "[a, b], always_copy=False", "[[1, 2]]", "[a, [1, 2]]", "[a, b, a], axis=0", "[a, mx.nd.ones((2, 1))], axis=1")
] + [
    AB + "result = mx.nd.concatenate([a], always_copy=False) is a", AB + "result = mx.nd.concatenate([a]) is a",
    AB + "y = mx.nd.concatenate([a]); y[:] = 0; result = a",
] + [AB + f"result = mx.nd.concatenate([a.astype('{d}'), b.astype('{d}')], axis=1)" for d in DTYPES[:-1]]

CASES = CONCAT + STACK + SPLIT + SPLIT_V2 + SLICE + SLICE_AXIS + SLICE_LIKE + FLIP + TILE + REPEAT + PAD + RAVEL \
    + KHATRI_RAO + IM2COL + COL2IM + MOVEAXIS + CONCATENATE

DELIBERATE = {
    I + "result = mx.nd.im2col(i, kernel=(2,))":
        "MXNet 1.9.1 treats a 4-D input with a 1-D kernel as a 1-D signal and returns part of it; "
        "mxnd supports 2-D and 3-D kernels only (as MXNet's kernels) and raises",
    AB + "result = mx.nd.stack(a, mx.nd.arange(6).reshape((3, 2)))":
        "MXNet 1.9.1 only compares sizes and reinterprets the (3, 2) input as (2, 3); mxnd raises",
    FIVE + "result = mx.nd.slice(v, begin=(-10,), end=(3,))":
        "MXNet 1.9.1's MKLDNN float32 path fails ('could not construct a sub-memory') for a begin "
        "before the start; mxnd clips it as MXNet's other dtypes do",
    "mx.nd.unravel_index(mx.nd.array([[22, 41], [37, 1]]), shape=(7, 6))":
        "MXNet 1.9.1 returns its input unchanged for a 2-D input (shape inference reads only the first "
        "axis); mxnd raises: the input must be 1-D",
}
