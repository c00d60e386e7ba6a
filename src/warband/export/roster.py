"""Rosters to print and share: the army's units with their costs, what they hold, and tick boxes for battle.

`roster_lines` gathers everything from the model (costs and problems from `validate`, the rest from each
system's `ROSTER_SYSTEMS` entry); `as_text`, `as_html` and `write_pdf` render it. Files are written atomically,
and a failure is a `FileError` saying why, with the previous file left whole.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from warband.export.roster_html import render_html
from warband.export.roster_text import render_text
from warband.model.army import Army, validate
from warband.model.catalog import Catalogs
from warband.model.messages import spoken_text
from warband.model.names import display_name, spoken
from warband.model.roster import Roster, UnitExtras, UnitRow
from warband.model.storage import FileError, write_bytes_atomic
from warband.model.system import find_system, points_name

Format = Literal["text", "html", "pdf"]
FORMATS: tuple[Format, ...] = ("text", "html", "pdf")
SUFFIXES: dict[Format, str] = {"text": ".txt", "html": ".html", "pdf": ".pdf"}


def roster_lines(army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None) -> Roster:
    """The roster of an army, as values: one row per unit in army order, the totals and every problem."""
    languages = spoken(languages)
    report = validate(army, catalogs)
    system = find_system(army.system)
    rows: list[UnitRow] = []
    for unit, cost in zip(army.units, report.units, strict=True):
        profile = catalogs.get("profiles", unit.profile)
        shown = unit.profile if profile is None else display_name(profile.name, languages)
        label = unit.label or (shown if profile is not None else cost.label)  # the report names in English
        own = unit.own_profile_name()  # a profile the unit was built with: no catalog entry, never "unknown"
        if own is not None:
            shown = spoken_text(own)
            label = unit.label or shown
        rows.append(
            UnitRow(
                id=unit.id,
                label=label,
                profile=shown,
                count=unit.count,
                cost=cost.cost,
                notes=unit.notes,
                extras=system.roster_unit(unit, catalogs, languages) if system is not None else UnitExtras(),
            )
        )
    return Roster(
        name=army.name,
        system=system.info.name if system is not None else army.system,
        points=points_name(army.system),
        total=report.total_cost,
        limit=report.points_limit,
        army_facts=system.roster_army(army, catalogs) if system is not None else (),
        units=tuple(rows),
        problems=report.problems,
    )


def as_text(army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None) -> str:
    """The roster as plain text, to paste in a forum or print with tick boxes."""
    return render_text(roster_lines(army, catalogs, languages))


def as_html(army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None) -> str:
    """The roster as a complete HTML document; everything a player typed is escaped."""
    return render_html(roster_lines(army, catalogs, languages))


def as_pdf(army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None) -> bytes:
    """The roster as the bytes of an A4 PDF (makes an offscreen QGuiApplication if none is running)."""
    from warband.export.pdf import html_to_pdf  # Qt loads only when a PDF is asked for

    return html_to_pdf(as_html(army, catalogs, languages), army.name)


def write_pdf(army: Army, catalogs: Catalogs, path: Path, languages: Sequence[str] | None = None) -> None:
    """Write the roster as an A4 PDF, atomically; `FileError` says why it could not be written."""
    write_roster(army, catalogs, path, "pdf", languages)


def write_roster(
    army: Army, catalogs: Catalogs, path: Path, fmt: Format, languages: Sequence[str] | None = None
) -> None:
    """Write the roster in a format, atomically (text and HTML in UTF-8); `FileError` says why it failed."""
    if fmt == "pdf":
        try:
            data = as_pdf(army, catalogs, languages)
        except ImportError:  # a headless install without Qt: PDF needs QtGui, text and HTML do not
            raise FileError(
                str(path), "", "a PDF roster needs Qt (PySide6), which is not installed: use --format text or html"
            ) from None
    elif fmt == "html":  # a text that is not valid Unicode (a lone surrogate) shows as "?", never a crash
        data = as_html(army, catalogs, languages).encode("utf-8", errors="replace")
    else:
        data = as_text(army, catalogs, languages).encode("utf-8", errors="replace")
    try:
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise FileError(str(path), "", f"cannot write the roster: {_reason(exc)}") from None


def _reason(exc: OSError) -> str:
    reasons = {
        errno.EACCES: "permission denied (the folder or file is read-only)",
        errno.EPERM: "permission denied (the folder or file is read-only)",
        errno.EROFS: "the disk is read-only",
        errno.ENOSPC: "the disk is full",
        errno.ENOENT: "the folder does not exist",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.EISDIR: "a folder has that name",
    }
    return reasons.get(exc.errno or 0, exc.strerror or str(exc))
