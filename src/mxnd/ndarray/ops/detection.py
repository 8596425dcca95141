"""Neural-network operators of the detection family (issue 5); the table is declared with registry.declare."""
