"""Operators of the ordering family (issue 3); the table is declared with registry.declare."""
