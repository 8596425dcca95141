"""Cases of the elementwise binary family (src/mxnd/ndarray/ops/elementwise.py), from MXNet 1.9.1.

Same-shape operators (elemwise_*, _plus, _mod, _hypot ... and their CamelCase aliases),
broadcast_hypot, the scalar operators, add_n. Each entry is an expression, or statements
that set ``result``. Never put a case here that crashes MXNet (integer division by zero).
"""

A = "a = mx.nd.array([[3, -2, 0.5], [7, 1.5, -4]], dtype='{dtype}'); "
B = "b = mx.nd.array([[2, 5, -0.5], [7, 1, 3]], dtype='{dtype}'); "
AB = A + B
INT_AB = ("a = mx.nd.array([[3, -2, 5], [7, 100, -4]], dtype='{dtype}'); "
          "b = mx.nd.array([[2, 5, 2], [7, 3, 3]], dtype='{dtype}'); ")
UINT_AB = ("a = mx.nd.array([[3, 2, 5], [7, 100, 250]], dtype='uint8'); "
           "b = mx.nd.array([[2, 5, 2], [7, 3, 3]], dtype='uint8'); ")

SAME_SHAPE = ("elemwise_add elemwise_sub elemwise_mul elemwise_div _internal._mod _internal._power "
              "_internal._maximum _internal._minimum _internal._hypot _internal._equal _internal._not_equal "
              "_internal._greater _internal._greater_equal _internal._lesser _internal._lesser_equal "
              "_internal._logical_and _internal._logical_or _internal._logical_xor _internal._grad_add "
              "_internal._identity_with_attr_like_rhs").split()
ALIASES = ("_add _plus _Plus _sub _minus _Minus _mul _Mul _div _Div _Mod _Power _Maximum _Minimum _Hypot "
           "_Equal _Not_Equal _Greater _Greater_Equal _Lesser _Lesser_Equal _Logical_And _Logical_Or "
           "_Logical_Xor").split()


def _call(name):
    return f"mx.nd.{name}"


SAME_SHAPE_CASES = [
    AB.format(dtype=dtype) + f"result = {_call(op)}(a, b)"
    for op in SAME_SHAPE for dtype in ("float32", "float64", "float16")
] + [
    INT_AB.format(dtype=dtype) + f"result = {_call(op)}(a, b)"
    for op in SAME_SHAPE for dtype in ("int32", "int64", "int8")
] + [
    UINT_AB + f"result = {_call(op)}(a, b)" for op in SAME_SHAPE
] + [
    AB.format(dtype="float32") + f"result = mx.nd._internal.{alias}(a, b)" for alias in ALIASES
] + [
    f"{_call(op)}(mx.nd.ones((2, 3)), mx.nd.ones((1, 3)))" for op in SAME_SHAPE
] + [
    f"{_call(op)}(mx.nd.ones((2, 3)), mx.nd.ones((2, 3), dtype='int32'))" for op in SAME_SHAPE
] + [
    f"{_call(op)}(mx.nd.ones((2,), dtype='bool'), mx.nd.ones((2,), dtype='bool'))" for op in SAME_SHAPE
] + [
    f"{_call(op)}(mx.nd.ones((2, 3)))" for op in SAME_SHAPE[:3]
] + [
    "mx.nd._internal._maximum(mx.nd.array([np.nan, 1, 2]), mx.nd.array([0, np.nan, 3]))",
    "mx.nd._internal._minimum(mx.nd.array([np.nan, 1, 2]), mx.nd.array([0, np.nan, 3]))",
    "mx.nd._internal._mod(mx.nd.array([5, -5, 5, 0.5]), mx.nd.array([3, 3, -3, 0]))",
    "mx.nd._internal._power(mx.nd.array([2, 0, -2, 4]), mx.nd.array([-1, 0, 0.5, 0.5]))",
    "mx.nd._internal._hypot(mx.nd.array([3, np.inf, np.nan, 0]), mx.nd.array([4, np.nan, 1, 0]))",
    "mx.nd._internal._equal(mx.nd.array([np.nan, 1]), mx.nd.array([np.nan, 1]))",
    "mx.nd._internal._plus(lhs=mx.nd.array([1, 2]), rhs=mx.nd.array([3, 4]))",
    "o = mx.nd.zeros((2,)); r = mx.nd._internal._plus(mx.nd.array([1, 2]), mx.nd.array([3, 4]), out=o); "
    "result = [o, r is o]",
]

POWER_CASES = [
    "mx.nd.broadcast_power(mx.nd.array([5, 3, -2], dtype='int32'), mx.nd.array([13, 20, 31], dtype='int32'))",
    "mx.nd.broadcast_power(mx.nd.array([5, 3, -2], dtype='int64'), mx.nd.array([13, 20, 31], dtype='int64'))",
    "mx.nd.broadcast_power(mx.nd.array([2, 3, 2, 0], dtype='int32'), mx.nd.array([-1, 0, 3, 2], dtype='int32'))",
    "mx.nd.broadcast_power(mx.nd.array([5, 3, -2], dtype='float16'), mx.nd.array([3, 2.5, 2], dtype='float16'))",
    "mx.nd.broadcast_power(mx.nd.array([3, 2], dtype='uint8'), mx.nd.array([5, 9], dtype='uint8'))",
    "mx.nd.broadcast_power(mx.nd.array([3, 2], dtype='int8'), mx.nd.array([5, 7], dtype='int8'))",
    "mx.nd.array([5, 3, 2], dtype='int32') ** 13", "13 ** mx.nd.array([5, 3, 2], dtype='int32')",
    "mx.nd._internal._power_scalar(mx.nd.array([5, 3, 2], dtype='int64'), scalar=13)",
    "mx.nd._internal._rpower_scalar(mx.nd.array([13, 20, 31], dtype='int32'), scalar=5)",
    "mx.nd._internal._power_scalar(mx.nd.array([4, 9], dtype='int32'), scalar=0.5)",
    "mx.nd._internal._power_scalar(mx.nd.array([1.5, 3], dtype='float16'), scalar=2.2)",
]

HYPOT_CASES = [
    "mx.nd.broadcast_hypot(mx.nd.array([[3], [5]]), mx.nd.array([4, 12]))",
    "mx.nd.broadcast_hypot(mx.nd.array([[3], [5]], dtype='float64'), mx.nd.array([4, 12], dtype='float64'))",
    "mx.nd.broadcast_hypot(mx.nd.array([[3], [5]], dtype='float16'), mx.nd.array([4, 12.5], dtype='float16'))",
    "mx.nd.broadcast_hypot(mx.nd.array([5, 300, -2], dtype='int8'), mx.nd.array([3, 2, 2], dtype='int8'))",
    "mx.nd.broadcast_hypot(mx.nd.array([5, 200], dtype='uint8'), mx.nd.array([3, 200], dtype='uint8'))",
    "mx.nd.broadcast_hypot(mx.nd.array([50000, 3], dtype='int32'), mx.nd.array([50000, 4], dtype='int32'))",
    "mx.nd.broadcast_hypot(mx.nd.array([3, 5]), mx.nd.array([4, 12], dtype='int32'))",
    "mx.nd.broadcast_hypot(mx.nd.ones((2, 3)), mx.nd.ones((3, 2)))",
    "mx.nd.broadcast_hypot(mx.nd.array([1, 0], dtype='bool'), mx.nd.array([1, 1], dtype='bool'))",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5]), scalar=4)",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5]))",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5]), '4')",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5], dtype='int32'), scalar=4.5)",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5], dtype='int8'), scalar=-4.5)",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5], dtype='bool'), scalar=4.5)",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5], dtype='float16'), scalar=4.5)",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5], dtype='float64'), scalar=0.1)",
    "mx.nd._internal._HypotScalar(mx.nd.array([3, 5]), scalar=4)",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5]), scalar=4, is_int=False)",
    "mx.nd._internal._hypot_scalar(mx.nd.array([3, 5]), scalar=4, foo=1)",
]

SCALAR_ALIASES = ("_PlusScalar _MinusScalar _RMinusScalar _MulScalar _DivScalar _RDivScalar _ModScalar "
                  "_RModScalar _PowerScalar _RPowerScalar _MaximumScalar _MinimumScalar _EqualScalar "
                  "_NotEqualScalar _GreaterScalar _GreaterEqualScalar _LesserScalar _LesserEqualScalar "
                  "_LogicalAndScalar _LogicalOrScalar _LogicalXorScalar").split()
SCALAR_NAMES = ("_plus_scalar _minus_scalar _rminus_scalar _mul_scalar _div_scalar _rdiv_scalar _mod_scalar "
                "_rmod_scalar _power_scalar _rpower_scalar _maximum_scalar _minimum_scalar _equal_scalar "
                "_not_equal_scalar _greater_scalar _greater_equal_scalar _lesser_scalar _lesser_equal_scalar "
                "_logical_and_scalar _logical_or_scalar _logical_xor_scalar _hypot_scalar").split()
HALF = "h = mx.nd.array([1, 2.5, 1000, -3.3], dtype='float16'); "
SCALAR_CASES = [
    f"mx.nd._internal.{alias}(mx.nd.array([1.5, 2, -3]), scalar=2)" for alias in SCALAR_ALIASES
] + [
    HALF + f"result = mx.nd._internal.{name}(h, scalar=0.1)" for name in SCALAR_NAMES
] + [
    HALF + f"result = mx.nd._internal.{name}(h, scalar=3.3)" for name in SCALAR_NAMES
] + [
    f"mx.nd._internal.{name}(mx.nd.array([1, 2, 3], dtype='int32'), scalar=2.7)" for name in SCALAR_NAMES
] + [
    f"mx.nd._internal.{name}(mx.nd.array([1, 2, 3], dtype='{dtype}'), scalar=2.5, is_int=False)"
    for name in SCALAR_NAMES for dtype in ("int32", "uint8", "bool", "float16")
] + [
    f"mx.nd._internal.{name}(mx.nd.array([1, 2, 3], dtype='int8'), scalar=2.5, is_int='0')" for name in SCALAR_NAMES[:4]
] + [
    HALF + "result = [h + 0.1, h - 0.1, h * 0.1, h / 0.1, 0.1 - h, h > 2.4, h == 1000.1]",
    "mx.nd.contrib.backward_gradientmultiplier(mx.nd.array([1, 2], dtype='int32'), scalar=2.5, is_int=False)",
    "mx.nd.array([1, 2], dtype='float64') + 0.1", "mx.nd.array([16777216, 1]) + 1",
]

ADD_N = "a = mx.nd.array([1, 2.5]); b = mx.nd.array([3, 4]); c = mx.nd.array([5, -6]); "
ADD_N_CASES = [
    ADD_N + "result = mx.nd.add_n(a, b, c)", ADD_N + "result = mx.nd.add_n(a)",
    ADD_N + "result = mx.nd.ElementWiseSum(a, b)", ADD_N + "result = mx.nd.add_n(*[a] * 7)",
    ADD_N + "result = mx.nd.add_n(a, b, num_args=2)", ADD_N + "result = mx.nd.add_n(a, b, num_args='2')",
    ADD_N + "result = mx.nd.add_n(a, b, num_args=3)", ADD_N + "result = mx.nd.add_n(a, b, foo=1)",
    ADD_N + "o = mx.nd.zeros((2,)); r = mx.nd.add_n(a, b, c, out=o); result = [o, r is o]",
    ADD_N + "result = mx.nd.add_n(a, b.astype('int32'))", ADD_N + "result = mx.nd.add_n(a, mx.nd.ones((1, 2)))",
    ADD_N + "result = mx.nd.add_n(a, 3)", "mx.nd.add_n()",
    "mx.nd.add_n(mx.nd.array([1, 2], dtype='int32'), mx.nd.array([3, 4], dtype='int32'))",
    "mx.nd.add_n(mx.nd.array([100, 2], dtype='int8'), mx.nd.array([100, 4], dtype='int8'))",
    "mx.nd.add_n(mx.nd.array([1, 0], dtype='bool'), mx.nd.array([1, 1], dtype='bool'))",
    "mx.nd.add_n(*[mx.nd.array([0.1, 1000, 3.3], dtype='float16')] * 5)",
    "mx.nd.add_n(mx.nd.array([0.1, 1000], dtype='float16'), mx.nd.array([0.2, 0.3], dtype='float16'), "
    "mx.nd.array([2048, 0.4], dtype='float16'))",
]

CASES = SAME_SHAPE_CASES + POWER_CASES + HYPOT_CASES + SCALAR_CASES + ADD_N_CASES

DELIBERATE = {}
