"""``mx.nd.contrib``: the ``_contrib_*`` operators of the registry, as MXNet routes them, MXNet's
Python wrappers of the batched updates, and its imperative control flow (``foreach``, ``while_loop``,
``cond``) and ``rand_zipfian``."""
from .contrib_control import cond, foreach, rand_zipfian, while_loop
from .generated import populate
from .multi_updates import multi_adamw_update, multi_lamb_update, multi_mp_adamw_update, multi_mp_lamb_update

__all__ = populate(globals(), "contrib") + ["multi_adamw_update", "multi_mp_adamw_update", "multi_lamb_update",
                                            "multi_mp_lamb_update", "foreach", "while_loop", "cond",
                                            "rand_zipfian"]
