"""Single-process KVStore ('local', 'device', 'nccl', ...): values checked against MXNet 1.9.1.

Every expected number below was printed by the reference (mx.kv.create('local') and 'device'
in /tmp/mxvenv) running the same calls.
"""
import pickle

import numpy as np
import pytest

import mxnd as mx
from device_numerics import assert_exact_on_host

SHAPE = (2, 3)


def full(value, ctx=None, dtype="float32"):
    return mx.nd.ones(SHAPE, ctx=ctx, dtype=dtype) * value


def values(array):
    return array.asnumpy().tolist()


@pytest.mark.parametrize("name,kind", [("local", "local"), ("device", "device"), ("nccl", "nccl"),
                                       ("LOCAL", "local"), ("foo", "foo"), ("horovod", "horovod")])
def test_create_type_rank_workers(name, kind):
    kv = mx.kv.create(name)
    assert (kv.type, kv.rank, kv.num_workers) == (kind, 0, 1)
    assert kv.is_capable("optimizer") is True
    with pytest.raises(ValueError, match="Unknown capability: speed"):
        kv.is_capable("speed")
    assert mx.kvstore.create is mx.kv.create and isinstance(kv, mx.kv.KVStoreBase)


def test_create_rejects_non_string():
    with pytest.raises(TypeError, match="name must be a string"):
        mx.kv.create(3)


def test_init_push_pull(ctx):
    kv = mx.kv.create("local")
    kv.init(3, full(2, ctx))
    a = mx.nd.zeros(SHAPE, ctx=ctx)
    kv.pull(3, out=a)
    assert values(a) == [[2.0] * 3] * 2
    kv.push(3, full(8, ctx))
    kv.pull(3, out=a)
    assert values(a) == [[8.0] * 3] * 2
    kv.push(3, [mx.nd.ones(SHAPE, ctx=ctx)] * 4)  # one value per device: summed
    kv.pull(3, out=a)
    assert values(a) == [[4.0] * 3] * 2 and a.dtype == np.float32 and a.shape == SHAPE


def test_values_on_several_contexts():
    kv = mx.kv.create("device")
    kv.init("w", mx.nd.zeros((2,), ctx=mx.cpu(0)))
    kv.push("w", [mx.nd.array([1, 2], ctx=mx.cpu(0)), mx.nd.array([3, 4], ctx=mx.cpu(1))])
    outs = [mx.nd.zeros((2,), ctx=mx.cpu(0)), mx.nd.zeros((2,), ctx=mx.cpu(1))]
    kv.pull("w", out=outs)
    assert [values(o) for o in outs] == [[4.0, 6.0]] * 2 and outs[1].context == mx.cpu(1)


def test_lists_of_keys_and_str_keys():
    kv = mx.kv.create("local")
    keys = ["5", "7", "9"]
    kv.init(keys, [mx.nd.ones(SHAPE)] * 3)
    kv.push(keys, [[full(1), full(2)], full(3), [full(1)] * 3])
    outs = [[mx.nd.zeros(SHAPE), mx.nd.zeros(SHAPE)], mx.nd.zeros(SHAPE), mx.nd.zeros(SHAPE)]
    kv.pull(keys, out=outs)
    assert [values(outs[0][1])[0][0], values(outs[1])[0][0], values(outs[2])[0][0]] == [3.0, 3.0, 3.0]
    # a key repeated in one call: all its values are summed (MXNet groups equal keys)
    kv.push(["5", "5"], [mx.nd.ones(SHAPE), [full(3), full(5)]])
    a = mx.nd.zeros(SHAPE)
    kv.pull("5", out=a)
    assert values(a) == [[9.0] * 3] * 2


def test_pull_casts_to_out_dtype_and_push_casts_to_stored():
    kv = mx.kv.create("local")
    kv.init(1, full(2))
    b = mx.nd.zeros(SHAPE, dtype="float64")
    kv.pull(1, out=b)
    assert values(b) == [[2.0] * 3] * 2 and b.dtype == np.float64
    kv.push(1, full(3, dtype="float64"))
    a = mx.nd.zeros(SHAPE)
    kv.pull(1, out=a)
    assert values(a) == [[3.0] * 3] * 2 and a.dtype == np.float32
    kv.init(7, mx.nd.array([1, 2, 3], dtype="int32"))
    c = mx.nd.zeros((3,), dtype="int32")
    kv.pull(7, out=c)
    assert values(c) == [1, 2, 3] and c.dtype == np.int32
    kv.init(8, mx.nd.array([1, 2], dtype="float16"))
    kv.push(8, mx.nd.array([3, 4], dtype="float16"))
    h = mx.nd.zeros((2,), dtype="float16")
    kv.pull(8, out=h)
    assert values(h) == [3.0, 4.0] and h.dtype == np.float16


def test_pushpull_and_broadcast():
    kv = mx.kv.create("local")
    kv.init(10, mx.nd.ones(SHAPE))
    a = mx.nd.zeros(SHAPE)
    kv.pushpull(10, [mx.nd.ones(SHAPE), full(2)], out=a)
    assert values(a) == [[3.0] * 3] * 2
    v = [mx.nd.ones(SHAPE), full(5)]
    kv.pushpull(10, v)  # no out: written back into the values
    assert [values(x) for x in v] == [[[6.0] * 3] * 2] * 2
    v = mx.nd.array([1, 2])
    kv.init(11, mx.nd.ones((2,)))
    kv.pushpull(11, v, out=[mx.nd.zeros((2,)), mx.nd.zeros((2,))])
    assert values(v) == [1.0, 2.0]
    b = mx.nd.zeros(SHAPE, dtype="float64")
    kv.broadcast(20, full(7), out=[a, b])
    assert values(a) == values(b) == [[7.0] * 3] * 2
    kv.pull(20, out=a)
    assert values(a) == [[7.0] * 3] * 2
    with pytest.raises(mx.MXNetError, match="duplicate init of key 20"):
        kv.broadcast(20, full(9), out=a)
    with pytest.raises(mx.MXNetError, match="duplicate init of key 10"):
        kv.broadcast(10, full(9), out=a)
    assert values(a) == [[7.0] * 3] * 2  # left intact


@pytest.mark.parametrize("kind, expected", [("local", 1.0), ("local_allreduce_cpu", 1.0), ("device", 0.0),
                                             ("local_allreduce_device", 0.0)])
def test_pushed_values_sum_in_mxnets_order_and_stored_dtype(kind, expected):
    """MXNet 1.9.1's CommCPU adds t1 + t2 before t0, CommDevice left to right: 1 + 1e8 - 1e8 rounds
    to 1 or 0 in float32. Values of other dtypes are cast to the stored one first."""
    kv = mx.kv.create(kind)
    kv.init([3, 4, 6], [mx.nd.zeros((1,)), mx.nd.zeros((1,)), mx.nd.zeros((1,), dtype="float16")])
    kv.push(3, [mx.nd.array([1.0]), mx.nd.array([1e8]), mx.nd.array([-1e8])])
    kv.push(4, [mx.nd.array([1.0]), mx.nd.array([2.5], dtype="float64"), mx.nd.array([3], dtype="int32")])
    kv.push(6, [mx.nd.array([1.7], dtype="float16"), mx.nd.array([2.5], dtype="float64")])
    outs = [mx.nd.zeros((1,)), mx.nd.zeros((1,)), mx.nd.zeros((1,), dtype="float16")]
    kv.pull([3, 4, 6], out=outs)
    assert [o.asnumpy().tolist() for o in outs] == [[expected], [6.5], [4.19921875]]
    assert outs[2].dtype == np.float16


def test_errors_leave_store_intact():
    kv = mx.kv.create("local")
    a = mx.nd.zeros(SHAPE)
    kv.init(3, full(2))
    with pytest.raises(mx.MXNetError, match="key 99 has not been inited"):
        kv.pull(99, out=a)
    with pytest.raises(mx.MXNetError, match="KVStore.push: key 98 has not been inited"):
        kv.push(98, a)
    with pytest.raises(mx.MXNetError, match="key 55 has not been inited"):
        kv.pushpull(55, mx.nd.ones(SHAPE), out=a)
    with pytest.raises(AssertionError, match="inconsistent types of keys detected."):
        kv.init(["a", 5], [a, a])
    with pytest.raises(mx.MXNetError, match="Mixed key types are not allowed"):
        kv.init("x", a)
    with pytest.raises(mx.MXNetError, match="duplicate init of key 3"):
        kv.init(3, a)
    with pytest.raises(mx.MXNetError, match=r"shape mismatch for key 3: pushed \(3, 3\), stored \(2, 3\)"):
        kv.push(3, mx.nd.ones((3, 3)))
    with pytest.raises(mx.MXNetError, match=r"shape mismatch for key 3: stored \(2, 3\), out \(3, 3\)"):
        kv.pull(3, out=mx.nd.ones((3, 3)))
    with pytest.raises(AssertionError, match="unexpected type for keys: <class 'float'>"):
        kv.init(3.5, a)
    with pytest.raises(AssertionError):
        kv.pull(3)
    with pytest.raises(AssertionError, match="number of keys"):
        kv.push([1, 2], [a])
    kv.pull(3, out=a)
    assert values(a) == [[2.0] * 3] * 2


def test_set_optimizer_sgd_matches_mxnet(tmp_path, ctx):
    kv = mx.kv.create("local")
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.1, momentum=0.9, wd=0.01, rescale_grad=0.5))
    kv.init("w", mx.nd.ones(SHAPE, ctx=ctx))
    a = mx.nd.zeros(SHAPE)
    kv.push("w", [mx.nd.ones(SHAPE, ctx=ctx), full(3, ctx)])
    kv.pull("w", out=a)
    # the store, hence the update, lives on ctx: a GPU fuses its multiply-adds
    assert_exact_on_host(a, np.full(SHAPE, 0.7990000247955322, np.float32), ctx)
    kv.push("w", mx.nd.ones(SHAPE))
    kv.pull("w", out=a)
    assert_exact_on_host(a, np.full(SHAPE, 0.5673010349273682, np.float32), ctx)
    fname = str(tmp_path / "kv.states")
    kv.save_optimizer_states(fname)
    assert list(pickle.load(open(fname, "rb"))) == ["w"]
    kv.load_optimizer_states(fname)
    kv.pushpull("w", mx.nd.ones(SHAPE), out=a)
    assert_exact_on_host(a, np.full(SHAPE, 0.30820465087890625, np.float32), ctx)


def test_adam_states_dump_and_resume(tmp_path):
    kv = mx.kv.create("local")
    kv.set_optimizer(mx.optimizer.Adam(learning_rate=0.01))
    kv.init([0, 1], [mx.nd.ones((3,)), mx.nd.array([1, 2, 3])])
    for i in range(3):
        kv.push([0, 1], [mx.nd.array([0.1, -0.2, 0.3]) * (i + 1),
                         [mx.nd.ones((3,)), mx.nd.array([0.5, 0.5, -1])]])
    o = [mx.nd.zeros((3,)), mx.nd.zeros((3,))]
    kv.pull([0, 1], out=o)
    assert [values(x) for x in o] == [[0.9707679748535156, 1.0292320251464844, 0.9707679748535156],
                                      [0.9699998497962952, 1.9699996709823608, 3.0]]
    fname = str(tmp_path / "adam.states")
    kv.save_optimizer_states(fname, dump_optimizer=True)
    states, optimizer = pickle.load(open(fname, "rb"))
    assert sorted(states) == [0, 1] and type(optimizer).__name__ == "Adam"
    kv2 = mx.kv.create("local")
    kv2.set_optimizer(mx.optimizer.Adam(learning_rate=0.5))  # replaced by the dumped one
    kv2.init([0, 1], o)
    kv2.load_optimizer_states(fname)
    kv2.push([0, 1], [mx.nd.ones((3,)), mx.nd.ones((3,))])
    kv2.pull([0, 1], out=o)
    assert [values(x) for x in o] == [[0.9625763893127441, 1.0292776823043823, 0.9610431790351868],
                                      [0.9602668285369873, 1.9602665901184082, 2.9941887855529785]]


def test_optimizer_states_need_an_optimizer(tmp_path):
    kv = mx.kv.create("local")
    with pytest.raises(AssertionError, match="no optimizer is set"):
        kv.save_optimizer_states(str(tmp_path / "x"))
    with pytest.raises(AssertionError, match="no optimizer is set"):
        kv.load_optimizer_states(str(tmp_path / "x"))
    assert not (tmp_path / "x").exists()


def test_custom_updater_receives_mxnet_keys():
    seen = []

    def update(key, grad, stored):
        seen.append(key)
        stored += grad * 2

    for key in ("k", 9):
        kv = mx.kv.create("local")
        kv._set_updater(update)
        kv.init(key, mx.nd.ones(SHAPE))
        kv.push(key, mx.nd.ones(SHAPE))
        a = mx.nd.zeros(SHAPE)
        kv.pull(key, out=a)
        assert values(a) == [[3.0] * 3] * 2
    assert seen == [b"k", 9]  # str keys reach the updater as bytes, as in MXNet


def test_barrier_is_a_noop_locally():
    kv = mx.kv.create("local")
    assert kv._barrier() is None and kv.barrier() is None


# ----- gradient compression ('device' store) ---------------------------------------------------
def test_two_bit_compression_residuals(ctx):
    kv = mx.kv.create("device")
    kv.set_gradient_compression({"type": "2bit", "threshold": 0.5})
    kv.init(0, mx.nd.zeros((20,), ctx=ctx))
    g = mx.nd.array(np.linspace(-1.2, 1.2, 20), ctx=ctx)
    expected = [
        [-0.5] * 6 + [0.0] * 8 + [0.5] * 6,
        [-1.0] * 3 + [-0.5] * 5 + [0.0] * 4 + [0.5] * 5 + [1.0] * 3,
        [-1.0, -0.5, -0.5, -1.0, -1.0, -1.0, -0.5, 0.0, -0.5, 0.0, 0.0, 0.5, 0.0, 0.5, 1.0, 1.0, 1.0,
         0.5, 0.5, 1.0],
    ]
    o = mx.nd.zeros((20,))
    for step in range(3):
        kv.push(0, [g, g * 0.3])  # each device keeps its own residual
        kv.pull(0, out=o)
        assert values(o) == expected[step]


def test_two_bit_default_threshold():
    kv = mx.kv.create("device")
    kv.set_gradient_compression({"type": "2bit"})
    kv.init(0, mx.nd.zeros((5,)))
    o = mx.nd.zeros((5,))
    for want in ([0.0, 0.5, -0.5, 0.0, 0.0], [0.5, 0.5, -0.5, 0.0, 0.0]):
        kv.push(0, mx.nd.array([0.3, 0.6, -0.7, 0.1, -0.2]))
        kv.pull(0, out=o)
        assert values(o) == want


def test_compression_errors():
    with pytest.raises(Exception, match="Gradient compression is not supported for this type of kvstore"):
        mx.kv.create("local").set_gradient_compression({"type": "2bit"})
    kv = mx.kv.create("device")
    for params, message in [({"type": "1bit"}, "Unknown type for gradient compression 1bit"),
                            ({"type": "2bit", "threshold": -1}, "threshold must be greater than 0"),
                            ({"threshold": 1}, "Required parameter type of string is not presented"),
                            ({"type": "2bit", "thresh": 1}, "unknown parameter")]:
        with pytest.raises(mx.MXNetError, match=message):
            kv.set_gradient_compression(params)
    with pytest.raises(AssertionError, match="unexpected type for param_dict"):
        kv.set_gradient_compression("2bit")


# ----- TestStore and the registry --------------------------------------------------------------
def test_teststore_and_register():
    kv = mx.kv.create("teststore")
    assert (kv.type, kv.rank, kv.num_workers, kv.is_capable("optimizer")) == ("teststore", 0, 1, False)
    v = [mx.nd.ones((2,)), mx.nd.ones((2,)) * 2]
    kv.pushpull("a", v)
    assert [values(x) for x in v] == [[3.0, 3.0]] * 2
    out = mx.nd.zeros((2,))
    kv.broadcast("a", mx.nd.ones((2,)) * 4, out=out)
    assert values(out) == [4.0, 4.0]

    @mx.kv.KVStoreBase.register
    class CountingStore(mx.kv.KVStoreBase):
        pass

    assert type(mx.kv.create("countingstore")) is CountingStore
    del mx.kv.KVStoreBase.kv_registry["countingstore"]


def test_parameters_with_gradients():
    """Parameters (attach_grad) can be pushed and pulled into; nothing is recorded."""
    kv = mx.kv.create("local")
    w = mx.nd.ones((2,))
    w.attach_grad()
    kv.init(0, w)
    kv.push(0, [w, w])
    kv.pull(0, out=w)
    assert values(w) == [2.0, 2.0]
    with mx.autograd.record():
        y = (w * w).sum()
    y.backward()
    assert values(w.grad) == [4.0, 4.0]
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.5))
    kv.push(0, w.grad)
    kv.pull(0, out=w)
    assert values(w) == [0.0, 0.0] and values(w.grad) == [4.0, 4.0]


def test_failed_push_changes_no_key():
    kv = mx.kv.create("local")
    kv.init(["a", "b"], [mx.nd.zeros((2,)), mx.nd.zeros((3,))])
    with pytest.raises(mx.MXNetError, match="shape mismatch for key 'b'"):
        kv.push(["a", "b"], [mx.nd.ones((2,)), mx.nd.ones((2,))])
    out = mx.nd.ones((2,))
    kv.pull("a", out=out)
    assert values(out) == [0.0, 0.0]
