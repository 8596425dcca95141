"""``mx.nd.contrib``: the ``_contrib_*`` operators of the registry, as MXNet routes them, and MXNet's
Python wrappers of the batched updates."""
from .generated import populate
from .multi_updates import multi_adamw_update, multi_lamb_update, multi_mp_adamw_update, multi_mp_lamb_update

__all__ = populate(globals(), "contrib") + ["multi_adamw_update", "multi_mp_adamw_update", "multi_lamb_update",
                                            "multi_mp_lamb_update"]
