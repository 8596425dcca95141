"""dlfeval / dlgradient: MATLAB's rules, higher derivatives, containers, errors, numerical checks
in float64, and dlarrays under mx.autograd (spec §3)."""
import dataclasses

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl


def rosenbrock(x):
    y = 100 * (x[1] - x[0] ** 2) ** 2 + (1 - x[0]) ** 2
    return y, dl.dlgradient(y, x)


def test_rosenbrock_documented_example(ctx):
    x0 = dl.dlarray(mx.nd.array([-1, 2], ctx=ctx))
    fval, gradval = dl.dlfeval(rosenbrock, x0)
    assert float(fval) == 104.0
    assert gradval.asnumpy().tolist() == [396.0, 200.0]
    assert gradval.context == ctx and gradval.fmt == "" and gradval.shape == (2,)
    assert not fval.data.requires_grad and not gradval.data.requires_grad  # outputs untraced


def test_gradient_has_the_format_size_and_type_of_x():
    def loss(x):
        return dl.dlgradient(dl.sum(x * x, "all"), x)
    x = dl.dlarray(np.arange(6, dtype=np.float32).reshape(3, 2), "CB")
    grad = dl.dlfeval(loss, x)
    assert grad.fmt == "CB" and grad.shape == (3, 2) and grad.data.dtype is torch.float32
    np.testing.assert_array_equal(grad.asnumpy(), 2 * x.asnumpy())


def test_several_variables_and_unused_variable_gets_zeros():
    def loss(a, b, c):
        y = dl.sum(a * b, "all")
        return dl.dlgradient(y, a, b, c)
    a, b, c = dl.dlarray([1.0, 2.0]), dl.dlarray([3.0, 4.0]), dl.dlarray([5.0, 6.0], "C")
    ga, gb, gc = dl.dlfeval(loss, a, b, c)
    assert ga.asnumpy().tolist() == [3.0, 4.0] and gb.asnumpy().tolist() == [1.0, 2.0]
    assert gc.fmt == "CU" and gc.asnumpy().tolist() == [[0.0], [0.0]]


def test_gradients_of_containers_keep_their_structure():
    def loss(params, x):
        hidden = dl.tanh(params["w"] @ x + params["b"])
        y = dl.sum(hidden * params["layers"][0], "all") + dl.sum(params["layers"][1][0] ** 2, "all")
        return y, dl.dlgradient(y, params)
    params = {"w": dl.dlarray(np.array([[0.1, -0.2], [0.3, 0.4]])),
              "b": dl.dlarray(np.array([[0.5], [-0.5]])),
              "layers": [dl.dlarray(np.array([[1.0], [2.0]])), (dl.dlarray(np.array([3.0])),)]}
    x = dl.dlarray(np.array([[1.0], [2.0]]))
    value, grads = dl.dlfeval(loss, params, x)
    assert set(grads) == {"w", "b", "layers"} and isinstance(grads["layers"][1], tuple)
    w, b = params["w"].asnumpy(), params["b"].asnumpy()
    pre = w @ x.asnumpy() + b
    scale = np.array([[1.0], [2.0]])
    dpre = scale * (1 - np.tanh(pre) ** 2)
    np.testing.assert_allclose(grads["w"].asnumpy(), dpre @ x.asnumpy().T, rtol=1e-12)
    np.testing.assert_allclose(grads["b"].asnumpy(), dpre, rtol=1e-12)
    np.testing.assert_allclose(grads["layers"][0].asnumpy(), np.tanh(pre), rtol=1e-12)
    assert grads["layers"][1][0].asnumpy().tolist() == [6.0]
    np.testing.assert_allclose(float(value), float(np.sum(np.tanh(pre) * scale) + 9.0), rtol=1e-12)


def test_dataclass_of_learnables():
    @dataclasses.dataclass
    class Layer:
        weight: object
        bias: object
        name: str = "fc"

    def loss(layer, x):
        y = dl.sum(layer.weight * x + layer.bias, "all")
        return dl.dlgradient(y, layer)
    grads = dl.dlfeval(loss, Layer(dl.dlarray([1.0, 2.0]), dl.dlarray([0.5])), dl.dlarray([3.0, 4.0]))
    assert isinstance(grads, Layer) and grads.name == "fc"
    assert grads.weight.asnumpy().tolist() == [3.0, 4.0] and grads.bias.asnumpy().tolist() == [2.0]


def test_higher_derivatives():
    def derivatives(x):
        y = dl.sum(x ** 3, "all")
        first = dl.dlgradient(y, x, enable_higher_derivatives=True)
        second = dl.dlgradient(dl.sum(first, "all"), x)
        return first, second
    first, second = dl.dlfeval(derivatives, dl.dlarray([1.0, 2.0, -3.0], "C"))
    assert first.asnumpy().ravel().tolist() == [3.0, 12.0, 27.0]
    assert second.asnumpy().ravel().tolist() == [6.0, 12.0, -18.0]
    assert first.fmt == "CU" and not first.data.requires_grad


def test_gradient_penalty_style_use_with_matlab_option_names():
    def penalty(x):
        y = dl.sum(dl.sin(x) * x, "all")
        g = dl.dlgradient(y, x, EnableHigherDerivatives=True)
        norm = dl.sum(g ** 2, "all")
        return dl.dlgradient(norm, x)
    x = np.array([0.3, -1.1])
    grad = dl.dlfeval(penalty, dl.dlarray(x))
    first = np.sin(x) + x * np.cos(x)
    second = 2 * np.cos(x) - x * np.sin(x)
    np.testing.assert_allclose(grad.asnumpy(), 2 * first * second, rtol=1e-12)


def test_retain_data_allows_a_second_gradient_and_release_errors():
    def twice(x, retain):
        y = dl.sum(dl.exp(x), "all")
        dl.dlgradient(y, x, retain_data=retain)
        return dl.dlgradient(y, x)
    x = dl.dlarray([0.0, 1.0])
    np.testing.assert_allclose(dl.dlfeval(twice, x, True).asnumpy(), [1.0, np.e])
    with pytest.raises(RuntimeError, match="dlgradient: the trace of this value was released"):
        dl.dlfeval(twice, x, False)
    retained = dl.dlfeval(lambda v: (lambda y: (dl.dlgradient(y, v, RetainData=True),
                                                dl.dlgradient(y, v)))(dl.sum(v * 2, "all")), x)
    assert retained[1].asnumpy().tolist() == [2.0, 2.0]


def test_dlgradient_errors():
    with pytest.raises(RuntimeError, match="dlgradient must be called inside a function evaluated by dlfeval"):
        dl.dlgradient(dl.dlarray(1.0), dl.dlarray(1.0))
    with pytest.raises(ValueError, match="must be a traced real dlarray scalar, got a dlarray of size 2x1"):
        dl.dlfeval(lambda x: dl.dlgradient(x * 2, x), dl.dlarray(np.ones((2, 1))))
    with pytest.raises(ValueError, match="Value to differentiate is not traced"):
        dl.dlfeval(lambda x: dl.dlgradient(dl.dlarray(3.0), x), dl.dlarray(1.0))
    with pytest.raises(TypeError, match="Value to differentiate must be a dlarray"):
        dl.dlfeval(lambda x: dl.dlgradient(3.0, x), dl.dlarray(1.0))
    with pytest.raises(ValueError, match="underlying type"):
        dl.dlfeval(lambda x: dl.dlgradient(dl.sum(dl.complex(x, x), "all"), x), dl.dlarray(1.0))
    with pytest.raises(ValueError, match="specify at least one variable"):
        dl.dlfeval(lambda x: dl.dlgradient(dl.sum(x, "all")), dl.dlarray(1.0))
    with pytest.raises(TypeError, match="dlfeval: the first argument must be a function"):
        dl.dlfeval(3, dl.dlarray(1.0))


def test_extractdata_cuts_the_trace():
    def loss(x):
        y = dl.sum(x * dl.dlarray(dl.extractdata(x)), "all")  # the second factor is a constant
        return dl.dlgradient(y, x)
    grad = dl.dlfeval(loss, dl.dlarray([2.0, 3.0]))
    assert grad.asnumpy().tolist() == [2.0, 3.0]


def test_operations_outside_dlfeval_build_no_graph():
    x = dl.dlarray(torch.ones(2, requires_grad=True))
    assert not (x * 2).data.requires_grad


# numerical checks in float64 of the gradients of the differentiable dl functions
GRADCHECK = {
    "unary": lambda x: dl.sum(dl.tanh(x) * dl.exp(x) + dl.sin(x) * dl.atan(x) + dl.sqrt(x * x + 1)
                              + dl.acot(x + 3) + dl.sec(x) + dl.csc(x + 3) + dl.cot(x + 3), "all"),
    "binary": lambda x: dl.sum(dl.atan2(x, x + 2) + dl.power(x + 3, x) + dl.realpow(x + 3, 2)
                               + dl.max(x, x * 0.5) + x / (x + 4), "all"),
    "reductions": lambda x: dl.sum(dl.prod(x + 2, 0) * dl.mean(x, "S"), "all") + dl.sum(dl.max(x, [], 1)[0], "all"),
    "shape": lambda x: dl.sum(dl.reshape(x, 2, 6, order="F") @ dl.ones(6, 1, like=x), "all")
    + dl.sum(dl.cat(1, x, x * 2) ** 2, "all") + dl.sum(dl.permute(x, (1, 0, 2)) * dl.permute(x, (1, 0, 2)) ** 2, "all"),
    "indexing": lambda x: dl.sum(x[0:1, :, :] * x[1:2, :, :], "all") + dl.sum(x[1], "all"),
    "interp1": lambda x: dl.sum(dl.interp1(dl.dlarray(np.array([0.0, 1.0, 2.0])), dl.stripdims(x)[:, 0, 0],
                                           np.array([0.25, 1.5])) ** 2, "all") + dl.sum(x, "all"),
    "fft": lambda x: dl.sum(dl.abs(dl.fft(dl.stripdims(x), None, 2)) ** 2, "all")
    + dl.sum(dl.ifft(dl.fft(dl.stripdims(x), None, 2), None, 2, "symmetric") * x, "all"),
    "pagemtimes": lambda x: dl.sum(dl.pagemtimes(dl.stripdims(x), "transpose", dl.stripdims(x), "none"), "all"),
}


@pytest.mark.parametrize("name", sorted(GRADCHECK))
def test_gradients_match_finite_differences(name, ctx):
    fn = GRADCHECK[name]
    rng = np.random.default_rng(0)
    data = rng.uniform(0.2, 0.9, size=(3, 2, 2) if name == "interp1" else (2, 3, 2))
    fmt = "SSC" if name in ("shape",) else "SCB"

    def value_and_gradient(x):
        y = fn(x)
        return y, dl.dlgradient(y, x)
    value, grad = dl.dlfeval(value_and_gradient, dl.dlarray(mx.nd.array(data, ctx=ctx, dtype="float64"), fmt))
    assert grad.context == ctx
    numeric = np.zeros_like(data)
    step = 1e-6
    for index in np.ndindex(data.shape):
        plus, minus = data.copy(), data.copy()
        plus[index] += step
        minus[index] -= step
        numeric[index] = (float(fn(dl.dlarray(plus, fmt))) - float(fn(dl.dlarray(minus, fmt)))) / (2 * step)
    np.testing.assert_allclose(grad.asnumpy(), numeric, rtol=1e-5, atol=1e-7)
    assert grad.data.dtype is torch.float64


def test_torch_gradcheck_of_a_formatted_expansion():
    def fn(a, b):
        x, y = dl.dlarray(a, "SCB"), dl.dlarray(b, "SSCT")
        return (x * y + dl.atan2(x, y)).data
    a = torch.rand(2, 3, 2, dtype=torch.float64, requires_grad=True)
    b = torch.rand(2, 2, 3, 2, dtype=torch.float64, requires_grad=True)
    with mx.autograd.record():  # mx.autograd keeps torch's graph for dlarray operations
        assert torch.autograd.gradcheck(fn, (a, b))


def test_dlarrays_work_with_mx_autograd(ctx):
    x = mx.nd.array([[1, 2], [3, 4]], ctx=ctx)
    x.attach_grad()
    with mx.autograd.record():
        d = dl.dlarray(x, "CS")  # stored transposed
        y = dl.sum(d * d * dl.dlarray(np.array([[1.0, 10.0]]), "SC"), "all")
        z = dl.extractdata(y)
    z.backward()
    np.testing.assert_allclose(x.grad.asnumpy(), [[2.0, 4.0], [60.0, 80.0]])
    assert x.grad.context == ctx


def test_nested_dlfeval_keeps_the_outer_trace():
    def inner(x):
        return dl.sum(x * x, "all")

    def outer(x):
        y = dl.dlfeval(inner, x) * 3
        return dl.dlgradient(y, x)
    assert dl.dlfeval(outer, dl.dlarray([1.0, 2.0])).asnumpy().tolist() == [6.0, 12.0]
