"""Neural-network operators of the rnn family (issue 5); the table is declared with registry.declare."""
