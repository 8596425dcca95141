"""Neural-network operators of the loss family (issue 5); the table is declared with registry.declare."""
