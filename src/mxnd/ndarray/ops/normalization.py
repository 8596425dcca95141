"""Neural-network operators of the normalization family (issue 5); the table is declared with registry.declare."""
