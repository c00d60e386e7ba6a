"""One package per rule system, each exposing `SYSTEM` (see `warband.model.system`)."""
