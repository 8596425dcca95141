"""mxnd's main job: train a LeNet-style CNN on scikit-learn's handwritten digits, MXNet 1.x style.

The model and the loop use only ``mx.nd``, ``mx.autograd``, ``mx.init``, ``mx.optimizer``,
``mx.io`` and ``mx.metric``, exactly as an MXNet 1.x script would. The trained parameters are
saved as an MXNet ``.params`` file (``arg:`` names, loadable by MXNet 1.9.1) and the learning
curves as a PNG.

Run: ``mxnd-demo`` or ``python -m mxnd.demo [--epochs 10] [--ctx cpu|gpu] [--api nd|dl] [--out DIR]``
(needs the ``demo`` extra: ``pip install "mxnd[demo]"``).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

import mxnd as mx

# name -> shape of every learnable, in MXNet's checkpoint naming
PARAM_SHAPES = {
    "conv1_weight": (16, 1, 3, 3), "conv1_bias": (16,),
    "conv2_weight": (32, 16, 3, 3), "conv2_bias": (32,),
    "fc1_weight": (128, 128), "fc1_bias": (128,),
    "fc2_weight": (10, 128), "fc2_bias": (10,),
}


def load_digits(seed):
    """scikit-learn's 8x8 digits (1797 images, no download) as float32 (N, 1, 8, 8) in [0, 1],
    split 80/20 into train and test, stratified."""
    from sklearn.datasets import load_digits as sklearn_digits
    from sklearn.model_selection import train_test_split

    digits = sklearn_digits()
    images = (digits.images / 16.0).astype(np.float32)[:, None]
    labels = digits.target.astype(np.float32)
    return train_test_split(images, labels, test_size=0.2, random_state=seed, stratify=labels)


def init_params(ctx):
    """Xavier-initialized weights and zero biases, each with a gradient buffer."""
    initializer = mx.init.Xavier(rnd_type="gaussian", factor_type="in", magnitude=2)
    params = {}
    for name, shape in PARAM_SHAPES.items():
        array = mx.nd.zeros(shape, ctx=ctx)
        initializer(mx.init.InitDesc(name), array)
        array.attach_grad()
        params[name] = array
    return params


def forward(params, x):
    """LeNet-style: two conv-relu-maxpool stages, then two FullyConnected layers (logits)."""
    p = params
    h = mx.nd.Convolution(x, p["conv1_weight"], p["conv1_bias"], kernel=(3, 3), pad=(1, 1), num_filter=16)
    h = mx.nd.Pooling(mx.nd.relu(h), kernel=(2, 2), stride=(2, 2), pool_type="max")
    h = mx.nd.Convolution(h, p["conv2_weight"], p["conv2_bias"], kernel=(3, 3), pad=(1, 1), num_filter=32)
    h = mx.nd.Pooling(mx.nd.relu(h), kernel=(2, 2), stride=(2, 2), pool_type="max")
    h = mx.nd.relu(mx.nd.FullyConnected(h, p["fc1_weight"], p["fc1_bias"], num_hidden=128))
    return mx.nd.FullyConnected(h, p["fc2_weight"], p["fc2_bias"], num_hidden=10)


def evaluate(params, data_iter):
    """Accuracy and cross-entropy of the model over ``data_iter``."""
    accuracy, loss = mx.metric.Accuracy(), mx.metric.CrossEntropy()
    data_iter.reset()
    for batch in data_iter:
        probs = mx.nd.softmax(forward(params, batch.data[0]))
        keep = probs.shape[0] - batch.pad
        labels, probs = [batch.label[0][:keep]], [probs[:keep]]
        accuracy.update(labels, probs)
        loss.update(labels, probs)
    return accuracy.get()[1], loss.get()[1]


def train(args, progress=True):
    """Train and return ``(params, history)``; history holds per-epoch losses and accuracies."""
    if args.ctx == "gpu" and mx.context.num_gpus() == 0:
        raise SystemExit("mxnd-demo: --ctx gpu asked for, but no CUDA device is available")
    mx.random.seed(args.seed)
    np.random.seed(args.seed)
    data = load_digits(args.seed)
    history = {"train_loss": [], "train_acc": [], "test_loss": [], "test_acc": []}
    bar = _progress_bar(args.epochs * (len(data[0]) // args.batch_size), progress)
    try:
        if args.api == "dl":
            from . import demo_dl
            params = demo_dl.train(args, data, bar, history)
        else:
            params = _train_nd(args, data, bar, history)
    finally:
        bar.close()
    return params, history


def _train_nd(args, data, bar, history):
    """The MXNet 1.x loop: NDArrayIter batches, record/backward, an Updater, metrics."""
    ctx = mx.gpu(0) if args.ctx == "gpu" else mx.cpu()
    train_x, test_x, train_y, test_y = data
    as_nd = lambda a: mx.nd.array(a, ctx=ctx)  # noqa: E731
    train_iter = mx.io.NDArrayIter(as_nd(train_x), as_nd(train_y), args.batch_size, shuffle=True,
                                   last_batch_handle="discard")
    test_iter = mx.io.NDArrayIter(as_nd(test_x), as_nd(test_y), 256)
    params = init_params(ctx)
    optimizer = mx.optimizer.create("adam", learning_rate=args.lr, wd=1e-4, rescale_grad=1.0 / args.batch_size)
    updater = mx.optimizer.get_updater(optimizer)
    names = list(params)
    for epoch in range(args.epochs):
        train_iter.reset()
        accuracy, loss = mx.metric.Accuracy(), mx.metric.CrossEntropy()
        for batch in train_iter:
            data_batch, label = batch.data[0], batch.label[0]
            with mx.autograd.record():
                probs = mx.nd.SoftmaxOutput(forward(params, data_batch), label)
            probs.backward()
            for index, name in enumerate(names):
                updater(index, params[name].grad, params[name])
            accuracy.update([label], [probs])
            loss.update([label], [probs])
            bar.update(1)
        test_acc, test_loss = evaluate(params, test_iter)
        for key, value in zip(history, (loss.get()[1], accuracy.get()[1], test_loss, test_acc)):
            history[key].append(float(value))
        bar.write(f"epoch {epoch + 1:2d}: train loss {history['train_loss'][-1]:.4f} "
                  f"acc {history['train_acc'][-1]:.4f} | test loss {test_loss:.4f} acc {test_acc:.4f}")
    return params


class _NoBar:
    """The part of tqdm's interface the loop uses, for --quiet or when tqdm is missing."""

    def update(self, n):
        pass

    def write(self, text):
        print(text)

    def close(self):
        pass


def _progress_bar(total, enabled):
    if not enabled:
        return _NoBar()
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, unit="batch", desc="training", file=sys.stdout)


def save_outputs(params, history, out_dir, epochs):
    """The parameters as ``digits-lenet-NNNN.params`` (MXNet's checkpoint names; with --api dl the
    arrays keep the dlarray learnables' MATLAB layouts) and the curves as PNG."""
    os.makedirs(out_dir, exist_ok=True)
    params_path = os.path.join(out_dir, f"digits-lenet-{epochs:04d}.params")
    mx.nd.save(params_path, {f"arg:{name}": array for name, array in params.items()})
    plot_path = os.path.join(out_dir, "learning_curves.png")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return params_path, None
    epochs_axis = range(1, len(history["train_loss"]) + 1)
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for key, label in (("train_loss", "train"), ("test_loss", "test")):
        left.plot(epochs_axis, history[key], marker="o", label=label)
    for key, label in (("train_acc", "train"), ("test_acc", "test")):
        right.plot(epochs_axis, history[key], marker="o", label=label)
    left.set(title="cross-entropy", xlabel="epoch")
    right.set(title="accuracy", xlabel="epoch")
    left.legend()
    right.legend()
    figure.tight_layout()
    temporary = plot_path + ".tmp.png"
    figure.savefig(temporary, dpi=100)
    plt.close(figure)
    os.replace(temporary, plot_path)
    return params_path, plot_path


def parse_args(argv=None):
    parser = argparse.ArgumentParser(prog="mxnd-demo", description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=0.003, help="Adam's learning rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu")
    parser.add_argument("--api", choices=("nd", "dl"), default="nd",
                        help="write the model with mx.nd (MXNet 1.x) or with mxnd.dl (MATLAB's dlarray functions)")
    parser.add_argument("--out", default="mxnd-demo-output", help="folder for the .params file and the PNG")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--min-accuracy", type=float, default=None,
                        help="exit with status 1 if the final test accuracy is below this")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    start = time.perf_counter()
    params, history = train(args, progress=not args.quiet)
    seconds = time.perf_counter() - start
    params_path, plot_path = save_outputs(params, history, args.out, args.epochs)
    accuracy = history["test_acc"][-1]
    print(f"test accuracy {accuracy:.4f} after {args.epochs} epochs in {seconds:.1f} s on {args.ctx} "
          f"(api {args.api})")
    print(f"parameters: {params_path}" + (f"\nlearning curves: {plot_path}" if plot_path else ""))
    if args.min_accuracy is not None and accuracy < args.min_accuracy:
        print(f"test accuracy {accuracy:.4f} is below --min-accuracy {args.min_accuracy}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
