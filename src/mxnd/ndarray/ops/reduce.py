"""Operators of the reduce family (issue 3); the table is declared with registry.declare."""
