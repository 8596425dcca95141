"""``mx.optimizer``: optimizers (SGD, NAG, Adam, ..., LAMB, LARS), their registry, Updater and
get_updater, with MXNet 1.9.1's semantics; each optimizer calls the update operator MXNet calls.

>>> import mxnd as mx
>>> sorted(mx.optimizer.Optimizer.opt_registry)[:4]
['adadelta', 'adagrad', 'adam', 'adamax']
"""
from ..ndarray import abs as NDabs  # noqa: F401 - exported by MXNet's optimizer module too
from . import adaptive, contrib, optimizer, sgd  # noqa: F401
from .adaptive import FTML, LAMB, AdaDelta, AdaGrad, Adam, Adamax, Ftrl, Nadam, RMSProp, Test  # noqa: F401
from .optimizer import Optimizer, Updater, create, get_updater, register  # noqa: F401
from .sgd import DCASGD, LARS, LBSGD, NAG, SGD, SGLD, Signum, ccSGD  # noqa: F401

__all__ = ["Optimizer", "Updater", "create", "get_updater", "register", "SGD", "ccSGD", "NAG", "Signum",
           "LARS", "LBSGD", "DCASGD", "SGLD", "Adam", "AdaGrad", "RMSProp", "AdaDelta", "Ftrl", "Adamax", "Nadam",
           "FTML", "LAMB", "Test", "NDabs", "contrib"]
