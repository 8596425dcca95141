"""(being written) The quantized_basic operator family."""
from ...registry import declare

TABLE = declare([])
