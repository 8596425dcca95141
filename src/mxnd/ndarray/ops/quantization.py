"""(being written) The quantization operator family."""
from ...registry import declare

TABLE = declare([])
