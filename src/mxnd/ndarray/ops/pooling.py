"""Neural-network operators of the pooling family (issue 5); the table is declared with registry.declare."""
