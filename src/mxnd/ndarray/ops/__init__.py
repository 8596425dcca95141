"""Operator families; each module starts with its table and registers it on import."""
from . import creation, elementwise, shape  # noqa: F401  (registration side effects)
