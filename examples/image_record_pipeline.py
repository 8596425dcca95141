"""MXNet's image data pipeline on mxnd: pack images into RecordIO, train from ImageRecordIter.

Synthetic 3-class images (16x16 RGB: the class decides which colour channel is bright) are
written as PNG records with ``mx.recordio.pack_img`` into an indexed ``.rec``/``.idx`` pair.
``mx.io.ImageRecordIter`` reads them with random crops and mirrors and MXNet's mean/std
normalisation; a small convolutional network trains on them with ``mx.autograd`` and the SGD
updater, logging with ``mx.callback.Speedometer``; ``mx.image.ImageIter`` reads the same file
with centre crops to evaluate. Needs Pillow (``pip install "mxnd[image]"``).
Run: python examples/image_record_pipeline.py [--epochs 3] [--ctx gpu]
"""
import argparse
import logging
import os
import tempfile

import numpy as np

import mxnd as mx

CLASSES, SIZE, CROP = 3, 16, 12
MEAN, STD = (127.0, 127.0, 127.0), (64.0, 64.0, 64.0)


def make_images(count, seed=0):
    """``count`` (label, image) pairs: noise, with channel ``label`` raised."""
    rng = np.random.RandomState(seed)
    for index in range(count):
        label = index % CLASSES
        image = rng.randint(0, 120, (SIZE, SIZE, 3))
        image[..., label] += 50
        yield label, image.astype(np.uint8)


def write_records(folder, count):
    """An indexed RecordIO file of PNG images; returns its (.rec, .idx) paths."""
    rec, idx = os.path.join(folder, "images.rec"), os.path.join(folder, "images.idx")
    writer = mx.recordio.MXIndexedRecordIO(idx, rec, "w")
    for key, (label, image) in enumerate(make_images(count)):
        header = mx.recordio.IRHeader(0, float(label), key, 0)
        writer.write_idx(key, mx.recordio.pack_img(header, image[..., ::-1], img_fmt=".png"))  # BGR, as cv2
    writer.close()
    return rec, idx


def make_params(ctx):
    rng = np.random.RandomState(1)
    shapes = {"conv_weight": (8, 3, 3, 3), "conv_bias": (8,), "fc_weight": (CLASSES, 8 * 6 * 6), "fc_bias": (CLASSES,)}
    params = {name: mx.nd.array(rng.normal(0, 0.1, shape) if name.endswith("weight") else np.zeros(shape), ctx=ctx)
              for name, shape in shapes.items()}
    for value in params.values():
        value.attach_grad()
    return params


def forward(params, x):
    h = mx.nd.Convolution(x, params["conv_weight"], params["conv_bias"], kernel=(3, 3), pad=(1, 1), num_filter=8)
    h = mx.nd.Pooling(mx.nd.relu(h), kernel=(2, 2), stride=(2, 2), pool_type="max")
    return mx.nd.FullyConnected(h, params["fc_weight"], params["fc_bias"], num_hidden=CLASSES)


def evaluate(params, rec, idx, ctx):
    """Accuracy over the records, read by mx.image.ImageIter with centre crops."""
    it = mx.image.ImageIter(50, (3, CROP, CROP), path_imgrec=rec, path_imgidx=idx,
                            mean=np.array(MEAN), std=np.array(STD))
    metric = mx.metric.Accuracy()
    for batch in it:
        keep = batch.data[0].shape[0] - batch.pad
        probs = mx.nd.softmax(forward(params, batch.data[0].as_in_context(ctx)))
        metric.update([batch.label[0][:keep]], [probs[:keep].as_in_context(mx.cpu())])
    return metric.get()[1]


def main(epochs=3, count=300, batch_size=30, ctx=mx.cpu()):
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with tempfile.TemporaryDirectory() as folder:
        rec, idx = write_records(folder, count)
        train = mx.io.ImageRecordIter(path_imgrec=rec, path_imgidx=idx, data_shape=(3, CROP, CROP),
                                      batch_size=batch_size, shuffle=True, rand_crop=True, rand_mirror=True,
                                      mean_r=MEAN[0], mean_g=MEAN[1], mean_b=MEAN[2],
                                      std_r=STD[0], std_g=STD[1], std_b=STD[2])
        params = make_params(ctx)
        updater = mx.optimizer.get_updater(mx.optimizer.create("sgd", learning_rate=0.05, momentum=0.9,
                                                               rescale_grad=1.0 / batch_size))
        speedometer = mx.callback.Speedometer(batch_size, frequent=5, auto_reset=False)
        metric = mx.metric.Accuracy()
        for epoch in range(epochs):
            train.reset()
            metric.reset()
            for nbatch, batch in enumerate(train):
                x, y = batch.data[0].as_in_context(ctx), batch.label[0].as_in_context(ctx)
                with mx.autograd.record():
                    probs = mx.nd.SoftmaxOutput(forward(params, x), y)
                probs.backward()
                for index, name in enumerate(params):
                    updater(index, params[name].grad, params[name])
                metric.update([batch.label[0]], [probs.as_in_context(mx.cpu())])
                speedometer(mx.model.BatchEndParam(epoch=epoch, nbatch=nbatch, eval_metric=metric, locals=None))
            print(f"epoch {epoch}: train accuracy {metric.get()[1]:.3f}")
        accuracy = evaluate(params, rec, idx, ctx)
    print(f"accuracy on the centre-cropped records: {accuracy:.3f}")
    return accuracy


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu", help="device of the model")
    args = parser.parse_args()
    main(args.epochs, ctx=mx.gpu(0) if args.ctx == "gpu" else mx.cpu())
