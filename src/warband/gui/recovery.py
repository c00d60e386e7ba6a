"""Saving the player's work after an unexpected error: the army on screen and the battle in play, each to a new
file in the state folder — never over the file it came from, nothing marked as saved, so the work stays as
unsaved as it was and File → Save still asks where it belongs."""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from warband.model.file_names import ARMY_SUFFIX, BATTLE_SUFFIX
from warband.model.messages import _
from warband.model.storage import dumps, write_bytes_atomic
from warband.model.system import get_system

if TYPE_CHECKING:  # the crash handler is installed at launch, before any army or battle module is loaded
    from warband.gui.army_document import ArmyDocument
    from warband.gui.battle_document import BattleDocument

PREFIX = "recovered"
STEM_LENGTH = 40
"""At most this many characters of the army's or battle's name in a file name."""


@dataclass(frozen=True)
class Work:
    """One piece of the player's work that an error could lose: what it is, its name, and how to write it."""

    kind: str
    """ "army" or "battle"."""
    name: str
    """As the player knows it (the army's name, the battle's file or players)."""
    stem: str
    """The name's part of the recovery file's name."""
    suffix: str
    content: Callable[[], bytes]


@dataclass(frozen=True)
class Recovered:
    """Where one piece of work was saved, or why it could not be."""

    work: Work
    path: Path | None
    reason: str = ""

    def sentence(self) -> str:
        name = self.work.name
        if self.path is not None:
            if self.work.kind == "battle":
                return _("The battle “{name}”: {file}").format(name=name, file=self.path)
            return _("The army “{name}”: {file}").format(name=name, file=self.path)
        if self.work.kind == "battle":
            return _("The battle “{name}” could not be saved: {reason}").format(name=name, reason=self.reason)
        return _("The army “{name}” could not be saved: {reason}").format(name=name, reason=self.reason)


def file_stem(text: str, fallback: str) -> str:
    """A name fit for a file on every system: letters and digits kept, anything else a dash, 40 at most."""
    cleaned = re.sub(r"-{2,}", "-", "".join(c if c.isalnum() else "-" for c in text)).strip("-")
    return cleaned[:STEM_LENGTH].strip("-") or fallback


def recovery_path(folder: Path, stem: str, suffix: str, now: dt.datetime) -> Path:
    """`recovered-<name>-<YYYYmmdd-HHMMSS><suffix>`, with `-2`, `-3`… when that name is taken."""
    base = f"{PREFIX}-{stem}-{now:%Y%m%d-%H%M%S}"
    path = folder / f"{base}{suffix}"
    number = 2
    while path.exists() or path.is_symlink():
        path = folder / f"{base}-{number}{suffix}"
        number += 1
    return path


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    first = str(exc).strip().splitlines()
    return (first[0] if first else type(exc).__name__)[:200]


def save_one(work: Work, folder: Path, now: dt.datetime) -> Recovered:
    """Write one piece of work to a new file; the name is taken first (exclusively), so no file is replaced."""
    try:
        data = work.content()
        folder.mkdir(parents=True, exist_ok=True)
        path = recovery_path(folder, work.stem, work.suffix, now)
        path.open("xb").close()
    except Exception as exc:  # (the program is already in trouble: say why, never raise)
        return Recovered(work, None, _reason(exc))
    try:
        write_bytes_atomic(path, data)
    except Exception as exc:
        with contextlib.suppress(OSError):
            path.unlink()
        return Recovered(work, None, _reason(exc))
    return Recovered(work, path)


def save_work(work: Sequence[Work], folder: Path, now: dt.datetime | None = None) -> list[Recovered]:
    """Each piece of work to its own new file in `folder`; one that fails does not stop the others."""
    moment = now or dt.datetime.now()
    return [save_one(item, folder, moment) for item in work]


def _army_content(document: ArmyDocument) -> Callable[[], bytes]:
    army, catalogs = document.army, document.catalogs

    def content() -> bytes:
        from warband.model.army import stamp

        try:
            stamped = stamp(army, catalogs)  # as File → Save writes it (AR-04)
        except Exception:  # (the error may be in there: the army as it is, then)
            stamped = army
        return dumps(stamped)

    return content


def window_work(document: ArmyDocument, battle: BattleDocument[Any] | None) -> list[Work]:
    """The army on screen and the battle in play (if any).

    The army is saved even when it shows no unsaved change: after an unexpected error the modified mark itself
    may be wrong, and a spare copy costs nothing. Only an untouched new army (no file, no unit, no name) is left
    out, as there is nothing in it to lose.
    """
    work: list[Work] = []
    army = document.army
    if document.modified or document.path is not None or army.units or army.name:
        name = army.name or (document.path.name if document.path else _("Untitled army"))
        stem_source = army.name or (document.path.name.removesuffix(ARMY_SUFFIX) if document.path else "")
        work.append(Work("army", name, file_stem(stem_source, "army"), ARMY_SUFFIX, _army_content(document)))
    if battle is not None:
        from warband.model.battle import battle_document

        state: Any = battle.battle
        run, model = battle.run, get_system(state.system).battle_file_model
        players = " – ".join(side.player for side in getattr(state, "sides", ()))
        name = run.file.name if run.file is not None else players
        stem_source = run.file.name.removesuffix(BATTLE_SUFFIX) if run.file is not None else players
        work.append(
            Work(
                "battle",
                name,
                file_stem(stem_source, "battle"),
                BATTLE_SUFFIX,
                lambda: dumps(battle_document(run, model)),
            )
        )
    return work
