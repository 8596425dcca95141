"""A MATLAB-style custom training loop with mxnd.dl on the handwritten digits that scikit-learn ships.

The MATLAB original would read:

    function Y = model(parameters, X)
        Y = dlconv(X, parameters.conv_W, parameters.conv_b, Padding="same");
        Y = batchnorm(Y, parameters.bn_offset, parameters.bn_scale);   % (training statistics)
        Y = relu(Y);
        Y = maxpool(Y, 2, Stride=2);
        Y = fullyconnect(Y, parameters.fc_W, parameters.fc_b);
        Y = softmax(Y);
    end
    function [loss, gradients] = modelLoss(parameters, X, T)
        Y = model(parameters, X);
        loss = crossentropy(Y, T);
        gradients = dlgradient(loss, parameters);
    end
    ...
    [loss, gradients] = dlfeval(@modelLoss, parameters, X, T);
    [parameters, averageGrad, averageSqGrad] = adamupdate(parameters, gradients, averageGrad, averageSqGrad, iteration);

Run: python examples/dlarray_training.py [--iterations N] [--gpu] ; prints the final test accuracy.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from mxnd import dl


def initialize(rng, filters=16, classes=10):
    """Learnables as a dict of dlarrays (MATLAB: a struct), Glorot-initialized."""
    def glorot(shape, fan_in, fan_out):
        bound = np.sqrt(6.0 / (fan_in + fan_out))
        return dl.dlarray(rng.uniform(-bound, bound, shape).astype(np.float32))
    return {
        "conv_W": glorot((3, 3, 1, filters), 9, 9 * filters),          # filterSize x channels x filters
        "conv_b": dl.dlarray(np.zeros(filters, np.float32)),
        "bn_offset": dl.dlarray(np.zeros(filters, np.float32)),
        "bn_scale": dl.dlarray(np.ones(filters, np.float32)),
        "fc_W": glorot((classes, 4 * 4 * filters), 4 * 4 * filters, classes),  # outputSize x inputSize
        "fc_b": dl.dlarray(np.zeros(classes, np.float32)),
    }


def model(parameters, x, state=None):
    """The network; with ``state`` (running statistics) batchnorm runs in inference mode."""
    y = dl.dlconv(x, parameters["conv_W"], parameters["conv_b"], padding="same")
    if state is None:
        y, mu, sigma_sq = dl.batchnorm(y, parameters["bn_offset"], parameters["bn_scale"])
    else:
        y = dl.batchnorm(y, parameters["bn_offset"], parameters["bn_scale"], state["mu"], state["sigma_sq"])
    y = dl.relu(y)
    y = dl.maxpool(y, 2, stride=2)
    y = dl.fullyconnect(y, parameters["fc_W"], parameters["fc_b"])
    return dl.softmax(y)


def model_loss(parameters, x, targets):
    """MATLAB modelLoss: the loss and its gradients with respect to every learnable."""
    y = model(parameters, x)
    loss = dl.crossentropy(y, targets)
    gradients = dl.dlgradient(loss, parameters)
    return loss, gradients


def running_statistics(parameters, images):
    """Batch-norm statistics of the whole training set (``images``: an 'SSCB' dlarray), for inference."""
    x = dl.dlconv(images, parameters["conv_W"], parameters["conv_b"], padding="same")
    _, mu, sigma_sq = dl.batchnorm(x, parameters["bn_offset"], parameters["bn_scale"])
    return {"mu": mu, "sigma_sq": sigma_sq}


def load_digits(seed):
    from sklearn.datasets import load_digits as sklearn_digits
    digits = sklearn_digits()
    images = (digits.images / 16.0).astype(np.float32)         # 1797 x 8 x 8, values in [0, 1]
    labels = digits.target
    order = np.random.default_rng(seed).permutation(len(labels))
    split = int(0.8 * len(labels))
    train, test = order[:split], order[split:]
    # MATLAB layout: H x W x C x N ('SSCB')
    to_sscb = lambda idx: np.ascontiguousarray(images[idx].transpose(1, 2, 0)[:, :, None, :])  # noqa: E731
    return to_sscb(train), labels[train], to_sscb(test), labels[test]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--learn-rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--gpu", action="store_true", help="data and learnables on the GPU (gpuArray)")
    args = parser.parse_args(argv)
    place = dl.gpuArray if args.gpu else (lambda x: x)  # MATLAB: X = gpuArray(X)

    x_train, y_train, x_test, y_test = load_digits(args.seed)
    rng = np.random.default_rng(args.seed)
    parameters = {name: place(value) for name, value in initialize(rng).items()}
    average_grad = average_sq_grad = None
    one_hot = np.eye(10, dtype=np.float32)
    started = time.perf_counter()
    count = y_train.shape[0]
    for iteration in range(1, args.iterations + 1):
        batch = rng.choice(count, args.batch_size, replace=False)
        x = place(dl.dlarray(x_train[:, :, :, batch], "SSCB"))
        targets = place(dl.dlarray(one_hot[y_train[batch]].T, "CB"))
        loss, gradients = dl.dlfeval(model_loss, parameters, x, targets)
        parameters, average_grad, average_sq_grad = dl.adamupdate(parameters, gradients, average_grad,
                                                                  average_sq_grad, iteration, args.learn_rate)
        if iteration % 100 == 0 or iteration == args.iterations:
            print(f"iteration {iteration:4d}  loss {float(loss):.4f}")
    state = running_statistics(parameters, place(dl.dlarray(x_train, "SSCB")))
    scores = model(parameters, place(dl.dlarray(x_test, "SSCB")), state)
    predicted = dl.gather(dl.onehotdecode(scores, np.arange(10), 0, "double"))       # MATLAB: onehotdecode(Y, classes, 1)
    accuracy = float(np.mean(np.asarray(predicted).reshape(-1) == y_test))
    print(f"trained {args.iterations} iterations in {time.perf_counter() - started:.1f} s")
    print(f"test accuracy: {accuracy:.4f}")
    return accuracy


if __name__ == "__main__":
    main()
