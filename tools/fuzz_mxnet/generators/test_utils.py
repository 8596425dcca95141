"""mx.test_utils' comparison helpers: almost_equal, assert_almost_equal (its error text), same,
assert_almost_equal_ignore_nan, almost_equal_ignore_nan, find_max_violation, get_atol/get_rtol,
get_etol, np_reduce, with arrays of several dtypes, NaN/inf and mismatched shapes.

Usage: python test_utils.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
VALS = ["[1.0, 2.0, 3.0]", "[1.0, 2.0001, 3.0]", "[1.0, 2.1, 3.0]", "[1.0, np.nan, 3.0]", "[1.0, np.inf, 3.0]", "[1.0, 2.0]", "[[1.0, 2.0, 3.0]]", "[0.0, 0.0, 0.0]", "[1e-9, 0.0, -1e-9]"]
DT = ['"float32"', '"float64"', '"float16"', '"int32"']
lines = []
for _ in range(int(sys.argv[2])):
    a = f"np.array({random.choice(VALS)}, dtype={random.choice(DT)})"
    b = f"np.array({random.choice(VALS)}, dtype={random.choice(DT)})"
    if random.random() < 0.3:
        a = f"mx.nd.array({a})"
    if random.random() < 0.3:
        b = f"mx.nd.array({b})"
    tol = random.choice(["", ", rtol=1e-3", ", atol=1e-2", ", rtol=1e-7, atol=0", ", rtol=None, atol=None", ", equal_nan=True", ', names=("x", "y")'])
    plain_tol = tol.replace(', names=("x", "y")', "")
    f = random.choice([f"mx.test_utils.almost_equal({a}, {b}{plain_tol})",
                       f"mx.test_utils.assert_almost_equal({a}, {b}{tol})", f"mx.test_utils.same({a}, {b})",
                       f"mx.test_utils.almost_equal_ignore_nan({a}, {b})", f"mx.test_utils.assert_almost_equal_ignore_nan({a}, {b})",
                       f"mx.test_utils.find_max_violation(np.array({random.choice(VALS[:5])}), np.array({random.choice(VALS[:5])}), rtol=1e-3, atol=1e-5)",
                       "[mx.test_utils.get_atol(), mx.test_utils.get_rtol(), mx.test_utils.get_atol(0.1), mx.test_utils.get_etol(), mx.test_utils.get_etol(2)]",
                       f"mx.test_utils.np_reduce(np.arange(24).reshape(2, 3, 4).astype(np.float32), {random.choice(['0', '(0, 2)', 'None', '-1'])}, {random.choice(['True', 'False'])}, np.sum)",
                       "mx.test_utils.same_array(mx.nd.ones((2,)), mx.nd.ones((2,)))"])
    lines.append(f"!R = None;; exec('try:\\n    R = {f}\\nexcept AssertionError as e:\\n    R = (\"AssertionError\", str(e).replace(chr(10), \" | \")[:400])')")
print('\n'.join(lines))
