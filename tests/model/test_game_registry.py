"""The games' registry: light to list and name, and every game whole in the model (issue 13)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.model.test_files_before_seam import FIXTURES
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.replay import resume_journal
from warband.model.system import GameInfo, find_system, game_info, games, get_system, registered

PACKAGES = {system_id: entry.package for system_id, entry in registered().items()}
"""The games found through their entry points, and their packages."""

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "plugins" / "site"
"""The tests' fifth game, installed as a plug-in would be: a fresh process finds it on its path, as this one does."""
LISTING = """
import json, sys
sys.path[:0] = sys.argv[1:]
from warband.model.system import games
names = [(g.id, g.name, g.title, g.sides, g.points_name) for g in games()]
print(json.dumps({"names": names, "modules": sorted(sys.modules)}))
"""


def of_a_game(module: str) -> bool:
    """Whether a module is a game's package or part of one (Warband's own, or a plug-in's)."""
    return any(module == package or module.startswith(package + ".") for package in PACKAGES.values())


def test_listing_and_naming_the_games_loads_no_game_and_no_pydantic():
    result = subprocess.run(
        [sys.executable, "-c", LISTING, str(ROOT / "src"), str(PLUGINS)],
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(result.stdout)
    assert [name[0] for name in found["names"]] == list(PACKAGES)
    modules = found["modules"]
    assert not [m for m in modules if m == "pydantic" or m.startswith("pydantic.")]
    games_loaded = [m for m in modules if of_a_game(m)]
    assert sorted(games_loaded) == sorted(PACKAGES.values())  # each game's package, and nothing of it


def example_path(info: GameInfo) -> Path:
    """The game's example army, in the folder of its built-in catalogs (a plug-in keeps its own)."""
    (catalog, *_more) = info.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return path


@pytest.mark.parametrize("info", games(), ids=lambda info: info.id)
def test_every_game_is_whole_in_the_model(info: GameInfo):
    system = get_system(info.id)
    assert system.info is info is game_info(info.id)
    assert {"log", "dice"} <= set(system.battle_file_model.model_fields)  # a saved battle keeps both (AR-05)
    assert "log" not in system.battle_model.model_fields  # the battle in play: undo never touches the log
    assert info.sides in (1, 2)


@pytest.mark.parametrize("info", games(), ids=lambda info: info.id)
def test_headless_code_starts_journals_and_resumes_a_battle_of_every_game(info: GameInfo, tmp_path):
    """No window: the game starts the battle; the journal resumes through the registry alone."""
    system = get_system(info.id)
    saved = FIXTURES / f"{info.id}.warband.json"  # saved before the seam, for Warband's own games
    army = load_army(saved if saved.is_file() else example_path(info))
    catalogs = load_catalogs(builtin_catalog_paths()).for_system(info.id)
    battle = system.start_battle([("Aline", army), ("Bruno", army)], catalogs, None, 1)
    assert len(battle.sides) == info.sides  # type: ignore[attr-defined]
    path = tmp_path / "b.battle-journal"
    run = BattleRun(battle, journal=path)
    run.note("a note")
    resumed = resume_journal(path)
    assert resumed.battle == run.battle and resumed.log == run.log


def test_an_army_of_another_game_is_refused_by_name():
    sbg_army = load_army(FIXTURES / "sbg.warband.json")
    catalogs = load_catalogs(builtin_catalog_paths()).for_system("confrontation")
    with pytest.raises(TypeError, match="Confrontation was given a SbgArmy"):
        get_system("confrontation").validate(sbg_army, catalogs)


def test_an_unknown_game_is_none_or_an_error():
    assert find_system("chess") is None
    with pytest.raises(KeyError):
        game_info("chess")


def test_each_game_keeps_its_own_message_templates_and_no_code_is_used_twice():
    """A game's problems and refusals are worded in its own module (`<game>/messages.py`), not in shared code."""
    import importlib

    from warband.model.messages import TEMPLATES, english

    seen: dict[str, str] = {}
    for package in PACKAGES.values():
        own = importlib.import_module(f"{package}.messages").TEMPLATES
        assert own, package
        assert not set(own) & set(TEMPLATES), package  # never the shared code's codes
        assert not set(own) & set(seen), [(code, seen[code]) for code in set(own) & set(seen)]
        seen.update(dict.fromkeys(own, package))
    assert (
        english("sbg.priority_tie", {"roll": 3})
        == "Both sides rolled 3 for priority in the first turn: roll again."
    )
    with pytest.raises(KeyError):
        english("no.such.code", {})


LISTING_TEMPLATES = """
import json, sys
sys.path.insert(0, sys.argv[1])
from warband.model.messages import english
print(english("call.twice", {"unit": "Anna", "miracle": "Renfort"}))
print(json.dumps(sorted(m for m in sys.modules if m.startswith("warband.model.systems."))))
"""


def test_a_games_sentence_is_found_without_loading_its_rules():
    result = subprocess.run(
        [sys.executable, "-c", LISTING_TEMPLATES, str(ROOT / "src")], capture_output=True, text=True, check=True
    )
    sentence, modules = result.stdout.splitlines()
    assert sentence == "Anna has already called Renfort this turn, successfully or not."
    assert all(m.endswith(".messages") or m in PACKAGES.values() for m in eval(modules))


LOADING_A_GAME = """
import json, sys
sys.path.insert(0, sys.argv[1])
from warband.model.system import find_system
games = json.loads(sys.argv[2])
found = {game: find_system(game) is not None for game in games}
print(json.dumps({"found": found, "modules": sorted(m for m in sys.modules if ".battle" in m or ".roster" in m)}))
"""


def test_a_game_loaded_for_an_army_leaves_its_battle_side_and_roster_unloaded():
    """The builder needs a game's catalogs and army rules; its battle models and commands (cached properties of
    the game) load with its first battle, so checking that the game is whole must not run them, and its roster
    module with the first roster (`roster_module`)."""
    games_ = sorted(g for g, package in PACKAGES.items() if package.startswith("warband.model.systems."))
    result = subprocess.run(
        [sys.executable, "-c", LOADING_A_GAME, str(ROOT / "src"), json.dumps(games_)],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout)
    assert report["found"] == dict.fromkeys(games_, True)
    assert report["modules"] == []


def test_a_journal_of_a_game_no_one_registered_is_refused_by_its_first_line(tmp_path):
    from warband.model.journal import encode_record
    from warband.model.storage import FileError

    path = tmp_path / "b.battle-journal"
    head = {"op": "start", "format": "warband-journal", "version": 2, "battle": {"system": "chess"}}
    path.write_bytes(encode_record(head, str(path)))
    with pytest.raises(FileError) as err:
        resume_journal(path)
    assert (err.value.where, err.value.message.split(" (")[0]) == ("line 1", "unknown battle system 'chess'")


def test_each_game_names_where_its_built_in_catalogs_are(tmp_path):
    from dataclasses import replace

    from warband.model.catalog import builtin_catalog_paths
    from warband.model.locations import data_dir

    for game in games():  # Warband's own in data/<id>/, a plug-in's in the folder its GameInfo names
        folder = data_dir() / game.id if game.catalog_folder is None else game.catalog_folder
        assert game.builtin_catalogs() == sorted(folder.glob("*.json"))
        assert game.builtin_catalogs(), game.id
    assert builtin_catalog_paths() == sorted(p for game in games() for p in game.builtin_catalogs())
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "an-army.warband.json").write_text("{}")
    (tmp_path / "core.json").write_text("{}")
    elsewhere = replace(games()[0], catalog_folder=tmp_path)  # a game shipped as a package of its own
    assert elsewhere.builtin_catalogs() == [tmp_path / "core.json"]


def test_loading_catalogs_loads_no_games_battle_play():
    """A game's battle play (`<game>.play`) loads when a battle is first played, not with the catalogs."""
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(PLUGINS)!r})\n"
        "from warband.model.catalog import builtin_catalog_paths, load_catalogs\n"
        "print(sorted(load_catalogs(builtin_catalog_paths()).catalogs))\n"
        "print(sorted(m for m in sys.modules if m.endswith('.play')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    systems, plays = out.splitlines()
    assert eval(systems) == sorted(PACKAGES)  # every game's catalogs, the plug-in's too
    assert [m for m in eval(plays) if of_a_game(m)] == []
    assert get_system("sbg").play.phases.__module__ == "warband.model.systems.sbg.play"  # there when asked
