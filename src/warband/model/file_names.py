"""How the player's files are named: what a file's suffix says it holds.

Light on purpose (no pydantic, no game): the command line, the start page and the recent files read them before
anything else is loaded.
"""

from __future__ import annotations

ARMY_SUFFIX = ".warband.json"
BATTLE_SUFFIX = ".battle.json"
DOCUMENT_SUFFIXES = (ARMY_SUFFIX, BATTLE_SUFFIX)
"""The files the window opens: a file of one of these given alone, or handed over to a running window."""
