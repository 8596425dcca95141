"""mx.autograd against MXNet 1.9.1's recording model (values from the reference venv)."""
import threading

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import autograd
from mxnd.base import MXNetError


def variable(values, ctx=None, grad_req="write"):
    array = mx.nd.array(values, ctx=ctx)
    array.attach_grad(grad_req=grad_req)
    return array


def test_attach_grad_allocates_zero_buffer(ctx):
    x = variable([1., 2., 3.], ctx)
    assert x.grad.asnumpy().tolist() == [0., 0., 0.]
    assert x.grad.dtype == np.float32 and x.grad.context == ctx


def test_write_overwrites_and_buffer_identity_is_stable(ctx):
    x = variable([1., 2., 3.], ctx)
    buffer = x.grad
    for _ in range(2):
        with autograd.record():
            y = x * x
        y.backward()
        assert x.grad.asnumpy().tolist() == [2., 4., 6.]
    assert x.grad is buffer


def test_add_accumulates():
    w = variable([1., 2.], grad_req="add")
    for _ in range(2):
        with autograd.record():
            y = w * 3
        y.backward()
    assert w.grad.asnumpy().tolist() == [6., 6.]


def test_null_gets_nothing_and_backward_raises():
    n = variable([1., 2.], grad_req="null")
    with autograd.record():
        y = n * 3
    # MXNet: "There are no inputs in computation graph that require gradients."; mxnd cannot
    # tell this head from an unrecorded one and says "not in a computational graph"
    with pytest.raises(MXNetError):
        y.backward()
    assert n.grad.asnumpy().tolist() == [0., 0.]


def test_a_function_instance_is_called_once():
    scale = _Scale()
    scale(mx.nd.ones((1,)), mx.nd.ones((1,)))
    with pytest.raises(AssertionError, match="only be called once"):
        scale(mx.nd.ones((1,)), mx.nd.ones((1,)))


def test_unused_variable_keeps_its_gradient():
    x, z = variable([1., 2., 3.]), variable([5.])
    z.grad[:] = 7
    with autograd.record():
        y = x * 2
    y.backward()
    assert z.grad.asnumpy().tolist() == [7.]
    assert x.grad.asnumpy().tolist() == [2., 2., 2.]


def test_second_backward_without_retain_graph_raises():
    x = variable([1., 2., 3.])
    with autograd.record():
        y = x * x
    y.backward()
    with pytest.raises(MXNetError, match="not in a computational graph"):
        y.backward()


def test_retain_graph_allows_a_second_backward():
    x = variable([1., 2., 3.])
    with autograd.record():
        y = x * x
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad.asnumpy().tolist() == [2., 4., 6.]


def test_nothing_records_outside_record():
    x = variable([1., 2., 3.])
    y = x * x
    with pytest.raises(MXNetError, match="not in a computational graph"):
        y.backward()
    with autograd.record():
        y = x * x
    z = y * 2  # after the scope: not part of the graph
    with pytest.raises(MXNetError, match="not in a computational graph"):
        z.backward()


def test_head_gradient():
    x = variable([1., 2., 3.])
    with autograd.record():
        y = x * x
    y.backward(mx.nd.array([1., 0., 2.]))
    assert x.grad.asnumpy().tolist() == [2., 0., 12.]


def test_several_heads_with_head_grads():
    a = variable([1., 2.])
    with autograd.record():
        p, q = a * 2, a * a
    autograd.backward([p, q], head_grads=[mx.nd.ones(2), mx.nd.ones(2) * 2])
    assert a.grad.asnumpy().tolist() == [6., 10.]


def test_state_flags_as_mxnet():
    seen = []
    seen.append((autograd.is_recording(), autograd.is_training()))
    with autograd.record():
        seen.append((autograd.is_recording(), autograd.is_training()))
        with autograd.pause():
            seen.append((autograd.is_recording(), autograd.is_training()))
        with autograd.predict_mode():
            seen.append((autograd.is_recording(), autograd.is_training()))
    with autograd.record(train_mode=False):
        seen.append((autograd.is_recording(), autograd.is_training()))
    with autograd.train_mode():
        seen.append((autograd.is_recording(), autograd.is_training()))
    seen.append((autograd.is_recording(), autograd.is_training()))
    assert seen == [(False, False), (True, True), (False, False), (True, False), (True, False),
                    (False, True), (False, False)]


def test_set_recording_and_training_return_previous():
    assert autograd.set_recording(True) is False
    assert autograd.set_recording(False) is True
    assert autograd.set_training(True) is False
    assert autograd.set_training(False) is True


def test_state_restored_after_exception():
    with pytest.raises(ZeroDivisionError):
        with autograd.record():
            1 / 0
    assert not autograd.is_recording() and not autograd.is_training()


def test_state_is_thread_local():
    seen = []
    with autograd.record():
        thread = threading.Thread(target=lambda: seen.append(autograd.is_recording()))
        thread.start()
        thread.join()
        assert autograd.is_recording()
    assert seen == [False]


def test_grad_with_create_graph_gives_second_order():
    x = variable([1., 2.])
    with autograd.record():
        y = mx.nd.sin(x)
        dx = autograd.grad(y, [x], create_graph=True)[0]
    np.testing.assert_allclose(dx.asnumpy(), [0.5403023, -0.41614684], rtol=1e-6)
    dx.backward()
    np.testing.assert_allclose(x.grad.asnumpy(), [-0.84147096, -0.9092974], rtol=1e-6)


def test_grad_of_one_ndarray_variable_is_a_list():
    # MXNet 1.9.1 returns a list here too (it tests `variables` after rebinding it to a list)
    x = variable([0.5, 1.5, 2.0])
    with autograd.record():
        y = mx.nd.log(x)
    grads = autograd.grad(y, x, head_grads=mx.nd.array([1., 2., 3.]))
    assert isinstance(grads, list) and len(grads) == 1
    assert grads[0].asnumpy().tolist() == np.float32([2., 4 / 3, 1.5]).tolist()


# second-order gradients of gradients that do not depend on the variable (MXNet 1.9.1's values)
@pytest.mark.parametrize("function, first", [
    (mx.nd.abs, [1., -2., 3.]),
    (mx.nd.radians, [0.01745329238474369, 0.03490658476948738, 0.05235987901687622]),
    (lambda v: mx.nd.clip(v, -1, 1), [1., 0., 0.]),
])
def test_second_order_of_a_constant_gradient_is_zero(function, first):
    x = variable([0.5, -1.5, 2.0])
    with autograd.record():
        y = function(x)
        (g1,) = autograd.grad(y, x, head_grads=mx.nd.array([1., 2., 3.]), create_graph=True, retain_graph=True)
        (g2,) = autograd.grad(g1, x, head_grads=mx.nd.array([1., 1., 2.]), create_graph=True, retain_graph=True)
    assert g1.asnumpy().tolist() == first
    assert g2.asnumpy().tolist() == [0., 0., 0.] and g2.dtype == np.float32 and g2.shape == (3,)


def test_grad_of_a_variable_without_attach_grad_raises():
    u = mx.nd.array([1., 2.])
    with autograd.record():
        y = u * 2
    with pytest.raises(MXNetError, match="not in a computational graph"):
        autograd.grad(y, [u])


def test_grad_leaves_grad_buffers_alone():
    x = variable([1., 2.])
    with autograd.record():
        y = x * x
    (dx,) = autograd.grad(y, [x])
    assert dx.asnumpy().tolist() == [2., 4.]
    assert x.grad.asnumpy().tolist() == [0., 0.]


def test_mark_variables():
    v, gv = mx.nd.array([1., 2.]), mx.nd.zeros(2)
    autograd.mark_variables([v], [gv], grad_reqs="write")
    with autograd.record():
        r = v * 5
    r.backward()
    assert gv.asnumpy().tolist() == [5., 5.]
    assert v.grad is gv


@pytest.mark.parametrize("write", [
    lambda y: y.__setitem__(1, 0),
    lambda y: y.__iadd__(1),
    lambda y: mx.nd.broadcast_add(y, y, out=y),
])
def test_in_place_writes_inside_record_raise(write):
    x = variable([1., 2., 3.])
    with autograd.record():
        y = x * 2
        with pytest.raises(MXNetError, match="Assigning to NDArrays that are already in a computational graph"):
            write(y)


def test_in_place_update_of_a_variable_outside_record():
    x = variable([1., 2., 3.])
    x += 1
    x[0] = 10
    assert x.asnumpy().tolist() == [10., 3., 4.]
    with autograd.record():
        y = x * x
    y.backward()
    assert x.grad.asnumpy().tolist() == [20., 6., 8.]


def test_gradients_through_views_and_reshape():
    x = variable([1., 2., 3.])
    with autograd.record():
        y = x[1:3] * 2
    y.backward()
    assert x.grad.asnumpy().tolist() == [0., 2., 2.]
    with autograd.record():
        y = x.reshape((3, 1)) * 2
    y.backward()
    assert x.grad.asnumpy().tolist() == [2., 2., 2.]


def test_setitem_of_part_of_an_array_from_the_graph_is_refused_inside_record():
    # MXNet 1.9.1 records it as _slice_assign / _scatter_set_nd reading z and writing z (and has
    # written z when it raises; mxnd leaves z as it was: docs/differences.md)
    x = variable([1., 2., 3.])
    with autograd.record():
        for key, value in ((1, x * 3), ((slice(None), slice(0, 2)), x[:2] * 3), (([0, 1], [1, 2]), x[:2] * 3),
                           (slice(None, None, -1), x * 3)):
            z = mx.nd.zeros((2, 3))
            with pytest.raises(MXNetError, match=r"^setitem: Inplace operations \(\+=, -=, x\[:\]=, etc\) are not "
                                                 r"supported when recording with autograd\.$"):
                z[key] = value
            assert z.asnumpy().tolist() == [[0.] * 3] * 2
        z[0] = 5  # a value outside the graph is not recorded
    assert z.asnumpy().tolist() == [[5., 5., 5.], [0., 0., 0.]]


@pytest.mark.parametrize("key", [slice(None), Ellipsis, None, (slice(None), slice(None))])
def test_setitem_of_a_whole_array_inside_record_is_a_recorded_copy(key):
    x = variable([[1., 2., 3.], [4., 5., 6.]])
    with autograd.record():
        z = mx.nd.zeros((2, 3))
        z[key] = x * 3
        y = z * 2
    y.backward()
    assert x.grad.asnumpy().tolist() == [[6.] * 3] * 2


COPIES = {
    "copyto(ctx)": lambda x, ctx: x.copyto(ctx),
    "copy()": lambda x, ctx: x.copy(),
    "as_in_context(ctx)": lambda x, ctx: x.as_in_context(ctx),
    "copyto(cpu_pinned)": lambda x, ctx: x.copyto(mx.cpu_pinned()),
    "copyto(array)": lambda x, ctx: x.copyto(mx.nd.zeros(x.shape, ctx=ctx, dtype=x.dtype)),
}


@pytest.mark.parametrize("dtype", ["float32", "int32"])
@pytest.mark.parametrize("copy", COPIES.values(), ids=COPIES.keys())
def test_copies_inside_record_are_recorded_across_devices(copy, dtype, ctx):
    # MXNet 1.9.1 records _copyto: the gradient comes back to the variable's device
    x = mx.nd.array([1, 2, 3], dtype=dtype)
    x.attach_grad()
    with autograd.record():
        moved = copy(x, ctx)
        y = moved * 2
    y.backward()
    assert moved.asnumpy().tolist() == [1, 2, 3] and moved.dtype == np.dtype(dtype)
    assert x.grad.asnumpy().tolist() == [2, 2, 2] and x.grad.context == mx.cpu()
    outside = copy(x, ctx)  # outside record(): a plain copy (as_in_context of x's own context: x)
    assert (outside is x or not outside._data.requires_grad) and outside.asnumpy().tolist() == [1, 2, 3]


def test_reattach_resets_and_detach_has_no_grad():
    x = variable([1., 2.])
    with autograd.record():
        y = x * 3
    y.backward()
    x.attach_grad()
    assert x.grad.asnumpy().tolist() == [0., 0.]
    assert x.detach().grad is None


@pytest.mark.parametrize("attach, req", [
    *[(lambda x, req: x.attach_grad(grad_req=req), req) for req in ("sometimes", "Write", None, 3)],
    *[(lambda x, req: autograd.mark_variables([x], [mx.nd.zeros((2,))], grad_reqs=req), req) for req in ("bad", ["add2"])]])
def test_bad_grad_req_raises_keyerror(attach, req):
    """MXNet 1.9.1 looks grad_req up in a dict: KeyError."""
    x = mx.nd.ones((2,))
    with pytest.raises(KeyError, match="grad_req must be one of"):
        attach(x, req)


def _recorded_sum(x):
    with autograd.record():
        return x.sum(axis=0)


@pytest.mark.parametrize("first", [lambda y, x: y.backward(), lambda y, x: autograd.grad(y, [x]),
                                   lambda y, x: autograd.backward([y])])
def test_a_graph_is_used_up_without_retain_graph(first):
    """As MXNet 1.9.1: a second backward raises even where torch kept what it needs (a sum saves nothing)."""
    x = mx.nd.array([[1.0, 2.0], [3.0, 4.0]])
    x.attach_grad()
    y = _recorded_sum(x)
    first(y, x)
    with pytest.raises(mx.MXNetError, match="Cannot differentiate node because it is not in a computational graph"):
        y.backward()
    y = _recorded_sum(x)
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad.asnumpy().tolist() == [[1.0, 1.0], [1.0, 1.0]]


class _Scale(autograd.Function):
    def forward(self, x, y):
        self.save_for_backward(x, y)
        return x * y

    def backward(self, dz):
        x, y = self.saved_tensors
        return dz * y, dz * x


def test_custom_function_composes_with_builtin_operators():
    x, y = variable([1., 2.]), variable([3., 4.])
    with autograd.record():
        z = _Scale()(x * 2, y) * 5
    z.backward()
    assert x.grad.asnumpy().tolist() == [30., 40.]
    assert y.grad.asnumpy().tolist() == [10., 20.]


def test_custom_function_outside_record_just_runs_forward():
    out = _Scale()(mx.nd.array([1., 2.]), mx.nd.array([3., 4.]))
    assert out.asnumpy().tolist() == [3., 8.]


def test_training_flag_seen_by_forward_is_the_record_mode():
    modes = []

    class Probe(autograd.Function):
        def forward(self, x):
            modes.append((autograd.is_recording(), autograd.is_training()))
            return x * 1

        def backward(self, dy):
            return dy

    x = variable([1.])
    with autograd.record():
        Probe()(x)
    with autograd.record(train_mode=False):
        Probe()(x)
    assert modes == [(False, True), (False, False)]


def test_integer_variables_get_integer_gradients():
    # MXNet 1.9.1 differentiates integer arrays in their dtype (src/mxnd/integer_variables.py)
    i = mx.nd.array([1, 2], dtype="int32")
    i.attach_grad()
    assert i.grad.dtype == np.int32 and i.grad.asnumpy().tolist() == [0, 0]
    with autograd.record():
        y = i * 2
    y.backward()
    assert i.grad.dtype == np.int32 and i.grad.asnumpy().tolist() == [2, 2] and y.asnumpy().tolist() == [2, 4]


def test_an_integer_head_outside_the_graph_says_which_integers_are_recorded():
    f = variable([0.5, -1.5])
    with autograd.record():
        q = mx.nd.contrib.quantize_v2(f, min_calib_range=-2.0, max_calib_range=2.0)[0]
    with pytest.raises(MXNetError, match=r"not in a computational graph.*The head's dtype is int8: integer "
                                         r"arrays are in mxnd's graph only when computed from integer variables"):
        q.backward()
    assert f.grad.asnumpy().tolist() == [0.0, 0.0]


def test_a_float_head_outside_the_graph_gets_mxnets_message_alone():
    with pytest.raises(MXNetError) as raised:
        mx.nd.ones((2,)).backward()
    assert str(raised.value).startswith("Cannot differentiate node because it is not in a computational graph.")
    assert "dtype" not in str(raised.value)


def test_integer_inputs_inside_record():
    x = variable([10., 20., 30.])
    with autograd.record():
        y = mx.nd.take(x, mx.nd.array([2, 0, 2], dtype="int32"))
    y.backward()
    assert x.grad.asnumpy().tolist() == [1., 0., 2.]


# f, its second derivative (MXNet 1.9.1 gives the same values for these in float32)
SECOND_ORDER = {
    "sin": (mx.nd.sin, lambda x: -np.sin(x)),
    "cos": (mx.nd.cos, lambda x: -np.cos(x)),
    "tan": (mx.nd.tan, lambda x: 2 * np.tan(x) / np.cos(x) ** 2),
    "log": (mx.nd.log, lambda x: -1 / x ** 2),
    "exp": (mx.nd.exp, np.exp),
    "sigmoid": (mx.nd.sigmoid, lambda x: (s := 1 / (1 + np.exp(-x))) * (1 - s) * (1 - 2 * s)),
    "tanh": (mx.nd.tanh, lambda x: -2 * np.tanh(x) / np.cosh(x) ** 2),
    "relu": (mx.nd.relu, lambda x: np.zeros_like(x)),
    "square": (mx.nd.square, lambda x: np.full_like(x, 2.0)),
    "sqrt": (mx.nd.sqrt, lambda x: -0.25 * x ** -1.5),
    "reciprocal": (mx.nd.reciprocal, lambda x: 2 / x ** 3),
    "sin*exp": (lambda x: mx.nd.sin(x) * mx.nd.exp(x), lambda x: 2 * np.cos(x) * np.exp(x)),
    "square+log": (lambda x: mx.nd.square(x) + mx.nd.log(x), lambda x: 2 - 1 / x ** 2),
}


@pytest.mark.parametrize("name", sorted(SECOND_ORDER))
def test_second_order_gradients(name, ctx):
    function, second = SECOND_ORDER[name]
    values = np.array([0.3, 0.7, 1.2], dtype=np.float64)
    x = mx.nd.array(values, ctx=ctx, dtype="float64")
    x.attach_grad()
    with autograd.record():
        (dx,) = autograd.grad(function(x), [x], create_graph=True)
    dx.backward()
    np.testing.assert_allclose(x.grad.asnumpy(), second(values), rtol=1e-10, atol=1e-12)


# ---- gradient buffers keep MXNet's memory semantics (backward may adopt fresh memory) ---------
# (host gradients of 64 KB or more may be adopted, smaller ones are copied: these tests use both;
# on a GPU every gradient may be adopted)
WIDE = 4096  # a (5, WIDE) float32 gradient is 80 KB


def _fc_step(x, w):
    with mx.autograd.record():
        y = mx.nd.FullyConnected(x, w, None, num_hidden=w.shape[0], no_bias=True)
    y.backward()


@pytest.mark.parametrize("width", [4, WIDE])
def test_grad_buffer_object_is_stable_and_updated(width, ctx):
    x, w = mx.nd.ones((3, width), ctx=ctx), mx.nd.ones((5, width), ctx=ctx)
    w.attach_grad()
    buffer = w.grad
    _fc_step(x, w)
    _fc_step(x * 2, w)
    assert w.grad is buffer
    np.testing.assert_array_equal(buffer.asnumpy(), np.full((5, width), 6.0, np.float32))


@pytest.mark.parametrize("width", [4, WIDE])
def test_view_of_grad_taken_before_backward_sees_the_new_gradient(width, ctx):
    x, w = mx.nd.ones((3, width), ctx=ctx), mx.nd.ones((5, width), ctx=ctx)
    w.attach_grad()
    view = w.grad[1:3]
    _fc_step(x, w)
    np.testing.assert_array_equal(view.asnumpy(), np.full((2, width), 3.0, np.float32))
    view[:] = 7
    np.testing.assert_array_equal(w.grad.asnumpy()[1:3], np.full((2, width), 7.0, np.float32))


@pytest.mark.parametrize("width", [4, WIDE])
def test_dlpack_consumer_of_grad_sees_the_new_gradient(width, ctx):
    import torch
    x, w = mx.nd.ones((3, width), ctx=ctx), mx.nd.ones((5, width), ctx=ctx)
    w.attach_grad()
    shared = torch.from_dlpack(w.grad._data)
    _fc_step(x, w)
    np.testing.assert_array_equal(shared.cpu().numpy(), np.full((5, width), 3.0, np.float32))


@pytest.mark.parametrize("shape", [(2, 2), (128, 256)])
def test_variables_given_one_gradient_tensor_do_not_share_memory(shape, ctx):
    x, y = mx.nd.ones(shape, ctx=ctx), mx.nd.ones(shape, ctx=ctx)
    x.attach_grad()
    y.attach_grad()
    with mx.autograd.record():
        z = x + y
    z.backward()
    x.grad[:] = 5
    np.testing.assert_array_equal(y.grad.asnumpy(), np.ones(shape, np.float32))


@pytest.mark.parametrize("size", [2, 1 << 15])
def test_head_gradient_is_never_adopted(size, ctx):
    x = mx.nd.ones((size,), ctx=ctx)
    x.attach_grad()
    head = mx.nd.arange(size, ctx=ctx) + 3
    with mx.autograd.record():
        y = x.reshape((size,))
    y.backward(head)
    x.grad[:] = 0
    np.testing.assert_array_equal(head.asnumpy(), np.arange(size, dtype=np.float32) + 3)


# torch 2.4's engine still holds the gradient it hands to the leaf's hook (a second storage user),
# so mxnd copies it there; 2.11 and later hand it over alone (checked with 2.4.0, 2.11.0, 2.13.0, 2.14.1)
_ENGINE_HANDS_GRADIENT_OVER = tuple(int(part) for part in torch.__version__.split(".")[:2]) >= (2, 11)


def test_large_fresh_gradient_is_adopted_and_small_one_copied():
    x, w, small = mx.nd.ones((3, WIDE)), mx.nd.ones((5, WIDE)), mx.nd.ones((5, 4))
    for array in (w, small):
        array.attach_grad()
    before = (w.grad._data.data_ptr(), small.grad._data.data_ptr())
    _fc_step(x, w)
    _fc_step(mx.nd.ones((3, 4)), small)
    np.testing.assert_array_equal(w.grad.asnumpy(), np.full((5, WIDE), 3, np.float32))
    np.testing.assert_array_equal(small.grad.asnumpy(), np.full((5, 4), 3, np.float32))
    if _ENGINE_HANDS_GRADIENT_OVER:
        assert w.grad._data.data_ptr() != before[0]  # the engine's fresh tensor, not a copy
    assert small.grad._data.data_ptr() == before[1]


@pytest.mark.gpu
@pytest.mark.skipif(mx.context.num_gpus() == 0, reason="needs a CUDA GPU")
def test_small_fresh_gradient_on_a_gpu_is_adopted():
    """On a GPU a copy into the buffer is a kernel launch: small gradients are adopted too."""
    small = mx.nd.ones((5, 4), ctx=mx.gpu(0))
    small.attach_grad()
    before = small.grad._data.data_ptr()
    _fc_step(mx.nd.ones((3, 4), ctx=mx.gpu(0)), small)
    np.testing.assert_array_equal(small.grad.asnumpy(), np.full((5, 4), 3, np.float32))
    if _ENGINE_HANDS_GRADIENT_OVER:
        assert small.grad._data.data_ptr() != before


# the default head gradient (ones) of a large host head is reused across backward passes
LARGE = (512, 1024)  # 2 MB of float32: within the reuse range


def test_grad_of_a_view_head_is_a_fresh_array():
    x = mx.nd.ones(LARGE)
    x.attach_grad()
    with autograd.record():
        y = x.reshape((1024, 512))
    first = autograd.grad(y, [x])[0]
    first[:] = 5
    with autograd.record():
        y = x.reshape((1024, 512))
    second = autograd.grad(y, [x])[0]
    assert second.asnumpy().min() == second.asnumpy().max() == 1.0
    assert first.asnumpy().min() == 5.0


def test_writing_into_a_view_gradient_buffer_leaves_later_heads_ones():
    x = mx.nd.ones(LARGE)
    x.attach_grad()
    with autograd.record():
        y = x.reshape((1024, 512))
    y.backward()
    x.grad[:] = 3
    with autograd.record():
        y = x * 2
    y.backward()
    assert x.grad.asnumpy().min() == x.grad.asnumpy().max() == 2.0


class _ScalesItsHeadInPlace(autograd.Function):
    def forward(self, x):
        return x * 1

    def backward(self, dy):
        dy *= 3
        return dy


def test_a_backward_writing_into_its_head_gradient_does_not_leak_into_the_next():
    x = mx.nd.ones(LARGE)
    x.attach_grad()
    for _ in range(2):
        with autograd.record():
            y = _ScalesItsHeadInPlace()(x)
        y.backward()
        assert x.grad.asnumpy().min() == x.grad.asnumpy().max() == 3.0


def test_head_gradient_of_another_shape_raises_and_leaves_the_buffer():
    """MXNet reads past a smaller head gradient (garbage); mxnd refuses it."""
    x = variable([[1., 2., 3.], [4., 5., 6.]])
    with autograd.record():
        y = x * 2
    with pytest.raises(MXNetError, match="Mismatch in shape"):
        y.backward(mx.nd.ones((3,)))
    assert x.grad.asnumpy().tolist() == [[0, 0, 0], [0, 0, 0]]


def test_record_inside_torch_no_grad_records_and_restores_the_grad_mode():
    import torch

    x = mx.nd.array([1.0, 2.0])
    x.attach_grad()
    with torch.no_grad():
        with autograd.record():
            assert torch.is_grad_enabled()
            y = x * x
        assert not torch.is_grad_enabled()
    y.backward()
    assert x.grad.asnumpy().tolist() == [2.0, 4.0]
    assert torch.is_grad_enabled()


# ---- backward stores through hooks on the variables torch's engine reaches ------------------

def test_backward_leaves_variables_outside_the_graph_untouched():
    used, other = variable([1.0, 2.0]), variable([3.0, 4.0])
    other.grad[:] = 7
    with autograd.record():
        y = used * 3
    y.backward()
    assert used.grad.asnumpy().tolist() == [3.0, 3.0]
    assert other.grad.asnumpy().tolist() == [7.0, 7.0]
    assert used._data.grad is None and other._data.grad is None  # torch keeps no second copy


def test_backward_after_attaching_again_leaves_the_new_buffer_alone():
    # MXNet 1.9.1: no error; the recorded graph's gradient goes to the old variable's buffer
    x = variable([1.0, 2.0])
    with autograd.record():
        y = x * 3
    x.attach_grad()
    y.backward()
    assert x.grad.asnumpy().tolist() == [0.0, 0.0]


def test_backward_of_a_collected_variable_runs():
    import gc

    x = variable([1.0, 2.0])
    with autograd.record():
        y = x * 3
    del x
    gc.collect()
    y.backward()  # MXNet 1.9.1: no error


def test_add_and_write_variables_in_one_graph():
    a, b = variable([1.0, 2.0], grad_req="add"), variable([3.0, 4.0])
    for step in range(2):
        with autograd.record():
            y = a * b
        y.backward()
    assert a.grad.asnumpy().tolist() == [6.0, 8.0]  # accumulated twice
    assert b.grad.asnumpy().tolist() == [1.0, 2.0]  # written


VIEWS_AND_COPIES = {
    "reshape": lambda x: x.reshape((4,)), "reshape with codes": lambda x: x.reshape((-1,)),
    "x[0]": lambda x: x[0], "x[0:1]": lambda x: x[0:1], "x[:, 1]": lambda x: x[:, 1], "x.T": lambda x: x.T,
    "astype": lambda x: x.astype("float64"), "copy": lambda x: x.copy(), "expand_dims": lambda x: x.expand_dims(0),
    "operator": lambda x: mx.nd.relu(x), "a + b": lambda x: x + x,
}


@pytest.mark.parametrize("make", sorted(VIEWS_AND_COPIES))
def test_arrays_made_from_a_variable_outside_record_are_not_in_the_graph(make):
    """As in MXNet 1.9.1: y made from x outside record() does not lead back to x, so a backward
    from a result of y alone raises "not in a computational graph" and x.grad stays zero."""
    x = mx.nd.array([[1, 2], [3, 4]])
    x.attach_grad()
    y = VIEWS_AND_COPIES[make](x)
    with mx.autograd.record():
        z = (y * 2).sum()
    with pytest.raises(MXNetError, match="Cannot differentiate node because it is not in a computational graph"):
        z.backward()
    assert x.grad.asnumpy().tolist() == [[0, 0], [0, 0]]


# ---- mx.contrib.autograd (MXNet's deprecated first API) -------------------------------------------

def test_contrib_autograd_grad_and_loss():
    from mxnd.contrib import autograd as old

    x = mx.nd.array([0.5, 1.0, 2.0])
    grads, value = old.grad_and_loss(lambda a, b: mx.nd.exp(a) * b, argnum=[0, 1])(x, mx.nd.array([1., 2., 3.]))
    exp = mx.nd.exp(x).asnumpy()  # float32 exp: torch's last bit, not numpy's
    np.testing.assert_array_equal(value.asnumpy(), exp * np.float32([1, 2, 3]))
    np.testing.assert_array_equal(grads[0].asnumpy(), value.asnumpy())
    np.testing.assert_array_equal(grads[1].asnumpy(), exp)
    assert old.grad(lambda a: a * a)(mx.nd.array([3.]))[0].asnumpy().tolist() == [6.]


def test_contrib_autograd_sections_set_training_and_recording():
    from mxnd.contrib import autograd as old

    with old.train_section():
        assert autograd.is_recording() and autograd.is_training()
        with old.test_section():
            assert not autograd.is_recording() and not autograd.is_training()
        assert autograd.is_recording()
    assert not autograd.is_recording() and not autograd.is_training()
    assert old.set_is_training(True) is False and old.set_is_training(False) is True


def test_contrib_autograd_backward_needs_a_list():
    from mxnd.contrib import autograd as old

    x, gx = mx.nd.array([2.]), mx.nd.zeros(1)
    old.mark_variables([x], [gx])
    with old.train_section():
        y = x * x * x
    with pytest.raises(AssertionError, match="list or tuple"):
        old.backward(y)
    old.backward([y], [mx.nd.array([2.])])
    assert gx.asnumpy().tolist() == [24.]


# head gradients of the heads [y] * len(heads) (None: ones), and x.grad of y = 3 * x in MXNet 1.9.1:
# the last head gradient of a repeated head wins
REPEATED_HEADS = [([None, 0.1], 0.3), ([0.1, None], 3.0), ([2.0, 0.1], 0.3), ([None, None], 3.0), ([3.0, 5.0, 7.0], 21.0)]


@pytest.mark.parametrize("heads, expected", REPEATED_HEADS, ids=[str(h) for h, _ in REPEATED_HEADS])
def test_a_repeated_head_takes_its_last_head_gradient(heads, expected, ctx):
    x = variable([1., 2.], ctx)
    with autograd.record():
        y = x * 3
    head_grads = [None if h is None else mx.nd.ones_like(y) * h for h in heads]
    autograd.backward([y] * len(heads), head_grads=head_grads)
    assert np.allclose(x.grad.asnumpy(), [expected] * 2)
    with autograd.record():
        y = x * 3
    grad = autograd.grad([y] * len(heads), [x], head_grads=head_grads)[0]
    assert np.allclose(grad.asnumpy(), [expected] * 2)


def test_distinct_heads_on_one_graph_still_add(ctx):
    x = variable([1., 2.], ctx)
    with autograd.record():
        y = x * 3
        w = y * 1
    autograd.backward([y, w], head_grads=[mx.nd.ones_like(y), mx.nd.ones_like(y) * 0.1])
    assert np.allclose(x.grad.asnumpy(), [3.3, 3.3])  # MXNet 1.9.1: 3.3000002
