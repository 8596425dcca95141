"""Downloads and data sets of ``mx.test_utils``: ``download`` (urllib), MNIST, CIFAR-10 and
archives, each read from the local file when it is already there (MXNet's file layout)."""
from __future__ import annotations

import bz2
import gzip
import logging
import os
import struct
import urllib.error
import urllib.request
import zipfile

import numpy as np

from .ndarray.utils import atomic_write

__all__ = ["download", "get_mnist", "get_mnist_pkl", "get_mnist_ubyte", "get_cifar10", "get_mnist_iterator",
           "get_zip_data", "get_bz2_data", "get_im2rec_path"]

_MNIST_UBYTE = ("train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte",
                "t10k-labels-idx1-ubyte")


def _fetch(url, fname):
    try:
        with urllib.request.urlopen(url) as response:
            status = getattr(response, "status", 200)
            assert status == 200, "failed to open %s" % url
            data = response.read()
    except urllib.error.HTTPError as error:
        raise AssertionError("failed to open %s" % url) from error
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise ConnectionError("failed to download %s: %s" % (url, reason)) from error
    atomic_write(fname, lambda write: write(data), "download")  # no half-written file on failure


def download(url, fname=None, dirname=None, overwrite=False, retries=5):
    """Download ``url`` to ``fname`` (default: the URL's last part) in ``dirname`` and return the
    file name; an existing file is kept unless ``overwrite``. Without a connection it raises
    ConnectionError naming the URL (AssertionError "failed to open URL" for an HTTP error)."""
    assert retries >= 0, "Number of retries should be at least 0"
    if fname is None:
        fname = url.split("/")[-1]
    if dirname is None:
        dirname = os.path.dirname(fname)
    else:
        fname = os.path.join(dirname, fname)
    if dirname != "" and not os.path.exists(dirname):
        logging.info("create directory %s", dirname)
        os.makedirs(dirname, exist_ok=True)
    if not overwrite and os.path.exists(fname):
        logging.info("%s exists, skipping download", fname)
        return fname
    while True:
        try:
            _fetch(url, fname)
            break
        except Exception:  # pylint: disable=broad-except
            retries -= 1
            if retries <= 0:
                raise
            print("download failed, retrying, {} attempt{} left".format(retries, "s" if retries > 1 else ""))
    logging.info("downloaded %s into %s successfully", url, fname)
    return fname


def get_mnist():
    """MNIST as a dict of numpy arrays: 'train_data' / 'test_data' float32 ``(N, 1, 28, 28)`` in
    [0, 1], 'train_label' / 'test_label' int8; the .gz files are downloaded into the current
    directory unless already there."""
    def read_data(label_url, image_url):
        with gzip.open(download(label_url)) as flbl:
            struct.unpack(">II", flbl.read(8))
            label = np.frombuffer(flbl.read(), dtype=np.int8)
        with gzip.open(download(image_url), "rb") as fimg:
            _, _, rows, cols = struct.unpack(">IIII", fimg.read(16))
            image = np.frombuffer(fimg.read(), dtype=np.uint8).reshape(len(label), rows, cols)
            image = image.reshape(image.shape[0], 1, 28, 28).astype(np.float32) / 255
        return label, image

    path = "http://data.mxnet.io/data/mnist/"
    train_lbl, train_img = read_data(path + "train-labels-idx1-ubyte.gz", path + "train-images-idx3-ubyte.gz")
    test_lbl, test_img = read_data(path + "t10k-labels-idx1-ubyte.gz", path + "t10k-images-idx3-ubyte.gz")
    return {"train_data": train_img, "train_label": train_lbl, "test_data": test_img, "test_label": test_lbl}


def get_mnist_pkl():
    """Download data/mnist.pkl.gz unless it is there."""
    os.makedirs("data", exist_ok=True)
    if not os.path.exists("data/mnist.pkl.gz"):
        download("http://deeplearning.net/data/mnist/mnist.pkl.gz", dirname="data")


def _get_zipped_dataset(url, members):
    os.makedirs("data", exist_ok=True)
    if not all(os.path.exists(os.path.join("data", m)) for m in members):
        with zipfile.ZipFile(download(url, dirname="data")) as zf:
            zf.extractall("data")


def get_mnist_ubyte():
    """The four MNIST ubyte files in data/, extracted from a download of mnist.zip unless there."""
    _get_zipped_dataset("http://data.mxnet.io/mxnet/data/mnist.zip", _MNIST_UBYTE)


def get_cifar10():
    """data/cifar/{train,test}.{rec,lst}, extracted from a download of cifar10.zip unless there."""
    _get_zipped_dataset("http://data.mxnet.io/mxnet/data/cifar10.zip",
                        ("cifar/train.rec", "cifar/test.rec", "cifar/train.lst", "cifar/test.lst"))


def get_mnist_iterator(batch_size, input_shape, num_parts=1, part_index=0):
    """``(train, validation)`` MNISTIter over data/ (see get_mnist_ubyte); flat unless
    ``input_shape`` has 3 dimensions."""
    from .io import MNISTIter

    get_mnist_ubyte()
    flat = len(input_shape) != 3
    common = dict(input_shape=input_shape, batch_size=batch_size, flat=flat, num_parts=num_parts,
                  part_index=part_index)
    train = MNISTIter(image="data/train-images-idx3-ubyte", label="data/train-labels-idx1-ubyte",
                      shuffle=True, **common)
    val = MNISTIter(image="data/t10k-images-idx3-ubyte", label="data/t10k-labels-idx1-ubyte", **common)
    return train, val


def get_zip_data(data_dir, url, data_origin_name):
    """Download ``url`` into ``data_dir`` and extract it, unless data_dir/data_origin_name exists."""
    data_origin_name = os.path.join(data_dir, data_origin_name)
    if not os.path.exists(data_origin_name):
        download(url, dirname=data_dir, overwrite=False)
        with zipfile.ZipFile(data_origin_name) as zip_file:
            zip_file.extractall(path=data_dir)


def get_bz2_data(data_dir, data_name, url, data_origin_name):
    """Download the bz2 file ``url`` as data_dir/data_origin_name and decompress it into
    data_dir/data_name (removing the .bz2), unless data_dir/data_name exists."""
    data_name = os.path.join(data_dir, data_name)
    data_origin_name = os.path.join(data_dir, data_origin_name)
    if not os.path.exists(data_name):
        download(url, fname=os.path.basename(data_origin_name), dirname=data_dir, overwrite=False)
        with bz2.BZ2File(data_origin_name, "rb") as bz_file, open(data_name, "wb") as fout:
            for line in bz_file:
                fout.write(line)
        os.remove(data_origin_name)


def get_im2rec_path(home_env="MXNET_HOME"):
    """The path of MXNet's tools/im2rec.py under ``$MXNET_HOME`` (or the package directory);
    IOError when it is not there (mxnd does not ship im2rec.py)."""
    mxnet_path = os.environ.get(home_env, os.path.dirname(os.path.abspath(__file__)))
    for im2rec_path in (os.path.join(mxnet_path, "tools", "im2rec.py"),
                        os.path.join(mxnet_path, "..", "..", "tools", "im2rec.py")):
        if os.path.isfile(im2rec_path):
            return im2rec_path
    raise IOError("Could not find path to tools/im2rec.py")
