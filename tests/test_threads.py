"""Operators, autograd and the random generators used from 8 Python threads at once.

Each test runs the same work sequentially and in 8 threads started together (a barrier)
and compares: operators and autograd (thread-local recording, as MXNet's) must give the
sequential results; the generators are per device and shared, as MXNet's, so concurrent
draws are the sequential stream cut into the same chunks, in some order.
"""
import threading

import numpy as np
import pytest

import mxnd as mx

THREADS = 8
ROUNDS = 40


def run_threads(work, count=THREADS):
    """Run ``work(index)`` in ``count`` threads started together; return results by index."""
    barrier = threading.Barrier(count)
    results, errors = [None] * count, []

    def target(index):
        try:
            barrier.wait()
            results[index] = work(index)
        except BaseException as error:  # noqa: BLE001 - reported to the test below
            errors.append((index, error))

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    assert not errors, errors
    return results


def elementwise_work(index):
    x = mx.nd.array(np.linspace(-3, 3, 64).reshape(8, 8) + index)
    out = []
    for _ in range(ROUNDS):
        y = mx.nd.relu(x * 2 - 1) + mx.nd.exp(-mx.nd.abs(x))
        z = mx.nd.sum(mx.nd.broadcast_mul(y, x), axis=1) / 3
        out.append(mx.nd.softmax(z).asnumpy())
    return np.stack(out)


def autograd_work(index):
    w = mx.nd.array(np.arange(12, dtype=np.float32).reshape(3, 4) / 10 + index)
    w.attach_grad()
    x = mx.nd.array(np.ones((4, 2), dtype=np.float32) * (index + 1))
    grads = []
    for step in range(ROUNDS):
        assert not mx.autograd.is_recording()
        with mx.autograd.record():
            assert mx.autograd.is_recording() and mx.autograd.is_training()
            loss = mx.nd.sum(mx.nd.tanh(mx.nd.dot(w, x)) * (step + 1))
        loss.backward()
        grads.append(w.grad.asnumpy().copy())
        w -= 0.01 * w.grad
    return np.stack(grads), w.asnumpy()


def test_elementwise_operators_in_threads_match_sequential():
    expected = [elementwise_work(i) for i in range(THREADS)]
    for got, want in zip(run_threads(elementwise_work), expected):
        np.testing.assert_array_equal(got, want)


def test_autograd_in_threads_matches_sequential():
    expected = [autograd_work(i) for i in range(THREADS)]
    for (grads, weight), (want_grads, want_weight) in zip(run_threads(autograd_work), expected):
        np.testing.assert_array_equal(grads, want_grads)
        np.testing.assert_array_equal(weight, want_weight)


def optimizer_work(index):
    """adam_update (the fused CPU path and its per-thread scratch buffers) and sgd_mom_update on
    arrays of several sizes, so that threads share buffers' slots but not their memory."""
    rng = np.random.RandomState(index)
    out = []
    for size in (5000, 4096 * (index + 1), 100):
        w, g = (mx.nd.array(rng.standard_normal(size).astype(np.float32)) for _ in range(2))
        m, v, mom = mx.nd.zeros(size), mx.nd.zeros(size), mx.nd.zeros(size)
        for _ in range(5):
            mx.nd.adam_update(w, g, m, v, lr=0.01, wd=0.001, out=w)
            mx.nd.sgd_mom_update(w, g, mom, lr=0.01, momentum=0.9, out=w)
        out.append(np.concatenate([w.asnumpy(), m.asnumpy(), v.asnumpy()]))
    return np.concatenate(out)


def test_optimizer_updates_in_threads_match_sequential():
    expected = [optimizer_work(i) for i in range(THREADS)]
    for got, want in zip(run_threads(optimizer_work), expected):
        np.testing.assert_array_equal(got, want)


def test_recording_and_training_flags_are_thread_local():
    inside, outside = threading.Event(), threading.Event()
    seen = {}

    def recorder():
        with mx.autograd.record():
            inside.set()
            outside.wait(10)
            seen["recorder"] = (mx.autograd.is_recording(), mx.autograd.is_training())

    def watcher():
        inside.wait(10)
        seen["watcher"] = (mx.autograd.is_recording(), mx.autograd.is_training())
        outside.set()

    threads = [threading.Thread(target=recorder), threading.Thread(target=watcher)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert seen == {"recorder": (True, True), "watcher": (False, False)}


def test_default_context_is_thread_local():
    def work(index):
        ctx = mx.cpu(index)
        with ctx:
            for _ in range(ROUNDS):
                assert mx.context.current_context() == ctx
                assert mx.nd.zeros((2,)).context == ctx
        return mx.context.current_context()

    assert run_threads(work) == [mx.cpu(0)] * THREADS


@pytest.mark.parametrize("sampler", ["uniform", "normal", "randint"])
def test_concurrent_draws_are_the_sequential_stream_in_chunks(sampler):
    # MXNet's generators are per device and shared by every thread; mx.random.seed seeds them all
    def draw():
        if sampler == "randint":
            return mx.nd.random.randint(0, 1 << 30, shape=(32,)).asnumpy()
        return getattr(mx.nd.random, sampler)(shape=(32,)).asnumpy()

    mx.random.seed(1234)
    sequential = {tuple(draw()) for _ in range(THREADS * ROUNDS)}
    mx.random.seed(1234)
    chunks = run_threads(lambda index: [tuple(draw()) for _ in range(ROUNDS)])
    concurrent = [chunk for per_thread in chunks for chunk in per_thread]
    assert len(concurrent) == len(set(concurrent)) == THREADS * ROUNDS
    assert set(concurrent) == sequential


def test_seed_in_one_thread_seeds_the_shared_generator():
    def seeded_draw(index):
        mx.random.seed(99)
        return None

    run_threads(seeded_draw, count=1)
    first = mx.nd.random.uniform(shape=(4,)).asnumpy()
    mx.random.seed(99)
    np.testing.assert_array_equal(first, mx.nd.random.uniform(shape=(4,)).asnumpy())


def test_random_operators_in_threads_do_not_fail():
    def work(index):
        shapes = []
        for _ in range(ROUNDS):
            x = mx.nd.random.normal(shape=(4, 4))
            y = mx.nd.Dropout(x, p=0.5, mode="always")
            z = mx.nd.random.shuffle(mx.nd.arange(16))
            shapes.append((y.shape, sorted(z.asnumpy().tolist()) == list(range(16))))
        return shapes

    for shapes in run_threads(work):
        assert shapes == [((4, 4), True)] * ROUNDS


def test_attach_grad_while_other_threads_run_backward():
    import sys

    def work(index):
        for _ in range(150):
            w = mx.nd.ones((4, 4))
            w.attach_grad()
            with mx.autograd.record():
                y = mx.nd.sum(w * w)
            y.backward()
            assert w.grad.asnumpy().sum() == 32
        return index

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often: the race shows within a few steps
    try:
        assert run_threads(work) == list(range(THREADS))
    finally:
        sys.setswitchinterval(interval)


def test_a_context_copied_into_another_thread_does_not_share_the_flags():
    # interpreters that copy the caller's context into new threads (3.14's
    # thread_inherit_context) hand the child the parent's flags object: its writes must not
    # reach the parent
    import contextvars

    seen = {}
    with mx.autograd.record():
        context = contextvars.copy_context()

        def child():
            with mx.autograd.pause():
                seen["child"] = mx.autograd.is_recording()
            seen["after"] = mx.autograd.is_recording()

        worker = threading.Thread(target=lambda: context.run(child))
        worker.start()
        worker.join()
        seen["parent"] = mx.autograd.is_recording()
    assert seen == {"child": False, "after": True, "parent": True}
