"""Journals written by the previous version (journal v1, each line carrying the dice generator's whole state when
it changed) still resume: the state, log, dice and undo history they held, for each of the four games.

The fixtures in tests/files/journals_v1/ were written by Warband at commit 5b75b80 (before journal v2), playing a
few actions of each game's example army, with the `.expected.json` beside each taken from that version's resume.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from warband.model.replay import resume
from warband.model.systems.confrontation.battle_commands import COMMANDS as CF_COMMANDS
from warband.model.systems.confrontation.battle_state import ConfrontationBattle
from warband.model.systems.pfpv.scene import COMMANDS as PF_COMMANDS
from warband.model.systems.pfpv.scene import PfpvScene
from warband.model.systems.powerdice.battle_commands import COMMANDS as PD_COMMANDS
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.sbg.battle_commands import COMMANDS as SBG_COMMANDS
from warband.model.systems.sbg.battle_state import SbgBattle

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "journals_v1"
GAMES = {
    "confrontation": (ConfrontationBattle, CF_COMMANDS.validate_python),
    "powerdice": (PowerDiceBattle, PD_COMMANDS.validate_python),
    "sbg": (SbgBattle, SBG_COMMANDS.validate_python),
    "pfpv": (PfpvScene, PF_COMMANDS.validate_python),
}


def copy_of(system: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{system}.battle-journal"
    shutil.copyfile(FIXTURES / path.name, path)
    return path


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_version_1_journal_resumes_as_it_did(system, tmp_path):
    battle_model, parse = GAMES[system]
    expected = json.loads((FIXTURES / f"{system}.expected.json").read_text(encoding="utf-8"))
    run = resume(copy_of(system, tmp_path), battle_model, parse)
    assert run.battle.model_dump(mode="json") == expected["battle"]
    assert [e.model_dump(mode="json") for e in run.log] == expected["log"]
    assert run.dice.state() == expected["dice"]
    assert (run.session.undo_label, run.session.redo_label) == (expected["undo"], expected["redo"])
    assert (str(run.file) if run.file else None) == expected["file"]
    assert run.session.modified == expected["modified"]
