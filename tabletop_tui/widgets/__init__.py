"""Widgets shared by every game screen."""
