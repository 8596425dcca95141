"""The Optimizer base class, its registry (``register``/``create``) and the ``Updater``, as MXNet 1.9.1's
python/mxnet/optimizer/optimizer.py: learning rates and weight decays per index (lr_mult, wd_mult,
idx2name, param_dict), update counts, multi-precision master copies, and pickled updater states.

>>> import mxnd as mx
>>> opt = mx.optimizer.create('sgd', learning_rate=0.5)
>>> updater = mx.optimizer.get_updater(opt)
>>> w = mx.nd.array([1., 2.])
>>> updater(0, mx.nd.array([1., 1.]), w)
>>> w.asnumpy().tolist()
[0.5, 1.5]
"""
from __future__ import annotations

import pickle
import warnings

import numpy

from .. import ndarray as nd
from ..ndarray.ndarray import NDArray

__all__ = ["Optimizer", "register", "create", "Updater", "get_updater", "flatten_list", "zeros_like_weight"]


def flatten_list(nested_list):
    """``[(a, b), (c, d)]`` -> ``[a, b, c, d]`` (MXNet's ``_flatten_list``)."""
    return [item for sublist in nested_list for item in sublist]


def zeros_like_weight(weight, dtype="weight", stype="default"):
    """``zeros(weight.shape, weight.context, dtype=..., stype=...)`` as MXNet's optimizers create states;
    ``dtype='weight'`` takes the weight's dtype, None the default float32."""
    dtype = weight.dtype if dtype == "weight" else dtype
    kwargs = {} if dtype is None else {"dtype": dtype}
    if stype != "default":
        kwargs["stype"] = stype
    return nd.zeros(weight.shape, weight.context, **kwargs)


class Optimizer:
    """The base class inherited by all optimizers (same constructor arguments as MXNet's).

    ``rescale_grad`` multiplies gradients, ``clip_gradient`` clips them to
    ``[-clip_gradient, clip_gradient]``, ``learning_rate`` defaults to 0.01 without an
    ``lr_scheduler``, ``wd`` is the weight decay, ``multi_precision`` keeps float32 master copies of
    float16 weights, ``param_dict`` maps indices to objects with ``lr_mult``/``wd_mult``.
    """

    opt_registry: dict = {}

    def __init__(self, rescale_grad=1., param_idx2name=None, wd=0., clip_gradient=None, learning_rate=None,
                 lr_scheduler=None, sym=None, begin_num_update=0, multi_precision=False, param_dict=None):
        self.rescale_grad = rescale_grad
        self.lr_scheduler = lr_scheduler
        if self.lr_scheduler is None and learning_rate is None:
            learning_rate = 0.01
        self.lr = learning_rate
        if self.lr_scheduler is not None and learning_rate is not None:
            if self.lr_scheduler.base_lr != learning_rate:
                print(UserWarning("learning rate from ``lr_scheduler`` has been "
                                  "overwritten by ``learning_rate`` in optimizer."))
                self.lr_scheduler.base_lr = learning_rate
        self.wd = wd
        self.lr_mult = {}
        self.wd_mult = {}
        self.begin_num_update = begin_num_update
        self.num_update = begin_num_update
        self._all_index_update_counts = {0: {}}
        self._index_update_count = self._all_index_update_counts[0]
        self.clip_gradient = clip_gradient
        self.multi_precision = multi_precision
        self.aggregate_num = 0
        if param_idx2name is None:
            param_idx2name = {}
        assert isinstance(param_idx2name, dict), 'param_idx2name should be a dict of param indexes to names.'
        self.idx2name = param_idx2name.copy()
        self.sym_info = (sym.attr_dict(), sym.list_arguments()) if sym is not None else ()
        self.param_dict = param_dict if param_dict else {}
        self.allow_np_array = False
        self.set_lr_mult({})
        self.set_wd_mult({})

    @staticmethod
    def register(klass):
        """Register an optimizer class under its lower-cased name (a later class overrides, with a warning)."""
        assert isinstance(klass, type)
        name = klass.__name__.lower()
        if name in Optimizer.opt_registry:
            warnings.warn('WARNING: New optimizer %s.%s is overriding existing optimizer %s.%s' % (
                klass.__module__, klass.__name__, Optimizer.opt_registry[name].__module__,
                Optimizer.opt_registry[name].__name__))
        Optimizer.opt_registry[name] = klass
        return klass

    @staticmethod
    def create_optimizer(name, **kwargs):
        """An instance of the optimizer registered as ``name`` (case-insensitive)."""
        if name.lower() in Optimizer.opt_registry:
            return Optimizer.opt_registry[name.lower()](**kwargs)
        raise ValueError('Cannot find optimizer %s' % name)

    @property
    def learning_rate(self):
        if self.lr_scheduler is not None:
            return self.lr_scheduler(self.num_update)
        return self.lr

    def create_state(self, index, weight):
        """The auxiliary state of ``weight`` (None for optimizers without one)."""

    def create_state_multi_precision(self, index, weight):
        """``(float32 master copy, state)`` for float16 weights with multi_precision, else the state."""
        if self.multi_precision and weight.dtype == numpy.float16:
            weight_master_copy = weight.astype(numpy.float32)
            return (weight_master_copy,) + (self.create_state(index, weight_master_copy),)
        if weight.dtype == numpy.float16 and not self.multi_precision:
            warnings.warn("Accumulating with float16 in optimizer can lead to poor accuracy or slow "
                          "convergence. Consider using multi_precision=True option of the optimizer")
        return self.create_state(index, weight)

    def update(self, index, weight, grad, state):
        """Update ``weight`` in place from ``grad`` and ``state``."""
        raise NotImplementedError()

    def update_multi_precision(self, index, weight, grad, state):
        """``update`` on the float32 master copy, cast back into the float16 weight."""
        if self.multi_precision and weight.dtype == numpy.float16:
            weight_master_copy, original_state = state[0], state[1]
            grad32 = grad.astype(numpy.float32)
            self.update(index, weight_master_copy, grad32, original_state)
            nd.cast(weight_master_copy, dtype=weight.dtype, out=weight)
        else:
            self.update(index, weight, grad, state)

    def set_learning_rate(self, lr):
        """Set the learning rate (only without an lr_scheduler, as in MXNet)."""
        if self.lr_scheduler is not None:
            raise UserWarning("LRScheduler of the optimizer has already been defined. Note that "
                              "set_learning_rate can mutate the value of the learning rate of the optimizer "
                              "only when the LRScheduler of the optimizer is undefined.")
        self.lr = lr

    def set_lr_scale(self, args_lrscale):  # noqa: ARG002 - MXNet's deprecated signature
        """[DEPRECATED] Sets lr scale. Use set_lr_mult instead."""
        raise DeprecationWarning

    def set_lr_mult(self, args_lr_mult):
        """Per-parameter learning-rate multipliers, keyed by name or index."""
        self.lr_mult = {}
        if self.sym_info:
            attr, arg_names = self.sym_info
            for name in arg_names:
                if name in attr and '__lr_mult__' in attr[name]:
                    self.lr_mult[name] = float(attr[name]['__lr_mult__'])
        self.lr_mult.update(args_lr_mult)

    def set_wd_mult(self, args_wd_mult):
        """Per-parameter weight-decay multipliers; names not ending in _weight/_gamma get 0."""
        self.wd_mult = {}
        for n in self.idx2name.values():
            if not (n.endswith('_weight') or n.endswith('_gamma')):
                self.wd_mult[n] = 0.0
        self._sym_wd_mult()
        self.wd_mult.update(args_wd_mult)

    def _sym_wd_mult(self):
        if self.sym_info:
            attr, arg_names = self.sym_info
            for name in arg_names:
                if name in attr and '__wd_mult__' in attr[name]:
                    self.wd_mult[name] = float(attr[name]['__wd_mult__'])

    def _set_current_context(self, device_id):
        """Keep update counts per device."""
        if device_id not in self._all_index_update_counts:
            self._all_index_update_counts[device_id] = {}
        self._index_update_count = self._all_index_update_counts[device_id]

    def _update_count(self, index):
        """Count one update of each index (from begin_num_update) and raise num_update."""
        if not isinstance(index, (list, tuple)):
            index = [index]
        for idx in index:
            if idx not in self._index_update_count:
                self._index_update_count[idx] = self.begin_num_update
            self._index_update_count[idx] += 1
            self.num_update = max(self._index_update_count[idx], self.num_update)

    def _base_lr(self):
        return self.lr_scheduler(self.num_update) if self.lr_scheduler is not None else self.lr

    def _scaled(self, base, indices, mults, attribute):
        values = [base for _ in indices]
        for i, index in enumerate(indices):
            if index in self.param_dict:
                values[i] *= getattr(self.param_dict[index], attribute)
            elif index in mults:
                values[i] *= mults[index]
            elif index in self.idx2name:
                values[i] *= mults.get(self.idx2name[index], 1.0)
        return values

    def _get_lrs(self, indices):
        """Learning rates of ``indices`` (scheduler or lr, times lr_mult)."""
        return self._scaled(self._base_lr(), indices, self.lr_mult, "lr_mult")

    def _get_lr(self, index):
        return self._get_lrs([index])[0]

    def _get_wds(self, indices):
        """Weight decays of ``indices`` (wd times wd_mult)."""
        return self._scaled(self.wd, indices, self.wd_mult, "wd_mult")

    def _get_wd(self, index):
        return self._get_wds([index])[0]

    def _kwargs(self, clip_name="clip_gradient", **extra):
        """The operator keywords most optimizers pass: rescale_grad and, when set, the clip bound."""
        kwargs = {'rescale_grad': self.rescale_grad, **extra}
        if self.clip_gradient:
            kwargs[clip_name] = self.clip_gradient
        return kwargs

    def __getstate__(self):
        ret = self.__dict__.copy()
        del ret['param_dict']  # set again by the trainer
        return ret

    def __setstate__(self, state):
        self.__dict__ = state
        self.param_dict = {}


register = Optimizer.register
create = Optimizer.create_optimizer


class Updater:
    """Applies an optimizer by index, creating each weight's state on first use; its states
    pickle with ``get_states`` and load with ``set_states`` (MXNet's format: a pickled dict, or
    ``(states, optimizer)`` with ``dump_optimizer=True``)."""

    def __init__(self, optimizer):
        self.optimizer = optimizer
        self.states = {}
        self.states_synced = {}
        self.aggregate_updates = optimizer.aggregate_num > 0

    def __call__(self, index, grad, weight):
        """Update ``weight`` (an NDArray, or a list with a list of indices) from ``grad``."""
        if not isinstance(index, (list, tuple)):
            indices, grads, weights = [index], [grad], [weight]
        else:
            indices, grads, weights = list(index), grad, weight
        if weights:
            self.optimizer._set_current_context(weights[0].context.device_id)
        for i, idx in enumerate(indices):
            if isinstance(idx, bytes):
                indices[i] = idx = idx.decode("utf-8")
            if idx not in self.states:
                self.states[idx] = self.optimizer.create_state_multi_precision(idx, weights[i])
                self.states_synced[idx] = True
            elif not self.states_synced[idx]:
                self.states[idx] = self.sync_state_context(self.states[idx], weights[i].context)
                self.states_synced[idx] = True
        if not self.aggregate_updates:
            for i, w, g in zip(indices, weights, grads):
                self.optimizer.update_multi_precision(i, w, g, self.states[i])
            return
        by_dtype = {}
        for i, w, g in zip(indices, weights, grads):
            by_dtype.setdefault(w.dtype, []).append((i, w, g))
        size = self.optimizer.aggregate_num
        for group in by_dtype.values():
            group_indices, group_weights, group_grads = zip(*group)
            for start in range(0, len(group_indices), size):
                states = [self.states[i] for i in group_indices[start:start + size]]
                self.optimizer.update_multi_precision(group_indices[start:start + size],
                                                      group_weights[start:start + size],
                                                      group_grads[start:start + size], states)

    def sync_state_context(self, state, context):
        """``state`` (an NDArray or nested tuple/list of them) moved to ``context``."""
        if isinstance(state, NDArray):
            return state.as_in_context(context)
        if isinstance(state, (tuple, list)):
            synced = (self.sync_state_context(i, context) for i in state)
            return tuple(synced) if isinstance(state, tuple) else list(synced)
        return state

    def set_states(self, states):
        """Load states pickled by ``get_states`` (with or without the optimizer)."""
        states = pickle.loads(states)
        if isinstance(states, tuple) and len(states) == 2:
            self.states, self.optimizer = states
        else:
            self.states = states
        self.states_synced = dict.fromkeys(self.states.keys(), False)

    def get_states(self, dump_optimizer=False):
        """The pickled states (and the optimizer with ``dump_optimizer=True``)."""
        return pickle.dumps((self.states, self.optimizer) if dump_optimizer else self.states)


def get_updater(optimizer):
    """An ``Updater`` applying ``optimizer``."""
    return Updater(optimizer)
