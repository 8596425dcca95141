"""Operators of the random family (issue 3); the table is declared with registry.declare."""
