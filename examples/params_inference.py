"""Load an MXNet 1.x checkpoint (.params) and run inference, as an MXNet 1.x script would.

examples/data/digits-mlp-0000.params was trained and saved by the real MXNet 1.9.1
(tools/make_example_params.py); mxnd loads it with mx.nd.load, keeps MXNet's ``arg:``/``aux:``
names, and predicts the test digits with the same results MXNet recorded.
Run: python examples/params_inference.py [path/to/model-0000.params] [--ctx gpu]
"""
import argparse
import json
import os

import numpy as np

import mxnd as mx

HERE = os.path.dirname(os.path.abspath(__file__))


def test_split():
    """Every fifth scikit-learn digit, scaled to [0, 1] (the split the model was not trained on)."""
    from sklearn.datasets import load_digits

    digits = load_digits()
    test = np.arange(len(digits.target)) % 5 == 0
    return (digits.data[test] / 16.0).astype(np.float32), digits.target[test]


def predict(params, x):
    h = mx.nd.relu(mx.nd.FullyConnected(x, params["arg:fc1_weight"], params["arg:fc1_bias"], num_hidden=64))
    logits = mx.nd.FullyConnected(h, params["arg:fc2_weight"], params["arg:fc2_bias"], num_hidden=10)
    return logits.argmax(axis=1).asnumpy().astype(int)


def main(path=os.path.join(HERE, "data", "digits-mlp-0000.params"), ctx=mx.cpu()):
    params = {name: array.as_in_context(ctx) for name, array in mx.nd.load(path).items()}
    print("loaded", {name: array.shape for name, array in params.items()})
    x, y = test_split()
    predicted = predict(params, mx.nd.array(x, ctx=ctx))
    accuracy = float((predicted == y).mean())
    print(f"test accuracy {accuracy:.4f} on {len(y)} digits")
    reference = os.path.join(os.path.dirname(path), "digits-mlp.json")
    if os.path.exists(reference):
        with open(reference) as handle:
            recorded = json.load(handle)
        same = predicted.tolist() == recorded["predicted"]
        print(f"predictions identical to {recorded['written_by']}'s: {same}")
    return accuracy


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=os.path.join(HERE, "data", "digits-mlp-0000.params"))
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu", help="device of the arrays")
    args = parser.parse_args()
    main(args.path, mx.Context(args.ctx, 0))
