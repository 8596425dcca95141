"""Linear algebra: dot, batch_dot, the ``_linalg_*`` operators and contrib fft/ifft.

MXNet's rules kept here (src/operator/tensor/la_op.h, la_op-inl.h, dot-inl.h):
a batch of matrices lives on the trailing two axes and every leading axis must match
exactly (no broadcasting); the linalg operators take float32/float64 only, dot also
float16 on GPU; operators that read a triangle (potrf, potri, trmm, trsm, syevd) ignore
the other one and their gradients are MXNet's (symmetric for potrf/syevd, zero outside the
triangle for potri/trmm/trsm); reductions of a single matrix return shape ``(1,)``.
"""
from __future__ import annotations

import math

import torch

from ...params import optional_enum, parse_bool, parse_float, parse_int
from ...registry import OpSpec, Param, SparseInputs, declare

_SINGLE_DOUBLE = (torch.float32, torch.float64)
_FLOATING = (torch.float16, torch.float32, torch.float64)

# ---- input checks (ValueError becomes MXNetError("<op>: <message> (shapes ...)")) ----------


def _require_float(tensor):
    """la_op.h runs MSHADOW_SGL_DBL_TYPE_SWITCH: float32 and float64 only."""
    if tensor.dtype not in _SINGLE_DOUBLE:
        raise ValueError("This operation only supports 32-bit and 64-bit floating point")


def _require_dot_dtype(tensor):
    """dot-inl.h DotForward_: float32/float64 on CPU, also float16 on GPU."""
    if tensor.dtype not in _SINGLE_DOUBLE and not (tensor.dtype is torch.float16 and tensor.is_cuda):
        raise ValueError("dot only supports float32/float64 for CPU, and float16/float32/float64 for GPU")


def _require_matrices(tensor, square=True):
    _require_float(tensor)
    if tensor.dim() < 2:
        raise ValueError("Input operand must be a tensor of matrices")
    if square and tensor.shape[-1] != tensor.shape[-2]:
        raise ValueError("Input operand must be a tensor of square matrices")


def _require_same_batch(first, second):
    if first.dim() != second.dim() or first.shape[:-2] != second.shape[:-2]:
        raise ValueError("Shapes of inputs 0, 1 must be the same, except on the last two dimensions")


def _one_per_matrix(values, matrices):
    """LaReduceShape / DetShape: a single matrix reduces to shape (1,), not ()."""
    return values.reshape(1) if matrices.dim() == 2 else values


# ---- dot, batch_dot ---------------------------------------------------------------------


def _shapes(lhs, rhs):
    return f"{list(lhs.shape)} X {list(rhs.shape)}"


def _dot(lhs, rhs, *, transpose_a, transpose_b, forward_stype):
    """dot-inl.h DotShape: contract the last axis of lhs (its first with transpose_a) with
    the first axis of rhs (its last with transpose_b); vector . vector has shape (1,)."""
    _require_dot_dtype(lhs)
    if forward_stype in ("csr", "row_sparse"):  # a sparse output: mxnd.ndarray.sparse runs it
        raise SparseInputs()
    left_dims, right_dims = lhs.dim(), rhs.dim()
    if not left_dims or not right_dims:
        raise ValueError("scalar tensor is not supported by this operator.")
    if left_dims == 1 and right_dims == 1:
        if transpose_a or transpose_b:
            raise ValueError("Cannot transpose vectors")
        if lhs.shape != rhs.shape:
            raise ValueError(f"dot shape error: {_shapes(lhs, rhs)}")
        return torch.dot(lhs, rhs).reshape(1)
    if (lhs.shape[0] if transpose_a else lhs.shape[-1]) != (rhs.shape[-1] if transpose_b else rhs.shape[0]):
        raise ValueError(f"dot shape error: {_shapes(lhs, rhs)}")
    if right_dims <= 2 and (left_dims <= 2 or not transpose_a):
        # matmul already contracts lhs's last axis with the first of an rhs of <= 2 axes;
        # "transposing" a vector changes nothing in MXNet's shape rule
        return torch.matmul(lhs.mT if transpose_a and left_dims == 2 else lhs,
                            rhs.mT if transpose_b and right_dims == 2 else rhs)
    if transpose_a:
        kept_left = tuple(lhs.shape[1:])
        left = lhs.reshape(lhs.shape[0], math.prod(kept_left)).mT
    else:
        kept_left = tuple(lhs.shape[:-1])
        left = lhs.reshape(math.prod(kept_left), lhs.shape[-1])
    if transpose_b:
        kept_right = tuple(rhs.shape[:-1])
        right = rhs.reshape(math.prod(kept_right), rhs.shape[-1]).mT
    else:
        kept_right = tuple(rhs.shape[1:])
        right = rhs.reshape(rhs.shape[0], math.prod(kept_right))
    return torch.matmul(left, right).reshape(kept_left + kept_right)


def _batch_dot(lhs, rhs, *, transpose_a, transpose_b, forward_stype):
    """dot-inl.h BatchDotShape: N-d x N-d (N >= 3) with equal leading axes."""
    _require_dot_dtype(lhs)
    if lhs.dim() < 3 or lhs.dim() != rhs.dim():
        raise ValueError(f"batch_dot currently only support N-D*N-D array (N >= 3), got {_shapes(lhs, rhs)}")
    if lhs.shape[:-2] != rhs.shape[:-2]:
        raise ValueError(f"batch_dot shape error (the leading batch dimensions must be equal): "
                         f"{_shapes(lhs, rhs)} trans_a={int(transpose_a)} trans_b={int(transpose_b)}")
    left = lhs.mT if transpose_a else lhs
    right = rhs.mT if transpose_b else rhs
    if left.shape[-1] != right.shape[-2]:
        raise ValueError(f"batch_dot shape error (shape mismatch): {_shapes(lhs, rhs)} "
                         f"trans_a={int(transpose_a)} trans_b={int(transpose_b)}")
    return torch.matmul(left, right)


# ---- gemm, gemm2, syrk --------------------------------------------------------------------


def _row_axis(ndim, axis):
    row = axis + ndim if axis < 0 else axis
    if not 0 <= row < ndim - 1:
        raise ValueError(f"Invalid row axis ({axis})")
    return row


def _gemm_operands(A, B, transpose_a, transpose_b, axis):
    """op(A), op(B) with the rows moved from ``axis`` to -2 (la_op.h LaMatrixMultMacOpShape:
    a non-default axis is swapaxes/gemm/swapaxes); returns them and the row axis."""
    _require_float(A)
    ndim = A.dim()
    if ndim < 2 or ndim != B.dim():
        raise ValueError("Inputs must be tensors of matrices with the same number of dimensions")
    row = _row_axis(ndim, axis)
    if row != ndim - 2:
        A, B = A.transpose(row, -2), B.transpose(row, -2)
    if ndim > 2 and A.shape[:-2] != B.shape[:-2]:
        raise ValueError("Shapes of inputs 0, 1 must be the same, except on row/col axis")
    if (A.shape[-2] if transpose_a else A.shape[-1]) != (B.shape[-1] if transpose_b else B.shape[-2]):
        raise ValueError("Incompatible matrix dimensions for multiplication")
    return (A.mT if transpose_a else A), (B.mT if transpose_b else B), row


def _restore_rows(result, row):
    return result if row == result.dim() - 2 else result.transpose(row, -2)


def _gemm2(A, B, *, transpose_a, transpose_b, alpha, axis):
    left, right, row = _gemm_operands(A, B, transpose_a, transpose_b, axis)
    product = torch.matmul(left, right)
    return _restore_rows(product if alpha == 1.0 else product * alpha, row)


def _gemm(A, B, C, *, transpose_a, transpose_b, alpha, beta, axis):
    """alpha * op(A) op(B) + beta * C in one fused addmm/baddbmm; C is not broadcast."""
    left, right, row = _gemm_operands(A, B, transpose_a, transpose_b, axis)
    shape = left.shape[:-1] + right.shape[-1:]
    accumulator = _restore_rows(C, row)
    if accumulator.shape != shape:
        expected = list(shape)
        expected[row], expected[-2] = expected[-2], expected[row]
        raise ValueError(f"Shape inconsistent, Provided = {list(C.shape)}, inferred shape={expected}")
    if left.dim() == 2:
        result = torch.addmm(accumulator, left, right, beta=beta, alpha=alpha)
    else:
        result = torch.baddbmm(accumulator.reshape(-1, *shape[-2:]), left.reshape(-1, *left.shape[-2:]),
                               right.reshape(-1, *right.shape[-2:]), beta=beta, alpha=alpha).reshape(shape)
    return _restore_rows(result, row)


def _syrk(A, *, transpose, alpha):
    _require_matrices(A, square=False)
    product = torch.matmul(A.mT, A) if transpose else torch.matmul(A, A.mT)
    return product if alpha == 1.0 else product * alpha


# ---- triangular operators -----------------------------------------------------------------


def _triangle(A, lower):
    return A.tril() if lower else A.triu()


def _triangular_operands(A, B, rightside):
    """la_op.h LaTriangMatrixMultOpShape: square A, equal leading axes, matching inner size."""
    _require_matrices(A)
    _require_same_batch(A, B)
    if (B.shape[-1] if rightside else B.shape[-2]) != A.shape[-1]:
        raise ValueError("Incompatible matrix dimensions for multiplication")


def _trmm(A, B, *, transpose, rightside, lower, alpha):
    """alpha * op(A) B (or B op(A)); only A's triangle is read, so dA is zero outside it."""
    _triangular_operands(A, B, rightside)
    triangular = _triangle(A, lower)
    if transpose:
        triangular = triangular.mT
    product = torch.matmul(B, triangular) if rightside else torch.matmul(triangular, B)
    return product if alpha == 1.0 else product * alpha


def _trsm(A, B, *, transpose, rightside, lower, alpha):
    """Solve op(A) X = alpha B (or X op(A) = alpha B) with BLAS trsm's semantics."""
    _triangular_operands(A, B, rightside)
    triangular, upper = (A.mT, lower) if transpose else (A, not lower)
    solution = torch.linalg.solve_triangular(triangular, B, upper=upper, left=not rightside)
    return solution if alpha == 1.0 else solution * alpha


def _potrf(A, *, lower):
    """Cholesky factor from A's lower (upper) triangle; MXNet's gradient is symmetric, as torch's."""
    _require_matrices(A)
    return torch.linalg.cholesky(A, upper=not lower)


def _potri(A, *, lower):
    """(L L^T)^-1 from the Cholesky factor in A's lower (upper) triangle."""
    _require_matrices(A)
    factor = _triangle(A, lower)
    if bool((factor.diagonal(dim1=-2, dim2=-1) == 0).any()):  # LAPACK potri fails (info > 0)
        raise ValueError("potri failed: the input matrix is not a Cholesky factor (zero on the diagonal)")
    return torch.cholesky_inverse(factor, upper=not lower)


def _sumlogdiag(A):
    """float32 logs are taken in float64 and rounded once (as glibc's logf, on any vector unit:
    torch's float32 log on AVX-512 is an ulp off for some inputs, log(7) among them)."""
    _require_matrices(A)
    diagonal = A.diagonal(dim1=-2, dim2=-1)
    logs = diagonal.double().log().to(A.dtype) if A.dtype in (torch.float32, torch.float16) else diagonal.log()
    return _one_per_matrix(logs.sum(-1), A)


# ---- factorizations, inverse, determinants ------------------------------------------------


def _gelqf(A):
    """A = L Q with Q row-orthonormal: LAPACK's LQ is the Householder QR of A^T, as torch's."""
    _require_matrices(A, square=False)
    if A.shape[-2] > A.shape[-1]:
        raise ValueError("Input A shape wrong: Last dimension must be >= than second to last")
    q, r = torch.linalg.qr(A.mT)
    return q.mT, r.mT


def _syevd(A):
    """U A = diag(L) U from A's lower triangle, eigenvalues ascending. Each row of U is
    signed so its largest-magnitude entry (first one on ties) is positive (la_op-inl.h
    SyevdEigenVecSigns)."""
    _require_matrices(A)
    eigenvalues, vectors = torch.linalg.eigh(A)
    rows = vectors.mT
    with torch.no_grad():
        largest = rows.gather(-1, rows.abs().argmax(-1, keepdim=True))
        signs = torch.where(largest < 0, -1.0, 1.0).to(rows.dtype)
    return rows * signs, eigenvalues


def _inverse(A):
    _require_matrices(A)
    return torch.linalg.inv(A)


def _regular_part(A, singular):
    """A with singular matrices replaced by the identity: MXNet backwards no gradient
    through them (la_op-inl.h StopZeroDetGrad), where torch's would be NaN."""
    identity = torch.eye(A.shape[-1], dtype=A.dtype, device=A.device)
    return torch.where(singular[..., None, None], identity, A)


def _det(A):
    _require_matrices(A)
    determinant = torch.linalg.det(A)
    if A.requires_grad:
        singular = determinant.detach() == 0
        determinant = torch.where(singular, determinant.detach(),
                                  torch.linalg.det(_regular_part(A, singular)))
    return _one_per_matrix(determinant, A)


def _zero_gradient_output(values, source):
    """``values`` as an output of the graph through ``source`` with a zero gradient (a head
    of backward, as MXNet's slogdet sign: its gradient is ignored, not an error)."""
    return torch.where(torch.ones_like(values, dtype=torch.bool), values.detach(), source)


def _slogdet(A):
    """(sign, log|det|); only log|det| has a gradient, none where det is 0."""
    _require_matrices(A)
    sign, logabsdet = torch.linalg.slogdet(A)
    if A.requires_grad:
        sign, logabsdet = sign.detach(), logabsdet.detach()
        singular = sign == 0
        logabsdet = torch.where(singular, logabsdet, torch.linalg.slogdet(_regular_part(A, singular))[1])
        sign = _zero_gradient_output(sign, logabsdet)
    return _one_per_matrix(sign, A), _one_per_matrix(logabsdet, A)


# ---- diagonals and triangles ----------------------------------------------------------------


def _extractdiag(A, *, offset):
    _require_matrices(A)
    if A.shape[-1] - abs(offset) <= 0:
        raise ValueError(f"Illegal offset {offset} for diag extraction of {A.shape[-1]}x{A.shape[-1]} matrices")
    return A.diagonal(offset, dim1=-2, dim2=-1).clone()


def _makediag(A, *, offset):
    _require_float(A)
    if A.dim() < 1:
        raise ValueError("Input operand must have at least one dimension")
    return torch.diag_embed(A, offset)


def _triangle_indices(size, offset, lower, device):
    """Positions of a triangle of a size x size matrix in MXNet's storage order
    (la_op-inl.h CopyTrian): the lower one row by row, the upper one column by column."""
    rows, cols = torch.tril_indices(size, size, -abs(offset), device=device)
    return (rows, cols) if offset < 0 or (offset == 0 and lower) else (cols, rows)


def _extracttrian(A, *, offset, lower):
    _require_matrices(A)
    if A.shape[-1] - abs(offset) <= 0:
        raise ValueError(f"Illegal offset {offset} for trian extraction of {A.shape[-1]}x{A.shape[-1]} matrices")
    rows, cols = _triangle_indices(A.shape[-1], offset, lower, A.device)
    return A[..., rows, cols]


def _maketrian(A, *, offset, lower):
    """Inverse of extracttrian: n entries fill a triangle of side m with m (m + 1) / 2 == n."""
    _require_float(A)
    if A.dim() < 1:
        raise ValueError("Input operand must have at least one dimension")
    count = A.shape[-1]
    side = math.floor(0.5 + (math.sqrt(8 * count + 1) - 1.0) * 0.5)
    if side * (side + 1) // 2 != count:
        raise ValueError("Input tensor of maketrian has an invalid dimension for the last axis.")
    size = side + abs(offset)
    rows, cols = _triangle_indices(size, offset, lower, A.device)
    matrices = A.new_zeros(A.shape[:-1] + (size, size))
    matrices[..., rows, cols] = A
    return matrices


# ---- contrib fft / ifft (GPU-only in MXNet 1.9.1; same semantics here on every device) ---


def _signal_rank(data):
    """fft-inl.h InferShape knows (N, d) and (N1, N2, N3, d) inputs only."""
    if data.dtype not in _FLOATING:
        raise ValueError("fft/ifft take float16, float32 or float64 data")
    if data.dim() not in (2, 4):
        raise ValueError("Input must have shape (N, d) or (N1, N2, N3, d)")


def _fft(data, *, compute_size):
    """Complex FFT of real rows as [re0, im0, re1, im1, ...] (cufftExecC2C, CUFFT_FORWARD);
    compute_size only sized cuFFT's sub-batches."""
    _signal_rank(data)
    spectrum = torch.fft.fft(data.float() if data.dtype is torch.float16 else data)
    return torch.view_as_real(spectrum).reshape(data.shape[:-1] + (2 * data.shape[-1],)).to(data.dtype)


def _ifft(data, *, compute_size):
    """Real part of the unnormalized inverse FFT of interleaved complex rows (ifft-inl.h
    leaves ``out /= dim`` commented out)."""
    _signal_rank(data)
    if data.shape[-1] % 2:
        raise ValueError("Last dimension must be an even number ([real0, imag0, real1, imag1, ...])")
    pairs = (data.float() if data.dtype is torch.float16 else data).reshape(data.shape[:-1] + (-1, 2))
    signal = torch.fft.ifft(torch.view_as_complex(pairs.contiguous()), norm="forward")
    return signal.real.to(data.dtype)


# ---- the table ------------------------------------------------------------------------------


def _flag(name, doc, default=False):
    return Param(name, parse_bool, default, doc)


_ALPHA = Param("alpha", parse_float, 1.0, "Scalar factor multiplied with the product.")
_DOT_PARAMS = (
    _flag("transpose_a", "If true then transpose the first input before dot."),
    _flag("transpose_b", "If true then transpose the second input before dot."),
    Param("forward_stype", optional_enum("csr", "default", "row_sparse"), None,
          "The desired storage type of the forward output (the dense result is cast to it)."),
)
_GEMM_FLAGS = (
    _flag("transpose_a", "Multiply with transposed of first input (A)."),
    _flag("transpose_b", "Multiply with transposed of second input (B)."),
)
_ROW_AXIS = Param("axis", parse_int, -2, "Axis corresponding to the matrix rows.")
_TRIANGULAR = (
    _flag("transpose", "Use transposed of the triangular matrix"),
    _flag("rightside", "Multiply triangular matrix from the right to non-triangular one."),
    _flag("lower", "True if the triangular matrix is lower triangular, false if it is upper triangular.",
          True),
    Param("alpha", parse_float, 1.0, "Scalar factor to be applied to the result."),
)
# potrf/potri parse LaCholeskyParam although MXNet's generated signature omits it
_CHOLESKY = (_flag("lower", "True for a lower triangular Cholesky factor, false for an upper one.", True),)
_OFFSET = Param("offset", parse_int, 0, "Offset of the diagonal versus the main diagonal "
                "(negative: below, positive: above).")
_TRIAN = (_OFFSET, _flag("lower", "Refer to the lower triangle if true, the upper otherwise "
                                   "(only relevant when offset=0).", True))
_COMPUTE_SIZE = (Param("compute_size", parse_int, 128, "Maximum size of sub-batch to be forwarded at one time"),)


def _linalg(name, impl, doc, inputs=("A",), params=()):
    """A ``_linalg_<name>`` operator with its ``linalg_<name>`` alias in mx.nd."""
    return OpSpec(f"_linalg_{name}", impl, inputs=inputs, params=params, aliases=(f"linalg_{name}",),
                  differentiable=True, family="linalg", same_dtype=len(inputs) > 1, doc=doc)


LINALG = declare([
    OpSpec("dot", _dot, inputs=("lhs", "rhs"), params=_DOT_PARAMS, differentiable=True, family="linalg",
           same_dtype=True, doc="Dot product of two arrays (last axis of lhs with first axis of rhs)."),
    OpSpec("batch_dot", _batch_dot, inputs=("lhs", "rhs"), params=_DOT_PARAMS, differentiable=True,
           family="linalg", same_dtype=True, doc="Batchwise dot product of N-d arrays (N >= 3)."),
    _linalg("gemm", _gemm, "General matrix multiply-accumulate: alpha * op(A) op(B) + beta * C.",
            ("A", "B", "C"), _GEMM_FLAGS + (_ALPHA, Param("beta", parse_float, 1.0, "Scalar factor multiplied with C."),
                                            _ROW_AXIS)),
    _linalg("gemm2", _gemm2, "General matrix multiply: alpha * op(A) op(B).", ("A", "B"),
            _GEMM_FLAGS + (_ALPHA, _ROW_AXIS)),
    _linalg("potrf", _potrf, "Cholesky factorization of symmetric positive-definite matrices.",
            params=_CHOLESKY),
    _linalg("potri", _potri, "Matrix inverse from a Cholesky factorization.", params=_CHOLESKY),
    _linalg("trmm", _trmm, "Multiplication with a triangular matrix: alpha * op(A) B or alpha * B op(A).",
            ("A", "B"), _TRIANGULAR),
    _linalg("trsm", _trsm, "Solve op(A) X = alpha B or X op(A) = alpha B for triangular A.",
            ("A", "B"), _TRIANGULAR),
    _linalg("sumlogdiag", _sumlogdiag, "Sum of the logarithms of the diagonal elements of square matrices."),
    _linalg("syrk", _syrk, "Multiplication of a matrix with its transpose: alpha * A A^T or alpha * A^T A.",
            params=(_flag("transpose", "Use transpose of input matrix."),
                    Param("alpha", parse_float, 1.0, "Scalar factor to be applied to the result."))),
    _linalg("gelqf", _gelqf, "LQ factorization A = L Q of general matrices; returns (Q, L)."),
    OpSpec("_linalg_syevd", _syevd, inputs=("A",), differentiable=True, family="linalg",
           doc="Eigendecomposition U A = diag(L) U of symmetric matrices; returns (U, L)."),
    _linalg("inverse", _inverse, "Inverse of square matrices."),
    _linalg("det", _det, "Determinant of square matrices."),
    _linalg("slogdet", _slogdet, "Sign and log of the absolute determinant of square matrices."),
    _linalg("extractdiag", _extractdiag, "Extract a diagonal of square matrices.", params=(_OFFSET,)),
    _linalg("makediag", _makediag, "Square matrices with the input as a diagonal.", params=(_OFFSET,)),
    _linalg("extracttrian", _extracttrian, "Extract a triangle of square matrices as a vector.", params=_TRIAN),
    _linalg("maketrian", _maketrian, "Square matrices from triangles stored as vectors.", params=_TRIAN),
    OpSpec("_contrib_fft", _fft, params=_COMPUTE_SIZE, differentiable=True, family="linalg",
           doc="1-D FFT of real rows, output interleaved as [real0, imag0, real1, imag1, ...]."),
    OpSpec("_contrib_ifft", _ifft, params=_COMPUTE_SIZE, differentiable=True, family="linalg",
           doc="Real part of the unnormalized 1-D inverse FFT of interleaved complex rows."),
])
