"""Every game's Turn tracker and Resolver, after any run of actions, undos and redos, show on screen what painting
the whole window again shows (issue 21: the tabs repaint only what changed; a style switched by a property once
stayed on screen after its phase, `appearance.restyle`)."""

from __future__ import annotations

import contextlib
import random
from functools import cache
from typing import Any

import pytest

from tests.gui.screen import on_screen, repainted, settle
from warband import api
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.registry import battle_kit
from warband.model.dice import DiceError
from warband.model.session import RefusedError

GAMES = ["confrontation", "pfpv", "powerdice", "sbg"]


@cache
def _example(system_id: str) -> tuple[api.Army, api.Catalogs]:
    (catalog, *_more) = api.get_system(system_id).info.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return api.load_army(path), api.builtin_catalogs(system_id)


def _step(document: BattleDocument[Any], rng: random.Random) -> str:
    kind = rng.choice(["act", "act", "act", "act", "undo", "redo"])
    if kind == "undo":
        document.undo()
    elif kind == "redo":
        document.redo()
    else:
        allowed = [a for a in document.actions() if a.allowed and a.kind != "end_battle"]
        if allowed:
            action = rng.choice(allowed)
            with contextlib.suppress(RefusedError, DiceError):
                document.take(action)
            return f"act {action.kind}"
    return kind


@pytest.mark.parametrize("part", ["tracker", "resolver"])
@pytest.mark.parametrize("system_id", GAMES)
def test_a_battle_tab_on_screen_after_any_actions_is_the_tab_painted_again(
    qtbot: Any, no_blinking: Any, system_id: str, part: str
) -> None:
    army, catalogs = _example(system_id)
    sides = [(player, army) for player in ("Aline", "Bruno")[: api.get_system(system_id).info.sides]]
    document = BattleDocument(api.start_battle(sides, catalogs, dice=api.SeededDice(7)))
    kit = battle_kit(system_id)
    assert kit is not None
    tab = kit.tracker(document) if part == "tracker" else kit.resolver(document)
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    try:
        with qtbot.waitExposed(tab):
            tab.show()
        settle()
        rng = random.Random(f"{system_id} {part}")
        for step in range(25):
            done = _step(document, rng)
            settle()
            assert on_screen(tab) == repainted(tab), (step, done)
    finally:
        document.close()
