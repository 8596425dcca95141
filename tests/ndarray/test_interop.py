"""NDArray with numpy, torch (DLPack), pickle and Python's protocols.

Pickling, iteration, ``len``, ``bool``, ``asscalar``, ``waitall`` and ``wait_to_read`` follow
MXNet 1.9.1 (checked with shared/tools/mxref). ``__array__``, ``__dlpack__``, ``__float__``
and ``__int__`` are mxnd additions (MXNet 1.9.1's NDArray has none of them: ``float(x)``
raises TypeError there); their tests pin mxnd's contract.
"""
import pickle

import numpy as np
import pytest
import torch

import mxnd as mx

DTYPES = ['float16', 'float32', 'float64', 'uint8', 'int8', 'int32', 'int64', 'bool']


# ---- numpy -----------------------------------------------------------------------------------

def test_np_asarray(ctx):
    x = mx.nd.array([[1, 2], [3, 4]], ctx=ctx)
    a = np.asarray(x)
    assert type(a) is np.ndarray
    assert a.dtype == np.float32 and a.shape == (2, 2)
    assert a.tolist() == [[1, 2], [3, 4]]
    assert np.array(x).tolist() == [[1, 2], [3, 4]]
    assert np.asarray(x, dtype=np.float64).dtype == np.float64


@pytest.mark.parametrize("dtype", DTYPES)
def test_np_asarray_keeps_dtype(dtype):
    assert np.asarray(mx.nd.ones((2,), dtype=dtype)).dtype == np.dtype(dtype)


def test_np_asarray_is_a_copy():
    x = mx.nd.array([1, 2])
    a = np.asarray(x)
    a[0] = 9
    assert x.asnumpy().tolist() == [1, 2]


def test_numpy_functions_accept_ndarrays():
    x = mx.nd.array([[1, 2], [3, 4]])
    assert float(np.sum(np.asarray(x))) == 10.0
    np.testing.assert_array_equal(np.asarray(x) * 2, [[2, 4], [6, 8]])


# ---- DLPack ----------------------------------------------------------------------------------

def test_torch_from_dlpack_shares_memory(ctx):
    x = mx.nd.array([[1, 2], [3, 4]], ctx=ctx)
    t = torch.from_dlpack(x)
    assert t.dtype is torch.float32 and tuple(t.shape) == (2, 2)
    assert (t.device.type == 'cuda') == (ctx.device_type == 'gpu')
    t[0, 0] = 10  # torch writes, the NDArray sees it
    assert x.asnumpy().tolist() == [[10, 2], [3, 4]]
    x[1] = 0  # the NDArray writes, torch sees it
    assert t.tolist() == [[10, 2], [0, 0]]


def test_np_from_dlpack_shares_memory():
    x = mx.nd.array([1, 2, 3], dtype='int32')
    a = np.from_dlpack(x)
    assert a.dtype == np.int32 and a.tolist() == [1, 2, 3]
    x[:] = 7
    assert a.tolist() == [7, 7, 7]


def test_from_dlpack_of_a_torch_tensor_shares_memory(ctx):
    t = torch.arange(6, dtype=torch.float64, device=ctx.device).reshape(2, 3)
    x = mx.nd.from_dlpack(t)
    assert x.context == ctx and x.dtype is np.float64 and x.shape == (2, 3)
    x += 1
    assert t.tolist() == [[1, 2, 3], [4, 5, 6]]


@pytest.mark.parametrize("source_device", ["cpu", "array's"])
def test_setitem_takes_a_torch_tensor_from_any_device(source_device, ctx):
    # torch tensors are array-like: a CUDA one is copied on the device, not read through numpy
    x = mx.nd.zeros((2, 3), ctx=ctx, dtype="int32")
    device = "cpu" if source_device == "cpu" else x._data.device
    x[:] = torch.tensor([1.7, -2.5, 3.0], device=device)  # broadcast, cast as C casts (truncated)
    x[1, 1:] = torch.tensor([9, 8], device=device)
    assert x.asnumpy().tolist() == [[1, -2, 3], [1, 9, 8]] and x.dtype == np.int32 and x.context == ctx
    x[0] = x._data[1]  # a view of the array's own row
    assert x.asnumpy().tolist() == [[1, 9, 8], [1, 9, 8]]


@pytest.mark.parametrize("dtype", DTYPES)
def test_dlpack_round_trip_keeps_dtype(dtype):
    x = mx.nd.array([0, 1, 1], dtype=dtype)
    y = mx.nd.from_dlpack(x.to_dlpack_for_read())
    assert y.dtype is x.dtype
    assert y.asnumpy().tolist() == x.asnumpy().tolist()


# ---- pickle ----------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_pickle_round_trip(dtype, ctx):
    x = mx.nd.array([[1, 0], [3, 4]], ctx=ctx, dtype=dtype)
    y = pickle.loads(pickle.dumps(x))
    assert type(y) is type(x)
    assert y is not x
    assert y.dtype is x.dtype
    assert y.shape == (2, 2)
    assert y.context == ctx
    assert y.asnumpy().tolist() == x.asnumpy().tolist()


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_protocols(protocol):
    y = pickle.loads(pickle.dumps(mx.nd.array([1, 2]), protocol=protocol))
    assert y.asnumpy().tolist() == [1, 2] and y.dtype is np.float32


def test_pickle_shapes_and_views():
    assert pickle.loads(pickle.dumps(mx.nd.arange(24).reshape((2, 3, 4)))).shape == (2, 3, 4)
    empty = pickle.loads(pickle.dumps(mx.nd.empty((0,))))
    assert empty.shape == (0,) and empty.dtype is np.float32
    row = pickle.loads(pickle.dumps(mx.nd.arange(6).reshape((2, 3))[1]))
    assert row.shape == (3,) and row.asnumpy().tolist() == [3, 4, 5]


def test_pickled_copy_is_independent():
    x = mx.nd.array([1, 2])
    y = pickle.loads(pickle.dumps(x))
    y[:] = 0
    assert x.asnumpy().tolist() == [1, 2]


def test_pickle_of_a_cpu1_array_loads_on_cpu0():
    y = pickle.loads(pickle.dumps(mx.nd.ones((2,), ctx=mx.cpu(1))))
    assert y.context == mx.cpu(0)


# ---- iteration and len -------------------------------------------------------------------------

def test_iteration_gives_rows(ctx):
    x = mx.nd.array([[1, 2], [3, 4]], ctx=ctx)
    rows = list(x)
    assert len(rows) == 2
    assert all(isinstance(r, mx.nd.NDArray) and r.shape == (2,) and r.context == ctx for r in rows)
    assert [r.asnumpy().tolist() for r in rows] == [[1, 2], [3, 4]]


def test_iteration_of_a_vector_gives_shape_1_arrays():
    items = list(mx.nd.array([5, 6, 7]))
    assert [(r.shape, r.asnumpy().tolist()) for r in items] == [((1,), [5]), ((1,), [6]), ((1,), [7])]


def test_iteration_rows_are_views():
    x = mx.nd.array([[1, 2], [3, 4]])
    rows = list(x)
    rows[0][:] = 0
    assert x.asnumpy().tolist() == [[0, 0], [3, 4]]
    y = mx.nd.array([5, 6, 7])
    items = list(y)
    items[1][:] = 0
    assert y.asnumpy().tolist() == [5, 0, 7]


def test_len():
    assert len(mx.nd.array([[1, 2], [3, 4]])) == 2
    assert len(mx.nd.zeros((5, 2, 3))) == 5
    assert len(mx.nd.empty((0, 3))) == 0
    assert list(mx.nd.empty((0, 3))) == []


# ---- bool, float, int ------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [([1], True), ([0], False), ([0.5], True), ([[1]], True)], ids=str)
def test_bool_of_one_element(value, expected):
    assert bool(mx.nd.array(value)) is expected


def test_bool_of_empty_is_false():
    assert bool(mx.nd.empty((0,))) is False


def test_bool_of_many_elements_raises():
    with pytest.raises(ValueError, match="The truth value of an NDArray with multiple elements is ambiguous."):
        bool(mx.nd.array([1, 1]))


def test_if_uses_bool():
    assert ('yes' if mx.nd.array([3]) else 'no') == 'yes'
    assert ('yes' if mx.nd.array([0]) else 'no') == 'no'


@pytest.mark.parametrize("value, dtype, as_float, as_int", [
    ([2.5], 'float32', 2.5, 2), ([-2.7], 'float32', np.float32(-2.7).item(), -2), ([3], 'int32', 3.0, 3),
    ([7], 'int64', 7.0, 7), ([[1]], 'float32', 1.0, 1), ([1], 'bool', 1.0, 1), ([200], 'uint8', 200.0, 200),
], ids=["f32", "negative", "int32", "int64", "2-d", "bool", "uint8"])
def test_float_and_int_of_one_element(value, dtype, as_float, as_int, ctx):
    x = mx.nd.array(value, dtype=dtype, ctx=ctx)
    assert float(x) == as_float and type(float(x)) is float
    assert int(x) == as_int and type(int(x)) is int


@pytest.mark.parametrize("shape", [(2,), (0,), (2, 2)], ids=str)
def test_float_and_int_of_other_sizes_raise_type_error(shape):
    x = mx.nd.ones(shape) if 0 not in shape else mx.nd.empty(shape)
    with pytest.raises(TypeError):
        float(x)
    with pytest.raises(TypeError):
        int(x)


# ---- asscalar --------------------------------------------------------------------------------

def test_asscalar(ctx):
    value = mx.nd.array([3], dtype='int64', ctx=ctx).asscalar()
    assert value == 3 and type(value) is np.int64


def test_asscalar_of_many_elements_raises():
    with pytest.raises(ValueError, match="The current array is not a scalar"):
        mx.nd.array([1, 2]).asscalar()


def test_asscalar_of_a_1x1_array_is_the_numpy_array():
    value = mx.nd.ones((1, 1)).asscalar()
    assert type(value) is np.ndarray
    assert value.shape == (1, 1) and value.tolist() == [[1.0]]


# ---- synchronisation ---------------------------------------------------------------------------

def test_waitall(ctx):
    x = mx.nd.ones((64, 64), ctx=ctx)
    y = x * 3 + 1
    assert mx.nd.waitall() is None
    assert y.asnumpy().sum() == 64 * 64 * 4


def test_wait_to_read(ctx):
    x = mx.nd.arange(10, ctx=ctx)
    y = x * 2
    assert y.wait_to_read() is None
    assert y.asnumpy().tolist() == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]


# ---- DLPack and numpy/torch sources: more cases ---------------------------------------------------

def test_dlpack_export_of_a_variable_shares_memory():
    x = mx.nd.array([1, 2])
    x.attach_grad()
    t = torch.from_dlpack(x)  # torch refuses tensors that require grad; the export is detached
    assert not t.requires_grad
    t[0] = 5
    assert x.asnumpy().tolist() == [5, 2]
    assert np.from_dlpack(x).tolist() == [5, 2]


@pytest.mark.parametrize("dtype", DTYPES)
def test_from_dlpack_of_numpy_shares_memory(dtype):
    source = np.array([0, 1, 1], dtype=dtype)
    x = mx.nd.from_dlpack(source)
    assert x.dtype is np.dtype(dtype).type and x.context == mx.cpu(0)
    x[0] = 1
    assert source[0] == 1


def test_from_dlpack_of_capsules_and_ndarrays():
    capsule = torch.utils.dlpack.to_dlpack(torch.arange(3, dtype=torch.int64))
    assert mx.nd.from_dlpack(capsule).asnumpy().tolist() == [0, 1, 2]
    x = mx.nd.array([1, 2])
    y = mx.nd.from_dlpack(x)
    y[:] = 0
    assert x.asnumpy().tolist() == [0, 0]


def test_from_dlpack_of_a_transposed_tensor_copies_its_values():
    t = torch.arange(6.0).reshape(2, 3).t()
    assert mx.nd.from_dlpack(t).asnumpy().tolist() == t.tolist()


def test_from_dlpack_rejects_other_objects():
    with pytest.raises(TypeError, match="from_dlpack expects a DLPack capsule or an object with __dlpack__"):
        mx.nd.from_dlpack([1, 2])


def test_from_numpy_zero_copy_as_mxnet():
    source = np.array([1.0, 2.0])
    x = mx.nd.from_numpy(source)
    assert x.dtype is np.float64 and not source.flags.writeable
    x[:] = 3
    assert source.tolist() == [3, 3]
    copy_source = np.array([1, 2], dtype=np.int32)
    y = mx.nd.from_numpy(copy_source, zero_copy=False)
    assert y.dtype is np.int32 and copy_source.flags.writeable
    y[:] = 0
    assert copy_source.tolist() == [1, 2]
    with pytest.raises(ValueError, match="Only c-contiguous arrays are supported for zero-copy"):
        mx.nd.from_numpy(np.ones((2, 2))[:, :1])
    with pytest.raises(ValueError, match="complex64 is not supported."):
        mx.nd.from_numpy(np.ones(2, dtype=np.complex64))


def test_array_of_a_torch_tensor_copies_as_float32():
    t = torch.tensor([1.5, 2.5], dtype=torch.float64)
    x = mx.nd.array(t)
    assert x.dtype is np.float32 and x.asnumpy().tolist() == [1.5, 2.5]
    x[:] = 0
    assert t.tolist() == [1.5, 2.5]
    assert mx.nd.array(t, dtype="float64").dtype is np.float64


def test_pickle_of_loaded_arrays(tmp_path):
    path = str(tmp_path / "p.params")
    mx.nd.save(path, {"w": mx.nd.array([[1, 2]], dtype="float16")})
    w = pickle.loads(pickle.dumps(mx.nd.load(path)))["w"]
    assert w.dtype is np.float16 and w.asnumpy().tolist() == [[1, 2]]


@pytest.mark.parametrize("apply", [
    lambda x: x // np.int64(2), lambda x: np.int64(2) // x, lambda x: x << 1, lambda x: x >> np.uint8(1),
    lambda x: x & np.array([1]), lambda x: np.array([1]) | x, lambda x: x ^ x, lambda x: x @ x,
    lambda x: divmod(x, 2), lambda x: divmod(np.float32(2), x)])
def test_operators_mxnet_lacks_raise_typeerror(apply):
    """MXNet 1.9.1's NDArray has no //, <<, >>, &, |, ^, @ or divmod: a numpy operand must not turn
    them into a numpy result through __array__ (checked with mxref: TypeError)."""
    x = mx.nd.array([3], dtype="int32")
    with pytest.raises(TypeError, match="unsupported operand type"):
        apply(x)
    y = x.copy()
    with pytest.raises(TypeError, match="unsupported operand type"):
        y //= np.float64(2)
    assert y.asnumpy().tolist() == [3]


def test_numpy_scalars_on_the_left_still_give_ndarrays():
    """numpy defers to NDArray's reflected operators (``__array_priority__``), as with MXNet."""
    x = mx.nd.array([3.0, 4.0])
    for result in (np.float32(2) * x, np.int64(1) + x, np.float64(8) / x, np.float32(2) ** x):
        assert isinstance(result, mx.nd.NDArray) and result.dtype == np.float32
    assert (np.float32(2) * x).asnumpy().tolist() == [6.0, 8.0]
    assert x.__nonzero__.__func__ is mx.nd.NDArray.__bool__


def test_diag_method_takes_only_k_positionally():
    """MXNet 1.9.1's ``NDArray.diag(self, k=0, **kwargs)`` (checked with mxref)."""
    x = mx.nd.array([[1, 2], [3, 4]])
    assert x.diag(1).asnumpy().tolist() == [2.0] and x.diag(k=-1).asnumpy().tolist() == [3.0]
    with pytest.raises(TypeError, match="positional argument"):
        x.diag(-1, 0, 1)
