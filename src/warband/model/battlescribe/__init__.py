"""BattleScribe data (`.gst`/`.cat` and their zipped `.gstz`/`.catz`, rosters `.ros`/`.rosz`), read into plain
values that each game maps onto its own catalog: a game's module `<package>.battlescribe` with
`import_data(data, prefix) -> Imported`, found through `game_modules("battlescribe")`. Qt-free, game-free.

The reader (`reader.py`) accepts schema versions 2.01 to 2.03 and refuses what an XML file must not do here
(entities, external references, oversized files); `data.py` holds what it gives: the files' entries with their
links resolved, and everything it does not model counted, so an import can say what it left out. `importer.py`
runs a game's mapping and checks its catalog; `roster.py` reads rosters, and `roster_import.py` makes them armies.
"""
