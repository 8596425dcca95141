"""Indexing where mxnd follows numpy on purpose (docs/differences.md): advanced-index writes with
negative indices land where numpy's rule says (MXNet 1.9.1 adds the negative index into a flat
offset: another element, nothing, or a segfault). Reads agree with MXNet (tests/golden).
Writes whose value overlaps the target (``x[1:] = x[:-1]``) read the whole value first, as numpy
(MXNet 1.9.1 copies element by element and rereads what it overwrote: [1, 1, 1, 1, 1])."""
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


# (key, value key) on x = [1, 2, 3, 4, 5]: the value is a view of x overlapping the target;
# MXNet 1.9.1 gives [1, 1, 1, 1, 1], [1, 2, 3, 2, 1], [1, 1, 1, 4, 5], [1, 2, 1, 2, 1] for the first four
# (numpy's [1, 1, 2, 3, 4], [5, 4, 3, 2, 1], [1, 1, 2, 4, 5], [1, 2, 1, 2, 3]) and numpy's for the last two
OVERLAPS = [(slice(1, None), slice(None, -1)), (slice(None, None, -1), slice(None)), ([1, 2], slice(0, 2)),
            (slice(2, 5), slice(0, 3)), (slice(None, -1), slice(1, None)), (slice(None, None, 2), slice(1, 4))]


@pytest.mark.parametrize("key, source", OVERLAPS, ids=[str(k) for k in OVERLAPS])
def test_overlapping_values_are_read_before_the_write(key, source, ctx):
    expected = np.arange(1, 6, dtype=np.float32)
    expected[key] = expected[source].copy()
    x = mx.nd.array([1, 2, 3, 4, 5], ctx=ctx)
    x[key] = x[source]
    assert x.asnumpy().tolist() == expected.tolist()


def test_copyto_an_overlapping_view(ctx):
    """As MXNet 1.9.1: the source is read whole (torch refuses the overlapping copy_)."""
    x = mx.nd.arange(5, ctx=ctx)
    x[:-1].copyto(x[1:])
    assert x.asnumpy().tolist() == [0, 0, 1, 2, 3]
    y = mx.nd.arange(6, ctx=ctx).reshape((3, 2))
    y[:-1].copyto(y[1:])
    assert y.asnumpy().tolist() == [[0, 1], [0, 1], [2, 3]]
