"""Writes the « Par le Fer et par le Verbe » fixtures of tests/files/saved_before_rules/ (issue 16), run ONCE at
the pre-fix commit e7c2066 (before the rules were read to the letter), in a worktree of that commit:

    cd /tmp/wt-pre16 && PYTHONPATH=/tmp/wt-pre16/src python /work/main/tests/files/saved_before_rules/make_pfpv.py

A scene, every roll typed from the table:
- Merlin begins three spells at once (the magic shield, a fireball, sleep): the fireball is resolved under the
  penalty for three (−3) and takes effect (stopped); the shield is then resolved, and that version gave it the
  penalty for two (−1): PF-04 now keeps −3 (« même si l'un des sorts prend effet … »);
- the pyromancer, tired (fatigue 5), pledges 10 Don on the control roll of "Ignite an object" and brings no
  energy (raw Fire −3): no control roll was made, and that version charged the 10 Don (PF-03 now: spent only on
  a control roll actually made);
- he does it again with raw Fire exactly 0, no control roll typed: that version called it "no energy" and charged
  the Don; PF-03 now makes the control roll (0 is not negative), which the command does not carry: refused now,
  kept as played;
- Merlin casts a fireball by its Fire-only combination with a Light −2 modifier, which that version silently
  ignored; PF-01 now refuses a modifier for a source the combination does not use: kept as played.
The journal ends saved, and the battle file is saved from the same run; `pfpv.expected.json` is what that
version loads and resumes.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from warband import api
from warband.model.battle import BattleRun, load_battle, save_battle
from warband.model.dice import SeededDice
from warband.model.replay import resume
from warband.model.systems.pfpv.scene import (
    COMMANDS,
    CastingSetup,
    PfpvScene,
    PfpvSceneFile,
    SetValue,
    StartCasting,
    StopCasting,
    roll_casting,
    start_scene,
)

HERE = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/main/tests/files/saved_before_rules")
MERLIN, PYROMANCER = "u1", "u2"


def party() -> api.Army:
    session = api.Session(api.new_army("pfpv", "The company"))
    session.execute(api.AddUnit(MERLIN, "merlin"))
    session.execute(api.AddUnit(PYROMANCER, "pyromancien"))
    session.execute(api.SetUnitField(PYROMANCER, "label", "The pyromancer"))
    return session.state


def cast(run: BattleRun[PfpvScene], key: str, choice: CastingSetup, contact: dict, control: dict) -> None:
    roll = roll_casting(run.battle, key, choice, contact, control)
    assert run.play(roll), choice


def main() -> None:
    catalogs = api.builtin_catalogs("pfpv")
    scene = start_scene(party(), catalogs, "Aline")
    os.chdir(HERE)  # the journal names the battle file as saved: relative, as in the folder
    journal = Path("pfpv.battle-journal")
    battle_file = Path("pfpv.battle.json")
    journal.unlink(missing_ok=True)
    run = BattleRun(scene, dice=SeededDice(16), journal=journal, file=battle_file)
    for spell in ("bouclier-magique", "boule-de-feu", "sommeil"):
        assert run.execute(StartCasting(key=MERLIN, spell=spell))
    # the fireball (Fire −3 / Destruction −3) under −3: Fire 10 − 3 = 7, roll 2: raw 5; Destruction 9 − 3 − 3 = 3,
    # roll 1: margin 2; net 2, power 4: success
    cast(run, MERLIN, CastingSetup(spell="boule-de-feu"), {"feu": 2}, {"destruction": 1})
    assert run.execute(StopCasting(key=MERLIN, index=1))  # it took effect
    # the shield (Light −3 / Enchantment −4), then under −1: Light 9 − 1 = 8, roll 3: raw 5; Enchantment
    # 12 − 4 − 1 = 7, roll 6: margin 1; net 2, power 3: success, 3 Don for the level
    cast(run, MERLIN, CastingSetup(spell="bouclier-magique"), {"lumiere": 3}, {"enchantement": 6})
    assert run.battle.characters[MERLIN].don == 120 - 3 - 3
    assert run.execute(SetValue(key=PYROMANCER, field="fatigue", value=5))
    pledged = CastingSetup(spell="enflammer-objet", don_control={"destruction": 10})
    # Fire 12 − 5 = 7, roll 10: raw −3, no energy, no control roll; the 10 Don charged all the same
    cast(run, PYROMANCER, pledged, {"feu": 10}, {})
    assert run.battle.characters[PYROMANCER].don == 70
    # roll 7: raw 0, "no energy" then, no control roll; the 10 Don charged again
    cast(run, PYROMANCER, pledged, {"feu": 7}, {})
    assert run.battle.characters[PYROMANCER].don == 60
    # Light −2 on the Fire-only combination: ignored. Under −1 then: Fire 10 − 1 = 9, roll 4: raw 5; Destruction
    # 9 − 3 − 1 = 5, roll 2: margin 3; net 2, power 5: success, 3 Don
    light = CastingSetup(spell="boule-de-feu", combination=0, source_modifiers={"lumiere": -2})
    cast(run, MERLIN, light, {"feu": 4}, {"destruction": 2})
    save_battle(run, PfpvSceneFile, battle_file)
    run.close_journal(remove=False)

    loaded, log, dice = load_battle(battle_file)
    resumed = resume(journal, PfpvScene, COMMANDS.validate_python)
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
    Path("pfpv.expected.json").write_text(
        json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
