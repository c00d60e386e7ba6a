"""Rosters as text, HTML and PDF. May use QtGui, never QtWidgets."""
