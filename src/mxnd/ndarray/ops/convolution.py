"""Neural-network operators of the convolution family (issue 5); the table is declared with registry.declare."""
