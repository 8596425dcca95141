"""Cases of the shape family: flatten, expand_dims, squeeze, swapaxes, broadcast_axes,
shape_array, size_array, depth_to_space, space_to_depth, diag (and transpose on new dtypes).

Each entry is an expression, or statements that set ``result``. tools/make_golden.py records
what MXNet 1.9.1 returns (or raises) for each into shape.json; tests/test_golden.py checks
mxnd against it. Every case returns an array (so MXNet's asynchronous kernel errors surface).
"""

X = "x = mx.nd.arange(24).reshape((2, 3, 4)); "
S = "s = mx.nd.zeros((1, 2, 1, 3)); "
DTYPES = ["float16", "float64", "int8", "uint8", "int32", "int64", "bool"]

FLATTEN = [
    X + "result = mx.nd.flatten(x)", X + "result = mx.nd.Flatten(x)", "mx.nd.flatten(mx.nd.arange(3))",
    "mx.nd.flatten(mx.nd.ones((2, 1, 1, 2)))", "mx.nd.flatten(mx.nd.array(3))",
    X + "result = x.flatten()", X + "y = x.flatten(); y[:] = -1; result = x",
    X + "y = x.flatten(inplace=True); y[:] = -1; result = x",
    X + "result = x.flatten(inplace=True)", "mx.nd.array([3]).flatten(inplace=True)",
] + [f"mx.nd.flatten(mx.nd.arange(6).reshape((1, 2, 3)).astype('{d}'))" for d in DTYPES]

EXPAND_DIMS = [
    X + f"result = mx.nd.expand_dims(x, axis={a})" for a in (0, 1, 3, -1, -4, 4, -5)
] + [
    X + "result = mx.nd.expand_dims(x, axis='1')", X + "result = mx.nd.expand_dims(x, 2)",
    X + "result = mx.nd.expand_dims(x)", "mx.nd.expand_dims(mx.nd.array(3), axis=0)",
    X + "result = x.expand_dims(1)", X + "result = x.expand_dims(axis=-1)",
    X + "y = x.expand_dims(1); y[:] = 0; result = x",
    X + "y = x.expand_dims(1, inplace=True); y[:] = 0; result = x",
    X + "result = x.expand_dims(-4, inplace=True)", X + "result = x.expand_dims(4, inplace=True)",
    X + "result = x.expand_dims(-5, inplace=True)",
] + [f"mx.nd.expand_dims(mx.nd.array([1, 0]).astype('{d}'), axis=0)" for d in DTYPES]

SQUEEZE = [
    S + f"result = mx.nd.squeeze(s, axis={a!r})" for a in
    (None, 0, 2, -2, -4, (0, 2), (2, 0), "(0, 2)", "0", "None", (), 1, 4, -5, (0, 0), (0, -4), [0])
] + [
    S + "result = mx.nd.squeeze(s)", "mx.nd.squeeze(mx.nd.zeros((1, 1)))", "mx.nd.squeeze(mx.nd.zeros((1,)), axis=0)",
    "mx.nd.squeeze(mx.nd.array(3))", "mx.nd.squeeze(mx.nd.arange(6).reshape((2, 3)))",
    S + "result = s.squeeze()", S + "result = s.squeeze(axis=2)", S + "result = s.squeeze(axis=1)",
    S + "result = s.squeeze(inplace=True)", S + "result = s.squeeze(axis=2, inplace=True)",
    S + "result = s.squeeze(axis=(0, 2), inplace=True)", S + "result = s.squeeze(axis=(), inplace=True)",
    S + "result = s.squeeze(axis=1, inplace=True)", S + "result = s.squeeze(axis=(0, 0), inplace=True)",
    S + "result = s.squeeze(axis=5, inplace=True)", "mx.nd.zeros((1, 1)).squeeze(inplace=True)",
    S + "y = s.squeeze(inplace=True); y[:] = 5; result = s",
    S + "y = s.squeeze(); y[:] = 5; result = s",
] + [f"mx.nd.squeeze(mx.nd.array([[1, 0]]).astype('{d}'))" for d in DTYPES]

SWAPAXES = [
    X + "result = mx.nd.swapaxes(x)", X + "result = mx.nd.swapaxes(x, dim1=0, dim2=2)",
    X + "result = mx.nd.swapaxes(x, 0, 2)", X + "result = mx.nd.swapaxes(x, dim1=-1, dim2=0)",
    X + "result = mx.nd.SwapAxis(x, dim1='1', dim2='2')", X + "result = mx.nd.swapaxes(x, dim1=1, dim2=1)",
    X + "result = mx.nd.swapaxes(x, dim1=3, dim2=0)", X + "result = mx.nd.swapaxes(x, dim1=0, dim2=-4)",
    X + "result = x.swapaxes(0, 1)", X + "result = x.swapaxes(dim1=2, dim2=0)",
    "mx.nd.swapaxes(mx.nd.arange(3), 0, 0)", "mx.nd.swapaxes(mx.nd.array(3))",
] + [f"mx.nd.swapaxes(mx.nd.array([[1, 0, 1]]).astype('{d}'), 0, 1)" for d in DTYPES]

BROADCAST_AXES = [
    f"mx.nd.broadcast_axis(mx.nd.arange(2).reshape((2, 1, 1)), axis={a!r}, size={s!r})" for a, s in (
        ((1, 2), (3, 4)), (1, 3), ((1,), (3,)), ("(1, 2)", "(3, 4)"), ("1", "2"), (0, 3), (-1, 3), (3, 3),
        ((1, 2), (3,)), ((1,), (3, 4)), (1, 1), (1, -1), ((1, 1), (3, 4)), ((), ()))
] + [
    "mx.nd.broadcast_axis(mx.nd.arange(2).reshape((2, 1, 1)))",
    "mx.nd.broadcast_axes(mx.nd.arange(3).reshape((1, 3)), axis=0, size=2)",
    "mx.nd.arange(3).reshape((1, 3)).broadcast_axes(axis=0, size=2)",
    "mx.nd.broadcast_axes(mx.nd.array(3), axis=0, size=2)",
] + [f"mx.nd.broadcast_axes(mx.nd.array([[1, 0]]).astype('{d}'), axis=0, size=2)" for d in DTYPES]

SHAPE_SIZE = [
    X + "result = mx.nd.shape_array(x)", X + "result = mx.nd.size_array(x)", X + "result = x.shape_array()",
    X + "result = x.size_array()", "mx.nd.shape_array(mx.nd.ones((5,)))", "mx.nd.size_array(mx.nd.ones((5,)))",
    "mx.nd.shape_array(mx.nd.array(3))", "mx.nd.size_array(mx.nd.array(3))",
    "mx.nd.shape_array(mx.nd.ones((2, 2), dtype='bool'))", "mx.nd.size_array(mx.nd.ones((2, 2), dtype='int8'))",
    "mx.nd.shape_array(mx.nd.ones((2, 3), dtype='float16'), foo=1)",
]

D = "d = mx.nd.arange(32).reshape((2, 4, 2, 2)); "
E = "e = mx.nd.arange(32).reshape((2, 2, 2, 4)); "
DEPTH_SPACE = [
    D + "result = mx.nd.depth_to_space(d, block_size=2)", D + "result = mx.nd.depth_to_space(d, 2)",
    D + "result = mx.nd.depth_to_space(d, block_size='2')", D + "result = mx.nd.depth_to_space(d, block_size=1)",
    D + "result = mx.nd.depth_to_space(d, block_size=3)", D + "result = mx.nd.depth_to_space(d, block_size=0)",
    D + "result = mx.nd.depth_to_space(d, block_size=-2)", D + "result = mx.nd.depth_to_space(d)",
    D + "result = d.depth_to_space(2)", "mx.nd.depth_to_space(mx.nd.arange(6).reshape((2, 3)), block_size=2)",
    "mx.nd.depth_to_space(mx.nd.arange(36).reshape((1, 9, 2, 2)), block_size=3)",
    E + "result = mx.nd.space_to_depth(e, block_size=2)", E + "result = mx.nd.space_to_depth(e, 2)",
    E + "result = mx.nd.space_to_depth(e, block_size=1)", E + "result = mx.nd.space_to_depth(e, block_size=4)",
    E + "result = mx.nd.space_to_depth(e, block_size=0)", E + "result = e.space_to_depth(block_size=2)",
    "mx.nd.space_to_depth(mx.nd.arange(6).reshape((2, 3)), block_size=2)",
    "mx.nd.space_to_depth(mx.nd.arange(36).reshape((1, 1, 6, 6)), block_size=3)",
    E + "result = mx.nd.depth_to_space(mx.nd.space_to_depth(e, 2), 2)",
] + [f"mx.nd.depth_to_space(mx.nd.arange(8).reshape((1, 4, 1, 2)).astype('{d}'), 2)" for d in DTYPES] \
  + [f"mx.nd.space_to_depth(mx.nd.arange(8).reshape((1, 2, 2, 2)).astype('{d}'), 2)" for d in DTYPES]

Y = "y = mx.nd.arange(6).reshape((2, 3)); "
Z = "z = mx.nd.arange(24).reshape((2, 3, 4)); "
DIAG = [
    Y + f"result = mx.nd.diag(y, k={k})" for k in (0, 1, 2, 3, 4, -1, -2, -3)
] + [
    f"mx.nd.diag(mx.nd.arange(1, 4), k={k})" for k in (0, 1, -2)
] + [
    Z + f"result = mx.nd.diag(z, k={k}, axis1={a1}, axis2={a2})" for k, a1, a2 in (
        (0, 0, 1), (1, 1, 2), (0, -1, 0), (0, 2, 0), (1, 2, 0), (-1, 2, 0), (1, 2, 1), (4, 1, 2), (-2, 1, 2),
        (5, 1, 2), (-4, 1, 2), (0, 0, 0), (0, 3, 0), (0, -4, 0), (0, 1, -3))
] + [
    Y + "result = mx.nd.diag(y, '1')", Y + "result = mx.nd.diag(y, k='-1', axis1='1', axis2='0')",
    Y + "result = y.diag(1)", Y + "result = y.diag(k=-1)", Y + "result = y.diag()",
    "mx.nd.diag(mx.nd.arange(3), axis1=5)", "mx.nd.diag(mx.nd.array(3))", "mx.nd.diag(mx.nd.ones((2, 2, 2, 2)))",
] + [f"mx.nd.diag(mx.nd.array([[1, 0], [0, 1]]).astype('{d}'))" for d in DTYPES] \
  + [f"mx.nd.diag(mx.nd.array([1, 0]).astype('{d}'), k=1)" for d in DTYPES]

TRANSPOSE_DTYPES = [f"mx.nd.transpose(mx.nd.array([[1, 0]]).astype('{d}'))" for d in DTYPES] + [
    "mx.nd.transpose(mx.nd.arange(24).reshape((2, 3, 4)), axes=(2, 0, 1))",
    "mx.nd.arange(6).reshape((2, 3)).transpose()",
    "x = mx.nd.arange(6).reshape((2, 3)); y = mx.nd.transpose(x, axes=(0, 1)); y[:] = 0; result = x",
]

# MXNet 1.x: an array of shape () has an unknown shape, so shape inference fails
SHAPE_UNKNOWN = [
    "mx.nd.reshape(mx.nd.array(3), shape=(1,))", "mx.nd.transpose(mx.nd.array(3))",
    "mx.nd.broadcast_to(mx.nd.array(3), shape=(2,))", "mx.nd.reshape_like(mx.nd.array(3), mx.nd.ones((1,)))",
    "mx.nd.broadcast_like(mx.nd.array(3), mx.nd.ones((1,)))",
]

CASES = FLATTEN + EXPAND_DIMS + SQUEEZE + SWAPAXES + BROADCAST_AXES + SHAPE_SIZE + DEPTH_SPACE + DIAG \
    + TRANSPOSE_DTYPES + SHAPE_UNKNOWN
