"""Writes the power-dice fixtures of tests/files/saved_before_rules/ (issue 16), run ONCE at the pre-fix commit
e7c2066 (before the rules were read to the letter), in a worktree of that commit:

    cd /tmp/wt-pre16 && PYTHONPATH=/tmp/wt-pre16/src python /work/main/tests/files/saved_before_rules/make_powerdice.py

A battle whose file holds an apprentice out of play (its `removed` flag set, as a battle file may hold it): in A1
Aline places an incantation marker on it, and in B3 it gives a die to the battle mage's Fireball. That version
accepted the gift; PD-05 (friendly casters still in play only) now refuses it. The journal ends saved, and the
battle file is saved from the same run; `powerdice.expected.json` is what that version loads and resumes.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from warband import api
from warband.model.battle import BattleRun, load_battle, save_battle
from warband.model.dice import SeededDice, TypedDice
from warband.model.replay import resume
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_commands import (
    COMMANDS,
    CastSpell,
    HandOver,
    NextStep,
    PassB3,
    PlaceMarker,
)
from warband.model.systems.powerdice.battle_state import PowerDiceBattle, PowerDiceBattleFile

HERE = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/main/tests/files/saved_before_rules")


def army(name: str, *units: tuple[str, str, tuple[str, ...]]) -> api.Army:
    session = api.Session(api.new_army("powerdice", name))
    for unit_id, profile, spells in units:
        session.execute(api.AddUnit(unit_id, profile))
        for spell in spells:
            session.execute(api.AddEntry(unit_id, "spells", spell))
    return session.state


def main() -> None:
    catalogs = api.builtin_catalogs("powerdice")
    aline = army(
        "Gate",
        ("u1", "magicien-de-bataille", ("boule-de-feu", "bouclier-arcanique")),
        ("u2", "apprenti-magicien", ("boule-de-feu",)),
    )
    bruno = army(
        "Wood", ("u1", "pretre-de-guerre", ("soins",)), ("u2", "shaman-de-clan", ("racines-entravantes",))
    )
    battle = rules.start_battle([("Aline", aline), ("Bruno", bruno)], catalogs)
    battle = rules.with_caster(battle, "0:u2", removed=True)  # out of play, as the battle file holds it
    os.chdir(HERE)  # the journal names the battle file as saved: relative, as in the folder
    journal = Path("powerdice.battle-journal")
    battle_file = Path("powerdice.battle.json")
    journal.unlink(missing_ok=True)
    run = BattleRun(battle, dice=SeededDice(16), journal=journal, file=Path("powerdice.battle.json"))
    for command in (
        PlaceMarker(key="0:u1", marker="incantation"),
        PlaceMarker(key="0:u2", marker="incantation"),  # not offered for a caster out of play, but accepted
        HandOver(),
        PlaceMarker(key="1:u1", marker="incantation"),
        PlaceMarker(key="1:u2", marker="wait"),
        HandOver(),
    ):
        assert run.execute(command), command
    while run.battle.step != "B3":
        assert run.execute(NextStep(), text=NextStep().log_in(run.battle))
    request = rules.CastRequest("0:u1", "boule-de-feu", 2, {"0:u2": 1}, helpers_near=True)
    assert rules.cast_problems(run.battle, request) == []  # the removed apprentice gives a die
    roll = api.get_system("powerdice").roll(run.battle, request, TypedDice((4, 3, 2)))
    assert isinstance(roll.command, CastSpell)
    assert run.play(roll)
    assert run.execute(PassB3(side=1))
    assert run.execute(NextStep(), text=NextStep().log_in(run.battle))  # B3 ends: into C
    save_battle(run, PowerDiceBattleFile, battle_file)
    run.close_journal(remove=False)

    loaded, log, dice = load_battle(battle_file)
    resumed = resume(journal, PowerDiceBattle, COMMANDS.validate_python)
    expected = {
        "battle_file": {
            "battle": loaded.model_dump(mode="json"),
            "log": [e.model_dump(mode="json") for e in log],
            "dice": dice.state(),
        },
        "journal": {
            "battle": resumed.battle.model_dump(mode="json"),
            "log": [e.model_dump(mode="json") for e in resumed.log],
            "dice": resumed.dice.state(),
            "undo": resumed.session.undo_label,
            "redo": resumed.session.redo_label,
            "file": str(resumed.file) if resumed.file else None,
            "modified": resumed.session.modified,
        },
    }
    Path("powerdice.expected.json").write_text(
        json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
