"""Sparse logistic regression: CSR input, row_sparse gradients, lazy SGD updates (MXNet 1.x style).

Synthetic data: 2,000 samples of 10,000 features with 20 non-zeros each, labels from a hidden
sparse weight vector. The batches are CSRNDArrays (mx.io.NDArrayIter slices CSR data);
``weight.attach_grad(stype='row_sparse')`` makes ``dot(csr, weight)``'s gradient row_sparse,
so each ``sgd_update`` touches only the rows (features) present in the batch.
Run: python examples/sparse_logistic_regression.py [--epochs 5] [--ctx gpu]
"""
import argparse

import numpy as np

import mxnd as mx


def make_data(samples=2000, features=10000, per_row=20, seed=0):
    rng = np.random.RandomState(seed)
    indices = np.concatenate([np.sort(rng.choice(features, per_row, replace=False)) for _ in range(samples)])
    values = rng.uniform(0, 1, samples * per_row).astype(np.float32)
    indptr = np.arange(0, samples * per_row + 1, per_row)
    hidden = rng.normal(0, 1, features).astype(np.float32)
    scores = np.add.reduceat(values * hidden[indices], indptr[:-1])
    labels = (scores > 0).astype(np.float32)
    data = mx.nd.sparse.csr_matrix((values, indices, indptr), shape=(samples, features))
    return data, mx.nd.array(labels)


def main(epochs=5, batch_size=100, lr=2.0):
    data, labels = make_data()
    features = data.shape[1]
    weight = mx.nd.zeros((features, 1))
    bias = mx.nd.zeros((1,))
    weight.attach_grad(stype="row_sparse")
    bias.attach_grad()
    train = mx.io.NDArrayIter(data, labels, batch_size, last_batch_handle="discard")
    for epoch in range(epochs):
        train.reset()
        total, correct, count = 0.0, 0.0, 0
        for batch in train:
            ctx = weight.context  # the iterator's batches live on the host
            x, y = batch.data[0].as_in_context(ctx), batch.label[0].reshape((-1, 1)).as_in_context(ctx)
            with mx.autograd.record():
                p = mx.nd.sigmoid(mx.nd.sparse.dot(x, weight) + bias)
                loss = -(y * mx.nd.log(p + 1e-7) + (1 - y) * mx.nd.log(1 - p + 1e-7))
            loss.backward()
            mx.nd.sgd_update(weight, weight.grad, lr=lr, rescale_grad=1.0 / batch_size, out=weight)
            mx.nd.sgd_update(bias, bias.grad, lr=lr, rescale_grad=1.0 / batch_size, out=bias)
            total += loss.sum().asscalar()
            correct += ((p > 0.5) == y).sum().asscalar()
            count += y.shape[0]
        print(f"epoch {epoch}: loss {total / count:.4f}  train accuracy {correct / count:.4f}  "
              f"gradient storage {weight.grad.stype}")
    return correct / count


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu", help="device of the arrays")
    args = parser.parse_args()
    with mx.Context(args.ctx, 0):  # the default context of the parameters created in main
        main(args.epochs)
