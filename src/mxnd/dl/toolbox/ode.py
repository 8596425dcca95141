"""``dlode45``: neural ODEs on dlarrays, by ``mxnd.dl.ode45`` (one solver in mxnd.dl).

>>> import numpy as np
>>> from mxnd import dl
>>> y = dl.dlode45(lambda t, y, theta: -theta * y, [0., 1.], dl.dlarray(np.ones((2, 3)), 'CB'), 1.0)
>>> y.fmt, y.shape, round(float(y[0, 0]), 3)
('CB', (2, 3), 0.368)
"""
from __future__ import annotations

import torch

from .. import formats
from .._core import dlarray, make, to_tensor
from ..ode import ode45
from ._common import check_choice, options, output, take

__all__ = ["dlode45"]


def dlode45(odefun, tspan, y0, theta=None, **kwargs):
    """MATLAB ``Y = dlode45(odefun, tspan, Y0, theta)``: the solution of ``dY/dt = odefun(t, Y, theta)``
    at ``tspan[-1]`` (two times) or at ``tspan[1:]`` (more: a trailing 'T' dim), differentiable
    through the solver's steps. ``odefun`` gets Y with Y0's format. Options ``gradient_mode``
    ('direct'; 'adjoint' is accepted and gives the same gradients by the direct method),
    ``absolute_tolerance`` (1e-6), ``relative_tolerance`` (1e-3), ``data_format``.
    """
    o = options("dlode45", kwargs, {"gradient_mode": "direct", "absolute_tolerance": 1e-6,
                                    "relative_tolerance": 1e-3, "data_format": None})
    check_choice("dlode45", "GradientMode", o["gradient_mode"], ("direct", "adjoint"))
    if not callable(odefun):
        raise TypeError(f"dlode45: odefun must be a function, got {type(odefun).__name__}")
    inp = take(y0, o["data_format"], "dlode45", need_format=False)
    times = to_tensor(tspan, "dlode45", dtype=torch.float64).detach().reshape(-1).tolist()
    if len(times) < 2:
        raise ValueError("dlode45: tspan must have at least two entries")
    shape, fmt = tuple(inp.data.shape), inp.fmt
    if "T" in fmt and len(times) > 2:
        raise ValueError("dlode45: Y0 must not have a 'T' dimension when tspan has more than two entries")

    def rhs(t, y):
        state = make(y._data.reshape(shape), fmt)
        out = odefun(t, state, theta)
        data = out._data if isinstance(out, dlarray) else to_tensor(out, "dlode45", device=y._data.device)
        return make(data.reshape(-1, 1), "")

    solve_span = times if len(times) > 2 else [times[0], times[-1]]
    _, solution = ode45(rhs, solve_span, make(inp.data.reshape(-1), ""), rel_tol=float(o["relative_tolerance"]),
                        abs_tol=float(o["absolute_tolerance"]))
    rows = solution._data
    if len(times) == 2:
        y = rows[-1].reshape(shape)
        return output(inp, y, fmt)
    y = rows[1:].reshape((len(times) - 1,) + shape).movedim(0, -1)
    if not fmt:
        return make(y, "")
    if inp.data_format is not None:  # unformatted: the DataFormat's order, times last
        inverse = sorted(range(len(inp.perm)), key=inp.perm.__getitem__)
        return make(y.permute(inverse + [len(inverse)]), "")
    canon, perm = formats.canonical(fmt + "T")
    return make(y.permute(perm) if canon != fmt + "T" else y, canon)
