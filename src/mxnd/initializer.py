"""``mx.init`` / ``mx.initializer``: weight initializers (being built)."""
