"""MATLAB ``ode45`` on dlarrays: the Dormand-Prince (4,5) pair with MATLAB's step-size control,
refinement and continuous extension (ntrp45), traced so gradients flow through the solution.

>>> from mxnd import dl
>>> import numpy as np
>>> t, y = dl.ode45(lambda t, y: -y, [0.0, 1.0], dl.dlarray(np.array([1.0])))
>>> bool(abs(float(y[-1, 0]) - np.exp(-1)) < 1e-3), t.shape[1], y.shape[1]
(True, 1, 1)
"""
from __future__ import annotations

import math

import torch

from ..ndarray.ndarray import _context_of, wrap
from ._core import dlarray, make, to_tensor

__all__ = ["ode45"]

# Dormand-Prince coefficients as in MATLAB's ode45.m
_A = (1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0)
_B = (
    (1 / 5,),
    (3 / 40, 9 / 40),
    (44 / 45, -56 / 15, 32 / 9),
    (19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729),
    (9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656),
    (35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84),
)
_E = (71 / 57600, 0.0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40)
# continuous extension (ntrp45.m): y(t + s h) = y + h * sum_j f_j * sum_k BI[j][k] s^(k+1)
_BI = (
    (1.0, -183 / 64, 37 / 12, -145 / 128),
    (0.0, 0.0, 0.0, 0.0),
    (0.0, 1500 / 371, -1000 / 159, 1000 / 371),
    (0.0, -125 / 32, 125 / 12, -375 / 64),
    (0.0, 9477 / 3392, -729 / 106, 25515 / 6784),
    (0.0, -11 / 7, 11 / 3, -55 / 28),
    (0.0, 3 / 2, -4.0, 5 / 2),
)
_POW = 1 / 5
_UNSUPPORTED = ("outputfcn", "mass", "nonnegative", "events")


def _combine(y, f, weights, h):
    out = y
    for weight, slope in zip(weights, f):
        if weight:
            out = out + (h * weight) * slope
    return out


def _interpolate(t_query, t, y, h, f):
    s = (t_query - t) / h
    powers = (s, s * s, s ** 3, s ** 4)
    weights = [sum(row[k] * powers[k] for k in range(4)) for row in _BI]
    return _combine(y, f, weights, h)


def _options(options, rel_tol, abs_tol, max_step, initial_step, refine):
    for key, value in (options or {}).items():
        name = key.lower()
        if name in _UNSUPPORTED:
            raise ValueError(f"ode45: the '{key}' option is not supported for dlarray input")
        if name == "reltol":
            rel_tol = value
        elif name == "abstol":
            abs_tol = value
        elif name == "maxstep":
            max_step = value
        elif name == "initialstep":
            initial_step = value
        elif name == "refine":
            refine = value
        else:
            raise ValueError(f"ode45: unknown option '{key}'")
    return rel_tol, abs_tol, max_step, initial_step, refine


def ode45(odefun, tspan, y0, options=None, *, rel_tol=1e-3, abs_tol=1e-6, max_step=None,
          initial_step=None, refine=4, **matlab_options):
    """MATLAB ``[t, y] = ode45(odefun, tspan, y0, options)``.

    ``odefun(t, y)`` gets the time (a dlarray scalar when ``tspan`` is a dlarray, else a float) and
    the state as an unformatted ``n x 1`` column dlarray, and returns ``n`` derivatives. With two
    ``tspan`` entries the solver's steps are returned, each refined by ``refine`` (4) points; with
    more, the solution at exactly those times. ``t`` is a column and ``y`` has one row per time;
    each is an unformatted dlarray when ``tspan`` / ``y0`` is a dlarray (else an NDArray).
    Options (MATLAB odeset names in ``options`` or the keywords): RelTol, AbsTol, MaxStep,
    InitialStep, Refine (also as keywords: ``RelTol=1e-6``); OutputFcn, Mass, NonNegative and
    Events are not supported.
    """
    options = {**(options or {}), **matlab_options}
    rel_tol, abs_tol, max_step, initial_step, refine = _options(options, rel_tol, abs_tol, max_step,
                                                               initial_step, refine)
    for name, value in (("tspan", tspan), ("y0", y0)):
        if isinstance(value, dlarray) and value._fmt:
            raise ValueError(f"ode45: {name} must be an unformatted dlarray, got format '{value._fmt}'")
    y_tensor = to_tensor(y0, "ode45")
    if not y_tensor.dtype.is_floating_point:
        y_tensor = y_tensor.to(torch.float32)
    times = [float(v) for v in to_tensor(tspan, "ode45", dtype=torch.float64).detach().reshape(-1).tolist()]
    if len(times) < 2:
        raise ValueError("ode45: tspan must have at least two entries [t0 tfinal]")
    t0, tfinal = times[0], times[-1]
    if t0 == tfinal:
        raise ValueError("ode45: The last entry in tspan must be different from the first entry.")
    direction = 1.0 if tfinal > t0 else -1.0
    if any(direction * (b - a) <= 0 for a, b in zip(times, times[1:])):
        raise ValueError("ode45: The entries in tspan must strictly increase or decrease.")
    time_is_dl = isinstance(tspan, dlarray)

    def call(t, y):
        t_arg = make(torch.tensor(t, dtype=y.dtype, device=y.device), "") if time_is_dl else t
        out = odefun(t_arg, make(y.reshape(-1, 1), ""))
        data = out._data if isinstance(out, dlarray) else to_tensor(out, "ode45", device=y.device)
        if data.numel() != y.numel():
            raise ValueError(f"ode45: odefun returned {data.numel()} values for a state of {y.numel()}")
        return data.reshape(-1).to(y.dtype)

    y = y_tensor.reshape(-1)
    threshold = abs_tol / rel_tol
    span = abs(tfinal - t0)
    hmax = abs(max_step) if max_step is not None else 0.1 * span
    t = t0
    f_first = call(t, y)
    hmin = 16 * math.ulp(t)
    if initial_step is None:
        absh = min(hmax, span)
        scale = torch.clamp(y.detach().abs(), min=threshold)
        rh = float((f_first.detach() / scale).abs().max()) / (0.8 * rel_tol ** _POW)
        if absh * rh > 1:
            absh = 1 / rh
        absh = max(absh, hmin)
    else:
        absh = min(hmax, max(hmin, abs(initial_step)))
    out_t, out_y = [t0], [y]
    refined = len(times) == 2
    next_index = 1
    done = False
    while not done:
        hmin = 16 * math.ulp(t)
        absh = min(hmax, max(hmin, absh))
        h = direction * absh
        if 1.1 * absh >= abs(tfinal - t):
            h, absh, done = tfinal - t, abs(tfinal - t), True
        no_failures = True
        while True:
            f = [f_first]
            for stage in range(5):
                f.append(call(t + h * _A[stage], _combine(y, f, _B[stage], h)))
            t_new = tfinal if done else t + h * _A[5]
            h = t_new - t
            y_new = _combine(y, f, _B[5], h)
            f.append(call(t_new, y_new))
            error_terms = _combine(torch.zeros_like(y), f, _E, 1.0).detach()
            scale = torch.clamp(torch.maximum(y.detach().abs(), y_new.detach().abs()), min=threshold)
            err = absh * float((error_terms / scale).abs().max())
            if err <= rel_tol:
                break
            if absh <= hmin:
                raise ValueError(f"ode45: Unable to meet integration tolerances without reducing the step size "
                                 f"below the smallest value allowed ({hmin:g}) at time t = {t:g}.")
            absh = max(hmin, absh * max(0.1, 0.8 * (rel_tol / err) ** _POW)) if no_failures else \
                max(hmin, 0.5 * absh)
            no_failures = False
            h = direction * absh
            done = False
        if refined:
            for k in range(1, refine):
                t_ref = t + (t_new - t) * k / refine
                out_t.append(t_ref)
                out_y.append(_interpolate(t_ref, t, y, h, f))
            out_t.append(t_new)
            out_y.append(y_new)
        else:
            while next_index < len(times) and direction * (t_new - times[next_index]) >= 0:
                query = times[next_index]
                out_t.append(query)
                out_y.append(y_new if query == t_new else _interpolate(query, t, y, h, f))
                next_index += 1
        if done:
            break
        if no_failures:
            temp = 1.25 * (err / rel_tol) ** _POW
            absh = absh / temp if temp > 0.2 else 5.0 * absh
        t, y, f_first = t_new, y_new, f[6]
    t_out = torch.tensor(out_t, dtype=y_tensor.dtype, device=y_tensor.device).reshape(-1, 1)
    y_out = torch.stack(out_y)
    return _result(t_out, isinstance(tspan, dlarray)), _result(y_out, isinstance(y0, dlarray))


def _result(data, as_dlarray):
    if as_dlarray:
        return make(data, "")
    data = data.detach()
    return wrap(data.contiguous(), _context_of(data))

