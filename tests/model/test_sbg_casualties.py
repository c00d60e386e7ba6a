"""Issue 19: warriors' casualties in a Strategy Battle Game battle — models lost per unit, Wounds for warriors of
more than one, as commands (undoable, journalled) with their refusals; heroes as before; the summary (SB-07)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warband import api
from warband.model.catalog import LoadedCatalog, merge
from warband.model.session import RefusedError
from warband.model.systems.sbg import casualties
from warband.model.systems.sbg.battle_commands import COMMANDS, SetCounter, SetHeroFlag
from warband.model.systems.sbg.casualty_commands import SetCasualties
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog


def hero(pid: str, name: str, alignment: str, courage: int = 4) -> dict:
    return {
        "id": pid,
        "name": name,
        "alignment": alignment,
        "faction": "test",
        "cost": 50,
        "courage": courage,
        "hero": {"might": 2, "will": 1, "fate": 1, "wounds": 2},
    }


def warrior(pid: str, name: str, alignment: str, courage: int = 3, wounds: str | None = None) -> dict:
    made: dict = {
        "id": pid,
        "name": name,
        "alignment": alignment,
        "faction": "test",
        "cost": 8,
        "courage": courage,
    }
    if wounds is not None:
        made["stats"] = {"wounds": wounds}
    return made


CATALOG = {
    "format": "warband-catalog",
    "version": 2,
    "system": "sbg",
    "id": "sbg-test",
    "revision": 1,
    "name": "Test",
    "profiles": [
        hero("captain", "Captain", "good"),
        warrior("spears", "Spearmen", "good"),
        warrior("ent", "Ent", "good", 6, "3"),
        hero("orc-captain", "Orc Captain", "evil", 3),
        warrior("orc", "Orc", "evil", 2),
    ],
}
CAPTAIN, SPEARS, ENTS, ORC_CAPTAIN, ORCS = "0:u1", "0:u2", "0:u3", "1:u1", "1:u2"


def make_catalogs() -> api.Catalogs:
    merged, errors = merge("sbg", [LoadedCatalog("sbg.json", SbgCatalog.model_validate(CATALOG))])
    assert errors == []
    return merged


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return make_catalogs()


def army(*units: dict) -> SbgArmy:
    return SbgArmy.model_validate({"system": "sbg", "name": "A", "units": list(units)})


def start(catalogs: api.Catalogs, journal: Path | None = None, options: Any = None) -> api.BattleRun[Any]:
    good = army(
        {"id": "u1", "profile": "captain"},
        {"id": "u2", "profile": "spears", "count": 10},
        {"id": "u3", "profile": "ent", "count": 2, "label": "Ents of the wood"},
    )
    evil = army({"id": "u1", "profile": "orc-captain"}, {"id": "u2", "profile": "orc", "count": 8})
    return api.start_battle([("Aline", good), ("Bruno", evil)], catalogs, options, journal=journal)


def refused(run: api.BattleRun[Any], command: object) -> tuple[str, str, str]:
    with pytest.raises(RefusedError) as err:
        run.execute(command)  # type: ignore[arg-type]
    reason = err.value.reason
    return reason.rule, reason.code, reason.message


def actions(run: api.BattleRun[Any], kind: str, subject: str) -> list[api.Action]:
    return [a for a in api.actions(run) if a.kind == kind and a.subject == subject]


# --- the units in play -------------------------------------------------------------------------------------------
def test_every_unit_is_in_play_with_its_models_heroes_and_warriors(catalogs):
    run = start(catalogs)
    found = {
        u.key: (u.label, u.start, u.lost, u.wounds_each, u.hero is not None) for u in casualties.units(run.battle)
    }
    assert found == {
        CAPTAIN: ("Captain", 1, 0, 2, True),
        SPEARS: ("Spearmen", 10, 0, 1, False),
        ENTS: ("Ents of the wood", 2, 0, 3, False),
        ORC_CAPTAIN: ("Orc Captain", 1, 0, 2, True),
        ORCS: ("Orc", 8, 0, 1, False),
    }
    assert run.battle.warriors == {}  # nothing lost: nothing written


def test_a_warriors_wounds_are_read_from_its_card():
    profile = SbgCatalog.model_validate(CATALOG).profiles[2]
    assert casualties.wounds_each(profile) == 3
    plain = SbgCatalog.model_validate(CATALOG).profiles[1]
    assert casualties.wounds_each(plain) == 1 and casualties.wounds_each(None) == 1
    odd = plain.model_copy(update={"stats": plain.stats.model_copy(update={"wounds": "-"})})
    assert casualties.wounds_each(odd) == 1


# --- casualties as commands ----------------------------------------------------------------------------------------
def test_models_lost_are_recorded_undone_and_redone(catalogs):
    run = start(catalogs)
    before = run.battle
    assert run.execute(SetCasualties(key=SPEARS, lost=3))
    assert run.battle.warriors[SPEARS].lost == 3
    assert run.log[-1].text == "Spearmen: 3 / 10 models lost"
    assert casualties.unit_in_play(run.battle, SPEARS).in_play == 7
    assert run.undo() and run.battle == before
    assert run.redo() and run.battle.warriors[SPEARS].lost == 3
    assert run.execute(SetCasualties(key=SPEARS, lost=0))  # corrected back: the unit is not listed again
    assert run.battle.warriors == {} and run.battle.model_dump(mode="json") == before.model_dump(mode="json")


def test_sb_07_a_unit_cannot_lose_more_models_than_it_has(catalogs):
    run = start(catalogs)
    assert refused(run, SetCasualties(key=SPEARS, lost=11)) == (
        "SB-07",
        "sbg.casualty_more",
        "Spearmen has 10 models: it cannot lose 11.",
    )
    assert run.execute(SetCasualties(key=SPEARS, lost=10))
    assert run.battle.warriors[SPEARS].lost == 10


def test_sb_07_a_heros_losses_are_its_wounds_and_removed_flag_as_before(catalogs):
    run = start(catalogs)
    rule, code, _message = refused(run, SetCasualties(key=CAPTAIN, lost=1))
    assert (rule, code) == ("SB-07", "sbg.casualty_hero")
    assert run.execute(SetCounter(key=CAPTAIN, field="wounds", value=1))
    assert casualties.unit_in_play(run.battle, CAPTAIN).lost == 0  # wounded, still in play
    assert run.execute(SetHeroFlag(key=CAPTAIN, field="removed", value=True))
    assert casualties.unit_in_play(run.battle, CAPTAIN).lost == 1
    assert casualties.break_point(run.battle, 0).lost == 1


def test_wounds_of_warriors_of_more_than_one_wound(catalogs):
    run = start(catalogs)
    assert run.execute(SetCasualties(key=ENTS, lost=0, wounds=2))
    assert run.log[-1].text == "Ents of the wood: 0 / 2 models lost, 2 Wounds lost by the others"
    assert run.execute(SetCasualties(key=ENTS, lost=1, wounds=2))  # one lost, the other wounded twice
    assert refused(run, SetCasualties(key=ENTS, lost=1, wounds=3))[1] == "sbg.casualty_wounds"
    assert refused(run, SetCasualties(key=SPEARS, lost=1, wounds=1))[1] == "sbg.casualty_one_wound"
    assert "record a model lost instead" in refused(run, SetCasualties(key=ENTS, lost=2, wounds=1))[2]


def test_the_actions_lose_a_model_or_a_wound_each_with_its_refusal(catalogs):
    run = start(catalogs)
    [lose] = actions(run, "casualty", SPEARS)
    assert lose.label == "Spearmen: A model lost" and lose.allowed
    assert api.take(run, lose)
    assert run.battle.warriors[SPEARS].lost == 1
    assert actions(run, "wound", SPEARS) == []  # one Wound each: a Wound lost is a model lost
    [wound] = actions(run, "wound", ENTS)
    assert api.take(run, wound) and api.take(run, actions(run, "wound", ENTS)[0])
    assert run.battle.warriors[ENTS].wounds == 2
    for _ in range(2):
        assert api.take(run, actions(run, "wound", ENTS)[0])
    [wound] = actions(run, "wound", ENTS)
    assert wound.refusal is not None and wound.refusal.code == "sbg.casualty_wounds"
    assert api.take(run, actions(run, "casualty", ENTS)[0])  # a model lost: its Wounds go with it
    assert run.battle.warriors[ENTS].model_dump() == {"lost": 1, "wounds": 2}
    assert run.execute(SetCasualties(key=SPEARS, lost=10))
    [lose] = actions(run, "casualty", SPEARS)
    assert lose.refusal is not None and lose.refusal.code == "sbg.casualty_more"
    assert actions(run, "casualty", CAPTAIN) == []  # heroes: their counters, as before


# --- the journal and the files -------------------------------------------------------------------------------------
def test_casualties_are_journalled_and_resume_the_same(catalogs, tmp_path):
    journal = tmp_path / "b.battle-journal"
    run = start(catalogs, journal)
    assert run.execute(SetCasualties(key=SPEARS, lost=4))
    assert run.execute(SetCasualties(key=ENTS, lost=0, wounds=1))
    assert run.undo()
    records = [json.loads(line) for line in journal.read_bytes().splitlines()]
    commands = [r["command"] for r in records if r.get("op") == "do"]
    assert commands[0] == {"kind": "casualties", "key": SPEARS, "lost": 4, "wounds": 0}
    assert COMMANDS.validate_python(commands[1]) == SetCasualties(key=ENTS, lost=0, wounds=1)
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log
    assert resumed.session.redo_label == run.session.redo_label


def test_a_battle_with_casualties_saves_and_opens_the_same(catalogs, tmp_path):
    run = start(catalogs)
    assert run.execute(SetCasualties(key=ORCS, lost=2))
    path = tmp_path / "b.battle.json"
    api.save_battle_file(run, path)
    written = json.loads(path.read_text("utf-8"))
    assert written["warriors"] == {ORCS: {"lost": 2}}  # the Wounds written only when some are lost
    assert "breaks" not in written and "break_tests" not in written  # at their defaults
    assert api.open_battle(path).battle == run.battle


# --- the summary ----------------------------------------------------------------------------------------------------
def test_the_summary_counts_each_sides_casualties_and_whether_it_broke(catalogs):
    run = start(catalogs)
    assert run.execute(SetCasualties(key=ORCS, lost=5))
    assert run.execute(SetCasualties(key=SPEARS, lost=2))
    aline, bruno = api.summary(run).sides
    assert aline.lines[-2:] == ("2 / 13 models lost", "Not broken: break point 7 / 13")
    assert bruno.lines[-2:] == ("5 / 9 models lost", "Broken: half or more lost (break point 5 / 9)")


@given(st.lists(st.tuples(st.sampled_from([SPEARS, ENTS, ORCS, CAPTAIN]), st.integers(0, 12), st.integers(0, 6))))
def test_casualties_in_any_order_undo_to_the_start_and_redo_to_the_end(edits):
    run = start(make_catalogs())
    first = run.battle
    for key, lost, wounds in edits:
        with contextlib.suppress(RefusedError):
            run.execute(SetCasualties(key=key, lost=lost, wounds=wounds))
        point = casualties.break_point(run.battle, 0)
        assert 0 <= point.lost <= point.start
    last = run.battle
    while run.undo():
        pass
    assert run.battle == first
    while run.redo():
        pass
    assert run.battle == last
