"""Litany in Warband's window: its builder panels, its battle tabs and its rules options (`ui.UI`).

Built from Warband's shared window pieces only (the catalog browser's `ProfileDescription`, the held-entries
model, the battle bar, summary box and log, the dice entry); nothing here imports another game's modules.
"""
