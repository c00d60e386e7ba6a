"""A battle of each game's example army, in the window's document, and one move a player could make in it: for
the tests that drive the battle tabs through any run of actions (the log's, the screen's)."""

from __future__ import annotations

import contextlib
from functools import cache
from typing import Any

from warband import api
from warband.gui.battle_document import BattleDocument
from warband.model.dice import DiceError
from warband.model.session import RefusedError


@cache
def example(system_id: str) -> tuple[api.Army, api.Catalogs]:
    """The game's example army and its built-in catalogs."""
    (catalog, *_more) = api.get_system(system_id).info.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return api.load_army(path), api.builtin_catalogs(system_id)


def battle_document(system_id: str, seed: int) -> BattleDocument[Any]:
    """A battle of the example army against itself (Aline's and Bruno's; a party has Aline alone)."""
    army, catalogs = example(system_id)
    sides = [(player, army) for player in ("Aline", "Bruno")[: api.get_system(system_id).info.sides]]
    return BattleDocument(api.start_battle(sides, catalogs, dice=api.SeededDice(seed)))


def move(document: BattleDocument[Any], kind: str, n: int) -> None:
    """An undo, a redo, a note with rolled dice, or else the `n`th action allowed now (a refusal or a die out of
    range changes nothing)."""
    if kind == "undo":
        document.undo()
    elif kind == "redo":
        document.redo()
    elif kind == "note":
        document.note(f"a tie {n}: roll again", dice=document.run.dice.roll(6, 2), source="rolled")
    else:
        allowed = [a for a in document.actions() if a.allowed and a.kind != "end_battle"]
        if allowed:
            with contextlib.suppress(RefusedError, DiceError):
                document.take(allowed[n % len(allowed)])
