"""``mx.random``: one generator per device, ``seed`` (all devices or one), the accessor other
operators draw from, and MXNet's re-exported samplers."""
import subprocess
import sys

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.random import generator

_NO_GPU = mx.context.num_gpus() == 0
gpu_only = [pytest.mark.gpu, pytest.mark.skipif(_NO_GPU, reason="needs a CUDA GPU")]


def sample(ctx=None, size=6):
    return mx.nd.random.uniform(shape=size, ctx=ctx or mx.cpu()).asnumpy()


def test_same_seed_same_stream():
    mx.random.seed(123)
    first = [sample(), sample()]
    mx.random.seed(123)
    again = [sample(), sample()]
    np.testing.assert_array_equal(first[0], again[0])
    np.testing.assert_array_equal(first[1], again[1])
    assert not np.array_equal(first[0], first[1])
    mx.random.seed(124)
    assert not np.array_equal(sample(), first[0])


@pytest.mark.parametrize("value,same_as", [(np.int64(5), 5), (True, 1), (2 ** 32 + 5, 5), (-1, 2 ** 32 - 1)])
def test_seed_values_as_mxnet_reads_them(value, same_as):
    # MXNet passes the seed through a C int: np.integer and bool are ints, values wrap
    mx.random.seed(value)
    a = sample()
    mx.random.seed(same_as)
    np.testing.assert_array_equal(a, sample())


@pytest.mark.parametrize("value", [1.5, "1", None, np.float32(2)])
def test_seed_must_be_int(value):
    with pytest.raises(ValueError, match="seed_state must be int"):
        mx.random.seed(value)


def test_seed_does_not_touch_numpy():
    np.random.seed(0)
    expected = np.random.rand(3)
    np.random.seed(0)
    mx.random.seed(99)
    np.testing.assert_array_equal(np.random.rand(3), expected)


def test_one_generator_per_device():
    cpu = generator(mx.cpu())
    assert isinstance(cpu, torch.Generator) and cpu is not torch.default_generator
    assert generator("cpu") is generator(torch.device("cpu")) is generator(mx.cpu(3)) is cpu
    assert generator(mx.cpu_pinned(0)) is cpu
    assert generator() is cpu  # the current context
    with pytest.raises(mx.MXNetError):
        generator("meta")


def test_other_operators_follow_the_seed():
    # an operator of another family drawing with the accessor is reproducible under mx.random.seed
    mx.random.seed(7)
    a = torch.rand(4, generator=generator(torch.device("cpu")))
    mx.random.seed(7)
    b = torch.rand(4, generator=generator(torch.device("cpu")))
    assert torch.equal(a, b)


def test_seed_does_not_touch_torch():
    torch.manual_seed(0)
    expected = torch.rand(3)
    torch.manual_seed(0)
    mx.random.seed(99)
    sample()
    assert torch.equal(torch.rand(3), expected)


def test_seeding_a_context_seeds_that_device():
    mx.random.seed(3, ctx=mx.cpu())
    a = sample()
    mx.random.seed(3, ctx=mx.cpu(2))  # every cpu(i) is the one host device
    np.testing.assert_array_equal(a, sample())
    mx.random.seed(3, ctx="cpu")
    np.testing.assert_array_equal(a, sample())
    mx.random.seed(3)
    np.testing.assert_array_equal(a, sample())  # 'all' seeds the host with the value itself


@pytest.mark.skipif(not _NO_GPU, reason="checks the machine without a GPU")
def test_seeding_an_absent_gpu_does_nothing():
    mx.random.seed(8)
    expected = [sample(), sample()]
    mx.random.seed(8)
    first = sample()
    mx.random.seed(1, ctx=mx.gpu(0))  # MXNet: no error on a machine without that device
    np.testing.assert_array_equal(first, expected[0])
    np.testing.assert_array_equal(sample(), expected[1])


def test_fixed_start_state_like_mxnet():
    # MXNet's generators start from a fixed seed: a fresh process draws the same numbers
    code = "import mxnd as mx; print(mx.nd.random.uniform(shape=4).asnumpy().tolist())"
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
            for _ in range(2)]
    assert runs[0] == runs[1] and runs[0].startswith("[")


def test_samplers_are_reexported():
    names = ["uniform", "normal", "randn", "poisson", "exponential", "gamma", "multinomial",
             "negative_binomial", "generalized_negative_binomial", "shuffle", "randint"]
    for name in names:
        assert getattr(mx.random, name) is getattr(mx.nd.random, name)
    assert set(mx.random.__all__) == set(names) | {"seed", "generator"}
    assert not hasattr(mx.random, "uniform_like")  # as MXNet: re-exported before the *_like ops exist
    assert set(mx.nd.random.__all__) == set(names) | {n + "_like" for n in (
        "uniform", "normal", "gamma", "exponential", "poisson", "negative_binomial",
        "generalized_negative_binomial")}


# ---- GPU -------------------------------------------------------------------------------------

@pytest.mark.parametrize("unused", [pytest.param(0, marks=gpu_only)])
def test_gpu_generator_and_seed(unused):
    gpu = mx.gpu(0)
    assert generator(gpu) is generator(torch.device("cuda", 0)) is generator("cuda")
    assert generator(gpu).device == torch.device("cuda", 0)
    mx.random.seed(21)
    a = sample(gpu)
    mx.random.seed(21)
    np.testing.assert_array_equal(a, sample(gpu))
    mx.random.seed(21, ctx=gpu)  # device 0: the same state as seeding all
    np.testing.assert_array_equal(a, sample(gpu))


@pytest.mark.parametrize("unused", [pytest.param(0, marks=gpu_only)])
def test_seeding_one_device_leaves_the_other(unused):
    mx.random.seed(5)
    cpu_expected = [sample(), sample()]
    gpu_expected = [sample(mx.gpu(0)), sample(mx.gpu(0))]
    mx.random.seed(5)
    assert np.array_equal(sample(), cpu_expected[0])
    assert np.array_equal(sample(mx.gpu(0)), gpu_expected[0])
    mx.random.seed(77, ctx=mx.gpu(0))  # the host stream goes on undisturbed
    assert np.array_equal(sample(), cpu_expected[1])
    mx.random.seed(77, ctx=mx.cpu())  # and the GPU stream too
    mx.random.seed(5)
    sample(mx.gpu(0))
    mx.random.seed(9, ctx=mx.cpu())
    assert np.array_equal(sample(mx.gpu(0)), gpu_expected[1])
