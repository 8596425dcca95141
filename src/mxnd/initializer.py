"""``mx.init`` / ``mx.initializer``: weight initializers of MXNet 1.9.1 (Zero, One, Constant, Uniform,
Normal, Orthogonal, Xavier, MSRAPrelu, Bilinear, LSTMBias, FusedRNN, Load, Mixed), their registry
(``register``, ``alias``, ``create``) and ``InitDesc``. Calling an initializer with an ``InitDesc``
picks the method by the name's suffix (weight, bias, gamma, beta, min, max, ...); random ones draw
from mx.random, so ``mx.random.seed`` makes them reproducible.

>>> import mxnd as mx
>>> arr = mx.nd.zeros((2, 3))
>>> mx.init.Constant(0.5)(mx.init.InitDesc('fc_weight'), arr)
>>> arr.asnumpy().tolist()
[[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]
>>> mx.init.Xavier()(mx.init.InitDesc('fc_bias'), arr)   # biases start at 0
>>> arr.asnumpy().tolist()
[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
>>> mx.init.create('["uniform", {"scale": 0.5}]').scale
0.5
"""
from __future__ import annotations

import json
import logging
import re
import warnings
from math import sqrt

import numpy as np

from . import ndarray
from .ndarray.ndarray import NDArray
from .ndarray.utils import load  # noqa: F401  (mx.init.load is mx.nd.load in MXNet)

__all__ = ["InitDesc", "Initializer", "register", "alias", "create", "Load", "Mixed", "Zero", "One", "Constant",
           "Uniform", "Normal", "Orthogonal", "Xavier", "MSRAPrelu", "Bilinear", "LSTMBias", "FusedRNN"]


class InitDesc(str):
    """A parameter name (a str) with its attributes and the global initializer."""

    def __new__(cls, name, attrs=None, global_init=None):
        ret = super().__new__(cls, name)
        ret.attrs = attrs or {}
        ret.global_init = global_init
        return ret


# (suffix, method) in MXNet's order: InitDesc names, then the legacy string names
_DESC_SUFFIXES = (("weight", "_init_weight"), ("bias", "_init_bias"), ("gamma", "_init_gamma"),
                  ("beta", "_init_beta"), ("min", "_init_zero"), ("max", "_init_one"),
                  ("weight_quantize", "_init_quantized_weight"), ("bias_quantize", "_init_quantized_bias"))
_LEGACY_SUFFIXES = (("bias", "_init_bias"), ("gamma", "_init_gamma"), ("beta", "_init_beta"),
                    ("weight", "_init_weight"), ("moving_mean", "_init_zero"), ("moving_var", "_init_one"),
                    ("moving_inv_var", "_init_zero"), ("moving_avg", "_init_zero"), ("min", "_init_zero"),
                    ("max", "_init_one"))


class Initializer:
    """The base class: ``init(InitDesc(name), arr)`` fills ``arr`` in place by the name's suffix."""

    def __init__(self, **kwargs):
        self._kwargs = kwargs
        self._verbose = False
        self._print_func = None

    def set_verbosity(self, verbose=False, print_func=None):
        """Log each initialized array with ``print_func(arr)`` (default: norm / sqrt(size))."""
        self._verbose = verbose
        if print_func is None:
            def asum_stat(x):
                return str((ndarray.norm(x) / sqrt(x.size)).asscalar())
            print_func = asum_stat
        self._print_func = print_func
        return self

    def _verbose_print(self, desc, init, arr):
        if self._verbose and self._print_func:
            logging.info('Initialized %s as %s: %s', desc, init, self._print_func(arr))

    def dumps(self):
        """``'["name", {kwargs}]'``: the JSON ``create`` reads back."""
        return json.dumps([self.__class__.__name__.lower(), self._kwargs])

    def __call__(self, desc, arr):
        if not isinstance(desc, InitDesc):
            self._legacy_init(desc, arr)
            return
        if desc.global_init is None:
            desc.global_init = self
        init = desc.attrs.get('__init__', "")
        if init:  # a Variable's own initializer
            create(init)._init_weight(desc, arr)
            self._verbose_print(desc, init, arr)
            return
        for suffix, method in _DESC_SUFFIXES:
            if desc.endswith(suffix):
                getattr(self, method)(desc, arr)
                self._verbose_print(desc, suffix, arr)
                return
        self._init_default(desc, arr)

    def _legacy_init(self, name, arr):
        warnings.warn("\033[91mCalling initializer with init(str, NDArray) has been deprecated."
                      "please use init(mx.init.InitDesc(...), NDArray) instead.\033[0m",
                      DeprecationWarning, stacklevel=3)
        if not isinstance(name, str):
            raise TypeError('name must be string')
        if not isinstance(arr, NDArray):
            raise TypeError('arr must be NDArray')
        if name.startswith('upsampling'):
            self._init_bilinear(name, arr)
        elif name.startswith('stn_loc') and name.endswith('weight'):
            self._init_zero(name, arr)
        elif name.startswith('stn_loc') and name.endswith('bias'):
            self._init_loc_bias(name, arr)
        else:
            for suffix, method in _LEGACY_SUFFIXES:
                if name.endswith(suffix):
                    getattr(self, method)(name, arr)
                    return
            self._init_default(name, arr)

    def _init_bilinear(self, _, arr):
        arr[:] = _bilinear(arr.shape)

    def _init_loc_bias(self, _, arr):
        assert arr.shape[0] == 6
        arr[:] = np.array([1.0, 0, 0, 0, 1.0, 0])

    def _init_zero(self, _, arr):
        arr[:] = 0.0

    def _init_one(self, _, arr):
        arr[:] = 1.0

    def _init_bias(self, _, arr):
        arr[:] = 0.0

    def _init_quantized_bias(self, _, arr):
        arr[:] = 0

    def _init_gamma(self, _, arr):
        arr[:] = 1.0

    def _init_beta(self, _, arr):
        arr[:] = 0.0

    def _init_weight(self, name, arr):
        raise NotImplementedError("Must override it")

    def _init_quantized_weight(self, _, arr):
        # MXNet draws one int in [-127, 127) and fills the array with it
        arr[:] = np.int8(ndarray.random.randint(-127, 127, dtype='int32').asnumpy())

    def _init_default(self, name, _):
        raise ValueError('Unknown initialization pattern for %s. Default initialization is now limited to '
                         '"weight", "bias", "gamma" (1.0), and "beta" (0.0).Please use '
                         'mx.sym.Variable(init=mx.init.*) to set initialization pattern' % name)

    def __eq__(self, other):
        if not isinstance(other, Initializer):
            return NotImplemented
        return type(self) is type(other) and self._kwargs == other._kwargs

    __hash__ = object.__hash__


def _bilinear(shape):
    """The bilinear upsampling kernel of MXNet's Bilinear initializer (computed in float64, stored float32)."""
    f = np.ceil(shape[3] / 2.)
    c = (2 * f - 1 - f % 2) / (2. * f)
    index = np.arange(int(np.prod(shape)))
    x = index % shape[3]
    y = (index // shape[3]) % shape[2]
    return ((1 - abs(x / f - c)) * (1 - abs(y / f - c))).astype('float32').reshape(shape)


_REGISTRY: dict = {}


def register(klass, name=None):
    """Register an Initializer subclass under its lower-cased name (MXNet's registry)."""
    assert issubclass(klass, Initializer), "Can only register subclass of Initializer"
    name = (name or klass.__name__).lower()
    if name in _REGISTRY:
        warnings.warn("\033[91mNew initializer %s.%s registered with name %s isoverriding existing "
                      "initializer %s.%s\033[0m" % (klass.__module__, klass.__name__, name,
                                                   _REGISTRY[name].__module__, _REGISTRY[name].__name__),
                      UserWarning, stacklevel=2)
    _REGISTRY[name] = klass
    return klass


def alias(*aliases):
    """Register a class under further names: ``@alias('zeros')``."""
    def reg(klass):
        for name in aliases:
            register(klass, name)
        return klass
    return reg


def create(*args, **kwargs):
    """An initializer from an instance, a name (and arguments), a ``dumps()`` JSON string or a dict."""
    if args:
        name, args = args[0], args[1:]
    else:
        name = kwargs.pop('initializer')
    if isinstance(name, Initializer):
        assert not args and not kwargs, "initializer is already an instance. Additional arguments are invalid"
        return name
    if isinstance(name, dict):
        return create(**name)
    assert isinstance(name, str), "initializer must be of string type"
    if name.startswith('['):
        assert not args and not kwargs
        name, kwargs = json.loads(name)
        return create(name, **kwargs)
    if name.startswith('{'):
        assert not args and not kwargs
        return create(**json.loads(name))
    name = name.lower()
    assert name in _REGISTRY, "%s is not registered. Please register with initializer.register first" % name
    return _REGISTRY[name](*args, **kwargs)


class Load:
    """Initialize by loading arrays (a dict, or a file saved with nd.save; 'arg:'/'aux:' prefixes dropped),
    falling back to ``default_init`` for names not found."""

    def __init__(self, param, default_init=None, verbose=False):
        if isinstance(param, str):
            param = ndarray.load(param)
        assert isinstance(param, dict)
        self.param = {}
        for name, arr in param.items():
            self.param[name[4:] if name.startswith(('arg:', 'aux:')) else name] = arr
        self.default_init = default_init
        self.verbose = verbose

    def __call__(self, name, arr):
        if name in self.param:
            assert arr.shape == self.param[name].shape, \
                'Parameter %s cannot be initialized from loading. ' % name + \
                'Shape mismatch, target %s vs loaded %s' % (str(arr.shape), self.param[name].shape)
            arr[:] = self.param[name]
            if self.verbose:
                logging.info('Initialized %s by loading', name)
        else:
            assert self.default_init is not None, \
                "Cannot Initialize %s. Not found in loaded param " % name + \
                "and no default Initializer is provided."
            self.default_init(name, arr)
            if self.verbose:
                logging.info('Initialized %s by default', name)


class Mixed:
    """The first initializer whose regular expression matches the name (``re.match``)."""

    def __init__(self, patterns, initializers):
        assert len(patterns) == len(initializers)
        self.map = list(zip([re.compile(p) for p in patterns], initializers))

    def __call__(self, name, arr):
        for prog, init in self.map:
            if prog.match(name):
                init(name, arr)
                return
        raise ValueError('Parameter name %s did not match any pattern. Consider' +
                         'add a ".*" pattern at the and with default Initializer.')


@register
@alias("zeros")
class Zero(Initializer):
    """Weights 0."""

    def __init__(self):
        super().__init__()

    def _init_weight(self, _, arr):
        arr[:] = 0


@register
@alias("ones")
class One(Initializer):
    """Weights 1."""

    def __init__(self):
        super().__init__()

    def _init_weight(self, _, arr):
        arr[:] = 1


@register
class Constant(Initializer):
    """Weights ``value`` (a scalar, or an array broadcast to the weight)."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _init_weight(self, _, arr):
        arr[:] = self.value

    def dumps(self):
        val = self._kwargs['value']
        if not np.isscalar(val):
            self._kwargs['value'] = val.tolist() if isinstance(val, np.ndarray) else val.asnumpy().tolist()
        return json.dumps([self.__class__.__name__.lower(), self._kwargs])


@register
class Uniform(Initializer):
    """Weights uniform on [-scale, scale]."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _init_weight(self, _, arr):
        ndarray.random.uniform(-self.scale, self.scale, arr.shape, out=arr)


@register
class Normal(Initializer):
    """Weights normal with mean 0 and standard deviation ``sigma``."""

    def __init__(self, sigma=0.01):
        super().__init__(sigma=sigma)
        self.sigma = sigma

    def _init_weight(self, _, arr):
        ndarray.random.normal(0, self.sigma, arr.shape, out=arr)


@register
class Orthogonal(Initializer):
    """``scale`` times an orthogonal matrix from the SVD of a uniform or normal random matrix."""

    def __init__(self, scale=1.414, rand_type="uniform"):
        super().__init__(scale=scale, rand_type=rand_type)
        self.scale = scale
        self.rand_type = rand_type

    def _init_weight(self, _, arr):
        nout = arr.shape[0]
        nin = np.prod(arr.shape[1:])
        if self.rand_type == "uniform":
            tmp = ndarray.random.uniform(-1.0, 1.0, shape=(nout, nin)).asnumpy()
        elif self.rand_type == "normal":
            tmp = ndarray.random.normal(0.0, 1.0, shape=(nout, nin)).asnumpy()
        u, _, v = np.linalg.svd(tmp, full_matrices=False)
        res = u if u.shape == tmp.shape else v
        arr[:] = self.scale * res.reshape(arr.shape)


@register
class Xavier(Initializer):
    """Glorot: uniform on [-s, s] or normal with std s, ``s = sqrt(magnitude / factor)`` where the
    factor is the fan in, fan out or their average (fans include the kernel size)."""

    def __init__(self, rnd_type="uniform", factor_type="avg", magnitude=3):
        super().__init__(rnd_type=rnd_type, factor_type=factor_type, magnitude=magnitude)
        self.rnd_type = rnd_type
        self.factor_type = factor_type
        self.magnitude = float(magnitude)

    def _scale(self, name, shape):
        if len(shape) < 2:
            raise ValueError('Xavier initializer cannot be applied to vector {0}. It requires at least 2D.'.format(name))
        hw_scale = np.prod(shape[2:]) if len(shape) > 2 else 1.
        fan_in, fan_out = shape[1] * hw_scale, shape[0] * hw_scale
        factors = {"avg": (fan_in + fan_out) / 2.0, "in": fan_in, "out": fan_out}
        if self.factor_type not in factors:
            raise ValueError("Incorrect factor type")
        return np.sqrt(self.magnitude / factors[self.factor_type])

    def _init_weight(self, name, arr):
        scale = self._scale(name, arr.shape)
        if self.rnd_type == "uniform":
            ndarray.random.uniform(-scale, scale, arr.shape, out=arr)
        elif self.rnd_type == "gaussian":
            ndarray.random.normal(0, scale, arr.shape, out=arr)
        else:
            raise ValueError("Unknown random type")


@register
class MSRAPrelu(Xavier):
    """He/Kaiming for PReLU: gaussian Xavier with magnitude ``2 / (1 + slope**2)``."""

    def __init__(self, factor_type="avg", slope=0.25):
        magnitude = 2. / (1 + slope ** 2)
        super().__init__("gaussian", factor_type, magnitude)
        self._kwargs = {'factor_type': factor_type, 'slope': slope}


@register
class Bilinear(Initializer):
    """The bilinear upsampling kernel (for Deconvolution weights of shape (n, c, h, w))."""

    def __init__(self):
        super().__init__()

    def _init_weight(self, _, arr):
        arr[:] = _bilinear(arr.shape)


@register
class LSTMBias(Initializer):
    """LSTM biases: 0, with ``forget_bias`` on the forget gate (the second quarter)."""

    def __init__(self, forget_bias=1.0):
        super().__init__(forget_bias=forget_bias)
        self.forget_bias = forget_bias

    def _init_weight(self, name, arr):
        arr[:] = 0.0
        num_hidden = int(arr.shape[0] / 4)
        arr[num_hidden:2 * num_hidden] = self.forget_bias


_RNN_GATES = {'rnn_relu': [''], 'rnn_tanh': [''], 'lstm': ['_i', '_f', '_c', '_o'], 'gru': ['_r', '_z', '_o']}


def _fused_rnn_layout(num_layers, directions, gates, num_input, num_hidden):
    """``(name, start, shape)`` of each piece of a fused RNN parameter vector, in MXNet's order
    (``FusedRNNCell._slice_weights``): per layer and direction the i2h then h2h weights of every
    gate, then all the biases the same way. Names have no prefix: ``l0_i2h_f_weight``.

    >>> [(name, start) for name, start, _ in _fused_rnn_layout(1, 'l', [''], 3, 2)]
    [('l0_i2h_weight', 0), ('l0_h2h_weight', 6), ('l0_i2h_bias', 10), ('l0_h2h_bias', 12)]
    """
    layout, start = [], 0
    for kind, shape_of in (("weight", lambda layer, part: (num_hidden, num_hidden) if part == "h2h" else
                            (num_hidden, num_input if layer == 0 else len(directions) * num_hidden)),
                           ("bias", lambda layer, part: (num_hidden,))):
        for layer in range(num_layers):
            for direction in directions:
                for part in ("i2h", "h2h"):
                    for gate in gates:
                        shape = shape_of(layer, part)
                        layout.append((f"{direction}{layer}_{part}{gate}_{kind}", start, shape))
                        start += int(np.prod(shape))
    return layout


@register
class FusedRNN(Initializer):
    """The parameter vector of a fused RNN layer (``mx.nd.RNN``'s ``parameters``), initialized piece by
    piece: ``init`` (or the global initializer when None) on each gate's weights and biases, and
    ``forget_bias`` on the LSTM forget gate's biases.

    >>> import mxnd as mx
    >>> params = mx.nd.zeros((2 * (1 + 2 + 2),))   # rnn_tanh: 1 input, 2 hidden units
    >>> mx.init.FusedRNN(mx.init.One(), 2, 1, 'rnn_tanh')(mx.init.InitDesc('rnn_weight'), params)
    >>> params.asnumpy().tolist()
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    """

    def __init__(self, init, num_hidden, num_layers, mode, bidirectional=False, forget_bias=1.0):
        if isinstance(init, str):
            init = create(init)
        super().__init__(init=init.dumps() if init is not None else None, num_hidden=num_hidden,
                         num_layers=num_layers, mode=mode, bidirectional=bidirectional, forget_bias=forget_bias)
        self._init = init
        self._num_hidden = num_hidden
        self._num_layers = num_layers
        self._mode = mode
        self._bidirectional = bidirectional
        self._forget_bias = forget_bias

    def _init_weight(self, desc, arr):
        gates = _RNN_GATES[self._mode]
        directions = ['l', 'r'] if self._bidirectional else ['l']
        hidden, layers = self._num_hidden, self._num_layers
        num_input = (arr.size // len(directions) // hidden // len(gates)
                     - (layers - 1) * (hidden + len(directions) * hidden + 2) - hidden - 2)
        layout = _fused_rnn_layout(layers, directions, gates, num_input, hidden)
        pieces = {name: arr[start:start + int(np.prod(shape))].reshape(shape).copy() for name, start, shape in layout}
        assert sum(piece.size for piece in pieces.values()) == arr.size, "Invalid parameters size for FusedRNNCell"
        for name, piece in pieces.items():
            if self._mode == 'lstm' and name.endswith("_f_bias"):
                piece[:] = self._forget_bias
            else:
                (self._init or desc.global_init)(InitDesc(name, global_init=desc.global_init), piece)
        packed = ndarray.zeros(arr.shape, ctx=arr.context, dtype=arr.dtype)
        for name, start, shape in layout:
            packed[start:start + int(np.prod(shape))] = pieces[name].reshape((-1,))
        arr[:] = packed
