"""Neural-network operators of the attention family (issue 5); the table is declared with registry.declare."""
