"""``mx.image.imrotate`` and ``random_rotate``: rotate float32 (C, H, W) images or (N, C, H, W)
batches about their centre with ``BilinearSampler``, optionally zoomed so that no padding shows
(``zoom_in``) or the whole image stays in view (``zoom_out``). The grid is computed with the same
NDArray operations in the same order as MXNet 1.9.1; ``random_rotate`` draws its angles from
``numpy.random.uniform`` as MXNet does.

>>> import mxnd as mx
>>> image = mx.nd.array([[[1, 2], [3, 4]]])
>>> mx.image.imrotate(image, 90).asnumpy().tolist()
[[[2.0, 4.0], [1.0, 3.0]]]
"""
from __future__ import annotations

from numbers import Number

import numpy as np

from .. import ndarray as nd

__all__ = ["imrotate", "random_rotate"]


def _centred_grid(h, w, ctx):
    """Row and column coordinates relative to the image centre, each (1, h, w) float32."""
    rows = nd.repeat(nd.arange(h, ctx=ctx).astype("float32").reshape(h, 1), w, axis=1) - (float(h - 1) / 2)
    cols = nd.repeat(nd.arange(w, ctx=ctx).astype("float32").reshape(1, w), h, axis=0) - (float(w - 1) / 2)
    return rows.expand_dims(axis=0), cols.expand_dims(axis=0)


def _zoom_scale(h, w, rotation_rad, zoom_out, ctx):
    """Per-image factor (N, 1, 1, 1) on the sampling grid: the rotated corners' extent over the
    image size (``zoom_out``) or the image size over that extent (``zoom_in``)."""
    h, w = nd.array([h], ctx=ctx), nd.array([w], ctx=ctx)
    rho_corner = nd.sqrt(h * h + w * w)
    ang_corner = nd.arctan(h / w)
    extents = []
    for turn in (ang_corner + nd.abs(rotation_rad), ang_corner - nd.abs(rotation_rad)):
        extents.append((nd.abs(rho_corner * nd.cos(turn)), nd.abs(rho_corner * nd.sin(turn))))
    max_x = nd.maximum(extents[0][0], extents[1][0])
    max_y = nd.maximum(extents[0][1], extents[1][1])
    if zoom_out:
        scale = nd.maximum(max_x / w, max_y / h)
    else:
        scale = nd.minimum(w / max_x, h / max_y)
    return scale.expand_dims(axis=3)


def imrotate(src, rotation_degrees, zoom_in=False, zoom_out=False):
    """Rotate ``src`` (float32, (C, H, W), or (N, C, H, W)) by ``rotation_degrees`` (a number; for
    a batch also an N-vector NDArray) counter-clockwise, filling with zeros outside the image.

    >>> import mxnd as mx
    >>> mx.image.imrotate(mx.nd.ones((2, 3, 1, 4)), mx.nd.array([0, 90]), zoom_in=True).shape
    (2, 3, 1, 4)
    """
    if zoom_in and zoom_out:
        raise ValueError("`zoom_in` and `zoom_out` cannot be both True")
    if src.dtype is not np.float32:
        raise TypeError("Only `float32` images are supported by this function")
    single = src.ndim == 3
    if single:
        src = src.expand_dims(axis=0)
        if not isinstance(rotation_degrees, Number):
            raise TypeError("When a single image is passed the rotation angle is required to be a scalar.")
    elif src.ndim != 4:
        raise ValueError("Only 3D and 4D are supported by this function")
    ctx = src.context
    if isinstance(rotation_degrees, Number):
        rotation_degrees = nd.array([rotation_degrees] * len(src), ctx=ctx)
    if len(src) != len(rotation_degrees):
        raise ValueError("The number of images must be equal to the number of rotation angles")
    rotation_rad = np.pi * rotation_degrees.as_in_context(ctx) / 180
    rotation_rad = rotation_rad.expand_dims(axis=1).expand_dims(axis=2)
    _, _, h, w = src.shape
    rows, cols = _centred_grid(h, w, ctx)
    cos, sin = nd.cos(rotation_rad), nd.sin(rotation_rad)
    cols_rotated = (cols * cos - rows * sin) / (float(w - 1) / 2)  # normalised after rotating: keeps the aspect
    rows_rotated = (cols * sin + rows * cos) / (float(h - 1) / 2)
    grid = nd.concat(cols_rotated.expand_dims(axis=1), rows_rotated.expand_dims(axis=1), dim=1)
    if zoom_in or zoom_out:
        grid = grid * _zoom_scale(h, w, rotation_rad, zoom_out, ctx)
    rotated = nd.BilinearSampler(src, grid)
    return rotated[0] if single else rotated


def random_rotate(src, angle_limits, zoom_in=False, zoom_out=False):
    """Rotate ``src`` ((C, H, W) or (N, C, H, W) float32) by angles drawn uniformly from
    ``angle_limits`` (low, high) in degrees: one ``np.random.uniform`` draw for an image, N for
    a batch.

    >>> import numpy as np, mxnd as mx
    >>> np.random.seed(0)
    >>> mx.image.random_rotate(mx.nd.ones((3, 4, 4)), (-10, 10)).shape
    (3, 4, 4)
    """
    if src.ndim == 3:
        rotation_degrees = np.random.uniform(*angle_limits)
    else:
        rotation_degrees = nd.array(np.random.uniform(*angle_limits, size=src.shape[0]))
    return imrotate(src, rotation_degrees, zoom_in=zoom_in, zoom_out=zoom_out)
