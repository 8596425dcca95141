"""NDArray's Python protocol and small methods: truth value, len, iteration, conversions to Python
and numpy scalars, numpy interop on either side, pickling/copies, contexts, dtype casts, in-place
operators with other dtypes, comparisons with None and scalars of every kind.

Usage: python methods.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
ARRAYS = ["mx.nd.array([1.5, -2, 3])", "mx.nd.array([[1, 2], [3, 4]], dtype='int32')", "mx.nd.array([7])", "mx.nd.array(5)",
          "mx.nd.zeros((0, 2))", "mx.nd.array([0.0])", "mx.nd.array([1, 0], dtype='uint8')", "mx.nd.array([[2.5]], dtype='float16')",
          "mx.nd.array([True, False], dtype='bool')", "mx.nd.ones((2, 1, 3), dtype='float64')", "mx.nd.array([3], dtype='int64')"]
SCALARS = ["2", "2.5", "-1", "True", "np.float32(2.5)", "np.int64(3)", "np.float64(-0.5)", "np.uint8(200)", "np.array(2.0)",
           "np.array([1, 2, 3])", "np.array([[1], [2]], dtype=np.int32)", "None", "'a'", "[1, 2, 3]", "(1, 2)", "1e40", "float('nan')"]
PROTOCOL = ["bool(a)", "len(a)", "list(a)", "[x.shape for x in a]", "float(a)", "int(a)", "a.asscalar()", "complex(a)", "a.__index__()",
            "operator.index(a)", "a.item() if hasattr(a, 'item') else 'noitem'", "np.asarray(a)", "np.array(a, dtype=np.float64)", "a.__array__().dtype",
            "pickle.loads(pickle.dumps(a))", "copy.deepcopy(a)", "copy.copy(a)", "a.copy()", "a.as_in_context(mx.cpu(1)).context",
            "a.copyto(mx.cpu(2)).context", "a.astype('float32', copy=False) is a", "a.astype(a.dtype, copy=False) is a", "a.astype(np.int8)",
            "hash(a) is not None", "a.context", "a.ctx", "a.handle is not None", "a.writable", "a.size", "a.ndim", "a.stype", "str(a.dtype)",
            "a.tolist() if hasattr(a, 'tolist') else 'notolist'", "a.asnumpy().flags['C_CONTIGUOUS']", "a.__repr__()", "str(a)",
            "a.shape", "sorted(dir(a))[:3]", "a == None", "a != None", "a is None", "abs(a)", "-a", "+a", "~a", "a.T", "a.__reduce__()[0].__name__",
            "a.wait_to_read()", "mx.nd.waitall()", "a.attach_grad() or a.grad", "a.detach() is a", "a.one_hot(3)", "a.zeros_like()", "a.ones_like()",
            "a.astype('bool')", "a.size_array()", "a.shape_array()", "a.__len__()", "a.__contains__(1) if hasattr(a, '__contains__') else 'nocontains'",
            "1 in a", "a.__bool__()", "a.__nonzero__() if hasattr(a, '__nonzero__') else 'nonz'", "round(a)", "math.floor(a)", "divmod(a, 2)"]
BIN = ["a + {s}", "{s} + a", "a * {s}", "{s} * a", "a - {s}", "{s} - a", "a / {s}", "{s} / a", "a // {s}", "{s} // a", "a % {s}", "{s} % a",
       "a ** {s}", "{s} ** a", "a == {s}", "{s} == a", "a < {s}", "{s} > a", "a & {s}", "a | {s}", "a ^ {s}", "a << {s}", "a @ {s}",
       "b = a.copy();; b += {s};; R = b", "b = a.copy();; b *= {s};; R = b", "b = a.copy();; b /= {s};; R = b", "b = a.copy();; b -= {s};; R = b",
       "b = a.copy();; b %= {s};; R = b", "b = a.copy();; b **= {s};; R = b", "b = a.copy();; b //= {s};; R = b", "np.add(a, {s})", "np.multiply({s}, a)",
       "max(a, {s}) if a.size == 1 else 'skip'", "a.__radd__({s})", "a.__rsub__({s})", "a.__rtruediv__({s})", "a.__rpow__({s})", "a.__rmod__({s})"]
lines = []
for _ in range(int(sys.argv[2])):
    a = random.choice(ARRAYS)
    if random.random() < 0.45:
        e = random.choice(PROTOCOL)
    else:
        e = random.choice(BIN).format(s=random.choice(SCALARS + ARRAYS[:4]))
    if ";;" in e:
        lines.append(f"!import operator, pickle, copy, math;; a = {a};; {e}")
    else:
        lines.append(f"!import operator, pickle, copy, math;; a = {a};; R = {e}")
print('\n'.join(lines))
