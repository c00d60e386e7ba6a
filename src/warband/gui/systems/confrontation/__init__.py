"""Confrontation's own builder panels: a Faithful's miracles and a model's magic items."""
