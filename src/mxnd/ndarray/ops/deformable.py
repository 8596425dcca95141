"""(being written) The deformable operator family."""
from ...registry import declare

TABLE = declare([])
