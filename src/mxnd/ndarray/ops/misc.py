"""Operators of the misc family (issue 3); the table is declared with registry.declare."""
