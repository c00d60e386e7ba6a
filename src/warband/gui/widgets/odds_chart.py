"""A bar chart of exact odds, painted with QPainter (QtCharts is not in PySide6-Essentials).

It knows no rule system: it is given bars (a label and an exact chance each), which of them succeed, and which
fail whatever the target (a natural 1), so every system's resolver can show its odds with it.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from warband.model.messages import _

_STEPS = (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 25, 50, 100)  # gridline spacings, in percent
_MAX_GRIDLINES = 4


def format_percent(chance: Fraction, decimals: int = 1) -> str:
    """A chance as a percentage, rounded half up ("58.3%").

    A possible outcome is never shown as 0% ("<0.1%"), nor an uncertain one as 100% (">99.9%").
    """
    if isinstance(chance, int | Fraction):  # exact, in integers: no Fraction arithmetic
        return _percent_of(chance.numerator, chance.denominator, decimals)
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    scale = 10**decimals
    return _rounded_percent(math.floor(chance * 100 * scale + Fraction(1, 2)), decimals)


def _percent_of(ways: int, total: int, decimals: int) -> str:
    """`format_percent` of the chance ways / total (total > 0, the pair need not be in lowest terms), worked
    out in integers: the same rounding half up of chance × 100 × 10^decimals."""
    if ways == 0:
        return "0%"
    if ways == total:
        return "100%"
    scale = 10**decimals
    return _rounded_percent((200 * scale * ways + total) // (2 * total), decimals)


def _rounded_percent(rounded: int, decimals: int) -> str:
    scale = 10**decimals
    if rounded == 0:
        return f"<{_fixed(1, decimals)}%"
    if rounded >= 100 * scale:
        return f">{_fixed(100 * scale - 1, decimals)}%"
    return f"{_fixed(rounded, decimals)}%"


@functools.cache
def _tenths() -> tuple[str, ...]:
    """The texts of the 1,001 roundings to a tenth of a percent, "<0.1%" … ">99.9%" (made on first use)."""
    return tuple(_rounded_percent(rounded, 1) for rounded in range(1001))


def _percents(ratios: Iterable[tuple[int, int]]) -> list[str]:
    """`format_percent` of each chance (numerator, positive denominator): the same rounding in integers, its
    text looked up."""
    tenths = _tenths()
    return [
        tenths[(2000 * ways + total) // (2 * total)] if 0 < ways < total else _percent_of(ways, total, 1)
        for ways, total in ratios
    ]


def _fixed(units: int, decimals: int) -> str:
    if decimals == 0:
        return str(units)
    whole, part = divmod(units, 10**decimals)
    return f"{whole}.{part:0{decimals}d}"


class BarKind(enum.StrEnum):
    """What a bar means for the roll, which sets its colour."""

    NEUTRAL = "neutral"
    """No target is known yet."""
    FAILURE = "failure"
    SUCCESS = "success"
    SURE_FAILURE = "sure_failure"
    """Fails whatever the target (a natural 1)."""


def bar_colours(palette: QPalette) -> dict[BarKind, QColor]:
    """Colours that read on light and dark palettes alike; success and failure also differ in lightness."""
    dark = palette.color(QPalette.ColorRole.Base).lightness() < 128
    if dark:
        return {
            BarKind.NEUTRAL: QColor(120, 144, 230),
            BarKind.FAILURE: QColor(110, 110, 110),
            BarKind.SUCCESS: QColor(102, 187, 106),
            BarKind.SURE_FAILURE: QColor(239, 83, 80),
        }
    return {
        BarKind.NEUTRAL: QColor(63, 81, 181),
        BarKind.FAILURE: QColor(176, 176, 176),
        BarKind.SUCCESS: QColor(46, 125, 50),
        BarKind.SURE_FAILURE: QColor(198, 40, 40),
    }


class OddsChartWidget(QWidget):
    """The chance of each result of a roll, one bar per result, with the results that succeed marked.

    Call `set_distribution` with the bars; hovering a bar shows its exact chance, and the accessible description
    sums the chart up for screen readers ("Success 58.3% (7/12). 3: 16.7%, …").
    """

    def __init__(self, parent: QWidget | None = None, *, x_title: str = "", summary: bool = True) -> None:
        """Args:
        parent: the owning widget.
        x_title: what the bars count, shown under the axis and in tooltips ("Total").
        summary: paint the chance of success above the bars (off when a label beside the chart says it).
        """
        super().__init__(parent)
        self.setObjectName("oddsChart")
        self.setAccessibleName(_("Odds of each result"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._x_title = x_title
        self._summary = summary
        self._buckets: tuple[tuple[str, Fraction], ...] = ()
        self._labels: tuple[str, ...] = ()
        self._ratios: tuple[tuple[int, int], ...] = ()
        """Each chance as (numerator, denominator), for the integer arithmetic."""
        self._kinds: tuple[BarKind, ...] = ()
        self._has_target = False
        self._success: Fraction | None = None
        self._listed: str | None = None
        """Each bar's percentage in the description, kept while the bars stay the same."""
        self._update_description()

    # --- the data ------------------------------------------------------------------------------------------
    def set_distribution(
        self,
        buckets: Sequence[tuple[str, Fraction]],
        success_from: int | None = None,
        sure_failures: Collection[int] = (),
        *,
        success_to: int | None = None,
    ) -> None:
        """Show these bars, left to right.

        Args:
            buckets: a label and an exact chance per bar; the chances need not sum to 1.
            success_from: the index of the first bar that succeeds (`len(buckets)`: none does); None when no
                target is known yet, and every bar is drawn alike.
            sure_failures: indexes of bars that fail whatever the target (a natural 1), marked as such.
            success_to: the index after the last bar that succeeds (default: every bar from `success_from` on),
                for rolls that must come in under a target.
        """
        items = buckets if isinstance(buckets, list | tuple) else tuple(buckets)
        labels = tuple([str(label) for label, _chance in items])
        chances = [chance if type(chance) is Fraction else Fraction(chance) for _label, chance in items]
        ratios = tuple([chance.as_integer_ratio() for chance in chances])  # in lowest terms, denominators > 0
        if any(ways < 0 for ways, _total in ratios):
            raise ValueError("a chance cannot be negative")
        count = len(ratios)
        if any(not 0 <= i < count for i in sure_failures):
            raise ValueError("a sure failure must be one of the bars")
        kinds = [BarKind.NEUTRAL if success_from is None else BarKind.FAILURE] * count
        if success_from is not None:  # the bars success_from <= i < success_to
            low, high = max(0, success_from), min(count, count if success_to is None else success_to)
            if low < high:
                kinds[low:high] = [BarKind.SUCCESS] * (high - low)
        for i in set(sure_failures):
            kinds[i] = BarKind.SURE_FAILURE
        has_target = success_from is not None
        same_bars = ratios == self._ratios and labels == self._labels
        if same_bars and tuple(kinds) == self._kinds and has_target == self._has_target:
            return
        if not same_bars:
            self._listed = None
        self._buckets = tuple(zip(labels, chances, strict=True))
        self._labels = labels
        self._ratios = ratios
        self._kinds = tuple(kinds)
        self._has_target = has_target
        self._success = self._sum_success()
        self._update_description()
        self.update()

    def clear(self) -> None:
        """No bars: the chart says there are no odds to show."""
        self.set_distribution(())

    def buckets(self) -> tuple[tuple[str, Fraction], ...]:
        return self._buckets

    def kinds(self) -> tuple[BarKind, ...]:
        return self._kinds

    def success_chance(self) -> Fraction | None:
        """The sum of the bars that succeed; None when no target is known."""
        return self._success

    def _sum_success(self) -> Fraction | None:
        """`success_chance`, once per distribution: the numerators summed per denominator, then over their
        least common multiple, in integers; one Fraction at the end."""
        if not self._ratios or not self._has_target:
            return None
        by_total: dict[int, int] = {}
        for (ways, total), kind in zip(self._ratios, self._kinds, strict=True):
            if kind is BarKind.SUCCESS:
                by_total[total] = by_total.get(total, 0) + ways
        common = math.lcm(*by_total)
        return Fraction(sum(ways * (common // total) for total, ways in by_total.items()), common)

    def bar_tooltip(self, index: int) -> str:
        """ "Total 9: 1/36 — 2.8% (success)"."""
        label, chance = self._buckets[index]
        template = {
            BarKind.NEUTRAL: _("{name}: {fraction} — {percent}"),
            BarKind.FAILURE: _("{name}: {fraction} — {percent} (failure)"),
            BarKind.SUCCESS: _("{name}: {fraction} — {percent} (success)"),
            BarKind.SURE_FAILURE: _("{name}: {fraction} — {percent} (fails whatever the target)"),
        }[self._kinds[index]]
        name = f"{self._x_title} {label}" if self._x_title else label
        return template.format(name=name, fraction=chance, percent=format_percent(chance))

    def _update_description(self) -> None:
        self.setAccessibleDescription(self._describe())

    def _describe(self) -> str:
        """The accessible description, once per distribution; each bar's percentage in integers, once per set of
        bars."""
        if not self._buckets:
            return _("No odds to show")
        if self._listed is None:  # once per set of bars: a new target only changes the chance of success
            percents = _percents(self._ratios)
            self._listed = "; ".join([f"{label}: {p}" for label, p in zip(self._labels, percents, strict=True)])
        bars = self._listed
        success = self._success
        if success is None:
            return _("No target yet. {bars}").format(bars=bars)
        percent = format_percent(success)
        return _("Success {percent} ({fraction}). {bars}").format(percent=percent, fraction=success, bars=bars)

    # --- geometry ------------------------------------------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(360, 160)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(200, 110)

    def _plot_rect(self) -> QRectF:
        """Where the bars go: room left for the percent scale, above for the header and the bars' labels, and
        below for the results."""
        line = self.fontMetrics().height()
        left = self.fontMetrics().horizontalAdvance("100%") + 10
        top = 2 * line + 8
        bottom = line + 6
        return QRectF(left, top, max(1, self.width() - left - 8), max(1, self.height() - top - bottom))

    def bar_at(self, pos: QPoint | QPointF) -> int | None:
        """The bar under a point (its whole column, labels included), or None."""
        if not self._buckets:
            return None
        plot = self._plot_rect()
        x, y = pos.x(), pos.y()
        if not plot.left() <= x < plot.right() or not 0 <= y < self.height():
            return None
        return min(len(self._buckets) - 1, int((x - plot.left()) / (plot.width() / len(self._buckets))))

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.bar_at(event.pos())
            if index is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.bar_tooltip(index), self)
            return True
        return super().event(event)

    # --- painting ------------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        try:
            if not self._buckets:
                painter.setPen(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
                painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, _("No odds to show"))
                return
            top = self._paint_scale(painter)
            self._paint_bars(painter, top)
            self._paint_header(painter)
        finally:
            painter.end()

    def _scale_top(self) -> tuple[float, float]:
        """The percent at the top of the scale and the gridline step, both round numbers."""
        highest = max(float(chance) for _label, chance in self._buckets) * 100
        step = next((s for s in _STEPS if highest / s <= _MAX_GRIDLINES), 100.0)
        return max(step, math.ceil(highest / step - 1e-9) * step), step

    def _paint_scale(self, painter: QPainter) -> float:
        plot = self._plot_rect()
        top, step = self._scale_top()
        text = self.palette().color(QPalette.ColorRole.WindowText)
        grid = QColor(text)
        grid.setAlpha(40)
        metrics = self.fontMetrics()
        lines = round(top / step)
        for i in range(lines + 1):
            y = plot.bottom() - plot.height() * i / lines
            painter.setPen(QPen(grid if i else text, 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            value = step * i
            label = f"{value:.1f}%" if step < 1 else f"{value:.0f}%"
            painter.setPen(text)
            box = QRectF(0, y - metrics.height() / 2, plot.left() - 6, metrics.height())
            painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
        if self._x_title:
            box = QRectF(0, plot.bottom() + 3, plot.left() - 6, metrics.height())
            painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, self._x_title)
        return top

    def _paint_bars(self, painter: QPainter, top: float) -> None:
        plot = self._plot_rect()
        metrics = self.fontMetrics()
        small = QFont(self.font())
        if small.pointSizeF() > 0:
            small.setPointSizeF(small.pointSizeF() * 0.85)
        small_metrics = QFontMetrics(small)
        colours = bar_colours(self.palette())
        text = self.palette().color(QPalette.ColorRole.WindowText)
        count = len(self._buckets)
        slot = plot.width() / count
        width = max(1.0, slot * 0.72)
        widest = max(metrics.horizontalAdvance(label) for label, _chance in self._buckets)
        every = max(1, math.ceil((widest + 4) / slot))  # label every n-th bar when they would overlap

        def fits(decimals: int) -> bool:
            return all(
                small_metrics.horizontalAdvance(format_percent(c, decimals)) <= slot - 1 for _l, c in self._buckets
            )

        decimals = next((d for d in (1, 0) if fits(d)), None)  # one precision for every bar, the finest that fits
        for i, ((label, chance), kind) in enumerate(zip(self._buckets, self._kinds, strict=True)):
            x = plot.left() + i * slot + (slot - width) / 2
            height = plot.height() * float(chance) * 100 / top
            bar = QRectF(x, plot.bottom() - height, width, height)
            colour = colours[kind]
            if height > 0:
                if kind == BarKind.SURE_FAILURE:
                    light = QColor(colour)
                    light.setAlpha(70)
                    painter.fillRect(bar, light)
                    painter.fillRect(bar, QBrush(colour, Qt.BrushStyle.BDiagPattern))
                    painter.setPen(QPen(colour, 1))
                    painter.drawRect(bar.adjusted(0, 0, -1, 0))
                else:
                    painter.fillRect(bar, colour)
                if decimals is not None:
                    shown = format_percent(chance, decimals)
                    painter.setPen(text)
                    painter.setFont(small)
                    box = QRectF(plot.left() + i * slot, bar.top() - metrics.height() - 1, slot, metrics.height())
                    painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, shown)
                    painter.setFont(self.font())
            if i % every == 0:
                marked = kind in (BarKind.SUCCESS, BarKind.SURE_FAILURE)
                painter.setPen(colour if marked else text)
                box = QRectF(plot.left() + i * slot - slot * (every - 1) / 2, plot.bottom() + 3, slot * every, 99)
                painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
        boundary = next((i for i, k in enumerate(self._kinds) if k == BarKind.SUCCESS), None)
        if boundary is not None and boundary > 0:
            x = plot.left() + boundary * slot
            painter.setPen(QPen(colours[BarKind.SUCCESS], 1, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(x, plot.top() - metrics.height()), QPointF(x, plot.bottom()))

    def _paint_header(self, painter: QPainter) -> None:
        """The chance of success on the left, the legend of the colours shown on the right."""
        metrics = self.fontMetrics()
        text = self.palette().color(QPalette.ColorRole.WindowText)
        success = self.success_chance()
        title_right = 0.0
        if success is not None and self._summary:
            bold = QFont(self.font())
            bold.setBold(True)
            painter.setFont(bold)
            painter.setPen(text)
            title = _("Success {percent}").format(percent=format_percent(success))
            painter.drawText(QRectF(4, 2, self.width(), metrics.height() + 2), Qt.AlignmentFlag.AlignLeft, title)
            title_right = 4 + painter.fontMetrics().horizontalAdvance(title) + 12
            painter.setFont(self.font())
        names = {
            BarKind.SUCCESS: _("success"),
            BarKind.FAILURE: _("failure"),
            BarKind.SURE_FAILURE: _("always fails"),
        }
        colours = bar_colours(self.palette())
        shown = [kind for kind in names if kind in self._kinds]
        swatch = metrics.height() - 6
        widths = [swatch + 4 + metrics.horizontalAdvance(names[k]) + 10 for k in shown]
        x = self.width() - 4 - sum(widths)
        if x < title_right:
            return  # no room for the legend: the tooltips and the description still tell
        for kind, width in zip(shown, widths, strict=True):
            box = QRectF(x, 2 + (metrics.height() - swatch) / 2, swatch, swatch)
            painter.fillRect(box, colours[kind])
            if kind == BarKind.SURE_FAILURE:
                painter.fillRect(box, QBrush(text, Qt.BrushStyle.BDiagPattern))
            painter.setPen(text)
            painter.drawText(QPointF(x + swatch + 4, 2 + metrics.ascent()), names[kind])
            x += width
