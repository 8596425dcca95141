"""mxnd.kahan: MXNet's CPU float32 sum, bit for bit (expected bits from MXNet 1.9.1's mx.nd.sum)."""
import numpy as np
import pytest

from mxnd.kahan import EXACT_LIMIT, kahan_sum

VALUES = np.random.RandomState(5).standard_normal((6, 300)).astype(np.float32) * np.float32(1000)


def test_sum_along_an_axis_has_mxnets_bits():
    expected = [1116004416, 1174112494, 1183589874, 1184351396, 1181623777, 3341380026]
    total = kahan_sum(VALUES, axis=1)
    assert total.dtype == np.float32 and total.shape == (6,)
    assert total.view(np.uint32).tolist() == expected
    assert kahan_sum(VALUES, axis=1, keepdims=True).shape == (6, 1)


def test_whole_array_sum_has_mxnets_bits():
    total = kahan_sum(VALUES)
    assert isinstance(total, np.float32) and int(np.array(total).view(np.uint32)) == 1183289645
    assert kahan_sum(VALUES, keepdims=True).shape == (1, 1)


@pytest.mark.parametrize("values, axis", [(np.array([np.inf, 1, 2], np.float32), None),
                                          (np.array([[3e38, 3e38, -3e38, 1]], np.float32), 1)])
def test_an_infinite_total_stays_infinite(values, axis):
    # MXNet 1.9.1 gives inf: mshadow resets the residual once the total is infinite (else inf - inf = nan)
    assert np.all(np.isposinf(kahan_sum(values, axis=axis)))


def test_large_and_integer_sums():
    big = np.full(EXACT_LIMIT + 1, 0.1, np.float32)
    assert kahan_sum(big) == np.float32(np.float64(np.float32(0.1)) * (EXACT_LIMIT + 1))
    assert kahan_sum(np.arange(5, dtype=np.int32)) == 10
