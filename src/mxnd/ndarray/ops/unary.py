"""Operators of the unary family (issue 3); the table is declared with registry.declare."""
