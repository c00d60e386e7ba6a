"""Write the Confrontation fixture of tests/files/saved_before_rules/, as Warband saved it BEFORE issue 16 read the
rules to the letter. Run at the pre-fix commit e7c2066 (a worktree of it), from any folder:

    cd /tmp/wt-pre16 && PYTHONPATH=/tmp/wt-pre16/src python /work/main/tests/files/saved_before_rules/make_confrontation.py

The army: a Griffin army (version 1 of the army format) with a Dirz zealot in it, which the pre-fix program
accepted (CF-20 now reports it). The battle, with a journal: in the Divination phase a Faithful calls while
another is first in the order, a Faithful marked done calls again and another is marked done, then not done, and
a Faithful wounded earlier in the turn calls (CF-13 and CF-11 now refuse all of these); the battle file is saved,
then one more action. `confrontation.expected.json` holds what the pre-fix program loads from the army and the
battle file, its army report, and what it resumes from the journal.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from warband import api
from warband.model.battle import load_battle
from warband.model.replay import resume_journal
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import SetModelFlag, SetWounds

HERE = Path(__file__).resolve().parent
PRIESTESS, SAPHON, ZEALOT = "0:u1", "0:u2", "0:u4"
DARK_PRIEST, SECOND_PRIEST = "1:u1", "1:u2"


def army(name: str, *units: tuple[str, tuple[str, ...]]) -> api.Army:
    session = api.Session(api.new_army("confrontation", name, 400))
    for index, (profile, miracles) in enumerate(units, 1):
        session.execute(api.AddUnit(f"u{index}", profile))
        for miracle in miracles:
            session.execute(api.AddEntry(f"u{index}", "miracles", miracle))
    return session.state


def main() -> None:
    os.chdir(HERE)  # the journal and the battle file name each other relatively
    journal = Path("confrontation.battle-journal")
    battle_file = Path("confrontation.battle.json")
    army_file = Path("confrontation.warband.json")
    for old in (journal, battle_file, army_file):
        old.unlink(missing_ok=True)
    catalogs = api.builtin_catalogs("confrontation")
    griffins = army(
        "Griffins with a guest",
        ("iron-priestess", ("messager-divin", "priere", "bouclier-de-merin")),
        ("saphon-preacher", ("priere", "chatiment-celeste")),
        ("griffin-trooper", ()),
        ("dirz-arh-tolth-zealot", ("priere", "mutation-d-arh-tolth")),  # a Dirz zealot in a Griffin army
    )
    api.save_army(api.stamp(griffins, catalogs), army_file)
    griffins = api.load_army(army_file)
    mid_nor = army(
        "Mid-Nor",
        ("mid-nor-dark-priest", ("souffle-de-mid-nor", "messager-divin")),
        ("mid-nor-dark-priest", ("priere",)),
    )
    run = api.start_battle(
        [("Aline", griffins), ("Bruno", mid_nor)], catalogs, journal=journal, dice=api.SeededDice(16)
    )

    def first(kind: str, subject: str | None = None) -> api.Action:
        return next(a for a in api.actions(run) if a.kind == kind and (subject is None or a.subject == subject))

    def call(key: str, miracle: str, fervour: int, dice: tuple[int, ...], difficulty: int | None = None) -> None:
        assert api.take(run, CallRequest(key, miracle, fervour, True, difficulty), api.TypedDice(dice))

    def done(key: str, value: bool = True) -> None:
        assert run.execute(SetModelFlag(key=key, field="divination_done", value=value))

    assert api.take(run, first("tactical"), api.TypedDice((5, 2)))  # Aline wins the Tactical roll
    assert api.take(run, first("next_phase"))  # Movement
    assert run.execute(SetWounds(key=SAPHON, wounds="light"))  # Saphon is wounded this turn
    assert api.take(run, first("next_phase"))  # Divination: the dark priests (Discipline 5) first
    call(ZEALOT, "priere", 1, (4,))  # CF-13: out of the order, the first dark priest's turn
    call(DARK_PRIEST, "souffle-de-mid-nor", 3, (5,))
    done(DARK_PRIEST)
    call(DARK_PRIEST, "messager-divin", 2, (3,), difficulty=6)  # CF-13: again, once marked done
    done(SECOND_PRIEST)  # it passes
    call(PRIESTESS, "messager-divin", 2, (4,), difficulty=6)
    done(PRIESTESS)
    done(PRIESTESS, False)  # CF-13: done is final for the turn
    done(PRIESTESS)
    call(SAPHON, "priere", 1, (2,))  # CF-11: wounded this turn
    api.save_battle_file(run, battle_file)
    assert api.take(run, first("next_phase"))  # Shooting

    loaded_army = api.load_army(army_file)
    report = api.validate(loaded_army, catalogs)
    battle, log, dice = load_battle(battle_file)
    resumed = resume_journal(journal)
    expected = {
        "army": loaded_army.model_dump(mode="json"),
        "army_problems": [p.as_json() for p in report.problems],
        "battle_file": {
            "battle": battle.model_dump(mode="json"),
            "log": [e.model_dump(mode="json") for e in log],
            "dice": dice.state(),
        },
        "journal": {
            "battle": resumed.battle.model_dump(mode="json"),
            "log": [e.model_dump(mode="json") for e in resumed.log],
            "dice": resumed.dice.state(),
            "undo": resumed.session.undo_label,
            "redo": resumed.session.redo_label,
            "file": str(resumed.file),
            "modified": resumed.session.modified,
        },
    }
    Path("confrontation.expected.json").write_text(
        json.dumps(expected, indent=1, ensure_ascii=False) + "\n", "utf-8"
    )


if __name__ == "__main__":
    main()
