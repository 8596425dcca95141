"""Every operator marked ``differentiable`` passes a float64 finite-difference gradient check.

Sample inputs come from tests/op_samples (shapes and keywords); ``GRAD_DOMAIN`` there gives
an input range where an operator is smooth (default: values in [0.5, 1.5] with a different
offset per input, away from kinks of abs, max, mod ...).
"""
import numpy as np
import pytest
import samples

import mxnd as mx
from gradients import numeric_check
from mxnd.registry import REGISTRY

DIFFERENTIABLE = [s for s in REGISTRY.values() if s.differentiable]


SAMPLES, GRAD_DOMAIN = samples.load("SAMPLES"), samples.load("GRAD_DOMAIN")
FAMILY_KWARGS = {"scalar": {"scalar": 2.0}}


def function_of(spec):
    module = getattr(mx.nd, spec.namespace) if spec.namespace else mx.nd
    return getattr(module, spec.public_name)


@pytest.mark.parametrize("spec", DIFFERENTIABLE, ids=lambda s: s.name)
def test_gradient_matches_finite_differences(spec, ctx):
    shapes, kwargs = SAMPLES.get(spec.name, (None, None))
    shapes = shapes or [(2, 3)] * (2 if spec.variadic else spec.optional_inputs.count(False))
    kwargs = dict(FAMILY_KWARGS.get(spec.family, {}) if kwargs is None else kwargs)
    low, high = GRAD_DOMAIN.get(spec.name, (0.5, 1.5))
    rng = np.random.default_rng(0)
    arrays = [mx.nd.array(rng.uniform(low, high, size=shape) + 0.1 * i, dtype="float64", ctx=ctx)
              for i, shape in enumerate(shapes)]
    assert numeric_check(function_of(spec), *arrays, **kwargs)
