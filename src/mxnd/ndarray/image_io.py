"""MXNet's OpenCV image decoding functions ``mx.nd._internal._cvimdecode`` and ``_cvimread``
(src/io/image_io.cc), on Pillow (the ``image`` extra: ``pip install "mxnd[image]"``). They are
I/O, not array operators: hand-written functions, not registry operators.

The result is what OpenCV 3.4's ``cv::imdecode`` gives MXNet, converted to RGB: an (H, W, 3)
uint8 array (``flag=1``, channels in RGB order unless ``to_rgb=0``) or (H, W, 1) (``flag=0``).
Colour JPEG and PNG decode to the same bytes (libjpeg-turbo's default IDCT and upsampling in both;
PNG is lossless); an alpha channel is dropped, not composited; 16-bit samples keep their high byte.
Grayscale decoding follows OpenCV's decoders: libjpeg's own luma for JPEG (Pillow's draft mode
asks libjpeg for it too), libpng's ``png_set_rgb_to_gray(0.299, 0.587)`` for the others:
``(9797 R + 19234 G + 3737 B) >> 15``, and R where R == G == B.

>>> import mxnd as mx, numpy as np, io
>>> from PIL import Image
>>> png = io.BytesIO(); Image.fromarray(np.array([[[255, 0, 0]]], dtype=np.uint8)).save(png, 'PNG')
>>> buf = mx.nd.array(np.frombuffer(png.getvalue(), np.uint8), dtype='uint8')
>>> mx.nd._internal._cvimdecode(buf).asnumpy().tolist(), mx.nd._internal._cvimdecode(buf, flag=0).asnumpy().tolist()
([[[255, 0, 0]]], [[[76]]])
"""
from __future__ import annotations

import io

import numpy as np
import torch

from ..context import cpu
from ..errors import MXNetError
from ..params import parse_bool, parse_int
from .ndarray import wrap

__all__ = ["decode_image", "_cvimdecode", "_cvimread", "imdecode"]

_GRAY_COEFFICIENTS = np.array([9797, 19234, 3737], dtype=np.int64)  # libpng: 0.299, 0.587 in 1/32768


def _pillow():
    try:
        from PIL import Image
    except ImportError:
        raise MXNetError("image decoding needs Pillow: pip install pillow (or mxnd[image])") from None
    return Image


def _eight_bit(image) -> np.ndarray:
    """The image as (H, W, 3) uint8 RGB: palette expanded, alpha dropped, 16 bits shifted to 8."""
    if image.mode in ("I;16", "I;16B", "I;16L", "I"):
        gray = (np.asarray(image).astype(np.int64) >> 8).astype(np.uint8)
        return np.repeat(gray[..., None], 3, axis=2)
    return np.asarray(image.convert("RGB"))


def _libpng_gray(rgb: np.ndarray) -> np.ndarray:
    wide = rgb.astype(np.int64)
    gray = (wide @ _GRAY_COEFFICIENTS) >> 15
    same = (rgb[..., 0] == rgb[..., 1]) & (rgb[..., 1] == rgb[..., 2])
    return np.where(same, rgb[..., 0], gray).astype(np.uint8)


def decode_image(data: bytes, flag: int = 1, to_rgb: bool = True) -> np.ndarray:
    """(H, W, C) uint8 pixels of an encoded image, as MXNet's ``_cvimdecode`` returns them."""
    Image = _pillow()
    try:
        image = Image.open(io.BytesIO(data))
        if flag == 0 and image.format == "JPEG":
            image.draft("L", image.size)  # libjpeg decodes straight to its luma, as OpenCV asks it to
            return np.asarray(image.convert("L"))[..., None]
        rgb = _eight_bit(image)
    except (OSError, ValueError, SyntaxError) as error:
        raise MXNetError(f"Decoding failed. Invalid image file. ({error})") from None
    if flag == 0:
        return (rgb[..., :1] if image.mode in ("L", "LA", "I;16", "I;16B", "I;16L", "I") else
                _libpng_gray(rgb)[..., None])
    return rgb if to_rgb else np.ascontiguousarray(rgb[..., ::-1])


def _parse_flag(value):
    """0 or 1. MXNet passes larger values on to OpenCV (IMREAD_ANYDEPTH, ANYCOLOR ... bits), whose
    single-channel results its (H, W, 3) output cannot hold: those are refused here."""
    flag = parse_int(value)
    if flag < 0:
        raise MXNetError(f"Invalid Parameter flag={value}: Convert decoded image to grayscale (0) or color (1).")
    if flag > 1:
        raise MXNetError(f"flag={flag}: only 0 (grayscale) and 1 (color) are supported; OpenCV's other "
                         f"IMREAD bits are not")
    return flag


def _result(pixels: np.ndarray, out):
    """The decoded pixels as a new uint8 NDArray on the host, or written into ``out``."""
    tensor = torch.from_numpy(np.array(pixels, dtype=np.uint8, order="C", copy=True))  # writable, owned
    if out is None:
        return wrap(tensor, cpu())
    if tuple(out.shape) != tuple(tensor.shape) or out.dtype != np.uint8:
        raise MXNetError(f"out= must be a uint8 array of shape {tuple(tensor.shape)}, got {out.dtype.__name__} "
                         f"{out.shape}")
    out._data.copy_(tensor)
    return out


def _cvimdecode(buf, flag=1, to_rgb=True, out=None, name=None):
    """Decode an image from ``buf``, a 1-D uint8 NDArray of its encoded bytes on the host, to an
    (H, W, 3) uint8 array (H, W, 1 with ``flag=0``), as MXNet's ``_cvimdecode`` (see the module doc)."""
    flag, to_rgb = _parse_flag(flag), parse_bool(to_rgb)
    data = buf._data
    if data.device.type != "cpu":
        raise MXNetError("_cvimdecode: Only supports cpu input")
    if data.dtype is not torch.uint8:
        raise MXNetError("_cvimdecode: Input needs to be uint8 buffer")
    if data.numel() == 0:
        raise MXNetError("_cvimdecode: Input cannot be an empty buffer")
    return _result(decode_image(data.contiguous().numpy().tobytes(), flag, to_rgb), out)


def _cvimread(filename, flag=1, to_rgb=True, out=None, name=None):
    """Read and decode the image file ``filename``, as MXNet's ``_cvimread``."""
    flag, to_rgb = _parse_flag(flag), parse_bool(to_rgb)
    try:
        with open(filename, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise MXNetError(f"Imread: '{filename}' couldn't open file: {error.strerror}") from None
    return _result(decode_image(data, flag, to_rgb), out)


def imdecode(str_img, clip_rect=(0, 0, 0, 0), out=None, index=0, channels=3, mean=None):
    """MXNet's deprecated ``mx.nd.imdecode`` (ndarray.cc ``Imdecode``): the image in OpenCV's BGR
    order (``channels=1``: grayscale) as a (channels, height, width) float32 array (the dtype of
    ``mean`` when given, which is subtracted), cropped to ``clip_rect = (x0, y0, x1, y1)`` (all
    zero: the whole image), or written into ``out`` ((c, h, w), or slice ``index`` of (n, c, h, w)).
    MXNet 1.9.1's own function raises under Python 3 (its bytes reach OpenCV mangled).

    >>> import io, numpy as np
    >>> from PIL import Image
    >>> png = io.BytesIO(); Image.fromarray(np.array([[[255, 0, 7]]], dtype=np.uint8)).save(png, 'PNG')
    >>> imdecode(png.getvalue()).asnumpy().ravel().tolist()
    [7.0, 0.0, 255.0]
    """
    if channels not in (1, 3):
        raise MXNetError(f"imdecode: channels must be 1 or 3, got {channels}")
    data = bytes(str_img, "latin-1") if isinstance(str_img, str) else bytes(str_img)
    if channels == 3 and _gray_source(data):
        raise MXNetError("imdecode: Check failed: n_channels <= res.channels() (3 vs. 1): a grayscale image")
    pixels = decode_image(data, flag=0 if channels == 1 else 1, to_rgb=False)
    rows, cols = pixels.shape[:2]
    x0, y0, x1, y1 = (int(v) for v in clip_rect)
    if y1 - y0 == 0:
        x0, y0, x1, y1 = 0, 0, cols, rows
    if not (0 <= x0 <= x1 <= cols and 0 <= y0 <= y1 <= rows):
        raise MXNetError(f"imdecode: clip_rect {tuple(clip_rect)} does not fit the {cols}x{rows} image")
    dtype = torch.float32 if mean is None else mean._data.dtype
    image = torch.from_numpy(np.array(pixels[y0:y1, x0:x1].transpose(2, 0, 1))).to(dtype)
    if mean is not None:
        if tuple(mean.shape) != tuple(image.shape):
            raise MXNetError(f"imdecode: mean must have shape {tuple(image.shape)}, got {mean.shape}")
        image = image - mean._data.to("cpu")
    if out is None:
        return wrap(image, cpu())
    target = out._data if out.ndim == 3 else out._data[index] if out.ndim == 4 else None
    if target is None or tuple(target.shape) != tuple(image.shape):
        raise MXNetError(f"imdecode: out must be (c, h, w) or (n, c, h, w) with (c, h, w) = {tuple(image.shape)}, "
                         f"got {out.shape}")
    target.copy_(image)
    return out


def _imdecode(mean, index, x0, y0, x1, y1, c, size, str_img=None, out=None, name=None):
    """``mx.nd._internal._imdecode``, the operator behind ``imdecode``, with its positional form
    ``(mean, index, x0, y0, x1, y1, c, size, str_img=...)``; ``size`` must be ``len(str_img)``.
    ``mean`` may be None (MXNet's Python passes an empty array there).

    >>> import io, numpy as np
    >>> from PIL import Image
    >>> png = io.BytesIO(); Image.fromarray(np.zeros((2, 3, 3), dtype=np.uint8)).save(png, 'PNG')
    >>> data = png.getvalue()
    >>> _imdecode(None, 0, 0, 0, 0, 0, 1, len(data), str_img=data).shape
    (1, 2, 3)
    """
    if str_img is None:
        raise MXNetError("_imdecode: Required parameter str_img is missing")
    if int(size) != len(str_img):
        raise MXNetError(f"_imdecode: size ({size}) must be the length of str_img ({len(str_img)})")
    if mean is not None and mean.size == 0:
        mean = None
    return imdecode(str_img, (x0, y0, x1, y1), out=out, index=int(index), channels=int(c), mean=mean)


def _gray_source(data: bytes) -> bool:
    """Whether the encoded image has a single channel (OpenCV's IMREAD_UNCHANGED keeps one)."""
    Image = _pillow()
    try:
        return Image.open(io.BytesIO(data)).mode in ("L", "I;16", "I;16B", "I;16L", "I", "1")
    except (OSError, ValueError, SyntaxError):
        return False  # decode_image raises MXNet's error
