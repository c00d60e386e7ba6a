"""Every game's Turn tracker and Resolver, after any run of actions, undos and redos, show on screen what painting
the whole window again shows (issue 21: the tabs repaint only what changed; a style switched by a property once
stayed on screen after its phase, `appearance.restyle`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.gui.battles import battle_document, move
from tests.gui.screen import on_screen, repainted, settle
from warband.gui.systems.registry import battle_kit

GAMES = ["confrontation", "pfpv", "powerdice", "sbg"]


@pytest.mark.parametrize("part", ["tracker", "resolver"])
@pytest.mark.parametrize("system_id", GAMES)
def test_a_battle_tab_on_screen_after_any_actions_is_the_tab_painted_again(
    qtbot: Any, no_blinking: Any, system_id: str, part: str
) -> None:
    document = battle_document(system_id, 7)
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
            kind, n = rng.choice(["act", "act", "act", "act", "undo", "redo"]), rng.randrange(60)
            move(document, kind, n)
            settle()
            assert on_screen(tab) == repainted(tab), (step, kind, n)
    finally:
        document.close()
