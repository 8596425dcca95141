"""(being written) The deformable_psroi operator family."""
from ...registry import declare

TABLE = declare([])
