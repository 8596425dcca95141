"""Copy MXNet 1.9.1's Python tutorials (Markdown) from the apache/mxnet mirror into $WORK/src and make
the one image they read ($WORK/data/dog.png: a fixed synthetic 240x320 RGB picture)."""
import os
import subprocess

import numpy as np
from PIL import Image

WORK = os.environ.get("WORK", "/tmp/mxnet_tutorials")
MIRROR = os.environ.get("MXNET_MIRROR", "/work/.mirror/apache+mxnet/repo")
ROOT = "docs/python_docs/python/tutorials/"
TUTORIALS = [
    "getting-started/crash-course/1-ndarray.md", "getting-started/crash-course/2-nn.md",
    "getting-started/crash-course/3-autograd.md", "getting-started/crash-course/4-train.md",
    "getting-started/crash-course/5-predict.md", "getting-started/crash-course/6-use_gpus.md",
    "getting-started/logistic_regression_explained.md", "packages/autograd/index.md",
    "packages/kvstore/kvstore.md", "packages/ndarray/01-ndarray-intro.md",
    "packages/ndarray/02-ndarray-operations.md", "packages/ndarray/03-ndarray-contexts.md",
    "packages/ndarray/gotchas_numpy_in_mxnet.md", "packages/ndarray/sparse/csr.md",
    "packages/ndarray/sparse/row_sparse.md", "packages/ndarray/sparse/train.md",
    "packages/optimizer/index.md", "performance/backend/profiler.md",
]

for sub in ("src", "cells", "scripts", "out", "data"):
    os.makedirs(os.path.join(WORK, sub), exist_ok=True)
for path in TUTORIALS:
    text = subprocess.check_output(["git", f"--git-dir={MIRROR}", "show", f"v1.9.1:{ROOT}{path}"], text=True)
    with open(os.path.join(WORK, "src", path[:-3].replace("/", "__") + ".md"), "w") as file:
        file.write(text)
rows, cols = np.mgrid[0:240, 0:320]
picture = np.stack([(rows * 255 // 239), (cols * 255 // 319), ((rows + cols) % 256)], axis=-1).astype(np.uint8)
Image.fromarray(picture).save(os.path.join(WORK, "data", "dog.png"))
print(len(TUTORIALS), "tutorials in", os.path.join(WORK, "src"))
