"""Neural-network operators of the nn_basic family (issue 5); the table is declared with registry.declare."""
