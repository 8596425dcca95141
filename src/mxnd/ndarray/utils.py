"""``mx.nd.save`` / ``load`` / ``load_frombuffer``: MXNet's binary NDArray format (being built)."""
