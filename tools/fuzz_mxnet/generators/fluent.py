"""NDArray's fluent methods with positional and keyword arguments (MXNet forwards them to the
operator, so positional arguments follow the operator's parameter order).

Usage: python fluent.py SEED COUNT > expressions.txt (see ../README.md; use --numeric)."""
import random, sys
random.seed(int(sys.argv[1]))
CALLS = ["clip(0, 1)", "clip(-0.5, 0.5)", "topk(1)", "topk(0, 2)", "topk(-1, 1, 'both')", "sort(0)", "sort(-1, False)", "argsort(1, True, 'int32')",
         "argmax(1)", "argmin(0, True)", "norm(2, 1)", "norm(1, (0, 1), None, True)", "one_hot(4)", "pick(mx.nd.array([0, 1]), 1)", "softmax(0)",
         "softmax(-1, 2.0)", "log_softmax(1)", "squeeze(0)", "expand_dims(1)", "flatten()", "tile((2, 1))", "split(2, 1)", "split(1, 0, True)",
         "swapaxes(0, 1)", "diag(1)", "diag(-1, 0, 1)", "nansum(0)", "nanprod(1, True)", "broadcast_to((2, 2, 3))", "broadcast_axes(0, 2)",
         "repeat(2, 0)", "repeat(3)", "pad('constant', (0, 0, 0, 0, 1, 1, 2, 2))", "slice((0, 1), (2, 3))", "slice((None, 0), (None, 2), (None, 1))",
         "slice_axis(1, 0, 2)", "take(mx.nd.array([1, 0]), 1)", "take(mx.nd.array([5]), 0, 'wrap')", "reshape_like(mx.nd.ones((3, 2)))",
         "round()", "rint()", "fix()", "floor()", "ceil()", "trunc()", "sum(1, True)", "sum((0, 1), False, True)", "mean(0)", "max(1, True)",
         "min(None)", "prod(0)", "cumsum(1)" , "abs()", "sign()", "exp()", "log1p()", "sqrt()", "square()", "sigmoid()", "relu()", "softmin(1)",
         "flip(1)", "transpose((1, 0))", "T", "reshape(3, 2)", "reshape((-1,))", "reshape(-1, 3)", "zeros_like()", "ones_like()", "astype('int32')",
         "shape_array()", "size_array()", "sum_axis(0)", "max_axis(1)", "min_axis()", "nonzero()" if False else "degrees()", "radians()",
         "argmax_channel()", "depth_to_space(1)", "space_to_depth(1)", "sin()", "arcsinh()", "reciprocal()", "rsqrt()", "cbrt()", "rcbrt()",
         "log_sigmoid()" , "mish()", "erf()", "erfinv()", "gamma()", "gammaln()", "tostype('csr')", "as_in_context(mx.cpu(1))", "copyto(mx.cpu())"]
lines = []
for _ in range(int(sys.argv[2])):
    dt = random.choice(["'float32'", "'float64'", "'float16'", "'int32'"])
    x = f"mx.nd.array(np.random.RandomState({random.randint(0, 999)}).uniform(-2, 2, (2, 3)), dtype={dt})"
    call = random.choice(CALLS)
    lines.append(f"!x = {x};; R = x.{call}")
print('\n'.join(lines))
