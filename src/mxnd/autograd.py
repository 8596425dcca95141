"""``mx.autograd``: MXNet's recording model on torch's autograd engine.

Variables are NDArrays whose tensor is a torch leaf with ``requires_grad`` (``attach_grad``);
operators build torch's graph only inside ``record()`` (build.py guards calls outside it);
``backward`` runs torch's engine in its accumulating mode: each variable's leaf has a hook
(set by ``attach_grad``) that moves the gradient torch accumulated into the variable's stable
``.grad`` buffer by its ``grad_req`` ('write' overwrites, 'add' accumulates), so a backward
pass touches only the variables in its graph.
"""
from __future__ import annotations

import abc
import contextlib
import sys
import threading
import weakref

import numpy as np
import torch

from . import op_names
from .errors import MXNetError
from .fast_paths import on_host
from .integer_variables import RecordedFunction, ShadowedTensor, graph_tensor, integer_shadow, make_leaf, shadowed
from .ndarray.ndarray import NDArray, wrap
from .recording import FLAGS, is_recording, is_training, set_recording, set_training, writable_flags

__all__ = ["record", "pause", "train_mode", "predict_mode", "is_recording", "is_training",
           "set_recording", "set_training", "mark_variables", "backward", "grad", "Function",
           "NDArray"]  # MXNet's module has no __all__: its star import gives NDArray too

# MXNet's text (imperative.cc) for heads outside any recorded graph
NOT_IN_GRAPH = (
    "Cannot differentiate node because it is not in a computational graph. You need to set "
    "is_recording to true or use autograd.record() to save computational graphs for backward. "
    "If you want to differentiate the same graph twice, you need to pass retain_graph=True to "
    "backward.")
INTEGER_HEAD = (
    "(The head's dtype is {}: integer arrays are in mxnd's graph only when computed from integer "
    "variables; MXNet 1.9.1 also records integer results of floating-point ones, quantize's.)")
GRAD_REQS = ("write", "add", "null")
GRAD_REQ_CODES = {"null": 0, "write": 1, "add": 3}  # MXNet's OpReqType values (mx.nd._GRAD_REQ_MAP)


class _Scope:
    """Set the recording/training flags for a ``with`` block and restore them after it."""

    __slots__ = ("_recording", "_training", "_flags", "_was_recording", "_was_training", "_grad_was_off")

    def __init__(self, recording, training):
        self._recording, self._training = recording, training

    def __enter__(self):
        self._flags = flags = writable_flags()
        self._was_recording, self._was_training = flags.recording, flags.training
        self._grad_was_off = False
        if self._recording is not None:
            flags.recording = self._recording
            # record() must build torch's graph even under a caller's torch.no_grad()
            if self._recording and not torch.is_grad_enabled():
                self._grad_was_off = True
                torch.set_grad_enabled(True)
        if self._training is not None:
            flags.training = self._training
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if self._grad_was_off:
            torch.set_grad_enabled(False)
        flags = self._flags
        flags.recording, flags.training = self._was_recording, self._was_training


def record(train_mode=True):
    """Record operators for ``backward`` (training mode unless ``train_mode=False``).

    >>> import mxnd as mx
    >>> x = mx.nd.array([1., 2.]); x.attach_grad()
    >>> with mx.autograd.record():
    ...     y = x * x
    >>> y.backward(); x.grad.asnumpy().tolist()
    [2.0, 4.0]
    """
    return _Scope(True, train_mode)


def pause(train_mode=False):
    """Stop recording inside a ``record()`` block (predict mode unless ``train_mode=True``)."""
    return _Scope(False, train_mode)


def train_mode():
    """Training mode for Dropout/BatchNorm without changing recording."""
    return _Scope(None, True)


def predict_mode():
    """Predict mode for Dropout/BatchNorm without changing recording."""
    return _Scope(None, False)


def _check_req(grad_req):
    if grad_req not in GRAD_REQS:  # a KeyError, as MXNet's lookup in _GRAD_REQ_MAP
        raise KeyError(f"grad_req must be one of {GRAD_REQS}, got {grad_req!r}")
    return grad_req


def _make_variable(array: NDArray, gradient: NDArray, grad_req: str):
    def store_gradients(leaf):
        if grad_req != "null":
            leaf.register_post_accumulate_grad_hook(_gradient_store(weakref.ref(array)))

    if array.stype != "default":  # a dense leaf, made when first recorded, stands for it in the graph
        from .ndarray.sparse.recorded import make_variable

        make_variable(array, grad_req != "null", store_gradients)
    elif array._data.dtype.is_floating_point:
        array._data = array._data.detach().requires_grad_(grad_req != "null")
        store_gradients(array._data)
    elif array._data.dtype is not torch.bool and grad_req != "null":  # integers: a float64 shadow
        array._data, leaf = make_leaf(array._data)  # (integer_variables.py)
        store_gradients(leaf)
    array._grad = gradient
    array._grad_req = grad_req


def _leaf(variable):
    """The torch tensor standing for a variable in the graph (a sparse one's dense leaf), or None."""
    try:
        return graph_tensor(variable._data)
    except AttributeError:
        from .ndarray.sparse.recorded import graph_of

        return graph_of(variable)


def attach_grad(array: NDArray, grad_req="write", stype=None):
    """Make ``array`` a variable with a zero gradient buffer (NDArray.attach_grad) of storage type
    ``stype`` (default: the array's)."""
    _check_req(grad_req)
    stype = array.stype if stype is None else stype
    if stype != "default" or array.stype != "default":
        from .ndarray.sparse.creation import zeros as sparse_zeros

        gradient = sparse_zeros(stype, array.shape, ctx=array._ctx, dtype=array.dtype)
    else:
        gradient = wrap(torch.zeros_like(array._data, requires_grad=False), array._ctx)
    _make_variable(array, gradient, grad_req)


def mark_variables(variables, gradients, grad_reqs="write"):
    """Mark NDArrays as variables whose gradients go into the given buffers."""
    if isinstance(variables, NDArray):
        variables, gradients = [variables], [gradients]
    reqs = [grad_reqs] * len(variables) if isinstance(grad_reqs, str) else list(grad_reqs)
    if not len(variables) == len(gradients) == len(reqs):
        raise ValueError("mark_variables: variables, gradients and grad_reqs must have the same length")
    for variable, gradient, req in zip(variables, gradients, reqs):
        _make_variable(variable, gradient, _check_req(req))


def _as_list(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _check_in_graph(data):
    """A head must have been recorded, and not differentiated since without ``retain_graph``."""
    if not data.requires_grad or (data.grad_fn is not None and data.grad_fn.metadata.get(_FREED)):
        if not (data.is_floating_point() or data.is_complex()):
            raise MXNetError(f"{NOT_IN_GRAPH} {INTEGER_HEAD.format(str(data.dtype)[6:])}")
        raise MXNetError(NOT_IN_GRAPH)


def _head_tensors(heads, head_grads):
    if head_grads is None and type(heads) is list and len(heads) == 1 and type(heads[0]) is NDArray:
        data = heads[0]._data  # NDArray.backward() of a dense array: the common call
        if type(data) is ShadowedTensor:
            data = data._shadow
        _check_in_graph(data)
        return [data], [_default_head_grad(data)]
    heads = _as_list(heads)
    if head_grads is None:
        head_grads = [None] * len(heads)
    head_grads = _as_list(head_grads)
    if len(head_grads) != len(heads):
        raise ValueError("heads and head_grads must have the same length")
    tensors, grads = [], []
    for head, head_grad in zip(heads, head_grads):
        if head.stype != "default":  # a sparse head: its stored values carry the graph
            from .ndarray.sparse.gradients import head_values

            data, head_grad_data = head_values(head, head_grad)
            head_grad_data = _for_shadow(head_grad_data, data, np.dtype(head.dtype).kind in "iu")
        else:
            data = graph_tensor(head._data)
            head_grad_data = None if head_grad is None else _dense_data(head_grad)
            head_grad_data = _for_shadow(head_grad_data, data, type(head._data) is ShadowedTensor)
            if head_grad_data is not None and head_grad_data.shape != data.shape:
                raise MXNetError(f"backward: Mismatch in shape: the head gradient has shape "
                                 f"{tuple(head_grad_data.shape)}, the head {tuple(data.shape)}")
        _check_in_graph(data)
        tensors.append(data)
        grads.append(_default_head_grad(data) if head_grad_data is None else head_grad_data)
    return _last_of_each(tensors, grads) if len(tensors) > 1 else (tensors, grads)


def _for_shadow(head_grad, data, integer_head: bool):
    """An integer head's given gradient in the dtype of its float64 shadow ``data``."""
    if head_grad is not None and integer_head and head_grad.dtype is not data.dtype:
        return head_grad.to(data.dtype)
    return head_grad


def _last_of_each(tensors, grads):
    """A head listed more than once (``backward([y, y], [g1, g2])``) takes its last head gradient,
    as in MXNet 1.9.1, whose graph has one output entry per array; torch would sum them."""
    last = {id(tensor): i for i, tensor in enumerate(tensors)}
    if len(last) == len(tensors):
        return tensors, grads
    kept = sorted(last.values())
    return [tensors[i] for i in kept], [grads[i] for i in kept]


def _dense_data(array):
    """The dense tensor of a (head gradient) array of any storage type."""
    if array.stype == "default":
        return array._data
    from .ndarray.sparse.convert import to_dense_tensor

    return to_dense_tensor(array)


_HEAD_ONES = threading.local()
_HEAD_ONES_ENTRIES = 4  # per thread, the most recently used kept
_HEAD_ONES_BYTES = (64 << 10, 256 << 20)  # smaller: torch.ones_like costs about as much as the lookup


def _default_head_grad(data):
    """Ones shaped like the head ``data``: MXNet's default head gradient (``SetValueOp`` in the
    profiler's statistics, as MXNet names it)."""
    return op_names.named("SetValueOp", _head_ones, data)


def _head_ones(data):
    """Ones shaped like ``data``.

    A host tensor of ones (64 KB to 256 MB) is kept per thread and reused while nothing wrote into
    it (its ``_version``): a fresh allocation of 32 MB or more costs page faults on every backward
    (9 ms of a 50 ms convolution step here), which MXNet's memory pool does not pay, and smaller
    ones still cost the fill (30 µs for an LSTM's 655 KB output).

    >>> _head_ones(torch.zeros(2, 3)).tolist()
    [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    """
    nbytes = data.numel() * data.element_size()
    if not on_host(data) or not _HEAD_ONES_BYTES[0] <= nbytes <= _HEAD_ONES_BYTES[1]:
        return torch.ones_like(data)
    cache = getattr(_HEAD_ONES, "entries", None)
    if cache is None:
        cache = _HEAD_ONES.entries = {}
    key = (data.shape, data.dtype)
    ones, version = cache.pop(key, (None, None))
    if ones is None:
        ones = torch.ones_like(data)
    elif ones._version != version:  # an in-place write (a custom backward, a view given out)
        ones.fill_(1)
    cache[key] = (ones, ones._version)
    while len(cache) > _HEAD_ONES_ENTRIES:
        del cache[next(iter(cache))]
    return ones


# torch's autograd engine, called as torch.autograd.grad calls it, without that function's
# argument normalization and checks (about 15 µs a call; _head_tensors checks the head gradients)
_ENGINE = torch.autograd.Variable._execution_engine
_NO_CHANGE = contextlib.nullcontext()


def _differentiate(tensors, grads, inputs, retain_graph, create_graph, train_mode):
    """The gradients of ``tensors`` w.r.t. ``inputs``; with no ``inputs``, torch accumulates
    into every leaf it reaches instead (the variables' hooks store them)."""
    previous = set_training(train_mode)
    try:
        with _NO_CHANGE if torch.is_grad_enabled() else torch.enable_grad():
            return _ENGINE.run_backward(tuple(tensors), tuple(grads), retain_graph, create_graph,
                                        tuple(inputs), True, not inputs)  # allow unused
    except MXNetError:  # raised by an operator's own backward (a custom operator's)
        raise
    except RuntimeError as error:
        if "second time" in str(error) or "does not require grad" in str(error):
            raise MXNetError(NOT_IN_GRAPH) from None
        raise MXNetError(f"backward: {str(error).splitlines()[0]}") from error
    finally:
        set_training(previous)


def backward(heads, head_grads=None, retain_graph=False, train_mode=True):
    """Compute gradients of ``heads`` and store them in the variables' ``.grad`` buffers.

    torch's engine accumulates into the leaves it reaches, and each variable's hook (set by
    attach_grad) moves that gradient into the variable's buffer: a backward pass costs nothing
    for the variables outside its graph (a model's other parameters, earlier experiments).
    """
    tensors, grads = _head_tensors(heads, head_grads)
    _differentiate(tensors, grads, (), retain_graph, False, train_mode)
    if not retain_graph:
        _free(tensors)


_FREED = "mxnd_freed"  # a key of a torch graph node's metadata: backward went through it without retain_graph


def _free(tensors):
    """Mark the heads' graph as used up, as MXNet clears it after a backward pass without
    ``retain_graph``: differentiating them again raises even where torch kept what it needs."""
    for tensor in tensors:
        if tensor.grad_fn is not None:
            tensor.grad_fn.metadata[_FREED] = True


def _gradient_store(array_ref):
    """The hook a variable's leaf tensor runs once torch has accumulated its gradient: move the
    gradient into the variable's ``.grad`` buffer by its ``grad_req`` and leave the leaf's
    ``.grad`` empty. The gradient is the leaf's own (torch steals a fresh tensor or clones a
    shared one), so a large one may be adopted by the buffer instead of copied."""
    def store(leaf):
        gradient, leaf.grad = leaf.grad, None
        variable = array_ref()
        if variable is None or gradient is None or (
                graph_tensor(getattr(variable, "_data", None)) is not leaf
                and getattr(variable, "_graph", None) is not leaf):
            return  # a collected variable, or one attached again since (MXNet: its old buffer)
        variable._fresh = True  # NDArray._fresh_grad
        data = getattr(variable, "_data", None)
        if type(data) is ShadowedTensor:  # the shadow's gradient, truncated as MXNet's integers
            gradient = gradient.to(data.dtype)
        if gradient.layout is not torch.strided or variable._grad.stype != "default":
            from .ndarray.sparse.gradients import store_gradient

            store_gradient(variable._grad, gradient, variable._grad_req)
            return
        buffer = variable._grad._data
        if variable._grad_req == "add":
            buffer.add_(gradient)
        elif ((gradient.is_cuda or gradient.numel() * gradient.element_size() >= _ADOPT_MIN_BYTES)
              and _can_adopt(buffer, gradient)):
            variable._grad._data = gradient  # same NDArray, fresh memory: no copy
        else:
            buffer.copy_(gradient)
    return store


_USE_COUNT = getattr(torch._C, "_storage_Use_Count", None)
# below this, a host copy into the buffer costs less than checking the aliases; on a GPU a copy is
# a kernel launch (more than the check), so every gradient there is adopted where it may be
_ADOPT_MIN_BYTES = 64 << 10


def _alone(tensor) -> bool:
    """Whether nothing but ``tensor`` (and the fresh tensor it may be a whole view of) uses its memory:
    no other tensor on its storage (views, NumPy/DLPack sharing), no Python owner of its base."""
    storage, base = tensor.untyped_storage(), tensor._base
    return (tensor.storage_offset() == 0 and storage.nbytes() == tensor.numel() * tensor.element_size()
            and tensor.is_contiguous()
            and (base is None or (base._base is None and sys.getrefcount(base) <= 3))
            and _USE_COUNT(storage._cdata) == (2 if base is None else 3))  # itself (and base) + ``storage``


def _can_adopt(buffer, gradient) -> bool:
    """Whether the fresh ``gradient`` may replace the memory of a 'write' grad buffer instead of
    being copied into it: nothing else can observe either tensor (no view of the buffer, no other
    NDArray on it, the gradient not aliased), so MXNet's stable-buffer semantics still hold."""
    return (_USE_COUNT is not None and not gradient.requires_grad and gradient.dtype is buffer.dtype
            and gradient.get_device() == buffer.get_device() and gradient.shape == buffer.shape
            # the buffer is held by its NDArray's slot, the caller, this parameter and getrefcount
            and sys.getrefcount(buffer) <= 4 and _alone(buffer) and _alone(gradient))


def grad(heads, variables, head_grads=None, retain_graph=None, create_graph=False, train_mode=True):
    """Gradients of ``heads`` w.r.t. ``variables`` as a list of new NDArrays (``.grad`` buffers
    untouched), one per variable, also for a single NDArray variable: MXNet 1.9.1 meant to return
    that one alone but tests the name it has just rebound to a list.

    >>> import mxnd as mx
    >>> x = mx.nd.array([2.0]); x.attach_grad()
    >>> with mx.autograd.record():
    ...     y = x * x
    >>> mx.autograd.grad(y, x)[0].asnumpy()
    array([4.], dtype=float32)
    """
    variables = _as_list(variables)
    leaves = [_leaf(v) for v in variables]
    for leaf in leaves:
        if leaf is None or not leaf.requires_grad:
            raise MXNetError(NOT_IN_GRAPH)
    tensors, grads = _head_tensors(heads, head_grads)
    retain = create_graph if retain_graph is None else retain_graph
    results = _differentiate(tensors, grads, leaves, retain, create_graph, train_mode)
    if not retain:
        _free(tensors)
    # a gradient on the memory of a head gradient (a head that is a variable, or a view of one)
    # is copied: the default head gradient's memory is reused by later backward passes
    heads_memory = {g.untyped_storage().data_ptr() for g in grads if g.layout is torch.strided}
    return [_gradient_array(v, leaf, g, heads_memory, create_graph)
            for v, leaf, g in zip(variables, leaves, results)]


def _gradient_array(variable, leaf, gradient, heads_memory, create_graph):
    """``variable``'s gradient from torch's engine as a dense NDArray of its own memory."""
    if gradient is None or gradient._is_zerotensor():  # not reached, or torch's storage-less zeros
        gradient = torch.zeros_like(leaf)
    elif gradient.layout is not torch.strided:
        gradient = gradient.to_dense()
    elif gradient.untyped_storage().data_ptr() in heads_memory:
        gradient = gradient.clone()
    if create_graph and not gradient.requires_grad:  # independent of the variable, yet in the graph
        gradient = _ZeroLink.apply(gradient, leaf)
    if type(getattr(variable, "_data", None)) is ShadowedTensor:  # an integer variable's: in its dtype,
        values = gradient.detach().to(variable._data.dtype)  # still in the graph with create_graph
        gradient = shadowed(values, integer_shadow(gradient)) if gradient.requires_grad else values
    return wrap(gradient, variable._ctx)


class _ZeroLink(torch.autograd.Function):
    """``value`` joined to ``variable``'s graph with a zero gradient. MXNet records the backward
    graph of ``grad(create_graph=True)`` whether or not a gradient depends on its variable (that of
    ``radians`` or ``clip`` does not), so differentiating it again gives zeros, not an error."""

    @staticmethod
    def forward(ctx, value, variable):
        ctx.variable_shape = variable.shape
        return value.clone()

    @staticmethod
    def backward(ctx, head):
        return None, head.new_zeros(ctx.variable_shape)


def _output_in_graph(given, traced, ctx):
    """A Function's output after the graph recorded it: the traced tensor, or for a csr/row_sparse
    output, that array carrying the traced tensor as its dense graph tensor."""
    if given.stype == "default":
        return wrap(traced, ctx)
    given._graph = traced
    return given


class _Bridge(RecordedFunction):
    """Runs an mx.autograd.Function's forward/backward inside torch's graph (with integer variables
    among the inputs, forward runs twice: on the values, then on their float64 shadows)."""

    @staticmethod
    def forward(ctx, function, arrays, *tensors):
        # dense inputs as new arrays on the (graph-free here) tensors; csr/row_sparse ones as they are
        inputs = [wrap(t, a._ctx) if a.stype == "default" else a for t, a in zip(tensors, arrays)]
        with _Scope(False, None):
            outputs = function.forward(*inputs)
        ctx.function = function
        function._single_output = isinstance(outputs, NDArray)
        function._outputs = outputs = _as_list(outputs)
        return tuple(_dense_data(o) for o in outputs)

    @staticmethod
    def backward(ctx, *output_grads):
        function = ctx.function
        grads = [wrap(g.contiguous(), c) for g, c in zip(output_grads, function._output_contexts)]
        with _Scope(False, None):
            input_grads = function.backward(*grads)
        return (None, None) + tuple(_dense_data(g) if isinstance(g, NDArray) else None for g in _as_list(input_grads))


class Function(abc.ABC):
    """A custom operator: subclass, define ``forward`` and ``backward`` on NDArrays.

    >>> import mxnd as mx
    >>> class Double(mx.autograd.Function):
    ...     def forward(self, x):
    ...         return x * 2
    ...     def backward(self, dy):
    ...         return dy * 2
    >>> x = mx.nd.array([1., 2.]); x.attach_grad()
    >>> with mx.autograd.record():
    ...     y = Double()(x)
    >>> y.backward(); x.grad.asnumpy().tolist()
    [2.0, 2.0]
    """

    def __init__(self):
        self.saved_tensors = ()
        self._single_output = True
        self._outputs = ()
        self._output_contexts = ()
        self._used = False

    def save_for_backward(self, *args):
        """Keep arrays for ``backward`` (as ``self.saved_tensors``)."""
        self.saved_tensors = args

    @abc.abstractmethod
    def forward(self, *inputs):
        """The outputs (NDArray or list) computed from the input NDArrays."""

    @abc.abstractmethod
    def backward(self, *output_grads):
        """The gradient w.r.t. each input, given the gradient of each output."""

    def __call__(self, *inputs):
        if self._used:
            raise AssertionError("Each Function instance can only be called once. "
                                 "Please create another instance.")
        self._used = True
        try:
            tensors = [i._data for i in inputs]
        except AttributeError:  # a csr or row_sparse input: its dense graph tensor stands for it
            from .ndarray.sparse.recorded import graph_tensor

            tensors = [graph_tensor(i) for i in inputs]
        if FLAGS.get().recording and any(t.requires_grad for t in tensors):
            outputs = _Bridge.apply(self, inputs, *tensors)
            ctx = inputs[0]._ctx
            arrays = [_output_in_graph(given, traced, ctx) for given, traced in zip(self._outputs, outputs)]
            self._outputs = ()
            self._output_contexts = [a._ctx for a in arrays]
            return arrays[0] if self._single_output else arrays
        with _Scope(False, None):
            return self.forward(*inputs)
