"""How a tree of splitters shares its room out: each part what it needs, then what it wants (a table's every
row), then the rest by the splitters' stretch factors. Widths first, then heights measured at those widths: a
wrapped text or a row of buttons that goes on a second line is taller in a narrower column.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

Span = tuple[int, int]
"""What a part needs and what it would like, along one direction."""


@dataclass
class Measures:
    """How the leaves of the tree are measured (the splitters' own parts are worked out from them)."""

    width: Callable[[QWidget], Span]
    height: Callable[[QWidget, int], Span]
    """A leaf's height at a width."""


@dataclass
class Plan:
    """The size of every part of the tree, and what the tree needs."""

    widths: dict[QWidget, int] = field(default_factory=dict)
    heights: dict[QWidget, int] = field(default_factory=dict)
    need_width: int = 0
    need_height: int = 0


def parts(splitter: QSplitter) -> list[QWidget]:
    """The parts a splitter shows (a hidden one takes no room)."""
    found = []
    for index in range(splitter.count()):
        widget = splitter.widget(index)
        if widget is not None and not widget.isHidden():
            found.append(widget)
    return found


def share(total: int, needs: list[int], wants: list[int], stretches: list[int]) -> list[int]:
    """Each its need; of what is left, each towards its want (in proportion), then the rest by stretch."""
    sizes = list(needs)
    left = total - sum(needs)
    if left <= 0 or not sizes:
        return sizes
    wanting = sum(max(0, w - n) for w, n in zip(wants, needs, strict=True))
    if wanting > 0:
        given = min(left, wanting)
        for i, (want, need) in enumerate(zip(wants, needs, strict=True)):
            sizes[i] += given * max(0, want - need) // wanting
        left = total - sum(sizes)
    weight = sum(stretches)
    for i, stretch in enumerate(stretches):
        sizes[i] += left * stretch // weight if weight else left // len(sizes)
    return sizes


def _stretch(part: QWidget, horizontal: bool) -> int:
    policy = part.sizePolicy()
    return policy.horizontalStretch() if horizontal else policy.verticalStretch()


def _horizontal(widget: QWidget) -> bool:
    return isinstance(widget, QSplitter) and widget.orientation() == Qt.Orientation.Horizontal


def width_span(node: QWidget, measures: Measures) -> Span:
    if not isinstance(node, QSplitter):
        return measures.width(node)
    spans = [width_span(part, measures) for part in parts(node)]
    handles = node.handleWidth() * max(0, len(spans) - 1)
    if _horizontal(node):
        return sum(s[0] for s in spans) + handles, sum(s[1] for s in spans) + handles
    return max((s[0] for s in spans), default=0), max((s[1] for s in spans), default=0)


def height_span(node: QWidget, measures: Measures, widths: dict[QWidget, int]) -> Span:
    if not isinstance(node, QSplitter):
        return measures.height(node, widths.get(node, 0))
    spans = [height_span(part, measures, widths) for part in parts(node)]
    handles = node.handleWidth() * max(0, len(spans) - 1)
    if _horizontal(node):
        return max((s[0] for s in spans), default=0), max((s[1] for s in spans), default=0)
    return sum(s[0] for s in spans) + handles, sum(s[1] for s in spans) + handles


def _plan_widths(node: QWidget, width: int, measures: Measures, widths: dict[QWidget, int]) -> None:
    widths[node] = width
    if not isinstance(node, QSplitter):
        return
    shown = parts(node)
    if _horizontal(node):
        spans = [width_span(part, measures) for part in shown]
        room = width - node.handleWidth() * max(0, len(shown) - 1)
        sizes = share(room, [s[0] for s in spans], [s[1] for s in spans], [_stretch(p, True) for p in shown])
    else:
        sizes = [width] * len(shown)
    for part, size in zip(shown, sizes, strict=True):
        _plan_widths(part, size, measures, widths)


def _plan_heights(node: QWidget, height: int, measures: Measures, plan: Plan) -> None:
    plan.heights[node] = height
    if not isinstance(node, QSplitter):
        return
    shown = parts(node)
    if _horizontal(node):
        sizes = [height] * len(shown)
    else:
        spans = [height_span(part, measures, plan.widths) for part in shown]
        room = height - node.handleWidth() * max(0, len(shown) - 1)
        sizes = share(room, [s[0] for s in spans], [s[1] for s in spans], [_stretch(p, False) for p in shown])
    for part, size in zip(shown, sizes, strict=True):
        _plan_heights(part, size, measures, plan)


def plan(root: QSplitter, width: int, height: int, measures: Measures) -> Plan:
    """Every part's size when the tree has `width` × `height`, and what it needs at that width."""
    made = Plan()
    _plan_widths(root, width, measures, made.widths)
    made.need_width = width_span(root, measures)[0]
    made.need_height = height_span(root, measures, made.widths)[0]
    _plan_heights(root, max(height, made.need_height), measures, made)
    return made


def apply(root: QSplitter, made: Plan) -> None:
    """Give every splitter of the tree its parts' planned sizes."""
    for splitter in [root, *root.findChildren(QSplitter)]:
        if splitter is not root and splitter not in made.widths:
            continue
        sizes = made.widths if _horizontal(splitter) else made.heights
        every = [splitter.widget(i) for i in range(splitter.count())]
        planned = [sizes.get(part, 0) if part is not None and not part.isHidden() else 0 for part in every]
        if splitter.sizes() != planned:
            splitter.setSizes(planned)
