"""(being written) The hawkes operator family."""
from ...registry import declare

TABLE = declare([])
