"""Neural-network operators of the spatial family (issue 5); the table is declared with registry.declare."""
