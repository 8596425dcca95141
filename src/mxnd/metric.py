"""``mx.metric``: evaluation metrics (being built)."""
