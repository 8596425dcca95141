"""Operators of the indexing family (issue 3); the table is declared with registry.declare."""
