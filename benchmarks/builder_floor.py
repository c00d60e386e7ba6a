"""The floor under `warband --smoke builder`: the yardstick's bare window, plus only the model the builder cannot
be shown without (pydantic, the first game's rules and schemas, its built-in catalogs loaded and merged, a new
army), and no builder widget at all.

`bench_gui.py` launches it beside the bare window and the two smoke runs. Whatever the builder's widgets cost, a
builder launch cannot cost less than this: its ratio to the bare window is the least the builder's target could be
met with while the builder needs this model. It is not a yardstick to meet; `bare_qt_window.py` stays the one.
"""

from __future__ import annotations

import gc
import sys

from bare_qt_window import main as bare_window  # the yardstick itself, unchanged, run after the model
from warband.api import games, new_army
from warband.model.catalogs_by_game import CatalogsByGame
from warband.model.system import game_info

POINTS = 400
"""A new army's points limit in the window (`warband.gui.army_files.DEFAULT_LIMIT`)."""


def builder_model() -> None:
    """What the builder of the first game holds before it builds a widget: the game's catalogs, as the window
    loads them (a game at a time, the collector kept off them), and a new army of that game."""
    game = games()[0].id
    catalogs = CatalogsByGame(
        lambda system: game_info(system).builtin_catalogs(), list, lambda: [game], on_loaded=gc.freeze
    )
    _catalogs, errors = catalogs.for_system(game)
    if errors:
        raise SystemExit(f"built-in catalogs left out: {errors}")
    new_army(game, points_limit=POINTS)


if __name__ == "__main__":
    builder_model()
    sys.exit(bare_window())
