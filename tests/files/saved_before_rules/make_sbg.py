"""Write the Strategy Battle Game fixture of tests/files/saved_before_rules/, as Warband saved it BEFORE issue 16
read the rules to the letter. Run at the pre-fix commit e7c2066 (a worktree of it), from this folder:

    cd /tmp/wt-pre16 && PYTHONPATH=/tmp/wt-pre16/src python /work/main/tests/files/saved_before_rules/make_sbg.py

It plays a battle with a journal: priority, a cast, a Wound lost, then a Fate roll of three dice for that one Wound
under the default procedure (one die at a time), which the pre-fix program accepted although the first die had
restored the Wound (SB-04 now stops the roll there); then Might on a roll, the battle file saved, and one more
action. `sbg.expected.json` holds what the pre-fix program loads from the battle file and resumes from the journal.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from warband import api
from warband.model.battle import load_battle
from warband.model.replay import resume_journal
from warband.model.systems.sbg import battle_commands as commands
from warband.model.systems.sbg.battle_commands import SetCounter
from warband.model.systems.sbg.play import MightRequest, WillRequest

HERE = Path(__file__).resolve().parent
GANDALF, CAPTAIN = "0:u1", "0:u2"


def army(name: str, *profiles: str) -> api.Army:
    session = api.Session(api.new_army("sbg", name))
    for index, profile in enumerate(profiles, 1):
        session.execute(api.AddUnit(f"u{index}", profile))
    return session.state


def main() -> None:
    os.chdir(HERE)  # the journal and the battle file name each other relatively
    journal = Path("sbg.battle-journal")
    battle_file = Path("sbg.battle.json")
    for old in (journal, battle_file):
        old.unlink(missing_ok=True)
    catalogs = api.builtin_catalogs("sbg")
    sides = [
        ("Aline", army("The Grey Company", "gandalf-the-grey", "captain-of-rohan")),
        ("Bruno", army("Isengard", "orc-shaman", "grima")),
    ]
    run = api.start_battle(sides, catalogs, journal=journal, dice=api.SeededDice(16))
    game = api.get_system("sbg")

    def first(kind: str, subject: str | None = None) -> api.Action:
        return next(a for a in api.actions(run) if a.kind == kind and (subject is None or a.subject == subject))

    assert api.take(run, first("priority"), api.TypedDice((6, 1)))
    assert api.take(run, first("next_phase"))
    assert api.take(run, WillRequest(GANDALF, 3), api.TypedDice((4,)))
    assert run.execute(SetCounter(key=GANDALF, field="wounds", value=2))
    # three Fate dice for the one Wound lost, under "one at a time": the 5 restored it, the 6 and the 2 followed
    roll = commands.fate_thrown(run.battle, GANDALF, (5, 6, 2), (0, 0, 0), 1, "typed")
    assert run.play(roll) and run.battle.heroes[GANDALF].fate == 0
    assert run.play(game.roll(run.battle, MightRequest(CAPTAIN, "to_wound", 5, 2), api.TypedDice((3,))))
    api.save_battle_file(run, battle_file)
    assert api.take(run, first("next_phase"))

    battle, log, dice = load_battle(battle_file)
    resumed = resume_journal(journal)
    expected = {
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
    Path("sbg.expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()
