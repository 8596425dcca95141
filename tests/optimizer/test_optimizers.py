"""mx.optimizer against MXNet 1.9.1: every scenario of optimizer_cases.py (several Updater steps per
optimizer, float32 and float16 with/without multi_precision) equals the recorded reference bit for
bit; plus the Updater's state pickling, context sync, registration and SGLD's noise."""
import json
import pathlib
import pickle
import sys
import warnings

import numpy as np
import pytest

import mxnd as mx
from mxnd import fast_paths

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools"))
from golden_cases import evaluate  # noqa: E402
from test_golden import assert_matches  # noqa: E402

REFERENCE = json.loads((pathlib.Path(__file__).parent / "reference.json").read_text())


def _assert_close(actual, expected):
    """Values within rounding of the reference (the device-generic paths sum in torch's order)."""
    assert actual["kind"] == expected["kind"], (actual, expected)
    if expected["kind"] == "list":
        assert len(actual["items"]) == len(expected["items"])
        for a, e in zip(actual["items"], expected["items"]):
            _assert_close(a, e)
    elif expected["kind"] == "ndarray":
        assert (actual["dtype"], actual["shape"]) == (expected["dtype"], expected["shape"])
        rtol = 2e-3 if expected["dtype"] == "float16" else 1e-5
        np.testing.assert_allclose(np.array(actual["value"], dtype=float), np.array(expected["value"], dtype=float),
                                   rtol=rtol, atol=rtol * 1e-2)
    else:
        assert_matches(actual, expected)


@pytest.mark.parametrize("case", list(REFERENCE), ids=[c.split("opt = ")[-1][:60] for c in REFERENCE])
def test_matches_mxnet(case):
    """Bit for bit on the host; within rounding on the device-generic paths (torch's sums, as on a GPU)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        actual = evaluate(case, mx)
    (assert_matches if fast_paths.HOST else _assert_close)(actual, REFERENCE[case])


def _trained(opt, steps=2):
    updater = mx.optimizer.get_updater(opt)
    weights = [mx.nd.array([[1., -2.], [3., 0.5]]), mx.nd.array([0.25, -1.])]
    for step in range(steps):
        grads = [mx.nd.full((2, 2), 0.1 * (step + 1)), mx.nd.array([0.3, -0.2])]
        updater([0, 1], grads, weights)
    return updater, weights


@pytest.mark.parametrize("name", ["sgd", "adam", "rmsprop", "lamb", "ftml"])
def test_states_round_trip_through_get_states(name):
    kwargs = {"momentum": 0.9} if name == "sgd" else {}
    updater, weights = _trained(mx.optimizer.create(name, **kwargs))
    blob = updater.get_states()
    fresh = mx.optimizer.get_updater(mx.optimizer.create(name, **kwargs))
    fresh.set_states(blob)
    assert set(fresh.states) == {0, 1} and fresh.states_synced == {0: False, 1: False}
    for key, state in updater.states.items():
        flat = [s for s in (state if isinstance(state, tuple) else (state,)) if s is not None]
        again = [s for s in (fresh.states[key] if isinstance(fresh.states[key], tuple) else (fresh.states[key],))
                 if s is not None]
        for a, b in zip(flat, again):
            np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    # continuing from the loaded states gives the same weights as continuing the original
    copies = [w.copy() for w in weights]
    grads = [mx.nd.ones((2, 2)), mx.nd.ones((2,))]
    fresh.optimizer = pickle.loads(pickle.dumps(updater.optimizer))  # same update counts
    updater([0, 1], grads, weights)
    fresh([0, 1], grads, copies)
    for a, b in zip(weights, copies):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


def test_get_states_can_dump_the_optimizer():
    class Param:
        lr_mult, wd_mult = 1.0, 1.0

    updater, _ = _trained(mx.optimizer.create("adam", learning_rate=0.05, param_dict={0: Param()}))
    states, optimizer = pickle.loads(updater.get_states(dump_optimizer=True))
    assert isinstance(optimizer, mx.optimizer.Adam) and optimizer.lr == 0.05
    assert optimizer.param_dict == {} and optimizer.num_update == 2
    other = mx.optimizer.get_updater(mx.optimizer.create("sgd"))
    other.set_states(updater.get_states(dump_optimizer=True))
    assert isinstance(other.optimizer, mx.optimizer.Adam) and set(other.states) == {0, 1}


def test_sync_state_context_keeps_structure():
    updater = mx.optimizer.get_updater(mx.optimizer.create("sgd"))
    state = (mx.nd.ones((2,)), [mx.nd.zeros((1,)), None])
    synced = updater.sync_state_context(state, mx.cpu(0))
    assert isinstance(synced, tuple) and isinstance(synced[1], list) and synced[1][1] is None
    assert synced[0].context == mx.cpu(0)


def test_register_and_create_a_custom_optimizer():
    @mx.optimizer.register
    class HalfStep(mx.optimizer.Optimizer):  # noqa: N801
        def update(self, index, weight, grad, state):
            weight[:] -= 0.5 * grad

    opt = mx.optimizer.Optimizer.create_optimizer("halfstep")
    w = mx.nd.array([1., 2.])
    mx.optimizer.get_updater(opt)(0, mx.nd.array([2., 2.]), w)
    assert w.asnumpy().tolist() == [0., 1.]
    with pytest.warns(UserWarning, match="overriding"):
        mx.optimizer.register(HalfStep)
    del mx.optimizer.Optimizer.opt_registry["halfstep"]


def test_float16_without_multi_precision_warns():
    with pytest.warns(UserWarning, match="multi_precision=True"):
        mx.optimizer.create("adam").create_state_multi_precision(0, mx.nd.ones((2,), dtype="float16"))


def test_multi_precision_state_holds_a_float32_master_copy():
    w = mx.nd.array([1., 2.], dtype="float16")
    state = mx.optimizer.create("adam", multi_precision=True).create_state_multi_precision(0, w)
    assert state[0].dtype == np.float32 and state[0].asnumpy().tolist() == [1., 2.]
    sgd_state = mx.optimizer.create("sgd", momentum=0.9, multi_precision=True).create_state_multi_precision(0, w)
    assert sgd_state[0].dtype == np.float32 and sgd_state[1].dtype == np.float32  # (momentum, master copy)


def test_sgld_adds_gaussian_noise_of_variance_lr():
    mx.random.seed(3)
    opt = mx.optimizer.create("sgld", learning_rate=0.04)
    w = mx.nd.zeros((200, 200))
    mx.optimizer.get_updater(opt)(0, mx.nd.zeros((200, 200)), w)
    values = w.asnumpy()
    assert abs(values.mean()) < 0.01 and abs(values.std() - 0.2) < 0.01


def test_learning_rate_property_and_scheduler():
    opt = mx.optimizer.create("sgd", learning_rate=0.3)
    assert opt.learning_rate == 0.3
    opt.set_learning_rate(0.2)
    assert opt.learning_rate == 0.2
    sched = mx.lr_scheduler.FactorScheduler(step=1, factor=0.5, base_lr=1.0)
    opt = mx.optimizer.create("sgd", lr_scheduler=sched)
    assert opt.lr is None and opt.learning_rate == 1.0
    with pytest.raises(DeprecationWarning):
        opt.set_lr_scale({})
