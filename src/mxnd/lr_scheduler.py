"""``mx.lr_scheduler``: learning-rate schedules (being built)."""
