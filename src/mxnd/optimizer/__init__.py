"""``mx.optimizer``: optimizers, Updater and get_updater (being built)."""
