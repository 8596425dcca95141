"""``mxnd-demo --api dl``: the demo's LeNet-style CNN written with mxnd.dl, MATLAB style.

The same network as mxnd.demo (conv 16, max pool, conv 32, max pool, fully connected 128 and
10), as a MATLAB user writes it: learnables in a dict of dlarrays (MATLAB layouts: filters are
height x width x channels x filters), ``modelLoss`` with ``dlgradient``, ``dlfeval`` and
``adamupdate``. Images are 'SSCB' dlarrays.
"""
from __future__ import annotations

import numpy as np

from . import dl

LEARNABLE_SHAPES = {  # MATLAB layouts
    "conv1_W": (3, 3, 1, 16), "conv1_b": (16,),
    "conv2_W": (3, 3, 16, 32), "conv2_b": (32,),
    "fc1_W": (128, 128), "fc1_b": (128,),
    "fc2_W": (10, 128), "fc2_b": (10,),
}


def init_learnables(rng, ctx):
    """He-normal weights, zero biases (a dict of dlarrays, MATLAB's struct of learnables)."""
    fan_in = {"conv1_W": 9, "conv2_W": 9 * 16, "fc1_W": 128, "fc2_W": 128}
    learnables = {}
    for name, shape in LEARNABLE_SHAPES.items():
        if name.endswith("_W"):
            values = rng.standard_normal(shape).astype(np.float32) * np.sqrt(2.0 / fan_in[name])
        else:
            values = np.zeros(shape, np.float32)
        learnables[name] = dl.gpuArray(dl.dlarray(values)) if ctx == "gpu" else dl.dlarray(values)
    return learnables


def model(p, x):
    """Class probabilities ('CB') of the images ``x`` ('SSCB')."""
    y = dl.maxpool(dl.relu(dl.dlconv(x, p["conv1_W"], p["conv1_b"], padding="same")), 2, stride=2)
    y = dl.maxpool(dl.relu(dl.dlconv(y, p["conv2_W"], p["conv2_b"], padding="same")), 2, stride=2)
    y = dl.relu(dl.fullyconnect(y, p["fc1_W"], p["fc1_b"]))
    return dl.softmax(dl.fullyconnect(y, p["fc2_W"], p["fc2_b"]))


def model_loss(p, x, targets):
    """MATLAB's modelLoss: cross-entropy, its gradients w.r.t. every learnable, and the scores."""
    scores = model(p, x)
    loss = dl.crossentropy(scores, targets)
    return loss, dl.dlgradient(loss, p), scores


def as_sscb(images, ctx):
    """(N, 1, H, W) numpy images as an 'SSCB' dlarray."""
    x = dl.dlarray(np.ascontiguousarray(images.transpose(2, 3, 1, 0)), "SSCB")
    return dl.gpuArray(x) if ctx == "gpu" else x


def predict(learnables, images, ctx):
    scores = model(learnables, as_sscb(images, ctx))
    return dl.extractdata(scores).asnumpy().argmax(axis=0)


def train(args, data, bar, history):
    """Train on ``data`` (train_x, test_x, train_y, test_y); fills ``history``, returns the learnables."""
    train_x, test_x, train_y, test_y = data
    rng = np.random.default_rng(args.seed)
    learnables = init_learnables(rng, args.ctx)
    average_grad = average_sq_grad = None
    one_hot = np.eye(10, dtype=np.float32)
    iteration = 0
    for epoch in range(args.epochs):
        order = rng.permutation(len(train_y))
        losses, correct, seen = [], 0, 0
        for start in range(0, len(order) - args.batch_size + 1, args.batch_size):
            batch = order[start:start + args.batch_size]
            labels = train_y[batch].astype(int)
            targets = dl.dlarray(one_hot[labels].T, "CB")
            if args.ctx == "gpu":
                targets = dl.gpuArray(targets)
            loss, gradients, scores = dl.dlfeval(model_loss, learnables, as_sscb(train_x[batch], args.ctx), targets)
            iteration += 1
            learnables, average_grad, average_sq_grad = dl.adamupdate(
                learnables, gradients, average_grad, average_sq_grad, iteration, args.lr)
            losses.append(float(loss))
            correct += int((dl.extractdata(scores).asnumpy().argmax(axis=0) == labels).sum())
            seen += len(batch)
            bar.update(1)
        test_acc = float((predict(learnables, test_x, args.ctx) == test_y).mean())
        probs = dl.extractdata(model(learnables, as_sscb(test_x, args.ctx))).asnumpy()
        test_loss = float(-np.log(probs[test_y.astype(int), np.arange(len(test_y))] + 1e-12).mean())
        for key, value in zip(history, (float(np.mean(losses)), correct / seen, test_loss, test_acc)):
            history[key].append(value)
        bar.write(f"epoch {epoch + 1:2d}: train loss {history['train_loss'][-1]:.4f} "
                  f"acc {history['train_acc'][-1]:.4f} | test loss {test_loss:.4f} acc {test_acc:.4f}")
    return {name: dl.extractdata(value) for name, value in learnables.items()}
