"""An army list pasted as text, read into an army: Warband's own share-as-text roster (Edit → Copy Roster as
Text), and the plain forms players write in forums ("Name x3", "3x Name", "Name (35 pts)", "- Name: A, B").

Every line is matched by name against the loaded catalogs, in every language they give; nothing is guessed: a
line that matches no profile is listed as unmatched, with the names it is closest to, for the player to resolve
(change the line and read it again). What a unit holds ("…: Shield, Horse") is matched against what that unit
may take (`GameSystem.options`); what is not found is listed with its line. A number of points a line gives that
differs from the catalogs' is told, never used: the catalogs price the army.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from warband.model.army import Army, Choice
from warband.model.catalog import Catalogs
from warband.model.edits import new_unit_ids
from warband.model.messages import _
from warband.model.names import display_name, spoken

if TYPE_CHECKING:
    pass

MAX_LINES = 2_000
"""A pasted list longer than this is cut there (and says so): no army has that many lines."""
MAX_LINE = 500
"""Characters of a line read; the rest of a longer line is ignored (and says so)."""

_BULLET = re.compile(r"^\s*(?:[-*•·–—+]+|\d{1,3}[.)])\s+")
_COUNT_BEFORE = re.compile(r"^(\d{1,4})\s*[x×хХ*]\s*(.+)$", re.IGNORECASE)
_COUNT_AFTER = re.compile(r"^(.+?)\s*[x×хХ*]\s*(\d{1,4})$", re.IGNORECASE)
_COUNT_BARE = re.compile(r"^(\d{1,4})\s+(.+)$")
_POINTS_WORDS = r"(?:pts?\.?|points?|p\.?|a\.?p\.?|po|очк\w*\.?|оч\.?)"
_POINTS_BRACKET = re.compile(r"\s*[\[(]\s*(\d{1,6})\s*" + _POINTS_WORDS + r"?\s*[\])]\s*$", re.IGNORECASE)
_POINTS_DASH = re.compile(r"\s*[-–—,:]\s*(\d{1,6})\s*" + _POINTS_WORDS + r"\s*$", re.IGNORECASE)
_PROFILE_IN_BRACKETS = re.compile(r"^(.+?)\s*\(([^()]+)\)$")


def fold(text: str) -> str:
    """A name as matching compares it: case, accents, apostrophes, dashes and spaces made alike."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = plain.replace("’", "'").replace("‘", "'").replace("–", "-").replace("—", "-")
    return " ".join(plain.split())


@dataclass(frozen=True, slots=True)
class ListLine:
    """One line of the list, as read."""

    number: int
    """Its line number in the pasted text, from 1."""
    text: str
    status: str
    """"unit" (a unit made of it), "unmatched" (no profile has its name), "name" (read as the army's name),
    "skipped" (Warband's own header and footer, a decorative line)."""
    unit_id: str = ""
    profile: str = ""
    """The profile's id, for a unit."""
    count: int = 1
    messages: tuple[str, ...] = ()
    """What the player should know of it: what it holds that was not found, points that differ, the names an
    unmatched line is closest to."""
    suggestions: tuple[str, ...] = ()
    """For an unmatched line, the closest profile names (at most three), in the player's language."""


@dataclass(frozen=True)
class ListImport:
    """The army read from a list, and what became of each line."""

    army: Army
    lines: tuple[ListLine, ...]
    notes: tuple[str, ...] = ()
    """What concerns the whole text (cut at `MAX_LINES`)."""

    @property
    def unmatched(self) -> tuple[ListLine, ...]:
        return tuple(line for line in self.lines if line.status == "unmatched")

    @property
    def units(self) -> tuple[ListLine, ...]:
        return tuple(line for line in self.lines if line.status == "unit")


@dataclass
class _Names:
    """Folded name → ids, from every language of every entry's name."""

    ids: dict[str, list[str]] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)
    """id → its name in the player's language."""

    def add(self, entry_id: str, name: str | dict[str, str]) -> None:
        texts = [name] if isinstance(name, str) else list(name.values())
        for text in texts:
            known = self.ids.setdefault(fold(text), [])
            if entry_id not in known:
                known.append(entry_id)
        self.shown[entry_id] = display_name(name)

    def find(self, text: str) -> str | None:
        found = self.ids.get(fold(text))
        return found[0] if found else None

    def closest(self, text: str) -> tuple[str, ...]:
        names = difflib.get_close_matches(fold(text), list(self.ids), n=3, cutoff=0.6)
        ids = dict.fromkeys(self.ids[name][0] for name in names)
        return tuple(self.shown[i] for i in ids)


def _profile_names(catalogs: Catalogs) -> _Names:
    names = _Names()
    for entry_id, entry in catalogs.entries.get("profiles", {}).items():
        names.add(entry_id, entry.name)
    return names


@dataclass(frozen=True, slots=True)
class _Read:
    count: int
    name: str
    extras: tuple[str, ...]
    points: int | None


def _points(text: str) -> tuple[str, int | None]:
    for pattern in (_POINTS_BRACKET, _POINTS_DASH):
        found = pattern.search(text)
        if found is not None:
            return text[: found.start()].strip(), int(found.group(1))
    return text, None


def _count(text: str) -> tuple[int, str]:
    for pattern, count_first in ((_COUNT_BEFORE, True), (_COUNT_AFTER, False), (_COUNT_BARE, True)):
        found = pattern.match(text)
        if found is not None:
            count, name = (found.group(1), found.group(2)) if count_first else (found.group(2), found.group(1))
            return max(1, int(count)), name.strip()
    return 1, text


def _readings(text: str) -> Iterable[_Read]:
    """The ways a line may be read, the likeliest first: with what it holds after a colon, then whole."""
    line = _BULLET.sub("", text).strip()
    heads = []
    if ":" in line:
        head, _colon, tail = line.partition(":")
        heads.append((head, tuple(x.strip() for x in re.split(r"[,;]", tail) if x.strip())))
    heads.append((line, ()))
    for head, extras in heads:
        head, points = _points(head.strip())
        count, name = _count(head)
        name, more_points = _points(name)
        yield _Read(count, name, extras, points if points is not None else more_points)


def _is_decoration(text: str) -> bool:
    """A rule of dashes or equal signs, a line of Warband's footer ("Units: 5 · made with Warband")."""
    stripped = text.strip()
    return not stripped or set(stripped) <= set("-=_*~#·•—–") or ("Warband" in stripped and "·" in stripped)


def _choices_by_name(choices: Sequence[Choice]) -> dict[str, Choice]:
    found: dict[str, Choice] = {}
    for choice in choices:
        entry_name: Any = getattr(choice.entry, "name", None) or choice.name
        texts = [entry_name] if isinstance(entry_name, str) else list(entry_name.values())
        for text in (*texts, choice.name):
            found.setdefault(fold(text), choice)
    return found


def field_for(unit: Any, kind: str) -> str | None:
    """The unit's list that holds choices of that kind ("miracle" → "miracles")."""
    for name in (kind, f"{kind}s", kind.rstrip("s") + "s"):
        if name in type(unit).model_fields and isinstance(getattr(unit, name), tuple):
            return name
    return None


def game_named_in(text: str) -> str | None:
    """The id of the game Warband's own shared text names in its first line ("Light of Merin — Confrontation —
    397/400 A.P."), in English or in the language spoken; None when it names none."""
    from warband.model.system import games

    first = next((line for line in text.splitlines() if line.strip()), "")
    parts = {fold(part) for part in first.split(" — ")[1:]}
    for game in games():
        if {fold(game.name), fold(_(game.name))} & parts:
            return game.id
    return None


def import_list(text: str, army: Army, catalogs: Catalogs) -> ListImport:
    """Read a pasted list into `army` (an empty army of the game, with its name and limit as the player wants,
    or one to add to): its units are added at the end, in the order of the lines."""
    from warband.model.system import get_system

    game = get_system(army.system)
    names = _profile_names(catalogs)
    raw = text.splitlines()
    notes: list[str] = []
    if len(raw) > MAX_LINES:
        notes.append(
            _("The list has {count} lines: only the first {most} were read.").format(
                count=len(raw), most=MAX_LINES
            )
        )
        raw = raw[:MAX_LINES]
    first = next((number for number, line in enumerate(raw, start=1) if line.strip()), 0)
    name = army.name
    lines: list[ListLine] = []
    found: list[tuple[int, _Read, str, str]] = []  # (index in lines, the reading, profile id, label)
    for number, full in enumerate(raw, start=1):
        line = full[:MAX_LINE]
        cut: tuple[str, ...] = ()
        if len(full) > MAX_LINE:
            cut = (_("Only the first {most} characters of the line were read.").format(most=MAX_LINE),)
        if _is_decoration(line):
            if line.strip():
                lines.append(ListLine(number, line, "skipped", messages=cut))
            continue
        match = _match(line, names)
        if match is None:
            if number == first and " — " in line:
                if not name:  # Warband's own header: the army's name — the game — the points
                    name = line.split(" — ")[0].strip()
                lines.append(ListLine(number, line, "skipped", messages=cut))
                continue
            suggestions = names.closest(name_read(line))
            if number == first and not name and not suggestions:
                name = " ".join(line.split())[:200]
                lines.append(ListLine(number, line, "name", messages=cut))
                continue
            lines.append(ListLine(number, line, "unmatched", messages=cut, suggestions=suggestions))
            continue
        read, profile_id, label = match
        found.append((len(lines), read, profile_id, label))
        lines.append(ListLine(number, line, "unit", profile=profile_id, count=read.count, messages=cut))

    ids = new_unit_ids(army, len(found))
    units: list[dict[str, Any]] = []
    for unit_id, (index, read, profile_id, label) in zip(ids, found, strict=True):
        unit: dict[str, Any] = {"id": unit_id, "profile": profile_id, "count": read.count}
        if label:
            unit["label"] = label
        units.append(unit)
        lines[index] = replace(lines[index], unit_id=unit_id)
    data = army.model_dump(mode="json")
    data["units"] = [*data["units"], *units]
    data["name"] = name
    built = type(army).model_validate(data)

    for unit_id, (index, read, _profile, _label) in zip(ids, found, strict=True):
        if read.extras:
            built, missing = _give(built, unit_id, read.extras, game, catalogs)
            lines[index] = replace(lines[index], messages=(*lines[index].messages, *missing))
    costs = {unit.id: unit.cost for unit in game.validate(built, catalogs).units}
    for unit_id, (index, read, _profile, _label) in zip(ids, found, strict=True):
        cost = costs.get(unit_id)
        if read.points is not None and cost is not None and read.points != cost:
            differs = _("The list says {listed} points; the catalogs say {cost}.")
            lines[index] = replace(
                lines[index], messages=(*lines[index].messages, differs.format(listed=read.points, cost=cost))
            )
    return ListImport(built, tuple(lines), tuple(notes))


def _give(
    army: Army, unit_id: str, extras: Sequence[str], game: Any, catalogs: Catalogs
) -> tuple[Army, list[str]]:
    """The army with the unit holding what its line names, as the builder would add it; what was not found."""
    by_name = _choices_by_name(game.options(army, unit_id, catalogs))
    unit = next(u for u in army.units if u.id == unit_id)
    data = unit.model_dump(mode="json")
    missing: list[str] = []
    kept: list[str] = []
    for extra in extras:
        choice = by_name.get(fold(extra))
        list_field = field_for(unit, choice.kind) if choice is not None else None
        if choice is None or list_field is None:
            kept.append(extra)
            continue
        data[list_field] = [*data[list_field], choice.id]
    held = type(unit).model_validate(data)
    if kept:  # what the profile itself gives (a character's spells) is no choice of the player's, but is shown
        shown = {
            fold(detail.name)
            for languages in (("en",), ("fr",), ("ru",), spoken(None))
            for detail in game.roster_unit(held, catalogs, languages).details
        }
        missing = [_("Not found for this unit: {name}").format(name=x) for x in kept if fold(x) not in shown]
    units = tuple(held if u.id == unit_id else u for u in army.units)
    return type(army).model_validate(
        {**army.model_dump(mode="json"), "units": [u.model_dump(mode="json") for u in units]}
    ), missing


def name_read(line: str) -> str:
    """The name a line gives, without its count, points, bullet and what it holds ("3x Legolass: Bow" →
    "Legolass"): what is matched, and what the window replaces with a suggestion."""
    reading = next(iter(_readings(line)))
    found = _PROFILE_IN_BRACKETS.match(reading.name)
    return found.group(2) if found is not None else reading.name


def _match(line: str, names: _Names) -> tuple[_Read, str, str] | None:
    """(how the line reads, the profile's id, the unit's own label or "") for the first reading that names a
    profile: the whole name, or "Label (Profile)"."""
    for read in _readings(line):
        profile = names.find(read.name)
        if profile is not None:
            return read, profile, ""
        found = _PROFILE_IN_BRACKETS.match(read.name)
        if found is not None:
            profile = names.find(found.group(2))
            if profile is not None:
                return read, profile, found.group(1).strip()
    return None
