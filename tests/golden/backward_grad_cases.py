"""Cases of the ``_backward_<f>`` family (src/mxnd/ndarray/ops/backward_grad.py), recorded from MXNet 1.9.1.

Each entry is an expression, or statements that set ``result``. ``r(y)`` gives the dtype, shape and
values of ``y`` to 5 significant digits, for derivatives whose last bits differ between libm and
torch (MXNet's double digamma is also less accurate than torch's: about 1e-7). Never put a case
here that crashes MXNet.
"""

R = ("def r(y):\n"
     "    v = y.asnumpy().astype('float64').ravel()\n"
     "    return (str(y.dtype.__name__), y.shape, ['nan' if e != e else float('%.5g' % e) for e in v])\n")

# float16 log_softmax's gradient near a rounding tie: mshadow's float-to-half conversion rounds some
# of them the other way (-6.0996 to -6.1016 where IEEE gives -6.0977), so 3 digits
R3 = R.replace("%.5g", "%.3g")

# inside every function's domain (the inverse trigonometric ones, logs, roots, gamma poles excluded)
INSIDE = [0.15, 0.35, 0.5, 0.75, 0.9]
HEAD = [1.5, -2.0, 0.25, 3.0, -0.5]
WIDE = [-2.5, -1.0, -0.3, 0.0, 0.2, 1.5, 3.0]
WIDE_HEAD = [1.0, -2.0, 0.5, 3.0, -1.5, 2.0, 0.25]

SOFT_HEAD = [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]]
SOFT_OUT = [[0.2, 0.3, 0.5], [0.7, 0.1, 0.2]]

SMOOTH = ("sigmoid softsign erf erfinv gamma gammaln log log10 log2 log1p expm1 sqrt rsqrt cbrt rcbrt "
          "reciprocal sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arctanh").split()
EVERYWHERE = "relu abs sign square degrees radians sin cos tan arctan sinh cosh tanh arcsinh expm1 sigmoid softsign".split()

CASES = [
    f"{R}y = mx.nd._internal._backward_{op}(mx.nd.array({HEAD}, dtype='{dtype}'), "
    f"mx.nd.array({INSIDE}, dtype='{dtype}')); result = r(y)"
    for op in SMOOTH for dtype in ("float32", "float64", "float16")
] + [
    f"{R}y = mx.nd._internal._backward_{op}(mx.nd.array({WIDE_HEAD}, dtype='{dtype}'), "
    f"mx.nd.array({WIDE}, dtype='{dtype}')); result = r(y)"
    for op in EVERYWHERE for dtype in ("float32", "float64")
] + [
    f"{R}y = mx.nd._internal._backward_arccosh(mx.nd.array({HEAD}), mx.nd.array([1.2, 1.5, 2.0, 3.0, 10.0])); result = r(y)",
    # exact results: 0/1 factors, constants, integers (derivatives in float, truncated)
    f"mx.nd._internal._backward_relu(mx.nd.array({WIDE_HEAD}), mx.nd.array({WIDE}))",
    "mx.nd._internal._backward_relu(mx.nd.array([1.0, 2.0, 3.0]), mx.nd.array([np.nan, -0.0, 0.0]))",
    f"mx.nd._internal._backward_sign(mx.nd.array({WIDE_HEAD}), mx.nd.array({WIDE}))",
    f"mx.nd._internal._backward_abs(mx.nd.array({WIDE_HEAD}), mx.nd.array({WIDE}))",
    f"mx.nd._internal._backward_square(mx.nd.array({WIDE_HEAD}), mx.nd.array({WIDE}))",
    f"mx.nd._internal._backward_degrees(mx.nd.array({WIDE_HEAD}), mx.nd.array({WIDE}))",
    f"mx.nd._internal._backward_degrees(mx.nd.array({WIDE_HEAD}, dtype='float64'), mx.nd.array({WIDE}, dtype='float64'))",
    f"mx.nd._internal._backward_radians(mx.nd.array({WIDE_HEAD}, dtype='float64'), mx.nd.array({WIDE}, dtype='float64'))",
    "mx.nd._internal._backward_sign(mx.nd.array([np.nan, np.inf, 1.0]), mx.nd.array([1.0, 1.0, np.nan]))",
] + [
    f"mx.nd._internal._backward_{op}(mx.nd.array([2, -3, 5, 7], dtype='{dtype}'), mx.nd.array([1, 2, 3, 4], dtype='{dtype}'))"
    for op in ("sin", "cos", "relu", "abs", "square", "sqrt", "log", "reciprocal", "tanh", "degrees", "arctan")
    for dtype in ("int32", "int64", "int8")
] + [
] + [
    f"{R}y = mx.nd._internal._backward_{op}_scalar("
    f"mx.nd.array({WIDE_HEAD}, dtype='{dtype}'), mx.nd.array({WIDE}, dtype='{dtype}'), scalar={scalar}); "
    f"result = r(y)"
    for op in ("rdiv", "mod", "rmod", "maximum", "minimum", "power", "rpower", "hypot", "npi_arctan2",
               "npi_rarctan2", "npi_ldexp", "npi_rldexp")
    for dtype in ("float32", "float64", "float16") for scalar in (1.5, -0.3, 2)
    if not (dtype == "float16" and "arctan2" in op)  # an ulp apart in some elements: see differences.md
] + [
    f"mx.nd._internal._backward_{op}_scalar(mx.nd.array([2, -3, 5, 7], dtype='{dtype}'), "
    f"mx.nd.array([1, 2, 3, -4], dtype='{dtype}'), scalar={scalar})"
    for op in ("rdiv", "mod", "rmod", "maximum", "minimum", "power", "rpower", "hypot", "npi_arctan2",
               "npi_rarctan2", "npi_ldexp", "npi_rldexp")
    for dtype in ("int32", "int64") for scalar in (2, 2.7)
] + [
    "mx.nd._internal._backward_maximum_scalar(mx.nd.array([1.0, 2.0, 3.0]), mx.nd.array([np.nan, 1.5, 1.0]), scalar=1.5)",
    "mx.nd._internal._backward_minimum_scalar(mx.nd.array([1.0, 2.0, 3.0]), mx.nd.array([1.5, 1.5, 1.0]))",
    "mx.nd._internal._backward_rpower_scalar(mx.nd.array([1.0, 2.0]), mx.nd.array([4.0, 8.0]), scalar=0)",
    "mx.nd._internal._backward_rdiv_scalar(mx.nd.array([1.0, 2.0]), mx.nd.array([0.0, -0.0]), scalar=2)",
    "mx.nd._internal._backward_power_scalar(mx.nd.ones((2,)), mx.nd.ones((3,)), scalar=2)",
] + [
    f"{R}y = mx.nd._internal._backward_smooth_l1(mx.nd.array({WIDE_HEAD}, dtype='{dtype}'), "
    f"mx.nd.array({WIDE}, dtype='{dtype}'){extra}); result = r(y)"
    for dtype in ("float32", "float64", "float16") for extra in ("", ", scalar=2.0", ", scalar=0.5", ", scalar=0")
] + [
    f"{R if (op, dtype) != ('log_softmax', 'float16') else R3}y = mx.nd._internal._backward_{op}("
    f"mx.nd.array({SOFT_HEAD}, dtype='{dtype}'), mx.nd.array({SOFT_OUT}, dtype='{dtype}'){extra}); result = r(y)"
    for op in ("softmax", "log_softmax", "softmin") for dtype in ("float32", "float64", "float16")
    for extra in ("", ", axis=0", ", temperature=2.0", ", axis=-1, temperature=0.5")
] + [
    f"{R}y = mx.nd._internal._backward_softmax(mx.nd.array({SOFT_HEAD}), mx.nd.array({SOFT_OUT}), "
    f"mx.nd.array({SOFT_OUT}, dtype='float64'), dtype='float64'); result = r(y)",
    f"{R}y = mx.nd._internal._backward_softmax(mx.nd.array({SOFT_HEAD}, dtype='float64'), mx.nd.array({SOFT_OUT}), "
    f"mx.nd.array({SOFT_OUT}, dtype='float64'), dtype='float64'); result = r(y)",
    f"{R}y = mx.nd._internal._backward_log_softmax(mx.nd.array({SOFT_HEAD}, dtype='float16'), "
    f"mx.nd.array({SOFT_OUT}, dtype='float16'), mx.nd.array({SOFT_OUT}, dtype='float16'), dtype='float16'); "
    f"result = r(y)".replace(R, R3),
    f"{R}y = mx.nd._internal._backward_softmax(mx.nd.array({SOFT_HEAD}), mx.nd.array({SOFT_OUT}), "
    f"mx.nd.array([2, 3], dtype='int32'), mx.nd.array({SOFT_OUT}), use_length=True); result = [r(v) for v in y]",
    f"mx.nd._internal._backward_softmax(mx.nd.array({SOFT_HEAD}), mx.nd.array({SOFT_OUT}), use_length=True)",
    f"mx.nd._internal._backward_softmax(mx.nd.array({SOFT_HEAD}), mx.nd.array({SOFT_OUT}), axis=2)",
    f"mx.nd._internal._backward_softmax(mx.nd.array({SOFT_HEAD}))",
    "mx.nd._internal._backward_mul_scalar(mx.nd.array([1, 2, 3], dtype='int32'), scalar=2.5)",
    "mx.nd._internal._backward_div_scalar(mx.nd.array([1, 2, 3], dtype='int32'), scalar=2.5)",
    "mx.nd._internal._backward_mul_scalar(mx.nd.array([1, 2, 3], dtype='int32'), scalar=2.5, is_int=False)",
    "mx.nd._internal._backward_div_scalar(mx.nd.array([1.0, -2.0]), scalar=0)",
    "mx.nd._internal._backward_mul_scalar(mx.nd.array([1.5, -2.0], dtype='float16'), scalar=3)",
    # errors: shapes and dtypes must match, two inputs
    "mx.nd._internal._backward_sin(mx.nd.ones((2,)), mx.nd.ones((3,)))",
    "mx.nd._internal._backward_sin(mx.nd.ones((2,)), mx.nd.ones((2,), dtype='float64'))",
    "mx.nd._internal._backward_sin(mx.nd.ones((2,)))",
    "mx.nd._internal._backward_relu(mx.nd.ones((2, 3)), mx.nd.ones((3, 2)))",
]
