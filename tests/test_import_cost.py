"""What ``import mxnd`` loads: optional dependencies wait until a feature needs them."""
import subprocess
import sys

import pytest

import mxnd as mx
from mxnd import scipy_sparse


def _modules_after(code):
    done = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(sorted(sys.modules))"],
                          capture_output=True, text=True, timeout=300, check=True)
    return eval(done.stdout.strip().splitlines()[-1])


def test_import_mxnd_loads_neither_scipy_nor_pillow():
    loaded = _modules_after("import mxnd")
    assert not [m for m in loaded if m == "scipy" or m.startswith(("scipy.", "PIL"))]


def test_a_sparse_dot_loads_scipy_where_installed():
    pytest.importorskip("scipy")
    loaded = _modules_after("import mxnd as mx\n"
                            "c = mx.nd.sparse.csr_matrix(([1., 2.], [0, 2], [0, 1, 2]), shape=(2, 3))\n"
                            "print(mx.nd.sparse.dot(c, mx.nd.ones((3, 4))).asnumpy().tolist())")
    assert "scipy.sparse" in loaded


def test_issparse_needs_no_import():
    assert not scipy_sparse.issparse(mx.nd.ones((2,))) and not scipy_sparse.issparse(None)
    spsp = pytest.importorskip("scipy.sparse")
    assert scipy_sparse.issparse(spsp.csr_matrix((2, 3)))
    assert scipy_sparse.module() is spsp


def test_scipy_sparse_matrices_convert_both_ways():
    spsp = pytest.importorskip("scipy.sparse")
    source = spsp.csr_matrix(([1.0, 2.0], ([0, 1], [2, 0])), shape=(2, 3))
    array = mx.nd.sparse.array(source)
    assert array.stype == "csr" and array.dtype == source.dtype
    assert array.asnumpy().tolist() == [[0.0, 0.0, 1.0], [2.0, 0.0, 0.0]]
    assert (array.asscipy() != source).nnz == 0
