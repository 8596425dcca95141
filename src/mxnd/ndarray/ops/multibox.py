"""Neural-network operators of the multibox family (issue 5); the table is declared with registry.declare."""
