"""Panels that only one rule system needs, one package per system id."""
