"""The backward_grad family (src/mxnd/ndarray/ops/backward_grad.py) beyond its golden cases (which
compare 5 significant digits): derivatives whose C expression is a single division are bit-exact
against numpy's IEEE arithmetic in the array's type, as MXNet's kernels compute them."""
import numpy as np
import pytest

import mxnd as mx

I = mx.nd._internal


def _data(dtype, seed=0, n=20000):
    rs = np.random.RandomState(seed)
    x = (rs.uniform(0.1, 10, n) * rs.choice([-1, 1], n)).astype(dtype)
    g = rs.uniform(-3, 3, n).astype(dtype)
    return x, g


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name,reference", [
    ("_backward_rdiv_scalar", lambda x, s: -s / (x * x)),
    ("_backward_rmod_scalar", lambda x, s: -np.floor(s / x)),
    ("_backward_npi_arctan2_scalar", lambda x, s: s / (x * x + s * s)),
])
def test_scalar_divisions_round_once(dtype, name, reference):
    T = np.dtype(dtype).type
    x, g = _data(dtype)
    scalar = T(2.7)
    got = getattr(I, name)(mx.nd.array(g, dtype=dtype), mx.nd.array(x, dtype=dtype), scalar=2.7).asnumpy()
    np.testing.assert_array_equal(got, g * reference(x, scalar).astype(dtype))


@pytest.mark.parametrize("dtype,constants", [
    ("float32", {"log10": np.float32(0.4342944819), "log2": np.float32(1.442695041)}),
    ("float64", {"log10": 0.43429448190325182765, "log2": 1.44269504088896340737}),
])
def test_log_gradients_divide_their_constant_once(dtype, constants):
    x, g = _data(dtype, seed=1)
    x = np.abs(x)
    for name, constant in constants.items():
        got = getattr(I, f"_backward_{name}")(mx.nd.array(g, dtype=dtype), mx.nd.array(x, dtype=dtype)).asnumpy()
        np.testing.assert_array_equal(got, g * (constant / x).astype(dtype), err_msg=name)
