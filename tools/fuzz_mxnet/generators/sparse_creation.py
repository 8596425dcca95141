"""mx.nd.sparse creation and formats: csr_matrix/row_sparse_array from tuples, dense arrays and
shapes with dtypes and index dtypes, invalid structures under check_format, the format arrays'
dtypes, conversions, copies, zeros/empty/array, and the printed text.

Usage: python sparse_creation.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
DT = ["None", "'float32'", "'float64'", "'int32'", "'float16'", "'int64'", "'uint8'"]
CSR = ["([1, 2, 3], [0, 2, 1], [0, 2, 3])", "([1.5, 2], [1, 0], [0, 1, 2])", "([], [], [0, 0, 0])",
       "(np.array([1, 2], dtype='int64'), np.array([1, 0]), np.array([0, 1, 2]))",
       "(mx.nd.array([4, 5]), mx.nd.array([2, 2], dtype='int64'), mx.nd.array([0, 1, 2], dtype='int64'))",
       "([1, 2], [2, 0], [0, 2, 2])", "([1, 2], [0, 5], [0, 1, 2])", "([1, 2], [0, 1], [0, 3, 2])", "([1, 2, 3], [0, 1], [0, 1, 2])",
       "([1, 2], [0, 1], [1, 2])", "([1, 2], [-1, 0], [0, 1, 2])"]
RSP = ["([[1, 2, 3]], [1])", "([[1, 2, 3], [4, 5, 6]], [0, 2])", "(np.zeros((0, 3)), [])", "([[1, 2, 3], [4, 5, 6]], [2, 0])",
       "([[1, 2, 3], [4, 5, 6]], [1, 1])", "([[1, 2, 3]], [5])", "([[1, 2]], [0])", "(mx.nd.ones((1, 3), dtype='float64'), mx.nd.array([2], dtype='int64'))"]
DENSE = ["[[0, 1, 0], [2, 0, 3]]", "np.array([[0, 1.5, 0], [0, 0, 0]])", "mx.nd.array([[1, 0, 0], [0, 0, 4]])", "np.zeros((2, 3))",
         "mx.nd.array([[0, 0, 0], [0, 5, 0]], dtype='int32')", "[[0, 1], [2, 0], [0, 0]]", "np.eye(3, dtype='float16')"]
SHOW = ["[R0, R0.stype, str(R0.dtype), R0.shape]", "[R0.data, R0.indices, getattr(R0, 'indptr', None), str(R0.indices.dtype)]",
        "str(R0)", "repr(R0)", "[R0.check_format(full_check=True), 'ok']", "[R0.check_format(full_check=False), 'ok']",
        "[R0.tostype('default'), R0.tostype('csr') if R0.ndim == 2 else None]", "R0.astype('float64')", "[R0.copy(), R0.copy().stype]",
        "R0.asnumpy()", "[R0.copyto(mx.cpu(1)).context, R0.as_in_context(mx.cpu(0)) is R0]", "[R0.size, R0.ndim, len(R0) if R0.ndim else 0]",
        "R0.tostype('row_sparse')", "[R0 * 2, (R0 * 2).stype]", "R0.todense()" , "R0.asscipy().toarray().tolist()"]
lines = []
for _ in range(int(sys.argv[2])):
    dt = random.choice(DT)
    k = random.random()
    if k < 0.3:
        src = f"mx.nd.sparse.csr_matrix({random.choice(CSR)}, shape={random.choice(['(2, 3)', '(3, 3)', 'None', '(2, 2)', '(1, 3)'])}, dtype={dt})"
    elif k < 0.5:
        src = f"mx.nd.sparse.row_sparse_array({random.choice(RSP)}, shape={random.choice(['(3, 3)', '(4, 3)', 'None', '(2, 3)'])}, dtype={dt})"
    elif k < 0.7:
        src = f"mx.nd.sparse.{random.choice(['csr_matrix', 'row_sparse_array', 'array'])}({random.choice(DENSE)}, dtype={dt})"
    elif k < 0.85:
        stype = random.choice(["'csr'", "'row_sparse'", "'default'", "'bad'"])
        src = f"mx.nd.sparse.{random.choice(['zeros', 'empty'])}({stype}, {random.choice(['(2, 3)', '(0, 3)', '(2, 2, 2)', '3'])}, dtype={dt})"
    else:
        src = f"mx.nd.sparse.{random.choice(['csr_matrix', 'row_sparse_array'])}({random.choice(['(2, 3)', '(0, 2)', '(3,)', '(2, 3, 4)'])}, dtype={dt})"
    lines.append(f"!R0 = {src};; R = {random.choice(SHOW)}")
print('\n'.join(lines))
