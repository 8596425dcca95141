"""Operators of the layout family (issue 3); the table is declared with registry.declare."""
