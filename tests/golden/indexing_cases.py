"""Cases of the indexing operators: take, batch_take, pick, one_hot, gather_nd, scatter_nd, where,
boolean_mask, index_copy, index_array, arange_like, Sequence*, fill_element_0index, onehot_encode.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records what
MXNet 1.9.1 returns (or raises) into indexing.json. No case here may crash MXNet: out-of-range
indices of scatter_nd, index_copy and the Sequence* operators corrupt memory there, so those
are tested in tests/ndarray/ops/test_indexing_ops.py instead.
"""

X = "x = mx.nd.array([[1, 2], [3, 4], [5, 6]]); "
D = "d = mx.nd.array([[0, 1], [2, 3]]); "
S = "s = mx.nd.arange(1, 19).reshape((3, 2, 3)); "
C = "c = mx.nd.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]]); "


def raises_mxnet_error(statement):
    """A case whose result says whether ``statement`` raises an MXNetError (or a subclass of it)."""
    return (f"try:\n    {statement}\n    result = 'no error'\n"
            f"except mx.base.MXNetError:\n    result = 'MXNetError'")


TAKE = [
    X + "result = mx.nd.take(x, mx.nd.array([0, 5, -1, -7]))",
    X + "result = mx.nd.take(x, mx.nd.array([0, 5, -1, -7]), mode='wrap')",
    X + "result = mx.nd.take(x, mx.nd.array([0.7, 1.2, 1.9, -0.5]))",
    X + "result = mx.nd.take(x, mx.nd.array([-1.5, -2.5, 4.7]), mode='wrap')",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1], dtype='int32'), axis=-1)",
    X + "result = mx.nd.take(x, mx.nd.array([[0, 1]], dtype='uint8'), axis=1, mode='raise')",
    X + "result = mx.nd.take(x, mx.nd.array([[0, 1], [1, 2]]))",
    X + "result = mx.nd.take(x, mx.nd.array([[0, 3], [-1, -2]]), axis=1, mode='wrap')",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1.5]), mode='raise')",
    X + "result = mx.nd.take(x, mx.nd.array([0, 3]), mode='raise')",
    X + "result = mx.nd.take(x, mx.nd.array([0, -1]), mode='raise')",
    X + "result = mx.nd.take(x, mx.nd.array([0, 2.5]), mode='raise')",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1]), axis=2)",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1]), axis=-3)",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1]), mode='foo')",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1]), axis='1')",
    raises_mxnet_error(X + "mx.nd.take(x, mx.nd.array([0, 1]), axis='1.5')"),
    raises_mxnet_error(X + "mx.nd.take(x, mx.nd.array([0, 1]), axis=None)"),
    X + "result = mx.nd.take(x, mx.nd.array([0, 1]), 1, 'wrap')",
    X + "result = mx.nd.take(x, mx.nd.array(1))",
    X + "result = mx.nd.take(x, mx.nd.array([]))",
    X + "result = mx.nd.take(x.astype('bool'), mx.nd.array([0, 1]))",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1]).astype('bool'))",
    X + "result = mx.nd.take(x.astype('float16'), mx.nd.array([1, 2], dtype='int8'))",
    X + "result = mx.nd.take(x.astype('int64'), mx.nd.array([255], dtype='uint8'), mode='wrap')",
    X + "result = mx.nd.take(x, mx.nd.array([-1], dtype='int8'), mode='wrap')",
    X + "result = mx.nd.take(x, mx.nd.array([1e10]))",
    X + "result = x.take(mx.nd.array([1]))",
    X + "result = x.take(mx.nd.array([1, 0]), axis=1, mode='clip')",
    "mx.nd.take(mx.nd.array([1, 2, 3]), mx.nd.array([[0, 2], [1, 1]]))",
    "mx.nd.take(mx.nd.array(5), mx.nd.array([0]))",
    "mx.nd.take(mx.nd.arange(24).reshape((2, 3, 4)), mx.nd.array([[2, 0]]), axis=1)",
    "mx.nd.take(mx.nd.arange(24).reshape((2, 3, 4)), mx.nd.array([3, -1]), axis=-1, mode='wrap')",
    "mx.nd.take(a=mx.nd.array([4, 5, 6]), indices=mx.nd.array([1]))",
    X + "result = mx.nd.take(x, mx.nd.array([0, 1]), axis=1, mode='raise', foo=1)",
]

BATCH_TAKE = [
    X + "result = mx.nd.batch_take(x, mx.nd.array([0, 1, -1], dtype='int32'))",
    X + "result = mx.nd.batch_take(x, mx.nd.array([0, 1, 5], dtype='int32'))",
    X + "result = mx.nd.batch_take(x, mx.nd.array([[0, 1, 1]], dtype='int32'))",
    X + "result = mx.nd.batch_take(x.astype('int32'), mx.nd.array([0, 1, 1], dtype='int32'))",
    X + "result = mx.nd.batch_take(x, mx.nd.array([0, 1, 5]))",
    X + "result = mx.nd.batch_take(x, mx.nd.array([0, 1, 5], dtype='int64'))",
    X + "result = mx.nd.batch_take(x, mx.nd.array([0, 1], dtype='int32'))",
    "mx.nd.batch_take(mx.nd.arange(24).reshape((2, 1, 12)), mx.nd.array([0, 13], dtype='int32'))",
    "mx.nd.batch_take(mx.nd.array([1, 2, 3]), mx.nd.array([0], dtype='int32'))",
]

PICK = [
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, 5]))",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, -1]), mode='wrap')",
    X + "result = mx.nd.pick(x, mx.nd.array([2, -1, -2]), 1, mode='wrap')",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1]), axis=0)",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1]), axis=0, keepdims=True)",
    X + "result = mx.nd.pick(x, mx.nd.array([[0, 1]]), axis=0)",
    X + "result = mx.nd.pick(x, mx.nd.array([[0], [1], [1]]), axis=1)",
    X + "result = mx.nd.pick(x, mx.nd.array([[1], [0], [2]]), 1, True)",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, 1], dtype='int64'), keepdims='True')",
    X + "result = mx.nd.pick(x, mx.nd.array([0.5, 1.7, -0.3]))",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1]), axis='-2')",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, 1]), axis=None)",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, 1]), axis=2)",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, 1]), axis=-2)",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1]))",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, 1]), mode='raise')",
    X + "result = mx.nd.pick(x.astype('bool'), mx.nd.array([0, 1, 1]))",
    X + "result = mx.nd.pick(x, mx.nd.array([0, 1, 1]).astype('bool'))",
    X + "result = mx.nd.pick(x.astype('int32'), mx.nd.array([0, 1, 1], dtype='uint8'))",
    X + "result = mx.nd.pick(x.astype('float64'), mx.nd.array([1, 0, 1], dtype='int32'))",
    X + "result = x.pick(mx.nd.array([0, 1, 1]))",
    X + "result = mx.nd.choose_element_0index(x, mx.nd.array([0, 1, 1]))",
    "mx.nd.pick(mx.nd.array([1, 2, 3]), mx.nd.array([2]))",
    "mx.nd.pick(mx.nd.array([1, 2, 3]), mx.nd.array([2]), keepdims=True)",
    "mx.nd.pick(mx.nd.array([1, 2, 3]), mx.nd.array([2, 1]))",
    "mx.nd.pick(mx.nd.arange(24).reshape((2, 3, 4)), mx.nd.array([[0, 1, 2, 3], [2, 1, 0, 5]]), axis=1)",
    "mx.nd.pick(mx.nd.arange(24).reshape((2, 3, 4)), mx.nd.array([[0, 1, 2], [2, 1, 0]]), axis=-1, keepdims=True)",
]

ONE_HOT = [
    "mx.nd.one_hot(mx.nd.array([1, 0, 2, 0]), 3)",
    "mx.nd.one_hot(mx.nd.array([1, -1, 3, 0.5, 2.9]), 3)",
    "mx.nd.one_hot(mx.nd.array([1, 0, 2, 0]), 3, on_value=8, off_value=1, dtype='int32')",
    "mx.nd.one_hot(mx.nd.array([1, 0, 2, 0]), 3, 8.5, -1.5, 'int32')",
    "mx.nd.one_hot(mx.nd.array([1, 0, 2, 0]), 3, on_value=300, dtype='uint8')",
    "mx.nd.one_hot(mx.nd.array([[1, 0], [2, 0]], dtype='int32'), depth='3', on_value='2', dtype=np.float64)",
    "mx.nd.one_hot(mx.nd.array([1, 0]), 3, on_value=0.1, dtype='float64')",
    "mx.nd.one_hot(mx.nd.array([1, 0]), 3, dtype='float16')",
    "mx.nd.one_hot(mx.nd.array([1, 0]), 3, dtype='int8', off_value=-2)",
    "mx.nd.one_hot(mx.nd.array([1, 0]), 3, dtype=None)",
    "mx.nd.one_hot(mx.nd.array([1, 0], dtype='int64'), 2, dtype='int64')",
    "mx.nd.one_hot(mx.nd.array([1, 0]), 0)",
    "mx.nd.one_hot(mx.nd.array([1, 0]), -1)",
    "mx.nd.one_hot(mx.nd.array([1, 0]))",
    raises_mxnet_error("mx.nd.one_hot(mx.nd.array([1, 0]), 2.0)"),
    raises_mxnet_error("mx.nd.one_hot(mx.nd.array([1, 0]), True)"),
    "mx.nd.one_hot(mx.nd.array([1, 0]), 3, dtype='bool')",
    "mx.nd.one_hot(mx.nd.array([1, 0]), 3, dtype='foo')",
    "mx.nd.one_hot(mx.nd.array([1, 0]).astype('bool'), 3)",
    "mx.nd.one_hot(mx.nd.array(1), 3)",
    "mx.nd.one_hot(mx.nd.array([1, 0]), 3, axis=0)",
    "mx.nd.array([1, 0]).one_hot(3)",
    "mx.nd.array([2, 0]).one_hot(depth=4, on_value=5)",
    # on/off values out of the dtype's range convert as C++ does (INT_MIN, its low byte, inf)
] + [f"mx.nd.one_hot(mx.nd.array([0, 1]), 2, on_value={on}, off_value={off}, dtype='{d}')"
     for d in ("int8", "uint8", "int32", "int64", "float16") for on, off in ((1e10, -300.7), (3e9, 1e20), (70000, 300.7))] + [
]

GATHER_SCATTER = [
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, 1, 0], [0, 1, 0]]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, -1, -2], [0, 1, 0]]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1.5, -0.5, 0.7], [0, 1, 0.2]]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1.2, -0.5, 0.7], [0, 1, 0.2]]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, 2, 0], [0, 1, 0]]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, -3, 0], [0, 1, 0]]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, 1, 0], [0, 5, 9]], dtype='int32'))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, 1]]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([1, 1]))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1], [1], [0]]))",
    D + "result = mx.nd.gather_nd(d.astype('int32'), mx.nd.array([[1, 1, 0], [0, 1, 0]], dtype='int32'))",
    D + "result = mx.nd.gather_nd(d.astype('bool'), mx.nd.array([[1, 1, 0], [0, 1, 0]], dtype='int32'))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, 1, 0], [0, 1, 0]], dtype='bool'))",
    D + "result = mx.nd.gather_nd(d, mx.nd.array([[1, 1, 0], [0, 1, 0]], dtype='uint8'))",
    "mx.nd.gather_nd(mx.nd.arange(1, 9).reshape((2, 2, 2)), mx.nd.array([[0, 1], [1, 0]]))",
    "mx.nd.gather_nd(mx.nd.arange(1, 9).reshape((2, 2, 2)), mx.nd.array([[[0, 1], [1, 0]]], dtype='int64'))",
    "mx.nd.gather_nd(data=mx.nd.arange(4), indices=mx.nd.array([[3, 0]]))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0]), mx.nd.array([[1, 1, 0], [0, 1, 1]]), shape=(2, 2))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0]), mx.nd.array([[1, 1, 0], [0, 1, 1]]), shape='(2,2)')",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0]), mx.nd.array([[1, 1, 0], [0, 1, 1]]), (2, 2))",
    "mx.nd.scatter_nd(mx.nd.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]), mx.nd.array([[0, 1], [1, 1]]), shape=(2, 2, 2, 2))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3]), mx.nd.array([[1, 0], [0, 1]]), shape=(2, 3))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 4]), mx.nd.array([[1, 1, 0], [0, 1, 2]]), shape=(3, 3))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 4]), mx.nd.array([[1.5, 1.2, 0.9], [0, 1, 2.7]]), shape=(2, 3))",
    "mx.nd.scatter_nd(mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([[2, 0]]), shape=(3, 2))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0], dtype='int32'), mx.nd.array([[1, 1, 0], [0, 1, 1]], dtype='int64'), shape=(2, 2))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0], dtype='bool'), mx.nd.array([[1, 1, 0], [0, 1, 1]], dtype='int64'), shape=(2, 2))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0]), mx.nd.array([[1, 1, 0], [0, 1, 1]]), shape=(2,))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0]), mx.nd.array([1, 1, 0]), shape=(2,))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3, 0]), mx.nd.array([[1, 1, 0], [0, 1, 1]]))",
    "mx.nd.scatter_nd(mx.nd.array([2, 3]), mx.nd.array([[1, 1, 0], [0, 1, 1]]), shape=(2, 2))",
    "mx.nd.scatter_nd(mx.nd.array([[2, 3]]), mx.nd.array([[1], [0]]), shape=(2, 3))",
    "mx.nd._internal._backward_gather_nd(mx.nd.array([2, 3, 4]), mx.nd.array([[1, 1, 0], [1, 1, 0]]), shape=(2, 2))",
    "mx.nd._internal._backward_gather_nd(mx.nd.array([2, 3, 4], dtype='float16'), mx.nd.array([[1, 1, 0], [1, 1, 0]]), shape=(2, 2))",
    "mx.nd._internal._backward_gather_nd(mx.nd.array([2, 3, 4], dtype='int8'), mx.nd.array([[1, 1, 0], [1, 1, 0]]), shape=(2, 2))",
    "o = mx.nd.ones((2, 2)); r = mx.nd._internal._scatter_set_nd(o, mx.nd.array([2, 3, 0]), "
    "mx.nd.array([[1, 1, 0], [0, 1, 0]]), shape=(2, 2), out=o); result = (r is o, o)",
    "o = mx.nd.ones((2, 2)); result = mx.nd._internal._scatter_set_nd(o, mx.nd.array([2, 3, 0]), "
    "mx.nd.array([[1, 1, 0], [0, 1, 0]]), out=o)",
]

WHERE = [
    "mx.nd.where(mx.nd.array([[0, 1], [-1, 0]]), mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([[5, 6], [7, 8]]))",
    "mx.nd.where(mx.nd.array([0, 1]), mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([[5, 6], [7, 8]]))",
    "mx.nd.where(mx.nd.array([0, 1, 0]), mx.nd.arange(6).reshape((3, 2)), mx.nd.zeros((3, 2)))",
    "mx.nd.where(mx.nd.array([0, 1]), mx.nd.arange(8).reshape((2, 2, 2)), mx.nd.zeros((2, 2, 2)))",
    "mx.nd.where(mx.nd.array([[np.nan, 0.1], [1, 0]]), mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([[5, 6], [7, 8]]))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]], dtype='int32'), mx.nd.array([[1, 2], [3, 4]]), mx.nd.ones((2, 2)))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]]), mx.nd.array([[1, 2], [3, 4]], dtype='int32'), "
    "mx.nd.array([[5, 6], [7, 8]], dtype='int32'))",
    "mx.nd.where(mx.nd.array([1, 0, 1]), mx.nd.array([1, 2, 3], dtype='float64'), mx.nd.zeros((3,), dtype='float64'))",
    "mx.nd.where(condition=mx.nd.array([1, 0]), x=mx.nd.array([1, 2]), y=mx.nd.array([3, 4]))",
    "mx.nd.where(mx.nd.array([0, 1, 1]), mx.nd.ones((2, 2)), mx.nd.zeros((2, 2)))",
    "mx.nd.where(mx.nd.array([[0, 1]]), mx.nd.ones((2, 2)), mx.nd.zeros((2, 2)))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]]), mx.nd.ones((2, 2, 2)), mx.nd.zeros((2, 2, 2)))",
    "mx.nd.where(mx.nd.array([0, 1, 0]), mx.nd.arange(6), -mx.nd.arange(6))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]], dtype='bool'), mx.nd.ones((2, 2)), mx.nd.zeros((2, 2)))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]]), mx.nd.ones((2, 2), dtype='bool'), mx.nd.zeros((2, 2), dtype='bool'))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]]), mx.nd.ones((2, 2), dtype='int32'), mx.nd.zeros((2, 2)))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]]), mx.nd.ones((2, 2)), mx.nd.array([1, 2]))",
    "mx.nd.where(mx.nd.array([[0, 1], [1, 0]]), mx.nd.ones((2, 2)))",
]

MASK_COPY = [
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([0, 1, 0]))",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([0, 0, 0]))",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([1, 1, 1], dtype='int32'))",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([1, 0, 1], dtype='bool'))",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([0.5, 0, -2]))",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([1, 0]))",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([[1, 0, 1]]))",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([1, 0, 1]), axis=1)",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([1, 0, 1]), axis=-1)",
    C + "result = mx.nd.contrib.boolean_mask(c, mx.nd.array([1, 0, 1]), axis='0')",
    C + "result = mx.nd.contrib.boolean_mask(c.astype('int8'), mx.nd.array([1, 0, 1]))",
    C + "result = mx.nd.contrib.boolean_mask(c.astype('bool'), mx.nd.array([1, 0, 1]))",
    "mx.nd.contrib.boolean_mask(mx.nd.array([1, 2, 3]), mx.nd.array([1, 0, 1]))",
    "mx.nd.contrib.boolean_mask(mx.nd.arange(12).reshape((3, 2, 2)), mx.nd.array([1, 0, 1]))",
    "mx.nd.contrib.boolean_mask(mx.nd.array(5), mx.nd.array([1]))",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 4, 2]), c)",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 4, 2], dtype='int64'), c)",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0.5, 4.9, 2]), c)",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 0, 2]), c)",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3), dtype='int32'), mx.nd.array([0, 4, 2]), c.astype('int32'))",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 4]), c)",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([[0, 4, 2]]), c)",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 4, 2]), c.astype('int32'))",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 4, 2]), mx.nd.ones((3, 2)))",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 4, 2]), mx.nd.ones((3,)))",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((2, 3)), mx.nd.array([0, 1, 1]), c)",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3), dtype='bool'), mx.nd.array([0, 4, 2]), c.astype('bool'))",
    C + "result = mx.nd.contrib.index_copy(mx.nd.zeros((5, 3)), mx.nd.array([0, 4, 2]).astype('bool'), c)",
    "mx.nd.contrib.index_copy(mx.nd.zeros((5,)), mx.nd.array([0, 4, 2]), mx.nd.array([1, 2, 3]))",
]

INDEX_ARANGE = [
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2)))",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2, 2)), axes=(1, 0))",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2)), axes=(-1,))",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2)), axes=5)",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2)), axes='(0,)')",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2)), axes=())",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2)), axes=None)",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2)), axes='None')",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2), dtype='int32'))",
    "mx.nd.contrib.index_array(mx.nd.ones((3, 2), dtype='bool'))",
    "mx.nd.contrib.index_array(mx.nd.ones((4,)))",
    "mx.nd.contrib.index_array(mx.nd.array(3))",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)))",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), start=1.5, step=0.5)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), start=0, step=2, repeat=3)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), axis=-1)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), axis=0, repeat=2)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), axis=2)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), start=0, step=0.1)",
    "mx.nd.contrib.arange_like(mx.nd.ones((2, 3), dtype='float64'), start=0.1, step=0.1)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4), dtype='int32'), start=1.7, step=0.9)",
    "mx.nd.contrib.arange_like(mx.nd.ones((2, 2), dtype='int64'), start=-2.5, step=1.5)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4), dtype='uint8'), start=-1, step=1)",
    "mx.nd.contrib.arange_like(mx.nd.ones((2, 2), dtype='int8'), start=-200, step=1)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4), dtype='float16'), start=0, step=0.1)",
    "mx.nd.contrib.arange_like(mx.nd.ones((2, 3), dtype='float16'), start=1.5, step=2.5)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), repeat=-2)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), step=0)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), ctx='gpu(0)')",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), ctx=mx.cpu())",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), start='2', step='3', repeat='2', axis='1')",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), axis=None)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4)), 1, 2, 1, None, 1)",
    "mx.nd.contrib.arange_like(mx.nd.ones((3, 4), dtype='bool'))",
    "mx.nd.contrib.arange_like(mx.nd.array(3))",
]

SEQUENCE = [
    S + "result = mx.nd.SequenceMask(s)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 1]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceMask(s, sequence_length=mx.nd.array([2, 3]), use_sequence_length=True, value=1)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 2, 0]), use_sequence_length=True, axis=1)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1.5, 2.9]), use_sequence_length=True, value=-7.5)",
    S + "result = mx.nd.SequenceMask(s.astype('int32'), mx.nd.array([1, 2]), use_sequence_length=True, value=1e10)",
    S + "result = mx.nd.SequenceMask(s.astype('uint8'), mx.nd.array([1, 2]), use_sequence_length=True, value=-300.7)",
    S + "result = mx.nd.SequenceMask(s.astype('float16'), mx.nd.array([1, 2]), use_sequence_length=True, value=70000)",
    S + "result = mx.nd.SequenceMask(s.astype('int32'), mx.nd.array([1, 2], dtype='int32'), use_sequence_length=True, value=-7.5)",
    S + "result = mx.nd.SequenceMask(s.astype('float64'), mx.nd.array([1, 2], dtype='float64'), use_sequence_length=True, value=0.1)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([5, 2]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([0, 2]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 2]), True, 3.0, 0)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 2]), 'true', '3', '0')",
    S + "result = mx.nd.SequenceMask(data=s, sequence_length=mx.nd.array([1, 2], dtype='int64'), use_sequence_length=1)",
    S + "result = mx.nd.SequenceMask(s, sequence_length=mx.nd.array([2, 3]), use_sequence_length=False)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([2, 3]))",
    S + "result = mx.nd.SequenceMask(s, use_sequence_length=True)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 2]), use_sequence_length=True, axis=1)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 2]), use_sequence_length=True, axis=2)",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 2, 3]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceMask(s.astype('bool'))",
    S + "result = mx.nd.SequenceMask(s, mx.nd.array([1, 2]).astype('bool'), use_sequence_length=True)",
    S + "result = mx.nd.SequenceMask(s, [1, 2], use_sequence_length=True)",
    "mx.nd.SequenceMask(mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([1, 0]), use_sequence_length=True)",
    "mx.nd.SequenceMask(mx.nd.array([1, 2]), mx.nd.array([1]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceLast(s)",
    S + "result = mx.nd.SequenceLast(s, axis=1)",
    S + "result = mx.nd.SequenceLast(s, mx.nd.array([1, 3]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceLast(s, mx.nd.array([1.5, 2.9]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceLast(s, mx.nd.array([1, 2, 1]), use_sequence_length=True, axis=1)",
    S + "result = mx.nd.SequenceLast(s.astype('int64'), mx.nd.array([1, 3], dtype='int32'), use_sequence_length=True)",
    S + "result = mx.nd.SequenceLast(s, mx.nd.array([1, 3]))",
    S + "result = mx.nd.SequenceLast(s, axis=3)",
    "mx.nd.SequenceLast(mx.nd.array([[1, 2], [3, 4]]))",
    "mx.nd.SequenceLast(mx.nd.array([1, 2]))",
    S + "result = mx.nd.SequenceReverse(s)",
    S + "result = mx.nd.SequenceReverse(s, mx.nd.array([2, 3]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceReverse(s, mx.nd.array([0, 1]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceReverse(s, mx.nd.array([1.7, 2.2]), use_sequence_length=True)",
    S + "result = mx.nd.SequenceReverse(s.astype('int8'), mx.nd.array([2, 3], dtype='int64'), use_sequence_length=True)",
    S + "result = mx.nd.SequenceReverse(s, axis=1)",
    S + "result = mx.nd.SequenceReverse(s, use_sequence_length=True)",
    "mx.nd.SequenceReverse(mx.nd.array([[1, 2], [3, 4]]))",
    "mx.nd.SequenceReverse(mx.nd.array([1, 2]))",
]

LEGACY = [
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([7, 8, 9]), mx.nd.array([0, 3, 5]))",
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([7, 8, 9]), mx.nd.array([-1, 1.7, 2.2]))",
    "mx.nd.fill_element_0index(mx.nd.ones((2, 2)), mx.nd.array([7, 8]), rhs=mx.nd.array([1, 0]))",
    "mx.nd.fill_element_0index(lhs=mx.nd.ones((2, 2)), mhs=mx.nd.array([7, 8]), rhs=mx.nd.array([1, 0]), foo=2)",
    "o = mx.nd.zeros((3, 4)); r = mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([7, 8, 9]), "
    "mx.nd.array([0, 3, 1]), out=o); result = (r is o, o)",
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([7, 8]), mx.nd.array([0, 3, 5]))",
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([[7, 8, 9]]), mx.nd.array([0, 3, 5]))",
    "mx.nd.fill_element_0index(mx.nd.zeros((3,)), mx.nd.array([7, 8, 9]), mx.nd.array([0, 3, 5]))",
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4), dtype='int32'), mx.nd.array([7, 8, 9]), mx.nd.array([0, 3, 1]))",
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([7, 8, 9], dtype='float64'), mx.nd.array([0, 3, 1]))",
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([7, 8, 9]), mx.nd.array([0, 3, 1], dtype='int32'))",
    "mx.nd.fill_element_0index(mx.nd.zeros((3, 4)), mx.nd.array([7, 8, 9]))",
    "o = mx.nd.zeros((3, 4)); r = mx.nd.onehot_encode(mx.nd.array([0, 3, 1]), o); result = (r is o, o)",
    "mx.nd.onehot_encode(mx.nd.array([0, 5, -1.5, 1.7]), mx.nd.zeros((4, 3)))",
    "mx.nd.onehot_encode(mx.nd.array([0, 3]), mx.nd.zeros((3, 4)))",
    "mx.nd.onehot_encode(mx.nd.array([0, 3, 1], dtype='int32'), mx.nd.zeros((3, 4)))",
    "mx.nd.onehot_encode(mx.nd.array([0, 3, 1]), mx.nd.zeros((3, 4), dtype='int32'))",
    "mx.nd.onehot_encode(mx.nd.array([[0, 3, 1]]), mx.nd.zeros((3, 4)))",
    "o = mx.nd.ones((3, 4)); r = mx.nd._internal._onehot_encode(mx.nd.array([0, 3, 1]), o); result = (r is o, r, o)",
    "mx.nd._internal._onehot_encode(mx.nd.array([0, 3, 1]), mx.nd.zeros((3, 2)), out=mx.nd.ones((3, 4)))",
]

CASES = TAKE + BATCH_TAKE + PICK + ONE_HOT + GATHER_SCATTER + WHERE + MASK_COPY + INDEX_ARANGE + SEQUENCE + LEGACY

SCATTER_SET_WITHOUT_OUT = ("o = mx.nd.ones((2, 2)); result = mx.nd._internal._scatter_set_nd(o, mx.nd.array([2, 3, 0]), "
                           "mx.nd.array([[1, 1, 0], [0, 1, 0]]), shape=(2, 2))")
CASES.append(SCATTER_SET_WITHOUT_OUT)
GATHER_NAN = raises_mxnet_error("mx.nd.gather_nd(mx.nd.arange(5), mx.nd.array([[1, np.nan]])).wait_to_read()")
CASES.append(GATHER_NAN)

DELIBERATE = {
    SCATTER_SET_WITHOUT_OUT:
        "MXNet's _scatter_set_nd fails unless out is lhs (it writes in place); mxnd returns the "
        "updated copy, and writes into lhs when out=lhs",
    GATHER_NAN:
        "MXNet's gather_nd bound check lets a NaN index pass, which then reads before the data "
        "(INT64_MIN % size); mxnd raises IndexError",
}
