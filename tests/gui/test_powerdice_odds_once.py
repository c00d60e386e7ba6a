"""Issue 21: the power-dice Resolver works out a casting's odds once per update, from one distribution of the
totals, and stays exact with the dice spin above the cap (PD-05, PD-06, PD-08). Real widgets on a real battle
document; spies count the calls."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.powerdice import resolver_view as view
from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
from warband.gui.widgets.odds_chart import BarKind
from warband.model import dice as model_dice
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice, at_least
from warband.model.systems.powerdice import battle_casting, totals
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_commands import HandOver, PlaceMarker
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.powerdice.schema import PowerDiceArmy

LEVEL = 10


class Spy:
    """Counts the calls of a function and passes them on."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.calls: list[tuple[Any, ...]] = []

    def __call__(self, *args: Any) -> Any:
        self.calls.append(args)
        return self.function(*args)


@pytest.fixture
def spies(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Spy]]:
    """Spies on what works out odds: the Resolver's one call, the distribution of the totals, and the older
    ways (the chance alone, the one-die-at-a-time convolution), with every cache emptied first."""
    found = {
        "casting_odds": Spy(rules.casting_odds),
        "count_ways": Spy(totals._count_ways),
        "chance": Spy(rules.chance),
        "sum_distribution": Spy(model_dice.sum_distribution),
    }
    monkeypatch.setattr(rules, "casting_odds", found["casting_odds"])
    monkeypatch.setattr(totals, "_count_ways", found["count_ways"])
    monkeypatch.setattr(rules, "chance", found["chance"])
    monkeypatch.setattr(battle_casting, "chance", found["chance"])
    monkeypatch.setattr(model_dice, "sum_distribution", found["sum_distribution"])
    yield found
    _clear_caches()


def _clear_caches() -> None:
    for cached in (totals.total_ways, totals._tails, totals.chance_at_least, view._total_buckets):
        cached.cache_clear()


def _counts(spies: dict[str, Spy]) -> dict[str, int]:
    return {name: len(spy.calls) for name, spy in spies.items()}


def _battle(folder: Path, casters: int, markers: str, step: str) -> PowerDiceBattle:
    """`casters` level-10 magicians a side, every one with `markers`, at `step`."""
    catalog = {
        "format": "warband-catalog",
        "version": 1,
        "system": "powerdice",
        "id": "many-dice",
        "revision": 1,
        "name": "Level-10 casters",
        "spells": [{"id": "storm", "name": "Storm", "traits": ["magician"], "difficulty": 60}],
        "profiles": [
            {"id": "magus", "name": "Magus", "cost": 0, "caster": {"traits": ["magician"], "level": LEVEL}}
        ],
    }
    path = folder / "many-dice.json"
    path.write_text(json.dumps(catalog), encoding="utf-8")
    catalogs = load_catalogs([*builtin_catalog_paths(), path]).for_system("powerdice")
    rows = [{"id": f"u{i}", "profile": "magus", "spells": ["storm"]} for i in range(casters)]
    army = PowerDiceArmy.model_validate({"system": "powerdice", "name": "Tower", "units": rows})
    battle = rules.start_battle([("Aline", army), ("Bruno", army)], catalogs)
    for side in (0, 1):
        for key in battle.casters:
            if key.startswith(f"{side}:"):
                battle = PlaceMarker(key=key, marker=markers).apply(battle)  # type: ignore[arg-type]
        battle = HandOver().apply(battle)
    while battle.step != step:
        battle = rules.next_step(battle)[0]
    return battle


@pytest.fixture
def make_tab(qtbot: Any) -> Iterator[Callable[[PowerDiceBattle], PowerDiceResolverTab]]:
    documents: list[BattleDocument[PowerDiceBattle]] = []

    def build(battle: PowerDiceBattle) -> PowerDiceResolverTab:
        document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
        documents.append(document)
        tab = PowerDiceResolverTab(document)
        qtbot.addWidget(tab)
        return tab

    yield build
    for document in documents:
        document.close()


def test_pd_06_one_update_of_the_spin_above_the_cap_works_out_the_odds_once(
    make_tab: Callable[[PowerDiceBattle], PowerDiceResolverTab], tmp_path: Path, spies: dict[str, Spy]
) -> None:
    """Phase C: 10 dice on the card, 3 at most (PD-06); each spin change asks the rules once."""
    tab = make_tab(_battle(tmp_path, 1, "wait", "C"))
    assert tab.selected_key == "0:u0" and tab.dice_spin.value() == 3
    _clear_caches()
    before = _counts(spies)

    tab.dice_spin.setValue(9)  # above the cap: refused, and the odds still shown
    after = _counts(spies)
    assert after["casting_odds"] - before["casting_odds"] == 1
    assert after["count_ways"] - before["count_ways"] == 1  # one distribution of the totals, not two
    assert after["chance"] == before["chance"] and after["sum_distribution"] == before["sum_distribution"]
    assert [p.rule for p in tab.problems] == ["PD-06"]
    chance = at_least(60, 9)
    assert tab.odds_label.text() == view.odds_text(chance)
    assert tab.chart.success_chance() == chance

    tab.dice_spin.setValue(10)
    tab.dice_spin.setValue(9)  # 9 dice again: their totals are known, only the odds are asked for
    again = _counts(spies)
    assert again["casting_odds"] - after["casting_odds"] == 2
    assert again["count_ways"] - after["count_ways"] == 1  # 10 dice only
    assert tab.odds_label.text() == view.odds_text(chance)


@pytest.mark.parametrize("helpers", [3, 11])
def test_pd_05_many_dice_against_a_cap_of_11_show_their_exact_odds_and_every_total(
    make_tab: Callable[[PowerDiceBattle], PowerDiceResolverTab],
    tmp_path: Path,
    spies: dict[str, Spy],
    helpers: int,
) -> None:
    """B3: a level-10 caster given 10 dice by each helper (40 or 120 dice in all); the casting is refused
    (PD-05), its odds shown, exact, with every total of the dice in the chart."""
    tab = make_tab(_battle(tmp_path, helpers + 1, "incantation", "B3"))
    offered = tab.helpers_box.keys()
    assert len(offered) == helpers
    tab.near_check.setChecked(True)
    for key in offered:
        tab.helpers_box.spin(key).setValue(LEVEL)
    total = LEVEL * (helpers + 1)
    request = tab.request()
    assert request is not None and request.total == total and tab.dice_spin.value() == LEVEL
    assert [p.rule for p in tab.problems] == ["PD-05"]
    given = total - LEVEL
    assert tab.limit_label.text() == f"Dice in all: {total} of at most 11 (level + 1): 10 own, {given} given"

    chance = at_least(60, total)
    assert tab.odds_label.text() == view.odds_text(chance)
    assert tab.odds_panel.odds_detail.text() == f"{total} dice against difficulty 60"
    convolved = spies["sum_distribution"].function(total, 6)  # the oracle, without counting it
    assert tab.chart.buckets() == tuple((str(t), Fraction(n, 6**total)) for t, n in convolved.items())
    failing = max(0, 60 - total)  # the totals below the difficulty
    assert list(tab.chart.kinds()) == [BarKind.FAILURE] * failing + [BarKind.SUCCESS] * (5 * total + 1 - failing)
    assert tab.chart.success_chance() == chance

    before = _counts(spies)
    tab.dice_spin.setValue(LEVEL - 1)
    after = _counts(spies)
    assert after["casting_odds"] - before["casting_odds"] == 1
    assert after["count_ways"] - before["count_ways"] == 1
    assert after["chance"] == before["chance"] and after["sum_distribution"] == before["sum_distribution"]
    assert len(tab.chart.buckets()) == 5 * (total - 1) + 1
    assert tab.chart.success_chance() == at_least(60, total - 1)
