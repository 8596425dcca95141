"""Neural-network operators of the roi family (issue 5); the table is declared with registry.declare."""
