"""Operators of the image family (issue 3); the table is declared with registry.declare."""
