"""A roster as a complete HTML document, for a browser and for the PDF (Qt's rich-text subset reads it too).

Every string is escaped, whoever wrote it: army names, labels and notes are the player's, and a player's own
catalog names entries too. An army named `<img src=x onerror=alert(1)>` prints as those characters.
"""

from __future__ import annotations

import re
from html import escape

from warband.export.roster_text import (
    SEPARATOR,
    points_text,
    problem_unit,
    problems_heading,
    total_text,
)
from warband.model.army import Problem
from warband.model.messages import _
from warband.model.roster import Detail, Roster, Track, UnitRow

BOX = "\u2610"
"""☐ — a ballot box, one per point of a reserve."""

STYLE = """
body { font-family: 'DejaVu Sans', 'Segoe UI', Arial, sans-serif; font-size: 10pt; color: #111; }
h1 { font-size: 16pt; margin-bottom: 4px; }
h2 { font-size: 12pt; margin-top: 16px; margin-bottom: 4px; }
p { margin-top: 0; margin-bottom: 4px; }
.header, .facts { color: #333; }
.profile, .cost { font-weight: normal; }
table.details { margin-top: 2px; margin-bottom: 6px; }
table.details th, table.details td { border-bottom: 1px solid #bbb; }
table.details th { text-align: left; font-weight: normal; color: #555; }
.notes { font-style: italic; }
table.tracks { margin-top: 2px; }
table.tracks th { text-align: left; }
.boxes { font-size: 14pt; }
.total { font-weight: bold; margin-top: 16px; }
.rule { font-weight: bold; }
"""
"""Qt's rich text reads only part of CSS (margins in px, no cell padding from a style sheet): the tables space
their cells with `cellpadding` and align them with attributes, so that the PDF and a browser look alike."""


def _e(text: str) -> str:
    return escape(text, quote=True)


def _keep_numbers(text: str) -> str:
    """'Alteration&nbsp;1', 'difficulty&nbsp;6': escaped, and a number never starts a line alone."""
    return _BEFORE_NUMBER.sub("&nbsp;", _e(text))


_BEFORE_NUMBER = re.compile(r" (?=[0-9])")


def _points(value: int, roster: Roster) -> str:
    """'102&nbsp;A.P.': a number never parts from its unit at the end of a line."""
    return _e(points_text(value, roster)).replace(" ", "&nbsp;")


def _lines(text: str) -> str:
    """A player's text, escaped, on as many lines as they typed."""
    return "<br>".join(_e(line) for line in text.splitlines())


def _heading(position: int, unit: UnitRow, roster: Roster) -> str:
    parts = [f"{position}. {_e(unit.label)}"]
    if unit.profile != unit.label:
        parts.append(f' <span class="profile">({_e(unit.profile)})</span>')
    if unit.count > 1:
        parts.append(f" ×{unit.count}")
    if roster.points is not None:
        parts.append(f' —&nbsp;<span class="cost">{_points(unit.cost, roster)}</span>')
    return f"<h2>{''.join(parts)}</h2>"


def _details(details: tuple[Detail, ...], roster: Roster) -> list[str]:
    """A table of what the unit holds; the cost column only when something in it costs points."""
    with_cost = roster.points is not None and any(d.cost is not None for d in details)
    rows = ['<table class="details" cellspacing="0" cellpadding="3" width="100%">']
    for detail in details:
        cost = ""
        if with_cost:
            points = "" if detail.cost is None else _points(detail.cost, roster)
            cost = f'<td width="9%" align="right">{points}</td>'
        rows.append(
            f'<tr><th width="10%">{_e(detail.kind)}</th><td width="27%">{_e(detail.name)}</td>{cost}'
            f"<td>{_keep_numbers(', '.join(detail.facts))}</td></tr>"
        )
    rows.append("</table>")
    return rows


def _boxes(track: Track) -> str:
    if track.size <= 0:
        return "—"
    if track.boxed:
        return f'<span class="boxes">{BOX * track.size}</span>'
    return f"______ / {track.size}"


def _unit(position: int, unit: UnitRow, roster: Roster) -> list[str]:
    out = [_heading(position, unit, roster)]
    extras = unit.extras
    facts = [SEPARATOR.join(extras.profile_facts)] if extras.profile_facts else []
    facts.extend(extras.profile_lines)
    if facts:
        out.append(f'<p class="facts">{"<br>".join(_keep_numbers(line) for line in facts)}</p>')
    if extras.details:
        out.extend(_details(extras.details, roster))
    if unit.notes.strip():
        out.append(f'<p class="notes">{_e(_("Notes:"))} {_lines(unit.notes)}</p>')
    if extras.tracks:
        out.append('<table class="tracks" cellspacing="0" cellpadding="2">')
        out.extend(
            f'<tr><th align="left" valign="middle">{_e(t.name)}</th><td valign="middle">{_boxes(t)}</td></tr>'
            for t in extras.tracks
        )
        out.append("</table>")
    return out


def _problem(problem: Problem, roster: Roster) -> str:
    where = problem_unit(problem, roster)
    return f'<li><span class="rule">{_e(problem.rule)}</span> {_e(where)}: {_e(problem.sentence)}</li>'


def render_html(roster: Roster) -> str:
    """The whole roster as an HTML5 document."""
    title = roster.name or _("(unnamed army)")
    header = [roster.system]
    total = total_text(roster)
    if total is not None:
        header.append(total)
    header.extend(roster.army_facts)
    body = [f"<h1>{_e(title)}</h1>", f'<p class="header">{_e(SEPARATOR.join(header))}</p>']
    for position, unit in enumerate(roster.units, start=1):
        body.extend(_unit(position, unit, roster))
    summary = [f'<p class="total">{_e(total)}</p>'] if total is not None else []
    if roster.valid:
        summary.append(f"<p>{_e(_('No problems.'))}</p>")
    else:
        summary.append(f"<h2>{_e(problems_heading(len(roster.problems)))}</h2>")
        summary.append("<ul>")
        summary.extend(_problem(p, roster) for p in roster.problems)
        summary.append("</ul>")
    body.extend(summary)
    page_title = _("{name} — roster").format(name=title)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{_e(page_title)}</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )
