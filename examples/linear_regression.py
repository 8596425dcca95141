"""Linear regression with mx.autograd, MXNet 1.x style (only the import line differs from MXNet).

Fits y = X w + b on synthetic data by gradient descent and prints the learned parameters.
Run: python examples/linear_regression.py [--steps 200] [--ctx gpu]
"""
import argparse

import mxnd as mx


def main(steps=200, lr=0.1):
    mx.random.seed(42)
    true_w, true_b = mx.nd.array([[2.0], [-3.4]]), 4.2
    X = mx.nd.random.normal(shape=(1000, 2))
    y = mx.nd.dot(X, true_w) + true_b + 0.01 * mx.nd.random.normal(shape=(1000, 1))

    w = mx.nd.random.normal(scale=0.01, shape=(2, 1))
    b = mx.nd.zeros((1,))
    for param in (w, b):
        param.attach_grad()
    for step in range(steps):
        with mx.autograd.record():
            loss = mx.nd.mean(mx.nd.square(mx.nd.dot(X, w) + b - y)) / 2
        loss.backward()
        w[:] = w - lr * w.grad   # in place: the gradient buffer stays attached
        b[:] = b - lr * b.grad
        if step % 50 == 0 or step == steps - 1:
            print(f"step {step:4d}  loss {loss.asscalar():.6f}")
    print("learned w:", [round(float(v), 3) for v in w.asnumpy().ravel()], " b:", round(float(b.asscalar()), 3))
    return w, b


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu", help="device of the arrays")
    args = parser.parse_args()
    with mx.Context(args.ctx, 0):  # the default context of every array created in main
        main(args.steps)
