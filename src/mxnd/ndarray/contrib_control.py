"""``mx.nd.contrib.foreach``, ``while_loop``, ``cond`` and ``rand_zipfian``: MXNet's imperative
control flow (plain Python loops over NDArrays, so autograd records every step) and its Zipfian
candidate sampler.

Loop data, states and outputs may be an NDArray or (nested) lists/tuples of NDArrays; outputs are
flattened per step, stacked along axis 0 and regrouped into the structure of the last step.
"""
from __future__ import annotations

import math

from ..context import current_context
from .creation import zeros
from .ndarray import NDArray
from .op import concat, stack
from .random import uniform

__all__ = ["foreach", "while_loop", "cond", "rand_zipfian"]


def _flatten(args, what):
    """``(flat list of NDArrays, format)``: format 0 stands for one NDArray, a list for a list/tuple."""
    if isinstance(args, NDArray):
        return [args], 0
    if not isinstance(args, (list, tuple)):
        raise AssertionError(f"{what} must be (nested) list of NDArray, but got {args} of type {type(args)}")
    flat, fmt = [], []
    for item in args:
        items, item_fmt = _flatten(item, what)
        flat.extend(items)
        fmt.append(item_fmt)
    return flat, fmt


def _regroup(flat, fmt):
    """Undo ``_flatten``: ``(nested structure, the NDArrays left over)``; lists come back as lists."""
    if fmt == 0:
        return flat[0], flat[1:]
    nested = []
    for item_fmt in fmt:
        item, flat = _regroup(flat, item_fmt)
        nested.append(item)
    return nested, flat


def _to_python(value, type_, name):
    """``type_(value)``, through ``asscalar()`` for arrays; ValueError when it cannot be converted."""
    if hasattr(value, "asscalar"):
        value = value.asscalar()  # its own ValueError for an array of more than one element
    try:
        return type_(value)
    except Exception as error:
        raise ValueError(f"Cannot convert {name} to python {type_.__name__}") from error


def foreach(body, data, init_states):
    """Run ``out, states = body(data[i], states)`` for each ``i`` along axis 0 of ``data``.

    ``data`` is an NDArray (``body`` gets ``data[i]``) or a list of them (``body`` gets the list of
    slices). Returns ``(outputs, states)``: every output stacked along a new axis 0, in the
    structure ``body`` returned, and the states of the last step as ``body`` returned them.

    >>> import mxnd as mx
    >>> step = lambda x, s: (x + s, x + s)
    >>> outs, state = mx.nd.contrib.foreach(step, mx.nd.array([[1, 2], [3, 4]]), mx.nd.array([10, 20]))
    >>> outs.asnumpy().tolist(), state.asnumpy().tolist()
    ([[11.0, 22.0], [14.0, 26.0]], [14.0, 26.0])
    """
    _flatten(data, "foreach input")
    _flatten(init_states, "foreach states")
    single = isinstance(data, NDArray)
    num_iters = data.shape[0] if single else data[0].shape[0]
    if num_iters == 0:  # MXNet fails the same way: no step, so no output structure
        raise UnboundLocalError("foreach: data has no element along axis 0, so the output structure is unknown")
    states, steps = init_states, []
    for i in range(num_iters):
        outs, states = body(data[i] if single else [array[i] for array in data], states)
        outs, out_fmt = _flatten(outs, "foreach output")
        steps.append(outs)
    outputs, _ = _regroup([stack(*column) for column in zip(*steps)], out_fmt)
    return outputs, states


def while_loop(cond, func, loop_vars, max_iterations=None):
    """Run ``step_output, loop_vars = func(*loop_vars)`` while ``cond(*loop_vars)`` holds, at most
    ``max_iterations`` times (required).

    Returns ``(outputs, loop_vars)``: each step output stacked along axis 0 and padded to
    ``max_iterations`` rows (MXNet leaves the padding undefined; mxnd fills it with zeros), in
    the structure of the step output (``[]`` when no step ran), and the final loop variables
    (an NDArray when ``loop_vars`` was one).

    >>> import mxnd as mx
    >>> outs, i = mx.nd.contrib.while_loop(lambda i: i < 2, lambda i: (i * 10, i + 1),
    ...                                    mx.nd.array([0]), max_iterations=3)
    >>> outs.asnumpy().tolist()[:2], i.asnumpy().tolist()
    ([[0.0], [10.0]], [2.0])
    """
    if max_iterations is None:
        raise ValueError("max_iterations should be specified")
    max_iterations = _to_python(max_iterations, int, "max_iteration")
    if len(loop_vars) == 0:
        raise ValueError("loop_vars should contain at least one element")
    single = isinstance(loop_vars, NDArray)
    if not isinstance(loop_vars, (list, tuple)):
        loop_vars = [loop_vars]
    steps, out_fmt = [], None
    while len(steps) < max_iterations and _to_python(cond(*loop_vars), bool, "Return value of cond"):
        step_output, new_vars = func(*loop_vars)
        step_output = [] if step_output is None else step_output
        new_vars = [] if new_vars is None else new_vars
        new_vars = list(new_vars) if isinstance(new_vars, (list, tuple)) else [new_vars]
        if len(new_vars) != len(loop_vars):
            raise ValueError("The length of loop_vars should be consistent during the loop")
        loop_vars = new_vars
        step_output, out_fmt = _flatten(step_output, "while output")
        steps.append(step_output)
        if len(step_output) != len(steps[0]):
            raise ValueError("Number of elements in step_output should be the same in each step")
    outputs = []
    for column in zip(*steps):
        rows = [array.expand_dims(0) for array in column]
        if len(rows) < max_iterations:
            first = column[0]
            rows.append(zeros((max_iterations - len(rows),) + first.shape, ctx=first.context, dtype=first.dtype))
        outputs.append(concat(*rows, dim=0))
    if out_fmt is not None:
        outputs, _ = _regroup(outputs, out_fmt)
    return outputs, loop_vars[0] if single else loop_vars


def cond(pred, then_func, else_func):
    """``then_func()`` when ``pred`` (a one-element NDArray, through ``asscalar``, or a Python
    value) is true, else ``else_func()``; whatever the branch returns is returned as is.

    >>> import mxnd as mx
    >>> a = mx.nd.array([2])
    >>> mx.nd.contrib.cond(a > 1, lambda: a * 10, lambda: a - 1).asnumpy().tolist()
    [20.0]
    """
    return then_func() if _to_python(pred, bool, "pred") else else_func()


def rand_zipfian(true_classes, num_sampled, range_max, ctx=None):
    """Draw ``num_sampled`` classes in ``[0, range_max)`` with replacement from the approximately
    log-uniform (Zipfian) distribution ``P(c) = log((c + 2) / (c + 1)) / log(range_max + 1)``.

    Returns ``(samples, expected_count_true, expected_count_sample)``: int64 samples and float64
    expected counts (``P(c) * num_sampled``), on ``ctx`` (default: the current context). The draw
    uses ``mx.nd.random.uniform``, so ``mx.random.seed`` governs it.

    >>> import mxnd as mx
    >>> samples, count_true, count_sample = mx.nd.contrib.rand_zipfian(mx.nd.array([3]), 4, 5)
    >>> samples.dtype.__name__, samples.shape, count_true.asnumpy().round(6).tolist()
    ('int64', (4,), [0.498155])
    """
    if ctx is None:
        ctx = current_context()
    log_range = math.log(range_max + 1)
    draw = uniform(0, log_range, shape=(num_sampled,), dtype="float64", ctx=ctx)
    samples = (draw.exp() - 1).astype("int64") % range_max  # the modulo keeps rounding inside the range
    true_cls = true_classes.as_in_context(ctx).astype("float64")
    expected_count_true = ((true_cls + 2.0) / (true_cls + 1.0)).log() / log_range * num_sampled
    sampled_cls = samples.astype("float64")
    expected_count_sample = ((sampled_cls + 2.0) / (sampled_cls + 1.0)).log() / log_range * num_sampled
    return samples, expected_count_true, expected_count_sample
