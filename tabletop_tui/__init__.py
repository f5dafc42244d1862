"""Textual app for tabletop."""
