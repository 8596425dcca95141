"""Hand-written NDArray methods that MXNet does not generate from an operator (installed on import)."""
