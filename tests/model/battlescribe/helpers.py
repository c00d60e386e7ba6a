"""Small BattleScribe files for the reader's tests: the hand-written fixtures, and files written on the spot."""

from __future__ import annotations

import zipfile
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "files" / "battlescribe" / "reader"

CATALOGUE_NS = "http://www.battlescribe.net/schema/catalogueSchema"
GAME_SYSTEM_NS = "http://www.battlescribe.net/schema/gameSystemSchema"


def fixture(name: str) -> Path:
    return FIXTURES / name


def game_system(body: str = "", *, version: str = "2.03", id: str = "gs-test", revision: int = 1) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<gameSystem id="{id}" name="Test Skirmish Game" revision="{revision}" battleScribeVersion="{version}" '
        f'xmlns="{GAME_SYSTEM_NS}">\n'
        '  <costTypes><costType id="ct-pts" name="pts"/></costTypes>\n'
        f"{body}\n</gameSystem>\n"
    )


def catalogue(
    body: str = "",
    *,
    version: str = "2.03",
    id: str = "cat-x",
    name: str = "Test Catalogue",
    game: str = "gs-test",
    library: bool = False,
    revision: int = 1,
) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<catalogue id="{id}" name="{name}" revision="{revision}" battleScribeVersion="{version}" '
        f'gameSystemId="{game}" library="{str(library).lower()}" xmlns="{CATALOGUE_NS}">\n{body}\n</catalogue>\n'
    )


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def zipped(folder: Path, name: str, members: dict[str, bytes]) -> Path:
    """A zip archive (`.gstz`, `.catz`, `.rosz`) holding these files."""
    path = folder / name
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return path


def zip_of(source: Path, folder: Path) -> Path:
    """The zipped form of a fixture, as BattleScribe writes it: `game.gst` → `game.gstz` holding `game.gst`."""
    return zipped(folder, source.name + "z", {source.name: source.read_bytes()})
