"""Elementwise cases found by differential fuzzing against MXNet 1.9.1 (binary, scalar and unary ops).

Each entry is an expression, or statements that set ``result``. The golden comparison treats
-0.0 as 0.0, so the cases about the sign of a zero divide 1 by the result (inf or -inf).
Never put a case here that crashes MXNet (integer division by zero).
"""

F = "mx.nd.array({}, dtype='{}')"

# A scalar is cast to an integer array's dtype as C does: NaN, inf and out-of-range values give
# INT_MIN (int32, int64), 8-bit types keep the low byte of the int32 conversion
SCALAR_CAST = [
    F.format([200, 1, 100], "uint8") + " + float('nan')",
    F.format([2147483647, 5, -7], "int32") + " + float('nan')",
    F.format([-1, 5, 0], "int32") + " * float('inf')",
    F.format([127, -3], "int8") + " < float('inf')",
    F.format([255, 7], "uint8") + " > float('-inf')",
    F.format([-1, 100, -1], "int32") + " > 1e10",
    F.format([-3, -128, -1], "int8") + " - 300.0",
    "mx.nd.minimum(" + F.format([-3, -128, -1], "int8") + ", -300)",
    "-300.0 - " + F.format([7, 5, 127], "uint8"),
    F.format([1, 0, 1], "bool") + " - float('inf')",
    F.format([1, 0, 1], "bool") + " + float('nan')",
    "mx.nd.power(" + F.format([7, 0, 2], "uint8") + ", 1e10)",
    "mx.nd.power(" + F.format([-7, 2], "int64") + ", float('inf'))",
    "mx.nd._internal._logical_and_scalar(" + F.format([-3, 0], "int64") + ", scalar=float('-inf'))",
    "mx.nd._internal._rmod_scalar(" + F.format([-128, 5], "int8") + ", scalar=float('inf'))",
    "mx.nd._internal._plus_scalar(" + F.format([0, 1], "int64") + ", scalar=1e19)",
]

# mshadow_op.h mod: fmod of the magnitudes plus rhs where the signs differ and it is not 0
MODULO = [
    "1 / (" + F.format([-3, -2.5, 3, -0.0, 0.0, -3, -1], dtype) + " % "
    + F.format([1.5, 0.5, -1.5, -2, 2, -1.5, 0.5], dtype) + ")"
    for dtype in ("float32", "float64", "float16")
] + [
    F.format([-3, 3, -3, 3, 5, -5, 7.5], "float32") + " % "
    + F.format(["float('inf')", "float('-inf')", "float('-inf')", "float('inf')", 0, "float('nan')", -2], "float32")
    .replace('"', ""),
    "1 / (" + F.format([-1, 3, -2], "float16") + " % True)",
    "1 / mx.nd._internal._mod_scalar(" + F.format([-3, 3, -0.0], "float32") + ", scalar=1.5)",
    "1 / mx.nd._internal._rmod_scalar(" + F.format([1.5, -1.5, 2], "float64") + ", scalar=-3)",
    F.format([2 ** 62 + 1, -(2 ** 53 + 3), 10 ** 18, 3 ** 39], "int64") + " % " + F.format([7, 5, -13, 1000], "int64"),
    F.format([-128, 127, -128], "int8") + " % " + F.format([-1, -128, 3], "int8"),
    F.format([250, 7], "uint8") + " % " + F.format([7, 0], "uint8"),
    F.format([-7, 7], "int32") + " % 0",
    "a = " + F.format([[-0.5, 7.5], [3, -4]], "float64") + "; a %= " + F.format([2, -2], "float64")
    + "; result = 1 / a",
]

# mshadow_op.h maximum/minimum: lhs if NaN or greater (smaller), else rhs: a tie of 0 and -0 gives rhs
MAX_MIN = [
    "1 / mx.nd.maximum(" + F.format([-0.0, 0.0, -0.0], "float32") + ", " + F.format([0.0, -0.0, -0.0], "float32") + ")",
    "1 / mx.nd.minimum(" + F.format([-0.0, 0.0, 0.0], "float64") + ", " + F.format([0.0, -0.0, 0.0], "float64") + ")",
    "1 / mx.nd.broadcast_minimum(" + F.format([-0.0, 70000, -0.5], "float16") + ", "
    + F.format([[-1], [0]], "float16") + ")",
    "mx.nd.maximum(" + F.format(["float('nan')", 1, 2], "float32").replace('"', "") + ", "
    + F.format([1, "float('nan')", 1], "float32").replace('"', "") + ")",
    "1 / mx.nd.maximum(" + F.format([-0.0, -1], "float32") + ", 0)",
    "1 / mx.nd.minimum(" + F.format([0.0, 1], "float16") + ", -0.0)",
    "mx.nd.maximum(" + F.format(["float('nan')", -1, 2], "float64").replace('"', "") + ", float('nan'))",
    "mx.nd.minimum(" + F.format(["float('nan')", -1, 2], "float32").replace('"', "") + ", 0.5)",
] + [
    "1 / mx.nd.maximum(" + F.format([-0.0, 0.0, "float('nan')", -1, 2, "float('-inf')", "float('inf')"], dtype)
    .replace('"', "") + f", {scalar})"
    for dtype in ("float32", "float16") for scalar in ("0", "-0.0", "1.5", "float('nan')", "float('inf')")
]

# clip's bounds: -0.0 and 0.0 are distinct values (they once shared a cache entry)
CLIP = [
    "result = [1 / mx.nd.clip(" + F.format([-1.0, 2.0], "float64") + ", -0.0, 0.0), 1 / mx.nd.clip("
    + F.format([-1.0, 2.0], "float64") + ", 0.0, -0.0), 1 / mx.nd.clip(" + F.format([-1.0, 2.0], "float64")
    + ", -0.0, 0.0)]",
    "result = [1 / mx.nd.clip(" + F.format([2.5, 0.1], "float32") + ", float('-inf'), -0.0), 1 / mx.nd.clip("
    + F.format([2.5, 0.1], "float32") + ", float('-inf'), 0)]",
]

# power: powf (pow in double rounded to float) for float32, float16 and integers, with the operands
# made float first; number exponents are not special-cased (torch's 0.5 is sqrt, -2 is 1 / (x * x))
POWER = [
    F.format(["float('-inf')", -0.0, 4, 1e20], "float32").replace('"', "") + " ** 0.5",
    F.format(["float('-inf')", 4], "float64").replace('"', "") + " ** 0.5",
    F.format([1e20, 3, 1e-20], "float32") + " ** -2",
    F.format([7, 70000, 1.5], "float32") + " ** 0.1",
    F.format([8.749025, 4.9272084, 3.3], "float32") + " ** 3",
    F.format([2.5, 0.3], "float32") + " ** -0.5",
    "0.1 ** " + F.format([2.5, 7, -3.3], "float32"),
    "mx.nd.broadcast_power(" + F.format([[-1, 2], [2147483647, 7]], "int32") + ", "
    + F.format([2147483647, 1], "int32") + ")",
    F.format([5, 3, -2], "int32") + " ** 13",
    F.format([3, 2], "int64") + " ** " + F.format([30, 62], "int64"),
    F.format([2.5, -0.5, 65504], "float16") + " ** " + F.format([2, 3, 0.5], "float16"),
]

# rdiv is math::id(b) / math::id(a): integers divide in float32 (5 / 0 is INT_MIN, no crash)
RDIV = [
    "5 / " + F.format([0, 2, -3], "int32"),
    "5.7 / " + F.format([0, 2, 253], "uint8"),
    "-1e10 / " + F.format([13, 7, 10 ** 18], "int64"),
    "7 / " + F.format([0, 1, 1], "bool"),
    "-7 / " + F.format([0, 1, 3], "int8"),
    "mx.nd._internal._rdiv_scalar(" + F.format([1e30, -0.0, -0.1, 0.3], "float32") + ", scalar=1e300)",
    "mx.nd._internal._rminus_scalar(" + F.format([1, 2], "float32") + ", scalar=1e300)",
    "mx.nd._internal._rdiv_scalar(" + F.format([0, 1, 3], "int8") + ", scalar=5, is_int=False)",
]

# mx.nd.add & co. dispatch as MXNet's _ufunc_helper; __radd__/__rmul__ are self.__add__(other)
DISPATCH = [
    "mx.nd.add([1, 2], 3)",
    "mx.nd.add(3, [1, 2])",
    "mx.nd.subtract([1, 2, 3], mx.nd.ones(3))",
    "mx.nd.maximum(np.array([1., 2, 3]), mx.nd.ones(3))",
    "mx.nd.equal('a', mx.nd.ones(3))",
    "mx.nd.multiply((1.5,), mx.nd.ones(3))",
    "[1, 2, 3] - mx.nd.ones(3)",
    "[1, 2, 3] + mx.nd.ones(3)",
    "[1, 2, 3] * mx.nd.ones(3)",
    "[1, 2, 3] < mx.nd.ones(3)",
    "None + mx.nd.ones(3)",
    "mx.nd.ones(3) ** None",
    "mx.nd.add('a', 'b')",
    "mx.nd.ones(3) + [1, 2, 3]",
]

# unary: rcbrt is 1.0f / cbrtf(x); rsqrt 1.0f / sqrtf(x) (torch's is an ulp off on small float16
# arrays); float16 erf in float (torch's float16 erf of tiny values is 0); float64 cbrt of large and
# small values (pow(x, 1/3) was 100 ulps off; MXNet's own cbrt(-27) is not -3, see differences.md)
UNARY = [
    "mx.nd.rcbrt(" + F.format([65504, 171, 88, 4.5, -20], "float32") + ")",
    "mx.nd.rcbrt(" + F.format([65504, 171, 88], "float16") + ")",
    "mx.nd.rsqrt(" + F.format([88, 65504, 100, 0, -1], "float16") + ")",
    "mx.nd.rsqrt(" + F.format([88, 2, 3], "float32") + ")",
    "mx.nd.rsqrt(" + F.format([88, 2, 3, 0], "int32") + ")",
    "mx.nd.erf(" + F.format([5.96e-08, 1.19e-07, 6.0856e-05, 2.8539e-04, 7.7438e-04], "float16") + ")",
    "mx.nd.cbrt(" + F.format([1e-30, 8, 1e-300], "float64") + ")",
]

# C++ converts double to uint8 through int32 (cvttsd2si): beyond int32 it keeps the low byte of
# INT_MIN, 0, where torch goes through int64 (3e9 + 7 gave 7): Cast, the scalar, integer unary ops
UINT8_FROM_DOUBLE = [
    "mx.nd.Cast(" + F.format([3.9481e13 + 3, -3e9 - 7, 2.5e9 + 3, 300.7, -300.2, 2147483000.0], "float64")
    + ", dtype='uint8')",
    "mx.nd.Cast(" + F.format([3.9481e13 + 3, 300.7, -300.2], "float64") + ", dtype='int8')",
    "mx.nd.cosh(" + F.format([32, 40, 22, 255], "uint8") + ")",
    "mx.nd.exp(" + F.format([30, 25, 3], "uint8") + ")",
    "mx.nd.gamma(" + F.format([20, 15, 5], "uint8") + ")",
    F.format([3, 200], "uint8") + " + 3000000002.0",
    "mx.nd._internal._minimum_scalar(" + F.format([3, 200], "uint8") + ", scalar=4294967301.5)",
]



def _gradient(call, inputs, head, dtype, reciprocal=False, output=True):
    """``call`` recorded on the named float arrays ``inputs``; the output (unless not ``output``) and
    each input's gradient (their reciprocals with ``reciprocal``, to see the sign of a zero) after a
    backward with ``head``."""
    setup = "; ".join(f"{name} = {F.format(values, dtype)}; {name}.attach_grad()" for name, values in inputs)
    setup = setup.replace("nan", "float('nan')").replace("inf", "float('inf')")
    grads = ", ".join(f"{'1 / ' if reciprocal else ''}{name}.grad" for name, _ in inputs)
    return (f"{setup}\nwith mx.autograd.record():\n    y = {call}\n"
            f"y.backward(mx.nd.array({head}, dtype='{dtype}').reshape(y.shape))\n"
            f"result = [{'y, ' if output else ''}{grads}]")


NAN = float("nan")
# MXNet's gradient formulas (mshadow_op.h *_grad, unary_bwd): grad * factor, the factor computed in
# float for float16 and rounded once, then summed over broadcast axes (from +0); a NaN in maximum or
# minimum sends the gradient nowhere; mod's is 1 and -floor(a / b), also for b = 0 or inf; rpower's
# uses its output
DIVISION_GRADIENTS = [  # deliberate: torch's native gradient (below)
    _gradient("mx.nd.broadcast_div(a, b)", [("a", [[-0.0, 1.0, 8.0]]), ("b", [[-8.684e-06], [-152.06]])],
              [[1.5, -0.5, -0.9], [1.1, -1.3, 0.7]], "float16"),
    _gradient("mx.nd.elemwise_div(a, b)", [("a", [-9.628, 0.0, -2.5, 3.3]),
                                           ("b", [1.5, 0.0172, -0.00217, 7.1])], [-1.2, 0.8, 1.9, 0.3], "float32"),
    _gradient("mx.nd._internal._scatter_elemwise_div(a, b)", [("a", [-1.7, 8.061, 886.68]),
                                                              ("b", [8.7, 617.88, 357.6])], [1.9, -1.5, 0.6],
              "float16"),
    _gradient("mx.nd._internal._rdiv_scalar(a, scalar=0.3333)", [("a", [808.9165325078357, 367.8187896679956])],
              [-1, -1], "float64"),
]
GRADIENTS = DIVISION_GRADIENTS + [
    _gradient("mx.nd.broadcast_maximum(a, b)", [("a", [[NAN], [1.0], [2.0]]), ("b", [1.0, NAN, 2.0])],
              [[1.5, -2, 3], [0.5, 1, -1], [2, 2, 2]], "float32"),
    _gradient("mx.nd.minimum(a, b)", [("a", [NAN, 1.0, 2.0, -1.0]), ("b", [1.0, NAN, 2.0, 0.0])],
              [1.5, -2, 3, 0.5], "float64"),
    _gradient("mx.nd._internal._maximum_scalar(a, scalar=2)", [("a", [NAN, 1.0, 3.0, 2.0])], [1, 2, 3, 4],
              "float16"),
    _gradient("mx.nd._internal._minimum_scalar(a, scalar=float('nan'))", [("a", [NAN, 1.0, 3.0])], [1, 2, 3],
              "float32"),
    _gradient("mx.nd.broadcast_mod(a, b)", [("a", [[-2.5], [40.97967058837253]]), ("b", [65504.0, 2.5, -0.0])],
              [[-0.75, 1.25, -0.5], [0.25, 2.0, -1.0]], "float64"),
    _gradient("mx.nd._internal._mod(a, b)", [("a", [-3.0, 7.0, 0.0, 5.5]),
                                             ("b", [0.0, float("inf"), 0.0, -2.5])], [1, 2, 3, 4], "float32"),
    _gradient("mx.nd._internal._rmod_scalar(a, scalar=9.3e18)", [("a", [1.5, -115.13, float("-inf"), 0.0])],
              [1.2, -0.5, 2.0, 1.0], "float32"),
    _gradient("mx.nd._internal._rmod_scalar(a, scalar=255.9)", [("a", [0.0, 1e-08, 1.0, 897.9, 6.056])],
              [1, 1, -1, 2, 0.5], "float16"),
    _gradient("mx.nd._internal._mod_scalar(a, scalar=0)", [("a", [1.5, -2.0])], [1, 2], "float32"),
    _gradient("mx.nd._internal._hypot_scalar(a, scalar=2)", [("a", [65504.0, -1.0, -2.5, 0.631])],
              [-1.5, 0.3, 0.5, -0.4], "float64"),
    _gradient("mx.nd.broadcast_hypot(a, b)", [("a", [[-8.0, 0.0, 1.5], [0.00968, -661.5, 7.0]]),
                                              ("b", [1.5, -8.0, 2.5])], [[1, -1, 1.5], [0.7, -0.4, -1.8]],
              "float16"),
    _gradient("mx.nd._internal._power(a, b)", [("a", [70000.0, 605.78, 700.49]),
                                               ("b", [0.754, -1.6449e-05, 0.00065436])], [1.1, 0.5, 1.9], "float16"),
    _gradient("mx.nd._internal._rpower_scalar(a, scalar=0.0)", [("a", [1.0, 2.0, -1.0])], [1, 1, 1], "float64"),
    _gradient("mx.nd._internal._rpower_scalar(a, scalar=65519)", [("a", [3.0, 0.071, -2.08])], [1, -1, 1],
              "float16"),
    _gradient("mx.nd._internal._power_scalar(a, scalar=-0.0)", [("a", [6.113, 1.0, -1.0])], [1, 1, 1],
              "float16", reciprocal=True),
    _gradient("mx.nd.broadcast_hypot(a, b)", [("a", [-7.0, -0.0, 237.2]), ("b", [[706.7], [-0.0]])],
              [[1, 1, 1], [1, 1, 1]], "float32", reciprocal=True),
    _gradient("mx.nd.broadcast_maximum(a, b)", [("a", [[-0.0055], [6.3]]), ("b", [-367.9, 3.0, 70000.0])],
              [[-1, -1, -1], [-1, -1, -1]], "float32", reciprocal=True),
    "a = " + F.format([1.0, 2.0], "float64") + "; b = " + F.format([3.0, 4.0], "float64")
    + "; a.attach_grad()\nwith mx.autograd.record():\n    y = mx.nd._internal._grad_add(a, b)\n"
    "y.backward()\nresult = a.grad",
] + [  # the gradients alone: float32 and float64 tan, cosh and their gradients are torch's (last bit)
    _gradient(f"mx.nd.{op}(a)", [("a", values)], [1.9, -0.7, 1.3, -1.6, 0.4], dtype, output=False)
    for op, values in (("arcsin", [-0.99, 0.5, 0.093, 0.857, -0.3]), ("arccos", [-0.99, 0.5, 0.093, 0.857, -0.3]),
                       ("arctanh", [-0.99, 0.5, 0.093, 0.857, -0.3]), ("arccosh", [1.01, 1.5, 3.3, 17.0, 2.2]),
                       ("log10", [0.01, 1.5, 3.3, 97.0, 2.2]), ("log2", [0.01, 1.5, 3.3, 97.0, 2.2]),
                       ("tan", [0.1, -1.2, 0.5, 1.5, 0.0]), ("cosh", [0.1, -1.2, 0.5, 3.5, 0.0]))
    for dtype in (("float16",) if op in ("tan", "cosh") else ("float16", "float32", "float64"))
]

CASES = SCALAR_CAST + MODULO + MAX_MIN + CLIP + POWER + RDIV + DISPATCH + UNARY + UINT8_FROM_DOUBLE + GRADIENTS

# mxnd keeps torch's single-kernel remainder, maximum and minimum (3x to 20x faster than MXNet's
# exact formulas written as torch ops): only the sign of a zero, a tie of 0 and -0, an infinite
# divisor and int64 operands above 2**53 differ (docs/differences.md)
_FAST_KERNEL = ("mxnd uses torch's remainder/maximum/minimum kernels: the sign of a zero result, ties of 0 "
                "and -0, infinite divisors and int64 above 2**53 differ from MXNet's formulas")
DELIBERATE = {case: _FAST_KERNEL for case in MODULO + MAX_MIN
              if case.startswith("1 / ") or "4611686018427387905" in case.replace("2 ** 62 + 1", "4611686018427387905")}
DELIBERATE.update({case: "division keeps torch's native gradient (an autograd Function would make a recorded "
                         "a / b 2.5x slower): grad / b instead of grad * (1 / b), an ulp apart, and float16 "
                         "1 / b overflowing in MXNet" for case in DIVISION_GRADIENTS})
