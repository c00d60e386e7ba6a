"""A tab's panes side by side while they fit, one at a time (chosen with buttons) when they do not.

The trackers and resolvers lay their panes out in splitters (the models over the order beside the log, say).
At a large font preset, or on a small screen, those columns would squeeze a table below what its names need:
then each pane has the whole width, and a row of buttons says which one is shown. The font is never made
smaller and no name is cut to make panes fit. The buttons wrap onto a second line rather than scroll.

The splitters stay where their tab put them; `Panes` goes beside them in the same layout, and one of the two is
shown at a time.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from warband.gui.widgets import pane_sizes as sizes
from warband.gui.widgets.flow_layout import FlowLayout
from warband.gui.widgets.table_fit import TableFit


class Arrangement(enum.Enum):
    SPLIT = "split"
    """The panes in their splitters, side by side and one above another."""
    ONE_AT_A_TIME = "one at a time"
    """Each pane the whole area, chosen with the buttons above it."""


HYSTERESIS = 8
"""Pixels to spare before panes shown one at a time go side by side again: no flicker at the edge."""


def wanted_size(pane: QWidget, minimum: QSize | None = None) -> QSize:
    """What a pane needs to show its tables' columns whole and all their rows: its minimum, and more where a
    table wants it (`TableFit`)."""
    size = minimum if minimum is not None else pane.minimumSizeHint().expandedTo(pane.minimumSize())
    width = height = 0
    for fit in pane.findChildren(TableFit):
        if not fit.table.isVisibleTo(pane) and fit.table.isHidden():
            continue
        width = max(width, fit.wanted_width() - fit.table.minimumWidth())
        height += max(0, fit.wanted_height() - fit.table.minimumHeight())
    return QSize(size.width() + max(0, width), size.height() + height)


class PaneSplitter(QSplitter):
    """The outermost splitter of a tab's panes: it asks for no more height than it must have. A tab whose bar
    wraps (a height for its width) is made as high as its parts would like to be; a splitter would like its
    panes' full heights, and the tab would scroll down for room the splitter does not need."""

    def sizeHint(self) -> QSize:  # noqa: N802
        return self.minimumSize().expandedTo(self.minimumSizeHint().boundedTo(self.minimumSize()))


class Panes(QWidget):
    """Shows either a tree of splitters (`root`) whose leaves are `panes`, or the panes one at a time with their
    buttons above (itself), whichever lets every pane have what it needs. Put it in the layout just after
    `root`, with the same stretch: one of the two is hidden.

    Args:
        root: the outermost splitter; the panes are in it or in splitters within it.
        panes: the leaves, each a direct child of one of the splitters, in reading order.
        names: the buttons' words, one a pane; by default a group box's title.
        heights: False: only the width decides, the height being the caller's (the panes in a scroll area that
            scrolls down, as a resolver's are): split, the panes are as high as they need.
    """

    arranged = Signal()
    """The arrangement changed (split, or one pane at a time)."""

    def __init__(
        self,
        root: QSplitter,
        panes: Sequence[QWidget],
        parent: QWidget | None = None,
        *,
        names: Sequence[str] | None = None,
        heights: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("panes")
        self.heights = heights
        self.root = root
        self.panes = list(panes)
        self.arrangement = Arrangement.SPLIT
        self._slots: dict[QWidget, QWidget] = {}
        self._titles: dict[QWidget, str] = {}
        """The titles of the group boxes whose button says them, while the panes are shown one at a time."""
        for pane in self.panes:
            splitter = pane.parentWidget()
            assert isinstance(splitter, QSplitter), "a pane is a child of one of the splitters"
            index = splitter.indexOf(pane)
            slot = QWidget()
            slot.setSizePolicy(pane.sizePolicy())  # the splitter's stretch factors are in the policy
            slot_layout = QVBoxLayout(slot)
            slot_layout.setContentsMargins(0, 0, 0, 0)
            splitter.replaceWidget(index, slot)
            slot_layout.addWidget(pane)  # shown with the slot (not now: that would lay it out unshown)
            self._slots[pane] = slot
            pane.installEventFilter(self)
        root.installEventFilter(self)
        self.chooser = QWidget(self)
        self.chooser.setObjectName("paneChooser")
        self._chooser_layout = FlowLayout(self.chooser, spacing=4)
        self._buttons = QButtonGroup(self)
        for number, pane in enumerate(self.panes):
            name = names[number] if names is not None else pane.title() if isinstance(pane, QGroupBox) else ""
            button = QToolButton(self.chooser)
            button.setObjectName("paneButton")
            button.setCheckable(True)
            button.setText(name)
            self._buttons.addButton(button, number)
            self._chooser_layout.addWidget(button)
        self._buttons.idClicked.connect(self.show_pane)
        self.stack = QWidget(self)
        """Where the panes go when shown one at a time, only the current one visible."""
        self.stack.setObjectName("paneStack")
        self._stack_layout = QVBoxLayout(self.stack)
        self._stack_layout.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.chooser)
        layout.addWidget(self.stack, 1)
        self.hide()
        self._current = 0
        self._shared_for: object = None
        self._stale: set[QWidget] = set()
        self._split_need: QSize | None = None
        """What the splitters needed when the panes went one at a time: they go side by side again only when
        that fits (shown alone, a pane may need less: a form with its labels above its fields)."""
        """Panes whose font changed: their parts are measured again before the next arrangement."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.arrange)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802
        """No more than it must have (see `PaneSplitter`): the tab's layout gives it the room there is."""
        return self.minimumSizeHint()

    # --- what the panes need -------------------------------------------------------------------------------
    def _pane_minimum(self, pane: QWidget) -> QSize:
        """A pane's minimum size, with its title even while the button above says it instead."""
        size = pane.minimumSizeHint().expandedTo(pane.minimumSize())
        title = self._titles.get(pane)
        if title:
            metrics = pane.fontMetrics()
            size = QSize(
                max(size.width(), metrics.horizontalAdvance(title) + 16), size.height() + metrics.height()
            )
        return size

    def _pane_in(self, widget: QWidget) -> QWidget | None:
        for pane, slot in self._slots.items():
            if slot is widget:
                return pane
        return None

    def _measures(self, room: int) -> sizes.Measures:
        """The leaves' measures at `room` wide, each worked out once: a plan asks for a leaf's span at every level
        of the tree, and an arrangement plans twice at the same width."""
        widths: dict[QWidget, sizes.Span] = {}
        heights: dict[tuple[QWidget, int], sizes.Span] = {}
        needs: dict[QWidget, QSize] = {}
        wants: dict[QWidget, QSize] = {}

        def need_of(pane: QWidget) -> QSize:
            need = needs.get(pane)
            if need is None:
                need = needs[pane] = self._pane_minimum(pane)
            return need

        def want_of(pane: QWidget) -> QSize:
            want = wants.get(pane)
            if want is None:
                want = wants[pane] = wanted_size(pane, need_of(pane))
            return want

        def width(leaf: QWidget) -> sizes.Span:
            span = widths.get(leaf)
            if span is None:
                span = widths[leaf] = measured_width(leaf)
            return span

        def height(leaf: QWidget, at: int) -> sizes.Span:
            span = heights.get((leaf, at))
            if span is None:
                span = heights[leaf, at] = measured_height(leaf, at)
            return span

        def measured_width(leaf: QWidget) -> sizes.Span:
            pane = self._pane_in(leaf)
            if pane is None:
                return leaf.minimumSizeHint().width(), leaf.minimumSizeHint().width()
            need = need_of(pane)
            wanted = min(max(need.width(), want_of(pane).width()), room)  # every column, if it can
            return wanted, wanted

        def measured_height(leaf: QWidget, at: int) -> sizes.Span:
            pane = self._pane_in(leaf)
            if pane is None:
                return leaf.minimumSizeHint().height(), leaf.minimumSizeHint().height()
            need = need_of(pane)
            least = need.height()
            layout = pane.layout()
            if layout is not None and layout.hasHeightForWidth() and at > 0:  # wrapped words: taller if narrower
                title = pane.fontMetrics().height() if pane in self._titles else 0
                least = max(least, layout.totalMinimumHeightForWidth(max(at, need.width())) + title)
            return least, least + want_of(pane).height() - need.height()

        return sizes.Measures(width, height)

    def plan(self, width: int, height: int, measures: sizes.Measures | None = None) -> sizes.Plan:
        """How the splitters would share `width` × `height`, and what they need at that width (`measures`: the
        leaves' at that width, if already taken)."""
        return sizes.plan(self.root, width, height, measures or self._measures(width))

    def needed_size(self, room: int | None = None) -> QSize:
        """What the split arrangement needs to give every pane what it needs."""
        shown = self.root if self.arrangement is Arrangement.SPLIT else self
        made = self.plan(shown.width() if room is None else room, 0)
        return QSize(made.need_width, made.need_height)

    def one_at_a_time_minimum(self) -> QSize:
        """The narrowest the panes can be shown: one at a time, each at its own minimum, the buttons above."""
        width = height = 0
        for pane in self.panes:
            hint = self._pane_minimum(pane)
            width, height = max(width, hint.width()), max(height, hint.height())
        chooser = self._chooser_layout.sizeHint().height() + 4
        return QSize(width, height + chooser)

    # --- arranging -----------------------------------------------------------------------------------------
    def arrange(self) -> None:
        """Split while every pane has what it needs in the room there is; one at a time otherwise. The split
        sizes are shared out again when the room or the needs change (a drag of a handle is kept till then).
        Hidden, they wait to be shown: until then they have no room to measure."""
        shown = self.root if self.arrangement is Arrangement.SPLIT else self
        if not shown.isVisible():
            return
        if self._stale:
            self._measure_again()
            self._timer.start()  # once the parts' layouts have taken their new sizes in
            return
        least = self.one_at_a_time_minimum()
        room = shown.size()
        measures = self._measures(room.width())
        # The splitters never ask for more room than the panes one at a time would (a window never grows
        # wider than the screen for them): when they need more, the panes go one at a time instead
        height = least.height() if self.heights else self.plan(room.width(), 0, measures).need_height
        if self.root.minimumSize() != QSize(least.width(), height):
            self.root.setMinimumSize(least.width(), height)
        made = self.plan(room.width(), room.height(), measures)
        spare = HYSTERESIS if self.arrangement is Arrangement.ONE_AT_A_TIME else 0
        need = QSize(made.need_width, made.need_height if self.heights else 0)
        if self.arrangement is Arrangement.ONE_AT_A_TIME and self._split_need is not None:
            need = need.expandedTo(self._split_need)  # what they needed side by side (a pane alone may need less)
        fits = need.width() + spare <= room.width() and need.height() + spare <= room.height()
        chosen = Arrangement.SPLIT if fits else Arrangement.ONE_AT_A_TIME
        if chosen is Arrangement.ONE_AT_A_TIME and self.arrangement is Arrangement.SPLIT:
            self._split_need = need
        if chosen is not self.arrangement:
            self._rearrange(chosen)
            self._shared_for = None
            return  # arranged again once the other one has its room
        if chosen is Arrangement.SPLIT:
            key = (room.width(), room.height(), tuple(made.widths.values()), tuple(made.heights.values()))
            if key != self._shared_for:  # a handle the player dragged stays where it is till then
                self._shared_for = key
                sizes.apply(self.root, made)

    def _rearrange(self, chosen: Arrangement) -> None:
        self.arrangement = chosen
        if chosen is Arrangement.ONE_AT_A_TIME:
            for number, pane in enumerate(self.panes):
                self._stack_layout.addWidget(pane)
                button = self._buttons.button(number)
                if isinstance(pane, QGroupBox) and button is not None and pane.title() == button.text():
                    self._titles[pane] = pane.title()
                    pane.setTitle("")  # the button above says it
            self.show_pane(self._current, force=True)
        else:
            for pane in self.panes:
                slot_layout = self._slots[pane].layout()
                assert slot_layout is not None
                self._stack_layout.removeWidget(pane)
                slot_layout.addWidget(pane)
                title = self._titles.pop(pane, None)
                if isinstance(pane, QGroupBox) and title is not None and not pane.title():
                    pane.setTitle(title)
                pane.show()
        split = chosen is Arrangement.SPLIT
        self.root.setVisible(split)
        self.setVisible(not split)
        self._timer.start()
        self.arranged.emit()

    def show_pane(self, number: int, *, force: bool = False) -> None:
        """Show this pane (by its place in `panes`) when the panes are shown one at a time."""
        if not 0 <= number < len(self.panes) or (number == self._current and not force):
            if 0 <= number < len(self.panes):
                self._check(number)
            return
        self._current = number
        self._check(number)
        if self.arrangement is Arrangement.ONE_AT_A_TIME:
            for pane in self.panes:  # hidden, the others ask for no room (a stack is as high as its highest)
                pane.setVisible(pane is self.panes[number])
            self._tell_scroll_areas()

    def _tell_scroll_areas(self) -> None:
        """The scroll areas around measure their page again: a shorter pane shown needs less of a scroll (they
        follow a page whose least size changed, not one whose height for its width did)."""
        parent = self.parentWidget()
        while parent is not None:
            if isinstance(parent, QScrollArea):
                QCoreApplication.postEvent(parent, QEvent(QEvent.Type.LayoutRequest))
            parent = parent.parentWidget()

    def reveal(self, pane: QWidget) -> None:
        """Bring a pane (or the pane holding a widget) into view, whatever the arrangement."""
        for number, candidate in enumerate(self.panes):
            if candidate is pane or candidate.isAncestorOf(pane):
                self.show_pane(number)
                return

    def current_pane(self) -> QWidget:
        return self.panes[self._current]

    def buttons(self) -> list[QToolButton]:
        return [button for button in self._buttons.buttons() if isinstance(button, QToolButton)]

    def _check(self, number: int) -> None:
        button = self._buttons.button(number)
        if button is not None and not button.isChecked():
            button.setChecked(True)

    # --- events --------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """A pane's needs changed (a new font, a longer name), or the splitters were shown or resized."""
        kind = event.type()
        if kind in (QEvent.Type.LayoutRequest, QEvent.Type.Show, QEvent.Type.Resize):
            self._timer.start()
        elif kind == QEvent.Type.FontChange and isinstance(watched, QWidget):
            self._stale.add(watched)
            self._split_need = None  # measured anew in the new font
            self._timer.start()
        return False

    def _measure_again(self) -> None:
        """A pane out of view keeps the sizes its parts had when it was last laid out: after a new font, each
        part is told to measure again, or its old font's sizes would be taken for what it needs."""
        for pane in self._stale:
            for part in pane.findChildren(QWidget):
                part.updateGeometry()
        self._stale.clear()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self._timer.start()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._timer.start()


OWN_WRAP = "ownRowWrapPolicy"
"""A form's dynamic property: its own wrap policy, put back when its pane is side by side again."""


def wrap_forms(root: QWidget, wrap: bool) -> None:
    """Every form in `root` with its labels above their fields (`wrap`), or as the form has them: a pane the
    whole width of a narrow window gives its fields the labels' room too."""
    for form in root.findChildren(QFormLayout):
        if form.property(OWN_WRAP) is None:
            form.setProperty(OWN_WRAP, form.rowWrapPolicy().value)
        own = QFormLayout.RowWrapPolicy(int(form.property(OWN_WRAP)))
        policy = QFormLayout.RowWrapPolicy.WrapAllRows if wrap else own
        if form.rowWrapPolicy() != policy:
            form.setRowWrapPolicy(policy)
