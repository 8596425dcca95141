"""Operator families; each module starts with its table and registers it on import."""
from . import (creation, elementwise, image, indexing, layout, linalg, misc,  # noqa: F401
               ordering, random, reduce, shape, unary)
