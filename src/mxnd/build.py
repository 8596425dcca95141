"""Turns each OpSpec into its ``mx.nd`` function, fluent method and docstring, in one place.

Everything per-op but fixed (parsers, defaults, positional order) is computed at import;
a call only binds arguments, reads ``._data``, checks dtypes/contexts, runs the torch body
and wraps the result. ``finish`` is the only place that wraps tensors and honours ``out=``.
"""
from __future__ import annotations

import operator
import types

import torch

from . import dtypes, param_errors
from .errors import MXNetError, context_mismatch, dtype_mismatch, operator_error
from .integer_variables import ShadowedTensor, written
from .ndarray.ndarray import NDArray, _new, wrap, write_into
from .op_names import slot as body_slot
from .params import ParamError
from .recording import FLAGS, without_grad
from .registry import REQUIRED, SPARSE_DISPATCH, OpSpec, SparseInputs, TupleOutputs

__all__ = ["build_function", "make_method", "finish", "render_doc"]

_ENGINE_ERRORS = (RuntimeError, ValueError, TypeError, IndexError, ZeroDivisionError)


def needs_guard(tensors) -> bool:
    """True when an input requires grad but nothing records: then the op must not build a graph.

    (Entering ``torch.no_grad()`` on every call would cost 2-3 µs; reading requires_grad is cheap.)
    """
    for tensor in tensors:
        if tensor is not None and tensor.requires_grad:
            return not FLAGS.get().recording
    return False


def finish(result, out, ctx, op_name: str):
    """Wrap the torch result(s) of ``op_name`` as NDArray(s) on ``ctx``, or write into ``out``.

    Rules for ``out=`` (MXNet's): the shape must equal the inferred output shape and the
    dtype must match; the values are written into ``out``'s storage (so views of ``out``
    see them) and ``out`` itself is returned.
    """
    if out is None:
        if isinstance(result, torch.Tensor):  # torch's, or an integer variable's (integer_variables.py)
            return wrap(result if result.is_contiguous() else result.contiguous(), ctx)
        arrays = [wrap(r.contiguous(), ctx) for r in result]
        return tuple(arrays) if isinstance(result, TupleOutputs) else arrays
    if isinstance(result, torch.Tensor):
        _write_out(result, out, op_name)
        return out
    outs = out if isinstance(out, (list, tuple)) else [out]
    if len(outs) != len(result):
        raise MXNetError(f"{op_name}: expected {len(result)} output arrays in out=, got {len(outs)}")
    for r, o in zip(result, outs):
        _write_out(r, o, op_name)
    return out


def _write_out(result: torch.Tensor, out, op_name: str):
    target = _check_out(out, result.shape, result.dtype, op_name)
    if target is None:  # a sparse out= of a dense result: MXNet's fallback stores it in out's storage type
        out[:] = wrap(result, out.context)
    elif result is not target:  # a writes_out body may have filled it already
        write_into(target, result, op_name)
        if type(result) is ShadowedTensor:  # computed from integer variables, inside record()
            out._data = written(target, result)


def _check_outs(out, tensors, positions, op_name: str):
    """Check ``out=`` (an NDArray or a list) against the inputs at ``positions``, one per output."""
    outs = out if isinstance(out, (list, tuple)) else [out]
    if len(outs) != len(positions):
        raise MXNetError(f"{op_name}: expected {len(positions)} output arrays in out=, got {len(outs)}")
    for index, (target, position) in enumerate(zip(outs, positions)):
        _check_out(target, tensors[position].shape, tensors[position].dtype, op_name, index)


def _check_out(out, shape, dtype, op_name: str, index: int = 0) -> torch.Tensor:
    """``out``'s tensor, checked to be an NDArray of ``shape`` and ``dtype`` (MXNet's messages); None
    for a sparse ``out`` (it has no dense tensor to write into)."""
    if not isinstance(out, NDArray):
        raise TypeError(f"{op_name}: out must be an NDArray, got {type(out).__name__}")
    target = getattr(out, "_data", None)  # None for a sparse array
    if target is None:
        got_shape, got_dtype = tuple(out.shape), dtypes.to_torch(out.dtype)
    else:
        got_shape, got_dtype = target.shape, target.dtype
    if got_shape != shape:
        raise MXNetError(f"{op_name}: Shape inconsistent, Provided = {list(got_shape)}, "
                         f"inferred shape={list(shape)}")
    if got_dtype is not dtype:
        if op_name in _INIT_OPS:  # their type inference is TYPE_ASSIGN_CHECK's
            raise MXNetError(f"{op_name}: Type inconsistent, Provided = {dtypes.name_of(got_dtype)}, "
                             f"inferred type = {dtypes.name_of(dtype)}")
        raise MXNetError(f"{op_name}: Incompatible attr in node at {index}-th output: expected "
                         f"{dtypes.name_of(dtype)}, got {dtypes.name_of(got_dtype)}")
    return target


# creation operators whose output dtype comes from their dtype parameter (InitType in MXNet)
_INIT_OPS = frozenset({"_zeros", "_ones", "_full", "_arange", "_linspace", "_eye"})


def _checked_out_values(spec: OpSpec, out, tensors, values: dict) -> dict:
    """``values`` for a call of ``spec`` with ``out=``, checked against the inputs first (so a wrong
    ``out`` raises before anything is written); a ``writes_out`` body also gets the tensor it may
    fill: a dense ``out=`` array's, outside recording."""
    if spec.out_like >= 0:
        _check_out(out, tensors[spec.out_like].shape, tensors[spec.out_like].dtype, spec.name)
    elif spec.outs_like is not None:
        _check_outs(out, tensors, spec.outs_like(tensors, values), spec.name)
    if spec.writes_out:
        fill = out._data if type(out) is NDArray and not FLAGS.get().recording else None
        values = dict(values, out=fill)
    return values


def _input_checker(spec: OpSpec):
    """Return ``check(arrays) -> (tensors, ctx)`` for the input rules of ``spec``."""
    op_name, names = spec.name, spec.input_names
    optional = spec.optional_inputs
    same_dtype, no_bool = spec.same_dtype, spec.no_bool

    def reject(position, value, arrays=()):
        if value is None:  # MXNet's frontend drops None inputs; the operator then counts too few
            given = sum(a is not None for a in arrays)
            raise MXNetError(f"{op_name}: Operator {op_name} expects {len(arrays)} inputs, but got {given} instead.")
        name = names[min(position, len(names) - 1)]
        raise AssertionError(f"{op_name}: Argument {name} must have NDArray type, but got {value!r}")

    def check(arrays):
        try:
            tensors = [a._data for a in arrays]
        except AttributeError:
            for a in arrays:  # sparse arrays have no dense _data: the storage dispatch takes them
                if isinstance(a, NDArray) and a.stype != "default":
                    raise SparseInputs() from None
            if not any(optional):
                for i, a in enumerate(arrays):
                    if not isinstance(a, NDArray):
                        reject(i, a, arrays)
            for i, a in enumerate(arrays):  # an optional input left out arrives as None
                if not isinstance(a, NDArray) and not (a is None and optional[min(i, len(optional) - 1)]):
                    reject(i, a, arrays)
            tensors = [None if a is None else a._data for a in arrays]
        if not tensors:
            return tensors, None
        first = arrays[0]
        ctx = first._ctx.operator_context
        dtype = tensors[0].dtype
        for i in range(1, len(arrays)):
            if arrays[i] is None:
                continue
            other = arrays[i]._ctx
            if other is not ctx and other.device != ctx.device:
                raise context_mismatch(op_name, ctx, other)
            if same_dtype and tensors[i].dtype is not dtype:
                raise dtype_mismatch(op_name, i, dtypes.name_of(dtype), dtypes.name_of(tensors[i].dtype))
        if no_bool and dtype is torch.bool:
            raise MXNetError(f"Operator {op_name} does not support boolean type")
        return tensors, ctx

    return check


def build_function(spec: OpSpec):
    """The ``mx.nd.<name>`` function of ``spec``."""
    body, op_name = body_slot(spec), spec.name  # body[0]: the operator's body (op_names.py)
    input_names, optional = spec.input_names, spec.optional_inputs
    n_inputs, variadic = len(input_names), spec.variadic
    param_names = tuple(p.name for p in spec.params)
    parsers = {p.name: p.parse for p in spec.params}
    defaults = {p.name: p.default for p in spec.params if p.default is not REQUIRED}
    required = tuple(p.name for p in spec.params if p.default is REQUIRED)
    check = _input_checker(spec)
    writes_out = spec.writes_out

    def bind(args, kwargs):
        """Slow path: split positionals/keywords into input arrays and parsed params. As in MXNet,
        the parameters are read before the inputs are counted; an unreadable one raises MXNet's
        message (mxnd.param_errors)."""
        kwargs, absent_input = dict(kwargs), False
        if variadic:
            arrays, rest = list(args), ()
            arrays += kwargs.pop(input_names[0], [])
            arrays += [kwargs.pop(name) for name in spec.keyword_inputs if name in kwargs]
        else:
            arrays, index = [], 0
            for slot, name in enumerate(input_names):
                if index < len(args):  # positions fill inputs in order, as MXNet's signatures;
                    arrays.append(args[index])  # None leaves an optional input out
                    index += 1
                elif name in kwargs:
                    arrays.append(kwargs.pop(name))
                elif optional[slot]:
                    arrays.append(None)  # e.g. bias with no_bias=True
                else:
                    absent_input = True
                    break
            rest = args[index:]
        if len(rest) > len(param_names):  # MXNet's signature: (inputs..., params..., out, name)
            extra = rest[len(param_names):]
            rest = rest[:len(param_names)]
            if len(extra) > 2:  # MXNet's generated signature: (inputs..., params..., out=None, name=None)
                raise TypeError(f"{op_name}() takes from 0 to {n_inputs + len(param_names) + 2} positional "
                                f"arguments but {len(args)} were given")
            kwargs["out"] = extra[0]
        given = dict(zip(param_names, rest))
        given.update((key, value) for key, value in kwargs.items()
                     if key != "out" and (param_names or key in parsers))  # no parameters: keywords ignored
        values = dict(defaults)
        try:
            for name, value in given.items():
                values[name] = parsers[name](value)
        except (ParamError, KeyError):  # a bad value, an unknown keyword
            raise param_errors.report(spec, given, len(arrays)) from None
        if any(name not in values for name in required):
            raise param_errors.report(spec, given, len(arrays))
        if absent_input:
            raise MXNetError(f"{op_name}: Operator {op_name} expects {n_inputs} inputs, "
                             f"but got {len(arrays)} instead.")
        return arrays, values, kwargs.get("out")

    # an optional input may be left out (None or absent): bind() decides
    fast_ok = not variadic and not required and not any(optional)
    has_optional = any(optional)
    all_positional = n_inputs + len(param_names) if not variadic and not any(optional) else -1
    positional_parsers = tuple((p.name, p.parse) for p in spec.params)

    def keyword_params(kwargs):
        """Parsed params when every keyword names a parameter (the common ``axis=1`` call) and
        parses, else None (bind() then says what is wrong)."""
        values = dict(defaults)
        for key, value in kwargs.items():
            parse = parsers.get(key)
            if parse is None:
                return None
            try:
                values[key] = parse(value)
            except ParamError:
                return None
        for key in required:
            if key not in values:
                return None
        return values

    def nd_function(*args, out=None, name=None, **kwargs):
        if (kwargs and len(args) == n_inputs and not variadic
                and (not has_optional or all(a is not None for a in args))  # every input given
                and (values := keyword_params(kwargs)) is not None):
            arrays = args
        elif fast_ok and len(args) == n_inputs and not kwargs:
            arrays, values = args, defaults
        elif len(args) == all_positional and not kwargs and (  # e.g. _mul_scalar(x, 2.0)
                values := _parse_positional(positional_parsers, args[n_inputs:])) is not None:
            arrays = args[:n_inputs]
        else:
            arrays, values, given_out = bind(args, kwargs)
            if given_out is not None:  # MXNet's signature puts out after the params
                out = given_out
        try:
            return dense_call(arrays, out, values)
        except SparseInputs:  # a sparse input, or a dense body asking for a sparse output
            return SPARSE_DISPATCH[0](spec, arrays, values, out, dense_call)

    def dense_call(arrays, out, values):
        """Check the inputs, run the body on their tensors and wrap the result (``out=`` honoured).

        Raises SparseInputs for a sparse input (or a body wanting a sparse output); the sparse
        dispatch also calls it as MXNet's storage fallback, with densified inputs.
        """
        tensors, ctx = check(arrays)
        if out is not None:
            if not isinstance(out, (NDArray, list, tuple)):  # before computing, as MXNet's frontend
                raise TypeError(f"{op_name}: out must be an NDArray, got {type(out).__name__}")
            values = _checked_out_values(spec, out, tensors, values)
        elif writes_out:
            values = dict(values, out=None)
        try:
            if needs_guard(tensors):
                result = without_grad(body[0], tensors, values)
            else:
                result = body[0](*tensors, **values)
        except (MXNetError, SparseInputs):
            raise
        except _ENGINE_ERRORS as error:
            raise _engine_error(op_name, error, arrays) from error
        if ctx is None:
            ctx = values.get("ctx") or _default_ctx()
        return finish(result, out, ctx, op_name)

    nd_function = _specialize(spec, nd_function)
    nd_function.__name__ = nd_function.__qualname__ = spec.public_name
    nd_function.__module__ = "mxnd.ndarray" + (f".{spec.namespace}" if spec.namespace else "")
    nd_function.__doc__ = render_doc(spec)
    nd_function.spec = spec
    return nd_function


def _parse_positional(parsers, values):
    """``{name: parse(value)}`` over ``(name, parse)`` pairs and values; None if one fails."""
    try:
        return {key: parse(value) for (key, parse), value in zip(parsers, values)}
    except ParamError:
        return None


def _specialize(spec: OpSpec, general):
    """A fast path in front of ``general`` for the common call shapes (operators with more
    inputs, optional inputs, required parameters or variadic inputs: _specialize_positional_inputs).

    One or two arrays given positionally, no ``out=``, parameters at their defaults (one array
    may take its parameters as keywords, ``x.sum(axis=1)``, or its first one positionally,
    ``_mul_scalar(x, 2.0)``): read ``._data`` directly, check what the rules demand, run the
    body and wrap. Anything else, including every error, goes through ``general``, so messages
    stay in one place.
    """
    body, op_name = body_slot(spec), spec.name  # body[0]: the operator's body (op_names.py)
    n_inputs, n_params = len(spec.inputs), len(spec.params)
    if spec.variadic:
        return _specialize_positional_inputs(spec, general)
    if not n_inputs:
        return general
    if (n_inputs > 2 or any(spec.optional_inputs)
            or any(p.default is REQUIRED for p in spec.params[1 if n_inputs == 1 else 0:])):
        return _specialize_positional_inputs(spec, general)
    same_dtype, no_bool, bool_ = spec.same_dtype, spec.no_bool, torch.bool

    defaults = {p.name: p.default for p in spec.params}

    def run(arrays, ctx, data, other, values):
        """The body on ``data`` (and ``other``, a binary op's second tensor, else None) with the
        parameter ``values``, its result wrapped on ``ctx``; torch's errors translated. Arguments
        travel positionally: packing them costs as much as the checks of a small op."""
        try:
            if other is None:
                result = body[0](data, **values) if values else body[0](data)
            else:
                result = body[0](data, other, **values) if values else body[0](data, other)
        except MXNetError:
            raise
        except _ENGINE_ERRORS as error:
            raise _engine_error(op_name, error, arrays) from error
        if type(result) is not torch.Tensor:
            return finish(result, None, ctx, op_name)
        array = _new(NDArray)  # wrap(), inlined: the path of every a + b
        array._data = result if result.is_contiguous() else result.contiguous()
        array._ctx = ctx
        return array

    def run_guarded(arrays, ctx, data, other, values):
        return without_grad(run, (arrays, ctx, data, other, values))

    if n_inputs == 2:
        def pair(lhs, rhs):
            """The fast path proper, ``op(lhs, rhs)``; the NDArray dunders (a + b) call it directly."""
            try:
                left, right = lhs._data, rhs._data
            except AttributeError:
                return general(lhs, rhs)
            ctx, other, dtype = lhs._ctx, rhs._ctx, left.dtype
            if ((other is not ctx and other.device != ctx.device)
                    or (same_dtype and right.dtype is not dtype) or (no_bool and dtype is bool_)):
                return general(lhs, rhs)  # raises the rule's error
            if (left.requires_grad or right.requires_grad) and not FLAGS.get().recording:
                return run_guarded((lhs, rhs), ctx.operator_context, left, right, defaults)
            return run((lhs, rhs), ctx.operator_context, left, right, defaults)

        def binary(*args, out=None, name=None, **kwargs):
            if len(args) != 2 or out is not None or kwargs:
                return general(*args, out=out, name=name, **kwargs)
            return pair(*args)
        binary.pair = pair
        return binary

    first = spec.params[0] if n_params else None
    key, parse = (first.name, first.parse) if first else (None, None)
    no_arg_ok = first is None or first.default is not REQUIRED

    parsers = {p.name: p.parse for p in spec.params}

    def unary(*args, out=None, name=None, **kwargs):
        count = len(args)
        if kwargs:  # the common keyword call, x.sum(axis=1): parse here, else the general path
            if out is not None or count != 1 or (not no_arg_ok and key not in kwargs):
                return general(*args, out=out, name=name, **kwargs)
        elif out is not None or not (count == 2 and first or count == 1 and no_arg_ok):
            return general(*args, out=out, name=name, **kwargs)
        array = args[0]
        try:
            data = array._data
        except AttributeError:
            return general(*args, **kwargs)
        if no_bool and data.dtype is bool_:
            return general(*args, **kwargs)
        call = run_guarded if data.requires_grad and not FLAGS.get().recording else run
        ctx = array._ctx.operator_context
        if kwargs:
            values = dict(defaults)
            try:
                for given, value in kwargs.items():
                    values[given] = parsers[given](value)
            except Exception:  # noqa: BLE001 - an unknown keyword or a bad value: the general path says which
                return general(*args, **kwargs)
            return call(args, ctx, data, None, values)  # only the first parameter may be required: given
        if count == 2:
            values = dict(defaults)
            try:
                values[key] = parse(args[1])
            except ParamError:
                return general(*args)
            return call(args[:1], ctx, data, None, values)
        return call(args, ctx, data, None, defaults)
    return unary


_DATA, _CTX, _DTYPE, _REQUIRES_GRAD = map(operator.attrgetter, ("_data", "_ctx", "dtype", "requires_grad"))


def _specialize_positional_inputs(spec: OpSpec, general):
    """The fast path of a variadic operator, or one with three or more inputs, optional inputs or
    required parameters, for its common call: every input given positionally as a dense NDArray
    (at least one), parameters as keywords, ``out=`` absent or a dense NDArray, e.g.
    ``FullyConnected(x, w, b, num_hidden=10)``, ``RNN(x, params, h, c, state_size=8, ...)`` or
    ``sgd_update(w, g, lr=0.1, out=w)``.

    The reads are C-level ``map``s over the inputs (about 20 µs less than the general path when
    the call runs with cold caches, as it does between a training step's large kernels); any
    other call, and every error, goes through ``general``.
    """
    body, op_name = body_slot(spec), spec.name  # body[0]: the operator's body (op_names.py)
    n_inputs = None if spec.variadic else len(spec.inputs)
    n_params, parsers = len(spec.params), {p.name: p.parse for p in spec.params}
    defaults = {p.name: p.default for p in spec.params if p.default is not REQUIRED}
    if spec.writes_out:
        defaults["out"] = None  # nothing to fill in place without out=
        n_params += 1
    same_dtype, no_bool = spec.same_dtype, spec.no_bool

    def positional_inputs(*args, out=None, name=None, **kwargs):
        count = len(args)
        if count != n_inputs and (n_inputs is not None or not count) or not (out is None or type(out) is NDArray):
            return general(*args, out=out, name=name, **kwargs)
        try:  # None (an optional input left out), a sparse array or a non-array: the general path
            tensors = tuple(map(_DATA, args))
        except AttributeError:
            return general(*args, out=out, **kwargs)
        ctx, dtype = args[0]._ctx, tensors[0].dtype
        # list.count compares by identity first: the usual single context/dtype costs no __eq__
        if (list(map(_CTX, args)).count(ctx) != count or (no_bool and dtype is torch.bool)
                or (same_dtype and list(map(_DTYPE, tensors)).count(dtype) != count)):
            return general(*args, out=out, **kwargs)
        values = dict(defaults)
        try:
            for key, value in kwargs.items():
                values[key] = parsers[key](value)
        except (KeyError, ParamError):  # an unknown keyword or a bad value: the general path says which
            return general(*args, out=out, **kwargs)
        if len(values) != n_params:  # a required parameter is missing
            return general(*args, out=out, **kwargs)
        if out is not None:
            values = _checked_out_values(spec, out, tensors, values)
        try:
            if any(map(_REQUIRES_GRAD, tensors)) and not FLAGS.get().recording:
                result = without_grad(body[0], tensors, values)
            else:
                result = body[0](*tensors, **values)
        except MXNetError:
            raise
        except SparseInputs:  # a body asking for a sparse output
            return general(*args, out=out, **kwargs)
        except _ENGINE_ERRORS as error:
            raise _engine_error(op_name, error, args) from error
        return finish(result, out, ctx.operator_context, op_name)
    return positional_inputs


def _engine_error(op_name: str, error: Exception, arrays) -> MXNetError:
    """Translate a torch error into ``MXNetError("<op>: <what> (shapes ...)")``."""
    if isinstance(error, ZeroDivisionError) or str(error) == "ZeroDivisionError":
        return operator_error(op_name, "integer division by zero", arrays)
    lines = str(error).strip().splitlines()
    if lines and lines[0].startswith("The size of tensor a") and len(arrays) == 2:  # BinaryBroadcastShapeCompact's
        shapes = " ".join("[" + ",".join(map(str, getattr(a, "shape", ()))) + "]" for a in arrays)
        return MXNetError(f"{op_name}: operands could not be broadcast together with shapes {shapes}")
    return operator_error(op_name, lines[0] if lines else type(error).__name__, arrays)


def _default_ctx():
    from .context import current_context

    return current_context()


def make_method(function):
    """The fluent NDArray method of an operator function (MXNet's wording as docstring): a twin of
    the function (same code and closure, its own docstring), so ``x.sum(axis=1)`` calls the fast
    path with no wrapper in between.
    """
    if isinstance(function, types.FunctionType):
        method = types.FunctionType(function.__code__, function.__globals__, function.__name__,
                                    function.__defaults__, function.__closure__)
        method.__kwdefaults__ = function.__kwdefaults__
        method.__dict__.update(function.__dict__)
    else:
        def method(self, *args, **kwargs):
            return function(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = function.__name__
    method.__doc__ = (f"Convenience fluent method for :py:func:`{function.__name__}`.\n\n"
                      f"The arguments are the same as for :py:func:`{function.__name__}`, "
                      f"with this array as data.")
    return method


def render_doc(spec: OpSpec) -> str:
    """Docstring of an operator: summary, Parameters (inputs, params, out), Returns."""
    lines = [spec.doc or spec.name, "", "Parameters", "----------"]
    for name in spec.inputs:
        lines += [f"{name.strip('*?')} : NDArray" + ("s" if name.startswith("*") else "")
                  + (", optional" if name.endswith("?") else ""),
                  "    Input array" + ("s." if name.startswith("*") else ".")]
    for param in spec.params:
        default = "required" if param.default is REQUIRED else f"optional, default={param.default!r}"
        lines += [f"{param.name} : {default}", f"    {param.doc or param.name}"]
    lines += ["out : NDArray, optional", "    The output NDArray to hold the result.", "",
              "Returns", "-------", "out : NDArray or list of NDArrays", "    The output of this function."]
    if spec.aliases:
        lines += ["", "Aliases: " + ", ".join(spec.aliases)]
    return "\n".join(lines)
