"""The window's catalogs a game at a time: the same catalogs and errors as loading every file together, each
game's read only when it is first asked for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from warband.model import catalog as catalog_module
from warband.model.catalog import CatalogLoad, builtin_catalog_paths, load_catalogs
from warband.model.catalogs_by_game import HEAD_BYTES, CatalogsByGame, declared_system
from warband.model.system import game_info, games

GAMES = [game.id for game in games()]


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _player_catalog(system: str, catalog_id: str, **extra: object) -> dict[str, object]:
    return {"format": "warband-catalog", "version": 2, "system": system, "id": catalog_id, "revision": 1,
            "name": f"Catalog {catalog_id}", **extra}  # fmt: skip


def _by_game(player: list[Path]) -> CatalogsByGame:
    return CatalogsByGame(lambda game: game_info(game).builtin_catalogs(), lambda: list(player), lambda: GAMES)


def _same(left: CatalogLoad, right: CatalogLoad) -> None:
    assert sorted(left.catalogs) == sorted(right.catalogs)
    for system, catalogs in left.catalogs.items():
        assert [lc.file for lc in catalogs.loaded] == [lc.file for lc in right.catalogs[system].loaded]
        assert [lc.document for lc in catalogs.loaded] == [lc.document for lc in right.catalogs[system].loaded]
    assert [(e.file, e.where, e.message) for e in left.errors] == [
        (e.file, e.where, e.message) for e in right.errors
    ]


@pytest.fixture
def player_files(tmp_path: Path) -> list[Path]:
    """A player's folder: a catalog of each of two games, one clashing with a built-in ID, a broken file, one of
    a game no one registered, and one whose "system" comes after a long header."""
    core = json.loads((game_info("confrontation").folder() / "core.json").read_text(encoding="utf-8"))
    clash = _player_catalog("confrontation", "mine", cults=[core["cults"][0]])
    # "system" after a long list of factions: found only by reading the whole file
    factions = [{"id": f"f{i}", "name": f"Faction number {i}"} for i in range(HEAD_BYTES // 30)]
    late = {"format": "warband-catalog", "factions": factions, **_player_catalog("sbg", "late")}
    return [
        _write(tmp_path / "a-confrontation.json", _player_catalog("confrontation", "own")),
        _write(tmp_path / "b-clash.json", clash),
        (tmp_path / "c-broken.json"),
        _write(tmp_path / "d-unknown.json", _player_catalog("chess", "board")),
        _write(tmp_path / "e-late.json", late),
        _write(tmp_path / "f-powerdice.json", _player_catalog("powerdice", "own-spells")),
    ]


def test_the_top_level_system_is_read_from_the_first_bytes(tmp_path):
    assert declared_system(_write(tmp_path / "a.json", _player_catalog("sbg", "x"))) == "sbg"
    nested = {"format": "warband-catalog", "notes": {"system": "pfpv"}, "list": [{"system": "x"}], "system": "sbg"}
    assert declared_system(_write(tmp_path / "b.json", nested)) == "sbg"
    (tmp_path / "c.json").write_text('{"name": "a \\"system\\": \\"pfpv\\"", "system": "conf\\u0072ontation"}')
    assert declared_system(tmp_path / "c.json") == "confrontation"


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "warband-catalog", "system": 3}',
        '{"system": {"id": "sbg"}}',
        '{"system": null}',
        '{"notes": {"system": "sbg"}}',
        '["system", "sbg"]',
        '{"system": "sb',
        "not json at all",
        "",
    ],
)
def test_no_top_level_system_string_gives_none(tmp_path, text):
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    assert declared_system(path) is None


def test_a_system_beyond_the_first_bytes_or_an_unreadable_file_gives_none(tmp_path):
    late = _write(tmp_path / "late.json", {"notes": "x" * 100, "system": "sbg"})
    assert declared_system(late, limit=50) is None
    assert declared_system(late) == "sbg"
    assert declared_system(tmp_path / "missing.json") is None
    assert declared_system(tmp_path) is None  # a folder


def test_every_game_together_is_what_loading_every_file_gives(player_files):
    player_files[2].write_text("{not json", encoding="utf-8")
    expected = load_catalogs([*builtin_catalog_paths(), *player_files])
    _same(_by_game(player_files).everything(), expected)
    assert len(expected.errors) >= 3  # the clash, the broken file, the unknown game


def test_a_game_asked_for_reads_its_files_and_those_whose_game_is_unknown(player_files, monkeypatch):
    player_files[2].write_text("{not json", encoding="utf-8")
    read: list[str] = []
    real = catalog_module.load_catalog

    def spy(path: Path):  # type: ignore[no-untyped-def]
        read.append(path.name if path.parent == player_files[0].parent else f"{path.parent.name}/{path.name}")
        return real(path)

    monkeypatch.setattr(catalog_module, "load_catalog", spy)
    by_game = _by_game(player_files)
    assert read == []  # nothing read before a game is asked for
    catalogs, errors = by_game.for_system("confrontation")
    assert read == ["confrontation/core.json", "a-confrontation.json", "b-clash.json", "c-broken.json",
                    "d-unknown.json", "e-late.json"]  # fmt: skip
    assert [lc.document.id for lc in catalogs.loaded] == ["core", "own"]
    assert sorted(Path(e.file).name for e in errors) == ["b-clash.json", "c-broken.json", "d-unknown.json"]
    assert by_game.loaded_games == ["confrontation"]

    again, errors_again = by_game.for_system("confrontation")
    assert again is catalogs and errors_again == []  # told once
    read.clear()
    sbg, sbg_errors = by_game.for_system("sbg")
    assert read == ["sbg/core.json"]  # the late file was read already, with the first game, and is sbg's
    assert [lc.document.id for lc in sbg.loaded] == ["sbg-core", "late"]
    assert sbg_errors == []
    _same(by_game.everything(), load_catalogs([*builtin_catalog_paths(), *player_files]))


def test_reset_reads_the_players_folder_again(tmp_path):
    player: list[Path] = []
    by_game = _by_game(player)
    catalogs, _errors = by_game.for_system("powerdice")
    assert [lc.document.id for lc in catalogs.loaded] == ["powerdice-core"]
    player.append(_write(tmp_path / "more.json", _player_catalog("powerdice", "more")))
    assert [lc.document.id for lc in by_game.for_system("powerdice")[0].loaded] == ["powerdice-core"]
    by_game.reset()
    assert by_game.loaded_games == []
    assert [lc.document.id for lc in by_game.for_system("powerdice")[0].loaded] == ["powerdice-core", "more"]


def test_a_game_with_no_catalog_gives_empty_catalogs():
    by_game = CatalogsByGame(lambda game: [], list, lambda: GAMES)
    catalogs, errors = by_game.for_system("sbg")
    assert catalogs.system == "sbg" and list(catalogs.loaded) == [] and errors == []


def test_loaded_files_are_frozen_out_of_the_collector_once_per_read(player_files):
    calls: list[int] = []
    by_game = CatalogsByGame(
        lambda game: game_info(game).builtin_catalogs(),
        lambda: player_files[:1],
        lambda: GAMES,
        lambda: calls.append(1),
    )
    by_game.for_system("confrontation")
    by_game.for_system("confrontation")
    assert calls == [1]


def test_catalogs_at_once_tell_what_a_load_left_out_once_and_load_again_after_reset(tmp_path):
    from warband.model.catalogs_by_game import CatalogsAtOnce

    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    loads: list[int] = []

    def load() -> CatalogLoad:
        loads.append(1)
        return load_catalogs([*builtin_catalog_paths(), broken])

    at_once = CatalogsAtOnce(None, load)
    catalogs, errors = at_once.for_system("sbg")
    assert [lc.document.id for lc in catalogs.loaded] == ["sbg-core"]
    assert [e.file for e in errors] == [str(broken)]
    assert at_once.for_system("confrontation")[1] == []  # told once, for every game
    assert at_once.everything() is at_once.loaded() and loads == [1]
    at_once.reset()
    assert [e.file for e in at_once.for_system("sbg")[1]] == [str(broken)] and loads == [1, 1]

    given = CatalogsAtOnce(load_catalogs([*builtin_catalog_paths(), broken]), None)
    assert not given.reloadable and given.for_system("sbg")[1] == []  # a load given is not told again
    given.reset()
    assert given.loaded().errors and loads == [1, 1]
    with pytest.raises(ValueError):
        CatalogsAtOnce(None, None)
