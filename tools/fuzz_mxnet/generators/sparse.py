"""CSR and row_sparse arrays through sparse operators, conversions, slicing and arithmetic (run with --numeric).

Usage: python sparse.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
def dense(r, c, density):
    return [[round(random.uniform(-3, 3), 2) if random.random() < density else 0.0 for _ in range(c)] for _ in range(r)]
OPS = [
 "A", "A.tostype('default')", "A.tostype('csr')", "A.tostype('row_sparse')", "A * 2", "A * 2.5", "A / 2", "A + A", "A - A", "A * A",
 "A + D", "D + A", "A * D", "A - D", "A + 1", "A - 1", "-A", "mx.nd.sparse.abs(A)", "mx.nd.sparse.square(A)", "mx.nd.sparse.sqrt(mx.nd.sparse.abs(A))",
 "mx.nd.sparse.sign(A)", "mx.nd.sparse.relu(A)", "mx.nd.sparse.sigmoid(A)", "mx.nd.sparse.exp(A)", "mx.nd.sparse.round(A)", "mx.nd.sparse.floor(A)",
 "mx.nd.sparse.clip(A, -1, 1)", "mx.nd.sparse.sum(A)", "mx.nd.sparse.sum(A, axis=0)", "mx.nd.sparse.sum(A, axis=1)", "mx.nd.sparse.mean(A, axis=1)",
 "mx.nd.sparse.norm(A)", "mx.nd.norm(A)", "mx.nd.sparse.dot(A, W)", "mx.nd.sparse.dot(A, W2, transpose_a=True)", "mx.nd.dot(A, W)",
 "mx.nd.sparse.dot(D, A.T if False else W)", "mx.nd.sparse.elemwise_add(A, A)", "mx.nd.sparse.elemwise_mul(A, D)", "mx.nd.elemwise_add(A, D)",
 "mx.nd.sparse.add_n(A, A, A)", "mx.nd.add_n(A, D)", "A.copy()", "A.copyto(mx.cpu())", "A.astype('float64')", "A.astype('int32')",
 "A[1:]", "A[0]", "A[1:2]", "A.data", "A.indices", "A.shape", "A.stype", "A.asnumpy()", "A.check_format() or 'ok'",
 "mx.nd.sparse.slice(A, begin=(0, 1), end=(2, 3))", "mx.nd.slice(A, begin=(1,), end=(2,))", "mx.nd.sparse.retain(A, mx.nd.array([0, 2]))",
 "mx.nd.sparse.zeros_like(A)", "mx.nd.zeros_like(A)", "mx.nd.ones_like(A)", "mx.nd.sparse.cast_storage(A, stype='default')",
 "mx.nd.cast_storage(A, stype='csr')", "mx.nd.cast_storage(A, stype='row_sparse')", "mx.nd.sparse.where(C, A, A) if hasattr(mx.nd.sparse, 'where') else 'n'",
 "mx.nd.broadcast_add(A, mx.nd.ones((1, A.shape[1])))", "mx.nd.broadcast_mul(A, mx.nd.ones((1, A.shape[1])))", "mx.nd.sparse.broadcast_mul(A, mx.nd.ones((A.shape[0], 1)))",
 "A == A", "A > 0", "mx.nd.sparse.square_sum(A, axis=1) if hasattr(mx.nd.sparse, 'square_sum') else 'n'", "mx.nd._internal._square_sum(A, axis=1, keepdims=True)",
 "mx.nd.sparse.Embedding(mx.nd.array([0, 1]), A, input_dim=A.shape[0], output_dim=A.shape[1], sparse_grad=True) if False else 'n'",
 "mx.nd.sparse.concat(A, A, dim=0) if hasattr(mx.nd.sparse, 'concat') else 'n'", "mx.nd.concat(A, A, dim=0)", "mx.nd.sparse.stack(A, A) if hasattr(mx.nd.sparse, 'stack') else 'n'",
 "mx.nd.transpose(A)", "A.T", "mx.nd.sparse.trunc(A)", "mx.nd.sparse.fix(A)", "mx.nd.sparse.expm1(A)", "mx.nd.sparse.log1p(mx.nd.sparse.abs(A))",
 "mx.nd.sparse.sin(A)", "mx.nd.sparse.tanh(A)", "mx.nd.sparse.arcsinh(A)", "mx.nd.sparse.degrees(A)", "mx.nd.sparse.negative(A)",
 "mx.nd.sparse.ceil(A)", "mx.nd.sparse.rint(A)", "mx.nd.sparse.zeros(A.stype, A.shape, dtype='int32')", "mx.nd.sparse.array(A.asnumpy()) if hasattr(mx.nd.sparse, 'array') else 'n'",
]
lines = []
for _ in range(int(sys.argv[2])):
    r, c = random.randint(1, 4), random.randint(1, 4)
    d = dense(r, c, random.choice([0.0, 0.3, 0.6, 1.0]))
    stype = random.choice(['csr', 'row_sparse'])
    op = random.choice(OPS)
    setup = (f"A = mx.nd.array({d}).tostype('{stype}');; D = mx.nd.array({dense(r, c, 1.0)});; "
             f"W = mx.nd.array({dense(c, 2, 1.0)});; W2 = mx.nd.array({dense(r, 2, 1.0)});; C = mx.nd.array({dense(r, c, 0.5)}).tostype('{stype}')")
    lines.append(f"!{setup};; R0 = {op};; R = [R0, getattr(R0, 'stype', None)]")
print('\n'.join(lines))
