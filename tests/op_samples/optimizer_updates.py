"""Valid sample calls for the optimizer update family (src/mxnd/ndarray/ops/optimizer_updates.py).

``SAMPLES``: {operator: ([input shapes], {keyword arguments})}. The registry-wide tests call each
operator twice on the same arrays and compare, while updates change their state inputs in place;
so the keyword arguments make each output independent of the states (lr=0 leaves the weight as
it is, beta/gamma/momentum 0 forget the states, a huge lamda1 zeroes FTRL's output).
"""

_S = (2, 3)
_LRS = {"lrs": (0.0, 0.0), "wds": (0.0, 0.0), "num_weights": 2}

SAMPLES = {
    "sgd_update": ([_S] * 2, {"lr": 0.1}),
    "sgd_mom_update": ([_S] * 3, {"lr": 0.1}),
    "mp_sgd_update": ([_S] * 3, {"lr": 0.0}),
    "mp_sgd_mom_update": ([_S] * 4, {"lr": 0.0}),
    "nag_mom_update": ([_S] * 3, {"lr": 0.1}),
    "mp_nag_mom_update": ([_S] * 4, {"lr": 0.0}),
    "adam_update": ([_S] * 4, {"lr": 0.1, "beta1": 0.0, "beta2": 0.0}),
    "_adamw_update": ([_S] * 4 + [(1,)], {"lr": 0.1, "eta": 1.0, "beta1": 0.0, "beta2": 0.0}),
    "_mp_adamw_update": ([_S] * 5 + [(1,)], {"lr": 0.0, "eta": 1.0}),
    "_contrib_adamw_update": ([_S] * 4, {"rescale_grad": 1.0, "lr": 0.1, "eta": 1.0, "beta1": 0.0, "beta2": 0.0}),
    "_contrib_mp_adamw_update": ([_S] * 5, {"rescale_grad": 1.0, "lr": 0.0, "eta": 1.0}),
    "_multi_adamw_update": ([_S] * 8 + [(1,)], {"lrs": (0.0, 0.0), "wds": (0.0, 0.0), "etas": (1.0, 1.0), "num_weights": 2}),
    "_multi_mp_adamw_update": ([_S] * 10 + [(1,)], {"lrs": (0.0, 0.0), "wds": (0.0, 0.0), "etas": (1.0, 1.0), "num_weights": 2}),
    "rmsprop_update": ([_S] * 3, {"lr": 0.1, "gamma1": 0.0}),
    "rmspropalex_update": ([_S] * 5, {"lr": 0.0, "gamma2": 0.0}),
    "ftml_update": ([_S] * 5, {"lr": 0.1, "t": 1, "beta1": 0.0, "beta2": 0.0}),
    "ftrl_update": ([_S] * 4, {"lr": 0.1, "lamda1": 1e30}),
    "signsgd_update": ([_S] * 2, {"lr": 0.1}),
    "signum_update": ([_S] * 3, {"lr": 0.1}),
    "lamb_update_phase1": ([_S] * 4, {"t": 1, "wd": 0.1, "beta1": 0.0, "beta2": 0.0}),
    "lamb_update_phase2": ([_S, _S, (1,), (1,)], {"lr": 0.1}),
    "mp_lamb_update_phase1": ([_S] * 5, {"t": 1, "wd": 0.1, "beta1": 0.0, "beta2": 0.0}),
    "mp_lamb_update_phase2": ([_S, _S, (1,), (1,), _S], {"lr": 0.1}),
    "_multi_lamb_update": ([_S] * 8, {"learning_rates": (0.0, 0.0), "wds": (0.0, 0.0), "step_count": (1, 1), "num_tensors": 2}),
    "_multi_mp_lamb_update": ([_S] * 10, {"learning_rates": (0.0, 0.0), "wds": (0.0, 0.0), "step_count": (1, 1), "num_tensors": 2}),
    "multi_sgd_update": ([_S] * 4, {"lrs": (0.1, 0.2), "wds": (0.0, 0.1), "num_weights": 2}),
    "multi_sgd_mom_update": ([_S] * 6, dict(_LRS)),
    "multi_mp_sgd_update": ([_S] * 6, dict(_LRS)),
    "multi_mp_sgd_mom_update": ([_S] * 8, dict(_LRS)),
    "preloaded_multi_sgd_update": ([_S] * 4 + [(2,), (2,)], {"num_weights": 2}),
    "preloaded_multi_sgd_mom_update": ([_S] * 6 + [(2,), (2,)], {"num_weights": 2}),
    # the learning rates and decays of preloaded forms are arrays (non-zero sample values), so the
    # master weights would move on each call: a NaN rescale_grad makes every call's output NaN
    "preloaded_multi_mp_sgd_update": ([_S] * 6 + [(2,), (2,)], {"num_weights": 2, "rescale_grad": "nan"}),
    "preloaded_multi_mp_sgd_mom_update": ([_S] * 8 + [(2,), (2,)], {"num_weights": 2, "rescale_grad": "nan"}),
    "multi_lars": ([(3,)] * 4, {"eta": 0.1, "eps": 1e-8}),
}

# mp_lamb_update_phase1 takes float16 weights and gradients only (MPLambPhaseOneType)
SAMPLE_DTYPES = {
    "mp_lamb_update_phase1": ("float16", "float16", "float32", "float32", "float32"),
}
