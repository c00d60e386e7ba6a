"""A roster as plain text: to paste in a forum or a chat, or to print with tick boxes for the battle."""

from __future__ import annotations

from warband.model.army import Problem
from warband.model.messages import _, spoken_text
from warband.model.roster import Detail, Roster, Track, UnitRow

INDENT = "   "
SEPARATOR = " · "


def points_text(value: int, roster: Roster) -> str:
    """'114 A.P.' in the system's own word for points."""
    return f"{value} {_(roster.points or 'points')}"


def total_text(roster: Roster) -> str | None:
    """'Total: 385 A.P. (limit 400 A.P.)'; None when the army has no points (a pfpv party)."""
    if roster.points is None:
        return None
    if roster.limit is None:
        return _("Total: {total} (no limit)").format(total=points_text(roster.total, roster))
    return _("Total: {total} (limit {limit})").format(
        total=points_text(roster.total, roster), limit=points_text(roster.limit, roster)
    )


def unit_heading(position: int, unit: UnitRow, roster: Roster) -> str:
    """'1. Priestess of the north gate (Iron Priestess) — 114 A.P.'"""
    heading = f"{position}. {unit.label}"
    if unit.profile != unit.label:
        heading += f" ({unit.profile})"
    if unit.count > 1:
        heading += f" ×{unit.count}"
    if roster.points is not None:
        heading += f" — {points_text(unit.cost, roster)}"
    return heading


def detail_text(detail: Detail, roster: Roster) -> str:
    """'Miracle: Divine Messenger — 12 A.P. — fervour 1, difficulty: table'"""
    parts = [f"{detail.kind}: {detail.name}"]
    if detail.cost is not None and roster.points is not None:
        parts.append(points_text(detail.cost, roster))
    if detail.facts:
        parts.append(", ".join(detail.facts))
    return " — ".join(parts)


def boxes_text(track: Track) -> str:
    """'[ ][ ][ ]' sized to the reserve; '____ / 120' when it is too large to tick; '—' when it is empty."""
    if track.size <= 0:
        return "—"
    if track.boxed:
        return "[ ]" * track.size
    return f"______ / {track.size}"


def problem_unit(problem: Problem, roster: Roster) -> str:
    """Who a problem is about, as the roster names it ('Saphon'), never by its id: the unit's label or profile
    name, numbered as its heading is ('4. Saphon') when another unit goes by the same name; 'army' for the whole
    army."""
    if problem.unit is None:
        return _("army")
    position, row = next(((n, u) for n, u in enumerate(roster.units, 1) if u.id == problem.unit.id), (0, None))
    if row is None:
        return spoken_text(problem.unit.label)
    if sum(u.label == row.label for u in roster.units) > 1:
        return f"{position}. {row.label}"
    return row.label


def problem_text(problem: Problem, roster: Roster) -> str:
    """'CF-02  Saphon: Dark Pact belongs to …'"""
    return f"{problem.rule}  {problem_unit(problem, roster)}: {problem.sentence}"


def problems_heading(count: int) -> str:
    return _("1 problem:") if count == 1 else _("{count} problems:").format(count=count)


def _indented(text: str, indent: str) -> list[str]:
    """A player's text on as many lines as they typed, each indented under its unit."""
    return [indent + line for line in text.splitlines()]


def render_text(roster: Roster) -> str:
    """The whole roster as plain text, ending with a newline."""
    title = roster.name or _("(unnamed army)")
    lines = [title, "=" * max(len(line) for line in title.splitlines() or [""])]
    header = [roster.system]
    total = total_text(roster)
    if total is not None:
        header.append(total)
    header.extend(roster.army_facts)
    lines.append(SEPARATOR.join(header))
    width = max((len(t.name) for u in roster.units for t in u.extras.tracks), default=0)
    for position, unit in enumerate(roster.units, start=1):
        lines.append("")
        lines.append(unit_heading(position, unit, roster))
        if unit.extras.profile_facts:
            lines.append(INDENT + SEPARATOR.join(unit.extras.profile_facts))
        lines.extend(INDENT + line for line in unit.extras.profile_lines)
        lines.extend(f"{INDENT}- {detail_text(d, roster)}" for d in unit.extras.details)
        if unit.notes.strip():
            first, *rest = unit.notes.strip().splitlines()
            lines.append(f"{INDENT}{_('Notes:')} {first}")
            lines.extend(_indented("\n".join(rest), INDENT * 2))
        lines.extend(f"{INDENT}{t.name:<{width}}  {boxes_text(t)}" for t in unit.extras.tracks)
    lines.append("")
    if total is not None:
        lines.append(total)
    if roster.valid:
        lines.append(_("No problems."))
    else:
        lines.append(problems_heading(len(roster.problems)))
        lines.extend(INDENT + problem_text(p, roster) for p in roster.problems)
    return "\n".join(lines) + "\n"
