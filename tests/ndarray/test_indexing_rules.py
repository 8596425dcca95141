"""Indexing where mxnd follows numpy on purpose (docs/differences.md): advanced-index writes with
negative indices land where numpy's rule says (MXNet 1.9.1 adds the negative index into a flat
offset: another element, nothing, or a segfault). Reads agree with MXNet (tests/golden)."""
import numpy as np
import pytest

import mxnd as mx

KEYS = [([3], -1), ([-1], 1), ([-1],), ([3], [-1]), (-2, [0, -1]), ([[-1], [0]], slice(None, None, -1))]


@pytest.mark.parametrize("key", KEYS, ids=[str(k) for k in KEYS])
def test_negative_indices_in_advanced_writes_follow_numpy(key, ctx):
    expected = np.zeros((4, 2), np.float32)
    expected[key] = 5
    x = mx.nd.zeros((4, 2), ctx=ctx)
    x[key] = 5
    assert x.dtype == np.float32 and x.shape == (4, 2)
    assert x.asnumpy().tolist() == expected.tolist()


@pytest.mark.parametrize("key", KEYS, ids=[str(k) for k in KEYS])
def test_array_values_through_negative_indices(key, ctx):
    expected = np.zeros((4, 2), np.float32)
    values = np.arange(expected[key].size, dtype=np.float32).reshape(expected[key].shape) + 1
    expected[key] = values
    x = mx.nd.zeros((4, 2), ctx=ctx)
    x[key] = mx.nd.array(values, ctx=ctx)
    assert x.asnumpy().tolist() == expected.tolist()
