"""Array creation: mx.nd.array from every kind of source (lists, nested and ragged, tuples, ranges,
numpy arrays and scalars of each dtype, NDArrays, bools, None), with and without dtype/ctx; zeros,
ones, full, empty (shape only), arange (start/stop/step/repeat/infer_range/dtype), linspace, eye,
*_like, and the shape/dtype/parameter errors.

Usage: python creation.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
DT = ["None", "'float32'", "'float64'", "'float16'", "'int32'", "'int64'", "'int8'", "'uint8'", "'bool'", "np.float64", "np.int32", "'bad'"]
SRC = ["[1, 2, 3]", "[[1, 2], [3, 4]]", "[1.5, -2]", "[True, False]", "[[1, 2], [3]]", "(1, 2)", "range(4)", "[]", "[[]]", "5", "2.5", "True",
       "np.array([1, 2], dtype=np.int64)", "np.array([1.5], dtype=np.float16)", "np.array([[1, 0]], dtype=bool)", "np.float32(3)", "np.int8(-3)",
       "np.array(7)", "mx.nd.array([1, 2], dtype='int32')", "mx.nd.ones((2, 2), dtype='float64')", "[np.float32(1), 2]", "[1, 2.5, True]",
       "np.zeros((2, 0))", "'abc'", "None", "[[1, 2], [3, 4]] * 2", "[1e40]", "[-1]", "[300]", "np.array([1, 2], dtype=np.uint16)",
       "np.array([1, 2], dtype=np.complex64)", "[mx.nd.array([1]), mx.nd.array([2])]", "{1: 2}"]
SHAPES = ["(2, 3)", "3", "(0,)", "()", "(2, 0, 1)", "[2, 2]", "(-1,)", "(2.5,)", "None"]
lines = []
for _ in range(int(sys.argv[2])):
    dt = random.choice(DT)
    k = random.random()
    if k < 0.4:
        e = f"mx.nd.array({random.choice(SRC)}{', dtype=' + dt if random.random() < 0.7 else ''}{', ctx=mx.cpu(1)' if random.random() < 0.2 else ''})"
    elif k < 0.6:
        f = random.choice(["zeros", "ones", "empty"])
        e = f"mx.nd.{f}({random.choice(SHAPES)}{', dtype=' + dt if random.random() < 0.7 else ''})"
        if f == "empty":
            e = f"!x = mx.nd.empty({random.choice(SHAPES)}{', dtype=' + dt if random.random() < 0.7 else ''});; R = [x.shape, str(x.dtype), x.context]"
    elif k < 0.7:
        e = f"mx.nd.full({random.choice(SHAPES)}, {random.choice(['2', '2.7', '-1', 'np.nan', '1e40', 'True', '300'])}{', dtype=' + dt if random.random() < 0.7 else ''})"
    elif k < 0.85:
        args = random.choice(["5", "1, 5", "0, 1, 0.25", "5, 1, -1", "0, 5, 2, 2", "-3", "2.5", "1, 5, 0", "0, 3, infer_range=True", "3, None", "None",
                              "0, 10, 3, repeat=0", "start=2, stop=None", "0, 1, 0.1"])
        e = f"mx.nd.arange({args}{', dtype=' + dt if random.random() < 0.6 else ''})"
    elif k < 0.9:
        e = f"mx.nd.linspace({random.choice(['0, 1, 5', '0, 1, 1', '1, 0, 4', '0, 1, 0', '0, 10, 4, endpoint=False', '2, 2, 3'])}{', dtype=' + dt if random.random() < 0.6 else ''})"
    elif k < 0.95:
        e = f"mx.nd.eye({random.choice(['3', '2, 3', '3, 2, 1', '3, 3, -1', '0', '2, 0', '3, k=5'])}{', dtype=' + dt if random.random() < 0.6 else ''})"
    else:
        e = f"mx.nd.{random.choice(['zeros_like', 'ones_like', 'full_like'])}(mx.nd.array({random.choice(['[[1, 2]]', '[1.5]'])}, dtype={dt if dt != 'None' else repr('int32')}){', fill_value=3.5' if random.random() < 0.5 else ''})"
    lines.append(e if e.startswith("!") else f"!R = {e};; R = [R, R.context] if hasattr(R, 'context') else R")
print('\n'.join(lines))
