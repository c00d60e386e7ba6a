"""A roster in the share-as-text style players paste into forums and chats: the army on one line, a line per unit
with its cost and what it holds, the total. No tick boxes, no notes, nothing to print: the printable text roster is
`roster_text`."""

from __future__ import annotations

from collections.abc import Sequence

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.roster import Roster, UnitRow


def share_text(army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None) -> str:
    """The army as a short text to paste: what Edit → Copy Roster as Text puts on the clipboard."""
    from warband.export.roster import roster_lines  # roster imports the renderings: only here

    return render_share(roster_lines(army, catalogs, languages))


def render_share(roster: Roster) -> str:
    """`Light of Merin — Confrontation — 397/400 A.P.`, then one line per unit, then the count and the total."""
    title = " ".join((roster.name or _("(unnamed army)")).split())  # one line, whatever the player typed
    header = [title, roster.system]
    if roster.points is not None:
        spent = f"{roster.total}/{roster.limit}" if roster.limit is not None else str(roster.total)
        header.append(f"{spent} {_(roster.points)}")
    lines = [" — ".join(header), ""]
    lines.extend(_unit_line(unit, roster) for unit in roster.units)
    lines.append("")
    footer = [_("Units: {count}").format(count=len(roster.units))]
    if not roster.valid:
        footer.append(_("Problems: {count}").format(count=len(roster.problems)))
    footer.append(_("made with Warband"))
    lines.append(" · ".join(footer))
    return "\n".join(lines) + "\n"


def _unit_line(unit: UnitRow, roster: Roster) -> str:
    """`2× Riders of the Mark (Rider of Rohan) [26 points]: Shield, Horse`."""
    line = " ".join(unit.label.split())
    if unit.profile != unit.label:
        line += f" ({unit.profile})"
    if unit.count > 1:
        line = f"{unit.count}× {line}"
    if roster.points is not None:
        line += f" [{unit.cost} {_(roster.points)}]"
    held = [" ".join(detail.name.split()) for detail in unit.extras.details]
    if held:
        line += ": " + ", ".join(held)
    return line
