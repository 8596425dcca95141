"""(being written) The quantized_nn operator family."""
from ...registry import declare

TABLE = declare([])
