"""Train a small MLP on scikit-learn's digits with the REAL MXNet 1.9.1 and save it as an MXNet
checkpoint, for examples/params_inference.py (the MXNet -> mxnd direction of .params files).

Run ONLY in the reference venv (with scikit-learn): ``/tmp/mxvenv/bin/python tools/make_example_params.py``.
Writes examples/data/digits-mlp-0000.params (``arg:`` names, as Module.save_checkpoint does) and
examples/data/digits-mlp.json (MXNet's test accuracy and predicted classes on the test split).
"""
import json
import os

import mxnet as mx
import numpy as np
from sklearn.datasets import load_digits

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "data")


def split():
    """Every fifth image is a test image (the same split in examples/params_inference.py)."""
    digits = load_digits()
    x, y = (digits.data / 16.0).astype(np.float32), digits.target.astype(np.float32)
    test = np.arange(len(y)) % 5 == 0
    return x[~test], x[test], y[~test], y[test]


def forward(params, x):
    h = mx.nd.relu(mx.nd.FullyConnected(x, params["arg:fc1_weight"], params["arg:fc1_bias"], num_hidden=64))
    return mx.nd.FullyConnected(h, params["arg:fc2_weight"], params["arg:fc2_bias"], num_hidden=10)


def main():
    mx.random.seed(0)
    np.random.seed(0)
    train_x, test_x, train_y, test_y = split()
    params = {"arg:fc1_weight": mx.nd.random.normal(0, 0.1, (64, 64)), "arg:fc1_bias": mx.nd.zeros(64),
              "arg:fc2_weight": mx.nd.random.normal(0, 0.1, (10, 64)), "arg:fc2_bias": mx.nd.zeros(10)}
    for p in params.values():
        p.attach_grad()
    for epoch in range(30):
        order = np.random.permutation(len(train_x))
        for start in range(0, len(order), 32):
            idx = order[start:start + 32]
            x, y = mx.nd.array(train_x[idx]), mx.nd.array(train_y[idx])
            with mx.autograd.record():
                out = mx.nd.SoftmaxOutput(forward(params, x), y, normalization="batch")
            out.backward()
            for p in params.values():
                mx.nd.sgd_update(p, p.grad, lr=0.5, out=p)
    predicted = forward(params, mx.nd.array(test_x)).argmax(axis=1).asnumpy().astype(int)
    accuracy = float((predicted == test_y).mean())
    os.makedirs(OUT, exist_ok=True)
    mx.nd.save(os.path.join(OUT, "digits-mlp-0000.params"), params)
    with open(os.path.join(OUT, "digits-mlp.json"), "w") as handle:
        json.dump({"written_by": f"mxnet {mx.__version__}", "test_accuracy": accuracy,
                   "predicted": predicted.tolist()}, handle)
    print(f"test accuracy {accuracy:.4f}")


if __name__ == "__main__":
    main()
