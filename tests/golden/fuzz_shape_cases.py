"""Shape, layout, reduction and ordering cases found by differential fuzzing against MXNet 1.9.1.

Each entry is an expression, or statements that set ``result``. Never put a case here whose
MXNet result depends on memory it does not own (reshape to a different size, tile needing more
than 5 broadcast dimensions).
"""

X = "x = mx.nd.arange(24).reshape((4, 6)); "
Y = "y = mx.nd.arange(20).reshape((4, 5)); "

# MXNet puts the inferred size of -1 into the output slot numbered like the -1 in `shape`:
# after a -2 or -4 that is another slot (or none), and the NDArray method's size check fails
RESHAPE_INFER_SLOT = [
    Y + "result = y.reshape((-4, 2, -1, -1, 1))",
    Y + "result = mx.nd.reshape(y, shape=(-4, 2, -1, -1, 1))",
    Y + "result = y.reshape((-4, 1, -1, 1, -1))",
    X + "result = x.reshape((-2, -1))",
    X + "result = x.reshape(-4, 1, -1, -1)",
    X + "result = x.reshape((-4, -1, 2, -1))",
    X + "result = x.reshape((0, -2, -1))",
    X + "result = mx.nd.reshape(x, shape=(0, -2, -1))",
    X + "result = x.reshape((-3, -1))",
    X + "result = mx.nd.reshape(x, shape=(-4, 2, -1, -1), reverse=True)",
    "result = mx.nd.reshape(mx.nd.ones((4, 1, 5)), shape=(-2, -1))",
    "result = mx.nd.ones((2, 3, 4)).reshape((-4, 1, 2, -1, -1))",
]

# transpose indexes the shape with the axes unchanged: negative axes fail; axes=None is a shape
# of unknown rank
TRANSPOSE = [
    X + "result = mx.nd.transpose(x, axes=(-1, -2))",
    X + "result = x.transpose((-2, 1))",
    X + "result = x.transpose((1, -1))",
    "result = mx.nd.transpose(mx.nd.arange(3), axes=(-1,))",
    X + "result = mx.nd.transpose(x, axes=None)",
    X + "result = mx.nd.transpose(x, axes='None')",
    X + "result = mx.nd.transpose(x, axes=())",
    X + "result = mx.nd.transpose(x, axes=(1, 0))",
]

# broadcast_like with lhs_axes/rhs_axes: MXNet's checks (lhs axis must have size 1, axes in range,
# same number of axes, not empty); with only one of them given, the plain broadcast
A13 = "a = mx.nd.array([[1, 2, 3]]); b = mx.nd.arange(9).reshape((3, 3)); "
BROADCAST_LIKE = [
    "result = mx.nd.broadcast_like(mx.nd.ones((1, 2)), mx.nd.ones((2, 2)), lhs_axes=(1, 0), rhs_axes=(0, -2))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(0, -1), rhs_axes=(1, 0))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(0,), rhs_axes=(-2,))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(-2,), rhs_axes=(1,))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(0,))",
    A13 + "result = mx.nd.broadcast_like(a, b, rhs_axes=(0,))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(), rhs_axes=())",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(0,), rhs_axes=(0, 1))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(2,), rhs_axes=(0,))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(-3,), rhs_axes=(0,))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(0,), rhs_axes=(2,))",
    A13 + "result = mx.nd.broadcast_like(a, b, lhs_axes=(0,), rhs_axes=(-3,))",
    A13 + "result = a.broadcast_like(mx.nd.ones((2, 4)), lhs_axes=(0,), rhs_axes=(1,))",
    "result = mx.nd.broadcast_like(mx.nd.ones((1, 1)), mx.nd.ones((2, 4)), lhs_axes=(0, 0), rhs_axes=(0, 1))",
]

# reshape_like's lhs/rhs ranges: negatives wrap once, then MXNet checks end <= ndim, begin < end
# and begin >= 0
Z = "z = mx.nd.arange(24).reshape((2, 3, 4)); w = mx.nd.ones((6, 7)); "
RESHAPE_LIKE = [
    "result = mx.nd.reshape_like(mx.nd.ones((3,)), mx.nd.ones((3,)), lhs_end=2, rhs_begin=0, rhs_end=1)",
    "result = mx.nd.reshape_like(mx.nd.ones((2, 3)), mx.nd.ones((3, 2)), lhs_begin=-5, rhs_begin=0)",
    Z + "result = mx.nd.reshape_like(z, w, lhs_begin=0, lhs_end=2, rhs_begin=0, rhs_end=1)",
    Z + "result = mx.nd.reshape_like(z, w, lhs_begin=-3, lhs_end=-1, rhs_begin=-2, rhs_end=-1)",
    Z + "result = mx.nd.reshape_like(z, w, lhs_begin=1, lhs_end=1, rhs_begin=0, rhs_end=0)",
    Z + "result = mx.nd.reshape_like(z, w, lhs_begin=2, lhs_end=1, rhs_begin=0, rhs_end=1)",
    Z + "result = mx.nd.reshape_like(z, w, lhs_begin=0, lhs_end=-4, rhs_begin=0, rhs_end=1)",
    Z + "result = mx.nd.reshape_like(z, w, lhs_end=2, rhs_begin=-3, rhs_end=1)",
    Z + "result = mx.nd.reshape_like(z, w, lhs_end=2, rhs_begin=0, rhs_end=3)",
    Z + "result = mx.nd.reshape_like(z, mx.nd.ones((1, 6, 1)), lhs_begin=0, lhs_end=2)",
    Z + "result = z.reshape_like(mx.nd.ones((4, 6)))",
]

# broadcast_to: a negative target size is an error (not torch's "keep this size")
BROADCAST_TO = [
    "result = mx.nd.broadcast_to(mx.nd.ones((1, 3)), shape=(-1, 3))",
    "result = mx.nd.broadcast_to(mx.nd.ones((1, 3)), shape=(2, -1))",
    "result = mx.nd.broadcast_to(mx.nd.ones((1, 3)), shape=(2, 0))",
    "result = mx.nd.ones((1, 3)).broadcast_to((-1, 3))",
    "result = mx.nd.ones((1, 3)).broadcast_to((2, -1))",
]

# None for a Shape parameter is MXNet's shape of unknown rank: flip raises, slice_like cuts no axis
NONE_SHAPE = [
    "result = mx.nd.flip(mx.nd.ones((1, 2)), axis=None)",
    "result = mx.nd.reverse(mx.nd.ones((1, 2)), axis='None')",
    "result = mx.nd.ones((1, 2)).flip(axis=None)",
    "result = mx.nd.flip(mx.nd.arange(6).reshape((2, 3)), axis=())",
    "result = mx.nd.slice_like(mx.nd.arange(6).reshape((2, 3)), mx.nd.ones((1, 2)), axes=None)",
    "result = mx.nd.slice_like(mx.nd.arange(6).reshape((2, 3)), mx.nd.ones((1, 2)), axes=())",
    "result = mx.nd.slice_like(mx.nd.arange(6).reshape((2, 3)), mx.nd.ones((1, 2)), axes=(1,))",
    "result = mx.nd.tile(mx.nd.arange(6).reshape((2, 3)), reps=None)",
    "result = mx.nd.broadcast_axis(mx.nd.ones((1, 3)), axis=None, size=(2,))",
]

CASES = NONE_SHAPE + RESHAPE_INFER_SLOT + TRANSPOSE + BROADCAST_LIKE + RESHAPE_LIKE + BROADCAST_TO
