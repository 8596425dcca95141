"""A tour of mxnd.dl, MATLAB's dlarray in Python: labels, implicit expansion, indexing and
automatic differentiation (dlfeval/dlgradient), including a tiny custom training loop.

Run: python examples/dlarray_basics.py [--gpu]
"""
import argparse

import numpy as np

import mxnd as mx
from mxnd import dl


def model_loss(params, x, targets):
    """MATLAB: [loss, gradients] = dlfeval(@modelLoss, params, X, T)."""
    hidden = dl.tanh(params["w1"] @ x + params["b1"])
    y = params["w2"] @ hidden + params["b2"]
    loss = dl.mean((y - targets) ** 2, "all")
    return loss, dl.dlgradient(loss, params)


def main(gpu=False):
    place = dl.gpuArray if gpu else (lambda x: x)  # MATLAB: X = gpuArray(X)
    # labels and the canonical S, C, B, T, U order
    x = place(dl.dlarray(np.ones((2, 3, 2)), "SCB"))
    y = place(dl.dlarray([1, 2, 3], "C"))
    print(x * y)                      # 2(S) x 3(C) x 2(B): Z(i,j,k) = X(i,j,k) .* Y(j)
    images = place(dl.dlarray(np.random.rand(8, 3, 16, 16), "BCSS"))
    print("dims:", dl.dims(images), "size:", dl.size(images), "S dims:", dl.finddim(images, "S"))

    # the 'U' rule and MATLAB-style growth on assignment (0-based subscripts)
    grow = place(dl.dlarray(np.ones((2, 2)), "SC"))
    grow[:, :, 1] = 2
    print(grow)

    # dlfeval / dlgradient: the Rosenbrock example of MATLAB's documentation
    def rosenbrock(v):
        value = 100 * (v[1] - v[0] ** 2) ** 2 + (1 - v[0]) ** 2
        return value, dl.dlgradient(value, v)
    fval, gradval = dl.dlfeval(rosenbrock, place(dl.dlarray([-1.0, 2.0])))
    print("rosenbrock:", float(fval), gradval.asnumpy().tolist())

    # a custom training loop on a dict of learnables
    rng = np.random.default_rng(0)
    inputs = place(dl.dlarray(rng.uniform(-1, 1, size=(1, 64)), "CB"))
    targets = dl.sin(3 * inputs)
    params = {"w1": dl.dlarray(rng.normal(0, 1, (16, 1))), "b1": dl.dlarray(np.zeros((16, 1))),
              "w2": dl.dlarray(rng.normal(0, 0.3, (1, 16))), "b2": dl.dlarray(np.zeros((1, 1)))}
    params = {name: place(value) for name, value in params.items()}
    for step in range(301):
        loss, grads = dl.dlfeval(model_loss, params, dl.stripdims(inputs), dl.stripdims(targets))
        params = {name: params[name] - 0.2 * grads[name] for name in params}
        if step % 100 == 0:
            print(f"step {step}: loss {float(loss):.4f}")

    # interop with mx.nd: shared memory and mx.autograd
    array = mx.nd.array([[1, 2], [3, 4]], ctx=mx.gpu(0) if gpu else mx.cpu())
    array.attach_grad()
    with mx.autograd.record():
        total = dl.extractdata(dl.sum(dl.dlarray(array, "SC") ** 2, "all"))
    total.backward()
    print("mx.autograd through dl:", array.grad.asnumpy().tolist())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpu", action="store_true", help="the dlarrays on the GPU (gpuArray)")
    main(parser.parse_args().gpu)
