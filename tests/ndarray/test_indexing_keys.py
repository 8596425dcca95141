"""mx.nd.indexing_key_expand_implicit_axes, get_indexing_dispatch_code, get_oshape_of_gather_nd_op
and the names mx.nd.sparse has from its imports; expected values printed by MXNet 1.9.1."""
import builtins

import numpy as np
import pytest

import mxnd as mx

S = slice(None)
SHAPE = (3, 4, 5)


@pytest.mark.parametrize("key,shape,expected", [
    ((2, 1, 1), SHAPE, ((2, 1, 1), -1)),
    (0, SHAPE, ((0, S, S), -1)),
    ((0, Ellipsis), SHAPE, ((0, S, S), -1)),
    ((slice(None, 2), None, 0, Ellipsis), SHAPE, ((slice(None, 2), None, 0, S), -1)),
    ((Ellipsis, 1), SHAPE, ((S, S, 1), -1)),
    (1, (3,), ((1,), -1)),
    ((), (3, 4), ((S, S), -1)),
    ((True, 1), (3, 4), ((1, S), 1)),
    ((False, 1), (3, 4), ((1, S), 0)),
    (([1, 0], slice(1)), (2, 4), (([1, 0], slice(None, 1)), -1)),
], ids=str)
def test_indexing_key_expand_implicit_axes(key, shape, expected):
    assert mx.nd.indexing_key_expand_implicit_axes(key, shape) == expected


def test_indexing_key_expand_keeps_arrays_and_reads_0d_ones():
    index = mx.nd.array([1, 0])
    key, prepend = mx.nd.indexing_key_expand_implicit_axes((index,), (2, 4))
    assert key[0] is index and key[1] == S and prepend == -1
    assert mx.nd.indexing_key_expand_implicit_axes((mx.nd.array(2.7).reshape(()),), (3, 4)) == ((2, S), -1)


@pytest.mark.parametrize("key,shape,error,message", [
    ((Ellipsis, 1, Ellipsis), SHAPE, IndexError, r"Cannot use more than one ellipsis \(`...`\) for indexing"),
    ("bool2", (2, 4), ValueError, "Cannot perform boolean indexing in legacy mode"),
    ("bool3", (2, 4), IndexError, "boolean index did not match indexed array along axis 0; size is 2 but "
                                  "corresponding boolean size is 3"),
])
def test_indexing_key_expand_errors(key, shape, error, message):
    if isinstance(key, str):
        key = (mx.nd.array([1, 0, 1][:int(key[-1])]).astype("bool"),)
    with pytest.raises(error, match=message):
        mx.nd.indexing_key_expand_implicit_axes(key, shape)


@pytest.mark.parametrize("key,code", [
    ((1, slice(None)), 0), ((None,), 0), ((), 0), ((np.int64(1),), 0),
    (([0, 1],), 1), ((range(2),), 1), ((np.array([1]),), 1), (("nd",), 1), (((),), 2),
], ids=str)
def test_get_indexing_dispatch_code(key, code):
    key = tuple(mx.nd.array([1]) if k == "nd" else k for k in key)
    assert mx.nd.get_indexing_dispatch_code(key) == code


@pytest.mark.parametrize("key,error,message", [
    ((1.5,), ValueError, "NDArray does not support slicing with key 1.5 of type <class 'float'>."),
    ((Ellipsis,), ValueError, "NDArray does not support slicing with key Ellipsis of type <class 'ellipsis'>."),
    (1, AssertionError, ""),
])
def test_get_indexing_dispatch_code_errors(key, error, message):
    with pytest.raises(error) as raised:
        mx.nd.get_indexing_dispatch_code(key)
    assert str(raised.value) == message


@pytest.mark.parametrize("dshape,ishape,expected", [
    ((3, 4, 5), (2, 6), (6, 5)), ((3, 4), (2,), ()), ((3,), (3, 2, 2), (2, 2)), ((3, 4), (1, 7), (7, 4)),
])
def test_get_oshape_of_gather_nd_op(dshape, ishape, expected):
    assert mx.nd.get_oshape_of_gather_nd_op(dshape, ishape) == expected
    if len(ishape) > 1 and ishape[0] <= len(dshape):  # a valid gather_nd call: the same shape
        assert mx.nd.gather_nd(mx.nd.zeros(dshape), mx.nd.zeros(ishape)).shape == expected


def test_get_oshape_of_gather_nd_op_needs_shapes():
    with pytest.raises(AssertionError):
        mx.nd.get_oshape_of_gather_nd_op((), (1,))


def test_names_mxnets_sparse_module_has_from_its_imports():
    assert mx.nd.sparse.py_sum is builtins.sum and mx.nd.sparse.py_sum([1, 2]) == 3
    assert mx.nd.sparse.gs_retain is mx.nd.sparse.retain
    assert mx.nd.sparse.current_context() == mx.cpu(0)


def test_mxnets_c_api_helpers_in_the_sparse_module():
    import array
    import ctypes

    assert mx.nd.sparse.check_call(0) is None
    with pytest.raises(mx.MXNetError, match="return code -1"):
        mx.nd.sparse.check_call(-1)
    buffer = array.array("f", [1.5, 2.5])
    shared = mx.nd.sparse.c_array_buf(ctypes.c_float, buffer)
    shared[0] = 4.0  # the ctypes array shares the buffer's memory
    assert list(shared) == [4.0, 2.5] and buffer[0] == 4.0


def test_basic_indexing_slice_is_contiguous_is_numpys_contiguity():
    """MXNet's test_basic_indexing_is_contiguous: the private helper agrees with numpy's flag on
    every ordering of four slices, and a contiguous slice is a view (writes reach the array)."""
    from itertools import combinations_with_replacement, permutations

    shape = (6, 7, 8, 9)
    x_np = np.arange(np.prod(shape)).reshape(shape)
    x = mx.nd.array(x_np)
    slices = [slice(None), slice(2), slice(20), slice(1, 4), slice(None, None, 2), slice(None, None, 20),
              slice(0, 1), slice(None, None, -1), slice(3, None, -2)]
    is_contiguous = mx.nd.NDArray._basic_indexing_slice_is_contiguous
    checked = 0
    for chosen in combinations_with_replacement(slices, 4):
        for key in permutations(chosen):
            assert is_contiguous(key, shape) == x_np[key].flags.contiguous, key
            checked += 1
    assert checked == 495 * 24
    y = x.copy()
    y[2, 1:4][:] = 0  # contiguous: a view
    y[1:4, 2][:] = 0  # not contiguous: a copy
    expected = x_np.astype(np.float32)
    expected[2, 1:4] = 0
    assert (y.asnumpy() == expected).all()
