"""Signal processing: ``dlstft``, the short-time Fourier transform of dlarrays (torch.stft).

>>> import numpy as np
>>> from mxnd import dl
>>> x = dl.dlarray(np.ones((1, 1, 256), np.float32), 'CBT')
>>> y, f, t = dl.dlstft(x, 1000.0)
>>> y.fmt, y.shape, f.shape, t.shape
('SCBT', (65, 1, 1, 5), (65,), (5,))
"""
from __future__ import annotations

import math

import numpy as np
import torch

from .._core import make, to_tensor
from ._common import options, take

__all__ = ["dlstft"]


def _seconds(value):
    """A sample time given as a timedelta / numpy timedelta64 (MATLAB duration), else None."""
    import datetime
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, np.timedelta64):
        return value / np.timedelta64(1, "s")
    return None


def dlstft(x, fs=None, **kwargs):
    """MATLAB ``[y, f, t] = dlstft(x, fs)``: complex one-sided STFT of the 'T' dim of an input with
    'C', 'B' and 'T' dims; ``y`` is 'SCBT' (S = frequency, T = segment). ``fs``: a sample rate
    (Hz), a sample time (``datetime.timedelta``, MATLAB ``seconds(ts)``) or None (``f`` in
    rad/sample, ``t`` in samples). Options ``window`` (periodic Hann of 128), ``overlap_length``
    (75% of the window), ``fft_length`` (max(128, window length)), ``data_format``.
    """
    o = options("dlstft", kwargs, {"window": None, "overlap_length": None, "fft_length": None, "data_format": None})
    inp = take(x, o["data_format"], "dlstft")
    fmt, data = inp.fmt, inp.data
    if any(c not in "CBT" for c in fmt) or "T" not in fmt:
        raise ValueError(f"dlstft: the input must have a 'T' dimension and only 'C', 'B', 'T' dimensions, "
                         f"got '{fmt}'")
    full = data.reshape([data.shape[fmt.index(c)] if c in fmt else 1 for c in "CBT"])  # canonical C, B, T
    channels, batch, steps = full.shape
    if o["window"] is None:
        window = torch.hann_window(128, periodic=True, dtype=torch.float64)
    else:
        window = to_tensor(o["window"], "dlstft", dtype=torch.float64).detach().reshape(-1)
    length = window.numel()
    overlap = int(o["overlap_length"]) if o["overlap_length"] is not None else int(math.floor(0.75 * length))
    nfft = int(o["fft_length"]) if o["fft_length"] is not None else max(128, length)
    if not 0 <= overlap < length:
        raise ValueError(f"dlstft: OverlapLength must lie in [0, {length}), got {overlap}")
    if nfft < length:
        raise ValueError(f"dlstft: FFTLength ({nfft}) must be at least the window length ({length})")
    if steps < length:
        raise ValueError(f"dlstft: the signal ({steps} samples) is shorter than the window ({length})")
    hop = length - overlap
    real = data.dtype if data.is_floating_point() else torch.float32
    # MATLAB windows L samples and zero-pads each frame to FFTLength: a window padded with zeros
    # at its end over frames of FFTLength samples, with the signal padded so the frame count stays
    win = torch.nn.functional.pad(window.to(dtype=real, device=data.device), (0, nfft - length))
    signal = full.reshape(channels * batch, steps)
    if nfft > length:
        signal = torch.nn.functional.pad(signal, (0, nfft - length))
    spec = torch.stft(signal, nfft, hop_length=hop, win_length=nfft, window=win, center=False, onesided=True,
                      return_complex=True)
    segments = spec.shape[-1]
    y = spec.reshape(channels, batch, spec.shape[1], segments).permute(2, 0, 1, 3)
    sample_time = _seconds(fs)
    rate = 1 / sample_time if sample_time is not None else (float(fs) if fs is not None else None)
    bins = np.arange(nfft // 2 + 1)
    starts = np.arange(segments) * hop
    if rate is None:
        f, t = 2 * np.pi * bins / nfft, starts + length / 2
    else:
        f, t = rate * bins / nfft, (starts + length / 2) / rate
    out = make(y.contiguous(), "SCBT") if inp.data_format is None else make(y.contiguous(), "")
    return out, make(torch.tensor(f, dtype=torch.float64), ""), make(torch.tensor(t, dtype=torch.float64), "")
