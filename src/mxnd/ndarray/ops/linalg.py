"""Operators of the linalg family (issue 3); the table is declared with registry.declare."""
