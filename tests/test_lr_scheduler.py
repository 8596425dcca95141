"""mx.lr_scheduler (src/mxnd/lr_scheduler.py): every schedule, with and without warm-up, against the
values MXNet 1.9.1 returns for the same calls (written below), and the constructor errors."""
import pytest

import mxnd as mx

S = mx.lr_scheduler
UPDATES = [0, 1, 2, 3, 4, 5, 7, 10, 11, 15, 20, 30]

# (scheduler factory, MXNet 1.9.1's [s(n) for n in UPDATES], called in that order on one scheduler)
CASES = {
    "factor": (lambda: S.FactorScheduler(step=3, factor=0.5, base_lr=1.0),
               [1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.25, 0.125, 0.125, 0.0625, 0.015625, 0.001953125]),
    "factor-stop-warmup": (
        lambda: S.FactorScheduler(step=2, factor=0.1, stop_factor_lr=1e-3, base_lr=1.0, warmup_steps=3,
                                  warmup_begin_lr=0.1),
        [0.1, 0.4, 0.7, 0.1, 0.1, 0.010000000000000002, 0.0010000000000000002, 0.001, 0.001, 0.001, 0.001, 0.001]),
    "factor-constant-warmup": (
        lambda: S.FactorScheduler(step=2, factor=0.5, base_lr=1.0, warmup_steps=4, warmup_begin_lr=0.2,
                                  warmup_mode="constant"),
        [0.2, 0.2, 0.2, 0.2, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.0078125, 0.001953125, 6.103515625e-05]),
    "multifactor": (lambda: S.MultiFactorScheduler(step=[2, 5, 10], factor=0.5, base_lr=1.0),
                    [1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.25, 0.25, 0.125, 0.125, 0.125, 0.125]),
    "multifactor-warmup": (
        lambda: S.MultiFactorScheduler(step=[3, 6], factor=0.1, base_lr=0.5, warmup_steps=2),
        [0.0, 0.25, 0.5, 0.5, 0.05, 0.05] + [0.005000000000000001] * 6),
    "poly": (lambda: S.PolyScheduler(max_update=20, base_lr=1.0, pwr=2),
             [1.0, 0.9025, 0.81, 0.7224999999999999, 0.6400000000000001, 0.5625, 0.42250000000000004, 0.25,
              0.20249999999999996, 0.0625, 0.0, 0.0]),
    "poly-final-warmup": (
        lambda: S.PolyScheduler(max_update=20, base_lr=1.0, pwr=1, final_lr=0.1, warmup_steps=5, warmup_begin_lr=0.5),
        [0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0.88, 0.7000000000000001, 0.64, 0.4, 0.1, 0.1]),
    "cosine": (lambda: S.CosineScheduler(max_update=20, base_lr=1.0),
               [1.0, 0.9938441702975689, 0.9755282581475768, 0.9455032620941839, 0.9045084971874737,
                0.8535533905932737, 0.7269952498697734, 0.5, 0.4217827674798847, 0.14644660940672627, 0.0, 0.0]),
    "cosine-final-warmup": (
        lambda: S.CosineScheduler(max_update=20, base_lr=2.0, final_lr=0.5, warmup_steps=4),
        [0.0, 0.5, 1.0, 1.5, 2.0, 1.9855889603024228, 1.8736022092269091, 1.5370125742738174, 1.3963177415120964,
         0.8333223252352986, 0.5, 0.5]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_schedule_matches_mxnet(name):
    make, expected = CASES[name]
    scheduler = make()
    assert [scheduler(n) for n in UPDATES] == expected


def test_factor_catches_up_in_one_call():
    # MXNet loops, so a scheduler first called at a late update (resumed training) is correct
    assert S.FactorScheduler(step=3, factor=0.5, base_lr=1.0)(10) == 0.125


@pytest.mark.parametrize("make, error, message", [
    (lambda: S.FactorScheduler(step=0), ValueError, "Schedule step must be greater or equal than 1 round"),
    (lambda: S.FactorScheduler(step=2, factor=2), ValueError, "Factor must be no more than 1"),
    (lambda: S.MultiFactorScheduler(step=[3, 2]), ValueError, "increasing integer list"),
    (lambda: S.MultiFactorScheduler(step=[0]), ValueError, "greater or equal than 1 round"),
    (lambda: S.PolyScheduler(max_update=0), ValueError, "strictly positive"),
    (lambda: S.CosineScheduler(max_update=0), ValueError, "strictly positive"),
    (lambda: S.FactorScheduler(step=2, warmup_mode="exp"), ValueError, "only linear and constant"),
    (lambda: S.FactorScheduler(step=2, warmup_steps=-1), ValueError, "positive or 0"),
    (lambda: S.FactorScheduler(step=2, base_lr=0.1, warmup_begin_lr=0.5), ValueError, "higher than warmup_begin_lr"),
    (lambda: S.LRScheduler()(3), NotImplementedError, "must override this"),
    (lambda: S.PolyScheduler(max_update=2.0), AssertionError, None),
    (lambda: S.MultiFactorScheduler(step=(1, 2)), AssertionError, None),
])
def test_errors_match_mxnet(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_optimizer_uses_the_schedule():
    opt = mx.optimizer.create("sgd", lr_scheduler=S.MultiFactorScheduler(step=[1], factor=0.5, base_lr=0.4))
    w = mx.nd.array([1.0])
    updater = mx.optimizer.get_updater(opt)
    for _ in range(2):
        updater(0, mx.nd.array([1.0]), w)
    assert opt.learning_rate == 0.2 and w.asnumpy().tolist() == [pytest.approx(0.4)]


# Schedulers keep state between calls: update counts out of order (a resumed or re-run loop) give
# what MXNet 1.9.1 gives for the same calls in the same order (values below from MXNet 1.9.1).
OUT_OF_ORDER = {
    "factor": (lambda: S.FactorScheduler(step=2, factor=0.5, base_lr=1.0), [5, 1, 7, 3, 7, 8, 0],
               [0.25, 0.25, 0.125, 0.125, 0.125, 0.125, 0.125]),
    "multifactor-warmup": (lambda: S.MultiFactorScheduler(step=[2, 4], factor=0.1, base_lr=1.0, warmup_steps=2),
                           [5, 0, 3, 1, 6], [0.010000000000000002, 0.0, 0.010000000000000002, 0.5, 0.010000000000000002]),
    "poly-warmup": (lambda: S.PolyScheduler(max_update=10, base_lr=1.0, pwr=2, warmup_steps=2), [12, 4, 1, 15, 3],
                    [1.0, 0.5625, 0.5, 0.5625, 0.765625]),
    "cosine-final": (lambda: S.CosineScheduler(max_update=10, base_lr=1.0, final_lr=0.1), [3, 11, 5, 20, 0],
                     [0.8145033635316129, 0.8145033635316129, 0.55, 0.55, 1.0]),
}


@pytest.mark.parametrize("name", list(OUT_OF_ORDER))
def test_out_of_order_updates_match_mxnet(name):
    make, updates, expected = OUT_OF_ORDER[name]
    scheduler = make()
    assert [scheduler(n) for n in updates] == expected


@pytest.mark.parametrize("call, message", [
    (lambda: S.CosineScheduler(max_update=3, warmup_steps=3)(3), "float division by zero"),
    (lambda: S.PolyScheduler(max_update=3, warmup_steps=3)(3), "float division by zero"),
    (lambda: S.PolyScheduler(max_update=3, pwr=-1)(3), "0.0 cannot be raised to a negative power"),
])
def test_degenerate_schedules_raise_as_mxnet(call, message):
    with pytest.raises(ZeroDivisionError, match=message):
        call()
